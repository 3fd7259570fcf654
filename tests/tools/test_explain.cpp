// clampler explain: the output object for well-formed scenarios (keys, spellings, values).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "clampler/tools/explain.h"

using namespace clampler;
using json = nlohmann::ordered_json;

namespace {

std::string example(const char *name) {
   const char *dir = std::getenv("CLAMPLER_EXAMPLES");
   std::ifstream f(std::string(dir ? dir : "examples") + "/" + name);
   std::stringstream ss;
   ss << f.rdbuf();
   return ss.str();
}

json explain(const std::string &text) { return explain_scenario(text); }

}  // namespace

TEST(Explain, IssueExampleOnAnIntegerTextureClampsToEdgeWithoutLowering) {
   const json out = explain(example("gl_clamp_linear.json"));
   const json &p = out["pipe_sampler_state"];
   // RGBA8UI samples NEAREST, so GL_CLAMP needs no border: CLAMP_TO_EDGE, no lowering.
   EXPECT_EQ(p["wrap_s"], "PIPE_TEX_WRAP_CLAMP_TO_EDGE");
   EXPECT_EQ(p["min_img_filter"], "PIPE_TEX_FILTER_NEAREST");
   EXPECT_EQ(p["lod_bias"], 0.30078125);
   EXPECT_EQ(out["shader_key"]["saturate_s"], false);
   EXPECT_TRUE(out["gl_errors"].empty());
}

TEST(Explain, LinearGlClampOnAFloatTextureUsesTheBorderAndSaturates) {
   const json out = explain(R"({
      "texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8", "width": 4, "height": 4},
      "sampler": {"GL_TEXTURE_WRAP_S": "GL_CLAMP", "GL_TEXTURE_MIN_FILTER": "GL_LINEAR",
                  "GL_TEXTURE_BORDER_COLOR": [1, 0.5, 0, 1], "GL_TEXTURE_LOD_BIAS": 0.3}})");
   const json &p = out["pipe_sampler_state"];
   EXPECT_EQ(p["wrap_s"], "PIPE_TEX_WRAP_CLAMP_TO_BORDER");
   EXPECT_EQ(p["wrap_t"], "PIPE_TEX_WRAP_REPEAT");
   EXPECT_EQ(p["wrap_r"], "PIPE_TEX_WRAP_REPEAT");
   EXPECT_EQ(p["min_img_filter"], "PIPE_TEX_FILTER_LINEAR");
   EXPECT_EQ(p["min_mip_filter"], "PIPE_TEX_MIPFILTER_NONE");
   EXPECT_EQ(p["border_color"], json::parse("[1.0, 0.5, 0.0, 1.0]"));
   EXPECT_EQ(p["border_color_is_integer"], false);
   EXPECT_EQ(p["lod_bias"], 0.30078125);  // round(0.3 * 256) / 256
   EXPECT_EQ(out["shader_key"]["saturate_s"], true);
   EXPECT_EQ(out["shader_key"]["saturate_t"], false);
   EXPECT_EQ(out["shader_key"]["shadow_swizzle"], nullptr);
}

TEST(Explain, IntegerBorderIsPrintedAsIntegers) {
   const json out = explain(R"({
      "texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8UI", "width": 4, "height": 4},
      "sampler": {"GL_TEXTURE_WRAP_S": "GL_CLAMP_TO_BORDER", "GL_TEXTURE_BORDER_COLOR": {"Iuiv": [1, 2, 3, 4]}}})");
   EXPECT_EQ(out["pipe_sampler_state"]["border_color"], json::parse("[1, 2, 3, 4]"));
   EXPECT_EQ(out["pipe_sampler_state"]["border_color_is_integer"], true);
}

