// zink_screen on a real device: device choice, features, caps derived from them, the capability override.
#include "zink_test_util.h"

#include <cstdio>
#include <cstdlib>

#include "clampler/pipe/p_names.h"

using namespace clampler;
using namespace clampler::test;

TEST_F(ZinkTest, ScreenReportsTheChosenDevice) {
   const zink_device_caps &c = screen->device_caps();
   EXPECT_FALSE(c.device_name.empty());
   EXPECT_GE(c.api_version, VK_API_VERSION_1_1);
   EXPECT_NE(screen->device(), VK_NULL_HANDLE);
   EXPECT_NE(screen->queue(), VK_NULL_HANDLE);
}

TEST_F(ZinkTest, CapsFollowWhatWasEnabled) {
   const zink_device_caps &c = screen->device_caps();
   EXPECT_EQ(screen->get_param(PIPE_CAP_EMULATE_GL_CLAMP_PLZ), 1);  // Vulkan has no GL_CLAMP
   EXPECT_EQ(screen->get_param(PIPE_CAP_LINEAR_DEPTH_FILTERING), 1);
   EXPECT_EQ(screen->get_param(PIPE_CAP_NEED_BORDER_COLOR_TYPE), 1);
   EXPECT_EQ(screen->get_param(PIPE_CAP_TEXTURE_MIRROR_CLAMP), 0);
   EXPECT_EQ(screen->get_param(PIPE_CAP_TEXTURE_MIRROR_CLAMP_TO_EDGE), c.sampler_mirror_clamp_to_edge ? 1 : 0);
   EXPECT_EQ(screen->get_param(PIPE_CAP_SEAMLESS_CUBE_MAP_PER_TEXTURE), c.non_seamless_cube_map ? 1 : 0);
   EXPECT_EQ(screen->get_param(PIPE_CAP_SAMPLER_REDUCTION_MINMAX), c.sampler_filter_minmax ? 1 : 0);
   EXPECT_EQ(screen->get_param(PIPE_CAP_ANISOTROPIC_FILTER), c.sampler_anisotropy ? 1 : 0);
   EXPECT_LE(screen->get_param(PIPE_CAP_MAX_TEXTURE_ANISOTROPY), static_cast<int>(c.max_sampler_anisotropy));
   EXPECT_LE(screen->get_param(PIPE_CAP_MAX_TEXTURE_LOD_BIAS), static_cast<int>(c.max_sampler_lod_bias));
   EXPECT_EQ(screen->get_param(PIPE_CAP_TEXRECT), 0);
}

TEST_F(ZinkTest, LinearFilteringComesFromTheFormatFeatures) {
   // The Vulkan spec requires FILTER_LINEAR for R8G8B8A8_UNORM and forbids it for integer formats.
   EXPECT_TRUE(screen->is_linear_filtering_supported(PIPE_FORMAT_R8G8B8A8_UNORM, nullptr));
   EXPECT_FALSE(screen->is_linear_filtering_supported(PIPE_FORMAT_R8G8B8A8_UINT, nullptr));
   EXPECT_FALSE(screen->is_linear_filtering_supported(PIPE_FORMAT_R32_SINT, nullptr));
   EXPECT_TRUE(screen->format_support(PIPE_FORMAT_R8G8B8A8_UNORM).sampled);
}

TEST_F(ZinkTest, EveryTableFormatIsSampledOrExplained) {
   // Mandatory formats per the Vulkan spec's "Required Format Support" tables must be sampled.
   for (pipe_format f : {PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_R8G8B8A8_SRGB, PIPE_FORMAT_R16G16B16A16_FLOAT,
                         PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_R8_UNORM, PIPE_FORMAT_R8G8_UNORM,
                         PIPE_FORMAT_Z16_UNORM, PIPE_FORMAT_Z32_FLOAT, PIPE_FORMAT_R32_UINT,
                         PIPE_FORMAT_A8_UNORM, PIPE_FORMAT_L8_UNORM, PIPE_FORMAT_I8_UNORM, PIPE_FORMAT_L8A8_UNORM})
      EXPECT_TRUE(screen->format_support(f).sampled) << util_format_name(f);
}

