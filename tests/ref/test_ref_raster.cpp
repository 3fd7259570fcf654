// The reference rasterizer: each GL rule on a hand-computed pixel (GL 4.6 §13.7, §13.8, §14.4, §14.5, §14.6, table 13.2).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <tuple>

#include "clampler/ref/ref_raster.h"

using namespace clampler;
using namespace clampler::ref;

namespace {

// A vertex at window position (x, y) of a 32x32 framebuffer, window depth zw (default clip mode).
ref_raster_vertex at(double x, double y, double zw = 0.5, double red = 1.0) {
   ref_raster_vertex v;
   v.clip[0] = x / 16.0 - 1.0;
   v.clip[1] = y / 16.0 - 1.0;
   v.clip[2] = 2.0 * zw - 1.0;
   v.color[0] = red;
   return v;
}

ref_raster_pixel pixel(const gl_raster_attrib &r, const ref_raster_draw &d, uint32_t x, uint32_t y) {
   std::string why;
   const auto p = ref_raster_pixel_at(r, d, x, y, &why);
   EXPECT_TRUE(p.has_value()) << why;
   return p.value_or(ref_raster_pixel{});
}

}  // namespace

TEST(RefRaster, APixelIsCoveredWhenItsCentreIsInsideAndKeepsTheClearValuesOtherwise) {
   ref_raster_draw d;
   d.vertices = {at(0, 0), at(16, 0), at(0, 16)};
   gl_raster_attrib r;
   EXPECT_TRUE(pixel(r, d, 2, 2).covered);
   const ref_raster_pixel out = pixel(r, d, 20, 20);
   EXPECT_FALSE(out.covered);
   EXPECT_EQ(out.depth, 1.0);
   EXPECT_EQ(out.color[3], 0.0);
}

TEST(RefRaster, CullingFollowsTheWindowCoordinateWindingAndTheFrontFace) {
   ref_raster_draw ccw, cw;
   ccw.vertices = {at(0, 0), at(16, 0), at(0, 16)};  // counter-clockwise, y up
   cw.vertices = {at(0, 0), at(0, 16), at(16, 0)};
   gl_raster_attrib r;
   r.CullFace = true;  // GL_BACK
   EXPECT_TRUE(pixel(r, ccw, 2, 2).covered);
   EXPECT_FALSE(pixel(r, cw, 2, 2).covered);
   r.FrontFace = GL_CW;
   EXPECT_FALSE(pixel(r, ccw, 2, 2).covered);
   EXPECT_TRUE(pixel(r, cw, 2, 2).covered);
   // glClipControl(GL_UPPER_LEFT): y is flipped, and the area's sign negated, so the triangle
   // counter-clockwise in clip space still faces front under GL_CCW.
   r.FrontFace = GL_CCW;
   r.ClipOrigin = GL_UPPER_LEFT;
   EXPECT_TRUE(pixel(r, ccw, 2, 29).covered);
   EXPECT_FALSE(pixel(r, cw, 2, 29).covered);
   r.FrontFace = GL_CW;
   EXPECT_FALSE(pixel(r, ccw, 2, 29).covered);
}

TEST(RefRaster, FlatShadingTakesTableThirteenTwosVertex) {
   EXPECT_EQ(ref_provoking_vertex(PIPE_PRIM_TRIANGLE_FAN, 2, true, false), 3u);   // the second vertex of (0, 3, 4)
   EXPECT_EQ(ref_provoking_vertex(PIPE_PRIM_QUADS, 1, true, false), 7u);         // last, quads not following
   EXPECT_EQ(ref_provoking_vertex(PIPE_PRIM_QUADS, 1, true, true), 4u);
   EXPECT_EQ(ref_provoking_vertex(PIPE_PRIM_QUAD_STRIP, 1, false, true), 5u);
   EXPECT_EQ(ref_provoking_vertex(PIPE_PRIM_POLYGON, 0, false, true), 0u);
   ref_raster_draw d;
   d.flat = true;
   d.vertices = {at(0, 0, 0.5, 0.25), at(16, 0, 0.5, 0.5), at(0, 16, 0.5, 0.75)};
   gl_raster_attrib r;
   EXPECT_EQ(pixel(r, d, 2, 2).color[0], 0.75);
   r.ProvokingVertex = GL_FIRST_VERTEX_CONVENTION;
   EXPECT_EQ(pixel(r, d, 2, 2).color[0], 0.25);
}

// GL 2.1, page 63: in two-sided colour mode (GL_VERTEX_PROGRAM_TWO_SIDE) a back-facing polygon
// takes the back colours, a front-facing one the front colours; otherwise always the front.
TEST(RefRaster, TwoSidedColourGivesOnlyBackFacingPolygonsTheBackColours) {
   ref_raster_draw ccw, cw;
   ccw.vertices = {at(0, 0), at(16, 0), at(0, 16)};
   cw.vertices = {at(0, 0), at(0, 16), at(16, 0)};
   for (ref_raster_draw *d : {&ccw, &cw})
      for (ref_raster_vertex &v : d->vertices) {
         v.color[0] = 0.25;
         v.back_color[1] = 0.5;
      }
   gl_raster_attrib r;
   EXPECT_EQ(pixel(r, cw, 2, 2).color[0], 0.25) << "one-sided: the front colour on a back face";
   r.VertexProgramTwoSide = true;
   EXPECT_EQ(pixel(r, ccw, 2, 2).color[0], 0.25);
   EXPECT_EQ(pixel(r, ccw, 2, 2).color[1], 0.0);
   EXPECT_EQ(pixel(r, cw, 2, 2).color[0], 0.0);
   EXPECT_EQ(pixel(r, cw, 2, 2).color[1], 0.5);
   r.FrontFace = GL_CW;  // the facing decides, not the winding
   EXPECT_EQ(pixel(r, ccw, 2, 2).color[1], 0.5);
   EXPECT_EQ(pixel(r, cw, 2, 2).color[0], 0.25);
   // Smooth back colours interpolate like the front ones; flat ones take the provoking vertex's.
   r.FrontFace = GL_CCW;
   cw.vertices[1].back_color[1] = 1.0;  // at (0, 16)
   EXPECT_DOUBLE_EQ(pixel(r, cw, 0, 7).color[1], 0.5 + 0.5 * 7.5 / 16.0);
   cw.flat = true;
   EXPECT_EQ(pixel(r, cw, 2, 2).color[1], 0.5) << "the last vertex, (16, 0)";
   r.ProvokingVertex = GL_FIRST_VERTEX_CONVENTION;
   cw.vertices[0].back_color[1] = 0.125;
   EXPECT_EQ(pixel(r, cw, 2, 2).color[1], 0.125);
}

TEST(RefRaster, SmoothColoursInterpolateLinearlyAtThePixelCentre) {
   ref_raster_draw d;
   d.vertices = {at(0, 0, 0.5, 0.0), at(32, 0, 0.5, 1.0), at(0, 32, 0.5, 0.0)};
   gl_raster_attrib r;
   EXPECT_DOUBLE_EQ(pixel(r, d, 8, 2).color[0], 8.5 / 32.0);
}

