// Tests of the reference texel format conversion: GL's quantisation on upload and the RGBA a texel reads, expected values from the spec formulas and known bit patterns.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "clampler/gl/gl_enums.h"
#include "clampler/ref/ref_format.h"

using namespace clampler;
using namespace clampler::ref;

namespace {

const double kInf = std::numeric_limits<double>::infinity();
const double kNaN = std::numeric_limits<double>::quiet_NaN();

// GL 4.6 §2.3.5.1, written here independently of the code under test.
double unorm(double c, int bits) { return c / (std::pow(2.0, bits) - 1.0); }
double snorm(double c, int bits) { return std::max(c / (std::pow(2.0, bits - 1) - 1.0), -1.0); }
// GL 4.6 §8.24.
double srgb_eotf(double cs) { return cs <= 0.04045 ? cs / 12.92 : std::pow((cs + 0.055) / 1.055, 2.4); }
// What a float32 texture stores, by the hardware's own conversion (an independent oracle for
// values well inside the float range).
double as_float(double v) { return static_cast<double>(static_cast<float>(v)); }

texel encode_ok(pipe_format f, const std::vector<double> &v, bool srgb_decode = true) {
   std::string err;
   const std::optional<texel> t = ref_encode(f, v, srgb_decode, &err);
   EXPECT_TRUE(t.has_value()) << util_format_name(f) << ": " << err;
   return t.value_or(texel{});
}

std::string encode_error(pipe_format f, const std::vector<double> &v) {
   std::string err;
   const std::optional<texel> t = ref_encode(f, v, true, &err);
   EXPECT_FALSE(t.has_value()) << util_format_name(f);
   EXPECT_FALSE(err.empty()) << util_format_name(f);
   return err;
}

void expect_f(const texel &t, std::array<double, 4> want) {
   for (int k = 0; k < 4; ++k) {
      if (std::isnan(want[k]))
         EXPECT_TRUE(std::isnan(t.f[k])) << "component " << k;
      else
         EXPECT_EQ(t.f[k], want[k]) << "component " << k;
   }
}

void expect_i(const texel &t, std::array<int64_t, 4> want) {
   for (int k = 0; k < 4; ++k)
      EXPECT_EQ(t.i[k], want[k]) << "component " << k;
}

}  // namespace

// ---- 16-bit float: IEEE binary16, nearest-even, denormals, overflow to infinity ------------------

TEST(RefFormatHalf, ConvertsToTheNearestHalfWithTiesToEven) {
   struct {
      double value;
      uint16_t bits;
      const char *why;
   } const cases[] = {
      {0.0, 0x0000, "zero"},
      {-0.0, 0x8000, "negative zero keeps its sign"},
      {1.0, 0x3C00, "1.0"},
      {-2.0, 0xC000, "-2.0"},
      {0.5, 0x3800, "0.5"},
      {0.1, 0x2E66, "0.1: mantissa 0.6 * 1024 = 614.4 -> 614, exponent -4"},
      {1.0 / 3.0, 0x3555, "1/3: mantissa 341.33 -> 341, exponent -2"},
      {65504.0, 0x7BFF, "largest finite half"},
      {65519.0, 0x7BFF, "below the overflow threshold 65504 + 16"},
      {65520.0, 0x7C00, "65504 + half an ulp ties to the even neighbour, 2^16: infinity"},
      {-65520.0, 0xFC00, "negative overflow gives -infinity"},
      {1e10, 0x7C00, "far overflow"},
      {kInf, 0x7C00, "+infinity"},
      {-kInf, 0xFC00, "-infinity"},
      {std::ldexp(1.0, -14), 0x0400, "smallest normal 2^-14"},
      {std::ldexp(1.0, -24), 0x0001, "smallest denormal 2^-24"},
      {std::ldexp(1.0, -25), 0x0000, "half the smallest denormal ties to even: 0"},
      {3 * std::ldexp(1.0, -25), 0x0002, "1.5 denormal ulps tie to even: 2"},
      {std::ldexp(1.0, -25) + std::ldexp(1.0, -40), 0x0001, "just above the tie rounds up"},
      {std::ldexp(1.0, -14) - std::ldexp(1.0, -25), 0x0400, "1023.5 denormal ulps round to even 1024 = 2^-14"},
      {1.0 + std::ldexp(1.0, -11), 0x3C00, "1 + half an ulp ties to even: 1"},
      {1.0 + 3 * std::ldexp(1.0, -11), 0x3C02, "1 + 1.5 ulps ties to even: 1 + 2 ulps"},
   };
   for (const auto &c : cases) {
      SCOPED_TRACE(c.why);
      EXPECT_EQ(ref_float_to_half(c.value), c.bits);
   }
   const uint16_t nan = ref_float_to_half(kNaN);
   EXPECT_EQ(nan & 0x7C00, 0x7C00);
   EXPECT_NE(nan & 0x03FF, 0);
}

TEST(RefFormatHalf, DecodesBitPatternsExactly) {
   EXPECT_EQ(ref_half_to_float(0x3C00), 1.0);
   EXPECT_EQ(ref_half_to_float(0x7BFF), 65504.0);
   EXPECT_EQ(ref_half_to_float(0x0001), std::ldexp(1.0, -24));
   EXPECT_EQ(ref_half_to_float(0x03FF), 1023 * std::ldexp(1.0, -24));
   EXPECT_EQ(ref_half_to_float(0x3555), (1.0 + 341.0 / 1024.0) / 4.0);
   EXPECT_EQ(ref_half_to_float(0xC000), -2.0);
   EXPECT_EQ(ref_half_to_float(0x7C00), kInf);
   EXPECT_EQ(ref_half_to_float(0xFC00), -kInf);
   EXPECT_TRUE(std::isnan(ref_half_to_float(0x7E00)));
   EXPECT_TRUE(std::signbit(ref_half_to_float(0x8000)));
}

// ---- 32-bit float ------------------------------------------------------------------------------

