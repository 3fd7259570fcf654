// The differential harness's raster generator: seeded random raster cases of what the reference rasterizer models.
#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "differential.h"
#include "differential_rng.h"

namespace clampler::differential {
namespace {

constexpr int kSize = 64;

// The vertex at GL window position (x, y) (pixels, y up), clip z, colour.
ojson vertex(double x, double y, double z, const std::vector<double> &colour) {
   return {{"clip", {2.0 * x / kSize - 1.0, 2.0 * y / kSize - 1.0, z}}, {"color", colour}};
}

// An exact 8-bit colour.
std::vector<double> colour(rng_t &r) {
   return {r.below(256) / 255.0, r.below(256) / 255.0, r.below(256) / 255.0, 1.0};
}

// `n` points on a circle in angle order (fewer where two coincide), on the 1/8 grid.
std::vector<std::pair<double, double>> circle_points(rng_t &r, unsigned n, bool cw) {
   const double cx = r.eighths(20, 44), cy = r.eighths(20, 44), radius = r.eighths(8, 19);
   std::vector<double> angles;
   for (unsigned k = 0; k < n; ++k)
      angles.push_back(r.below(3600) * M_PI / 1800.0);
   std::sort(angles.begin(), angles.end());
   angles.erase(std::unique(angles.begin(), angles.end()), angles.end());
   if (cw)
      std::reverse(angles.begin(), angles.end());
   std::vector<std::pair<double, double>> out;
   for (double a : angles)
      out.emplace_back(std::round((cx + radius * std::cos(a)) * 8) / 8, std::round((cy + radius * std::sin(a)) * 8) / 8);
   return out;
}

// Whether the polygon turns the same way, strictly, at every vertex (GL defines quads and
// polygons only when convex; the 1/8 grid can bend points of a circle).
bool strictly_convex(const std::vector<std::pair<double, double>> &p) {
   int sign = 0;
   for (size_t k = 0; k < p.size(); ++k) {
      const auto &[ax, ay] = p[k];
      const auto &[bx, by] = p[(k + 1) % p.size()];
      const auto &[cx, cy] = p[(k + 2) % p.size()];
      const double cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx);
      const int s = cross > 0 ? 1 : cross < 0 ? -1 : 0;
      if (s == 0 || (sign != 0 && s != sign))
         return false;
      sign = s;
   }
   return p.size() >= 3;
}

// `n` points on a circle in angle order, on the 1/8 grid and strictly convex: a convex polygon,
// counter-clockwise unless `cw` (fewer points where two coincide).
std::vector<std::pair<double, double>> convex(rng_t &r, unsigned n, bool cw) {
   std::vector<std::pair<double, double>> out;
   do
      out = circle_points(r, n, cw);
   while (!strictly_convex(out));
   return out;
}

}  // namespace

