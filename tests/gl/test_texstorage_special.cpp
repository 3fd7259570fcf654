// Tests of glTexStorage*Multisample and glTexBuffer: accepted values, the GL error for each bad one, state untouched on error.
#include <gtest/gtest.h>

#include <string>

#include "clampler/gl/context.h"
#include "clampler/gl/gl_enum_names.h"

namespace clampler {
namespace {

// Internal formats by value (Khronos glext.h), independent of gl_formats.h.
constexpr GLenum kRGBA8 = 0x8058;        // GL_RGBA8
constexpr GLenum kRGBA8UI = 0x8D7C;      // GL_RGBA8UI
constexpr GLenum kRGBA8Snorm = 0x8F97;   // GL_RGBA8_SNORM
constexpr GLenum kSRGB8 = 0x8C41;        // GL_SRGB8
constexpr GLenum kSRGB8A8 = 0x8C43;      // GL_SRGB8_ALPHA8
constexpr GLenum kRGB9E5 = 0x8C3D;       // GL_RGB9_E5
constexpr GLenum kLuminance8 = 0x8040;   // GL_LUMINANCE8
constexpr GLenum kDepth24S8 = 0x88F0;    // GL_DEPTH24_STENCIL8
constexpr GLenum kStencil8 = 0x8D48;     // GL_STENCIL_INDEX8
constexpr GLenum kRGTC1 = 0x8DBB;        // GL_COMPRESSED_RED_RGTC1
constexpr GLenum kR32F = 0x822E;         // GL_R32F
constexpr GLenum kRGB32UI = 0x8D71;      // GL_RGB32UI
constexpr GLenum kRGB8 = 0x8051;         // GL_RGB8
constexpr GLenum kRG16 = 0x822C;         // GL_RG16
constexpr GLenum kRGBA16F = 0x881A;      // GL_RGBA16F

GLuint bind_new(gl_context &ctx, GLenum target) {
   GLuint t = 0;
   ctx.GenTextures(1, &t);
   ctx.BindTexture(target, t);
   return t;
}

struct ms_case {
   const char *rule;
   GLenum target;
   GLsizei samples;
   GLenum format;
   GLsizei w, h, d;
   GLenum error;
};

// GL 4.6 §8.19 (TexStorage2DMultisample / TexStorage3DMultisample) with the default limits
// (8 colour, depth and integer samples, 16384 texels, 2048 layers).
const ms_case kMsCases[] = {
   {"colour 2D, 4 samples", GL_TEXTURE_2D_MULTISAMPLE, 4, kRGBA8, 8, 4, 1, GL_NO_ERROR},
   {"array takes layers in depth", GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 2, kRGBA8, 8, 4, 3, GL_NO_ERROR},
   {"integer, the integer limit", GL_TEXTURE_2D_MULTISAMPLE, 8, kRGBA8UI, 4, 4, 1, GL_NO_ERROR},
   {"depth-stencil is depth-renderable", GL_TEXTURE_2D_MULTISAMPLE, 4, kDepth24S8, 4, 4, 1, GL_NO_ERROR},
   {"stencil index is stencil-renderable", GL_TEXTURE_2D_MULTISAMPLE, 4, kStencil8, 4, 4, 1, GL_NO_ERROR},
   {"sRGB with alpha is colour-renderable", GL_TEXTURE_2D_MULTISAMPLE, 4, kSRGB8A8, 4, 4, 1, GL_NO_ERROR},
   {"one sample", GL_TEXTURE_2D_MULTISAMPLE, 1, kRGBA8, 4, 4, 1, GL_NO_ERROR},
   {"a non-multisample target", GL_TEXTURE_2D, 4, kRGBA8, 4, 4, 1, GL_INVALID_ENUM},
   {"snorm is not colour-renderable", GL_TEXTURE_2D_MULTISAMPLE, 4, kRGBA8Snorm, 4, 4, 1, GL_INVALID_ENUM},
   {"GL_SRGB8 is not colour-renderable", GL_TEXTURE_2D_MULTISAMPLE, 4, kSRGB8, 4, 4, 1, GL_INVALID_ENUM},
   {"GL_RGB9_E5 is not colour-renderable", GL_TEXTURE_2D_MULTISAMPLE, 4, kRGB9E5, 4, 4, 1, GL_INVALID_ENUM},
   {"compressed is not renderable", GL_TEXTURE_2D_MULTISAMPLE, 4, kRGTC1, 4, 4, 1, GL_INVALID_ENUM},
   {"legacy luminance is not renderable", GL_TEXTURE_2D_MULTISAMPLE, 4, kLuminance8, 4, 4, 1, GL_INVALID_ENUM},
   {"unsized base format", GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA, 4, 4, 1, GL_INVALID_ENUM},
   {"zero samples", GL_TEXTURE_2D_MULTISAMPLE, 0, kRGBA8, 4, 4, 1, GL_INVALID_VALUE},
   {"zero width", GL_TEXTURE_2D_MULTISAMPLE, 4, kRGBA8, 0, 4, 1, GL_INVALID_VALUE},
   {"width over GL_MAX_TEXTURE_SIZE", GL_TEXTURE_2D_MULTISAMPLE, 4, kRGBA8, 16385, 4, 1, GL_INVALID_VALUE},
   {"layers over the limit", GL_TEXTURE_2D_MULTISAMPLE_ARRAY, 4, kRGBA8, 4, 4, 2049, GL_INVALID_VALUE},
   {"more samples than GL_MAX_COLOR_TEXTURE_SAMPLES", GL_TEXTURE_2D_MULTISAMPLE, 16, kRGBA8, 4, 4, 1,
    GL_INVALID_OPERATION},
   {"more samples than GL_MAX_DEPTH_TEXTURE_SAMPLES", GL_TEXTURE_2D_MULTISAMPLE, 9, kDepth24S8, 4, 4, 1,
    GL_INVALID_OPERATION},
};

class MultisampleStorage : public ::testing::TestWithParam<ms_case> {};

TEST_P(MultisampleStorage, RaisesTheErrorGlDefinesAndStoresOnlyOnSuccess) {
   const ms_case &c = GetParam();
   gl_context ctx;
   const GLenum bind_target = c.target == GL_TEXTURE_2D ? GL_TEXTURE_2D_MULTISAMPLE : c.target;
   const GLuint name = bind_new(ctx, bind_target);
   ctx.TexStorageMultisample(c.target, c.samples, c.format, c.w, c.h, c.d, 1);
   EXPECT_EQ(ctx.GetError(), c.error) << c.rule << ": " << ctx.last_error_message();
   const gl_texture_object *tex = ctx.lookup_texture(name);
   ASSERT_NE(tex, nullptr);
   if (c.error == GL_NO_ERROR) {
      EXPECT_EQ(tex->Samples, static_cast<uint32_t>(c.samples));
      EXPECT_EQ(tex->Levels, 1u);
      EXPECT_EQ(tex->Width, static_cast<uint32_t>(c.w));
      EXPECT_EQ(tex->Depth, static_cast<uint32_t>(c.d));
   } else {
      EXPECT_EQ(tex->Levels, 0u) << c.rule;
      EXPECT_EQ(tex->Samples, 0u) << c.rule;
   }
}

INSTANTIATE_TEST_SUITE_P(Gl46, MultisampleStorage, ::testing::ValuesIn(kMsCases));

TEST(MultisampleStorage, ASecondCallOnTheSameTextureIsInvalidOperation) {
   gl_context ctx;
   bind_new(ctx, GL_TEXTURE_2D_MULTISAMPLE);
   ctx.TexStorageMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, kRGBA8, 4, 4, 1, 1);
   ASSERT_EQ(ctx.GetError(), GL_NO_ERROR);
   ctx.TexStorageMultisample(GL_TEXTURE_2D_MULTISAMPLE, 2, kRGBA8, 8, 8, 1, 1);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
   EXPECT_EQ(ctx.current_texture(0, GL_TEXTURE_2D_MULTISAMPLE)->Samples, 4u);
}

TEST(MultisampleStorage, TheDefaultTextureIsInvalidOperation) {
   gl_context ctx;
   ctx.TexStorageMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, kRGBA8, 4, 4, 1, 1);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
}

