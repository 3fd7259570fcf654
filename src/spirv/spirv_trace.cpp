// spirv_trace: sampled image -> descriptor variable -> sampler index, through loads, copies, combines and calls.
#include "spirv_trace.h"

namespace clampler::spirv {

spirv_sampler_tracer::spirv_sampler_tracer(const spirv_module &m, const spirv_lower_tex_options &o) : m_(m), o_(o) {
   for (size_t i = 0; i < m.insts.size(); ++i) {
      if (m.op(i) != spv::OpDecorate || m.word_count(i) < 4)
         continue;
      if (m.word(i, 2) == spv::DecorationDescriptorSet)
         bindings_[m.word(i, 1)].first = m.word(i, 3);
      else if (m.word(i, 2) == spv::DecorationBinding)
         bindings_[m.word(i, 1)].second = m.word(i, 3);
   }
}

spirv_sampler_tracer::source spirv_sampler_tracer::trace(uint32_t id) const {
   source s;
   s.variable = trace(id, 0, &s.through_array);
   return s;
}

uint32_t spirv_sampler_tracer::trace(uint32_t id, unsigned depth, bool *through_array) const {
   if (depth > 16)
      return 0;
   const long d = m_.def(id);
   if (d < 0)
      return 0;
   switch (m_.op(d)) {
   case spv::OpVariable: return m_.word(d, 2);
   case spv::OpLoad:
   case spv::OpCopyObject:
   case spv::OpSampledImage: return trace(m_.word(d, 3), depth + 1, through_array);
   case spv::OpAccessChain:
   case spv::OpInBoundsAccessChain:
      *through_array = true;
      return trace(m_.word(d, 3), depth + 1, through_array);
   case spv::OpFunctionParameter: {
      // The parameter's position in its function, then every call's argument there (memoised;
      // a parameter met again while being traced — recursion — resolves to nothing).
      if (const auto memo = parameters_.find(id); memo != parameters_.end()) {
         *through_array |= memo->second.second;
         return memo->second.first;
      }
      parameters_[id] = {0, false};
      // Counting only the OpFunctionParameters before it: debug instructions (OpLine,
      // OpNoLine) may sit between them.
      long fn = d;
      unsigned position = 0;
      while (--fn >= 0 && m_.op(fn) != spv::OpFunction)
         position += m_.op(fn) == spv::OpFunctionParameter ? 1u : 0u;
      if (fn < 0)
         return 0;
      const uint32_t function = m_.word(fn, 2);
      uint32_t found = 0;
      bool found_array = false;
      for (size_t i = 0; i < m_.insts.size(); ++i) {
         if (m_.op(i) != spv::OpFunctionCall || m_.word(i, 3) != function)
            continue;
         if (m_.word_count(i) <= 4 + position)
            return 0;
         bool array = false;
         const uint32_t v = trace(m_.word(i, 4 + position), depth + 1, &array);
         if (v == 0 || (found != 0 && sampler_index(v) != sampler_index(found)))
            return 0;
         found = v;
         found_array |= array;
      }
      parameters_[id] = {found, found_array};
      *through_array |= found_array;
      return found;
   }
   default: return 0;
   }
}

uint32_t spirv_sampler_tracer::sampler_index(uint32_t variable) const {
   const auto it = bindings_.find(variable);
   if (it == bindings_.end())
      return no_index;
   const auto [set, binding] = it->second;
   if (o_.bindings.empty())
      return set == 0 && binding < MAX_SAMPLERS ? binding : no_index;
   for (const auto &b : o_.bindings)
      if (b.set == set && b.binding == binding)
         return b.sampler_index < MAX_SAMPLERS ? b.sampler_index : no_index;
   return no_index;
}

}  // namespace clampler::spirv
