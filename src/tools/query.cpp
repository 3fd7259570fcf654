// query_scenario: a scenario's txq answers (GL's), their names, and the device's answers through device sampling's view.
#include "clampler/tools/query.h"

#include <algorithm>
#include <sstream>

#include "clampler/gl/gl_enum_names.h"
#include "clampler/txq/txq.h"
#include "scenario.h"

#ifdef CLAMPLER_HAVE_ZINK
#include "clampler/sample/sample_device.h"
#include "clampler/zink/zink_sampler.h"
#include "clampler/zink/zink_sampler_cache.h"
#include "held_sampler.h"
#include "clampler/zink/zink_screen.h"
#endif

namespace clampler {
namespace {

const char *enum_name(GLenum v) { return gl_enum_name(v, "?"); }

ojson query_json(const scenario &sc, txq_language lang) {
   txq_result r;
   std::string error;
   if (!txq_query(*sc.ctx, 0, sc.target, lang, &r, &error))
      throw scenario_error("texture: " + error);
   ojson out;
   out["gl_errors"] = sc.gl_errors;
   out["target"] = enum_name(sc.target);
   out["mode"] = r.independent ? "independent" : "unified";
   out["language"] = lang == txq_language::gl ? "gl" : "opencl";
   out["complete"] = r.complete;
   out["base_level"] = r.range.base;
   out["max_level"] = r.range.max;
   const txq_texture_attribs &t = r.texture;
   out["texture"] = {{"width", t.width},
                     {"height", t.height},
                     {"depth", t.depth},
                     {"channel_data_type", t.channel_data_type},
                     {"channel_order", t.channel_order},
                     {"normalized_coords", t.normalized_coords},
                     {"array_size", t.array_size},
                     {"num_mipmap_levels", t.num_mipmap_levels},
                     {"num_samples", t.num_samples}};
   ojson levels = ojson::array();
   for (const txq_level_size &l : r.levels)
      levels.push_back({{"lod", l.lod}, {"width", l.width}, {"height", l.height}, {"depth", l.depth}});
   out["levels"] = levels;
   const txq_sampler_attribs &s = r.sampler;
   out["sampler"] = {{"force_unnormalized_coords", s.force_unnormalized_coords},
                     {"filter_mode", s.filter_mode},
                     {"addr_mode_0", s.addr_mode[0]},
                     {"addr_mode_1", s.addr_mode[1]},
                     {"addr_mode_2", s.addr_mode[2]}};
   out["names"] = {{"channel_data_type", txq_channel_data_type_name(lang, t.channel_data_type)},
                   {"channel_order", txq_channel_order_name(lang, t.channel_order)},
                   {"filter_mode", txq_filter_mode_name(s.filter_mode)},
                   {"addr_mode_0", txq_addr_mode_name(s.addr_mode[0])},
                   {"addr_mode_1", txq_addr_mode_name(s.addr_mode[1])},
                   {"addr_mode_2", txq_addr_mode_name(s.addr_mode[2])}};
   out["gl"] = {{"min_filter", enum_name(s.gl_min_filter)},
                {"mag_filter", enum_name(s.gl_mag_filter)},
                {"wrap_s", enum_name(s.gl_wrap[0])},
                {"wrap_t", enum_name(s.gl_wrap[1])},
                {"wrap_r", enum_name(s.gl_wrap[2])}};
   return out;
}

// GLSL's textureSize for `target` from glGetTexLevelParameter's sizes (txq levels).
std::array<int32_t, 3> texture_size(GLenum target, const ojson &level) {
   const int32_t w = level["width"], h = level["height"], d = level["depth"];
   switch (target) {
   case GL_TEXTURE_1D: return {w, 0, 0};
   case GL_TEXTURE_1D_ARRAY: return {w, h, 0};
   case GL_TEXTURE_3D:
   case GL_TEXTURE_2D_ARRAY: return {w, h, d};
   case GL_TEXTURE_CUBE_MAP_ARRAY: return {w, h, d / 6};
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY: return {w, h, d};
   case GL_TEXTURE_BUFFER: return {w, 0, 0};
   default: return {w, h, 0};  // 2D, rectangle, cube map, 2D multisample
   }
}

GLenum target_of(const ojson &q) {
   GLenum t = 0;
   gl_enum_from_name(q["target"].get<std::string>(), &t);
   return t;
}

ojson parse(const std::string &text) {
   try {
      return ojson::parse(text);
   } catch (const ojson::exception &e) {  // parse errors, and numbers out of range ("5E490")
      throw scenario_error(std::string("not valid JSON: ") + e.what());
   }
}

}  // namespace

ojson query_scenario(const std::string &text, txq_language lang) {
   const scenario sc = build_scenario(parse(text), nullptr, scenario_targets::all);
   return query_json(sc, lang);
}

std::string query_text(const ojson &q) {
   std::ostringstream o;
   o << q["target"].get<std::string>() << ", " << q["mode"].get<std::string>() << " mode ("
     << (q["mode"] == "unified" ? "the texture's own parameters" : "the bound sampler object's") << "), "
     << (q["complete"].get<bool>() ? "complete" : "incomplete") << ", levels " << q["base_level"] << ".."
     << q["max_level"] << "\n";
   for (const auto &e : q["gl_errors"])
      o << "GL error: " << e["error"].get<std::string>() << " " << e["message"].get<std::string>() << "\n";
   const auto line = [&](const std::string &name, const ojson &v, const std::string &what) {
      o << "  txq." << name << std::string(name.size() < 26 ? 26 - name.size() : 1, ' ') << v.dump();
      if (!what.empty())
         o << "  " << what;
      o << "\n";
   };
   for (const auto &[k, v] : q["texture"].items())
      line(k, v, q["names"].contains(k) ? q["names"][k].get<std::string>() : "");
   for (const auto &l : q["levels"])
      o << "  txq.level lod " << l["lod"] << ": width " << l["width"] << ", height " << l["height"] << ", depth "
        << l["depth"] << "\n";
   for (const auto &[k, v] : q["sampler"].items())
      line(k, v, q["names"].contains(k) ? q["names"][k].get<std::string>() : "");
   o << "  GL: min " << q["gl"]["min_filter"].get<std::string>() << ", mag " << q["gl"]["mag_filter"].get<std::string>()
     << ", wraps " << q["gl"]["wrap_s"].get<std::string>() << " " << q["gl"]["wrap_t"].get<std::string>() << " "
     << q["gl"]["wrap_r"].get<std::string>() << "\n";
   if (q.contains("device")) {
      const ojson &d = q["device"];
      if (d.contains("not_run")) {
         o << "device: not run: " << d["not_run"].get<std::string>() << "\n";
      } else {
         o << "device (" << d["name"].get<std::string>() << "): "
           << (d.contains("samples") ? "textureSamples " + d["samples"].dump()
                                     : "textureQueryLevels " + d["levels"].dump())
           << ", textureSize per lod " << d["sizes"].dump() << ": "
           << (d["matches"].get<bool>() ? "equal to GL's" : "DIFFERENT from GL's") << "\n";
         for (const auto &m : d["differences"])
            o << "  " << m.get<std::string>() << "\n";
      }
   }
   return o.str();
}

ojson query_gl_results(const ojson &q) {
   const GLenum target = target_of(q);
   ojson out = ojson::array();
   if (q["texture"]["num_samples"].get<uint32_t>() != 0)
      out.push_back({q["texture"]["num_samples"], 0, 0, 0});
   else if (txq_target_has_mipmaps(target))
      out.push_back({q["texture"]["num_mipmap_levels"], 0, 0, 0});
   for (const auto &l : q["levels"]) {
      const std::array<int32_t, 3> s = texture_size(target, l);
      out.push_back({s[0], s[1], s[2], 0});
   }
   return out;
}

ojson query_device_results(const ojson &q) {
   if (!q.contains("device"))
      throw scenario_error("device: the queries were not run on the device");
   const ojson &d = q["device"];
   if (d.contains("not_run"))
      throw scenario_error("device: " + d["not_run"].get<std::string>());
   ojson out = ojson::array();
   if (d.contains("samples"))
      out.push_back({d["samples"], 0, 0, 0});
   else if (txq_target_has_mipmaps(target_of(q)))
      out.push_back({d["levels"], 0, 0, 0});
   for (const auto &s : d["sizes"])
      out.push_back({s[0], s[1], s[2], 0});
   return out;
}

#ifdef CLAMPLER_HAVE_ZINK
namespace {

// Multisample and buffer textures: the image or texel buffer Vulkan holds them in (sample_query_fetch).
ojson fetch_device_json(const scenario &sc, const ojson &q, const zink_screen &screen, ojson d) {
   const gl_texture_object &tex = *sc.ctx->current_texture(0, sc.target);
   const util_format_description &desc = *util_format_describe(tex.Format);
   sample_fetch_texture t;
   t.format = tex.Format;
   t.target = sc.target;
   t.width = tex.Width;
   t.height = tex.Height;
   t.layers = sc.target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY ? tex.Depth : 1;
   t.samples = tex.Samples;
   t.buffer_bytes = tex.BufferSize;
   t.stencil = desc.gl_base_format == GL_STENCIL_INDEX ||
               (desc.gl_base_format == GL_DEPTH_STENCIL && tex.Attrib.StencilSampling);
   sample_fetch_query_result got;
   std::string error;
   if (!sample_query_fetch(screen, t, &got, &error)) {
      d["not_run"] = error;
      return d;
   }
   const std::array<int32_t, 3> want = texture_size(sc.target, q["levels"][0]);
   const int32_t want_samples = q["texture"]["num_samples"];
   ojson differences = ojson::array();
   if (got.size != want)
      differences.push_back("textureSize: device " + ojson(got.size).dump() + ", GL " + ojson(want).dump());
   if (got.samples != want_samples)
      differences.push_back("textureSamples: device " + std::to_string(got.samples) + ", GL " +
                            std::to_string(want_samples));
   d["levels"] = 0;
   if (sc.target != GL_TEXTURE_BUFFER)
      d["samples"] = got.samples;
   d["sizes"] = ojson::array({got.size});
   d["expected_sizes"] = ojson::array({want});
   d["matches"] = differences.empty();
   d["differences"] = differences;
   return d;
}

ojson device_json(const scenario &sc, const ojson &q, const zink_screen &screen) {
   ojson d;
   d["name"] = screen.device_caps().device_name;
   const gl_texture_object &tex = *sc.ctx->current_texture(0, sc.target);
   if (tex.Samples || sc.target == GL_TEXTURE_BUFFER)
      return fetch_device_json(sc, q, screen, std::move(d));
   std::string why;
   if (!sample_format_supported(screen, tex.Format, &why)) {
      d["not_run"] = "device sampling cannot create " + std::string(util_format_name(tex.Format)) + ": " + why;
      return d;
   }
   // Any sampler suits a query: pipe_sampler_state's defaults (NEAREST, REPEAT, normalized).
   pipe_sampler_state ps{};
   std::string warning, error;
   const zink_sampler_key key = zink_sampler_key_from_pipe(screen.device_caps(), ps, &warning,
                                                           screen.sampled_view(tex.Format));
   zink_sampler_cache &cache = zink_screen_sampler_cache(screen);
   VkResult vr = VK_SUCCESS;
   held_sampler held{cache, cache.acquire(key, &vr, &error)};
   if (!held.sampler)
      throw scenario_error("device: the device could not create a sampler: " + error);

   sample_request req;
   req.format = tex.Format;
   req.target = sc.target;
   req.width = tex.Width;
   req.height = tex.Height;
   req.depth = sc.target == GL_TEXTURE_CUBE_MAP ? 6 : tex.Depth;
   req.levels = tex.Levels;
   const util_format_description &desc = *util_format_describe(tex.Format);
   ref::ref_stored_texel zero;
   zero.count = desc.nr_channels;
   for (uint32_t l = 0; l < tex.Levels; ++l) {
      const gl_level_size s = gl_texture_level_size(tex, l);
      const uint32_t faces = sc.target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
      req.texels.emplace_back(static_cast<size_t>(s.width) * s.height * s.depth * faces, zero);
   }
   const gl_level_range range = gl_texture_level_range(tex);
   req.base_level = range.base;
   req.max_level = range.max;
   req.sampler = held.sampler->sampler;
   req.stencil = desc.gl_base_format == GL_STENCIL_INDEX ||
                 (desc.gl_base_format == GL_DEPTH_STENCIL && tex.Attrib.StencilSampling);
   sample_query_result got;
   if (!sample_query(screen, req, &got, &error))
      throw scenario_error("device: the device could not run the queries: " + error);

   d["levels"] = got.levels;
   ojson sizes = ojson::array(), expected = ojson::array(), differences = ojson::array();
   const bool has_levels_query = sc.target != GL_TEXTURE_RECTANGLE;
   // An incomplete texture's GL answer is 0 levels; the view holds what the storage has.
   if (has_levels_query && q["complete"].get<bool>() &&
       got.levels != q["texture"]["num_mipmap_levels"].get<int32_t>())
      differences.push_back("textureQueryLevels: device " + std::to_string(got.levels) + ", GL " +
                            q["texture"]["num_mipmap_levels"].dump());
   if (got.sizes.size() != q["levels"].size())
      differences.push_back("the view has " + std::to_string(got.sizes.size()) + " levels, GL " +
                            std::to_string(q["levels"].size()));
   for (size_t l = 0; l < got.sizes.size(); ++l) {
      sizes.push_back(got.sizes[l]);
      if (l >= q["levels"].size())
         continue;
      const std::array<int32_t, 3> want = texture_size(sc.target, q["levels"][l]);
      expected.push_back(want);
      if (got.sizes[l] != want)
         differences.push_back("textureSize lod " + std::to_string(l) + ": device " + ojson(got.sizes[l]).dump() +
                               ", GL " + ojson(want).dump());
   }
   d["sizes"] = sizes;
   d["expected_sizes"] = expected;
   d["matches"] = differences.empty();
   d["differences"] = differences;
   return d;
}

}  // namespace

ojson query_scenario_on_device(const std::string &text, txq_language lang, const zink_screen &device) {
   // The GL answer comes from the configurable screen's defaults: queries depend on no cap.
   const scenario sc = build_scenario(parse(text), nullptr, scenario_targets::all);
   ojson q = query_json(sc, lang);
   q["device"] = device_json(sc, q, device);
   return q;
}
#endif

}  // namespace clampler
