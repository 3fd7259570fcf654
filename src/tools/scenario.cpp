// Scenario parsing for clampler explain: JSON -> GL calls, with errors that name the offending key.
#include "scenario.h"

#include <cmath>
#include <vector>

#include "clampler/gl/gl_enum_names.h"
#include "clampler/tools/scenario_error.h"
#include "scenario_raster.h"

namespace clampler {
namespace {

[[noreturn]] void fail(const std::string &key, const std::string &what) {
   throw scenario_error(key + ": " + what);
}

GLenum enum_value(const ojson &v, const std::string &key) {
   if (!v.is_string())
      fail(key, "expected a GL enum name (string), got " + v.dump());
   GLenum e;
   if (!gl_enum_from_name(v.get<std::string>(), &e))
      fail(key, "unknown GL enum name " + v.dump());
   return e;
}

int64_t int_value(const ojson &v, const std::string &key, int64_t lo, int64_t hi) {
   // Unsigned values above INT64_MAX would wrap in get<int64_t>(): reject them first.
   const bool too_big = v.is_number_unsigned() && v.get<uint64_t>() > static_cast<uint64_t>(INT64_MAX);
   if (!v.is_number_integer() || too_big || v.get<int64_t>() < lo || v.get<int64_t>() > hi)
      fail(key, "expected an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) +
                   "], got " + v.dump());
   return v.get<int64_t>();
}

float float_value(const ojson &v, const std::string &key) {
   if (!v.is_number())
      fail(key, "expected a number, got " + v.dump());
   const double d = v.get<double>();
   if (std::fabs(d) > 3.4028234663852886e38)
      fail(key, "out of the range of a float (use \"inf\" or \"-inf\" in an f/fv entry point): " + v.dump());
   return static_cast<float>(d);
}

// Records the GL error (if any) raised by the call just made for `pname`.
void collect_error(scenario &sc, const std::string &pname, const char *entry) {
   const GLenum err = sc.ctx->GetError();
   if (err != GL_NO_ERROR)
      sc.gl_errors.push_back({{"pname", pname},
                              {"entry_point", entry},
                              {"error", gl_error_name(err)},
                              {"message", sc.ctx->last_error_message()}});
}

// One parameter value, through the entry point its JSON form selects.
void apply_param(scenario &sc, bool on_sampler, const std::string &pname_str, const ojson &value,
                 const std::string &key) {
   GLenum pname;
   if (!gl_enum_from_name(pname_str, &pname))
      fail(key, "unknown GL enum name \"" + pname_str + "\"");
   gl_context &gl = *sc.ctx;
   const GLuint s = sc.sampler;
   const GLenum t = sc.target;
   std::string form;
   ojson arg = value;
   if (value.is_object()) {
      if (value.size() != 1)
         fail(key, "an entry-point object has exactly one key (f, i, fv, iv, Iiv or Iuiv)");
      form = value.begin().key();
      arg = value.begin().value();
   } else if (value.is_string() || value.is_number_integer() || value.is_boolean()) {
      form = "i";
   } else if (value.is_number()) {
      form = "f";
   } else if (value.is_array()) {
      bool all_numbers = !value.empty();
      for (const auto &x : value)
         all_numbers = all_numbers && x.is_number();
      form = all_numbers ? "fv" : "iv";
   } else {
      fail(key, "expected an enum name, a number, an array or an entry-point object, got " + value.dump());
   }

   auto to_int = [&](const ojson &x, const std::string &k) -> GLint {
      if (x.is_string())
         return static_cast<GLint>(enum_value(x, k));
      if (x.is_boolean())
         return x.get<bool>() ? 1 : 0;
      return static_cast<GLint>(int_value(x, k, INT32_MIN, INT32_MAX));
   };
   auto to_uint = [&](const ojson &x, const std::string &k) -> GLuint {
      if (x.is_string())
         return enum_value(x, k);
      return static_cast<GLuint>(int_value(x, k, 0, UINT32_MAX));
   };
   auto to_float = [&](const ojson &x, const std::string &k) -> GLfloat {
      if (x.is_string()) {
         const std::string str = x.get<std::string>();
         if (str == "nan" || str == "NaN") return std::nanf("");
         if (str == "inf" || str == "+inf") return INFINITY;
         if (str == "-inf") return -INFINITY;
         return static_cast<GLfloat>(enum_value(x, k));
      }
      return float_value(x, k);
   };
   auto vec = [&](auto conv, auto &out) {
      if (!arg.is_array() || arg.empty() || arg.size() > 4)
         fail(key + "." + form, "expected an array of 1 to 4 values, got " + arg.dump());
      for (size_t i = 0; i < arg.size(); ++i)
         out[i] = conv(arg[i], key + "." + form + "[" + std::to_string(i) + "]");
   };

   const char *entry = nullptr;
   scenario_param_call call{pname, form, {}};
   const auto record = [&](const auto *v, size_t n) {
      for (size_t i = 0; i < n; ++i)
         call.values.push_back(static_cast<double>(v[i]));
   };
   if (form == "i") {
      const GLint v = to_int(arg, key);
      record(&v, 1);
      on_sampler ? gl.SamplerParameteri(s, pname, v) : gl.TexParameteri(t, pname, v);
      entry = on_sampler ? "glSamplerParameteri" : "glTexParameteri";
   } else if (form == "f") {
      const GLfloat v = to_float(arg, key);
      record(&v, 1);
      on_sampler ? gl.SamplerParameterf(s, pname, v) : gl.TexParameterf(t, pname, v);
      entry = on_sampler ? "glSamplerParameterf" : "glTexParameterf";
   } else if (form == "iv") {
      GLint v[4] = {0, 0, 0, 0};
      vec(to_int, v);
      record(v, arg.size());
      on_sampler ? gl.SamplerParameteriv(s, pname, v) : gl.TexParameteriv(t, pname, v);
      entry = on_sampler ? "glSamplerParameteriv" : "glTexParameteriv";
   } else if (form == "fv") {
      GLfloat v[4] = {0, 0, 0, 0};
      vec(to_float, v);
      record(v, arg.size());
      on_sampler ? gl.SamplerParameterfv(s, pname, v) : gl.TexParameterfv(t, pname, v);
      entry = on_sampler ? "glSamplerParameterfv" : "glTexParameterfv";
   } else if (form == "Iiv") {
      GLint v[4] = {0, 0, 0, 0};
      vec(to_int, v);
      record(v, arg.size());
      on_sampler ? gl.SamplerParameterIiv(s, pname, v) : gl.TexParameterIiv(t, pname, v);
      entry = on_sampler ? "glSamplerParameterIiv" : "glTexParameterIiv";
   } else if (form == "Iuiv") {
      GLuint v[4] = {0, 0, 0, 0};
      vec(to_uint, v);
      record(v, arg.size());
      on_sampler ? gl.SamplerParameterIuiv(s, pname, v) : gl.TexParameterIuiv(t, pname, v);
      entry = on_sampler ? "glSamplerParameterIuiv" : "glTexParameterIuiv";
   } else {
      fail(key, "unknown entry point \"" + form + "\" (expected f, i, fv, iv, Iiv or Iuiv)");
   }
   collect_error(sc, pname_str, entry);
   (on_sampler ? sc.sampler_param_calls : sc.texture_param_calls).push_back(std::move(call));
}

void apply_params(scenario &sc, bool on_sampler, const ojson &params, const std::string &key) {
   if (!params.is_object())
      fail(key, "expected an object of GL_TEXTURE_* parameters, got " + params.dump());
   for (auto it = params.begin(); it != params.end(); ++it)
      apply_param(sc, on_sampler, it.key(), it.value(), key + "." + it.key());
}

uint32_t levels_value(const ojson &v) {
   // "levels" is a count, or (clampler sample) an array holding each level's texels.
   if (v.is_array()) {
      if (v.empty() || v.size() > 15)
         fail("texture.levels", "expected 1 to 15 levels of texel data");
      return static_cast<uint32_t>(v.size());
   }
   return static_cast<uint32_t>(int_value(v, "texture.levels", 1, 15));
}

// glTexStorage*Multisample or glTexBuffer for the targets a sampler never filters (clampler query).
uint32_t levels_value_or_one(const ojson &tex) { return tex.contains("levels") ? levels_value(tex["levels"]) : 1; }

void build_unsampled_storage(scenario &sc, const ojson &tex, GLenum ifmt, int64_t w, int64_t h, int64_t d) {
   gl_context &gl = *sc.ctx;
   if (sc.target == GL_TEXTURE_BUFFER) {
      if (!tex.contains("buffer_size"))
         fail("texture.buffer_size", "missing (the bytes of the buffer a GL_TEXTURE_BUFFER reads)");
      for (const char *k : {"samples", "levels", "height", "depth"})
         if (tex.contains(k))
            fail(std::string("texture.") + k, "not used with GL_TEXTURE_BUFFER (its size is buffer_size)");
      gl.TexBuffer(sc.target, ifmt, int_value(tex["buffer_size"], "texture.buffer_size", 0, INT32_MAX));
   } else {
      if (!tex.contains("samples"))
         fail("texture.samples", "missing (the sample count of a multisample texture)");
      if (tex.contains("levels") && !(tex["levels"].is_number_integer() && tex["levels"] == 1))
         fail("texture.levels", "a multisample texture has one level");
      const bool fixed = !tex.contains("fixed_sample_locations") || tex["fixed_sample_locations"].get<bool>();
      gl.TexStorageMultisample(sc.target, static_cast<GLsizei>(int_value(tex["samples"], "texture.samples", 1, 64)),
                               ifmt, static_cast<GLsizei>(w), static_cast<GLsizei>(h), static_cast<GLsizei>(d),
                               fixed ? 1 : 0);
   }
   if (gl.GetError() != GL_NO_ERROR)
      fail("texture", "the texture cannot be created: " + gl.last_error_message());
}

void build_texture(scenario &sc, const ojson &tex, scenario_targets targets) {
   if (!tex.is_object())
      fail("texture", "expected an object");
   static const char *known[] = {"target", "internal_format", "width", "height", "depth", "levels",
                                 "swizzle", "depth_stencil_texture_mode", "depth_texture_mode",
                                 "params", "samples", "fixed_sample_locations", "buffer_size"};
   for (auto it = tex.begin(); it != tex.end(); ++it) {
      bool ok = false;
      for (const char *k : known)
         ok = ok || it.key() == k;
      if (!ok)
         fail("texture." + it.key(), "unknown key");
   }
   if (!tex.contains("target"))
      fail("texture.target", "missing");
   if (!tex.contains("internal_format"))
      fail("texture.internal_format", "missing");
   sc.target = enum_value(tex["target"], "texture.target");
   const bool unsampled = sc.target == GL_TEXTURE_BUFFER || sc.target == GL_TEXTURE_2D_MULTISAMPLE ||
                          sc.target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
   if (gl_target_to_index(sc.target) == NUM_TEXTURE_TARGETS)
      fail("texture.target", "not a texture target: " + tex["target"].dump());
   if (unsampled && targets == scenario_targets::sampled)
      fail("texture.target", "not a texture target clampler samples (read with texelFetch only; clampler query "
                             "takes it): " + tex["target"].dump());
   if (tex.contains("fixed_sample_locations") && !tex["fixed_sample_locations"].is_boolean())
      fail("texture.fixed_sample_locations", "expected true or false, got " + tex["fixed_sample_locations"].dump());
   if (!unsampled)
      for (const char *k : {"samples", "fixed_sample_locations", "buffer_size"})
         if (tex.contains(k))
            fail(std::string("texture.") + k, "only for multisample and buffer targets");
   const ojson &ifmt_json = tex["internal_format"];
   if (!ifmt_json.is_string())
      fail("texture.internal_format", "expected a GL internal format name, got " + ifmt_json.dump());
   const GLenum ifmt = gl_internal_format_from_name(ifmt_json.get<std::string>());
   if (!ifmt)
      fail("texture.internal_format", "unknown or unsampleable internal format " + ifmt_json.dump());
   const gl_limits &lim = sc.ctx->limits();
   const int64_t max_dim = sc.target == GL_TEXTURE_3D ? lim.Max3DTextureSize : lim.MaxTextureSize;
   const int64_t w = tex.contains("width") ? int_value(tex["width"], "texture.width", 1, max_dim) : 1;
   const int64_t h = tex.contains("height") ? int_value(tex["height"], "texture.height", 1, max_dim) : 1;
   const int64_t max_depth = sc.target == GL_TEXTURE_3D ? lim.Max3DTextureSize : lim.MaxArrayTextureLayers;
   const int64_t d = tex.contains("depth") ? int_value(tex["depth"], "texture.depth", 1, max_depth) : 1;
   gl_context &gl = *sc.ctx;
   gl.GenTextures(1, &sc.texture);
   gl.BindTexture(sc.target, sc.texture);
   if (unsampled) {
      build_unsampled_storage(sc, tex, ifmt, w, h, d);
   } else {
      gl.TexStorage(sc.target, static_cast<GLsizei>(levels_value_or_one(tex)), ifmt, static_cast<GLsizei>(w),
                    static_cast<GLsizei>(h), static_cast<GLsizei>(d));
      if (gl.GetError() != GL_NO_ERROR)
         fail("texture", "the texture cannot be created: " + gl.last_error_message());
   }
   const uint32_t levels = tex.contains("levels") ? levels_value(tex["levels"]) : 1;
   if (tex.contains("levels") && tex["levels"].is_array() && levels > 1) {
      // The texture is mipmap-complete as given (docs/design.md §7).
      gl.TexParameteri(sc.target, GL_TEXTURE_MAX_LEVEL, static_cast<GLint>(levels - 1));
      collect_error(sc, "GL_TEXTURE_MAX_LEVEL", "glTexParameteri");
   }
   if (tex.contains("swizzle")) {
      const ojson &sw = tex["swizzle"];
      if (!sw.is_array() || sw.size() != 4)
         fail("texture.swizzle", "expected an array of 4 enum names, got " + sw.dump());
      GLint v[4];
      for (unsigned i = 0; i < 4; ++i)
         v[i] = static_cast<GLint>(enum_value(sw[i], "texture.swizzle[" + std::to_string(i) + "]"));
      gl.TexParameteriv(sc.target, GL_TEXTURE_SWIZZLE_RGBA, v);
      collect_error(sc, "GL_TEXTURE_SWIZZLE_RGBA", "glTexParameteriv");
   }
   if (tex.contains("depth_stencil_texture_mode")) {
      gl.TexParameteri(sc.target, GL_DEPTH_STENCIL_TEXTURE_MODE,
                       static_cast<GLint>(enum_value(tex["depth_stencil_texture_mode"],
                                                     "texture.depth_stencil_texture_mode")));
      collect_error(sc, "GL_DEPTH_STENCIL_TEXTURE_MODE", "glTexParameteri");
   }
   if (tex.contains("depth_texture_mode")) {
      gl.TexParameteri(sc.target, GL_DEPTH_TEXTURE_MODE,
                       static_cast<GLint>(enum_value(tex["depth_texture_mode"], "texture.depth_texture_mode")));
      collect_error(sc, "GL_DEPTH_TEXTURE_MODE", "glTexParameteri");
   }
   if (tex.contains("params"))
      apply_params(sc, false, tex["params"], "texture.params");
}

}  // namespace

scenario build_scenario(const ojson &doc, const pipe_screen *device, scenario_targets targets,
                        bool rasterizer_only_ok) {
   if (!doc.is_object())
      fail("scenario", "expected a JSON object");
   static const char *known[] = {"profile", "extensions", "screen", "texture", "sampler",
                                 "unit_lod_bias", "seamless_cube_map", "lookups", "comment", "rasterizer"};
   for (auto it = doc.begin(); it != doc.end(); ++it) {
      bool ok = false;
      for (const char *k : known)
         ok = ok || it.key() == k;
      if (!ok)
         fail(it.key(), "unknown key");
   }
   scenario sc;
   gl_profile profile = gl_profile::compatibility;
   if (doc.contains("profile")) {
      const ojson &p = doc["profile"];
      if (p == "compatibility")
         profile = gl_profile::compatibility;
      else if (p == "core")
         profile = gl_profile::core;
      else
         fail("profile", "expected \"compatibility\" or \"core\", got " + p.dump());
   }
   gl_extensions ext;
   if (doc.contains("extensions")) {
      const ojson &e = doc["extensions"];
      if (!e.is_array())
         fail("extensions", "expected an array of extension names");
      ext = gl_extensions::none();
      for (size_t i = 0; i < e.size(); ++i)
         if (!e[i].is_string() || !ext.enable(e[i].get<std::string>().c_str()))
            fail("extensions[" + std::to_string(i) + "]",
                 "not an extension the front end implements: " + e[i].dump());
   }
   if (device) {
      if (doc.contains("screen"))
         fail("screen", "not used with --device: the device's caps apply (override them with CLAMPLER_CAPS)");
      sc.screen = device;
   } else {
      sc.owned_screen = std::make_unique<config_screen>();
      if (doc.contains("screen")) {
         std::string err;
         if (!sc.owned_screen->apply_json(doc["screen"].dump(), &err))
            throw scenario_error(err);  // already names the key, e.g. "screen.caps.X: ..."
      }
      sc.screen = sc.owned_screen.get();
   }
   if (!doc.contains("extensions")) {
      // Every extension the front end implements that the screen can back.
      ext.EXT_texture_mirror_clamp = ext.ATI_texture_mirror_once =
         sc.screen->get_param(PIPE_CAP_TEXTURE_MIRROR_CLAMP) || sc.screen->get_param(PIPE_CAP_EMULATE_GL_CLAMP_PLZ);
      ext.ARB_seamless_cubemap_per_texture = sc.screen->get_param(PIPE_CAP_SEAMLESS_CUBE_MAP_PER_TEXTURE) != 0;
      ext.ARB_texture_filter_minmax = sc.screen->get_param(PIPE_CAP_SAMPLER_REDUCTION_MINMAX) != 0;
   }
   gl_limits limits;
   limits.MaxTextureMaxAnisotropy =
      std::max(1.0f, static_cast<float>(sc.screen->get_param(PIPE_CAP_MAX_TEXTURE_ANISOTROPY)));
   limits.MaxTextureLodBias = static_cast<float>(sc.screen->get_param(PIPE_CAP_MAX_TEXTURE_LOD_BIAS));
   sc.ctx = std::make_unique<gl_context>(profile, ext, limits);

   if (!doc.contains("texture")) {
      if (!rasterizer_only_ok || !doc.contains("rasterizer"))
         fail("texture", rasterizer_only_ok ? "missing (a scenario samples one texture, or has only a \"rasterizer\")"
                                            : "missing (every scenario samples one texture)");
      for (const char *k : {"sampler", "unit_lod_bias", "seamless_cube_map", "lookups"})
         if (doc.contains(k))
            fail(k, "needs a \"texture\" to sample");
      apply_rasterizer(sc, doc["rasterizer"]);
      return sc;
   }
   build_texture(sc, doc["texture"], targets);

   if (doc.contains("sampler")) {
      sc.ctx->GenSamplers(1, &sc.sampler);
      sc.ctx->BindSampler(0, sc.sampler);
      apply_params(sc, true, doc["sampler"], "sampler");
   }
   if (doc.contains("unit_lod_bias")) {
      sc.ctx->TexEnvf(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS,
                      float_value(doc["unit_lod_bias"], "unit_lod_bias"));
      collect_error(sc, "GL_TEXTURE_LOD_BIAS", "glTexEnvf");
   }
   if (doc.contains("seamless_cube_map")) {
      const ojson &v = doc["seamless_cube_map"];
      if (!v.is_boolean())
         fail("seamless_cube_map", "expected true or false, got " + v.dump());
      v.get<bool>() ? sc.ctx->Enable(GL_TEXTURE_CUBE_MAP_SEAMLESS)
                    : sc.ctx->Disable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
      collect_error(sc, "GL_TEXTURE_CUBE_MAP_SEAMLESS", "glEnable");
   }
   if (doc.contains("rasterizer"))
      apply_rasterizer(sc, doc["rasterizer"]);
   return sc;
}

}  // namespace clampler
