// pipe_format and its description table: every sized GL internal format a GL 4.6 compatibility app can sample.
#pragma once

#include <cstdint>
#include <string_view>

namespace clampler {

// One enumerator per table entry. Names follow Mesa's PIPE_FORMAT_* spelling.
enum pipe_format : uint16_t {
   PIPE_FORMAT_NONE = 0,
   // RGBA8 keeps value 1
   PIPE_FORMAT_R8G8B8A8_UNORM,
   // 8- and 16-bit normalized (GL_R8 ... GL_RGBA16_SNORM)
   PIPE_FORMAT_R8_UNORM,
   PIPE_FORMAT_R8G8_UNORM,
   PIPE_FORMAT_R8G8B8_UNORM,
   PIPE_FORMAT_R8_SNORM,
   PIPE_FORMAT_R8G8_SNORM,
   PIPE_FORMAT_R8G8B8_SNORM,
   PIPE_FORMAT_R8G8B8A8_SNORM,
   PIPE_FORMAT_R16_UNORM,
   PIPE_FORMAT_R16G16_UNORM,
   PIPE_FORMAT_R16G16B16_UNORM,
   PIPE_FORMAT_R16G16B16A16_UNORM,
   PIPE_FORMAT_R16_SNORM,
   PIPE_FORMAT_R16G16_SNORM,
   PIPE_FORMAT_R16G16B16_SNORM,
   PIPE_FORMAT_R16G16B16A16_SNORM,
   // Half and single float (GL_R16F ... GL_RGBA32F)
   PIPE_FORMAT_R16_FLOAT,
   PIPE_FORMAT_R16G16_FLOAT,
   PIPE_FORMAT_R16G16B16_FLOAT,
   PIPE_FORMAT_R16G16B16A16_FLOAT,
   PIPE_FORMAT_R32_FLOAT,
   PIPE_FORMAT_R32G32_FLOAT,
   PIPE_FORMAT_R32G32B32_FLOAT,
   PIPE_FORMAT_R32G32B32A32_FLOAT,
   // Pure integer (GL_R8I ... GL_RGBA32UI)
   PIPE_FORMAT_R8_SINT,
   PIPE_FORMAT_R8G8_SINT,
   PIPE_FORMAT_R8G8B8_SINT,
   PIPE_FORMAT_R8G8B8A8_SINT,
   PIPE_FORMAT_R8_UINT,
   PIPE_FORMAT_R8G8_UINT,
   PIPE_FORMAT_R8G8B8_UINT,
   PIPE_FORMAT_R8G8B8A8_UINT,
   PIPE_FORMAT_R16_SINT,
   PIPE_FORMAT_R16G16_SINT,
   PIPE_FORMAT_R16G16B16_SINT,
   PIPE_FORMAT_R16G16B16A16_SINT,
   PIPE_FORMAT_R16_UINT,
   PIPE_FORMAT_R16G16_UINT,
   PIPE_FORMAT_R16G16B16_UINT,
   PIPE_FORMAT_R16G16B16A16_UINT,
   PIPE_FORMAT_R32_SINT,
   PIPE_FORMAT_R32G32_SINT,
   PIPE_FORMAT_R32G32B32_SINT,
   PIPE_FORMAT_R32G32B32A32_SINT,
   PIPE_FORMAT_R32_UINT,
   PIPE_FORMAT_R32G32_UINT,
   PIPE_FORMAT_R32G32B32_UINT,
   PIPE_FORMAT_R32G32B32A32_UINT,
   // sRGB (GL_SR8_EXT, GL_SRG8_EXT, GL_SRGB8, GL_SRGB8_ALPHA8)
   PIPE_FORMAT_R8_SRGB,
   PIPE_FORMAT_R8G8_SRGB,
   PIPE_FORMAT_R8G8B8_SRGB,
   PIPE_FORMAT_R8G8B8A8_SRGB,
   // Packed and small formats
   PIPE_FORMAT_R10G10B10A2_UNORM,
   PIPE_FORMAT_R10G10B10A2_UINT,
   PIPE_FORMAT_R11G11B10_FLOAT,
   PIPE_FORMAT_R9G9B9E5_FLOAT,
   PIPE_FORMAT_B5G6R5_UNORM,
   PIPE_FORMAT_B4G4R4A4_UNORM,
   PIPE_FORMAT_B5G5R5A1_UNORM,
   PIPE_FORMAT_B4G4R4X4_UNORM,
   PIPE_FORMAT_B5G5R5X1_UNORM,
   PIPE_FORMAT_R10G10B10X2_UNORM,
   PIPE_FORMAT_R3G3B2_UNORM,
   // Legacy ALPHA / LUMINANCE / LUMINANCE_ALPHA / INTENSITY, normalized
   PIPE_FORMAT_A8_UNORM,
   PIPE_FORMAT_A16_UNORM,
   PIPE_FORMAT_L8_UNORM,
   PIPE_FORMAT_L16_UNORM,
   PIPE_FORMAT_L8A8_UNORM,
   PIPE_FORMAT_L16A16_UNORM,
   PIPE_FORMAT_I8_UNORM,
   PIPE_FORMAT_I16_UNORM,
   PIPE_FORMAT_L4A4_UNORM,
   PIPE_FORMAT_A8_SNORM,
   PIPE_FORMAT_A16_SNORM,
   PIPE_FORMAT_L8_SNORM,
   PIPE_FORMAT_L16_SNORM,
   PIPE_FORMAT_L8A8_SNORM,
   PIPE_FORMAT_L16A16_SNORM,
   PIPE_FORMAT_I8_SNORM,
   PIPE_FORMAT_I16_SNORM,
   // Legacy float (ARB_texture_float)
   PIPE_FORMAT_A16_FLOAT,
   PIPE_FORMAT_A32_FLOAT,
   PIPE_FORMAT_L16_FLOAT,
   PIPE_FORMAT_L32_FLOAT,
   PIPE_FORMAT_L16A16_FLOAT,
   PIPE_FORMAT_L32A32_FLOAT,
   PIPE_FORMAT_I16_FLOAT,
   PIPE_FORMAT_I32_FLOAT,
   // Legacy pure integer (EXT_texture_integer)
   PIPE_FORMAT_A8_SINT,
   PIPE_FORMAT_A8_UINT,
   PIPE_FORMAT_A16_SINT,
   PIPE_FORMAT_A16_UINT,
   PIPE_FORMAT_A32_SINT,
   PIPE_FORMAT_A32_UINT,
   PIPE_FORMAT_L8_SINT,
   PIPE_FORMAT_L8_UINT,
   PIPE_FORMAT_L16_SINT,
   PIPE_FORMAT_L16_UINT,
   PIPE_FORMAT_L32_SINT,
   PIPE_FORMAT_L32_UINT,
   PIPE_FORMAT_L8A8_SINT,
   PIPE_FORMAT_L8A8_UINT,
   PIPE_FORMAT_L16A16_SINT,
   PIPE_FORMAT_L16A16_UINT,
   PIPE_FORMAT_L32A32_SINT,
   PIPE_FORMAT_L32A32_UINT,
   PIPE_FORMAT_I8_SINT,
   PIPE_FORMAT_I8_UINT,
   PIPE_FORMAT_I16_SINT,
   PIPE_FORMAT_I16_UINT,
   PIPE_FORMAT_I32_SINT,
   PIPE_FORMAT_I32_UINT,
   // Legacy sRGB (GL_SLUMINANCE8, GL_SLUMINANCE8_ALPHA8)
   PIPE_FORMAT_L8_SRGB,
   PIPE_FORMAT_L8A8_SRGB,
   // Depth and stencil
   PIPE_FORMAT_Z16_UNORM,
   PIPE_FORMAT_Z24X8_UNORM,
   PIPE_FORMAT_Z32_UNORM,
   PIPE_FORMAT_Z32_FLOAT,
   PIPE_FORMAT_Z24_UNORM_S8_UINT,
   PIPE_FORMAT_Z32_FLOAT_S8X24_UINT,
   PIPE_FORMAT_S8_UINT,
   // S3TC
   PIPE_FORMAT_DXT1_RGB,
   PIPE_FORMAT_DXT1_RGBA,
   PIPE_FORMAT_DXT3_RGBA,
   PIPE_FORMAT_DXT5_RGBA,
   PIPE_FORMAT_DXT1_SRGB,
   PIPE_FORMAT_DXT1_SRGBA,
   PIPE_FORMAT_DXT3_SRGBA,
   PIPE_FORMAT_DXT5_SRGBA,
   // RGTC
   PIPE_FORMAT_RGTC1_UNORM,
   PIPE_FORMAT_RGTC1_SNORM,
   PIPE_FORMAT_RGTC2_UNORM,
   PIPE_FORMAT_RGTC2_SNORM,
   // BPTC
   PIPE_FORMAT_BPTC_RGBA_UNORM,
   PIPE_FORMAT_BPTC_SRGBA,
   PIPE_FORMAT_BPTC_RGB_FLOAT,
   PIPE_FORMAT_BPTC_RGB_UFLOAT,
   // ETC2 / EAC
   PIPE_FORMAT_ETC2_RGB8,
   PIPE_FORMAT_ETC2_SRGB8,
   PIPE_FORMAT_ETC2_RGB8A1,
   PIPE_FORMAT_ETC2_SRGB8A1,
   PIPE_FORMAT_ETC2_RGBA8,
   PIPE_FORMAT_ETC2_SRGBA8,
   PIPE_FORMAT_ETC2_R11_UNORM,
   PIPE_FORMAT_ETC2_R11_SNORM,
   PIPE_FORMAT_ETC2_RG11_UNORM,
   PIPE_FORMAT_ETC2_RG11_SNORM,
   PIPE_FORMAT_COUNT,  // number of values, NONE included
};

enum util_format_type : uint8_t {
   UTIL_FORMAT_TYPE_VOID = 0,
   UTIL_FORMAT_TYPE_UNSIGNED,  // unorm or uint
   UTIL_FORMAT_TYPE_SIGNED,    // snorm or sint
   UTIL_FORMAT_TYPE_FLOAT,
};

struct util_format_description {
   pipe_format format;
   const char *name;             // "PIPE_FORMAT_R8G8B8A8_UNORM"
   uint32_t gl_internal_format;  // the sized GL internal format, e.g. GL_RGBA8 (0x8058)
   const char *gl_name;          // "GL_RGBA8"
   uint32_t gl_base_format;      // GL_RED, GL_RG, GL_RGB, GL_RGBA, GL_ALPHA, GL_LUMINANCE,
                                 // GL_LUMINANCE_ALPHA, GL_INTENSITY, GL_DEPTH_COMPONENT,
                                 // GL_DEPTH_STENCIL or GL_STENCIL_INDEX
   uint8_t nr_channels;          // stored components (L8A8: 2, D24S8: 2, RGB9_E5: 3)
   uint8_t channel_bits[4];      // bits of each stored component in order (compressed: 0)
   util_format_type type;        // of the colour (or depth) components
   bool is_normalized;           // unorm/snorm (incl. sRGB, packed unorm, unorm compressed)
   bool is_integer;              // pure integer (sampled as int/uint, never filtered)
   bool is_signed;               // components can be negative (snorm, sint, half/float, BPTC
                                 // signed float); false for depth, which GL keeps in [0, 1]
   bool is_float;                // includes half, R11G11B10, RGB9_E5, BPTC float
   bool is_srgb;
   bool is_compressed;
   uint8_t depth_bits;           // 0 when no depth
   uint8_t stencil_bits;         // 0 when no stencil
   uint8_t block_width, block_height, block_bytes;
};

// nullptr for PIPE_FORMAT_NONE or out-of-range values.
namespace detail {
extern const util_format_description *const util_format_table;  // entry i describes format i + 1
}
inline const util_format_description *util_format_describe(pipe_format format) {
   return format == PIPE_FORMAT_NONE || format >= PIPE_FORMAT_COUNT ? nullptr
                                                                    : &detail::util_format_table[format - 1];
}
const char *util_format_name(pipe_format format);  // "PIPE_FORMAT_NONE" for none/unknown
pipe_format util_format_from_name(std::string_view name);  // PIPE_FORMAT_NONE if unknown
// The format a GL sized internal format is stored in; PIPE_FORMAT_NONE if not a sampleable sized format.
pipe_format util_format_from_gl_internal_format(uint32_t internal_format);
// Looks up a GL internal format by its name ("GL_RGBA8"); 0 if unknown.
uint32_t gl_internal_format_from_name(std::string_view name);
// sRGB -> the matching linear (UNORM) format; any other format unchanged.
pipe_format util_format_linear(pipe_format format);

inline bool util_format_has_depth(const util_format_description *d) { return d && d->depth_bits; }
inline bool util_format_has_stencil(const util_format_description *d) { return d && d->stencil_bits; }
inline bool util_format_is_pure_integer(const util_format_description *d) { return d && d->is_integer; }

}  // namespace clampler
