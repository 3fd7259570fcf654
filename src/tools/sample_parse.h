// The scenario keys every `clampler sample` backend (reference, device, GL) reads the same way.
#pragma once

#include <string>

#include "clampler/gl/gl_enums.h"
#include "clampler/ref/ref_sampler.h"
#include "clampler/tools/scenario_error.h"
#include "scenario.h"

namespace clampler {

// Throws scenario_error("KEY: WHAT").
[[noreturn]] void sample_fail(const std::string &key, const std::string &what);
// The number at `v`, or sample_fail naming `key`.
double sample_number(const ojson &v, const std::string &key);
// Coordinates each target takes (docs/design.md §7; layers last, cube directions x, y, z).
int sample_coord_count(GLenum target);
// Coordinates that have derivatives (the layer has none).
int sample_grad_count(GLenum target);
// lookups[i] of a scenario (docs/scenario.md), checked against the target.
ref::ref_lookup sample_parse_lookup(const ojson &j, GLenum target, const std::string &key);
// The texel data and lookups `clampler sample` needs on top of a valid explain scenario.
void sample_check_keys(const ojson &doc);

}  // namespace clampler
