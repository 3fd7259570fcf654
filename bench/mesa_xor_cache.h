// Baseline for the CSO benchmarks: a Mesa-style sampler cache (XOR-folded words, chained buckets).
#pragma once

#include <cstdint>
#include <vector>

#include "clampler/pipe/p_state.h"

namespace clampler::bench {

// Modelled on Mesa's cso_construct_key (XOR of the key's 32-bit words) and a
// chained hash table whose lookups compare full keys along the bucket chain.
class mesa_xor_cache {
public:
   explicit mesa_xor_cache(size_t buckets);
   // Returns the handle for `s`, inserting a new one if absent.
   void *lookup_or_insert(const pipe_sampler_state &s);
   static uint32_t xor_fold(const pipe_sampler_state &s);

private:
   struct node {
      pipe_sampler_state key;
      uint32_t hash;
      void *handle;
   };
   std::vector<std::vector<node>> buckets_;
   size_t mask_;
   uintptr_t next_handle_ = 1;
};

}  // namespace clampler::bench
