// clampler query --device on the real device (lavapipe in CI, under validation): every target's view answers GL's levels and sizes.
#include <gtest/gtest.h>

#include <string>

#include "../zink/zink_test_util.h"
#include "clampler/tools/query.h"

using namespace clampler;
using json = nlohmann::ordered_json;

namespace {

class QueryDevice : public test::ZinkTest {};

// Scenarios over the sampled targets, with base and max levels inside, past and crossing the
// storage (immutable storage clamps them, GL 4.6 §8.17).
const char *kScenarios[] = {
   R"({"texture": {"target": "GL_TEXTURE_1D", "internal_format": "GL_RGBA8", "width": 16, "levels": 5,
       "params": {"GL_TEXTURE_BASE_LEVEL": 1}}})",
   R"({"texture": {"target": "GL_TEXTURE_1D_ARRAY", "internal_format": "GL_R16I", "width": 8, "height": 3, "levels": 4,
       "params": {"GL_TEXTURE_MIN_FILTER": "GL_NEAREST", "GL_TEXTURE_MAG_FILTER": "GL_NEAREST"}}})",
   R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8", "width": 8, "height": 8, "levels": 4,
       "params": {"GL_TEXTURE_BASE_LEVEL": 9}}})",
   R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8", "width": 8, "height": 8, "levels": 4,
       "params": {"GL_TEXTURE_BASE_LEVEL": 2, "GL_TEXTURE_MAX_LEVEL": 1}}})",
   R"({"texture": {"target": "GL_TEXTURE_3D", "internal_format": "GL_RG8", "width": 8, "height": 4, "depth": 16,
       "levels": 5, "params": {"GL_TEXTURE_MAX_LEVEL": 3}}})",
   R"({"texture": {"target": "GL_TEXTURE_RECTANGLE", "internal_format": "GL_R32F", "width": 5, "height": 9}})",
   R"({"texture": {"target": "GL_TEXTURE_CUBE_MAP", "internal_format": "GL_DEPTH_COMPONENT24", "width": 8,
       "height": 8, "levels": 4}, "sampler": {"GL_TEXTURE_WRAP_S": "GL_CLAMP"}})",
   R"({"texture": {"target": "GL_TEXTURE_2D_ARRAY", "internal_format": "GL_DEPTH24_STENCIL8", "width": 4,
       "height": 4, "depth": 5, "levels": 3, "depth_stencil_texture_mode": "GL_STENCIL_INDEX",
       "params": {"GL_TEXTURE_MIN_FILTER": "GL_NEAREST", "GL_TEXTURE_MAG_FILTER": "GL_NEAREST"}}})",
   R"({"texture": {"target": "GL_TEXTURE_CUBE_MAP_ARRAY", "internal_format": "GL_RGBA16F", "width": 4,
       "height": 4, "depth": 18, "levels": 3, "params": {"GL_TEXTURE_BASE_LEVEL": 1}}})",
};

TEST_F(QueryDevice, TheViewOfEveryTargetAnswersGlsLevelsAndSizes) {
   for (const char *s : kScenarios) {
      const json q = query_scenario_on_device(s, txq_language::gl, *screen);
      ASSERT_TRUE(q.contains("device")) << s;
      const json &d = q["device"];
      if (d.contains("not_run")) {
         ADD_FAILURE() << s << ": " << d["not_run"];
         continue;
      }
      EXPECT_TRUE(d["matches"].get<bool>()) << s << "\n" << d.dump(2);
      EXPECT_EQ(d["sizes"].size(), q["levels"].size()) << s;
   }
}

// Multisample images of the sample counts lavapipe offers (1 and 4) and texel buffers: textureSize
// and textureSamples of what Vulkan holds equal GL's answers.
TEST_F(QueryDevice, MultisampleImagesAndTexelBuffersAnswerGlsSizesAndSamples) {
   const char *scenarios[] = {
      R"({"texture": {"target": "GL_TEXTURE_2D_MULTISAMPLE", "internal_format": "GL_RGBA8", "width": 8, "height": 4,
          "samples": 4}})",
      R"({"texture": {"target": "GL_TEXTURE_2D_MULTISAMPLE_ARRAY", "internal_format": "GL_R32UI", "width": 5,
          "height": 3, "depth": 7, "samples": 4}})",
      R"({"texture": {"target": "GL_TEXTURE_2D_MULTISAMPLE", "internal_format": "GL_DEPTH24_STENCIL8", "width": 4,
          "height": 4, "samples": 4, "depth_stencil_texture_mode": "GL_STENCIL_INDEX"}})",
      R"({"texture": {"target": "GL_TEXTURE_BUFFER", "internal_format": "GL_RGBA32F", "buffer_size": 100}})",
      R"({"texture": {"target": "GL_TEXTURE_BUFFER", "internal_format": "GL_RG16I", "buffer_size": 4099}})",
      R"({"texture": {"target": "GL_TEXTURE_BUFFER", "internal_format": "GL_R8", "buffer_size": 1}})",
   };
   for (const char *s : scenarios) {
      const json q = query_scenario_on_device(s, txq_language::gl, *screen);
      const json &d = q["device"];
      if (d.contains("not_run")) {
         ADD_FAILURE() << s << ": " << d["not_run"];
         continue;
      }
      EXPECT_TRUE(d["matches"].get<bool>()) << s << "\n" << d.dump(2);
   }
}

TEST_F(QueryDevice, WhatTheDeviceCannotHoldIsNotRunWithTheReason) {
   // An empty buffer: GL has zero texels, Vulkan has no empty buffer.
   json q = query_scenario_on_device(
      R"({"texture": {"target": "GL_TEXTURE_BUFFER", "internal_format": "GL_R8", "buffer_size": 0}})",
      txq_language::gl, *screen);
   ASSERT_TRUE(q["device"].contains("not_run"));
   EXPECT_NE(q["device"]["not_run"].get<std::string>().find("empty"), std::string::npos);
   // A sample count the device does not offer for the format names the ones it does.
   q = query_scenario_on_device(R"({"texture": {"target": "GL_TEXTURE_2D_MULTISAMPLE", "internal_format": "GL_RGBA8",
      "samples": 3}})",
                                txq_language::gl, *screen);
   ASSERT_TRUE(q["device"].contains("not_run"));
   EXPECT_NE(q["device"]["not_run"].get<std::string>().find("offers"), std::string::npos);
   // One sample: Vulkan reads an image as multisample only with more.
   q = query_scenario_on_device(R"({"texture": {"target": "GL_TEXTURE_2D_MULTISAMPLE", "internal_format": "GL_R16I",
      "samples": 1}})",
                                txq_language::gl, *screen);
   ASSERT_TRUE(q["device"].contains("not_run"));
   EXPECT_NE(q["device"]["not_run"].get<std::string>().find("more than one sample"), std::string::npos);
}

}  // namespace
