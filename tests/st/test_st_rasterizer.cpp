// st_update_rasterizer: every rule of docs/rules.md "Rasterizer", one behaviour per row, and the caps that move work to the shader.
//
// Expected values come from the GL 4.6 specification and the seed (002_…txt): what each
// pipe_rasterizer_state field means, and which GL state decides it.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "clampler/gl/context.h"
#include "clampler/pipe/p_screen.h"
#include "clampler/st/st_rasterizer.h"

using namespace clampler;

namespace {

struct raster_case {
   const char *rule;
   gl_profile profile;
   std::function<void(gl_context &)> gl;
   st_framebuffer_info fb;
   std::function<bool(const pipe_rasterizer_state &)> want;
};

const gl_profile kCompat = gl_profile::compatibility, kCore = gl_profile::core;
const st_framebuffer_info kWindow{false, 0, true}, kFbo{true, 0, true}, kMsaaWindow{false, 4, true},
   kFloatWindow{false, 0, false};

std::vector<raster_case> cases() {
   using P = const pipe_rasterizer_state &;
   return {
      // R1
      {"GL's defaults: smooth, last vertex, CCW, no culling, FILL", kCompat, [](gl_context &) {}, kWindow,
       [](P r) {
          return !r.flatshade && !r.flatshade_first && r.front_ccw && r.cull_face == PIPE_FACE_NONE &&
                 r.fill_front == PIPE_POLYGON_MODE_FILL && r.fill_back == PIPE_POLYGON_MODE_FILL && r.line_width == 1.0f &&
                 r.point_size == 1.0f && r.half_pixel_center && !r.line_last_pixel && r.depth_clip_near && r.depth_clip_far;
       }},
      {"flat shading", kCompat, [](gl_context &c) { c.ShadeModel(GL_FLAT); }, kWindow, [](P r) { return r.flatshade == 1; }},
      {"first-vertex convention", kCore, [](gl_context &c) { c.ProvokingVertex(GL_FIRST_VERTEX_CONVENTION); }, kWindow,
       [](P r) { return r.flatshade_first == 1; }},
      // R2
      {"CW front faces on the window", kCompat, [](gl_context &c) { c.FrontFace(GL_CW); }, kWindow,
       [](P r) { return r.front_ccw == 0; }},
      {"an FBO flips the window order", kCompat, [](gl_context &) {}, kFbo, [](P r) { return r.front_ccw == 0; }},
      {"an upper-left clip origin flips it", kCore, [](gl_context &c) { c.ClipControl(GL_UPPER_LEFT, GL_NEGATIVE_ONE_TO_ONE); },
       kWindow, [](P r) { return r.front_ccw == 0; }},
      {"both flips cancel", kCore, [](gl_context &c) { c.ClipControl(GL_UPPER_LEFT, GL_NEGATIVE_ONE_TO_ONE); }, kFbo,
       [](P r) { return r.front_ccw == 1; }},
      // R3, R4
      {"culling off keeps PIPE_FACE_NONE whatever the mode", kCompat, [](gl_context &c) { c.CullFace(GL_FRONT); }, kWindow,
       [](P r) { return r.cull_face == PIPE_FACE_NONE; }},
      {"cull FRONT_AND_BACK", kCompat,
       [](gl_context &c) {
          c.Enable(GL_CULL_FACE);
          c.CullFace(GL_FRONT_AND_BACK);
       },
       kWindow, [](P r) { return r.cull_face == PIPE_FACE_FRONT_AND_BACK; }},
      {"different front and back modes", kCompat,
       [](gl_context &c) {
          c.PolygonMode(GL_FRONT, GL_LINE);
          c.PolygonMode(GL_BACK, GL_POINT);
       },
       kWindow, [](P r) { return r.fill_front == PIPE_POLYGON_MODE_LINE && r.fill_back == PIPE_POLYGON_MODE_POINT; }},
      {"a culled side takes the other's mode", kCompat,
       [](gl_context &c) {
          c.PolygonMode(GL_FRONT, GL_LINE);
          c.Enable(GL_CULL_FACE);  // BACK culled
       },
       kWindow, [](P r) { return r.fill_front == PIPE_POLYGON_MODE_LINE && r.fill_back == PIPE_POLYGON_MODE_LINE; }},
      // R5
      {"offset values only with an offset enable", kCore, [](gl_context &c) { c.PolygonOffsetClamp(2.0f, 3.0f, 0.5f); },
       kWindow, [](P r) { return r.offset_units == 0.0f && r.offset_scale == 0.0f && !r.offset_tri; }},
      {"offset for lines", kCore,
       [](gl_context &c) {
          c.PolygonOffsetClamp(2.0f, 3.0f, 0.5f);
          c.Enable(GL_POLYGON_OFFSET_LINE);
       },
       kWindow,
       [](P r) {
          return r.offset_line && !r.offset_tri && !r.offset_point && r.offset_units == 3.0f && r.offset_scale == 2.0f &&
                 r.offset_clamp == 0.5f;
       }},
      {"polygon stipple and smoothing", kCompat,
       [](gl_context &c) {
          c.Enable(GL_POLYGON_STIPPLE);
          c.Enable(GL_POLYGON_SMOOTH);
       },
       kWindow, [](P r) { return r.poly_stipple_enable && r.poly_smooth; }},
      // R6
      {"line stipple: factor - 1 and the pattern", kCompat,
       [](gl_context &c) {
          c.LineStipple(3, 0x0f0f);
          c.Enable(GL_LINE_STIPPLE);
       },
       kWindow, [](P r) { return r.line_stipple_enable && r.line_stipple_factor == 2 && r.line_stipple_pattern == 0x0f0f; }},
      {"a line width past the range is clamped", kCompat, [](gl_context &c) { c.LineWidth(1000.0f); }, kWindow,
       [](P r) { return r.line_width == 255.0f; }},
      {"a line width below 1 is 1", kCompat, [](gl_context &c) { c.LineWidth(0.25f); }, kWindow,
       [](P r) { return r.line_width == 1.0f; }},
      {"line smoothing", kCore, [](gl_context &c) { c.Enable(GL_LINE_SMOOTH); }, kWindow, [](P r) { return r.line_smooth == 1; }},
      // R7
      {"compatibility points: no sprites, smoothing kept", kCompat, [](gl_context &c) { c.Enable(GL_POINT_SMOOTH); }, kWindow,
       [](P r) { return r.point_smooth && !r.point_quad_rasterization && r.sprite_coord_enable == 0; }},
      {"multisampled points are not smoothed (GL 4.6 compatibility §14.4.3)", kCompat,
       [](gl_context &c) { c.Enable(GL_POINT_SMOOTH); }, kMsaaWindow, [](P r) { return r.point_smooth == 0; }},
      {"sprites: quads, no smoothing, COORD_REPLACE per unit", kCompat,
       [](gl_context &c) {
          c.Enable(GL_POINT_SMOOTH);
          c.Enable(GL_POINT_SPRITE);
          c.ActiveTexture(GL_TEXTURE0 + 2);
          c.TexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
       },
       kWindow,
       [](P r) {
          return !r.point_smooth && r.point_quad_rasterization && r.sprite_coord_enable == (1u << 2) &&
                 r.sprite_coord_mode == PIPE_SPRITE_COORD_UPPER_LEFT;
       }},
      {"core points are sprites", kCore, [](gl_context &) {}, kWindow, [](P r) { return r.point_quad_rasterization == 1; }},
      {"a lower-left sprite origin", kCore,
       [](gl_context &c) { c.PointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, static_cast<GLint>(GL_LOWER_LEFT)); }, kWindow,
       [](P r) { return r.sprite_coord_mode == PIPE_SPRITE_COORD_LOWER_LEFT; }},
      {"an FBO flips the sprite origin", kCore, [](gl_context &) {}, kFbo,
       [](P r) { return r.sprite_coord_mode == PIPE_SPRITE_COORD_LOWER_LEFT; }},
      {"point size and per-vertex sizes", kCore,
       [](gl_context &c) {
          c.PointSize(7.5f);
          c.Enable(GL_PROGRAM_POINT_SIZE);
       },
       kWindow, [](P r) { return r.point_size == 7.5f && r.point_size_per_vertex; }},
      {"compatibility: the size is clamped to GL_POINT_SIZE_MAX (§14.4)", kCompat,
       [](gl_context &c) {
          c.PointSize(5.0f);
          c.PointParameterf(GL_POINT_SIZE_MAX, 3.0f);
       },
       kWindow, [](P r) { return r.point_size == 3.0f; }},
      {"compatibility: the size is raised to GL_POINT_SIZE_MIN (§14.4)", kCompat,
       [](gl_context &c) { c.PointParameterf(GL_POINT_SIZE_MIN, 5.0f); }, kWindow,
       [](P r) { return r.point_size == 5.0f; }},
      // R8
      {"two-sided colour from GL_VERTEX_PROGRAM_TWO_SIDE", kCompat, [](gl_context &c) { c.Enable(GL_VERTEX_PROGRAM_TWO_SIDE); },
       kWindow, [](P r) { return r.light_twoside == 1; }},
      // R10
      {"GL_MULTISAMPLE on a single-sampled window: off", kCore, [](gl_context &) {}, kWindow,
       [](P r) { return r.multisample == 0; }},
      {"GL_MULTISAMPLE on a 4-sample window", kCore, [](gl_context &) {}, kMsaaWindow, [](P r) { return r.multisample == 1; }},
      {"GL_MULTISAMPLE off", kCore, [](gl_context &c) { c.Disable(GL_MULTISAMPLE); }, kMsaaWindow,
       [](P r) { return r.multisample == 0; }},
      {"scissor and discard", kCore,
       [](gl_context &c) {
          c.Enable(GL_SCISSOR_TEST);
          c.Enable(GL_RASTERIZER_DISCARD);
       },
       kWindow, [](P r) { return r.scissor && r.rasterizer_discard; }},
      {"the window's bottom edge rule; an FBO's top", kCore, [](gl_context &) {}, kWindow, [](P r) { return r.bottom_edge_rule == 1; }},
      {"an FBO uses the top edge", kCore, [](gl_context &) {}, kFbo, [](P r) { return r.bottom_edge_rule == 0; }},
      // R11, R12
      {"depth clamp turns depth clipping off", kCore, [](gl_context &c) { c.Enable(GL_DEPTH_CLAMP); }, kWindow,
       [](P r) { return !r.depth_clip_near && !r.depth_clip_far; }},
      {"ZERO_TO_ONE on a screen with CLIP_HALFZ", kCore, [](gl_context &c) { c.ClipControl(GL_LOWER_LEFT, GL_ZERO_TO_ONE); },
       kWindow, [](P r) { return r.clip_halfz == 1; }},
      {"clip distances 0 and 5", kCore,
       [](gl_context &c) {
          c.Enable(GL_CLIP_DISTANCE0);
          c.Enable(GL_CLIP_DISTANCE0 + 5);
       },
       kWindow, [](P r) { return r.clip_plane_enable == ((1u << 0) | (1u << 5)); }},
   };
}

