// Group shadow (piglit depth-compare / depth texture mode tests): compare funcs, filters, depth modes, swizzles, targets.
#include <cmath>

#include "conformance_gen.h"

namespace clampler::conformance {
namespace {

const char *const kDepthFormats[] = {"GL_DEPTH_COMPONENT16", "GL_DEPTH_COMPONENT24", "GL_DEPTH_COMPONENT32F",
                                     "GL_DEPTH24_STENCIL8", "GL_DEPTH32F_STENCIL8"};
const char *const kFuncs[] = {"GL_NEVER",   "GL_LESS",     "GL_EQUAL",  "GL_LEQUAL",
                              "GL_GREATER", "GL_NOTEQUAL", "GL_GEQUAL", "GL_ALWAYS"};
const char *const kModes[] = {"GL_LUMINANCE", "GL_INTENSITY", "GL_ALPHA", "GL_RED"};

// Shadow lookups on 2D arrays and cubes take gradients here, as a GLSL 4.50 program must (their
// explicit LODs: DeviceSampleMatrix.ShadowLookupsWithAnExplicitLodOnArraysAndCubes).
bool needs_grads(GLenum target) { return target == GL_TEXTURE_2D_ARRAY || target == GL_TEXTURE_CUBE_MAP; }

test_case make(const format_info &f, GLenum target, const std::string &tail, const std::string &func,
               const filter_mode &fm, unsigned seed) {
   const shape s = shape_for(target);
   test_case c;
   c.name = "clampler/shadow/" + std::string(target_short(target)) + "/" + f.gl_name + "/" + tail;
   c.scenario = scenario_for(f, s, seed);
   ojson &p = c.scenario["sampler"];
   set_wraps_and_filters(p, "GL_CLAMP_TO_EDGE", fm);
   if (!func.empty()) {
      p["GL_TEXTURE_COMPARE_MODE"] = "GL_COMPARE_REF_TO_TEXTURE";
      p["GL_TEXTURE_COMPARE_FUNC"] = func;
   }
   ojson lookups = target == GL_TEXTURE_CUBE_MAP ? cube_lookups(s, false) : wrap_lookups(s, 0.0);
   if (!func.empty()) {
      add_compare_refs(lookups);
      if (needs_grads(target))
         lod_to_grads(lookups, s);
   }
   c.scenario["lookups"] = lookups;
   const int axes = fm.name == "nearest" ? 0 : linear_axes(target);
   c.tol = tolerance_for(f, axes, false);
   if (!func.empty() && axes > 0) {
      c.tol.abs = std::ldexp(1.0, -20) + axes / 256.0;  // a weighted pass count: spread 1
      c.tol.why = "compare with LINEAR: weights of " + std::to_string(axes) + " interpolation(s) at 8 bits";
   }
   return c;
}

}  // namespace

void add_shadow(std::vector<test_case> &out) {
   unsigned seed = 9000;
   const filter_mode nearest = image_filters()[0], linear = image_filters()[1];
   // Every compare function x filter x depth format (2D).
   for (const char *name : kDepthFormats)
      for (const char *func : kFuncs)
         for (const filter_mode &fm : {nearest, linear})
            out.push_back(make(fmt(name), GL_TEXTURE_2D, std::string(func) + "/" + fm.name, func, fm, seed++));
   // Depth texture modes and swizzles of shadow results (the shadow_swizzle lowering).
   const format_info d32 = fmt("GL_DEPTH_COMPONENT32F");
   for (const char *mode : kModes)
      for (const filter_mode &fm : {nearest, linear}) {
         test_case c = make(d32, GL_TEXTURE_2D, std::string("mode-") + mode + "/" + fm.name, "GL_LEQUAL", fm, seed++);
         c.scenario["texture"]["depth_texture_mode"] = mode;
         out.push_back(c);
         test_case sw = make(d32, GL_TEXTURE_2D, std::string("mode-") + mode + "-swizzled/" + fm.name, "GL_GREATER", fm,
                             seed++);
         sw.scenario["texture"]["depth_texture_mode"] = mode;
         sw.scenario["texture"]["swizzle"] = {"GL_ALPHA", "GL_RED", "GL_ONE", "GL_GREEN"};
         out.push_back(sw);
         // The same depth modes without compare: the depth value itself through the view swizzle.
         test_case raw = make(d32, GL_TEXTURE_2D, std::string("nocompare-") + mode + "/" + fm.name, "", fm, seed++);
         raw.scenario["texture"]["depth_texture_mode"] = mode;
         out.push_back(raw);
      }
   // Core profile: depth reads as RED whatever the mode.
   for (const filter_mode &fm : {nearest, linear}) {
      test_case c = make(d32, GL_TEXTURE_2D, "core-profile/" + fm.name, "GL_LESS", fm, seed++);
      c.scenario["profile"] = "core";
      out.push_back(c);
   }
   // Other targets.
   for (GLenum target : {GL_TEXTURE_1D, GL_TEXTURE_1D_ARRAY, GL_TEXTURE_2D_ARRAY, GL_TEXTURE_CUBE_MAP})
      for (const char *func : {"GL_LEQUAL", "GL_GREATER"})
         for (const filter_mode &fm : {nearest, linear})
            out.push_back(make(d32, target, std::string(func) + "/" + fm.name, func, fm, seed++));
   // Border depth compared (CLAMP_TO_BORDER, GL_CLAMP) and depth without compare per format.
   for (const char *name : kDepthFormats)
      for (const char *wrap : {"GL_CLAMP_TO_BORDER", "GL_CLAMP"})
         for (const filter_mode &fm : {nearest, linear}) {
            test_case c = make(fmt(name), GL_TEXTURE_2D, std::string("border-") + wrap + "/" + fm.name, "GL_LEQUAL",
                               fm, seed++);
            c.scenario["sampler"]["GL_TEXTURE_WRAP_S"] = wrap;
            c.scenario["sampler"]["GL_TEXTURE_WRAP_T"] = wrap;
            c.scenario["sampler"]["GL_TEXTURE_BORDER_COLOR"] = {0.3, 0.0, 0.0, 1.0};
            out.push_back(c);
         }
}

}  // namespace clampler::conformance
