// spirv_lower_filter: the shader filter — GL's filtering from NEAREST lookups at texel centres, where the device cannot filter as GL does.
//
// Used for depth formats the device cannot filter (rule 4), GL's c = 0.5 switch the device cannot
// reach (rule 10), and devices that reduce min/max per level (rule 11) or mirror coordinates rather
// than texel indices (rule 12) or round the NEAREST level's tie away from GL (rule 13, integer
// results too: one NEAREST tap), non-seamless cube faces a device clamps (rule 15) and a device's
// approximate λ under a LINEAR mip filter (rule 16); it computes GL's whole filter, the c = 0.5 min/mag switch
// included, so it can serve any state the device filters otherwise.
// GL 4.6 §8.14 (λ, the min/mag switch with its c = 0.5 case, the mipmap level(s) and their weight)
// and §8.14.2 (the 2 x 2 footprint: i0 = ⌊u − ½⌋, α = frac(u − ½), weights (1−α)(1−β) …) are
// computed in the shader. Every texel is read by one NEAREST lookup at the centre of texel i of
// level d, explicit LOD d, so the device's wrap of the integer texel coordinate (REPEAT, the
// mirrors, the clamps, the border) is GL's wrap of i — exactly, with no filtering of its own
// (Dim Rect images, which take no Lod operand, are read with zero gradients instead).
// The sampler must filter NEAREST with no LOD bias, LOD clamp, anisotropy or reduction
// (st_convert_sampler makes it so); the key carries GL's values instead (st_shader_filter).
// MIN / MAX reduction (ARB_texture_filter_minmax) takes the component-wise minimum / maximum of
// the texels whose weight is not zero, both levels included, as the reference sampler does.
// textureQueryLod (OpImageQueryLod) on such a unit is answered here too: the device's sampler
// holds none of GL's LOD state, so the key's values give ARB_texture_query_lod's answer.
// A depth-compare lookup (Dref) takes Dref taps: the device compares each texel with D_ref (as GL
// 4.6 §8.23.1 compares each texel of the footprint) and the shader weights the 0 / 1 results; the
// filtered result then takes rule 9's shadow swizzle (a MIN / MAX reduction reduces the 0 / 1
// results, as the reference does).
#include <spirv/unified1/GLSL.std.450.h>

#include <algorithm>
#include <array>
#include <limits>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "spirv_lookup.h"
#include "spirv_lowerer.h"