TEST(RefFormatFloat32, RoundsToTheNearestSingleWithTiesToEven) {
   EXPECT_EQ(ref_float_to_f32(1.0), 0x3F800000u);
   EXPECT_EQ(ref_float_to_f32(0.1), 0x3DCCCCCDu);
   EXPECT_EQ(ref_float_to_f32(-0.0), 0x80000000u);
   EXPECT_EQ(ref_float_to_f32(FLT_MAX), 0x7F7FFFFFu);
   // One ulp of FLT_MAX is 2^104.
   EXPECT_EQ(ref_float_to_f32(FLT_MAX + std::ldexp(1.0, 102)), 0x7F7FFFFFu) << "below half an ulp";
   EXPECT_EQ(ref_float_to_f32(FLT_MAX + std::ldexp(1.0, 103)), 0x7F800000u) << "half an ulp: tie to even = 2^128";
   EXPECT_EQ(ref_float_to_f32(-1e300), 0xFF800000u);
   EXPECT_EQ(ref_float_to_f32(std::ldexp(1.0, -149)), 0x00000001u) << "smallest denormal";
   EXPECT_EQ(ref_float_to_f32(std::ldexp(1.0, -150)), 0x00000000u) << "tie to even: 0";
   EXPECT_EQ(ref_float_to_f32(3 * std::ldexp(1.0, -150)), 0x00000002u) << "tie to even: 2";
   // Agreement with the C++ conversion (round to nearest even on IEEE machines) inside the range.
   for (double v : {0.1, -0.3, 1.0 / 3.0, 123456.789, 1e-40, -7e-42, 3.0e38, 1.0 + std::ldexp(1.0, -24)}) {
      const float f = static_cast<float>(v);
      uint32_t bits;
      std::memcpy(&bits, &f, sizeof bits);
      EXPECT_EQ(ref_float_to_f32(v), bits) << v;
      EXPECT_EQ(ref_f32_to_float(bits), static_cast<double>(f)) << v;
   }
}

// ---- Normalized fixed point (GL 4.6 §2.3.5) ----------------------------------------------------

TEST(RefFormatNormalized, UnsignedIsRoundOfClampTimesTwoToTheBMinusOne) {
   struct {
      double f;
      int bits;
      uint32_t c;
      const char *why;
   } const cases[] = {
      {0.1, 8, 26, "0.1 * 255 = 25.5000000000000014 -> 26"},
      {0.5, 8, 128, "127.5 ties to even 128"},
      {1.0, 8, 255, "one"},
      {-0.5, 8, 0, "clamped to 0"},
      {2.0, 8, 255, "clamped to 1"},
      {-kInf, 8, 0, "-inf clamps to 0"},
      {0.5, 1, 0, "1-bit: 0.5 ties to even 0"},
      {0.75, 1, 1, "1-bit: 0.75 -> 1"},
      {0.5, 2, 2, "2-bit: 1.5 ties to even 2"},
      {0.5, 16, 32768, "32767.5 ties to even 32768"},
      {0.5, 32, 2147483648u, "2147483647.5 ties to even 2^31"},
      {0x1.2424242424242p-1, 8, 145, "exact product 145.49999999999999 (the double product is 145.5)"},
      {0x1.0909090909091p-4, 8, 17, "exact product 16.500000000000002 (the double product is 16.5)"},
   };
   for (const auto &c : cases) {
      SCOPED_TRACE(c.why);
      EXPECT_EQ(ref_float_to_unorm(c.f, c.bits), c.c);
   }
   EXPECT_EQ(ref_unorm_to_float(26, 8), 26.0 / 255.0);
   EXPECT_EQ(ref_unorm_to_float(65535, 16), 1.0);
}

TEST(RefFormatNormalized, SignedIsRoundOfClampTimesTwoToTheBMinusOneMinusOne) {
   EXPECT_EQ(ref_float_to_snorm(-1.0, 8), -127);
   EXPECT_EQ(ref_float_to_snorm(-3.0, 8), -127) << "clamped to -1";
   EXPECT_EQ(ref_float_to_snorm(2.0, 8), 127);
   EXPECT_EQ(ref_float_to_snorm(0.5, 8), 64) << "63.5 ties to even";
   EXPECT_EQ(ref_float_to_snorm(-0.5, 8), -64) << "-63.5 ties to even";
   EXPECT_EQ(ref_float_to_snorm(1.0 / 3.0, 16), 10922) << "32767 / 3 = 10922.33";
   EXPECT_EQ(ref_snorm_to_float(-127, 8), -1.0);
   EXPECT_EQ(ref_snorm_to_float(-128, 8), -1.0) << "max(-128/127, -1)";
   EXPECT_EQ(ref_snorm_to_float(64, 8), 64.0 / 127.0);
}

TEST(RefFormatNormalized, TexelsDecodeAsCOverTwoToTheBMinusOne) {
   expect_f(encode_ok(PIPE_FORMAT_R8G8B8A8_UNORM, {0.1, 0.5, -1, 2}), {26 / 255.0, 128 / 255.0, 0, 1});
   expect_f(encode_ok(PIPE_FORMAT_R8G8B8A8_SNORM, {-1.0, 0.5, -0.5, 2}), {-1, 64 / 127.0, -64 / 127.0, 1});
   expect_f(encode_ok(PIPE_FORMAT_R16_UNORM, {0.5}), {unorm(32768, 16), 0, 0, 1});
   expect_f(encode_ok(PIPE_FORMAT_R16G16B16_SNORM, {1.0 / 3.0, -1, 1}), {snorm(10922, 16), -1, 1, 1});
}

// ---- Unsigned 11/10-bit floats (GL 4.6 §2.3.4.3-4) -----------------------------------------------

