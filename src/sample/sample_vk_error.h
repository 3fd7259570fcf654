// Device sampling's Vulkan errors: VkResult names and the sentence a failed call leaves in *error.
#pragma once

#include <volk.h>

#include <string>

namespace clampler::sample_internal {

// The VkResult's enumerator name ("VK_ERROR_DEVICE_LOST"), or "an unnamed VkResult".
const char *vk_result_name(VkResult r);

// Sets *error to "<call> failed with <result> ... while <what>" and returns false.
bool vk_call_failed(VkResult r, const char *call, const std::string &what, std::string *error);

}  // namespace clampler::sample_internal
