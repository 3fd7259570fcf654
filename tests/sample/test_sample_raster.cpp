// The rasterizer translation proven by pixels on the device (lavapipe in CI, under validation): GL's rules, read back from the framebuffer.
//
// Every state goes through zink_create_rasterizer for the screen's device, and the draw uses the
// structs it gives. Expected pixels come from the GL 4.6 specification (provoking vertex table,
// culling by window-coordinate area, polygon offset formula, line stipple counter, wide aliased
// lines, clip-space depth), never from the code under test; an emulation on a simulated device
// (the capability override) is also held to the same draw by the device's own implementation
// of what it replaces (lavapipe's wide lines, polygon modes, large points), and the line stipple
// to GL's count over the device's own unstippled fragments.
#include "../zink/gl_provoking_table.h"
#include "../zink/zink_test_util.h"

#include <cmath>
#include <array>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "../pipe/raster_test_state.h"
#include "clampler/cso/cso_rasterizer.h"
#include "clampler/gl/context.h"
#include "clampler/ref/ref_raster.h"
#include "clampler/sample/sample_raster.h"
#include "clampler/st/st_context.h"
#include "clampler/st/st_rasterizer.h"

using namespace clampler;
using namespace clampler::test;

namespace {

constexpr uint32_t kW = 64, kH = 64;

pipe_rasterizer_state gl_default() {
   pipe_rasterizer_state s = test::gl_default_rasterizer();
   s.point_size_per_vertex = 1;
   s.clip_halfz = 1;
   return s;
}

// A vertex at framebuffer position (x, y) (pixels, y down), clip z and colour.
raster_vertex at(float x, float y, float z = 0.5f, float r = 1.0f, float g = 1.0f) {
   raster_vertex v;
   v.position[0] = 2.0f * x / kW - 1.0f;
   v.position[1] = 2.0f * y / kH - 1.0f;
   v.position[2] = z;
   v.position[3] = 1.0f;
   v.color[0] = r;
   v.color[1] = g;
   v.color[2] = 0.0f;
   v.color[3] = 1.0f;
   return v;
}

// Vertex k's colour encodes k: red = (k + 1) * 8 / 255.
raster_vertex numbered(uint32_t k, float x, float y) { return at(x, y, 0.5f, static_cast<float>(k + 1) * 8.0f / 255.0f); }
int vertex_of(const raster_image &img, uint32_t x, uint32_t y) {
   const uint8_t *p = img.pixel(x, y);
   return p[3] == 0 ? -1 : static_cast<int>(std::lround(p[0] / 8.0)) - 1;
}
bool lit(const raster_image &img, uint32_t x, uint32_t y) { return img.pixel(x, y)[3] != 0; }

// The pixels where `ours` and `theirs` differ by more than `tol` in a component, among those
// `judged` keeps (every pixel without it); the first ten differences of a test (`*reported`
// counts them across its rounds) are failures naming the round's `what` and the two sides.
int count_differences(const raster_image &ours, const raster_image &theirs, const std::string &what,
                      const char *ours_name, const char *theirs_name, int *reported, int tol = 1,
                      const std::function<bool(uint32_t, uint32_t)> &judged = {}) {
   int differing = 0;
   for (uint32_t y = 0; y < kH; ++y)
      for (uint32_t x = 0; x < kW; ++x) {
         if (judged && !judged(x, y))
            continue;
         const uint8_t *a = ours.pixel(x, y), *b = theirs.pixel(x, y);
         bool same = true;
         for (int c = 0; c < 4; ++c)
            same = same && std::abs(int(a[c]) - int(b[c])) <= tol;
         if (same)
            continue;
         ++differing;
         if (++*reported <= 10)
            ADD_FAILURE() << what << ": pixel (" << x << ", " << y << ") is " << int(a[0]) << "," << int(a[1]) << ","
                          << int(a[3]) << " by " << ours_name << ", " << int(b[0]) << "," << int(b[1]) << ","
                          << int(b[3]) << " by " << theirs_name;
      }
   return differing;
}

class SampleRaster : public ZinkTest {
public:
   zink_rasterizer_state translate(const pipe_rasterizer_state &s) const {
      return zink_create_rasterizer(screen->device_caps(), cso_normalize_rasterizer(s));
   }
   // The GL context's rasterizer state through st_update_rasterizer into the window or an FBO,
   // with clip_halfz: the tests' positions are clip z in [0, w].
   pipe_rasterizer_state through_st(const gl_context &ctx, bool fbo) const {
      st_context st(*screen, ctx);
      st_framebuffer_info fb;
      fb.user_fbo = fbo;
      pipe_rasterizer_state s;
      st_raster_key key;
      st_update_rasterizer(st, fb, &s, &key);
      s.clip_halfz = 1;
      return s;
   }
   raster_image draw(const pipe_rasterizer_state &s, raster_request r) {
      r.width = kW;
      r.height = kH;
      raster_image img;
      std::string error;
      EXPECT_TRUE(sample_raster_draw(*screen, translate(s), r, &img, &error)) << error;
      return img;
   }
};

// A small deterministic generator for the random rounds: coordinate(lo, span) is a position in
// [lo, lo + span) on the 1/16-pixel grid, 1/64 off it, so never on a pixel's half-integer lines.
struct test_rng {
   uint32_t seed;
   uint32_t next() {
      seed = seed * 1664525u + 1013904223u;
      return seed >> 8;
   }
   float coordinate(float lo, uint32_t span) {
      return lo + static_cast<float>(next() % (span * 16)) / 16.0f + 1.0f / 64.0f;
   }
};

// SampleRaster on a device with `Override` applied (the capability override, docs/zink.md).
template <const char *Override>
class SampleRasterWith : public SampleRaster {
   std::string caps_override() const override { return Override; }
};

// One draw of `prim`: the back polygon's vertices, then the front one's, or the other way round.
raster_request in_order(pipe_prim_type prim, const std::vector<raster_vertex> &back,
                        const std::vector<raster_vertex> &front, bool back_first) {
   raster_request r;
   r.prim = prim;
   r.vertices = back_first ? back : front;
   const auto &second = back_first ? front : back;
   r.vertices.insert(r.vertices.end(), second.begin(), second.end());
   return r;
}

// (8, 20) lies on the back polygon's left edge (green, LINE) inside the front one (red, FILL):
// the later primitive's colour there (§2.1: primitives are drawn in order).
void expect_the_later_wins(const raster_image &img, bool lines_first) {
   ASSERT_FALSE(img.rgba.empty());
   const uint8_t *edge = img.pixel(8, 20);
   EXPECT_EQ(edge[0] != 0, lines_first) << "the later primitive wins: " << (lines_first ? "the fill" : "the line");
   EXPECT_EQ(edge[1] != 0, !lines_first);
}

// `n` random vertices of a flat-shaded triangle list, strip or fan (`prim`, picked by `round`)
// on the kW x kH target, for the polygon-mode comparisons: positions on test_rng's grid in
// [4, 60), depths 0.2-0.8 in steps of 0.1 (one for every vertex with `one_depth`), vertex k's
// colour (k + 1) / 8 in red and its back colour (k + 1) / 8 in green. Flat: one colour per
// polygon, so a pixel two primitives share takes the later one's.
raster_request random_flat_triangles(test_rng &rng, int round, uint32_t n, bool one_depth) {
   auto next = [&] { return rng.next(); };
   auto coordinate = [&] { return rng.coordinate(4.0f, 56); };
   raster_request r;
   const pipe_prim_type prims[] = {PIPE_PRIM_TRIANGLES, PIPE_PRIM_TRIANGLE_STRIP, PIPE_PRIM_TRIANGLE_FAN};
   r.prim = prims[round % 3];
   r.flat = true;
   const float depth = 0.2f + 0.1f * static_cast<float>(next() % 7);
   for (uint32_t k = 0; k < n; ++k) {
      raster_vertex v = at(coordinate(), coordinate(), one_depth ? depth : 0.2f + 0.1f * static_cast<float>(next() % 7),
                           (k + 1) * 0.125f, 0.5f);
      v.back_color[0] = 0.25f;
      v.back_color[1] = (k + 1) * 0.125f;
      r.vertices.push_back(v);
   }
   r.width = kW;
   r.height = kH;
   return r;
}

// Vertices laid out so no two GL primitives overlap, and the centroid of each GL primitive's
// vertices lies inside it.
std::vector<raster_vertex> layout(pipe_prim_type p) {
   std::vector<raster_vertex> v;
   switch (p) {
   case PIPE_PRIM_TRIANGLES:
      for (uint32_t t = 0; t < 4; ++t) {
         const float x = 4.0f + 15.0f * t;
         v.push_back(numbered(3 * t, x, 8));
         v.push_back(numbered(3 * t + 1, x + 12, 8));
         v.push_back(numbered(3 * t + 2, x, 40));
      }
      break;
   case PIPE_PRIM_TRIANGLE_STRIP:
   case PIPE_PRIM_LINE_STRIP:
      for (uint32_t k = 0; k < 7; ++k)
         v.push_back(numbered(k, 4.0f + 9.0f * k, k % 2 ? 52.0f : 8.0f));
      break;
   case PIPE_PRIM_TRIANGLE_FAN:
   case PIPE_PRIM_POLYGON:
   {
      // A fan around the centre, or a convex hexagon.
      const uint32_t first = p == PIPE_PRIM_TRIANGLE_FAN ? 1 : 0;
      if (first)
         v.push_back(numbered(0, 32, 32));
      for (uint32_t k = 0; k < 6; ++k) {
         const double a = (first ? 55.0 : 60.0) * k * 3.14159265358979 / 180.0;
         v.push_back(numbered(k + first, static_cast<float>(32 + 28 * std::cos(a)), static_cast<float>(32 + 28 * std::sin(a))));
      }
      break;
   }
   case PIPE_PRIM_QUADS:
      for (uint32_t q = 0; q < 3; ++q) {
         const float x = 4.0f + 20.0f * q;
         v.push_back(numbered(4 * q, x, 8));
         v.push_back(numbered(4 * q + 1, x + 16, 8));
         v.push_back(numbered(4 * q + 2, x + 16, 40));
         v.push_back(numbered(4 * q + 3, x, 40));
      }
      break;
   case PIPE_PRIM_QUAD_STRIP:
      for (uint32_t j = 0; j < 4; ++j) {
         v.push_back(numbered(2 * j, 4.0f + 18.0f * j, 8));
         v.push_back(numbered(2 * j + 1, 4.0f + 18.0f * j, 52));
      }
      break;
   default: break;
   }
   return v;
}

// The GL vertices of primitive i (0-based) of `p` (GL 4.6 §10.1).
std::vector<uint32_t> gl_vertices(pipe_prim_type p, uint32_t i) {
   switch (p) {
   case PIPE_PRIM_TRIANGLES: return {3 * i, 3 * i + 1, 3 * i + 2};
   case PIPE_PRIM_TRIANGLE_STRIP: return {i, i + 1, i + 2};
   case PIPE_PRIM_TRIANGLE_FAN: return {0, i + 1, i + 2};
   case PIPE_PRIM_QUADS: return {4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3};
   case PIPE_PRIM_QUAD_STRIP: return {2 * i, 2 * i + 1, 2 * i + 2, 2 * i + 3};
   case PIPE_PRIM_POLYGON: return {0, 1, 2, 3, 4, 5};
   case PIPE_PRIM_LINE_STRIP: return {i, i + 1};
   default: return {};
   }
}

uint32_t count_of(pipe_prim_type p, uint32_t n) {
   switch (p) {
   case PIPE_PRIM_TRIANGLES: return n / 3;
   case PIPE_PRIM_QUADS: return n / 4;
   case PIPE_PRIM_QUAD_STRIP: return (n - 2) / 2;
   case PIPE_PRIM_POLYGON: return 1;
   case PIPE_PRIM_LINE_STRIP: return n - 1;
   default: return n - 2;
   }
}

// Flat shading of every GL primitive, both conventions: each primitive's pixels take GL's
// provoking vertex's colour, with VK_EXT_provoking_vertex or (without it) index rewriting.
void expect_gl_provoking_vertices(SampleRaster &t, const zink_screen &screen) {
   const bool follow = screen.get_param(PIPE_CAP_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION) != 0;
   for (pipe_prim_type p : {PIPE_PRIM_TRIANGLES, PIPE_PRIM_TRIANGLE_STRIP, PIPE_PRIM_TRIANGLE_FAN, PIPE_PRIM_QUADS,
                            PIPE_PRIM_QUAD_STRIP, PIPE_PRIM_POLYGON})
      for (bool first : {false, true}) {
         pipe_rasterizer_state s = gl_default();
         s.flatshade = 1;
         s.flatshade_first = first;
         raster_request r;
         r.prim = p;
         r.vertices = layout(p);
         r.flat = true;
         const raster_image img = t.draw(s, r);
         if (img.rgba.empty())
            return;
         const uint32_t n = count_of(p, static_cast<uint32_t>(r.vertices.size()));
         for (uint32_t i = 0; i < n; ++i) {
            float cx = 0, cy = 0;
            const auto vs = gl_vertices(p, i);
            for (uint32_t k : vs) {
               cx += (r.vertices[k].position[0] + 1.0f) * kW / 2.0f / static_cast<float>(vs.size());
               cy += (r.vertices[k].position[1] + 1.0f) * kH / 2.0f / static_cast<float>(vs.size());
            }
            const int expected = static_cast<int>(gl_table(p, i + 1, static_cast<uint32_t>(r.vertices.size()), first, follow)) - 1;
            EXPECT_EQ(vertex_of(img, static_cast<uint32_t>(cx), static_cast<uint32_t>(cy)), expected)
               << "prim " << int(p) << " #" << i << (first ? " first" : " last") << "-vertex convention";
         }
      }
}

}  // namespace

TEST_F(SampleRaster, FlatShadingTakesGlsProvokingVertexWithTheExtension) {
   ASSERT_TRUE(screen->device_caps().provoking_vertex_last) << "lavapipe has VK_EXT_provoking_vertex";
   expect_gl_provoking_vertices(*this, *screen);
}

class SampleRasterNoProvokingExt : public SampleRaster {
protected:
   std::string caps_override() const override { return R"({"disable_extensions": ["VK_EXT_provoking_vertex"]})"; }
};

TEST_F(SampleRasterNoProvokingExt, FlatShadingTakesGlsProvokingVertexByIndexRewriting) {
   ASSERT_FALSE(screen->device_caps().provoking_vertex_last);
   pipe_rasterizer_state s = gl_default();
   ASSERT_TRUE(translate(s).emulate & ZINK_RAST_EMU_PROVOKING_VERTEX);
   expect_gl_provoking_vertices(*this, *screen);
}

