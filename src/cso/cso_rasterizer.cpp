// cso_rasterizer_cache: rasterizer states normalised, hashed, created once and bound on change.
#include "clampler/cso/cso_rasterizer.h"

#include "cso_hash.h"

#include <cstring>

namespace clampler {
namespace {

uint8_t flag(uint8_t v) { return v != 0; }
float positive_zero(float f) { return f == 0.0f ? 0.0f : f; }

using cso_detail::kWordSalt;
using cso_detail::mum;

std::array<uint64_t, 7> words(const pipe_rasterizer_state &s) {
   static_assert(sizeof(pipe_rasterizer_state) == 7 * sizeof(uint64_t));
   std::array<uint64_t, 7> w;
   std::memcpy(w.data(), static_cast<const void *>(&s), sizeof s);
   return w;
}

}  // namespace

pipe_rasterizer_state cso_normalize_rasterizer(const pipe_rasterizer_state &s) {
   pipe_rasterizer_state n = s;
   // Each flag field by name (a loop over their addresses kept the compiler from folding them).
#define CSO_FLAG(f) n.f = flag(s.f)
   CSO_FLAG(flatshade); CSO_FLAG(flatshade_first); CSO_FLAG(light_twoside); CSO_FLAG(clamp_vertex_color);
   CSO_FLAG(clamp_fragment_color); CSO_FLAG(front_ccw); CSO_FLAG(offset_point); CSO_FLAG(offset_line);
   CSO_FLAG(offset_tri); CSO_FLAG(poly_smooth); CSO_FLAG(poly_stipple_enable); CSO_FLAG(line_smooth);
   CSO_FLAG(line_stipple_enable); CSO_FLAG(line_last_pixel); CSO_FLAG(point_quad_rasterization);
   CSO_FLAG(point_smooth); CSO_FLAG(point_size_per_vertex); CSO_FLAG(scissor); CSO_FLAG(multisample);
   CSO_FLAG(half_pixel_center); CSO_FLAG(bottom_edge_rule); CSO_FLAG(depth_clip_near); CSO_FLAG(depth_clip_far);
   CSO_FLAG(clip_halfz); CSO_FLAG(rasterizer_discard);
#undef CSO_FLAG
   n.pad = 0;
   n.cull_face = static_cast<pipe_face>(n.cull_face & PIPE_FACE_FRONT_AND_BACK);
   // A culled side is never drawn: its fill mode cannot matter.
   if (n.cull_face == PIPE_FACE_FRONT_AND_BACK)
      n.fill_front = n.fill_back = PIPE_POLYGON_MODE_FILL;
   else if (n.cull_face == PIPE_FACE_FRONT)
      n.fill_front = n.fill_back;
   else if (n.cull_face == PIPE_FACE_BACK)
      n.fill_back = n.fill_front;
   if (!n.offset_point && !n.offset_line && !n.offset_tri)
      n.offset_units = n.offset_scale = n.offset_clamp = 0.0f;
   if (!n.line_stipple_enable) {
      n.line_stipple_pattern = 0;
      n.line_stipple_factor = 0;
   }
   n.offset_units = positive_zero(n.offset_units);
   n.offset_scale = positive_zero(n.offset_scale);
   n.offset_clamp = positive_zero(n.offset_clamp);
   n.line_width = positive_zero(n.line_width);
   n.point_size = positive_zero(n.point_size);
   return n;
}

uint64_t cso_hash_rasterizer(const pipe_rasterizer_state &s) {
   const auto w = words(s);
   // Word pairs through 64x64->128 multiplies, each word with its own constant (order matters).
   return mum(w[0] ^ kWordSalt[0], w[1] ^ kWordSalt[1]) ^ mum(w[2] ^ kWordSalt[2], w[3] ^ kWordSalt[3]) ^
          mum(w[4] ^ kWordSalt[4], w[5] ^ kWordSalt[5]) ^ mum(w[6] ^ kWordSalt[6], kWordSalt[7]);
}

cso_rasterizer_cache::cso_rasterizer_cache(pipe_context &pipe, size_t max_entries)
    : pipe_(&pipe), max_entries_(max_entries == 0 ? 1 : max_entries),
      lookaside_(std::make_unique<lookaside_line[]>(kLookasideLines)) {}

cso_rasterizer_cache::~cso_rasterizer_cache() {
   unbind();
   for (auto &kv : entries_)
      pipe_->delete_rasterizer_state(kv.second.handle);
}

void cso_rasterizer_cache::unbind() {
   if (!bound_)
      return;
   bound_ = nullptr;
   pipe_->bind_rasterizer_state(nullptr);
   ++stats_.binds;
}

void cso_rasterizer_cache::evict_one_unbound() {
   auto victim = entries_.end();
   for (auto it = entries_.begin(); it != entries_.end(); ++it)
      if (&*it != bound_ && (victim == entries_.end() || it->second.last_use < victim->second.last_use))
         victim = it;
   if (victim == entries_.end())
      return;
   pipe_->delete_rasterizer_state(victim->second.handle);
   entries_.erase(victim);
   ++epoch_;  // every lookaside line filled before may point at the erased entry
   ++stats_.evictions;
}

cso_result cso_rasterizer_cache::set_rasterizer(const pipe_rasterizer_state &templ) {
   // The raw template's hash picks the line (the hash is of bytes, normalised or not).
   lookaside_line &line = lookaside_[cso_hash_rasterizer(templ) >> 54];
   static_assert(kLookasideLines == 1024, "the line is the hash's top 10 bits");
   map::value_type *e;
   if (line.entry && line.epoch == epoch_ && std::memcmp(&line.raw, &templ, sizeof templ) == 0) {
      ++stats_.hits;
      e = line.entry;
   } else {
      const pipe_rasterizer_state n = cso_normalize_rasterizer(templ);
      const hashed_key hk{n, cso_hash_rasterizer(n)};
      auto it = entries_.find(hk);
      if (it != entries_.end()) {
         ++stats_.hits;
      } else {
         ++stats_.misses;
         void *handle = pipe_->create_rasterizer_state(n);
         if (!handle) {
            ++stats_.create_failures;
            return CSO_OUT_OF_MEMORY;
         }
         it = entries_.emplace(hk, entry{handle, 0}).first;
      }
      e = &*it;
      line.raw = templ;
      line.entry = e;
      line.epoch = epoch_;
   }
   e->second.last_use = ++clock_;
   if (bound_ != e) {
      bound_ = e;
      pipe_->bind_rasterizer_state(e->second.handle);
      ++stats_.binds;
   }
   // After the bind, so the state bound before can go too: never more than max_entries.
   if (entries_.size() > max_entries_)
      evict_one_unbound();
   return CSO_OK;
}

}  // namespace clampler