TEST(RefFormatSmallFloat, Unsigned11And10BitFloatsRoundToNearestFiniteValue) {
   struct {
      double value;
      uint32_t uf11, uf10;
      const char *why;
   } const cases[] = {
      {1.0, 15u << 6, 15u << 5, "1.0: exponent 15, mantissa 0"},
      {0.0, 0, 0, "zero"},
      {-1.0, 0, 0, "negative values give 0"},
      {-kInf, 0, 0, "-inf gives 0"},
      {kInf, 31u << 6, 31u << 5, "+inf stays infinite"},
      {65024.0, 0x7BF, 0x3DF, "uf11 max 2^15 * (1 + 63/64); uf10 rounds down to its max 64512"},
      {65040.0, 0x7BF, 0x3DF, "uf11 max + half an ulp: the closest finite value"},
      {1e6, 0x7BF, 0x3DF, "finite overflow saturates at the largest finite value"},
      {std::ldexp(1.0, -20), 0x001, 0x000, "uf11 smallest denormal 2^-14 / 64; uf10 tie to even 0"},
      {std::ldexp(1.0, -19), 0x002, 0x001, "uf10 smallest denormal 2^-14 / 32"},
      {1.0 + 1.0 / 128, 15u << 6, 15u << 5, "uf11: half an ulp above 1 ties to even 1"},
      {1.0 + 3.0 / 128, (15u << 6) | 2, (15u << 5) | 1, "uf11: 1.5 ulps tie to even 2; uf10: 0.75 ulp -> 1"},
      {0.1, (11u << 6) | 38, (11u << 5) | 19, "0.1 = 1.6 * 2^-4: 0.6 * 64 = 38.4 -> 38; 0.6 * 32 = 19.2 -> 19"},
   };
   for (const auto &c : cases) {
      SCOPED_TRACE(c.why);
      EXPECT_EQ(ref_float_to_uf11(c.value), c.uf11);
      EXPECT_EQ(ref_float_to_uf10(c.value), c.uf10);
   }
   const uint32_t nan11 = ref_float_to_uf11(kNaN);
   EXPECT_EQ(nan11 >> 6, 31u);
   EXPECT_NE(nan11 & 63u, 0u);
   EXPECT_EQ(ref_uf11_to_float(0x7BF), 65024.0);
   EXPECT_EQ(ref_uf10_to_float(0x3DF), 64512.0);
   EXPECT_EQ(ref_uf11_to_float((11u << 6) | 38), (1.0 + 38.0 / 64) / 16);
   EXPECT_EQ(ref_uf11_to_float(0x001), std::ldexp(1.0, -20));
   EXPECT_EQ(ref_uf11_to_float(31u << 6), kInf);
}

TEST(RefFormatSmallFloat, R11G11B10TexelsClampNegativesAndSaturate) {
   expect_f(encode_ok(PIPE_FORMAT_R11G11B10_FLOAT, {0.1, -5, 1e6}), {(1.0 + 38.0 / 64) / 16, 0, 64512, 1});
   expect_f(encode_ok(PIPE_FORMAT_R11G11B10_FLOAT, {1e6, 0.5, 2, 0.25}), {65024, 0.5, 2, 1});
}

// ---- RGB9_E5 (GL 4.6 §8.5.2), worked by hand: N = 9, B = 15, sharedexp_max = 65408 ------------------

TEST(RefFormatRgb9e5, SharedExponentEncodingFollowsSection8_5_2) {
   auto pack = [](uint32_t r, uint32_t g, uint32_t b, uint32_t e) { return r | g << 9 | b << 18 | e << 27; };
   struct {
      double r, g, b;
      uint32_t packed;
      const char *why;
   } const cases[] = {
      // max_c = 1: exp' = max(-16, 0) + 1 + 15 = 16, scale 2^(16-15-9) = 2^-8, max_s = 256.
      {1.0, 0.5, 0.25, pack(256, 128, 64, 16), "(1, 0.5, 0.25): exponent 16, mantissas 256, 128, 64"},
      // max_c = 0.9995: exp' = -1 + 16 = 15, max_s = floor(511.744 + 0.5) = 512 = 2^N, so exp = 16
      // and r_s = floor(0.9995 * 256 + 0.5) = floor(256.372) = 256.
      {0.9995, 0, 0, pack(256, 0, 0, 16), "max_s reaching 2^9 bumps the exponent"},
      // max_c = 0.999: max_s = floor(511.488 + 0.5) = 511, no bump.
      {0.999, 0, 0, pack(511, 0, 0, 15), "max_s below 2^9 keeps exp'"},
      // g = 5/512: 5/512 * 256 = 2.5 -> floor(3.0) = 3 (the spec rounds half up).
      {1.0, 5.0 / 512, 0, pack(256, 3, 0, 16), "mantissas are floor(x + 1/2): ties up"},
      // Clamp to [0, 65408] with NaN -> 0; max_c = 65408: exp' = 15 + 16 = 31, 65408 / 2^7 = 511.
      {70000, -1, kNaN, pack(511, 0, 0, 31), "clamped to sharedexp_max, negatives and NaN to 0"},
      {0, 0, 0, pack(0, 0, 0, 0), "zero: exp' = -16 + 16 = 0"},
      // max_c = 2^-20: floor(log2) = -20 < -16, exp' = 0, scale 2^-24: 2^4 = 16.
      {std::ldexp(1.0, -20), 0, 0, pack(16, 0, 0, 0), "small values use exponent 0"},
      // 2^-25 * 2^24 = 0.5 -> 1 (half up); 2^-26 -> 0.25 -> 0.
      {std::ldexp(1.0, -25), std::ldexp(1.0, -26), 0, pack(1, 0, 0, 0), "below one step: half up, else 0"},
      // max_c = 3: floor(log2) = 1, exp' = 17, scale 2^-7: r_s = 384, g_s = floor(12.8 + 0.5) = 13.
      {3.0, 0.1, 0, pack(384, 13, 0, 17), "(3, 0.1): 0.1 is stored as 13/128"},
   };
   for (const auto &c : cases) {
      SCOPED_TRACE(c.why);
      EXPECT_EQ(ref_float_to_rgb9e5(c.r, c.g, c.b), c.packed);
   }
   const std::array<double, 3> v = ref_rgb9e5_to_float(pack(384, 13, 1, 17));
   EXPECT_EQ(v[0], 3.0);
   EXPECT_EQ(v[1], 13.0 / 128);
   EXPECT_EQ(v[2], 1.0 / 128);
   expect_f(encode_ok(PIPE_FORMAT_R9G9B9E5_FLOAT, {3.0, 0.1, 0, 0.5}), {3.0, 13.0 / 128, 0, 1});
   expect_f(encode_ok(PIPE_FORMAT_R9G9B9E5_FLOAT, {0.9995, 0, 0}), {1.0, 0, 0, 1});
   // At exponent 31 one step is 2^7 = 128: 0.999 vanishes next to 65408.
   expect_f(encode_ok(PIPE_FORMAT_R9G9B9E5_FLOAT, {0.999, 70000, -1}), {0, 65408, 0, 1});
}

