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

// GL's depth texture modes expand the comparison result r (X) as LUMINANCE (r, r, r, 1), INTENSITY
// (r, r, r, r), ALPHA (0, 0, 0, r), RED (r, 0, 0, 1); the texture swizzle then picks from that
// (GL 4.6 compatibility §8.23.1 and table 15.1). 0..3 = X..W, 4 = zero, 5 = one.
TEST(ClamplerMesa, ShadowSwizzleIsTheDepthModeUnderTheTextureSwizzle) {
   constexpr unsigned kLuminance = 0x1909, kIntensity = 0x8049, kAlpha = 0x1906, kRed = 0x1903;
   const unsigned char identity[4] = {0, 1, 2, 3}, reversed[4] = {3, 2, 1, 0}, alpha_one[4] = {3, 5, 4, 0};
   const struct {
      unsigned mode;
      const unsigned char *user;
      unsigned char want[4];
   } cases[] = {
      {kLuminance, identity, {0, 0, 0, 5}}, {kIntensity, identity, {0, 0, 0, 0}},
      {kAlpha, identity, {4, 4, 4, 0}},     {kRed, identity, {0, 4, 4, 5}},
      {kLuminance, reversed, {5, 0, 0, 0}}, {kAlpha, reversed, {0, 4, 4, 4}},
      {kRed, alpha_one, {5, 5, 4, 0}},
   };
   for (const auto &c : cases) {
      unsigned char out[4] = {9, 9, 9, 9};
      ASSERT_EQ(clampler_mesa_shadow_swizzle(c.mode, c.user, out), 1) << std::hex << c.mode;
      for (int i = 0; i < 4; ++i)
         EXPECT_EQ(out[i], c.want[i]) << std::hex << "mode 0x" << c.mode << " component " << i;
   }
}

TEST(ClamplerMesa, ShadowSwizzleRefusesValuesGlDoesNotHave) {
   const unsigned char identity[4] = {0, 1, 2, 3}, bad[4] = {0, 1, 6, 3};
   unsigned char out[4] = {9, 9, 9, 9};
   EXPECT_EQ(clampler_mesa_shadow_swizzle(0x1908 /* GL_RGBA */, identity, out), 0);
   EXPECT_EQ(clampler_mesa_shadow_swizzle(0x1909, bad, out), 0);
   EXPECT_EQ(out[0], 9);
}
