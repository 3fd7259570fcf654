/* clampler_mesa_sampler: the C interface through which Mesa's zink gets its VkSamplers from clampler's cache. */
#ifndef CLAMPLER_MESA_SAMPLER_H
#define CLAMPLER_MESA_SAMPLER_H

#include <stddef.h>
#include <stdint.h>
#include <vulkan/vulkan_core.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One device-wide cache per VkDevice (clampler's zink_sampler_cache adopting a device it did not
 * create): equal samplers are created once for every context, the live count stays within
 * maxSamplerAllocationCount and custom border colours within maxCustomBorderColorSamplers, and a
 * sampler is destroyed only when nothing references it. The caller references what a command
 * buffer may still read (zink: the batch that recorded it, released when the batch is reset), so
 * the cache never destroys a sampler the GPU may read. Thread-safe; no function throws. */
struct clampler_mesa_sampler_cache;
/* One referenced entry of the cache. */
struct clampler_mesa_sampler;

/* A normalised VkSamplerCreateInfo (clampler's zink_sampler_key), computed once per Gallium
 * sampler state and copied freely. */
struct clampler_mesa_sampler_key {
   uint32_t words[16];
};

/* A cache on `device` creating through `create` and destroying through `destroy` (the driver's
 * own dispatch), within the two limits the device answers. Null if an argument is null (or no
 * memory). The device must outlive the cache. */
struct clampler_mesa_sampler_cache *clampler_mesa_sampler_cache_create(VkDevice device, PFN_vkCreateSampler create,
                                                                       PFN_vkDestroySampler destroy,
                                                                       uint32_t max_sampler_allocation_count,
                                                                       uint32_t max_custom_border_color_samplers);
/* Destroys every sampler still cached; references still held become invalid. Null is allowed. */
void clampler_mesa_sampler_cache_destroy(struct clampler_mesa_sampler_cache *cache);

/* The key of `info` and its chain (reduction mode, custom border colour, border colour mapping).
 * Returns 1; returns 0 and writes a sentence to `error` (`error_size` bytes, NUL-terminated; may
 * be null) for a chained struct or flag the cache does not key on. */
int clampler_mesa_sampler_key_from_info(const VkSamplerCreateInfo *info, struct clampler_mesa_sampler_key *key,
                                        char *error, size_t error_size);

/* With this flag, a spent custom border colour budget fails the acquire (VK_ERROR_TOO_MANY_OBJECTS)
 * instead of falling back to the nearest built-in colour: the caller frees what it can (finishes
 * its batches) and asks again without it. */
#define CLAMPLER_MESA_SAMPLER_NO_BORDER_FALLBACK 1u

/* A referenced sampler for `key`: `*sampler` is its VkSampler. Null on failure with `*result` the
 * VkResult (VK_ERROR_TOO_MANY_OBJECTS when a budget is reached and every sampler is referenced)
 * and a sentence in `error` (may be null). */
struct clampler_mesa_sampler *clampler_mesa_sampler_acquire(struct clampler_mesa_sampler_cache *cache,
                                                            const struct clampler_mesa_sampler_key *key,
                                                            unsigned flags, VkSampler *sampler, VkResult *result,
                                                            char *error, size_t error_size);
/* Drops one reference (null is allowed); at zero the sampler stays cached until its budget needs it. */
void clampler_mesa_sampler_release(struct clampler_mesa_sampler_cache *cache, struct clampler_mesa_sampler *entry);

struct clampler_mesa_sampler_stats {
   uint64_t hits, creates, destroys, create_failures, custom_fallbacks;
   uint32_t live, live_custom, peak_live, peak_custom;
};
void clampler_mesa_sampler_cache_stats(const struct clampler_mesa_sampler_cache *cache,
                                       struct clampler_mesa_sampler_stats *stats);

#ifdef __cplusplus
}
#endif

#endif /* CLAMPLER_MESA_SAMPLER_H */
