// clampler's GL enum values and names agree with the Khronos registry headers.
#include <gtest/gtest.h>

#include <string>

#include "clampler/gl/gl_enum_names.h"
#include "clampler/pipe/p_format.h"
#include "khronos_values.h"

using namespace clampler;

TEST(KhronosEnums, EveryNameParsesToTheKhronosValue) {
   ASSERT_GE(khronos_values().size(), 200u);
   for (const khronos_value &k : khronos_values()) {
      GLenum v = 0;
      ASSERT_TRUE(gl_enum_from_name(k.name, &v)) << k.name;
      EXPECT_EQ(v, k.value) << k.name;
   }
}

TEST(KhronosEnums, InternalFormatsMatchTheKhronosValues) {
   unsigned formats = 0;
   for (const khronos_value &k : khronos_values()) {
      const uint32_t v = gl_internal_format_from_name(k.name);
      if (!v)
         continue;
      ++formats;
      EXPECT_EQ(v, k.value) << k.name;
      const util_format_description *d = util_format_describe(util_format_from_gl_internal_format(k.value));
      ASSERT_NE(d, nullptr) << k.name;
      EXPECT_EQ(std::string(d->gl_name), k.name);
   }
   EXPECT_GE(formats, 140u);
}
