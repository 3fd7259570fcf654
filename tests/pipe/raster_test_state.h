// The rasterizer state of a default GL context drawing into the window, for the rasterizer tests of every layer.
#pragma once

#include <cstring>

#include "clampler/pipe/p_state.h"

namespace clampler::test {

// GL 4.6's initial rasterizer state as st_update_rasterizer gives it for the window: CCW front
// faces, width-1 lines, size-1 points, GL's pixel centres and bottom edge, depth clipping on,
// everything else off or zero. Each test changes what its rule needs.
inline pipe_rasterizer_state gl_default_rasterizer() {
   pipe_rasterizer_state s;
   std::memset(&s, 0, sizeof s);
   s.front_ccw = 1;
   s.line_width = 1.0f;
   s.point_size = 1.0f;
   s.half_pixel_center = 1;
   s.bottom_edge_rule = 1;
   s.depth_clip_near = s.depth_clip_far = 1;
   return s;
}

}  // namespace clampler::test
