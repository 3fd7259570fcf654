// cso_context sampler cache: hits, misses, normalisation, hashing, binding, eviction and failures.
#include <gtest/gtest.h>

#include <cstring>

#include "clampler/cso/cso_sampler.h"
#include "clampler/pipe/counting_context.h"
#include "clampler/pipe/p_format.h"

using namespace clampler;

namespace {

pipe_sampler_state linear_state() {
   pipe_sampler_state s{};
   s.min_img_filter = s.mag_img_filter = PIPE_TEX_FILTER_LINEAR;
   s.min_mip_filter = PIPE_TEX_MIPFILTER_LINEAR;
   s.max_lod = 1000.0f;
   return s;
}

pipe_sampler_state distinct_state(unsigned i) {
   pipe_sampler_state s = linear_state();
   s.lod_bias = static_cast<float>(i % 4096) / 256.0f - 8.0f;
   s.wrap_s = static_cast<pipe_tex_wrap>((i / 4096) % 8);
   return s;
}

}  // namespace

TEST(CsoSampler, SameStateTwiceCreatesOneDriverObject) {
   counting_context pipe;
   cso_context cso(pipe, true);
   const pipe_sampler_state s = linear_state();
   ASSERT_EQ(cso.single_sampler(PIPE_SHADER_FRAGMENT, 0, &s), CSO_OK);
   ASSERT_EQ(cso.single_sampler(PIPE_SHADER_FRAGMENT, 1, &s), CSO_OK);
   EXPECT_EQ(pipe.creates, 1u);
   EXPECT_EQ(cso.bound_handle(PIPE_SHADER_FRAGMENT, 0), cso.bound_handle(PIPE_SHADER_FRAGMENT, 1));
   EXPECT_EQ(cso.stats().hits, 1u);
   EXPECT_EQ(cso.stats().misses, 1u);
}

TEST(CsoSampler, DifferentStatesGetDifferentDriverObjects) {
   counting_context pipe;
   cso_context cso(pipe, true);
   pipe_sampler_state a = linear_state(), b = linear_state();
   b.wrap_t = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 0, &a);
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 1, &b);
   EXPECT_EQ(pipe.creates, 2u);
   EXPECT_NE(cso.bound_handle(PIPE_SHADER_FRAGMENT, 0), cso.bound_handle(PIPE_SHADER_FRAGMENT, 1));
}

// Pairs of states that differ only where the result cannot differ.
struct equivalent_case {
   const char *name;
   void (*change)(pipe_sampler_state &);
};

class CsoKeyIgnores : public testing::TestWithParam<equivalent_case> {};

TEST_P(CsoKeyIgnores, FieldsThatCannotChangeTheResult) {
   counting_context pipe;
   cso_context cso(pipe, true);
   pipe_sampler_state a = linear_state(), b = linear_state();
   GetParam().change(b);
   a.min_mip_filter = b.min_mip_filter;  // cases compare like with like apart from the change
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 0, &a);
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 1, &b);
   EXPECT_EQ(pipe.creates, 1u);
}

INSTANTIATE_TEST_SUITE_P(
   Table, CsoKeyIgnores,
   testing::Values(
      equivalent_case{"CompareFuncWhenCompareOff", [](pipe_sampler_state &s) { s.compare_func = PIPE_FUNC_GREATER; }},
      equivalent_case{"BorderColorWithoutBorderWrap", [](pipe_sampler_state &s) { s.border_color.f[2] = 0.5f; }},
      equivalent_case{"BorderTypeWithoutBorderWrap", [](pipe_sampler_state &s) { s.border_color_is_integer = 1; }},
      equivalent_case{"AnisotropyOne", [](pipe_sampler_state &s) { s.max_anisotropy = 1; }},
      equivalent_case{"NegativeZeroLodBias", [](pipe_sampler_state &s) { s.lod_bias = -0.0f; }},
      equivalent_case{"NegativeZeroMinLod", [](pipe_sampler_state &s) { s.min_lod = -0.0f; }},
      equivalent_case{"MaxLodBeyondAnyMipChain", [](pipe_sampler_state &s) { s.max_lod = 64.0f; }},
      equivalent_case{"NegativeMinLod", [](pipe_sampler_state &s) { s.min_lod = -3.0f; }},
      equivalent_case{"PadByte", [](pipe_sampler_state &s) { s.pad = 7; }},
      equivalent_case{"LodRangeWithoutMipmapsWhenMinEqualsMag", [](pipe_sampler_state &s) {
         s.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;  // and the reference state below too
         s.min_lod = 1.0f;
      }}),
   [](const testing::TestParamInfo<equivalent_case> &i) { return std::string(i.param.name); });

