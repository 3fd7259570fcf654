// Device sampling's texture targets: Vulkan image and view types, coordinates, level sizes and layers.
#pragma once

#include <volk.h>

#include <cstdint>

#include "clampler/gl/gl_enums.h"
#include "clampler/sample/sample_device.h"

namespace clampler::sample_internal {

struct target_info {
   GLenum target;
   const char *name;
   VkImageType image_type;
   VkImageViewType view_type;
   int coords;  // coordinate components a lookup needs
};

// The target's row of the table; null for a target device sampling does not support.
const target_info *target_of(GLenum t);

// The size of one level in ref_level terms (width, height or 1D-array layers, depth or
// layers / faces).
struct level_size {
   uint32_t w, h, d;
};

level_size size_of_level(const sample_request &r, uint32_t level);

// The image's array layers: 1D-array layers, 2D-array layers, cube faces (6 per cube); else 1.
uint32_t array_layers(const sample_request &r);

}  // namespace clampler::sample_internal
