// clampler differential: the triage, the documented deviations, the generator and the command, as rules.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <random>
#include <set>
#include <string>

#include "../../src/tools/differential/differential.h"
#include "../../src/tools/differential/differential_known.h"
#include "clampler/tools/raster_case.h"
#include "clampler/tools/sample.h"
#include "run_command.h"

namespace {

using namespace clampler::differential;

const ojson A = {0.25, 0.5, 0.75, 1.0};
const ojson B = {0.5, 0.5, 0.75, 1.0};
const ojson C = {0.0, 0.0, 0.0, 1.0};

struct judge_case {
   ojson d, r, l, s;
   verdict want;
};
class DifferentialJudge : public testing::TestWithParam<judge_case> {};
TEST_P(DifferentialJudge, NamesWhoStandsAlone) {
   const judge_case &c = GetParam();
   EXPECT_EQ(judge(c.d, c.r, c.l, c.s, 1e-3), c.want) << verdict_name(c.want);
}
INSTANTIATE_TEST_SUITE_P(Table, DifferentialJudge,
                         testing::Values(judge_case{A, A, A, A, verdict::agree},
                                         judge_case{B, A, A, A, verdict::device_alone},
                                         judge_case{A, B, A, A, verdict::reference_alone},
                                         judge_case{B, B, A, A, verdict::clampler_vs_mesa},
                                         judge_case{B, C, A, A, verdict::all_differ},
                                         judge_case{A, A, A, B, verdict::mesa_split},
                                         judge_case{A, A, B, A, verdict::mesa_split}));

TEST(Differential, IntegersCompareExactlyAndFloatsWithinTheTolerance) {
   EXPECT_TRUE(same_result(ojson{1, 2, 3, 4}, ojson{1, 2, 3, 4}, 0.5));
   EXPECT_FALSE(same_result(ojson{1, 2, 3, 4}, ojson{1, 2, 3, 5}, 0.5));  // integers: exact whatever tol
   EXPECT_TRUE(same_result(ojson{0.5, 0, 0, 1.0}, ojson{0.5004, 0, 0, 1.0}, 1e-3));
   EXPECT_FALSE(same_result(ojson{0.5, 0, 0, 1.0}, ojson{0.502, 0, 0, 1.0}, 1e-3));
   EXPECT_FALSE(same_result(ojson{0.5, 0, 0}, ojson{0.5, 0, 0, 1.0}, 1e-3));  // shapes differ
   // A raster case's fifth component, alpha, within its coverage tolerance when one is given.
   EXPECT_TRUE(same_result(ojson{0.5, 0, 0, 1.0, 0.8}, ojson{0.5, 0, 0, 1.0, 0.88}, 0.0, 0.1));
   EXPECT_FALSE(same_result(ojson{0.5, 0, 0, 1.0, 0.8}, ojson{0.5, 0, 0, 1.0, 0.95}, 0.0, 0.1));
   EXPECT_FALSE(same_result(ojson{0.5, 0, 0, 1.0, 0.8}, ojson{0.5, 0, 0, 1.0, 0.88}, 0.0));
   EXPECT_FALSE(same_result(ojson{0.5, 0, 0, 1.0, 0.8}, ojson{0.51, 0, 0, 1.0, 0.8}, 0.0, 0.1));
}

TEST(Differential, ANanCrossesAsNullAndEqualsOnlyANan) {
   const ojson null_nan = {nullptr, 0.0, 0.0, 1.0}, nan = {std::nan(""), 0.0, 0.0, 1.0};
   EXPECT_TRUE(same_result(null_nan, null_nan, 1e-3));
   EXPECT_TRUE(same_result(nan, null_nan, 1e-3));
   EXPECT_TRUE(same_result(null_nan, nan, 1e-3));
   EXPECT_FALSE(same_result(null_nan, ojson{0.0, 0.0, 0.0, 1.0}, 1e-3));
   EXPECT_FALSE(same_result(ojson{0.0, 0.0, 0.0, 1.0}, nan, 1e-3));
}

// Cube maps get gradient lookups too, and GL's λ of each is exact: the direction's major
// coordinate is ±1, both gradients lie along the other two axes, and they move the face
// coordinate (sc / |ma| + 1) / 2 by a power of two texels (GL 4.6 §8.13, 8.14.1).
TEST(Differential, CubeGradientsMoveTheFaceCoordinateByAPowerOfTwoTexels) {
   std::mt19937_64 rng(5);
   int seen = 0;
   for (int round = 0; round < 40; ++round) {
      const ojson sc = random_scenario(rng, "cube", nullptr);
      const double w = sc["texture"]["width"].get<double>();
      for (const ojson &lk : sc["lookups"]) {
         if (!lk.contains("grad_x"))
            continue;
         ++seen;
         int major = -1;
         for (int a = 0; a < 3; ++a)
            if (std::fabs(lk["coord"][a].get<double>()) == 1.0)
               major = a;
         ASSERT_GE(major, 0) << lk.dump();
         int ax = -1, ay = -1;
         for (int a = 0; a < 3; ++a) {
            ax = lk["grad_x"][a].get<double>() != 0.0 ? a : ax;
            ay = lk["grad_y"][a].get<double>() != 0.0 ? a : ay;
         }
         EXPECT_TRUE(ax >= 0 && ay >= 0 && ax != ay && ax != major && ay != major) << lk.dump();
         const double gx = lk["grad_x"][ax].get<double>() * w / 2, gy = lk["grad_y"][ay].get<double>() * w / 2;
         EXPECT_EQ(gx, gy) << lk.dump();
         EXPECT_EQ(std::exp2(std::round(std::log2(gx))), gx) << lk.dump();
      }
   }
   EXPECT_GT(seen, 20);
}

// n single-channel texels of a level (their values do not matter to the predicates).
ojson json_levels(int n) {
   ojson level = ojson::array();
   for (int i = 0; i < n * 6; ++i)
      level.push_back({0.5});
   return level;
}

// A D32F_S8 texture sampled LINEAR with depth compare on, the given sampler parameters on top,
// and one lookup at `coord`, LOD 0.
ojson depth_compare_scenario(const char *target, int w, int h, ojson sampler, ojson coord) {
   sampler["GL_TEXTURE_MIN_FILTER"] = "GL_LINEAR";
   sampler["GL_TEXTURE_COMPARE_MODE"] = "GL_COMPARE_REF_TO_TEXTURE";
   return {{"texture", {{"target", target}, {"internal_format", "GL_DEPTH32F_STENCIL8"}, {"width", w}, {"height", h}}},
           {"sampler", sampler},
           {"lookups", {{{"coord", coord}, {"lod", 0.0}, {"compare_ref", 0.25}}}}};
}

// GL's λ of a cube-map gradient lookup is measured on the face (§8.13): gradients of 2 / w
// along the minor axes of a 1 x 1 face give ρ = 1, λ = 0, MIN_LOD 0.5 makes it the switch.
TEST(Differential, GlsSwitchIsRecognisedOnCubeGradientsByTheFacesLambda) {
   ojson sc = {{"texture", {{"target", "GL_TEXTURE_CUBE_MAP"}, {"internal_format", "GL_RGBA8"}, {"width", 1}, {"height", 1}}},
               {"sampler", {{"GL_TEXTURE_MIN_FILTER", "GL_NEAREST_MIPMAP_NEAREST"}, {"GL_TEXTURE_MAG_FILTER", "GL_LINEAR"},
                            {"GL_TEXTURE_MIN_LOD", 0.5}}},
               {"lookups", {{{"coord", {-1.0, -0.3125, 0.5625}}, {"grad_x", {0.0, 2.0, 0.0}}, {"grad_y", {0.0, 0.0, 2.0}}}}}};
   EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, B, B, A, A, 1e-3).id,
             "GL's min/mag switch at c = 0.5");
   sc["sampler"]["GL_TEXTURE_MIN_LOD"] = 1.0;  // λ = 1: minified by both rules
   EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, B, B, A, A, 1e-3).id, "");
}