// ---- sRGB (GL 4.6 §8.24, EXT_texture_sRGB_decode) --------------------------------------------------

TEST(RefFormatSrgb, TheEotfMatchesTheSpecFormula) {
   EXPECT_DOUBLE_EQ(ref_srgb_to_linear(0.5), 0.21404114048223255);  // the published sRGB value of 0.5
   EXPECT_EQ(ref_srgb_to_linear(0.04045), 0.04045 / 12.92);
   EXPECT_EQ(ref_srgb_to_linear(0.0), 0.0);
   EXPECT_EQ(ref_srgb_to_linear(1.0), 1.0);
}

TEST(RefFormatSrgb, StoresTheEncodedValueAndDecodesColourButNotAlpha) {
   // 0.5 -> 128; 0.03 * 255 = 7.65 -> 8 (8/255 <= 0.04045: the linear segment); 1 -> 255.
   expect_f(encode_ok(PIPE_FORMAT_R8G8B8A8_SRGB, {0.5, 0.03, 1.0, 0.5}, true),
            {srgb_eotf(128 / 255.0), (8 / 255.0) / 12.92, 1.0, 128 / 255.0});
   expect_f(encode_ok(PIPE_FORMAT_R8G8B8A8_SRGB, {0.5, 0.03, 1.0, 0.5}, false),
            {128 / 255.0, 8 / 255.0, 1.0, 128 / 255.0});
   expect_f(encode_ok(PIPE_FORMAT_R8G8B8_SRGB, {0.5, 0.5, 0.5}, true),
            {srgb_eotf(128 / 255.0), srgb_eotf(128 / 255.0), srgb_eotf(128 / 255.0), 1});
   expect_f(encode_ok(PIPE_FORMAT_R8_SRGB, {0.5}, true), {srgb_eotf(128 / 255.0), 0, 0, 1});
   expect_f(encode_ok(PIPE_FORMAT_R8G8_SRGB, {0.5, 1}, true), {srgb_eotf(128 / 255.0), 1, 0, 1});
   const double l = srgb_eotf(128 / 255.0);
   expect_f(encode_ok(PIPE_FORMAT_L8_SRGB, {0.5}, true), {l, l, l, 1});
   expect_f(encode_ok(PIPE_FORMAT_L8A8_SRGB, {0.5, 0.5}, true), {l, l, l, 128 / 255.0});
   expect_f(encode_ok(PIPE_FORMAT_L8A8_SRGB, {0.5, 0.5}, false), {128 / 255.0, 128 / 255.0, 128 / 255.0, 128 / 255.0});
}

TEST(RefFormatSrgb, DecodeFlagIsIgnoredForLinearFormats) {
   expect_f(encode_ok(PIPE_FORMAT_R8G8B8A8_UNORM, {0.5, 0.5, 0.5, 0.5}, true),
            {128 / 255.0, 128 / 255.0, 128 / 255.0, 128 / 255.0});
}

// ---- Packed and small unorm formats: each channel by its own bits -------------------------------------

TEST(RefFormatPacked, ChannelsQuantiseToTheirOwnBits) {
   // RGB565: 1 -> 31/31; 0.5 * 63 = 31.5 -> 32; 0.25 * 31 = 7.75 -> 8.
   expect_f(encode_ok(PIPE_FORMAT_B5G6R5_UNORM, {1, 0.5, 0.25}), {1, 32 / 63.0, 8 / 31.0, 1});
   // RGBA4: 7.5 -> 8, 3 -> 3, 1.5 -> 2, 12 -> 12.
   expect_f(encode_ok(PIPE_FORMAT_B4G4R4A4_UNORM, {0.5, 0.2, 0.1, 0.8}), {8 / 15.0, 3 / 15.0, 2 / 15.0, 12 / 15.0});
   // RGB5_A1: 1-bit alpha 0.5 ties to even 0, 0.51 -> 1.
   expect_f(encode_ok(PIPE_FORMAT_B5G5R5A1_UNORM, {0.5, 0, 1, 0.5}), {16 / 31.0, 0, 1, 0});
   expect_f(encode_ok(PIPE_FORMAT_B5G5R5A1_UNORM, {0.5, 0, 1, 0.51}), {16 / 31.0, 0, 1, 1});
   // RGB10_A2: 511.5 -> 512; alpha 0.4 * 3 = 1.2 -> 1.
   expect_f(encode_ok(PIPE_FORMAT_R10G10B10A2_UNORM, {0.5, 0, 1, 0.4}), {512 / 1023.0, 0, 1, 1 / 3.0});
   // R3G3B2: 7/7; 3.5 -> 4 of 7; 1.5 -> 2 of 3.
   expect_f(encode_ok(PIPE_FORMAT_R3G3B2_UNORM, {1, 0.5, 0.5}), {1, 4 / 7.0, 2 / 3.0, 1});
   // L4A4: 7.5 -> 8; 5 -> 5.
   expect_f(encode_ok(PIPE_FORMAT_L4A4_UNORM, {0.5, 1.0 / 3.0}), {8 / 15.0, 8 / 15.0, 8 / 15.0, 5 / 15.0});
}

TEST(RefFormatPacked, PaddingFormatsReadAlphaOne) {
   expect_f(encode_ok(PIPE_FORMAT_B4G4R4X4_UNORM, {0.2, 0.4, 0.6, 0.0}), {3 / 15.0, 6 / 15.0, 9 / 15.0, 1});
   expect_f(encode_ok(PIPE_FORMAT_B5G5R5X1_UNORM, {1, 0, 0.5, 0.0}), {1, 0, 16 / 31.0, 1});
   expect_f(encode_ok(PIPE_FORMAT_R10G10B10X2_UNORM, {1, 0, 0.5}), {1, 0, 512 / 1023.0, 1});
}

