// The C interface for Mesa: the renderer string, CLAMPLER_DISABLE, and each rule Mesa takes from clampler, against tables from the GL spec.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
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

// GL_CLAMP emulated per lookup from one λ bound (docs/design.md §5, the device's min/mag switch
// clamp(λ_base + bias, max(MIN_LOD, 0), max(MAX_LOD, ...)) <= 0): a LOD range on one side of 0
// leaves one filter for every lookup; a range across 0 leaves both, split at λ_base = -bias.
// Filters: 0 NEAREST, 1 LINEAR.
TEST(ClamplerMesa, GlClampFollowsTheFiltersTheLodRangeAllows) {
   const struct {
      const char *name;
      unsigned min, mag;
      float bias, min_lod, max_lod;
      int border, nearest_edge;
      float lod;
   } cases[] = {
      {"both NEAREST read the edge", 0, 0, 0, 0, 1000, 0, 0, 0},
      {"both LINEAR read the border", 1, 1, 0, 0, 1000, 1, 0, 0},
      {"min LINEAR, mag NEAREST: magnified lookups are NEAREST", 1, 0, 0, 0, 1000, 1, 1, 0},
      {"min NEAREST, mag LINEAR: minified lookups are NEAREST", 0, 1, 0, 0, 1000, 1, 2, 0},
      {"a bias moves the bound to -bias", 1, 0, 2, 0, 1000, 1, 1, -2},
      {"a negative bias too", 0, 1, -1.5f, 0, 1000, 1, 2, 1.5f},
      {"MIN_LOD > 0 always minifies: the min filter (LINEAR)", 1, 0, 0, 1, 1000, 1, 0, 0},
      {"MIN_LOD > 0 always minifies: the min filter (NEAREST)", 0, 1, 0, 1, 1000, 0, 0, 0},
      {"MAX_LOD <= 0 always magnifies: the mag filter (NEAREST)", 1, 0, 0, 0, -0.5f, 0, 0, 0},
      {"MAX_LOD <= 0 always magnifies: the mag filter (LINEAR)", 0, 1, 0, 0, 0, 1, 0, 0},
      {"a reversed range is pinned to MIN_LOD", 0, 1, 0, 2, 1, 0, 0, 0},
   };
   for (const auto &c : cases) {
      clampler_mesa_clamp_choice out{-1, -1, -1.0f};
      ASSERT_EQ(clampler_mesa_gl_clamp(c.min, c.mag, c.bias, c.min_lod, c.max_lod, &out), 1) << c.name;
      EXPECT_EQ(out.border, c.border) << c.name;
      EXPECT_EQ(out.nearest_edge, c.nearest_edge) << c.name;
      EXPECT_EQ(out.lod, c.lod) << c.name;
   }
}

TEST(ClamplerMesa, GlClampRefusesFiltersGalliumDoesNotHave) {
   clampler_mesa_clamp_choice out{7, 7, 7.0f};
   EXPECT_EQ(clampler_mesa_gl_clamp(2, 0, 0, 0, 1000, &out), 0);
   EXPECT_EQ(clampler_mesa_gl_clamp(0, 5, 0, 0, 1000, &out), 0);
   EXPECT_EQ(clampler_mesa_gl_clamp(0, 0, 0, 0, 1000, nullptr), 0);
   EXPECT_EQ(out.border, 7);
}

