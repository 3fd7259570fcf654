// Device sampling's fragment path: a grid of pixels drawn in one draw, each sampling with texture(), read back.
#include <cstring>

#include "sample_check.h"
#include "sample_job.h"
#include "sample_lowering.h"
#include "sample_pipeline_cache.h"
#include "sample_shader_io.h"
#include "sample_targets.h"

namespace clampler::sample_internal {

bool sample_job::make_attachment(int i, VkFormat format, uint32_t w, uint32_t h, std::string *error) {
   const bool depth = format == VK_FORMAT_D32_SFLOAT;
   VkImageCreateInfo ii{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
   ii.imageType = VK_IMAGE_TYPE_2D;
   ii.format = format;
   ii.extent = {w, h, 1};
   ii.mipLevels = 1;
   ii.arrayLayers = 1;
   ii.samples = VK_SAMPLE_COUNT_1_BIT;
   ii.tiling = VK_IMAGE_TILING_OPTIMAL;
   ii.usage = (depth ? VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT : VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT) |
              VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
   ii.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
   ii.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
   const std::string what = std::string("the ") + std::to_string(w) + "x" + std::to_string(h) + " " +
                            vk_format_name(format) + (depth ? " depth attachment" : " colour attachment");
   VkResult res = vk_.vkCreateImage(dev_, &ii, nullptr, &attachments_[i]);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkCreateImage", "creating " + what, error);
   if (!bind_device_memory(attachments_[i], what, &attachment_memory_[i], error))
      return false;
   VkImageViewCreateInfo vi{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
   vi.image = attachments_[i];
   vi.viewType = VK_IMAGE_VIEW_TYPE_2D;
   vi.format = format;
   vi.subresourceRange = {depth ? VkImageAspectFlags(VK_IMAGE_ASPECT_DEPTH_BIT) : VkImageAspectFlags(VK_IMAGE_ASPECT_COLOR_BIT),
                          0, 1, 0, 1};
   res = vk_.vkCreateImageView(dev_, &vi, nullptr, &attachment_views_[i]);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkCreateImageView", "creating the view of " + what, error);
   return true;
}

bool sample_job::make_framebuffer(VkRenderPass pass, uint32_t w, uint32_t h, const char *what, std::string *error) {
   VkFramebufferCreateInfo fi{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
   fi.renderPass = pass;
   fi.attachmentCount = 2;
   fi.pAttachments = attachment_views_;
   fi.width = w;
   fi.height = h;
   fi.layers = 1;
   const VkResult res = vk_.vkCreateFramebuffer(dev_, &fi, nullptr, &framebuffer_);
   return res == VK_SUCCESS || vk_failed(res, "vkCreateFramebuffer", std::string("creating ") + what, error);
}

void sample_job::begin_pass(VkCommandBuffer cmd, VkRenderPass pass, uint32_t w, uint32_t h,
                            const VkClearValue clear[2]) {
   VkRenderPassBeginInfo rb{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
   rb.renderPass = pass;
   rb.framebuffer = framebuffer_;
   rb.renderArea = {{0, 0}, {w, h}};
   rb.clearValueCount = 2;
   rb.pClearValues = clear;
   vk_.vkCmdBeginRenderPass(cmd, &rb, VK_SUBPASS_CONTENTS_INLINE);
   const VkViewport viewport{0.0f, 0.0f, static_cast<float>(w), static_cast<float>(h), 0.0f, 1.0f};
   vk_.vkCmdSetViewport(cmd, 0, 1, &viewport);
}

bool sample_job::run_fragment(const sample_request &r, const upload_plan &plan, const sample_grid &grid,
                              std::vector<ref::texel> *results, std::vector<ref::ref_lookup> *lookups,
                              std::string *error) {
   if (!make_texture(r, plan, error))
      return false;
   const sample_shader_kind kind = kind_of(r);
   if (grid.query_lod && (r.shadow || r.target == GL_TEXTURE_RECTANGLE)) {
      *error = "device sampling: textureQueryLod is not defined for shadow samplers here nor for rectangles";
      return false;
   }
   const VkFormat color = grid.query_lod                   ? VK_FORMAT_R32G32B32A32_SFLOAT
                          : kind == sample_shader_kind::int_  ? VK_FORMAT_R32G32B32A32_SINT
                          : kind == sample_shader_kind::uint_ ? VK_FORMAT_R32G32B32A32_UINT
                                                              : VK_FORMAT_R32G32B32A32_SFLOAT;
   const uint32_t w = grid.width, h = grid.height;
   const size_t n = static_cast<size_t>(w) * h;
   if (!make_attachment(0, color, w, h, error) || !make_attachment(1, VK_FORMAT_R32G32B32A32_SFLOAT, w, h, error))
      return false;
   // Readback buffers: results_ for the result attachment, lookups_ for the coordinates.
   if (!make_host_buffer(n * 16, VK_BUFFER_USAGE_TRANSFER_DST_BIT, "result readback buffer", &results_, error) ||
       !make_host_buffer(n * 16, VK_BUFFER_USAGE_TRANSFER_DST_BIT, "coordinate readback buffer", &lookups_, error))
      return false;

   sample_device_cache &cache = device_cache(screen_);
   const detail::sample_spirv spv = grid.query_lod ? detail::sample_query_lod_shader(kind, r.target)
                                                   : detail::sample_fragment_shader(kind, r.target);
   VkPipeline pipeline = VK_NULL_HANDLE;
   VkRenderPass pass = VK_NULL_HANDLE;
   if (!cache.graphics_pipeline(spv, r, color, &pipeline, &pass, error))
      return false;

   if (!make_framebuffer(pass, w, h, "the framebuffer", error))
      return false;

   VkDescriptorSet set = VK_NULL_HANDLE;
   {
      const VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1};
      if (!allocate_set({&size, 1}, cache.frag_set_layout, &set, error))
         return false;
      const VkDescriptorImageInfo image_info{r.sampler, view_, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
      VkWriteDescriptorSet wr{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
      wr.dstSet = set;
      wr.dstBinding = 0;
      wr.descriptorCount = 1;
      wr.descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
      wr.pImageInfo = &image_info;
      vk_.vkUpdateDescriptorSets(dev_, 1, &wr, 0, nullptr);
   }

   VkCommandBuffer cmd = VK_NULL_HANDLE;
   if (!begin_commands(&cmd, error))
      return false;
   record_upload(cmd, VK_PIPELINE_STAGE_FRAGMENT_SHADER_BIT);
   const VkClearValue clear[2] = {};
   begin_pass(cmd, pass, w, h, clear);
   const VkRect2D scissor{{0, 0}, {w, h}};
   vk_.vkCmdSetScissor(cmd, 0, 1, &scissor);
   vk_.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, pipeline);
   vk_.vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, cache.frag_layout, 0, 1, &set, 0, nullptr);
   grid_constants pc{};
   for (int c = 0; c < 4; ++c) {
      pc.origin[c] = static_cast<float>(grid.origin[c]);
      pc.dx[c] = static_cast<float>(grid.dx[c]);
      pc.dy[c] = static_cast<float>(grid.dy[c]);
   }
   pc.dref = static_cast<float>(grid.dref);
   vk_.vkCmdPushConstants(cmd, cache.frag_layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, sizeof(pc), &pc);
   vk_.vkCmdDraw(cmd, 3, 1, 0, 0);
   vk_.vkCmdEndRenderPass(cmd);
   for (int i = 0; i < 2; ++i) {
      VkBufferImageCopy c{};
      c.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
      c.imageExtent = {w, h, 1};
      vk_.vkCmdCopyImageToBuffer(cmd, attachments_[i], VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
                                 i == 0 ? results_.buffer : lookups_.buffer, 1, &c);
   }
   VkMemoryBarrier mb{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
   mb.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
   mb.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
   vk_.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0, nullptr, 0,
                            nullptr);
   if (!end_submit_and_wait(cmd, "the draw", error))
      return false;

   results->assign(n, ref::texel{});
   const uint8_t *src = static_cast<const uint8_t *>(results_.mapped);
   const uint8_t *coords = static_cast<const uint8_t *>(lookups_.mapped);
   if (lookups)
      lookups->assign(n, ref::ref_lookup{});
   const target_info &ti = *target_of(r.target);
   const int grads = r.target == GL_TEXTURE_1D || r.target == GL_TEXTURE_1D_ARRAY ? 1
                     : r.target == GL_TEXTURE_2D || r.target == GL_TEXTURE_RECTANGLE || r.target == GL_TEXTURE_2D_ARRAY
                        ? 2
                        : 3;
   for (size_t i = 0; i < n; ++i) {
      read_result(grid.query_lod ? sample_shader_kind::float_ : kind, src + i * 16, &(*results)[i]);
      if (!lookups)
         continue;
      ref::ref_lookup &l = (*lookups)[i];
      l.ncoord = ti.coords;
      for (int c = 0; c < 4; ++c) {
         float v;
         std::memcpy(&v, coords + i * 16 + 4 * c, 4);
         l.coord[c] = c < ti.coords ? v : 0.0;
      }
      l.has_grad = true;
      for (int c = 0; c < grads; ++c) {
         l.dPdx[c] = static_cast<float>(grid.dx[c]);
         l.dPdy[c] = static_cast<float>(grid.dy[c]);
      }
      if (r.shadow) {
         l.has_ref = true;
         l.ref = static_cast<float>(grid.dref);
      }
   }
   return true;
}

}  // namespace clampler::sample_internal

namespace clampler {

bool sample_grid_draw(const zink_screen &screen, const sample_request &request, const sample_grid &grid,
                      std::vector<ref::texel> *results, std::vector<ref::ref_lookup> *lookups, std::string *error) {
   std::string local_error;
   std::string *err = error ? error : &local_error;
   err->clear();
   if (!results) {
      *err = "sample_grid_draw: no result vector given";
      return false;
   }
   if (grid.width == 0 || grid.height == 0 || grid.width > 4096 || grid.height > 4096) {
      *err = "sample_grid_draw: a " + std::to_string(grid.width) + "x" + std::to_string(grid.height) +
             " grid; each side must be in [1, 4096]";
      return false;
   }
   sample_request r = request;
   r.lookups.clear();  // the grid makes the lookups
   sample_internal::upload_plan plan;
   if (!sample_internal::check_request(screen, r, &plan, err))
      return false;
   if (r.shadow && r.target == GL_TEXTURE_3D) {
      *err = "sample_grid_draw: no shadow lookups on GL_TEXTURE_3D";
      return false;
   }
   sample_internal::sample_job job(screen);
   return job.run_fragment(r, plan, grid, results, lookups, err);
}

}  // namespace clampler
