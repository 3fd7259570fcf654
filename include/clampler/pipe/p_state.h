// pipe_sampler_state: the Gallium sampler template, laid out as a hashable CSO key.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "clampler/pipe/p_defines.h"

namespace clampler {

union pipe_color_union {
   float f[4];
   int32_t i[4];
   uint32_t ui[4];
};

// Every byte is named (no implicit padding), so a zero-initialised state can be
// hashed and compared as raw bytes. border_color_is_integer comes last: the CSO
// key stops just before it unless PIPE_CAP_NEED_BORDER_COLOR_TYPE is set.
struct pipe_sampler_state {
   pipe_tex_wrap wrap_s = PIPE_TEX_WRAP_REPEAT;
   pipe_tex_wrap wrap_t = PIPE_TEX_WRAP_REPEAT;
   pipe_tex_wrap wrap_r = PIPE_TEX_WRAP_REPEAT;
   pipe_tex_filter min_img_filter = PIPE_TEX_FILTER_NEAREST;
   pipe_tex_filter mag_img_filter = PIPE_TEX_FILTER_NEAREST;
   pipe_tex_mipfilter min_mip_filter = PIPE_TEX_MIPFILTER_NEAREST;
   pipe_tex_compare compare_mode = PIPE_TEX_COMPARE_NONE;
   pipe_compare_func compare_func = PIPE_FUNC_NEVER;
   uint8_t unnormalized_coords = 0;  // bool
   uint8_t seamless_cube_map = 0;    // bool
   pipe_tex_reduction_mode reduction_mode = PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE;
   uint8_t max_anisotropy = 0;       // 0 = off, else 2..16
   float lod_bias = 0.0f;            // multiple of 1/256 in [-16, 16]
   float min_lod = 0.0f;
   float max_lod = 0.0f;
   pipe_color_union border_color = {{0.0f, 0.0f, 0.0f, 0.0f}};
   uint8_t border_color_is_integer = 0;  // bool; key byte only with NEED_BORDER_COLOR_TYPE
   uint8_t pad = 0;
   // The sampler view's format (enum pipe_format) when a border-reading wrap is used and
   // the screen has PIPE_CAP_BORDER_COLOR_FORMAT (Vulkan custom border colours without
   // customBorderColorWithoutFormat need it); 0 otherwise. Part of the typed key.
   uint16_t border_color_format = 0;
};

static_assert(sizeof(pipe_sampler_state) == 44);
static_assert(offsetof(pipe_sampler_state, lod_bias) == 12);
static_assert(offsetof(pipe_sampler_state, border_color) == 24);
static_assert(offsetof(pipe_sampler_state, border_color_is_integer) == 40);
static_assert(offsetof(pipe_sampler_state, border_color_format) == 42);
static_assert(std::is_trivially_copyable_v<pipe_sampler_state>);

// Size of the CSO key: the whole state, or everything before the integer flag.
constexpr size_t pipe_sampler_key_size(bool need_border_color_type) {
   // The pad byte is always zero, so the typed key can stay word-sized.
   return need_border_color_type ? sizeof(pipe_sampler_state)
                                  : offsetof(pipe_sampler_state, border_color_is_integer);
}

// A texture as the screen sees it (enough for per-resource format queries).
struct pipe_resource {
   pipe_texture_target target = PIPE_TEXTURE_2D;
   uint16_t format = 0;  // enum pipe_format
   uint32_t width0 = 1, height0 = 1, depth0 = 1, array_size = 1;
   uint32_t last_level = 0;
};

}  // namespace clampler
