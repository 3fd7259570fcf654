// gl_context's private helpers and the sampler-state rules shared by sampler objects and textures.
#pragma once

#include <optional>
#include <string>

#include "clampler/gl/context.h"
#include "gl_params.h"

namespace clampler {

namespace gl_detail {

// INVALID_ENUM when `pname` belongs to an extension that is off or to the
// compatibility profile only; nullopt when it may be used.
param_status check_pname_available(const gl_context &ctx, GLenum pname);

// Validates one sampler-state pname (is_sampler_state_pname) and stores it in `a`.
// `target` is the texture's target, or 0 for a sampler object. On error `a` may be
// partly written: callers pass a copy and keep it only on success.
param_status set_sampler_state(const gl_context &ctx, GLenum target, GLenum pname,
                               const param_values &v, gl_sampler_attrib &a);
query_result get_sampler_state(GLenum pname, const gl_sampler_attrib &a);
// The internal format of a storage call on its own: a sized format of the pipe_format table,
// allowed by the profile and extensions (INVALID_ENUM otherwise).
param_status check_storage_format(const gl_context &ctx, GLenum internalformat);

}  // namespace gl_detail

struct gl_context::impl {
   // The texture bound to `target` on the active unit (the default texture if
   // none); null when `target` has no binding point.
   static gl_texture_object *bound_texture(gl_context &ctx, GLenum target);
   // The sampler object named `name`; null for 0 and unused names.
   static gl_sampler_object *find_sampler(gl_context &ctx, GLuint name);
   // A texture object's state when it is first bound to `target`.
   static void init_texture(const gl_context &ctx, gl_texture_object &tex, GLuint name, GLenum target);

   // The rasterizer's capabilities (raster.cpp): true when `cap` is one (then `*error` is set
   // for a value the profile removed, else the state changed / `*value` read).
   static bool raster_enable(gl_context &ctx, const char *entry, GLenum cap, bool on);
   static bool raster_is_enabled(gl_context &ctx, GLenum cap, GLboolean *value);
   // An entry point the core profile removed: GL_INVALID_OPERATION there (true), else false.
   static bool core_removed(gl_context &ctx, const char *name, const std::string &call);

   // Records `e` as "<call>: <reason>".
   static void report(gl_context &ctx, const std::string &call, const gl_detail::param_error &e);
   // Records GL_INVALID_VALUE and returns true when an array argument is null.
   static bool null_pointer(gl_context &ctx, const char *entry, const void *p);

   // glSamplerParameter* / glGetSamplerParameter* after the values are read (samplerobj.cpp).
   static void sampler_parameter(gl_context &ctx, const char *entry, GLuint sampler, GLenum pname,
                                 const gl_detail::param_values &v);
   static std::optional<gl_detail::query_result> get_sampler_parameter(gl_context &ctx,
                                                                       const char *entry,
                                                                       GLuint sampler, GLenum pname);

   // glTexParameter* / glGetTexParameter* after the values are read (texparam.cpp).
   static void tex_parameter(gl_context &ctx, const char *entry, GLenum target, GLenum pname,
                             const gl_detail::param_values &v);
   static std::optional<gl_detail::query_result> get_tex_parameter(gl_context &ctx, const char *entry,
                                                                   GLenum target, GLenum pname);

   // The array entry points: a null check, then the values read for `pname`.
   template <typename T>
   static void sampler_parameter_v(gl_context &ctx, const char *entry, GLuint sampler, GLenum pname,
                                   gl_detail::param_form form, const T *params) {
      if (!null_pointer(ctx, entry, params))
         sampler_parameter(ctx, entry, sampler, pname, gl_detail::read_params(form, pname, params));
   }
   template <typename T>
   static void tex_parameter_v(gl_context &ctx, const char *entry, GLenum target, GLenum pname,
                               gl_detail::param_form form, const T *params) {
      if (!null_pointer(ctx, entry, params))
         tex_parameter(ctx, entry, target, pname, gl_detail::read_params(form, pname, params));
   }
   // The query entry points: `write` converts the result into `params`.
   template <typename T>
   static void get_sampler_parameter_v(gl_context &ctx, const char *entry, GLuint sampler,
                                       GLenum pname, T *params,
                                       void (*write)(const gl_detail::query_result &, T *)) {
      if (null_pointer(ctx, entry, params))
         return;
      if (const auto q = get_sampler_parameter(ctx, entry, sampler, pname))
         write(*q, params);
   }
   template <typename T>
   static void get_tex_parameter_v(gl_context &ctx, const char *entry, GLenum target, GLenum pname,
                                   T *params, void (*write)(const gl_detail::query_result &, T *)) {
      if (null_pointer(ctx, entry, params))
         return;
      if (const auto q = get_tex_parameter(ctx, entry, target, pname))
         write(*q, params);
   }
};

}  // namespace clampler
