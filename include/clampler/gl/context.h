// gl_context: the GL entry points for samplers and texture sampling state, with exact GL errors.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "clampler/gl/mtypes.h"

namespace clampler {

// One GL context. Entry points follow the GL names without the "gl" prefix and
// record errors like GL does (the first one sticks until GetError). A call that
// raises an error changes no state. last_error_message() says what was wrong.
class gl_context {
public:
   explicit gl_context(gl_profile profile = gl_profile::compatibility,
                       gl_extensions extensions = gl_extensions(), gl_limits limits = gl_limits());
   ~gl_context();
   gl_context(const gl_context &) = delete;
   gl_context &operator=(const gl_context &) = delete;

   GLenum GetError();
   const std::string &last_error_message() const { return last_error_message_; }

   // Sampler objects
   void GenSamplers(GLsizei n, GLuint *samplers);
   void CreateSamplers(GLsizei n, GLuint *samplers);
   void DeleteSamplers(GLsizei n, const GLuint *samplers);
   GLboolean IsSampler(GLuint sampler);
   void BindSampler(GLuint unit, GLuint sampler);
   void SamplerParameteri(GLuint sampler, GLenum pname, GLint param);
   void SamplerParameterf(GLuint sampler, GLenum pname, GLfloat param);
   void SamplerParameteriv(GLuint sampler, GLenum pname, const GLint *params);
   void SamplerParameterfv(GLuint sampler, GLenum pname, const GLfloat *params);
   void SamplerParameterIiv(GLuint sampler, GLenum pname, const GLint *params);
   void SamplerParameterIuiv(GLuint sampler, GLenum pname, const GLuint *params);
   void GetSamplerParameteriv(GLuint sampler, GLenum pname, GLint *params);
   void GetSamplerParameterfv(GLuint sampler, GLenum pname, GLfloat *params);
   void GetSamplerParameterIiv(GLuint sampler, GLenum pname, GLint *params);
   void GetSamplerParameterIuiv(GLuint sampler, GLenum pname, GLuint *params);

   // Texture objects
   void GenTextures(GLsizei n, GLuint *textures);
   void DeleteTextures(GLsizei n, const GLuint *textures);
   void ActiveTexture(GLenum texture);  // GL_TEXTURE0 + i
   void BindTexture(GLenum target, GLuint texture);
   // clampler's storage call: glTexStorage1D/2D/3D folded into one. For 1D
   // targets height/depth must be 1; for cube maps width == height, depth 1;
   // depth carries the layer count of array targets (6 * cubes for cube arrays).
   void TexStorage(GLenum target, GLsizei levels, GLenum internalformat, GLsizei width,
                   GLsizei height, GLsizei depth);
   // glTexStorage2DMultisample / glTexStorage3DMultisample folded into one: GL_TEXTURE_2D_MULTISAMPLE
   // takes depth 1, GL_TEXTURE_2D_MULTISAMPLE_ARRAY its layer count in depth.
   void TexStorageMultisample(GLenum target, GLsizei samples, GLenum internalformat, GLsizei width,
                              GLsizei height, GLsizei depth, GLboolean fixedsamplelocations);
   // glTexBuffer with a buffer object of `size` bytes (clampler keeps no buffer objects, only the
   // size GL's queries need): the texture bound to GL_TEXTURE_BUFFER reads `internalformat` texels.
   void TexBuffer(GLenum target, GLenum internalformat, GLsizeiptr size);
   void TexParameteri(GLenum target, GLenum pname, GLint param);
   void TexParameterf(GLenum target, GLenum pname, GLfloat param);
   void TexParameteriv(GLenum target, GLenum pname, const GLint *params);
   void TexParameterfv(GLenum target, GLenum pname, const GLfloat *params);
   void TexParameterIiv(GLenum target, GLenum pname, const GLint *params);
   void TexParameterIuiv(GLenum target, GLenum pname, const GLuint *params);
   void GetTexParameteriv(GLenum target, GLenum pname, GLint *params);
   void GetTexParameterfv(GLenum target, GLenum pname, GLfloat *params);
   void GetTexParameterIiv(GLenum target, GLenum pname, GLint *params);
   void GetTexParameterIuiv(GLenum target, GLenum pname, GLuint *params);

   // Unit LOD bias (compatibility profile only): TexEnvf(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, b)
   void TexEnvf(GLenum target, GLenum pname, GLfloat param);
   void GetTexEnvfv(GLenum target, GLenum pname, GLfloat *params);
   // GL_TEXTURE_CUBE_MAP_SEAMLESS and the rasterizer's capabilities (src/gl/raster.cpp)
   void Enable(GLenum cap);
   void Disable(GLenum cap);
   GLboolean IsEnabled(GLenum cap);

