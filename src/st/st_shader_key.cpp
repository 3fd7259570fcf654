// st_update_gl_clamplers: the per-stage shader key from the samplers a program uses.
#include "clampler/st/st_shader_key.h"

#include <cstring>

namespace clampler {

bool st_shader_key::has_gl_clamp() const {
   uint32_t any = nearest_edge_magnified | nearest_edge_minified;
   for (unsigned i = 0; i < 3; ++i)
      any |= saturate[i] | abs[i];
   return any != 0;
}

bool st_shader_key::empty() const {
   return !has_gl_clamp() && shadow_mask == 0 && shader_filter_mask == 0 && min_mag_switch == 0 && round_layer == 0;
}

st_sampler_lowering st_shader_key::unit(unsigned i) const {
   st_sampler_lowering l;
   const uint32_t bit = 1u << i;
   for (unsigned c = 0; c < 3; ++c) {
      l.saturate |= (saturate[c] & bit) ? (1u << c) : 0u;
      l.abs |= (abs[c] & bit) ? (1u << c) : 0u;
   }
   l.nearest_edge = (nearest_edge_magnified & bit)  ? ST_NEAREST_EDGE_MAGNIFIED
                    : (nearest_edge_minified & bit) ? ST_NEAREST_EDGE_MINIFIED
                                                    : ST_NEAREST_EDGE_NONE;
   if (shadow_mask & bit) {
      l.has_shadow_swizzle = true;
      l.shadow_swizzle = shadow_swizzle[i];
   }
   l.min_mag_switch = (min_mag_switch & bit) != 0;
   if (shader_filter_mask & bit) {
      l.has_shader_filter = true;
      l.shader_filter = shader_filter[i];
   }
   l.round_layer = (round_layer & bit) != 0;
   return l;
}

void st_shader_key::set_unit(unsigned i, const st_sampler_lowering &low) {
   const uint32_t bit = 1u << i;
   for (unsigned c = 0; c < 3; ++c) {
      saturate[c] = (saturate[c] & ~bit) | ((low.saturate >> c & 1u) ? bit : 0u);
      abs[c] = (abs[c] & ~bit) | ((low.abs >> c & 1u) ? bit : 0u);
   }
   nearest_edge_magnified &= ~bit;
   nearest_edge_minified &= ~bit;
   if (low.nearest_edge == ST_NEAREST_EDGE_MAGNIFIED)
      nearest_edge_magnified |= bit;
   else if (low.nearest_edge == ST_NEAREST_EDGE_MINIFIED)
      nearest_edge_minified |= bit;
   shadow_mask = low.has_shadow_swizzle ? shadow_mask | bit : shadow_mask & ~bit;
   min_mag_switch = low.min_mag_switch ? min_mag_switch | bit : min_mag_switch & ~bit;
   shadow_swizzle[i] = low.has_shadow_swizzle ? low.shadow_swizzle : std::array<pipe_swizzle, 4>{};
   shader_filter_mask = low.has_shader_filter ? shader_filter_mask | bit : shader_filter_mask & ~bit;
   shader_filter[i] = low.has_shader_filter ? low.shader_filter : st_shader_filter{};
   round_layer = low.round_layer ? round_layer | bit : round_layer & ~bit;
}

size_t st_shader_key_hash(const st_shader_key &key) {
   // FNV-1a over the masks, then the swizzles of the samplers in shadow_mask only.
   uint64_t h = 1469598103934665603ull;
   auto mix = [&h](uint32_t v) {
      for (unsigned b = 0; b < 4; ++b) {
         h ^= (v >> (8 * b)) & 0xff;
         h *= 1099511628211ull;
      }
   };
   for (unsigned c = 0; c < 3; ++c) {
      mix(key.saturate[c]);
      mix(key.abs[c]);
   }
   mix(key.nearest_edge_magnified);
   mix(key.nearest_edge_minified);
   mix(key.shadow_mask);
   for (uint32_t m = key.shadow_mask; m; m &= m - 1) {
      const auto &s = key.shadow_swizzle[__builtin_ctz(m)];
      mix(uint32_t(s[0]) | uint32_t(s[1]) << 8 | uint32_t(s[2]) << 16 | uint32_t(s[3]) << 24);
   }
   mix(key.min_mag_switch);
   mix(key.shader_filter_mask);
   for (uint32_t m = key.shader_filter_mask; m; m &= m - 1) {
      const st_shader_filter &f = key.shader_filter[__builtin_ctz(m)];
      mix(uint32_t(f.min_img_filter) | uint32_t(f.mag_img_filter) << 8 | uint32_t(f.min_mip_filter) << 16 |
          uint32_t(f.reduction) << 24);
      mix(uint32_t(f.cube_seamless) | uint32_t(f.cube_wrap_s) << 8 | uint32_t(f.cube_wrap_t) << 16);
      mix(uint32_t(f.compare) | uint32_t(f.compare_func) << 8 | uint32_t(f.compare_clamps_ref) << 16);
      for (uint32_t bits : f.cube_border)
         mix(bits);
      for (float v : {f.lod_bias, f.min_lod, f.max_lod}) {
         uint32_t bits;
         std::memcpy(&bits, &v, sizeof bits);
         mix(bits);
      }
   }
   mix(key.round_layer);
   return static_cast<size_t>(h);
}

st_shader_key st_update_gl_clamplers(const st_context &st, const gl_program &prog) {
   st_shader_key key;
   for (uint32_t used = prog.SamplersUsed; used; used &= used - 1) {
      const unsigned idx = static_cast<unsigned>(__builtin_ctz(used));
      if (idx >= MAX_SAMPLERS)
         break;
      const unsigned unit = prog.SamplerUnits[idx];
      const GLenum target = prog.SamplerTargets[idx];
      if (target == GL_TEXTURE_BUFFER || unit >= st.ctx->limits().MaxCombinedTextureImageUnits)
         continue;
      const gl_texture_object *tex = st.ctx->current_texture(unit, target);
      if (!tex || tex->Format == PIPE_FORMAT_NONE)
         continue;  // incomplete: sampled as a constant, nothing to lower
      pipe_sampler_state unused;
      st_sampler_lowering low;
      st_convert_sampler(st, *tex, *st.ctx->sampler_for_unit(unit, tex), st.ctx->unit(unit).LodBias,
                         st.ctx->cube_map_seamless(), &unused, &low);
      key.set_unit(idx, low);
   }
   return key;
}

}  // namespace clampler
