// pipe_sampler_state -> Vulkan sampler state: every field, the LOD tricks, border colours, normalisation.
#include <gtest/gtest.h>

#include <cstring>

#include "clampler/zink/zink_sampler.h"
#include "clampler/zink/zink_screen.h"

using namespace clampler;

namespace {

zink_device_caps full_caps() {
   zink_device_caps c;
   c.sampler_anisotropy = true;
   c.custom_border_colors = c.custom_border_color_without_format = true;
   c.sampler_mirror_clamp_to_edge = c.sampler_filter_minmax = c.non_seamless_cube_map = true;
   c.max_sampler_anisotropy = 16.0f;
   c.max_sampler_lod_bias = 15.0f;
   c.max_sampler_allocation_count = 4000;
   c.max_custom_border_color_samplers = 4000;
   return c;
}

pipe_sampler_state trilinear() {
   pipe_sampler_state s{};
   s.min_img_filter = s.mag_img_filter = PIPE_TEX_FILTER_LINEAR;
   s.min_mip_filter = PIPE_TEX_MIPFILTER_LINEAR;
   s.max_lod = 1000.0f;
   s.seamless_cube_map = 1;
   return s;
}

}  // namespace

struct address_case { pipe_tex_wrap wrap; VkSamplerAddressMode mode; };
class ZinkAddressMode : public testing::TestWithParam<address_case> {};
TEST_P(ZinkAddressMode, WrapMapsToTheVulkanAddressMode) {
   pipe_sampler_state s = trilinear();
   s.wrap_s = s.wrap_t = s.wrap_r = GetParam().wrap;
   std::string warning;
   const zink_sampler_key k = zink_sampler_key_from_pipe(full_caps(), s, &warning);
   EXPECT_EQ(k.address_u, GetParam().mode);
   EXPECT_EQ(k.address_v, GetParam().mode);
   EXPECT_EQ(k.address_w, GetParam().mode);
   EXPECT_TRUE(warning.empty()) << warning;
}
INSTANTIATE_TEST_SUITE_P(Table, ZinkAddressMode, testing::Values(
   address_case{PIPE_TEX_WRAP_REPEAT, VK_SAMPLER_ADDRESS_MODE_REPEAT},
   address_case{PIPE_TEX_WRAP_CLAMP_TO_EDGE, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE},
   address_case{PIPE_TEX_WRAP_CLAMP_TO_BORDER, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER},
   address_case{PIPE_TEX_WRAP_MIRROR_REPEAT, VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT},
   address_case{PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE, VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE}));

TEST(ZinkSampler, GlClampReachingTheDriverIsApproximatedWithAWarning) {
   pipe_sampler_state s = trilinear();
   s.wrap_s = PIPE_TEX_WRAP_CLAMP;
   std::string warning;
   const zink_sampler_key k = zink_sampler_key_from_pipe(full_caps(), s, &warning);
   EXPECT_EQ(k.address_u, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER);
   EXPECT_NE(warning.find("PIPE_TEX_WRAP_CLAMP"), std::string::npos);
}

TEST(ZinkSampler, MirrorClampToEdgeWithoutTheFeatureFallsBackWithAWarning) {
   zink_device_caps c = full_caps();
   c.sampler_mirror_clamp_to_edge = false;
   pipe_sampler_state s = trilinear();
   s.wrap_s = PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE;
   std::string warning;
   EXPECT_EQ(zink_sampler_key_from_pipe(c, s, &warning).address_u, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE);
   EXPECT_FALSE(warning.empty());
}

TEST(ZinkSampler, FiltersAndMipmapModeMapDirectly) {
   pipe_sampler_state s = trilinear();
   s.mag_img_filter = PIPE_TEX_FILTER_NEAREST;
   s.min_mip_filter = PIPE_TEX_MIPFILTER_NEAREST;
   const zink_sampler_key k = zink_sampler_key_from_pipe(full_caps(), s);
   EXPECT_EQ(k.min_filter, VK_FILTER_LINEAR);
   EXPECT_EQ(k.mag_filter, VK_FILTER_NEAREST);
   EXPECT_EQ(k.mipmap_mode, VK_SAMPLER_MIPMAP_MODE_NEAREST);
   EXPECT_EQ(k.min_lod, 0.0f);
   EXPECT_EQ(k.max_lod, 1000.0f);
}