// Red 0 at x = 0 and 4 at x = 32: the pixel centre x = 8.5 weighs the second vertex 8.5 / 32.
// Clamped first (GL_CLAMP_VERTEX_COLOR TRUE, the default, or FIXED_ONLY on this fixed-point
// target): 1 · 8.5 / 32; interpolated as given (FALSE): 4 · 8.5 / 32 = 1.0625, which the
// fixed-point buffer stores as 1; a core context has no vertex colour clamping. The same for
// the back colours a back face takes.
TEST(RefRaster, VertexColourClampingClampsBeforeInterpolatingAndTheBufferAfter) {
   ref_raster_draw d;
   d.vertices = {at(0, 0, 0.5, 0.0), at(32, 0, 0.5, 4.0), at(0, 32, 0.5, 0.0)};
   d.vertices[1].color[1] = -2.0;
   gl_raster_attrib r;
   EXPECT_DOUBLE_EQ(pixel(r, d, 8, 2).color[0], 8.5 / 32.0);
   EXPECT_DOUBLE_EQ(pixel(r, d, 8, 2).color[1], 0.0);
   r.ClampVertexColor = GL_FIXED_ONLY;
   EXPECT_DOUBLE_EQ(pixel(r, d, 8, 2).color[0], 8.5 / 32.0);
   r.ClampVertexColor = GL_FALSE;
   EXPECT_DOUBLE_EQ(pixel(r, d, 8, 2).color[0], 1.0);
   EXPECT_DOUBLE_EQ(pixel(r, d, 4, 2).color[0], 4.0 * 4.5 / 32.0);  // 0.5625, inside [0, 1]
   EXPECT_DOUBLE_EQ(pixel(r, d, 8, 2).color[1], 0.0);
   r.ClampVertexColor = GL_TRUE;
   d.core_profile = true;
   EXPECT_DOUBLE_EQ(pixel(r, d, 4, 2).color[0], 4.0 * 4.5 / 32.0);
   // A clockwise triangle's back colours under two-sided colour.
   ref_raster_draw back;
   back.vertices = {at(0, 0), at(0, 32), at(32, 0)};
   for (ref_raster_vertex &v : back.vertices)
      v.back_color[0] = 0.0;
   back.vertices[2].back_color[0] = 4.0;
   gl_raster_attrib two_side;
   two_side.VertexProgramTwoSide = true;
   EXPECT_DOUBLE_EQ(pixel(two_side, back, 4, 2).color[0], 4.5 / 32.0);
   two_side.ClampVertexColor = GL_FALSE;
   EXPECT_DOUBLE_EQ(pixel(two_side, back, 4, 2).color[0], 4.0 * 4.5 / 32.0);
}

TEST(RefRaster, PolygonOffsetUnitsAreTheFloatDepthsMinimumResolvableDifference) {
   // Flat at 0.5 (exponent -1): r = 2^-24; at 0.25: 2^-25.
   ref_raster_draw d;
   d.vertices = {at(0, 0, 0.5), at(32, 0, 0.5), at(0, 32, 0.5)};
   gl_raster_attrib r;
   r.OffsetFill = true;
   r.OffsetUnits = 8.0f;
   EXPECT_EQ(pixel(r, d, 4, 4).depth, 0.5 + 8.0 * std::ldexp(1.0, -24));
   d.vertices = {at(0, 0, 0.25), at(32, 0, 0.25), at(0, 32, 0.25)};
   EXPECT_EQ(pixel(r, d, 4, 4).depth, 0.25 + 8.0 * std::ldexp(1.0, -25));
}

// A primitive flat at depth 0: 0 has IEEE's denormal exponent −126, so r = 2^−149 (frexp's
// exponent for 0 gave 2^−24 before, which the random raster cases showed lavapipe, llvmpipe and
// softpipe all disagree with), and a denormal depth is stored as 0 (GL 4.6 §2.3.4.1).
TEST(RefRaster, AnOffsetFromDepthZeroIsTheSmallestDenormalStepAndFlushesToZero) {
   ref_raster_draw d;
   d.vertices = {at(0, 0, 0.0), at(32, 0, 0.0), at(0, 32, 0.0)};
   gl_raster_attrib r;
   r.OffsetFill = true;
   for (float units : {4.0f, -16.0f}) {
      r.OffsetUnits = units;
      EXPECT_EQ(pixel(r, d, 4, 4).depth, 0.0) << units;
   }
   // A small normal depth keeps its offset: 2^-20 + 4 · 2^-43.
   const double z = std::ldexp(1.0, -20);
   d.vertices = {at(0, 0, z), at(32, 0, z), at(0, 32, z)};
   r.OffsetUnits = 4.0f;
   EXPECT_EQ(pixel(r, d, 4, 4).depth, z + 4.0 * std::ldexp(1.0, -43));
}

TEST(RefRaster, TheOffsetExponentIsTakenAfterClippingToTheViewVolume) {
   // z from 0.25 (x = 0) to 1.25 (x = 64): inside the 32-pixel viewport it spans [0.25, 0.75],
   // so e = -1 and r = 2^-24, not the 2^-23 of the unclipped vertex at 1.25.
   ref_raster_draw d;
   d.vertices = {at(0, 0, 0.25), at(64, 0, 1.25), at(0, 64, 0.25)};
   gl_raster_attrib r;
   r.OffsetFill = true;
   r.OffsetUnits = 64.0f;
   const double m = 1.0 / 64.0;  // dz/dx
   EXPECT_DOUBLE_EQ(pixel(r, d, 4, 4).depth, 0.25 + 4.5 * m + 64.0 * std::ldexp(1.0, -24));
}

TEST(RefRaster, TheFactorScalesTheLargerSlopeAndTheClampBoundsTheOffset) {
   ref_raster_draw d;
   d.vertices = {at(0, 0, 0.25), at(32, 0, 0.75), at(0, 32, 0.25)};  // dz/dx = 1/64, dz/dy = 0
   gl_raster_attrib r;
   r.OffsetFill = true;
   r.OffsetFactor = 2.0f;
   EXPECT_DOUBLE_EQ(pixel(r, d, 4, 4).depth, 0.25 + 4.5 / 64.0 + 2.0 / 64.0);
   r.OffsetClamp = 0.01f;
   EXPECT_DOUBLE_EQ(pixel(r, d, 4, 4).depth, 0.25 + 4.5 / 64.0 + static_cast<double>(0.01f));
}

TEST(RefRaster, BeyondTheFarPlaneIsClippedUnlessDepthClampKeepsItAtOne) {
   ref_raster_draw d;
   d.vertices = {at(0, 0, 1.25), at(32, 0, 1.25), at(0, 32, 1.25)};
   gl_raster_attrib r;
   EXPECT_FALSE(pixel(r, d, 4, 4).covered);
   r.DepthClamp = true;
   EXPECT_EQ(pixel(r, d, 4, 4).depth, 1.0);
   r.DepthClamp = false;
   r.ClipDepthMode = GL_ZERO_TO_ONE;  // clip z 1.5 is now beyond far; clip z 0 is depth 0
   d.vertices = {at(0, 0, 0.5), at(32, 0, 0.5), at(0, 32, 0.5)};  // clip z 0
   EXPECT_EQ(pixel(r, d, 4, 4).depth, 0.0);
}

// §14.6.2: bit (x mod 32) of row (y mod 32), rows bottom-up, the most significant bit of a row's
// first byte the leftmost pixel (glPolygonStipple's unpacking); filled polygons only.
TEST(RefRaster, PolygonStippleKeepsThePixelsWhoseWindowBitIsSet) {
   ref_raster_draw d;
   d.vertices = {at(0, 0), at(64, 0), at(0, 64)};
   gl_raster_attrib r;
   r.PolygonStipple = true;
   r.StipplePattern.fill(0);
   r.StipplePattern[1] = 0x80000000u;  // row 1: pixel 0
   r.StipplePattern[3] = 0x00000001u;  // row 3: pixel 31
   EXPECT_TRUE(pixel(r, d, 0, 1).covered);
   EXPECT_FALSE(pixel(r, d, 1, 1).covered);
   EXPECT_FALSE(pixel(r, d, 0, 0).covered);
   EXPECT_TRUE(pixel(r, d, 31, 3).covered);
   EXPECT_FALSE(pixel(r, d, 30, 3).covered);
   EXPECT_TRUE(pixel(r, d, 0, 1 + 32 - 32).covered);
   EXPECT_FALSE(pixel(r, d, 0, 2).covered);
}

