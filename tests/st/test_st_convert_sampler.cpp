// st_convert_sampler rules 1-7 and 9: translation, filter fallbacks, LOD, border colour, compare, shadow swizzle.
// Expected values come from the GL 4.6 spec, the Gallium sampler doc and docs/design.md §3.
#include <array>
#include <cmath>
#include <cstring>

#include "st_test_util.h"

using namespace clampler;
using namespace clampler::test;

namespace {

gl_sampler_attrib filters(GLenum min, GLenum mag) {
   gl_sampler_attrib a;
   a.MinFilter = min;
   a.MagFilter = mag;
   return a;
}

}  // namespace

// Rule 1: GL -> pipe translation.
struct wrap_case { GLenum gl; unsigned pipe; };
class StWrapTranslation : public StTest, public testing::WithParamInterface<wrap_case> {};
TEST_P(StWrapTranslation, GlWrapMapsToGalliumNumbering) {
   screen.set_param(PIPE_CAP_EMULATE_GL_CLAMP_PLZ, 0);  // no emulation: the raw translation
   screen.set_param(PIPE_CAP_MIN_MAG_SWITCH_LOWERING, 0);  // (GL's default filters would ask for rule 10)
   gl_sampler_attrib a;
   a.WrapS = a.WrapT = a.WrapR = GetParam().gl;
   const converted c = convert(make_tex(GL_TEXTURE_3D, PIPE_FORMAT_R8G8B8A8_UNORM), a);
   EXPECT_EQ(c.state.wrap_s, GetParam().pipe);
   EXPECT_EQ(c.state.wrap_t, GetParam().pipe);
   EXPECT_EQ(c.state.wrap_r, GetParam().pipe);
   EXPECT_EQ(c.lowering, st_sampler_lowering());
}
INSTANTIATE_TEST_SUITE_P(Table, StWrapTranslation,
   testing::Values(wrap_case{GL_REPEAT, 0}, wrap_case{GL_CLAMP, 1}, wrap_case{GL_CLAMP_TO_EDGE, 2},
                   wrap_case{GL_CLAMP_TO_BORDER, 3}, wrap_case{GL_MIRRORED_REPEAT, 4},
                   wrap_case{GL_MIRROR_CLAMP_EXT, 5}, wrap_case{GL_MIRROR_CLAMP_TO_EDGE, 6},
                   wrap_case{GL_MIRROR_CLAMP_TO_BORDER_EXT, 7}));

struct filter_case { GLenum min; unsigned img; unsigned mip; };
class StMinFilterTranslation : public StTest, public testing::WithParamInterface<filter_case> {};
TEST_P(StMinFilterTranslation, MinFilterSplitsIntoImageAndMipFilters) {
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM),
                               filters(GetParam().min, GL_LINEAR));
   EXPECT_EQ(c.state.min_img_filter, GetParam().img);
   EXPECT_EQ(c.state.min_mip_filter, GetParam().mip);
}
INSTANTIATE_TEST_SUITE_P(Table, StMinFilterTranslation,
   testing::Values(filter_case{GL_NEAREST, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NONE},
                   filter_case{GL_LINEAR, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_MIPFILTER_NONE},
                   filter_case{GL_NEAREST_MIPMAP_NEAREST, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NEAREST},
                   filter_case{GL_LINEAR_MIPMAP_NEAREST, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_MIPFILTER_NEAREST},
                   filter_case{GL_NEAREST_MIPMAP_LINEAR, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_LINEAR},
                   filter_case{GL_LINEAR_MIPMAP_LINEAR, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_MIPFILTER_LINEAR}));

TEST_F(StTest, MagFilterTranslatesDirectly) {
   const auto tex = make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM);
   EXPECT_EQ(convert(tex, filters(GL_LINEAR, GL_NEAREST)).state.mag_img_filter, PIPE_TEX_FILTER_NEAREST);
   EXPECT_EQ(convert(tex, filters(GL_NEAREST, GL_LINEAR)).state.mag_img_filter, PIPE_TEX_FILTER_LINEAR);
}

TEST_F(StTest, CompareFuncIsGlFuncMinusNever) {
   const auto tex = make_tex(GL_TEXTURE_2D, PIPE_FORMAT_Z24X8_UNORM);
   const GLenum funcs[] = {GL_NEVER, GL_LESS, GL_EQUAL, GL_LEQUAL, GL_GREATER, GL_NOTEQUAL, GL_GEQUAL, GL_ALWAYS};
   for (unsigned i = 0; i < 8; ++i) {
      gl_sampler_attrib a;
      a.CompareMode = GL_COMPARE_REF_TO_TEXTURE;
      a.CompareFunc = funcs[i];
      const converted c = convert(tex, a);
      EXPECT_EQ(c.state.compare_mode, PIPE_TEX_COMPARE_R_TO_TEXTURE);
      EXPECT_EQ(c.state.compare_func, i) << "func " << i;
   }
}

// Rule 2: integer formats and stencil sampling sample NEAREST.
class StIntegerNearest : public StTest, public testing::WithParamInterface<pipe_format> {};
TEST_P(StIntegerNearest, LinearRequestsBecomeNearestIncludingTheMipFilter) {
   const converted c = convert(make_tex(GL_TEXTURE_2D, GetParam()),
                               filters(GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR));
   EXPECT_EQ(c.state.min_img_filter, PIPE_TEX_FILTER_NEAREST);
   EXPECT_EQ(c.state.mag_img_filter, PIPE_TEX_FILTER_NEAREST);
   EXPECT_EQ(c.state.min_mip_filter, PIPE_TEX_MIPFILTER_NEAREST);
}
INSTANTIATE_TEST_SUITE_P(Table, StIntegerNearest,
   testing::Values(PIPE_FORMAT_R8G8B8A8_UINT, PIPE_FORMAT_R32_SINT, PIPE_FORMAT_R10G10B10A2_UINT,
                   PIPE_FORMAT_A8_SINT, PIPE_FORMAT_L16A16_UINT, PIPE_FORMAT_I32_UINT, PIPE_FORMAT_S8_UINT));

TEST_F(StTest, StencilSamplingOfDepthStencilIsNearest) {
   auto tex = make_tex(GL_TEXTURE_2D, PIPE_FORMAT_Z24_UNORM_S8_UINT);
   tex.Attrib.StencilSampling = true;
   const converted c = convert(tex, filters(GL_LINEAR, GL_LINEAR));
   EXPECT_EQ(c.state.min_img_filter, PIPE_TEX_FILTER_NEAREST);
   EXPECT_EQ(c.state.mag_img_filter, PIPE_TEX_FILTER_NEAREST);
}

TEST_F(StTest, MipFilterNoneStaysNoneWhenFiltersAreForcedNearest) {
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UINT), filters(GL_LINEAR, GL_LINEAR));
   EXPECT_EQ(c.state.min_mip_filter, PIPE_TEX_MIPFILTER_NONE);
}

// Rule 3: per-format linear availability.
TEST_F(StTest, NonFilterableFormatSamplesNearest) {
   screen.set_linear_filtering(PIPE_FORMAT_R16G16B16A16_FLOAT, false);
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R16G16B16A16_FLOAT),
                               filters(GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR));
   EXPECT_EQ(c.state.min_img_filter, PIPE_TEX_FILTER_NEAREST);
   EXPECT_EQ(c.state.mag_img_filter, PIPE_TEX_FILTER_NEAREST);
   EXPECT_EQ(c.state.min_mip_filter, PIPE_TEX_MIPFILTER_NEAREST);
}

TEST_F(StTest, FilterableFormatKeepsLinear) {
   screen.set_linear_filtering(PIPE_FORMAT_R16G16B16A16_FLOAT, false);
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R16G16B16A16_UNORM),
                               filters(GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR));
   EXPECT_EQ(c.state.min_img_filter, PIPE_TEX_FILTER_LINEAR);
   EXPECT_EQ(c.state.min_mip_filter, PIPE_TEX_MIPFILTER_LINEAR);
}

TEST_F(StTest, LinearAvailabilityIsAskedForTheViewFormatWhenSrgbDecodeIsSkipped) {
   screen.set_linear_filtering(PIPE_FORMAT_R8G8B8A8_SRGB, false);
   auto tex = make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_SRGB);
   gl_sampler_attrib a = filters(GL_LINEAR, GL_LINEAR);
   EXPECT_EQ(convert(tex, a).state.mag_img_filter, PIPE_TEX_FILTER_NEAREST);
   a.sRGBDecode = GL_SKIP_DECODE_EXT;  // the view is R8G8B8A8_UNORM, which filters
   EXPECT_EQ(convert(tex, a).state.mag_img_filter, PIPE_TEX_FILTER_LINEAR);
}

TEST_F(StTest, ScreenWithoutFloatLinearSamplesFp32Nearest) {
   screen.set_param(PIPE_CAP_TEXTURE_FLOAT_LINEAR, 0);
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R32_FLOAT), filters(GL_LINEAR, GL_LINEAR))
                .state.mag_img_filter, PIPE_TEX_FILTER_NEAREST);
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R16_FLOAT), filters(GL_LINEAR, GL_LINEAR))
                .state.mag_img_filter, PIPE_TEX_FILTER_LINEAR);
}

