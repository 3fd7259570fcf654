// sample_scenario_gl: a scenario's texture, GL state and lookups given to a real GL driver through gl_runner.
#include <cmath>
#include <cstring>

#include "clampler/gl/gl_enum_names.h"
#include "clampler/ref/ref_format.h"
#include "clampler/st/st_swizzle.h"
#include "clampler/tools/explain.h"
#include "clampler/tools/sample.h"
#include "gl_runner.h"
#include "sample_parse.h"

namespace clampler {
namespace {

// Upload formats and types (GL 4.6 tables 8.3 and 8.2); the values are the registry's.
constexpr uint32_t kRgba = 0x1908, kRgbaInteger = 0x8D99, kDepthComponent = 0x1902, kDepthStencil = 0x84F9,
                   kStencilIndex = 0x1901;
constexpr uint32_t kFloat = 0x1406, kInt = 0x1404, kUnsignedInt = 0x1405, kUnsignedByte = 0x1401,
                   kUnsignedInt24_8 = 0x84FA, kFloat32UnsignedInt24_8Rev = 0x8DAD;

GLenum enum_of(const ojson &v, const std::string &key) {
   GLenum e = 0;
   if (!v.is_string() || !gl_enum_from_name(v.get<std::string>(), &e))
      sample_fail(key, "expected a GL enum name, got " + v.dump());
   return e;
}

template <typename T> void append(std::vector<uint8_t> *out, T v) {
   uint8_t b[sizeof(T)];
   std::memcpy(b, &v, sizeof(T));
   out->insert(out->end(), b, b + sizeof(T));
}

// A fixed-point depth code of `bits` bits as a 32-bit normalized value: the code's bits
// repeated, which every conversion back to `bits` bits (exact or by shifting) returns as is.
uint32_t replicate_to_32(uint64_t code, unsigned bits) {
   uint64_t v = 0;
   for (int shift = 32 - static_cast<int>(bits); shift > -static_cast<int>(bits); shift -= static_cast<int>(bits))
      v |= shift >= 0 ? code << shift : code >> -shift;
   return static_cast<uint32_t>(v & 0xFFFFFFFFu);
}

// The texel data of every level as glTexImage takes it: colour formats as the RGBA GL reads
// (floats, or integers for integer formats: GL's upload conversion gives the stored codes
// back), depth and stencil from the stored codes.
void pack_levels(const ojson &levels, pipe_format format, gl_run_request *r) {
   const util_format_description *d = util_format_describe(format);
   if (!d || d->is_compressed)
      sample_fail("texture.internal_format", "compressed formats are not uploaded to a GL driver (block data)");
   const bool depth = d->depth_bits != 0, stencil = d->stencil_bits != 0;
   if (depth && stencil) {
      r->upload_format = kDepthStencil;
      r->upload_type = d->is_float ? kFloat32UnsignedInt24_8Rev : kUnsignedInt24_8;
   } else if (depth) {
      r->upload_format = kDepthComponent;
      r->upload_type = d->is_float ? kFloat : kUnsignedInt;
   } else if (stencil) {
      r->upload_format = kStencilIndex;
      r->upload_type = kUnsignedByte;
   } else if (d->is_integer) {
      r->upload_format = kRgbaInteger;
      r->upload_type = d->is_signed ? kInt : kUnsignedInt;
   } else {
      r->upload_format = kRgba;
      r->upload_type = kFloat;
   }
   for (size_t l = 0; l < levels.size(); ++l) {
      std::vector<uint8_t> bytes;
      for (size_t i = 0; i < levels[l].size(); ++i) {
         const std::string key = "texture.levels[" + std::to_string(l) + "][" + std::to_string(i) + "]";
         const ojson &v = levels[l][i];
         std::vector<double> values;
         if (v.is_number())
            values.push_back(v.get<double>());
         else
            for (const auto &x : v)
               values.push_back(sample_number(x, key));
         std::string error;
         const auto code = ref::ref_store(format, values, &error);
         if (!code)
            sample_fail(key, error);
         if (depth || stencil) {
            const int64_t dcode = depth ? code->code[0] : 0;
            const int64_t scode = stencil ? code->code[depth ? 1 : 0] : 0;
            if (depth && stencil && d->is_float) {
               append(&bytes, static_cast<uint32_t>(dcode));
               append(&bytes, static_cast<uint32_t>(scode));
            } else if (depth && stencil) {
               append(&bytes, static_cast<uint32_t>((dcode << 8) | scode));
            } else if (depth) {
               append(&bytes, d->is_float ? static_cast<uint32_t>(dcode)
                                          : replicate_to_32(static_cast<uint64_t>(dcode), d->depth_bits));
            } else {
               append(&bytes, static_cast<uint8_t>(scode));
            }
            continue;
         }
         const auto t = ref::ref_decode(format, *code, false, &error);
         if (!t)
            sample_fail(key, error);
         for (unsigned c = 0; c < 4; ++c) {
            if (d->is_integer && d->is_signed)
               append(&bytes, static_cast<int32_t>(t->i[c]));
            else if (d->is_integer)
               append(&bytes, static_cast<uint32_t>(t->i[c]));
            else
               append(&bytes, static_cast<float>(t->f[c]));
         }
      }
      r->levels.push_back(std::move(bytes));
   }
}

std::vector<gl_param_call> calls_of(const std::vector<scenario_param_call> &calls) {
   std::vector<gl_param_call> out;
   for (const scenario_param_call &c : calls) {
      gl_param_call g;
      g.pname = c.pname;
      g.values = c.values;
      using e = gl_param_call::entry;
      g.kind = c.entry == "f" ? e::f : c.entry == "iv" ? e::iv : c.entry == "fv" ? e::fv
               : c.entry == "Iiv" ? e::Iiv : c.entry == "Iuiv" ? e::Iuiv : e::i;
      out.push_back(std::move(g));
   }
   return out;
}

}  // namespace

ojson sample_scenario_gl(const std::string &text, gl_runner &gl) {
   ojson out = explain_scenario(text);  // validates the scenario (GL front end, reference parse)
   const ojson doc = ojson::parse(text, nullptr, false);
   sample_check_keys(doc);
   if (doc.value("profile", std::string("compatibility")) == "core")
      sample_fail("profile", "the GL runner opens a compatibility context (old-style shadow lookups, "
                             "GL_DEPTH_TEXTURE_MODE); core-profile scenarios are not run on GL drivers");
   if (doc.contains("screen"))
      sample_fail("screen", "a GL driver answers for itself: no \"screen\" block");

   scenario sc = build_scenario(doc);
   const gl_texture_object &tex = *sc.ctx->current_texture(0, sc.target);
   const gl_sampler_object &samp = *sc.ctx->sampler_for_unit(0, &tex);
   const util_format_description *desc = util_format_describe(tex.Format);
   const ojson &t = doc["texture"];

   gl_run_request r;
   r.target = sc.target;
   r.internal_format = enum_of(t["internal_format"], "texture.internal_format");
   r.width = tex.Width;
   r.height = tex.Height;
   r.depth = sc.target == GL_TEXTURE_CUBE_MAP ? 6 : tex.Depth;
   pack_levels(t["levels"], tex.Format, &r);
   r.texture_params = calls_of(sc.texture_param_calls);
   r.sampler_object = doc.contains("sampler");
   r.sampler_params = calls_of(sc.sampler_param_calls);
   if (t.contains("swizzle")) {
      r.set_swizzle = true;
      for (unsigned i = 0; i < 4; ++i)
         r.swizzle[i] = static_cast<int32_t>(enum_of(t["swizzle"][i], "texture.swizzle"));
   }
   if (t.contains("depth_stencil_texture_mode"))
      r.depth_stencil_mode = enum_of(t["depth_stencil_texture_mode"], "texture.depth_stencil_texture_mode");
   if (t.contains("depth_texture_mode"))
      r.depth_texture_mode = enum_of(t["depth_texture_mode"], "texture.depth_texture_mode");
   r.unit_lod_bias = doc.value("unit_lod_bias", 0.0);
   r.seamless_cube_map = doc.value("seamless_cube_map", false);

   const bool stencil = st_texture_samples_stencil(tex);
   const bool depth = desc->depth_bits != 0 && !stencil;
   r.shadow = depth && samp.Attrib.CompareMode == GL_COMPARE_REF_TO_TEXTURE;
   r.kind = stencil                                  ? gl_run_request::result::uint_
            : desc->is_integer && desc->is_signed ? gl_run_request::result::int_
            : desc->is_integer                     ? gl_run_request::result::uint_
                                                   : gl_run_request::result::float_;
   const ojson &lookups = doc["lookups"];
   for (size_t i = 0; i < lookups.size(); ++i) {
      const std::string key = "lookups[" + std::to_string(i) + "]";
      const ref::ref_lookup l = sample_parse_lookup(lookups[i], sc.target, key);
      if (r.shadow && !l.has_ref)
         sample_fail(key + ".compare_ref", "depth compare is on: a shadow lookup needs compare_ref");
      gl_lookup g;
      for (int c = 0; c < 4; ++c)
         g.coord[c] = l.coord[c];
      g.has_grad = l.has_grad;
      g.lod = l.has_lod ? l.lod : 0.0;
      for (int c = 0; c < 3; ++c) {
         g.dPdx[c] = l.dPdx[c];
         g.dPdy[c] = l.dPdy[c];
      }
      g.ref = l.ref;
      r.lookups.push_back(g);
   }

   gl_run_result res;
   std::string error;
   if (!gl.run(r, &res, &error))
      sample_fail("scenario", gl.renderer() + " could not run it: " + error);
   ojson results = ojson::array(), not_run = ojson::array();
   const bool integer = r.kind != gl_run_request::result::float_;
   for (size_t i = 0; i < r.lookups.size(); ++i) {
      if (i < res.not_run.size() && !res.not_run[i].empty()) {
         // GLSL cannot express this lookup on the target: no result, and why.
         results.push_back(nullptr);
         not_run.push_back(ojson{{"lookup", i}, {"why", res.not_run[i]}});
         continue;
      }
      ojson v = ojson::array();
      for (unsigned c = 0; c < 4; ++c) {
         if (integer)
            v.push_back(res.i[i][c]);
         else
            v.push_back(res.f[i][c]);
      }
      results.push_back(v);
   }
   out["results"] = results;
   if (!not_run.empty())
      out["not_run"] = not_run;
   out["device"] = gl.renderer();
   out["driver_gl_errors"] = res.param_errors;
   return out;
}

}  // namespace clampler
