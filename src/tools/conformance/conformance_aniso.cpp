// Group aniso (piglit anisotropic filtering tests): device results inside the reference's anisotropic footprint bounds.
#include <cmath>
#include <stdexcept>

#include "clampler/gl/gl_enum_names.h"
#include "clampler/ref/ref_aniso.h"
#include "clampler/ref/ref_format.h"
#include "conformance_gen.h"

namespace clampler::conformance {
namespace {

// Isotropic (ratio 1) and anisotropic (ratio 8) footprints at λ_iso of -1, 1 and 2 on an
// 8x8 texture with 4 levels.
ojson aniso_lookups() {
   ojson out = ojson::array();
   const double pts[][2] = {{0.3, 0.55}, {0.71, 0.2}, {0.45, 0.9}, {0.12, 0.37}};
   for (const auto &p : pts)
      for (int l : {-1, 1, 2})
         for (double ratio : {1.0, 8.0}) {
            const double g = std::ldexp(1.0, l) / 8.0;
            out.push_back({{"coord", {p[0], p[1]}}, {"grad_x", {g, 0.0}}, {"grad_y", {0.0, g / ratio}}});
         }
   return out;
}

GLenum gl_enum(const ojson &v, GLenum fallback) {
   GLenum e = fallback;
   if (v.is_string())
      gl_enum_from_name(v.get<std::string>(), &e);
   return e;
}

}  // namespace

// GL (EXT/ARB_texture_filter_anisotropic) leaves the anisotropic footprint to the
// implementation: the reference bounds each result by the texels of the footprint on the
// levels between λ_aniso and λ_iso (ref_aniso.h). Only what this group's scenarios use is
// read: a 2D colour texture, REPEAT, the filters and GL_TEXTURE_MAX_ANISOTROPY.
std::vector<ref::ref_bounds> aniso_bounds(const ojson &scenario) {
   const format_info f = fmt(scenario["texture"]["internal_format"].get<std::string>());
   ref::ref_texture t;
   t.target = GL_TEXTURE_2D;
   const ojson &levels = scenario["texture"]["levels"];
   const unsigned w = scenario["texture"]["width"], h = scenario["texture"]["height"];
   for (size_t l = 0; l < levels.size(); ++l) {
      ref::ref_level lv;
      lv.width = std::max(1u, w >> l);
      lv.height = std::max(1u, h >> l);
      for (const ojson &v : levels[l]) {
         std::string error;
         const auto texel = ref::ref_encode(f.pf, v.get<std::vector<double>>(), true, &error);
         if (!texel)
            throw std::invalid_argument("aniso bounds: " + error);
         lv.texels.push_back(*texel);
      }
      t.levels.push_back(std::move(lv));
   }
   t.max_level = static_cast<int>(levels.size()) - 1;
   const ojson &p = scenario["sampler"];
   ref::ref_sampler s;
   s.min_filter = gl_enum(p.value("GL_TEXTURE_MIN_FILTER", ojson()), GL_NEAREST_MIPMAP_LINEAR);
   s.mag_filter = gl_enum(p.value("GL_TEXTURE_MAG_FILTER", ojson()), GL_LINEAR);
   const double aniso = p.contains("GL_TEXTURE_MAX_ANISOTROPY") ? p["GL_TEXTURE_MAX_ANISOTROPY"]["f"].get<double>() : 1.0;
   std::vector<ref::ref_bounds> out;
   for (const ojson &j : scenario["lookups"]) {
      ref::ref_lookup l;
      l.ncoord = 2;
      l.coord[0] = j["coord"][0];
      l.coord[1] = j["coord"][1];
      l.has_grad = true;
      for (int c = 0; c < 2; ++c) {
         l.dPdx[c] = j["grad_x"][c];
         l.dPdy[c] = j["grad_y"][c];
      }
      out.push_back(ref::ref_sample_aniso_bounds(t, s, l, aniso));
   }
   return out;
}

void add_aniso(std::vector<test_case> &out) {
   unsigned seed = 40000;
   const shape s = shape_for(GL_TEXTURE_2D, 4);
   for (const char *fname : {"GL_RGBA8", "GL_RGBA16F", "GL_RGBA32F"})
      for (double aniso : {1.0, 2.0, 4.0, 16.0})
         for (const char *min : {"GL_LINEAR", "GL_LINEAR_MIPMAP_NEAREST", "GL_LINEAR_MIPMAP_LINEAR", "GL_NEAREST"})
            for (bool constant : {false, true}) {
               const format_info f = fmt(fname);
               test_case c;
               c.name = "clampler/aniso/2d/" + f.gl_name + "/max-" + std::to_string(static_cast<int>(aniso)) + "/" + min +
                        (constant ? "-constant" : "-varied");
               c.scenario = scenario_for(f, s, seed++, constant);
               ojson &p = c.scenario["sampler"];
               p["GL_TEXTURE_MIN_FILTER"] = min;
               p["GL_TEXTURE_MAG_FILTER"] = "GL_LINEAR";
               p["GL_TEXTURE_MAX_ANISOTROPY"] = {{"f", aniso}};
               c.scenario["lookups"] = aniso_lookups();
               c.tol = tolerance_for(f, 3, false);
               c.aniso_bounds = aniso > 1.0;
               out.push_back(std::move(c));
            }
}

}  // namespace clampler::conformance