   // Rasterizer state (src/gl/raster.cpp). Entry points the core profile removed (glShadeModel,
   // glLineStipple, glPolygonStipple, glLightModel, glTexEnv for point sprites) raise
   // GL_INVALID_OPERATION there, as a core context's dispatch does; values the core profile
   // removed from a kept entry point are GL_INVALID_ENUM.
   void ShadeModel(GLenum mode);
   void ProvokingVertex(GLenum mode);
   void FrontFace(GLenum mode);
   void CullFace(GLenum mode);
   void PolygonMode(GLenum face, GLenum mode);
   void PolygonOffset(GLfloat factor, GLfloat units);
   void PolygonOffsetClamp(GLfloat factor, GLfloat units, GLfloat clamp);
   void PolygonStipple(const uint8_t *mask);  // 32 x 32 bits, rows from the bottom, MSB first
   void GetPolygonStipple(uint8_t *mask);
   void LineWidth(GLfloat width);
   void LineStipple(GLint factor, uint16_t pattern);
   void PointSize(GLfloat size);
   void PointParameterf(GLenum pname, GLfloat param);
   void PointParameterfv(GLenum pname, const GLfloat *params);
   void PointParameteri(GLenum pname, GLint param);
   void ClampColor(GLenum target, GLenum clamp);
   void ClipControl(GLenum origin, GLenum depth);
   void LightModeli(GLenum pname, GLint param);
   // glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, b) on the active unit (compatibility)
   void TexEnvi(GLenum target, GLenum pname, GLint param);
   // glGetIntegerv / glGetFloatv for the rasterizer's state and limits (others: GL_INVALID_ENUM
   // naming what clampler does not track).
   void GetIntegerv(GLenum pname, GLint *params);
   void GetFloatv(GLenum pname, GLfloat *params);

   // Read access for the state tracker and tools.
   gl_profile profile() const { return profile_; }
   const gl_extensions &extensions() const { return extensions_; }
   const gl_limits &limits() const { return limits_; }
   bool cube_map_seamless() const { return cube_map_seamless_; }
   const gl_raster_attrib &raster() const { return raster_; }
   // Changes whenever a rasterizer-state call is made, errors included.
   uint64_t raster_state_serial() const { return raster_serial_; }
   // Changes whenever a call that can change what a lookup returns is made (sampler and
   // texture parameters, bindings, deletions, storage, unit bias, seamless enable),
   // errors included. The state tracker skips per-draw sampler work while it is unchanged.
   uint64_t sampler_state_serial() const { return serial_; }
   unsigned active_unit() const { return active_unit_; }
   const gl_texture_unit &unit(unsigned i) const { return units_.at(i); }
   // The texture bound to (unit, target) (the default texture if none), or null for a bad target.
   const gl_texture_object *current_texture(unsigned unit, GLenum target) const;
   // Sampler state used for sampling on `unit` from `tex`: the bound sampler object if any, else tex's own.
   const gl_sampler_object *sampler_for_unit(unsigned unit, const gl_texture_object *tex) const;
   const gl_sampler_object *lookup_sampler(GLuint name) const;
   const gl_texture_object *lookup_texture(GLuint name) const;

private:
   struct impl;
   friend struct impl;
   void error(GLenum err, std::string message);

   gl_profile profile_;
   gl_extensions extensions_;
   gl_limits limits_;
   GLenum error_ = GL_NO_ERROR;
   std::string last_error_message_;
   bool cube_map_seamless_ = false;
   uint64_t serial_ = 0;
   gl_raster_attrib raster_;
   uint64_t raster_serial_ = 0;
   unsigned active_unit_ = 0;
   std::vector<gl_texture_unit> units_;
   // Sampler names handed out by GenSamplers; an entry holds an object once created.
   std::unordered_map<GLuint, std::unique_ptr<gl_sampler_object>> samplers_;
   GLuint next_sampler_name_ = 1;
   std::unordered_map<GLuint, std::unique_ptr<gl_texture_object>> textures_;
   GLuint next_texture_name_ = 1;
   // Default textures (name 0), one per target index.
   std::array<std::unique_ptr<gl_texture_object>, NUM_TEXTURE_TARGETS> default_textures_;
   // The object each unit's binding points name (null = the default texture): saves a
   // name lookup per unit on every sampler validation.
   std::vector<std::array<const gl_texture_object *, NUM_TEXTURE_TARGETS>> bound_objects_;
};

// Maps a GL texture target to its unit binding index; NUM_TEXTURE_TARGETS if not a texture target.
gl_texture_index gl_target_to_index(GLenum target);

// Levels, sizes and completeness of a texture with storage (src/gl/teximage.cpp).
// level_base and level_max of an immutable-format texture (GL 4.6 §8.17): GL_TEXTURE_BASE_LEVEL
// clamped to [0, levels - 1], then GL_TEXTURE_MAX_LEVEL clamped to [level_base, levels - 1].
struct gl_level_range {
   uint32_t base = 0;
   uint32_t max = 0;
};
gl_level_range gl_texture_level_range(const gl_texture_object &tex);
// What glGetTexLevelParameter reports as GL_TEXTURE_WIDTH / HEIGHT / DEPTH for `level`
// (GL 4.6 §8.5, §8.11): each of width, height (not the layers of a 1D array) and depth (3D only,
// not layers or faces) halved per level, at least 1; a cube-map array's depth is 6 x cubes;
// buffer textures have width = texels. All 0 for a level the storage does not have.
struct gl_level_size {
   uint32_t width = 0, height = 0, depth = 0;
};
gl_level_size gl_texture_level_size(const gl_texture_object &tex, uint32_t level);
// GL 4.6 §8.17 for an immutable-format texture sampled with `sampler`: incomplete when it has no
// storage, or when an integer texture, a stencil-index texture or a depth-stencil texture sampled
// as stencil has a mag filter other than NEAREST or a min filter other than NEAREST and
// NEAREST_MIPMAP_NEAREST (multisample textures excepted). Immutable storage makes every other
// rule hold.
bool gl_texture_is_complete(const gl_texture_object &tex, const gl_sampler_attrib &sampler);

}  // namespace clampler