TEST(Explain, OutputHasEveryDocumentedKeyInOrder) {
   const json out = explain(example("mixed_filter_clamp.json"));
   const char *keys[] = {"wrap_s", "wrap_t", "wrap_r", "min_img_filter", "mag_img_filter", "min_mip_filter",
                         "compare_mode", "compare_func", "unnormalized_coords", "seamless_cube_map",
                         "max_anisotropy", "lod_bias", "min_lod", "max_lod", "reduction_mode",
                         "border_color", "border_color_is_integer"};
   auto it = out["pipe_sampler_state"].begin();
   for (const char *k : keys) {
      ASSERT_NE(it, out["pipe_sampler_state"].end());
      EXPECT_EQ(it.key(), k);
      ++it;
   }
   for (const char *k : {"saturate_s", "saturate_t", "saturate_r", "shadow_swizzle"})
      EXPECT_TRUE(out["shader_key"].contains(k)) << k;
   EXPECT_EQ(out["shader_key"]["nearest_edge"], "minified");
}

TEST(Explain, GlErrorsAreListedAndTheStateIsUnchanged) {
   const json out = explain(example("core_profile_errors.json"));
   ASSERT_EQ(out["gl_errors"].size(), 2u);
   EXPECT_EQ(out["gl_errors"][0]["pname"], "GL_TEXTURE_WRAP_S");
   EXPECT_EQ(out["gl_errors"][0]["error"], "GL_INVALID_ENUM");
   EXPECT_EQ(out["gl_errors"][1]["pname"], "GL_TEXTURE_MAX_ANISOTROPY");
   EXPECT_EQ(out["gl_errors"][1]["error"], "GL_INVALID_VALUE");
   EXPECT_EQ(out["pipe_sampler_state"]["wrap_s"], "PIPE_TEX_WRAP_REPEAT");
   EXPECT_EQ(out["pipe_sampler_state"]["wrap_t"], "PIPE_TEX_WRAP_CLAMP_TO_BORDER");
   EXPECT_EQ(out["pipe_sampler_state"]["max_anisotropy"], 0);
}

TEST(Explain, ShadowSwizzleComposesDepthModeAndSwizzle) {
   const json out = explain(example("shadow_depth_mode.json"));
   EXPECT_EQ(out["pipe_sampler_state"]["compare_mode"], "PIPE_TEX_COMPARE_R_TO_TEXTURE");
   EXPECT_EQ(out["pipe_sampler_state"]["compare_func"], "PIPE_FUNC_LESS");
   // ALPHA mode gives (0,0,0,r); swizzle (A, 1, R, 0) picks (r, 1, 0, 0).
   EXPECT_EQ(out["shader_key"]["shadow_swizzle"],
             json::parse(R"(["PIPE_SWIZZLE_X", "PIPE_SWIZZLE_1", "PIPE_SWIZZLE_0", "PIPE_SWIZZLE_0"])"));
}

TEST(Explain, ParametersApplyInTheOrderWritten) {
   const json later_wins = explain(R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8",
      "params": {"GL_TEXTURE_WRAP_S": "GL_MIRRORED_REPEAT", "GL_TEXTURE_WRAP_T": "GL_CLAMP_TO_EDGE"}}})");
   EXPECT_EQ(later_wins["pipe_sampler_state"]["wrap_s"], "PIPE_TEX_WRAP_MIRROR_REPEAT");
   EXPECT_EQ(later_wins["sampler_source"], "texture_parameters");
}

TEST(Explain, EntryPointObjectsSelectTheEntryPoint) {
   // iv border colours are normalized: INT_MAX -> 1.0.
   const json out = explain(R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"},
      "sampler": {"GL_TEXTURE_WRAP_S": {"i": "GL_CLAMP_TO_BORDER"},
                  "GL_TEXTURE_BORDER_COLOR": {"iv": [2147483647, 0, 0, 2147483647]},
                  "GL_TEXTURE_MIN_LOD": {"f": 1.5}, "GL_TEXTURE_MIN_FILTER": "GL_LINEAR_MIPMAP_LINEAR"}})");
   EXPECT_EQ(out["pipe_sampler_state"]["border_color"], json::parse("[1.0, 0.0, 0.0, 1.0]"));
   EXPECT_EQ(out["pipe_sampler_state"]["min_lod"], 1.5);
}

