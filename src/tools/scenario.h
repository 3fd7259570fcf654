// Scenario parsing: builds a GL context, a screen and a bound texture/sampler from JSON.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "clampler/gl/context.h"
#include "clampler/pipe/p_screen.h"
#include "clampler/st/st_rasterizer.h"

namespace clampler {

using ojson = nlohmann::ordered_json;

// One glTexParameter* / glSamplerParameter* call the scenario made (entry "i", "f", "iv", "fv",
// "Iiv" or "Iuiv" and the values passed), so another GL can be given the same calls.
struct scenario_param_call {
   GLenum pname = 0;
   std::string entry;
   std::vector<double> values;
};

struct scenario {
   std::unique_ptr<config_screen> owned_screen;  // the configurable screen, unless a device is used
   const pipe_screen *screen = nullptr;
   std::unique_ptr<gl_context> ctx;
   GLenum target = 0;
   GLuint texture = 0;
   GLuint sampler = 0;  // 0: the texture's own parameters are used
   ojson gl_errors = ojson::array();
   std::vector<scenario_param_call> texture_param_calls;  // texture.params, in order
   std::vector<scenario_param_call> sampler_param_calls;  // sampler, in order
   bool has_rasterizer = false;      // the scenario has a "rasterizer" key
   st_framebuffer_info framebuffer;  // its framebuffer (the window by default)
};

// The texture targets a scenario may name: those a sampler samples (explain, sample), or also
// the multisample and buffer targets, read only with texelFetch (clampler query).
enum class scenario_targets { sampled, all };

// Builds the scenario on texture unit 0; GL errors raised by the scenario's
// parameters are collected, malformed input throws scenario_error. With `device`,
// that screen answers caps and filtering instead of a configurable one. With
// `rasterizer_only_ok` (explain), a scenario with a "rasterizer" and no texture is accepted
// (then no sampler key may be given and `texture` stays 0).
scenario build_scenario(const ojson &doc, const pipe_screen *device = nullptr,
                        scenario_targets targets = scenario_targets::sampled, bool rasterizer_only_ok = false);

}  // namespace clampler
