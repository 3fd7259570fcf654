// Border colour translation: GL border state -> the RGBA a border texel returns for the texture's format.
#pragma once

#include "clampler/gl/mtypes.h"
#include "clampler/pipe/p_state.h"
#include "clampler/st/st_swizzle.h"

namespace clampler {

// Translates `border` by the texture's GL base format: RED (r,0,0,1), RG (r,g,0,1), RGB
// (r,g,b,1), ALPHA (0,0,0,a), LUMINANCE (r,r,r,1), LUMINANCE_ALPHA (r,r,r,a), INTENSITY
// (r,r,r,r), DEPTH_COMPONENT / DEPTH_STENCIL / STENCIL_INDEX (r,0,0,1) — a stencil or depth
// texel reads as (v, 0, 0, 1), which the compatibility profile's depth texture mode then
// assigns (st_texture_result_swizzle). (Mesa replicates a stencil border into all four as a
// hardware aid and leaves the rest to its view swizzle.)
// Normalized formats clamp each component to [0,1] (unsigned) or [-1,1] (signed); NaN -> 0.
pipe_color_union st_translate_border_color(const gl_color_union &border, GLenum base_format,
                                           bool is_integer, bool normalized, bool is_signed);
// Applies `swz` to a colour (ZERO -> 0, ONE -> 1 or 1.0f by is_integer).
pipe_color_union st_apply_color_swizzle(const pipe_color_union &c, const st_swizzle &swz,
                                        bool is_integer);

}  // namespace clampler
