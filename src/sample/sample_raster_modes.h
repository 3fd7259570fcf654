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

// Framebuffer coordinates back to clip coordinates for a given w (to_framebuffer's inverse).
inline std::array<float, 2> to_clip(double x, double y, float w, const raster_request &r) {
   return {static_cast<float>((x / r.width * 2.0 - 1.0) * w), static_cast<float>((y / r.height * 2.0 - 1.0) * w)};
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

// One draw of a sequence: a state and the request it draws.
struct face_run {
   zink_rasterizer_state state;
   raster_request request;
   size_t first_polygon = 0;  // the draw's number of the run's first polygon (from 0)
};

// Rule Z3 in the draw with the front and back modes apart (both faces drawn): the draw's polygons,
// judged front or back on the CPU as polygon_modes_on_cpu judges them, in runs of consecutive
// polygons of one facing, each run a draw of its own in its face's mode (the state made again by
// zink_create_rasterizer with that mode for both faces, so its offset enable and the device's
// polygon mode follow). Drawn in order, each onto the last one's image, the runs keep GL's
// primitive order (§2.1). A run keeps the polygons whole (quads and polygons stay quads and
// polygons: a LINE run draws their boundary only), with flat colours copied from each polygon's
// provoking vertex to all of its vertices. At least one run (an empty one when nothing is drawn).
bool faces_apart_on_cpu(const zink_screen &screen, const zink_rasterizer_state &state, const raster_request &r,
                        std::vector<face_run> *runs, std::string *error);

}  // namespace clampler::sample_internal
