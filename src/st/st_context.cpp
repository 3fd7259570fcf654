// st_context construction: read the screen caps once.
#include "clampler/st/st_context.h"

#include <algorithm>

namespace clampler {

st_context::st_context(const pipe_screen &scr, const gl_context &gl)
    : screen(&scr),
      ctx(&gl),
      emulate_gl_clamp(scr.get_param(PIPE_CAP_EMULATE_GL_CLAMP_PLZ) != 0),
      linear_depth_filtering(scr.get_param(PIPE_CAP_LINEAR_DEPTH_FILTERING) != 0),
      lower_linear_depth(scr.get_param(PIPE_CAP_LINEAR_DEPTH_LOWERING) != 0),
      lower_min_mag_switch(scr.get_param(PIPE_CAP_MIN_MAG_SWITCH_LOWERING) != 0),
      lower_minmax_mipmap(scr.get_param(PIPE_CAP_MINMAX_MIPMAP_LOWERING) != 0),
      lower_mirror_texel(scr.get_param(PIPE_CAP_MIRROR_TEXEL_LOWERING) != 0),
      lower_nearest_mip_tie(scr.get_param(PIPE_CAP_NEAREST_MIP_TIE_LOWERING) != 0),
      lower_array_layer_tie(scr.get_param(PIPE_CAP_ARRAY_LAYER_TIE_LOWERING) != 0),
      lower_cube_face_wrap(static_cast<unsigned>(std::max(scr.get_param(PIPE_CAP_CUBE_FACE_WRAP_LOWERING), 0))),
      lower_lambda(scr.get_param(PIPE_CAP_LAMBDA_LOWERING) != 0),
      need_border_color_type(scr.get_param(PIPE_CAP_NEED_BORDER_COLOR_TYPE) != 0),
      apply_swizzle_to_border(scr.get_param(PIPE_CAP_BORDER_COLOR_SWIZZLE) == 0),
      has_mirror_clamp_to_edge(scr.get_param(PIPE_CAP_TEXTURE_MIRROR_CLAMP_TO_EDGE) != 0),
      has_texrect(scr.get_param(PIPE_CAP_TEXRECT) != 0),
      has_anisotropy(scr.get_param(PIPE_CAP_ANISOTROPIC_FILTER) != 0),
      float_linear(scr.get_param(PIPE_CAP_TEXTURE_FLOAT_LINEAR) != 0),
      half_float_linear(scr.get_param(PIPE_CAP_TEXTURE_HALF_FLOAT_LINEAR) != 0),
      seamless_per_texture(scr.get_param(PIPE_CAP_SEAMLESS_CUBE_MAP_PER_TEXTURE) != 0),
      border_color_format(scr.get_param(PIPE_CAP_BORDER_COLOR_FORMAT) != 0),
      max_anisotropy(static_cast<float>(scr.get_param(PIPE_CAP_MAX_TEXTURE_ANISOTROPY))),
      max_lod_bias(static_cast<float>(scr.get_param(PIPE_CAP_MAX_TEXTURE_LOD_BIAS))),
      quads_follow_provoking_vertex(scr.get_param(PIPE_CAP_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION) != 0),
      vertex_color_clamped(scr.get_param(PIPE_CAP_VERTEX_COLOR_CLAMPED) != 0),
      fragment_color_clamped(scr.get_param(PIPE_CAP_FRAGMENT_COLOR_CLAMPED) != 0),
      clip_halfz(scr.get_param(PIPE_CAP_CLIP_HALFZ) != 0),
      depth_clip_disable(scr.get_param(PIPE_CAP_DEPTH_CLIP_DISABLE) != 0) {}

}  // namespace clampler
