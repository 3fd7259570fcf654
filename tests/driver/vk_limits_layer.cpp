// VK_LAYER_CLAMPLER_limits: a Vulkan layer that makes a device answer lower sampler limits and keep them.
//
// It lowers VkPhysicalDeviceLimits::maxSamplerAllocationCount and
// VkPhysicalDeviceCustomBorderColorPropertiesEXT::maxCustomBorderColorSamplers to the values in
// CLAMPLER_LIMIT_MAX_SAMPLERS and CLAMPLER_LIMIT_MAX_CUSTOM_BORDER (unset: the device's own), in
// vkGetPhysicalDeviceProperties and vkGetPhysicalDeviceProperties2, so a driver and the validation
// layer above it see a device with those limits. It counts the VkSamplers alive on each device
// (those with a custom border colour apart) and, as a device with those limits may, refuses a
// vkCreateSampler that would exceed one with VK_ERROR_OUT_OF_DEVICE_MEMORY. At vkDestroyDevice it
// appends one line to the file CLAMPLER_LIMIT_REPORT (if set):
//   limits max_samplers=N max_custom=N peak_live=N peak_custom=N creates=N refused=N live_at_destroy=N
// (live_at_exit=N instead for a device still alive when the process exits).
// Fault injection, as a device out of memory would: CLAMPLER_LIMIT_FAIL_SAMPLER_EVERY=N fails every
// Nth vkCreateSampler call, CLAMPLER_LIMIT_FAIL_SAMPLER_AFTER=N every call after the first N, with
// VK_ERROR_OUT_OF_DEVICE_MEMORY (counted in refused); CLAMPLER_LIMIT_FAIL_IMAGE_VIEW_EVERY=N and
// CLAMPLER_LIMIT_FAIL_IMAGE_VIEW_AFTER=N do the same to vkCreateImageView, and the report line then
// ends with " views=N views_refused=N views_live_at_destroy=N" (image views created, refused, and
// still alive when the device is destroyed: a leak); CLAMPLER_LIMIT_FAIL_BUFFER_VIEW_EVERY=N and
// CLAMPLER_LIMIT_FAIL_BUFFER_VIEW_AFTER=N do the same to vkCreateBufferView (texel buffer views:
// buffer textures, image buffers), reported as " buffer_views=N buffer_views_refused=N
// buffer_views_live_at_destroy=N".
// Device loss, as a GPU hang or reset would: with CLAMPLER_LIMIT_LOSE_DEVICE_AFTER=N the device is
// lost at the (N+1)th vkQueueSubmit. That submit is not forwarded (after the real queue has gone
// idle, so nothing submitted earlier still runs while the driver tears down) and returns
// VK_ERROR_DEVICE_LOST, as do every later vkQueueSubmit, vkQueueWaitIdle, vkDeviceWaitIdle,
// vkWaitSemaphores, vkWaitForFences, vkGetSemaphoreCounterValue and vkGetFenceStatus; the report
// line then ends with " submits=N lost=0|1".
// With CLAMPLER_LIMIT_COUNT_LIBRARIES=1 the line also ends with " library_pipelines=N": the
// graphics pipelines created as pipeline libraries (VK_PIPELINE_CREATE_LIBRARY_BIT_KHR), which
// tell whether a driver took that path.
// Enable it below the validation layer, so validation checks against the lowered limits:
//   VK_LAYER_PATH=DIR VK_INSTANCE_LAYERS=VK_LAYER_KHRONOS_validation:VK_LAYER_CLAMPLER_limits
#include <vulkan/vk_layer.h>
#include <vulkan/vulkan.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>

