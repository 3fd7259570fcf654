// The device-wide VkSampler cache on a real device: dedupe, budgets under churn, failures, late destruction, threads.
#include "zink_test_util.h"

#include <thread>

#include "clampler/cso/cso_rasterizer.h"
#include "clampler/cso/cso_sampler.h"
#include "clampler/zink/zink_context.h"

using namespace clampler;
using namespace clampler::test;

namespace {

pipe_sampler_state state(unsigned i) {
   pipe_sampler_state s{};
   s.min_img_filter = s.mag_img_filter = PIPE_TEX_FILTER_LINEAR;
   s.min_mip_filter = PIPE_TEX_MIPFILTER_LINEAR;
   s.max_lod = 1000.0f;
   s.lod_bias = static_cast<float>(i % 2048) / 256.0f - 4.0f;
   const pipe_tex_wrap wraps[4] = {PIPE_TEX_WRAP_REPEAT, PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_WRAP_MIRROR_REPEAT,
                                   PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE};
   s.wrap_s = wraps[(i / 2048) % 4];
   return s;
}

// A state with a custom (non built-in) float border colour, distinct per i.
pipe_sampler_state custom_border_state(unsigned i) {
   pipe_sampler_state s = state(0);
   s.wrap_s = PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   s.border_color.f[0] = static_cast<float>(i % 1000) / 1000.0f + 0.0005f;
   s.border_color.f[3] = 1.0f;
   return s;
}

}  // namespace

TEST_F(ZinkTest, EqualVulkanStatesFromDifferentContextsShareOneSampler) {
   zink_sampler_cache cache(*screen);
   zink_context a(*screen, cache), b(*screen, cache);
   pipe_sampler_state s1 = state(7), s2 = state(7);
   s2.compare_func = PIPE_FUNC_GREATER;  // compare is off: no Vulkan difference
   void *h1 = a.create_sampler_state(s1);
   void *h2 = b.create_sampler_state(s2);
   ASSERT_TRUE(h1 && h2);
   EXPECT_EQ(static_cast<zink_sampler_state *>(h1)->sampler, static_cast<zink_sampler_state *>(h2)->sampler);
   EXPECT_EQ(cache.stats().creates, 1u);
   EXPECT_EQ(cache.stats().live, 1u);
   a.delete_sampler_state(h1);
   b.delete_sampler_state(h2);
}

TEST_F(ZinkTest, DifferentVulkanStatesGetDifferentSamplers) {
   zink_sampler_cache cache(*screen);
   zink_context ctx(*screen, cache);
   void *h1 = ctx.create_sampler_state(state(1));
   void *h2 = ctx.create_sampler_state(state(2));
   EXPECT_NE(static_cast<zink_sampler_state *>(h1)->sampler, static_cast<zink_sampler_state *>(h2)->sampler);
   ctx.delete_sampler_state(h1);
   ctx.delete_sampler_state(h2);
}

TEST_F(ZinkTest, CsoAndDeviceCacheTogetherCreateEachVulkanStateOnce) {
   zink_sampler_cache cache(*screen);
   zink_context ctx(*screen, cache);
   cso_context cso(ctx, true, 64);
   for (unsigned round = 0; round < 5; ++round)
      for (unsigned i = 0; i < 200; ++i) {
         const pipe_sampler_state s = state(i % 100);
         ASSERT_EQ(cso.single_sampler(PIPE_SHADER_FRAGMENT, i % 16, &s), CSO_OK);
         if (i % 16 == 15)
            cso.single_sampler_done(PIPE_SHADER_FRAGMENT);
      }
   // 100 distinct states; the CSO cache (64 entries) evicts and re-creates CSOs, but the
   // device cache keeps unreferenced VkSamplers, so each Vulkan state is created once.
   EXPECT_EQ(cache.stats().creates, 100u);
}

class ZinkSmallBudget : public ZinkTest {
protected:
   std::string caps_override() const override {
      return R"({"limits": {"maxSamplerAllocationCount": 64, "maxCustomBorderColorSamplers": 24}})";
   }
};

