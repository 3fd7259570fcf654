// Rule Z10's limit: the smallest point size GL reports for a Vulkan device, on the device's own size grid.
#pragma once

namespace clampler {

// GL reports a point size range and a granularity, the supported sizes being min + k * granularity
// (GL 4.6 compatibility §14.4, GL_SMOOTH_POINT_SIZE_RANGE / _GRANULARITY). Vulkan's sizes are
// pointSizeRange[0] + k * pointSizeGranularity too, but pointSizeRange[0] may be 0, which GL
// cannot report (no point is drawn at size 0; Mesa raises it to 0.01, off the device's grid, so
// that 2.0 is no longer min + k * granularity). The smallest size GL reports is `device_min` when
// it is above 0, else the first positive size of the grid (`granularity`), else 1. No Vulkan type
// here, so Mesa's zink can call it through the C interface (include/clampler/c/clampler_mesa.h).
float zink_gl_min_point_size(float device_min, float granularity);

}  // namespace clampler