// Non-seamless cube maps wrap on each face, and depth compare compares the border's depth
// (GL 4.6 §8.13, 8.14.2, 8.23.1); llvmpipe clamps to the face's edge and softpipe returns
// the border uncompared. Accepted only with a border wrap on the face's axes, compare on and
// seamless filtering off.
TEST(Differential, MesasUncomparedCubeBorderIsAcceptedOnlyForNonSeamlessCompareWithABorderWrap) {
   // A 1 x 1 face, magnified: s = 0.34375 puts the LINEAR footprint half over the border.
   ojson sc = depth_compare_scenario("GL_TEXTURE_CUBE_MAP", 1, 1, {{"GL_TEXTURE_WRAP_S", "GL_CLAMP_TO_BORDER"}},
                                     {1.0, -0.5, 0.3125});
   const std::string id = "Mesa compares no border texel on non-seamless depth-compare cube maps";
   const deviation d = known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, B, B, C, C, 1e-3);
   EXPECT_EQ(d.id, id);
   EXPECT_TRUE(d.accepted);
   EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::reference_alone, C, B, C, C, 1e-3).id, "");
   sc["seamless_cube_map"] = true;
   EXPECT_NE(known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, B, B, C, C, 1e-3).id, id);
   sc["seamless_cube_map"] = false;
   // +X at (1, −0.5, 0.3125): s = 0.34375, t = 0.75. On a 4 x 4 face with levels 4, 2, 1 s·w is
   // 1.375, 0.6875, 0.34375: only level 2's footprint reads the border, so only λ that reads it.
   sc["texture"]["width"] = sc["texture"]["height"] = 4;
   sc["texture"]["levels"] = {json_levels(16), json_levels(4), json_levels(1)};
   sc["sampler"]["GL_TEXTURE_MIN_FILTER"] = "GL_LINEAR_MIPMAP_NEAREST";
   sc["lookups"][0]["lod"] = 0.0;  // magnified: level 0
   EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, B, B, C, C, 1e-3).id, "");
   sc["lookups"][0]["lod"] = 1.0;  // level 1
   EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, B, B, C, C, 1e-3).id, "");
   sc["lookups"][0]["lod"] = 2.0;  // level 2 (1 x 1)
   EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, B, B, C, C, 1e-3).id, id);
   sc["lookups"][0]["coord"] = {1.0, -0.5, 0.0};  // s = 0.5, t = 0.75: inside the 1 x 1 face on S, T wraps to the edge
   EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, B, B, C, C, 1e-3).id, "");
   sc["lookups"][0]["coord"] = {1.0, -0.5, 0.3125};
   sc["lookups"][0]["lod"] = 0.0;
   sc["texture"]["width"] = sc["texture"]["height"] = 1;
   sc["texture"]["levels"] = {json_levels(1)};
   sc["sampler"]["GL_TEXTURE_MIN_FILTER"] = "GL_NEAREST";  // NEAREST never reads the border
   sc["sampler"]["GL_TEXTURE_MAG_FILTER"] = "GL_NEAREST";
   EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, B, B, C, C, 1e-3).id, "");
   sc["sampler"]["GL_TEXTURE_MIN_FILTER"] = "GL_LINEAR";
   sc["sampler"]["GL_TEXTURE_MAG_FILTER"] = "GL_LINEAR";
   sc["sampler"]["GL_TEXTURE_WRAP_S"] = "GL_CLAMP";  // GL_CLAMP's LINEAR footprint reads the border too
   EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, B, B, C, C, 1e-3).id, id);
   sc["sampler"]["GL_TEXTURE_WRAP_S"] = "GL_CLAMP_TO_EDGE";
   EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, B, B, C, C, 1e-3).id, "");
}

