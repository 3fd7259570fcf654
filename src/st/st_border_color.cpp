// Border colour translation by base format, clamping for normalized formats, and swizzling.
#include "clampler/st/st_border_color.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <cstring>

namespace clampler {
namespace {

float clamp_norm(float v, bool is_signed) {
   if (std::isnan(v))
      return 0.0f;
   const float lo = is_signed ? -1.0f : 0.0f;
   return v < lo ? lo : (v > 1.0f ? 1.0f : v);
}

// Bits of the stored component GL component c lands in, or 0 where it lands nowhere.
unsigned stored_bits(const util_format_description &d, bool stencil, unsigned c) {
   if (stencil)
      return c == 0 ? d.stencil_bits : 0;
   if (d.depth_bits)
      return 0;
   if (d.is_compressed)
      return d.is_float ? 16 : 0;  // BC6H: half-float components (normalized ones clamp elsewhere)
   unsigned k = c;
   switch (d.gl_base_format) {
   case GL_ALPHA: k = c == 3 ? 0 : 4; break;
   case GL_LUMINANCE:
   case GL_INTENSITY: k = c == 0 ? 0 : 4; break;
   case GL_LUMINANCE_ALPHA: k = c == 0 ? 0 : (c == 3 ? 1 : 4); break;
   default: break;  // RED, RG, RGB, RGBA: in order
   }
   return k < d.nr_channels ? d.channel_bits[k] : 0;
}

// The largest finite float of a small float component: binary16; 5-bit exponent with 6 or 5
// mantissa bits (unsigned 11- and 10-bit floats); 9-bit mantissa under RGB9_E5's shared exponent.
float small_float_max(unsigned bits) {
   switch (bits) {
   case 16: return 65504.0f;
   case 11: return 65024.0f;
   case 10: return 64512.0f;
   case 9: return 65408.0f;
   default: return std::numeric_limits<float>::infinity();
   }
}

}  // namespace

gl_color_union st_clamp_border_to_format(const gl_color_union &border, const util_format_description &d,
                                         bool stencil) {
   gl_color_union out = border;
   const bool integer = stencil || d.is_integer;
   if (!integer && (!d.is_float || d.is_normalized))
      return out;
   for (unsigned c = 0; c < 4; ++c) {
      const unsigned bits = stored_bits(d, stencil, c);
      if (bits == 0 || bits >= 32)
         continue;
      if (integer && d.is_signed && !stencil) {
         const int32_t hi = static_cast<int32_t>((1u << (bits - 1)) - 1u);
         out.i[c] = std::clamp(border.i[c], -hi - 1, hi);
      } else if (integer) {
         out.ui[c] = std::min(border.ui[c], (1u << bits) - 1u);
      } else if (!std::isnan(border.f[c])) {
         const float hi = small_float_max(bits);
         out.f[c] = std::clamp(border.f[c], d.is_signed ? -hi : 0.0f, hi);
      }
   }
   return out;
}

pipe_color_union st_translate_border_color(const gl_color_union &border, GLenum base_format,
                                           bool is_integer, bool normalized, bool is_signed) {
   // Work on raw words so integer colours pass through bit-exactly.
   uint32_t in[4], out[4];
   for (unsigned i = 0; i < 4; ++i)
      in[i] = border.ui[i];
   if (normalized && !is_integer) {
      for (unsigned i = 0; i < 4; ++i) {
         float f = clamp_norm(border.f[i], is_signed);
         std::memcpy(&in[i], &f, 4);
      }
   }
   const uint32_t zero = 0;
   uint32_t one;
   if (is_integer) {
      one = 1;
   } else {
      float f1 = 1.0f;
      std::memcpy(&one, &f1, 4);
   }
   const uint32_t r = in[0], g = in[1], b = in[2], a = in[3];
   switch (base_format) {
   case GL_RED:
   case GL_DEPTH_COMPONENT:
   case GL_DEPTH_STENCIL:
   case GL_STENCIL_INDEX: out[0] = r; out[1] = zero; out[2] = zero; out[3] = one; break;
   case GL_RG: out[0] = r; out[1] = g; out[2] = zero; out[3] = one; break;
   case GL_RGB: out[0] = r; out[1] = g; out[2] = b; out[3] = one; break;
   case GL_ALPHA: out[0] = zero; out[1] = zero; out[2] = zero; out[3] = a; break;
   case GL_LUMINANCE: out[0] = r; out[1] = r; out[2] = r; out[3] = one; break;
   case GL_LUMINANCE_ALPHA: out[0] = r; out[1] = r; out[2] = r; out[3] = a; break;
   case GL_INTENSITY: out[0] = r; out[1] = r; out[2] = r; out[3] = r; break;
   default: out[0] = r; out[1] = g; out[2] = b; out[3] = a; break;  // GL_RGBA
   }
   pipe_color_union c;
   for (unsigned i = 0; i < 4; ++i)
      c.ui[i] = out[i];
   return c;
}

pipe_color_union st_apply_color_swizzle(const pipe_color_union &c, const st_swizzle &swz,
                                        bool is_integer) {
   pipe_color_union r;
   for (unsigned i = 0; i < 4; ++i) {
      if (swz[i] <= PIPE_SWIZZLE_W)
         r.ui[i] = c.ui[swz[i]];
      else if (is_integer)
         r.i[i] = swz[i] == PIPE_SWIZZLE_1 ? 1 : 0;
      else
         r.f[i] = swz[i] == PIPE_SWIZZLE_1 ? 1.0f : 0.0f;
   }
   return r;
}

}  // namespace clampler
