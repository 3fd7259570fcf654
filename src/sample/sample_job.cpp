// Device sampling's job: memory, host-visible buffers, command recording, the upload and the submission.
#include "sample_job.h"

#include <cstring>
#include <limits>
#include <mutex>

namespace clampler::sample_internal {

sample_job::~sample_job() {
   // Only reached with the device idle for our work: run_compute() or run_fragment() waited for
   // the fence, or never submitted, or the device was lost (when destroying is still allowed).
   if (fence_)
      vk_.vkDestroyFence(dev_, fence_, nullptr);
   if (command_pool_)
      vk_.vkDestroyCommandPool(dev_, command_pool_, nullptr);  // frees its command buffer
   if (descriptor_pool_)
      vk_.vkDestroyDescriptorPool(dev_, descriptor_pool_, nullptr);  // frees its set
   if (framebuffer_)
      vk_.vkDestroyFramebuffer(dev_, framebuffer_, nullptr);
   if (fetch_pipeline_)
      vk_.vkDestroyPipeline(dev_, fetch_pipeline_, nullptr);
   if (fetch_module_)
      vk_.vkDestroyShaderModule(dev_, fetch_module_, nullptr);
   if (fetch_layout_)
      vk_.vkDestroyPipelineLayout(dev_, fetch_layout_, nullptr);
   if (fetch_set_layout_)
      vk_.vkDestroyDescriptorSetLayout(dev_, fetch_set_layout_, nullptr);
   if (fetch_buffer_view_)
      vk_.vkDestroyBufferView(dev_, fetch_buffer_view_, nullptr);
   if (fetch_texels_)
      vk_.vkDestroyBuffer(dev_, fetch_texels_, nullptr);
   if (fetch_texel_memory_)
      vk_.vkFreeMemory(dev_, fetch_texel_memory_, nullptr);
   if (fetch_sampler_)
      vk_.vkDestroySampler(dev_, fetch_sampler_, nullptr);
   if (raster_pipeline_)
      vk_.vkDestroyPipeline(dev_, raster_pipeline_, nullptr);
   if (raster_back_pipeline_)
      vk_.vkDestroyPipeline(dev_, raster_back_pipeline_, nullptr);
   for (VkShaderModule m : raster_modules_)
      if (m)
         vk_.vkDestroyShaderModule(dev_, m, nullptr);
   if (raster_layout_)
      vk_.vkDestroyPipelineLayout(dev_, raster_layout_, nullptr);
   if (raster_pass_)
      vk_.vkDestroyRenderPass(dev_, raster_pass_, nullptr);
   for (int i = 0; i < 2; ++i) {
      if (attachment_views_[i])
         vk_.vkDestroyImageView(dev_, attachment_views_[i], nullptr);
      if (attachments_[i])
         vk_.vkDestroyImage(dev_, attachments_[i], nullptr);
      if (attachment_memory_[i])
         vk_.vkFreeMemory(dev_, attachment_memory_[i], nullptr);
   }
   destroy_buffer(results_);
   destroy_buffer(lookups_);
   destroy_buffer(staging_);
   if (view_)
      vk_.vkDestroyImageView(dev_, view_, nullptr);
   if (image_)
      vk_.vkDestroyImage(dev_, image_, nullptr);
   if (image_memory_)
      vk_.vkFreeMemory(dev_, image_memory_, nullptr);
}

bool sample_job::memory_type(uint32_t bits, VkMemoryPropertyFlags required, VkMemoryPropertyFlags preferred,
                             uint32_t *index) const {
   for (const VkMemoryPropertyFlags want : {required | preferred, required})
      for (uint32_t i = 0; i < memory_.memoryTypeCount; ++i)
         if ((bits & (1u << i)) && (memory_.memoryTypes[i].propertyFlags & want) == want) {
            *index = i;
            return true;
         }
   return false;
}

bool sample_job::allocate_device_memory(const VkMemoryRequirements &req, const std::string &what,
                                        VkDeviceMemory *memory, std::string *error) {
   VkMemoryAllocateInfo ai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
   ai.allocationSize = req.size;
   if (!memory_type(req.memoryTypeBits, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, &ai.memoryTypeIndex)) {
      *error = "device sampling: no memory type can hold " + what;
      return false;
   }
   const VkResult res = vk_.vkAllocateMemory(dev_, &ai, nullptr, memory);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkAllocateMemory", "allocating memory for " + what, error);
   return true;
}

bool sample_job::bind_device_memory(VkImage image, const std::string &what, VkDeviceMemory *memory,
                                    std::string *error) {
   VkMemoryRequirements req;
   vk_.vkGetImageMemoryRequirements(dev_, image, &req);
   if (!allocate_device_memory(req, what, memory, error))
      return false;
   const VkResult res = vk_.vkBindImageMemory(dev_, image, *memory, 0);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkBindImageMemory", "binding memory to " + what, error);
   return true;
}

bool sample_job::bind_device_memory(VkBuffer buffer, const std::string &what, VkDeviceMemory *memory,
                                    std::string *error) {
   VkMemoryRequirements req;
   vk_.vkGetBufferMemoryRequirements(dev_, buffer, &req);
   if (!allocate_device_memory(req, what, memory, error))
      return false;
   const VkResult res = vk_.vkBindBufferMemory(dev_, buffer, *memory, 0);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkBindBufferMemory", "binding memory to " + what, error);
   return true;
}

bool sample_job::make_host_buffer(VkDeviceSize size, VkBufferUsageFlags usage, const char *what, host_buffer *b,
                                  std::string *error) {
   VkBufferCreateInfo bi{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
   bi.size = size;
   bi.usage = usage;
   bi.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
   VkResult r = vk_.vkCreateBuffer(dev_, &bi, nullptr, &b->buffer);
   if (r != VK_SUCCESS)
      return vk_failed(r, "vkCreateBuffer", std::string("creating the ") + what, error);
   VkMemoryRequirements req;
   vk_.vkGetBufferMemoryRequirements(dev_, b->buffer, &req);
   VkMemoryAllocateInfo ai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
   ai.allocationSize = req.size;
   if (!memory_type(req.memoryTypeBits, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, 0,
                    &ai.memoryTypeIndex)) {
      *error = std::string("device sampling: no host-visible, host-coherent memory type can hold the ") + what;
      return false;
   }
   r = vk_.vkAllocateMemory(dev_, &ai, nullptr, &b->memory);
   if (r != VK_SUCCESS)
      return vk_failed(r, "vkAllocateMemory", std::string("allocating the ") + what, error);
   r = vk_.vkBindBufferMemory(dev_, b->buffer, b->memory, 0);
   if (r != VK_SUCCESS)
      return vk_failed(r, "vkBindBufferMemory", std::string("binding the ") + what, error);
   r = vk_.vkMapMemory(dev_, b->memory, 0, VK_WHOLE_SIZE, 0, &b->mapped);
   if (r != VK_SUCCESS)
      return vk_failed(r, "vkMapMemory", std::string("mapping the ") + what, error);
   b->size = size;
   return true;
}

void sample_job::destroy_buffer(host_buffer &b) {
   if (b.mapped)
      vk_.vkUnmapMemory(dev_, b.memory);
   if (b.buffer)
      vk_.vkDestroyBuffer(dev_, b.buffer, nullptr);
   if (b.memory)
      vk_.vkFreeMemory(dev_, b.memory, nullptr);
   b = host_buffer{};
}

bool sample_job::begin_commands(VkCommandBuffer *cmd, std::string *error) {
   VkResult res;
   {
      VkCommandPoolCreateInfo pi{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
      pi.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
      pi.queueFamilyIndex = screen_.queue_family();
      res = vk_.vkCreateCommandPool(dev_, &pi, nullptr, &command_pool_);
      if (res != VK_SUCCESS)
         return vk_failed(res, "vkCreateCommandPool", "creating the command pool", error);
      VkCommandBufferAllocateInfo ai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
      ai.commandPool = command_pool_;
      ai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
      ai.commandBufferCount = 1;
      res = vk_.vkAllocateCommandBuffers(dev_, &ai, cmd);
      if (res != VK_SUCCESS)
         return vk_failed(res, "vkAllocateCommandBuffers", "allocating the command buffer", error);
   }
   VkCommandBufferBeginInfo bi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   bi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
   res = vk_.vkBeginCommandBuffer(*cmd, &bi);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkBeginCommandBuffer", "recording the sampling commands", error);
   return true;
}

// Copies the staging buffer into every level and makes the image readable by `stage`.
void sample_job::record_upload(VkCommandBuffer cmd, VkPipelineStageFlags stage) {
   VkImageMemoryBarrier ib{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
   ib.srcAccessMask = 0;
   ib.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
   ib.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
   ib.newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
   ib.srcQueueFamilyIndex = ib.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
   ib.image = image_;
   ib.subresourceRange = {aspect_, 0, levels_, 0, layers_};
   vk_.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, nullptr, 0,
                            nullptr, 1, &ib);
   vk_.vkCmdCopyBufferToImage(cmd, staging_.buffer, image_, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                              static_cast<uint32_t>(copies_.size()), copies_.data());
   ib.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
   ib.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
   ib.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
   ib.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
   vk_.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, stage, 0, 0, nullptr, 0, nullptr, 1, &ib);
}

bool sample_job::allocate_set(std::span<const VkDescriptorPoolSize> sizes, VkDescriptorSetLayout layout,
                              VkDescriptorSet *set, std::string *error) {
   VkDescriptorPoolCreateInfo pi{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
   pi.maxSets = 1;
   pi.poolSizeCount = static_cast<uint32_t>(sizes.size());
   pi.pPoolSizes = sizes.data();
   VkResult res = vk_.vkCreateDescriptorPool(dev_, &pi, nullptr, &descriptor_pool_);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkCreateDescriptorPool", "creating the descriptor pool", error);
   VkDescriptorSetAllocateInfo ai{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
   ai.descriptorPool = descriptor_pool_;
   ai.descriptorSetCount = 1;
   ai.pSetLayouts = &layout;
   res = vk_.vkAllocateDescriptorSets(dev_, &ai, set);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkAllocateDescriptorSets", "allocating the descriptor set", error);
   return true;
}

bool sample_job::compute_set(VkDescriptorSetLayout layout, VkSampler sampler, VkBuffer lookups, VkDescriptorSet *set,
                             std::string *error) {
   const VkDescriptorPoolSize sizes[2] = {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1},
                                          {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2}};
   if (!allocate_set(sizes, layout, set, error))
      return false;
   const VkDescriptorImageInfo image_info{sampler, view_, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
   const VkDescriptorBufferInfo buffers[2] = {{lookups, 0, VK_WHOLE_SIZE}, {results_.buffer, 0, VK_WHOLE_SIZE}};
   VkWriteDescriptorSet w[3] = {{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET},
                                {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET},
                                {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET}};
   for (uint32_t i = 0; i < 3; ++i) {
      w[i].dstSet = *set;
      w[i].dstBinding = i;
      w[i].descriptorCount = 1;
      w[i].descriptorType = i == 0 ? VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
   }
   w[0].pImageInfo = &image_info;
   w[1].pBufferInfo = &buffers[0];
   w[2].pBufferInfo = &buffers[1];
   vk_.vkUpdateDescriptorSets(dev_, 3, w, 0, nullptr);
   return true;
}

void sample_job::results_to_host(VkCommandBuffer cmd) {
   VkBufferMemoryBarrier bb{VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
   bb.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
   bb.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
   bb.srcQueueFamilyIndex = bb.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
   bb.buffer = results_.buffer;
   bb.offset = 0;
   bb.size = VK_WHOLE_SIZE;
   vk_.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 0, nullptr, 1,
                            &bb, 0, nullptr);
}

bool sample_job::end_submit_and_wait(VkCommandBuffer cmd, const char *what, std::string *error) {
   VkResult res = vk_.vkEndCommandBuffer(cmd);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkEndCommandBuffer", std::string("recording ") + what, error);
   // Host writes made before this call are visible to the submission.
   VkFenceCreateInfo fi{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   res = vk_.vkCreateFence(dev_, &fi, nullptr, &fence_);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkCreateFence", "creating the fence", error);
   VkSubmitInfo si{VK_STRUCTURE_TYPE_SUBMIT_INFO};
   si.commandBufferCount = 1;
   si.pCommandBuffers = &cmd;
   {
      std::lock_guard<std::mutex> lock(screen_.queue_mutex());
      res = vk_.vkQueueSubmit(screen_.queue(), 1, &si, fence_);
   }
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkQueueSubmit", "submitting the sampling commands", error);
   res = vk_.vkWaitForFences(dev_, 1, &fence_, VK_TRUE, std::numeric_limits<uint64_t>::max());
   if (res != VK_SUCCESS) {
      // The destructor must not free what the device may still read: unless the device is
      // lost (then destroying is allowed), drain the queue before reporting.
      if (res != VK_ERROR_DEVICE_LOST) {
         std::lock_guard<std::mutex> lock(screen_.queue_mutex());
         vk_.vkQueueWaitIdle(screen_.queue());
      }
      return vk_failed(res, "vkWaitForFences", "waiting for the sampling commands", error);
   }

   return true;
}

void read_result(detail::sample_shader_kind kind, const uint8_t *p, ref::texel *t) {
   using detail::sample_shader_kind;
   const bool integer = kind == sample_shader_kind::int_ || kind == sample_shader_kind::uint_;
   for (int c = 0; c < 4; ++c) {
      if (!integer) {
         float v;
         std::memcpy(&v, p + 4 * c, 4);
         t->f[c] = v;
      } else if (kind == sample_shader_kind::int_) {
         int32_t v;
         std::memcpy(&v, p + 4 * c, 4);
         t->i[c] = v;
      } else {
         uint32_t v;
         std::memcpy(&v, p + 4 * c, 4);
         t->i[c] = v;
      }
   }
}

}  // namespace clampler::sample_internal
