// spirv_trace: which descriptor variable, and so which sampler index, a lookup's sampled image comes from.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <utility>

#include "clampler/spirv/spirv_lower_tex.h"
#include "spirv_module.h"

namespace clampler::spirv {

class spirv_sampler_tracer {
public:
   static constexpr uint32_t no_index = ~0u;

   spirv_sampler_tracer(const spirv_module &m, const spirv_lower_tex_options &o);

   struct source {
      uint32_t variable = 0;       // 0: not traceable (OpPhi, OpSelect, ...)
      bool through_array = false;  // an element of an array of samplers
   };
   // Follows OpLoad, OpCopyObject, OpSampledImage (its image: the texture decides the binding),
   // access chains and function parameters (every call must agree on the sampler index).
   source trace(uint32_t id) const;
   // The sampler index of a descriptor variable per options.bindings, or no_index.
   uint32_t sampler_index(uint32_t variable) const;

private:
   uint32_t trace(uint32_t id, unsigned depth, bool *through_array) const;

   const spirv_module &m_;
   const spirv_lower_tex_options &o_;
   std::unordered_map<uint32_t, std::pair<uint32_t, uint32_t>> bindings_;        // variable -> (set, binding)
   mutable std::unordered_map<uint32_t, std::pair<uint32_t, bool>> parameters_;  // traced parameters
};

}  // namespace clampler::spirv
