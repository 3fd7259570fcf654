// Wrap modes on one axis: every GL wrap for NEAREST and LINEAR at and around the edges, checked per axis and through s, t and r lookups.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "clampler/ref/ref_wrap.h"
#include "ref_test_util.h"

using namespace reftest;

namespace {

// One row: a wrap mode and an unnormalized coordinate u on an axis of N = 4 texels, with the
// texel index NEAREST reads and the taps LINEAR blends. Index -1 or 4 is a border texel.
// Hand-computed from GL 4.6 §8.14.2 (table 8.20, mirror(a) = a >= 0 ? a : -1 - a) and
// docs/design.md §5 for CLAMP / MIRROR_CLAMP_EXT / MIRROR_CLAMP_TO_BORDER_EXT:
//   NEAREST i = wrap(floor(u)); LINEAR u' = u - 0.5, i0 = wrap(floor(u')), i1 = wrap(floor(u') + 1),
//   alpha = frac(u'); CLAMP: u' = clamp(u, 0, N) - 0.5 and no further wrap.
struct wrap_row {
   GLenum wrap;
   double u;
   int64_t nearest;
   int64_t i0, i1;
   double alpha;
};

// u:                 -5    -2    -1   -0.5   0   0.25  0.5   1   3.75   4   4.5    5
// floor(u - 0.5):    -6    -3    -2    -1    -1   -1    0    0    3     3    4     4
// frac(u - 0.5):     .5    .5    .5     0    .5  .75    0   .5   .25   .5    0    .5
const std::vector<wrap_row> kRows = {
   // REPEAT: fmod(i, 4).
   {GL_REPEAT, -5, 3, 2, 3, .5},
   {GL_REPEAT, -2, 2, 1, 2, .5},
   {GL_REPEAT, -1, 3, 2, 3, .5},
   {GL_REPEAT, -0.5, 3, 3, 0, 0},
   {GL_REPEAT, 0, 0, 3, 0, .5},
   {GL_REPEAT, 0.25, 0, 3, 0, .75},
   {GL_REPEAT, 0.5, 0, 0, 1, 0},
   {GL_REPEAT, 1, 1, 0, 1, .5},
   {GL_REPEAT, 3.75, 3, 3, 0, .25},
   {GL_REPEAT, 4, 0, 3, 0, .5},
   {GL_REPEAT, 4.5, 0, 0, 1, 0},
   {GL_REPEAT, 5, 1, 0, 1, .5},
   // MIRRORED_REPEAT: 3 - mirror(fmod(i, 8) - 4); i = -6..5 -> 2 3 3 2 1 0 | 0 1 2 3 3 2.
   {GL_MIRRORED_REPEAT, -5, 3, 2, 3, .5},
   {GL_MIRRORED_REPEAT, -2, 1, 2, 1, .5},
   {GL_MIRRORED_REPEAT, -1, 0, 1, 0, .5},
   {GL_MIRRORED_REPEAT, -0.5, 0, 0, 0, 0},
   {GL_MIRRORED_REPEAT, 0, 0, 0, 0, .5},
   {GL_MIRRORED_REPEAT, 0.25, 0, 0, 0, .75},
   {GL_MIRRORED_REPEAT, 0.5, 0, 0, 1, 0},
   {GL_MIRRORED_REPEAT, 1, 1, 0, 1, .5},
   {GL_MIRRORED_REPEAT, 3.75, 3, 3, 3, .25},
   {GL_MIRRORED_REPEAT, 4, 3, 3, 3, .5},
   {GL_MIRRORED_REPEAT, 4.5, 3, 3, 2, 0},
   {GL_MIRRORED_REPEAT, 5, 2, 3, 2, .5},
   // CLAMP_TO_EDGE: clamp(i, 0, 3).
   {GL_CLAMP_TO_EDGE, -5, 0, 0, 0, .5},
   {GL_CLAMP_TO_EDGE, -2, 0, 0, 0, .5},
   {GL_CLAMP_TO_EDGE, -1, 0, 0, 0, .5},
   {GL_CLAMP_TO_EDGE, -0.5, 0, 0, 0, 0},
   {GL_CLAMP_TO_EDGE, 0, 0, 0, 0, .5},
   {GL_CLAMP_TO_EDGE, 0.25, 0, 0, 0, .75},
   {GL_CLAMP_TO_EDGE, 0.5, 0, 0, 1, 0},
   {GL_CLAMP_TO_EDGE, 1, 1, 0, 1, .5},
   {GL_CLAMP_TO_EDGE, 3.75, 3, 3, 3, .25},
   {GL_CLAMP_TO_EDGE, 4, 3, 3, 3, .5},
   {GL_CLAMP_TO_EDGE, 4.5, 3, 3, 3, 0},
   {GL_CLAMP_TO_EDGE, 5, 3, 3, 3, .5},
   // CLAMP_TO_BORDER: clamp(i, -1, 4).
   {GL_CLAMP_TO_BORDER, -5, -1, -1, -1, .5},
   {GL_CLAMP_TO_BORDER, -2, -1, -1, -1, .5},
   {GL_CLAMP_TO_BORDER, -1, -1, -1, -1, .5},
   {GL_CLAMP_TO_BORDER, -0.5, -1, -1, 0, 0},
   {GL_CLAMP_TO_BORDER, 0, 0, -1, 0, .5},
   {GL_CLAMP_TO_BORDER, 0.25, 0, -1, 0, .75},
   {GL_CLAMP_TO_BORDER, 0.5, 0, 0, 1, 0},
   {GL_CLAMP_TO_BORDER, 1, 1, 0, 1, .5},
   {GL_CLAMP_TO_BORDER, 3.75, 3, 3, 4, .25},
   {GL_CLAMP_TO_BORDER, 4, 4, 3, 4, .5},
   {GL_CLAMP_TO_BORDER, 4.5, 4, 4, 4, 0},
   {GL_CLAMP_TO_BORDER, 5, 4, 4, 4, .5},
   // MIRROR_CLAMP_TO_EDGE (GL 4.6): clamp(mirror(i), 0, 3). u = -1 and -2 are the exact
   // negative texel boundaries where this differs from CLAMP_TO_EDGE on |u| (1 and 2).
   {GL_MIRROR_CLAMP_TO_EDGE, -5, 3, 3, 3, .5},
   {GL_MIRROR_CLAMP_TO_EDGE, -2, 1, 2, 1, .5},
   {GL_MIRROR_CLAMP_TO_EDGE, -1, 0, 1, 0, .5},
   {GL_MIRROR_CLAMP_TO_EDGE, -0.5, 0, 0, 0, 0},
   {GL_MIRROR_CLAMP_TO_EDGE, 0, 0, 0, 0, .5},
   {GL_MIRROR_CLAMP_TO_EDGE, 0.25, 0, 0, 0, .75},
   {GL_MIRROR_CLAMP_TO_EDGE, 0.5, 0, 0, 1, 0},
   {GL_MIRROR_CLAMP_TO_EDGE, 1, 1, 0, 1, .5},
   {GL_MIRROR_CLAMP_TO_EDGE, 3.75, 3, 3, 3, .25},
   {GL_MIRROR_CLAMP_TO_EDGE, 4, 3, 3, 3, .5},
   {GL_MIRROR_CLAMP_TO_EDGE, 4.5, 3, 3, 3, 0},
   {GL_MIRROR_CLAMP_TO_EDGE, 5, 3, 3, 3, .5},
   // CLAMP: u clamped to [0, 4]; NEAREST min(floor(u), 3); LINEAR taps in [-1, 4], so at
   // u <= 0 and u >= 4 a 50/50 blend of the edge texel and the border.
   {GL_CLAMP, -5, 0, -1, 0, .5},
   {GL_CLAMP, -2, 0, -1, 0, .5},
   {GL_CLAMP, -1, 0, -1, 0, .5},
   {GL_CLAMP, -0.5, 0, -1, 0, .5},
   {GL_CLAMP, 0, 0, -1, 0, .5},
   {GL_CLAMP, 0.25, 0, -1, 0, .75},
   {GL_CLAMP, 0.5, 0, 0, 1, 0},
   {GL_CLAMP, 1, 1, 0, 1, .5},
   {GL_CLAMP, 3.75, 3, 3, 4, .25},
   {GL_CLAMP, 4, 3, 3, 4, .5},
   {GL_CLAMP, 4.5, 3, 3, 4, .5},
   {GL_CLAMP, 5, 3, 3, 4, .5},
   // MIRROR_CLAMP_EXT: CLAMP on |u|.
   {GL_MIRROR_CLAMP_EXT, -5, 3, 3, 4, .5},
   {GL_MIRROR_CLAMP_EXT, -2, 2, 1, 2, .5},
   {GL_MIRROR_CLAMP_EXT, -1, 1, 0, 1, .5},
   {GL_MIRROR_CLAMP_EXT, -0.5, 0, 0, 1, 0},
   {GL_MIRROR_CLAMP_EXT, 0, 0, -1, 0, .5},
   {GL_MIRROR_CLAMP_EXT, 0.25, 0, -1, 0, .75},
   {GL_MIRROR_CLAMP_EXT, 0.5, 0, 0, 1, 0},
   {GL_MIRROR_CLAMP_EXT, 1, 1, 0, 1, .5},
   {GL_MIRROR_CLAMP_EXT, 3.75, 3, 3, 4, .25},
   {GL_MIRROR_CLAMP_EXT, 4, 3, 3, 4, .5},
   {GL_MIRROR_CLAMP_EXT, 4.5, 3, 3, 4, .5},
   {GL_MIRROR_CLAMP_EXT, 5, 3, 3, 4, .5},
   // MIRROR_CLAMP_TO_BORDER_EXT: CLAMP_TO_BORDER on |u|.
   {GL_MIRROR_CLAMP_TO_BORDER_EXT, -5, 4, 4, 4, .5},
   {GL_MIRROR_CLAMP_TO_BORDER_EXT, -2, 2, 1, 2, .5},
   {GL_MIRROR_CLAMP_TO_BORDER_EXT, -1, 1, 0, 1, .5},
   {GL_MIRROR_CLAMP_TO_BORDER_EXT, -0.5, 0, 0, 1, 0},
   {GL_MIRROR_CLAMP_TO_BORDER_EXT, 0, 0, -1, 0, .5},
   {GL_MIRROR_CLAMP_TO_BORDER_EXT, 0.25, 0, -1, 0, .75},
   {GL_MIRROR_CLAMP_TO_BORDER_EXT, 0.5, 0, 0, 1, 0},
   {GL_MIRROR_CLAMP_TO_BORDER_EXT, 1, 1, 0, 1, .5},
   {GL_MIRROR_CLAMP_TO_BORDER_EXT, 3.75, 3, 3, 4, .25},
   {GL_MIRROR_CLAMP_TO_BORDER_EXT, 4, 4, 3, 4, .5},
   {GL_MIRROR_CLAMP_TO_BORDER_EXT, 4.5, 4, 4, 4, 0},
   {GL_MIRROR_CLAMP_TO_BORDER_EXT, 5, 4, 4, 4, .5},
};

// Texel values of the 4-texel axis, index -1 and 4 reading the border.
double value_at(int64_t i) {
   static const double kT[4] = {1, 10, 100, 1000};
   return i < 0 || i > 3 ? kBorder : kT[i];
}

double nearest_value(const wrap_row &r) { return value_at(r.nearest); }
double linear_value(const wrap_row &r) { return (1 - r.alpha) * value_at(r.i0) + r.alpha * value_at(r.i1); }

std::string trace(const wrap_row &r) { return wrap_name(r.wrap) + " u=" + std::to_string(r.u); }

}  // namespace

