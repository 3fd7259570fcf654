// Group fallback: subsets of the matrix on simulated devices (capability override), so every fallback runs each time.
#include <cmath>
#include <regex>

#include "conformance_gen.h"

namespace clampler::conformance {

const std::vector<fallback_screen> &fallback_screens() {
   static const std::vector<fallback_screen> s = {
      {"no-custom-border", R"({"disable_extensions": ["VK_EXT_custom_border_color"]})", false,
       "no VK_EXT_custom_border_color: built-in colours exact, others the nearest built-in colour"},
      {"format-bound-border", R"({"disable_features": ["customBorderColorWithoutFormat"]})", false,
       "custom border colours need the view's format"},
      {"border-swizzle-per-view", R"({"disable_features": ["borderColorSwizzleFromImage"]})", false,
       "VK_EXT_border_color_swizzle without borderColorSwizzleFromImage (NVIDIA): bordered samplers made per view"},
      {"small-budgets", R"({"limits": {"maxSamplerAllocationCount": 16, "maxCustomBorderColorSamplers": 2}})", true,
       "16 samplers, 2 custom border colours: recycling under the budgets (one case at a time)"},
      {"no-linear-depth",
       R"({"no_linear_filtering": ["PIPE_FORMAT_Z16_UNORM", "PIPE_FORMAT_Z24X8_UNORM", "PIPE_FORMAT_Z24_UNORM_S8_UINT", "PIPE_FORMAT_Z32_FLOAT", "PIPE_FORMAT_Z32_FLOAT_S8X24_UINT"]})",
       false, "depth formats without linear filtering (docs/rules.md rule 4)"},
      {"no-depth-lowering",
       R"({"no_linear_filtering": ["PIPE_FORMAT_Z16_UNORM", "PIPE_FORMAT_Z32_FLOAT"], "disable_caps": ["PIPE_CAP_LINEAR_DEPTH_LOWERING"]})",
       false, "rule 4 without the shader's depth filter: the seed's compare ALWAYS"},
      {"no-mirror-clamp-to-edge",
       R"({"disable_extensions": ["VK_KHR_sampler_mirror_clamp_to_edge"], "disable_features": ["samplerMirrorClampToEdge"]})",
       false, "GL_MIRROR_CLAMP_TO_EDGE as CLAMP_TO_EDGE on |s|"},
      {"no-minmax",
       R"({"disable_extensions": ["VK_EXT_sampler_filter_minmax"], "disable_features": ["samplerFilterMinmax"]})", false,
       "no min/max reduction: GL_ARB_texture_filter_minmax is not exposed"},
      {"no-anisotropy", R"({"disable_features": ["samplerAnisotropy"]})", false, "no anisotropic filtering"},
      {"low-limits", R"({"limits": {"maxSamplerAnisotropy": 4, "maxSamplerLodBias": 4}})", false,
       "anisotropy 4, LOD bias 4 (Apple-like)"},
      {"no-provoking-vertex", R"({"disable_extensions": ["VK_EXT_provoking_vertex"]})", false,
       "no VK_EXT_provoking_vertex: GL's last-vertex convention by index rewriting (docs/zink.md rule Z2)"},
      {"no-depth-clip-control", R"({"disable_extensions": ["VK_EXT_depth_clip_control"]})", false,
       "no VK_EXT_depth_clip_control: GL's [-w, w] clip z in the last vertex stage (rule Z11)"},
      {"no-stippled-lines",
       R"({"disable_features": ["stippledRectangularLines", "stippledBresenhamLines", "stippledSmoothLines"]})", false,
       "no stippled lines: GL's line stipple counted in the fragment shader (rule Z5)"},
      {"no-wide-lines", R"({"disable_features": ["wideLines"]})", false,
       "no wideLines: GL's columns of a wide aliased line as copies of the width-1 line (rule Z6)"},
      {"no-smooth-lines", R"({"disable_features": ["smoothLines"]})", false,
       "no smoothLines: each antialiased segment as the rectangle of GL's width centred on it (rule Z5)"},
      {"no-fill-mode-non-solid", R"({"disable_features": ["fillModeNonSolid"]})", false,
       "no fillModeNonSolid: polygons in LINE or POINT mode as lines and points judged on the CPU, the modes apart too (rule Z3)"},
      {"no-large-points", R"({"disable_features": ["largePoints"]})", false,
       "no largePoints: points larger than 1 as squares of two triangles (rule Z10)"},
      {"no-non-seamless-cube-map", R"({"disable_extensions": ["VK_EXT_non_seamless_cube_map"]})", false,
       "no VK_EXT_non_seamless_cube_map: non-seamless cube maps through the cube filter (rule 15)"},
   };
   return s;
}

namespace {

// Copies the main-matrix cases matching `pattern` onto `screen`.
void copy_onto(std::vector<test_case> &out, const std::vector<test_case> &main, const std::string &screen,
               const std::string &pattern) {
   const std::regex re(pattern);
   for (const test_case &c : main)
      if (std::regex_search(c.name, re)) {
         test_case f = c;
         f.screen = screen;
         f.name = "clampler/fallback/" + screen + "/" + c.name.substr(std::string("clampler/").size());
         out.push_back(std::move(f));
      }
}

test_case border_case(const std::string &screen, const std::string &fname, const std::string &tag,
                      const std::vector<double> &colour, unsigned seed) {
   const format_info f = fmt(fname);
   const shape s = shape_for(GL_TEXTURE_2D);
   test_case c;
   c.name = "clampler/fallback/" + screen + "/border/2d/" + fname + "/" + tag + "/GL_CLAMP_TO_BORDER-linear";
   c.screen = screen;
   c.scenario = scenario_for(f, s, seed);
   ojson &p = c.scenario["sampler"];
   p["GL_TEXTURE_WRAP_S"] = "GL_CLAMP_TO_BORDER";
   p["GL_TEXTURE_WRAP_T"] = "GL_CLAMP_TO_BORDER";
   p["GL_TEXTURE_MIN_FILTER"] = "GL_LINEAR";
   p["GL_TEXTURE_MAG_FILTER"] = "GL_LINEAR";
   p["GL_TEXTURE_BORDER_COLOR"] = border_param(f, colour);
   c.scenario["lookups"] = wrap_lookups(s, 0.0);
   c.tol = tolerance_for(f, 2, false);
   return c;
}

}  // namespace

void add_fallback(std::vector<test_case> &out) {
   std::vector<test_case> main;
   add_texwrap(main);
   add_border(main);
   add_shadow(main);
   add_stencil(main);
   add_reduction(main);
   add_aniso(main);
   add_lod(main);
   add_raster(main);
   add_cube(main);

   // Built-in colours stay exact; a custom colour becomes the nearest built-in one (docs/zink.md).
   copy_onto(out, main, "no-custom-border",
             "^clampler/border/2d/(GL_RGBA8|GL_RGBA32F|GL_RGBA8UI)/(transparent-black|opaque-black|opaque-white|zero|opaque-int)/");
   unsigned seed = 70000;
   for (const char *fname : {"GL_RGBA8", "GL_RGBA16F", "GL_RGBA32F", "GL_RGBA16_SNORM"}) {
      test_case c = border_case("no-custom-border", fname, "near-white", {0.9, 0.8, 0.95, 0.85}, seed++);
      c.expected_scenario = c.scenario;
      c.expected_scenario["sampler"]["GL_TEXTURE_BORDER_COLOR"] = {1.0, 1.0, 1.0, 1.0};
      out.push_back(std::move(c));
   }
   copy_onto(out, main, "format-bound-border", "^clampler/border/2d/[^/]+/custom");
   // Borders under a GL swizzle, emulated formats' swizzles, depth texture modes and stencil.
   copy_onto(out, main, "border-swizzle-per-view",
             "^clampler/(border/2d/([^/]+/custom-swizzled|(GL_ALPHA8|GL_LUMINANCE8_ALPHA8|GL_INTENSITY8|GL_LUMINANCE8)/custom)/|"
             "shadow/2d/[^/]+/border-[^/]+/|stencil/2d/[^/]+/GL_CLAMP(_TO_BORDER)?/)");
   // Many distinct custom colours through a budget of two.
   for (int i = 0; i < 24; ++i) {
      test_case c = border_case("small-budgets", i % 2 ? "GL_RGBA8" : "GL_RGBA32F", "colour-" + std::to_string(i),
                                {(i + 1) / 32.0, 0.5, 1.0 - i / 32.0, 0.625}, seed++);
      c.tol = tolerance_for(fmt(i % 2 ? "GL_RGBA8" : "GL_RGBA32F"), 2, false);
      out.push_back(std::move(c));
   }
   copy_onto(out, main, "small-budgets", "^clampler/texwrap/2d/GL_RGBA8/");
   copy_onto(out, main, "no-linear-depth",
             "^clampler/shadow/2d/(GL_DEPTH_COMPONENT16|GL_DEPTH_COMPONENT32F)/(GL_LEQUAL|GL_GREATER|nocompare-GL_RED|border-)");
   copy_onto(out, main, "no-depth-lowering",
             "^clampler/(shadow/2d/(GL_DEPTH_COMPONENT16|GL_DEPTH_COMPONENT32F)/(GL_LEQUAL|nocompare-GL_RED)|"
             "texwrap/2d/GL_DEPTH_COMPONENT32F/(GL_REPEAT|GL_CLAMP)/)");
   copy_onto(out, main, "no-mirror-clamp-to-edge",
             "^clampler/texwrap/[^/]+/(GL_RGBA8|GL_RGBA32F|GL_LUMINANCE8_ALPHA8)/GL_MIRROR_CLAMP_TO_EDGE/");
   copy_onto(out, main, "no-minmax", "^clampler/reduction/2d/(GL_R8|GL_R32F|GL_RGBA8)/");
   copy_onto(out, main, "no-anisotropy", "^clampler/aniso/2d/GL_RGBA8/");
   copy_onto(out, main, "low-limits", "^clampler/(aniso/2d/GL_RGBA8|lod/2d/GL_RGBA8)/");
   copy_onto(out, main, "no-provoking-vertex", "^clampler/raster/provoking/");
   copy_onto(out, main, "no-depth-clip-control", "^clampler/raster/depth/NEGATIVE_ONE_TO_ONE/");
   copy_onto(out, main, "no-stippled-lines", "^clampler/raster/lines/(stipple/|wide/[^/]*stipple)");
   // The polygon outline too: its edges become lines on the CPU, then copies.
   copy_onto(out, main, "no-wide-lines", "^clampler/raster/lines/wide/(width|polygon-outline)");
   copy_onto(out, main, "no-smooth-lines", "^clampler/raster/lines/smooth/");
   // Every polygon mode case: one mode for every face, and the modes apart (runs of one facing).
   copy_onto(out, main, "no-fill-mode-non-solid", "^clampler/raster/polygon-mode/");
   copy_onto(out, main, "no-large-points", "^clampler/raster/(points|sprite)/");
   copy_onto(out, main, "no-non-seamless-cube-map", "^clampler/cube/cube(_array)?/GL_RGBA8/non-seamless/");
}

}  // namespace clampler::conformance
