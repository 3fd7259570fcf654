// clampler info and explain --device on the real device (lavapipe in CI).
#include <gtest/gtest.h>

#include <cstdlib>

#include "clampler/tools/explain.h"
#include "clampler/tools/info.h"
#include "clampler/zink/zink_screen.h"

using namespace clampler;
using json = nlohmann::ordered_json;

namespace {

std::unique_ptr<zink_screen> device() {
   std::string error;
   auto s = zink_screen::create(zink_screen_options::from_environment(), &error);
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
