// Tests of sampler-object errors (every row leaves the object unchanged), object lifetimes, GetError and messages.
#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "clampler/gl/context.h"
#include "clampler/gl/gl_enum_names.h"

namespace clampler {
namespace {

constexpr GLfloat kNaN = std::numeric_limits<GLfloat>::quiet_NaN();
constexpr GLfloat kInf = std::numeric_limits<GLfloat>::infinity();

gl_extensions only(const char *name) {
   gl_extensions e = gl_extensions::none();
   e.enable(name);
   return e;
}

bool same_attrib(const gl_sampler_attrib &a, const gl_sampler_attrib &b) {
   return a.WrapS == b.WrapS && a.WrapT == b.WrapT && a.WrapR == b.WrapR &&
          a.MinFilter == b.MinFilter && a.MagFilter == b.MagFilter &&
          std::memcmp(&a.BorderColor, &b.BorderColor, sizeof(a.BorderColor)) == 0 &&
          a.BorderType == b.BorderType && a.MinLod == b.MinLod && a.MaxLod == b.MaxLod &&
          a.LodBias == b.LodBias && a.MaxAnisotropy == b.MaxAnisotropy &&
          a.CompareMode == b.CompareMode && a.CompareFunc == b.CompareFunc &&
          a.sRGBDecode == b.sRGBDecode && a.ReductionMode == b.ReductionMode &&
          a.CubeMapSeamless == b.CubeMapSeamless;
}

// A sampler moved away from the defaults with values every profile accepts, so a
// failed call that resets state is caught too.
GLuint make_baseline_sampler(gl_context &ctx) {
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   ctx.SamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
   ctx.SamplerParameteri(s, GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT);
   ctx.SamplerParameteri(s, GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE);
   ctx.SamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_NEAREST);
   ctx.SamplerParameteri(s, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   ctx.SamplerParameterf(s, GL_TEXTURE_MIN_LOD, 1.5f);
   ctx.SamplerParameterf(s, GL_TEXTURE_MAX_LOD, 6.0f);
   ctx.SamplerParameterf(s, GL_TEXTURE_LOD_BIAS, 0.75f);
   ctx.SamplerParameterf(s, GL_TEXTURE_MAX_ANISOTROPY, 2.0f);
   ctx.SamplerParameteri(s, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
   ctx.SamplerParameteri(s, GL_TEXTURE_COMPARE_FUNC, GL_GREATER);
   const GLfloat border[4] = {0.1f, 0.2f, 0.3f, 0.4f};
   ctx.SamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR, border);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   return s;
}

// ---- Parameter errors: one row per rule ----

struct sampler_error_case {
   const char *name;  // the rule, used as the test name
   gl_profile profile;
   gl_extensions extensions;
   GLenum error;
   GLenum readback;  // a pname queried before and after the call
   void (*call)(gl_context &, GLuint sampler);
};

const gl_profile kCompat = gl_profile::compatibility;
const gl_profile kCore = gl_profile::core;
const gl_extensions kAll = gl_extensions();
const gl_extensions kNone = gl_extensions::none();

const sampler_error_case kSamplerErrors[] = {
   {"UnknownPnameIsInvalidEnum", kCompat, kAll, GL_INVALID_ENUM, GL_TEXTURE_WRAP_S,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, 0x1234, GL_REPEAT); }},
   {"ClampIsInvalidEnumInCoreProfile", kCore, kAll, GL_INVALID_ENUM, GL_TEXTURE_WRAP_S,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_CLAMP); }},
   {"ClampIsInvalidEnumInCoreProfileForWrapR", kCore, kAll, GL_INVALID_ENUM, GL_TEXTURE_WRAP_R,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, GL_TEXTURE_WRAP_R, GL_CLAMP); }},
   {"MirrorClampNeedsMirrorClampOrMirrorOnce", kCompat, kNone, GL_INVALID_ENUM, GL_TEXTURE_WRAP_S,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_MIRROR_CLAMP_EXT); }},
   {"MirrorClampToBorderNeedsMirrorClamp", kCompat, only("GL_ATI_texture_mirror_once"),
    GL_INVALID_ENUM, GL_TEXTURE_WRAP_T,
    [](gl_context &c, GLuint s) {
       c.SamplerParameteri(s, GL_TEXTURE_WRAP_T, GL_MIRROR_CLAMP_TO_BORDER_EXT);
    }},
   {"WrapRejectsAFilterValue", kCompat, kAll, GL_INVALID_ENUM, GL_TEXTURE_WRAP_S,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_LINEAR); }},
   {"WrapRejectsZero", kCompat, kAll, GL_INVALID_ENUM, GL_TEXTURE_WRAP_T,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, GL_TEXTURE_WRAP_T, 0); }},
   {"MinFilterRejectsAWrapValue", kCompat, kAll, GL_INVALID_ENUM, GL_TEXTURE_MIN_FILTER,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_REPEAT); }},
   {"MagFilterRejectsMipmapFilters", kCompat, kAll, GL_INVALID_ENUM, GL_TEXTURE_MAG_FILTER,
    [](gl_context &c, GLuint s) {
       c.SamplerParameteri(s, GL_TEXTURE_MAG_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    }},
   {"CompareModeRejectsOtherEnums", kCompat, kAll, GL_INVALID_ENUM, GL_TEXTURE_COMPARE_MODE,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, GL_TEXTURE_COMPARE_MODE, GL_LEQUAL); }},
   {"CompareFuncRejectsBelowNever", kCompat, kAll, GL_INVALID_ENUM, GL_TEXTURE_COMPARE_FUNC,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, GL_TEXTURE_COMPARE_FUNC, GL_NEVER - 1); }},
   {"CompareFuncRejectsAboveAlways", kCompat, kAll, GL_INVALID_ENUM, GL_TEXTURE_COMPARE_FUNC,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, GL_TEXTURE_COMPARE_FUNC, GL_ALWAYS + 1); }},
   {"SrgbDecodeRejectsOtherEnums", kCompat, kAll, GL_INVALID_ENUM, GL_TEXTURE_SRGB_DECODE_EXT,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, GL_TEXTURE_SRGB_DECODE_EXT, GL_TRUE); }},
   {"ReductionModeRejectsOtherEnums", kCompat, kAll, GL_INVALID_ENUM,
    GL_TEXTURE_REDUCTION_MODE_ARB,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, GL_TEXTURE_REDUCTION_MODE_ARB, GL_LESS); }},
   {"SrgbDecodePnameNeedsItsExtension", kCompat, kNone, GL_INVALID_ENUM, GL_TEXTURE_WRAP_S,
    [](gl_context &c, GLuint s) {
       c.SamplerParameteri(s, GL_TEXTURE_SRGB_DECODE_EXT, GL_SKIP_DECODE_EXT);
    }},
   {"ReductionModePnameNeedsItsExtension", kCompat, kNone, GL_INVALID_ENUM, GL_TEXTURE_WRAP_S,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, GL_TEXTURE_REDUCTION_MODE_ARB, GL_MIN); }},
   {"CubeMapSeamlessPnameNeedsItsExtension", kCompat, kNone, GL_INVALID_ENUM, GL_TEXTURE_WRAP_S,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, GL_TEXTURE_CUBE_MAP_SEAMLESS, GL_TRUE); }},
   {"AnisotropyBelowOneIsInvalidValue", kCompat, kAll, GL_INVALID_VALUE, GL_TEXTURE_MAX_ANISOTROPY,
    [](gl_context &c, GLuint s) { c.SamplerParameterf(s, GL_TEXTURE_MAX_ANISOTROPY, 0.999f); }},
   {"AnisotropyZeroAsIntegerIsInvalidValue", kCompat, kAll, GL_INVALID_VALUE,
    GL_TEXTURE_MAX_ANISOTROPY,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, GL_TEXTURE_MAX_ANISOTROPY, 0); }},
   {"AnisotropyNaNIsInvalidValue", kCompat, kAll, GL_INVALID_VALUE, GL_TEXTURE_MAX_ANISOTROPY,
    [](gl_context &c, GLuint s) { c.SamplerParameterf(s, GL_TEXTURE_MAX_ANISOTROPY, kNaN); }},
   {"AnisotropyMinusInfinityIsInvalidValue", kCompat, kAll, GL_INVALID_VALUE,
    GL_TEXTURE_MAX_ANISOTROPY,
    [](gl_context &c, GLuint s) { c.SamplerParameterf(s, GL_TEXTURE_MAX_ANISOTROPY, -kInf); }},
   {"MinLodNaNIsInvalidValue", kCompat, kAll, GL_INVALID_VALUE, GL_TEXTURE_MIN_LOD,
    [](gl_context &c, GLuint s) { c.SamplerParameterf(s, GL_TEXTURE_MIN_LOD, kNaN); }},
   {"MaxLodNaNIsInvalidValue", kCompat, kAll, GL_INVALID_VALUE, GL_TEXTURE_MAX_LOD,
    [](gl_context &c, GLuint s) {
       const GLfloat v = kNaN;
       c.SamplerParameterfv(s, GL_TEXTURE_MAX_LOD, &v);
    }},
   {"LodBiasNaNIsInvalidValue", kCompat, kAll, GL_INVALID_VALUE, GL_TEXTURE_LOD_BIAS,
    [](gl_context &c, GLuint s) { c.SamplerParameterf(s, GL_TEXTURE_LOD_BIAS, kNaN); }},
   {"CubeMapSeamlessTwoIsInvalidValue", kCompat, kAll, GL_INVALID_VALUE,
    GL_TEXTURE_CUBE_MAP_SEAMLESS,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, GL_TEXTURE_CUBE_MAP_SEAMLESS, 2); }},
   {"CubeMapSeamlessMinusOneIsInvalidValue", kCompat, kAll, GL_INVALID_VALUE,
    GL_TEXTURE_CUBE_MAP_SEAMLESS,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, GL_TEXTURE_CUBE_MAP_SEAMLESS, -1); }},
   {"CubeMapSeamlessNaNIsInvalidValue", kCompat, kAll, GL_INVALID_VALUE,
    GL_TEXTURE_CUBE_MAP_SEAMLESS,
    [](gl_context &c, GLuint s) { c.SamplerParameterf(s, GL_TEXTURE_CUBE_MAP_SEAMLESS, kNaN); }},
   {"BorderColorThroughScalarIntegerIsInvalidEnum", kCompat, kAll, GL_INVALID_ENUM,
    GL_TEXTURE_BORDER_COLOR,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, GL_TEXTURE_BORDER_COLOR, 1); }},
   {"BorderColorThroughScalarFloatIsInvalidEnum", kCompat, kAll, GL_INVALID_ENUM,
    GL_TEXTURE_BORDER_COLOR,
    [](gl_context &c, GLuint s) { c.SamplerParameterf(s, GL_TEXTURE_BORDER_COLOR, 1.0f); }},
   {"SwizzleIsATextureParameterNotASamplerParameter", kCompat, kAll, GL_INVALID_ENUM,
    GL_TEXTURE_WRAP_S,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, GL_TEXTURE_SWIZZLE_R, GL_GREEN); }},
   {"SwizzleRgbaIsATextureParameterNotASamplerParameter", kCompat, kAll, GL_INVALID_ENUM,
    GL_TEXTURE_WRAP_S,
    [](gl_context &c, GLuint s) {
       const GLint swz[4] = {GL_RED, GL_RED, GL_RED, GL_RED};
       c.SamplerParameteriv(s, GL_TEXTURE_SWIZZLE_RGBA, swz);
    }},
   {"BaseLevelIsATextureParameterNotASamplerParameter", kCompat, kAll, GL_INVALID_ENUM,
    GL_TEXTURE_WRAP_S,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, GL_TEXTURE_BASE_LEVEL, 1); }},
   {"MaxLevelIsATextureParameterNotASamplerParameter", kCompat, kAll, GL_INVALID_ENUM,
    GL_TEXTURE_WRAP_S,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, GL_TEXTURE_MAX_LEVEL, 1); }},
   {"DepthTextureModeIsATextureParameterNotASamplerParameter", kCompat, kAll, GL_INVALID_ENUM,
    GL_TEXTURE_WRAP_S,
    [](gl_context &c, GLuint s) { c.SamplerParameteri(s, GL_DEPTH_TEXTURE_MODE, GL_ALPHA); }},
   {"DepthStencilModeIsATextureParameterNotASamplerParameter", kCompat, kAll, GL_INVALID_ENUM,
    GL_TEXTURE_WRAP_S,
    [](gl_context &c, GLuint s) {
       c.SamplerParameteri(s, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
    }},
   {"NaNForAnEnumPnameIsInvalidEnum", kCompat, kAll, GL_INVALID_ENUM, GL_TEXTURE_WRAP_S,
    [](gl_context &c, GLuint s) { c.SamplerParameterf(s, GL_TEXTURE_WRAP_S, kNaN); }},
   {"InfinityForAnEnumPnameIsInvalidEnum", kCompat, kAll, GL_INVALID_ENUM, GL_TEXTURE_MAG_FILTER,
    [](gl_context &c, GLuint s) { c.SamplerParameterf(s, GL_TEXTURE_MAG_FILTER, kInf); }},
   {"NegativeFloatForAnEnumPnameIsInvalidEnum", kCompat, kAll, GL_INVALID_ENUM,
    GL_TEXTURE_COMPARE_FUNC,
    [](gl_context &c, GLuint s) { c.SamplerParameterf(s, GL_TEXTURE_COMPARE_FUNC, -515.0f); }},
};

