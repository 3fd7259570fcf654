// zink_create_rasterizer: rules Z1-Z11, one row per rule, on a device with every rasterization feature and on a bare Vulkan 1.0 one.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <string>

#include "../pipe/raster_test_state.h"
#include "clampler/zink/zink_rasterizer.h"

using namespace clampler;

namespace {

zink_device_caps full_device() {
   zink_device_caps d;
   d.depth_clamp = true;
   d.fill_mode_non_solid = d.wide_lines = d.large_points = d.depth_bias_clamp = true;
   d.provoking_vertex_last = true;
   d.line_rasterization = d.rectangular_lines = d.bresenham_lines = d.smooth_lines = true;
   d.stippled_rectangular_lines = d.stippled_bresenham_lines = d.stippled_smooth_lines = true;
   d.depth_clip_control = true;
   d.strict_lines = true;
   d.line_width_range[1] = 64.0f;
   d.point_size_range[1] = 1024.0f;
   return d;
}

// Vulkan 1.0's minimum: none of the optional features, lines and points of size 1 only.
zink_device_caps bare_device() { return zink_device_caps{}; }

pipe_rasterizer_state gl_default() {
   pipe_rasterizer_state s = test::gl_default_rasterizer();
   s.point_size_per_vertex = 1;
   return s;
}

struct row {
   const char *rule;
   bool full;  // which device
   std::function<void(pipe_rasterizer_state &)> set;
   std::function<void(const zink_rasterizer_state &)> check;
};

void run(const row &r) {
   pipe_rasterizer_state s = gl_default();
   r.set(s);
   SCOPED_TRACE(std::string(r.rule) + (r.full ? " (full device)" : " (bare device)"));
   r.check(zink_create_rasterizer(r.full ? full_device() : bare_device(), s));
}

}  // namespace

TEST(ZinkRasterizer, TheDefaultStateNeedsNoEmulationOnAFullDevice) {
   pipe_rasterizer_state s = gl_default();
   s.clip_halfz = 1;
   const zink_rasterizer_state r = zink_create_rasterizer(full_device(), s);
   EXPECT_EQ(r.emulate, 0u);
   EXPECT_EQ(r.unsupported, 0u);
   EXPECT_EQ(r.hw.polygon_mode, VK_POLYGON_MODE_FILL);
   EXPECT_EQ(r.hw.cull_mode, VkCullModeFlags(VK_CULL_MODE_NONE));
   EXPECT_FALSE(r.hw.depth_bias_enable);
   EXPECT_EQ(r.hw.line_width, 1.0f);
}

TEST(ZinkRasterizer, FacingCullingAndDiscardMapBitForBit) {
   const row rows[] = {
      {"Z1 front_ccw -> COUNTER_CLOCKWISE", true, [](auto &) {},
       [](auto &r) { EXPECT_EQ(r.hw.front_face, VK_FRONT_FACE_COUNTER_CLOCKWISE); }},
      {"Z1 !front_ccw -> CLOCKWISE", true, [](auto &s) { s.front_ccw = 0; },
       [](auto &r) { EXPECT_EQ(r.hw.front_face, VK_FRONT_FACE_CLOCKWISE); }},
      {"Z1 cull front", true, [](auto &s) { s.cull_face = PIPE_FACE_FRONT; },
       [](auto &r) { EXPECT_EQ(r.hw.cull_mode, VkCullModeFlags(VK_CULL_MODE_FRONT_BIT)); }},
      {"Z1 cull back", true, [](auto &s) { s.cull_face = PIPE_FACE_BACK; },
       [](auto &r) { EXPECT_EQ(r.hw.cull_mode, VkCullModeFlags(VK_CULL_MODE_BACK_BIT)); }},
      {"Z1 cull both", false, [](auto &s) { s.cull_face = PIPE_FACE_FRONT_AND_BACK; },
       [](auto &r) { EXPECT_EQ(r.hw.cull_mode, VkCullModeFlags(VK_CULL_MODE_FRONT_AND_BACK)); }},
      {"Z1 discard", false, [](auto &s) { s.rasterizer_discard = 1; },
       [](auto &r) { EXPECT_TRUE(r.hw.rasterizer_discard_enable); }},
   };
   for (const row &r : rows)
      run(r);
}

