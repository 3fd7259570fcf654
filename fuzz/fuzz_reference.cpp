// fuzz_reference: libFuzzer target — any bytes as a scenario with texel data and lookups through the reference sampler (clampler sample --reference).
//
// Bad input must throw scenario_error naming the key; every lookup of a good scenario must come
// back. Any other exception, a crash or a sanitizer report is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "clampler/tools/sample.h"
#include "clampler/tools/scenario_error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
   const std::string text(reinterpret_cast<const char *>(data), size);
   try {
      const nlohmann::ordered_json out = clampler::sample_scenario_reference(text);
      const nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
      // A scenario that sampled gives one result per lookup.
      if (!doc.is_discarded() && doc.is_object() && doc.contains("lookups") && doc["lookups"].is_array() &&
          out["results"].size() != doc["lookups"].size())
         std::abort();
   } catch (const clampler::scenario_error &) {
   }
   return 0;
}
