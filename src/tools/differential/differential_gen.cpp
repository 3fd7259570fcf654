// The differential harness's scenario generator: seeded random scenarios over every group, each lookup one GL defines.
#include "differential.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "../conformance/conformance_gen.h"
#include "differential_rng.h"

namespace clampler::differential {
namespace {

using conformance::format_info;
using conformance::fmt;

const char *const kColour[] = {"GL_RGBA8",    "GL_RGB8",          "GL_RG8",      "GL_R8",         "GL_RGBA16",
                               "GL_RGBA8_SNORM", "GL_RGBA16F",    "GL_RGBA32F",  "GL_R32F",       "GL_RGB10_A2",
                               "GL_RGB565",   "GL_RGBA4",         "GL_RGB5_A1",  "GL_R11F_G11F_B10F", "GL_RGB9_E5",
                               "GL_ALPHA8",   "GL_LUMINANCE8",    "GL_LUMINANCE8_ALPHA8", "GL_INTENSITY8"};
const char *const kSrgb[] = {"GL_SRGB8_ALPHA8", "GL_SRGB8", "GL_SLUMINANCE8_ALPHA8"};
const char *const kInteger[] = {"GL_RGBA8UI", "GL_RGBA16I", "GL_R32UI", "GL_RGBA32I", "GL_RG8I", "GL_RGB10_A2UI"};
const char *const kDepth[] = {"GL_DEPTH_COMPONENT16", "GL_DEPTH_COMPONENT24", "GL_DEPTH_COMPONENT32F",
                              "GL_DEPTH24_STENCIL8", "GL_DEPTH32F_STENCIL8"};
const char *const kWraps[] = {"GL_REPEAT", "GL_CLAMP", "GL_CLAMP_TO_EDGE", "GL_CLAMP_TO_BORDER", "GL_MIRRORED_REPEAT",
                              "GL_MIRROR_CLAMP_EXT", "GL_MIRROR_CLAMP_TO_EDGE", "GL_MIRROR_CLAMP_TO_BORDER_EXT"};
const char *const kRectWraps[] = {"GL_CLAMP", "GL_CLAMP_TO_EDGE", "GL_CLAMP_TO_BORDER"};
const char *const kMinFilters[] = {"GL_NEAREST", "GL_LINEAR", "GL_NEAREST_MIPMAP_NEAREST", "GL_LINEAR_MIPMAP_NEAREST",
                                   "GL_NEAREST_MIPMAP_LINEAR", "GL_LINEAR_MIPMAP_LINEAR"};
const char *const kFuncs[] = {"GL_NEVER", "GL_LESS", "GL_EQUAL", "GL_LEQUAL", "GL_GREATER", "GL_NOTEQUAL", "GL_GEQUAL",
                              "GL_ALWAYS"};
const char *const kSwizzle[] = {"GL_RED", "GL_GREEN", "GL_BLUE", "GL_ALPHA", "GL_ZERO", "GL_ONE"};
// LODs off GL's decision points where they matter, multiples of 1/16 (Vulkan's minimum
// mipmapPrecisionBits), and some on them (0, 0.5, 1.5: GL defines the choice exactly).
const double kLods[] = {-1.0, -0.25, 0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.8125, 2.0, 2.6875, 3.5, 6.0};

bool is_pot(unsigned n) { return (n & (n - 1)) == 0; }
unsigned full_levels(unsigned n) {
   unsigned l = 1;
   while (n >> l)
      ++l;
   return l;
}

// One coordinate along an axis of `size` texels: texel k (−size … 2·size) at a fraction that is
// a multiple of 1/8. Exact texel boundaries (fraction 0) only where size is a power of two, so
// the coordinate a float holds is the boundary itself and GL's answer is defined by it.
double axis_coord(rng_t &r, unsigned size, bool texels) {
   const int k = static_cast<int>(r.below(3 * size + 1)) - static_cast<int>(size);
   unsigned eighth = r.below(8);
   if (eighth == 0 && !is_pot(size))
      eighth = 1 + r.below(7);
   const double u = k + eighth / 8.0;
   return texels ? u : u / size;
}

// Layer coordinates: in and out of range, halves included (GL rounds them up: floor(l + ½)).
double layer_coord(rng_t &r, unsigned layers) {
   return (static_cast<int>(r.below(4 * layers + 5)) - 2) / 4.0;
}

}  // namespace

const std::vector<std::string> &groups() {
   static const std::vector<std::string> g = {"wrap", "lod",   "border", "depth",     "shadow", "integer", "stencil",
                                              "cube", "array", "rect",   "srgb",      "mixed",  "swizzle", "errors"};
   return g;
}

ojson random_scenario(std::mt19937_64 &g, const std::string &group, std::string *name) {
   rng_t r{g};
   // The format and the target.
   std::string format = r.pick(kColour);
   GLenum target = GL_TEXTURE_2D;
   const GLenum colour_targets[] = {GL_TEXTURE_1D, GL_TEXTURE_2D, GL_TEXTURE_3D, GL_TEXTURE_1D_ARRAY, GL_TEXTURE_2D_ARRAY};
   const GLenum depth_targets[] = {GL_TEXTURE_1D, GL_TEXTURE_2D, GL_TEXTURE_1D_ARRAY, GL_TEXTURE_2D_ARRAY,
                                   GL_TEXTURE_RECTANGLE};
   if (group == "depth" || group == "shadow") {
      format = r.pick(kDepth);
      target = depth_targets[r.below(5)];
   } else if (group == "integer") {
      format = r.pick(kInteger);
      target = colour_targets[r.below(5)];
   } else if (group == "stencil") {
      format = r.chance(30) ? "GL_STENCIL_INDEX8" : (r.chance(50) ? "GL_DEPTH24_STENCIL8" : "GL_DEPTH32F_STENCIL8");
      target = r.chance(50) ? GL_TEXTURE_2D : GL_TEXTURE_2D_ARRAY;
   } else if (group == "srgb") {
      format = r.pick(kSrgb);
   } else if (group == "cube") {
      target = r.chance(70) ? GL_TEXTURE_CUBE_MAP : GL_TEXTURE_CUBE_MAP_ARRAY;
      if (r.chance(25))
         format = r.pick(kDepth);
   } else if (group == "array") {
      target = r.chance(50) ? GL_TEXTURE_1D_ARRAY : GL_TEXTURE_2D_ARRAY;
   } else if (group == "rect") {
      target = GL_TEXTURE_RECTANGLE;
   } else {
      target = colour_targets[r.below(5)];
   }
   const format_info f = fmt(format);
   const bool depth = f.depth() && !f.stencil_only() && group != "stencil";
   const bool integer = f.integer() || group == "stencil";
   const bool rect = target == GL_TEXTURE_RECTANGLE;
   const bool cube = target == GL_TEXTURE_CUBE_MAP || target == GL_TEXTURE_CUBE_MAP_ARRAY;
   const bool shadow = group == "shadow" || (depth && group == "cube" && r.chance(50));

   // Filters (integer and stencil textures: NEAREST, as GL makes LINEAR incomplete for them).
   std::string min = r.pick(kMinFilters), mag = r.chance(50) ? "GL_LINEAR" : "GL_NEAREST";
   if (group == "mixed") {
      mag = "GL_LINEAR";
      min = r.pick({0, 1}) == 0 ? "GL_NEAREST_MIPMAP_NEAREST" : "GL_NEAREST_MIPMAP_LINEAR";
      if (r.chance(40))
         min = "GL_NEAREST", mag = "GL_LINEAR";
      if (r.chance(30))
         min = "GL_LINEAR", mag = "GL_NEAREST";
   }
   if (integer) {
      min = r.chance(50) ? "GL_NEAREST" : "GL_NEAREST_MIPMAP_NEAREST";
      mag = "GL_NEAREST";
   }
   if (rect && min != "GL_NEAREST" && min != "GL_LINEAR")
      min = r.chance(50) ? "GL_NEAREST" : "GL_LINEAR";
   const bool mipmapped = min.find("MIPMAP") != std::string::npos;

   // The shape: small sizes, powers of two and not; a full chain when mipmapped.
   conformance::shape s;
   s.target = target;
   const unsigned sizes[] = {1, 2, 3, 4, 5, 8};
   s.width = sizes[r.below(6)];
   s.height = target == GL_TEXTURE_1D ? 1 : target == GL_TEXTURE_1D_ARRAY ? 1 + r.below(4) : sizes[r.below(6)];
   if (cube)
      s.height = s.width;
   s.depth = target == GL_TEXTURE_3D ? sizes[r.below(4)]
             : target == GL_TEXTURE_2D_ARRAY ? 1 + r.below(4)
             : target == GL_TEXTURE_CUBE_MAP_ARRAY ? 6 * (1 + r.below(2))
                                                  : 1;
   unsigned biggest = s.width;
   if (target != GL_TEXTURE_1D && target != GL_TEXTURE_1D_ARRAY)
      biggest = std::max(biggest, s.height);
   if (target == GL_TEXTURE_3D)
      biggest = std::max(biggest, s.depth);
   s.levels = rect ? 1 : mipmapped || r.chance(40) ? full_levels(biggest) : 1;
   if (integer && !mipmapped)
      s.levels = 1;  // Mesa reads above the base level here (docs/fidelity.md); GL's answer does not depend on it
   ojson sc = conformance::scenario_for(f, s, static_cast<unsigned>(g() & 0xffffff));

   // Sampler state: the texture's own parameters, or a sampler object.
   const bool use_sampler = r.chance(50);
   ojson p = ojson::object();
   const char *wrap_s = rect ? r.pick(kRectWraps) : r.pick(kWraps);
   const char *wrap_t = group == "wrap" || r.chance(50) ? wrap_s : (rect ? r.pick(kRectWraps) : r.pick(kWraps));
   p["GL_TEXTURE_WRAP_S"] = wrap_s;
   p["GL_TEXTURE_WRAP_T"] = wrap_t;
   if (target == GL_TEXTURE_3D || cube)
      p["GL_TEXTURE_WRAP_R"] = r.pick(kWraps);
   p["GL_TEXTURE_MIN_FILTER"] = min;
   p["GL_TEXTURE_MAG_FILTER"] = mag;
   if (group == "border" || r.chance(30)) {
      std::vector<double> c(4);
      for (double &v : c)
         v = !integer                ? (static_cast<int>(r.below(25)) - 4) / 16.0
             : f.d->is_signed ? static_cast<double>(static_cast<int>(r.below(300)) - 20)
                                  : static_cast<double>(r.below(300));
      if (group == "border" && r.chance(50))
         p["GL_TEXTURE_WRAP_S"] = p["GL_TEXTURE_WRAP_T"] = r.chance(50) ? "GL_CLAMP_TO_BORDER" : "GL_CLAMP";
      p["GL_TEXTURE_BORDER_COLOR"] = conformance::border_param(f, c);
   }
   if (group == "lod" || (mipmapped && r.chance(40))) {
      if (r.chance(50))
         p["GL_TEXTURE_LOD_BIAS"] = r.pick({-1.5, -0.5, 0.25, 0.5, 1.0, 2.0});
      if (r.chance(40))
         p["GL_TEXTURE_MIN_LOD"] = r.pick({-1.0, 0.5, 1.0, 1.25});
      if (r.chance(40))
         p["GL_TEXTURE_MAX_LOD"] = r.pick({0.25, 1.0, 1.75, 2.5, 8.0});
   }
   if (shadow) {
      p["GL_TEXTURE_COMPARE_MODE"] = "GL_COMPARE_REF_TO_TEXTURE";
      p["GL_TEXTURE_COMPARE_FUNC"] = r.pick(kFuncs);
   }
   if (group == "srgb" && r.chance(50))
      p["GL_TEXTURE_SRGB_DECODE_EXT"] = "GL_SKIP_DECODE_EXT";
   if (cube && r.chance(50))
      sc["seamless_cube_map"] = true;
   if (use_sampler) {
      sc["sampler"] = p;
   } else {
      sc.erase("sampler");
      sc["texture"]["params"] = p;
   }
   // (ordered_map: a reference into sc dies when a key is added beside it; fetched each time)
   const auto tp = [&sc]() -> ojson & { return sc["texture"]["params"]; };
   if (!rect && s.levels > 1 && (group == "lod" || r.chance(20))) {
      const unsigned base = r.below(s.levels);
      tp()["GL_TEXTURE_BASE_LEVEL"] = base;
      if (r.chance(50))
         tp()["GL_TEXTURE_MAX_LEVEL"] = base + r.below(s.levels - base);
   }
   if (group == "swizzle" || r.chance(15)) {
      ojson sw = ojson::array();
      for (int c = 0; c < 4; ++c)
         sw.push_back(r.pick(kSwizzle));
      sc["texture"]["swizzle"] = sw;
   }
   if (depth && r.chance(50))
      sc["texture"]["depth_texture_mode"] = r.chance(50) ? "GL_LUMINANCE" : (r.chance(50) ? "GL_INTENSITY" : "GL_ALPHA");
   if (group == "stencil" && !f.stencil_only())
      sc["texture"]["depth_stencil_texture_mode"] = "GL_STENCIL_INDEX";
   // A stencil index goes through the depth texture mode as a depth does (docs/fidelity.md).
   if (group == "stencil" && r.chance(50))
      sc["texture"]["depth_texture_mode"] = r.pick({"GL_LUMINANCE", "GL_INTENSITY", "GL_ALPHA", "GL_RED"});
   if (group == "lod" && r.chance(30))
      sc["unit_lod_bias"] = r.pick({-1.0, 0.5, 1.0});

   // One invalid parameter among valid ones: GL raises an error and changes nothing.
   if (group == "errors") {
      const std::pair<const char *, ojson> bad[] = {
         {"GL_TEXTURE_WRAP_S", "GL_LINEAR"},
         {"GL_TEXTURE_MIN_FILTER", "GL_REPEAT"},
         {"GL_TEXTURE_MAG_FILTER", "GL_LINEAR_MIPMAP_LINEAR"},
         {"GL_TEXTURE_COMPARE_FUNC", "GL_RED"},
         {"GL_TEXTURE_COMPARE_MODE", "GL_LINEAR"},
         {"GL_TEXTURE_MAX_ANISOTROPY", 0.5},
         {"GL_TEXTURE_WRAP_T", "GL_CLAMP_TO_ZERO_NONEXISTENT"},
      };
      const auto &[pname, value] = bad[r.below(6)];
      (use_sampler ? sc["sampler"] : tp())[pname] = value;
      if (!use_sampler && r.chance(50))
         tp()["GL_TEXTURE_BASE_LEVEL"] = -1;
   }

   // The lookups: explicit LODs or axis-aligned gradients (ρ is then the same for every
   // approximation GL allows), coordinates off texel boundaries except on power-of-two axes.
   ojson lookups = ojson::array();
   const unsigned count = 8 + r.below(25);
   const unsigned dims = target == GL_TEXTURE_1D || target == GL_TEXTURE_1D_ARRAY ? 1
                         : target == GL_TEXTURE_3D                                 ? 3
                                                                                   : 2;
   const unsigned layers = target == GL_TEXTURE_1D_ARRAY ? s.height
                           : target == GL_TEXTURE_2D_ARRAY ? s.depth
                           : target == GL_TEXTURE_CUBE_MAP_ARRAY ? s.depth / 6
                                                                  : 0;
   const unsigned axis_size[3] = {s.width, s.height, s.depth};
   for (unsigned i = 0; i < count; ++i) {
      ojson lk;
      ojson coord = ojson::array();
      if (cube) {
         // A direction whose major axis is unique (GL leaves ties to the implementation).
         const unsigned major = r.below(3);
         const double sign = r.chance(50) ? 1.0 : -1.0;
         for (unsigned a = 0; a < 3; ++a)
            coord.push_back(a == major ? sign : (static_cast<int>(r.below(31)) - 15) / 16.0);
      } else {
         for (unsigned a = 0; a < dims; ++a)
            coord.push_back(axis_coord(r, axis_size[a], rect));
      }
      if (layers)
         coord.push_back(layer_coord(r, layers));
      lk["coord"] = coord;
      if (cube && r.chance(35)) {
         // ρ = g texels of the face along both of its axes: the direction's major coordinate is
         // ±1 and the gradients lie along the two others, so each face coordinate s = (sc + 1) / 2
         // moves by half the gradient (GL 4.6 §8.13, 8.14.1). g a power of two: λ = log2 g for
         // every approximation of log2 that is exact there.
         const double gsz = r.pick({0.5, 1.0, 2.0, 4.0});
         unsigned major = 0;
         for (unsigned a = 0; a < 3; ++a)
            major = std::fabs(coord[a].get<double>()) == 1.0 ? a : major;
         ojson gx = ojson::array(), gy = ojson::array();
         for (unsigned a = 0; a < 3; ++a) {
            gx.push_back(a == (major + 1) % 3 ? 2.0 * gsz / s.width : 0.0);
            gy.push_back(a == (major + 2) % 3 ? 2.0 * gsz / s.width : 0.0);
         }
         lk["grad_x"] = gx;
         lk["grad_y"] = gy;
      } else if (!cube && !rect && r.chance(35)) {
         // ρ = g texels along each axis, the same on both (λ = log2 g).
         const double gsz = r.pick({0.5, 1.0, 2.0, 3.0, 4.0});
         ojson gx = ojson::array(), gy = ojson::array();
         for (unsigned a = 0; a < dims; ++a) {
            gx.push_back(a == 0 ? gsz / axis_size[a] : 0.0);
            gy.push_back(a == 1 || (dims == 1 && a == 0) ? gsz / axis_size[a] : 0.0);
         }
         if (dims == 1)
            gy[0] = 0.0;
         lk["grad_x"] = gx;
         lk["grad_y"] = gy;
      } else {
         lk["lod"] = kLods[r.below(14)];
      }
      if (shadow)
         lk["compare_ref"] = (static_cast<int>(r.below(160)) - 16) / 128.0 + 1.0 / 1024;
      lookups.push_back(lk);
   }
   sc["lookups"] = lookups;
   if (name)
      *name = group + "/" + conformance::target_short(target) + "/" + format;
   return sc;
}

}  // namespace clampler::differential
