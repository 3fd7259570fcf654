// Device sampling's upload plan: which VkFormat layout holds a pipe format's stored components, and where.
#include "sample_upload.h"

#include <string>

namespace clampler::sample_internal {

namespace {

constexpr VkFormat kNone = VK_FORMAT_UNDEFINED;

// Plain array formats only: component i of the texel is bytes [i * bytes, (i + 1) * bytes)
// of the texel, in host byte order. Packed (_PACK) and compressed formats are not here.
constexpr array_layout kLayouts[] = {
   {VK_FORMAT_R8_UNORM, 1, 1, numeric::unorm, kColor, kNone},
   {VK_FORMAT_R8_SNORM, 1, 1, numeric::snorm, kColor, kNone},
   {VK_FORMAT_R8_UINT, 1, 1, numeric::uint, kColor, kNone},
   {VK_FORMAT_R8_SINT, 1, 1, numeric::sint, kColor, kNone},
   {VK_FORMAT_R8_SRGB, 1, 1, numeric::srgb, kColor, VK_FORMAT_R8_UNORM},
   {VK_FORMAT_R8G8_UNORM, 2, 1, numeric::unorm, kColor, kNone},
   {VK_FORMAT_R8G8_SNORM, 2, 1, numeric::snorm, kColor, kNone},
   {VK_FORMAT_R8G8_UINT, 2, 1, numeric::uint, kColor, kNone},
   {VK_FORMAT_R8G8_SINT, 2, 1, numeric::sint, kColor, kNone},
   {VK_FORMAT_R8G8_SRGB, 2, 1, numeric::srgb, kColor, VK_FORMAT_R8G8_UNORM},
   {VK_FORMAT_R8G8B8A8_UNORM, 4, 1, numeric::unorm, kColor, kNone},
   {VK_FORMAT_R8G8B8A8_SNORM, 4, 1, numeric::snorm, kColor, kNone},
   {VK_FORMAT_R8G8B8A8_UINT, 4, 1, numeric::uint, kColor, kNone},
   {VK_FORMAT_R8G8B8A8_SINT, 4, 1, numeric::sint, kColor, kNone},
   {VK_FORMAT_R8G8B8A8_SRGB, 4, 1, numeric::srgb, kColor, VK_FORMAT_R8G8B8A8_UNORM},
   {VK_FORMAT_R16_UNORM, 1, 2, numeric::unorm, kColor, kNone},
   {VK_FORMAT_R16_SNORM, 1, 2, numeric::snorm, kColor, kNone},
   {VK_FORMAT_R16_UINT, 1, 2, numeric::uint, kColor, kNone},
   {VK_FORMAT_R16_SINT, 1, 2, numeric::sint, kColor, kNone},
   {VK_FORMAT_R16_SFLOAT, 1, 2, numeric::sfloat, kColor, kNone},
   {VK_FORMAT_R16G16_UNORM, 2, 2, numeric::unorm, kColor, kNone},
   {VK_FORMAT_R16G16_SNORM, 2, 2, numeric::snorm, kColor, kNone},
   {VK_FORMAT_R16G16_UINT, 2, 2, numeric::uint, kColor, kNone},
   {VK_FORMAT_R16G16_SINT, 2, 2, numeric::sint, kColor, kNone},
   {VK_FORMAT_R16G16_SFLOAT, 2, 2, numeric::sfloat, kColor, kNone},
   {VK_FORMAT_R16G16B16A16_UNORM, 4, 2, numeric::unorm, kColor, kNone},
   {VK_FORMAT_R16G16B16A16_SNORM, 4, 2, numeric::snorm, kColor, kNone},
   {VK_FORMAT_R16G16B16A16_UINT, 4, 2, numeric::uint, kColor, kNone},
   {VK_FORMAT_R16G16B16A16_SINT, 4, 2, numeric::sint, kColor, kNone},
   {VK_FORMAT_R16G16B16A16_SFLOAT, 4, 2, numeric::sfloat, kColor, kNone},
   {VK_FORMAT_R32_UINT, 1, 4, numeric::uint, kColor, kNone},
   {VK_FORMAT_R32_SINT, 1, 4, numeric::sint, kColor, kNone},
   {VK_FORMAT_R32_SFLOAT, 1, 4, numeric::sfloat, kColor, kNone},
   {VK_FORMAT_R32G32_UINT, 2, 4, numeric::uint, kColor, kNone},
   {VK_FORMAT_R32G32_SINT, 2, 4, numeric::sint, kColor, kNone},
   {VK_FORMAT_R32G32_SFLOAT, 2, 4, numeric::sfloat, kColor, kNone},
   {VK_FORMAT_R32G32B32_UINT, 3, 4, numeric::uint, kColor, kNone},
   {VK_FORMAT_R32G32B32_SINT, 3, 4, numeric::sint, kColor, kNone},
   {VK_FORMAT_R32G32B32_SFLOAT, 3, 4, numeric::sfloat, kColor, kNone},
   {VK_FORMAT_R32G32B32A32_UINT, 4, 4, numeric::uint, kColor, kNone},
   {VK_FORMAT_R32G32B32A32_SINT, 4, 4, numeric::sint, kColor, kNone},
   {VK_FORMAT_R32G32B32A32_SFLOAT, 4, 4, numeric::sfloat, kColor, kNone},
   {VK_FORMAT_D16_UNORM, 1, 2, numeric::unorm, kDepth, kNone},
   {VK_FORMAT_D32_SFLOAT, 1, 4, numeric::sfloat, kDepth, kNone},
};

const array_layout *layout_of(VkFormat f) {
   for (const array_layout &l : kLayouts)
      if (l.format == f)
         return &l;
   return nullptr;
}

// The numeric class of the pipe format's stored components.
numeric numeric_of(const util_format_description &d) {
   if (d.is_integer)
      return d.type == UTIL_FORMAT_TYPE_SIGNED ? numeric::sint : numeric::uint;
   if (d.is_float)
      return numeric::sfloat;
   if (d.is_srgb)
      return numeric::srgb;
   return d.type == UTIL_FORMAT_TYPE_SIGNED ? numeric::snorm : numeric::unorm;
}

std::string format_name(pipe_format f) {
   const util_format_description *d = util_format_describe(f);
   return d ? d->name : "pipe_format " + std::to_string(static_cast<unsigned>(f));
}

constexpr packed_layout kPacked[] = {
   {VK_FORMAT_R4G4_UNORM_PACK8, 1, numeric::unorm, {4, 0, 0, 0}, {4, 4, 0, 0}, -1},
   {VK_FORMAT_R4G4B4A4_UNORM_PACK16, 2, numeric::unorm, {12, 8, 4, 0}, {4, 4, 4, 4}, -1},
   {VK_FORMAT_B4G4R4A4_UNORM_PACK16, 2, numeric::unorm, {4, 8, 12, 0}, {4, 4, 4, 4}, -1},
   {VK_FORMAT_A4R4G4B4_UNORM_PACK16, 2, numeric::unorm, {8, 4, 0, 12}, {4, 4, 4, 4}, -1},
   {VK_FORMAT_A4B4G4R4_UNORM_PACK16, 2, numeric::unorm, {0, 4, 8, 12}, {4, 4, 4, 4}, -1},
   {VK_FORMAT_R5G6B5_UNORM_PACK16, 2, numeric::unorm, {11, 5, 0, 0}, {5, 6, 5, 0}, -1},
   {VK_FORMAT_B5G6R5_UNORM_PACK16, 2, numeric::unorm, {0, 5, 11, 0}, {5, 6, 5, 0}, -1},
   {VK_FORMAT_R5G5B5A1_UNORM_PACK16, 2, numeric::unorm, {11, 6, 1, 0}, {5, 5, 5, 1}, -1},
   {VK_FORMAT_B5G5R5A1_UNORM_PACK16, 2, numeric::unorm, {1, 6, 11, 0}, {5, 5, 5, 1}, -1},
   {VK_FORMAT_A1R5G5B5_UNORM_PACK16, 2, numeric::unorm, {10, 5, 0, 15}, {5, 5, 5, 1}, -1},
   {VK_FORMAT_A2B10G10R10_UNORM_PACK32, 4, numeric::unorm, {0, 10, 20, 30}, {10, 10, 10, 2}, -1},
   {VK_FORMAT_A2B10G10R10_UINT_PACK32, 4, numeric::uint, {0, 10, 20, 30}, {10, 10, 10, 2}, -1},
   {VK_FORMAT_A2R10G10B10_UNORM_PACK32, 4, numeric::unorm, {20, 10, 0, 30}, {10, 10, 10, 2}, -1},
   {VK_FORMAT_A2R10G10B10_UINT_PACK32, 4, numeric::uint, {20, 10, 0, 30}, {10, 10, 10, 2}, -1},
   {VK_FORMAT_B10G11R11_UFLOAT_PACK32, 4, numeric::sfloat, {0, 11, 22, 0}, {11, 11, 10, 0}, -1},
   {VK_FORMAT_E5B9G9R9_UFLOAT_PACK32, 4, numeric::sfloat, {0, 9, 18, 0}, {9, 9, 9, 0}, 27},
};

const packed_layout *packed_of(VkFormat f) {
   for (const packed_layout &l : kPacked)
      if (l.format == f)
         return &l;
   return nullptr;
}

constexpr ds_layout kDepthStencil[] = {
   {VK_FORMAT_D16_UNORM, depth_store::d16, false},
   {VK_FORMAT_X8_D24_UNORM_PACK32, depth_store::d24, false},
   {VK_FORMAT_D32_SFLOAT, depth_store::d32f, false},
   {VK_FORMAT_S8_UINT, depth_store::none, true},
   {VK_FORMAT_D16_UNORM_S8_UINT, depth_store::d16, true},
   {VK_FORMAT_D24_UNORM_S8_UINT, depth_store::d24, true},
   {VK_FORMAT_D32_SFLOAT_S8_UINT, depth_store::d32f, true},
};

const ds_layout *ds_of(VkFormat f) {
   for (const ds_layout &l : kDepthStencil)
      if (l.format == f)
         return &l;
   return nullptr;
}

// The GL RGBA component a stored component of a colour base format is read as (table 15.1).
int gl_component_of(GLenum base, int stored) {
   switch (base) {
   case GL_ALPHA: return 3;
   case GL_LUMINANCE_ALPHA: return stored == 0 ? 0 : 3;
   case GL_LUMINANCE:
   case GL_INTENSITY: return 0;
   default: return stored;  // RED, RG, RGB, RGBA
   }
}

// Whether the device offers the features device sampling needs for `vk` (sampling was checked by
// the screen): TRANSFER_DST for the upload.
bool has_transfer_dst(const zink_screen &screen, VkFormat vk) {
   VkFormatProperties props{};
   vkGetPhysicalDeviceFormatProperties(screen.physical_device(), vk, &props);
   return (props.optimalTilingFeatures & VK_FORMAT_FEATURE_TRANSFER_DST_BIT) != 0;
}

}  // namespace

upload_plan plan_upload(const zink_screen &screen, pipe_format f, std::string *why) {
   upload_plan plan;
   auto fail = [&](const std::string &reason) {
      if (why)
         *why = format_name(f) + ": " + reason;
      return upload_plan{};
   };
   const util_format_description *d = util_format_describe(f);
   if (!d)
      return fail("not a format of the core table");
   if (d->is_compressed)
      return fail("compressed formats are not supported by device sampling yet");
   const zink_format_support &s = screen.format_support(f);
   if (!s.sampled)
      return fail("the device cannot sample it (no SAMPLED_IMAGE format feature)");
   const VkFormat vkf = s.vk.format;
   const std::string stored_as = std::string("stored as ") + vk_format_name(vkf);
   if (!has_transfer_dst(screen, vkf))
      return fail(stored_as + ", which the device cannot upload to (no TRANSFER_DST format feature)");
   plan.stored = d->nr_channels;

   // Depth and stencil: per-aspect copies, with D24 / float conversions where the screen
   // substitutes a format (D24 as D32F, S8 in the stencil aspect of D32FS8).
   if (d->depth_bits || d->stencil_bits) {
      const ds_layout *l = ds_of(vkf);
      if (!l)
         return fail(stored_as + ", which is not a depth or stencil format");
      int next = 0;
      if (d->depth_bits) {
         plan.depth_index = next++;
         plan.depth_bits = d->depth_bits;
         plan.depth_is_float = d->is_float;
         const bool fits = l->depth == depth_store::d32f ||
                           (!d->is_float && ((l->depth == depth_store::d16 && d->depth_bits == 16) ||
                                             (l->depth == depth_store::d24 && d->depth_bits == 24)));
         if (!fits)
            return fail(stored_as + ", whose depth cannot hold the format's depth exactly");
      }
      if (d->stencil_bits) {
         plan.stencil_index = next++;
         if (!l->stencil || d->stencil_bits != 8)
            return fail(stored_as + ", which has no 8-bit stencil aspect");
      }
      plan.format = vkf;
      plan.kind = storage::depth_stencil;
      plan.ds = l;
      plan.stored = next;
      plan.image_aspect = (l->depth != depth_store::none ? kDepth : 0) |
                          (l->stencil ? VkImageAspectFlags{VK_IMAGE_ASPECT_STENCIL_BIT} : 0);
      return plan;
   }

   // Packed colour formats: each stored component goes to the VkFormat component the screen's
   // view swizzle reads for it.
   if (const packed_layout *pk = packed_of(vkf)) {
      if (numeric_of(*d) != pk->type)
         return fail(std::string("its numeric type does not match ") + vk_format_name(vkf));
      const bool rgb9e5 = f == PIPE_FORMAT_R9G9B9E5_FLOAT;
      if (rgb9e5 != (pk->exponent_shift >= 0))
         return fail(stored_as + ", whose shared exponent does not match the format's");
      const VkComponentSwizzle sw[4] = {s.vk.swizzle.r, s.vk.swizzle.g, s.vk.swizzle.b, s.vk.swizzle.a};
      bool used[4] = {false, false, false, false};
      for (int c = 0; c < d->nr_channels; ++c) {
         const int g = gl_component_of(d->gl_base_format, c);
         int k = g;
         if (sw[g] >= VK_COMPONENT_SWIZZLE_R && sw[g] <= VK_COMPONENT_SWIZZLE_A)
            k = static_cast<int>(sw[g]) - static_cast<int>(VK_COMPONENT_SWIZZLE_R);
         else if (sw[g] != VK_COMPONENT_SWIZZLE_IDENTITY)
            return fail(stored_as + ", whose view swizzle does not read stored component " + std::to_string(c));
         if (pk->bits[k] != d->channel_bits[c] || used[k])
            return fail(stored_as + ", whose component sizes differ from the format's (a conversion device "
                                    "sampling does not do yet)");
         used[k] = true;
         plan.place[c] = k;
      }
      plan.format = vkf;
      plan.kind = storage::packed;
      plan.packed = pk;
      plan.image_aspect = kColor;
      return plan;
   }

   const array_layout *l = layout_of(vkf);
   if (!l)
      return fail(stored_as + ", which is not a plain array or packed format device sampling can upload yet");
   if (l->components < d->nr_channels)
      return fail(stored_as + ", which has fewer components");
   for (int c = 0; c < d->nr_channels; ++c)
      if (d->channel_bits[c] != l->bytes * 8)
         return fail(std::string("its component sizes differ from ") + vk_format_name(vkf) +
                     "'s (a conversion device sampling does not do yet)");
   if (numeric_of(*d) != l->type)
      return fail(std::string("its numeric type does not match ") + vk_format_name(vkf));
   plan.format = vkf;
   plan.vk = l;
   plan.image_aspect = l->aspect;
   // Padded layouts (RGB as RGBA, R / L as RGBA sRGB) keep the stored components first; only
   // LUMINANCE_ALPHA in a four-component format puts its alpha in A (zink_format.cpp).
   if (d->nr_channels == 2 && l->components == 4 && d->gl_base_format == GL_LUMINANCE_ALPHA)
      plan.place[1] = 3;
   return plan;
}

}  // namespace clampler::sample_internal

namespace clampler {

bool sample_format_supported(const zink_screen &screen, pipe_format format, std::string *why) {
   return sample_internal::plan_upload(screen, format, why).format != VK_FORMAT_UNDEFINED;
}

}  // namespace clampler
