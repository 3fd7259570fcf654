// clampler query: the JSON the issue specifies, unified vs independent mode, multisample and buffer scenarios, errors that name the key.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "clampler/tools/query.h"
#include "run_command.h"

using namespace clampler;
using json = nlohmann::ordered_json;

namespace {

TEST(Query, JsonHasTheSeedsAttributesAsIntegersAndTheirNames) {
   const json q = query_scenario(R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8",
      "width": 8, "height": 4, "levels": 3, "params": {"GL_TEXTURE_WRAP_S": "GL_CLAMP"}}})",
                                 txq_language::gl);
   const json want_texture = {{"width", 8},         {"height", 4},
                              {"depth", 1},         {"channel_data_type", 0x8C17},
                              {"channel_order", 0x1908}, {"normalized_coords", 1},
                              {"array_size", 0},    {"num_mipmap_levels", 3},
                              {"num_samples", 0}};
   EXPECT_EQ(q["texture"], want_texture);
   ASSERT_EQ(q["levels"].size(), 3u);
   EXPECT_EQ(q["levels"][2], json({{"lod", 2}, {"width", 2}, {"height", 1}, {"depth", 1}}));
   // GL_CLAMP is reported as the seed's clamp_ogl (2), not the lowering's border clamp.
   EXPECT_EQ(q["sampler"], json({{"force_unnormalized_coords", 0}, {"filter_mode", 1}, {"addr_mode_0", 2},
                                 {"addr_mode_1", 0}, {"addr_mode_2", 0}}));
   EXPECT_EQ(q["names"]["addr_mode_0"], "clamp_ogl");
   EXPECT_EQ(q["names"]["channel_order"], "GL_RGBA");
   EXPECT_EQ(q["mode"], "unified");
}

TEST(Query, ASamplerObjectMakesItIndependentMode) {
   const json q = query_scenario(R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8",
      "params": {"GL_TEXTURE_WRAP_S": "GL_CLAMP"}}, "sampler": {"GL_TEXTURE_MAG_FILTER": "GL_NEAREST"}})",
                                 txq_language::gl);
   EXPECT_EQ(q["mode"], "independent");
   EXPECT_EQ(q["sampler"]["addr_mode_0"], 0);  // the sampler object's GL_REPEAT
   EXPECT_EQ(q["sampler"]["filter_mode"], 0);
}

TEST(Query, OpenClVocabularyOnRequest) {
   const json q = query_scenario(R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_SRGB8_ALPHA8"}})",
                                 txq_language::opencl);
   EXPECT_EQ(q["texture"]["channel_order"], 0x10C1);      // CL_sRGBA
   EXPECT_EQ(q["texture"]["channel_data_type"], 0x10D2);  // CL_UNORM_INT8
   EXPECT_EQ(q["names"]["channel_order"], "CL_sRGBA");
}

TEST(Query, MultisampleAndBufferTexturesAreQueriedNotSampled) {
   const json ms = query_scenario(R"({"texture": {"target": "GL_TEXTURE_2D_MULTISAMPLE_ARRAY",
      "internal_format": "GL_RGBA8", "width": 8, "height": 4, "depth": 3, "samples": 4}})",
                                  txq_language::gl);
   EXPECT_EQ(ms["texture"]["num_samples"], 4);
   EXPECT_EQ(ms["texture"]["array_size"], 3);
   EXPECT_EQ(ms["texture"]["normalized_coords"], 0);
   const json buf = query_scenario(R"({"texture": {"target": "GL_TEXTURE_BUFFER", "internal_format": "GL_RGBA32F",
      "buffer_size": 100}})",
                                   txq_language::gl);
   EXPECT_EQ(buf["texture"]["width"], 6);  // floor(100 / 16)
   EXPECT_EQ(buf["texture"]["num_mipmap_levels"], 0);
}

struct bad_case {
   const char *scenario;
   const char *key;  // the error starts with it
};

const bad_case kBad[] = {
   {R"({"texture": {"target": "GL_TEXTURE_2D_MULTISAMPLE", "internal_format": "GL_RGBA8"}})", "texture.samples"},
   {R"({"texture": {"target": "GL_TEXTURE_BUFFER", "internal_format": "GL_RGBA8"}})", "texture.buffer_size"},
   {R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8", "samples": 4}})", "texture.samples"},
   {R"({"texture": {"target": "GL_TEXTURE_2D_MULTISAMPLE", "internal_format": "GL_RGBA8", "samples": 64}})",
    "texture"},  // more than GL_MAX_COLOR_TEXTURE_SAMPLES: GL refuses the storage
   {R"({"texture": {"target": "GL_TEXTURE_BUFFER", "internal_format": "GL_RGB8", "buffer_size": 3}})", "texture"},
   {R"({"texture": {"target": "GL_TEXTURE_BUFFER", "internal_format": "GL_R8", "buffer_size": 3, "levels": 2}})",
    "texture.levels"},
};

class QueryErrors : public ::testing::TestWithParam<bad_case> {};

TEST_P(QueryErrors, NameTheOffendingKey) {
   const bad_case &c = GetParam();
   try {
      query_scenario(c.scenario, txq_language::gl);
      ADD_FAILURE() << "accepted: " << c.scenario;
   } catch (const scenario_error &e) {
      EXPECT_EQ(std::string(e.what()).rfind(std::string(c.key) + ":", 0), 0u) << e.what();
   }
}

INSTANTIATE_TEST_SUITE_P(Scenarios, QueryErrors, ::testing::ValuesIn(kBad));

// fuzz_scenario's first finding: a number JSON cannot hold escaped the parser's error type.
TEST(Query, ANumberOutOfRangeIsAScenarioError) {
   EXPECT_THROW(query_scenario("5E490", txq_language::gl), scenario_error);
   EXPECT_THROW(query_scenario("{\"texture\": 1e999}", txq_language::gl), scenario_error);
}

TEST(Query, ExplainStillRefusesTargetsASamplerCannotSample) {
   const char *bin = std::getenv("CLAMPLER_BIN");
   ASSERT_NE(bin, nullptr);
   const std::string file = ::testing::TempDir() + "/query_ms.json";
   FILE *f = std::fopen(file.c_str(), "w");
   ASSERT_NE(f, nullptr);
   std::fputs(R"({"texture": {"target": "GL_TEXTURE_2D_MULTISAMPLE", "internal_format": "GL_RGBA8", "samples": 2}})",
              f);
   std::fclose(f);
   const auto explain = test::run_command(std::string(bin) + " explain " + file);
   EXPECT_EQ(explain.status, 1) << explain.out;
   EXPECT_NE(explain.out.find("texture.target"), std::string::npos) << explain.out;
   const auto query = test::run_command(std::string(bin) + " query --json " + file);
   ASSERT_EQ(query.status, 0) << query.out;
   EXPECT_EQ(json::parse(query.out)["texture"]["num_samples"], 2) << query.out;
   const auto usage = test::run_command(std::string(bin) + " query --language klingon " + file);
   EXPECT_EQ(usage.status, 2) << usage.out;
}

}  // namespace