// Rule 4: PIPE_CAP_LINEAR_DEPTH_LOWERING (the shader filters), PIPE_CAP_LINEAR_DEPTH_FILTERING.
TEST_F(StTest, NonFilterableDepthIsFilteredByTheShaderFromNearestLookups) {
   screen.set_linear_filtering(PIPE_FORMAT_Z32_FLOAT, false);
   gl_sampler_attrib a = filters(GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR);
   a.LodBias = 0.5f;
   a.MinLod = 1.0f;
   a.MaxLod = 3.0f;
   a.MaxAnisotropy = 8.0f;
   a.ReductionMode = GL_MIN;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT), a, 0.25f);
   // The device takes explicit integer levels as they are: NEAREST, no bias, clamp, anisotropy
   // or reduction, no compare.
   EXPECT_EQ(c.state.min_img_filter, PIPE_TEX_FILTER_NEAREST);
   EXPECT_EQ(c.state.mag_img_filter, PIPE_TEX_FILTER_NEAREST);
   EXPECT_EQ(c.state.min_mip_filter, PIPE_TEX_MIPFILTER_NEAREST);
   EXPECT_EQ(c.state.compare_mode, PIPE_TEX_COMPARE_NONE);
   EXPECT_EQ(c.state.lod_bias, 0.0f);
   EXPECT_EQ(c.state.min_lod, 0.0f);
   EXPECT_EQ(c.state.max_lod, 1000.0f);
   EXPECT_EQ(c.state.max_anisotropy, 0);
   EXPECT_EQ(c.state.reduction_mode, PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE);
   // GL's values go to the shader: sampler + unit bias as rule 5 quantises it.
   ASSERT_TRUE(c.lowering.has_shader_filter);
   const st_shader_filter expected{PIPE_TEX_FILTER_LINEAR, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_MIPFILTER_LINEAR,
                                  PIPE_TEX_REDUCTION_MIN, 0.75f, 1.0f, 3.0f};
   EXPECT_EQ(c.lowering.shader_filter, expected);
   EXPECT_FALSE(c.lowering.has_shadow_swizzle);  // the app did not ask for a shadow lookup
}

TEST_F(StTest, NonFilterableDepthWithoutMipmapsKeepsMipFilterNone) {
   screen.set_linear_filtering(PIPE_FORMAT_Z16_UNORM, false);
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_Z16_UNORM), filters(GL_NEAREST, GL_LINEAR));
   EXPECT_EQ(c.state.min_mip_filter, PIPE_TEX_MIPFILTER_NONE);
   ASSERT_TRUE(c.lowering.has_shader_filter);
   EXPECT_EQ(c.lowering.shader_filter.min_img_filter, PIPE_TEX_FILTER_NEAREST);
   EXPECT_EQ(c.lowering.shader_filter.mag_img_filter, PIPE_TEX_FILTER_LINEAR);
}

TEST_F(StTest, DepthFilterTakesGlClampWrapsFromGlsFiltersAndDecidesNearestEdgeItself) {
   screen.set_linear_filtering(PIPE_FORMAT_Z32_FLOAT, false);
   gl_sampler_attrib a = filters(GL_NEAREST, GL_LINEAR);  // mixed: nearest_edge without the filter
   a.WrapS = a.WrapT = GL_CLAMP;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT), a);
   EXPECT_EQ(c.state.wrap_s, PIPE_TEX_WRAP_CLAMP_TO_BORDER);
   EXPECT_EQ(c.lowering.saturate, 0x3);
   EXPECT_EQ(c.lowering.nearest_edge, ST_NEAREST_EDGE_NONE);
   EXPECT_TRUE(c.lowering.has_shader_filter);
}

TEST_F(StTest, ShadowKeepsTheComparePath) {
   screen.set_linear_filtering(PIPE_FORMAT_Z32_FLOAT, false);
   gl_sampler_attrib shadow = filters(GL_LINEAR, GL_LINEAR);
   shadow.CompareMode = GL_COMPARE_REF_TO_TEXTURE;
   const converted s = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT), shadow);
   EXPECT_FALSE(s.lowering.has_shader_filter);
   EXPECT_EQ(s.state.mag_img_filter, PIPE_TEX_FILTER_LINEAR);
}

// A depth cube map takes the shader filter, which wraps each face or crosses its edges itself;
// the key carries seamless, or the wraps and — where one reads the border — what a border texel
// returns (rule 6's colour through the lookup's result swizzle).
TEST_F(StTest, CubeDepthTakesTheShaderFilterWithItsWrapsAndBorderTexel) {
   screen.set_linear_filtering(PIPE_FORMAT_Z32_FLOAT, false);
   gl_sampler_attrib a = filters(GL_LINEAR, GL_LINEAR);
   a.WrapS = GL_MIRRORED_REPEAT;
   a.WrapT = GL_CLAMP_TO_EDGE;
   a.BorderColor.f[0] = 0.25f;
   const converted wrapped = convert(make_tex(GL_TEXTURE_CUBE_MAP, PIPE_FORMAT_Z32_FLOAT), a);
   EXPECT_TRUE(wrapped.lowering.has_shader_filter);
   EXPECT_FALSE(wrapped.lowering.shader_filter.cube_seamless);
   EXPECT_EQ(wrapped.lowering.shader_filter.cube_wrap_s, PIPE_TEX_WRAP_MIRROR_REPEAT);
   EXPECT_EQ(wrapped.lowering.shader_filter.cube_wrap_t, PIPE_TEX_WRAP_CLAMP_TO_EDGE);
   EXPECT_EQ(wrapped.lowering.shader_filter.cube_border, (std::array<uint32_t, 4>{}));  // no wrap reads it
   EXPECT_EQ(wrapped.state.compare_mode, PIPE_TEX_COMPARE_NONE);
   EXPECT_EQ(wrapped.state.min_img_filter, PIPE_TEX_FILTER_NEAREST);

   // A border-reading wrap: the border texel of a depth texture, (d, 0, 0, 1) in the core
   // profile and (d, d, d, 1) under the compatibility profile's default GL_LUMINANCE.
   a.WrapT = GL_CLAMP_TO_BORDER;
   for (const gl_profile p : {gl_profile::core, gl_profile::compatibility}) {
      profile = p;
      const converted border = convert(make_tex(GL_TEXTURE_CUBE_MAP, PIPE_FORMAT_Z32_FLOAT), a);
      ASSERT_TRUE(border.lowering.has_shader_filter);
      EXPECT_EQ(border.lowering.shader_filter.cube_wrap_t, PIPE_TEX_WRAP_CLAMP_TO_BORDER);
      const std::array<float, 4> want = p == gl_profile::core ? std::array<float, 4>{0.25f, 0.0f, 0.0f, 1.0f}
                                                              : std::array<float, 4>{0.25f, 0.25f, 0.25f, 1.0f};
      for (unsigned c = 0; c < 4; ++c) {
         float got;
         std::memcpy(&got, &border.lowering.shader_filter.cube_border[c], sizeof got);
         EXPECT_EQ(got, want[c]) << "component " << c;
      }
      EXPECT_EQ(border.state.compare_mode, PIPE_TEX_COMPARE_NONE);
   }

   // Seamless filtering ignores the wraps.
   const converted seamless = convert(make_tex(GL_TEXTURE_CUBE_MAP_ARRAY, PIPE_FORMAT_Z32_FLOAT), a, 0, true);
   EXPECT_TRUE(seamless.lowering.has_shader_filter);
   EXPECT_TRUE(seamless.lowering.shader_filter.cube_seamless);
   EXPECT_EQ(seamless.lowering.shader_filter.cube_wrap_t, PIPE_TEX_WRAP_CLAMP_TO_EDGE);  // unused, default

   // A 2D texture's key is unchanged by these fields.
   const converted flat = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT), a);
   EXPECT_FALSE(flat.lowering.shader_filter.cube_seamless);
   EXPECT_EQ(flat.lowering.shader_filter.cube_wrap_s, PIPE_TEX_WRAP_CLAMP_TO_EDGE);
   EXPECT_EQ(flat.lowering.shader_filter.cube_border, (std::array<uint32_t, 4>{}));
}

// Rule 15 (PIPE_CAP_CUBE_FACE_WRAP_LOWERING): a non-seamless cube map whose s or t wrap differs
// from CLAMP_TO_EDGE on a face (REPEAT, the border wraps) takes the cube filter, which wraps the
// face itself; MIRRORED_REPEAT and MIRROR_CLAMP_TO_EDGE equal CLAMP_TO_EDGE there. With the cap's
// 2 (no non-seamless cube maps on the device) every non-seamless sampler takes it.
struct face_wrap_case {
   GLenum wrap_s, wrap_t;
   bool seamless, compare;
   int cap;  // 1: the device clamps a face to its edge; 2: it samples every cube map seamless
   bool filtered;
};
class StCubeFaceWrap : public StTest, public testing::WithParamInterface<face_wrap_case> {};
TEST_P(StCubeFaceWrap, ANonSeamlessFaceWrapTakesTheCubeFilterWhereTheDeviceClampsIt) {
   const face_wrap_case &p = GetParam();
   screen.set_param(PIPE_CAP_CUBE_FACE_WRAP_LOWERING, p.cap);
   gl_sampler_attrib a = filters(GL_LINEAR, GL_LINEAR);
   a.WrapS = p.wrap_s;
   a.WrapT = p.wrap_t;
   if (p.compare)
      a.CompareMode = GL_COMPARE_REF_TO_TEXTURE;
   const pipe_format format = p.compare ? PIPE_FORMAT_Z32_FLOAT : PIPE_FORMAT_R8G8B8A8_UNORM;
   const converted c = convert(make_tex(GL_TEXTURE_CUBE_MAP, format), a, 0, p.seamless);
   EXPECT_EQ(c.lowering.has_shader_filter, p.filtered);
   if (p.filtered) {
      EXPECT_EQ(c.lowering.shader_filter.cube_wrap_s, st_wrap_xlate(p.wrap_s));
      EXPECT_EQ(c.lowering.shader_filter.min_img_filter, PIPE_TEX_FILTER_LINEAR);
      EXPECT_EQ(c.state.min_img_filter, PIPE_TEX_FILTER_NEAREST);
   }
}
INSTANTIATE_TEST_SUITE_P(Table, StCubeFaceWrap,
   testing::Values(face_wrap_case{GL_REPEAT, GL_CLAMP_TO_EDGE, false, false, 1, true},
                   face_wrap_case{GL_CLAMP_TO_EDGE, GL_CLAMP_TO_BORDER, false, false, 1, true},
                   face_wrap_case{GL_CLAMP, GL_CLAMP, false, false, 1, true},
                   face_wrap_case{GL_MIRROR_CLAMP_TO_BORDER_EXT, GL_MIRRORED_REPEAT, false, false, 1, true},
                   // equal to CLAMP_TO_EDGE on a face: the device's sampler is right
                   face_wrap_case{GL_MIRRORED_REPEAT, GL_MIRROR_CLAMP_TO_EDGE, false, false, 1, false},
                   face_wrap_case{GL_CLAMP_TO_EDGE, GL_CLAMP_TO_EDGE, false, false, 1, false},
                   // depth compare too: Dref taps, the border compared in the shader
                   face_wrap_case{GL_REPEAT, GL_REPEAT, false, true, 1, true},
                   face_wrap_case{GL_CLAMP_TO_BORDER, GL_REPEAT, false, true, 2, true},
                   // seamless filtering has no wraps; the cap off
                   face_wrap_case{GL_REPEAT, GL_REPEAT, true, false, 1, false},
                   face_wrap_case{GL_REPEAT, GL_REPEAT, true, true, 2, false},
                   face_wrap_case{GL_REPEAT, GL_REPEAT, false, false, 0, false},
                   // a device without non-seamless cube maps: every non-seamless sampler, edge clamps too
                   face_wrap_case{GL_CLAMP_TO_EDGE, GL_MIRRORED_REPEAT, false, false, 2, true},
                   face_wrap_case{GL_CLAMP_TO_EDGE, GL_CLAMP_TO_EDGE, true, false, 2, false}));