class ZinkOverride : public ZinkTest {
protected:
   std::string caps_override() const override {
      return R"({"disable_extensions": ["VK_EXT_non_seamless_cube_map"],
                 "disable_features": ["samplerAnisotropy", "customBorderColorWithoutFormat"],
                 "limits": {"maxSamplerAllocationCount": 1024, "maxCustomBorderColorSamplers": 24,
                            "maxSamplerLodBias": 4},
                 "no_linear_filtering": ["PIPE_FORMAT_Z32_FLOAT"],
                 "disable_caps": ["PIPE_CAP_LINEAR_DEPTH_LOWERING", "PIPE_CAP_TEXTURE_MIRROR_CLAMP_TO_EDGE"]})";
   }
};

TEST_F(ZinkOverride, SwitchedOffFeaturesAndExtensionsAreNotEnabled) {
   const zink_device_caps &c = screen->device_caps();
   EXPECT_FALSE(c.sampler_anisotropy);
   EXPECT_FALSE(c.non_seamless_cube_map);
   EXPECT_FALSE(c.custom_border_color_without_format);
   EXPECT_EQ(screen->get_param(PIPE_CAP_ANISOTROPIC_FILTER), 0);
   EXPECT_EQ(screen->get_param(PIPE_CAP_SEAMLESS_CUBE_MAP_PER_TEXTURE), 0);
   // Custom border colours now need the view format from the state tracker.
   EXPECT_EQ(screen->get_param(PIPE_CAP_BORDER_COLOR_FORMAT), c.custom_border_colors ? 1 : 0);
   for (const std::string &e : c.enabled_extensions)
      EXPECT_NE(e, "VK_EXT_non_seamless_cube_map");
}

TEST_F(ZinkOverride, LimitsAreLoweredNeverRaised) {
   const zink_device_caps &c = screen->device_caps();
   EXPECT_LE(c.max_sampler_allocation_count, 1024u);
   if (c.custom_border_colors) {
      EXPECT_LE(c.max_custom_border_color_samplers, 24u);
   }
   EXPECT_LE(c.max_sampler_lod_bias, 4.0f);
   EXPECT_EQ(screen->get_param(PIPE_CAP_MAX_TEXTURE_LOD_BIAS), static_cast<int>(c.max_sampler_lod_bias));
}

TEST_F(ZinkOverride, FormatsCanBeMarkedNonFilterable) {
   EXPECT_FALSE(screen->is_linear_filtering_supported(PIPE_FORMAT_Z32_FLOAT, nullptr));
   EXPECT_TRUE(screen->is_linear_filtering_supported(PIPE_FORMAT_R8G8B8A8_UNORM, nullptr));
}

TEST_F(ZinkOverride, ListedCapsAreAnsweredZeroAndTheOthersKeepTheirValue) {
   EXPECT_EQ(screen->get_param(PIPE_CAP_LINEAR_DEPTH_LOWERING), 0);
   EXPECT_EQ(screen->get_param(PIPE_CAP_TEXTURE_MIRROR_CLAMP_TO_EDGE), 0);  // although the device has it
   EXPECT_EQ(screen->get_param(PIPE_CAP_EMULATE_GL_CLAMP_PLZ), 1);
   EXPECT_EQ(screen->get_param(PIPE_CAP_LINEAR_DEPTH_FILTERING), 1);
}

struct bad_override {
   const char *json;
   const char *names;
};
class ZinkBadOverride : public testing::TestWithParam<bad_override> {};
TEST_P(ZinkBadOverride, IsRejectedNamingTheKey) {
   zink_screen_options o;
   o.caps_override = GetParam().json;
   std::string error;
   EXPECT_EQ(zink_screen::create(o, &error), nullptr);
   EXPECT_NE(error.find(GetParam().names), std::string::npos) << error;
}
INSTANTIATE_TEST_SUITE_P(Table, ZinkBadOverride, testing::Values(
   bad_override{"{", "not valid JSON"},
   bad_override{R"({"disable_extensions": ["VK_EXT_nope"]})", "disable_extensions[0]"},
   bad_override{R"({"disable_features": [3]})", "disable_features[0]"},
   bad_override{R"({"limits": {"maxSamplerAllocationCount": -1}})", "limits.maxSamplerAllocationCount"},
   bad_override{R"({"limits": {"maxSamplerAllocationCount": 1.5}})", "limits.maxSamplerAllocationCount"},
   bad_override{R"({"limits": {"maxSamplerAnisotropy": 0.5}})", "limits.maxSamplerAnisotropy"},
   bad_override{R"({"limits": {"maxSamplers": 4}})", "limits.maxSamplers"},
   bad_override{R"({"no_linear_filtering": ["D32"]})", "no_linear_filtering[0]"},
   bad_override{R"({"disable_caps": ["PIPE_CAP_LINEAR_DEPTH_LOWERING", "LOWERING"]})", "disable_caps[1]"},
   bad_override{R"({"disable_caps": "PIPE_CAP_TEXRECT"})", "disable_caps"},
   bad_override{R"({"colour": 1})", "colour"}));

