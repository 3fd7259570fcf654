// zink_depth_bias_for: rule Z4, the polygon offset of the fill mode drawn as Vulkan's depth bias.
#include "clampler/zink/zink_depth_bias.h"

namespace clampler {

zink_depth_bias zink_depth_bias_for(const pipe_rasterizer_state &s, pipe_polygon_mode drawn, bool have_bias_clamp) {
   zink_depth_bias b;
   b.enable = drawn == PIPE_POLYGON_MODE_LINE    ? s.offset_line != 0
              : drawn == PIPE_POLYGON_MODE_POINT ? s.offset_point != 0
                                                 : s.offset_tri != 0;
   if (!b.enable)
      return b;
   b.constant = s.offset_units;
   b.slope = s.offset_scale;
   if (s.offset_clamp != 0.0f && !have_bias_clamp)
      b.clamp_dropped = true;
   else
      b.clamp = s.offset_clamp;
   return b;
}

}  // namespace clampler
