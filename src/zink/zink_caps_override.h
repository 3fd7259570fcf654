// The capability override: JSON that switches extensions/features off, lowers limits and marks formats non-filterable.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "clampler/pipe/p_defines.h"
#include "clampler/pipe/p_format.h"

namespace clampler {

struct zink_caps_override {
   std::set<std::string> disabled_extensions;  // "VK_EXT_custom_border_color", ...
   std::set<std::string> disabled_features;    // "customBorderColorWithoutFormat", ...
   std::optional<uint32_t> max_sampler_allocation_count;
   std::optional<uint32_t> max_custom_border_color_samplers;
   std::optional<float> max_sampler_anisotropy;
   std::optional<float> max_sampler_lod_bias;
   std::vector<pipe_format> no_linear_filtering;
   std::vector<pipe_cap> disabled_caps;  // answered 0 whatever the device has (clampler's own switches too)

   // Parses the override; on bad input returns nullopt and sets `error` naming the key.
   static std::optional<zink_caps_override> parse(const std::string &json_text, std::string *error);
   bool extension_off(const char *name) const { return disabled_extensions.count(name) != 0; }
   bool feature_off(const char *name) const { return disabled_features.count(name) != 0; }
};

// The names the override accepts.
const std::vector<const char *> &zink_override_extensions();
const std::vector<const char *> &zink_override_features();

}  // namespace clampler
