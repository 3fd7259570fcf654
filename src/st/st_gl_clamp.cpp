// GL_CLAMP / GL_MIRROR_CLAMP_EXT / MIRROR_CLAMP_TO_BORDER emulation (PIPE_CAP_EMULATE_GL_CLAMP_PLZ).
//
// GL_CLAMP (docs/design.md §5): NEAREST reads texel min(floor(clamp(u, 0, N)), N-1), which is
// CLAMP_TO_EDGE exactly. LINEAR blends with the border at the clamped position, which is
// CLAMP_TO_BORDER on a coordinate saturated to [0, 1]. When only one of the min and mag
// filters is LINEAR, the sampler must be CLAMP_TO_BORDER + saturate, and the lookups that
// are filtered NEAREST must stop at the last texel centre (else floor(N) reads the border).
// The mirror forms do the same on |s|. Cube faces already give coordinates in [0, 1].
// Which lookups are NEAREST follows λ: the device magnifies when clamp(λ_base + bias, lo, hi) <= 0,
// so a LOD range on one side of 0 leaves one filter for every lookup (st_gl_clamp_by_lod).
#include "clampler/st/st_gl_clamp.h"

#include <algorithm>

#include "clampler/st/st_sampler.h"

namespace clampler {

st_wrap_choice st_choose_wrap(const st_context &st, GLenum gl_wrap, pipe_tex_filter min_filter,
                              pipe_tex_filter mag_filter, bool face_coord) {
   st_wrap_choice c{st_wrap_xlate(gl_wrap)};
   if (!st.emulate_gl_clamp) {
      return c;  // the driver implements every Gallium wrap itself
   }
   const bool any_linear = min_filter == PIPE_TEX_FILTER_LINEAR || mag_filter == PIPE_TEX_FILTER_LINEAR;
   const bool mixed = min_filter != mag_filter;
   const bool lower = !face_coord;  // cube faces: coordinates already in [0, 1], |s| == s

   switch (c.wrap) {
   case PIPE_TEX_WRAP_CLAMP:
   case PIPE_TEX_WRAP_MIRROR_CLAMP: {
      const bool mirror = c.wrap == PIPE_TEX_WRAP_MIRROR_CLAMP;
      if (!any_linear) {
         c.wrap = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
         c.abs = mirror && lower;
      } else {
         c.wrap = PIPE_TEX_WRAP_CLAMP_TO_BORDER;
         c.saturate = lower;
         c.abs = mirror && lower;
         c.nearest_edge = mixed && lower;
      }
      break;
   }
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER:
      c.wrap = PIPE_TEX_WRAP_CLAMP_TO_BORDER;
      c.abs = lower;
      break;
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE:
      if (!st.has_mirror_clamp_to_edge) {
         c.wrap = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
         c.abs = lower;
      } else if (face_coord) {
         c.wrap = PIPE_TEX_WRAP_CLAMP_TO_EDGE;  // same texels on [0, 1]; needs no extension
      }
      break;
   default:
      break;
   }
   return c;
}

st_gl_clamp_lod st_gl_clamp_by_lod(pipe_tex_filter min_filter, pipe_tex_filter mag_filter, float lod_bias,
                                   float min_lod, float max_lod) {
   st_gl_clamp_lod r;
   const float lo = std::max(min_lod, 0.0f);
   const float hi = std::max(max_lod, lo);
   const bool can_magnify = lo <= 0.0f, can_minify = hi > 0.0f;
   if (min_filter == mag_filter || !can_minify || !can_magnify) {
      // One filter for every lookup: GL_CLAMP is CLAMP_TO_BORDER + saturate when it is LINEAR,
      // CLAMP_TO_EDGE when it is NEAREST, with nothing decided per lookup.
      r.border = (can_minify ? min_filter : mag_filter) == PIPE_TEX_FILTER_LINEAR;
      return r;
   }
   r.border = true;
   r.nearest_edge = mag_filter == PIPE_TEX_FILTER_NEAREST ? ST_NEAREST_EDGE_MAGNIFIED : ST_NEAREST_EDGE_MINIFIED;
   r.lod = -lod_bias + 0.0f;  // + 0.0f: no -0.0 in a key compared bytewise
   return r;
}

}  // namespace clampler
