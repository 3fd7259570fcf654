// zink_screen: a pipe_screen on a real Vulkan device (volk), with caps derived from what it enabled.
#pragma once

#include <volk.h>

#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "clampler/pipe/p_screen.h"
#include "clampler/zink/zink_format.h"

namespace clampler {

// What the screen enabled and the limits it honours (after the capability override).
struct zink_device_caps {
   std::string device_name, driver_name, driver_info;
   uint32_t api_version = 0, driver_version = 0, vendor_id = 0, device_id = 0;
   uint32_t driver_id = 0;  // VkDriverId (VkPhysicalDeviceDriverProperties), 0 when unknown
   VkPhysicalDeviceType device_type = VK_PHYSICAL_DEVICE_TYPE_OTHER;
   std::vector<std::string> enabled_extensions;

   bool sampler_anisotropy = false;
   bool image_cube_array = false;                 // sampling GL_TEXTURE_CUBE_MAP_ARRAY
   bool depth_clamp = false;                      // depthClamp: GL_DEPTH_CLAMP (PIPE_CAP_DEPTH_CLIP_DISABLE)
   bool custom_border_colors = false;             // VK_EXT_custom_border_color
   bool custom_border_color_without_format = false;
   bool border_color_swizzle = false;             // VK_EXT_border_color_swizzle
   bool border_color_swizzle_from_image = false;
   bool sampler_mirror_clamp_to_edge = false;     // 1.2 feature or VK_KHR_sampler_mirror_clamp_to_edge
   bool sampler_filter_minmax = false;            // 1.2 feature or VK_EXT_sampler_filter_minmax
   bool non_seamless_cube_map = false;            // VK_EXT_non_seamless_cube_map

   // Rasterization (docs/zink.md, "Rasterizer state"): what the pipeline's rasterization
   // structs may ask of this device.
   bool fill_mode_non_solid = false, wide_lines = false, large_points = false, depth_bias_clamp = false;
   bool provoking_vertex_last = false;            // VK_EXT_provoking_vertex
   bool line_rasterization = false;               // VK_EXT_line_rasterization (one of its line modes on)
   bool rectangular_lines = false, bresenham_lines = false, smooth_lines = false;
   bool stippled_rectangular_lines = false, stippled_bresenham_lines = false, stippled_smooth_lines = false;
   bool depth_clip_control = false;               // VK_EXT_depth_clip_control: GL's clip z in [-w, w]
   bool strict_lines = false;
   float line_width_range[2] = {1.0f, 1.0f}, line_width_granularity = 0.0f;
   float point_size_range[2] = {1.0f, 1.0f}, point_size_granularity = 0.0f;

   float max_sampler_anisotropy = 1.0f;
   float max_sampler_lod_bias = 0.0f;
   uint32_t max_sampler_allocation_count = 4000;
   uint32_t max_custom_border_color_samplers = 0;
   // VkPhysicalDeviceSubgroupProperties::subgroupSize (device sampling sizes its isolating
   // workgroups by it); 0 when the device does not report one.
   uint32_t subgroup_size = 0;
};

// How one pipe_format is sampled on this device.
struct zink_format_support {
   zink_format vk;                 // the format used (preferred or fallback), UNDEFINED if none
   bool sampled = false;           // SAMPLED_IMAGE
   bool linear_filter = false;     // SAMPLED_IMAGE_FILTER_LINEAR (after the override)
   bool minmax_filter = false;     // SAMPLED_IMAGE_FILTER_MINMAX
   bool depth_compare = false;     // depth format usable with compare (1.3: SAMPLED_IMAGE_DEPTH_COMPARISON)
};

struct zink_screen_options {
   // CLAMPLER_DEVICE semantics: an index into the device list or a name substring; empty =
   // first discrete GPU, then integrated, virtual, CPU.
   std::string device;
   // Enable VK_LAYER_KHRONOS_validation and count every message it reports.
   bool validation = false;
   // Capability override JSON text (docs/zink.md), applied on top of the real device.
   std::string caps_override;

