// clampler sample --reference: a scenario with texel data and lookups -> what GL returns, from the reference sampler.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "clampler/tools/scenario_error.h"

namespace clampler {

// The explain object for the scenario plus "results" (one RGBA per lookup, floats or
// integers) and "device": "reference". Throws scenario_error naming the offending key.
nlohmann::ordered_json sample_scenario_reference(const std::string &text);
// The same with the other seamless-corner answer GL allows under depth compare
// (ref_sampler::corner_compares_each): the mean of the corner's three comparisons.
nlohmann::ordered_json sample_scenario_reference_corner_compares_each(const std::string &text);

class gl_runner;
// The same scenario given to a real GL driver (src/tools/gl_runner.h: EGL surfaceless, a
// compatibility context): the texture uploaded, the scenario's glTexParameter* /
// glSamplerParameter* calls replayed, the lookups drawn with textureLod / textureGrad (old-style
// shadow functions for depth compare) and read back. Same output keys as the reference, "device"
// the GL_RENDERER. Throws scenario_error for what cannot be asked of a GL driver this way
// (compressed data, the core profile, depth compare on targets whose GLSL lookups return a
// float) and for what the driver refuses (a GL error, a shader it does not compile). A lookup
// GLSL cannot express (an explicit LOD in depth compare on 2D arrays and cube maps) has a null
// result and an entry in "not_run" ({"lookup": i, "why": ...}); the scenario's others run.
nlohmann::ordered_json sample_scenario_gl(const std::string &text, gl_runner &gl);

#ifdef CLAMPLER_HAVE_ZINK
class zink_screen;
// The same scenario run on the device through the layer: st_convert_sampler -> zink sampler
// (device-wide cache) -> the lowered shader (st_shader_key) -> sample_lookups. Same output keys
// as the reference, "device" the device name. Throws scenario_error naming the key and why
// for any scenario the layer cannot run on this device. Each lookup runs in a SIMD vector of its
// own unless `shared_vectors` (sample_request::shared_vectors: the device's per-vector behaviour).
nlohmann::ordered_json sample_scenario_device(const std::string &text, const zink_screen &screen,
                                              bool shared_vectors = false);
#endif

}  // namespace clampler