// ---- Base-format expansion (table 15.1) and RGBA input (L and I from R, A from A) -----------------------

TEST(RefFormatBase, LegacyFormatsExpandAsTable15_1) {
   const double v02 = 51 / 255.0, v06 = 153 / 255.0;  // 0.2 * 255 = 51, 0.6 * 255 = 153
   expect_f(encode_ok(PIPE_FORMAT_A8_UNORM, {0.2}), {0, 0, 0, v02});
   expect_f(encode_ok(PIPE_FORMAT_L8_UNORM, {0.2}), {v02, v02, v02, 1});
   expect_f(encode_ok(PIPE_FORMAT_L8A8_UNORM, {0.2, 0.6}), {v02, v02, v02, v06});
   expect_f(encode_ok(PIPE_FORMAT_I8_UNORM, {0.2}), {v02, v02, v02, v02});
   expect_f(encode_ok(PIPE_FORMAT_R8_UNORM, {0.2}), {v02, 0, 0, 1});
   expect_f(encode_ok(PIPE_FORMAT_R8G8_UNORM, {0.2, 0.6}), {v02, v06, 0, 1});
   expect_f(encode_ok(PIPE_FORMAT_R8G8B8_UNORM, {0.2, 0.6, 1}), {v02, v06, 1, 1});
   expect_f(encode_ok(PIPE_FORMAT_I8_SNORM, {-1}), {-1, -1, -1, -1});
   const double h = (1.0 + 614.0 / 1024) / 16;  // half(0.1) = 0x2E66
   expect_f(encode_ok(PIPE_FORMAT_L16_FLOAT, {0.1}), {h, h, h, 1});
   expect_f(encode_ok(PIPE_FORMAT_A32_FLOAT, {0.1}), {0, 0, 0, as_float(0.1)});
   expect_f(encode_ok(PIPE_FORMAT_I32_FLOAT, {-2.5}), {-2.5, -2.5, -2.5, -2.5});
}

TEST(RefFormatBase, RgbaInputTakesLuminanceAndIntensityFromRedAndAlphaFromAlpha) {
   const double v02 = 51 / 255.0, v06 = 153 / 255.0;
   expect_f(encode_ok(PIPE_FORMAT_A8_UNORM, {0.9, 0.9, 0.9, 0.2}), {0, 0, 0, v02});
   expect_f(encode_ok(PIPE_FORMAT_L8_UNORM, {0.2, 0.9, 0.9, 0.6}), {v02, v02, v02, 1});
   expect_f(encode_ok(PIPE_FORMAT_L8A8_UNORM, {0.2, 0.9, 0.9, 0.6}), {v02, v02, v02, v06});
   expect_f(encode_ok(PIPE_FORMAT_I8_UNORM, {0.2, 0.9, 0.9, 0.6}), {v02, v02, v02, v02});
   expect_f(encode_ok(PIPE_FORMAT_R8_UNORM, {0.2, 0.9, 0.9, 0.6}), {v02, 0, 0, 1});
   expect_f(encode_ok(PIPE_FORMAT_R8G8_UNORM, {0.2, 0.6, 0.9, 0.6}), {v02, v06, 0, 1});
   expect_f(encode_ok(PIPE_FORMAT_R8G8B8_UNORM, {0.2, 0.6, 1, 0}), {v02, v06, 1, 1});
}

TEST(RefFormatBase, IntegerFormatsFillIWithAlphaOne) {
   expect_i(encode_ok(PIPE_FORMAT_R8_UINT, {7}), {7, 0, 0, 1});
   expect_i(encode_ok(PIPE_FORMAT_R16G16B16_SINT, {1, -2, 3}), {1, -2, 3, 1});
   expect_i(encode_ok(PIPE_FORMAT_R32G32B32A32_UINT, {4294967295.0, 0, 1, 2}), {4294967295LL, 0, 1, 2});
   expect_i(encode_ok(PIPE_FORMAT_R32_SINT, {-2147483648.0}), {-2147483648LL, 0, 0, 1});
   expect_i(encode_ok(PIPE_FORMAT_R10G10B10A2_UINT, {1023, 0, 512, 3}), {1023, 0, 512, 3});
   expect_i(encode_ok(PIPE_FORMAT_L8_UINT, {5, 6, 7, 8}), {5, 5, 5, 1});
   expect_i(encode_ok(PIPE_FORMAT_A16_SINT, {-3}), {0, 0, 0, -3});
   expect_i(encode_ok(PIPE_FORMAT_I32_UINT, {4000000000.0}), {4000000000LL, 4000000000LL, 4000000000LL, 4000000000LL});
   expect_i(encode_ok(PIPE_FORMAT_L8A8_SINT, {-128, 127}), {-128, -128, -128, 127});
   expect_i(encode_ok(PIPE_FORMAT_L8A8_SINT, {-128, 0, 0, 127}), {-128, -128, -128, 127});
}

// ---- Depth and stencil -----------------------------------------------------------------------------

TEST(RefFormatDepth, FixedPointDepthIsClampedThenUnorm) {
   expect_f(encode_ok(PIPE_FORMAT_Z16_UNORM, {0.5}), {unorm(32768, 16), 0, 0, 1});  // 32767.5 -> even
   expect_f(encode_ok(PIPE_FORMAT_Z16_UNORM, {-1}), {0, 0, 0, 1});
   expect_f(encode_ok(PIPE_FORMAT_Z16_UNORM, {2}), {1, 0, 0, 1});
   expect_f(encode_ok(PIPE_FORMAT_Z24X8_UNORM, {0.25}), {unorm(4194304, 24), 0, 0, 1});  // 4194303.75
   expect_f(encode_ok(PIPE_FORMAT_Z32_UNORM, {0.5}), {unorm(2147483648.0, 32), 0, 0, 1});
}

