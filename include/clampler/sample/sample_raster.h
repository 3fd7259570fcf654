// Device rasterization: primitives drawn on the Vulkan device through a zink_rasterizer_state, colour and depth read back.
//
// The proof by pixels of the rasterizer translation (docs/rasterizer.md): the draw uses exactly the
// structs zink_fill_rasterization_info gives, and does the emulations of the last vertex stage and
// of the indices itself (the state's point size, GL's [-w, w] clip z, the provoking vertex),
// lowers its fragment shader for the polygon stipple, two-sided colour, point sprites'
// coordinates and line stipple, and makes on the CPU what the device cannot draw (polygon modes,
// wide lines as copies, large and smooth points, smooth lines as rectangles). What a key's
// emulation cannot draw (docs/rasterizer.md, "Emulations") is refused, naming why.
#pragma once

#include <volk.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "clampler/pipe/p_defines.h"
#include "clampler/zink/zink_rasterizer.h"
#include "clampler/zink/zink_screen.h"

namespace clampler {

struct raster_vertex {
   float position[4] = {0.0f, 0.0f, 0.0f, 1.0f};  // clip coordinates
   float color[4] = {0.0f, 0.0f, 0.0f, 1.0f};
   float point_size = 1.0f;                        // used when the state has point_size_per_vertex
   // What the vertex stage writes as the back colour (gl_BackColor): read instead of `color` by
   // back-facing polygons when the state has light_twoside (ZINK_RAST_EMU_TWO_SIDE_COLOR).
   float back_color[4] = {0.0f, 0.0f, 0.0f, 1.0f};
   float texcoord[4] = {0.0f, 0.0f, 0.0f, 1.0f};  // texture coordinate set 0
};

// Row-major from the top row (Vulkan's y-down framebuffer).
struct raster_image {
   uint32_t width = 0, height = 0;
   std::vector<uint8_t> rgba;  // 4 bytes per pixel
   std::vector<float> depth;
   const uint8_t *pixel(uint32_t x, uint32_t y) const { return &rgba[(static_cast<size_t>(y) * width + x) * 4]; }
   float depth_at(uint32_t x, uint32_t y) const { return depth[static_cast<size_t>(y) * width + x]; }
};

struct raster_request {
   // GL's primitive, drawn through zink_convert_primitives (quads, quad strips, polygons and
   // loops included; GL's provoking vertex kept, QUADS_FOLLOW from the screen's cap).
   pipe_prim_type prim = PIPE_PRIM_TRIANGLES;
   std::vector<raster_vertex> vertices;
   std::vector<uint32_t> indices;  // GL's element indices; empty: the vertices in order
   bool flat = false;              // the colour is a flat input: the provoking vertex's colour
   // The fragment colour is texture coordinate set 0 as (s, t, 0, 1) instead of the colour: what
   // point sprites' coordinate replacement (ZINK_RAST_EMU_SPRITE_COORD_REPLACE for unit 0) and
   // origin (ZINK_RAST_EMU_SPRITE_ORIGIN) change.
   bool show_texcoord = false;
   // The vertex stage clamps both colours to [0, 1] (st_raster_key::clamp_vertex_color, rule R9:
   // Vulkan has no state for it). Fragment colour clamping needs nothing here: the UNORM target
   // clamps what it stores.
   bool clamp_vertex_color = false;
   // The target: RGBA8 UNORM colour and D32_SFLOAT depth, cleared to these, viewport the whole
   // target with depth range [0, 1], depth test ALWAYS with writes on.
   uint32_t width = 32, height = 32;
   float clear_color[4] = {0.0f, 0.0f, 0.0f, 0.0f};
   float clear_depth = 1.0f;
   // The target's contents before the draw instead of the clear values: an image of the request's
   // size (a previous draw's), its colour and its depth (each in [0, 1]). Empty: cleared.
   std::optional<raster_image> initial;
   // The polygon stipple (ZINK_RAST_EMU_POLYGON_STIPPLE): bit x of stipple_rows[y] keeps the
   // framebuffer pixel (x mod 32, y mod 32), rows top-down (spirv_raster_fs_options).
   std::array<uint32_t, 32> stipple_rows{};
   // The scissor rectangle, used when the state has `scissor` (otherwise the whole target).
   int32_t scissor_x = 0, scissor_y = 0;
   uint32_t scissor_width = 0, scissor_height = 0;
};

// Draws `request` with `state` (from zink_create_rasterizer for this screen's device). On failure
// returns false and sets `*error` to a sentence naming what was wrong: what an emulation cannot
// draw, an emulation bit the draw does not know, a malformed request, or the Vulkan call that
// failed.
bool sample_raster_draw(const zink_screen &screen, const zink_rasterizer_state &state, const raster_request &request,
                        raster_image *image, std::string *error);

}  // namespace clampler
