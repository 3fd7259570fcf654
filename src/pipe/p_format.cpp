// The pipe_format description table (one entry per sampleable sized GL internal format) and its lookups.
#include "clampler/pipe/p_format.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <string_view>

#include "clampler/gl/gl_enums.h"
#include "clampler/gl/gl_formats.h"

namespace clampler {
namespace {

// How the colour (or depth) components of a format are encoded.
enum class Enc : uint8_t {
   UNORM,   // unsigned normalized
   SNORM,   // signed normalized
   UINT,    // pure unsigned integer
   SINT,    // pure signed integer
   FLOAT,   // signed float (half, single, BPTC signed float)
   UFLOAT,  // unsigned float (R11G11B10, RGB9E5, BPTC unsigned float)
   SRGB,    // unsigned normalized, sRGB-encoded colour
};

constexpr void set_encoding(util_format_description &d, Enc e) {
   d.type = (e == Enc::SNORM || e == Enc::SINT)     ? UTIL_FORMAT_TYPE_SIGNED
            : (e == Enc::FLOAT || e == Enc::UFLOAT) ? UTIL_FORMAT_TYPE_FLOAT
                                                    : UTIL_FORMAT_TYPE_UNSIGNED;
   d.is_normalized = e == Enc::UNORM || e == Enc::SNORM || e == Enc::SRGB;
   d.is_integer = e == Enc::UINT || e == Enc::SINT;
   d.is_signed = e == Enc::SNORM || e == Enc::SINT || e == Enc::FLOAT;
   d.is_float = e == Enc::FLOAT || e == Enc::UFLOAT;
   d.is_srgb = e == Enc::SRGB;
}

constexpr util_format_description base_entry(pipe_format f, const char *name, GLenum gl,
                                              const char *gl_name, GLenum base) {
   util_format_description d{};
   d.format = f;
   d.name = name;
   d.gl_internal_format = gl;
   d.gl_name = gl_name;
   d.gl_base_format = base;
   d.block_width = 1;
   d.block_height = 1;
   return d;
}

// An uncompressed colour format. `bits` lists the stored components in memory
// order (padding and shared exponents are not components); the block size is
// the bits rounded up to whole bytes unless `bytes` says otherwise.
constexpr util_format_description color(pipe_format f, const char *name, GLenum gl,
                                         const char *gl_name, GLenum base, Enc e,
                                         std::array<uint8_t, 4> bits, uint8_t bytes = 0) {
   util_format_description d = base_entry(f, name, gl, gl_name, base);
   set_encoding(d, e);
   unsigned total = 0;
   for (uint8_t b : bits) {
      if (b) {
         d.channel_bits[d.nr_channels++] = b;
         total += b;
      }
   }
   d.block_bytes = bytes ? bytes : static_cast<uint8_t>((total + 7) / 8);
   return d;
}

// A depth and/or stencil format. The encoding describes the depth component;
// stencil-only formats are sampled as unsigned integers.
constexpr util_format_description depth_stencil(pipe_format f, const char *name, GLenum gl,
                                                 const char *gl_name, GLenum base, Enc e,
                                                 uint8_t depth_bits, uint8_t stencil_bits,
                                                 uint8_t bytes) {
   util_format_description d = base_entry(f, name, gl, gl_name, base);
   set_encoding(d, depth_bits ? e : Enc::UINT);
   d.is_signed = false;  // GL clamps depth to [0, 1], float depth included
   if (depth_bits)
      d.channel_bits[d.nr_channels++] = depth_bits;
   if (stencil_bits)
      d.channel_bits[d.nr_channels++] = stencil_bits;
   d.depth_bits = depth_bits;
   d.stencil_bits = stencil_bits;
   d.block_bytes = bytes;
   return d;
}

// A 4x4 block-compressed format providing `channels` components.
constexpr util_format_description compressed(pipe_format f, const char *name, GLenum gl,
                                              const char *gl_name, GLenum base, Enc e,
                                              uint8_t channels, uint8_t bytes) {
   util_format_description d = base_entry(f, name, gl, gl_name, base);
   set_encoding(d, e);
   d.nr_channels = channels;
   d.is_compressed = true;
   d.block_width = 4;
   d.block_height = 4;
   d.block_bytes = bytes;
   return d;
}

#define PF(x) PIPE_FORMAT_##x, "PIPE_FORMAT_" #x
#define GLF(x) x, #x

// Entry i describes pipe_format i + 1 (PIPE_FORMAT_NONE has no entry).
constexpr util_format_description kTable[] = {
   color(PF(R8G8B8A8_UNORM), GLF(GL_RGBA8), GL_RGBA, Enc::UNORM, {8, 8, 8, 8}),

   // 8- and 16-bit normalized
   color(PF(R8_UNORM), GLF(GL_R8), GL_RED, Enc::UNORM, {8}),
   color(PF(R8G8_UNORM), GLF(GL_RG8), GL_RG, Enc::UNORM, {8, 8}),
   color(PF(R8G8B8_UNORM), GLF(GL_RGB8), GL_RGB, Enc::UNORM, {8, 8, 8}),
   color(PF(R8_SNORM), GLF(GL_R8_SNORM), GL_RED, Enc::SNORM, {8}),
   color(PF(R8G8_SNORM), GLF(GL_RG8_SNORM), GL_RG, Enc::SNORM, {8, 8}),
   color(PF(R8G8B8_SNORM), GLF(GL_RGB8_SNORM), GL_RGB, Enc::SNORM, {8, 8, 8}),
   color(PF(R8G8B8A8_SNORM), GLF(GL_RGBA8_SNORM), GL_RGBA, Enc::SNORM, {8, 8, 8, 8}),
   color(PF(R16_UNORM), GLF(GL_R16), GL_RED, Enc::UNORM, {16}),
   color(PF(R16G16_UNORM), GLF(GL_RG16), GL_RG, Enc::UNORM, {16, 16}),
   color(PF(R16G16B16_UNORM), GLF(GL_RGB16), GL_RGB, Enc::UNORM, {16, 16, 16}),
   color(PF(R16G16B16A16_UNORM), GLF(GL_RGBA16), GL_RGBA, Enc::UNORM, {16, 16, 16, 16}),
   color(PF(R16_SNORM), GLF(GL_R16_SNORM), GL_RED, Enc::SNORM, {16}),
   color(PF(R16G16_SNORM), GLF(GL_RG16_SNORM), GL_RG, Enc::SNORM, {16, 16}),
   color(PF(R16G16B16_SNORM), GLF(GL_RGB16_SNORM), GL_RGB, Enc::SNORM, {16, 16, 16}),
   color(PF(R16G16B16A16_SNORM), GLF(GL_RGBA16_SNORM), GL_RGBA, Enc::SNORM, {16, 16, 16, 16}),

   // Half and single float
   color(PF(R16_FLOAT), GLF(GL_R16F), GL_RED, Enc::FLOAT, {16}),
   color(PF(R16G16_FLOAT), GLF(GL_RG16F), GL_RG, Enc::FLOAT, {16, 16}),
   color(PF(R16G16B16_FLOAT), GLF(GL_RGB16F), GL_RGB, Enc::FLOAT, {16, 16, 16}),
   color(PF(R16G16B16A16_FLOAT), GLF(GL_RGBA16F), GL_RGBA, Enc::FLOAT, {16, 16, 16, 16}),
   color(PF(R32_FLOAT), GLF(GL_R32F), GL_RED, Enc::FLOAT, {32}),
   color(PF(R32G32_FLOAT), GLF(GL_RG32F), GL_RG, Enc::FLOAT, {32, 32}),
   color(PF(R32G32B32_FLOAT), GLF(GL_RGB32F), GL_RGB, Enc::FLOAT, {32, 32, 32}),
   color(PF(R32G32B32A32_FLOAT), GLF(GL_RGBA32F), GL_RGBA, Enc::FLOAT, {32, 32, 32, 32}),

   // Pure integer
   color(PF(R8_SINT), GLF(GL_R8I), GL_RED, Enc::SINT, {8}),
   color(PF(R8G8_SINT), GLF(GL_RG8I), GL_RG, Enc::SINT, {8, 8}),
   color(PF(R8G8B8_SINT), GLF(GL_RGB8I), GL_RGB, Enc::SINT, {8, 8, 8}),
   color(PF(R8G8B8A8_SINT), GLF(GL_RGBA8I), GL_RGBA, Enc::SINT, {8, 8, 8, 8}),
   color(PF(R8_UINT), GLF(GL_R8UI), GL_RED, Enc::UINT, {8}),
   color(PF(R8G8_UINT), GLF(GL_RG8UI), GL_RG, Enc::UINT, {8, 8}),
   color(PF(R8G8B8_UINT), GLF(GL_RGB8UI), GL_RGB, Enc::UINT, {8, 8, 8}),
   color(PF(R8G8B8A8_UINT), GLF(GL_RGBA8UI), GL_RGBA, Enc::UINT, {8, 8, 8, 8}),
   color(PF(R16_SINT), GLF(GL_R16I), GL_RED, Enc::SINT, {16}),
   color(PF(R16G16_SINT), GLF(GL_RG16I), GL_RG, Enc::SINT, {16, 16}),
   color(PF(R16G16B16_SINT), GLF(GL_RGB16I), GL_RGB, Enc::SINT, {16, 16, 16}),
   color(PF(R16G16B16A16_SINT), GLF(GL_RGBA16I), GL_RGBA, Enc::SINT, {16, 16, 16, 16}),
   color(PF(R16_UINT), GLF(GL_R16UI), GL_RED, Enc::UINT, {16}),
   color(PF(R16G16_UINT), GLF(GL_RG16UI), GL_RG, Enc::UINT, {16, 16}),
   color(PF(R16G16B16_UINT), GLF(GL_RGB16UI), GL_RGB, Enc::UINT, {16, 16, 16}),
   color(PF(R16G16B16A16_UINT), GLF(GL_RGBA16UI), GL_RGBA, Enc::UINT, {16, 16, 16, 16}),
   color(PF(R32_SINT), GLF(GL_R32I), GL_RED, Enc::SINT, {32}),
   color(PF(R32G32_SINT), GLF(GL_RG32I), GL_RG, Enc::SINT, {32, 32}),
   color(PF(R32G32B32_SINT), GLF(GL_RGB32I), GL_RGB, Enc::SINT, {32, 32, 32}),
   color(PF(R32G32B32A32_SINT), GLF(GL_RGBA32I), GL_RGBA, Enc::SINT, {32, 32, 32, 32}),
   color(PF(R32_UINT), GLF(GL_R32UI), GL_RED, Enc::UINT, {32}),
   color(PF(R32G32_UINT), GLF(GL_RG32UI), GL_RG, Enc::UINT, {32, 32}),
   color(PF(R32G32B32_UINT), GLF(GL_RGB32UI), GL_RGB, Enc::UINT, {32, 32, 32}),
   color(PF(R32G32B32A32_UINT), GLF(GL_RGBA32UI), GL_RGBA, Enc::UINT, {32, 32, 32, 32}),

   // sRGB
   color(PF(R8_SRGB), GLF(GL_SR8_EXT), GL_RED, Enc::SRGB, {8}),
   color(PF(R8G8_SRGB), GLF(GL_SRG8_EXT), GL_RG, Enc::SRGB, {8, 8}),
   color(PF(R8G8B8_SRGB), GLF(GL_SRGB8), GL_RGB, Enc::SRGB, {8, 8, 8}),
   color(PF(R8G8B8A8_SRGB), GLF(GL_SRGB8_ALPHA8), GL_RGBA, Enc::SRGB, {8, 8, 8, 8}),

   // Packed and small formats (bits in memory order, least significant first)
   color(PF(R10G10B10A2_UNORM), GLF(GL_RGB10_A2), GL_RGBA, Enc::UNORM, {10, 10, 10, 2}),
   color(PF(R10G10B10A2_UINT), GLF(GL_RGB10_A2UI), GL_RGBA, Enc::UINT, {10, 10, 10, 2}),
   color(PF(R11G11B10_FLOAT), GLF(GL_R11F_G11F_B10F), GL_RGB, Enc::UFLOAT, {11, 11, 10}),
   color(PF(R9G9B9E5_FLOAT), GLF(GL_RGB9_E5), GL_RGB, Enc::UFLOAT, {9, 9, 9}, 4),
   color(PF(B5G6R5_UNORM), GLF(GL_RGB565), GL_RGB, Enc::UNORM, {5, 6, 5}),
   color(PF(B4G4R4A4_UNORM), GLF(GL_RGBA4), GL_RGBA, Enc::UNORM, {4, 4, 4, 4}),
   color(PF(B5G5R5A1_UNORM), GLF(GL_RGB5_A1), GL_RGBA, Enc::UNORM, {5, 5, 5, 1}),
   color(PF(B4G4R4X4_UNORM), GLF(GL_RGB4), GL_RGB, Enc::UNORM, {4, 4, 4}),
   color(PF(B5G5R5X1_UNORM), GLF(GL_RGB5), GL_RGB, Enc::UNORM, {5, 5, 5}),
   color(PF(R10G10B10X2_UNORM), GLF(GL_RGB10), GL_RGB, Enc::UNORM, {10, 10, 10}),
   color(PF(R3G3B2_UNORM), GLF(GL_R3_G3_B2), GL_RGB, Enc::UNORM, {3, 3, 2}),

   // Legacy normalized
   color(PF(A8_UNORM), GLF(GL_ALPHA8), GL_ALPHA, Enc::UNORM, {8}),
   color(PF(A16_UNORM), GLF(GL_ALPHA16), GL_ALPHA, Enc::UNORM, {16}),
   color(PF(L8_UNORM), GLF(GL_LUMINANCE8), GL_LUMINANCE, Enc::UNORM, {8}),
   color(PF(L16_UNORM), GLF(GL_LUMINANCE16), GL_LUMINANCE, Enc::UNORM, {16}),
   color(PF(L8A8_UNORM), GLF(GL_LUMINANCE8_ALPHA8), GL_LUMINANCE_ALPHA, Enc::UNORM, {8, 8}),
   color(PF(L16A16_UNORM), GLF(GL_LUMINANCE16_ALPHA16), GL_LUMINANCE_ALPHA, Enc::UNORM, {16, 16}),
   color(PF(I8_UNORM), GLF(GL_INTENSITY8), GL_INTENSITY, Enc::UNORM, {8}),
   color(PF(I16_UNORM), GLF(GL_INTENSITY16), GL_INTENSITY, Enc::UNORM, {16}),
   color(PF(L4A4_UNORM), GLF(GL_LUMINANCE4_ALPHA4), GL_LUMINANCE_ALPHA, Enc::UNORM, {4, 4}),
   color(PF(A8_SNORM), GLF(GL_ALPHA8_SNORM), GL_ALPHA, Enc::SNORM, {8}),
   color(PF(A16_SNORM), GLF(GL_ALPHA16_SNORM), GL_ALPHA, Enc::SNORM, {16}),
   color(PF(L8_SNORM), GLF(GL_LUMINANCE8_SNORM), GL_LUMINANCE, Enc::SNORM, {8}),
   color(PF(L16_SNORM), GLF(GL_LUMINANCE16_SNORM), GL_LUMINANCE, Enc::SNORM, {16}),
   color(PF(L8A8_SNORM), GLF(GL_LUMINANCE8_ALPHA8_SNORM), GL_LUMINANCE_ALPHA, Enc::SNORM, {8, 8}),
   color(PF(L16A16_SNORM), GLF(GL_LUMINANCE16_ALPHA16_SNORM), GL_LUMINANCE_ALPHA, Enc::SNORM,
         {16, 16}),
   color(PF(I8_SNORM), GLF(GL_INTENSITY8_SNORM), GL_INTENSITY, Enc::SNORM, {8}),
   color(PF(I16_SNORM), GLF(GL_INTENSITY16_SNORM), GL_INTENSITY, Enc::SNORM, {16}),

   // Legacy float (ARB_texture_float)
   color(PF(A16_FLOAT), GLF(GL_ALPHA16F_ARB), GL_ALPHA, Enc::FLOAT, {16}),
   color(PF(A32_FLOAT), GLF(GL_ALPHA32F_ARB), GL_ALPHA, Enc::FLOAT, {32}),
   color(PF(L16_FLOAT), GLF(GL_LUMINANCE16F_ARB), GL_LUMINANCE, Enc::FLOAT, {16}),
   color(PF(L32_FLOAT), GLF(GL_LUMINANCE32F_ARB), GL_LUMINANCE, Enc::FLOAT, {32}),
   color(PF(L16A16_FLOAT), GLF(GL_LUMINANCE_ALPHA16F_ARB), GL_LUMINANCE_ALPHA, Enc::FLOAT, {16, 16}),
   color(PF(L32A32_FLOAT), GLF(GL_LUMINANCE_ALPHA32F_ARB), GL_LUMINANCE_ALPHA, Enc::FLOAT, {32, 32}),
   color(PF(I16_FLOAT), GLF(GL_INTENSITY16F_ARB), GL_INTENSITY, Enc::FLOAT, {16}),
   color(PF(I32_FLOAT), GLF(GL_INTENSITY32F_ARB), GL_INTENSITY, Enc::FLOAT, {32}),

   // Legacy pure integer (EXT_texture_integer)
   color(PF(A8_SINT), GLF(GL_ALPHA8I_EXT), GL_ALPHA, Enc::SINT, {8}),
   color(PF(A8_UINT), GLF(GL_ALPHA8UI_EXT), GL_ALPHA, Enc::UINT, {8}),
   color(PF(A16_SINT), GLF(GL_ALPHA16I_EXT), GL_ALPHA, Enc::SINT, {16}),
   color(PF(A16_UINT), GLF(GL_ALPHA16UI_EXT), GL_ALPHA, Enc::UINT, {16}),
   color(PF(A32_SINT), GLF(GL_ALPHA32I_EXT), GL_ALPHA, Enc::SINT, {32}),
   color(PF(A32_UINT), GLF(GL_ALPHA32UI_EXT), GL_ALPHA, Enc::UINT, {32}),
   color(PF(L8_SINT), GLF(GL_LUMINANCE8I_EXT), GL_LUMINANCE, Enc::SINT, {8}),
   color(PF(L8_UINT), GLF(GL_LUMINANCE8UI_EXT), GL_LUMINANCE, Enc::UINT, {8}),
   color(PF(L16_SINT), GLF(GL_LUMINANCE16I_EXT), GL_LUMINANCE, Enc::SINT, {16}),
   color(PF(L16_UINT), GLF(GL_LUMINANCE16UI_EXT), GL_LUMINANCE, Enc::UINT, {16}),
   color(PF(L32_SINT), GLF(GL_LUMINANCE32I_EXT), GL_LUMINANCE, Enc::SINT, {32}),
   color(PF(L32_UINT), GLF(GL_LUMINANCE32UI_EXT), GL_LUMINANCE, Enc::UINT, {32}),
   color(PF(L8A8_SINT), GLF(GL_LUMINANCE_ALPHA8I_EXT), GL_LUMINANCE_ALPHA, Enc::SINT, {8, 8}),
   color(PF(L8A8_UINT), GLF(GL_LUMINANCE_ALPHA8UI_EXT), GL_LUMINANCE_ALPHA, Enc::UINT, {8, 8}),
   color(PF(L16A16_SINT), GLF(GL_LUMINANCE_ALPHA16I_EXT), GL_LUMINANCE_ALPHA, Enc::SINT, {16, 16}),
   color(PF(L16A16_UINT), GLF(GL_LUMINANCE_ALPHA16UI_EXT), GL_LUMINANCE_ALPHA, Enc::UINT, {16, 16}),
   color(PF(L32A32_SINT), GLF(GL_LUMINANCE_ALPHA32I_EXT), GL_LUMINANCE_ALPHA, Enc::SINT, {32, 32}),
   color(PF(L32A32_UINT), GLF(GL_LUMINANCE_ALPHA32UI_EXT), GL_LUMINANCE_ALPHA, Enc::UINT, {32, 32}),
   color(PF(I8_SINT), GLF(GL_INTENSITY8I_EXT), GL_INTENSITY, Enc::SINT, {8}),
   color(PF(I8_UINT), GLF(GL_INTENSITY8UI_EXT), GL_INTENSITY, Enc::UINT, {8}),
   color(PF(I16_SINT), GLF(GL_INTENSITY16I_EXT), GL_INTENSITY, Enc::SINT, {16}),
   color(PF(I16_UINT), GLF(GL_INTENSITY16UI_EXT), GL_INTENSITY, Enc::UINT, {16}),
   color(PF(I32_SINT), GLF(GL_INTENSITY32I_EXT), GL_INTENSITY, Enc::SINT, {32}),
   color(PF(I32_UINT), GLF(GL_INTENSITY32UI_EXT), GL_INTENSITY, Enc::UINT, {32}),

   // Legacy sRGB (GL 2.1)
   color(PF(L8_SRGB), GLF(GL_SLUMINANCE8), GL_LUMINANCE, Enc::SRGB, {8}),
   color(PF(L8A8_SRGB), GLF(GL_SLUMINANCE8_ALPHA8), GL_LUMINANCE_ALPHA, Enc::SRGB, {8, 8}),

   // Depth and stencil: depth bits, stencil bits, bytes per texel
   depth_stencil(PF(Z16_UNORM), GLF(GL_DEPTH_COMPONENT16), GL_DEPTH_COMPONENT, Enc::UNORM, 16, 0, 2),
   depth_stencil(PF(Z24X8_UNORM), GLF(GL_DEPTH_COMPONENT24), GL_DEPTH_COMPONENT, Enc::UNORM, 24, 0, 4),
   depth_stencil(PF(Z32_UNORM), GLF(GL_DEPTH_COMPONENT32), GL_DEPTH_COMPONENT, Enc::UNORM, 32, 0, 4),
   depth_stencil(PF(Z32_FLOAT), GLF(GL_DEPTH_COMPONENT32F), GL_DEPTH_COMPONENT, Enc::FLOAT, 32, 0, 4),
   depth_stencil(PF(Z24_UNORM_S8_UINT), GLF(GL_DEPTH24_STENCIL8), GL_DEPTH_STENCIL, Enc::UNORM, 24, 8, 4),
   depth_stencil(PF(Z32_FLOAT_S8X24_UINT), GLF(GL_DEPTH32F_STENCIL8), GL_DEPTH_STENCIL, Enc::FLOAT, 32, 8,
                 8),
   depth_stencil(PF(S8_UINT), GLF(GL_STENCIL_INDEX8), GL_STENCIL_INDEX, Enc::UINT, 0, 8, 1),

   // S3TC: components provided, bytes per 4x4 block
   compressed(PF(DXT1_RGB), GLF(GL_COMPRESSED_RGB_S3TC_DXT1_EXT), GL_RGB, Enc::UNORM, 3, 8),
   compressed(PF(DXT1_RGBA), GLF(GL_COMPRESSED_RGBA_S3TC_DXT1_EXT), GL_RGBA, Enc::UNORM, 4, 8),
   compressed(PF(DXT3_RGBA), GLF(GL_COMPRESSED_RGBA_S3TC_DXT3_EXT), GL_RGBA, Enc::UNORM, 4, 16),
   compressed(PF(DXT5_RGBA), GLF(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT), GL_RGBA, Enc::UNORM, 4, 16),
   compressed(PF(DXT1_SRGB), GLF(GL_COMPRESSED_SRGB_S3TC_DXT1_EXT), GL_RGB, Enc::SRGB, 3, 8),
   compressed(PF(DXT1_SRGBA), GLF(GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT), GL_RGBA, Enc::SRGB, 4, 8),
   compressed(PF(DXT3_SRGBA), GLF(GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT), GL_RGBA, Enc::SRGB, 4, 16),
   compressed(PF(DXT5_SRGBA), GLF(GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT), GL_RGBA, Enc::SRGB, 4, 16),

   // RGTC
   compressed(PF(RGTC1_UNORM), GLF(GL_COMPRESSED_RED_RGTC1), GL_RED, Enc::UNORM, 1, 8),
   compressed(PF(RGTC1_SNORM), GLF(GL_COMPRESSED_SIGNED_RED_RGTC1), GL_RED, Enc::SNORM, 1, 8),
   compressed(PF(RGTC2_UNORM), GLF(GL_COMPRESSED_RG_RGTC2), GL_RG, Enc::UNORM, 2, 16),
   compressed(PF(RGTC2_SNORM), GLF(GL_COMPRESSED_SIGNED_RG_RGTC2), GL_RG, Enc::SNORM, 2, 16),

   // BPTC
   compressed(PF(BPTC_RGBA_UNORM), GLF(GL_COMPRESSED_RGBA_BPTC_UNORM), GL_RGBA, Enc::UNORM, 4, 16),
   compressed(PF(BPTC_SRGBA), GLF(GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM), GL_RGBA, Enc::SRGB, 4, 16),
   compressed(PF(BPTC_RGB_FLOAT), GLF(GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT), GL_RGB, Enc::FLOAT, 3, 16),
   compressed(PF(BPTC_RGB_UFLOAT), GLF(GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT), GL_RGB, Enc::UFLOAT, 3,
              16),

   // ETC2 / EAC
   compressed(PF(ETC2_RGB8), GLF(GL_COMPRESSED_RGB8_ETC2), GL_RGB, Enc::UNORM, 3, 8),
   compressed(PF(ETC2_SRGB8), GLF(GL_COMPRESSED_SRGB8_ETC2), GL_RGB, Enc::SRGB, 3, 8),
   compressed(PF(ETC2_RGB8A1), GLF(GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2), GL_RGBA, Enc::UNORM, 4,
              8),
   compressed(PF(ETC2_SRGB8A1), GLF(GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2), GL_RGBA, Enc::SRGB,
              4, 8),
   compressed(PF(ETC2_RGBA8), GLF(GL_COMPRESSED_RGBA8_ETC2_EAC), GL_RGBA, Enc::UNORM, 4, 16),
   compressed(PF(ETC2_SRGBA8), GLF(GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC), GL_RGBA, Enc::SRGB, 4, 16),
   compressed(PF(ETC2_R11_UNORM), GLF(GL_COMPRESSED_R11_EAC), GL_RED, Enc::UNORM, 1, 8),
   compressed(PF(ETC2_R11_SNORM), GLF(GL_COMPRESSED_SIGNED_R11_EAC), GL_RED, Enc::SNORM, 1, 8),
   compressed(PF(ETC2_RG11_UNORM), GLF(GL_COMPRESSED_RG11_EAC), GL_RG, Enc::UNORM, 2, 16),
   compressed(PF(ETC2_RG11_SNORM), GLF(GL_COMPRESSED_SIGNED_RG11_EAC), GL_RG, Enc::SNORM, 2, 16),
};

#undef PF
#undef GLF

constexpr std::size_t kCount = std::size(kTable);
static_assert(kCount == PIPE_FORMAT_COUNT - 1, "one table entry per pipe_format except NONE");

constexpr bool table_in_enum_order() {
   for (std::size_t i = 0; i < kCount; ++i)
      if (kTable[i].format != static_cast<pipe_format>(i + 1))
         return false;
   return true;
}
static_assert(table_in_enum_order(), "kTable[i] must describe pipe_format i + 1");

// sRGB formats and their linear counterparts.
struct LinearPair {
   pipe_format srgb, linear;
};
constexpr LinearPair kLinear[] = {
   {PIPE_FORMAT_R8_SRGB, PIPE_FORMAT_R8_UNORM},
   {PIPE_FORMAT_R8G8_SRGB, PIPE_FORMAT_R8G8_UNORM},
   {PIPE_FORMAT_R8G8B8_SRGB, PIPE_FORMAT_R8G8B8_UNORM},
   {PIPE_FORMAT_R8G8B8A8_SRGB, PIPE_FORMAT_R8G8B8A8_UNORM},
   {PIPE_FORMAT_L8_SRGB, PIPE_FORMAT_L8_UNORM},
   {PIPE_FORMAT_L8A8_SRGB, PIPE_FORMAT_L8A8_UNORM},
   {PIPE_FORMAT_DXT1_SRGB, PIPE_FORMAT_DXT1_RGB},
   {PIPE_FORMAT_DXT1_SRGBA, PIPE_FORMAT_DXT1_RGBA},
   {PIPE_FORMAT_DXT3_SRGBA, PIPE_FORMAT_DXT3_RGBA},
   {PIPE_FORMAT_DXT5_SRGBA, PIPE_FORMAT_DXT5_RGBA},
   {PIPE_FORMAT_BPTC_SRGBA, PIPE_FORMAT_BPTC_RGBA_UNORM},
   {PIPE_FORMAT_ETC2_SRGB8, PIPE_FORMAT_ETC2_RGB8},
   {PIPE_FORMAT_ETC2_SRGB8A1, PIPE_FORMAT_ETC2_RGB8A1},
   {PIPE_FORMAT_ETC2_SRGBA8, PIPE_FORMAT_ETC2_RGBA8},
};

constexpr bool linear_pairs_consistent() {
   std::size_t srgb_count = 0;
   for (const auto &d : kTable)
      srgb_count += d.is_srgb;
   if (srgb_count != std::size(kLinear))
      return false;
   for (const auto &p : kLinear) {
      const auto &s = kTable[p.srgb - 1];
      const auto &l = kTable[p.linear - 1];
      if (!s.is_srgb || l.is_srgb || !l.is_normalized || l.is_signed ||
          s.gl_base_format != l.gl_base_format || s.is_compressed != l.is_compressed ||
          s.block_bytes != l.block_bytes)
         return false;
   }
   return true;
}
static_assert(linear_pairs_consistent(), "every sRGB format needs one matching linear UNORM format");

// Sorted lookup indices, built at compile time.
template <typename Key>
struct IndexEntry {
   Key key;
   pipe_format format;
};

template <typename Key, typename Proj>
constexpr auto make_index(Proj proj) {
   std::array<IndexEntry<Key>, kCount> index{};
   for (std::size_t i = 0; i < kCount; ++i)
      index[i] = {proj(kTable[i]), kTable[i].format};
   std::sort(index.begin(), index.end(),
             [](const IndexEntry<Key> &a, const IndexEntry<Key> &b) { return a.key < b.key; });
   return index;
}

template <typename Key, std::size_t N>
constexpr bool keys_unique(const std::array<IndexEntry<Key>, N> &index) {
   for (std::size_t i = 1; i < N; ++i)
      if (!(index[i - 1].key < index[i].key))
         return false;
   return true;
}

constexpr auto kByName =
   make_index<std::string_view>([](const util_format_description &d) { return std::string_view(d.name); });
constexpr auto kByGlName =
   make_index<std::string_view>([](const util_format_description &d) { return std::string_view(d.gl_name); });
constexpr auto kByGlEnum =
   make_index<uint32_t>([](const util_format_description &d) { return d.gl_internal_format; });

static_assert(keys_unique(kByName), "pipe_format names must be unique");
static_assert(keys_unique(kByGlName), "GL internal format names must be unique");
static_assert(keys_unique(kByGlEnum), "GL internal format values must be unique");

template <typename Key, std::size_t N>
pipe_format find(const std::array<IndexEntry<Key>, N> &index, const Key &key) {
   auto it = std::lower_bound(index.begin(), index.end(), key,
                              [](const IndexEntry<Key> &e, const Key &k) { return e.key < k; });
   return it != index.end() && it->key == key ? it->format : PIPE_FORMAT_NONE;
}

}  // namespace

const util_format_description *const detail::util_format_table = kTable;

const char *util_format_name(pipe_format format) {
   const util_format_description *d = util_format_describe(format);
   return d ? d->name : "PIPE_FORMAT_NONE";
}

pipe_format util_format_from_name(std::string_view name) { return find(kByName, name); }

pipe_format util_format_from_gl_internal_format(uint32_t internal_format) {
   return find(kByGlEnum, internal_format);
}

uint32_t gl_internal_format_from_name(std::string_view name) {
   const util_format_description *d = util_format_describe(find(kByGlName, name));
   return d ? d->gl_internal_format : 0;
}

pipe_format util_format_linear(pipe_format format) {
   for (const LinearPair &p : kLinear)
      if (p.srgb == format)
         return p.linear;
   return format;
}

}  // namespace clampler
