// spirv_lower_lookup: one sampling instruction's rewrite — operands parsed, coordinate lowered (GL_CLAMP, mirror, nearest edge), shadow result swizzled.
#include "spirv_lookup.h"
#include "spirv_lowerer.h"

#include <spirv/unified1/GLSL.std.450.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace clampler::spirv {

bool is_sample_op(spv::Op op) {
   switch (op) {
   case spv::OpImageSampleImplicitLod:
   case spv::OpImageSampleExplicitLod:
   case spv::OpImageSampleDrefImplicitLod:
   case spv::OpImageSampleDrefExplicitLod:
   case spv::OpImageSampleProjImplicitLod:
   case spv::OpImageSampleProjExplicitLod:
   case spv::OpImageSampleProjDrefImplicitLod:
   case spv::OpImageSampleProjDrefExplicitLod:
   case spv::OpImageGather:
   case spv::OpImageDrefGather: return true;
   default: return false;
   }
}

bool is_sparse_sample_op(spv::Op op) {
   switch (op) {
   case spv::OpImageSparseSampleImplicitLod:
   case spv::OpImageSparseSampleExplicitLod:
   case spv::OpImageSparseSampleDrefImplicitLod:
   case spv::OpImageSparseSampleDrefExplicitLod:
   case spv::OpImageSparseSampleProjImplicitLod:
   case spv::OpImageSparseSampleProjExplicitLod:
   case spv::OpImageSparseSampleProjDrefImplicitLod:
   case spv::OpImageSparseSampleProjDrefExplicitLod:
   case spv::OpImageSparseGather:
   case spv::OpImageSparseDrefGather: return true;
   default: return false;
   }
}

namespace {

bool is_dref(spv::Op op) {
   return op == spv::OpImageSampleDrefImplicitLod || op == spv::OpImageSampleDrefExplicitLod ||
          op == spv::OpImageSampleProjDrefImplicitLod || op == spv::OpImageSampleProjDrefExplicitLod ||
          op == spv::OpImageDrefGather;
}
bool is_gather(spv::Op op) { return op == spv::OpImageGather || op == spv::OpImageDrefGather; }

// The opcode a lowered lookup uses: explicit LOD (gradients), no projection.
spv::Op lowered_op(spv::Op op) {
   if (is_gather(op))
      return op;
   return is_dref(op) ? spv::OpImageSampleDrefExplicitLod : spv::OpImageSampleExplicitLod;
}

// Operand words each image-operand bit takes (-1: a bit the pass does not know).
int image_operand_words(uint32_t bit) {
   switch (bit) {
   case spv::ImageOperandsGradMask: return 2;
   case spv::ImageOperandsBiasMask:
   case spv::ImageOperandsLodMask:
   case spv::ImageOperandsConstOffsetMask:
   case spv::ImageOperandsOffsetMask:
   case spv::ImageOperandsConstOffsetsMask:
   case spv::ImageOperandsSampleMask:
   case spv::ImageOperandsMinLodMask:
   case spv::ImageOperandsMakeTexelAvailableMask:
   case spv::ImageOperandsMakeTexelVisibleMask:
   case spv::ImageOperandsOffsetsMask: return 1;
   case spv::ImageOperandsNonPrivateTexelMask:
   case spv::ImageOperandsVolatileTexelMask:
   case spv::ImageOperandsSignExtendMask:
   case spv::ImageOperandsZeroExtendMask:
   case spv::ImageOperandsNontemporalMask: return 0;
   default: return -1;
   }
}

}  // namespace

uint32_t lowerer::ext(uint32_t type, GLSLstd450 inst, std::initializer_list<uint32_t> args) {
   const uint32_t set = globals().glsl();
   const uint32_t id = e_.fresh();
   code_.push_back(static_cast<uint32_t>((args.size() + 5) << 16) | spv::OpExtInst);
   code_.insert(code_.end(), {type, id, set, static_cast<uint32_t>(inst)});
   code_.insert(code_.end(), args.begin(), args.end());
   return id;
}

