// Raster cases (include/clampler/tools/raster_case.h): one draw of GL polygons, probed pixel by pixel on the reference and on the device.
#include "clampler/tools/raster_case.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "clampler/gl/gl_enum_names.h"
#include "clampler/ref/ref_raster.h"
#include "gl_runner.h"
#include "scenario.h"

#ifdef CLAMPLER_HAVE_ZINK
#include "clampler/cso/cso_rasterizer.h"
#include "clampler/sample/sample_raster.h"
#include "clampler/st/st_context.h"
#include "clampler/st/st_rasterizer.h"
#include "clampler/zink/zink_rasterizer.h"
#include "clampler/zink/zink_screen.h"
#endif

namespace clampler {

namespace {

[[noreturn]] void fail(const std::string &key, const std::string &what) { throw scenario_error(key + ": " + what); }

double number(const ojson &v, const std::string &key) {
   if (!v.is_number())
      fail(key, "expected a number, got " + v.dump());
   return v.get<double>();
}

struct raster_case {
   scenario sc;
   ref::ref_raster_draw draw;
   bool back_colors = false;  // the vertices give "back_color": a vertex program writes gl_BackColor
   std::vector<std::pair<uint32_t, uint32_t>> pixels;
   // "coverage_tolerance": results carry alpha, a smooth line's partly covered pixels answered
   // with GL's coverage (ref_raster_draw::coverage); how far a side's alpha may lie from it.
   std::optional<double> coverage_tolerance;
};

raster_case parse(const std::string &text, const pipe_screen *device) {
   ojson doc = ojson::parse(text, nullptr, false);
   if (doc.is_discarded() || !doc.is_object())
      fail("scenario", "not a JSON object");
   if (!doc.contains("draw"))
      fail("draw", "missing (a raster case draws primitives)");
   if (!doc.contains("rasterizer"))
      fail("rasterizer", "missing (a raster case draws with a rasterizer state)");
   const ojson draw = doc["draw"], lookups = doc.contains("lookups") ? doc["lookups"] : ojson();
   if (doc.contains("tolerance") && (!doc["tolerance"].is_number() || doc["tolerance"].get<double>() < 0.0 ||
                                     doc["tolerance"].get<double>() > 1.0))
      fail("tolerance", "expected a number in [0, 1] (how far a side's component may lie from the reference)");
   std::optional<double> coverage_tolerance;
   if (doc.contains("coverage_tolerance")) {
      const ojson &t = doc["coverage_tolerance"];
      if (!t.is_number() || t.get<double>() < 0.0 || t.get<double>() > 1.0)
         fail("coverage_tolerance", "expected a number in [0, 1] (how far a side's alpha may lie from the "
                                    "reference's, GL's coverage of a smooth line)");
      coverage_tolerance = t.get<double>();
   }
   doc.erase("draw");
   doc.erase("lookups");
   doc.erase("tolerance");
   doc.erase("coverage_tolerance");
   if (doc.contains("texture"))
      fail("texture", "a raster case samples no texture");
   raster_case c{build_scenario(doc, device, scenario_targets::sampled, true), {}, {}, {}, coverage_tolerance};
   c.draw.coverage = coverage_tolerance.has_value();
   if (c.sc.framebuffer.samples > 1)
      fail("rasterizer.framebuffer.samples", "raster cases draw single-sampled (every side draws one sample)");
   if (!c.sc.framebuffer.all_color_fixed_point)
      fail("rasterizer.framebuffer.fixed_point", "raster cases draw into an RGBA8 (fixed-point) colour buffer");
   c.draw.core_profile = c.sc.ctx->profile() == gl_profile::core;

   if (!draw.is_object())
      fail("draw", "expected an object");
   for (auto it = draw.begin(); it != draw.end(); ++it)
      if (it.key() != "prim" && it.key() != "size" && it.key() != "flat" && it.key() != "vertices" &&
          it.key() != "show_texcoord")
         fail("draw." + it.key(), "unknown key (expected prim, size, flat, show_texcoord, vertices)");
   // GL's primitives; their GL values (0 .. 9) are Gallium's too.
   static const std::pair<const char *, pipe_prim_type> prims[] = {
      {"GL_POINTS", PIPE_PRIM_POINTS}, {"GL_LINES", PIPE_PRIM_LINES}, {"GL_LINE_LOOP", PIPE_PRIM_LINE_LOOP},
      {"GL_LINE_STRIP", PIPE_PRIM_LINE_STRIP}, {"GL_TRIANGLES", PIPE_PRIM_TRIANGLES}, {"GL_TRIANGLE_STRIP", PIPE_PRIM_TRIANGLE_STRIP},
      {"GL_TRIANGLE_FAN", PIPE_PRIM_TRIANGLE_FAN}, {"GL_QUADS", PIPE_PRIM_QUADS},
      {"GL_QUAD_STRIP", PIPE_PRIM_QUAD_STRIP}, {"GL_POLYGON", PIPE_PRIM_POLYGON}};
   bool known_prim = false;
   for (const auto &[name, p] : prims)
      if (draw.contains("prim") && draw["prim"] == name) {
         c.draw.prim = p;
         known_prim = true;
      }
   if (!known_prim)
      fail("draw.prim", "expected one of GL_POINTS, GL_LINES, GL_LINE_LOOP, GL_LINE_STRIP, GL_TRIANGLES, "
                        "GL_TRIANGLE_STRIP, GL_TRIANGLE_FAN, GL_QUADS, GL_QUAD_STRIP, GL_POLYGON");
   if (draw.contains("size")) {
      const ojson &s = draw["size"];
      if (!s.is_array() || s.size() != 2)
         fail("draw.size", "expected [width, height]");
      for (int k = 0; k < 2; ++k) {
         const double v = number(s[k], "draw.size[" + std::to_string(k) + "]");
         if (v < 1 || v > 1024 || v != std::floor(v))
            fail("draw.size[" + std::to_string(k) + "]", "expected a whole number in [1, 1024]");
         (k ? c.draw.height : c.draw.width) = static_cast<uint32_t>(v);
      }
   }
   if (draw.contains("flat")) {
      if (!draw["flat"].is_boolean())
         fail("draw.flat", "expected true or false");
      c.draw.flat = draw["flat"].get<bool>();
   }
   if (draw.contains("show_texcoord")) {
      if (!draw["show_texcoord"].is_boolean())
         fail("draw.show_texcoord", "expected true or false");
      c.draw.show_texcoord = draw["show_texcoord"].get<bool>();
   }
   c.draw.coord_replace = c.sc.ctx->unit(0).CoordReplace;
   if (!draw.contains("vertices") || !draw["vertices"].is_array() || draw["vertices"].empty() ||
       draw["vertices"].size() > 4096)
      fail("draw.vertices", "expected 1 to 4096 vertices");
   for (size_t i = 0; i < draw["vertices"].size(); ++i) {
      const ojson &v = draw["vertices"][i];
      const std::string key = "draw.vertices[" + std::to_string(i) + "]";
      if (!v.is_object() || !v.contains("clip") || !v["clip"].is_array() || v["clip"].size() != 3)
         fail(key + ".clip", "expected [x, y, z] in clip coordinates (w = 1)");
      for (auto it = v.begin(); it != v.end(); ++it)
         if (it.key() != "clip" && it.key() != "color" && it.key() != "back_color" && it.key() != "texcoord")
            fail(key + "." + it.key(), "unknown key (expected clip, color, back_color, texcoord)");
      ref::ref_raster_vertex rv;
      for (int k = 0; k < 3; ++k)
         rv.clip[k] = number(v["clip"][k], key + ".clip[" + std::to_string(k) + "]");
      if (v.contains("color")) {
         if (!v["color"].is_array() || v["color"].size() != 4)
            fail(key + ".color", "expected [r, g, b, a]");
         for (int k = 0; k < 4; ++k)
            rv.color[k] = number(v["color"][k], key + ".color[" + std::to_string(k) + "]");
      }
      if (v.contains("texcoord")) {
         if (!v["texcoord"].is_array() || v["texcoord"].size() != 4)
            fail(key + ".texcoord", "expected [s, t, r, q]");
         for (int k = 0; k < 4; ++k)
            rv.texcoord[k] = number(v["texcoord"][k], key + ".texcoord[" + std::to_string(k) + "]");
      }
      // Without a vertex program (no "back_color") GL has no separate back colour.
      std::copy(rv.color, rv.color + 4, rv.back_color);
      if (i == 0)
         c.back_colors = v.contains("back_color");
      if (v.contains("back_color") != c.back_colors)
         fail(key + ".back_color", "every vertex gives one when any does (the draw's vertex program writes "
                                   "gl_BackColor for every vertex)");
      if (c.back_colors) {
         if (!v["back_color"].is_array() || v["back_color"].size() != 4)
            fail(key + ".back_color", "expected [r, g, b, a]");
         for (int k = 0; k < 4; ++k)
            rv.back_color[k] = number(v["back_color"][k], key + ".back_color[" + std::to_string(k) + "]");
      }
      c.draw.vertices.push_back(rv);
   }
   if (!lookups.is_array() || lookups.empty())
      fail("lookups", "expected a non-empty array of {\"pixel\": [x, y]}");
   for (size_t i = 0; i < lookups.size(); ++i) {
      const std::string key = "lookups[" + std::to_string(i) + "].pixel";
      if (!lookups[i].is_object() || !lookups[i].contains("pixel") || !lookups[i]["pixel"].is_array() ||
          lookups[i]["pixel"].size() != 2)
         fail(key, "expected [x, y]");
      const double x = number(lookups[i]["pixel"][0], key + "[0]"), y = number(lookups[i]["pixel"][1], key + "[1]");
      if (x < 0 || y < 0 || x >= c.draw.width || y >= c.draw.height || x != std::floor(x) || y != std::floor(y))
         fail(key, "not a pixel of the " + std::to_string(c.draw.width) + "x" + std::to_string(c.draw.height) +
                      " framebuffer");
      c.pixels.emplace_back(static_cast<uint32_t>(x), static_cast<uint32_t>(y));
   }
   return c;
}

}  // namespace

ojson raster_case_reference(const std::string &text, bool quads_follow, bool stipple_unfilled) {
   raster_case c = parse(text, nullptr);
   c.draw.quads_follow = quads_follow;
   c.draw.stipple_unfilled = stipple_unfilled;
   ojson results = ojson::array();
   for (const auto &[x, y] : c.pixels) {
      std::string why;
      const auto p = ref::ref_raster_pixel_at(c.sc.ctx->raster(), c.draw, x, y, &why);
      if (!p)
         throw scenario_error("draw: " + why);
      ojson one = {p->color[0], p->color[1], p->color[2], p->depth};
      if (c.coverage_tolerance)
         one.push_back(p->color[3]);
      results.push_back(one);
   }
   return {{"results", results}};
}

ojson raster_case_gl(const std::string &text, gl_runner &gl) {
   const raster_case c = parse(text, nullptr);
   if (!c.sc.framebuffer.user_fbo)
      throw scenario_error("rasterizer.framebuffer: the GL runner draws into framebuffer objects only (EGL "
                           "surfaceless has no window)");
   gl_raster_request r;
   // The calls as the scenario gives them (parse() has validated them), enum names as numbers.
   const ojson doc = ojson::parse(text);
   for (const ojson &call : doc["rasterizer"].value("calls", ojson::array()))
      for (auto it = call.begin(); it != call.end(); ++it) {
         gl_raster_call rc{it.key(), {}};
         for (const ojson &a : it.value()) {
            GLenum v = 0;
            if (a.is_string() && gl_enum_from_name(a.get<std::string>(), &v))
               rc.args.push_back(v);
            else if (a.is_boolean())
               rc.args.push_back(a.get<bool>() ? 1.0 : 0.0);
            else if (a.is_number())
               rc.args.push_back(a.get<double>());
            else if (a.is_array())  // glPolygonStipple's mask: its bytes in order
               for (const ojson &b : a)
                  rc.args.push_back(b.get<double>());
            else
               throw scenario_error("rasterizer.calls: the GL runner cannot pass " + a.dump() + " to " + it.key());
         }
         r.calls.push_back(std::move(rc));
      }
   r.prim = c.draw.prim;
   r.width = c.draw.width;
   r.height = c.draw.height;
   r.flat = c.draw.flat;
   r.back_colors = c.back_colors;
   r.show_texcoord = c.draw.show_texcoord;
   for (const ref::ref_raster_vertex &v : c.draw.vertices) {
      gl_raster_request::vertex gv;
      std::copy(v.clip, v.clip + 3, gv.clip);
      std::copy(v.color, v.color + 4, gv.color);
      std::copy(v.back_color, v.back_color + 4, gv.back_color);
      std::copy(v.texcoord, v.texcoord + 4, gv.texcoord);
      r.vertices.push_back(gv);
   }
   for (const auto &[x, y] : c.pixels)
      r.pixels.push_back({x, y});
   gl_raster_result out;
   std::string error;
   if (!gl.draw_raster(r, &out, &error))
      throw scenario_error("GL: " + error);
   if (!out.call_errors.empty())
      throw scenario_error("GL: " + out.call_errors.front() + " (the scenario's GL state differs from the case's)");
   ojson results = ojson::array();
   for (const auto &p : out.pixels) {
      ojson one = {p[0], p[1], p[2], p[3]};
      if (c.coverage_tolerance)
         one.push_back(p[4]);
      results.push_back(one);
   }
   return {{"results", results}, {"quads_follow", out.quads_follow}};
}

#ifdef CLAMPLER_HAVE_ZINK
ojson raster_case_on_device(const std::string &text, const zink_screen &screen) {
   const raster_case c = parse(text, &screen);
   const gl_raster_attrib &gl = c.sc.ctx->raster();
   st_context st(screen, *c.sc.ctx);
   pipe_rasterizer_state raster;
   st_raster_key key;
   std::string warning;
   st_update_rasterizer(st, c.sc.framebuffer, &raster, &key, &warning);
   if (!warning.empty())
      throw scenario_error("rasterizer: " + warning);
   // The key's vertex colour clamping is the draw's vertex stage's (Vulkan has no state for it);
   // its fragment colour clamping is what the RGBA8 target does to what it stores.
   if (key.clip_halfz)
      throw scenario_error("rasterizer: the state needs a shader key device rasterization does not apply "
                           "(clip_halfz)");
   const zink_rasterizer_state state = zink_create_rasterizer(screen.device_caps(), cso_normalize_rasterizer(raster));

   // Gallium's viewport: y inverted for the window (y-down surface), not for an FBO, and once
   // more with an UPPER_LEFT clip origin.
   const bool invert = !c.sc.framebuffer.user_fbo != (gl.ClipOrigin == GL_UPPER_LEFT);
   raster_request r;
   r.prim = c.draw.prim;
   r.width = c.draw.width;
   r.height = c.draw.height;
   r.flat = c.draw.flat || gl.ShadeModel == GL_FLAT;
   r.show_texcoord = c.draw.show_texcoord;
   r.clamp_vertex_color = key.clamp_vertex_color;
   r.stipple_rows = st_polygon_stipple_rows(gl, c.sc.framebuffer, c.draw.height);
   for (const ref::ref_raster_vertex &v : c.draw.vertices) {
      raster_vertex rv;
      for (int k = 0; k < 3; ++k)
         rv.position[k] = static_cast<float>(v.clip[k]);
      rv.position[1] = invert ? -rv.position[1] : rv.position[1];
      for (int k = 0; k < 4; ++k) {
         rv.color[k] = static_cast<float>(v.color[k]);
         rv.back_color[k] = static_cast<float>(v.back_color[k]);
         rv.texcoord[k] = static_cast<float>(v.texcoord[k]);
      }
      r.vertices.push_back(rv);
   }
   raster_image img;
   std::string error;
   if (!sample_raster_draw(screen, state, r, &img, &error))
      throw scenario_error("device: " + error);
   ojson results = ojson::array();
   for (const auto &[x, y] : c.pixels) {
      // GL's row y: stored bottom-up in an FBO, top-down in the window.
      const uint32_t row = c.sc.framebuffer.user_fbo ? y : c.draw.height - 1 - y;
      const uint8_t *p = img.pixel(x, row);
      ojson one = {p[0] / 255.0, p[1] / 255.0, p[2] / 255.0, static_cast<double>(img.depth_at(x, row))};
      if (c.coverage_tolerance)
         one.push_back(p[3] / 255.0);
      results.push_back(one);
   }
   return {{"results", results}};
}
#endif

}  // namespace clampler