class SamplerParameterErrors : public ::testing::TestWithParam<sampler_error_case> {};

TEST_P(SamplerParameterErrors, RaisesItsErrorAndLeavesTheSamplerUnchanged) {
   const sampler_error_case &tc = GetParam();
   gl_context ctx(tc.profile, tc.extensions);
   const GLuint s = make_baseline_sampler(ctx);
   const gl_sampler_attrib before = ctx.lookup_sampler(s)->Attrib;
   GLfloat value_before[4] = {}, value_after[4] = {};
   ctx.GetSamplerParameterfv(s, tc.readback, value_before);
   ASSERT_EQ(ctx.GetError(), GL_NO_ERROR);

   tc.call(ctx, s);
   EXPECT_EQ(ctx.GetError(), tc.error) << gl_error_name(tc.error);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   EXPECT_FALSE(ctx.last_error_message().empty());

   ctx.GetSamplerParameterfv(s, tc.readback, value_after);
   EXPECT_EQ(std::memcmp(value_before, value_after, sizeof(value_before)), 0);
   EXPECT_TRUE(same_attrib(before, ctx.lookup_sampler(s)->Attrib));
}

INSTANTIATE_TEST_SUITE_P(Rule, SamplerParameterErrors, ::testing::ValuesIn(kSamplerErrors),
                         [](const ::testing::TestParamInfo<sampler_error_case> &p) {
                            return std::string(p.param.name);
                         });

