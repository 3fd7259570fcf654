// Shared generators for the benchmarks: distinct, realistic sampler states and a lookup order.
#pragma once

#include <cstdint>
#include <vector>

#include "clampler/cso/cso_sampler.h"

namespace clampler::bench {

// `n` distinct states as an application produces them: a few wrap/filter
// combinations, animated LOD bias in 1/256 steps, some border colours.
inline std::vector<pipe_sampler_state> distinct_states(size_t n) {
   std::vector<pipe_sampler_state> v;
   v.reserve(n);
   for (size_t i = 0; v.size() < n; ++i) {
      pipe_sampler_state s{};
      s.wrap_s = static_cast<pipe_tex_wrap>(i % 4);
      s.wrap_t = static_cast<pipe_tex_wrap>((i / 4) % 4);
      s.min_img_filter = s.mag_img_filter = static_cast<pipe_tex_filter>((i / 16) % 2);
      s.min_mip_filter = PIPE_TEX_MIPFILTER_LINEAR;
      s.lod_bias = static_cast<float>((i / 32) % 512) / 256.0f - 1.0f;
      s.max_lod = 1000.0f;
      if (pipe_wrap_uses_border(s.wrap_s) || pipe_wrap_uses_border(s.wrap_t))
         s.border_color.f[0] = static_cast<float>((i / 16384) % 4) / 4.0f;
      v.push_back(cso_normalize_sampler(s, true));
   }
   return v;
}

// A lookup order over `n` states: a fixed pseudo-random walk of 4096 steps (from `seed`) so no
// cache sees a sequential pattern.
inline std::vector<uint32_t> walk(size_t n, uint32_t seed = 12345) {
   std::vector<uint32_t> order(4096);
   uint32_t x = seed;
   for (auto &o : order) {
      x = x * 1664525u + 1013904223u;
      o = (x >> 8) % n;
   }
   return order;
}

}  // namespace clampler::bench