TEST(Explain, UnitLodBiasAddsToTheSamplers) {
   const json out = explain(R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"},
      "sampler": {"GL_TEXTURE_LOD_BIAS": 0.5}, "unit_lod_bias": 0.25})");
   EXPECT_EQ(out["pipe_sampler_state"]["lod_bias"], 0.75);
}

TEST(Explain, SeamlessCubeMapFlag) {
   const json out = explain(R"({"texture": {"target": "GL_TEXTURE_CUBE_MAP", "internal_format": "GL_RGBA8",
      "width": 8, "height": 8}, "seamless_cube_map": true})");
   EXPECT_EQ(out["pipe_sampler_state"]["seamless_cube_map"], true);
}

TEST(Explain, ScreenCapsComeFromTheScenario) {
   const json out = explain(R"({"screen": {"caps": {"PIPE_CAP_EMULATE_GL_CLAMP_PLZ": 0}},
      "texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"},
      "sampler": {"GL_TEXTURE_WRAP_S": "GL_CLAMP"}})");
   EXPECT_EQ(out["pipe_sampler_state"]["wrap_s"], "PIPE_TEX_WRAP_CLAMP");
}

TEST(Explain, InfiniteLodsArePrintedAsStrings) {
   const json out = explain(R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"},
      "sampler": {"GL_TEXTURE_MAX_LOD": {"f": "inf"}}})");
   EXPECT_EQ(out["pipe_sampler_state"]["max_lod"], "inf");
}

TEST(Explain, DefaultExtensionsFollowTheScreen) {
   // Without per-texture seamless support the extension is not exposed, so its pname is an error.
   const json out = explain(R"({"screen": {"caps": {"PIPE_CAP_SEAMLESS_CUBE_MAP_PER_TEXTURE": 0}},
      "texture": {"target": "GL_TEXTURE_CUBE_MAP", "internal_format": "GL_RGBA8", "width": 4, "height": 4},
      "sampler": {"GL_TEXTURE_CUBE_MAP_SEAMLESS": "GL_TRUE"}})");
   ASSERT_EQ(out["gl_errors"].size(), 1u);
   EXPECT_EQ(out["gl_errors"][0]["error"], "GL_INVALID_ENUM");
}

// Stencil texturing is core in GL 4.6: a scenario that names GL_ARB_stencil_texturing among its
// extensions samples the stencil as one that does not.
TEST(Explain, NamingACoreExtensionIsAcceptedAndChangesNothing) {
   const std::string texture = R"("texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_DEPTH24_STENCIL8",
      "width": 2, "height": 2, "depth_stencil_texture_mode": "GL_STENCIL_INDEX"})";
   const json with = explain(R"({"extensions": ["GL_ARB_stencil_texturing"], )" + texture + "}");
   const json without = explain(R"({"extensions": [], )" + texture + "}");
   EXPECT_TRUE(with["gl_errors"].empty()) << with.dump();
   EXPECT_EQ(with["sampler_view"], without["sampler_view"]);
   EXPECT_EQ(with["sampler_view"]["sampled_as"], "stencil") << with.dump();
}

