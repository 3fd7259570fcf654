// Group stencil (piglit ARB_stencil_texturing): stencil-only and depth-stencil textures sampled as stencil.
#include "conformance_gen.h"

namespace clampler::conformance {

void add_stencil(std::vector<test_case> &out) {
   unsigned seed = 60000;
   const shape s = shape_for(GL_TEXTURE_2D);
   for (const char *fname : {"GL_STENCIL_INDEX8", "GL_DEPTH24_STENCIL8", "GL_DEPTH32F_STENCIL8"})
      for (const char *wrap : {"GL_REPEAT", "GL_CLAMP_TO_EDGE", "GL_CLAMP_TO_BORDER", "GL_CLAMP", "GL_MIRRORED_REPEAT"})
         for (int fi = 0; fi < 2; ++fi) {
            const format_info f = fmt(fname);
            const filter_mode &fm = image_filters()[fi];
            test_case c;
            c.name = "clampler/stencil/2d/" + f.gl_name + "/" + wrap + "/" + fm.name;
            c.scenario = scenario_for(f, s, seed++);
            if (!f.stencil_only())
               c.scenario["texture"]["depth_stencil_texture_mode"] = "GL_STENCIL_INDEX";
            ojson &p = c.scenario["sampler"];
            set_wraps_and_filters(p, wrap, fm);
            p["GL_TEXTURE_BORDER_COLOR"] = ojson{{"Iuiv", {5, 0, 0, 1}}};
            c.scenario["lookups"] = wrap_lookups(s, 0.0);
            c.tol = tolerance_for(f, 0, false, true);
            out.push_back(std::move(c));
         }
}

}  // namespace clampler::conformance
