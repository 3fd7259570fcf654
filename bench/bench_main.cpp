// Google Benchmark entry point for clampler's benchmarks.
#include <benchmark/benchmark.h>

BENCHMARK_MAIN();
