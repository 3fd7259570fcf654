// GL_CLAMP / mirror-clamp emulation: the Vulkan-expressible wrap plus the shader lowering it needs.
#pragma once

#include "clampler/gl/gl_enums.h"
#include "clampler/pipe/p_defines.h"
#include "clampler/st/st_context.h"
#include "clampler/st/st_sampler.h"

namespace clampler {

struct st_wrap_choice {
   pipe_tex_wrap wrap;
   bool saturate = false;      // clamp the coordinate to [0, 1] in the shader
   bool abs = false;           // take |coordinate| in the shader first
   bool nearest_edge = false;  // the NEAREST side of mixed filters must stop at the last texel centre
};

// Chooses the wrap for one coordinate of a normalized or rectangle lookup given
// the FINAL image filters (after integer / filterability rules). `face_coord`
// is set for cube maps, whose per-face coordinates are already in [0, 1] and
// must never be lowered.
st_wrap_choice st_choose_wrap(const st_context &st, GLenum gl_wrap, pipe_tex_filter min_filter,
                              pipe_tex_filter mag_filter, bool face_coord);

// GL_CLAMP / GL_MIRROR_CLAMP_EXT for a driver that decides nearest_edge per lookup from one λ bound
// (Mesa's NIR lowering) instead of clamping λ in the shader (clampler's SPIR-V pass): the filters a
// lookup can get once the sampler's LOD range is applied. The device magnifies when
// clamp(λ_base + lod_bias, lo, hi) <= 0, lo = max(min_lod, 0), hi = max(max_lod, lo) (the range
// zink_sampler_lod_range gives the VkSampler): never when lo > 0, always when hi <= 0, else
// exactly when λ_base <= -lod_bias.
struct st_gl_clamp_lod {
   bool border = false;  // some lookup is filtered LINEAR: CLAMP_TO_BORDER (+ saturate), else CLAMP_TO_EDGE
   st_nearest_edge nearest_edge = ST_NEAREST_EDGE_NONE;  // both filters happen: the NEAREST ones stop at the edge
   float lod = 0.0f;     // with nearest_edge: magnified exactly when λ_base <= lod
};

st_gl_clamp_lod st_gl_clamp_by_lod(pipe_tex_filter min_filter, pipe_tex_filter mag_filter, float lod_bias,
                                   float min_lod, float max_lod);

}  // namespace clampler