namespace {

void *dispatch_key(const void *object) { return *static_cast<void *const *>(object); }

struct instance_data {
   PFN_vkGetInstanceProcAddr gipa = nullptr;
   PFN_vkDestroyInstance destroy_instance = nullptr;
   PFN_vkGetPhysicalDeviceProperties properties = nullptr;
   PFN_vkGetPhysicalDeviceProperties2 properties2 = nullptr;
   PFN_vkGetPhysicalDeviceProperties2 properties2_khr = nullptr;
};

// A view creation the layer may refuse, as a device out of memory would: every Nth call, or every
// call after the first N; what was created and is still alive is counted.
struct view_faults {
   uint32_t fail_every = UINT32_MAX, fail_after = UINT32_MAX;
   uint64_t calls = 0, created = 0, refused = 0, live = 0;
   bool enabled() const { return fail_every != UINT32_MAX || fail_after != UINT32_MAX; }
   bool refuse() {  // counts the call; true when it is to fail
      ++calls;
      if ((fail_every != UINT32_MAX && calls % fail_every == 0) || calls > fail_after) {
         ++refused;
         return true;
      }
      return false;
   }
   void read_env(const char *every, const char *after);
};

struct device_data {
   PFN_vkGetDeviceProcAddr gdpa = nullptr;
   PFN_vkDestroyDevice destroy_device = nullptr;
   PFN_vkCreateSampler create_sampler = nullptr;
   PFN_vkDestroySampler destroy_sampler = nullptr;
   PFN_vkCreateImageView create_view = nullptr;
   PFN_vkCreateBufferView create_buffer_view = nullptr;
   PFN_vkQueueWaitIdle queue_wait_idle = nullptr;
   PFN_vkQueueSubmit queue_submit = nullptr;
   PFN_vkQueueSubmit2 queue_submit2 = nullptr;
   PFN_vkDeviceWaitIdle device_wait_idle = nullptr;
   PFN_vkWaitSemaphores wait_semaphores = nullptr;
   PFN_vkWaitForFences wait_for_fences = nullptr;
   PFN_vkGetSemaphoreCounterValue semaphore_value = nullptr;
   PFN_vkGetFenceStatus fence_status = nullptr;
   PFN_vkCreateGraphicsPipelines create_pipelines = nullptr;
   bool count_libraries = false;  // CLAMPLER_LIMIT_COUNT_LIBRARIES
   uint64_t library_pipelines = 0;
   uint32_t lose_after = UINT32_MAX;  // CLAMPLER_LIMIT_LOSE_DEVICE_AFTER
   uint64_t submits = 0;
   bool lost = false;
   PFN_vkDestroyImageView destroy_view = nullptr;
   PFN_vkDestroyBufferView destroy_buffer_view = nullptr;
   uint32_t max_samplers = UINT32_MAX, max_custom = UINT32_MAX;
   uint32_t fail_every = UINT32_MAX;  // CLAMPLER_LIMIT_FAIL_SAMPLER_EVERY
   uint32_t fail_after = UINT32_MAX;  // CLAMPLER_LIMIT_FAIL_SAMPLER_AFTER
   uint64_t calls = 0;
   view_faults image_views;   // CLAMPLER_LIMIT_FAIL_IMAGE_VIEW_EVERY / _AFTER
   view_faults buffer_views;  // CLAMPLER_LIMIT_FAIL_BUFFER_VIEW_EVERY / _AFTER
   uint32_t live = 0, live_custom = 0, peak_live = 0, peak_custom = 0;
   uint64_t creates = 0, refused = 0;
   std::unordered_map<uint64_t, bool> samplers;  // handle -> has a custom border colour
};

std::mutex g_lock;
std::unordered_map<void *, instance_data> g_instances;  // by dispatch key (physical devices share it)
std::unordered_map<void *, device_data> g_devices;

uint32_t env_limit(const char *name) {
   const char *v = std::getenv(name);
   if (!v || !*v)
      return UINT32_MAX;
   char *end = nullptr;
   const unsigned long n = std::strtoul(v, &end, 10);
   if (*end) {
      std::fprintf(stderr, "VK_LAYER_CLAMPLER_limits: %s=%s is not a number; ignored\n", name, v);
      return UINT32_MAX;
   }
   return static_cast<uint32_t>(n);
}

void view_faults::read_env(const char *every, const char *after) {
   fail_every = env_limit(every);
   if (fail_every == 0)
      fail_every = UINT32_MAX;
   fail_after = env_limit(after);
}

void lower(VkPhysicalDeviceProperties &p) {
   p.limits.maxSamplerAllocationCount = std::min(p.limits.maxSamplerAllocationCount,
                                                 env_limit("CLAMPLER_LIMIT_MAX_SAMPLERS"));
}

void lower_chain(VkPhysicalDeviceProperties2 *p) {
   lower(p->properties);
   for (auto *s = static_cast<VkBaseOutStructure *>(p->pNext); s; s = s->pNext)
      if (s->sType == VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_PROPERTIES_EXT) {
         auto *b = reinterpret_cast<VkPhysicalDeviceCustomBorderColorPropertiesEXT *>(s);
         b->maxCustomBorderColorSamplers =
            std::min(b->maxCustomBorderColorSamplers, env_limit("CLAMPLER_LIMIT_MAX_CUSTOM_BORDER"));
      }
}

bool custom_border(const VkSamplerCreateInfo *info) {
   return info->borderColor == VK_BORDER_COLOR_FLOAT_CUSTOM_EXT || info->borderColor == VK_BORDER_COLOR_INT_CUSTOM_EXT;
}

VKAPI_ATTR void VKAPI_CALL GetPhysicalDeviceProperties(VkPhysicalDevice pd, VkPhysicalDeviceProperties *p) {
   PFN_vkGetPhysicalDeviceProperties next;
   {
      std::lock_guard<std::mutex> l(g_lock);
      next = g_instances[dispatch_key(pd)].properties;
   }
   next(pd, p);
   lower(*p);
}

// vkGetPhysicalDeviceProperties2 or its KHR alias (`khr`), through the next layer's entry point of
// that name where it has one, else the other, then lowered.
void properties2(VkPhysicalDevice pd, VkPhysicalDeviceProperties2 *p, bool khr) {
   PFN_vkGetPhysicalDeviceProperties2 next;
   {
      std::lock_guard<std::mutex> l(g_lock);
      const instance_data &d = g_instances[dispatch_key(pd)];
      const PFN_vkGetPhysicalDeviceProperties2 own = khr ? d.properties2_khr : d.properties2;
      next = own ? own : (khr ? d.properties2 : d.properties2_khr);
   }
   next(pd, p);
   lower_chain(p);
}

VKAPI_ATTR void VKAPI_CALL GetPhysicalDeviceProperties2(VkPhysicalDevice pd, VkPhysicalDeviceProperties2 *p) {
   properties2(pd, p, false);
}

VKAPI_ATTR void VKAPI_CALL GetPhysicalDeviceProperties2KHR(VkPhysicalDevice pd, VkPhysicalDeviceProperties2 *p) {
   properties2(pd, p, true);
}

VKAPI_ATTR VkResult VKAPI_CALL CreateSampler(VkDevice device, const VkSamplerCreateInfo *info,
                                             const VkAllocationCallbacks *alloc, VkSampler *out) {
   std::unique_lock<std::mutex> l(g_lock);
   device_data &d = g_devices[dispatch_key(device)];
   const bool custom = custom_border(info);
   ++d.calls;
   const bool injected = (d.fail_every != UINT32_MAX && d.calls % d.fail_every == 0) || d.calls > d.fail_after;
   if (injected || d.live >= d.max_samplers || (custom && d.live_custom >= d.max_custom)) {
      ++d.refused;
      return VK_ERROR_OUT_OF_DEVICE_MEMORY;
   }
   const VkResult r = d.create_sampler(device, info, alloc, out);
   if (r != VK_SUCCESS)
      return r;
   ++d.creates;
   d.samplers[reinterpret_cast<uint64_t>(*out)] = custom;
   d.peak_live = std::max(d.peak_live, ++d.live);
   if (custom)
      d.peak_custom = std::max(d.peak_custom, ++d.live_custom);
   return r;
}

VKAPI_ATTR void VKAPI_CALL DestroySampler(VkDevice device, VkSampler sampler, const VkAllocationCallbacks *alloc) {
   std::unique_lock<std::mutex> l(g_lock);
   device_data &d = g_devices[dispatch_key(device)];
   auto it = d.samplers.find(reinterpret_cast<uint64_t>(sampler));
   if (it != d.samplers.end()) {
      --d.live;
      if (it->second)
         --d.live_custom;
      d.samplers.erase(it);
   }
   d.destroy_sampler(device, sampler, alloc);
}

// vkCreateImageView / vkCreateBufferView through the device's view_faults.
template <typename Info, typename Handle>
VkResult create_view(VkDevice device, view_faults device_data::*faults,
                     VkResult(VKAPI_PTR *device_data::*create)(VkDevice, const Info *, const VkAllocationCallbacks *, Handle *),
                     const Info *info, const VkAllocationCallbacks *alloc, Handle *out) {
   VkResult(VKAPI_PTR * next)(VkDevice, const Info *, const VkAllocationCallbacks *, Handle *);
   {
      std::lock_guard<std::mutex> l(g_lock);
      device_data &d = g_devices[dispatch_key(device)];
      if ((d.*faults).refuse())
         return VK_ERROR_OUT_OF_DEVICE_MEMORY;
      next = d.*create;
   }
   const VkResult r = next(device, info, alloc, out);
   if (r == VK_SUCCESS) {
      std::lock_guard<std::mutex> l(g_lock);
      view_faults &f = g_devices[dispatch_key(device)].*faults;
      ++f.created;
      ++f.live;
   }
   return r;
}

template <typename Handle>
void destroy_view(VkDevice device, view_faults device_data::*faults,
                  void(VKAPI_PTR *device_data::*destroy)(VkDevice, Handle, const VkAllocationCallbacks *), Handle view,
                  const VkAllocationCallbacks *alloc) {
   void(VKAPI_PTR * next)(VkDevice, Handle, const VkAllocationCallbacks *);
   {
      std::lock_guard<std::mutex> l(g_lock);
      device_data &d = g_devices[dispatch_key(device)];
      view_faults &f = d.*faults;
      if (view != VK_NULL_HANDLE && f.live)
         --f.live;
      next = d.*destroy;
   }
   next(device, view, alloc);
}

VKAPI_ATTR VkResult VKAPI_CALL CreateImageView(VkDevice device, const VkImageViewCreateInfo *info,
                                               const VkAllocationCallbacks *alloc, VkImageView *out) {
   return create_view(device, &device_data::image_views, &device_data::create_view, info, alloc, out);
}

VKAPI_ATTR VkResult VKAPI_CALL CreateBufferView(VkDevice device, const VkBufferViewCreateInfo *info,
                                                const VkAllocationCallbacks *alloc, VkBufferView *out) {
   return create_view(device, &device_data::buffer_views, &device_data::create_buffer_view, info, alloc, out);
}

VKAPI_ATTR void VKAPI_CALL DestroyBufferView(VkDevice device, VkBufferView view, const VkAllocationCallbacks *alloc) {
   destroy_view(device, &device_data::buffer_views, &device_data::destroy_buffer_view, view, alloc);
}

VKAPI_ATTR void VKAPI_CALL DestroyImageView(VkDevice device, VkImageView view, const VkAllocationCallbacks *alloc) {
   destroy_view(device, &device_data::image_views, &device_data::destroy_view, view, alloc);
}

VKAPI_ATTR VkResult VKAPI_CALL CreateGraphicsPipelines(VkDevice device, VkPipelineCache cache, uint32_t n,
                                                       const VkGraphicsPipelineCreateInfo *infos,
                                                       const VkAllocationCallbacks *alloc, VkPipeline *out) {
   PFN_vkCreateGraphicsPipelines next;
   {
      std::lock_guard<std::mutex> l(g_lock);
      device_data &d = g_devices[dispatch_key(device)];
      next = d.create_pipelines;
      for (uint32_t i = 0; i < n; ++i)
         d.library_pipelines += (infos[i].flags & VK_PIPELINE_CREATE_LIBRARY_BIT_KHR) != 0;
   }
   return next(device, cache, n, infos, alloc, out);
}

// The device data of `device`'s dispatch key (a VkQueue shares its device's).
template <typename Fn>
Fn device_entry(const void *object, Fn device_data::*member, bool *lost) {
   std::lock_guard<std::mutex> l(g_lock);
   device_data &d = g_devices[dispatch_key(object)];
   *lost = d.lost;
   return d.*member;
}

// Counts a submit; at the one that loses the device, waits for the real queue first.
bool submit_loses(VkQueue queue) {
   PFN_vkQueueWaitIdle idle = nullptr;
   {
      std::lock_guard<std::mutex> l(g_lock);
      device_data &d = g_devices[dispatch_key(queue)];
      if (d.lost)
         return true;
      if (++d.submits <= d.lose_after)
         return false;
      d.lost = true;
      idle = d.queue_wait_idle;
   }
   idle(queue);  // the caller holds the queue (external synchronization), as for its submit
   return true;
}

VKAPI_ATTR VkResult VKAPI_CALL QueueSubmit(VkQueue queue, uint32_t n, const VkSubmitInfo *infos, VkFence fence) {
   if (submit_loses(queue))
      return VK_ERROR_DEVICE_LOST;
   bool lost = false;
   return device_entry(queue, &device_data::queue_submit, &lost)(queue, n, infos, fence);
}

VKAPI_ATTR VkResult VKAPI_CALL QueueSubmit2(VkQueue queue, uint32_t n, const VkSubmitInfo2 *infos, VkFence fence) {
   if (submit_loses(queue))
      return VK_ERROR_DEVICE_LOST;
   bool lost = false;
   return device_entry(queue, &device_data::queue_submit2, &lost)(queue, n, infos, fence);
}

VKAPI_ATTR VkResult VKAPI_CALL QueueWaitIdle(VkQueue queue) {
   bool lost = false;
   const auto next = device_entry(queue, &device_data::queue_wait_idle, &lost);
   return lost ? VK_ERROR_DEVICE_LOST : next(queue);
}

VKAPI_ATTR VkResult VKAPI_CALL DeviceWaitIdle(VkDevice device) {
   bool lost = false;
   const auto next = device_entry(device, &device_data::device_wait_idle, &lost);
   return lost ? VK_ERROR_DEVICE_LOST : next(device);
}

VKAPI_ATTR VkResult VKAPI_CALL WaitSemaphores(VkDevice device, const VkSemaphoreWaitInfo *info, uint64_t timeout) {
   bool lost = false;
   const auto next = device_entry(device, &device_data::wait_semaphores, &lost);
   return lost ? VK_ERROR_DEVICE_LOST : next(device, info, timeout);
}

VKAPI_ATTR VkResult VKAPI_CALL WaitForFences(VkDevice device, uint32_t n, const VkFence *fences, VkBool32 all,
                                             uint64_t timeout) {
   bool lost = false;
   const auto next = device_entry(device, &device_data::wait_for_fences, &lost);
   return lost ? VK_ERROR_DEVICE_LOST : next(device, n, fences, all, timeout);
}

VKAPI_ATTR VkResult VKAPI_CALL GetSemaphoreCounterValue(VkDevice device, VkSemaphore sem, uint64_t *value) {
   bool lost = false;
   const auto next = device_entry(device, &device_data::semaphore_value, &lost);
   return lost ? VK_ERROR_DEVICE_LOST : next(device, sem, value);
}

VKAPI_ATTR VkResult VKAPI_CALL GetFenceStatus(VkDevice device, VkFence fence) {
   bool lost = false;
   const auto next = device_entry(device, &device_data::fence_status, &lost);
   return lost ? VK_ERROR_DEVICE_LOST : next(device, fence);
}

void report(const device_data &d, const char *when) {
   if (const char *path = std::getenv("CLAMPLER_LIMIT_REPORT"); path && *path) {
      if (FILE *f = std::fopen(path, "a")) {
         std::fprintf(f, "limits max_samplers=%u max_custom=%u peak_live=%u peak_custom=%u creates=%llu refused=%llu "
                         "live_at_%s=%u",
                      d.max_samplers, d.max_custom, d.peak_live, d.peak_custom,
                      static_cast<unsigned long long>(d.creates), static_cast<unsigned long long>(d.refused), when,
                      d.live);
         for (const auto &[name, v] : {std::pair<const char *, const view_faults *>{"views", &d.image_views},
                                       std::pair<const char *, const view_faults *>{"buffer_views", &d.buffer_views}})
            if (v->enabled())
               std::fprintf(f, " %s=%llu %s_refused=%llu %s_live_at_%s=%llu", name,
                            static_cast<unsigned long long>(v->created), name,
                            static_cast<unsigned long long>(v->refused), name, when,
                            static_cast<unsigned long long>(v->live));
         if (d.lose_after != UINT32_MAX)
            std::fprintf(f, " submits=%llu lost=%d", static_cast<unsigned long long>(d.submits), d.lost ? 1 : 0);
         if (d.count_libraries)
            std::fprintf(f, " library_pipelines=%llu", static_cast<unsigned long long>(d.library_pipelines));
         std::fputc('\n', f);
         std::fclose(f);
      }
   }
}

// A program that exits without destroying its device (no eglTerminate) is reported when the
// layer is unloaded.
struct report_at_exit {
   ~report_at_exit() {
      std::lock_guard<std::mutex> l(g_lock);
      for (const auto &kv : g_devices)
         report(kv.second, "exit");
   }
} g_report_at_exit;

VKAPI_ATTR void VKAPI_CALL DestroyDevice(VkDevice device, const VkAllocationCallbacks *alloc) {
   device_data d;
   {
      std::lock_guard<std::mutex> l(g_lock);
      d = g_devices[dispatch_key(device)];
      g_devices.erase(dispatch_key(device));
   }
   report(d, "destroy");
   d.destroy_device(device, alloc);
}

VKAPI_ATTR VkResult VKAPI_CALL CreateInstance(const VkInstanceCreateInfo *info, const VkAllocationCallbacks *alloc,
                                              VkInstance *out) {
   auto *link = static_cast<VkLayerInstanceCreateInfo *>(const_cast<void *>(info->pNext));
   while (link && !(link->sType == VK_STRUCTURE_TYPE_LOADER_INSTANCE_CREATE_INFO && link->function == VK_LAYER_LINK_INFO))
      link = static_cast<VkLayerInstanceCreateInfo *>(const_cast<void *>(link->pNext));
   if (!link)
      return VK_ERROR_INITIALIZATION_FAILED;
   const PFN_vkGetInstanceProcAddr gipa = link->u.pLayerInfo->pfnNextGetInstanceProcAddr;
   link->u.pLayerInfo = link->u.pLayerInfo->pNext;
   auto create = reinterpret_cast<PFN_vkCreateInstance>(gipa(VK_NULL_HANDLE, "vkCreateInstance"));
   const VkResult r = create(info, alloc, out);
   if (r != VK_SUCCESS)
      return r;
   instance_data d;
   d.gipa = gipa;
   d.destroy_instance = reinterpret_cast<PFN_vkDestroyInstance>(gipa(*out, "vkDestroyInstance"));
   d.properties = reinterpret_cast<PFN_vkGetPhysicalDeviceProperties>(gipa(*out, "vkGetPhysicalDeviceProperties"));
   d.properties2 = reinterpret_cast<PFN_vkGetPhysicalDeviceProperties2>(gipa(*out, "vkGetPhysicalDeviceProperties2"));
   d.properties2_khr =
      reinterpret_cast<PFN_vkGetPhysicalDeviceProperties2>(gipa(*out, "vkGetPhysicalDeviceProperties2KHR"));
   std::lock_guard<std::mutex> l(g_lock);
   g_instances[dispatch_key(*out)] = d;
   return r;
}

VKAPI_ATTR void VKAPI_CALL DestroyInstance(VkInstance instance, const VkAllocationCallbacks *alloc) {
   PFN_vkDestroyInstance next;
   {
      std::lock_guard<std::mutex> l(g_lock);
      next = g_instances[dispatch_key(instance)].destroy_instance;
      g_instances.erase(dispatch_key(instance));
   }
   next(instance, alloc);
}

VKAPI_ATTR VkResult VKAPI_CALL CreateDevice(VkPhysicalDevice pd, const VkDeviceCreateInfo *info,
                                            const VkAllocationCallbacks *alloc, VkDevice *out) {
   auto *link = static_cast<VkLayerDeviceCreateInfo *>(const_cast<void *>(info->pNext));
   while (link && !(link->sType == VK_STRUCTURE_TYPE_LOADER_DEVICE_CREATE_INFO && link->function == VK_LAYER_LINK_INFO))
      link = static_cast<VkLayerDeviceCreateInfo *>(const_cast<void *>(link->pNext));
   if (!link)
      return VK_ERROR_INITIALIZATION_FAILED;
   const PFN_vkGetInstanceProcAddr gipa = link->u.pLayerInfo->pfnNextGetInstanceProcAddr;
   const PFN_vkGetDeviceProcAddr gdpa = link->u.pLayerInfo->pfnNextGetDeviceProcAddr;
   link->u.pLayerInfo = link->u.pLayerInfo->pNext;
   auto create = reinterpret_cast<PFN_vkCreateDevice>(gipa(VK_NULL_HANDLE, "vkCreateDevice"));
   const VkResult r = create(pd, info, alloc, out);
   if (r != VK_SUCCESS)
      return r;
   device_data d;
   d.gdpa = gdpa;
   d.destroy_device = reinterpret_cast<PFN_vkDestroyDevice>(gdpa(*out, "vkDestroyDevice"));
   d.create_sampler = reinterpret_cast<PFN_vkCreateSampler>(gdpa(*out, "vkCreateSampler"));
   d.destroy_sampler = reinterpret_cast<PFN_vkDestroySampler>(gdpa(*out, "vkDestroySampler"));
   d.max_samplers = env_limit("CLAMPLER_LIMIT_MAX_SAMPLERS");
   d.max_custom = env_limit("CLAMPLER_LIMIT_MAX_CUSTOM_BORDER");
   d.fail_every = env_limit("CLAMPLER_LIMIT_FAIL_SAMPLER_EVERY");
   if (d.fail_every == 0)
      d.fail_every = UINT32_MAX;
   d.fail_after = env_limit("CLAMPLER_LIMIT_FAIL_SAMPLER_AFTER");
   d.create_view = reinterpret_cast<PFN_vkCreateImageView>(gdpa(*out, "vkCreateImageView"));
   d.create_pipelines = reinterpret_cast<PFN_vkCreateGraphicsPipelines>(gdpa(*out, "vkCreateGraphicsPipelines"));
   d.count_libraries = env_limit("CLAMPLER_LIMIT_COUNT_LIBRARIES") == 1;
   d.destroy_view = reinterpret_cast<PFN_vkDestroyImageView>(gdpa(*out, "vkDestroyImageView"));
   d.image_views.read_env("CLAMPLER_LIMIT_FAIL_IMAGE_VIEW_EVERY", "CLAMPLER_LIMIT_FAIL_IMAGE_VIEW_AFTER");
   d.create_buffer_view = reinterpret_cast<PFN_vkCreateBufferView>(gdpa(*out, "vkCreateBufferView"));
   d.destroy_buffer_view = reinterpret_cast<PFN_vkDestroyBufferView>(gdpa(*out, "vkDestroyBufferView"));
   d.buffer_views.read_env("CLAMPLER_LIMIT_FAIL_BUFFER_VIEW_EVERY", "CLAMPLER_LIMIT_FAIL_BUFFER_VIEW_AFTER");
   d.queue_wait_idle = reinterpret_cast<PFN_vkQueueWaitIdle>(gdpa(*out, "vkQueueWaitIdle"));
   d.queue_submit = reinterpret_cast<PFN_vkQueueSubmit>(gdpa(*out, "vkQueueSubmit"));
   d.queue_submit2 = reinterpret_cast<PFN_vkQueueSubmit2>(gdpa(*out, "vkQueueSubmit2"));
   if (!d.queue_submit2)
      d.queue_submit2 = reinterpret_cast<PFN_vkQueueSubmit2>(gdpa(*out, "vkQueueSubmit2KHR"));
   d.device_wait_idle = reinterpret_cast<PFN_vkDeviceWaitIdle>(gdpa(*out, "vkDeviceWaitIdle"));
   d.wait_semaphores = reinterpret_cast<PFN_vkWaitSemaphores>(gdpa(*out, "vkWaitSemaphores"));
   if (!d.wait_semaphores)
      d.wait_semaphores = reinterpret_cast<PFN_vkWaitSemaphores>(gdpa(*out, "vkWaitSemaphoresKHR"));
   d.wait_for_fences = reinterpret_cast<PFN_vkWaitForFences>(gdpa(*out, "vkWaitForFences"));
   d.semaphore_value = reinterpret_cast<PFN_vkGetSemaphoreCounterValue>(gdpa(*out, "vkGetSemaphoreCounterValue"));
   if (!d.semaphore_value)
      d.semaphore_value =
         reinterpret_cast<PFN_vkGetSemaphoreCounterValue>(gdpa(*out, "vkGetSemaphoreCounterValueKHR"));
   d.fence_status = reinterpret_cast<PFN_vkGetFenceStatus>(gdpa(*out, "vkGetFenceStatus"));
   d.lose_after = env_limit("CLAMPLER_LIMIT_LOSE_DEVICE_AFTER");
   std::lock_guard<std::mutex> l(g_lock);
   g_devices[dispatch_key(*out)] = d;
   return r;
}

// The next layer's entry point recorded for `object`'s dispatch key; null for an unknown object.
template <typename Data, typename Fn>
Fn next_entry(const std::unordered_map<void *, Data> &map, const void *object, Fn Data::*member) {
   std::lock_guard<std::mutex> l(g_lock);
   auto it = map.find(dispatch_key(object));
   return it == map.end() ? nullptr : it->second.*member;
}

PFN_vkVoidFunction device_function(const char *name) {
   if (!std::strcmp(name, "vkCreateSampler"))
      return reinterpret_cast<PFN_vkVoidFunction>(&CreateSampler);
   if (!std::strcmp(name, "vkDestroySampler"))
      return reinterpret_cast<PFN_vkVoidFunction>(&DestroySampler);
   if (!std::strcmp(name, "vkCreateImageView"))
      return reinterpret_cast<PFN_vkVoidFunction>(&CreateImageView);
   if (!std::strcmp(name, "vkDestroyImageView"))
      return reinterpret_cast<PFN_vkVoidFunction>(&DestroyImageView);
   if (!std::strcmp(name, "vkCreateBufferView"))
      return reinterpret_cast<PFN_vkVoidFunction>(&CreateBufferView);
   if (!std::strcmp(name, "vkDestroyBufferView"))
      return reinterpret_cast<PFN_vkVoidFunction>(&DestroyBufferView);
   if (!std::strcmp(name, "vkDestroyDevice"))
      return reinterpret_cast<PFN_vkVoidFunction>(&DestroyDevice);
   if (!std::strcmp(name, "vkCreateGraphicsPipelines"))
      return reinterpret_cast<PFN_vkVoidFunction>(&CreateGraphicsPipelines);
   return nullptr;
}

// The device-loss entry points: offered only where the next layer has the function.
PFN_vkVoidFunction loss_function(const char *name) {
   static const struct {
      const char *name;
      PFN_vkVoidFunction fn;
   } loss[] = {
      {"vkQueueSubmit", reinterpret_cast<PFN_vkVoidFunction>(&QueueSubmit)},
      {"vkQueueSubmit2", reinterpret_cast<PFN_vkVoidFunction>(&QueueSubmit2)},
      {"vkQueueSubmit2KHR", reinterpret_cast<PFN_vkVoidFunction>(&QueueSubmit2)},
      {"vkQueueWaitIdle", reinterpret_cast<PFN_vkVoidFunction>(&QueueWaitIdle)},
      {"vkDeviceWaitIdle", reinterpret_cast<PFN_vkVoidFunction>(&DeviceWaitIdle)},
      {"vkWaitSemaphores", reinterpret_cast<PFN_vkVoidFunction>(&WaitSemaphores)},
      {"vkWaitSemaphoresKHR", reinterpret_cast<PFN_vkVoidFunction>(&WaitSemaphores)},
      {"vkWaitForFences", reinterpret_cast<PFN_vkVoidFunction>(&WaitForFences)},
      {"vkGetSemaphoreCounterValue", reinterpret_cast<PFN_vkVoidFunction>(&GetSemaphoreCounterValue)},
      {"vkGetSemaphoreCounterValueKHR", reinterpret_cast<PFN_vkVoidFunction>(&GetSemaphoreCounterValue)},
      {"vkGetFenceStatus", reinterpret_cast<PFN_vkVoidFunction>(&GetFenceStatus)},
   };
   for (const auto &e : loss)
      if (!std::strcmp(name, e.name))
         return e.fn;
   return nullptr;
}

}  // namespace

