// The lowered-module cache: one entry per (module, options), stable pointers, thread safety.
#include <thread>

#include "spirv_test_util.h"

namespace clampler {
namespace {

using namespace spirv_test;

spirv_lower_tex_options saturating(unsigned index) {
   st_shader_key k;
   add_saturate(k, index);
   return options(k);
}

TEST(SpirvLowerCache, SecondGetOfTheSameModuleAndOptionsReturnsTheSamePointer) {
   spirv_lower_cache cache;
   std::string error;
   const auto &s = find_shader("frag_2d_implicit_frag");
   const auto *a = cache.get(s.words, saturating(0), &error);
   ASSERT_NE(a, nullptr) << error;
   EXPECT_EQ(cache.get(s.words, saturating(0), &error), a);
   EXPECT_EQ(cache.size(), 1u);
   EXPECT_EQ(cache.hits(), 1u);
   EXPECT_EQ(cache.misses(), 1u);
   EXPECT_EQ(*a, lower(s.words, saturating(0)));
}

TEST(SpirvLowerCache, DifferentKeysModulesOrLodsAreDifferentEntries) {
   spirv_lower_cache cache;
   std::string error;
   const auto &s = find_shader("frag_2d_implicit_frag");
   const auto *a = cache.get(s.words, saturating(0), &error);
   const auto *b = cache.get(s.words, saturating(1), &error);
   const auto *c = cache.get(find_shader("frag_2d_lod_frag").words, saturating(0), &error);
   auto with_lod = saturating(0);
   with_lod.lod[0].lod_bias = 1.0f;
   const auto *d = cache.get(s.words, with_lod, &error);
   EXPECT_NE(a, b);
   EXPECT_NE(a, c);
   EXPECT_NE(a, d);
   EXPECT_EQ(cache.size(), 4u);
   EXPECT_EQ(*b, std::vector<uint32_t>(s.words.begin(), s.words.end()));  // index 1 unused: unchanged
}

TEST(SpirvLowerCache, FailuresReturnNullWithTheErrorAndAreNotCached) {
   spirv_lower_cache cache;
   std::string error;
   const uint32_t garbage[] = {1, 2, 3, 4, 5, 6};
   EXPECT_EQ(cache.get(garbage, saturating(0), &error), nullptr);
   EXPECT_FALSE(error.empty());
   EXPECT_EQ(cache.size(), 0u);
}

TEST(SpirvLowerCache, ConcurrentGetsAgreeOnOneEntryPerKey) {
   spirv_lower_cache cache;
   const auto &s = find_shader("frag_multi_frag");
   std::vector<std::thread> threads;
   std::array<std::array<const std::vector<uint32_t> *, 4>, 8> seen{};
   for (unsigned t = 0; t < 8; ++t) {
      threads.emplace_back([&, t] {
         std::string error;
         for (unsigned round = 0; round < 50; ++round)
            for (unsigned i = 0; i < 4; ++i) {
               const auto *p = cache.get(s.words, saturating(i), &error);
               if (round == 0)
                  seen[t][i] = p;
               else if (seen[t][i] != p)
                  seen[t][i] = nullptr;
            }
      });
   }
   for (auto &t : threads)
      t.join();
   EXPECT_EQ(cache.size(), 4u);
   for (unsigned i = 0; i < 4; ++i)
      for (unsigned t = 0; t < 8; ++t) {
         ASSERT_NE(seen[t][i], nullptr);
         EXPECT_EQ(seen[t][i], seen[0][i]);
      }
   EXPECT_EQ(cache.hits() + cache.misses(), 8u * 50u * 4u);
}

}  // namespace
}  // namespace clampler
