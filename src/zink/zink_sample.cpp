// zink_sample: uploads a texture, runs lookups in a compute shader on the device and reads the results back.
#include "clampler/zink/zink_sample.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>

namespace clampler {

namespace {

using detail::zink_sample_kind;

// ---------------------------------------------------------------------------------------------
// Formats: which VkFormats hold the stored components of a pipe format byte for byte.

enum class numeric { unorm, snorm, uint, sint, sfloat, srgb };

struct array_layout {
   VkFormat format;
   int components;
   int bytes;  // per component
   numeric type;
   VkImageAspectFlags aspect;
   VkFormat unorm_twin;  // sRGB formats: the view format when sRGB decode is off
};

constexpr VkImageAspectFlags kColor = VK_IMAGE_ASPECT_COLOR_BIT;
constexpr VkImageAspectFlags kDepth = VK_IMAGE_ASPECT_DEPTH_BIT;
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

// Packed (_PACK) VkFormats, from the Vulkan specification's format definitions (components
// named from the most significant bit down): where each of the VkFormat's R, G, B, A lies in
// the texel word (bits 0: the format has no such component).
struct packed_layout {
   VkFormat format;
   int bytes;  // the word: 1, 2 or 4 bytes, host byte order
   numeric type;
   int shift[4];  // R, G, B, A
   int bits[4];
   int exponent_shift;  // E5B9G9R9: the shared exponent (5 bits); -1 otherwise
};

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

// Depth and stencil VkFormats and what vkCmdCopyBufferToImage reads for each aspect (Vulkan
// "Copying Data Between Buffers and Images", depth/stencil aspects): D16 16-bit words, D24 32-bit
// words with depth in the low 24 bits, D32_SFLOAT 32-bit floats, stencil tightly packed bytes.
enum class depth_store { none, d16, d24, d32f };

struct ds_layout {
   VkFormat format;
   depth_store depth;
   bool stencil;
};

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

enum class storage { array, packed, depth_stencil };

// How the stored components of a pipe format go into the texels of the screen's VkFormat.
struct upload_plan {
   VkFormat format = VK_FORMAT_UNDEFINED;  // the image's format; UNDEFINED: not supported
   storage kind = storage::array;
   const array_layout *vk = nullptr;       // storage::array
   const packed_layout *packed = nullptr;  // storage::packed
   const ds_layout *ds = nullptr;          // storage::depth_stencil
   int stored = 0;                         // stored components (ref_stored_texel::count)
   int place[4] = {0, 1, 2, 3};            // VkFormat component of stored component i (array, packed)
   int depth_index = -1, stencil_index = -1;  // stored component of depth / stencil (depth_stencil)
   bool depth_is_float = false;               // the pipe format's depth is a float bit pattern
   int depth_bits = 0;                        // the pipe format's depth bits
   VkImageAspectFlags image_aspect = 0;       // every aspect of the format (barriers)
};

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

// Whether the device offers the features zink_sample needs for `vk` (sampling was checked by
// the screen): TRANSFER_DST for the upload.
bool has_transfer_dst(const zink_screen &screen, VkFormat vk) {
   VkFormatProperties props{};
   vkGetPhysicalDeviceFormatProperties(screen.physical_device(), vk, &props);
   return (props.optimalTilingFeatures & VK_FORMAT_FEATURE_TRANSFER_DST_BIT) != 0;
}

// The plan zink_sample uses for `f`; format UNDEFINED with *why set when it cannot upload it.
upload_plan sample_plan(const zink_screen &screen, pipe_format f, std::string *why) {
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

// The code that reads as 1 (or as the largest value) in a padding component, which the
// screen's view swizzle never shows except as alpha.
int64_t one_code(const array_layout &l) {
   switch (l.type) {
   case numeric::sfloat: return l.bytes == 2 ? 0x3c00 : 0x3f800000;  // 1.0 as half / float
   case numeric::snorm:
   case numeric::sint: return (int64_t{1} << (l.bytes * 8 - 1)) - 1;
   case numeric::uint: return 1;
   default: return (int64_t{1} << (l.bytes * 8)) - 1;
   }
}

// The range stored component c of format `d` may take (ref_stored_texel's conventions).
void code_range(const util_format_description &d, int c, int64_t *lo, int64_t *hi) {
   int bits = 0;
   bool is_signed = false;
   if (d.depth_bits || d.stencil_bits) {
      bits = d.depth_bits && c == 0 ? d.depth_bits : d.stencil_bits;
   } else {
      bits = d.channel_bits[c];
      is_signed = !d.is_float && d.type == UTIL_FORMAT_TYPE_SIGNED;  // float codes are bit patterns
   }
   if (is_signed) {
      *lo = -(int64_t{1} << (bits - 1));
      *hi = (int64_t{1} << (bits - 1)) - 1;
   } else {
      *lo = 0;
      *hi = (int64_t{1} << bits) - 1;
   }
}

// One part of a texel in the staging buffer: an aspect and its bytes per texel.
struct texel_part {
   VkImageAspectFlags aspect;
   VkDeviceSize bytes;
};

// The parts a texel is uploaded in: one, except depth-stencil formats with both stored
// (one copy per aspect); stencil stored in a depth-stencil format copies only the stencil.
std::vector<texel_part> texel_parts(const upload_plan &plan) {
   switch (plan.kind) {
   case storage::array:
      return {{plan.vk->aspect, static_cast<VkDeviceSize>(plan.vk->components * plan.vk->bytes)}};
   case storage::packed: return {{kColor, static_cast<VkDeviceSize>(plan.packed->bytes)}};
   case storage::depth_stencil: break;
   }
   std::vector<texel_part> parts;
   if (plan.depth_index >= 0)
      parts.push_back({kDepth, plan.ds->depth == depth_store::d16 ? 2u : 4u});
   if (plan.stencil_index >= 0)
      parts.push_back({VK_IMAGE_ASPECT_STENCIL_BIT, 1u});
   return parts;
}

// Writes part `part` of one texel of a depth-stencil plan: depth as the copy layout of its
// VkFormat (unorm codes to float for D32F storage, GL's c / (2^b - 1) rounded to single
// precision), stencil as a byte.
void write_ds_part(const upload_plan &plan, int part, const ref::ref_stored_texel &t, uint8_t *out) {
   const bool depth = part == 0 && plan.depth_index >= 0;
   if (!depth) {
      const uint8_t v = static_cast<uint8_t>(t.code[plan.stencil_index] & 0xff);
      std::memcpy(out, &v, 1);
      return;
   }
   const uint64_t code = static_cast<uint64_t>(t.code[plan.depth_index]);
   switch (plan.ds->depth) {
   case depth_store::d16: {
      const uint16_t v = static_cast<uint16_t>(code & 0xffffu);
      std::memcpy(out, &v, 2);
      break;
   }
   case depth_store::d24: {
      const uint32_t v = static_cast<uint32_t>(code & 0xffffffu);
      std::memcpy(out, &v, 4);
      break;
   }
   case depth_store::d32f: {
      uint32_t v = static_cast<uint32_t>(code & 0xffffffffu);
      if (!plan.depth_is_float) {
         const double max = static_cast<double>((uint64_t{1} << plan.depth_bits) - 1);
         const float f = static_cast<float>(static_cast<double>(code) / max);
         std::memcpy(&v, &f, 4);
      }
      std::memcpy(out, &v, 4);
      break;
   }
   case depth_store::none: break;
   }
}

// Writes one packed texel: each stored component in its VkFormat component's bits; an alpha
// the pipe format does not store (X padding) reads as 1.
void write_packed(const upload_plan &plan, const ref::ref_stored_texel &t, uint8_t *out) {
   const packed_layout &l = *plan.packed;
   uint64_t word = 0;
   bool filled[4] = {false, false, false, false};
   for (int c = 0; c < plan.stored; ++c) {
      const int k = plan.place[c];
      const uint64_t mask = (uint64_t{1} << l.bits[k]) - 1;
      word |= (static_cast<uint64_t>(t.code[c]) & mask) << l.shift[k];
      filled[k] = true;
   }
   if (l.bits[3] && !filled[3])
      word |= (l.type == numeric::uint ? uint64_t{1} : (uint64_t{1} << l.bits[3]) - 1) << l.shift[3];
   if (l.exponent_shift >= 0)
      word |= (static_cast<uint64_t>(t.shared_exponent) & 0x1f) << l.exponent_shift;
   switch (l.bytes) {
   case 1: {
      const uint8_t v = static_cast<uint8_t>(word);
      std::memcpy(out, &v, 1);
      break;
   }
   case 2: {
      const uint16_t v = static_cast<uint16_t>(word);
      std::memcpy(out, &v, 2);
      break;
   }
   default: {
      const uint32_t v = static_cast<uint32_t>(word);
      std::memcpy(out, &v, 4);
      break;
   }
   }
}

// Writes one texel in the VkFormat's bytes: each component `bytes` wide in host byte order,
// two's complement for signed components; padding components 0, alpha padding one_code.
void pack_texel(const upload_plan &plan, const ref::ref_stored_texel &t, uint8_t *out) {
   const array_layout &l = *plan.vk;
   int64_t codes[4] = {0, 0, 0, l.components == 4 ? one_code(l) : 0};
   for (int c = 0; c < plan.stored; ++c)
      codes[plan.place[c]] = t.code[c];
   for (int c = 0; c < l.components; ++c) {
      uint8_t *p = out + c * l.bytes;
      const uint64_t bits = static_cast<uint64_t>(codes[c]);
      switch (l.bytes) {
      case 1: {
         const uint8_t v = static_cast<uint8_t>(bits & 0xffu);
         std::memcpy(p, &v, 1);
         break;
      }
      case 2: {
         const uint16_t v = static_cast<uint16_t>(bits & 0xffffu);
         std::memcpy(p, &v, 2);
         break;
      }
      default: {
         const uint32_t v = static_cast<uint32_t>(bits & 0xffffffffu);
         std::memcpy(p, &v, 4);
         break;
      }
      }
   }
}

// Writes part `part` of one texel in whatever layout the plan uploads.
void write_texel_part(const upload_plan &plan, int part, const ref::ref_stored_texel &t, uint8_t *out) {
   switch (plan.kind) {
   case storage::array: pack_texel(plan, t, out); break;
   case storage::packed: write_packed(plan, t, out); break;
   case storage::depth_stencil: write_ds_part(plan, part, t, out); break;
   }
}

// ---------------------------------------------------------------------------------------------
// Targets.

struct target_info {
   GLenum target;
   const char *name;
   VkImageType image_type;
   VkImageViewType view_type;
   int coords;  // coordinate components a lookup needs
};

constexpr target_info kTargets[] = {
   {GL_TEXTURE_1D, "GL_TEXTURE_1D", VK_IMAGE_TYPE_1D, VK_IMAGE_VIEW_TYPE_1D, 1},
   {GL_TEXTURE_1D_ARRAY, "GL_TEXTURE_1D_ARRAY", VK_IMAGE_TYPE_1D, VK_IMAGE_VIEW_TYPE_1D_ARRAY, 2},
   {GL_TEXTURE_2D, "GL_TEXTURE_2D", VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_2D, 2},
   {GL_TEXTURE_RECTANGLE, "GL_TEXTURE_RECTANGLE", VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_2D, 2},
   {GL_TEXTURE_2D_ARRAY, "GL_TEXTURE_2D_ARRAY", VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_2D_ARRAY, 3},
   {GL_TEXTURE_3D, "GL_TEXTURE_3D", VK_IMAGE_TYPE_3D, VK_IMAGE_VIEW_TYPE_3D, 3},
   {GL_TEXTURE_CUBE_MAP, "GL_TEXTURE_CUBE_MAP", VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_CUBE, 3},
   {GL_TEXTURE_CUBE_MAP_ARRAY, "GL_TEXTURE_CUBE_MAP_ARRAY", VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_CUBE_ARRAY, 4},
};

const target_info *target_of(GLenum t) {
   for (const target_info &i : kTargets)
      if (i.target == t)
         return &i;
   return nullptr;
}

// The size of one level in ref_level terms (width, height or 1D-array layers, depth or
// layers / faces).
struct level_size {
   uint32_t w, h, d;
};

level_size size_of_level(const zink_sample_request &r, uint32_t level) {
   auto minify = [level](uint32_t v) { return std::max<uint32_t>(1, v >> level); };
   level_size s{minify(r.width), r.height, r.depth};
   if (r.target != GL_TEXTURE_1D_ARRAY)
      s.h = minify(r.height);
   if (r.target == GL_TEXTURE_3D)
      s.d = minify(r.depth);
   return s;
}

uint32_t array_layers(const zink_sample_request &r) {
   switch (r.target) {
   case GL_TEXTURE_1D_ARRAY: return r.height;
   case GL_TEXTURE_2D_ARRAY:
   case GL_TEXTURE_CUBE_MAP:
   case GL_TEXTURE_CUBE_MAP_ARRAY: return r.depth;
   default: return 1;
   }
}

// ---------------------------------------------------------------------------------------------
// The lookup record the shader reads (lookup_t in shaders/zink_sample.comp, std430).

struct zink_sample_lookup {
   float coord[4];
   float dpdx[4];
   float dpdy[4];
   float lod;
   float dref;
   uint32_t out_index;
   uint32_t pad;
};
static_assert(sizeof(zink_sample_lookup) == 64);

struct push_range {
   uint32_t first, count;
};

constexpr uint32_t kLocalSize = 64;  // local_size_x of the shader

const char *vk_result_name(VkResult r) {
   switch (r) {
   case VK_SUCCESS: return "VK_SUCCESS";
   case VK_TIMEOUT: return "VK_TIMEOUT";
   case VK_ERROR_OUT_OF_HOST_MEMORY: return "VK_ERROR_OUT_OF_HOST_MEMORY";
   case VK_ERROR_OUT_OF_DEVICE_MEMORY: return "VK_ERROR_OUT_OF_DEVICE_MEMORY";
   case VK_ERROR_INITIALIZATION_FAILED: return "VK_ERROR_INITIALIZATION_FAILED";
   case VK_ERROR_DEVICE_LOST: return "VK_ERROR_DEVICE_LOST";
   case VK_ERROR_MEMORY_MAP_FAILED: return "VK_ERROR_MEMORY_MAP_FAILED";
   case VK_ERROR_FORMAT_NOT_SUPPORTED: return "VK_ERROR_FORMAT_NOT_SUPPORTED";
   case VK_ERROR_TOO_MANY_OBJECTS: return "VK_ERROR_TOO_MANY_OBJECTS";
   case VK_ERROR_FRAGMENTED_POOL: return "VK_ERROR_FRAGMENTED_POOL";
   case VK_ERROR_OUT_OF_POOL_MEMORY: return "VK_ERROR_OUT_OF_POOL_MEMORY";
   case VK_ERROR_INVALID_SHADER_NV: return "VK_ERROR_INVALID_SHADER_NV";
   default: return "an unnamed VkResult";
   }
}

bool vk_call_failed(VkResult r, const char *call, const std::string &what, std::string *error) {
   *error = std::string("zink_sample: ") + call + " failed with " + vk_result_name(r) + " (VkResult " +
            std::to_string(static_cast<int>(r)) + ") while " + what;
   return false;
}

// A descriptor set layout of `bindings` and a pipeline layout over it with `push_bytes` of push
// constants for `stage`; `what` names them in the error.
bool make_set_and_pipeline_layout(const zink_screen &screen, std::span<const VkDescriptorSetLayoutBinding> bindings,
                                  VkShaderStageFlags stage, uint32_t push_bytes, const std::string &what,
                                  VkDescriptorSetLayout *set_layout, VkPipelineLayout *layout, std::string *error) {
   const VolkDeviceTable &vk = screen.vk();
   VkDescriptorSetLayoutCreateInfo li{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
   li.bindingCount = static_cast<uint32_t>(bindings.size());
   li.pBindings = bindings.data();
   VkResult res = vk.vkCreateDescriptorSetLayout(screen.device(), &li, nullptr, set_layout);
   if (res != VK_SUCCESS)
      return vk_call_failed(res, "vkCreateDescriptorSetLayout", "creating the " + what + " set layout", error);
   const VkPushConstantRange pc{stage, 0, push_bytes};
   VkPipelineLayoutCreateInfo pli{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
   pli.setLayoutCount = 1;
   pli.pSetLayouts = set_layout;
   pli.pushConstantRangeCount = 1;
   pli.pPushConstantRanges = &pc;
   res = vk.vkCreatePipelineLayout(screen.device(), &pli, nullptr, layout);
   if (res != VK_SUCCESS)
      return vk_call_failed(res, "vkCreatePipelineLayout", "creating the " + what + " pipeline layout", error);
   return true;
}

bool make_shader_module(const zink_screen &screen, std::span<const uint32_t> words, const std::string &name,
                        VkShaderModule *module, std::string *error) {
   VkShaderModuleCreateInfo mi{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
   mi.codeSize = words.size_bytes();
   mi.pCode = words.data();
   const VkResult res = screen.vk().vkCreateShaderModule(screen.device(), &mi, nullptr, module);
   if (res != VK_SUCCESS)
      return vk_call_failed(res, "vkCreateShaderModule", "creating the shader module " + name, error);
   return true;
}

// ---------------------------------------------------------------------------------------------
// Lowering: what the pass must do to sampler index 0 of the sampling shader.

// Whether the request reads the stencil aspect: stencil-only formats always, depth-stencil
// formats when the request says so.
bool samples_stencil(const zink_sample_request &r) {
   const util_format_description *d = util_format_describe(r.format);
   return d && d->stencil_bits && (r.stencil || !d->depth_bits);
}

zink_sample_kind kind_of(const zink_sample_request &r) {
   const util_format_description &desc = *util_format_describe(r.format);
   return r.shadow                               ? zink_sample_kind::shadow
          : samples_stencil(r)                   ? zink_sample_kind::uint_
          : !desc.is_integer                     ? zink_sample_kind::float_
          : desc.type == UTIL_FORMAT_TYPE_SIGNED ? zink_sample_kind::int_
                                                 : zink_sample_kind::uint_;
}

// Whether the request's shader goes through spirv_lower_tex. Shadow lookups always do: the
// shader returns vec4(d), and the key's shadow swizzle — GL's (X, 0, 0, 1) when the
// state tracker asked for none — turns that into GL's result.
bool needs_lowering(const zink_sample_request &r) {
   if (r.shadow)
      return true;
   return r.lowering.saturate || r.lowering.abs || r.lowering.nearest_edge != ST_NEAREST_EDGE_NONE ||
          r.lowering.has_shadow_swizzle;
}

spirv_lower_tex_options lower_options(const zink_sample_request &r) {
   spirv_lower_tex_options o;
   for (unsigned c = 0; c < 3; ++c) {
      if (r.lowering.saturate & (1u << c))
         o.key.saturate[c] |= 1u;
      if (r.lowering.abs & (1u << c))
         o.key.abs[c] |= 1u;
   }
   if (r.lowering.nearest_edge == ST_NEAREST_EDGE_MAGNIFIED)
      o.key.nearest_edge_magnified = 1u;
   if (r.lowering.nearest_edge == ST_NEAREST_EDGE_MINIFIED)
      o.key.nearest_edge_minified = 1u;
   if (r.shadow) {
      o.key.shadow_mask = 1u;
      o.key.shadow_swizzle[0] = r.lowering.has_shadow_swizzle
                                   ? r.lowering.shadow_swizzle
                                   : std::array<pipe_swizzle, 4>{PIPE_SWIZZLE_X, PIPE_SWIZZLE_0, PIPE_SWIZZLE_0,
                                                                 PIPE_SWIZZLE_1};
   }
   // Only nearest_edge reads the LOD values: leaving them out otherwise lets samplers that differ
   // only there share one lowered module (and one cache entry).
   if (r.lowering.nearest_edge != ST_NEAREST_EDGE_NONE)
      o.lod[0] = r.sampler_lod;
   return o;
}

// ---------------------------------------------------------------------------------------------
// The device-wide cache: descriptor and pipeline layouts, lowered modules and pipelines, kept
// by the screen (zink_screen::cached_object) so repeated requests never compile again.

struct sample_device_cache {
   explicit sample_device_cache(const zink_screen &s) : screen(s) {}
   ~sample_device_cache() {
      const VolkDeviceTable &vk = screen.vk();
      for (auto &p : compute)
         vk.vkDestroyPipeline(screen.device(), p.second, nullptr);
      for (auto &p : graphics)
         vk.vkDestroyPipeline(screen.device(), p.second, nullptr);
      for (auto &p : render_passes)
         vk.vkDestroyRenderPass(screen.device(), p.second, nullptr);
      if (vertex)
         vk.vkDestroyShaderModule(screen.device(), vertex, nullptr);
      if (frag_layout)
         vk.vkDestroyPipelineLayout(screen.device(), frag_layout, nullptr);
      if (frag_set_layout)
         vk.vkDestroyDescriptorSetLayout(screen.device(), frag_set_layout, nullptr);
      if (layout)
         vk.vkDestroyPipelineLayout(screen.device(), layout, nullptr);
      if (set_layout)
         vk.vkDestroyDescriptorSetLayout(screen.device(), set_layout, nullptr);
   }
   sample_device_cache(const sample_device_cache &) = delete;
   sample_device_cache &operator=(const sample_device_cache &) = delete;

   // The compute pipeline for `spv` as the request needs it (lowered when needs_lowering).
   bool compute_pipeline(const detail::zink_sample_spirv &spv, const zink_sample_request &r, VkPipeline *out,
                         std::string *error);
   bool make_layouts(std::string *error);  // under mutex
   // `spv` as the request needs it: lowered (cached) when needs_lowering, else as embedded.
   bool lower(const detail::zink_sample_spirv &spv, const zink_sample_request &r, std::span<const uint32_t> *words,
              std::string *error);
   // The fragment path: the graphics pipeline drawing with fragment shader `spv` into a colour
   // attachment of `color` plus the RGBA32F coordinate attachment, and its render pass.
   bool graphics_pipeline(const detail::zink_sample_spirv &spv, const zink_sample_request &r, VkFormat color,
                          VkPipeline *out, VkRenderPass *pass, std::string *error);
   bool make_fragment_layouts(std::string *error);  // under mutex

   const zink_screen &screen;
   std::mutex mutex;
   VkDescriptorSetLayout set_layout = VK_NULL_HANDLE;  // binding 0 sampler, 1 lookups, 2 results
   VkPipelineLayout layout = VK_NULL_HANDLE;           // + the push_range constants
   std::map<std::vector<uint32_t>, VkPipeline> compute;  // by the (lowered) module's words
   VkDescriptorSetLayout frag_set_layout = VK_NULL_HANDLE;  // binding 0 sampler (fragment stage)
   VkPipelineLayout frag_layout = VK_NULL_HANDLE;           // + the grid constants
   VkShaderModule vertex = VK_NULL_HANDLE;
   std::map<VkFormat, VkRenderPass> render_passes;
   std::map<std::pair<VkFormat, std::vector<uint32_t>>, VkPipeline> graphics;
   zink_sample_stats stats;
   spirv_lower_cache lowered;
};

sample_device_cache &device_cache(const zink_screen &screen) {
   static const char key = 0;  // its address names the object among the screen's cached objects
   const std::shared_ptr<void> p =
      screen.cached_object(&key, [&screen] { return std::make_shared<sample_device_cache>(screen); });
   return *static_cast<sample_device_cache *>(p.get());  // lives as long as the screen
}

bool sample_device_cache::make_layouts(std::string *error) {
   if (layout)
      return true;
   const VkDescriptorSetLayoutBinding b[3] = {
      {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr},
      {1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr},
      {2, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, nullptr}};
   return make_set_and_pipeline_layout(screen, b, VK_SHADER_STAGE_COMPUTE_BIT, sizeof(push_range), "compute path's",
                                       &set_layout, &layout, error);
}

bool sample_device_cache::lower(const detail::zink_sample_spirv &spv, const zink_sample_request &r,
                                std::span<const uint32_t> *words, std::string *error) {
   *words = std::span<const uint32_t>(spv.code, spv.size_bytes / sizeof(uint32_t));
   if (!needs_lowering(r))
      return true;
   std::string why;
   const std::vector<uint32_t> *lowered_words = lowered.get(*words, lower_options(r), &why);
   if (!lowered_words) {
      *error = std::string("zink_sample: the lowering pass refused ") + spv.name + ": " + why;
      return false;
   }
   *words = *lowered_words;
   return true;
}

bool sample_device_cache::compute_pipeline(const detail::zink_sample_spirv &spv, const zink_sample_request &r,
                                           VkPipeline *out, std::string *error) {
   std::span<const uint32_t> words;
   if (!lower(spv, r, &words, error))
      return false;
   std::lock_guard<std::mutex> lock(mutex);
   if (!make_layouts(error))
      return false;
   std::vector<uint32_t> key(words.begin(), words.end());
   auto it = compute.find(key);
   if (it != compute.end()) {
      ++stats.pipeline_hits;
      *out = it->second;
      return true;
   }
   const VolkDeviceTable &vk = screen.vk();
   VkShaderModule module = VK_NULL_HANDLE;
   if (!make_shader_module(screen, words, spv.name, &module, error))
      return false;
   VkComputePipelineCreateInfo ci{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
   ci.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
   ci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
   ci.stage.module = module;
   ci.stage.pName = "main";
   ci.layout = layout;
   VkPipeline pipeline = VK_NULL_HANDLE;
   const VkResult res = vk.vkCreateComputePipelines(screen.device(), VK_NULL_HANDLE, 1, &ci, nullptr, &pipeline);
   vk.vkDestroyShaderModule(screen.device(), module, nullptr);  // the pipeline keeps what it needs
   if (res != VK_SUCCESS)
      return vk_call_failed(res, "vkCreateComputePipelines", std::string("creating the pipeline of ") + spv.name,
                            error);
   compute.emplace(std::move(key), pipeline);
   ++stats.pipelines_created;
   *out = pipeline;
   return true;
}

// The fragment path's push constants (grid_pc in shaders/zink_sample.frag).
struct grid_constants {
   float origin[4];
   float dx[4];
   float dy[4];
   float dref;
};

bool sample_device_cache::make_fragment_layouts(std::string *error) {
   if (frag_layout)
      return true;
   const VkDescriptorSetLayoutBinding b[1] = {
      {0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, nullptr}};
   if (!make_set_and_pipeline_layout(screen, b, VK_SHADER_STAGE_FRAGMENT_BIT, sizeof(grid_constants),
                                     "fragment path's", &frag_set_layout, &frag_layout, error))
      return false;
   const detail::zink_sample_spirv vs = detail::zink_sample_vertex_shader();
   return make_shader_module(screen, std::span<const uint32_t>(vs.code, vs.size_bytes / sizeof(uint32_t)),
                             vs.name, &vertex, error);
}

bool sample_device_cache::graphics_pipeline(const detail::zink_sample_spirv &spv, const zink_sample_request &r,
                                            VkFormat color, VkPipeline *out, VkRenderPass *pass,
                                            std::string *error) {
   std::span<const uint32_t> words;
   if (!lower(spv, r, &words, error))
      return false;
   std::lock_guard<std::mutex> lock(mutex);
   if (!make_fragment_layouts(error))
      return false;
   const VolkDeviceTable &vk = screen.vk();
   VkResult res;
   auto rp = render_passes.find(color);
   if (rp == render_passes.end()) {
      // Two attachments (the result, the coordinate), cleared, stored and left for the copy.
      VkAttachmentDescription att[2] = {};
      for (int i = 0; i < 2; ++i) {
         att[i].format = i == 0 ? color : VK_FORMAT_R32G32B32A32_SFLOAT;
         att[i].samples = VK_SAMPLE_COUNT_1_BIT;
         att[i].loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
         att[i].storeOp = VK_ATTACHMENT_STORE_OP_STORE;
         att[i].stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
         att[i].stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
         att[i].initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
         att[i].finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
      }
      const VkAttachmentReference refs[2] = {{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL},
                                             {1, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL}};
      VkSubpassDescription sub{};
      sub.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
      sub.colorAttachmentCount = 2;
      sub.pColorAttachments = refs;
      VkSubpassDependency dep{};
      dep.srcSubpass = 0;
      dep.dstSubpass = VK_SUBPASS_EXTERNAL;
      dep.srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
      dep.dstStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT;
      dep.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
      dep.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
      VkRenderPassCreateInfo ri{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
      ri.attachmentCount = 2;
      ri.pAttachments = att;
      ri.subpassCount = 1;
      ri.pSubpasses = &sub;
      ri.dependencyCount = 1;
      ri.pDependencies = &dep;
      VkRenderPass made = VK_NULL_HANDLE;
      res = vk.vkCreateRenderPass(screen.device(), &ri, nullptr, &made);
      if (res != VK_SUCCESS)
         return vk_call_failed(res, "vkCreateRenderPass", "creating the fragment path's render pass", error);
      rp = render_passes.emplace(color, made).first;
   }
   *pass = rp->second;
   std::pair<VkFormat, std::vector<uint32_t>> key(color, std::vector<uint32_t>(words.begin(), words.end()));
   auto it = graphics.find(key);
   if (it != graphics.end()) {
      ++stats.pipeline_hits;
      *out = it->second;
      return true;
   }
   VkShaderModule fragment = VK_NULL_HANDLE;
   if (!make_shader_module(screen, words, spv.name, &fragment, error))
      return false;
   VkPipelineShaderStageCreateInfo stages[2] = {{VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO},
                                                {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO}};
   stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
   stages[0].module = vertex;
   stages[0].pName = "main";
   stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
   stages[1].module = fragment;
   stages[1].pName = "main";
   VkPipelineVertexInputStateCreateInfo vi{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
   VkPipelineInputAssemblyStateCreateInfo ia{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
   ia.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
   VkPipelineViewportStateCreateInfo vp{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
   vp.viewportCount = 1;
   vp.scissorCount = 1;
   VkPipelineRasterizationStateCreateInfo rs{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
   rs.polygonMode = VK_POLYGON_MODE_FILL;
   rs.cullMode = VK_CULL_MODE_NONE;
   rs.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE;
   rs.lineWidth = 1.0f;
   VkPipelineMultisampleStateCreateInfo ms{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
   ms.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
   VkPipelineColorBlendAttachmentState blend[2] = {};
   for (auto &b : blend)
      b.colorWriteMask =
         VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT;
   VkPipelineColorBlendStateCreateInfo cb{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
   cb.attachmentCount = 2;
   cb.pAttachments = blend;
   const VkDynamicState dyn[2] = {VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR};
   VkPipelineDynamicStateCreateInfo ds{VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO};
   ds.dynamicStateCount = 2;
   ds.pDynamicStates = dyn;
   VkGraphicsPipelineCreateInfo gi{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
   gi.stageCount = 2;
   gi.pStages = stages;
   gi.pVertexInputState = &vi;
   gi.pInputAssemblyState = &ia;
   gi.pViewportState = &vp;
   gi.pRasterizationState = &rs;
   gi.pMultisampleState = &ms;
   gi.pColorBlendState = &cb;
   gi.pDynamicState = &ds;
   gi.layout = frag_layout;
   gi.renderPass = *pass;
   gi.subpass = 0;
   VkPipeline pipeline = VK_NULL_HANDLE;
   res = vk.vkCreateGraphicsPipelines(screen.device(), VK_NULL_HANDLE, 1, &gi, nullptr, &pipeline);
   vk.vkDestroyShaderModule(screen.device(), fragment, nullptr);
   if (res != VK_SUCCESS)
      return vk_call_failed(res, "vkCreateGraphicsPipelines", std::string("creating the pipeline of ") + spv.name,
                            error);
   graphics.emplace(std::move(key), pipeline);
   ++stats.pipelines_created;
   *out = pipeline;
   return true;
}

// ---------------------------------------------------------------------------------------------
// Everything one zink_sample call creates; destroyed in reverse order whatever happened.

class sample_job {
public:
   explicit sample_job(const zink_screen &screen) : screen_(screen), vk_(screen.vk()), dev_(screen.device()) {
      vkGetPhysicalDeviceMemoryProperties(screen.physical_device(), &memory_);
   }
   ~sample_job();
   sample_job(const sample_job &) = delete;
   sample_job &operator=(const sample_job &) = delete;

   bool run(const zink_sample_request &r, const upload_plan &plan, std::vector<ref::texel> *results,
            std::string *error);
   bool run_fragment(const zink_sample_request &r, const upload_plan &plan, const zink_sample_grid &grid,
                     std::vector<ref::texel> *results, std::vector<ref::ref_lookup> *lookups, std::string *error);

private:
   struct host_buffer {
      VkBuffer buffer = VK_NULL_HANDLE;
      VkDeviceMemory memory = VK_NULL_HANDLE;
      void *mapped = nullptr;
      VkDeviceSize size = 0;
   };

   // Sets *error from a failed call and returns false.
   bool vk_failed(VkResult r, const char *call, const std::string &what, std::string *error) const {
      *error = std::string("zink_sample: ") + call + " failed with " + vk_result_name(r) + " (VkResult " +
               std::to_string(static_cast<int>(r)) + ") while " + what;
      return false;
   }
   bool memory_type(uint32_t bits, VkMemoryPropertyFlags required, VkMemoryPropertyFlags preferred,
                    uint32_t *index) const;
   bool make_host_buffer(VkDeviceSize size, VkBufferUsageFlags usage, const char *what, host_buffer *b,
                         std::string *error);
   void destroy_buffer(host_buffer &b);
   // The image, its view and the filled staging buffer (copies_ says where each level is).
   bool make_texture(const zink_sample_request &r, const upload_plan &plan, std::string *error);
   bool begin_commands(VkCommandBuffer *cmd, std::string *error);
   void record_upload(VkCommandBuffer cmd, VkPipelineStageFlags stage);
   bool submit_and_wait(VkCommandBuffer cmd, std::string *error);
   bool make_attachment(int i, VkFormat format, uint32_t w, uint32_t h, std::string *error);

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
};

sample_job::~sample_job() {
   // Only reached with the device idle for our work: run() waited for the fence, or never
   // submitted, or the device was lost (when destroying is still allowed).
   if (fence_)
      vk_.vkDestroyFence(dev_, fence_, nullptr);
   if (command_pool_)
      vk_.vkDestroyCommandPool(dev_, command_pool_, nullptr);  // frees its command buffer
   if (descriptor_pool_)
      vk_.vkDestroyDescriptorPool(dev_, descriptor_pool_, nullptr);  // frees its set
   if (framebuffer_)
      vk_.vkDestroyFramebuffer(dev_, framebuffer_, nullptr);
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
      *error = std::string("zink_sample: no host-visible, host-coherent memory type can hold the ") + what;
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

// The view's component mapping: GL's swizzle over the RGBA the format reads, where the
// format's RGBA is itself the screen's mapping over the stored components.
VkComponentMapping compose_swizzle(const VkComponentMapping &gl, const VkComponentMapping &format) {
   const VkComponentSwizzle fmt[4] = {format.r, format.g, format.b, format.a};
   auto resolve_format = [&](int c) {  // what GL's component c reads, in stored components
      const VkComponentSwizzle s = fmt[c];
      if (s == VK_COMPONENT_SWIZZLE_IDENTITY)
         return static_cast<VkComponentSwizzle>(VK_COMPONENT_SWIZZLE_R + c);
      return s;
   };
   auto resolve = [&](VkComponentSwizzle s, int c) {
      if (s == VK_COMPONENT_SWIZZLE_IDENTITY)
         return resolve_format(c);
      if (s == VK_COMPONENT_SWIZZLE_ZERO || s == VK_COMPONENT_SWIZZLE_ONE)
         return s;
      return resolve_format(static_cast<int>(s) - static_cast<int>(VK_COMPONENT_SWIZZLE_R));
   };
   return {resolve(gl.r, 0), resolve(gl.g, 1), resolve(gl.b, 2), resolve(gl.a, 3)};
}

bool valid_swizzle(VkComponentSwizzle s) {
   return s >= VK_COMPONENT_SWIZZLE_IDENTITY && s <= VK_COMPONENT_SWIZZLE_A;
}

bool is_identity(const VkComponentMapping &m) {
   auto id = [](VkComponentSwizzle s, VkComponentSwizzle self) {
      return s == VK_COMPONENT_SWIZZLE_IDENTITY || s == self;
   };
   return id(m.r, VK_COMPONENT_SWIZZLE_R) && id(m.g, VK_COMPONENT_SWIZZLE_G) && id(m.b, VK_COMPONENT_SWIZZLE_B) &&
          id(m.a, VK_COMPONENT_SWIZZLE_A);
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

bool sample_job::submit_and_wait(VkCommandBuffer cmd, std::string *error) {
   VkResult res;
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

bool sample_job::make_texture(const zink_sample_request &r, const upload_plan &plan, std::string *error) {
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
      *error = "zink_sample: the device cannot create " + image_what + " for sampling and transfers";
      return false;
   }
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkGetPhysicalDeviceImageFormatProperties", "checking " + image_what, error);
   if (ii.extent.width > ifp.maxExtent.width || ii.extent.height > ifp.maxExtent.height ||
       ii.extent.depth > ifp.maxExtent.depth || ii.mipLevels > ifp.maxMipLevels ||
       ii.arrayLayers > ifp.maxArrayLayers) {
      *error = "zink_sample: " + image_what + " exceeds the device's limits for that format (max extent " +
               std::to_string(ifp.maxExtent.width) + "x" + std::to_string(ifp.maxExtent.height) + "x" +
               std::to_string(ifp.maxExtent.depth) + ", " + std::to_string(ifp.maxMipLevels) + " levels, " +
               std::to_string(ifp.maxArrayLayers) + " layers)";
      return false;
   }
   res = vk_.vkCreateImage(dev_, &ii, nullptr, &image_);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkCreateImage", "creating " + image_what, error);
   {
      VkMemoryRequirements req;
      vk_.vkGetImageMemoryRequirements(dev_, image_, &req);
      VkMemoryAllocateInfo ai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
      ai.allocationSize = req.size;
      if (!memory_type(req.memoryTypeBits, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, &ai.memoryTypeIndex)) {
         *error = "zink_sample: no memory type can hold " + image_what;
         return false;
      }
      res = vk_.vkAllocateMemory(dev_, &ai, nullptr, &image_memory_);
      if (res != VK_SUCCESS)
         return vk_failed(res, "vkAllocateMemory", "allocating memory for " + image_what, error);
      res = vk_.vkBindImageMemory(dev_, image_, image_memory_, 0);
      if (res != VK_SUCCESS)
         return vk_failed(res, "vkBindImageMemory", "binding memory to " + image_what, error);
   }

   VkImageViewCreateInfo vi{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
   vi.image = image_;
   vi.viewType = ti.view_type;
   vi.format = view_format;
   vi.components = compose_swizzle(r.view_swizzle, screen_.format_support(r.format).vk.swizzle);
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

bool sample_job::run(const zink_sample_request &r, const upload_plan &plan, std::vector<ref::texel> *results,
                     std::string *error) {
   if (!make_texture(r, plan, error))
      return false;
   const size_t n = r.lookups.size();
   VkResult res = VK_SUCCESS;

   // --- Lookups, sorted into the textureLod group then the textureGrad group.
   if (!make_host_buffer(n * sizeof(zink_sample_lookup), VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, "lookup buffer", &lookups_,
                         error))
      return false;
   const VkDeviceSize result_stride = 16;  // vec4 / ivec4 / uvec4
   if (!make_host_buffer(n * result_stride, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, "result buffer", &results_, error))
      return false;
   std::memset(results_.mapped, 0, n * result_stride);
   uint32_t group_count[2] = {0, 0};
   {
      std::vector<zink_sample_lookup> records;
      records.reserve(n);
      for (int grad = 0; grad < 2; ++grad)
         for (size_t i = 0; i < n; ++i) {
            const ref::ref_lookup &lk = r.lookups[i];
            const bool uses_grad = lk.has_grad && !lk.has_lod;
            if (uses_grad != (grad == 1))
               continue;
            zink_sample_lookup rec{};
            for (int c = 0; c < std::min(lk.ncoord, 4); ++c)
               rec.coord[c] = static_cast<float>(lk.coord[c]);
            for (int c = 0; c < 3; ++c) {
               rec.dpdx[c] = static_cast<float>(lk.dPdx[c]);
               rec.dpdy[c] = static_cast<float>(lk.dPdy[c]);
            }
            rec.lod = lk.has_lod ? static_cast<float>(lk.lod) : 0.0f;
            rec.dref = static_cast<float>(lk.ref);
            rec.out_index = static_cast<uint32_t>(i);
            records.push_back(rec);
            ++group_count[grad];
         }
      std::memcpy(lookups_.mapped, records.data(), records.size() * sizeof(zink_sample_lookup));
   }

   // --- Pipelines: one per lookup kind used, from the device-wide cache (lowered first when
   // the request's sampler needs it).
   sample_device_cache &cache = device_cache(screen_);
   const zink_sample_kind kind = kind_of(r);
   for (int grad = 0; grad < 2; ++grad) {
      if (!group_count[grad])
         continue;
      const detail::zink_sample_spirv spv = detail::zink_sample_shader(kind, r.target, grad == 1);
      if (!cache.compute_pipeline(spv, r, &pipelines_[grad], error))
         return false;
   }
   const VkDescriptorSetLayout set_layout = cache.set_layout;
   const VkPipelineLayout pipeline_layout = cache.layout;

   // --- Descriptors.
   VkDescriptorSet set = VK_NULL_HANDLE;
   {
      const VkDescriptorPoolSize sizes[2] = {{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1},
                                             {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2}};
      VkDescriptorPoolCreateInfo pi{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
      pi.maxSets = 1;
      pi.poolSizeCount = 2;
      pi.pPoolSizes = sizes;
      res = vk_.vkCreateDescriptorPool(dev_, &pi, nullptr, &descriptor_pool_);
      if (res != VK_SUCCESS)
         return vk_failed(res, "vkCreateDescriptorPool", "creating the descriptor pool", error);
      VkDescriptorSetAllocateInfo ai{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
      ai.descriptorPool = descriptor_pool_;
      ai.descriptorSetCount = 1;
      ai.pSetLayouts = &set_layout;
      res = vk_.vkAllocateDescriptorSets(dev_, &ai, &set);
      if (res != VK_SUCCESS)
         return vk_failed(res, "vkAllocateDescriptorSets", "allocating the descriptor set", error);
      const VkDescriptorImageInfo image_info{r.sampler, view_, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
      const VkDescriptorBufferInfo lookup_info{lookups_.buffer, 0, VK_WHOLE_SIZE};
      const VkDescriptorBufferInfo result_info{results_.buffer, 0, VK_WHOLE_SIZE};
      VkWriteDescriptorSet w[3] = {{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET},
                                   {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET},
                                   {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET}};
      for (uint32_t i = 0; i < 3; ++i) {
         w[i].dstSet = set;
         w[i].dstBinding = i;
         w[i].descriptorCount = 1;
         w[i].descriptorType = i == 0 ? VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      }
      w[0].pImageInfo = &image_info;
      w[1].pBufferInfo = &lookup_info;
      w[2].pBufferInfo = &result_info;
      vk_.vkUpdateDescriptorSets(dev_, 3, w, 0, nullptr);
   }

   // --- Record: upload, transition, dispatch, make the results visible to the host.
   VkCommandBuffer cmd = VK_NULL_HANDLE;
   if (!begin_commands(&cmd, error))
      return false;
   record_upload(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT);

   vk_.vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline_layout, 0, 1, &set, 0, nullptr);
   uint32_t first = 0;
   for (int grad = 0; grad < 2; ++grad) {
      if (!group_count[grad])
         continue;
      const push_range range{first, group_count[grad]};
      vk_.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipelines_[grad]);
      vk_.vkCmdPushConstants(cmd, pipeline_layout, VK_SHADER_STAGE_COMPUTE_BIT, 0, sizeof(range), &range);
      vk_.vkCmdDispatch(cmd, (group_count[grad] + kLocalSize - 1) / kLocalSize, 1, 1);
      first += group_count[grad];
   }
   VkBufferMemoryBarrier bb{VK_STRUCTURE_TYPE_BUFFER_MEMORY_BARRIER};
   bb.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
   bb.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
   bb.srcQueueFamilyIndex = bb.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
   bb.buffer = results_.buffer;
   bb.offset = 0;
   bb.size = VK_WHOLE_SIZE;
   vk_.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 0, nullptr, 1,
                            &bb, 0, nullptr);
   res = vk_.vkEndCommandBuffer(cmd);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkEndCommandBuffer", "recording the sampling commands", error);

   if (!submit_and_wait(cmd, error))
      return false;

   results->assign(n, ref::texel{});
   const uint8_t *src = static_cast<const uint8_t *>(results_.mapped);
   const bool integer = kind == zink_sample_kind::int_ || kind == zink_sample_kind::uint_;
   const bool is_signed = kind == zink_sample_kind::int_;
   for (size_t i = 0; i < n; ++i) {
      ref::texel &t = (*results)[i];
      const uint8_t *p = src + i * result_stride;
      for (int c = 0; c < 4; ++c) {
         if (!integer) {
            float v;
            std::memcpy(&v, p + 4 * c, 4);
            t.f[c] = v;
         } else if (is_signed) {
            int32_t v;
            std::memcpy(&v, p + 4 * c, 4);
            t.i[c] = v;
         } else {
            uint32_t v;
            std::memcpy(&v, p + 4 * c, 4);
            t.i[c] = v;
         }
      }
   }
   return true;
}

bool sample_job::make_attachment(int i, VkFormat format, uint32_t w, uint32_t h, std::string *error) {
   VkImageCreateInfo ii{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
   ii.imageType = VK_IMAGE_TYPE_2D;
   ii.format = format;
   ii.extent = {w, h, 1};
   ii.mipLevels = 1;
   ii.arrayLayers = 1;
   ii.samples = VK_SAMPLE_COUNT_1_BIT;
   ii.tiling = VK_IMAGE_TILING_OPTIMAL;
   ii.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
   ii.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
   ii.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
   const std::string what = std::string("the ") + std::to_string(w) + "x" + std::to_string(h) + " " +
                            vk_format_name(format) + " colour attachment";
   VkResult res = vk_.vkCreateImage(dev_, &ii, nullptr, &attachments_[i]);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkCreateImage", "creating " + what, error);
   VkMemoryRequirements req;
   vk_.vkGetImageMemoryRequirements(dev_, attachments_[i], &req);
   VkMemoryAllocateInfo ai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
   ai.allocationSize = req.size;
   if (!memory_type(req.memoryTypeBits, 0, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, &ai.memoryTypeIndex)) {
      *error = "zink_sample: no memory type can hold " + what;
      return false;
   }
   res = vk_.vkAllocateMemory(dev_, &ai, nullptr, &attachment_memory_[i]);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkAllocateMemory", "allocating " + what, error);
   res = vk_.vkBindImageMemory(dev_, attachments_[i], attachment_memory_[i], 0);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkBindImageMemory", "binding " + what, error);
   VkImageViewCreateInfo vi{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
   vi.image = attachments_[i];
   vi.viewType = VK_IMAGE_VIEW_TYPE_2D;
   vi.format = format;
   vi.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
   res = vk_.vkCreateImageView(dev_, &vi, nullptr, &attachment_views_[i]);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkCreateImageView", "creating the view of " + what, error);
   return true;
}

bool sample_job::run_fragment(const zink_sample_request &r, const upload_plan &plan, const zink_sample_grid &grid,
                              std::vector<ref::texel> *results, std::vector<ref::ref_lookup> *lookups,
                              std::string *error) {
   if (!make_texture(r, plan, error))
      return false;
   const zink_sample_kind kind = kind_of(r);
   const VkFormat color = kind == zink_sample_kind::int_    ? VK_FORMAT_R32G32B32A32_SINT
                          : kind == zink_sample_kind::uint_ ? VK_FORMAT_R32G32B32A32_UINT
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
   const detail::zink_sample_spirv spv = detail::zink_sample_fragment_shader(kind, r.target);
   VkPipeline pipeline = VK_NULL_HANDLE;
   VkRenderPass pass = VK_NULL_HANDLE;
   if (!cache.graphics_pipeline(spv, r, color, &pipeline, &pass, error))
      return false;

   VkFramebufferCreateInfo fi{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
   fi.renderPass = pass;
   fi.attachmentCount = 2;
   fi.pAttachments = attachment_views_;
   fi.width = w;
   fi.height = h;
   fi.layers = 1;
   VkResult res = vk_.vkCreateFramebuffer(dev_, &fi, nullptr, &framebuffer_);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkCreateFramebuffer", "creating the framebuffer", error);

   VkDescriptorSet set = VK_NULL_HANDLE;
   {
      const VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1};
      VkDescriptorPoolCreateInfo pi{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
      pi.maxSets = 1;
      pi.poolSizeCount = 1;
      pi.pPoolSizes = &size;
      res = vk_.vkCreateDescriptorPool(dev_, &pi, nullptr, &descriptor_pool_);
      if (res != VK_SUCCESS)
         return vk_failed(res, "vkCreateDescriptorPool", "creating the descriptor pool", error);
      VkDescriptorSetAllocateInfo ai{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
      ai.descriptorPool = descriptor_pool_;
      ai.descriptorSetCount = 1;
      ai.pSetLayouts = &cache.frag_set_layout;
      res = vk_.vkAllocateDescriptorSets(dev_, &ai, &set);
      if (res != VK_SUCCESS)
         return vk_failed(res, "vkAllocateDescriptorSets", "allocating the descriptor set", error);
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
   VkClearValue clear[2] = {};
   VkRenderPassBeginInfo rb{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
   rb.renderPass = pass;
   rb.framebuffer = framebuffer_;
   rb.renderArea = {{0, 0}, {w, h}};
   rb.clearValueCount = 2;
   rb.pClearValues = clear;
   vk_.vkCmdBeginRenderPass(cmd, &rb, VK_SUBPASS_CONTENTS_INLINE);
   const VkViewport viewport{0.0f, 0.0f, static_cast<float>(w), static_cast<float>(h), 0.0f, 1.0f};
   const VkRect2D scissor{{0, 0}, {w, h}};
   vk_.vkCmdSetViewport(cmd, 0, 1, &viewport);
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
   res = vk_.vkEndCommandBuffer(cmd);
   if (res != VK_SUCCESS)
      return vk_failed(res, "vkEndCommandBuffer", "recording the draw", error);
   if (!submit_and_wait(cmd, error))
      return false;

   results->assign(n, ref::texel{});
   const bool integer = kind == zink_sample_kind::int_ || kind == zink_sample_kind::uint_;
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
      ref::texel &t = (*results)[i];
      for (int c = 0; c < 4; ++c) {
         if (!integer) {
            float v;
            std::memcpy(&v, src + i * 16 + 4 * c, 4);
            t.f[c] = v;
         } else if (kind == zink_sample_kind::int_) {
            int32_t v;
            std::memcpy(&v, src + i * 16 + 4 * c, 4);
            t.i[c] = v;
         } else {
            uint32_t v;
            std::memcpy(&v, src + i * 16 + 4 * c, 4);
            t.i[c] = v;
         }
      }
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

// Everything about the request that can be checked without the device; *error on failure.
bool check_request(const zink_screen &screen, const zink_sample_request &r, upload_plan *plan, std::string *error) {
   auto fail = [error](const std::string &what) {
      *error = "zink_sample: " + what;
      return false;
   };
   std::string why;
   *plan = sample_plan(screen, r.format, &why);
   if (plan->format == VK_FORMAT_UNDEFINED)
      return fail(why);
   const util_format_description &desc = *util_format_describe(r.format);
   if (r.target == GL_TEXTURE_CUBE_MAP_ARRAY && !screen.device_caps().image_cube_array)
      return fail("GL_TEXTURE_CUBE_MAP_ARRAY needs Vulkan's imageCubeArray feature, which " +
                  screen.device_caps().device_name + " does not offer");
   const target_info *ti = target_of(r.target);
   if (!ti)
      return fail("target " + std::to_string(r.target) + " is not a texture target device sampling supports");
   const std::string tname = ti->name;
   if (r.width == 0 || r.height == 0 || r.depth == 0)
      return fail(tname + " with a zero width, height or depth");
   if ((r.target == GL_TEXTURE_1D && (r.height != 1 || r.depth != 1)) ||
       ((r.target == GL_TEXTURE_1D_ARRAY || r.target == GL_TEXTURE_2D || r.target == GL_TEXTURE_RECTANGLE) &&
        r.depth != 1))
      return fail(tname + " takes depth 1" + (r.target == GL_TEXTURE_1D ? " and height 1" : "") + ", got " +
                  std::to_string(r.width) + "x" + std::to_string(r.height) + "x" + std::to_string(r.depth));
   if (r.target == GL_TEXTURE_CUBE_MAP_ARRAY && (r.depth == 0 || r.depth % 6 != 0 || r.width != r.height))
      return fail("GL_TEXTURE_CUBE_MAP_ARRAY needs square faces and a depth of 6 x cubes, got " +
                  std::to_string(r.width) + "x" + std::to_string(r.height) + "x" + std::to_string(r.depth));
   if (r.target == GL_TEXTURE_CUBE_MAP && (r.depth != 6 || r.width != r.height))
      return fail("GL_TEXTURE_CUBE_MAP needs square faces and depth 6 (the faces), got " + std::to_string(r.width) +
                  "x" + std::to_string(r.height) + "x" + std::to_string(r.depth));
   uint32_t largest = r.width;
   if (r.target != GL_TEXTURE_1D_ARRAY)
      largest = std::max(largest, r.height);
   if (r.target == GL_TEXTURE_3D)
      largest = std::max(largest, r.depth);
   uint32_t full_chain = 1;
   while ((largest >> full_chain) != 0)
      ++full_chain;
   if (r.levels == 0 || r.levels > full_chain)
      return fail(std::to_string(r.levels) + " levels for a " + tname + " whose full chain has " +
                  std::to_string(full_chain));
   if (r.target == GL_TEXTURE_RECTANGLE && r.levels != 1)
      return fail("GL_TEXTURE_RECTANGLE has one level");
   if (r.texels.size() != r.levels)
      return fail("texels given for " + std::to_string(r.texels.size()) +
                  " levels, levels = " + std::to_string(r.levels));
   if (r.base_level > r.max_level || r.base_level >= r.levels)
      return fail("base level " + std::to_string(r.base_level) + " and max level " + std::to_string(r.max_level) +
                  " select no level of the " + std::to_string(r.levels) + " given");
   for (uint32_t l = 0; l < r.levels; ++l) {
      const level_size s = size_of_level(r, l);
      const size_t want = static_cast<size_t>(s.w) * s.h * s.d;
      if (r.texels[l].size() != want)
         return fail("level " + std::to_string(l) + " has " + std::to_string(r.texels[l].size()) +
                     " texels, its size " + std::to_string(s.w) + "x" + std::to_string(s.h) + "x" +
                     std::to_string(s.d) + " needs " + std::to_string(want));
      for (size_t i = 0; i < want; ++i) {
         const ref::ref_stored_texel &t = r.texels[l][i];
         if (t.count != desc.nr_channels)
            return fail("texel " + std::to_string(i) + " of level " + std::to_string(l) + " has " +
                        std::to_string(t.count) + " stored components, " + desc.name + " stores " +
                        std::to_string(desc.nr_channels));
         if (r.format == PIPE_FORMAT_R9G9B9E5_FLOAT && t.shared_exponent > 31)
            return fail("texel " + std::to_string(i) + " of level " + std::to_string(l) + ": shared exponent " +
                        std::to_string(t.shared_exponent) + " is outside [0, 31]");
         for (int c = 0; c < t.count; ++c) {
            int64_t lo, hi;
            code_range(desc, c, &lo, &hi);
            if (t.code[c] < lo || t.code[c] > hi)
               return fail("texel " + std::to_string(i) + " of level " + std::to_string(l) + ": stored code " +
                           std::to_string(t.code[c]) + " is outside [" + std::to_string(lo) + ", " +
                           std::to_string(hi) + "] for " + desc.name);
         }
      }
   }
   if (r.sampler == VK_NULL_HANDLE)
      return fail("no VkSampler given");
   for (VkComponentSwizzle s : {r.view_swizzle.r, r.view_swizzle.g, r.view_swizzle.b, r.view_swizzle.a})
      if (!valid_swizzle(s))
         return fail("view_swizzle holds " + std::to_string(static_cast<int>(s)) + ", not a VkComponentSwizzle");
   if (r.stencil && !desc.stencil_bits)
      return fail(std::string("stencil lookups need a format with stencil, ") + desc.name + " has none");
   if (r.shadow && samples_stencil(r))
      return fail(std::string("shadow lookups read depth, but the request samples the stencil of ") + desc.name);
   if (r.shadow) {
      if (!desc.depth_bits)
         return fail(std::string("shadow lookups need a depth format, ") + desc.name + " is not one");
      if (r.target == GL_TEXTURE_3D || r.target == GL_TEXTURE_RECTANGLE)
         return fail("shadow lookups on " + tname + " are not supported (" +
                     (r.target == GL_TEXTURE_3D ? "Vulkan has no depth compare on 3D images"
                                                : "Vulkan forbids depth compare with unnormalized coordinates") +
                     ")");
      if (!is_identity(r.view_swizzle))
         return fail("shadow lookups take the identity view swizzle: depth texture modes and swizzles of shadow "
                     "results go in the request's lowering (shadow_swizzle)");
   }
   const zink_sample_kind kind = r.shadow ? zink_sample_kind::shadow : zink_sample_kind::float_;
   const uint64_t max_lookups = static_cast<uint64_t>(kLocalSize) * 65535u;  // the guaranteed group count
   if (r.lookups.size() > max_lookups)
      return fail(std::to_string(r.lookups.size()) + " lookups, at most " + std::to_string(max_lookups) + " per call");
   for (size_t i = 0; i < r.lookups.size(); ++i) {
      const ref::ref_lookup &lk = r.lookups[i];
      if (lk.ncoord < ti->coords || lk.ncoord > 4)
         return fail("lookup " + std::to_string(i) + " has " + std::to_string(lk.ncoord) + " coordinates, " + tname +
                     " takes " + std::to_string(ti->coords));
      if (r.shadow && !lk.has_ref)
         return fail("lookup " + std::to_string(i) + " is a shadow lookup without a depth reference (has_ref)");
      const bool grad = lk.has_grad && !lk.has_lod;
      if (!detail::zink_sample_shader(kind, r.target, true).code)
         return fail(tname + (r.shadow ? " shadow" : "") +
                     " lookups have no compute shader (GLSL 4.50 has neither textureLod nor textureGrad for that "
                     "sampler type)");
      if (!detail::zink_sample_shader(kind, r.target, grad).code)
         return fail("lookup " + std::to_string(i) + ": " + tname + (r.shadow ? " shadow" : "") +
                     " lookups need gradients (GLSL 4.50 has no textureLod for that sampler type; give has_grad "
                     "without has_lod)");
   }
   return true;
}

}  // namespace

zink_sample_stats zink_sample_statistics(const zink_screen &screen) {
   sample_device_cache &c = device_cache(screen);
   std::lock_guard<std::mutex> lock(c.mutex);
   zink_sample_stats st = c.stats;
   st.lowered_modules = c.lowered.size();
   return st;
}

bool zink_sample_fragment(const zink_screen &screen, const zink_sample_request &request, const zink_sample_grid &grid,
                          std::vector<ref::texel> *results, std::vector<ref::ref_lookup> *lookups,
                          std::string *error) {
   std::string local_error;
   std::string *err = error ? error : &local_error;
   err->clear();
   if (!results) {
      *err = "zink_sample_fragment: no result vector given";
      return false;
   }
   if (grid.width == 0 || grid.height == 0 || grid.width > 4096 || grid.height > 4096) {
      *err = "zink_sample_fragment: a " + std::to_string(grid.width) + "x" + std::to_string(grid.height) +
             " grid; each side must be in [1, 4096]";
      return false;
   }
   zink_sample_request r = request;
   r.lookups.clear();  // the grid makes the lookups
   upload_plan plan;
   if (!check_request(screen, r, &plan, err))
      return false;
   if (r.shadow && r.target == GL_TEXTURE_3D) {
      *err = "zink_sample_fragment: no shadow lookups on GL_TEXTURE_3D";
      return false;
   }
   sample_job job(screen);
   return job.run_fragment(r, plan, grid, results, lookups, err);
}

bool zink_sample_format_supported(const zink_screen &screen, pipe_format format, std::string *why) {
   return sample_plan(screen, format, why).format != VK_FORMAT_UNDEFINED;
}

bool zink_sample(const zink_screen &screen, const zink_sample_request &request, std::vector<ref::texel> *results,
                 std::string *error) {
   std::string local_error;
   std::string *err = error ? error : &local_error;
   err->clear();
   if (!results) {
      *err = "zink_sample: no result vector given";
      return false;
   }
   upload_plan plan;
   if (!check_request(screen, request, &plan, err))
      return false;
   results->clear();
   if (request.lookups.empty())
      return true;
   sample_job job(screen);
   return job.run(request, plan, results, err);
}

}  // namespace clampler
