// explain_scenario: runs a scenario through the front end and the state tracker and reports every decision.
#include "clampler/tools/explain.h"

#include <cmath>

#include "clampler/cso/cso_rasterizer.h"
#include "clampler/gl/gl_enum_names.h"
#include "clampler/pipe/p_names.h"
#include "clampler/st/st_shader_key.h"
#include "clampler/st/st_swizzle.h"
#include "scenario.h"
#include "scenario_raster.h"

#ifdef CLAMPLER_HAVE_ZINK
#include "clampler/tools/vk_json.h"
#include "clampler/zink/zink_sampler.h"
#include "clampler/zink/zink_screen.h"
#endif

namespace clampler {
namespace {

const char *swizzle_name(pipe_swizzle s) {
   static const char *names[] = {"PIPE_SWIZZLE_X", "PIPE_SWIZZLE_Y", "PIPE_SWIZZLE_Z",
                                 "PIPE_SWIZZLE_W", "PIPE_SWIZZLE_0", "PIPE_SWIZZLE_1"};
   return s <= PIPE_SWIZZLE_1 ? names[s] : "PIPE_SWIZZLE_NONE";
}

ojson swizzle_json(const st_swizzle &s) {
   ojson a = ojson::array();
   for (pipe_swizzle c : s)
      a.push_back(swizzle_name(c));
   return a;
}

// JSON has no infinities or NaN: print them as the strings "inf", "-inf" and "nan".
ojson number(float f) {
   if (std::isnan(f))
      return "nan";
   if (std::isinf(f))
      return f > 0 ? "inf" : "-inf";
   return f;
}

// The filters, in pipe_sampler_state's names (the sampler's, or the shader filter's in the key).
void filters_json(ojson &j, pipe_tex_filter min, pipe_tex_filter mag, pipe_tex_mipfilter mip) {
   j["min_img_filter"] = pipe_filter_name(min);
   j["mag_img_filter"] = pipe_filter_name(mag);
   j["min_mip_filter"] = pipe_mipfilter_name(mip);
}

ojson sampler_json(const pipe_sampler_state &s, bool is_signed_int) {
   ojson j;
   j["wrap_s"] = pipe_wrap_name(s.wrap_s);
   j["wrap_t"] = pipe_wrap_name(s.wrap_t);
   j["wrap_r"] = pipe_wrap_name(s.wrap_r);
   filters_json(j, s.min_img_filter, s.mag_img_filter, s.min_mip_filter);
   j["compare_mode"] = pipe_compare_mode_name(s.compare_mode);
   j["compare_func"] = pipe_func_name(s.compare_func);
   j["unnormalized_coords"] = s.unnormalized_coords != 0;
   j["seamless_cube_map"] = s.seamless_cube_map != 0;
   j["max_anisotropy"] = s.max_anisotropy;
   j["lod_bias"] = number(s.lod_bias);
   j["min_lod"] = number(s.min_lod);
   j["max_lod"] = number(s.max_lod);
   j["reduction_mode"] = pipe_reduction_name(s.reduction_mode);
   ojson border = ojson::array();
   for (unsigned i = 0; i < 4; ++i) {
      if (!s.border_color_is_integer)
         border.push_back(number(s.border_color.f[i]));
      else if (is_signed_int)
         border.push_back(s.border_color.i[i]);
      else
         border.push_back(s.border_color.ui[i]);
   }
   j["border_color"] = border;
   j["border_color_is_integer"] = s.border_color_is_integer != 0;
   j["border_color_format"] = util_format_name(static_cast<pipe_format>(s.border_color_format));
   return j;
}

ojson shader_key_json(const st_sampler_lowering &l) {
   ojson k;
   static const char *coords[] = {"s", "t", "r"};
   for (unsigned c = 0; c < 3; ++c)
      k[std::string("saturate_") + coords[c]] = (l.saturate & (1u << c)) != 0;
   for (unsigned c = 0; c < 3; ++c)
      k[std::string("abs_") + coords[c]] = (l.abs & (1u << c)) != 0;
   switch (l.nearest_edge) {
   case ST_NEAREST_EDGE_MAGNIFIED: k["nearest_edge"] = "magnified"; break;
   case ST_NEAREST_EDGE_MINIFIED: k["nearest_edge"] = "minified"; break;
   default: k["nearest_edge"] = nullptr; break;
   }
   k["shadow_swizzle"] = l.has_shadow_swizzle ? swizzle_json(l.shadow_swizzle) : ojson(nullptr);
   k["min_mag_switch"] = l.min_mag_switch;
   if (l.has_shader_filter) {
      const st_shader_filter &f = l.shader_filter;
      ojson d;
      filters_json(d, f.min_img_filter, f.mag_img_filter, f.min_mip_filter);
      d["reduction_mode"] = pipe_reduction_name(f.reduction);
      d["lod_bias"] = number(f.lod_bias);
      d["min_lod"] = number(f.min_lod);
      d["max_lod"] = number(f.max_lod);
      if (f.cube_seamless)
         d["cube"] = "seamless";
      else if (f.cube_wrap_s != PIPE_TEX_WRAP_CLAMP_TO_EDGE || f.cube_wrap_t != PIPE_TEX_WRAP_CLAMP_TO_EDGE)
         d["cube"] = {{"wrap_s", pipe_wrap_name(f.cube_wrap_s)}, {"wrap_t", pipe_wrap_name(f.cube_wrap_t)}};
      if (f.compare)
         d["compare"] = {{"func", pipe_func_name(f.compare_func)}, {"clamps_ref", f.compare_clamps_ref}};
      k["shader_filter"] = d;
   } else {
      k["shader_filter"] = nullptr;
   }
   k["round_layer"] = l.round_layer;
   return k;
}

}  // namespace

namespace {

// The sampler part of explain: the sampler state, the shader key and the view of unit 0.
void explain_sampling(const scenario &sc, const st_context &st, ojson &out, pipe_sampler_state *state_out) {
   // The program: sampler index 0 reads unit 0 with the texture's target.
   gl_program prog;
   prog.SamplersUsed = 1;
   prog.SamplerUnits[0] = 0;
   prog.SamplerTargets[0] = sc.target;
   pipe_sampler_state state;
   st_convert_sampler_from_unit(st, 0, sc.target, &state);
   const st_shader_key key = st_update_gl_clamplers(st, prog);

   const gl_texture_object *tex = sc.ctx->current_texture(0, sc.target);
   const gl_sampler_object *samp = sc.ctx->sampler_for_unit(0, tex);
   const util_format_description *desc = util_format_describe(tex->Format);
   const bool signed_int = desc && desc->is_integer && desc->is_signed &&
                           !st_texture_samples_stencil(*tex);

   out["pipe_sampler_state"] = sampler_json(state, signed_int);
   out["shader_key"] = shader_key_json(key.unit(0));
   ojson view;
   view["format"] = util_format_name(st_sampler_view_format(*tex, *samp));
   view["target"] = gl_enum_name(sc.target, "GL_UNKNOWN");
   view["swizzle"] = state.compare_mode == PIPE_TEX_COMPARE_R_TO_TEXTURE
                        ? swizzle_json(ST_SWIZZLE_IDENTITY)
                        : swizzle_json(st_texture_result_swizzle(*tex, sc.ctx->profile()));
   view["sampled_as"] = st_texture_samples_stencil(*tex) ? "stencil"
                        : st_texture_samples_depth(*tex)  ? "depth"
                                                          : "color";
   out["sampler_view"] = view;
   out["sampler_source"] = sc.sampler ? "sampler_object" : "texture_parameters";
   if (state_out)
      *state_out = state;
}

// What explain decided, for --device to translate further.
struct explained {
   bool has_texture = false;
   pipe_sampler_state sampler;
   bool has_rasterizer = false;
   pipe_rasterizer_state rasterizer{};
};

ojson explain(const std::string &text, const pipe_screen *device, explained *what) {
   ojson doc = ojson::parse(text, nullptr, false);
   if (doc.is_discarded())
      throw scenario_error("scenario: not valid JSON");
   const scenario sc = build_scenario(doc, device, scenario_targets::sampled, true);

   st_context st(*sc.screen, *sc.ctx);
   ojson out;
   out["gl_errors"] = sc.gl_errors;
   if (sc.texture)
      explain_sampling(sc, st, out, what ? &what->sampler : nullptr);
   if (sc.has_rasterizer) {
      pipe_rasterizer_state raster;
      st_raster_key rkey;
      std::string warning;
      st_update_rasterizer(st, sc.framebuffer, &raster, &rkey, &warning);
      out["pipe_rasterizer_state"] = rasterizer_json(raster);
      out["raster_key"] = raster_key_json(rkey);
      out["raster_warnings"] = warning.empty() ? ojson::array() : ojson::array({warning});
      if (what)
         what->rasterizer = raster;
   }
   if (what) {
      what->has_texture = sc.texture != 0;
      what->has_rasterizer = sc.has_rasterizer;
   }
   return out;
}

}  // namespace

ojson explain_scenario(const std::string &text) { return explain(text, nullptr, nullptr); }

#ifdef CLAMPLER_HAVE_ZINK
ojson explain_scenario_on_device(const std::string &text, const zink_screen &device) {
   explained what;
   ojson out = explain(text, &device, &what);
   if (what.has_texture) {
      std::string warning;
      const zink_sampler_key key =
         zink_sampler_key_from_pipe(device.device_caps(), what.sampler, &warning,
                                    device.sampled_view(static_cast<pipe_format>(what.sampler.border_color_format)));
      const zink_sampler_create_info ci(key);
      out["vk_sampler_create_info"] = vk_sampler_create_info_json(ci);
      out["vk_warnings"] = warning.empty() ? ojson::array() : ojson::array({warning});
   }
   if (what.has_rasterizer) {
      // The state as the rasterizer CSO cache hands it to zink_context::create_rasterizer_state.
      const ojson r =
         zink_rasterizer_json(zink_create_rasterizer(device.device_caps(), cso_normalize_rasterizer(what.rasterizer)));
      for (auto it = r.begin(); it != r.end(); ++it)
         out[it.key()] = it.value();
   }
   out["device"] = device.device_caps().device_name;
   return out;
}
#endif

}  // namespace clampler
