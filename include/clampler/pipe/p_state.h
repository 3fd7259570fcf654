// pipe_sampler_state and pipe_rasterizer_state: the Gallium templates, laid out as hashable CSO keys.
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

// The rasterizer template (the seed 002_…txt), one field per member of Mesa's struct in the
// seed's order, every byte named so a zero-initialised state hashes and compares as raw bytes.
struct pipe_rasterizer_state {
   uint8_t flatshade;              // the provoking vertex's colour for the whole primitive
   uint8_t flatshade_first;        // first-vertex convention (the seed's exceptions apply)
   uint8_t light_twoside;          // back-facing colours from the back colour outputs
   uint8_t clamp_vertex_color;
   uint8_t clamp_fragment_color;
   uint8_t front_ccw;              // window order of front faces: counter-clockwise
   pipe_face cull_face;
   pipe_polygon_mode fill_front;
   pipe_polygon_mode fill_back;
   uint8_t offset_point, offset_line, offset_tri;
   uint8_t poly_smooth;
   uint8_t poly_stipple_enable;
   uint8_t line_smooth;
   uint8_t line_stipple_enable;
   uint16_t line_stipple_pattern;
   uint8_t line_stipple_factor;    // each bit repeats factor + 1 times
   uint8_t line_last_pixel;
   float offset_units;
   float offset_scale;
   float offset_clamp;             // 0: none; > 0 upper, < 0 lower bound
   float line_width;
   float point_size;
   uint16_t sprite_coord_enable;   // bit k: generic input k gets the sprite coordinate
   pipe_sprite_coord_mode sprite_coord_mode;
   uint8_t point_quad_rasterization;
   uint8_t point_smooth;
   uint8_t point_size_per_vertex;
   uint8_t scissor;
   uint8_t multisample;
   uint8_t half_pixel_center;      // GL's (0.5, 0.5) pixel centres (the seed's gl_rasterization_rules)
   uint8_t bottom_edge_rule;       // the top-left fill rule becomes bottom-left (GL's y-up windows)
   uint8_t depth_clip_near;        // the seed's depth_clip, per plane as Mesa splits it
   uint8_t depth_clip_far;
   uint8_t clip_plane_enable;      // bit k: clip half-space k
   uint8_t clip_halfz;             // clip-space z in [0, w] (glClipControl ZERO_TO_ONE)
   uint8_t rasterizer_discard;
   uint8_t pad;
};
static_assert(sizeof(pipe_rasterizer_state) == 56, "pipe_rasterizer_state must have no implicit padding");
static_assert(std::is_trivially_copyable_v<pipe_rasterizer_state>);

}  // namespace clampler