// No lookup can tell the bias of a sampler without mipmaps and with equal filters, but
// textureQueryLod reports λ' with it: two such states stay apart.
TEST(CsoSampler, LodBiasCountsEvenWithoutMipmaps) {
   counting_context pipe;
   cso_context cso(pipe, true);
   pipe_sampler_state a = linear_state();
   a.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
   pipe_sampler_state b = a;
   b.lod_bias = 2.0f;
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 0, &a);
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 1, &b);
   EXPECT_EQ(pipe.creates, 2u);
}

TEST(CsoSampler, BorderColorCountsWhenABorderWrapIsUsed) {
   counting_context pipe;
   cso_context cso(pipe, true);
   pipe_sampler_state a = linear_state();
   a.wrap_s = PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   pipe_sampler_state b = a;
   b.border_color.f[0] = 1.0f;
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 0, &a);
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 1, &b);
   EXPECT_EQ(pipe.creates, 2u);
}

TEST(CsoSampler, BorderTypeIsPartOfTheKeyOnlyWithNeedBorderColorType) {
   pipe_sampler_state a = linear_state();
   a.wrap_s = PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   pipe_sampler_state b = a;
   b.border_color_is_integer = 1;
   for (bool need : {false, true}) {
      counting_context pipe;
      cso_context cso(pipe, need);
      EXPECT_EQ(cso.key_size(), need ? sizeof(pipe_sampler_state)
                                     : offsetof(pipe_sampler_state, border_color_is_integer));
      cso.single_sampler(PIPE_SHADER_FRAGMENT, 0, &a);
      cso.single_sampler(PIPE_SHADER_FRAGMENT, 1, &b);
      EXPECT_EQ(pipe.creates, need ? 2u : 1u) << "need_border_color_type=" << need;
   }
}

TEST(CsoHash, SwappedWordsDoNotCollideAsTheyDoUnderAnXorFold) {
   pipe_sampler_state a = linear_state(), b = linear_state();
   a.lod_bias = 1.0f;
   a.min_lod = 2.0f;
   b.lod_bias = 2.0f;
   b.min_lod = 1.0f;
   auto xor_fold = [](const pipe_sampler_state &s) {
      uint32_t w[sizeof(s) / 4], h = 0;
      std::memcpy(w, &s, sizeof(s));
      for (uint32_t x : w)
         h ^= x;
      return h;
   };
   ASSERT_EQ(xor_fold(a), xor_fold(b));  // the weakness docs/design.md §3 describes
   EXPECT_NE(cso_hash_sampler(a, sizeof(a)), cso_hash_sampler(b, sizeof(b)));
}

TEST(CsoHash, EveryByteOfTheKeyChangesTheHash) {
   const pipe_sampler_state base = cso_normalize_sampler(linear_state(), true);
   const uint64_t h0 = cso_hash_sampler(base, sizeof(base));
   for (size_t i = 0; i < offsetof(pipe_sampler_state, pad); ++i) {
      pipe_sampler_state s = base;
      reinterpret_cast<unsigned char *>(&s)[i] ^= 0x10;
      EXPECT_NE(cso_hash_sampler(s, sizeof(s)), h0) << "byte " << i;
   }
}

TEST(CsoSampler, UnchangedSlotsIssueNoBindCall) {
   counting_context pipe;
   cso_context cso(pipe, true);
   const pipe_sampler_state s = linear_state();
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 3, &s);
   cso.single_sampler_done(PIPE_SHADER_FRAGMENT);
   EXPECT_EQ(pipe.binds, 1u);
   EXPECT_EQ(pipe.bound[PIPE_SHADER_FRAGMENT][3], cso.bound_handle(PIPE_SHADER_FRAGMENT, 3));
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 3, &s);
   cso.single_sampler_done(PIPE_SHADER_FRAGMENT);
   EXPECT_EQ(pipe.binds, 1u);
}

