// Device sampling's device-wide cache: descriptor and pipeline layouts, lowered modules and pipelines.
#pragma once

#include <volk.h>

#include <cstdint>
#include <map>
#include <mutex>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "clampler/sample/sample_device.h"
#include "clampler/sample/sample_shaders.h"
#include "clampler/spirv/spirv_lower_tex.h"

namespace clampler::sample_internal {

// The device-wide cache: descriptor and pipeline layouts, lowered modules and pipelines, kept
// by the screen (zink_screen::cached_object) so repeated requests never compile again.
struct sample_device_cache {
   explicit sample_device_cache(const zink_screen &s) : screen(s) {}
   ~sample_device_cache();
   sample_device_cache(const sample_device_cache &) = delete;
   sample_device_cache &operator=(const sample_device_cache &) = delete;

   // The compute pipeline for `spv` as the request needs it (lowered when needs_lowering).
   // `local_size`: the workgroup size (specialization constant 0 of shaders/sample.comp).
   bool compute_pipeline(const detail::sample_spirv &spv, const sample_request &r, uint32_t local_size, VkPipeline *out,
                         std::string *error);
   bool make_layouts(std::string *error);  // under mutex
   // `spv` as the request needs it: lowered (cached) when needs_lowering, else as embedded.
   bool lower(const detail::sample_spirv &spv, const sample_request &r, std::span<const uint32_t> *words,
              std::string *error);
   // The fragment path: the graphics pipeline drawing with fragment shader `spv` into a colour
   // attachment of `color` plus the RGBA32F coordinate attachment, and its render pass.
   bool graphics_pipeline(const detail::sample_spirv &spv, const sample_request &r, VkFormat color,
                          VkPipeline *out, VkRenderPass *pass, std::string *error);
   bool make_fragment_layouts(std::string *error);  // under mutex

   const zink_screen &screen;
   std::mutex mutex;
   VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;  // binding 0 sampler, 1 lookups, 2 results
   VkPipelineLayout layout = VK_NULL_HANDLE;           // + the push_range constants
   std::map<std::vector<uint32_t>, VkPipeline> compute;  // by the (lowered) module's words, then the local size
   VkDescriptorSetLayout frag_set_layout = VK_NULL_HANDLE;  // binding 0 sampler (fragment stage)
   VkPipelineLayout frag_layout = VK_NULL_HANDLE;           // + the grid constants
   VkShaderModule vertex = VK_NULL_HANDLE;
   std::map<VkFormat, VkRenderPass> render_passes;
   std::map<std::pair<VkFormat, std::vector<uint32_t>>, VkPipeline> graphics;
   sample_stats stats;
   spirv_lower_cache lowered;
};

// The screen's cache (created on first use; lives as long as the screen).
sample_device_cache &device_cache(const zink_screen &screen);

}  // namespace clampler::sample_internal
