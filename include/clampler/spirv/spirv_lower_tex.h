// spirv_lower_tex: the nir_lower_tex analogue on SPIR-V — rewrites the lookups the st_shader_key says need GL semantics.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "clampler/st/st_shader_key.h"

namespace clampler {

// What the hardware will do with a lowered sampler's LOD: the VkSamplerCreateInfo values
// (mipLodBias, minLod, maxLod) of the sampler bound at that index. The pass needs them only
// for nearest_edge units, to decide "magnified" (λ ≤ 0) vs "minified" as the device does.
struct spirv_sampler_lod {
   float lod_bias = 0.0f;
   float min_lod = 0.0f;
   float max_lod = 1000.0f;
   bool operator==(const spirv_sampler_lod &) const = default;
};

// Which sampler index of the key a (descriptor set, binding) is.
struct spirv_sampler_binding {
   uint32_t set = 0;
   uint32_t binding = 0;
   uint32_t sampler_index = 0;
   bool operator==(const spirv_sampler_binding &) const = default;
};

struct spirv_lower_tex_options {
   st_shader_key key;
   // Empty: set 0, binding i is sampler index i. Otherwise only the listed bindings are
   // sampler indices; lookups on other bindings are never lowered.
   std::vector<spirv_sampler_binding> bindings;
   std::array<spirv_sampler_lod, MAX_SAMPLERS> lod{};
   // Bit i: sampler index i is read with unnormalized (texel) coordinates although its image
   // is not Dim Rect (a RECTANGLE texture bound as a 2D image): saturate clamps to
   // [0, size of level 0] as it does for Dim Rect images.
   uint32_t unnormalized = 0;
   bool operator==(const spirv_lower_tex_options &) const = default;
};

struct spirv_lower_tex_stats {
   unsigned lookups_seen = 0;     // sampling instructions on any binding
   unsigned lookups_lowered = 0;  // those rewritten
   // OpImageQueryLod on shader-filtered units, answered from the key (their sampler holds no
   // GL LOD state); queries on other units stay as they are.
   unsigned queries_lowered = 0;
};

// Rewrites `module` (a SPIR-V binary, Vulkan 1.0–1.2 environment) so that every sampling
// instruction on a sampler index the key lowers returns what GL returns. Returns false with
// `*error` a sentence naming what was wrong (malformed module, unsupported construct) and
// leaves `*out` untouched. The output always passes spirv_validate when the input did.
// When nothing is lowered (empty key, or no lookup on a lowered binding) `*out` is the
// input, word for word. OpImageQuery* instructions are kept, except textureQueryLod on a
// shader-filtered unit, which the pass answers with GL's level and λ'. The conventions (shadow swizzles, bindings of separate images,
// arrays of samplers, offsets) are in docs/lowering.md.
bool spirv_lower_tex(std::span<const uint32_t> module, const spirv_lower_tex_options &options,
                     std::vector<uint32_t> *out, std::string *error, spirv_lower_tex_stats *stats = nullptr);

// SPIRV-Tools' validator in the Vulkan 1.1 environment. False with the validator's message.
bool spirv_validate(std::span<const uint32_t> module, std::string *error);

// Lowered variants cached per (module, options); thread-safe; entries live as long as the cache.
class spirv_lower_cache {
public:
   spirv_lower_cache();
   ~spirv_lower_cache();
   // The lowered module, or null with `*error` set. The pointer stays valid until the cache dies.
   const std::vector<uint32_t> *get(std::span<const uint32_t> module, const spirv_lower_tex_options &options,
                                    std::string *error);
   size_t size() const;
   size_t hits() const;
   size_t misses() const;  // lowerings run (successful or not)

private:
   struct impl;
   std::unique_ptr<impl> impl_;
};

}  // namespace clampler