TEST(ZinkRasterizer, TheLastVertexConventionNeedsTheExtensionOrIndexRewriting) {
   const row rows[] = {
      {"Z2 first vertex: Vulkan's default, nothing chained", false, [](auto &s) { s.flatshade_first = 1; },
       [](auto &r) {
          EXPECT_FALSE(r.hw.chain_provoking_vertex);
          EXPECT_FALSE(r.emulate & ZINK_RAST_EMU_PROVOKING_VERTEX);
       }},
      {"Z2 last vertex with VK_EXT_provoking_vertex", true, [](auto &) {},
       [](auto &r) {
          EXPECT_TRUE(r.hw.chain_provoking_vertex);
          EXPECT_EQ(r.hw.provoking_vertex_mode, VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT);
          EXPECT_FALSE(r.emulate & ZINK_RAST_EMU_PROVOKING_VERTEX);
       }},
      {"Z2 last vertex without it: index rewriting", false, [](auto &) {},
       [](auto &r) {
          EXPECT_FALSE(r.hw.chain_provoking_vertex);
          EXPECT_TRUE(r.emulate & ZINK_RAST_EMU_PROVOKING_VERTEX);
       }},
   };
   for (const row &r : rows)
      run(r);
}

TEST(ZinkRasterizer, FillModesNeedOneModeForBothFacesAndFillModeNonSolid) {
   const row rows[] = {
      {"Z3 LINE on both faces", true, [](auto &s) { s.fill_front = s.fill_back = PIPE_POLYGON_MODE_LINE; },
       [](auto &r) {
          EXPECT_EQ(r.hw.polygon_mode, VK_POLYGON_MODE_LINE);
          EXPECT_FALSE(r.emulate & ZINK_RAST_EMU_FILL_MODE);
       }},
      {"Z3 POINT on both faces", true, [](auto &s) { s.fill_front = s.fill_back = PIPE_POLYGON_MODE_POINT; },
       [](auto &r) { EXPECT_EQ(r.hw.polygon_mode, VK_POLYGON_MODE_POINT); }},
      {"Z3 LINE without fillModeNonSolid", false, [](auto &s) { s.fill_front = s.fill_back = PIPE_POLYGON_MODE_LINE; },
       [](auto &r) {
          EXPECT_EQ(r.hw.polygon_mode, VK_POLYGON_MODE_FILL);
          EXPECT_TRUE(r.emulate & ZINK_RAST_EMU_FILL_MODE);
       }},
      {"Z3 front FILL, back LINE: emulated even with the feature", true,
       [](auto &s) { s.fill_back = PIPE_POLYGON_MODE_LINE; },
       [](auto &r) { EXPECT_TRUE(r.emulate & ZINK_RAST_EMU_FILL_MODE); }},
   };
   for (const row &r : rows)
      run(r);
}

