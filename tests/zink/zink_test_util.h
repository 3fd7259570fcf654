// Device-test fixture: a zink_screen on the default device under VK_LAYER_KHRONOS_validation.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>

#include "clampler/zink/zink_screen.h"

namespace clampler::test {

// Creates a screen with validation on and `caps_override` applied; null with `*error` set
// when the machine has no usable Vulkan device.
inline std::unique_ptr<zink_screen> make_screen(const std::string &caps_override, std::string *error) {
   zink_screen_options o = zink_screen_options::from_environment();
   // Always on, except for sanitizer runs: the layer is not instrumented, and TSan reports
   // its internal locking (docs/zink.md). CLAMPLER_TEST_NO_VALIDATION=1 is for that only.
   const char *nv = std::getenv("CLAMPLER_TEST_NO_VALIDATION");
   o.validation = !(nv && std::string(nv) == "1");
   if (!caps_override.empty())
      o.caps_override = caps_override;
   return zink_screen::create(o, error);
}

// Without a device the device tests skip with the reason, unless CLAMPLER_REQUIRE_DEVICE=1
// (set by the test command, where lavapipe is installed): then it is a failure.
inline bool device_required() {
   const char *r = std::getenv("CLAMPLER_REQUIRE_DEVICE");
   return r && std::string(r) == "1";
}

// Every validation message fails the test that caused it.
inline void expect_no_validation_messages(const zink_screen &s) {
   EXPECT_EQ(s.validation_message_count(), 0u);
   for (const std::string &m : s.validation_messages())
      ADD_FAILURE() << "validation: " << m;
}

class ZinkTest : public testing::Test {
protected:
   void SetUp() override {
      std::string error;
      screen = make_screen(caps_override(), &error);
      if (!screen) {
         if (device_required())
            FAIL() << "no Vulkan screen: " << error;
         GTEST_SKIP() << "no Vulkan screen: " << error;
      }
   }
   void TearDown() override {
      if (screen)
         expect_no_validation_messages(*screen);
   }
   virtual std::string caps_override() const { return ""; }
   std::unique_ptr<zink_screen> screen;
};

}  // namespace clampler::test
