// Raster cases: the format's errors name the key, and the reference answers [r, g, b, depth] (and alpha) per pixel.
#include <gtest/gtest.h>

#include <string>

#include "clampler/tools/raster_case.h"

using namespace clampler;
using json = nlohmann::ordered_json;

namespace {

const char *kDraw = R"("draw": {"prim": "GL_TRIANGLES", "size": [8, 8], "flat": true,
   "vertices": [{"clip": [-1, -1, 0], "color": [0.5, 0, 0, 1]}, {"clip": [3, -1, 0], "color": [0.25, 0, 0, 1]},
                {"clip": [-1, 3, 0], "color": [1, 0, 0, 1]}]})";

// A JSON object of the non-empty parts.
std::string with(const std::string &rasterizer, const std::string &draw, const std::string &lookups) {
   std::string out;
   for (const std::string &part : {rasterizer, draw, lookups})
      if (!part.empty())
         out += (out.empty() ? "" : ", ") + part;
   return "{" + out + "}";
}

}  // namespace

TEST(RasterCase, TheReferenceGivesColourAndDepthPerPixel) {
   const json out = raster_case_reference(
      with(R"("rasterizer": {"calls": [{"glProvokingVertex": ["GL_FIRST_VERTEX_CONVENTION"]}]})", kDraw,
           R"("lookups": [{"pixel": [1, 1]}])"),
      false);
   // Flat: the first vertex's colour (first-vertex convention); depth 0.5 for clip z 0.
   EXPECT_EQ(out["results"], json::parse("[[0.5, 0.0, 0.0, 0.5]]"));
}

// With "coverage_tolerance" each pixel's result gains alpha, and a smooth line's partly covered
// pixel is answered: a width-3 line along y = 8.3 covers rows 6.8 to 9.8, so row 9 keeps 0.8 of
// its square (alpha 1 x 0.8) and row 8 all of it.
TEST(RasterCase, WithACoverageToleranceResultsCarryAlphaScaledByCoverage) {
   const json out = raster_case_reference(
      with(R"("rasterizer": {"calls": [{"glEnable": ["GL_LINE_SMOOTH"]}, {"glLineWidth": [3]}]}, "coverage_tolerance": 0.1)",
           R"("draw": {"prim": "GL_LINES", "size": [16, 16], "flat": true, "vertices": [
                {"clip": [-0.6875, 0.0375, 0], "color": [0.5, 0, 0, 1]}, {"clip": [0.6875, 0.0375, 0], "color": [0.5, 0, 0, 1]}]})",
           R"("lookups": [{"pixel": [8, 9]}, {"pixel": [8, 8]}])"),
      false);
   ASSERT_EQ(out["results"].size(), 2u);
   const double expected[2][5] = {{0.5, 0.0, 0.0, 0.5, 0.8}, {0.5, 0.0, 0.0, 0.5, 1.0}};
   for (int i = 0; i < 2; ++i) {
      ASSERT_EQ(out["results"][i].size(), 5u);
      for (int c = 0; c < 5; ++c)
         EXPECT_NEAR(out["results"][i][c].get<double>(), expected[i][c], 1e-9) << "pixel " << i << " component " << c;
   }
}

