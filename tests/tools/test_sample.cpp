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
   bad_sample{"RasterizerOnly", R"({"rasterizer": {"calls": []}})", "texture: missing"},
   bad_sample{"RasterizerOnlyWithLookups", R"({"rasterizer": {"calls": []}, "lookups": [{"coord": [0, 0]}]})", "lookups: needs a \"texture\""},
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
   // A stencil border reads as a stencil texel, with s the integer set through Iuiv: (s, 0, 0, 1)
   // in the core profile.
   const json out = sample_scenario_reference(R"({"profile": "core",
      "texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_STENCIL_INDEX8", "width": 1, "height": 1,
                  "levels": [[[3]]]},
      "sampler": {"GL_TEXTURE_WRAP_S": "GL_CLAMP_TO_BORDER", "GL_TEXTURE_MIN_FILTER": "GL_NEAREST",
                  "GL_TEXTURE_MAG_FILTER": "GL_NEAREST", "GL_TEXTURE_BORDER_COLOR": {"Iuiv": [7, 9, 9, 9]}},
      "lookups": [{"coord": [-0.5, 0.5], "lod": 0}, {"coord": [0.5, 0.5], "lod": 0}]})");
   EXPECT_EQ(out["results"][0], json::parse("[7, 0, 0, 1]"));
   EXPECT_EQ(out["results"][1], json::parse("[3, 0, 0, 1]"));
}

TEST(SampleReference, StencilIndexGoesThroughTheDepthTextureModeInTheCompatibilityProfile) {
   // ARB_stencil_texturing makes the stencil index the r of the texture comparison section, which
   // the compatibility profile's GL_DEPTH_TEXTURE_MODE assigns: LUMINANCE (the default) (s, s, s,
   // 1), INTENSITY (s, s, s, s), ALPHA (0, 0, 0, s), RED (s, 0, 0, 1); texel and border alike.
   struct mode_case {
      const char *mode;
      const char *border, *texel;
   };
   for (const mode_case &m : {mode_case{nullptr, "[7, 7, 7, 1]", "[3, 3, 3, 1]"},
                              mode_case{"GL_INTENSITY", "[7, 7, 7, 7]", "[3, 3, 3, 3]"},
                              mode_case{"GL_ALPHA", "[0, 0, 0, 7]", "[0, 0, 0, 3]"},
                              mode_case{"GL_RED", "[7, 0, 0, 1]", "[3, 0, 0, 1]"}}) {
      const std::string mode = m.mode ? std::string(R"(, "depth_texture_mode": ")") + m.mode + "\"" : "";
      const json out = sample_scenario_reference(R"({
         "texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_STENCIL_INDEX8", "width": 1, "height": 1,
                     "levels": [[[3]]])" + mode + R"(},
         "sampler": {"GL_TEXTURE_WRAP_S": "GL_CLAMP_TO_BORDER", "GL_TEXTURE_MIN_FILTER": "GL_NEAREST",
                     "GL_TEXTURE_MAG_FILTER": "GL_NEAREST", "GL_TEXTURE_BORDER_COLOR": {"Iuiv": [7, 9, 9, 9]}},
         "lookups": [{"coord": [-0.5, 0.5], "lod": 0}, {"coord": [0.5, 0.5], "lod": 0}]})");
      EXPECT_EQ(out["results"][0], json::parse(m.border)) << (m.mode ? m.mode : "default");
      EXPECT_EQ(out["results"][1], json::parse(m.texel)) << (m.mode ? m.mode : "default");
   }
}

// ---------------------------------------------------------------------------------------------
// sample_scenario_device: the same scenarios on the Vulkan device, against the reference.
#ifdef CLAMPLER_HAVE_ZINK
#include <cmath>
#include <cstdio>
#include <memory>

#include "../zink/zink_test_util.h"
#include "clampler/sample/sample_device.h"
#include "clampler/zink/zink_sampler_cache.h"

