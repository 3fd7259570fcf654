// ref_raster_pixel_at: GL 4.6's point, line and polygon rasterization of one pixel, written from the specification (see ref_raster.h).
#include "clampler/ref/ref_raster.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace clampler::ref {

namespace {

struct window_vertex {
   double x, y, z;
   const double *color;
   const double *back_color;  // what a back-facing polygon takes under two-sided colour
};

// No pixel, the reason in *why (when given).
std::optional<ref_raster_pixel> refused(std::string *why, const std::string &m) {
   if (why)
      *why = m;
   return std::nullopt;
}

// The polygons of the draw, each as GL defines it: its vertices in order (0-based indices).
std::vector<std::vector<uint32_t>> polygons_of(pipe_prim_type prim, uint32_t n) {
   std::vector<std::vector<uint32_t>> out;
   switch (prim) {
   case PIPE_PRIM_TRIANGLES:
      for (uint32_t i = 0; i + 2 < n; i += 3)
         out.push_back({i, i + 1, i + 2});
      break;
   case PIPE_PRIM_TRIANGLE_STRIP:
      // GL 4.6 §10.1.7: the triangle of an even (1-based) position takes its first two vertices
      // swapped, so every triangle of the strip keeps one orientation.
      for (uint32_t t = 0; t + 2 < n; ++t)
         out.push_back(t % 2 ? std::vector<uint32_t>{t + 1, t, t + 2} : std::vector<uint32_t>{t, t + 1, t + 2});
      break;
   case PIPE_PRIM_TRIANGLE_FAN:
      for (uint32_t t = 0; t + 2 < n; ++t)
         out.push_back({0, t + 1, t + 2});
      break;
   case PIPE_PRIM_QUADS:
      for (uint32_t i = 0; i + 3 < n; i += 4)
         out.push_back({i, i + 1, i + 2, i + 3});
      break;
   case PIPE_PRIM_QUAD_STRIP:
      // §10.1.11: quad i has vertices 2i, 2i+1, 2i+3, 2i+2 around its boundary.
      for (uint32_t i = 0; 2 * i + 3 < n; ++i)
         out.push_back({2 * i, 2 * i + 1, 2 * i + 3, 2 * i + 2});
      break;
   case PIPE_PRIM_POLYGON:
      if (n >= 3) {
         std::vector<uint32_t> p;
         for (uint32_t i = 0; i < n; ++i)
            p.push_back(i);
         out.push_back(p);
      }
      break;
   default: break;
   }
   return out;
}

// Inside or on the boundary of the convex polygon.
bool inside_closed(const std::vector<window_vertex> &p, double px, double py) {
   int pos = 0, neg = 0;
   for (size_t i = 0; i < p.size(); ++i) {
      const window_vertex &u = p[i], &v = p[(i + 1) % p.size()];
      const double e = (v.x - u.x) * (py - u.y) - (v.y - u.y) * (px - u.x);
      pos += e >= 0;
      neg += e <= 0;
   }
   return pos == static_cast<int>(p.size()) || neg == static_cast<int>(p.size());
}

double signed_area(const std::vector<window_vertex> &p) {
   double a = 0.0;
   for (size_t i = 0; i < p.size(); ++i) {
      const window_vertex &u = p[i], &v = p[(i + 1) % p.size()];
      a += u.x * v.y - v.x * u.y;
   }
   return a / 2.0;
}

// Whether (px, py) lies strictly inside the convex polygon (either orientation); *on_edge when
// it lies on an edge line (GL leaves that pixel to the implementation's tie rule).
bool inside(const std::vector<window_vertex> &p, double px, double py, bool *on_edge) {
   int pos = 0, neg = 0;
   *on_edge = false;
   for (size_t i = 0; i < p.size(); ++i) {
      const window_vertex &u = p[i], &v = p[(i + 1) % p.size()];
      const double e = (v.x - u.x) * (py - u.y) - (v.y - u.y) * (px - u.x);
      pos += e > 0;
      neg += e < 0;
      *on_edge = *on_edge || e == 0.0;
   }
   return pos == static_cast<int>(p.size()) || neg == static_cast<int>(p.size());
}

// The polygon clipped to the view volume (§13.7; w = 1, so clipping is linear in window
// coordinates): 0 <= x <= W, 0 <= y <= H, and 0 <= z <= 1 unless depth clamping is on.
std::vector<window_vertex> clip_to_volume(std::vector<window_vertex> p, double W, double H, bool clip_z) {
   struct plane {
      int axis;  // 0 x, 1 y, 2 z
      double bound;
      bool upper;
   };
   std::vector<plane> planes = {{0, 0.0, false}, {0, W, true}, {1, 0.0, false}, {1, H, true}};
   if (clip_z)
      planes.insert(planes.end(), {{2, 0.0, false}, {2, 1.0, true}});
   auto coord = [](const window_vertex &v, int axis) { return axis == 0 ? v.x : axis == 1 ? v.y : v.z; };
   for (const plane &pl : planes) {
      std::vector<window_vertex> q;
      for (size_t i = 0; i < p.size(); ++i) {
         const window_vertex &a = p[i], &b = p[(i + 1) % p.size()];
         const double da = pl.upper ? pl.bound - coord(a, pl.axis) : coord(a, pl.axis) - pl.bound;
         const double db = pl.upper ? pl.bound - coord(b, pl.axis) : coord(b, pl.axis) - pl.bound;
         if (da >= 0)
            q.push_back(a);
         if ((da >= 0) != (db >= 0)) {
            const double t = da / (da - db);
            q.push_back({a.x + t * (b.x - a.x), a.y + t * (b.y - a.y), a.z + t * (b.z - a.z), a.color, a.back_color});
         }
      }
      p = std::move(q);
   }
   return p;
}

// GL_POINTS (GL 4.6 §14.4): each vertex inside the clip volume is a square of side `size`
// centred at its window position; the pixel is covered when its centre lies inside. Core GL
// defines that square for every size; GL 2.1 and the compatibility profile's non-sprite,
// non-antialiased points that are not sprites round the size to an integer and centre the square
// on a pixel centre (odd sizes) or corner (even sizes). A pixel the two definitions disagree on,
// or whose centre lies on the square's edge, is refused.
std::optional<ref_raster_pixel> point_pixel(const gl_raster_attrib &r, const ref_raster_draw &d,
                                            const std::vector<window_vertex> &win, double px, double py,
                                            std::string *why) {
   auto refuse = [why](const char *m) { return refused(why, m); };
   if (r.ProgramPointSize)
      return refuse("the reference takes the point size from glPointSize, not from a shader (GL_PROGRAM_POINT_SIZE)");
   if (r.PointAttenuation[0] != 1.0f || r.PointAttenuation[1] != 0.0f || r.PointAttenuation[2] != 0.0f)
      return refuse("the reference does not model point distance attenuation (GL_POINT_DISTANCE_ATTENUATION)");
   if (r.PointSizeMin > r.PointSizeMax)
      return refuse("GL_POINT_SIZE_MIN is above GL_POINT_SIZE_MAX, where GL does not say which wins");
   // The derived size (compatibility §14.4, attenuation 1): glPointSize clamped to
   // [GL_POINT_SIZE_MIN, GL_POINT_SIZE_MAX]. The implementation then clamps it to its own range,
   // which the reference does not know: it draws sizes from 1 to 64, what every implementation
   // measured here draws unclamped (lavapipe and llvmpipe to 255), and refuses the others.
   const double size = std::clamp(static_cast<double>(r.PointSize), static_cast<double>(r.PointSizeMin),
                                  static_cast<double>(r.PointSizeMax));
   if (!(size >= 1.0 && size <= 64.0))
      return refuse("the point size lies outside 1 to 64, where the implementation's own range may clamp it");
   // Compatibility §14.4.2 (smoothing; §14.4 ignores it for sprites): the pixels whose squares
   // meet the circle of diameter `size` centred at (xw, yw), coverage the area they share.
   const bool smooth = r.PointSmooth && !r.PointSprite;
   if (smooth && d.show_texcoord)
      return refuse("the reference shows smooth points' colours only, not their texture coordinates");
   if (smooth && size != std::floor(size))
      return refuse("the reference draws smooth points of whole sizes (GL rounds another to the implementation's "
                    "smooth-point granularity)");
   const double rounded = std::max(1.0, std::round(size));
   ref_raster_pixel out;
   const double ysign = r.ClipOrigin == GL_UPPER_LEFT ? -1.0 : 1.0;
   for (size_t i = 0; i < win.size(); ++i) {
      const ref_raster_vertex &v = d.vertices[i];
      // §13.7: a point outside the clip volume is discarded (z only without depth clamping).
      const double zmin = r.ClipDepthMode == GL_ZERO_TO_ONE ? 0.0 : -1.0;
      if (std::fabs(v.clip[0]) > 1.0 || std::fabs(ysign * v.clip[1]) > 1.0 ||
          (!r.DepthClamp && (v.clip[2] < zmin || v.clip[2] > 1.0)))
         continue;
      const window_vertex &w = win[i];
      if (smooth) {
         // The circle holds the pixel's square whole (its farthest corner within size / 2) or
         // misses it (its nearest point size / 2 or more away); in part, the coverage (alpha)
         // and whether a fragment of little coverage comes out are the implementation's.
         const double radius = size / 2.0, ax = std::fabs(px - w.x), ay = std::fabs(py - w.y);
         const double far = std::hypot(ax + 0.5, ay + 0.5);
         const double near = std::hypot(std::max(0.0, ax - 0.5), std::max(0.0, ay - 0.5));
         if (near >= radius && std::fabs(near - radius) > 1e-9)
            continue;
         if (far > radius || std::fabs(near - radius) <= 1e-9)
            return refuse("a smooth point's circle covers part of the probed pixel's square (or only touches it), "
                          "whose coverage (alpha) and whether it comes out at all GL leaves to the implementation");
         out.covered = true;
         out.depth = r.DepthClamp ? std::clamp(w.z, 0.0, 1.0) : w.z;
         std::copy(w.color, w.color + 4, out.color);
         continue;
      }
      // Core: the square of side `size` centred at (xw, yw).
      const double dx = std::fabs(px - w.x), dy = std::fabs(py - w.y), half = size / 2.0;
      if (dx == half || dy == half)
         return refuse("a probed pixel centre lies on a point's edge, where GL leaves coverage to the implementation");
      const bool core = dx < half && dy < half;
      // GL 2.1 / compatibility: the rounded width, centred on a pixel centre (odd) or corner (even).
      const bool odd = std::fmod(rounded, 2.0) == 1.0;  // no integer cast: a size may be huge
      const double cx = odd ? std::floor(w.x) + 0.5 : std::floor(w.x + 0.5);
      const double cy = odd ? std::floor(w.y) + 0.5 : std::floor(w.y + 0.5);
      const bool legacy = r.PointSprite ? core
                                        : std::fabs(px - cx) < rounded / 2.0 && std::fabs(py - cy) < rounded / 2.0;
      if (core != legacy)
         return refuse("core GL and the compatibility profile's non-antialiased points disagree on this pixel "
                       "(a non-integer size, or a point not centred where an integer width puts it)");
      if (!core)
         continue;
      out.covered = true;
      out.depth = r.DepthClamp ? std::clamp(w.z, 0.0, 1.0) : w.z;
      std::copy(w.color, w.color + 4, out.color);
      if (d.show_texcoord) {
         // §14.4.1: a sprite's replaced coordinates, in window coordinates whatever the clip origin.
         const bool replaced = r.PointSprite && d.coord_replace;
         const double tsign = r.PointSpriteOrigin == GL_LOWER_LEFT ? 1.0 : -1.0;
         out.color[0] = replaced ? 0.5 + (px - w.x) / size : v.texcoord[0];
         out.color[1] = replaced ? 0.5 + tsign * (py - w.y) / size : v.texcoord[1];
         out.color[2] = 0.0;
         out.color[3] = 1.0;
      }
   }
   return out;
}

// §14.6.5: o = m · factor + r · units, r = 2^(e − 23) for the largest depth `zmax` the primitive
// spans, clamped by glPolygonOffsetClamp.
double polygon_offset(const gl_raster_attrib &r, double zmax, double m) {
   int e = 0;
   std::frexp(zmax, &e);  // zmax = f * 2^e, f in [0.5, 1): its IEEE exponent is e - 1
   // 0 and the denormals have IEEE's smallest exponent, −126 (their exponent field is 0):
   // r is then the smallest denormal step, 2^−149, not frexp's 2^−24 for 0.
   const int ieee_e = zmax < std::ldexp(1.0, -126) ? -126 : e - 1;
   const double rmin = std::ldexp(1.0, ieee_e - 23);
   double o = m * r.OffsetFactor + rmin * r.OffsetUnits;
   if (r.OffsetClamp > 0.0f)
      o = std::min(o, static_cast<double>(r.OffsetClamp));
   else if (r.OffsetClamp < 0.0f)
      o = std::max(o, static_cast<double>(r.OffsetClamp));
   return o;
}

// The depth a D32F buffer keeps: clamped with GL_DEPTH_CLAMP, and a denormal as 0 (GL 4.6
// §2.3.4.1 lets denormals be flushed; lavapipe, llvmpipe and softpipe store an offset from 0 so).
double stored_depth(const gl_raster_attrib &r, double z) {
   if (r.DepthClamp)
      z = std::clamp(z, 0.0, 1.0);
   return std::fabs(z) < std::ldexp(1.0, -126) ? 0.0 : z;
}

// The widest line the reference draws: GL clamps wider ones to the implementation's maximum.
constexpr double kMaxModelledLineWidth = 8.0;

// A sloped width-1 segment from a to b (both on pixel centres) and the pixel (x, y), by GL 4.6
// §14.5.1's diamond-exit rule: the fragment is produced when the segment leaves the open diamond
// |p.x − x_c| + |p.y − y_c| < ½ around the pixel centre, that is (away from the ends) when the
// segment enters it: its L1 distance to the centre is below ½. Refused: 45° segments and a
// segment touching the diamond's boundary (GL's tie rules for corners and edges), a pixel within
// one step of either end along the major axis (GL lets the implementation produce one fragment
// more or fewer there), and the line stipple (its count along a sloped segment is the
// implementation's). Returns whether the pixel is produced.
std::optional<bool> sloped_line_fragment(const gl_raster_attrib &r, const window_vertex &a, const window_vertex &b,
                                         uint32_t x, uint32_t y, std::string *why) {
   auto refuse = [&](const char *m) -> std::optional<bool> {
      if (why)
         *why = m;
      return std::nullopt;
   };
   const double dx = b.x - a.x, dy = b.y - a.y;
   if (std::fabs(dx) == std::fabs(dy))
      return refuse("a 45-degree line passes through diamond corners, where GL's tie rules decide: the reference "
                    "draws sloped lines of other angles only");
   if (r.LineStipple)
      return refuse("the reference stipples horizontal and vertical lines only");
   const bool x_major = std::fabs(dx) > std::fabs(dy);
   const double cx = x + 0.5, cy = y + 0.5;
   // Position along the major axis, in pixels from the first end's pixel.
   const double major = x_major ? (cx - a.x) * (dx > 0 ? 1 : -1) : (cy - a.y) * (dy > 0 ? 1 : -1);
   const double steps = x_major ? std::fabs(dx) : std::fabs(dy);
   if (major < -1.0 || major > steps + 1.0)
      return false;
   // The L1 distance from the centre to the segment: a convex piecewise-linear function of the
   // segment parameter, smallest at an end or where one coordinate meets the centre's.
   double dist = INFINITY;
   auto at = [&](double t) {
      t = std::clamp(t, 0.0, 1.0);
      dist = std::min(dist, std::fabs(a.x + t * dx - cx) + std::fabs(a.y + t * dy - cy));
   };
   at(0.0);
   at(1.0);
   at((cx - a.x) / dx);
   at((cy - a.y) / dy);
   if (std::fabs(dist - 0.5) < 1e-9)
      return refuse("the line touches the pixel's diamond on its boundary, where GL's tie rules decide");
   if (dist > 0.5)
      return false;
   if (major <= 1.0 || major >= steps - 1.0)
      return refuse("a probed pixel lies within one pixel of a line's end, where GL lets the implementation produce a "
                    "fragment more or fewer (§14.5.1)");
   return true;
}

// Why the reference does not draw the segment from a to b (null where it does): its two ends at
// different depths, or of different colours where the line is smooth-shaded.
const char *unmodelled_segment(const window_vertex &a, const window_vertex &b, bool flat) {
   if (a.z != b.z)
      return "the reference draws lines of one depth only";
   if (!flat && std::memcmp(a.color, b.color, 4 * sizeof(double)) != 0)
      return "the reference draws smooth lines whose two ends have one colour only";
   return nullptr;
}

// The segments of a line draw, as pairs of vertex indices in drawing order.
std::vector<std::pair<uint32_t, uint32_t>> line_segments(pipe_prim_type prim, uint32_t n) {
   std::vector<std::pair<uint32_t, uint32_t>> segments;
   if (prim == PIPE_PRIM_LINES)
      for (uint32_t i = 0; i + 1 < n; i += 2)
         segments.push_back({i, i + 1});
   else if (n >= 2)
      for (uint32_t i = 0; i + 1 < n || (prim == PIPE_PRIM_LINE_LOOP && i + 1 == n); ++i)
         segments.push_back({i, (i + 1) % n});
   return segments;
}

// How the rectangle of an antialiased segment meets a pixel's square.
enum class overlap { none, part, whole, touching };

// Compatibility §14.5.3 (core §14.5.3): the rectangle of width w and the segment's length,
// centred on the segment from a to b, against the square [x, x + 1] x [y, y + 1]: the square
// inside it, apart from it, sharing only boundary (touching) or some of its area (part), by the
// separating axes of two convex shapes (the square's x and y, the segment's direction and normal).
overlap smooth_segment_overlap(double ax, double ay, double bx, double by, double w, double x, double y) {
   const double len = std::hypot(bx - ax, by - ay);
   const double ux = (bx - ax) / len, uy = (by - ay) / len;  // along the segment
   const double nx = -uy, ny = ux;                           // across it
   const double mx = (ax + bx) / 2.0, my = (ay + by) / 2.0;
   const double cx[4] = {x, x + 1.0, x + 1.0, x}, cy[4] = {y, y, y + 1.0, y + 1.0};
   // The rectangle's corners, for the square's own axes.
   double rx[4], ry[4];
   for (int k = 0; k < 4; ++k) {
      const double s = (k == 0 || k == 3 ? -0.5 : 0.5) * len, t = (k < 2 ? -0.5 : 0.5) * w;
      rx[k] = mx + s * ux + t * nx;
      ry[k] = my + s * uy + t * ny;
   }
   double worst_gap = -1e300;
   bool whole = true;
   auto axis = [&](double dx, double dy, double lo_r, double hi_r, bool rect_axis) {
      double lo_s = 1e300, hi_s = -1e300;
      for (int k = 0; k < 4; ++k) {
         const double p = (cx[k] - mx) * dx + (cy[k] - my) * dy;
         lo_s = std::min(lo_s, p);
         hi_s = std::max(hi_s, p);
      }
      if (rect_axis)
         whole = whole && lo_s >= lo_r && hi_s <= hi_r;
      worst_gap = std::max(worst_gap, std::max(lo_s - hi_r, lo_r - hi_s));
   };
   axis(ux, uy, -len / 2.0, len / 2.0, true);
   axis(nx, ny, -w / 2.0, w / 2.0, true);
   for (int a = 0; a < 2; ++a) {  // the square's axes: the rectangle's extent along x, then y
      double lo = 1e300, hi = -1e300;
      for (int k = 0; k < 4; ++k) {
         const double p = a == 0 ? rx[k] - mx : ry[k] - my;
         lo = std::min(lo, p);
         hi = std::max(hi, p);
      }
      axis(a == 0 ? 1.0 : 0.0, a == 0 ? 0.0 : 1.0, lo, hi, false);
   }
   if (whole)
      return overlap::whole;
   if (worst_gap > 1e-9)
      return overlap::none;
   return worst_gap >= -1e-9 ? overlap::touching : overlap::part;
}

// Compatibility §14.5.3 (core §14.5.3): an antialiased line segment produces a fragment for each
// pixel whose square meets the rectangle of the line width and the segment's length centred on
// the segment, its coverage the area they share (which scales the fragment's alpha). The reference
// answers for a pixel each segment's rectangle covers whole (coverage 1: the segment's colour and
// depth) or misses; one a rectangle covers in part is refused, GL leaving how coverage is computed
// to the implementation (one of little coverage may come out with alpha 0, or not at all), and so
// is one it only touches, unless `d.coverage` asks for GL's ideal coverage: then a pixel one
// rectangle covers in part by kRefMinCoverage or more, no other segment meeting or nearing it,
// takes that segment's colour and depth and the exact area as its coverage. Whole widths 1 to 8
// (GL rounds another to the implementation's granularity), no stipple, lines inside the clip
// volume of one depth and (smooth shading) one colour per segment; later segments are drawn over
// earlier ones.
std::optional<ref_raster_pixel> smooth_line_pixel(const gl_raster_attrib &r, const ref_raster_draw &d,
                                                  const std::vector<window_vertex> &win, uint32_t x, uint32_t y,
                                                  std::string *why) {
   auto refuse = [why](const std::string &m) { return refused(why, m); };
   const double width = static_cast<double>(r.LineWidth);
   if (width != std::floor(width) || width < 1.0 || width > kMaxModelledLineWidth)
      return refuse("the reference draws smooth lines of whole widths 1 to 8 (GL rounds another to the "
                    "implementation's smooth-line granularity, and clamps to its maximum)");
   if (r.LineStipple)
      return refuse("the reference does not stipple smooth lines");
   const double zmin = r.ClipDepthMode == GL_ZERO_TO_ONE ? 0.0 : -1.0;
   for (const ref_raster_vertex &v : d.vertices)
      if (std::fabs(v.clip[0]) > 1.0 || std::fabs(v.clip[1]) > 1.0 || v.clip[2] < zmin || v.clip[2] > 1.0)
         return refuse("the reference draws lines inside the clip volume only (clipping moves where a line starts)");
   const bool flat = d.flat || r.ShadeModel == GL_FLAT;
   const bool first = r.ProvokingVertex == GL_FIRST_VERTEX_CONVENTION;
   const uint32_t n = static_cast<uint32_t>(win.size());
   const auto segments = line_segments(d.prim, n);
   ref_raster_pixel out;
   int meeting = 0;       // segments whose rectangles meet the square
   bool in_part = false;  // one of them covers it in part
   for (uint32_t k = 0; k < segments.size(); ++k) {
      const window_vertex &a = win[segments[k].first], &b = win[segments[k].second];
      if (const char *m = unmodelled_segment(a, b, flat))
         return refuse(m);
      if (a.x == b.x && a.y == b.y) {
         if (std::fabs(x + 0.5 - a.x) < width + 1.0 && std::fabs(y + 0.5 - a.y) < width + 1.0)
            return refuse("a probed pixel lies near a zero-length smooth segment, whose rectangle has no area");
         continue;
      }
      switch (smooth_segment_overlap(a.x, a.y, b.x, b.y, width, x, y)) {
      case overlap::none: {
         // Missed, but the pixel's centre within ½ of the rectangle along and across the segment:
         // Mesa's draw module (llvmpipe, softpipe, lavapipe's smooth lines) produces a fragment
         // of coverage 0 there, whose colour shows without blending; GL's region does not meet the
         // square, and the reference does not judge it (docs/fidelity.md).
         const double len = std::hypot(b.x - a.x, b.y - a.y);
         const double ux = (b.x - a.x) / len, uy = (b.y - a.y) / len;
         const double cx = x + 0.5 - (a.x + b.x) / 2.0, cy = y + 0.5 - (a.y + b.y) / 2.0;
         if (std::fabs(cx * ux + cy * uy) <= len / 2.0 + 0.5 && std::fabs(cy * ux - cx * uy) <= width / 2.0 + 0.5)
            return refuse("a smooth segment's rectangle misses the probed pixel's square by less than half a pixel "
                          "along or across it, where measured implementations produce a fragment of coverage 0");
         continue;
      }
      case overlap::touching:
         return refuse("a smooth segment's rectangle only touches the probed pixel's square, where GL's coverage "
                       "is 0 and a fragment may or may not come out");
      case overlap::part:
         if (!d.coverage)
            return refuse("a smooth segment's rectangle covers part of the probed pixel's square, whose coverage "
                          "(alpha) and whether it comes out at all GL leaves to the implementation");
         out.coverage = ref_segment_coverage(a.x, a.y, b.x, b.y, width, x, y);
         if (out.coverage < kRefMinCoverage)
            return refuse("a smooth segment's rectangle covers less than 1/8 of the probed pixel's square, where "
                          "measured implementations may leave the fragment out (coverage approximated to 0)");
         in_part = true;
         break;
      case overlap::whole: out.coverage = 1.0; break;
      }
      if (++meeting > 1 && in_part)
         return refuse("two smooth segments meet the probed pixel's square, one of them in part: which fragment "
                       "comes out last, and with what coverage, is the implementation's");
      out.covered = true;
      out.depth = a.z;
      const uint32_t pv = d.prim == PIPE_PRIM_LINES ? (first ? 2 * k : 2 * k + 1) : (first ? k : (k + 1) % n);
      std::copy(win[pv].color, win[pv].color + 4, out.color);
   }
   return out;
}

// GL_LINES, GL_LINE_STRIP, GL_LINE_LOOP (GL 4.6 §14.5), not smoothed, with both ends on pixel
// centres (sloped segments: sloped_line_fragment). A wide line (odd rounded width w up to 8;
// compatibility §14.5.2.1) draws, for each fragment of its width-1 line moved by −(w − 1)/2
// across its major axis, a column (x-major) or row (y-major) of w fragments — centred on the
// line's own pixels — which the stipple keeps or drops whole. GL defines a line by the
// diamond-exit rule — here the pixels from the first end's up to the one before the last end's — but lets an
// implementation produce one fragment more or fewer and move fragments by one pixel
// (§14.5.1). Near a segment's ends implementations measurably differ: a pixel within one step
// of either end is refused. Along the rest the reference follows the diamond-exit rule, as every
// implementation measured here does, though GL's text would allow a one-pixel shift there too. Along the rest, the line stipple (compatibility §14.5.2.2): the counter s counts the
// fragments of the primitive, reset when it starts and before each GL_LINES segment; a fragment
// is kept when bit floor(s / factor) mod 16 of the pattern is set. Since the count may start one
// fragment early or late, a pixel whose bit differs for s − 1, s or s + 1 is refused, and so is a
// stippled strip or loop (its counter carries every earlier segment's count).
std::optional<ref_raster_pixel> line_pixel(const gl_raster_attrib &r, const ref_raster_draw &d,
                                           const std::vector<window_vertex> &win, uint32_t x, uint32_t y,
                                           std::string *why) {
   auto refuse = [why](const std::string &m) { return refused(why, m); };
   if (r.LineSmooth)
      return smooth_line_pixel(r, d, win, x, y, why);
   // Compatibility §14.5.2.1 (core §14.5.1 likewise): a non-antialiased line's width is rounded
   // to the nearest integer (0 counts as 1) and clamped to the implementation's maximum.
   const double rounded = std::round(static_cast<double>(r.LineWidth));
   // A halfway width matters unless both neighbours draw width 1 (0.5: 0 counts as 1).
   if (std::fabs(r.LineWidth - std::floor(r.LineWidth) - 0.5) < 1e-9 && r.LineWidth > 1.0f)
      return refuse("the line width lies halfway between two integers, where GL does not say which way it rounds");
   if (rounded > kMaxModelledLineWidth)
      return refuse("the line width rounds to more than 8, where the implementation's maximum may clamp it");
   const int width = std::max(1, static_cast<int>(rounded));
   if (width % 2 == 0)
      return refuse("an even line width moves the line half a pixel, onto pixel edges, where GL's tie rules decide");
   const int half = (width - 1) / 2;  // the column (row) of w fragments runs from −half to +half
   if (r.LineStipple && d.prim != PIPE_PRIM_LINES)
      return refuse("a stippled line strip or loop carries the counter over segments whose fragment counts GL lets "
                    "vary by one: the reference stipples GL_LINES only");
   const uint32_t n = static_cast<uint32_t>(win.size());
   const auto segments = line_segments(d.prim, n);
   const double zmin = r.ClipDepthMode == GL_ZERO_TO_ONE ? 0.0 : -1.0;
   for (const ref_raster_vertex &v : d.vertices)
      if (std::fabs(v.clip[0]) > 1.0 || std::fabs(v.clip[1]) > 1.0 || v.clip[2] < zmin || v.clip[2] > 1.0)
         return refuse("the reference draws lines inside the clip volume only (clipping moves where a line starts)");
   for (const window_vertex &w : win)
      if (w.x - std::floor(w.x) != 0.5 || w.y - std::floor(w.y) != 0.5)
         return refuse("the reference draws lines whose ends lie on pixel centres only");
   const bool flat = d.flat || r.ShadeModel == GL_FLAT;
   const bool first = r.ProvokingVertex == GL_FIRST_VERTEX_CONVENTION;
   const uint32_t factor = static_cast<uint32_t>(std::max(1, r.LineStippleFactor));
   auto kept = [&](long long s) { return s < 0 || ((r.LineStipplePattern >> ((s / factor) % 16)) & 1u) != 0; };
   ref_raster_pixel out;
   for (uint32_t k = 0; k < segments.size(); ++k) {
      const window_vertex &a = win[segments[k].first], &b = win[segments[k].second];
      if (const char *m = unmodelled_segment(a, b, flat))
         return refuse(m);
      const int ax = static_cast<int>(std::floor(a.x)), ay = static_cast<int>(std::floor(a.y));
      const int bx = static_cast<int>(std::floor(b.x)), by = static_cast<int>(std::floor(b.y));
      if (ax != bx && ay != by) {
         // A sloped segment: its own rule, below; wide, the pixel is in the column (x-major) or
         // row (y-major) of some fragment of the width-1 line within ±half of it.
         const bool x_major = std::abs(bx - ax) > std::abs(by - ay);
         bool hit = false;
         for (int j = -half; j <= half; ++j) {
            const long long sx = static_cast<long long>(x) - (x_major ? 0 : j);
            const long long sy = static_cast<long long>(y) - (x_major ? j : 0);
            if (sx < 0 || sy < 0)
               continue;
            const std::optional<bool> one =
               sloped_line_fragment(r, a, b, static_cast<uint32_t>(sx), static_cast<uint32_t>(sy), why);
            if (!one)
               return std::nullopt;
            hit = hit || *one;
         }
         if (hit) {
            out.covered = true;
            out.depth = a.z;
            const uint32_t pv = d.prim == PIPE_PRIM_LINES ? (first ? 2 * k : 2 * k + 1) : (first ? k : (k + 1) % n);
            std::copy(win[pv].color, win[pv].color + 4, out.color);
         }
         continue;
      }
      const int dx = (bx > ax) - (bx < ax), dy = (by > ay) - (by < ay);
      const int steps = std::abs(bx - ax) + std::abs(by - ay);
      if (steps == 0) {
         // The diamond-exit rule draws nothing, but GL allows one fragment more (§14.5.1).
         if (std::abs(static_cast<int>(x) - ax) <= 1 + half && std::abs(static_cast<int>(y) - ay) <= 1 + half)
            return refuse("a probed pixel lies within one pixel of a zero-length segment, which GL lets the "
                          "implementation draw as one fragment");
         continue;
      }
      // The probed pixel's position t along the segment (t = 0 the first end's pixel), if on it:
      // a wide line's width-1 segment, moved by −half across, draws a column (x-major) or row
      // (y-major) of w fragments from there, so the pixel lies within ±half of the line's own.
      const int px = static_cast<int>(x), py = static_cast<int>(y);
      const bool on = dx != 0 ? std::abs(py - ay) <= half : std::abs(px - ax) <= half;
      const int t = dx != 0 ? (px - ax) * dx : (py - ay) * dy;
      if (!on || t < -1 || t > steps)
         continue;
      if (t <= 0 || t >= steps - 1)
         return refuse("a probed pixel lies within one pixel of a line's end, where GL lets the implementation "
                       "produce a fragment more or fewer (§14.5.1)");
      if (r.LineStipple) {
         // GL_LINES: the counter restarts with each segment, at its first fragment.
         if (kept(t - 1) != kept(t) || kept(t) != kept(t + 1))
            return refuse("a probed pixel's stipple bit depends on whether the segment's count starts a fragment "
                          "early or late, which GL leaves to the implementation");
         if (!kept(t))
            continue;
      }
      out.covered = true;
      out.depth = a.z;
      // Table 13.2: a line takes its provoking vertex's colour when flat (both ends' otherwise).
      const uint32_t pv = d.prim == PIPE_PRIM_LINES ? (first ? 2 * k : 2 * k + 1) : (first ? k : (k + 1) % n);
      std::copy(win[pv].color, win[pv].color + 4, out.color);
   }
   return out;
}

// A polygon in a LINE or POINT polygon mode (§14.6.4): its boundary edges as line segments of
// the line width (line_pixel on the closed outline) or its vertices as points (point_pixel), in the
// polygon's colour when flat (table 13.2 picks its provoking vertex, the side's colour under
// two-sided colour mode) and at its depth offset by GL_POLYGON_OFFSET_LINE / _POINT with m = 0.
// The reference takes polygons inside the clip volume, at one depth, flat or of one colour,
// and refuses a stippled outline (its counter runs on across the edges).
std::optional<ref_raster_pixel> unfilled_pixel(const gl_raster_attrib &r, const ref_raster_draw &d,
                                               const std::vector<window_vertex> &win, const std::vector<uint32_t> &poly,
                                               uint32_t index, GLenum mode, bool front, bool flat, uint32_t x,
                                               uint32_t y, std::string *why) {
   auto refuse = [why](const char *m) { return refused(why, m); };
   ref_raster_draw sub;
   sub.prim = mode == GL_LINE ? PIPE_PRIM_LINE_LOOP : PIPE_PRIM_POINTS;
   sub.width = d.width;
   sub.height = d.height;
   sub.flat = true;
   sub.show_texcoord = d.show_texcoord;
   sub.coord_replace = d.coord_replace;
   // sub.coverage stays false: a pixel an outline covers in part is refused (neighbouring
   // polygons' edges may share it, and the draw's polygons are judged one at a time).
   const bool back_colors = r.VertexProgramTwoSide && !front;
   const uint32_t pv = ref_provoking_vertex(d.prim, index, r.ProvokingVertex == GL_FIRST_VERTEX_CONVENTION, d.quads_follow);
   const double zmin = r.ClipDepthMode == GL_ZERO_TO_ONE ? 0.0 : -1.0;
   for (uint32_t k : poly) {
      ref_raster_vertex v = d.vertices[k];
      const ref_raster_vertex &source = flat ? d.vertices[pv] : d.vertices[k];
      const double *c = back_colors ? source.back_color : source.color;
      std::copy(c, c + 4, v.color);
      std::copy(c, c + 4, v.back_color);
      if (std::fabs(v.clip[0]) > 1.0 || std::fabs(v.clip[1]) > 1.0 || v.clip[2] < zmin || v.clip[2] > 1.0)
         return refuse("the reference draws a polygon's edges and vertices inside the clip volume only");
      if (win[k].z != win[poly[0]].z)
         return refuse("the reference draws a polygon's edges and vertices at one depth only");
      if (!flat && std::memcmp(v.color, sub.vertices.empty() ? v.color : sub.vertices[0].color, sizeof v.color) != 0)
         return refuse("the reference draws a smooth polygon's edges and vertices of one colour only");
      sub.vertices.push_back(v);
   }
   if (mode == GL_LINE && r.LineStipple)
      return refuse("a stippled polygon outline carries the counter over its edges, whose fragment counts GL lets "
                    "vary by one");
   std::vector<window_vertex> sub_win;
   for (size_t k = 0; k < poly.size(); ++k)
      sub_win.push_back({win[poly[k]].x, win[poly[k]].y, win[poly[k]].z, sub.vertices[k].color, sub.vertices[k].color});
   std::optional<ref_raster_pixel> out =
      mode == GL_LINE ? line_pixel(r, sub, sub_win, x, y, why) : point_pixel(r, sub, sub_win, x + 0.5, y + 0.5, why);
   if (!out || !out->covered)
      return out;
   const double z = sub_win[0].z;
   const bool offset = mode == GL_LINE ? r.OffsetLine : r.OffsetPoint;
   out->depth = stored_depth(r, offset ? z + polygon_offset(r, std::fabs(z), 0.0) : z);
   return out;
}

}  // namespace

