// sample_scenario_reference: texel data and lookups from a scenario, sampled by the CPU reference sampler.
#include "clampler/tools/sample.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "clampler/ref/ref_format.h"
#include "clampler/ref/ref_sampler.h"
#include "clampler/st/st_sampler.h"
#include "clampler/st/st_swizzle.h"
#include "clampler/tools/explain.h"
#include "sample_parse.h"
#include "scenario.h"

#ifdef CLAMPLER_HAVE_ZINK
#include "clampler/sample/sample_device.h"
#include "clampler/tools/vk_json.h"
#include "clampler/zink/zink_sampler.h"
#include "clampler/zink/zink_sampler_cache.h"
#include "held_sampler.h"
#include "clampler/zink/zink_screen.h"
#endif

namespace clampler {
namespace {

// The RGBA a border texel reads, before the swizzle: the colour clamped to the format's range
// (fixed point to [0, 1] / [-1, 1], floating-point and integer formats to what they represent:
// ref_clamp_border_to_format), then the base format decides (ref_base_format_rgba).
ref::texel border_texel(const gl_sampler_attrib &a, const util_format_description &d, bool integer,
                        bool stencil) {
   double v[4];
   for (unsigned c = 0; c < 4; ++c) {
      if (integer)
         v[c] = d.is_signed && !stencil ? static_cast<double>(a.BorderColor.i[c])
                                        : static_cast<double>(a.BorderColor.ui[c]);
      else
         v[c] = a.BorderColor.f[c];
   }
   if (!integer && d.is_normalized)
      for (double &x : v)
         x = std::isnan(x) ? 0.0 : std::clamp(x, d.is_signed ? -1.0 : 0.0, 1.0);
   ref::ref_clamp_border_to_format(d.format, stencil, v);
   return ref::ref_base_format_rgba(stencil ? GL_STENCIL_INDEX : d.gl_base_format, v, integer);
}

// Integer and stencil textures sample NEAREST (docs/design.md §7), mip LINEAR included.
GLenum nearest_min_filter(GLenum min) {
   switch (min) {
   case GL_LINEAR: return GL_NEAREST;
   case GL_LINEAR_MIPMAP_NEAREST:
   case GL_NEAREST_MIPMAP_LINEAR:
   case GL_LINEAR_MIPMAP_LINEAR: return GL_NEAREST_MIPMAP_NEAREST;
   default: return min;
   }
}

// The texture as the reference sees it; with `stored`, also the stored components of every
// texel per level (what a device uploads).
ref::ref_texture build_texture(const ojson &levels, const gl_texture_object &tex, bool srgb_decode,
                               std::vector<std::vector<ref::ref_stored_texel>> *stored = nullptr) {
   const util_format_description *d = util_format_describe(tex.Format);
   if (!d || d->is_compressed)
      sample_fail("texture.internal_format", "the reference sampler needs texel data it can decode (compressed formats "
                                      "need block data)");
   ref::ref_texture t;
   t.target = tex.Target;
   const bool stencil = d->gl_base_format == GL_STENCIL_INDEX ||
                        (d->gl_base_format == GL_DEPTH_STENCIL && tex.Attrib.StencilSampling);
   t.is_stencil = stencil;
   t.is_integer = d->is_integer && !stencil;
   t.is_depth = d->depth_bits && !stencil;
   t.depth_is_float = d->is_float;
   // Immutable storage: GL clamps the base level into the storage and the max level to
   // [base, last] (GL 4.6 §8.17).
   const gl_level_range range = gl_texture_level_range(tex);
   t.base_level = static_cast<int>(range.base);
   t.max_level = static_cast<int>(range.max);
   for (size_t l = 0; l < levels.size(); ++l) {
      const std::string key = "texture.levels[" + std::to_string(l) + "]";
      ref::ref_level lv;
      const auto shrink = [l](uint32_t x) { return std::max<uint32_t>(1, x >> l); };
      const bool layered_h = tex.Target == GL_TEXTURE_1D_ARRAY;
      const bool layered_d = tex.Target == GL_TEXTURE_2D_ARRAY || tex.Target == GL_TEXTURE_CUBE_MAP_ARRAY;
      lv.width = shrink(tex.Width);
      lv.height = layered_h ? tex.Height : shrink(tex.Height);
      lv.depth = tex.Target == GL_TEXTURE_CUBE_MAP ? 6 : layered_d ? tex.Depth : shrink(tex.Depth);
      const size_t want = static_cast<size_t>(lv.width) * lv.height * lv.depth;
      if (!levels[l].is_array() || levels[l].size() != want)
         sample_fail(key, "expected " + std::to_string(want) + " texels (" + std::to_string(lv.width) + " x " +
                      std::to_string(lv.height) + " x " + std::to_string(lv.depth) + "), got " +
                      (levels[l].is_array() ? std::to_string(levels[l].size()) : levels[l].dump()));
      for (size_t i = 0; i < want; ++i) {
         const std::string tkey = key + "[" + std::to_string(i) + "]";
         const ojson &v = levels[l][i];
         std::vector<double> values;
         if (v.is_number()) {
            values.push_back(v.get<double>());
         } else if (v.is_array()) {
            for (const auto &x : v)
               values.push_back(sample_number(x, tkey));
         } else {
            sample_fail(tkey, "expected a number or an array of numbers, got " + v.dump());
         }
         std::string error;
         auto texel = ref::ref_encode(tex.Format, values, srgb_decode, &error);
         if (!texel)
            sample_fail(tkey, error);
         lv.texels.push_back(*texel);
         if (stored) {
            if (stored->size() <= l)
               stored->resize(l + 1);
            auto code = ref::ref_store(tex.Format, values, &error);
            if (!code)
               sample_fail(tkey, error);
            (*stored)[l].push_back(*code);
         }
      }
      t.levels.push_back(std::move(lv));
   }
   return t;
}

}  // namespace

namespace {

ojson reference_of(const std::string &text, bool corner_compares_each) {
   ojson out = explain_scenario(text);  // validates the scenario and gives the explain keys
   const ojson doc = ojson::parse(text, nullptr, false);
   sample_check_keys(doc);

   scenario sc = build_scenario(doc);
   const gl_texture_object &tex = *sc.ctx->current_texture(0, sc.target);
   const gl_sampler_object &samp = *sc.ctx->sampler_for_unit(0, &tex);
   const gl_sampler_attrib &a = samp.Attrib;
   const util_format_description *desc = util_format_describe(tex.Format);
   const bool srgb_decode = a.sRGBDecode != GL_SKIP_DECODE_EXT;
   const ref::ref_texture rt = build_texture(doc["texture"]["levels"], tex, srgb_decode);

   // GL's sampler state; the LOD values as the state tracker quantised them, as a device sees
   // them (or, where the shader filters depth, as the shader key hands them to it).
   st_context st(*sc.screen, *sc.ctx);
   pipe_sampler_state ps;
   st_sampler_lowering low;
   st_convert_sampler_from_unit(st, 0, sc.target, &ps, &low);
   if (low.has_shader_filter) {
      ps.lod_bias = low.shader_filter.lod_bias;
      ps.min_lod = low.shader_filter.min_lod;
      ps.max_lod = low.shader_filter.max_lod;
   }
   ref::ref_sampler rs;
   rs.wrap_s = a.WrapS;
   rs.wrap_t = a.WrapT;
   rs.wrap_r = a.WrapR;
   const bool nearest_only = rt.is_integer || rt.is_stencil;
   rs.min_filter = nearest_only ? nearest_min_filter(a.MinFilter) : a.MinFilter;
   rs.mag_filter = nearest_only ? GL_NEAREST : a.MagFilter;
   rs.lod_bias = ps.lod_bias;
   rs.min_lod = ps.min_lod;
   rs.max_lod = ps.max_lod;
   rs.compare = a.CompareMode == GL_COMPARE_REF_TO_TEXTURE;
   rs.compare_func = a.CompareFunc;
   rs.reduction = a.ReductionMode;
   rs.seamless = sc.ctx->cube_map_seamless() ||
                 (sc.ctx->extensions().ARB_seamless_cubemap_per_texture && a.CubeMapSeamless);
   rs.unnormalized = sc.target == GL_TEXTURE_RECTANGLE;
   rs.border = border_texel(a, *desc, rt.is_integer || rt.is_stencil, rt.is_stencil);
   rs.swizzle = tex.Attrib.Swizzle;
   rs.depth_mode = sc.ctx->profile() == gl_profile::core ? GL_RED : tex.Attrib.DepthMode;
   rs.corner_compares_each = corner_compares_each;

   ojson results = ojson::array();
   const ojson &lookups = doc["lookups"];
   for (size_t i = 0; i < lookups.size(); ++i) {
      const std::string key = "lookups[" + std::to_string(i) + "]";
      const ref::ref_lookup l = sample_parse_lookup(lookups[i], sc.target, key);
      ref::ref_result r;
      try {
         r = ref::ref_sample(rt, rs, l);
      } catch (const std::invalid_argument &e) {
         sample_fail(key, e.what());
      }
      ojson v = ojson::array();
      for (unsigned c = 0; c < 4; ++c) {
         if (r.is_integer)
            v.push_back(r.value.i[c]);
         else
            v.push_back(r.value.f[c]);
      }
      results.push_back(v);
   }
   out["results"] = results;
   out["device"] = "reference";
   return out;
}

}  // namespace

ojson sample_scenario_reference(const std::string &text) { return reference_of(text, false); }

ojson sample_scenario_reference_corner_compares_each(const std::string &text) { return reference_of(text, true); }

#ifdef CLAMPLER_HAVE_ZINK
namespace {

VkComponentSwizzle vk_swizzle(pipe_swizzle s) {
   switch (s) {
   case PIPE_SWIZZLE_X: return VK_COMPONENT_SWIZZLE_R;
   case PIPE_SWIZZLE_Y: return VK_COMPONENT_SWIZZLE_G;
   case PIPE_SWIZZLE_Z: return VK_COMPONENT_SWIZZLE_B;
   case PIPE_SWIZZLE_W: return VK_COMPONENT_SWIZZLE_A;
   case PIPE_SWIZZLE_0: return VK_COMPONENT_SWIZZLE_ZERO;
   default: return VK_COMPONENT_SWIZZLE_ONE;
   }
}

}  // namespace

ojson sample_scenario_device(const std::string &text, const zink_screen &screen, bool shared_vectors) {
   // Validates the scenario (a "screen" key is an error here) and gives the explain --device keys.
   ojson out = explain_scenario_on_device(text, screen);
   const ojson doc = ojson::parse(text, nullptr, false);
   sample_check_keys(doc);

   scenario sc = build_scenario(doc, &screen);
   const gl_texture_object &tex = *sc.ctx->current_texture(0, sc.target);
   const gl_sampler_object &samp = *sc.ctx->sampler_for_unit(0, &tex);
   const gl_sampler_attrib &a = samp.Attrib;
   const util_format_description *desc = util_format_describe(tex.Format);
   const bool srgb_decode = a.sRGBDecode != GL_SKIP_DECODE_EXT;
   // Stencil sampling (stencil-only formats, or GL_DEPTH_STENCIL_TEXTURE_MODE = GL_STENCIL_INDEX):
   // the view takes the stencil aspect, read as unsigned integers (S, 0, 0, 1).
   const bool stencil = st_texture_samples_stencil(tex);
   std::string why;
   if (!sample_format_supported(screen, tex.Format, &why))
      sample_fail("texture.internal_format", "cannot be sampled on " + screen.device_caps().device_name + ": " + why);
   std::vector<std::vector<ref::ref_stored_texel>> stored;
   build_texture(doc["texture"]["levels"], tex, srgb_decode, &stored);

   // The state tracker's decisions for sampler index 0 on unit 0.
   st_context st(screen, *sc.ctx);
   pipe_sampler_state ps;
   st_sampler_lowering lowering;
   st_convert_sampler_from_unit(st, 0, sc.target, &ps, &lowering);
   const bool shadow = ps.compare_mode == PIPE_TEX_COMPARE_R_TO_TEXTURE;
   const bool app_compare = a.CompareMode == GL_COMPARE_REF_TO_TEXTURE && shadow;

   // The VkSampler, from the screen's device-wide cache.
   std::string warning, error;
   // The border colour goes in the components of the view sample_lookups creates. With sRGB decode
   // skipped that is the sRGB format's own storage read through its UNORM twin (mutable format),
   // not the storage the screen would pick for the linear pipe format the state tracker names
   // (GL_SLUMINANCE8_ALPHA8 is stored as RGBA8 and read (R, R, R, A); GL_LUMINANCE8_ALPHA8 as RG8).
   const pipe_format border_view = !srgb_decode && desc && desc->is_srgb
                                      ? tex.Format
                                      : static_cast<pipe_format>(ps.border_color_format);
   // The view's GL swizzle (texture swizzle over the depth texture mode); shadow lookups swizzle
   // their result in the shader (rule 9). The sampler is made for the whole view mapping.
   VkComponentMapping gl_swizzle{};
   if (!shadow) {
      const st_swizzle sw = st_texture_result_swizzle(tex, sc.ctx->profile());
      gl_swizzle = {vk_swizzle(sw[0]), vk_swizzle(sw[1]), vk_swizzle(sw[2]), vk_swizzle(sw[3])};
   }
   const VkComponentMapping view_mapping =
      sample_view_mapping(screen, tex.Format, stencil || (desc && desc->depth_bits), gl_swizzle);
   const zink_sampler_key key = zink_sampler_key_from_pipe(screen.device_caps(), ps, &warning,
                                                           screen.sampled_view(border_view), &view_mapping);
   // explain's sampler knows no view; the one sampled here is made for the view (per view on a
   // device without borderColorSwizzleFromImage): report that one.
   out["vk_sampler_create_info"] = vk_sampler_create_info_json(zink_sampler_create_info(key));
   out["vk_warnings"] = warning.empty() ? ojson::array() : ojson::array({warning});
   zink_sampler_cache &cache = zink_screen_sampler_cache(screen);
   VkResult vr = VK_SUCCESS;
   held_sampler held{cache, cache.acquire(key, &vr, &error)};
   if (!held.sampler)
      sample_fail("sampler", "the device could not create the sampler: " + error);
   const zink_sampler_create_info ci(key);

   sample_request req;
   req.format = tex.Format;
   // Without PIPE_CAP_TEXRECT the sampler uses normalized coordinates: the rectangle is a 2D
   // texture and the lookups are normalized here, as the shader lowering of rectangles does.
   const bool rect = sc.target == GL_TEXTURE_RECTANGLE && !ps.unnormalized_coords;
   req.target = rect ? GL_TEXTURE_2D : sc.target;
   req.width = tex.Width;
   req.height = tex.Height;
   req.depth = sc.target == GL_TEXTURE_CUBE_MAP ? 6 : tex.Depth;
   req.levels = static_cast<uint32_t>(stored.size());
   req.texels = std::move(stored);
   const gl_level_range range = gl_texture_level_range(tex);
   req.base_level = range.base;
   req.max_level = range.max;
   req.sampler = held.sampler->sampler;
   req.view_swizzle = gl_swizzle;
   req.srgb_decode = srgb_decode;
   req.shadow = shadow;
   req.stencil = stencil;
   req.lowering = lowering;
   req.sampler_lod = {ci.info.mipLodBias, ci.info.minLod, ci.info.maxLod};
   req.shared_vectors = shared_vectors;

   const ojson &lookups = doc["lookups"];
   for (size_t i = 0; i < lookups.size(); ++i) {
      const std::string lkey = "lookups[" + std::to_string(i) + "]";
      ref::ref_lookup l = sample_parse_lookup(lookups[i], sc.target, lkey);
      for (int c = 0; c < l.ncoord; ++c)
         if (!std::isfinite(l.coord[c]))
            sample_fail(lkey + ".coord", "non-finite coordinates are not sampled");
      if (app_compare && !l.has_ref)
         sample_fail(lkey + ".compare_ref", "depth compare is on: a shadow lookup needs compare_ref");
      if (shadow && !app_compare) {
         // The seed's linear depth filtering through compare (docs/rules.md §4): the device
         // compares with ALWAYS, whatever the reference.
         l.has_ref = true;
         l.ref = 0.0;
      }
      if (rect) {
         const double size[2] = {static_cast<double>(tex.Width), static_cast<double>(tex.Height)};
         for (int c = 0; c < 2; ++c) {
            l.coord[c] /= size[c];
            l.dPdx[c] /= size[c];
            l.dPdy[c] /= size[c];
         }
      }
      req.lookups.push_back(l);
   }

   std::vector<ref::texel> got;
   if (!sample_lookups(screen, req, &got, &error))
      sample_fail("scenario", "the device could not run it: " + error);
   const bool integer = (desc->is_integer && !shadow) || stencil;
   ojson results = ojson::array();
   for (const ref::texel &t : got) {
      ojson v = ojson::array();
      for (unsigned c = 0; c < 4; ++c) {
         if (integer)
            v.push_back(t.i[c]);
         else
            v.push_back(t.f[c]);
      }
      results.push_back(v);
   }
   out.erase("device");
   out["results"] = results;
   out["device"] = screen.device_caps().device_name;
   return out;
}
#endif

}  // namespace clampler