namespace {

class SampleDevice : public clampler::test::ZinkTest {
protected:
   // Runs `text` on the device and with the reference; every component within `tol`.
   json expect_matches_reference(const std::string &text, double tol) {
      const json want = sample_scenario_reference(text);
      json got;
      try {
         got = sample_scenario_device(text, *screen);
      } catch (const scenario_error &e) {
         ADD_FAILURE() << "the device refused: " << e.what();
         return got;
      }
      EXPECT_EQ(got["device"], screen->device_caps().device_name);
      // The state may differ by the screen's caps (border_color_format); the shader key only by
      // the shader filter a screen asks for its device (rules 11 to 13 and 16, docs/rules.md), which
      // replaces rule 8's nearest_edge and rule 10's min_mag_switch.
      json got_key = got["shader_key"], want_key = want["shader_key"];
      const bool device_filter = screen->get_param(PIPE_CAP_MINMAX_MIPMAP_LOWERING) != 0 ||
                                 screen->get_param(PIPE_CAP_MIRROR_TEXEL_LOWERING) != 0 ||
                                 screen->get_param(PIPE_CAP_NEAREST_MIP_TIE_LOWERING) != 0 ||
                                 screen->get_param(PIPE_CAP_LAMBDA_LOWERING) != 0;
      if (device_filter && !got_key["shader_filter"].is_null() && want_key["shader_filter"].is_null())
         for (const char *k : {"shader_filter", "nearest_edge", "min_mag_switch"}) {
            got_key.erase(k);
            want_key.erase(k);
         }
      // And by rule 14's layer rounding, which the reference (GL's rule itself) never needs.
      if (screen->get_param(PIPE_CAP_ARRAY_LAYER_TIE_LOWERING) != 0) {
         got_key.erase("round_layer");
         want_key.erase("round_layer");
      }
      EXPECT_EQ(got_key, want_key);
      EXPECT_TRUE(got.contains("vk_sampler_create_info"));
      EXPECT_EQ(got["results"].size(), want["results"].size());
      for (size_t i = 0; i < std::min(got["results"].size(), want["results"].size()); ++i)
         for (size_t c = 0; c < 4; ++c) {
            const double g = got["results"][i][c].get<double>(), w = want["results"][i][c].get<double>();
            EXPECT_LE(std::fabs(g - w), tol) << "lookup " << i << ", component " << c << ": device " << g
                                             << ", reference " << w;
         }
      return got;
   }
};

// Bilinear weights quantised to 2^-8 per axis on lavapipe (subTexelPrecisionBits 8), and the
// unorm8 result rounding: well inside 2/256 for these two-texel blends.
constexpr double kLinearTol = 2.0 / 256.0;

}  // namespace

TEST_F(SampleDevice, LinearClampToBorderAndRepeatMatchTheReference) {
   expect_matches_reference(
      two_texels(R"("GL_TEXTURE_WRAP_S": "GL_CLAMP_TO_BORDER", "GL_TEXTURE_MIN_FILTER": "GL_LINEAR",
                    "GL_TEXTURE_BORDER_COLOR": [0, 0, 1, 1])",
                 R"([{"coord": [1.25, 0.5], "lod": 0}, {"coord": [-0.1, 0.5], "grad_x": [0.5, 0], "grad_y": [0, 0.5]},
                     {"coord": [0.3, 0.3]}, {"coord": [0.5, 0.5], "lod": 2}])"),
      kLinearTol);
   expect_matches_reference(two_texels(R"("GL_TEXTURE_WRAP_S": "GL_REPEAT", "GL_TEXTURE_MIN_FILTER": "GL_LINEAR",
                                          "GL_TEXTURE_MAG_FILTER": "GL_LINEAR")",
                                       R"([{"coord": [1.1, 0.5]}, {"coord": [-0.6, 0.5]}, {"coord": [7.3, 0.2]}])"),
                            kLinearTol);
}

