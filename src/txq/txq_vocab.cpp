// txq's vocabularies: GL wrap and filter values in the seed's enums, channel order and data type in GL's and OpenCL's.
#include "clampler/txq/txq_vocab.h"

#include <cstdint>

#include "clampler/gl/gl_enums.h"
#include "clampler/gl/gl_formats.h"

namespace clampler {

namespace {

struct named {
   uint32_t value;
   const char *name;
};

template <size_t N>
const char *find_name(const named (&table)[N], uint32_t v) {
   for (const named &n : table)
      if (n.value == v)
         return n.name;
   return "?";
}

const named kAddrNames[] = {
   {TXQ_ADDR_WRAP, "wrap"},
   {TXQ_ADDR_MIRROR, "mirror"},
   {TXQ_ADDR_CLAMP_OGL, "clamp_ogl"},
   {TXQ_ADDR_CLAMP_TO_EDGE, "clamp_to_edge"},
   {TXQ_ADDR_CLAMP_TO_BORDER, "clamp_to_border"},
   {TXQ_ADDR_MIRROR_CLAMP_OGL, "mirror_clamp_ogl"},
   {TXQ_ADDR_MIRROR_CLAMP_TO_EDGE, "mirror_clamp_to_edge"},
   {TXQ_ADDR_MIRROR_CLAMP_TO_BORDER, "mirror_clamp_to_border"},
};

const named kGlOrderNames[] = {
   {GL_RED, "GL_RED"},
   {GL_RG, "GL_RG"},
   {GL_RGB, "GL_RGB"},
   {GL_RGBA, "GL_RGBA"},
   {GL_ALPHA, "GL_ALPHA"},
   {GL_LUMINANCE, "GL_LUMINANCE"},
   {GL_LUMINANCE_ALPHA, "GL_LUMINANCE_ALPHA"},
   {GL_INTENSITY, "GL_INTENSITY"},
   {GL_DEPTH_COMPONENT, "GL_DEPTH_COMPONENT"},
   {GL_DEPTH_STENCIL, "GL_DEPTH_STENCIL"},
   {GL_STENCIL_INDEX, "GL_STENCIL_INDEX"},
};

const named kGlTypeNames[] = {
   {GL_NONE, "GL_NONE"},
   {GL_UNSIGNED_NORMALIZED, "GL_UNSIGNED_NORMALIZED"},
   {GL_SIGNED_NORMALIZED, "GL_SIGNED_NORMALIZED"},
   {GL_FLOAT, "GL_FLOAT"},
   {GL_INT, "GL_INT"},
   {GL_UNSIGNED_INT, "GL_UNSIGNED_INT"},
};

const named kClOrderNames[] = {
   {0, "none"},
   {TXQ_CL_R, "CL_R"},
   {TXQ_CL_A, "CL_A"},
   {TXQ_CL_RG, "CL_RG"},
   {TXQ_CL_RA, "CL_RA"},
   {TXQ_CL_RGB, "CL_RGB"},
   {TXQ_CL_RGBA, "CL_RGBA"},
   {TXQ_CL_BGRA, "CL_BGRA"},
   {TXQ_CL_ARGB, "CL_ARGB"},
   {TXQ_CL_INTENSITY, "CL_INTENSITY"},
   {TXQ_CL_LUMINANCE, "CL_LUMINANCE"},
   {TXQ_CL_Rx, "CL_Rx"},
   {TXQ_CL_RGx, "CL_RGx"},
   {TXQ_CL_RGBx, "CL_RGBx"},
   {TXQ_CL_DEPTH, "CL_DEPTH"},
   {TXQ_CL_DEPTH_STENCIL, "CL_DEPTH_STENCIL"},
   {TXQ_CL_sRGB, "CL_sRGB"},
   {TXQ_CL_sRGBx, "CL_sRGBx"},
   {TXQ_CL_sRGBA, "CL_sRGBA"},
   {TXQ_CL_sBGRA, "CL_sBGRA"},
   {TXQ_CL_ABGR, "CL_ABGR"},
};

const named kClTypeNames[] = {
   {0, "none"},
   {TXQ_CL_SNORM_INT8, "CL_SNORM_INT8"},
   {TXQ_CL_SNORM_INT16, "CL_SNORM_INT16"},
   {TXQ_CL_UNORM_INT8, "CL_UNORM_INT8"},
   {TXQ_CL_UNORM_INT16, "CL_UNORM_INT16"},
   {TXQ_CL_UNORM_SHORT_565, "CL_UNORM_SHORT_565"},
   {TXQ_CL_UNORM_SHORT_555, "CL_UNORM_SHORT_555"},
   {TXQ_CL_UNORM_INT_101010, "CL_UNORM_INT_101010"},
   {TXQ_CL_SIGNED_INT8, "CL_SIGNED_INT8"},
   {TXQ_CL_SIGNED_INT16, "CL_SIGNED_INT16"},
   {TXQ_CL_SIGNED_INT32, "CL_SIGNED_INT32"},
   {TXQ_CL_UNSIGNED_INT8, "CL_UNSIGNED_INT8"},
   {TXQ_CL_UNSIGNED_INT16, "CL_UNSIGNED_INT16"},
   {TXQ_CL_UNSIGNED_INT32, "CL_UNSIGNED_INT32"},
   {TXQ_CL_HALF_FLOAT, "CL_HALF_FLOAT"},
   {TXQ_CL_FLOAT, "CL_FLOAT"},
   {TXQ_CL_UNORM_INT24, "CL_UNORM_INT24"},
   {TXQ_CL_UNORM_INT_101010_2, "CL_UNORM_INT_101010_2"},
};

bool is_stencil_only(const util_format_description &d) { return d.gl_base_format == GL_STENCIL_INDEX; }

// OpenCL's data type for components of `bits` bits (every component the same).
uint32_t cl_uniform_type(const util_format_description &d, unsigned bits) {
   if (d.is_float)
      return bits == 16 ? TXQ_CL_HALF_FLOAT : bits == 32 ? TXQ_CL_FLOAT : 0;
   if (d.is_integer)
      return bits == 8    ? (d.is_signed ? TXQ_CL_SIGNED_INT8 : TXQ_CL_UNSIGNED_INT8)
             : bits == 16 ? (d.is_signed ? TXQ_CL_SIGNED_INT16 : TXQ_CL_UNSIGNED_INT16)
             : bits == 32 ? (d.is_signed ? TXQ_CL_SIGNED_INT32 : TXQ_CL_UNSIGNED_INT32)
                          : 0;
   if (d.is_normalized)
      return bits == 8    ? (d.is_signed ? TXQ_CL_SNORM_INT8 : TXQ_CL_UNORM_INT8)
             : bits == 16 ? (d.is_signed ? TXQ_CL_SNORM_INT16 : TXQ_CL_UNORM_INT16)
             : bits == 24 && !d.is_signed ? TXQ_CL_UNORM_INT24
                                          : 0;
   return 0;
}

}  // namespace

uint32_t txq_filter_mode_of(uint32_t gl_filter) {
   return gl_filter == GL_LINEAR ? TXQ_FILTER_LINEAR : TXQ_FILTER_NEAREST;
}

uint32_t txq_addr_mode_of(uint32_t gl_wrap) {
   switch (gl_wrap) {
   case GL_REPEAT: return TXQ_ADDR_WRAP;
   case GL_MIRRORED_REPEAT: return TXQ_ADDR_MIRROR;
   case GL_CLAMP: return TXQ_ADDR_CLAMP_OGL;
   case GL_CLAMP_TO_EDGE: return TXQ_ADDR_CLAMP_TO_EDGE;
   case GL_CLAMP_TO_BORDER: return TXQ_ADDR_CLAMP_TO_BORDER;
   case GL_MIRROR_CLAMP_EXT: return TXQ_ADDR_MIRROR_CLAMP_OGL;
   case GL_MIRROR_CLAMP_TO_EDGE: return TXQ_ADDR_MIRROR_CLAMP_TO_EDGE;
   case GL_MIRROR_CLAMP_TO_BORDER_EXT: return TXQ_ADDR_MIRROR_CLAMP_TO_BORDER;
   default: return UINT32_MAX;
   }
}

uint32_t txq_channel_order(txq_language lang, const util_format_description &d) {
   if (lang == txq_language::gl)
      return d.gl_base_format;
   switch (d.gl_base_format) {
   case GL_RED: return d.is_srgb ? 0 : TXQ_CL_R;
   case GL_RG: return d.is_srgb ? 0 : TXQ_CL_RG;
   case GL_RGB: return d.is_srgb ? TXQ_CL_sRGB : TXQ_CL_RGB;
   case GL_RGBA: return d.is_srgb ? TXQ_CL_sRGBA : TXQ_CL_RGBA;
   case GL_ALPHA: return TXQ_CL_A;
   case GL_LUMINANCE: return TXQ_CL_LUMINANCE;
   case GL_INTENSITY: return TXQ_CL_INTENSITY;
   case GL_DEPTH_COMPONENT: return TXQ_CL_DEPTH;
   case GL_DEPTH_STENCIL: return TXQ_CL_DEPTH_STENCIL;
   default: return 0;  // luminance-alpha, stencil index
   }
}

uint32_t txq_channel_data_type(txq_language lang, const util_format_description &d) {
   if (lang == txq_language::gl) {
      if (is_stencil_only(d))
         return GL_NONE;
      if (d.is_integer && !d.depth_bits)
         return d.is_signed ? GL_INT : GL_UNSIGNED_INT;
      if (d.is_float)
         return GL_FLOAT;
      return d.is_signed ? GL_SIGNED_NORMALIZED : GL_UNSIGNED_NORMALIZED;
   }
   if (d.is_compressed || is_stencil_only(d))
      return 0;
   if (d.depth_bits)
      return cl_uniform_type(d, d.depth_bits);
   // The packed layouts OpenCL names.
   switch (d.gl_internal_format) {
   case GL_RGB565: return TXQ_CL_UNORM_SHORT_565;
   case GL_RGB5: return TXQ_CL_UNORM_SHORT_555;
   case GL_RGB10: return TXQ_CL_UNORM_INT_101010;
   case GL_RGB10_A2: return TXQ_CL_UNORM_INT_101010_2;
   default: break;
   }
   for (unsigned c = 1; c < d.nr_channels; ++c)
      if (d.channel_bits[c] != d.channel_bits[0])
         return 0;  // other mixed packings (4-4-4-4, 5-5-5-1, 11-11-10, 9-9-9-e5, 3-3-2)
   return cl_uniform_type(d, d.channel_bits[0]);
}

const char *txq_filter_mode_name(uint32_t v) {
   return v == TXQ_FILTER_NEAREST ? "nearest" : v == TXQ_FILTER_LINEAR ? "linear" : "?";
}
const char *txq_addr_mode_name(uint32_t v) { return find_name(kAddrNames, v); }
const char *txq_channel_order_name(txq_language lang, uint32_t v) {
   return lang == txq_language::gl ? find_name(kGlOrderNames, v) : find_name(kClOrderNames, v);
}
const char *txq_channel_data_type_name(txq_language lang, uint32_t v) {
   return lang == txq_language::gl ? find_name(kGlTypeNames, v) : find_name(kClTypeNames, v);
}

}  // namespace clampler
