// Device sampling's shader interfaces on the host side: push constants and workgroup size (shaders/sample.*).
#pragma once

#include <cstdint>

namespace clampler::sample_internal {

// The compute path's push constants (range_pc in shaders/sample.comp).
struct push_range {
   uint32_t first, count;
   uint32_t isolated;  // 1: one lookup per workgroup (sample_request::shared_vectors false)
};

constexpr uint32_t kLocalSize = 64;  // the shader's workgroup size with shared vectors
constexpr uint32_t kMaxGroups = 65535;  // maxComputeWorkGroupCount[0] that Vulkan guarantees

// The fragment path's push constants (grid_pc in shaders/sample.frag).
struct grid_constants {
   float origin[4];
   float dx[4];
   float dy[4];
   float dref;
};

}  // namespace clampler::sample_internal