TEST_F(SampleRaster, FlatLinesTakeGlsProvokingVertexInBothConventions) {
   for (bool first : {false, true}) {
      pipe_rasterizer_state s = gl_default();
      s.flatshade_first = first;
      raster_request r;
      r.prim = PIPE_PRIM_LINE_STRIP;
      r.flat = true;
      for (uint32_t k = 0; k < 4; ++k)
         r.vertices.push_back(numbered(k, 4.5f + 16.0f * k, 20.5f));
      const raster_image img = draw(s, r);
      ASSERT_FALSE(img.rgba.empty());
      for (uint32_t i = 0; i < 3; ++i)
         EXPECT_EQ(vertex_of(img, 12 + 16 * i, 20), static_cast<int>(gl_table(PIPE_PRIM_LINE_STRIP, i + 1, 4, first, true)) - 1)
            << "segment " << i << (first ? " first" : " last");
   }
}

TEST_F(SampleRasterNoProvokingExt, LastVertexLinesWithoutTheExtensionAreRefusedNotReversed) {
   raster_request r;
   r.prim = PIPE_PRIM_LINES;
   r.vertices = {at(1, 1), at(10, 1)};
   raster_image img;
   std::string error;
   EXPECT_FALSE(sample_raster_draw(*screen, translate(gl_default()), r, &img, &error));
   EXPECT_NE(error.find("cannot be reordered"), std::string::npos) << error;
}

// GL_CULL_FACE with glCullFace(GL_BACK), glFrontFace(GL_CCW), from the GL context through
// st_update_rasterizer: a triangle counter-clockwise in GL's window coordinates (y up) is
// drawn, a clockwise one culled, whether drawn to the window (Gallium flips y on the way to the
// y-down surface) or to an FBO (stored y-up: the state tracker flips the facing instead).
TEST_F(SampleRaster, BackFacesAreCulledByGlsWindowCoordinateWindingIntoWindowAndFbo) {
   gl_context ctx;
   ctx.Enable(GL_CULL_FACE);
   for (bool fbo : {false, true}) {
      pipe_rasterizer_state s = through_st(ctx, fbo);
      // GL window coordinates (y up) -> the framebuffer row: flipped for the window only.
      auto gl_at = [&](float x, float y) { return at(x, fbo ? y : kH - y); };
      raster_request r;
      r.prim = PIPE_PRIM_TRIANGLES;
      r.vertices = {gl_at(4, 4), gl_at(28, 4), gl_at(4, 28),        // counter-clockwise: front
                    gl_at(36, 4), gl_at(36, 28), gl_at(60, 4)};     // clockwise: back
      const raster_image img = draw(s, r);
      ASSERT_FALSE(img.rgba.empty());
      auto lit_gl = [&](uint32_t x, uint32_t y) { return lit(img, x, fbo ? y : kH - 1 - y); };
      EXPECT_TRUE(lit_gl(10, 10)) << (fbo ? "FBO" : "window") << ": the CCW triangle is front-facing";
      EXPECT_FALSE(lit_gl(42, 10)) << (fbo ? "FBO" : "window") << ": the CW triangle is culled";
   }
}

// GL 4.6 §14.6.5: o = m * factor + r * units; for a floating-point depth buffer
// r = 2^(e - 23), e the exponent of the primitive's largest depth.
TEST_F(SampleRaster, PolygonOffsetUnitsScaleWithTheFloatDepthsExponent) {
   for (float units : {1.0f, 8.0f, -4.0f}) {
      pipe_rasterizer_state s = gl_default();
      s.offset_tri = 1;
      s.offset_units = units;
      raster_request r;
      r.vertices = {at(0, 0, 0.5f), at(64, 0, 0.5f), at(0, 64, 0.5f)};
      const raster_image img = draw(s, r);
      ASSERT_FALSE(img.depth.empty());
      const float expected = 0.5f + units * std::ldexp(1.0f, -1 - 23);
      EXPECT_EQ(img.depth_at(8, 8), expected) << "units " << units;
   }
}

TEST_F(SampleRaster, PolygonOffsetFactorTimesTheDepthSlopeAndItsClamp) {
   // z = 0.25 + 0.5 * x / 64 across the framebuffer: m = max |dz/dx|, |dz/dy| = 0.5 / 64.
   const float m = 0.5f / 64.0f;
   for (float clamp : {0.0f, 0.005f}) {
      pipe_rasterizer_state s = gl_default();
      s.offset_tri = 1;
      s.offset_scale = 2.0f;
      s.offset_clamp = clamp;
      raster_request r;
      r.vertices = {at(0, 0, 0.25f), at(64, 0, 0.75f), at(0, 64, 0.25f)};
      const raster_image img = draw(s, r);
      ASSERT_FALSE(img.depth.empty());
      const float o = clamp > 0 ? std::min(2.0f * m, clamp) : 2.0f * m;
      for (uint32_t x : {4u, 20u}) {
         const float z = 0.25f + 0.5f * (x + 0.5f) / 64.0f;
         EXPECT_NEAR(img.depth_at(x, 4), z + o, 1e-6) << "x " << x << " clamp " << clamp;
      }
   }
}

TEST_F(SampleRaster, OffsetForLinesLeavesFilledPolygonsAlone) {
   pipe_rasterizer_state s = gl_default();
   s.offset_line = 1;
   s.offset_units = 1000.0f;
   raster_request r;
   r.vertices = {at(0, 0, 0.5f), at(64, 0, 0.5f), at(0, 64, 0.5f)};
   const raster_image img = draw(s, r);
   ASSERT_FALSE(img.depth.empty());
   EXPECT_EQ(img.depth_at(8, 8), 0.5f);
}

// GL's default clip volume is -w <= z <= w (depth = (z / w + 1) / 2); glClipControl's
// ZERO_TO_ONE is 0 <= z <= w. Beyond it primitives are clipped, or with GL_DEPTH_CLAMP kept
// and their depth clamped to the depth range.
void expect_gl_clip_depth(SampleRaster &t) {
   raster_request r;
   r.vertices = {at(0, 0, 0.0f), at(64, 0, 0.0f), at(0, 64, 0.0f)};
   pipe_rasterizer_state s = gl_default();
   s.clip_halfz = 0;
   raster_image img = t.draw(s, r);
   ASSERT_FALSE(img.depth.empty());
   EXPECT_EQ(img.depth_at(8, 8), 0.5f) << "GL's [-w, w]: z = 0 is depth 0.5";
   s.clip_halfz = 1;
   img = t.draw(s, r);
   EXPECT_EQ(img.depth_at(8, 8), 0.0f) << "ZERO_TO_ONE: z = 0 is depth 0";

   r.vertices = {at(0, 0, 1.5f), at(64, 0, 1.5f), at(0, 64, 1.5f)};
   img = t.draw(s, r);
   EXPECT_FALSE(lit(img, 8, 8)) << "beyond the far plane: clipped";
   s.depth_clip_near = s.depth_clip_far = 0;
   img = t.draw(s, r);
   EXPECT_TRUE(lit(img, 8, 8)) << "GL_DEPTH_CLAMP: kept";
   EXPECT_EQ(img.depth_at(8, 8), 1.0f) << "GL_DEPTH_CLAMP: clamped to the far depth";
}

TEST_F(SampleRaster, ClipControlAndDepthClampGiveGlsDepths) {
   ASSERT_TRUE(screen->device_caps().depth_clip_control);
   expect_gl_clip_depth(*this);
}

class SampleRasterNoDepthClipControl : public SampleRaster {
protected:
   std::string caps_override() const override { return R"({"disable_extensions": ["VK_EXT_depth_clip_control"]})"; }
};

TEST_F(SampleRasterNoDepthClipControl, ClipControlAndDepthClampGiveGlsDepthsThroughTheVertexStage) {
   pipe_rasterizer_state s = gl_default();
   s.clip_halfz = 0;
   ASSERT_TRUE(translate(s).emulate & ZINK_RAST_EMU_CLIP_MINUS_ONE_TO_ONE);
   expect_gl_clip_depth(*this);
}

// GL 4.6 compatibility §14.5.2.2: fragment s of a line is drawn when bit floor(s / factor) mod 16
// of the pattern is set; s counts from 0 at each independent segment and runs on along a strip.
// GL compatibility §14.5.2.2: the counter runs on along a strip and restarts at each GL_LINES
// segment; bit (s / factor) mod 16 keeps fragment s.
void expect_line_stipple_counts(SampleRaster &t) {
   auto stippled = [](uint16_t pattern, int factor, int s) { return ((pattern >> ((s / factor) % 16)) & 1) != 0; };
   for (int factor : {1, 2}) {
      pipe_rasterizer_state st = gl_default();
      st.line_stipple_enable = 1;
      st.line_stipple_pattern = 0x00ff;
      st.line_stipple_factor = static_cast<uint8_t>(factor - 1);
      raster_request strip;
      strip.prim = PIPE_PRIM_LINE_STRIP;
      strip.vertices = {at(0.5f, 10.5f), at(12.5f, 10.5f), at(60.5f, 10.5f)};
      raster_image img = t.draw(st, strip);
      ASSERT_FALSE(img.rgba.empty());
      for (uint32_t x = 1; x < 59; ++x)
         EXPECT_EQ(lit(img, x, 10), stippled(0x00ff, factor, static_cast<int>(x))) << "strip x " << x << " factor " << factor;
      raster_request lines = strip;
      lines.prim = PIPE_PRIM_LINES;
      lines.vertices = {at(0.5f, 10.5f), at(12.5f, 10.5f), at(12.5f, 10.5f), at(60.5f, 10.5f)};
      img = t.draw(st, lines);
      for (uint32_t x = 13; x < 59; ++x)
         EXPECT_EQ(lit(img, x, 10), stippled(0x00ff, factor, static_cast<int>(x) - 12))
            << "second segment x " << x << " factor " << factor;
   }
}

TEST_F(SampleRaster, LineStippleCountsFragmentsAlongAStripAndRestartsPerSegment) {
   ASSERT_FALSE(translate([] {
                   pipe_rasterizer_state s = gl_default();
                   s.line_stipple_enable = 1;
                   return s;
                }()).emulate & ZINK_RAST_EMU_LINE_STIPPLE)
      << "the device stipples lines itself (lavapipe does)";
   expect_line_stipple_counts(*this);
}

// Rule Z5 without the device's stippled lines: the fragment shader counts each fragment from its
// segment's first (zink_line_stipple_segments) and kills it by the pattern.
constexpr char kNoStippledLines[] = R"({"disable_features": ["stippledRectangularLines", "stippledBresenhamLines", "stippledSmoothLines"]})";
using SampleRasterNoStippledLines = SampleRasterWith<kNoStippledLines>;

TEST_F(SampleRasterNoStippledLines, LineStippleInTheShaderCountsAlongAStripAndRestartsPerSegment) {
   pipe_rasterizer_state s = gl_default();
   s.line_stipple_enable = 1;
   ASSERT_TRUE(translate(s).emulate & ZINK_RAST_EMU_LINE_STIPPLE);
   expect_line_stipple_counts(*this);
}

// Random stippled lines, strips and loops, sloped either way, of the widths given. The expected
// pixels take the unstippled fragments of each segment drawn alone, number them
// by GL's counter (compatibility §14.5.2.2: from 0 at the segment's first fragment along its
// major axis, or on from the strip's previous segments; a column of a wide line shares one
// count) and keep those whose pattern bit is set. Pixels two segments share are not judged.
// `plain_screen`, when given, draws the unstippled segments (a device's own wide lines, say).
void expect_stipple_numbers_fragments(SampleRaster &t, std::array<float, 4> widths,
                                      const zink_screen *plain_screen = nullptr) {
   test_rng rng{12345u};
   auto next = [&] { return rng.next(); };
   // Ends on a 1/64 grid off the half-integer lines; one on a diamond's boundary (refused by
   // the draw, GL's tie) is drawn again.
   auto coordinate = [&] { return rng.coordinate(2.0f, 60); };
   auto on_boundary = [](float x, float y) {
      const double f = x - std::floor(x), g = y - std::floor(y);
      return std::fabs(f - 0.5) + std::fabs(g - 0.5) == 0.5;
   };
   int judged = 0, differing = 0;
   for (int round = 0; round < 24; ++round) {
      raster_request r;
      r.prim = round % 3 == 0 ? PIPE_PRIM_LINES : round % 3 == 1 ? PIPE_PRIM_LINE_STRIP : PIPE_PRIM_LINE_LOOP;
      const size_t n = r.prim == PIPE_PRIM_LINES ? 6 : 4;
      std::vector<std::array<float, 2>> xy;
      while (xy.size() < n) {
         const float x = coordinate(), y = coordinate();
         if (!on_boundary(x, y))
            xy.push_back({x, y});
      }
      for (const auto &p : xy)
         r.vertices.push_back(at(p[0], p[1]));
      std::vector<std::pair<size_t, size_t>> segments;
      for (size_t i = 0; i + 1 < n; i += r.prim == PIPE_PRIM_LINES ? 2 : 1)
         segments.push_back({i, i + 1});
      if (r.prim == PIPE_PRIM_LINE_LOOP)
         segments.push_back({n - 1, 0});
      pipe_rasterizer_state plain = gl_default();
      plain.line_width = widths[round % 4];
      pipe_rasterizer_state s = plain;
      s.line_stipple_enable = 1;
      s.line_stipple_factor = static_cast<uint8_t>(next() % 3);
      s.line_stipple_pattern = static_cast<uint16_t>(next() | 1u);
      const int factor = s.line_stipple_factor + 1;
      // GL's count for each pixel of each segment, and how many segments cover it.
      std::vector<int> count(kW * kH, -1), covering(kW * kH, 0);
      int base = 0;
      for (const auto &[a, b] : segments) {
         raster_request alone;
         alone.prim = PIPE_PRIM_LINES;
         alone.vertices = {r.vertices[a], r.vertices[b]};
         raster_image img;
         if (plain_screen) {
            alone.width = kW;
            alone.height = kH;
            std::string error;
            ASSERT_TRUE(sample_raster_draw(*plain_screen,
                                           zink_create_rasterizer(plain_screen->device_caps(), cso_normalize_rasterizer(plain)),
                                           alone, &img, &error))
               << error;
         } else {
            img = t.draw(plain, alone);
         }
         ASSERT_FALSE(img.rgba.empty());
         const bool x_major = std::fabs(xy[b][0] - xy[a][0]) >= std::fabs(xy[b][1] - xy[a][1]);
         const float towards = x_major ? xy[b][0] - xy[a][0] : xy[b][1] - xy[a][1];
         int first = towards >= 0 ? INT32_MAX : INT32_MIN, last = towards >= 0 ? INT32_MIN : INT32_MAX;
         for (uint32_t y = 0; y < kH; ++y)
            for (uint32_t x = 0; x < kW; ++x)
               if (lit(img, x, y)) {
                  const int m = static_cast<int>(x_major ? x : y);
                  first = towards >= 0 ? std::min(first, m) : std::max(first, m);
                  last = towards >= 0 ? std::max(last, m) : std::min(last, m);
               }
         if (r.prim == PIPE_PRIM_LINES)
            base = 0;
         for (uint32_t y = 0; y < kH; ++y)
            for (uint32_t x = 0; x < kW; ++x)
               if (lit(img, x, y)) {
                  const int m = static_cast<int>(x_major ? x : y);
                  count[y * kW + x] = base + std::abs(m - first);
                  ++covering[y * kW + x];
               }
         if (first != INT32_MAX && first != INT32_MIN)
            base += std::abs(last - first) + 1;
      }
      const raster_image stippled = t.draw(s, r);
      ASSERT_FALSE(stippled.rgba.empty());
      for (uint32_t y = 0; y < kH; ++y)
         for (uint32_t x = 0; x < kW; ++x) {
            const int c = covering[y * kW + x];
            if (c > 1)
               continue;
            const bool expected = c == 1 && ((s.line_stipple_pattern >> ((count[y * kW + x] / factor) % 16)) & 1u);
            ++judged;
            if (lit(stippled, x, y) != expected && ++differing <= 10)
               ADD_FAILURE() << "round " << round << " (" << plain.line_width << " wide, factor " << factor
                             << ", pattern " << s.line_stipple_pattern << "): pixel (" << x << ", " << y << ") is "
                             << (expected ? "clear" : "lit") << ", GL's count " << count[y * kW + x];
         }
   }
   EXPECT_EQ(differing, 0) << "of " << judged << " pixels judged";
}