TEST_F(SampleDevice, GlClampWithNearestFiltersIsClampToEdgeExactly) {
   // Both filters NEAREST: GL_CLAMP is CLAMP_TO_EDGE (docs/rules.md §8), no lowering needed.
   expect_matches_reference(
      two_texels(R"("GL_TEXTURE_WRAP_S": "GL_CLAMP", "GL_TEXTURE_MIN_FILTER": "GL_NEAREST",
                    "GL_TEXTURE_MAG_FILTER": "GL_NEAREST", "GL_TEXTURE_BORDER_COLOR": [0, 0, 1, 1])",
                 R"([{"coord": [1.0, 0.5]}, {"coord": [1.75, 0.5]}, {"coord": [-2, 0.5]}, {"coord": [0.49, 0.5]}])"),
      1e-6);
}

// GL 4.6 §8.14.2 mirrors the integer texel coordinate: on 8 texels s = −1/4 reads texel 1 and
// s = 5/4 texel 5 (mirror(10) = 15 − 10). A device that mirrors s itself (lavapipe) reads the
// neighbour on every such boundary; the layer reads GL's texel there too (rule 12).
TEST_F(SampleDevice, MirroredWrapsReadGlsTexelOnTexelBoundaries) {
   // RGBA8 and RGBA8UI (the filter's one integer tap); t under GL_MIRROR_CLAMP_EXT too, rule 8's
   // |t| emulation beside the mirrored s.
   for (const bool integer : {false, true}) {
      std::string texels, lookups;
      for (int i = 0; i < 8; ++i)
         texels += (i ? ", [" : "[") + (integer ? std::to_string(i) : std::to_string(i / 8.0)) + ", 0, 0, 1]";
      for (int k = -12; k <= 12; ++k)
         if (k != 0)
            lookups += (lookups.empty() ? "" : ", ") + std::string(R"({"coord": [)") + std::to_string(k / 4.0) +
                       R"(, 0.5], "lod": 0})";
      for (const char *wrap : {"GL_MIRRORED_REPEAT", "GL_MIRROR_CLAMP_TO_EDGE"})
         for (const char *wrap_t : {"GL_REPEAT", "GL_MIRROR_CLAMP_EXT"}) {
            SCOPED_TRACE(std::string(wrap) + " " + wrap_t + (integer ? " RGBA8UI" : " RGBA8"));
            expect_matches_reference(std::string(R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": ")") +
                                        (integer ? "GL_RGBA8UI" : "GL_RGBA8") + R"(",
                  "width": 8, "height": 1, "levels": [[)" + texels + R"(]]},
                "sampler": {"GL_TEXTURE_WRAP_S": ")" + wrap + R"(", "GL_TEXTURE_WRAP_T": ")" + wrap_t + R"(",
                            "GL_TEXTURE_MIN_FILTER": "GL_NEAREST", "GL_TEXTURE_MAG_FILTER": "GL_NEAREST"},
                "lookups": [)" + lookups + "]}",
                                     1e-6);
         }
   }
}