TEST(RefWrap, NearestIndexFollowsTheWrapFunctionOfFloorU) {
   for (const wrap_row &r : kRows) {
      SCOPED_TRACE(trace(r));
      EXPECT_EQ(ref_wrap_nearest(r.wrap, r.u, 4), r.nearest);
   }
}

TEST(RefWrap, LinearTapsAreTheWrapOfFloorUMinusHalfAndItsSuccessor) {
   for (const wrap_row &r : kRows) {
      SCOPED_TRACE(trace(r));
      const ref_linear_taps t = ref_wrap_linear(r.wrap, r.u, 4);
      EXPECT_EQ(t.i0, r.i0);
      EXPECT_EQ(t.i1, r.i1);
      EXPECT_DOUBLE_EQ(t.alpha, r.alpha);
   }
}

TEST(RefWrap, OneDLookupsReadTheWrappedTexelsAndTheBorder) {
   const ref_texture tex = tex_1d_4();
   for (const wrap_row &r : kRows) {
      SCOPED_TRACE(trace(r));
      EXPECT_NEAR(red(tex, sampler(GL_NEAREST, r.wrap), at({r.u / 4})), nearest_value(r), tol(nearest_value(r)));
      EXPECT_NEAR(red(tex, sampler(GL_LINEAR, r.wrap), at({r.u / 4})), linear_value(r), tol(linear_value(r)));
   }
}