TEST_F(StTest, WithoutTheDepthLoweringNonFilterableDepthKeepsLinearThroughCompareAlways) {
   screen.set_param(PIPE_CAP_LINEAR_DEPTH_LOWERING, 0);
   screen.set_linear_filtering(PIPE_FORMAT_Z32_FLOAT, false);
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT), filters(GL_LINEAR, GL_LINEAR));
   EXPECT_EQ(c.state.min_img_filter, PIPE_TEX_FILTER_LINEAR);
   EXPECT_EQ(c.state.mag_img_filter, PIPE_TEX_FILTER_LINEAR);
   EXPECT_EQ(c.state.compare_mode, PIPE_TEX_COMPARE_R_TO_TEXTURE);
   EXPECT_EQ(c.state.compare_func, PIPE_FUNC_ALWAYS);
   EXPECT_FALSE(c.lowering.has_shader_filter);
   EXPECT_FALSE(c.lowering.has_shadow_swizzle);
}

TEST_F(StTest, NonFilterableDepthKeepsTheAppsCompareFunc) {
   screen.set_linear_filtering(PIPE_FORMAT_Z32_FLOAT, false);
   gl_sampler_attrib a = filters(GL_LINEAR, GL_LINEAR);
   a.CompareMode = GL_COMPARE_REF_TO_TEXTURE;
   a.CompareFunc = GL_LESS;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT), a);
   EXPECT_EQ(c.state.compare_func, PIPE_FUNC_LESS);
   EXPECT_EQ(c.state.mag_img_filter, PIPE_TEX_FILTER_LINEAR);
}

TEST_F(StTest, NonFilterableDepthWithNearestFiltersNeedsNoCompare) {
   screen.set_linear_filtering(PIPE_FORMAT_Z32_FLOAT, false);
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT),
                               filters(GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST));
   EXPECT_EQ(c.state.compare_mode, PIPE_TEX_COMPARE_NONE);
}

TEST_F(StTest, LinearMipFilterAloneTriggersTheDepthCompareFallback) {
   screen.set_param(PIPE_CAP_LINEAR_DEPTH_LOWERING, 0);
   screen.set_linear_filtering(PIPE_FORMAT_Z16_UNORM, false);
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_Z16_UNORM),
                               filters(GL_NEAREST_MIPMAP_LINEAR, GL_NEAREST));
   EXPECT_EQ(c.state.compare_mode, PIPE_TEX_COMPARE_R_TO_TEXTURE);
   EXPECT_EQ(c.state.min_mip_filter, PIPE_TEX_MIPFILTER_LINEAR);
}

TEST_F(StTest, WithoutLinearDepthFilteringCapNonFilterableDepthIsNearest) {
   screen.set_param(PIPE_CAP_LINEAR_DEPTH_LOWERING, 0);
   screen.set_param(PIPE_CAP_LINEAR_DEPTH_FILTERING, 0);
   screen.set_linear_filtering(PIPE_FORMAT_Z32_FLOAT, false);
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT), filters(GL_LINEAR, GL_LINEAR));
   EXPECT_EQ(c.state.mag_img_filter, PIPE_TEX_FILTER_NEAREST);
   EXPECT_EQ(c.state.compare_mode, PIPE_TEX_COMPARE_NONE);
}

// Rule 10: GL's min/mag switch at c = 0.5 (mag LINEAR, min NEAREST_MIPMAP_*).
struct switch_case {
   GLenum min, mag;
   float min_lod, max_lod;
   bool lowered, filtered;  // min_mag_switch in the key; the shader filter instead
};
class StMinMagSwitch : public StTest, public testing::WithParamInterface<switch_case> {};
TEST_P(StMinMagSwitch, IsLoweredExactlyWhereALookupCanHaveZeroLessThanLambdaAtMostOneHalf) {
   gl_sampler_attrib a = filters(GetParam().min, GetParam().mag);
   a.MinLod = GetParam().min_lod;
   a.MaxLod = GetParam().max_lod;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a);
   EXPECT_EQ(c.lowering.min_mag_switch, GetParam().lowered);
   EXPECT_EQ(c.lowering.has_shader_filter, GetParam().filtered);
   if (!GetParam().filtered) {
      EXPECT_EQ(c.state.min_img_filter, st_img_filter_xlate(GetParam().min));  // the sampler keeps GL's filters
   }
}
INSTANTIATE_TEST_SUITE_P(Table, StMinMagSwitch, testing::Values(
   switch_case{GL_NEAREST_MIPMAP_LINEAR, GL_LINEAR, -1000, 1000, true, false},   // GL's defaults
   switch_case{GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR, 0, 1000, true, false},
   switch_case{GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR, 0.25f, 1000, false, true},  // the device cannot magnify
   switch_case{GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR, 0.75f, 1000, false, false}, // λ ≥ 0.75: never between
   switch_case{GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR, -1, 0, false, false},       // λ ≤ 0: always magnified
   switch_case{GL_LINEAR_MIPMAP_NEAREST, GL_LINEAR, -1000, 1000, false, false},  // c = 0
   switch_case{GL_NEAREST, GL_LINEAR, -1000, 1000, false, false},                // no mipmap filter: c = 0
   switch_case{GL_NEAREST_MIPMAP_LINEAR, GL_NEAREST, -1000, 1000, false, false}));

TEST_F(StTest, MinMagSwitchIsNotLoweredWithAnisotropyOrOnCubeMapsOrWithTheCapOff) {
   gl_sampler_attrib a = filters(GL_NEAREST_MIPMAP_LINEAR, GL_LINEAR);
   EXPECT_FALSE(convert(make_tex(GL_TEXTURE_CUBE_MAP, PIPE_FORMAT_R8G8B8A8_UNORM), a).lowering.min_mag_switch);
   gl_sampler_attrib aniso = a;
   aniso.MaxAnisotropy = 4.0f;
   EXPECT_FALSE(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), aniso).lowering.min_mag_switch);
   screen.set_param(PIPE_CAP_MIN_MAG_SWITCH_LOWERING, 0);
   EXPECT_FALSE(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a).lowering.min_mag_switch);
}

// Rule 11: MIN / MAX reduction with a LINEAR mip filter through the shader filter on a screen
// whose device reduces each level apart (PIPE_CAP_MINMAX_MIPMAP_LOWERING).
struct minmax_case {
   GLenum min, reduction, target;
   pipe_format format;
   bool filtered;
};
class StMinMaxMipmap : public StTest, public testing::WithParamInterface<minmax_case> {};
TEST_P(StMinMaxMipmap, ReductionOverTwoLevelsIsTheShadersWhereTheDeviceBlendsThem) {
   screen.set_param(PIPE_CAP_MINMAX_MIPMAP_LOWERING, 1);
   screen.set_param(PIPE_CAP_MIN_MAG_SWITCH_LOWERING, 0);
   gl_sampler_attrib a = filters(GetParam().min, GL_LINEAR);
   a.ReductionMode = GetParam().reduction;
   const converted c = convert(make_tex(GetParam().target, GetParam().format), a);
   EXPECT_EQ(c.lowering.has_shader_filter, GetParam().filtered);
   if (GetParam().filtered) {
      // The key keeps GL's filters and reduction; the device filters NEAREST, unreduced.
      EXPECT_EQ(c.lowering.shader_filter.min_mip_filter, PIPE_TEX_MIPFILTER_LINEAR);
      EXPECT_EQ(c.lowering.shader_filter.reduction,
                GetParam().reduction == GL_MIN ? PIPE_TEX_REDUCTION_MIN : PIPE_TEX_REDUCTION_MAX);
      EXPECT_EQ(c.state.min_img_filter, PIPE_TEX_FILTER_NEAREST);
      EXPECT_EQ(c.state.min_mip_filter, PIPE_TEX_MIPFILTER_NEAREST);
      EXPECT_EQ(c.state.reduction_mode, PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE);
   } else {
      EXPECT_EQ(c.state.min_img_filter, PIPE_TEX_FILTER_LINEAR);
   }
}
INSTANTIATE_TEST_SUITE_P(Table, StMinMaxMipmap,
   testing::Values(minmax_case{GL_LINEAR_MIPMAP_LINEAR, GL_MIN, GL_TEXTURE_2D, PIPE_FORMAT_R8_UNORM, true},
                   minmax_case{GL_LINEAR_MIPMAP_LINEAR, GL_MAX, GL_TEXTURE_2D_ARRAY, PIPE_FORMAT_R32_FLOAT, true},
                   minmax_case{GL_NEAREST_MIPMAP_LINEAR, GL_MIN, GL_TEXTURE_2D, PIPE_FORMAT_R8_UNORM, true},
                   // one level per lookup: the device's own reduction is GL's
                   minmax_case{GL_LINEAR_MIPMAP_NEAREST, GL_MIN, GL_TEXTURE_2D, PIPE_FORMAT_R8_UNORM, false},
                   minmax_case{GL_LINEAR, GL_MAX, GL_TEXTURE_2D, PIPE_FORMAT_R8_UNORM, false},
                   minmax_case{GL_LINEAR_MIPMAP_LINEAR, GL_WEIGHTED_AVERAGE_ARB, GL_TEXTURE_2D, PIPE_FORMAT_R8_UNORM, false},
                   // the shader filter has no seamless cube taps
                   minmax_case{GL_LINEAR_MIPMAP_LINEAR, GL_MIN, GL_TEXTURE_CUBE_MAP, PIPE_FORMAT_R8_UNORM, false}));