TEST(CsoSampler, BindCoversOnlyTheChangedRange) {
   counting_context pipe;
   cso_context cso(pipe, true);
   pipe_sampler_state a = linear_state(), b = linear_state();
   b.wrap_s = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   cso.single_sampler(PIPE_SHADER_VERTEX, 2, &a);
   cso.single_sampler(PIPE_SHADER_VERTEX, 5, &b);
   cso.single_sampler_done(PIPE_SHADER_VERTEX);
   EXPECT_EQ(pipe.bound[PIPE_SHADER_VERTEX][2], cso.bound_handle(PIPE_SHADER_VERTEX, 2));
   EXPECT_EQ(pipe.bound[PIPE_SHADER_VERTEX][5], cso.bound_handle(PIPE_SHADER_VERTEX, 5));
   EXPECT_EQ(pipe.bound[PIPE_SHADER_FRAGMENT][2], nullptr);  // stages are independent
}

TEST(CsoSampler, CacheStaysWithinItsBoundAndEvictsLeastRecentlyUsedFirst) {
   counting_context pipe;
   cso_context cso(pipe, true, 16);
   for (unsigned i = 0; i < 100; ++i) {
      pipe_sampler_state s = distinct_state(i);
      ASSERT_EQ(cso.single_sampler(PIPE_SHADER_FRAGMENT, 0, &s), CSO_OK);
      EXPECT_LE(cso.size(), 16u);
   }
   EXPECT_EQ(pipe.creates, 100u);
   EXPECT_EQ(pipe.live.size(), cso.size());
   EXPECT_GT(cso.stats().evictions, 0u);
   // The most recent state is still cached; the first one was evicted.
   pipe_sampler_state last = distinct_state(99), first = distinct_state(0);
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 1, &last);
   EXPECT_EQ(pipe.creates, 100u);
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 1, &first);
   EXPECT_EQ(pipe.creates, 101u);
}

TEST(CsoSampler, BoundStatesAreNeverEvicted) {
   counting_context pipe;
   cso_context cso(pipe, true, 8);
   std::vector<void *> bound;
   for (unsigned i = 0; i < 8; ++i) {
      pipe_sampler_state s = distinct_state(i);
      cso.single_sampler(PIPE_SHADER_FRAGMENT, i, &s);  // 8 bound slots
      bound.push_back(cso.bound_handle(PIPE_SHADER_FRAGMENT, i));
   }
   for (unsigned i = 8; i < 200; ++i) {
      pipe_sampler_state s = distinct_state(i);
      cso.single_sampler(PIPE_SHADER_COMPUTE, 0, &s);
   }
   for (unsigned i = 0; i < 8; ++i) {
      EXPECT_EQ(cso.bound_handle(PIPE_SHADER_FRAGMENT, i), bound[i]);
      EXPECT_TRUE(pipe.live.count(bound[i])) << "bound state " << i << " was deleted";
   }
}

TEST(CsoSampler, LookupsStayCorrectAcrossManyEvictions) {
   // Backward-shift deletion must keep every probe chain intact.
   counting_context pipe;
   cso_context cso(pipe, true, 64);
   for (unsigned round = 0; round < 20; ++round)
      for (unsigned i = 0; i < 64; ++i) {
         pipe_sampler_state s = distinct_state(round * 37 + i);
         cso.single_sampler(PIPE_SHADER_FRAGMENT, 0, &s);
         void *h = cso.bound_handle(PIPE_SHADER_FRAGMENT, 0);
         ASSERT_TRUE(pipe.live.count(h));
         pipe_sampler_state n = cso_normalize_sampler(s, true);
         ASSERT_EQ(std::memcmp(&pipe.live.at(h), &n, sizeof(n)), 0);
      }
   EXPECT_EQ(pipe.live.size(), cso.size());
}

TEST(CsoSampler, DriverFailureKeepsThePreviousBindingAndLeaksNothing) {
   counting_context pipe;
   cso_context cso(pipe, true);
   pipe_sampler_state a = linear_state(), b = linear_state();
   b.wrap_r = PIPE_TEX_WRAP_MIRROR_REPEAT;
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 0, &a);
   void *before = cso.bound_handle(PIPE_SHADER_FRAGMENT, 0);
   pipe.fail_creates = 1;
   EXPECT_EQ(cso.single_sampler(PIPE_SHADER_FRAGMENT, 0, &b), CSO_OUT_OF_MEMORY);
   EXPECT_EQ(cso.bound_handle(PIPE_SHADER_FRAGMENT, 0), before);
   EXPECT_EQ(cso.size(), 1u);
   EXPECT_EQ(pipe.live.size(), 1u);
   EXPECT_EQ(cso.single_sampler(PIPE_SHADER_FRAGMENT, 0, &b), CSO_OK);  // retry succeeds
   EXPECT_EQ(cso.size(), 2u);
}

