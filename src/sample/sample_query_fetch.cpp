// Device sampling's queries of multisample and buffer textures: the Vulkan image or texel buffer, textureSize and textureSamples, read back.
#include <volk.h>

#include <cstring>
#include <string>

#include "clampler/zink/zink_format.h"
#include "sample_job.h"

namespace clampler::sample_internal {

using detail::sample_shader_kind;

namespace {

bool fail(const std::string &what, std::string *error) {
   *error = "device sampling: " + what;
   return false;
}

}  // namespace

bool sample_job::make_multisample_image(const sample_fetch_texture &t, VkFormat format, VkImageAspectFlags aspect,
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
   if (!bind_device_memory(image_, what, &image_memory_, error))
      return false;
   VkImageViewCreateInfo vi{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
   vi.image = image_;
   vi.viewType = array ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D;
   vi.format = format;
   vi.subresourceRange = {aspect, 0, 1, 0, t.layers};
   if ((r = vk_.vkCreateImageView(dev_, &vi, nullptr, &view_)) != VK_SUCCESS)
      return vk_call_failed(r, "vkCreateImageView", "creating the view of " + what, error);
   VkSamplerCreateInfo si{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};  // NEAREST, REPEAT: never used to filter
   si.maxAnisotropy = 1.0f;
   if ((r = vk_.vkCreateSampler(dev_, &si, nullptr, &fetch_sampler_)) != VK_SUCCESS)
      return vk_call_failed(r, "vkCreateSampler", "creating the sampler bound with " + what, error);
   return true;
}

bool sample_job::make_texel_buffer(const sample_fetch_texture &t, VkFormat format, std::string *error) {
   if (t.buffer_bytes == 0)
      return fail("a Vulkan buffer cannot be empty: GL's zero-texel buffer texture has no device form", error);
   VkFormatProperties fp{};
   vkGetPhysicalDeviceFormatProperties(screen_.physical_device(), format, &fp);
   if (!(fp.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT))
      return fail(std::string(vk_format_name(format)) + " has no UNIFORM_TEXEL_BUFFER support on this device", error);
   const std::string what = "the " + std::to_string(t.buffer_bytes) + "-byte texel buffer";
   // Any memory will do (the query reads no texel): device-local preferred, never mapped.
   VkBufferCreateInfo bi{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
   bi.size = t.buffer_bytes;
   bi.usage = VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT;
   VkResult r = vk_.vkCreateBuffer(dev_, &bi, nullptr, &fetch_texels_);
   if (r != VK_SUCCESS)
      return vk_call_failed(r, "vkCreateBuffer", "creating " + what, error);
   if (!bind_device_memory(fetch_texels_, what, &fetch_texel_memory_, error))
      return false;
   VkBufferViewCreateInfo bv{VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO};
   bv.buffer = fetch_texels_;
   bv.format = format;
   bv.range = VK_WHOLE_SIZE;  // floor(size / texel size) texels, as GL counts them
   if ((r = vk_.vkCreateBufferView(dev_, &bv, nullptr, &fetch_buffer_view_)) != VK_SUCCESS)
      return vk_call_failed(r, "vkCreateBufferView", "creating the view of " + what, error);
   return true;
}

bool sample_job::make_fetch_pipeline(const detail::sample_spirv &spv, VkDescriptorType texture_type, std::string *error) {
   const VkDescriptorSetLayoutBinding bindings[2] = {
      {0, texture_type, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr}};
   VkDescriptorSetLayoutCreateInfo li{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
   li.bindingCount = 2;
   li.pBindings = bindings;
   VkResult r = vk_.vkCreateDescriptorSetLayout(dev_, &li, nullptr, &fetch_set_layout_);
   if (r != VK_SUCCESS)
      return vk_call_failed(r, "vkCreateDescriptorSetLayout", "creating the query's set layout", error);
   VkPipelineLayoutCreateInfo pl{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
   pl.setLayoutCount = 1;
   pl.pSetLayouts = &fetch_set_layout_;
   if ((r = vk_.vkCreatePipelineLayout(dev_, &pl, nullptr, &fetch_layout_)) != VK_SUCCESS)
      return vk_call_failed(r, "vkCreatePipelineLayout", "creating the query's pipeline layout", error);
   VkShaderModuleCreateInfo mi{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
   mi.codeSize = spv.size_bytes;
   mi.pCode = spv.code;
   if ((r = vk_.vkCreateShaderModule(dev_, &mi, nullptr, &fetch_module_)) != VK_SUCCESS)
      return vk_call_failed(r, "vkCreateShaderModule", std::string("creating ") + spv.name, error);
   VkComputePipelineCreateInfo ci{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
   ci.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
   ci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
   ci.stage.module = fetch_module_;
   ci.stage.pName = "main";
   ci.layout = fetch_layout_;
   if ((r = vk_.vkCreateComputePipelines(dev_, VK_NULL_HANDLE, 1, &ci, nullptr, &fetch_pipeline_)) != VK_SUCCESS)
      return vk_call_failed(r, "vkCreateComputePipelines", std::string("compiling ") + spv.name, error);
   return true;
}

bool sample_job::run_fetch_query(const sample_fetch_texture &t, sample_fetch_query_result *out, std::string *error) {
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
   if (buffer ? !make_texel_buffer(t, format, error) : !make_multisample_image(t, format, aspect, error))
      return false;
   const VkDescriptorType texture_type =
      buffer ? VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER : VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
   if (!make_fetch_pipeline(spv, texture_type, error))
      return false;
   if (!make_host_buffer(32, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, "the result buffer", &results_, error))
      return false;
   std::memset(results_.mapped, 0xff, 32);

   const VkDescriptorPoolSize sizes[2] = {{texture_type, 1}, {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1}};
   VkDescriptorSet set = VK_NULL_HANDLE;
   if (!allocate_set(sizes, fetch_set_layout_, &set, error))
      return false;
   const VkDescriptorImageInfo image_info{fetch_sampler_, view_, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
   const VkDescriptorBufferInfo result_info{results_.buffer, 0, VK_WHOLE_SIZE};
   VkWriteDescriptorSet w[2] = {{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET}, {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET}};
   w[0].dstSet = w[1].dstSet = set;
   w[0].dstBinding = 0;
   w[1].dstBinding = 1;
   w[0].descriptorCount = w[1].descriptorCount = 1;
   w[0].descriptorType = texture_type;
   w[1].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
   if (buffer)
      w[0].pTexelBufferView = &fetch_buffer_view_;
   else
      w[0].pImageInfo = &image_info;
   w[1].pBufferInfo = &result_info;
   vk_.vkUpdateDescriptorSets(dev_, 2, w, 0, nullptr);

   VkCommandBuffer cmd = VK_NULL_HANDLE;
   if (!begin_commands(&cmd, error))
      return false;
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
   vk_.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, fetch_pipeline_);
   vk_.vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, fetch_layout_, 0, 1, &set, 0, nullptr);
   vk_.vkCmdDispatch(cmd, 1, 1, 1);
   results_to_host(cmd);
   if (!end_submit_and_wait(cmd, "the query", error))
      return false;
   const int32_t *v = static_cast<const int32_t *>(results_.mapped);
   out->samples = v[0];
   out->size = {v[4], v[5], v[6]};
   return true;
}

}  // namespace clampler::sample_internal

namespace clampler {

bool sample_query_fetch(const zink_screen &screen, const sample_fetch_texture &texture,
                        sample_fetch_query_result *result, std::string *error) {
   std::string local_error;
   std::string *err = error ? error : &local_error;
   err->clear();
   if (!result) {
      *err = "sample_query_fetch: no result given";
      return false;
   }
   sample_internal::sample_job job(screen);
   return job.run_fetch_query(texture, result, err);
}

}  // namespace clampler
