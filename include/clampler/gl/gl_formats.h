// GL sized internal format enums for every format in the pipe_format table (values from Khronos gl.h/glext.h).
#pragma once

#include "clampler/gl/gl_enums.h"

namespace clampler {

// Names keep the spelling of the extension that introduced them when GL never
// promoted that extension to core (ARB_texture_float, EXT_texture_integer,
// EXT_texture_compression_s3tc, EXT_texture_sRGB, EXT_texture_sRGB_R8/RG8).

// Sized colour formats (GL 4.6 compatibility, table 8.12), plus EXT_texture_sRGB_R8/RG8
constexpr GLenum GL_R8 = 0x8229;
constexpr GLenum GL_RG8 = 0x822B;
constexpr GLenum GL_RGB8 = 0x8051;
constexpr GLenum GL_RGBA8 = 0x8058;
constexpr GLenum GL_R8_SNORM = 0x8F94;
constexpr GLenum GL_RG8_SNORM = 0x8F95;
constexpr GLenum GL_RGB8_SNORM = 0x8F96;
constexpr GLenum GL_RGBA8_SNORM = 0x8F97;
constexpr GLenum GL_R16 = 0x822A;
constexpr GLenum GL_RG16 = 0x822C;
constexpr GLenum GL_RGB16 = 0x8054;
constexpr GLenum GL_RGBA16 = 0x805B;
constexpr GLenum GL_R16_SNORM = 0x8F98;
constexpr GLenum GL_RG16_SNORM = 0x8F99;
constexpr GLenum GL_RGB16_SNORM = 0x8F9A;
constexpr GLenum GL_RGBA16_SNORM = 0x8F9B;
constexpr GLenum GL_R16F = 0x822D;
constexpr GLenum GL_RG16F = 0x822F;
constexpr GLenum GL_RGB16F = 0x881B;
constexpr GLenum GL_RGBA16F = 0x881A;
constexpr GLenum GL_R32F = 0x822E;
constexpr GLenum GL_RG32F = 0x8230;
constexpr GLenum GL_RGB32F = 0x8815;
constexpr GLenum GL_RGBA32F = 0x8814;
constexpr GLenum GL_R8I = 0x8231;
constexpr GLenum GL_RG8I = 0x8237;
constexpr GLenum GL_RGB8I = 0x8D8F;
constexpr GLenum GL_RGBA8I = 0x8D8E;
constexpr GLenum GL_R8UI = 0x8232;
constexpr GLenum GL_RG8UI = 0x8238;
constexpr GLenum GL_RGB8UI = 0x8D7D;
constexpr GLenum GL_RGBA8UI = 0x8D7C;
constexpr GLenum GL_R16I = 0x8233;
constexpr GLenum GL_RG16I = 0x8239;
constexpr GLenum GL_RGB16I = 0x8D89;
constexpr GLenum GL_RGBA16I = 0x8D88;
constexpr GLenum GL_R16UI = 0x8234;
constexpr GLenum GL_RG16UI = 0x823A;
constexpr GLenum GL_RGB16UI = 0x8D77;
constexpr GLenum GL_RGBA16UI = 0x8D76;
constexpr GLenum GL_R32I = 0x8235;
constexpr GLenum GL_RG32I = 0x823B;
constexpr GLenum GL_RGB32I = 0x8D83;
constexpr GLenum GL_RGBA32I = 0x8D82;
constexpr GLenum GL_R32UI = 0x8236;
constexpr GLenum GL_RG32UI = 0x823C;
constexpr GLenum GL_RGB32UI = 0x8D71;
constexpr GLenum GL_RGBA32UI = 0x8D70;
constexpr GLenum GL_SRGB8 = 0x8C41;
constexpr GLenum GL_SRGB8_ALPHA8 = 0x8C43;
constexpr GLenum GL_SR8_EXT = 0x8FBD;
constexpr GLenum GL_SRG8_EXT = 0x8FBE;
constexpr GLenum GL_RGB10_A2 = 0x8059;
constexpr GLenum GL_RGB10_A2UI = 0x906F;
constexpr GLenum GL_R11F_G11F_B10F = 0x8C3A;
constexpr GLenum GL_RGB9_E5 = 0x8C3D;
constexpr GLenum GL_RGB565 = 0x8D62;
constexpr GLenum GL_RGBA4 = 0x8056;
constexpr GLenum GL_RGB5_A1 = 0x8057;
constexpr GLenum GL_RGB4 = 0x804F;
constexpr GLenum GL_RGB5 = 0x8050;
constexpr GLenum GL_RGB10 = 0x8052;
constexpr GLenum GL_R3_G3_B2 = 0x2A10;

// Legacy ALPHA / LUMINANCE / INTENSITY formats: GL 1.1, EXT_texture_snorm, ARB_texture_float, EXT_texture_integer, GL 2.1 sRGB
constexpr GLenum GL_ALPHA8 = 0x803C;
constexpr GLenum GL_ALPHA16 = 0x803E;
constexpr GLenum GL_LUMINANCE8 = 0x8040;
constexpr GLenum GL_LUMINANCE16 = 0x8042;
constexpr GLenum GL_LUMINANCE8_ALPHA8 = 0x8045;
constexpr GLenum GL_LUMINANCE16_ALPHA16 = 0x8048;
constexpr GLenum GL_INTENSITY8 = 0x804B;
constexpr GLenum GL_INTENSITY16 = 0x804D;
constexpr GLenum GL_LUMINANCE4_ALPHA4 = 0x8043;
constexpr GLenum GL_ALPHA8_SNORM = 0x9014;
constexpr GLenum GL_LUMINANCE8_SNORM = 0x9015;
constexpr GLenum GL_LUMINANCE8_ALPHA8_SNORM = 0x9016;
constexpr GLenum GL_INTENSITY8_SNORM = 0x9017;
constexpr GLenum GL_ALPHA16_SNORM = 0x9018;
constexpr GLenum GL_LUMINANCE16_SNORM = 0x9019;
constexpr GLenum GL_LUMINANCE16_ALPHA16_SNORM = 0x901A;
constexpr GLenum GL_INTENSITY16_SNORM = 0x901B;
constexpr GLenum GL_ALPHA16F_ARB = 0x881C;
constexpr GLenum GL_ALPHA32F_ARB = 0x8816;
constexpr GLenum GL_LUMINANCE16F_ARB = 0x881E;
constexpr GLenum GL_LUMINANCE32F_ARB = 0x8818;
constexpr GLenum GL_LUMINANCE_ALPHA16F_ARB = 0x881F;
constexpr GLenum GL_LUMINANCE_ALPHA32F_ARB = 0x8819;
constexpr GLenum GL_INTENSITY16F_ARB = 0x881D;
constexpr GLenum GL_INTENSITY32F_ARB = 0x8817;
constexpr GLenum GL_ALPHA8I_EXT = 0x8D90;
constexpr GLenum GL_ALPHA8UI_EXT = 0x8D7E;
constexpr GLenum GL_ALPHA16I_EXT = 0x8D8A;
constexpr GLenum GL_ALPHA16UI_EXT = 0x8D78;
constexpr GLenum GL_ALPHA32I_EXT = 0x8D84;
constexpr GLenum GL_ALPHA32UI_EXT = 0x8D72;
constexpr GLenum GL_LUMINANCE8I_EXT = 0x8D92;
constexpr GLenum GL_LUMINANCE8UI_EXT = 0x8D80;
constexpr GLenum GL_LUMINANCE16I_EXT = 0x8D8C;
constexpr GLenum GL_LUMINANCE16UI_EXT = 0x8D7A;
constexpr GLenum GL_LUMINANCE32I_EXT = 0x8D86;
constexpr GLenum GL_LUMINANCE32UI_EXT = 0x8D74;
constexpr GLenum GL_LUMINANCE_ALPHA8I_EXT = 0x8D93;
constexpr GLenum GL_LUMINANCE_ALPHA8UI_EXT = 0x8D81;
constexpr GLenum GL_LUMINANCE_ALPHA16I_EXT = 0x8D8D;
constexpr GLenum GL_LUMINANCE_ALPHA16UI_EXT = 0x8D7B;
constexpr GLenum GL_LUMINANCE_ALPHA32I_EXT = 0x8D87;
constexpr GLenum GL_LUMINANCE_ALPHA32UI_EXT = 0x8D75;
constexpr GLenum GL_INTENSITY8I_EXT = 0x8D91;
constexpr GLenum GL_INTENSITY8UI_EXT = 0x8D7F;
constexpr GLenum GL_INTENSITY16I_EXT = 0x8D8B;
constexpr GLenum GL_INTENSITY16UI_EXT = 0x8D79;
constexpr GLenum GL_INTENSITY32I_EXT = 0x8D85;
constexpr GLenum GL_INTENSITY32UI_EXT = 0x8D73;
constexpr GLenum GL_SLUMINANCE8 = 0x8C47;
constexpr GLenum GL_SLUMINANCE8_ALPHA8 = 0x8C45;

// Depth and stencil (table 8.13)
constexpr GLenum GL_DEPTH_COMPONENT16 = 0x81A5;
constexpr GLenum GL_DEPTH_COMPONENT24 = 0x81A6;
constexpr GLenum GL_DEPTH_COMPONENT32 = 0x81A7;
constexpr GLenum GL_DEPTH_COMPONENT32F = 0x8CAC;
constexpr GLenum GL_DEPTH24_STENCIL8 = 0x88F0;
constexpr GLenum GL_DEPTH32F_STENCIL8 = 0x8CAD;
constexpr GLenum GL_STENCIL_INDEX8 = 0x8D48;

// Specific compressed formats (table 8.14), plus S3TC from EXT_texture_compression_s3tc and EXT_texture_sRGB
constexpr GLenum GL_COMPRESSED_RGB_S3TC_DXT1_EXT = 0x83F0;
constexpr GLenum GL_COMPRESSED_RGBA_S3TC_DXT1_EXT = 0x83F1;
constexpr GLenum GL_COMPRESSED_RGBA_S3TC_DXT3_EXT = 0x83F2;
constexpr GLenum GL_COMPRESSED_RGBA_S3TC_DXT5_EXT = 0x83F3;
constexpr GLenum GL_COMPRESSED_SRGB_S3TC_DXT1_EXT = 0x8C4C;
constexpr GLenum GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT = 0x8C4D;
constexpr GLenum GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT = 0x8C4E;
constexpr GLenum GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT = 0x8C4F;
constexpr GLenum GL_COMPRESSED_RED_RGTC1 = 0x8DBB;
constexpr GLenum GL_COMPRESSED_SIGNED_RED_RGTC1 = 0x8DBC;
constexpr GLenum GL_COMPRESSED_RG_RGTC2 = 0x8DBD;
constexpr GLenum GL_COMPRESSED_SIGNED_RG_RGTC2 = 0x8DBE;
constexpr GLenum GL_COMPRESSED_RGBA_BPTC_UNORM = 0x8E8C;
constexpr GLenum GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM = 0x8E8D;
constexpr GLenum GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT = 0x8E8E;
constexpr GLenum GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT = 0x8E8F;
constexpr GLenum GL_COMPRESSED_RGB8_ETC2 = 0x9274;
constexpr GLenum GL_COMPRESSED_SRGB8_ETC2 = 0x9275;
constexpr GLenum GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2 = 0x9276;
constexpr GLenum GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2 = 0x9277;
constexpr GLenum GL_COMPRESSED_RGBA8_ETC2_EAC = 0x9278;
constexpr GLenum GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC = 0x9279;
constexpr GLenum GL_COMPRESSED_R11_EAC = 0x9270;
constexpr GLenum GL_COMPRESSED_SIGNED_R11_EAC = 0x9271;
constexpr GLenum GL_COMPRESSED_RG11_EAC = 0x9272;
constexpr GLenum GL_COMPRESSED_SIGNED_RG11_EAC = 0x9273;

}  // namespace clampler