// Mip filter NONE: level 0 only (Vulkan NEAREST mip selection rounds λ <= 0.5 to level 0),
// with GL's min/mag decision kept through the clamped λ.
struct none_case { const char *name; pipe_tex_filter min, mag; float min_lod, max_lod, vk_min, vk_max; };
class ZinkMipNone : public testing::TestWithParam<none_case> {};
TEST_P(ZinkMipNone, SamplesLevelZeroAndKeepsTheMinMagDecision) {
   pipe_sampler_state s{};
   s.min_img_filter = GetParam().min;
   s.mag_img_filter = GetParam().mag;
   s.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
   s.min_lod = GetParam().min_lod;
   s.max_lod = GetParam().max_lod;
   const zink_sampler_key k = zink_sampler_key_from_pipe(full_caps(), s);
   EXPECT_EQ(k.mipmap_mode, VK_SAMPLER_MIPMAP_MODE_NEAREST);
   EXPECT_EQ(k.min_lod, GetParam().vk_min);
   EXPECT_EQ(k.max_lod, GetParam().vk_max);
   EXPECT_LE(k.max_lod, 0.5f);  // never past level 0
}
INSTANTIATE_TEST_SUITE_P(Table, ZinkMipNone, testing::Values(
   // Equal filters need no λ for the lookup, but textureQueryLod reports it: the range is not pinned.
   none_case{"SameFiltersLeaveLambdaUnpinned", PIPE_TEX_FILTER_LINEAR, PIPE_TEX_FILTER_LINEAR, 0.0f, 1000.0f, 0.0f, 0.25f},
   none_case{"MixedFiltersKeepTheSwitch", PIPE_TEX_FILTER_NEAREST, PIPE_TEX_FILTER_LINEAR, 0.0f, 1000.0f, 0.0f, 0.25f},
   // Always minified or magnified: a range of its own, not one value (textureQueryLod on lavapipe).
   none_case{"PositiveMinLodAlwaysMinifies", PIPE_TEX_FILTER_NEAREST, PIPE_TEX_FILTER_LINEAR, 2.0f, 1000.0f, 0.25f, 0.375f},
   none_case{"ZeroMaxLodAlwaysMagnifies", PIPE_TEX_FILTER_NEAREST, PIPE_TEX_FILTER_LINEAR, 0.0f, 0.0f, -0.125f, 0.0f}),
   [](const testing::TestParamInfo<none_case> &i) { return std::string(i.param.name); });

TEST(ZinkSampler, LodBiasIsClampedToTheDeviceLimit) {
   pipe_sampler_state s = trilinear();
   s.lod_bias = 16.0f;
   EXPECT_EQ(zink_sampler_key_from_pipe(full_caps(), s).mip_lod_bias, 15.0f);
   s.lod_bias = -16.0f;
   EXPECT_EQ(zink_sampler_key_from_pipe(full_caps(), s).mip_lod_bias, -15.0f);
}

TEST(ZinkSampler, AnisotropyIsOffAtOneAndClampedToTheLimit) {
   pipe_sampler_state s = trilinear();
   zink_sampler_key k = zink_sampler_key_from_pipe(full_caps(), s);
   EXPECT_EQ(k.anisotropy_enable, 0);
   EXPECT_EQ(k.max_anisotropy, 1.0f);  // never 0, even when off
   s.max_anisotropy = 32;
   k = zink_sampler_key_from_pipe(full_caps(), s);
   EXPECT_EQ(k.anisotropy_enable, 1);
   EXPECT_EQ(k.max_anisotropy, 16.0f);
   zink_device_caps no_aniso = full_caps();
   no_aniso.sampler_anisotropy = false;
   EXPECT_EQ(zink_sampler_key_from_pipe(no_aniso, s).anisotropy_enable, 0);
}

TEST(ZinkSampler, CompareOpUsesTheSameNumbering) {
   pipe_sampler_state s = trilinear();
   s.compare_mode = PIPE_TEX_COMPARE_R_TO_TEXTURE;
   s.compare_func = PIPE_FUNC_GEQUAL;
   const zink_sampler_key k = zink_sampler_key_from_pipe(full_caps(), s);
   EXPECT_EQ(k.compare_enable, 1);
   EXPECT_EQ(k.compare_op, VK_COMPARE_OP_GREATER_OR_EQUAL);
}

TEST(ZinkSampler, ReductionModeNeedsTheFeature) {
   pipe_sampler_state s = trilinear();
   s.reduction_mode = PIPE_TEX_REDUCTION_MAX;
   EXPECT_EQ(zink_sampler_key_from_pipe(full_caps(), s).reduction_mode, VK_SAMPLER_REDUCTION_MODE_MAX);
   zink_device_caps c = full_caps();
   c.sampler_filter_minmax = false;
   std::string warning;
   EXPECT_EQ(zink_sampler_key_from_pipe(c, s, &warning).reduction_mode, VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE);
   EXPECT_FALSE(warning.empty());
}

