// clampler differential: random scenarios through the device, the reference and real GL (llvmpipe, softpipe), triaged per lookup.
#pragma once

#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace clampler::differential {

using ojson = nlohmann::ordered_json;

// The generator's groups, in the order scenarios cycle through them.
const std::vector<std::string> &groups();

// One random scenario of `group` (docs/scenario.md, with texel data and lookups): every lookup is
// one GL defines — no cube-face ties, no anisotropy, coordinates on texel boundaries only where
// the float holds the boundary exactly, integer textures NEAREST. `*name`: group/target/format.
ojson random_scenario(std::mt19937_64 &rng, const std::string &group, std::string *name);

// One random raster case (docs/rasterizer.md, "Raster cases") of what the reference rasterizer
// models: filled polygons of every primitive (convex quads and polygons), width-1 lines, strips and
// loops with every vertex on a pixel centre (axis-aligned or sloped, not at 45 degrees), points of
// sizes 1-8; flat colours or one colour per
// draw; glShadeModel, glProvokingVertex (quads keep the last vertex, which every implementation
// takes), culling and facing, glClipControl, depth clamp, polygon offset on flat depths, the
// polygon and line stipples. Probes at the vertices, centroids and random pixels, unfiltered (the
// caller drops those the reference refuses). `*name`: raster/prim/state.
ojson random_raster_case(std::mt19937_64 &rng, std::string *name);

// The scenario's sampling state as GL holds it: the sampler object's parameter when one is bound,
// else the texture's; `fallback` when the scenario does not set it (differential_known.cpp).
std::string sampling_param(const ojson &scenario, const char *pname, const char *fallback);
// The min and mag filters in effect: a value GL refuses (the errors group) leaves GL's default.
void sampling_filters(const ojson &scenario, std::string *min, std::string *mag);

// Who stands alone on one lookup, from the four answers (D device, R reference, L llvmpipe,
// S softpipe): docs/fidelity.md names each class.
enum class verdict {
   agree,              // all four
   device_alone,       // R = L = S, D differs: the layer or the device
   reference_alone,    // D = L = S, R differs
   clampler_vs_mesa,   // D = R, L = S, the two pairs differ
   all_differ,         // L = S, D, R and Mesa three ways
   mesa_split,         // L and S differ (clampler then sides with one, or neither)
};
const char *verdict_name(verdict v);

// The verdict on one lookup: RGBA arrays (floats, or integers compared exactly), equal when every
// component lies within `tol`.
// Components from the fifth on (a raster case's alpha, with "coverage_tolerance") within
// `alpha_tol` where it is not negative, the others within `tol`.
verdict judge(const ojson &d, const ojson &r, const ojson &l, const ojson &s, double tol, double alpha_tol = -1.0);
bool same_result(const ojson &a, const ojson &b, double tol, double alpha_tol = -1.0);

// A documented reason for a lookup that does not agree (docs/fidelity.md): `accepted` when
// clampler follows the GL specification and Mesa does not; otherwise an open clampler gap,
// which still fails the run.
struct deviation {
   std::string id;  // the docs/fidelity.md heading; empty: none applies
   bool accepted = false;
};

// The command (`clampler differential --help`).
int differential_main(int argc, char **argv);

}  // namespace clampler::differential
