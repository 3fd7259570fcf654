// Comparison of device results with the reference's, component by component within a case's tolerance.
#include <cmath>
#include <limits>

#include "clampler/tools/conformance.h"

namespace clampler::conformance {
namespace {

// A result component as a double; JSON has no NaN/inf, so the sample outputs may carry them
// as null or strings.
bool component(const ojson &v, double *out, bool *is_int) {
   *is_int = v.is_number_integer();
   if (v.is_number()) {
      *out = v.get<double>();
      return true;
   }
   if (v.is_null()) {
      *out = std::numeric_limits<double>::quiet_NaN();
      return true;
   }
   if (v.is_string()) {
      const std::string s = v.get<std::string>();
      if (s == "nan")
         *out = std::numeric_limits<double>::quiet_NaN();
      else if (s == "inf")
         *out = std::numeric_limits<double>::infinity();
      else if (s == "-inf")
         *out = -std::numeric_limits<double>::infinity();
      else
         return false;
      return true;
   }
   return false;
}

}  // namespace

std::vector<lookup_diff> compare_results(const ojson &lookups, const ojson &expected, const ojson &got,
                                         const tolerance &tol) {
   std::vector<lookup_diff> diffs;
   const size_t n = expected.is_array() ? expected.size() : 0;
   const size_t m = got.is_array() ? got.size() : 0;
   for (size_t i = 0; i < std::max(n, m); ++i) {
      lookup_diff d;
      d.index = i;
      d.lookup = lookups.is_array() && i < lookups.size() ? lookups[i] : ojson();
      d.expected = i < n ? expected[i] : ojson();
      d.got = i < m ? got[i] : ojson();
      const size_t components = tol.coverage >= 0.0 ? 5 : 4;
      bool bad = i >= n || i >= m || !d.expected.is_array() || !d.got.is_array() || d.expected.size() != components ||
                 d.got.size() != components;
      double worst = bad ? std::numeric_limits<double>::infinity() : 0.0;
      for (size_t c = 0; !bad && c < components; ++c) {
         double e, g;
         bool ei, gi;
         if (!component(d.expected[c], &e, &ei) || !component(d.got[c], &g, &gi)) {
            bad = true;
            worst = std::numeric_limits<double>::infinity();
            break;
         }
         if (ei && gi) {  // integer results: exact, compared as integers
            if (d.expected[c].get<int64_t>() != d.got[c].get<int64_t>()) {
               bad = true;
               worst = std::fabs(e - g);
            }
            continue;
         }
         if (ei != gi && (tol.abs == 0.0)) {  // an integer case answered with floats (or back)
            bad = true;
            worst = std::numeric_limits<double>::infinity();
            break;
         }
         if (std::isnan(e) || std::isnan(g)) {
            if (std::isnan(e) != std::isnan(g)) {
               bad = true;
               worst = std::numeric_limits<double>::infinity();
            }
            continue;
         }
         if (std::isinf(e) || std::isinf(g)) {
            if (e != g) {
               bad = true;
               worst = std::numeric_limits<double>::infinity();
            }
            continue;
         }
         const double err = std::fabs(e - g);
         worst = std::max(worst, err);
         if (err > (c < 4 ? tol.abs : tol.coverage))
            bad = true;
      }
      if (bad) {
         d.error = worst;
         diffs.push_back(std::move(d));
      }
   }
   return diffs;
}

}  // namespace clampler::conformance
