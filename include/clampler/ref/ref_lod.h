// Reference level-of-detail: λ from an explicit LOD or gradients, the min/mag switch and mipmap level selection.
#pragma once

#include <cstdint>

#include "clampler/gl/gl_enums.h"

namespace clampler::ref {

// True for the four *_MIPMAP_* minification filters.
bool ref_filter_is_mipmap(GLenum min_filter);

// True when the filter reads 2 (4, 8) texels within a level: LINEAR, LINEAR_MIPMAP_*.
bool ref_filter_is_linear_within_level(GLenum filter);

// The constant c of the min/mag switch (GL 4.6 §8.14.4): 0.5 when the mag filter is LINEAR
// and the min filter is NEAREST_MIPMAP_NEAREST or NEAREST_MIPMAP_LINEAR, else 0.
double ref_mag_threshold(GLenum min_filter, GLenum mag_filter);

// log2(ρ) with GL 4.6 eq. 8.7–8.9: ρ = max(|(du/dx, dv/dx, dw/dx)|, |(du/dy, dv/dy, dw/dy)|).
// The derivatives are of the unnormalized coordinates (already scaled by the size of
// level_base); unused components are 0. ρ = 0 gives -infinity.
double ref_lambda_base_from_derivatives(const double dudx[3], const double dudy[3]);

// λ' = λ_base + bias, then λ = clamp(λ', min_lod, max_lod) (GL 4.6 eq. 8.6, 8.10).
// Throws std::invalid_argument when min_lod > max_lod (GL: λ undefined).
double ref_lambda(double lambda_base, double bias, double min_lod, double max_lod);

// q: the last level mipmapping may use, min(level_base + p, level_max) with
// p = floor(log2(maxsize)) and maxsize the largest filtered dimension of level_base
// (GL 4.6 §8.14.3).
int ref_level_q(int level_base, int level_max, uint32_t maxsize);

// Which filter and levels one lookup uses.
struct ref_level_choice {
   bool magnified = false;  // λ <= c
   GLenum filter = GL_NEAREST;  // GL_NEAREST or GL_LINEAR within a level
   int d1 = 0;               // the (first) level read
   int d2 = 0;               // the second level for *_MIPMAP_LINEAR (== d1 otherwise)
   double w2 = 0.0;          // weight of d2: frac(λ) for *_MIPMAP_LINEAR, 0 otherwise
};

// GL 4.6 §8.14.3 / §8.14.4. Magnified, or a non-mipmapped min filter: level_base.
// *_MIPMAP_NEAREST: d = level_base for λ <= 1/2, else min(q, ceil(level_base + λ + 1/2) - 1)
// (ties at λ = k + 1/2 go to the lower level). *_MIPMAP_LINEAR: d1 = floor(level_base + λ),
// d2 = d1 + 1, both q once level_base + λ >= q; d2 weighs frac(λ).
ref_level_choice ref_select_levels(double lambda, GLenum min_filter, GLenum mag_filter, int level_base, int q);

// textureQueryLod (ARB_texture_query_lod's ComputeAccessedLod, GLSL 4.60 §8.9.1), relative to
// level_base. y = λ' = λ_base + bias, before GL_TEXTURE_MIN_LOD / MAX_LOD. x: λ' clamped to
// [min_lod, max_lod], then to [0, max_accessible] (q − level_base); then 0 for a NEAREST or LINEAR
// min filter, ceil(x + 1/2) − 1 for *_MIPMAP_NEAREST, x itself for *_MIPMAP_LINEAR.
struct ref_lod_query {
   double x = 0.0;
   double y = 0.0;
};
ref_lod_query ref_query_lod(double lambda_prime, GLenum min_filter, double min_lod, double max_lod,
                            int max_accessible);

}  // namespace clampler::ref
