// pipe_screen: what the state tracker may ask the driver (caps and per-format filtering).
#pragma once

#include <array>
#include <string>
#include <bitset>

#include "clampler/pipe/p_defines.h"
#include "clampler/pipe/p_format.h"
#include "clampler/pipe/p_state.h"

namespace clampler {

class pipe_screen {
public:
   virtual ~pipe_screen() = default;
   virtual int get_param(pipe_cap cap) const = 0;
   // The seed's hook: may `format` (as a sampler view of `resource`) be filtered
   // LINEAR? The state tracker never asks Vulkan directly.
   virtual bool is_linear_filtering_supported(pipe_format format,
                                              const pipe_resource *resource) const = 0;
};

// A screen whose answers are given in code or JSON; used by tests and the CLI.
class config_screen final : public pipe_screen {
public:
   // Starts from recommended_caps().
   config_screen();
   int get_param(pipe_cap cap) const override { return caps_[cap]; }
   bool is_linear_filtering_supported(pipe_format format, const pipe_resource *) const override {
      return format >= PIPE_FORMAT_COUNT || !no_linear_.test(format);
   }

   void set_param(pipe_cap cap, int value) { caps_[cap] = value; }
   void set_linear_filtering(pipe_format format, bool supported);

   // The caps clampler recommends for a Vulkan driver (see docs/caps.md).
   static std::array<int, PIPE_CAP_COUNT> recommended_caps();

   // Applies {"caps": {"PIPE_CAP_X": n | bool, ...}, "no_linear_filtering": ["PIPE_FORMAT_Y", ...]}.
   // On bad input returns false with `error` naming the offending key; the screen is unchanged.
   bool apply_json(const std::string &json_text, std::string *error);

private:
   std::array<int, PIPE_CAP_COUNT> caps_{};
   std::bitset<PIPE_FORMAT_COUNT> no_linear_;
};

}  // namespace clampler
