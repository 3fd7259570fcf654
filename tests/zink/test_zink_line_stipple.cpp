// zink_line_stipple_segments: each segment's first fragment, direction and counter by the diamond-exit rule (GL compatibility §14.5.1, §14.5.2.2), worked out by hand.
#include <gtest/gtest.h>

#include <array>
#include <limits>
#include <string>
#include <vector>

#include "clampler/zink/zink_line_stipple.h"

using namespace clampler;

namespace {

struct one_segment {
   const char *rule;
   std::array<float, 4> ends;
   int32_t first, direction, axis, count;
};

// Each row's fragments, counted by hand from the diamonds |x - xc| + |y - yc| < 1/2 the segment
// leaves: one per column of an x-major segment (row of a y-major one).
const one_segment kSegments[] = {
   {"ends on pixel centres: the start's diamond is left, the end's is not", {4.5f, 8.5f, 40.5f, 8.5f}, 4, 1, 0, 36},
   {"running left it starts in the start's column and counts down", {40.5f, 8.5f, 4.5f, 8.5f}, 40, -1, 0, 36},
   {"|dy| > |dx| is y-major, counted by rows", {48.5f, 4.5f, 48.5f, 40.5f}, 4, 1, 1, 36},
   {"y-major running down the framebuffer", {3.5f, 10.5f, 4.5f, 2.5f}, 10, -1, 1, 8},
   {"|dx| == |dy| is x-major", {1.5f, 1.5f, 5.5f, 5.5f}, 1, 1, 0, 4},
   {"a sloped x-major segment, one fragment per column", {1.5f, 1.5f, 9.5f, 5.5f}, 1, 1, 0, 8},
   {"a start before its column's centre line still crosses a diamond of that column", {2.1f, 3.1f, 10.1f, 3.1f}, 2, 1,
    0, 8},
   {"a start past the centre line outside its diamond has left that column", {2.9f, 3.05f, 10.9f, 3.05f}, 3, 1, 0, 8},
   {"a start past the centre line inside its diamond leaves it", {2.7f, 3.5f, 10.7f, 3.5f}, 2, 1, 0, 8},
   {"an end past the centre line outside its diamond has left it", {2.5f, 3.5f, 6.8f, 3.05f}, 2, 1, 0, 5},
   {"a segment inside one diamond leaves none", {2.4f, 3.5f, 2.6f, 3.5f}, 2, 1, 0, 0},
};

TEST(ZinkLineStipple, EachSegmentStartsAtTheFirstDiamondItLeaves) {
   for (const one_segment &s : kSegments) {
      SCOPED_TRACE(s.rule);
      std::vector<zink_stipple_segment> out;
      std::string error;
      const std::array<float, 4> ends[] = {s.ends};
      ASSERT_TRUE(zink_line_stipple_segments(ends, false, &out, &error)) << error;
      ASSERT_EQ(out.size(), 1u);
      EXPECT_EQ(out[0].first, s.first);
      EXPECT_EQ(out[0].direction, s.direction);
      EXPECT_EQ(out[0].axis, s.axis);
      EXPECT_EQ(out[0].count, s.count);
      EXPECT_EQ(out[0].base, 0);
   }
}

// GL_LINES restarts the counter at each segment; a strip or loop carries it on, zero-length
// segments adding nothing.
TEST(ZinkLineStipple, AStripCarriesTheCounterAndIndependentSegmentsRestartIt) {
   const std::array<float, 4> ends[] = {
      {4.5f, 4.5f, 40.5f, 4.5f}, {40.5f, 4.5f, 40.5f, 40.5f}, {40.5f, 40.5f, 40.5f, 40.5f}, {40.5f, 40.5f, 4.5f, 40.5f}};
   std::vector<zink_stipple_segment> strip, lines;
   std::string error;
   ASSERT_TRUE(zink_line_stipple_segments(ends, true, &strip, &error)) << error;
   ASSERT_TRUE(zink_line_stipple_segments(ends, false, &lines, &error)) << error;
   ASSERT_EQ(strip.size(), 4u);
   ASSERT_EQ(lines.size(), 4u);
   const int32_t strip_base[] = {0, 36, 72, 72}, count[] = {36, 36, 0, 36};
   for (size_t i = 0; i < 4; ++i) {
      EXPECT_EQ(strip[i].base, strip_base[i]) << "segment " << i;
      EXPECT_EQ(lines[i].base, 0) << "segment " << i;
      EXPECT_EQ(strip[i].count, count[i]) << "segment " << i;
   }
   EXPECT_EQ(strip[1].axis, 1);
   EXPECT_EQ(strip[3].first, 40);
   EXPECT_EQ(strip[3].direction, -1);
}

// An end on a diamond's boundary is GL's tie; a coordinate that is not a number has no pixel.
TEST(ZinkLineStipple, TiesAndNonFiniteEndsAreRefusedNamingTheSegmentAndChangeNothing) {
   struct bad {
      std::array<float, 4> ends;
      const char *says;
   };
   const float nan = std::numeric_limits<float>::quiet_NaN();
   for (const bad &b : {bad{{2.5f, 3.5f, 5.0f, 3.5f}, "its end lies on a fragment diamond's boundary"},
                        bad{{2.0f, 3.5f, 6.5f, 3.5f}, "its start lies on a fragment diamond's boundary"},
                        bad{{2.5f, 3.5f, nan, 3.5f}, "not a finite framebuffer coordinate"}}) {
      const std::array<float, 4> ends[] = {{0.5f, 0.5f, 8.5f, 0.5f}, b.ends};
      std::vector<zink_stipple_segment> out(1);
      out[0].base = 99;
      std::string error;
      EXPECT_FALSE(zink_line_stipple_segments(ends, true, &out, &error));
      EXPECT_NE(error.find("segment 1"), std::string::npos) << error;
      EXPECT_NE(error.find(b.says), std::string::npos) << error;
      ASSERT_EQ(out.size(), 1u);
      EXPECT_EQ(out[0].base, 99);
   }
}

}  // namespace