ojson random_raster_case(std::mt19937_64 &g, std::string *name) {
   rng_t r{g};
   static const char *const kPrims[] = {"GL_POINTS",         "GL_LINES",        "GL_LINE_STRIP", "GL_LINE_LOOP",
                                        "GL_TRIANGLES",      "GL_TRIANGLE_STRIP", "GL_TRIANGLE_FAN", "GL_QUADS",
                                        "GL_QUAD_STRIP",     "GL_POLYGON"};
   const std::string prim = r.pick(kPrims);
   const bool lines = prim == "GL_LINES" || prim == "GL_LINE_STRIP" || prim == "GL_LINE_LOOP";
   const bool polygons = prim != "GL_POINTS" && !lines;
   const bool quads = prim == "GL_QUADS" || prim == "GL_QUAD_STRIP";
   std::string tags;
   ojson calls = ojson::array();
   auto call = [&](const char *fn, ojson args, const std::string &tag) {
      calls.push_back({{fn, std::move(args)}});
      if (!tag.empty())
         tags += "/" + tag;
   };

   // Colours: flat (table 13.2 picks the provoking vertex's) or one colour for the whole draw
   // (GL leaves smooth colours to the implementation's rounding; the reference refuses them on
   // quads and polygons).
   // The reference refuses smooth shading on quads and polygons even when the colours agree.
   const bool flat = !polygons || prim == "GL_TRIANGLES" || prim == "GL_TRIANGLE_STRIP" || prim == "GL_TRIANGLE_FAN"
                        ? r.chance(60)
                        : true;
   if (flat)
      call("glShadeModel", {"GL_FLAT"}, "flat");
   // Quads follow the first-vertex convention only where the implementation says so
   // (GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION): the last vertex is GL's either way.
   const bool last = quads || r.chance(50);
   if (!last)
      call("glProvokingVertex", {"GL_FIRST_VERTEX_CONVENTION"}, "first");
   if (polygons && r.chance(40)) {
      static const char *const kFaces[] = {"GL_FRONT", "GL_BACK", "GL_FRONT_AND_BACK"};
      const char *face = r.pick(kFaces);
      call("glEnable", {"GL_CULL_FACE"}, std::string("cull-") + (face + 3));
      call("glCullFace", {face}, "");
      if (r.chance(50))
         call("glFrontFace", {"GL_CW"}, "cw");
   }
   if (r.chance(30)) {
      const bool upper = r.chance(50), zero_one = r.chance(50);
      call("glClipControl", {upper ? "GL_UPPER_LEFT" : "GL_LOWER_LEFT", zero_one ? "GL_ZERO_TO_ONE" : "GL_NEGATIVE_ONE_TO_ONE"},
           std::string(upper ? "upper" : "lower") + (zero_one ? "-01" : "-11"));
   }
   // Front and back polygon modes (not both FILL) for every polygon primitive, whose edges and
   // vertices the reference draws as lines and points (quads and polygons whole: their boundary,
   // never a split's diagonals): vertices on pixel centres, one depth.
   const bool triangles = prim == "GL_TRIANGLES" || prim == "GL_TRIANGLE_STRIP" || prim == "GL_TRIANGLE_FAN";
   const bool unfilled = polygons && r.chance(25);
   if (unfilled) {
      static const char *const kModes[] = {"GL_FILL", "GL_LINE", "GL_POINT"};
      const char *front = r.pick(kModes), *back = r.pick(kModes);
      if (std::string(front) == "GL_FILL" && std::string(back) == "GL_FILL")
         back = "GL_LINE";
      call("glPolygonMode", {"GL_FRONT", front}, std::string("front-") + (front + 3));
      call("glPolygonMode", {"GL_BACK", back}, std::string("back-") + (back + 3));
   }
   // The reference draws lines, and polygon edges and vertices, inside the volume only.
   const bool clamp = !lines && !unfilled && r.chance(25);
   if (clamp)
      call("glEnable", {"GL_DEPTH_CLAMP"}, "clamp");
   const bool sloped = polygons && !unfilled && r.chance(30);
   if (polygons && !sloped && r.chance(30)) {
      static const char *const kOffsets[] = {"GL_POLYGON_OFFSET_FILL", "GL_POLYGON_OFFSET_LINE", "GL_POLYGON_OFFSET_POINT"};
      call("glEnable", {unfilled ? r.pick(kOffsets) : "GL_POLYGON_OFFSET_FILL"}, "offset");
      call("glPolygonOffset", {r.pick({0.0, 1.0, 2.0}), r.pick({1.0, 4.0, 64.0, -16.0})}, "");
   }
   if (polygons && r.chance(15)) {
      // One argument, the mask: built as an array of that one array (a braced {mask} of a json
      // value is a copy of it under some compilers, not an array holding it).
      ojson mask = ojson::array();
      for (unsigned k = 0; k < 128; ++k)
         mask.push_back(r.below(256));
      ojson args = ojson::array();
      args.push_back(std::move(mask));
      call("glPolygonStipple", std::move(args), "");
      call("glEnable", {"GL_POLYGON_STIPPLE"}, "stipple");
   }
   // Sloped lines (not at 45 degrees) or horizontal and vertical ones; the reference stipples the
   // latter only.
   const bool sloped_lines = lines && r.chance(50);
   const bool stippled = prim == "GL_LINES" && !sloped_lines && r.chance(40);
   if (stippled) {
      call("glEnable", {"GL_LINE_STIPPLE"}, "line-stipple");
      call("glLineStipple", {1 + r.below(3), r.below(65536)}, "");
   }
   // Wide lines where the reference models them (compatibility §14.5.2.1): an odd rounded width
   // up to 7, non-integer widths rounding to it included.
   int half_width = 0;  // (w − 1) / 2: the rounded width's fragments either side of the line
   double width = 1.0;
   if (lines && r.chance(30)) {
      width = r.pick({3.0, 5.0, 7.0, 2.75, 3.25, 4.625});
      half_width = (static_cast<int>(std::lround(width)) - 1) / 2;
      call("glLineWidth", {width}, "wide");
   }
   // Antialiased lines of whole widths (compatibility §14.5.3), unstippled: the reference answers
   // for the pixels a segment's rectangle holds whole or misses, and (the case's coverage
   // tolerance, below) those one segment covers in part; the probes it refuses are dropped.
   const bool smooth_lines = lines && !stippled && width == std::floor(width) && r.chance(25);
   if (smooth_lines) {
      call("glEnable", {"GL_LINE_SMOOTH"}, "smooth");
      if (width == 1.0 && r.chance(50)) {
         width = r.pick({2.0, 4.0});
         call("glLineWidth", {width}, "");
      }
   }
   // Points of sizes 1 to 8, and one in four (of those) larger, up to the reference's 64.
   int point_size = prim == "GL_POINTS" ? 1 + static_cast<int>(r.below(8)) : 1;
   if (prim == "GL_POINTS" && r.chance(25))
      point_size = static_cast<int>(r.pick({11.0, 16.0, 23.0, 32.0, 47.0, 64.0}));
   if (prim == "GL_POINTS")
      call("glPointSize", {point_size}, "");
   // Point sprites, their texture coordinates shown as the colour: replaced (GL_COORD_REPLACE)
   // or the vertices' own, with either origin.
   const bool sprites = prim == "GL_POINTS" && r.chance(40);
   // Antialiased points (compatibility §14.4.2; sprites ignore it): the pixels each circle holds
   // whole or misses.
   const bool smooth_points = prim == "GL_POINTS" && !sprites && r.chance(30);
   if (smooth_points)
      call("glEnable", {"GL_POINT_SMOOTH"}, "smooth");
   if (sprites) {
      call("glEnable", {"GL_POINT_SPRITE"}, "sprite");
      const bool lower = r.chance(50);
      call("glPointParameteri", {"GL_POINT_SPRITE_COORD_ORIGIN", lower ? "GL_LOWER_LEFT" : "GL_UPPER_LEFT"},
           lower ? "lower-left" : "upper-left");
      if (r.chance(70))
         call("glTexEnvi", {"GL_POINT_SPRITE", "GL_COORD_REPLACE", 1}, "replaced");
   }
   // A vertex program writing front and back colours, with two-sided colour mode or without it
   // (GL then takes the front colours everywhere).
   const bool back_colors = r.chance(30);
   if (back_colors && r.chance(70))
      call("glEnable", {"GL_VERTEX_PROGRAM_TWO_SIDE"}, "two-side");
   else if (back_colors)
      tags += "/back-colors";

   // One depth for the draw (clamped cases beyond the view volume), or a plane z = a·x + b·y + c
   // (quads and polygons must be planar for GL to define their depths; |z| < 1 over the window).
   const double z_draw = clamp                 ? r.pick({-1.5, -0.5, 0.25, 1.5})
                         : lines || unfilled  ? r.pick({0.0, 0.25, 0.75})  // inside a ZERO_TO_ONE volume too
                                              : r.pick({-0.5, 0.0, 0.25, 0.75});
   const double za = (static_cast<int>(r.below(9)) - 4) / 512.0, zb = (static_cast<int>(r.below(9)) - 4) / 512.0,
                zc = (static_cast<int>(r.below(17)) - 8) / 64.0;
   const std::vector<double> one = colour(r), one_back = back_colors ? colour(r) : one;
   auto col = [&] { return flat ? colour(r) : one; };

   ojson vertices = ojson::array();
   std::vector<std::pair<double, double>> marks;  // window positions worth a probe
   auto add = [&](double x, double y) {
      vertices.push_back(vertex(x, y, sloped ? za * (x - 32) + zb * (y - 32) + zc : z_draw, col()));
      if (back_colors)
         vertices.back()["back_color"] = flat ? colour(r) : one_back;
      if (sprites)
         vertices.back()["texcoord"] = colour(r);
      marks.emplace_back(x, y);
   };
   if (prim == "GL_POINTS") {
      for (unsigned k = 0, n = 4 + r.below(8); k < n; ++k)
         add(r.eighths(4, 60), r.eighths(4, 60));
   } else if (prim == "GL_LINES") {
      // Width 1, ends on pixel centres: sloped, or horizontal and vertical at least 4 pixels long.
      for (unsigned k = 0, n = 2 + r.below(4); k < n && sloped_lines; ++k) {
         const double ax = 0.5 + r.below(64), ay = 0.5 + r.below(64);
         double bx, by;
         do {
            bx = 0.5 + r.below(64);
            by = 0.5 + r.below(64);
         } while (std::fabs(bx - ax) == std::fabs(by - ay) || std::fabs(bx - ax) + std::fabs(by - ay) < 6);
         add(ax, ay);
         add(bx, by);
      }
      for (unsigned k = 0, n = 2 + r.below(4); k < n && !sloped_lines; ++k) {
         const double a = 2.5 + r.below(48), b = a + 4 + r.below(10), c = 2.5 + r.below(60);
         const bool horizontal = r.chance(50), backwards = r.chance(50);
         const double from = backwards ? b : a, to = backwards ? a : b;
         if (horizontal) {
            add(from, c);
            add(to, c);
         } else {
            add(c, from);
            add(c, to);
         }
      }
   } else if (lines) {
      // A strip or loop: each step sloped (not 45 degrees, at least 6 pixels), or alternately
      // horizontal and vertical (at least 4 pixels); every vertex on a pixel centre.
      // A loop's closing segment must not be 45 degrees either (the reference refuses it).
      const unsigned n = 2 + r.below(4);
      bool closing_ok = false;
      while (!closing_ok) {
         vertices = ojson::array();
         marks.clear();
         double x = 0.5 + r.below(64), y = 0.5 + r.below(64);
         add(x, y);
         for (unsigned k = 0; k < n; ++k) {
            double nx = x, ny = y;
            do {
               if (sloped_lines) {
                  nx = 0.5 + r.below(64);
                  ny = 0.5 + r.below(64);
               } else if (k % 2 == 0) {
                  nx = 0.5 + r.below(64);
               } else {
                  ny = 0.5 + r.below(64);
               }
            } while (sloped_lines ? (std::fabs(nx - x) == std::fabs(ny - y) || std::fabs(nx - x) + std::fabs(ny - y) < 6)
                                  : std::fabs(nx - x) + std::fabs(ny - y) < 4);
            add(nx, ny);
            x = nx;
            y = ny;
         }
         const double cdx = std::fabs(marks.front().first - x), cdy = std::fabs(marks.front().second - y);
         closing_ok = prim != "GL_LINE_LOOP" || (cdx != cdy && cdx + cdy >= 4);
      }
   } else if (unfilled && !triangles) {
      // Quads, a quad strip or a polygon, convex, on pixel centres, no boundary edge at 45 degrees
      // or shorter than 4 pixels (the reference refuses a 45-degree line outright).
      auto edges_ok = [](const std::vector<std::pair<double, double>> &p) {
         for (size_t k = 0; k < p.size(); ++k) {
            const double dx = std::fabs(p[(k + 1) % p.size()].first - p[k].first);
            const double dy = std::fabs(p[(k + 1) % p.size()].second - p[k].second);
            if (dx == dy || dx + dy < 4)
               return false;
         }
         return true;
      };
      auto snapped = [&](unsigned n) {
         std::vector<std::pair<double, double>> p;
         do {
            p = convex(r, n, r.chance(50));
            for (auto &[x, y] : p)
               x = std::floor(x) + 0.5, y = std::floor(y) + 0.5;
         } while (p.size() != n || !strictly_convex(p) || !edges_ok(p));
         return p;
      };
      if (prim == "GL_QUADS") {
         for (unsigned q = 0, n = 1 + r.below(2); q < n; ++q)
            for (const auto &[x, y] : snapped(4))
               add(x, y);
      } else if (prim == "GL_QUAD_STRIP") {
         // Two rows, x increasing by whole pixels: rectangles and trapezoids.
         const double y0 = 2.5 + r.below(24), y1 = 36.5 + r.below(24);
         const bool swap = r.chance(50);
         for (double x = 2.5 + r.below(8), step = 0; x < 63 && vertices.size() < 8; x += step) {
            add(x, swap ? y1 : y0);
            add(x + (r.chance(50) ? 0.0 : 2.0), swap ? y0 : y1);
            step = 8 + r.below(10);
         }
      } else {
         for (const auto &[x, y] : snapped(5 + r.below(3)))
            add(x, y);
      }
   } else if (unfilled) {
      // On pixel centres, no edge at 45 degrees or of zero length (the reference refuses a
      // 45-degree line outright): each vertex against the two before it and the fan's centre.
      auto bad = [&](double x, double y, size_t j) {
         const double dx = std::fabs(x - marks[j].first), dy = std::fabs(y - marks[j].second);
         return dx == dy || dx + dy < 4;
      };
      const unsigned n = prim == "GL_TRIANGLES" ? 3 * (1 + r.below(4)) : 4 + r.below(4);
      for (unsigned k = 0; k < n; ++k) {
         double x, y;
         bool ok;
         do {
            x = 0.5 + r.below(63);
            y = 0.5 + r.below(63);
            const size_t first = prim == "GL_TRIANGLES" ? k / 3 * 3 : 0;
            ok = true;
            for (size_t j = k >= 2 ? k - 2 : 0; j < k; ++j)
               ok = ok && (j < first || !bad(x, y, j));
            ok = ok && (prim != "GL_TRIANGLE_FAN" || k == 0 || !bad(x, y, 0));
         } while (!ok);
         add(x, y);
      }
   } else if (prim == "GL_TRIANGLES") {
      for (unsigned k = 0, n = 3 * (1 + r.below(4)); k < n; ++k)
         add(r.eighths(1, 63), r.eighths(1, 63));
   } else if (prim == "GL_TRIANGLE_STRIP" || prim == "GL_TRIANGLE_FAN") {
      for (unsigned k = 0, n = 4 + r.below(4); k < n; ++k)
         add(r.eighths(1, 63), r.eighths(1, 63));
   } else if (prim == "GL_QUADS") {
      for (unsigned q = 0, n = 1 + r.below(3); q < n; ++q) {
         std::vector<std::pair<double, double>> p;
         do
            p = convex(r, 4, r.chance(50));
         while (p.size() != 4);
         for (const auto &[x, y] : p)
            add(x, y);
      }
   } else if (prim == "GL_QUAD_STRIP") {
      // Two rows, x increasing: each quad (v0, v1, v3, v2) is convex.
      const double y0 = r.eighths(2, 28), y1 = r.eighths(36, 62);
      const bool swap = r.chance(50);  // the other winding
      double x = r.eighths(1, 12);
      for (unsigned k = 0, n = 2 + r.below(3); k <= n && x < 63; ++k, x += r.eighths(6, 20)) {
         add(x, swap ? y1 : y0);
         add(x, swap ? y0 : y1);
      }
      if (vertices.size() < 4)
         add(63, swap ? y1 : y0), add(63, swap ? y0 : y1);
   } else {  // GL_POLYGON
      for (const auto &[x, y] : convex(r, 5 + r.below(4), r.chance(50)))
         add(x, y);
   }

   // Probes: a pixel at every vertex and centroid of three consecutive vertices, and random ones.
   ojson lookups = ojson::array();
   std::vector<std::pair<int, int>> pixels;
   auto probe = [&](double x, double y) {
      const int px = std::clamp(static_cast<int>(std::floor(x)), 0, kSize - 1);
      const int py = std::clamp(static_cast<int>(std::floor(y)), 0, kSize - 1);
      if (std::find(pixels.begin(), pixels.end(), std::make_pair(px, py)) == pixels.end())
         pixels.emplace_back(px, py);
   };
   auto along = [&](size_t a, size_t b) {
      // x-major (horizontal, or sloped at most 45°): the wide line's columns run along y.
      const bool horizontal = std::fabs(marks[b].first - marks[a].first) >= std::fabs(marks[b].second - marks[a].second);
      for (double f : {0.3, 0.5, 0.7}) {
         const double x = marks[a].first + f * (marks[b].first - marks[a].first);
         const double y = marks[a].second + f * (marks[b].second - marks[a].second);
         probe(x, y);
         // A wide line's outermost fragments either side and the pixels just beyond them.
         if (half_width > 0)
            for (int across : {-half_width - 1, -half_width, half_width, half_width + 1})
               probe(x + (horizontal ? 0 : across), y + (horizontal ? across : 0));
         // An antialiased line's rectangle: across it, where the aliased line's pixels end.
         if (smooth_lines)
            for (double across = -width / 2.0 - 1.0; across <= width / 2.0 + 1.0; across += 1.0)
               probe(x + (horizontal ? 0 : across), y + (horizontal ? across : 0));
      }
   };
   if (lines)
      for (size_t k = 0; k + 1 < marks.size(); k += prim == "GL_LINES" ? 2 : 1)
         along(k, k + 1);
   // Quads and polygons drawn as lines: along their boundary edges and their diagonals (which GL
   // never draws); triangles: along their edges (and a few chords between them).
   if (unfilled && prim == "GL_QUADS")
      for (size_t q = 0; q + 4 <= marks.size(); q += 4) {
         for (size_t k = 0; k < 4; ++k)
            along(q + k, q + (k + 1) % 4);
         along(q, q + 2);
         along(q + 1, q + 3);
      }
   if (unfilled && prim == "GL_QUAD_STRIP")
      for (size_t q = 0; q + 4 <= marks.size(); q += 2) {
         for (const auto &[a, b] : {std::pair{q, q + 1}, std::pair{q + 1, q + 3}, std::pair{q + 3, q + 2},
                                    std::pair{q + 2, q}, std::pair{q, q + 3}, std::pair{q + 1, q + 2}})
            along(a, b);
      }
   if (unfilled && prim == "GL_POLYGON")
      for (size_t k = 0; k < marks.size(); ++k) {
         along(k, (k + 1) % marks.size());
         if (k >= 2 && k + 1 < marks.size())
            along(0, k);
      }
   if (unfilled && triangles)
      for (size_t k = 1; k < marks.size(); ++k) {
         along(k - 1, k);
         if (k >= 2)
            along(k - 2, k);
         if (prim == "GL_TRIANGLE_FAN")
            along(0, k);
      }
   for (size_t k = 0; k < marks.size(); ++k) {
      probe(marks[k].first, marks[k].second);
      // An antialiased point's square corners, which its circle leaves.
      if (smooth_points && point_size >= 4)
         for (double dx : {-0.4, 0.4})
            for (double dy : {-0.4, 0.4})
               probe(marks[k].first + dx * point_size, marks[k].second + dy * point_size);
      // A large point's edges: just inside and just beyond its square (or circle) on each side
      // that lies within the target (a probe off it would land on a pixel inside the point).
      if (prim == "GL_POINTS" && point_size >= 4)
         for (double reach : {point_size / 2.0 - 0.5, point_size / 2.0 + 0.5})
            for (const auto &[ux, uy] : {std::pair{1, 0}, std::pair{-1, 0}, std::pair{0, 1}, std::pair{0, -1}}) {
               const double x = marks[k].first + ux * reach, y = marks[k].second + uy * reach;
               if (x >= 0.0 && y >= 0.0 && x < kSize && y < kSize)
                  probe(x, y);
            }
      if (k + 2 < marks.size())
         probe((marks[k].first + marks[k + 1].first + marks[k + 2].first) / 3,
               (marks[k].second + marks[k + 1].second + marks[k + 2].second) / 3);
   }
   for (unsigned k = 0; k < 24; ++k)
      probe(r.below(kSize), r.below(kSize));
   for (const auto &[x, y] : pixels)
      lookups.push_back({{"pixel", {x, y}}});

   if (sloped_lines)
      tags += "/sloped";
   *name = "raster/" + std::string(prim.substr(3)) + tags;
   ojson out = {{"rasterizer", {{"calls", calls}, {"framebuffer", {{"fbo", true}}}}},
                {"draw", {{"prim", prim}, {"size", {kSize, kSize}}, {"show_texcoord", sprites}, {"vertices", vertices}}},
                {"lookups", lookups},
                // Sprite coordinates computed in float and stored in 8 bits may round the other way
                // at a tie of s · 255 (one step, 1/255, plus the double's rounding of that step).
                {"tolerance", sloped ? 1e-6 : sprites ? 1.5 / 255.0 : 0.0}};
   // Smooth lines' coverage too (alpha, within the conformance group's 0.1; docs/rasterizer.md,
   // "Coverage of smooth lines"): the reference then also answers the pixels one segment covers
   // in part, and those it answered before it answers alike.
   if (smooth_lines)
      out["coverage_tolerance"] = 0.1;
   return out;
}

}  // namespace clampler::differential