// ---- The same rules hold for every set entry point ----

TEST(SamplerErrors, EveryEntryPointRejectsAnUnknownSamplerName) {
   gl_context ctx;
   const GLuint bad = 42;
   const GLint iv[4] = {GL_REPEAT, 0, 0, 0};
   const GLuint uiv[4] = {GL_REPEAT, 0, 0, 0};
   const GLfloat fv[4] = {static_cast<GLfloat>(GL_REPEAT), 0, 0, 0};
   ctx.SamplerParameteri(bad, GL_TEXTURE_WRAP_S, GL_REPEAT);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
   ctx.SamplerParameterf(bad, GL_TEXTURE_WRAP_S, fv[0]);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
   ctx.SamplerParameteriv(bad, GL_TEXTURE_WRAP_S, iv);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
   ctx.SamplerParameterfv(bad, GL_TEXTURE_WRAP_S, fv);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
   ctx.SamplerParameterIiv(bad, GL_TEXTURE_WRAP_S, iv);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
   ctx.SamplerParameterIuiv(bad, GL_TEXTURE_WRAP_S, uiv);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
}

TEST(SamplerErrors, EveryGetEntryPointRejectsAnUnknownSamplerNameAndWritesNothing) {
   gl_context ctx;
   GLint i = 7;
   GLuint u = 7;
   GLfloat f = 7.0f;
   ctx.GetSamplerParameteriv(5, GL_TEXTURE_WRAP_S, &i);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
   ctx.GetSamplerParameterfv(5, GL_TEXTURE_WRAP_S, &f);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
   ctx.GetSamplerParameterIiv(5, GL_TEXTURE_WRAP_S, &i);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
   ctx.GetSamplerParameterIuiv(5, GL_TEXTURE_WRAP_S, &u);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
   EXPECT_EQ(i, 7);
   EXPECT_EQ(u, 7u);
   EXPECT_EQ(f, 7.0f);
}

