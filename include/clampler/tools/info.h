// clampler info: the device, its enabled features, every pipe cap, the limits and the per-format table.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace clampler {

class zink_screen;

nlohmann::ordered_json info_json(const zink_screen &screen);
// The same as a readable report (like vulkaninfo / glxinfo).
std::string info_text(const zink_screen &screen);

}  // namespace clampler
