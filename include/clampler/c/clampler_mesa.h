/* clampler_mesa: the narrow C interface Mesa's patched state tracker and zink call into clampler through. */
#ifndef CLAMPLER_MESA_H
#define CLAMPLER_MESA_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Plain C only: Mesa's GL headers collide with clampler's C++ GL constants, so nothing of either
 * side's headers crosses this line. Every function is safe to call from C frames (no exception
 * escapes; failures are return values) and from any thread. */

/* clampler's version, "MAJOR.MINOR.PATCH" (the meson project version). */
const char *clampler_mesa_version(void);

/* Whether CLAMPLER_DISABLE asks for stock zink behaviour from the same build: true when the
 * variable is set to anything but "" or "0". Read at every call (Mesa asks once per screen). */
int clampler_mesa_disabled(void);

/* The GL_RENDERER string of the clampler driver for a Vulkan device named `device_name`:
 * "zink+clampler VERSION (DEVICE)", or "zink+clampler VERSION disabled (DEVICE)" under
 * CLAMPLER_DISABLE, so a benchmark always names the driver it ran. Writes at most `size` bytes
 * (always NUL-terminated when size > 0) and returns `buf`. */
const char *clampler_mesa_renderer(const char *device_name, char *buf, size_t size);

/* The swizzle GL applies to an old-style shadow lookup's vec4 result (shadow2D, ARB_fp TEX with
 * SHADOW): GL_DEPTH_TEXTURE_MODE `depth_mode` (GL_LUMINANCE, GL_INTENSITY, GL_ALPHA or GL_RED, as
 * its GL enum value) expands the comparison result, then the texture swizzle `user` applies
 * (docs/rules.md §9). Swizzles use Gallium's numbering: 0..3 = X..W, 4 = zero, 5 = one, with X
 * the comparison result. Writes `out` and returns 1; returns 0 (out untouched) for a depth mode
 * or swizzle value GL does not have. */
int clampler_mesa_shadow_swizzle(unsigned depth_mode, const unsigned char user[4], unsigned char out[4]);

/* GL_CLAMP and GL_MIRROR_CLAMP_EXT emulated on a driver without them (st emulate_gl_clamp): what the
 * sampler and the shader do for a texture whose final image filters are `min_img_filter` and
 * `mag_img_filter` (PIPE_TEX_FILTER_NEAREST 0 or _LINEAR 1, after integer textures were forced to
 * NEAREST), with the sampler's Gallium LOD bias (texture unit's included) and LOD range.
 * docs/design.md §5: NEAREST lookups read CLAMP_TO_EDGE, LINEAR ones CLAMP_TO_BORDER on the
 * saturated coordinate; when both filters happen, the sampler reads the border and the NEAREST
 * lookups stop at the last texel centre (nir_lower_tex nearest_edge_*). */
struct clampler_mesa_clamp_choice {
   int border;       /* 1: sample CLAMP_TO_BORDER (some lookup is LINEAR); 0: CLAMP_TO_EDGE */
   int nearest_edge; /* 0: none; 1: lookups with lambda_base <= lod are NEAREST (mag NEAREST);
                        2: lookups with lambda_base > lod are NEAREST (min NEAREST) */
   float lod;        /* the lambda_base bound, with nearest_edge (0 otherwise) */
};

/* Fills `out` and returns 1; returns 0 (out untouched) for a filter value that is not a
 * PIPE_TEX_FILTER. */
int clampler_mesa_gl_clamp(unsigned min_img_filter, unsigned mag_img_filter, float lod_bias, float min_lod,
                           float max_lod, struct clampler_mesa_clamp_choice *out);