TEST(RasterCase, MalformedInputNamesTheKey) {
   const std::string r = R"("rasterizer": {"calls": []})", l = R"("lookups": [{"pixel": [1, 1]}])";
   const struct {
      std::string text, key;
   } bad[] = {
      {with(r, "", l), "draw:"},
      {with("", kDraw, l), "rasterizer:"},
      {with(r, kDraw, ""), "lookups:"},
      {with(r, R"("draw": {"prim": "GL_LINES_ADJACENCY", "vertices": [{"clip": [0, 0, 0]}]})", l), "draw.prim:"},
      {with(r, R"("draw": {"prim": "GL_TRIANGLES", "vertices": [{"clip": [0, 0]}]})", l), "draw.vertices[0].clip:"},
      {with(r, R"("draw": {"prim": "GL_TRIANGLES", "size": [0, 8], "vertices": [{"clip": [0, 0, 0]}]})", l),
       "draw.size[0]:"},
      {with(r, R"("draw": {"prim": "GL_TRIANGLES", "wide": 1, "vertices": [{"clip": [0, 0, 0]}]})", l), "draw.wide:"},
      {with(r, kDraw, R"("lookups": [{"pixel": [8, 0]}])"), "lookups[0].pixel:"},
      {with(r + R"(, "texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"})", kDraw, l), "texture:"},
      {with(R"("rasterizer": {"calls": [{"glPolygonMode": ["GL_FRONT_AND_BACK", "GL_LINE"]}]})", kDraw, l), "draw:"},
      {with(R"("rasterizer": {"framebuffer": {"fbo": true, "samples": 4}})", kDraw, l), "rasterizer.framebuffer.samples:"},
      {with(R"("rasterizer": {"framebuffer": {"fbo": true, "fixed_point": false}})", kDraw, l),
       "rasterizer.framebuffer.fixed_point:"},
      {with(r, R"("draw": {"prim": "GL_TRIANGLES", "vertices": [{"clip": [0, 0, 0], "back_color": [0, 1, 0, 1]},
                                                                  {"clip": [1, 0, 0]}, {"clip": [0, 1, 0]}]})", l),
       "draw.vertices[1].back_color:"},
      {with(r, R"("draw": {"prim": "GL_TRIANGLES", "vertices": [{"clip": [0, 0, 0], "back_color": [0, 1, 0]}]})", l),
       "draw.vertices[0].back_color:"},
      {with(r, R"("draw": {"prim": "GL_POINTS", "vertices": [{"clip": [0, 0, 0], "colour": [0, 1, 0, 1]}]})", l),
       "draw.vertices[0].colour:"},
      {with(r, R"("draw": {"prim": "GL_POINTS", "vertices": [{"clip": [0, 0, 0], "texcoord": [0, 1]}]})", l),
       "draw.vertices[0].texcoord:"},
      {with(r, R"("draw": {"prim": "GL_POINTS", "show_texcoord": 1, "vertices": [{"clip": [0, 0, 0]}]})", l),
       "draw.show_texcoord:"},
      {with(r + R"(, "coverage_tolerance": 2)", kDraw, l), "coverage_tolerance:"},
      {with(r + R"(, "coverage_tolerance": "0.1")", kDraw, l), "coverage_tolerance:"},
   };
   for (const auto &b : bad) {
      try {
         raster_case_reference(b.text, false);
         ADD_FAILURE() << "accepted: " << b.text;
      } catch (const scenario_error &e) {
         EXPECT_EQ(std::string(e.what()).rfind(b.key, 0), 0u) << e.what() << "\n  for " << b.text;
      }
   }
}

// Two-sided colour mode: a vertex program's back colours on back-facing polygons only; without
// "back_color" the draw has one colour, and two-sided mode changes nothing.
TEST(RasterCase, BackColoursAreTakenByBackFacingPolygonsInTwoSidedMode) {
   const std::string enable = R"("rasterizer": {"calls": [{"glEnable": ["GL_VERTEX_PROGRAM_TWO_SIDE"]}]})";
   const std::string cw = R"("draw": {"prim": "GL_TRIANGLES", "size": [8, 8], "flat": true,
      "vertices": [{"clip": [-1, -1, 0], "color": [0.5, 0, 0, 1], "back_color": [0, 0.25, 0, 1]},
                   {"clip": [-1, 3, 0], "color": [0.5, 0, 0, 1], "back_color": [0, 0.25, 0, 1]},
                   {"clip": [3, -1, 0], "color": [0.5, 0, 0, 1], "back_color": [0, 0.75, 0, 1]}]})";
   const std::string lookup = R"("lookups": [{"pixel": [1, 1]}])";
   EXPECT_EQ(raster_case_reference(with(enable, cw, lookup), false)["results"], json::parse("[[0.0, 0.75, 0.0, 0.5]]"));
   EXPECT_EQ(raster_case_reference(with(R"("rasterizer": {"calls": []})", cw, lookup), false)["results"],
             json::parse("[[0.5, 0.0, 0.0, 0.5]]"));
   std::string one_colour = cw;
   for (const char *b : {R"(, "back_color": [0, 0.25, 0, 1])", R"(, "back_color": [0, 0.75, 0, 1])"})
      for (size_t at; (at = one_colour.find(b)) != std::string::npos;)
         one_colour.erase(at, std::string(b).size());
   EXPECT_EQ(raster_case_reference(with(enable, one_colour, lookup), false)["results"],
             json::parse("[[0.5, 0.0, 0.0, 0.5]]"));
}
