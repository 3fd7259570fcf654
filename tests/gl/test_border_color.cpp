// Tests of GL_TEXTURE_BORDER_COLOR through fv/iv/Iiv/Iuiv, with expected numbers from the GL 4.6 conversion formulas.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "clampler/gl/context.h"

namespace clampler {
namespace {

constexpr double kIntMax = 2147483647.0;  // 2^31 - 1

// GL 4.6 §2.3.5.1 (signed normalized, b = 32): f = max(c / (2^31 - 1), -1).
GLfloat expected_int_to_float(GLint c) {
   return static_cast<GLfloat>(std::max(c / kIntMax, -1.0));
}

// GL 4.6 §2.2.2 colour components returned as integers: §2.3.5.2 float to
// signed normalized (b = 32), clamped to [-1, 1] first, rounded to nearest.
GLint expected_float_to_int(GLfloat f) {
   const double clamped = std::min(std::max(static_cast<double>(f), -1.0), 1.0);
   return static_cast<GLint>(std::llround(clamped * kIntMax));
}

struct border_fixture : ::testing::Test {
   gl_context ctx;
   GLuint s = 0;
   void SetUp() override { ctx.GenSamplers(1, &s); }
   const gl_sampler_attrib &attrib() { return ctx.lookup_sampler(s)->Attrib; }
};

using BorderColor = border_fixture;

TEST_F(BorderColor, FloatColorIsStoredAsGiven) {
   const GLfloat c[4] = {-2.5f, 0.125f, 1.75f, 1e-30f};
   ctx.SamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR, c);
   GLfloat got[4] = {};
   ctx.GetSamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR, got);
   for (int k = 0; k < 4; k++)
      EXPECT_EQ(got[k], c[k]) << k;
   EXPECT_EQ(attrib().BorderType, gl_border_type::floating);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST_F(BorderColor, IntegerColorIsNormalizedWithTheSignedRule) {
   const GLint c[4] = {std::numeric_limits<GLint>::max(), std::numeric_limits<GLint>::min(),
                       1073741824, -1};
   ctx.SamplerParameteriv(s, GL_TEXTURE_BORDER_COLOR, c);
   GLfloat got[4] = {};
   ctx.GetSamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR, got);
   for (int k = 0; k < 4; k++)
      EXPECT_EQ(got[k], expected_int_to_float(c[k])) << k;
   EXPECT_EQ(got[0], 1.0f);
   EXPECT_EQ(got[1], -1.0f);  // -2^31 / (2^31 - 1) < -1, so the max() applies
   EXPECT_EQ(attrib().BorderType, gl_border_type::floating);
}

TEST_F(BorderColor, IntegerColorZeroIsZero) {
   const GLint c[4] = {0, 0, 0, 0};
   ctx.SamplerParameteriv(s, GL_TEXTURE_BORDER_COLOR, c);
   EXPECT_EQ(attrib().BorderColor.f[0], 0.0f);
}

TEST_F(BorderColor, FloatColorReadAsIntegerUsesTheNormalizedConversion) {
   const GLfloat c[4] = {1.0f, -1.0f, 0.25f, -0.3f};
   ctx.SamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR, c);
   GLint got[4] = {};
   ctx.GetSamplerParameteriv(s, GL_TEXTURE_BORDER_COLOR, got);
   for (int k = 0; k < 4; k++)
      EXPECT_EQ(got[k], expected_float_to_int(c[k])) << k;
   EXPECT_EQ(got[0], 2147483647);
   EXPECT_EQ(got[1], -2147483647);
}

TEST_F(BorderColor, FloatColorOutsideMinusOneToOneIsClampedWhenReadAsInteger) {
   const GLfloat c[4] = {2.0f, -3.0f, 1e9f, -std::numeric_limits<GLfloat>::infinity()};
   ctx.SamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR, c);
   GLint got[4] = {};
   ctx.GetSamplerParameteriv(s, GL_TEXTURE_BORDER_COLOR, got);
   EXPECT_EQ(got[0], expected_float_to_int(1.0f));
   EXPECT_EQ(got[1], expected_float_to_int(-1.0f));
   EXPECT_EQ(got[2], expected_float_to_int(1.0f));
   EXPECT_EQ(got[3], expected_float_to_int(-1.0f));
}

