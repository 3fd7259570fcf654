// Level of detail: explicit LOD and gradients, bias and min/max LOD, the min/mag switch (c = 0 or 0.5), level selection with base/max level, trilinear weights.
#include <gtest/gtest.h>

#include <cmath>

#include "clampler/ref/ref_lod.h"
#include "ref_test_util.h"

using namespace reftest;

namespace {

// 1D mip chain: level 0 = {1, 2, 3, 4}, level 1 = {10, 20}, level 2 = {100}. Sampled at
// s = 0.25 with CLAMP_TO_EDGE: level 0 NEAREST reads texel 1 (= 2), level 0 LINEAR blends
// texels 0 and 1 (= 1.5), level 1 reads 10 either way (u = 0.5), level 2 reads 100.
ref_texture mip_1d() {
   return texture(GL_TEXTURE_1D,
                  {level_of(4, 1, 1, {1, 2, 3, 4}), level_of(2, 1, 1, {10, 20}), level_of(1, 1, 1, {100})});
}

ref_sampler mip_sampler(GLenum min, GLenum mag) {
   ref_sampler s = sampler(GL_NEAREST, GL_CLAMP_TO_EDGE);
   s.min_filter = min;
   s.mag_filter = mag;
   return s;
}

struct lod_case {
   GLenum min, mag;
   double lod;
   double want;
   bool magnified;
   int d1, d2;
   double w2;
};

void check(const ref_texture &tex, const ref_sampler &s, const ref_lookup &l, const lod_case &c) {
   const ref_result r = ref_sample(tex, s, l);
   EXPECT_NEAR(r.value.f[0], c.want, tol(c.want));
   EXPECT_EQ(r.magnified, c.magnified);
   EXPECT_EQ(r.level0, c.d1);
   EXPECT_EQ(r.level1, c.d2);
   EXPECT_DOUBLE_EQ(r.level1_weight, c.w2);
}

}  // namespace

TEST(RefLod, MipmapSelectionFromExplicitLod) {
   const ref_texture tex = mip_1d();
   const lod_case cases[] = {
      // mag LINEAR + min NEAREST_MIPMAP_NEAREST: c = 0.5, so λ = 0.5 is still magnified.
      {GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR, -1, 1.5, true, 0, 0, 0},
      {GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR, 0, 1.5, true, 0, 0, 0},
      {GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR, 0.5, 1.5, true, 0, 0, 0},
      // λ > 1/2: d = ceil(level_base + λ + 1/2) - 1.
      {GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR, 0.51, 10, false, 1, 1, 0},
      {GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR, 1, 10, false, 1, 1, 0},
      {GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR, 1.5, 10, false, 1, 1, 0},  // tie: the lower level
      {GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR, 1.51, 100, false, 2, 2, 0},
      {GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR, 2.5, 100, false, 2, 2, 0},
      {GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR, 7, 100, false, 2, 2, 0},  // clamped to q = 2
      // mag NEAREST: c = 0; 0 < λ <= 1/2 is minified but still level_base.
      {GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, -0.01, 2, true, 0, 0, 0},
      {GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, 0, 2, true, 0, 0, 0},
      {GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, 0.01, 2, false, 0, 0, 0},
      {GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, 0.25, 2, false, 0, 0, 0},
      {GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, 0.5, 2, false, 0, 0, 0},
      // LINEAR_MIPMAP_NEAREST with mag LINEAR: c = 0.
      {GL_LINEAR_MIPMAP_NEAREST, GL_LINEAR, 0.25, 1.5, false, 0, 0, 0},
      {GL_LINEAR_MIPMAP_NEAREST, GL_LINEAR, 0.75, 10, false, 1, 1, 0},
      {GL_LINEAR_MIPMAP_NEAREST, GL_LINEAR, 2.5, 100, false, 2, 2, 0},  // ceil(3) - 1 = 2 = q
      {GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR, 0, 1.5, true, 0, 0, 0},
      // *_MIPMAP_LINEAR: d1 = floor(λ), d2 = d1 + 1, weight frac(λ); both q once λ >= q.
      {GL_NEAREST_MIPMAP_LINEAR, GL_LINEAR, 0.5, 1.5, true, 0, 0, 0},  // c = 0.5
      {GL_NEAREST_MIPMAP_LINEAR, GL_LINEAR, 0.75, 0.25 * 2 + 0.75 * 10, false, 0, 1, 0.75},
      {GL_NEAREST_MIPMAP_LINEAR, GL_LINEAR, 1.25, 0.75 * 10 + 0.25 * 100, false, 1, 2, 0.25},
      {GL_NEAREST_MIPMAP_LINEAR, GL_LINEAR, 2, 100, false, 2, 2, 0},
      {GL_NEAREST_MIPMAP_LINEAR, GL_LINEAR, 2.75, 100, false, 2, 2, 0.75},
      {GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR, 0.5, 0.5 * 1.5 + 0.5 * 10, false, 0, 1, 0.5},
      {GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR, 1, 10, false, 1, 2, 0},
      // Non-mipmapped min filters use level_base whatever λ.
      {GL_NEAREST, GL_LINEAR, 2, 2, false, 0, 0, 0},
      {GL_LINEAR, GL_NEAREST, 2, 1.5, false, 0, 0, 0},
      {GL_LINEAR, GL_NEAREST, 0, 2, true, 0, 0, 0},
   };
   for (const lod_case &c : cases) {
      SCOPED_TRACE(testing::Message() << "min " << c.min << " mag " << c.mag << " lod " << c.lod);
      check(tex, mip_sampler(c.min, c.mag), at_lod({0.25}, c.lod), c);
   }
}