TEST_F(StTest, MinMaxOverTwoLevelsStaysOnTheDeviceWithTheCapOff) {
   screen.set_param(PIPE_CAP_MIN_MAG_SWITCH_LOWERING, 0);
   gl_sampler_attrib a = filters(GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR);
   a.ReductionMode = GL_MIN;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8_UNORM), a);
   EXPECT_FALSE(c.lowering.has_shader_filter);
   EXPECT_EQ(c.state.reduction_mode, PIPE_TEX_REDUCTION_MIN);
   EXPECT_EQ(c.state.min_mip_filter, PIPE_TEX_MIPFILTER_LINEAR);
}

// Rule 12: NEAREST on a native mirrored wrap through the shader filter on a screen whose device
// mirrors the coordinate (PIPE_CAP_MIRROR_TEXEL_LOWERING).
struct mirror_case {
   GLenum wrap_s, wrap_t, min, mag, target;
   bool filtered;
   pipe_format format = PIPE_FORMAT_R8G8B8A8_UNORM;
   float anisotropy = 1.0f;
};
class StMirrorTexel : public StTest, public testing::WithParamInterface<mirror_case> {};
TEST_P(StMirrorTexel, NearestOnAMirroredAxisIsTheShadersWhereTheDeviceMirrorsTheCoordinate) {
   screen.set_param(PIPE_CAP_MIRROR_TEXEL_LOWERING, 1);
   screen.set_param(PIPE_CAP_MIN_MAG_SWITCH_LOWERING, 0);
   gl_sampler_attrib a = filters(GetParam().min, GetParam().mag);
   a.WrapS = GetParam().wrap_s;
   a.WrapT = GetParam().wrap_t;
   a.MaxAnisotropy = GetParam().anisotropy;
   const converted c = convert(make_tex(GetParam().target, GetParam().format), a);
   EXPECT_EQ(c.lowering.has_shader_filter, GetParam().filtered);
   if (GetParam().filtered) {
      EXPECT_EQ(c.lowering.shader_filter.min_img_filter, st_img_filter_xlate(GetParam().min));
      EXPECT_EQ(c.state.mag_img_filter, PIPE_TEX_FILTER_NEAREST);
   }
}
INSTANTIATE_TEST_SUITE_P(Table, StMirrorTexel,
   testing::Values(mirror_case{GL_MIRRORED_REPEAT, GL_REPEAT, GL_NEAREST, GL_NEAREST, GL_TEXTURE_2D, true},
                   mirror_case{GL_REPEAT, GL_MIRROR_CLAMP_TO_EDGE, GL_LINEAR, GL_NEAREST, GL_TEXTURE_2D, true},
                   mirror_case{GL_MIRRORED_REPEAT, GL_REPEAT, GL_NEAREST_MIPMAP_LINEAR, GL_LINEAR, GL_TEXTURE_2D_ARRAY, true},
                   // LINEAR takes the same taps under both definitions
                   mirror_case{GL_MIRRORED_REPEAT, GL_REPEAT, GL_LINEAR, GL_LINEAR, GL_TEXTURE_2D, false},
                   // no mirrored axis the target has: a 1D texture's t is never read
                   mirror_case{GL_REPEAT, GL_MIRRORED_REPEAT, GL_NEAREST, GL_NEAREST, GL_TEXTURE_1D, false},
                   mirror_case{GL_REPEAT, GL_REPEAT, GL_NEAREST, GL_NEAREST, GL_TEXTURE_2D, false},
                   // a cube face's coordinates lie in [0, 1]: no mirrored period to round in
                   mirror_case{GL_MIRRORED_REPEAT, GL_MIRRORED_REPEAT, GL_NEAREST, GL_NEAREST, GL_TEXTURE_CUBE_MAP, false},
                   // integer lookups take the filter's one NEAREST tap; anisotropy is the device's
                   mirror_case{GL_MIRRORED_REPEAT, GL_REPEAT, GL_NEAREST, GL_NEAREST, GL_TEXTURE_2D, true,
                               PIPE_FORMAT_R8G8B8A8_UINT},
                   mirror_case{GL_MIRRORED_REPEAT, GL_REPEAT, GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_TEXTURE_2D, false,
                               PIPE_FORMAT_R8G8B8A8_UNORM, 4.0f},
                   // GL_MIRROR_CLAMP_EXT alone is rule 8's |s| emulation on a clamp: no mirrored wrap left
                   mirror_case{GL_MIRROR_CLAMP_EXT, GL_REPEAT, GL_NEAREST, GL_NEAREST, GL_TEXTURE_2D, false},
                   // beside a native mirrored axis the filter takes the |s| axis as rule 8 gives it
                   mirror_case{GL_MIRROR_CLAMP_EXT, GL_MIRRORED_REPEAT, GL_NEAREST, GL_NEAREST, GL_TEXTURE_2D, true}));

TEST_F(StTest, MirroredNearestWithCompareTakesTheShaderFilterAndKeepsTheDevicesCompare) {
   // The filter's taps are Dref lookups: the device compares each texel with GL's function.
   screen.set_param(PIPE_CAP_MIRROR_TEXEL_LOWERING, 1);
   gl_sampler_attrib a = filters(GL_NEAREST, GL_NEAREST);
   a.WrapS = GL_MIRRORED_REPEAT;
   a.CompareMode = GL_COMPARE_REF_TO_TEXTURE;
   a.CompareFunc = GL_GEQUAL;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT), a);
   EXPECT_TRUE(c.lowering.has_shader_filter);
   EXPECT_EQ(c.state.compare_mode, PIPE_TEX_COMPARE_R_TO_TEXTURE);
   EXPECT_EQ(c.state.compare_func, PIPE_FUNC_GEQUAL);
   EXPECT_TRUE(c.lowering.shader_filter.compare);
   EXPECT_EQ(c.lowering.shader_filter.compare_func, PIPE_FUNC_GEQUAL);
   EXPECT_FALSE(c.lowering.shader_filter.compare_clamps_ref);  // D32F
}

// Rules 10, 13 and 15 on a depth-compare cube map: a non-seamless one takes the cube filter, with
// the border's depth (unswizzled) and GL's function for the border texel the shader compares, and
// whether D_ref is clamped (fixed-point formats, GL 4.6 §8.23.1); a seamless one stays on the
// device (its corner texel averages depths before the compare).
TEST_F(StTest, CompareOnACubeMapTakesTheCubeFilterOnlyWithoutSeamlessFiltering) {
   screen.set_param(PIPE_CAP_NEAREST_MIP_TIE_LOWERING, 1);
   gl_sampler_attrib a = filters(GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST);
   a.WrapS = a.WrapT = GL_CLAMP_TO_BORDER;
   a.BorderColor.f[0] = 0.625f;
   a.BorderColor.f[1] = 0.25f;
   a.CompareMode = GL_COMPARE_REF_TO_TEXTURE;
   a.CompareFunc = GL_LESS;
   for (pipe_format format : {PIPE_FORMAT_Z16_UNORM, PIPE_FORMAT_Z32_FLOAT}) {
      const converted c = convert(make_tex(GL_TEXTURE_CUBE_MAP, format), a, 0, false);
      ASSERT_TRUE(c.lowering.has_shader_filter) << format;
      const st_shader_filter &f = c.lowering.shader_filter;
      EXPECT_TRUE(f.compare);
      EXPECT_EQ(f.compare_func, PIPE_FUNC_LESS);
      EXPECT_EQ(f.compare_clamps_ref, format == PIPE_FORMAT_Z16_UNORM);
      float depth;
      std::memcpy(&depth, &f.cube_border[0], sizeof depth);
      EXPECT_EQ(depth, 0.625f);
      EXPECT_EQ(c.state.compare_mode, PIPE_TEX_COMPARE_R_TO_TEXTURE);
      EXPECT_FALSE(convert(make_tex(GL_TEXTURE_CUBE_MAP, format), a, 0, true).lowering.has_shader_filter) << format;
   }
}