// GL 4.6 §8.14.3: a NEAREST mip filter above the switch reads level ⌈λ + ½⌉ − 1, so λ = k + ½
// reads level k. Vulkan lets a device round the tie either way (lavapipe rounds to even: 1.5 reads
// level 2); the layer reads GL's level (rule 13). Each level of the 16 × 16 texture holds its own
// index / 8, and λ comes from an explicit LOD, the LOD bias, and GL_TEXTURE_MAX_LOD.
TEST_F(SampleDevice, NearestMipLevelTieReadsLevelK) {
   // RGBA8 (the shader filter's weighted taps) and RGBA8UI (its one integer tap; rule 2 makes
   // LINEAR_MIPMAP_NEAREST filter NEAREST there), on 2D textures and cube maps (the cube filter,
   // seamless or not). Level l holds l / 8, or l, on every face.
   struct target_case { const char *target, *coord, *extra; int faces; };
   const target_case targets[] = {{"GL_TEXTURE_2D", "[0.3, 0.3]", "", 1},
                                  {"GL_TEXTURE_CUBE_MAP", "[1.0, 0.3, -0.6]", "", 6},
                                  {"GL_TEXTURE_CUBE_MAP", "[-0.2, -0.7, 1.0]", R"(, "seamless_cube_map": true)", 6}};
   for (const target_case &tc : targets)
      for (const bool integer : {false, true}) {
         std::string levels;
         for (int l = 0; l < 5; ++l) {
            std::string texels;
            for (int i = 0; i < (16 >> l) * (16 >> l) * tc.faces; ++i)
               texels += (i ? ", [" : "[") + (integer ? std::to_string(l) : std::to_string(l / 8.0)) + ", 0, 0, 1]";
            levels += (l ? ", [" : "[") + texels + "]";
         }
         struct tie { const char *sampler_extra; double lod, lambda; };
         const tie ties[] = {{"", 0.5, 0.5}, {"", 1.5, 1.5}, {"", 2.5, 2.5}, {"", 3.5, 3.5},
                             {R"(, "GL_TEXTURE_LOD_BIAS": 0.5)", 1.0, 1.5},
                             {R"(, "GL_TEXTURE_LOD_BIAS": 0.5)", 3.0, 3.5},
                             {R"(, "GL_TEXTURE_MAX_LOD": 1.5)", 4.0, 1.5},
                             {R"(, "GL_TEXTURE_MIN_LOD": 3.5)", 0.0, 3.5}};
         for (const char *min : {"GL_NEAREST_MIPMAP_NEAREST", "GL_LINEAR_MIPMAP_NEAREST"})
            for (const tie &t : ties) {
               SCOPED_TRACE(std::string(tc.target) + tc.extra + (integer ? " RGBA8UI " : " RGBA8 ") + min +
                            t.sampler_extra + ", lod " + std::to_string(t.lod));
               const json got = expect_matches_reference(
                  std::string(R"({"texture": {"target": ")") + tc.target + R"(", "internal_format": ")" +
                     (integer ? "GL_RGBA8UI" : "GL_RGBA8") + R"(", "width": 16, "height": 16, "levels": [)" + levels +
                     R"(]}, "sampler": {"GL_TEXTURE_MIN_FILTER": ")" + min + R"(", "GL_TEXTURE_MAG_FILTER": "GL_NEAREST")" +
                     t.sampler_extra + R"(}, "lookups": [{"coord": )" + tc.coord + R"(, "lod": )" + std::to_string(t.lod) +
                     "}]" + tc.extra + "}",
                  1e-6);
               // λ ≤ ½ reads the base level; above, ⌈λ + ½⌉ − 1.
               const int level = t.lambda <= 0.5 ? 0 : static_cast<int>(std::ceil(t.lambda + 0.5)) - 1;
               ASSERT_EQ(got["results"].size(), 1u);
               EXPECT_NEAR(got["results"][0][0].get<double>(), integer ? level : std::round(level / 8.0 * 255.0) / 255.0,
                           1e-6);
            }
      }
}

// A MIN / MAX reduction on an integer texture with a NEAREST mip filter: rule 13's shader filter
// takes its one NEAREST tap (a reduction over one texel is that texel), not a refusal.
TEST_F(SampleDevice, IntegerReductionWithANearestMipFilterIsTheOneTexel) {
   std::string levels;
   for (int l = 0; l < 3; ++l) {
      std::string texels;
      for (int i = 0; i < (4 >> l) * (4 >> l); ++i)
         texels += (i ? ", [" : "[") + std::to_string(10 * l + i) + ", 0, 0, 1]";
      levels += (l ? ", [" : "[") + texels + "]";
   }
   for (const char *reduction : {"GL_MIN", "GL_MAX"}) {
      SCOPED_TRACE(reduction);
      const json got = expect_matches_reference(
         R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8UI", "width": 4, "height": 4,
             "levels": [)" + levels + R"(]}, "sampler": {"GL_TEXTURE_MIN_FILTER": "GL_NEAREST_MIPMAP_NEAREST",
             "GL_TEXTURE_MAG_FILTER": "GL_NEAREST", "GL_TEXTURE_REDUCTION_MODE_ARB": ")" + reduction +
            R"("}, "lookups": [{"coord": [0.3, 0.6], "lod": 0}, {"coord": [0.3, 0.6], "lod": 1.5}]})",
         0.0);
      ASSERT_EQ(got["results"].size(), 2u);
      EXPECT_EQ(got["results"][0][0].get<double>(), 9.0);   // level 0, texel (1, 2)
      EXPECT_EQ(got["results"][1][0].get<double>(), 12.0);  // λ = 1.5: level 1 (GL's tie), texel (0, 1)
   }
}

