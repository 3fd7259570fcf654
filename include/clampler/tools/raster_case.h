// Raster cases: a rasterizer scenario plus a draw and pixel probes, drawn by the reference rasterizer and on the device.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "clampler/tools/scenario_error.h"

namespace clampler {

// A raster case is a rasterizer-only scenario (docs/scenario.md: "rasterizer" with its GL calls
// and framebuffer) plus
//   "draw":    {"prim": "GL_TRIANGLES" .. "GL_POLYGON", "size": [w, h] (default 32 x 32),
//               "flat": false, "vertices": [{"clip": [x, y, z], "color": [r, g, b, a]}, ...]}
//              a vertex's optional "back_color": [r, g, b, a] (on every vertex or none) makes the
//              draw a vertex program's that writes gl_FrontColor and gl_BackColor, which two-sided
//              colour mode (GL_VERTEX_PROGRAM_TWO_SIDE) chooses between; without it GL has one colour;
//              "show_texcoord": true (points only) makes the fragment colour texture coordinate
//              set 0 as (s, t, 0, 1), from each vertex's "texcoord": [s, t, r, q] (default
//              [0, 0, 0, 1]) or a point sprite's replaced coordinates (glTexEnvi GL_COORD_REPLACE)
//   "lookups": [{"pixel": [x, y]}, ...]   pixels in GL window coordinates (y up)
//   "tolerance": 0                         optional: how far another side may lie from the reference
//   "coverage_tolerance": 0.1              optional: results carry alpha too, and the reference
//                                          answers a smooth line's partly covered pixels with GL's
//                                          coverage (ref_raster_draw::coverage); how far another
//                                          side's alpha may lie from it
// and its results are one [r, g, b, depth] per pixel (colour 0 and depth 1 where nothing was
// drawn), [r, g, b, depth, alpha] with "coverage_tolerance". docs/rasterizer.md, "Raster cases".
// Malformed input throws scenario_error naming the key.

// The reference rasterizer's answer (ref_raster_pixel_at); `quads_follow` is the
// GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION the implementation under test answers.
// `stipple_unfilled` draws it with ref_raster_draw::stipple_unfilled (Mesa's deviation, not GL).
nlohmann::ordered_json raster_case_reference(const std::string &text, bool quads_follow, bool stipple_unfilled = false);

class gl_runner;
// A real GL driver's answer (the GL runner: the calls replayed, the primitive drawn in immediate
// mode into an FBO), plus "quads_follow", the driver's GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION.
// Window framebuffers and calls a GL error refuses are scenario_errors (the case is skipped).
nlohmann::ordered_json raster_case_gl(const std::string &text, gl_runner &gl);

#ifdef CLAMPLER_HAVE_ZINK
class zink_screen;
// The device's answer: the GL calls through st_update_rasterizer, the rasterizer CSO's
// normalisation and zink_create_rasterizer, drawn by sample_raster_draw (window drawing with
// Gallium's y inversion, FBOs without). A state needing an emulation the device draw lacks is a
// scenario_error naming it.
nlohmann::ordered_json raster_case_on_device(const std::string &text, const zink_screen &screen);
#endif

}  // namespace clampler