// A "rasterizer" key adds the rasterizer state, its key and warnings (docs/scenario.md); a call's
// GL error is listed with the call, the rest of the calls still run.
TEST(ExplainRasterizer, TheExampleGivesFboFacingOffsetStippleAndDepthClamp) {
   const json out = explain(example("rasterizer_fbo_wide_lines.json"));
   ASSERT_TRUE(out.contains("pipe_rasterizer_state")) << out.dump(2);
   const json &r = out["pipe_rasterizer_state"];
   EXPECT_EQ(r["front_ccw"], true);  // CW, flipped by the FBO
   EXPECT_EQ(r["cull_face"], "PIPE_FACE_BACK");
   EXPECT_EQ(r["fill_front"], "PIPE_POLYGON_MODE_LINE");
   EXPECT_EQ(r["fill_back"], "PIPE_POLYGON_MODE_LINE");  // culled: the front's mode
   EXPECT_EQ(r["offset_line"], true);
   EXPECT_EQ(r["offset_units"], 2.0);
   EXPECT_EQ(r["line_width"], 3.0);
   EXPECT_EQ(r["line_stipple_factor"], 1);  // glLineStipple(2, …): factor − 1
   EXPECT_EQ(r["line_stipple_pattern"], 0x0f0f);
   EXPECT_EQ(r["multisample"], true);  // a 4-sample framebuffer
   EXPECT_EQ(r["depth_clip_near"], false);
   ASSERT_EQ(out["gl_errors"].size(), 1u);
   EXPECT_EQ(out["gl_errors"][0]["entry_point"], "glCullFace");
   EXPECT_EQ(out["gl_errors"][0]["error"], "GL_INVALID_ENUM");
   EXPECT_EQ(out["raster_key"]["clamp_vertex_color"], true);  // Vulkan clamps no colour
   EXPECT_TRUE(out["raster_warnings"].empty());
}

TEST(ExplainRasterizer, ScenariosWithoutOneKeepTheirOutput) {
   EXPECT_FALSE(explain(example("gl_clamp_linear.json")).contains("pipe_rasterizer_state"));
}

TEST(ExplainRasterizer, MalformedCallsNameTheKey) {
   const char *texture = R"("texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"})";
   const struct {
      const char *rasterizer;
      const char *key;
   } bad[] = {
      {R"({"calls": [{"glFoo": [1]}]})", "rasterizer.calls[0]"},
      {R"({"calls": [{"glLineWidth": [1, 2]}]})", "rasterizer.calls[0].glLineWidth"},
      {R"({"calls": [{"glFrontFace": ["GL_NOPE"]}]})", "rasterizer.calls[0].glFrontFace[0]"},
      {R"({"calls": {}})", "rasterizer.calls"},
      {R"({"framebuffer": {"samples": -1}})", "rasterizer.framebuffer.samples"},
      {R"({"framebuffer": {"fbo": 1}})", "rasterizer.framebuffer.fbo"},
      {R"({"viewport": []})", "rasterizer.viewport"},
      {R"({"calls": [{"glPolygonStipple": [[1, 2]]}]})", "rasterizer.calls[0].glPolygonStipple"},
   };
   for (const auto &b : bad) {
      const std::string text = std::string("{") + texture + ", \"rasterizer\": " + b.rasterizer + "}";
      try {
         explain(text);
         ADD_FAILURE() << "accepted: " << text;
      } catch (const scenario_error &e) {
         EXPECT_EQ(std::string(e.what()).rfind(std::string(b.key) + ":", 0), 0u) << e.what();
      }
   }
}

TEST(ExplainRasterizer, ARasterizerOnlyScenarioNeedsNoTexture) {
   const json out = explain(R"({"rasterizer": {"calls": [{"glCullFace": ["GL_FRONT"]}, {"glEnable": ["GL_CULL_FACE"]}]}})");
   EXPECT_EQ(out["pipe_rasterizer_state"]["cull_face"], "PIPE_FACE_FRONT");
   EXPECT_FALSE(out.contains("pipe_sampler_state"));
   EXPECT_TRUE(out["gl_errors"].empty());
}

TEST(ExplainRasterizer, WithoutATextureSamplerKeysAndATexturelessScenarioAreRefused) {
   const struct {
      const char *text, *starts;
   } bad[] = {
      {R"({"rasterizer": {"calls": []}, "sampler": {}})", "sampler: needs a \"texture\""},
      {R"({"rasterizer": {"calls": []}, "unit_lod_bias": 1})", "unit_lod_bias: needs a \"texture\""},
      {R"({"profile": "core"})", "texture: missing"},
   };
   for (const auto &b : bad) {
      try {
         explain(b.text);
         ADD_FAILURE() << "accepted: " << b.text;
      } catch (const scenario_error &e) {
         EXPECT_EQ(std::string(e.what()).rfind(b.starts, 0), 0u) << e.what();
      }
   }
}
