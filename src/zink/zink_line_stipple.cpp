// Rule Z5's line stipple in the shader: each segment's first fragment, direction and counter by the diamond-exit rule.
//
// Along the major axis a (the minor axis b), a segment from a0 to a1 makes one fragment per cell
// whose diamond it leaves. Mirror a so that the segment runs forwards (cell n becomes -n - 1) and
// let f = a - floor(a), g = b - floor(b) at an end. The segment crosses the centre line
// a = n + 1/2 of each cell n it passes, inside a diamond of that cell (its minor neighbours' do
// not reach the line), and, as |slope| <= 1, leaves a diamond only after that line. So:
//   first cell: floor(a0) when f0 < 1/2 or the start lies inside its own diamond
//               (|f0 - 1/2| + |g0 - 1/2| < 1/2); otherwise it has left that diamond's column: + 1;
//   last cell:  floor(a1) when f1 > 1/2 and the end lies outside its own diamond (the segment
//               has left it); otherwise the cell before.
// An end on a diamond's boundary (the sum exactly 1/2) is GL's tie, refused.
#include "clampler/zink/zink_line_stipple.h"

#include <cmath>

namespace clampler {

namespace {

struct cell_end {
   double cell;   // floor of the (mirrored) major coordinate
   bool inside;   // inside its own diamond
   bool past;     // beyond the cell's centre line
   bool tie;      // on the diamond's boundary
};

cell_end classify(double a, double b) {
   const double f = a - std::floor(a), g = b - std::floor(b);
   const double d = std::fabs(f - 0.5) + std::fabs(g - 0.5);
   return {std::floor(a), d < 0.5, f > 0.5, d == 0.5};
}

}  // namespace

bool zink_line_stipple_segments(std::span<const std::array<float, 4>> segments, bool continuing,
                                std::vector<zink_stipple_segment> *out, std::string *error) {
   std::vector<zink_stipple_segment> result;
   result.reserve(segments.size());
   int64_t counter = 0;
   for (size_t i = 0; i < segments.size(); ++i) {
      const auto &s = segments[i];
      auto fail = [&](const std::string &why) {
         if (error)
            *error = "line stipple segment " + std::to_string(i) + " (" + std::to_string(s[0]) + ", " +
                     std::to_string(s[1]) + ") to (" + std::to_string(s[2]) + ", " + std::to_string(s[3]) + "): " + why;
         return false;
      };
      for (float v : s)
         if (!std::isfinite(v) || std::fabs(v) > 1.0e7f)
            return fail("an end is not a finite framebuffer coordinate within 10^7");
      zink_stipple_segment seg;
      const double dx = double(s[2]) - s[0], dy = double(s[3]) - s[1];
      seg.axis = std::fabs(dx) >= std::fabs(dy) ? 0 : 1;
      const double da = seg.axis == 0 ? dx : dy;
      seg.direction = da < 0 ? -1 : 1;
      // The ends along the major axis, mirrored to run forwards.
      const double a0 = seg.direction * double(seg.axis == 0 ? s[0] : s[1]);
      const double a1 = seg.direction * double(seg.axis == 0 ? s[2] : s[3]);
      const double b0 = seg.axis == 0 ? s[1] : s[0], b1 = seg.axis == 0 ? s[3] : s[2];
      const cell_end start = classify(a0, b0), end = classify(a1, b1);
      if (!continuing)
         counter = 0;
      seg.base = static_cast<int32_t>(counter);
      if (dx == 0.0 && dy == 0.0) {  // no diamond is left: no fragment
         seg.first = 0;
         result.push_back(seg);
         continue;
      }
      if (start.tie || end.tie)
         return fail(std::string("its ") + (start.tie ? "start" : "end") +
                     " lies on a fragment diamond's boundary, where GL leaves the first or last fragment to the "
                     "implementation");
      const double first = start.inside || !start.past ? start.cell : start.cell + 1.0;
      const double last = end.past && !end.inside ? end.cell : end.cell - 1.0;
      const double cells = last >= first ? last - first + 1.0 : 0.0;
      seg.first = static_cast<int32_t>(seg.direction > 0 ? first : -first - 1.0);
      seg.count = static_cast<int32_t>(cells);
      counter += seg.count;
      if (counter > INT32_MAX)
         return fail("the counter runs past 2^31 - 1");
      result.push_back(seg);
   }
   *out = std::move(result);
   return true;
}

}  // namespace clampler
