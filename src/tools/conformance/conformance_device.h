// The screens a conformance run samples on: the device (through the layer) and its simulated fallback variants.
#pragma once

#include <memory>
#include <set>
#include <string>

#include "clampler/pipe/p_screen.h"
#include "clampler/tools/conformance.h"

namespace clampler::conformance {

class device_session {
public:
   virtual ~device_session() = default;
   virtual std::string device_name() const = 0;
   // The runner for a case on `screen` ("" = the device itself, else a fallback_screen name).
   virtual case_runner runner_for(const std::string &screen) = 0;
};

// Opens the device (`device` as CLAMPLER_DEVICE, `caps_override` JSON or empty) and the
// fallback screens named in `screens`. Null with `*error` when the device cannot be opened.
std::unique_ptr<device_session> open_device_session(const std::string &device, const std::string &caps_override,
                                                    bool validation, const std::set<std::string> &screens,
                                                    std::string *error);

// A real GL driver (select_gl_driver: clampler, zink, llvmpipe, softpipe, env) draws the lookups
// (sample_scenario_gl); the fallback screens' cases are skipped. Null with `*error`.
std::unique_ptr<device_session> open_gl_session(const std::string &driver, std::string *error);

// The reference on its own (both sides): checks the matrix and the plumbing without a device.
std::unique_ptr<device_session> open_self_check_session();

// The "screen" block of a scenario for the reference: the caps and non-filterable formats `s`
// reports, so the reference sees the GL state the device's screen gives (extensions, clamps,
// linear filtering).
ojson screen_block(const pipe_screen &s);

// Merges two capability overrides (lists united, limits the lower); either may be empty.
std::string merge_overrides(const std::string &a, const std::string &b);

}  // namespace clampler::conformance
