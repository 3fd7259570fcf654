// fuzz_caps: libFuzzer target — any bytes as the capability override (CLAMPLER_CAPS, clampler conformance --caps).
//
// The parser returns an override, or nullopt with an error naming the key: never both, never neither.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "zink_caps_override.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
   const std::string text(reinterpret_cast<const char *>(data), size);
   std::string error;
   const auto o = clampler::zink_caps_override::parse(text, &error);
   if (o.has_value() == !error.empty())
      std::abort();  // an override with an error, or a refusal without one
   return 0;
}
