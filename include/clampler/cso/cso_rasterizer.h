// cso rasterizer cache: normalised pipe_rasterizer_state -> one driver handle, one binding per context.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <unordered_map>

#include "clampler/cso/cso_sampler.h"
#include "clampler/pipe/p_context.h"
#include "clampler/pipe/p_state.h"

namespace clampler {

// The state with every byte that cannot change a pixel folded to one value: flags as 0 / 1,
// the offset values zeroed when no fill mode is offset, the stipple pattern and factor zeroed
// when stippling is off, a culled side's fill mode set to the drawn side's (FILL when both
// are culled), -0.0 as +0.0, the pad byte zero. Equal normalised states draw alike.
pipe_rasterizer_state cso_normalize_rasterizer(const pipe_rasterizer_state &s);
// 64-bit hash of a state's 56 bytes (normalise first: the hash is of the raw bytes).
uint64_t cso_hash_rasterizer(const pipe_rasterizer_state &s);

struct cso_rasterizer_stats {
   uint64_t hits = 0, misses = 0, evictions = 0, create_failures = 0, binds = 0;
};

// Mesa's cso_set_rasterizer with its cache. Not thread-safe: one per pipe_context, used by the
// thread that owns the context. Owns every handle it created and deletes them (after unbinding)
// when destroyed. At most `max_entries` states are kept; beyond that the least recently set
// unbound state is deleted. A create failure leaves the binding and the cache as they were.
// A template set before is found by its raw bytes (a lookaside) without normalising it again.
class cso_rasterizer_cache {
public:
   static constexpr size_t kDefaultMaxEntries = 256;

   explicit cso_rasterizer_cache(pipe_context &pipe, size_t max_entries = kDefaultMaxEntries);
   ~cso_rasterizer_cache();
   cso_rasterizer_cache(const cso_rasterizer_cache &) = delete;
   cso_rasterizer_cache &operator=(const cso_rasterizer_cache &) = delete;

   // Binds the handle of `templ`'s normalised state, creating it on a miss; the driver's bind
   // is called only when the binding changes. CSO_OUT_OF_MEMORY when the driver could not
   // create it: the previous binding stays.
   cso_result set_rasterizer(const pipe_rasterizer_state &templ);
   // Unbinds (the driver sees bind(nullptr) if something was bound).
   void unbind();

   void *bound_handle() const { return bound_ ? bound_->second.handle : nullptr; }
   // The normalised state bound, or nullptr.
   const pipe_rasterizer_state *bound_state() const { return bound_ ? &bound_->first.state : nullptr; }
   const cso_rasterizer_stats &stats() const { return stats_; }
   size_t size() const { return entries_.size(); }
   size_t max_entries() const { return max_entries_; }

private:
   struct entry {
      void *handle = nullptr;
      uint64_t last_use = 0;
   };
   struct hashed_key {
      pipe_rasterizer_state state;  // normalised: every byte named, compared as bytes
      uint64_t hash;
      bool operator==(const hashed_key &o) const { return std::memcmp(&state, &o.state, sizeof state) == 0; }
   };
   struct hashed_key_hash {
      size_t operator()(const hashed_key &k) const { return static_cast<size_t>(k.hash); }
   };
   void evict_one_unbound();

   pipe_context *pipe_;
   size_t max_entries_;
   uint64_t clock_ = 0;
   using map = std::unordered_map<hashed_key, entry, hashed_key_hash>;
   map entries_;
   map::value_type *bound_ = nullptr;  // element pointers of unordered_map survive rehashing
   // Direct-mapped lookaside keyed on the raw (un-normalised) template: a hit skips the
   // normalisation and the map. A line is valid in the epoch it was filled in; an eviction
   // starts a new epoch, so no line outlives the entry it points at.
   static constexpr size_t kLookasideLines = 1024;
   struct lookaside_line {
      pipe_rasterizer_state raw;
      map::value_type *entry = nullptr;
      uint64_t epoch = 0;
   };
   std::unique_ptr<lookaside_line[]> lookaside_;
   uint64_t epoch_ = 1;
   cso_rasterizer_stats stats_;
};

}  // namespace clampler
