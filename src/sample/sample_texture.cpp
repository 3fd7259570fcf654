// Device sampling's texture: the image, its view (with the composed swizzle) and the filled staging buffer.
#include "sample_job.h"

#include <algorithm>
#include <utility>

#include "sample_lowering.h"
#include "sample_targets.h"

namespace clampler {

VkComponentMapping sample_view_mapping(const zink_screen &screen, pipe_format format, bool depth_or_stencil_aspect,
                                       const VkComponentMapping &gl_swizzle) {
   // A depth or stencil aspect reads as GL's (D, 0, 0, 1) / (S, 0, 0, 1) spelled out: the green,
   // blue and alpha an implementation substitutes for an aspect view differ (lavapipe gives a
   // stencil view's alpha as 0), and a GL swizzle may read them.
   const VkComponentMapping aspect_rgba = {VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_ZERO,
                                           VK_COMPONENT_SWIZZLE_ONE};
   return zink_compose_mapping(gl_swizzle,
                               depth_or_stencil_aspect ? aspect_rgba : screen.format_support(format).vk.swizzle);
}

}  // namespace clampler

namespace clampler::sample_internal {

bool sample_job::make_texture(const sample_request &r, const upload_plan &plan, std::string *error) {
   const target_info &ti = *target_of(r.target);
   const uint32_t layers = array_layers(r);
   const uint32_t view_last = std::min(r.max_level, r.levels - 1);
   const bool srgb_off = plan.vk && plan.vk->type == numeric::srgb && !r.srgb_decode;
   const VkFormat view_format = srgb_off ? plan.vk->unorm_twin : plan.format;
   // The view reads one aspect: stencil when the request samples stencil, else depth.
   const VkImageAspectFlags view_aspect = samples_stencil(r)          ? VkImageAspectFlags{VK_IMAGE_ASPECT_STENCIL_BIT}
                                          : (plan.image_aspect & kDepth) ? kDepth
                                                                         : plan.image_aspect;

   // --- The image: optimal tiling, device-local memory when there is such a type.
   VkImageCreateInfo ii{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
   if (r.target == GL_TEXTURE_CUBE_MAP || r.target == GL_TEXTURE_CUBE_MAP_ARRAY)
      ii.flags |= VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT;
   if (srgb_off)
      ii.flags |= VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT;
   ii.imageType = ti.image_type;
   ii.format = plan.format;
   ii.extent = {r.width, ti.image_type == VK_IMAGE_TYPE_1D ? 1u : r.height,
                ti.image_type == VK_IMAGE_TYPE_3D ? r.depth : 1u};
   ii.mipLevels = r.levels;
   ii.arrayLayers = layers;
   ii.samples = VK_SAMPLE_COUNT_1_BIT;
   ii.tiling = VK_IMAGE_TILING_OPTIMAL;
   ii.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
   ii.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
   ii.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
   const std::string image_what = std::string("the ") + std::to_string(r.width) + "x" + std::to_string(r.height) + "x" +
                                  std::to_string(r.depth) + " " + ti.name + " image (" + vk_format_name(plan.format) +
                                  ", " + std::to_string(r.levels) + " levels)";
   VkImageFormatProperties ifp{};
   VkResult res = vkGetPhysicalDeviceImageFormatProperties(screen_.physical_device(), ii.format, ii.imageType,
                                                           ii.tiling, ii.usage, ii.flags, &ifp);
   if (res == VK_ERROR_FORMAT_NOT_SUPPORTED) {
      *error = "device sampling: the device cannot create " + image_what + " for sampling and transfers";
      return false;
   }
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkGetPhysicalDeviceImageFormatProperties", "checking " + image_what, error);
   if (ii.extent.width > ifp.maxExtent.width || ii.extent.height > ifp.maxExtent.height ||
       ii.extent.depth > ifp.maxExtent.depth || ii.mipLevels > ifp.maxMipLevels ||
       ii.arrayLayers > ifp.maxArrayLayers) {
      *error = "device sampling: " + image_what + " exceeds the device's limits for that format (max extent " +
               std::to_string(ifp.maxExtent.width) + "x" + std::to_string(ifp.maxExtent.height) + "x" +
               std::to_string(ifp.maxExtent.depth) + ", " + std::to_string(ifp.maxMipLevels) + " levels, " +
               std::to_string(ifp.maxArrayLayers) + " layers)";
      return false;
   }
   res = vk_.vkCreateImage(dev_, &ii, nullptr, &image_);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkCreateImage", "creating " + image_what, error);
   {
      if (!bind_device_memory(image_, image_what, &image_memory_, error))
         return false;
   }

   VkImageViewCreateInfo vi{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
   vi.image = image_;
   vi.viewType = ti.view_type;
   vi.format = view_format;
   const bool ds_aspect = (view_aspect & (kDepth | VK_IMAGE_ASPECT_STENCIL_BIT)) != 0;
   vi.components = sample_view_mapping(screen_, r.format, ds_aspect, r.view_swizzle);
   vi.subresourceRange = {view_aspect, r.base_level, view_last - r.base_level + 1, 0, layers};
   res = vk_.vkCreateImageView(dev_, &vi, nullptr, &view_);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkCreateImageView", "creating the view of " + image_what, error);

   // --- Staging: every level, x fastest then y then layer / slice, one region per level and
   // aspect, each aligned to a multiple of 16 and of the texel size (bufferOffset must be a
   // multiple of the texel size, and of 4 for depth and stencil).
   const std::vector<texel_part> parts = texel_parts(plan);
   copies_.clear();
   std::vector<std::pair<int, uint32_t>> regions;  // (part, level) of each copy
   VkDeviceSize staging_size = 0;
   for (uint32_t l = 0; l < r.levels; ++l) {
      const level_size s = size_of_level(r, l);
      for (size_t p = 0; p < parts.size(); ++p) {
         const VkDeviceSize texel_bytes = parts[p].bytes;
         const VkDeviceSize align =
            texel_bytes % 16 == 0 ? texel_bytes : (16 % texel_bytes == 0 ? 16 : 16 * texel_bytes);
         staging_size = (staging_size + align - 1) / align * align;
         VkBufferImageCopy c{};
         c.bufferOffset = staging_size;
         c.imageSubresource = {parts[p].aspect, l, 0, layers};
         c.imageExtent = {s.w, ti.image_type == VK_IMAGE_TYPE_1D ? 1u : s.h, r.target == GL_TEXTURE_3D ? s.d : 1u};
         copies_.push_back(c);
         regions.emplace_back(static_cast<int>(p), l);
         staging_size += static_cast<VkDeviceSize>(s.w) * s.h * s.d * texel_bytes;
      }
   }
   staging_size = std::max<VkDeviceSize>(staging_size, 16);
   if (!make_host_buffer(staging_size, VK_BUFFER_USAGE_TRANSFER_SRC_BIT, "staging buffer", &staging_, error))
      return false;
   for (size_t i = 0; i < copies_.size(); ++i) {
      const auto [p, l] = regions[i];
      uint8_t *dst = static_cast<uint8_t *>(staging_.mapped) + copies_[i].bufferOffset;
      for (const ref::ref_stored_texel &t : r.texels[l]) {
         write_texel_part(plan, p, t, dst);
         dst += parts[p].bytes;
      }
   }
   aspect_ = plan.image_aspect;
   layers_ = layers;
   levels_ = r.levels;
   return true;
}

}  // namespace clampler::sample_internal
