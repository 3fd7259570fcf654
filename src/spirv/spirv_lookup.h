// spirv_lookup: one lookup's parse and rewrite state, shared by the coordinate rewrite (spirv_lower_lookup.cpp) and the shader filter (spirv_lower_filter.cpp).
#pragma once

#include <array>
#include <cstdint>

#include "spirv_lowerer.h"

namespace clampler::spirv {

inline bool is_implicit(spv::Op op) {
   return op == spv::OpImageSampleImplicitLod || op == spv::OpImageSampleDrefImplicitLod ||
          op == spv::OpImageSampleProjImplicitLod || op == spv::OpImageSampleProjDrefImplicitLod;
}
inline bool is_proj(spv::Op op) { return op >= spv::OpImageSampleProjImplicitLod && op <= spv::OpImageSampleProjDrefExplicitLod; }

struct image_operand {
   uint32_t bit;
   uint32_t first, second;  // operand ids (second only for Grad)
};

// One lookup on its way through lower_lookup's steps: what the parse_* steps found, then the
// operands of the rewritten instruction (the original ones until a step replaces them).
struct lowerer::lookup {
   size_t inst = 0;
   spv::Op op = spv::OpNop;
   bool dref = false, gather = false;  // sparse forms included
   unsigned extra = 0;                 // 1: a Dref or component operand follows the coordinate
   unsigned ops_at = 0;                // the word of the image operands mask
   uint32_t index = 0;                 // the sampler index
   st_sampler_lowering l;              // what the key asks for it
   uint32_t si = 0, image_type = 0;    // the sampled image, and its image type
   spv::Dim dim = spv::Dim1D;
   unsigned n = 0;                     // coordinates the key may lower (0 for cubes)
   unsigned layers = 0;                // 1: arrayed
   uint8_t coord_bits = 0;             // the components saturated or mirrored
   bool shadow = false;                // a Dref result to swizzle
   bool unnormalized_sampler = false;  // a non-Rect image read with texel coordinates
   bool shader_filter = false;          // the shader filters it (rules 4, 10-13, 15 and 16; not gathers)
   bool switch_lod = false;             // rule 10: 0 < λ ≤ 0.5 made to magnify (not gathers, not cubes)
   bool round_layer = false;            // rule 14: the array layer rounded GL's way
   unsigned layer_at = 0;               // the layer's component (3 for cube-map arrays, else n)

   // Image operands, in bit order.
   std::array<image_operand, 16> operands{};  // the known bits, at most one each
   unsigned operand_count = 0;
   bool has_mask = false;
   uint32_t mask = 0;
   const image_operand *find_operand(uint32_t bit) const {
      for (unsigned k = 0; k < operand_count; ++k)
         if (operands[k].bit == bit)
            return &operands[k];
      return nullptr;
   }

   // The rewritten instruction.
   uint32_t coord = 0, extra_operand = 0;
   spv::Op new_op = spv::OpNop;
   uint32_t new_mask = 0;
   uint32_t new_grad_x = 0, new_grad_y = 0;  // gradients the pass adds to an implicit lookup
   uint32_t new_lod = 0;                      // or LOD 0, for an unnormalized sampler
};

// The coordinate's components while lower_coordinate's rewrites work on them, and what they need.
struct lowerer::coordinate {
   std::array<uint32_t, 4> comps{};
   uint32_t grad_x = 0, grad_y = 0;  // the unclamped coordinate's gradients (added or Grad), for λ
   bool rect = false;                // texel coordinates (Rect, unnormalized)
   uint8_t sat_bits = 0;             // the components saturated
   bool nearest = false;             // nearest_edge applies
   const image_operand *offset = nullptr;  // ConstOffset or Offset, folded into the components
   uint32_t offset_component_type = 0;
   std::array<uint32_t, 3> size{};  // level-0 size as floats, when a bound or an offset depends on it
   uint32_t device_lambda = 0;      // λ as the device computes it (nearest_edge, the min/mag switch)
   uint32_t is_nearest = 0;         // bool: the device filters this lookup NEAREST
};

// The face a direction selects: its axes and the direction's coordinates on it (float ids).
struct lowerer::cube_face {
   std::array<uint32_t, 3> m{}, s{}, t{};  // major, s and t axes, each component −1, 0 or 1
   uint32_t sc = 0, tc = 0, ma = 0;       // dot(P, S), dot(P, T), dot(P, M) = |major|
   uint32_t fs = 0, ft = 0;               // s and t on the face
};

}  // namespace clampler::spirv
