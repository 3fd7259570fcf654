// Parameter plumbing shared by glSamplerParameter* and glTexParameter*: values as passed, GL's conversions, query results.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <type_traits>

#include "clampler/gl/gl_enum_names.h"
#include "clampler/gl/mtypes.h"

namespace clampler::gl_detail {

// ---- Numeric rules (GL 4.6 §2.2.1, §2.2.2, §2.3.5) ----

// Float state returned as an integer: rounded to nearest (ties away from zero),
// saturated to the GLint range; NaN gives 0.
inline GLint round_to_int(double v) {
   if (std::isnan(v))
      return 0;
   if (v >= 2147483647.0)
      return INT32_MAX;
   if (v <= -2147483648.0)
      return INT32_MIN;
   return static_cast<GLint>(std::llround(v));
}

// §2.3.5.1, signed normalized with b = 32: f = max(c / (2^31 - 1), -1).
inline GLfloat snorm32_to_float(GLint c) {
   return static_cast<GLfloat>(std::max(static_cast<double>(c) / 2147483647.0, -1.0));
}

// §2.3.5.2, float to signed normalized with b = 32: clamp to [-1, 1], scale by
// 2^31 - 1, round to nearest (ties away from zero). NaN gives 0.
inline GLint float_to_snorm32(GLfloat f) {
   if (std::isnan(f))
      return 0;
   const double c = std::clamp(static_cast<double>(f), -1.0, 1.0);
   return static_cast<GLint>(std::llround(c * 2147483647.0));
}

// ---- What a pname holds ----

enum class param_type : uint8_t {
   enumeration,  // one GLenum
   swizzle,      // one swizzle source (GL_ZERO/GL_ONE print as such)
   swizzle4,     // GL_TEXTURE_SWIZZLE_RGBA
   boolean,
   integer,
   floating,
   color,        // GL_TEXTURE_BORDER_COLOR
   unknown,
};

inline param_type pname_type(GLenum pname) {
   switch (pname) {
   case GL_TEXTURE_WRAP_S:
   case GL_TEXTURE_WRAP_T:
   case GL_TEXTURE_WRAP_R:
   case GL_TEXTURE_MIN_FILTER:
   case GL_TEXTURE_MAG_FILTER:
   case GL_TEXTURE_COMPARE_MODE:
   case GL_TEXTURE_COMPARE_FUNC:
   case GL_TEXTURE_SRGB_DECODE_EXT:
   case GL_TEXTURE_REDUCTION_MODE_ARB:
   case GL_DEPTH_TEXTURE_MODE:
   case GL_DEPTH_STENCIL_TEXTURE_MODE:
      return param_type::enumeration;
   case GL_TEXTURE_SWIZZLE_R:
   case GL_TEXTURE_SWIZZLE_G:
   case GL_TEXTURE_SWIZZLE_B:
   case GL_TEXTURE_SWIZZLE_A:
      return param_type::swizzle;
   case GL_TEXTURE_SWIZZLE_RGBA:
      return param_type::swizzle4;
   case GL_TEXTURE_CUBE_MAP_SEAMLESS:
   case GL_TEXTURE_IMMUTABLE_FORMAT:
      return param_type::boolean;
   case GL_TEXTURE_BASE_LEVEL:
   case GL_TEXTURE_MAX_LEVEL:
   case GL_TEXTURE_IMMUTABLE_LEVELS:
      return param_type::integer;
   case GL_TEXTURE_MIN_LOD:
   case GL_TEXTURE_MAX_LOD:
   case GL_TEXTURE_LOD_BIAS:
   case GL_TEXTURE_MAX_ANISOTROPY:
      return param_type::floating;
   case GL_TEXTURE_BORDER_COLOR:
      return param_type::color;
   default:
      return param_type::unknown;
   }
}

// Values a pname takes through the vector entry points.
inline unsigned pname_count(GLenum pname) {
   return pname == GL_TEXTURE_BORDER_COLOR || pname == GL_TEXTURE_SWIZZLE_RGBA ? 4 : 1;
}

// Sampler state (GL 4.6 table 23.18 plus the extensions'): sampler objects and textures.
inline bool is_sampler_state_pname(GLenum pname) {
   switch (pname) {
   case GL_TEXTURE_WRAP_S:
   case GL_TEXTURE_WRAP_T:
   case GL_TEXTURE_WRAP_R:
   case GL_TEXTURE_MIN_FILTER:
   case GL_TEXTURE_MAG_FILTER:
   case GL_TEXTURE_BORDER_COLOR:
   case GL_TEXTURE_MIN_LOD:
   case GL_TEXTURE_MAX_LOD:
   case GL_TEXTURE_LOD_BIAS:
   case GL_TEXTURE_MAX_ANISOTROPY:
   case GL_TEXTURE_COMPARE_MODE:
   case GL_TEXTURE_COMPARE_FUNC:
   case GL_TEXTURE_SRGB_DECODE_EXT:
   case GL_TEXTURE_REDUCTION_MODE_ARB:
   case GL_TEXTURE_CUBE_MAP_SEAMLESS:
      return true;
   default:
      return false;
   }
}

// Texture state that is not sampler state: textures only.
inline bool is_texture_only_pname(GLenum pname) {
   switch (pname) {
   case GL_TEXTURE_SWIZZLE_R:
   case GL_TEXTURE_SWIZZLE_G:
   case GL_TEXTURE_SWIZZLE_B:
   case GL_TEXTURE_SWIZZLE_A:
   case GL_TEXTURE_SWIZZLE_RGBA:
   case GL_TEXTURE_BASE_LEVEL:
   case GL_TEXTURE_MAX_LEVEL:
   case GL_DEPTH_TEXTURE_MODE:
   case GL_DEPTH_STENCIL_TEXTURE_MODE:
      return true;
   default:
      return false;
   }
}

// Texture state that can be queried but not set.
inline bool is_query_only_pname(GLenum pname) {
   return pname == GL_TEXTURE_IMMUTABLE_FORMAT || pname == GL_TEXTURE_IMMUTABLE_LEVELS;
}

// ---- Values as an entry point received them ----

enum class param_form : uint8_t { i, f, iv, fv, Iiv, Iuiv };

struct param_values {
   param_form form = param_form::i;
   unsigned count = 1;
   std::array<GLint, 4> i{};
   std::array<GLuint, 4> ui{};
   std::array<GLfloat, 4> f{};

