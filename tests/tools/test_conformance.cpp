// clampler conformance: case naming, filters, comparison, statuses, expected failures and the report formats.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include "clampler/tools/conformance.h"
#include "clampler/tools/explain.h"
#include "clampler/tools/query.h"
#include "clampler/tools/raster_case.h"
#include "clampler/tools/sample.h"

using namespace clampler;
using namespace clampler::conformance;

#include "run_command.h"

namespace {

const std::vector<test_case> &matrix() {
   static const std::vector<test_case> m = build_matrix();
   return m;
}

const test_case &find_case(const std::string &name) {
   for (const test_case &c : matrix())
      if (c.name == name)
         return c;
   throw std::runtime_error("no case " + name);
}

// The reference on both sides, with `got` perturbed by `delta` on the red of lookup `which`.
case_runner perturbed_runner(double delta, size_t which) {
   case_runner r;
   r.expected = [](const std::string &t) { return sample_scenario_reference(t); };
   r.got = [delta, which](const std::string &t) {
      ojson out = sample_scenario_reference(t);
      out["results"][which][0] = out["results"][which][0].get<double>() + delta;
      return out;
   };
   return r;
}

using clampler::test::cmd_result;
cmd_result run(const std::string &cmd) { return clampler::test::run_command(cmd); }

std::string clampler_bin() {
   const char *b = std::getenv("CLAMPLER_BIN");
   return b ? b : "clampler";
}

bool have_python() { return std::filesystem::exists("/usr/bin/python3"); }

std::string temp_dir(const std::string &name) {
   const auto d = std::filesystem::temp_directory_path() / ("clampler-conformance-" + name + "-" + std::to_string(getpid()));
   std::filesystem::remove_all(d);
   std::filesystem::create_directories(d);
   return d.string();
}

}  // namespace

TEST(ConformanceMatrix, NamesAreUniquePiglitStylePathsWithTheIssuesExample) {
   std::set<std::string> names;
   for (const test_case &c : matrix()) {
      EXPECT_EQ(c.name.rfind("clampler/", 0), 0u) << c.name;
      EXPECT_TRUE(names.insert(c.name).second) << "duplicate " << c.name;
      EXPECT_EQ(c.name.find(' '), std::string::npos) << c.name;
      EXPECT_EQ(piglit_test_of(c.name) + "/" + piglit_subtest_of(c.name), c.name);
   }
   EXPECT_TRUE(names.count("clampler/texwrap/2d/GL_RGBA8/GL_CLAMP/linear"));
   EXPECT_GT(matrix().size(), 2000u);
}

TEST(ConformanceMatrix, EveryGroupOfTheIssueIsPresent) {
   std::set<std::string> groups;
   for (const test_case &c : matrix())
      groups.insert(group_of(c.name));
   for (const char *g : {"texwrap", "border", "shadow", "lod", "cube", "aniso", "reduction", "srgb", "integer", "stencil",
                         "rect", "query", "fallback/no-custom-border", "fallback/small-budgets", "fallback/no-linear-depth"})
      EXPECT_TRUE(groups.count(g)) << g;
}

TEST(ConformanceMatrix, FallbackCasesNameTheirScreen) {
   size_t n = 0;
   for (const test_case &c : matrix()) {
      if (c.screen.empty())
         continue;
      ++n;
      EXPECT_EQ(c.name.rfind("clampler/fallback/" + c.screen + "/", 0), 0u) << c.name;
   }
   EXPECT_GT(n, 100u);
}

TEST(ConformanceMatrix, TheReferenceRunsEveryCase) {
   // The matrix is made of valid scenarios: the reference sampler accepts every sampling case,
   // GL's query model every query case, the reference rasterizer every raster case.
   for (const test_case &c : matrix()) {
      if (c.query)
         ASSERT_NO_THROW(query_scenario(c.scenario.dump(), txq_language::gl)) << c.name;
      else if (c.raster)
         ASSERT_NO_THROW(raster_case_reference(c.scenario.dump(), true)) << c.name;
      else
         ASSERT_NO_THROW(sample_scenario_reference(c.scenario.dump())) << c.name;
   }
}

