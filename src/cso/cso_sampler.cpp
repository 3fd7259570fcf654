// cso_context: a bounded, hashed cache of sampler states with per-stage binding.
#include "clampler/cso/cso_sampler.h"

#include <algorithm>
#include <cstring>

namespace clampler {
namespace {

float positive_zero(float f) { return f == 0.0f ? 0.0f : f; }

inline uint64_t mum(uint64_t a, uint64_t b) {
   const __uint128_t r = static_cast<__uint128_t>(a) * b;
   return static_cast<uint64_t>(r) ^ static_cast<uint64_t>(r >> 64);
}

}  // namespace

pipe_sampler_state cso_normalize_sampler(const pipe_sampler_state &in, bool need_border_color_type) {
   pipe_sampler_state s = in;
   if (s.compare_mode == PIPE_TEX_COMPARE_NONE)
      s.compare_func = PIPE_FUNC_NEVER;
   if (s.max_anisotropy <= 1)
      s.max_anisotropy = 0;
   s.unnormalized_coords = s.unnormalized_coords ? 1 : 0;
   s.seamless_cube_map = s.seamless_cube_map ? 1 : 0;
   s.min_lod = std::clamp(positive_zero(s.min_lod), 0.0f, CSO_MAX_LOD);
   s.max_lod = std::clamp(positive_zero(s.max_lod), s.min_lod, CSO_MAX_LOD);
   s.lod_bias = positive_zero(s.lod_bias);
   if (s.min_mip_filter == PIPE_TEX_MIPFILTER_NONE && s.min_img_filter == s.mag_img_filter)
      s.lod_bias = s.min_lod = s.max_lod = 0.0f;
   const bool border = pipe_wrap_uses_border(s.wrap_s) || pipe_wrap_uses_border(s.wrap_t) ||
                       pipe_wrap_uses_border(s.wrap_r);
   if (!border) {
      s.border_color.ui[0] = s.border_color.ui[1] = s.border_color.ui[2] = s.border_color.ui[3] = 0;
      s.border_color_is_integer = 0;
   } else if (!s.border_color_is_integer) {
      for (float &f : s.border_color.f)
         f = positive_zero(f);
   }
   if (!need_border_color_type)
      s.border_color_is_integer = 0;
   s.border_color_is_integer = s.border_color_is_integer ? 1 : 0;
   s.pad[0] = s.pad[1] = s.pad[2] = 0;
   return s;
}

uint64_t cso_hash_sampler(const pipe_sampler_state &s, size_t size) {
   // Word-wise multiply-xorshift mixing: every byte affects every output bit and
   // word order matters (an XOR fold would collide on swapped words).
   unsigned char bytes[sizeof(pipe_sampler_state)];
   std::memcpy(bytes, &s, sizeof(s));
   uint64_t h = 0x9E3779B97F4A7C15ull ^ size;
   size_t i = 0;
   for (; i + 8 <= size; i += 8) {
      uint64_t w;
      std::memcpy(&w, bytes + i, 8);
      h = mum(h ^ w, 0xA0761D6478BD642Full) + 0xE7037ED1A0B428DBull;
   }
   if (i < size) {
      uint32_t w;
      std::memcpy(&w, bytes + i, 4);
      h = mum(h ^ w, 0x8EBC6AF09C88C6E3ull);
   }
   return mum(h, 0x589965CC75374CC3ull);
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
}

cso_context::~cso_context() {
   for (entry &e : entries_)
      if (e.live)
         pipe_->delete_sampler_state(e.handle);
}

uint32_t cso_context::probe(const pipe_sampler_state &key, uint64_t hash) const {
   for (size_t i = hash & index_mask_;; i = (i + 1) & index_mask_) {
      const uint32_t slot = index_[i];
      if (!slot)
         return 0;
      const entry &e = entries_[slot - 1];
      if (e.hash == hash && std::memcmp(&e.key, &key, key_size_) == 0)
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
   // Evict the least recently used quarter of the cache, bound states excepted.
   std::vector<uint32_t> victims;
   for (uint32_t i = 0; i < entries_.size(); ++i)
      if (entries_[i].live && entries_[i].bind_count == 0)
         victims.push_back(i);
   const size_t want = std::min(victims.size(), std::max<size_t>(max_entries_ / 4, 1));
   std::partial_sort(victims.begin(), victims.begin() + want, victims.end(),
                     [this](uint32_t a, uint32_t b) { return entries_[a].last_use < entries_[b].last_use; });
   for (size_t k = 0; k < want; ++k) {
      entry &e = entries_[victims[k]];
      index_erase(victims[k]);
      pipe_->delete_sampler_state(e.handle);
      e = entry{};
      free_.push_back(victims[k]);
      --live_;
      ++stats_.evictions;
   }
}

uint32_t cso_context::find_or_create(const pipe_sampler_state &key, uint64_t hash, bool *failed) {
   if (uint32_t slot = probe(key, hash)) {
      ++stats_.hits;
      return slot;
   }
   ++stats_.misses;
   if (live_ >= max_entries_)
      evict_unbound();
   void *handle = pipe_->create_sampler_state(key);
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
   e.bind_count = 0;
   ++live_;
   if (live_ * 2 > index_.size())
      grow_index();  // only when every entry is bound and the bound was exceeded
   index_insert(idx);
   stats_.entries = live_;
   return idx + 1;
}

cso_result cso_context::single_sampler(pipe_shader_type stage, unsigned idx,
                                       const pipe_sampler_state *templ) {
   if (stage >= PIPE_SHADER_TYPES || idx >= kMaxSamplers)
      return CSO_OK;
   stage_slots &st = stages_[stage];
   uint32_t slot = 0;
   if (templ) {
      const pipe_sampler_state key = cso_normalize_sampler(*templ, need_type_);
      const uint64_t hash = cso_hash_sampler(key, key_size_);
      // Fast path: the slot already holds this state.
      if (const uint32_t cur = st.entry[idx]) {
         const entry &e = entries_[cur - 1];
         if (e.hash == hash && std::memcmp(&e.key, &key, key_size_) == 0) {
            entries_[cur - 1].last_use = ++clock_;
            ++stats_.hits;
            return CSO_OK;
         }
      }
      bool failed = false;
      slot = find_or_create(key, hash, &failed);
      if (failed)
         return CSO_OUT_OF_MEMORY;
      entries_[slot - 1].last_use = ++clock_;
   }
   const uint32_t old = st.entry[idx];
   if (old == slot)
      return CSO_OK;
   if (old)
      --entries_[old - 1].bind_count;
   if (slot)
      ++entries_[slot - 1].bind_count;
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
   for (unsigned i = st.dirty_lo; i < st.dirty_hi; ++i)
      handles[i - st.dirty_lo] = st.entry[i] ? entries_[st.entry[i] - 1].handle : nullptr;
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