// Rule 16 (PIPE_CAP_LAMBDA_LOWERING): on a device whose λ approximates log2 ρ, a LINEAR mip
// filter takes the shader filter, which weighs the levels by GL's λ; a NEAREST mip filter, no mip
// filter, anisotropy and the cap off leave the device's sampler alone.
TEST_F(StTest, LinearMipFiltersTakeTheShaderFilterWhereTheDevicesLambdaIsApproximate) {
   const gl_texture_object tex = make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM);
   screen.set_param(PIPE_CAP_LAMBDA_LOWERING, 1);
   for (GLenum min : {GL_LINEAR_MIPMAP_LINEAR, GL_NEAREST_MIPMAP_LINEAR}) {
      const converted c = convert(tex, filters(min, GL_LINEAR));
      ASSERT_TRUE(c.lowering.has_shader_filter) << min;
      EXPECT_EQ(c.lowering.shader_filter.min_mip_filter, PIPE_TEX_MIPFILTER_LINEAR);
      EXPECT_EQ(c.state.min_mip_filter, PIPE_TEX_MIPFILTER_NEAREST);  // the taps' explicit levels
   }
   for (GLenum min : {GL_LINEAR_MIPMAP_NEAREST, GL_LINEAR})
      EXPECT_FALSE(convert(tex, filters(min, GL_LINEAR)).lowering.has_shader_filter) << min;
   gl_sampler_attrib aniso = filters(GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR);
   aniso.MaxAnisotropy = 4.0f;
   EXPECT_FALSE(convert(tex, aniso).lowering.has_shader_filter);
   screen.set_param(PIPE_CAP_LAMBDA_LOWERING, 0);
   EXPECT_FALSE(convert(tex, filters(GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR)).lowering.has_shader_filter);
}

TEST_F(StTest, MirroredNearestStaysOnTheDeviceWithTheCapOff) {
   gl_sampler_attrib a = filters(GL_NEAREST, GL_NEAREST);
   a.WrapS = GL_MIRRORED_REPEAT;
   EXPECT_FALSE(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a).lowering.has_shader_filter);
}

// Rule 13: a NEAREST mip filter through the shader filter on a screen whose device rounds the
// λ = k + ½ tie away from GL's level k (PIPE_CAP_NEAREST_MIP_TIE_LOWERING).
struct tie_case {
   GLenum min, mag, target;
   bool filtered;
   pipe_format format = PIPE_FORMAT_R8G8B8A8_UNORM;
   float anisotropy = 1.0f;
   GLenum wrap_s = GL_REPEAT;
};
class StNearestMipTie : public StTest, public testing::WithParamInterface<tie_case> {};
TEST_P(StNearestMipTie, ANearestMipFilterIsTheShadersWhereTheDeviceRoundsTheTieUp) {
   screen.set_param(PIPE_CAP_NEAREST_MIP_TIE_LOWERING, 1);
   screen.set_param(PIPE_CAP_MIN_MAG_SWITCH_LOWERING, 0);
   gl_sampler_attrib a = filters(GetParam().min, GetParam().mag);
   a.MaxAnisotropy = GetParam().anisotropy;
   a.WrapS = GetParam().wrap_s;
   const converted c = convert(make_tex(GetParam().target, GetParam().format), a);
   EXPECT_EQ(c.lowering.has_shader_filter, GetParam().filtered);
   if (GetParam().filtered) {
      // GL's filter, or rule 2's NEAREST for integer formats.
      const bool integer = util_format_describe(GetParam().format)->is_integer;
      EXPECT_EQ(c.lowering.shader_filter.min_img_filter,
                integer ? PIPE_TEX_FILTER_NEAREST : st_img_filter_xlate(GetParam().min));
      EXPECT_EQ(c.lowering.shader_filter.min_mip_filter, PIPE_TEX_MIPFILTER_NEAREST);
      EXPECT_EQ(c.state.min_img_filter, PIPE_TEX_FILTER_NEAREST);
      EXPECT_EQ(c.state.mag_img_filter, PIPE_TEX_FILTER_NEAREST);
   }
}
INSTANTIATE_TEST_SUITE_P(Table, StNearestMipTie,
   testing::Values(tie_case{GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_TEXTURE_2D, true},
                   tie_case{GL_LINEAR_MIPMAP_NEAREST, GL_LINEAR, GL_TEXTURE_2D_ARRAY, true},
                   tie_case{GL_LINEAR_MIPMAP_NEAREST, GL_NEAREST, GL_TEXTURE_3D, true},
                   // a LINEAR mip filter blends the two levels: there is no level to round
                   tie_case{GL_NEAREST_MIPMAP_LINEAR, GL_NEAREST, GL_TEXTURE_2D, false},
                   tie_case{GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR, GL_TEXTURE_2D, false},
                   // no mip filter: the base level only
                   tie_case{GL_NEAREST, GL_NEAREST, GL_TEXTURE_2D, false},
                   // cube maps too, whatever their wraps; anisotropy is the device's
                   tie_case{GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_TEXTURE_CUBE_MAP, true},
                   tie_case{GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_TEXTURE_CUBE_MAP, true, PIPE_FORMAT_R8G8B8A8_UNORM,
                            1.0f, GL_CLAMP_TO_BORDER},
                   // integer formats filter NEAREST (rule 2): the filter's one integer tap
                   tie_case{GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_TEXTURE_2D, true, PIPE_FORMAT_R8G8B8A8_UINT},
                   tie_case{GL_LINEAR_MIPMAP_NEAREST, GL_LINEAR, GL_TEXTURE_2D, true, PIPE_FORMAT_R32_SINT},
                   tie_case{GL_LINEAR_MIPMAP_NEAREST, GL_LINEAR, GL_TEXTURE_2D, false, PIPE_FORMAT_R8G8B8A8_UNORM, 4.0f},
                   // rule 8's |s| emulation of GL_MIRROR_CLAMP_EXT composes with the filter
                   tie_case{GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST, GL_TEXTURE_2D, true, PIPE_FORMAT_R8G8B8A8_UNORM,
                            1.0f, GL_MIRROR_CLAMP_EXT}));

TEST_F(StTest, NearestMipFilterStaysOnTheDeviceWithTheCapOff) {
   const gl_sampler_attrib a = filters(GL_NEAREST_MIPMAP_NEAREST, GL_NEAREST);
   EXPECT_FALSE(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a).lowering.has_shader_filter);
}

// Rule 14: every array target's layer is rounded GL's way where the screen's device rounds to even
// (PIPE_CAP_ARRAY_LAYER_TIE_LOWERING), whatever the filters; other targets have no layer.
struct layer_case {
   GLenum target;
   bool rounded;
};
class StArrayLayerTie : public StTest, public testing::WithParamInterface<layer_case> {};
TEST_P(StArrayLayerTie, ArrayTargetsRoundTheLayerInTheShader) {
   screen.set_param(PIPE_CAP_ARRAY_LAYER_TIE_LOWERING, 1);
   for (GLenum min : {GL_NEAREST, GL_LINEAR_MIPMAP_LINEAR}) {
      const converted c = convert(make_tex(GetParam().target, PIPE_FORMAT_R8G8B8A8_UNORM), filters(min, GL_LINEAR));
      EXPECT_EQ(c.lowering.round_layer, GetParam().rounded) << min;
   }
}
INSTANTIATE_TEST_SUITE_P(Table, StArrayLayerTie,
   testing::Values(layer_case{GL_TEXTURE_1D_ARRAY, true}, layer_case{GL_TEXTURE_2D_ARRAY, true},
                   layer_case{GL_TEXTURE_CUBE_MAP_ARRAY, true}, layer_case{GL_TEXTURE_1D, false},
                   layer_case{GL_TEXTURE_2D, false}, layer_case{GL_TEXTURE_3D, false},
                   layer_case{GL_TEXTURE_CUBE_MAP, false}, layer_case{GL_TEXTURE_RECTANGLE, false}));

TEST_F(StTest, ArrayLayerStaysTheDevicesWithTheCapOff) {
   EXPECT_FALSE(convert(make_tex(GL_TEXTURE_2D_ARRAY, PIPE_FORMAT_R8G8B8A8_UNORM), filters(GL_NEAREST, GL_NEAREST))
                   .lowering.round_layer);
}

// Rule 5: LOD bias and range.
struct bias_case { float sampler, unit, max_cap, expected; };
class StLodBias : public StTest, public testing::WithParamInterface<bias_case> {};
TEST_P(StLodBias, IsSamplerPlusUnitClampedToTheCapAndRoundedTo256ths) {
   screen.set_param(PIPE_CAP_MAX_TEXTURE_LOD_BIAS, static_cast<int>(GetParam().max_cap));
   gl_sampler_attrib a;
   a.LodBias = GetParam().sampler;
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a, GetParam().unit).state.lod_bias,
             GetParam().expected);
}
INSTANTIATE_TEST_SUITE_P(Table, StLodBias,
   testing::Values(bias_case{0.3f, 0.0f, 16, 77.0f / 256},    // round(76.8) = 77
                   bias_case{0.3f, 0.2f, 16, 0.5f},
                   bias_case{1.0f / 512, 0.0f, 16, 1.0f / 256},  // halves round away from zero
                   bias_case{-0.001f, 0.0f, 16, 0.0f},
                   bias_case{20.0f, 0.0f, 16, 16.0f},
                   bias_case{-100.0f, 0.0f, 16, -16.0f},
                   bias_case{3.0f, 3.0f, 4, 4.0f},
                   bias_case{INFINITY, 0.0f, 16, 16.0f},
                   bias_case{-INFINITY, INFINITY, 16, 0.0f},   // each term clamps first: no NaN
                   bias_case{INFINITY, -1.0f, 16, 15.0f},
                   // 0.49999997 of a 1/256 step is below the half: rounds down to 0
                   bias_case{0x1.fffffep-10f, 0.0f, 16, 0.0f},
                   bias_case{-3.0f / 512, 0.0f, 16, -2.0f / 256}));

TEST_F(StTest, MinLodIsClampedAtZero) {
   gl_sampler_attrib a;  // MIN_LOD defaults to -1000
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a).state.min_lod, 0.0f);
   a.MinLod = 2.5f;
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a).state.min_lod, 2.5f);
}

TEST_F(StTest, MaxLodIsKeptAsGiven) {
   gl_sampler_attrib a;
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a).state.max_lod, 1000.0f);
}

