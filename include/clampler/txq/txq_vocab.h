// txq's enumerations: the seed's filter and address modes, and GL's and OpenCL's channel order and data type vocabularies.
//
// The seed (PTX txq) returns filter and address modes from its own enums and the channel order
// and data type "from the source language's enumeration". clampler offers two source languages:
//   gl      channel_order = the base internal format (GL_RGBA, GL_LUMINANCE, GL_DEPTH_STENCIL, ...);
//           channel_data_type = the component type glGetTexLevelParameter reports as
//           GL_TEXTURE_RED_TYPE & co. (GL_UNSIGNED_NORMALIZED, GL_SIGNED_NORMALIZED, GL_FLOAT,
//           GL_INT, GL_UNSIGNED_INT; GL_NONE for a stencil-index texture, which has no such type).
//   opencl  the cl_channel_order / cl_channel_type constant describing the same texels
//           (OpenCL 3.0 §5.3.1.1, values as in CL/cl.h); 0 where OpenCL has none (compressed,
//           luminance-alpha, stencil index, most packed formats). Descriptive: a value is given
//           where OpenCL names the layout even if OpenCL would not create that image.
#pragma once

#include <cstdint>

#include "clampler/pipe/p_format.h"

namespace clampler {

// The seed's `.filter_mode` enum.
enum txq_filter_mode : uint32_t { TXQ_FILTER_NEAREST = 0, TXQ_FILTER_LINEAR = 1 };

// The seed's `.addr_mode_N` enum (0-4), then clampler's values for GL's mirror-clamp modes,
// which the seed's enum lacks: each is "mirror once, then" the clamp of the same name.
enum txq_addr_mode : uint32_t {
   TXQ_ADDR_WRAP = 0,             // GL_REPEAT
   TXQ_ADDR_MIRROR = 1,           // GL_MIRRORED_REPEAT
   TXQ_ADDR_CLAMP_OGL = 2,        // GL_CLAMP
   TXQ_ADDR_CLAMP_TO_EDGE = 3,    // GL_CLAMP_TO_EDGE
   TXQ_ADDR_CLAMP_TO_BORDER = 4,  // GL_CLAMP_TO_BORDER
   TXQ_ADDR_MIRROR_CLAMP_OGL = 5,        // GL_MIRROR_CLAMP_EXT (clampler's)
   TXQ_ADDR_MIRROR_CLAMP_TO_EDGE = 6,    // GL_MIRROR_CLAMP_TO_EDGE (clampler's)
   TXQ_ADDR_MIRROR_CLAMP_TO_BORDER = 7,  // GL_MIRROR_CLAMP_TO_BORDER_EXT (clampler's)
};

enum class txq_language : uint8_t { gl, opencl };

// OpenCL's channel orders and channel data types (OpenCL 3.0 §5.3.1.1), prefixed TXQ_ so that
// CL/cl.h's macros of the same names cannot clash.
constexpr uint32_t TXQ_CL_R = 0x10B0, TXQ_CL_A = 0x10B1, TXQ_CL_RG = 0x10B2, TXQ_CL_RA = 0x10B3, TXQ_CL_RGB = 0x10B4,
                   TXQ_CL_RGBA = 0x10B5, TXQ_CL_BGRA = 0x10B6, TXQ_CL_ARGB = 0x10B7, TXQ_CL_INTENSITY = 0x10B8,
                   TXQ_CL_LUMINANCE = 0x10B9, TXQ_CL_Rx = 0x10BA, TXQ_CL_RGx = 0x10BB, TXQ_CL_RGBx = 0x10BC,
                   TXQ_CL_DEPTH = 0x10BD, TXQ_CL_DEPTH_STENCIL = 0x10BE, TXQ_CL_sRGB = 0x10BF, TXQ_CL_sRGBx = 0x10C0,
                   TXQ_CL_sRGBA = 0x10C1, TXQ_CL_sBGRA = 0x10C2, TXQ_CL_ABGR = 0x10C3;
constexpr uint32_t TXQ_CL_SNORM_INT8 = 0x10D0, TXQ_CL_SNORM_INT16 = 0x10D1, TXQ_CL_UNORM_INT8 = 0x10D2,
                   TXQ_CL_UNORM_INT16 = 0x10D3, TXQ_CL_UNORM_SHORT_565 = 0x10D4, TXQ_CL_UNORM_SHORT_555 = 0x10D5,
                   TXQ_CL_UNORM_INT_101010 = 0x10D6, TXQ_CL_SIGNED_INT8 = 0x10D7, TXQ_CL_SIGNED_INT16 = 0x10D8,
                   TXQ_CL_SIGNED_INT32 = 0x10D9, TXQ_CL_UNSIGNED_INT8 = 0x10DA, TXQ_CL_UNSIGNED_INT16 = 0x10DB,
                   TXQ_CL_UNSIGNED_INT32 = 0x10DC, TXQ_CL_HALF_FLOAT = 0x10DD, TXQ_CL_FLOAT = 0x10DE,
                   TXQ_CL_UNORM_INT24 = 0x10DF, TXQ_CL_UNORM_INT_101010_2 = 0x10E0;

// GL_TEXTURE_MAG_FILTER's filter (the seed has one filter mode; GL's min filter is reported
// beside it, docs/queries.md).
uint32_t txq_filter_mode_of(uint32_t gl_filter);
// A GL wrap mode's address mode; UINT32_MAX for a value that is no wrap mode.
uint32_t txq_addr_mode_of(uint32_t gl_wrap);
// The texture's channel order and data type in `lang` (see above).
uint32_t txq_channel_order(txq_language lang, const util_format_description &d);
uint32_t txq_channel_data_type(txq_language lang, const util_format_description &d);

// Names: "nearest", "clamp_ogl", "mirror_clamp_to_edge", "GL_RGBA", "CL_UNORM_INT8"; "none" for 0
// in the OpenCL vocabulary and "?" for a value outside the vocabulary.
const char *txq_filter_mode_name(uint32_t v);
const char *txq_addr_mode_name(uint32_t v);
const char *txq_channel_order_name(txq_language lang, uint32_t v);
const char *txq_channel_data_type_name(txq_language lang, uint32_t v);

}  // namespace clampler