TEST(StRasterizer, EachRuleGivesTheFieldsGlDefines) {
   config_screen screen;
   for (const raster_case &c : cases()) {
      gl_context ctx(c.profile);
      c.gl(ctx);
      ASSERT_EQ(ctx.GetError(), GL_NO_ERROR) << c.rule << ": " << ctx.last_error_message();
      st_context st(screen, ctx);
      pipe_rasterizer_state r;
      st_raster_key key;
      st_update_rasterizer(st, c.fb, &r, &key);
      EXPECT_TRUE(c.want(r)) << c.rule;
   }
}

TEST(StRasterizer, ColourClampingGoesToTheShaderWithoutTheCaps) {
   config_screen screen;  // Vulkan's: no colour clamping in the driver
   gl_context ctx(kCompat);
   st_context st(screen, ctx);
   pipe_rasterizer_state r;
   st_raster_key key;
   // Defaults: vertex colours TRUE; fragment FIXED_ONLY on a fixed-point window.
   st_update_rasterizer(st, kWindow, &r, &key);
   EXPECT_FALSE(r.clamp_vertex_color);
   EXPECT_FALSE(r.clamp_fragment_color);
   EXPECT_TRUE(key.clamp_vertex_color);
   EXPECT_TRUE(key.clamp_fragment_color);
   // FIXED_ONLY on a float buffer does not clamp.
   st_update_rasterizer(st, kFloatWindow, &r, &key);
   EXPECT_FALSE(key.clamp_fragment_color);
   // A screen that clamps keeps it in the state, and the shader does nothing.
   config_screen clamping;
   clamping.set_param(PIPE_CAP_VERTEX_COLOR_CLAMPED, 1);
   clamping.set_param(PIPE_CAP_FRAGMENT_COLOR_CLAMPED, 1);
   st_context st2(clamping, ctx);
   st_update_rasterizer(st2, kWindow, &r, &key);
   EXPECT_TRUE(r.clamp_vertex_color);
   EXPECT_TRUE(r.clamp_fragment_color);
   EXPECT_EQ(key, st_raster_key{});
}

