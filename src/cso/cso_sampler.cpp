// cso_context: a bounded, hashed cache of sampler states with per-stage binding.
#include "clampler/cso/cso_sampler.h"

#include "cso_hash.h"

#include <algorithm>
#include <cstring>

namespace clampler {
namespace {

using cso_detail::kWordSalt;
using cso_detail::mum;


}  // namespace

static_assert(sizeof(pipe_sampler_state) == 44 && offsetof(pipe_sampler_state, lod_bias) == 12 &&
              offsetof(pipe_sampler_state, min_lod) == 16 && offsetof(pipe_sampler_state, max_lod) == 20 &&
              offsetof(pipe_sampler_state, border_color) == 24 &&
              offsetof(pipe_sampler_state, border_color_is_integer) == 40,
              "cso_make_sampler_key assumes this layout");

namespace {

[[gnu::always_inline]] inline cso_sampler_key make_key(const pipe_sampler_state &s, bool need_border_color_type) {
   // Works on the state's words with masks instead of branches: the hit path runs on
   // states in random order, where data-dependent branches mispredict.
   uint64_t w[5];
   uint32_t tail;
   std::memcpy(w, static_cast<const void *>(&s), 40);
   std::memcpy(&tail, reinterpret_cast<const unsigned char *>(static_cast<const void *>(&s)) + 40, 4);
   const auto byte = [](uint64_t v, unsigned i) { return static_cast<uint32_t>(v >> (8 * i)) & 0xffu; };
   const auto all_if = [](bool b) { return uint64_t(0) - uint64_t(b); };

   // w0 = wrap s/t/r, min/mag/mip filter, compare mode, compare func (bytes 0..7);
   // the compare func is meaningless without compare.
   const uint64_t w0 = w[0] & (0x00ffffffffffffffull | all_if(byte(w[0], 6) != PIPE_TEX_COMPARE_NONE));
   // w1 = unnormalized, seamless, reduction, anisotropy (bytes 8..11), lod_bias (12..15).
   const uint32_t aniso = byte(w[1], 3);
   uint64_t w1 = uint64_t(byte(w[1], 0) != 0) | uint64_t(byte(w[1], 1) != 0) << 8 |
                 uint64_t(byte(w[1], 2)) << 16 | uint64_t(aniso > 1 ? aniso : 0) << 24;
   // LODs on their bits: for floats >= 0 the bit patterns order like the values, and a
   // set sign bit means < 0 (or -0.0), which clamps to 0. MIN_LOD and MAX_LOD are dropped
   // when level 0 is the only level and the min/mag switch cannot change the filter; the bias
   // never is (textureQueryLod reports λ' with it).
   constexpr uint32_t kMax = 0x42000000u;  // 32.0f
   static_assert(CSO_MAX_LOD == 32.0f);
   const uint32_t bias_in = static_cast<uint32_t>(w[1] >> 32);
   const uint32_t bias = bias_in == 0x80000000u ? 0u : bias_in;
   uint32_t lo = static_cast<uint32_t>(w[2]), hi = static_cast<uint32_t>(w[2] >> 32);
   lo = static_cast<int32_t>(lo) <= 0 ? 0u : (lo > kMax ? kMax : lo);
   hi = static_cast<int32_t>(hi) <= 0 ? 0u : (hi > kMax ? kMax : hi);
   hi = hi < lo ? lo : hi;
   const uint64_t lod_mask =
      all_if(!(byte(w0, 5) == PIPE_TEX_MIPFILTER_NONE && byte(w0, 3) == byte(w0, 4)));
   w1 |= uint64_t(bias) << 32;
   const uint64_t w2 = (uint64_t(lo) | uint64_t(hi) << 32) & lod_mask;
   // Border colour (w3, w4) and its integer flag only when a wrap reads the border.
   const uint64_t border_mask = all_if(((w0 | w0 >> 8 | w0 >> 16) & 1) != 0);
   // The colour words are kept bit-exact: without need_border_color_type the key cannot
   // tell an integer colour from a float one, so -0.0 is not folded (0x80000000 may be
   // INT_MIN or 2^31).
   const bool integer = (tail & 0xffu) != 0;
   const uint64_t w3 = w[3] & border_mask;
   const uint64_t w4 = w[4] & border_mask;
   // Tail: the integer flag (byte 40) and the border colour format (bytes 42..43).
   const uint32_t t = ((need_border_color_type && integer ? 1u : 0u) | (need_border_color_type ? tail & 0xffff0000u : 0u)) &
                      static_cast<uint32_t>(border_mask);
   return {{w0, w1, w2, w3, w4}, t};
}

[[gnu::always_inline]] inline uint64_t hash_key(const cso_sampler_key &k) {
   // Three independent 64x64->128 multiplies over word pairs, each word with its own
   // constant: every bit reaches the result and word order matters (an XOR fold
   // collides on swapped words).
   return mum(k.w[0] ^ kWordSalt[0], k.w[1] ^ kWordSalt[1]) ^ mum(k.w[2] ^ kWordSalt[2], k.w[3] ^ kWordSalt[3]) ^
          mum(k.w[4] ^ kWordSalt[4], uint64_t(k.tail) ^ kWordSalt[5]);
}

// The raw template is never assembled in a local key: copying such a struct mixes
// narrow stores with wide loads, and the failed store forwarding cost more than the
// whole lookup. Words are read from the template and compared or stored one by one.
[[gnu::always_inline]] inline uint64_t raw_word(const pipe_sampler_state &s, unsigned i) {
   uint64_t w;
   std::memcpy(&w, reinterpret_cast<const unsigned char *>(static_cast<const void *>(&s)) + 8 * i, 8);
   return w;
}
[[gnu::always_inline]] inline uint32_t raw_tail(const pipe_sampler_state &s) {
   uint32_t t;
   std::memcpy(&t, reinterpret_cast<const unsigned char *>(static_cast<const void *>(&s)) + 40, 4);
   return t;
}
[[gnu::always_inline]] inline bool raw_equal(const cso_sampler_key &k, const pipe_sampler_state &s) {
   return ((k.w[0] ^ raw_word(s, 0)) | (k.w[1] ^ raw_word(s, 1)) | (k.w[2] ^ raw_word(s, 2)) |
           (k.w[3] ^ raw_word(s, 3)) | (k.w[4] ^ raw_word(s, 4)) | (k.tail ^ raw_tail(s))) == 0;
}
[[gnu::always_inline]] inline void raw_store(cso_sampler_key &k, const pipe_sampler_state &s) {
   for (unsigned i = 0; i < 5; ++i)
      k.w[i] = raw_word(s, i);
   k.tail = raw_tail(s);
}

// Line of the lookaside for a raw template: six independent multiplies by distinct odd
// constants (position-dependent, so swapped words land elsewhere), top bits kept.
[[gnu::always_inline]] inline size_t lookaside_line_of(const pipe_sampler_state &s) {
   const uint64_t h = raw_word(s, 0) * 0x9E3779B97F4A7C15ull ^ raw_word(s, 1) * 0xC2B2AE3D27D4EB4Full ^
                      raw_word(s, 2) * 0x165667B19E3779F9ull ^ raw_word(s, 3) * 0xD6E8FEB86659FD93ull ^
                      raw_word(s, 4) * 0xA0761D6478BD642Full ^ uint64_t(raw_tail(s)) * 0xE7037ED1A0B428DBull;
   return static_cast<size_t>((h ^ (h >> 29)) >> 52);  // 12 bits: kLookasideLines == 4096
}

}  // namespace

cso_sampler_key cso_make_sampler_key(const pipe_sampler_state &s, bool need_border_color_type) {
   return make_key(s, need_border_color_type);
}

pipe_sampler_state cso_key_to_state(const cso_sampler_key &key) {
   pipe_sampler_state s;
   std::memcpy(static_cast<void *>(&s), key.w, 40);
   std::memcpy(reinterpret_cast<unsigned char *>(static_cast<void *>(&s)) + 40, &key.tail, 4);
   return s;
}

uint64_t cso_hash_key(const cso_sampler_key &k) { return hash_key(k); }

uint64_t cso_hash_sampler(const pipe_sampler_state &s, size_t size) {
   cso_sampler_key k;
   std::memcpy(k.w, &s, 40);
   k.tail = 0;
   if (size > 40)
      std::memcpy(&k.tail, reinterpret_cast<const unsigned char *>(&s) + 40, 4);
   return cso_hash_key(k);
}

cso_context::cso_context(pipe_context &pipe, bool need_border_color_type, size_t max_entries)
    : pipe_(&pipe),
      key_size_(pipe_sampler_key_size(need_border_color_type)),
      need_type_(need_border_color_type),
      max_entries_(std::max<size_t>(max_entries, 1)) {
   size_t cap = 16;
   while (cap < max_entries_ * 2)
      cap *= 2;
   index_.assign(cap, 0);
   index_mask_ = cap - 1;
   entries_.reserve(max_entries_);
   lookaside_.resize(kLookasideLines);
}

cso_context::~cso_context() {
   // Unbind first: the driver must never hold a deleted state.
   const std::array<void *, kMaxSamplers> nulls{};
   for (unsigned stage = 0; stage < PIPE_SHADER_TYPES; ++stage) {
      const stage_slots &st = stages_[stage];
      unsigned hi = 0;
      for (unsigned i = 0; i < kMaxSamplers; ++i)
         if (st.driver[i])
            hi = i + 1;
      if (hi)
         pipe_->bind_sampler_states(static_cast<pipe_shader_type>(stage), 0, hi, nulls.data());
   }
   for (entry &e : entries_)
      if (e.live)
         pipe_->delete_sampler_state(e.handle);
}

uint32_t cso_context::probe(const cso_sampler_key &key, uint64_t hash) const {
   for (size_t i = hash & index_mask_;; i = (i + 1) & index_mask_) {
      const uint32_t slot = index_[i];
      if (!slot)
         return 0;
      const entry &e = entries_[slot - 1];
      if (e.hash == hash && e.key == key)
         return slot;
   }
}

void cso_context::index_insert(uint32_t entry_index) {
   size_t i = entries_[entry_index].hash & index_mask_;
   while (index_[i])
      i = (i + 1) & index_mask_;
   index_[i] = entry_index + 1;
}

void cso_context::index_erase(uint32_t entry_index) {
   size_t i = entries_[entry_index].hash & index_mask_;
   while (index_[i] != entry_index + 1)
      i = (i + 1) & index_mask_;
   // Backward-shift deletion keeps every probe chain unbroken without tombstones.
   for (size_t j = (i + 1) & index_mask_; index_[j]; j = (j + 1) & index_mask_) {
      const size_t home = entries_[index_[j] - 1].hash & index_mask_;
      const bool between = i <= j ? (i < home && home <= j) : (i < home || home <= j);
      if (!between) {
         index_[i] = index_[j];
         i = j;
      }
   }
   index_[i] = 0;
}

void cso_context::grow_index() {
   std::vector<uint32_t> old;
   old.swap(index_);
   index_.assign(old.size() * 2, 0);
   index_mask_ = index_.size() - 1;
   for (uint32_t slot : old)
      if (slot)
         index_insert(slot - 1);
}

void cso_context::evict_unbound() {
   // Bound entries are found from the slots (at most 6 x 32) rather than counted on
   // every bind: eviction is rare, binding is the hot path.
   std::vector<bool> bound(entries_.size(), false);
   for (const stage_slots &st : stages_) {
      for (uint32_t e : st.entry)  // pending for the next single_sampler_done
         if (e)
            bound[e - 1] = true;
      for (uint32_t e : st.driver)  // what the driver has bound right now
         if (e)
            bound[e - 1] = true;
   }
   // Evict the least recently used quarter of the cache, bound states excepted.
   std::vector<uint32_t> victims;
   for (uint32_t i = 0; i < entries_.size(); ++i)
      if (entries_[i].live && !bound[i])
         victims.push_back(i);
   const size_t want = std::min(victims.size(), std::max<size_t>(max_entries_ / 4, 1));
   std::partial_sort(victims.begin(), victims.begin() + want, victims.end(),
                     [this](uint32_t a, uint32_t b) { return entries_[a].last_use < entries_[b].last_use; });
   for (size_t k = 0; k < want; ++k) {
      entry &e = entries_[victims[k]];
      index_erase(victims[k]);
      pipe_->delete_sampler_state(e.handle);
      const uint32_t generation = e.generation + 1;
      e = entry{};
      e.generation = generation;
      free_.push_back(victims[k]);
      --live_;
      ++stats_.evictions;
   }
}

uint32_t cso_context::find_or_create(const cso_sampler_key &key, uint64_t hash, bool *failed) {
   if (uint32_t slot = probe(key, hash)) {
      ++stats_.hits;
      entries_[slot - 1].last_use = ++clock_;
      return slot;
   }
   ++stats_.misses;
   if (live_ >= max_entries_)
      evict_unbound();
   void *handle = pipe_->create_sampler_state(cso_key_to_state(key));
   if (!handle) {
      ++stats_.create_failures;
      *failed = true;
      return 0;
   }
   uint32_t idx;
   if (!free_.empty()) {
      idx = free_.back();
      free_.pop_back();
   } else {
      idx = static_cast<uint32_t>(entries_.size());
      entries_.emplace_back();
   }
   entry &e = entries_[idx];
   e.key = key;
   e.hash = hash;
   e.handle = handle;
   e.live = true;
   e.last_use = ++clock_;
   ++live_;
   if (live_ * 2 > index_.size())
      grow_index();  // only when every entry is bound and the bound was exceeded
   index_insert(idx);
   stats_.entries = live_;
   return idx + 1;
}

uint32_t cso_context::lookup_slow(const pipe_sampler_state &templ, size_t line, bool *failed) {
   const cso_sampler_key key = make_key(templ, need_type_);
   const uint32_t slot = find_or_create(key, hash_key(key), failed);
   if (slot) {
      lookaside_line &l = lookaside_[line];
      raw_store(l.raw, templ);
      l.entry = slot;
      l.generation = entries_[slot - 1].generation;
   }
   return slot;
}

cso_result cso_context::single_sampler(pipe_shader_type stage, unsigned idx,
                                       const pipe_sampler_state *templ) {
   if (stage >= PIPE_SHADER_TYPES || idx >= kMaxSamplers)
      return CSO_OK;
   stage_slots &st = stages_[stage];
   uint32_t slot = 0;
   if (templ) {
      // Fastest path: the slot already holds exactly this template.
      if (st.entry[idx] && raw_equal(st.raw[idx], *templ)) {
         ++stats_.hits;
         return CSO_OK;
      }
      const size_t line = lookaside_line_of(*templ);
      const lookaside_line &l = lookaside_[line];
      if (l.entry && raw_equal(l.raw, *templ) && entries_[l.entry - 1].generation == l.generation &&
          entries_[l.entry - 1].live) {
         ++stats_.hits;
         slot = l.entry;
         entries_[slot - 1].last_use = ++clock_;
      } else {
         bool failed = false;
         slot = lookup_slow(*templ, line, &failed);
         if (failed)
            return CSO_OUT_OF_MEMORY;
      }
      raw_store(st.raw[idx], *templ);
   }
   const uint32_t old = st.entry[idx];
   if (old == slot)
      return CSO_OK;
   if (old)
      entries_[old - 1].last_use = ++clock_;  // LRU age counts from when it was last bound
   st.entry[idx] = slot;
   st.dirty_lo = std::min(st.dirty_lo, idx);
   st.dirty_hi = std::max(st.dirty_hi, idx + 1);
   return CSO_OK;
}

void cso_context::single_sampler_done(pipe_shader_type stage) {
   if (stage >= PIPE_SHADER_TYPES)
      return;
   stage_slots &st = stages_[stage];
   if (st.dirty_lo >= st.dirty_hi)
      return;
   std::array<void *, kMaxSamplers> handles{};
   for (unsigned i = st.dirty_lo; i < st.dirty_hi; ++i) {
      handles[i - st.dirty_lo] = st.entry[i] ? entries_[st.entry[i] - 1].handle : nullptr;
      st.driver[i] = st.entry[i];
   }
   pipe_->bind_sampler_states(stage, st.dirty_lo, st.dirty_hi - st.dirty_lo, handles.data());
   st.dirty_lo = kMaxSamplers;
   st.dirty_hi = 0;
}

void *cso_context::bound_handle(pipe_shader_type stage, unsigned idx) const {
   if (stage >= PIPE_SHADER_TYPES || idx >= kMaxSamplers)
      return nullptr;
   const uint32_t e = stages_[stage].entry[idx];
   return e ? entries_[e - 1].handle : nullptr;
}

}  // namespace clampler
