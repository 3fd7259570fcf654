// The VkSampler LOD range rule (include/clampler/zink/zink_sampler_lod.h); no Vulkan dependency.
#include "clampler/zink/zink_sampler_lod.h"

#include <algorithm>

namespace clampler {

zink_lod_range zink_sampler_lod_range(const pipe_sampler_state &s) {
   // A range pinned to one value (minLod == maxLod) is avoided wherever GL's sampling allows:
   // lavapipe's OpImageQueryLod then reports the level accessed without the clamp (piglit's
   // fs-textureQueryLOD-no-mipmap, docs/queries.md). λ in [0.25, 0.375] always minifies and
   // λ in [-0.125, 0] always magnifies; both read level 0 under NEAREST mip selection.
   constexpr zink_lod_range kMinified = {0.25f, 0.375f}, kMagnified = {-0.125f, 0.0f};
   zink_lod_range r;
   if (s.min_mip_filter == PIPE_TEX_MIPFILTER_NONE) {
      if (s.min_img_filter == s.mag_img_filter)
         r = {0.0f, 0.25f};  // the decision cannot change a lookup: stock zink's range
      else if (s.min_lod > 0.0f)
         r = kMinified;
      else if (s.max_lod <= 0.0f)
         r = kMagnified;
      else
         r = {0.0f, 0.25f};
   } else if (s.max_lod <= 0.0f && s.min_lod <= s.max_lod) {
      r = kMagnified;  // GL's λ never leaves [MIN_LOD, MAX_LOD] <= 0: level_base, magnified
   } else {
      r.min_lod = std::max(s.min_lod, 0.0f) + 0.0f;  // + 0.0f turns -0.0 into +0.0
      r.max_lod = std::max(s.max_lod, r.min_lod) + 0.0f;
   }
   return r;
}

}  // namespace clampler
