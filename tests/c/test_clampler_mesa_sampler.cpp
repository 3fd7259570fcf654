// clampler_mesa_sampler: Mesa zink's VkSamplers through the C interface, on a real device under validation.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "clampler/c/clampler_mesa_sampler.h"
#include "../zink/zink_test_util.h"

using clampler::test::ZinkTest;

namespace {

// A sampler zink would build: CLAMP_TO_BORDER with custom colour `border` when `custom`,
// otherwise REPEAT with mipLodBias `bias`.
struct zink_like_info {
   VkSamplerCreateInfo info{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
   VkSamplerCustomBorderColorCreateInfoEXT custom{VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT};
   zink_like_info(float bias, bool with_custom, float border) {
      info.magFilter = info.minFilter = VK_FILTER_LINEAR;
      info.mipLodBias = bias;
      info.maxAnisotropy = 1.0f;
      info.maxLod = 0.25f;
      if (with_custom) {
         info.addressModeU = info.addressModeV = info.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
         info.borderColor = VK_BORDER_COLOR_FLOAT_CUSTOM_EXT;
         custom.customBorderColor.float32[0] = border;
         custom.customBorderColor.float32[3] = 1.0f;
         info.pNext = &custom;
      }
   }
};

clampler_mesa_sampler_key key_of(const zink_like_info &z) {
   clampler_mesa_sampler_key k;
   char error[128] = "";
   EXPECT_EQ(clampler_mesa_sampler_key_from_info(&z.info, &k, error, sizeof(error)), 1) << error;
   return k;
}

class CSamplerCache : public ZinkTest {
protected:
   clampler_mesa_sampler_cache *make(uint32_t max_samplers, uint32_t max_custom) {
      return clampler_mesa_sampler_cache_create(screen->device(), screen->vk().vkCreateSampler,
                                                screen->vk().vkDestroySampler, max_samplers, max_custom);
   }
   clampler_mesa_sampler *acquire(clampler_mesa_sampler_cache *c, const zink_like_info &z, unsigned flags,
                                  VkResult *r, std::string *error = nullptr) {
      VkSampler vk = VK_NULL_HANDLE;
      char text[160] = "";
      const clampler_mesa_sampler_key key = key_of(z);
      clampler_mesa_sampler *s = clampler_mesa_sampler_acquire(c, &key, flags, &vk, r, text, sizeof(text));
      EXPECT_EQ(s != nullptr, vk != VK_NULL_HANDLE);
      if (error)
         *error = text;
      return s;
   }
   bool has_custom_borders() const { return screen->device_caps().custom_border_colors; }
};

}  // namespace

TEST_F(CSamplerCache, EqualCreateInfosShareOneSamplerAcrossCallers) {
   clampler_mesa_sampler_cache *c = make(64, 0);
   ASSERT_NE(c, nullptr);
   VkResult r;
   clampler_mesa_sampler *a = acquire(c, zink_like_info(0.5f, false, 0), 0, &r);
   clampler_mesa_sampler *b = acquire(c, zink_like_info(0.5f, false, 0), 0, &r);
   EXPECT_EQ(a, b);
   clampler_mesa_sampler_stats st;
   clampler_mesa_sampler_cache_stats(c, &st);
   EXPECT_EQ(st.creates, 1u);
   EXPECT_EQ(st.hits, 1u);
   EXPECT_EQ(st.live, 1u);
   clampler_mesa_sampler_release(c, a);
   clampler_mesa_sampler_release(c, b);
   clampler_mesa_sampler_cache_destroy(c);
}

TEST_F(CSamplerCache, TheSamplerLimitHoldsAndAReleasedSamplerMakesRoom) {
   clampler_mesa_sampler_cache *c = make(4, 0);
   ASSERT_NE(c, nullptr);
   VkResult r;
   std::vector<clampler_mesa_sampler *> held;
   for (int i = 0; i < 4; ++i)
      held.push_back(acquire(c, zink_like_info(0.125f * i, false, 0), 0, &r));
   std::string error;
   EXPECT_EQ(acquire(c, zink_like_info(1.0f, false, 0), 0, &r, &error), nullptr);
   EXPECT_EQ(r, VK_ERROR_TOO_MANY_OBJECTS);
   EXPECT_NE(error.find("maxSamplerAllocationCount (4)"), std::string::npos) << error;
   clampler_mesa_sampler_release(c, held[2]);
   clampler_mesa_sampler *fifth = acquire(c, zink_like_info(1.0f, false, 0), 0, &r);
   EXPECT_NE(fifth, nullptr);
   clampler_mesa_sampler_stats st;
   clampler_mesa_sampler_cache_stats(c, &st);
   EXPECT_EQ(st.live, 4u);
   EXPECT_EQ(st.peak_live, 4u);
   EXPECT_EQ(st.destroys, 1u);
   for (clampler_mesa_sampler *s : {held[0], held[1], held[3], fifth})
      clampler_mesa_sampler_release(c, s);
   clampler_mesa_sampler_cache_destroy(c);
}

TEST_F(CSamplerCache, ASpentCustomBorderBudgetFailsWithTheFlagAndFallsBackWithout) {
   if (!has_custom_borders())
      GTEST_SKIP() << "device has no VK_EXT_custom_border_color";
   clampler_mesa_sampler_cache *c = make(64, 2);
   ASSERT_NE(c, nullptr);
   VkResult r;
   clampler_mesa_sampler *a = acquire(c, zink_like_info(0, true, 0.25f), 0, &r);
   clampler_mesa_sampler *b = acquire(c, zink_like_info(0, true, 0.5f), 0, &r);
   ASSERT_TRUE(a && b);
   std::string error;
   EXPECT_EQ(acquire(c, zink_like_info(0, true, 0.75f), CLAMPLER_MESA_SAMPLER_NO_BORDER_FALLBACK, &r, &error), nullptr);
   EXPECT_EQ(r, VK_ERROR_TOO_MANY_OBJECTS);
   EXPECT_NE(error.find("maxCustomBorderColorSamplers (2)"), std::string::npos) << error;
   clampler_mesa_sampler *fallback = acquire(c, zink_like_info(0, true, 0.75f), 0, &r);
   EXPECT_NE(fallback, nullptr);
   clampler_mesa_sampler_stats st;
   clampler_mesa_sampler_cache_stats(c, &st);
   EXPECT_EQ(st.custom_fallbacks, 1u);
   EXPECT_EQ(st.peak_custom, 2u);
   for (clampler_mesa_sampler *s : {a, b, fallback})
      clampler_mesa_sampler_release(c, s);
   clampler_mesa_sampler_cache_destroy(c);
}

TEST(CSamplerCacheArguments, NullArgumentsFailWithoutTouchingAnything) {
   EXPECT_EQ(clampler_mesa_sampler_cache_create(VK_NULL_HANDLE, nullptr, nullptr, 4, 0), nullptr);
   clampler_mesa_sampler_key key{};
   VkSampler vk = reinterpret_cast<VkSampler>(uintptr_t{1});
   VkResult r = VK_SUCCESS;
   char error[128] = "";
   EXPECT_EQ(clampler_mesa_sampler_acquire(nullptr, &key, 0, &vk, &r, error, sizeof(error)), nullptr);
   EXPECT_EQ(vk, VK_NULL_HANDLE);
   EXPECT_EQ(r, VK_ERROR_INITIALIZATION_FAILED);
   EXPECT_STRNE(error, "");
   EXPECT_EQ(clampler_mesa_sampler_key_from_info(nullptr, &key, error, sizeof(error)), 0);
   clampler_mesa_sampler_release(nullptr, nullptr);
   clampler_mesa_sampler_cache_destroy(nullptr);
   clampler_mesa_sampler_stats st;
   clampler_mesa_sampler_cache_stats(nullptr, &st);
   EXPECT_EQ(st.live, 0u);
}
