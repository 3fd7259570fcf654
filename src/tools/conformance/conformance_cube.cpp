// Group cube (piglit cubemap / seamless tests): cube and cube-array sampling, seamless on and off, per-texture seamless.
#include "conformance_gen.h"

namespace clampler::conformance {

void add_cube(std::vector<test_case> &out) {
   unsigned seed = 30000;
   for (GLenum target : {GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_ARRAY})
      for (const char *fname : {"GL_RGBA8", "GL_RGBA16F", "GL_RGBA32F", "GL_LUMINANCE8_ALPHA8"})
         for (const char *seam : {"seamless", "non-seamless", "per-texture-seamless"})
            for (const char *wrap : {"GL_CLAMP_TO_EDGE", "GL_REPEAT", "GL_CLAMP_TO_BORDER"})
               for (int fi = 0; fi < 2; ++fi) {
                  const format_info f = fmt(fname);
                  const filter_mode &fm = image_filters()[fi];
                  const shape s = shape_for(target);
                  test_case c;
                  c.name = "clampler/cube/" + std::string(target_short(target)) + "/" + f.gl_name + "/" + seam + "/" +
                           wrap + "-" + fm.name;
                  c.scenario = scenario_for(f, s, seed++);
                  ojson &p = c.scenario["sampler"];
                  set_wraps_and_filters(p, wrap, fm);
                  p["GL_TEXTURE_BORDER_COLOR"] = {0.2, 0.4, 0.6, 0.8};
                  const std::string sm = seam;
                  c.scenario["seamless_cube_map"] = sm == "seamless";
                  if (sm == "per-texture-seamless")
                     p["GL_TEXTURE_CUBE_MAP_SEAMLESS"] = true;
                  c.scenario["lookups"] = cube_lookups(s, false);
                  c.tol = tolerance_for(f, fm.name == "nearest" ? 0 : 2, false);
                  out.push_back(std::move(c));
               }
}

}  // namespace clampler::conformance
