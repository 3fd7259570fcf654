// The pipe -> Vulkan sampler mapping: address modes, filters, LOD range, anisotropy, compare, border colours.
#include "clampler/zink/zink_sampler.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "clampler/pipe/p_format.h"
#include "clampler/zink/zink_sampler_lod.h"
#include "clampler/zink/zink_screen.h"

namespace clampler {

bool zink_sampler_key::operator==(const zink_sampler_key &o) const {
   return std::memcmp(this, &o, sizeof(*this)) == 0;
}

size_t zink_sampler_key_hash::operator()(const zink_sampler_key &k) const {
   // FNV-1a over 32-bit words, finished with a multiply-xorshift.
   uint32_t w[sizeof(k) / 4];
   std::memcpy(w, &k, sizeof(k));
   uint64_t h = 1469598103934665603ull;
   for (uint32_t x : w)
      h = (h ^ x) * 1099511628211ull;
   h ^= h >> 29;
   h *= 0xBF58476D1CE4E5B9ull;
   return static_cast<size_t>(h ^ (h >> 32));
}

namespace {

void warn(std::string *warning, const std::string &m) {
   if (!warning)
      return;
   if (!warning->empty())
      *warning += "; ";
   *warning += m;
}

uint8_t address_mode(const zink_device_caps &caps, pipe_tex_wrap w, bool any_linear, std::string *warning) {
   switch (w) {
   case PIPE_TEX_WRAP_REPEAT: return VK_SAMPLER_ADDRESS_MODE_REPEAT;
   case PIPE_TEX_WRAP_CLAMP_TO_EDGE: return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
   case PIPE_TEX_WRAP_CLAMP_TO_BORDER: return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
   case PIPE_TEX_WRAP_MIRROR_REPEAT: return VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT;
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE:
      if (caps.sampler_mirror_clamp_to_edge)
         return VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE;
      warn(warning, "MIRROR_CLAMP_TO_EDGE without samplerMirrorClampToEdge: sent as CLAMP_TO_EDGE");
      return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
   case PIPE_TEX_WRAP_CLAMP:
      warn(warning, "PIPE_TEX_WRAP_CLAMP reached the driver (the state tracker emulates it on this screen): "
                    "approximated without shader lowering");
      return any_linear ? VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER : VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
   case PIPE_TEX_WRAP_MIRROR_CLAMP:
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER:
      warn(warning, "a mirror-clamp wrap reached the driver (the state tracker emulates it on this screen): "
                    "approximated as MIRROR_CLAMP_TO_EDGE");
      return caps.sampler_mirror_clamp_to_edge ? VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE
                                               : VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
   }
   return VK_SAMPLER_ADDRESS_MODE_REPEAT;
}

// The built-in colour equal to `c`, or -1.
int exact_builtin(const pipe_color_union &c, bool integer) {
   if (integer) {
      const int32_t *v = c.i;
      if (!v[0] && !v[1] && !v[2] && !v[3]) return VK_BORDER_COLOR_INT_TRANSPARENT_BLACK;
      if (!v[0] && !v[1] && !v[2] && v[3] == 1) return VK_BORDER_COLOR_INT_OPAQUE_BLACK;
      if (v[0] == 1 && v[1] == 1 && v[2] == 1 && v[3] == 1) return VK_BORDER_COLOR_INT_OPAQUE_WHITE;
      return -1;
   }
   const float *f = c.f;
   if (f[0] == 0 && f[1] == 0 && f[2] == 0 && f[3] == 0) return VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK;
   if (f[0] == 0 && f[1] == 0 && f[2] == 0 && f[3] == 1) return VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK;
   if (f[0] == 1 && f[1] == 1 && f[2] == 1 && f[3] == 1) return VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE;
   return -1;
}

// The built-in colour nearest to `c` (squared distance; ties prefer the earlier one).
uint32_t nearest_builtin(const uint32_t bits[4], bool integer) {
   double v[4];
   for (unsigned i = 0; i < 4; ++i) {
      if (integer) {
         int32_t x;
         std::memcpy(&x, &bits[i], 4);
         v[i] = x;
      } else {
         float x;
         std::memcpy(&x, &bits[i], 4);
         v[i] = std::isnan(x) ? 0.0 : x;
      }
   }
   const double cand[3][4] = {{0, 0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1, 1}};
   int best = 0;
   double best_d = INFINITY;
   for (int c = 0; c < 3; ++c) {
      double d = 0;
      for (unsigned i = 0; i < 4; ++i)
         d += (v[i] - cand[c][i]) * (v[i] - cand[c][i]);
      if (d < best_d) {
         best_d = d;
         best = c;
      }
   }
   static const uint32_t f[3] = {VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK, VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK,
                                 VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE};
   static const uint32_t n[3] = {VK_BORDER_COLOR_INT_TRANSPARENT_BLACK, VK_BORDER_COLOR_INT_OPAQUE_BLACK,
                                 VK_BORDER_COLOR_INT_OPAQUE_WHITE};
   return integer ? n[best] : f[best];
}

}  // namespace

namespace {

bool identity_mapping(const VkComponentMapping &m) {
   const auto same = [](VkComponentSwizzle x, VkComponentSwizzle self) {
      return x == VK_COMPONENT_SWIZZLE_IDENTITY || x == self;
   };
   return same(m.r, VK_COMPONENT_SWIZZLE_R) && same(m.g, VK_COMPONENT_SWIZZLE_G) &&
          same(m.b, VK_COMPONENT_SWIZZLE_B) && same(m.a, VK_COMPONENT_SWIZZLE_A);
}

// The colour in the stored format's components: stored channel c takes the GL component j
// whose view swizzle reads c (channels no component reads are never seen: 0).
pipe_color_union to_storage(const pipe_color_union &gl, const VkComponentMapping &m) {
   const VkComponentSwizzle sw[4] = {m.r, m.g, m.b, m.a};
   pipe_color_union out{};
   for (unsigned c = 0; c < 4; ++c)
      for (unsigned j = 0; j < 4; ++j) {
         const VkComponentSwizzle x = sw[j] == VK_COMPONENT_SWIZZLE_IDENTITY
                                         ? static_cast<VkComponentSwizzle>(VK_COMPONENT_SWIZZLE_R + j)
                                         : sw[j];
         if (x == VK_COMPONENT_SWIZZLE_R + static_cast<int>(c)) {
            out.ui[c] = gl.ui[j];
            break;
         }
      }
   return out;
}

// Clamps integer colour words to what a format with `bits` per channel can hold.
bool clamp_integer(uint32_t words[4], unsigned bits, bool is_signed) {
   if (bits == 0 || bits >= 32)
      return false;
   bool changed = false;
   for (unsigned i = 0; i < 4; ++i) {
      if (is_signed) {
         int32_t v;
         std::memcpy(&v, &words[i], 4);
         const int32_t lo = -(1 << (bits - 1)), hi = (1 << (bits - 1)) - 1;
         const int32_t c = std::clamp(v, lo, hi);
         changed = changed || c != v;
         std::memcpy(&words[i], &c, 4);
      } else {
         const uint32_t hi = (1u << bits) - 1;
         changed = changed || words[i] > hi;
         words[i] = std::min(words[i], hi);
      }
   }
   return changed;
}

}  // namespace

zink_sampler_key zink_sampler_key_from_pipe(const zink_device_caps &caps, const pipe_sampler_state &s,
                                            std::string *warning, const zink_format *view,
                                            const VkComponentMapping *view_mapping) {
   zink_sampler_key k;
   const bool min_linear = s.min_img_filter == PIPE_TEX_FILTER_LINEAR;
   const bool mag_linear = s.mag_img_filter == PIPE_TEX_FILTER_LINEAR;
   k.min_filter = min_linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
   k.mag_filter = mag_linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
   k.address_u = address_mode(caps, s.wrap_s, min_linear || mag_linear, warning);
   k.address_v = address_mode(caps, s.wrap_t, min_linear || mag_linear, warning);
   k.address_w = address_mode(caps, s.wrap_r, min_linear || mag_linear, warning);

   // LOD range: GL's clamp, and its min/mag decision without mipmaps (zink_sampler_lod.h).
   k.mipmap_mode = s.min_mip_filter == PIPE_TEX_MIPFILTER_LINEAR ? VK_SAMPLER_MIPMAP_MODE_LINEAR
                                                                 : VK_SAMPLER_MIPMAP_MODE_NEAREST;
   const zink_lod_range lod = zink_sampler_lod_range(s);
   k.min_lod = lod.min_lod;
   k.max_lod = lod.max_lod;
   // The bias is kept even where no lookup can tell it (no mipmaps, equal filters):
   // textureQueryLod reports λ' with it.
   k.mip_lod_bias = std::clamp(s.lod_bias, -caps.max_sampler_lod_bias, caps.max_sampler_lod_bias);
   if (k.mip_lod_bias == 0.0f)
      k.mip_lod_bias = 0.0f;  // -0.0 -> +0.0

   if (s.max_anisotropy > 1 && caps.sampler_anisotropy && caps.max_sampler_anisotropy > 1.0f) {
      k.anisotropy_enable = 1;
      k.max_anisotropy = std::min(static_cast<float>(s.max_anisotropy), caps.max_sampler_anisotropy);
   } else {
      k.max_anisotropy = 1.0f;  // never 0: some drivers crash on it even when disabled
   }
   if (s.compare_mode == PIPE_TEX_COMPARE_R_TO_TEXTURE) {
      k.compare_enable = 1;
      k.compare_op = s.compare_func;  // VkCompareOp numbers equal PIPE_FUNC numbers
   }
   static_assert(int(VK_COMPARE_OP_NEVER) == int(PIPE_FUNC_NEVER) &&
                 int(VK_COMPARE_OP_LESS_OR_EQUAL) == int(PIPE_FUNC_LEQUAL) &&
                 int(VK_COMPARE_OP_ALWAYS) == int(PIPE_FUNC_ALWAYS) &&
                 int(VK_COMPARE_OP_NOT_EQUAL) == int(PIPE_FUNC_NOTEQUAL));

   if (s.reduction_mode != PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE) {
      if (k.compare_enable)  // VUID-VkSamplerCreateInfo-compareEnable-01423
         warn(warning, "min/max reduction with depth compare is not allowed in Vulkan: weighted average used");
      else if (caps.sampler_filter_minmax)
         k.reduction_mode = s.reduction_mode == PIPE_TEX_REDUCTION_MIN ? VK_SAMPLER_REDUCTION_MODE_MIN
                                                                       : VK_SAMPLER_REDUCTION_MODE_MAX;
      else
         warn(warning, "min/max reduction without samplerFilterMinmax: weighted average used");
   }
   k.non_seamless = caps.non_seamless_cube_map && !s.seamless_cube_map;

   if (s.unnormalized_coords) {
      // Vulkan's rules (docs/design.md §6); a screen without PIPE_CAP_TEXRECT never asks.
      const auto clamp_mode = [](uint8_t m) {
         return m == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE || m == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
      };
      if (k.min_filter == k.mag_filter && s.min_mip_filter == PIPE_TEX_MIPFILTER_NONE && clamp_mode(k.address_u) &&
          clamp_mode(k.address_v) && !k.anisotropy_enable && !k.compare_enable &&
          k.reduction_mode == VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE) {
         k.unnormalized = 1;
         k.min_lod = k.max_lod = 0.0f;
      } else {
         warn(warning, "unnormalized coordinates are not expressible with this state in Vulkan: normalized used");
      }
   }

   // Border colour, only when an address mode reads it.
   const bool border = k.address_u == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER ||
                       k.address_v == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER ||
                       k.address_w == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
   if (border) {
      const bool integer = s.border_color_is_integer != 0;
      const VkFormat border_format = view ? view->format : VK_FORMAT_UNDEFINED;
      pipe_color_union color = s.border_color;
      // The mapping the border goes through: the format's, or the whole view's where the device
      // must be told it (the colour then arrives pre-swizzled by GL's swizzle, and every stored
      // component the view reads takes the value of a result component that reads it).
      const bool per_view = view && view_mapping && caps.border_color_swizzle && !caps.border_color_swizzle_from_image;
      const VkComponentMapping mapping = per_view ? *view_mapping : view ? view->swizzle : VkComponentMapping{};
      if (view && !identity_mapping(mapping)) {
         // The view emulates the GL format through its swizzle: send the colour in the stored
         // components and let the same swizzle apply to it.
         color = to_storage(color, mapping);
         if (caps.border_color_swizzle) {
            if (!caps.border_color_swizzle_from_image) {
               const VkComponentSwizzle sw[4] = {mapping.r, mapping.g, mapping.b, mapping.a};
               for (unsigned i = 0; i < 4; ++i)
                  k.border_swizzle[i] = static_cast<uint8_t>(sw[i]);
               k.border_swizzle_chained = 1;
               const util_format_description *d = util_format_describe(static_cast<pipe_format>(s.border_color_format));
               k.border_swizzle_srgb = d && d->is_srgb;
            }
         } else {
            warn(warning, "border colour on a swizzled (emulated) view without VK_EXT_border_color_swizzle: "
                          "Vulkan leaves the result undefined");
         }
      }
      const int builtin = exact_builtin(color, integer);
      if (builtin >= 0) {
         k.border_color = static_cast<uint32_t>(builtin);
      } else if (caps.custom_border_colors &&
                 (caps.custom_border_color_without_format || border_format != VK_FORMAT_UNDEFINED)) {
         k.border_color = integer ? VK_BORDER_COLOR_INT_CUSTOM_EXT : VK_BORDER_COLOR_FLOAT_CUSTOM_EXT;
         std::memcpy(k.custom_border, color.ui, sizeof(k.custom_border));
         if (!integer)
            for (uint32_t &b : k.custom_border)
               b = b == 0x80000000u ? 0u : b;
         if (!caps.custom_border_color_without_format) {
            k.custom_border_format = static_cast<uint32_t>(border_format);
            // VUID-VkSamplerCreateInfo-borderColor-04442: the colour must fit the format.
            const util_format_description *d = util_format_describe(static_cast<pipe_format>(s.border_color_format));
            if (integer && d) {
               // Integer colours here are colour channels or a stencil index.
               const unsigned bits = d->stencil_bits ? d->stencil_bits : d->channel_bits[0];
               if (clamp_integer(k.custom_border, bits, d->is_signed))
                  warn(warning, "integer border colour clamped to the view format's range (Vulkan requires it "
                                "when the format is given)");
            }
         }
      } else {
         k.border_color = nearest_builtin(color.ui, integer);
         warn(warning, caps.custom_border_colors
                          ? "custom border colour without customBorderColorWithoutFormat and no view format "
                            "(PIPE_CAP_BORDER_COLOR_FORMAT): nearest built-in colour used"
                          : "no VK_EXT_custom_border_color: nearest built-in border colour used");
      }
   }
   return k;
}

bool zink_sampler_key_from_info(const VkSamplerCreateInfo &info, zink_sampler_key *key, std::string *error) {
   const auto fail = [error](const std::string &m) {
      if (error)
         *error = m;
      return false;
   };
   if (info.sType != VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO)
      return fail("VkSamplerCreateInfo has sType " + std::to_string(info.sType));
   if (info.flags & ~VkSamplerCreateFlags(VK_SAMPLER_CREATE_NON_SEAMLESS_CUBE_MAP_BIT_EXT))
      return fail("VkSamplerCreateInfo flags " + std::to_string(info.flags) +
                  " beyond VK_SAMPLER_CREATE_NON_SEAMLESS_CUBE_MAP_BIT_EXT");
   zink_sampler_key k;
   k.mag_filter = static_cast<uint8_t>(info.magFilter);
   k.min_filter = static_cast<uint8_t>(info.minFilter);
   k.mipmap_mode = static_cast<uint8_t>(info.mipmapMode);
   k.address_u = static_cast<uint8_t>(info.addressModeU);
   k.address_v = static_cast<uint8_t>(info.addressModeV);
   k.address_w = static_cast<uint8_t>(info.addressModeW);
   k.mip_lod_bias = info.mipLodBias == 0.0f ? 0.0f : info.mipLodBias;  // -0.0 -> +0.0
   k.anisotropy_enable = info.anisotropyEnable ? 1 : 0;
   k.max_anisotropy = info.anisotropyEnable ? info.maxAnisotropy : 1.0f;
   k.compare_enable = info.compareEnable ? 1 : 0;
   k.compare_op = info.compareEnable ? static_cast<uint8_t>(info.compareOp) : 0;
   k.min_lod = info.minLod;
   k.max_lod = info.maxLod;
   k.unnormalized = info.unnormalizedCoordinates ? 1 : 0;
   k.non_seamless = (info.flags & VK_SAMPLER_CREATE_NON_SEAMLESS_CUBE_MAP_BIT_EXT) ? 1 : 0;
   const VkSamplerCustomBorderColorCreateInfoEXT *custom = nullptr;
   const VkSamplerBorderColorComponentMappingCreateInfoEXT *mapping = nullptr;
   for (auto *n = static_cast<const VkBaseInStructure *>(info.pNext); n; n = n->pNext) {
      switch (n->sType) {
      case VK_STRUCTURE_TYPE_SAMPLER_REDUCTION_MODE_CREATE_INFO:
         k.reduction_mode = static_cast<uint8_t>(reinterpret_cast<const VkSamplerReductionModeCreateInfo *>(n)->reductionMode);
         break;
      case VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT:
         custom = reinterpret_cast<const VkSamplerCustomBorderColorCreateInfoEXT *>(n);
         break;
      case VK_STRUCTURE_TYPE_SAMPLER_BORDER_COLOR_COMPONENT_MAPPING_CREATE_INFO_EXT:
         mapping = reinterpret_cast<const VkSamplerBorderColorComponentMappingCreateInfoEXT *>(n);
         break;
      default:
         return fail("VkSamplerCreateInfo chains a struct with sType " + std::to_string(n->sType) +
                     " the sampler cache does not key on");
      }
   }
   const auto reads_border = [](VkSamplerAddressMode m) { return m == VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER; };
   if (reads_border(info.addressModeU) || reads_border(info.addressModeV) || reads_border(info.addressModeW)) {
      k.border_color = static_cast<uint32_t>(info.borderColor);
      if (k.uses_custom_border()) {
         if (!custom)
            return fail("custom borderColor without VkSamplerCustomBorderColorCreateInfoEXT");
         std::memcpy(k.custom_border, custom->customBorderColor.uint32, sizeof(k.custom_border));
         if (k.border_color == VK_BORDER_COLOR_FLOAT_CUSTOM_EXT)
            for (uint32_t &b : k.custom_border)
               b = b == 0x80000000u ? 0u : b;  // -0.0 -> +0.0
         k.custom_border_format = static_cast<uint32_t>(custom->format);
      }
      if (mapping) {
         const VkComponentSwizzle sw[4] = {mapping->components.r, mapping->components.g, mapping->components.b,
                                           mapping->components.a};
         for (unsigned i = 0; i < 4; ++i)
            k.border_swizzle[i] = static_cast<uint8_t>(sw[i]);
         k.border_swizzle_chained = 1;
         k.border_swizzle_srgb = mapping->srgb ? 1 : 0;
      }
   }
   *key = k;
   return true;
}

zink_sampler_key zink_sampler_key_builtin_border(const zink_sampler_key &key) {
   zink_sampler_key k = key;
   if (k.uses_custom_border()) {
      k.border_color = nearest_builtin(k.custom_border, key.border_color == VK_BORDER_COLOR_INT_CUSTOM_EXT);
      std::memset(k.custom_border, 0, sizeof(k.custom_border));
      k.custom_border_format = 0;
   }
   return k;
}

zink_sampler_create_info::zink_sampler_create_info(const zink_sampler_key &k) {
   info.magFilter = static_cast<VkFilter>(k.mag_filter);
   info.minFilter = static_cast<VkFilter>(k.min_filter);
   info.mipmapMode = static_cast<VkSamplerMipmapMode>(k.mipmap_mode);
   info.addressModeU = static_cast<VkSamplerAddressMode>(k.address_u);
   info.addressModeV = static_cast<VkSamplerAddressMode>(k.address_v);
   info.addressModeW = static_cast<VkSamplerAddressMode>(k.address_w);
   info.mipLodBias = k.mip_lod_bias;
   info.anisotropyEnable = k.anisotropy_enable;
   info.maxAnisotropy = k.max_anisotropy;
   info.compareEnable = k.compare_enable;
   info.compareOp = static_cast<VkCompareOp>(k.compare_op);
   info.minLod = k.min_lod;
   info.maxLod = k.max_lod;
   info.borderColor = static_cast<VkBorderColor>(k.border_color);
   info.unnormalizedCoordinates = k.unnormalized;
   info.flags = k.non_seamless ? VK_SAMPLER_CREATE_NON_SEAMLESS_CUBE_MAP_BIT_EXT : 0;
   const void **next = &info.pNext;
   if (k.reduction_mode != VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE) {
      reduction.reductionMode = static_cast<VkSamplerReductionMode>(k.reduction_mode);
      *next = &reduction;
      next = &reduction.pNext;
   }
   if (k.uses_custom_border()) {
      std::memcpy(custom_border.customBorderColor.uint32, k.custom_border, sizeof(k.custom_border));
      custom_border.format = static_cast<VkFormat>(k.custom_border_format);
      *next = &custom_border;
      next = &custom_border.pNext;
   }
   if (k.border_swizzle_chained) {
      border_mapping.components = {static_cast<VkComponentSwizzle>(k.border_swizzle[0]),
                                   static_cast<VkComponentSwizzle>(k.border_swizzle[1]),
                                   static_cast<VkComponentSwizzle>(k.border_swizzle[2]),
                                   static_cast<VkComponentSwizzle>(k.border_swizzle[3])};
      border_mapping.srgb = k.border_swizzle_srgb;
      *next = &border_mapping;
      next = &border_mapping.pNext;
   }
}

}  // namespace clampler
