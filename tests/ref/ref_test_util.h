// Builders for the reference-sampler tests: small textures with distinct texel values, samplers and lookups.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "clampler/ref/ref_sampler.h"

namespace reftest {

using namespace clampler;
using namespace clampler::ref;

// The border colour most tests use: its red is far from every texel value, so any border
// weight shows in the result.
constexpr double kBorder = 10000.0;

inline texel tf(double r, double g = 0.0, double b = 0.0, double a = 1.0) {
   texel t;
   t.f[0] = r;
   t.f[1] = g;
   t.f[2] = b;
   t.f[3] = a;
   return t;
}

inline texel ti(int64_t r, int64_t g = 0, int64_t b = 0, int64_t a = 1) {
   texel t;
   t.i[0] = r;
   t.i[1] = g;
   t.i[2] = b;
   t.i[3] = a;
   return t;
}

// A level whose texels have red = the given values (x fastest), green = blue = 0, alpha = 1.
inline ref_level level_of(uint32_t w, uint32_t h, uint32_t d, const std::vector<double> &red) {
   ref_level l;
   l.width = w;
   l.height = h;
   l.depth = d;
   for (double v : red)
      l.texels.push_back(tf(v));
   return l;
}

inline ref_texture texture(GLenum target, std::initializer_list<ref_level> levels) {
   ref_texture t;
   t.target = target;
   t.levels = levels;
   t.max_level = static_cast<int>(t.levels.size()) - 1;  // docs/design.md §7: complete as given
   return t;
}

// The 1D texture of the wrap tables: T = {1, 10, 100, 1000}.
inline ref_texture tex_1d_4() { return texture(GL_TEXTURE_1D, {level_of(4, 1, 1, {1, 10, 100, 1000})}); }

// min = mag = filter, every wrap = wrap, no mipmaps, border red = kBorder.
inline ref_sampler sampler(GLenum filter, GLenum wrap) {
   ref_sampler s;
   s.min_filter = s.mag_filter = filter;
   s.wrap_s = s.wrap_t = s.wrap_r = wrap;
   s.border = tf(kBorder, 0, 0, 0);
   return s;
}

inline ref_lookup at(std::initializer_list<double> coord) {
   ref_lookup l;
   for (double c : coord)
      l.coord[l.ncoord++] = c;
   return l;
}

inline ref_lookup at_lod(std::initializer_list<double> coord, double lod) {
   ref_lookup l = at(coord);
   l.has_lod = true;
   l.lod = lod;
   return l;
}

// The red component of a float result.
inline double red(const ref_texture &t, const ref_sampler &s, const ref_lookup &l) {
   return ref_sample(t, s, l).value.f[0];
}

// The 1D depth texture of the compare tests: D = {0.2, 0.4, 0.6, 0.8}.
inline ref_texture depth_1d(bool depth_is_float = false) {
   ref_texture t = texture(GL_TEXTURE_1D, {level_of(4, 1, 1, {0.2, 0.4, 0.6, 0.8})});
   t.is_depth = true;
   t.depth_is_float = depth_is_float;
   return t;
}

inline ref_lookup with_ref(ref_lookup l, double ref) {
   l.has_ref = true;
   l.ref = ref;
   return l;
}

// Wrap mode names for test traces (the GL layer's name table is not linked here).
inline std::string wrap_name(GLenum w) {
   switch (w) {
   case GL_REPEAT: return "REPEAT";
   case GL_CLAMP: return "CLAMP";
   case GL_CLAMP_TO_EDGE: return "CLAMP_TO_EDGE";
   case GL_CLAMP_TO_BORDER: return "CLAMP_TO_BORDER";
   case GL_MIRRORED_REPEAT: return "MIRRORED_REPEAT";
   case GL_MIRROR_CLAMP_EXT: return "MIRROR_CLAMP_EXT";
   case GL_MIRROR_CLAMP_TO_EDGE: return "MIRROR_CLAMP_TO_EDGE";
   case GL_MIRROR_CLAMP_TO_BORDER_EXT: return "MIRROR_CLAMP_TO_BORDER_EXT";
   default: return std::to_string(w);
   }
}

// Relative tolerance for values that are exact sums of a few products of doubles.
inline double tol(double expected) { return 1e-12 * std::fmax(1.0, std::fabs(expected)); }

}  // namespace reftest
