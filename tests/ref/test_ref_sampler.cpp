// ref_sample end to end per target: 2D bilinear, RECTANGLE unnormalized, array layers, 3D trilinear, integer and stencil textures, and rejected requests.
#include <gtest/gtest.h>

#include <limits>
#include <stdexcept>

#include "ref_test_util.h"

using namespace reftest;

namespace {

// 2x2, x fastest: (0,0) = 1, (1,0) = 2, (0,1) = 4, (1,1) = 8: every tap's weight is visible.
ref_texture tex_2d_2x2() { return texture(GL_TEXTURE_2D, {level_of(2, 2, 1, {1, 2, 4, 8})}); }

// RECTANGLE 4x2: row 0 = 1, 10, 100, 1000; row 1 = 2, 20, 200, 2000.
ref_texture tex_rect() {
   return texture(GL_TEXTURE_RECTANGLE, {level_of(4, 2, 1, {1, 10, 100, 1000, 2, 20, 200, 2000})});
}

// 2x2x2, texel (x, y, z) = 2^(x + 2y + 4z).
ref_texture tex_3d() { return texture(GL_TEXTURE_3D, {level_of(2, 2, 2, {1, 2, 4, 8, 16, 32, 64, 128})}); }

struct lookup_case {
   const char *rule;
   GLenum filter, wrap;
   double s, t;
   double want;
};

}  // namespace

TEST(RefSampler2D, BilinearWeightsAreFracOfUMinusHalfOnEachAxis) {
   const ref_texture tex = tex_2d_2x2();
   const lookup_case cases[] = {
      {"centre: four taps of 1/4", GL_LINEAR, GL_REPEAT, 0.5, 0.5, (1 + 2 + 4 + 8) / 4.0},
      // u = 0.75: alpha = 0.25; v = 1: beta = 0.5.
      {"alpha 1/4, beta 1/2", GL_LINEAR, GL_CLAMP_TO_EDGE, 0.375, 0.5,
       0.75 * 0.5 * 1 + 0.25 * 0.5 * 2 + 0.75 * 0.5 * 4 + 0.25 * 0.5 * 8},
      {"texel centre reads one texel", GL_LINEAR, GL_CLAMP_TO_EDGE, 0.75, 0.25, 2},
      {"corner with CLAMP_TO_BORDER: three border taps", GL_LINEAR, GL_CLAMP_TO_BORDER, 0.0, 0.0,
       0.25 * kBorder * 3 + 0.25 * 1},
      {"GL_CLAMP on s only at s < 0, t on a texel row", GL_LINEAR, GL_CLAMP, -1.0, 0.25, 0.5 * kBorder + 0.5 * 1},
      {"REPEAT across the corner", GL_LINEAR, GL_REPEAT, 0.0, 0.0, (1 + 2 + 4 + 8) / 4.0},
      {"NEAREST picks floor(u), floor(v)", GL_NEAREST, GL_REPEAT, 0.75, 0.25, 2},
      {"NEAREST at u = N wraps to 0 with REPEAT", GL_NEAREST, GL_REPEAT, 1.0, 0.5, 4},
   };
   for (const lookup_case &c : cases)
      EXPECT_NEAR(red(tex, sampler(c.filter, c.wrap), at({c.s, c.t})), c.want, tol(c.want)) << c.rule;
}

TEST(RefSampler2D, WrapsApplyPerAxis) {
   const ref_texture tex = tex_2d_2x2();
   ref_sampler s = sampler(GL_NEAREST, GL_CLAMP_TO_BORDER);
   s.wrap_t = GL_REPEAT;
   EXPECT_DOUBLE_EQ(red(tex, s, at({0.25, 1.25})), 1);       // t wraps, s inside
   EXPECT_DOUBLE_EQ(red(tex, s, at({1.25, 0.25})), kBorder);  // s reads the border
}

