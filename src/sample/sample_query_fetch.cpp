// Device sampling's queries of multisample and buffer textures: the Vulkan image or texel buffer, textureSize and textureSamples, read back.
#include <volk.h>

#include <cstring>
#include <limits>
#include <mutex>
#include <string>

#include "clampler/sample/sample_device.h"
#include "clampler/sample/sample_shaders.h"
#include "clampler/zink/zink_format.h"
#include "sample_vk_error.h"

namespace clampler {
namespace {

using detail::sample_shader_kind;
using sample_internal::vk_call_failed;

enum slot { kTexels = 0, kResults = 1, kImage = 2 };

// Every object of one call, destroyed in reverse order whatever happened.
class fetch_job {
public:
   explicit fetch_job(const zink_screen &s) : screen_(s), vk_(s.vk()), dev_(s.device()) {
      vkGetPhysicalDeviceMemoryProperties(s.physical_device(), &memory_);
   }
   ~fetch_job() {
      // Reached with the device idle for this job: run() waited for the fence or never submitted.
      if (fence_) vk_.vkDestroyFence(dev_, fence_, nullptr);
      if (pool_) vk_.vkDestroyCommandPool(dev_, pool_, nullptr);
      if (dpool_) vk_.vkDestroyDescriptorPool(dev_, dpool_, nullptr);
      if (pipeline_) vk_.vkDestroyPipeline(dev_, pipeline_, nullptr);
      if (module_) vk_.vkDestroyShaderModule(dev_, module_, nullptr);
      if (playout_) vk_.vkDestroyPipelineLayout(dev_, playout_, nullptr);
      if (slayout_) vk_.vkDestroyDescriptorSetLayout(dev_, slayout_, nullptr);
      if (sampler_) vk_.vkDestroySampler(dev_, sampler_, nullptr);
      if (view_) vk_.vkDestroyImageView(dev_, view_, nullptr);
      if (image_) vk_.vkDestroyImage(dev_, image_, nullptr);
      if (buffer_view_) vk_.vkDestroyBufferView(dev_, buffer_view_, nullptr);
      for (VkBuffer b : buffers_)
         if (b) vk_.vkDestroyBuffer(dev_, b, nullptr);
      for (VkDeviceMemory m : mem_)
         if (m) vk_.vkFreeMemory(dev_, m, nullptr);
   }
   fetch_job(const fetch_job &) = delete;
   fetch_job &operator=(const fetch_job &) = delete;

