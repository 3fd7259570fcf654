// Tests of txq_query: every attribute of the seed per target, unified and independent mode, levels and completeness, as GL defines them.
#include <gtest/gtest.h>

#include <string>

#include "clampler/txq/txq.h"

namespace clampler {
namespace {

// Values by number (Khronos glext.h), independent of the code under test.
constexpr GLenum kRGBA8 = 0x8058;        // GL_RGBA8
constexpr GLenum kRGBA8UI = 0x8D7C;      // GL_RGBA8UI
constexpr GLenum kR32F = 0x822E;         // GL_R32F
constexpr GLenum kDepth24S8 = 0x88F0;    // GL_DEPTH24_STENCIL8
constexpr GLenum kRGBA = 0x1908;         // GL_RGBA, base internal format
constexpr GLenum kRED = 0x1903;          // GL_RED
constexpr GLenum kUnsignedNorm = 0x8C17; // GL_UNSIGNED_NORMALIZED
constexpr GLenum kFloat = 0x1406;        // GL_FLOAT

struct storage {
   GLenum target;
   GLenum format = kRGBA8;
   GLsizei levels = 1, w = 1, h = 1, d = 1;
   GLsizei samples = 0;       // multisample targets
   GLsizeiptr bytes = 0;      // buffer target
};

// Makes the texture on unit 0; expects no GL error.
const gl_texture_object &make(gl_context &ctx, const storage &s) {
   GLuint t = 0;
   ctx.GenTextures(1, &t);
   ctx.BindTexture(s.target, t);
   if (s.target == GL_TEXTURE_BUFFER)
      ctx.TexBuffer(s.target, s.format, s.bytes);
   else if (s.samples)
      ctx.TexStorageMultisample(s.target, s.samples, s.format, s.w, s.h, s.d, 1);
   else
      ctx.TexStorage(s.target, s.levels, s.format, s.w, s.h, s.d);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR) << ctx.last_error_message();
   return *ctx.lookup_texture(t);
}

txq_result query(const gl_context &ctx, GLenum target, txq_language lang = txq_language::gl) {
   txq_result r;
   std::string error;
   EXPECT_TRUE(txq_query(ctx, 0, target, lang, &r, &error)) << error;
   return r;
}

struct target_case {
   const char *rule;
   storage s;
   txq_texture_attribs want;  // channel fields ignored here
   size_t levels;
};

// GL 4.6 §8.11 / GLSL 4.60 §8.9.1 for each target (RGBA8, or R32F for the buffer texture).
const target_case kTargets[] = {
   {"1D: width, one layer", {GL_TEXTURE_1D, kRGBA8, 4, 8, 1, 1}, {8, 1, 1, 0, 0, 1, 0, 4, 0}, 4},
   {"1D array: layers in height and array_size", {GL_TEXTURE_1D_ARRAY, kRGBA8, 3, 8, 5, 1},
    {8, 5, 1, 0, 0, 1, 5, 3, 0}, 3},
   {"2D", {GL_TEXTURE_2D, kRGBA8, 2, 8, 4, 1}, {8, 4, 1, 0, 0, 1, 0, 2, 0}, 2},
   {"3D: depth is a size", {GL_TEXTURE_3D, kRGBA8, 3, 8, 8, 4}, {8, 8, 4, 0, 0, 1, 0, 3, 0}, 3},
   {"rectangle: unnormalized, no mipmaps", {GL_TEXTURE_RECTANGLE, kRGBA8, 1, 7, 3, 1},
    {7, 3, 1, 0, 0, 0, 0, 0, 0}, 1},
   {"cube map: a face", {GL_TEXTURE_CUBE_MAP, kRGBA8, 3, 8, 8, 1}, {8, 8, 1, 0, 0, 1, 0, 3, 0}, 3},
   {"2D array: layers in depth and array_size", {GL_TEXTURE_2D_ARRAY, kRGBA8, 2, 4, 4, 9},
    {4, 4, 9, 0, 0, 1, 9, 2, 0}, 2},
   {"cube-map array: array_size counts cubes", {GL_TEXTURE_CUBE_MAP_ARRAY, kRGBA8, 2, 4, 4, 18},
    {4, 4, 18, 0, 0, 1, 3, 2, 0}, 2},
   {"2D multisample: samples, no mipmaps", {GL_TEXTURE_2D_MULTISAMPLE, kRGBA8, 1, 8, 4, 1, 4},
    {8, 4, 1, 0, 0, 0, 0, 0, 4}, 1},
   {"2D multisample array", {GL_TEXTURE_2D_MULTISAMPLE_ARRAY, kRGBA8, 1, 8, 4, 3, 2},
    {8, 4, 3, 0, 0, 0, 3, 0, 2}, 1},
   {"buffer: texels in width", {GL_TEXTURE_BUFFER, kR32F, 1, 1, 1, 1, 0, 40}, {10, 1, 1, 0, 0, 0, 0, 0, 0}, 1},
};

class TxqTarget : public ::testing::TestWithParam<target_case> {};

TEST_P(TxqTarget, AnswersGlsSizesLayersLevelsAndSamples) {
   const target_case &c = GetParam();
   gl_context ctx;
   make(ctx, c.s);
   const txq_result r = query(ctx, c.s.target);
   EXPECT_EQ(r.texture.width, c.want.width) << c.rule;
   EXPECT_EQ(r.texture.height, c.want.height) << c.rule;
   EXPECT_EQ(r.texture.depth, c.want.depth) << c.rule;
   EXPECT_EQ(r.texture.normalized_coords, c.want.normalized_coords) << c.rule;
   EXPECT_EQ(r.texture.array_size, c.want.array_size) << c.rule;
   EXPECT_EQ(r.texture.num_mipmap_levels, c.want.num_mipmap_levels) << c.rule;
   EXPECT_EQ(r.texture.num_samples, c.want.num_samples) << c.rule;
   EXPECT_EQ(r.levels.size(), c.levels) << c.rule;
}

INSTANTIATE_TEST_SUITE_P(Gl46, TxqTarget, ::testing::ValuesIn(kTargets));

TEST(TxqLevels, LodCountsFromTheBaseLevelAndStopsAtTheMaxLevel) {
   gl_context ctx;
   make(ctx, {GL_TEXTURE_2D, kRGBA8, 5, 16, 8, 1});
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 1);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 3);
   const txq_result r = query(ctx, GL_TEXTURE_2D);
   // Levels 1..3 of 16x8: 8x4, 4x2, 2x1.
   ASSERT_EQ(r.levels.size(), 3u);
   EXPECT_EQ(r.texture.num_mipmap_levels, 3u);
   EXPECT_EQ(r.texture.width, 8u);
   EXPECT_EQ(r.texture.height, 4u);
   const uint32_t want[3][2] = {{8, 4}, {4, 2}, {2, 1}};
   for (uint32_t lod = 0; lod < 3; ++lod) {
      EXPECT_EQ(r.levels[lod].lod, lod);
      EXPECT_EQ(r.levels[lod].width, want[lod][0]) << "lod " << lod;
      EXPECT_EQ(r.levels[lod].height, want[lod][1]) << "lod " << lod;
   }
   txq_level_size past;
   EXPECT_FALSE(txq_level(*ctx.current_texture(0, GL_TEXTURE_2D), 3, &past));
}