TEST(ZinkSampler, NonSeamlessCubesUseTheExtensionFlag) {
   pipe_sampler_state s = trilinear();
   s.seamless_cube_map = 0;
   EXPECT_EQ(zink_sampler_key_from_pipe(full_caps(), s).non_seamless, 1);
   s.seamless_cube_map = 1;
   EXPECT_EQ(zink_sampler_key_from_pipe(full_caps(), s).non_seamless, 0);
}

TEST(ZinkSampler, UnnormalizedOnlyWhereVulkanAllowsIt) {
   pipe_sampler_state s{};
   s.unnormalized_coords = 1;
   s.wrap_s = s.wrap_t = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   s.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
   EXPECT_EQ(zink_sampler_key_from_pipe(full_caps(), s).unnormalized, 1);
   s.wrap_s = PIPE_TEX_WRAP_REPEAT;
   std::string warning;
   EXPECT_EQ(zink_sampler_key_from_pipe(full_caps(), s, &warning).unnormalized, 0);
   EXPECT_FALSE(warning.empty());
}

struct border_case {
   const char *name;
   bool integer;
   uint32_t bits[4];
   VkBorderColor expected;
};
class ZinkBorder : public testing::TestWithParam<border_case> {};
TEST_P(ZinkBorder, ExactBuiltInColoursAreUsedElseCustom) {
   pipe_sampler_state s = trilinear();
   s.wrap_s = PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   s.border_color_is_integer = GetParam().integer;
   std::memcpy(s.border_color.ui, GetParam().bits, 16);
   const zink_sampler_key k = zink_sampler_key_from_pipe(full_caps(), s);
   EXPECT_EQ(k.border_color, static_cast<uint32_t>(GetParam().expected));
   if (k.uses_custom_border()) {
      EXPECT_EQ(std::memcmp(k.custom_border, GetParam().bits, 16), 0);
   }
}
constexpr uint32_t F0 = 0, F1 = 0x3f800000u, FH = 0x3f000000u;  // 0.0f, 1.0f, 0.5f
INSTANTIATE_TEST_SUITE_P(Table, ZinkBorder, testing::Values(
   border_case{"FloatTransparentBlack", false, {F0, F0, F0, F0}, VK_BORDER_COLOR_FLOAT_TRANSPARENT_BLACK},
   border_case{"FloatOpaqueBlack", false, {F0, F0, F0, F1}, VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK},
   border_case{"FloatOpaqueWhite", false, {F1, F1, F1, F1}, VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE},
   border_case{"FloatOther", false, {FH, F0, F0, F1}, VK_BORDER_COLOR_FLOAT_CUSTOM_EXT},
   border_case{"IntTransparentBlack", true, {0, 0, 0, 0}, VK_BORDER_COLOR_INT_TRANSPARENT_BLACK},
   border_case{"IntOpaqueBlack", true, {0, 0, 0, 1}, VK_BORDER_COLOR_INT_OPAQUE_BLACK},
   border_case{"IntOpaqueWhite", true, {1, 1, 1, 1}, VK_BORDER_COLOR_INT_OPAQUE_WHITE},
   border_case{"IntOther", true, {1, 2, 3, 4}, VK_BORDER_COLOR_INT_CUSTOM_EXT},
   // 1.0f as an integer colour is 0x3f800000, not 1: it is not the built-in white.
   border_case{"IntWithFloatOneBitsIsCustom", true, {F1, F1, F1, F1}, VK_BORDER_COLOR_INT_CUSTOM_EXT}),
   [](const testing::TestParamInfo<border_case> &i) { return std::string(i.param.name); });

TEST(ZinkSampler, BorderColourIsIgnoredWithoutABorderAddressMode) {
   pipe_sampler_state a = trilinear(), b = trilinear();
   b.border_color.f[0] = 0.5f;
   b.border_color_is_integer = 1;
   EXPECT_EQ(zink_sampler_key_from_pipe(full_caps(), a), zink_sampler_key_from_pipe(full_caps(), b));
}

TEST(ZinkSampler, WithoutCustomBorderColoursTheNearestBuiltInIsUsedWithAWarning) {
   zink_device_caps c = full_caps();
   c.custom_border_colors = c.custom_border_color_without_format = false;
   pipe_sampler_state s = trilinear();
   s.wrap_s = PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   s.border_color.f[0] = 0.9f;
   s.border_color.f[1] = 0.8f;
   s.border_color.f[2] = 0.95f;
   s.border_color.f[3] = 1.0f;
   std::string warning;
   EXPECT_EQ(zink_sampler_key_from_pipe(c, s, &warning).border_color,
             static_cast<uint32_t>(VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE));
   EXPECT_NE(warning.find("nearest built-in"), std::string::npos);
}