TEST_F(StTest, MaxLodBelowMinLodPinsLambdaToMinLod) {
   gl_sampler_attrib a;
   a.MinLod = 3.0f;
   a.MaxLod = 1.0f;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a);
   EXPECT_EQ(c.state.min_lod, 3.0f);
   EXPECT_EQ(c.state.max_lod, 3.0f);
}

TEST_F(StTest, NegativeMaxLodMagnifiesLevelZero) {
   gl_sampler_attrib a;  // GL: λ <= -1 < 0 always magnifies; pipe: λ pinned to 0 magnifies too
   a.MaxLod = -1.0f;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a);
   EXPECT_EQ(c.state.min_lod, 0.0f);
   EXPECT_EQ(c.state.max_lod, 0.0f);
}

TEST_F(StTest, LodStillMattersWithoutMipmapsWhenMinDiffersFromMag) {
   gl_sampler_attrib a = filters(GL_NEAREST, GL_LINEAR);  // λ picks the filter
   a.LodBias = 2.0f;
   a.MinLod = 1.0f;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a);
   EXPECT_EQ(c.state.lod_bias, 2.0f);
   EXPECT_EQ(c.state.min_lod, 1.0f);
}

// Rule 6: border colour.
TEST_F(StTest, BorderColorIsZeroWhenNoWrapReadsTheBorder) {
   gl_sampler_attrib a;
   a.BorderColor.f[0] = 0.5f;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a);
   EXPECT_EQ(c.state.border_color.ui[0], 0u);
   EXPECT_EQ(c.state.border_color_is_integer, 0);
}

TEST_F(StTest, BorderColorOnAnUnusedCoordinateIsNotRead) {
   gl_sampler_attrib a;
   a.WrapR = GL_CLAMP_TO_BORDER;  // a 2D texture has no r coordinate
   a.BorderColor.f[0] = 0.5f;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a);
   EXPECT_EQ(c.state.wrap_r, PIPE_TEX_WRAP_REPEAT);
   EXPECT_EQ(c.state.border_color.ui[0], 0u);
}

struct border_case { pipe_format fmt; float expected[4]; };
class StBorderByBaseFormat : public StTest, public testing::WithParamInterface<border_case> {};
TEST_P(StBorderByBaseFormat, BorderTexelReadsAsTheBaseFormatsRgba) {
   gl_sampler_attrib a;
   a.WrapS = GL_CLAMP_TO_BORDER;
   a.BorderColor.f[0] = 0.25f;
   a.BorderColor.f[1] = 0.5f;
   a.BorderColor.f[2] = 0.75f;
   a.BorderColor.f[3] = 0.125f;
   const converted c = convert(make_tex(GL_TEXTURE_2D, GetParam().fmt), a);
   for (unsigned i = 0; i < 4; ++i)
      EXPECT_EQ(c.state.border_color.f[i], GetParam().expected[i]) << "component " << i;
}
INSTANTIATE_TEST_SUITE_P(Table, StBorderByBaseFormat,
   testing::Values(border_case{PIPE_FORMAT_R8G8B8A8_UNORM, {0.25f, 0.5f, 0.75f, 0.125f}},
                   border_case{PIPE_FORMAT_R8_UNORM, {0.25f, 0.0f, 0.0f, 1.0f}},
                   border_case{PIPE_FORMAT_R8G8_UNORM, {0.25f, 0.5f, 0.0f, 1.0f}},
                   border_case{PIPE_FORMAT_R8G8B8_UNORM, {0.25f, 0.5f, 0.75f, 1.0f}},
                   border_case{PIPE_FORMAT_A8_UNORM, {0.0f, 0.0f, 0.0f, 0.125f}},
                   border_case{PIPE_FORMAT_L8_UNORM, {0.25f, 0.25f, 0.25f, 1.0f}},
                   border_case{PIPE_FORMAT_L8A8_UNORM, {0.25f, 0.25f, 0.25f, 0.125f}},
                   border_case{PIPE_FORMAT_I8_UNORM, {0.25f, 0.25f, 0.25f, 0.25f}},
                   border_case{PIPE_FORMAT_I16_FLOAT, {0.25f, 0.25f, 0.25f, 0.25f}}));

// GL 4.6 §8.14.2: border values are clamped to the representable range of the format, for
// floating-point and integer formats too. Expected values are the formats' ranges: n-bit
// integers, binary16 (65504), the unsigned 11- / 10-bit floats ((2 - 2^-6) * 2^15 = 65024,
// (2 - 2^-5) * 2^15 = 64512) and RGB9_E5 ((1 - 2^-9) * 2^16 = 65408).
struct border_range_case {
   pipe_format fmt;
   gl_border_type type;
   std::array<double, 4> in, expected;  // as the format's border reads (base format applied)
};
class StBorderInTheFormatsRange : public StTest, public testing::WithParamInterface<border_range_case> {};
TEST_P(StBorderInTheFormatsRange, BorderIsClampedToWhatTheFormatRepresents) {
   const border_range_case &p = GetParam();
   profile = gl_profile::core;
   gl_sampler_attrib a;
   a.WrapS = GL_CLAMP_TO_BORDER;
   a.BorderType = p.type;
   for (unsigned i = 0; i < 4; ++i) {
      if (p.type == gl_border_type::floating)
         a.BorderColor.f[i] = static_cast<float>(p.in[i]);
      else if (p.type == gl_border_type::integer)
         a.BorderColor.i[i] = static_cast<int32_t>(p.in[i]);
      else
         a.BorderColor.ui[i] = static_cast<uint32_t>(p.in[i]);
   }
   const converted c = convert(make_tex(GL_TEXTURE_2D, p.fmt), a);
   for (unsigned i = 0; i < 4; ++i) {
      double got = c.state.border_color.ui[i];
      if (p.type == gl_border_type::floating)
         got = c.state.border_color.f[i];
      else if (p.type == gl_border_type::integer)
         got = c.state.border_color.i[i];
      EXPECT_EQ(got, p.expected[i]) << util_format_name(p.fmt) << " component " << i;
   }
}
INSTANTIATE_TEST_SUITE_P(Table, StBorderInTheFormatsRange,
   testing::Values(
      border_range_case{PIPE_FORMAT_R16G16B16A16_SINT, gl_border_type::integer, {-70000, 70000, -7, 32767},
                        {-32768, 32767, -7, 32767}},
      border_range_case{PIPE_FORMAT_R8G8B8A8_UINT, gl_border_type::unsigned_integer, {300, 255, 0, 4294967295.0},
                        {255, 255, 0, 255}},
      border_range_case{PIPE_FORMAT_R10G10B10A2_UINT, gl_border_type::unsigned_integer, {1024, 1023, 5, 172},
                        {1023, 1023, 5, 3}},
      border_range_case{PIPE_FORMAT_A8_SINT, gl_border_type::integer, {500, 0, 0, -200}, {0, 0, 0, -128}},
      border_range_case{PIPE_FORMAT_L16A16_UINT, gl_border_type::unsigned_integer, {70000, 1, 2, 65536},
                        {65535, 65535, 65535, 65535}},
      border_range_case{PIPE_FORMAT_R32G32B32A32_SINT, gl_border_type::integer, {2147483647.0, -2147483648.0, 70000, -1},
                        {2147483647.0, -2147483648.0, 70000, -1}},
      border_range_case{PIPE_FORMAT_R11G11B10_FLOAT, gl_border_type::floating, {-1, 1e6, 1e6, 7}, {0, 65024, 64512, 1}},
      border_range_case{PIPE_FORMAT_R9G9B9E5_FLOAT, gl_border_type::floating, {-0.0625, 1e6, 0.5, 7}, {0, 65408, 0.5, 1}},
      border_range_case{PIPE_FORMAT_R16G16B16A16_FLOAT, gl_border_type::floating, {1e6, -1e6, 0.5, 65504},
                        {65504, -65504, 0.5, 65504}},
      border_range_case{PIPE_FORMAT_R32G32B32A32_FLOAT, gl_border_type::floating, {1e30, -1e30, 0.5, -2},
                        {1e30f, -1e30f, 0.5, -2}},
      // BC6H stores half floats, signed or unsigned
      border_range_case{PIPE_FORMAT_BPTC_RGB_UFLOAT, gl_border_type::floating, {-2, 1e6, 0.5, 7}, {0, 65504, 0.5, 1}},
      border_range_case{PIPE_FORMAT_BPTC_RGB_FLOAT, gl_border_type::floating, {-1e6, 1e6, -0.5, 7},
                        {-65504, 65504, -0.5, 1}}));

// A stencil border reads as a stencil texel does: the index s as (s, 0, 0, 1) in the core profile
// (ARB_stencil_texturing assigns it to R), and in the compatibility profile as GL_DEPTH_TEXTURE_MODE
// assigns r (that extension puts r = s into the texture comparison section's r) — LUMINANCE, the
// default, gives (s, s, s, 1). On a screen that does not swizzle borders the state carries it so.
namespace {
// A border-reading sampler with the integer colour (7, 9, 0, 0) on a D24S8 texture sampled as stencil.
gl_sampler_attrib stencil_border_sampler() {
   gl_sampler_attrib a;
   a.WrapS = GL_CLAMP_TO_BORDER;
   a.BorderType = gl_border_type::unsigned_integer;
   a.BorderColor.ui[0] = 7;
   a.BorderColor.ui[1] = 9;
   return a;
}
gl_texture_object stencil_texture() {
   auto tex = make_tex(GL_TEXTURE_2D, PIPE_FORMAT_Z24_UNORM_S8_UINT);
   tex.Attrib.StencilSampling = true;
   return tex;
}
}  // namespace

