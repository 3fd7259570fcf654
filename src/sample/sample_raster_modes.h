// Rule Z3 on the CPU for the device draw: GL's polygons judged one by one and drawn in their face's polygon mode.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "clampler/sample/sample_raster.h"
#include "clampler/zink/zink_screen.h"

namespace clampler::sample_internal {

// Clip coordinates (x, y, w > 0) to framebuffer coordinates through the draw's viewport (the
// whole target, y down).
inline std::array<double, 2> to_framebuffer(const float *clip, const raster_request &r) {
   return {(clip[0] / clip[3] + 1.0) * 0.5 * r.width, (clip[1] / clip[3] + 1.0) * 0.5 * r.height};
}

// GL's polygons of `count` vertices of `prim` (triangles, strips, fans, quads, quad strips, a
// polygon), each as its vertices' positions in the draw (0-based), in GL's order and winding
// (compatibility §10.1); empty for a primitive that is no polygon.
std::vector<std::vector<uint32_t>> gl_polygons(pipe_prim_type prim, uint32_t count);

// Rule Z3 in the draw, where one non-FILL `mode` draws every face the state does not cull: GL's
// polygons become the lines of their boundary edges or the points of their vertices in `*out`,
// each polygon judged on the CPU: its facing by the signed area of its window coordinates
// (Vulkan's formula, with the pipeline's front face), culled faces dropped, flat colours taken
// from its provoking vertex, back colours for a back face under two-sided colour, and the depth
// offset of the mode's enable added to its vertices' depths (o = m · factor + r · units, m the
// larger of |dz/dx| and |dz/dy| of its plane, r from its largest depth, clamped as
// zink_depth_bias_for says; §14.6.5). Quads and polygons stay whole, so their inner diagonals
// never appear (GL's boundary, without per-vertex edge flags). `*leaves_depth_range`: an offset
// vertex lies beyond the clip volume's near or far plane, where GL clamps the offset depth
// (§14.6.5) and clipping the moved line or point would drop it.
bool polygon_modes_on_cpu(const zink_screen &screen, const zink_rasterizer_state &state, const raster_request &r,
                          pipe_polygon_mode mode, raster_request *out, bool *leaves_depth_range, std::string *error);

}  // namespace clampler::sample_internal