TEST(RefWrap, TTakesWrapTAndSIsUnaffected) {
   // A 1x4 2D texture: the column is the axis of the table; s = 0.5 sits on the only texel.
   const ref_texture tex = texture(GL_TEXTURE_2D, {level_of(1, 4, 1, {1, 10, 100, 1000})});
   for (const wrap_row &r : kRows) {
      SCOPED_TRACE(trace(r));
      for (GLenum filter : {GL_NEAREST, GL_LINEAR}) {
         ref_sampler s = sampler(filter, GL_CLAMP_TO_EDGE);
         s.wrap_t = r.wrap;
         const double want = filter == GL_NEAREST ? nearest_value(r) : linear_value(r);
         EXPECT_NEAR(red(tex, s, at({0.5, r.u / 4})), want, tol(want));
      }
   }
}

TEST(RefWrap, RTakesWrapROnThreeDTextures) {
   const ref_texture tex = texture(GL_TEXTURE_3D, {level_of(1, 1, 4, {1, 10, 100, 1000})});
   for (const wrap_row &r : kRows) {
      SCOPED_TRACE(trace(r));
      for (GLenum filter : {GL_NEAREST, GL_LINEAR}) {
         ref_sampler s = sampler(filter, GL_CLAMP_TO_EDGE);
         s.wrap_r = r.wrap;
         const double want = filter == GL_NEAREST ? nearest_value(r) : linear_value(r);
         EXPECT_NEAR(red(tex, s, at({0.5, 0.5, r.u / 4})), want, tol(want));
      }
   }
}

