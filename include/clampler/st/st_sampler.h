// st_convert_sampler and friends: GL sampler + texture state -> pipe_sampler_state (+ lowering needs).
#pragma once

#include <array>

#include "clampler/gl/mtypes.h"
#include "clampler/pipe/p_state.h"
#include "clampler/st/st_context.h"

namespace clampler {

// Which lookups of a unit whose GL_CLAMP became CLAMP_TO_BORDER are filtered
// NEAREST (min and mag filters differ): those lookups must clamp the coordinate
// to the centre of the last texel instead of to 1, or they would read the border.
enum st_nearest_edge : uint8_t {
   ST_NEAREST_EDGE_NONE = 0,
   ST_NEAREST_EDGE_MAGNIFIED,  // mag filter NEAREST, min filter LINEAR
   ST_NEAREST_EDGE_MINIFIED,   // min filter NEAREST, mag filter LINEAR
};

// The shader filter: GL's filtering done in the shader from NEAREST lookups at texel centres
// (docs/lowering.md), for a depth format the device cannot filter (rule 4), GL's c = 0.5 switch
// when the device cannot magnify (rule 10), and what a device filters otherwise than GL (rules
// 11-13, 15, 16). The sampler then filters NEAREST with no LOD bias, clamp or reduction; these are
// GL's values the shader applies.
struct st_shader_filter {
   pipe_tex_filter min_img_filter = PIPE_TEX_FILTER_NEAREST;
   pipe_tex_filter mag_img_filter = PIPE_TEX_FILTER_NEAREST;
   pipe_tex_mipfilter min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
   pipe_tex_reduction_mode reduction = PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE;
   float lod_bias = 0.0f;  // texture object + unit, quantized as rule 5 does
   float min_lod = 0.0f;
   float max_lod = 1000.0f;
   // Cube maps only (the filter reads each texel along its centre's direction, so it wraps or
   // crosses edges itself): seamless (§8.13.1), or GL's wraps of s and t; for a wrap that reads
   // the border, what GL returns for a border texel (the colour clamped to the format, by base
   // format, through the lookup's result swizzle; float or integer bits as the result type).
   bool cube_seamless = false;
   pipe_tex_wrap cube_wrap_s = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   pipe_tex_wrap cube_wrap_t = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   std::array<uint32_t, 4> cube_border{};
   // A depth-compare unit (rule 9): the filter takes its Dref lookups (only those; a lookup GL
   // leaves undefined — Dref on a unit without compare, or the reverse — stays the device's), each
   // tap a Dref lookup the device compares. A non-seamless cube map's border texel is compared in
   // the shader with compare_func — D_ref clamped to [0, 1] for a fixed-point format (GL 4.6
   // §8.23.1) — against the border's depth, cube_border[0], unswizzled (rule 9 swizzles the result).
   bool compare = false;
   pipe_compare_func compare_func = PIPE_FUNC_NEVER;
   bool compare_clamps_ref = false;
   bool operator==(const st_shader_filter &) const = default;
};

// What the shader must do for one sampler unit so the Vulkan-expressible sampler
// gives the exact GL result. Bits 0..2 of the masks are s, t, r.
struct st_sampler_lowering {
   uint8_t saturate = 0;   // clamp the coordinate to [0, 1] ([0, size] for RECTANGLE)
   uint8_t abs = 0;        // take |coordinate| first (mirror-clamp modes)
   st_nearest_edge nearest_edge = ST_NEAREST_EDGE_NONE;
   bool has_shadow_swizzle = false;  // compare on and the GL result is not (r, 0, 0, 1)
   std::array<pipe_swizzle, 4> shadow_swizzle = {PIPE_SWIZZLE_X, PIPE_SWIZZLE_0, PIPE_SWIZZLE_0,
                                                 PIPE_SWIZZLE_1};
   // Rule 10: GL's min/mag switch is at c = 0.5 here (mag LINEAR, min NEAREST_MIPMAP_*); the
   // shader makes the device magnify lookups with 0 < λ ≤ 0.5 (its λ from the sampler's LOD
   // values, spirv_lower_tex_options::lod).
   bool min_mag_switch = false;
   bool has_shader_filter = false;    // rules 4, 10-13, 15, 16 (then nearest_edge is NONE: it decides itself)
   st_shader_filter shader_filter{};
   // Rule 14: an array texture's layer is ⌊t + ½⌋ in GL and round-to-even in Vulkan; the shader
   // hands the device GL's integer layer.
   bool round_layer = false;
   bool operator==(const st_sampler_lowering &) const = default;
};

// Converts (texture, sampler state, unit bias, context seamless enable) into
// `*sampler` and, if `lowering` is non-null, the shader lowering the unit needs.
void st_convert_sampler(const st_context &st, const gl_texture_object &texobj,
                        const gl_sampler_object &msamp, float tex_unit_lod_bias,
                        bool seamless_cube_map, pipe_sampler_state *sampler,
                        st_sampler_lowering *lowering = nullptr);

// Converts the sampler used by `unit` for `target` in st.ctx (bound sampler
// object or the texture's own parameters, unit LOD bias, context seamless flag).
// Returns false (and leaves *sampler untouched) if the target is not a texture target.
bool st_convert_sampler_from_unit(const st_context &st, unsigned unit, GLenum target,
                                  pipe_sampler_state *sampler,
                                  st_sampler_lowering *lowering = nullptr);

// The format the sampler view of `texobj` reads (sRGB decode skipped -> linear format).
pipe_format st_sampler_view_format(const gl_texture_object &texobj, const gl_sampler_object &msamp);

// GL wrap/filter enum -> Gallium value (no emulation applied). Inline: they run per conversion.
inline pipe_tex_wrap st_wrap_xlate(GLenum wrap) {
   switch (wrap) {
   case GL_CLAMP: return PIPE_TEX_WRAP_CLAMP;
   case GL_CLAMP_TO_EDGE: return PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   case GL_CLAMP_TO_BORDER: return PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   case GL_MIRRORED_REPEAT: return PIPE_TEX_WRAP_MIRROR_REPEAT;
   case GL_MIRROR_CLAMP_EXT: return PIPE_TEX_WRAP_MIRROR_CLAMP;
   case GL_MIRROR_CLAMP_TO_EDGE: return PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE;
   case GL_MIRROR_CLAMP_TO_BORDER_EXT: return PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER;
   default: return PIPE_TEX_WRAP_REPEAT;  // GL_REPEAT; the front end accepts nothing else
   }
}
inline pipe_tex_filter st_img_filter_xlate(GLenum filter) {
   // GL_LINEAR 0x2601, GL_LINEAR_MIPMAP_NEAREST 0x2701, GL_LINEAR_MIPMAP_LINEAR 0x2703:
   // the LINEAR image filters are exactly the odd values.
   return (filter & 1) ? PIPE_TEX_FILTER_LINEAR : PIPE_TEX_FILTER_NEAREST;
}
inline pipe_tex_mipfilter st_mip_filter_xlate(GLenum min_filter) {
   switch (min_filter) {
   case GL_NEAREST_MIPMAP_NEAREST:
   case GL_LINEAR_MIPMAP_NEAREST: return PIPE_TEX_MIPFILTER_NEAREST;
   case GL_NEAREST_MIPMAP_LINEAR:
   case GL_LINEAR_MIPMAP_LINEAR: return PIPE_TEX_MIPFILTER_LINEAR;
   default: return PIPE_TEX_MIPFILTER_NONE;  // GL_NEAREST, GL_LINEAR
   }
}
inline pipe_compare_func st_compare_func_xlate(GLenum func) {
   return func >= GL_NEVER && func <= GL_ALWAYS ? static_cast<pipe_compare_func>(func - GL_NEVER)
                                                : PIPE_FUNC_NEVER;
}
static_assert((GL_LINEAR & 1) == 1 && (GL_LINEAR_MIPMAP_NEAREST & 1) == 1 && (GL_LINEAR_MIPMAP_LINEAR & 1) == 1 &&
              (GL_NEAREST & 1) == 0 && (GL_NEAREST_MIPMAP_NEAREST & 1) == 0 && (GL_NEAREST_MIPMAP_LINEAR & 1) == 0);

}  // namespace clampler