// llvmpipe reads a non-seamless cube face's edge where GL's LINEAR footprint reads the border,
// and softpipe drops the texture's LOD bias from cube-map gradients; where the bias makes GL
// minify what softpipe magnifies, both read the face's one texel. Accepted only for gradient
// lookups with a bias whose footprint reads the border.
TEST(Differential, MesasCubeEdgeAndGradientBiasAreAcceptedOnlyWhereTheyMeet) {
   ojson sc = {{"texture", {{"target", "GL_TEXTURE_CUBE_MAP"}, {"internal_format", "GL_LUMINANCE8"}, {"width", 1}, {"height", 1}}},
               {"sampler", {{"GL_TEXTURE_WRAP_S", "GL_CLAMP"}, {"GL_TEXTURE_WRAP_T", "GL_CLAMP"},
                            {"GL_TEXTURE_MIN_FILTER", "GL_LINEAR_MIPMAP_NEAREST"}, {"GL_TEXTURE_MAG_FILTER", "GL_NEAREST"},
                            {"GL_TEXTURE_LOD_BIAS", 2.0}}},
               {"lookups", {{{"coord", {1.0, 0.6875, -0.625}}, {"grad_x", {0.0, 2.0, 0.0}}, {"grad_y", {0.0, 0.0, 2.0}}}}}};
   const std::string id = "llvmpipe reads a cube face's edge for its border, softpipe drops the bias of cube-map gradients";
   EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, B, B, A, A, 1e-3).id, id);
   sc["sampler"]["GL_TEXTURE_LOD_BIAS"] = 0.0;
   EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, B, B, A, A, 1e-3).id, "");
   sc["sampler"]["GL_TEXTURE_LOD_BIAS"] = -2.0;  // a negative bias never turns magnification into minification
   EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, B, B, A, A, 1e-3).id, "");
   sc["sampler"]["GL_TEXTURE_LOD_BIAS"] = 2.0;
   sc["lookups"][0]["grad_x"] = {0.0, 8.0, 0.0};  // λ = 2 before the bias: minified either way
   sc["lookups"][0]["grad_y"] = {0.0, 0.0, 8.0};
   EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, B, B, A, A, 1e-3).id, "");
   sc["lookups"][0] = {{"coord", {1.0, 0.6875, -0.625}}, {"lod", 0.0}};  // softpipe biases explicit LODs
   EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, B, B, A, A, 1e-3).id, "");
}

