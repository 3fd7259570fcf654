// GL_CLAMP / mirror-clamp emulation: the Vulkan-expressible wrap plus the shader lowering it needs.
#pragma once

#include "clampler/gl/gl_enums.h"
#include "clampler/pipe/p_defines.h"
#include "clampler/st/st_context.h"

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

}  // namespace clampler
