// Cube maps: face selection per major axis and its ties, face derivatives, seamless edge and corner texels, non-seamless wraps, cube arrays.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "clampler/ref/ref_cube.h"
#include "ref_test_util.h"

using namespace reftest;

namespace {

constexpr int kPX = 0, kNX = 1, kPY = 2, kNY = 3, kPZ = 4, kNZ = 5;

// Texel (i, j) of face f in layer l: 100 * (f + 1) + 10 * j + i + 1000 * l.
double cube_value(int f, int i, int j, int l = 0) { return 100.0 * (f + 1) + 10 * j + i + 1000.0 * l; }

ref_texture cube_2x2(int layers = 1) {
   std::vector<double> v;
   for (int l = 0; l < layers; ++l)
      for (int f = 0; f < 6; ++f)
         for (int j = 0; j < 2; ++j)
            for (int i = 0; i < 2; ++i)
               v.push_back(cube_value(f, i, j, l));
   return texture(layers == 1 ? GL_TEXTURE_CUBE_MAP : GL_TEXTURE_CUBE_MAP_ARRAY,
                  {level_of(2, 2, static_cast<uint32_t>(6 * layers), v)});
}

ref_sampler cube_sampler(GLenum filter, bool seamless, GLenum wrap = GL_CLAMP_TO_EDGE) {
   ref_sampler s = sampler(filter, wrap);
   s.seamless = seamless;
   return s;
}

}  // namespace

TEST(RefCube, FaceSelectionFollowsTheMajorAxisTable) {
   // GL 4.6 table 8.19; s = (sc / |ma| + 1) / 2, t = (tc / |ma| + 1) / 2.
   struct {
      double r[3];
      int face;
      double s, t;
   } const cases[] = {
      {{1, 0.2, 0.3}, kPX, 0.35, 0.4},     // sc = -rz, tc = -ry
      {{2, 0.4, 0.6}, kPX, 0.35, 0.4},     // divided by |ma|
      {{-1, 0.2, 0.3}, kNX, 0.65, 0.4},    // sc = rz, tc = -ry
      {{0.2, 1, 0.3}, kPY, 0.6, 0.65},     // sc = rx, tc = rz
      {{0.2, -1, 0.3}, kNY, 0.6, 0.35},    // sc = rx, tc = -rz
      {{0.2, 0.3, 1}, kPZ, 0.6, 0.35},     // sc = rx, tc = -ry
      {{0.2, 0.3, -1}, kNZ, 0.4, 0.35},    // sc = -rx, tc = -ry
   };
   for (const auto &c : cases) {
      const ref_cube_coord cc = ref_cube_select(c.r[0], c.r[1], c.r[2]);
      EXPECT_EQ(cc.face, c.face);
      EXPECT_NEAR(cc.s, c.s, 1e-15);
      EXPECT_NEAR(cc.t, c.t, 1e-15);
   }
}

TEST(RefCube, TiesGoToZThenY) {
   EXPECT_EQ(ref_cube_select(1, 1, 1).face, kPZ);
   EXPECT_EQ(ref_cube_select(-1, 1, -1).face, kNZ);
   EXPECT_EQ(ref_cube_select(1, 1, 0).face, kPY);
   EXPECT_EQ(ref_cube_select(1, -1, 0.5).face, kNY);
   EXPECT_EQ(ref_cube_select(-1, 0.5, -0.5).face, kNX);
   EXPECT_THROW(ref_cube_select(0, 0, 0), std::invalid_argument);
}

TEST(RefCube, LookupReportsTheFaceAndReadsItsTexels) {
   const ref_texture tex = cube_2x2();
   const ref_result r = ref_sample(tex, cube_sampler(GL_NEAREST, false), at({0.2, -1, 0.6}));
   // -Y: s = (0.2 + 1) / 2 = 0.6 -> i = 1; t = (-0.6 + 1) / 2 = 0.2 -> j = 0.
   EXPECT_EQ(r.face, kNY);
   EXPECT_DOUBLE_EQ(r.value.f[0], cube_value(kNY, 1, 0));
}

TEST(RefCube, FaceDerivativesMatchFiniteDifferences) {
   const double p[3] = {0.7, -0.3, 0.45};
   const double dp[3] = {0.01, 0.02, -0.015};
   const ref_cube_coord c = ref_cube_select(p[0], p[1], p[2]);
   double ds, dt;
   ref_cube_face_derivatives(c, dp, ds, dt);
   const double h = 1e-6;
   const ref_cube_coord c2 = ref_cube_select(p[0] + h * dp[0], p[1] + h * dp[1], p[2] + h * dp[2]);
   ASSERT_EQ(c2.face, c.face);
   EXPECT_NEAR(ds, (c2.s - c.s) / h, 1e-6);
   EXPECT_NEAR(dt, (c2.t - c.t) / h, 1e-6);
}

