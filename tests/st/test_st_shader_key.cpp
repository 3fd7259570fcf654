// st_update_gl_clamplers: the per-stage key from the samplers a program uses, built through the GL API.
#include <gtest/gtest.h>

#include "clampler/gl/context.h"
#include "clampler/gl/gl_formats.h"
#include "clampler/pipe/p_screen.h"
#include "clampler/st/st_shader_key.h"

using namespace clampler;

namespace {

class StShaderKey : public testing::Test {
protected:
   config_screen screen;
   gl_context ctx{gl_profile::compatibility};

   // Creates a `target` texture of `fmt` bound to `unit`.
   GLuint texture(unsigned unit, GLenum target, GLenum fmt = GL_RGBA8) {
      GLuint t;
      ctx.GenTextures(1, &t);
      ctx.ActiveTexture(GL_TEXTURE0 + unit);
      ctx.BindTexture(target, t);
      const bool cube = target == GL_TEXTURE_CUBE_MAP;
      const GLsizei depth = target == GL_TEXTURE_2D_ARRAY ? 3 : 1;
      ctx.TexStorage(target, 1, fmt, 8, target == GL_TEXTURE_1D ? 1 : 8, cube ? 1 : depth);
      EXPECT_EQ(ctx.GetError(), GL_NO_ERROR) << ctx.last_error_message();
      ctx.TexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
      return t;
   }
   gl_program program(std::initializer_list<std::tuple<unsigned, unsigned, GLenum>> samplers) {
      gl_program p;
      for (auto [idx, unit, target] : samplers) {
         p.SamplersUsed |= 1u << idx;
         p.SamplerUnits[idx] = static_cast<uint8_t>(unit);
         p.SamplerTargets[idx] = target;
      }
      return p;
   }
   st_shader_key key(const gl_program &p) {
      st_context st(screen, ctx);
      return st_update_gl_clamplers(st, p);
   }
};

}  // namespace

TEST_F(StShaderKey, ProgramWithoutGlClampGetsTheEmptyKey) {
   texture(0, GL_TEXTURE_2D);
   texture(1, GL_TEXTURE_3D);
   EXPECT_TRUE(key(program({{0, 0, GL_TEXTURE_2D}, {1, 1, GL_TEXTURE_3D}})).empty());
}

TEST_F(StShaderKey, BitsAreIndexedBySamplerIndexNotUnit) {
   texture(5, GL_TEXTURE_2D);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP);
   const st_shader_key k = key(program({{2, 5, GL_TEXTURE_2D}}));
   EXPECT_EQ(k.saturate[0], 0u);
   EXPECT_EQ(k.saturate[1], 1u << 2);
   EXPECT_EQ(k.saturate[2], 0u);
   EXPECT_TRUE(k.has_gl_clamp());
}

TEST_F(StShaderKey, BoundSamplerObjectOverridesTheTexturesParameters) {
   texture(0, GL_TEXTURE_2D);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP);
   GLuint s;
   ctx.GenSamplers(1, &s);
   ctx.BindSampler(0, s);
   ctx.SamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   EXPECT_TRUE(key(program({{0, 0, GL_TEXTURE_2D}})).empty());  // the sampler's wrap is REPEAT
   ctx.SamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_MIRROR_CLAMP_EXT);
   const st_shader_key k = key(program({{0, 0, GL_TEXTURE_2D}}));
   EXPECT_EQ(k.saturate[0], 1u);
   EXPECT_EQ(k.abs[0], 1u);
}

TEST_F(StShaderKey, KeyChangesOnlyWhenTheLoweringChanges) {
   texture(0, GL_TEXTURE_2D);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP);
   const gl_program p = program({{0, 0, GL_TEXTURE_2D}});
   const st_shader_key k1 = key(p);
   ctx.TexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 1.5f);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   EXPECT_EQ(key(p), k1);
   EXPECT_EQ(st_shader_key_hash(key(p)), st_shader_key_hash(k1));
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
   EXPECT_TRUE(key(p).empty());
}

TEST_F(StShaderKey, MixedFiltersMarkTheNearestSide) {
   texture(0, GL_TEXTURE_2D);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   const st_shader_key k = key(program({{3, 0, GL_TEXTURE_2D}}));
   EXPECT_EQ(k.nearest_edge_minified, 1u << 3);
   EXPECT_EQ(k.nearest_edge_magnified, 0u);
   EXPECT_EQ(k.unit(3).nearest_edge, ST_NEAREST_EDGE_MINIFIED);
}

TEST_F(StShaderKey, CubeMapsAndArrayLayersAreNeverLowered) {
   texture(0, GL_TEXTURE_CUBE_MAP);
   ctx.TexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_S, GL_CLAMP);
   ctx.TexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_WRAP_T, GL_CLAMP);
   texture(1, GL_TEXTURE_2D_ARRAY);
   ctx.TexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_WRAP_R, GL_CLAMP);
   EXPECT_TRUE(key(program({{0, 0, GL_TEXTURE_CUBE_MAP}, {1, 1, GL_TEXTURE_2D_ARRAY}})).empty());
}