TEST_F(BorderColor, IntegerColorRoundTripFollowsBothFormulas) {
   const GLint c[4] = {123456789, -987654321, 1, 2000000000};
   ctx.SamplerParameteriv(s, GL_TEXTURE_BORDER_COLOR, c);
   GLint got[4] = {};
   ctx.GetSamplerParameteriv(s, GL_TEXTURE_BORDER_COLOR, got);
   for (int k = 0; k < 4; k++)
      EXPECT_EQ(got[k], expected_float_to_int(expected_int_to_float(c[k]))) << k;
}

TEST_F(BorderColor, NaNComponentIsStoredAndReadsAsZeroInteger) {
   const GLfloat c[4] = {std::numeric_limits<GLfloat>::quiet_NaN(), 0.5f, 0.5f, 0.5f};
   ctx.SamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR, c);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   GLfloat f[4] = {};
   ctx.GetSamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR, f);
   EXPECT_TRUE(std::isnan(f[0]));
   GLint i[4] = {7, 7, 7, 7};
   ctx.GetSamplerParameteriv(s, GL_TEXTURE_BORDER_COLOR, i);
   EXPECT_EQ(i[0], 0);
}

TEST_F(BorderColor, SignedIntegerColorIsStoredRaw) {
   const GLint c[4] = {-5, 7, std::numeric_limits<GLint>::min(), std::numeric_limits<GLint>::max()};
   ctx.SamplerParameterIiv(s, GL_TEXTURE_BORDER_COLOR, c);
   GLint got[4] = {};
   ctx.GetSamplerParameterIiv(s, GL_TEXTURE_BORDER_COLOR, got);
   for (int k = 0; k < 4; k++) {
      EXPECT_EQ(got[k], c[k]) << k;
      EXPECT_EQ(attrib().BorderColor.i[k], c[k]) << k;
   }
   EXPECT_EQ(attrib().BorderType, gl_border_type::integer);
}

TEST_F(BorderColor, UnsignedIntegerColorIsStoredRaw) {
   const GLuint c[4] = {0xFFFFFFFFu, 0u, 1u, 0x80000000u};
   ctx.SamplerParameterIuiv(s, GL_TEXTURE_BORDER_COLOR, c);
   GLuint got[4] = {};
   ctx.GetSamplerParameterIuiv(s, GL_TEXTURE_BORDER_COLOR, got);
   for (int k = 0; k < 4; k++) {
      EXPECT_EQ(got[k], c[k]) << k;
      EXPECT_EQ(attrib().BorderColor.ui[k], c[k]) << k;
   }
   EXPECT_EQ(attrib().BorderType, gl_border_type::unsigned_integer);
}

TEST_F(BorderColor, FloatSetAfterIntegerMakesTheColorFloatAgain) {
   const GLint i[4] = {1, 2, 3, 4};
   ctx.SamplerParameterIiv(s, GL_TEXTURE_BORDER_COLOR, i);
   const GLfloat f[4] = {0.5f, 0.5f, 0.5f, 0.5f};
   ctx.SamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR, f);
   EXPECT_EQ(attrib().BorderType, gl_border_type::floating);
   EXPECT_EQ(attrib().BorderColor.f[3], 0.5f);
}

// Mismatched queries are undefined in GL; clampler returns the stored words.

TEST_F(BorderColor, SignedIntegerColorReadAsFloatGivesTheRawWords) {
   const GLint c[4] = {1, -1, 0x3F800000, 0};
   ctx.SamplerParameterIiv(s, GL_TEXTURE_BORDER_COLOR, c);
   GLfloat got[4] = {};
   ctx.GetSamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR, got);
   for (int k = 0; k < 4; k++)
      EXPECT_EQ(std::bit_cast<GLint>(got[k]), c[k]) << k;
   EXPECT_EQ(got[2], 1.0f);
}

TEST_F(BorderColor, SignedIntegerColorReadAsIntegerGivesTheRawValues) {
   const GLint c[4] = {-5, 0, 99, std::numeric_limits<GLint>::min()};
   ctx.SamplerParameterIiv(s, GL_TEXTURE_BORDER_COLOR, c);
   GLint got[4] = {};
   ctx.GetSamplerParameteriv(s, GL_TEXTURE_BORDER_COLOR, got);
   for (int k = 0; k < 4; k++)
      EXPECT_EQ(got[k], c[k]) << k;
}

