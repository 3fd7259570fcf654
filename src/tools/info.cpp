// clampler info: what the chosen Vulkan device gives this layer, as a table or JSON.
#include "clampler/tools/info.h"

#include <cstdio>
#include <sstream>

#include "clampler/pipe/p_names.h"
#include "clampler/tools/vk_json.h"
#include "clampler/zink/zink_screen.h"

namespace clampler {
namespace {

std::string version(uint32_t v) {
   return std::to_string(VK_API_VERSION_MAJOR(v)) + "." + std::to_string(VK_API_VERSION_MINOR(v)) + "." +
          std::to_string(VK_API_VERSION_PATCH(v));
}

std::string swizzle(const VkComponentMapping &m) {
   const auto one = [](VkComponentSwizzle s, char self) -> char {
      switch (s) {
      case VK_COMPONENT_SWIZZLE_ZERO: return '0';
      case VK_COMPONENT_SWIZZLE_ONE: return '1';
      case VK_COMPONENT_SWIZZLE_R: return 'r';
      case VK_COMPONENT_SWIZZLE_G: return 'g';
      case VK_COMPONENT_SWIZZLE_B: return 'b';
      case VK_COMPONENT_SWIZZLE_A: return 'a';
      default: return self;
      }
   };
   return {one(m.r, 'r'), one(m.g, 'g'), one(m.b, 'b'), one(m.a, 'a')};
}

}  // namespace

nlohmann::ordered_json info_json(const zink_screen &screen) {
   using ojson = nlohmann::ordered_json;
   const zink_device_caps &c = screen.device_caps();
   ojson j;
   j["device"] = {{"name", c.device_name},
                  {"type", vk_device_type_name(c.device_type)},
                  {"driver", c.driver_name},
                  {"driver_info", c.driver_info},
                  {"api_version", version(c.api_version)},
                  {"driver_version", c.driver_version},
                  {"vendor_id", c.vendor_id},
                  {"device_id", c.device_id}};
   j["enabled_extensions"] = c.enabled_extensions;
   j["features"] = {{"samplerAnisotropy", c.sampler_anisotropy},
                    {"imageCubeArray", c.image_cube_array},
                    {"customBorderColors", c.custom_border_colors},
                    {"customBorderColorWithoutFormat", c.custom_border_color_without_format},
                    {"borderColorSwizzle", c.border_color_swizzle},
                    {"borderColorSwizzleFromImage", c.border_color_swizzle_from_image},
                    {"samplerMirrorClampToEdge", c.sampler_mirror_clamp_to_edge},
                    {"samplerFilterMinmax", c.sampler_filter_minmax},
                    {"nonSeamlessCubeMap", c.non_seamless_cube_map},
                    {"depthClamp", c.depth_clamp},
                    {"fillModeNonSolid", c.fill_mode_non_solid},
                    {"wideLines", c.wide_lines},
                    {"largePoints", c.large_points},
                    {"depthBiasClamp", c.depth_bias_clamp},
                    {"provokingVertexLast", c.provoking_vertex_last},
                    {"rectangularLines", c.rectangular_lines},
                    {"bresenhamLines", c.bresenham_lines},
                    {"smoothLines", c.smooth_lines},
                    {"stippledRectangularLines", c.stippled_rectangular_lines},
                    {"stippledBresenhamLines", c.stippled_bresenham_lines},
                    {"stippledSmoothLines", c.stippled_smooth_lines},
                    {"depthClipControl", c.depth_clip_control}};
   j["limits"] = {{"maxSamplerAllocationCount", c.max_sampler_allocation_count},
                  {"maxCustomBorderColorSamplers", c.max_custom_border_color_samplers},
                  {"maxSamplerAnisotropy", c.max_sampler_anisotropy},
                  {"maxSamplerLodBias", c.max_sampler_lod_bias},
                  {"lineWidthRange", {c.line_width_range[0], c.line_width_range[1]}},
                  {"lineWidthGranularity", c.line_width_granularity},
                  {"pointSizeRange", {c.point_size_range[0], c.point_size_range[1]}},
                  {"pointSizeGranularity", c.point_size_granularity},
                  {"strictLines", c.strict_lines}};
   ojson caps;
   for (unsigned i = 0; i < PIPE_CAP_COUNT; ++i)
      caps[pipe_cap_name(static_cast<pipe_cap>(i))] = screen.get_param(static_cast<pipe_cap>(i));
   j["caps"] = caps;
   ojson formats = ojson::array();
   for (unsigned i = 1; i < PIPE_FORMAT_COUNT; ++i) {
      const pipe_format f = static_cast<pipe_format>(i);
      const zink_format_support &s = screen.format_support(f);
      formats.push_back({{"pipe_format", util_format_name(f)},
                         {"vk_format", vk_format_name(s.vk.format)},
                         {"swizzle", swizzle(s.vk.swizzle)},
                         {"sampled", s.sampled},
                         {"linear_filter", s.linear_filter},
                         {"minmax_filter", s.minmax_filter},
                         {"depth_compare", s.depth_compare},
                         {"note", s.sampled ? s.vk.note : "not sampleable on this device"}});
   }
   j["formats"] = formats;
   return j;
}

std::string info_text(const zink_screen &screen) {
   const nlohmann::ordered_json j = info_json(screen);
   std::ostringstream o;
   const auto &d = j["device"];
   o << "Device:       " << d["name"].get<std::string>() << " (" << d["type"].get<std::string>() << ")\n"
     << "Driver:       " << d["driver"].get<std::string>() << " " << d["driver_info"].get<std::string>() << "\n"
     << "API version:  " << d["api_version"].get<std::string>() << "\n"
     << "Extensions:   ";
   for (const auto &e : j["enabled_extensions"])
      o << e.get<std::string>() << " ";
   o << "\n\nFeatures:\n";
   for (auto it = j["features"].begin(); it != j["features"].end(); ++it)
      o << "  " << it.key() << std::string(34 - it.key().size(), ' ') << (it.value().get<bool>() ? "yes" : "no") << "\n";
   o << "\nLimits:\n";
   for (auto it = j["limits"].begin(); it != j["limits"].end(); ++it)
      o << "  " << it.key() << std::string(34 - it.key().size(), ' ') << it.value().dump() << "\n";
   o << "\nPipe caps:\n";
   for (auto it = j["caps"].begin(); it != j["caps"].end(); ++it)
      o << "  " << it.key() << std::string(42 - std::min<size_t>(it.key().size(), 41), ' ') << it.value().dump() << "\n";
   o << "\nFormats:\n";
   char line[512];
   std::snprintf(line, sizeof line, "  %-36s %-36s %-5s %-7s %-6s %-6s %-6s %s\n", "pipe_format", "VkFormat",
                 "swz", "sampled", "linear", "minmax", "dcmp", "note");
   o << line;
   for (const auto &f : j["formats"]) {
      auto yn = [](const nlohmann::ordered_json &v) { return v.get<bool>() ? "yes" : "-"; };
      std::snprintf(line, sizeof line, "  %-36s %-36s %-5s %-7s %-6s %-6s %-6s %s\n",
                    f["pipe_format"].get<std::string>().c_str(), f["vk_format"].get<std::string>().c_str(),
                    f["swizzle"].get<std::string>().c_str(), yn(f["sampled"]), yn(f["linear_filter"]),
                    yn(f["minmax_filter"]), yn(f["depth_compare"]), f["note"].get<std::string>().c_str());
      o << line;
   }
   return o.str();
}

}  // namespace clampler
