// Anisotropic bounds: what any anisotropic footprint may return, checked on hand-sized footprints.
#include "clampler/ref/ref_aniso.h"

#include <random>

#include "ref_test_util.h"

namespace reftest {
namespace {

// An 8 x 1 2D texture whose red is the texel index: the footprint's texels are its bounds.
ref_texture ramp8() {
   std::vector<double> red;
   for (int i = 0; i < 8; ++i)
      red.push_back(i);
   return texture(GL_TEXTURE_2D, {level_of(8, 1, 1, red)});
}

ref_sampler linear(GLenum wrap) {
   ref_sampler s;
   s.wrap_s = s.wrap_t = s.wrap_r = wrap;
   s.min_filter = GL_LINEAR;
   s.mag_filter = GL_LINEAR;
   s.border = tf(kBorder);
   return s;
}

ref_lookup grad2(double s, double t, double dsdx, double dtdx, double dsdy, double dtdy) {
   ref_lookup l;
   l.coord[0] = s;
   l.coord[1] = t;
   l.ncoord = 2;
   l.has_grad = true;
   l.dPdx[0] = dsdx;
   l.dPdx[1] = dtdx;
   l.dPdy[0] = dsdy;
   l.dPdy[1] = dtdy;
   return l;
}

TEST(RefAnisoBounds, ConstantTextureGivesTheConstantExactly) {
   const ref_texture t = texture(GL_TEXTURE_2D, {level_of(4, 4, 1, std::vector<double>(16, 0.25))});
   const ref_bounds b = ref_sample_aniso_bounds(t, linear(GL_REPEAT), grad2(0.3, 0.7, 0.9, 0.1, 0.0, 0.05), 16);
   EXPECT_EQ(b.lo.f[0], 0.25);
   EXPECT_EQ(b.hi.f[0], 0.25);
}

TEST(RefAnisoBounds, FootprintSpansHalfTheDerivativesEachSidePlusTheBilinearTaps) {
   // u = 4, |du/dx| = 4: u in [2, 6]; LINEAR taps at u − ½ read texels 1 .. 6.
   const ref_bounds b = ref_sample_aniso_bounds(ramp8(), linear(GL_REPEAT), grad2(0.5, 0.5, 0.5, 0, 0, 0.01), 16);
   EXPECT_EQ(b.lo.f[0], 1.0);
   EXPECT_EQ(b.hi.f[0], 6.0);
   EXPECT_FALSE(b.border_considered);
}

TEST(RefAnisoBounds, RepeatFoldsTheFootprintAcrossTheEdge) {
   // u = 0, |du/dx| = 2: u in [−1, 1]; taps −2 .. 1 wrap to texels 6, 7, 0, 1.
   const ref_bounds b = ref_sample_aniso_bounds(ramp8(), linear(GL_REPEAT), grad2(0.0, 0.5, 0.25, 0, 0, 0.01), 16);
   EXPECT_EQ(b.lo.f[0], 0.0);
   EXPECT_EQ(b.hi.f[0], 7.0);
}

TEST(RefAnisoBounds, BorderedWrapAddsTheBorderWhenTheFootprintLeavesTheLevel) {
   const ref_lookup l = grad2(0.95, 0.5, 0.25, 0, 0, 0.01);
   const ref_bounds border = ref_sample_aniso_bounds(ramp8(), linear(GL_CLAMP_TO_BORDER), l, 16);
   EXPECT_TRUE(border.border_considered);
   EXPECT_EQ(border.hi.f[0], kBorder);
   const ref_bounds edge = ref_sample_aniso_bounds(ramp8(), linear(GL_CLAMP_TO_EDGE), l, 16);
   EXPECT_FALSE(edge.border_considered);
   EXPECT_EQ(edge.hi.f[0], 7.0);
   EXPECT_EQ(edge.lo.f[0], 6.0);  // u = 7.6 ± 1: taps 6 .. 7 (and clamped beyond)
}

TEST(RefAnisoBounds, LevelsRunFromTheAnisotropicToTheIsotropicLambda) {
   // 8x8 level 0 (red 0), 4x4 level 1 (red 1), 2x2 level 2 (red 2), 1x1 level 3 (red 3).
   ref_texture t = texture(GL_TEXTURE_2D, {level_of(8, 8, 1, std::vector<double>(64, 0.0)),
                                            level_of(4, 4, 1, std::vector<double>(16, 1.0)),
                                            level_of(2, 2, 1, std::vector<double>(4, 2.0)),
                                            level_of(1, 1, 1, std::vector<double>(1, 3.0))});
   ref_sampler s = linear(GL_REPEAT);
   s.min_filter = GL_LINEAR_MIPMAP_LINEAR;
   // ρx = 4 texels, ρy = 1 texel: λ_iso = 2; η = 4 (max 16): λ_aniso = 0.
   const ref_bounds b = ref_sample_aniso_bounds(t, s, grad2(0.5, 0.5, 0.5, 0, 0, 0.125), 16);
   EXPECT_EQ(b.lowest_level, 0);
   EXPECT_EQ(b.highest_level, 3);
   EXPECT_EQ(b.lo.f[0], 0.0);
   EXPECT_EQ(b.hi.f[0], 3.0);
   // With max anisotropy 2, λ_aniso = log2(4 / 2) = 1: level 0 is never read.
   const ref_bounds b2 = ref_sample_aniso_bounds(t, s, grad2(0.5, 0.5, 0.5, 0, 0, 0.125), 2);
   EXPECT_EQ(b2.lowest_level, 1);
   EXPECT_EQ(b2.lo.f[0], 1.0);
}

TEST(RefAnisoBounds, TheIsotropicResultAlwaysLiesWithin) {
   std::mt19937 rng(7);
   std::uniform_real_distribution<double> coord(-1.5, 2.5), grad(-0.6, 0.6);
   std::vector<double> red;
   for (int i = 0; i < 64; ++i)
      red.push_back(std::sin(i * 0.37) * 10.0);
   ref_texture t = texture(GL_TEXTURE_2D, {level_of(8, 8, 1, red)});
   for (GLenum wrap : {GL_REPEAT, GL_CLAMP, GL_CLAMP_TO_EDGE, GL_CLAMP_TO_BORDER, GL_MIRRORED_REPEAT,
                       GL_MIRROR_CLAMP_EXT, GL_MIRROR_CLAMP_TO_EDGE, GL_MIRROR_CLAMP_TO_BORDER_EXT}) {
      for (int k = 0; k < 200; ++k) {
         const ref_lookup l = grad2(coord(rng), coord(rng), grad(rng), grad(rng), grad(rng), grad(rng));
         const ref_sampler s = linear(wrap);
         const ref_bounds b = ref_sample_aniso_bounds(t, s, l, 16);
         EXPECT_TRUE(ref_bounds_contain(b, ref_sample(t, s, l).value, 1e-12)) << "wrap " << wrap << " lookup " << k;
      }
   }
}

TEST(RefAnisoBounds, CoordinatesFarOutsideTheTextureStillBoundEveryWrap) {
   // u = 8 × 7.3 = 58.4 and −42.4, |du/dx| = 2: REPEAT folds to texels 4 .. 7 and 0 .. 3 ranges,
   // the clamps reach the edge (and the border); no footprint is ever empty.
   for (double s : {7.3, -5.3, 3.3, 100.0}) {
      for (GLenum wrap : {GL_REPEAT, GL_MIRRORED_REPEAT, GL_CLAMP, GL_CLAMP_TO_EDGE, GL_CLAMP_TO_BORDER,
                          GL_MIRROR_CLAMP_EXT, GL_MIRROR_CLAMP_TO_EDGE, GL_MIRROR_CLAMP_TO_BORDER_EXT}) {
         const ref_lookup l = grad2(s, 0.5, 0.25, 0, 0, 0.01);
         const ref_bounds b = ref_sample_aniso_bounds(ramp8(), linear(wrap), l, 16);
         EXPECT_GT(b.texels_considered, 0) << s << " " << wrap;
         EXPECT_TRUE(ref_bounds_contain(b, ref_sample(ramp8(), linear(wrap), l).value, 1e-12)) << s << " " << wrap;
      }
   }
   // A footprint wider than the texture under REPEAT reads every texel once.
   const ref_bounds wide = ref_sample_aniso_bounds(ramp8(), linear(GL_REPEAT), grad2(7.3, 0.5, 4.0, 0, 0, 0.01), 16);
   EXPECT_EQ(wide.lo.f[0], 0.0);
   EXPECT_EQ(wide.hi.f[0], 7.0);
}

TEST(RefAnisoBounds, RefusesCubeMapsAndAnisotropyBelowOne) {
   EXPECT_THROW(ref_sample_aniso_bounds(ramp8(), linear(GL_REPEAT), grad2(0.5, 0.5, 0.1, 0, 0, 0.1), 0.5),
                std::invalid_argument);
   ref_texture cube = texture(GL_TEXTURE_CUBE_MAP, {level_of(1, 1, 6, {0, 1, 2, 3, 4, 5})});
   ref_lookup l;
   l.coord[0] = 1;
   l.ncoord = 3;
   EXPECT_THROW(ref_sample_aniso_bounds(cube, linear(GL_CLAMP_TO_EDGE), l, 4), std::invalid_argument);
}

TEST(RefAnisoBounds, ContainRespectsTheTolerance) {
   ref_bounds b;
   b.lo = tf(0.0, 0.0, 0.0, 1.0);
   b.hi = tf(1.0, 0.0, 0.0, 1.0);
   EXPECT_TRUE(ref_bounds_contain(b, tf(1.0005), 0.001));
   EXPECT_FALSE(ref_bounds_contain(b, tf(1.01), 0.001));
   EXPECT_FALSE(ref_bounds_contain(b, tf(0.5, 0.1), 0.001));
}

}  // namespace
}  // namespace reftest
