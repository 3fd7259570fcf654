// Group raster (piglit's provoking-vertex, culling, polygon offset, depth clamp / clip control, stipple, two-sided colour, point sprite, polygon mode, point and line tests): GL draws on the device against the reference rasterizer.
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "conformance_gen.h"

namespace clampler::conformance {

namespace {

constexpr int kSize = 64;

// A vertex at GL window position (x, y) (pixels, y up), clip z, and a colour.
ojson vertex_at(double x, double y, double z, const std::vector<double> &color) {
   return {{"clip", {2.0 * x / kSize - 1.0, 2.0 * y / kSize - 1.0, z}}, {"color", color}};
}

// Vertex k's colour names k: red = 8 (k + 1) / 255, an exact 8-bit value.
std::vector<double> numbered(unsigned k) { return {8.0 * (k + 1) / 255.0, 1.0, 0.0, 1.0}; }

test_case raster_case(const std::string &name, const ojson &calls, const ojson &framebuffer, const ojson &draw,
                      const ojson &pixels, double tol, const std::string &why) {
   test_case c;
   c.name = "clampler/raster/" + name;
   c.raster = true;
   c.scenario = {{"rasterizer", {{"calls", calls}, {"framebuffer", framebuffer}}}, {"draw", draw}, {"lookups", ojson::array()}};
   for (const auto &p : pixels)
      c.scenario["lookups"].push_back({{"pixel", p}});
   c.tol = {tol, why};
   c.scenario["tolerance"] = tol;  // for `clampler raster` on the printed case
   return c;
}

// Colours are exact 8-bit values k / 255 and flat depths exact floats.
constexpr double kExact = 0.0;
const char *kExactWhy = "exact: 8-bit colours and flat depths";
const char *kSlopeWhy = "a sloped D32_SFLOAT depth interpolated across the primitive (lavapipe within 1e-6)";

// Table 13.2 for every polygon primitive and both conventions; each primitive probed at the
// centroid of its vertices. Primitives never overlap.
void add_provoking(std::vector<test_case> &out) {
   struct layout {
      const char *prim;
      std::vector<std::pair<double, double>> at;
      std::vector<std::vector<unsigned>> polygons;  // GL's vertices of each primitive (for probes)
   };
   std::vector<layout> layouts;
   {
      layout l{"GL_TRIANGLES", {}, {}};
      for (unsigned t = 0; t < 4; ++t) {
         const double x = 2 + 15.0 * t;
         l.at.insert(l.at.end(), {{x, 4}, {x + 12, 4}, {x, 40}});
         l.polygons.push_back({3 * t, 3 * t + 1, 3 * t + 2});
      }
      layouts.push_back(l);
   }
   {
      layout l{"GL_TRIANGLE_STRIP", {}, {}};
      for (unsigned k = 0; k < 7; ++k)
         l.at.push_back({4 + 9.0 * k, k % 2 ? 56.0 : 8.0});
      for (unsigned t = 0; t < 5; ++t)
         l.polygons.push_back({t, t + 1, t + 2});
      layouts.push_back(l);
   }
   {
      layout fan{"GL_TRIANGLE_FAN", {{32, 32}}, {}}, poly{"GL_POLYGON", {}, {{0, 1, 2, 3, 4, 5}}};
      for (unsigned k = 0; k < 6; ++k) {
         const double a = 55.0 * k * M_PI / 180.0, b = 60.0 * k * M_PI / 180.0;
         fan.at.push_back({32 + 28 * std::cos(a), 32 + 28 * std::sin(a)});
         poly.at.push_back({32 + 28 * std::cos(b), 32 + 28 * std::sin(b)});
      }
      for (unsigned t = 0; t < 5; ++t)
         fan.polygons.push_back({0, t + 1, t + 2});
      layouts.push_back(fan);
      layouts.push_back(poly);
   }
   {
      layout l{"GL_QUADS", {}, {}};
      for (unsigned q = 0; q < 3; ++q) {
         const double x = 4 + 20.0 * q;
         l.at.insert(l.at.end(), {{x, 8}, {x + 16, 8}, {x + 16, 40}, {x, 40}});
         l.polygons.push_back({4 * q, 4 * q + 1, 4 * q + 2, 4 * q + 3});
      }
      layouts.push_back(l);
   }
   {
      layout l{"GL_QUAD_STRIP", {}, {}};
      for (unsigned j = 0; j < 4; ++j)
         l.at.insert(l.at.end(), {{4 + 18.0 * j, 8}, {4 + 18.0 * j, 56}});
      for (unsigned q = 0; q < 3; ++q)
         l.polygons.push_back({2 * q, 2 * q + 1, 2 * q + 2, 2 * q + 3});
      layouts.push_back(l);
   }
   for (const layout &l : layouts)
      for (const char *conv : {"GL_FIRST_VERTEX_CONVENTION", "GL_LAST_VERTEX_CONVENTION"}) {
         ojson vertices = ojson::array(), pixels = ojson::array();
         for (unsigned k = 0; k < l.at.size(); ++k)
            vertices.push_back(vertex_at(l.at[k].first, l.at[k].second, 0.0, numbered(k)));
         for (const auto &poly : l.polygons) {
            double cx = 0, cy = 0;
            for (unsigned k : poly) {
               cx += l.at[k].first / poly.size();
               cy += l.at[k].second / poly.size();
            }
            pixels.push_back({std::floor(cx), std::floor(cy)});
         }
         const ojson calls = {{{"glShadeModel", {"GL_FLAT"}}}, {{"glProvokingVertex", {conv}}}};
         const ojson draw = {{"prim", l.prim}, {"size", {kSize, kSize}}, {"vertices", vertices}};
         out.push_back(raster_case(std::string("provoking/") + l.prim + "/" +
                                      (conv[3] == 'F' ? "first-vertex" : "last-vertex"),
                                   calls, {{"fbo", true}}, draw, pixels, kExact, kExactWhy));
      }
}

// Culling by GL's window-coordinate winding: a CCW and a CW triangle, into the window and an
// FBO, with the lower-left and the upper-left clip origin.
void add_cull(std::vector<test_case> &out) {
   const ojson vertices = {vertex_at(4, 4, 0, {0.0, 1.0, 0.0, 1.0}), vertex_at(28, 4, 0, {0.0, 1.0, 0.0, 1.0}),
                           vertex_at(4, 28, 0, {0.0, 1.0, 0.0, 1.0}),  // counter-clockwise
                           vertex_at(36, 4, 0, {1.0, 0.0, 0.0, 1.0}), vertex_at(36, 28, 0, {1.0, 0.0, 0.0, 1.0}),
                           vertex_at(60, 4, 0, {1.0, 0.0, 0.0, 1.0})};  // clockwise
   // Inside the CCW triangle, inside the CW one, outside both; an UPPER_LEFT origin flips y.
   const ojson pixels = {{10, 10}, {42, 10}, {20, 40}};
   ojson flipped = ojson::array();
   for (const ojson &p : pixels)
      flipped.push_back({p[0], kSize - 1 - p[1].get<int>()});
   const ojson draw = {{"prim", "GL_TRIANGLES"}, {"size", {kSize, kSize}}, {"vertices", vertices}};
   for (const char *mode : {"none", "GL_FRONT", "GL_BACK", "GL_FRONT_AND_BACK"})
      for (const char *face : {"GL_CCW", "GL_CW"})
         for (bool fbo : {false, true})
            for (bool upper : {false, true}) {
               ojson calls = {{{"glFrontFace", {face}}}};
               if (std::string(mode) != "none") {
                  calls.push_back({{"glEnable", {"GL_CULL_FACE"}}});
                  calls.push_back({{"glCullFace", {mode}}});
               }
               if (upper)
                  calls.push_back({{"glClipControl", {"GL_UPPER_LEFT", "GL_NEGATIVE_ONE_TO_ONE"}}});
               out.push_back(raster_case(std::string("cull/") + mode + "/" + face + "/" + (fbo ? "fbo" : "window") +
                                            "/" + (upper ? "upper-left" : "lower-left"),
                                         calls, {{"fbo", fbo}}, draw, upper ? flipped : pixels, kExact, kExactWhy));
            }
}

// §14.6.5: units scaled by the float depth's r, the factor by the slope, the clamp, and the
// enable of the mode drawn.
void add_offset(std::vector<test_case> &out) {
   const ojson pixels = {{4, 4}, {20, 9}, {40, 30}};
   struct offset_case {
      bool sloped;
      double units, factor, clamp;
   };
   // Flat (m = 0): units alone, compared exactly. Sloped: the factor, with units large enough
   // (64 r ~ 3.8e-6 at depth 0.5) that a wrong r shows above the interpolation tolerance.
   const offset_case cases[] = {{false, 1, 0, 0},  {false, 8, 0, 0},   {false, -4, 0, 0},  {false, 64, 0, 0},
                                {true, 0, 2, 0},   {true, 64, 2, 0},   {true, -64, 2, 0},  {true, 0, 2, 0.005},
                                {true, 64, 2, 0.005}, {true, -64, -2, -0.005}};
   for (const offset_case &oc : cases) {
      // Flat at window depth 0.5, or sloped along x from 0.25 (x = 0) to 0.75 (x = 64).
      const double z0 = oc.sloped ? -0.5 : 0.0, z1 = oc.sloped ? 0.5 : 0.0;
      const ojson vertices = {vertex_at(0, 0, z0, {0.0, 1.0, 0.0, 1.0}),
                              vertex_at(128, 0, 2 * z1 - z0, {0.0, 1.0, 0.0, 1.0}),
                              vertex_at(0, 128, z0, {0.0, 1.0, 0.0, 1.0})};
      ojson calls = {{{"glEnable", {"GL_POLYGON_OFFSET_FILL"}}}};
      if (oc.clamp != 0.0)
         calls.push_back({{"glPolygonOffsetClamp", {oc.factor, oc.units, oc.clamp}}});
      else
         calls.push_back({{"glPolygonOffset", {oc.factor, oc.units}}});
      char name[96];
      std::snprintf(name, sizeof name, "offset/%s/units%+g-factor%+g%s", oc.sloped ? "sloped" : "flat", oc.units,
                    oc.factor, oc.clamp != 0.0 ? "-clamp" : "");
      out.push_back(raster_case(name, calls, {{"fbo", true}},
                                {{"prim", "GL_TRIANGLES"}, {"size", {kSize, kSize}}, {"vertices", vertices}}, pixels,
                                oc.sloped ? 2e-6 : kExact, oc.sloped ? kSlopeWhy : kExactWhy));
   }
   // Only lines are offset: a filled polygon is not.
   const ojson flat = {vertex_at(0, 0, 0, {0.0, 1.0, 0.0, 1.0}), vertex_at(128, 0, 0, {0.0, 1.0, 0.0, 1.0}),
                       vertex_at(0, 128, 0, {0.0, 1.0, 0.0, 1.0})};
   out.push_back(raster_case("offset/flat/line-enable-only",
                             {{{"glEnable", {"GL_POLYGON_OFFSET_LINE"}}}, {{"glPolygonOffset", {0.0, 1000.0}}}},
                             {{"fbo", true}}, {{"prim", "GL_TRIANGLES"}, {"size", {kSize, kSize}}, {"vertices", flat}},
                             pixels, kExact, kExactWhy));
}

// GL's clip volume (−w ≤ z ≤ w, or 0 ≤ z ≤ w with ZERO_TO_ONE), and GL_DEPTH_CLAMP keeping
// what would be clipped at the nearest depth.
void add_depth(std::vector<test_case> &out) {
   const ojson pixels = {{8, 8}, {30, 20}};
   for (const char *mode : {"GL_NEGATIVE_ONE_TO_ONE", "GL_ZERO_TO_ONE"})
      for (bool clamp : {false, true})
         for (double z : {-1.5, -0.5, 0.0, 0.5, 1.5}) {
            const ojson vertices = {vertex_at(0, 0, z, {0.0, 1.0, 0.0, 1.0}), vertex_at(128, 0, z, {0.0, 1.0, 0.0, 1.0}),
                                    vertex_at(0, 128, z, {0.0, 1.0, 0.0, 1.0})};
            ojson calls = {{{"glClipControl", {"GL_LOWER_LEFT", mode}}}};
            if (clamp)
               calls.push_back({{"glEnable", {"GL_DEPTH_CLAMP"}}});
            char name[96];
            std::snprintf(name, sizeof name, "depth/%s/%s/z%+g", mode + 3, clamp ? "clamp" : "clip", z);
            out.push_back(raster_case(name, calls, {{"fbo", true}},
                                      {{"prim", "GL_TRIANGLES"}, {"size", {kSize, kSize}}, {"vertices", vertices}},
                                      pixels, kExact, kExactWhy));
         }
}

// §14.6.2: the polygon stipple in window coordinates (rows bottom-up, the first byte's top bit
// the leftmost pixel), into the window (flipped rows) and an FBO; lines are never stippled.
void add_stipple(std::vector<test_case> &out) {
   const ojson vertices = {vertex_at(0, 0, 0, {0.0, 1.0, 0.0, 1.0}), vertex_at(128, 0, 0, {0.0, 1.0, 0.0, 1.0}),
                           vertex_at(0, 128, 0, {0.0, 1.0, 0.0, 1.0})};
   ojson pixels = ojson::array();
   for (int y : {0, 1, 2, 17, 31, 32, 45, 62, 63})
      for (int x : {0, 3, 7, 8, 20, 31, 33, 50, 63})
         pixels.push_back({x, y});
   struct pattern {
      const char *name;
      unsigned (*byte)(unsigned row, unsigned b);
   };
   const pattern patterns[] = {
      {"halftone", [](unsigned row, unsigned) { return row % 2 ? 0xaau : 0x55u; }},
      {"asymmetric", [](unsigned row, unsigned b) { return (row * 37 + b * 91 + 13) & 0xffu; }},
      {"bottom-rows", [](unsigned row, unsigned) { return row < 4 ? 0xffu : 0x00u; }},
   };
   for (const pattern &p : patterns)
      for (bool fbo : {false, true}) {
         ojson mask = ojson::array();
         for (unsigned row = 0; row < 32; ++row)
            for (unsigned b = 0; b < 4; ++b)
               mask.push_back(p.byte(row, b));
         const ojson calls = {{{"glPolygonStipple", {mask}}}, {{"glEnable", {"GL_POLYGON_STIPPLE"}}}};
         out.push_back(raster_case(std::string("stipple/") + p.name + "/" + (fbo ? "fbo" : "window"), calls,
                                   {{"fbo", fbo}}, {{"prim", "GL_TRIANGLES"}, {"size", {kSize, kSize}}, {"vertices", vertices}},
                                   pixels, kExact, kExactWhy));
      }
}

// GL 2.1, page 63 (piglit's vertex-program-two-side): with GL_VERTEX_PROGRAM_TWO_SIDE a
// back-facing polygon takes the vertex program's back colours, and points, lines and
// front-facing polygons the front ones; without it, always the front. Front colours are red
// 8 (k + 1) / 255 for vertex k, back colours green; flat primitives show which vertex provoked.
void add_two_side(std::vector<test_case> &out) {
   auto two_colored = [](double x, double y, unsigned k) {
      ojson v = vertex_at(x, y, 0, {8.0 * (k + 1) / 255.0, 0.0, 0.0, 1.0});
      v["back_color"] = {0.0, 8.0 * (k + 1) / 255.0, 0.0, 1.0};
      return v;
   };
   // A counter-clockwise (front-facing) and a clockwise (back-facing) triangle, with distinct
   // colours at each vertex for flat shading and for the smooth interpolation of back colours.
   const ojson triangles = {two_colored(4, 4, 0), two_colored(28, 4, 1), two_colored(4, 28, 2),
                            two_colored(36, 4, 3), two_colored(36, 28, 4), two_colored(60, 4, 5)};
   const ojson quads = {two_colored(4, 36, 0), two_colored(28, 36, 1), two_colored(28, 60, 2), two_colored(4, 60, 3),
                        two_colored(36, 36, 4), two_colored(36, 60, 5), two_colored(60, 60, 6), two_colored(60, 36, 7)};
   const ojson tri_pixels = {{10, 10}, {42, 10}, {20, 40}}, quad_pixels = {{16, 48}, {48, 48}};
   const char *smooth_why = "smooth colours interpolated at the pixel centre and stored in 8 bits (one step at a tie)";
   for (bool enabled : {false, true})
      for (bool fbo : {false, true})
         for (bool flat : {false, true}) {
            ojson calls = ojson::array();
            if (enabled)
               calls.push_back({{"glEnable", {"GL_VERTEX_PROGRAM_TWO_SIDE"}}});
            const std::string base = std::string("two-side/") + (enabled ? "enabled" : "disabled") + "/" +
                                     (fbo ? "fbo" : "window") + "/";
            out.push_back(raster_case(base + (flat ? "triangles-flat" : "triangles-smooth"), calls, {{"fbo", fbo}},
                                      {{"prim", "GL_TRIANGLES"}, {"size", {kSize, kSize}}, {"flat", flat},
                                       {"vertices", triangles}},
                                      tri_pixels, flat ? kExact : 1.5 / 255.0, flat ? kExactWhy : smooth_why));
            if (flat)
               out.push_back(raster_case(base + "quads-flat", calls, {{"fbo", fbo}},
                                         {{"prim", "GL_QUADS"}, {"size", {kSize, kSize}}, {"flat", true},
                                          {"vertices", quads}},
                                         quad_pixels, kExact, kExactWhy));
         }
   // The facing decides, not the winding: glFrontFace(GL_CW) and an UPPER_LEFT clip origin.
   const ojson enable = {{"glEnable", {"GL_VERTEX_PROGRAM_TWO_SIDE"}}};
   ojson flipped = ojson::array();
   for (const ojson &p : tri_pixels)
      flipped.push_back({p[0], kSize - 1 - p[1].get<int>()});
   const ojson flat_triangles = {{"prim", "GL_TRIANGLES"}, {"size", {kSize, kSize}}, {"flat", true}, {"vertices", triangles}};
   out.push_back(raster_case("two-side/enabled/fbo/front-face-cw", {enable, {{"glFrontFace", {"GL_CW"}}}},
                             {{"fbo", true}}, flat_triangles, tri_pixels, kExact, kExactWhy));
   out.push_back(raster_case("two-side/enabled/fbo/upper-left",
                             {enable, {{"glClipControl", {"GL_UPPER_LEFT", "GL_NEGATIVE_ONE_TO_ONE"}}}}, {{"fbo", true}},
                             flat_triangles, flipped, kExact, kExactWhy));
   // Points and lines always take the front colour.
   out.push_back(raster_case("two-side/enabled/fbo/points", {enable, {{"glPointSize", {3}}}}, {{"fbo", true}},
                             {{"prim", "GL_POINTS"}, {"size", {kSize, kSize}},
                              {"vertices", {two_colored(10.5, 10.5, 0), two_colored(30.5, 40.5, 1)}}},
                             {{10, 10}, {11, 9}, {30, 40}}, kExact, kExactWhy));
   out.push_back(raster_case("two-side/enabled/fbo/lines", ojson::array({enable}), {{"fbo", true}},
                             {{"prim", "GL_LINES"}, {"size", {kSize, kSize}}, {"flat", true},
                              {"vertices", {two_colored(4.5, 8.5, 0), two_colored(40.5, 8.5, 1),
                                            two_colored(48.5, 4.5, 2), two_colored(48.5, 40.5, 3)}}},
                             {{20, 8}, {48, 20}}, kExact, kExactWhy));
}

// Vertex colour clamping (GL 3.0 §2.19.6, the compatibility profile; piglit's clamp-vertex-color
// tests): under GL_CLAMP_VERTEX_COLOR TRUE (the default) or FIXED_ONLY (the RGBA8 target is
// fixed-point) each vertex's colours are clamped to [0, 1] before they are interpolated, under
// FALSE they are interpolated as given and the fixed-point buffer clamps the result; fragment
// clamping changes nothing more there. A smooth triangle whose vertex colours lie outside [0, 1]
// shows the difference inside it; flat ones, and the back colours of a two-sided clockwise
// triangle, must come out the same either way.
void add_clamp_color(std::vector<test_case> &out) {
   // Components inside [0, 1] are exact 8-bit values, for the flat cases.
   const std::vector<std::vector<double>> colours = {
      {2.0, -1.0, 128.0 / 255.0, 1.0}, {-0.5, 1.5, 1.0, 1.0}, {64.0 / 255.0, 192.0 / 255.0, 3.0, 1.0}};
   const std::vector<std::pair<double, double>> at = {{4, 4}, {60, 4}, {4, 60}};
   ojson triangle = ojson::array(), clockwise = ojson::array();
   for (int k = 0; k < 3; ++k) {
      triangle.push_back(vertex_at(at[k].first, at[k].second, 0, colours[k]));
      ojson v = vertex_at(at[2 - k].first, at[2 - k].second, 0, {0.0, 0.0, 0.0, 1.0});
      v["back_color"] = colours[2 - k];
      clockwise.push_back(v);
   }
   const ojson pixels = {{10, 10}, {30, 10}, {10, 30}, {20, 20}, {40, 12}, {12, 40}};
   const char *smooth_why = "smooth colours interpolated at the pixel centre and stored in 8 bits (one step at a tie)";
   const std::pair<const char *, const char *> modes[] = {{"default", nullptr}, {"TRUE", "GL_TRUE"},
                                                          {"FALSE", "GL_FALSE"}, {"FIXED_ONLY", "GL_FIXED_ONLY"}};
   for (const auto &[name, mode] : modes)
      for (bool fbo : {false, true})
         for (bool flat : {false, true}) {
            ojson calls = ojson::array();
            if (mode)
               calls.push_back({{"glClampColor", {"GL_CLAMP_VERTEX_COLOR", mode}}});
            out.push_back(raster_case(std::string("clamp-color/vertex-") + name + "/" + (fbo ? "fbo" : "window") + "/" +
                                          (flat ? "flat" : "smooth"),
                                      calls, {{"fbo", fbo}},
                                      {{"prim", "GL_TRIANGLES"}, {"size", {kSize, kSize}}, {"flat", flat},
                                       {"vertices", triangle}},
                                      pixels, flat ? kExact : 1.5 / 255.0, flat ? kExactWhy : smooth_why));
         }
   // Fragment clamping off changes nothing on a fixed-point buffer, with vertex clamping off too.
   out.push_back(raster_case("clamp-color/vertex-FALSE-fragment-FALSE/fbo/smooth",
                             {{{"glClampColor", {"GL_CLAMP_VERTEX_COLOR", "GL_FALSE"}}},
                              {{"glClampColor", {"GL_CLAMP_FRAGMENT_COLOR", "GL_FALSE"}}}},
                             {{"fbo", true}},
                             {{"prim", "GL_TRIANGLES"}, {"size", {kSize, kSize}}, {"vertices", triangle}}, pixels,
                             1.5 / 255.0, smooth_why));
   // A back-facing triangle's back colours are vertex colours too.
   for (const auto &[name, mode] : {std::pair{"TRUE", "GL_TRUE"}, std::pair{"FALSE", "GL_FALSE"}})
      out.push_back(raster_case(std::string("clamp-color/vertex-") + name + "/fbo/two-side-back",
                                {{{"glEnable", {"GL_VERTEX_PROGRAM_TWO_SIDE"}}},
                                 {{"glClampColor", {"GL_CLAMP_VERTEX_COLOR", mode}}}},
                                {{"fbo", true}},
                                {{"prim", "GL_TRIANGLES"}, {"size", {kSize, kSize}}, {"vertices", clockwise}}, pixels,
                                1.5 / 255.0, smooth_why));
}

// Compatibility §14.6.4 (piglit's polygon-mode): each polygon in the mode of its facing, a filled
// interior, its boundary edges as lines or its vertices as points. A counter-clockwise (front)
// and a clockwise (back) triangle with vertices on pixel centres and no edge at 45 degrees; the
// probes keep off filled edges and line ends, where GL leaves ties to the implementation.
void add_polygon_modes(std::vector<test_case> &out) {
   auto tri = [](double x0, bool ccw) {
      std::vector<std::pair<double, double>> p = {{x0, 4.5}, {x0 + 24, 4.5}, {x0, 20.5}};
      if (!ccw)
         std::swap(p[1], p[2]);
      return p;
   };
   ojson vertices = ojson::array();
   for (const auto &[x, y] : tri(4.5, true))
      vertices.push_back(vertex_at(x, y, 0, {1.0, 0.0, 0.0, 1.0}));
   for (const auto &[x, y] : tri(36.5, false))
      vertices.push_back(vertex_at(x, y, 0, {0.0, 1.0, 0.0, 1.0}));
   // The probes of one triangle (left column x0) in a mode.
   auto probes = [](int x0, const char *mode, ojson *pixels) {
      pixels->push_back({x0 + 4, 8});  // inside
      if (std::string(mode) == "GL_FILL")
         return;
      pixels->push_back({x0 + 12, 4});  // on the bottom edge
      pixels->push_back({x0, 12});      // on the vertical edge
      if (std::string(mode) == "GL_POINT")
         pixels->push_back({x0, 4});  // the corner vertex
   };
   struct modes {
      const char *front, *back;
   };
   for (const modes m : {modes{"GL_FILL", "GL_LINE"}, modes{"GL_LINE", "GL_FILL"}, modes{"GL_FILL", "GL_POINT"},
                         modes{"GL_POINT", "GL_LINE"}, modes{"GL_LINE", "GL_LINE"}})
      for (bool fbo : {false, true}) {
         ojson pixels = ojson::array();
         probes(4, m.front, &pixels);
         probes(36, m.back, &pixels);
         const ojson calls = {{{"glPolygonMode", {"GL_FRONT", m.front}}}, {{"glPolygonMode", {"GL_BACK", m.back}}}};
         out.push_back(raster_case(std::string("polygon-mode/") + (m.front + 3) + "-" + (m.back + 3) + "/" +
                                      (fbo ? "fbo" : "window"),
                                   calls, {{"fbo", fbo}},
                                   {{"prim", "GL_TRIANGLES"}, {"size", {kSize, kSize}}, {"vertices", vertices}},
                                   pixels, kExact, kExactWhy));
      }
   // GL_POLYGON_OFFSET_LINE offsets the edges (r · units at one depth), and a culled face is not drawn.
   ojson pixels = ojson::array();
   probes(4, "GL_LINE", &pixels);
   probes(36, "GL_LINE", &pixels);
   const ojson draw = {{"prim", "GL_TRIANGLES"}, {"size", {kSize, kSize}}, {"vertices", vertices}};
   out.push_back(raster_case("polygon-mode/LINE-LINE/fbo/offset-line",
                             {{{"glPolygonMode", {"GL_FRONT_AND_BACK", "GL_LINE"}}},
                              {{"glEnable", {"GL_POLYGON_OFFSET_LINE"}}}, {{"glPolygonOffset", {0, 4}}}},
                             {{"fbo", true}}, draw, pixels, kExact, kExactWhy));
   ojson culled = ojson::array();
   probes(4, "GL_FILL", &culled);
   probes(36, "GL_LINE", &culled);
   out.push_back(raster_case("polygon-mode/FILL-LINE/fbo/cull-back",
                             {{{"glPolygonMode", {"GL_BACK", "GL_LINE"}}}, {{"glEnable", {"GL_CULL_FACE"}}}},
                             {{"fbo", true}}, draw, culled, kExact, kExactWhy));
   // Quads, quad strips and polygons in LINE mode draw their boundary edges only, never the
   // diagonals a split into triangles adds (piglit's gl-1.0-edgeflag-quads, polygon-mode); in
   // POINT mode their vertices. Each in one colour, vertices on pixel centres. With the modes
   // apart, a counter-clockwise (front) quad and a clockwise (back) one, each in its mode.
   struct shape {
      const char *name, *prim, *mode;
      std::vector<std::pair<double, double>> at;
      std::vector<std::pair<int, int>> lit, clear;
      const char *back = nullptr;  // the back mode, where it is not `mode`
   };
   const std::vector<std::pair<double, double>> front_and_back = {
      {4.5, 4.5}, {28.5, 4.5}, {28.5, 28.5}, {4.5, 28.5}, {36.5, 36.5}, {36.5, 60.5}, {60.5, 60.5}, {60.5, 36.5}};
   const shape shapes[] = {
      {"quads-LINE", "GL_QUADS", "GL_LINE",
       {{4.5, 4.5}, {28.5, 4.5}, {28.5, 28.5}, {4.5, 28.5}, {36.5, 36.5}, {60.5, 36.5}, {60.5, 60.5}, {36.5, 60.5}},
       {{16, 4}, {28, 16}, {16, 28}, {4, 16}, {48, 36}, {60, 48}}, {{16, 16}, {12, 12}, {20, 20}, {48, 48}, {10, 22}}},
      {"quad-strip-LINE", "GL_QUAD_STRIP", "GL_LINE",
       {{4.5, 4.5}, {4.5, 28.5}, {28.5, 4.5}, {28.5, 28.5}, {52.5, 4.5}, {52.5, 28.5}},
       {{16, 4}, {16, 28}, {28, 16}, {40, 4}, {40, 28}, {52, 16}, {4, 16}}, {{16, 16}, {12, 12}, {40, 16}, {44, 12}}},
      {"polygon-LINE", "GL_POLYGON", "GL_LINE",
       {{8.5, 4.5}, {40.5, 4.5}, {56.5, 28.5}, {40.5, 52.5}, {8.5, 52.5}},
       {{24, 4}, {8, 28}, {24, 52}}, {{24, 28}, {40, 28}, {32, 16}, {28, 12}}},
      {"quads-POINT", "GL_QUADS", "GL_POINT",
       {{4.5, 4.5}, {28.5, 4.5}, {28.5, 28.5}, {4.5, 28.5}},
       {{4, 4}, {28, 4}, {28, 28}, {4, 28}}, {{16, 4}, {16, 16}, {4, 16}}},
      {"quads-FILL-LINE", "GL_QUADS", "GL_FILL", front_and_back,
       {{16, 16}, {12, 20}, {48, 36}, {60, 48}, {48, 60}, {36, 48}}, {{48, 48}, {42, 54}}, "GL_LINE"},
      {"quads-LINE-FILL", "GL_QUADS", "GL_LINE", front_and_back,
       {{16, 4}, {28, 16}, {16, 28}, {4, 16}, {48, 48}, {42, 54}}, {{16, 16}, {12, 20}}, "GL_FILL"},
   };
   for (const shape &sh : shapes)
      for (bool fbo : {false, true}) {
         if (!fbo && std::string(sh.name) != "quads-LINE")
            continue;  // the window's flip once
         ojson at = ojson::array(), probed = ojson::array();
         for (const auto &[x, y] : sh.at)
            at.push_back(vertex_at(x, y, 0, {0.0, 1.0, 0.0, 1.0}));
         for (const auto &[x, y] : sh.lit)
            probed.push_back({x, y});
         for (const auto &[x, y] : sh.clear)
            probed.push_back({x, y});
         const ojson calls =
            sh.back ? ojson{{{"glShadeModel", {"GL_FLAT"}}}, {{"glPolygonMode", {"GL_FRONT", sh.mode}}},
                            {{"glPolygonMode", {"GL_BACK", sh.back}}}}
                    : ojson{{{"glShadeModel", {"GL_FLAT"}}}, {{"glPolygonMode", {"GL_FRONT_AND_BACK", sh.mode}}}};
         out.push_back(raster_case(std::string("polygon-mode/") + sh.name + "/" + (fbo ? "fbo" : "window"), calls,
                                   {{"fbo", fbo}},
                                   {{"prim", sh.prim}, {"size", {kSize, kSize}}, {"flat", true}, {"vertices", at}},
                                   probed, kExact,
                                   kExactWhy));
      }
}

// Compatibility §14.4.1 (piglit's point-sprite tests): a point sprite's texture coordinates
// replaced (GL_COORD_REPLACE on unit 0) run s = 1/2 + (xf + 1/2 - xw) / size across it and t the
// same way up (LOWER_LEFT origin) or down (UPPER_LEFT) in window coordinates; not replaced, or
// without GL_POINT_SPRITE, the vertex's own. The fragment colour shows (s, t, 0, 1).
void add_sprites(std::vector<test_case> &out) {
   const char *why = "sprite coordinates stored in 8 bits (a tie of s · 255 may round either way: one step)";
   for (int size : {4, 7})
      for (const char *origin : {"GL_UPPER_LEFT", "GL_LOWER_LEFT"})
         for (bool fbo : {false, true})
            for (bool replace : {false, true}) {
               // Odd sizes centred on a pixel centre, even ones on a corner; every pixel probed.
               const double c = size % 2 ? 24.5 : 24.0;
               ojson v = vertex_at(c, c, 0, {1.0, 1.0, 1.0, 1.0});
               v["texcoord"] = {0.25, 0.75, 0.0, 1.0};
               ojson pixels = ojson::array();
               for (int y = 24 - size / 2 - 1; y <= 24 + size / 2 + 1; ++y)
                  for (int x = 24 - size / 2 - 1; x <= 24 + size / 2 + 1; ++x)
                     pixels.push_back({x, y});
               ojson calls = {{{"glEnable", {"GL_POINT_SPRITE"}}}, {{"glPointSize", {size}}},
                              {{"glPointParameteri", {"GL_POINT_SPRITE_COORD_ORIGIN", origin}}}};
               if (replace)
                  calls.push_back({{"glTexEnvi", {"GL_POINT_SPRITE", "GL_COORD_REPLACE", 1}}});
               out.push_back(raster_case(std::string("sprite/size") + std::to_string(size) + "/" + (origin + 3) + "/" +
                                            (fbo ? "fbo" : "window") + (replace ? "/replaced" : "/not-replaced"),
                                         calls, {{"fbo", fbo}},
                                         {{"prim", "GL_POINTS"}, {"size", {kSize, kSize}}, {"show_texcoord", true},
                                          {"vertices", ojson::array({v})}},
                                         pixels, 1.5 / 255.0, why));
            }
   // Window coordinates whatever the clip origin; and no sprite, nothing replaced.
   ojson v = vertex_at(24, 24, 0, {1.0, 1.0, 1.0, 1.0});
   v["texcoord"] = {0.25, 0.75, 0.0, 1.0};
   const ojson draw = {{"prim", "GL_POINTS"}, {"size", {kSize, kSize}}, {"show_texcoord", true}, {"vertices", ojson::array({v})}};
   const ojson pixels = {{22, 22}, {25, 22}, {22, 25}, {25, 25}, {23, 24}};
   ojson flipped = ojson::array();
   for (const ojson &p : pixels)
      flipped.push_back({p[0], kSize - 1 - p[1].get<int>()});
   out.push_back(raster_case("sprite/size4/LOWER_LEFT/fbo/upper-left-clip-origin",
                             {{{"glEnable", {"GL_POINT_SPRITE"}}}, {{"glPointSize", {4}}},
                              {{"glPointParameteri", {"GL_POINT_SPRITE_COORD_ORIGIN", "GL_LOWER_LEFT"}}},
                              {{"glTexEnvi", {"GL_POINT_SPRITE", "GL_COORD_REPLACE", 1}}},
                              {{"glClipControl", {"GL_UPPER_LEFT", "GL_NEGATIVE_ONE_TO_ONE"}}}},
                             {{"fbo", true}}, draw, flipped, 1.5 / 255.0, why));
   out.push_back(raster_case("sprite/size4/no-sprite/fbo/replace-set",
                             {{{"glPointSize", {4}}}, {{"glTexEnvi", {"GL_POINT_SPRITE", "GL_COORD_REPLACE", 1}}}},
                             {{"fbo", true}}, draw, pixels, 1.5 / 255.0, why));
}

// §14.4: a point is the square of its derived size centred at the vertex. Odd sizes centred on
// a pixel centre and even ones on a pixel corner (where the compatibility profile's integer
// widths agree with core GL); each probed inside, on the outermost covered ring, and just outside.
void add_points(std::vector<test_case> &out) {
   const std::vector<double> green = {0.0, 1.0, 0.0, 1.0};
   for (int size : {1, 2, 3, 4, 5, 8}) {
      const double c = size % 2 ? 24.5 : 24.0;  // the vertex's window x and y
      const int lo = static_cast<int>(std::ceil(c - size / 2.0 - 0.5)), hi = static_cast<int>(std::floor(c + size / 2.0 - 0.5));
      const ojson pixels = {{lo, lo}, {hi, hi}, {lo, hi}, {hi, lo}, {lo - 1, lo}, {hi + 1, hi}, {lo, lo - 1}, {hi, hi + 1}};
      for (bool fbo : {false, true})
         out.push_back(raster_case("points/size" + std::to_string(size) + "/" + (fbo ? "fbo" : "window"),
                                   {{{"glPointSize", {size}}}}, {{"fbo", fbo}},
                                   {{"prim", "GL_POINTS"}, {"size", {kSize, kSize}}, {"vertices", {vertex_at(c, c, 0.0, green)}}},
                                   pixels, kExact, kExactWhy));
   }
   // The derived size: glPointSize clamped to GL_POINT_SIZE_MIN and GL_POINT_SIZE_MAX
   // (compatibility §14.4); a 5-pixel point limited to 3, a 1-pixel point raised to 5.
   const ojson around = {{24, 24}, {23, 23}, {25, 25}, {22, 24}, {26, 24}};
   out.push_back(raster_case("points/size-max", {{{"glPointSize", {5}}}, {{"glPointParameterf", {"GL_POINT_SIZE_MAX", 3}}}},
                             {{"fbo", true}},
                             {{"prim", "GL_POINTS"}, {"size", {kSize, kSize}}, {"vertices", {vertex_at(24.5, 24.5, 0.0, green)}}},
                             around, kExact, kExactWhy));
   out.push_back(raster_case("points/size-min", {{{"glPointSize", {1}}}, {{"glPointParameterf", {"GL_POINT_SIZE_MIN", 5}}}},
                             {{"fbo", true}},
                             {{"prim", "GL_POINTS"}, {"size", {kSize, kSize}}, {"vertices", {vertex_at(24.5, 24.5, 0.0, green)}}},
                             around, kExact, kExactWhy));
   // Depth: the vertex's zw; a point beyond the far plane is discarded (§13.7), kept at depth 1
   // with GL_DEPTH_CLAMP; the upper-left clip origin flips y. Later points overwrite earlier ones
   // (depth test ALWAYS), and every point keeps its own colour.
   for (const char *mode : {"GL_NEGATIVE_ONE_TO_ONE", "GL_ZERO_TO_ONE"})
      for (bool clamp : {false, true})
         for (bool upper : {false, true}) {
            ojson vertices = ojson::array();
            const double zs[] = {-0.5, 0.25, 0.5, 1.5};
            for (unsigned k = 0; k < 4; ++k)
               vertices.push_back(vertex_at(8.5 + 12 * k, 8.5, zs[k], numbered(k)));
            vertices.push_back(vertex_at(20.5, 8.5, 0.75, numbered(4)));  // over the second point
            ojson calls = {{{"glPointSize", {3}}},
                           {{"glClipControl", {upper ? "GL_UPPER_LEFT" : "GL_LOWER_LEFT", mode}}}};
            if (clamp)
               calls.push_back({{"glEnable", {"GL_DEPTH_CLAMP"}}});
            ojson pixels = ojson::array();
            for (int x : {8, 20, 32, 44, 9, 21})
               pixels.push_back({x, upper ? kSize - 1 - 8 : 8});
            char name[96];
            std::snprintf(name, sizeof name, "points/depth/%s/%s/%s", mode + 3, clamp ? "clamp" : "clip",
                          upper ? "upper-left" : "lower-left");
            out.push_back(raster_case(name, calls, {{"fbo", true}},
                                      {{"prim", "GL_POINTS"}, {"size", {kSize, kSize}}, {"vertices", vertices}}, pixels,
                                      kExact, kExactWhy));
         }
}

// Antialiased points (compatibility §14.4.2): the circle of the point's size round it. Four
// points of one size at sub-pixel positions (each in a 32x32 quarter), probed where the circle
// holds a pixel's square whole (the point's colour) or misses it by 0.05 (the background), within
// two pixels of the circle; pixels it covers in part are the implementation's coverage. A sprite
// (GL_POINT_SPRITE) ignores smoothing and keeps its square (§14.4): probed where square and circle
// differ, at a point on a pixel centre, whose square core GL and the compatibility profile agree on.
void add_smooth_points(std::vector<test_case> &out) {
   struct smooth {
      int size;
      bool fbo, sprite;
   };
   for (const smooth &sm : {smooth{3, true, false}, smooth{6, true, false}, smooth{9, true, false},
                            smooth{16, true, false}, smooth{9, false, false}, smooth{9, true, true}}) {
      const double r = sm.size / 2.0;
      std::vector<std::pair<double, double>> at;
      const double dx[4] = {0.3, 0.71, 0.13, 0.92}, dy[4] = {0.45, 0.2, 0.88, 0.61};
      for (int k = 0; k < 4; ++k)
         at.push_back({16.0 + 32 * (k % 2) + (sm.sprite ? 0.5 : dx[k]), 16.0 + 32 * (k / 2) + (sm.sprite ? 0.5 : dy[k])});
      ojson pixels = ojson::array();
      for (const auto &[cx, cy] : at)
         for (int y = static_cast<int>(cy - r) - 2; y <= static_cast<int>(cy + r) + 2; ++y)
            for (int x = static_cast<int>(cx - r) - 2; x <= static_cast<int>(cx + r) + 2; ++x) {
               const double ax = std::fabs(x + 0.5 - cx), ay = std::fabs(y + 0.5 - cy);
               const double far = std::hypot(ax + 0.5, ay + 0.5);
               const double near = std::hypot(std::max(0.0, ax - 0.5), std::max(0.0, ay - 0.5));
               const bool whole = far <= r - 0.05, missed = near >= r + 0.05;
               // A sprite: its square holds the pixel's centre and the circle misses the pixel.
               const bool square = ax < r - 0.05 && ay < r - 0.05;
               if (sm.sprite ? square && missed : whole || missed)
                  pixels.push_back({x, y});
            }
      if (pixels.empty())
         throw std::logic_error("conformance: the smooth-point case of size " + std::to_string(sm.size) +
                                " probes no pixel");
      ojson vertices = ojson::array();
      for (unsigned k = 0; k < at.size(); ++k)
         vertices.push_back(vertex_at(at[k].first, at[k].second, 0.25, numbered(k)));
      ojson calls = {{{"glEnable", {"GL_POINT_SMOOTH"}}}, {{"glPointSize", {sm.size}}}};
      if (sm.sprite)
         calls.push_back({{"glEnable", {"GL_POINT_SPRITE"}}});
      out.push_back(raster_case(std::string("points/smooth/") + (sm.sprite ? "sprite-" : "") + "size" +
                                   std::to_string(sm.size) + "/" + (sm.fbo ? "fbo" : "window"),
                                calls, {{"fbo", sm.fbo}},
                                {{"prim", "GL_POINTS"}, {"size", {kSize, kSize}}, {"vertices", vertices}}, pixels, kExact,
                                kExactWhy));
   }
}

// §14.5 lines of width 1, horizontal and vertical with their ends on pixel centres: along each
// segment, away from its ends (where GL lets an implementation draw one fragment more or fewer),
// the diamond-exit rule's pixels, the provoking vertex's colour (table 13.2), and the line
// stipple with its counter restarting at each GL_LINES segment (compatibility §14.5.2.2), on the
// pixels whose bit does not depend on the count starting a fragment early or late.
void add_lines(std::vector<test_case> &out) {
   using path = std::vector<std::pair<double, double>>;
   // Four GL_LINES segments, one in each direction; a square path as a strip and as a loop (whose
   // closing segment runs down the left side).
   const path segments = {{4.5, 8.5},   {40.5, 8.5},  {40.5, 16.5}, {4.5, 16.5},
                          {48.5, 4.5},  {48.5, 40.5}, {56.5, 40.5}, {56.5, 4.5}};
   const path square = {{4.5, 4.5}, {40.5, 4.5}, {40.5, 40.5}, {4.5, 40.5}};
   // The segments of a draw, each as its pixels in drawing order (the diamond-exit rule).
   auto pixels_of = [](const char *prim, const path &at) {
      std::vector<std::vector<std::pair<int, int>>> segs;
      const bool lines = std::string(prim) == "GL_LINES", loop = std::string(prim) == "GL_LINE_LOOP";
      for (size_t i = 0; lines ? i + 1 < at.size() : i + 1 < at.size() + (loop ? 1 : 0); i += lines ? 2 : 1) {
         const auto a = at[i], b = at[(i + 1) % at.size()];
         const int ax = int(std::floor(a.first)), ay = int(std::floor(a.second));
         const int bx = int(std::floor(b.first)), by = int(std::floor(b.second));
         const int dx = (bx > ax) - (bx < ax), dy = (by > ay) - (by < ay), steps = std::abs(bx - ax) + std::abs(by - ay);
         std::vector<std::pair<int, int>> seg;
         for (int t = 0; t < steps; ++t)
            seg.push_back({ax + t * dx, ay + t * dy});
         segs.push_back(seg);
      }
      return segs;
   };
   struct line_draw {
      const char *prim;
      const path *at;
   };
   for (const line_draw &d : {line_draw{"GL_LINES", &segments}, line_draw{"GL_LINE_STRIP", &square},
                              line_draw{"GL_LINE_LOOP", &square}}) {
      ojson pixels = ojson::array();
      for (const auto &seg : pixels_of(d.prim, *d.at))
         for (size_t t = 1; t + 2 < seg.size(); t += 3)  // away from both ends
            pixels.push_back({seg[t].first, seg[t].second});
      for (const char *conv : {"GL_FIRST_VERTEX_CONVENTION", "GL_LAST_VERTEX_CONVENTION"}) {
         ojson vertices = ojson::array();
         for (unsigned k = 0; k < d.at->size(); ++k)
            vertices.push_back(vertex_at((*d.at)[k].first, (*d.at)[k].second, 0.0, numbered(k)));
         const ojson calls = {{{"glShadeModel", {"GL_FLAT"}}}, {{"glProvokingVertex", {conv}}}};
         out.push_back(raster_case(std::string("lines/provoking/") + d.prim + "/" +
                                      (conv[3] == 'F' ? "first-vertex" : "last-vertex"),
                                   calls, {{"fbo", true}},
                                   {{"prim", d.prim}, {"size", {kSize, kSize}}, {"vertices", vertices}}, pixels, kExact,
                                   kExactWhy));
      }
   }
   // The stipple on the four GL_LINES segments: patterns that tell the bit order and the
   // counter's restart apart, factors 1 to 3.
   struct stipple {
      int factor;
      unsigned pattern;
   };
   for (const stipple &st : {stipple{1, 0x00ffu}, stipple{1, 0x0e3cu}, stipple{2, 0x1d2bu}, stipple{3, 0x3c71u}})
      for (bool fbo : {false, true}) {
         if (!fbo && st.pattern != 0x0e3cu)
            continue;  // the window's flipped rows once
         auto kept = [&](int s) { return ((st.pattern >> ((s / st.factor) % 16)) & 1u) != 0; };
         ojson pixels = ojson::array();
         for (const auto &seg : pixels_of("GL_LINES", segments))
            for (size_t t = 1; t + 2 < seg.size(); ++t) {
               const int s = static_cast<int>(t);
               if (kept(s - 1) == kept(s) && kept(s) == kept(s + 1))
                  pixels.push_back({seg[t].first, seg[t].second});
            }
         ojson vertices = ojson::array();
         for (const auto &v : segments)
            vertices.push_back(vertex_at(v.first, v.second, 0.25, {0.0, 1.0, 0.0, 1.0}));
         const ojson calls = {{{"glLineStipple", {st.factor, st.pattern}}}, {{"glEnable", {"GL_LINE_STIPPLE"}}}};
         char name[96];
         std::snprintf(name, sizeof name, "lines/stipple/factor%d-0x%04x/%s", st.factor, st.pattern, fbo ? "fbo" : "window");
         out.push_back(raster_case(name, calls, {{"fbo", fbo}},
                                   {{"prim", "GL_LINES"}, {"size", {kSize, kSize}}, {"vertices", vertices}}, pixels,
                                   kExact, kExactWhy));
      }
   // Wide lines (compatibility §14.5.2.1): the width rounded to an odd w, a column (x-major) or
   // row (y-major) of w fragments for each fragment of the width-1 line, centred on it; probed
   // across the line from one pixel beyond each side, away from the ends, with the stipple
   // keeping or dropping each column whole.
   struct wide {
      const char *name;
      float width;
      int half;  // (w − 1) / 2 of the rounded width
      bool fbo;
      unsigned pattern;  // 0: no stipple
   };
   for (const wide &wd : {wide{"width3/fbo", 3.0f, 1, true, 0}, wide{"width3/window", 3.0f, 1, false, 0},
                          wide{"width5/fbo", 5.0f, 2, true, 0}, wide{"width2.6-rounds-to-3/fbo", 2.6f, 1, true, 0},
                          wide{"width3-stipple-0x0e3c/fbo", 3.0f, 1, true, 0x0e3cu}}) {
      auto kept = [&](int t) { return wd.pattern == 0 || ((wd.pattern >> (t % 16)) & 1u) != 0; };
      ojson pixels = ojson::array();
      for (const auto &seg : pixels_of("GL_LINES", segments)) {
         const bool x_major = seg.size() > 1 && seg[0].second == seg[1].second;
         for (size_t t = 1; t + 2 < seg.size(); t += wd.pattern ? 1 : 3) {
            const int s = static_cast<int>(t);
            if (kept(s - 1) != kept(s) || kept(s) != kept(s + 1))
               continue;
            for (int across = -wd.half - 1; across <= wd.half + 1; ++across)
               pixels.push_back({seg[t].first + (x_major ? 0 : across), seg[t].second + (x_major ? across : 0)});
         }
      }
      ojson vertices = ojson::array();
      for (unsigned k = 0; k < segments.size(); ++k)
         vertices.push_back(vertex_at(segments[k].first, segments[k].second, 0.25, numbered(k)));
      ojson calls = {{{"glShadeModel", {"GL_FLAT"}}}, {{"glLineWidth", {wd.width}}}};
      if (wd.pattern) {
         calls.push_back({{"glLineStipple", {1, wd.pattern}}});
         calls.push_back({{"glEnable", {"GL_LINE_STIPPLE"}}});
      }
      out.push_back(raster_case(std::string("lines/wide/") + wd.name, calls, {{"fbo", wd.fbo}},
                                {{"prim", "GL_LINES"}, {"size", {kSize, kSize}}, {"vertices", vertices}}, pixels,
                                kExact, kExactWhy));
   }
   // A polygon outline in GL_LINE mode takes the line width too (§14.6.4): a triangle with a
   // horizontal, a vertical and a sloped (½) edge, width 3, probed across each edge.
   {
      ojson vertices = ojson::array();
      for (const auto &[x, y] : path{{8.5, 8.5}, {40.5, 8.5}, {8.5, 24.5}})
         vertices.push_back(vertex_at(x, y, 0.25, {1.0, 0.0, 0.0, 1.0}));
      ojson pixels = ojson::array();
      for (int across = 5; across <= 12; ++across) {
         pixels.push_back({20, across});  // across the horizontal edge (row 8)
         pixels.push_back({across, 16});  // across the vertical edge (column 8)
      }
      for (int x : {16, 24, 30})
         for (int y = 8; y < 24; ++y)
            pixels.push_back({x, y});  // across the sloped edge
      const ojson calls = {{{"glPolygonMode", {"GL_FRONT_AND_BACK", "GL_LINE"}}}, {{"glLineWidth", {3}}}};
      out.push_back(raster_case("lines/wide/polygon-outline-width3/fbo", calls, {{"fbo", true}},
                                {{"prim", "GL_TRIANGLES"}, {"size", {kSize, kSize}}, {"vertices", vertices}}, pixels,
                                kExact, kExactWhy));
   }
}

// The antialiased-line cases' paths (window positions): horizontal, vertical and sloped
// GL_LINES segments, and the corners of a strip (or of a triangle's outline).
using line_path = std::vector<std::pair<double, double>>;
const line_path kSmoothSegments = {{4.5, 8.5},   {40.5, 8.5},  {50.3, 4.5}, {50.3, 40.5},
                                   {6.2, 20.3},  {57.1, 41.9}, {8.4, 56.6}, {30.7, 27.2}};
const line_path kSmoothCorners = {{6.3, 6.3}, {44.7, 12.1}, {30.2, 50.6}};

// One segment's rectangle (compatibility §14.5.3), by its centre, unit direction and half length;
// `along` and `across` place a pixel's centre in its frame, and `reach` is the pixel square's
// half-extent along either axis (½(|u.x| + |u.y|)).
struct segment_rect {
   double mx, my, ux, uy, half_len;
   double along(int x, int y) const { return (x + 0.5 - mx) * ux + (y + 0.5 - my) * uy; }
   double across(int x, int y) const { return -(x + 0.5 - mx) * uy + (y + 0.5 - my) * ux; }
   double reach() const { return (std::fabs(ux) + std::fabs(uy)) / 2.0; }
};

// The segments GL draws for `prim` over `at`: GL_LINES pairs, a strip's consecutive corners, or a
// triangle's three edges in GL_LINE mode (§14.6.4).
std::vector<segment_rect> smooth_segments(const line_path &at, const std::string &prim) {
   const bool lines = prim == "GL_LINES", outline = prim == "GL_TRIANGLES";
   std::vector<segment_rect> rects;
   for (size_t i = 0; i + (outline ? 0 : 1) < at.size(); i += lines ? 2 : 1) {
      const auto a = at[i], b = at[(i + 1) % at.size()];
      const double len = std::hypot(b.first - a.first, b.second - a.second);
      rects.push_back({(a.first + b.first) / 2, (a.second + b.second) / 2, (b.first - a.first) / len,
                       (b.second - a.second) / len, len / 2});
   }
   return rects;
}

// The path's vertices (depth 0.25, each its own numbered colour) and the calls of flat smooth lines
// of `width`.
ojson smooth_vertices(const line_path &at) {
   ojson vertices = ojson::array();
   for (unsigned k = 0; k < at.size(); ++k)
      vertices.push_back(vertex_at(at[k].first, at[k].second, 0.25, numbered(k)));
   return vertices;
}
ojson smooth_calls(float width) {
   return {{{"glShadeModel", {"GL_FLAT"}}}, {{"glEnable", {"GL_LINE_SMOOTH"}}}, {{"glLineWidth", {width}}}};
}

// Antialiased lines (compatibility §14.5.3): each segment the rectangle of the line width and its
// length, centred on it. Probed where every segment's rectangle either holds the pixel's square
// whole (the segment's flat colour) or stays clear of it by 0.05 (the background); pixels a
// rectangle covers in part are GL's coverage, checked by add_smooth_line_coverage. Judged by the
// square's extent along and across each segment: horizontal, vertical and sloped segments, widths
// 1 to 5, GL_LINES and a GL_LINE_STRIP whose segments meet at corners.
void add_smooth_lines(std::vector<test_case> &out) {
   struct smooth {
      const char *name;
      const char *prim;
      const line_path &at;
      float width;
      bool fbo;
   };
   for (const smooth &sm : {smooth{"GL_LINES/width1/fbo", "GL_LINES", kSmoothSegments, 1.0f, true},
                            smooth{"GL_LINES/width2/fbo", "GL_LINES", kSmoothSegments, 2.0f, true},
                            smooth{"GL_LINES/width3/fbo", "GL_LINES", kSmoothSegments, 3.0f, true},
                            smooth{"GL_LINES/width3/window", "GL_LINES", kSmoothSegments, 3.0f, false},
                            smooth{"GL_LINES/width5/fbo", "GL_LINES", kSmoothSegments, 5.0f, true},
                            smooth{"GL_LINE_STRIP/width4/fbo", "GL_LINE_STRIP", kSmoothCorners, 4.0f, true},
                            smooth{"polygon-outline-width3/fbo", "GL_TRIANGLES", kSmoothCorners, 3.0f, true}}) {
      // A triangle in GL_LINE mode: its three edges, each a segment (compatibility §14.6.4).
      const bool outline = std::string(sm.prim) == "GL_TRIANGLES";
      const std::vector<segment_rect> rects = smooth_segments(sm.at, sm.prim);
      const double hw = sm.width / 2.0;
      ojson pixels = ojson::array();
      int n_whole = 0, n_clear = 0;
      for (int y = 0; y < kSize; ++y)
         for (int x = 0; x < kSize; ++x) {
            bool any_whole = false, all_clear = true, decided = true;
            for (const segment_rect &rc : rects) {
               const double along = std::fabs(rc.along(x, y)), across = std::fabs(rc.across(x, y)), reach = rc.reach();
               const bool whole = along + reach <= rc.half_len && across + reach <= hw;
               const bool clear = along - reach >= rc.half_len + 0.05 || across - reach >= hw + 0.05;
               decided = decided && (whole || clear);
               any_whole = any_whole || whole;
               all_clear = all_clear && clear;
            }
            // Every third whole pixel, and every other clear one (a checkerboard) within two
            // pixels of a rectangle.
            bool near = false;
            for (const segment_rect &rc : rects)
               near = near || (std::fabs(rc.along(x, y)) < rc.half_len + 2.0 && std::fabs(rc.across(x, y)) < hw + 2.0);
            if (decided && any_whole && (x + y) % 3 == 0) {
               pixels.push_back({x, y});
               ++n_whole;
            } else if (decided && all_clear && near && (x + y) % 2 == 0) {
               pixels.push_back({x, y});
               ++n_clear;
            }
         }
      ojson calls = smooth_calls(sm.width);
      if (outline)
         calls.push_back({{"glPolygonMode", {"GL_FRONT_AND_BACK", "GL_LINE"}}});
      if (n_whole == 0 || n_clear == 0)
         throw std::logic_error(std::string("conformance: the smooth-line case ") + sm.name +
                                " probes no pixel inside a rectangle or none clear of them");
      out.push_back(raster_case(std::string("lines/smooth/") + sm.name, calls, {{"fbo", sm.fbo}},
                                {{"prim", sm.prim}, {"size", {kSize, kSize}}, {"vertices", smooth_vertices(sm.at)}},
                                pixels, kExact, kExactWhy));
   }
}

// The coverage of antialiased lines (compatibility §14.5.3: the area the rectangle shares with
// the pixel's square, which scales alpha, §17.1): every pixel one segment's rectangle covers in
// part, its centre at least 0.1 inside the rectangle (so at least about a fifth of the square is
// covered), and no other segment's rectangle meeting the square or within half a pixel of its
// centre (there the last fragment, and its coverage, are the implementation's). GL lets an
// implementation approximate the area: alpha is compared within kCoverageTolerance, colour and
// depth exactly. Measured on these cases (2026-11-29): lavapipe's own smooth lines, llvmpipe,
// softpipe, stock zink and the clampler driver (Mesa's one line-coverage approximation) lie within
// 0.076 of the area, the device draw's rectangles (no-smooth-lines) within 0.002.
constexpr double kCoverageTolerance = 0.1;
void add_smooth_line_coverage(std::vector<test_case> &out) {
   struct coverage_case {
      const char *name;
      const char *prim;
      const line_path &at;
      float width;
   };
   for (const coverage_case &cc : {coverage_case{"GL_LINES/width1/fbo", "GL_LINES", kSmoothSegments, 1.0f},
                                   coverage_case{"GL_LINES/width2/fbo", "GL_LINES", kSmoothSegments, 2.0f},
                                   coverage_case{"GL_LINES/width3/fbo", "GL_LINES", kSmoothSegments, 3.0f},
                                   coverage_case{"GL_LINES/width5/fbo", "GL_LINES", kSmoothSegments, 5.0f},
                                   coverage_case{"GL_LINE_STRIP/width4/fbo", "GL_LINE_STRIP", kSmoothCorners, 4.0f}}) {
      const std::vector<segment_rect> rects = smooth_segments(cc.at, cc.prim);
      const double hw = cc.width / 2.0;
      ojson pixels = ojson::array();
      for (int y = 0; y < kSize; ++y)
         for (int x = 0; x < kSize; ++x) {
            int inside = 0, near = 0;
            bool whole = false;
            for (const segment_rect &rc : rects) {
               const double along = std::fabs(rc.along(x, y)), across = std::fabs(rc.across(x, y)), reach = rc.reach();
               inside += along <= rc.half_len - 0.1 && across <= hw - 0.1;
               whole = whole || (along + reach <= rc.half_len && across + reach <= hw);
               near += along < rc.half_len + reach + 0.55 && across < hw + reach + 0.55;
            }
            if (inside == 1 && near == 1 && !whole)
               pixels.push_back({x, y});
         }
      if (pixels.size() < 20)
         throw std::logic_error(std::string("conformance: the smooth-line coverage case ") + cc.name +
                                " probes fewer than 20 partly covered pixels");
      test_case c = raster_case(std::string("lines/smooth/coverage/") + cc.name, smooth_calls(cc.width),
                                {{"fbo", true}},
                                {{"prim", cc.prim}, {"size", {kSize, kSize}}, {"vertices", smooth_vertices(cc.at)}},
                                pixels, kExact,
                                "colour and depth exact (8-bit colours, flat depths); alpha within 0.1 of GL's "
                                "coverage, the area (Mesa's smooth lines measured within 0.076)");
      c.tol.coverage = kCoverageTolerance;
      c.scenario["coverage_tolerance"] = kCoverageTolerance;
      out.push_back(std::move(c));
   }
}

}  // namespace

void add_raster(std::vector<test_case> &out) {
   add_provoking(out);
   add_cull(out);
   add_offset(out);
   add_depth(out);
   add_stipple(out);
   add_two_side(out);
   add_clamp_color(out);
   add_sprites(out);
   add_polygon_modes(out);
   add_points(out);
   add_smooth_points(out);
   add_lines(out);
   add_smooth_lines(out);
   add_smooth_line_coverage(out);
}

}  // namespace clampler::conformance