TEST_F(SampleRasterNoStippledLines, LineStippleInTheShaderNumbersEachSegmentsFragmentsFromItsFirst) {
   expect_stipple_numbers_fragments(*this, {1.0f, 1.0f, 1.0f, 3.0f});
}

// GL 4.6 compatibility §14.5.2.1: an aliased x-major line of width w covers, in each column,
// the w rows centred on it.
void expect_wide_columns(SampleRaster &t) {
   pipe_rasterizer_state s = gl_default();
   s.line_width = 3.0f;
   raster_request r;
   r.prim = PIPE_PRIM_LINES;
   r.vertices = {at(2.5f, 20.5f), at(60.5f, 20.5f)};
   const raster_image img = t.draw(s, r);
   ASSERT_FALSE(img.rgba.empty());
   for (uint32_t x = 4; x < 58; x += 9) {
      EXPECT_FALSE(lit(img, x, 18)) << x;
      EXPECT_TRUE(lit(img, x, 19) && lit(img, x, 20) && lit(img, x, 21)) << x;
      EXPECT_FALSE(lit(img, x, 22)) << x;
   }
}

TEST_F(SampleRaster, WideAliasedLinesCoverWRowsPerColumn) { expect_wide_columns(*this); }

// Rule Z6 without wideLines: each wide aliased line drawn as copies of the width-1 line, whole
// pixels apart across its major axis.
constexpr char kNoWideLines[] = R"({"disable_features": ["wideLines"]})";
using SampleRasterNoWideLines = SampleRasterWith<kNoWideLines>;

TEST_F(SampleRasterNoWideLines, WideAliasedLinesCoverWRowsPerColumnAsCopiesOfTheLine) {
   pipe_rasterizer_state s = gl_default();
   s.line_width = 3.0f;
   ASSERT_TRUE(translate(s).emulate & ZINK_RAST_EMU_WIDE_LINES);
   expect_wide_columns(*this);
}

// Random lines, strips and loops, sloped either way, of widths 3, 5 and 7, smooth and flat: the
// copies light the same pixels in the same colours as the device's own wide lines (lavapipe's
// wideLines, an independent implementation of GL's columns).
TEST_F(SampleRasterNoWideLines, WideLinesAsCopiesMatchTheDevicesOwnWideLines) {
   std::string error;
   const std::unique_ptr<zink_screen> device_wide = make_screen("", &error);
   ASSERT_TRUE(device_wide) << error;
   if (!device_wide->device_caps().wide_lines || device_wide->device_caps().line_width_range[1] < 7.0f)
      GTEST_SKIP() << "the device has no wide lines up to 7 to compare with";
   test_rng rng{777u};
   auto coordinate = [&] { return rng.coordinate(6.0f, 52); };
   int compared = 0, differing = 0, reported = 0;
   for (int round = 0; round < 18; ++round) {
      raster_request r;
      r.prim = round % 3 == 0 ? PIPE_PRIM_LINES : round % 3 == 1 ? PIPE_PRIM_LINE_STRIP : PIPE_PRIM_LINE_LOOP;
      r.flat = (round / 9) % 2 == 1;
      for (uint32_t k = 0; k < 4; ++k)
         r.vertices.push_back(at(coordinate(), coordinate(), 0.25f + 0.125f * k, (k + 1) * 0.2f, 1.0f - k * 0.2f));
      r.width = kW;
      r.height = kH;
      pipe_rasterizer_state s = gl_default();
      s.line_width = 3.0f + 2.0f * static_cast<float>((round / 3) % 3);
      raster_image copies, device;
      ASSERT_TRUE(sample_raster_draw(*screen, translate(s), r, &copies, &error)) << error;
      ASSERT_TRUE(sample_raster_draw(*device_wide,
                                     zink_create_rasterizer(device_wide->device_caps(), cso_normalize_rasterizer(s)), r,
                                     &device, &error))
         << error;
      compared += kW * kH;
      differing += count_differences(copies, device, "round " + std::to_string(round) + " (width " +
                                                         std::to_string(s.line_width) + ")",
                                     "the copies", "the device's wide line", &reported);
   }
   EXPECT_EQ(differing, 0) << "of " << compared << " pixels";
   expect_no_validation_messages(*device_wide);
}

// The copies are a line list: the stipple is counted in the shader, the strip's count running on
// and every copy of a segment counting its columns alike.
TEST_F(SampleRasterNoWideLines, StippledWideLinesCountEachColumnOnce) {
   pipe_rasterizer_state s = gl_default();
   s.line_width = 3.0f;
   s.line_stipple_enable = 1;
   const zink_rasterizer_state z = translate(s);
   ASSERT_TRUE((z.emulate & ZINK_RAST_EMU_WIDE_LINES) && z.hw.stippled_line_enable)
      << "wide lines emulated, the stipple the device's own";
   // The unstippled fragments from the device's own wide lines, not from the copies.
   std::string error;
   const std::unique_ptr<zink_screen> device_wide = make_screen("", &error);
   ASSERT_TRUE(device_wide) << error;
   if (!device_wide->device_caps().wide_lines || device_wide->device_caps().line_width_range[1] < 7.0f)
      GTEST_SKIP() << "the device has no wide lines up to 7 to compare with";
   expect_stipple_numbers_fragments(*this, {3.0f, 5.0f, 3.0f, 7.0f}, device_wide.get());
   expect_no_validation_messages(*device_wide);
}

// What copies of the width-1 line cannot make is refused by name, nothing drawn.
// GL draws a LINE-mode polygon's boundary edges as line segments of the line width (§14.6.4):
// without wideLines they go through the CPU's polygon modes and become copies of width-1 lines.
// Random flat triangles, strips and fans in LINE mode (culling none, front or back), widths 3 and
// 5, at one depth: every pixel's colour against lavapipe's own LINE mode with its own wide lines.
TEST_F(SampleRasterNoWideLines, PolygonsInLineModeAreWidenedAsTheDevicesOwnWideEdges) {
   std::string error;
   const std::unique_ptr<zink_screen> device_wide = make_screen("", &error);
   ASSERT_TRUE(device_wide) << error;
   if (!device_wide->device_caps().wide_lines || !device_wide->device_caps().fill_mode_non_solid)
      GTEST_SKIP() << "the device has no wide lines or LINE mode of its own to compare with";
   test_rng rng{9001u};
   int differing = 0, drawn = 0, reported = 0;
   for (int round = 0; round < 12; ++round) {
      const raster_request r = random_flat_triangles(rng, round, 5, true);
      pipe_rasterizer_state s = gl_default();
      s.fill_front = s.fill_back = PIPE_POLYGON_MODE_LINE;
      s.cull_face = static_cast<pipe_face>(round % 3);  // none, front, back
      s.flatshade = 1;
      s.line_width = round % 2 ? 5.0f : 3.0f;
      const zink_rasterizer_state copies = translate(s);
      ASSERT_TRUE(copies.emulate & ZINK_RAST_EMU_WIDE_LINES);
      raster_image cpu, device;
      ASSERT_TRUE(sample_raster_draw(*screen, copies, r, &cpu, &error)) << "round " << round << ": " << error;
      ASSERT_TRUE(sample_raster_draw(*device_wide,
                                     zink_create_rasterizer(device_wide->device_caps(), cso_normalize_rasterizer(s)), r,
                                     &device, &error))
         << error;
      for (uint32_t y = 0; y < kH; ++y)
         for (uint32_t x = 0; x < kW; ++x)
            drawn += lit(device, x, y);
      differing += count_differences(cpu, device, "round " + std::to_string(round) + " (width " +
                                                      std::to_string(s.line_width) + ")",
                                     "the copies", "the device's LINE mode", &reported);
   }
   EXPECT_EQ(differing, 0);
   EXPECT_GT(drawn, 2000) << "the rounds draw edges";
   expect_no_validation_messages(*device_wide);
}

TEST_F(SampleRasterNoWideLines, WhatCopiesCannotWidenIsRefusedByName) {
   struct refusal {
      const char *what;
      float width;
      bool smooth, polygon_lines, outside;
      const char *says;
   };
   const refusal cases[] = {
      {"an even width", 2.0f, false, false, false, "odd widths up to 255 only"},
      {"a width past 255", 301.0f, false, false, false, "odd widths up to 255 only"},
      {"a smooth wide line", 3.0f, true, false, false, "wide smooth or multisampled lines"},
      {"a line reaching past the clip volume", 3.0f, false, false, true, "outside the clip volume"},
   };
   for (const refusal &c : cases) {
      pipe_rasterizer_state s = gl_default();
      s.line_width = c.width;
      s.line_smooth = c.smooth;
      if (c.polygon_lines)
         s.fill_front = s.fill_back = PIPE_POLYGON_MODE_LINE;
      const zink_rasterizer_state z = translate(s);
      ASSERT_TRUE(z.emulate & ZINK_RAST_EMU_WIDE_LINES) << c.what;
      raster_request r;
      r.prim = c.polygon_lines ? PIPE_PRIM_TRIANGLES : PIPE_PRIM_LINES;
      r.vertices = {at(4.5f, 4.5f), at(40.5f, 9.5f), at(9.5f, 40.5f)};
      if (!c.polygon_lines)
         r.vertices.pop_back();
      if (c.outside)
         r.vertices[1].position[0] = 1.25f;
      r.width = kW;
      r.height = kH;
      raster_image img;
      std::string error;
      EXPECT_FALSE(sample_raster_draw(*screen, z, r, &img, &error)) << c.what;
      EXPECT_NE(error.find(c.says), std::string::npos) << c.what << ": " << error;
      EXPECT_TRUE(img.rgba.empty()) << c.what << ": nothing drawn";
   }
}

// GL draws the vertices clipping makes of a polygon in POINT mode (compatibility §13.7 makes
// its edges boundary edges); the device's own POINT mode is not trusted there (lavapipe drew one
// of the two a far-plane cut made): such a draw goes to the CPU's polygon modes, which refuse it
// by name.
TEST_F(SampleRaster, APointModePolygonThatClippingCutsIsRefusedNotGuessed) {
   pipe_rasterizer_state s = gl_default();
   s.fill_front = s.fill_back = PIPE_POLYGON_MODE_POINT;
   s.point_size_per_vertex = 0;
   raster_request r;
   r.vertices = {at(8.5f, 8.5f), at(40.5f, 12.5f, 1.5f), at(20.5f, 50.5f)};  // z 1.5 beyond the far plane
   r.width = kW;
   r.height = kH;
   raster_image img;
   std::string error;
   EXPECT_FALSE(sample_raster_draw(*screen, translate(s), r, &img, &error));
   EXPECT_NE(error.find("reaches outside the clip volume"), std::string::npos) << error;
   r.vertices[1].position[2] = 0.5f;  // inside: the device's own POINT mode draws the three vertices
   const raster_image drawn = draw(s, r);
   ASSERT_FALSE(drawn.rgba.empty());
   EXPECT_TRUE(lit(drawn, 8, 8) && lit(drawn, 40, 12) && lit(drawn, 20, 50));
   EXPECT_FALSE(lit(drawn, 22, 22)) << "the interior";
}

TEST_F(SampleRaster, LinePolygonModeDrawsTheEdgesOnly) {
   pipe_rasterizer_state s = gl_default();
   s.fill_front = s.fill_back = PIPE_POLYGON_MODE_LINE;
   raster_request r;
   r.vertices = {at(4.5f, 4.5f), at(60.5f, 4.5f), at(4.5f, 60.5f)};
   const raster_image img = draw(s, r);
   ASSERT_FALSE(img.rgba.empty());
   EXPECT_TRUE(lit(img, 30, 4)) << "the top edge";
   EXPECT_TRUE(lit(img, 4, 30)) << "the left edge";
   EXPECT_FALSE(lit(img, 20, 20)) << "the interior";
   // A quad's diagonal is no edge of GL's: the quad's boundary is drawn on the CPU, whole.
   r.prim = PIPE_PRIM_QUADS;
   r.vertices = {at(4.5f, 4.5f), at(60.5f, 4.5f), at(60.5f, 60.5f), at(4.5f, 60.5f)};
   const raster_image quad = draw(s, r);
   ASSERT_FALSE(quad.rgba.empty());
   for (uint32_t k = 8; k < 58; k += 7) {
      EXPECT_TRUE(lit(quad, k, 4) && lit(quad, 60, k) && lit(quad, k, 60) && lit(quad, 4, k)) << "the boundary at " << k;
      EXPECT_FALSE(lit(quad, k, k)) << "a diagonal at " << k;
   }
   // Front LINE and back FILL: the quad is drawn in its face's mode, whichever that is, and the
   // same quad wound the other way in the other mode: its boundary alone (no diagonal) or filled.
   // (The boundary wound the other way draws each edge from its other end: its own reference.)
   pipe_rasterizer_state filled = s;
   filled.fill_front = filled.fill_back = PIPE_POLYGON_MODE_FILL;
   raster_request reversed = r;
   std::reverse(reversed.vertices.begin(), reversed.vertices.end());
   const raster_image whole = draw(filled, r), boundary_reversed = draw(s, reversed);
   s.fill_back = PIPE_POLYGON_MODE_FILL;
   const raster_image mixed = draw(s, r), mixed_reversed = draw(s, reversed);
   ASSERT_FALSE(whole.rgba.empty() || mixed.rgba.empty() || mixed_reversed.rgba.empty());
   EXPECT_NE(mixed.rgba == quad.rgba, mixed.rgba == whole.rgba) << "the quad as its boundary or filled";
   EXPECT_EQ(mixed_reversed.rgba == boundary_reversed.rgba, mixed.rgba == whole.rgba)
      << "the other winding in the other mode";
   EXPECT_EQ(mixed_reversed.rgba == whole.rgba, mixed.rgba == quad.rgba);
}