TEST(RefSamplerRect, CoordinatesAreTexelsAndOnlyClampModesApply) {
   const ref_texture tex = tex_rect();
   const lookup_case cases[] = {
      {"NEAREST CLAMP_TO_EDGE inside", GL_NEAREST, GL_CLAMP_TO_EDGE, 3.99, 0.5, 1000},
      {"NEAREST CLAMP_TO_EDGE past the corner", GL_NEAREST, GL_CLAMP_TO_EDGE, 4.0, 1.5, 2000},
      {"NEAREST CLAMP_TO_EDGE below 0", GL_NEAREST, GL_CLAMP_TO_EDGE, -3.0, -1.0, 1},
      {"NEAREST CLAMP_TO_BORDER at u = w", GL_NEAREST, GL_CLAMP_TO_BORDER, 4.0, 0.5, kBorder},
      {"NEAREST CLAMP_TO_BORDER just below 0", GL_NEAREST, GL_CLAMP_TO_BORDER, -0.01, 0.5, kBorder},
      {"NEAREST GL_CLAMP at u = w reads the last texel", GL_NEAREST, GL_CLAMP, 4.0, 0.5, 1000},
      {"NEAREST GL_CLAMP far below 0", GL_NEAREST, GL_CLAMP, -7.0, 0.5, 1},
      {"LINEAR GL_CLAMP below 0: 50/50 border", GL_LINEAR, GL_CLAMP, -1.0, 0.5, 0.5 * kBorder + 0.5 * 1},
      {"LINEAR GL_CLAMP past w: 50/50 border", GL_LINEAR, GL_CLAMP, 4.5, 0.5, 0.5 * 1000 + 0.5 * kBorder},
      {"LINEAR between texel centres", GL_LINEAR, GL_CLAMP, 1.0, 0.5, 0.5 * 1 + 0.5 * 10},
      {"LINEAR CLAMP_TO_EDGE past w, between rows", GL_LINEAR, GL_CLAMP_TO_EDGE, 4.5, 1.0, 0.5 * 1000 + 0.5 * 2000},
      {"LINEAR four taps", GL_LINEAR, GL_CLAMP_TO_EDGE, 1.0, 1.0, 0.25 * (1 + 10 + 2 + 20)},
   };
   for (const lookup_case &c : cases)
      EXPECT_NEAR(red(tex, sampler(c.filter, c.wrap), at({c.s, c.t})), c.want, tol(c.want)) << c.rule;
   for (GLenum w : {GL_REPEAT, GL_MIRRORED_REPEAT, GL_MIRROR_CLAMP_EXT, GL_MIRROR_CLAMP_TO_EDGE,
                    GL_MIRROR_CLAMP_TO_BORDER_EXT})
      EXPECT_THROW(ref_sample(tex, sampler(GL_NEAREST, w), at({1, 1})), std::invalid_argument) << wrap_name(w);
   ref_sampler mip = sampler(GL_NEAREST, GL_CLAMP_TO_EDGE);
   mip.min_filter = GL_NEAREST_MIPMAP_NEAREST;
   EXPECT_THROW(ref_sample(tex, mip, at({1, 1})), std::invalid_argument);
}

TEST(RefSamplerRect, LambdaUsesUnscaledDerivativesForTheMinMagSwitch) {
   const ref_texture tex = tex_rect();
   ref_sampler s = sampler(GL_NEAREST, GL_CLAMP_TO_EDGE);
   s.min_filter = GL_LINEAR;
   ref_lookup l = at({1.0, 0.5});
   l.has_grad = true;
   l.dPdx[0] = 2.0;  // two texels per pixel: ρ = 2, λ = 1 -> minified -> LINEAR
   ref_result r = ref_sample(tex, s, l);
   EXPECT_DOUBLE_EQ(r.lambda, 1.0);
   EXPECT_DOUBLE_EQ(r.value.f[0], 0.5 * 1 + 0.5 * 10);
   l.dPdx[0] = 0.5;  // λ = -1 -> magnified -> NEAREST, floor(1.0) = texel 1
   r = ref_sample(tex, s, l);
   EXPECT_DOUBLE_EQ(r.lambda, -1.0);
   EXPECT_DOUBLE_EQ(r.value.f[0], 10);
}