TEST_F(ZinkSmallBudget, ChurnNeverExceedsTheSamplerLimit) {
   zink_sampler_cache cache(*screen);
   zink_context ctx(*screen, cache);
   cso_context cso(ctx, true, 32);
   for (unsigned i = 0; i < 20000; ++i) {
      const pipe_sampler_state s = state(i);
      ASSERT_EQ(cso.single_sampler(PIPE_SHADER_FRAGMENT, i % 8, &s), CSO_OK) << ctx.last_error();
      if (i % 8 == 7) {
         cso.single_sampler_done(PIPE_SHADER_FRAGMENT);
         if (i % 64 == 63)
            ctx.flush();
      }
      ASSERT_LE(cache.stats().live, 64u);
   }
   EXPECT_LE(cache.stats().peak_live, 64u);
   EXPECT_GT(cache.stats().destroys, 0u);
}

TEST_F(ZinkSmallBudget, CustomBorderColoursStayWithinTheirBudget) {
   if (!screen->device_caps().custom_border_colors)
      GTEST_SKIP() << "device has no VK_EXT_custom_border_color";
   zink_sampler_cache cache(*screen);
   zink_context ctx(*screen, cache);
   std::vector<void *> held;
   for (unsigned i = 0; i < 40; ++i) {  // 40 live custom colours wanted, 24 allowed
      void *h = ctx.create_sampler_state(custom_border_state(i));
      ASSERT_NE(h, nullptr) << ctx.last_error();
      held.push_back(h);
      ASSERT_LE(cache.stats().live_custom, 24u);
   }
   EXPECT_EQ(cache.stats().custom_fallbacks, 16u);
   EXPECT_FALSE(cache.warnings().empty());  // the fallback is never silent
   // The fallbacks got the nearest built-in colour: (x, 0, 0, 1) -> opaque black.
   const auto *last = static_cast<zink_sampler_state *>(held.back());
   EXPECT_EQ(last->sampler->key.border_color, static_cast<uint32_t>(VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK));
   for (void *h : held)
      ctx.delete_sampler_state(h);
   // Released custom samplers are recycled for new colours instead of falling back.
   void *h = ctx.create_sampler_state(custom_border_state(500));
   EXPECT_TRUE(static_cast<zink_sampler_state *>(h)->sampler->key.uses_custom_border());
   ctx.delete_sampler_state(h);
}

TEST_F(ZinkSmallBudget, EverySamplerInUseMakesCreationFailCleanly) {
   zink_sampler_cache cache(*screen);
   zink_context ctx(*screen, cache);
   std::vector<void *> held;
   for (unsigned i = 0; i < 64; ++i)
      held.push_back(ctx.create_sampler_state(state(i)));
   EXPECT_EQ(ctx.create_sampler_state(state(1000)), nullptr);
   EXPECT_EQ(ctx.last_result(), VK_ERROR_TOO_MANY_OBJECTS);
   EXPECT_NE(ctx.last_error().find("maxSamplerAllocationCount"), std::string::npos);
   EXPECT_EQ(cache.stats().live, 64u);
   ctx.delete_sampler_state(held.back());
   held.pop_back();
   void *h = ctx.create_sampler_state(state(1000));  // room again
   EXPECT_NE(h, nullptr);
   held.push_back(h);
   for (void *x : held)
      ctx.delete_sampler_state(x);
}

TEST_F(ZinkTest, InjectedCreateFailuresLeaveTheCacheConsistent) {
   zink_sampler_cache cache(*screen);
   zink_context ctx(*screen, cache);
   int fail = 0;
   const VkResult results[] = {VK_ERROR_OUT_OF_HOST_MEMORY, VK_ERROR_OUT_OF_DEVICE_MEMORY, VK_ERROR_TOO_MANY_OBJECTS};
   cache.set_create_hook([&](const VkSamplerCreateInfo *ci, VkSampler *out) {
      if (fail > 0)
         return results[--fail];
      return screen->vk().vkCreateSampler(screen->device(), ci, nullptr, out);
   });
   fail = 3;
   for (VkResult expected : {VK_ERROR_TOO_MANY_OBJECTS, VK_ERROR_OUT_OF_DEVICE_MEMORY, VK_ERROR_OUT_OF_HOST_MEMORY}) {
      EXPECT_EQ(ctx.create_sampler_state(state(3)), nullptr);
      EXPECT_EQ(ctx.last_result(), expected);
      EXPECT_FALSE(ctx.last_error().empty());
   }
   EXPECT_EQ(cache.stats().live, 0u);
   EXPECT_EQ(cache.stats().create_failures, 3u);
   void *h = ctx.create_sampler_state(state(3));
   ASSERT_NE(h, nullptr);
   EXPECT_EQ(cache.stats().live, 1u);
   ctx.delete_sampler_state(h);
}

class ZinkTwoSamplers : public ZinkTest {
protected:
   std::string caps_override() const override { return R"({"limits": {"maxSamplerAllocationCount": 2}})"; }
};