// "lookup %<result id>", for error sentences only.
std::string lowerer::where(const lookup &lk) const { return "lookup %" + std::to_string(m_.word(lk.inst, 2)); }

// One sampling instruction: parsed, its coordinate lowered, rewritten and its shadow result
// swizzled; *lowered false when the key leaves it as it is.
bool lowerer::lower_lookup(size_t i, bool *lowered) {
   *lowered = false;
   lookup lk;
   bool lowers = false;
   if (!parse_sampler(i, &lk, &lowers))
      return false;
   if (!lowers)
      return true;
   if (!parse_image_type(&lk, &lowers))
      return false;
   if (!lowers)
      return true;
   if (lk.op == spv::OpImageQueryLod) {
      // A query reads no texel: only a shader-filtered unit's answer differs from GL's.
      if (!lk.shader_filter)
         return true;
      const size_t code_begin = code_.size();
      lk.coord = m_.word(i, 4);
      if (!lower_query_lod(&lk))
         return false;
      replaced_.push_back({i, {code_begin, code_.size()}});
      *lowered = true;
      return true;
   }
   if (!parse_image_operands(&lk))
      return false;

   const size_t code_begin = code_.size();
   lk.coord = m_.word(i, 4);
   lk.extra_operand = lk.extra ? m_.word(i, 5) : 0;
   lk.new_op = lk.op;
   lk.new_mask = lk.mask;
   if (lk.shader_filter) {
      if (!lower_shader_filter(&lk))
         return false;
      replaced_.push_back({i, {code_begin, code_.size()}});
      *lowered = true;
      return true;
   }
   const bool rebuilt = lk.coord_bits != 0 || lk.switch_lod;
   if (rebuilt && !lower_coordinate(&lk))
      return false;
   if (lk.round_layer) {
      // Rule 14: only the layer component changes (any components after it stay).
      const uint32_t type = rebuilt ? t_fvec(lk.n + lk.layers) : m_.type_of(lk.coord);
      const uint32_t t = e_.op(spv::OpCompositeExtract, t_float(), {lk.coord, lk.layer_at});
      lk.coord = e_.op(spv::OpCompositeInsert, type, {gl_array_layer(t), lk.coord, lk.layer_at});
   }
   const uint32_t value = emit_lookup(lk);
   if (lk.shadow)
      swizzle_shadow_result(lk, value);
   replaced_.push_back({i, {code_begin, code_.size()}});
   *lowered = true;
   return true;
}

// The lookup's kind, its sampler index and what the key asks for it; *lowers false when the
// key asks nothing of it.
bool lowerer::parse_sampler(size_t i, lookup *lk, bool *lowers) {
   *lowers = false;
   const spv::Op op = m_.op(i);
   lk->inst = i;
   lk->op = op;
   const bool sparse = is_sparse_sample_op(op);
   lk->dref = is_dref(op) || op == spv::OpImageSparseSampleDrefImplicitLod ||
              op == spv::OpImageSparseSampleDrefExplicitLod || op == spv::OpImageSparseSampleProjDrefImplicitLod ||
              op == spv::OpImageSparseSampleProjDrefExplicitLod || op == spv::OpImageSparseDrefGather;
   lk->gather = is_gather(op) || op == spv::OpImageSparseGather || op == spv::OpImageSparseDrefGather;
   lk->extra = (lk->dref || lk->gather) ? 1 : 0;
   lk->ops_at = 5 + lk->extra;
   if (m_.word_count(i) < lk->ops_at)
      return fail("The " + where(*lk) + " is too short for its operands.");

   // Which sampler index, and what the key asks for it.
   const auto [variable, through_array] = tracer_.trace(m_.word(i, 3));
   if (variable == 0) {
      // Rule 14 alone never refuses (docs/lowering.md): such a lookup keeps the device's layer.
      st_shader_key others = o_.key;
      others.round_layer = 0;
      if (others.empty())
         return true;
      return fail("The sampled image of " + where(*lk) + " cannot be traced to a descriptor variable.");
   }
   const uint32_t index = tracer_.sampler_index(variable);
   if (index == spirv_sampler_tracer::no_index)
      return true;
   const st_sampler_lowering l = o_.key.unit(index);
   const bool other = l.saturate != 0 || l.abs != 0 || l.nearest_edge != ST_NEAREST_EDGE_NONE ||
                      l.has_shadow_swizzle || l.has_shader_filter || l.min_mag_switch;
   if (!other && !l.round_layer)
      return true;
   // Rule 14 alone is left out where the pass cannot lower (docs/lowering.md): the device's
   // round-to-even layer, not a refusal.
   if (!other && (through_array || sparse))
      return true;
   if (through_array)
      return fail("The " + where(*lk) + " samples an array of samplers at a lowered sampler index " +
                  std::to_string(index) + "; arrays of samplers are not lowered.");
   if (sparse)
      return fail("The " + where(*lk) + " is a sparse lookup on lowered sampler index " + std::to_string(index) +
                  "; sparse lookups are not lowered.");
   lk->index = index;
   lk->l = l;
   *lowers = true;
   return true;
}

