// fuzz_scenario: libFuzzer target — any bytes as a scenario through explain (the GL front end, the state tracker, the CSO key), query (txq) and the reference rasterizer.
//
// A scenario may be wrong in any way; explain must then throw scenario_error naming the key, and
// nothing else: any other exception, a crash or a sanitizer report is a finding.
#include <cstddef>
#include <cstdint>
#include <string>

#include "clampler/tools/explain.h"
#include "clampler/tools/query.h"
#include "clampler/tools/raster_case.h"
#include "clampler/tools/scenario_error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
   const std::string text(reinterpret_cast<const char *>(data), size);
   try {
      (void)clampler::explain_scenario(text);
   } catch (const clampler::scenario_error &) {
      // The clear error bad input gets.
   }
   // The same bytes as a query scenario: multisample and buffer storage, GL's level and
   // completeness rules, both vocabularies.
   for (const clampler::txq_language lang : {clampler::txq_language::gl, clampler::txq_language::opencl}) {
      try {
         const auto q = clampler::query_scenario(text, lang);
         (void)clampler::query_text(q);
         (void)clampler::query_gl_results(q);
      } catch (const clampler::scenario_error &) {
      }
   }
   // The same bytes as a raster case: its draw and pixels through the reference rasterizer.
   for (const bool quads_follow : {false, true}) {
      try {
         (void)clampler::raster_case_reference(text, quads_follow);
      } catch (const clampler::scenario_error &) {
      }
   }
   return 0;
}