TEST(RefFormatDepth, FloatDepthIsClampedToZeroOneAndRoundedToFloat) {
   expect_f(encode_ok(PIPE_FORMAT_Z32_FLOAT, {0.1}), {as_float(0.1), 0, 0, 1});
   expect_f(encode_ok(PIPE_FORMAT_Z32_FLOAT, {2.5}), {1, 0, 0, 1});
   expect_f(encode_ok(PIPE_FORMAT_Z32_FLOAT, {-1}), {0, 0, 0, 1});
}

TEST(RefFormatDepth, DepthStencilKeepsDepthInFAndStencilInI) {
   const texel t = encode_ok(PIPE_FORMAT_Z24_UNORM_S8_UINT, {0.25, 7});
   EXPECT_EQ(t.f[0], unorm(4194304, 24));
   EXPECT_EQ(t.i[0], 7);
   const texel u = encode_ok(PIPE_FORMAT_Z32_FLOAT_S8X24_UINT, {0.1, 255});
   EXPECT_EQ(u.f[0], as_float(0.1));
   EXPECT_EQ(u.i[0], 255);
   expect_i(encode_ok(PIPE_FORMAT_S8_UINT, {3}), {3, 0, 0, 1});
}

// ---- Errors --------------------------------------------------------------------------------------

TEST(RefFormatErrors, WrongComponentCountNamesTheExpectedCount) {
   EXPECT_NE(encode_error(PIPE_FORMAT_R8G8B8A8_UNORM, {1, 2, 3}).find("4 values"), std::string::npos);
   const std::string la = encode_error(PIPE_FORMAT_L8A8_UNORM, {0.1, 0.2, 0.3});
   EXPECT_NE(la.find("2 values [l, a]"), std::string::npos) << la;
   EXPECT_NE(la.find("4 RGBA values"), std::string::npos) << la;
   EXPECT_NE(la.find("got 3"), std::string::npos) << la;
   encode_error(PIPE_FORMAT_R8_UNORM, {0.1, 0.2});
   encode_error(PIPE_FORMAT_R8G8B8A8_UNORM, {});
   const std::string ds = encode_error(PIPE_FORMAT_Z24_UNORM_S8_UINT, {0.5});
   EXPECT_NE(ds.find("2 values [d, s]"), std::string::npos) << ds;
   EXPECT_EQ(ds.find("RGBA"), std::string::npos) << "depth takes no RGBA form: " << ds;
   encode_error(PIPE_FORMAT_Z16_UNORM, {0.5, 0, 0, 1});
}

TEST(RefFormatErrors, IntegersMustBeIntegralAndInRange) {
   struct {
      pipe_format f;
      std::vector<double> v;
      const char *needle;
   } const cases[] = {
      {PIPE_FORMAT_R8_SINT, {128}, "outside [-128, 127]"},
      {PIPE_FORMAT_R8_SINT, {-129}, "outside [-128, 127]"},
      {PIPE_FORMAT_R8_UINT, {-1}, "outside [0, 255]"},
      {PIPE_FORMAT_R32_UINT, {4294967296.0}, "outside [0, 4294967295]"},
      {PIPE_FORMAT_R10G10B10A2_UINT, {0, 0, 0, 4}, "outside [0, 3]"},
      {PIPE_FORMAT_S8_UINT, {256}, "outside [0, 255]"},
      {PIPE_FORMAT_Z24_UNORM_S8_UINT, {0.5, -1}, "outside [0, 255]"},
      {PIPE_FORMAT_R8G8B8A8_UINT, {1, 2, 3.5, 4}, "must be an integer, got 3.5"},
      {PIPE_FORMAT_L8_UINT, {1, 2.5, 0, 1}, "must be an integer"},  // dropped values too
      {PIPE_FORMAT_S8_UINT, {1.5}, "must be an integer"},
      {PIPE_FORMAT_R16_SINT, {kInf}, "must be an integer"},
   };
   for (const auto &c : cases) {
      const std::string err = encode_error(c.f, c.v);
      EXPECT_NE(err.find(c.needle), std::string::npos) << util_format_name(c.f) << ": " << err;
   }
}

TEST(RefFormatErrors, NaNIsRejectedForNormalizedAndDepth) {
   encode_error(PIPE_FORMAT_R8G8B8A8_UNORM, {kNaN, 0, 0, 1});
   encode_error(PIPE_FORMAT_R8_SNORM, {kNaN});
   encode_error(PIPE_FORMAT_Z32_FLOAT, {kNaN});
   // Float formats store NaN as NaN.
   expect_f(encode_ok(PIPE_FORMAT_R16_FLOAT, {kNaN}), {kNaN, 0, 0, 1});
}

TEST(RefFormatErrors, CompressedFormatsNeedBlockData) {
   for (pipe_format f : {PIPE_FORMAT_DXT1_RGB, PIPE_FORMAT_BPTC_RGBA_UNORM, PIPE_FORMAT_ETC2_RG11_SNORM}) {
      const std::string err = encode_error(f, {0, 0, 0, 1});
      EXPECT_NE(err.find("compressed formats need block data"), std::string::npos) << err;
      EXPECT_EQ(ref_format_component_count(f), 0);
   }
   encode_error(PIPE_FORMAT_NONE, {0});
   EXPECT_FALSE(ref_encode(PIPE_FORMAT_DXT1_RGB, {0, 0, 0, 1}, true, nullptr).has_value()) << "error may be null";
}

TEST(RefFormatErrors, DecodeRejectsCodesOutsideTheComponentRange) {
   std::string err;
   ref_stored_texel s;
   s.count = 1;
   s.code[0] = 256;
   EXPECT_FALSE(ref_decode(PIPE_FORMAT_R8_UNORM, s, true, &err).has_value());
   EXPECT_NE(err.find("outside [0, 255]"), std::string::npos) << err;
   s.code[0] = -129;
   EXPECT_FALSE(ref_decode(PIPE_FORMAT_R8_SNORM, s, true, &err).has_value());
   s.code[0] = 1;
   EXPECT_FALSE(ref_decode(PIPE_FORMAT_R8G8_UNORM, s, true, &err).has_value()) << "count 1 for RG";
   s.count = 3;
   s.code[1] = s.code[2] = 0;
   s.shared_exponent = 32;
   EXPECT_FALSE(ref_decode(PIPE_FORMAT_R9G9B9E5_FLOAT, s, true, &err).has_value());
   s.code[0] = -128;
   s.count = 1;
   const std::optional<texel> t = ref_decode(PIPE_FORMAT_R8_SNORM, s, true, &err);
   ASSERT_TRUE(t.has_value()) << err;
   EXPECT_EQ(t->f[0], -1.0) << "-128 decodes as max(-128/127, -1)";
}

