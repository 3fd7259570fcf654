// Tests of glTexParameter* (rectangle, multisample, texture-only state), texture binding, TexStorage, unit bias and enables.
#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "clampler/gl/context.h"
#include "clampler/gl/gl_enum_names.h"

namespace clampler {
namespace {

// Internal formats by value, independent of gl_formats.h.
constexpr GLenum kRGBA8 = 0x8058;               // GL_RGBA8
constexpr GLenum kRGBA8UI = 0x8D7C;             // GL_RGBA8UI
constexpr GLenum kDepth24 = 0x81A6;             // GL_DEPTH_COMPONENT24
constexpr GLenum kLuminance8 = 0x8040;          // GL_LUMINANCE8
constexpr GLenum kAlpha8UI = 0x8D7E;            // GL_ALPHA8UI_EXT
constexpr GLenum kRGTC1 = 0x8DBB;               // GL_COMPRESSED_RED_RGTC1
constexpr GLenum kBPTC = 0x8E8C;                // GL_COMPRESSED_RGBA_BPTC_UNORM

constexpr GLfloat kNaN = std::numeric_limits<GLfloat>::quiet_NaN();

GLuint bind_new_texture(gl_context &ctx, GLenum target) {
   GLuint t = 0;
   ctx.GenTextures(1, &t);
   ctx.BindTexture(target, t);
   return t;
}

GLint get_i(gl_context &ctx, GLenum target, GLenum pname) {
   GLint v = -12345;
   ctx.GetTexParameteriv(target, pname, &v);
   return v;
}

// Everything TexParameter can change on a texture, compared field by field.
bool same_texture_state(const gl_texture_object &a, const gl_texture_object &b) {
   const gl_sampler_attrib &x = a.Sampler.Attrib, &y = b.Sampler.Attrib;
   return x.WrapS == y.WrapS && x.WrapT == y.WrapT && x.WrapR == y.WrapR &&
          x.MinFilter == y.MinFilter && x.MagFilter == y.MagFilter &&
          std::memcmp(&x.BorderColor, &y.BorderColor, sizeof(x.BorderColor)) == 0 &&
          x.BorderType == y.BorderType && x.MinLod == y.MinLod && x.MaxLod == y.MaxLod &&
          x.LodBias == y.LodBias && x.MaxAnisotropy == y.MaxAnisotropy &&
          x.CompareMode == y.CompareMode && x.CompareFunc == y.CompareFunc &&
          x.sRGBDecode == y.sRGBDecode && x.ReductionMode == y.ReductionMode &&
          x.CubeMapSeamless == y.CubeMapSeamless && a.Attrib.Swizzle == b.Attrib.Swizzle &&
          a.Attrib.DepthMode == b.Attrib.DepthMode &&
          a.Attrib.StencilSampling == b.Attrib.StencilSampling &&
          a.Attrib.BaseLevel == b.Attrib.BaseLevel && a.Attrib.MaxLevel == b.Attrib.MaxLevel;
}

// ---- Texture parameter errors: one row per rule ----

struct tex_error_case {
   const char *name;
   gl_profile profile;
   gl_extensions extensions;
   GLenum target;  // the texture bound before the call
   GLenum error;
   GLenum readback;  // queried on `target` before and after
   void (*call)(gl_context &);
};

const gl_profile kCompat = gl_profile::compatibility;
const gl_profile kCore = gl_profile::core;
const gl_extensions kAll = gl_extensions();
const gl_extensions kNone = gl_extensions::none();
constexpr GLenum kRect = GL_TEXTURE_RECTANGLE;
constexpr GLenum kMS = GL_TEXTURE_2D_MULTISAMPLE;
constexpr GLenum kMSArray = GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
constexpr GLenum k2D = GL_TEXTURE_2D;

const tex_error_case kTexErrors[] = {
   {"BufferTargetIsInvalidEnum", kCompat, kAll, k2D, GL_INVALID_ENUM, GL_TEXTURE_WRAP_S,
    [](gl_context &c) { c.TexParameteri(GL_TEXTURE_BUFFER, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE); }},
   {"UnknownTargetIsInvalidEnum", kCompat, kAll, k2D, GL_INVALID_ENUM, GL_TEXTURE_WRAP_S,
    [](gl_context &c) { c.TexParameteri(0x1234, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE); }},
   {"UnknownPnameIsInvalidEnum", kCompat, kAll, k2D, GL_INVALID_ENUM, GL_TEXTURE_WRAP_S,
    [](gl_context &c) { c.TexParameteri(k2D, 0x1234, 1); }},
   {"ImmutableFormatCannotBeSet", kCompat, kAll, k2D, GL_INVALID_ENUM, GL_TEXTURE_IMMUTABLE_FORMAT,
    [](gl_context &c) { c.TexParameteri(k2D, GL_TEXTURE_IMMUTABLE_FORMAT, GL_TRUE); }},
   {"ClampIsInvalidEnumInCoreProfile", kCore, kAll, k2D, GL_INVALID_ENUM, GL_TEXTURE_WRAP_S,
    [](gl_context &c) { c.TexParameteri(k2D, GL_TEXTURE_WRAP_S, GL_CLAMP); }},
   {"MirrorClampToBorderNeedsMirrorClamp", kCompat, kNone, k2D, GL_INVALID_ENUM, GL_TEXTURE_WRAP_R,
    [](gl_context &c) { c.TexParameteri(k2D, GL_TEXTURE_WRAP_R, GL_MIRROR_CLAMP_TO_BORDER_EXT); }},
   {"RectangleRejectsRepeatForS", kCompat, kAll, kRect, GL_INVALID_ENUM, GL_TEXTURE_WRAP_S,
    [](gl_context &c) { c.TexParameteri(kRect, GL_TEXTURE_WRAP_S, GL_REPEAT); }},
   {"RectangleRejectsMirroredRepeatForT", kCompat, kAll, kRect, GL_INVALID_ENUM, GL_TEXTURE_WRAP_T,
    [](gl_context &c) { c.TexParameteri(kRect, GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT); }},
   {"RectangleRejectsMirrorClampToEdge", kCompat, kAll, kRect, GL_INVALID_ENUM, GL_TEXTURE_WRAP_S,
    [](gl_context &c) { c.TexParameteri(kRect, GL_TEXTURE_WRAP_S, GL_MIRROR_CLAMP_TO_EDGE); }},
   {"RectangleRejectsMirrorClamp", kCompat, kAll, kRect, GL_INVALID_ENUM, GL_TEXTURE_WRAP_T,
    [](gl_context &c) { c.TexParameteri(kRect, GL_TEXTURE_WRAP_T, GL_MIRROR_CLAMP_EXT); }},
   {"RectangleRejectsMirrorClampToBorder", kCompat, kAll, kRect, GL_INVALID_ENUM,
    GL_TEXTURE_WRAP_S,
    [](gl_context &c) { c.TexParameteri(kRect, GL_TEXTURE_WRAP_S, GL_MIRROR_CLAMP_TO_BORDER_EXT); }},
   {"RectangleRejectsMipmapMinFilter", kCompat, kAll, kRect, GL_INVALID_ENUM,
    GL_TEXTURE_MIN_FILTER,
    [](gl_context &c) { c.TexParameteri(kRect, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR); }},
   {"RectangleBaseLevelOneIsInvalidOperation", kCompat, kAll, kRect, GL_INVALID_OPERATION,
    GL_TEXTURE_BASE_LEVEL,
    [](gl_context &c) { c.TexParameteri(kRect, GL_TEXTURE_BASE_LEVEL, 1); }},
   {"MultisampleBaseLevelOneIsInvalidOperation", kCompat, kAll, kMS, GL_INVALID_OPERATION,
    GL_TEXTURE_BASE_LEVEL,
    [](gl_context &c) { c.TexParameteri(kMS, GL_TEXTURE_BASE_LEVEL, 1); }},
   {"MultisampleRejectsWrap", kCompat, kAll, kMS, GL_INVALID_ENUM, GL_TEXTURE_WRAP_S,
    [](gl_context &c) { c.TexParameteri(kMS, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE); }},
   {"MultisampleRejectsMinFilter", kCompat, kAll, kMS, GL_INVALID_ENUM, GL_TEXTURE_MIN_FILTER,
    [](gl_context &c) { c.TexParameteri(kMS, GL_TEXTURE_MIN_FILTER, GL_NEAREST); }},
   {"MultisampleArrayRejectsCompareMode", kCompat, kAll, kMSArray, GL_INVALID_ENUM,
    GL_TEXTURE_COMPARE_MODE,
    [](gl_context &c) { c.TexParameteri(kMSArray, GL_TEXTURE_COMPARE_MODE, GL_NONE); }},
   {"MultisampleRejectsBorderColor", kCompat, kAll, kMS, GL_INVALID_ENUM, GL_TEXTURE_BORDER_COLOR,
    [](gl_context &c) {
       const GLfloat v[4] = {1, 1, 1, 1};
       c.TexParameterfv(kMS, GL_TEXTURE_BORDER_COLOR, v);
    }},
   {"MultisampleRejectsIntegerBorderColor", kCompat, kAll, kMS, GL_INVALID_ENUM,
    GL_TEXTURE_BORDER_COLOR,
    [](gl_context &c) {
       const GLint v[4] = {1, 1, 1, 1};
       c.TexParameterIiv(kMS, GL_TEXTURE_BORDER_COLOR, v);
    }},
   {"MultisampleRejectsLodBias", kCompat, kAll, kMS, GL_INVALID_ENUM, GL_TEXTURE_LOD_BIAS,
    [](gl_context &c) { c.TexParameterf(kMS, GL_TEXTURE_LOD_BIAS, 1.0f); }},
   {"MultisampleRejectsAnisotropy", kCompat, kAll, kMS, GL_INVALID_ENUM, GL_TEXTURE_MAX_ANISOTROPY,
    [](gl_context &c) { c.TexParameterf(kMS, GL_TEXTURE_MAX_ANISOTROPY, 2.0f); }},
   {"MultisampleRejectsSeamless", kCompat, kAll, kMS, GL_INVALID_ENUM, GL_TEXTURE_CUBE_MAP_SEAMLESS,
    [](gl_context &c) { c.TexParameteri(kMS, GL_TEXTURE_CUBE_MAP_SEAMLESS, GL_TRUE); }},
   {"NegativeBaseLevelIsInvalidValue", kCompat, kAll, k2D, GL_INVALID_VALUE, GL_TEXTURE_BASE_LEVEL,
    [](gl_context &c) { c.TexParameteri(k2D, GL_TEXTURE_BASE_LEVEL, -1); }},
   {"NegativeMaxLevelIsInvalidValue", kCompat, kAll, k2D, GL_INVALID_VALUE, GL_TEXTURE_MAX_LEVEL,
    [](gl_context &c) { c.TexParameterf(k2D, GL_TEXTURE_MAX_LEVEL, -2.0f); }},
   {"NaNMaxLevelIsInvalidValue", kCompat, kAll, k2D, GL_INVALID_VALUE, GL_TEXTURE_MAX_LEVEL,
    [](gl_context &c) { c.TexParameterf(k2D, GL_TEXTURE_MAX_LEVEL, kNaN); }},
   {"SwizzleRejectsOtherEnums", kCompat, kAll, k2D, GL_INVALID_ENUM, GL_TEXTURE_SWIZZLE_G,
    [](gl_context &c) { c.TexParameteri(k2D, GL_TEXTURE_SWIZZLE_G, GL_RGBA); }},
   {"SwizzleRejectsTwo", kCompat, kAll, k2D, GL_INVALID_ENUM, GL_TEXTURE_SWIZZLE_A,
    [](gl_context &c) { c.TexParameteri(k2D, GL_TEXTURE_SWIZZLE_A, 2); }},
   {"SwizzleRgbaWithOneBadValueChangesNothing", kCompat, kAll, k2D, GL_INVALID_ENUM,
    GL_TEXTURE_SWIZZLE_RGBA,
    [](gl_context &c) {
       const GLint v[4] = {GL_ALPHA, GL_BLUE, GL_GREEN, GL_LUMINANCE};
       c.TexParameteriv(k2D, GL_TEXTURE_SWIZZLE_RGBA, v);
    }},
   {"SwizzleRgbaThroughScalarIsInvalidEnum", kCompat, kAll, k2D, GL_INVALID_ENUM,
    GL_TEXTURE_SWIZZLE_RGBA,
    [](gl_context &c) { c.TexParameteri(k2D, GL_TEXTURE_SWIZZLE_RGBA, GL_RED); }},
   {"BorderColorThroughScalarIsInvalidEnum", kCompat, kAll, k2D, GL_INVALID_ENUM,
    GL_TEXTURE_BORDER_COLOR,
    [](gl_context &c) { c.TexParameterf(k2D, GL_TEXTURE_BORDER_COLOR, 0.5f); }},
   {"DepthStencilModeRejectsOtherEnums", kCompat, kAll, k2D, GL_INVALID_ENUM,
    GL_DEPTH_STENCIL_TEXTURE_MODE,
    [](gl_context &c) { c.TexParameteri(k2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_STENCIL); }},
   {"DepthTextureModeRejectsOtherEnums", kCompat, kAll, k2D, GL_INVALID_ENUM,
    GL_DEPTH_TEXTURE_MODE,
    [](gl_context &c) { c.TexParameteri(k2D, GL_DEPTH_TEXTURE_MODE, GL_RGBA); }},
   {"DepthTextureModeIsInvalidEnumInCoreProfile", kCore, kAll, k2D, GL_INVALID_ENUM,
    GL_TEXTURE_SWIZZLE_R,
    [](gl_context &c) { c.TexParameteri(k2D, GL_DEPTH_TEXTURE_MODE, GL_RED); }},
   {"SeamlessTextureParameterNeedsItsExtension", kCompat, kNone, k2D, GL_INVALID_ENUM,
    GL_TEXTURE_WRAP_S,
    [](gl_context &c) { c.TexParameteri(k2D, GL_TEXTURE_CUBE_MAP_SEAMLESS, GL_TRUE); }},
   {"SeamlessTextureParameterTwoIsInvalidValue", kCompat, kAll, k2D, GL_INVALID_VALUE,
    GL_TEXTURE_CUBE_MAP_SEAMLESS,
    [](gl_context &c) { c.TexParameteri(k2D, GL_TEXTURE_CUBE_MAP_SEAMLESS, 2); }},
   {"SrgbDecodeTextureParameterNeedsItsExtension", kCompat, kNone, k2D, GL_INVALID_ENUM,
    GL_TEXTURE_WRAP_S,
    [](gl_context &c) { c.TexParameteri(k2D, GL_TEXTURE_SRGB_DECODE_EXT, GL_DECODE_EXT); }},
   {"ReductionModeTextureParameterNeedsItsExtension", kCompat, kNone, k2D, GL_INVALID_ENUM,
    GL_TEXTURE_WRAP_S,
    [](gl_context &c) { c.TexParameteri(k2D, GL_TEXTURE_REDUCTION_MODE_ARB, GL_MAX); }},
   {"TextureAnisotropyBelowOneIsInvalidValue", kCompat, kAll, k2D, GL_INVALID_VALUE,
    GL_TEXTURE_MAX_ANISOTROPY,
    [](gl_context &c) { c.TexParameterf(k2D, GL_TEXTURE_MAX_ANISOTROPY, 0.0f); }},
   {"TextureMagFilterRejectsMipmapFilter", kCompat, kAll, k2D, GL_INVALID_ENUM,
    GL_TEXTURE_MAG_FILTER,
    [](gl_context &c) { c.TexParameteri(k2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST_MIPMAP_NEAREST); }},
};

class TexParameterErrors : public ::testing::TestWithParam<tex_error_case> {};

TEST_P(TexParameterErrors, RaisesItsErrorAndLeavesTheTextureUnchanged) {
   const tex_error_case &tc = GetParam();
   gl_context ctx(tc.profile, tc.extensions);
   const GLuint t = bind_new_texture(ctx, tc.target);
   const gl_texture_object before = *ctx.lookup_texture(t);
   GLfloat value_before[4] = {}, value_after[4] = {};
   ctx.GetTexParameterfv(tc.target, tc.readback, value_before);
   ASSERT_EQ(ctx.GetError(), GL_NO_ERROR);

   tc.call(ctx);
   EXPECT_EQ(ctx.GetError(), tc.error) << gl_error_name(tc.error);
   EXPECT_FALSE(ctx.last_error_message().empty());

   ctx.GetTexParameterfv(tc.target, tc.readback, value_after);
   EXPECT_EQ(std::memcmp(value_before, value_after, sizeof(value_before)), 0);
   EXPECT_TRUE(same_texture_state(before, *ctx.lookup_texture(t)));
}

INSTANTIATE_TEST_SUITE_P(Rule, TexParameterErrors, ::testing::ValuesIn(kTexErrors),
                         [](const ::testing::TestParamInfo<tex_error_case> &p) {
                            return std::string(p.param.name);
                         });

// ---- Accepted values ----

TEST(TexParameter, RectangleAcceptsTheClampModesForEveryWrap) {
   for (GLenum wrap : {GL_CLAMP, GL_CLAMP_TO_EDGE, GL_CLAMP_TO_BORDER}) {
      gl_context ctx;
      bind_new_texture(ctx, kRect);
      for (GLenum pname : {GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T, GL_TEXTURE_WRAP_R}) {
         ctx.TexParameteri(kRect, pname, static_cast<GLint>(wrap));
         EXPECT_EQ(static_cast<GLenum>(get_i(ctx, kRect, pname)), wrap) << gl_enum_name(wrap);
      }
      EXPECT_EQ(ctx.GetError(), GL_NO_ERROR) << gl_enum_name(wrap);
   }
}

TEST(TexParameter, RectangleRestrictsOnlySAndTNotR) {
   // GL 4.6 §8.10 names TEXTURE_WRAP_S and TEXTURE_WRAP_T only.
   gl_context ctx;
   bind_new_texture(ctx, kRect);
   ctx.TexParameteri(kRect, GL_TEXTURE_WRAP_R, GL_REPEAT);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   EXPECT_EQ(static_cast<GLenum>(get_i(ctx, kRect, GL_TEXTURE_WRAP_R)), GL_REPEAT);
}

TEST(TexParameter, RectangleAcceptsNearestAndLinearMinFilterAndBaseLevelZero) {
   gl_context ctx;
   bind_new_texture(ctx, kRect);
   ctx.TexParameteri(kRect, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   ctx.TexParameteri(kRect, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   ctx.TexParameteri(kRect, GL_TEXTURE_BASE_LEVEL, 0);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(TexParameter, RectangleMaxLevelIsNotRestricted) {
   gl_context ctx;
   bind_new_texture(ctx, kRect);
   ctx.TexParameteri(kRect, GL_TEXTURE_MAX_LEVEL, 3);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   EXPECT_EQ(get_i(ctx, kRect, GL_TEXTURE_MAX_LEVEL), 3);
}

TEST(TexParameter, MultisampleAcceptsTextureOnlyState) {
   gl_context ctx;
   bind_new_texture(ctx, kMS);
   ctx.TexParameteri(kMS, GL_TEXTURE_SWIZZLE_R, GL_ONE);
   ctx.TexParameteri(kMS, GL_TEXTURE_MAX_LEVEL, 0);
   ctx.TexParameteri(kMS, GL_TEXTURE_BASE_LEVEL, 0);
   ctx.TexParameteri(kMS, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(TexParameter, MultisampleSamplerStateCanBeQueried) {
   gl_context ctx;
   bind_new_texture(ctx, kMS);
   EXPECT_EQ(static_cast<GLenum>(get_i(ctx, kMS, GL_TEXTURE_MAG_FILTER)), GL_LINEAR);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(TexParameter, EverySwizzleSourceIsAccepted) {
   gl_context ctx;
   bind_new_texture(ctx, k2D);
   for (GLenum src : {GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA, GL_ZERO, GL_ONE}) {
      ctx.TexParameteri(k2D, GL_TEXTURE_SWIZZLE_B, static_cast<GLint>(src));
      EXPECT_EQ(static_cast<GLenum>(get_i(ctx, k2D, GL_TEXTURE_SWIZZLE_B)), src);
   }
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(TexParameter, SwizzleRgbaSetsAllFourAndReadsBackPerChannel) {
   gl_context ctx;
   bind_new_texture(ctx, k2D);
   const GLint v[4] = {GL_ALPHA, GL_ZERO, GL_ONE, GL_RED};
   ctx.TexParameteriv(k2D, GL_TEXTURE_SWIZZLE_RGBA, v);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   EXPECT_EQ(get_i(ctx, k2D, GL_TEXTURE_SWIZZLE_R), v[0]);
   EXPECT_EQ(get_i(ctx, k2D, GL_TEXTURE_SWIZZLE_G), v[1]);
   EXPECT_EQ(get_i(ctx, k2D, GL_TEXTURE_SWIZZLE_B), v[2]);
   EXPECT_EQ(get_i(ctx, k2D, GL_TEXTURE_SWIZZLE_A), v[3]);
}

TEST(TexParameter, SwizzleRgbaAcceptsEveryVectorEntryPoint) {
   gl_context ctx;
   bind_new_texture(ctx, k2D);
   const GLuint u[4] = {GL_BLUE, GL_BLUE, GL_BLUE, GL_BLUE};
   ctx.TexParameterIuiv(k2D, GL_TEXTURE_SWIZZLE_RGBA, u);
   EXPECT_EQ(static_cast<GLenum>(get_i(ctx, k2D, GL_TEXTURE_SWIZZLE_A)), GL_BLUE);
   const GLint i[4] = {GL_GREEN, GL_GREEN, GL_GREEN, GL_GREEN};
   ctx.TexParameterIiv(k2D, GL_TEXTURE_SWIZZLE_RGBA, i);
   EXPECT_EQ(static_cast<GLenum>(get_i(ctx, k2D, GL_TEXTURE_SWIZZLE_A)), GL_GREEN);
   const GLfloat f[4] = {static_cast<GLfloat>(GL_ONE), 0.0f, static_cast<GLfloat>(GL_RED),
                         static_cast<GLfloat>(GL_ALPHA)};
   ctx.TexParameterfv(k2D, GL_TEXTURE_SWIZZLE_RGBA, f);
   EXPECT_EQ(get_i(ctx, k2D, GL_TEXTURE_SWIZZLE_R), static_cast<GLint>(GL_ONE));
   EXPECT_EQ(get_i(ctx, k2D, GL_TEXTURE_SWIZZLE_G), static_cast<GLint>(GL_ZERO));
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   GLfloat back[4] = {};
   ctx.GetTexParameterfv(k2D, GL_TEXTURE_SWIZZLE_RGBA, back);
   EXPECT_EQ(back[2], static_cast<GLfloat>(GL_RED));
}

TEST(TexParameter, DepthTextureModeAcceptsItsFourValuesInCompatibility) {
   gl_context ctx(gl_profile::compatibility);
   bind_new_texture(ctx, k2D);
   for (GLenum mode : {GL_INTENSITY, GL_ALPHA, GL_RED, GL_LUMINANCE}) {
      ctx.TexParameteri(k2D, GL_DEPTH_TEXTURE_MODE, static_cast<GLint>(mode));
      EXPECT_EQ(static_cast<GLenum>(get_i(ctx, k2D, GL_DEPTH_TEXTURE_MODE)), mode);
   }
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(TexParameter, DepthTextureModeQueryIsInvalidEnumInCoreProfile) {
   gl_context ctx(gl_profile::core);
   GLint v = -7;
   ctx.GetTexParameteriv(k2D, GL_DEPTH_TEXTURE_MODE, &v);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_ENUM);
   EXPECT_EQ(v, -7);
}

TEST(TexParameter, DepthStencilModeSetsStencilSampling) {
   gl_context ctx;
   const GLuint t = bind_new_texture(ctx, k2D);
   ctx.TexParameteri(k2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
   EXPECT_TRUE(ctx.lookup_texture(t)->Attrib.StencilSampling);
   EXPECT_EQ(static_cast<GLenum>(get_i(ctx, k2D, GL_DEPTH_STENCIL_TEXTURE_MODE)), GL_STENCIL_INDEX);
   ctx.TexParameteri(k2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_COMPONENT);
   EXPECT_FALSE(ctx.lookup_texture(t)->Attrib.StencilSampling);
}

TEST(TexParameter, LevelsFromFloatsAreRoundedToNearest) {
   gl_context ctx;
   bind_new_texture(ctx, k2D);
   ctx.TexParameterf(k2D, GL_TEXTURE_BASE_LEVEL, 2.6f);
   ctx.TexParameterf(k2D, GL_TEXTURE_MAX_LEVEL, 7.4f);
   EXPECT_EQ(get_i(ctx, k2D, GL_TEXTURE_BASE_LEVEL), 3);
   EXPECT_EQ(get_i(ctx, k2D, GL_TEXTURE_MAX_LEVEL), 7);
   GLfloat f = 0;
   ctx.GetTexParameterfv(k2D, GL_TEXTURE_MAX_LEVEL, &f);
   EXPECT_EQ(f, 7.0f);
}

TEST(TexParameter, BaseLevelAboveMaxLevelIsNotAnError) {
   gl_context ctx;
   bind_new_texture(ctx, k2D);
   ctx.TexParameteri(k2D, GL_TEXTURE_MAX_LEVEL, 2);
   ctx.TexParameteri(k2D, GL_TEXTURE_BASE_LEVEL, 5);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(TexParameter, LevelsAreStoredAsGivenOnImmutableTextures) {
   // GL 4.6 §8.14.3 clamps level_base/level_max when sampling, not the parameter.
   gl_context ctx;
   bind_new_texture(ctx, k2D);
   ctx.TexStorage(k2D, 2, kRGBA8, 4, 4, 1);
   ctx.TexParameteri(k2D, GL_TEXTURE_MAX_LEVEL, 9);
   EXPECT_EQ(get_i(ctx, k2D, GL_TEXTURE_MAX_LEVEL), 9);
}

TEST(TexParameter, TexParameterChangesTheTextureNotTheBoundSampler) {
   gl_context ctx;
   const GLuint t = bind_new_texture(ctx, k2D);
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   ctx.BindSampler(0, s);
   ctx.TexParameteri(k2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   EXPECT_EQ(ctx.lookup_texture(t)->Sampler.Attrib.MagFilter, GL_NEAREST);
   EXPECT_EQ(ctx.lookup_sampler(s)->Attrib.MagFilter, GL_LINEAR);
   EXPECT_EQ(ctx.sampler_for_unit(0, ctx.lookup_texture(t)), ctx.lookup_sampler(s));
}

TEST(TexParameter, TexParameterUsesTheActiveUnitsBinding) {
   gl_context ctx;
   const GLuint a = bind_new_texture(ctx, k2D);
   ctx.ActiveTexture(GL_TEXTURE0 + 3);
   const GLuint b = bind_new_texture(ctx, k2D);
   ctx.TexParameteri(k2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   EXPECT_EQ(ctx.lookup_texture(a)->Sampler.Attrib.WrapS, GL_REPEAT);
   EXPECT_EQ(ctx.lookup_texture(b)->Sampler.Attrib.WrapS, GL_CLAMP_TO_EDGE);
   EXPECT_EQ(ctx.current_texture(3, k2D), ctx.lookup_texture(b));
   EXPECT_EQ(ctx.current_texture(0, k2D), ctx.lookup_texture(a));
}

TEST(TexParameter, DefaultTextureTakesParameters) {
   gl_context ctx;
   ctx.TexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_R, GL_MIRRORED_REPEAT);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   EXPECT_EQ(ctx.current_texture(0, GL_TEXTURE_3D)->Sampler.Attrib.WrapR, GL_MIRRORED_REPEAT);
}

TEST(TexParameter, MessageNamesEntryPointTargetPnameAndValue) {
   gl_context ctx;
   bind_new_texture(ctx, kRect);
   ctx.TexParameteri(kRect, GL_TEXTURE_WRAP_S, GL_REPEAT);
   EXPECT_EQ(ctx.last_error_message(),
             "glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_WRAP_S, GL_REPEAT): GL_REPEAT is not "
             "allowed for rectangle textures");
}

// ---- Binding ----

TEST(TextureBinding, BindingWithADifferentTargetIsInvalidOperation) {
   gl_context ctx;
   const GLuint t = bind_new_texture(ctx, k2D);
   ctx.BindTexture(GL_TEXTURE_3D, t);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
   EXPECT_EQ(ctx.unit(0).CurrentTex[TEXTURE_3D_INDEX], 0u);
   EXPECT_EQ(ctx.lookup_texture(t)->Target, k2D);
}

TEST(TextureBinding, BadTargetIsInvalidEnum) {
   gl_context ctx;
   GLuint t = 0;
   ctx.GenTextures(1, &t);
   ctx.BindTexture(GL_TEXTURE0, t);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_ENUM);
   EXPECT_EQ(ctx.lookup_texture(t)->Target, 0u);
}

TEST(TextureBinding, UngeneratedNameIsInvalidOperationInCoreProfile) {
   gl_context ctx(gl_profile::core);
   ctx.BindTexture(k2D, 77);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
   EXPECT_EQ(ctx.lookup_texture(77), nullptr);
   EXPECT_EQ(ctx.unit(0).CurrentTex[TEXTURE_2D_INDEX], 0u);
}

TEST(TextureBinding, UngeneratedNameCreatesATextureInCompatibilityProfile) {
   gl_context ctx(gl_profile::compatibility);
   ctx.BindTexture(k2D, 77);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   ASSERT_NE(ctx.lookup_texture(77), nullptr);
   EXPECT_EQ(ctx.lookup_texture(77)->Target, k2D);
   GLuint names[100] = {};
   ctx.GenTextures(100, names);
   for (GLuint n : names)
      EXPECT_NE(n, 77u);
}

TEST(TextureBinding, DeleteTexturesRevertsEveryBindingToTheDefault) {
   gl_context ctx;
   const GLuint t = bind_new_texture(ctx, k2D);
   ctx.ActiveTexture(GL_TEXTURE0 + 2);
   ctx.BindTexture(k2D, t);
   ctx.DeleteTextures(1, &t);
   EXPECT_EQ(ctx.unit(0).CurrentTex[TEXTURE_2D_INDEX], 0u);
   EXPECT_EQ(ctx.unit(2).CurrentTex[TEXTURE_2D_INDEX], 0u);
   EXPECT_EQ(ctx.current_texture(2, k2D)->Name, 0u);
   EXPECT_EQ(ctx.lookup_texture(t), nullptr);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(TextureBinding, ActiveTextureOutOfRangeIsInvalidEnumAndKeepsTheUnit) {
   gl_limits lim;
   lim.MaxCombinedTextureImageUnits = 4;
   gl_context ctx(gl_profile::compatibility, gl_extensions(), lim);
   ctx.ActiveTexture(GL_TEXTURE0 + 3);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   ctx.ActiveTexture(GL_TEXTURE0 + 4);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_ENUM);
   ctx.ActiveTexture(GL_TEXTURE0 - 1);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_ENUM);
   EXPECT_EQ(ctx.active_unit(), 3u);
}

// ---- TexStorage ----

struct storage_error_case {
   const char *name;
   gl_profile profile;
   gl_extensions extensions;
   GLenum target;
   GLsizei levels;
   GLenum format;
   GLsizei w, h, d;
   GLenum error;
};

const storage_error_case kStorageErrors[] = {
   {"ZeroLevelsIsInvalidValue", kCompat, kAll, k2D, 0, kRGBA8, 4, 4, 1, GL_INVALID_VALUE},
   {"ZeroWidthIsInvalidValue", kCompat, kAll, k2D, 1, kRGBA8, 0, 4, 1, GL_INVALID_VALUE},
   {"NegativeHeightIsInvalidValue", kCompat, kAll, k2D, 1, kRGBA8, 4, -4, 1, GL_INVALID_VALUE},
   {"ZeroDepthIsInvalidValue", kCompat, kAll, GL_TEXTURE_3D, 1, kRGBA8, 4, 4, 0, GL_INVALID_VALUE},
   {"TooManyLevelsFor2DIsInvalidOperation", kCompat, kAll, k2D, 4, kRGBA8, 4, 3, 1,
    GL_INVALID_OPERATION},
   {"TooManyLevelsFor1DArrayIgnoresLayers", kCompat, kAll, GL_TEXTURE_1D_ARRAY, 4, kRGBA8, 4, 64, 1,
    GL_INVALID_OPERATION},
   {"TooManyLevelsFor2DArrayIgnoresLayers", kCompat, kAll, GL_TEXTURE_2D_ARRAY, 4, kRGBA8, 4, 4, 64,
    GL_INVALID_OPERATION},
   {"RectangleWithTwoLevelsIsInvalidOperation", kCompat, kAll, kRect, 2, kRGBA8, 8, 8, 1,
    GL_INVALID_OPERATION},
   {"UnsizedFormatIsInvalidEnum", kCompat, kAll, k2D, 1, GL_RGBA, 4, 4, 1, GL_INVALID_ENUM},
   {"UnknownFormatIsInvalidEnum", kCompat, kAll, k2D, 1, 0x1234, 4, 4, 1, GL_INVALID_ENUM},
   {"LegacyLuminanceIsInvalidEnumInCoreProfile", kCore, kAll, k2D, 1, kLuminance8, 4, 4, 1,
    GL_INVALID_ENUM},
   {"LegacyIntegerAlphaIsInvalidEnumInCoreProfile", kCore, kAll, k2D, 1, kAlpha8UI, 4, 4, 1,
    GL_INVALID_ENUM},
   {"LegacyIntegerAlphaNeedsTextureInteger", kCompat, kNone, k2D, 1, kAlpha8UI, 4, 4, 1,
    GL_INVALID_ENUM},
   {"CubeMapWithWidthNotHeightIsInvalidValue", kCompat, kAll, GL_TEXTURE_CUBE_MAP, 1, kRGBA8, 8, 4,
    1, GL_INVALID_VALUE},
   {"CubeMapArrayLayersNotAMultipleOfSixIsInvalidValue", kCompat, kAll, GL_TEXTURE_CUBE_MAP_ARRAY,
    1, kRGBA8, 4, 4, 8, GL_INVALID_VALUE},
   {"OneDimensionalWithHeightIsInvalidValue", kCompat, kAll, GL_TEXTURE_1D, 1, kRGBA8, 4, 2, 1,
    GL_INVALID_VALUE},
   {"TwoDimensionalWithDepthIsInvalidValue", kCompat, kAll, k2D, 1, kRGBA8, 4, 4, 2,
    GL_INVALID_VALUE},
   {"WidthAboveMaxTextureSizeIsInvalidValue", kCompat, kAll, k2D, 1, kRGBA8, 16385, 1, 1,
    GL_INVALID_VALUE},
   {"BufferTargetIsInvalidEnum", kCompat, kAll, GL_TEXTURE_BUFFER, 1, kRGBA8, 4, 1, 1,
    GL_INVALID_ENUM},
   {"MultisampleTargetIsInvalidEnum", kCompat, kAll, kMS, 1, kRGBA8, 4, 4, 1, GL_INVALID_ENUM},
   {"DepthFormatOn3DIsInvalidOperation", kCompat, kAll, GL_TEXTURE_3D, 1, kDepth24, 4, 4, 4,
    GL_INVALID_OPERATION},
   {"RgtcOn3DIsInvalidOperation", kCompat, kAll, GL_TEXTURE_3D, 1, kRGTC1, 4, 4, 4,
    GL_INVALID_OPERATION},
   {"CompressedOn1DIsInvalidEnum", kCompat, kAll, GL_TEXTURE_1D, 1, kRGTC1, 4, 1, 1,
    GL_INVALID_ENUM},
};

class TexStorageErrors : public ::testing::TestWithParam<storage_error_case> {};

TEST_P(TexStorageErrors, RaisesItsErrorAndAllocatesNothing) {
   const storage_error_case &tc = GetParam();
   gl_context ctx(tc.profile, tc.extensions);
   const GLuint t = bind_new_texture(ctx, tc.target);
   ASSERT_EQ(ctx.GetError(), GL_NO_ERROR);
   ctx.TexStorage(tc.target, tc.levels, tc.format, tc.w, tc.h, tc.d);
   EXPECT_EQ(ctx.GetError(), tc.error) << ctx.last_error_message();
   const gl_texture_object *tex = ctx.lookup_texture(t);
   EXPECT_EQ(tex->Levels, 0u);
   EXPECT_EQ(tex->Format, PIPE_FORMAT_NONE);
   EXPECT_EQ(tex->InternalFormat, 0u);
}

INSTANTIATE_TEST_SUITE_P(Rule, TexStorageErrors, ::testing::ValuesIn(kStorageErrors),
                         [](const ::testing::TestParamInfo<storage_error_case> &p) {
                            return std::string(p.param.name);
                         });

TEST(TexStorage, RecordsFormatSizeAndLevels) {
   gl_context ctx;
   const GLuint t = bind_new_texture(ctx, GL_TEXTURE_2D_ARRAY);
   ctx.TexStorage(GL_TEXTURE_2D_ARRAY, 3, kRGBA8, 8, 4, 5);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   const gl_texture_object *tex = ctx.lookup_texture(t);
   EXPECT_EQ(tex->InternalFormat, kRGBA8);
   EXPECT_EQ(tex->Format, PIPE_FORMAT_R8G8B8A8_UNORM);
   EXPECT_EQ(tex->Width, 8u);
   EXPECT_EQ(tex->Height, 4u);
   EXPECT_EQ(tex->Depth, 5u);
   EXPECT_EQ(tex->Levels, 3u);
   EXPECT_EQ(get_i(ctx, GL_TEXTURE_2D_ARRAY, GL_TEXTURE_IMMUTABLE_FORMAT), GL_TRUE);
   EXPECT_EQ(get_i(ctx, GL_TEXTURE_2D_ARRAY, GL_TEXTURE_IMMUTABLE_LEVELS), 3);
}

TEST(TexStorage, FullMipChainIsAccepted) {
   gl_context ctx;
   bind_new_texture(ctx, GL_TEXTURE_3D);
   ctx.TexStorage(GL_TEXTURE_3D, 4, kRGBA8, 2, 1, 8);  // floor(log2(8)) + 1 = 4
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(TexStorage, SecondStorageIsInvalidOperation) {
   gl_context ctx;
   const GLuint t = bind_new_texture(ctx, k2D);
   ctx.TexStorage(k2D, 1, kRGBA8, 4, 4, 1);
   ctx.TexStorage(k2D, 1, kRGBA8UI, 8, 8, 1);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
   EXPECT_EQ(ctx.lookup_texture(t)->InternalFormat, kRGBA8);
   EXPECT_EQ(ctx.lookup_texture(t)->Width, 4u);
}

TEST(TexStorage, DefaultTextureIsInvalidOperation) {
   gl_context ctx;
   ctx.TexStorage(k2D, 1, kRGBA8, 4, 4, 1);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
   EXPECT_EQ(ctx.current_texture(0, k2D)->Levels, 0u);
}

TEST(TexStorage, CubeMapArrayTakesLayersInMultiplesOfSix) {
   gl_context ctx;
   bind_new_texture(ctx, GL_TEXTURE_CUBE_MAP_ARRAY);
   ctx.TexStorage(GL_TEXTURE_CUBE_MAP_ARRAY, 1, kRGBA8, 4, 4, 12);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(TexStorage, LegacyIntegerFormatIsAcceptedWithTextureIntegerInCompatibility) {
   gl_context ctx(gl_profile::compatibility);
   bind_new_texture(ctx, k2D);
   ctx.TexStorage(k2D, 1, kAlpha8UI, 4, 4, 1);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(TexStorage, DepthFormatOnCubeMapIsAccepted) {
   gl_context ctx;
   bind_new_texture(ctx, GL_TEXTURE_CUBE_MAP);
   ctx.TexStorage(GL_TEXTURE_CUBE_MAP, 1, kDepth24, 16, 16, 1);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(TexStorage, BptcOn3DIsAccepted) {
   gl_context ctx;
   bind_new_texture(ctx, GL_TEXTURE_3D);
   ctx.TexStorage(GL_TEXTURE_3D, 1, kBPTC, 8, 8, 8);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

// ---- Unit LOD bias and enables ----

TEST(UnitState, TexEnvLodBiasSetsTheActiveUnit) {
   gl_context ctx(gl_profile::compatibility);
   ctx.ActiveTexture(GL_TEXTURE0 + 2);
   ctx.TexEnvf(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, -1.5f);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   EXPECT_EQ(ctx.unit(2).LodBias, -1.5f);
   EXPECT_EQ(ctx.unit(0).LodBias, 0.0f);
   GLfloat v = 0;
   ctx.GetTexEnvfv(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, &v);
   EXPECT_EQ(v, -1.5f);
}

// A core context has no glTexEnv: its dispatch answers a call with GL_INVALID_OPERATION (Mesa
// 22.3.6, src/mesa/main/context.c, nop_handler), as for every entry point the profile removed.
TEST(UnitState, TexEnvIsInvalidOperationInCoreProfile) {
   gl_context ctx(gl_profile::core);
   ctx.TexEnvf(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, 2.0f);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
   EXPECT_EQ(ctx.unit(0).LodBias, 0.0f);
   GLfloat v = 9.0f;
   ctx.GetTexEnvfv(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, &v);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
   EXPECT_EQ(v, 9.0f);
}

TEST(UnitState, TexEnvWithOtherTargetOrPnameIsInvalidEnum) {
   gl_context ctx(gl_profile::compatibility);
   ctx.TexEnvf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 2.0f);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_ENUM);
   ctx.TexEnvf(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_MIN_LOD, 2.0f);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_ENUM);
   EXPECT_EQ(ctx.unit(0).LodBias, 0.0f);
}

TEST(UnitState, TexEnvNaNBiasIsInvalidValue) {
   gl_context ctx(gl_profile::compatibility);
   ctx.TexEnvf(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, 0.5f);
   ctx.TexEnvf(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, kNaN);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_VALUE);
   EXPECT_EQ(ctx.unit(0).LodBias, 0.5f);
}

TEST(UnitState, TexEnvBiasIsNotClampedWhenSet) {
   gl_context ctx(gl_profile::compatibility);
   ctx.TexEnvf(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, 100.0f);
   EXPECT_EQ(ctx.unit(0).LodBias, 100.0f);
}

TEST(UnitState, SeamlessCubeMapEnableDisableAndQuery) {
   gl_context ctx;
   ctx.Enable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
   EXPECT_TRUE(ctx.cube_map_seamless());
   EXPECT_EQ(ctx.IsEnabled(GL_TEXTURE_CUBE_MAP_SEAMLESS), GL_TRUE);
   ctx.Disable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
   EXPECT_FALSE(ctx.cube_map_seamless());
   EXPECT_EQ(ctx.IsEnabled(GL_TEXTURE_CUBE_MAP_SEAMLESS), GL_FALSE);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(UnitState, SeamlessCubeMapEnableNeedsNoExtension) {
   gl_context ctx(gl_profile::core, gl_extensions::none());
   ctx.Enable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   EXPECT_TRUE(ctx.cube_map_seamless());
}

TEST(UnitState, OtherCapsAreInvalidEnum) {
   gl_context ctx;
   ctx.Enable(GL_TEXTURE_2D);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_ENUM);
   ctx.Disable(GL_TEXTURE_2D);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_ENUM);
   EXPECT_EQ(ctx.IsEnabled(GL_TEXTURE_2D), GL_FALSE);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_ENUM);
   EXPECT_FALSE(ctx.cube_map_seamless());
}

TEST(UnitState, PerTextureSeamlessIsIndependentOfTheGlobalEnable) {
   gl_context ctx;
   const GLuint t = bind_new_texture(ctx, GL_TEXTURE_CUBE_MAP);
   ctx.TexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_SEAMLESS, GL_TRUE);
   EXPECT_TRUE(ctx.lookup_texture(t)->Sampler.Attrib.CubeMapSeamless);
   EXPECT_FALSE(ctx.cube_map_seamless());
}

}  // namespace
}  // namespace clampler
