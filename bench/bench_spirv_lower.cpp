// SPIR-V lowering pass cost: µs per module by module size (lowered, untouched, nearest_edge), cache hits, validation.
#include <benchmark/benchmark.h>
#include <spirv/unified1/spirv.hpp>

#include <cstring>
#include <stdexcept>

#include "clampler/spirv/spirv_lower_tex.h"

using namespace clampler;

namespace {

// A fragment shader with `lookups` implicit-LOD texture() calls on one sampler2D
// (set 0, binding 0), each on the input coordinate scaled by its own constant, summed.
std::vector<uint32_t> fragment_module(unsigned lookups) {
   std::vector<uint32_t> w{spv::MagicNumber, 0x00010300, 0, 0, 0};
   auto inst = [&w](spv::Op op, std::initializer_list<uint32_t> operands) {
      w.push_back(static_cast<uint32_t>((operands.size() + 1) << 16) | op);
      w.insert(w.end(), operands);
   };
   enum : uint32_t { glsl = 1, void_t, fn_t, float_t, v2_t, v4_t, image_t, sampled_t, ptr_sampled, sampler,
                     ptr_in, uv, ptr_out, color, main_fn, label, first_free };
   uint32_t next = first_free;
   inst(spv::OpCapability, {spv::CapabilityShader});
   uint32_t name[4] = {};
   std::memcpy(name, "GLSL.std.450", 13);
   inst(spv::OpExtInstImport, {glsl, name[0], name[1], name[2], name[3]});
   inst(spv::OpMemoryModel, {spv::AddressingModelLogical, spv::MemoryModelGLSL450});
   uint32_t main_name = 0;
   std::memcpy(&main_name, "main", 4);
   inst(spv::OpEntryPoint, {spv::ExecutionModelFragment, main_fn, main_name, 0, uv, color});
   inst(spv::OpExecutionMode, {main_fn, spv::ExecutionModeOriginUpperLeft});
   inst(spv::OpDecorate, {sampler, spv::DecorationDescriptorSet, 0});
   inst(spv::OpDecorate, {sampler, spv::DecorationBinding, 0});
   inst(spv::OpDecorate, {uv, spv::DecorationLocation, 0});
   inst(spv::OpDecorate, {color, spv::DecorationLocation, 0});
   inst(spv::OpTypeVoid, {void_t});
   inst(spv::OpTypeFunction, {fn_t, void_t});
   inst(spv::OpTypeFloat, {float_t, 32});
   inst(spv::OpTypeVector, {v2_t, float_t, 2});
   inst(spv::OpTypeVector, {v4_t, float_t, 4});
   inst(spv::OpTypeImage, {image_t, float_t, spv::Dim2D, 0, 0, 0, 1, spv::ImageFormatUnknown});
   inst(spv::OpTypeSampledImage, {sampled_t, image_t});
   inst(spv::OpTypePointer, {ptr_sampled, spv::StorageClassUniformConstant, sampled_t});
   inst(spv::OpTypePointer, {ptr_in, spv::StorageClassInput, v2_t});
   inst(spv::OpTypePointer, {ptr_out, spv::StorageClassOutput, v4_t});
   inst(spv::OpVariable, {ptr_sampled, sampler, spv::StorageClassUniformConstant});
   inst(spv::OpVariable, {ptr_in, uv, spv::StorageClassInput});
   inst(spv::OpVariable, {ptr_out, color, spv::StorageClassOutput});
   std::vector<uint32_t> scales(lookups);
   for (unsigned k = 0; k < lookups; ++k) {
      const float v = 1.0f + 0.01f * static_cast<float>(k);
      uint32_t bits;
      std::memcpy(&bits, &v, 4);
      scales[k] = next++;
      inst(spv::OpConstant, {float_t, scales[k], bits});
   }
   inst(spv::OpFunction, {void_t, main_fn, spv::FunctionControlMaskNone, fn_t});
   inst(spv::OpLabel, {label});
   const uint32_t p = next++;
   inst(spv::OpLoad, {v2_t, p, uv});
   uint32_t acc = 0;
   for (unsigned k = 0; k < lookups; ++k) {
      const uint32_t si = next++, q = next++, r = next++;
      inst(spv::OpLoad, {sampled_t, si, sampler});
      inst(spv::OpVectorTimesScalar, {v2_t, q, p, scales[k]});
      inst(spv::OpImageSampleImplicitLod, {v4_t, r, si, q});
      if (acc) {
         const uint32_t sum = next++;
         inst(spv::OpFAdd, {v4_t, sum, acc, r});
         acc = sum;
      } else {
         acc = r;
      }
   }
   inst(spv::OpStore, {color, acc});
   inst(spv::OpReturn, {});
   inst(spv::OpFunctionEnd, {});
   w[3] = next;
   std::string error;
   if (!spirv_validate(w, &error))
      throw std::runtime_error("generated module is invalid: " + error);
   return w;
}

spirv_lower_tex_options key_options(unsigned index, bool nearest_edge) {
   spirv_lower_tex_options o;
   for (unsigned c = 0; c < 2; ++c)
      o.key.saturate[c] = 1u << index;
   if (nearest_edge)
      o.key.nearest_edge_magnified = 1u << index;
   return o;
}

void run_pass(benchmark::State &state, const spirv_lower_tex_options &o) {
   const auto module = fragment_module(static_cast<unsigned>(state.range(0)));
   std::vector<uint32_t> out;
   std::string error;
   for (auto _ : state) {
      if (!spirv_lower_tex(module, o, &out, &error))
         state.SkipWithError(error.c_str());
      benchmark::DoNotOptimize(out.data());
   }
   state.counters["words_in"] = static_cast<double>(module.size());
   state.counters["words_out"] = static_cast<double>(out.size());
}

// Every lookup lowered: saturate s, t (implicit LOD becomes gradients).
void BM_SpirvLowerSaturate(benchmark::State &state) { run_pass(state, key_options(0, false)); }
// Every lookup lowered with nearest_edge: size query and λ per lookup.
void BM_SpirvLowerNearestEdge(benchmark::State &state) { run_pass(state, key_options(0, true)); }
// A key on another sampler index: parse, scan and copy, nothing lowered.
void BM_SpirvLowerUntouched(benchmark::State &state) { run_pass(state, key_options(5, false)); }

void BM_SpirvLowerCacheHit(benchmark::State &state) {
   const auto module = fragment_module(static_cast<unsigned>(state.range(0)));
   spirv_lower_cache cache;
   std::string error;
   const auto o = key_options(0, false);
   cache.get(module, o, &error);
   for (auto _ : state)
      benchmark::DoNotOptimize(cache.get(module, o, &error));
   state.counters["words_in"] = static_cast<double>(module.size());
}

void BM_SpirvValidateLowered(benchmark::State &state) {
   const auto module = fragment_module(static_cast<unsigned>(state.range(0)));
   std::vector<uint32_t> out;
   std::string error;
   spirv_lower_tex(module, key_options(0, false), &out, &error);
   for (auto _ : state)
      benchmark::DoNotOptimize(spirv_validate(out, &error));
   state.counters["words_in"] = static_cast<double>(out.size());
}

}  // namespace

BENCHMARK(BM_SpirvLowerSaturate)->RangeMultiplier(8)->Range(1, 512)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SpirvLowerNearestEdge)->RangeMultiplier(8)->Range(1, 512)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SpirvLowerUntouched)->RangeMultiplier(8)->Range(1, 512)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SpirvLowerCacheHit)->RangeMultiplier(8)->Range(1, 512)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SpirvValidateLowered)->RangeMultiplier(8)->Range(1, 512)->Unit(benchmark::kMicrosecond);
