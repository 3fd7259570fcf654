// Reference texel format conversion: quantise scenario values as GL's TexImage does and decode them as GL's texture reads do.
#include "clampler/ref/ref_format.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <initializer_list>
#include <limits>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include "clampler/gl/gl_enums.h"

namespace clampler::ref {
namespace {

// ---------------------------------------------------------------------------------------------
// Exact rounding helpers. None of them depends on the FPU rounding mode.

// Nearest integer to s >= 0 (s < 2^53), ties to even. floor(s) and s - floor(s) are exact.
uint64_t round_half_even(double s) {
   const double n = std::floor(s);
   const double frac = s - n;
   auto r = static_cast<uint64_t>(n);
   if (frac > 0.5 || (frac == 0.5 && (r & 1u) != 0))
      ++r;
   return r;
}

// floor(x + 1/2) for x >= 0 (x < 2^53), computed without the rounding error of x + 0.5.
uint64_t floor_half_up(double x) {
   const double n = std::floor(x);
   auto r = static_cast<uint64_t>(n);
   if (x - n >= 0.5)
      ++r;
   return r;
}

// The nearest integer to the exact real product f * m, ties to even, for f >= 0 finite and m a
// non-negative integer with f * m < 2^52. With p = fl(f * m), the fused multiply-add gives the
// exact residual e = f * m - p, |e| <= ulp(p) / 2. t = (p - floor(p)) - 1/2 is computed exactly
// (every term is a multiple of ulp(p) when p >= 1/4; for p < 1/4 only its sign matters and
// |t| > 1/4), and whenever t != 0 it outweighs e, so the sign of t + e decides; t == 0 is a
// tie of p that e breaks, or an exact tie that goes to the even neighbour.
uint64_t round_product_half_even(double f, double m) {
   const double p = f * m;
   const double e = std::fma(f, m, -p);
   const double n = std::floor(p);
   const double t = (p - n) - 0.5;
   auto r = static_cast<uint64_t>(n);
   if (t > 0.0 || (t == 0.0 && (e > 0.0 || (e == 0.0 && (r & 1u) != 0))))
      ++r;
   return r;
}

// A binary floating-point format with `e` exponent bits, `m` mantissa bits, no sign bit here
// (the callers add it), IEEE layout: biased exponent 0 for zero and denormals, all ones for
// infinity (mantissa 0) and NaN.
struct float_layout {
   int e;
   int m;
   int bias() const { return (1 << (e - 1)) - 1; }
   uint32_t exp_all_ones() const { return (1u << e) - 1u; }
   uint32_t inf_bits() const { return exp_all_ones() << m; }
   uint32_t max_finite_bits() const { return inf_bits() - 1u; }
};

constexpr float_layout kHalf{5, 10};
constexpr float_layout kSingle{8, 23};
constexpr float_layout kUf11{5, 6};
constexpr float_layout kUf10{5, 5};

// |x| rounded to the nearest value of layout L, ties to even, as the magnitude's bit pattern;
// returns L.inf_bits() when the rounded value exceeds the largest finite one (IEEE overflow
// under round-to-nearest). x must be finite.
uint32_t round_magnitude(double x, const float_layout &L) {
   x = std::fabs(x);
   if (x == 0.0)
      return 0;
   const int emin = 1 - L.bias();
   const int ex = std::ilogb(x);  // exact floor(log2 x)
   int q = std::max(ex, emin) - L.m;  // exponent of one unit in the last place
   if (ex > L.bias() + 1)  // far beyond the largest binade: overflow (also keeps q small)
      return L.inf_bits();
   // Scaling by a power of two is exact here: the result lies in [2^m, 2^(m+1)) for normal
   // targets, or below 2^m after scaling *up* for denormal ones.
   uint64_t n = round_half_even(std::ldexp(x, -q));
   if (n == (uint64_t{1} << (L.m + 1))) {  // rounded up into the next binade
      n >>= 1;
      ++q;
   }
   if (n < (uint64_t{1} << L.m))  // denormal (q == emin - m), or zero
      return static_cast<uint32_t>(n);
   const int biased = q + L.m + L.bias();
   if (biased >= static_cast<int>(L.exp_all_ones()))
      return L.inf_bits();
   return (static_cast<uint32_t>(biased) << L.m) | static_cast<uint32_t>(n - (uint64_t{1} << L.m));
}

// The value of a magnitude bit pattern of layout L (GL 4.6 §2.3.4: E = 0 denormal, E all ones
// infinity or NaN, else 2^(E - bias) * (1 + M / 2^m)); exact in double.
double decode_magnitude(uint32_t bits, const float_layout &L) {
   const uint32_t E = bits >> L.m;
   const uint32_t M = bits & ((1u << L.m) - 1u);
   if (E == 0)
      return std::ldexp(static_cast<double>(M), 1 - L.bias() - L.m);
   if (E == L.exp_all_ones())
      return M == 0 ? std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
   return std::ldexp(static_cast<double>((uint32_t{1} << L.m) | M), static_cast<int>(E) - L.bias() - L.m);
}

// A signed IEEE format (half, single): the sign bit above the rounded magnitude; infinities
// stay infinite and NaN becomes a quiet NaN of the same sign.
uint32_t round_signed(double f, const float_layout &L) {
   const uint32_t sign = std::signbit(f) ? 1u << (L.e + L.m) : 0u;
   if (std::isnan(f))
      return sign | L.inf_bits() | (1u << (L.m - 1));  // quiet NaN
   if (std::isinf(f))
      return sign | L.inf_bits();
   return sign | round_magnitude(f, L);
}

// The value of a signed IEEE bit pattern (sign bit above the magnitude).
double decode_signed(uint32_t bits, const float_layout &L) {
   const double mag = decode_magnitude(bits & ((1u << (L.e + L.m)) - 1u), L);
   return (bits >> (L.e + L.m)) & 1u ? -mag : mag;
}

// GL 4.6 §2.3.4.3-4: the unsigned 11/10-bit floats. Negative values and -inf give 0, +inf gives
// infinity, NaN gives NaN, finite values round to the closest *finite* value (so large values
// saturate at the largest finite one).
uint32_t round_unsigned_small(double f, const float_layout &L) {
   if (std::isnan(f))
      return L.inf_bits() | (1u << (L.m - 1));
   if (f <= 0.0)  // negatives, -0 and -inf
      return 0;
   if (std::isinf(f))
      return L.inf_bits();
   return std::min(round_magnitude(f, L), L.max_finite_bits());
}

// ---------------------------------------------------------------------------------------------
// Formats.

enum class Kind {
   UNORM,        // unsigned normalized (also packed unorm)
   SNORM,        // signed normalized
   SRGB,         // unsigned normalized holding an sRGB-encoded value (alpha: plain UNORM)
   UINT,         // pure unsigned integer
   SINT,         // pure signed integer
   HALF,         // IEEE binary16
   SINGLE,       // IEEE binary32
   UFLOAT,       // unsigned 11- or 10-bit float (R11G11B10)
   RGB9E5,       // a mantissa of RGB9_E5
   DEPTH_UNORM,  // fixed-point depth
   DEPTH_FLOAT,  // 32-bit float depth
   STENCIL,      // 8-bit stencil index
};

struct component {
   Kind kind = Kind::UNORM;
   int bits = 0;
   int rgba = -1;     // which RGBA value of a four-value scenario texel feeds it (-1: none)
   char name = '?';   // r g b a l i d s
};

struct layout {
   const util_format_description *desc = nullptr;
   GLenum base = 0;
   int count = 0;
   component c[4];
   bool is_integer = false;
   bool is_depth_or_stencil = false;
};

// Stores msg in *error when the caller asked for messages.
void set_error(std::string *error, std::string msg) {
   if (error)
      *error = std::move(msg);
}

// A double in its shortest round-trip decimal form, for messages.
std::string num(double v) {
   char buf[64];
   auto res = std::to_chars(buf, buf + sizeof buf, v);
   return std::string(buf, res.ptr);
}

// The stored components of a base format: the RGBA value each takes (GL 4.6 §8.5, L and I from
// R) and its name; false for an unknown base format.
bool base_components(GLenum base, int &count, int rgba[4], char names[4]) {
   auto set = [&](std::initializer_list<std::pair<int, char>> list) {
      count = 0;
      for (auto [src, name] : list) {
         rgba[count] = src;
         names[count++] = name;
      }
      return true;
   };
   switch (base) {
   case GL_RED: return set({{0, 'r'}});
   case GL_RG: return set({{0, 'r'}, {1, 'g'}});
   case GL_RGB: return set({{0, 'r'}, {1, 'g'}, {2, 'b'}});
   case GL_RGBA: return set({{0, 'r'}, {1, 'g'}, {2, 'b'}, {3, 'a'}});
   case GL_ALPHA: return set({{3, 'a'}});
   case GL_LUMINANCE: return set({{0, 'l'}});
   case GL_LUMINANCE_ALPHA: return set({{0, 'l'}, {3, 'a'}});
   case GL_INTENSITY: return set({{0, 'i'}});
   case GL_DEPTH_COMPONENT: return set({{-1, 'd'}});
   case GL_DEPTH_STENCIL: return set({{-1, 'd'}, {-1, 's'}});
   case GL_STENCIL_INDEX: return set({{-1, 's'}});
   default: return false;
   }
}

// The stored components of a format and how each is encoded; nullopt (with *error) for unknown
// and compressed formats.
std::optional<layout> describe(pipe_format f, std::string *error) {
   const util_format_description *d = util_format_describe(f);
   if (!d) {
      set_error(error, "unknown pipe_format " + std::to_string(static_cast<unsigned>(f)));
      return std::nullopt;
   }
   if (d->is_compressed) {
      set_error(error, std::string(d->gl_name) + ": compressed formats need block data");
      return std::nullopt;
   }
   layout L;
   L.desc = d;
   L.base = d->gl_base_format;
   L.is_integer = d->is_integer;
   int rgba[4];
   char names[4];
   if (!base_components(L.base, L.count, rgba, names)) {
      set_error(error, std::string(d->gl_name) + ": unknown base format");
      return std::nullopt;
   }
   L.is_depth_or_stencil = rgba[0] < 0;
   for (int k = 0; k < L.count; ++k) {
      component &c = L.c[k];
      c.rgba = rgba[k];
      c.name = names[k];
      if (names[k] == 'd') {
         c.kind = d->is_float ? Kind::DEPTH_FLOAT : Kind::DEPTH_UNORM;
         c.bits = d->depth_bits;
         continue;
      }
      if (names[k] == 's') {
         c.kind = Kind::STENCIL;
         c.bits = d->stencil_bits;
         continue;
      }
      c.bits = k < d->nr_channels ? d->channel_bits[k] : 0;
      if (f == PIPE_FORMAT_R11G11B10_FLOAT)
         c.kind = Kind::UFLOAT;
      else if (f == PIPE_FORMAT_R9G9B9E5_FLOAT)
         c.kind = Kind::RGB9E5;
      else if (d->is_integer)
         c.kind = d->type == UTIL_FORMAT_TYPE_SIGNED ? Kind::SINT : Kind::UINT;
      else if (d->is_float && c.bits == 16)
         c.kind = Kind::HALF;
      else if (d->is_float && c.bits == 32)
         c.kind = Kind::SINGLE;
      else if (d->is_srgb)
         c.kind = names[k] == 'a' ? Kind::UNORM : Kind::SRGB;  // §8.24: alpha is not converted
      else if (d->is_normalized)
         c.kind = d->type == UTIL_FORMAT_TYPE_SIGNED ? Kind::SNORM : Kind::UNORM;
      else
         c.bits = 0;  // reported below
   }
   const int channels = L.is_depth_or_stencil ? L.count : d->nr_channels;
   bool ok = channels == L.count;
   for (int k = 0; k < L.count; ++k)
      ok = ok && L.c[k].bits > 0 && L.c[k].bits <= 32;
   if (!ok) {
      set_error(error, std::string(d->gl_name) + ": format description not understood");
      return std::nullopt;
   }
   return L;
}

// "[l, a]": the format's own components, for messages.
std::string own_names(const layout &L) {
   std::string s = "[";
   for (int k = 0; k < L.count; ++k) {
      if (k)
         s += ", ";
      s += L.c[k].name;
   }
   return s + "]";
}

// Checks that v is an integer within the range of a `bits`-bit (un)signed integer.
bool check_integer(const layout &L, int index, char name, double v, int bits, bool is_signed,
                   std::string *error) {
   const std::string what = std::string(L.desc->gl_name) + " value " + std::to_string(index) + " (" + name + ")";
   if (!std::isfinite(v) || v != std::floor(v)) {
      set_error(error, what + " must be an integer, got " + num(v));
      return false;
   }
   const double lo = is_signed ? -std::ldexp(1.0, bits - 1) : 0.0;
   const double hi = is_signed ? std::ldexp(1.0, bits - 1) - 1.0 : std::ldexp(1.0, bits) - 1.0;
   if (v < lo || v > hi) {
      set_error(error, what + " = " + num(v) + " is outside [" + num(lo) + ", " + num(hi) + "]");
      return false;
   }
   return true;
}

// lo <= v <= hi.
bool in_range(int64_t v, int64_t lo, int64_t hi) { return v >= lo && v <= hi; }

}  // namespace

// ---------------------------------------------------------------------------------------------
// Scalar conversions.

uint32_t ref_float_to_unorm(double f, int bits) {
   if (bits < 1 || bits > 32 || std::isnan(f))
      throw std::invalid_argument("ref_float_to_unorm: bits must be 1..32 and f a number");
   const double m = std::ldexp(1.0, bits) - 1.0;
   return static_cast<uint32_t>(round_product_half_even(std::clamp(f, 0.0, 1.0), m));
}

int32_t ref_float_to_snorm(double f, int bits) {
   if (bits < 2 || bits > 32 || std::isnan(f))
      throw std::invalid_argument("ref_float_to_snorm: bits must be 2..32 and f a number");
   const double m = std::ldexp(1.0, bits - 1) - 1.0;
   f = std::clamp(f, -1.0, 1.0);
   // Round-half-to-even is symmetric, so round |f| * m and put the sign back.
   const auto mag = static_cast<int64_t>(round_product_half_even(std::fabs(f), m));
   return static_cast<int32_t>(f < 0.0 ? -mag : mag);
}

double ref_unorm_to_float(uint32_t c, int bits) {
   return static_cast<double>(c) / (std::ldexp(1.0, bits) - 1.0);
}

double ref_snorm_to_float(int32_t c, int bits) {
   return std::max(static_cast<double>(c) / (std::ldexp(1.0, bits - 1) - 1.0), -1.0);
}

uint16_t ref_float_to_half(double f) { return static_cast<uint16_t>(round_signed(f, kHalf)); }
double ref_half_to_float(uint16_t h) { return decode_signed(h, kHalf); }

uint32_t ref_float_to_f32(double f) { return round_signed(f, kSingle); }
double ref_f32_to_float(uint32_t bits) { return decode_signed(bits, kSingle); }

uint32_t ref_float_to_uf11(double f) { return round_unsigned_small(f, kUf11); }
uint32_t ref_float_to_uf10(double f) { return round_unsigned_small(f, kUf10); }
double ref_uf11_to_float(uint32_t bits) { return decode_magnitude(bits & 0x7FFu, kUf11); }
double ref_uf10_to_float(uint32_t bits) { return decode_magnitude(bits & 0x3FFu, kUf10); }

// GL 4.6 §8.5.2 with N = 9 mantissa bits, B = 15 exponent bias, E_max = 31.
uint32_t ref_float_to_rgb9e5(double r, double g, double b) {
   constexpr int N = 9, B = 15, Emax = 31;
   // sharedexp_max = (2^N - 1) / 2^N * 2^(E_max - B) = 65408
   const double sharedexp_max = std::ldexp((1 << N) - 1, Emax - B - N);
   auto clampc = [&](double x) { return std::isnan(x) ? 0.0 : std::clamp(x, 0.0, sharedexp_max); };
   const double rc = clampc(r), gc = clampc(g), bc = clampc(b);
   const double max_c = std::max({rc, gc, bc});
   // exp_shared' = max(-B - 1, floor(log2(max_c))) + 1 + B; log2(0) = -inf picks -B - 1.
   const int floor_log2 = max_c > 0.0 ? std::ilogb(max_c) : -B - 1;
   const int exp_p = std::max(-B - 1, floor_log2) + 1 + B;
   // max_s = floor(max_c / 2^(exp_shared' - B - N) + 1/2); exp_shared = exp_shared' + 1 when
   // max_s == 2^N.
   const uint64_t max_s = floor_half_up(std::ldexp(max_c, -(exp_p - B - N)));
   const int exp_shared = max_s == (uint64_t{1} << N) ? exp_p + 1 : exp_p;
   auto mant = [&](double c) {
      return static_cast<uint32_t>(floor_half_up(std::ldexp(c, -(exp_shared - B - N))));
   };
   return mant(rc) | (mant(gc) << 9) | (mant(bc) << 18) | (static_cast<uint32_t>(exp_shared) << 27);
}

std::array<double, 3> ref_rgb9e5_to_float(uint32_t packed) {
   constexpr int N = 9, B = 15;
   const int e = static_cast<int>(packed >> 27) - B - N;
   return {std::ldexp(packed & 0x1FFu, e), std::ldexp((packed >> 9) & 0x1FFu, e),
           std::ldexp((packed >> 18) & 0x1FFu, e)};
}

double ref_srgb_to_linear(double cs) {
   return cs <= 0.04045 ? cs / 12.92 : std::pow((cs + 0.055) / 1.055, 2.4);
}

// ---------------------------------------------------------------------------------------------
// Texels.

int ref_format_component_count(pipe_format f) {
   const std::optional<layout> L = describe(f, nullptr);
   return L ? L->count : 0;
}

std::optional<ref_stored_texel> ref_store(pipe_format f, const std::vector<double> &values,
                                          std::string *error) {
   const std::optional<layout> L = describe(f, error);
   if (!L)
      return std::nullopt;
   const std::string fname = L->desc->gl_name;
   const int n = static_cast<int>(values.size());
   const bool rgba_form = n == 4 && L->count != 4 && !L->is_depth_or_stencil;
   if (n != L->count && !rgba_form) {
      std::string msg = fname + " texels take " + std::to_string(L->count) + " value" +
                        (L->count == 1 ? " " : "s ") + own_names(*L);
      if (!L->is_depth_or_stencil && L->count != 4)
         msg += " or 4 RGBA values [r, g, b, a]";
      set_error(error, msg + ", got " + std::to_string(n));
      return std::nullopt;
   }
   // Integer formats take integers everywhere, dropped RGBA values included.
   if (L->is_integer) {
      for (int k = 0; k < n; ++k) {
         const double v = values[k];
         if (!std::isfinite(v) || v != std::floor(v)) {
            const char name = rgba_form ? "rgba"[k] : L->c[k].name;
            set_error(error, fname + " value " + std::to_string(k) + " (" + name + ") must be an integer, got " + num(v));
            return std::nullopt;
         }
      }
   }
   ref_stored_texel out;
   out.count = L->count;
   double v[4] = {0, 0, 0, 0};
   for (int k = 0; k < L->count; ++k) {
      const int index = rgba_form ? L->c[k].rgba : k;
      v[k] = values[index];
      const component &c = L->c[k];
      const bool needs_number = c.kind != Kind::HALF && c.kind != Kind::SINGLE && c.kind != Kind::UFLOAT &&
                                c.kind != Kind::RGB9E5;
      if (needs_number && std::isnan(v[k])) {
         set_error(error, fname + " value " + std::to_string(index) + " (" + c.name + ") is not a number");
         return std::nullopt;
      }
      switch (c.kind) {
      case Kind::UNORM:
      case Kind::SRGB:
      case Kind::DEPTH_UNORM: out.code[k] = ref_float_to_unorm(v[k], c.bits); break;
      case Kind::SNORM: out.code[k] = ref_float_to_snorm(v[k], c.bits); break;
      case Kind::UINT:
      case Kind::SINT:
      case Kind::STENCIL:
         if (!check_integer(*L, index, c.name, v[k], c.bits, c.kind == Kind::SINT, error))
            return std::nullopt;
         out.code[k] = static_cast<int64_t>(v[k]);
         break;
      case Kind::HALF: out.code[k] = ref_float_to_half(v[k]); break;
      case Kind::SINGLE: out.code[k] = ref_float_to_f32(v[k]); break;
      case Kind::DEPTH_FLOAT: out.code[k] = ref_float_to_f32(std::clamp(v[k], 0.0, 1.0)); break;
      case Kind::UFLOAT: out.code[k] = c.bits == 11 ? ref_float_to_uf11(v[k]) : ref_float_to_uf10(v[k]); break;
      case Kind::RGB9E5: break;  // all three at once below
      }
   }
   if (L->c[0].kind == Kind::RGB9E5) {
      const uint32_t packed = ref_float_to_rgb9e5(v[0], v[1], v[2]);
      out.code[0] = packed & 0x1FFu;
      out.code[1] = (packed >> 9) & 0x1FFu;
      out.code[2] = (packed >> 18) & 0x1FFu;
      out.shared_exponent = packed >> 27;
   }
   return out;
}

std::optional<texel> ref_decode(pipe_format f, const ref_stored_texel &stored, bool srgb_decode,
                                std::string *error) {
   const std::optional<layout> L = describe(f, error);
   if (!L)
      return std::nullopt;
   const std::string fname = L->desc->gl_name;
   if (stored.count != L->count) {
      set_error(error, fname + " stores " + std::to_string(L->count) + " components " + own_names(*L) + ", got " +
                           std::to_string(stored.count));
      return std::nullopt;
   }
   double fv[4] = {0, 0, 0, 0};
   int64_t iv[4] = {0, 0, 0, 0};
   for (int k = 0; k < L->count; ++k) {
      const component &c = L->c[k];
      const int64_t code = stored.code[k];
      const int64_t umax = (int64_t{1} << c.bits) - 1;
      const int64_t smin = -(int64_t{1} << (c.bits - 1));
      const int64_t smax = (int64_t{1} << (c.bits - 1)) - 1;
      const bool is_signed = c.kind == Kind::SNORM || c.kind == Kind::SINT;
      const int64_t lo = is_signed ? smin : 0;
      const int64_t hi = is_signed ? smax : umax;
      if (!in_range(code, lo, hi) || (c.kind == Kind::RGB9E5 && stored.shared_exponent > 31)) {
         set_error(error, fname + " stored component " + std::to_string(k) + " (" + c.name + ") = " +
                              std::to_string(code) + " is outside [" + std::to_string(lo) + ", " +
                              std::to_string(hi) + "]" + (c.kind == Kind::RGB9E5 ? " or its exponent above 31" : ""));
         return std::nullopt;
      }
      switch (c.kind) {
      case Kind::UNORM:
      case Kind::DEPTH_UNORM: fv[k] = ref_unorm_to_float(static_cast<uint32_t>(code), c.bits); break;
      case Kind::SRGB: {
         const double cs = ref_unorm_to_float(static_cast<uint32_t>(code), c.bits);
         fv[k] = srgb_decode ? ref_srgb_to_linear(cs) : cs;
         break;
      }
      case Kind::SNORM: fv[k] = ref_snorm_to_float(static_cast<int32_t>(code), c.bits); break;
      case Kind::UINT:
      case Kind::SINT:
      case Kind::STENCIL: iv[k] = code; break;
      case Kind::HALF: fv[k] = ref_half_to_float(static_cast<uint16_t>(code)); break;
      case Kind::SINGLE:
      case Kind::DEPTH_FLOAT: fv[k] = ref_f32_to_float(static_cast<uint32_t>(code)); break;
      case Kind::UFLOAT:
         fv[k] = c.bits == 11 ? ref_uf11_to_float(static_cast<uint32_t>(code))
                              : ref_uf10_to_float(static_cast<uint32_t>(code));
         break;
      case Kind::RGB9E5:
         fv[k] = std::ldexp(static_cast<double>(code), static_cast<int>(stored.shared_exponent) - 15 - 9);
         break;
      }
   }
   texel t;
   if (L->is_depth_or_stencil) {
      for (int k = 0; k < L->count; ++k) {
         if (L->c[k].kind == Kind::STENCIL) {
            t.i[0] = iv[k];
            t.i[3] = 1;
         } else {
            t.f[0] = fv[k];
            t.f[3] = 1.0;
         }
      }
      return t;
   }
   // GL 4.6 table 15.1: the RGBA a texel of each base format reads.
   auto expand = [&](auto &out, const auto *v, auto one) {
      using T = std::remove_reference_t<decltype(out[0])>;
      T r = 0, g = 0, b = 0, a = one;
      switch (L->base) {
      case GL_RED: r = v[0]; break;
      case GL_RG: r = v[0]; g = v[1]; break;
      case GL_RGB: r = v[0]; g = v[1]; b = v[2]; break;
      case GL_RGBA: r = v[0]; g = v[1]; b = v[2]; a = v[3]; break;
      case GL_ALPHA: a = v[0]; break;
      case GL_LUMINANCE: r = g = b = v[0]; break;
      case GL_LUMINANCE_ALPHA: r = g = b = v[0]; a = v[1]; break;
      case GL_INTENSITY: r = g = b = a = v[0]; break;
      default: break;  // describe() accepted only the bases above
      }
      out[0] = r;
      out[1] = g;
      out[2] = b;
      out[3] = a;
   };
   if (L->is_integer)
      expand(t.i, iv, int64_t{1});
   else
      expand(t.f, fv, 1.0);
   return t;
}

std::optional<texel> ref_encode(pipe_format f, const std::vector<double> &values, bool srgb_decode,
                                std::string *error) {
   const std::optional<ref_stored_texel> stored = ref_store(f, values, error);
   if (!stored)
      return std::nullopt;
   return ref_decode(f, *stored, srgb_decode, error);
}

texel ref_base_format_rgba(GLenum base, const double rgba[4], bool integer) {
   const double r = rgba[0], g = rgba[1], b = rgba[2], a = rgba[3];
   double out[4];
   switch (base) {
   case GL_RED:
   case GL_DEPTH_COMPONENT:
   case GL_DEPTH_STENCIL:
   case GL_STENCIL_INDEX: out[0] = r; out[1] = 0; out[2] = 0; out[3] = 1; break;
   case GL_RG: out[0] = r; out[1] = g; out[2] = 0; out[3] = 1; break;
   case GL_RGB: out[0] = r; out[1] = g; out[2] = b; out[3] = 1; break;
   case GL_ALPHA: out[0] = 0; out[1] = 0; out[2] = 0; out[3] = a; break;
   case GL_LUMINANCE: out[0] = r; out[1] = r; out[2] = r; out[3] = 1; break;
   case GL_LUMINANCE_ALPHA: out[0] = r; out[1] = r; out[2] = r; out[3] = a; break;
   case GL_INTENSITY: out[0] = out[1] = out[2] = out[3] = r; break;
   default: out[0] = r; out[1] = g; out[2] = b; out[3] = a; break;  // GL_RGBA
   }
   texel t;
   for (unsigned c = 0; c < 4; ++c) {
      if (integer)
         t.i[c] = static_cast<int64_t>(out[c]);
      else
         t.f[c] = out[c];
   }
   return t;
}

namespace {

// The stored component a GL border component (0 R, 1 G, 2 B, 3 A) feeds, or -1 (table 8.11).
int stored_component_of(GLenum base, unsigned c) {
   switch (base) {
   case GL_ALPHA: return c == 3 ? 0 : -1;
   case GL_LUMINANCE:
   case GL_INTENSITY: return c == 0 ? 0 : -1;
   case GL_LUMINANCE_ALPHA: return c == 0 ? 0 : (c == 3 ? 1 : -1);
   case GL_RED: return c == 0 ? 0 : -1;
   case GL_RG: return c <= 1 ? static_cast<int>(c) : -1;
   case GL_RGB: return c <= 2 ? static_cast<int>(c) : -1;
   case GL_RGBA: return static_cast<int>(c);
   default: return -1;
   }
}

// The largest finite value of a float component of `bits` bits: binary16 (§2.3.4.2), the unsigned
// 11- and 10-bit floats (5-bit exponent, 6- and 5-bit mantissa: (2 - 2^-m) * 2^15, §2.3.4.3-4) and
// RGB9_E5's 9-bit mantissas over a 5-bit shared exponent with bias 15 ((1 - 2^-9) * 2^16, §8.5.2).
double largest_float(int bits) {
   switch (bits) {
   case 16: return 65504.0;
   case 11: return (2.0 - std::ldexp(1.0, -6)) * 32768.0;
   case 10: return (2.0 - std::ldexp(1.0, -5)) * 32768.0;
   case 9: return (1.0 - std::ldexp(1.0, -9)) * 65536.0;
   default: return std::numeric_limits<double>::infinity();
   }
}

}  // namespace

void ref_clamp_border_to_format(pipe_format f, bool stencil, double rgba[4]) {
   const util_format_description *d = util_format_describe(f);
   if (!d)
      return;
   for (unsigned c = 0; c < 4; ++c) {
      double lo = -std::numeric_limits<double>::infinity(), hi = std::numeric_limits<double>::infinity();
      if (stencil) {
         if (c != 0 || !d->stencil_bits)
            continue;
         lo = 0.0, hi = std::ldexp(1.0, d->stencil_bits) - 1.0;
      } else {
         const int k = d->depth_bits ? -1 : stored_component_of(d->gl_base_format, c);
         // BC6H (BPTC float) stores half floats; its table entry has no per-component bits.
         const int bits = d->is_compressed ? (d->is_float ? 16 : 0) : (k >= 0 && k < d->nr_channels ? d->channel_bits[k] : 0);
         if (k < 0 || bits == 0 || bits >= 32)
            continue;
         if (d->is_integer) {
            lo = d->is_signed ? -std::ldexp(1.0, bits - 1) : 0.0;
            hi = d->is_signed ? std::ldexp(1.0, bits - 1) - 1.0 : std::ldexp(1.0, bits) - 1.0;
         } else if (d->is_float) {
            hi = largest_float(bits);
            lo = d->is_signed ? -hi : 0.0;
         } else {
            continue;  // normalized: the caller's [0, 1] / [-1, 1]
         }
      }
      if (!std::isnan(rgba[c]))
         rgba[c] = std::clamp(rgba[c], lo, hi);
   }
}

}  // namespace clampler::ref