// GL 4.6 §8.14.2 selects array layer ⌊t + ½⌋ (clamped to the layers); Vulkan rounds t to even, so
// t = 0.5 and 2.5 read layers 0 and 2 on the device where GL reads 1 and 3. The layer rounds t
// GL's way first (rule 14), for 1D, 2D and cube-map arrays, through the device's NEAREST and
// LINEAR filters (λ = 0 magnifies: the mag filter is the min filter's) and through the shader
// filter (NEAREST_MIPMAP_NEAREST, rule 13; cube-map arrays keep the device's filter), and for
// depth comparisons.
TEST_F(SampleDevice, ArrayLayerTieReadsGlsLayer) {
   const double ts[] = {-0.5, 0.5, 1.5, 2.5, 3.5, 4.5};
   const int layers = 4;
   struct target { const char *name; int texels_per_layer; std::string coord_prefix; };
   const target targets[] = {{"GL_TEXTURE_1D_ARRAY", 2, "0.3, "},
                             {"GL_TEXTURE_2D_ARRAY", 4, "0.3, 0.6, "},
                             {"GL_TEXTURE_CUBE_MAP_ARRAY", 6 * 4, "1.0, 0.2, -0.3, "}};
   for (const target &tg : targets)
      for (const char *min : {"GL_NEAREST", "GL_LINEAR", "GL_NEAREST_MIPMAP_NEAREST"}) {
         SCOPED_TRACE(std::string(tg.name) + " " + min);
         const bool cube = std::string(tg.name) == "GL_TEXTURE_CUBE_MAP_ARRAY";
         std::string texels;
         for (int l = 0; l < layers; ++l)
            for (int i = 0; i < tg.texels_per_layer; ++i)
               texels += std::string(texels.empty() ? "[" : ", [") + std::to_string(l) + ", 0, 0, 1]";
         std::string lookups;
         for (double t : ts)
            lookups += std::string(lookups.empty() ? "" : ", ") + R"({"coord": [)" + tg.coord_prefix +
                       std::to_string(t) + R"(], "lod": 0})";
         const json got = expect_matches_reference(
            std::string(R"({"texture": {"target": ")") + tg.name + R"(", "internal_format": "GL_RGBA32F", "width": )" +
               (std::string(tg.name) == "GL_TEXTURE_1D_ARRAY" ? R"(2, "height": )" + std::to_string(layers)
                                                              : R"(2, "height": 2, "depth": )" +
                                                                   std::to_string(cube ? 6 * layers : layers)) +
               R"(, "levels": [[)" + texels +
               R"(]]}, "sampler": {"GL_TEXTURE_MIN_FILTER": ")" + min + R"(", "GL_TEXTURE_MAG_FILTER": ")" +
               (std::string(min) == "GL_LINEAR" ? "GL_LINEAR" : "GL_NEAREST") + R"("}, "lookups": [)" + lookups + "]}",
            1e-6);
         ASSERT_EQ(got["results"].size(), std::size(ts));
         for (size_t i = 0; i < std::size(ts); ++i)
            EXPECT_EQ(got["results"][i][0].get<double>(), std::clamp(std::floor(ts[i] + 0.5), 0.0, layers - 1.0))
               << "t = " << ts[i];
      }
   // A depth comparison (LEQUAL against 0.1) on a 2D array whose layer l holds depth l / 4: only
   // layer 0 fails it, so t = 0.5 reads 1 in GL (layer 1) and 0 on layer 0.
   std::string texels, lookups;
   for (int l = 0; l < layers; ++l)
      for (int i = 0; i < 4; ++i)
         texels += std::string(texels.empty() ? "[" : ", [") + std::to_string(l / 4.0) + "]";
   for (double t : ts)
      lookups += std::string(lookups.empty() ? "" : ", ") + R"({"coord": [0.3, 0.6, )" + std::to_string(t) +
                 R"(], "lod": 0, "compare_ref": 0.1})";
   const json got = expect_matches_reference(
      R"({"texture": {"target": "GL_TEXTURE_2D_ARRAY", "internal_format": "GL_DEPTH_COMPONENT32F", "width": 2,
          "height": 2, "depth": 4, "levels": [[)" + texels + R"(]]},
          "sampler": {"GL_TEXTURE_COMPARE_MODE": "GL_COMPARE_REF_TO_TEXTURE", "GL_TEXTURE_COMPARE_FUNC": "GL_LEQUAL",
                      "GL_TEXTURE_MIN_FILTER": "GL_NEAREST", "GL_TEXTURE_MAG_FILTER": "GL_NEAREST"},
          "lookups": [)" + lookups + "]}",
      1e-6);
   ASSERT_EQ(got["results"].size(), std::size(ts));
   for (size_t i = 0; i < std::size(ts); ++i)
      EXPECT_EQ(got["results"][i][0].get<double>(), std::floor(ts[i] + 0.5) >= 1.0 ? 1.0 : 0.0) << "shadow, t = " << ts[i];
}