TEST(RefCube, GradientLambdaUsesFaceDerivativesScaledByTheFaceSize) {
   const ref_texture tex = texture(GL_TEXTURE_CUBE_MAP, {level_of(4, 4, 6, std::vector<double>(96, 0))});
   const ref_sampler s = cube_sampler(GL_NEAREST, false);
   ref_lookup l = at({1, 0, 0});
   l.has_grad = true;
   l.dPdx[2] = 0.25;  // ds = -0.125 on +X, times 4 texels: ρ = 0.5
   EXPECT_NEAR(ref_sample(tex, s, l).lambda, -1, 1e-12);
   l = at({2, 0, -1});  // +X, sc = 1, |ma| = 2
   l.has_grad = true;
   l.dPdx[0] = 1;  // radial growth of |ma| only: ds = (2*0 - 1*1) / (2 * 4) = -0.125
   EXPECT_NEAR(ref_sample(tex, s, l).lambda, -1, 1e-12);
   l = at({1, 0, 0});
   l.has_grad = true;
   l.dPdx[0] = 0.5;  // radial at the face centre: no change on the face, λ = MIN_LOD
   EXPECT_DOUBLE_EQ(ref_sample(tex, s, l).lambda, -1000);
}

TEST(RefCube, AdjacentTexelsAcrossEdges) {
   // Hand-derived from table 8.19 (2x2 faces): the texel just off an edge is the texel of
   // the neighbouring face that touches that edge beside it.
   struct {
      int face, i, j;
      int to_face, to_i, to_j;
   } const cases[] = {
      {kPX, -1, 0, kPZ, 1, 0},  // +X's s = 0 edge is +Z's s = 1 edge, top rows meet
      {kPX, 0, -1, kPY, 1, 1},  // +X's t = 0 edge is +Y's s = 1 edge
      {kPZ, 2, 0, kPX, 0, 0},   // back again
      {kNY, 0, -1, kPZ, 0, 1},  // -Y's t = 0 edge is +Z's bottom row
      {kNX, 2, 1, kPZ, 0, 1},   // -X's s = 1 edge is +Z's s = 0 edge
   };
   for (const auto &c : cases) {
      const ref_cube_texel t = ref_cube_adjacent(c.face, c.i, c.j, 2);
      EXPECT_EQ(t.face, c.to_face) << c.face << " " << c.i << " " << c.j;
      EXPECT_EQ(t.i, c.to_i) << c.face << " " << c.i << " " << c.j;
      EXPECT_EQ(t.j, c.to_j) << c.face << " " << c.i << " " << c.j;
   }
}

TEST(RefCube, CrossingAnEdgeAndBackReturnsToTheSameTexel) {
   const int64_t n = 4;
   for (int f = 0; f < 6; ++f)
      for (int64_t k = 0; k < n; ++k) {
         const int64_t outs[4][2] = {{-1, k}, {n, k}, {k, -1}, {k, n}};
         for (const auto &o : outs) {
            const ref_cube_texel a = ref_cube_adjacent(f, o[0], o[1], n);
            ASSERT_NE(a.face, f);
            ASSERT_TRUE(a.i >= 0 && a.i < n && a.j >= 0 && a.j < n);
            const int64_t in_i = std::clamp<int64_t>(o[0], 0, n - 1), in_j = std::clamp<int64_t>(o[1], 0, n - 1);
            // One of the steps off the adjacent face's edge must land back on (f, in_i, in_j).
            int back = 0;
            const int64_t steps[4][2] = {{a.i - 1, a.j}, {a.i + 1, a.j}, {a.i, a.j - 1}, {a.i, a.j + 1}};
            for (const auto &st : steps) {
               const bool out = st[0] < 0 || st[0] >= n || st[1] < 0 || st[1] >= n;
               if (!out)
                  continue;
               const ref_cube_texel b = ref_cube_adjacent(a.face, st[0], st[1], n);
               back += b.face == f && b.i == in_i && b.j == in_j;
            }
            EXPECT_EQ(back, 1) << "face " << f << " (" << o[0] << ", " << o[1] << ")";
         }
      }
}

TEST(RefCube, SeamlessLinearTakesOffFaceTapsFromTheAdjacentFace) {
   const ref_texture tex = cube_2x2();
   // +X at s = 0.125, t = 0.25: u = 0.25 -> taps i = -1 (weight 1/4) and 0 (3/4); v = 0.5 -> row 0.
   const ref_lookup l = at({1, 0.5, 0.75});
   const double x00 = cube_value(kPX, 0, 0), x10 = cube_value(kPX, 1, 0);
   EXPECT_DOUBLE_EQ(red(tex, cube_sampler(GL_LINEAR, true), l), 0.25 * cube_value(kPZ, 1, 0) + 0.75 * x00);
   // Seamless ignores the wraps, even CLAMP_TO_BORDER.
   EXPECT_DOUBLE_EQ(red(tex, cube_sampler(GL_LINEAR, true, GL_CLAMP_TO_BORDER), l),
                    0.25 * cube_value(kPZ, 1, 0) + 0.75 * x00);
   // Non-seamless: the face's own wraps apply.
   EXPECT_DOUBLE_EQ(red(tex, cube_sampler(GL_LINEAR, false, GL_CLAMP_TO_EDGE), l), x00);
   EXPECT_DOUBLE_EQ(red(tex, cube_sampler(GL_LINEAR, false, GL_REPEAT), l), 0.25 * x10 + 0.75 * x00);
   EXPECT_DOUBLE_EQ(red(tex, cube_sampler(GL_LINEAR, false, GL_CLAMP_TO_BORDER), l), 0.25 * kBorder + 0.75 * x00);
   EXPECT_DOUBLE_EQ(red(tex, cube_sampler(GL_LINEAR, false, GL_CLAMP), l), 0.25 * kBorder + 0.75 * x00);
}