TEST(ZinkSampler, BuiltinFallbackOfACustomKeyDropsTheColour) {
   pipe_sampler_state s = trilinear();
   s.wrap_s = PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   s.border_color.f[3] = 0.9f;  // nearest: opaque black (0,0,0,1)
   const zink_sampler_key custom = zink_sampler_key_from_pipe(full_caps(), s);
   ASSERT_TRUE(custom.uses_custom_border());
   const zink_sampler_key b = zink_sampler_key_builtin_border(custom);
   EXPECT_EQ(b.border_color, static_cast<uint32_t>(VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK));
   EXPECT_FALSE(b.uses_custom_border());
   EXPECT_EQ(b.custom_border[3], 0u);
}

TEST(ZinkSampler, CreateInfoCarriesEveryFieldAndTheChain) {
   pipe_sampler_state s = trilinear();
   s.wrap_t = PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   s.border_color.f[0] = 0.25f;
   s.reduction_mode = PIPE_TEX_REDUCTION_MIN;
   s.seamless_cube_map = 0;
   const zink_sampler_key k = zink_sampler_key_from_pipe(full_caps(), s);
   const zink_sampler_create_info ci(k);
   EXPECT_EQ(ci.info.addressModeV, VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER);
   EXPECT_EQ(ci.info.compareEnable, VK_FALSE);
   EXPECT_EQ(ci.info.borderColor, VK_BORDER_COLOR_FLOAT_CUSTOM_EXT);
   EXPECT_EQ(ci.info.flags, static_cast<VkSamplerCreateFlags>(VK_SAMPLER_CREATE_NON_SEAMLESS_CUBE_MAP_BIT_EXT));
   ASSERT_NE(ci.info.pNext, nullptr);
   EXPECT_EQ(static_cast<const VkBaseInStructure *>(ci.info.pNext)->sType,
             VK_STRUCTURE_TYPE_SAMPLER_REDUCTION_MODE_CREATE_INFO);
   EXPECT_EQ(ci.reduction.reductionMode, VK_SAMPLER_REDUCTION_MODE_MIN);
   EXPECT_EQ(ci.reduction.pNext, &ci.custom_border);
   EXPECT_EQ(ci.custom_border.customBorderColor.float32[0], 0.25f);
   EXPECT_EQ(ci.custom_border.format, VK_FORMAT_UNDEFINED);
}

TEST(ZinkSampler, CompareDropsReductionWithAWarning) {
   // VUID-VkSamplerCreateInfo-compareEnable-01423: compare needs WEIGHTED_AVERAGE.
   pipe_sampler_state s = trilinear();
   s.compare_mode = PIPE_TEX_COMPARE_R_TO_TEXTURE;
   s.compare_func = PIPE_FUNC_LESS;
   s.reduction_mode = PIPE_TEX_REDUCTION_MAX;
   std::string warning;
   const zink_sampler_key k = zink_sampler_key_from_pipe(full_caps(), s, &warning);
   EXPECT_EQ(k.compare_enable, 1);
   EXPECT_EQ(k.compare_op, VK_COMPARE_OP_LESS);
   EXPECT_EQ(k.reduction_mode, VK_SAMPLER_REDUCTION_MODE_WEIGHTED_AVERAGE);
   EXPECT_NE(warning.find("reduction"), std::string::npos);
}

TEST(ZinkSampler, NegativeZeroLodsGiveTheSameKey) {
   pipe_sampler_state a = trilinear(), b = trilinear();
   b.min_lod = -0.0f;
   EXPECT_EQ(zink_sampler_key_from_pipe(full_caps(), a), zink_sampler_key_from_pipe(full_caps(), b));
}

// Emulated formats: the view swizzle makes R8 read as ALPHA (0,0,0,R), LUMINANCE_ALPHA as
// R8G8 (R,R,R,G). The border colour (GL's RGBA) is sent in the stored components so the
// same swizzle turns it back into GL's colour.
namespace {
zink_format view_of(VkFormat f, VkComponentSwizzle r, VkComponentSwizzle g, VkComponentSwizzle b,
                    VkComponentSwizzle a) {
   zink_format z;
   z.format = f;
   z.swizzle = {r, g, b, a};
   return z;
}
pipe_sampler_state bordered(float r, float g, float b, float a) {
   pipe_sampler_state s = trilinear();
   s.wrap_s = PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   s.border_color.f[0] = r;
   s.border_color.f[1] = g;
   s.border_color.f[2] = b;
   s.border_color.f[3] = a;
   return s;
}
constexpr auto Z = VK_COMPONENT_SWIZZLE_ZERO, R = VK_COMPONENT_SWIZZLE_R,
               G = VK_COMPONENT_SWIZZLE_G, B = VK_COMPONENT_SWIZZLE_B, A = VK_COMPONENT_SWIZZLE_A,
               ONE = VK_COMPONENT_SWIZZLE_ONE;
zink_device_caps per_view_caps() {  // VK_EXT_border_color_swizzle without borderColorSwizzleFromImage
   zink_device_caps c = full_caps();
   c.border_color_swizzle = true;
   c.border_color_swizzle_from_image = false;
   return c;
}
}  // namespace

