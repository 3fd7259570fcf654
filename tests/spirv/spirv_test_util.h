// Shared helpers of the SPIR-V pass tests: the compiled test shaders, keys, disassembly.
#pragma once

#include <gtest/gtest.h>
#include <spirv-tools/libspirv.hpp>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "clampler/spirv/spirv_lower_tex.h"
#include "spv_comp_2d_lod_comp.h"
#include "spv_comp_grad_comp.h"
#include "spv_comp_multi_comp.h"
#include "spv_comp_shadow_comp.h"
#include "spv_frag_1d_array_frag.h"
#include "spv_frag_1d_frag.h"
#include "spv_frag_2d_array_frag.h"
#include "spv_frag_2d_bias_frag.h"
#include "spv_frag_2d_grad_frag.h"
#include "spv_frag_2d_implicit_frag.h"
#include "spv_frag_2d_lod_frag.h"
#include "spv_frag_2d_offset_frag.h"
#include "spv_frag_2d_proj_frag.h"
#include "spv_frag_3d_frag.h"
#include "spv_frag_control_flow_frag.h"
#include "spv_frag_cube_frag.h"
#include "spv_frag_fetch_query_frag.h"
#include "spv_frag_function_frag.h"
#include "spv_frag_gather_frag.h"
#include "spv_frag_min_lod_frag.h"
#include "spv_frag_multi_frag.h"
#include "spv_frag_rect_frag.h"
#include "spv_frag_sampler_array_frag.h"
#include "spv_frag_separate_frag.h"
#include "spv_frag_shadow_2d_frag.h"
#include "spv_frag_shadow_array_frag.h"
#include "spv_frag_cube_lookups_frag.h"
#include "spv_frag_shadow_cube_frag.h"
#include "spv_frag_shadow_proj_frag.h"
#include "spv_frag_sparse_frag.h"

namespace clampler::spirv_test {

struct shader {
   const char *name;
   std::span<const uint32_t> words;
   unsigned samplers;    // sampler indices (bindings 0..n-1 of set 0) the shader uses
   bool vulkan_valid;    // false: Dim Rect, valid only in the universal environment
   bool refused;  // the pass refuses keys that lower sampler index 0 (array of samplers, sparse lookup)
};

#define CLAMPLER_SHADER(name, samplers) {#name, std::span<const uint32_t>(spv_##name), samplers, true, false}
inline const std::vector<shader> &shaders() {
   static const std::vector<shader> all = {
      CLAMPLER_SHADER(frag_2d_implicit_frag, 1),
      CLAMPLER_SHADER(frag_2d_bias_frag, 1),
      CLAMPLER_SHADER(frag_2d_lod_frag, 1),
      CLAMPLER_SHADER(frag_2d_grad_frag, 1),
      CLAMPLER_SHADER(frag_2d_offset_frag, 1),
      CLAMPLER_SHADER(frag_2d_proj_frag, 1),
      CLAMPLER_SHADER(frag_1d_frag, 1),
      CLAMPLER_SHADER(frag_3d_frag, 1),
      CLAMPLER_SHADER(frag_1d_array_frag, 1),
      CLAMPLER_SHADER(frag_2d_array_frag, 1),
      CLAMPLER_SHADER(frag_cube_frag, 2),
      CLAMPLER_SHADER(frag_cube_lookups_frag, 2),
      {"frag_rect_frag", std::span<const uint32_t>(spv_frag_rect_frag), 1, false, false},
      CLAMPLER_SHADER(frag_shadow_2d_frag, 1),
      CLAMPLER_SHADER(frag_shadow_proj_frag, 1),
      CLAMPLER_SHADER(frag_shadow_array_frag, 2),
      CLAMPLER_SHADER(frag_shadow_cube_frag, 2),
      CLAMPLER_SHADER(frag_gather_frag, 2),
      CLAMPLER_SHADER(frag_fetch_query_frag, 1),
      CLAMPLER_SHADER(frag_multi_frag, 4),
      CLAMPLER_SHADER(frag_separate_frag, 2),
      CLAMPLER_SHADER(frag_control_flow_frag, 1),
      {"frag_sampler_array_frag", std::span<const uint32_t>(spv_frag_sampler_array_frag), 1, true, true},
      CLAMPLER_SHADER(frag_function_frag, 1),
      {"frag_sparse_frag", std::span<const uint32_t>(spv_frag_sparse_frag), 2, true, true},
      CLAMPLER_SHADER(frag_min_lod_frag, 1),
      CLAMPLER_SHADER(comp_2d_lod_comp, 1),
      CLAMPLER_SHADER(comp_grad_comp, 1),
      CLAMPLER_SHADER(comp_multi_comp, 0),  // set 1: reached through options.bindings
      CLAMPLER_SHADER(comp_shadow_comp, 1),
   };
   return all;
}
#undef CLAMPLER_SHADER

inline const shader &find_shader(std::string_view name) {
   for (const auto &s : shaders())
      if (s.name == name)
         return s;
   ADD_FAILURE() << "no shader " << name;
   return shaders().front();
}

// Key helpers: sampler index i gets the lowering.
inline void add_saturate(st_shader_key &k, unsigned i, unsigned coords = 7) {
   for (unsigned c = 0; c < 3; ++c)
      if (coords >> c & 1u)
         k.saturate[c] |= 1u << i;
}
inline void add_abs(st_shader_key &k, unsigned i, unsigned coords = 7) {
   for (unsigned c = 0; c < 3; ++c)
      if (coords >> c & 1u)
         k.abs[c] |= 1u << i;
}
inline void add_shadow(st_shader_key &k, unsigned i, std::array<pipe_swizzle, 4> swizzle) {
   k.shadow_mask |= 1u << i;
   k.shadow_swizzle[i] = swizzle;
}

inline std::string disassemble(std::span<const uint32_t> words) {
   spvtools::SpirvTools tools(SPV_ENV_UNIVERSAL_1_5);
   std::string text;
   if (!tools.Disassemble(words.data(), words.size(), &text,
                          SPV_BINARY_TO_TEXT_OPTION_NO_HEADER | SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES))
      return "<disassembly failed>";
   return text;
}

inline unsigned count(std::string_view text, std::string_view what) {
   unsigned n = 0;
   for (size_t pos = text.find(what); pos != std::string_view::npos; pos = text.find(what, pos + what.size()))
      ++n;
   return n;
}

// Validation in the environment the shader is valid in (Vulkan 1.1, or universal for Dim Rect).
inline bool validate(const shader &s, std::span<const uint32_t> words, std::string *error) {
   if (s.vulkan_valid)
      return spirv_validate(words, error);
   spvtools::SpirvTools tools(SPV_ENV_UNIVERSAL_1_3);
   tools.SetMessageConsumer([error](spv_message_level_t, const char *, const spv_position_t &, const char *m) {
      if (error->empty())
         *error = m;
   });
   return tools.Validate(words.data(), words.size());
}

inline std::vector<uint32_t> lower(std::span<const uint32_t> words, const spirv_lower_tex_options &o,
                                   spirv_lower_tex_stats *stats = nullptr) {
   std::vector<uint32_t> out;
   std::string error;
   EXPECT_TRUE(spirv_lower_tex(words, o, &out, &error, stats)) << error;
   return out;
}

inline spirv_lower_tex_options options(const st_shader_key &key) {
   spirv_lower_tex_options o;
   o.key = key;
   return o;
}

}  // namespace clampler::spirv_test