// Rule Z3 on the CPU without fillModeNonSolid: each polygon's boundary edges or vertices drawn
// as lines or points, its facing, culling, flat and two-sided colours and offset worked out
// from its window coordinates.
constexpr char kNoFillModeNonSolid[] = R"({"disable_features": ["fillModeNonSolid"]})";
using SampleRasterNoFillModeNonSolid = SampleRasterWith<kNoFillModeNonSolid>;

// Random triangles, strips and fans in LINE or POINT mode, culling none, front or back, both windings,
// two-sided colour, line widths 1 and 3, point sizes 1 and 3, and the mode's offset: the same
// pixels and colours as the device's own polygon modes (lavapipe's fillModeNonSolid, an
// independent implementation of §14.6.4), and, within float rounding, the same offset (§14.6.5:
// each pixel's depth with the offset less its depth without) and, for polygons at one depth,
// the same depths. (Along a sloped polygon's edge lavapipe takes depth from the polygon's plane
// at the fragment's centre, where GL's line segment interpolates between the edge's ends.)
TEST_F(SampleRasterNoFillModeNonSolid, PolygonModesOnTheCpuMatchTheDevicesOwn) {
   std::string error;
   const std::unique_ptr<zink_screen> device_modes = make_screen("", &error);
   ASSERT_TRUE(device_modes) << error;
   if (!device_modes->device_caps().fill_mode_non_solid)
      GTEST_SKIP() << "the device has no fillModeNonSolid to compare with";
   test_rng rng{4242u};
   int compared = 0, differing = 0, drawn = 0;
   for (int round = 0; round < 36; ++round) {
      const bool one_depth = round % 4 == 1;
      raster_request r = random_flat_triangles(rng, round, 6, one_depth);
      pipe_rasterizer_state s = gl_default();
      s.fill_front = s.fill_back = round % 2 ? PIPE_POLYGON_MODE_POINT : PIPE_POLYGON_MODE_LINE;
      s.cull_face = static_cast<pipe_face>((round / 2) % 3);  // none, front, back
      s.front_ccw = static_cast<uint8_t>((round / 6) % 2);
      s.light_twoside = static_cast<uint8_t>((round / 12) % 2);
      s.flatshade = 1;
      s.flatshade_first = static_cast<uint8_t>(round % 4 < 2);
      s.line_width = round % 5 == 4 ? 3.0f : 1.0f;
      s.point_size_per_vertex = 0;
      s.point_size = round % 5 == 3 ? 3.0f : 1.0f;
      for (raster_vertex &v : r.vertices)
         v.point_size = s.point_size;
      if (round % 3 != 2) {  // offsets that keep the depths inside [0, 1]
         s.offset_line = s.offset_point = 1;
         s.offset_units = 4.0f;
         s.offset_scale = round % 2 ? -0.03f : 0.04f;
      }
      pipe_rasterizer_state no_offset = s;
      no_offset.offset_line = no_offset.offset_point = 0;
      const zink_rasterizer_state emulated = translate(s);
      ASSERT_TRUE(emulated.emulate & ZINK_RAST_EMU_FILL_MODE);
      raster_image cpu, device, cpu_plain, device_plain;
      ASSERT_TRUE(sample_raster_draw(*screen, emulated, r, &cpu, &error)) << "round " << round << ": " << error;
      ASSERT_TRUE(sample_raster_draw(*screen, translate(no_offset), r, &cpu_plain, &error)) << error;
      for (const auto &[state, out] : {std::pair{&s, &device}, std::pair{&no_offset, &device_plain}})
         ASSERT_TRUE(sample_raster_draw(*device_modes,
                                        zink_create_rasterizer(device_modes->device_caps(), cso_normalize_rasterizer(*state)),
                                        r, out, &error))
            << error;
      for (uint32_t y = 0; y < kH; ++y)
         for (uint32_t x = 0; x < kW; ++x) {
            ++compared;
            drawn += lit(device, x, y);
            const uint8_t *a = cpu.pixel(x, y), *b = device.pixel(x, y);
            const float cpu_offset = cpu.depth_at(x, y) - cpu_plain.depth_at(x, y);
            const float device_offset = device.depth_at(x, y) - device_plain.depth_at(x, y);
            bool same = std::fabs(cpu_offset - device_offset) <= 4e-6f &&
                        (!one_depth || std::fabs(cpu.depth_at(x, y) - device.depth_at(x, y)) <= 4e-6f);
            for (int c = 0; c < 4; ++c)
               same = same && std::abs(int(a[c]) - int(b[c])) <= 1;
            if (!same && ++differing <= 10)
               ADD_FAILURE() << "round " << round << ": pixel (" << x << ", " << y << ") is " << int(a[0]) << ","
                             << int(a[1]) << "," << int(a[3]) << " at depth " << cpu.depth_at(x, y) << " (offset "
                             << cpu_offset << ") on the CPU's, " << int(b[0]) << "," << int(b[1]) << "," << int(b[3])
                             << " at depth " << device.depth_at(x, y) << " (offset " << device_offset
                             << ") by the device's polygon mode";
         }
   }
   EXPECT_EQ(differing, 0) << "of " << compared << " pixels";
   EXPECT_GT(drawn, 2000) << "the rounds draw something";
   expect_no_validation_messages(*device_modes);
}

// Without VK_EXT_provoking_vertex too: the edges carry their polygon's flat colour at both ends,
// so GL's last-vertex convention needs no index rewriting (which lines would refuse). Table 13.2:
// a triangle's edges take its last vertex's colour.
constexpr char kNoFillModeNoProvokingExt[] = R"({"disable_features": ["fillModeNonSolid"], "disable_extensions": ["VK_EXT_provoking_vertex"]})";
using SampleRasterNoFillModeNoProvokingExt = SampleRasterWith<kNoFillModeNoProvokingExt>;

TEST_F(SampleRasterNoFillModeNoProvokingExt, EdgesTakeThePolygonsLastVertexColour) {
   pipe_rasterizer_state s = gl_default();
   s.fill_front = s.fill_back = PIPE_POLYGON_MODE_LINE;
   s.flatshade = 1;
   s.flatshade_first = 0;
   const zink_rasterizer_state z = translate(s);
   ASSERT_TRUE((z.emulate & ZINK_RAST_EMU_FILL_MODE) && !z.hw.chain_provoking_vertex);
   raster_request r;
   r.flat = true;
   r.vertices = {numbered(0, 4.5f, 4.5f), numbered(1, 60.5f, 4.5f), numbered(2, 4.5f, 60.5f)};
   const raster_image img = draw(s, r);
   ASSERT_FALSE(img.rgba.empty());
   for (uint32_t k = 8; k < 56; k += 6) {
      EXPECT_EQ(vertex_of(img, k, 4), 2) << "the bottom edge at " << k;
      EXPECT_EQ(vertex_of(img, 4, k), 2) << "the left edge at " << k;
   }
}

// Rule Z10 without largePoints: points of every size as squares of two triangles.
constexpr char kNoLargePoints[] = R"({"disable_features": ["largePoints"]})";
using SampleRasterNoLargePoints = SampleRasterWith<kNoLargePoints>;

// Random points of per-vertex sizes 1 to 9 and state sizes 1 to 9.625 (aliased ones rounded), sprites with replaced
// coordinates in either origin or not, into the window and an FBO: the same pixels, colours and
// depths as the device's own points (lavapipe's largePoints, an independent implementation of
// §14.4), sprite coordinates within one 8-bit step.
TEST_F(SampleRasterNoLargePoints, PointsAsSquaresMatchTheDevicesOwnPoints) {
   std::string error;
   const std::unique_ptr<zink_screen> device_points = make_screen("", &error);
   ASSERT_TRUE(device_points) << error;
   if (!device_points->device_caps().large_points || device_points->device_caps().point_size_range[1] < 9.0f)
      GTEST_SKIP() << "the device has no points up to 9 to compare with";
   test_rng rng{99u};
   auto next = [&] { return rng.next(); };
   auto coordinate = [&] { return rng.coordinate(2.0f, 60); };
   int compared = 0, differing = 0, drawn = 0;
   for (int round = 0; round < 24; ++round) {
      gl_context ctx;
      const bool sprites = round % 3 != 0, per_vertex = round % 2 == 1;
      if (sprites) {
         ctx.Enable(GL_POINT_SPRITE);
         ctx.PointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, round % 4 < 2 ? GL_UPPER_LEFT : GL_LOWER_LEFT);
         if (round % 3 == 1)
            ctx.TexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
      }
      if (per_vertex)
         ctx.Enable(GL_PROGRAM_POINT_SIZE);
      // A state size off the integers: GL rounds an aliased point's (rule Z10 does before the
      // device draws it; the squares do themselves).
      ctx.PointSize(1.0f + static_cast<float>(next() % 9) + (sprites ? 0.0f : round % 4 < 2 ? 0.375f : 0.625f));
      pipe_rasterizer_state s = through_st(ctx, round % 5 != 0);
      const zink_rasterizer_state z = translate(s);
      raster_request r;
      r.prim = PIPE_PRIM_POINTS;
      r.show_texcoord = sprites;
      for (uint32_t k = 0; k < 8; ++k) {
         raster_vertex v = at(coordinate(), coordinate(), 0.125f * static_cast<float>(k % 8), (k + 1) * 0.1f, 0.5f);
         v.point_size = 1.0f + static_cast<float>(next() % 9) + (sprites ? 0.25f : 0.0f);
         v.texcoord[0] = 0.25f;
         v.texcoord[1] = 0.75f;
         r.vertices.push_back(v);
      }
      r.width = kW;
      r.height = kH;
      raster_image squares, device;
      const float drawn_size = sprites ? s.point_size : std::round(s.point_size);  // aliased ones rounded
      ASSERT_EQ((z.emulate & ZINK_RAST_EMU_LARGE_POINTS) != 0, drawn_size > 1.0f || per_vertex) << "round " << round;
      ASSERT_TRUE(sample_raster_draw(*screen, z, r, &squares, &error)) << "round " << round << ": " << error;
      ASSERT_TRUE(sample_raster_draw(*device_points,
                                     zink_create_rasterizer(device_points->device_caps(), cso_normalize_rasterizer(s)),
                                     r, &device, &error))
         << error;
      for (uint32_t y = 0; y < kH; ++y)
         for (uint32_t x = 0; x < kW; ++x) {
            ++compared;
            drawn += lit(device, x, y);
            const uint8_t *a = squares.pixel(x, y), *b = device.pixel(x, y);
            bool same = squares.depth_at(x, y) == device.depth_at(x, y);
            for (int c = 0; c < 4; ++c)
               same = same && std::abs(int(a[c]) - int(b[c])) <= 1;
            if (!same && ++differing <= 10)
               ADD_FAILURE() << "round " << round << ": pixel (" << x << ", " << y << ") is " << int(a[0]) << ","
                             << int(a[1]) << "," << int(a[3]) << " at depth " << squares.depth_at(x, y)
                             << " as squares, " << int(b[0]) << "," << int(b[1]) << "," << int(b[3]) << " at depth "
                             << device.depth_at(x, y) << " as the device's points";
         }
   }
   EXPECT_EQ(differing, 0) << "of " << compared << " pixels";
   EXPECT_GT(drawn, 2000) << "the rounds draw something";
   expect_no_validation_messages(*device_points);
}

// Compatibility §14.6.4: a polygon's vertices in POINT mode are GL points, large ones too: the
// same pixels as the device's own points at those vertices; with the other face filled too.
TEST_F(SampleRasterNoLargePoints, PolygonsInPointModeDrawLargePoints) {
   std::string error;
   const std::unique_ptr<zink_screen> device_points = make_screen("", &error);
   ASSERT_TRUE(device_points) << error;
   pipe_rasterizer_state s = gl_default();
   s.point_size_per_vertex = 0;
   s.point_size = 5.0f;
   s.fill_front = s.fill_back = PIPE_POLYGON_MODE_POINT;
   ASSERT_TRUE(translate(s).emulate & ZINK_RAST_EMU_LARGE_POINTS);
   raster_request tri;
   tri.width = kW;
   tri.height = kH;
   tri.vertices = {at(10.0f, 10.0f), at(50.0f, 14.0f), at(20.0f, 52.0f), at(40.0f, 40.0f), at(60.0f, 30.0f),
                   at(44.0f, 56.0f)};
   raster_request points = tri;
   points.prim = PIPE_PRIM_POINTS;
   pipe_rasterizer_state point_state = s;
   point_state.fill_front = point_state.fill_back = PIPE_POLYGON_MODE_FILL;
   raster_image squares, device;
   ASSERT_TRUE(sample_raster_draw(*screen, translate(s), tri, &squares, &error)) << error;
   ASSERT_TRUE(sample_raster_draw(*device_points,
                                  zink_create_rasterizer(device_points->device_caps(), cso_normalize_rasterizer(point_state)),
                                  points, &device, &error))
      << error;
   int lit_pixels = 0;
   for (uint32_t y = 0; y < kH; ++y)
      for (uint32_t x = 0; x < kW; ++x) {
         lit_pixels += lit(device, x, y);
         ASSERT_EQ(lit(squares, x, y), lit(device, x, y)) << "(" << x << ", " << y << ")";
      }
   EXPECT_EQ(lit_pixels, 6 * 25) << "six 5x5 points";
   // The other face filled: each triangle in its face's mode, the POINT one as large points (the
   // same squares), the other filled; wound the other way, the modes swap.
   s.fill_back = PIPE_POLYGON_MODE_FILL;
   raster_request one = tri, one_reversed = tri;
   one.vertices.resize(3);
   one_reversed.vertices = {tri.vertices[2], tri.vertices[1], tri.vertices[0]};
   raster_request one_points = one;
   one_points.prim = PIPE_PRIM_POINTS;
   raster_image mixed, mixed_reversed, filled, corners;
   ASSERT_TRUE(sample_raster_draw(*screen, translate(s), one, &mixed, &error)) << error;
   ASSERT_TRUE(sample_raster_draw(*screen, translate(s), one_reversed, &mixed_reversed, &error)) << error;
   ASSERT_TRUE(sample_raster_draw(*screen, translate(point_state), one, &filled, &error)) << error;
   ASSERT_TRUE(sample_raster_draw(*device_points,
                                  zink_create_rasterizer(device_points->device_caps(), cso_normalize_rasterizer(point_state)),
                                  one_points, &corners, &error))
      << error;
   EXPECT_NE(mixed.rgba == corners.rgba, mixed.rgba == filled.rgba) << "three 5x5 points or the filled triangle";
   EXPECT_EQ(mixed_reversed.rgba == corners.rgba, mixed.rgba == filled.rgba) << "the other winding in the other mode";
   expect_no_validation_messages(*device_points);
}

