// Device sampling's job: the buffers, images, views and commands of one request, destroyed whatever happened.
#pragma once

#include <volk.h>

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "clampler/ref/ref_sampler.h"
#include "clampler/sample/sample_device.h"
#include "clampler/sample/sample_raster.h"
#include "clampler/zink/zink_prim.h"
#include "clampler/sample/sample_shaders.h"
#include "sample_upload.h"
#include "sample_vk_error.h"

namespace clampler::sample_internal {

// Rule Z5's coverage for sample_job::run_raster: each vertex's segment (its ends in framebuffer
// coordinates; empty: no coverage) and half the line width.
struct raster_coverage {
   std::vector<std::array<float, 4>> segments;
   float half_width = 0.5f;
};

// Everything one sample_lookups, sample_grid_draw, sample_raster_draw or sample_query_fetch call
// creates; destroyed in reverse order whatever happened. The job's common parts are in
// sample_job.cpp and sample_texture.cpp; run_compute is the compute path (sample_compute.cpp),
// run_fragment the fragment path (sample_fragment.cpp), run_raster device rasterization
// (sample_raster.cpp), run_fetch_query the multisample and buffer queries (sample_query_fetch.cpp).
class sample_job {
public:
   explicit sample_job(const zink_screen &screen) : screen_(screen), vk_(screen.vk()), dev_(screen.device()) {
      vkGetPhysicalDeviceMemoryProperties(screen.physical_device(), &memory_);
   }
   ~sample_job();
   sample_job(const sample_job &) = delete;
   sample_job &operator=(const sample_job &) = delete;

   bool run_compute(const sample_request &r, const upload_plan &plan, std::vector<ref::texel> *results,
                    std::string *error);
   bool run_query(const sample_request &r, const upload_plan &plan, sample_query_result *result, std::string *error);
   bool run_fragment(const sample_request &r, const upload_plan &plan, const sample_grid &grid,
                     std::vector<ref::texel> *results, std::vector<ref::ref_lookup> *lookups, std::string *error);
   // Device rasterization (sample_raster.cpp): `r`'s vertices drawn with `state` as `draw` says
   // (zink_convert_primitives over r's element indices); `stipple` holds each vertex's line
   // stipple input (zink_stipple_segment), or nothing when the draw has no line stipple.
   // With `coverage`'s segments (one per vertex), the fragment stage scales alpha by each
   // fragment's coverage of its segment's rectangle (rule Z5's smooth lines as rectangles).
   bool run_raster(const zink_rasterizer_state &state, const raster_request &r, const zink_prim_draw &draw,
                   std::span<const std::array<int32_t, 4>> stipple, raster_image *image, std::string *error,
                   const raster_coverage &coverage = {});
   // The queries of multisample and buffer textures (sample_query_fetch.cpp): textureSize and
   // textureSamples of `t` read back by a compute shader.
   bool run_fetch_query(const sample_fetch_texture &t, sample_fetch_query_result *out, std::string *error);

private:
   struct host_buffer {
      VkBuffer buffer = VK_NULL_HANDLE;
      VkDeviceMemory memory = VK_NULL_HANDLE;
      void *mapped = nullptr;
      VkDeviceSize size = 0;
   };

   // Sets *error from a failed call and returns false.
   bool vk_failed(VkResult r, const char *call, const std::string &what, std::string *error) const {
      return vk_call_failed(r, call, what, error);
   }
   bool memory_type(uint32_t bits, VkMemoryPropertyFlags required, VkMemoryPropertyFlags preferred,
                    uint32_t *index) const;
   bool make_host_buffer(VkDeviceSize size, VkBufferUsageFlags usage, const char *what, host_buffer *b,
                         std::string *error);
   // Memory for `image` or `buffer` (`what` names it in errors), device-local where the device
   // has such a type, any type otherwise: allocated into *memory and bound.
   bool bind_device_memory(VkImage image, const std::string &what, VkDeviceMemory *memory, std::string *error);
   bool bind_device_memory(VkBuffer buffer, const std::string &what, VkDeviceMemory *memory, std::string *error);
   bool allocate_device_memory(const VkMemoryRequirements &req, const std::string &what, VkDeviceMemory *memory,
                               std::string *error);
   void destroy_buffer(host_buffer &b);
   // The image, its view and the filled staging buffer (copies_ says where each level is).
   bool make_texture(const sample_request &r, const upload_plan &plan, std::string *error);
   bool begin_commands(VkCommandBuffer *cmd, std::string *error);
   void record_upload(VkCommandBuffer cmd, VkPipelineStageFlags stage);
   // The job's descriptor pool, sized for one set of `layout` holding `sizes`, and that set.
   bool allocate_set(std::span<const VkDescriptorPoolSize> sizes, VkDescriptorSetLayout layout, VkDescriptorSet *set,
                     std::string *error);
   // The compute set (cache.set_layout) allocated and written: binding 0 the view with
   // `sampler`, 1 `lookups` (the results buffer where a shader reads none), 2 the results.
   bool compute_set(VkDescriptorSetLayout layout, VkSampler sampler, VkBuffer lookups, VkDescriptorSet *set,
                    std::string *error);
   // Makes the compute shader's writes to results_ visible to the host.
   void results_to_host(VkCommandBuffer cmd);
   // Ends `cmd` (recorded for `what`, e.g. "the draw"), submits it and waits for its fence.
   bool end_submit_and_wait(VkCommandBuffer cmd, const char *what, std::string *error);
   // Attachment `i` (0 or 1): a colour attachment, or a depth one for a depth format.
   bool make_attachment(int i, VkFormat format, uint32_t w, uint32_t h, std::string *error);
   // The framebuffer of attachments 0 and 1 for `pass`, w x h.
   bool make_framebuffer(VkRenderPass pass, uint32_t w, uint32_t h, const char *what, std::string *error);
   // Begins `pass` on the framebuffer with clear[0..1] and sets the viewport over it (depth [0, 1]).
   void begin_pass(VkCommandBuffer cmd, VkRenderPass pass, uint32_t w, uint32_t h, const VkClearValue clear[2]);
   bool make_raster_pipeline(const zink_rasterizer_state &state, const raster_request &r, VkPrimitiveTopology topology,
                             float coverage_half_width, std::string *error);
   // The fetch queries' texture: a multisample image (image_, view_) or a texel buffer (never
   // mapped) and its view, and their compute pipeline with `texture_type` at binding 0.
   bool make_multisample_image(const sample_fetch_texture &t, VkFormat format, VkImageAspectFlags aspect,
                               std::string *error);
   bool make_texel_buffer(const sample_fetch_texture &t, VkFormat format, std::string *error);
   bool make_fetch_pipeline(const detail::sample_spirv &spv, VkDescriptorType texture_type, std::string *error);

