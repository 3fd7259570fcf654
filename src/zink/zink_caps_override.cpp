// Parsing of the capability override JSON (docs/zink.md), with errors that name the key.
#include "zink_caps_override.h"

#include <cmath>

#include <nlohmann/json.hpp>

#include "clampler/pipe/p_names.h"

namespace clampler {

const std::vector<const char *> &zink_override_extensions() {
   static const std::vector<const char *> names = {
      "VK_EXT_custom_border_color", "VK_EXT_border_color_swizzle", "VK_KHR_sampler_mirror_clamp_to_edge",
      "VK_EXT_sampler_filter_minmax", "VK_EXT_non_seamless_cube_map", "VK_EXT_provoking_vertex",
      "VK_EXT_line_rasterization", "VK_EXT_depth_clip_control"};
   return names;
}

const std::vector<const char *> &zink_override_features() {
   static const std::vector<const char *> names = {
      "samplerAnisotropy", "customBorderColors", "customBorderColorWithoutFormat", "borderColorSwizzle",
      "borderColorSwizzleFromImage", "samplerMirrorClampToEdge", "samplerFilterMinmax", "nonSeamlessCubeMap",
      "depthClamp", "fillModeNonSolid", "wideLines", "largePoints", "depthBiasClamp", "provokingVertexLast",
      "rectangularLines", "bresenhamLines", "smoothLines", "stippledRectangularLines", "stippledBresenhamLines",
      "stippledSmoothLines", "depthClipControl"};
   return names;
}

namespace {

bool known(const std::vector<const char *> &names, const std::string &n) {
   for (const char *k : names)
      if (n == k)
         return true;
   return false;
}

}  // namespace

std::optional<zink_caps_override> zink_caps_override::parse(const std::string &text, std::string *error) {
   using nlohmann::json;
   auto fail = [&](const std::string &msg) -> std::optional<zink_caps_override> {
      if (error)
         *error = "caps override: " + msg;
      return std::nullopt;
   };
   const json doc = json::parse(text, nullptr, false);
   if (doc.is_discarded())
      return fail("not valid JSON");
   if (!doc.is_object())
      return fail("expected a JSON object");
   zink_caps_override o;
   for (auto it = doc.begin(); it != doc.end(); ++it) {
      const std::string &key = it.key();
      const json &v = it.value();
      if (key == "disable_extensions" || key == "disable_features") {
         const bool ext = key == "disable_extensions";
         if (!v.is_array())
            return fail(key + ": expected an array of names");
         for (size_t i = 0; i < v.size(); ++i) {
            const std::string where = key + "[" + std::to_string(i) + "]";
            if (!v[i].is_string())
               return fail(where + ": expected a string");
            const std::string n = v[i].get<std::string>();
            if (!known(ext ? zink_override_extensions() : zink_override_features(), n))
               return fail(where + ": unknown " + (ext ? "extension" : "feature") + " \"" + n + "\"");
            (ext ? o.disabled_extensions : o.disabled_features).insert(n);
         }
      } else if (key == "limits") {
         if (!v.is_object())
            return fail("limits: expected an object");
         for (auto l = v.begin(); l != v.end(); ++l) {
            const std::string where = "limits." + l.key();
            if (!l->is_number() || l->get<double>() < 0 || !std::isfinite(l->get<double>()))
               return fail(where + ": expected a non-negative number");
            const double x = l->get<double>();
            if (l.key() == "maxSamplerAllocationCount" || l.key() == "maxCustomBorderColorSamplers") {
               if (!l->is_number_integer() || x > 4294967295.0)
                  return fail(where + ": expected an integer in [0, 2^32)");
               (l.key() == "maxSamplerAllocationCount" ? o.max_sampler_allocation_count
                                                       : o.max_custom_border_color_samplers) =
                  static_cast<uint32_t>(x);
            } else if (l.key() == "maxSamplerAnisotropy") {
               if (x < 1.0)
                  return fail(where + ": must be at least 1");
               o.max_sampler_anisotropy = static_cast<float>(x);
            } else if (l.key() == "maxSamplerLodBias") {
               o.max_sampler_lod_bias = static_cast<float>(x);
            } else {
               return fail(where + ": unknown limit (expected maxSamplerAllocationCount, "
                                   "maxCustomBorderColorSamplers, maxSamplerAnisotropy or maxSamplerLodBias)");
            }
         }
      } else if (key == "no_linear_filtering") {
         if (!v.is_array())
            return fail("no_linear_filtering: expected an array of PIPE_FORMAT_* names");
         for (size_t i = 0; i < v.size(); ++i) {
            const pipe_format f = v[i].is_string() ? util_format_from_name(v[i].get<std::string>()) : PIPE_FORMAT_NONE;
            if (f == PIPE_FORMAT_NONE)
               return fail("no_linear_filtering[" + std::to_string(i) + "]: not a known PIPE_FORMAT_* name: " +
                           v[i].dump());
            o.no_linear_filtering.push_back(f);
         }
      } else if (key == "disable_caps") {
         if (!v.is_array())
            return fail("disable_caps: expected an array of PIPE_CAP_* names");
         for (size_t i = 0; i < v.size(); ++i) {
            const std::optional<pipe_cap> cap =
               v[i].is_string() ? pipe_cap_from_name(v[i].get<std::string>()) : std::nullopt;
            if (!cap)
               return fail("disable_caps[" + std::to_string(i) + "]: not a known PIPE_CAP_* name: " + v[i].dump());
            o.disabled_caps.push_back(*cap);
         }
      } else if (key == "comment") {
      } else {
         return fail(key + ": unknown key (expected disable_extensions, disable_features, limits, "
                           "no_linear_filtering, disable_caps or comment)");
      }
   }
   return o;
}

}  // namespace clampler