// GL's 1D-array layer is floor(t + 1/2); on depth compare llvmpipe rounds t = 1/2 to even and
// softpipe reads layer 0: accepted at t = 1/2 with two or more layers, where GL reads layer 1.
TEST(Differential, MesasLayerZeroOnCompareOneDArraysIsAcceptedOnlyAtOneHalfWithTwoLayers) {
   ojson sc = depth_compare_scenario("GL_TEXTURE_1D_ARRAY", 8, 2, ojson::object(), {0.921875, 0.5});
   const std::string id = "Mesa reads layer 0 of a depth-compare array at the layer coordinate ½";
   EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, B, B, A, A, 1e-3).id, id);
   for (double t : {0.6, 1.5, 0.4, -0.5}) {  // −0.5: GL reads layer 0 as well
      sc["lookups"][0]["coord"][1] = t;
      EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, B, B, A, A, 1e-3).id, "") << t;
   }
   sc["lookups"][0]["coord"][1] = 0.5;
   sc["texture"]["height"] = 1;  // one layer: GL clamps to layer 0
   EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, B, B, A, A, 1e-3).id, "");
   // 2D arrays the same, on the third coordinate and the depth's layers.
   ojson sc2 = depth_compare_scenario("GL_TEXTURE_2D_ARRAY", 3, 8, ojson::object(), {0.3, 0.5, 0.5});
   sc2["texture"]["depth"] = 2;
   EXPECT_EQ(known_deviation(sc2, sc2["lookups"][0], verdict::clampler_vs_mesa, B, B, A, A, 1e-3).id, id);
   sc2["lookups"][0]["coord"][2] = 1.5;
   EXPECT_EQ(known_deviation(sc2, sc2["lookups"][0], verdict::clampler_vs_mesa, B, B, A, A, 1e-3).id, "");
}

// The other corner GL allows is tried only for seamless LINEAR depth-compare cube maps.
TEST(Differential, TheOtherCompareCornerIsTriedOnlyForSeamlessLinearCompareCubeMaps) {
   ojson sc = depth_compare_scenario("GL_TEXTURE_CUBE_MAP", 1, 1, ojson::object(), {1.0, 0.5, 0.5});
   EXPECT_FALSE(corner_compare_may_differ(sc));
   sc["seamless_cube_map"] = true;
   EXPECT_TRUE(corner_compare_may_differ(sc));
   sc["sampler"]["GL_TEXTURE_MIN_FILTER"] = "GL_NEAREST";
   sc["sampler"]["GL_TEXTURE_MAG_FILTER"] = "GL_NEAREST";
   EXPECT_FALSE(corner_compare_may_differ(sc));
   sc["sampler"]["GL_TEXTURE_MAG_FILTER"] = "GL_LINEAR";
   EXPECT_TRUE(corner_compare_may_differ(sc));
   sc["sampler"].erase("GL_TEXTURE_COMPARE_MODE");
   EXPECT_FALSE(corner_compare_may_differ(sc));
}

TEST(Differential, TheGeneratorIsDeterministicPerSeed) {
   std::mt19937_64 a(7), b(7), c(8);
   std::string na, nb, nc;
   for (const std::string &g : groups()) {
      const ojson x = random_scenario(a, g, &na), y = random_scenario(b, g, &nb), z = random_scenario(c, g, &nc);
      EXPECT_EQ(x.dump(), y.dump()) << g;
      EXPECT_EQ(na, nb);
      EXPECT_NE(x.dump(), z.dump()) << g;
   }
}