TEST(ConformanceMatrix, QueryCasesAnswerEveryQueryTheyName) {
   size_t n = 0;
   for (const test_case &c : matrix()) {
      if (!c.query)
         continue;
      ++n;
      const ojson results = query_gl_results(query_scenario(c.scenario.dump(), txq_language::gl));
      EXPECT_EQ(results.size(), c.scenario["lookups"].size()) << c.name;
   }
   EXPECT_EQ(n, 224u);
}

TEST(ConformanceMatrix, RasterCasesProbeCoveredAndUncoveredPixels) {
   // Every raster case checks something: the reference draws at least one of its pixels, and
   // the group as a whole also probes pixels left clear (culled or clipped).
   size_t n = 0, clear = 0;
   for (const test_case &c : matrix()) {
      if (!c.raster || c.screen != "")
         continue;
      ++n;
      const ojson results = raster_case_reference(c.scenario.dump(), true)["results"];
      ASSERT_EQ(results.size(), c.scenario["lookups"].size()) << c.name;
      bool any = false;
      for (const ojson &p : results) {
         const bool drawn = p[3].get<double>() != 1.0 || p[1].get<double>() != 0.0 || p[0].get<double>() != 0.0;
         any = any || drawn;
         clear += !drawn;
      }
      // Only clipping and culling both faces may leave every probed pixel clear.
      EXPECT_TRUE(any || c.name.find("/depth/") != std::string::npos ||
                  c.name.find("/cull/GL_FRONT_AND_BACK/") != std::string::npos)
         << c.name << ": no probed pixel is drawn";
   }
   EXPECT_EQ(n, 210u);
   EXPECT_GT(clear, 20u);
}

TEST(ConformanceMatrix, CoverageCasesProbePartlyCoveredPixelsAndCarryAlpha) {
   // The smooth-line coverage cases (a "coverage_tolerance"): five components per pixel, alpha
   // last, and every case probes pixels the reference gives a coverage strictly between 0 and 1.
   size_t n = 0;
   for (const test_case &c : matrix()) {
      if (!c.raster || c.screen != "" || !c.scenario.contains("coverage_tolerance"))
         continue;
      ++n;
      EXPECT_GE(c.tol.coverage, 0.0) << c.name;
      const ojson results = raster_case_reference(c.scenario.dump(), true)["results"];
      size_t partial = 0;
      for (const ojson &p : results) {
         ASSERT_EQ(p.size(), 5u) << c.name;
         partial += p[4].get<double>() > 0.0 && p[4].get<double>() < 1.0;
      }
      EXPECT_GT(partial, 20u) << c.name;
   }
   EXPECT_EQ(n, 5u);
}

TEST(ConformanceNames, PrefixRegexMatchesOneTestOnly) {
   const std::regex re(prefix_regex("clampler/texwrap/2d/GL_RGBA8"));
   EXPECT_TRUE(std::regex_search("clampler/texwrap/2d/GL_RGBA8/GL_CLAMP/linear", re));
   EXPECT_FALSE(std::regex_search("clampler/texwrap/2d/GL_RGBA8_SNORM/GL_CLAMP/linear", re));
   EXPECT_FALSE(std::regex_search("x/clampler/texwrap/2d/GL_RGBA8/GL_CLAMP/linear", re));
   EXPECT_EQ(piglit_name("clampler/texwrap/2d"), "clampler@texwrap@2d");
   EXPECT_EQ(group_of("clampler/fallback/no-custom-border/border/2d/GL_RGBA8/custom/x"), "fallback/no-custom-border");
   EXPECT_EQ(group_of("clampler/lod/2d/GL_RGBA8/bias+1/GL_LINEAR-GL_LINEAR"), "lod");
}

TEST(ConformanceCompare, IdenticalResultsHaveNoDifferences) {
   const ojson e = ojson::parse("[[0.5, 0.25, 0, 1], [1, 2, 3, 4]]");
   EXPECT_TRUE(compare_results(ojson::array(), e, e, tolerance{1e-6, ""}).empty());
}