TEST(TxqLevels, ABaseLevelPastTheStorageIsClampedToTheLastLevel) {
   gl_context ctx;
   make(ctx, {GL_TEXTURE_2D, kRGBA8, 3, 8, 8, 1});
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 9);
   const txq_result r = query(ctx, GL_TEXTURE_2D);
   EXPECT_EQ(r.range.base, 2u);
   EXPECT_EQ(r.texture.num_mipmap_levels, 1u);
   EXPECT_EQ(r.texture.width, 2u);
}

TEST(TxqLevels, AnIncompleteTextureHasZeroLevelsButKeepsItsSizes) {
   gl_context ctx;
   make(ctx, {GL_TEXTURE_2D, kRGBA8UI, 3, 8, 8, 1});  // default filters: LINEAR mag, incomplete
   const txq_result r = query(ctx, GL_TEXTURE_2D);
   EXPECT_FALSE(r.complete);
   EXPECT_EQ(r.texture.num_mipmap_levels, 0u);
   EXPECT_EQ(r.texture.width, 8u);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   EXPECT_EQ(query(ctx, GL_TEXTURE_2D).texture.num_mipmap_levels, 3u);
}

struct wrap_case {
   GLenum wrap;
   uint32_t addr;
};

// The seed's enum { wrap, mirror, clamp_ogl, clamp_to_edge, clamp_to_border }, then clampler's
// values 5-7 for the mirror clamps.
const wrap_case kWraps[] = {
   {GL_REPEAT, 0},       {GL_MIRRORED_REPEAT, 1},        {GL_CLAMP, 2},
   {GL_CLAMP_TO_EDGE, 3}, {GL_CLAMP_TO_BORDER, 4},        {GL_MIRROR_CLAMP_EXT, 5},
   {GL_MIRROR_CLAMP_TO_EDGE, 6}, {GL_MIRROR_CLAMP_TO_BORDER_EXT, 7},
};

