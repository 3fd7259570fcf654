// clampler explain: a JSON scenario (GL state + screen) -> the GL errors, pipe_sampler_state and shader key.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "clampler/tools/scenario_error.h"

namespace clampler {

class pipe_screen;

// Parses `text` as a scenario and returns the explain object. Throws scenario_error.
nlohmann::ordered_json explain_scenario(const std::string &text);

#ifdef CLAMPLER_HAVE_ZINK
class zink_screen;
// The same on a real device: its caps and formats decide, and the output gains
// "vk_sampler_create_info" (every VkSamplerCreateInfo field and chained struct).
nlohmann::ordered_json explain_scenario_on_device(const std::string &text, const zink_screen &device);
#endif

}  // namespace clampler
