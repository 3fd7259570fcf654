// Rule Z4: GL's polygon offset as Vulkan's depth bias, term for term, for the fill mode drawn.
#pragma once

#include "clampler/pipe/p_state.h"

namespace clampler {

// GL 4.6 §14.6.5 offsets a polygon's depth by o = m * factor + r * units, clamped by
// glPolygonOffsetClamp (0: no clamp; > 0: o <= clamp; < 0: o >= clamp), where m is the depth
// slope and r the minimum resolvable difference: for floating-point depth r = 2^(e - n), e the
// exponent of the primitive's largest depth, n the mantissa bits. Vulkan's depth bias is
// o = m * depthBiasSlopeFactor + r * depthBiasConstantFactor with the same r for floating-point
// depth and the same clamp, so constant = units, slope = factor, clamp = clamp (Mesa 22.3's zink
// doubles units: measured, docs/rasterizer.md). The offset applies when the polygon's fill mode
// `drawn` has its enable (offset_tri / offset_line / offset_point). Without the depthBiasClamp
// feature the clamp cannot be given: clamp 0 and `clamp_dropped`. No Vulkan type here, so Mesa's
// zink can call it through the C interface (include/clampler/c/clampler_mesa.h).
struct zink_depth_bias {
   bool enable = false;
   float constant = 0.0f, slope = 0.0f, clamp = 0.0f;
   bool clamp_dropped = false;  // a clamp was asked for and the device cannot apply it
};

zink_depth_bias zink_depth_bias_for(const pipe_rasterizer_state &s, pipe_polygon_mode drawn, bool have_bias_clamp);

}  // namespace clampler
