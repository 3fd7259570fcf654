// config_screen: a pipe_screen whose caps and non-filterable formats come from code or JSON.
#include <nlohmann/json.hpp>

#include "clampler/pipe/p_names.h"
#include "clampler/pipe/p_screen.h"

namespace clampler {

std::array<int, PIPE_CAP_COUNT> config_screen::recommended_caps() {
   std::array<int, PIPE_CAP_COUNT> c{};
   c[PIPE_CAP_EMULATE_GL_CLAMP_PLZ] = 1;        // Vulkan has no GL_CLAMP
   c[PIPE_CAP_LINEAR_DEPTH_FILTERING] = 1;      // depth may filter LINEAR through compare
   c[PIPE_CAP_NEED_BORDER_COLOR_TYPE] = 1;      // VK custom border colours are typed
   c[PIPE_CAP_TEXTURE_BORDER_COLOR_QUIRK] = 0;
   c[PIPE_CAP_TEXTURE_MIRROR_CLAMP] = 0;        // no native MIRROR_CLAMP in Vulkan
   c[PIPE_CAP_TEXTURE_MIRROR_CLAMP_TO_EDGE] = 1;  // VK_KHR_sampler_mirror_clamp_to_edge
   c[PIPE_CAP_SEAMLESS_CUBE_MAP] = 1;
   c[PIPE_CAP_SEAMLESS_CUBE_MAP_PER_TEXTURE] = 1;  // VK_EXT_non_seamless_cube_map
   c[PIPE_CAP_SAMPLER_REDUCTION_MINMAX] = 1;
   c[PIPE_CAP_ANISOTROPIC_FILTER] = 1;
   c[PIPE_CAP_MAX_TEXTURE_ANISOTROPY] = 16;
   c[PIPE_CAP_MAX_TEXTURE_LOD_BIAS] = 16;
   c[PIPE_CAP_TEXRECT] = 0;                     // unnormalized VK samplers are too restricted
   c[PIPE_CAP_TEXTURE_FLOAT_LINEAR] = 1;
   c[PIPE_CAP_TEXTURE_HALF_FLOAT_LINEAR] = 1;
   c[PIPE_CAP_BORDER_COLOR_SWIZZLE] = 0;        // the state tracker pre-swizzles
   c[PIPE_CAP_BORDER_COLOR_FORMAT] = 0;         // customBorderColorWithoutFormat is common
   c[PIPE_CAP_LINEAR_DEPTH_LOWERING] = 1;       // GL's filtered depth, not rule 4's compare ALWAYS
   c[PIPE_CAP_MIN_MAG_SWITCH_LOWERING] = 1;     // GL's c = 0.5 (Vulkan switches at λ = 0)
   c[PIPE_CAP_MINMAX_MIPMAP_LOWERING] = 0;      // the device reduces over both levels itself
   c[PIPE_CAP_MIRROR_TEXEL_LOWERING] = 0;       // the device mirrors texel indices (GL 4.6) itself
   c[PIPE_CAP_NEAREST_MIP_TIE_LOWERING] = 0;    // the device takes level k at λ = k + ½ itself
   c[PIPE_CAP_ARRAY_LAYER_TIE_LOWERING] = 0;    // the device takes layer ⌊t + ½⌋ itself
   c[PIPE_CAP_CUBE_FACE_WRAP_LOWERING] = 0;     // the device wraps within a non-seamless cube face
   c[PIPE_CAP_LAMBDA_LOWERING] = 0;             // the device's λ is log2 ρ
   c[PIPE_CAP_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION] = 0;  // Vulkan has no quads
   c[PIPE_CAP_VERTEX_COLOR_CLAMPED] = 0;        // Vulkan clamps no colour: the shader does
   c[PIPE_CAP_FRAGMENT_COLOR_CLAMPED] = 0;
   c[PIPE_CAP_CLIP_HALFZ] = 1;                  // Vulkan's clip-space z is [0, w]
   c[PIPE_CAP_DEPTH_CLIP_DISABLE] = 1;          // depthClamp (VkPhysicalDeviceFeatures)
   return c;
}

config_screen::config_screen() : caps_(recommended_caps()) {}

void config_screen::set_linear_filtering(pipe_format format, bool supported) {
   if (format < PIPE_FORMAT_COUNT)
      no_linear_.set(format, !supported);
}

bool config_screen::apply_json(const std::string &json_text, std::string *error) {
   using nlohmann::json;
   auto fail = [&](const std::string &msg) {
      if (error)
         *error = msg;
      return false;
   };
   json doc = json::parse(json_text, nullptr, false);
   if (doc.is_discarded())
      return fail("screen: not valid JSON");
   if (!doc.is_object())
      return fail("screen: expected an object");

   auto caps = caps_;
   auto no_linear = no_linear_;
   for (auto it = doc.begin(); it != doc.end(); ++it) {
      if (it.key() == "caps") {
         if (!it->is_object())
            return fail("screen.caps: expected an object of PIPE_CAP_* names");
         for (auto c = it->begin(); c != it->end(); ++c) {
            auto cap = pipe_cap_from_name(c.key());
            if (!cap)
               return fail("screen.caps." + c.key() + ": unknown cap");
            if (c->is_boolean())
               caps[*cap] = c->get<bool>() ? 1 : 0;
            else if (c->is_number_integer() && c->get<int64_t>() >= 0 &&
                     c->get<int64_t>() <= 1 << 20)
               caps[*cap] = static_cast<int>(c->get<int64_t>());
            else
               return fail("screen.caps." + c.key() + ": expected a boolean or an integer in [0, 2^20]");
         }
      } else if (it.key() == "no_linear_filtering") {
         if (!it->is_array())
            return fail("screen.no_linear_filtering: expected an array of PIPE_FORMAT_* names");
         for (size_t i = 0; i < it->size(); ++i) {
            const json &v = (*it)[i];
            pipe_format f = v.is_string() ? util_format_from_name(v.get<std::string>()) : PIPE_FORMAT_NONE;
            if (f == PIPE_FORMAT_NONE)
               return fail("screen.no_linear_filtering[" + std::to_string(i) +
                           "]: not a known PIPE_FORMAT_* name: " + v.dump());
            no_linear.set(f);
         }
      } else {
         return fail("screen." + it.key() + ": unknown key (expected \"caps\" or \"no_linear_filtering\")");
      }
   }
   caps_ = caps;
   no_linear_ = std::move(no_linear);
   return true;
}

}  // namespace clampler
