// st_update_rasterizer: GL's rasterizer state plus the framebuffer drawn to -> pipe_rasterizer_state and the shader's share.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "clampler/pipe/p_state.h"
#include "clampler/st/st_context.h"

namespace clampler {

// What the rasterizer state depends on in the framebuffer (Mesa: st->state.fb_orientation and
// the draw buffer's visual).
struct st_framebuffer_info {
   // A framebuffer object of the application (Gallium's surfaces are y-down, GL's FBOs y-up:
   // the viewport is inverted, which swaps facing and the sprite origin); false: the window.
   bool user_fbo = false;
   unsigned samples = 0;                 // 0 or 1: single-sampled
   bool all_color_fixed_point = true;    // every colour buffer is fixed-point (FIXED_ONLY clamping)
};

// What the shader must do where the screen cannot (docs/rules.md, "Rasterizer").
struct st_raster_key {
   bool clamp_vertex_color = false;    // !PIPE_CAP_VERTEX_COLOR_CLAMPED: clamp colour outputs to [0, 1]
   bool clamp_fragment_color = false;  // !PIPE_CAP_FRAGMENT_COLOR_CLAMPED
   bool clip_halfz = false;            // !PIPE_CAP_CLIP_HALFZ: z' = (z + w) / 2 in the last vertex stage
   bool operator==(const st_raster_key &) const = default;
};

// Converts the context's rasterizer state for drawing into `fb`. `*warning` (when not null)
// names GL state the screen cannot express and nothing can emulate (GL_DEPTH_CLAMP without
// PIPE_CAP_DEPTH_CLIP_DISABLE); empty otherwise. The rule table is in docs/rules.md.
void st_update_rasterizer(const st_context &st, const st_framebuffer_info &fb, pipe_rasterizer_state *raster,
                          st_raster_key *key, std::string *warning = nullptr);

// R13 polygon stipple (Gallium's set_polygon_stipple): GL's 32x32 pattern (rows bottom-up, bit 31
// of a row the leftmost pixel, as glPolygonStipple unpacks it) as the rows of a y-down
// framebuffer `height` rows tall, bit x the pixel x mod 32 (spirv_raster_fs_options): an FBO keeps
// GL's row order, the window is flipped (GL's window row y is framebuffer row height - 1 - y).
std::array<uint32_t, 32> st_polygon_stipple_rows(const gl_raster_attrib &r, const st_framebuffer_info &fb,
                                                 uint32_t height);

}  // namespace clampler