   // Reads CLAMPLER_DEVICE, CLAMPLER_VALIDATION (=1) and CLAMPLER_CAPS (JSON text, or @FILE).
   static zink_screen_options from_environment();
};

class zink_screen final : public pipe_screen {
public:
   // Creates instance and device. On failure returns null and sets `error` to a sentence
   // that says what is missing (e.g. which Debian package provides a Vulkan driver).
   static std::unique_ptr<zink_screen> create(const zink_screen_options &options, std::string *error);
   ~zink_screen() override;
   zink_screen(const zink_screen &) = delete;
   zink_screen &operator=(const zink_screen &) = delete;

   int get_param(pipe_cap cap) const override { return caps_[cap]; }
   bool is_linear_filtering_supported(pipe_format format, const pipe_resource *resource) const override;

   const zink_device_caps &device_caps() const { return dev_; }
   const zink_format_support &format_support(pipe_format f) const { return formats_.at(f); }
   // How `f` is stored and viewed, or null for PIPE_FORMAT_NONE and unsampleable formats.
   const zink_format *sampled_view(pipe_format f) const {
      return f != PIPE_FORMAT_NONE && f < formats_.size() && formats_[f].sampled ? &formats_[f].vk : nullptr;
   }
   VkInstance instance() const { return instance_; }
   VkPhysicalDevice physical_device() const { return pdev_; }
   VkDevice device() const { return device_; }
   const VolkDeviceTable &vk() const { return vk_; }
   VkQueue queue() const { return queue_; }
   uint32_t queue_family() const { return queue_family_; }
   // vkQueueSubmit needs the queue externally synchronised: contexts on several threads share it.
   std::mutex &queue_mutex() const { return queue_mutex_; }

   // Per-device objects other parts of the layer keep for the screen's lifetime (device
   // sampling's pipelines, the sampler cache `clampler sample` uses): the object stored under
   // `key`, made by `make` on the first call. They are destroyed with the screen, newest first,
   // before the VkDevice. Thread-safe; `make` runs under the lock (it must not call back).
   std::shared_ptr<void> cached_object(const void *key, const std::function<std::shared_ptr<void>()> &make) const;

   // Validation-layer messages seen so far (warnings and errors), for tests.
   uint64_t validation_message_count() const { return validation_count_.load(); }
   std::vector<std::string> validation_messages() const;
   // Every physical device the loader offers, in enumeration order ("name (type)").
   static std::vector<std::string> list_devices(std::string *error);

private:
   zink_screen() = default;
   bool init(const zink_screen_options &options, std::string *error);
   // The steps of init that set the screen's own handles (the others are local to zink_screen.cpp).
   bool create_instance(const zink_screen_options &options, uint32_t *api_version, std::string *error);
   bool choose_physical_device(const zink_screen_options &options, VkPhysicalDeviceProperties *props,
                               std::string *error);
   bool create_logical_device(const VkPhysicalDeviceFeatures2 &enabled, const std::vector<const char *> &extensions,
                              uint32_t family, std::string *error);
   void derive_caps();
   void query_formats();
   static VKAPI_ATTR VkBool32 VKAPI_CALL debug_callback(VkDebugUtilsMessageSeverityFlagBitsEXT,
                                                        VkDebugUtilsMessageTypeFlagsEXT,
                                                        const VkDebugUtilsMessengerCallbackDataEXT *,
                                                        void *);

   VkInstance instance_ = VK_NULL_HANDLE;
   VkDebugUtilsMessengerEXT messenger_ = VK_NULL_HANDLE;
   VkPhysicalDevice pdev_ = VK_NULL_HANDLE;
   VkDevice device_ = VK_NULL_HANDLE;
   VolkDeviceTable vk_{};
   VkQueue queue_ = VK_NULL_HANDLE;
   uint32_t queue_family_ = 0;
   mutable std::mutex queue_mutex_;
   mutable std::mutex objects_mutex_;
   mutable std::vector<std::pair<const void *, std::shared_ptr<void>>> objects_;  // cached_object
   zink_device_caps dev_;
   std::array<int, PIPE_CAP_COUNT> caps_{};
   std::vector<zink_format_support> formats_;  // indexed by pipe_format
   std::vector<int> forced_no_linear_;         // pipe_formats the override marks non-filterable
   std::vector<int> forced_off_caps_;          // pipe_caps the override answers 0
   std::atomic<uint64_t> validation_count_{0};
   mutable std::mutex validation_mutex_;
   std::vector<std::string> validation_log_;
};

}  // namespace clampler
