// pipe_sampler_state -> the Vulkan sampler state (VkSamplerCreateInfo and its chained structs), normalised.
#pragma once

#include <volk.h>

#include <cstddef>
#include <cstdint>
#include <string>

#include "clampler/pipe/p_state.h"
#include "clampler/zink/zink_format.h"

namespace clampler {

struct zink_device_caps;

// Everything a VkSampler is made from, with no field that cannot change a result left
// unnormalised (compare op without compare, border colour without a border address
// mode, maxAnisotropy without anisotropy, ...), so equal keys mean equal samplers.
// Compared and hashed as raw bytes: every byte is named and zero-initialised.
struct zink_sampler_key {
   uint8_t mag_filter = 0;        // VkFilter
   uint8_t min_filter = 0;        // VkFilter
   uint8_t mipmap_mode = 0;       // VkSamplerMipmapMode
   uint8_t address_u = 0, address_v = 0, address_w = 0;  // VkSamplerAddressMode
   uint8_t anisotropy_enable = 0;
   uint8_t compare_enable = 0;
   uint8_t compare_op = 0;        // VkCompareOp
   uint8_t unnormalized = 0;
   uint8_t reduction_mode = 0;    // VkSamplerReductionMode, chained only when not WEIGHTED_AVERAGE
   uint8_t non_seamless = 0;      // VK_SAMPLER_CREATE_NON_SEAMLESS_CUBE_MAP_BIT_EXT
   uint32_t border_color = 0;     // VkBorderColor (built-in or *_CUSTOM_EXT)
   float mip_lod_bias = 0.0f;
   float max_anisotropy = 1.0f;
   float min_lod = 0.0f;
   float max_lod = 0.0f;
   uint32_t custom_border[4] = {0, 0, 0, 0};  // VkClearColorValue bits when border_color is custom
   uint32_t custom_border_format = 0;         // VkFormat, UNDEFINED unless the device needs one
   // VkSamplerBorderColorComponentMappingCreateInfoEXT, chained when the view's swizzle is
   // not the identity and the device does not take it from the image itself.
   uint8_t border_swizzle[4] = {0, 0, 0, 0};  // VkComponentSwizzle
   uint8_t border_swizzle_chained = 0;
   uint8_t border_swizzle_srgb = 0;
   uint8_t pad2[2] = {0, 0};

   bool operator==(const zink_sampler_key &o) const;
   bool uses_custom_border() const {
      return border_color == VK_BORDER_COLOR_FLOAT_CUSTOM_EXT || border_color == VK_BORDER_COLOR_INT_CUSTOM_EXT;
   }
};
static_assert(sizeof(zink_sampler_key) == 60);

struct zink_sampler_key_hash {
   size_t operator()(const zink_sampler_key &k) const;
};

// Maps a pipe state to the Vulkan state the device can express. Approximations a
// pipe state should never need on this screen (a GL_CLAMP wrap reaching the driver,
// a custom border colour without the extension) are made and described in `*warning`.
// `view` is how the screen stores s.border_color_format (null when unknown). The border
// colour arrives as the RGBA GL reads (after the state tracker's pre-swizzle); when the
// view's component mapping emulates a format (ALPHA as R with (0,0,0,R), ...), the colour
// is sent in the stored format's components and the mapping is chained (or taken from the
// image with borderColorSwizzleFromImage), so the view swizzle produces GL's colour.
// The view's VkFormat also goes into custom border colours when the device lacks
// customBorderColorWithoutFormat, with integer colours clamped to the format's range.
// `view_mapping`, when the caller knows it, is the whole mapping of the view the sampler will be
// used with (GL's swizzle and depth texture mode over the format's mapping, zink_compose_mapping).
// A device with VK_EXT_border_color_swizzle but without borderColorSwizzleFromImage leaves the
// border undefined unless the sampler names that mapping: the key then chains it and takes the
// pre-swizzled colour back to the stored components it reads, so the sampler is per view. Without
// it only the format's mapping is chained, exact for an identity GL swizzle.
zink_sampler_key zink_sampler_key_from_pipe(const zink_device_caps &caps, const pipe_sampler_state &s,
                                            std::string *warning = nullptr, const zink_format *view = nullptr,
                                            const VkComponentMapping *view_mapping = nullptr);

// The key of a VkSamplerCreateInfo another driver built (Mesa's zink), normalised like
// zink_sampler_key_from_pipe's keys: compare op without compare, anisotropy without
// anisotropyEnable, border colour without a CLAMP_TO_BORDER address mode and a custom colour
// without a custom borderColor are dropped. Its chain may hold reduction-mode, custom-border-colour
// and border-colour-mapping structs; anything else (or a bad sType) returns false and says what in
// `*error`: the key would describe a different sampler than the one asked for.
bool zink_sampler_key_from_info(const VkSamplerCreateInfo &info, zink_sampler_key *key, std::string *error);

// The same key with its custom border colour replaced by the nearest built-in one
// (the fallback when the custom border colour budget is spent).
zink_sampler_key zink_sampler_key_builtin_border(const zink_sampler_key &key);

// VkSamplerCreateInfo with its chain, pointing into this object (keep it alive while used).
struct zink_sampler_create_info {
   VkSamplerCreateInfo info{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
   VkSamplerReductionModeCreateInfo reduction{VK_STRUCTURE_TYPE_SAMPLER_REDUCTION_MODE_CREATE_INFO};
   VkSamplerCustomBorderColorCreateInfoEXT custom_border{
      VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT};
   VkSamplerBorderColorComponentMappingCreateInfoEXT border_mapping{
      VK_STRUCTURE_TYPE_SAMPLER_BORDER_COLOR_COMPONENT_MAPPING_CREATE_INFO_EXT};

   explicit zink_sampler_create_info(const zink_sampler_key &key);
   zink_sampler_create_info(const zink_sampler_create_info &) = delete;
   zink_sampler_create_info &operator=(const zink_sampler_create_info &) = delete;
};

}  // namespace clampler
