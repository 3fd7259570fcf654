// counting_context: a pipe_context that records what the CSO layer asked of it (tests, CLI, benchmarks).
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
   ~counting_context() override {
      for (auto &kv : live)
         delete static_cast<pipe_sampler_state *>(kv.first);
   }

   uint64_t bad_deletes = 0, deletes_while_bound = 0;

   uint64_t creates = 0, deletes = 0, binds = 0;
   int fail_creates = 0;  // make the next N creates fail
   std::unordered_map<void *, pipe_sampler_state> live;
   std::vector<std::unique_ptr<pipe_sampler_state>> graveyard;
   std::array<std::array<void *, kSlots>, PIPE_SHADER_TYPES> bound{};
};

}  // namespace clampler
