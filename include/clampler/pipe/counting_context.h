// counting_context: a pipe_context that records what the CSO caches asked of it (tests, CLI, benchmarks).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "clampler/pipe/p_context.h"

namespace clampler {

class counting_context final : public pipe_context {
public:
   static constexpr unsigned kSlots = 32;

   void *create_sampler_state(const pipe_sampler_state &templ) override {
      ++creates;
      if (fail_creates > 0) {
         --fail_creates;
         return nullptr;
      }
      auto *h = new pipe_sampler_state(templ);
      live.emplace(h, templ);
      return h;
   }
   void delete_sampler_state(void *handle) override {
      ++deletes;
      if (!live.erase(handle))
         ++bad_deletes;  // unknown or already deleted
      for (const auto &stage : bound)
         for (void *b : stage)
            if (b == handle)
               ++deletes_while_bound;
      // Kept until the context dies, so a later create never reuses this address and a
      // stale handle can never look live again.
      graveyard.emplace_back(static_cast<pipe_sampler_state *>(handle));
   }
   void bind_sampler_states(pipe_shader_type stage, unsigned start, unsigned count,
                            void *const *handles) override {
      ++binds;
      for (unsigned i = 0; i < count && start + i < kSlots; ++i)
         bound[stage][start + i] = handles[i];
   }
   void *create_rasterizer_state(const pipe_rasterizer_state &templ) override {
      ++rast_creates;
      if (fail_rasterizer_creates > 0) {
         --fail_rasterizer_creates;
         return nullptr;
      }
      auto *h = new pipe_rasterizer_state(templ);
      rast_live.emplace(h, templ);
      return h;
   }
   void bind_rasterizer_state(void *handle) override {
      ++rast_binds;
      if (handle && !rast_live.count(handle))
         ++rast_bad_binds;
      rast_bound = handle;
   }
   void delete_rasterizer_state(void *handle) override {
      ++rast_deletes;
      if (handle == rast_bound)
         ++rast_deletes_while_bound;
      if (!rast_live.erase(handle))
         ++rast_bad_deletes;
      rast_graveyard.emplace_back(static_cast<pipe_rasterizer_state *>(handle));
   }
   ~counting_context() override {
      for (auto &kv : live)
         delete static_cast<pipe_sampler_state *>(kv.first);
      for (auto &kv : rast_live)
         delete static_cast<pipe_rasterizer_state *>(kv.first);
   }

   uint64_t bad_deletes = 0, deletes_while_bound = 0;

   uint64_t creates = 0, deletes = 0, binds = 0;
   int fail_creates = 0;  // make the next N creates fail
   std::unordered_map<void *, pipe_sampler_state> live;
   std::vector<std::unique_ptr<pipe_sampler_state>> graveyard;
   std::array<std::array<void *, kSlots>, PIPE_SHADER_TYPES> bound{};

   // The rasterizer CSO, counted the same way.
   uint64_t rast_creates = 0, rast_deletes = 0, rast_binds = 0;
   uint64_t rast_bad_binds = 0, rast_bad_deletes = 0, rast_deletes_while_bound = 0;
   int fail_rasterizer_creates = 0;
   std::unordered_map<void *, pipe_rasterizer_state> rast_live;
   std::vector<std::unique_ptr<pipe_rasterizer_state>> rast_graveyard;
   void *rast_bound = nullptr;
};

}  // namespace clampler
