// clampler conformance: a piglit-style matrix of sampler cases, each run on the device and by the reference sampler.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace clampler::conformance {

using ojson = nlohmann::ordered_json;

// How far a device result may lie from the reference (docs/conformance.md, "Tolerances").
// Integer results are always compared exactly.
struct tolerance {
   double abs = 0.0;  // per component, absolute
   std::string why;   // one line: where the figure comes from
   // Raster cases with "coverage_tolerance": each result's fifth component, alpha, within this
   // (GL's coverage of a smooth line's partly covered pixel); negative: results have four.
   double coverage = -1.0;
};

// One case: a scenario document (docs/scenario.md, with texel data and lookups) that
// `clampler sample` can read as it is, run on one screen.
struct test_case {
   std::string name;    // piglit-style: clampler/texwrap/2d/GL_RGBA8/GL_CLAMP/linear
   std::string screen;  // "" = the device as it is; else a fallback_screen name
   tolerance tol;
   ojson scenario;
   // The scenario the reference runs, when a documented fallback changes what the device can
   // do (no custom border colours: the nearest built-in colour); null = `scenario`.
   ojson expected_scenario;
   // Anisotropic filtering: GL leaves the footprint to the implementation, so each result is
   // checked against the reference's bounds (ref_aniso.h) instead of one value.
   bool aniso_bounds = false;
   // A query case (group query): the scenario is `clampler query`'s, its "lookups" name the
   // queries, and the results are integer vectors (query_gl_results / query_device_results).
   bool query = false;
   // A raster case (group raster): the scenario is a raster case (include/clampler/tools/raster_case.h),
   // its "lookups" are pixels, and the results are [r, g, b, depth] per pixel.
   bool raster = false;
};

// A simulated device: the real one under a capability override (docs/zink.md).
struct fallback_screen {
   std::string name;           // "no-custom-border"
   std::string override_json;  // zink_screen_options::caps_override
   bool serial = false;        // its cases run one at a time (budgets shared between threads)
   std::string why;
};
const std::vector<fallback_screen> &fallback_screens();

// The built-in matrix, in a fixed order; it does not depend on the device.
std::vector<test_case> build_matrix();
// The group a case is counted in: "texwrap", "border", ..., "fallback/no-custom-border".
std::string group_of(const std::string &case_name);
// The piglit test a case belongs to (its name without the last two components) and the
// subtest name within it (those two components).
std::string piglit_test_of(const std::string &case_name);
std::string piglit_subtest_of(const std::string &case_name);
// "clampler/texwrap/2d" -> "clampler@texwrap@2d" (piglit's group separator).
std::string piglit_name(const std::string &slash_name);
// A regular expression that matches exactly the cases whose name starts with `prefix`.
std::string prefix_regex(const std::string &prefix);

// One lookup whose device result lies outside the tolerance.
struct lookup_diff {
   size_t index = 0;
   ojson lookup;    // the scenario's lookups[index]
   ojson expected;  // reference RGBA
   ojson got;       // device RGBA
   double error = 0.0;  // largest component difference (inf for integer/shape mismatches)
};
// Compares the "results" arrays of two sample outputs component by component.
std::vector<lookup_diff> compare_results(const ojson &lookups, const ojson &expected, const ojson &got,
                                         const tolerance &tol);

enum class status { pass, fail, skip, crash, xfail };
const char *status_name(status s);  // "pass", "fail", "skip", "crash", "expected-fail"

struct case_result {
   std::string name;
   std::string screen;
   status st = status::crash;
   std::string message;  // skip reason, failure summary (lookups expected vs got), crash text
   std::string details;  // on failure: the scenario and the pipe / Vulkan state used
   double seconds = 0.0;
};

// Sampling entry points: scenario text -> sample output (with "results"). The expected
// side is the reference sampler; the device side throws scenario_error for cases the layer
// refuses on this device (those become skips).
using sample_fn = std::function<ojson(const std::string &text)>;
struct case_runner {
   sample_fn expected;                       // reference, given the screen's caps
   sample_fn got;                            // the device (or, for --self-check, the reference)
   std::function<std::string(const std::string &text)> explain;  // state for failure details; may be empty
   std::function<std::string()> validation_poll;  // new validation messages since the last call; may be empty
   bool serial = false;
   // Query cases: GL's answers and the session's (scenario text -> {"results": [...]}); empty
   // where the session runs no queries (its query cases are skipped with the reason).
   sample_fn query_expected;
   sample_fn query_got;
   std::string no_query_reason;
   // Raster cases: the reference rasterizer and the session's draw; empty where the session draws
   // none (skipped with the reason).
   sample_fn raster_expected;
   sample_fn raster_got;
   std::string no_raster_reason;
};
// Runs one case; never throws.
case_result run_case(const test_case &c, const case_runner &runner);

// Expected failures: lines `DEVICE-SUBSTRING  NAME-REGEX  reason…` ('*' for any device; '#' comments).
struct expected_fail {
   std::string device;
   std::string pattern;
   std::string reason;
};
std::vector<expected_fail> parse_expected_fails(const std::string &text, std::string *error);
// The reason a failing case is expected to fail on `device`, or empty.
std::string expected_fail_reason(const std::vector<expected_fail> &list, const std::string &device,
                                 const std::string &case_name);
// Entries for `device` that matched cases of this run none of which failed: stale or broader
// than their reason. One line each: the pattern and how many of its cases passed.
std::vector<std::string> unused_expected_fails(const std::vector<expected_fail> &list, const std::string &device,
                                               const std::vector<case_result> &results);

// Reports.
struct group_counts {
   std::string group;
   size_t pass = 0, fail = 0, skip = 0, crash = 0, xfail = 0;
};
std::vector<group_counts> count_by_group(const std::vector<case_result> &results);
std::string summary_table(const std::vector<case_result> &results);
// piglit's results.json (results_version 10): `piglit summary console|html DIR` reads it.
ojson piglit_results_json(const std::vector<case_result> &results, const std::string &device, double start,
                          double end);
std::string junit_xml(const std::vector<case_result> &results, const std::string &device);
// The piglit test list: one <Test type="gl"> per piglit test, command = `exe conformance --piglit --filter …`.
std::string piglit_test_list_xml(const std::vector<test_case> &cases, const std::string &exe);
// Writes `data` gzip-compressed (piglit reads test lists with gzip.open).
bool write_gzip(const std::string &path, const std::string &data, std::string *error);

// The CLI: `clampler conformance …` and `clampler gallery …` (argv[1] is the subcommand).
int conformance_main(int argc, char **argv);
int gallery_main(int argc, char **argv);

}  // namespace clampler::conformance