TEST_F(ZinkTwoSamplers, ASamplerIsDestroyedOnlyAfterTheBatchesThatMayUseItFinished) {
   zink_sampler_cache cache(*screen);
   zink_context ctx(*screen, cache);
   // A fake second context whose batch at `stuck` never finishes while `allow` is false.
   bool allow = false;
   const uint64_t stuck = cache.next_serial();
   const int fake = 0;
   cache.register_context(&fake, [&](uint64_t) {
      if (allow)
         cache.report_unfinished(&fake, UINT64_MAX);
      return allow;
   });
   cache.report_unfinished(&fake, stuck);

   void *a = ctx.create_sampler_state(state(1));
   zink_sampler *sa = static_cast<zink_sampler_state *>(a)->sampler;
   cache.mark_used(sa, stuck);  // the unfinished batch reads A
   ctx.delete_sampler_state(a);  // unreferenced, but still in use by the GPU
   void *b = ctx.create_sampler_state(state(2));
   ASSERT_NE(b, nullptr);
   // Full: recycling A would need the stuck batch to finish, so creation must fail.
   EXPECT_EQ(ctx.create_sampler_state(state(3)), nullptr);
   EXPECT_EQ(ctx.last_result(), VK_ERROR_TOO_MANY_OBJECTS);
   EXPECT_EQ(cache.stats().destroys, 0u);
   // Once that batch can finish, the cache waits for it and recycles A.
   allow = true;
   void *c = ctx.create_sampler_state(state(3));
   ASSERT_NE(c, nullptr);
   EXPECT_EQ(cache.stats().destroys, 1u);
   EXPECT_GE(cache.stats().waits, 1u);
   ctx.delete_sampler_state(b);
   ctx.delete_sampler_state(c);
   cache.unregister_context(&fake);
}

TEST_F(ZinkTwoSamplers, TheContextsOwnRecordingBatchIsFlushedBeforeRecycling) {
   zink_sampler_cache cache(*screen);
   zink_context ctx(*screen, cache);
   void *a = ctx.create_sampler_state(state(1));
   ctx.bind_sampler_states(PIPE_SHADER_FRAGMENT, 0, 1, &a);  // read by the batch being recorded
   void *none = nullptr;
   ctx.bind_sampler_states(PIPE_SHADER_FRAGMENT, 0, 1, &none);
   const uint64_t recording = ctx.current_serial();
   ctx.delete_sampler_state(a);
   void *b = ctx.create_sampler_state(state(2));
   void *c = ctx.create_sampler_state(state(3));  // recycles A: must submit and wait first
   ASSERT_NE(c, nullptr) << ctx.last_error();
   EXPECT_GT(ctx.current_serial(), recording);
   EXPECT_EQ(ctx.update_completed(), 0u);
   ctx.delete_sampler_state(b);
   ctx.delete_sampler_state(c);
}

TEST_F(ZinkTest, EightThreadsCreateBindAndReleaseAgainstOneScreen) {
   zink_sampler_cache cache(*screen);
   std::vector<std::thread> threads;
   std::atomic<int> failures{0};
   for (int t = 0; t < 8; ++t)
      threads.emplace_back([&, t] {
         zink_context ctx(*screen, cache);
         cso_context cso(ctx, true, 32);
         for (unsigned i = 0; i < 2000; ++i) {
            const pipe_sampler_state s = state((i * 7 + static_cast<unsigned>(t) * 13) % 300);
            if (cso.single_sampler(PIPE_SHADER_FRAGMENT, i % 4, &s) != CSO_OK)
               ++failures;
            if (i % 4 == 3)
               cso.single_sampler_done(PIPE_SHADER_FRAGMENT);
            if (i % 100 == 99)
               ctx.flush();
         }
      });
   for (auto &th : threads)
      th.join();
   EXPECT_EQ(failures.load(), 0);
   EXPECT_LE(cache.stats().creates, 300u);  // each Vulkan state at most once (no budget pressure)
}

class ZinkNoFormatlessBorders : public ZinkTest {
protected:
   std::string caps_override() const override {
      return R"({"disable_features": ["customBorderColorWithoutFormat"]})";
   }
};

