// config_screen: recommended caps, per-format linear filtering, JSON overrides and their errors.
#include <gtest/gtest.h>

#include "clampler/pipe/p_names.h"
#include "clampler/pipe/p_screen.h"

using namespace clampler;

TEST(ConfigScreen, RecommendsGlClampEmulationForVulkan) {
   config_screen s;
   EXPECT_EQ(s.get_param(PIPE_CAP_EMULATE_GL_CLAMP_PLZ), 1);
   EXPECT_EQ(s.get_param(PIPE_CAP_NEED_BORDER_COLOR_TYPE), 1);
   EXPECT_EQ(s.get_param(PIPE_CAP_LINEAR_DEPTH_FILTERING), 1);
   EXPECT_EQ(s.get_param(PIPE_CAP_TEXTURE_MIRROR_CLAMP), 0);  // Vulkan has no MIRROR_CLAMP
}

TEST(ConfigScreen, EveryFormatFiltersLinearlyUntilToldOtherwise) {
   config_screen s;
   EXPECT_TRUE(s.is_linear_filtering_supported(PIPE_FORMAT_R8G8B8A8_UNORM, nullptr));
   s.set_linear_filtering(PIPE_FORMAT_R8G8B8A8_UNORM, false);
   EXPECT_FALSE(s.is_linear_filtering_supported(PIPE_FORMAT_R8G8B8A8_UNORM, nullptr));
   s.set_linear_filtering(PIPE_FORMAT_R8G8B8A8_UNORM, true);
   EXPECT_TRUE(s.is_linear_filtering_supported(PIPE_FORMAT_R8G8B8A8_UNORM, nullptr));
}

TEST(ConfigScreen, JsonSetsCapsByNameAndMarksFormatsNonFilterable) {
   config_screen s;
   std::string err;
   ASSERT_TRUE(s.apply_json(R"({"caps": {"PIPE_CAP_TEXRECT": 1, "PIPE_CAP_EMULATE_GL_CLAMP_PLZ": false,
                                        "PIPE_CAP_MAX_TEXTURE_ANISOTROPY": 8},
                               "no_linear_filtering": ["PIPE_FORMAT_Z32_FLOAT"]})",
                            &err))
      << err;
   EXPECT_EQ(s.get_param(PIPE_CAP_TEXRECT), 1);
   EXPECT_EQ(s.get_param(PIPE_CAP_EMULATE_GL_CLAMP_PLZ), 0);
   EXPECT_EQ(s.get_param(PIPE_CAP_MAX_TEXTURE_ANISOTROPY), 8);
   EXPECT_FALSE(s.is_linear_filtering_supported(util_format_from_name("PIPE_FORMAT_Z32_FLOAT"), nullptr));
}

struct bad_json_case {
   const char *json;
   const char *names;  // substring the error must contain
};

class ConfigScreenRejects : public testing::TestWithParam<bad_json_case> {};

TEST_P(ConfigScreenRejects, BadJsonNamingTheKeyAndLeavesTheScreenUnchanged) {
   config_screen s;
   std::string err;
   EXPECT_FALSE(s.apply_json(GetParam().json, &err));
   EXPECT_NE(err.find(GetParam().names), std::string::npos) << err;
   EXPECT_EQ(s.get_param(PIPE_CAP_TEXRECT), config_screen::recommended_caps()[PIPE_CAP_TEXRECT]);
   EXPECT_TRUE(s.is_linear_filtering_supported(PIPE_FORMAT_R8G8B8A8_UNORM, nullptr));
}

INSTANTIATE_TEST_SUITE_P(
   Table, ConfigScreenRejects,
   testing::Values(bad_json_case{"{", "not valid JSON"},
                   bad_json_case{"[]", "expected an object"},
                   bad_json_case{R"({"caps": {"PIPE_CAP_NOPE": 1}})", "screen.caps.PIPE_CAP_NOPE"},
                   bad_json_case{R"({"caps": {"PIPE_CAP_TEXRECT": "yes"}})", "screen.caps.PIPE_CAP_TEXRECT"},
                   bad_json_case{R"({"caps": {"PIPE_CAP_TEXRECT": -1}})", "screen.caps.PIPE_CAP_TEXRECT"},
                   bad_json_case{R"({"caps": [1]})", "screen.caps"},
                   bad_json_case{R"({"caps": {"PIPE_CAP_TEXRECT": 1}, "no_linear_filtering": ["PIPE_FORMAT_R8G8B8A8_UNORM", "X"]})",
                                 "screen.no_linear_filtering[1]"},
                   bad_json_case{R"({"colour": 1})", "screen.colour"}));

TEST(PipeNames, EveryCapHasANameThatRoundTrips) {
   for (unsigned c = 0; c < PIPE_CAP_COUNT; ++c) {
      const char *name = pipe_cap_name(static_cast<pipe_cap>(c));
      ASSERT_EQ(std::string(name).rfind("PIPE_CAP_", 0), 0u);
      EXPECT_EQ(pipe_cap_from_name(name), static_cast<pipe_cap>(c));
   }
}

TEST(PipeNames, WrapNamesFollowGalliumNumbering) {
   EXPECT_STREQ(pipe_wrap_name(static_cast<pipe_tex_wrap>(1)), "PIPE_TEX_WRAP_CLAMP");
   EXPECT_STREQ(pipe_wrap_name(static_cast<pipe_tex_wrap>(7)), "PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER");
   EXPECT_STREQ(pipe_func_name(static_cast<pipe_compare_func>(3)), "PIPE_FUNC_LEQUAL");
}