TEST(MultisampleStorage, TheSampleLimitIsTheContextsOwn) {
   gl_limits lim;
   lim.MaxColorTextureSamples = 4;
   gl_context ctx(gl_profile::core, gl_extensions(), lim);
   bind_new(ctx, GL_TEXTURE_2D_MULTISAMPLE);
   ctx.TexStorageMultisample(GL_TEXTURE_2D_MULTISAMPLE, 8, kRGBA8, 4, 4, 1, 1);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
   ctx.TexStorageMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, kRGBA8, 4, 4, 1, 1);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

struct buffer_case {
   const char *rule;
   GLenum target;
   GLenum format;
   GLsizeiptr size;
   GLenum error;
   uint32_t texels;  // GL 4.6 §8.9: floor(size / texel bytes)
};

const buffer_case kBufferCases[] = {
   {"RGBA8: 4 bytes a texel", GL_TEXTURE_BUFFER, kRGBA8, 64, GL_NO_ERROR, 16},
   {"a partial texel is not counted", GL_TEXTURE_BUFFER, kRGBA8, 66, GL_NO_ERROR, 16},
   {"R32F: 4 bytes", GL_TEXTURE_BUFFER, kR32F, 12, GL_NO_ERROR, 3},
   {"RGB32UI: 12 bytes", GL_TEXTURE_BUFFER, kRGB32UI, 48, GL_NO_ERROR, 4},
   {"RG16: 4 bytes", GL_TEXTURE_BUFFER, kRG16, 40, GL_NO_ERROR, 10},
   {"RGBA16F: 8 bytes", GL_TEXTURE_BUFFER, kRGBA16F, 40, GL_NO_ERROR, 5},
   {"an empty buffer", GL_TEXTURE_BUFFER, kRGBA8, 0, GL_NO_ERROR, 0},
   {"RGB8 is no buffer format", GL_TEXTURE_BUFFER, kRGB8, 48, GL_INVALID_ENUM, 0},
   {"sRGB is no buffer format", GL_TEXTURE_BUFFER, kSRGB8A8, 48, GL_INVALID_ENUM, 0},
   {"not the buffer target", GL_TEXTURE_2D, kRGBA8, 64, GL_INVALID_ENUM, 0},
};