// Z3 by passes: each face's pass culls the other face and takes its own mode and that mode's
// offset enable (GL 4.6 §14.6.5: POLYGON_OFFSET_LINE offsets polygons drawn as lines only).
TEST(ZinkRasterizer, DifferentFillModesAreDrawnByOnePassPerFace) {
   pipe_rasterizer_state s = gl_default();
   s.fill_back = PIPE_POLYGON_MODE_LINE;
   s.offset_line = 1;
   s.offset_units = 2.0f;
   const zink_rasterizer_state r = zink_create_rasterizer(full_device(), s);
   ASSERT_TRUE(r.emulate & ZINK_RAST_EMU_FILL_MODE);
   zink_rasterizer_hw front, back;
   ASSERT_TRUE(zink_rasterizer_face_pass(full_device(), r, PIPE_FACE_FRONT, &front));
   ASSERT_TRUE(zink_rasterizer_face_pass(full_device(), r, PIPE_FACE_BACK, &back));
   EXPECT_EQ(front.polygon_mode, VK_POLYGON_MODE_FILL);
   EXPECT_EQ(front.cull_mode, static_cast<VkCullModeFlags>(VK_CULL_MODE_BACK_BIT));
   EXPECT_FALSE(front.depth_bias_enable) << "filled: GL_POLYGON_OFFSET_FILL is off";
   EXPECT_EQ(back.polygon_mode, VK_POLYGON_MODE_LINE);
   EXPECT_EQ(back.cull_mode, static_cast<VkCullModeFlags>(VK_CULL_MODE_FRONT_BIT));
   EXPECT_TRUE(back.depth_bias_enable);
   EXPECT_EQ(back.depth_bias_constant, 2.0f);
   EXPECT_EQ(back.front_face, r.hw.front_face);
   // What the state culls stays culled; a device without fillModeNonSolid has no LINE pass.
   s.cull_face = PIPE_FACE_FRONT;
   ASSERT_TRUE(zink_rasterizer_face_pass(full_device(), zink_create_rasterizer(full_device(), s), PIPE_FACE_FRONT, &front));
   EXPECT_EQ(front.cull_mode, static_cast<VkCullModeFlags>(VK_CULL_MODE_FRONT_AND_BACK));
   zink_rasterizer_hw untouched;
   untouched.line_width = 7.0f;
   EXPECT_FALSE(zink_rasterizer_face_pass(bare_device(), zink_create_rasterizer(bare_device(), s), PIPE_FACE_BACK, &untouched));
   EXPECT_EQ(untouched.line_width, 7.0f);
   EXPECT_FALSE(zink_rasterizer_face_pass(full_device(), r, PIPE_FACE_FRONT_AND_BACK, &untouched));
   // The clamp of a face's offset without depthBiasClamp: said, as for one mode.
   pipe_rasterizer_state clamped = gl_default();
   clamped.fill_back = PIPE_POLYGON_MODE_LINE;
   clamped.offset_line = 1;
   clamped.offset_units = 2.0f;
   clamped.offset_clamp = 0.25f;
   zink_device_caps no_clamp = full_device();
   no_clamp.depth_bias_clamp = false;
   EXPECT_TRUE(zink_create_rasterizer(no_clamp, clamped).unsupported & ZINK_RAST_NO_DEPTH_BIAS_CLAMP);
   EXPECT_FALSE(zink_create_rasterizer(full_device(), clamped).unsupported & ZINK_RAST_NO_DEPTH_BIAS_CLAMP);
   // A culled LINE face on a device without fillModeNonSolid: a pass drawing nothing, not a refusal.
   clamped.cull_face = PIPE_FACE_BACK;
   zink_device_caps solid_only = full_device();
   solid_only.fill_mode_non_solid = false;
   ASSERT_TRUE(zink_rasterizer_face_pass(solid_only, zink_create_rasterizer(solid_only, clamped), PIPE_FACE_BACK, &back));
   EXPECT_EQ(back.cull_mode, static_cast<VkCullModeFlags>(VK_CULL_MODE_FRONT_AND_BACK));
}

TEST(ZinkRasterizer, PolygonOffsetIsTheDepthBiasOfTheModeDrawn) {
   const row rows[] = {
      {"Z4 units, factor, clamp as given", true,
       [](auto &s) { s.offset_tri = 1; s.offset_units = 2.0f; s.offset_scale = 1.5f; s.offset_clamp = 0.25f; },
       [](auto &r) {
          EXPECT_TRUE(r.hw.depth_bias_enable);
          EXPECT_EQ(r.hw.depth_bias_constant, 2.0f);  // GL's r * units is Vulkan's r * constant
          EXPECT_EQ(r.hw.depth_bias_slope, 1.5f);
          EXPECT_EQ(r.hw.depth_bias_clamp, 0.25f);
       }},
      {"Z4 a line offset does not offset filled polygons", true,
       [](auto &s) { s.offset_line = 1; s.offset_units = 2.0f; },
       [](auto &r) { EXPECT_FALSE(r.hw.depth_bias_enable); }},
      {"Z4 a line offset offsets LINE-mode polygons", true,
       [](auto &s) { s.offset_line = 1; s.offset_units = 2.0f; s.fill_front = s.fill_back = PIPE_POLYGON_MODE_LINE; },
       [](auto &r) { EXPECT_TRUE(r.hw.depth_bias_enable); }},
      {"Z4 a point offset offsets POINT-mode polygons", true,
       [](auto &s) { s.offset_point = 1; s.offset_units = 2.0f; s.fill_front = s.fill_back = PIPE_POLYGON_MODE_POINT; },
       [](auto &r) { EXPECT_TRUE(r.hw.depth_bias_enable); }},
      {"Z4 the clamp without depthBiasClamp: unclamped, said", false,
       [](auto &s) { s.offset_tri = 1; s.offset_units = 2.0f; s.offset_clamp = 0.25f; },
       [](auto &r) {
          EXPECT_TRUE(r.hw.depth_bias_enable);
          EXPECT_EQ(r.hw.depth_bias_clamp, 0.0f);
          EXPECT_TRUE(r.unsupported & ZINK_RAST_NO_DEPTH_BIAS_CLAMP);
       }},
   };
   for (const row &r : rows)
      run(r);
}

