// The differential generators' random choices (scenarios and raster cases) from one seeded engine.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <random>

namespace clampler::differential {

struct rng_t {
   std::mt19937_64 &g;
   unsigned below(unsigned n) { return static_cast<unsigned>(g() % n); }
   bool chance(unsigned percent) { return below(100) < percent; }
   template <typename T, size_t N>
   T pick(const T (&a)[N]) {
      return a[below(N)];
   }
   double pick(std::initializer_list<double> v) { return *(v.begin() + below(static_cast<unsigned>(v.size()))); }
   // A value in [lo, hi) on a 1/8 grid.
   double eighths(double lo, double hi) { return lo + below(static_cast<unsigned>((hi - lo) * 8)) / 8.0; }
};

}  // namespace clampler::differential