// Compatibility §14.6.4: a polygon in GL_LINE mode is drawn as its boundary edges (line
// segments, §14.5), in GL_POINT mode as its vertices (points, §14.4), each in the mode of its
// facing; polygon offset by the mode's enable (§14.6.5, m = 0 for a polygon of one depth); the
// polygon stipple applies to filled polygons only.
TEST(RefRaster, PolygonModesDrawTheEdgesOrTheVerticesInTheModeOfTheFacing) {
   ref_raster_draw d;
   d.flat = true;
   // Counter-clockwise; no edge at 45 degrees (its pixels would be GL's diamond-corner ties).
   d.vertices = {at(2.5, 2.5, 0.5, 0.25), at(20.5, 2.5, 0.5, 0.5), at(2.5, 14.5, 0.5, 0.75)};
   gl_raster_attrib r;
   r.FrontMode = GL_LINE;
   EXPECT_TRUE(pixel(r, d, 10, 2).covered) << "the bottom edge";
   EXPECT_TRUE(pixel(r, d, 2, 8).covered) << "the left edge";
   EXPECT_TRUE(pixel(r, d, 11, 8).covered) << "the sloped edge, through the pixel's centre";
   EXPECT_FALSE(pixel(r, d, 6, 6).covered) << "the interior";
   EXPECT_EQ(pixel(r, d, 10, 2).color[0], 0.75) << "flat: the polygon's provoking (last) vertex, on every edge";
   EXPECT_EQ(pixel(r, d, 10, 2).depth, 0.5);
   r.PolygonStipple = true;
   for (auto &row : r.StipplePattern)
      row = 0;  // no filled pixel would stay
   EXPECT_TRUE(pixel(r, d, 10, 2).covered) << "the polygon stipple leaves edges alone";
   ref_raster_draw mesa = d;
   mesa.stipple_unfilled = true;  // Mesa's deviation, for the differential's accepted entry
   EXPECT_FALSE(pixel(r, mesa, 10, 2).covered);
   r.PolygonStipple = false;
   r.OffsetFill = true;
   r.OffsetUnits = 4.0f;
   EXPECT_EQ(pixel(r, d, 10, 2).depth, 0.5) << "GL_POLYGON_OFFSET_FILL does not offset edges";
   r.OffsetLine = true;
   EXPECT_EQ(pixel(r, d, 10, 2).depth, 0.5 + 4 * std::ldexp(1.0, -24)) << "r = 2^(e - 23), e = -1 for 0.5";
   r.FrontMode = GL_POINT;
   r.PointSizeMax = 64.0f;  // what a context sets from its limits
   EXPECT_TRUE(pixel(r, d, 2, 2).covered) << "a vertex";
   EXPECT_FALSE(pixel(r, d, 10, 2).covered) << "no edge";
   EXPECT_EQ(pixel(r, d, 2, 2).depth, 0.5) << "GL_POLYGON_OFFSET_LINE does not offset points";
   // The back face's mode for a back-facing polygon.
   r = gl_raster_attrib{};
   r.BackMode = GL_LINE;
   EXPECT_TRUE(pixel(r, d, 6, 6).covered) << "front-facing: filled";
   ref_raster_draw cw = d;
   std::swap(cw.vertices[1], cw.vertices[2]);
   EXPECT_FALSE(pixel(r, cw, 6, 6).covered) << "back-facing: its edges only";
   EXPECT_TRUE(pixel(r, cw, 10, 2).covered);
   // Near a vertex a line may gain or lose its end fragment: refused.
   std::string why;
   EXPECT_FALSE(ref_raster_pixel_at(r, cw, 3, 2, &why).has_value());
   EXPECT_NE(why.find("end"), std::string::npos) << why;
}

TEST(RefRaster, WhatItDoesNotModelIsRefusedWithAReason) {
   ref_raster_draw d;
   d.vertices = {at(0, 0), at(16, 0), at(0, 16)};
   gl_raster_attrib r;
   r.FrontMode = GL_LINE;  // its edges: lines whose ends must lie on pixel centres
   std::string why;
   EXPECT_FALSE(ref_raster_pixel_at(r, d, 1, 1, &why).has_value());
   EXPECT_NE(why.find("pixel centres"), std::string::npos) << why;
   r = gl_raster_attrib{};
   d.prim = PIPE_PRIM_QUADS;
   d.vertices.push_back(at(16, 16));
   EXPECT_FALSE(ref_raster_pixel_at(r, d, 1, 1, &why).has_value());
   EXPECT_NE(why.find("flat"), std::string::npos) << why;
   // A pixel centre on an edge: GL's tie rule is the implementation's.
   ref_raster_draw edge;
   edge.vertices = {at(0, 0.5), at(16, 0.5), at(0, 16)};
   EXPECT_FALSE(ref_raster_pixel_at(gl_raster_attrib{}, edge, 4, 0, &why).has_value());
   EXPECT_NE(why.find("edge"), std::string::npos) << why;
   // A polygon whose first three vertices are collinear.
   ref_raster_draw flat;
   flat.prim = PIPE_PRIM_POLYGON;
   flat.flat = true;
   flat.vertices = {at(0, 0), at(8, 0), at(16, 0), at(16, 16), at(0, 16)};
   EXPECT_FALSE(ref_raster_pixel_at(gl_raster_attrib{}, flat, 4, 4, &why).has_value());
   EXPECT_NE(why.find("collinear"), std::string::npos) << why;
}

namespace {

// One point at window (x, y) of a 32x32 framebuffer, window depth 0.5.
ref_raster_draw point_at(double x, double y) {
   ref_raster_draw d;
   d.prim = PIPE_PRIM_POINTS;
   d.vertices = {at(x, y)};
   return d;
}

gl_raster_attrib points(float size) {
   gl_raster_attrib r;
   r.PointSize = size;
   r.PointSizeMax = 64.0f;  // what a context sets from its limits
   return r;
}

}  // namespace

// GL 4.6 §14.4: the square of the point size centred at (xw, yw); the pixels whose centres lie inside.
TEST(RefRasterPoints, AnOddSizeCoversTheSquareAroundThePixelCentre) {
   const ref_raster_draw d = point_at(10.5, 10.5);
   const gl_raster_attrib r = points(3.0f);
   for (uint32_t y = 8; y <= 12; ++y)
      for (uint32_t x = 8; x <= 12; ++x)
         EXPECT_EQ(pixel(r, d, x, y).covered, x >= 9 && x <= 11 && y >= 9 && y <= 11) << x << ", " << y;
}

TEST(RefRasterPoints, AnEvenSizeCentredOnAPixelCornerCoversTheSquareAroundIt) {
   const ref_raster_draw d = point_at(10.0, 10.0);
   const gl_raster_attrib r = points(4.0f);
   for (uint32_t y = 6; y <= 13; ++y)
      for (uint32_t x = 6; x <= 13; ++x)
         EXPECT_EQ(pixel(r, d, x, y).covered, x >= 8 && x <= 11 && y >= 8 && y <= 11) << x << ", " << y;
}

