// The per-stage shader key the state tracker derives from the bound samplers (gl_clamplers + shadow swizzles).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "clampler/gl/mtypes.h"
#include "clampler/st/st_sampler.h"

namespace clampler {

// Bit i of each mask refers to sampler index i of the program (not the texture unit).
struct st_shader_key {
   std::array<uint32_t, 3> saturate{};  // s, t, r (Mesa's nir_lower_tex_options::saturate_*)
   std::array<uint32_t, 3> abs{};       // |coord| before the clamp (mirror-clamp modes)
   uint32_t nearest_edge_magnified = 0;
   uint32_t nearest_edge_minified = 0;
   uint32_t shadow_mask = 0;            // samplers whose shadow result needs a swizzle
   std::array<std::array<pipe_swizzle, 4>, MAX_SAMPLERS> shadow_swizzle{};  // zero where not in mask
   uint32_t min_mag_switch = 0;         // samplers whose 0 < λ ≤ 0.5 the shader magnifies (rule 10)
   uint32_t shader_filter_mask = 0;      // samplers the shader filters (rules 4 and 10-13)
   std::array<st_shader_filter, MAX_SAMPLERS> shader_filter{};  // default where not in mask
   uint32_t round_layer = 0;            // array samplers whose layer the shader rounds GL's way (rule 14)

   bool empty() const;
   bool has_gl_clamp() const;  // any coordinate lowering at all
   st_sampler_lowering unit(unsigned sampler_index) const;
   // Puts one unit's lowering at `sampler_index` (the inverse of unit()).
   void set_unit(unsigned sampler_index, const st_sampler_lowering &lowering);
   bool operator==(const st_shader_key &) const = default;
};

size_t st_shader_key_hash(const st_shader_key &key);

// Computes the key for `prog` from the samplers and textures bound in st.ctx:
// for every used sampler index, the lowering st_convert_sampler reports for it.
// Units whose texture has no storage contribute nothing. A program whose samplers
// need no lowering gets the empty key.
st_shader_key st_update_gl_clamplers(const st_context &st, const gl_program &prog);

}  // namespace clampler
