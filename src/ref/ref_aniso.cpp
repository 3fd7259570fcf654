// Anisotropic bounds: the min/max of every texel an anisotropic footprint may read (ref_aniso.h).
#include "clampler/ref/ref_aniso.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "clampler/ref/ref_lod.h"

namespace clampler::ref {
namespace {

[[noreturn]] void fail(const std::string &what) { throw std::invalid_argument("ref_sample_aniso_bounds: " + what); }

// Filtered dimensions and where the array layer sits in the coordinates.
int filtered_dims(GLenum target) {
   switch (target) {
   case GL_TEXTURE_1D:
   case GL_TEXTURE_1D_ARRAY: return 1;
   case GL_TEXTURE_2D:
   case GL_TEXTURE_2D_ARRAY:
   case GL_TEXTURE_RECTANGLE: return 2;
   case GL_TEXTURE_3D: return 3;
   default: fail("cube maps and unknown targets are not bounded (their footprints cross faces)");
   }
}

uint32_t level_size(const ref_level &l, int axis) { return axis == 0 ? l.width : axis == 1 ? l.height : l.depth; }

bool wrap_reads_border(GLenum wrap) {
   return wrap == GL_CLAMP || wrap == GL_CLAMP_TO_BORDER || wrap == GL_MIRROR_CLAMP_EXT ||
          wrap == GL_MIRROR_CLAMP_TO_BORDER_EXT;
}

void widen(ref_bounds &b, const ref_result &r, bool first) {
   for (int k = 0; k < 4; ++k) {
      if (first) {
         b.lo.f[k] = b.hi.f[k] = r.value.f[k];
         b.lo.i[k] = b.hi.i[k] = r.value.i[k];
      } else {
         b.lo.f[k] = std::min(b.lo.f[k], r.value.f[k]);
         b.hi.f[k] = std::max(b.hi.f[k], r.value.f[k]);
         b.lo.i[k] = std::min(b.lo.i[k], r.value.i[k]);
         b.hi.i[k] = std::max(b.hi.i[k], r.value.i[k]);
      }
   }
}

}  // namespace

ref_bounds ref_sample_aniso_bounds(const ref_texture &tex, const ref_sampler &s, const ref_lookup &lk,
                                   double max_anisotropy) {
   if (!(max_anisotropy >= 1.0))
      fail("GL_TEXTURE_MAX_ANISOTROPY must be at least 1");
   const int dims = filtered_dims(tex.target);
   const bool unnormalized = s.unnormalized || tex.target == GL_TEXTURE_RECTANGLE;
   // The isotropic lookup validates everything and gives λ_iso.
   const ref_result iso = ref_sample(tex, s, lk);

   // λ_aniso = log2(ρmax / η), η = min(ρmax / ρmin, max_anisotropy), with the same bias and clamp.
   const ref_level &base = tex.levels[tex.base_level];
   double lambda_low = iso.lambda;
   if (lk.has_grad && !lk.has_lod) {
      double rx = 0, ry = 0;
      for (int a = 0; a < dims; ++a) {
         const double scale = unnormalized ? 1.0 : level_size(base, a);
         rx += lk.dPdx[a] * scale * lk.dPdx[a] * scale;
         ry += lk.dPdy[a] * scale * lk.dPdy[a] * scale;
      }
      const double rmax = std::sqrt(std::max(rx, ry)), rmin = std::sqrt(std::min(rx, ry));
      const double eta = rmin > 0 ? std::min(rmax / rmin, max_anisotropy) : max_anisotropy;
      if (rmax > 0)
         lambda_low = std::min(iso.lambda, ref_lambda(std::log2(rmax / eta), s.lod_bias, s.min_lod, s.max_lod));
   }

   // Levels between λ_aniso and λ_iso (one above for the mip-linear blend), within [base, q].
   ref_bounds b;
   int q = tex.base_level;
   if (ref_filter_is_mipmap(s.min_filter)) {
      uint32_t maxsize = base.width;
      for (int a = 1; a < dims; ++a)
         maxsize = std::max(maxsize, level_size(base, a));
      q = ref_level_q(tex.base_level, tex.max_level, maxsize);
      b.lowest_level = std::min(q, tex.base_level + static_cast<int>(std::floor(std::max(lambda_low, 0.0))));
      b.highest_level = std::min(q, tex.base_level + static_cast<int>(std::floor(std::max(iso.lambda, 0.0))) + 1);
   } else {
      b.lowest_level = b.highest_level = tex.base_level;
   }

   // Every texel of each level's footprint, read NEAREST through the sampler's wraps (so
   // REPEAT and the mirrors fold indices as the filter would), plus the border where the
   // footprint leaves the level on a bordered wrap.
   ref_sampler point = s;
   point.min_filter = GL_NEAREST;
   point.mag_filter = GL_NEAREST;
   point.lod_bias = 0.0;
   point.min_lod = -1000.0;
   point.max_lod = 1000.0;
   point.reduction = GL_WEIGHTED_AVERAGE_ARB;
   const GLenum wraps[3] = {s.wrap_s, s.wrap_t, s.wrap_r};
   bool first = true;
   for (int level = b.lowest_level; level <= b.highest_level; ++level) {
      ref_texture one;
      one.target = tex.target;
      one.is_integer = tex.is_integer;
      one.is_depth = tex.is_depth;
      one.depth_is_float = tex.depth_is_float;
      one.is_stencil = tex.is_stencil;
      one.levels = {tex.levels[level]};
      const ref_level &l = one.levels[0];
      int64_t lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
      bool outside = false;
      for (int a = 0; a < dims; ++a) {
         const double n = level_size(l, a);
         const double scale = unnormalized ? 1.0 : n;
         const double c = lk.coord[a] * scale;
         const double ext = lk.has_lod ? 0.0 : 0.5 * (std::fabs(lk.dPdx[a]) + std::fabs(lk.dPdy[a])) * scale;
         // A LINEAR tap at u reads floor(u − ½) and the texel after it.
         lo[a] = static_cast<int64_t>(std::floor(c - ext - 0.5));
         hi[a] = static_cast<int64_t>(std::floor(c + ext - 0.5)) + 1;
         const int64_t size = static_cast<int64_t>(n);
         if ((lo[a] < 0 || hi[a] >= size) && wrap_reads_border(wraps[a]))
            outside = true;
         // Keep only indices that can read something new: one mirror period (2N texels) of a
         // periodic wrap from lo on; [−N − 1, N] of the mirror clamps (|s| then clamped);
         // [−1, N] of the clamps. lo ≤ hi is kept.
         const GLenum w = wraps[a];
         if (w == GL_REPEAT || w == GL_MIRRORED_REPEAT) {
            hi[a] = std::min<int64_t>(hi[a], lo[a] + 2 * size - 1);
         } else {
            const int64_t lowest = (w == GL_MIRROR_CLAMP_EXT || w == GL_MIRROR_CLAMP_TO_EDGE ||
                                   w == GL_MIRROR_CLAMP_TO_BORDER_EXT)
                                     ? -size - 1
                                     : -1;
            lo[a] = std::clamp<int64_t>(lo[a], lowest, size);
            hi[a] = std::clamp<int64_t>(hi[a], lowest, size);
         }
      }
      for (int64_t z = lo[2]; z <= hi[2]; ++z)
         for (int64_t y = lo[1]; y <= hi[1]; ++y)
            for (int64_t x = lo[0]; x <= hi[0]; ++x) {
               ref_lookup t = lk;
               t.has_grad = false;
               t.has_lod = true;
               t.lod = 0.0;
               const int64_t idx[3] = {x, y, z};
               for (int a = 0; a < dims; ++a) {
                  const double centre = static_cast<double>(idx[a]) + 0.5;
                  t.coord[a] = unnormalized ? centre : centre / level_size(l, a);
               }
               widen(b, ref_sample(one, point, t), first);
               first = false;
               ++b.texels_considered;
            }
      if (outside) {
         // The border as a border texel reads it (compare, depth mode, swizzle included).
         ref_sampler border = point;
         border.wrap_s = border.wrap_t = border.wrap_r = GL_CLAMP_TO_BORDER;
         ref_lookup t = lk;
         t.has_grad = false;
         t.has_lod = true;
         t.lod = 0.0;
         t.coord[0] = unnormalized ? -1.0 : -0.5;
         widen(b, ref_sample(one, border, t), false);
         b.border_considered = true;
      }
   }
   b.is_integer = iso.is_integer;
   return b;
}

bool ref_bounds_contain(const ref_bounds &b, const texel &v, double tol) {
   for (int k = 0; k < 4; ++k) {
      if (b.is_integer) {
         if (v.i[k] < b.lo.i[k] - static_cast<int64_t>(tol) || v.i[k] > b.hi.i[k] + static_cast<int64_t>(tol))
            return false;
      } else if (!(v.f[k] >= b.lo.f[k] - tol && v.f[k] <= b.hi.f[k] + tol)) {
         return false;
      }
   }
   return true;
}

}  // namespace clampler::ref
