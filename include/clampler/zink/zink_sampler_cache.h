// zink_sampler_cache: one VkSampler per distinct Vulkan sampler state, device-wide, budgeted, destroyed late.
#pragma once

#include <volk.h>

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <list>
#include <mutex>
#include <string>
#include <unordered_map>

#include "clampler/zink/zink_sampler.h"

namespace clampler {

class zink_screen;

// A cached VkSampler. `refs` counts the CSOs (from any context) that hold it.
struct zink_sampler {
   zink_sampler_key key;
   VkSampler sampler = VK_NULL_HANDLE;
   uint32_t refs = 0;
   // The submission serial of the last batch that may read it. Atomic: contexts mark
   // uses on every bind without taking the cache lock.
   std::atomic<uint64_t> last_use{0};
   std::list<zink_sampler *>::iterator lru;  // position in the unreferenced list when refs == 0
};

// The device a cache creates its samplers on: clampler's own screen, or any VkDevice another
// driver made (Mesa's zink), with that driver's entry points and the limits it answers for.
// The cache owns none of it; the device must outlive the cache.
struct zink_sampler_device {
   VkDevice device = VK_NULL_HANDLE;
   PFN_vkCreateSampler create_sampler = nullptr;
   PFN_vkDestroySampler destroy_sampler = nullptr;
   uint32_t max_sampler_allocation_count = 4000;       // VkPhysicalDeviceLimits (4000 is Vulkan's minimum)
   uint32_t max_custom_border_color_samplers = 0;      // VK_EXT_custom_border_color (0: none)
};
// The device, entry points and limits of clampler's own screen (its capability override applied).
zink_sampler_device zink_sampler_device_of(const zink_screen &screen);

struct zink_sampler_cache_stats {
   uint64_t hits = 0, creates = 0, destroys = 0, create_failures = 0, custom_fallbacks = 0, waits = 0;
   uint32_t live = 0, live_custom = 0, peak_live = 0, peak_custom = 0;
};

// Thread-safe. acquire/release take one mutex: in clampler's own contexts they run only when a
// context's CSO cache misses or deletes (never on a CSO hit), which the replay benchmark shows is
// zero per draw once warm (docs/performance.md); mark_used, which runs on every bind, is
// lock-free. Mesa's zink (mesa/patches/0013) acquires when a changed state is bound and keeps
// references in its batches instead of serials (docs/driver.md).
class zink_sampler_cache {
public:
   // Waits until the GPU has finished the submission with `serial`; returns false if it cannot.
   using wait_fn = std::function<bool(uint64_t serial)>;
   // Replaces vkCreateSampler for failure injection in tests; null = the real call.
   using create_fn = std::function<VkResult(const VkSamplerCreateInfo *, VkSampler *)>;

   explicit zink_sampler_cache(const zink_screen &screen);
   // Adopts a device clampler did not create (its entry points, its limits). Null entry points
   // or device: every acquire fails with VK_ERROR_INITIALIZATION_FAILED and says so.
   explicit zink_sampler_cache(const zink_sampler_device &device);
   ~zink_sampler_cache();
   zink_sampler_cache(const zink_sampler_cache &) = delete;
   zink_sampler_cache &operator=(const zink_sampler_cache &) = delete;

   // A referenced sampler for `key`, created if needed. Keeps the live count within
   // maxSamplerAllocationCount and custom border colours within their budget by
   // recycling unreferenced samplers (least recently used first, only once the GPU is
   // done with them) and, for border colours, by falling back to the nearest built-in
   // colour with a warning; without `allow_border_fallback` it fails instead (VK_ERROR_TOO_MANY_OBJECTS),
   // so a caller that can free samplers (by finishing its batches) tries that first. Null on
   // failure, with `*result` the VkResult and `*error` a sentence.
   zink_sampler *acquire(const zink_sampler_key &key, VkResult *result, std::string *error,
                         bool allow_border_fallback = true);
   // Drops one reference; at zero the sampler stays cached until recycled.
   void release(zink_sampler *s);
   // Submission serials are device-wide: every context takes the serial of the batch it
   // starts recording from here, so "last used at serial N" means the same for all.
   uint64_t next_serial() { return next_serial_.fetch_add(1); }
   // A context registers how to wait for its batches and reports the oldest batch it has
   // not seen finish (the one it is recording when nothing is in flight). A sampler is
   // destroyed only when its last use is older than every registered context's report.
   void register_context(const void *ctx, wait_fn wait);
   void unregister_context(const void *ctx);
   void report_unfinished(const void *ctx, uint64_t oldest_unfinished_serial);
   void mark_used(zink_sampler *s, uint64_t serial);
   void set_create_hook(create_fn create) { create_ = std::move(create); }
   // Observes every vkDestroySampler (tests count real objects with it).
   using destroy_fn = std::function<void(VkSampler)>;
   void set_destroy_hook(destroy_fn destroy) { destroy_ = std::move(destroy); }

   zink_sampler_cache_stats stats() const;
   uint32_t max_live() const { return max_live_; }
   uint32_t max_custom() const { return max_custom_; }
   // Warnings raised so far (custom border fallbacks), newest last, at most 64 kept.
   std::vector<std::string> warnings() const;

private:
   // made: a sampler was destroyed (lock held throughout); retry: the lock was dropped to
   // wait for the GPU, decide again; none: nothing can be recycled.
   enum class room { made, retry, none };
   room make_room(bool custom, std::unique_lock<std::mutex> &lock);
   void destroy(zink_sampler *s);
   uint64_t completed_watermark() const;  // every serial <= this has finished

   struct context_entry {
      wait_fn wait;
      uint64_t oldest_unfinished;
      int waiting;  // wait callbacks in progress on other threads
   };

   const zink_sampler_device dev_;
   uint32_t max_live_, max_custom_;
   mutable std::mutex mutex_;
   std::condition_variable waits_done_;
   std::unordered_map<zink_sampler_key, zink_sampler *, zink_sampler_key_hash> map_;
   std::list<zink_sampler *> unreferenced_;  // front = least recently released
   std::atomic<uint64_t> next_serial_{1};
   std::unordered_map<const void *, context_entry> contexts_;
   zink_sampler_cache_stats stats_;
   std::vector<std::string> warnings_;
   create_fn create_;
   destroy_fn destroy_;
};

// The screen's own device-wide cache, for users that have no cache of their own (`clampler
// sample`, sample_scenario_device): made on first use, destroyed with the screen. Contexts may
// register with it like with any other cache.
zink_sampler_cache &zink_screen_sampler_cache(const zink_screen &screen);

}  // namespace clampler
