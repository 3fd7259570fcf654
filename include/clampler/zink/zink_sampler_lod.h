// The VkSampler LOD range for a pipe sampler state: GL's λ clamp, and its min/mag decision without mipmaps.
#pragma once

#include "clampler/pipe/p_state.h"

namespace clampler {

// VkSamplerCreateInfo::minLod / maxLod. With a mip filter, GL's [min_lod, max_lod] (min_lod
// at least 0, max_lod at least min_lod: GL leaves a reversed range undefined, Vulkan forbids
// it, λ is pinned to min_lod), except that max_lod <= 0 (always magnified, level_base) becomes
// [-0.125, 0]. Without one, level 0 only, but λ still decides between the min and mag filters
// (λ <= 0 magnifies): [0.25, 0.375] when GL always minifies (min_lod > 0), [-0.125, 0] when it
// always magnifies (max_lod <= 0), [0, 0.25] otherwise (equal filters included) — level 0 under
// NEAREST mip selection in every case. A range pinned to one value is avoided where GL allows:
// lavapipe's textureQueryLod ignores the clamp then (docs/queries.md). No Vulkan type here, so
// Mesa's zink can call it through the C interface (include/clampler/c/clampler_mesa.h).
struct zink_lod_range {
   float min_lod = 0.0f;
   float max_lod = 0.0f;
};

zink_lod_range zink_sampler_lod_range(const pipe_sampler_state &s);

}  // namespace clampler
