// Sampler objects (glGenSamplers ... glGetSamplerParameter*) and the sampler-state rules they share with textures.
#include <cmath>
#include <memory>
#include <string>

#include "gl_context_impl.h"

namespace clampler {
namespace gl_detail {
namespace {

bool is_rectangle_forbidden_wrap(GLenum wrap) {
   switch (wrap) {
   case GL_REPEAT:
   case GL_MIRRORED_REPEAT:
   case GL_MIRROR_CLAMP_TO_EDGE:
   case GL_MIRROR_CLAMP_EXT:
   case GL_MIRROR_CLAMP_TO_BORDER_EXT:
      return true;
   default:
      return false;
   }
}

param_status check_wrap(const gl_context &ctx, GLenum target, GLenum pname, GLenum wrap,
                        const std::string &shown) {
   const gl_extensions &ext = ctx.extensions();
   switch (wrap) {
   case GL_REPEAT:
   case GL_MIRRORED_REPEAT:
   case GL_CLAMP_TO_EDGE:
   case GL_CLAMP_TO_BORDER:
   case GL_MIRROR_CLAMP_TO_EDGE:
      break;
   case GL_CLAMP:
      if (ctx.profile() == gl_profile::core)
         return invalid_enum("GL_CLAMP is not allowed in the core profile");
      break;
   case GL_MIRROR_CLAMP_EXT:
      if (!ext.EXT_texture_mirror_clamp && !ext.ATI_texture_mirror_once)
         return invalid_enum(
            "GL_MIRROR_CLAMP_EXT needs GL_EXT_texture_mirror_clamp or GL_ATI_texture_mirror_once");
      break;
   case GL_MIRROR_CLAMP_TO_BORDER_EXT:
      if (!ext.EXT_texture_mirror_clamp)
         return invalid_enum("GL_MIRROR_CLAMP_TO_BORDER_EXT needs GL_EXT_texture_mirror_clamp");
      break;
   default:
      return invalid_enum(shown + " is not a wrap mode");
   }
   // GL 4.6 §8.10 (and ARB_texture_rectangle for the EXT mirror-clamp modes):
   // rectangle textures reject the repeating and mirroring modes for s and t.
   if (target == GL_TEXTURE_RECTANGLE && pname != GL_TEXTURE_WRAP_R &&
       is_rectangle_forbidden_wrap(wrap))
      return invalid_enum(shown + " is not allowed for rectangle textures");
   return std::nullopt;
}

bool is_mipmap_filter(GLenum f) {
   return f == GL_NEAREST_MIPMAP_NEAREST || f == GL_LINEAR_MIPMAP_NEAREST ||
          f == GL_NEAREST_MIPMAP_LINEAR || f == GL_LINEAR_MIPMAP_LINEAR;
}

bool is_compare_func(GLenum f) { return f >= GL_NEVER && f <= GL_ALWAYS; }

// Where each enum- and float-valued sampler pname lives in gl_sampler_attrib.
GLenum gl_sampler_attrib::*enum_member(GLenum pname) {
   switch (pname) {
   case GL_TEXTURE_WRAP_S:
      return &gl_sampler_attrib::WrapS;
   case GL_TEXTURE_WRAP_T:
      return &gl_sampler_attrib::WrapT;
   case GL_TEXTURE_WRAP_R:
      return &gl_sampler_attrib::WrapR;
   case GL_TEXTURE_MIN_FILTER:
      return &gl_sampler_attrib::MinFilter;
   case GL_TEXTURE_MAG_FILTER:
      return &gl_sampler_attrib::MagFilter;
   case GL_TEXTURE_COMPARE_MODE:
      return &gl_sampler_attrib::CompareMode;
   case GL_TEXTURE_COMPARE_FUNC:
      return &gl_sampler_attrib::CompareFunc;
   case GL_TEXTURE_SRGB_DECODE_EXT:
      return &gl_sampler_attrib::sRGBDecode;
   case GL_TEXTURE_REDUCTION_MODE_ARB:
      return &gl_sampler_attrib::ReductionMode;
   default:
      return nullptr;
   }
}

GLfloat gl_sampler_attrib::*float_member(GLenum pname) {
   switch (pname) {
   case GL_TEXTURE_MIN_LOD:
      return &gl_sampler_attrib::MinLod;
   case GL_TEXTURE_MAX_LOD:
      return &gl_sampler_attrib::MaxLod;
   case GL_TEXTURE_LOD_BIAS:
      return &gl_sampler_attrib::LodBias;
   case GL_TEXTURE_MAX_ANISOTROPY:
      return &gl_sampler_attrib::MaxAnisotropy;
   default:
      return nullptr;
   }
}

// Validates the value of an enum-valued sampler pname.
param_status check_sampler_enum(const gl_context &ctx, GLenum target, GLenum pname, GLenum e,
                                const std::string &shown) {
   switch (pname) {
   case GL_TEXTURE_WRAP_S:
   case GL_TEXTURE_WRAP_T:
   case GL_TEXTURE_WRAP_R:
      return check_wrap(ctx, target, pname, e, shown);
   case GL_TEXTURE_MIN_FILTER:
      if (e != GL_NEAREST && e != GL_LINEAR && !is_mipmap_filter(e))
         return invalid_enum(shown + " is not a minification filter");
      if (target == GL_TEXTURE_RECTANGLE && is_mipmap_filter(e))
         return invalid_enum(shown + " needs mipmaps, which rectangle textures do not have");
      return std::nullopt;
   case GL_TEXTURE_MAG_FILTER:
      if (e != GL_NEAREST && e != GL_LINEAR)
         return invalid_enum(shown + " is not a magnification filter (GL_NEAREST or GL_LINEAR)");
      return std::nullopt;
   case GL_TEXTURE_COMPARE_MODE:
      if (e != GL_NONE && e != GL_COMPARE_REF_TO_TEXTURE)
         return invalid_enum(shown + " is not a compare mode (GL_NONE or GL_COMPARE_REF_TO_TEXTURE)");
      return std::nullopt;
   case GL_TEXTURE_COMPARE_FUNC:
      if (!is_compare_func(e))
         return invalid_enum(shown + " is not a compare function");
      return std::nullopt;
   case GL_TEXTURE_SRGB_DECODE_EXT:
      if (e != GL_DECODE_EXT && e != GL_SKIP_DECODE_EXT)
         return invalid_enum(shown + " is not GL_DECODE_EXT or GL_SKIP_DECODE_EXT");
      return std::nullopt;
   case GL_TEXTURE_REDUCTION_MODE_ARB:
      if (e != GL_WEIGHTED_AVERAGE_ARB && e != GL_MIN && e != GL_MAX)
         return invalid_enum(shown + " is not a reduction mode (GL_WEIGHTED_AVERAGE_ARB, GL_MIN or GL_MAX)");
      return std::nullopt;
   default:
      return invalid_enum(format_enum(pname) + " is not an enum-valued sampler parameter");
   }
}

// Validates a float-valued sampler pname: NaN is rejected; infinities are kept
// for the LOD values and the bias, and clamp for the anisotropy.
param_status check_sampler_float(const gl_context &ctx, GLenum pname, GLfloat &value,
                                 const std::string &shown) {
   if (std::isnan(value))
      return invalid_value("NaN is not a valid " + format_enum(pname));
   if (pname == GL_TEXTURE_MAX_ANISOTROPY) {
      if (value < 1.0f)
         return invalid_value(shown + " is less than 1.0");
      value = std::min(value, ctx.limits().MaxTextureMaxAnisotropy);
   }
   return std::nullopt;
}

void set_border_color(const param_values &v, gl_sampler_attrib &a) {
   for (unsigned k = 0; k < 4; k++) {
      switch (v.form) {
      case param_form::Iiv:
         a.BorderColor.i[k] = v.i[k];
         break;
      case param_form::Iuiv:
         a.BorderColor.ui[k] = v.ui[k];
         break;
      case param_form::iv:
         a.BorderColor.f[k] = snorm32_to_float(v.i[k]);
         break;
      default:
         a.BorderColor.f[k] = v.f[k];
         break;
      }
   }
   a.BorderType = v.form == param_form::Iiv    ? gl_border_type::integer
                  : v.form == param_form::Iuiv ? gl_border_type::unsigned_integer
                                               : gl_border_type::floating;
}

}  // namespace

param_status check_pname_available(const gl_context &ctx, GLenum pname) {
   const gl_extensions &ext = ctx.extensions();
   switch (pname) {
   case GL_TEXTURE_SRGB_DECODE_EXT:
      if (!ext.EXT_texture_sRGB_decode)
         return invalid_enum("GL_TEXTURE_SRGB_DECODE_EXT needs GL_EXT_texture_sRGB_decode");
      break;
   case GL_TEXTURE_REDUCTION_MODE_ARB:
      if (!ext.ARB_texture_filter_minmax)
         return invalid_enum("GL_TEXTURE_REDUCTION_MODE_ARB needs GL_ARB_texture_filter_minmax");
      break;
   case GL_TEXTURE_CUBE_MAP_SEAMLESS:
      if (!ext.ARB_seamless_cubemap_per_texture)
         return invalid_enum(
            "GL_TEXTURE_CUBE_MAP_SEAMLESS as a parameter needs GL_ARB_seamless_cubemap_per_texture");
      break;
   case GL_DEPTH_TEXTURE_MODE:
      if (ctx.profile() == gl_profile::core)
         return invalid_enum("GL_DEPTH_TEXTURE_MODE is not part of the core profile");
      break;
   default:
      break;
   }
   return std::nullopt;
}

param_status set_sampler_state(const gl_context &ctx, GLenum target, GLenum pname,
                               const param_values &v, gl_sampler_attrib &a) {
   const std::string shown = format_params(v, pname);
   switch (pname_type(pname)) {
   case param_type::enumeration: {
      const std::optional<GLenum> e = param_enum(v, 0);
      if (!e)
         return invalid_enum(shown + " does not name an enum");
      if (param_status err = check_sampler_enum(ctx, target, pname, *e, shown))
         return err;
      a.*enum_member(pname) = *e;
      return std::nullopt;
   }
   case param_type::floating: {
      GLfloat f = param_float(v, 0);
      if (param_status err = check_sampler_float(ctx, pname, f, shown))
         return err;
      a.*float_member(pname) = f;
      return std::nullopt;
   }
   case param_type::boolean: {
      const std::optional<bool> b = param_bool(v, 0);
      if (!b)
         return invalid_value(shown + " is not GL_TRUE or GL_FALSE");
      a.CubeMapSeamless = *b;
      return std::nullopt;
   }
   case param_type::color:
      set_border_color(v, a);
      return std::nullopt;
   default:
      return invalid_enum(format_enum(pname) + " is not a sampler parameter");
   }
}

query_result get_sampler_state(GLenum pname, const gl_sampler_attrib &a) {
   if (pname == GL_TEXTURE_BORDER_COLOR)
      return query_color(a);
   query_result q;
   q.type = pname_type(pname);
   if (GLenum gl_sampler_attrib::*m = enum_member(pname))
      q.i[0] = static_cast<GLint>(a.*m);
   else if (GLfloat gl_sampler_attrib::*f = float_member(pname))
      q.f[0] = a.*f;
   else if (pname == GL_TEXTURE_CUBE_MAP_SEAMLESS)
      q.i[0] = a.CubeMapSeamless ? GL_TRUE : GL_FALSE;
   return q;
}

}  // namespace gl_detail

using namespace gl_detail;

namespace {

// Pname checks for sampler objects, shared by the set and get entry points.
param_status check_sampler_pname(const gl_context &ctx, GLenum pname) {
   if (is_texture_only_pname(pname) || is_query_only_pname(pname))
      return invalid_enum(format_enum(pname) + " is a texture parameter, not a sampler parameter");
   if (!is_sampler_state_pname(pname))
      return invalid_enum(format_enum(pname) + " is not a sampler parameter");
   return check_pname_available(ctx, pname);
}

std::string bad_sampler(GLuint sampler) {
   return std::to_string(sampler) + " is not the name of a sampler object";
}

}  // namespace

gl_sampler_object *gl_context::impl::find_sampler(gl_context &ctx, GLuint name) {
   const auto it = ctx.samplers_.find(name);
   return it == ctx.samplers_.end() ? nullptr : it->second.get();
}

void gl_context::impl::sampler_parameter(gl_context &ctx, const char *entry, GLuint sampler,
                                         GLenum pname, const param_values &v) {
   ++ctx.serial_;  // conservatively, also when the call fails
   gl_sampler_object *obj = find_sampler(ctx, sampler);
   if (!obj) {
      report(ctx, std::string(entry) + "(sampler " + std::to_string(sampler) + ")",
             invalid_operation(bad_sampler(sampler)));
      return;
   }
   param_status err = check_sampler_pname(ctx, pname);
   if (!err && v.is_scalar() && pname_count(pname) > 1)
      err = invalid_enum(format_enum(pname) + " takes four values; use a vector entry point");
   if (!err) {
      gl_sampler_attrib next = obj->Attrib;
      err = set_sampler_state(ctx, 0, pname, v, next);
      if (!err) {
         obj->Attrib = next;
         obj->Serial = gl_next_object_serial();
      }
   }
   if (err)
      report(ctx, std::string(entry) + "(" + format_enum(pname) + ", " + format_params(v, pname) + ")",
             *err);
}

std::optional<query_result> gl_context::impl::get_sampler_parameter(gl_context &ctx,
                                                                    const char *entry,
                                                                    GLuint sampler, GLenum pname) {
   const gl_sampler_object *obj = find_sampler(ctx, sampler);
   if (!obj) {
      report(ctx, std::string(entry) + "(sampler " + std::to_string(sampler) + ")",
             invalid_operation(bad_sampler(sampler)));
      return std::nullopt;
   }
   if (param_status err = check_sampler_pname(ctx, pname)) {
      report(ctx, std::string(entry) + "(" + format_enum(pname) + ")", *err);
      return std::nullopt;
   }
   return get_sampler_state(pname, obj->Attrib);
}

// ---- Names, binding, deletion ----

void gl_context::GenSamplers(GLsizei n, GLuint *samplers) {
   if (n < 0) {
      error(GL_INVALID_VALUE, "glGenSamplers(n = " + std::to_string(n) + "): n is negative");
      return;
   }
   if (n > 0 && impl::null_pointer(*this, "glGenSamplers", samplers))
      return;
   // GL 4.6 §8.2 says generated names acquire their state when first used by
   // BindSampler, SamplerParameter*, GetSamplerParameter* or IsSampler. Every one
   // of those behaves exactly as if the object existed from the start, so the
   // object is made now (the same as CreateSamplers).
   for (GLsizei k = 0; k < n; k++) {
      const GLuint name = next_sampler_name_++;
      auto obj = std::make_unique<gl_sampler_object>();
      obj->Name = name;
      samplers_[name] = std::move(obj);
      samplers[k] = name;
   }
}

void gl_context::CreateSamplers(GLsizei n, GLuint *samplers) {
   if (n < 0) {
      error(GL_INVALID_VALUE, "glCreateSamplers(n = " + std::to_string(n) + "): n is negative");
      return;
   }
   GenSamplers(n, samplers);
}

void gl_context::DeleteSamplers(GLsizei n, const GLuint *samplers) {
   ++serial_;  // conservatively, also when the call fails
   if (n < 0) {
      error(GL_INVALID_VALUE, "glDeleteSamplers(n = " + std::to_string(n) + "): n is negative");
      return;
   }
   if (n > 0 && impl::null_pointer(*this, "glDeleteSamplers", samplers))
      return;
   for (GLsizei k = 0; k < n; k++) {
      const GLuint name = samplers[k];
      if (name == 0 || !samplers_.count(name))
         continue;  // unused names and zero are silently ignored
      // "as though BindSampler is called with unit set to the unit the sampler is
      // bound to and sampler zero" — for every unit it is bound to.
      for (gl_texture_unit &u : units_)
         if (u.Sampler == name)
            u.Sampler = 0;
      samplers_.erase(name);
   }
}

GLboolean gl_context::IsSampler(GLuint sampler) {
   return sampler != 0 && samplers_.count(sampler) ? GL_TRUE : GL_FALSE;
}

void gl_context::BindSampler(GLuint unit, GLuint sampler) {
   ++serial_;  // conservatively, also when the call fails
   if (unit >= units_.size()) {
      error(GL_INVALID_VALUE, "glBindSampler(unit " + std::to_string(unit) + ", " +
                                 std::to_string(sampler) + "): unit is not below " +
                                 "GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS (" +
                                 std::to_string(units_.size()) + ")");
      return;
   }
   if (sampler != 0 && !samplers_.count(sampler)) {
      error(GL_INVALID_OPERATION, "glBindSampler(unit " + std::to_string(unit) + ", " +
                                     std::to_string(sampler) + "): " + bad_sampler(sampler));
      return;
   }
   units_[unit].Sampler = sampler;
}

// ---- glSamplerParameter* ----

void gl_context::SamplerParameteri(GLuint sampler, GLenum pname, GLint param) {
   impl::sampler_parameter(*this, "glSamplerParameteri", sampler, pname,
                           read_params(param_form::i, pname, &param));
}

void gl_context::SamplerParameterf(GLuint sampler, GLenum pname, GLfloat param) {
   impl::sampler_parameter(*this, "glSamplerParameterf", sampler, pname,
                           read_params(param_form::f, pname, &param));
}

void gl_context::SamplerParameteriv(GLuint sampler, GLenum pname, const GLint *params) {
   impl::sampler_parameter_v(*this, "glSamplerParameteriv", sampler, pname, param_form::iv, params);
}

void gl_context::SamplerParameterfv(GLuint sampler, GLenum pname, const GLfloat *params) {
   impl::sampler_parameter_v(*this, "glSamplerParameterfv", sampler, pname, param_form::fv, params);
}

void gl_context::SamplerParameterIiv(GLuint sampler, GLenum pname, const GLint *params) {
   impl::sampler_parameter_v(*this, "glSamplerParameterIiv", sampler, pname, param_form::Iiv, params);
}

void gl_context::SamplerParameterIuiv(GLuint sampler, GLenum pname, const GLuint *params) {
   impl::sampler_parameter_v(*this, "glSamplerParameterIuiv", sampler, pname, param_form::Iuiv, params);
}

// ---- glGetSamplerParameter* ----

void gl_context::GetSamplerParameteriv(GLuint sampler, GLenum pname, GLint *params) {
   impl::get_sampler_parameter_v(*this, "glGetSamplerParameteriv", sampler, pname, params, query_to_iv);
}

void gl_context::GetSamplerParameterfv(GLuint sampler, GLenum pname, GLfloat *params) {
   impl::get_sampler_parameter_v(*this, "glGetSamplerParameterfv", sampler, pname, params, query_to_fv);
}

void gl_context::GetSamplerParameterIiv(GLuint sampler, GLenum pname, GLint *params) {
   impl::get_sampler_parameter_v(*this, "glGetSamplerParameterIiv", sampler, pname, params, query_to_Iiv);
}

void gl_context::GetSamplerParameterIuiv(GLuint sampler, GLenum pname, GLuint *params) {
   impl::get_sampler_parameter_v(*this, "glGetSamplerParameterIuiv", sampler, pname, params,
                                 query_to_Iuiv);
}

}  // namespace clampler
