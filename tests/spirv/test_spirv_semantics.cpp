// Lowered coordinates evaluated numerically: what the device receives equals GL's wrapped coordinate.
#include <cmath>

#include "spirv_eval.h"
#include "spirv_test_util.h"

namespace clampler {
namespace {

using namespace spirv_test;
using value = evaluator::value;

// A lowered (non-Dref) lookup's operands, evaluated.
struct lookup {
   value coord, grad_x, grad_y, lod, offset;
   uint32_t mask = 0;
};

lookup evaluate(evaluator &ev, std::span<const uint32_t> inst) {
   lookup l;
   l.coord = ev.eval(inst[4]);
   if (inst.size() <= 5)
      return l;
   l.mask = inst[5];
   size_t at = 6;
   for (uint32_t rest = l.mask; rest != 0; rest &= rest - 1) {
      const uint32_t bit = rest & (~rest + 1);
      switch (bit) {
      case spv::ImageOperandsGradMask:
         l.grad_x = ev.eval(inst[at++]);
         l.grad_y = ev.eval(inst[at++]);
         break;
      case spv::ImageOperandsLodMask: l.lod = ev.eval(inst[at++]); break;
      case spv::ImageOperandsConstOffsetMask:
      case spv::ImageOperandsOffsetMask: l.offset = ev.eval(inst[at++]); break;
      default: ++at; break;
      }
   }
   return l;
}

std::vector<lookup> lowered_lookups(std::span<const uint32_t> words, evaluator &ev) {
   std::vector<lookup> r;
   for (auto inst : ev.find(spv::OpImageSampleExplicitLod))
      r.push_back(evaluate(ev, inst));
   (void)words;
   return r;
}

double clampd(double x, double lo, double hi) { return std::fmin(std::fmax(x, lo), hi); }

// GL: u = s·N + o, then GL_CLAMP + LINEAR (CLAMP_TO_BORDER on a saturated coordinate) reads at
// clamp(u, 0, N). The device: u' = s'·N + o. They agree on level 0 for every s.
TEST(SpirvSemantics, FoldedOffsetsGiveGlsClampedTexelCoordinateOnLevelZero) {
   st_shader_key k;
   add_saturate(k, 0);
   const auto out = lower(find_shader("frag_2d_offset_frag").words, options(k));
   const value n = {8, 4};
   const int offsets[3][2] = {{1, -2}, {-1, 0}, {2, 2}};  // textureOffset, textureLodOffset, textureGradOffset
   for (double s = -0.55; s <= 1.6; s += 0.0625)
      for (double t = -0.3; t <= 1.4; t += 0.1) {
         evaluator ev(out, {{"uv", {s, t}}}, {{"uv", {1 / 64.0, 0}}}, {{"uv", {0, 1 / 64.0}}}, n);
         const auto looks = lowered_lookups(out, ev);
         ASSERT_EQ(looks.size(), 3u);
         for (size_t i = 0; i < 3; ++i) {
            ASSERT_EQ(looks[i].offset, (value{double(offsets[i][0]), double(offsets[i][1])}));
            const double in[2] = {s, t};
            for (int c = 0; c < 2; ++c) {
               const double device_u = looks[i].coord[c] * n[c] + offsets[i][c];
               const double gl_u = clampd(in[c] * n[c] + offsets[i][c], 0, n[c]);
               EXPECT_NEAR(device_u, gl_u, 1e-4) << "lookup " << i << " s,t " << s << "," << t << " component " << c;
            }
         }
      }
}

TEST(SpirvSemantics, ImplicitLookupsGetTheDerivativesOfTheUnclampedCoordinate) {
   st_shader_key k;
   add_saturate(k, 0);
   const auto out = lower(find_shader("frag_2d_implicit_frag").words, options(k));
   evaluator ev(out, {{"uv", {1.7, -0.2}}}, {{"uv", {0.03, 0.01}}}, {{"uv", {-0.02, 0.05}}});
   const lookup l = lowered_lookups(out, ev).at(0);
   EXPECT_EQ(l.coord, (value{1.0, 0.0}));
   EXPECT_NEAR(l.grad_x[0], 0.03, 1e-6);
   EXPECT_NEAR(l.grad_x[1], 0.01, 1e-6);
   EXPECT_NEAR(l.grad_y[0], -0.02, 1e-6);
   EXPECT_NEAR(l.grad_y[1], 0.05, 1e-6);
}

TEST(SpirvSemantics, ProjectionDividesBeforeTheClampAndTheGradientsAreOfTheProjectedCoordinate) {
   st_shader_key k;
   add_saturate(k, 0);
   const auto out = lower(find_shader("frag_2d_proj_frag").words, options(k));
   const value p = {0.9, -0.3, 0.5, 2.0};  // textureProj(s0, p.xyz): (s, t) / p.z = (1.8, -0.6)
   const value dx = {0.01, 0.0, 0.002, 0.0}, dy = {0.0, 0.02, -0.001, 0.0};
   evaluator ev(out, {{"p", p}}, {{"p", dx}}, {{"p", dy}});
   const auto looks = lowered_lookups(out, ev);
   ASSERT_EQ(looks.size(), 3u);
   EXPECT_EQ(looks[0].coord, (value{1.0, 0.0}));
   const double sx = (p[0] + dx[0]) / (p[2] + dx[2]) - p[0] / p[2];
   const double ty = (p[1] + dy[1]) / (p[2] + dy[2]) - p[1] / p[2];
   EXPECT_NEAR(looks[0].grad_x[0], sx, 1e-5);
   EXPECT_NEAR(looks[0].grad_y[1], ty, 1e-5);
   // textureProj(s0, p): glslang moves q = p.w into z: (0.45, -0.15), inside [0, 1].
   EXPECT_NEAR(looks[1].coord[0], 0.45, 1e-6);
   EXPECT_EQ(looks[1].coord[1], 0.0);
}

TEST(SpirvSemantics, ShaderBiasScalesBothGradientsByExp2OfTheBias) {
   st_shader_key k;
   add_saturate(k, 0);
   const auto out = lower(find_shader("frag_2d_bias_frag").words, options(k));
   for (double bias : {-2.0, -0.5, 0.0, 1.25, 3.0}) {
      evaluator ev(out, {{"uv", {0.25, 0.5}}, {"bias", {bias}}}, {{"uv", {0.01, 0.0}}}, {{"uv", {0.0, 0.004}}});
      const auto looks = lowered_lookups(out, ev);
      ASSERT_EQ(looks.size(), 2u);
      EXPECT_NEAR(std::log2(looks[0].grad_x[0] / 0.01), bias, 1e-5);
      EXPECT_NEAR(std::log2(looks[0].grad_y[1] / 0.004), bias, 1e-5);
      EXPECT_NEAR(std::log2(looks[1].grad_x[0] / 0.01), 1.5, 1e-5);  // texture(s0, uv, 1.5)
   }
}

TEST(SpirvSemantics, MirrorClampTakesTheAbsoluteValueBeforeTheClamp) {
   st_shader_key k;
   add_abs(k, 0);
   add_saturate(k, 0);
   const auto out = lower(find_shader("frag_1d_frag").words, options(k));
   for (double s : {-1.7, -0.6, -0.0625, 0.0, 0.3, 0.99, 1.5}) {
      evaluator ev(out, {{"p", {s, 2.0}}}, {{"p", {0.01, 0.0}}}, {{"p", {0.0, 0.0}}}, {16});
      const auto looks = lowered_lookups(out, ev);
      ASSERT_EQ(looks.size(), 4u);
      EXPECT_DOUBLE_EQ(looks[0].coord[0], clampd(std::fabs(s), 0, 1)) << s;        // texture
      EXPECT_NEAR(looks[1].coord[0], clampd(std::fabs(s / 2.0), 0, 1), 1e-7) << s;  // textureProj
      EXPECT_DOUBLE_EQ(looks[2].coord[0], clampd(std::fabs(s), 0, 1)) << s;        // textureLod
      // textureOffset(…, -1): mirror and clamp of u = s·N + o, handed back without the offset.
      EXPECT_NEAR(looks[3].coord[0] * 16 - 1, clampd(std::fabs(s * 16 - 1), 0, 16), 1e-4) << s;
   }
}

// Rule 14: the layer the device receives is GL's ⌊t + ½⌋, an integer its round-to-even keeps; s
// and t, and an implicit lookup's own LOD, are left as they are.
TEST(SpirvSemantics, RoundLayerHandsTheDeviceGlsLayer) {
   st_shader_key k;
   k.round_layer = 1;
   const auto out = lower(find_shader("frag_2d_array_frag").words, options(k));
   for (double t : {-0.5, 0.25, 0.5, 1.5, 2.5, 2.75}) {
      evaluator ev(out, {{"p", {0.3, 0.7, t}}}, {{"p", {0.01, 0.0, 0.0}}}, {{"p", {0.0, 0.01, 0.0}}}, {8, 8, 4});
      const auto looks = ev.find(spv::OpImageSampleImplicitLod);
      ASSERT_EQ(looks.size(), 2u) << "texture and textureOffset stay implicit";
      for (auto inst : looks) {
         const value c = ev.eval(inst[4]);
         ASSERT_EQ(c.size(), 3u);
         EXPECT_DOUBLE_EQ(c[0], 0.3);
         EXPECT_DOUBLE_EQ(c[1], 0.7);
         EXPECT_EQ(c[2], std::floor(t + 0.5)) << t;
      }
   }
}

// nearest_edge minified: the device filters NEAREST when λ = clamp(lod + bias, min, max) > 0.
TEST(SpirvSemantics, NearestEdgeClampsToTheLastTexelCentreExactlyWhenTheDeviceFiltersNearest) {
   st_shader_key k;
   add_saturate(k, 0);
   k.nearest_edge_minified = 1;
   spirv_lower_tex_options o = options(k);
   o.lod[0] = {-0.5f, 0.0f, 3.0f};
   const auto out = lower(find_shader("frag_2d_lod_frag").words, o);
   const value n = {8, 16};
   for (double lod : {-2.0, 0.0, 0.25, 0.5, 0.75, 2.0, 5.0}) {
      evaluator ev(out, {{"uv", {1.7, 2.0}}, {"lod", {lod}}}, {}, {}, n);
      const lookup l = lowered_lookups(out, ev).at(0);
      const bool nearest = clampd(lod - 0.5, 0.0, 3.0) > 0;
      EXPECT_DOUBLE_EQ(l.coord[0], nearest ? 1 - 1 / 16.0 : 1.0) << lod;
      EXPECT_DOUBLE_EQ(l.coord[1], nearest ? 1 - 1 / 32.0 : 1.0) << lod;
   }
}

// nearest_edge magnified with implicit LOD: λ from the derivatives scaled by the level-0 size.
TEST(SpirvSemantics, NearestEdgeMagnifiedDecidesFromTheGradientsAsTheDeviceDoes) {
   st_shader_key k;
   add_saturate(k, 0);
   k.nearest_edge_magnified = 1;
   const auto out = lower(find_shader("frag_2d_implicit_frag").words, options(k));
   const value n = {8, 8};
   for (double texels_per_pixel : {0.25, 0.5, 0.9, 1.1, 2.0}) {
      const double d = texels_per_pixel / 8;
      evaluator ev(out, {{"uv", {3.0, 0.5}}}, {{"uv", {d, 0}}}, {{"uv", {0, d / 2}}}, n);
      const lookup l = lowered_lookups(out, ev).at(0);
      const bool magnified = std::log2(texels_per_pixel) <= 0;
      EXPECT_DOUBLE_EQ(l.coord[0], magnified ? 1 - 1 / 16.0 : 1.0) << texels_per_pixel;
      EXPECT_DOUBLE_EQ(l.coord[1], 0.5);
   }
}

TEST(SpirvSemantics, RectangleOffsetsMoveIntoTheTexelCoordinate) {
   st_shader_key k;
   add_saturate(k, 0);
   const auto out = lower(find_shader("frag_rect_frag").words, options(k));
   const value n = {5, 7};
   for (double s : {-3.0, 0.5, 4.2, 6.0})
      for (double t : {-1.0, 3.5, 9.0}) {
         evaluator ev(out, {{"p", {s, t, 1.0}}}, {{"p", {1, 0, 0}}}, {{"p", {0, 1, 0}}}, n);
         const auto looks = lowered_lookups(out, ev);
         ASSERT_EQ(looks.size(), 3u);
         EXPECT_TRUE(looks[2].offset.empty());
         EXPECT_DOUBLE_EQ(looks[2].coord[0], clampd(s + 1, 0, 5));
         EXPECT_DOUBLE_EQ(looks[2].coord[1], clampd(t - 2, 0, 7));
         EXPECT_DOUBLE_EQ(looks[0].coord[0], clampd(s, 0, 5));
      }
}


// A projective depth-compare lookup through the shader filter: every Dref tap compares D_ref / q
// (textureProj divides the reference as it divides s and t; the taps are not projective).
TEST(SpirvSemantics, ShaderFilterDividesAProjectiveDrefByQForEveryTap) {
   st_shader_key k;
   st_shader_filter f{PIPE_TEX_FILTER_LINEAR, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_MIPFILTER_NONE,
                      PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE, 0.0f, 0.0f, 1000.0f};
   f.compare = true;
   k.shader_filter_mask = 1;
   k.shader_filter[0] = f;
   const auto out = lower(find_shader("frag_shadow_proj_frag").words, options(k));
   const value p = {0.9, -0.3, 0.6, 2.0};  // (s, t) = (0.45, -0.15), D_ref = 0.3
   evaluator ev(out, {{"p", p}}, {{"p", {0.01, 0.0, 0.0, 0.0}}}, {{"p", {0.0, 0.01, 0.0, 0.0}}}, {8, 8});
   const auto taps = ev.find(spv::OpImageSampleDrefExplicitLod);
   ASSERT_EQ(taps.size(), 8u);  // textureProj and textureProjLod, four LINEAR taps each
   for (auto tap : taps)
      EXPECT_NEAR(ev.eval(tap[5]).at(0), 0.3, 1e-6);
   EXPECT_TRUE(ev.find(spv::OpImageSampleProjDrefImplicitLod).empty());
   EXPECT_TRUE(ev.find(spv::OpImageSampleProjDrefExplicitLod).empty());
}

}  // namespace
}  // namespace clampler
