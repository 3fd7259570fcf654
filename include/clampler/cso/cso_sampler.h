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
// <= 1 -> 0, -0.0 -> +0.0, LOD range clamped to [0, CSO_MAX_LOD] (no texture has
// more levels, so the clamp changes no result), LOD fields zeroed when level 0 is
// the only level and min == mag filter, type flag zeroed unless `need_border_color_type`.
constexpr float CSO_MAX_LOD = 32.0f;
pipe_sampler_state cso_normalize_sampler(const pipe_sampler_state &s, bool need_border_color_type);
// 64-bit hash of the first `size` bytes of a normalised state (size a multiple of 4).
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
      pipe_sampler_state key;  // normalised
      uint64_t hash = 0;
      void *handle = nullptr;
      uint64_t last_use = 0;
      uint32_t bind_count = 0;  // slots (pending or bound) referencing this entry
      bool live = false;
   };
   struct stage_slots {
      std::array<uint32_t, kMaxSamplers> entry{};  // entry index + 1, 0 = none
      uint32_t dirty_lo = kMaxSamplers, dirty_hi = 0;
   };

   uint32_t find_or_create(const pipe_sampler_state &key, uint64_t hash, bool *failed);
   uint32_t probe(const pipe_sampler_state &key, uint64_t hash) const;
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
   cso_sampler_stats stats_;
};

}  // namespace clampler
