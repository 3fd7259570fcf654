// Tests of initial GL state (samplers, textures, context), query conversions and the GL enum name tables.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "clampler/gl/context.h"
#include "clampler/gl/gl_enum_names.h"

namespace clampler {
namespace {

constexpr GLenum kRGBA8 = 0x8058;  // GL_RGBA8

// One row of a state table: a pname and the value GL 4.6 gives it.
struct int_row {
   GLenum pname;
   GLint value;
};
struct float_row {
   GLenum pname;
   GLfloat value;
};

// GL 4.6 table 23.18 (sampler objects) plus the extensions' initial values.
const std::vector<int_row> kSamplerEnumDefaults = {
   {GL_TEXTURE_WRAP_S, GL_REPEAT},
   {GL_TEXTURE_WRAP_T, GL_REPEAT},
   {GL_TEXTURE_WRAP_R, GL_REPEAT},
   {GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_LINEAR},
   {GL_TEXTURE_MAG_FILTER, GL_LINEAR},
   {GL_TEXTURE_COMPARE_MODE, GL_NONE},
   {GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL},
   {GL_TEXTURE_SRGB_DECODE_EXT, GL_DECODE_EXT},
   {GL_TEXTURE_CUBE_MAP_SEAMLESS, GL_FALSE},
   {GL_TEXTURE_REDUCTION_MODE_ARB, GL_WEIGHTED_AVERAGE_ARB},
};
const std::vector<float_row> kSamplerFloatDefaults = {
   {GL_TEXTURE_MIN_LOD, -1000.0f},
   {GL_TEXTURE_MAX_LOD, 1000.0f},
   {GL_TEXTURE_LOD_BIAS, 0.0f},
   {GL_TEXTURE_MAX_ANISOTROPY, 1.0f},
};

GLuint gen_sampler(gl_context &ctx) {
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   return s;
}

GLuint bind_new_texture(gl_context &ctx, GLenum target) {
   GLuint t = 0;
   ctx.GenTextures(1, &t);
   ctx.BindTexture(target, t);
   return t;
}

// ---- Sampler objects ----

TEST(SamplerDefaults, GeneratedSamplerHasEveryEnumDefault) {
   gl_context ctx;
   const GLuint s = gen_sampler(ctx);
   for (const int_row &row : kSamplerEnumDefaults) {
      GLint v = -1;
      ctx.GetSamplerParameteriv(s, row.pname, &v);
      EXPECT_EQ(v, row.value) << gl_enum_name(row.pname);
   }
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(SamplerDefaults, GeneratedSamplerHasEveryFloatDefault) {
   gl_context ctx;
   const GLuint s = gen_sampler(ctx);
   for (const float_row &row : kSamplerFloatDefaults) {
      GLfloat v = -1.0f;
      ctx.GetSamplerParameterfv(s, row.pname, &v);
      EXPECT_EQ(v, row.value) << gl_enum_name(row.pname);
   }
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(SamplerDefaults, BorderColorIsTransparentBlackFloat) {
   gl_context ctx;
   const GLuint s = gen_sampler(ctx);
   GLfloat c[4] = {9, 9, 9, 9};
   ctx.GetSamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR, c);
   for (GLfloat v : c)
      EXPECT_EQ(v, 0.0f);
   EXPECT_EQ(ctx.lookup_sampler(s)->Attrib.BorderType, gl_border_type::floating);
}

TEST(SamplerDefaults, CreatedSamplerMatchesGeneratedSampler) {
   gl_context ctx;
   GLuint created = 0;
   ctx.CreateSamplers(1, &created);
   ASSERT_NE(created, 0u);
   for (const int_row &row : kSamplerEnumDefaults) {
      GLint v = -1;
      ctx.GetSamplerParameteriv(created, row.pname, &v);
      EXPECT_EQ(v, row.value) << gl_enum_name(row.pname);
   }
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(SamplerDefaults, LookupSamplerExposesDefaultAttrib) {
   gl_context ctx;
   const GLuint s = gen_sampler(ctx);
   const gl_sampler_object *obj = ctx.lookup_sampler(s);
   ASSERT_NE(obj, nullptr);
   EXPECT_EQ(obj->Name, s);
   EXPECT_EQ(obj->Attrib.MinFilter, GL_NEAREST_MIPMAP_LINEAR);
   EXPECT_EQ(obj->Attrib.MaxAnisotropy, 1.0f);
   EXPECT_EQ(ctx.lookup_sampler(s + 1000), nullptr);
}

TEST(SamplerDefaults, GeneratedNamesAreDistinctAndNonZero) {
   gl_context ctx;
   GLuint names[8] = {};
   ctx.GenSamplers(8, names);
   for (int a = 0; a < 8; a++) {
      EXPECT_NE(names[a], 0u);
      for (int b = a + 1; b < 8; b++)
         EXPECT_NE(names[a], names[b]);
   }
}

// ---- Textures ----

struct target_row {
   GLenum target;
   GLenum wrap;
   GLenum min_filter;
};

// GL 4.6 §8.22: REPEAT / NEAREST_MIPMAP_LINEAR except rectangle textures,
// which start CLAMP_TO_EDGE / LINEAR.
const std::vector<target_row> kTargetDefaults = {
   {GL_TEXTURE_1D, GL_REPEAT, GL_NEAREST_MIPMAP_LINEAR},
   {GL_TEXTURE_2D, GL_REPEAT, GL_NEAREST_MIPMAP_LINEAR},
   {GL_TEXTURE_3D, GL_REPEAT, GL_NEAREST_MIPMAP_LINEAR},
   {GL_TEXTURE_1D_ARRAY, GL_REPEAT, GL_NEAREST_MIPMAP_LINEAR},
   {GL_TEXTURE_2D_ARRAY, GL_REPEAT, GL_NEAREST_MIPMAP_LINEAR},
   {GL_TEXTURE_CUBE_MAP, GL_REPEAT, GL_NEAREST_MIPMAP_LINEAR},
   {GL_TEXTURE_CUBE_MAP_ARRAY, GL_REPEAT, GL_NEAREST_MIPMAP_LINEAR},
   {GL_TEXTURE_2D_MULTISAMPLE, GL_REPEAT, GL_NEAREST_MIPMAP_LINEAR},
   {GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_REPEAT, GL_NEAREST_MIPMAP_LINEAR},
   {GL_TEXTURE_RECTANGLE, GL_CLAMP_TO_EDGE, GL_LINEAR},
};

TEST(TextureDefaults, NewTextureWrapAndMinFilterDependOnTarget) {
   for (const target_row &row : kTargetDefaults) {
      gl_context ctx;
      bind_new_texture(ctx, row.target);
      for (GLenum pname : {GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T, GL_TEXTURE_WRAP_R}) {
         GLint v = 0;
         ctx.GetTexParameteriv(row.target, pname, &v);
         EXPECT_EQ(static_cast<GLenum>(v), row.wrap) << gl_enum_name(row.target);
      }
      GLint min = 0;
      ctx.GetTexParameteriv(row.target, GL_TEXTURE_MIN_FILTER, &min);
      EXPECT_EQ(static_cast<GLenum>(min), row.min_filter) << gl_enum_name(row.target);
      EXPECT_EQ(ctx.GetError(), GL_NO_ERROR) << gl_enum_name(row.target);
   }
}

TEST(TextureDefaults, DefaultTexturesFollowTheSameTargetRules) {
   gl_context ctx;
   for (const target_row &row : kTargetDefaults) {
      const gl_texture_object *tex = ctx.current_texture(0, row.target);
      ASSERT_NE(tex, nullptr);
      EXPECT_EQ(tex->Name, 0u);
      EXPECT_EQ(tex->Target, row.target);
      EXPECT_EQ(tex->Sampler.Attrib.WrapS, row.wrap);
      EXPECT_EQ(tex->Sampler.Attrib.MinFilter, row.min_filter);
   }
}

TEST(TextureDefaults, TextureSamplerStateMatchesSamplerObjectDefaults) {
   gl_context ctx;
   bind_new_texture(ctx, GL_TEXTURE_2D);
   for (const int_row &row : kSamplerEnumDefaults) {
      GLint v = -1;
      ctx.GetTexParameteriv(GL_TEXTURE_2D, row.pname, &v);
      EXPECT_EQ(v, row.value) << gl_enum_name(row.pname);
   }
   for (const float_row &row : kSamplerFloatDefaults) {
      GLfloat v = -1.0f;
      ctx.GetTexParameterfv(GL_TEXTURE_2D, row.pname, &v);
      EXPECT_EQ(v, row.value) << gl_enum_name(row.pname);
   }
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(TextureDefaults, TextureOnlyStateDefaultsInCompatibilityProfile) {
   gl_context ctx(gl_profile::compatibility);
   bind_new_texture(ctx, GL_TEXTURE_2D);
   const std::vector<int_row> rows = {
      {GL_TEXTURE_SWIZZLE_R, GL_RED},
      {GL_TEXTURE_SWIZZLE_G, GL_GREEN},
      {GL_TEXTURE_SWIZZLE_B, GL_BLUE},
      {GL_TEXTURE_SWIZZLE_A, GL_ALPHA},
      {GL_DEPTH_TEXTURE_MODE, GL_LUMINANCE},
      {GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_COMPONENT},
      {GL_TEXTURE_BASE_LEVEL, 0},
      {GL_TEXTURE_MAX_LEVEL, 1000},
      {GL_TEXTURE_IMMUTABLE_FORMAT, GL_FALSE},
      {GL_TEXTURE_IMMUTABLE_LEVELS, 0},
   };
   for (const int_row &row : rows) {
      GLint v = -1;
      ctx.GetTexParameteriv(GL_TEXTURE_2D, row.pname, &v);
      EXPECT_EQ(v, row.value) << gl_enum_name(row.pname);
   }
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(TextureDefaults, SwizzleRgbaDefaultIsIdentity) {
   gl_context ctx;
   GLint swz[4] = {};
   ctx.GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, swz);
   EXPECT_EQ(swz[0], static_cast<GLint>(GL_RED));
   EXPECT_EQ(swz[1], static_cast<GLint>(GL_GREEN));
   EXPECT_EQ(swz[2], static_cast<GLint>(GL_BLUE));
   EXPECT_EQ(swz[3], static_cast<GLint>(GL_ALPHA));
}

TEST(TextureDefaults, DepthModeFieldIsRedInCoreProfile) {
   gl_context ctx(gl_profile::core);
   const GLuint t = bind_new_texture(ctx, GL_TEXTURE_2D);
   EXPECT_EQ(ctx.lookup_texture(t)->Attrib.DepthMode, GL_RED);
   EXPECT_EQ(ctx.current_texture(0, GL_TEXTURE_3D)->Attrib.DepthMode, GL_RED);
}

TEST(TextureDefaults, DepthModeFieldIsLuminanceInCompatibilityProfile) {
   gl_context ctx(gl_profile::compatibility);
   const GLuint t = bind_new_texture(ctx, GL_TEXTURE_2D);
   EXPECT_EQ(ctx.lookup_texture(t)->Attrib.DepthMode, GL_LUMINANCE);
}

TEST(TextureDefaults, GeneratedTextureHasNoTargetUntilBound) {
   gl_context ctx;
   GLuint t = 0;
   ctx.GenTextures(1, &t);
   ASSERT_NE(ctx.lookup_texture(t), nullptr);
   EXPECT_EQ(ctx.lookup_texture(t)->Target, 0u);
   ctx.BindTexture(GL_TEXTURE_3D, t);
   EXPECT_EQ(ctx.lookup_texture(t)->Target, GL_TEXTURE_3D);
   EXPECT_EQ(ctx.lookup_texture(t)->Name, t);
}

TEST(TextureDefaults, TextureHasNoStorageUntilTexStorage) {
   gl_context ctx;
   const GLuint t = bind_new_texture(ctx, GL_TEXTURE_2D);
   const gl_texture_object *tex = ctx.lookup_texture(t);
   EXPECT_EQ(tex->Format, PIPE_FORMAT_NONE);
   EXPECT_EQ(tex->Levels, 0u);
   ctx.TexStorage(GL_TEXTURE_2D, 1, kRGBA8, 4, 4, 1);
   EXPECT_EQ(tex->Format, PIPE_FORMAT_R8G8B8A8_UNORM);
}

// ---- Context ----

TEST(ContextDefaults, StartsWithNoErrorUnitZeroAndSeamlessOff) {
   gl_context ctx;
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   EXPECT_EQ(ctx.active_unit(), 0u);
   EXPECT_FALSE(ctx.cube_map_seamless());
   EXPECT_EQ(ctx.IsEnabled(GL_TEXTURE_CUBE_MAP_SEAMLESS), GL_FALSE);
   EXPECT_TRUE(ctx.last_error_message().empty());
}

TEST(ContextDefaults, EveryUnitHasNoSamplerDefaultTexturesAndZeroBias) {
   gl_limits lim;
   lim.MaxCombinedTextureImageUnits = 8;
   gl_context ctx(gl_profile::compatibility, gl_extensions(), lim);
   for (unsigned u = 0; u < 8; u++) {
      EXPECT_EQ(ctx.unit(u).Sampler, 0u);
      EXPECT_EQ(ctx.unit(u).LodBias, 0.0f);
      for (GLuint name : ctx.unit(u).CurrentTex)
         EXPECT_EQ(name, 0u);
   }
   GLfloat bias = 1.0f;
   ctx.GetTexEnvfv(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, &bias);
   EXPECT_EQ(bias, 0.0f);
}

TEST(ContextDefaults, AllExtensionsOnByDefaultAndOffWithNone) {
   const gl_extensions on;
   EXPECT_TRUE(on.EXT_texture_mirror_clamp && on.ATI_texture_mirror_once &&
               on.ARB_seamless_cubemap_per_texture && on.EXT_texture_sRGB_decode &&
               on.ARB_texture_filter_minmax && on.EXT_texture_integer);
   const gl_extensions off = gl_extensions::none();
   EXPECT_FALSE(off.EXT_texture_mirror_clamp || off.ATI_texture_mirror_once ||
                off.ARB_seamless_cubemap_per_texture || off.EXT_texture_sRGB_decode ||
                off.ARB_texture_filter_minmax || off.EXT_texture_integer);
}

TEST(ContextDefaults, ExtensionEnableAcceptsEachKnownName) {
   struct row {
      const char *name;
      bool gl_extensions::*flag;
   };
   const std::vector<row> rows = {
      {"GL_EXT_texture_mirror_clamp", &gl_extensions::EXT_texture_mirror_clamp},
      {"GL_ATI_texture_mirror_once", &gl_extensions::ATI_texture_mirror_once},
      {"GL_ARB_seamless_cubemap_per_texture", &gl_extensions::ARB_seamless_cubemap_per_texture},
      {"GL_EXT_texture_sRGB_decode", &gl_extensions::EXT_texture_sRGB_decode},
      {"GL_ARB_texture_filter_minmax", &gl_extensions::ARB_texture_filter_minmax},
      {"GL_EXT_texture_integer", &gl_extensions::EXT_texture_integer},
   };
   for (const row &r : rows) {
      gl_extensions e = gl_extensions::none();
      EXPECT_TRUE(e.enable(r.name)) << r.name;
      EXPECT_TRUE(e.*r.flag) << r.name;
   }
}

// Extensions whose sampler state is core in GL 4.6 are always on: naming one is no error and
// turns nothing else on.
TEST(ContextDefaults, ExtensionEnableAcceptsCoreSamplerExtensionsAsNoOps) {
   for (const char *name : {"GL_ARB_stencil_texturing", "GL_ARB_texture_swizzle", "GL_ARB_sampler_objects",
                            "GL_ARB_texture_border_clamp", "GL_ARB_texture_mirror_clamp_to_edge",
                            "GL_EXT_texture_filter_anisotropic"}) {
      gl_extensions e = gl_extensions::none();
      EXPECT_TRUE(e.enable(name)) << name;
      EXPECT_FALSE(e.EXT_texture_mirror_clamp || e.ATI_texture_mirror_once || e.ARB_seamless_cubemap_per_texture ||
                   e.EXT_texture_sRGB_decode || e.ARB_texture_filter_minmax || e.EXT_texture_integer)
         << name;
   }
}

TEST(ContextDefaults, ExtensionEnableRejectsUnknownNames) {
   gl_extensions e = gl_extensions::none();
   EXPECT_FALSE(e.enable("GL_ARB_texture_float"));
   EXPECT_FALSE(e.enable("EXT_texture_mirror_clamp"));  // no GL_ prefix
   EXPECT_FALSE(e.enable(""));
   EXPECT_FALSE(e.enable(nullptr));
}

TEST(ContextDefaults, TargetIndexMapsEveryTargetAndRejectsOthers) {
   const std::vector<GLenum> targets = {
      GL_TEXTURE_1D,       GL_TEXTURE_2D,       GL_TEXTURE_3D,
      GL_TEXTURE_RECTANGLE, GL_TEXTURE_CUBE_MAP, GL_TEXTURE_1D_ARRAY,
      GL_TEXTURE_2D_ARRAY, GL_TEXTURE_BUFFER,   GL_TEXTURE_CUBE_MAP_ARRAY,
      GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_2D_MULTISAMPLE_ARRAY,
   };
   std::vector<bool> seen(NUM_TEXTURE_TARGETS, false);
   for (GLenum t : targets) {
      const gl_texture_index i = gl_target_to_index(t);
      ASSERT_LT(i, NUM_TEXTURE_TARGETS) << gl_enum_name(t);
      EXPECT_FALSE(seen[i]);
      seen[i] = true;
   }
   EXPECT_EQ(gl_target_to_index(GL_TEXTURE_2D), TEXTURE_2D_INDEX);
   EXPECT_EQ(gl_target_to_index(GL_TEXTURE_RECTANGLE), TEXTURE_RECT_INDEX);
   EXPECT_EQ(gl_target_to_index(GL_TEXTURE0), NUM_TEXTURE_TARGETS);
   EXPECT_EQ(gl_target_to_index(0), NUM_TEXTURE_TARGETS);
}

TEST(ContextDefaults, CurrentTextureIsNullForBadTargetOrUnit) {
   gl_context ctx;
   EXPECT_EQ(ctx.current_texture(0, GL_TEXTURE0), nullptr);
   EXPECT_EQ(ctx.current_texture(ctx.limits().MaxCombinedTextureImageUnits, GL_TEXTURE_2D), nullptr);
}

TEST(ContextDefaults, SamplerForUnitIsTheTexturesOwnWithoutABoundSampler) {
   gl_context ctx;
   const gl_texture_object *tex = ctx.current_texture(0, GL_TEXTURE_2D);
   EXPECT_EQ(ctx.sampler_for_unit(0, tex), &tex->Sampler);
   EXPECT_EQ(ctx.sampler_for_unit(0, nullptr), nullptr);
}

// ---- Query conversions (GL 4.6 §2.2.2) ----

TEST(SamplerQueries, EnumStateReadAsFloatIsTheExactEnumValue) {
   gl_context ctx;
   const GLuint s = gen_sampler(ctx);
   ctx.SamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_MIRROR_CLAMP_TO_BORDER_EXT);
   GLfloat f = 0;
   ctx.GetSamplerParameterfv(s, GL_TEXTURE_WRAP_S, &f);
   EXPECT_EQ(f, static_cast<GLfloat>(GL_MIRROR_CLAMP_TO_BORDER_EXT));
   ctx.GetSamplerParameterfv(s, GL_TEXTURE_MIN_FILTER, &f);
   EXPECT_EQ(f, static_cast<GLfloat>(GL_NEAREST_MIPMAP_LINEAR));
}

TEST(SamplerQueries, FloatStateReadAsIntegerRoundsToNearest) {
   const std::vector<std::pair<GLfloat, GLint>> rows = {
      {2.4f, 2}, {2.6f, 3}, {-2.4f, -2}, {-2.6f, -3}, {0.0f, 0}, {-1000.0f, -1000},
   };
   gl_context ctx;
   const GLuint s = gen_sampler(ctx);
   for (const auto &[value, expected] : rows) {
      ctx.SamplerParameterf(s, GL_TEXTURE_MIN_LOD, value);
      GLint v = 12345;
      ctx.GetSamplerParameteriv(s, GL_TEXTURE_MIN_LOD, &v);
      EXPECT_EQ(v, expected) << value;
   }
}

TEST(SamplerQueries, InfiniteLodReadAsIntegerSaturates) {
   gl_context ctx;
   const GLuint s = gen_sampler(ctx);
   ctx.SamplerParameterf(s, GL_TEXTURE_MAX_LOD, std::numeric_limits<GLfloat>::infinity());
   ctx.SamplerParameterf(s, GL_TEXTURE_MIN_LOD, -std::numeric_limits<GLfloat>::infinity());
   GLint hi = 0, lo = 0;
   ctx.GetSamplerParameteriv(s, GL_TEXTURE_MAX_LOD, &hi);
   ctx.GetSamplerParameteriv(s, GL_TEXTURE_MIN_LOD, &lo);
   EXPECT_EQ(hi, std::numeric_limits<GLint>::max());
   EXPECT_EQ(lo, std::numeric_limits<GLint>::min());
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(SamplerQueries, AnisotropyReadAsIntegerRoundsToNearest) {
   gl_context ctx;
   const GLuint s = gen_sampler(ctx);
   ctx.SamplerParameterf(s, GL_TEXTURE_MAX_ANISOTROPY, 3.7f);
   GLint v = 0;
   ctx.GetSamplerParameteriv(s, GL_TEXTURE_MAX_ANISOTROPY, &v);
   EXPECT_EQ(v, 4);
}

TEST(SamplerQueries, IntegerGivenForFloatStateConvertsExactly) {
   gl_context ctx;
   const GLuint s = gen_sampler(ctx);
   ctx.SamplerParameteri(s, GL_TEXTURE_LOD_BIAS, -3);
   ctx.SamplerParameteri(s, GL_TEXTURE_MAX_LOD, 16777216);  // 2^24, exact in float
   GLfloat bias = 0, max_lod = 0;
   ctx.GetSamplerParameterfv(s, GL_TEXTURE_LOD_BIAS, &bias);
   ctx.GetSamplerParameterfv(s, GL_TEXTURE_MAX_LOD, &max_lod);
   EXPECT_EQ(bias, -3.0f);
   EXPECT_EQ(max_lod, 16777216.0f);
}

TEST(SamplerQueries, FloatGivenForEnumStateIsRoundedToNearestFirst) {
   gl_context ctx;
   const GLuint s = gen_sampler(ctx);
   ctx.SamplerParameterf(s, GL_TEXTURE_WRAP_T, static_cast<GLfloat>(GL_CLAMP_TO_EDGE) + 0.25f);
   GLint v = 0;
   ctx.GetSamplerParameteriv(s, GL_TEXTURE_WRAP_T, &v);
   EXPECT_EQ(static_cast<GLenum>(v), GL_CLAMP_TO_EDGE);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(SamplerQueries, FloatGivenForBooleanStateIsRoundedFirst) {
   gl_context ctx;
   const GLuint s = gen_sampler(ctx);
   ctx.SamplerParameterf(s, GL_TEXTURE_CUBE_MAP_SEAMLESS, 0.75f);
   GLint v = 0;
   ctx.GetSamplerParameteriv(s, GL_TEXTURE_CUBE_MAP_SEAMLESS, &v);
   EXPECT_EQ(v, GL_TRUE);
   ctx.SamplerParameterf(s, GL_TEXTURE_CUBE_MAP_SEAMLESS, 0.25f);
   ctx.GetSamplerParameteriv(s, GL_TEXTURE_CUBE_MAP_SEAMLESS, &v);
   EXPECT_EQ(v, GL_FALSE);
}

TEST(SamplerQueries, IivForNonBorderPnameBehavesLikeIv) {
   gl_context ctx;
   const GLuint s = gen_sampler(ctx);
   const GLint wrap = GL_MIRRORED_REPEAT;
   const GLint lod = -3;
   ctx.SamplerParameterIiv(s, GL_TEXTURE_WRAP_R, &wrap);
   ctx.SamplerParameterIiv(s, GL_TEXTURE_MIN_LOD, &lod);
   GLint got_wrap = 0, got_lod = 0;
   ctx.GetSamplerParameterIiv(s, GL_TEXTURE_WRAP_R, &got_wrap);
   ctx.GetSamplerParameterIiv(s, GL_TEXTURE_MIN_LOD, &got_lod);
   EXPECT_EQ(got_wrap, wrap);
   EXPECT_EQ(got_lod, lod);
   EXPECT_EQ(ctx.lookup_sampler(s)->Attrib.MinLod, -3.0f);
}

TEST(SamplerQueries, IuivForNonBorderPnameTakesUnsignedValues) {
   gl_context ctx;  // MaxTextureMaxAnisotropy = 16
   const GLuint s = gen_sampler(ctx);
   // 0xFFFFFFFF is 4294967295 (not -1): above the limit, so clamped, not rejected.
   const GLuint big = 0xFFFFFFFFu;
   ctx.SamplerParameterIuiv(s, GL_TEXTURE_MAX_ANISOTROPY, &big);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   GLuint got = 0;
   ctx.GetSamplerParameterIuiv(s, GL_TEXTURE_MAX_ANISOTROPY, &got);
   EXPECT_EQ(got, 16u);
   const GLuint func = GL_GEQUAL;
   ctx.SamplerParameterIuiv(s, GL_TEXTURE_COMPARE_FUNC, &func);
   ctx.GetSamplerParameterIuiv(s, GL_TEXTURE_COMPARE_FUNC, &got);
   EXPECT_EQ(got, GL_GEQUAL);
}

TEST(SamplerQueries, InfiniteLodsAndBiasAreAccepted) {
   const GLfloat inf = std::numeric_limits<GLfloat>::infinity();
   gl_context ctx;
   const GLuint s = gen_sampler(ctx);
   ctx.SamplerParameterf(s, GL_TEXTURE_MIN_LOD, -inf);
   ctx.SamplerParameterf(s, GL_TEXTURE_MAX_LOD, inf);
   ctx.SamplerParameterf(s, GL_TEXTURE_LOD_BIAS, -inf);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   const gl_sampler_attrib &a = ctx.lookup_sampler(s)->Attrib;
   EXPECT_EQ(a.MinLod, -inf);
   EXPECT_EQ(a.MaxLod, inf);
   EXPECT_EQ(a.LodBias, -inf);
}

TEST(SamplerQueries, AnisotropyAboveTheLimitIsClampedToIt) {
   gl_limits lim;
   lim.MaxTextureMaxAnisotropy = 8.0f;
   gl_context ctx(gl_profile::compatibility, gl_extensions(), lim);
   const GLuint s = gen_sampler(ctx);
   for (GLfloat value : {9.0f, 1e30f, std::numeric_limits<GLfloat>::infinity()}) {
      ctx.SamplerParameterf(s, GL_TEXTURE_MAX_ANISOTROPY, value);
      GLfloat got = 0;
      ctx.GetSamplerParameterfv(s, GL_TEXTURE_MAX_ANISOTROPY, &got);
      EXPECT_EQ(got, 8.0f) << value;
   }
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(SamplerQueries, AnisotropyOfExactlyOneAndInRangeIsKept) {
   gl_context ctx;
   const GLuint s = gen_sampler(ctx);
   ctx.SamplerParameterf(s, GL_TEXTURE_MAX_ANISOTROPY, 4.5f);
   EXPECT_EQ(ctx.lookup_sampler(s)->Attrib.MaxAnisotropy, 4.5f);
   ctx.SamplerParameterf(s, GL_TEXTURE_MAX_ANISOTROPY, 1.0f);
   EXPECT_EQ(ctx.lookup_sampler(s)->Attrib.MaxAnisotropy, 1.0f);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(SamplerQueries, EveryValidValueOfEachEnumPnameRoundTrips) {
   const std::vector<std::pair<GLenum, std::vector<GLenum>>> rows = {
      {GL_TEXTURE_WRAP_S,
       {GL_REPEAT, GL_CLAMP, GL_CLAMP_TO_EDGE, GL_CLAMP_TO_BORDER, GL_MIRRORED_REPEAT,
        GL_MIRROR_CLAMP_EXT, GL_MIRROR_CLAMP_TO_EDGE, GL_MIRROR_CLAMP_TO_BORDER_EXT}},
      {GL_TEXTURE_MIN_FILTER,
       {GL_NEAREST, GL_LINEAR, GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR_MIPMAP_NEAREST,
        GL_NEAREST_MIPMAP_LINEAR, GL_LINEAR_MIPMAP_LINEAR}},
      {GL_TEXTURE_MAG_FILTER, {GL_NEAREST, GL_LINEAR}},
      {GL_TEXTURE_COMPARE_MODE, {GL_COMPARE_REF_TO_TEXTURE, GL_NONE}},
      {GL_TEXTURE_COMPARE_FUNC,
       {GL_NEVER, GL_LESS, GL_EQUAL, GL_LEQUAL, GL_GREATER, GL_NOTEQUAL, GL_GEQUAL, GL_ALWAYS}},
      {GL_TEXTURE_SRGB_DECODE_EXT, {GL_SKIP_DECODE_EXT, GL_DECODE_EXT}},
      {GL_TEXTURE_REDUCTION_MODE_ARB, {GL_MIN, GL_MAX, GL_WEIGHTED_AVERAGE_ARB}},
      {GL_TEXTURE_CUBE_MAP_SEAMLESS, {GL_TRUE, GL_FALSE}},
   };
   gl_context ctx(gl_profile::compatibility);
   const GLuint s = gen_sampler(ctx);
   for (const auto &[pname, values] : rows) {
      for (GLenum value : values) {
         ctx.SamplerParameteri(s, pname, static_cast<GLint>(value));
         GLint got = -1;
         ctx.GetSamplerParameteriv(s, pname, &got);
         EXPECT_EQ(static_cast<GLenum>(got), value) << gl_enum_name(pname) << " " << gl_enum_name(value);
      }
   }
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(SamplerQueries, SettingOneSamplerLeavesOthersAlone) {
   gl_context ctx;
   GLuint s[2] = {};
   ctx.GenSamplers(2, s);
   ctx.SamplerParameteri(s[0], GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   GLint other = 0;
   ctx.GetSamplerParameteriv(s[1], GL_TEXTURE_MAG_FILTER, &other);
   EXPECT_EQ(other, static_cast<GLint>(GL_LINEAR));
}

// ---- GL enum names ----

// Every name gl_enums.h declares, with its value.
const std::vector<std::pair<const char *, GLenum>> kAllNames = {
   {"GL_NO_ERROR", GL_NO_ERROR}, {"GL_INVALID_ENUM", GL_INVALID_ENUM},
   {"GL_INVALID_VALUE", GL_INVALID_VALUE}, {"GL_INVALID_OPERATION", GL_INVALID_OPERATION},
   {"GL_OUT_OF_MEMORY", GL_OUT_OF_MEMORY}, {"GL_FALSE", GL_FALSE}, {"GL_TRUE", GL_TRUE},
   {"GL_NONE", GL_NONE}, {"GL_ZERO", GL_ZERO}, {"GL_ONE", GL_ONE},
   {"GL_TEXTURE_1D", GL_TEXTURE_1D}, {"GL_TEXTURE_2D", GL_TEXTURE_2D},
   {"GL_TEXTURE_3D", GL_TEXTURE_3D}, {"GL_TEXTURE_RECTANGLE", GL_TEXTURE_RECTANGLE},
   {"GL_TEXTURE_CUBE_MAP", GL_TEXTURE_CUBE_MAP}, {"GL_TEXTURE_1D_ARRAY", GL_TEXTURE_1D_ARRAY},
   {"GL_TEXTURE_2D_ARRAY", GL_TEXTURE_2D_ARRAY}, {"GL_TEXTURE_BUFFER", GL_TEXTURE_BUFFER},
   {"GL_TEXTURE_CUBE_MAP_ARRAY", GL_TEXTURE_CUBE_MAP_ARRAY},
   {"GL_TEXTURE_2D_MULTISAMPLE", GL_TEXTURE_2D_MULTISAMPLE},
   {"GL_TEXTURE_2D_MULTISAMPLE_ARRAY", GL_TEXTURE_2D_MULTISAMPLE_ARRAY},
   {"GL_TEXTURE0", GL_TEXTURE0}, {"GL_TEXTURE_BORDER_COLOR", GL_TEXTURE_BORDER_COLOR},
   {"GL_TEXTURE_MAG_FILTER", GL_TEXTURE_MAG_FILTER}, {"GL_TEXTURE_MIN_FILTER", GL_TEXTURE_MIN_FILTER},
   {"GL_TEXTURE_WRAP_S", GL_TEXTURE_WRAP_S}, {"GL_TEXTURE_WRAP_T", GL_TEXTURE_WRAP_T},
   {"GL_TEXTURE_WRAP_R", GL_TEXTURE_WRAP_R}, {"GL_TEXTURE_MIN_LOD", GL_TEXTURE_MIN_LOD},
   {"GL_TEXTURE_MAX_LOD", GL_TEXTURE_MAX_LOD}, {"GL_TEXTURE_BASE_LEVEL", GL_TEXTURE_BASE_LEVEL},
   {"GL_TEXTURE_MAX_LEVEL", GL_TEXTURE_MAX_LEVEL},
   {"GL_TEXTURE_FILTER_CONTROL", GL_TEXTURE_FILTER_CONTROL},
   {"GL_TEXTURE_LOD_BIAS", GL_TEXTURE_LOD_BIAS},
   {"GL_TEXTURE_MAX_ANISOTROPY", GL_TEXTURE_MAX_ANISOTROPY},
   {"GL_MAX_TEXTURE_MAX_ANISOTROPY", GL_MAX_TEXTURE_MAX_ANISOTROPY},
   {"GL_MAX_TEXTURE_LOD_BIAS", GL_MAX_TEXTURE_LOD_BIAS},
   {"GL_DEPTH_TEXTURE_MODE", GL_DEPTH_TEXTURE_MODE},
   {"GL_TEXTURE_COMPARE_MODE", GL_TEXTURE_COMPARE_MODE},
   {"GL_TEXTURE_COMPARE_FUNC", GL_TEXTURE_COMPARE_FUNC},
   {"GL_COMPARE_REF_TO_TEXTURE", GL_COMPARE_REF_TO_TEXTURE},
   {"GL_TEXTURE_CUBE_MAP_SEAMLESS", GL_TEXTURE_CUBE_MAP_SEAMLESS},
   {"GL_TEXTURE_SRGB_DECODE_EXT", GL_TEXTURE_SRGB_DECODE_EXT}, {"GL_DECODE_EXT", GL_DECODE_EXT},
   {"GL_SKIP_DECODE_EXT", GL_SKIP_DECODE_EXT}, {"GL_TEXTURE_SWIZZLE_R", GL_TEXTURE_SWIZZLE_R},
   {"GL_TEXTURE_SWIZZLE_G", GL_TEXTURE_SWIZZLE_G}, {"GL_TEXTURE_SWIZZLE_B", GL_TEXTURE_SWIZZLE_B},
   {"GL_TEXTURE_SWIZZLE_A", GL_TEXTURE_SWIZZLE_A},
   {"GL_TEXTURE_SWIZZLE_RGBA", GL_TEXTURE_SWIZZLE_RGBA},
   {"GL_DEPTH_STENCIL_TEXTURE_MODE", GL_DEPTH_STENCIL_TEXTURE_MODE},
   {"GL_TEXTURE_REDUCTION_MODE_ARB", GL_TEXTURE_REDUCTION_MODE_ARB},
   {"GL_WEIGHTED_AVERAGE_ARB", GL_WEIGHTED_AVERAGE_ARB}, {"GL_MIN", GL_MIN}, {"GL_MAX", GL_MAX},
   {"GL_CLAMP", GL_CLAMP}, {"GL_REPEAT", GL_REPEAT}, {"GL_CLAMP_TO_BORDER", GL_CLAMP_TO_BORDER},
   {"GL_CLAMP_TO_EDGE", GL_CLAMP_TO_EDGE}, {"GL_MIRRORED_REPEAT", GL_MIRRORED_REPEAT},
   {"GL_MIRROR_CLAMP_EXT", GL_MIRROR_CLAMP_EXT}, {"GL_MIRROR_CLAMP_TO_EDGE", GL_MIRROR_CLAMP_TO_EDGE},
   {"GL_MIRROR_CLAMP_TO_BORDER_EXT", GL_MIRROR_CLAMP_TO_BORDER_EXT}, {"GL_NEAREST", GL_NEAREST},
   {"GL_LINEAR", GL_LINEAR}, {"GL_NEAREST_MIPMAP_NEAREST", GL_NEAREST_MIPMAP_NEAREST},
   {"GL_LINEAR_MIPMAP_NEAREST", GL_LINEAR_MIPMAP_NEAREST},
   {"GL_NEAREST_MIPMAP_LINEAR", GL_NEAREST_MIPMAP_LINEAR},
   {"GL_LINEAR_MIPMAP_LINEAR", GL_LINEAR_MIPMAP_LINEAR}, {"GL_NEVER", GL_NEVER}, {"GL_LESS", GL_LESS},
   {"GL_EQUAL", GL_EQUAL}, {"GL_LEQUAL", GL_LEQUAL}, {"GL_GREATER", GL_GREATER},
   {"GL_NOTEQUAL", GL_NOTEQUAL}, {"GL_GEQUAL", GL_GEQUAL}, {"GL_ALWAYS", GL_ALWAYS},
   {"GL_STENCIL_INDEX", GL_STENCIL_INDEX}, {"GL_DEPTH_COMPONENT", GL_DEPTH_COMPONENT},
   {"GL_RED", GL_RED}, {"GL_GREEN", GL_GREEN}, {"GL_BLUE", GL_BLUE}, {"GL_ALPHA", GL_ALPHA},
   {"GL_RGB", GL_RGB}, {"GL_RGBA", GL_RGBA}, {"GL_LUMINANCE", GL_LUMINANCE},
   {"GL_LUMINANCE_ALPHA", GL_LUMINANCE_ALPHA}, {"GL_INTENSITY", GL_INTENSITY}, {"GL_RG", GL_RG},
   {"GL_DEPTH_STENCIL", GL_DEPTH_STENCIL},
   {"GL_MIRROR_CLAMP_TO_EDGE_EXT", GL_MIRROR_CLAMP_TO_EDGE_EXT},
   {"GL_TEXTURE_IMMUTABLE_LEVELS", GL_TEXTURE_IMMUTABLE_LEVELS},
   {"GL_TEXTURE_IMMUTABLE_FORMAT", GL_TEXTURE_IMMUTABLE_FORMAT},
};

TEST(GlEnumNames, EveryDeclaredNameParsesToItsValue) {
   for (const auto &[name, value] : kAllNames) {
      GLenum got = 0xDEAD;
      EXPECT_TRUE(gl_enum_from_name(name, &got)) << name;
      EXPECT_EQ(got, value) << name;
   }
}

TEST(GlEnumNames, EveryDeclaredValueHasAName) {
   for (const auto &[name, value] : kAllNames) {
      const char *printed = gl_enum_name(value);
      ASSERT_NE(printed, nullptr) << name;
      GLenum back = 0xDEAD;
      EXPECT_TRUE(gl_enum_from_name(printed, &back)) << printed;
      EXPECT_EQ(back, value) << printed;
   }
}

TEST(GlEnumNames, AmbiguousValuesPrintTheirPreferredName) {
   EXPECT_STREQ(gl_enum_name(0), "GL_NONE");
   EXPECT_STREQ(gl_enum_name(1), "GL_ONE");
   EXPECT_STREQ(gl_enum_name(0x8743), "GL_MIRROR_CLAMP_TO_EDGE");
}

TEST(GlEnumNames, ContextSpecificHelpersNameZeroAndOne) {
   EXPECT_STREQ(gl_error_name(GL_NO_ERROR), "GL_NO_ERROR");
   EXPECT_STREQ(gl_error_name(GL_INVALID_OPERATION), "GL_INVALID_OPERATION");
   EXPECT_EQ(gl_error_name(GL_REPEAT), nullptr);
   EXPECT_STREQ(gl_boolean_name(0), "GL_FALSE");
   EXPECT_STREQ(gl_boolean_name(1), "GL_TRUE");
   EXPECT_STREQ(gl_boolean_name(2, "?"), "?");
   EXPECT_STREQ(gl_swizzle_name(0), "GL_ZERO");
   EXPECT_STREQ(gl_swizzle_name(1), "GL_ONE");
   EXPECT_STREQ(gl_swizzle_name(GL_ALPHA), "GL_ALPHA");
}

TEST(GlEnumNames, TextureUnitsHaveNumberedNames) {
   EXPECT_STREQ(gl_enum_name(GL_TEXTURE0 + 5), "GL_TEXTURE5");
   EXPECT_STREQ(gl_enum_name(GL_TEXTURE0 + 31), "GL_TEXTURE31");
   GLenum v = 0;
   EXPECT_TRUE(gl_enum_from_name("GL_TEXTURE17", &v));
   EXPECT_EQ(v, GL_TEXTURE0 + 17);
   EXPECT_FALSE(gl_enum_from_name("GL_TEXTURE32", &v));
   EXPECT_FALSE(gl_enum_from_name("GL_TEXTURE07", &v));
   EXPECT_FALSE(gl_enum_from_name("GL_TEXTURE", &v));
}

TEST(GlEnumNames, InternalFormatNamesParseAndPrint) {
   GLenum v = 0;
   EXPECT_TRUE(gl_enum_from_name("GL_RGBA8", &v));
   EXPECT_EQ(v, kRGBA8);
   EXPECT_STREQ(gl_enum_name(kRGBA8), "GL_RGBA8");
}

TEST(GlEnumNames, ExtensionSpellingsParse) {
   GLenum v = 0;
   EXPECT_TRUE(gl_enum_from_name("GL_TEXTURE_MAX_ANISOTROPY_EXT", &v));
   EXPECT_EQ(v, GL_TEXTURE_MAX_ANISOTROPY);
   EXPECT_TRUE(gl_enum_from_name("GL_TEXTURE_RECTANGLE_ARB", &v));
   EXPECT_EQ(v, GL_TEXTURE_RECTANGLE);
}

TEST(GlEnumNames, UnknownNamesAndValuesAreRejected) {
   GLenum v = 77;
   EXPECT_FALSE(gl_enum_from_name("GL_NOT_A_THING", &v));
   EXPECT_FALSE(gl_enum_from_name("repeat", &v));
   EXPECT_FALSE(gl_enum_from_name("", &v));
   EXPECT_EQ(v, 77u);
   EXPECT_EQ(gl_enum_name(0x12345), nullptr);
   EXPECT_STREQ(gl_enum_name(0x12345, "unknown"), "unknown");
}

}  // namespace
}  // namespace clampler