// The image type: dimensionality and arrayedness, and so the components the key lowers;
// *lowers false for buffers and subpass data, or when the key asks nothing of this image.
bool lowerer::parse_image_type(lookup *lk, bool *lowers) {
   *lowers = false;
   const uint32_t si = m_.word(lk->inst, 3);
   const long st = m_.def(m_.type_of(si));
   if (st < 0 || m_.op(st) != spv::OpTypeSampledImage)
      return fail("The sampled image operand of " + where(*lk) + " is not of a sampled image type.");
   const uint32_t image_type = m_.word(st, 2);
   const long it = m_.def(image_type);
   if (it < 0 || m_.op(it) != spv::OpTypeImage || m_.word_count(it) < 9)
      return fail("The sampled image type of " + where(*lk) + " does not name an image type.");
   // The word is checked before it becomes a spv::Dim (a value outside the enumeration is not one).
   const uint32_t dim_word = m_.word(it, 3);
   if (dim_word > spv::DimSubpassData)
      return fail("The image type of " + where(*lk) + " has dimensionality " + std::to_string(dim_word) +
                  ", which SPIR-V does not define.");
   const auto dim = static_cast<spv::Dim>(dim_word);
   const bool arrayed = m_.word(it, 5) != 0;
   unsigned n = 0;
   switch (dim) {
   case spv::Dim1D: n = 1; break;
   case spv::Dim2D:
   case spv::DimRect: n = 2; break;
   case spv::Dim3D: n = 3; break;
   case spv::DimCube: n = 0; break;  // coordinates never lowered (docs/rules.md §8); shadow results are
   default: return true;             // buffers, subpass data
   }
   const st_sampler_lowering &l = lk->l;
   lk->si = si;
   lk->image_type = image_type;
   lk->dim = dim;
   lk->n = n;
   lk->layers = arrayed ? 1 : 0;
   lk->coord_bits = static_cast<uint8_t>((l.saturate | l.abs) & ((1u << n) - 1));
   lk->shadow = l.has_shadow_swizzle && lk->dref && !lk->gather;
   lk->unnormalized_sampler = dim != spv::DimRect && (o_.unnormalized >> lk->index & 1u) != 0;  // a 2D image
   // A Dref lookup takes the filter only on a compare unit's key, a non-Dref one only on another's:
   // the other two (GL leaves their results undefined) stay the device's. textureQueryLod either way.
   lk->shader_filter = l.has_shader_filter && !lk->gather &&
                       (lk->op == spv::OpImageQueryLod || lk->dref == l.shader_filter.compare);
   lk->switch_lod = l.min_mag_switch && !lk->gather && n != 0 && !lk->shader_filter;
   lk->round_layer = l.round_layer && arrayed;
   lk->layer_at = dim == spv::DimCube ? 3 : n;
   *lowers = lk->coord_bits != 0 || lk->shadow || lk->shader_filter || lk->switch_lod || lk->round_layer;
   return true;
}

