// held_sampler: one reference on a sampler of the screen's cache, released when the tool's run ends.
#pragma once

#include "clampler/zink/zink_sampler_cache.h"

namespace clampler {

struct held_sampler {
   zink_sampler_cache &cache;
   zink_sampler *sampler;
   ~held_sampler() {
      if (sampler)
         cache.release(sampler);
   }
};

}  // namespace clampler
