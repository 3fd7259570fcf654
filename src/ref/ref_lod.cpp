// Reference λ computation and mipmap level selection (GL 4.6 §8.14.1, §8.14.3, §8.14.4).
#include "clampler/ref/ref_lod.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace clampler::ref {

bool ref_filter_is_mipmap(GLenum min_filter) {
   return min_filter == GL_NEAREST_MIPMAP_NEAREST || min_filter == GL_LINEAR_MIPMAP_NEAREST ||
          min_filter == GL_NEAREST_MIPMAP_LINEAR || min_filter == GL_LINEAR_MIPMAP_LINEAR;
}

bool ref_filter_is_linear_within_level(GLenum filter) {
   return filter == GL_LINEAR || filter == GL_LINEAR_MIPMAP_NEAREST || filter == GL_LINEAR_MIPMAP_LINEAR;
}

double ref_mag_threshold(GLenum min_filter, GLenum mag_filter) {
   if (mag_filter == GL_LINEAR &&
       (min_filter == GL_NEAREST_MIPMAP_NEAREST || min_filter == GL_NEAREST_MIPMAP_LINEAR))
      return 0.5;
   return 0.0;
}

double ref_lambda_base_from_derivatives(const double dudx[3], const double dudy[3]) {
   const double rx = std::hypot(dudx[0], dudx[1], dudx[2]);
   const double ry = std::hypot(dudy[0], dudy[1], dudy[2]);
   return std::log2(std::max(rx, ry));
}

double ref_lambda(double lambda_base, double bias, double min_lod, double max_lod) {
   if (min_lod > max_lod)
      throw std::invalid_argument("GL_TEXTURE_MIN_LOD > GL_TEXTURE_MAX_LOD: λ is undefined");
   const double lp = lambda_base + bias;
   if (lp > max_lod)
      return max_lod;
   if (lp < min_lod)
      return min_lod;
   return lp;
}

int ref_level_q(int level_base, int level_max, uint32_t maxsize) {
   int p = 0;
   while ((maxsize >> (p + 1)) != 0)
      ++p;  // p = floor(log2(maxsize))
   return std::min(level_base + p, level_max);
}

ref_level_choice ref_select_levels(double lambda, GLenum min_filter, GLenum mag_filter, int level_base, int q) {
   ref_level_choice c;
   c.d1 = c.d2 = level_base;
   c.magnified = lambda <= ref_mag_threshold(min_filter, mag_filter);
   if (c.magnified) {
      c.filter = mag_filter == GL_LINEAR ? GL_LINEAR : GL_NEAREST;
      return c;
   }
   c.filter = ref_filter_is_linear_within_level(min_filter) ? GL_LINEAR : GL_NEAREST;
   const double lb = level_base;
   switch (min_filter) {
   case GL_NEAREST_MIPMAP_NEAREST:
   case GL_LINEAR_MIPMAP_NEAREST:
      if (lambda > 0.5) {
         // ceil(level_base + λ + 1/2) - 1, or q when level_base + λ > q + 1/2. This rounds
         // level_base + λ to the nearest level with ties going DOWN (λ = 1.5 -> level 1), the
         // "preferred" nearest() of Vulkan too; the array-layer tie rounds up instead
         // (docs/design.md §5). Half-to-even (llvmpipe) agrees here at λ = 0.5 and 2.5 but
         // picks level 2 at λ = 1.5.
         const double d = std::ceil(lb + lambda + 0.5) - 1;
         c.d1 = c.d2 = d > q ? q : static_cast<int>(d);
      }
      return c;
   case GL_NEAREST_MIPMAP_LINEAR:
   case GL_LINEAR_MIPMAP_LINEAR:
      if (lb + lambda >= q) {
         c.d1 = c.d2 = q;
      } else {
         c.d1 = static_cast<int>(std::floor(lb + lambda));
         c.d2 = c.d1 + 1;
      }
      c.w2 = lambda - std::floor(lambda);
      return c;
   default:
      return c;  // NEAREST or LINEAR: level_base only
   }
}

ref_lod_query ref_query_lod(double lambda_prime, GLenum min_filter, double min_lod, double max_lod,
                            int max_accessible) {
   ref_lod_query q;
   q.y = lambda_prime;
   double l = std::clamp(lambda_prime, min_lod, std::max(min_lod, max_lod));
   l = std::clamp(l, 0.0, static_cast<double>(std::max(max_accessible, 0)));
   if (!ref_filter_is_mipmap(min_filter))
      q.x = 0.0;
   else if (min_filter == GL_NEAREST_MIPMAP_NEAREST || min_filter == GL_LINEAR_MIPMAP_NEAREST)
      q.x = std::ceil(l + 0.5) - 1.0;
   else
      q.x = l;
   return q;
}

}  // namespace clampler::ref
