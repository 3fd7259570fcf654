// The VkSampler LOD range rule (include/clampler/zink/zink_sampler_lod.h); no Vulkan dependency.
#include "clampler/zink/zink_sampler_lod.h"

#include <algorithm>

namespace clampler {

zink_lod_range zink_sampler_lod_range(const pipe_sampler_state &s) {
   zink_lod_range r;
   if (s.min_mip_filter == PIPE_TEX_MIPFILTER_NONE) {
      if (s.min_img_filter == s.mag_img_filter) {
         // The decision cannot change a lookup, but a range pinned to one value changes what
         // textureQueryLod reports: lavapipe then answers λ' with the pin (piglit's
         // fs-textureQueryLOD-no-mipmap). Stock zink's [0, 0.25] keeps GL's λ'.
         r.min_lod = 0.0f;
         r.max_lod = 0.25f;
      } else if (s.min_lod > 0.0f) {
         r.min_lod = r.max_lod = 0.25f;
      } else if (s.max_lod <= 0.0f) {
         r.min_lod = r.max_lod = 0.0f;
      } else {
         r.min_lod = 0.0f;
         r.max_lod = 0.25f;
      }
   } else {
      r.min_lod = std::max(s.min_lod, 0.0f) + 0.0f;  // + 0.0f turns -0.0 into +0.0
      r.max_lod = std::max(s.max_lod, r.min_lod) + 0.0f;
   }
   return r;
}

}  // namespace clampler
