// MIN/MAX reduction (ARB_texture_filter_minmax): component-wise minimum/maximum over the taps with non-zero weight, across levels too.
#include <gtest/gtest.h>

#include "ref_test_util.h"

using namespace reftest;

namespace {

// 2x2 with red = 1, 2, 4, 8 and green = 8, 4, 2, 1 (x fastest).
ref_texture tex_rg() {
   ref_texture t = texture(GL_TEXTURE_2D, {level_of(2, 2, 1, {1, 2, 4, 8})});
   const double g[4] = {8, 4, 2, 1};
   for (int k = 0; k < 4; ++k)
      t.levels[0].texels[static_cast<size_t>(k)].f[1] = g[k];
   return t;
}

ref_sampler reducing(GLenum filter, GLenum reduction) {
   ref_sampler s = sampler(filter, GL_CLAMP_TO_EDGE);
   s.reduction = reduction;
   return s;
}

}  // namespace

TEST(RefReduction, MinAndMaxAreComponentWiseOverTheFootprint) {
   const ref_texture tex = tex_rg();
   const ref_result mn = ref_sample(tex, reducing(GL_LINEAR, GL_MIN), at({0.5, 0.5}));
   const ref_result mx = ref_sample(tex, reducing(GL_LINEAR, GL_MAX), at({0.5, 0.5}));
   EXPECT_EQ(mn.value.f[0], 1);
   EXPECT_EQ(mn.value.f[1], 1);
   EXPECT_EQ(mx.value.f[0], 8);
   EXPECT_EQ(mx.value.f[1], 8);
   EXPECT_EQ(mn.value.f[3], 1);  // alpha 1 everywhere
}

TEST(RefReduction, TapsWithZeroWeightDoNotTakePart) {
   const ref_texture tex = tex_rg();
   // u = 0.5 (alpha 0: column 1 has weight 0), v = 1 (beta 1/2): texels (0,0) and (0,1).
   const ref_result mn = ref_sample(tex, reducing(GL_LINEAR, GL_MIN), at({0.25, 0.5}));
   const ref_result mx = ref_sample(tex, reducing(GL_LINEAR, GL_MAX), at({0.25, 0.5}));
   EXPECT_EQ(mn.value.f[0], 1);
   EXPECT_EQ(mn.value.f[1], 2);
   EXPECT_EQ(mx.value.f[0], 4);
   EXPECT_EQ(mx.value.f[1], 8);
   EXPECT_DOUBLE_EQ(red(tex, reducing(GL_LINEAR, GL_WEIGHTED_AVERAGE_ARB), at({0.25, 0.5})), 2.5);
   // Border texels with non-zero weight take part.
   ref_sampler border = reducing(GL_LINEAR, GL_MAX);
   border.wrap_s = GL_CLAMP_TO_BORDER;
   EXPECT_EQ(red(tex, border, at({0.0, 0.25})), kBorder);
}

TEST(RefReduction, MipmapLinearReducesOverBothLevelsWithNonZeroWeight) {
   // Level 0 = {1, 2, 3, 4}, level 1 = {10, 20}, level 2 = {100}; s = 0.25.
   const ref_texture tex = texture(GL_TEXTURE_1D, {level_of(4, 1, 1, {1, 2, 3, 4}), level_of(2, 1, 1, {10, 20}),
                                                   level_of(1, 1, 1, {100})});
   ref_sampler s = reducing(GL_LINEAR, GL_MAX);
   s.min_filter = GL_LINEAR_MIPMAP_LINEAR;
   // λ = 1: level 1 (u = 0.5: only texel 0 has weight) and level 2 at weight 0.
   EXPECT_EQ(red(tex, s, at_lod({0.25}, 1)), 10);
   // λ = 1.5: both levels at 1/2.
   EXPECT_EQ(red(tex, s, at_lod({0.25}, 1.5)), 100);
   s.reduction = GL_MIN;
   EXPECT_EQ(red(tex, s, at_lod({0.25}, 1.5)), 10);
   // λ = 0.5: level 0 taps 1 and 2 (u = 1), level 1 tap 10.
   EXPECT_EQ(red(tex, s, at_lod({0.25}, 0.5)), 1);
}

TEST(RefReduction, MinMaxReduceComparisonResults) {
   const ref_texture tex = depth_1d();
   ref_sampler s = reducing(GL_LINEAR, GL_MIN);
   s.compare = true;
   s.compare_func = GL_LEQUAL;
   // u = 1.75: texel 1 (0.4, fails) and texel 2 (0.6, passes).
   EXPECT_EQ(red(tex, s, with_ref(at({0.4375}), 0.5)), 0);
   s.reduction = GL_MAX;
   EXPECT_EQ(red(tex, s, with_ref(at({0.4375}), 0.5)), 1);
}