class TxqAddrMode : public ::testing::TestWithParam<wrap_case> {};

TEST_P(TxqAddrMode, ReportsTheWrapTheApplicationSetNotTheLowering) {
   const wrap_case &c = GetParam();
   gl_context ctx;
   make(ctx, {GL_TEXTURE_2D, kRGBA8, 1, 4, 4, 1});
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, static_cast<GLint>(c.wrap));
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_R, static_cast<GLint>(c.wrap));
   ASSERT_EQ(ctx.GetError(), GL_NO_ERROR) << ctx.last_error_message();
   const txq_result r = query(ctx, GL_TEXTURE_2D);
   EXPECT_EQ(r.sampler.addr_mode[0], c.addr);
   EXPECT_EQ(r.sampler.addr_mode[1], 0u);  // T left at GL_REPEAT
   EXPECT_EQ(r.sampler.addr_mode[2], c.addr);
}

INSTANTIATE_TEST_SUITE_P(Seed, TxqAddrMode, ::testing::ValuesIn(kWraps));

TEST(TxqSamplerMode, UnifiedModeReadsTheTexturesOwnParameters) {
   gl_context ctx;
   make(ctx, {GL_TEXTURE_2D, kRGBA8, 1, 4, 4, 1});
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP);
   const txq_result r = query(ctx, GL_TEXTURE_2D);
   EXPECT_FALSE(r.independent);
   EXPECT_EQ(r.sampler.filter_mode, 0u);
   EXPECT_EQ(r.sampler.addr_mode[1], 2u);
}

TEST(TxqSamplerMode, IndependentModeReadsTheBoundSamplerObject) {
   gl_context ctx;
   make(ctx, {GL_TEXTURE_2D, kRGBA8, 1, 4, 4, 1});
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   GLuint s = 0;
   ctx.GenSamplers(1, &s);
   ctx.BindSampler(0, s);
   ctx.SamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
   ASSERT_EQ(ctx.GetError(), GL_NO_ERROR);
   const txq_result r = query(ctx, GL_TEXTURE_2D);
   EXPECT_TRUE(r.independent);
   EXPECT_EQ(r.sampler.filter_mode, 1u);  // the sampler object's default GL_LINEAR
   EXPECT_EQ(r.sampler.addr_mode[0], 4u);
   EXPECT_EQ(r.sampler.force_unnormalized_coords, 0u);
}

TEST(TxqSamplerMode, RectangleDefaultsAreClampToEdge) {
   gl_context ctx;
   make(ctx, {GL_TEXTURE_RECTANGLE, kRGBA8, 1, 4, 4, 1});
   const txq_result r = query(ctx, GL_TEXTURE_RECTANGLE);
   for (int i = 0; i < 3; ++i)
      EXPECT_EQ(r.sampler.addr_mode[i], 3u);
}

TEST(TxqChannels, GlVocabularyIsBaseFormatAndComponentType) {
   gl_context ctx;
   make(ctx, {GL_TEXTURE_2D, kRGBA8, 1, 4, 4, 1});
   txq_result r = query(ctx, GL_TEXTURE_2D);
   EXPECT_EQ(r.texture.channel_order, kRGBA);
   EXPECT_EQ(r.texture.channel_data_type, kUnsignedNorm);
   gl_context ctx2;
   make(ctx2, {GL_TEXTURE_2D, kR32F, 1, 4, 4, 1});
   r = query(ctx2, GL_TEXTURE_2D);
   EXPECT_EQ(r.texture.channel_order, kRED);
   EXPECT_EQ(r.texture.channel_data_type, kFloat);
}

TEST(TxqErrors, NoStorageOrNoUnitIsAnErrorNamingIt) {
   gl_context ctx;
   txq_result r;
   std::string error;
   EXPECT_FALSE(txq_query(ctx, 0, GL_TEXTURE_2D, txq_language::gl, &r, &error));
   EXPECT_NE(error.find("no storage"), std::string::npos) << error;
   make(ctx, {GL_TEXTURE_2D, kDepth24S8, 1, 4, 4, 1});
   EXPECT_FALSE(txq_query(ctx, 1000, GL_TEXTURE_2D, txq_language::gl, &r, &error));
   EXPECT_NE(error.find("unit 1000"), std::string::npos) << error;
   EXPECT_FALSE(txq_query(ctx, 0, 0x1234, txq_language::gl, &r, &error));
}

}  // namespace
}  // namespace clampler
