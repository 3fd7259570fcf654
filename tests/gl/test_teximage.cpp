// Tests of a texture's accessible levels, level sizes and completeness (GL 4.6 §8.11, §8.17, immutable storage).
#include <gtest/gtest.h>

#include "clampler/gl/context.h"

namespace clampler {
namespace {

constexpr GLenum kRGBA8 = 0x8058;      // GL_RGBA8
constexpr GLenum kRGBA8UI = 0x8D7C;    // GL_RGBA8UI
constexpr GLenum kDepth24S8 = 0x88F0;  // GL_DEPTH24_STENCIL8
constexpr GLenum kStencil8 = 0x8D48;   // GL_STENCIL_INDEX8

const gl_texture_object &make(gl_context &ctx, GLenum target, GLsizei levels, GLenum fmt, GLsizei w, GLsizei h,
                              GLsizei d) {
   GLuint t = 0;
   ctx.GenTextures(1, &t);
   ctx.BindTexture(target, t);
   ctx.TexStorage(target, levels, fmt, w, h, d);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR) << ctx.last_error_message();
   return *ctx.lookup_texture(t);
}

struct range_case {
   const char *rule;
   GLint base, max;
   uint32_t want_base, want_max;
};

// A 4-level texture: GL 4.6 §8.17 clamps BASE_LEVEL to [0, 3], then MAX_LEVEL to [base, 3].
const range_case kRanges[] = {
   {"defaults: every level", 0, 1000, 0, 3},
   {"max below the last level", 0, 1, 0, 1},
   {"base inside", 2, 1000, 2, 3},
   {"base past the storage clamps to the last level", 7, 1000, 3, 3},
   {"max below base clamps up to base", 2, 1, 2, 2},
   {"base = max", 1, 1, 1, 1},
};

class LevelRange : public ::testing::TestWithParam<range_case> {};

TEST_P(LevelRange, ImmutableStorageClampsBaseThenMax) {
   const range_case &c = GetParam();
   gl_context ctx;
   make(ctx, GL_TEXTURE_2D, 4, kRGBA8, 8, 8, 1);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, c.base);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, c.max);
   ASSERT_EQ(ctx.GetError(), GL_NO_ERROR);
   const gl_level_range r = gl_texture_level_range(*ctx.current_texture(0, GL_TEXTURE_2D));
   EXPECT_EQ(r.base, c.want_base) << c.rule;
   EXPECT_EQ(r.max, c.want_max) << c.rule;
}

INSTANTIATE_TEST_SUITE_P(Gl46, LevelRange, ::testing::ValuesIn(kRanges));

struct size_case {
   const char *rule;
   GLenum target;
   GLsizei levels, w, h, d;
   uint32_t level;
   gl_level_size want;
};

// glGetTexLevelParameter's WIDTH / HEIGHT / DEPTH (GL 4.6 §8.5: layers and faces never shrink).
const size_case kSizes[] = {
   {"1D halves width only", GL_TEXTURE_1D, 3, 8, 1, 1, 2, {2, 1, 1}},
   {"1D array keeps its layers in height", GL_TEXTURE_1D_ARRAY, 3, 8, 5, 1, 2, {2, 5, 1}},
   {"2D halves both, at least 1", GL_TEXTURE_2D, 4, 8, 2, 1, 3, {1, 1, 1}},
   {"3D halves depth too", GL_TEXTURE_3D, 3, 8, 8, 4, 1, {4, 4, 2}},
   {"2D array keeps its layers in depth", GL_TEXTURE_2D_ARRAY, 3, 8, 8, 7, 2, {2, 2, 7}},
   {"cube-map array keeps 6 x cubes in depth", GL_TEXTURE_CUBE_MAP_ARRAY, 2, 4, 4, 12, 1, {2, 2, 12}},
   {"cube map: a face's size", GL_TEXTURE_CUBE_MAP, 3, 8, 8, 1, 1, {4, 4, 1}},
   {"a level past the storage is all zero", GL_TEXTURE_2D, 2, 8, 8, 1, 2, {0, 0, 0}},
};

