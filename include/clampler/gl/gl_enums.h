// OpenGL enum values used by the front end (from the Khronos registry headers).
#pragma once

#include <cstdint>

namespace clampler {

using GLenum = uint32_t;
using GLint = int32_t;
using GLuint = uint32_t;
using GLfloat = float;
using GLboolean = uint8_t;
using GLsizei = int32_t;
using GLsizeiptr = int64_t;  // ptrdiff_t-sized, as in the Khronos headers on 64-bit hosts

// Errors
constexpr GLenum GL_NO_ERROR = 0;
constexpr GLenum GL_INVALID_ENUM = 0x0500;
constexpr GLenum GL_INVALID_VALUE = 0x0501;
constexpr GLenum GL_INVALID_OPERATION = 0x0502;
constexpr GLenum GL_OUT_OF_MEMORY = 0x0505;

constexpr GLenum GL_FALSE = 0;
constexpr GLenum GL_TRUE = 1;
constexpr GLenum GL_NONE = 0;
constexpr GLenum GL_ZERO = 0;
constexpr GLenum GL_ONE = 1;

// Texture targets
constexpr GLenum GL_TEXTURE_1D = 0x0DE0;
constexpr GLenum GL_TEXTURE_2D = 0x0DE1;
constexpr GLenum GL_TEXTURE_3D = 0x806F;
constexpr GLenum GL_TEXTURE_RECTANGLE = 0x84F5;
constexpr GLenum GL_TEXTURE_CUBE_MAP = 0x8513;
constexpr GLenum GL_TEXTURE_1D_ARRAY = 0x8C18;
constexpr GLenum GL_TEXTURE_2D_ARRAY = 0x8C1A;
constexpr GLenum GL_TEXTURE_BUFFER = 0x8C2A;
constexpr GLenum GL_TEXTURE_CUBE_MAP_ARRAY = 0x9009;
constexpr GLenum GL_TEXTURE_2D_MULTISAMPLE = 0x9100;
constexpr GLenum GL_TEXTURE_2D_MULTISAMPLE_ARRAY = 0x9102;
constexpr GLenum GL_TEXTURE0 = 0x84C0;

// Sampler parameters
constexpr GLenum GL_TEXTURE_BORDER_COLOR = 0x1004;
constexpr GLenum GL_TEXTURE_MAG_FILTER = 0x2800;
constexpr GLenum GL_TEXTURE_MIN_FILTER = 0x2801;
constexpr GLenum GL_TEXTURE_WRAP_S = 0x2802;
constexpr GLenum GL_TEXTURE_WRAP_T = 0x2803;
constexpr GLenum GL_TEXTURE_WRAP_R = 0x8072;
constexpr GLenum GL_TEXTURE_MIN_LOD = 0x813A;
constexpr GLenum GL_TEXTURE_MAX_LOD = 0x813B;
constexpr GLenum GL_TEXTURE_BASE_LEVEL = 0x813C;
constexpr GLenum GL_TEXTURE_MAX_LEVEL = 0x813D;
constexpr GLenum GL_TEXTURE_FILTER_CONTROL = 0x8500;
constexpr GLenum GL_TEXTURE_LOD_BIAS = 0x8501;
constexpr GLenum GL_TEXTURE_MAX_ANISOTROPY = 0x84FE;
constexpr GLenum GL_MAX_TEXTURE_MAX_ANISOTROPY = 0x84FF;
constexpr GLenum GL_MAX_TEXTURE_LOD_BIAS = 0x84FD;
constexpr GLenum GL_DEPTH_TEXTURE_MODE = 0x884B;
constexpr GLenum GL_TEXTURE_COMPARE_MODE = 0x884C;
constexpr GLenum GL_TEXTURE_COMPARE_FUNC = 0x884D;
constexpr GLenum GL_COMPARE_REF_TO_TEXTURE = 0x884E;
constexpr GLenum GL_TEXTURE_CUBE_MAP_SEAMLESS = 0x884F;
constexpr GLenum GL_TEXTURE_SRGB_DECODE_EXT = 0x8A48;
constexpr GLenum GL_DECODE_EXT = 0x8A49;
constexpr GLenum GL_SKIP_DECODE_EXT = 0x8A4A;
constexpr GLenum GL_TEXTURE_SWIZZLE_R = 0x8E42;
constexpr GLenum GL_TEXTURE_SWIZZLE_G = 0x8E43;
constexpr GLenum GL_TEXTURE_SWIZZLE_B = 0x8E44;
constexpr GLenum GL_TEXTURE_SWIZZLE_A = 0x8E45;
constexpr GLenum GL_TEXTURE_SWIZZLE_RGBA = 0x8E46;
constexpr GLenum GL_DEPTH_STENCIL_TEXTURE_MODE = 0x90EA;
constexpr GLenum GL_TEXTURE_REDUCTION_MODE_ARB = 0x9366;
constexpr GLenum GL_WEIGHTED_AVERAGE_ARB = 0x9367;
constexpr GLenum GL_MIN = 0x8007;
constexpr GLenum GL_MAX = 0x8008;

// Wrap modes
constexpr GLenum GL_CLAMP = 0x2900;
constexpr GLenum GL_REPEAT = 0x2901;
constexpr GLenum GL_CLAMP_TO_BORDER = 0x812D;
constexpr GLenum GL_CLAMP_TO_EDGE = 0x812F;
constexpr GLenum GL_MIRRORED_REPEAT = 0x8370;
constexpr GLenum GL_MIRROR_CLAMP_EXT = 0x8742;
constexpr GLenum GL_MIRROR_CLAMP_TO_EDGE = 0x8743;  // == GL_MIRROR_CLAMP_TO_EDGE_EXT
constexpr GLenum GL_MIRROR_CLAMP_TO_BORDER_EXT = 0x8912;

// Filters
constexpr GLenum GL_NEAREST = 0x2600;
constexpr GLenum GL_LINEAR = 0x2601;
constexpr GLenum GL_NEAREST_MIPMAP_NEAREST = 0x2700;
constexpr GLenum GL_LINEAR_MIPMAP_NEAREST = 0x2701;
constexpr GLenum GL_NEAREST_MIPMAP_LINEAR = 0x2702;
constexpr GLenum GL_LINEAR_MIPMAP_LINEAR = 0x2703;

// Compare functions (PIPE_FUNC_x == GL_x - GL_NEVER)
constexpr GLenum GL_NEVER = 0x0200;
constexpr GLenum GL_LESS = 0x0201;
constexpr GLenum GL_EQUAL = 0x0202;
constexpr GLenum GL_LEQUAL = 0x0203;
constexpr GLenum GL_GREATER = 0x0204;
constexpr GLenum GL_NOTEQUAL = 0x0205;
constexpr GLenum GL_GEQUAL = 0x0206;
constexpr GLenum GL_ALWAYS = 0x0207;

// Base formats, swizzle sources and depth texture modes
constexpr GLenum GL_STENCIL_INDEX = 0x1901;
constexpr GLenum GL_DEPTH_COMPONENT = 0x1902;
constexpr GLenum GL_RED = 0x1903;
constexpr GLenum GL_GREEN = 0x1904;
constexpr GLenum GL_BLUE = 0x1905;
constexpr GLenum GL_ALPHA = 0x1906;
constexpr GLenum GL_RGB = 0x1907;
constexpr GLenum GL_RGBA = 0x1908;
constexpr GLenum GL_LUMINANCE = 0x1909;
constexpr GLenum GL_LUMINANCE_ALPHA = 0x190A;
constexpr GLenum GL_INTENSITY = 0x8049;
constexpr GLenum GL_RG = 0x8227;
constexpr GLenum GL_DEPTH_STENCIL = 0x84F9;

// Component types (what GL_TEXTURE_RED_TYPE & co. report)
constexpr GLenum GL_INT = 0x1404;
constexpr GLenum GL_UNSIGNED_INT = 0x1405;
constexpr GLenum GL_FLOAT = 0x1406;
constexpr GLenum GL_UNSIGNED_NORMALIZED = 0x8C17;
constexpr GLenum GL_SIGNED_NORMALIZED = 0x8F9C;

// Appended by the GL front end: aliases and query-only texture parameters.
constexpr GLenum GL_MIRROR_CLAMP_TO_EDGE_EXT = 0x8743;  // == GL_MIRROR_CLAMP_TO_EDGE
constexpr GLenum GL_TEXTURE_IMMUTABLE_LEVELS = 0x82DF;
constexpr GLenum GL_TEXTURE_IMMUTABLE_FORMAT = 0x912F;


// ---- Rasterizer state (GL 4.6 §13-14, compatibility §14 and §12.2 for the fixed-function parts) ----
// Shading, provoking vertex, facing, culling
constexpr GLenum GL_FLAT = 0x1D00;
constexpr GLenum GL_SMOOTH = 0x1D01;
constexpr GLenum GL_SHADE_MODEL = 0x0B54;
constexpr GLenum GL_FIRST_VERTEX_CONVENTION = 0x8E4D;
constexpr GLenum GL_LAST_VERTEX_CONVENTION = 0x8E4E;
constexpr GLenum GL_PROVOKING_VERTEX = 0x8E4F;
constexpr GLenum GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION = 0x8E4C;
constexpr GLenum GL_CW = 0x0900;
constexpr GLenum GL_CCW = 0x0901;
constexpr GLenum GL_FRONT_FACE = 0x0B46;
constexpr GLenum GL_FRONT = 0x0404;
constexpr GLenum GL_BACK = 0x0405;
constexpr GLenum GL_FRONT_AND_BACK = 0x0408;
constexpr GLenum GL_CULL_FACE = 0x0B44;
constexpr GLenum GL_CULL_FACE_MODE = 0x0B45;
// Polygon mode, offset, stipple and smoothing
constexpr GLenum GL_POINT = 0x1B00;
constexpr GLenum GL_LINE = 0x1B01;
constexpr GLenum GL_FILL = 0x1B02;
constexpr GLenum GL_POLYGON_MODE = 0x0B40;
constexpr GLenum GL_POLYGON_OFFSET_FACTOR = 0x8038;
constexpr GLenum GL_POLYGON_OFFSET_UNITS = 0x2A00;
constexpr GLenum GL_POLYGON_OFFSET_CLAMP = 0x8E1B;
constexpr GLenum GL_POLYGON_OFFSET_POINT = 0x2A01;
constexpr GLenum GL_POLYGON_OFFSET_LINE = 0x2A02;
constexpr GLenum GL_POLYGON_OFFSET_FILL = 0x8037;
constexpr GLenum GL_POLYGON_SMOOTH = 0x0B41;
constexpr GLenum GL_POLYGON_STIPPLE = 0x0B42;
// Lines
constexpr GLenum GL_LINE_SMOOTH = 0x0B20;
constexpr GLenum GL_LINE_WIDTH = 0x0B21;
constexpr GLenum GL_LINE_STIPPLE = 0x0B24;
constexpr GLenum GL_LINE_STIPPLE_PATTERN = 0x0B25;
constexpr GLenum GL_LINE_STIPPLE_REPEAT = 0x0B26;
constexpr GLenum GL_ALIASED_LINE_WIDTH_RANGE = 0x846E;
constexpr GLenum GL_SMOOTH_LINE_WIDTH_RANGE = 0x0B22;
// Points
constexpr GLenum GL_POINT_SMOOTH = 0x0B10;
constexpr GLenum GL_POINT_SIZE = 0x0B11;
constexpr GLenum GL_ALIASED_POINT_SIZE_RANGE = 0x846D;
constexpr GLenum GL_PROGRAM_POINT_SIZE = 0x8642;
constexpr GLenum GL_VERTEX_PROGRAM_TWO_SIDE = 0x8643;
constexpr GLenum GL_POINT_SIZE_MIN = 0x8126;
constexpr GLenum GL_POINT_SIZE_MAX = 0x8127;
constexpr GLenum GL_POINT_FADE_THRESHOLD_SIZE = 0x8128;
constexpr GLenum GL_POINT_DISTANCE_ATTENUATION = 0x8129;
constexpr GLenum GL_POINT_SPRITE_COORD_ORIGIN = 0x8CA0;
constexpr GLenum GL_LOWER_LEFT = 0x8CA1;
constexpr GLenum GL_UPPER_LEFT = 0x8CA2;
constexpr GLenum GL_POINT_SPRITE = 0x8861;
constexpr GLenum GL_COORD_REPLACE = 0x8862;
// Multisample, scissor, discard, depth clamp, clip distances and control
constexpr GLenum GL_MULTISAMPLE = 0x809D;
constexpr GLenum GL_SCISSOR_TEST = 0x0C11;
constexpr GLenum GL_RASTERIZER_DISCARD = 0x8C89;
constexpr GLenum GL_DEPTH_CLAMP = 0x864F;
constexpr GLenum GL_CLIP_DISTANCE0 = 0x3000;
constexpr GLenum GL_MAX_CLIP_DISTANCES = 0x0D32;
constexpr GLenum GL_CLIP_ORIGIN = 0x935C;
constexpr GLenum GL_CLIP_DEPTH_MODE = 0x935D;
constexpr GLenum GL_NEGATIVE_ONE_TO_ONE = 0x935E;
constexpr GLenum GL_ZERO_TO_ONE = 0x935F;
// Colour clamping and two-sided lighting
constexpr GLenum GL_CLAMP_VERTEX_COLOR = 0x891A;
constexpr GLenum GL_CLAMP_FRAGMENT_COLOR = 0x891B;
constexpr GLenum GL_CLAMP_READ_COLOR = 0x891C;
constexpr GLenum GL_FIXED_ONLY = 0x891D;
constexpr GLenum GL_LIGHT_MODEL_LOCAL_VIEWER = 0x0B51;
constexpr GLenum GL_LIGHT_MODEL_TWO_SIDE = 0x0B52;
constexpr GLenum GL_LIGHT_MODEL_COLOR_CONTROL = 0x81F8;
constexpr GLenum GL_SINGLE_COLOR = 0x81F9;
constexpr GLenum GL_SEPARATE_SPECULAR_COLOR = 0x81FA;

}  // namespace clampler