TEST(ZinkDeviceChoice, BadDeviceIndexIsAClearError) {
   zink_screen_options o;
   o.device = "99";
   std::string error;
   EXPECT_EQ(zink_screen::create(o, &error), nullptr);
   if (error.find("no Vulkan driver") == std::string::npos) {
      EXPECT_NE(error.find("CLAMPLER_DEVICE=99"), std::string::npos) << error;
   }
}

TEST(ZinkDeviceChoice, UnknownDeviceNameIsAClearError) {
   zink_screen_options o;
   o.device = "no-such-gpu-xyz";
   std::string error;
   EXPECT_EQ(zink_screen::create(o, &error), nullptr);
   if (error.find("no Vulkan driver") == std::string::npos) {
      EXPECT_NE(error.find("no device name contains it"), std::string::npos) << error;
   }
}

// A process may make and destroy many screens: the driver must load for every one. NVIDIA's
// libraries take static TLS that glibc does not give back when the loader unloads them, so
// without the instance zink_screen keeps (docs/zink.md) the 41st or so screen of a process found
// no driver (measured on an H100). The screens are made in a fresh process (a death-test child
// re-runs this binary), where no other screen holds the driver: on NVIDIA this fails without the
// kept instance; lavapipe's libraries take no static TLS, so there it checks that nothing else
// stops the 64th screen.
TEST(ZinkScreenProcess, ScreensMadeOneAfterAnotherInAFreshProcessAllFindTheDevice) {
   {
      std::string error;
      if (!make_screen("", &error)) {
         if (device_required())
            FAIL() << error;
         GTEST_SKIP() << error;
      }
   }
   GTEST_FLAG_SET(death_test_style, "threadsafe");
   EXPECT_EXIT(
      {
         for (int i = 0; i < 64; ++i) {
            std::string error;
            if (!make_screen("", &error)) {
               std::fprintf(stderr, "screen %d: %s\n", i, error.c_str());
               std::_Exit(1);
            }
         }
         std::_Exit(0);
      },
      testing::ExitedWithCode(0), "");
}

// Rules 11 and 12's caps: lavapipe reduces MIN / MAX per level and blends the two levels, and
// mirrors coordinates rather than texel indices (measured, docs/conformance.md and
// docs/sampling.md), so its screen asks the state tracker for the shader filter.
TEST_F(ZinkTest, LavapipeAsksForMinMaxOverTwoLevelsAndMirroredTexelsInTheShader) {
   const zink_device_caps &c = screen->device_caps();
   if (c.driver_id != VK_DRIVER_ID_MESA_LLVMPIPE)
      GTEST_SKIP() << "measured on lavapipe only; " << c.device_name << " reduces as Vulkan defines";
   EXPECT_EQ(screen->get_param(PIPE_CAP_MINMAX_MIPMAP_LOWERING), c.sampler_filter_minmax ? 1 : 0);
   // And for GL 4.6's mirrored texel index: lavapipe mirrors the coordinate (rule 12).
   EXPECT_EQ(screen->get_param(PIPE_CAP_MIRROR_TEXEL_LOWERING), 1);
   // And for GL's λ under a LINEAR mip filter: lavapipe's log2 is piecewise linear (rule 16).
   EXPECT_EQ(screen->get_param(PIPE_CAP_LAMBDA_LOWERING), 1);
}

// Rule 13's cap: Vulkan lets a device round a NEAREST mip filter's λ = k + ½ either way and
// neither device measured takes GL's level k (lavapipe rounds to even, NVIDIA up), so every
// screen asks the state tracker for the shader filter there; the override can still switch it off.
TEST_F(ZinkTest, EveryScreenAsksForGlsLevelAtAMipTieInTheShader) {
   EXPECT_EQ(screen->get_param(PIPE_CAP_NEAREST_MIP_TIE_LOWERING), 1);
}
