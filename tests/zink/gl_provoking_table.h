// GL's provoking vertex table for tests, transcribed from the GL 4.6 compatibility profile (not from clampler's code).
#pragma once

#include <cstdint>

#include "clampler/pipe/p_defines.h"

namespace clampler::test {

// GL 4.6 compatibility profile, table 13.2, with 1-based primitive i and vertex numbers, as
// the spec writes it; `follow` is QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION.
inline uint32_t gl_table(pipe_prim_type p, uint32_t i, uint32_t n, bool first, bool follow) {
   switch (p) {
   case PIPE_PRIM_POINTS: return i;
   case PIPE_PRIM_LINES: return first ? 2 * i - 1 : 2 * i;
   case PIPE_PRIM_LINE_LOOP: return first ? i : (i == n ? 1 : i + 1);
   case PIPE_PRIM_LINE_STRIP: return first ? i : i + 1;
   case PIPE_PRIM_TRIANGLES: return first ? 3 * i - 2 : 3 * i;
   case PIPE_PRIM_TRIANGLE_STRIP: return first ? i : i + 2;
   case PIPE_PRIM_TRIANGLE_FAN: return first ? i + 1 : i + 2;
   case PIPE_PRIM_QUADS: return first && follow ? 4 * i - 3 : 4 * i;
   case PIPE_PRIM_QUAD_STRIP: return first && follow ? 2 * i - 1 : 2 * i + 2;
   case PIPE_PRIM_POLYGON: return 1;
   }
   return 0;
}

}  // namespace clampler::test
