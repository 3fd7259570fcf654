// The expected-failure list: `DEVICE  NAME-REGEX  reason`, one a line, matched against a failing case.
#include <regex>
#include <sstream>

#include "clampler/tools/conformance.h"

namespace clampler::conformance {

std::vector<expected_fail> parse_expected_fails(const std::string &text, std::string *error) {
   std::vector<expected_fail> out;
   std::istringstream in(text);
   std::string line;
   int n = 0;
   while (std::getline(in, line)) {
      ++n;
      const size_t first = line.find_first_not_of(" \t");
      if (first == std::string::npos || line[first] == '#')
         continue;
      std::istringstream ls(line);
      expected_fail e;
      ls >> e.device >> e.pattern;
      std::getline(ls, e.reason);
      const size_t r = e.reason.find_first_not_of(" \t");
      e.reason = r == std::string::npos ? "" : e.reason.substr(r);
      if (e.pattern.empty() || e.reason.empty()) {
         if (error)
            *error = "line " + std::to_string(n) + ": expected `DEVICE NAME-REGEX reason`";
         return {};
      }
      try {
         std::regex check(e.pattern);
      } catch (const std::regex_error &) {
         if (error)
            *error = "line " + std::to_string(n) + ": bad regular expression " + e.pattern;
         return {};
      }
      out.push_back(std::move(e));
   }
   return out;
}

std::string expected_fail_reason(const std::vector<expected_fail> &list, const std::string &device,
                                 const std::string &case_name) {
   for (const expected_fail &e : list)
      if ((e.device == "*" || device.find(e.device) != std::string::npos) &&
          std::regex_search(case_name, std::regex(e.pattern)))
         return e.reason;
   return {};
}

std::vector<std::string> unused_expected_fails(const std::vector<expected_fail> &list, const std::string &device,
                                               const std::vector<case_result> &results) {
   std::vector<std::string> out;
   for (const expected_fail &e : list) {
      if (e.device != "*" && device.find(e.device) == std::string::npos)
         continue;
      const std::regex re(e.pattern);
      size_t matched = 0, failed = 0;
      for (const case_result &r : results) {
         if (!std::regex_search(r.name, re))
            continue;
         ++matched;
         failed += r.st == status::xfail;
      }
      if (matched > 0 && failed == 0)
         out.push_back(e.pattern + " (" + std::to_string(matched) + " matching case(s), none failed)");
   }
   return out;
}

}  // namespace clampler::conformance
