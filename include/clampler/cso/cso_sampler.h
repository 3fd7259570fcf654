// cso_context sampler cache: normalised pipe_sampler_state -> one driver handle, per-stage binding.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "clampler/pipe/p_context.h"
#include "clampler/pipe/p_state.h"

namespace clampler {

// The key bytes of a sampler state: compare func zeroed when compare is off,
// border colour and its type zeroed when no wrap reads the border, anisotropy
// <= 1 -> 0, -0.0 -> +0.0 in the LOD fields, LOD range clamped to [0, CSO_MAX_LOD] (no
// texture has more levels, so the clamp changes no result), LOD fields zeroed when level
// 0 is the only level and min == mag filter; the integer flag and the border colour
// format are key bytes only with `need_border_color_type`.
constexpr float CSO_MAX_LOD = 32.0f;

// The normalised key as words: bytes 0..39 of the state, then bytes 40..43 (the
// integer flag, zero without need_border_color_type). Built in registers so the
// hit path never reloads bytes it has just stored.
struct cso_sampler_key {
   uint64_t w[5];
   uint32_t tail;
   bool operator==(const cso_sampler_key &o) const {
      return ((w[0] ^ o.w[0]) | (w[1] ^ o.w[1]) | (w[2] ^ o.w[2]) | (w[3] ^ o.w[3]) |
              (w[4] ^ o.w[4]) | (tail ^ o.tail)) == 0;
   }
};
cso_sampler_key cso_make_sampler_key(const pipe_sampler_state &s, bool need_border_color_type);
pipe_sampler_state cso_key_to_state(const cso_sampler_key &key);
inline pipe_sampler_state cso_normalize_sampler(const pipe_sampler_state &s, bool need_border_color_type) {
   return cso_key_to_state(cso_make_sampler_key(s, need_border_color_type));
}
uint64_t cso_hash_key(const cso_sampler_key &key);
// 64-bit hash of the first `size` bytes (40 or 44) of a state, as the cache hashes its keys.
uint64_t cso_hash_sampler(const pipe_sampler_state &s, size_t size);

enum cso_result : uint8_t { CSO_OK = 0, CSO_OUT_OF_MEMORY };

struct cso_sampler_stats {
   uint64_t hits = 0, misses = 0, evictions = 0, create_failures = 0;
   size_t entries = 0;
};

class cso_context {
public:
   static constexpr unsigned kMaxSamplers = 32;  // per stage
   static constexpr size_t kDefaultMaxEntries = 4096;

   cso_context(pipe_context &pipe, bool need_border_color_type,
               size_t max_entries = kDefaultMaxEntries);
   ~cso_context();
   cso_context(const cso_context &) = delete;
   cso_context &operator=(const cso_context &) = delete;

   // Mesa's cso_single_sampler: sets slot `idx` of `stage` (nullptr unbinds). The driver
   // sees the change at single_sampler_done. CSO_OUT_OF_MEMORY if the driver could not
   // create the state: the slot then keeps its previous binding and nothing leaks.
   cso_result single_sampler(pipe_shader_type stage, unsigned idx, const pipe_sampler_state *templ);
   // Binds the slots changed since the last call (one bind call, or none if nothing changed).
   void single_sampler_done(pipe_shader_type stage);

   // The handle bound (or pending) at a slot; nullptr if none.
   void *bound_handle(pipe_shader_type stage, unsigned idx) const;
   const cso_sampler_stats &stats() const { return stats_; }
   size_t size() const { return live_; }
   size_t max_entries() const { return max_entries_; }
   size_t key_size() const { return key_size_; }

private:
   struct entry {
      cso_sampler_key key;  // normalised
      uint64_t hash = 0;
      void *handle = nullptr;
      uint64_t last_use = 0;
      uint32_t generation = 0;  // bumped when the entry is evicted (invalidates lookaside lines)
      bool live = false;
   };
   struct stage_slots {
      std::array<uint32_t, kMaxSamplers> entry{};   // entry index + 1, 0 = none (pending)
      std::array<uint32_t, kMaxSamplers> driver{};  // what the driver has bound (after _done)
      std::array<cso_sampler_key, kMaxSamplers> raw{};  // the template last set at each slot
      uint32_t dirty_lo = kMaxSamplers, dirty_hi = 0;
   };
   // Direct-mapped lookaside keyed on the raw (un-normalised) template: a hit skips the
   // normalisation and the main table. Lines are validated by the entry's generation.
   struct lookaside_line {
      cso_sampler_key raw;
      uint32_t entry = 0;  // entry index + 1, 0 = empty
      uint32_t generation = 0;
   };
   static constexpr size_t kLookasideLines = 4096;

   uint32_t lookup_slow(const pipe_sampler_state &templ, size_t line, bool *failed);
   uint32_t find_or_create(const cso_sampler_key &key, uint64_t hash, bool *failed);
   uint32_t probe(const cso_sampler_key &key, uint64_t hash) const;
   void index_insert(uint32_t entry_index);
   void index_erase(uint32_t entry_index);
   void evict_unbound();
   void grow_index();

   pipe_context *pipe_;
   size_t key_size_;
   bool need_type_;
   size_t max_entries_;
   std::vector<entry> entries_;
   std::vector<uint32_t> free_;
   std::vector<uint32_t> index_;  // open addressing, entry index + 1, 0 = empty
   size_t index_mask_ = 0;
   size_t live_ = 0;
   uint64_t clock_ = 0;
   std::array<stage_slots, PIPE_SHADER_TYPES> stages_{};
   std::vector<lookaside_line> lookaside_;
   cso_sampler_stats stats_;
};

}  // namespace clampler
