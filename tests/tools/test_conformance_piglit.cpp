// clampler conformance on the device and through piglit's own runner (Debian's piglit): a small filtered subset.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include "run_command.h"

namespace {

using clampler::test::cmd_result;
cmd_result run(const std::string &cmd) { return clampler::test::run_command(cmd); }

std::string env(const char *name, const char *fallback = "") {
   const char *v = std::getenv(name);
   return v ? v : fallback;
}

bool require_device() { return env("CLAMPLER_REQUIRE_DEVICE") == "1"; }

// A device (lavapipe counts) is there when `clampler info` can open it.
bool have_device() { return run(env("CLAMPLER_BIN", "clampler") + " info").status == 0; }

// Debian's piglit runs under /usr/bin/python3 (its mako lives there).
bool have_piglit() {
   return std::filesystem::exists("/usr/bin/piglit") && std::filesystem::exists("/usr/bin/python3");
}

std::string temp_dir(const std::string &name) {
   const auto d =
      std::filesystem::temp_directory_path() / ("clampler-piglit-" + name + "-" + std::to_string(getpid()));
   std::filesystem::remove_all(d);
   std::filesystem::create_directories(d);
   return d.string();
}

// One line of `piglit summary console`, e.g. "       fail:        0" -> 0 (-1 when absent).
long summary_count(const std::string &out, const std::string &what) {
   const size_t at = out.find(" " + what + ":");
   if (at == std::string::npos)
      return -1;
   return std::strtol(out.c_str() + at + what.size() + 2, nullptr, 10);
}

#define NEED_DEVICE()                                                                                   \
   do {                                                                                                 \
      if (!have_device()) {                                                                             \
         if (require_device())                                                                          \
            FAIL() << "no Vulkan device (CLAMPLER_REQUIRE_DEVICE=1)";                                  \
         GTEST_SKIP() << "no Vulkan device";                                                            \
      }                                                                                                 \
   } while (0)

#define NEED_PIGLIT()                                                                                   \
   do {                                                                                                 \
      if (!have_piglit()) {                                                                             \
         if (require_device())                                                                          \
            FAIL() << "piglit is not installed (apt-get install piglit; CLAMPLER_REQUIRE_DEVICE=1)";   \
         GTEST_SKIP() << "piglit is not installed (/usr/bin/piglit, /usr/bin/python3)";                \
      }                                                                                                 \
   } while (0)

const char *kSubset = "-t 'clampler@texwrap@2d@GL_RGBA8$' -t 'clampler@lod@2d@GL_RGBA16F$' "
                      "-t 'clampler@fallback@no-custom-border@border@2d@GL_RGBA8$'";

}  // namespace

TEST(ConformanceDevice, TexwrapOfRgba8PassesOnTheDeviceUnderValidation) {
   NEED_DEVICE();
   const cmd_result r = run("CLAMPLER_VALIDATION=1 " + env("CLAMPLER_BIN", "clampler") +
                            " conformance --jobs 2 --filter '^clampler/texwrap/2d/GL_RGBA8/'");
   EXPECT_EQ(r.status, 0) << r.out;
   EXPECT_NE(r.out.find("24       0       0       0       0      24"), std::string::npos) << r.out;
}

TEST(ConformancePiglit, PiglitRunsTheGeneratedListAndSummarises) {
   NEED_DEVICE();
   NEED_PIGLIT();
   const std::string dir = temp_dir("run");
   const std::string piglit = "/usr/bin/python3 /usr/bin/piglit";
   const cmd_result r = run("CLAMPLER_VALIDATION=1 " + piglit + " run -c " + kSubset + " " +
                            env("CLAMPLER_PIGLIT_LIST") + " " + dir + "/results");
   ASSERT_EQ(r.status, 0) << r.out;
   const cmd_result c = run(piglit + " summary console -s " + dir + "/results");
   ASSERT_EQ(c.status, 0) << c.out;
   EXPECT_GT(summary_count(c.out, "pass"), 40) << c.out;
   EXPECT_EQ(summary_count(c.out, "fail"), 0) << c.out;
   EXPECT_EQ(summary_count(c.out, "crash"), 0) << c.out;
   const cmd_result h = run(piglit + " summary html " + dir + "/html " + dir + "/results");
   EXPECT_EQ(h.status, 0) << h.out;
   EXPECT_TRUE(std::filesystem::exists(dir + "/html/index.html"));
   std::filesystem::remove_all(dir);
}

TEST(ConformancePiglit, ResultsDirIsReadByPiglitSummary) {
   NEED_DEVICE();
   NEED_PIGLIT();
   const std::string dir = temp_dir("results");
   const cmd_result r = run(env("CLAMPLER_BIN", "clampler") + " conformance --jobs 2 --filter "
                            "'^clampler/(texwrap/2d/GL_RGBA8|lod/2d/GL_RGBA8)/' --results " + dir);
   ASSERT_EQ(r.status, 0) << r.out;
   const cmd_result c = run("/usr/bin/python3 /usr/bin/piglit summary console -s " + dir);
   ASSERT_EQ(c.status, 0) << c.out;
   EXPECT_EQ(summary_count(c.out, "pass"), 24 + 138 + 4) << c.out;  // texwrap 24, lod 138 + 4 c-switch
   EXPECT_EQ(summary_count(c.out, "fail"), 0) << c.out;
   std::filesystem::remove_all(dir);
}

TEST(ConformanceDevice, GalleryOnTheDeviceMatchesTheReferenceWithinTheTolerance) {
   NEED_DEVICE();
   const std::string dir = temp_dir("gallery");
   const cmd_result r = run(env("CLAMPLER_BIN", "clampler") + " conformance --gallery " + dir + "/g.png");
   ASSERT_EQ(r.status, 0) << r.out;
   EXPECT_TRUE(std::filesystem::exists(dir + "/g.png"));
   const size_t at = r.out.find("largest difference ");
   ASSERT_NE(at, std::string::npos) << r.out;
   // RGBA8, LINEAR over 2 axes: 1/255 + 2/256 (docs/conformance.md).
   EXPECT_LE(std::strtod(r.out.c_str() + at + 19, nullptr), 1.0 / 255 + 2.0 / 256) << r.out;
   EXPECT_EQ(r.out.find("skipped"), std::string::npos) << r.out;
   std::filesystem::remove_all(dir);
}
