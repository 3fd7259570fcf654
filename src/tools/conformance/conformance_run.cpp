// Running one conformance case: reference and device outputs compared, device refusals as skips, failures explained.
#include <chrono>
#include <sstream>

#include "clampler/tools/conformance.h"
#include "clampler/tools/scenario_error.h"
#include "conformance_gen.h"

namespace clampler::conformance {
namespace {

std::string fmt_double(double v) {
   std::ostringstream s;
   s.precision(9);
   s << v;
   return s.str();
}

// Anisotropic cases: each device result inside the reference's footprint bounds.
std::vector<lookup_diff> compare_with_bounds(const test_case &c, const ojson &got) {
   std::vector<lookup_diff> diffs;
   const auto bounds = aniso_bounds(c.scenario);
   for (size_t i = 0; i < bounds.size(); ++i) {
      lookup_diff d;
      d.index = i;
      d.lookup = c.scenario["lookups"][i];
      d.got = got.is_array() && i < got.size() ? got[i] : ojson();
      ojson lo = ojson::array(), hi = ojson::array();
      for (int k = 0; k < 4; ++k) {
         lo.push_back(bounds[i].lo.f[k]);
         hi.push_back(bounds[i].hi.f[k]);
      }
      d.expected = {{"between", lo}, {"and", hi}};
      ref::texel v;
      bool ok = d.got.is_array() && d.got.size() == 4;
      for (int k = 0; ok && k < 4; ++k) {
         ok = d.got[k].is_number();
         if (ok)
            v.f[k] = d.got[k].get<double>();
      }
      if (!ok || !ref::ref_bounds_contain(bounds[i], v, c.tol.abs))
         diffs.push_back(std::move(d));
   }
   return diffs;
}

}  // namespace

const char *status_name(status s) {
   switch (s) {
   case status::pass: return "pass";
   case status::fail: return "fail";
   case status::skip: return "skip";
   case status::crash: return "crash";
   case status::xfail: return "expected-fail";
   }
   return "crash";
}

case_result run_case(const test_case &c, const case_runner &runner) {
   case_result r;
   r.name = c.name;
   r.screen = c.screen;
   const auto t0 = std::chrono::steady_clock::now();
   const std::string text = c.scenario.dump();
   const std::string expected_text = c.expected_scenario.is_null() ? text : c.expected_scenario.dump();
   ojson expected, got;
   if ((c.query && !runner.query_got) || (c.raster && !runner.raster_got)) {
      r.st = status::skip;
      const std::string &why = c.query ? runner.no_query_reason : runner.no_raster_reason;
      r.message = !why.empty() ? why : c.query ? "this session runs no query cases" : "this session draws no raster cases";
      r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      return r;
   }
   const sample_fn &expected_fn = c.query ? runner.query_expected : c.raster ? runner.raster_expected : runner.expected;
   const sample_fn &got_fn = c.query ? runner.query_got : c.raster ? runner.raster_got : runner.got;
   const char *what = c.query ? " queries" : c.raster ? " pixels" : " lookups";
   try {
      expected = expected_fn(expected_text);
   } catch (const std::exception &e) {
      // The reference must run every case of the matrix: a refusal is a bug of the matrix.
      r.st = status::crash;
      r.message = std::string(c.query    ? "GL's query model refused the case: "
                              : c.raster ? "the reference rasterizer refused the case: "
                                         : "the reference sampler refused the case: ") +
                  e.what();
   }
   if (r.message.empty()) {
      try {
         got = got_fn(text);
      } catch (const scenario_error &e) {
         r.st = status::skip;
         r.message = e.what();
      } catch (const std::exception &e) {
         r.st = status::crash;
         r.message = std::string("device: ") + e.what();
      }
      // Any validation message fails the case, whatever else happened (a skip included).
      const std::string v = runner.validation_poll ? runner.validation_poll() : std::string();
      if (!v.empty()) {
         if (r.message.empty() || r.st != status::crash)
            r.st = status::fail;
         r.message = "validation layer: " + v + r.message;
      }
   }
   std::vector<lookup_diff> diffs;
   if (r.message.empty()) {
      try {
         diffs = c.aniso_bounds ? compare_with_bounds(c, got["results"])
                                : compare_results(c.scenario["lookups"], expected["results"], got["results"], c.tol);
      } catch (const std::exception &e) {
         r.st = status::crash;
         r.message = std::string("comparing the results: ") + e.what();
      }
   }
   if (r.message.empty()) {
      if (diffs.empty()) {
         r.st = status::pass;
      } else {
         r.st = status::fail;
         std::ostringstream m;
         m << diffs.size() << " of " << c.scenario["lookups"].size() << what
           << " differ (tolerance " << fmt_double(c.tol.abs)
           << (c.tol.coverage >= 0.0 ? ", alpha " + fmt_double(c.tol.coverage) : std::string()) << ": " << c.tol.why
           << ")";
         size_t shown = 0;
         for (const lookup_diff &d : diffs) {
            if (++shown > 8) {
               m << "\n  ...";
               break;
            }
            m << "\n  lookups[" << d.index << "] " << d.lookup.dump() << ": expected " << d.expected.dump() << ", got "
              << d.got.dump();
         }
         r.message = m.str();
      }
   }
   if (r.st == status::fail) {
      std::ostringstream d;
      d << (c.query    ? "scenario (clampler query --device SCENARIO.json):\n"
            : c.raster ? "raster case (docs/rasterizer.md, \"Raster cases\"):\n"
                       : "scenario (clampler sample SCENARIO.json):\n")
        << c.scenario.dump() << "\n";
      if (!c.expected_scenario.is_null())
         d << "reference scenario:\n" << c.expected_scenario.dump() << "\n";
      if (runner.explain && !c.query && !c.raster) {
         try {
            d << "state used:\n" << runner.explain(text) << "\n";
         } catch (const std::exception &e) {
            d << "state used: unavailable (" << e.what() << ")\n";
         }
      }
      r.details = d.str();
   }
   r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
   return r;
}

}  // namespace clampler::conformance