TEST_F(SampleDevice, IntegerTexturesReturnIntegers) {
   const std::string text = R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA16I",
        "width": 2, "height": 2, "levels": [[[1, -2, 3, 4], [-5, 6, -7, 8], [9, 10, 11, 12], [-13, -14, 15, 16]]]},
      "sampler": {"GL_TEXTURE_WRAP_S": "GL_CLAMP_TO_BORDER", "GL_TEXTURE_WRAP_T": "GL_MIRRORED_REPEAT",
                  "GL_TEXTURE_MIN_FILTER": "GL_LINEAR", "GL_TEXTURE_BORDER_COLOR": {"Iiv": [-7, 32000, 0, -1]}},
      "lookups": [{"coord": [0.2, 0.2]}, {"coord": [1.3, 0.7]}, {"coord": [0.7, -0.4]}, {"coord": [-0.01, 1.6]}]})";
   const json got = expect_matches_reference(text, 0.0);
   ASSERT_EQ(got["results"].size(), 4u);
   EXPECT_TRUE(got["results"][1][1].is_number_integer());
   EXPECT_EQ(got["results"][1], json::parse("[-7, 32000, 0, -1]"));  // the border, bit-exactly
}

TEST_F(SampleDevice, BorderOutsideTheFormatsRangeIsClampedToIt) {
   // GL 4.6 §8.14.2: border values are clamped to the representable range of the format, for
   // floating-point and integer formats too (70000 in an RGBA16I border reads 32767, a negative
   // border of an unsigned float format 0). The state tracker clamps before the colour reaches the
   // device (devices differ: lavapipe clamps, NVIDIA wraps 70000 to 4464); the reference clamps
   // on its own. Expected values are the formats' ranges.
   struct case_t {
      const char *format, *border;
      json expected;
   };
   const case_t cases[] = {
      {"GL_RGBA16I", R"({"Iiv": [-7, 70000, 0, -1]})", json::parse("[-7, 32767, 0, -1]")},
      {"GL_RGB10_A2UI", R"({"Iuiv": [1024, 5, 0, 172]})", json::parse("[1023, 5, 0, 3]")},
      {"GL_RG8I", R"({"Iiv": [185, -300, 0, 0]})", json::parse("[127, -128, 0, 1]")},
      {"GL_RGB9_E5", "[-0.0625, 70000, 0.5, 0.25]", json::parse("[0.0, 65408.0, 0.5, 1.0]")},
      {"GL_RGBA16F", "[-70000, 70000, 0.5, 0.25]", json::parse("[-65504.0, 65504.0, 0.5, 0.25]")},
   };
   for (const case_t &c : cases) {
      const std::string text = std::string(R"({"profile": "core", "texture": {"target": "GL_TEXTURE_1D", "internal_format": ")") +
                               c.format + R"(", "width": 1, "levels": [[[0, 0, 0, 0]]]},
         "sampler": {"GL_TEXTURE_WRAP_S": "GL_CLAMP_TO_BORDER", "GL_TEXTURE_MIN_FILTER": "GL_NEAREST",
                     "GL_TEXTURE_MAG_FILTER": "GL_NEAREST", "GL_TEXTURE_BORDER_COLOR": )" +
                               c.border + R"(}, "lookups": [{"coord": [1.5]}]})";
      const json want = sample_scenario_reference(text);
      const json got = sample_scenario_device(text, *screen);
      EXPECT_EQ(want["results"][0], c.expected) << c.format << " (reference)";
      EXPECT_EQ(got["results"][0], c.expected) << c.format << " (device)";
   }
}