TEST(SamplerErrors, SamplerNameZeroIsInvalidOperation) {
   gl_context ctx;
   ctx.SamplerParameteri(0, GL_TEXTURE_WRAP_S, GL_REPEAT);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
}

TEST(SamplerErrors, DeletedSamplerNameIsInvalidOperation) {
   gl_context ctx;
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   ctx.DeleteSamplers(1, &s);
   ctx.SamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_REPEAT);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
}

TEST(SamplerErrors, TextureOnlyPnamesAreInvalidEnumForGetSamplerParameter) {
   gl_context ctx;
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   for (GLenum pname : {GL_TEXTURE_SWIZZLE_R, GL_TEXTURE_SWIZZLE_RGBA, GL_TEXTURE_BASE_LEVEL,
                        GL_TEXTURE_MAX_LEVEL, GL_DEPTH_TEXTURE_MODE, GL_DEPTH_STENCIL_TEXTURE_MODE,
                        GL_TEXTURE_IMMUTABLE_FORMAT}) {
      GLint v[4] = {-7, -7, -7, -7};
      ctx.GetSamplerParameteriv(s, pname, v);
      EXPECT_EQ(ctx.GetError(), GL_INVALID_ENUM) << gl_enum_name(pname);
      EXPECT_EQ(v[0], -7) << gl_enum_name(pname);
   }
}

