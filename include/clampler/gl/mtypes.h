// GL front-end state: sampler objects, texture objects, units, programs (Mesa's mtypes.h, trimmed).
#pragma once

#include <array>
#include <cstdint>

#include "clampler/gl/gl_enums.h"
#include "clampler/pipe/p_defines.h"
#include "clampler/pipe/p_format.h"

namespace clampler {

enum class gl_profile : uint8_t { compatibility, core };

// Optional extensions the front end implements. Everything core in OpenGL 4.6
// (sampler objects, seamless cube maps, MIRROR_CLAMP_TO_EDGE, anisotropy,
// stencil texturing, swizzles) is always on.
struct gl_extensions {
   bool EXT_texture_mirror_clamp = true;        // MIRROR_CLAMP_EXT, MIRROR_CLAMP_TO_BORDER_EXT
   bool ATI_texture_mirror_once = true;         // MIRROR_CLAMP_EXT (as MIRROR_ONCE)
   bool ARB_seamless_cubemap_per_texture = true;  // TEXTURE_CUBE_MAP_SEAMLESS as a sampler parameter
   bool EXT_texture_sRGB_decode = true;         // TEXTURE_SRGB_DECODE_EXT
   bool ARB_texture_filter_minmax = true;       // TEXTURE_REDUCTION_MODE_ARB
   bool EXT_texture_integer = true;             // legacy ALPHA/LUMINANCE/INTENSITY integer formats

