// zink_screen_sampler_cache: the sampler cache on clampler's own screen (its device, entry points and limits).
#include <memory>

#include "clampler/zink/zink_sampler_cache.h"
#include "clampler/zink/zink_screen.h"

namespace clampler {

zink_sampler_device zink_sampler_device_of(const zink_screen &screen) {
   zink_sampler_device d;
   d.device = screen.device();
   d.create_sampler = screen.vk().vkCreateSampler;
   d.destroy_sampler = screen.vk().vkDestroySampler;
   d.max_sampler_allocation_count = screen.device_caps().max_sampler_allocation_count;
   d.max_custom_border_color_samplers = screen.device_caps().max_custom_border_color_samplers;
   return d;
}

zink_sampler_cache::zink_sampler_cache(const zink_screen &screen) : zink_sampler_cache(zink_sampler_device_of(screen)) {}

zink_sampler_cache &zink_screen_sampler_cache(const zink_screen &screen) {
   static const char key = 0;  // its address names the object among the screen's cached objects
   const std::shared_ptr<void> p =
      screen.cached_object(&key, [&screen] { return std::make_shared<zink_sampler_cache>(screen); });
   return *static_cast<zink_sampler_cache *>(p.get());  // lives as long as the screen
}

}  // namespace clampler
