// Baseline for the CSO benchmarks: a Mesa-style state cache (XOR-folded words, chained buckets).
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "clampler/pipe/p_state.h"

namespace clampler::bench {

// Modelled on Mesa's cso_construct_key (XOR of the key's 32-bit words) and a chained hash
// table whose lookups compare full keys along the bucket chain; the state is the raw template
// (Mesa normalises nothing).
template <class State = pipe_sampler_state>
class mesa_xor_cache {
   static_assert(sizeof(State) % 4 == 0);

public:
   explicit mesa_xor_cache(size_t buckets) {
      size_t n = 16;
      while (n < buckets)
         n *= 2;
      buckets_.resize(n);
      mask_ = n - 1;
   }
   // Returns the handle for `s`, inserting a new one if absent.
   void *lookup_or_insert(const State &s) {
      const uint32_t h = xor_fold(s);
      auto &chain = buckets_[h & mask_];
      for (const node &n : chain)
         if (n.hash == h && std::memcmp(&n.key, &s, sizeof(s)) == 0)
            return n.handle;
      chain.push_back({s, h, reinterpret_cast<void *>(next_handle_++)});
      return chain.back().handle;
   }
   static uint32_t xor_fold(const State &s) {
      uint32_t words[sizeof(s) / 4];
      std::memcpy(words, &s, sizeof(s));
      uint32_t h = 0;
      for (uint32_t w : words)
         h ^= w;
      return h;
   }

private:
   struct node {
      State key;
      uint32_t hash;
      void *handle;
   };
   std::vector<std::vector<node>> buckets_;
   size_t mask_;
   uintptr_t next_handle_ = 1;
};

}  // namespace clampler::bench