TEST_F(ZinkNoFormatlessBorders, CustomBorderColoursCarryTheViewFormat) {
   if (!screen->device_caps().custom_border_colors)
      GTEST_SKIP() << "device has no VK_EXT_custom_border_color";
   zink_sampler_cache cache(*screen);
   zink_context ctx(*screen, cache);
   pipe_sampler_state s = custom_border_state(3);
   s.border_color_format = PIPE_FORMAT_R8G8B8A8_UNORM;
   void *h = ctx.create_sampler_state(s);
   ASSERT_NE(h, nullptr) << ctx.last_error();
   const zink_sampler_key &k = static_cast<zink_sampler_state *>(h)->sampler->key;
   EXPECT_TRUE(k.uses_custom_border());
   EXPECT_EQ(k.custom_border_format, static_cast<uint32_t>(VK_FORMAT_R8G8B8A8_UNORM));
   ctx.delete_sampler_state(h);
   // Without the format the colour cannot be custom: nearest built-in, with a warning.
   s.border_color_format = 0;
   h = ctx.create_sampler_state(s);
   EXPECT_FALSE(static_cast<zink_sampler_state *>(h)->sampler->key.uses_custom_border());
   EXPECT_FALSE(ctx.last_warning().empty());
   ctx.delete_sampler_state(h);
}

class ZinkNoCustomBorders : public ZinkTest {
protected:
   std::string caps_override() const override {
      return R"({"disable_extensions": ["VK_EXT_custom_border_color"]})";
   }
};

TEST_F(ZinkNoCustomBorders, ChurnUsesBuiltInColoursWithWarningsAndStaysValid) {
   zink_sampler_cache cache(*screen);
   zink_context ctx(*screen, cache);
   EXPECT_FALSE(screen->device_caps().custom_border_colors);
   for (unsigned i = 0; i < 200; ++i) {
      void *h = ctx.create_sampler_state(custom_border_state(i));
      ASSERT_NE(h, nullptr);
      EXPECT_FALSE(static_cast<zink_sampler_state *>(h)->sampler->key.uses_custom_border());
      ctx.delete_sampler_state(h);
   }
   EXPECT_NE(ctx.last_warning().find("nearest built-in"), std::string::npos);
   EXPECT_LE(cache.stats().live, 3u);  // only the built-in colours remain distinct
}

// Churn: 100 000 distinct states through the GL-side CSO cache on an
// Apple-like (1024 samplers) and V3DV-like (24 custom border colours) device.
class ZinkAppleV3dv : public ZinkTest {
protected:
   std::string caps_override() const override {
      return R"({"limits": {"maxSamplerAllocationCount": 1024, "maxCustomBorderColorSamplers": 24}})";
   }
};

TEST_F(ZinkAppleV3dv, HundredThousandStatesStayWithinEveryLimitWithUnchangedResults) {
   zink_sampler_cache cache(*screen);
   zink_context ctx(*screen, cache);
   cso_context cso(ctx, true, 256);
   const zink_device_caps &caps = screen->device_caps();
   for (unsigned i = 0; i < 100000; ++i) {
      pipe_sampler_state s = i % 5 == 0 ? custom_border_state(i) : state(i);
      s.lod_bias = static_cast<float>(i % 4096) / 256.0f - 8.0f;  // every state distinct
      ASSERT_EQ(cso.single_sampler(PIPE_SHADER_FRAGMENT, i % 16, &s), CSO_OK) << i << ": " << ctx.last_error();
      if (i % 16 == 15)
         cso.single_sampler_done(PIPE_SHADER_FRAGMENT);
      if (i % 512 == 511)
         ctx.flush();
      if (i % 997 == 0) {
         // Results unchanged: the bound VkSampler's state is the mapping of this pipe state,
         // or (custom budget spent) its documented nearest built-in colour.
         cso.single_sampler_done(PIPE_SHADER_FRAGMENT);
         const auto *st = static_cast<zink_sampler_state *>(cso.bound_handle(PIPE_SHADER_FRAGMENT, i % 16));
         const zink_sampler_key want = zink_sampler_key_from_pipe(caps, cso_normalize_sampler(s, true));
         EXPECT_TRUE(st->sampler->key == want || st->sampler->key == zink_sampler_key_builtin_border(want)) << i;
      }
   }
   const zink_sampler_cache_stats st = cache.stats();
   EXPECT_LE(st.peak_live, 1024u);
   EXPECT_LE(st.peak_custom, 24u);
   EXPECT_GT(st.destroys, 0u);
}

