// Border colour translation: GL border state -> the RGBA a border texel returns for the texture's format.
#pragma once

#include "clampler/gl/mtypes.h"
#include "clampler/pipe/p_format.h"
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
// GL 4.6 §8.14.2 clamps border values to the range of the format the texture stores, for
// floating-point and integer formats too: each GL component is clamped to the stored component
// it feeds (L and I take R, A takes A; a stencil index, unsigned, takes R) — half floats to
// ±65504, the unsigned 11-, 10-bit and RGB9_E5 floats to [0, their largest], n-bit integers to
// their signed or unsigned range. 32-bit components, NaN, depth and normalized formats (rule 6.2,
// st_translate_border_color) pass through. Done before the colour leaves the state tracker, since
// devices differ on an out-of-range custom border (lavapipe clamps, NVIDIA wraps).
gl_color_union st_clamp_border_to_format(const gl_color_union &border, const util_format_description &d,
                                         bool stencil);
// Applies `swz` to a colour (ZERO -> 0, ONE -> 1 or 1.0f by is_integer).
pipe_color_union st_apply_color_swizzle(const pipe_color_union &c, const st_swizzle &swz,
                                        bool is_integer);

}  // namespace clampler