uint32_t ref_provoking_vertex(pipe_prim_type prim, uint32_t i, bool first, bool quads_follow) {
   // GL 4.6 compatibility profile, table 13.2, in 0-based numbers.
   switch (prim) {
   case PIPE_PRIM_TRIANGLES: return first ? 3 * i : 3 * i + 2;
   case PIPE_PRIM_TRIANGLE_STRIP: return first ? i : i + 2;
   case PIPE_PRIM_TRIANGLE_FAN: return first ? i + 1 : i + 2;
   case PIPE_PRIM_QUADS: return first && quads_follow ? 4 * i : 4 * i + 3;
   case PIPE_PRIM_QUAD_STRIP: return first && quads_follow ? 2 * i : 2 * i + 3;
   case PIPE_PRIM_POLYGON: return 0;
   default: return i;
   }
}

namespace {

// The pixel as drawn from the vertices' colours as given (ref_raster_pixel_at clamps around it).
std::optional<ref_raster_pixel> pixel_of(const gl_raster_attrib &r, const ref_raster_draw &d, uint32_t x, uint32_t y,
                                         std::string *why) {
   auto refuse = [why](const char *m) { return refused(why, m); };
   const bool lines = d.prim == PIPE_PRIM_LINES || d.prim == PIPE_PRIM_LINE_STRIP || d.prim == PIPE_PRIM_LINE_LOOP;
   if (d.prim != PIPE_PRIM_POINTS && !lines && (d.prim < PIPE_PRIM_TRIANGLES || d.prim > PIPE_PRIM_POLYGON))
      return refuse("the reference rasterizes GL_POINTS, GL_LINES, GL_LINE_STRIP, GL_LINE_LOOP and the polygon "
                    "primitives only");
   if (d.prim >= PIPE_PRIM_TRIANGLES && r.PolygonSmooth)
      return refuse("the reference does not model polygon smoothing");
   for (const ref_raster_vertex &v : d.vertices)
      if (v.clip[3] != 1.0)
         return refuse("the reference needs clip w = 1 (no perspective division)");
   const bool flat = d.flat || r.ShadeModel == GL_FLAT;
   if (!flat && d.prim >= PIPE_PRIM_QUADS)
      return refuse("GL leaves smooth colours across quads and polygons to the implementation: use flat colours");

   const double W = d.width, H = d.height;
   const double ysign = r.ClipOrigin == GL_UPPER_LEFT ? -1.0 : 1.0;
   const bool halfz = r.ClipDepthMode == GL_ZERO_TO_ONE;
   std::vector<window_vertex> win;
   for (const ref_raster_vertex &v : d.vertices)
      win.push_back({(v.clip[0] + 1.0) * W / 2.0, (ysign * v.clip[1] + 1.0) * H / 2.0,
                     halfz ? v.clip[2] : (v.clip[2] + 1.0) / 2.0, v.color, v.back_color});
   const double px = x + 0.5, py = y + 0.5;
   if (d.show_texcoord && d.prim != PIPE_PRIM_POINTS)
      return refuse("the reference shows the texture coordinates of points only");
   if (d.prim == PIPE_PRIM_POINTS)
      return point_pixel(r, d, win, px, py, why);
   if (lines)
      return line_pixel(r, d, win, x, y, why);
   ref_raster_pixel out;
   // §14.6.2: with GL_POLYGON_STIPPLE, the window pixel (x, y) of a filled polygon is kept when
   // bit x mod 32 of row y mod 32 is set (rows bottom-up, bit 31 the leftmost pixel).
   const bool stippled_out = r.PolygonStipple && !((r.StipplePattern[y % 32] >> (31u - x % 32)) & 1u);
   const auto polys = polygons_of(d.prim, static_cast<uint32_t>(d.vertices.size()));
   for (uint32_t i = 0; i < polys.size(); ++i) {
      std::vector<window_vertex> p;
      for (uint32_t k : polys[i])
         p.push_back(win[k]);
      const double area = signed_area(p);
      // §14.6.1 facing, for a polygon of non-zero area (glClipControl: with an UPPER_LEFT origin
      // the sign of the area is negated), and culling.
      const bool ccw = (area > 0.0) != (r.ClipOrigin == GL_UPPER_LEFT);
      const bool front = (r.FrontFace == GL_CCW) == ccw;
      const bool culled = r.CullFace && (r.CullFaceMode == GL_FRONT_AND_BACK || (r.CullFaceMode == GL_FRONT) == front);
      // §14.6.4: a polygon in a LINE or POINT mode (by its facing) is drawn as its edges or
      // vertices, with the line and point rules.
      if (r.FrontMode != GL_FILL || r.BackMode != GL_FILL) {
         if (area == 0.0)
            return refuse("a polygon of zero area under a LINE or POINT polygon mode: its facing, which picks the "
                          "mode, rests on the sign of a zero area, where implementations differ");
         if (culled)
            continue;
         const GLenum mode = front ? r.FrontMode : r.BackMode;
         if (mode != GL_FILL) {
            const std::optional<ref_raster_pixel> hit = unfilled_pixel(r, d, win, polys[i], i, mode, front, flat, x, y, why);
            if (!hit)
               return std::nullopt;
            if (hit->covered && !(d.stipple_unfilled && stippled_out))
               out = *hit;
            continue;
         }
      }
      if (stippled_out)
         continue;
      bool on_edge = false;
      if (area == 0.0 || !inside(p, px, py, &on_edge)) {
         if (area != 0.0 && on_edge && inside_closed(p, px, py))
            return refuse("a probed pixel centre lies on a polygon's edge, where GL leaves coverage to the "
                          "implementation's tie rule");
         continue;
      }
      if (culled)
         continue;
      // Two-sided colour mode: a back-facing polygon takes its vertices' back colours.
      auto color_of = [&](const window_vertex &w) { return r.VertexProgramTwoSide && !front ? w.back_color : w.color; };
      // The polygon's depth plane z = a x + b y + c through its first three vertices.
      const window_vertex &v0 = p[0], &v1 = p[1], &v2 = p[2];
      const double det = (v1.x - v0.x) * (v2.y - v0.y) - (v2.x - v0.x) * (v1.y - v0.y);
      if (det == 0.0)
         return refuse("a polygon's first three vertices are collinear: the reference takes its depth plane from them");
      const double a = ((v1.z - v0.z) * (v2.y - v0.y) - (v2.z - v0.z) * (v1.y - v0.y)) / det;
      const double b = ((v2.z - v0.z) * (v1.x - v0.x) - (v1.z - v0.z) * (v2.x - v0.x)) / det;
      double z = v0.z + a * (px - v0.x) + b * (py - v0.y);
      // A sloped plane crossing the near or far plane at this pixel: whether it is clipped is the
      // implementation's float rounding of z (lavapipe and llvmpipe clip −1.5e−8, softpipe keeps it).
      if (!r.DepthClamp && (a != 0.0 || b != 0.0) && (std::fabs(z) < 1e-6 || std::fabs(z - 1.0) < 1e-6))
         return refuse("a sloped polygon crosses the near or far plane at the probed pixel, where float rounding "
                       "decides the clipping");
      if (!r.DepthClamp && (z < 0.0 || z > 1.0))
         continue;  // clipped by the near or far plane
      if (r.OffsetFill) {
         // e: the largest exponent of the depths the primitive spans, after clipping.
         double zmax = 0.0;
         for (const window_vertex &v : clip_to_volume(p, W, H, !r.DepthClamp))
            zmax = std::max(zmax, std::fabs(v.z));
         z += polygon_offset(r, zmax, std::max(std::fabs(a), std::fabs(b)));
      }
      z = stored_depth(r, z);
      out.covered = true;
      out.depth = z;
      if (flat) {
         const double *c = color_of(win[ref_provoking_vertex(d.prim, i, r.ProvokingVertex == GL_FIRST_VERTEX_CONVENTION,
                                                            d.quads_follow)]);
         std::copy(c, c + 4, out.color);
      } else {
         // Barycentric weights of the pixel centre in the triangle.
         const double l1 = ((px - v0.x) * (v2.y - v0.y) - (v2.x - v0.x) * (py - v0.y)) / det;
         const double l2 = ((v1.x - v0.x) * (py - v0.y) - (px - v0.x) * (v1.y - v0.y)) / det;
         for (int c = 0; c < 4; ++c)
            out.color[c] = (1.0 - l1 - l2) * color_of(v0)[c] + l1 * color_of(v1)[c] + l2 * color_of(v2)[c];
      }
   }
   return out;
}

}  // namespace

