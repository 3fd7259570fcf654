// Reference wrap modes along one axis (GL 4.6 §8.14.2 table 8.20, EXT_texture_mirror_clamp, docs/design.md §5).
//
// All arithmetic is in double: floor() of a double is exact, and integer-valued doubles up
// to 2^53 are exact, so no step rounds. Results are clamped before the conversion to int64.
#include "clampler/ref/ref_wrap.h"

#include <algorithm>
#include <cmath>

namespace clampler::ref {
namespace {

double clampd(double v, double lo, double hi) { return std::min(std::max(v, lo), hi); }

// fmod(coord, size) with a non-negative result (the spec's fmod is a - b * floor(a / b)).
// std::fmod is exact for doubles, so this is exact for integer-valued coord.
double pos_mod(double coord, double size) {
   double m = std::fmod(coord, size);
   if (m < 0)
      m += size;
   return m;
}

double mirror_d(double a) { return a >= 0 ? a : -(1 + a); }

// The wrap function of table 8.20 applied to an integer texel coordinate (held in a double).
// GL_CLAMP and the two EXT mirror-clamp forms are handled before this (they act on u).
double wrap_index(GLenum wrap, double coord, double size) {
   switch (wrap) {
   case GL_REPEAT:
      return pos_mod(coord, size);
   case GL_MIRRORED_REPEAT:
      return (size - 1) - mirror_d(pos_mod(coord, 2 * size) - size);
   case GL_CLAMP_TO_EDGE:
      return clampd(coord, 0, size - 1);
   case GL_CLAMP_TO_BORDER:
      return clampd(coord, -1, size);
   case GL_MIRROR_CLAMP_TO_EDGE:
      return clampd(mirror_d(coord), 0, size - 1);
   default:
      return clampd(coord, -1, size);  // not reached for known wraps
   }
}

}  // namespace

bool ref_wrap_is_known(GLenum wrap) {
   switch (wrap) {
   case GL_REPEAT:
   case GL_CLAMP:
   case GL_CLAMP_TO_EDGE:
   case GL_CLAMP_TO_BORDER:
   case GL_MIRRORED_REPEAT:
   case GL_MIRROR_CLAMP_EXT:
   case GL_MIRROR_CLAMP_TO_EDGE:
   case GL_MIRROR_CLAMP_TO_BORDER_EXT:
      return true;
   default:
      return false;
   }
}

bool ref_wrap_allows_unnormalized(GLenum wrap) {
   return wrap == GL_CLAMP || wrap == GL_CLAMP_TO_EDGE || wrap == GL_CLAMP_TO_BORDER;
}

int64_t ref_mirror(int64_t a) { return a >= 0 ? a : -(1 + a); }

int64_t ref_wrap_nearest(GLenum wrap, double u, int64_t size) {
   const double n = static_cast<double>(size);
   switch (wrap) {
   case GL_CLAMP:
      // docs/design.md §5: clamp u to [0, N], texel min(floor(u), N - 1).
      return static_cast<int64_t>(std::min(std::floor(clampd(u, 0, n)), n - 1));
   case GL_MIRROR_CLAMP_EXT:
      // CLAMP on |u| (EXT_texture_mirror_clamp: mirrorClamp(f) = min(1, |f|)).
      return static_cast<int64_t>(std::min(std::floor(std::min(std::fabs(u), n)), n - 1));
   case GL_MIRROR_CLAMP_TO_BORDER_EXT:
      // CLAMP_TO_BORDER on |u|: floor(|u|) >= 0, so only the upper clamp can bite.
      return static_cast<int64_t>(clampd(std::floor(std::fabs(u)), -1, n));
   case GL_MIRROR_CLAMP_TO_EDGE:
      // GL 4.6 defines this on the texel index: clamp(mirror(floor(u)), 0, N - 1). That is
      // not CLAMP_TO_EDGE on |u| (EXT_texture_mirror_clamp's definition) at exact negative
      // texel boundaries: u = -k gives mirror(-k) = k - 1 here but floor(|u|) = k there.
      // Everywhere else, and for LINEAR at every u, the two agree.
   default:
      return static_cast<int64_t>(wrap_index(wrap, std::floor(u), n));
   }
}

ref_linear_taps ref_wrap_linear(GLenum wrap, double u, int64_t size) {
   const double n = static_cast<double>(size);
   ref_linear_taps t;
   switch (wrap) {
   case GL_CLAMP:
   case GL_MIRROR_CLAMP_EXT: {
      // docs/design.md §5: u' = clamp(u, 0, N) - 0.5 (on |u| for the mirror form); i0 = floor(u'),
      // i1 = i0 + 1, both in [-1, N]; -1 and N read the border. At u <= 0 or u >= N this is a
      // 50/50 blend of the edge texel and the border. For MIRROR_CLAMP_EXT near u = 0 the
      // index -1 is read too (weight 0.5 - |u|), as in CLAMP on |s|.
      const double a = wrap == GL_MIRROR_CLAMP_EXT ? std::fabs(u) : u;
      const double up = clampd(a, 0, n) - 0.5;
      const double f = std::floor(up);
      t.i0 = static_cast<int64_t>(f);
      t.i1 = t.i0 + 1;
      t.alpha = up - f;
      return t;
   }
   case GL_MIRROR_CLAMP_TO_BORDER_EXT: {
      // CLAMP_TO_BORDER on |u|: near u = 0 the index -1 (border) is read with weight
      // 0.5 - |u|, as CLAMP_TO_BORDER reads it near s = 0.
      const double up = std::fabs(u) - 0.5;
      const double f = std::floor(up);
      t.i0 = static_cast<int64_t>(clampd(f, -1, n));
      t.i1 = static_cast<int64_t>(clampd(f + 1, -1, n));
      t.alpha = up - f;
      return t;
   }
   default: {
      // GL 4.6 §8.14.2: i0 = wrap(floor(u - 1/2)), i1 = wrap(floor(u - 1/2) + 1),
      // alpha = frac(u - 1/2). GL_MIRROR_CLAMP_TO_EDGE here equals CLAMP_TO_EDGE on |u|.
      const double up = u - 0.5;
      const double f = std::floor(up);
      t.i0 = static_cast<int64_t>(wrap_index(wrap, f, n));
      t.i1 = static_cast<int64_t>(wrap_index(wrap, f + 1, n));
      t.alpha = up - f;
      return t;
   }
   }
}

int64_t ref_array_layer(double r, int64_t layers) {
   // GL 4.6 §8.14.2: l = clamp(floor(r + 0.5), 0, d - 1): round half up. Vulkan prefers
   // round-half-to-even (RNE) and lavapipe uses it, so the two differ at r = k + 0.5 with k even.
   return static_cast<int64_t>(clampd(std::floor(r + 0.5), 0, static_cast<double>(layers - 1)));
}

}  // namespace clampler::ref
