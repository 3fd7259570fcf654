// Texture swizzle, depth texture mode and their composition.
#include "clampler/st/st_swizzle.h"

namespace clampler {

pipe_swizzle st_swizzle_from_gl(GLenum v) {
   switch (v) {
   case GL_RED: return PIPE_SWIZZLE_X;
   case GL_GREEN: return PIPE_SWIZZLE_Y;
   case GL_BLUE: return PIPE_SWIZZLE_Z;
   case GL_ALPHA: return PIPE_SWIZZLE_W;
   case GL_ZERO: return PIPE_SWIZZLE_0;
   default: return PIPE_SWIZZLE_1;  // GL_ONE (the front end accepts nothing else)
   }
}

st_swizzle st_depth_mode_swizzle(GLenum depth_mode) {
   constexpr auto X = PIPE_SWIZZLE_X, Z0 = PIPE_SWIZZLE_0, Z1 = PIPE_SWIZZLE_1;
   switch (depth_mode) {
   case GL_LUMINANCE: return {X, X, X, Z1};
   case GL_INTENSITY: return {X, X, X, X};
   case GL_ALPHA: return {Z0, Z0, Z0, X};
   default: return {X, Z0, Z0, Z1};  // GL_RED
   }
}

st_swizzle st_compose_swizzle(const st_swizzle &outer, const st_swizzle &inner) {
   st_swizzle r{};
   for (unsigned i = 0; i < 4; ++i)
      r[i] = outer[i] <= PIPE_SWIZZLE_W ? inner[outer[i]] : outer[i];
   return r;
}

st_swizzle st_texture_result_swizzle(const gl_texture_object &texobj, gl_profile profile) {
   st_swizzle user;
   for (unsigned i = 0; i < 4; ++i)
      user[i] = st_swizzle_from_gl(texobj.Attrib.Swizzle[i]);
   if (!st_texture_samples_depth(texobj) && !st_texture_samples_stencil(texobj))
      return user;
   // The core profile has no GL_DEPTH_TEXTURE_MODE: depth reads as (d, 0, 0, 1). In the
   // compatibility profile a stencil index goes through it too, as in every Mesa driver: the
   // stencil extensions put r = S into the texture comparison section's r, which the depth
   // texture mode assigns (a reading, docs/fidelity.md).
   GLenum mode = profile == gl_profile::core ? GL_RED : texobj.Attrib.DepthMode;
   return st_compose_swizzle(user, st_depth_mode_swizzle(mode));
}

}  // namespace clampler
