// Group reduction (ARB_texture_filter_minmax): MIN / MAX / weighted average with LINEAR, mipmapped and NEAREST.
#include "conformance_gen.h"

namespace clampler::conformance {

void add_reduction(std::vector<test_case> &out) {
   unsigned seed = 45000;
   const shape s = shape_for(GL_TEXTURE_2D, 3);  // 4x4, 3 levels
   for (const char *fname : {"GL_R8", "GL_R16", "GL_R16F", "GL_R32F", "GL_DEPTH_COMPONENT32F", "GL_RGBA8", "GL_RGBA32F"})
      for (const char *mode : {"GL_MIN", "GL_MAX", "GL_WEIGHTED_AVERAGE_ARB"})
         for (const char *min : {"GL_NEAREST", "GL_LINEAR", "GL_LINEAR_MIPMAP_LINEAR"}) {
            const format_info f = fmt(fname);
            test_case c;
            c.name = "clampler/reduction/2d/" + f.gl_name + "/" + mode + "/" + min;
            c.scenario = scenario_for(f, s, seed++);
            ojson &p = c.scenario["sampler"];
            p["GL_TEXTURE_WRAP_S"] = "GL_MIRRORED_REPEAT";
            p["GL_TEXTURE_WRAP_T"] = "GL_CLAMP_TO_EDGE";
            p["GL_TEXTURE_MIN_FILTER"] = min;
            p["GL_TEXTURE_MAG_FILTER"] = std::string(min) == "GL_NEAREST" ? "GL_NEAREST" : "GL_LINEAR";
            p["GL_TEXTURE_REDUCTION_MODE_ARB"] = mode;
            ojson lookups = wrap_lookups(s, 0.0);
            for (auto &l : wrap_lookups(s, 1.25))
               lookups.push_back(l);
            c.scenario["lookups"] = lookups;
            const std::string m = min;
            c.tol = tolerance_for(f, m == "GL_NEAREST" ? 0 : m == "GL_LINEAR" ? 2 : 3, false);
            out.push_back(std::move(c));
         }
}

}  // namespace clampler::conformance
