// pipe_format -> VkFormat for every format of the core table, with the emulations a GL driver needs.
#pragma once

#include <vulkan/vulkan_core.h>

#include <string_view>

#include "clampler/pipe/p_format.h"

namespace clampler {

// How the screen stores a pipe_format. `swizzle` is the image-view component mapping
// that makes the stored format read like the GL format (legacy ALPHA / LUMINANCE /
// INTENSITY through R / RG formats, RGB formats padded to RGBA); identity otherwise.
struct zink_format {
   VkFormat format = VK_FORMAT_UNDEFINED;
   VkComponentMapping swizzle = {VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY,
                                 VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY};
   const char *note = "";  // the emulation used, "" when native
};

// The preferred mapping of `f` (before asking the device); VK_FORMAT_UNDEFINED for NONE.
zink_format zink_format_for(pipe_format f);
// A substitute to try when the device cannot sample the preferred one (RGB -> RGBA,
// D24 -> D32F, ...); format UNDEFINED when there is none.
zink_format zink_format_fallback(pipe_format f);

const char *vk_format_name(VkFormat f);
// Inverse of vk_format_name over the formats it names ("VK_FORMAT_R8_UNORM" -> VK_FORMAT_R8_UNORM);
// VK_FORMAT_UNDEFINED for any other string.
VkFormat vk_format_from_name(std::string_view name);
const char *vk_swizzle_name(VkComponentSwizzle s);

// The mapping of a view that applies `outer` (GL's swizzle, the depth texture mode) over
// `inner` (how the format's RGBA reads the stored components): what each component of the
// result reads, in stored components (R..A, ZERO or ONE; never IDENTITY).
VkComponentMapping zink_compose_mapping(const VkComponentMapping &outer, const VkComponentMapping &inner);

}  // namespace clampler
