// clampler explain: a JSON scenario (GL state + screen) -> the GL errors, pipe_sampler_state and shader key.
#pragma once

#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

namespace clampler {

// A malformed scenario; what() names the offending key ("texture.width: ...").
struct scenario_error : std::runtime_error {
   using std::runtime_error::runtime_error;
};

// Parses `text` as a scenario and returns the explain object. Throws scenario_error.
nlohmann::ordered_json explain_scenario(const std::string &text);

}  // namespace clampler
