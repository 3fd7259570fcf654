// Reference per-texel and per-result operations: depth comparison, depth texture mode and swizzle.
#pragma once

#include <array>

#include "clampler/gl/gl_enums.h"
#include "clampler/ref/ref_sampler.h"

namespace clampler::ref {

// GL 4.6 §8.23.1 table 8.24: the comparison result for one texel, 1.0 when "D_ref func D_t"
// holds (LEQUAL: D_ref <= D_t, ...), else 0.0. For fixed-point depth (depth_is_float false)
// both values are clamped to [0, 1] first. Throws std::invalid_argument for an unknown func.
double ref_compare(GLenum func, double d_ref, double d_t, bool depth_is_float);

// GL_DEPTH_TEXTURE_MODE applied to a depth value or comparison result r (GL 4.6 compatibility
// §8.23 / table 15.1): LUMINANCE (r, r, r, 1), INTENSITY (r, r, r, r), ALPHA (0, 0, 0, r),
// RED (r, 0, 0, 1). Throws std::invalid_argument for another mode.
std::array<double, 4> ref_depth_mode(GLenum mode, double r);

// True for the values GL_TEXTURE_SWIZZLE_* accepts.
bool ref_swizzle_is_known(GLenum swz);

// The texture swizzle (GL 4.6 §15.2.1): RED..ALPHA pick a component, ZERO gives 0 and ONE
// gives 1 (1.0 for float results). Applied to f or i according to is_integer.
texel ref_swizzle(const texel &v, bool is_integer, const std::array<GLenum, 4> &swizzle);

}  // namespace clampler::ref
