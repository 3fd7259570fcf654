// clampler sample --reference: texel data and lookups through the reference sampler, values worked by hand.
#include <gtest/gtest.h>

#include "clampler/tools/explain.h"
#include "clampler/tools/sample.h"

using namespace clampler;
using json = nlohmann::ordered_json;

namespace {

// A 2x1 RGBA8 texture: texel 0 red, texel 1 green; t is clamped to the edge.
std::string two_texels(const std::string &sampler, const std::string &lookups) {
   return R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8", "width": 2, "height": 1,
              "levels": [[[1, 0, 0, 1], [0, 1, 0, 1]]]},
              "sampler": {"GL_TEXTURE_WRAP_T": "GL_CLAMP_TO_EDGE", )" +
          sampler + R"(}, "lookups": )" + lookups + "}";
}

}  // namespace

TEST(SampleReference, LinearBlendsTheTwoTexelsAtTheirSharedEdge) {
   // s = 0.5: u = 1, u - 0.5 = 0.5 -> texels 0 and 1 at 50/50.
   const json out = sample_scenario_reference(two_texels(R"("GL_TEXTURE_MIN_FILTER": "GL_LINEAR")",
                                                         R"([{"coord": [0.5, 0.5], "lod": 0}])"));
   EXPECT_EQ(out["results"][0], json::parse("[0.5, 0.5, 0.0, 1.0]"));
   EXPECT_EQ(out["device"], "reference");
   EXPECT_TRUE(out.contains("pipe_sampler_state"));  // the explain keys come along
}

TEST(SampleReference, GlClampLinearIsHalfBorderBeyondTheEdge) {
   // s = 1.25 clamps to 1: u' = 1.5 -> texel 1 and the border (0,0,1,1) at 50/50.
   const json out = sample_scenario_reference(two_texels(
      R"("GL_TEXTURE_WRAP_S": "GL_CLAMP", "GL_TEXTURE_MIN_FILTER": "GL_LINEAR", "GL_TEXTURE_BORDER_COLOR": [0, 0, 1, 1])",
      R"([{"coord": [1.25, 0.5], "lod": 0}, {"coord": [-3, 0.5], "lod": 0}])"));
   EXPECT_EQ(out["results"][0], json::parse("[0.0, 0.5, 0.5, 1.0]"));
   EXPECT_EQ(out["results"][1], json::parse("[0.5, 0.0, 0.5, 1.0]"));
}

TEST(SampleReference, GlClampNearestReadsTheEdgeTexel) {
   const json out = sample_scenario_reference(two_texels(
      R"("GL_TEXTURE_WRAP_S": "GL_CLAMP", "GL_TEXTURE_MIN_FILTER": "GL_NEAREST", "GL_TEXTURE_MAG_FILTER": "GL_NEAREST",
         "GL_TEXTURE_BORDER_COLOR": [0, 0, 1, 1])",
      R"([{"coord": [1.0, 0.5], "lod": 0}, {"coord": [0.49, 0.5], "lod": 0}])"));
   EXPECT_EQ(out["results"][0], json::parse("[0.0, 1.0, 0.0, 1.0]"));
   EXPECT_EQ(out["results"][1], json::parse("[1.0, 0.0, 0.0, 1.0]"));
}

TEST(SampleReference, IntegerTexturesReturnIntegersAndSampleNearest) {
   const json out = sample_scenario_reference(R"({
      "texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8UI", "width": 2, "height": 1,
                  "levels": [[[1, 2, 3, 4], [5, 6, 7, 8]]]},
      "sampler": {"GL_TEXTURE_MIN_FILTER": "GL_LINEAR", "GL_TEXTURE_WRAP_T": "GL_CLAMP_TO_EDGE"},
      "lookups": [{"coord": [0.74, 0.5], "lod": 0}]})");
   EXPECT_EQ(out["results"][0], json::parse("[5, 6, 7, 8]"));  // floor(0.74 * 2) = texel 1
}

TEST(SampleReference, UnormValuesAreQuantisedAsOnUpload) {
   // 0.1 in UNORM8 stores round(25.5) = 26 (ties to even), which reads 26/255.
   const json out = sample_scenario_reference(R"({
      "texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_R8", "width": 1, "height": 1,
                  "levels": [[[0.1]]]},
      "lookups": [{"coord": [0.5, 0.5], "lod": 0}]})");
   EXPECT_DOUBLE_EQ(out["results"][0][0].get<double>(), 26.0 / 255.0);
   EXPECT_EQ(out["results"][0][3], 1.0);  // RED base format: alpha reads 1
}

struct bad_sample {
   const char *name;
   const char *scenario;
   const char *names;
};
class SampleRejects : public testing::TestWithParam<bad_sample> {};
TEST_P(SampleRejects, MalformedInputNamingTheKey) {
   try {
      sample_scenario_reference(GetParam().scenario);
      FAIL() << "accepted";
   } catch (const scenario_error &e) {
      EXPECT_NE(std::string(e.what()).find(GetParam().names), std::string::npos) << e.what();
   }
}
INSTANTIATE_TEST_SUITE_P(Table, SampleRejects, testing::Values(
   bad_sample{"NoTexelData", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"}, "lookups": [{"coord": [0, 0]}]})", "texture.levels"},
   bad_sample{"NoLookups", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_R8", "levels": [[[0]]]}})", "lookups"},
   bad_sample{"WrongTexelCount", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_R8", "width": 2, "levels": [[[0]]]}, "lookups": [{"coord": [0, 0]}]})", "texture.levels[0]"},
   bad_sample{"WrongComponentCount", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RG8", "levels": [[[0, 0, 0]]]}, "lookups": [{"coord": [0, 0]}]})", "texture.levels[0][0]"},
   bad_sample{"WrongCoordCount", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_R8", "levels": [[[0]]]}, "lookups": [{"coord": [0]}]})", "lookups[0].coord"},
   bad_sample{"UnknownLookupKey", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_R8", "levels": [[[0]]]}, "lookups": [{"coord": [0, 0], "bias": 1}]})", "lookups[0].bias"},
   bad_sample{"LodAndGradients", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_R8", "levels": [[[0]]]}, "lookups": [{"coord": [0, 0], "lod": 0, "grad_x": [1, 0], "grad_y": [0, 1]}]})", "lookups[0]"},
   bad_sample{"CompressedFormat", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_COMPRESSED_RGBA_BPTC_UNORM", "width": 4, "height": 4, "levels": [[]]}, "lookups": [{"coord": [0, 0]}]})", "texture.internal_format"}),
   [](const testing::TestParamInfo<bad_sample> &i) { return std::string(i.param.name); });

TEST(SampleReference, StencilBorderIsTheIntegerIndexAsGiven) {
   // A stencil border reads (s, 0, 0, 1) with s the integer set through Iuiv.
   const json out = sample_scenario_reference(R"({
      "texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_STENCIL_INDEX8", "width": 1, "height": 1,
                  "levels": [[[3]]]},
      "sampler": {"GL_TEXTURE_WRAP_S": "GL_CLAMP_TO_BORDER", "GL_TEXTURE_MIN_FILTER": "GL_NEAREST",
                  "GL_TEXTURE_MAG_FILTER": "GL_NEAREST", "GL_TEXTURE_BORDER_COLOR": {"Iuiv": [7, 9, 9, 9]}},
      "lookups": [{"coord": [-0.5, 0.5], "lod": 0}, {"coord": [0.5, 0.5], "lod": 0}]})");
   EXPECT_EQ(out["results"][0], json::parse("[7, 0, 0, 1]"));
   EXPECT_EQ(out["results"][1], json::parse("[3, 0, 0, 1]"));
}
