// Conformance reports: names and groups, the summary table, piglit's results.json, JUnit XML and piglit's test list.
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <sstream>

#include <zlib.h>

#include "clampler/tools/conformance.h"

namespace clampler::conformance {
namespace {

std::vector<std::string> split(const std::string &name) {
   std::vector<std::string> parts;
   size_t start = 0;
   for (;;) {
      const size_t slash = name.find('/', start);
      parts.push_back(name.substr(start, slash - start));
      if (slash == std::string::npos)
         return parts;
      start = slash + 1;
   }
}

std::string join(const std::vector<std::string> &parts, size_t from, size_t to, char sep) {
   std::string s;
   for (size_t i = from; i < to && i < parts.size(); ++i)
      s += (i > from ? std::string(1, sep) : "") + parts[i];
   return s;
}

std::string xml_escape(const std::string &s) {
   std::string o;
   for (char c : s) {
      switch (c) {
      case '&': o += "&amp;"; break;
      case '<': o += "&lt;"; break;
      case '>': o += "&gt;"; break;
      case '"': o += "&quot;"; break;
      case '\'': o += "&apos;"; break;
      default:
         // XML 1.0 has no control characters other than tab and newlines.
         if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t' && c != '\r')
            o += ' ';
         else
            o += c;
      }
   }
   return o;
}

// A Python string literal (piglit reads the command option with ast.literal_eval).
std::string py_str(const std::string &s) {
   std::string o = "'";
   for (char c : s) {
      if (c == '\\' || c == '\'')
         o += '\\';
      o += c;
   }
   return o + "'";
}

const char *piglit_status(status s) {
   switch (s) {
   case status::pass: return "pass";
   case status::fail: return "fail";
   case status::skip: return "skip";
   case status::crash: return "crash";
   case status::xfail: return "warn";  // piglit has no expected-fail status
   }
   return "crash";
}

// piglit orders statuses pass < warn < fail < crash for the worst-of; skip only when all skip.
int severity(status s) {
   switch (s) {
   case status::skip: return 0;
   case status::pass: return 1;
   case status::xfail: return 2;
   case status::fail: return 3;
   case status::crash: return 4;
   }
   return 4;
}

}  // namespace

std::string group_of(const std::string &case_name) {
   const auto p = split(case_name);
   if (p.size() > 2 && p[1] == "fallback")
      return p[1] + "/" + p[2];
   return p.size() > 1 ? p[1] : case_name;
}

std::string piglit_test_of(const std::string &case_name) {
   const auto p = split(case_name);
   return join(p, 0, p.size() >= 3 ? p.size() - 2 : 1, '/');
}

std::string piglit_subtest_of(const std::string &case_name) {
   const auto p = split(case_name);
   return join(p, p.size() >= 3 ? p.size() - 2 : 1, p.size(), '/');
}

std::string piglit_name(const std::string &slash_name) {
   std::string s = slash_name;
   std::replace(s.begin(), s.end(), '/', '@');
   return s;
}

std::string prefix_regex(const std::string &prefix) {
   std::string r = "^";
   for (char c : prefix) {
      if (std::string("\\^$.|?*+()[]{}").find(c) != std::string::npos)
         r += '\\';
      r += c;
   }
   return r + "/";
}

std::vector<group_counts> count_by_group(const std::vector<case_result> &results) {
   std::vector<group_counts> out;
   std::map<std::string, size_t> index;
   for (const case_result &r : results) {
      const std::string g = group_of(r.name);
      auto it = index.find(g);
      if (it == index.end()) {
         it = index.emplace(g, out.size()).first;
         out.push_back(group_counts{g});
      }
      group_counts &c = out[it->second];
      switch (r.st) {
      case status::pass: ++c.pass; break;
      case status::fail: ++c.fail; break;
      case status::skip: ++c.skip; break;
      case status::crash: ++c.crash; break;
      case status::xfail: ++c.xfail; break;
      }
   }
   return out;
}

std::string summary_table(const std::vector<case_result> &results) {
   const auto groups = count_by_group(results);
   group_counts total{"total"};
   std::ostringstream o;
   char line[160];
   std::snprintf(line, sizeof line, "%-34s %7s %7s %7s %7s %7s %7s\n", "group", "pass", "fail", "skip", "crash", "xfail",
                 "total");
   o << line;
   auto row = [&](const group_counts &g) {
      std::snprintf(line, sizeof line, "%-34s %7zu %7zu %7zu %7zu %7zu %7zu\n", g.group.c_str(), g.pass, g.fail, g.skip,
                    g.crash, g.xfail, g.pass + g.fail + g.skip + g.crash + g.xfail);
      o << line;
   };
   for (const group_counts &g : groups) {
      row(g);
      total.pass += g.pass;
      total.fail += g.fail;
      total.skip += g.skip;
      total.crash += g.crash;
      total.xfail += g.xfail;
   }
   o << std::string(34 + 6 * 8, '-') << "\n";
   row(total);
   return o.str();
}

// piglit lowercases test and subtest names when it loads a profile (framework/profile.py) and
// when it writes results, so its own run of the test list keys them that way too.
static std::string piglit_key(std::string s) {
   std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
   return s;
}

ojson piglit_results_json(const std::vector<case_result> &results, const std::string &device, double start,
                          double end) {
   // One piglit test per piglit_test_of(), the cases as its subtests: the same names a
   // `piglit run` of the generated test list gives, so the two can be compared.
   std::map<std::string, std::vector<const case_result *>> tests;
   std::vector<std::string> order;
   for (const case_result &r : results) {
      const std::string t = piglit_test_of(r.name);
      if (!tests.count(t))
         order.push_back(t);
      tests[t].push_back(&r);
   }
   ojson j;
   j["__type__"] = "TestrunResult";
   j["results_version"] = 10;
   j["name"] = "clampler";
   j["info"] = {{"system", {{"device", device}, {"runner", "clampler conformance"}}}};
   j["options"] = {{"profile", ojson::array({"clampler conformance"})}};
   j["time_elapsed"] = {{"__type__", "TimeAttribute"}, {"start", start}, {"end", end}};
   ojson tj = ojson::object();
   for (const std::string &t : order) {
      ojson sub = ojson::object();
      sub["__type__"] = "Subtests";
      status worst = status::skip;
      double secs = 0;
      std::string out;
      for (const case_result *r : tests[t]) {
         sub[piglit_key(piglit_subtest_of(r->name))] = piglit_status(r->st);
         if (severity(r->st) > severity(worst))
            worst = r->st;
         secs += r->seconds;
         if (r->st != status::pass)
            out += std::string(status_name(r->st)) + ": " + r->name + ": " + r->message + "\n" + r->details;
      }
      ojson tr;
      tr["__type__"] = "TestResult";
      tr["command"] = "clampler conformance --filter '" + prefix_regex(t) + "'";
      tr["environment"] = "";
      tr["err"] = "";
      tr["out"] = out;
      tr["result"] = piglit_status(worst);
      tr["returncode"] = 0;
      tr["subtests"] = sub;
      tr["time"] = {{"__type__", "TimeAttribute"}, {"start", 0.0}, {"end", secs}};
      tr["exception"] = nullptr;
      tr["traceback"] = nullptr;
      tr["dmesg"] = "";
      tr["images"] = nullptr;
      tr["pid"] = ojson::array();
      tj[piglit_key(piglit_name(t))] = tr;
   }
   j["tests"] = tj;
   return j;
}

std::string junit_xml(const std::vector<case_result> &results, const std::string &device) {
   std::map<std::string, std::vector<const case_result *>> suites;
   std::vector<std::string> order;
   for (const case_result &r : results) {
      const std::string g = group_of(r.name);
      if (!suites.count(g))
         order.push_back(g);
      suites[g].push_back(&r);
   }
   std::ostringstream o;
   o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"clampler conformance\">\n";
   for (const std::string &g : order) {
      size_t fails = 0, skips = 0, errors = 0;
      double secs = 0;
      for (const case_result *r : suites[g]) {
         fails += r->st == status::fail;
         skips += r->st == status::skip || r->st == status::xfail;
         errors += r->st == status::crash;
         secs += r->seconds;
      }
      o << "  <testsuite name=\"clampler." << xml_escape(g) << "\" tests=\"" << suites[g].size() << "\" failures=\""
        << fails << "\" errors=\"" << errors << "\" skipped=\"" << skips << "\" time=\"" << secs << "\">\n";
      o << "    <properties><property name=\"device\" value=\"" << xml_escape(device) << "\"/></properties>\n";
      for (const case_result *r : suites[g]) {
         const std::string test = piglit_test_of(r->name);
         o << "    <testcase classname=\"" << xml_escape(piglit_name(test)) << "\" name=\""
           << xml_escape(piglit_subtest_of(r->name)) << "\" time=\"" << r->seconds << "\"";
         switch (r->st) {
         case status::pass: o << "/>\n"; continue;
         case status::fail:
            o << ">\n      <failure message=\"" << xml_escape(r->message.substr(0, r->message.find('\n')))
              << "\">" << xml_escape(r->message + "\n" + r->details) << "</failure>\n";
            break;
         case status::crash:
            o << ">\n      <error message=\"" << xml_escape(r->message) << "\"/>\n";
            break;
         case status::skip: o << ">\n      <skipped message=\"" << xml_escape(r->message) << "\"/>\n"; break;
         case status::xfail:
            o << ">\n      <skipped message=\"expected failure: " << xml_escape(r->message) << "\"/>\n";
            break;
         }
         o << "    </testcase>\n";
      }
      o << "  </testsuite>\n";
   }
   o << "</testsuites>\n";
   return o.str();
}

std::string piglit_test_list_xml(const std::vector<test_case> &cases, const std::string &exe) {
   std::vector<std::string> order;
   for (const test_case &c : cases) {
      const std::string t = piglit_test_of(c.name);
      if (order.empty() || order.back() != t)
         if (std::find(order.begin(), order.end(), t) == order.end())
            order.push_back(t);
   }
   std::ostringstream o;
   o << "<?xml version='1.0' encoding='utf-8'?>\n<PiglitTestList count=\"" << order.size() << "\" name=\"clampler\">";
   for (const std::string &t : order) {
      // Appended piece by piece: GCC 12's -O3 sees a false -Wrestrict overlap in `"[" + std::string&&`.
      std::string command = "[";
      command += py_str(exe);
      command += ", 'conformance', '--piglit', '--filter', ";
      command += py_str(prefix_regex(t));
      command += "]";
      o << "<Test type=\"gl\" name=\"" << xml_escape(piglit_name(t)) << "\"><option name=\"command\" value=\""
        << xml_escape(command) << "\" /><option name=\"run_concurrent\" value=\"True\" /></Test>";
   }
   o << "</PiglitTestList>\n";
   return o.str();
}

bool write_gzip(const std::string &path, const std::string &data, std::string *error) {
   gzFile f = gzopen(path.c_str(), "wb9");
   if (!f) {
      *error = "cannot write " + path;
      return false;
   }
   const bool ok = data.empty() || gzwrite(f, data.data(), static_cast<unsigned>(data.size())) > 0;
   if (gzclose(f) != Z_OK || !ok) {
      *error = "cannot write " + path;
      return false;
   }
   return true;
}

}  // namespace clampler::conformance
