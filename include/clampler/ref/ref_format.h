// Reference texel format conversion: scenario texel values -> what a texture of a pipe_format stores -> the RGBA texel GL reads.
//
// Written from the OpenGL 4.6 compatibility specification, not from any driver:
// - §2.3.5.2 (float -> normalized fixed point) and §2.3.5.1 (normalized fixed point -> float);
// - §2.3.4.2-4 (16-bit, unsigned 11-bit and 10-bit floats), §8.5.2 (RGB9_E5 encoding) and the
//   shared-exponent texture colour conversion (RGB9_E5 decoding);
// - §8.5, "Conversion from RGBA, depth, and stencil pixel components to internal texture
//   components" (which RGBA value feeds L, I, A, ...);
// - table 15.1, "Correspondence of filtered texture components to texture base components"
//   (the RGBA a texel of each base format reads);
// - §8.24 (sRGB texture colour conversion) and EXT_texture_sRGB_decode;
// - ARB_depth_buffer_float (depth clamping on TexImage, float depth).
//
// Rounding choice: GL lets "convert_float_uint" return either of the two nearest integers and
// only prefers the nearest; this layer rounds the *exact* real product to the nearest integer,
// ties to even (docs/reference.md: texel quantisation), and rounds to half, float and the
// small unsigned floats to the nearest representable value, ties to even. RGB9_E5 follows the
// spec's own formula floor(x + 1/2) (ties up). Nothing here depends on the FPU rounding mode.
//
// Compressed formats are not supported (their texels need block data): every entry point
// reports "compressed formats need block data".
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "clampler/pipe/p_format.h"
#include "clampler/ref/ref_sampler.h"

