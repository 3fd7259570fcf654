// Group rect (piglit texrect / ARB_texture_rectangle texwrap): unnormalized coordinates, clamp wraps, shadow rectangles.
#include <cmath>

#include "conformance_gen.h"

namespace clampler::conformance {

void add_rect(std::vector<test_case> &out) {
   unsigned seed = 65000;
   const shape s = shape_for(GL_TEXTURE_RECTANGLE);
   for (const char *fname : {"GL_RGBA8", "GL_RGBA16F", "GL_RGBA32F", "GL_LUMINANCE8_ALPHA8", "GL_RGBA16UI",
                             "GL_DEPTH_COMPONENT32F"})
      for (const char *wrap : {"GL_CLAMP", "GL_CLAMP_TO_EDGE", "GL_CLAMP_TO_BORDER"})
         for (const filter_mode &fm : image_filters()) {
            const format_info f = fmt(fname);
            test_case c;
            c.name = "clampler/rect/rect/" + f.gl_name + "/" + wrap + "/" + fm.name;
            c.scenario = scenario_for(f, s, seed++);
            ojson &p = c.scenario["sampler"];
            set_wraps_and_filters(p, wrap, fm);
            p["GL_TEXTURE_BORDER_COLOR"] = border_param(f, f.integer() ? std::vector<double>{3, 2, 1, 1}
                                                                       : std::vector<double>{0.2, 0.4, 0.6, 0.8});
            c.scenario["lookups"] = fm.name == "mixed" ? mixed_filter_lookups(s) : wrap_lookups(s, 0.0);
            c.tol = tolerance_for(f, fm.name == "nearest" || f.integer() ? 0 : 2, false);
            out.push_back(std::move(c));
         }
   // Shadow rectangles (sampler2DRectShadow).
   for (const char *func : {"GL_LEQUAL", "GL_GREATER"})
      for (int fi = 0; fi < 2; ++fi) {
         const format_info f = fmt("GL_DEPTH_COMPONENT32F");
         const filter_mode &fm = image_filters()[fi];
         test_case c;
         c.name = "clampler/rect/rect/" + f.gl_name + "/compare-" + func + "/" + fm.name;
         c.scenario = scenario_for(f, s, seed++);
         ojson &p = c.scenario["sampler"];
         set_wraps_and_filters(p, "GL_CLAMP_TO_EDGE", fm);
         p["GL_TEXTURE_COMPARE_MODE"] = "GL_COMPARE_REF_TO_TEXTURE";
         p["GL_TEXTURE_COMPARE_FUNC"] = func;
         ojson lookups = wrap_lookups(s, 0.0);
         add_compare_refs(lookups);
         c.scenario["lookups"] = lookups;
         c.tol.abs = std::ldexp(1.0, -20) + (fi ? 2.0 / 256.0 : 0.0);
         c.tol.why = "compare: a pass count, 8-bit weights when LINEAR";
         out.push_back(std::move(c));
      }
}

}  // namespace clampler::conformance