// Without mipmaps Vulkan reads level 0 when λ, clamped to [minLod, maxLod], stays below 0.5
// (mipmapMode NEAREST) and magnifies when it is <= 0; GL's MIN_LOD / MAX_LOD still decide the
// min/mag switch (GL 4.6 §8.14: λ' = clamp(λ, MIN_LOD, MAX_LOD), magnified when λ' <= 0).
// With mipmaps the range is GL's, MIN_LOD at least 0 and MAX_LOD at least MIN_LOD.
TEST(ClamplerMesa, LodRangeKeepsGlsMinMagSwitchWithoutMipmaps) {
   constexpr unsigned N = 0, L = 1, NONE = 2;
   const struct {
      const char *name;
      unsigned min, mag, mip;
      float min_lod, max_lod;
      float want[2];
   } cases[] = {
      {"no mipmaps, equal filters: unpinned, for textureQueryLod", L, L, NONE, 0, 1000, {0, 0.25f}},
      {"no mipmaps, mixed, default range: both possible", L, N, NONE, 0, 1000, {0, 0.25f}},
      {"no mipmaps, MIN_LOD 1: always minified", L, N, NONE, 1, 1000, {0.25f, 0.375f}},
      {"no mipmaps, MAX_LOD -0.5: always magnified", N, L, NONE, 0, -0.5f, {-0.125f, 0}},
      {"mipmaps, MAX_LOD 0: always magnified, level_base", L, L, L, 0, 0, {-0.125f, 0}},
      {"mipmaps: GL's range", L, L, L, 1, 3, {1, 3}},
      {"mipmaps: a reversed range is pinned to MIN_LOD", L, N, N, 2, 1, {2, 2}},
      {"mipmaps: a negative MIN_LOD starts at 0", L, L, N, -3, 5, {0, 5}},
   };
   for (const auto &c : cases) {
      float range[2] = {-9, -9};
      ASSERT_EQ(clampler_mesa_sampler_lod_range(c.min, c.mag, c.mip, c.min_lod, c.max_lod, range), 1) << c.name;
      EXPECT_EQ(range[0], c.want[0]) << c.name;
      EXPECT_EQ(range[1], c.want[1]) << c.name;
   }
   float range[2] = {-9, -9};
   EXPECT_EQ(clampler_mesa_sampler_lod_range(N, N, 3, 0, 1000, range), 0);
   EXPECT_EQ(clampler_mesa_sampler_lod_range(2, N, N, 0, 1000, range), 0);
   EXPECT_EQ(range[0], -9);
}

namespace {

// GL's numbers for what the border tests pass (the C interface takes plain GL enum values).
constexpr unsigned kRed = 0x1903, kRg = 0x8227, kRgb = 0x1907, kRgba = 0x1908, kAlpha = 0x1906,
                   kLuminance = 0x1909, kLuminanceAlpha = 0x190A, kIntensity = 0x8049, kDepth = 0x1902,
                   kDepthStencil = 0x84F9, kStencil = 0x1901;
constexpr unsigned kUnorm = 0x8C17, kSnorm = 0x8F9C, kFloat = 0x1406, kInt = 0x1404, kUint = 0x1405;

unsigned bits(float f) {
   unsigned u;
   std::memcpy(&u, &f, 4);
   return u;
}

float as_float(unsigned u) {
   float f;
   std::memcpy(&f, &u, 4);
   return f;
}

}  // namespace

// GL 4.6 §8.14.2 and table 8.11: a border texel takes the components of TEXTURE_BORDER_COLOR that
// the base format has and reads as a texel of that format (missing R, G, B as 0, missing A as 1,
// LUMINANCE in R, G and B, INTENSITY in all four); depth and stencil texels read as (v, 0, 0, 1).
TEST(ClamplerMesa, BorderColorTakesTheComponentsOfTheBaseFormat) {
   const float gl[4] = {0.25f, 0.5f, 0.75f, 0.125f};
   const struct {
      const char *name;
      unsigned base;
      float want[4];
   } cases[] = {
      {"RED", kRed, {0.25f, 0, 0, 1}},
      {"RG", kRg, {0.25f, 0.5f, 0, 1}},
      {"RGB", kRgb, {0.25f, 0.5f, 0.75f, 1}},
      {"RGBA", kRgba, {0.25f, 0.5f, 0.75f, 0.125f}},
      {"ALPHA", kAlpha, {0, 0, 0, 0.125f}},
      {"LUMINANCE", kLuminance, {0.25f, 0.25f, 0.25f, 1}},
      {"LUMINANCE_ALPHA", kLuminanceAlpha, {0.25f, 0.25f, 0.25f, 0.125f}},
      {"INTENSITY", kIntensity, {0.25f, 0.25f, 0.25f, 0.25f}},
      {"DEPTH_COMPONENT", kDepth, {0.25f, 0, 0, 1}},
      {"DEPTH_STENCIL sampled as depth", kDepthStencil, {0.25f, 0, 0, 1}},
   };
   const unsigned words[4] = {bits(gl[0]), bits(gl[1]), bits(gl[2]), bits(gl[3])};
   for (const auto &c : cases) {
      unsigned out[4] = {};
      int is_integer = -1;
      ASSERT_EQ(clampler_mesa_border_color(c.base, kUnorm, words, out, &is_integer), 1) << c.name;
      EXPECT_EQ(is_integer, 0) << c.name;
      for (int i = 0; i < 4; ++i)
         EXPECT_EQ(as_float(out[i]), c.want[i]) << c.name << " component " << i;
   }
}

