// clampler sample --reference: a scenario with texel data and lookups -> what GL returns, from the reference sampler.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace clampler {

// The explain object for the scenario plus "results" (one RGBA per lookup, floats or
// integers) and "device": "reference". Throws scenario_error naming the offending key.
nlohmann::ordered_json sample_scenario_reference(const std::string &text);

}  // namespace clampler