namespace clampler::spirv {

// The lookup replaced by the filter: coordinate lowered as lower_coordinate does (offsets, abs,
// saturate), λ as GL computes it, one or two levels of taps, the sum copied into the result id.
bool lowerer::lower_shader_filter(lookup *lk) {
   const uint32_t F = t_float();
   const uint32_t result_type = m_.word(lk->inst, 1);
   const st_shader_filter &f = lk->l.shader_filter;
   const long rt = m_.def(result_type);
   const long ct = rt >= 0 && m_.op(rt) == spv::OpTypeVector ? m_.def(m_.word(rt, 2)) : -1;
   const bool integer = ct >= 0 && m_.op(ct) == spv::OpTypeInt && m_.word(ct, 2) == 32;
   if (lk->dref) {
      if (result_type != F)
         return fail("The depth-compare " + where(*lk) + " does not return a 32-bit float; the shader filter needs one.");
   } else if (rt < 0 || m_.op(rt) != spv::OpTypeVector || m_.word(rt, 3) != 4 || (m_.word(rt, 2) != F && !integer)) {
      return fail("The " + where(*lk) + " does not return a 4-component 32-bit float or integer vector; the shader filter "
                  "needs one.");
   }
   // Integer results are never weighted: one NEAREST tap at one level (rule 2 gives integer
   // textures no other filter; a MIN / MAX reduction over that one tap is the tap).
   if (integer && (f.min_img_filter != PIPE_TEX_FILTER_NEAREST || f.mag_img_filter != PIPE_TEX_FILTER_NEAREST ||
                   f.min_mip_filter == PIPE_TEX_MIPFILTER_LINEAR))
      return fail("The " + where(*lk) + " returns integers, but its key asks the shader filter for a LINEAR filter; "
                  "integer lookups filter NEAREST only.");
   if (lk->dim == spv::DimCube)
      return lower_cube_filter(lk, integer);
   const unsigned n = lk->n;

   coordinate c;
   if (!extract_coordinate(*lk, &c))
      return false;
   if (is_proj(lk->op))
      project_coordinate(lk, &c);
   // λ's input: the unclamped coordinate's gradients, or an explicit Lod (filter_lambda).
   lookup_gradients(*lk, &c);

   // The coordinate, as lower_coordinate rewrites it (GL_CLAMP and the mirror clamps), except
   // that the NEAREST edge clamp is the taps' own (filter_level_taps).
   c.rect = lk->dim == spv::DimRect || lk->unnormalized_sampler;
   c.sat_bits = static_cast<uint8_t>(lk->l.saturate & lk->coord_bits);
   if (!find_offset(*lk, &c))
      return false;
   query_size(*lk, &c);
   if (c.offset && c.rect)
      fold_texel_offset(lk, &c);
   for (unsigned j = 0; j < n; ++j)
      if (lk->coord_bits >> j & 1u)
         c.comps[j] = lower_component(*lk, c, j);
   if (lk->round_layer)
      c.comps[n] = gl_array_layer(c.comps[n]);  // rule 14

   const uint32_t lambda = filter_lambda(*lk, c);
   const filter_levels lv = levels_for(*lk, lambda, c.rect);
   uint32_t acc = 0;
   if (lv.d2) {
      acc = filter_level_taps(*lk, c, lv.d1, lv.linear, e_.op(spv::OpFSub, F, {c_float(1.0f), lv.w2}), acc);
      acc = filter_level_taps(*lk, c, lv.d2, lv.linear, lv.w2, acc);
   } else {
      acc = filter_level_taps(*lk, c, lv.d1, lv.linear, c_float(1.0f), acc);
   }
   filter_result(*lk, acc);
   return true;
}

// The filtered value `acc` as the lookup's result: copied into its id, or through rule 9's shadow
// swizzle for a depth-compare lookup that has one.
void lowerer::filter_result(const lookup &lk, uint32_t acc) {
   if (lk.shadow)
      swizzle_shadow_result(lk, acc);
   else
      e_.raw(spv::OpCopyObject, {m_.word(lk.inst, 1), m_.word(lk.inst, 2), acc});
}

// One NEAREST tap at `coord`: explicit LOD `lod`, or the zero gradients `zero_grad` (a Dim Rect
// image, which takes no Lod operand); a Dref tap with the lookup's D_ref (divided by q already for
// a projective lookup) for a depth-compare lookup.
uint32_t lowerer::sample_tap(const lookup &lk, uint32_t coord, uint32_t lod, uint32_t zero_grad) {
   const uint32_t result_type = m_.word(lk.inst, 1);
   const uint32_t value = e_.fresh();
   std::vector<uint32_t> words = {result_type, value, lk.si, coord};
   if (lk.dref)
      words.push_back(lk.extra_operand);
   if (zero_grad)
      words.insert(words.end(), {static_cast<uint32_t>(spv::ImageOperandsGradMask), zero_grad, zero_grad});
   else
      words.insert(words.end(), {static_cast<uint32_t>(spv::ImageOperandsLodMask), lod});
   e_.raw(lk.dref ? spv::OpImageSampleDrefExplicitLod : spv::OpImageSampleExplicitLod, std::span<const uint32_t>(words));
   return value;
}

// GL's λ (§8.14.1) with the key's bias (sampler and unit) and MIN / MAX_LOD: lambda_with.
uint32_t lowerer::filter_lambda(const lookup &lk, const coordinate &c) {
   const st_shader_filter &f = lk.l.shader_filter;
   return lambda_with(lk, c, f.lod_bias, f.min_lod, f.max_lod);
}

// GL's min/mag switch (c = 0.5 included), the filter within a level (linear: 1.0 LINEAR, 0.0
// NEAREST) and the level(s) relative to the view's base (GL_TEXTURE_BASE_LEVEL), q from the view's
// levels: d1 alone, or d1 and d2 weighted 1 − w2 and w2.
lowerer::filter_levels lowerer::levels_for(const lookup &lk, uint32_t lambda, bool rect) {
   const uint32_t F = t_float();
   const st_shader_filter &f = lk.l.shader_filter;
   const bool mag_linear = f.mag_img_filter == PIPE_TEX_FILTER_LINEAR;
   const bool min_linear = f.min_img_filter == PIPE_TEX_FILTER_LINEAR;
   const float threshold = mag_linear && !min_linear && f.min_mip_filter != PIPE_TEX_MIPFILTER_NONE ? 0.5f : 0.0f;
   const uint32_t magnified = e_.op(spv::OpFOrdLessThanEqual, t_bool(), {lambda, c_float(threshold)});
   filter_levels lv;
   lv.linear = mag_linear == min_linear ? c_float(mag_linear ? 1.0f : 0.0f)
                                        : e_.op(spv::OpSelect, F, {magnified, c_float(mag_linear ? 1.0f : 0.0f),
                                                                   c_float(min_linear ? 1.0f : 0.0f)});
   lv.d1 = c_float(0.0f);
   if (f.min_mip_filter != PIPE_TEX_MIPFILTER_NONE && !rect) {
      globals().need_image_query();
      const uint32_t image = e_.op(spv::OpImage, lk.image_type, {lk.si});
      const uint32_t levels = e_.op(spv::OpImageQueryLevels, globals().t_int(), {image});
      const uint32_t q = e_.op(spv::OpFSub, F, {e_.op(spv::OpConvertSToF, F, {levels}), c_float(1.0f)});
      if (f.min_mip_filter == PIPE_TEX_MIPFILTER_NEAREST) {
         // λ ≤ ½: the base level; else ⌈λ + ½⌉ − 1 (ties down), at most q.
         const uint32_t d = e_.op(spv::OpFSub, F, {ext(F, GLSLstd450Ceil, {e_.op(spv::OpFAdd, F, {lambda, c_float(0.5f)})}),
                                                   c_float(1.0f)});
         const uint32_t above = e_.op(spv::OpFOrdGreaterThan, t_bool(), {lambda, c_float(0.5f)});
         lv.d1 = e_.op(spv::OpSelect, F, {above, ext(F, GLSLstd450FMin, {d, q}), c_float(0.0f)});
      } else {
         // ⌊λ⌋ and ⌊λ⌋ + 1, both at most q, weighted by frac(λ).
         const uint32_t fl = ext(F, GLSLstd450Floor, {lambda});
         lv.d1 = ext(F, GLSLstd450FMin, {fl, q});
         lv.d2 = ext(F, GLSLstd450FMin, {e_.op(spv::OpFAdd, F, {fl, c_float(1.0f)}), q});
         lv.w2 = e_.op(spv::OpFSub, F, {lambda, fl});
         lv.d2 = e_.op(spv::OpSelect, F, {magnified, c_float(0.0f), lv.d2});
         lv.w2 = e_.op(spv::OpSelect, F, {magnified, c_float(0.0f), lv.w2});
      }
      lv.d1 = e_.op(spv::OpSelect, F, {magnified, c_float(0.0f), lv.d1});
   }
   return lv;
}

// One tap's value folded into the running result `acc` (0: none yet): weighted and summed, or
// the component-wise minimum / maximum over the taps whose weight is not zero; an integer result
// is the one tap.
uint32_t lowerer::combine_tap(const lookup &lk, uint32_t acc, uint32_t value, uint32_t weight, bool integer) {
   const uint32_t F = t_float();
   const uint32_t result_type = m_.word(lk.inst, 1);
   const st_shader_filter &f = lk.l.shader_filter;
   if (integer)
      return value;
   const bool scalar = result_type == F;  // a depth-compare result
   if (f.reduction == PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE) {
      const uint32_t term = e_.op(scalar ? spv::OpFMul : spv::OpVectorTimesScalar, result_type, {value, weight});
      return acc ? e_.op(spv::OpFAdd, result_type, {acc, term}) : term;
   }
   if (!acc)
      return value;  // the first tap of the first level: its weight is never zero
   // A zero-weight texel takes no part: it is replaced by the running result.
   const uint32_t used = e_.op(spv::OpSelect, F, {e_.op(spv::OpFOrdGreaterThan, t_bool(), {weight, c_float(0.0f)}),
                                                  c_float(1.0f), c_float(0.0f)});
   const uint32_t used4 = scalar ? used : e_.op(spv::OpCompositeConstruct, result_type, {used, used, used, used});
   const uint32_t v = ext(result_type, GLSLstd450FMix, {acc, value, used4});
   return ext(result_type, f.reduction == PIPE_TEX_REDUCTION_MIN ? GLSLstd450FMin : GLSLstd450FMax, {acc, v});
}

// The taps of one level `level` (a float holding an integer), weighted by `level_weight` and
// combined into `acc` (0: none yet); returns the new sum (or minimum / maximum).
// Per coordinate: u = s·w + o (texel coordinates as they are), a = u − ½·linear, i = ⌊a⌋,
// α = frac(a)·linear; a saturated (GL_CLAMP-family) coordinate's NEAREST texel is at most w − 1
// (its sampler reads the border beyond w − 1, for the LINEAR footprint).
uint32_t lowerer::filter_level_taps(const lookup &lk, const coordinate &c, uint32_t level, uint32_t linear,
                                   uint32_t level_weight, uint32_t acc) {
   const uint32_t F = t_float();
   const unsigned n = lk.n;
   const uint32_t result_type = m_.word(lk.inst, 1);

   std::array<uint32_t, 3> size = c.size;
   if (!c.rect) {
      const unsigned count = n + lk.layers;
      const uint32_t image = e_.op(spv::OpImage, lk.image_type, {lk.si});
      const uint32_t lod = e_.op(spv::OpConvertFToS, globals().t_int(), {level});
      const uint32_t isize = e_.op(spv::OpImageQuerySizeLod, t_ivec(count), {image, lod});
      const uint32_t fsize = e_.op(spv::OpConvertSToF, t_fvec(count), {isize});
      for (unsigned j = 0; j < n; ++j)
         size[j] = count == 1 ? fsize : e_.op(spv::OpCompositeExtract, F, {fsize, j});
   }
   const uint32_t half_linear = e_.op(spv::OpFMul, F, {linear, c_float(0.5f)});
   std::array<std::array<uint32_t, 2>, 3> centre{};  // texel centres i + ½ and i + 3/2, normalized
   std::array<uint32_t, 3> alpha{};
   for (unsigned j = 0; j < n; ++j) {
      uint32_t u = c.comps[j];
      if (!c.rect) {
         u = e_.op(spv::OpFMul, F, {u, size[j]});
         if (c.offset) {
            const uint32_t o = n == 1 ? c.offset->first
                                      : e_.op(spv::OpCompositeExtract, c.offset_component_type, {c.offset->first, j});
            u = e_.op(spv::OpFAdd, F, {u, e_.op(spv::OpConvertSToF, F, {o})});
         }
      }
      const uint32_t a = e_.op(spv::OpFSub, F, {u, half_linear});
      uint32_t i = ext(F, GLSLstd450Floor, {a});
      alpha[j] = e_.op(spv::OpFMul, F, {e_.op(spv::OpFSub, F, {a, i}), linear});
      if (c.sat_bits >> j & 1u)
         i = ext(F, GLSLstd450FMin, {i, e_.op(spv::OpFSub, F, {size[j], c_float(1.0f)})});
      for (unsigned k = 0; k < 2; ++k) {
         uint32_t t = e_.op(spv::OpFAdd, F, {i, c_float(k == 0 ? 0.5f : 1.5f)});
         if (!c.rect)
            t = e_.op(spv::OpFDiv, F, {t, size[j]});
         centre[j][k] = t;
      }
   }

   const unsigned ncomps = n + lk.layers;
   // Unnormalized samplers take LOD 0 only; Dim Rect images take no Lod operand at all, so zero
   // gradients (λ = −∞: level 0, and equal filters) say the same.
   const uint32_t lod = c.rect ? c_float(0.0f) : level;
   uint32_t zero_grad = 0;
   if (lk.dim == spv::DimRect) {
      const std::array<uint32_t, 2> zeros = {c_float(0.0f), c_float(0.0f)};
      zero_grad = e_.op(spv::OpCompositeConstruct, t_fvec(2), std::span(zeros.data(), 2));
   }
   // An integer result is the one NEAREST tap (lower_shader_filter allows nothing else); a
   // depth-compare result is a float scalar.
   const bool integer = result_type != F && m_.word(m_.def(result_type), 2) != F;
   for (unsigned tap = 0; tap < (integer ? 1u : 1u << n); ++tap) {
      std::array<uint32_t, 4> comps{};
      uint32_t weight = level_weight;
      for (unsigned j = 0; j < n; ++j) {
         const bool second = (tap >> j & 1u) != 0;
         comps[j] = centre[j][second ? 1 : 0];
         const uint32_t w = second ? alpha[j] : e_.op(spv::OpFSub, F, {c_float(1.0f), alpha[j]});
         weight = e_.op(spv::OpFMul, F, {weight, w});
      }
      if (lk.layers)
         comps[n] = c.comps[n];
      const uint32_t coord =
         ncomps == 1 ? comps[0] : e_.op(spv::OpCompositeConstruct, t_fvec(ncomps), std::span(comps.data(), ncomps));
      acc = combine_tap(lk, acc, sample_tap(lk, coord, lod, zero_grad), weight, integer);
   }
   return acc;
}

// textureQueryLod on a shader-filtered unit (ARB_texture_query_lod's ComputeAccessedLod):
// y = λ' = log2 ρ + bias from the implicit derivatives, unclamped; x = λ' clamped to
// [MIN_LOD, MAX_LOD], then to [0, q] (q: the view's last level), then 0 without a mip filter,
// ⌈x + ½⌉ − 1 for *_MIPMAP_NEAREST, x itself for *_MIPMAP_LINEAR.
bool lowerer::lower_query_lod(lookup *lk) {
   const uint32_t F = t_float();
   const uint32_t result_type = m_.word(lk->inst, 1);
   const long rt = m_.def(result_type);
   if (rt < 0 || m_.op(rt) != spv::OpTypeVector || m_.word(rt, 2) != F || m_.word(rt, 3) != 2)
      return fail("The " + where(*lk) + " does not return a 2-component 32-bit float vector.");
   const st_shader_filter &f = lk->l.shader_filter;
   const bool cube = lk->dim == spv::DimCube;
   const unsigned n = cube ? 3 : lk->n;
   // The coordinate holds the n normalized components only (no layer, no projection; a cube
   // map's direction).
   coordinate c;
   const uint32_t coord = lk->coord;
   const uint32_t ct = m_.type_of(coord);
   const long ctd = m_.def(ct);
   const unsigned width = ctd >= 0 && m_.op(ctd) == spv::OpTypeVector ? m_.word(ctd, 3) : 1;
   if (width < n)
      return fail("The " + where(*lk) + " has a " + std::to_string(width) + "-component coordinate; its image needs " +
                  std::to_string(n) + ".");
   for (unsigned j = 0; j < n; ++j)
      c.comps[j] = width == 1 ? coord : e_.op(spv::OpCompositeExtract, F, {coord, j});
   const float unbounded = std::numeric_limits<float>::max();
   uint32_t y = 0;
   if (cube) {
      // λ' from the implicit derivatives of the face coordinates (as an implicit lookup's).
      const std::array<uint32_t, 3> p = {c.comps[0], c.comps[1], c.comps[2]};
      lookup implicit = *lk;
      implicit.op = spv::OpImageSampleImplicitLod;
      y = cube_lambda(implicit, select_cube_face(p), p, -unbounded, unbounded);
   } else {
      const uint32_t vn = t_fvec(n);
      const uint32_t p = n == 1 ? c.comps[0] : e_.op(spv::OpCompositeConstruct, vn, std::span(c.comps.data(), n));
      c.grad_x = e_.op(spv::OpDPdx, vn, {p});
      c.grad_y = e_.op(spv::OpDPdy, vn, {p});
      c.rect = lk->dim == spv::DimRect || lk->unnormalized_sampler;
      query_size(*lk, &c);
      y = lambda_with(*lk, c, f.lod_bias, -unbounded, unbounded);
   }
   uint32_t x = c_float(0.0f);
   if (f.min_mip_filter != PIPE_TEX_MIPFILTER_NONE && !c.rect) {
      const uint32_t image = e_.op(spv::OpImage, lk->image_type, {lk->si});
      const uint32_t levels = e_.op(spv::OpImageQueryLevels, globals().t_int(), {image});
      const uint32_t q = e_.op(spv::OpFSub, F, {e_.op(spv::OpConvertSToF, F, {levels}), c_float(1.0f)});
      uint32_t l = ext(F, GLSLstd450FClamp, {y, c_float(f.min_lod), c_float(std::max(f.min_lod, f.max_lod))});
      l = ext(F, GLSLstd450FClamp, {l, c_float(0.0f), q});
      x = f.min_mip_filter == PIPE_TEX_MIPFILTER_NEAREST
             ? e_.op(spv::OpFSub, F, {ext(F, GLSLstd450Ceil, {e_.op(spv::OpFAdd, F, {l, c_float(0.5f)})}), c_float(1.0f)})
             : l;
   }
   const std::array<uint32_t, 2> xy = {x, y};
   const uint32_t value = e_.op(spv::OpCompositeConstruct, result_type, std::span(xy.data(), 2));
   e_.raw(spv::OpCopyObject, {result_type, m_.word(lk->inst, 2), value});
   return true;
}

}  // namespace clampler::spirv