TEST_F(SampleDevice, TextureSwizzleAndLegacyFormatsGoThroughTheView) {
   const std::string text = R"({"texture": {"target": "GL_TEXTURE_1D", "internal_format": "GL_LUMINANCE8_ALPHA8",
        "width": 4, "swizzle": ["GL_ALPHA", "GL_ZERO", "GL_RED", "GL_ONE"],
        "levels": [[[0.2, 0.8], [0.4, 0.6], [0.6, 0.4], [1.0, 0.0]]]},
      "sampler": {"GL_TEXTURE_MIN_FILTER": "GL_NEAREST", "GL_TEXTURE_MAG_FILTER": "GL_NEAREST"},
      "lookups": [{"coord": [0.1]}, {"coord": [0.4]}, {"coord": [0.6]}, {"coord": [0.9]}]})";
   expect_matches_reference(text, 1e-6);
}

TEST_F(SampleDevice, RectangleLookupsAreNormalizedForTheDevice) {
   const std::string text = R"({"texture": {"target": "GL_TEXTURE_RECTANGLE", "internal_format": "GL_R32F",
        "width": 4, "height": 2, "levels": [[1, 2, 3, 4, 5, 6, 7, 8]]},
      "sampler": {"GL_TEXTURE_WRAP_S": "GL_CLAMP_TO_EDGE", "GL_TEXTURE_WRAP_T": "GL_CLAMP_TO_EDGE",
                  "GL_TEXTURE_MIN_FILTER": "GL_LINEAR", "GL_TEXTURE_MAG_FILTER": "GL_LINEAR"},
      "lookups": [{"coord": [0.5, 0.5]}, {"coord": [2.0, 1.0]}, {"coord": [3.75, 1.25]}, {"coord": [-3, 9]}]})";
   expect_matches_reference(text, 2.0 / 256.0 * 7.0);  // weights quantised over a range of 7
}

TEST_F(SampleDevice, CoreProfileShadowLookupIsTheComparisonInRed) {
   const std::string text = R"({"profile": "core",
      "texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_DEPTH_COMPONENT32F", "width": 2, "height": 1,
                  "levels": [[0.25, 0.75]]},
      "sampler": {"GL_TEXTURE_COMPARE_MODE": "GL_COMPARE_REF_TO_TEXTURE", "GL_TEXTURE_COMPARE_FUNC": "GL_LESS",
                  "GL_TEXTURE_MIN_FILTER": "GL_NEAREST", "GL_TEXTURE_MAG_FILTER": "GL_NEAREST"},
      "lookups": [{"coord": [0.25, 0.5], "compare_ref": 0.5}, {"coord": [0.75, 0.5], "compare_ref": 0.5},
                  {"coord": [0.75, 0.5], "lod": 0, "compare_ref": 0.8}]})";
   const json got = expect_matches_reference(text, 0.0);
   ASSERT_EQ(got["results"].size(), 3u);
   EXPECT_EQ(got["results"][1], json::parse("[1.0, 0.0, 0.0, 1.0]"));
}