TEST(ConformanceCompare, ADifferenceBeyondTheToleranceIsReportedWithBothValues) {
   const ojson lookups = ojson::parse(R"([{"coord": [0.1, 0.2]}, {"coord": [0.3, 0.4]}])");
   const ojson e = ojson::parse("[[0.5, 0.25, 0.0, 1.0], [0.1, 0.1, 0.1, 1.0]]");
   const ojson g = ojson::parse("[[0.5, 0.25, 0.0, 1.0], [0.1, 0.13, 0.1, 1.0]]");
   const auto d = compare_results(lookups, e, g, tolerance{0.01, ""});
   ASSERT_EQ(d.size(), 1u);
   EXPECT_EQ(d[0].index, 1u);
   EXPECT_EQ(d[0].lookup, lookups[1]);
   EXPECT_EQ(d[0].expected, e[1]);
   EXPECT_EQ(d[0].got, g[1]);
   EXPECT_NEAR(d[0].error, 0.03, 1e-12);
   EXPECT_TRUE(compare_results(lookups, e, g, tolerance{0.05, ""}).empty());
}

TEST(ConformanceCompare, IntegersAreExactAndShapesMustMatch) {
   const ojson e = ojson::parse("[[1, 2, 3, 4]]");
   EXPECT_EQ(compare_results(ojson(), e, ojson::parse("[[1, 2, 3, 5]]"), tolerance{10.0, ""}).size(), 1u);
   EXPECT_EQ(compare_results(ojson(), e, ojson::parse("[]"), tolerance{0.0, ""}).size(), 1u);
   EXPECT_EQ(compare_results(ojson(), e, ojson::parse("[[1, 2, 3]]"), tolerance{0.0, ""}).size(), 1u);
   EXPECT_EQ(compare_results(ojson(), ojson::parse("[[\"nan\", 0, 0, 1]]"), ojson::parse("[[0.0, 0, 0, 1]]"),
                             tolerance{1.0, ""}).size(),
             1u);
   EXPECT_TRUE(compare_results(ojson(), ojson::parse("[[\"inf\", 0, 0, 1]]"), ojson::parse("[[\"inf\", 0, 0, 1]]"),
                               tolerance{0.0, ""}).empty());
}

TEST(ConformanceCompare, WithACoverageToleranceTheFifthComponentIsAlphaWithinIt) {
   const ojson e = ojson::parse("[[0.5, 1.0, 0.0, 0.625, 0.8]]");
   tolerance t{0.0, ""};
   t.coverage = 0.1;
   EXPECT_TRUE(compare_results(ojson(), e, ojson::parse("[[0.5, 1.0, 0.0, 0.625, 0.88]]"), t).empty());
   EXPECT_EQ(compare_results(ojson(), e, ojson::parse("[[0.5, 1.0, 0.0, 0.625, 0.95]]"), t).size(), 1u)
      << "alpha beyond the coverage tolerance";
   EXPECT_EQ(compare_results(ojson(), e, ojson::parse("[[0.51, 1.0, 0.0, 0.625, 0.8]]"), t).size(), 1u)
      << "colour keeps its own tolerance";
   EXPECT_EQ(compare_results(ojson(), e, ojson::parse("[[0.5, 1.0, 0.0, 0.625]]"), t).size(), 1u)
      << "a result without alpha";
   EXPECT_EQ(compare_results(ojson(), e, e, tolerance{1.0, ""}).size(), 1u) << "five components without a coverage tolerance";
}

TEST(ConformanceRun, ADeviceResultOffTheReferenceFailsWithExpectedAndGot) {
   const test_case &c = find_case("clampler/texwrap/2d/GL_RGBA8/GL_CLAMP/linear");
   const case_result r = run_case(c, perturbed_runner(0.25, 3));
   EXPECT_EQ(r.st, status::fail);
   EXPECT_NE(r.message.find("1 of"), std::string::npos) << r.message;
   EXPECT_NE(r.message.find("lookups[3]"), std::string::npos) << r.message;
   EXPECT_NE(r.message.find("expected"), std::string::npos);
   EXPECT_NE(r.message.find("got"), std::string::npos);
   EXPECT_NE(r.details.find("\"lookups\""), std::string::npos) << "the scenario comes with a failure";
}

TEST(ConformanceRun, WithinToleranceIsAPass) {
   const test_case &c = find_case("clampler/texwrap/2d/GL_RGBA8/GL_CLAMP/linear");
   EXPECT_EQ(run_case(c, perturbed_runner(c.tol.abs / 2, 0)).st, status::pass);
   EXPECT_EQ(run_case(c, perturbed_runner(0.0, 0)).st, status::pass);
}

