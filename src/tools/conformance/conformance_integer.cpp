// Group integer (piglit EXT_texture_integer texwrap): pure integer formats, every wrap, LINEAR requested (sampled NEAREST).
#include "conformance_gen.h"

namespace clampler::conformance {

void add_integer(std::vector<test_case> &out) {
   unsigned seed = 55000;
   const char *const formats2d[] = {"GL_RGBA8I",  "GL_RGBA8UI",  "GL_RGBA16I",   "GL_RGBA16UI",
                                    "GL_RGBA32I", "GL_RGBA32UI", "GL_R8UI",      "GL_RG32I",
                                    "GL_RGB16UI", "GL_RGB10_A2UI", "GL_ALPHA8I_EXT", "GL_LUMINANCE_ALPHA16UI_EXT",
                                    "GL_INTENSITY32I_EXT"};
   auto add = [&](const format_info &f, GLenum target, const std::string &wrap, const filter_mode &fm) {
      const shape s = shape_for(target);
      test_case c;
      c.name = "clampler/integer/" + std::string(target_short(target)) + "/" + f.gl_name + "/" + wrap + "/" + fm.name;
      c.scenario = scenario_for(f, s, seed++);
      ojson &p = c.scenario["sampler"];
      set_wraps_and_filters(p, wrap, fm, true);
      p["GL_TEXTURE_BORDER_COLOR"] = border_param(f, f.d->is_signed ? std::vector<double>{-3, 2, 1, -1}
                                                                     : std::vector<double>{3, 2, 1, 1});
      c.scenario["lookups"] = fm.name == "mixed" ? mixed_filter_lookups(s) : wrap_lookups(s, 0.0);
      c.tol = tolerance_for(f, 0, false);
      out.push_back(std::move(c));
   };
   for (const char *name : formats2d)
      for (const std::string &wrap : all_wraps())
         for (const filter_mode &fm : image_filters())
            add(fmt(name), GL_TEXTURE_2D, wrap, fm);
   for (GLenum target : {GL_TEXTURE_1D, GL_TEXTURE_3D, GL_TEXTURE_2D_ARRAY})
      for (const char *name : {"GL_RGBA8I", "GL_RGBA32UI"})
         for (const std::string &wrap : all_wraps())
            add(fmt(name), target, wrap, image_filters()[1]);
}

}  // namespace clampler::conformance