namespace {

// vkCreateSampler / vkDestroySampler of the adopted device, looked up with vkGetDeviceProcAddr
// (the loader's, not the screen's table) and counted, so the test sees every call the cache makes.
PFN_vkCreateSampler g_real_create = nullptr;
PFN_vkDestroySampler g_real_destroy = nullptr;
std::atomic<int> g_creates{0}, g_destroys{0};

VKAPI_ATTR VkResult VKAPI_CALL counting_create(VkDevice d, const VkSamplerCreateInfo *ci,
                                               const VkAllocationCallbacks *a, VkSampler *out) {
   ++g_creates;
   return g_real_create(d, ci, a, out);
}

VKAPI_ATTR void VKAPI_CALL counting_destroy(VkDevice d, VkSampler s, const VkAllocationCallbacks *a) {
   ++g_destroys;
   g_real_destroy(d, s, a);
}

}  // namespace

// A driver that made its own VkDevice (Mesa's zink) hands the cache that device, its entry
// points and the limits it answers for: the cache creates and destroys through exactly those,
// and keeps within the adopted budget (8 here, not the device's own maxSamplerAllocationCount).
TEST_F(ZinkTest, AnAdoptedDeviceIsUsedThroughItsOwnEntryPointsWithinItsOwnBudget) {
   g_real_create = reinterpret_cast<PFN_vkCreateSampler>(
      vkGetDeviceProcAddr(screen->device(), "vkCreateSampler"));
   g_real_destroy = reinterpret_cast<PFN_vkDestroySampler>(
      vkGetDeviceProcAddr(screen->device(), "vkDestroySampler"));
   ASSERT_TRUE(g_real_create && g_real_destroy);
   g_creates = 0;
   g_destroys = 0;
   zink_sampler_device dev;
   dev.device = screen->device();
   dev.create_sampler = counting_create;
   dev.destroy_sampler = counting_destroy;
   dev.max_sampler_allocation_count = 8;
   {
      zink_sampler_cache cache(dev);
      EXPECT_EQ(cache.max_live(), 8u);
      for (unsigned i = 0; i < 20; ++i) {
         VkResult r = VK_SUCCESS;
         std::string error;
         zink_sampler *s =
            cache.acquire(zink_sampler_key_from_pipe(screen->device_caps(), state(i)), &r, &error);
         ASSERT_NE(s, nullptr) << error;
         EXPECT_NE(s->sampler, VK_NULL_HANDLE);
         cache.release(s);
         EXPECT_LE(cache.stats().live, 8u);
      }
      EXPECT_EQ(cache.stats().creates, 20u);
      EXPECT_EQ(g_creates.load(), 20);
      EXPECT_EQ(g_destroys.load(), 12);  // recycled to stay within 8
   }
   EXPECT_EQ(g_destroys.load(), 20);  // the rest with the cache
}

TEST_F(ZinkTest, AnAdoptedDeviceWithoutEntryPointsFailsEveryAcquireSayingWhy) {
   zink_sampler_cache cache(zink_sampler_device{});
   VkResult r = VK_SUCCESS;
   std::string error;
   EXPECT_EQ(cache.acquire(zink_sampler_key_from_pipe(screen->device_caps(), state(1)), &r, &error), nullptr);
   EXPECT_EQ(r, VK_ERROR_INITIALIZATION_FAILED);
   EXPECT_NE(error.find("adopted device"), std::string::npos) << error;
   EXPECT_EQ(cache.stats().live, 0u);
}

// The rasterizer CSO through a real zink_context: the cache's normalised state becomes the
// context's bound zink_rasterizer_state (translated for this device), and deleting it unbinds.
TEST_F(ZinkTest, TheRasterizerCsoBindsItsTranslationOnTheContext) {
   zink_sampler_cache cache(*screen);
   zink_context ctx(*screen, cache);
   {
      cso_rasterizer_cache cso(ctx);
      pipe_rasterizer_state s{};
      s.cull_face = PIPE_FACE_BACK;
      s.line_width = 1.0f;
      s.point_size = 1.0f;
      s.depth_clip_near = s.depth_clip_far = 1;
      s.clip_halfz = 1;
      ASSERT_EQ(cso.set_rasterizer(s), CSO_OK);
      ASSERT_NE(ctx.bound_rasterizer(), nullptr);
      EXPECT_EQ(ctx.bound_rasterizer()->hw.cull_mode, VkCullModeFlags(VK_CULL_MODE_BACK_BIT));
      EXPECT_EQ(ctx.bound_rasterizer(), cso.bound_handle());
   }
   EXPECT_EQ(ctx.bound_rasterizer(), nullptr) << "the cache unbinds and deletes what it created";
}