TEST(StRasterizer, HalfZGoesToTheShaderWithoutClipHalfz) {
   config_screen screen;
   screen.set_param(PIPE_CAP_CLIP_HALFZ, 0);
   gl_context ctx(kCore);
   ctx.ClipControl(GL_LOWER_LEFT, GL_ZERO_TO_ONE);
   st_context st(screen, ctx);
   pipe_rasterizer_state r;
   st_raster_key key;
   st_update_rasterizer(st, kWindow, &r, &key);
   EXPECT_FALSE(r.clip_halfz);
   EXPECT_TRUE(key.clip_halfz);
}

TEST(StRasterizer, DepthClampWithoutTheCapIsAWarningAndClipsAsBefore) {
   config_screen screen;
   screen.set_param(PIPE_CAP_DEPTH_CLIP_DISABLE, 0);
   gl_context ctx(kCore);
   ctx.Enable(GL_DEPTH_CLAMP);
   st_context st(screen, ctx);
   pipe_rasterizer_state r;
   st_raster_key key;
   std::string warning;
   st_update_rasterizer(st, kWindow, &r, &key, &warning);
   EXPECT_TRUE(r.depth_clip_near && r.depth_clip_far);
   EXPECT_NE(warning.find("GL_DEPTH_CLAMP"), std::string::npos) << warning;
}

