// `clampler conformance`: option parsing, the threaded run with progress, the summary and the report files.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

#include "clampler/tools/conformance.h"
#include "../cli.h"
#include "conformance_device.h"

#ifndef CLAMPLER_CONFORMANCE_XFAIL
#define CLAMPLER_CONFORMANCE_XFAIL ""
#endif
#ifndef CLAMPLER_CONFORMANCE_XFAIL_GL
#define CLAMPLER_CONFORMANCE_XFAIL_GL ""
#endif

namespace clampler::conformance {
namespace {

constexpr const char *kUsage =
   "usage: clampler conformance [--device N] [--filter REGEX] [--caps OVERRIDE.json] [--results DIR]\n"
   "                            [--jobs N] [--expected-fail FILE|none] [--self-check] [--piglit]\n"
   "                            [--gl [--driver clampler|zink|llvmpipe|softpipe|env]]\n"
   "       clampler conformance --list | --list-piglit OUT.xml.gz | --print-scenario NAME\n"
   "       clampler conformance --gallery FILE.png   (same as clampler gallery FILE.png)\n"
   "\n"
   "Runs the built-in matrix of sampler cases (docs/conformance.md) on the device through the\n"
   "layer and compares every lookup with the reference sampler; the fallback groups run on\n"
   "simulated devices (capability override). Exit status 1 on any failure or crash.\n"
   "  --device N        CLAMPLER_DEVICE semantics: index or name substring\n"
   "  --filter REGEX    only cases whose name matches (ECMAScript regex, searched)\n"
   "  --caps FILE       capability override applied to the device and every fallback screen\n"
   "  --results DIR     write DIR/results.json (piglit summary), DIR/junit.xml, DIR/scenarios/\n"
   "  --jobs N          worker threads (default: hardware threads)\n"
   "  --expected-fail   the expected-failure list (default: conformance/expected-fail.txt;\n"
   "                    conformance/expected-fail-gl.txt with --gl)\n"
   "  --self-check      reference against itself: checks the matrix without a device\n"
   "  --gl              a real GL driver draws the lookups instead of the Vulkan layer (EGL\n"
   "                    surfaceless, compatibility context; docs/driver.md); fallback cases skip\n"
   "  --driver NAME     with --gl: clampler (default: build/driver beside this executable), zink,\n"
   "                    llvmpipe, softpipe (Debian's), or env (the environment's own choice)\n"
   "  --piglit          print PIGLIT: lines (piglit's native test protocol); -auto, -fbo ignored\n";

bool read_file(const std::string &path, std::string *text) {
   std::ifstream f(path, std::ios::binary);
   if (!f)
      return false;
   std::ostringstream ss;
   ss << f.rdbuf();
   *text = ss.str();
   return true;
}

std::string self_exe(const char *argv0) {
   std::error_code ec;
   const auto p = std::filesystem::read_symlink("/proc/self/exe", ec);
   if (!ec)
      return p.string();
   return std::filesystem::absolute(argv0, ec).string();
}

double now_seconds() {
   return std::chrono::duration<double>(std::chrono::system_clock::now().time_since_epoch()).count();
}

struct options {
   std::string device, filter, caps_file, results_dir, xfail_file = CLAMPLER_CONFORMANCE_XFAIL, list_piglit,
                                                         print_scenario, gallery;
   unsigned jobs = std::max(1u, std::thread::hardware_concurrency());
   bool self_check = false, piglit = false, list = false, gl = false;
   std::string driver;
};

// Progress: a bar on a terminal, plain lines otherwise (failures as they happen, every 10%).
class progress {
public:
   progress(size_t total, bool tty, bool quiet) : total_(total), tty_(tty), quiet_(quiet) {}
   void done(const case_result &r) {
      std::lock_guard<std::mutex> lock(mutex_);
      ++n_;
      counts_[static_cast<int>(r.st)]++;
      if (quiet_)
         return;
      const bool bad = r.st == status::fail || r.st == status::crash;
      if (tty_) {
         if (bad)
            std::cerr << "\r\033[K" << status_name(r.st) << ": " << r.name << "\n";
         const auto t = std::chrono::steady_clock::now();
         if (bad || n_ == total_ || t - last_ > std::chrono::milliseconds(100)) {
            last_ = t;
            const size_t width = 30, fill = total_ ? n_ * width / total_ : width;
            std::cerr << "\r[" << std::string(fill, '#') << std::string(width - fill, '.') << "] " << n_ << "/" << total_
                      << "  pass " << counts_[0] << "  fail " << counts_[1] + counts_[3] << "  skip " << counts_[2]
                      << (n_ == total_ ? "\n" : "") << std::flush;
         }
      } else {
         if (bad)
            std::cerr << status_name(r.st) << ": " << r.name << "\n";
         if (total_ >= 10 && n_ % (total_ / 10) == 0)
            std::cerr << "progress: " << n_ << "/" << total_ << " (pass " << counts_[0] << ", fail "
                      << counts_[1] + counts_[3] << ", skip " << counts_[2] << ")\n";
      }
   }

private:
   std::mutex mutex_;
   size_t total_, n_ = 0;
   size_t counts_[5] = {0, 0, 0, 0, 0};
   bool tty_, quiet_;
   std::chrono::steady_clock::time_point last_{};
};

int parse(int argc, char **argv, options *o) {
   for (int i = 2; i < argc; ++i) {
      const std::string a = argv[i];
      auto value = [&](std::string *out) {
         if (i + 1 >= argc) {
            cli::usage_error("conformance", a + " needs a value");
            return false;
         }
         *out = argv[++i];
         return true;
      };
      if (a == "--device") {
         if (!value(&o->device))
            return 2;
      } else if (a == "--filter") {
         if (!value(&o->filter))
            return 2;
      } else if (a == "--caps") {
         if (!value(&o->caps_file))
            return 2;
      } else if (a == "--results") {
         if (!value(&o->results_dir))
            return 2;
      } else if (a == "--expected-fail") {
         if (!value(&o->xfail_file))
            return 2;
      } else if (a == "--list-piglit") {
         if (!value(&o->list_piglit))
            return 2;
      } else if (a == "--print-scenario") {
         if (!value(&o->print_scenario))
            return 2;
      } else if (a == "--gallery") {
         if (!value(&o->gallery))
            return 2;
      } else if (a == "--jobs" || a == "-j") {
         std::string v;
         if (!value(&v))
            return 2;
         char *end = nullptr;
         const long n = std::strtol(v.c_str(), &end, 10);
         if (!end || *end || n < 1 || n > 256) {
            return cli::usage_error("conformance", "--jobs: expected an integer in [1, 256], got '" + v + "'");
         }
         o->jobs = static_cast<unsigned>(n);
      } else if (a == "--self-check") {
         o->self_check = true;
      } else if (a == "--gl") {
         o->gl = true;
      } else if (a == "--driver") {
         if (!value(&o->driver))
            return 2;
      } else if (a == "--piglit") {
         o->piglit = true;
      } else if (a == "--list") {
         o->list = true;
      } else if (a == "-auto" || a == "-fbo") {
         // piglit appends these to every "gl" test command.
      } else if (cli::is_help(a)) {
         std::cout << kUsage;
         return 0;
      } else {
         return cli::usage_error("conformance", "unknown argument '" + a + "'");
      }
   }
   if (!o->driver.empty() && !o->gl)
      return cli::usage_error("conformance", "--driver goes with --gl");
   // The default list names Vulkan devices' failures; a GL driver's run has its own (clampler's
   // documented differences from GL only).
   if (o->gl && o->xfail_file == CLAMPLER_CONFORMANCE_XFAIL)
      o->xfail_file = CLAMPLER_CONFORMANCE_XFAIL_GL;
   if (o->gl && (o->self_check || !o->device.empty() || !o->caps_file.empty()))
      return cli::usage_error("conformance", "--gl excludes --self-check, --device and --caps (a GL driver answers "
                                             "for itself)");
   return -1;
}

void write_reports(const options &o, const std::vector<case_result> &results, const std::vector<test_case> &cases,
                   const std::string &device, double start, double end) {
   namespace fs = std::filesystem;
   std::error_code ec;
   fs::create_directories(fs::path(o.results_dir) / "scenarios", ec);
   std::ofstream(fs::path(o.results_dir) / "results.json") << piglit_results_json(results, device, start, end).dump(1)
                                                           << "\n";
   std::ofstream(fs::path(o.results_dir) / "junit.xml") << junit_xml(results, device);
   for (size_t i = 0; i < results.size(); ++i)
      if (results[i].st == status::fail || results[i].st == status::crash || results[i].st == status::xfail)
         std::ofstream(fs::path(o.results_dir) / "scenarios" / (piglit_name(results[i].name) + ".json"))
            << cases[i].scenario.dump(1) << "\n";
}

// `--gallery FILE.png`: the same as `clampler gallery FILE.png [--device N]`.
int forward_to_gallery(const options &o, const char *argv0) {
   std::vector<std::string> args = {argv0, "gallery", o.gallery};
   if (!o.device.empty()) {
      args.push_back("--device");
      args.push_back(o.device);
   }
   std::vector<char *> av;
   for (auto &a : args)
      av.push_back(a.data());
   return gallery_main(static_cast<int>(av.size()), av.data());
}

// The modes that only read the matrix (--list-piglit, --print-scenario); -1 when neither was asked.
int matrix_only_modes(const options &o, const std::vector<test_case> &all, const char *argv0) {
   if (!o.list_piglit.empty()) {
      std::string error;
      if (!write_gzip(o.list_piglit, piglit_test_list_xml(all, self_exe(argv0)), &error)) {
         std::cerr << "clampler conformance: " << error << "\n";
         return 1;
      }
      return 0;
   }
   if (!o.print_scenario.empty()) {
      for (const test_case &c : all)
         if (c.name == o.print_scenario) {
            std::cout << c.scenario.dump(1) << "\n";
            return 0;
         }
      std::cerr << "clampler conformance: no case named " << o.print_scenario << "\n";
      return 1;
   }
   return -1;
}

// The cases whose name matches --filter (all without one); false on a bad regular expression.
bool select_cases(const options &o, std::vector<test_case> all, std::vector<test_case> *cases) {
   try {
      const std::regex re(o.filter);
      for (test_case &c : all)
         if (o.filter.empty() || std::regex_search(c.name, re))
            cases->push_back(std::move(c));
   } catch (const std::regex_error &e) {
      cli::usage_error("conformance", std::string("--filter: bad regular expression: ") + e.what());
      return false;
   }
   return true;
}

// The expected-failure list (none with `--expected-fail none`; the default file may be absent).
bool load_expected_fails(const options &o, std::vector<expected_fail> *xfails) {
   if (o.xfail_file.empty() || o.xfail_file == "none")
      return true;
   std::string text, error;
   if (!read_file(o.xfail_file, &text)) {
      if (o.xfail_file == CLAMPLER_CONFORMANCE_XFAIL || o.xfail_file == CLAMPLER_CONFORMANCE_XFAIL_GL)
         return true;
      std::cerr << "clampler conformance: cannot open " << o.xfail_file << "\n";
      return false;
   }
   *xfails = parse_expected_fails(text, &error);
   if (!error.empty()) {
      std::cerr << "clampler conformance: " << o.xfail_file << ": " << error << "\n";
      return false;
   }
   return true;
}

void print_piglit_result(const char *result) { std::cout << "PIGLIT: {\"result\": \"" << result << "\"}" << std::endl; }

// The reference against itself (--self-check) or the device with the simulated screens the cases name.
std::unique_ptr<device_session> open_session(const options &o, const std::vector<test_case> &cases,
                                             const std::string &caps, std::string *error) {
   if (o.self_check)
      return open_self_check_session();
   if (o.gl)
      return open_gl_session(o.driver.empty() ? "clampler" : o.driver, error);
   std::set<std::string> screens;
   for (const test_case &c : cases)
      if (!c.screen.empty())
         screens.insert(c.screen);
   const char *v = std::getenv("CLAMPLER_VALIDATION");
   const bool validation = v && *v && std::string(v) != "0";
   return open_device_session(o.device, caps, validation, screens, error);
}

void print_piglit_subtests(const std::vector<test_case> &cases) {
   std::string list;
   for (const test_case &c : cases)
      list += (list.empty() ? "" : ", ") + ojson(piglit_subtest_of(c.name)).dump();
   std::cout << "PIGLIT: {\"enumerate subtests\": [" << list << "]}" << std::endl;
}

// Runs every case on `jobs` threads; a failure listed in `xfails` becomes an expected failure.
std::vector<case_result> run_cases(const options &o, const std::vector<test_case> &cases, device_session &session,
                                   const std::vector<expected_fail> &xfails, unsigned jobs) {
   const std::string device = session.device_name();
   std::map<std::string, case_runner> runners;
   for (const test_case &c : cases)
      if (!runners.count(c.screen))
         runners[c.screen] = session.runner_for(c.screen);

   std::vector<case_result> results(cases.size());
   progress bar(cases.size(), !o.piglit && isatty(2), o.piglit);
   std::atomic<size_t> next{0};
   std::mutex out_mutex;
   auto worker = [&]() {
      for (size_t i; (i = next.fetch_add(1)) < cases.size();) {
         case_result r = run_case(cases[i], runners.at(cases[i].screen));
         if (r.st == status::fail) {  // a crash is never an expected failure
            const std::string why = expected_fail_reason(xfails, device, r.name);
            if (!why.empty()) {
               r.st = status::xfail;
               r.message = "expected failure (" + why + "): " + r.message;
            }
         }
         if (o.piglit) {
            std::lock_guard<std::mutex> lock(out_mutex);
            if (r.st != status::pass)
               std::cout << status_name(r.st) << ": " << r.name << ": " << r.message << "\n" << r.details;
            std::cout << "PIGLIT: {\"subtest\": {" << ojson(piglit_subtest_of(r.name)).dump() << ": \""
                      << (r.st == status::xfail ? "warn" : status_name(r.st)) << "\"}}" << std::endl;
         }
         bar.done(r);
         results[i] = std::move(r);
      }
   };
   std::vector<std::thread> threads;
   for (unsigned j = 1; j < jobs; ++j)
      threads.emplace_back(worker);
   worker();
   for (auto &t : threads)
      t.join();
   return results;
}

// The first 20 failures (the first one in full) and how to reproduce one.
void print_failures(std::ostream &out, const std::vector<case_result> &results) {
   size_t shown = 0, failing = 0;
   for (const case_result &r : results) {
      if (r.st != status::fail && r.st != status::crash)
         continue;
      ++failing;
      if (shown++ >= 20)
         continue;
      out << "\n" << status_name(r.st) << ": " << r.name << "\n" << r.message << "\n";
      // The first failure in full: its scenario and the pipe / Vulkan state used.
      if (shown == 1 && !r.details.empty())
         out << r.details;
   }
   if (failing > 20)
      out << "\n(" << failing - 20 << " more failures: see --results DIR)\n";
   if (failing > 0)
      out << "\nreproduce one: clampler conformance --print-scenario NAME > s.json && clampler sample s.json\n";
   out << "\n";
}

// piglit's verdict for the whole run: fail over warn (expected failures) over pass over skip.
const char *piglit_verdict(const std::vector<case_result> &results) {
   status worst = status::skip;
   for (const case_result &r : results)
      if (r.st == status::crash || r.st == status::fail)
         worst = status::fail;
      else if (r.st == status::xfail && worst != status::fail)
         worst = status::xfail;
      else if (r.st == status::pass && worst == status::skip)
         worst = status::pass;
   return worst == status::xfail ? "warn" : status_name(worst);
}

}  // namespace

int conformance_main(int argc, char **argv) {
   options o;
   if (const int rc = parse(argc, argv, &o); rc >= 0)
      return rc;
   if (!o.gallery.empty())
      return forward_to_gallery(o, argv[0]);
   std::vector<test_case> all = build_matrix();
   if (const int rc = matrix_only_modes(o, all, argv[0]); rc >= 0)
      return rc;
   std::vector<test_case> cases;
   if (!select_cases(o, std::move(all), &cases))
      return cli::kUsageError;
   if (o.list) {
      for (const test_case &c : cases)
         std::cout << c.name << "\n";
      return 0;
   }
   if (cases.empty()) {
      std::cerr << "clampler conformance: no case matches --filter '" << o.filter << "'\n";
      if (o.piglit)
         print_piglit_result("skip");
      return o.piglit ? 0 : 1;
   }
   std::vector<expected_fail> xfails;
   if (!load_expected_fails(o, &xfails))
      return cli::kUsageError;
   std::string caps, error;
   if (!o.caps_file.empty() && !read_file(o.caps_file, &caps)) {
      std::cerr << "clampler conformance: cannot open " << o.caps_file << "\n";
      return cli::kUsageError;
   }
   const std::unique_ptr<device_session> session = open_session(o, cases, caps, &error);
   if (!session) {
      std::cerr << "clampler conformance: " << error << "\n";
      if (!o.piglit)
         return 1;
      const char *req = std::getenv("CLAMPLER_REQUIRE_DEVICE");
      std::cout << "clampler conformance: no device: " << error << "\n";
      print_piglit_result(req && std::string(req) == "1" ? "fail" : "skip");
      return 0;
   }
   const std::string device = session->device_name();
   if (o.piglit)
      print_piglit_subtests(cases);

   const unsigned jobs = std::min<unsigned>(o.jobs, static_cast<unsigned>(cases.size()));
   const double start = now_seconds();
   const auto t0 = std::chrono::steady_clock::now();
   const std::vector<case_result> results = run_cases(o, cases, *session, xfails, jobs);
   const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
   const double end = now_seconds();

   std::ostream &out = o.piglit ? std::cerr : std::cout;
   if (!o.piglit)
      print_failures(out, results);
   out << summary_table(results);
   for (const std::string &u : unused_expected_fails(xfails, device, results))
      out << "note: expected-fail entry never failed in this run: " << u << "\n";
   size_t xfailed = 0;
   bool bad = false;
   for (const case_result &r : results) {
      bad |= r.st == status::fail || r.st == status::crash;
      xfailed += r.st == status::xfail;
   }
   char line[200];
   std::snprintf(line, sizeof line, "%zu cases on %s in %.1f s with %u jobs%s\n", results.size(), device.c_str(), wall,
                 jobs, xfailed ? " (expected failures: see the xfail column)" : "");
   out << line;
   if (!o.results_dir.empty()) {
      write_reports(o, results, cases, device, start, end);
      out << "results: " << o.results_dir << "/results.json (piglit summary html OUT " << o.results_dir << "), "
          << o.results_dir << "/junit.xml\n";
   }
   if (o.piglit) {
      print_piglit_result(piglit_verdict(results));
      return 0;
   }
   return bad ? 1 : 0;
}

}  // namespace clampler::conformance
