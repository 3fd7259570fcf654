// Reference depth comparison, depth texture modes and texture swizzle.
#include "clampler/ref/ref_texel_ops.h"

#include <algorithm>
#include <stdexcept>

namespace clampler::ref {

double ref_compare(GLenum func, double d_ref, double d_t, bool depth_is_float) {
   if (!depth_is_float) {
      d_ref = std::clamp(d_ref, 0.0, 1.0);
      d_t = std::clamp(d_t, 0.0, 1.0);
   }
   bool pass;
   switch (func) {
   case GL_NEVER: pass = false; break;
   case GL_LESS: pass = d_ref < d_t; break;
   case GL_EQUAL: pass = d_ref == d_t; break;
   case GL_LEQUAL: pass = d_ref <= d_t; break;
   case GL_GREATER: pass = d_ref > d_t; break;
   case GL_NOTEQUAL: pass = d_ref != d_t; break;
   case GL_GEQUAL: pass = d_ref >= d_t; break;
   case GL_ALWAYS: pass = true; break;
   default: throw std::invalid_argument("unknown GL_TEXTURE_COMPARE_FUNC");
   }
   return pass ? 1.0 : 0.0;
}

std::array<double, 4> ref_depth_mode(GLenum mode, double r) {
   switch (mode) {
   case GL_LUMINANCE: return {r, r, r, 1.0};
   case GL_INTENSITY: return {r, r, r, r};
   case GL_ALPHA: return {0.0, 0.0, 0.0, r};
   case GL_RED: return {r, 0.0, 0.0, 1.0};
   default: throw std::invalid_argument("unknown GL_DEPTH_TEXTURE_MODE");
   }
}

bool ref_swizzle_is_known(GLenum swz) {
   return swz == GL_RED || swz == GL_GREEN || swz == GL_BLUE || swz == GL_ALPHA || swz == GL_ZERO ||
          swz == GL_ONE;
}

texel ref_swizzle(const texel &v, bool is_integer, const std::array<GLenum, 4> &swizzle) {
   texel out;
   for (int c = 0; c < 4; ++c) {
      int src = -1;
      switch (swizzle[c]) {
      case GL_RED: src = 0; break;
      case GL_GREEN: src = 1; break;
      case GL_BLUE: src = 2; break;
      case GL_ALPHA: src = 3; break;
      case GL_ZERO: break;
      case GL_ONE: break;
      default: throw std::invalid_argument("unknown GL_TEXTURE_SWIZZLE value");
      }
      const bool one = swizzle[c] == GL_ONE;
      if (is_integer)
         out.i[c] = src >= 0 ? v.i[src] : (one ? 1 : 0);
      else
         out.f[c] = src >= 0 ? v.f[src] : (one ? 1.0 : 0.0);
   }
   return out;
}

}  // namespace clampler::ref
