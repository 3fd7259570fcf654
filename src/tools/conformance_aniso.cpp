// Group aniso (piglit anisotropic filtering tests): what GL defines of anisotropy — isotropic footprints and constant textures.
#include <cmath>

#include "conformance_gen.h"

namespace clampler::conformance {
namespace {

// GL leaves the anisotropic footprint to the implementation (EXT_texture_filter_anisotropic);
// what it does define: an isotropic footprint (ratio 1) samples as without anisotropy, and any
// footprint of a constant texture returns that constant.
ojson aniso_lookups(bool anisotropic) {
   ojson out = ojson::array();
   const double pts[][2] = {{0.3, 0.55}, {0.71, 0.2}, {0.45, 0.9}, {0.12, 0.37}};
   for (const auto &p : pts)
      for (int l : {-1, 1, 2}) {
         const double g = std::ldexp(1.0, l) / 8.0;
         out.push_back({{"coord", {p[0], p[1]}}, {"grad_x", {g, 0.0}}, {"grad_y", {0.0, anisotropic ? g / 8.0 : g}}});
      }
   return out;
}

}  // namespace

void add_aniso(std::vector<test_case> &out) {
   unsigned seed = 40000;
   const shape s = shape_for(GL_TEXTURE_2D, 4);
   for (const char *fname : {"GL_RGBA8", "GL_RGBA16F", "GL_RGBA32F"})
      for (double aniso : {1.0, 2.0, 4.0, 16.0})
         for (const char *min : {"GL_LINEAR", "GL_LINEAR_MIPMAP_NEAREST", "GL_LINEAR_MIPMAP_LINEAR", "GL_NEAREST"})
            for (const char *footprint : {"isotropic", "anisotropic-constant"}) {
               const format_info f = fmt(fname);
               const bool constant = std::string(footprint) != "isotropic";
               test_case c;
               c.name = "clampler/aniso/2d/" + f.gl_name + "/max-" + std::to_string(static_cast<int>(aniso)) + "/" +
                        min + "-" + footprint;
               c.scenario = scenario_for(f, s, seed++, constant);
               ojson &p = c.scenario["sampler"];
               p["GL_TEXTURE_MIN_FILTER"] = min;
               p["GL_TEXTURE_MAG_FILTER"] = "GL_LINEAR";
               p["GL_TEXTURE_MAX_ANISOTROPY"] = {{"f", aniso}};
               c.scenario["lookups"] = aniso_lookups(constant);
               c.tol = tolerance_for(f, 3, false);
               out.push_back(std::move(c));
            }
}

}  // namespace clampler::conformance
