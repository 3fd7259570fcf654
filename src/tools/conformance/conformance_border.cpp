// Group border (piglit texture border colour tests): built-in, custom and out-of-range colours per format, swizzled.
#include "conformance_gen.h"

namespace clampler::conformance {
namespace {

struct colour {
   const char *name;
   std::vector<double> rgba;
};

const char *const kFloatFormats[] = {"GL_RGBA8",     "GL_RGB8",         "GL_R8",          "GL_RGBA16_SNORM",
                                     "GL_RGBA16F",   "GL_RGBA32F",      "GL_SRGB8_ALPHA8", "GL_RGB565",
                                     "GL_RGB10_A2",  "GL_ALPHA8",       "GL_LUMINANCE8",  "GL_LUMINANCE8_ALPHA8",
                                     "GL_INTENSITY8", "GL_DEPTH_COMPONENT32F", "GL_DEPTH_COMPONENT16"};
const char *const kIntFormats[] = {"GL_RGBA8UI", "GL_RGBA16I", "GL_RGBA32UI", "GL_RGBA32I", "GL_R8I"};
const char *const kWraps[] = {"GL_CLAMP_TO_BORDER", "GL_CLAMP", "GL_MIRROR_CLAMP_TO_BORDER_EXT"};

}  // namespace

void add_border(std::vector<test_case> &out) {
   const std::vector<colour> float_colours = {{"transparent-black", {0, 0, 0, 0}},
                                              {"opaque-black", {0, 0, 0, 1}},
                                              {"opaque-white", {1, 1, 1, 1}},
                                              {"custom", {0.25, 0.5, 0.75, 0.625}},
                                              {"out-of-range", {-0.5, 1.5, 2.0, 0.5}}};
   const std::vector<colour> int_colours = {{"zero", {0, 0, 0, 0}},
                                            {"opaque-int", {0, 0, 0, 1}},
                                            {"custom", {7, 100, 3, 1}},
                                            {"negative", {-5, 12, -100, 2}}};
   unsigned seed = 5000;
   const shape s = shape_for(GL_TEXTURE_2D);
   auto add = [&](const format_info &f, const colour &col, const char *wrap, const filter_mode &fm, bool swizzled) {
      test_case c;
      c.name = std::string("clampler/border/2d/") + f.gl_name + "/" + col.name + (swizzled ? "-swizzled" : "") + "/" +
               wrap + "-" + fm.name;
      c.scenario = scenario_for(f, s, seed++);
      if (swizzled)
         c.scenario["texture"]["swizzle"] = {"GL_BLUE", "GL_ALPHA", "GL_ONE", "GL_RED"};
      ojson &p = c.scenario["sampler"];
      set_wraps_and_filters(p, wrap, fm);
      p["GL_TEXTURE_BORDER_COLOR"] = border_param(f, col.rgba);
      c.scenario["lookups"] = wrap_lookups(s, 0.0);
      c.tol = tolerance_for(f, fm.name == "nearest" ? 0 : 2, f.d->is_srgb);
      out.push_back(std::move(c));
   };
   for (const char *name : kFloatFormats) {
      const format_info f = fmt(name);
      for (const colour &col : float_colours)
         for (const char *wrap : kWraps)
            for (int fi = 0; fi < 2; ++fi)
               add(f, col, wrap, image_filters()[fi], false);
      for (int fi = 0; fi < 2; ++fi)
         add(f, float_colours[3], "GL_CLAMP_TO_BORDER", image_filters()[fi], true);
   }
   for (const char *name : kIntFormats) {
      const format_info f = fmt(name);
      for (colour col : int_colours) {
         if (!f.d->is_signed)
            for (double &x : col.rgba)
               x = x < 0 ? -x : x;
         for (const char *wrap : kWraps)
            add(f, col, wrap, image_filters()[0], false);
      }
      add(f, int_colours[2], "GL_CLAMP_TO_BORDER", image_filters()[0], true);
   }
}

}  // namespace clampler::conformance