namespace clampler::ref {

// What a texture stores for one texel of a non-compressed format, one entry per stored
// component in the format's own order (R G B A; A; L; L A; I; D; D S; S):
// - unsigned normalized (unorm, sRGB, packed unorm, fixed-point depth): the integer c in
//   [0, 2^b - 1];
// - signed normalized: the integer c in [-2^(b-1), 2^(b-1) - 1];
// - pure integer and stencil: the integer value;
// - 16-bit float: the half-precision bit pattern; 32-bit float (colour or depth): the IEEE
//   single-precision bit pattern; R11G11B10: the unsigned 11/11/10-bit float bit patterns;
// - RGB9_E5: the three 9-bit mantissas, with the 5-bit exponent in shared_exponent.
struct ref_stored_texel {
   int count = 0;              // stored components (1..4)
   int64_t code[4] = {0, 0, 0, 0};
   uint32_t shared_exponent = 0;  // RGB9_E5 only
};

// The number of components a scenario texel of this format lists when it uses the format's
// own components (docs/design.md §7): ALPHA, LUMINANCE, INTENSITY, RED, depth and stencil 1;
// LUMINANCE_ALPHA, RG and depth-stencil 2; RGB (RGB9_E5, R11G11B10, the X-padded formats
// included) 3; RGBA 4. 0 for PIPE_FORMAT_NONE, unknown values and compressed formats.
int ref_format_component_count(pipe_format f);

// Scenario texel -> stored components (GL's conversion on TexImage with type FLOAT).
// `values` lists either the format's own components (ref_format_component_count of them) or,
// for colour formats, four RGBA values converted by GL's rules: the base format takes
// L from R, I from R, A from A and R, G, B as such; the other RGBA values are dropped (GL 4.6
// §8.5). Depth and stencil formats take only their own components ([d], [d, s], [s]).
// Per component:
// - unorm (incl. packed, sRGB, fixed-point depth): c = round(clamp(f, 0, 1) * (2^b - 1));
// - snorm: c = round(clamp(f, -1, 1) * (2^(b-1) - 1));
//   round = nearest integer to the exact product, ties to even (GL 4.6 §2.3.5.2);
// - sRGB: the value given is the sRGB-encoded value, as the application passes it to
//   TexImage (GL performs no sRGB conversion on upload; §8.24 applies when sampling);
// - half: nearest half, ties to even, IEEE denormals, overflow to ±inf (|f| >= 65520);
// - float (colour): nearest single-precision value, ties to even, overflow to ±inf;
// - R11G11B10: nearest unsigned 11/10-bit float, ties to even; negative values and -inf give
//   0, finite values above the largest finite value give it (65024 / 64512), +inf gives inf,
//   NaN gives NaN (GL 4.6 §2.3.4.3-4);
// - RGB9_E5: GL 4.6 §8.5.2 exactly (clamp to [0, 65408] with NaN -> 0, shared exponent,
//   mantissas floor(x + 1/2));
// - depth: clamped to [0, 1] for fixed-point *and* floating-point depth formats
//   (ARB_depth_buffer_float, "Texture Image Specification": "Fixed-point and
//   Floating-point components are clamped to [0, 1]"), then unorm, or rounded to float;
// - pure integer and stencil: the value must be an integer in the component's range
//   ([-2^(b-1), 2^(b-1) - 1] or [0, 2^b - 1]); GL would clamp (or mask stencil), a scenario
//   that relies on that is rejected instead. Every RGBA value given to an integer format must
//   be integral, dropped ones included.
// NaN is rejected for normalized, depth and integer formats. On failure returns nullopt and,
// when error is not null, sets *error to a message naming the format and, for a wrong count,
// the expected count(s).
std::optional<ref_stored_texel> ref_store(pipe_format f, const std::vector<double> &values,
                                          std::string *error);

// Stored components -> the texel GL reads, before swizzle (GL 4.6 table 15.1):
// RED (r, 0, 0, 1), RG (r, g, 0, 1), RGB (r, g, b, 1), RGBA (r, g, b, a), ALPHA (0, 0, 0, a),
// LUMINANCE (l, l, l, 1), LUMINANCE_ALPHA (l, l, l, a), INTENSITY (i, i, i, i), in texel::f
// for normalized and float formats and in texel::i for pure integer formats (alpha 1).
// Depth: f = (d, 0, 0, 1) (ref_sample applies GL_DEPTH_TEXTURE_MODE to f[0]); stencil:
// i = (s, 0, 0, 1); depth-stencil: both. Normalized values decode as c / (2^b - 1) and
// max(c / (2^(b-1) - 1), -1) (§2.3.5.1), floats exactly. For sRGB formats with srgb_decode
// (GL_TEXTURE_SRGB_DECODE_EXT = GL_DECODE_EXT) R, G, B (and L) go through the sRGB EOTF of
// §8.24; alpha never does; srgb_decode is ignored for other formats. Returns nullopt (and
// sets *error) for compressed formats, a count that is not ref_format_component_count, or a
// code outside the component's range.
std::optional<texel> ref_decode(pipe_format f, const ref_stored_texel &stored, bool srgb_decode,
                                std::string *error);

// ref_decode(ref_store(values)): the texel a scenario value becomes once uploaded, directly
// usable in a ref_level. Errors as ref_store.
std::optional<texel> ref_encode(pipe_format f, const std::vector<double> &values, bool srgb_decode,
                                std::string *error);

// What a texel of base format `base` reads when its colour is given as RGBA — GL 4.6 table
// 15.1 applied to those components (L and I from R, A from A; depth and stencil read
// (v, 0, 0, 1)). Used for border colours; no quantisation. Fills f, or i when `integer`.
texel ref_base_format_rgba(GLenum base, const double rgba[4], bool integer);

// GL 4.6 §8.14.2: border values are clamped, before they are used, to the representable range of
// the format the components are stored in — for floating-point and integer formats too (the
// normalized [0, 1] / [-1, 1] clamp is the caller's). Each of the RGBA border components (as GL
// holds them: floats, or the integers of glTexParameterI*) is clamped to the range of the stored
// component it feeds (table 8.11's correspondence: L and I from R, A from A; a stencil index from
// R); 32-bit float and integer components and NaN are left as they are, and so is a depth border.
void ref_clamp_border_to_format(pipe_format f, bool stencil, double rgba[4]);

// --- The scalar conversions, exposed for tests and other reference code -----------------------

// GL 4.6 §2.3.5.2: round(clamp(f, 0, 1) * (2^bits - 1)), exact product, ties to even.
// bits in [1, 32]; f must not be NaN.
uint32_t ref_float_to_unorm(double f, int bits);
// GL 4.6 §2.3.5.2: round(clamp(f, -1, 1) * (2^(bits-1) - 1)), exact product, ties to even.
// bits in [2, 32]; f must not be NaN.
int32_t ref_float_to_snorm(double f, int bits);
// GL 4.6 §2.3.5.1: c / (2^bits - 1).
double ref_unorm_to_float(uint32_t c, int bits);
// GL 4.6 §2.3.5.1: max(c / (2^(bits-1) - 1), -1).
double ref_snorm_to_float(int32_t c, int bits);

// IEEE binary16 (GL 4.6 §2.3.4.2): nearest, ties to even, denormals, overflow to ±inf, NaN
// kept (quiet, sign kept).
uint16_t ref_float_to_half(double f);
double ref_half_to_float(uint16_t h);

// IEEE binary32: nearest, ties to even, denormals, overflow to ±inf (what a 32-bit float
// texture stores); as a bit pattern.
uint32_t ref_float_to_f32(double f);
double ref_f32_to_float(uint32_t bits);

// Unsigned 11-bit (5-bit exponent, 6-bit mantissa) and 10-bit (5-bit exponent, 5-bit
// mantissa) floats, GL 4.6 §2.3.4.3-4; conversion rules as for ref_store above.
uint32_t ref_float_to_uf11(double f);
uint32_t ref_float_to_uf10(double f);
double ref_uf11_to_float(uint32_t bits);
double ref_uf10_to_float(uint32_t bits);

// RGB9_E5 (GL 4.6 §8.5.2), packed as GL_UNSIGNED_INT_5_9_9_9_REV: red in bits 0-8, green
// 9-17, blue 18-26, the shared exponent in 27-31.
uint32_t ref_float_to_rgb9e5(double r, double g, double b);
std::array<double, 3> ref_rgb9e5_to_float(uint32_t packed);

// The sRGB EOTF of GL 4.6 §8.24: cs <= 0.04045 ? cs / 12.92 : ((cs + 0.055) / 1.055)^2.4.
double ref_srgb_to_linear(double cs);

}  // namespace clampler::ref
