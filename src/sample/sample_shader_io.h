// Device sampling's shader interfaces on the host side: push constants and workgroup size (shaders/sample.*).
#pragma once

#include <cstdint>

namespace clampler::sample_internal {

// The compute path's push constants (range_pc in shaders/sample.comp).
struct push_range {
   uint32_t first, count;
};

constexpr uint32_t kLocalSize = 64;  // local_size_x of the shader

// The fragment path's push constants (grid_pc in shaders/sample.frag).
struct grid_constants {
   float origin[4];
   float dx[4];
   float dy[4];
   float dref;
};

}  // namespace clampler::sample_internal