TEST(ConformanceRun, DeviceRefusalIsASkipWithItsReasonAndOtherErrorsACrash) {
   const test_case &c = find_case("clampler/texwrap/2d/GL_RGBA8/GL_REPEAT/nearest");
   case_runner r = perturbed_runner(0.0, 0);
   r.got = [](const std::string &) -> ojson { throw scenario_error("texture.internal_format: not uploadable yet"); };
   const case_result s = run_case(c, r);
   EXPECT_EQ(s.st, status::skip);
   EXPECT_NE(s.message.find("not uploadable yet"), std::string::npos);
   r.got = [](const std::string &) -> ojson { throw std::runtime_error("device lost"); };
   EXPECT_EQ(run_case(c, r).st, status::crash);
   r.got = [](const std::string &t) { return sample_scenario_reference(t); };
   r.validation_poll = [] { return std::string("VUID-something"); };
   EXPECT_EQ(run_case(c, r).st, status::fail) << "a validation message fails the case";
}

TEST(ConformanceRun, TheReferenceScenarioOfAFallbackCaseIsUsedForTheExpectedSide) {
   // no-custom-border: the expected side reads the nearest built-in colour.
   const test_case *c = nullptr;
   for (const test_case &t : matrix())
      if (!t.expected_scenario.is_null())
         c = &t;
   ASSERT_NE(c, nullptr);
   case_runner r;
   r.expected = [](const std::string &t) { return sample_scenario_reference(t); };
   r.got = r.expected;  // the reference with the app's colour: differs at border lookups
   EXPECT_EQ(run_case(*c, r).st, status::fail);
}

TEST(ConformanceExpectedFail, ParsedAndMatchedByDeviceAndName) {
   std::string error;
   const auto list = parse_expected_fails("# comment\n\nllvmpipe  ^clampler/cube/.*REPEAT  lavapipe bug: x\n"
                                          "*  ^clampler/lod/  any device\n",
                                          &error);
   ASSERT_TRUE(error.empty()) << error;
   ASSERT_EQ(list.size(), 2u);
   EXPECT_EQ(expected_fail_reason(list, "llvmpipe (LLVM 15)", "clampler/cube/cube/GL_RGBA8/non-seamless/GL_REPEAT-linear"),
             "lavapipe bug: x");
   EXPECT_EQ(expected_fail_reason(list, "AMD RADV", "clampler/cube/cube/GL_RGBA8/non-seamless/GL_REPEAT-linear"), "");
   EXPECT_EQ(expected_fail_reason(list, "AMD RADV", "clampler/lod/2d/x/y"), "any device");
   parse_expected_fails("llvmpipe ^x\n", &error);
   EXPECT_NE(error.find("line 1"), std::string::npos) << "an entry without a reason is refused";
}

TEST(ConformanceExpectedFail, EntriesWhoseCasesAllPassAreReportedAsUnused) {
   std::string error;
   const auto list = parse_expected_fails("llvmpipe  ^clampler/cube/  a\n"
                                          "llvmpipe  ^clampler/lod/  b\n"
                                          "llvmpipe  ^clampler/rect/  c\n"
                                          "nvidia  ^clampler/texwrap/  d\n",
                                          &error);
   ASSERT_EQ(list.size(), 4u) << error;
   const std::vector<case_result> rs = {{"clampler/cube/x", "", status::xfail, "", "", 0.0},
                                        {"clampler/cube/y", "", status::pass, "", "", 0.0},
                                        {"clampler/lod/z", "", status::pass, "", "", 0.0},
                                        {"clampler/texwrap/w", "", status::pass, "", "", 0.0}};
   const auto unused = unused_expected_fails(list, "llvmpipe (LLVM 15)", rs);
   // cube failed once (used); lod matched and passed (unused); rect matched nothing this run;
   // texwrap's entry is for another device.
   ASSERT_EQ(unused.size(), 1u);
   EXPECT_EQ(unused[0].rfind("^clampler/lod/", 0), 0u) << unused[0];
}

TEST(ConformanceExpectedFail, TheShippedListParses) {
   std::ifstream f(std::string(std::getenv("CLAMPLER_SOURCE") ? std::getenv("CLAMPLER_SOURCE") : ".") +
                   "/conformance/expected-fail.txt");
   ASSERT_TRUE(f) << "conformance/expected-fail.txt";
   std::stringstream ss;
   ss << f.rdbuf();
   std::string error;
   const auto list = parse_expected_fails(ss.str(), &error);
   EXPECT_TRUE(error.empty()) << error;
   EXPECT_FALSE(list.empty());
}

