// The sampler cache under pressure: recycling order, real object counts across threads, contexts dying mid-wait.
#include "zink_test_util.h"

#include <atomic>
#include <mutex>
#include <set>
#include <thread>

#include "clampler/cso/cso_sampler.h"
#include "clampler/zink/zink_context.h"

using namespace clampler;
using namespace clampler::test;

namespace {

pipe_sampler_state plain(unsigned i) {
   pipe_sampler_state s{};
   s.min_img_filter = s.mag_img_filter = PIPE_TEX_FILTER_LINEAR;
   s.min_mip_filter = PIPE_TEX_MIPFILTER_LINEAR;
   s.max_lod = 1000.0f;
   s.lod_bias = static_cast<float>(i % 4096) / 256.0f - 8.0f;
   return s;
}

pipe_sampler_state bordered(unsigned i) {
   pipe_sampler_state s = plain(0);
   s.wrap_s = PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   s.border_color.f[0] = static_cast<float>(i % 997) / 997.0f + 0.0001f;
   s.border_color.f[3] = 1.0f;
   return s;
}

// Counts the VkSamplers that really exist, through the cache's create/destroy hooks.
struct object_counter {
   std::mutex m;
   std::set<VkSampler> live, custom;
   size_t peak = 0, peak_custom = 0;
   uint64_t double_destroys = 0;

   void attach(zink_sampler_cache &cache, const zink_screen &screen) {
      cache.set_create_hook([this, &screen](const VkSamplerCreateInfo *ci, VkSampler *out) {
         const VkResult r = screen.vk().vkCreateSampler(screen.device(), ci, nullptr, out);
         if (r == VK_SUCCESS) {
            std::lock_guard<std::mutex> l(m);
            live.insert(*out);
            if (ci->borderColor == VK_BORDER_COLOR_FLOAT_CUSTOM_EXT || ci->borderColor == VK_BORDER_COLOR_INT_CUSTOM_EXT)
               custom.insert(*out);
            peak = std::max(peak, live.size());
            peak_custom = std::max(peak_custom, custom.size());
         }
         return r;
      });
      cache.set_destroy_hook([this](VkSampler s) {
         std::lock_guard<std::mutex> l(m);
         if (!live.erase(s))
            ++double_destroys;
         custom.erase(s);
      });
   }
};

class ZinkTinyBudget : public ZinkTest {
protected:
   std::string caps_override() const override {
      return R"({"limits": {"maxSamplerAllocationCount": 16, "maxCustomBorderColorSamplers": 4}})";
   }
};

}  // namespace

TEST_F(ZinkTinyBudget, AnIdleSamplerIsRecycledBeforeWaitingForABusyOne) {
   zink_sampler_cache cache(*screen);
   zink_context ctx(*screen, cache);
   void *busy = ctx.create_sampler_state(plain(0));
   void *idle = ctx.create_sampler_state(plain(1));
   zink_sampler *busy_sampler = static_cast<zink_sampler_state *>(busy)->sampler;
   ctx.delete_sampler_state(busy);  // least recently released...
   ctx.delete_sampler_state(idle);
   ASSERT_TRUE(ctx.wait(ctx.flush()));  // ...and both batches that read them have finished
   // Then another context's batch, which never finishes, reads the first one again.
   const int fake = 0;
   cache.register_context(&fake, [](uint64_t) { return false; });
   const uint64_t stuck = cache.next_serial();
   cache.report_unfinished(&fake, stuck);
   cache.mark_used(busy_sampler, stuck);
   std::vector<void *> held;
   for (unsigned i = 2; i < 16; ++i)
      held.push_back(ctx.create_sampler_state(plain(i)));
   void *fresh = ctx.create_sampler_state(plain(100));  // full: must recycle the idle one
   ASSERT_NE(fresh, nullptr) << ctx.last_error();
   EXPECT_EQ(cache.stats().waits, 0u);  // no GPU wait when an idle sampler exists
   EXPECT_EQ(cache.stats().destroys, 1u);
   held.push_back(fresh);
   // With only the busy one left to recycle, the stuck batch makes creation fail cleanly.
   void *more = ctx.create_sampler_state(plain(101));
   EXPECT_EQ(more, nullptr);
   EXPECT_EQ(ctx.last_result(), VK_ERROR_TOO_MANY_OBJECTS);
   for (void *h : held)
      ctx.delete_sampler_state(h);
   cache.unregister_context(&fake);
}

TEST_F(ZinkTinyBudget, ThreadsWithTinyLimitsNeverExceedThemNorLeak) {
   object_counter objects;
   {
      zink_sampler_cache cache(*screen);
      objects.attach(cache, *screen);
      std::vector<std::thread> threads;
      std::atomic<unsigned> failures{0};
      for (int t = 0; t < 8; ++t)
         threads.emplace_back([&, t] {
            for (unsigned round = 0; round < 4; ++round) {  // contexts come and go
               zink_context ctx(*screen, cache);
               for (unsigned i = 0; i < 300; ++i) {
                  const unsigned n = static_cast<unsigned>(t) * 1000 + round * 300 + i;
                  void *h = ctx.create_sampler_state(i % 3 ? plain(n % 40) : bordered(n % 12));
                  if (!h) {
                     ++failures;  // possible when every sampler is held at once
                     continue;
                  }
                  ctx.bind_sampler_states(PIPE_SHADER_FRAGMENT, 0, 1, &h);
                  if (i % 10 == 9)
                     ctx.flush();
                  ctx.delete_sampler_state(h);
               }
            }
         });
      for (auto &th : threads)
         th.join();
      EXPECT_EQ(failures.load(), 0u);  // each thread holds one sampler at a time: always room
   }
   EXPECT_LE(objects.peak, 16u);
   EXPECT_LE(objects.peak_custom, 4u);
   EXPECT_EQ(objects.double_destroys, 0u);
   EXPECT_TRUE(objects.live.empty()) << objects.live.size() << " VkSamplers leaked";
}

TEST_F(ZinkTest, EqualKeysFromRacingThreadsShareOneSampler) {
   object_counter objects;
   {
      zink_sampler_cache cache(*screen);
      objects.attach(cache, *screen);
      std::vector<std::thread> threads;
      std::vector<zink_sampler *> got(8);
      for (int t = 0; t < 8; ++t)
         threads.emplace_back([&, t] {
            zink_context ctx(*screen, cache);
            void *h = ctx.create_sampler_state(plain(7));
            got[t] = static_cast<zink_sampler_state *>(h)->sampler;
            ctx.delete_sampler_state(h);
         });
      for (auto &th : threads)
         th.join();
      for (zink_sampler *s : got)
         EXPECT_EQ(s, got[0]);
   }
   EXPECT_TRUE(objects.live.empty());
   EXPECT_EQ(objects.peak, 1u);
}

TEST_F(ZinkTinyBudget, FlushRetiresFinishedBatches) {
   zink_sampler_cache cache(*screen);
   zink_context ctx(*screen, cache);
   for (unsigned i = 0; i < 50; ++i)
      ctx.flush();
   {
      std::lock_guard<std::mutex> q(screen->queue_mutex());
      screen->vk().vkQueueWaitIdle(screen->queue());  // all 50 finished, none retired yet
   }
   ctx.flush();  // polls: every finished batch is retired (without polling 51 would remain)
   EXPECT_LE(ctx.in_flight(), 1u);
}