// Rule 14: with the screen asking, each array sampler's layer rounding is its own key bit, and a
// key that differs only there hashes differently.
TEST_F(StShaderKey, ArrayLayerRoundingIsRecordedPerSamplerWhereTheScreenAsks) {
   screen.set_param(PIPE_CAP_ARRAY_LAYER_TIE_LOWERING, 1);
   texture(0, GL_TEXTURE_2D);
   texture(1, GL_TEXTURE_2D_ARRAY);
   const st_shader_key k = key(program({{0, 0, GL_TEXTURE_2D}, {3, 1, GL_TEXTURE_2D_ARRAY}}));
   EXPECT_EQ(k.round_layer, 1u << 3);
   EXPECT_FALSE(k.empty());
   EXPECT_TRUE(k.unit(3).round_layer);
   EXPECT_NE(st_shader_key_hash(k), st_shader_key_hash(st_shader_key{}));
}

TEST_F(StShaderKey, UnusedSamplersContributeNothing) {
   texture(0, GL_TEXTURE_2D);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP);
   texture(1, GL_TEXTURE_2D);
   EXPECT_TRUE(key(program({{0, 1, GL_TEXTURE_2D}})).empty());
}

TEST_F(StShaderKey, TextureWithoutStorageContributesNothing) {
   ctx.ActiveTexture(GL_TEXTURE0);
   GLuint t;
   ctx.GenTextures(1, &t);
   ctx.BindTexture(GL_TEXTURE_2D, t);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   EXPECT_TRUE(key(program({{0, 0, GL_TEXTURE_2D}})).empty());
}

TEST_F(StShaderKey, ShadowSwizzleIsRecordedPerSampler) {
   texture(0, GL_TEXTURE_2D, GL_DEPTH_COMPONENT24);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_ALPHA);
   const st_shader_key k = key(program({{1, 0, GL_TEXTURE_2D}}));
   EXPECT_EQ(k.shadow_mask, 1u << 1);
   const std::array<pipe_swizzle, 4> alpha = {PIPE_SWIZZLE_0, PIPE_SWIZZLE_0, PIPE_SWIZZLE_0, PIPE_SWIZZLE_X};
   EXPECT_EQ(k.shadow_swizzle[1], alpha);
   EXPECT_FALSE(k.has_gl_clamp());
   EXPECT_FALSE(k.empty());
}

TEST_F(StShaderKey, DepthFilterIsRecordedPerSamplerWithGlsLodState) {
   screen.set_linear_filtering(PIPE_FORMAT_Z24X8_UNORM, false);
   texture(0, GL_TEXTURE_2D, GL_DEPTH_COMPONENT24);
   ctx.TexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_LOD, 2.5f);
   const st_shader_key k = key(program({{3, 0, GL_TEXTURE_2D}}));
   EXPECT_EQ(k.shader_filter_mask, 1u << 3);
   EXPECT_EQ(k.shader_filter[3].min_img_filter, PIPE_TEX_FILTER_LINEAR);
   EXPECT_EQ(k.shader_filter[3].max_lod, 2.5f);
   EXPECT_FALSE(k.empty());
   EXPECT_TRUE(k.unit(3).has_shader_filter);
   EXPECT_EQ(k.unit(3).shader_filter, k.shader_filter[3]);
   // The same texture on a filterable screen needs no lowering at all.
   screen.set_linear_filtering(PIPE_FORMAT_Z24X8_UNORM, true);
   EXPECT_TRUE(key(program({{3, 0, GL_TEXTURE_2D}})).empty());
}

TEST_F(StShaderKey, SetUnitIsTheInverseOfUnitAndKeysDifferingInDepthLodDiffer) {
   st_sampler_lowering low;
   low.saturate = 0x5;
   low.nearest_edge = ST_NEAREST_EDGE_MINIFIED;
   low.has_shader_filter = true;
   low.shader_filter.lod_bias = 0.25f;
   low.round_layer = true;
   st_shader_key a;
   a.set_unit(7, low);
   EXPECT_EQ(a.unit(7), low);
   EXPECT_EQ(a.unit(6), st_sampler_lowering{});
   st_shader_key b = a;
   low.shader_filter.lod_bias = 0.5f;
   b.set_unit(7, low);
   EXPECT_NE(a, b);
   EXPECT_NE(st_shader_key_hash(a), st_shader_key_hash(b));
   b.set_unit(7, st_sampler_lowering{});  // clearing a unit leaves the empty key
   EXPECT_EQ(b, st_shader_key{});
}