// Image operands, in bit order.
bool lowerer::parse_image_operands(lookup *lk) {
   const size_t i = lk->inst;
   const unsigned ops_at = lk->ops_at;
   lk->has_mask = m_.word_count(i) > ops_at;
   lk->mask = lk->has_mask ? m_.word(i, ops_at) : 0;
   unsigned at = lk->has_mask ? ops_at + 1 : ops_at;
   for (uint32_t rest = lk->mask; rest != 0; rest &= rest - 1) {
      const uint32_t bit = rest & (~rest + 1);
      const int count = image_operand_words(bit);
      if (count < 0)
         return fail("The " + where(*lk) + " has an image operand (mask bit " + std::to_string(bit) +
                     ") the pass does not know.");
      if (at + static_cast<unsigned>(count) > m_.word_count(i))
         return fail("The " + where(*lk) + " is too short for its image operands.");
      if (lk->operand_count == lk->operands.size())
         return fail("The " + where(*lk) + " has more image operands than the pass knows.");
      lk->operands[lk->operand_count++] = {bit, count > 0 ? m_.word(i, at) : 0, count > 1 ? m_.word(i, at + 1) : 0};
      at += static_cast<unsigned>(count);
   }
   if (at != m_.word_count(i))
      return fail("The " + where(*lk) + " has words after its image operands.");
   return true;
}

// The coordinate lowering: components out (projected), gradients that keep the LOD, then the
// per-key rewrites — offsets folded, abs for mirror, saturate or the RECT clamp, nearest_edge's
// select — and the components back into one coordinate.
bool lowerer::lower_coordinate(lookup *lk) {
   coordinate c;
   if (!extract_coordinate(*lk, &c))
      return false;
   if (is_proj(lk->op))
      project_coordinate(lk, &c);
   compute_gradients(lk, &c);
   if (!lk->gather)
      lk->new_op = lowered_op(lk->op);

   c.rect = lk->dim == spv::DimRect || lk->unnormalized_sampler;
   c.sat_bits = static_cast<uint8_t>(lk->l.saturate & lk->coord_bits);
   c.nearest = c.sat_bits != 0 && !lk->gather && lk->l.nearest_edge != ST_NEAREST_EDGE_NONE;
   if (!find_offset(*lk, &c))
      return false;
   const bool lambda_from_grads = (c.nearest || lk->switch_lod) && !c.rect && c.grad_x &&
                                  !lk->find_operand(spv::ImageOperandsLodMask);
   if ((c.sat_bits != 0 && (c.rect || c.nearest)) || (c.offset && !c.rect) || lambda_from_grads)
      query_size(*lk, &c);
   if (c.nearest || lk->switch_lod)
      c.device_lambda = device_lambda(*lk, c);
   if (c.nearest)
      c.is_nearest = nearest_condition(*lk, c);
   if (lk->switch_lod)
      apply_min_mag_switch(lk, c);

   // The coordinate lowering itself.
   if (c.offset && c.rect)
      fold_texel_offset(lk, &c);
   for (unsigned j = 0; j < lk->n; ++j)
      if (lk->coord_bits >> j & 1u)
         c.comps[j] = lower_component(*lk, c, j);
   const unsigned ncomps = lk->n + lk->layers;
   lk->coord = ncomps == 1 ? c.comps[0]
                           : e_.op(spv::OpCompositeConstruct, t_fvec(ncomps), std::span(c.comps.data(), ncomps));
   return true;
}

// The coordinate's components the image needs (with q when projected), checked against its type.
bool lowerer::extract_coordinate(const lookup &lk, coordinate *c) {
   const uint32_t F = t_float();
   const uint32_t coord = lk.coord;
   const uint32_t ctype = m_.type_of(coord);
   unsigned k = 0;
   if (ctype == F) {
      k = 1;
   } else {
      const long ct = m_.def(ctype);
      if (ct >= 0 && m_.op(ct) == spv::OpTypeVector && m_.word(ct, 2) == F)
         k = m_.word(ct, 3);
   }
   const unsigned needed = lk.n + lk.layers + (is_proj(lk.op) ? 1 : 0);
   if (k == 0)
      return fail("The coordinate of " + where(lk) + " is not a 32-bit float scalar or vector.");
   if (k < needed)
      return fail("The coordinate of " + where(lk) + " has " + std::to_string(k) + " components; the image needs " +
                  std::to_string(needed) + ".");
   if (needed > 4)
      return fail("The image of " + where(lk) + " has more coordinates than SPIR-V images have.");
   for (unsigned j = 0; j < needed; ++j)
      c->comps[j] = k == 1 ? coord : e_.op(spv::OpCompositeExtract, F, {coord, j});
   return true;
}