TEST(RefFormatStore, StoredCodesAreTheQuantisedIntegers) {
   std::string err;
   const std::optional<ref_stored_texel> s = ref_store(PIPE_FORMAT_R16G16_FLOAT, {1.0, 65520}, &err);
   ASSERT_TRUE(s.has_value()) << err;
   EXPECT_EQ(s->count, 2);
   EXPECT_EQ(s->code[0], 0x3C00);
   EXPECT_EQ(s->code[1], 0x7C00);
   const std::optional<ref_stored_texel> e = ref_store(PIPE_FORMAT_R9G9B9E5_FLOAT, {1.0, 0.5, 0.25}, &err);
   ASSERT_TRUE(e.has_value()) << err;
   EXPECT_EQ(e->code[0], 256);
   EXPECT_EQ(e->code[1], 128);
   EXPECT_EQ(e->code[2], 64);
   EXPECT_EQ(e->shared_exponent, 16u);
   const std::optional<ref_stored_texel> l = ref_store(PIPE_FORMAT_L8A8_UNORM, {0.1, 1, 1, 0.5}, &err);
   ASSERT_TRUE(l.has_value()) << err;
   EXPECT_EQ(l->count, 2);
   EXPECT_EQ(l->code[0], 26);
   EXPECT_EQ(l->code[1], 128);
}

// ---- Every non-compressed format of the table round-trips a representative value --------------------

namespace {

// The stored components of a base format and the RGBA value each comes from (GL 4.6 §8.5).
std::vector<int> rgba_sources(GLenum base) {
   switch (base) {
   case GL_RED: return {0};
   case GL_RG: return {0, 1};
   case GL_RGB: return {0, 1, 2};
   case GL_RGBA: return {0, 1, 2, 3};
   case GL_ALPHA: return {3};
   case GL_LUMINANCE: return {0};
   case GL_LUMINANCE_ALPHA: return {0, 3};
   case GL_INTENSITY: return {0};
   default: return {};
   }
}

// Table 15.1, from the stored values v.
template <typename T>
std::array<T, 4> expand(GLenum base, const std::vector<T> &v, T one) {
   switch (base) {
   case GL_RED: return {v[0], 0, 0, one};
   case GL_RG: return {v[0], v[1], 0, one};
   case GL_RGB: return {v[0], v[1], v[2], one};
   case GL_RGBA: return {v[0], v[1], v[2], v[3]};
   case GL_ALPHA: return {0, 0, 0, v[0]};
   case GL_LUMINANCE: return {v[0], v[0], v[0], one};
   case GL_LUMINANCE_ALPHA: return {v[0], v[0], v[0], v[1]};
   case GL_INTENSITY: return {v[0], v[0], v[0], v[0]};
   default: ADD_FAILURE() << "unexpected base format " << base; return {};
   }
}

// A value every component of the format represents exactly, different per component k.
double representative(const util_format_description &d, int k, int bits) {
   if (d.format == PIPE_FORMAT_R9G9B9E5_FLOAT)
      return std::ldexp(1.0, -k);  // 1, 0.5, 0.25
   if (d.format == PIPE_FORMAT_R11G11B10_FLOAT)
      return std::array<double, 3>{0.5, 1.5, 6.0}[k];
   if (d.is_float && bits == 16)
      return std::array<double, 4>{0.5, -2.0, 0.375, 6.0}[k];
   if (d.is_float)
      return std::array<double, 4>{0.5, -2.0, as_float(1e-3), 123456.0}[k];
   if (d.is_integer && d.type == UTIL_FORMAT_TYPE_SIGNED)
      return k % 2 ? std::pow(2.0, bits - 1) - 1 : -std::pow(2.0, bits - 1);
   if (d.is_integer)
      return k % 2 ? k : std::pow(2.0, bits) - 1;
   const double max = d.type == UTIL_FORMAT_TYPE_SIGNED ? std::pow(2.0, bits - 1) - 1 : std::pow(2.0, bits) - 1;
   const double c = std::floor((k + 1) * max / 5);
   return d.type == UTIL_FORMAT_TYPE_SIGNED ? -c / max : c / max;
}

}  // namespace

TEST(RefFormatRoundTrip, EveryNonCompressedFormatKeepsAnExactlyRepresentableValue) {
   int checked = 0;
   for (int i = 1; i < PIPE_FORMAT_COUNT; ++i) {
      const auto f = static_cast<pipe_format>(i);
      const util_format_description &d = *util_format_describe(f);
      SCOPED_TRACE(d.name);
      if (d.is_compressed) {
         EXPECT_EQ(ref_format_component_count(f), 0);
         continue;
      }
      ++checked;
      if (d.depth_bits || d.stencil_bits) {
         std::vector<double> v;
         double depth = 0.0;
         if (d.depth_bits) {
            depth = d.is_float ? 0.25 : std::floor((std::pow(2.0, d.depth_bits) - 1) / 3) / (std::pow(2.0, d.depth_bits) - 1);
            v.push_back(depth);
         }
         if (d.stencil_bits)
            v.push_back(200);
         EXPECT_EQ(ref_format_component_count(f), static_cast<int>(v.size()));
         const texel t = encode_ok(f, v);
         if (d.depth_bits) {
            EXPECT_EQ(t.f[0], depth);
         }
         if (d.stencil_bits) {
            EXPECT_EQ(t.i[0], 200);
         }
         continue;
      }
      const std::vector<int> src = rgba_sources(d.gl_base_format);
      ASSERT_EQ(src.size(), d.nr_channels);
      EXPECT_EQ(ref_format_component_count(f), static_cast<int>(src.size()));
      std::vector<double> own;
      std::vector<double> rgba = {0, 0, 0, 0};
      for (size_t k = 0; k < src.size(); ++k) {
         own.push_back(representative(d, static_cast<int>(k), d.channel_bits[k]));
         rgba[src[k]] = own.back();
      }
      for (bool decode : {false, true}) {
         std::vector<double> want_f = own;
         if (d.is_srgb && decode)
            for (size_t k = 0; k < src.size(); ++k)
               if (src[k] != 3)
                  want_f[k] = srgb_eotf(own[k]);
         const texel a = encode_ok(f, own, decode);
         const texel b = encode_ok(f, rgba, decode);
         if (d.is_integer) {
            std::vector<int64_t> want_i;
            for (double x : own)
               want_i.push_back(static_cast<int64_t>(x));
            expect_i(a, expand<int64_t>(d.gl_base_format, want_i, 1));
            expect_i(b, expand<int64_t>(d.gl_base_format, want_i, 1));
         } else {
            expect_f(a, expand<double>(d.gl_base_format, want_f, 1.0));
            expect_f(b, expand<double>(d.gl_base_format, want_f, 1.0));
         }
      }
   }
   EXPECT_GT(checked, 100);
}

