// Gallium enums for sampler and rasterizer state and screen caps, with Mesa's numeric values.
#pragma once

#include <cstdint>

namespace clampler {

enum pipe_tex_wrap : uint8_t {
   PIPE_TEX_WRAP_REPEAT = 0,
   PIPE_TEX_WRAP_CLAMP = 1,
   PIPE_TEX_WRAP_CLAMP_TO_EDGE = 2,
   PIPE_TEX_WRAP_CLAMP_TO_BORDER = 3,
   PIPE_TEX_WRAP_MIRROR_REPEAT = 4,
   PIPE_TEX_WRAP_MIRROR_CLAMP = 5,
   PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE = 6,
   PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER = 7,
};

// Bit 0 of a wrap value is set exactly for the wraps that can read the border
// colour; st_convert_sampler and the CSO key normalisation rely on it.
static_assert((PIPE_TEX_WRAP_CLAMP & 1) != 0 && (PIPE_TEX_WRAP_CLAMP_TO_BORDER & 1) != 0 &&
              (PIPE_TEX_WRAP_MIRROR_CLAMP & 1) != 0 && (PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER & 1) != 0);
static_assert(((PIPE_TEX_WRAP_REPEAT | PIPE_TEX_WRAP_CLAMP_TO_EDGE | PIPE_TEX_WRAP_MIRROR_REPEAT |
                PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE) & 1) == 0);

constexpr bool pipe_wrap_uses_border(unsigned wrap) { return wrap & 1u; }

enum pipe_tex_filter : uint8_t {
   PIPE_TEX_FILTER_NEAREST = 0,
   PIPE_TEX_FILTER_LINEAR = 1,
};

enum pipe_tex_mipfilter : uint8_t {
   PIPE_TEX_MIPFILTER_NEAREST = 0,
   PIPE_TEX_MIPFILTER_LINEAR = 1,
   PIPE_TEX_MIPFILTER_NONE = 2,
};

enum pipe_tex_compare : uint8_t {
   PIPE_TEX_COMPARE_NONE = 0,
   PIPE_TEX_COMPARE_R_TO_TEXTURE = 1,
};

// PIPE_FUNC_x = GL_x - GL_NEVER.
enum pipe_compare_func : uint8_t {
   PIPE_FUNC_NEVER = 0,
   PIPE_FUNC_LESS = 1,
   PIPE_FUNC_EQUAL = 2,
   PIPE_FUNC_LEQUAL = 3,
   PIPE_FUNC_GREATER = 4,
   PIPE_FUNC_NOTEQUAL = 5,
   PIPE_FUNC_GEQUAL = 6,
   PIPE_FUNC_ALWAYS = 7,
};

enum pipe_tex_reduction_mode : uint8_t {
   PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE = 0,
   PIPE_TEX_REDUCTION_MIN = 1,
   PIPE_TEX_REDUCTION_MAX = 2,
};

enum pipe_swizzle : uint8_t {
   PIPE_SWIZZLE_X = 0,
   PIPE_SWIZZLE_Y = 1,
   PIPE_SWIZZLE_Z = 2,
   PIPE_SWIZZLE_W = 3,
   PIPE_SWIZZLE_0 = 4,
   PIPE_SWIZZLE_1 = 5,
};

enum pipe_texture_target : uint8_t {
   PIPE_BUFFER = 0,
   PIPE_TEXTURE_1D,
   PIPE_TEXTURE_2D,
   PIPE_TEXTURE_3D,
   PIPE_TEXTURE_CUBE,
   PIPE_TEXTURE_RECT,
   PIPE_TEXTURE_1D_ARRAY,
   PIPE_TEXTURE_2D_ARRAY,
   PIPE_TEXTURE_CUBE_ARRAY,
   PIPE_MAX_TEXTURE_TYPES,
};

enum pipe_shader_type : uint8_t {
   PIPE_SHADER_VERTEX = 0,
   PIPE_SHADER_FRAGMENT,
   PIPE_SHADER_GEOMETRY,
   PIPE_SHADER_TESS_CTRL,
   PIPE_SHADER_TESS_EVAL,
   PIPE_SHADER_COMPUTE,
   PIPE_SHADER_TYPES,
};

// The screen caps clampler's state tracker asks about. Values are clampler's
// own (Mesa renumbers its caps between releases); names are Mesa's.
enum pipe_cap : uint16_t {
   PIPE_CAP_EMULATE_GL_CLAMP_PLZ,
   PIPE_CAP_LINEAR_DEPTH_FILTERING,
   PIPE_CAP_NEED_BORDER_COLOR_TYPE,
   PIPE_CAP_TEXTURE_BORDER_COLOR_QUIRK,
   PIPE_CAP_TEXTURE_MIRROR_CLAMP,
   PIPE_CAP_TEXTURE_MIRROR_CLAMP_TO_EDGE,
   PIPE_CAP_SEAMLESS_CUBE_MAP,
   PIPE_CAP_SEAMLESS_CUBE_MAP_PER_TEXTURE,
   PIPE_CAP_SAMPLER_REDUCTION_MINMAX,
   PIPE_CAP_ANISOTROPIC_FILTER,
   PIPE_CAP_MAX_TEXTURE_ANISOTROPY,
   PIPE_CAP_MAX_TEXTURE_LOD_BIAS,
   PIPE_CAP_TEXRECT,
   PIPE_CAP_TEXTURE_FLOAT_LINEAR,
   PIPE_CAP_TEXTURE_HALF_FLOAT_LINEAR,
   PIPE_CAP_BORDER_COLOR_SWIZZLE,
   PIPE_CAP_BORDER_COLOR_FORMAT,  // the driver needs the view format of bordered samplers
   PIPE_CAP_LINEAR_DEPTH_LOWERING,  // clampler's: the shader filters depth the device cannot (rule 4)
   PIPE_CAP_MIN_MAG_SWITCH_LOWERING,  // clampler's: the shader moves GL's c = 0.5 switch (rule 10)
   PIPE_CAP_MINMAX_MIPMAP_LOWERING,   // clampler's: the shader reduces min/max over both levels (rule 11)
   PIPE_CAP_MIRROR_TEXEL_LOWERING,    // clampler's: the shader mirrors texel indices, not coordinates (rule 12)
   PIPE_CAP_NEAREST_MIP_TIE_LOWERING, // clampler's: the shader rounds λ = k + ½ to level k (rule 13)
   PIPE_CAP_ARRAY_LAYER_TIE_LOWERING, // clampler's: the shader takes GL's layer ⌊t + ½⌋ (rule 14)
   PIPE_CAP_CUBE_FACE_WRAP_LOWERING,  // clampler's: the shader wraps within non-seamless cube faces (rule 15)
   PIPE_CAP_LAMBDA_LOWERING,          // clampler's: the shader weighs a LINEAR mip filter by GL's exact λ (rule 16)
   // Rasterizer state (the seed 002_…txt):
   PIPE_CAP_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION,
   PIPE_CAP_VERTEX_COLOR_CLAMPED,    // clamp_vertex_color is honoured; else the shader clamps
   PIPE_CAP_FRAGMENT_COLOR_CLAMPED,  // clamp_fragment_color is honoured; else the shader clamps
   PIPE_CAP_CLIP_HALFZ,              // clip_halfz (clip-space z in [0, w]) is honoured
   PIPE_CAP_DEPTH_CLIP_DISABLE,      // depth_clip_near / far can be off (depth clamp)
   PIPE_CAP_COUNT,
};

// Rasterizer state (p_defines.h of Gallium).
enum pipe_face : uint8_t {
   PIPE_FACE_NONE = 0,
   PIPE_FACE_FRONT = 1,
   PIPE_FACE_BACK = 2,
   PIPE_FACE_FRONT_AND_BACK = PIPE_FACE_FRONT | PIPE_FACE_BACK,
};

enum pipe_polygon_mode : uint8_t {
   PIPE_POLYGON_MODE_FILL = 0,
   PIPE_POLYGON_MODE_LINE = 1,
   PIPE_POLYGON_MODE_POINT = 2,
};

// GL's primitive types with Gallium's values (GL_POINTS .. GL_POLYGON are 0 .. 9 too).
enum pipe_prim_type : uint8_t {
   PIPE_PRIM_POINTS = 0,
   PIPE_PRIM_LINES = 1,
   PIPE_PRIM_LINE_LOOP = 2,
   PIPE_PRIM_LINE_STRIP = 3,
   PIPE_PRIM_TRIANGLES = 4,
   PIPE_PRIM_TRIANGLE_STRIP = 5,
   PIPE_PRIM_TRIANGLE_FAN = 6,
   PIPE_PRIM_QUADS = 7,
   PIPE_PRIM_QUAD_STRIP = 8,
   PIPE_PRIM_POLYGON = 9,
};

enum pipe_sprite_coord_mode : uint8_t {
   PIPE_SPRITE_COORD_UPPER_LEFT = 0,
   PIPE_SPRITE_COORD_LOWER_LEFT = 1,
};

}  // namespace clampler
