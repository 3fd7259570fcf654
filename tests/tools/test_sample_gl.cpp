// clampler sample --gl and conformance --gl: a real GL driver (Debian's llvmpipe here) draws a scenario's lookups.
//
// Expected values come from the reference sampler (`sample --reference`), an implementation of
// GL's formulas independent of the driver; llvmpipe implements GL_CLAMP and the mirror clamps
// itself, so agreement checks the GL runner's upload, state replay and lookups end to end.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include <nlohmann/json.hpp>

#include "run_command.h"

namespace {

using clampler::test::cmd_result;

cmd_result run(const std::string &args) {
   const char *bin = std::getenv("CLAMPLER_BIN");
   return clampler::test::run_command(std::string(bin ? bin : "clampler") + " " + args);
}

std::string example(const std::string &name) {
   const char *d = std::getenv("CLAMPLER_EXAMPLES");
   return std::string(d ? d : "examples") + "/" + name;
}

// The "results" array of a command's JSON output (stderr lines of the driver dropped).
nlohmann::json results_of(const cmd_result &r) {
   const size_t start = r.out.find('{');
   EXPECT_NE(start, std::string::npos) << r.out;
   const nlohmann::json j = nlohmann::json::parse(r.out.substr(start), nullptr, false);
   EXPECT_FALSE(j.is_discarded()) << r.out;
   return j.is_discarded() ? nlohmann::json() : j["results"];
}

}  // namespace

TEST(SampleGl, LlvmpipeDrawsWhatTheReferenceComputes) {
   for (const char *name : {"sample_gl_clamp.json"}) {
      const cmd_result ref = run("sample --reference " + example(name) + " 2>&1");
      const cmd_result gl = run("sample --gl --driver llvmpipe " + example(name) + " 2>/dev/null");
      ASSERT_EQ(ref.status, 0) << ref.out;
      ASSERT_EQ(gl.status, 0) << gl.out;
      const nlohmann::json want = results_of(ref), got = results_of(gl);
      ASSERT_EQ(want.size(), got.size()) << name;
      for (size_t i = 0; i < want.size(); ++i)
         for (size_t c = 0; c < 4; ++c)
            EXPECT_NEAR(got[i][c].get<double>(), want[i][c].get<double>(), 1.0 / 255) << name << " lookup " << i;
   }
}

// Real GL draws the raster cases too: Debian's llvmpipe agrees with the reference rasterizer on
// provoking vertices, culling into FBOs, the clip volume, the polygon stipple, the offset,
// points, lines, two-sided colour, point sprites and polygon modes (quads and polygons in LINE mode, and
// quads with FILL and LINE apart, too;
// docs/rasterizer.md lists where it does not: a FILL polygon offset by
// GL_POLYGON_OFFSET_LINE alone).
TEST(SampleGl, LlvmpipeDrawsTheRasterCasesAsTheReference) {
   const cmd_result r = run("conformance --gl --driver llvmpipe --filter "
                            "'^clampler/raster/(provoking|cull/[^/]+/[^/]+/fbo|depth|stipple/[^/]+/fbo|offset/(flat/units|sloped)|"
                            "points/(size[0-9]+/fbo|size-m|depth)|lines/(provoking|stipple/[^/]+/fbo)|two-side/[^/]+/fbo|sprite/[^/]+/[^/]+/fbo|polygon-mode/[^/]+/fbo)' 2>&1");
   EXPECT_EQ(r.status, 0) << r.out;
   EXPECT_NE(r.out.find("120 cases on GL llvmpipe"), std::string::npos) << r.out;
   EXPECT_EQ(r.out.find("fail: "), std::string::npos) << r.out;
}

TEST(SampleGl, OutputNamesTheRendererAsDevice) {
   const cmd_result gl = run("sample --gl --driver llvmpipe " + example("sample_gl_clamp.json") + " 2>/dev/null");
   ASSERT_EQ(gl.status, 0) << gl.out;
   EXPECT_NE(gl.out.find("\"device\": \"llvmpipe"), std::string::npos) << gl.out;
}

