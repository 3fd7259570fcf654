// zink_sampler_cache: device-wide VkSampler dedupe with reference counts, budgets and late destruction.
#include "clampler/zink/zink_sampler_cache.h"

#include <algorithm>

namespace clampler {

zink_sampler_cache::zink_sampler_cache(const zink_sampler_device &device)
    : dev_(device), max_live_(device.max_sampler_allocation_count),
      max_custom_(device.max_custom_border_color_samplers) {}

zink_sampler_cache::~zink_sampler_cache() {
   for (auto &kv : map_) {
      if (destroy_)
         destroy_(kv.second->sampler);
      if (dev_.destroy_sampler && kv.second->sampler != VK_NULL_HANDLE)
         dev_.destroy_sampler(dev_.device, kv.second->sampler, nullptr);
      delete kv.second;
   }
}

void zink_sampler_cache::destroy(zink_sampler *s) {
   if (destroy_)
      destroy_(s->sampler);
   if (dev_.destroy_sampler && s->sampler != VK_NULL_HANDLE)
      dev_.destroy_sampler(dev_.device, s->sampler, nullptr);
   unreferenced_.erase(s->lru);
   if (s->key.uses_custom_border())
      --stats_.live_custom;
   --stats_.live;
   ++stats_.destroys;
   map_.erase(s->key);
   delete s;
}

uint64_t zink_sampler_cache::completed_watermark() const {
   uint64_t oldest = next_serial_.load();
   for (const auto &kv : contexts_)
      oldest = std::min(oldest, kv.second.oldest_unfinished);
   return oldest - 1;
}

void zink_sampler_cache::register_context(const void *ctx, wait_fn wait) {
   std::lock_guard<std::mutex> lock(mutex_);
   contexts_[ctx] = {std::move(wait), next_serial_.load(), 0};
}

void zink_sampler_cache::unregister_context(const void *ctx) {
   std::unique_lock<std::mutex> lock(mutex_);
   // Another thread may be inside this context's wait callback: the context must outlive it.
   waits_done_.wait(lock, [&] {
      auto it = contexts_.find(ctx);
      return it == contexts_.end() || it->second.waiting == 0;
   });
   contexts_.erase(ctx);
}

void zink_sampler_cache::report_unfinished(const void *ctx, uint64_t oldest_unfinished_serial) {
   std::lock_guard<std::mutex> lock(mutex_);
   auto it = contexts_.find(ctx);
   if (it != contexts_.end())
      it->second.oldest_unfinished = oldest_unfinished_serial;
}

zink_sampler_cache::room zink_sampler_cache::make_room(bool custom, std::unique_lock<std::mutex> &lock) {
   // 1. The least recently released sampler that no unfinished batch can read.
   const uint64_t done = completed_watermark();
   zink_sampler *oldest_use = nullptr;
   for (zink_sampler *s : unreferenced_) {
      if (custom && !s->key.uses_custom_border())
         continue;
      const uint64_t use = s->last_use.load(std::memory_order_acquire);
      if (use <= done) {
         destroy(s);
         return room::made;
      }
      if (!oldest_use || use < oldest_use->last_use.load(std::memory_order_acquire))
         oldest_use = s;
   }
   if (!oldest_use)
      return room::none;  // everything that counts is referenced
   // 2. Every candidate may still be read by the GPU: wait for the oldest use, then the
   // caller decides again from scratch (the lock is dropped meanwhile).
   const uint64_t serial = oldest_use->last_use.load(std::memory_order_acquire);
   std::vector<std::pair<const void *, wait_fn>> waits;
   for (auto &kv : contexts_)
      if (kv.second.oldest_unfinished <= serial && kv.second.wait) {
         ++kv.second.waiting;
         waits.emplace_back(kv.first, kv.second.wait);
      }
   if (waits.empty())
      return room::none;
   ++stats_.waits;
   lock.unlock();
   bool all_done = true;  // every batch up to `serial` finished (a context may be unable to wait)
   for (auto &w : waits)
      all_done = w.second(serial) && all_done;
   lock.lock();
   for (auto &w : waits) {
      auto it = contexts_.find(w.first);
      if (it != contexts_.end())
         --it->second.waiting;
   }
   waits_done_.notify_all();
   // Decide again from scratch. (A context constructed meanwhile may hold the watermark
   // back; the next round waits for it too, and the caller bounds the rounds.)
   return all_done ? room::retry : room::none;
}

zink_sampler *zink_sampler_cache::acquire(const zink_sampler_key &key, VkResult *result, std::string *error,
                                          bool allow_border_fallback) {
   std::unique_lock<std::mutex> lock(mutex_);
   zink_sampler_key k = key;
   // Decide from scratch after anything that dropped the lock: another thread may have
   // created the same key or taken the budget meanwhile.
   for (int round = 0; round < 1024; ++round) {
      auto found = map_.find(k);
      if (found != map_.end()) {
         zink_sampler *s = found->second;
         if (s->refs++ == 0)
            unreferenced_.erase(s->lru);
         ++stats_.hits;
         *result = VK_SUCCESS;
         return s;
      }
      if (k.uses_custom_border() && stats_.live_custom >= max_custom_) {
         const room r = make_room(true, lock);
         if (r != room::none)
            continue;
         if (!allow_border_fallback) {
            *result = VK_ERROR_TOO_MANY_OBJECTS;
            if (error)
               *error = "maxCustomBorderColorSamplers (" + std::to_string(max_custom_) +
                        ") reached and every custom border colour sampler is in use";
            ++stats_.create_failures;
            return nullptr;
         }
         // Custom border colour budget spent and nothing to recycle: nearest built-in colour.
         k = zink_sampler_key_builtin_border(key);
         ++stats_.custom_fallbacks;
         if (warnings_.size() >= 64)
            warnings_.erase(warnings_.begin());
         warnings_.push_back("custom border colour budget (" + std::to_string(max_custom_) +
                             ") spent: nearest built-in border colour used");
         continue;
      }
      if (stats_.live >= max_live_) {
         const room r = make_room(false, lock);
         if (r != room::none)
            continue;
         break;
      }
      // Room for it, and the lock has been held since the look-up: create.
      zink_sampler_create_info ci(k);
      VkSampler vs = VK_NULL_HANDLE;
      const VkResult r = create_                                    ? create_(&ci.info, &vs)
                         : dev_.create_sampler && dev_.device != VK_NULL_HANDLE ? dev_.create_sampler(dev_.device, &ci.info, nullptr, &vs)
                                                                              : VK_ERROR_INITIALIZATION_FAILED;
      *result = r;
      if (r != VK_SUCCESS) {
         ++stats_.create_failures;
         if (error)
            *error = std::string("vkCreateSampler failed: ") +
                     (r == VK_ERROR_OUT_OF_HOST_MEMORY     ? "VK_ERROR_OUT_OF_HOST_MEMORY"
                      : r == VK_ERROR_OUT_OF_DEVICE_MEMORY ? "VK_ERROR_OUT_OF_DEVICE_MEMORY"
                      : r == VK_ERROR_TOO_MANY_OBJECTS     ? "VK_ERROR_TOO_MANY_OBJECTS"
                      : r == VK_ERROR_INITIALIZATION_FAILED
                         ? "VK_ERROR_INITIALIZATION_FAILED (the adopted device has no VkDevice or vkCreateSampler)"
                                                           : "VkResult " + std::to_string(r));
         return nullptr;
      }
      auto *s = new zink_sampler;
      s->key = k;
      s->sampler = vs;
      s->refs = 1;
      map_.emplace(k, s);
      ++stats_.creates;
      ++stats_.live;
      if (k.uses_custom_border())
         ++stats_.live_custom;
      stats_.peak_live = std::max(stats_.peak_live, stats_.live);
      stats_.peak_custom = std::max(stats_.peak_custom, stats_.live_custom);
      return s;
   }
   *result = VK_ERROR_TOO_MANY_OBJECTS;
   if (error)
      *error = "maxSamplerAllocationCount (" + std::to_string(max_live_) + ") reached and every sampler is in use";
   ++stats_.create_failures;
   return nullptr;
}

void zink_sampler_cache::release(zink_sampler *s) {
   if (!s)
      return;
   std::lock_guard<std::mutex> lock(mutex_);
   if (s->refs == 0)
      return;  // defensive: never underflow
   if (--s->refs == 0)
      s->lru = unreferenced_.insert(unreferenced_.end(), s);
}

void zink_sampler_cache::mark_used(zink_sampler *s, uint64_t serial) {
   uint64_t cur = s->last_use.load(std::memory_order_relaxed);
   while (cur < serial && !s->last_use.compare_exchange_weak(cur, serial, std::memory_order_release,
                                                             std::memory_order_relaxed)) {
   }
}

zink_sampler_cache_stats zink_sampler_cache::stats() const {
   std::lock_guard<std::mutex> lock(mutex_);
   return stats_;
}

std::vector<std::string> zink_sampler_cache::warnings() const {
   std::lock_guard<std::mutex> lock(mutex_);
   return warnings_;
}

}  // namespace clampler
