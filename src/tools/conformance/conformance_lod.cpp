// Group lod (piglit lodbias / lod-clamp / levelclamp): mip filters x mag filters x bias, min/max LOD, base/max level.
#include <cmath>

#include "conformance_gen.h"

namespace clampler::conformance {
namespace {

const char *const kMinFilters[] = {"GL_NEAREST",
                                   "GL_LINEAR",
                                   "GL_NEAREST_MIPMAP_NEAREST",
                                   "GL_LINEAR_MIPMAP_NEAREST",
                                   "GL_NEAREST_MIPMAP_LINEAR",
                                   "GL_LINEAR_MIPMAP_LINEAR"};

struct lod_params {
   const char *name;
   ojson sampler;  // added to the sampler object
   ojson texture;  // texture parameters
   double unit_bias = 0.0;
};

// Explicit LODs chosen so that, after every bias and clamp below, λ is never 0 < λ ≤ 0.5
// (GL's min/mag switch point c = 0.5 for LINEAR mag with NEAREST_MIPMAP_*; docs/rules.md) nor
// k + 0.5 (the NEAREST mip choice). Every fraction is a multiple of 1/16, so a device with
// Vulkan's minimum mipmapPrecisionBits (4) weighs the two levels exactly.
const double kLods[] = {-1.25, 0.75, 1.25, 1.8125, 2.6875, 3.625, 7.0};

// Interior coordinates of an 8x8 texture, off texel boundaries at every level.
ojson lod_lookups(bool grads) {
   ojson out = ojson::array();
   const double pts[][2] = {{0.3, 0.55}, {0.71, 0.2}, {0.45, 0.9}, {0.12, 0.37}};
   if (grads) {
      for (const auto &p : pts)
         for (int l : {-1, 1, 2, 3}) {
            const double g = std::ldexp(1.0, l) / 8.0;  // ρ = 2^l texels: λ = l exactly
            out.push_back({{"coord", {p[0], p[1]}}, {"grad_x", {g, 0.0}}, {"grad_y", {0.0, g}}});
         }
      return out;
   }
   for (const auto &p : pts)
      for (double lod : kLods)
         out.push_back({{"coord", {p[0], p[1]}}, {"lod", lod}});
   return out;
}

}  // namespace

void add_lod(std::vector<test_case> &out) {
   const std::vector<lod_params> params = {
      {"default", ojson::object(), ojson::object()},
      {"bias+1", {{"GL_TEXTURE_LOD_BIAS", 1.0}}, ojson::object()},
      {"bias-2", {{"GL_TEXTURE_LOD_BIAS", -2.0}}, ojson::object()},
      {"texture-bias+1", ojson::object(), {{"GL_TEXTURE_LOD_BIAS", 1.0}}},
      {"unit-bias+1", ojson::object(), ojson::object(), 1.0},
      {"min-lod-1.25", {{"GL_TEXTURE_MIN_LOD", 1.25}}, ojson::object()},
      {"max-lod-1.75", {{"GL_TEXTURE_MAX_LOD", 1.75}}, ojson::object()},
      {"min-max-lod", {{"GL_TEXTURE_MIN_LOD", 1.2}, {"GL_TEXTURE_MAX_LOD", 2.25}}, ojson::object()},
      {"base-level-1", ojson::object(), {{"GL_TEXTURE_BASE_LEVEL", 1}}},
      {"max-level-1", ojson::object(), {{"GL_TEXTURE_MAX_LEVEL", 1}}},
      {"base-1-max-2", ojson::object(), {{"GL_TEXTURE_BASE_LEVEL", 1}, {"GL_TEXTURE_MAX_LEVEL", 2}}},
   };
   unsigned seed = 20000;
   const shape s = shape_for(GL_TEXTURE_2D, 4);  // 8x8, 4 levels
   // The depth formats filter in the shader on devices without linear depth (rule 4's lowering):
   // λ, the switch, the levels and their weights are then the shader's own.
   for (const char *fname : {"GL_RGBA8", "GL_RGBA16F", "GL_RGBA32F", "GL_DEPTH_COMPONENT16", "GL_DEPTH_COMPONENT32F"}) {
      const format_info f = fmt(fname);
      for (const lod_params &lp : params)
         for (const char *min : kMinFilters)
            for (const char *mag : {"GL_NEAREST", "GL_LINEAR"}) {
               test_case c;
               c.name = "clampler/lod/2d/" + f.gl_name + "/" + lp.name + "/" + min + "-" + mag;
               c.scenario = scenario_for(f, s, seed++);
               ojson &p = c.scenario["sampler"];
               p["GL_TEXTURE_WRAP_S"] = "GL_REPEAT";
               p["GL_TEXTURE_WRAP_T"] = "GL_REPEAT";
               p["GL_TEXTURE_MIN_FILTER"] = min;
               p["GL_TEXTURE_MAG_FILTER"] = mag;
               for (auto it = lp.sampler.begin(); it != lp.sampler.end(); ++it)
                  p[it.key()] = it.value();
               for (auto it = lp.texture.begin(); it != lp.texture.end(); ++it)
                  c.scenario["texture"]["params"][it.key()] = it.value();
               if (lp.unit_bias != 0.0)
                  c.scenario["unit_lod_bias"] = lp.unit_bias;
               c.scenario["lookups"] = lod_lookups(false);
               const std::string m = min;
               const bool img_linear = m == "GL_LINEAR" || m.rfind("GL_LINEAR_", 0) == 0 || std::string(mag) == "GL_LINEAR";
               const bool mip_linear = m.find("_MIPMAP_LINEAR") != std::string::npos;
               c.tol = tolerance_for(f, (img_linear ? 2 : 0) + (mip_linear ? 1 : 0), false);
               out.push_back(std::move(c));
            }
      // GL's min/mag switch at c = 0.5 (rule 10): explicit LODs on both sides of 0 and of 0.5,
      // both switch points included (exact in a float), with and without a sampler bias.
      if (!f.depth())
         for (const char *min : {"GL_NEAREST_MIPMAP_NEAREST", "GL_NEAREST_MIPMAP_LINEAR"})
            for (double bias : {0.0, 0.25}) {
               test_case c;
               c.name = "clampler/lod/2d/" + f.gl_name + "/c-switch" + (bias != 0.0 ? "-bias" : "") + "/" + min +
                        "-GL_LINEAR";
               c.scenario = scenario_for(f, s, seed++);
               ojson &p = c.scenario["sampler"];
               p["GL_TEXTURE_MIN_FILTER"] = min;
               p["GL_TEXTURE_MAG_FILTER"] = "GL_LINEAR";
               if (bias != 0.0)
                  p["GL_TEXTURE_LOD_BIAS"] = bias;
               ojson lookups = ojson::array();
               const double pts[][2] = {{0.3, 0.55}, {0.71, 0.2}, {0.45, 0.9}};
               for (const auto &pt : pts)
                  for (double lod : {-0.25, 0.0, 0.0625, 0.25, 0.4375, 0.5, 0.5625, 0.75})
                     lookups.push_back({{"coord", {pt[0], pt[1]}}, {"lod", lod - bias}});
               c.scenario["lookups"] = lookups;
               c.tol = tolerance_for(f, 2 + (std::string(min) == "GL_NEAREST_MIPMAP_LINEAR" ? 1 : 0), false);
               out.push_back(std::move(c));
            }
      // LOD from gradients (λ integral, away from every decision point).
      for (const char *min : kMinFilters) {
         test_case c;
         c.name = "clampler/lod/2d/" + f.gl_name + "/gradients/" + min;
         c.scenario = scenario_for(f, s, seed++);
         ojson &p = c.scenario["sampler"];
         p["GL_TEXTURE_MIN_FILTER"] = min;
         p["GL_TEXTURE_MAG_FILTER"] = "GL_LINEAR";
         c.scenario["lookups"] = lod_lookups(true);
         c.tol = tolerance_for(f, 3, false);
         out.push_back(std::move(c));
      }
   }
}

}  // namespace clampler::conformance