TEST(ZinkBorderSwizzle, AlphaViewGetsTheColourInItsRedChannel) {
   const zink_format a8 = view_of(VK_FORMAT_R8_UNORM, Z, Z, Z, R);
   zink_device_caps c = full_caps();
   c.border_color_swizzle = true;
   c.border_color_swizzle_from_image = false;
   pipe_sampler_state s = bordered(0, 0, 0, 0.5f);
   s.border_color_format = PIPE_FORMAT_A8_UNORM;
   const zink_sampler_key k = zink_sampler_key_from_pipe(c, s, nullptr, &a8);
   ASSERT_TRUE(k.uses_custom_border());
   float stored[4];
   std::memcpy(stored, k.custom_border, 16);
   EXPECT_EQ(stored[0], 0.5f);  // R holds alpha; the view's (0,0,0,R) reads (0,0,0,0.5)
   EXPECT_EQ(k.border_swizzle_chained, 1);
   EXPECT_EQ(k.border_swizzle[3], R);
   const zink_sampler_create_info ci(k);
   bool found = false;
   for (auto *p = static_cast<const VkBaseInStructure *>(ci.info.pNext); p; p = p->pNext)
      found = found || p->sType == VK_STRUCTURE_TYPE_SAMPLER_BORDER_COLOR_COMPONENT_MAPPING_CREATE_INFO_EXT;
   EXPECT_TRUE(found);
}

TEST(ZinkBorderSwizzle, OpaqueBlackOnAnAlphaViewIsNotTheBuiltInBlack) {
   // GL (0,0,0,1) on ALPHA8 is stored R = 1: the built-in (0,0,0,1) would read as (0,0,0,0).
   const zink_format a8 = view_of(VK_FORMAT_R8_UNORM, Z, Z, Z, R);
   zink_device_caps c = full_caps();
   c.border_color_swizzle = c.border_color_swizzle_from_image = true;
   pipe_sampler_state s = bordered(0, 0, 0, 1);
   s.border_color_format = PIPE_FORMAT_A8_UNORM;
   const zink_sampler_key k = zink_sampler_key_from_pipe(c, s, nullptr, &a8);
   EXPECT_TRUE(k.uses_custom_border());
   EXPECT_EQ(k.border_swizzle_chained, 0);  // the device takes the swizzle from the image
}

TEST(ZinkBorderSwizzle, LuminanceAlphaViewStoresLuminanceAndAlpha) {
   // The device swizzles from the image: the colour arrives unswizzled and goes to the format's
   // stored components; a GL swizzle in the view mapping changes nothing and nothing is chained.
   const zink_format l8a8 = view_of(VK_FORMAT_R8G8_UNORM, R, R, R, G);
   pipe_sampler_state s = bordered(0.25f, 0.25f, 0.25f, 0.75f);
   s.border_color_format = PIPE_FORMAT_L8A8_UNORM;
   zink_device_caps c = full_caps();
   c.border_color_swizzle = c.border_color_swizzle_from_image = true;
   const VkComponentMapping view = zink_compose_mapping({A, R, ONE, Z}, l8a8.swizzle);
   const zink_sampler_key k = zink_sampler_key_from_pipe(c, s, nullptr, &l8a8, &view);
   EXPECT_EQ(k.border_swizzle_chained, 0);
   float stored[4];
   std::memcpy(stored, k.custom_border, 16);
   EXPECT_EQ(stored[0], 0.25f);
   EXPECT_EQ(stored[1], 0.75f);
}

TEST(ZinkBorderSwizzle, WithoutTheExtensionASwizzledViewIsWarnedAbout) {
   const zink_format a8 = view_of(VK_FORMAT_R8_UNORM, Z, Z, Z, R);
   zink_device_caps c = full_caps();
   c.border_color_swizzle = false;
   pipe_sampler_state s = bordered(0, 0, 0, 0.5f);
   std::string warning;
   zink_sampler_key_from_pipe(c, s, &warning, &a8);
   EXPECT_NE(warning.find("undefined"), std::string::npos);
}