TEST(RefLod, BaseLevelIsLevelZeroOfTheChainAndMaxLevelCapsQ) {
   ref_texture tex = mip_1d();
   tex.base_level = 1;  // p = log2(2) = 1, q = min(1 + 1, 2) = 2
   const ref_sampler nmn = mip_sampler(GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST);
   check(tex, nmn, at_lod({0.25}, 0), {0, 0, 0, 10, true, 1, 1, 0});
   check(tex, nmn, at_lod({0.25}, 0.6), {0, 0, 0, 100, false, 2, 2, 0});  // ceil(1 + 0.6 + 0.5) - 1
   check(tex, nmn, at_lod({0.25}, 1), {0, 0, 0, 100, false, 2, 2, 0});
   tex.base_level = 0;
   tex.max_level = 1;  // q = min(0 + 2, 1) = 1
   check(tex, nmn, at_lod({0.25}, 5), {0, 0, 0, 10, false, 1, 1, 0});
   const ref_sampler nml = mip_sampler(GL_NEAREST_MIPMAP_LINEAR, GL_NEAREST);
   check(tex, nml, at_lod({0.25}, 0.75), {0, 0, 0, 0.25 * 2 + 0.75 * 10, false, 0, 1, 0.75});
   check(tex, nml, at_lod({0.25}, 1.5), {0, 0, 0, 10, false, 1, 1, 0.5});
}

TEST(RefLod, MinMaxLodClampLambdaBeforeTheMinMagSwitch) {
   const ref_texture tex = mip_1d();
   ref_sampler s = mip_sampler(GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST);
   s.min_lod = 1;
   check(tex, s, at_lod({0.25}, 0), {0, 0, 0, 10, false, 1, 1, 0});
   EXPECT_DOUBLE_EQ(ref_sample(tex, s, at_lod({0.25}, 0)).lambda, 1);
   s = mip_sampler(GL_LINEAR_MIPMAP_NEAREST, GL_LINEAR);
   s.max_lod = 0.25;
   check(tex, s, at_lod({0.25}, 3), {0, 0, 0, 1.5, false, 0, 0, 0});
   // Non-mipmapped min filter: MIN_LOD alone turns a magnified lookup into a minified one.
   s = mip_sampler(GL_LINEAR, GL_NEAREST);
   s.min_lod = 1;
   check(tex, s, at_lod({0.25}, -2), {0, 0, 0, 1.5, false, 0, 0, 0});
   s = mip_sampler(GL_NEAREST, GL_LINEAR);
   s.max_lod = -1;
   check(tex, s, at_lod({0.25}, 3), {0, 0, 0, 1.5, true, 0, 0, 0});
}

TEST(RefLod, BiasAddsToTheExplicitLod) {
   const ref_texture tex = mip_1d();
   ref_sampler s = mip_sampler(GL_NEAREST_MIPMAP_LINEAR, GL_LINEAR);
   s.lod_bias = 1;
   check(tex, s, at_lod({0.25}, 0.25), {0, 0, 0, 0.75 * 10 + 0.25 * 100, false, 1, 2, 0.25});
   s.lod_bias = -1;
   check(tex, s, at_lod({0.25}, 1), {0, 0, 0, 1.5, true, 0, 0, 0});
   // Without LOD or gradients λ_base = 0: λ is the bias.
   s.lod_bias = 0.75;
   EXPECT_DOUBLE_EQ(ref_sample(tex, s, at({0.25})).lambda, 0.75);
}

