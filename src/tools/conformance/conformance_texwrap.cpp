// Group texwrap (piglit texwrap): every GL wrap mode x NEAREST/LINEAR/mixed filters x targets x format families.
#include <cmath>

#include "conformance_gen.h"

namespace clampler::conformance {
namespace {

// Format families (piglit texwrap's formats): unorm8/16, snorm, half/float, sRGB, packed,
// legacy alpha/luminance/intensity, depth without compare, depth-stencil read as depth.
// Integer formats have their own group (texwrap of pure integers, integer border colours).
const char *const kFormats2d[] = {
   "GL_RGBA8",        "GL_RGB8",        "GL_RG8",          "GL_R8",          "GL_RGBA16",
   "GL_RGBA8_SNORM",  "GL_RGBA16_SNORM", "GL_RGBA16F",     "GL_RG16F",       "GL_RGBA32F",
   "GL_R32F",         "GL_SRGB8_ALPHA8", "GL_RGB10_A2",    "GL_RGB565",      "GL_RGBA4",
   "GL_RGB5_A1",      "GL_R11F_G11F_B10F", "GL_RGB9_E5",   "GL_ALPHA8",      "GL_LUMINANCE8",
   "GL_LUMINANCE8_ALPHA8", "GL_INTENSITY8", "GL_LUMINANCE16F_ARB", "GL_DEPTH_COMPONENT16",
   "GL_DEPTH_COMPONENT24", "GL_DEPTH_COMPONENT32F", "GL_DEPTH24_STENCIL8", "GL_DEPTH32F_STENCIL8"};
const char *const kFormatsOther[] = {"GL_RGBA8", "GL_RGBA16F", "GL_RGBA32F"};
const GLenum kTargetsOther[] = {GL_TEXTURE_1D, GL_TEXTURE_3D, GL_TEXTURE_1D_ARRAY, GL_TEXTURE_2D_ARRAY};

void add(std::vector<test_case> &out, const format_info &f, GLenum target, unsigned seed) {
   const shape s = shape_for(target);
   for (const std::string &wrap : all_wraps())
      for (const filter_mode &fm : image_filters()) {
         test_case c;
         c.name = "clampler/texwrap/" + std::string(target_short(target)) + "/" + f.gl_name + "/" + wrap + "/" + fm.name;
         c.scenario = scenario_for(f, s, seed++);
         ojson &p = c.scenario["texture"]["params"];
         set_wraps_and_filters(p, wrap, fm, true);
         p["GL_TEXTURE_BORDER_COLOR"] = border_param(f, {0.2, 0.4, 0.6, 0.8});
         c.scenario.erase("sampler");
         c.scenario["lookups"] = fm.name == "mixed" ? mixed_filter_lookups(s) : wrap_lookups(s, 0.0);
         c.tol = tolerance_for(f, fm.name == "nearest" ? 0 : linear_axes(target), f.d->is_srgb);
         out.push_back(std::move(c));
      }
}

}  // namespace

void add_texwrap(std::vector<test_case> &out) {
   unsigned seed = 1000;
   for (const char *name : kFormats2d)
      add(out, fmt(name), GL_TEXTURE_2D, seed += 100);
   for (GLenum target : kTargetsOther)
      for (const char *name : kFormatsOther)
         add(out, fmt(name), target, seed += 100);
   // Depth without compare on the other targets that take depth (rule 4's lowering, 1D and arrays).
   for (GLenum target : {GL_TEXTURE_1D, GL_TEXTURE_1D_ARRAY, GL_TEXTURE_2D_ARRAY})
      add(out, fmt("GL_DEPTH_COMPONENT32F"), target, seed += 100);
}

}  // namespace clampler::conformance
