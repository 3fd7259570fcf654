// spirv_validate: SPIRV-Tools' validator in the Vulkan 1.1 environment, first message kept.
#include <spirv-tools/libspirv.hpp>

#include "clampler/spirv/spirv_lower_tex.h"

namespace clampler {

bool spirv_validate(std::span<const uint32_t> module, std::string *error) {
   spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
   std::string first;
   tools.SetMessageConsumer([&first](spv_message_level_t, const char *, const spv_position_t &position, const char *message) {
      if (first.empty())
         first = "word " + std::to_string(position.index) + ": " + message;
   });
   if (tools.Validate(module.data(), module.size()))
      return true;
   if (error)
      *error = first.empty() ? "SPIRV-Tools rejected the module." : first;
   return false;
}

}  // namespace clampler
