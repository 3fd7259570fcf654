// clampler explain: malformed scenarios are rejected with a message naming the offending key.
#include <gtest/gtest.h>

#include "clampler/tools/explain.h"

using namespace clampler;

namespace {

struct bad_case {
   const char *name;
   const char *scenario;
   const char *names;  // the error must contain this
};

constexpr const char *kTex = R"("texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"})";

}  // namespace

class ExplainRejects : public testing::TestWithParam<bad_case> {};

TEST_P(ExplainRejects, MalformedScenarioNamingTheKey) {
   try {
      explain_scenario(GetParam().scenario);
      FAIL() << "accepted: " << GetParam().scenario;
   } catch (const scenario_error &e) {
      EXPECT_NE(std::string(e.what()).find(GetParam().names), std::string::npos) << e.what();
   }
}

INSTANTIATE_TEST_SUITE_P(Table, ExplainRejects, testing::Values(
   bad_case{"BadJson", "{", "not valid JSON"},
   bad_case{"NotAnObject", "[1]", "expected a JSON object"},
   bad_case{"MissingTexture", "{}", "texture"},
   bad_case{"UnknownTopLevelKey", R"({"textur": {}})", "textur"},
   bad_case{"UnknownTarget", R"({"texture": {"target": "GL_TEXTURE_4D", "internal_format": "GL_RGBA8"}})", "texture.target"},
   bad_case{"TargetIsNotATextureTarget", R"({"texture": {"target": "GL_REPEAT", "internal_format": "GL_RGBA8"}})", "texture.target"},
   bad_case{"UnknownFormat", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA9"}})", "texture.internal_format"},
   bad_case{"FormatWrongType", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": 32856}})", "texture.internal_format"},
   bad_case{"NegativeWidth", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8", "width": -3}})", "texture.width"},
   bad_case{"HugeHeight", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8", "height": 100000}})", "texture.height"},
   bad_case{"FractionalDepth", R"({"texture": {"target": "GL_TEXTURE_3D", "internal_format": "GL_RGBA8", "depth": 1.5}})", "texture.depth"},
   bad_case{"TooManyLevels", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8", "width": 4, "levels": 9}})", "texture"},
   bad_case{"SwizzleNotFour", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8", "swizzle": ["GL_RED"]}})", "texture.swizzle"},
   bad_case{"UnknownTextureKey", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8", "widht": 4}})", "texture.widht"},
   bad_case{"UnknownPname", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"}, "sampler": {"GL_TEXTURE_WARP_S": "GL_REPEAT"}})", "sampler.GL_TEXTURE_WARP_S"},
   bad_case{"UnknownValueName", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"}, "sampler": {"GL_TEXTURE_WRAP_S": "GL_CLAMPY"}})", "sampler.GL_TEXTURE_WRAP_S"},
   bad_case{"ValueWrongType", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"}, "sampler": {"GL_TEXTURE_WRAP_S": null}})", "sampler.GL_TEXTURE_WRAP_S"},
   bad_case{"UnknownEntryPoint", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"}, "sampler": {"GL_TEXTURE_MIN_LOD": {"d": 1}}})", "sampler.GL_TEXTURE_MIN_LOD"},
   bad_case{"EntryPointObjectWithTwoKeys", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"}, "sampler": {"GL_TEXTURE_MIN_LOD": {"f": 1, "i": 1}}})", "sampler.GL_TEXTURE_MIN_LOD"},
   bad_case{"VectorTooLong", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"}, "sampler": {"GL_TEXTURE_BORDER_COLOR": {"fv": [1, 2, 3, 4, 5]}}})", "sampler.GL_TEXTURE_BORDER_COLOR.fv"},
   bad_case{"UintVectorNegative", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8UI"}, "sampler": {"GL_TEXTURE_BORDER_COLOR": {"Iuiv": [-1, 0, 0, 0]}}})", "sampler.GL_TEXTURE_BORDER_COLOR.Iuiv[0]"},
   bad_case{"ParamsNotAnObject", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8", "params": [1]}})", "texture.params"},
   bad_case{"BadProfile", R"({"profile": "es", "texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"}})", "profile"},
   bad_case{"UnknownExtension", R"({"extensions": ["GL_EXT_nope"], "texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"}})", "extensions[0]"},
   bad_case{"BadScreenCap", R"({"screen": {"caps": {"PIPE_CAP_X": 1}}, "texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"}})", "screen.caps.PIPE_CAP_X"},
   bad_case{"BadNoLinearFormat", R"({"screen": {"no_linear_filtering": ["Z32"]}, "texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"}})", "screen.no_linear_filtering[0]"},
   bad_case{"UnitBiasNotANumber", R"({"unit_lod_bias": "x", "texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"}})", "unit_lod_bias"},
   bad_case{"UnsignedAboveInt64", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8I"}, "sampler": {"GL_TEXTURE_BORDER_COLOR": {"Iiv": [18446744073709551615, 0, 0, 0]}}})", "sampler.GL_TEXTURE_BORDER_COLOR.Iiv[0]"},
   bad_case{"FloatOutOfRange", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"}, "sampler": {"GL_TEXTURE_MIN_LOD": 1e300}})", "sampler.GL_TEXTURE_MIN_LOD"},
   bad_case{"SeamlessNotABool", R"({"seamless_cube_map": 1, "texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"}})", "seamless_cube_map"}),
   [](const testing::TestParamInfo<bad_case> &i) { return std::string(i.param.name); });

TEST(ExplainRejects, DeepNestingAndHugeNumbersDoNotCrash) {
   std::string deep(10000, '[');
   EXPECT_THROW(explain_scenario(deep), scenario_error);
   EXPECT_THROW(explain_scenario(R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8", "width": 1e300}})"),
                scenario_error);
   (void)kTex;
}