// GL 4.6 §8.14.2: border values of fixed-point textures are clamped to [0, 1] (unsigned
// normalized) or [-1, 1] (signed normalized); floating-point textures keep them as given.
TEST(ClamplerMesa, BorderColorIsClampedOnlyForFixedPointTextures) {
   const float nan = std::numeric_limits<float>::quiet_NaN();
   const float gl[4] = {-0.5f, 1.5f, nan, 0.5f};
   const struct {
      const char *name;
      unsigned type;
      float want[3];  // r, g, b; a is 0.5 in every case
      bool nan_b;
   } cases[] = {
      {"UNSIGNED_NORMALIZED clamps to [0, 1], NaN to 0", kUnorm, {0, 1, 0}, false},
      {"SIGNED_NORMALIZED clamps to [-1, 1], NaN to 0", kSnorm, {-0.5f, 1, 0}, false},
      {"FLOAT passes through", kFloat, {-0.5f, 1.5f, 0}, true},
   };
   const unsigned words[4] = {bits(gl[0]), bits(gl[1]), bits(gl[2]), bits(gl[3])};
   for (const auto &c : cases) {
      unsigned out[4] = {};
      int is_integer = -1;
      ASSERT_EQ(clampler_mesa_border_color(kRgba, c.type, words, out, &is_integer), 1) << c.name;
      EXPECT_EQ(is_integer, 0) << c.name;
      EXPECT_EQ(as_float(out[0]), c.want[0]) << c.name;
      EXPECT_EQ(as_float(out[1]), c.want[1]) << c.name;
      if (c.nan_b)
         EXPECT_TRUE(std::isnan(as_float(out[2]))) << c.name;
      else
         EXPECT_EQ(as_float(out[2]), c.want[2]) << c.name;
      EXPECT_EQ(as_float(out[3]), 0.5f) << c.name;
   }
}

// Integer textures take TEXTURE_BORDER_COLOR as set with TexParameterIiv / Iuiv, unclamped and
// bit for bit; missing components read 0 and an integer 1 (not 1.0f). Stencil sampling reads the
// stencil index, an integer, even on a depth-stencil texture whose depth is normalized.
TEST(ClamplerMesa, BorderColorOfIntegerTexturesIsExactAndTypedInteger) {
   const unsigned words[4] = {0xFFFFFFFBu /* -5 */, 70000u, 0x80000000u, 2u};
   const struct {
      const char *name;
      unsigned base, type;
      unsigned want[4];
   } cases[] = {
      {"RGBA INT keeps every word", kRgba, kInt, {0xFFFFFFFBu, 70000u, 0x80000000u, 2u}},
      {"RGB UNSIGNED_INT: alpha is integer 1", kRgb, kUint, {0xFFFFFFFBu, 70000u, 0x80000000u, 1u}},
      {"RED INT", kRed, kInt, {0xFFFFFFFBu, 0, 0, 1u}},
      {"stencil sampling of a normalized depth-stencil texture", kStencil, kUnorm, {0xFFFFFFFBu, 0, 0, 1u}},
      {"stencil index texture", kStencil, kUint, {0xFFFFFFFBu, 0, 0, 1u}},
   };
   for (const auto &c : cases) {
      unsigned out[4] = {};
      int is_integer = -1;
      ASSERT_EQ(clampler_mesa_border_color(c.base, c.type, words, out, &is_integer), 1) << c.name;
      EXPECT_EQ(is_integer, 1) << c.name;
      for (int i = 0; i < 4; ++i)
         EXPECT_EQ(out[i], c.want[i]) << c.name << " component " << i;
   }
}