TEST(RefWrap, GlClampLinearIsHalfEdgeHalfBorderOutsideZeroToOne) {
   const ref_texture tex = tex_1d_4();
   const ref_sampler s = sampler(GL_LINEAR, GL_CLAMP);
   for (double sc : {0.0, -0.01, -0.25, -3.0})
      EXPECT_DOUBLE_EQ(red(tex, s, at({sc})), 0.5 * 1 + 0.5 * kBorder) << sc;
   for (double sc : {1.0, 1.01, 1.125, 7.0})
      EXPECT_DOUBLE_EQ(red(tex, s, at({sc})), 0.5 * 1000 + 0.5 * kBorder) << sc;
   // NEAREST never reads the border: at s = 1 it reads the last texel (CLAMP_TO_BORDER would not).
   EXPECT_DOUBLE_EQ(red(tex, sampler(GL_NEAREST, GL_CLAMP), at({1.0})), 1000);
   EXPECT_DOUBLE_EQ(red(tex, sampler(GL_NEAREST, GL_CLAMP_TO_BORDER), at({1.0})), kBorder);
}

TEST(RefWrap, MirrorClampToEdgeNearestMirrorsTexelIndicesNotCoordinates) {
   // GL 4.6: s = -1/4 on 4 texels is i = floor(-1) = -1, mirror(-1) = 0 -> texel 0, where
   // CLAMP_TO_EDGE on |s| (EXT_texture_mirror_clamp) would read texel 1. Just inside, both agree.
   const ref_texture tex = tex_1d_4();
   const ref_sampler s = sampler(GL_NEAREST, GL_MIRROR_CLAMP_TO_EDGE);
   EXPECT_DOUBLE_EQ(red(tex, s, at({-0.25})), 1);
   EXPECT_DOUBLE_EQ(red(tex, s, at({-0.26})), 10);
   EXPECT_DOUBLE_EQ(red(tex, s, at({-0.24})), 1);
   EXPECT_DOUBLE_EQ(red(tex, sampler(GL_NEAREST, GL_MIRROR_CLAMP_EXT), at({-0.25})), 10);
}

TEST(RefWrap, MirrorClampToEdgeLinearEqualsClampToEdgeOnAbsS) {
   const ref_texture tex = tex_1d_4();
   for (double sc : {-1.3, -0.9, -0.6, -0.3, -0.2, -0.1, -0.05}) {
      const double mirrored = red(tex, sampler(GL_LINEAR, GL_MIRROR_CLAMP_TO_EDGE), at({sc}));
      const double on_abs = red(tex, sampler(GL_LINEAR, GL_CLAMP_TO_EDGE), at({-sc}));
      EXPECT_NEAR(mirrored, on_abs, tol(on_abs)) << sc;
   }
}

TEST(RefWrap, ArrayLayerRoundsHalfUpAndClamps) {
   EXPECT_EQ(ref_array_layer(-0.7, 3), 0);
   EXPECT_EQ(ref_array_layer(-0.5, 3), 0);   // floor(0) = 0
   EXPECT_EQ(ref_array_layer(0.49, 3), 0);
   EXPECT_EQ(ref_array_layer(0.5, 3), 1);    // GL: half up (RNE would give 0)
   EXPECT_EQ(ref_array_layer(1.5, 3), 2);
   EXPECT_EQ(ref_array_layer(1.49, 3), 1);
   EXPECT_EQ(ref_array_layer(2.5, 3), 2);    // clamped to layers - 1
   EXPECT_EQ(ref_array_layer(7.0, 3), 2);
   EXPECT_EQ(ref_array_layer(1e300, 3), 2);
}

TEST(RefWrap, UnnormalizedAcceptsOnlyTheClampModes) {
   for (GLenum w : {GL_CLAMP, GL_CLAMP_TO_EDGE, GL_CLAMP_TO_BORDER})
      EXPECT_TRUE(ref_wrap_allows_unnormalized(w));
   for (GLenum w : {GL_REPEAT, GL_MIRRORED_REPEAT, GL_MIRROR_CLAMP_EXT, GL_MIRROR_CLAMP_TO_EDGE,
                    GL_MIRROR_CLAMP_TO_BORDER_EXT})
      EXPECT_FALSE(ref_wrap_allows_unnormalized(w));
   EXPECT_FALSE(ref_wrap_is_known(GL_LINEAR));
}