   bool run(const sample_fetch_texture &t, sample_fetch_query_result *out, std::string *error);

private:
   static bool fail(const std::string &what, std::string *error) {
      *error = "device sampling: " + what;
      return false;
   }
   // Allocates memory for `req` into mem_[s], preferring `want`.
   bool allocate(const VkMemoryRequirements &req, VkMemoryPropertyFlags want, slot s, const std::string &what,
                 std::string *error) {
      for (const VkMemoryPropertyFlags flags : {want, VkMemoryPropertyFlags{0}})
         for (uint32_t i = 0; i < memory_.memoryTypeCount; ++i)
            if ((req.memoryTypeBits & (1u << i)) && (memory_.memoryTypes[i].propertyFlags & flags) == flags) {
               VkMemoryAllocateInfo ai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
               ai.allocationSize = req.size;
               ai.memoryTypeIndex = i;
               const VkResult r = vk_.vkAllocateMemory(dev_, &ai, nullptr, &mem_[s]);
               if (r != VK_SUCCESS)
                  return vk_call_failed(r, "vkAllocateMemory", "allocating memory for " + what, error);
               return true;
            }
      return fail("no memory type can hold " + what, error);
   }
   bool make_buffer(VkDeviceSize size, VkBufferUsageFlags usage, slot s, const std::string &what, std::string *error) {
      VkBufferCreateInfo bi{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
      bi.size = size;
      bi.usage = usage;
      VkResult r = vk_.vkCreateBuffer(dev_, &bi, nullptr, &buffers_[s]);
      if (r != VK_SUCCESS)
         return vk_call_failed(r, "vkCreateBuffer", "creating " + what, error);
      VkMemoryRequirements req;
      vk_.vkGetBufferMemoryRequirements(dev_, buffers_[s], &req);
      if (!allocate(req, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT, s, what, error))
         return false;
      if ((r = vk_.vkBindBufferMemory(dev_, buffers_[s], mem_[s], 0)) != VK_SUCCESS)
         return vk_call_failed(r, "vkBindBufferMemory", "binding " + what, error);
      return true;
   }
   bool make_image(const sample_fetch_texture &t, VkFormat format, VkImageAspectFlags aspect, std::string *error);
   bool make_texel_buffer(const sample_fetch_texture &t, VkFormat format, std::string *error);
   bool make_pipeline(const detail::sample_spirv &spv, VkDescriptorType texture_type, std::string *error);

   const zink_screen &screen_;
   const VolkDeviceTable &vk_;
   VkDevice dev_;
   VkPhysicalDeviceMemoryProperties memory_{};
   VkImage image_ = VK_NULL_HANDLE;
   VkImageView view_ = VK_NULL_HANDLE;
   VkSampler sampler_ = VK_NULL_HANDLE;
   VkBufferView buffer_view_ = VK_NULL_HANDLE;
   VkBuffer buffers_[2] = {VK_NULL_HANDLE, VK_NULL_HANDLE};
   VkDeviceMemory mem_[3] = {VK_NULL_HANDLE, VK_NULL_HANDLE, VK_NULL_HANDLE};
   VkDescriptorSetLayout slayout_ = VK_NULL_HANDLE;
   VkPipelineLayout playout_ = VK_NULL_HANDLE;
   VkShaderModule module_ = VK_NULL_HANDLE;
   VkPipeline pipeline_ = VK_NULL_HANDLE;
   VkDescriptorPool dpool_ = VK_NULL_HANDLE;
   VkCommandPool pool_ = VK_NULL_HANDLE;
   VkFence fence_ = VK_NULL_HANDLE;
};

bool fetch_job::make_image(const sample_fetch_texture &t, VkFormat format, VkImageAspectFlags aspect,
                           std::string *error) {
   const bool array = t.target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
   const std::string what = "the " + std::to_string(t.width) + "x" + std::to_string(t.height) + "x" +
                            std::to_string(t.layers) + " " + std::to_string(t.samples) + "-sample image (" +
                            vk_format_name(format) + ")";
   VkImageCreateInfo ii{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
   ii.imageType = VK_IMAGE_TYPE_2D;
   ii.format = format;
   ii.extent = {t.width, t.height, 1};
   ii.mipLevels = 1;
   ii.arrayLayers = t.layers;
   ii.samples = static_cast<VkSampleCountFlagBits>(t.samples);
   ii.tiling = VK_IMAGE_TILING_OPTIMAL;
   ii.usage = VK_IMAGE_USAGE_SAMPLED_BIT;
   VkImageFormatProperties ifp{};
   VkResult r = vkGetPhysicalDeviceImageFormatProperties(screen_.physical_device(), format, ii.imageType, ii.tiling,
                                                         ii.usage, 0, &ifp);
   if (r == VK_ERROR_FORMAT_NOT_SUPPORTED)
      return fail("the device cannot create " + what + " for sampling", error);
   if (r != VK_SUCCESS)
      return vk_call_failed(r, "vkGetPhysicalDeviceImageFormatProperties", "checking " + what, error);
   if (t.samples == 1)
      return fail("a shader reads a Vulkan image as multisample only when it has more than one sample; a "
                  "1-sample multisample texture has no device form here",
                  error);
   if (t.samples == 0 || (t.samples & (t.samples - 1)) || !(ifp.sampleCounts & t.samples)) {
      std::string offered;
      for (uint32_t c = 1; c <= 64; c <<= 1)
         if (ifp.sampleCounts & c)
            offered += (offered.empty() ? "" : ", ") + std::to_string(c);
      return fail("the device offers " + offered + " samples for " + std::string(vk_format_name(format)) +
                     " images, not " + std::to_string(t.samples),
                  error);
   }
   if (t.width > ifp.maxExtent.width || t.height > ifp.maxExtent.height || t.layers > ifp.maxArrayLayers)
      return fail(what + " exceeds the device's limits for that format", error);
   if ((r = vk_.vkCreateImage(dev_, &ii, nullptr, &image_)) != VK_SUCCESS)
      return vk_call_failed(r, "vkCreateImage", "creating " + what, error);
   VkMemoryRequirements req;
   vk_.vkGetImageMemoryRequirements(dev_, image_, &req);
   if (!allocate(req, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, kImage, what, error))
      return false;
   if ((r = vk_.vkBindImageMemory(dev_, image_, mem_[kImage], 0)) != VK_SUCCESS)
      return vk_call_failed(r, "vkBindImageMemory", "binding " + what, error);
   VkImageViewCreateInfo vi{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
   vi.image = image_;
   vi.viewType = array ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D;
   vi.format = format;
   vi.subresourceRange = {aspect, 0, 1, 0, t.layers};
   if ((r = vk_.vkCreateImageView(dev_, &vi, nullptr, &view_)) != VK_SUCCESS)
      return vk_call_failed(r, "vkCreateImageView", "creating the view of " + what, error);
   VkSamplerCreateInfo si{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};  // NEAREST, REPEAT: never used to filter
   si.maxAnisotropy = 1.0f;
   if ((r = vk_.vkCreateSampler(dev_, &si, nullptr, &sampler_)) != VK_SUCCESS)
      return vk_call_failed(r, "vkCreateSampler", "creating the sampler bound with " + what, error);
   return true;
}

bool fetch_job::make_texel_buffer(const sample_fetch_texture &t, VkFormat format, std::string *error) {
   if (t.buffer_bytes == 0)
      return fail("a Vulkan buffer cannot be empty: GL's zero-texel buffer texture has no device form", error);
   VkFormatProperties fp{};
   vkGetPhysicalDeviceFormatProperties(screen_.physical_device(), format, &fp);
   if (!(fp.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT))
      return fail(std::string(vk_format_name(format)) + " has no UNIFORM_TEXEL_BUFFER support on this device", error);
   const std::string what = "the " + std::to_string(t.buffer_bytes) + "-byte texel buffer";
   if (!make_buffer(t.buffer_bytes, VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT, kTexels, what, error))
      return false;
   VkBufferViewCreateInfo bv{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
   bv.buffer = buffers_[kTexels];
   bv.format = format;
   bv.range = VK_WHOLE_SIZE;  // floor(size / texel size) texels, as GL counts them
   const VkResult r = vk_.vkCreateBufferView(dev_, &bv, nullptr, &buffer_view_);
   if (r != VK_SUCCESS)
      return vk_call_failed(r, "vkCreateBufferView", "creating the view of " + what, error);
   return true;
}

bool fetch_job::make_pipeline(const detail::sample_spirv &spv, VkDescriptorType texture_type, std::string *error) {
   const VkDescriptorSetLayoutBinding bindings[2] = {
      {0, texture_type, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr}};
   VkDescriptorSetLayoutCreateInfo li{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
   li.bindingCount = 2;
   li.pBindings = bindings;
   VkResult r = vk_.vkCreateDescriptorSetLayout(dev_, &li, nullptr, &slayout_);
   if (r != VK_SUCCESS)
      return vk_call_failed(r, "vkCreateDescriptorSetLayout", "creating the query's set layout", error);
   VkPipelineLayoutCreateInfo pl{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
   pl.setLayoutCount = 1;
   pl.pSetLayouts = &slayout_;
   if ((r = vk_.vkCreatePipelineLayout(dev_, &pl, nullptr, &playout_)) != VK_SUCCESS)
      return vk_call_failed(r, "vkCreatePipelineLayout", "creating the query's pipeline layout", error);
   VkShaderModuleCreateInfo mi{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
   mi.codeSize = spv.size_bytes;
   mi.pCode = spv.code;
   if ((r = vk_.vkCreateShaderModule(dev_, &mi, nullptr, &module_)) != VK_SUCCESS)
      return vk_call_failed(r, "vkCreateShaderModule", std::string("creating ") + spv.name, error);
   VkComputePipelineCreateInfo ci{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
   ci.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
   ci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
   ci.stage.module = module_;
   ci.stage.pName = "main";
   ci.layout = playout_;
   if ((r = vk_.vkCreateComputePipelines(dev_, VK_NULL_HANDLE, 1, &ci, nullptr, &pipeline_)) != VK_SUCCESS)
      return vk_call_failed(r, "vkCreateComputePipelines", std::string("compiling ") + spv.name, error);
   return true;
}

bool fetch_job::run(const sample_fetch_texture &t, sample_fetch_query_result *out, std::string *error) {
   const util_format_description *d = util_format_describe(t.format);
   if (!d)
      return fail("no format given", error);
   const bool buffer = t.target == GL_TEXTURE_BUFFER;
   if (!buffer && t.target != GL_TEXTURE_2D_MULTISAMPLE && t.target != GL_TEXTURE_2D_MULTISAMPLE_ARRAY)
      return fail("sample_query_fetch takes multisample and buffer targets", error);
   if (t.stencil && !d->stencil_bits)
      return fail(std::string("stencil reads need a format with stencil, ") + d->name + " has none", error);
   const sample_shader_kind kind = t.stencil || (d->is_integer && !d->is_signed) ? sample_shader_kind::uint_
                                   : d->is_integer                              ? sample_shader_kind::int_
                                                                                : sample_shader_kind::float_;
   const detail::sample_spirv spv = detail::sample_query_fetch_shader(kind, t.target);
   // Buffers use the format as it is (their texels are GL's table 8.18 formats); images the
   // screen's storage, as device sampling's uploads do.
   const VkFormat format = buffer ? zink_format_for(t.format).format : screen_.format_support(t.format).vk.format;
   if (format == VK_FORMAT_UNDEFINED)
      return fail(std::string("no VkFormat holds ") + d->name + " on this device", error);
   const VkImageAspectFlags aspect = t.stencil        ? VK_IMAGE_ASPECT_STENCIL_BIT
                                     : d->depth_bits ? VK_IMAGE_ASPECT_DEPTH_BIT
                                                     : VK_IMAGE_ASPECT_COLOR_BIT;
   if (buffer ? !make_texel_buffer(t, format, error) : !make_image(t, format, aspect, error))
      return false;
   const VkDescriptorType texture_type =
      buffer ? VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER : VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
   if (!make_pipeline(spv, texture_type, error))
      return false;
   if (!make_buffer(32, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, kResults, "the result buffer", error))
      return false;
   void *mapped = nullptr;
   VkResult r = vk_.vkMapMemory(dev_, mem_[kResults], 0, VK_WHOLE_SIZE, 0, &mapped);
   if (r != VK_SUCCESS)
      return vk_call_failed(r, "vkMapMemory", "mapping the result buffer", error);
   std::memset(mapped, 0xff, 32);

   const VkDescriptorPoolSize sizes[2] = {{texture_type, 1}, {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1}};
   VkDescriptorPoolCreateInfo dpi{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
   dpi.maxSets = 1;
   dpi.poolSizeCount = 2;
   dpi.pPoolSizes = sizes;
   if ((r = vk_.vkCreateDescriptorPool(dev_, &dpi, nullptr, &dpool_)) != VK_SUCCESS)
      return vk_call_failed(r, "vkCreateDescriptorPool", "creating the query's descriptor pool", error);
   VkDescriptorSetAllocateInfo dai{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
   dai.descriptorPool = dpool_;
   dai.descriptorSetCount = 1;
   dai.pSetLayouts = &slayout_;
   VkDescriptorSet set = VK_NULL_HANDLE;
   if ((r = vk_.vkAllocateDescriptorSets(dev_, &dai, &set)) != VK_SUCCESS)
      return vk_call_failed(r, "vkAllocateDescriptorSets", "allocating the query's descriptor set", error);
   const VkDescriptorImageInfo image_info{sampler_, view_, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
   const VkDescriptorBufferInfo result_info{buffers_[kResults], 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet w[2] = {{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET}, {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET}};
   w[0].dstSet = w[1].dstSet = set;
   w[0].dstBinding = 0;
   w[1].dstBinding = 1;
   w[0].descriptorCount = w[1].descriptorCount = 1;
   w[0].descriptorType = texture_type;
   w[1].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
   if (buffer)
      w[0].pTexelBufferView = &buffer_view_;
   else
      w[0].pImageInfo = &image_info;
   w[1].pBufferInfo = &result_info;
   vk_.vkUpdateDescriptorSets(dev_, 2, w, 0, nullptr);

   VkCommandPoolCreateInfo cpi{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
   cpi.queueFamilyIndex = screen_.queue_family();
   if ((r = vk_.vkCreateCommandPool(dev_, &cpi, nullptr, &pool_)) != VK_SUCCESS)
      return vk_call_failed(r, "vkCreateCommandPool", "creating the command pool", error);
   VkCommandBufferAllocateInfo cai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
   cai.commandPool = pool_;
   cai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
   cai.commandBufferCount = 1;
   VkCommandBuffer cmd = VK_NULL_HANDLE;
   if ((r = vk_.vkAllocateCommandBuffers(dev_, &cai, &cmd)) != VK_SUCCESS)
      return vk_call_failed(r, "vkAllocateCommandBuffers", "allocating the command buffer", error);
   VkCommandBufferBeginInfo bi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
   bi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
   if ((r = vk_.vkBeginCommandBuffer(cmd, &bi)) != VK_SUCCESS)
      return vk_call_failed(r, "vkBeginCommandBuffer", "recording the query", error);
   if (!buffer) {
      // The image's layout for the descriptor; its texels stay undefined (a query reads none).
      VkImageMemoryBarrier ib{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
      ib.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
      ib.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
      ib.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
      ib.srcQueueFamilyIndex = ib.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
      ib.image = image_;
      ib.subresourceRange = {d->depth_bits && d->stencil_bits ? VkImageAspectFlags{VK_IMAGE_ASPECT_DEPTH_BIT |
                                                                                    VK_IMAGE_ASPECT_STENCIL_BIT}
                                                              : aspect,
                             0, 1, 0, t.layers};
      vk_.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 0,
                               nullptr, 0, nullptr, 1, &ib);
   }
   vk_.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline_);
   vk_.vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, playout_, 0, 1, &set, 0, nullptr);
   vk_.vkCmdDispatch(cmd, 1, 1, 1);
   VkBufferMemoryBarrier bb{VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
   bb.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
   bb.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
   bb.srcQueueFamilyIndex = bb.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
   bb.buffer = buffers_[kResults];
   bb.size = VK_WHOLE_SIZE;
   vk_.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 0, nullptr, 1,
                            &bb, 0, nullptr);
   if ((r = vk_.vkEndCommandBuffer(cmd)) != VK_SUCCESS)
      return vk_call_failed(r, "vkEndCommandBuffer", "recording the query", error);
   VkFenceCreateInfo fi{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   if ((r = vk_.vkCreateFence(dev_, &fi, nullptr, &fence_)) != VK_SUCCESS)
      return vk_call_failed(r, "vkCreateFence", "creating the fence", error);
   VkSubmitInfo si{VK_STRUCTURE_TYPE_SUBMIT_INFO};
   si.commandBufferCount = 1;
   si.pCommandBuffers = &cmd;
   {
      std::lock_guard<std::mutex> lock(screen_.queue_mutex());
      r = vk_.vkQueueSubmit(screen_.queue(), 1, &si, fence_);
   }
   if (r != VK_SUCCESS)
      return vk_call_failed(r, "vkQueueSubmit", "submitting the query", error);
   r = vk_.vkWaitForFences(dev_, 1, &fence_, VK_TRUE, std::numeric_limits<uint64_t>::max());
   if (r != VK_SUCCESS) {
      if (r != VK_ERROR_DEVICE_LOST) {
         std::lock_guard<std::mutex> lock(screen_.queue_mutex());
         vk_.vkQueueWaitIdle(screen_.queue());
      }
      return vk_call_failed(r, "vkWaitForFences", "waiting for the query", error);
   }
   const int32_t *v = static_cast<const int32_t *>(mapped);
   out->samples = v[0];
   out->size = {v[4], v[5], v[6]};
   return true;
}

}  // namespace

bool sample_query_fetch(const zink_screen &screen, const sample_fetch_texture &texture,
                        sample_fetch_query_result *result, std::string *error) {
   std::string local_error;
   std::string *err = error ? error : &local_error;
   err->clear();
   if (!result) {
      *err = "sample_query_fetch: no result given";
      return false;
   }
   fetch_job job(screen);
   return job.run(texture, result, err);
}

}  // namespace clampler