TEST(SamplerErrors, ExtensionPnamesAreInvalidEnumForGetWithoutTheExtension) {
   gl_context ctx(gl_profile::compatibility, gl_extensions::none());
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   for (GLenum pname :
        {GL_TEXTURE_SRGB_DECODE_EXT, GL_TEXTURE_REDUCTION_MODE_ARB, GL_TEXTURE_CUBE_MAP_SEAMLESS}) {
      GLint v = -7;
      ctx.GetSamplerParameteriv(s, pname, &v);
      EXPECT_EQ(ctx.GetError(), GL_INVALID_ENUM) << gl_enum_name(pname);
      EXPECT_EQ(v, -7);
   }
}

TEST(SamplerErrors, MirrorClampIsAcceptedWithEitherExtension) {
   for (const char *ext : {"GL_EXT_texture_mirror_clamp", "GL_ATI_texture_mirror_once"}) {
      gl_context ctx(gl_profile::compatibility, only(ext));
      GLuint s = 0;
      ctx.GenSamplers(1, &s);
      ctx.SamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_MIRROR_CLAMP_EXT);
      EXPECT_EQ(ctx.GetError(), GL_NO_ERROR) << ext;
      EXPECT_EQ(ctx.lookup_sampler(s)->Attrib.WrapS, GL_MIRROR_CLAMP_EXT);
   }
}

TEST(SamplerErrors, MirrorClampToEdgeIsCoreAndNeedsNoExtension) {
   gl_context ctx(gl_profile::core, gl_extensions::none());
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   ctx.SamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_MIRROR_CLAMP_TO_EDGE);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(SamplerErrors, ClampIsAcceptedInCompatibilityProfile) {
   gl_context ctx(gl_profile::compatibility, gl_extensions::none());
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   ctx.SamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_CLAMP);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   EXPECT_EQ(ctx.lookup_sampler(s)->Attrib.WrapS, GL_CLAMP);
}

// ---- Gen / Create / Delete / Is / Bind ----

TEST(SamplerObjects, GenSamplersWithNegativeCountIsInvalidValue) {
   gl_context ctx;
   GLuint out = 99;
   ctx.GenSamplers(-1, &out);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_VALUE);
   EXPECT_EQ(out, 99u);
}

TEST(SamplerObjects, CreateSamplersWithNegativeCountIsInvalidValue) {
   gl_context ctx;
   GLuint out = 99;
   ctx.CreateSamplers(-3, &out);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_VALUE);
   EXPECT_EQ(out, 99u);
}

TEST(SamplerObjects, DeleteSamplersWithNegativeCountIsInvalidValueAndDeletesNothing) {
   gl_context ctx;
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   ctx.DeleteSamplers(-1, &s);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_VALUE);
   EXPECT_EQ(ctx.IsSampler(s), GL_TRUE);
}