TEST(ZinkRasterizer, LinesTakeGlsRasterizationModeAndStippleWhereTheDeviceHasThem) {
   const row rows[] = {
      {"Z5 aliased single-sampled lines: Bresenham", true, [](auto &) {},
       [](auto &r) {
          EXPECT_TRUE(r.hw.chain_line);
          EXPECT_EQ(r.hw.line_mode, VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT);
       }},
      {"Z5 multisampled lines: rectangles", true, [](auto &s) { s.multisample = 1; },
       [](auto &r) { EXPECT_EQ(r.hw.line_mode, VK_LINE_RASTERIZATION_MODE_RECTANGULAR_EXT); }},
      {"Z5 smooth lines: rectangular smooth", true, [](auto &s) { s.line_smooth = 1; },
       [](auto &r) { EXPECT_EQ(r.hw.line_mode, VK_LINE_RASTERIZATION_MODE_RECTANGULAR_SMOOTH_EXT); }},
      {"Z5 stipple: factor + 1 and the pattern", true,
       [](auto &s) { s.line_stipple_enable = 1; s.line_stipple_factor = 2; s.line_stipple_pattern = 0x0f0f; },
       [](auto &r) {
          EXPECT_TRUE(r.hw.stippled_line_enable);
          EXPECT_EQ(r.hw.line_stipple_factor, 3u);
          EXPECT_EQ(r.hw.line_stipple_pattern, 0x0f0f);
          EXPECT_FALSE(r.emulate & ZINK_RAST_EMU_LINE_STIPPLE);
       }},
      {"Z5 stipple without stippled lines: emulated", false, [](auto &s) { s.line_stipple_enable = 1; },
       [](auto &r) {
          EXPECT_FALSE(r.hw.stippled_line_enable);
          EXPECT_TRUE(r.emulate & ZINK_RAST_EMU_LINE_STIPPLE);
       }},
      {"Z5 smooth without smoothLines: emulated", false, [](auto &s) { s.line_smooth = 1; },
       [](auto &r) { EXPECT_TRUE(r.emulate & ZINK_RAST_EMU_LINE_SMOOTH); }},
      {"Z5 multisampled smooth lines are rectangles (GL 4.6 §14.5.4)", true,
       [](auto &s) { s.line_smooth = 1; s.multisample = 1; },
       [](auto &r) { EXPECT_EQ(r.hw.line_mode, VK_LINE_RASTERIZATION_MODE_RECTANGULAR_EXT); }},
      {"Z5 multisampled smooth lines need no smoothing emulation", false,
       [](auto &s) { s.line_smooth = 1; s.multisample = 1; },
       [](auto &r) { EXPECT_FALSE(r.emulate & ZINK_RAST_EMU_LINE_SMOOTH); }},
      {"Z5 no line extension: nothing chained", false, [](auto &) {},
       [](auto &r) { EXPECT_FALSE(r.hw.chain_line); }},
   };
   for (const row &r : rows)
      run(r);
}

TEST(ZinkRasterizer, AliasedLineWidthsRoundToIntegersAndWideOnesNeedTheDevice) {
   const row rows[] = {
      {"Z6 2.4 aliased -> 2", true, [](auto &s) { s.line_width = 2.4f; },
       [](auto &r) { EXPECT_EQ(r.hw.line_width, 2.0f); }},
      {"Z6 2.6 aliased -> 3", true, [](auto &s) { s.line_width = 2.6f; },
       [](auto &r) { EXPECT_EQ(r.hw.line_width, 3.0f); }},
      {"Z6 0.4 aliased -> 1, never 0", true, [](auto &s) { s.line_width = 0.4f; },
       [](auto &r) { EXPECT_EQ(r.hw.line_width, 1.0f); }},
      {"Z6 2.4 smooth is kept", true, [](auto &s) { s.line_width = 2.4f; s.line_smooth = 1; },
       [](auto &r) { EXPECT_EQ(r.hw.line_width, 2.4f); }},
      {"Z6 2.4 multisampled is kept", true, [](auto &s) { s.line_width = 2.4f; s.multisample = 1; },
       [](auto &r) { EXPECT_EQ(r.hw.line_width, 2.4f); }},
      {"Z6 beyond lineWidthRange: emulated", true, [](auto &s) { s.line_width = 100.0f; },
       [](auto &r) {
          EXPECT_TRUE(r.emulate & ZINK_RAST_EMU_WIDE_LINES);
          EXPECT_EQ(r.hw.line_width, 1.0f);
       }},
      {"Z6 wide without wideLines: emulated", false, [](auto &s) { s.line_width = 3.0f; },
       [](auto &r) {
          EXPECT_TRUE(r.emulate & ZINK_RAST_EMU_WIDE_LINES);
          EXPECT_EQ(r.hw.line_width, 1.0f);
       }},
      {"Z6 the last pixel: not drawable, said", true, [](auto &s) { s.line_last_pixel = 1; },
       [](auto &r) { EXPECT_TRUE(r.unsupported & ZINK_RAST_LINE_LAST_PIXEL); }},
   };
   for (const row &r : rows)
      run(r);
}

