// scenario_error: the one exception the scenario commands (explain, sample, conformance) throw for bad input.
#pragma once

#include <stdexcept>

namespace clampler {

// A malformed scenario, or one the layer cannot run; what() names the offending key and why
// ("texture.width: expected an integer in [1, 16384], got -1").
struct scenario_error : std::runtime_error {
   using std::runtime_error::runtime_error;
};

}  // namespace clampler
