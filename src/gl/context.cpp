// gl_context: construction, errors, extensions, texture units, texture objects and their storage, global enables.
#include "clampler/gl/context.h"

#include <atomic>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <string>
#include <string_view>

#include "clampler/gl/gl_enum_names.h"
#include "gl_context_impl.h"

namespace clampler {

using namespace gl_detail;

namespace {

// The target of each binding index (the inverse of gl_target_to_index).
constexpr GLenum kIndexTargets[NUM_TEXTURE_TARGETS] = {
   GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_2D_MULTISAMPLE_ARRAY, GL_TEXTURE_CUBE_MAP_ARRAY,
   GL_TEXTURE_BUFFER,         GL_TEXTURE_2D_ARRAY,             GL_TEXTURE_1D_ARRAY,
   GL_TEXTURE_CUBE_MAP,       GL_TEXTURE_3D,                   GL_TEXTURE_RECTANGLE,
   GL_TEXTURE_2D,             GL_TEXTURE_1D,
};

std::string name_or_hex(GLenum v) { return format_enum(v); }

}  // namespace

gl_texture_index gl_target_to_index(GLenum target) {
   if (target == GL_TEXTURE_2D)  // the common case first
      return TEXTURE_2D_INDEX;
   for (unsigned i = 0; i < NUM_TEXTURE_TARGETS; i++)
      if (kIndexTargets[i] == target)
         return static_cast<gl_texture_index>(i);
   return NUM_TEXTURE_TARGETS;
}

bool gl_extensions::enable(const char *name) {
   if (!name)
      return false;
   const std::string_view n(name);
   // Sampler-state extensions that are core in GL 4.6, the version the front end implements:
   // always on, so naming one enables nothing more and is no error.
   static constexpr std::string_view core[] = {
      "GL_ARB_sampler_objects",          "GL_ARB_stencil_texturing",       "GL_ARB_texture_swizzle",
      "GL_EXT_texture_swizzle",          "GL_ARB_texture_border_clamp",    "GL_ARB_texture_mirrored_repeat",
      "GL_ARB_texture_mirror_clamp_to_edge", "GL_ARB_shadow",              "GL_ARB_depth_texture",
      "GL_ARB_texture_rectangle",        "GL_ARB_texture_cube_map_array",  "GL_ARB_seamless_cube_map",
      "GL_ARB_texture_filter_anisotropic", "GL_EXT_texture_filter_anisotropic"};
   for (std::string_view c : core)
      if (n == c)
         return true;
   bool *flag = n == "GL_EXT_texture_mirror_clamp"          ? &EXT_texture_mirror_clamp
                : n == "GL_ATI_texture_mirror_once"         ? &ATI_texture_mirror_once
                : n == "GL_ARB_seamless_cubemap_per_texture" ? &ARB_seamless_cubemap_per_texture
                : n == "GL_EXT_texture_sRGB_decode"         ? &EXT_texture_sRGB_decode
                : n == "GL_ARB_texture_filter_minmax"       ? &ARB_texture_filter_minmax
                : n == "GL_EXT_texture_integer"             ? &EXT_texture_integer
                                                            : nullptr;
   if (!flag)
      return false;
   *flag = true;
   return true;
}

// ---- Construction and errors ----

gl_context::gl_context(gl_profile profile, gl_extensions extensions, gl_limits limits)
    : profile_(profile), extensions_(extensions), limits_(limits),
      units_(limits.MaxCombinedTextureImageUnits),
      bound_objects_(limits.MaxCombinedTextureImageUnits) {
   raster_.PointSizeMax = limits.MaxPointSize;
   for (unsigned i = 0; i < NUM_TEXTURE_TARGETS; i++) {
      default_textures_[i] = std::make_unique<gl_texture_object>();
      impl::init_texture(*this, *default_textures_[i], 0, kIndexTargets[i]);
   }
}

gl_context::~gl_context() = default;

GLenum gl_context::GetError() {
   const GLenum e = error_;
   error_ = GL_NO_ERROR;
   return e;
}

void gl_context::error(GLenum err, std::string message) {
   if (error_ == GL_NO_ERROR)
      error_ = err;
   last_error_message_ = std::move(message);
}

void gl_context::impl::report(gl_context &ctx, const std::string &call, const param_error &e) {
   ctx.error(e.code, call + ": " + e.reason);
}

bool gl_context::impl::null_pointer(gl_context &ctx, const char *entry, const void *p) {
   if (p)
      return false;
   ctx.error(GL_INVALID_VALUE, std::string(entry) + ": the array argument is NULL");
   return true;
}

// ---- Texture objects ----

uint64_t gl_next_object_serial() {
   static std::atomic<uint64_t> next{1};
   return next.fetch_add(1, std::memory_order_relaxed);
}

void gl_context::impl::init_texture(const gl_context &ctx, gl_texture_object &tex, GLuint name,
                                    GLenum target) {
   tex = gl_texture_object();
   tex.Name = name;
   tex.Target = target;
   tex.Sampler.Name = 0;
   // GL 4.6 §8.22 / table 23.18: rectangle textures start with CLAMP_TO_EDGE wraps
   // and a LINEAR minification filter (no mipmaps).
   if (target == GL_TEXTURE_RECTANGLE) {
      tex.Sampler.Attrib.WrapS = tex.Sampler.Attrib.WrapT = tex.Sampler.Attrib.WrapR =
         GL_CLAMP_TO_EDGE;
      tex.Sampler.Attrib.MinFilter = GL_LINEAR;
   }
   // GL_DEPTH_TEXTURE_MODE does not exist in the core profile, where depth
   // textures read as (d, 0, 0, 1), i.e. GL_RED.
   tex.Attrib.DepthMode = ctx.profile_ == gl_profile::core ? GL_RED : GL_LUMINANCE;
}

gl_texture_object *gl_context::impl::bound_texture(gl_context &ctx, GLenum target) {
   return const_cast<gl_texture_object *>(ctx.current_texture(ctx.active_unit_, target));
}

void gl_context::GenTextures(GLsizei n, GLuint *textures) {
   if (n < 0) {
      error(GL_INVALID_VALUE, "glGenTextures(n = " + std::to_string(n) + "): n is negative");
      return;
   }
   if (n > 0 && impl::null_pointer(*this, "glGenTextures", textures))
      return;
   for (GLsizei k = 0; k < n; k++) {
      while (textures_.count(next_texture_name_))
         next_texture_name_++;
      const GLuint name = next_texture_name_++;
      auto tex = std::make_unique<gl_texture_object>();
      tex->Name = name;  // Target stays 0 until the first BindTexture
      textures_[name] = std::move(tex);
      textures[k] = name;
   }
}

void gl_context::DeleteTextures(GLsizei n, const GLuint *textures) {
   ++serial_;  // conservatively, also when the call fails
   if (n < 0) {
      error(GL_INVALID_VALUE, "glDeleteTextures(n = " + std::to_string(n) + "): n is negative");
      return;
   }
   if (n > 0 && impl::null_pointer(*this, "glDeleteTextures", textures))
      return;
   for (GLsizei k = 0; k < n; k++) {
      const GLuint name = textures[k];
      if (name == 0 || !textures_.count(name))
         continue;
      // Every binding of the texture reverts to the default texture.
      for (size_t u = 0; u < units_.size(); ++u)
         for (unsigned i = 0; i < NUM_TEXTURE_TARGETS; ++i)
            if (units_[u].CurrentTex[i] == name) {
               units_[u].CurrentTex[i] = 0;
               bound_objects_[u][i] = nullptr;
            }
      textures_.erase(name);
   }
}

void gl_context::ActiveTexture(GLenum texture) {
   const GLuint unit = texture - GL_TEXTURE0;
   if (texture < GL_TEXTURE0 || unit >= units_.size()) {
      error(GL_INVALID_ENUM, "glActiveTexture(" + name_or_hex(texture) +
                                "): not a texture unit below GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS (" +
                                std::to_string(units_.size()) + ")");
      return;
   }
   active_unit_ = unit;
}

void gl_context::BindTexture(GLenum target, GLuint texture) {
   ++serial_;  // conservatively, also when the call fails
   const gl_texture_index index = gl_target_to_index(target);
   const std::string call =
      "glBindTexture(" + name_or_hex(target) + ", " + std::to_string(texture) + ")";
   if (index == NUM_TEXTURE_TARGETS) {
      error(GL_INVALID_ENUM, call + ": " + name_or_hex(target) + " is not a texture target");
      return;
   }
   if (texture != 0) {
      auto it = textures_.find(texture);
      if (it == textures_.end()) {
         // Core: only names from GenTextures. Compatibility: binding an unused
         // name creates the object.
         if (profile_ == gl_profile::core) {
            error(GL_INVALID_OPERATION, call + ": " + std::to_string(texture) +
                                           " is not a name returned by glGenTextures");
            return;
         }
         auto tex = std::make_unique<gl_texture_object>();
         tex->Name = texture;
         it = textures_.emplace(texture, std::move(tex)).first;
      }
      gl_texture_object &tex = *it->second;
      if (tex.Target == 0) {
         impl::init_texture(*this, tex, texture, target);
      } else if (tex.Target != target) {
         error(GL_INVALID_OPERATION, call + ": texture " + std::to_string(texture) +
                                        " was created as " + name_or_hex(tex.Target));
         return;
      }
   }
   units_[active_unit_].CurrentTex[index] = texture;
   bound_objects_[active_unit_][index] = texture ? textures_.at(texture).get() : nullptr;
}

// ---- Storage (glTexStorage1D/2D/3D) ----

namespace {

enum class storage_shape : uint8_t { d1, d2, d3 };

bool storage_target(GLenum target, storage_shape *shape) {
   switch (target) {
   case GL_TEXTURE_1D:
      *shape = storage_shape::d1;
      return true;
   case GL_TEXTURE_2D:
   case GL_TEXTURE_1D_ARRAY:
   case GL_TEXTURE_RECTANGLE:
   case GL_TEXTURE_CUBE_MAP:
      *shape = storage_shape::d2;
      return true;
   case GL_TEXTURE_3D:
   case GL_TEXTURE_2D_ARRAY:
   case GL_TEXTURE_CUBE_MAP_ARRAY:
      *shape = storage_shape::d3;
      return true;
   default:
      return false;
   }
}

// floor(log2(n)) + 1
GLsizei mip_count(GLsizei n) { return std::bit_width(static_cast<uint32_t>(n)); }

// The most levels glTexStorage accepts for these sizes.
GLsizei max_levels(GLenum target, GLsizei w, GLsizei h, GLsizei d) {
   switch (target) {
   case GL_TEXTURE_1D:
   case GL_TEXTURE_1D_ARRAY:
      return mip_count(w);
   case GL_TEXTURE_RECTANGLE:
      return 1;
   case GL_TEXTURE_3D:
      return mip_count(std::max({w, h, d}));
   default:  // 2D, cube map, 2D array, cube map array
      return mip_count(std::max(w, h));
   }
}

bool is_legacy_base_format(GLenum base) {
   return base == GL_ALPHA || base == GL_LUMINANCE || base == GL_LUMINANCE_ALPHA ||
          base == GL_INTENSITY;
}

bool name_has(const util_format_description &d, std::string_view part) {
   return d.gl_name && std::string_view(d.gl_name).find(part) != std::string_view::npos;
}

}  // namespace

param_status gl_detail::check_storage_format(const gl_context &ctx, GLenum internalformat) {
   const util_format_description *d =
      util_format_describe(util_format_from_gl_internal_format(internalformat));
   if (!d)
      return invalid_enum(name_or_hex(internalformat) + " is not a sized internal format");
   if (is_legacy_base_format(d->gl_base_format)) {
      if (ctx.profile() == gl_profile::core)
         return invalid_enum(std::string(d->gl_name) +
                             " (legacy alpha/luminance/intensity) is not part of the core profile");
      if (d->is_integer && !ctx.extensions().EXT_texture_integer)
         return invalid_enum(std::string(d->gl_name) + " needs GL_EXT_texture_integer");
   }
   return std::nullopt;
}

namespace {

// Sizes against the target's shape and the limits.
param_status check_storage_size(const gl_context &ctx, GLenum target, GLsizei w, GLsizei h,
                                GLsizei d) {
   const gl_limits &lim = ctx.limits();
   const auto over = [](GLsizei v, uint32_t max) { return static_cast<uint32_t>(v) > max; };
   switch (target) {
   case GL_TEXTURE_1D:
      if (h != 1 || d != 1)
         return invalid_value("height and depth of a 1D texture must be 1");
      if (over(w, lim.MaxTextureSize))
         return invalid_value("width exceeds GL_MAX_TEXTURE_SIZE");
      break;
   case GL_TEXTURE_1D_ARRAY:
      if (d != 1)
         return invalid_value("depth of a 1D array texture must be 1 (height holds the layers)");
      if (over(w, lim.MaxTextureSize) || over(h, lim.MaxArrayTextureLayers))
         return invalid_value("width or layer count exceeds its limit");
      break;
   case GL_TEXTURE_2D:
   case GL_TEXTURE_RECTANGLE:
      if (d != 1)
         return invalid_value("depth of a 2D texture must be 1");
      if (over(w, lim.MaxTextureSize) || over(h, lim.MaxTextureSize))
         return invalid_value("width or height exceeds GL_MAX_TEXTURE_SIZE");
      break;
   case GL_TEXTURE_CUBE_MAP:
      if (d != 1)
         return invalid_value("depth of a cube map must be 1");
      if (w != h)
         return invalid_value("cube map faces must be square (width == height)");
      if (over(w, lim.MaxTextureSize))
         return invalid_value("width exceeds GL_MAX_TEXTURE_SIZE");
      break;
   case GL_TEXTURE_3D:
      if (over(w, lim.Max3DTextureSize) || over(h, lim.Max3DTextureSize) ||
          over(d, lim.Max3DTextureSize))
         return invalid_value("a size exceeds GL_MAX_3D_TEXTURE_SIZE");
      break;
   case GL_TEXTURE_2D_ARRAY:
      if (over(w, lim.MaxTextureSize) || over(h, lim.MaxTextureSize) ||
          over(d, lim.MaxArrayTextureLayers))
         return invalid_value("a size or the layer count exceeds its limit");
      break;
   case GL_TEXTURE_CUBE_MAP_ARRAY:
      if (w != h)
         return invalid_value("cube map faces must be square (width == height)");
      if (d % 6 != 0)
         return invalid_value("the layer count of a cube map array must be a multiple of 6");
      if (over(w, lim.MaxTextureSize) || over(d, lim.MaxArrayTextureLayers))
         return invalid_value("a size or the layer count exceeds its limit");
      break;
   default:
      break;
   }
   return std::nullopt;
}

// The format against the target (GL 4.6 §8.5 for depth/stencil, §8.7 for compressed).
param_status check_storage_format_for_target(GLenum target, const util_format_description &d) {
   const bool depth_stencil = d.gl_base_format == GL_DEPTH_COMPONENT ||
                              d.gl_base_format == GL_DEPTH_STENCIL ||
                              d.gl_base_format == GL_STENCIL_INDEX;
   if (depth_stencil && target == GL_TEXTURE_3D)
      return invalid_operation(std::string(d.gl_name) + " cannot be used with GL_TEXTURE_3D");
   if (d.is_compressed) {
      if (target == GL_TEXTURE_1D || target == GL_TEXTURE_1D_ARRAY ||
          target == GL_TEXTURE_RECTANGLE)
         return invalid_enum(std::string(d.gl_name) + " cannot be used with " + name_or_hex(target));
      if (target == GL_TEXTURE_3D && !name_has(d, "BPTC") && !name_has(d, "S3TC"))
         return invalid_operation(std::string(d.gl_name) + " cannot be used with GL_TEXTURE_3D");
   }
   return std::nullopt;
}

}  // namespace

void gl_context::TexStorage(GLenum target, GLsizei levels, GLenum internalformat, GLsizei width,
                            GLsizei height, GLsizei depth) {
   ++serial_;  // conservatively, also when the call fails
   const std::string call = "glTexStorage(" + name_or_hex(target) + ", " + std::to_string(levels) +
                            ", " + name_or_hex(internalformat) + ", " + std::to_string(width) +
                            ", " + std::to_string(height) + ", " + std::to_string(depth) + ")";
   const auto fail = [&](const param_error &e) { impl::report(*this, call, e); };

   storage_shape shape;
   if (!storage_target(target, &shape))
      return fail(invalid_enum(name_or_hex(target) + " is not a target glTexStorage accepts"));
   if (levels < 1 || width < 1 || height < 1 || depth < 1)
      return fail(invalid_value("levels, width, height and depth must all be at least 1"));
   if (param_status err = check_storage_format(*this, internalformat))
      return fail(*err);
   gl_texture_object *tex = impl::bound_texture(*this, target);
   if (tex->Name == 0)
      return fail(invalid_operation("the default texture (zero) is bound to the target"));
   if (tex->Levels != 0)
      return fail(invalid_operation("texture " + std::to_string(tex->Name) + " is already immutable"));
   if (param_status err = check_storage_size(*this, target, width, height, depth))
      return fail(*err);
   if (levels > max_levels(target, width, height, depth))
      return fail(invalid_operation(std::to_string(levels) + " levels is more than " +
                                    std::to_string(max_levels(target, width, height, depth)) +
                                    ", the most for these sizes"));
   const pipe_format format = util_format_from_gl_internal_format(internalformat);
   if (param_status err = check_storage_format_for_target(target, *util_format_describe(format)))
      return fail(*err);

   tex->InternalFormat = internalformat;
   tex->Format = format;
   tex->Width = static_cast<uint32_t>(width);
   tex->Height = static_cast<uint32_t>(height);
   tex->Depth = static_cast<uint32_t>(depth);
   tex->Levels = static_cast<uint32_t>(levels);
   tex->Serial = gl_next_object_serial();
}

// ---- Unit LOD bias (compatibility) ----

void gl_context::TexEnvf(GLenum target, GLenum pname, GLfloat param) {
   ++serial_;  // conservatively, also when the call fails
   const std::string call = "glTexEnvf(" + name_or_hex(target) + ", " + name_or_hex(pname) + ", " +
                            format_float(param) + ")";
   if (profile_ == gl_profile::core)
      return impl::report(*this, call, invalid_operation("glTexEnv is not part of the core profile"));
   if (target != GL_TEXTURE_FILTER_CONTROL)
      return impl::report(*this, call, invalid_enum("only GL_TEXTURE_FILTER_CONTROL is supported"));
   if (pname != GL_TEXTURE_LOD_BIAS)
      return impl::report(*this, call,
                          invalid_enum(name_or_hex(pname) +
                                       " is not a GL_TEXTURE_FILTER_CONTROL parameter"));
   if (std::isnan(param))
      return impl::report(*this, call, invalid_value("NaN is not a valid GL_TEXTURE_LOD_BIAS"));
   units_[active_unit_].LodBias = param;
}

void gl_context::GetTexEnvfv(GLenum target, GLenum pname, GLfloat *params) {
   const std::string call = "glGetTexEnvfv(" + name_or_hex(target) + ", " + name_or_hex(pname) + ")";
   if (impl::null_pointer(*this, "glGetTexEnvfv", params))
      return;
   if (profile_ == gl_profile::core)
      return impl::report(*this, call, invalid_operation("glGetTexEnv is not part of the core profile"));
   if (target != GL_TEXTURE_FILTER_CONTROL || pname != GL_TEXTURE_LOD_BIAS)
      return impl::report(*this, call,
                          invalid_enum("only (GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS) is supported"));
   params[0] = units_[active_unit_].LodBias;
}

// ---- Enables ----

void gl_context::Enable(GLenum cap) {
   if (cap == GL_TEXTURE_CUBE_MAP_SEAMLESS) {
      ++serial_;  // the only capability a lookup reads; the rasterizer's bump raster_state_serial
      cube_map_seamless_ = true;
      return;
   }
   if (!impl::raster_enable(*this, "glEnable", cap, true))
      error(GL_INVALID_ENUM, "glEnable(" + name_or_hex(cap) + "): not a capability clampler tracks");
}

void gl_context::Disable(GLenum cap) {
   if (cap == GL_TEXTURE_CUBE_MAP_SEAMLESS) {
      ++serial_;  // the only capability a lookup reads; the rasterizer's bump raster_state_serial
      cube_map_seamless_ = false;
      return;
   }
   if (!impl::raster_enable(*this, "glDisable", cap, false))
      error(GL_INVALID_ENUM, "glDisable(" + name_or_hex(cap) + "): not a capability clampler tracks");
}

GLboolean gl_context::IsEnabled(GLenum cap) {
   if (cap == GL_TEXTURE_CUBE_MAP_SEAMLESS)
      return cube_map_seamless_ ? GL_TRUE : GL_FALSE;
   GLboolean v = GL_FALSE;
   if (!impl::raster_is_enabled(*this, cap, &v))
      error(GL_INVALID_ENUM, "glIsEnabled(" + name_or_hex(cap) + "): not a capability clampler tracks");
   return v;
}

// ---- Read access ----

const gl_texture_object *gl_context::current_texture(unsigned unit, GLenum target) const {
   const gl_texture_index index = gl_target_to_index(target);
   if (index == NUM_TEXTURE_TARGETS || unit >= units_.size())
      return nullptr;
   const gl_texture_object *bound = bound_objects_[unit][index];
   return bound ? bound : default_textures_[index].get();
}

const gl_sampler_object *gl_context::sampler_for_unit(unsigned unit,
                                                      const gl_texture_object *tex) const {
   if (unit >= units_.size())
      return nullptr;
   if (const GLuint name = units_[unit].Sampler)
      return lookup_sampler(name);
   return tex ? &tex->Sampler : nullptr;
}

const gl_sampler_object *gl_context::lookup_sampler(GLuint name) const {
   const auto it = samplers_.find(name);
   return it == samplers_.end() ? nullptr : it->second.get();
}

const gl_texture_object *gl_context::lookup_texture(GLuint name) const {
   const auto it = textures_.find(name);
   return it == textures_.end() ? nullptr : it->second.get();
}

}  // namespace clampler
