// The C interface for Mesa: the renderer string names clampler, CLAMPLER_DISABLE is read as documented.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "clampler/c/clampler_mesa.h"

namespace {

// Sets CLAMPLER_DISABLE for one test (unset when value is null) and restores it after.
class disable_env {
public:
   explicit disable_env(const char *value) {
      if (const char *old = std::getenv("CLAMPLER_DISABLE"))
         saved_ = old, had_ = true;
      if (value)
         setenv("CLAMPLER_DISABLE", value, 1);
      else
         unsetenv("CLAMPLER_DISABLE");
   }
   ~disable_env() {
      if (had_)
         setenv("CLAMPLER_DISABLE", saved_.c_str(), 1);
      else
         unsetenv("CLAMPLER_DISABLE");
   }

private:
   std::string saved_;
   bool had_ = false;
};

}  // namespace

TEST(ClamplerMesa, VersionIsTheProjectVersion) {
   EXPECT_STREQ(clampler_mesa_version(), CLAMPLER_TEST_PROJECT_VERSION);
}

TEST(ClamplerMesa, DisabledOnlyForANonEmptyValueOtherThanZero) {
   const struct {
      const char *value;
      int disabled;
   } cases[] = {{nullptr, 0}, {"", 0}, {"0", 0}, {"1", 1}, {"yes", 1}};
   for (const auto &c : cases) {
      disable_env env(c.value);
      EXPECT_EQ(clampler_mesa_disabled(), c.disabled) << (c.value ? c.value : "(unset)");
   }
}

TEST(ClamplerMesa, RendererNamesClamplerAndTheDevice) {
   disable_env env(nullptr);
   char buf[200];
   EXPECT_EQ(std::string(clampler_mesa_renderer("llvmpipe (LLVM 15.0.6, 256 bits)", buf, sizeof buf)),
             std::string("zink+clampler ") + CLAMPLER_TEST_PROJECT_VERSION + " (llvmpipe (LLVM 15.0.6, 256 bits))");
}

TEST(ClamplerMesa, RendererSaysDisabledUnderClamplerDisable) {
   disable_env env("1");
   char buf[200];
   EXPECT_EQ(std::string(clampler_mesa_renderer("dev", buf, sizeof buf)),
             std::string("zink+clampler ") + CLAMPLER_TEST_PROJECT_VERSION + " disabled (dev)");
}

TEST(ClamplerMesa, RendererTruncatesToTheBufferAndTerminates) {
   disable_env env(nullptr);
   char buf[8];
   clampler_mesa_renderer("a long device name", buf, sizeof buf);
   EXPECT_EQ(std::string(buf), "zink+cl");
   EXPECT_EQ(clampler_mesa_renderer("x", nullptr, 0), nullptr);
}
