// clampler query: a scenario's texture and sampler queries (the txq seed) as GL defines them, and optionally as the device answers.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "clampler/tools/scenario_error.h"
#include "clampler/txq/txq_vocab.h"

namespace clampler {

// Parses `text` as a scenario (explain's format; multisample and buffer targets accepted) and
// returns the query object (docs/queries.md). Throws scenario_error.
nlohmann::ordered_json query_scenario(const std::string &text, txq_language lang);

// The query object as one line per query: ".width  8", ".addr_mode_0  2  clamp_ogl", ...
std::string query_text(const nlohmann::ordered_json &q);

// The texture queries a shader makes, as a list of integer vectors (the conformance's "results"):
// [textureQueryLevels] for targets with mipmaps or [textureSamples] for multisample ones, then
// textureSize per accessible level (one for the targets without mipmaps), four components each.
// query_gl_results reads GL's answers from a query object; query_device_results the device's
// from its "device" part (throws scenario_error with the reason when it was not run).
nlohmann::ordered_json query_gl_results(const nlohmann::ordered_json &q);
nlohmann::ordered_json query_device_results(const nlohmann::ordered_json &q);

#ifdef CLAMPLER_HAVE_ZINK
class zink_screen;
// The same, plus "device": the texture queries run on the device through the view device
// sampling creates for the texture (sample_query), each compared with GL's answer.
nlohmann::ordered_json query_scenario_on_device(const std::string &text, txq_language lang,
                                                const zink_screen &device);
#endif

}  // namespace clampler