// Rule 14: GL's array layer ⌊t + ½⌋ (GL 4.6 §8.14.2; clamped to the layers by the device), an
// integer that the device's round-to-even then keeps.
uint32_t lowerer::gl_array_layer(uint32_t t) {
   const uint32_t F = t_float();
   return ext(F, GLSLstd450Floor, {e_.op(spv::OpFAdd, F, {t, c_float(0.5f)})});
}

// Projection: the components divided by q, the reference too.
void lowerer::project_coordinate(lookup *lk, coordinate *c) {
   const uint32_t F = t_float();
   const unsigned n = lk->n;
   const uint32_t q = c->comps[n];
   for (unsigned j = 0; j < n; ++j)
      c->comps[j] = e_.op(spv::OpFDiv, F, {c->comps[j], q});
   if (lk->dref)
      lk->extra_operand = e_.op(spv::OpFDiv, F, {lk->extra_operand, q});
}

// Gradients of the unclamped coordinate keep the LOD (and anisotropy) of an implicit lookup;
// an explicit Grad is kept for nearest_edge's λ.
void lowerer::compute_gradients(lookup *lk, coordinate *c) {
   const uint32_t mask = lk->mask;
   if (is_implicit(lk->op) && lk->unnormalized_sampler) {
      // Vulkan's unnormalized samplers take explicit LOD 0 only; they have one level and
      // equal filters, so the implicit λ decided nothing.
      lk->new_lod = c_float(0.0f);
      // MinLod goes too: SPIR-V allows it only with implicit LOD or gradients.
      lk->new_mask = (mask & ~static_cast<uint32_t>(spv::ImageOperandsBiasMask | spv::ImageOperandsMinLodMask)) |
                     spv::ImageOperandsLodMask;
   } else {
      lookup_gradients(*lk, c);
      if (is_implicit(lk->op)) {
         lk->new_mask = (mask & ~static_cast<uint32_t>(spv::ImageOperandsBiasMask)) | spv::ImageOperandsGradMask;
         lk->new_grad_x = c->grad_x;
         lk->new_grad_y = c->grad_y;
      }
   }
}

// The gradients λ comes from: an implicit lookup's, of the unclamped (projected) coordinate, its
// Bias folded in — λ = log2(ρ) + bias = log2(ρ · 2^bias), so scaling both by 2^bias is the same
// LOD —, or a Grad operand's; none for an explicit Lod.
void lowerer::lookup_gradients(const lookup &lk, coordinate *c) {
   const uint32_t F = t_float();
   const unsigned n = lk.n;
   if (is_implicit(lk.op)) {
      const uint32_t vn = t_fvec(n);
      const uint32_t p = n == 1 ? c->comps[0] : e_.op(spv::OpCompositeConstruct, vn, std::span(c->comps.data(), n));
      c->grad_x = e_.op(spv::OpDPdx, vn, {p});
      c->grad_y = e_.op(spv::OpDPdy, vn, {p});
      if (const image_operand *bias = lk.find_operand(spv::ImageOperandsBiasMask)) {
         const uint32_t scale = ext(F, GLSLstd450Exp2, {bias->first});
         const spv::Op mul = n == 1 ? spv::OpFMul : spv::OpVectorTimesScalar;
         c->grad_x = e_.op(mul, vn, {c->grad_x, scale});
         c->grad_y = e_.op(mul, vn, {c->grad_y, scale});
      }
   } else if (const image_operand *g = lk.find_operand(spv::ImageOperandsGradMask)) {
      c->grad_x = g->first;
      c->grad_y = g->second;
   }
}

