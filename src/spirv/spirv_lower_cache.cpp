// spirv_lower_cache: lowered modules per (module words, options), thread-safe, entries stable until the cache dies.
#include <functional>
#include <mutex>
#include <unordered_map>

#include "clampler/spirv/spirv_lower_tex.h"

namespace clampler {

namespace {

size_t mix(size_t h, size_t v) { return h ^ (v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2)); }

size_t options_hash(const spirv_lower_tex_options &o) {
   size_t h = st_shader_key_hash(o.key);
   for (const auto &b : o.bindings)
      h = mix(h, (size_t{b.set} << 40) ^ (size_t{b.binding} << 20) ^ b.sampler_index);
   for (const auto &l : o.lod)
      h = mix(mix(mix(h, std::hash<float>{}(l.lod_bias)), std::hash<float>{}(l.min_lod)), std::hash<float>{}(l.max_lod));
   return mix(h, o.unnormalized);
}

size_t words_hash(std::span<const uint32_t> words) {
   // Multiply-xor over 64-bit pairs of words in two independent lanes: a cache hit hashes the
   // whole module, and this is ~4x faster than a word-serial FNV chain.
   constexpr uint64_t prime = 0x100000001b3ull;
   uint64_t a = 0xcbf29ce484222325ull, b = 0x9e3779b97f4a7c15ull;
   size_t i = 0;
   for (; i + 4 <= words.size(); i += 4) {
      a = (a ^ (words[i] | uint64_t{words[i + 1]} << 32)) * prime;
      b = (b ^ (words[i + 2] | uint64_t{words[i + 3]} << 32)) * prime;
   }
   for (; i < words.size(); ++i)
      a = (a ^ words[i]) * prime;
   return mix(mix(words.size(), static_cast<size_t>(a ^ (a >> 29))), static_cast<size_t>(b ^ (b >> 29)));
}

struct entry {
   std::vector<uint32_t> module;
   spirv_lower_tex_options options;
   std::vector<uint32_t> lowered;
};

}  // namespace

struct spirv_lower_cache::impl {
   mutable std::mutex mutex;
   std::unordered_multimap<size_t, std::unique_ptr<entry>> entries;
   size_t hits = 0, misses = 0;

   const entry *find(size_t h, std::span<const uint32_t> module, const spirv_lower_tex_options &options) const {
      auto [b, e] = entries.equal_range(h);
      for (auto it = b; it != e; ++it) {
         const entry &en = *it->second;
         if (en.module.size() == module.size() && std::equal(module.begin(), module.end(), en.module.begin()) &&
             en.options == options)
            return &en;
      }
      return nullptr;
   }
};

spirv_lower_cache::spirv_lower_cache() : impl_(std::make_unique<impl>()) {}
spirv_lower_cache::~spirv_lower_cache() = default;

const std::vector<uint32_t> *spirv_lower_cache::get(std::span<const uint32_t> module, const spirv_lower_tex_options &options,
                                                    std::string *error) {
   const size_t h = mix(words_hash(module), options_hash(options));
   {
      std::lock_guard lock(impl_->mutex);
      if (const entry *e = impl_->find(h, module, options)) {
         ++impl_->hits;
         return &e->lowered;
      }
      ++impl_->misses;
   }
   // Lower outside the lock; a thread that raced us to the same entry wins and ours is dropped.
   auto e = std::make_unique<entry>();
   if (!spirv_lower_tex(module, options, &e->lowered, error))
      return nullptr;
   e->module.assign(module.begin(), module.end());
   e->options = options;
   std::lock_guard lock(impl_->mutex);
   if (const entry *existing = impl_->find(h, module, options))
      return &existing->lowered;
   const entry *raw = e.get();
   impl_->entries.emplace(h, std::move(e));
   return &raw->lowered;
}

size_t spirv_lower_cache::size() const {
   std::lock_guard lock(impl_->mutex);
   return impl_->entries.size();
}
size_t spirv_lower_cache::hits() const {
   std::lock_guard lock(impl_->mutex);
   return impl_->hits;
}
size_t spirv_lower_cache::misses() const {
   std::lock_guard lock(impl_->mutex);
   return impl_->misses;
}

}  // namespace clampler
