// gl_context's rasterizer state: shading, provoking vertex, facing and culling, polygon mode / offset / stipple, lines, points, clamping, clip control, with GL 4.6's errors.
//
// GL 4.6 core and compatibility profiles, §13-14 and the compatibility profile's §12.2 (two-sided
// lighting) and §14.4.1-14.6 (stipples, point sprites). A call that raises an error changes no
// state. The core profile removed some entry points (glShadeModel, glLineStipple,
// glPolygonStipple, glLightModel, glTexEnv): called there they raise GL_INVALID_OPERATION, as a
// core context's dispatch does for a function it lacks; a value the core profile removed from an
// entry point it kept (glPolygonMode(GL_FRONT), glEnable(GL_LINE_STIPPLE), ...) is GL_INVALID_ENUM.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "gl_context_impl.h"

namespace clampler {

using namespace gl_detail;

namespace {

std::string fmt(GLfloat v) { return format_float(v); }

// The on / off capabilities of the rasterizer: which flag, and whether only the compatibility
// profile has it.
struct raster_cap {
   GLenum cap;
   bool compatibility_only;
   bool gl_raster_attrib::*flag;
};
constexpr raster_cap kCaps[] = {
   {GL_CULL_FACE, false, &gl_raster_attrib::CullFace},
   {GL_POLYGON_OFFSET_POINT, false, &gl_raster_attrib::OffsetPoint},
   {GL_POLYGON_OFFSET_LINE, false, &gl_raster_attrib::OffsetLine},
   {GL_POLYGON_OFFSET_FILL, false, &gl_raster_attrib::OffsetFill},
   {GL_POLYGON_SMOOTH, false, &gl_raster_attrib::PolygonSmooth},
   {GL_POLYGON_STIPPLE, true, &gl_raster_attrib::PolygonStipple},
   {GL_LINE_SMOOTH, false, &gl_raster_attrib::LineSmooth},
   {GL_LINE_STIPPLE, true, &gl_raster_attrib::LineStipple},
   {GL_POINT_SMOOTH, true, &gl_raster_attrib::PointSmooth},
   {GL_PROGRAM_POINT_SIZE, false, &gl_raster_attrib::ProgramPointSize},
   {GL_POINT_SPRITE, true, &gl_raster_attrib::PointSprite},
   {GL_MULTISAMPLE, false, &gl_raster_attrib::Multisample},
   {GL_SCISSOR_TEST, false, &gl_raster_attrib::Scissor},
   {GL_RASTERIZER_DISCARD, false, &gl_raster_attrib::RasterizerDiscard},
   {GL_DEPTH_CLAMP, false, &gl_raster_attrib::DepthClamp},
   {GL_VERTEX_PROGRAM_TWO_SIDE, true, &gl_raster_attrib::VertexProgramTwoSide},
};

const raster_cap *find_cap(GLenum cap) {
   for (const raster_cap &c : kCaps)
      if (c.cap == cap)
         return &c;
   return nullptr;
}

bool is_clip_distance(const gl_context &ctx, GLenum cap) {
   return cap >= GL_CLIP_DISTANCE0 && cap < GL_CLIP_DISTANCE0 + ctx.limits().MaxClipDistances;
}

}  // namespace

bool gl_context::impl::raster_enable(gl_context &ctx, const char *entry, GLenum cap, bool on) {
   const std::string call = std::string(entry) + "(" + format_enum(cap) + ")";
   if (is_clip_distance(ctx, cap)) {
      ++ctx.raster_serial_;
      const uint32_t bit = 1u << (cap - GL_CLIP_DISTANCE0);
      ctx.raster_.ClipDistances = on ? ctx.raster_.ClipDistances | bit : ctx.raster_.ClipDistances & ~bit;
      return true;
   }
   const raster_cap *c = find_cap(cap);
   if (!c)
      return false;
   ++ctx.raster_serial_;
   if (c->compatibility_only && ctx.profile_ == gl_profile::core) {
      report(ctx, call, invalid_enum(format_enum(cap) + " is not part of the core profile"));
      return true;
   }
   ctx.raster_.*(c->flag) = on;
   return true;
}

bool gl_context::impl::raster_is_enabled(gl_context &ctx, GLenum cap, GLboolean *value) {
   if (is_clip_distance(ctx, cap)) {
      *value = (ctx.raster_.ClipDistances >> (cap - GL_CLIP_DISTANCE0) & 1u) ? GL_TRUE : GL_FALSE;
      return true;
   }
   const raster_cap *c = find_cap(cap);
   if (!c)
      return false;
   if (c->compatibility_only && ctx.profile_ == gl_profile::core) {
      report(ctx, "glIsEnabled(" + format_enum(cap) + ")", invalid_enum(format_enum(cap) + " is not part of the core profile"));
      *value = GL_FALSE;
      return true;
   }
   *value = ctx.raster_.*(c->flag) ? GL_TRUE : GL_FALSE;
   return true;
}

namespace {

// One of `allowed`, else GL_INVALID_ENUM naming what was given.
param_status one_of(GLenum v, std::initializer_list<GLenum> allowed, const char *what) {
   for (GLenum a : allowed)
      if (a == v)
         return std::nullopt;
   return invalid_enum(format_enum(v) + " is not a valid " + what);
}

}  // namespace

// Removed from the core profile: records GL_INVALID_OPERATION and returns true there.
bool gl_context::impl::core_removed(gl_context &ctx, const char *name, const std::string &call) {
   if (ctx.profile_ != gl_profile::core)
      return false;
   report(ctx, call, invalid_operation(std::string(name) + " is not part of the core profile"));
   return true;
}

void gl_context::ShadeModel(GLenum mode) {
   ++raster_serial_;
   const std::string call = "glShadeModel(" + format_enum(mode) + ")";
   if (impl::core_removed(*this, "glShadeModel", call))
      return;
   if (param_status e = one_of(mode, {GL_FLAT, GL_SMOOTH}, "shading model"))
      return impl::report(*this, call, *e);
   raster_.ShadeModel = mode;
}

void gl_context::ProvokingVertex(GLenum mode) {
   ++raster_serial_;
   if (param_status e = one_of(mode, {GL_FIRST_VERTEX_CONVENTION, GL_LAST_VERTEX_CONVENTION}, "provoking vertex convention"))
      return impl::report(*this, "glProvokingVertex(" + format_enum(mode) + ")", *e);
   raster_.ProvokingVertex = mode;
}

void gl_context::FrontFace(GLenum mode) {
   ++raster_serial_;
   if (param_status e = one_of(mode, {GL_CW, GL_CCW}, "front face orientation"))
      return impl::report(*this, "glFrontFace(" + format_enum(mode) + ")", *e);
   raster_.FrontFace = mode;
}

void gl_context::CullFace(GLenum mode) {
   ++raster_serial_;
   if (param_status e = one_of(mode, {GL_FRONT, GL_BACK, GL_FRONT_AND_BACK}, "face to cull"))
      return impl::report(*this, "glCullFace(" + format_enum(mode) + ")", *e);
   raster_.CullFaceMode = mode;
}

void gl_context::PolygonMode(GLenum face, GLenum mode) {
   ++raster_serial_;
   const std::string call = "glPolygonMode(" + format_enum(face) + ", " + format_enum(mode) + ")";
   // GL 4.6 core §14.6.4: face must be FRONT_AND_BACK; the compatibility profile also takes FRONT
   // and BACK.
   if (profile_ == gl_profile::core && face != GL_FRONT_AND_BACK)
      return impl::report(*this, call,
                          invalid_enum(format_enum(face) + ": the core profile takes only GL_FRONT_AND_BACK"));
   if (param_status e = one_of(face, {GL_FRONT, GL_BACK, GL_FRONT_AND_BACK}, "polygon face"))
      return impl::report(*this, call, *e);
   if (param_status e = one_of(mode, {GL_POINT, GL_LINE, GL_FILL}, "polygon mode"))
      return impl::report(*this, call, *e);
   if (face != GL_BACK)
      raster_.FrontMode = mode;
   if (face != GL_FRONT)
      raster_.BackMode = mode;
}

void gl_context::PolygonOffset(GLfloat factor, GLfloat units) {
   ++raster_serial_;
   raster_.OffsetFactor = factor;
   raster_.OffsetUnits = units;
   raster_.OffsetClamp = 0.0f;  // glPolygonOffset is glPolygonOffsetClamp with clamp 0 (GL 4.6 §14.6.5)
}

void gl_context::PolygonOffsetClamp(GLfloat factor, GLfloat units, GLfloat clamp) {
   ++raster_serial_;
   raster_.OffsetFactor = factor;
   raster_.OffsetUnits = units;
   raster_.OffsetClamp = clamp;
}

void gl_context::PolygonStipple(const uint8_t *mask) {
   ++raster_serial_;
   if (impl::core_removed(*this, "glPolygonStipple", "glPolygonStipple"))
      return;
   if (impl::null_pointer(*this, "glPolygonStipple", mask))
      return;
   // 32 rows of 4 bytes, the first byte's most significant bit the leftmost pixel
   // (GL_UNPACK_LSB_FIRST false, the default).
   for (unsigned row = 0; row < 32; ++row) {
      uint32_t bits = 0;
      for (unsigned b = 0; b < 4; ++b)
         bits = bits << 8 | mask[row * 4 + b];
      raster_.StipplePattern[row] = bits;
   }
}

void gl_context::GetPolygonStipple(uint8_t *mask) {
   if (impl::core_removed(*this, "glGetPolygonStipple", "glGetPolygonStipple"))
      return;
   if (impl::null_pointer(*this, "glGetPolygonStipple", mask))
      return;
   for (unsigned row = 0; row < 32; ++row)
      for (unsigned b = 0; b < 4; ++b)
         mask[row * 4 + b] = static_cast<uint8_t>(raster_.StipplePattern[row] >> (24 - 8 * b));
}

void gl_context::LineWidth(GLfloat width) {
   ++raster_serial_;
   const std::string call = "glLineWidth(" + fmt(width) + ")";
   if (!(width > 0.0f))  // NaN included
      return impl::report(*this, call, invalid_value("the width must be greater than 0"));
   if (profile_ == gl_profile::core && limits_.ForwardCompatible && width > 1.0f)
      return impl::report(*this, call,
                          invalid_value("wide lines are removed from a forward-compatible core context (GL 4.6 §E.2.1)"));
   raster_.LineWidth = width;
}

void gl_context::LineStipple(GLint factor, uint16_t pattern) {
   ++raster_serial_;
   if (impl::core_removed(*this, "glLineStipple", "glLineStipple(" + std::to_string(factor) + ", " + std::to_string(pattern) + ")"))
      return;
   raster_.LineStippleFactor = std::clamp(factor, 1, 256);  // clamped, never an error
   raster_.LineStipplePattern = pattern;
}

void gl_context::PointSize(GLfloat size) {
   ++raster_serial_;
   if (!(size > 0.0f))
      return impl::report(*this, "glPointSize(" + fmt(size) + ")", invalid_value("the size must be greater than 0"));
   raster_.PointSize = size;
}

void gl_context::PointParameterfv(GLenum pname, const GLfloat *params) {
   ++raster_serial_;
   const std::string call = "glPointParameterfv(" + format_enum(pname) + ")";
   if (impl::null_pointer(*this, "glPointParameterfv", params))
      return;
   const bool core = profile_ == gl_profile::core;
   switch (pname) {
   case GL_POINT_SIZE_MIN:
   case GL_POINT_SIZE_MAX:
   case GL_POINT_FADE_THRESHOLD_SIZE:
      if (core && pname != GL_POINT_FADE_THRESHOLD_SIZE)
         return impl::report(*this, call, invalid_enum(format_enum(pname) + " is not part of the core profile"));
      if (!(params[0] >= 0.0f))
         return impl::report(*this, call, invalid_value(format_enum(pname) + " must not be negative, got " + fmt(params[0])));
      (pname == GL_POINT_SIZE_MIN   ? raster_.PointSizeMin
       : pname == GL_POINT_SIZE_MAX ? raster_.PointSizeMax
                                    : raster_.PointFadeThreshold) = params[0];
      return;
   case GL_POINT_DISTANCE_ATTENUATION:
      if (core)
         return impl::report(*this, call, invalid_enum("GL_POINT_DISTANCE_ATTENUATION is not part of the core profile"));
      raster_.PointAttenuation = {params[0], params[1], params[2]};
      return;
   case GL_POINT_SPRITE_COORD_ORIGIN: {
      const GLenum v = static_cast<GLenum>(params[0]);
      if (static_cast<GLfloat>(v) != params[0] || one_of(v, {GL_LOWER_LEFT, GL_UPPER_LEFT}, ""))
         return impl::report(*this, call,
                             invalid_enum(fmt(params[0]) + " is not GL_LOWER_LEFT or GL_UPPER_LEFT"));
      raster_.PointSpriteOrigin = v;
      return;
   }
   default:
      return impl::report(*this, call, invalid_enum(format_enum(pname) + " is not a point parameter"));
   }
}

void gl_context::PointParameterf(GLenum pname, GLfloat param) {
   if (pname == GL_POINT_DISTANCE_ATTENUATION) {  // a vector parameter: glPointParameterfv only
      ++raster_serial_;
      return impl::report(*this, "glPointParameterf(GL_POINT_DISTANCE_ATTENUATION)",
                          invalid_enum("GL_POINT_DISTANCE_ATTENUATION takes three values (glPointParameterfv)"));
   }
   PointParameterfv(pname, &param);
}

void gl_context::PointParameteri(GLenum pname, GLint param) {
   if (pname == GL_POINT_DISTANCE_ATTENUATION) {
      ++raster_serial_;
      return impl::report(*this, "glPointParameteri(GL_POINT_DISTANCE_ATTENUATION)",
                          invalid_enum("GL_POINT_DISTANCE_ATTENUATION takes three values (glPointParameteriv)"));
   }
   const GLfloat f = static_cast<GLfloat>(param);
   PointParameterfv(pname, &f);
}

void gl_context::ClampColor(GLenum target, GLenum clamp) {
   ++raster_serial_;
   const std::string call = "glClampColor(" + format_enum(target) + ", " + format_enum(clamp) + ")";
   if (param_status e = one_of(target, {GL_CLAMP_VERTEX_COLOR, GL_CLAMP_FRAGMENT_COLOR, GL_CLAMP_READ_COLOR},
                               "colour clamping target"))
      return impl::report(*this, call, *e);
   if (profile_ == gl_profile::core && target != GL_CLAMP_READ_COLOR)
      return impl::report(*this, call, invalid_enum(format_enum(target) + " is not part of the core profile"));
   if (param_status e = one_of(clamp, {GL_TRUE, GL_FALSE, GL_FIXED_ONLY}, "colour clamping value"))
      return impl::report(*this, call, *e);
   (target == GL_CLAMP_VERTEX_COLOR     ? raster_.ClampVertexColor
    : target == GL_CLAMP_FRAGMENT_COLOR ? raster_.ClampFragmentColor
                                        : raster_.ClampReadColor) = clamp;
}

void gl_context::ClipControl(GLenum origin, GLenum depth) {
   ++raster_serial_;
   const std::string call = "glClipControl(" + format_enum(origin) + ", " + format_enum(depth) + ")";
   if (param_status e = one_of(origin, {GL_LOWER_LEFT, GL_UPPER_LEFT}, "clip origin"))
      return impl::report(*this, call, *e);
   if (param_status e = one_of(depth, {GL_NEGATIVE_ONE_TO_ONE, GL_ZERO_TO_ONE}, "clip depth mode"))
      return impl::report(*this, call, *e);
   raster_.ClipOrigin = origin;
   raster_.ClipDepthMode = depth;
}

void gl_context::LightModeli(GLenum pname, GLint param) {
   ++raster_serial_;
   const std::string call = "glLightModeli(" + format_enum(pname) + ", " + std::to_string(param) + ")";
   if (impl::core_removed(*this, "glLightModeli", call))
      return;
   switch (pname) {
   case GL_LIGHT_MODEL_TWO_SIDE: raster_.LightModelTwoSide = param != 0; return;
   case GL_LIGHT_MODEL_LOCAL_VIEWER: raster_.LightModelLocalViewer = param != 0; return;
   case GL_LIGHT_MODEL_COLOR_CONTROL:
      if (param_status e = one_of(static_cast<GLenum>(param), {GL_SINGLE_COLOR, GL_SEPARATE_SPECULAR_COLOR},
                                  "light model colour control"))
         return impl::report(*this, call, *e);
      raster_.LightModelColorControl = static_cast<GLenum>(param);
      return;
   default:
      // GL_LIGHT_MODEL_AMBIENT takes four values (glLightModelfv).
      return impl::report(*this, call, invalid_enum(format_enum(pname) + " is not a scalar light model parameter"));
   }
}

void gl_context::TexEnvi(GLenum target, GLenum pname, GLint param) {
   ++raster_serial_;
   const std::string call =
      "glTexEnvi(" + format_enum(target) + ", " + format_enum(pname) + ", " + std::to_string(param) + ")";
   if (impl::core_removed(*this, "glTexEnvi", call))
      return;
   if (target == GL_TEXTURE_FILTER_CONTROL)
      return TexEnvf(target, pname, static_cast<GLfloat>(param));
   if (target != GL_POINT_SPRITE)
      return impl::report(*this, call, invalid_enum("only GL_POINT_SPRITE and GL_TEXTURE_FILTER_CONTROL are supported"));
   if (pname != GL_COORD_REPLACE)
      return impl::report(*this, call, invalid_enum(format_enum(pname) + " is not a GL_POINT_SPRITE parameter"));
   if (param != GL_TRUE && param != GL_FALSE)
      return impl::report(*this, call, invalid_value("GL_COORD_REPLACE takes GL_TRUE or GL_FALSE"));
   units_[active_unit_].CoordReplace = param == GL_TRUE;
}

// ---- Queries ----

namespace {

// The values of a rasterizer pname (as floats), or false when clampler does not track it (or,
// `*core_removed`, the core profile has no such state).
bool raster_values(const gl_context &ctx, GLenum pname, std::vector<double> *v, bool *is_enum, bool *core_removed) {
   const gl_raster_attrib &r = ctx.raster();
   const gl_limits &l = ctx.limits();
   const bool core = ctx.profile() == gl_profile::core;
   *is_enum = false;
   *core_removed = false;
   const auto removed = [&]() {
      *core_removed = true;
      return false;
   };
   auto e = [&](GLenum x) {
      *is_enum = true;
      v->push_back(static_cast<double>(x));
   };
   switch (pname) {
   case GL_SHADE_MODEL: if (core) return removed(); e(r.ShadeModel); return true;
   case GL_PROVOKING_VERTEX: e(r.ProvokingVertex); return true;
   case GL_FRONT_FACE: e(r.FrontFace); return true;
   case GL_CULL_FACE_MODE: e(r.CullFaceMode); return true;
   case GL_POLYGON_MODE: e(r.FrontMode); e(r.BackMode); return true;
   case GL_POLYGON_OFFSET_FACTOR: v->push_back(r.OffsetFactor); return true;
   case GL_POLYGON_OFFSET_UNITS: v->push_back(r.OffsetUnits); return true;
   case GL_POLYGON_OFFSET_CLAMP: v->push_back(r.OffsetClamp); return true;
   case GL_LINE_WIDTH: v->push_back(r.LineWidth); return true;
   case GL_LINE_STIPPLE_PATTERN: if (core) return removed(); v->push_back(r.LineStipplePattern); return true;
   case GL_LINE_STIPPLE_REPEAT: if (core) return removed(); v->push_back(r.LineStippleFactor); return true;
   case GL_ALIASED_LINE_WIDTH_RANGE:
   case GL_SMOOTH_LINE_WIDTH_RANGE: v->push_back(1.0); v->push_back(l.MaxLineWidth); return true;
   case GL_POINT_SIZE: v->push_back(r.PointSize); return true;
   case GL_ALIASED_POINT_SIZE_RANGE: if (core) return removed(); v->push_back(1.0); v->push_back(l.MaxPointSize); return true;
   case GL_POINT_SIZE_MIN: if (core) return removed(); v->push_back(r.PointSizeMin); return true;
   case GL_POINT_SIZE_MAX: if (core) return removed(); v->push_back(r.PointSizeMax); return true;
   case GL_POINT_FADE_THRESHOLD_SIZE: v->push_back(r.PointFadeThreshold); return true;
   case GL_POINT_DISTANCE_ATTENUATION:
      if (core) return removed();
      v->assign(r.PointAttenuation.begin(), r.PointAttenuation.end());
      return true;
   case GL_POINT_SPRITE_COORD_ORIGIN: e(r.PointSpriteOrigin); return true;
   case GL_MAX_CLIP_DISTANCES: v->push_back(l.MaxClipDistances); return true;
   case GL_CLIP_ORIGIN: e(r.ClipOrigin); return true;
   case GL_CLIP_DEPTH_MODE: e(r.ClipDepthMode); return true;
   case GL_CLAMP_VERTEX_COLOR: if (core) return removed(); e(r.ClampVertexColor); return true;
   case GL_CLAMP_FRAGMENT_COLOR: if (core) return removed(); e(r.ClampFragmentColor); return true;
   case GL_CLAMP_READ_COLOR: e(r.ClampReadColor); return true;
   case GL_LIGHT_MODEL_TWO_SIDE: if (core) return removed(); v->push_back(r.LightModelTwoSide ? 1 : 0); return true;
   case GL_LIGHT_MODEL_LOCAL_VIEWER: if (core) return removed(); v->push_back(r.LightModelLocalViewer ? 1 : 0); return true;
   case GL_LIGHT_MODEL_COLOR_CONTROL: if (core) return removed(); e(r.LightModelColorControl); return true;
   default: return false;
   }
}

}  // namespace

void gl_context::GetIntegerv(GLenum pname, GLint *params) {
   if (impl::null_pointer(*this, "glGetIntegerv", params))
      return;
   std::vector<double> v;
   bool is_enum = false;
   GLboolean enabled = GL_FALSE;
   if (impl::raster_is_enabled(*this, pname, &enabled)) {  // an enable: its boolean
      params[0] = enabled;
      return;
   }
   bool core_removed = false;
   if (!raster_values(*this, pname, &v, &is_enum, &core_removed))
      return impl::report(*this, "glGetIntegerv(" + format_enum(pname) + ")",
                          invalid_enum(format_enum(pname) + (core_removed ? " is not part of the core profile"
                                                                          : " is not a state clampler tracks")));
   // Floating-point state converts to the nearest integer (GL 4.6 §2.2.2).
   for (size_t i = 0; i < v.size(); ++i)
      params[i] = static_cast<GLint>(is_enum ? v[i] : std::lround(v[i]));
}

void gl_context::GetFloatv(GLenum pname, GLfloat *params) {
   if (impl::null_pointer(*this, "glGetFloatv", params))
      return;
   std::vector<double> v;
   bool is_enum = false;
   GLboolean enabled = GL_FALSE;
   if (impl::raster_is_enabled(*this, pname, &enabled)) {
      params[0] = enabled ? 1.0f : 0.0f;
      return;
   }
   bool core_removed = false;
   if (!raster_values(*this, pname, &v, &is_enum, &core_removed))
      return impl::report(*this, "glGetFloatv(" + format_enum(pname) + ")",
                          invalid_enum(format_enum(pname) + (core_removed ? " is not part of the core profile"
                                                                          : " is not a state clampler tracks")));
   for (size_t i = 0; i < v.size(); ++i)
      params[i] = static_cast<GLfloat>(v[i]);
}

}  // namespace clampler