// GL 4.6 table 15.1 applied to an RGBA colour (border colours): L and I from R, A from A.
TEST(RefBaseFormatRgba, EachBaseFormatReadsItsComponents) {
   const double c[4] = {0.25, 0.5, 0.75, 0.125};
   struct row { GLenum base; double want[4]; };
   const row rows[] = {
      {GL_RED, {0.25, 0, 0, 1}},           {GL_RG, {0.25, 0.5, 0, 1}},
      {GL_RGB, {0.25, 0.5, 0.75, 1}},      {GL_RGBA, {0.25, 0.5, 0.75, 0.125}},
      {GL_ALPHA, {0, 0, 0, 0.125}},        {GL_LUMINANCE, {0.25, 0.25, 0.25, 1}},
      {GL_LUMINANCE_ALPHA, {0.25, 0.25, 0.25, 0.125}}, {GL_INTENSITY, {0.25, 0.25, 0.25, 0.25}},
      {GL_DEPTH_COMPONENT, {0.25, 0, 0, 1}}, {GL_STENCIL_INDEX, {0.25, 0, 0, 1}}};
   for (const row &r : rows) {
      const texel t = ref_base_format_rgba(r.base, c, false);
      for (unsigned i = 0; i < 4; ++i)
         EXPECT_EQ(t.f[i], r.want[i]) << std::hex << r.base << " component " << i;
   }
   const double ints[4] = {7, 8, 9, 10};
   const texel t = ref_base_format_rgba(GL_RG, ints, true);
   EXPECT_EQ(t.i[0], 7);
   EXPECT_EQ(t.i[1], 8);
   EXPECT_EQ(t.i[2], 0);
   EXPECT_EQ(t.i[3], 1);
}

// GL 4.6 §8.14.2: a border is clamped to the representable range of the format, floating-point
// and integer formats included; each GL component to the stored component it feeds. Expected
// values: n-bit integer ranges, binary16's 65504 (BC6H too), the unsigned 11- and 10-bit floats'
// (2 − 2^−m)·2^15 and RGB9_E5's (1 − 2^−9)·2^16.
TEST(RefBorderClamp, EachComponentIsClampedToWhatItsStoredComponentRepresents) {
   struct clamp_case {
      pipe_format f;
      bool stencil;
      std::array<double, 4> in, want;
   };
   const double nan = std::numeric_limits<double>::quiet_NaN();
   const clamp_case cases[] = {
      {PIPE_FORMAT_R10G10B10A2_UINT, false, {1024, -1, 5, 172}, {1023, 0, 5, 3}},
      {PIPE_FORMAT_R8G8_SINT, false, {185, -300, 9, 9}, {127, -128, 9, 9}},  // B, A feed nothing
      {PIPE_FORMAT_A8_SINT, false, {500, 0, 0, -200}, {500, 0, 0, -128}},    // only A is stored
      {PIPE_FORMAT_L16A16_UINT, false, {70000, 1, 2, 65536}, {65535, 1, 2, 65535}},
      {PIPE_FORMAT_R32G32B32A32_SINT, false, {3e9, -3e9, 1, 1}, {3e9, -3e9, 1, 1}},
      {PIPE_FORMAT_R16G16B16A16_FLOAT, false, {1e6, -1e6, nan, 0.5}, {65504, -65504, nan, 0.5}},
      {PIPE_FORMAT_R11G11B10_FLOAT, false, {-1, 1e6, 1e6, 7}, {0, 65024, 64512, 7}},
      {PIPE_FORMAT_R9G9B9E5_FLOAT, false, {-0.0625, 1e6, 0.5, 7}, {0, 65408, 0.5, 7}},
      {PIPE_FORMAT_BPTC_RGB_UFLOAT, false, {-2, 1e6, 0.5, 7}, {0, 65504, 0.5, 7}},
      {PIPE_FORMAT_BPTC_RGB_FLOAT, false, {-1e6, 1e6, -0.5, 7}, {-65504, 65504, -0.5, 7}},
      {PIPE_FORMAT_R8G8B8A8_UNORM, false, {2, -1, 0.5, 7}, {2, -1, 0.5, 7}},  // normalized: the caller's
      {PIPE_FORMAT_Z24_UNORM_S8_UINT, true, {300, 300, 0, 0}, {255, 300, 0, 0}},
      {PIPE_FORMAT_Z32_FLOAT, false, {2, -1, 0, 0}, {2, -1, 0, 0}},  // a depth border is left alone
   };
   for (const clamp_case &c : cases) {
      std::array<double, 4> v = c.in;
      ref_clamp_border_to_format(c.f, c.stencil, v.data());
      for (unsigned k = 0; k < 4; ++k) {
         if (std::isnan(c.want[k]))
            EXPECT_TRUE(std::isnan(v[k])) << util_format_name(c.f) << " component " << k;
         else
            EXPECT_EQ(v[k], c.want[k]) << util_format_name(c.f) << " component " << k;
      }
   }
}