TEST(RefLod, GradientsGiveLog2OfTheLongerScaledDerivative) {
   struct grad_case {
      const char *rule;
      GLenum target;
      ref_level base;
      int dims;
      double dx[3], dy[3];
      double lambda;
   };
   const ref_level l4 = level_of(4, 1, 1, {0, 0, 0, 0});
   const ref_level l4x4 = level_of(4, 4, 1, std::vector<double>(16, 0));
   const ref_level l8x2 = level_of(8, 2, 1, std::vector<double>(16, 0));
   const ref_level l4x4x4 = level_of(4, 4, 4, std::vector<double>(64, 0));
   const ref_level l4x4a = level_of(4, 4, 3, std::vector<double>(48, 0));
   const grad_case cases[] = {
      {"1D half a texel per pixel", GL_TEXTURE_1D, l4, 1, {0.125, 0, 0}, {0, 0, 0}, -1},
      {"1D two texels per pixel", GL_TEXTURE_1D, l4, 1, {0.5, 0, 0}, {0, 0, 0}, 1},
      {"1D the sign does not matter", GL_TEXTURE_1D, l4, 1, {-0.5, 0, 0}, {0, 0, 0}, 1},
      {"1D y derivative longer", GL_TEXTURE_1D, l4, 1, {0.125, 0, 0}, {0.25, 0, 0}, 0},
      {"2D 3-4-5: ρ = 5", GL_TEXTURE_2D, l4x4, 2, {0.75, 1.0, 0}, {0, 0, 0}, std::log2(5.0)},
      {"2D max of x and y lengths", GL_TEXTURE_2D, l4x4, 2, {0.25, 0, 0}, {0, 0.5, 0}, 1},
      {"2D non-square: v scales by height", GL_TEXTURE_2D, l8x2, 2, {0, 0.5, 0}, {0, 0, 0}, 0},
      {"2D non-square: u scales by width", GL_TEXTURE_2D, l8x2, 2, {0.5, 0, 0}, {0, 0, 0}, 2},
      {"3D w scales by depth", GL_TEXTURE_3D, l4x4x4, 3, {0, 0, 0.5}, {0, 0, 0}, 1},
      {"3D diagonal: ρ = sqrt(3)", GL_TEXTURE_3D, l4x4x4, 3, {0.25, 0.25, 0.25}, {0, 0, 0}, 0.5 * std::log2(3.0)},
      {"2D array: the layer has no derivative", GL_TEXTURE_2D_ARRAY, l4x4a, 2, {0.25, 0, 100}, {0, 0, 0}, 0},
   };
   for (const grad_case &c : cases) {
      const ref_texture tex = texture(c.target, {c.base});
      ref_lookup l = at({0.5, 0.5, 0.5});
      l.has_grad = true;
      for (int a = 0; a < 3; ++a) {
         l.dPdx[a] = c.dx[a];
         l.dPdy[a] = c.dy[a];
      }
      EXPECT_NEAR(ref_sample(tex, sampler(GL_NEAREST, GL_REPEAT), l).lambda, c.lambda, 1e-12) << c.rule;
   }
}

TEST(RefLod, GradientsScaleByTheBaseLevelSize) {
   ref_texture tex = mip_1d();
   tex.base_level = 1;  // width 2
   ref_lookup l = at({0.25});
   l.has_grad = true;
   l.dPdx[0] = 0.5;  // ρ = 1
   EXPECT_DOUBLE_EQ(ref_sample(tex, mip_sampler(GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST), l).lambda, 0);
   l.dPdx[0] = 0;  // ρ = 0: λ_base = -inf, clamped to MIN_LOD
   EXPECT_DOUBLE_EQ(ref_sample(tex, mip_sampler(GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST), l).lambda, -1000);
}

TEST(RefLod, GradientLambdaSelectsLevelsLikeExplicitLod) {
   const ref_texture tex = mip_1d();
   ref_lookup l = at({0.25});
   l.has_grad = true;
   l.dPdx[0] = std::exp2(1.25) / 4;  // ρ = 2^1.25
   const ref_result r = ref_sample(tex, mip_sampler(GL_NEAREST_MIPMAP_LINEAR, GL_LINEAR), l);
   EXPECT_NEAR(r.lambda, 1.25, 1e-12);
   EXPECT_NEAR(r.value.f[0], 0.75 * 10 + 0.25 * 100, 1e-9);
}

