// The clampler command: exit codes, usage errors and messages of every command.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <sys/wait.h>

#include "run_command.h"

namespace {

using run_result = clampler::test::cmd_result;

run_result run(const std::string &args, const std::string &stdin_text = "") {
   const char *bin = std::getenv("CLAMPLER_BIN");
   std::string cmd = std::string(bin ? bin : "clampler") + " " + args;
   if (!stdin_text.empty())
      cmd = "printf '%s' '" + stdin_text + "' | " + cmd;
   return clampler::test::run_command(cmd);
}

std::string examples() {
   const char *d = std::getenv("CLAMPLER_EXAMPLES");
   return d ? d : "examples";
}

}  // namespace

TEST(Cli, ExplainPrintsJsonAndExitsZero) {
   const run_result r = run("explain " + examples() + "/gl_clamp_linear.json");
   EXPECT_EQ(r.status, 0) << r.out;
   EXPECT_NE(r.out.find("\"pipe_sampler_state\""), std::string::npos);
}

TEST(Cli, ExplainReadsStandardInput) {
   const run_result r = run("explain - < " + examples() + "/mixed_filter_clamp.json");
   EXPECT_EQ(r.status, 0) << r.out;
   EXPECT_NE(r.out.find("PIPE_TEX_WRAP_CLAMP_TO_BORDER"), std::string::npos);
}

TEST(Cli, MalformedScenarioExitsNonZeroNamingTheKey) {
   const run_result r = run("explain -", R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8", "width": -1}})");
   EXPECT_EQ(r.status, 1);
   EXPECT_NE(r.out.find("texture.width"), std::string::npos) << r.out;
}

TEST(Cli, MissingFileExitsNonZero) {
   const run_result r = run("explain /nonexistent/scenario.json");
   EXPECT_EQ(r.status, 1);
   EXPECT_NE(r.out.find("cannot open"), std::string::npos) << r.out;
}

TEST(Cli, UnknownCommandIsAUsageErrorThatNamesItAndPointsAtHelp) {
   const run_result r = run("frobnicate");
   EXPECT_EQ(r.status, 2);
   EXPECT_NE(r.out.find("'frobnicate'"), std::string::npos) << r.out;
   EXPECT_NE(r.out.find("clampler --help"), std::string::npos) << r.out;
   EXPECT_EQ(run("").status, 2);
}

// Every command the clampler binary dispatches to.
const char *const kCommands[] = {"explain", "info", "sample", "conformance", "gallery"};

TEST(Cli, VersionIsTheProjectVersion) {
   const run_result r = run("--version");
   EXPECT_EQ(r.status, 0);
   EXPECT_EQ(r.out, std::string("clampler ") + CLAMPLER_TEST_PROJECT_VERSION + "\n");
}

TEST(Cli, HelpListsEveryCommandOnItsOwnLine) {
   const run_result r = run("--help");
   EXPECT_EQ(r.status, 0);
   for (const char *cmd : kCommands)
      EXPECT_NE(r.out.find("\n  " + std::string(cmd) + " "), std::string::npos) << cmd << "\n" << r.out;
}

TEST(Cli, EachCommandsHelpIsItsFullUsage) {
   for (const char *cmd : kCommands) {
      const run_result r = run(std::string(cmd) + " --help");
      EXPECT_EQ(r.status, 0) << cmd << ": " << r.out;
      EXPECT_EQ(r.out.rfind("usage: clampler " + std::string(cmd), 0), 0u) << cmd << ": " << r.out;
   }
}

TEST(Cli, ABadFlagIsAUsageErrorThatNamesItAndPointsAtTheCommandsHelp) {
   for (const char *cmd : kCommands) {
      const run_result r = run(std::string(cmd) + " --no-such-flag");
      EXPECT_EQ(r.status, 2) << cmd << ": " << r.out;
      EXPECT_NE(r.out.find("'--no-such-flag'"), std::string::npos) << cmd << ": " << r.out;
      EXPECT_NE(r.out.find("clampler " + std::string(cmd) + " --help"), std::string::npos) << cmd << ": " << r.out;
   }
}

TEST(Cli, SampleReferencePrintsResults) {
   const run_result r = run("sample --reference " + examples() + "/sample_gl_clamp.json");
   EXPECT_EQ(r.status, 0) << r.out;
   EXPECT_NE(r.out.find("\"results\""), std::string::npos);
   EXPECT_NE(r.out.find("\"reference\""), std::string::npos);
}

