// st_context: the state tracker's view of one GL context on one screen, with the caps read once.
#pragma once

#include "clampler/gl/context.h"
#include "clampler/pipe/p_screen.h"

namespace clampler {

struct st_context {
   st_context(const pipe_screen &screen, const gl_context &ctx);

   const pipe_screen *screen;
   const gl_context *ctx;

   // Screen caps, read once at creation like Mesa's st_context flags.
   bool emulate_gl_clamp;             // PIPE_CAP_EMULATE_GL_CLAMP_PLZ
   bool linear_depth_filtering;       // PIPE_CAP_LINEAR_DEPTH_FILTERING
   bool lower_linear_depth;           // PIPE_CAP_LINEAR_DEPTH_LOWERING (clampler's)
   bool lower_min_mag_switch;         // PIPE_CAP_MIN_MAG_SWITCH_LOWERING (clampler's)
   bool lower_minmax_mipmap;          // PIPE_CAP_MINMAX_MIPMAP_LOWERING (clampler's)
   bool lower_mirror_texel;           // PIPE_CAP_MIRROR_TEXEL_LOWERING (clampler's)
   bool lower_nearest_mip_tie;        // PIPE_CAP_NEAREST_MIP_TIE_LOWERING (clampler's)
   bool lower_array_layer_tie;        // PIPE_CAP_ARRAY_LAYER_TIE_LOWERING (clampler's)
   unsigned lower_cube_face_wrap;     // PIPE_CAP_CUBE_FACE_WRAP_LOWERING (clampler's): 0, 1 or 2 (rule 15)
   bool lower_lambda;                 // PIPE_CAP_LAMBDA_LOWERING (clampler's, rule 16)
   bool need_border_color_type;       // PIPE_CAP_NEED_BORDER_COLOR_TYPE
   bool apply_swizzle_to_border;      // !PIPE_CAP_BORDER_COLOR_SWIZZLE: st pre-swizzles borders
   bool has_mirror_clamp_to_edge;     // PIPE_CAP_TEXTURE_MIRROR_CLAMP_TO_EDGE
   bool has_texrect;                  // PIPE_CAP_TEXRECT
   bool has_anisotropy;               // PIPE_CAP_ANISOTROPIC_FILTER
   bool float_linear;                 // PIPE_CAP_TEXTURE_FLOAT_LINEAR
   bool half_float_linear;            // PIPE_CAP_TEXTURE_HALF_FLOAT_LINEAR
   bool seamless_per_texture;         // PIPE_CAP_SEAMLESS_CUBE_MAP_PER_TEXTURE
   bool border_color_format;          // PIPE_CAP_BORDER_COLOR_FORMAT
   float max_anisotropy;              // PIPE_CAP_MAX_TEXTURE_ANISOTROPY
   float max_lod_bias;                // PIPE_CAP_MAX_TEXTURE_LOD_BIAS
   // Rasterizer caps.
   bool quads_follow_provoking_vertex;  // PIPE_CAP_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION
   bool vertex_color_clamped;           // PIPE_CAP_VERTEX_COLOR_CLAMPED
   bool fragment_color_clamped;         // PIPE_CAP_FRAGMENT_COLOR_CLAMPED
   bool clip_halfz;                     // PIPE_CAP_CLIP_HALFZ
   bool depth_clip_disable;             // PIPE_CAP_DEPTH_CLIP_DISABLE
};

}  // namespace clampler