class BufferTexture : public ::testing::TestWithParam<buffer_case> {};

TEST_P(BufferTexture, CountsWholeTexelsOrRaisesTheErrorGlDefines) {
   const buffer_case &c = GetParam();
   gl_context ctx;
   const GLuint name = bind_new(ctx, GL_TEXTURE_BUFFER);
   ctx.TexBuffer(c.target, c.format, c.size);
   EXPECT_EQ(ctx.GetError(), c.error) << c.rule << ": " << ctx.last_error_message();
   const gl_texture_object *tex = ctx.lookup_texture(name);
   ASSERT_NE(tex, nullptr);
   EXPECT_EQ(tex->Width, c.texels) << c.rule;
   EXPECT_EQ(tex->Levels, c.error == GL_NO_ERROR ? 1u : 0u) << c.rule;
}

INSTANTIATE_TEST_SUITE_P(Gl46, BufferTexture, ::testing::ValuesIn(kBufferCases));

TEST(BufferTexture, TexelCountIsClampedToGlMaxTextureBufferSize) {
   gl_limits lim;
   lim.MaxTextureBufferSize = 65536;  // GL's minimum
   gl_context ctx(gl_profile::core, gl_extensions(), lim);
   bind_new(ctx, GL_TEXTURE_BUFFER);
   ctx.TexBuffer(GL_TEXTURE_BUFFER, kR32F, 4 * 100000);
   ASSERT_EQ(ctx.GetError(), GL_NO_ERROR);
   EXPECT_EQ(ctx.current_texture(0, GL_TEXTURE_BUFFER)->Width, 65536u);
}

TEST(BufferTexture, ANegativeSizeIsInvalidValue) {
   gl_context ctx;
   bind_new(ctx, GL_TEXTURE_BUFFER);
   ctx.TexBuffer(GL_TEXTURE_BUFFER, kRGBA8, -4);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_VALUE);
}

}  // namespace
}  // namespace clampler