std::optional<ref_raster_pixel> ref_raster_pixel_at(const gl_raster_attrib &r, const ref_raster_draw &d, uint32_t x,
                                                    uint32_t y, std::string *why) {
   // Vertex colour clamping (GL 3.0 §2.19.6, kept by the compatibility profile): under
   // GL_CLAMP_VERTEX_COLOR TRUE, or FIXED_ONLY with fixed-point colour buffers (this target's),
   // both colours of every vertex are clamped to [0, 1] before they are interpolated.
   std::optional<ref_raster_pixel> p;
   if (!d.core_profile && r.ClampVertexColor != GL_FALSE) {
      ref_raster_draw clamped = d;
      for (ref_raster_vertex &v : clamped.vertices)
         for (int k = 0; k < 4; ++k) {
            v.color[k] = std::clamp(v.color[k], 0.0, 1.0);
            v.back_color[k] = std::clamp(v.back_color[k], 0.0, 1.0);
         }
      p = pixel_of(r, clamped, x, y, why);
   } else {
      p = pixel_of(r, d, x, y, why);
   }
   // The colour buffer is fixed-point: a fragment's colour is clamped to [0, 1] on the way in
   // (fragment colour clamping, FIXED_ONLY by default, changes nothing more).
   // Then antialiasing application (compatibility §17.1): the coverage scales alpha.
   if (p) {
      for (double &c : p->color)
         c = std::clamp(c, 0.0, 1.0);
      p->color[3] *= p->coverage;
   }
   return p;
}