TEST(ZinkBorderSwizzle, IdentityViewsNeedNothing) {
   const zink_format rgba = view_of(VK_FORMAT_R8G8B8A8_UNORM, VK_COMPONENT_SWIZZLE_IDENTITY,
                                    VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY,
                                    VK_COMPONENT_SWIZZLE_IDENTITY);
   const zink_sampler_key k = zink_sampler_key_from_pipe(full_caps(), bordered(0, 0, 0, 1), nullptr, &rgba);
   EXPECT_EQ(k.border_color, static_cast<uint32_t>(VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK));
   EXPECT_EQ(k.border_swizzle_chained, 0);
}

TEST(ZinkBorderSwizzle, IntegerColoursAreClampedToAGivenFormat) {
   // VUID-VkSamplerCreateInfo-borderColor-04442: with a format, the colour must fit it.
   zink_device_caps c = full_caps();
   c.custom_border_color_without_format = false;
   const zink_format r8ui = view_of(VK_FORMAT_R8_UINT, VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY,
                                    VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY);
   pipe_sampler_state s = trilinear();
   s.wrap_s = PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   s.border_color_is_integer = 1;
   s.border_color.ui[0] = 300;
   s.border_color.ui[3] = 1;
   s.border_color_format = PIPE_FORMAT_R8_UINT;
   std::string warning;
   const zink_sampler_key k = zink_sampler_key_from_pipe(c, s, &warning, &r8ui);
   EXPECT_EQ(k.custom_border[0], 255u);
   EXPECT_EQ(k.custom_border_format, static_cast<uint32_t>(VK_FORMAT_R8_UINT));
   EXPECT_NE(warning.find("clamped"), std::string::npos);
}

