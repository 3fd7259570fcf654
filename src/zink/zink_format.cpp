// pipe_format -> VkFormat + image-view swizzle (preferred and fallback storage) and VkFormat / swizzle names.
#include "clampler/zink/zink_format.h"

#include <string_view>

namespace clampler {
namespace {

// Bit layouts, for the packed entries below. Gallium names packed formats from the least
// significant bit up (u_format.csv lists the channels LSB first); Vulkan names *_PACKnn
// formats from the most significant bit down. So the same bits read with the names reversed:
//   PIPE B5G6R5    (B 0..4,  G 5..10,  R 11..15)         = VK R5G6B5_UNORM_PACK16
//   PIPE B4G4R4A4  (B 0..3,  G 4..7,   R 8..11, A 12..15) = VK A4R4G4B4_UNORM_PACK16 (1.3 / EXT_4444)
//   PIPE B5G5R5A1  (B 0..4,  G 5..9,   R 10..14, A 15)    = VK A1R5G5B5_UNORM_PACK16
//   PIPE R10G10B10A2 (R 0..9, G 10..19, B 20..29, A 30..31) = VK A2B10G10R10_*_PACK32
//   PIPE R11G11B10 (R 0..10, G 11..21, B 22..31)          = VK B10G11R11_UFLOAT_PACK32
//   PIPE R9G9B9E5  (R 0..8,  G 9..17,  B 18..26, E 27..31) = VK E5B9G9R9_UFLOAT_PACK32
//   PIPE L4A4      (L 0..3,  A 4..7)                      = VK R4G4_UNORM_PACK8 read as (G=L, R=A)
// Non-packed Vulkan formats keep component i in byte i, as Gallium array formats do.

constexpr VkComponentSwizzle ID = VK_COMPONENT_SWIZZLE_IDENTITY;
constexpr VkComponentSwizzle ZERO = VK_COMPONENT_SWIZZLE_ZERO;
constexpr VkComponentSwizzle ONE = VK_COMPONENT_SWIZZLE_ONE;
constexpr VkComponentSwizzle R = VK_COMPONENT_SWIZZLE_R;
constexpr VkComponentSwizzle G = VK_COMPONENT_SWIZZLE_G;
constexpr VkComponentSwizzle A = VK_COMPONENT_SWIZZLE_A;

constexpr VkComponentMapping kIdentity = {ID, ID, ID, ID};
constexpr VkComponentMapping kAlphaOne = {ID, ID, ID, ONE};  // padding / missing alpha reads 1
constexpr VkComponentMapping kAlpha = {ZERO, ZERO, ZERO, R};  // GL ALPHA: (0, 0, 0, A)
constexpr VkComponentMapping kLum = {R, R, R, ONE};           // GL LUMINANCE: (L, L, L, 1)
constexpr VkComponentMapping kLumAlpha = {R, R, R, G};        // GL LUMINANCE_ALPHA: (L, L, L, A)
constexpr VkComponentMapping kIntensity = {R, R, R, R};       // GL INTENSITY: (I, I, I, I)

constexpr const char *kNoteRgbAsRgba = "RGB stored as RGBA";
constexpr const char *kNoteAlpha = "ALPHA stored as R, view swizzle (0,0,0,R)";
constexpr const char *kNoteLum = "LUMINANCE stored as R, view swizzle (R,R,R,1)";
constexpr const char *kNoteLumAlpha = "LUMINANCE_ALPHA stored as RG, view swizzle (R,R,R,G)";
constexpr const char *kNoteIntensity = "INTENSITY stored as R, view swizzle (R,R,R,R)";
constexpr const char *kNoteXAsAlpha = "X padding stored as alpha, view swizzle A=1";

constexpr zink_format native(VkFormat f) { return {f, kIdentity, ""}; }
constexpr zink_format emulated(VkFormat f, VkComponentMapping s, const char *note) { return {f, s, note}; }
constexpr zink_format none() { return {}; }

struct Mapping {
   zink_format preferred;
   zink_format fallback;
};

constexpr Mapping only(zink_format preferred) { return {preferred, none()}; }
// An RGB format: its own three-component VkFormat first, the RGBA one (alpha forced to 1) second.
constexpr Mapping rgb(VkFormat rgb_format, VkFormat rgba_format) {
   return {native(rgb_format), emulated(rgba_format, kAlphaOne, kNoteRgbAsRgba)};
}
constexpr Mapping legacy(VkFormat f, VkComponentMapping s, const char *note) {
   return only(emulated(f, s, note));
}
// Decompressed on upload when the device cannot sample the block format (GL keeps the
// compressed data for readback).
constexpr Mapping block(VkFormat f, zink_format decompressed) { return {native(f), decompressed}; }

// No default: -Wswitch makes a new pipe_format a compile error until it is mapped here.
constexpr Mapping mapping_for(pipe_format f) {
   switch (f) {
   case PIPE_FORMAT_NONE:
   case PIPE_FORMAT_COUNT:
      return only(none());

   case PIPE_FORMAT_R8G8B8A8_UNORM: return only(native(VK_FORMAT_R8G8B8A8_UNORM));

   // 8- and 16-bit normalized
   case PIPE_FORMAT_R8_UNORM: return only(native(VK_FORMAT_R8_UNORM));
   case PIPE_FORMAT_R8G8_UNORM: return only(native(VK_FORMAT_R8G8_UNORM));
   case PIPE_FORMAT_R8G8B8_UNORM: return rgb(VK_FORMAT_R8G8B8_UNORM, VK_FORMAT_R8G8B8A8_UNORM);
   case PIPE_FORMAT_R8_SNORM: return only(native(VK_FORMAT_R8_SNORM));
   case PIPE_FORMAT_R8G8_SNORM: return only(native(VK_FORMAT_R8G8_SNORM));
   case PIPE_FORMAT_R8G8B8_SNORM: return rgb(VK_FORMAT_R8G8B8_SNORM, VK_FORMAT_R8G8B8A8_SNORM);
   case PIPE_FORMAT_R8G8B8A8_SNORM: return only(native(VK_FORMAT_R8G8B8A8_SNORM));
   case PIPE_FORMAT_R16_UNORM: return only(native(VK_FORMAT_R16_UNORM));
   case PIPE_FORMAT_R16G16_UNORM: return only(native(VK_FORMAT_R16G16_UNORM));
   case PIPE_FORMAT_R16G16B16_UNORM: return rgb(VK_FORMAT_R16G16B16_UNORM, VK_FORMAT_R16G16B16A16_UNORM);
   case PIPE_FORMAT_R16G16B16A16_UNORM: return only(native(VK_FORMAT_R16G16B16A16_UNORM));
   case PIPE_FORMAT_R16_SNORM: return only(native(VK_FORMAT_R16_SNORM));
   case PIPE_FORMAT_R16G16_SNORM: return only(native(VK_FORMAT_R16G16_SNORM));
   case PIPE_FORMAT_R16G16B16_SNORM: return rgb(VK_FORMAT_R16G16B16_SNORM, VK_FORMAT_R16G16B16A16_SNORM);
   case PIPE_FORMAT_R16G16B16A16_SNORM: return only(native(VK_FORMAT_R16G16B16A16_SNORM));

   // Half and single float
   case PIPE_FORMAT_R16_FLOAT: return only(native(VK_FORMAT_R16_SFLOAT));
   case PIPE_FORMAT_R16G16_FLOAT: return only(native(VK_FORMAT_R16G16_SFLOAT));
   case PIPE_FORMAT_R16G16B16_FLOAT: return rgb(VK_FORMAT_R16G16B16_SFLOAT, VK_FORMAT_R16G16B16A16_SFLOAT);
   case PIPE_FORMAT_R16G16B16A16_FLOAT: return only(native(VK_FORMAT_R16G16B16A16_SFLOAT));
   case PIPE_FORMAT_R32_FLOAT: return only(native(VK_FORMAT_R32_SFLOAT));
   case PIPE_FORMAT_R32G32_FLOAT: return only(native(VK_FORMAT_R32G32_SFLOAT));
   case PIPE_FORMAT_R32G32B32_FLOAT: return rgb(VK_FORMAT_R32G32B32_SFLOAT, VK_FORMAT_R32G32B32A32_SFLOAT);
   case PIPE_FORMAT_R32G32B32A32_FLOAT: return only(native(VK_FORMAT_R32G32B32A32_SFLOAT));

   // Pure integer
   case PIPE_FORMAT_R8_SINT: return only(native(VK_FORMAT_R8_SINT));
   case PIPE_FORMAT_R8G8_SINT: return only(native(VK_FORMAT_R8G8_SINT));
   case PIPE_FORMAT_R8G8B8_SINT: return rgb(VK_FORMAT_R8G8B8_SINT, VK_FORMAT_R8G8B8A8_SINT);
   case PIPE_FORMAT_R8G8B8A8_SINT: return only(native(VK_FORMAT_R8G8B8A8_SINT));
   case PIPE_FORMAT_R8_UINT: return only(native(VK_FORMAT_R8_UINT));
   case PIPE_FORMAT_R8G8_UINT: return only(native(VK_FORMAT_R8G8_UINT));
   case PIPE_FORMAT_R8G8B8_UINT: return rgb(VK_FORMAT_R8G8B8_UINT, VK_FORMAT_R8G8B8A8_UINT);
   case PIPE_FORMAT_R8G8B8A8_UINT: return only(native(VK_FORMAT_R8G8B8A8_UINT));
   case PIPE_FORMAT_R16_SINT: return only(native(VK_FORMAT_R16_SINT));
   case PIPE_FORMAT_R16G16_SINT: return only(native(VK_FORMAT_R16G16_SINT));
   case PIPE_FORMAT_R16G16B16_SINT: return rgb(VK_FORMAT_R16G16B16_SINT, VK_FORMAT_R16G16B16A16_SINT);
   case PIPE_FORMAT_R16G16B16A16_SINT: return only(native(VK_FORMAT_R16G16B16A16_SINT));
   case PIPE_FORMAT_R16_UINT: return only(native(VK_FORMAT_R16_UINT));
   case PIPE_FORMAT_R16G16_UINT: return only(native(VK_FORMAT_R16G16_UINT));
   case PIPE_FORMAT_R16G16B16_UINT: return rgb(VK_FORMAT_R16G16B16_UINT, VK_FORMAT_R16G16B16A16_UINT);
   case PIPE_FORMAT_R16G16B16A16_UINT: return only(native(VK_FORMAT_R16G16B16A16_UINT));
   case PIPE_FORMAT_R32_SINT: return only(native(VK_FORMAT_R32_SINT));
   case PIPE_FORMAT_R32G32_SINT: return only(native(VK_FORMAT_R32G32_SINT));
   case PIPE_FORMAT_R32G32B32_SINT: return rgb(VK_FORMAT_R32G32B32_SINT, VK_FORMAT_R32G32B32A32_SINT);
   case PIPE_FORMAT_R32G32B32A32_SINT: return only(native(VK_FORMAT_R32G32B32A32_SINT));
   case PIPE_FORMAT_R32_UINT: return only(native(VK_FORMAT_R32_UINT));
   case PIPE_FORMAT_R32G32_UINT: return only(native(VK_FORMAT_R32G32_UINT));
   case PIPE_FORMAT_R32G32B32_UINT: return rgb(VK_FORMAT_R32G32B32_UINT, VK_FORMAT_R32G32B32A32_UINT);
   case PIPE_FORMAT_R32G32B32A32_UINT: return only(native(VK_FORMAT_R32G32B32A32_UINT));

   // sRGB. R8_SRGB / R8G8_SRGB are optional in Vulkan; RGBA8 sRGB with the missing
   // components swizzled to GL's (0, 0, 1) samples the same values.
   case PIPE_FORMAT_R8_SRGB:
      return {native(VK_FORMAT_R8_SRGB),
              emulated(VK_FORMAT_R8G8B8A8_SRGB, {ID, ZERO, ZERO, ONE}, "R sRGB stored as RGBA8 sRGB")};
   case PIPE_FORMAT_R8G8_SRGB:
      return {native(VK_FORMAT_R8G8_SRGB),
              emulated(VK_FORMAT_R8G8B8A8_SRGB, {ID, ID, ZERO, ONE}, "RG sRGB stored as RGBA8 sRGB")};
   case PIPE_FORMAT_R8G8B8_SRGB: return rgb(VK_FORMAT_R8G8B8_SRGB, VK_FORMAT_R8G8B8A8_SRGB);
   case PIPE_FORMAT_R8G8B8A8_SRGB: return only(native(VK_FORMAT_R8G8B8A8_SRGB));

   // Packed and small formats (bit layouts in the comment at the top)
   case PIPE_FORMAT_R10G10B10A2_UNORM: return only(native(VK_FORMAT_A2B10G10R10_UNORM_PACK32));
   case PIPE_FORMAT_R10G10B10A2_UINT: return only(native(VK_FORMAT_A2B10G10R10_UINT_PACK32));
   case PIPE_FORMAT_R11G11B10_FLOAT: return only(native(VK_FORMAT_B10G11R11_UFLOAT_PACK32));
   case PIPE_FORMAT_R9G9B9E5_FLOAT: return only(native(VK_FORMAT_E5B9G9R9_UFLOAT_PACK32));
   case PIPE_FORMAT_B5G6R5_UNORM: return only(native(VK_FORMAT_R5G6B5_UNORM_PACK16));
   case PIPE_FORMAT_B4G4R4A4_UNORM:
      // A4R4G4B4 needs Vulkan 1.3 (optional there) or VK_EXT_4444_formats. The mandatory
      // B4G4R4A4_UNORM_PACK16 holds the same 16 bits with every nibble renamed:
      // VK B = A (12..15), VK G = R (8..11), VK R = G (4..7), VK A = B (0..3).
      return {native(VK_FORMAT_A4R4G4B4_UNORM_PACK16),
              emulated(VK_FORMAT_B4G4R4A4_UNORM_PACK16, {G, R, A, VK_COMPONENT_SWIZZLE_B},
                       "BGRA4 bits read as VK B4G4R4A4, view swizzle (G,R,A,B)")};
   case PIPE_FORMAT_B5G5R5A1_UNORM: return only(native(VK_FORMAT_A1R5G5B5_UNORM_PACK16));
   case PIPE_FORMAT_B4G4R4X4_UNORM:
      return {emulated(VK_FORMAT_A4R4G4B4_UNORM_PACK16, kAlphaOne, kNoteXAsAlpha),
              emulated(VK_FORMAT_B4G4R4A4_UNORM_PACK16, {G, R, A, ONE},
                       "BGRX4 bits read as VK B4G4R4A4, view swizzle (G,R,A,1)")};
   case PIPE_FORMAT_B5G5R5X1_UNORM:
      return only(emulated(VK_FORMAT_A1R5G5B5_UNORM_PACK16, kAlphaOne, kNoteXAsAlpha));
   case PIPE_FORMAT_R10G10B10X2_UNORM:
      return only(emulated(VK_FORMAT_A2B10G10R10_UNORM_PACK32, kAlphaOne, kNoteXAsAlpha));
   case PIPE_FORMAT_R3G3B2_UNORM:
      // Vulkan has no 8-bit RGB format at all. RGBA8 holds every 3/3/2-bit value to better
      // than half an 8-bit step; the upload unpacks R (bits 0..2), G (3..5), B (6..7).
      return only(emulated(VK_FORMAT_R8G8B8A8_UNORM, kAlphaOne,
                           "R3G3B2 has no VkFormat: expanded to RGBA8 on upload, view swizzle A=1"));

   // Legacy normalized
   case PIPE_FORMAT_A8_UNORM: return legacy(VK_FORMAT_R8_UNORM, kAlpha, kNoteAlpha);
   case PIPE_FORMAT_A16_UNORM: return legacy(VK_FORMAT_R16_UNORM, kAlpha, kNoteAlpha);
   case PIPE_FORMAT_L8_UNORM: return legacy(VK_FORMAT_R8_UNORM, kLum, kNoteLum);
   case PIPE_FORMAT_L16_UNORM: return legacy(VK_FORMAT_R16_UNORM, kLum, kNoteLum);
   case PIPE_FORMAT_L8A8_UNORM: return legacy(VK_FORMAT_R8G8_UNORM, kLumAlpha, kNoteLumAlpha);
   case PIPE_FORMAT_L16A16_UNORM: return legacy(VK_FORMAT_R16G16_UNORM, kLumAlpha, kNoteLumAlpha);
   case PIPE_FORMAT_I8_UNORM: return legacy(VK_FORMAT_R8_UNORM, kIntensity, kNoteIntensity);
   case PIPE_FORMAT_I16_UNORM: return legacy(VK_FORMAT_R16_UNORM, kIntensity, kNoteIntensity);
   case PIPE_FORMAT_L4A4_UNORM:
      // Same byte: VK R4G4 keeps R in the high nibble, where Gallium L4A4 keeps A.
      return {emulated(VK_FORMAT_R4G4_UNORM_PACK8, {G, G, G, R},
                       "LUMINANCE_ALPHA stored as R4G4 (A high nibble), view swizzle (G,G,G,R)"),
              emulated(VK_FORMAT_R8G8_UNORM, kLumAlpha,
                       "L4A4 expanded to RG8 on upload, view swizzle (R,R,R,G)")};
   case PIPE_FORMAT_A8_SNORM: return legacy(VK_FORMAT_R8_SNORM, kAlpha, kNoteAlpha);
   case PIPE_FORMAT_A16_SNORM: return legacy(VK_FORMAT_R16_SNORM, kAlpha, kNoteAlpha);
   case PIPE_FORMAT_L8_SNORM: return legacy(VK_FORMAT_R8_SNORM, kLum, kNoteLum);
   case PIPE_FORMAT_L16_SNORM: return legacy(VK_FORMAT_R16_SNORM, kLum, kNoteLum);
   case PIPE_FORMAT_L8A8_SNORM: return legacy(VK_FORMAT_R8G8_SNORM, kLumAlpha, kNoteLumAlpha);
   case PIPE_FORMAT_L16A16_SNORM: return legacy(VK_FORMAT_R16G16_SNORM, kLumAlpha, kNoteLumAlpha);
   case PIPE_FORMAT_I8_SNORM: return legacy(VK_FORMAT_R8_SNORM, kIntensity, kNoteIntensity);
   case PIPE_FORMAT_I16_SNORM: return legacy(VK_FORMAT_R16_SNORM, kIntensity, kNoteIntensity);

   // Legacy float
   case PIPE_FORMAT_A16_FLOAT: return legacy(VK_FORMAT_R16_SFLOAT, kAlpha, kNoteAlpha);
   case PIPE_FORMAT_A32_FLOAT: return legacy(VK_FORMAT_R32_SFLOAT, kAlpha, kNoteAlpha);
   case PIPE_FORMAT_L16_FLOAT: return legacy(VK_FORMAT_R16_SFLOAT, kLum, kNoteLum);
   case PIPE_FORMAT_L32_FLOAT: return legacy(VK_FORMAT_R32_SFLOAT, kLum, kNoteLum);
   case PIPE_FORMAT_L16A16_FLOAT: return legacy(VK_FORMAT_R16G16_SFLOAT, kLumAlpha, kNoteLumAlpha);
   case PIPE_FORMAT_L32A32_FLOAT: return legacy(VK_FORMAT_R32G32_SFLOAT, kLumAlpha, kNoteLumAlpha);
   case PIPE_FORMAT_I16_FLOAT: return legacy(VK_FORMAT_R16_SFLOAT, kIntensity, kNoteIntensity);
   case PIPE_FORMAT_I32_FLOAT: return legacy(VK_FORMAT_R32_SFLOAT, kIntensity, kNoteIntensity);

   // Legacy pure integer (ONE in a view swizzle is integer 1 for integer formats)
   case PIPE_FORMAT_A8_SINT: return legacy(VK_FORMAT_R8_SINT, kAlpha, kNoteAlpha);
   case PIPE_FORMAT_A8_UINT: return legacy(VK_FORMAT_R8_UINT, kAlpha, kNoteAlpha);
   case PIPE_FORMAT_A16_SINT: return legacy(VK_FORMAT_R16_SINT, kAlpha, kNoteAlpha);
   case PIPE_FORMAT_A16_UINT: return legacy(VK_FORMAT_R16_UINT, kAlpha, kNoteAlpha);
   case PIPE_FORMAT_A32_SINT: return legacy(VK_FORMAT_R32_SINT, kAlpha, kNoteAlpha);
   case PIPE_FORMAT_A32_UINT: return legacy(VK_FORMAT_R32_UINT, kAlpha, kNoteAlpha);
   case PIPE_FORMAT_L8_SINT: return legacy(VK_FORMAT_R8_SINT, kLum, kNoteLum);
   case PIPE_FORMAT_L8_UINT: return legacy(VK_FORMAT_R8_UINT, kLum, kNoteLum);
   case PIPE_FORMAT_L16_SINT: return legacy(VK_FORMAT_R16_SINT, kLum, kNoteLum);
   case PIPE_FORMAT_L16_UINT: return legacy(VK_FORMAT_R16_UINT, kLum, kNoteLum);
   case PIPE_FORMAT_L32_SINT: return legacy(VK_FORMAT_R32_SINT, kLum, kNoteLum);
   case PIPE_FORMAT_L32_UINT: return legacy(VK_FORMAT_R32_UINT, kLum, kNoteLum);
   case PIPE_FORMAT_L8A8_SINT: return legacy(VK_FORMAT_R8G8_SINT, kLumAlpha, kNoteLumAlpha);
   case PIPE_FORMAT_L8A8_UINT: return legacy(VK_FORMAT_R8G8_UINT, kLumAlpha, kNoteLumAlpha);
   case PIPE_FORMAT_L16A16_SINT: return legacy(VK_FORMAT_R16G16_SINT, kLumAlpha, kNoteLumAlpha);
   case PIPE_FORMAT_L16A16_UINT: return legacy(VK_FORMAT_R16G16_UINT, kLumAlpha, kNoteLumAlpha);
   case PIPE_FORMAT_L32A32_SINT: return legacy(VK_FORMAT_R32G32_SINT, kLumAlpha, kNoteLumAlpha);
   case PIPE_FORMAT_L32A32_UINT: return legacy(VK_FORMAT_R32G32_UINT, kLumAlpha, kNoteLumAlpha);
   case PIPE_FORMAT_I8_SINT: return legacy(VK_FORMAT_R8_SINT, kIntensity, kNoteIntensity);
   case PIPE_FORMAT_I8_UINT: return legacy(VK_FORMAT_R8_UINT, kIntensity, kNoteIntensity);
   case PIPE_FORMAT_I16_SINT: return legacy(VK_FORMAT_R16_SINT, kIntensity, kNoteIntensity);
   case PIPE_FORMAT_I16_UINT: return legacy(VK_FORMAT_R16_UINT, kIntensity, kNoteIntensity);
   case PIPE_FORMAT_I32_SINT: return legacy(VK_FORMAT_R32_SINT, kIntensity, kNoteIntensity);
   case PIPE_FORMAT_I32_UINT: return legacy(VK_FORMAT_R32_UINT, kIntensity, kNoteIntensity);

   // Legacy sRGB. GL decodes L but never A; Vulkan's R8G8_SRGB decodes G as well, so the
   // alpha of SLUMINANCE8_ALPHA8 cannot live in an RG format: it goes to RGBA8 sRGB's linear A.
   case PIPE_FORMAT_L8_SRGB:
      return {emulated(VK_FORMAT_R8_SRGB, kLum, kNoteLum),
              emulated(VK_FORMAT_R8G8B8A8_SRGB, kLum,
                       "LUMINANCE sRGB stored as RGBA8 sRGB, view swizzle (R,R,R,1)")};
   case PIPE_FORMAT_L8A8_SRGB:
      return only(emulated(VK_FORMAT_R8G8B8A8_SRGB, {R, R, R, A},
                           "LUMINANCE_ALPHA sRGB expanded to RGBA8 sRGB (L in R, A in linear A), "
                           "view swizzle (R,R,R,A); R8G8_SRGB would sRGB-decode alpha"));

   // Depth and stencil
   case PIPE_FORMAT_Z16_UNORM:
      return {native(VK_FORMAT_D16_UNORM),
              emulated(VK_FORMAT_D32_SFLOAT, kIdentity, "D16 stored as D32F (exact to 16 bits)")};
   case PIPE_FORMAT_Z24X8_UNORM:
      return {native(VK_FORMAT_X8_D24_UNORM_PACK32),
              emulated(VK_FORMAT_D32_SFLOAT, kIdentity, "D24 stored as D32F (exact to 24 bits)")};
   case PIPE_FORMAT_Z32_UNORM:
      // Vulkan has no 32-bit unorm depth. A float holds 24 significant bits over [0.5, 1)
      // and more below: GL_DEPTH_COMPONENT32 keeps at least D24's precision everywhere.
      return only(emulated(VK_FORMAT_D32_SFLOAT, kIdentity, "D32 unorm stored as D32F"));
   case PIPE_FORMAT_Z32_FLOAT: return only(native(VK_FORMAT_D32_SFLOAT));
   case PIPE_FORMAT_Z24_UNORM_S8_UINT:
      return {native(VK_FORMAT_D24_UNORM_S8_UINT),
              emulated(VK_FORMAT_D32_SFLOAT_S8_UINT, kIdentity,
                       "D24S8 stored as D32FS8 (depth exact to 24 bits)")};
   case PIPE_FORMAT_Z32_FLOAT_S8X24_UINT: return only(native(VK_FORMAT_D32_SFLOAT_S8_UINT));
   case PIPE_FORMAT_S8_UINT:
      // D32_SFLOAT_S8_UINT rather than D24_UNORM_S8_UINT: AMD and Apple GPUs lack the latter.
      return {native(VK_FORMAT_S8_UINT),
              emulated(VK_FORMAT_D32_SFLOAT_S8_UINT, kIdentity, "S8 stored in the stencil aspect of D32FS8")};

   // S3TC (BC1 RGB returns alpha 1 for every texel, as GL's DXT1 RGB does)
   case PIPE_FORMAT_DXT1_RGB:
      return block(VK_FORMAT_BC1_RGB_UNORM_BLOCK,
                   emulated(VK_FORMAT_R8G8B8A8_UNORM, kAlphaOne, "DXT1 decompressed to RGBA8 on upload"));
   case PIPE_FORMAT_DXT1_RGBA:
      return block(VK_FORMAT_BC1_RGBA_UNORM_BLOCK,
                   emulated(VK_FORMAT_R8G8B8A8_UNORM, kIdentity, "DXT1 decompressed to RGBA8 on upload"));
   case PIPE_FORMAT_DXT3_RGBA:
      return block(VK_FORMAT_BC2_UNORM_BLOCK,
                   emulated(VK_FORMAT_R8G8B8A8_UNORM, kIdentity, "DXT3 decompressed to RGBA8 on upload"));
   case PIPE_FORMAT_DXT5_RGBA:
      return block(VK_FORMAT_BC3_UNORM_BLOCK,
                   emulated(VK_FORMAT_R8G8B8A8_UNORM, kIdentity, "DXT5 decompressed to RGBA8 on upload"));
   case PIPE_FORMAT_DXT1_SRGB:
      return block(VK_FORMAT_BC1_RGB_SRGB_BLOCK,
                   emulated(VK_FORMAT_R8G8B8A8_SRGB, kAlphaOne, "DXT1 decompressed to RGBA8 sRGB on upload"));
   case PIPE_FORMAT_DXT1_SRGBA:
      return block(VK_FORMAT_BC1_RGBA_SRGB_BLOCK,
                   emulated(VK_FORMAT_R8G8B8A8_SRGB, kIdentity, "DXT1 decompressed to RGBA8 sRGB on upload"));
   case PIPE_FORMAT_DXT3_SRGBA:
      return block(VK_FORMAT_BC2_SRGB_BLOCK,
                   emulated(VK_FORMAT_R8G8B8A8_SRGB, kIdentity, "DXT3 decompressed to RGBA8 sRGB on upload"));
   case PIPE_FORMAT_DXT5_SRGBA:
      return block(VK_FORMAT_BC3_SRGB_BLOCK,
                   emulated(VK_FORMAT_R8G8B8A8_SRGB, kIdentity, "DXT5 decompressed to RGBA8 sRGB on upload"));

   // RGTC: interpolated values carry more than 8 bits, so the decompressed copy is 16-bit.
   case PIPE_FORMAT_RGTC1_UNORM:
      return block(VK_FORMAT_BC4_UNORM_BLOCK,
                   emulated(VK_FORMAT_R16_UNORM, kIdentity, "RGTC1 decompressed to R16 on upload"));
   case PIPE_FORMAT_RGTC1_SNORM:
      return block(VK_FORMAT_BC4_SNORM_BLOCK,
                   emulated(VK_FORMAT_R16_SNORM, kIdentity, "RGTC1 decompressed to R16 snorm on upload"));
   case PIPE_FORMAT_RGTC2_UNORM:
      return block(VK_FORMAT_BC5_UNORM_BLOCK,
                   emulated(VK_FORMAT_R16G16_UNORM, kIdentity, "RGTC2 decompressed to RG16 on upload"));
   case PIPE_FORMAT_RGTC2_SNORM:
      return block(VK_FORMAT_BC5_SNORM_BLOCK,
                   emulated(VK_FORMAT_R16G16_SNORM, kIdentity, "RGTC2 decompressed to RG16 snorm on upload"));

   // BPTC (BC6H decodes to half floats, so RGBA16F holds it exactly)
   case PIPE_FORMAT_BPTC_RGBA_UNORM:
      return block(VK_FORMAT_BC7_UNORM_BLOCK,
                   emulated(VK_FORMAT_R8G8B8A8_UNORM, kIdentity, "BPTC decompressed to RGBA8 on upload"));
   case PIPE_FORMAT_BPTC_SRGBA:
      return block(VK_FORMAT_BC7_SRGB_BLOCK,
                   emulated(VK_FORMAT_R8G8B8A8_SRGB, kIdentity, "BPTC decompressed to RGBA8 sRGB on upload"));
   case PIPE_FORMAT_BPTC_RGB_FLOAT:
      return block(VK_FORMAT_BC6H_SFLOAT_BLOCK,
                   emulated(VK_FORMAT_R16G16B16A16_SFLOAT, kAlphaOne,
                            "BPTC float decompressed to RGBA16F on upload"));
   case PIPE_FORMAT_BPTC_RGB_UFLOAT:
      return block(VK_FORMAT_BC6H_UFLOAT_BLOCK,
                   emulated(VK_FORMAT_R16G16B16A16_SFLOAT, kAlphaOne,
                            "BPTC float decompressed to RGBA16F on upload"));

   // ETC2 / EAC (desktop GPUs rarely sample these; EAC values carry 11 bits)
   case PIPE_FORMAT_ETC2_RGB8:
      return block(VK_FORMAT_ETC2_R8G8B8_UNORM_BLOCK,
                   emulated(VK_FORMAT_R8G8B8A8_UNORM, kAlphaOne, "ETC2 decompressed to RGBA8 on upload"));
   case PIPE_FORMAT_ETC2_SRGB8:
      return block(VK_FORMAT_ETC2_R8G8B8_SRGB_BLOCK,
                   emulated(VK_FORMAT_R8G8B8A8_SRGB, kAlphaOne, "ETC2 decompressed to RGBA8 sRGB on upload"));
   case PIPE_FORMAT_ETC2_RGB8A1:
      return block(VK_FORMAT_ETC2_R8G8B8A1_UNORM_BLOCK,
                   emulated(VK_FORMAT_R8G8B8A8_UNORM, kIdentity, "ETC2 decompressed to RGBA8 on upload"));
   case PIPE_FORMAT_ETC2_SRGB8A1:
      return block(VK_FORMAT_ETC2_R8G8B8A1_SRGB_BLOCK,
                   emulated(VK_FORMAT_R8G8B8A8_SRGB, kIdentity, "ETC2 decompressed to RGBA8 sRGB on upload"));
   case PIPE_FORMAT_ETC2_RGBA8:
      return block(VK_FORMAT_ETC2_R8G8B8A8_UNORM_BLOCK,
                   emulated(VK_FORMAT_R8G8B8A8_UNORM, kIdentity, "ETC2 decompressed to RGBA8 on upload"));
   case PIPE_FORMAT_ETC2_SRGBA8:
      return block(VK_FORMAT_ETC2_R8G8B8A8_SRGB_BLOCK,
                   emulated(VK_FORMAT_R8G8B8A8_SRGB, kIdentity, "ETC2 decompressed to RGBA8 sRGB on upload"));
   case PIPE_FORMAT_ETC2_R11_UNORM:
      return block(VK_FORMAT_EAC_R11_UNORM_BLOCK,
                   emulated(VK_FORMAT_R16_UNORM, kIdentity, "EAC decompressed to R16 on upload"));
   case PIPE_FORMAT_ETC2_R11_SNORM:
      return block(VK_FORMAT_EAC_R11_SNORM_BLOCK,
                   emulated(VK_FORMAT_R16_SNORM, kIdentity, "EAC decompressed to R16 snorm on upload"));
   case PIPE_FORMAT_ETC2_RG11_UNORM:
      return block(VK_FORMAT_EAC_R11G11_UNORM_BLOCK,
                   emulated(VK_FORMAT_R16G16_UNORM, kIdentity, "EAC decompressed to RG16 on upload"));
   case PIPE_FORMAT_ETC2_RG11_SNORM:
      return block(VK_FORMAT_EAC_R11G11_SNORM_BLOCK,
                   emulated(VK_FORMAT_R16G16_SNORM, kIdentity, "EAC decompressed to RG16 snorm on upload"));
   }
   return only(none());
}

// Every VkFormat mapping_for can return, spelled once; names come from the token.
#define CLAMPLER_VK_FORMATS(X)                                                                    \
   X(UNDEFINED)                                                                                   \
   X(R8_UNORM) X(R8_SNORM) X(R8_UINT) X(R8_SINT) X(R8_SRGB)                                       \
   X(R8G8_UNORM) X(R8G8_SNORM) X(R8G8_UINT) X(R8G8_SINT) X(R8G8_SRGB)                             \
   X(R8G8B8_UNORM) X(R8G8B8_SNORM) X(R8G8B8_UINT) X(R8G8B8_SINT) X(R8G8B8_SRGB)                   \
   X(R8G8B8A8_UNORM) X(R8G8B8A8_SNORM) X(R8G8B8A8_UINT) X(R8G8B8A8_SINT) X(R8G8B8A8_SRGB)         \
   X(R16_UNORM) X(R16_SNORM) X(R16_UINT) X(R16_SINT) X(R16_SFLOAT)                                \
   X(R16G16_UNORM) X(R16G16_SNORM) X(R16G16_UINT) X(R16G16_SINT) X(R16G16_SFLOAT)                 \
   X(R16G16B16_UNORM) X(R16G16B16_SNORM) X(R16G16B16_UINT) X(R16G16B16_SINT) X(R16G16B16_SFLOAT)  \
   X(R16G16B16A16_UNORM) X(R16G16B16A16_SNORM) X(R16G16B16A16_UINT) X(R16G16B16A16_SINT)          \
   X(R16G16B16A16_SFLOAT)                                                                         \
   X(R32_UINT) X(R32_SINT) X(R32_SFLOAT)                                                          \
   X(R32G32_UINT) X(R32G32_SINT) X(R32G32_SFLOAT)                                                 \
   X(R32G32B32_UINT) X(R32G32B32_SINT) X(R32G32B32_SFLOAT)                                        \
   X(R32G32B32A32_UINT) X(R32G32B32A32_SINT) X(R32G32B32A32_SFLOAT)                               \
   X(R4G4_UNORM_PACK8) X(B4G4R4A4_UNORM_PACK16) X(A4R4G4B4_UNORM_PACK16)                          \
   X(R5G6B5_UNORM_PACK16) X(A1R5G5B5_UNORM_PACK16)                                                \
   X(A2B10G10R10_UNORM_PACK32) X(A2B10G10R10_UINT_PACK32)                                         \
   X(B10G11R11_UFLOAT_PACK32) X(E5B9G9R9_UFLOAT_PACK32)                                           \
   X(D16_UNORM) X(X8_D24_UNORM_PACK32) X(D32_SFLOAT) X(S8_UINT)                                   \
   X(D24_UNORM_S8_UINT) X(D32_SFLOAT_S8_UINT)                                                     \
   X(BC1_RGB_UNORM_BLOCK) X(BC1_RGB_SRGB_BLOCK) X(BC1_RGBA_UNORM_BLOCK) X(BC1_RGBA_SRGB_BLOCK)    \
   X(BC2_UNORM_BLOCK) X(BC2_SRGB_BLOCK) X(BC3_UNORM_BLOCK) X(BC3_SRGB_BLOCK)                      \
   X(BC4_UNORM_BLOCK) X(BC4_SNORM_BLOCK) X(BC5_UNORM_BLOCK) X(BC5_SNORM_BLOCK)                    \
   X(BC6H_UFLOAT_BLOCK) X(BC6H_SFLOAT_BLOCK) X(BC7_UNORM_BLOCK) X(BC7_SRGB_BLOCK)                 \
   X(ETC2_R8G8B8_UNORM_BLOCK) X(ETC2_R8G8B8_SRGB_BLOCK)                                           \
   X(ETC2_R8G8B8A1_UNORM_BLOCK) X(ETC2_R8G8B8A1_SRGB_BLOCK)                                       \
   X(ETC2_R8G8B8A8_UNORM_BLOCK) X(ETC2_R8G8B8A8_SRGB_BLOCK)                                       \
   X(EAC_R11_UNORM_BLOCK) X(EAC_R11_SNORM_BLOCK) X(EAC_R11G11_UNORM_BLOCK) X(EAC_R11G11_SNORM_BLOCK)

struct FormatName {
   VkFormat format;
   const char *name;
};

#define CLAMPLER_VK_FORMAT_NAME(tok) {VK_FORMAT_##tok, "VK_FORMAT_" #tok},
constexpr FormatName kFormatNames[] = {CLAMPLER_VK_FORMATS(CLAMPLER_VK_FORMAT_NAME)};
#undef CLAMPLER_VK_FORMAT_NAME

constexpr bool named(VkFormat f) {
   for (const FormatName &n : kFormatNames)
      if (n.format == f)
         return true;
   return false;
}

constexpr bool every_mapping_named() {
   for (unsigned i = 0; i <= PIPE_FORMAT_COUNT; ++i) {
      const Mapping m = mapping_for(static_cast<pipe_format>(i));
      if (!named(m.preferred.format) || !named(m.fallback.format))
         return false;
   }
   return true;
}
static_assert(every_mapping_named(), "CLAMPLER_VK_FORMATS must list every VkFormat mapping_for returns");

}  // namespace

zink_format zink_format_for(pipe_format f) { return mapping_for(f).preferred; }

zink_format zink_format_fallback(pipe_format f) { return mapping_for(f).fallback; }

const char *vk_format_name(VkFormat f) {
   for (const FormatName &n : kFormatNames)
      if (n.format == f)
         return n.name;
   return "VK_FORMAT_UNKNOWN";
}

VkFormat vk_format_from_name(std::string_view name) {
   for (const FormatName &n : kFormatNames)
      if (name == n.name)
         return n.format;
   return VK_FORMAT_UNDEFINED;
}

const char *vk_swizzle_name(VkComponentSwizzle s) {
   switch (s) {
#define CLAMPLER_SWIZZLE_CASE(tok) \
   case VK_COMPONENT_SWIZZLE_##tok: return "VK_COMPONENT_SWIZZLE_" #tok;
      CLAMPLER_SWIZZLE_CASE(IDENTITY)
      CLAMPLER_SWIZZLE_CASE(ZERO)
      CLAMPLER_SWIZZLE_CASE(ONE)
      CLAMPLER_SWIZZLE_CASE(R)
      CLAMPLER_SWIZZLE_CASE(G)
      CLAMPLER_SWIZZLE_CASE(B)
      CLAMPLER_SWIZZLE_CASE(A)
#undef CLAMPLER_SWIZZLE_CASE
   default: break;
   }
   return "VK_COMPONENT_SWIZZLE_UNKNOWN";
}

VkComponentMapping zink_compose_mapping(const VkComponentMapping &outer, const VkComponentMapping &inner) {
   const VkComponentSwizzle in[4] = {inner.r, inner.g, inner.b, inner.a};
   const auto stored = [&](int c) {  // what the format's component c reads
      return in[c] == VK_COMPONENT_SWIZZLE_IDENTITY ? static_cast<VkComponentSwizzle>(VK_COMPONENT_SWIZZLE_R + c)
                                                    : in[c];
   };
   const auto resolve = [&](VkComponentSwizzle s, int c) {
      if (s == VK_COMPONENT_SWIZZLE_IDENTITY)
         return stored(c);
      if (s == VK_COMPONENT_SWIZZLE_ZERO || s == VK_COMPONENT_SWIZZLE_ONE)
         return s;
      return stored(static_cast<int>(s) - static_cast<int>(VK_COMPONENT_SWIZZLE_R));
   };
   return {resolve(outer.r, 0), resolve(outer.g, 1), resolve(outer.b, 2), resolve(outer.a, 3)};
}

}  // namespace clampler
