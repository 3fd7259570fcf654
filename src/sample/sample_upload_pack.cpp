// Device sampling's upload packing: stored codes written as the bytes of the plan's VkFormat.
#include "sample_upload.h"

#include <cstring>

namespace clampler::sample_internal {

namespace {

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

}  // namespace

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

void write_texel_part(const upload_plan &plan, int part, const ref::ref_stored_texel &t, uint8_t *out) {
   switch (plan.kind) {
   case storage::array: pack_texel(plan, t, out); break;
   case storage::packed: write_packed(plan, t, out); break;
   case storage::depth_stencil: write_ds_part(plan, part, t, out); break;
   }
}

}  // namespace clampler::sample_internal
