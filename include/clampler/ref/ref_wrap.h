// Reference texel selection along one axis: the GL wrap modes for NEAREST and LINEAR, and array layers.
//
// u is the unnormalized coordinate (s * size for normalized lookups, s itself for
// RECTANGLE). Returned indices outside [0, size) name border texels: the caller reads the
// border colour there (GL 4.6 §8.14.2).
#pragma once

#include <cstdint>

#include "clampler/gl/gl_enums.h"

namespace clampler::ref {

// The two texels LINEAR filtering blends along one axis: (1 - alpha) * T[i0] + alpha * T[i1].
struct ref_linear_taps {
   int64_t i0 = 0;
   int64_t i1 = 0;
   double alpha = 0.0;
};

// True for the eight GL wrap modes this reference knows.
bool ref_wrap_is_known(GLenum wrap);

// True for the wrap modes GL accepts with unnormalized (RECTANGLE) coordinates.
bool ref_wrap_allows_unnormalized(GLenum wrap);

// GL 4.6's mirror(a): a for a >= 0, else -(1 + a).
int64_t ref_mirror(int64_t a);

// NEAREST: the texel index i (GL 4.6 §8.14.2, docs/design.md §5 for the clamp forms).
int64_t ref_wrap_nearest(GLenum wrap, double u, int64_t size);

// LINEAR: i0, i1 and alpha (GL 4.6 §8.14.2, docs/design.md §5 for the clamp forms).
ref_linear_taps ref_wrap_linear(GLenum wrap, double u, int64_t size);

// Array layer: clamp(floor(r + 0.5), 0, layers - 1), GL's round-half-up (never wrapped).
int64_t ref_array_layer(double r, int64_t layers);

}  // namespace clampler::ref
