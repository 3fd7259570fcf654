// Result assembly: GL_DEPTH_TEXTURE_MODE on depth values and comparison results, then the texture swizzle.
#include <gtest/gtest.h>

#include <array>
#include <stdexcept>

#include "clampler/ref/ref_texel_ops.h"
#include "ref_test_util.h"

using namespace reftest;

namespace {

void expect_rgba(const ref_result &r, std::array<double, 4> want) {
   for (int k = 0; k < 4; ++k)
      EXPECT_DOUBLE_EQ(r.value.f[k], want[k]) << "component " << k;
}

}  // namespace

TEST(RefSwizzle, DepthModesExpandTheComparisonResult) {
   // r = 0.5: the LINEAR compare at u = 2 (one pass, one fail).
   const ref_texture tex = depth_1d();
   ref_sampler s = sampler(GL_LINEAR, GL_CLAMP_TO_EDGE);
   s.compare = true;
   s.compare_func = GL_LEQUAL;
   const ref_lookup l = with_ref(at({0.5}), 0.5);
   struct {
      GLenum mode;
      std::array<double, 4> rgba;
   } const cases[] = {
      {GL_LUMINANCE, {0.5, 0.5, 0.5, 1}},
      {GL_INTENSITY, {0.5, 0.5, 0.5, 0.5}},
      {GL_ALPHA, {0, 0, 0, 0.5}},
      {GL_RED, {0.5, 0, 0, 1}},
   };
   for (const auto &c : cases) {
      s.depth_mode = c.mode;
      SCOPED_TRACE(c.mode);
      expect_rgba(ref_sample(tex, s, l), c.rgba);
   }
}

TEST(RefSwizzle, DepthModesApplyWithoutCompareToo) {
   const ref_texture tex = depth_1d();
   ref_sampler s = sampler(GL_NEAREST, GL_CLAMP_TO_EDGE);
   s.depth_mode = GL_LUMINANCE;
   expect_rgba(ref_sample(tex, s, at({0.375})), {0.4, 0.4, 0.4, 1});
   s.depth_mode = GL_ALPHA;
   expect_rgba(ref_sample(tex, s, at({0.375})), {0, 0, 0, 0.4});
   s.depth_mode = GL_LUMINANCE_ALPHA;
   EXPECT_THROW(ref_sample(tex, s, at({0.375})), std::invalid_argument);
}

TEST(RefSwizzle, SwizzleAppliesAfterTheDepthMode) {
   const ref_texture tex = depth_1d();
   ref_sampler s = sampler(GL_LINEAR, GL_CLAMP_TO_EDGE);
   s.compare = true;
   s.compare_func = GL_LEQUAL;
   const ref_lookup l = with_ref(at({0.4375}), 0.5);  // r = 0.25
   s.depth_mode = GL_INTENSITY;
   s.swizzle = {GL_ALPHA, GL_ZERO, GL_ONE, GL_RED};
   expect_rgba(ref_sample(tex, s, l), {0.25, 0, 1, 0.25});
   s.depth_mode = GL_LUMINANCE;
   s.swizzle = {GL_ALPHA, GL_ALPHA, GL_ALPHA, GL_RED};
   expect_rgba(ref_sample(tex, s, l), {1, 1, 1, 0.25});
   s.depth_mode = GL_ALPHA;
   s.swizzle = {GL_ALPHA, GL_GREEN, GL_BLUE, GL_ONE};
   expect_rgba(ref_sample(tex, s, l), {0.25, 0, 0, 1});
}

TEST(RefSwizzle, ColourSwizzlePicksComponentsZeroAndOne) {
   ref_texture tex = texture(GL_TEXTURE_2D, {});
   ref_level lv;
   lv.texels = {tf(0.1, 0.2, 0.3, 0.4)};
   tex.levels = {lv};
   tex.max_level = 0;
   ref_sampler s = sampler(GL_NEAREST, GL_REPEAT);
   s.swizzle = {GL_BLUE, GL_RED, GL_ONE, GL_ZERO};
   expect_rgba(ref_sample(tex, s, at({0.5, 0.5})), {0.3, 0.1, 1, 0});
   // The border is swizzled like a texel.
   s.wrap_s = GL_CLAMP_TO_BORDER;
   s.border = tf(0.5, 0.6, 0.7, 0.8);
   s.swizzle = {GL_ALPHA, GL_BLUE, GL_GREEN, GL_RED};
   expect_rgba(ref_sample(tex, s, at({-0.5, 0.5})), {0.8, 0.7, 0.6, 0.5});
   s.swizzle = {GL_RED, GL_GREEN, GL_BLUE, GL_LUMINANCE};
   EXPECT_THROW(ref_sample(tex, s, at({0.5, 0.5})), std::invalid_argument);
}
