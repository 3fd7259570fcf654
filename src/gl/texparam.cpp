// glTexParameter* / glGetTexParameter*: texture-only state and the texture's own sampler state.
#include <string>

#include "gl_context_impl.h"

namespace clampler {

using namespace gl_detail;

namespace {

// Targets glTexParameter and glGetTexParameter accept (GL 4.6 §8.10).
bool is_texparam_target(GLenum target) {
   switch (target) {
   case GL_TEXTURE_1D:
   case GL_TEXTURE_2D:
   case GL_TEXTURE_3D:
   case GL_TEXTURE_1D_ARRAY:
   case GL_TEXTURE_2D_ARRAY:
   case GL_TEXTURE_RECTANGLE:
   case GL_TEXTURE_CUBE_MAP:
   case GL_TEXTURE_CUBE_MAP_ARRAY:
   case GL_TEXTURE_2D_MULTISAMPLE:
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
      return true;
   default:
      return false;
   }
}

bool is_multisample(GLenum target) {
   return target == GL_TEXTURE_2D_MULTISAMPLE || target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
}

bool is_swizzle_source(GLenum e) {
   return e == GL_RED || e == GL_GREEN || e == GL_BLUE || e == GL_ALPHA || e == GL_ZERO ||
          e == GL_ONE;
}

// Pname checks shared by the set and get entry points.
param_status check_texture_pname(const gl_context &ctx, GLenum pname) {
   if (!is_sampler_state_pname(pname) && !is_texture_only_pname(pname) &&
       !is_query_only_pname(pname))
      return invalid_enum(format_enum(pname) + " is not a texture parameter");
   return check_pname_available(ctx, pname);
}

param_status set_swizzle(const param_values &v, unsigned k, GLenum &out) {
   const std::optional<GLenum> e = param_enum(v, k);
   if (!e || !is_swizzle_source(*e))
      return invalid_enum(format_param(v, k, param_type::swizzle) +
                          " is not a swizzle source (GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA, GL_ZERO "
                          "or GL_ONE)");
   out = *e;
   return std::nullopt;
}

param_status set_level(GLenum target, GLenum pname, const param_values &v, GLint &out) {
   const std::optional<GLint> n = param_int(v, 0);
   if (!n)
      return invalid_value("NaN is not a level");
   // GL 4.6 §8.10: INVALID_OPERATION for a non-zero base level of a rectangle or
   // multisample texture (checked first, as Mesa does, so -1 gives it too).
   if (pname == GL_TEXTURE_BASE_LEVEL && *n != 0 &&
       (target == GL_TEXTURE_RECTANGLE || is_multisample(target)))
      return invalid_operation("the base level of a " + format_enum(target) + " texture must be 0");
   if (*n < 0)
      return invalid_value(std::to_string(*n) + " is negative");
   out = *n;
   return std::nullopt;
}

// Validates one texture-only pname and stores it in `a` (a copy the caller keeps on success).
param_status set_texture_state(GLenum target, GLenum pname, const param_values &v,
                               gl_texture_attrib &a) {
   switch (pname) {
   case GL_TEXTURE_SWIZZLE_R:
   case GL_TEXTURE_SWIZZLE_G:
   case GL_TEXTURE_SWIZZLE_B:
   case GL_TEXTURE_SWIZZLE_A:
      return set_swizzle(v, 0, a.Swizzle[pname - GL_TEXTURE_SWIZZLE_R]);
   case GL_TEXTURE_SWIZZLE_RGBA:
      for (unsigned k = 0; k < 4; k++)
         if (param_status err = set_swizzle(v, k, a.Swizzle[k]))
            return err;
      return std::nullopt;
   case GL_TEXTURE_BASE_LEVEL:
      return set_level(target, pname, v, a.BaseLevel);
   case GL_TEXTURE_MAX_LEVEL:
      return set_level(target, pname, v, a.MaxLevel);
   case GL_DEPTH_TEXTURE_MODE: {
      const std::optional<GLenum> e = param_enum(v, 0);
      if (!e || (*e != GL_LUMINANCE && *e != GL_INTENSITY && *e != GL_ALPHA && *e != GL_RED))
         return invalid_enum(format_params(v, pname) +
                             " is not GL_LUMINANCE, GL_INTENSITY, GL_ALPHA or GL_RED");
      a.DepthMode = *e;
      return std::nullopt;
   }
   case GL_DEPTH_STENCIL_TEXTURE_MODE: {
      const std::optional<GLenum> e = param_enum(v, 0);
      if (!e || (*e != GL_DEPTH_COMPONENT && *e != GL_STENCIL_INDEX))
         return invalid_enum(format_params(v, pname) +
                             " is not GL_DEPTH_COMPONENT or GL_STENCIL_INDEX");
      a.StencilSampling = *e == GL_STENCIL_INDEX;
      return std::nullopt;
   }
   default:
      return invalid_enum(format_enum(pname) + " is not a texture parameter");
   }
}

query_result get_texture_state(GLenum pname, const gl_texture_object &tex) {
   query_result q;
   q.type = pname_type(pname);
   const gl_texture_attrib &a = tex.Attrib;
   switch (pname) {
   case GL_TEXTURE_SWIZZLE_R:
   case GL_TEXTURE_SWIZZLE_G:
   case GL_TEXTURE_SWIZZLE_B:
   case GL_TEXTURE_SWIZZLE_A:
      q.i[0] = static_cast<GLint>(a.Swizzle[pname - GL_TEXTURE_SWIZZLE_R]);
      break;
   case GL_TEXTURE_SWIZZLE_RGBA:
      q.count = 4;
      for (unsigned k = 0; k < 4; k++)
         q.i[k] = static_cast<GLint>(a.Swizzle[k]);
      break;
   case GL_TEXTURE_BASE_LEVEL:
      q.i[0] = a.BaseLevel;
      break;
   case GL_TEXTURE_MAX_LEVEL:
      q.i[0] = a.MaxLevel;
      break;
   case GL_DEPTH_TEXTURE_MODE:
      q.i[0] = static_cast<GLint>(a.DepthMode);
      break;
   case GL_DEPTH_STENCIL_TEXTURE_MODE:
      q.i[0] = static_cast<GLint>(a.StencilSampling ? GL_STENCIL_INDEX : GL_DEPTH_COMPONENT);
      break;
   case GL_TEXTURE_IMMUTABLE_FORMAT:
      q.i[0] = tex.Levels != 0 ? GL_TRUE : GL_FALSE;
      break;
   case GL_TEXTURE_IMMUTABLE_LEVELS:
      q.i[0] = static_cast<GLint>(tex.Levels);
      break;
   default:
      break;
   }
   return q;
}

}  // namespace

void gl_context::impl::tex_parameter(gl_context &ctx, const char *entry, GLenum target,
                                     GLenum pname, const param_values &v) {
   ++ctx.serial_;  // conservatively, also when the call fails
   // The call's text is only built when there is an error to report.
   const auto call_text = [&] {
      return std::string(entry) + "(" + format_enum(target) + ", " + format_enum(pname) + ", " +
             format_params(v, pname) + ")";
   };
   if (!is_texparam_target(target))
      return report(ctx, call_text(), invalid_enum(format_enum(target) + " is not a target " + entry + " accepts"));
   param_status err = check_texture_pname(ctx, pname);
   if (!err && is_query_only_pname(pname))
      err = invalid_enum(format_enum(pname) + " can be queried but not set");
   if (!err && v.is_scalar() && pname_count(pname) > 1)
      err = invalid_enum(format_enum(pname) + " takes four values; use a vector entry point");
   // GL 4.6 §8.10: sampler state cannot be set on multisample textures.
   if (!err && is_multisample(target) && is_sampler_state_pname(pname))
      err = invalid_enum(format_enum(pname) + " is sampler state, which " + format_enum(target) +
                         " textures do not have");
   if (err)
      return report(ctx, call_text(), *err);

   gl_texture_object &tex = *bound_texture(ctx, target);
   if (is_sampler_state_pname(pname)) {
      gl_sampler_attrib next = tex.Sampler.Attrib;
      err = set_sampler_state(ctx, target, pname, v, next);
      if (!err) {
         tex.Sampler.Attrib = next;
         tex.Serial = gl_next_object_serial();
      }
   } else {
      gl_texture_attrib next = tex.Attrib;
      err = set_texture_state(target, pname, v, next);
      if (!err) {
         tex.Attrib = next;
         tex.Serial = gl_next_object_serial();
      }
   }
   if (err)
      report(ctx, call_text(), *err);
}

std::optional<query_result> gl_context::impl::get_tex_parameter(gl_context &ctx, const char *entry,
                                                                GLenum target, GLenum pname) {
   const std::string call =
      std::string(entry) + "(" + format_enum(target) + ", " + format_enum(pname) + ")";
   if (!is_texparam_target(target)) {
      report(ctx, call, invalid_enum(format_enum(target) + " is not a target " + entry + " accepts"));
      return std::nullopt;
   }
   if (param_status err = check_texture_pname(ctx, pname)) {
      report(ctx, call, *err);
      return std::nullopt;
   }
   const gl_texture_object &tex = *bound_texture(ctx, target);
   if (is_sampler_state_pname(pname))
      return get_sampler_state(pname, tex.Sampler.Attrib);
   return get_texture_state(pname, tex);
}

// ---- glTexParameter* ----

void gl_context::TexParameteri(GLenum target, GLenum pname, GLint param) {
   impl::tex_parameter(*this, "glTexParameteri", target, pname,
                       read_params(param_form::i, pname, &param));
}

void gl_context::TexParameterf(GLenum target, GLenum pname, GLfloat param) {
   impl::tex_parameter(*this, "glTexParameterf", target, pname,
                       read_params(param_form::f, pname, &param));
}

void gl_context::TexParameteriv(GLenum target, GLenum pname, const GLint *params) {
   impl::tex_parameter_v(*this, "glTexParameteriv", target, pname, param_form::iv, params);
}

void gl_context::TexParameterfv(GLenum target, GLenum pname, const GLfloat *params) {
   impl::tex_parameter_v(*this, "glTexParameterfv", target, pname, param_form::fv, params);
}

void gl_context::TexParameterIiv(GLenum target, GLenum pname, const GLint *params) {
   impl::tex_parameter_v(*this, "glTexParameterIiv", target, pname, param_form::Iiv, params);
}

void gl_context::TexParameterIuiv(GLenum target, GLenum pname, const GLuint *params) {
   impl::tex_parameter_v(*this, "glTexParameterIuiv", target, pname, param_form::Iuiv, params);
}

// ---- glGetTexParameter* ----

void gl_context::GetTexParameteriv(GLenum target, GLenum pname, GLint *params) {
   impl::get_tex_parameter_v(*this, "glGetTexParameteriv", target, pname, params, query_to_iv);
}

void gl_context::GetTexParameterfv(GLenum target, GLenum pname, GLfloat *params) {
   impl::get_tex_parameter_v(*this, "glGetTexParameterfv", target, pname, params, query_to_fv);
}

void gl_context::GetTexParameterIiv(GLenum target, GLenum pname, GLint *params) {
   impl::get_tex_parameter_v(*this, "glGetTexParameterIiv", target, pname, params, query_to_Iiv);
}

void gl_context::GetTexParameterIuiv(GLenum target, GLenum pname, GLuint *params) {
   impl::get_tex_parameter_v(*this, "glGetTexParameterIuiv", target, pname, params, query_to_Iuiv);
}

}  // namespace clampler
