// The Mesa-style XOR-fold baseline cache used by the CSO benchmarks.
#include "mesa_xor_cache.h"

#include <cstring>

namespace clampler::bench {

mesa_xor_cache::mesa_xor_cache(size_t buckets) {
   size_t n = 16;
   while (n < buckets)
      n *= 2;
   buckets_.resize(n);
   mask_ = n - 1;
}

uint32_t mesa_xor_cache::xor_fold(const pipe_sampler_state &s) {
   uint32_t words[sizeof(s) / 4];
   std::memcpy(words, &s, sizeof(s));
   uint32_t h = 0;
   for (uint32_t w : words)
      h ^= w;
   return h;
}

void *mesa_xor_cache::lookup_or_insert(const pipe_sampler_state &s) {
   const uint32_t h = xor_fold(s);
   auto &chain = buckets_[h & mask_];
   for (const node &n : chain)
      if (n.hash == h && std::memcmp(&n.key, &s, sizeof(s)) == 0)
         return n.handle;
   chain.push_back({s, h, reinterpret_cast<void *>(next_handle_++)});
   return chain.back().handle;
}

}  // namespace clampler::bench
