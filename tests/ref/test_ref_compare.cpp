// Depth comparison: the eight functions per texel, filtering of the comparison results, fixed-point clamping, border depth.
#include <gtest/gtest.h>

#include <stdexcept>

#include "clampler/ref/ref_texel_ops.h"
#include "ref_test_util.h"

using namespace reftest;

namespace {

ref_sampler compare_sampler(GLenum filter, GLenum func, GLenum wrap = GL_CLAMP_TO_EDGE) {
   ref_sampler s = sampler(filter, wrap);
   s.compare = true;
   s.compare_func = func;
   s.border = tf(1.0);  // a depth border reads red as D
   return s;
}

}  // namespace

TEST(RefCompare, EachFunctionComparesTheReferenceWithTheTexel) {
   // GL 4.6 table 8.24: result 1 when "D_ref func D_t". Texel D_t = 0.4 (s = 0.375, NEAREST).
   struct {
      GLenum func;
      double below, equal, above;  // D_ref = 0.25, 0.4, 0.75
   } const cases[] = {
      {GL_LEQUAL, 1, 1, 0}, {GL_GEQUAL, 0, 1, 1},   {GL_LESS, 1, 0, 0},  {GL_GREATER, 0, 0, 1},
      {GL_EQUAL, 0, 1, 0},  {GL_NOTEQUAL, 1, 0, 1}, {GL_ALWAYS, 1, 1, 1}, {GL_NEVER, 0, 0, 0},
   };
   const ref_texture tex = depth_1d();
   for (const auto &c : cases) {
      const ref_sampler s = compare_sampler(GL_NEAREST, c.func);
      EXPECT_EQ(red(tex, s, with_ref(at({0.375}), 0.25)), c.below) << c.func;
      EXPECT_EQ(red(tex, s, with_ref(at({0.375}), 0.4)), c.equal) << c.func;
      EXPECT_EQ(red(tex, s, with_ref(at({0.375}), 0.75)), c.above) << c.func;
   }
}

TEST(RefCompare, LinearFiltersTheComparisonResultsNotTheDepths) {
   const ref_texture tex = depth_1d();
   const ref_sampler s = compare_sampler(GL_LINEAR, GL_LEQUAL);
   // u = 1.5: only texel 1 (0.4): 0.5 <= 0.4 fails.
   EXPECT_DOUBLE_EQ(red(tex, s, with_ref(at({0.375}), 0.5)), 0);
   // u = 2: texels 1 and 2 at 1/2 each: fail, pass.
   EXPECT_DOUBLE_EQ(red(tex, s, with_ref(at({0.5}), 0.5)), 0.5);
   // u = 1.75: 3/4 * fail + 1/4 * pass; comparing the filtered depth (0.45) would give 0.
   EXPECT_DOUBLE_EQ(red(tex, s, with_ref(at({0.4375}), 0.5)), 0.25);
   EXPECT_DOUBLE_EQ(red(tex, compare_sampler(GL_LINEAR, GL_GREATER), with_ref(at({0.4375}), 0.5)), 0.75);
}

TEST(RefCompare, MipmappedCompareBlendsTheResultsOfBothLevels) {
   ref_texture tex = texture(GL_TEXTURE_1D, {level_of(2, 1, 1, {0.2, 0.2}), level_of(1, 1, 1, {0.9})});
   tex.is_depth = true;
   ref_sampler s = compare_sampler(GL_NEAREST, GL_LEQUAL);
   s.min_filter = GL_NEAREST_MIPMAP_LINEAR;
   s.mag_filter = GL_NEAREST;
   // λ = 0.25: 3/4 of level 0 (0.5 <= 0.2 fails) + 1/4 of level 1 (0.5 <= 0.9 passes).
   EXPECT_DOUBLE_EQ(red(tex, s, with_ref(at_lod({0.5}, 0.25), 0.5)), 0.25);
}

TEST(RefCompare, FixedPointDepthClampsTheReferenceToZeroOne) {
   ref_texture fixed = texture(GL_TEXTURE_1D, {level_of(1, 1, 1, {1.0})});
   fixed.is_depth = true;
   ref_texture flt = fixed;
   flt.depth_is_float = true;
   const ref_sampler le = compare_sampler(GL_NEAREST, GL_LEQUAL);
   EXPECT_EQ(red(fixed, le, with_ref(at({0.5}), 1.5)), 1);  // clamp(1.5) = 1 <= 1
   EXPECT_EQ(red(flt, le, with_ref(at({0.5}), 1.5)), 0);    // 1.5 <= 1 fails
   fixed.levels[0].texels[0].f[0] = 0.0;
   flt.levels[0].texels[0].f[0] = 0.0;
   const ref_sampler ge = compare_sampler(GL_NEAREST, GL_GEQUAL);
   EXPECT_EQ(red(fixed, ge, with_ref(at({0.5}), -0.5)), 1);  // clamp(-0.5) = 0 >= 0
   EXPECT_EQ(red(flt, ge, with_ref(at({0.5}), -0.5)), 0);
   EXPECT_EQ(ref_compare(GL_LEQUAL, 0.5, 1.7, false), 1.0);  // D_t clamped to 1 too
   EXPECT_EQ(ref_compare(GL_GREATER, 1.5, 1.2, false), 0.0);  // both clamp to 1
   EXPECT_EQ(ref_compare(GL_GREATER, 1.5, 1.2, true), 1.0);
}

TEST(RefCompare, BorderTexelsCompareTheBorderDepth) {
   const ref_texture tex = depth_1d();
   ref_sampler s = compare_sampler(GL_LINEAR, GL_LESS, GL_CLAMP_TO_BORDER);
   s.border = tf(0.3);
   // s = 1: texel 3 (0.8) and the border (0.3) at 1/2 each; 0.5 < 0.8 passes, 0.5 < 0.3 fails.
   EXPECT_DOUBLE_EQ(red(tex, s, with_ref(at({1.0}), 0.5)), 0.5);
   // GL_CLAMP LINEAR at s >= 1 is the same 50/50 blend.
   s.wrap_s = GL_CLAMP;
   EXPECT_DOUBLE_EQ(red(tex, s, with_ref(at({3.0}), 0.5)), 0.5);
}

TEST(RefCompare, CompareNeedsAReferenceAndAppliesToDepthTexturesOnly) {
   EXPECT_THROW(ref_sample(depth_1d(), compare_sampler(GL_NEAREST, GL_LEQUAL), at({0.5})), std::invalid_argument);
   // Without compare the reference is ignored and the depth is returned.
   EXPECT_DOUBLE_EQ(red(depth_1d(), sampler(GL_NEAREST, GL_CLAMP_TO_EDGE), with_ref(at({0.375}), 0.9)), 0.4);
   // A colour texture ignores the compare mode (GL 4.6 §8.23.1).
   EXPECT_DOUBLE_EQ(red(tex_1d_4(), compare_sampler(GL_NEAREST, GL_NEVER), at({0.375})), 10);
   EXPECT_THROW(ref_compare(GL_LINEAR, 0, 0, false), std::invalid_argument);
}