double ref_segment_coverage(double ax, double ay, double bx, double by, double width, double x, double y) {
   // The area as the integral over the square's columns of the chord the rectangle leaves in
   // them: between the breakpoints (the rectangle's corners, the square's sides, and where an
   // edge of the rectangle crosses the square's bottom or top) the chord is linear in the column,
   // so each piece's integral is its width times the chord's mean, taken at its quarter points.
   const double len = std::hypot(bx - ax, by - ay);
   if (!(len > 0.0) || !(width > 0.0))
      return 0.0;
   const double nx = -(by - ay) / len * width / 2.0, ny = (bx - ax) / len * width / 2.0;
   const double cx[4] = {ax + nx, bx + nx, bx - nx, ax - nx}, cy[4] = {ay + ny, by + ny, by - ny, ay - ny};
   std::vector<double> breaks = {x, x + 1.0};
   for (int k = 0; k < 4; ++k) {
      const int j = (k + 1) % 4;
      breaks.push_back(cx[k]);
      for (double level : {y, y + 1.0})
         if (cy[k] != cy[j] && (level - cy[k]) * (level - cy[j]) < 0.0)
            breaks.push_back(cx[k] + (level - cy[k]) / (cy[j] - cy[k]) * (cx[j] - cx[k]));
   }
   std::sort(breaks.begin(), breaks.end());
   // The chord at column `at`: the rectangle's extent there (crossing its edges), within the square.
   auto chord = [&](double at) {
      double lo = INFINITY, hi = -INFINITY;
      for (int k = 0; k < 4; ++k) {
         const int j = (k + 1) % 4;
         if ((at - cx[k]) * (at - cx[j]) < 0.0) {
            const double yy = cy[k] + (at - cx[k]) / (cx[j] - cx[k]) * (cy[j] - cy[k]);
            lo = std::min(lo, yy);
            hi = std::max(hi, yy);
         }
      }
      return std::max(0.0, std::min(hi, y + 1.0) - std::max(lo, y));
   };
   double area = 0.0;
   for (size_t i = 0; i + 1 < breaks.size(); ++i) {
      const double p = std::max(breaks[i], x), q = std::min(breaks[i + 1], x + 1.0);
      if (q > p)
         area += (q - p) * (chord(p + 0.25 * (q - p)) + chord(p + 0.75 * (q - p))) / 2.0;
   }
   return std::clamp(area, 0.0, 1.0);
}

}  // namespace clampler::ref
