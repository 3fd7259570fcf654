// Rule Z5's line stipple in the shader: the per-segment counter input spirv_lower_raster_fs reads.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace clampler {

// What the fragment stage needs to know of one aliased (Bresenham) segment to count its
// fragments as GL does (compatibility §14.5.2.2): the framebuffer column (axis 0, an x-major
// segment) or row (axis 1) of its first fragment, +1 or -1 as it runs along that axis, and that
// fragment's counter. Fragment c of the segment along the axis has counter
// base + (c - first) * direction (spirv_raster_fs_options::line_stipple).
struct zink_stipple_segment {
   int32_t first = 0, direction = 1, axis = 0, base = 0;
   int32_t count = 0;  // the fragments the segment makes: the next segment of a strip starts at base + count
};

// The segments of one GL primitive, each as its two ends in framebuffer coordinates (x right, y
// in the framebuffer's own direction, pixel centres at half-integers), in drawing order.
// `continuing`: a line strip or loop, whose counter runs on from segment to segment; otherwise
// independent segments (GL_LINES, or the edges GL restarts), each from 0. A segment is x-major
// when |dx| >= |dy|; it makes a fragment in each column (row) whose diamond |x - xc| + |y - yc|
// < 1/2 it leaves (the diamond-exit rule), so none when it is shorter than a diamond. Returns
// false, with `*error` naming the segment, for an end that is not finite or lies on a diamond's
// boundary, where GL's tie-break (§14.5.1 moves the ends by (-e, -e^2)) decides the first or last
// fragment and implementations may draw otherwise ("other algorithms are allowed"); `*out` is
// then unchanged. The ends are taken as given: a device that snaps them to its sub-pixel grid
// may move an end within one step of a boundary across it.
bool zink_line_stipple_segments(std::span<const std::array<float, 4>> segments, bool continuing,
                                std::vector<zink_stipple_segment> *out, std::string *error);

}  // namespace clampler