TEST(Cli, SampleRunsOnTheDeviceByDefaultAndWithDeviceN) {
   const char *req = std::getenv("CLAMPLER_REQUIRE_DEVICE");
   const std::string scenario =
      R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8", "width": 2, "height": 1,
          "levels": [[[1, 0, 0, 1], [0, 1, 0, 1]]]}, "lookups": [{"coord": [0.25, 0.5]}]})";
   const run_result r = run("sample -", scenario);
   if (r.status == 1 && !(req && std::string(req) == "1"))
      GTEST_SKIP() << "no Vulkan device: " << r.out;
   EXPECT_EQ(r.status, 0) << r.out;
   EXPECT_NE(r.out.find("\"results\""), std::string::npos) << r.out;
   EXPECT_EQ(r.out.find("\"reference\""), std::string::npos) << r.out;
   const run_result first = run("sample --device 0 -", scenario);
   EXPECT_EQ(first.status, 0) << first.out;
   const run_result bad = run("sample --device no-such-device-name -", scenario);
   EXPECT_EQ(bad.status, 1) << bad.out;
   EXPECT_NE(bad.out.find("no-such-device-name"), std::string::npos) << bad.out;
}

TEST(Cli, SampleDeviceUsageErrors) {
   EXPECT_EQ(run("sample --reference --device 0 x.json").status, 2);
   EXPECT_EQ(run("sample x.json --device").status, 2);
   EXPECT_EQ(run("sample --device 0").status, 2);
   const run_result shared = run("sample --reference --shared-vectors x.json");
   EXPECT_EQ(shared.status, 2);
   EXPECT_NE(shared.out.find("--shared-vectors is for the Vulkan device"), std::string::npos) << shared.out;
   EXPECT_EQ(run("sample --gl --shared-vectors x.json").status, 2);
}

TEST(Cli, InfoGlReportsTheGlDriverInUse) {
   // Whatever GL driver the environment picks (Debian's Mesa here: llvmpipe without a GPU).
   const run_result r = run("info --gl --json");
   ASSERT_EQ(r.status, 0) << r.out;
   for (const char *key : {"\"vendor\": \"", "\"renderer\": \"", "\"version\": \"", "\"sampler_extensions\""})
      EXPECT_NE(r.out.find(key), std::string::npos) << key << "\n" << r.out;
   EXPECT_EQ(r.out.find("\"renderer\": \"\""), std::string::npos) << r.out;
   // GL 3.3 core made sampler objects part of every desktop driver Mesa builds.
   EXPECT_NE(r.out.find("\"GL_ARB_sampler_objects\": true"), std::string::npos) << r.out;
}

TEST(Cli, RasterPrintsTheReferencesPixelsAndComparesADevice) {
   const run_result r = run("raster " + examples() + "/raster_quads_first_vertex.json");
   EXPECT_EQ(r.status, 0) << r.out;
   EXPECT_NE(r.out.find("\"reference\""), std::string::npos) << r.out;
   const run_result d = run("raster --device " + examples() + "/raster_quads_first_vertex.json 2>&1");
   if (d.status == 1 && d.out.find("no Vulkan") != std::string::npos)
      GTEST_SKIP() << d.out;
   EXPECT_EQ(d.status, 0) << d.out;
   EXPECT_NE(d.out.find("\"matches\": true"), std::string::npos) << d.out;
}

// Stock zink doubles polygon offset units (docs/rasterizer.md): the case's exact depth differs
// and the command says so with exit status 4; llvmpipe draws GL's offset.
TEST(Cli, RasterExitsFourWhenADriverDrawsDifferently) {
   EXPECT_EQ(run("raster --gl --driver llvmpipe " + examples() + "/raster_polygon_offset.json 2>&1").status, 0);
   const run_result z = run("raster --gl --driver zink " + examples() + "/raster_polygon_offset.json 2>&1");
   EXPECT_EQ(z.status, 4) << z.out;
   EXPECT_NE(z.out.find("\"matches\": false"), std::string::npos) << z.out;
}

// A point sprite's replaced coordinates (docs/rasterizer.md): llvmpipe draws GL's, softpipe's
// sprite sits 1/8 pixel off and the command says so with exit status 4.
TEST(Cli, RasterShowsASpritesReplacedCoordinates) {
   EXPECT_EQ(run("raster --gl --driver llvmpipe " + examples() + "/raster_sprite_coord_replace.json 2>&1").status, 0);
   const run_result s = run("raster --gl --driver softpipe " + examples() + "/raster_sprite_coord_replace.json 2>&1");
   EXPECT_EQ(s.status, 4) << s.out;
}

TEST(Cli, RasterUsageErrorsExitTwo) {
   EXPECT_EQ(run("raster").status, 2);
   EXPECT_EQ(run("raster --device --gl " + examples() + "/raster_polygon_offset.json 2>&1").status, 2);
   EXPECT_EQ(run("raster --driver zink " + examples() + "/raster_polygon_offset.json 2>&1").status, 2);
   const run_result bad = run("raster " + examples() + "/gl_clamp_linear.json 2>&1");
   EXPECT_EQ(bad.status, 1);
   EXPECT_NE(bad.out.find("draw: missing"), std::string::npos) << bad.out;
}