TEST(RefSamplerArray, LayerIsFloorOfRPlusHalfClampedAndNeverWrapped) {
   const ref_texture tex = texture(GL_TEXTURE_2D_ARRAY, {level_of(1, 1, 3, {1, 10, 100})});
   struct {
      double r;
      int layer;
   } const cases[] = {{-0.7, 0}, {0.49, 0}, {0.5, 1}, {1.49, 1}, {1.5, 2}, {2.5, 2}, {3.0, 2}, {9.0, 2}};
   const double values[3] = {1, 10, 100};
   for (GLenum wrap : {GL_REPEAT, GL_CLAMP_TO_BORDER, GL_MIRRORED_REPEAT})
      for (GLenum filter : {GL_NEAREST, GL_LINEAR})
         for (const auto &c : cases) {
            const ref_result r = ref_sample(tex, sampler(filter, wrap), at({0.5, 0.5, c.r}));
            EXPECT_EQ(r.layer, c.layer) << c.r;
            // s, t = 0.5 on a 1x1 layer: the texel itself (LINEAR: alpha = beta = 0).
            EXPECT_DOUBLE_EQ(r.value.f[0], values[c.layer]) << c.r << " " << wrap_name(wrap);
         }
}

TEST(RefSamplerArray, OneDArrayTakesTheLayerFromTAndFiltersOnlyAlongS) {
   const ref_texture tex = texture(GL_TEXTURE_1D_ARRAY, {level_of(2, 3, 1, {1, 2, 10, 20, 100, 200})});
   const ref_sampler s = sampler(GL_LINEAR, GL_CLAMP_TO_EDGE);
   EXPECT_DOUBLE_EQ(red(tex, s, at({0.5, 1.0})), 15);   // layer 1, u = 1: 50/50
   EXPECT_DOUBLE_EQ(red(tex, s, at({0.5, 1.5})), 150);  // half up to layer 2
   EXPECT_DOUBLE_EQ(red(tex, s, at({0.5, -4})), 1.5);   // clamped to layer 0
   EXPECT_DOUBLE_EQ(red(tex, s, at({0.25, 0.4})), 1);   // layer 0, texel centre
}

TEST(RefSampler3D, LinearIsTrilinear) {
   const ref_texture tex = tex_3d();
   const ref_sampler s = sampler(GL_LINEAR, GL_CLAMP_TO_EDGE);
   EXPECT_DOUBLE_EQ(red(tex, s, at({0.5, 0.5, 0.5})), 255.0 / 8);  // eight taps of 1/8
   EXPECT_DOUBLE_EQ(red(tex, s, at({0.25, 0.25, 0.25})), 1);      // texel (0,0,0) centre
   EXPECT_DOUBLE_EQ(red(tex, s, at({0.5, 0.25, 0.25})), 1.5);     // (0,0,0) and (1,0,0)
   // u = 0.75 (alpha 1/4), v = 1.25 (beta 3/4), w = 1.5 (gamma 0 on clamped slice 1).
   EXPECT_DOUBLE_EQ(red(tex, s, at({0.375, 0.625, 0.75})),
                    0.75 * 0.25 * 16 + 0.25 * 0.25 * 32 + 0.75 * 0.75 * 64 + 0.25 * 0.75 * 128);
   EXPECT_DOUBLE_EQ(red(tex, sampler(GL_NEAREST, GL_CLAMP_TO_EDGE), at({0.75, 0.25, 0.75})), 32);
}