TEST_F(SampleDevice, RefusesWhatTheLayerCannotRunNamingTheKey) {
   auto refusal = [&](const std::string &text) {
      try {
         sample_scenario_device(text, *screen);
      } catch (const scenario_error &e) {
         return std::string(e.what());
      }
      return std::string("no refusal");
   };
   // A device scenario takes the device's screen.
   EXPECT_NE(refusal(R"({"screen": {}, "texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8",
                         "levels": [[[1, 1, 1, 1]]]}, "lookups": [{"coord": [0, 0]}]})")
                .find("screen"),
             std::string::npos);
   // A format device sampling cannot upload (R3G3B2 is stored as RGBA8: a size conversion).
   // Stencil sampling runs (tests/sample/test_sample_formats.cpp).
   const std::string r3g3b2 = refusal(R"({"texture": {"target": "GL_TEXTURE_2D",
        "internal_format": "GL_R3_G3_B2", "levels": [[[0.5, 0.5, 0.5]]]}, "lookups": [{"coord": [0, 0]}]})");
   EXPECT_EQ(r3g3b2.rfind("texture.internal_format", 0), 0u) << r3g3b2;
   // Missing texel data or lookups.
   EXPECT_EQ(refusal(R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"},
                         "lookups": [{"coord": [0, 0]}]})")
                .rfind("texture.levels", 0),
             0u);
}

TEST_F(SampleDevice, WarmRunsReuseTheCompiledPipelineAndSampler) {
   const std::string text = two_texels(R"("GL_TEXTURE_MIN_FILTER": "GL_LINEAR")", R"([{"coord": [0.5, 0.5]}])");
   sample_scenario_device(text, *screen);
   const sample_stats first = sample_statistics(*screen);
   const zink_sampler_cache_stats samplers = zink_screen_sampler_cache(*screen).stats();
   for (int i = 0; i < 5; ++i)
      sample_scenario_device(text, *screen);
   const sample_stats later = sample_statistics(*screen);
   EXPECT_EQ(later.pipelines_created, first.pipelines_created);
   EXPECT_EQ(later.pipeline_hits, first.pipeline_hits + 5);
   EXPECT_EQ(zink_screen_sampler_cache(*screen).stats().creates, samplers.creates);  // no vkCreateSampler
   EXPECT_EQ(zink_screen_sampler_cache(*screen).stats().hits, samplers.hits + 5);
}
#endif

#ifdef CLAMPLER_HAVE_ZINK
TEST_F(SampleDevice, GlClampLinearGoesThroughTheLoweringPass) {
   // CLAMP_TO_BORDER + saturate_s in the shader (docs/rules.md §8): exact GL_CLAMP.
   const json got = expect_matches_reference(
      two_texels(R"("GL_TEXTURE_WRAP_S": "GL_CLAMP", "GL_TEXTURE_MIN_FILTER": "GL_LINEAR",
                    "GL_TEXTURE_BORDER_COLOR": [0, 0, 1, 1])",
                 R"([{"coord": [1.25, 0.5]}, {"coord": [-3, 0.5]}, {"coord": [0.5, 0.5], "lod": 0}])"),
      kLinearTol);
   ASSERT_EQ(got["results"].size(), 3u);
   EXPECT_EQ(got["shader_key"]["saturate_s"], true);
}

TEST_F(SampleDevice, DepthTextureModeSwizzlesTheShadowResult) {
   // Compatibility profile, GL_DEPTH_TEXTURE_MODE INTENSITY then ALPHA with a texture swizzle.
   for (const char *mode : {"GL_INTENSITY", "GL_ALPHA", "GL_LUMINANCE", "GL_RED"}) {
      const std::string text = std::string(R"({"texture": {"target": "GL_TEXTURE_2D",
           "internal_format": "GL_DEPTH_COMPONENT32F", "width": 2, "height": 1, "depth_texture_mode": ")") +
                               mode + R"(", "swizzle": ["GL_ALPHA", "GL_RED", "GL_ONE", "GL_GREEN"],
           "levels": [[0.25, 0.75]]},
         "sampler": {"GL_TEXTURE_COMPARE_MODE": "GL_COMPARE_REF_TO_TEXTURE", "GL_TEXTURE_COMPARE_FUNC": "GL_GEQUAL",
                     "GL_TEXTURE_MIN_FILTER": "GL_NEAREST", "GL_TEXTURE_MAG_FILTER": "GL_NEAREST"},
         "lookups": [{"coord": [0.25, 0.5], "compare_ref": 0.5}, {"coord": [0.75, 0.5], "compare_ref": 0.5}]})";
      SCOPED_TRACE(mode);
      expect_matches_reference(text, 0.0);
   }
}
#endif
