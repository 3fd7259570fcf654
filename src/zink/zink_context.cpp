// zink_context: sampler CSOs backed by cached VkSamplers, and submission serials for late destruction.
#include "clampler/zink/zink_context.h"

#include <new>

namespace clampler {

zink_context::zink_context(zink_screen &screen, zink_sampler_cache &cache)
    : screen_(screen), cache_(cache), serial_(cache.next_serial()) {
   cache_.register_context(this, [this](uint64_t serial) { return wait(serial); });
   std::lock_guard<std::mutex> lock(mutex_);
   report_locked();
}

zink_context::~zink_context() {
   {
      std::lock_guard<std::mutex> lock(mutex_);
      wait_locked(serial_);
      for (auto &stage : bound_)
         stage.fill(nullptr);
   }
   // Blocks until no other thread is inside this context's wait callback.
   cache_.unregister_context(this);
   std::lock_guard<std::mutex> lock(mutex_);
   for (const pending &p : pending_)  // only if a wait failed
      screen_.vk().vkDestroyFence(screen_.device(), p.fence, nullptr);
   pending_.clear();
}

void zink_context::retire_locked() {
   const VolkDeviceTable &vk = screen_.vk();
   while (!pending_.empty() && vk.vkGetFenceStatus(screen_.device(), pending_.front().fence) == VK_SUCCESS) {
      vk.vkDestroyFence(screen_.device(), pending_.front().fence, nullptr);
      pending_.pop_front();
   }
}

void zink_context::report_locked() {
   cache_.report_unfinished(this, pending_.empty() ? serial_ : pending_.front().serial);
}

void *zink_context::create_sampler_state(const pipe_sampler_state &templ) {
   // No context lock here: the cache may call back into wait() while recycling.
   std::string warning, error;
   const zink_sampler_key key = zink_sampler_key_from_pipe(
      screen_.device_caps(), templ, &warning, screen_.sampled_view(static_cast<pipe_format>(templ.border_color_format)));
   VkResult result = VK_SUCCESS;
   zink_sampler *s = cache_.acquire(key, &result, &error);
   std::lock_guard<std::mutex> lock(mutex_);
   last_result_ = result;
   if (!warning.empty())
      last_warning_ = warning;
   if (!s) {
      last_error_ = error;
      return nullptr;
   }
   return new zink_sampler_state{s};
}

void zink_context::delete_sampler_state(void *handle) {
   auto *st = static_cast<zink_sampler_state *>(handle);
   if (!st)
      return;
   uint64_t serial;
   {
      std::lock_guard<std::mutex> lock(mutex_);
      for (auto &stage : bound_)
         for (zink_sampler_state *&b : stage)
            if (b == st)
               b = nullptr;
      serial = serial_;
   }
   // It may have been bound for the batch being recorded: that batch counts as a use.
   cache_.mark_used(st->sampler, serial);
   cache_.release(st->sampler);
   delete st;
}

void zink_context::bind_sampler_states(pipe_shader_type stage, unsigned start, unsigned count,
                                       void *const *handles) {
   std::lock_guard<std::mutex> lock(mutex_);
   for (unsigned i = 0; i < count && start + i < kSlots && stage < PIPE_SHADER_TYPES; ++i) {
      auto *st = static_cast<zink_sampler_state *>(handles[i]);
      bound_[stage][start + i] = st;
      if (st)
         cache_.mark_used(st->sampler, serial_);
   }
}

void *zink_context::create_rasterizer_state(const pipe_rasterizer_state &templ) {
   return new (std::nothrow) zink_rasterizer_state(zink_create_rasterizer(screen_.device_caps(), templ));
}

void zink_context::bind_rasterizer_state(void *handle) {
   std::lock_guard<std::mutex> lock(mutex_);
   rast_ = static_cast<const zink_rasterizer_state *>(handle);
}

void zink_context::delete_rasterizer_state(void *handle) {
   {
      std::lock_guard<std::mutex> lock(mutex_);
      if (rast_ == handle)
         rast_ = nullptr;
   }
   delete static_cast<zink_rasterizer_state *>(handle);
}

VkSampler zink_context::bound_sampler(pipe_shader_type stage, unsigned slot) const {
   std::lock_guard<std::mutex> lock(mutex_);
   if (stage >= PIPE_SHADER_TYPES || slot >= kSlots || !bound_[stage][slot])
      return VK_NULL_HANDLE;
   return bound_[stage][slot]->sampler->sampler;
}

uint64_t zink_context::flush() {
   std::lock_guard<std::mutex> lock(mutex_);
   return flush_locked();
}

uint64_t zink_context::flush_locked() {
   // Everything still bound is read by the batch being closed.
   for (auto &stage : bound_)
      for (zink_sampler_state *st : stage)
         if (st)
            cache_.mark_used(st->sampler, serial_);
   const VolkDeviceTable &vk = screen_.vk();
   VkFenceCreateInfo fci{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
   VkFence fence = VK_NULL_HANDLE;
   VkSubmitInfo si{VK_STRUCTURE_TYPE_SUBMIT_INFO};
   std::unique_lock<std::mutex> queue_lock(screen_.queue_mutex());
   if (vk.vkCreateFence(screen_.device(), &fci, nullptr, &fence) != VK_SUCCESS ||
       vk.vkQueueSubmit(screen_.queue(), 1, &si, fence) != VK_SUCCESS) {
      // Cannot track this batch: drain the queue so it is certainly finished.
      if (fence)
         vk.vkDestroyFence(screen_.device(), fence, nullptr);
      vk.vkQueueWaitIdle(screen_.queue());
   } else {
      pending_.push_back({serial_, fence});
   }
   const uint64_t closed = serial_;
   serial_ = cache_.next_serial();
   retire_locked();  // finished batches stop holding samplers back
   report_locked();
   return closed;
}

size_t zink_context::update_completed() {
   std::lock_guard<std::mutex> lock(mutex_);
   retire_locked();
   report_locked();
   return pending_.size();
}

bool zink_context::wait(uint64_t serial) {
   std::lock_guard<std::mutex> lock(mutex_);
   return wait_locked(serial);
}

bool zink_context::wait_locked(uint64_t serial) {
   if (serial >= serial_)
      flush_locked();  // the batch being recorded may read it: submit it first
   const VolkDeviceTable &vk = screen_.vk();
   bool ok = true;
   while (!pending_.empty() && pending_.front().serial <= serial) {
      if (vk.vkWaitForFences(screen_.device(), 1, &pending_.front().fence, VK_TRUE, UINT64_MAX) != VK_SUCCESS) {
         ok = false;
         break;
      }
      vk.vkDestroyFence(screen_.device(), pending_.front().fence, nullptr);
      pending_.pop_front();
   }
   report_locked();
   return ok;
}

}  // namespace clampler