// Rule Z3 on the CPU with the faces apart, without fillModeNonSolid: random triangles, strips and
// fans, overlapping, front and back FILL / LINE, LINE / FILL, FILL / POINT and POINT / LINE, both windings, flat colours
// in both conventions, two-sided colour and each mode's offset: the same pixels and colours as
// the device's own face passes (lavapipe's fillModeNonSolid, one pipeline per face, each triangle
// through both in order: an independent implementation of §14.6.4 and of GL's primitive order).
// POINT faces too, of single-pixel points (the state's size 1): larger points go to the CPU on
// any device (Vulkan leaves a POINT-mode polygon's point size to the device), so both sides would
// be the CPU's.
TEST_F(SampleRasterNoFillModeNonSolid, DifferentFrontAndBackModesMatchTheDevicesOwnFacePasses) {
   std::string error;
   const std::unique_ptr<zink_screen> device_modes = make_screen("", &error);
   ASSERT_TRUE(device_modes) << error;
   if (!device_modes->device_caps().fill_mode_non_solid)
      GTEST_SKIP() << "the device has no fillModeNonSolid to compare with";
   const pipe_polygon_mode pairs[][2] = {{PIPE_POLYGON_MODE_FILL, PIPE_POLYGON_MODE_LINE},
                                         {PIPE_POLYGON_MODE_LINE, PIPE_POLYGON_MODE_FILL},
                                         {PIPE_POLYGON_MODE_FILL, PIPE_POLYGON_MODE_POINT},
                                         {PIPE_POLYGON_MODE_POINT, PIPE_POLYGON_MODE_LINE}};
   test_rng rng{777u};
   int compared = 0, differing = 0, drawn = 0, reported = 0;
   for (int round = 0; round < 40; ++round) {
      const raster_request r = random_flat_triangles(rng, round, 7, false);
      pipe_rasterizer_state s = gl_default();
      s.fill_front = pairs[round % 4][0];
      s.fill_back = pairs[round % 4][1];
      s.point_size_per_vertex = 0;  // the state's size 1: single-pixel points
      s.front_ccw = static_cast<uint8_t>((round / 5) % 2);
      s.light_twoside = static_cast<uint8_t>((round / 10) % 2);
      s.flatshade = 1;
      s.flatshade_first = static_cast<uint8_t>(round % 4 < 2);
      s.line_width = round % 5 == 4 ? 3.0f : 1.0f;
      if (round % 3 == 0) {  // offsets that keep the depths inside [0, 1]
         s.offset_tri = s.offset_line = s.offset_point = 1;
         s.offset_units = 4.0f;
         s.offset_scale = round % 2 ? -0.03f : 0.04f;
      }
      const zink_rasterizer_state emulated = translate(s);
      ASSERT_TRUE(emulated.emulate & ZINK_RAST_EMU_FILL_MODE);
      raster_image cpu, device;
      ASSERT_TRUE(sample_raster_draw(*screen, emulated, r, &cpu, &error)) << "round " << round << ": " << error;
      ASSERT_TRUE(sample_raster_draw(*device_modes,
                                     zink_create_rasterizer(device_modes->device_caps(), cso_normalize_rasterizer(s)), r,
                                     &device, &error))
         << "round " << round << ": " << error;
      compared += kW * kH;
      for (uint32_t y = 0; y < kH; ++y)
         for (uint32_t x = 0; x < kW; ++x)
            drawn += lit(device, x, y);
      differing += count_differences(cpu, device, "round " + std::to_string(round), "the CPU's runs",
                                     "the device's face passes", &reported);
   }
   EXPECT_EQ(differing, 0) << "of " << compared << " pixels";
   EXPECT_GT(drawn, 5000) << "the rounds draw something";
   expect_no_validation_messages(*device_modes);
}

// A run the CPU cannot draw is refused with the draw's number of its first polygon, nothing drawn:
// here the second triangle, drawn as lines, reaches outside the clip volume.
TEST_F(SampleRasterNoFillModeNonSolid, ARunsRefusalNamesItsPolygonInTheDraw) {
   gl_context ctx;
   ctx.PolygonMode(GL_BACK, GL_LINE);
   const pipe_rasterizer_state s = through_st(ctx, true);
   raster_request r;
   r.width = kW;
   r.height = kH;
   // Front (+x, then +y) and back, as in DifferentFrontAndBackFillModesDrawEachFaceInItsOwnModeInOrder.
   r.vertices = {at(4.5f, 4.5f), at(28.5f, 4.5f), at(4.5f, 28.5f), at(36.5f, 4.5f), at(36.5f, 28.5f), at(80.5f, 4.5f)};
   raster_image img;
   std::string error;
   EXPECT_FALSE(sample_raster_draw(*screen, translate(s), r, &img, &error));
   EXPECT_NE(error.find("the run from polygon 1 of the draw"), std::string::npos) << error;
   EXPECT_NE(error.find("reaches outside the clip volume"), std::string::npos) << error;
   EXPECT_TRUE(img.rgba.empty());
}

// §14.6.5: the offset depth is clamped to [0, 1], not clipped: edges drawn on the CPU whose offset
// carries them past the far plane stay, at depth 1 (depth clamping keeps the moved lines).
TEST_F(SampleRasterNoFillModeNonSolid, AnOffsetPastTheFarPlaneIsClampedNotClipped) {
   pipe_rasterizer_state s = gl_default();
   s.fill_front = s.fill_back = PIPE_POLYGON_MODE_LINE;
   s.offset_line = 1;
   s.offset_units = 8388608.0f;  // 2^23 × r = 2^23 × 2^-24 at depth 0.75: o = 0.5
   raster_request r;
   r.vertices = {at(4.5f, 4.5f, 0.75f), at(60.5f, 4.5f, 0.75f), at(4.5f, 60.5f, 0.75f)};
   const raster_image img = draw(s, r);
   ASSERT_FALSE(img.rgba.empty());
   for (uint32_t k = 8; k < 56; k += 6)
      for (const auto &[x, y] : {std::pair{k, 4u}, std::pair{4u, k}}) {
         ASSERT_TRUE(lit(img, x, y)) << "(" << x << ", " << y << ") dropped";
         EXPECT_EQ(img.depth_at(x, y), 1.0f) << "(" << x << ", " << y << ")";
      }
}

// Compatibility §14.6.4 and §14.4.1: a polygon's vertices in POINT mode are points, sprites
// included, so their replaced coordinates are a point sprite's: the same pixels as GL_POINTS at
// those vertices (whose coordinates PointSpriteCoordinatesFollowTheOriginInWindowCoordinates
// checks against the formula). Vulkan leaves a POINT-mode polygon's point size to the device, so
// these go through the CPU's polygon modes on any device.
TEST_F(SampleRaster, SpritesOnPolygonsInPointModeAreThePointsSprites) {
   gl_context ctx;
   ctx.Enable(GL_POINT_SPRITE);
   ctx.PointSize(6.0f);
   ctx.PolygonMode(GL_FRONT_AND_BACK, GL_POINT);
   ctx.TexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
   const pipe_rasterizer_state s = through_st(ctx, true);
   ASSERT_TRUE(translate(s).emulate & ZINK_RAST_EMU_SPRITE_COORD_REPLACE);
   raster_request tri;
   tri.show_texcoord = true;
   tri.vertices = {at(10.0f, 10.0f), at(50.0f, 14.0f), at(20.0f, 52.0f)};
   raster_request points = tri;
   points.prim = PIPE_PRIM_POINTS;
   const raster_image a = draw(s, tri), b = draw(s, points);
   ASSERT_FALSE(a.rgba.empty());
   ASSERT_FALSE(b.rgba.empty());
   int lit_pixels = 0;
   for (uint32_t y = 0; y < kH; ++y)
      for (uint32_t x = 0; x < kW; ++x) {
         lit_pixels += lit(b, x, y);
         for (int c = 0; c < 4; ++c)
            ASSERT_EQ(a.pixel(x, y)[c], b.pixel(x, y)[c]) << "(" << x << ", " << y << ") component " << c;
      }
   EXPECT_EQ(lit_pixels, 3 * 36) << "three 6x6 sprites";
}

// GL 4.6 compatibility §14.6.4: glPolygonMode sets the front and back modes apart; a polygon is
// drawn in the mode of its facing. Vulkan has one mode per pipeline: rule Z3 by passes draws
// each triangle through a front pass and a back pass (zink_rasterizer_face_pass), in GL's order.
TEST_F(SampleRaster, DifferentFrontAndBackFillModesDrawEachFaceInItsOwnModeInOrder) {
   struct modes {
      GLenum front, back;
   };
   for (const modes m : {modes{GL_FILL, GL_LINE}, modes{GL_LINE, GL_FILL}, modes{GL_FILL, GL_POINT}})
      for (bool fbo : {false, true}) {
         gl_context ctx;
         ctx.PolygonMode(GL_FRONT, m.front);
         ctx.PolygonMode(GL_BACK, m.back);
         pipe_rasterizer_state s = through_st(ctx, fbo);
         ASSERT_TRUE(translate(s).emulate & ZINK_RAST_EMU_FILL_MODE);
         const std::string what = std::string(fbo ? "FBO" : "window") + ", front " + (m.front == GL_FILL ? "FILL" : "LINE") +
                                  ", back " + (m.back == GL_FILL ? "FILL" : m.back == GL_LINE ? "LINE" : "POINT");
         auto gl_at = [&](float x, float y, float red) { return at(x, fbo ? y : kH - y, 0.5f, red, 0.0f); };
         auto px = [&](const raster_image &img, uint32_t x, uint32_t y) { return img.pixel(x, fbo ? y : kH - 1 - y); };
         raster_request r;
         // Counter-clockwise (front) and clockwise (back) in GL window coordinates, edges on
         // pixel centres.
         r.vertices = {gl_at(4.5f, 4.5f, 1.0f), gl_at(28.5f, 4.5f, 1.0f), gl_at(4.5f, 28.5f, 1.0f),
                       gl_at(36.5f, 4.5f, 1.0f), gl_at(36.5f, 28.5f, 1.0f), gl_at(60.5f, 4.5f, 1.0f)};
         const raster_image img = draw(s, r);
         ASSERT_FALSE(img.rgba.empty());
         auto expect_mode = [&](GLenum mode, uint32_t x0, int dir, const char *face) {
            // The interior; for lines and points a pixel inside each of two edges and, for points,
            // the corner vertex (a filled polygon's edge through pixel centres, and a line's end,
            // are ties GL leaves to the implementation).
            EXPECT_EQ(px(img, x0 + dir * 6, 10)[3] != 0, mode == GL_FILL) << what << ": the " << face << " interior";
            if (mode == GL_FILL)
               return;
            EXPECT_EQ(px(img, x0, 16)[3] != 0, mode == GL_LINE) << what << ": the " << face << " vertical edge";
            EXPECT_EQ(px(img, x0 + dir * 12, 4)[3] != 0, mode == GL_LINE) << what << ": the " << face << " bottom edge";
            if (mode == GL_POINT) {
               EXPECT_TRUE(px(img, x0, 4)[3] != 0) << what << ": the " << face << " corner";
            }
         };
         expect_mode(m.front, 4, 1, "front");
         expect_mode(m.back, 36, 1, "back");
         // The polygon stipple (an all-zero pattern) removes filled faces only (§14.6.2).
         pipe_rasterizer_state stippled = s;
         stippled.poly_stipple_enable = 1;
         const raster_image simg = draw(stippled, r);
         for (const auto &[mode, x0] : {std::pair<GLenum, uint32_t>{m.front, 4}, {m.back, 36}}) {
            // FILL: the interior; LINE: the vertical edge; POINT: the corner vertex.
            const uint32_t x = mode == GL_FILL ? x0 + 6 : x0, y = mode == GL_FILL ? 10 : mode == GL_LINE ? 16 : 4;
            EXPECT_EQ(px(simg, x, y)[3] != 0, mode != GL_FILL) << what << ", stippled: the face at x " << x0;
         }
      }
   // GL's order across faces: a front FILL triangle over a back LINE one, then the other way round.
   gl_context ctx;
   ctx.PolygonMode(GL_BACK, GL_LINE);
   pipe_rasterizer_state s = through_st(ctx, true);
   const std::vector<raster_vertex> back_lines = {at(8.5f, 8.5f, 0.5f, 0.0f, 1.0f), at(8.5f, 40.5f, 0.5f, 0.0f, 1.0f),
                                                  at(40.5f, 8.5f, 0.5f, 0.0f, 1.0f)};
   const std::vector<raster_vertex> front_fill = {at(2, 2, 0.5f, 1.0f, 0.0f), at(60, 2, 0.5f, 1.0f, 0.0f),
                                                  at(2, 60, 0.5f, 1.0f, 0.0f)};
   for (bool lines_first : {true, false})
      expect_the_later_wins(draw(s, in_order(PIPE_PRIM_TRIANGLES, back_lines, front_fill, lines_first)), lines_first);
}