TEST(ConformanceReport, CountsPerGroupAndTheSummaryTable) {
   std::vector<case_result> rs(5);
   rs[0] = {"clampler/texwrap/2d/A/B/c", "", status::pass, "", "", 0.1};
   rs[1] = {"clampler/texwrap/2d/A/B/d", "", status::fail, "x", "", 0.1};
   rs[2] = {"clampler/border/2d/A/B/c", "", status::skip, "why", "", 0.1};
   rs[3] = {"clampler/fallback/s/border/2d/A/B/c", "s", status::xfail, "known", "", 0.1};
   rs[4] = {"clampler/texwrap/2d/A/C/c", "", status::crash, "boom", "", 0.1};
   const auto g = count_by_group(rs);
   ASSERT_EQ(g.size(), 3u);
   EXPECT_EQ(g[0].group, "texwrap");
   EXPECT_EQ(g[0].pass, 1u);
   EXPECT_EQ(g[0].fail, 1u);
   EXPECT_EQ(g[0].crash, 1u);
   EXPECT_EQ(g[1].skip, 1u);
   EXPECT_EQ(g[2].group, "fallback/s");
   EXPECT_EQ(g[2].xfail, 1u);
   const std::string t = summary_table(rs);
   EXPECT_NE(t.find("texwrap"), std::string::npos);
   EXPECT_NE(t.find("total"), std::string::npos);
}

TEST(ConformanceReport, PiglitResultsHaveVersion10AndSubtestsPerTest) {
   std::vector<case_result> rs = {{"clampler/texwrap/2d/GL_RGBA8/GL_CLAMP/linear", "", status::pass, "", "", 0.5},
                                  {"clampler/texwrap/2d/GL_RGBA8/GL_CLAMP/nearest", "", status::fail, "bad", "s", 0.5}};
   const ojson j = piglit_results_json(rs, "dev", 1.0, 2.0);
   EXPECT_EQ(j["results_version"], 10);
   EXPECT_EQ(j["__type__"], "TestrunResult");
   // Keyed as piglit keys its own results: lowercase.
   const ojson &t = j["tests"]["clampler@texwrap@2d@gl_rgba8"];
   EXPECT_EQ(t["result"], "fail");
   EXPECT_EQ(t["subtests"]["gl_clamp/linear"], "pass");
   EXPECT_EQ(t["subtests"]["gl_clamp/nearest"], "fail");
   EXPECT_NE(t["out"].get<std::string>().find("bad"), std::string::npos);
}

TEST(ConformanceReport, JUnitAndTheTestListAreWellFormed) {
   if (!have_python())
      GTEST_SKIP() << "/usr/bin/python3 is needed to parse the XML";
   std::vector<case_result> rs = {{"clampler/texwrap/2d/GL_RGBA8/GL_CLAMP/linear", "", status::pass, "", "", 0.5},
                                  {"clampler/border/2d/GL_RGBA8/x&y/<z>", "", status::fail, "a \"quote\" & <tag>", "d\x01", 0.5},
                                  {"clampler/border/2d/GL_RGBA8/s/t", "", status::skip, "why", "", 0.5}};
   const std::string dir = temp_dir("xml");
   std::ofstream(dir + "/junit.xml") << junit_xml(rs, "dev");
   std::vector<test_case> cases(2);
   cases[0].name = "clampler/texwrap/2d/GL_RGBA8/GL_CLAMP/linear";
   cases[1].name = "clampler/lod/2d/GL_RGBA8/bias+1/GL_LINEAR-GL_LINEAR";
   std::string error;
   ASSERT_TRUE(write_gzip(dir + "/list.xml.gz", piglit_test_list_xml(cases, "/abs/clampler"), &error)) << error;
   const cmd_result r = run("/usr/bin/python3 -c \"\nimport ast, gzip, xml.etree.ElementTree as ET\n"
                            "j = ET.parse('" + dir + "/junit.xml').getroot()\n"
                            "print('cases', len(list(j.iter('testcase'))), 'failures', len(list(j.iter('failure'))), "
                            "'skipped', len(list(j.iter('skipped'))))\n"
                            "l = ET.fromstring(gzip.open('" + dir + "/list.xml.gz').read())\n"
                            "tests = l.findall('Test')\n"
                            "print('tests', len(tests), l.get('count'))\n"
                            "for t in tests:\n"
                            "    cmd = ast.literal_eval(t.find('option').get('value'))\n"
                            "    print(t.get('name'), cmd[0], cmd[-1])\n\"");
   EXPECT_EQ(r.status, 0) << r.out;
   EXPECT_NE(r.out.find("cases 3 failures 1 skipped 1"), std::string::npos) << r.out;
   EXPECT_NE(r.out.find("tests 2 2"), std::string::npos) << r.out;
   EXPECT_NE(r.out.find("clampler@lod@2d@GL_RGBA8 /abs/clampler ^clampler/lod/2d/GL_RGBA8/"), std::string::npos) << r.out;
   std::filesystem::remove_all(dir);
}

