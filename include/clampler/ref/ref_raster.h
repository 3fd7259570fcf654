// The CPU reference rasterizer: what a pixel holds after a GL draw of points, lines or polygons, from GL 4.6 chapter 14 (the oracle for raster cases).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "clampler/gl/mtypes.h"
#include "clampler/pipe/p_defines.h"

namespace clampler::ref {

struct ref_raster_vertex {
   double clip[4] = {0.0, 0.0, 0.0, 1.0};  // clip coordinates (w must be 1: no perspective)
   double color[4] = {0.0, 0.0, 0.0, 1.0};
   // The vertex program's back colour (gl_BackColor), taken by back-facing polygons in two-sided
   // colour mode; a draw without a vertex program has the current colour here too.
   double back_color[4] = {0.0, 0.0, 0.0, 1.0};
   double texcoord[4] = {0.0, 0.0, 0.0, 1.0};  // texture coordinate set 0
};

struct ref_raster_draw {
   pipe_prim_type prim = PIPE_PRIM_TRIANGLES;  // POINTS, LINES, LINE_STRIP, LINE_LOOP, TRIANGLES .. POLYGON
   std::vector<ref_raster_vertex> vertices;
   uint32_t width = 32, height = 32;           // viewport = the whole framebuffer, depth range [0, 1]
   bool flat = false;                          // the colour is flat (glShadeModel(GL_FLAT) also makes it so)
   bool quads_follow = false;                  // GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION as answered
   // The fragment colour is texture coordinate set 0 as (s, t, 0, 1) (a fragment program writing
   // vec4(gl_TexCoord[0].st, 0, 1)); points only. `coord_replace` is unit 0's GL_COORD_REPLACE.
   bool show_texcoord = false;
   bool coord_replace = false;
   // A core-profile context, which has no vertex colour clamping (glClampColor's
   // GL_CLAMP_VERTEX_COLOR is the compatibility profile's).
   bool core_profile = false;
   // Not GL: the polygon stipple applied to polygons drawn as lines or points too, as Mesa's
   // llvmpipe and softpipe do (docs/fidelity.md); for the differential's accepted entry only.
   bool stipple_unfilled = false;
   // Answer for pixels a smooth line's rectangle covers in part too (compatibility §14.5.3's
   // coverage, see ref_raster_pixel_at), not only for those it holds whole or misses.
   bool coverage = false;
};

struct ref_raster_pixel {
   bool covered = false;
   double color[4] = {0.0, 0.0, 0.0, 0.0};  // the clear colour when not covered
   double depth = 1.0;                          // the clear depth when not covered
   // The area of the pixel's square the primitive covers: below 1 only for a pixel a smooth
   // line covers in part (ref_raster_draw::coverage). `color[3]` is already multiplied by it
   // (compatibility §17.1, antialiasing application: in RGBA mode coverage scales alpha).
   double coverage = 1.0;
};

// The pixel whose lower-left corner is (x, y) in GL window coordinates (y up) after drawing `d`
// with `r` into a fixed-point (RGBA8) target cleared to colour 0 and depth 1, depth test ALWAYS
// with writes: the last primitive covering the pixel centre wins. Implemented from GL 4.6:
//   - vertex colour clamping (GL 3.0 §2.19.6; compatibility profile): under GL_CLAMP_VERTEX_COLOR
//     TRUE or FIXED_ONLY (the target being fixed-point) both colours of each vertex are clamped to
//     [0, 1] before interpolation; the fragment colour is clamped to [0, 1] as the fixed-point
//     buffer stores it;
//   - §13.8 viewport: xw = (x/w + 1) W / 2, yw = (±y/w + 1) H / 2 (− with an UPPER_LEFT clip
//     origin), zw = (z/w + 1) / 2, or z/w with ZERO_TO_ONE;
//   - §13.7 clipping against the near and far planes (a fragment whose zw leaves [0, 1] is not
//     produced), none with GL_DEPTH_CLAMP, which clamps zw to [0, 1] instead;
//   - §14.6.1 facing by the signed area in window coordinates (negated with an UPPER_LEFT clip
//     origin, glClipControl) and glFrontFace; culling;
//   - §14.6.5 polygon offset o = m·factor + r·units, m = max(|∂z/∂x|, |∂z/∂y|), r = 2^(e − 23)
//     (a floating-point depth buffer, e the exponent of the largest |zw| the primitive spans
//     after clipping to the view volume),
//     clamped by glPolygonOffsetClamp;
//   - §14.6.2 the polygon stipple, in window coordinates;
//   - two-sided colour mode (GL_VERTEX_PROGRAM_TWO_SIDE, compatibility profile; GL 2.1, page 63):
//     back-facing polygons take the back colours, points, lines and front-facing polygons the front;
//   - table 13.2 the provoking vertex of flat shading (quads by `quads_follow`, polygons always
//     their first vertex); smooth colours interpolated linearly (triangles only);
//   - §14.4 points: squares of the derived size (glPointSize clamped to GL_POINT_SIZE_MIN/MAX)
//     centred at the vertex, discarded when the vertex leaves the clip volume, the vertex colour;
//     point sprites (compatibility §14.4.1, GL_POINT_SPRITE with GL_COORD_REPLACE): texture
//     coordinates s = 1/2 + (xf + 1/2 - xw) / size, t = 1/2 ± (yf + 1/2 - yw) / size (+ for a
//     LOWER_LEFT GL_POINT_SPRITE_COORD_ORIGIN, - for UPPER_LEFT), in window coordinates;
//     §14.4.2 antialiased points (GL_POINT_SMOOTH, not sprites) of whole sizes: a pixel whose
//     square the circle of the point's size holds whole takes the point, one it misses nothing,
//     one it covers in part is the implementation's;
//   - §14.5 lines of width 1, horizontal or vertical with both ends on pixel centres, by the
//     diamond-exit rule away from their ends (GL's text allows a one-pixel deviation; every
//     implementation measured follows the rule there): the pixels from the first end to the one
//     before the last, the provoking vertex's colour, and the line stipple (counter reset when
//     the primitive starts and before each GL_LINES segment, bit floor(s / factor) mod 16);
//   - §14.5.3 antialiased lines (GL_LINE_SMOOTH) of whole widths 1 to 8, any slope: a pixel whose
//     square the rectangle of the line width and the segment's length, centred on the segment,
//     covers whole gets the segment's colour and depth, one it misses nothing; the coverage of
//     one it covers in part (its alpha, and whether it comes out at all) is the implementation's,
//     unless `d.coverage` asks for it: then a pixel one segment's rectangle covers in part by at
//     least kRefMinCoverage (and no other segment comes near) gets the segment's colour and depth,
//     its alpha multiplied by the exact area the rectangle and the square share (GL's ideal
//     coverage, which GL lets an implementation approximate: how closely is the caller's
//     tolerance, docs/rasterizer.md, "Coverage of smooth lines").
// Quads, quad strips and polygons are convex polygons here (GL's own definition), never split.
// Returns nullopt with `*why` for a draw the reference does not model: other lines, a polygon mode
// other than FILL, w != 1, smooth colours on quads or polygons, polygon smoothing, a pixel a smooth
// line's rectangle (without `d.coverage`, or by less than kRefMinCoverage) or a smooth point's
// circle covers in part or only touches, point
// sizes from the shader, with distance attenuation or outside 1 to 64, a probed pixel centre on an edge (GL's tie
// rule is the implementation's), a pixel core GL and the compatibility profile's integer-width
// points disagree on, a polygon whose first three vertices are collinear.
std::optional<ref_raster_pixel> ref_raster_pixel_at(const gl_raster_attrib &r, const ref_raster_draw &d, uint32_t x,
                                                    uint32_t y, std::string *why);

// The least coverage for which the reference answers a smooth line's partly covered pixel: GL
// produces a fragment for every square the rectangle meets, but lets coverage be approximated,
// and the implementations measured here leave out fragments whose coverage comes to about 0
// (up to an exact area of 0.042, docs/rasterizer.md, "Coverage of smooth lines").
constexpr double kRefMinCoverage = 0.125;

// The exact area the rectangle of width `width` centred on the segment from (ax, ay) to (bx, by)
// shares with the square [x, x + 1] x [y, y + 1] (compatibility §14.5.3's coverage, in window
// coordinates), or 0 for a zero-length segment.
double ref_segment_coverage(double ax, double ay, double bx, double by, double width, double x, double y);

// Table 13.2: the GL vertex (0-based) whose colour primitive `i` of `d.prim` takes when flat.
uint32_t ref_provoking_vertex(pipe_prim_type prim, uint32_t i, bool first_vertex_convention, bool quads_follow);

}  // namespace clampler::ref