// The same for quads and polygons, which the face passes cannot draw (their triangles would show
// the diagonals in LINE mode): each polygon in its face's mode on the CPU, a LINE face's
// boundary only, in GL's order. A front FILL quad and a back LINE quad overlapping, either
// first; then a back pentagon in LINE mode, no fan diagonal inside it.
TEST_F(SampleRaster, QuadsAndPolygonsWithDifferentFrontAndBackModesDrawInOrderWithoutDiagonals) {
   gl_context ctx;
   ctx.PolygonMode(GL_BACK, GL_LINE);
   const pipe_rasterizer_state s = through_st(ctx, true);
   // Front as in DifferentFrontAndBackFillModesDrawEachFaceInItsOwnModeInOrder: +x, then +y.
   const std::vector<raster_vertex> front_fill = {at(2, 2, 0.5f, 1.0f, 0.0f), at(60, 2, 0.5f, 1.0f, 0.0f),
                                                  at(60, 60, 0.5f, 1.0f, 0.0f), at(2, 60, 0.5f, 1.0f, 0.0f)};
   const std::vector<raster_vertex> back_lines = {at(8.5f, 8.5f, 0.5f, 0.0f, 1.0f), at(8.5f, 40.5f, 0.5f, 0.0f, 1.0f),
                                                  at(40.5f, 40.5f, 0.5f, 0.0f, 1.0f), at(40.5f, 8.5f, 0.5f, 0.0f, 1.0f)};
   for (bool lines_first : {true, false}) {
      const raster_image img = draw(s, in_order(PIPE_PRIM_QUADS, back_lines, front_fill, lines_first));
      expect_the_later_wins(img, lines_first);
      // (28, 28) and (20, 20): pixel centres on the back quad's diagonal, inside the front quad.
      for (uint32_t k : {20u, 28u})
         EXPECT_TRUE(img.pixel(k, k)[0] != 0 && img.pixel(k, k)[1] == 0)
            << "(" << k << ", " << k << "): the front fill, no diagonal of the back quad over it";
      EXPECT_EQ(img.pixel(50, 50)[0] != 0, true) << "the front quad filled";
   }
   raster_request pentagon;
   pentagon.prim = PIPE_PRIM_POLYGON;
   pentagon.vertices = {at(8.5f, 8.5f, 0.5f, 0.0f, 1.0f), at(8.5f, 40.5f, 0.5f, 0.0f, 1.0f),
                        at(40.5f, 56.5f, 0.5f, 0.0f, 1.0f), at(56.5f, 24.5f, 0.5f, 0.0f, 1.0f),
                        at(40.5f, 8.5f, 0.5f, 0.0f, 1.0f)};
   const raster_image img = draw(s, pentagon);
   ASSERT_FALSE(img.rgba.empty());
   EXPECT_TRUE(lit(img, 8, 24)) << "the left edge";
   EXPECT_TRUE(lit(img, 24, 8)) << "the top edge";
   // The fan from the first vertex would add diagonals to (40.5, 56.5) and (56.5, 24.5): pixel
   // centres on them.
   EXPECT_FALSE(lit(img, 24, 32)) << "a fan diagonal to (40.5, 56.5)";
   EXPECT_FALSE(lit(img, 32, 16)) << "a fan diagonal to (56.5, 24.5)";
}

// raster_request::initial: the target starts as the given image, colour and depth, instead of the
// clear values; one of another size is refused by name, nothing drawn.
TEST_F(SampleRaster, AnInitialImageIsTheTargetBeforeTheDraw) {
   const pipe_rasterizer_state s = gl_default();
   raster_request first;
   first.vertices = {at(4.5f, 4.5f, 0.25f, 1.0f, 0.0f), at(40.5f, 4.5f, 0.25f, 1.0f, 0.0f),
                     at(4.5f, 40.5f, 0.25f, 1.0f, 0.0f)};
   const raster_image before = draw(s, first);
   ASSERT_FALSE(before.rgba.empty());
   raster_request second;
   second.vertices = {at(30.5f, 30.5f, 0.75f, 0.0f, 1.0f), at(60.5f, 30.5f, 0.75f, 0.0f, 1.0f),
                      at(30.5f, 60.5f, 0.75f, 0.0f, 1.0f)};
   const raster_image alone = draw(s, second);
   second.initial = before;
   const raster_image after = draw(s, second);
   ASSERT_FALSE(alone.rgba.empty() || after.rgba.empty());
   int from_first = 0, from_second = 0;
   for (uint32_t y = 0; y < kH; ++y)
      for (uint32_t x = 0; x < kW; ++x) {
         const raster_image &want = lit(alone, x, y) ? alone : before;
         from_first += lit(before, x, y) && !lit(alone, x, y);
         from_second += lit(alone, x, y);
         for (int c = 0; c < 4; ++c)
            ASSERT_EQ(after.pixel(x, y)[c], want.pixel(x, y)[c]) << "(" << x << ", " << y << ") component " << c;
         ASSERT_EQ(after.depth_at(x, y), want.depth_at(x, y)) << "(" << x << ", " << y << ") depth";
      }
   EXPECT_GT(from_first, 300);
   EXPECT_GT(from_second, 300);
   raster_request wrong = second;
   wrong.width = kW / 2;
   wrong.height = kH;
   raster_image untouched;
   std::string error;
   EXPECT_FALSE(sample_raster_draw(*screen, translate(s), wrong, &untouched, &error));
   EXPECT_NE(error.find("the initial image must be the target's 32x64"), std::string::npos) << error;
   EXPECT_TRUE(untouched.rgba.empty());
}

TEST_F(SampleRaster, TheStatesPointSizeIsWrittenByTheVertexStage) {
   pipe_rasterizer_state s = gl_default();
   s.point_size_per_vertex = 0;
   s.point_size = 4.0f;
   s.point_quad_rasterization = 1;
   ASSERT_TRUE(translate(s).emulate & ZINK_RAST_EMU_POINT_SIZE);
   raster_request r;
   r.prim = PIPE_PRIM_POINTS;
   r.vertices = {at(20, 20)};
   r.vertices[0].point_size = 1.0f;  // ignored: the state's size applies
   const raster_image img = draw(s, r);
   ASSERT_FALSE(img.rgba.empty());
   for (uint32_t k = 18; k < 22; ++k) {
      EXPECT_TRUE(lit(img, k, 18) && lit(img, k, 21)) << k;
      EXPECT_FALSE(lit(img, k, 17) || lit(img, k, 22)) << k;
   }
}

// Compatibility §14.4: an aliased non-sprite point's size, the vertex's too, is rounded to an
// integer, and the square of an even one is centred on the pixel corner nearest the vertex (2.4 at
// (20.2, 20.6): columns 19-20, rows 20-21); a sprite's is not (the square of side 2.4 centred on the
// vertex: columns 19-20, rows 19-21).
TEST_F(SampleRaster, AnAliasedPointsPerVertexSizeIsRoundedAsTheStatesIs) {
   pipe_rasterizer_state s = gl_default();
   s.point_size_per_vertex = 1;
   raster_request r;
   r.prim = PIPE_PRIM_POINTS;
   r.vertices = {at(20.2f, 20.6f)};
   r.vertices[0].point_size = 2.4f;
   for (const bool sprite : {false, true}) {
      s.point_quad_rasterization = sprite;
      const raster_image img = draw(s, r);
      ASSERT_FALSE(img.rgba.empty());
      for (uint32_t y = 17; y < 24; ++y) {
         for (uint32_t x = 17; x < 24; ++x) {
            const bool want = (x == 19 || x == 20) && (sprite ? y >= 19 && y <= 21 : y == 20 || y == 21);
            EXPECT_EQ(lit(img, x, y), want) << (sprite ? "sprite" : "aliased") << " pixel " << x << ", " << y;
         }
      }
   }
}

TEST_F(SampleRaster, ScissorAndRasterizerDiscard) {
   pipe_rasterizer_state s = gl_default();
   s.scissor = 1;
   raster_request r;
   r.vertices = {at(0, 0), at(128, 0), at(0, 128)};
   r.scissor_x = 8;
   r.scissor_y = 8;
   r.scissor_width = r.scissor_height = 16;
   raster_image img = draw(s, r);
   ASSERT_FALSE(img.rgba.empty());
   EXPECT_TRUE(lit(img, 8, 8) && lit(img, 23, 23));
   EXPECT_FALSE(lit(img, 7, 8) || lit(img, 24, 8) || lit(img, 8, 24));
   // A rectangle starting outside the target keeps its part inside.
   r.scissor_x = -8;
   r.scissor_y = -8;
   img = draw(s, r);
   EXPECT_TRUE(lit(img, 0, 0) && lit(img, 7, 7));
   EXPECT_FALSE(lit(img, 8, 0) || lit(img, 0, 8));
   s.scissor = 0;
   s.rasterizer_discard = 1;
   img = draw(s, r);
   EXPECT_FALSE(lit(img, 8, 8));
}

// GL 4.6 compatibility §14.6.2: with GL_POLYGON_STIPPLE a polygon's fragment at window
// (x, y) is kept when bit x mod 32 of row y mod 32 is set. Vulkan has no stipple: rule Z7
// lowers the fragment shader (spirv_lower_raster_fs); lines are never stippled this way.
TEST_F(SampleRaster, PolygonStippleKeepsExactlyThePixelsWhosePatternBitIsSet) {
   pipe_rasterizer_state s = gl_default();
   s.poly_stipple_enable = 1;
   ASSERT_TRUE(translate(s).emulate & ZINK_RAST_EMU_POLYGON_STIPPLE);
   raster_request r;
   r.vertices = {at(0, 0), at(128, 0), at(0, 128)};  // covers the 64x64 target: two pattern tiles each way
   for (uint32_t y = 0; y < 32; ++y)
      r.stipple_rows[y] = (0x0f0f0f0fu << (y % 4)) ^ (y * 0x01010101u);
   const raster_image img = draw(s, r);
   ASSERT_FALSE(img.rgba.empty());
   uint32_t kept = 0;
   for (uint32_t y = 0; y < kH; ++y)
      for (uint32_t x = 0; x < kW; ++x) {
         const bool want = (r.stipple_rows[y % 32] >> (x % 32)) & 1u;
         EXPECT_EQ(lit(img, x, y), want) << "pixel " << x << ", " << y;
         kept += want;
      }
   EXPECT_GT(kept, 0u);
   EXPECT_LT(kept, kW * kH);
   // A line under the same state is not stippled.
   raster_request line;
   line.prim = PIPE_PRIM_LINES;
   line.vertices = {at(0.5f, 10.5f), at(60.5f, 10.5f)};
   line.stipple_rows = r.stipple_rows;
   const raster_image limg = draw(s, line);
   for (uint32_t x = 1; x < 59; ++x)
      EXPECT_TRUE(lit(limg, x, 10)) << x;
}

// GL 2.1, page 63 (the compatibility profile): with GL_VERTEX_PROGRAM_TWO_SIDE the GL takes the vertex
// shader's back colour for back-facing polygons and its front colour for points, lines and
// front-facing polygons; without it, always the front colour. Flat shading takes the provoking
// vertex's colour of the side chosen. Vulkan has no back colours: rule Z8 lowers the fragment
// shader to select by FrontFacing (spirv_lower_raster_fs).
TEST_F(SampleRaster, TwoSidedColourGivesBackFacingPolygonsTheBackColourAndEverythingElseTheFront) {
   for (bool two_side : {false, true})
      for (bool fbo : {false, true})
         for (bool flat : {false, true}) {
            gl_context ctx;
            if (two_side)
               ctx.Enable(GL_VERTEX_PROGRAM_TWO_SIDE);
            if (flat)
               ctx.ShadeModel(GL_FLAT);
            pipe_rasterizer_state s = through_st(ctx, fbo);
            ASSERT_EQ((translate(s).emulate & ZINK_RAST_EMU_TWO_SIDE_COLOR) != 0, two_side);
            const std::string what = std::string(two_side ? "two-sided" : "one-sided") + (fbo ? ", FBO" : ", window") +
                                     (flat ? ", flat" : ", smooth");
            // Front colours red (k + 1) * 8 / 255, back colours green (k + 1) * 8 / 255, for vertex k.
            auto gl_at = [&](uint32_t k, float x, float y) {
               raster_vertex v = at(x, fbo ? y : kH - y, 0.5f, (k + 1) * 8.0f / 255.0f, 0.0f);
               v.back_color[1] = (k + 1) * 8.0f / 255.0f;
               return v;
            };
            auto color_at = [&](const raster_image &img, uint32_t x, uint32_t y) {
               const uint8_t *p = img.pixel(x, fbo ? y : kH - 1 - y);
               return std::array<int, 2>{static_cast<int>(std::lround(p[0] / 8.0)) - 1,
                                         static_cast<int>(std::lround(p[1] / 8.0)) - 1};
            };
            raster_request r;
            r.prim = PIPE_PRIM_TRIANGLES;
            r.flat = flat;
            // Equal colours at each triangle's vertices, so smooth shading gives them exactly.
            r.vertices = {gl_at(0, 4, 4), gl_at(0, 28, 4), gl_at(0, 4, 28),     // counter-clockwise: front
                          gl_at(3, 36, 4), gl_at(3, 36, 28), gl_at(3, 60, 4)};  // clockwise: back
            if (flat)  // the provoking (last) vertex's colour only
               r.vertices[5] = gl_at(5, 60, 4), r.vertices[2] = gl_at(2, 4, 28);
            const raster_image img = draw(s, r);
            ASSERT_FALSE(img.rgba.empty());
            const int front_k = flat ? 2 : 0, back_k = flat ? 5 : 3;
            EXPECT_EQ(color_at(img, 10, 10), (std::array<int, 2>{front_k, -1})) << what << ": front-facing: the front colour";
            EXPECT_EQ(color_at(img, 42, 10), (two_side ? std::array<int, 2>{-1, back_k} : std::array<int, 2>{back_k, -1}))
               << what << ": back-facing";
            // A quad drawn clockwise (back-facing), a point and a line: never the back colour for
            // the point and the line.
            raster_request q;
            q.prim = PIPE_PRIM_QUADS;
            q.flat = true;
            q.vertices = {gl_at(1, 4, 40), gl_at(1, 4, 60), gl_at(1, 28, 60), gl_at(1, 28, 40)};
            const raster_image qimg = draw(s, q);
            EXPECT_EQ(color_at(qimg, 16, 50), (two_side ? std::array<int, 2>{-1, 1} : std::array<int, 2>{1, -1}))
               << what << ": a back-facing quad";
            raster_request pl;
            pl.prim = PIPE_PRIM_POINTS;
            pl.vertices = {gl_at(4, 40.5f, 50.5f)};
            EXPECT_EQ(color_at(draw(s, pl), 40, 50), (std::array<int, 2>{4, -1})) << what << ": a point";
            pl.prim = PIPE_PRIM_LINES;
            pl.vertices = {gl_at(6, 40.5f, 56.5f), gl_at(6, 60.5f, 56.5f)};
            EXPECT_EQ(color_at(draw(s, pl), 50, 56), (std::array<int, 2>{6, -1})) << what << ": a line";
            // Polygons drawn as their edges (glPolygonMode GL_LINE) keep the polygon's facing.
            pipe_rasterizer_state edges = s;
            edges.fill_front = edges.fill_back = PIPE_POLYGON_MODE_LINE;
            const raster_image eimg = draw(edges, r);
            int lit_front = 0, lit_back = 0;
            for (uint32_t y = 0; y < 32; ++y)
               for (uint32_t x = 0; x < kW; ++x) {
                  const std::array<int, 2> c = color_at(eimg, x, y);
                  if (c == std::array<int, 2>{-1, -1})
                     continue;
                  const bool back_triangle = x >= 32;
                  const std::array<int, 2> want = back_triangle && two_side
                                                     ? std::array<int, 2>{-1, back_k}
                                                     : std::array<int, 2>{back_triangle ? back_k : front_k, -1};
                  EXPECT_EQ(c, want)
                     << what << ": an edge pixel " << x << ", " << y << " of the " << (back_triangle ? "back" : "front")
                     << "-facing triangle in GL_LINE mode";
                  ++(back_triangle ? lit_back : lit_front);
               }
            EXPECT_GT(lit_front, 20) << what;
            EXPECT_GT(lit_back, 20) << what;
         }
}