TEST(RefRasterPoints, APointTakesItsVertexColourAndDepth) {
   ref_raster_draw d = point_at(10.5, 10.5);
   d.vertices[0] = at(10.5, 10.5, 0.25, 0.5);
   const ref_raster_pixel p = pixel(points(1.0f), d, 10, 10);
   EXPECT_TRUE(p.covered);
   EXPECT_EQ(p.depth, 0.25);
   EXPECT_EQ(p.color[0], 0.5);
}

TEST(RefRasterPoints, APointTakesItsFrontColourInTwoSidedColourMode) {
   ref_raster_draw d = point_at(10.5, 10.5);
   d.vertices[0].color[0] = 0.5;
   d.vertices[0].back_color[1] = 0.75;
   gl_raster_attrib r = points(1.0f);
   r.VertexProgramTwoSide = true;
   EXPECT_EQ(pixel(r, d, 10, 10).color[0], 0.5);
   EXPECT_EQ(pixel(r, d, 10, 10).color[1], 0.0);
}

// Compatibility §14.4.1: s = 1/2 + (xf + 1/2 - xw) / size, t = 1/2 + (yf + 1/2 - yw) / size with a
// LOWER_LEFT origin, 1/2 - (yf + 1/2 - yw) / size with UPPER_LEFT (GL's default); the vertex's own
// coordinates without GL_COORD_REPLACE or without GL_POINT_SPRITE.
TEST(RefRasterPoints, ASpritesReplacedCoordinatesRunAcrossItInWindowCoordinates) {
   ref_raster_draw d = point_at(10, 10);  // a size-4 square from 8 to 12
   d.vertices[0].texcoord[0] = 0.25;
   d.vertices[0].texcoord[1] = 0.75;
   d.show_texcoord = true;
   d.coord_replace = true;
   gl_raster_attrib r = points(4.0f);
   r.PointSprite = true;
   const ref_raster_pixel upper = pixel(r, d, 8, 8), upper_top = pixel(r, d, 11, 11);
   EXPECT_EQ(upper.color[0], 0.125);
   EXPECT_EQ(upper.color[1], 0.875) << "UPPER_LEFT: t falls as y rises";
   EXPECT_EQ(upper.color[3], 1.0);
   EXPECT_EQ(upper_top.color[0], 0.875);
   EXPECT_EQ(upper_top.color[1], 0.125);
   r.PointSpriteOrigin = GL_LOWER_LEFT;
   EXPECT_EQ(pixel(r, d, 8, 8).color[1], 0.125);
   EXPECT_EQ(pixel(r, d, 11, 11).color[1], 0.875);
   d.coord_replace = false;
   EXPECT_EQ(pixel(r, d, 8, 8).color[0], 0.25);
   EXPECT_EQ(pixel(r, d, 8, 8).color[1], 0.75);
   d.coord_replace = true;
   r.PointSprite = false;
   EXPECT_EQ(pixel(r, d, 8, 8).color[1], 0.75) << "no sprite: nothing replaced";
   ref_raster_draw tri;
   tri.vertices = {at(0, 0), at(16, 0), at(0, 16)};
   tri.show_texcoord = true;
   std::string why;
   EXPECT_FALSE(ref_raster_pixel_at(r, tri, 2, 2, &why).has_value());
   EXPECT_NE(why.find("points only"), std::string::npos) << why;
}

TEST(RefRasterPoints, TheSizeIsClampedToThePointSizeMinimumAndMaximum) {
   const ref_raster_draw d = point_at(10.5, 10.5);
   gl_raster_attrib r = points(1.0f);
   r.PointSizeMin = 5.0f;  // the 5-pixel square: x in [8, 12]
   EXPECT_TRUE(pixel(r, d, 8, 10).covered);
   r = points(5.0f);
   r.PointSizeMax = 3.0f;  // the 3-pixel square: x in [9, 11]
   EXPECT_FALSE(pixel(r, d, 8, 10).covered);
   EXPECT_TRUE(pixel(r, d, 9, 10).covered);
}

TEST(RefRasterPoints, APointWhoseVertexLeavesTheClipVolumeIsDiscardedWhollyEvenWhereItsSquareReachesIn) {
   // x = 32.5 is past the right edge (clip x > 1); an 8-pixel square would reach pixel 29.
   const ref_raster_pixel p = pixel(points(7.0f), point_at(32.5, 10.5), 30, 10);
   EXPECT_FALSE(p.covered);
}

TEST(RefRasterPoints, DepthClampingKeepsAPointBeyondTheFarPlaneAtDepthOne) {
   ref_raster_draw d = point_at(10.5, 10.5);
   d.vertices[0] = at(10.5, 10.5, 1.25);
   gl_raster_attrib r = points(1.0f);
   EXPECT_FALSE(pixel(r, d, 10, 10).covered);
   r.DepthClamp = true;
   const ref_raster_pixel p = pixel(r, d, 10, 10);
   EXPECT_TRUE(p.covered);
   EXPECT_EQ(p.depth, 1.0);
}

TEST(RefRasterPoints, APixelWhereCoreAndCompatibilityPointsDisagreeIsRefused) {
   // Size 2.4 at 10.5: core GL's square spans 9.3 .. 11.7 (pixels 9, 10, 11); the compatibility
   // profile rounds the width to 2 and centres an even width on the pixel corner 11: 10 .. 12
   // (pixels 10, 11). Pixel 9 is covered by one and not the other; pixel 10 by both.
   std::string why;
   EXPECT_FALSE(ref_raster_pixel_at(points(2.4f), point_at(10.5, 10.5), 9, 10, &why).has_value());
   EXPECT_NE(why.find("compatibility"), std::string::npos) << why;
   EXPECT_TRUE(pixel(points(2.4f), point_at(10.5, 10.5), 10, 10).covered);
}

// Compatibility §14.4.2: a smooth point of size 9 at (10.3, 10.7) is the circle of radius 4.5
// round it. Pixel (10, 10)'s farthest corner lies hypot(0.7, 0.7) from the centre: whole. Pixel
// (14, 14)'s nearest corner lies hypot(3.7, 3.3) = 4.96 away: missed, though the square of side 9
// holds its centre (4.2 and 3.8 from the point's). Pixel (13, 13): nearest 3.55, farthest 4.96.
TEST(RefRasterPoints, ASmoothPointIsTheCircleOfItsSizeAndAPixelItCoversInPartIsRefused) {
   gl_raster_attrib r = points(9.0f);
   r.PointSmooth = true;
   const ref_raster_draw d = point_at(10.3, 10.7);
   EXPECT_TRUE(pixel(r, d, 10, 10).covered);
   EXPECT_EQ(pixel(r, d, 10, 10).color[0], 1.0);
   EXPECT_FALSE(pixel(r, d, 14, 14).covered);
   std::string why;
   EXPECT_FALSE(ref_raster_pixel_at(r, d, 13, 13, &why).has_value());
   EXPECT_NE(why.find("covers part"), std::string::npos) << why;
   r.PointSize = 8.5f;
   EXPECT_FALSE(ref_raster_pixel_at(r, d, 10, 10, &why).has_value());
   EXPECT_NE(why.find("whole sizes"), std::string::npos) << why;
}

// §14.4: smoothing is ignored for point sprites, which keep the square.
TEST(RefRasterPoints, APointSpriteIgnoresSmoothing) {
   gl_raster_attrib r = points(9.0f);
   r.PointSmooth = true;
   r.PointSprite = true;
   EXPECT_TRUE(pixel(r, point_at(10.3, 10.7), 14, 14).covered);
}

