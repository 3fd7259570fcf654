// The CPU's shapes for the device draw: GL's points and smooth lines as the triangles Vulkan draws for them.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "clampler/sample/sample_raster.h"
#include "clampler/zink/zink_prim.h"
#include "clampler/zink/zink_rasterizer.h"

namespace clampler::sample_internal {

// GL's size of a point (compatibility §14.4): the state's, or the vertex's clamped to GL's range
// ([1, gl_limits::MaxPointSize], what this project reports; a NaN as 1; the state's the state
// tracker clamped already); an aliased non-sprite point's rounded to an integer.
float gl_point_size(const pipe_rasterizer_state &b, const raster_vertex &v);

// Rule Z14 in the draw, for smooth points (GL_POINT_SMOOTH, not sprites): Vulkan has no round
// points, so each becomes the triangles of a polygon of 64 vertices on its circle (GL's size as
// the diameter, compatibility §14.4.2) in framebuffer coordinates, with the vertex's depth and
// colours, in `*out`: a pixel is drawn where the polygon holds its centre, so always where the
// circle holds the whole pixel (its centre within r − ½ of the point's, inside the polygon for r
// up to 0.5 / (1 − cos(π / 64)), 415 pixels) and never where the circle misses it. A point whose
// vertex leaves the clip volume is discarded, as GL discards it.
void points_as_circles(const zink_rasterizer_state &state, const raster_request &r, raster_request *out);

// Rule Z10 in the draw, for points larger than the device draws (or per-vertex sizes without
// largePoints): each point becomes the two triangles of its square in `*out`, GL's size (the
// state's, or the vertex's; aliased non-sprite sizes rounded to an integer, compatibility
// §14.4) centred on the vertex in framebuffer coordinates, so the fragments whose centres lie in
// it are the device's own point's. The square keeps the vertex's depth and colour (its back
// colour too: points are front-facing); a point sprite's replaced coordinates go on its corners
// (s from 0 at the left to 1, t by the origin), which interpolate to §14.4.1's at every centre.
// A point whose vertex leaves the clip volume is discarded, as GL discards it.
void points_as_quads(const zink_rasterizer_state &state, const raster_request &r, raster_request *out);

// Rule Z5 in the draw, for smooth lines on a device without smoothLines: GL draws an antialiased
// segment as the rectangle of the line's width centred on it, as long as the segment (compatibility
// §14.5.3, no caps at its ends), producing a fragment for each pixel whose square the rectangle
// meets, its coverage (the area they share) scaling alpha (§17.1). Each segment of `draw` (a line
// list or strip over `r`'s vertices, GL's provoking vertex in the pipeline's slot: the second of
// each segment when `vk_last`) becomes triangles in framebuffer coordinates in `*out` that reach
// kCoverageMargin beyond the rectangle on every side (so they hold the centre of every square the
// rectangle meets): the rectangle widened, each end's corners that end's vertex (depth, w,
// colours; the back colour the front one, lines being front-facing; under `r.flat` every corner
// the provoking vertex's colour), and a cap beyond each end whose far corners carry the segment's
// data extrapolated there (GL's parameter t, §14.5.1, runs on past the ends; depth kept inside
// the near and far planes; where the ends' w differ, the end's own data: t clamped). Under vertex
// colour clamping the ends' colours are clamped here and `*out` asks the vertex stage for none
// (it would clamp the caps' extrapolated corners, which GL does not). Each vertex's segment ends, in framebuffer
// coordinates, go to `*segments`, from which the fragment stage (raster.frag, COVERAGE) works out
// the coverage and drops the fragments of squares the rectangle misses. A zero-length segment has
// no rectangle and draws nothing. GL clips the segment before making its rectangle, which differs
// from clipping the rectangle (and the coverage is worked out from the segment's ends): an end
// outside the clip volume (the z planes too unless depth clamping is on; or with w <= 0) is
// refused with the reason.
constexpr double kCoverageMargin = 0.75;  // above √2 / 2, the farthest a square's centre lies from a point of it
bool lines_as_rectangles(const zink_rasterizer_state &state, const raster_request &r, const zink_prim_draw &draw,
                         bool vk_last, raster_request *out, std::vector<std::array<float, 4>> *segments,
                         std::string *error);

}  // namespace clampler::sample_internal