TEST(RefSamplerInteger, NearestReadsTheIntegerTexelAndTheIntegerBorder) {
   ref_texture tex = texture(GL_TEXTURE_2D, {});
   ref_level l;
   l.width = 2;
   l.texels = {ti(5, -6, 7, 8), ti(9, 10, 11, 12)};
   tex.levels = {l};
   tex.max_level = 0;
   tex.is_integer = true;
   ref_sampler s = sampler(GL_NEAREST, GL_CLAMP_TO_BORDER);
   s.border = ti(-3, 4, 0, int64_t{1} << 40);
   ref_result r = ref_sample(tex, s, at({0.25, 0.5}));
   EXPECT_TRUE(r.is_integer);
   EXPECT_EQ(r.value.i[0], 5);
   EXPECT_EQ(r.value.i[1], -6);
   EXPECT_EQ(r.value.i[2], 7);
   EXPECT_EQ(r.value.i[3], 8);
   r = ref_sample(tex, s, at({-0.1, 0.5}));
   EXPECT_EQ(r.value.i[0], -3);
   EXPECT_EQ(r.value.i[3], int64_t{1} << 40);
   s.swizzle = {GL_GREEN, GL_ONE, GL_ZERO, GL_RED};
   r = ref_sample(tex, s, at({0.75, 0.5}));
   EXPECT_EQ(r.value.i[0], 10);
   EXPECT_EQ(r.value.i[1], 1);
   EXPECT_EQ(r.value.i[2], 0);
   EXPECT_EQ(r.value.i[3], 9);
}

TEST(RefSamplerInteger, LinearFilteringIsRejectedForTheCallerToApplyTheNearestRule) {
   ref_texture tex = texture(GL_TEXTURE_2D, {level_of(2, 1, 1, {0, 0})});
   tex.is_integer = true;
   EXPECT_THROW(ref_sample(tex, sampler(GL_LINEAR, GL_REPEAT), at({0.5, 0.5})), std::invalid_argument);
   ref_sampler s = sampler(GL_NEAREST, GL_REPEAT);
   s.min_filter = GL_NEAREST_MIPMAP_LINEAR;
   EXPECT_THROW(ref_sample(tex, s, at({0.5, 0.5})), std::invalid_argument);
}

TEST(RefSamplerStencil, StencilSamplingReadsTheIndexAsIntegerRed) {
   ref_texture tex = texture(GL_TEXTURE_2D, {});
   ref_level l;
   texel ds;
   ds.f[0] = 0.5;
   ds.i[0] = 200;
   l.texels = {ds};
   tex.levels = {l};
   tex.max_level = 0;
   tex.is_depth = true;
   tex.is_stencil = true;
   ref_sampler s = sampler(GL_NEAREST, GL_CLAMP_TO_EDGE);
   s.compare = true;  // no effect on stencil sampling
   const ref_result r = ref_sample(tex, s, at({0.5, 0.5}));
   EXPECT_TRUE(r.is_integer);
   EXPECT_EQ(r.value.i[0], 200);
   EXPECT_EQ(r.value.i[1], 0);
   EXPECT_EQ(r.value.i[2], 0);
   EXPECT_EQ(r.value.i[3], 1);
}

TEST(RefSamplerValidation, MalformedRequestsThrow) {
   const ref_texture tex = tex_2d_2x2();
   const ref_sampler s = sampler(GL_NEAREST, GL_REPEAT);
   EXPECT_THROW(ref_sample(tex, s, at({0.5})), std::invalid_argument);  // too few coordinates
   EXPECT_THROW(ref_sample(tex, s, at({std::numeric_limits<double>::quiet_NaN(), 0.5})), std::invalid_argument);
   ref_sampler lod = s;
   lod.min_lod = 2;
   lod.max_lod = 1;
   EXPECT_THROW(ref_sample(tex, lod, at({0.5, 0.5})), std::invalid_argument);
   ref_sampler mip = s;
   mip.min_filter = GL_LINEAR_MIPMAP_LINEAR;  // the 2x2 needs level 1; only level 0 is given
   ref_texture incomplete = tex;
   incomplete.max_level = 1000;
   EXPECT_THROW(ref_sample(incomplete, mip, at({0.5, 0.5})), std::invalid_argument);
   ref_texture bad = tex;
   bad.levels[0].texels.pop_back();
   EXPECT_THROW(ref_sample(bad, s, at({0.5, 0.5})), std::invalid_argument);
   ref_sampler wrap = s;
   wrap.wrap_s = GL_LINEAR;
   EXPECT_THROW(ref_sample(tex, wrap, at({0.5, 0.5})), std::invalid_argument);
}
