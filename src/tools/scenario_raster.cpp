// Rasterizer scenarios (docs/scenario.md, "rasterizer"): GL calls by entry-point name into the context, and the state tracker's answer as JSON.
#include "scenario_raster.h"

#include <cmath>
#include <string>

#include "clampler/gl/gl_enum_names.h"
#include "clampler/tools/scenario_error.h"

namespace clampler {

namespace {

[[noreturn]] void fail(const std::string &key, const std::string &what) { throw scenario_error(key + ": " + what); }

// An argument: an enum name, a boolean (GL_TRUE / GL_FALSE) or a number.
double arg(const ojson &v, const std::string &key) {
   if (v.is_string()) {
      GLenum e = 0;
      if (!gl_enum_from_name(v.get<std::string>(), &e))
         fail(key, "unknown GL enum name " + v.dump());
      return static_cast<double>(e);
   }
   if (v.is_boolean())
      return v.get<bool>() ? 1.0 : 0.0;
   if (!v.is_number())
      fail(key, "expected an enum name, a boolean or a number, got " + v.dump());
   const double d = v.get<double>();
   if (!std::isfinite(d) || std::fabs(d) > 3.4e38)
      fail(key, "out of the range of a GL value: " + v.dump());
   return d;
}

struct entry {
   const char *name;
   unsigned args;
   void (*call)(gl_context &, const double *);
};

GLenum E(double v) { return static_cast<GLenum>(static_cast<int64_t>(v)); }
GLint I(double v) { return static_cast<GLint>(std::llround(std::fmax(std::fmin(v, 2147483647.0), -2147483648.0))); }
GLfloat F(double v) { return static_cast<GLfloat>(v); }

const entry kEntries[] = {
   {"glShadeModel", 1, [](gl_context &c, const double *a) { c.ShadeModel(E(a[0])); }},
   {"glProvokingVertex", 1, [](gl_context &c, const double *a) { c.ProvokingVertex(E(a[0])); }},
   {"glFrontFace", 1, [](gl_context &c, const double *a) { c.FrontFace(E(a[0])); }},
   {"glCullFace", 1, [](gl_context &c, const double *a) { c.CullFace(E(a[0])); }},
   {"glPolygonMode", 2, [](gl_context &c, const double *a) { c.PolygonMode(E(a[0]), E(a[1])); }},
   {"glPolygonOffset", 2, [](gl_context &c, const double *a) { c.PolygonOffset(F(a[0]), F(a[1])); }},
   {"glPolygonOffsetClamp", 3, [](gl_context &c, const double *a) { c.PolygonOffsetClamp(F(a[0]), F(a[1]), F(a[2])); }},
   {"glLineWidth", 1, [](gl_context &c, const double *a) { c.LineWidth(F(a[0])); }},
   {"glLineStipple", 2,
    [](gl_context &c, const double *a) { c.LineStipple(I(a[0]), static_cast<uint16_t>(I(a[1]) & 0xffff)); }},
   {"glPointSize", 1, [](gl_context &c, const double *a) { c.PointSize(F(a[0])); }},
   {"glPointParameterf", 2, [](gl_context &c, const double *a) { c.PointParameterf(E(a[0]), F(a[1])); }},
   {"glPointParameteri", 2, [](gl_context &c, const double *a) { c.PointParameteri(E(a[0]), I(a[1])); }},
   {"glClampColor", 2, [](gl_context &c, const double *a) { c.ClampColor(E(a[0]), E(a[1])); }},
   {"glClipControl", 2, [](gl_context &c, const double *a) { c.ClipControl(E(a[0]), E(a[1])); }},
   {"glLightModeli", 2, [](gl_context &c, const double *a) { c.LightModeli(E(a[0]), I(a[1])); }},
   {"glEnable", 1, [](gl_context &c, const double *a) { c.Enable(E(a[0])); }},
   {"glDisable", 1, [](gl_context &c, const double *a) { c.Disable(E(a[0])); }},
   {"glActiveTexture", 1, [](gl_context &c, const double *a) { c.ActiveTexture(E(a[0])); }},
   {"glTexEnvi", 3, [](gl_context &c, const double *a) { c.TexEnvi(E(a[0]), E(a[1]), I(a[2])); }},
};

const char *face_name(pipe_face f) {
   switch (f) {
   case PIPE_FACE_FRONT: return "PIPE_FACE_FRONT";
   case PIPE_FACE_BACK: return "PIPE_FACE_BACK";
   case PIPE_FACE_FRONT_AND_BACK: return "PIPE_FACE_FRONT_AND_BACK";
   default: return "PIPE_FACE_NONE";
   }
}

const char *fill_name(pipe_polygon_mode m) {
   return m == PIPE_POLYGON_MODE_LINE    ? "PIPE_POLYGON_MODE_LINE"
          : m == PIPE_POLYGON_MODE_POINT ? "PIPE_POLYGON_MODE_POINT"
                                         : "PIPE_POLYGON_MODE_FILL";
}

}  // namespace

void apply_rasterizer(scenario &sc, const ojson &r) {
   if (!r.is_object())
      fail("rasterizer", "expected an object with \"calls\" and \"framebuffer\"");
   for (auto it = r.begin(); it != r.end(); ++it)
      if (it.key() != "calls" && it.key() != "framebuffer")
         fail("rasterizer." + it.key(), "unknown key");
   sc.has_rasterizer = true;
   if (r.contains("framebuffer")) {
      const ojson &fb = r["framebuffer"];
      if (!fb.is_object())
         fail("rasterizer.framebuffer", "expected an object");
      for (auto it = fb.begin(); it != fb.end(); ++it) {
         const std::string key = "rasterizer.framebuffer." + it.key();
         if (it.key() == "fbo" || it.key() == "fixed_point") {
            if (!it.value().is_boolean())
               fail(key, "expected true or false, got " + it.value().dump());
            (it.key() == "fbo" ? sc.framebuffer.user_fbo : sc.framebuffer.all_color_fixed_point) = it.value().get<bool>();
         } else if (it.key() == "samples") {
            if (!it.value().is_number_unsigned() || it.value().get<uint64_t>() > 64)
               fail(key, "expected an integer in [0, 64], got " + it.value().dump());
            sc.framebuffer.samples = it.value().get<unsigned>();
         } else {
            fail(key, "unknown key");
         }
      }
   }
   if (!r.contains("calls"))
      return;
   const ojson &calls = r["calls"];
   if (!calls.is_array())
      fail("rasterizer.calls", "expected an array of {\"glEntryPoint\": [arguments]}");
   // A call's GL error is listed with the call; the state stays as GL leaves it.
   const auto record_error = [&sc](const std::string &key, const std::string &name) {
      const GLenum err = sc.ctx->GetError();
      if (err != GL_NO_ERROR)
         sc.gl_errors.push_back({{"call", key},
                                 {"entry_point", name},
                                 {"error", gl_error_name(err)},
                                 {"message", sc.ctx->last_error_message()}});
   };
   for (size_t i = 0; i < calls.size(); ++i) {
      const std::string key = "rasterizer.calls[" + std::to_string(i) + "]";
      const ojson &c = calls[i];
      if (!c.is_object() || c.size() != 1)
         fail(key, "expected one {\"glEntryPoint\": [arguments]}, got " + c.dump());
      const std::string name = c.begin().key();
      const ojson &args = c.begin().value();
      if (name == "glPolygonStipple") {
         // One argument: the 128 bytes of the mask (32 rows of 4, bottom row first).
         if (!args.is_array() || args.size() != 1 || !args[0].is_array() || args[0].size() != 128)
            fail(key + ".glPolygonStipple", "expected one argument, an array of the mask's 128 bytes");
         uint8_t mask[128];
         for (unsigned k = 0; k < 128; ++k) {
            const ojson &b = args[0][k];
            if (!b.is_number_unsigned() || b.get<uint64_t>() > 255)
               fail(key + ".glPolygonStipple[0][" + std::to_string(k) + "]", "expected a byte, got " + b.dump());
            mask[k] = static_cast<uint8_t>(b.get<unsigned>());
         }
         sc.ctx->PolygonStipple(mask);
         record_error(key, name);
         continue;
      }
      const entry *e = nullptr;
      for (const entry &x : kEntries)
         if (name == x.name)
            e = &x;
      if (!e)
         fail(key, "\"" + name + "\" is not a rasterizer entry point clampler takes (docs/scenario.md)");
      if (!args.is_array() || args.size() != e->args)
         fail(key + "." + name, "expected " + std::to_string(e->args) + " argument(s) in an array, got " + args.dump());
      double a[3] = {0, 0, 0};
      for (unsigned k = 0; k < e->args; ++k)
         a[k] = arg(args[k], key + "." + name + "[" + std::to_string(k) + "]");
      e->call(*sc.ctx, a);
      record_error(key, name);
   }
}

ojson rasterizer_json(const pipe_rasterizer_state &r) {
   ojson j;
   j["flatshade"] = r.flatshade != 0;
   j["flatshade_first"] = r.flatshade_first != 0;
   j["light_twoside"] = r.light_twoside != 0;
   j["clamp_vertex_color"] = r.clamp_vertex_color != 0;
   j["clamp_fragment_color"] = r.clamp_fragment_color != 0;
   j["front_ccw"] = r.front_ccw != 0;
   j["cull_face"] = face_name(r.cull_face);
   j["fill_front"] = fill_name(r.fill_front);
   j["fill_back"] = fill_name(r.fill_back);
   j["offset_point"] = r.offset_point != 0;
   j["offset_line"] = r.offset_line != 0;
   j["offset_tri"] = r.offset_tri != 0;
   j["offset_units"] = r.offset_units;
   j["offset_scale"] = r.offset_scale;
   j["offset_clamp"] = r.offset_clamp;
   j["poly_smooth"] = r.poly_smooth != 0;
   j["poly_stipple_enable"] = r.poly_stipple_enable != 0;
   j["line_width"] = r.line_width;
   j["line_smooth"] = r.line_smooth != 0;
   j["line_stipple_enable"] = r.line_stipple_enable != 0;
   j["line_stipple_factor"] = r.line_stipple_factor;
   j["line_stipple_pattern"] = r.line_stipple_pattern;
   j["line_last_pixel"] = r.line_last_pixel != 0;
   j["point_size"] = r.point_size;
   j["point_size_per_vertex"] = r.point_size_per_vertex != 0;
   j["point_smooth"] = r.point_smooth != 0;
   j["point_quad_rasterization"] = r.point_quad_rasterization != 0;
   j["sprite_coord_enable"] = r.sprite_coord_enable;
   j["sprite_coord_mode"] =
      r.sprite_coord_mode == PIPE_SPRITE_COORD_LOWER_LEFT ? "PIPE_SPRITE_COORD_LOWER_LEFT" : "PIPE_SPRITE_COORD_UPPER_LEFT";
   j["scissor"] = r.scissor != 0;
   j["multisample"] = r.multisample != 0;
   j["half_pixel_center"] = r.half_pixel_center != 0;
   j["bottom_edge_rule"] = r.bottom_edge_rule != 0;
   j["depth_clip_near"] = r.depth_clip_near != 0;
   j["depth_clip_far"] = r.depth_clip_far != 0;
   j["clip_plane_enable"] = r.clip_plane_enable;
   j["clip_halfz"] = r.clip_halfz != 0;
   j["rasterizer_discard"] = r.rasterizer_discard != 0;
   return j;
}

ojson raster_key_json(const st_raster_key &k) {
   return {{"clamp_vertex_color", k.clamp_vertex_color},
           {"clamp_fragment_color", k.clamp_fragment_color},
           {"clip_halfz", k.clip_halfz}};
}

}  // namespace clampler
