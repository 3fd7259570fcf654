// Shared helpers of the conformance groups: formats, texel data, lookup sweeps, tolerances, case assembly.
#pragma once

#include <string>
#include <vector>

#include "clampler/gl/gl_enums.h"
#include "clampler/pipe/p_format.h"
#include "clampler/ref/ref_aniso.h"
#include "clampler/tools/conformance.h"

namespace clampler::conformance {

// A sized internal format by its GL name.
struct format_info {
   std::string gl_name;
   pipe_format pf = PIPE_FORMAT_NONE;
   const util_format_description *d = nullptr;
   bool integer() const { return d->is_integer; }
   bool depth() const { return d->depth_bits != 0; }
   bool stencil_only() const { return d->gl_base_format == GL_STENCIL_INDEX; }
};
format_info fmt(const std::string &gl_name);  // throws std::logic_error for unknown names

// Texture shape: level 0 size and level count.
struct shape {
   GLenum target = GL_TEXTURE_2D;
   unsigned width = 4, height = 4, depth = 1;  // depth: layers of arrays (6 x layers for cube arrays)
   unsigned levels = 1;
};
// "1d", "2d", "3d", "rect", "cube", "1d_array", "2d_array", "cube_array", "2d_ms", "2d_ms_array", "buffer".
const char *target_short(GLenum target);
shape shape_for(GLenum target, unsigned levels = 1);

// Deterministic texel data (the format's own components, values it holds), one array per
// level. `sampled_as_stencil`: depth-stencil texels read their stencil. `constant`: every
// texel equal (aniso footprints).
ojson texel_levels(const format_info &f, const shape &s, unsigned seed, bool constant = false);
// The largest difference two texel components can have as read (tolerance scale).
double value_spread(const format_info &f, bool stencil = false);

// Lookup sweeps. Coordinates run from -1 to 2 (texel units for rectangles) at offsets 1/4 and
// 3/4 of a texel, so NEAREST never decides on a texel boundary and LINEAR weights are exact
// in 8 bits. `lod`: explicit LOD of every lookup (omitted when nan).
ojson wrap_lookups(const shape &s, double lod);
// The same sweep with a half of the lookups magnified (lod -1) and half minified (lod +1).
ojson mixed_filter_lookups(const shape &s);
// Cube directions near face centres and edges (never on a face boundary or a corner).
ojson cube_lookups(const shape &s, bool grads);
// Adds compare_ref to each lookup, cycling through refs that never equal a texel depth.
void add_compare_refs(ojson &lookups);
// Replaces "lod" with grad_x/grad_y of the same magnification (shadow 2D arrays and cubes).
void lod_to_grads(ojson &lookups, const shape &s);

// Tolerance for a format read with `filtered_axes` interpolations (LINEAR axes plus one for
// a LINEAR mip filter); 0 axes is a NEAREST read. docs/conformance.md explains the figures.
tolerance tolerance_for(const format_info &f, int filtered_axes, bool srgb_decoded, bool stencil = false);
int linear_axes(GLenum target);  // interpolated coordinates of a LINEAR image filter

// A scenario skeleton: texture with data, empty sampler, no lookups.
ojson scenario_for(const format_info &f, const shape &s, unsigned seed, bool constant = false);
// Border colour parameter value for `f` from RGBA floats (integer formats: Iiv/Iuiv of the
// values as given).
ojson border_param(const format_info &f, const std::vector<double> &rgba);

// One group each (conformance_<group>.cpp).
void add_texwrap(std::vector<test_case> &out);
void add_border(std::vector<test_case> &out);
void add_shadow(std::vector<test_case> &out);
void add_lod(std::vector<test_case> &out);
void add_cube(std::vector<test_case> &out);
void add_aniso(std::vector<test_case> &out);
void add_reduction(std::vector<test_case> &out);
void add_srgb(std::vector<test_case> &out);
void add_integer(std::vector<test_case> &out);
void add_stencil(std::vector<test_case> &out);
void add_rect(std::vector<test_case> &out);
void add_query(std::vector<test_case> &out);
void add_raster(std::vector<test_case> &out);
void add_fallback(std::vector<test_case> &out);

// The reference's bounds of each lookup of an aniso-group scenario (conformance_aniso.cpp).
std::vector<ref::ref_bounds> aniso_bounds(const ojson &scenario);

// Wrap and filter vocabularies shared by groups.
const std::vector<std::string> &all_wraps();  // the eight GL wrap modes
struct filter_mode {
   std::string name;  // "nearest", "linear", "mixed"
   std::string min, mag;
};
const std::vector<filter_mode> &image_filters();

// Sets GL_TEXTURE_WRAP_S and _T (and _R with `with_r`) to `wrap` and the min / mag filters of
// `fm` in a sampler object or texture parameter block.
void set_wraps_and_filters(ojson &params, const std::string &wrap, const filter_mode &fm, bool with_r = false);

}  // namespace clampler::conformance
