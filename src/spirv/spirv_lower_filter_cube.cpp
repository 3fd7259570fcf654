// spirv_lower_filter_cube: the shader filter on cube maps — GL's face, λ and footprint, each texel read by a NEAREST lookup along its centre's direction.
//
// GL 4.6 §8.13 (table 8.19) selects the face by the major axis (z, then y, then x on ties) and
// takes s = ½(sc/|ma| + 1), t = ½(tc/|ma| + 1). λ comes from the derivatives of s and t on that
// face (the quotient rule: ∂s = ½(|ma|·∂sc − sc·∂|ma|) / ma², as ref_cube_face_derivatives takes
// them) in texels of level 0, then the bias, MinLod and the LOD range as for the other targets.
// The footprint is §8.14.2's 2 x 2 on the face. Texel (i, j) of face F at level d (size w) is read
// by a NEAREST lookup at explicit LOD d along w·M + (2i + 1 − w)·S + (2j + 1 − w)·T (M, S, T: F's
// major, s and t axes), which the device maps back to the centre of (i, j): no tap reaches the
// device's wrap or filter.
// Non-seamless cube maps wrap i and j in the shader as §8.14.2 wraps integer texel coordinates,
// every wrap; a border texel reads the key's colour (st_convert_sampler gives it as GL returns
// it, through the result swizzle). Seamless ones (§8.13.1) read a texel one past an edge
// on the adjacent face: the same direction with i = −1 or w points into that face within half a
// texel of the adjacent texel's centre (the other coordinate, |2j + 1 − w| ≤ w − 1, scales by
// w / (w + 1)); a corner texel (both past) is the average of the three texels meeting there, as
// the reference takes it. A seamless NEAREST texel is clamped to the face (CLAMP_TO_EDGE).
// A depth-compare lookup takes Dref taps (spirv_lower_filter.cpp); its border texel is compared
// here, with the key's function, D_ref clamped to [0, 1] for a fixed-point format (§8.23.1). A
// seamless cube map is never compared here: its corner texel averages depths before the compare.
#include <spirv/unified1/GLSL.std.450.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <span>

#include "spirv_lookup.h"
#include "spirv_lowerer.h"