TEST(SamplerObjects, GenSamplersWithZeroCountDoesNothing) {
   gl_context ctx;
   ctx.GenSamplers(0, nullptr);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(SamplerObjects, GeneratedButUnboundNameIsASampler) {
   // GL 4.6 §8.2: names acquire state when first used by BindSampler,
   // SamplerParameter*, GetSamplerParameter* or IsSampler, so IsSampler is TRUE.
   gl_context ctx;
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   EXPECT_EQ(ctx.IsSampler(s), GL_TRUE);
}

TEST(SamplerObjects, SamplerParameterWorksOnAGeneratedButUnboundName) {
   gl_context ctx;
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   ctx.SamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   GLint v = 0;
   ctx.GetSamplerParameteriv(s, GL_TEXTURE_MIN_FILTER, &v);
   EXPECT_EQ(static_cast<GLenum>(v), GL_NEAREST);
}

TEST(SamplerObjects, IsSamplerIsFalseForZeroUnusedAndDeletedNames) {
   gl_context ctx;
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   EXPECT_EQ(ctx.IsSampler(0), GL_FALSE);
   EXPECT_EQ(ctx.IsSampler(s + 100), GL_FALSE);
   ctx.DeleteSamplers(1, &s);
   EXPECT_EQ(ctx.IsSampler(s), GL_FALSE);
   EXPECT_EQ(ctx.lookup_sampler(s), nullptr);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(SamplerObjects, CreatedSamplerIsASampler) {
   gl_context ctx;
   GLuint s = 0;
   ctx.CreateSamplers(1, &s);
   EXPECT_EQ(ctx.IsSampler(s), GL_TRUE);
}

TEST(SamplerObjects, DeleteSamplersIgnoresZeroAndUnusedNames) {
   gl_context ctx;
   const GLuint names[3] = {0, 12345, 777};
   ctx.DeleteSamplers(3, names);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(SamplerObjects, DeleteSamplersUnbindsFromEveryUnit) {
   gl_context ctx;
   GLuint s[2] = {};
   ctx.GenSamplers(2, s);
   ctx.BindSampler(0, s[0]);
   ctx.BindSampler(3, s[0]);
   ctx.BindSampler(7, s[1]);
   ctx.DeleteSamplers(1, &s[0]);
   EXPECT_EQ(ctx.unit(0).Sampler, 0u);
   EXPECT_EQ(ctx.unit(3).Sampler, 0u);
   EXPECT_EQ(ctx.unit(7).Sampler, s[1]);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(SamplerObjects, BindSamplerToLastUnitIsAccepted) {
   gl_limits lim;
   lim.MaxCombinedTextureImageUnits = 4;
   gl_context ctx(gl_profile::compatibility, gl_extensions(), lim);
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   ctx.BindSampler(3, s);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   EXPECT_EQ(ctx.unit(3).Sampler, s);
}

TEST(SamplerObjects, BindSamplerToUnitAtTheLimitIsInvalidValue) {
   gl_limits lim;
   lim.MaxCombinedTextureImageUnits = 4;
   gl_context ctx(gl_profile::compatibility, gl_extensions(), lim);
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   ctx.BindSampler(4, s);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_VALUE);
}

TEST(SamplerObjects, BindSamplerWithAnUngeneratedNameIsInvalidOperationAndKeepsTheBinding) {
   gl_context ctx;
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   ctx.BindSampler(2, s);
   ctx.BindSampler(2, s + 50);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
   EXPECT_EQ(ctx.unit(2).Sampler, s);
}

TEST(SamplerObjects, BindSamplerWithADeletedNameIsInvalidOperation) {
   gl_context ctx;
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   ctx.DeleteSamplers(1, &s);
   ctx.BindSampler(0, s);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
   EXPECT_EQ(ctx.unit(0).Sampler, 0u);
}

TEST(SamplerObjects, BindSamplerZeroUnbinds) {
   gl_context ctx;
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   ctx.BindSampler(1, s);
   ctx.BindSampler(1, 0);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   EXPECT_EQ(ctx.unit(1).Sampler, 0u);
}

TEST(SamplerObjects, BoundSamplerSupersedesTheTexturesOwnState) {
   gl_context ctx;
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   ctx.BindSampler(0, s);
   const gl_texture_object *tex = ctx.current_texture(0, GL_TEXTURE_2D);
   EXPECT_EQ(ctx.sampler_for_unit(0, tex), ctx.lookup_sampler(s));
   EXPECT_EQ(ctx.sampler_for_unit(1, tex), &tex->Sampler);
}

TEST(SamplerObjects, OneSamplerBoundToTwoUnitsSharesItsState) {
   gl_context ctx;
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   ctx.BindSampler(0, s);
   ctx.BindSampler(5, s);
   ctx.SamplerParameteri(s, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   const gl_texture_object *tex = ctx.current_texture(0, GL_TEXTURE_2D);
   EXPECT_EQ(ctx.sampler_for_unit(0, tex)->Attrib.MagFilter, GL_NEAREST);
   EXPECT_EQ(ctx.sampler_for_unit(5, tex)->Attrib.MagFilter, GL_NEAREST);
}

TEST(SamplerObjects, GenTexturesWithNegativeCountIsInvalidValue) {
   gl_context ctx;
   GLuint out = 99;
   ctx.GenTextures(-1, &out);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_VALUE);
   EXPECT_EQ(out, 99u);
}

TEST(SamplerObjects, DeleteTexturesWithNegativeCountIsInvalidValue) {
   gl_context ctx;
   GLuint t = 0;
   ctx.GenTextures(1, &t);
   ctx.DeleteTextures(-2, &t);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_VALUE);
   EXPECT_NE(ctx.lookup_texture(t), nullptr);
}

// ---- GetError and messages ----

TEST(ErrorReporting, GetErrorReturnsTheFirstErrorAndClearsIt) {
   gl_context ctx;
   ctx.BindSampler(0, 4242);                        // INVALID_OPERATION
   ctx.GenSamplers(-1, nullptr);                    // INVALID_VALUE
   EXPECT_EQ(ctx.GetError(), GL_INVALID_OPERATION);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(ErrorReporting, SuccessfulCallsDoNotClearAPendingError) {
   gl_context ctx;
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   ctx.SamplerParameteri(s, GL_TEXTURE_WRAP_S, 0x1);
   ctx.SamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_REPEAT);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_ENUM);
}

TEST(ErrorReporting, MessageNamesEntryPointPnameAndValue) {
   gl_context ctx(gl_profile::core);
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   ctx.SamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_CLAMP);
   EXPECT_EQ(ctx.last_error_message(),
             "glSamplerParameteri(GL_TEXTURE_WRAP_S, GL_CLAMP): GL_CLAMP is not allowed in the core "
             "profile");
}