TEST(RefRasterPoints, ShaderSizedPointsAreRefusedWithTheReason) {
   std::string why;
   gl_raster_attrib r = points(3.0f);
   r.ProgramPointSize = true;
   EXPECT_FALSE(ref_raster_pixel_at(r, point_at(10.5, 10.5), 10, 10, &why).has_value());
   EXPECT_NE(why.find("GL_PROGRAM_POINT_SIZE"), std::string::npos) << why;
}

TEST(RefRasterPoints, SizesTheImplementationMayClampAndAnInvertedMinMaxAreRefused) {
   std::string why;
   EXPECT_FALSE(ref_raster_pixel_at(points(0.5f), point_at(10.5, 10.5), 10, 10, &why).has_value());
   EXPECT_NE(why.find("1 to 64"), std::string::npos) << why;
   gl_raster_attrib r = points(1.0f);
   r.PointSizeMin = 5.0f;
   r.PointSizeMax = 3.0f;
   EXPECT_FALSE(ref_raster_pixel_at(r, point_at(10.5, 10.5), 10, 10, &why).has_value());
   EXPECT_NE(why.find("GL_POINT_SIZE_MIN is above"), std::string::npos) << why;
}

namespace {

// A line draw through window positions on pixel centres of a 32x32 framebuffer, vertex k's red = k / 8.
ref_raster_draw line_draw(pipe_prim_type prim, std::initializer_list<std::pair<double, double>> at) {
   ref_raster_draw d;
   d.prim = prim;
   d.flat = true;
   unsigned k = 0;
   for (const auto &p : at)
      d.vertices.push_back(::at(p.first, p.second, 0.5, k++ / 8.0));
   return d;
}

}  // namespace

// GL 4.6 §14.5.1: a horizontal line between pixel centres leaves the diamonds of the pixels from
// its first end's up to the one before its last end's.
TEST(RefRasterLines, AHorizontalLineCoversTheRowBetweenItsEnds) {
   const ref_raster_draw d = line_draw(PIPE_PRIM_LINES, {{2.5, 5.5}, {20.5, 5.5}});
   gl_raster_attrib r;
   EXPECT_TRUE(pixel(r, d, 10, 5).covered);
   EXPECT_FALSE(pixel(r, d, 10, 6).covered);
   EXPECT_FALSE(pixel(r, d, 25, 5).covered);
}

TEST(RefRasterLines, ALineTakesItsFrontColourInTwoSidedColourMode) {
   ref_raster_draw d = line_draw(PIPE_PRIM_LINES, {{2.5, 5.5}, {20.5, 5.5}});
   for (ref_raster_vertex &v : d.vertices)
      v.back_color[1] = 0.75;
   gl_raster_attrib r;
   r.VertexProgramTwoSide = true;
   EXPECT_EQ(pixel(r, d, 10, 5).color[0], 1.0 / 8.0) << "the provoking (last) vertex's front colour";
   EXPECT_EQ(pixel(r, d, 10, 5).color[1], 0.0);
}

TEST(RefRasterLines, APixelWithinOneOfALinesEndIsRefused) {
   // §14.5.1 lets an implementation produce one fragment more or fewer there.
   const ref_raster_draw d = line_draw(PIPE_PRIM_LINES, {{2.5, 5.5}, {20.5, 5.5}});
   for (uint32_t x : {1u, 2u, 19u, 20u}) {
      std::string why;
      EXPECT_FALSE(ref_raster_pixel_at(gl_raster_attrib{}, d, x, 5, &why).has_value()) << x;
      EXPECT_NE(why.find("end"), std::string::npos) << why;
   }
}

TEST(RefRasterLines, FlatLinesTakeTheProvokingVertexOfTable13_2) {
   // A strip and a loop over the corners of a square; the loop's closing segment runs down x = 2.
   const auto square = {std::pair{2.5, 2.5}, std::pair{20.5, 2.5}, std::pair{20.5, 20.5}, std::pair{2.5, 20.5}};
   gl_raster_attrib last, first;
   first.ProvokingVertex = GL_FIRST_VERTEX_CONVENTION;
   const ref_raster_draw strip = line_draw(PIPE_PRIM_LINE_STRIP, square), loop = line_draw(PIPE_PRIM_LINE_LOOP, square);
   EXPECT_EQ(pixel(last, strip, 10, 2).color[0], 1 / 8.0);   // segment 0: vertex 1
   EXPECT_EQ(pixel(first, strip, 10, 2).color[0], 0 / 8.0);  // vertex 0
   EXPECT_EQ(pixel(last, strip, 10, 20).color[0], 3 / 8.0);  // segment 2: vertex 3
   EXPECT_FALSE(pixel(last, strip, 2, 10).covered);          // a strip does not close
   EXPECT_EQ(pixel(last, loop, 2, 10).color[0], 0 / 8.0);    // the closing segment: vertex 0 (GL's 1)
   EXPECT_EQ(pixel(first, loop, 2, 10).color[0], 3 / 8.0);   // vertex 3
   const ref_raster_draw lines = line_draw(PIPE_PRIM_LINES, {{2.5, 5.5}, {20.5, 5.5}, {20.5, 9.5}, {2.5, 9.5}});
   EXPECT_EQ(pixel(last, lines, 10, 9).color[0], 3 / 8.0);   // segment 1: vertex 2i + 1
   EXPECT_EQ(pixel(first, lines, 10, 9).color[0], 2 / 8.0);  // vertex 2i
}

TEST(RefRasterLines, TheStippleCounterRestartsWithEachIndependentSegment) {
   // Pattern 0x00ff: the first 8 fragments of each segment kept, the next 8 dropped. The second
   // segment runs right to left from x = 26, so its fragment 3 is pixel 23 and its fragment 11 pixel 15.
   ref_raster_draw d = line_draw(PIPE_PRIM_LINES, {{2.5, 5.5}, {26.5, 5.5}, {26.5, 9.5}, {2.5, 9.5}});
   gl_raster_attrib r;
   r.LineStipple = true;
   r.LineStipplePattern = 0x00ff;
   EXPECT_TRUE(pixel(r, d, 5, 5).covered);     // s = 3
   EXPECT_FALSE(pixel(r, d, 13, 5).covered);   // s = 11
   EXPECT_TRUE(pixel(r, d, 23, 9).covered);    // s = 3 again
   EXPECT_FALSE(pixel(r, d, 15, 9).covered);   // s = 11
   r.LineStippleFactor = 2;                    // bit floor(s / 2)
   EXPECT_TRUE(pixel(r, d, 13, 5).covered);    // s = 11: bit 5
   EXPECT_FALSE(pixel(r, d, 22, 5).covered);   // s = 20: bit 10
}

TEST(RefRasterLines, AStippleBitThatDependsOnACountStartingEarlyOrLateIsRefused) {
   ref_raster_draw d = line_draw(PIPE_PRIM_LINES, {{2.5, 5.5}, {26.5, 5.5}});
   gl_raster_attrib r;
   r.LineStipple = true;
   r.LineStipplePattern = 0x00ff;
   std::string why;
   EXPECT_FALSE(ref_raster_pixel_at(r, d, 10, 5, &why).has_value());  // s = 8: bit 7 for s - 1, bit 8 for s
   EXPECT_NE(why.find("stipple"), std::string::npos) << why;
}