TEST(SampleGl, GlExcludesReferenceAndDevice) {
   EXPECT_EQ(run("sample --gl --reference " + example("sample_gl_clamp.json") + " 2>&1").status, 2);
   EXPECT_EQ(run("sample --gl --device 0 " + example("sample_gl_clamp.json") + " 2>&1").status, 2);
   const cmd_result r = run("sample --driver llvmpipe " + example("sample_gl_clamp.json") + " 2>&1");
   EXPECT_EQ(r.status, 2);
   EXPECT_NE(r.out.find("--driver goes with --gl"), std::string::npos) << r.out;
}

TEST(SampleGl, UnknownDriverIsNamed) {
   const cmd_result r = run("sample --gl --driver voodoo " + example("sample_gl_clamp.json") + " 2>&1");
   EXPECT_EQ(r.status, 1);
   EXPECT_NE(r.out.find("unknown GL driver 'voodoo'"), std::string::npos) << r.out;
}

TEST(SampleGl, MissingClamplerDriverSaysHowToBuildIt) {
   const char *bin = std::getenv("CLAMPLER_BIN");
   const cmd_result r = clampler::test::run_command("CLAMPLER_DRIVER_DIR=/nonexistent " +
                                                    std::string(bin ? bin : "clampler") + " sample --gl " +
                                                    example("sample_gl_clamp.json") + " 2>&1");
   EXPECT_EQ(r.status, 1);
   EXPECT_NE(r.out.find("no clampler driver in /nonexistent"), std::string::npos) << r.out;
   EXPECT_NE(r.out.find("scripts/clampler.sh driver"), std::string::npos) << r.out;
}

// A driver that crashes takes only the worker process: the command reports it and exits 1.
TEST(SampleGl, ADriverCrashIsReportedNotShared) {
   const char *bin = std::getenv("CLAMPLER_BIN");
   const cmd_result r = clampler::test::run_command("CLAMPLER_TEST_GL_WORKER_ABORT=1 " +
                                                    std::string(bin ? bin : "clampler") +
                                                    " sample --gl --driver llvmpipe " + example("sample_gl_clamp.json") +
                                                    " 2>&1");
   EXPECT_EQ(r.status, 1) << r.out;
   EXPECT_NE(r.out.find("killed by signal 6"), std::string::npos) << r.out;
}

// In a conformance run the crash is that case's crash; the next case gets a new worker.
TEST(ConformanceGl, ADriverCrashIsOneCasesCrash) {
   const char *bin = std::getenv("CLAMPLER_BIN");
   const cmd_result r = clampler::test::run_command(
      "CLAMPLER_TEST_GL_WORKER_ABORT=1 " + std::string(bin ? bin : "clampler") +
      " conformance --gl --driver llvmpipe --filter '^clampler/lod/2d/GL_RGBA8/' 2>&1");
   EXPECT_EQ(r.status, 1) << r.out;
   // Every case crashed on its own (a new worker each time), and the run went to its end.
   size_t crashes = 0;
   for (size_t at = 0; (at = r.out.find("crash: clampler/lod/", at)) != std::string::npos; ++at)
      ++crashes;
   EXPECT_GE(crashes, 2u) << r.out;
   EXPECT_NE(r.out.find("cases on GL llvmpipe"), std::string::npos) << r.out;
}

// The matrix through llvmpipe, one group that it implements as GL says: every case passes.
TEST(ConformanceGl, LodGroupPassesOnLlvmpipeButForItsMinMagSwitchAtZero) {
   // llvmpipe passes the lod group except the c-switch cases: it switches at λ = 0, not GL's
   // c = 0.5 (docs/fidelity.md), reported as failures on that driver, as its own divergence.
   const cmd_result r = run("conformance --gl --driver llvmpipe --filter '^clampler/lod/' 2>&1");
   EXPECT_EQ(r.status, 1) << r.out;
   EXPECT_NE(r.out.find("on GL llvmpipe"), std::string::npos) << r.out;
   size_t failures = 0;
   for (size_t at = r.out.find("\nfail: "); at != std::string::npos; at = r.out.find("\nfail: ", at + 1)) {
      const std::string name = r.out.substr(at + 7, r.out.find('\n', at + 1) - at - 7);
      EXPECT_NE(name.find("/c-switch"), std::string::npos) << name;
      ++failures;
   }
   EXPECT_GT(failures, 0u) << r.out;
   const cmd_result rest = run("conformance --gl --driver llvmpipe --filter '^clampler/lod/(?!.*c-switch)' 2>&1");
   EXPECT_EQ(rest.status, 0) << rest.out;
}