TEST(ErrorReporting, MessageShowsFloatValues) {
   gl_context ctx;
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   ctx.SamplerParameterf(s, GL_TEXTURE_MAX_ANISOTROPY, 0.5f);
   EXPECT_EQ(ctx.last_error_message(),
             "glSamplerParameterf(GL_TEXTURE_MAX_ANISOTROPY, 0.5): 0.5 is less than 1.0");
}

TEST(ErrorReporting, MessageShowsUnknownValuesInHex) {
   gl_context ctx;
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   ctx.SamplerParameteri(s, GL_TEXTURE_MIN_FILTER, 0xBEEF);
   EXPECT_EQ(ctx.last_error_message(),
             "glSamplerParameteri(GL_TEXTURE_MIN_FILTER, 0xBEEF): 0xBEEF is not a minification filter");
}

TEST(ErrorReporting, MessageForABadSamplerNamesTheSampler) {
   gl_context ctx;
   ctx.SamplerParameteri(9, GL_TEXTURE_WRAP_S, GL_REPEAT);
   EXPECT_EQ(ctx.last_error_message(),
             "glSamplerParameteri(sampler 9): 9 is not the name of a sampler object");
}

TEST(ErrorReporting, MessageForAMissingExtensionNamesIt) {
   gl_context ctx(gl_profile::compatibility, gl_extensions::none());
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   ctx.SamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_MIRROR_CLAMP_TO_BORDER_EXT);
   EXPECT_NE(ctx.last_error_message().find("GL_EXT_texture_mirror_clamp"), std::string::npos)
      << ctx.last_error_message();
}

}  // namespace
}  // namespace clampler