// §14.5.1 on a sloped x-major segment: in each column the diamond-exit rule produces the one pixel
// whose centre row holds the line's height at the column's centre, y = ⌊y_line(x + ½)⌋. Where
// that height is a row boundary (x = 10, y_line = 4) the line touches two diamonds' corners: GL's
// tie rules, refused. Near the ends: refused.
TEST(RefRasterLines, ASlopedLineCoversOnePixelPerColumnByTheDiamondExitRule) {
   const ref_raster_draw d = line_draw(PIPE_PRIM_LINES, {{0.5, 0.5}, {20.5, 7.5}});
   gl_raster_attrib r;
   for (uint32_t x = 2; x <= 18; ++x) {
      const double y_line = 0.5 + x * 7.0 / 20.0;  // at the column's centre x + ½
      for (uint32_t y = 0; y < 10; ++y) {
         std::string why;
         const auto p = ref_raster_pixel_at(r, d, x, y, &why);
         if (y_line == std::floor(y_line) && (y + 1 == y_line || y == y_line)) {
            EXPECT_FALSE(p.has_value()) << x << "," << y;
            continue;
         }
         ASSERT_TRUE(p.has_value()) << x << "," << y << ": " << why;
         EXPECT_EQ(p->covered, y == static_cast<uint32_t>(std::floor(y_line))) << x << "," << y;
      }
   }
   std::string why;
   EXPECT_FALSE(ref_raster_pixel_at(r, d, 1, 0, &why).has_value());
   EXPECT_NE(why.find("within one pixel of a line's end"), std::string::npos) << why;
   gl_raster_attrib stippled;
   stippled.LineStipple = true;
   EXPECT_FALSE(ref_raster_pixel_at(stippled, d, 10, 4, &why).has_value());
   EXPECT_NE(why.find("horizontal and vertical lines only"), std::string::npos) << why;
}

TEST(RefRasterLines, WhatGlDoesNotDefineExactlyIsRefusedWithTheReason) {
   const struct {
      ref_raster_draw d;
      const char *why;
   } cases[] = {
      {line_draw(PIPE_PRIM_LINES, {{2.5, 2.5}, {11.5, 11.5}}), "45-degree"},
      {line_draw(PIPE_PRIM_LINES, {{2.25, 5.5}, {20.5, 5.5}}), "pixel centres"},
   };
   for (const auto &c : cases) {
      std::string why;
      EXPECT_FALSE(ref_raster_pixel_at(gl_raster_attrib{}, c.d, 10, 5, &why).has_value()) << c.why;
      EXPECT_NE(why.find(c.why), std::string::npos) << why;
   }
   gl_raster_attrib stippled;
   stippled.LineStipple = true;
   std::string why;
   EXPECT_FALSE(ref_raster_pixel_at(stippled, line_draw(PIPE_PRIM_LINE_STRIP, {{2.5, 5.5}, {20.5, 5.5}}), 10, 5, &why)
                   .has_value());
   EXPECT_NE(why.find("GL_LINES only"), std::string::npos) << why;
   // A zero-length segment: GL allows its one fragment.
   EXPECT_FALSE(ref_raster_pixel_at(gl_raster_attrib{}, line_draw(PIPE_PRIM_LINES, {{10.5, 5.5}, {10.5, 5.5}}), 10, 5,
                                    &why)
                   .has_value());
   EXPECT_NE(why.find("zero-length"), std::string::npos) << why;
}

// Compatibility §14.5.2.1: a wide non-antialiased line rounds its width to an integer w and, for
// each fragment of its width-1 line moved by −(w − 1)/2 across, draws a column of w fragments
// (x-major) or a row (y-major): for odd w, centred on the width-1 line's pixels.
TEST(RefRasterLines, AWideHorizontalLineCoversWRowsCentredOnIt) {
   const ref_raster_draw d = line_draw(PIPE_PRIM_LINES, {{2.5, 10.5}, {20.5, 10.5}});
   const struct {
      float width;
      int half;  // rows 10 − half … 10 + half covered
   } cases[] = {{3.0f, 1}, {2.6f, 1}, {3.4f, 1}, {5.0f, 2}, {7.0f, 3}, {0.4f, 0} /* rounds to 0: as if 1 */,
                 {0.5f, 0} /* rounds to 0 or 1: either way width 1 */};
   for (const auto &c : cases) {
      gl_raster_attrib r;
      r.LineWidth = c.width;
      for (uint32_t y = 4; y <= 16; ++y)
         EXPECT_EQ(pixel(r, d, 10, y).covered, std::abs(int(y) - 10) <= c.half) << "width " << c.width << ", row " << y;
   }
}

TEST(RefRasterLines, AWideVerticalLineCoversWColumnsCentredOnIt) {
   const ref_raster_draw d = line_draw(PIPE_PRIM_LINES, {{10.5, 2.5}, {10.5, 20.5}});
   gl_raster_attrib r;
   r.LineWidth = 5.0f;
   for (uint32_t x = 4; x <= 16; ++x)
      EXPECT_EQ(pixel(r, d, x, 12).covered, std::abs(int(x) - 10) <= 2) << "column " << x;
   EXPECT_EQ(pixel(r, d, 12, 12).color[0], 1.0 / 8.0) << "every fragment takes the provoking (last) vertex's colour";
}

TEST(RefRasterLines, TheStippleKeepsOrDropsAWideLinesColumnWhole) {
   // §14.5.2.2 with §14.5.2.1: the counter counts the width-1 line's fragments, and each column
   // takes its fragment's bit. Pattern 0x00f0, factor 1: bits 4-7 set, so t = 5, 6 kept and
   // t = 9 … 18 dropped (the pixels whose neighbours' bits agree).
   const ref_raster_draw d = line_draw(PIPE_PRIM_LINES, {{2.5, 10.5}, {30.5, 10.5}});
   gl_raster_attrib r;
   r.LineWidth = 3.0f;
   r.LineStipple = true;
   r.LineStipplePattern = 0x00f0;
   for (uint32_t y : {9u, 10u, 11u}) {
      EXPECT_TRUE(pixel(r, d, 2 + 5, y).covered) << "t = 5, row " << y;
      EXPECT_TRUE(pixel(r, d, 2 + 6, y).covered) << "t = 6, row " << y;
      EXPECT_FALSE(pixel(r, d, 2 + 10, y).covered) << "t = 10, row " << y;
   }
   EXPECT_FALSE(pixel(r, d, 2 + 5, 12).covered) << "outside the column";
}

TEST(RefRasterLines, AWideSlopedLineCoversAColumnAroundEachFragmentOfItsWidth1Line) {
   // x-major, slope ½: the width-1 line passes through the centres (10.5, 6.5) and (12.5, 7.5),
   // so a width-3 line covers rows 5-7 of column 10 and rows 6-8 of column 12.
   const ref_raster_draw d = line_draw(PIPE_PRIM_LINES, {{2.5, 2.5}, {20.5, 11.5}});
   gl_raster_attrib r;
   r.LineWidth = 3.0f;
   for (uint32_t y = 3; y <= 10; ++y) {
      EXPECT_EQ(pixel(r, d, 10, y).covered, y >= 5 && y <= 7) << "column 10, row " << y;
      EXPECT_EQ(pixel(r, d, 12, y).covered, y >= 6 && y <= 8) << "column 12, row " << y;
   }
}