   bool is_scalar() const { return form == param_form::i || form == param_form::f; }
   bool is_float() const { return form == param_form::f || form == param_form::fv; }
   bool is_unsigned() const { return form == param_form::Iuiv; }
};

// Copies what the caller passed: one value for scalar entry points and
// single-valued pnames, four for GL_TEXTURE_BORDER_COLOR / GL_TEXTURE_SWIZZLE_RGBA.
template <typename T>
param_values read_params(param_form form, GLenum pname, const T *p) {
   param_values v;
   v.form = form;
   v.count = v.is_scalar() ? 1 : pname_count(pname);
   if constexpr (std::is_same_v<T, GLfloat>)
      std::copy_n(p, v.count, v.f.begin());
   else if constexpr (std::is_same_v<T, GLuint>)
      std::copy_n(p, v.count, v.ui.begin());
   else
      std::copy_n(p, v.count, v.i.begin());
   return v;
}

// Value k as an enum: floats are rounded to the nearest integer first (§2.2.1);
// NaN, infinities and values outside the GLenum range give nullopt.
inline std::optional<GLenum> param_enum(const param_values &v, unsigned k) {
   if (v.is_float()) {
      const double d = v.f[k];
      if (!std::isfinite(d))
         return std::nullopt;
      const double r = std::round(d);
      if (r < 0.0 || r > 4294967295.0)
         return std::nullopt;
      return static_cast<GLenum>(r);
   }
   return v.is_unsigned() ? v.ui[k] : static_cast<GLenum>(v.i[k]);
}

// Value k for integer state: floats rounded to nearest and saturated, unsigned
// values above INT32_MAX saturated; NaN gives nullopt.
inline std::optional<GLint> param_int(const param_values &v, unsigned k) {
   if (v.is_float())
      return std::isnan(v.f[k]) ? std::nullopt : std::optional<GLint>(round_to_int(v.f[k]));
   if (v.is_unsigned())
      return static_cast<GLint>(std::min<GLuint>(v.ui[k], INT32_MAX));
   return v.i[k];
}

// Value k for float state: integers convert to the nearest float (§2.2.1).
inline GLfloat param_float(const param_values &v, unsigned k) {
   if (v.is_float())
      return v.f[k];
   return v.is_unsigned() ? static_cast<GLfloat>(v.ui[k]) : static_cast<GLfloat>(v.i[k]);
}

// Value k for boolean state: exactly 0 or 1 after rounding; anything else
// (NaN and infinities included) gives nullopt.
inline std::optional<bool> param_bool(const param_values &v, unsigned k) {
   if (v.is_float()) {
      if (!std::isfinite(v.f[k]))
         return std::nullopt;
      const double r = std::round(static_cast<double>(v.f[k]));
      if (r == 0.0 || r == 1.0)
         return r == 1.0;
      return std::nullopt;
   }
   const int64_t n = v.is_unsigned() ? int64_t{v.ui[k]} : int64_t{v.i[k]};
   if (n == 0 || n == 1)
      return n == 1;
   return std::nullopt;
}

// ---- Printing values for error messages ----

inline std::string format_float(GLfloat f) {
   char buf[48];
   const auto r = std::to_chars(buf, buf + sizeof(buf), f);
   return std::string(buf, r.ptr);
}

inline std::string format_hex(GLuint v) {
   char buf[16];
   const auto r = std::to_chars(buf, buf + sizeof(buf), v, 16);
   std::string s(buf, r.ptr);
   std::transform(s.begin(), s.end(), s.begin(), [](char c) { return c >= 'a' ? char(c - 32) : c; });
   return "0x" + std::string(s.size() < 4 ? 4 - s.size() : 0, '0') + s;
}

// A GLenum by name, or in hex when it has none.
inline std::string format_enum(GLenum v) {
   const char *name = gl_enum_name(v);
   return name ? std::string(name) : format_hex(v);
}

inline std::string format_param(const param_values &v, unsigned k, param_type type) {
   if (v.is_float())
      return format_float(v.f[k]);
   const GLuint u = v.is_unsigned() ? v.ui[k] : static_cast<GLuint>(v.i[k]);
   switch (type) {
   case param_type::enumeration:
      return format_enum(u);
   case param_type::swizzle:
   case param_type::swizzle4: {
      const char *name = gl_swizzle_name(u);
      return name ? std::string(name) : format_hex(u);
   }
   case param_type::boolean: {
      const char *name = gl_boolean_name(u);
      if (name)
         return name;
      break;
   }
   default:
      break;
   }
   return v.is_unsigned() ? std::to_string(v.ui[k]) : std::to_string(v.i[k]);
}

// All values of a call: "GL_REPEAT", "2.5" or "{0, 0.5, 1, 1}".
inline std::string format_params(const param_values &v, GLenum pname) {
   const param_type type = pname_type(pname);
   if (v.count == 1)
      return format_param(v, 0, type);
   std::string s = "{";
   for (unsigned k = 0; k < v.count; k++)
      s += (k ? ", " : "") + format_param(v, k, type);
   return s + "}";
}

// ---- Outcomes ----

struct param_error {
   GLenum code;
   std::string reason;  // completes "<entry>(<args>): ..."
};
using param_status = std::optional<param_error>;

inline param_error invalid_enum(std::string reason) { return {GL_INVALID_ENUM, std::move(reason)}; }
inline param_error invalid_value(std::string reason) { return {GL_INVALID_VALUE, std::move(reason)}; }
inline param_error invalid_operation(std::string reason) {
   return {GL_INVALID_OPERATION, std::move(reason)};
}

// ---- Query results and their conversions (§2.2.2) ----

struct query_result {
   param_type type = param_type::unknown;
   unsigned count = 1;
   std::array<GLint, 4> i{};    // enumeration, swizzle(4), boolean, integer
   std::array<GLfloat, 4> f{};  // floating
   std::array<uint32_t, 4> color_words{};  // color: the stored words
   gl_border_type color_type = gl_border_type::floating;
};

inline query_result query_color(const gl_sampler_attrib &a) {
   query_result q;
   q.type = param_type::color;
   q.count = 4;
   static_assert(sizeof(q.color_words) == sizeof(a.BorderColor));
   std::memcpy(q.color_words.data(), &a.BorderColor, sizeof(q.color_words));
   q.color_type = a.BorderType;
   return q;
}

// Get*iv: float state rounded to nearest; a float-typed border colour through the
// normalized conversion; an integer-typed one as its stored words.
inline void query_to_iv(const query_result &q, GLint *out) {
   for (unsigned k = 0; k < q.count; k++) {
      switch (q.type) {
      case param_type::floating:
         out[k] = round_to_int(q.f[k]);
         break;
      case param_type::color:
         out[k] = q.color_type == gl_border_type::floating
                     ? float_to_snorm32(std::bit_cast<GLfloat>(q.color_words[k]))
                     : std::bit_cast<GLint>(q.color_words[k]);
         break;
      default:
         out[k] = q.i[k];
         break;
      }
   }
}

// Get*fv: integer and enum state as exact floats; an integer-typed border colour
// as its stored words reinterpreted (as Mesa does).
inline void query_to_fv(const query_result &q, GLfloat *out) {
   for (unsigned k = 0; k < q.count; k++) {
      switch (q.type) {
      case param_type::floating:
         out[k] = q.f[k];
         break;
      case param_type::color:
         out[k] = std::bit_cast<GLfloat>(q.color_words[k]);
         break;
      default:
         out[k] = static_cast<GLfloat>(q.i[k]);
         break;
      }
   }
}

// Get*Iiv / Get*Iuiv: the border colour's stored words whatever its type; other
// state as Get*iv (reinterpreted as unsigned for Iuiv).
inline void query_to_Iiv(const query_result &q, GLint *out) {
   if (q.type != param_type::color)
      return query_to_iv(q, out);
   for (unsigned k = 0; k < q.count; k++)
      out[k] = std::bit_cast<GLint>(q.color_words[k]);
}

inline void query_to_Iuiv(const query_result &q, GLuint *out) {
   std::array<GLint, 4> words{};
   query_to_Iiv(q, words.data());
   for (unsigned k = 0; k < q.count; k++)
      out[k] = static_cast<GLuint>(words[k]);
}

}  // namespace clampler::gl_detail