extern "C" {

VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL clampler_limits_GetDeviceProcAddr(VkDevice device, const char *name);

VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL clampler_limits_GetInstanceProcAddr(VkInstance instance, const char *name) {
   static const struct {
      const char *name;
      PFN_vkVoidFunction fn;
   } table[] = {
      {"vkGetInstanceProcAddr", reinterpret_cast<PFN_vkVoidFunction>(&clampler_limits_GetInstanceProcAddr)},
      {"vkGetDeviceProcAddr", reinterpret_cast<PFN_vkVoidFunction>(&clampler_limits_GetDeviceProcAddr)},
      {"vkCreateInstance", reinterpret_cast<PFN_vkVoidFunction>(&CreateInstance)},
      {"vkDestroyInstance", reinterpret_cast<PFN_vkVoidFunction>(&DestroyInstance)},
      {"vkCreateDevice", reinterpret_cast<PFN_vkVoidFunction>(&CreateDevice)},
      {"vkGetPhysicalDeviceProperties", reinterpret_cast<PFN_vkVoidFunction>(&GetPhysicalDeviceProperties)},
      {"vkGetPhysicalDeviceProperties2", reinterpret_cast<PFN_vkVoidFunction>(&GetPhysicalDeviceProperties2)},
      {"vkGetPhysicalDeviceProperties2KHR", reinterpret_cast<PFN_vkVoidFunction>(&GetPhysicalDeviceProperties2KHR)},
   };
   for (const auto &e : table)
      if (!std::strcmp(name, e.name))
         return e.fn;
   if (PFN_vkVoidFunction f = device_function(name))
      return f;
   if (!instance)
      return nullptr;
   const PFN_vkGetInstanceProcAddr next = next_entry(g_instances, instance, &instance_data::gipa);
   return next ? next(instance, name) : nullptr;
}

VKAPI_ATTR PFN_vkVoidFunction VKAPI_CALL clampler_limits_GetDeviceProcAddr(VkDevice device, const char *name) {
   if (!std::strcmp(name, "vkGetDeviceProcAddr"))
      return reinterpret_cast<PFN_vkVoidFunction>(&clampler_limits_GetDeviceProcAddr);
   if (PFN_vkVoidFunction f = device_function(name))
      return f;
   const PFN_vkGetDeviceProcAddr next = next_entry(g_devices, device, &device_data::gdpa);
   PFN_vkVoidFunction own = next ? next(device, name) : nullptr;
   if (PFN_vkVoidFunction f = loss_function(name); f && own)
      return f;
   return own;
}

VKAPI_ATTR VkResult VKAPI_CALL vkNegotiateLoaderLayerInterfaceVersion(VkNegotiateLayerInterface *v) {
   if (!v || v->sType != LAYER_NEGOTIATE_INTERFACE_STRUCT)
      return VK_ERROR_INITIALIZATION_FAILED;
   v->loaderLayerInterfaceVersion = std::min<uint32_t>(v->loaderLayerInterfaceVersion, 2);
   v->pfnGetInstanceProcAddr = &clampler_limits_GetInstanceProcAddr;
   v->pfnGetDeviceProcAddr = &clampler_limits_GetDeviceProcAddr;
   v->pfnGetPhysicalDeviceProcAddr = nullptr;
   return VK_SUCCESS;
}

}  // extern "C"
