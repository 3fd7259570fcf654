// Conformance case generation: formats, deterministic texel data, lookup sweeps, tolerances and the matrix itself.
#include "conformance_gen.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include "clampler/gl/gl_enum_names.h"
#include "clampler/ref/ref_format.h"

namespace clampler::conformance {
namespace {

uint64_t splitmix(uint64_t x) {
   x += 0x9e3779b97f4a7c15ull;
   x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
   x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
   return x ^ (x >> 31);
}

// Uniform in [0, 1) from the seed and the texel's position.
double unit(unsigned seed, size_t level, size_t index, unsigned comp) {
   const uint64_t h = splitmix((static_cast<uint64_t>(seed) << 40) ^ (static_cast<uint64_t>(level) << 32) ^
                               (static_cast<uint64_t>(index) << 3) ^ comp);
   return static_cast<double>(h >> 11) / 9007199254740992.0;
}

enum class comp_kind { unorm, snorm, sfloat, ufloat, sint, uint, depth, stencil };

comp_kind kind_of(const util_format_description &d, unsigned c) {
   if (d.gl_base_format == GL_STENCIL_INDEX)
      return comp_kind::stencil;
   if (d.depth_bits)
      return c == 0 ? comp_kind::depth : comp_kind::stencil;
   if (d.is_integer)
      return d.is_signed ? comp_kind::sint : comp_kind::uint;
   if (d.is_float)
      return d.is_signed ? comp_kind::sfloat : comp_kind::ufloat;
   return d.is_signed ? comp_kind::snorm : comp_kind::unorm;
}

double component_value(const util_format_description &d, unsigned c, double u) {
   const unsigned bits = std::max<unsigned>(1, d.channel_bits[std::min<unsigned>(c, 3)]);
   switch (kind_of(d, c)) {
   case comp_kind::unorm: return std::round(u * 255.0) / 255.0;
   case comp_kind::snorm: return std::round(u * 254.0) / 127.0 - 1.0;
   case comp_kind::sfloat: return std::round(u * 64.0) / 16.0 - 1.0;
   case comp_kind::ufloat: return std::round(u * 64.0) / 16.0;
   case comp_kind::depth: return (2.0 * std::floor(u * 16.0) + 1.0) / 32.0;  // odd multiples of 1/32
   case comp_kind::stencil: return std::floor(u * 256.0);
   case comp_kind::sint: {
      const double half = std::ldexp(1.0, static_cast<int>(bits) - 1);
      return std::floor(u * 2.0 * half) - half;
   }
   case comp_kind::uint: return std::floor(u * std::ldexp(1.0, static_cast<int>(bits)));
   }
   return 0.0;
}

unsigned level_size(unsigned x, unsigned l) { return std::max(1u, x >> l); }

ojson lookup(std::initializer_list<double> coord, double lod) {
   ojson l;
   l["coord"] = ojson::array();
   for (double c : coord)
      l["coord"].push_back(c);
   if (!std::isnan(lod))
      l["lod"] = lod;
   return l;
}

// -1 .. 2 over an axis of n texels, at 1/4 and 3/4 of a texel (texel units when unnormalized).
std::vector<double> sweep(unsigned n, bool unnormalized) {
   std::vector<double> v;
   const int N = static_cast<int>(n);
   for (int m = -N; m < 2 * N; ++m)
      for (double f : {0.25, 0.75})
         v.push_back(unnormalized ? m + f : (m + f) / N);
   return v;
}

double inner(unsigned n, bool unnormalized) { return unnormalized ? 1.25 : 1.25 / n; }

}  // namespace

void set_wraps_and_filters(ojson &params, const std::string &wrap, const filter_mode &fm, bool with_r) {
   params["GL_TEXTURE_WRAP_S"] = wrap;
   params["GL_TEXTURE_WRAP_T"] = wrap;
   if (with_r)
      params["GL_TEXTURE_WRAP_R"] = wrap;
   params["GL_TEXTURE_MIN_FILTER"] = fm.min;
   params["GL_TEXTURE_MAG_FILTER"] = fm.mag;
}

format_info fmt(const std::string &gl_name) {
   GLenum e = 0;
   if (!gl_enum_from_name(gl_name, &e))
      throw std::logic_error("conformance: unknown format " + gl_name);
   format_info f;
   f.gl_name = gl_name;
   f.pf = util_format_from_gl_internal_format(e);
   f.d = util_format_describe(f.pf);
   if (!f.d)
      throw std::logic_error("conformance: no pipe format for " + gl_name);
   return f;
}

const char *target_short(GLenum target) {
   switch (target) {
   case GL_TEXTURE_1D: return "1d";
   case GL_TEXTURE_2D: return "2d";
   case GL_TEXTURE_3D: return "3d";
   case GL_TEXTURE_RECTANGLE: return "rect";
   case GL_TEXTURE_CUBE_MAP: return "cube";
   case GL_TEXTURE_1D_ARRAY: return "1d_array";
   case GL_TEXTURE_2D_ARRAY: return "2d_array";
   case GL_TEXTURE_CUBE_MAP_ARRAY: return "cube_array";
   case GL_TEXTURE_2D_MULTISAMPLE: return "2d_ms";
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY: return "2d_ms_array";
   case GL_TEXTURE_BUFFER: return "buffer";
   default: return "unknown";
   }
}

shape shape_for(GLenum target, unsigned levels) {
   shape s;
   s.target = target;
   s.levels = levels;
   const unsigned n = levels > 1 ? 1u << (levels - 1) : 4u;
   s.width = n;
   s.height = n;
   switch (target) {
   case GL_TEXTURE_1D: s.height = 1; break;
   case GL_TEXTURE_1D_ARRAY: s.height = 3; break;
   case GL_TEXTURE_3D: s.depth = n; break;
   case GL_TEXTURE_2D_ARRAY: s.depth = 3; break;
   case GL_TEXTURE_CUBE_MAP: s.depth = 1; break;
   case GL_TEXTURE_CUBE_MAP_ARRAY: s.depth = 12; break;
   default: break;
   }
   return s;
}

ojson texel_levels(const format_info &f, const shape &s, unsigned seed, bool constant) {
   const int count = ref::ref_format_component_count(f.pf);
   ojson levels = ojson::array();
   for (unsigned l = 0; l < s.levels; ++l) {
      const unsigned w = level_size(s.width, l);
      const unsigned h = s.target == GL_TEXTURE_1D_ARRAY ? s.height : level_size(s.height, l);
      unsigned d = level_size(s.depth, l);
      if (s.target == GL_TEXTURE_CUBE_MAP)
         d = 6;
      else if (s.target == GL_TEXTURE_2D_ARRAY || s.target == GL_TEXTURE_CUBE_MAP_ARRAY)
         d = s.depth;
      ojson texels = ojson::array();
      const size_t n = static_cast<size_t>(w) * h * d;
      for (size_t i = 0; i < n; ++i) {
         ojson t = ojson::array();
         for (int c = 0; c < count; ++c) {
            const double v = component_value(*f.d, static_cast<unsigned>(c),
                                             unit(seed, constant ? 0 : l, constant ? 0 : i, static_cast<unsigned>(c)));
            if (kind_of(*f.d, static_cast<unsigned>(c)) == comp_kind::sint ||
                kind_of(*f.d, static_cast<unsigned>(c)) == comp_kind::uint ||
                kind_of(*f.d, static_cast<unsigned>(c)) == comp_kind::stencil)
               t.push_back(static_cast<int64_t>(v));
            else
               t.push_back(v);
         }
         texels.push_back(t);
      }
      levels.push_back(texels);
   }
   return levels;
}

double value_spread(const format_info &f, bool stencil) {
   if (stencil || f.integer())
      return 0.0;
   switch (kind_of(*f.d, 0)) {
   case comp_kind::snorm: return 2.0;
   case comp_kind::sfloat:
   case comp_kind::ufloat: return 4.0;
   default: return 1.0;
   }
}

ojson wrap_lookups(const shape &s, double lod) {
   const bool un = s.target == GL_TEXTURE_RECTANGLE;
   const auto S = sweep(s.width, un), T = sweep(s.height, un), R = sweep(s.depth, un);
   const double si = inner(s.width, un), ti = inner(s.height, un), ri = inner(s.depth, un);
   const std::vector<double> layers = {-1.2, 0.3, 0.7, 1.3, 2.2, 9.0};
   ojson out = ojson::array();
   switch (s.target) {
   case GL_TEXTURE_1D:
      for (double x : S)
         out.push_back(lookup({x}, lod));
      break;
   case GL_TEXTURE_1D_ARRAY:
      for (double x : S)
         out.push_back(lookup({x, 1.0}, lod));
      for (double y : layers)
         out.push_back(lookup({si, y}, lod));
      break;
   case GL_TEXTURE_2D:
   case GL_TEXTURE_RECTANGLE:
   case GL_TEXTURE_2D_ARRAY: {
      const bool arr = s.target == GL_TEXTURE_2D_ARRAY;
      auto add = [&](double x, double y, double layer) {
         out.push_back(arr ? lookup({x, y, layer}, lod) : lookup({x, y}, lod));
      };
      for (double x : S)
         add(x, ti, 1.0);
      for (double y : T)
         add(si, y, 1.0);
      for (size_t i = 0; i < S.size(); ++i)
         add(S[i], T[(i * 7 + 3) % T.size()], 1.0);
      if (arr)
         for (double y : layers)
            add(si, ti, y);
      break;
   }
   case GL_TEXTURE_3D:
      for (double x : S)
         out.push_back(lookup({x, ti, ri}, lod));
      for (double y : T)
         out.push_back(lookup({si, y, ri}, lod));
      for (double z : R)
         out.push_back(lookup({si, ti, z}, lod));
      for (size_t i = 0; i < S.size(); ++i)
         out.push_back(lookup({S[i], T[(i * 7 + 3) % T.size()], R[(i * 5 + 1) % R.size()]}, lod));
      break;
   default:
      return cube_lookups(s, false);
   }
   return out;
}

ojson mixed_filter_lookups(const shape &s) {
   // Magnified and minified lookups in one batch: device sampling gives each lookup a SIMD
   // vector of its own (sample_request::shared_vectors), so lavapipe's per-vector filter choice
   // (docs/sampling.md) cannot mix them.
   ojson out = wrap_lookups(s, -1.0);
   for (auto &l : wrap_lookups(s, 1.0))
      out.push_back(l);
   return out;
}

ojson cube_lookups(const shape &s, bool grads) {
   const std::vector<double> A = {-0.95, -0.6, 0.1, 0.3, 0.95};
   const bool arr = s.target == GL_TEXTURE_CUBE_MAP_ARRAY;
   ojson out = ojson::array();
   int k = 0;
   for (int axis = 0; axis < 3; ++axis)
      for (double sign : {1.0, -1.0})
         for (double p : A)
            for (double q : A) {
               if (std::fabs(p) > 0.9 && std::fabs(q) > 0.9)
                  continue;  // corners: GL and Vulkan pick the corner texel differently
               double v[3];
               v[axis] = sign;
               v[(axis + 1) % 3] = p;
               v[(axis + 2) % 3] = q;
               ojson l;
               l["coord"] = arr ? ojson::array({v[0], v[1], v[2], (k++ % 2) ? 1.3 : 0.0})
                                : ojson::array({v[0], v[1], v[2]});
               if (grads) {
                  l["grad_x"] = ojson::array({0.01, 0.0, 0.0});
                  l["grad_y"] = ojson::array({0.0, 0.01, 0.0});
               } else {
                  l["lod"] = 0.0;
               }
               out.push_back(l);
            }
   return out;
}

void add_compare_refs(ojson &lookups) {
   // Multiples of 1/16 (texel depths are odd multiples of 1/32), and two outside [0, 1].
   static const double refs[] = {0.25, 0.5, 0.75, 0.125, 0.875, 0.375, 0.625, -0.5, 1.5, 0.0625, 0.9375};
   size_t i = 0;
   for (auto &l : lookups)
      l["compare_ref"] = refs[i++ % (sizeof(refs) / sizeof(refs[0]))];
}

void lod_to_grads(ojson &lookups, const shape &s) {
   for (auto &l : lookups) {
      const double lod = l.contains("lod") ? l["lod"].get<double>() : 0.0;
      l.erase("lod");
      if (s.target == GL_TEXTURE_CUBE_MAP || s.target == GL_TEXTURE_CUBE_MAP_ARRAY) {
         const double g = std::ldexp(1.0, static_cast<int>(std::floor(lod)) - 3) / s.width;
         l["grad_x"] = ojson::array({g, 0.0, 0.0});
         l["grad_y"] = ojson::array({0.0, g, 0.0});
      } else {
         const double g = std::ldexp(1.0, static_cast<int>(std::floor(lod)) - 2) / s.width;  // magnified
         l["grad_x"] = ojson::array({g, 0.0});
         l["grad_y"] = ojson::array({0.0, g});
      }
   }
}

int linear_axes(GLenum target) {
   switch (target) {
   case GL_TEXTURE_1D:
   case GL_TEXTURE_1D_ARRAY: return 1;
   case GL_TEXTURE_3D: return 3;
   default: return 2;  // 2D, rect, 2D array, cube faces
   }
}

tolerance tolerance_for(const format_info &f, int filtered_axes, bool srgb_decoded, bool stencil) {
   tolerance t;
   if (stencil || f.integer()) {
      t.abs = 0.0;
      t.why = "integer and stencil reads are exact";
      return t;
   }
   const double spread = value_spread(f);
   // Single-precision results of values the reference computes in double.
   t.abs = std::ldexp(std::max(1.0, spread), -20);
   t.why = "NEAREST: exact up to single precision";
   if (srgb_decoded) {
      t.abs += std::ldexp(1.0, -9);
      t.why += "; sRGB decode within 2^-9 (half an 8-bit step)";
   }
   unsigned narrowest = 32;
   for (unsigned c = 0; c < 4; ++c)
      if (f.d->channel_bits[c] > 0)
         narrowest = std::min<unsigned>(narrowest, f.d->channel_bits[c]);
   if (!f.d->is_float && !f.d->depth_bits && narrowest < 8) {
      // lavapipe widens 5- and 6-bit channels to 8 bits by bit replication on some NEAREST
      // paths (code 28 of 31 reads 231/255, not 28/31): within one 8-bit step, far below the
      // 1/31 between two codes, so a wrong texel still fails.
      t.abs += 1.0 / 255.0;
      t.why += "; channels narrower than 8 bits may be widened to 8 bits by bit replication (one 8-bit step)";
   }
   if (filtered_axes > 0) {
      unsigned bits = 0;
      for (unsigned c = 0; c < 4; ++c)
         bits = std::max<unsigned>(bits, f.d->channel_bits[c]);
      if (!f.d->is_float && !f.d->depth_bits && bits > 0 && bits <= 16)
         t.abs += 1.0 / (std::ldexp(1.0, static_cast<int>(bits)) - 1.0);  // filtered in the format's precision
      t.abs += filtered_axes * spread / 256.0;
      t.why += "; " + std::to_string(filtered_axes) + " interpolation(s) with 8-bit weights (subTexelPrecisionBits / "
               "mipmapPrecisionBits) over a spread of " + std::to_string(spread).substr(0, 4) +
               ", plus one unit of the format's precision";
   }
   return t;
}

ojson scenario_for(const format_info &f, const shape &s, unsigned seed, bool constant) {
   ojson sc;
   ojson tex;
   tex["target"] = gl_enum_name(s.target);
   tex["internal_format"] = f.gl_name;
   tex["width"] = s.width;
   tex["height"] = s.height;
   tex["depth"] = s.target == GL_TEXTURE_CUBE_MAP ? 1u : s.depth;
   tex["levels"] = texel_levels(f, s, seed, constant);
   tex["params"] = ojson::object();
   sc["texture"] = tex;
   sc["sampler"] = ojson::object();
   sc["lookups"] = ojson::array();
   return sc;
}

ojson border_param(const format_info &f, const std::vector<double> &rgba) {
   ojson v = ojson::array();
   if (f.integer() || f.stencil_only()) {
      for (double x : rgba)
         v.push_back(static_cast<int64_t>(x));
      return ojson{{f.d->is_signed ? "Iiv" : "Iuiv", v}};
   }
   for (double x : rgba)
      v.push_back(x);
   return ojson{{"fv", v}};
}

const std::vector<std::string> &all_wraps() {
   static const std::vector<std::string> w = {
      "GL_REPEAT",          "GL_CLAMP",         "GL_CLAMP_TO_EDGE",        "GL_CLAMP_TO_BORDER",
      "GL_MIRRORED_REPEAT", "GL_MIRROR_CLAMP_EXT", "GL_MIRROR_CLAMP_TO_EDGE", "GL_MIRROR_CLAMP_TO_BORDER_EXT"};
   return w;
}

const std::vector<filter_mode> &image_filters() {
   static const std::vector<filter_mode> f = {{"nearest", "GL_NEAREST", "GL_NEAREST"},
                                              {"linear", "GL_LINEAR", "GL_LINEAR"},
                                              {"mixed", "GL_NEAREST", "GL_LINEAR"}};
   return f;
}

std::vector<test_case> build_matrix() {
   std::vector<test_case> out;
   add_texwrap(out);
   add_border(out);
   add_shadow(out);
   add_lod(out);
   add_cube(out);
   add_aniso(out);
   add_reduction(out);
   add_srgb(out);
   add_integer(out);
   add_stencil(out);
   add_rect(out);
   add_query(out);
   add_raster(out);
   add_fallback(out);
   return out;
}

}  // namespace clampler::conformance