TEST_F(StTest, StencilBorderIsClampedToTheStencilIndexsEightBits) {
   profile = gl_profile::core;
   gl_sampler_attrib a = stencil_border_sampler();
   a.BorderColor.ui[0] = 1112276992u;  // 51.0f's bits, set through glTexParameterfv
   const converted c = convert(stencil_texture(), a);
   EXPECT_EQ(c.state.border_color.ui[0], 255u);
   EXPECT_EQ(c.state.border_color.ui[3], 1u);
}

TEST_F(StTest, StencilBorderReadsAsAStencilTexelInTheCoreProfile) {
   profile = gl_profile::core;
   const converted c = convert(stencil_texture(), stencil_border_sampler());
   EXPECT_EQ(c.state.border_color.ui[0], 7u);
   EXPECT_EQ(c.state.border_color.ui[1], 0u);
   EXPECT_EQ(c.state.border_color.ui[2], 0u);
   EXPECT_EQ(c.state.border_color.ui[3], 1u);
   EXPECT_EQ(c.state.border_color_is_integer, 1);
}

TEST_F(StTest, StencilBorderGoesThroughTheDepthTextureModeInTheCompatibilityProfile) {
   const gl_sampler_attrib a = stencil_border_sampler();
   gl_texture_object tex = stencil_texture();
   struct mode_case {
      GLenum mode;
      unsigned want[4];
   };
   for (const mode_case &m : {mode_case{GL_LUMINANCE, {7, 7, 7, 1}}, mode_case{GL_INTENSITY, {7, 7, 7, 7}},
                              mode_case{GL_ALPHA, {0, 0, 0, 7}}, mode_case{GL_RED, {7, 0, 0, 1}}}) {
      tex.Attrib.DepthMode = m.mode;
      const converted c = convert(tex, a);
      for (unsigned i = 0; i < 4; ++i)
         EXPECT_EQ(c.state.border_color.ui[i], m.want[i]) << "mode 0x" << std::hex << m.mode << " component " << i;
   }
}

// A zero GL border colour is still translated and swizzled: the border texel of an RGB
// texture reads (0,0,0,1), and a swizzle can make any component ONE.
struct zero_border_case {
   const char *name;
   pipe_format fmt;
   std::array<GLenum, 4> swizzle;
   float expected[4];
};
class StZeroBorder : public StTest, public testing::WithParamInterface<zero_border_case> {};
TEST_P(StZeroBorder, IsTranslatedAndSwizzledLikeAnyOther) {
   gl_sampler_attrib a;  // border (0,0,0,0)
   a.WrapS = GL_CLAMP_TO_BORDER;
   auto tex = make_tex(GL_TEXTURE_2D, GetParam().fmt);
   tex.Attrib.Swizzle = GetParam().swizzle;
   const converted c = convert(tex, a);
   for (unsigned i = 0; i < 4; ++i)
      EXPECT_EQ(c.state.border_color.f[i], GetParam().expected[i]) << "component " << i;
}
INSTANTIATE_TEST_SUITE_P(Table, StZeroBorder, testing::Values(
   zero_border_case{"Rgba", PIPE_FORMAT_R8G8B8A8_UNORM, {GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA}, {0, 0, 0, 0}},
   zero_border_case{"RgbaSwizzledAlphaOne", PIPE_FORMAT_R8G8B8A8_UNORM, {GL_RED, GL_GREEN, GL_BLUE, GL_ONE}, {0, 0, 0, 1}},
   zero_border_case{"RgbAlphaIsOne", PIPE_FORMAT_R8G8B8_UNORM, {GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA}, {0, 0, 0, 1}},
   zero_border_case{"RgbAlphaEverywhere", PIPE_FORMAT_R8G8B8_UNORM, {GL_ALPHA, GL_ALPHA, GL_ALPHA, GL_ALPHA}, {1, 1, 1, 1}},
   zero_border_case{"Luminance", PIPE_FORMAT_L8_UNORM, {GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA}, {0, 0, 0, 1}}),
   [](const testing::TestParamInfo<zero_border_case> &i) { return std::string(i.param.name); });

TEST_F(StTest, UnormBorderIsClampedToZeroOne) {
   gl_sampler_attrib a;
   a.WrapS = GL_CLAMP_TO_BORDER;
   a.BorderColor.f[0] = 2.0f;
   a.BorderColor.f[1] = -1.0f;
   a.BorderColor.f[2] = 0.5f;
   a.BorderColor.f[3] = NAN;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a);
   EXPECT_EQ(c.state.border_color.f[0], 1.0f);
   EXPECT_EQ(c.state.border_color.f[1], 0.0f);
   EXPECT_EQ(c.state.border_color.f[2], 0.5f);
   EXPECT_EQ(c.state.border_color.f[3], 0.0f);
}

TEST_F(StTest, SnormBorderIsClampedToMinusOneOne) {
   gl_sampler_attrib a;
   a.WrapS = GL_CLAMP_TO_BORDER;
   a.BorderColor.f[0] = 2.0f;
   a.BorderColor.f[1] = -3.0f;
   a.BorderColor.f[2] = -0.5f;
   a.BorderColor.f[3] = 1.0f;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_SNORM), a);
   EXPECT_EQ(c.state.border_color.f[0], 1.0f);
   EXPECT_EQ(c.state.border_color.f[1], -1.0f);
   EXPECT_EQ(c.state.border_color.f[2], -0.5f);
}

TEST_F(StTest, FloatBorderIsNotClamped) {
   gl_sampler_attrib a;
   a.WrapS = GL_CLAMP_TO_BORDER;
   a.BorderColor.f[0] = 2.0f;
   a.BorderColor.f[3] = -1.0f;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R32G32B32A32_FLOAT), a);
   EXPECT_EQ(c.state.border_color.f[0], 2.0f);
   EXPECT_EQ(c.state.border_color.f[3], -1.0f);
}

TEST_F(StTest, BorderIsPreSwizzledWhenTheDriverDoesNotSwizzleBorders) {
   gl_sampler_attrib a;
   a.WrapS = GL_CLAMP_TO_BORDER;
   a.BorderColor.f[0] = 0.25f;
   a.BorderColor.f[1] = 0.5f;
   a.BorderColor.f[2] = 0.75f;
   a.BorderColor.f[3] = 0.125f;
   auto tex = make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM);
   tex.Attrib.Swizzle = {GL_BLUE, GL_ZERO, GL_RED, GL_ONE};
   screen.set_param(PIPE_CAP_BORDER_COLOR_SWIZZLE, 0);
   converted c = convert(tex, a);
   EXPECT_EQ(c.state.border_color.f[0], 0.75f);
   EXPECT_EQ(c.state.border_color.f[1], 0.0f);
   EXPECT_EQ(c.state.border_color.f[2], 0.25f);
   EXPECT_EQ(c.state.border_color.f[3], 1.0f);
   screen.set_param(PIPE_CAP_BORDER_COLOR_SWIZZLE, 1);
   c = convert(tex, a);
   EXPECT_EQ(c.state.border_color.f[0], 0.25f);
   EXPECT_EQ(c.state.border_color.f[3], 0.125f);
}

TEST_F(StTest, DepthBorderIsSwizzledByTheDepthTextureModeWithoutCompare) {
   gl_sampler_attrib a;
   a.WrapS = GL_CLAMP_TO_BORDER;
   a.BorderColor.f[0] = 0.5f;
   auto tex = make_tex(GL_TEXTURE_2D, PIPE_FORMAT_Z24X8_UNORM);  // DEPTH_TEXTURE_MODE LUMINANCE
   converted c = convert(tex, a);
   EXPECT_EQ(c.state.border_color.f[1], 0.5f);  // (d, d, d, 1)
   EXPECT_EQ(c.state.border_color.f[3], 1.0f);
   a.CompareMode = GL_COMPARE_REF_TO_TEXTURE;  // the border is then the depth compared
   c = convert(tex, a);
   EXPECT_EQ(c.state.border_color.f[0], 0.5f);
   EXPECT_EQ(c.state.border_color.f[1], 0.0f);
}

TEST_F(StTest, IntegerBorderIsPassedRawAndTyped) {
   gl_sampler_attrib a;
   a.WrapS = GL_CLAMP_TO_BORDER;
   a.BorderType = gl_border_type::unsigned_integer;
   const uint32_t raw[4] = {1, 2, 3, 4000000000u};
   for (unsigned i = 0; i < 4; ++i)
      a.BorderColor.ui[i] = raw[i];
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R32G32B32A32_UINT), a);
   for (unsigned i = 0; i < 4; ++i)
      EXPECT_EQ(c.state.border_color.ui[i], raw[i]);
   EXPECT_EQ(c.state.border_color_is_integer, 1);
}

TEST_F(StTest, IntegerTypeIsSetWithoutNeedBorderColorTypeOnlyWhenCapOn) {
   screen.set_param(PIPE_CAP_NEED_BORDER_COLOR_TYPE, 0);
   gl_sampler_attrib a;
   a.WrapS = GL_CLAMP_TO_BORDER;
   a.BorderColor.ui[0] = 5;
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8_UINT), a).state.border_color_is_integer, 0);
}

TEST_F(StTest, ZeroIntegerBorderStillCarriesItsType) {
   gl_sampler_attrib a;  // transparent black: Vulkan must pick the INT built-in colour
   a.WrapS = GL_CLAMP_TO_BORDER;
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8_SINT), a).state.border_color_is_integer, 1);
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8_UNORM), a).state.border_color_is_integer, 0);
}

TEST_F(StTest, IntegerSwizzleOneIsIntegerOne) {
   gl_sampler_attrib a;
   a.WrapS = GL_CLAMP_TO_BORDER;
   a.BorderColor.i[0] = -5;
   auto tex = make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R32_SINT);
   tex.Attrib.Swizzle = {GL_RED, GL_ONE, GL_ZERO, GL_ALPHA};
   const converted c = convert(tex, a);
   EXPECT_EQ(c.state.border_color.i[0], -5);
   EXPECT_EQ(c.state.border_color.i[1], 1);
   EXPECT_EQ(c.state.border_color.i[2], 0);
   EXPECT_EQ(c.state.border_color.i[3], 1);  // RED base format: alpha reads 1
}

