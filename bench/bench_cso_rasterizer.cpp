// Rasterizer CSO hit cost at 16, 256 and 4000 distinct states, beside a Mesa-style XOR-fold chained cache.
#include <benchmark/benchmark.h>

#include <vector>

#include "bench_util.h"
#include "clampler/cso/cso_rasterizer.h"
#include "clampler/pipe/counting_context.h"
#include "mesa_xor_cache.h"

using namespace clampler;
using namespace clampler::bench;

namespace {

// `n` distinct states as a GL application changes them between draws: culling and winding,
// fill modes, flat shading and scissor toggled, polygon offset units animated in 1/16 steps,
// line widths in 1/8 steps.
std::vector<pipe_rasterizer_state> distinct_rasterizer_states(size_t n) {
   std::vector<pipe_rasterizer_state> v;
   v.reserve(n);
   for (size_t i = 0; v.size() < n; ++i) {
      pipe_rasterizer_state s{};
      s.depth_clip_near = s.depth_clip_far = 1;
      s.half_pixel_center = 1;
      s.bottom_edge_rule = 1;
      s.point_size = 1.0f;
      s.cull_face = static_cast<pipe_face>(i % 3);
      s.front_ccw = (i / 3) % 2;
      s.flatshade = (i / 6) % 2;
      s.scissor = (i / 12) % 2;
      s.fill_front = s.fill_back = static_cast<pipe_polygon_mode>((i / 24) % 2);  // FILL or LINE
      s.offset_tri = s.offset_line = 1;
      s.offset_scale = 1.0f;
      s.offset_units = static_cast<float>((i / 48) % 64) / 16.0f;
      s.line_width = 1.0f + static_cast<float>((i / 3072) % 64) / 8.0f;
      v.push_back(cso_normalize_rasterizer(s));
   }
   return v;
}

void BM_CsoRasterizerHit(benchmark::State &state) {
   const size_t n = static_cast<size_t>(state.range(0));
   const auto states = distinct_rasterizer_states(n);
   counting_context pipe;
   cso_rasterizer_cache cso(pipe, 4096);
   for (const auto &s : states)
      cso.set_rasterizer(s);  // warm: every state cached
   const auto order = walk(n, 54321);
   size_t i = 0;
   for (auto _ : state) {
      cso.set_rasterizer(states[order[i & 4095]]);
      ++i;
   }
   if (pipe.rast_creates != n)
      state.SkipWithError("the cache missed after warm-up");
   state.counters["states"] = static_cast<double>(n);
}
BENCHMARK(BM_CsoRasterizerHit)->Arg(16)->Arg(256)->Arg(4000);

// Mesa's cso_set_rasterizer: the raw template's words XOR-folded, the chained table searched
// with full-key compares, the driver's bind called when the handle changes.
void BM_MesaXorFoldRasterizerHit(benchmark::State &state) {
   const size_t n = static_cast<size_t>(state.range(0));
   const auto states = distinct_rasterizer_states(n);
   counting_context pipe;
   mesa_xor_cache<pipe_rasterizer_state> cache(4096);
   for (const auto &s : states)
      cache.lookup_or_insert(s);
   const auto order = walk(n, 54321);
   void *bound = nullptr;
   size_t i = 0;
   for (auto _ : state) {
      void *h = cache.lookup_or_insert(states[order[i & 4095]]);
      if (h != bound) {
         bound = h;
         pipe.bind_rasterizer_state(h);
      }
      ++i;
   }
   state.counters["states"] = static_cast<double>(n);
}
BENCHMARK(BM_MesaXorFoldRasterizerHit)->Arg(16)->Arg(256)->Arg(4000);

void BM_CsoRasterizerNormalizeAndHash(benchmark::State &state) {
   const auto states = distinct_rasterizer_states(256);
   const auto order = walk(256, 54321);
   size_t i = 0;
   for (auto _ : state) {
      benchmark::DoNotOptimize(cso_hash_rasterizer(cso_normalize_rasterizer(states[order[i & 4095]])));
      ++i;
   }
}
BENCHMARK(BM_CsoRasterizerNormalizeAndHash);

}  // namespace