/* VkSamplerCreateInfo minLod and maxLod for a Gallium sampler state (PIPE_TEX_FILTER_* image
 * filters, PIPE_TEX_MIPFILTER_* mip filter: NEAREST 0, LINEAR 1, NONE 2): GL's LOD clamp, and
 * without mipmaps level 0 with GL's min/mag decision kept (MIN_LOD > 0 always minifies,
 * MAX_LOD <= 0 always magnifies). Writes range[0], range[1] and returns 1; returns 0 (range
 * untouched) for a filter value Gallium does not have. */
int clampler_mesa_sampler_lod_range(unsigned min_img_filter, unsigned mag_img_filter, unsigned min_mip_filter,
                                    float min_lod, float max_lod, float range[2]);

/* The border colour of a sampler that reads the border (docs/rules.md §6, steps 1-2), for a driver
 * that applies the texture swizzle itself: GL_TEXTURE_BORDER_COLOR's four words `gl` (floats, or
 * integers set with glTexParameterIiv / Iuiv) translated by the base format the lookup reads
 * (`base_format`, a GL enum value: GL_RED, GL_RG, GL_RGB, GL_RGBA, GL_ALPHA, GL_LUMINANCE,
 * GL_LUMINANCE_ALPHA, GL_INTENSITY, GL_DEPTH_COMPONENT, GL_DEPTH_STENCIL, or GL_STENCIL_INDEX for
 * stencil sampling): RED (r,0,0,1), RG (r,g,0,1), RGB (r,g,b,1), ALPHA (0,0,0,a), LUMINANCE
 * (r,r,r,1), LUMINANCE_ALPHA (r,r,r,a), INTENSITY (r,r,r,r), depth and stencil (r,0,0,1). Textures
 * whose components are fixed-point (`data_type`, as GL_TEXTURE_RED_TYPE reports it:
 * GL_UNSIGNED_NORMALIZED or GL_SIGNED_NORMALIZED; GL_FLOAT, GL_INT and GL_UNSIGNED_INT pass through)
 * clamp each component to [0, 1] or [-1, 1], NaN to 0, as GL clamps their border values. Integer
 * textures and stencil sampling keep the words bit-exactly and are typed integer — a zero colour
 * too, so a Vulkan driver picks an integer border for them. Writes out[4] and *is_integer and
 * returns 1; returns 0 (nothing written) for a base format or data type GL does not have. */
int clampler_mesa_border_color(unsigned base_format, unsigned data_type, const unsigned gl[4], unsigned out[4],
                               int *is_integer);

/* VkPipelineRasterizationStateCreateInfo's depth bias for a Gallium rasterizer state's polygon
 * offset (docs/zink.md rule Z4): GL's o = m * factor + r * units is Vulkan's
 * m * depthBiasSlopeFactor + r * depthBiasConstantFactor with the same r, so the constant is
 * `units` (not twice it), the slope `scale`, the clamp `clamp`. Enabled when the fill mode drawn
 * (`fill_mode`: PIPE_POLYGON_MODE_FILL 0, _LINE 1, _POINT 2) has its enable (`offset_tri`,
 * `offset_line`, `offset_point`). Writes `out` and returns 1; returns 0 (out untouched) for a fill
 * mode Gallium does not have. */
struct clampler_mesa_depth_bias {
   int enable;
   float constant, slope, clamp;
};
int clampler_mesa_polygon_offset(unsigned fill_mode, int offset_point, int offset_line, int offset_tri, float units,
                             float scale, float clamp, struct clampler_mesa_depth_bias *out);

/* GL's smallest point size (GL_SMOOTH_POINT_SIZE_RANGE[0], GL_POINT_SIZE_MIN's bound) for a Vulkan
 * device whose pointSizeRange starts at `device_min` with pointSizeGranularity `granularity`:
 * `device_min` when above 0, else the first positive size of the device's grid (`granularity`),
 * else 1, so every size GL reports as supported (min + k * granularity) is one the device draws
 * (docs/zink.md rule Z10). */
float clampler_mesa_min_point_size(float device_min, float granularity);

#ifdef __cplusplus
}
#endif

#endif /* CLAMPLER_MESA_H */