// Rule 7: anisotropy, compare, seamless, rectangles, reduction.
struct aniso_case { float gl; int cap_on; int cap_max; unsigned expected; };
class StAnisotropy : public StTest, public testing::WithParamInterface<aniso_case> {};
TEST_P(StAnisotropy, OneMeansOffAndTheScreenMaximumClamps) {
   screen.set_param(PIPE_CAP_ANISOTROPIC_FILTER, GetParam().cap_on);
   screen.set_param(PIPE_CAP_MAX_TEXTURE_ANISOTROPY, GetParam().cap_max);
   gl_sampler_attrib a = filters(GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR);
   a.MaxAnisotropy = GetParam().gl;
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a).state.max_anisotropy,
             GetParam().expected);
}
INSTANTIATE_TEST_SUITE_P(Table, StAnisotropy,
   testing::Values(aniso_case{1.0f, 1, 16, 0}, aniso_case{4.0f, 1, 16, 4}, aniso_case{64.0f, 1, 16, 16},
                   aniso_case{2.5f, 1, 16, 2}, aniso_case{1.9f, 1, 16, 0}, aniso_case{8.0f, 0, 16, 0},
                   aniso_case{8.0f, 1, 4, 4}));

TEST_F(StTest, CompareOnlyAppliesToTexturesSampledAsDepth) {
   gl_sampler_attrib a;
   a.CompareMode = GL_COMPARE_REF_TO_TEXTURE;
   a.CompareFunc = GL_GREATER;
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a).state.compare_mode, PIPE_TEX_COMPARE_NONE);
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a).state.compare_func, PIPE_FUNC_NEVER);
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_Z16_UNORM), a).state.compare_mode, PIPE_TEX_COMPARE_R_TO_TEXTURE);
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT_S8X24_UINT), a).state.compare_mode,
             PIPE_TEX_COMPARE_R_TO_TEXTURE);
   auto ds = make_tex(GL_TEXTURE_2D, PIPE_FORMAT_Z24_UNORM_S8_UINT);
   ds.Attrib.StencilSampling = true;
   EXPECT_EQ(convert(ds, a).state.compare_mode, PIPE_TEX_COMPARE_NONE);
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_S8_UINT), a).state.compare_mode, PIPE_TEX_COMPARE_NONE);
}

TEST_F(StTest, SeamlessComesFromTheContextOnlyForCubeMaps) {
   const gl_sampler_attrib a;
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_CUBE_MAP, PIPE_FORMAT_R8G8B8A8_UNORM), a, 0, true).state.seamless_cube_map, 1);
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_CUBE_MAP_ARRAY, PIPE_FORMAT_R8G8B8A8_UNORM, 4, 4, 6), a, 0, true)
                .state.seamless_cube_map, 1);
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_CUBE_MAP, PIPE_FORMAT_R8G8B8A8_UNORM), a, 0, false).state.seamless_cube_map, 0);
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a, 0, true).state.seamless_cube_map, 0);
}

TEST_F(StTest, PerTextureSeamlessNeedsTheScreenCap) {
   gl_sampler_attrib a;
   a.CubeMapSeamless = true;
   const auto cube = make_tex(GL_TEXTURE_CUBE_MAP, PIPE_FORMAT_R8G8B8A8_UNORM);
   EXPECT_EQ(convert(cube, a).state.seamless_cube_map, 1);
   screen.set_param(PIPE_CAP_SEAMLESS_CUBE_MAP_PER_TEXTURE, 0);
   EXPECT_EQ(convert(cube, a).state.seamless_cube_map, 0);
}

TEST_F(StTest, SeamlessCubeMapsClampToEdge) {
   gl_sampler_attrib a;
   a.WrapS = GL_REPEAT;
   a.WrapT = GL_CLAMP_TO_BORDER;
   const converted c = convert(make_tex(GL_TEXTURE_CUBE_MAP, PIPE_FORMAT_R8G8B8A8_UNORM), a, 0, true);
   EXPECT_EQ(c.state.wrap_s, PIPE_TEX_WRAP_CLAMP_TO_EDGE);
   EXPECT_EQ(c.state.wrap_t, PIPE_TEX_WRAP_CLAMP_TO_EDGE);
}

TEST_F(StTest, RectangleTexturesAreUnnormalizedOnlyWithTexrect) {
   const auto rect = make_tex(GL_TEXTURE_RECTANGLE, PIPE_FORMAT_R8G8B8A8_UNORM);
   screen.set_param(PIPE_CAP_TEXRECT, 1);
   EXPECT_EQ(convert(rect).state.unnormalized_coords, 1);
   screen.set_param(PIPE_CAP_TEXRECT, 0);
   EXPECT_EQ(convert(rect).state.unnormalized_coords, 0);
   screen.set_param(PIPE_CAP_TEXRECT, 1);
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM)).state.unnormalized_coords, 0);
}

TEST_F(StTest, ReductionModeIsPassedThrough) {
   gl_sampler_attrib a;
   const auto tex = make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM);
   a.ReductionMode = GL_MIN;
   EXPECT_EQ(convert(tex, a).state.reduction_mode, PIPE_TEX_REDUCTION_MIN);
   a.ReductionMode = GL_MAX;
   EXPECT_EQ(convert(tex, a).state.reduction_mode, PIPE_TEX_REDUCTION_MAX);
   a.ReductionMode = GL_WEIGHTED_AVERAGE_ARB;
   EXPECT_EQ(convert(tex, a).state.reduction_mode, PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE);
}

// Rule 9: shadow lookups compose GL_DEPTH_TEXTURE_MODE and the texture swizzle.
struct shadow_case {
   gl_profile profile;
   GLenum depth_mode;
   std::array<GLenum, 4> swizzle;
   bool has;
   std::array<pipe_swizzle, 4> expected;
};
class StShadowSwizzle : public StTest, public testing::WithParamInterface<shadow_case> {};
TEST_P(StShadowSwizzle, ComparisonResultGoesThroughDepthModeThenSwizzle) {
   profile = GetParam().profile;
   auto tex = make_tex(GL_TEXTURE_2D, PIPE_FORMAT_Z24X8_UNORM);
   tex.Attrib.DepthMode = GetParam().depth_mode;
   tex.Attrib.Swizzle = GetParam().swizzle;
   gl_sampler_attrib a;
   a.CompareMode = GL_COMPARE_REF_TO_TEXTURE;
   const converted c = convert(tex, a);
   EXPECT_EQ(c.lowering.has_shadow_swizzle, GetParam().has);
   if (GetParam().has) {
      EXPECT_EQ(c.lowering.shadow_swizzle, GetParam().expected);
   }
}
constexpr auto X = PIPE_SWIZZLE_X, Z0 = PIPE_SWIZZLE_0, Z1 = PIPE_SWIZZLE_1;
constexpr std::array<GLenum, 4> kIdentity = {GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA};
INSTANTIATE_TEST_SUITE_P(Table, StShadowSwizzle, testing::Values(
   shadow_case{gl_profile::compatibility, GL_LUMINANCE, kIdentity, true, {X, X, X, Z1}},
   shadow_case{gl_profile::compatibility, GL_INTENSITY, kIdentity, true, {X, X, X, X}},
   shadow_case{gl_profile::compatibility, GL_ALPHA, kIdentity, true, {Z0, Z0, Z0, X}},
   shadow_case{gl_profile::compatibility, GL_RED, kIdentity, false, {}},
   shadow_case{gl_profile::core, GL_LUMINANCE /* ignored in core */, kIdentity, false, {}},
   shadow_case{gl_profile::compatibility, GL_ALPHA, {GL_ALPHA, GL_ONE, GL_RED, GL_ZERO}, true, {X, Z1, Z0, Z0}},
   shadow_case{gl_profile::core, GL_RED, {GL_ONE, GL_RED, GL_ZERO, GL_GREEN}, true, {Z1, X, Z0, Z0}}));

TEST_F(StTest, NoShadowSwizzleWithoutCompare) {
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_Z24X8_UNORM));
   EXPECT_FALSE(c.lowering.has_shadow_swizzle);
}

TEST_F(StTest, ScreenWithoutHalfFloatLinearSamplesFp16Nearest) {
   screen.set_param(PIPE_CAP_TEXTURE_HALF_FLOAT_LINEAR, 0);
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R16G16B16A16_FLOAT), filters(GL_LINEAR, GL_LINEAR))
                .state.mag_img_filter, PIPE_TEX_FILTER_NEAREST);
   EXPECT_EQ(convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R32_FLOAT), filters(GL_LINEAR, GL_LINEAR))
                .state.mag_img_filter, PIPE_TEX_FILTER_LINEAR);
}

TEST_F(StTest, BorderColorFormatIsTheViewFormatOnlyWhenTheScreenNeedsIt) {
   gl_sampler_attrib a;
   a.WrapS = GL_CLAMP_TO_BORDER;
   a.BorderColor.f[0] = 0.5f;
   const auto tex = make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_SRGB);
   EXPECT_EQ(convert(tex, a).state.border_color_format, PIPE_FORMAT_NONE);
   screen.set_param(PIPE_CAP_BORDER_COLOR_FORMAT, 1);
   EXPECT_EQ(convert(tex, a).state.border_color_format, PIPE_FORMAT_R8G8B8A8_SRGB);
   a.sRGBDecode = GL_SKIP_DECODE_EXT;
   EXPECT_EQ(convert(tex, a).state.border_color_format, PIPE_FORMAT_R8G8B8A8_UNORM);
   a.WrapS = GL_REPEAT;  // no border read: no format
   EXPECT_EQ(convert(tex, a).state.border_color_format, PIPE_FORMAT_NONE);
}
