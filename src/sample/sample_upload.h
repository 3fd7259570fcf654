// Device sampling's upload: how a pipe format's stored codes become the bytes of the screen's VkFormat.
#pragma once

#include <volk.h>

#include <cstdint>
#include <string>
#include <vector>

#include "clampler/ref/ref_format.h"
#include "clampler/sample/sample_device.h"

namespace clampler::sample_internal {

// Formats: which VkFormats hold the stored components of a pipe format byte for byte.

enum class numeric { unorm, snorm, uint, sint, sfloat, srgb };

struct array_layout {
   VkFormat format;
   int components;
   int bytes;  // per component
   numeric type;
   VkImageAspectFlags aspect;
   VkFormat unorm_twin;  // sRGB formats: the view format when sRGB decode is off
};

constexpr VkImageAspectFlags kColor = VK_IMAGE_ASPECT_COLOR_BIT;
constexpr VkImageAspectFlags kDepth = VK_IMAGE_ASPECT_DEPTH_BIT;

// Packed (_PACK) VkFormats, from the Vulkan specification's format definitions (components
// named from the most significant bit down): where each of the VkFormat's R, G, B, A lies in
// the texel word (bits 0: the format has no such component).
struct packed_layout {
   VkFormat format;
   int bytes;  // the word: 1, 2 or 4 bytes, host byte order
   numeric type;
   int shift[4];  // R, G, B, A
   int bits[4];
   int exponent_shift;  // E5B9G9R9: the shared exponent (5 bits); -1 otherwise
};

// Depth and stencil VkFormats and what vkCmdCopyBufferToImage reads for each aspect (Vulkan
// "Copying Data Between Buffers and Images", depth/stencil aspects): D16 16-bit words, D24 32-bit
// words with depth in the low 24 bits, D32_SFLOAT 32-bit floats, stencil tightly packed bytes.
enum class depth_store { none, d16, d24, d32f };

struct ds_layout {
   VkFormat format;
   depth_store depth;
   bool stencil;
};

enum class storage { array, packed, depth_stencil };

// How the stored components of a pipe format go into the texels of the screen's VkFormat.
struct upload_plan {
   VkFormat format = VK_FORMAT_UNDEFINED;  // the image's format; UNDEFINED: not supported
   storage kind = storage::array;
   const array_layout *vk = nullptr;       // storage::array
   const packed_layout *packed = nullptr;  // storage::packed
   const ds_layout *ds = nullptr;          // storage::depth_stencil
   int stored = 0;                         // stored components (ref_stored_texel::count)
   int place[4] = {0, 1, 2, 3};            // VkFormat component of stored component i (array, packed)
   int depth_index = -1, stencil_index = -1;  // stored component of depth / stencil (depth_stencil)
   bool depth_is_float = false;               // the pipe format's depth is a float bit pattern
   int depth_bits = 0;                        // the pipe format's depth bits
   VkImageAspectFlags image_aspect = 0;       // every aspect of the format (barriers)
};

// The plan device sampling uses for `f`; format UNDEFINED with *why set when it cannot upload it.
upload_plan plan_upload(const zink_screen &screen, pipe_format f, std::string *why);

// One part of a texel in the staging buffer: an aspect and its bytes per texel.
struct texel_part {
   VkImageAspectFlags aspect;
   VkDeviceSize bytes;
};

// The parts a texel is uploaded in: one, except depth-stencil formats with both stored
// (one copy per aspect); stencil stored in a depth-stencil format copies only the stencil.
std::vector<texel_part> texel_parts(const upload_plan &plan);

// Writes part `part` of one texel in whatever layout the plan uploads.
void write_texel_part(const upload_plan &plan, int part, const ref::ref_stored_texel &t, uint8_t *out);

}  // namespace clampler::sample_internal