class LevelSize : public ::testing::TestWithParam<size_case> {};

TEST_P(LevelSize, FollowsGlsMinificationPerTarget) {
   const size_case &c = GetParam();
   gl_context ctx;
   const gl_texture_object &tex = make(ctx, c.target, c.levels, kRGBA8, c.w, c.h, c.d);
   const gl_level_size s = gl_texture_level_size(tex, c.level);
   EXPECT_EQ(s.width, c.want.width) << c.rule;
   EXPECT_EQ(s.height, c.want.height) << c.rule;
   EXPECT_EQ(s.depth, c.want.depth) << c.rule;
}

INSTANTIATE_TEST_SUITE_P(Gl46, LevelSize, ::testing::ValuesIn(kSizes));

struct complete_case {
   const char *rule;
   GLenum format;
   bool stencil_mode;
   GLenum min, mag;
   bool complete;
};

// GL 4.6 §8.17: integer and stencil textures are incomplete unless filtered NEAREST.
const complete_case kComplete[] = {
   {"normalized colour filters LINEAR", kRGBA8, false, GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR, true},
   {"integer with NEAREST filters", kRGBA8UI, false, GL_NEAREST, GL_NEAREST, true},
   {"integer with NEAREST_MIPMAP_NEAREST", kRGBA8UI, false, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, true},
   {"integer with the default filters", kRGBA8UI, false, GL_NEAREST_MIPMAP_LINEAR, GL_LINEAR, false},
   {"integer with a LINEAR mag filter", kRGBA8UI, false, GL_NEAREST, GL_LINEAR, false},
   {"integer with NEAREST_MIPMAP_LINEAR", kRGBA8UI, false, GL_NEAREST_MIPMAP_LINEAR, GL_NEAREST, false},
   {"depth-stencil sampled as depth filters LINEAR", kDepth24S8, false, GL_LINEAR, GL_LINEAR, true},
   {"depth-stencil sampled as stencil with LINEAR", kDepth24S8, true, GL_LINEAR, GL_NEAREST, false},
   {"depth-stencil sampled as stencil with NEAREST", kDepth24S8, true, GL_NEAREST, GL_NEAREST, true},
   {"stencil index with LINEAR", kStencil8, false, GL_NEAREST, GL_LINEAR, false},
};

class Completeness : public ::testing::TestWithParam<complete_case> {};

TEST_P(Completeness, IntegerAndStencilTexturesNeedNearestFilters) {
   const complete_case &c = GetParam();
   gl_context ctx;
   make(ctx, GL_TEXTURE_2D, 2, c.format, 4, 4, 1);
   if (c.stencil_mode)
      ctx.TexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, c.min);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, c.mag);
   ASSERT_EQ(ctx.GetError(), GL_NO_ERROR);
   const gl_texture_object &tex = *ctx.current_texture(0, GL_TEXTURE_2D);
   EXPECT_EQ(gl_texture_is_complete(tex, tex.Sampler.Attrib), c.complete) << c.rule;
}

INSTANTIATE_TEST_SUITE_P(Gl46, Completeness, ::testing::ValuesIn(kComplete));

TEST(Completeness, ATextureWithoutStorageIsIncomplete) {
   gl_context ctx;
   const gl_texture_object &tex = *ctx.current_texture(0, GL_TEXTURE_2D);
   EXPECT_FALSE(gl_texture_is_complete(tex, tex.Sampler.Attrib));
}

TEST(Completeness, TheSamplerObjectsFiltersDecide) {
   gl_context ctx;
   make(ctx, GL_TEXTURE_2D, 1, kRGBA8UI, 4, 4, 1);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   ctx.BindSampler(0, s);  // a sampler object's defaults: NEAREST_MIPMAP_LINEAR / LINEAR
   const gl_texture_object &tex = *ctx.current_texture(0, GL_TEXTURE_2D);
   EXPECT_TRUE(gl_texture_is_complete(tex, tex.Sampler.Attrib));
   EXPECT_FALSE(gl_texture_is_complete(tex, ctx.sampler_for_unit(0, &tex)->Attrib));
}

}  // namespace
}  // namespace clampler