// zink_sampler_key_from_info: the key of a VkSamplerCreateInfo another driver built (Mesa's zink).
namespace {

VkSamplerCreateInfo plain_info() {
   VkSamplerCreateInfo ci{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
   ci.magFilter = VK_FILTER_LINEAR;
   ci.minFilter = VK_FILTER_NEAREST;
   ci.mipmapMode = VK_SAMPLER_MIPMAP_MODE_LINEAR;
   ci.addressModeU = VK_SAMPLER_ADDRESS_MODE_REPEAT;
   ci.addressModeV = VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT;
   ci.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
   ci.mipLodBias = 0.5f;
   ci.minLod = 1.0f;
   ci.maxLod = 7.0f;
   ci.maxAnisotropy = 1.0f;
   return ci;
}

zink_sampler_key key_of(const VkSamplerCreateInfo &ci) {
   zink_sampler_key k;
   std::string error;
   EXPECT_TRUE(zink_sampler_key_from_info(ci, &k, &error)) << error;
   return k;
}

}  // namespace

TEST(ZinkSamplerKeyFromInfo, EveryFieldComesBackFromTheKeysCreateInfo) {
   VkSamplerCreateInfo ci = plain_info();
   ci.flags = VK_SAMPLER_CREATE_NON_SEAMLESS_CUBE_MAP_BIT_EXT;
   ci.anisotropyEnable = VK_TRUE;
   ci.maxAnisotropy = 8.0f;
   ci.compareEnable = VK_TRUE;
   ci.compareOp = VK_COMPARE_OP_GREATER;
   ci.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
   ci.borderColor = VK_BORDER_COLOR_FLOAT_CUSTOM_EXT;
   VkSamplerCustomBorderColorCreateInfoEXT custom{VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT};
   custom.customBorderColor.float32[0] = 0.25f;
   custom.customBorderColor.float32[3] = 0.75f;
   custom.format = VK_FORMAT_R8G8B8A8_UNORM;
   VkSamplerReductionModeCreateInfo reduction{VK_STRUCTURE_TYPE_SAMPLER_REDUCTION_MODE_CREATE_INFO};
   reduction.reductionMode = VK_SAMPLER_REDUCTION_MODE_MAX;
   VkSamplerBorderColorComponentMappingCreateInfoEXT mapping{
      VK_STRUCTURE_TYPE_SAMPLER_BORDER_COLOR_COMPONENT_MAPPING_CREATE_INFO_EXT};
   mapping.components = {VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_ZERO,
                         VK_COMPONENT_SWIZZLE_R};
   mapping.srgb = VK_TRUE;
   ci.pNext = &custom;
   custom.pNext = &reduction;
   reduction.pNext = &mapping;
   const zink_sampler_create_info back(key_of(ci));
   const VkSamplerCreateInfo &b = back.info;
   EXPECT_EQ(b.flags, ci.flags);
   EXPECT_EQ(b.magFilter, ci.magFilter);
   EXPECT_EQ(b.minFilter, ci.minFilter);
   EXPECT_EQ(b.mipmapMode, ci.mipmapMode);
   EXPECT_EQ(b.addressModeU, ci.addressModeU);
   EXPECT_EQ(b.addressModeV, ci.addressModeV);
   EXPECT_EQ(b.addressModeW, ci.addressModeW);
   EXPECT_EQ(b.mipLodBias, ci.mipLodBias);
   EXPECT_EQ(b.anisotropyEnable, VK_TRUE);
   EXPECT_EQ(b.maxAnisotropy, 8.0f);
   EXPECT_EQ(b.compareEnable, VK_TRUE);
   EXPECT_EQ(b.compareOp, VK_COMPARE_OP_GREATER);
   EXPECT_EQ(b.minLod, 1.0f);
   EXPECT_EQ(b.maxLod, 7.0f);
   EXPECT_EQ(b.borderColor, VK_BORDER_COLOR_FLOAT_CUSTOM_EXT);
   EXPECT_EQ(back.reduction.reductionMode, VK_SAMPLER_REDUCTION_MODE_MAX);
   EXPECT_EQ(back.custom_border.customBorderColor.float32[0], 0.25f);
   EXPECT_EQ(back.custom_border.customBorderColor.float32[3], 0.75f);
   EXPECT_EQ(back.custom_border.format, VK_FORMAT_R8G8B8A8_UNORM);
   EXPECT_EQ(back.border_mapping.components.a, VK_COMPONENT_SWIZZLE_R);
   EXPECT_EQ(back.border_mapping.srgb, VK_TRUE);
}

// Fields Vulkan ignores in a given state do not split one sampler into two.
TEST(ZinkSamplerKeyFromInfo, FieldsVulkanIgnoresDoNotChangeTheKey) {
   const zink_sampler_key base = key_of(plain_info());
   VkSamplerCreateInfo ci = plain_info();
   ci.compareOp = VK_COMPARE_OP_ALWAYS;  // compareEnable is false
   EXPECT_EQ(key_of(ci), base);
   ci = plain_info();
   ci.maxAnisotropy = 16.0f;  // anisotropyEnable is false
   EXPECT_EQ(key_of(ci), base);
   ci = plain_info();
   ci.borderColor = VK_BORDER_COLOR_INT_OPAQUE_WHITE;  // no CLAMP_TO_BORDER address mode
   EXPECT_EQ(key_of(ci), base);
   ci = plain_info();
   ci.mipLodBias = -0.0f;
   VkSamplerCreateInfo plus = plain_info();
   plus.mipLodBias = 0.0f;
   EXPECT_EQ(key_of(ci), key_of(plus));
}

TEST(ZinkSamplerKeyFromInfo, DifferentCustomBorderColoursGetDifferentKeys) {
   VkSamplerCreateInfo ci = plain_info();
   ci.addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
   ci.borderColor = VK_BORDER_COLOR_INT_CUSTOM_EXT;
   VkSamplerCustomBorderColorCreateInfoEXT custom{VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT};
   custom.customBorderColor.uint32[1] = 7;
   ci.pNext = &custom;
   const zink_sampler_key seven = key_of(ci);
   custom.customBorderColor.uint32[1] = 8;
   EXPECT_FALSE(key_of(ci) == seven);
   EXPECT_TRUE(seven.uses_custom_border());
}

TEST(ZinkSamplerKeyFromInfo, AChainedStructTheKeyDoesNotCoverIsRefusedByName) {
   VkSamplerCreateInfo ci = plain_info();
   VkSamplerYcbcrConversionInfo ycbcr{VK_STRUCTURE_TYPE_SAMPLER_YCBCR_CONVERSION_INFO};
   ci.pNext = &ycbcr;
   zink_sampler_key k;
   std::string error;
   EXPECT_FALSE(zink_sampler_key_from_info(ci, &k, &error));
   EXPECT_NE(error.find(std::to_string(VK_STRUCTURE_TYPE_SAMPLER_YCBCR_CONVERSION_INFO)), std::string::npos) << error;
}

TEST(ZinkSamplerKeyFromInfo, ACustomBorderColourWithoutItsStructIsRefused) {
   VkSamplerCreateInfo ci = plain_info();
   ci.addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
   ci.borderColor = VK_BORDER_COLOR_FLOAT_CUSTOM_EXT;
   zink_sampler_key k;
   std::string error;
   EXPECT_FALSE(zink_sampler_key_from_info(ci, &k, &error));
   EXPECT_NE(error.find("VkSamplerCustomBorderColorCreateInfoEXT"), std::string::npos) << error;
}

TEST(ZinkSamplerKeyFromInfo, FlagsBeyondNonSeamlessAreRefused) {
   VkSamplerCreateInfo ci = plain_info();
   ci.flags = VK_SAMPLER_CREATE_SUBSAMPLED_BIT_EXT;
   zink_sampler_key k;
   std::string error;
   EXPECT_FALSE(zink_sampler_key_from_info(ci, &k, &error));
   EXPECT_NE(error.find("flags"), std::string::npos) << error;
}

// Without borderColorSwizzleFromImage, Vulkan defines the border only when the sampler names the
// view's whole mapping; GL's swizzle is part of it (VK_EXT_border_color_swizzle).
TEST(ZinkBorderSwizzle, WithoutSwizzleFromImageTheSamplerNamesTheWholeViewMapping) {
   const zink_format rgba8 = view_of(VK_FORMAT_R8G8B8A8_UNORM, VK_COMPONENT_SWIZZLE_IDENTITY,
                                     VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY,
                                     VK_COMPONENT_SWIZZLE_IDENTITY);
   // GL border (0.25, 0.5, 0.75, 0.625) under GL swizzle (B, A, ONE, R): GL reads
   // (0.75, 0.625, 1, 0.25), the colour the state tracker hands over pre-swizzled.
   pipe_sampler_state s = bordered(0.75f, 0.625f, 1.0f, 0.25f);
   s.border_color_format = PIPE_FORMAT_R8G8B8A8_UNORM;
   const VkComponentMapping view = zink_compose_mapping({B, A, ONE, R}, rgba8.swizzle);
   const zink_sampler_key k = zink_sampler_key_from_pipe(per_view_caps(), s, nullptr, &rgba8, &view);
   ASSERT_EQ(k.border_swizzle_chained, 1);
   EXPECT_EQ(k.border_swizzle[0], B);
   EXPECT_EQ(k.border_swizzle[1], A);
   EXPECT_EQ(k.border_swizzle[2], ONE);
   EXPECT_EQ(k.border_swizzle[3], R);
   float stored[4];
   std::memcpy(stored, k.custom_border, 16);
   // The stored texel the view reads back to GL's colour: R = 0.25, B = 0.75, A = 0.625.
   EXPECT_EQ(stored[0], 0.25f);
   EXPECT_EQ(stored[2], 0.75f);
   EXPECT_EQ(stored[3], 0.625f);
}

TEST(ZinkBorderSwizzle, PerViewMappingComposesTheEmulatedFormatsSwizzle) {
   // LUMINANCE8_ALPHA8 stored as RG8 (R, R, R, G) under GL swizzle (A, R, ONE, ZERO): GL's
   // border (l, l, l, a) = (0.25, 0.25, 0.25, 0.75) reads (0.75, 0.25, 1, 0).
   const zink_format l8a8 = view_of(VK_FORMAT_R8G8_UNORM, R, R, R, G);
   pipe_sampler_state s = bordered(0.75f, 0.25f, 1.0f, 0.0f);
   s.border_color_format = PIPE_FORMAT_L8A8_UNORM;
   const VkComponentMapping view = zink_compose_mapping({A, R, ONE, Z}, l8a8.swizzle);
   const zink_sampler_key k = zink_sampler_key_from_pipe(per_view_caps(), s, nullptr, &l8a8, &view);
   ASSERT_EQ(k.border_swizzle_chained, 1);
   EXPECT_EQ(k.border_swizzle[0], G);  // GL's A is the stored G
   EXPECT_EQ(k.border_swizzle[1], R);
   float stored[4];
   std::memcpy(stored, k.custom_border, 16);
   EXPECT_EQ(stored[0], 0.25f);  // luminance
   EXPECT_EQ(stored[1], 0.75f);  // alpha
}

TEST(ZinkBorderSwizzle, PerViewSamplersOfTwoViewsAreDifferentKeys) {
   const zink_format rgba8 = view_of(VK_FORMAT_R8G8B8A8_UNORM, R, G, B, A);
   pipe_sampler_state s = bordered(0.25f, 0.5f, 0.75f, 1.0f);
   s.border_color_format = PIPE_FORMAT_R8G8B8A8_UNORM;
   const VkComponentMapping swapped = zink_compose_mapping({G, R, B, A}, rgba8.swizzle);
   const VkComponentMapping identity = zink_compose_mapping({}, rgba8.swizzle);
   const zink_sampler_key a = zink_sampler_key_from_pipe(per_view_caps(), s, nullptr, &rgba8, &swapped);
   const zink_sampler_key b = zink_sampler_key_from_pipe(per_view_caps(), s, nullptr, &rgba8, &identity);
   EXPECT_FALSE(a == b);
   EXPECT_EQ(b.border_swizzle_chained, 0);  // an identity view needs no mapping
}
