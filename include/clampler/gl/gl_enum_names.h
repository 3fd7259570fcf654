// GL enum <-> name lookups ("GL_CLAMP_TO_EDGE") for messages, tools and scenario files.
#pragma once

#include <string_view>

#include "clampler/gl/gl_enums.h"

namespace clampler {

// The GL_* name of `value`: every enum in gl_enums.h, GL_TEXTURE0..GL_TEXTURE31 and
// the sized internal formats of the pipe_format table. Values with several names
// give one: 0 -> "GL_NONE", 1 -> "GL_ONE", 0x8743 -> "GL_MIRROR_CLAMP_TO_EDGE".
// Unknown values give `fallback`.
const char *gl_enum_name(GLenum value, const char *fallback = nullptr);

// Context-specific names for the ambiguous values.
const char *gl_error_name(GLenum error, const char *fallback = nullptr);   // 0 -> "GL_NO_ERROR"
const char *gl_boolean_name(GLenum value, const char *fallback = nullptr); // 0/1 -> "GL_FALSE"/"GL_TRUE"
const char *gl_swizzle_name(GLenum value, const char *fallback = nullptr); // 0/1 -> "GL_ZERO"/"GL_ONE"

// Parses a GL_* name: every name in gl_enums.h (including GL_TRUE, GL_FALSE,
// GL_ZERO, GL_ONE, GL_NONE, GL_NO_ERROR), GL_TEXTURE<n> for n < 32, and the GL
// internal format names known to gl_internal_format_from_name. False if unknown.
bool gl_enum_from_name(std::string_view name, GLenum *out);

}  // namespace clampler