   const zink_screen &screen_;
   const VolkDeviceTable &vk_;
   VkDevice dev_;
   VkPhysicalDeviceMemoryProperties memory_{};

   VkImage image_ = VK_NULL_HANDLE;
   VkDeviceMemory image_memory_ = VK_NULL_HANDLE;
   VkImageView view_ = VK_NULL_HANDLE;
   std::vector<VkBufferImageCopy> copies_;
   VkImageAspectFlags aspect_ = 0;
   uint32_t layers_ = 1, levels_ = 1;
   host_buffer staging_, lookups_, results_;
   VkPipeline pipelines_[2] = {VK_NULL_HANDLE, VK_NULL_HANDLE};  // lod, grad: owned by the device cache
   VkDescriptorPool descriptor_pool_ = VK_NULL_HANDLE;
   VkCommandPool command_pool_ = VK_NULL_HANDLE;
   // The fragment path: the result and coordinate attachments and their framebuffer.
   VkImage attachments_[2] = {VK_NULL_HANDLE, VK_NULL_HANDLE};
   VkDeviceMemory attachment_memory_[2] = {VK_NULL_HANDLE, VK_NULL_HANDLE};
   VkImageView attachment_views_[2] = {VK_NULL_HANDLE, VK_NULL_HANDLE};
   VkFramebuffer framebuffer_ = VK_NULL_HANDLE;
   VkFence fence_ = VK_NULL_HANDLE;
   // Device rasterization's own pipeline objects (not cached: one per rasterizer state drawn).
   VkRenderPass raster_pass_ = VK_NULL_HANDLE;
   VkPipelineLayout raster_layout_ = VK_NULL_HANDLE;
   // The vertex stage, the fragment stage, the fragment stage with the polygon stipple.
   VkShaderModule raster_modules_[3] = {VK_NULL_HANDLE, VK_NULL_HANDLE, VK_NULL_HANDLE};
   VkPipeline raster_pipeline_ = VK_NULL_HANDLE;
   // Rule Z3 by passes (zink_rasterizer_face_pass): raster_pipeline_ draws front faces and this
   // one back faces, one triangle at a time (either null when the state culls that face).
   VkPipeline raster_back_pipeline_ = VK_NULL_HANDLE;
   bool raster_by_face_ = false;
   // The fetch queries' own objects (not cached: one pipeline per query).
   VkSampler fetch_sampler_ = VK_NULL_HANDLE;
   VkBufferView fetch_buffer_view_ = VK_NULL_HANDLE;
   VkBuffer fetch_texels_ = VK_NULL_HANDLE;
   VkDeviceMemory fetch_texel_memory_ = VK_NULL_HANDLE;
   VkDescriptorSetLayout fetch_set_layout_ = VK_NULL_HANDLE;
   VkPipelineLayout fetch_layout_ = VK_NULL_HANDLE;
   VkShaderModule fetch_module_ = VK_NULL_HANDLE;
   VkPipeline fetch_pipeline_ = VK_NULL_HANDLE;
};

// Reads one 16-byte result (the vec4, ivec4 or uvec4 a shader of `kind` writes) into `*t`:
// texel::f for float and shadow kinds, texel::i for integer kinds (unsigned values are not
// sign-extended). Both paths read their results back with it.
void read_result(detail::sample_shader_kind kind, const uint8_t *p, ref::texel *t);

}  // namespace clampler::sample_internal
