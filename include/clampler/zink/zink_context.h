// zink_context: a pipe_context whose sampler states are VkSamplers from the device-wide cache and whose rasterizer states are Vulkan rasterization structs.
#pragma once

#include <array>
#include <deque>
#include <mutex>
#include <string>

#include "clampler/pipe/p_context.h"
#include "clampler/zink/zink_rasterizer.h"
#include "clampler/zink/zink_sampler_cache.h"
#include "clampler/zink/zink_screen.h"

namespace clampler {

// The driver handle create_sampler_state returns.
struct zink_sampler_state {
   zink_sampler *sampler;
};

class zink_context final : public pipe_context {
public:
   static constexpr unsigned kSlots = 32;

   zink_context(zink_screen &screen, zink_sampler_cache &cache);
   // Waits for its submissions and unregisters from the cache. CSOs it created must be
   // deleted (by their cso_context) before it is destroyed.
   ~zink_context() override;

   void *create_sampler_state(const pipe_sampler_state &templ) override;
   void delete_sampler_state(void *handle) override;
   void bind_sampler_states(pipe_shader_type stage, unsigned start, unsigned count,
                            void *const *handles) override;
   // Rasterizer CSOs are zink_rasterizer_state, translated for this screen's device.
   void *create_rasterizer_state(const pipe_rasterizer_state &templ) override;
   void bind_rasterizer_state(void *handle) override;
   void delete_rasterizer_state(void *handle) override;
   const zink_rasterizer_state *bound_rasterizer() const { return rast_; }

   // Submission serials (device-wide, from the cache). Work recorded since the last flush
   // belongs to current_serial(); flush() submits it with a fence and starts the next.
   // Bound samplers are marked as used by every batch they are bound for.
   uint64_t current_serial() const {
      std::lock_guard<std::mutex> lock(mutex_);
      return serial_;
   }
   uint64_t flush();
   // Polls fences and reports progress to the cache; returns how many batches are in flight.
   size_t update_completed();
   // Batches submitted and not yet retired (no polling).
   size_t in_flight() const {
      std::lock_guard<std::mutex> lock(mutex_);
      return pending_.size();
   }
   // Waits until every batch of this context with a serial <= `serial` has finished.
   bool wait(uint64_t serial);

   VkResult last_result() const { return last_result_; }
   const std::string &last_error() const { return last_error_; }
   const std::string &last_warning() const { return last_warning_; }
   VkSampler bound_sampler(pipe_shader_type stage, unsigned slot) const;

private:
   zink_screen &screen_;
   zink_sampler_cache &cache_;
   // Callers hold mutex_. The cache may ask any context to wait from another thread
   // (to recycle a sampler), so the batch state is guarded; the cache lock is never
   // held while a context lock is taken from the cache side.
   uint64_t flush_locked();
   bool wait_locked(uint64_t serial);
   void report_locked();
   void retire_locked();  // destroys the fences of finished batches
   mutable std::mutex mutex_;
   uint64_t serial_;
   struct pending {
      uint64_t serial;
      VkFence fence;
   };
   std::deque<pending> pending_;
   std::array<std::array<zink_sampler_state *, kSlots>, PIPE_SHADER_TYPES> bound_{};
   const zink_rasterizer_state *rast_ = nullptr;  // the bound rasterizer CSO (owned by its creator's cache)
   VkResult last_result_ = VK_SUCCESS;
   std::string last_error_, last_warning_;
};

}  // namespace clampler