// A zero colour is translated and typed too: an RGB texture's border reads (0, 0, 0, 1), and an
// integer texture's zero border is an integer zero (Vulkan's INT_ border colours, not FLOAT_).
TEST(ClamplerMesa, ZeroBorderColorIsTranslatedAndTyped) {
   const unsigned zero[4] = {0, 0, 0, 0};
   unsigned out[4] = {9, 9, 9, 9};
   int is_integer = -1;
   ASSERT_EQ(clampler_mesa_border_color(kRgb, kUnorm, zero, out, &is_integer), 1);
   EXPECT_EQ(is_integer, 0);
   EXPECT_EQ(as_float(out[3]), 1.0f);
   EXPECT_EQ(out[0] | out[1] | out[2], 0u);
   ASSERT_EQ(clampler_mesa_border_color(kRgba, kUint, zero, out, &is_integer), 1);
   EXPECT_EQ(is_integer, 1);
   EXPECT_EQ(out[0] | out[1] | out[2] | out[3], 0u);
}

TEST(ClamplerMesa, BorderColorRefusesWhatGlDoesNotHave) {
   const unsigned words[4] = {1, 2, 3, 4};
   unsigned out[4] = {7, 7, 7, 7};
   int is_integer = 7;
   EXPECT_EQ(clampler_mesa_border_color(0x8D99 /* GL_RGBA_INTEGER: a format, not a base format */, kUint, words,
                                        out, &is_integer), 0);
   EXPECT_EQ(clampler_mesa_border_color(kRgba, 0x1401 /* GL_UNSIGNED_BYTE: a type, not a component type */, words,
                                        out, &is_integer), 0);
   EXPECT_EQ(clampler_mesa_border_color(kRgba, kUnorm, nullptr, out, &is_integer), 0);
   EXPECT_EQ(clampler_mesa_border_color(kRgba, kUnorm, words, nullptr, &is_integer), 0);
   EXPECT_EQ(clampler_mesa_border_color(kRgba, kUnorm, words, out, nullptr), 0);
   EXPECT_EQ(out[0], 7u);
   EXPECT_EQ(is_integer, 7);
}

// GL 4.6 §14.6.5 and Vulkan's depth bias share r: units are the constant as given (Mesa's zink
// doubled them), and the offset is on only for the fill mode drawn.
TEST(ClamplerMesa, DepthBiasIsGlsPolygonOffsetTermForTermForTheModeDrawn) {
   struct {
      const char *name;
      unsigned fill;
      int point, line, tri;
      int want_enable;
   } cases[] = {
      {"FILL with OFFSET_FILL", 0, 0, 0, 1, 1},  {"FILL with OFFSET_LINE only", 0, 0, 1, 0, 0},
      {"LINE with OFFSET_LINE", 1, 0, 1, 0, 1},  {"LINE with OFFSET_FILL only", 1, 0, 0, 1, 0},
      {"POINT with OFFSET_POINT", 2, 1, 0, 0, 1}, {"POINT with none", 2, 0, 0, 0, 0},
   };
   for (const auto &c : cases) {
      clampler_mesa_depth_bias b{};
      ASSERT_EQ(clampler_mesa_polygon_offset(c.fill, c.point, c.line, c.tri, 3.0f, 1.5f, -0.25f, &b), 1) << c.name;
      EXPECT_EQ(b.enable, c.want_enable) << c.name;
      if (c.want_enable) {
         EXPECT_EQ(b.constant, 3.0f) << c.name;
         EXPECT_EQ(b.slope, 1.5f) << c.name;
         EXPECT_EQ(b.clamp, -0.25f) << c.name;
      }
   }
   clampler_mesa_depth_bias b{7, 7, 7, 7};
   EXPECT_EQ(clampler_mesa_polygon_offset(3, 1, 1, 1, 1, 1, 1, &b), 0);
   EXPECT_EQ(b.enable, 7);
}

// GL's supported point sizes are min + k * granularity: with lavapipe's range [0, 255] and
// granularity 0.125 the smallest GL size is 0.125, so 2.0 = 0.125 + 15 * 0.125 stays supported.
TEST(ClamplerMesa, TheSmallestPointSizeIsOnTheDevicesSizeGrid) {
   EXPECT_EQ(clampler_mesa_min_point_size(0.0f, 0.125f), 0.125f);
   const float n = (2.0f - clampler_mesa_min_point_size(0.0f, 0.125f)) / 0.125f;
   EXPECT_EQ(n, std::round(n));
   EXPECT_EQ(clampler_mesa_min_point_size(1.0f, 0.125f), 1.0f);
   EXPECT_EQ(clampler_mesa_min_point_size(0.0f, 0.0f), 1.0f) << "no grid: 1";
}