   static gl_extensions none() {
      gl_extensions e;
      e.EXT_texture_mirror_clamp = e.ATI_texture_mirror_once = false;
      e.ARB_seamless_cubemap_per_texture = e.EXT_texture_sRGB_decode = false;
      e.ARB_texture_filter_minmax = e.EXT_texture_integer = false;
      return e;
   }
   // Enables the extension named like "GL_EXT_texture_mirror_clamp"; a sampler-state extension
   // that is core in GL 4.6 (GL_ARB_stencil_texturing, GL_ARB_texture_swizzle, ...) is accepted and
   // changes nothing; false if unknown.
   bool enable(const char *name);
};

struct gl_limits {
   float MaxTextureMaxAnisotropy = 16.0f;  // GL_MAX_TEXTURE_MAX_ANISOTROPY
   float MaxTextureLodBias = 16.0f;        // GL_MAX_TEXTURE_LOD_BIAS
   uint32_t MaxCombinedTextureImageUnits = 96;
   uint32_t MaxTextureImageUnits = 32;     // per stage; also the sampler-index bound of a program
   uint32_t MaxTextureSize = 16384;
   uint32_t Max3DTextureSize = 2048;
   uint32_t MaxArrayTextureLayers = 2048;
   uint32_t MaxColorTextureSamples = 8;     // GL_MAX_COLOR_TEXTURE_SAMPLES (normalized and float colour)
   uint32_t MaxDepthTextureSamples = 8;     // GL_MAX_DEPTH_TEXTURE_SAMPLES (depth and stencil)
   uint32_t MaxIntegerSamples = 8;          // GL_MAX_INTEGER_SAMPLES (pure integer colour)
   uint32_t MaxTextureBufferSize = 134217728;  // GL_MAX_TEXTURE_BUFFER_SIZE, in texels
   uint32_t MaxClipDistances = 8;              // GL_MAX_CLIP_DISTANCES
   float MaxLineWidth = 255.0f;                // the top of GL_ALIASED_ / SMOOTH_LINE_WIDTH_RANGE (bottom 1)
   float MaxPointSize = 255.0f;                // the top of GL_ALIASED_POINT_SIZE_RANGE (bottom 1)
   // The context was created forward-compatible (GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT): in the
   // core profile, glLineWidth above 1 is then GL_INVALID_VALUE (GL 4.6 §E.2.1).
   bool ForwardCompatible = false;
};

// Border colour as stored: the raw words plus the entry point family that set them.
enum class gl_border_type : uint8_t { floating, integer, unsigned_integer };
union gl_color_union {
   float f[4];
   int32_t i[4];
   uint32_t ui[4];
};

// Sampler state shared by sampler objects and texture objects (Mesa: gl_sampler_attrib).
struct gl_sampler_attrib {
   GLenum WrapS = GL_REPEAT;
   GLenum WrapT = GL_REPEAT;
   GLenum WrapR = GL_REPEAT;
   GLenum MinFilter = GL_NEAREST_MIPMAP_LINEAR;
   GLenum MagFilter = GL_LINEAR;
   gl_color_union BorderColor = {{0.0f, 0.0f, 0.0f, 0.0f}};
   gl_border_type BorderType = gl_border_type::floating;
   GLfloat MinLod = -1000.0f;
   GLfloat MaxLod = 1000.0f;
   GLfloat LodBias = 0.0f;
   GLfloat MaxAnisotropy = 1.0f;
   GLenum CompareMode = GL_NONE;
   GLenum CompareFunc = GL_LEQUAL;
   GLenum sRGBDecode = GL_DECODE_EXT;
   GLenum ReductionMode = GL_WEIGHTED_AVERAGE_ARB;
   bool CubeMapSeamless = false;
};

// A process-wide, strictly increasing stamp. Objects take a new one when they are made
// and whenever their sampling state changes, so (object address, Serial) identifies a
// state even when an address is reused.
uint64_t gl_next_object_serial();

struct gl_sampler_object {
   GLuint Name = 0;
   gl_sampler_attrib Attrib;
   uint64_t Serial = gl_next_object_serial();
};

// Texture-only state that changes what a lookup returns.
struct gl_texture_attrib {
   std::array<GLenum, 4> Swizzle = {GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA};
   GLenum DepthMode = GL_LUMINANCE;  // GL_DEPTH_TEXTURE_MODE; GL_RED in the core profile
   bool StencilSampling = false;     // GL_DEPTH_STENCIL_TEXTURE_MODE == GL_STENCIL_INDEX
   GLint BaseLevel = 0;
   GLint MaxLevel = 1000;
};

struct gl_texture_object {
   GLuint Name = 0;
   GLenum Target = 0;  // 0 until first bound
   gl_sampler_object Sampler;  // the texture's own sampler parameters
   gl_texture_attrib Attrib;
   // Storage (clampler's TexStorage): format and level-0 size.
   GLenum InternalFormat = 0;
   pipe_format Format = PIPE_FORMAT_NONE;
   uint32_t Width = 0, Height = 0, Depth = 0;  // Depth = layers for array targets (x6 for cube arrays)
   uint32_t Levels = 0;
   uint32_t Samples = 0;               // multisample targets: the sample count (TexStorageMultisample)
   bool FixedSampleLocations = true;   // multisample targets
   uint64_t BufferSize = 0;            // GL_TEXTURE_BUFFER: bytes of the attached buffer (TexBuffer)
   uint64_t Serial = gl_next_object_serial();  // new on every change to anything above
};

// The texture targets a unit has a binding point for, in a fixed order.
enum gl_texture_index : uint8_t {
   TEXTURE_2D_MULTISAMPLE_INDEX,
   TEXTURE_2D_MULTISAMPLE_ARRAY_INDEX,
   TEXTURE_CUBE_ARRAY_INDEX,
   TEXTURE_BUFFER_INDEX,
   TEXTURE_2D_ARRAY_INDEX,
   TEXTURE_1D_ARRAY_INDEX,
   TEXTURE_CUBE_INDEX,
   TEXTURE_3D_INDEX,
   TEXTURE_RECT_INDEX,
   TEXTURE_2D_INDEX,
   TEXTURE_1D_INDEX,
   NUM_TEXTURE_TARGETS,
};

struct gl_texture_unit {
   std::array<GLuint, NUM_TEXTURE_TARGETS> CurrentTex{};  // texture names, 0 = default texture
   GLuint Sampler = 0;       // bound sampler object name, 0 = none
   GLfloat LodBias = 0.0f;   // GL_TEXTURE_FILTER_CONTROL / GL_TEXTURE_LOD_BIAS (compatibility)
   bool CoordReplace = false;  // GL_POINT_SPRITE / GL_COORD_REPLACE (compatibility)
};

// Rasterizer state (Mesa: gl_polygon_attrib, gl_line_attrib, gl_point_attrib, gl_light_model,
// the enables), with GL 4.6's initial values (compatibility profile state tables 23.10-23.15).
struct gl_raster_attrib {
   GLenum ShadeModel = GL_SMOOTH;
   GLenum ProvokingVertex = GL_LAST_VERTEX_CONVENTION;
   GLenum FrontFace = GL_CCW;
   bool CullFace = false;
   GLenum CullFaceMode = GL_BACK;
   GLenum FrontMode = GL_FILL;  // glPolygonMode
   GLenum BackMode = GL_FILL;
   bool OffsetPoint = false, OffsetLine = false, OffsetFill = false;
   GLfloat OffsetFactor = 0.0f, OffsetUnits = 0.0f, OffsetClamp = 0.0f;
   bool PolygonSmooth = false;
   bool PolygonStipple = false;
   std::array<uint32_t, 32> StipplePattern = [] {  // 32 rows of 32 bits, row 0 at the bottom
      std::array<uint32_t, 32> a{};
      a.fill(0xffffffffu);
      return a;
   }();
   GLfloat LineWidth = 1.0f;
   bool LineSmooth = false;
   bool LineStipple = false;
   GLint LineStippleFactor = 1;           // clamped to [1, 256]
   uint16_t LineStipplePattern = 0xffff;
   GLfloat PointSize = 1.0f;
   bool PointSmooth = false;
   bool ProgramPointSize = false;         // GL_PROGRAM_POINT_SIZE (= GL_VERTEX_PROGRAM_POINT_SIZE)
   bool PointSprite = false;              // GL_POINT_SPRITE (compatibility)
   GLfloat PointSizeMin = 0.0f;
   GLfloat PointSizeMax = 0.0f;           // set from gl_limits::MaxPointSize at creation
   GLfloat PointFadeThreshold = 1.0f;
   std::array<GLfloat, 3> PointAttenuation = {1.0f, 0.0f, 0.0f};
   GLenum PointSpriteOrigin = GL_UPPER_LEFT;
   bool Multisample = true;
   bool Scissor = false;
   bool RasterizerDiscard = false;
   bool DepthClamp = false;
   uint32_t ClipDistances = 0;            // bit i: GL_CLIP_DISTANCEi
   GLenum ClipOrigin = GL_LOWER_LEFT;
   GLenum ClipDepthMode = GL_NEGATIVE_ONE_TO_ONE;
   GLenum ClampVertexColor = GL_TRUE;     // GL_TRUE, GL_FALSE or GL_FIXED_ONLY
   GLenum ClampFragmentColor = GL_FIXED_ONLY;
   GLenum ClampReadColor = GL_FIXED_ONLY;
   bool VertexProgramTwoSide = false;     // GL_VERTEX_PROGRAM_TWO_SIDE (compatibility)
   bool LightModelTwoSide = false;        // glLightModel (compatibility)
   bool LightModelLocalViewer = false;
   GLenum LightModelColorControl = GL_SINGLE_COLOR;
   bool operator==(const gl_raster_attrib &) const = default;
};

// What a linked program tells the state tracker about its samplers (one stage).
constexpr unsigned MAX_SAMPLERS = 32;
// Plain data without padding, so the state tracker can compare two with one memcmp.
struct gl_program {
   pipe_shader_type Stage = PIPE_SHADER_FRAGMENT;
   uint8_t pad[3] = {0, 0, 0};
   uint32_t SamplersUsed = 0;                       // bit i: sampler index i is used
   std::array<uint8_t, MAX_SAMPLERS> SamplerUnits{};  // sampler index -> texture unit
   std::array<GLenum, MAX_SAMPLERS> SamplerTargets{};  // sampler index -> GL target it samples
};
static_assert(sizeof(gl_program) == 8 + MAX_SAMPLERS + 4 * MAX_SAMPLERS, "gl_program must have no padding");

}  // namespace clampler
