// Vulkan enums, VkSamplerCreateInfo and the rasterization structs as JSON, spelled as in the Vulkan headers.
#pragma once

#include <nlohmann/json.hpp>

#include "clampler/zink/zink_rasterizer.h"
#include "clampler/zink/zink_sampler.h"

namespace clampler {

const char *vk_filter_name(VkFilter v);
const char *vk_mipmap_mode_name(VkSamplerMipmapMode v);
const char *vk_address_mode_name(VkSamplerAddressMode v);
const char *vk_compare_op_name(VkCompareOp v);
const char *vk_border_color_name(VkBorderColor v);
const char *vk_reduction_mode_name(VkSamplerReductionMode v);
const char *vk_device_type_name(VkPhysicalDeviceType v);

// Every field of info and of each chained struct, in order, with sType names.
nlohmann::ordered_json vk_sampler_create_info_json(const zink_sampler_create_info &ci);
// VkPipelineRasterizationStateCreateInfo with its chain, and the viewport-state struct where
// one is chained there, the same way.
nlohmann::ordered_json vk_rasterization_json(const zink_rasterization_info &ri);
// A rasterizer CSO as explain --device prints it: the structs, the emulations (by name) and
// what the device cannot do (sentences).
nlohmann::ordered_json zink_rasterizer_json(const zink_rasterizer_state &r);

}  // namespace clampler
