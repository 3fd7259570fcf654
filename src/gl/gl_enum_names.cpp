// GL enum <-> name tables: every enum of gl_enums.h, GL_TEXTUREn and the sized internal formats.
#include "clampler/gl/gl_enum_names.h"

#include <charconv>
#include <string_view>

#include "clampler/pipe/p_format.h"

namespace clampler {
namespace {

struct enum_name {
   std::string_view name;
   GLenum value;
};

// By-value lookups return the first entry with the value, so the preferred name
// of an ambiguous value comes first; aliases follow their primary spelling.
constexpr enum_name kNames[] = {
   {"GL_NONE", GL_NONE},
   {"GL_ONE", GL_ONE},
   {"GL_NO_ERROR", GL_NO_ERROR},
   {"GL_FALSE", GL_FALSE},
   {"GL_ZERO", GL_ZERO},
   {"GL_TRUE", GL_TRUE},
   // Errors
   {"GL_INVALID_ENUM", GL_INVALID_ENUM},
   {"GL_INVALID_VALUE", GL_INVALID_VALUE},
   {"GL_INVALID_OPERATION", GL_INVALID_OPERATION},
   {"GL_OUT_OF_MEMORY", GL_OUT_OF_MEMORY},
   // Texture targets
   {"GL_TEXTURE_1D", GL_TEXTURE_1D},
   {"GL_TEXTURE_2D", GL_TEXTURE_2D},
   {"GL_TEXTURE_3D", GL_TEXTURE_3D},
   {"GL_TEXTURE_RECTANGLE", GL_TEXTURE_RECTANGLE},
   {"GL_TEXTURE_CUBE_MAP", GL_TEXTURE_CUBE_MAP},
   {"GL_TEXTURE_1D_ARRAY", GL_TEXTURE_1D_ARRAY},
   {"GL_TEXTURE_2D_ARRAY", GL_TEXTURE_2D_ARRAY},
   {"GL_TEXTURE_BUFFER", GL_TEXTURE_BUFFER},
   {"GL_TEXTURE_CUBE_MAP_ARRAY", GL_TEXTURE_CUBE_MAP_ARRAY},
   {"GL_TEXTURE_2D_MULTISAMPLE", GL_TEXTURE_2D_MULTISAMPLE},
   {"GL_TEXTURE_2D_MULTISAMPLE_ARRAY", GL_TEXTURE_2D_MULTISAMPLE_ARRAY},
   {"GL_TEXTURE0", GL_TEXTURE0},
   // Parameters
   {"GL_TEXTURE_BORDER_COLOR", GL_TEXTURE_BORDER_COLOR},
   {"GL_TEXTURE_MAG_FILTER", GL_TEXTURE_MAG_FILTER},
   {"GL_TEXTURE_MIN_FILTER", GL_TEXTURE_MIN_FILTER},
   {"GL_TEXTURE_WRAP_S", GL_TEXTURE_WRAP_S},
   {"GL_TEXTURE_WRAP_T", GL_TEXTURE_WRAP_T},
   {"GL_TEXTURE_WRAP_R", GL_TEXTURE_WRAP_R},
   {"GL_TEXTURE_MIN_LOD", GL_TEXTURE_MIN_LOD},
   {"GL_TEXTURE_MAX_LOD", GL_TEXTURE_MAX_LOD},
   {"GL_TEXTURE_BASE_LEVEL", GL_TEXTURE_BASE_LEVEL},
   {"GL_TEXTURE_MAX_LEVEL", GL_TEXTURE_MAX_LEVEL},
   {"GL_TEXTURE_FILTER_CONTROL", GL_TEXTURE_FILTER_CONTROL},
   {"GL_TEXTURE_LOD_BIAS", GL_TEXTURE_LOD_BIAS},
   {"GL_TEXTURE_MAX_ANISOTROPY", GL_TEXTURE_MAX_ANISOTROPY},
   {"GL_MAX_TEXTURE_MAX_ANISOTROPY", GL_MAX_TEXTURE_MAX_ANISOTROPY},
   {"GL_MAX_TEXTURE_LOD_BIAS", GL_MAX_TEXTURE_LOD_BIAS},
   {"GL_DEPTH_TEXTURE_MODE", GL_DEPTH_TEXTURE_MODE},
   {"GL_TEXTURE_COMPARE_MODE", GL_TEXTURE_COMPARE_MODE},
   {"GL_TEXTURE_COMPARE_FUNC", GL_TEXTURE_COMPARE_FUNC},
   {"GL_COMPARE_REF_TO_TEXTURE", GL_COMPARE_REF_TO_TEXTURE},
   {"GL_TEXTURE_CUBE_MAP_SEAMLESS", GL_TEXTURE_CUBE_MAP_SEAMLESS},
   {"GL_TEXTURE_SRGB_DECODE_EXT", GL_TEXTURE_SRGB_DECODE_EXT},
   {"GL_DECODE_EXT", GL_DECODE_EXT},
   {"GL_SKIP_DECODE_EXT", GL_SKIP_DECODE_EXT},
   {"GL_TEXTURE_SWIZZLE_R", GL_TEXTURE_SWIZZLE_R},
   {"GL_TEXTURE_SWIZZLE_G", GL_TEXTURE_SWIZZLE_G},
   {"GL_TEXTURE_SWIZZLE_B", GL_TEXTURE_SWIZZLE_B},
   {"GL_TEXTURE_SWIZZLE_A", GL_TEXTURE_SWIZZLE_A},
   {"GL_TEXTURE_SWIZZLE_RGBA", GL_TEXTURE_SWIZZLE_RGBA},
   {"GL_DEPTH_STENCIL_TEXTURE_MODE", GL_DEPTH_STENCIL_TEXTURE_MODE},
   {"GL_TEXTURE_REDUCTION_MODE_ARB", GL_TEXTURE_REDUCTION_MODE_ARB},
   {"GL_WEIGHTED_AVERAGE_ARB", GL_WEIGHTED_AVERAGE_ARB},
   {"GL_MIN", GL_MIN},
   {"GL_MAX", GL_MAX},
   {"GL_TEXTURE_IMMUTABLE_LEVELS", GL_TEXTURE_IMMUTABLE_LEVELS},
   {"GL_TEXTURE_IMMUTABLE_FORMAT", GL_TEXTURE_IMMUTABLE_FORMAT},
   // Wrap modes
   {"GL_CLAMP", GL_CLAMP},
   {"GL_REPEAT", GL_REPEAT},
   {"GL_CLAMP_TO_BORDER", GL_CLAMP_TO_BORDER},
   {"GL_CLAMP_TO_EDGE", GL_CLAMP_TO_EDGE},
   {"GL_MIRRORED_REPEAT", GL_MIRRORED_REPEAT},
   {"GL_MIRROR_CLAMP_EXT", GL_MIRROR_CLAMP_EXT},
   {"GL_MIRROR_CLAMP_TO_EDGE", GL_MIRROR_CLAMP_TO_EDGE},
   {"GL_MIRROR_CLAMP_TO_EDGE_EXT", GL_MIRROR_CLAMP_TO_EDGE_EXT},
   {"GL_MIRROR_CLAMP_TO_BORDER_EXT", GL_MIRROR_CLAMP_TO_BORDER_EXT},
   // Filters
   {"GL_NEAREST", GL_NEAREST},
   {"GL_LINEAR", GL_LINEAR},
   {"GL_NEAREST_MIPMAP_NEAREST", GL_NEAREST_MIPMAP_NEAREST},
   {"GL_LINEAR_MIPMAP_NEAREST", GL_LINEAR_MIPMAP_NEAREST},
   {"GL_NEAREST_MIPMAP_LINEAR", GL_NEAREST_MIPMAP_LINEAR},
   {"GL_LINEAR_MIPMAP_LINEAR", GL_LINEAR_MIPMAP_LINEAR},
   // Compare functions
   {"GL_NEVER", GL_NEVER},
   {"GL_LESS", GL_LESS},
   {"GL_EQUAL", GL_EQUAL},
   {"GL_LEQUAL", GL_LEQUAL},
   {"GL_GREATER", GL_GREATER},
   {"GL_NOTEQUAL", GL_NOTEQUAL},
   {"GL_GEQUAL", GL_GEQUAL},
   {"GL_ALWAYS", GL_ALWAYS},
   // Base formats, swizzle sources, depth texture modes
   {"GL_STENCIL_INDEX", GL_STENCIL_INDEX},
   {"GL_DEPTH_COMPONENT", GL_DEPTH_COMPONENT},
   {"GL_RED", GL_RED},
   {"GL_GREEN", GL_GREEN},
   {"GL_BLUE", GL_BLUE},
   {"GL_ALPHA", GL_ALPHA},
   {"GL_RGB", GL_RGB},
   {"GL_RGBA", GL_RGBA},
   {"GL_LUMINANCE", GL_LUMINANCE},
   {"GL_LUMINANCE_ALPHA", GL_LUMINANCE_ALPHA},
   {"GL_INTENSITY", GL_INTENSITY},
   {"GL_RG", GL_RG},
   {"GL_DEPTH_STENCIL", GL_DEPTH_STENCIL},
   // Extension spellings of the same values (parsed, never printed)
   {"GL_TEXTURE_RECTANGLE_ARB", GL_TEXTURE_RECTANGLE},
   {"GL_TEXTURE_MAX_ANISOTROPY_EXT", GL_TEXTURE_MAX_ANISOTROPY},
   {"GL_COMPARE_R_TO_TEXTURE", GL_COMPARE_REF_TO_TEXTURE},
   {"GL_MIRROR_CLAMP_ATI", GL_MIRROR_CLAMP_EXT},
   {"GL_MIRROR_CLAMP_TO_EDGE_ATI", GL_MIRROR_CLAMP_TO_EDGE},
   {"GL_TEXTURE_REDUCTION_MODE_EXT", GL_TEXTURE_REDUCTION_MODE_ARB},
   {"GL_WEIGHTED_AVERAGE_EXT", GL_WEIGHTED_AVERAGE_ARB},
};

constexpr unsigned kTextureUnitNames = 32;  // GL_TEXTURE0 .. GL_TEXTURE31
constexpr const char *kTextureUnits[kTextureUnitNames] = {
   "GL_TEXTURE0",  "GL_TEXTURE1",  "GL_TEXTURE2",  "GL_TEXTURE3",  "GL_TEXTURE4",
   "GL_TEXTURE5",  "GL_TEXTURE6",  "GL_TEXTURE7",  "GL_TEXTURE8",  "GL_TEXTURE9",
   "GL_TEXTURE10", "GL_TEXTURE11", "GL_TEXTURE12", "GL_TEXTURE13", "GL_TEXTURE14",
   "GL_TEXTURE15", "GL_TEXTURE16", "GL_TEXTURE17", "GL_TEXTURE18", "GL_TEXTURE19",
   "GL_TEXTURE20", "GL_TEXTURE21", "GL_TEXTURE22", "GL_TEXTURE23", "GL_TEXTURE24",
   "GL_TEXTURE25", "GL_TEXTURE26", "GL_TEXTURE27", "GL_TEXTURE28", "GL_TEXTURE29",
   "GL_TEXTURE30", "GL_TEXTURE31",
};

// "GL_TEXTURE<n>" with n < 32, digits only, no leading zeros.
bool texture_unit_from_name(std::string_view name, GLenum *out) {
   constexpr std::string_view prefix = "GL_TEXTURE";
   if (!name.starts_with(prefix))
      return false;
   const std::string_view digits = name.substr(prefix.size());
   if (digits.empty() || (digits.size() > 1 && digits[0] == '0'))
      return false;
   unsigned n = 0;
   const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
   if (ec != std::errc() || end != digits.data() + digits.size() || n >= kTextureUnitNames)
      return false;
   *out = GL_TEXTURE0 + n;
   return true;
}

}  // namespace

const char *gl_enum_name(GLenum value, const char *fallback) {
   for (const enum_name &e : kNames)
      if (e.value == value)
         return e.name.data();
   if (value >= GL_TEXTURE0 && value < GL_TEXTURE0 + kTextureUnitNames)
      return kTextureUnits[value - GL_TEXTURE0];
   if (const util_format_description *d =
          util_format_describe(util_format_from_gl_internal_format(value)))
      return d->gl_name;
   return fallback;
}

const char *gl_error_name(GLenum error, const char *fallback) {
   if (error == GL_NO_ERROR)
      return "GL_NO_ERROR";
   switch (error) {
   case GL_INVALID_ENUM:
   case GL_INVALID_VALUE:
   case GL_INVALID_OPERATION:
   case GL_OUT_OF_MEMORY:
      return gl_enum_name(error);
   default:
      return fallback;
   }
}

const char *gl_boolean_name(GLenum value, const char *fallback) {
   return value == GL_FALSE ? "GL_FALSE" : value == GL_TRUE ? "GL_TRUE" : fallback;
}

const char *gl_swizzle_name(GLenum value, const char *fallback) {
   if (value == GL_ZERO)
      return "GL_ZERO";
   if (value == GL_ONE)
      return "GL_ONE";
   return gl_enum_name(value, fallback);
}

bool gl_enum_from_name(std::string_view name, GLenum *out) {
   for (const enum_name &e : kNames) {
      if (e.name == name) {
         *out = e.value;
         return true;
      }
   }
   if (texture_unit_from_name(name, out))
      return true;
   if (const uint32_t internal_format = gl_internal_format_from_name(name)) {
      *out = internal_format;
      return true;
   }
   return false;
}

}  // namespace clampler