TEST(CsoSampler, DestroyingTheCacheUnbindsThenDeletesEveryDriverObject) {
   counting_context pipe;
   {
      cso_context cso(pipe, true);
      for (unsigned i = 0; i < 10; ++i) {
         pipe_sampler_state s = distinct_state(i);
         cso.single_sampler(PIPE_SHADER_FRAGMENT, i, &s);
      }
      cso.single_sampler_done(PIPE_SHADER_FRAGMENT);
   }
   EXPECT_EQ(pipe.creates, pipe.deletes);
   EXPECT_TRUE(pipe.live.empty());
   EXPECT_EQ(pipe.deletes_while_bound, 0u);
   EXPECT_EQ(pipe.bad_deletes, 0u);
}

TEST(CsoSampler, AStateTheDriverStillHasBoundIsNotEvicted) {
   counting_context pipe;
   cso_context cso(pipe, true, 4);
   pipe_sampler_state first = distinct_state(0);
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 0, &first);
   cso.single_sampler_done(PIPE_SHADER_FRAGMENT);  // the driver now holds it at slot 0
   // Rebind slot 0 (pending only) and churn another slot until evictions happen.
   for (unsigned i = 1; i < 40; ++i) {
      pipe_sampler_state s = distinct_state(i);
      cso.single_sampler(PIPE_SHADER_FRAGMENT, 0, &s);
      cso.single_sampler(PIPE_SHADER_VERTEX, 1, &s);
   }
   EXPECT_EQ(pipe.deletes_while_bound, 0u);
   EXPECT_GT(cso.stats().evictions, 0u);
   cso.single_sampler_done(PIPE_SHADER_FRAGMENT);
}

TEST(CsoSampler, IntegerBorderWordsAreKeptExactWithoutTheTypeCap) {
   counting_context pipe;
   cso_context cso(pipe, false);
   pipe_sampler_state a = linear_state();
   a.wrap_s = PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   pipe_sampler_state b = a;
   b.border_color.ui[0] = 0x80000000u;  // INT_MIN or 2^31: must not fold to 0 like -0.0f
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 0, &a);
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 1, &b);
   EXPECT_EQ(pipe.creates, 2u);
   EXPECT_EQ(pipe.live.at(cso.bound_handle(PIPE_SHADER_FRAGMENT, 1)).border_color.ui[0], 0x80000000u);
}

TEST(CsoSampler, UnbindingReleasesTheSlot) {
   counting_context pipe;
   cso_context cso(pipe, true);
   const pipe_sampler_state s = linear_state();
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 0, &s);
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 0, nullptr);
   cso.single_sampler_done(PIPE_SHADER_FRAGMENT);
   EXPECT_EQ(cso.bound_handle(PIPE_SHADER_FRAGMENT, 0), nullptr);
   EXPECT_EQ(pipe.bound[PIPE_SHADER_FRAGMENT][0], nullptr);
}

TEST(CsoSampler, LodStillCountsWithoutMipmapsWhenMinDiffersFromMag) {
   counting_context pipe;
   cso_context cso(pipe, true);
   pipe_sampler_state a = linear_state();
   a.min_img_filter = PIPE_TEX_FILTER_NEAREST;  // λ selects the filter
   a.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
   pipe_sampler_state b = a;
   b.lod_bias = 2.0f;
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 0, &a);
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 1, &b);
   EXPECT_EQ(pipe.creates, 2u);
}

TEST(CsoSampler, BorderColorFormatIsPartOfTheTypedKey) {
   counting_context pipe;
   cso_context cso(pipe, true);
   pipe_sampler_state a = linear_state();
   a.wrap_s = PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   a.border_color.f[0] = 0.5f;
   pipe_sampler_state b = a;
   b.border_color_format = PIPE_FORMAT_R8G8B8A8_UNORM;
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 0, &a);
   cso.single_sampler(PIPE_SHADER_FRAGMENT, 1, &b);
   EXPECT_EQ(pipe.creates, 2u);
   EXPECT_EQ(pipe.live.at(cso.bound_handle(PIPE_SHADER_FRAGMENT, 1)).border_color_format, PIPE_FORMAT_R8G8B8A8_UNORM);
}