TEST(RefLod, SwitchThresholdIsHalfOnlyForMagLinearWithNearestMipmapMin) {
   EXPECT_EQ(ref_mag_threshold(GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR), 0.5);
   EXPECT_EQ(ref_mag_threshold(GL_NEAREST_MIPMAP_LINEAR, GL_LINEAR), 0.5);
   EXPECT_EQ(ref_mag_threshold(GL_LINEAR_MIPMAP_NEAREST, GL_LINEAR), 0.0);
   EXPECT_EQ(ref_mag_threshold(GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR), 0.0);
   EXPECT_EQ(ref_mag_threshold(GL_NEAREST, GL_LINEAR), 0.0);
   EXPECT_EQ(ref_mag_threshold(GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST), 0.0);
}

TEST(RefLod, QIsBasePlusFloorLog2OfTheLargestSizeCappedByMaxLevel) {
   EXPECT_EQ(ref_level_q(0, 1000, 1), 0);
   EXPECT_EQ(ref_level_q(0, 1000, 4), 2);
   EXPECT_EQ(ref_level_q(0, 1000, 5), 2);
   EXPECT_EQ(ref_level_q(0, 1000, 8), 3);
   EXPECT_EQ(ref_level_q(2, 1000, 8), 5);
   EXPECT_EQ(ref_level_q(0, 1, 8), 1);
}

TEST(RefLod, LambdaClampsToMinAndMaxLod) {
   EXPECT_DOUBLE_EQ(ref_lambda(0.25, 0.5, -1000, 1000), 0.75);
   EXPECT_DOUBLE_EQ(ref_lambda(5, 0, 0, 2), 2);
   EXPECT_DOUBLE_EQ(ref_lambda(-5, 1, -1, 2), -1);
   EXPECT_DOUBLE_EQ(ref_lambda(-INFINITY, 0, -1000, 1000), -1000);
}

// ARB_texture_query_lod's pseudo-code, case by case: y is λ' untouched, x the accessed level(s).
struct query_lod_case {
   const char *rule;
   double lambda_prime;
   GLenum min_filter;
   double min_lod, max_lod;
   int max_accessible;
   double want_x, want_y;
};

const query_lod_case kQueryLod[] = {
   {"non-mipmapped filters access level 0", 2.7, GL_LINEAR, -1000, 1000, 4, 0.0, 2.7},
   {"NEAREST too, magnified or not", -1.5, GL_NEAREST, -1000, 1000, 4, 0.0, -1.5},
   {"mipmap linear: x is lambda", 1.25, GL_LINEAR_MIPMAP_LINEAR, -1000, 1000, 4, 1.25, 1.25},
   {"mipmap linear: clamped to the last accessible level", 6.5, GL_NEAREST_MIPMAP_LINEAR, -1000, 1000, 4, 4.0, 6.5},
   {"mipmap linear: magnified clamps to 0", -2.0, GL_LINEAR_MIPMAP_LINEAR, -1000, 1000, 4, 0.0, -2.0},
   {"mipmap nearest rounds, ties down", 1.5, GL_NEAREST_MIPMAP_NEAREST, -1000, 1000, 4, 1.0, 1.5},
   {"mipmap nearest rounds up past one half", 1.51, GL_LINEAR_MIPMAP_NEAREST, -1000, 1000, 4, 2.0, 1.51},
   {"MIN_LOD clamps x, never y", 0.2, GL_LINEAR_MIPMAP_LINEAR, 1.5, 1000, 4, 1.5, 0.2},
   {"MAX_LOD clamps x, never y", 3.0, GL_LINEAR_MIPMAP_LINEAR, -1000, 2.25, 4, 2.25, 3.0},
   {"MIN_LOD with a non-mipmapped filter: still 0", 0.2, GL_LINEAR, 1.5, 1000, 4, 0.0, 0.2},
};

TEST(RefLod, QueryLodFollowsTheExtensionsPseudoCode) {
   for (const query_lod_case &c : kQueryLod) {
      const ref_lod_query q = ref_query_lod(c.lambda_prime, c.min_filter, c.min_lod, c.max_lod, c.max_accessible);
      EXPECT_DOUBLE_EQ(q.x, c.want_x) << c.rule;
      EXPECT_DOUBLE_EQ(q.y, c.want_y) << c.rule;
   }
}