TEST(ConformanceCli, SelfCheckRunsTheFilteredMatrixAndWritesReports) {
   const std::string dir = temp_dir("cli");
   const cmd_result r = run(clampler_bin() + " conformance --self-check --jobs 2 --filter '^clampler/texwrap/2d/GL_RGBA8/'"
                            " --results " + dir);
   EXPECT_EQ(r.status, 0) << r.out;
   EXPECT_NE(r.out.find("24 cases on reference"), std::string::npos) << r.out;
   EXPECT_TRUE(std::filesystem::exists(dir + "/results.json"));
   EXPECT_TRUE(std::filesystem::exists(dir + "/junit.xml"));
   std::filesystem::remove_all(dir);
}

TEST(ConformanceCli, PiglitModePrintsTheProtocolAndIgnoresAutoAndFbo) {
   const cmd_result r = run(clampler_bin() + " conformance --self-check --piglit --filter '^clampler/rect/rect/GL_RGBA8/' -auto -fbo");
   EXPECT_EQ(r.status, 0) << r.out;
   EXPECT_NE(r.out.find("PIGLIT: {\"enumerate subtests\": [\"GL_CLAMP/nearest\""), std::string::npos) << r.out;
   EXPECT_NE(r.out.find("PIGLIT: {\"subtest\": {\"GL_CLAMP/linear\": \"pass\"}}"), std::string::npos) << r.out;
   EXPECT_NE(r.out.find("PIGLIT: {\"result\": \"pass\"}"), std::string::npos) << r.out;
}

TEST(ConformanceCli, UsageErrorsAndListing) {
   EXPECT_EQ(run(clampler_bin() + " conformance --filter '('").status, 2);
   EXPECT_EQ(run(clampler_bin() + " conformance --jobs 0").status, 2);
   EXPECT_EQ(run(clampler_bin() + " conformance --frobnicate").status, 2);
   const cmd_result l = run(clampler_bin() + " conformance --list --filter '^clampler/texwrap/2d/GL_RGBA8/GL_CLAMP/'");
   EXPECT_EQ(l.status, 0);
   EXPECT_EQ(l.out, "clampler/texwrap/2d/GL_RGBA8/GL_CLAMP/nearest\nclampler/texwrap/2d/GL_RGBA8/GL_CLAMP/linear\n"
                    "clampler/texwrap/2d/GL_RGBA8/GL_CLAMP/mixed\n");
   const cmd_result s = run(clampler_bin() + " conformance --print-scenario clampler/texwrap/2d/GL_RGBA8/GL_CLAMP/linear");
   EXPECT_EQ(s.status, 0);
   EXPECT_NO_THROW(sample_scenario_reference(s.out)) << "a printed case is a scenario `clampler sample` reads";
}

TEST(GalleryCli, WritesAPngFile) {
   const std::string dir = temp_dir("gallery");
   const cmd_result r = run(clampler_bin() + " gallery --self-check " + dir + "/g.png");
   ASSERT_EQ(r.status, 0) << r.out;
   std::ifstream f(dir + "/g.png", std::ios::binary);
   char sig[8] = {};
   f.read(sig, 8);
   EXPECT_EQ(std::string(sig, 8), std::string("\x89PNG\r\n\x1a\n", 8));
   EXPECT_NE(r.out.find("16 wrap/filter cells"), std::string::npos) << r.out;
   EXPECT_EQ(run(clampler_bin() + " gallery").status, 2);
   std::filesystem::remove_all(dir);
}