TEST(RefCube, SeamlessCornerTexelIsTheAverageOfTheThreeThatMeet) {
   const ref_texture tex = cube_2x2();
   // +X at s = t = 0.125: taps (-1,-1) 1/16, (0,-1) 3/16, (-1,0) 3/16, (0,0) 9/16.
   // (-1, 0) -> +Z (1, 0); (0, -1) -> +Y (1, 1); the corner (-1, -1) averages those and +X (0, 0).
   const double x = cube_value(kPX, 0, 0), z = cube_value(kPZ, 1, 0), y = cube_value(kPY, 1, 1);
   const double want = 9.0 / 16 * x + 3.0 / 16 * z + 3.0 / 16 * y + 1.0 / 16 * (x + y + z) / 3;
   EXPECT_DOUBLE_EQ(red(tex, cube_sampler(GL_LINEAR, true), at({1, 0.75, 0.75})), want);
   EXPECT_DOUBLE_EQ(want, 227.5);
}

// Under depth compare GL compares the corner texel (§8.13.1's mean, then §8.23.1) and leaves a
// filtered comparison to the implementation, so the mean of the three comparisons is the other
// answer (corner_compares_each). 1 x 1 faces +X 0.2, +Y 0.6, +Z 0.9 at (1, 0.5, 0.5): +X 9/16,
// +Z and +Y 3/16 each, the corner 1/16; LEQUAL passes where D_ref <= D.
TEST(RefCube, ASeamlessCompareCornerIsTheComparedMeanOrTheMeanOfTheComparisons) {
   ref_texture tex = texture(GL_TEXTURE_CUBE_MAP, {level_of(1, 1, 6, {0.2, 0.3, 0.6, 0.7, 0.9, 0.1})});
   tex.is_depth = true;
   tex.depth_is_float = true;
   ref_sampler s = cube_sampler(GL_LINEAR, true);
   s.compare = true;
   s.compare_func = GL_LEQUAL;
   const double mean = (0.2 + 0.6 + 0.9) / 3;  // 0.5667
   struct {
      double d_ref, compared_mean, mean_of_comparisons;
   } const cases[] = {
      {0.25, 3.0 / 16 + 3.0 / 16 + (0.25 <= mean ? 1.0 : 0.0) / 16, 3.0 / 16 + 3.0 / 16 + (2.0 / 3) / 16},
      {0.65, 3.0 / 16 + (0.65 <= mean ? 1.0 : 0.0) / 16, 3.0 / 16 + (1.0 / 3) / 16},
      {0.1, 1.0, 1.0},  // three equal comparisons: both answers agree, as GL requires
   };
   for (const auto &c : cases) {
      const ref_lookup lk = with_ref(at_lod({1, 0.5, 0.5}, 0.0), c.d_ref);
      s.corner_compares_each = false;
      EXPECT_DOUBLE_EQ(red(tex, s, lk), c.compared_mean) << c.d_ref;
      s.corner_compares_each = true;
      EXPECT_DOUBLE_EQ(red(tex, s, lk), c.mean_of_comparisons) << c.d_ref;
   }
}

TEST(RefCube, SeamlessNearestClampsToTheFaceEdge) {
   const ref_texture tex = cube_2x2();
   // (1, 1, 0.5): tie -> +Y, sc = rx = 1 -> s = 1 -> u = 2 = N.
   EXPECT_DOUBLE_EQ(red(tex, cube_sampler(GL_NEAREST, true, GL_CLAMP_TO_BORDER), at({1, 1, 0.5})),
                    cube_value(kPY, 1, 1));
   EXPECT_DOUBLE_EQ(red(tex, cube_sampler(GL_NEAREST, false, GL_CLAMP_TO_BORDER), at({1, 1, 0.5})), kBorder);
}

TEST(RefCube, CubeArraySelectsTheLayerAndStaysInItAcrossEdges) {
   const ref_texture tex = cube_2x2(2);
   const ref_result r = ref_sample(tex, cube_sampler(GL_LINEAR, true), at({1, 0.5, 0.75, 1.4}));
   EXPECT_EQ(r.layer, 1);
   EXPECT_DOUBLE_EQ(r.value.f[0], 0.25 * cube_value(kPZ, 1, 0, 1) + 0.75 * cube_value(kPX, 0, 0, 1));
   EXPECT_DOUBLE_EQ(red(tex, cube_sampler(GL_NEAREST, false), at({0.2, 0.3, -1, 0.5})), cube_value(kNZ, 0, 0, 1));
   EXPECT_DOUBLE_EQ(red(tex, cube_sampler(GL_NEAREST, false), at({0.2, 0.3, -1, -3})), cube_value(kNZ, 0, 0, 0));
}
