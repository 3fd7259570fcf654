// Border colour translation by base format, clamping for normalized formats, and swizzling.
#include "clampler/st/st_border_color.h"

#include <cmath>
#include <cstring>

namespace clampler {
namespace {

float clamp_norm(float v, bool is_signed) {
   if (std::isnan(v))
      return 0.0f;
   const float lo = is_signed ? -1.0f : 0.0f;
   return v < lo ? lo : (v > 1.0f ? 1.0f : v);
}

}  // namespace

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