// Depth compare on arrays and cube maps: GLSL 1.30 returns only the comparison there, so the
// runner reads GL's vec4 under the depth texture mode through EXT_gpu_shader4's old-style
// functions (shadow1DArrayLod, shadow2DArrayGrad, shadowCubeGrad); llvmpipe draws every such case.
TEST(ConformanceGl, ShadowLookupsOnArraysAndCubesRunThroughExtGpuShader4) {
   const cmd_result r =
      run("conformance --gl --driver llvmpipe --filter '^clampler/shadow/(1d_array|2d_array|cube)/' 2>&1");
   EXPECT_EQ(r.status, 0) << r.out;
   EXPECT_NE(r.out.find("total                                   12       0       0       0       0      12"),
             std::string::npos)
      << r.out;
}

// GLSL has no vec4 explicit-LOD depth compare on cube maps (EXT_gpu_shader4 has shadowCubeGrad
// only): such a lookup gets a null result and its reason, the scenario's gradient lookups run;
// a scenario of explicit LODs only is refused.
TEST(SampleGl, ExplicitLodShadowLookupsOnCubesAreNamedNotRunAndTheOthersRun) {
   nlohmann::json sc = {
      {"texture",
       {{"target", "GL_TEXTURE_CUBE_MAP"}, {"internal_format", "GL_DEPTH_COMPONENT32F"}, {"width", 1}, {"height", 1},
        {"levels", {{{0.2}, {0.3}, {0.6}, {0.7}, {0.9}, {0.1}}}},
        {"params", {{"GL_TEXTURE_MIN_FILTER", "GL_NEAREST"}, {"GL_TEXTURE_MAG_FILTER", "GL_NEAREST"},
                    {"GL_TEXTURE_COMPARE_MODE", "GL_COMPARE_REF_TO_TEXTURE"}, {"GL_TEXTURE_COMPARE_FUNC", "GL_LEQUAL"}}}}},
      {"lookups",
       {{{"coord", {0.25, 1.0, 0.5}}, {"grad_x", {0.5, 0.0, 0.0}}, {"grad_y", {0.0, 0.0, 0.5}}, {"compare_ref", 0.5}},
        {{"coord", {0.25, 1.0, 0.5}}, {"lod", 0.0}, {"compare_ref", 0.5}}}}};
   const std::string file = testing::TempDir() + "/shadow_cube_lod.json";
   FILE *f = std::fopen(file.c_str(), "w");
   ASSERT_NE(f, nullptr);
   std::fputs(sc.dump().c_str(), f);
   std::fclose(f);
   const cmd_result gl = run("sample --gl --driver llvmpipe " + file + " 2>/dev/null");
   ASSERT_EQ(gl.status, 0) << gl.out;
   const nlohmann::json out = nlohmann::json::parse(gl.out.substr(gl.out.find('{')));
   // +Y face (0.6) against 0.5 with LEQUAL: 1, under GL_LUMINANCE (1, 1, 1, 1).
   EXPECT_EQ(out["results"][0], nlohmann::json({1.0, 1.0, 1.0, 1.0})) << gl.out;
   EXPECT_TRUE(out["results"][1].is_null()) << gl.out;
   ASSERT_EQ(out["not_run"].size(), 1u) << gl.out;
   EXPECT_EQ(out["not_run"][0]["lookup"], 1);
   EXPECT_NE(out["not_run"][0]["why"].get<std::string>().find("explicit-LOD depth-compare"), std::string::npos);

   sc["lookups"].erase(0);
   f = std::fopen(file.c_str(), "w");
   ASSERT_NE(f, nullptr);
   std::fputs(sc.dump().c_str(), f);
   std::fclose(f);
   const cmd_result refused = run("sample --gl --driver llvmpipe " + file + " 2>&1");
   EXPECT_NE(refused.status, 0) << refused.out;
   EXPECT_NE(refused.out.find("every lookup (1) takes an explicit LOD"), std::string::npos) << refused.out;
}

TEST(ConformanceGl, GlExcludesDeviceOptions) {
   EXPECT_EQ(run("conformance --gl --self-check 2>&1").status, 2);
   EXPECT_EQ(run("conformance --gl --device 0 2>&1").status, 2);
   EXPECT_EQ(run("conformance --driver zink 2>&1").status, 2);
}
