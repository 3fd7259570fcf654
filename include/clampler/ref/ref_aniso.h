// Bounds for anisotropic lookups: the range any conforming anisotropic filter can return.
//
// GL (ARB_texture_filter_anisotropic) and Vulkan leave the anisotropic footprint
// implementation-defined: an implementation takes up to η = min(ρmax/ρmin, maxAnisotropy)
// samples along the major axis at λ = log2(ρmax/η) and averages them. What every such filter
// shares: its result is a weighted average (or, with MIN/MAX reduction, a min or max) of
// texels lying in the lookup's footprint — the parallelogram spanned by the derivatives around
// the coordinate, widened by one texel for the bilinear taps — on the levels between λ_aniso
// and λ_iso. So the reference bounds the result per component by the minimum and maximum of
// those texels (after wrap, border, compare, depth mode and swizzle) instead of picking one
// footprint. The bound is exact for a constant texture and tight for smooth ones; a lookup
// whose footprint holds both extremes of a component gets the trivial bound for it.
#pragma once

#include "clampler/ref/ref_sampler.h"

namespace clampler::ref {

struct ref_bounds {
   texel lo;                  // component-wise minimum (f, or i for integer results)
   texel hi;                  // component-wise maximum
   bool is_integer = false;
   int lowest_level = 0;      // levels whose texels were considered
   int highest_level = 0;
   int texels_considered = 0;
   bool border_considered = false;  // the footprint reaches outside a bordered wrap
};

// The bounds of `lookup` (which must have has_grad, or has_lod for an isotropic footprint of
// one texel) through `s` with GL_TEXTURE_MAX_ANISOTROPY `max_anisotropy` (≥ 1). Targets 1D,
// 2D, RECTANGLE, 3D and the 1D / 2D arrays; cube maps are refused (their footprints cross
// faces). Throws std::invalid_argument as ref_sample does, and for max_anisotropy < 1.
ref_bounds ref_sample_aniso_bounds(const ref_texture &tex, const ref_sampler &s, const ref_lookup &lookup,
                                   double max_anisotropy);

// Whether each component of `v` lies in [lo − tol, hi + tol].
bool ref_bounds_contain(const ref_bounds &b, const texel &v, double tol);

}  // namespace clampler::ref