TEST(Differential, EveryGeneratedScenarioIsOneTheReferenceRuns) {
   // The generator writes only scenarios GL defines: the reference never refuses one (a GL
   // error of the errors group is reported, not refused), for 10 scenarios of every group.
   std::mt19937_64 rng(3);
   for (int round = 0; round < 10; ++round)
      for (const std::string &g : groups()) {
         std::string name;
         const ojson sc = random_scenario(rng, g, &name);
         try {
            const auto out = clampler::sample_scenario_reference(sc.dump());
            EXPECT_EQ(out["results"].size(), sc["lookups"].size()) << name;
            if (g == "errors") {
               EXPECT_FALSE(out["gl_errors"].empty()) << name;
            }
         } catch (const std::exception &e) {
            ADD_FAILURE() << name << ": " << e.what() << "\n" << sc.dump();
         }
      }
}

ojson mixed_scenario(double lod) {
   return {{"texture", {{"target", "GL_TEXTURE_2D"}, {"internal_format", "GL_RGBA8"}, {"width", 4}, {"height", 4}}},
           {"sampler", {{"GL_TEXTURE_MIN_FILTER", "GL_NEAREST_MIPMAP_NEAREST"}, {"GL_TEXTURE_MAG_FILTER", "GL_LINEAR"}}},
           {"lookups", {{{"coord", {0.3, 0.3}}, {"lod", lod}}}}};
}

TEST(Differential, GlsMinMagSwitchIsMesasDeviationOnlyForZeroLessThanLambdaAtMostOneHalf) {
   for (double lod : {0.25, 0.5}) {
      const ojson sc = mixed_scenario(lod);
      const deviation mesa = known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, B, B, A, A, 1e-3);
      EXPECT_EQ(mesa.id, "GL's min/mag switch at c = 0.5") << lod;
      EXPECT_TRUE(mesa.accepted);  // device = reference = GL
      const deviation ours = known_deviation(sc, sc["lookups"][0], verdict::reference_alone, A, B, A, A, 1e-3);
      EXPECT_EQ(ours.id, mesa.id);
      EXPECT_FALSE(ours.accepted);  // a device that sides with Mesa: users see it
   }
   for (double lod : {-0.25, 0.0, 0.75}) {
      const ojson sc = mixed_scenario(lod);
      EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::reference_alone, A, B, A, A, 1e-3).id, "") << lod;
   }
}

TEST(Differential, MesasAlphaDepthModeAsIntensityIsAcceptedOnlyWhenMesaReturnsTheDepthEverywhere) {
   ojson sc = mixed_scenario(0.0);
   sc["texture"]["internal_format"] = "GL_DEPTH_COMPONENT24";
   sc["texture"]["depth_texture_mode"] = "GL_ALPHA";
   const ojson gl = {0.0, 0.0, 0.0, 0.4}, mesa = {0.4, 0.4, 0.4, 0.4}, other = {0.4, 0.0, 0.0, 0.4};
   const deviation d = known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, gl, gl, mesa, mesa, 1e-3);
   EXPECT_TRUE(d.accepted);
   EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, gl, gl, other, other, 1e-3).id, "");
   // Through a swizzle (ZERO, ONE, BLUE, ALPHA), and on a stencil texture: GL (0, 1, 0, s), Mesa (0, 1, s, s).
   sc["texture"]["internal_format"] = "GL_STENCIL_INDEX8";
   sc["texture"]["swizzle"] = {"GL_ZERO", "GL_ONE", "GL_BLUE", "GL_ALPHA"};
   const ojson gl_s = {0, 1, 0, 57}, mesa_s = {0, 1, 57, 57}, wrong_s = {0, 1, 56, 57};
   EXPECT_TRUE(known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, gl_s, gl_s, mesa_s, mesa_s, 0.0).accepted);
   EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::clampler_vs_mesa, gl_s, gl_s, wrong_s, wrong_s, 0.0).id, "");
}