TEST(RefRasterLines, AWideYMajorSlopedLineCoversARowAroundEachFragment) {
   // y-major, slope 2: the width-1 line passes through the centres (6.5, 10.5) and (7.5, 12.5), so
   // a width-3 line covers columns 5-7 of row 10 and columns 6-8 of row 12.
   const ref_raster_draw d = line_draw(PIPE_PRIM_LINES, {{2.5, 2.5}, {11.5, 20.5}});
   gl_raster_attrib r;
   r.LineWidth = 3.0f;
   for (uint32_t x = 3; x <= 10; ++x) {
      EXPECT_EQ(pixel(r, d, x, 10).covered, x >= 5 && x <= 7) << "row 10, column " << x;
      EXPECT_EQ(pixel(r, d, x, 12).covered, x >= 6 && x <= 8) << "row 12, column " << x;
   }
}

TEST(RefRasterLines, AWidePolygonOutlineTakesTheLineWidth) {
   // §14.6.4: a polygon in GL_LINE mode draws its edges as lines of the line width. A triangle
   // whose bottom edge runs along row 8: rows 7-9 covered under its middle at width 3.
   ref_raster_draw d = line_draw(PIPE_PRIM_TRIANGLES, {{4.5, 8.5}, {28.5, 8.5}, {4.5, 20.5}});
   gl_raster_attrib r;
   r.FrontMode = r.BackMode = GL_LINE;
   r.LineWidth = 3.0f;
   for (uint32_t y = 5; y <= 12; ++y)
      EXPECT_EQ(pixel(r, d, 16, y).covered, y >= 7 && y <= 9) << "row " << y;
}

TEST(RefRasterLines, WideLinesGlDoesNotDefineExactlyAreRefusedWithTheReason) {
   const struct {
      float width;
      ref_raster_draw d;
      const char *why;
   } cases[] = {
      {2.0f, line_draw(PIPE_PRIM_LINES, {{2.5, 5.5}, {20.5, 5.5}}), "pixel edges"},
      {2.5f, line_draw(PIPE_PRIM_LINES, {{2.5, 5.5}, {20.5, 5.5}}), "halfway"},
      {9.0f, line_draw(PIPE_PRIM_LINES, {{2.5, 5.5}, {20.5, 5.5}}), "more than 8"},
      {3.0f, line_draw(PIPE_PRIM_LINES, {{2.5, 5.5}, {20.5, 5.5}}), "within one pixel of a line's end"},
      // A zero-length segment's one allowed fragment grows to a w × w square.
      {5.0f, line_draw(PIPE_PRIM_LINES, {{13.5, 3.5}, {13.5, 3.5}}), "zero-length"},
   };
   for (const auto &c : cases) {
      gl_raster_attrib r;
      r.LineWidth = c.width;
      std::string why;
      const uint32_t x = std::string(c.why).find("end") != std::string::npos ? 19 : 10;
      EXPECT_FALSE(ref_raster_pixel_at(r, c.d, x, 6, &why).has_value()) << c.why;
      EXPECT_NE(why.find(c.why), std::string::npos) << why;
   }
}

// Compatibility §14.5.3: an antialiased segment is the rectangle of the line width and the
// segment's length centred on it. Width 3 from (4.5, 10.3) to (27.5, 10.3): x 4.5..27.5 and
// y 8.8..11.8, so rows 9 and 10 of columns 5..26 lie inside it whole, row 12 and column 28 (no
// caps past the ends) miss it.
TEST(RefRasterSmoothLines, APixelTheRectangleCoversWholeTakesTheLineAndOneItMissesNothing) {
   ref_raster_draw d = line_draw(PIPE_PRIM_LINES, {{4.5, 10.3}, {27.5, 10.3}});
   gl_raster_attrib r;
   r.LineSmooth = true;
   r.LineWidth = 3.0f;
   for (uint32_t x : {5u, 16u, 26u})
      for (uint32_t y : {9u, 10u}) {
         const ref_raster_pixel p = pixel(r, d, x, y);
         EXPECT_TRUE(p.covered) << x << ", " << y;
         EXPECT_EQ(p.color[0], 1.0 / 8.0) << "the provoking (last) vertex's colour";
         EXPECT_EQ(p.depth, 0.5);
      }
   EXPECT_FALSE(pixel(r, d, 16, 12).covered);
   EXPECT_FALSE(pixel(r, d, 16, 7).covered);
   EXPECT_FALSE(pixel(r, d, 28, 10).covered) << "the rectangle ends at the segment's end";
   EXPECT_FALSE(pixel(r, d, 3, 9).covered);
}

// A sloped segment from (4, 4) to (20, 16): direction (0.8, 0.6), length 20, centre (12, 10). Width
// 4: pixel (11, 9)'s corners lie at most 1.4 along and 0.8 across from the centre, inside; pixel
// (15, 5)'s lie 5.0 to 6.4 to one side, outside the half-width of 2; pixel (12, 12)'s reach 2.4
// across, in part.
TEST(RefRasterSmoothLines, ASlopedRectangleIsMeasuredAlongAndAcrossTheSegment) {
   ref_raster_draw d = line_draw(PIPE_PRIM_LINES, {{4.0, 4.0}, {20.0, 16.0}});
   gl_raster_attrib r;
   r.LineSmooth = true;
   r.LineWidth = 4.0f;
   EXPECT_TRUE(pixel(r, d, 11, 9).covered);
   EXPECT_FALSE(pixel(r, d, 15, 5).covered);
   std::string why;
   EXPECT_FALSE(ref_raster_pixel_at(r, d, 12, 12, &why).has_value());
   EXPECT_NE(why.find("covers part"), std::string::npos) << why;
}

TEST(RefRasterSmoothLines, WhatGlLeavesToTheImplementationIsRefusedWithTheReason) {
   const struct {
      float width;
      bool stipple;
      ref_raster_draw d;
      uint32_t x, y;
      const char *why;
   } cases[] = {
      // Rows 8 and 11 hold the rectangle's long sides (y 8.8 and 11.8) and column 4 its end.
      {3.0f, false, line_draw(PIPE_PRIM_LINES, {{4.5, 10.3}, {27.5, 10.3}}), 16, 11, "covers part"},
      {3.0f, false, line_draw(PIPE_PRIM_LINES, {{4.5, 10.3}, {27.5, 10.3}}), 4, 10, "covers part"},
      // y 9..12 exactly: row 12's square shares the rectangle's side.
      {3.0f, false, line_draw(PIPE_PRIM_LINES, {{4.5, 10.5}, {27.5, 10.5}}), 16, 12, "only touches"},
      {2.5f, false, line_draw(PIPE_PRIM_LINES, {{4.5, 10.3}, {27.5, 10.3}}), 16, 10, "whole widths"},
      {9.0f, false, line_draw(PIPE_PRIM_LINES, {{4.5, 10.3}, {27.5, 10.3}}), 16, 10, "whole widths"},
      {3.0f, true, line_draw(PIPE_PRIM_LINES, {{4.5, 10.3}, {27.5, 10.3}}), 16, 10, "stipple"},
      {3.0f, false, line_draw(PIPE_PRIM_LINES, {{13.5, 10.5}, {13.5, 10.5}}), 13, 10, "zero-length"},
      // Width 1 from (24.5, 4.5) to (18.5, 20.5): pixel (17, 20)'s square misses the rectangle's
      // end by 0.03, its centre lies 0.35 past the end and 0.94 across (within ½ + ½).
      {1.0f, false, line_draw(PIPE_PRIM_LINES, {{24.5, 4.5}, {18.5, 20.5}}), 17, 20, "less than half a pixel"},
   };
   for (const auto &c : cases) {
      gl_raster_attrib r;
      r.LineSmooth = true;
      r.LineWidth = c.width;
      r.LineStipple = c.stipple;
      std::string why;
      EXPECT_FALSE(ref_raster_pixel_at(r, c.d, c.x, c.y, &why).has_value()) << c.why;
      EXPECT_NE(why.find(c.why), std::string::npos) << why;
   }
}