// A texel offset is folded into the lowered components (lower_component, fold_texel_offset):
// it must be an integer per coordinate.
bool lowerer::find_offset(const lookup &lk, coordinate *c) {
   const image_operand *offset = lk.find_operand(spv::ImageOperandsConstOffsetMask);
   if (!offset)
      offset = lk.find_operand(spv::ImageOperandsOffsetMask);
   c->offset = offset;
   if (!offset)
      return true;
   const unsigned n = lk.n;
   const uint32_t ot = m_.type_of(offset->first);
   const long od = m_.def(ot);
   const long cd = od >= 0 && m_.op(od) == spv::OpTypeVector ? m_.def(m_.word(od, 2)) : od;
   if (cd < 0 || m_.op(cd) != spv::OpTypeInt)
      return fail("The offset of " + where(lk) + " is not an integer scalar or vector.");
   if ((od == cd) != (n == 1) || (od != cd && m_.word(od, 3) < n))
      return fail("The offset of " + where(lk) + " does not have one component per coordinate.");
   c->offset_component_type = m_.word(cd, 1);
   return true;
}

// Level-0 size of the view, as floats, when a bound or an offset depends on it.
void lowerer::query_size(const lookup &lk, coordinate *c) {
   const uint32_t F = t_float();
   globals().need_image_query();
   const unsigned n = lk.n;
   const unsigned count = n + lk.layers;
   const uint32_t image = e_.op(spv::OpImage, lk.image_type, {lk.si});
   const uint32_t isize = lk.dim == spv::DimRect ? e_.op(spv::OpImageQuerySize, t_ivec(count), {image})
                                                 : e_.op(spv::OpImageQuerySizeLod, t_ivec(count), {image, c_int(0)});
   const uint32_t fsize = e_.op(spv::OpConvertSToF, t_fvec(count), {isize});
   for (unsigned j = 0; j < n; ++j)
      c->size[j] = count == 1 ? fsize : e_.op(spv::OpCompositeExtract, F, {fsize, j});
}

// λ as the device computes it for this lookup, with the sampler's LOD values (options.lod).
uint32_t lowerer::device_lambda(const lookup &lk, const coordinate &c) {
   const spirv_sampler_lod &lod = o_.lod[lk.index];
   return lambda_with(lk, c, lod.lod_bias, lod.min_lod, lod.max_lod);
}

// λ of a lookup: its LOD, or log2 of the longest gradient in texels of level 0 (as GL 4.6 §8.14.1
// and Vulkan compute it), plus `bias`, at least a MinLod operand, clamped to [min_lod, max_lod].
uint32_t lowerer::lambda_with(const lookup &lk, const coordinate &c, float bias, float min_lod, float max_lod) {
   const uint32_t F = t_float();
   const unsigned n = lk.n;
   uint32_t lambda = 0;
   if (lk.new_lod) {
      lambda = lk.new_lod;
   } else if (const image_operand *lod = lk.find_operand(spv::ImageOperandsLodMask)) {
      lambda = lod->first;
   } else if (c.grad_x) {
      // Normalized gradients scale by the level-0 size; unnormalized ones are in texels already.
      const uint32_t vn = t_fvec(n);
      uint32_t gx = c.grad_x, gy = c.grad_y;
      if (!c.rect) {
         const uint32_t sz = n == 1 ? c.size[0] : e_.op(spv::OpCompositeConstruct, vn, std::span(c.size.data(), n));
         gx = e_.op(spv::OpFMul, vn, {c.grad_x, sz});
         gy = e_.op(spv::OpFMul, vn, {c.grad_y, sz});
      }
      const uint32_t rx = ext(F, GLSLstd450Length, {gx});
      const uint32_t ry = ext(F, GLSLstd450Length, {gy});
      lambda = ext(F, GLSLstd450Log2, {ext(F, GLSLstd450FMax, {rx, ry})});
   } else {
      lambda = c_float(0.0f);
   }
   lambda = e_.op(spv::OpFAdd, F, {lambda, c_float(bias)});
   if (const image_operand *operand = lk.find_operand(spv::ImageOperandsMinLodMask))
      lambda = ext(F, GLSLstd450FMax, {lambda, operand->first});
   return ext(F, GLSLstd450FClamp, {lambda, c_float(min_lod), c_float(max_lod)});
}