// GL 4.6 mirrors the integer texel coordinate, Mesa and lavapipe the coordinate: they part on the
// texel boundaries of mirrored periods only — s < 0, and odd periods of MIRRORED_REPEAT.
TEST(Differential, MirroredWrapsPartOnlyOnTexelBoundariesOfMirroredPeriods) {
   const auto scenario = [](const char *wrap, double s) {
      return ojson{{"texture", {{"target", "GL_TEXTURE_2D"}, {"internal_format", "GL_RGBA8"}, {"width", 8}, {"height", 4}}},
                   {"sampler", {{"GL_TEXTURE_WRAP_S", wrap}, {"GL_TEXTURE_MIN_FILTER", "GL_NEAREST"},
                                {"GL_TEXTURE_MAG_FILTER", "GL_NEAREST"}}},
                   {"lookups", {{{"coord", {s, 0.3}}, {"lod", 0.0}}}}};
   };
   const std::string id = "mirrored wraps at texel boundaries of a mirrored period";
   for (double s : {-0.25, 1.875, 3.5, -2.125}) {
      const ojson sc = scenario("GL_MIRRORED_REPEAT", s);
      EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::reference_alone, A, B, A, A, 1e-3).id, id) << s;
   }
   for (double s : {0.25, 2.5, -1.25, 1.9, -0.3}) {  // even periods, or off every texel boundary
      const ojson sc = scenario("GL_MIRRORED_REPEAT", s);
      EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::reference_alone, A, B, A, A, 1e-3).id, "") << s;
   }
   // The mirror clamps mirror (-1, 0) only and clamp beyond, where both give the edge texel.
   for (double s : {1.875, -1.5}) {
      const ojson sc = scenario("GL_MIRROR_CLAMP_TO_EDGE", s);
      EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::reference_alone, A, B, A, A, 1e-3).id, "") << s;
   }
   const ojson inside = scenario("GL_MIRROR_CLAMP_TO_EDGE", -0.25);
   EXPECT_EQ(known_deviation(inside, inside["lookups"][0], verdict::reference_alone, A, B, A, A, 1e-3).id, id);
   // LINEAR filtering takes the same taps under both definitions.
   ojson linear = scenario("GL_MIRRORED_REPEAT", 1.875);
   linear["sampler"]["GL_TEXTURE_MIN_FILTER"] = "GL_LINEAR";
   linear["sampler"]["GL_TEXTURE_MAG_FILTER"] = "GL_LINEAR";
   EXPECT_EQ(known_deviation(linear, linear["lookups"][0], verdict::reference_alone, A, B, A, A, 1e-3).id, "");
}

// Rule 2 samples stencil NEAREST with a NEAREST mip filter: a tie at λ = k + ½ is the same
// deviation there, and at λ = ½ too (with a NEAREST mag filter c is 0).
TEST(Differential, TheNearestLevelTieCountsForStencilThroughRuleTwosFilters) {
   ojson sc = {{"texture", {{"target", "GL_TEXTURE_2D"}, {"internal_format", "GL_STENCIL_INDEX8"}, {"width", 8}, {"height", 8}}},
               {"sampler", {{"GL_TEXTURE_MIN_FILTER", "GL_LINEAR_MIPMAP_LINEAR"}, {"GL_TEXTURE_MAG_FILTER", "GL_LINEAR"}}},
               {"lookups", {{{"coord", {0.3, 0.3}}, {"lod", 0.5}}, {{"coord", {0.3, 0.3}}, {"lod", 1.5}}, {{"coord", {0.3, 0.3}}, {"lod", 1.25}}}}};
   const std::string id = "the NEAREST mipmap level at λ = k + ½";
   EXPECT_EQ(known_deviation(sc, sc["lookups"][0], verdict::reference_alone, A, B, A, A, 1e-3).id, id);
   EXPECT_EQ(known_deviation(sc, sc["lookups"][1], verdict::reference_alone, A, B, A, A, 1e-3).id, id);
   EXPECT_EQ(known_deviation(sc, sc["lookups"][2], verdict::reference_alone, A, B, A, A, 1e-3).id, "");
   // Where clampler and Mesa part, GL makes the LINEAR-filtered stencil texture incomplete: rule
   // 2's deviation, not a tie.
   EXPECT_EQ(known_deviation(sc, sc["lookups"][1], verdict::clampler_vs_mesa, A, A, B, B, 1e-3).id, "");
   sc["texture"]["internal_format"] = "GL_RGBA8";  // a colour texture filters LINEAR_MIPMAP_LINEAR: no tie
   EXPECT_EQ(known_deviation(sc, sc["lookups"][1], verdict::reference_alone, A, B, A, A, 1e-3).id, "");
}

