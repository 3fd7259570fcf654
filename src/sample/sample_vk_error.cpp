// Device sampling's Vulkan errors: VkResult names and the sentence a failed call leaves in *error.
#include "sample_vk_error.h"

namespace clampler::sample_internal {

const char *vk_result_name(VkResult r) {
   switch (r) {
   case VK_SUCCESS: return "VK_SUCCESS";
   case VK_TIMEOUT: return "VK_TIMEOUT";
   case VK_ERROR_OUT_OF_HOST_MEMORY: return "VK_ERROR_OUT_OF_HOST_MEMORY";
   case VK_ERROR_OUT_OF_DEVICE_MEMORY: return "VK_ERROR_OUT_OF_DEVICE_MEMORY";
   case VK_ERROR_INITIALIZATION_FAILED: return "VK_ERROR_INITIALIZATION_FAILED";
   case VK_ERROR_DEVICE_LOST: return "VK_ERROR_DEVICE_LOST";
   case VK_ERROR_MEMORY_MAP_FAILED: return "VK_ERROR_MEMORY_MAP_FAILED";
   case VK_ERROR_FORMAT_NOT_SUPPORTED: return "VK_ERROR_FORMAT_NOT_SUPPORTED";
   case VK_ERROR_TOO_MANY_OBJECTS: return "VK_ERROR_TOO_MANY_OBJECTS";
   case VK_ERROR_FRAGMENTED_POOL: return "VK_ERROR_FRAGMENTED_POOL";
   case VK_ERROR_OUT_OF_POOL_MEMORY: return "VK_ERROR_OUT_OF_POOL_MEMORY";
   case VK_ERROR_INVALID_SHADER_NV: return "VK_ERROR_INVALID_SHADER_NV";
   default: return "an unnamed VkResult";
   }
}

bool vk_call_failed(VkResult r, const char *call, const std::string &what, std::string *error) {
   *error = std::string("device sampling: ") + call + " failed with " + vk_result_name(r) + " (VkResult " +
            std::to_string(static_cast<int>(r)) + ") while " + what;
   return false;
}

}  // namespace clampler::sample_internal
