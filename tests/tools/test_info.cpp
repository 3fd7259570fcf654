// clampler info and explain --device on the real device (lavapipe in CI).
#include <gtest/gtest.h>

#include <cstdlib>

#include "clampler/tools/explain.h"
#include "clampler/tools/info.h"
#include "clampler/zink/zink_screen.h"

using namespace clampler;
using json = nlohmann::ordered_json;

namespace {

std::unique_ptr<zink_screen> device(const std::string &caps_override = "") {
   std::string error;
   zink_screen_options o = zink_screen_options::from_environment();
   if (!caps_override.empty())
      o.caps_override = caps_override;
   auto s = zink_screen::create(o, &error);
   if (!s) {
      const char *r = std::getenv("CLAMPLER_REQUIRE_DEVICE");
      if (r && std::string(r) == "1")
         ADD_FAILURE() << error;
   }
   return s;
}

}  // namespace

TEST(Info, ListsDeviceCapsLimitsAndEveryFormat) {
   auto s = device();
   if (!s)
      GTEST_SKIP() << "no Vulkan device";
   const json j = info_json(*s);
   EXPECT_FALSE(j["device"]["name"].get<std::string>().empty());
   EXPECT_EQ(j["caps"]["PIPE_CAP_EMULATE_GL_CLAMP_PLZ"], 1);
   EXPECT_TRUE(j["limits"].contains("maxSamplerAllocationCount"));
   EXPECT_EQ(j["formats"].size(), static_cast<size_t>(PIPE_FORMAT_COUNT - 1));
   for (const auto &f : j["formats"])
      for (const char *k : {"pipe_format", "vk_format", "sampled", "linear_filter", "minmax_filter", "depth_compare", "note"})
         EXPECT_TRUE(f.contains(k)) << k;
   const std::string text = info_text(*s);
   EXPECT_NE(text.find("PIPE_FORMAT_R8G8B8A8_UNORM"), std::string::npos);
}

TEST(ExplainDevice, AddsTheVkSamplerCreateInfo) {
   auto s = device();
   if (!s)
      GTEST_SKIP() << "no Vulkan device";
   const json out = explain_scenario_on_device(R"({
      "texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8", "width": 4, "height": 4},
      "sampler": {"GL_TEXTURE_WRAP_S": "GL_CLAMP", "GL_TEXTURE_MIN_FILTER": "GL_LINEAR",
                  "GL_TEXTURE_BORDER_COLOR": [0.25, 0.5, 0.75, 1.0]}})", *s);
   const json &ci = out["vk_sampler_create_info"];
   EXPECT_EQ(ci["sType"], "VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO");
   EXPECT_EQ(ci["addressModeU"], "VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER");
   EXPECT_EQ(ci["minFilter"], "VK_FILTER_LINEAR");
   if (s->device_caps().custom_border_colors && s->device_caps().custom_border_color_without_format) {
      EXPECT_EQ(ci["borderColor"], "VK_BORDER_COLOR_FLOAT_CUSTOM_EXT");
      ASSERT_FALSE(ci["pNext"].empty());
      EXPECT_EQ(ci["pNext"][0]["sType"], "VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT");
   }
   EXPECT_EQ(out["shader_key"]["saturate_s"], true);
}

TEST(ExplainDevice, ScreenKeyIsRejectedWithTheDevice) {
   auto s = device();
   if (!s)
      GTEST_SKIP() << "no Vulkan device";
   EXPECT_THROW(explain_scenario_on_device(R"({"screen": {}, "texture": {"target": "GL_TEXTURE_2D",
                "internal_format": "GL_RGBA8"}})", *s), scenario_error);
}

namespace {

const char *kRasterScenario = R"({
   "texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8"},
   "rasterizer": {"calls": [{"glPolygonMode": ["GL_FRONT_AND_BACK", "GL_LINE"]}, {"glLineStipple": [3, 61680]},
                            {"glEnable": ["GL_LINE_STIPPLE"]}, {"glProvokingVertex": ["GL_FIRST_VERTEX_CONVENTION"]}],
                  "framebuffer": {"fbo": true}}})";

}  // namespace

TEST(ExplainDevice, ARasterizerScenarioGetsItsVulkanRasterizationStructs) {
   auto s = device();
   if (!s)
      GTEST_SKIP() << "no Vulkan device";
   const auto &c = s->device_caps();
   ASSERT_TRUE(c.fill_mode_non_solid && c.stippled_bresenham_lines) << "lavapipe has both";
   const json out = explain_scenario_on_device(kRasterScenario, *s);
   const json &r = out["vk_rasterization"];
   EXPECT_EQ(r["polygonMode"], "VK_POLYGON_MODE_LINE");
   ASSERT_EQ(r["pNext"].size(), 1u) << "first-vertex convention: no provoking-vertex struct";
   EXPECT_EQ(r["pNext"][0]["lineRasterizationMode"], "VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT");
   EXPECT_EQ(r["pNext"][0]["stippledLineEnable"], true);
   EXPECT_EQ(r["pNext"][0]["lineStippleFactor"], 3);
   EXPECT_EQ(r["pNext"][0]["lineStipplePattern"], 61680);
   EXPECT_EQ(out["raster_emulations"], json::array({"point_size"}));
   EXPECT_TRUE(out["raster_unsupported"].empty());
}

TEST(ExplainDevice, WithoutTheFeaturesTheScenarioListsItsEmulations) {
   auto s = device(R"({"disable_features": ["fillModeNonSolid", "stippledBresenhamLines", "stippledRectangularLines"]})");
   if (!s)
      GTEST_SKIP() << "no Vulkan device";
   const json out = explain_scenario_on_device(kRasterScenario, *s);
   EXPECT_EQ(out["vk_rasterization"]["polygonMode"], "VK_POLYGON_MODE_FILL");
   EXPECT_EQ(out["raster_emulations"], json::array({"fill_mode", "line_stipple", "point_size"}));
}

TEST(Info, ListsTheRasterizationFeaturesAndLimits) {
   auto s = device(R"({"disable_features": ["wideLines"]})");
   if (!s)
      GTEST_SKIP() << "no Vulkan device";
   const json j = info_json(*s);
   EXPECT_EQ(j["features"]["wideLines"], false);
   EXPECT_EQ(j["limits"]["lineWidthRange"][1], 1.0) << "without wideLines only 1.0 is valid";
   EXPECT_TRUE(j["features"].contains("provokingVertexLast"));
}