// GL 4.6 compatibility §14.4.1 (point sprites): with GL_POINT_SPRITE and unit 0's
// GL_COORD_REPLACE, texture coordinate set 0 of a point's fragment at window (xf, yf) is
// (s, t, 0, 1) with s = 1/2 + (xf + 1/2 - xw) / size and t = 1/2 + (yf + 1/2 - yw) / size for a
// LOWER_LEFT origin, 1/2 - (yf + 1/2 - yw) / size for UPPER_LEFT; without the replacement, the
// vertex's own coordinates. Vulkan's PointCoord is upper-left: rules Z9 lower the fragment shader.
TEST_F(SampleRaster, PointSpriteCoordinatesFollowTheOriginInWindowCoordinates) {
   for (GLenum origin : {GL_UPPER_LEFT, GL_LOWER_LEFT})
      for (bool fbo : {false, true})
         for (bool replace : {false, true}) {
            gl_context ctx;
            ctx.Enable(GL_POINT_SPRITE);
            ctx.PointSize(8.0f);
            ctx.PointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, static_cast<GLint>(origin));
            if (replace)
               ctx.TexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
            pipe_rasterizer_state s = through_st(ctx, fbo);
            const zink_rasterizer_state z = translate(s);
            ASSERT_EQ((z.emulate & ZINK_RAST_EMU_SPRITE_COORD_REPLACE) != 0, replace);
            const std::string what = std::string(origin == GL_UPPER_LEFT ? "upper-left" : "lower-left") +
                                     (fbo ? ", FBO" : ", window") + (replace ? ", replaced" : ", not replaced");
            const float xw = 20.0f, yw = 36.0f;  // GL window coordinates, on a pixel corner
            raster_vertex v = at(xw, fbo ? yw : kH - yw);
            v.texcoord[0] = 0.25f;
            v.texcoord[1] = 0.75f;
            raster_request r;
            r.prim = PIPE_PRIM_POINTS;
            r.show_texcoord = true;
            r.vertices = {v};
            const raster_image img = draw(s, r);
            ASSERT_FALSE(img.rgba.empty());
            int covered = 0;
            for (uint32_t yf = 0; yf < kH; ++yf)
               for (uint32_t xf = 0; xf < kW; ++xf) {
                  const uint8_t *p = img.pixel(xf, fbo ? yf : kH - 1 - yf);
                  const bool inside = std::fabs(xf + 0.5f - xw) < 4.0f && std::fabs(yf + 0.5f - yw) < 4.0f;
                  ASSERT_EQ(p[3] != 0, inside) << what << ": pixel " << xf << ", " << yf;
                  if (!inside)
                     continue;
                  ++covered;
                  const double ds = (xf + 0.5 - xw) / 8.0, dt = (yf + 0.5 - yw) / 8.0;
                  const double want_s = replace ? 0.5 + ds : 0.25;
                  const double want_t = replace ? (origin == GL_LOWER_LEFT ? 0.5 + dt : 0.5 - dt) : 0.75;
                  EXPECT_NEAR(p[0] / 255.0, want_s, 0.6 / 255) << what << ": s at " << xf << ", " << yf;
                  EXPECT_NEAR(p[1] / 255.0, want_t, 0.6 / 255) << what << ": t at " << xf << ", " << yf;
               }
            EXPECT_EQ(covered, 64) << what;
            // A polygon whose front is drawn as points and whose back is filled, under sprites:
            // GL's sprites at its vertices when it faces front (the device's own POINT-mode
            // point size is not GL's, so the CPU draws them as points), filled when it faces
            // back; wound the other way, the other.
            if (replace && fbo && origin == GL_LOWER_LEFT) {
               pipe_rasterizer_state points = s;
               points.fill_front = PIPE_POLYGON_MODE_POINT;
               points.fill_back = PIPE_POLYGON_MODE_FILL;
               pipe_rasterizer_state filled = s;
               filled.fill_front = filled.fill_back = PIPE_POLYGON_MODE_FILL;
               raster_request tri = r;
               tri.prim = PIPE_PRIM_TRIANGLES;
               tri.vertices = {at(4, 4), at(20, 4), at(4, 20)};
               raster_request reversed = tri, corners = tri;
               reversed.vertices = {tri.vertices[2], tri.vertices[1], tri.vertices[0]};
               corners.prim = PIPE_PRIM_POINTS;
               const raster_image a = draw(points, tri), b = draw(points, reversed), sprites = draw(s, corners),
                                  fill = draw(filled, tri);
               ASSERT_FALSE(a.rgba.empty() || b.rgba.empty() || sprites.rgba.empty() || fill.rgba.empty());
               EXPECT_NE(a.rgba == sprites.rgba, a.rgba == fill.rgba) << what << ": the sprites or the fill";
               EXPECT_EQ(b.rgba == sprites.rgba, a.rgba == fill.rgba) << what << ": the other winding, the other";
            }
         }
}

// What the stipple in the shader cannot count is refused by name, the draw left undone: polygon
// edges Vulkan's LINE mode makes (no segment of the draw's own), a segment clipping would cut
// (GL counts from the cut), a line not drawn by the diamond-exit rule, an end on a diamond's
// boundary.
TEST_F(SampleRasterNoStippledLines, WhatTheStippleInTheShaderCannotCountIsRefusedByName) {
   pipe_rasterizer_state s = gl_default();
   s.line_stipple_enable = 1;
   struct refusal {
      const char *what;
      pipe_prim_type prim;
      std::vector<raster_vertex> vertices;
      bool polygon_lines, smooth;
      const char *says;
   };
   raster_vertex outside = at(10.5f, 10.5f);
   outside.position[0] = -1.5f;
   const refusal cases[] = {
      {"a triangle in LINE mode", PIPE_PRIM_TRIANGLES, {at(4.5f, 4.5f), at(40.5f, 4.5f), at(4.5f, 40.5f)}, true, false,
       "polygons drawn as lines under the line stipple in the shader"},
      {"a segment leaving the clip volume", PIPE_PRIM_LINES, {outside, at(40.5f, 10.5f)}, false, false,
       "outside the clip volume"},
      {"a smooth line", PIPE_PRIM_LINE_STRIP, {at(4.5f, 4.5f), at(40.5f, 9.5f)}, false, true,
       "counts the fragments of Bresenham lines"},
      {"an end on a diamond's boundary", PIPE_PRIM_LINES, {at(4.5f, 4.5f), at(40.0f, 4.5f)}, false, false,
       "lies on a fragment diamond's boundary"},
   };
   for (const refusal &c : cases) {
      pipe_rasterizer_state st = s;
      if (c.polygon_lines)
         st.fill_front = st.fill_back = PIPE_POLYGON_MODE_LINE;
      st.line_smooth = c.smooth;
      const zink_rasterizer_state z = translate(st);
      raster_request r;
      r.prim = c.prim;
      r.vertices = c.vertices;
      r.width = kW;
      r.height = kH;
      raster_image img;
      std::string error;
      EXPECT_FALSE(sample_raster_draw(*screen, z, r, &img, &error)) << c.what;
      EXPECT_NE(error.find(c.says), std::string::npos) << c.what << ": " << error;
      EXPECT_TRUE(img.rgba.empty()) << c.what << ": nothing drawn";
   }
}

// Every emulation bit zink_create_rasterizer sets is one the draw does; a bit it does not know
// (a state made elsewhere) is refused with its number, nothing drawn.
TEST_F(SampleRaster, AStateNeedingAnEmulationTheDrawLacksIsRefusedByName) {
   zink_rasterizer_state z = translate(gl_default());
   z.emulate |= 1u << ZINK_RAST_EMU_COUNT_BITS;
   raster_request r;
   r.prim = PIPE_PRIM_LINES;
   r.vertices = {at(8.5f, 8.5f), at(20.5f, 8.5f)};
   r.width = kW;
   r.height = kH;
   raster_image img;
   std::string error;
   EXPECT_FALSE(sample_raster_draw(*screen, z, r, &img, &error));
   EXPECT_NE(error.find("does not do: bit " + std::to_string(ZINK_RAST_EMU_COUNT_BITS)), std::string::npos) << error;
   EXPECT_TRUE(img.rgba.empty());
}

// Rule Z14 in the draw: a smooth point of size 9 at (10.3, 10.7) (framebuffer coordinates) is its
// circle (radius 4.5): pixel
// (10, 10), whose farthest corner lies hypot(0.7, 0.7) from the centre, is drawn; pixel (14, 14),
// whose nearest corner lies hypot(3.7, 3.3) = 4.96 away, is not, though the square of side 9 holds
// its centre, as the device's own point shows without smoothing.
TEST_F(SampleRaster, ASmoothPointIsDrawnAsItsCircleNotItsSquare) {
   pipe_rasterizer_state s = gl_default();
   s.point_size_per_vertex = 0;
   s.point_size = 9.0f;
   raster_request r;
   r.prim = PIPE_PRIM_POINTS;
   r.vertices = {at(10.3f, 10.7f)};
   r.width = kW;
   r.height = kH;
   raster_image square, round;
   std::string error;
   ASSERT_TRUE(sample_raster_draw(*screen, translate(s), r, &square, &error)) << error;
   s.point_smooth = 1;
   ASSERT_TRUE(translate(s).emulate & ZINK_RAST_EMU_POINT_SMOOTH);
   ASSERT_TRUE(sample_raster_draw(*screen, translate(s), r, &round, &error)) << error;
   EXPECT_TRUE(lit(round, 10, 10));
   EXPECT_TRUE(lit(square, 14, 14));
   EXPECT_FALSE(lit(round, 14, 14));
}

// Rule Z5 on the CPU without smoothLines: each smooth segment drawn as the rectangle of GL's
// antialiasing (compatibility §14.5.3), a fragment for each pixel whose square it meets, alpha
// scaled by the area they share.
constexpr char kNoSmoothLines[] = R"({"disable_features": ["smoothLines"]})";
using SampleRasterNoSmoothLines = SampleRasterWith<kNoSmoothLines>;

// A width-3 segment from (8, 8.5) to (40, 24.5) (framebuffer coordinates; direction (2, 1) / √5):
// its rectangle holds pixel (24, 16) whole (the square's centre lies 0.22 across the segment, its
// corners at most 0.89, under the half width 1.5) and misses pixel (24, 19) (centre 2.46 across,
// nearest corner 1.79); pixel (24, 18), its centre 1.57 across and its nearest corner 0.90, is
// covered in part; there are no caps: pixels (5, 7) and (42, 25) lie more than 2 beyond the ends
// along the segment.
TEST_F(SampleRasterNoSmoothLines, ASmoothLineIsDrawnAsItsRectangle) {
   pipe_rasterizer_state s = gl_default();
   s.line_width = 3.0f;
   s.line_smooth = 1;
   ASSERT_TRUE(translate(s).emulate & ZINK_RAST_EMU_LINE_SMOOTH);
   raster_request r;
   r.prim = PIPE_PRIM_LINES;
   r.vertices = {at(8.0f, 8.5f), at(40.0f, 24.5f)};
   const raster_image img = draw(s, r);
   ASSERT_FALSE(img.rgba.empty());
   EXPECT_EQ(img.pixel(24, 16)[3], 255) << "a pixel the rectangle holds whole";
   EXPECT_FALSE(lit(img, 24, 19)) << "a pixel the rectangle misses";
   EXPECT_GT(img.pixel(24, 18)[3], 0) << "a pixel the rectangle covers in part";
   EXPECT_LT(img.pixel(24, 18)[3], 128) << "its centre lies beyond the half width: less than half covered";
   EXPECT_EQ(img.pixel(24, 18)[0], 255) << "coverage scales alpha only";
   EXPECT_FALSE(lit(img, 5, 7)) << "beyond the segment's first end (no cap)";
   EXPECT_FALSE(lit(img, 42, 25)) << "beyond its second end";
   expect_no_validation_messages(*screen);
}

// GL clamps the fragment's colour for the fixed-point buffer, then coverage scales alpha (§17.1):
// an alpha of 2 (vertex colour clamping off) still gives a pixel covered 0.8 the alpha 0.8. A
// horizontal width-3 line along y = 10.3 covers rows 8.8 to 11.8.
TEST_F(SampleRasterNoSmoothLines, CoverageScalesTheClampedAlpha) {
   pipe_rasterizer_state s = gl_default();
   s.line_width = 3.0f;
   s.line_smooth = 1;
   raster_request r;
   r.prim = PIPE_PRIM_LINES;
   r.vertices = {at(4.5f, 10.3f), at(27.5f, 10.3f)};
   for (raster_vertex &v : r.vertices)
      v.color[3] = 2.0f;
   const raster_image img = draw(s, r);
   ASSERT_FALSE(img.rgba.empty());
   EXPECT_NEAR(img.pixel(16, 11)[3], 0.8 * 255, 1.0) << "row 11: y 11 to 11.8";
   EXPECT_NEAR(img.pixel(16, 8)[3], 0.2 * 255, 1.0) << "row 8: y 8.8 to 9";
   EXPECT_EQ(img.pixel(16, 10)[3], 255);
   expect_no_validation_messages(*screen);
}

// GL clamps the ends' colours (vertex colour clamping), interpolates them by t, which runs on past
// the ends (§14.5.1), and clamps the fragment's colour as the buffer stores it. A width-3 segment
// from (9.8, 10.5) to (14.2, 10.5), length 4.4, red 0.1 at the first end and 1.5 (clamped to 1)
// at the second: pixel (9, 10), a fifth covered, has its centre at t = −0.3 / 4.4, red
// 0.1 − 0.9 × 0.068 = 0.0386 (the cap's far corner, at t = −0.75 / 4.4, lies below 0: clamping
// it there would give 0.06); pixel (12, 10)'s at t = 2.7 / 4.4, red 0.652 (0.959 unclamped);
// pixel (14, 10)'s at t = 4.7 / 4.4, red above 1, stored 1.
TEST_F(SampleRasterNoSmoothLines, UnderVertexColourClampingTheCapsExtrapolateTheClampedEnds) {
   pipe_rasterizer_state s = gl_default();
   s.line_width = 3.0f;
   s.line_smooth = 1;
   raster_request r;
   r.prim = PIPE_PRIM_LINES;
   r.vertices = {at(9.8f, 10.5f, 0.5f, 0.1f), at(14.2f, 10.5f, 0.5f, 1.5f)};
   r.clamp_vertex_color = true;
   const raster_image img = draw(s, r);
   ASSERT_FALSE(img.rgba.empty());
   EXPECT_NEAR(img.pixel(9, 10)[0], (0.1 - 0.9 * 0.3 / 4.4) * 255, 1.5) << "before the first end";
   EXPECT_NEAR(img.pixel(9, 10)[3], 0.2 * 255, 1.5) << "a fifth covered";
   EXPECT_NEAR(img.pixel(12, 10)[0], (0.1 + 0.9 * 2.7 / 4.4) * 255, 1.5) << "the clamped second end";
   EXPECT_EQ(img.pixel(14, 10)[0], 255) << "past the second end, above 1";
   expect_no_validation_messages(*screen);
}

