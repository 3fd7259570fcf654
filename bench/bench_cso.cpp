// CSO hit cost at 16, 256 and 4000 distinct states, beside a Mesa-style XOR-fold chained cache.
#include <benchmark/benchmark.h>

#include <array>

#include "bench_util.h"
#include "clampler/pipe/counting_context.h"
#include "mesa_xor_cache.h"

using namespace clampler;
using namespace clampler::bench;

namespace {

void BM_CsoHit(benchmark::State &state) {
   const size_t n = static_cast<size_t>(state.range(0));
   const auto states = distinct_states(n);
   counting_context pipe;
   cso_context cso(pipe, true, 4096);
   for (size_t i = 0; i < n; ++i)
      cso.single_sampler(PIPE_SHADER_FRAGMENT, 0, &states[i]);  // warm: every state cached
   const auto order = walk(n);
   size_t i = 0;
   for (auto _ : state) {
      // Cycle through 16 slots, as a draw updates its units; the random walk keeps the
      // slot fast path (same state re-bound) from short-circuiting the lookup.
      cso.single_sampler(PIPE_SHADER_FRAGMENT, i & 15, &states[order[i & 4095]]);
      ++i;
   }
   if (pipe.creates != n)
      state.SkipWithError("the cache missed after warm-up");
   state.counters["states"] = static_cast<double>(n);
}
BENCHMARK(BM_CsoHit)->Arg(16)->Arg(256)->Arg(4000);

void BM_MesaXorFoldHit(benchmark::State &state) {
   const size_t n = static_cast<size_t>(state.range(0));
   const auto states = distinct_states(n);
   mesa_xor_cache cache(4096);
   for (const auto &s : states)
      cache.lookup_or_insert(s);
   const auto order = walk(n);
   std::array<void *, 16> slots{};  // Mesa stores the CSO in the stage's slot array too
   size_t i = 0;
   for (auto _ : state) {
      slots[i & 15] = cache.lookup_or_insert(states[order[i & 4095]]);
      benchmark::DoNotOptimize(slots);
      ++i;
   }
   state.counters["states"] = static_cast<double>(n);
}
BENCHMARK(BM_MesaXorFoldHit)->Arg(16)->Arg(256)->Arg(4000);

void BM_CsoHashOnly(benchmark::State &state) {
   const auto states = distinct_states(256);
   size_t i = 0;
   for (auto _ : state) {
      benchmark::DoNotOptimize(cso_hash_sampler(states[i & 255], sizeof(pipe_sampler_state)));
      ++i;
   }
}
BENCHMARK(BM_CsoHashOnly);

}  // namespace

namespace {
void BM_CsoMakeKeyOnly(benchmark::State &state) {
   const auto states = distinct_states(256);
   const auto order = walk(256);
   size_t i = 0;
   for (auto _ : state) {
      benchmark::DoNotOptimize(cso_make_sampler_key(states[order[i & 4095]], true));
      ++i;
   }
}
BENCHMARK(BM_CsoMakeKeyOnly);
}  // namespace