// The raster generator makes cases the reference draws: every case parses, almost every one has
// probes the reference takes (it drops a pixel centre on an edge), every primitive appears, and
// quads and polygons are flat (GL leaves smooth colours across them to the implementation).
// Back colours come on every vertex or none, and two-sided colour mode and the point sprites'
// replaced coordinates each decide some probes; quads and polygons come with the polygon modes
// apart too; antialiased lines and points decide some probes the reference answers (pixels their
// rectangle or circle holds whole or misses).
TEST(Differential, RandomRasterCasesAreCasesTheReferenceDraws) {
   std::mt19937_64 rng(5);
   std::set<std::string> prims;
   size_t drawable = 0, two_sided_probes = 0, sprite_probes = 0, unfilled = 0, unfilled_probes = 0, apart_quads = 0;
   size_t smooth = 0, smooth_probes = 0, partial_probes = 0;
   const size_t n = 200;
   for (size_t k = 0; k < n; ++k) {
      std::string name;
      const ojson rc = random_raster_case(rng, &name);
      const std::string prim = rc["draw"]["prim"].get<std::string>();
      prims.insert(prim);
      EXPECT_EQ(name.rfind("raster/" + prim.substr(3), 0), 0u) << name;
      if (prim == "GL_QUADS" || prim == "GL_QUAD_STRIP" || prim == "GL_POLYGON") {
         EXPECT_EQ(rc["rasterizer"]["calls"][0], (ojson{{"glShadeModel", {"GL_FLAT"}}})) << name;
      }
      for (const ojson &v : rc["draw"]["vertices"])
         EXPECT_EQ(v.contains("back_color"), rc["draw"]["vertices"][0].contains("back_color")) << name;
      unfilled += name.find("/front-") != std::string::npos;
      const size_t front = name.find("/front-"), back = name.find("/back-");
      if ((prim == "GL_QUADS" || prim == "GL_QUAD_STRIP" || prim == "GL_POLYGON") && front != std::string::npos &&
          back != std::string::npos && name.substr(front + 7, 4) != name.substr(back + 6, 4))
         ++apart_quads;
      // The same case with both faces filled.
      ojson filled = rc;
      ojson &fcalls = filled["rasterizer"]["calls"];
      for (size_t c = 0; c < fcalls.size(); ++c)
         if (fcalls[c].contains("glPolygonMode"))
            fcalls.erase(c--);
      // The same case without two-sided colour mode, and without the sprite coordinates' replacement.
      ojson one_sided = rc, unreplaced = rc;
      ojson &calls = one_sided["rasterizer"]["calls"];
      for (size_t c = 0; c < calls.size(); ++c)
         if (calls[c] == ojson{{"glEnable", {"GL_VERTEX_PROGRAM_TWO_SIDE"}}})
            calls.erase(c--);
      ojson &calls2 = unreplaced["rasterizer"]["calls"];
      for (size_t c = 0; c < calls2.size(); ++c)
         if (calls2[c].contains("glTexEnvi"))
            calls2.erase(c--);
      // And without antialiasing.
      ojson aliased = rc;
      ojson &calls3 = aliased["rasterizer"]["calls"];
      for (size_t c = 0; c < calls3.size(); ++c)
         if (calls3[c] == ojson{{"glEnable", {"GL_LINE_SMOOTH"}}} || calls3[c] == ojson{{"glEnable", {"GL_POINT_SMOOTH"}}})
            calls3.erase(c--);
      smooth += aliased != rc;
      size_t taken = 0;
      for (const ojson &lk : rc["lookups"]) {
         ojson one = rc, one_side = one_sided, plain = unreplaced, fill = filled, jagged = aliased;
         one["lookups"] = one_side["lookups"] = plain["lookups"] = fill["lookups"] = jagged["lookups"] = ojson::array({lk});
         try {
            const ojson two = clampler::raster_case_reference(one.dump(), false);
            if (rc.contains("coverage_tolerance")) {
               const double alpha = two["results"][0].at(4).get<double>();
               partial_probes += alpha > 0.0 && alpha < 1.0 && two["results"][0][0] != 0.0;
            }
            two_sided_probes += two != clampler::raster_case_reference(one_side.dump(), false);
            sprite_probes += two != clampler::raster_case_reference(plain.dump(), false);
            try {
               unfilled_probes += two != clampler::raster_case_reference(fill.dump(), false);
            } catch (const clampler::scenario_error &) {  // a filled edge through the probe: a tie
            }
            try {
               smooth_probes += two != clampler::raster_case_reference(jagged.dump(), false);
            } catch (const clampler::scenario_error &) {  // the aliased line's end or tie
            }
            ++taken;
         } catch (const clampler::scenario_error &e) {
            EXPECT_EQ(std::string(e.what()).rfind("draw: ", 0), 0u) << name << ": " << e.what();  // a refused pixel, not a bad case
         }
      }
      drawable += taken > 0 ? 1 : 0;
   }
   EXPECT_EQ(prims.size(), 10u);
   EXPECT_GE(drawable, n * 95 / 100);
   EXPECT_GT(two_sided_probes, 20u) << "probed pixels of back-facing polygons in two-sided colour mode";
   EXPECT_GT(sprite_probes, 20u) << "probed pixels of point sprites whose coordinates are replaced";
   EXPECT_GT(unfilled, 10u) << "triangles in LINE or POINT polygon modes";
   EXPECT_GT(unfilled_probes, 50u) << "probed pixels a LINE or POINT polygon mode decides";
   EXPECT_GT(apart_quads, 3u) << "quads, quad strips and polygons with the front and back modes apart";
   EXPECT_GT(smooth, 10u) << "antialiased lines and points";
   EXPECT_GT(smooth_probes, 10u) << "probed pixels antialiasing decides";
   EXPECT_GT(partial_probes, 50u) << "probed pixels a smooth line covers in part, with their coverage";
}

