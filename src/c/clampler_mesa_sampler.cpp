// clampler_mesa_sampler: Mesa zink's VkSamplers from clampler's device-wide cache (include/clampler/c/clampler_mesa_sampler.h).
#include "clampler/zink/zink_sampler_cache.h"

#include "clampler/c/clampler_mesa_sampler.h"

#include <cstdio>
#include <cstring>
#include <new>

namespace {

static_assert(sizeof(clampler::zink_sampler_key) <= sizeof(clampler_mesa_sampler_key));

void write_error(char *error, size_t size, const std::string &m) {
   if (error && size)
      std::snprintf(error, size, "%s", m.c_str());
}

}  // namespace

struct clampler_mesa_sampler_cache {
   clampler::zink_sampler_cache cache;
   explicit clampler_mesa_sampler_cache(const clampler::zink_sampler_device &d) : cache(d) {}
};

extern "C" {

clampler_mesa_sampler_cache *clampler_mesa_sampler_cache_create(VkDevice device, PFN_vkCreateSampler create,
                                                                PFN_vkDestroySampler destroy,
                                                                uint32_t max_sampler_allocation_count,
                                                                uint32_t max_custom_border_color_samplers) {
   if (device == VK_NULL_HANDLE || !create || !destroy)
      return nullptr;
   clampler::zink_sampler_device d;
   d.device = device;
   d.create_sampler = create;
   d.destroy_sampler = destroy;
   d.max_sampler_allocation_count = max_sampler_allocation_count;
   d.max_custom_border_color_samplers = max_custom_border_color_samplers;
   return new (std::nothrow) clampler_mesa_sampler_cache(d);
}

void clampler_mesa_sampler_cache_destroy(clampler_mesa_sampler_cache *cache) { delete cache; }

int clampler_mesa_sampler_key_from_info(const VkSamplerCreateInfo *info, clampler_mesa_sampler_key *key, char *error,
                                        size_t error_size) {
   if (!info || !key) {
      write_error(error, error_size, "null VkSamplerCreateInfo or key");
      return 0;
   }
   clampler::zink_sampler_key k;
   std::string why;
   try {
      if (!clampler::zink_sampler_key_from_info(*info, &k, &why)) {
         write_error(error, error_size, why);
         return 0;
      }
   } catch (...) {
      write_error(error, error_size, "out of memory");
      return 0;
   }
   std::memset(key, 0, sizeof(*key));
   std::memcpy(key, &k, sizeof(k));
   return 1;
}

clampler_mesa_sampler *clampler_mesa_sampler_acquire(clampler_mesa_sampler_cache *cache,
                                                     const clampler_mesa_sampler_key *key, unsigned flags,
                                                     VkSampler *sampler, VkResult *result, char *error,
                                                     size_t error_size) {
   VkResult r = VK_ERROR_INITIALIZATION_FAILED;
   clampler::zink_sampler *s = nullptr;
   if (!cache || !key) {
      write_error(error, error_size, "null sampler cache or key");
   } else {
      clampler::zink_sampler_key k;
      std::memcpy(static_cast<void *>(&k), key, sizeof(k));  // the key is plain bytes (zink_sampler.h)
      std::string why;
      try {
         s = cache->cache.acquire(k, &r, &why, !(flags & CLAMPLER_MESA_SAMPLER_NO_BORDER_FALLBACK));
      } catch (...) {
         r = VK_ERROR_OUT_OF_HOST_MEMORY;
         why = "out of host memory";
      }
      if (!s)
         write_error(error, error_size, why);
   }
   if (result)
      *result = r;
   if (sampler)
      *sampler = s ? s->sampler : VK_NULL_HANDLE;
   return reinterpret_cast<clampler_mesa_sampler *>(s);
}

void clampler_mesa_sampler_release(clampler_mesa_sampler_cache *cache, clampler_mesa_sampler *entry) {
   if (cache && entry)
      cache->cache.release(reinterpret_cast<clampler::zink_sampler *>(entry));
}

void clampler_mesa_sampler_cache_stats(const clampler_mesa_sampler_cache *cache, clampler_mesa_sampler_stats *stats) {
   if (!stats)
      return;
   std::memset(stats, 0, sizeof(*stats));
   if (!cache)
      return;
   const clampler::zink_sampler_cache_stats s = cache->cache.stats();
   stats->hits = s.hits;
   stats->creates = s.creates;
   stats->destroys = s.destroys;
   stats->create_failures = s.create_failures;
   stats->custom_fallbacks = s.custom_fallbacks;
   stats->live = s.live;
   stats->live_custom = s.live_custom;
   stats->peak_live = s.peak_live;
   stats->peak_custom = s.peak_custom;
}

}  // extern "C"