namespace clampler::spirv {

namespace {

// Table 8.19's axes per face, in the order +X, −X, +Y, −Y, +Z, −Z: M, S and T, x y z each.
constexpr float kAxes[3][3][6] = {
   {{1, -1, 0, 0, 0, 0}, {0, 0, 1, -1, 0, 0}, {0, 0, 0, 0, 1, -1}},  // M
   {{0, 0, 1, 1, 1, -1}, {0, 0, 0, 0, 0, 0}, {-1, 1, 0, 0, 0, 0}},   // S
   {{0, 0, 0, 0, 0, 0}, {-1, -1, 0, 0, -1, -1}, {0, 0, 1, -1, 0, 0}},  // T
};

}  // namespace

// dot(a, b) of two 3-vectors held as float ids.
uint32_t lowerer::dot3(const std::array<uint32_t, 3> &a, const std::array<uint32_t, 3> &b) {
   const uint32_t F = t_float();
   uint32_t sum = e_.op(spv::OpFMul, F, {a[0], b[0]});
   for (unsigned k = 1; k < 3; ++k)
      sum = e_.op(spv::OpFAdd, F, {sum, e_.op(spv::OpFMul, F, {a[k], b[k]})});
   return sum;
}

// The face size (a float) of level `lod` (an int id) of the lookup's cube image.
uint32_t lowerer::cube_face_size(const lookup &lk, uint32_t lod) {
   globals().need_image_query();
   const uint32_t image = e_.op(spv::OpImage, lk.image_type, {lk.si});
   const uint32_t isize = e_.op(spv::OpImageQuerySizeLod, t_ivec(2 + lk.layers), {image, lod});
   return e_.op(spv::OpConvertSToF, t_float(), {e_.op(spv::OpCompositeExtract, globals().t_int(), {isize, 0})});
}

// The face of direction p (GL's tie order: z, then y, then x; a non-negative major component is
// the positive face), with sc, tc, |ma|, s and t.
lowerer::cube_face lowerer::select_cube_face(const std::array<uint32_t, 3> &p) {
   const uint32_t F = t_float(), B = t_bool();
   const uint32_t ax = ext(F, GLSLstd450FAbs, {p[0]}), ay = ext(F, GLSLstd450FAbs, {p[1]}),
                  az = ext(F, GLSLstd450FAbs, {p[2]});
   const uint32_t is_z = e_.op(spv::OpLogicalAnd, B, {e_.op(spv::OpFOrdGreaterThanEqual, B, {az, ax}),
                                                      e_.op(spv::OpFOrdGreaterThanEqual, B, {az, ay})});
   const uint32_t is_y = e_.op(spv::OpLogicalAnd, B, {e_.op(spv::OpLogicalNot, B, {is_z}),
                                                      e_.op(spv::OpFOrdGreaterThanEqual, B, {ay, ax})});
   const uint32_t major = e_.op(spv::OpSelect, F, {is_z, p[2], e_.op(spv::OpSelect, F, {is_y, p[1], p[0]})});
   const uint32_t neg = e_.op(spv::OpFOrdLessThan, B, {major, c_float(0.0f)});
   // One axis component for the selected face: a constant, or selects between the faces' values.
   const auto pick = [&](const float (&v)[6]) {
      const auto both = [&](float pos, float negv) {
         return pos == negv ? c_float(pos) : e_.op(spv::OpSelect, F, {neg, c_float(negv), c_float(pos)});
      };
      if (v[0] == v[2] && v[0] == v[4] && v[1] == v[3] && v[1] == v[5] && v[0] == v[1])
         return c_float(v[0]);
      const uint32_t x = both(v[0], v[1]), y = both(v[2], v[3]), z = both(v[4], v[5]);
      return e_.op(spv::OpSelect, F, {is_z, z, e_.op(spv::OpSelect, F, {is_y, y, x})});
   };
   cube_face f;
   for (unsigned k = 0; k < 3; ++k) {
      f.m[k] = pick(kAxes[0][k]);
      f.s[k] = pick(kAxes[1][k]);
      f.t[k] = pick(kAxes[2][k]);
   }
   f.sc = dot3(f.s, p);
   f.tc = dot3(f.t, p);
   f.ma = dot3(f.m, p);
   const auto face_coord = [&](uint32_t c) {
      return e_.op(spv::OpFMul, F, {e_.op(spv::OpFAdd, F, {e_.op(spv::OpFDiv, F, {c, f.ma}), c_float(1.0f)}),
                                    c_float(0.5f)});
   };
   f.fs = face_coord(f.sc);
   f.ft = face_coord(f.tc);
   return f;
}

// λ of a cube lookup: its Lod operand, or log2 of the longer of the face-coordinate gradients in
// texels of level 0 — from the Grad operand, or the implicit derivatives of the direction with a
// Bias operand folded in — then the key's bias, MinLod and [min_lod, max_lod] (lambda_with on the
// face).
uint32_t lowerer::cube_lambda(const lookup &lk, const cube_face &face, const std::array<uint32_t, 3> &p, float min_lod,
                              float max_lod) {
   const uint32_t F = t_float();
   const st_shader_filter &f = lk.l.shader_filter;
   lookup on_face = lk;  // the face's two coordinates, for lambda_with
   on_face.n = 2;
   coordinate c;
   if (!lk.find_operand(spv::ImageOperandsLodMask)) {
      const uint32_t v3 = t_fvec(3);
      uint32_t gx = 0, gy = 0;
      if (const image_operand *g = lk.find_operand(spv::ImageOperandsGradMask)) {
         gx = g->first, gy = g->second;
      } else if (is_implicit(lk.op)) {
         const uint32_t pv = e_.op(spv::OpCompositeConstruct, v3, std::span(p.data(), 3));
         gx = e_.op(spv::OpDPdx, v3, {pv});
         gy = e_.op(spv::OpDPdy, v3, {pv});
         if (const image_operand *bias = lk.find_operand(spv::ImageOperandsBiasMask)) {
            const uint32_t scale = ext(F, GLSLstd450Exp2, {bias->first});
            gx = e_.op(spv::OpVectorTimesScalar, v3, {gx, scale});
            gy = e_.op(spv::OpVectorTimesScalar, v3, {gy, scale});
         }
      }
      if (gx) {
         const auto face_grad = [&](uint32_t g) {
            std::array<uint32_t, 3> d{};
            for (unsigned k = 0; k < 3; ++k)
               d[k] = e_.op(spv::OpCompositeExtract, F, {g, k});
            const uint32_t dma = dot3(face.m, d), ma2 = e_.op(spv::OpFMul, F, {face.ma, face.ma});
            const auto quotient = [&](uint32_t coord, uint32_t dcoord) {
               const uint32_t num = e_.op(spv::OpFSub, F, {e_.op(spv::OpFMul, F, {face.ma, dcoord}),
                                                           e_.op(spv::OpFMul, F, {coord, dma})});
               return e_.op(spv::OpFMul, F, {e_.op(spv::OpFDiv, F, {num, ma2}), c_float(0.5f)});
            };
            const std::array<uint32_t, 2> st = {quotient(face.sc, dot3(face.s, d)), quotient(face.tc, dot3(face.t, d))};
            return e_.op(spv::OpCompositeConstruct, t_fvec(2), std::span(st.data(), 2));
         };
         c.grad_x = face_grad(gx);
         c.grad_y = face_grad(gy);
         c.size[0] = c.size[1] = cube_face_size(lk, c_int(0));
      }
   }
   return lambda_with(on_face, c, f.lod_bias, min_lod, max_lod);
}

// The direction of the centre of texel (i, j) of the face at a level of size w (floats holding
// integers; i or j may lie one past the face).
uint32_t lowerer::cube_direction(const cube_face &face, uint32_t size, uint32_t i, uint32_t j) {
   const uint32_t F = t_float();
   const auto centre = [&](uint32_t k) {
      return e_.op(spv::OpFSub, F, {e_.op(spv::OpFAdd, F, {e_.op(spv::OpFMul, F, {k, c_float(2.0f)}), c_float(1.0f)}),
                                    size});
   };
   const uint32_t a = centre(i), b = centre(j);
   std::array<uint32_t, 3> d{};
   for (unsigned k = 0; k < 3; ++k)
      d[k] = e_.op(spv::OpFAdd, F, {e_.op(spv::OpFAdd, F, {e_.op(spv::OpFMul, F, {face.m[k], size}),
                                                           e_.op(spv::OpFMul, F, {face.s[k], a})}),
                                    e_.op(spv::OpFMul, F, {face.t[k], b})});
   return e_.op(spv::OpCompositeConstruct, t_fvec(3), std::span(d.data(), 3));
}

// GL 4.6 §8.14.2's wrap of an integer texel coordinate i on a face of size w (table 8.20), and
// whether the texel is a border texel (*border: a bool id, or 0 for wraps that never read it):
// CLAMP_TO_BORDER past the face; GL_CLAMP past it when LINEAR (NEAREST clamps to the edge); the
// EXT mirror clamps as those two; MIRROR_CLAMP_TO_EDGE takes mirror(i) = i < 0 ? −1 − i : i. A
// border texel's index is clamped (the lookup's value is replaced).
uint32_t lowerer::cube_wrap(pipe_tex_wrap wrap, uint32_t i, uint32_t size, uint32_t nearest, uint32_t *border) {
   const uint32_t F = t_float(), B = t_bool();
   *border = 0;
   const uint32_t last = e_.op(spv::OpFSub, F, {size, c_float(1.0f)});
   const auto modulo = [&](uint32_t period) {  // i mod period, in [0, period)
      const uint32_t q = ext(F, GLSLstd450Floor, {e_.op(spv::OpFDiv, F, {i, period})});
      return e_.op(spv::OpFSub, F, {i, e_.op(spv::OpFMul, F, {q, period})});
   };
   const auto mirror = [&] {
      return e_.op(spv::OpSelect, F, {e_.op(spv::OpFOrdLessThan, B, {i, c_float(0.0f)}),
                                      e_.op(spv::OpFSub, F, {c_float(-1.0f), i}), i});
   };
   const auto linear_only = [&](uint32_t b) {
      return e_.op(spv::OpLogicalAnd, B, {e_.op(spv::OpLogicalNot, B, {nearest}), b});
   };
   switch (wrap) {
   case PIPE_TEX_WRAP_REPEAT: return modulo(size);
   case PIPE_TEX_WRAP_MIRROR_REPEAT: {
      const uint32_t period = e_.op(spv::OpFMul, F, {size, c_float(2.0f)});
      const uint32_t m = modulo(period);
      const uint32_t back = e_.op(spv::OpFSub, F, {e_.op(spv::OpFSub, F, {period, c_float(1.0f)}), m});
      return e_.op(spv::OpSelect, F, {e_.op(spv::OpFOrdGreaterThanEqual, B, {m, size}), back, m});
   }
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE: return ext(F, GLSLstd450FMin, {mirror(), last});
   case PIPE_TEX_WRAP_CLAMP_TO_BORDER:
   case PIPE_TEX_WRAP_CLAMP:
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER:
   case PIPE_TEX_WRAP_MIRROR_CLAMP: {
      // A face coordinate is never negative, so the EXT mirror clamps (defined on |u|) are the
      // clamps themselves here.
      const uint32_t outside = e_.op(spv::OpLogicalOr, B, {e_.op(spv::OpFOrdLessThan, B, {i, c_float(0.0f)}),
                                                          e_.op(spv::OpFOrdGreaterThanEqual, B, {i, size})});
      const bool linear_reads_only = wrap == PIPE_TEX_WRAP_CLAMP || wrap == PIPE_TEX_WRAP_MIRROR_CLAMP;
      *border = linear_reads_only ? linear_only(outside) : outside;
      return ext(F, GLSLstd450FClamp, {i, c_float(0.0f), last});
   }
   default: return ext(F, GLSLstd450FClamp, {i, c_float(0.0f), last});  // CLAMP_TO_EDGE
   }
}

// `condition ? a : b` for two vectors of the lookup's result type, component by component (an
// OpSelect with a vector result takes a vector condition before SPIR-V 1.4).
uint32_t lowerer::select_components(const lookup &lk, uint32_t condition, uint32_t a, uint32_t b) {
   const uint32_t result_type = m_.word(lk.inst, 1);
   if (result_type == t_float())  // a depth-compare result
      return e_.op(spv::OpSelect, result_type, {condition, a, b});
   const uint32_t component = m_.word(m_.def(result_type), 2);
   std::array<uint32_t, 4> v{};
   for (unsigned k = 0; k < 4; ++k)
      v[k] = e_.op(spv::OpSelect, component, {condition, e_.op(spv::OpCompositeExtract, component, {a, k}),
                                              e_.op(spv::OpCompositeExtract, component, {b, k})});
   return e_.op(spv::OpCompositeConstruct, result_type, std::span(v.data(), 4));
}

// The key's border texel as a constant vector of the result type (float, or integer bits); for a
// depth-compare lookup, 1.0 where D_ref passes the key's function against the border's depth, else 0.0.
uint32_t lowerer::cube_border_value(const lookup &lk) {
   const uint32_t result_type = m_.word(lk.inst, 1);
   const st_shader_filter &f = lk.l.shader_filter;
   if (lk.dref) {
      const uint32_t F = t_float();
      float d_t;
      std::memcpy(&d_t, &f.cube_border[0], sizeof d_t);
      uint32_t d_ref = lk.extra_operand;
      if (f.compare_clamps_ref) {
         d_t = std::clamp(d_t, 0.0f, 1.0f);
         d_ref = ext(F, GLSLstd450NClamp, {d_ref, c_float(0.0f), c_float(1.0f)});
      }
      spv::Op test = spv::OpNop;
      switch (f.compare_func) {
      case PIPE_FUNC_NEVER: return c_float(0.0f);
      case PIPE_FUNC_ALWAYS: return c_float(1.0f);
      case PIPE_FUNC_LESS: test = spv::OpFOrdLessThan; break;
      case PIPE_FUNC_EQUAL: test = spv::OpFOrdEqual; break;
      case PIPE_FUNC_LEQUAL: test = spv::OpFOrdLessThanEqual; break;
      case PIPE_FUNC_GREATER: test = spv::OpFOrdGreaterThan; break;
      case PIPE_FUNC_NOTEQUAL: test = spv::OpFUnordNotEqual; break;
      case PIPE_FUNC_GEQUAL: test = spv::OpFOrdGreaterThanEqual; break;
      }
      const uint32_t pass = e_.op(test, t_bool(), {d_ref, c_float(d_t)});
      return e_.op(spv::OpSelect, F, {pass, c_float(1.0f), c_float(0.0f)});
   }
   const uint32_t component = m_.word(m_.def(result_type), 2);
   std::array<uint32_t, 4> c{};
   for (unsigned k = 0; k < 4; ++k) {
      const uint32_t bits = f.cube_border[k];
      if (component == t_float()) {
         float v;
         std::memcpy(&v, &bits, sizeof v);
         c[k] = c_float(v);
      } else {
         c[k] = c_int(static_cast<int32_t>(bits));
         if (component != globals().t_int())
            c[k] = e_.op(spv::OpBitcast, component, {c[k]});  // unsigned
      }
   }
   return e_.op(spv::OpCompositeConstruct, result_type, std::span(c.data(), 4));
}

// The taps of one level (as filter_level_taps), read along their centres' directions.
uint32_t lowerer::cube_level_taps(const lookup &lk, const cube_face &face, uint32_t layer, uint32_t level,
                                  uint32_t linear, uint32_t level_weight, uint32_t acc, bool integer) {
   const uint32_t F = t_float(), B = t_bool();
   const uint32_t result_type = m_.word(lk.inst, 1);
   const st_shader_filter &f = lk.l.shader_filter;
   const uint32_t w = cube_face_size(lk, e_.op(spv::OpConvertFToS, globals().t_int(), {level}));
   const uint32_t last = e_.op(spv::OpFSub, F, {w, c_float(1.0f)});
   const uint32_t half_linear = e_.op(spv::OpFMul, F, {linear, c_float(0.5f)});
   const uint32_t nearest = e_.op(spv::OpFOrdEqual, B, {linear, c_float(0.0f)});
   std::array<uint32_t, 2> first{}, alpha{};
   const std::array<uint32_t, 2> coords = {face.fs, face.ft};
   for (unsigned k = 0; k < 2; ++k) {
      const uint32_t a = e_.op(spv::OpFSub, F, {e_.op(spv::OpFMul, F, {coords[k], w}), half_linear});
      first[k] = ext(F, GLSLstd450Floor, {a});
      alpha[k] = e_.op(spv::OpFMul, F, {e_.op(spv::OpFSub, F, {a, first[k]}), linear});
      if (f.cube_seamless)  // NEAREST on a seamless face is CLAMP_TO_EDGE (s = 1 gives u = w)
         first[k] = e_.op(spv::OpSelect, F, {nearest, ext(F, GLSLstd450FClamp, {first[k], c_float(0.0f), last}), first[k]});
   }
   const auto read = [&](uint32_t i, uint32_t j) {
      uint32_t coord = cube_direction(face, w, i, j);
      if (lk.layers) {
         std::array<uint32_t, 4> v{};
         for (unsigned k = 0; k < 3; ++k)
            v[k] = e_.op(spv::OpCompositeExtract, F, {coord, k});
         v[3] = layer;
         coord = e_.op(spv::OpCompositeConstruct, t_fvec(4), std::span(v.data(), 4));
      }
      return sample_tap(lk, coord, level);
   };
   uint32_t border_value = 0;
   for (unsigned tap = 0; tap < (integer ? 1u : 4u); ++tap) {
      std::array<uint32_t, 2> idx{};
      uint32_t weight = level_weight;
      for (unsigned k = 0; k < 2; ++k) {
         const bool second = (tap >> k & 1u) != 0;
         idx[k] = second ? e_.op(spv::OpFAdd, F, {first[k], c_float(1.0f)}) : first[k];
         weight = e_.op(spv::OpFMul, F, {weight, second ? alpha[k] : e_.op(spv::OpFSub, F, {c_float(1.0f), alpha[k]})});
      }
      uint32_t value = 0;
      if (!f.cube_seamless) {
         uint32_t border_s = 0, border_t = 0;
         const uint32_t i = cube_wrap(f.cube_wrap_s, idx[0], w, nearest, &border_s);
         const uint32_t j = cube_wrap(f.cube_wrap_t, idx[1], w, nearest, &border_t);
         value = read(i, j);
         if (border_s || border_t) {
            // A border texel reads the key's colour: per component, as OpSelect takes scalars.
            const uint32_t border = border_s && border_t ? e_.op(spv::OpLogicalOr, B, {border_s, border_t})
                                                         : (border_s ? border_s : border_t);
            if (!border_value)
               border_value = cube_border_value(lk);  // once per level
            value = select_components(lk, border, border_value, value);
         }
      } else if (integer) {
         value = read(idx[0], idx[1]);  // NEAREST, clamped above
      } else {
         // One past an edge: the adjacent face's texel (the direction points into it); past both:
         // the average of the corner's three texels.
         const uint32_t ic = ext(F, GLSLstd450FClamp, {idx[0], c_float(0.0f), last});
         const uint32_t jc = ext(F, GLSLstd450FClamp, {idx[1], c_float(0.0f), last});
         const uint32_t across_s = read(idx[0], jc), across_t = read(ic, idx[1]), inside = read(ic, jc);
         const uint32_t i_out = e_.op(spv::OpFOrdNotEqual, B, {idx[0], ic});
         const uint32_t j_out = e_.op(spv::OpFOrdNotEqual, B, {idx[1], jc});
         const uint32_t corner = e_.op(spv::OpLogicalAnd, B, {i_out, j_out});
         const uint32_t sum = e_.op(spv::OpFAdd, result_type, {e_.op(spv::OpFAdd, result_type, {across_s, across_t}), inside});
         const uint32_t three = c_float(3.0f);
         const uint32_t average =
            e_.op(spv::OpFDiv, result_type, {sum, e_.op(spv::OpCompositeConstruct, result_type, {three, three, three, three})});
         // Selected, not mixed: an infinite texel among the reads not taken must not leak in.
         value = select_components(lk, corner, average, select_components(lk, i_out, across_s, across_t));
      }
      acc = combine_tap(lk, acc, value, weight, integer);
   }
   return acc;
}

// The lookup replaced by the cube filter: face, λ, the level(s) and their taps, the sum copied
// into the result id (its type checked by lower_shader_filter).
bool lowerer::lower_cube_filter(lookup *lk, bool integer) {
   const uint32_t F = t_float();
   const st_shader_filter &f = lk->l.shader_filter;
   if (lk->dref && f.cube_seamless)
      return fail("The key asks the cube filter for the depth-compare " + where(*lk) + " on a seamless cube map; its "
                  "corner texels average depths before the compare, which compared taps cannot give.");
   const uint32_t ct = m_.type_of(lk->coord);
   const long ctd = m_.def(ct);
   const unsigned width = ctd >= 0 && m_.op(ctd) == spv::OpTypeVector && m_.word(ctd, 2) == F ? m_.word(ctd, 3) : 0;
   if (width < 3 + lk->layers)
      return fail("The coordinate of " + where(*lk) + " is not a " + std::to_string(3 + lk->layers) +
                  "-component float vector, as its cube image needs.");
   std::array<uint32_t, 3> p{};
   for (unsigned k = 0; k < 3; ++k)
      p[k] = e_.op(spv::OpCompositeExtract, F, {lk->coord, k});
   uint32_t layer = 0;
   if (lk->layers) {
      layer = e_.op(spv::OpCompositeExtract, F, {lk->coord, 3});
      if (lk->round_layer)
         layer = gl_array_layer(layer);  // rule 14
   }
   const cube_face face = select_cube_face(p);
   const filter_levels lv = levels_for(*lk, cube_lambda(*lk, face, p, f.min_lod, f.max_lod), false);
   uint32_t acc = 0;
   if (lv.d2) {
      acc = cube_level_taps(*lk, face, layer, lv.d1, lv.linear, e_.op(spv::OpFSub, F, {c_float(1.0f), lv.w2}), acc,
                            integer);
      acc = cube_level_taps(*lk, face, layer, lv.d2, lv.linear, lv.w2, acc, integer);
   } else {
      acc = cube_level_taps(*lk, face, layer, lv.d1, lv.linear, c_float(1.0f), acc, integer);
   }
   filter_result(*lk, acc);
   return true;
}

}  // namespace clampler::spirv