TEST(ZinkRasterizer, StippleTwoSidedColourAndSmoothPolygonsAreNotVulkans) {
   const row rows[] = {
      {"Z7 polygon stipple", true, [](auto &s) { s.poly_stipple_enable = 1; },
       [](auto &r) { EXPECT_TRUE(r.emulate & ZINK_RAST_EMU_POLYGON_STIPPLE); }},
      {"Z8 two-sided colour", true, [](auto &s) { s.light_twoside = 1; },
       [](auto &r) { EXPECT_TRUE(r.emulate & ZINK_RAST_EMU_TWO_SIDE_COLOR); }},
      {"Z7 polygon smoothing: drawn aliased, said", true, [](auto &s) { s.poly_smooth = 1; },
       [](auto &r) { EXPECT_TRUE(r.unsupported & ZINK_RAST_POLYGON_SMOOTH); }},
   };
   for (const row &r : rows)
      run(r);
}

TEST(ZinkRasterizer, PointsTakeTheStatesSizeFromTheShaderAndSpritesTheirOrigin) {
   const row rows[] = {
      {"Z9 lower-left sprites flip", true,
       [](auto &s) { s.point_quad_rasterization = 1; s.sprite_coord_mode = PIPE_SPRITE_COORD_LOWER_LEFT; },
       [](auto &r) { EXPECT_TRUE(r.emulate & ZINK_RAST_EMU_SPRITE_ORIGIN); }},
      {"Z9 upper-left sprites are Vulkan's", true, [](auto &s) { s.point_quad_rasterization = 1; },
       [](auto &r) { EXPECT_FALSE(r.emulate & ZINK_RAST_EMU_SPRITE_ORIGIN); }},
      {"Z9 COORD_REPLACE units", true,
       [](auto &s) { s.point_quad_rasterization = 1; s.sprite_coord_enable = 1; },
       [](auto &r) { EXPECT_TRUE(r.emulate & ZINK_RAST_EMU_SPRITE_COORD_REPLACE); }},
      {"Z10 the state's size written by the shader", true, [](auto &s) { s.point_size_per_vertex = 0; s.point_size = 5.0f; },
       [](auto &r) {
          EXPECT_TRUE(r.emulate & ZINK_RAST_EMU_POINT_SIZE);
          EXPECT_EQ(r.point_size, 5.0f);
       }},
      {"Z10 aliased non-sprite sizes round: 2.6 -> 3", true,
       [](auto &s) { s.point_size_per_vertex = 0; s.point_size = 2.6f; },
       [](auto &r) { EXPECT_EQ(r.point_size, 3.0f); }},
      {"Z10 sprite sizes do not round", true,
       [](auto &s) { s.point_size_per_vertex = 0; s.point_size = 2.6f; s.point_quad_rasterization = 1; },
       [](auto &r) { EXPECT_EQ(r.point_size, 2.6f); }},
      {"Z10 larger than the device draws: emulated", false,
       [](auto &s) { s.point_size_per_vertex = 0; s.point_size = 4.0f; },
       [](auto &r) {
          EXPECT_TRUE(r.emulate & ZINK_RAST_EMU_LARGE_POINTS);
          EXPECT_EQ(r.point_size, 1.0f);
       }},
      {"Z10 per-vertex sizes without largePoints: emulated", false, [](auto &) {},
       [](auto &r) { EXPECT_TRUE(r.emulate & ZINK_RAST_EMU_LARGE_POINTS); }},
      {"Z10 smooth points", true, [](auto &s) { s.point_smooth = 1; },
       [](auto &r) { EXPECT_TRUE(r.emulate & ZINK_RAST_EMU_POINT_SMOOTH); }},
      {"Z10 multisampled points are not smoothed (§14.4.3)", true, [](auto &s) { s.point_smooth = 1; s.multisample = 1; },
       [](auto &r) { EXPECT_FALSE(r.emulate & ZINK_RAST_EMU_POINT_SMOOTH); }},
   };
   for (const row &r : rows)
      run(r);
}