TEST(StRasterizer, UnusedFieldsAreZeroSoStatesCompareAsBytes) {
   config_screen screen;
   gl_context a(kCompat), b(kCompat);
   a.PolygonOffset(5.0f, 6.0f);  // no offset enable: the values are not part of the state
   a.LineStipple(4, 0x1234);    // no stipple enable
   st_context sa(screen, a), sb(screen, b);
   pipe_rasterizer_state ra, rb;
   st_update_rasterizer(sa, kWindow, &ra, nullptr);
   st_update_rasterizer(sb, kWindow, &rb, nullptr);
   EXPECT_EQ(std::memcmp(&ra, &rb, sizeof ra), 0);
}

}  // namespace

// R13: glPolygonStipple's rows are bottom-up with the first byte's top bit the leftmost pixel;
// the framebuffer's rows are top-down with bit x the pixel x. An FBO keeps GL's row order, the
// window flips it: GL's row y is framebuffer row height - 1 - y.
TEST(StRasterizer, PolygonStippleRowsFollowTheFramebufferOrientation) {
   gl_context ctx;
   uint8_t mask[128] = {};
   mask[0] = 0x80;          // GL row 0: the leftmost pixel
   mask[4 * 5 + 3] = 0x01;  // GL row 5: pixel 31
   ctx.PolygonStipple(mask);
   const gl_raster_attrib &r = ctx.raster();
   st_framebuffer_info fbo;
   fbo.user_fbo = true;
   const auto in_fbo = st_polygon_stipple_rows(r, fbo, 64);
   EXPECT_EQ(in_fbo[0], 1u);
   EXPECT_EQ(in_fbo[5], 1u << 31);
   st_framebuffer_info window;
   for (uint32_t height : {64u, 50u}) {
      const auto in_window = st_polygon_stipple_rows(r, window, height);
      // GL row 0 is framebuffer row height - 1; GL row 5 is row height - 6.
      EXPECT_EQ(in_window[(height - 1) % 32], 1u) << height;
      EXPECT_EQ(in_window[(height - 6) % 32], 1u << 31) << height;
      uint32_t set = 0;
      for (uint32_t v : in_window)
         set += v != 0;
      EXPECT_EQ(set, 2u) << height;
   }
}
