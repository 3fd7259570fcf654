// The reference sampler's lookup: validation, λ and levels, texel taps, filtering, compare, depth mode and swizzle.
//
// Order of operations (GL 4.6 §8.14 with the Vulkan "Texel Input Operations" order where GL
// is silent): select the cube face; compute λ and the levels; per level, select the texels
// and weights of each axis (ref_wrap), fetching border texels for indices outside the level
// and, for seamless cube maps, texels of the adjacent face; replace a seamless corner texel
// by the average of its three neighbours; compare each depth texel with D_ref; combine the
// taps of both levels by weighted average or, for MIN/MAX reduction, by the component-wise
// minimum/maximum of the taps with non-zero weight; apply the depth texture mode to depth
// results; swizzle last.
#include "clampler/ref/ref_sampler.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "clampler/ref/ref_cube.h"
#include "clampler/ref/ref_lod.h"
#include "clampler/ref/ref_texel_ops.h"
#include "clampler/ref/ref_wrap.h"

namespace clampler::ref {
namespace {

[[noreturn]] void fail(const std::string &what) { throw std::invalid_argument("ref_sample: " + what); }

// How a target's coordinates are laid out.
struct target_info {
   int dims = 0;          // filtered dimensions: 1, 2 or 3 (cube: the face's 2)
   int layer_coord = -1;  // index of the array layer in ref_lookup::coord, -1 for non-arrays
   int ncoord = 0;        // coordinates a lookup must supply
   bool cube = false;
};

target_info info_for(GLenum target) {
   switch (target) {
   case GL_TEXTURE_1D: return {1, -1, 1, false};
   case GL_TEXTURE_1D_ARRAY: return {1, 1, 2, false};
   case GL_TEXTURE_2D:
   case GL_TEXTURE_RECTANGLE: return {2, -1, 2, false};
   case GL_TEXTURE_2D_ARRAY: return {2, 2, 3, false};
   case GL_TEXTURE_3D: return {3, -1, 3, false};
   case GL_TEXTURE_CUBE_MAP: return {2, -1, 3, true};
   case GL_TEXTURE_CUBE_MAP_ARRAY: return {2, 3, 4, true};
   default: fail("unsupported texture target");
   }
}

bool is_known_min_filter(GLenum f) { return f == GL_NEAREST || f == GL_LINEAR || ref_filter_is_mipmap(f); }

// Number of array layers a level holds (1 for non-arrays).
int64_t layer_count(GLenum target, const ref_level &l) {
   switch (target) {
   case GL_TEXTURE_1D_ARRAY: return l.height;
   case GL_TEXTURE_2D_ARRAY: return l.depth;
   case GL_TEXTURE_CUBE_MAP_ARRAY: return l.depth / 6;
   default: return 1;
   }
}

// Filtered size of a level along axis a (0: width, 1: height, 2: depth).
int64_t axis_size(const target_info &ti, const ref_level &l, int a) {
   if (a >= ti.dims)
      return 1;
   return a == 0 ? l.width : a == 1 ? l.height : l.depth;
}

void validate_texture(const ref_texture &tex, const target_info &ti) {
   if (tex.levels.empty())
      fail("texture has no levels");
   if (tex.base_level < 0 || tex.base_level >= static_cast<int>(tex.levels.size()))
      fail("GL_TEXTURE_BASE_LEVEL names no level of the texture");
   if (tex.base_level > tex.max_level)
      fail("GL_TEXTURE_BASE_LEVEL > GL_TEXTURE_MAX_LEVEL: the texture is incomplete");
   if (tex.is_integer && tex.is_depth)
      fail("a texture is either integer or depth");
   for (size_t k = 0; k < tex.levels.size(); ++k) {
      const ref_level &l = tex.levels[k];
      if (l.width == 0 || l.height == 0 || l.depth == 0)
         fail("level " + std::to_string(k) + " has a zero dimension");
      if (l.texels.size() != static_cast<size_t>(l.width) * l.height * l.depth)
         fail("level " + std::to_string(k) + " holds " + std::to_string(l.texels.size()) +
              " texels, not width * height * depth");
      if (ti.dims < 2 && tex.target != GL_TEXTURE_1D_ARRAY && l.height != 1)
         fail("a 1D level must have height 1");
      if (ti.dims < 3 && !ti.cube && tex.target != GL_TEXTURE_2D_ARRAY && l.depth != 1)
         fail("a 1D or 2D level must have depth 1");
      if (ti.cube && (l.width != l.height || l.depth % 6 != 0 ||
                      (tex.target == GL_TEXTURE_CUBE_MAP && l.depth != 6)))
         fail("a cube map level must be square with 6 faces (6 * layers for arrays)");
   }
}

void validate_sampler(const ref_texture &tex, const ref_sampler &s, const target_info &ti, bool unnormalized) {
   const GLenum wraps[3] = {s.wrap_s, s.wrap_t, s.wrap_r};
   for (int a = 0; a < 3; ++a) {
      if (!ref_wrap_is_known(wraps[a]))
         fail("unknown wrap mode");
      if (unnormalized && a < ti.dims && !ref_wrap_allows_unnormalized(wraps[a]))
         fail("unnormalized (RECTANGLE) coordinates accept only CLAMP, CLAMP_TO_EDGE and CLAMP_TO_BORDER");
   }
   if (!is_known_min_filter(s.min_filter))
      fail("unknown GL_TEXTURE_MIN_FILTER");
   if (s.mag_filter != GL_NEAREST && s.mag_filter != GL_LINEAR)
      fail("unknown GL_TEXTURE_MAG_FILTER");
   if (unnormalized && ref_filter_is_mipmap(s.min_filter))
      fail("unnormalized (RECTANGLE) coordinates accept only the NEAREST and LINEAR min filters");
   if (tex.is_integer || tex.is_stencil) {
      // GL makes such a texture incomplete; the seed samples it NEAREST (docs/design.md §7), which
      // the caller applies before asking the reference.
      if (s.mag_filter != GL_NEAREST || (s.min_filter != GL_NEAREST && s.min_filter != GL_NEAREST_MIPMAP_NEAREST))
         fail("integer and stencil textures take only NEAREST / NEAREST_MIPMAP_NEAREST filters; "
              "apply the NEAREST rule (docs/design.md §7) before sampling");
   }
   if (s.reduction != GL_WEIGHTED_AVERAGE_ARB && s.reduction != GL_MIN && s.reduction != GL_MAX)
      fail("unknown GL_TEXTURE_REDUCTION_MODE_ARB");
   for (GLenum swz : s.swizzle)
      if (!ref_swizzle_is_known(swz))
         fail("unknown GL_TEXTURE_SWIZZLE value");
   if (tex.is_depth || tex.is_stencil)
      ref_depth_mode(s.depth_mode, 0.0);  // throws for an unknown mode
}

// The mipmap chain level_base..q must exist with the sizes GL's completeness rule gives.
void validate_mip_chain(const ref_texture &tex, const target_info &ti, int q) {
   if (q >= static_cast<int>(tex.levels.size()))
      fail("mipmapped min filter but level " + std::to_string(q) +
           " (q = min(level_base + p, GL_TEXTURE_MAX_LEVEL)) is missing: the texture is incomplete");
   const ref_level &b = tex.levels[tex.base_level];
   for (int k = tex.base_level + 1; k <= q; ++k) {
      const ref_level &l = tex.levels[k];
      const int sh = k - tex.base_level;
      for (int a = 0; a < ti.dims; ++a) {
         const int64_t want = std::max<int64_t>(1, axis_size(ti, b, a) >> sh);
         if (axis_size(ti, l, a) != want)
            fail("level " + std::to_string(k) + " does not have the size the mipmap chain requires");
      }
      if (layer_count(tex.target, l) != layer_count(tex.target, b))
         fail("level " + std::to_string(k) + " has a different number of layers");
   }
}

// One texel read by the filter, with its weight (the product of the axis and level weights).
struct tap {
   texel value;
   double weight = 0.0;
   bool border = false;    // value is the border colour
   bool compared = false;  // value.f[0] is already a comparison result (corner_compares_each)
};

// Everything about one lookup that is fixed across the levels it reads.
struct lookup_ctx {
   const ref_texture &tex;
   const ref_sampler &s;
   const ref_lookup &lk;
   target_info ti;
   bool unnormalized = false;
   bool seamless = false;
   double coord[3] = {0, 0, 0};  // s, t, r (cube: the face's s, t)
   int face = 0;                 // cube face
   int64_t layer = 0;            // array layer (0 for non-arrays)
};

// Address of texel (x, y, z) of a level: z is the 3D slice, or the face for cube maps;
// the layer comes from the context.
const texel &texel_at(const lookup_ctx &c, const ref_level &l, int64_t x, int64_t y, int64_t z) {
   int64_t row = y, slice = z;
   switch (c.tex.target) {
   case GL_TEXTURE_1D_ARRAY: row = c.layer; break;
   case GL_TEXTURE_2D_ARRAY: slice = c.layer; break;
   case GL_TEXTURE_CUBE_MAP: slice = z; break;
   case GL_TEXTURE_CUBE_MAP_ARRAY: slice = 6 * c.layer + z; break;
   default: break;
   }
   const int64_t w = l.width, h = l.height;
   return l.texels[static_cast<size_t>(x + w * (row + h * slice))];
}

// A seamless cube texel at (i, j) of face, where (i, j) may lie one past the face: an edge
// texel comes from the adjacent face; a corner texel (both out) is the average of the three
// texels that meet there (Vulkan "Cube Map Edge Handling", the recommended choice of GL 4.6
// §8.13.1), taken before depth comparison, as the Vulkan order of texel operations puts it.
// With corner_compares_each under depth compare the corner is the mean of the three
// comparisons instead, and *compared says so.
texel cube_seamless_texel(const lookup_ctx &c, const ref_level &l, int face, int64_t i, int64_t j,
                          bool *compared = nullptr) {
   const int64_t n = l.width;
   const bool i_out = i < 0 || i >= n, j_out = j < 0 || j >= n;
   if (!i_out && !j_out)
      return texel_at(c, l, i, j, face);
   if (i_out != j_out) {
      const ref_cube_texel a = ref_cube_adjacent(face, i, j, n);
      return texel_at(c, l, a.i, a.j, a.face);
   }
   const int64_t ic = std::clamp<int64_t>(i, 0, n - 1), jc = std::clamp<int64_t>(j, 0, n - 1);
   const texel t0 = texel_at(c, l, ic, jc, face);
   const texel t1 = cube_seamless_texel(c, l, face, i, jc);
   const texel t2 = cube_seamless_texel(c, l, face, ic, j);
   texel avg;
   for (int k = 0; k < 4; ++k) {
      avg.f[k] = (t0.f[k] + t1.f[k] + t2.f[k]) / 3.0;
      avg.i[k] = t0.i[k];  // integer and stencil textures filter NEAREST: never a corner
   }
   if (compared && c.s.corner_compares_each && c.s.compare && c.tex.is_depth && !c.tex.is_stencil) {
      const auto cmp = [&](const texel &t) {
         return ref_compare(c.s.compare_func, c.lk.ref, t.f[0], c.tex.depth_is_float);
      };
      avg.f[0] = (cmp(t0) + cmp(t1) + cmp(t2)) / 3.0;
      *compared = true;
   }
   return avg;
}

// One axis of the filter footprint: up to two (index, weight) pairs.
struct axis_taps {
   int n = 1;
   int64_t idx[2] = {0, 0};
   double w[2] = {1.0, 0.0};
};

axis_taps axis_footprint(const lookup_ctx &c, int axis, int64_t size, GLenum filter) {
   axis_taps t;
   if (axis >= c.ti.dims)
      return t;  // unused axis: index 0, weight 1
   const double u = c.unnormalized ? c.coord[axis] : c.coord[axis] * static_cast<double>(size);
   const GLenum wrap = axis == 0 ? c.s.wrap_s : axis == 1 ? c.s.wrap_t : c.s.wrap_r;
   if (filter == GL_NEAREST) {
      // Seamless cube maps ignore the wraps; NEAREST is CLAMP_TO_EDGE (Vulkan "Wrapping
      // Operation", GL 4.6 §8.13.1).
      t.idx[0] = ref_wrap_nearest(c.seamless ? GL_CLAMP_TO_EDGE : wrap, u, size);
      return t;
   }
   t.n = 2;
   if (c.seamless) {
      // No wrap: indices -1 and size are resolved on the adjacent face.
      const double up = u - 0.5, f = std::floor(up);
      t.idx[0] = static_cast<int64_t>(f);
      t.idx[1] = t.idx[0] + 1;
      t.w[1] = up - f;
   } else {
      const ref_linear_taps lt = ref_wrap_linear(wrap, u, size);
      t.idx[0] = lt.i0;
      t.idx[1] = lt.i1;
      t.w[1] = lt.alpha;
   }
   t.w[0] = 1.0 - t.w[1];
   return t;
}

// Appends the taps of one level, each weighted by level_weight.
void gather_level(const lookup_ctx &c, int level, GLenum filter, double level_weight, std::vector<tap> &out) {
   const ref_level &l = c.tex.levels[level];
   int64_t size[3];
   axis_taps ax[3];
   for (int a = 0; a < 3; ++a) {
      size[a] = axis_size(c.ti, l, a);
      ax[a] = axis_footprint(c, a, size[a], filter);
   }
   for (int kz = 0; kz < ax[2].n; ++kz)
      for (int ky = 0; ky < ax[1].n; ++ky)
         for (int kx = 0; kx < ax[0].n; ++kx) {
            const int64_t x = ax[0].idx[kx], y = ax[1].idx[ky], z = ax[2].idx[kz];
            tap t;
            t.weight = level_weight * ax[0].w[kx] * ax[1].w[ky] * ax[2].w[kz];
            if (c.ti.cube && c.seamless)
               t.value = cube_seamless_texel(c, l, c.face, x, y, &t.compared);
            else if (x < 0 || x >= size[0] || y < 0 || y >= size[1] || z < 0 || z >= size[2]) {
               t.value = c.s.border;  // a border texel (GL 4.6 §8.14.2)
               t.border = true;
            } else
               t.value = texel_at(c, l, x, y, c.ti.cube ? c.face : z);
            out.push_back(t);
         }
}

// λ_base from the lookup: the explicit LOD, the gradients scaled by the size of level_base
// (GL 4.6 eq. 8.7-8.9; cube derivatives projected onto the face first), or 0.
double lambda_base(const lookup_ctx &c, const ref_lookup &lk, const ref_cube_coord &cc) {
   if (lk.has_lod)
      return lk.lod;
   if (!lk.has_grad)
      return 0.0;
   const ref_level &b = c.tex.levels[c.tex.base_level];
   double dx[3] = {0, 0, 0}, dy[3] = {0, 0, 0};
   if (c.ti.cube) {
      ref_cube_face_derivatives(cc, lk.dPdx, dx[0], dx[1]);
      ref_cube_face_derivatives(cc, lk.dPdy, dy[0], dy[1]);
   } else {
      for (int a = 0; a < c.ti.dims; ++a) {
         dx[a] = lk.dPdx[a];
         dy[a] = lk.dPdy[a];
      }
   }
   for (int a = 0; a < c.ti.dims; ++a) {
      const double scale = c.unnormalized ? 1.0 : static_cast<double>(axis_size(c.ti, b, a));
      dx[a] *= scale;
      dy[a] *= scale;
   }
   return ref_lambda_base_from_derivatives(dx, dy);
}

// What the filter combines for one tap: the colour, the depth (or its comparison result) in
// f[0], or the integer colour. A texel of a texture sampled as stencil reads the integer
// (S, 0, 0, 1); a border texel reads the border colour as given.
texel filter_input(const lookup_ctx &c, const tap &t, const ref_lookup &lk) {
   const ref_texture &tex = c.tex;
   texel v = t.value;
   if (tex.is_stencil) {
      if (!t.border) {
         const int64_t st = v.i[0];
         v = texel{};
         v.i[0] = st;
         v.i[3] = 1;
      }
   } else if (tex.is_depth) {
      const double d = v.f[0];
      v = texel{};
      v.f[0] = c.s.compare && !t.compared ? ref_compare(c.s.compare_func, lk.ref, d, tex.depth_is_float) : d;
   }
   return v;
}

}  // namespace

ref_result ref_sample(const ref_texture &tex, const ref_sampler &s, const ref_lookup &lk) {
   const target_info ti = info_for(tex.target);
   const bool unnormalized = s.unnormalized || tex.target == GL_TEXTURE_RECTANGLE;
   if (unnormalized && tex.target != GL_TEXTURE_RECTANGLE && tex.target != GL_TEXTURE_1D && tex.target != GL_TEXTURE_2D)
      fail("unnormalized coordinates apply to RECTANGLE (or 1D, 2D) textures only");
   validate_texture(tex, ti);
   validate_sampler(tex, s, ti, unnormalized);
   if (lk.ncoord < ti.ncoord)
      fail("the lookup has " + std::to_string(lk.ncoord) + " coordinates, the target needs " +
           std::to_string(ti.ncoord));
   for (int k = 0; k < ti.ncoord; ++k)
      if (!std::isfinite(lk.coord[k]))
         fail("non-finite coordinate");
   const bool depth_sampling = tex.is_depth && !tex.is_stencil;
   if (depth_sampling && s.compare && !lk.has_ref)
      fail("GL_TEXTURE_COMPARE_MODE is COMPARE_REF_TO_TEXTURE but the lookup has no reference value");

   lookup_ctx c{tex, s, lk, ti};
   c.unnormalized = unnormalized;
   c.seamless = ti.cube && s.seamless;

   ref_result res;
   ref_cube_coord cc;
   if (ti.cube) {
      cc = ref_cube_select(lk.coord[0], lk.coord[1], lk.coord[2]);
      c.face = cc.face;
      c.coord[0] = cc.s;
      c.coord[1] = cc.t;
      res.face = cc.face;
   } else {
      for (int a = 0; a < ti.dims; ++a)
         c.coord[a] = lk.coord[a];
   }
   if (ti.layer_coord >= 0) {
      c.layer = ref_array_layer(lk.coord[ti.layer_coord], layer_count(tex.target, tex.levels[tex.base_level]));
      res.layer = static_cast<int>(c.layer);
   }

   // λ and the levels (GL 4.6 §8.14.1, §8.14.3, §8.14.4).
   const ref_level &base = tex.levels[tex.base_level];
   uint32_t maxsize = base.width;
   if (ti.dims >= 2)
      maxsize = std::max(maxsize, base.height);
   if (ti.dims >= 3)
      maxsize = std::max(maxsize, base.depth);
   const int q = ref_level_q(tex.base_level, tex.max_level, maxsize);
   if (ref_filter_is_mipmap(s.min_filter))
      validate_mip_chain(tex, ti, q);
   res.lambda = ref_lambda(lambda_base(c, lk, cc), s.lod_bias, s.min_lod, s.max_lod);
   const ref_level_choice lc = ref_select_levels(res.lambda, s.min_filter, s.mag_filter, tex.base_level, q);
   res.magnified = lc.magnified;
   res.level0 = lc.d1;
   res.level1 = lc.d2;
   res.level1_weight = lc.w2;

   std::vector<tap> taps;
   gather_level(c, lc.d1, lc.filter, 1.0 - lc.w2, taps);
   if (!lc.magnified && (s.min_filter == GL_NEAREST_MIPMAP_LINEAR || s.min_filter == GL_LINEAR_MIPMAP_LINEAR))
      gather_level(c, lc.d2, lc.filter, lc.w2, taps);  // even at weight 0: MIN/MAX then skip it

   const bool integer = tex.is_integer || tex.is_stencil;
   res.is_integer = integer;
   texel combined;
   if (integer) {
      // NEAREST and NEAREST_MIPMAP_NEAREST only (validated): one tap of weight 1.
      combined = filter_input(c, taps.front(), lk);
   } else {
      bool first = true;
      for (const tap &t : taps) {
         const texel v = filter_input(c, t, lk);
         if (s.reduction == GL_WEIGHTED_AVERAGE_ARB) {
            for (int k = 0; k < 4; ++k)
               combined.f[k] += t.weight * v.f[k];
         } else if (t.weight != 0.0) {
            for (int k = 0; k < 4; ++k)
               combined.f[k] = first ? v.f[k]
                               : s.reduction == GL_MIN ? std::min(combined.f[k], v.f[k])
                                                       : std::max(combined.f[k], v.f[k]);
            first = false;
         }
      }
   }

   texel pre_swizzle = combined;
   if (depth_sampling) {
      const std::array<double, 4> dm = ref_depth_mode(s.depth_mode, combined.f[0]);
      pre_swizzle = texel{};
      for (int k = 0; k < 4; ++k)
         pre_swizzle.f[k] = dm[k];
   } else if (tex.is_stencil) {
      // The stencil index is taken as the r of the texture comparison section, which the
      // compatibility profile's depth texture mode assigns as it assigns a depth (a reading
      // of the stencil extensions that every Mesa driver shares; docs/fidelity.md).
      const std::array<double, 4> dm = ref_depth_mode(s.depth_mode, static_cast<double>(combined.i[0]));
      pre_swizzle = texel{};
      for (int k = 0; k < 4; ++k)
         pre_swizzle.i[k] = static_cast<int64_t>(dm[k]);
   }
   res.value = ref_swizzle(pre_swizzle, integer, s.swizzle);
   return res;
}

}  // namespace clampler::ref