TEST(ZinkRasterizer, DepthClipOffIsDepthClampAndGlsClipZIsDepthClipControl) {
   const row rows[] = {
      {"Z11 depth clip off -> depthClampEnable", true, [](auto &s) { s.depth_clip_near = s.depth_clip_far = 0; },
       [](auto &r) { EXPECT_TRUE(r.hw.depth_clamp_enable); }},
      {"Z11 depth clip off without depthClamp: clipped, said", false,
       [](auto &s) { s.depth_clip_near = s.depth_clip_far = 0; },
       [](auto &r) {
          EXPECT_FALSE(r.hw.depth_clamp_enable);
          EXPECT_TRUE(r.unsupported & ZINK_RAST_NO_DEPTH_CLIP_OFF);
       }},
      {"Z11 near and far apart: said", true, [](auto &s) { s.depth_clip_far = 0; },
       [](auto &r) { EXPECT_TRUE(r.unsupported & ZINK_RAST_SPLIT_DEPTH_CLIP); }},
      {"Z11 [-w, w] with VK_EXT_depth_clip_control", true, [](auto &) {},
       [](auto &r) {
          EXPECT_TRUE(r.hw.chain_depth_clip_control);
          EXPECT_TRUE(r.hw.negative_one_to_one);
          EXPECT_FALSE(r.emulate & ZINK_RAST_EMU_CLIP_MINUS_ONE_TO_ONE);
       }},
      {"Z11 [-w, w] without it: the vertex stage", false, [](auto &) {},
       [](auto &r) { EXPECT_TRUE(r.emulate & ZINK_RAST_EMU_CLIP_MINUS_ONE_TO_ONE); }},
      {"Z11 [0, w] is Vulkan's", false, [](auto &s) { s.clip_halfz = 1; },
       [](auto &r) {
          EXPECT_FALSE(r.hw.chain_depth_clip_control);
          EXPECT_FALSE(r.emulate & ZINK_RAST_EMU_CLIP_MINUS_ONE_TO_ONE);
       }},
      {"integer pixel centres: said", true, [](auto &s) { s.half_pixel_center = 0; },
       [](auto &r) { EXPECT_TRUE(r.unsupported & ZINK_RAST_INTEGER_PIXEL_CENTER); }},
   };
   for (const row &r : rows)
      run(r);
}

TEST(ZinkRasterizer, TheFilledStructsCarryTheStateAndChainOnlyWhatIsUsed) {
   pipe_rasterizer_state s = gl_default();
   s.line_stipple_enable = 1;
   s.line_stipple_pattern = 0xaaaa;
   s.cull_face = PIPE_FACE_BACK;
   const zink_rasterizer_state r = zink_create_rasterizer(full_device(), s);
   zink_rasterization_info info;
   zink_fill_rasterization_info(r.hw, &info);
   EXPECT_EQ(info.info.cullMode, VkCullModeFlags(VK_CULL_MODE_BACK_BIT));
   ASSERT_EQ(info.info.pNext, &info.provoking);
   ASSERT_EQ(info.provoking.pNext, &info.line);
   EXPECT_EQ(info.line.pNext, nullptr);
   EXPECT_EQ(info.line.lineStipplePattern, 0xaaaa);
   EXPECT_EQ(info.viewport_next, &info.clip_control);

   zink_rasterization_info bare;
   zink_fill_rasterization_info(zink_create_rasterizer(bare_device(), gl_default()).hw, &bare);
   EXPECT_EQ(bare.info.pNext, nullptr);
   EXPECT_EQ(bare.viewport_next, nullptr);
}

TEST(ZinkRasterizer, EveryBitHasANameOrASentence) {
   for (uint32_t b = 0; b < ZINK_RAST_EMU_COUNT_BITS; ++b)
      EXPECT_STRNE(zink_raster_emulation_name(1u << b), "") << b;
   for (uint32_t b = 0; b < ZINK_RAST_UNSUPPORTED_COUNT_BITS; ++b)
      EXPECT_STRNE(zink_raster_unsupported_reason(1u << b), "") << b;
   EXPECT_STREQ(zink_raster_emulation_name(1u << ZINK_RAST_EMU_COUNT_BITS), "");
}
