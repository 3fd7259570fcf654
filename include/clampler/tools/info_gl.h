// clampler info --gl: the GL driver in use (EGL surfaceless): renderer, version and the sampler-relevant extensions.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace clampler {

// Opens libEGL at run time, makes a GL context current on the surfaceless platform (the
// environment picks the driver: `bash scripts/clampler.sh gl -- clampler info --gl` for the
// clampler driver) and reads GL_VENDOR, GL_RENDERER, GL_VERSION and whether each extension a
// sampler needs is exposed. False with `*error` naming the step that failed (no libEGL, no
// surfaceless platform, no context).
bool gl_driver_info(nlohmann::ordered_json *out, std::string *error);

// The same as a readable report.
std::string gl_driver_info_text(const nlohmann::ordered_json &info);

}  // namespace clampler