// Seed 1's first six cube scenarios: two are depth-compare cube maps with explicit-LOD lookups
// GLSL cannot express; Mesa runs the rest of them, and the 36 it does not run are checked device
// against reference (they agree), counted apart, and keep their scenarios out of the accepted count.
TEST(Differential, LookupsMesaDoesNotRunAreCountedAndCheckedDeviceAgainstReference) {
   const char *bin = std::getenv("CLAMPLER_BIN");
   const auto r = clampler::test::run_command(std::string(bin ? bin : "clampler") +
                                              " differential --groups cube --scenarios 6 --raster 0 --seed 1");
   EXPECT_EQ(r.status, 0) << r.out;
   EXPECT_NE(r.out.find("scenarios Mesa runs in part: 2; lookups Mesa does not run: 36 (device and reference differ on 0)"),
             std::string::npos)
      << r.out;
   EXPECT_NE(r.out.find("accepts: 4/6 scenarios"), std::string::npos) << r.out;
}

// Seed 1's raster cases (with g++ and with clang, whose floating-point contraction moves some
// generated positions) include triangles whose first one faces the mode without an offset
// enable, or with it: llvmpipe and softpipe then offset no triangle, or every one
// (draw_pipe_offset.c decides once per draw), where GL offsets by each polygon's own mode. Those pixels are accepted as Mesa's, counted apart,
// and the run passes; the device and the reference agree on every pixel.
TEST(Differential, MesasOffsetByTheFirstTrianglesModeIsAcceptedAndCounted) {
   const char *bin = std::getenv("CLAMPLER_BIN");
   const auto r = clampler::test::run_command(std::string(bin ? bin : "clampler") +
                                              " differential --scenarios 0 --raster 300 --seed 1");
   EXPECT_EQ(r.status, 0) << r.out;
   // How many pixels depends on the generated positions, which the compiler's floating-point
   // contraction may move by a bit (g++ 22, clang 21): some, not a figure.
   const std::string entry = "offsets every triangle by the first one's polygon mode when the front and back modes differ: ";
   const size_t at = r.out.find(entry);
   ASSERT_NE(at, std::string::npos) << r.out;
   EXPECT_GT(std::stoul(r.out.substr(at + entry.size())), 0u) << r.out;
   EXPECT_NE(r.out.find("  device alone: 0\n  reference alone: 0\n  clampler (device = reference) vs Mesa: 0"),
             std::string::npos)
      << r.out;
}

TEST(Differential, TheCommandEndsWithTheAgreementLine) {
   const char *bin = std::getenv("CLAMPLER_BIN");
   const auto r = clampler::test::run_command(std::string(bin ? bin : "clampler") +
                                              " differential --scenarios 3 --groups wrap,lod --raster 4 --show 1");
   ASSERT_TRUE(r.status == 0 || r.status == 1) << r.out;
   const size_t at = r.out.rfind("agree ");
   ASSERT_NE(at, std::string::npos) << r.out;
   EXPECT_NE(r.out.find("/3 scenarios, ", at), std::string::npos) << r.out;
   EXPECT_NE(r.out.find("\nraster: agree "), std::string::npos) << r.out;  // the raster cases' line
   const auto bad = clampler::test::run_command(std::string(bin ? bin : "clampler") + " differential --groups nope");
   EXPECT_EQ(bad.status, 2) << bad.out;
   EXPECT_NE(bad.out.find("unknown group 'nope'"), std::string::npos) << bad.out;
   const auto bad_driver =
      clampler::test::run_command(std::string(bin ? bin : "clampler") + " differential --raster-driver llvmpipe");
   EXPECT_EQ(bad_driver.status, 2) << bad_driver.out;
   EXPECT_NE(bad_driver.out.find("'llvmpipe' is not clampler, zink or env"), std::string::npos) << bad_driver.out;
}

}  // namespace
