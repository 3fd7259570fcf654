// Swizzles a lookup result goes through: texture swizzle, GL_DEPTH_TEXTURE_MODE, and their composition.
#pragma once

#include <array>

#include "clampler/gl/mtypes.h"
#include "clampler/pipe/p_defines.h"

namespace clampler {

using st_swizzle = std::array<pipe_swizzle, 4>;
constexpr st_swizzle ST_SWIZZLE_IDENTITY = {PIPE_SWIZZLE_X, PIPE_SWIZZLE_Y, PIPE_SWIZZLE_Z,
                                            PIPE_SWIZZLE_W};

// GL_RED/GREEN/BLUE/ALPHA/ZERO/ONE -> PIPE_SWIZZLE_X/Y/Z/W/0/1.
pipe_swizzle st_swizzle_from_gl(GLenum v);
// GL_DEPTH_TEXTURE_MODE as a swizzle of the depth value in X:
// LUMINANCE (x,x,x,1), INTENSITY (x,x,x,x), ALPHA (0,0,0,x), RED (x,0,0,1).
st_swizzle st_depth_mode_swizzle(GLenum depth_mode);
// result[i] = inner[outer[i]] (outer applied to the output of inner).
st_swizzle st_compose_swizzle(const st_swizzle &outer, const st_swizzle &inner);
// The texture swizzle (GL_TEXTURE_SWIZZLE_*) composed over the depth texture mode
// when the texture is read as depth: what GL applies to a lookup's RGBA result.
st_swizzle st_texture_result_swizzle(const gl_texture_object &texobj, gl_profile profile);
// Whether a texture of format `d` is read as stencil (stencil-only format, or depth-stencil
// with GL_DEPTH_STENCIL_TEXTURE_MODE STENCIL_INDEX) or as depth (any other depth format).
inline bool st_format_samples_stencil(const util_format_description *d, bool stencil_sampling) {
   return d && (d->gl_base_format == GL_STENCIL_INDEX ||
                (d->gl_base_format == GL_DEPTH_STENCIL && stencil_sampling));
}
inline bool st_format_samples_depth(const util_format_description *d, bool stencil_sampling) {
   return d && d->depth_bits && !st_format_samples_stencil(d, stencil_sampling);
}
inline bool st_texture_samples_stencil(const gl_texture_object &texobj) {
   return st_format_samples_stencil(util_format_describe(texobj.Format), texobj.Attrib.StencilSampling);
}
inline bool st_texture_samples_depth(const gl_texture_object &texobj) {
   return st_format_samples_depth(util_format_describe(texobj.Format), texobj.Attrib.StencilSampling);
}

}  // namespace clampler