// Every pixel of random single segments, widths 1 to 5 (whole and not), any slope: alpha is the
// reference's coverage (ref_segment_coverage, the area the rectangle and the square share,
// written from §14.5.3) within 1.5 / 255, and a pixel whose square the rectangle misses (or only
// touches) gets no fragment.
TEST_F(SampleRasterNoSmoothLines, ThePixelsAPartlyCoversTakeTheAreaAsAlpha) {
   test_rng rng{777u};
   auto coordinate = [&] { return rng.coordinate(6.0f, 52); };
   int partial = 0, bad = 0;
   for (int round = 0; round < 12; ++round) {
      raster_request r;
      r.prim = PIPE_PRIM_LINES;
      const float ax = coordinate(), ay = coordinate(), bx = coordinate(), by = coordinate();
      r.vertices = {at(ax, ay), at(bx, by)};
      r.width = kW;
      r.height = kH;
      pipe_rasterizer_state s = gl_default();
      s.line_smooth = 1;
      s.line_width = 1.0f + static_cast<float>(round % 5) + (round >= 6 ? 0.4f : 0.0f);
      const raster_image img = draw(s, r);
      ASSERT_FALSE(img.rgba.empty());
      // The segment's ends as the draw puts them (clip coordinates are floats).
      const double x0 = (r.vertices[0].position[0] + 1.0) * kW / 2, y0 = (r.vertices[0].position[1] + 1.0) * kH / 2;
      const double x1 = (r.vertices[1].position[0] + 1.0) * kW / 2, y1 = (r.vertices[1].position[1] + 1.0) * kH / 2;
      for (uint32_t y = 0; y < kH; ++y)
         for (uint32_t x = 0; x < kW; ++x) {
            const double area = ref::ref_segment_coverage(x0, y0, x1, y1, s.line_width, x, y);
            const uint8_t *p = img.pixel(x, y);
            partial += area > 0.0 && area < 1.0;
            // Within float noise of 0 (a square the rectangle only touches, or nearly) the draw
            // may drop the fragment or write alpha 0.
            const bool ok = area == 0.0   ? p[3] == 0 && p[0] == 0
                            : area < 1e-5 ? p[3] == 0
                                          : std::fabs(p[3] - 255.0 * area) <= 1.5 && p[0] == 255;
            if (!ok && ++bad <= 10)
               ADD_FAILURE() << "round " << round << " (" << x0 << ", " << y0 << ") to (" << x1 << ", " << y1
                             << ") width " << s.line_width << ": pixel " << x << ", " << y << " has alpha "
                             << int(p[3]) << " (red " << int(p[0]) << "), coverage " << area;
         }
   }
   EXPECT_EQ(bad, 0);
   EXPECT_GT(partial, 300) << "the rounds cover pixels in part";
   expect_no_validation_messages(*screen);
}

// Random lines, strips and loops, of widths 1 to 5, smooth and flat colours in both conventions,
// against the device's own smooth lines (lavapipe's RECTANGULAR_SMOOTH lines, an independent
// implementation of §14.5.3): where both draw a pixel its colour is the same (within 2, 3 where
// either covers it in part), and its alpha (the coverage, which GL lets an implementation
// approximate) within 0.1 (conformance's tolerance for coverage); where one draws nothing the
// other's coverage is below 0.1 (lavapipe leaves out fragments of little coverage). Pixels two
// segments come within a pixel of are not judged: which fragment lands last there depends on that
// leaving out.
TEST_F(SampleRasterNoSmoothLines, SmoothLinesAsRectanglesMatchTheDevicesOwnWithinCoverageTolerance) {
   std::string error;
   const std::unique_ptr<zink_screen> device_smooth = make_screen("", &error);
   ASSERT_TRUE(device_smooth) << error;
   if (!device_smooth->device_caps().smooth_lines)
      GTEST_SKIP() << "the device has no smooth lines to compare with";
   test_rng rng{4242u};
   auto coordinate = [&] { return rng.coordinate(6.0f, 52); };
   constexpr int kAlphaTolerance = 25;  // 0.1 of 255, rounded down
   int both = 0, partial = 0, bad = 0;
   for (int round = 0; round < 18; ++round) {
      raster_request r;
      r.prim = round % 3 == 0 ? PIPE_PRIM_LINES : round % 3 == 1 ? PIPE_PRIM_LINE_STRIP : PIPE_PRIM_LINE_LOOP;
      r.flat = (round / 9) % 2 == 1;
      for (uint32_t k = 0; k < 4; ++k)
         r.vertices.push_back(at(coordinate(), coordinate(), 0.25f + 0.125f * k, (k + 1) * 0.2f, 1.0f - k * 0.2f));
      r.width = kW;
      r.height = kH;
      pipe_rasterizer_state s = gl_default();
      s.line_smooth = 1;
      s.line_width = 1.0f + static_cast<float>(round % 5);
      s.flatshade_first = static_cast<uint8_t>(round % 2);
      raster_image rectangles, device;
      ASSERT_TRUE(sample_raster_draw(*screen, translate(s), r, &rectangles, &error)) << error;
      const zink_rasterizer_state own = zink_create_rasterizer(device_smooth->device_caps(), cso_normalize_rasterizer(s));
      ASSERT_FALSE(own.emulate & ZINK_RAST_EMU_LINE_SMOOTH);
      ASSERT_TRUE(sample_raster_draw(*device_smooth, own, r, &device, &error)) << error;
      // The segments' ends in framebuffer coordinates, in drawing order.
      std::vector<std::array<double, 4>> segments;
      const size_t n = r.vertices.size();
      for (size_t i = 0; i + 1 < n || (r.prim == PIPE_PRIM_LINE_LOOP && i + 1 == n); i += r.prim == PIPE_PRIM_LINES ? 2 : 1) {
         const float *p = r.vertices[i].position, *q = r.vertices[(i + 1) % n].position;
         segments.push_back({(p[0] + 1.0) * kW / 2, (p[1] + 1.0) * kH / 2, (q[0] + 1.0) * kW / 2, (q[1] + 1.0) * kH / 2});
      }
      // Whether the segment's rectangle, a pixel longer at each end and wider on each side,
      // meets the pixel's square.
      const auto near = [](const std::array<double, 4> &g, float width, uint32_t x, uint32_t y) {
         const double len = std::hypot(g[2] - g[0], g[3] - g[1]);
         if (len == 0.0)
            return false;
         const double ux = (g[2] - g[0]) / len, uy = (g[3] - g[1]) / len;
         return ref::ref_segment_coverage(g[0] - ux, g[1] - uy, g[2] + ux, g[3] + uy, width + 2.0, x, y) > 0.0;
      };
      for (uint32_t y = 0; y < kH; ++y)
         for (uint32_t x = 0; x < kW; ++x) {
            int nearing = 0;
            for (const auto &g : segments)
               nearing += near(g, s.line_width, x, y);
            if (nearing > 1)
               continue;
            const uint8_t *a = rectangles.pixel(x, y), *b = device.pixel(x, y);
            const bool drawn_a = a[3] != 0 || a[0] != 0 || a[1] != 0 || a[2] != 0,
                       drawn_b = b[3] != 0 || b[0] != 0 || b[1] != 0 || b[2] != 0;
            bool ok = std::abs(int(a[3]) - int(b[3])) <= kAlphaTolerance;
            if (drawn_a && drawn_b) {
               ++both;
               partial += a[3] < 255;
               // Smooth colours within 3 off whole coverage: lavapipe interpolates them over a
               // line's fringe by a plane of its own, measured up to 3 from GL's t (§14.5.1).
               const int colour_tolerance = a[3] == 255 && b[3] == 255 ? 2 : 3;
               for (int c = 0; c < 3; ++c)
                  ok = ok && std::abs(int(a[c]) - int(b[c])) <= colour_tolerance;
            }
            if (!ok && ++bad <= 10)
               ADD_FAILURE() << "round " << round << " (width " << s.line_width << "): pixel (" << x << ", " << y
                             << ") is " << int(a[0]) << "," << int(a[1]) << "," << int(a[2]) << "," << int(a[3])
                             << " by the rectangles, " << int(b[0]) << "," << int(b[1]) << "," << int(b[2]) << ","
                             << int(b[3]) << " by the device's smooth line";
         }
   }
   EXPECT_EQ(bad, 0) << "of " << both << " pixels both draw";
   EXPECT_GT(partial, 500) << "the rounds cover pixels in part";
   expect_no_validation_messages(*device_smooth);
}

// GL draws a LINE-mode polygon's boundary edges as line segments (§14.6.4): with smooth lines
// emulated they go through the CPU's polygon modes to the same rectangles as a line loop of
// its vertices in the same flat colour draws.
TEST_F(SampleRasterNoSmoothLines, APolygonInLineModeDrawsItsEdgesAsSmoothRectangles) {
   pipe_rasterizer_state s = gl_default();
   s.line_smooth = 1;
   s.line_width = 3.0f;
   raster_request loop;
   loop.prim = PIPE_PRIM_LINE_LOOP;
   loop.vertices = {at(6.3f, 8.1f), at(55.7f, 14.6f), at(20.2f, 57.9f)};
   raster_request triangle = loop;
   triangle.prim = PIPE_PRIM_TRIANGLES;
   const raster_image lines = draw(s, loop);
   s.fill_front = s.fill_back = PIPE_POLYGON_MODE_LINE;
   ASSERT_TRUE(translate(s).emulate & ZINK_RAST_EMU_LINE_SMOOTH);
   const raster_image edges = draw(s, triangle);
   ASSERT_FALSE(lines.rgba.empty() || edges.rgba.empty());
   EXPECT_TRUE(lines.rgba == edges.rgba) << "the edges are the loop's rectangles";
   EXPECT_FALSE(lit(edges, 28, 28)) << "the interior";
   EXPECT_TRUE(lit(edges, 30, 11)) << "the first edge";
}

// Without VK_EXT_provoking_vertex too: the pipeline cannot take GL's last-vertex convention for
// lines (reversing a line moves its stipple and its last pixel), but the rectangles carry the
// provoking vertex's flat colour at every corner: flat strips and lines in that convention come
// out as on a device with the extension.
constexpr char kNoSmoothLinesNoProvokingExt[] = R"({"disable_features": ["smoothLines"], "disable_extensions": ["VK_EXT_provoking_vertex"]})";
using SampleRasterNoSmoothLinesNoProvokingExt = SampleRasterWith<kNoSmoothLinesNoProvokingExt>;

TEST_F(SampleRasterNoSmoothLinesNoProvokingExt, LastVertexFlatSmoothLinesNeedNoReordering) {
   std::string error;
   const std::unique_ptr<zink_screen> with_ext = make_screen(kNoSmoothLines, &error);
   ASSERT_TRUE(with_ext) << error;
   if (!with_ext->device_caps().provoking_vertex_last)
      GTEST_SKIP() << "the device has no VK_EXT_provoking_vertex to compare with";
   pipe_rasterizer_state s = gl_default();
   s.line_smooth = 1;
   s.line_width = 3.0f;
   s.flatshade = 1;
   s.flatshade_first = 0;
   int reported = 0;
   for (pipe_prim_type prim : {PIPE_PRIM_LINES, PIPE_PRIM_LINE_STRIP, PIPE_PRIM_LINE_LOOP}) {
      raster_request r;
      r.prim = prim;
      r.flat = true;
      r.vertices = {at(6.2f, 8.7f, 0.5f, 0.2f), at(50.6f, 14.1f, 0.5f, 0.4f), at(30.3f, 55.8f, 0.5f, 0.6f),
                    at(9.9f, 40.2f, 0.5f, 0.8f)};
      r.width = kW;
      r.height = kH;
      raster_image without, with;
      ASSERT_TRUE(sample_raster_draw(*screen, translate(s), r, &without, &error)) << error;
      ASSERT_TRUE(sample_raster_draw(*with_ext, zink_create_rasterizer(with_ext->device_caps(), cso_normalize_rasterizer(s)),
                                     r, &with, &error))
         << error;
      EXPECT_EQ(count_differences(without, with, "prim " + std::to_string(prim), "the rectangles without the extension",
                                  "with it", &reported, 0),
                0);
      EXPECT_TRUE(lit(with, 28, 11)) << "prim " << prim << ": the first segment is drawn";
   }
   expect_no_validation_messages(*with_ext);
}

TEST_F(SampleRasterNoSmoothLines, WhatRectanglesCannotDrawIsRefusedByName) {
   pipe_rasterizer_state s = gl_default();
   s.line_smooth = 1;
   raster_request r;
   r.prim = PIPE_PRIM_LINE_STRIP;
   r.vertices = {at(8.5f, 8.5f), at(40.5f, 20.5f), at(80.5f, 20.5f)};  // the last beyond x = w
   r.width = kW;
   r.height = kH;
   raster_image img;
   std::string error;
   EXPECT_FALSE(sample_raster_draw(*screen, translate(s), r, &img, &error));
   EXPECT_NE(error.find("vertex 2 of a smooth line lies outside the clip volume"), std::string::npos) << error;
   r.vertices.pop_back();
   // Beyond the far plane: GL clips the segment there first, and the coverage would be worked out
   // from the unclipped end.
   r.vertices[1].position[2] = 1.5f;
   EXPECT_FALSE(sample_raster_draw(*screen, translate(s), r, &img, &error));
   EXPECT_NE(error.find("vertex 1 of a smooth line lies outside the clip volume"), std::string::npos) << error;
   s.depth_clip_near = s.depth_clip_far = 0;  // depth clamping: nothing is clipped at z
   EXPECT_TRUE(sample_raster_draw(*screen, translate(s), r, &img, &error)) << error;
   img = {};
   s.line_stipple_enable = 1;
   EXPECT_FALSE(sample_raster_draw(*screen, translate(s), r, &img, &error));
   EXPECT_NE(error.find("stippled smooth lines without smoothLines"), std::string::npos) << error;
   EXPECT_TRUE(img.rgba.empty());
}

TEST_F(SampleRaster, BadRequestsNameWhatIsWrong) {
   raster_request r;
   r.vertices = {at(0, 0)};
   r.indices = {0, 1, 0};
   raster_image img;
   std::string error;
   EXPECT_FALSE(sample_raster_draw(*screen, translate(gl_default()), r, &img, &error));
   EXPECT_NE(error.find("index 1 is 1 but there are 1 vertices"), std::string::npos) << error;
   r.indices.clear();
   r.width = 0;
   EXPECT_FALSE(sample_raster_draw(*screen, translate(gl_default()), r, &img, &error));
   EXPECT_NE(error.find("0x32 target"), std::string::npos) << error;
}