// nearest_edge: is this lookup filtered NEAREST by the device? Magnified at λ ≤ 0, or at λ ≤ 0.5
// where the min/mag switch (rule 10) makes the device magnify those lookups too.
uint32_t lowerer::nearest_condition(const lookup &lk, const coordinate &c) {
   const uint32_t lambda = c.device_lambda;
   const uint32_t switch_point = c_float(lk.switch_lod ? 0.5f : 0.0f);
   return lk.l.nearest_edge == ST_NEAREST_EDGE_MAGNIFIED
             ? e_.op(spv::OpFOrdLessThanEqual, t_bool(), {lambda, switch_point})
             : e_.op(spv::OpFOrdGreaterThan, t_bool(), {lambda, switch_point});
}

// Rule 10: GL magnifies at 0 < λ ≤ 0.5 (c = 0.5), Vulkan minifies. Those lookups get an LOD, or
// gradients, that the device turns into λ = 0 (its min_lod, 0 here): LOD −1000, or zero gradients.
void lowerer::apply_min_mag_switch(lookup *lk, const coordinate &c) {
   const uint32_t F = t_float();
   const uint32_t lambda = c.device_lambda;
   const uint32_t between =
      e_.op(spv::OpLogicalAnd, t_bool(),
            {e_.op(spv::OpFOrdGreaterThan, t_bool(), {lambda, c_float(0.0f)}),
             e_.op(spv::OpFOrdLessThanEqual, t_bool(), {lambda, c_float(0.5f)})});
   if (const image_operand *lod = lk->find_operand(spv::ImageOperandsLodMask); lod && !lk->new_lod) {
      lk->new_lod = e_.op(spv::OpSelect, F, {between, c_float(-1000.0f), lod->first});
      return;
   }
   if (!c.grad_x)
      return;  // LOD 0 (an unnormalized sampler's): λ is not in between
   const uint32_t keep = e_.op(spv::OpSelect, F, {between, c_float(0.0f), c_float(1.0f)});
   const unsigned n = lk->n;
   const spv::Op mul = n == 1 ? spv::OpFMul : spv::OpVectorTimesScalar;
   lk->new_grad_x = e_.op(mul, t_fvec(n), {c.grad_x, keep});
   lk->new_grad_y = e_.op(mul, t_fvec(n), {c.grad_y, keep});
}

// Texel coordinates (Rect, unnormalized): the offset is added to every component and
// dropped from the lookup — exact, and Vulkan's unnormalized samplers take no offsets.
void lowerer::fold_texel_offset(lookup *lk, coordinate *c) {
   const uint32_t F = t_float();
   const unsigned n = lk->n;
   const image_operand *offset = c->offset;
   for (unsigned j = 0; j < n; ++j) {
      const uint32_t o = n == 1 ? offset->first : e_.op(spv::OpCompositeExtract, c->offset_component_type, {offset->first, j});
      c->comps[j] = e_.op(spv::OpFAdd, F, {c->comps[j], e_.op(spv::OpConvertSToF, F, {o})});
   }
   lk->new_mask &= ~static_cast<uint32_t>(spv::ImageOperandsConstOffsetMask | spv::ImageOperandsOffsetMask);
}

