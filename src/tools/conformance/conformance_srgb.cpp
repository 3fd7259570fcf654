// Group srgb (piglit EXT_texture_sRGB_decode tests): sRGB formats decoded and skipped, filtered, with border colours.
#include "conformance_gen.h"

namespace clampler::conformance {

void add_srgb(std::vector<test_case> &out) {
   unsigned seed = 50000;
   const shape s = shape_for(GL_TEXTURE_2D);
   for (const char *fname : {"GL_SRGB8_ALPHA8", "GL_SRGB8", "GL_SLUMINANCE8", "GL_SLUMINANCE8_ALPHA8", "GL_SR8_EXT",
                             "GL_SRG8_EXT"})
      for (const char *decode : {"GL_DECODE_EXT", "GL_SKIP_DECODE_EXT"})
         for (const char *wrap : {"GL_REPEAT", "GL_CLAMP_TO_BORDER"})
            for (int fi = 0; fi < 2; ++fi) {
               const format_info f = fmt(fname);
               const filter_mode &fm = image_filters()[fi];
               test_case c;
               c.name = "clampler/srgb/2d/" + f.gl_name + "/" + decode + "/" + wrap + "-" + fm.name;
               c.scenario = scenario_for(f, s, seed++);
               ojson &p = c.scenario["sampler"];
               set_wraps_and_filters(p, wrap, fm);
               p["GL_TEXTURE_SRGB_DECODE_EXT"] = decode;
               p["GL_TEXTURE_BORDER_COLOR"] = {0.25, 0.5, 0.75, 0.625};
               c.scenario["lookups"] = wrap_lookups(s, 0.0);
               c.tol = tolerance_for(f, fm.name == "nearest" ? 0 : 2, std::string(decode) == "GL_DECODE_EXT");
               out.push_back(std::move(c));
            }
}

}  // namespace clampler::conformance