TEST_F(BorderColor, SignedIntegerColorReadAsUnsignedIsReinterpreted) {
   const GLint c[4] = {-1, 2, -2147483647 - 1, 3};
   ctx.SamplerParameterIiv(s, GL_TEXTURE_BORDER_COLOR, c);
   GLuint got[4] = {};
   ctx.GetSamplerParameterIuiv(s, GL_TEXTURE_BORDER_COLOR, got);
   EXPECT_EQ(got[0], 0xFFFFFFFFu);
   EXPECT_EQ(got[1], 2u);
   EXPECT_EQ(got[2], 0x80000000u);
}

TEST_F(BorderColor, UnsignedColorReadAsIntegerIsReinterpreted) {
   const GLuint c[4] = {0xFFFFFFFEu, 5u, 0u, 0u};
   ctx.SamplerParameterIuiv(s, GL_TEXTURE_BORDER_COLOR, c);
   GLint got[4] = {};
   ctx.GetSamplerParameteriv(s, GL_TEXTURE_BORDER_COLOR, got);
   EXPECT_EQ(got[0], -2);
   EXPECT_EQ(got[1], 5);
}

TEST_F(BorderColor, FloatColorReadAsIivGivesTheFloatBits) {
   const GLfloat c[4] = {1.0f, -2.0f, 0.0f, 0.5f};
   ctx.SamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR, c);
   GLint got[4] = {};
   ctx.GetSamplerParameterIiv(s, GL_TEXTURE_BORDER_COLOR, got);
   for (int k = 0; k < 4; k++)
      EXPECT_EQ(got[k], std::bit_cast<GLint>(c[k])) << k;
   EXPECT_EQ(got[0], 0x3F800000);
   GLuint ugot[4] = {};
   ctx.GetSamplerParameterIuiv(s, GL_TEXTURE_BORDER_COLOR, ugot);
   EXPECT_EQ(ugot[1], 0xC0000000u);
}

// ---- The texture's own border colour follows the same rules ----

TEST(TextureBorderColor, TexParameterivNormalizesAndIivStoresRaw) {
   gl_context ctx;
   GLuint t = 0;
   ctx.GenTextures(1, &t);
   ctx.BindTexture(GL_TEXTURE_2D, t);
   const GLint c[4] = {1073741824, -1073741824, 0, std::numeric_limits<GLint>::max()};
   ctx.TexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, c);
   GLfloat f[4] = {};
   ctx.GetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, f);
   for (int k = 0; k < 4; k++)
      EXPECT_EQ(f[k], expected_int_to_float(c[k])) << k;

   ctx.TexParameterIiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, c);
   GLint raw[4] = {};
   ctx.GetTexParameterIiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, raw);
   for (int k = 0; k < 4; k++)
      EXPECT_EQ(raw[k], c[k]) << k;
   EXPECT_EQ(ctx.lookup_texture(t)->Sampler.Attrib.BorderType, gl_border_type::integer);
}

TEST(TextureBorderColor, TexParameterIuivStoresUnsignedRaw) {
   gl_context ctx;
   const GLuint c[4] = {4000000000u, 1u, 2u, 3u};
   ctx.TexParameterIuiv(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_BORDER_COLOR, c);
   GLuint got[4] = {};
   ctx.GetTexParameterIuiv(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_BORDER_COLOR, got);
   for (int k = 0; k < 4; k++)
      EXPECT_EQ(got[k], c[k]) << k;
   EXPECT_EQ(ctx.current_texture(0, GL_TEXTURE_CUBE_MAP)->Sampler.Attrib.BorderType,
             gl_border_type::unsigned_integer);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(TextureBorderColor, TextureFloatColorReadAsIntegerUsesTheNormalizedConversion) {
   gl_context ctx;
   const GLfloat c[4] = {0.6f, -0.75f, 0.1f, 1.5f};  // no ties at (2^31 - 1) scale
   ctx.TexParameterfv(GL_TEXTURE_3D, GL_TEXTURE_BORDER_COLOR, c);
   GLint got[4] = {};
   ctx.GetTexParameteriv(GL_TEXTURE_3D, GL_TEXTURE_BORDER_COLOR, got);
   for (int k = 0; k < 4; k++)
      EXPECT_EQ(got[k], expected_float_to_int(c[k])) << k;
}

}  // namespace
}  // namespace clampler