// Component j lowered: abs for mirror, then saturate ([0, 1], or [0, size] for texel
// coordinates) with nearest_edge's select of the last texel centre as the upper bound.
uint32_t lowerer::lower_component(const lookup &lk, const coordinate &c, unsigned j) {
   const uint32_t F = t_float();
   const unsigned n = lk.n;
   const bool rect = c.rect;
   uint32_t x = c.comps[j];
   // Normalized: GL wraps u = s·N + o, so the lowering works on t = s + o/N and gives back
   // t' − o/N; the device's t'·N − o + o is GL's wrapped u on level 0.
   uint32_t shift = 0;
   if (c.offset && !rect) {
      const uint32_t o = n == 1 ? c.offset->first : e_.op(spv::OpCompositeExtract, c.offset_component_type, {c.offset->first, j});
      shift = e_.op(spv::OpFDiv, F, {e_.op(spv::OpConvertSToF, F, {o}), c.size[j]});
      x = e_.op(spv::OpFAdd, F, {x, shift});
   }
   if (lk.l.abs >> j & 1u)
      x = ext(F, GLSLstd450FAbs, {x});
   if (c.sat_bits >> j & 1u) {
      uint32_t hi = rect ? c.size[j] : c_float(1.0f);
      if (c.is_nearest) {
         const uint32_t edge = rect ? e_.op(spv::OpFSub, F, {c.size[j], c_float(0.5f)})
                                    : e_.op(spv::OpFSub, F, {c_float(1.0f), e_.op(spv::OpFDiv, F, {c_float(0.5f), c.size[j]})});
         hi = e_.op(spv::OpSelect, F, {c.is_nearest, edge, hi});
      }
      x = ext(F, GLSLstd450FClamp, {x, c_float(0.0f), hi});
   }
   if (shift)
      x = e_.op(spv::OpFSub, F, {x, shift});
   return x;
}

// The lookup, under a new id when its shadow result is swizzled (returned: the id of its
// value); image operands in bit order: the pass's gradients or LOD, then the original ones
// (Bias dropped with them).
uint32_t lowerer::emit_lookup(const lookup &lk) {
   const uint32_t result_type = m_.word(lk.inst, 1);
   const uint32_t result = m_.word(lk.inst, 2);
   const uint32_t value = lk.shadow ? e_.fresh() : result;
   const size_t header = code_.size();
   code_.insert(code_.end(), {0u, result_type, value, lk.si, lk.coord});
   if (lk.extra)
      code_.push_back(lk.extra_operand);
   if (lk.new_mask != 0 || lk.has_mask) {
      code_.push_back(lk.new_mask);
      for (uint32_t rest = lk.new_mask; rest != 0; rest &= rest - 1) {
         const uint32_t bit = rest & (~rest + 1);
         if (bit == spv::ImageOperandsGradMask && lk.new_grad_x) {
            code_.insert(code_.end(), {lk.new_grad_x, lk.new_grad_y});
            continue;
         }
         if (bit == spv::ImageOperandsLodMask && lk.new_lod) {
            code_.push_back(lk.new_lod);
            continue;
         }
         const image_operand *o = lk.find_operand(bit);
         const int count = image_operand_words(bit);
         if (count >= 1)
            code_.push_back(o->first);
         if (count >= 2)
            code_.push_back(o->second);
      }
   }
   code_[header] = static_cast<uint32_t>((code_.size() - header) << 16) | static_cast<uint32_t>(lk.new_op);
   return value;
}

// The shadow swizzle of the Dref lookup's `value`, recorded for assemble().
void lowerer::swizzle_shadow_result(const lookup &lk, uint32_t value) {
   const uint32_t result_type = m_.word(lk.inst, 1);
   const uint32_t result = m_.word(lk.inst, 2);
   // Every use but the vec4 constructs (assemble()) reads the swizzle's first component.
   const pipe_swizzle first = lk.l.shadow_swizzle[0];
   const uint32_t source = first == PIPE_SWIZZLE_0 ? c_float(0.0f) : first == PIPE_SWIZZLE_1 ? c_float(1.0f) : value;
   e_.raw(spv::OpCopyObject, {result_type, result, source});
   for (pipe_swizzle s : lk.l.shadow_swizzle) {  // the constants assemble() puts in vec4 constructs
      if (s == PIPE_SWIZZLE_0)
         c_float(0.0f);
      else if (s == PIPE_SWIZZLE_1)
         c_float(1.0f);
   }
   shadow_results_.emplace(result, shadow_result{value, lk.l.shadow_swizzle});
}

}  // namespace clampler::spirv