// Later segments are drawn over earlier ones: a strip's second segment, crossing back over the
// first one's rectangle, gives the pixel its own provoking vertex's colour.
TEST(RefRasterSmoothLines, ALaterSegmentCoveringAPixelWholeWins) {
   ref_raster_draw d = line_draw(PIPE_PRIM_LINE_STRIP, {{4.5, 10.3}, {27.5, 10.3}, {4.5, 10.3}});
   gl_raster_attrib r;
   r.LineSmooth = true;
   r.LineWidth = 3.0f;
   EXPECT_EQ(pixel(r, d, 16, 10).color[0], 2.0 / 8.0) << "segment 1's provoking (last) vertex is vertex 2";
}

// Compatibility §14.5.3's coverage: the area the rectangle shares with the pixel's square, worked
// by hand. A horizontal rectangle of width 3 about y = 10.3 spans y 8.8 to 11.8; one of width √2
// along the diagonal has its long sides on y − x = ±1, which halve the square next to it.
TEST(RefRasterSmoothLines, CoverageIsTheAreaTheRectangleSharesWithTheSquare) {
   const struct {
      double ax, ay, bx, by, width, x, y, area;
   } cases[] = {
      {4.5, 10.3, 27.5, 10.3, 3.0, 16, 10, 1.0},              // inside
      {4.5, 10.3, 27.5, 10.3, 3.0, 16, 11, 0.8},              // y 11 to 11.8
      {4.5, 10.3, 27.5, 10.3, 3.0, 16, 8, 0.2},               // y 8.8 to 9
      {4.5, 10.3, 27.5, 10.3, 3.0, 4, 11, 0.4},               // x 4.5 to 5 by y 11 to 11.8
      {27.5, 10.3, 4.5, 10.3, 3.0, 4, 11, 0.4},               // either direction
      {10.3, 4.5, 10.3, 27.5, 3.0, 8, 20, 0.2},               // vertical: x 8.8 to 9
      {-5.0, -5.0, 15.0, 15.0, std::sqrt(2.0), 5, 5, 1.0},    // between the diagonals
      {-5.0, -5.0, 15.0, 15.0, std::sqrt(2.0), 6, 5, 0.5},    // y − x ≥ −1: half the square
      {-5.0, -5.0, 15.0, 15.0, std::sqrt(2.0), 7, 5, 0.0},    // y − x ≤ −1 throughout: only a corner touches
      {-5.0, -5.0, 15.0, 15.0, std::sqrt(2.0), 14, 14, 1.0},  // x + y ≤ 30, the end's side, throughout
      // x + y ≤ 30 and y − x ≤ 1: the triangle (14, 15), (15, 15), (14.5, 15.5).
      {-5.0, -5.0, 15.0, 15.0, std::sqrt(2.0), 14, 15, 0.25},
      {4.5, 10.3, 27.5, 10.3, 3.0, 40, 10, 0.0},              // beyond the end
      {13.5, 10.5, 13.5, 10.5, 3.0, 13, 10, 0.0},             // zero length: no rectangle
   };
   for (const auto &c : cases)
      EXPECT_NEAR(ref_segment_coverage(c.ax, c.ay, c.bx, c.by, c.width, c.x, c.y), c.area, 1e-12)
         << "(" << c.ax << ", " << c.ay << ") to (" << c.bx << ", " << c.by << ") width " << c.width << ", pixel "
         << c.x << ", " << c.y;
}

// With `coverage`, a pixel the rectangle covers in part takes the segment's colour and depth,
// alpha scaled by the area (compatibility §17.1); the pixels GL leaves open stay refused.
TEST(RefRasterSmoothLines, WithCoverageAPartlyCoveredPixelScalesAlphaByTheArea) {
   ref_raster_draw d = line_draw(PIPE_PRIM_LINES, {{4.5, 10.3}, {27.5, 10.3}});
   d.coverage = true;
   gl_raster_attrib r;
   r.LineSmooth = true;
   r.LineWidth = 3.0f;
   for (const auto &[x, y, area] : {std::tuple{16u, 11u, 0.8}, std::tuple{16u, 8u, 0.2}, std::tuple{4u, 11u, 0.4},
                                    std::tuple{16u, 10u, 1.0}}) {
      const ref_raster_pixel p = pixel(r, d, x, y);
      EXPECT_TRUE(p.covered) << x << ", " << y;
      EXPECT_NEAR(p.coverage, area, 1e-12) << x << ", " << y;
      EXPECT_NEAR(p.color[3], area, 1e-12) << "alpha 1 times the coverage at " << x << ", " << y;
      EXPECT_EQ(p.color[0], 1.0 / 8.0) << "the provoking (last) vertex's colour, unscaled";
      EXPECT_EQ(p.depth, 0.5);
   }
   const struct {
      ref_raster_draw d;
      uint32_t x, y;
      const char *why;
   } refused[] = {
      // Width 3 about y = 10.45: rows 8.95 to 11.95; row 8 keeps 0.05 of its square.
      {line_draw(PIPE_PRIM_LINES, {{4.5, 10.45}, {27.5, 10.45}}), 16, 8, "less than 1/8"},
      // A strip back over itself: both segments meet row 11 in part.
      {line_draw(PIPE_PRIM_LINE_STRIP, {{4.5, 10.3}, {27.5, 10.3}, {4.5, 10.3}}), 16, 11, "two smooth segments"},
   };
   for (auto c : refused) {
      c.d.coverage = true;
      std::string why;
      EXPECT_FALSE(ref_raster_pixel_at(r, c.d, c.x, c.y, &why).has_value()) << c.why;
      EXPECT_NE(why.find(c.why), std::string::npos) << why;
   }
}

// The same area counted another way: the share of a 512 x 512 grid of points in the square that
// lie within half the width across the segment and between its ends along it, for random
// segments and pixels near them (the grid's count is within 0.005 of the area).
TEST(RefRasterSmoothLines, CoverageAgreesWithCountingPointsOfTheSquare) {
   uint32_t seed = 12345u;
   auto next = [&] {
      seed = seed * 1664525u + 1013904223u;
      return (seed >> 8) / double(1u << 24);
   };
   for (int round = 0; round < 40; ++round) {
      const double ax = 4 + 20 * next(), ay = 4 + 20 * next(), bx = 4 + 20 * next(), by = 4 + 20 * next();
      const double width = 1 + 4 * next(), len = std::hypot(bx - ax, by - ay);
      const double ux = (bx - ax) / len, uy = (by - ay) / len;
      const int x = static_cast<int>(ax + (bx - ax) * next() + 3 * (next() - 0.5));
      const int y = static_cast<int>(ay + (by - ay) * next() + 3 * (next() - 0.5));
      int inside = 0;
      constexpr int kGrid = 512;
      for (int i = 0; i < kGrid; ++i)
         for (int j = 0; j < kGrid; ++j) {
            const double px = x + (i + 0.5) / kGrid - ax, py = y + (j + 0.5) / kGrid - ay;
            const double along = px * ux + py * uy, across = -px * uy + py * ux;
            inside += along >= 0 && along <= len && std::fabs(across) <= width / 2;
         }
      EXPECT_NEAR(ref_segment_coverage(ax, ay, bx, by, width, x, y), inside / double(kGrid * kGrid), 0.005)
         << "round " << round << ": (" << ax << ", " << ay << ") to (" << bx << ", " << by << ") width " << width
         << ", pixel " << x << ", " << y;
   }
}
