// st_convert_sampler: GL sampler + texture state -> pipe_sampler_state and the shader key, by the rules of docs/rules.md.
#include <algorithm>
#include <cmath>

#include "clampler/st/st_border_color.h"
#include "clampler/st/st_sampler.h"
#include "clampler/st/st_swizzle.h"
#include "clampler/st/st_gl_clamp.h"

namespace clampler {

pipe_format st_sampler_view_format(const gl_texture_object &texobj, const gl_sampler_object &msamp) {
   if (msamp.Attrib.sRGBDecode == GL_SKIP_DECODE_EXT)
      return util_format_linear(texobj.Format);
   return texobj.Format;
}

namespace {

// Which coordinates of `target` go through a wrap mode: bit 0 s, 1 t, 2 r.
// Array layers and the cube direction's third component never do.
unsigned wrapped_coords(GLenum target) {
   switch (target) {
   case GL_TEXTURE_1D:
   case GL_TEXTURE_1D_ARRAY: return 0x1;
   case GL_TEXTURE_3D: return 0x7;
   default: return 0x3;  // 2D, RECTANGLE, 2D_ARRAY, CUBE_MAP(_ARRAY) face coordinates
   }
}

bool is_cube(GLenum target) {
   return target == GL_TEXTURE_CUBE_MAP || target == GL_TEXTURE_CUBE_MAP_ARRAY;
}

// The per-class rule: screens may refuse LINEAR for all 32-bit (or 16-bit) float colour formats.
bool class_allows_linear(const st_context &st, const util_format_description *d) {
   if (!d || !d->is_float || d->depth_bits || d->is_compressed)
      return true;
   const unsigned bits = d->channel_bits[0];
   if (bits == 32)
      return st.float_linear;
   if (bits == 16)
      return st.half_float_linear;
   return true;
}

// Each term is clamped first (so +inf + -inf cannot make a NaN), then the sum; the result
// is rounded to the nearest 1/256 (halves away from zero).
float quantize_lod_bias(float sampler_bias, float unit_bias, float max_bias) {
   const float a = std::clamp(sampler_bias, -max_bias, max_bias);
   const float b = std::clamp(unit_bias, -max_bias, max_bias);
   const float sum = std::clamp(a + b, -max_bias, max_bias);
   return static_cast<float>(std::lround(static_cast<double>(sum) * 256.0) / 256.0);
}

// Rule 6's border texel before any swizzle: the GL colour clamped to the format, then by base format.
pipe_color_union border_texel(const gl_texture_object &texobj, const gl_sampler_attrib &a, bool stencil,
                              bool is_integer) {
   const util_format_description *desc = util_format_describe(texobj.Format);
   const GLenum base = stencil ? GL_STENCIL_INDEX : (desc ? desc->gl_base_format : GL_RGBA);
   const bool normalized = desc && desc->is_normalized && !is_integer;
   const gl_color_union in_range = desc ? st_clamp_border_to_format(a.BorderColor, *desc, stencil) : a.BorderColor;
   return st_translate_border_color(in_range, base, is_integer, normalized, desc && desc->is_signed);
}

// The cube filter's wraps (docs/lowering.md): seamless, or GL's wraps of s and t and, where one
// reads the border, what a border texel returns — rule 6's texel through the lookup's whole result
// swizzle, since the filter's taps replace the device's (rule 6's device swizzle does not apply to
// a value the shader gives). A depth-compare unit takes the border's depth unswizzled: the shader
// compares a border texel itself.
void cube_filter_wraps(const st_context &st, const gl_texture_object &texobj, const gl_sampler_attrib &a,
                       bool seamless, bool stencil, bool is_integer, bool gl_compare, st_shader_filter *f) {
   f->cube_seamless = seamless;
   if (seamless)
      return;
   f->cube_wrap_s = st_wrap_xlate(a.WrapS);
   f->cube_wrap_t = st_wrap_xlate(a.WrapT);
   if (!pipe_wrap_uses_border(f->cube_wrap_s) && !pipe_wrap_uses_border(f->cube_wrap_t))
      return;
   const pipe_color_union texel = border_texel(texobj, a, stencil, is_integer);
   if (gl_compare) {
      f->cube_border[0] = texel.ui[0];  // the depth the shader compares
      return;
   }
   const pipe_color_union border =
      st_apply_color_swizzle(texel, st_texture_result_swizzle(texobj, st.ctx->profile()), is_integer);
   for (unsigned c = 0; c < 4; ++c)
      f->cube_border[c] = border.ui[c];
}

}  // namespace

void st_convert_sampler(const st_context &st, const gl_texture_object &texobj,
                        const gl_sampler_object &msamp, float tex_unit_lod_bias,
                        bool seamless_cube_map, pipe_sampler_state *out,
                        st_sampler_lowering *lowering) {
   const gl_sampler_attrib &a = msamp.Attrib;
   const util_format_description *desc = util_format_describe(texobj.Format);
   const bool stencil = st_format_samples_stencil(desc, texobj.Attrib.StencilSampling);
   const bool depth = st_format_samples_depth(desc, texobj.Attrib.StencilSampling);
   const bool is_integer = stencil || (desc && desc->is_integer);
   const GLenum target = texobj.Target;
   pipe_sampler_state s{};

   // Rule 1: GL -> pipe filters.
   s.min_img_filter = st_img_filter_xlate(a.MinFilter);
   s.mag_img_filter = st_img_filter_xlate(a.MagFilter);
   s.min_mip_filter = st_mip_filter_xlate(a.MinFilter);

   // Rules 2-4: integer formats sample NEAREST; per-format linear availability; depth
   // formats keep GL's LINEAR through the shader (no compare) or through depth compare.
   const bool gl_compare = a.CompareMode == GL_COMPARE_REF_TO_TEXTURE && depth;
   const bool cube = is_cube(target);
   const bool seamless = cube && (seamless_cube_map || (st.seamless_per_texture && a.CubeMapSeamless));
   bool compare_fallback = false;
   bool depth_lowered = false;
   bool forced_nearest = false;
   if (is_integer) {
      forced_nearest = true;
   } else {
      const pipe_format view_format = st_sampler_view_format(texobj, msamp);
      pipe_resource res;
      res.format = view_format;
      res.width0 = texobj.Width;
      res.height0 = texobj.Height;
      res.depth0 = texobj.Depth;
      res.last_level = texobj.Levels ? texobj.Levels - 1 : 0;
      const bool linear_ok = (view_format == PIPE_FORMAT_NONE ||
                              st.screen->is_linear_filtering_supported(view_format, &res)) &&
                             class_allows_linear(st, desc);
      const bool wants_linear = s.min_img_filter == PIPE_TEX_FILTER_LINEAR ||
                                s.mag_img_filter == PIPE_TEX_FILTER_LINEAR ||
                                s.min_mip_filter == PIPE_TEX_MIPFILTER_LINEAR;
      if (!linear_ok) {
         if (depth && wants_linear && !gl_compare && st.lower_linear_depth)
            depth_lowered = true;
         else if (depth && st.linear_depth_filtering)
            compare_fallback = wants_linear && !gl_compare;  // GL's own compare filters LINEAR as it is
         else
            forced_nearest = true;
      }
   }
   if (forced_nearest) {
      s.min_img_filter = s.mag_img_filter = PIPE_TEX_FILTER_NEAREST;
      if (s.min_mip_filter == PIPE_TEX_MIPFILTER_LINEAR)
         s.min_mip_filter = PIPE_TEX_MIPFILTER_NEAREST;
   }

   // Rule 5: LOD bias (sampler + unit, clamped, 1/256 steps) and LOD range.
   s.lod_bias = quantize_lod_bias(a.LodBias, tex_unit_lod_bias, st.max_lod_bias);
   s.min_lod = std::max(a.MinLod, 0.0f);
   // GL leaves MAX_LOD < MIN_LOD undefined and Vulkan forbids it: λ is pinned to min_lod.
   s.max_lod = std::max(a.MaxLod, s.min_lod);

   // Rule 7: anisotropy, compare, seamless, rectangles, reduction.
   if (st.has_anisotropy && !forced_nearest) {
      const float aniso = std::min(a.MaxAnisotropy, st.max_anisotropy);
      const unsigned v = aniso >= 1.0f ? static_cast<unsigned>(aniso) : 1u;
      s.max_anisotropy = v <= 1 ? 0 : static_cast<uint8_t>(std::min(v, 255u));
   }
   if (gl_compare) {
      s.compare_mode = PIPE_TEX_COMPARE_R_TO_TEXTURE;
      s.compare_func = st_compare_func_xlate(a.CompareFunc);
   } else if (compare_fallback) {
      s.compare_mode = PIPE_TEX_COMPARE_R_TO_TEXTURE;  // the seed's linear-depth fallback
      s.compare_func = PIPE_FUNC_ALWAYS;
   }
   s.seamless_cube_map = seamless;
   s.unnormalized_coords = target == GL_TEXTURE_RECTANGLE && st.has_texrect;
   switch (a.ReductionMode) {
   case GL_MIN: s.reduction_mode = PIPE_TEX_REDUCTION_MIN; break;
   case GL_MAX: s.reduction_mode = PIPE_TEX_REDUCTION_MAX; break;
   default: s.reduction_mode = PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE; break;
   }

   // Rule 8: wraps, with GL_CLAMP emulation chosen from the FINAL filters. Coordinates
   // the target does not wrap get REPEAT so equal Vulkan states share one key.
   st_sampler_lowering low;
   const unsigned used = wrapped_coords(target);
   const GLenum gl_wraps[3] = {a.WrapS, a.WrapT, a.WrapR};
   pipe_tex_wrap *wraps[3] = {&s.wrap_s, &s.wrap_t, &s.wrap_r};
   for (unsigned i = 0; i < 3; ++i) {
      if (!(used & (1u << i))) {
         *wraps[i] = PIPE_TEX_WRAP_REPEAT;
      } else if (seamless) {
         *wraps[i] = PIPE_TEX_WRAP_CLAMP_TO_EDGE;  // seamless cube filtering ignores wraps
      } else {
         const pipe_tex_wrap w = st_wrap_xlate(gl_wraps[i]);
         if (!st.emulate_gl_clamp || w == PIPE_TEX_WRAP_REPEAT || w == PIPE_TEX_WRAP_CLAMP_TO_EDGE ||
             w == PIPE_TEX_WRAP_CLAMP_TO_BORDER || w == PIPE_TEX_WRAP_MIRROR_REPEAT) {
            *wraps[i] = w;  // expressible as is
            continue;
         }
         const st_wrap_choice c = st_choose_wrap(st, gl_wraps[i], s.min_img_filter, s.mag_img_filter, cube);
         *wraps[i] = c.wrap;
         low.saturate |= c.saturate ? (1u << i) : 0u;
         low.abs |= c.abs ? (1u << i) : 0u;
         if (c.nearest_edge)
            low.nearest_edge = s.min_img_filter == PIPE_TEX_FILTER_NEAREST ? ST_NEAREST_EDGE_MINIFIED
                                                                           : ST_NEAREST_EDGE_MAGNIFIED;
      }
   }

   // Rule 6: border colour, only when a border-reading wrap is used.
   const bool uses_border = pipe_wrap_uses_border(s.wrap_s) || pipe_wrap_uses_border(s.wrap_t) ||
                            pipe_wrap_uses_border(s.wrap_r);
   if (uses_border) {
      // Always translated and swizzled: a zero GL colour can still read as (0,0,0,1) or
      // (1,1,1,1) after the base format and the swizzle.
      s.border_color = border_texel(texobj, a, stencil, is_integer);
      // With compare on, the border's r is the depth compared; GL swizzles the result.
      if (st.apply_swizzle_to_border && !gl_compare)
         s.border_color = st_apply_color_swizzle(
            s.border_color, st_texture_result_swizzle(texobj, st.ctx->profile()), is_integer);
      s.border_color_is_integer = st.need_border_color_type && is_integer;
      if (st.border_color_format)
         s.border_color_format = st_sampler_view_format(texobj, msamp);
   }

   // Rule 9: the shadow result swizzle (Vulkan returns one scalar for a Dref lookup).
   if (gl_compare) {
      const st_swizzle swz = st_texture_result_swizzle(texobj, st.ctx->profile());
      const st_swizzle plain = {PIPE_SWIZZLE_X, PIPE_SWIZZLE_0, PIPE_SWIZZLE_0, PIPE_SWIZZLE_1};
      if (swz != plain) {
         low.has_shadow_swizzle = true;
         low.shadow_swizzle = swz;
      }
   }

   // The shader filter on a depth-compare unit (rules 10, 12, 13, 15 and 16): each tap is a NEAREST
   // Dref lookup the device compares, weighted as GL weighs the comparisons (§8.23.1). Not on a
   // seamless cube map: §8.13.1's recommended corner texel averages three depths before the
   // compare, which compared taps cannot give (their mean, which §8.23.1 also allows and lavapipe
   // gives, is docs/fidelity.md's). None of rules 10-16 apply under the seed's compare-ALWAYS fallback
   // (rule 4 with the depth lowering off).
   const bool compare_allows_filter = !compare_fallback && !(gl_compare && seamless);

   // Rule 10: GL's min/mag switch is c = 0.5 for a LINEAR mag filter with a NEAREST_MIPMAP_* min
   // filter (GL 4.6 §8.14); Vulkan's is λ = 0, so a lookup with 0 < λ ≤ 0.5 would be minified.
   // With min_lod = 0 the shader makes those lookups magnify (λ = 0 on the device); with
   // 0 < min_lod ≤ 0.5 the device can never magnify them and the shader filters instead; with
   // min_lod > 0.5 or max_lod ≤ 0 no lookup falls in between. A cube map's coordinates are never
   // lowered, so it takes the (cube) shader filter whatever min_lod. Depth compare takes the filter
   // too (its taps compare, above), except on a seamless cube map. Not for anisotropy.
   bool switch_filtered = false;
   if (st.lower_min_mag_switch && !depth_lowered && s.max_anisotropy == 0 &&
       s.mag_img_filter == PIPE_TEX_FILTER_LINEAR && s.min_img_filter == PIPE_TEX_FILTER_NEAREST &&
       s.min_mip_filter != PIPE_TEX_MIPFILTER_NONE && s.max_lod > 0.0f && s.min_lod <= 0.5f) {
      if (s.min_lod == 0.0f && !cube)
         low.min_mag_switch = true;
      else if (compare_allows_filter)
         switch_filtered = true;
   }

   // Rule 11: MIN / MAX reduction with a LINEAR mip filter takes the minimum / maximum over every
   // texel of both levels (ARB_texture_filter_minmax, VK_EXT_sampler_filter_minmax). A screen
   // whose device reduces each level and then blends the two by the mip weight asks for the
   // shader filter, which reduces over both. Not for cube maps, anisotropy or compare.
   const bool minmax_filtered = st.lower_minmax_mipmap && !is_integer && !cube && !gl_compare &&
                                !compare_fallback && s.max_anisotropy == 0 &&
                                s.reduction_mode != PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE &&
                                s.min_mip_filter == PIPE_TEX_MIPFILTER_LINEAR;

   // Rule 12: GL 4.6 §8.14.2 mirrors the integer texel coordinate (MIRRORED_REPEAT, the mirror
   // clamps): s = −k/N reads texel k − 1, and s = 1 + k/N in an odd period texel N − 1 − k. A
   // device that mirrors s itself reads the neighbour on those texel boundaries wherever NEAREST
   // filters. On a screen that says so, a NEAREST filter on a native mirrored wrap of an axis the
   // target has takes the shader filter, whose taps at texel centres leave the device nothing to
   // round (an integer result is its one NEAREST tap; an axis under rule 8's |s| emulation is
   // lowered as rule 8 says first). Not for cube maps (a face's coordinates lie in [0, 1]: no
   // mirrored period) or anisotropy.
   const auto mirrored = [](unsigned w) {
      return w == PIPE_TEX_WRAP_MIRROR_REPEAT || w == PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE;
   };
   const unsigned axes = target == GL_TEXTURE_3D                                         ? 3
                         : target == GL_TEXTURE_1D || target == GL_TEXTURE_1D_ARRAY ? 1
                                                                                      : 2;
   const bool mirrored_axis = mirrored(s.wrap_s) || (axes > 1 && mirrored(s.wrap_t)) || (axes > 2 && mirrored(s.wrap_r));
   const bool mirror_filtered = st.lower_mirror_texel && !cube && compare_allows_filter &&
                                s.max_anisotropy == 0 && mirrored_axis &&
                                (s.min_img_filter == PIPE_TEX_FILTER_NEAREST || s.mag_img_filter == PIPE_TEX_FILTER_NEAREST);

   // Rule 13: GL 4.6 §8.14.3 takes level base + ⌈λ + ½⌉ − 1 for a NEAREST mip filter above the
   // switch, so λ = k + ½ reads level k; Vulkan lets a device round that tie either way, and one
   // that rounds it up (or to even: 1.5 to level 2) reads the level above. On a screen that says
   // so, a NEAREST mip filter takes the shader filter, which selects GL's level itself (the |s|
   // mirror emulation composes with it; integer formats, NEAREST by rule 2, take its one tap). Not
   // for anisotropy or compare on a seamless cube map.
   const bool tie_filtered = st.lower_nearest_mip_tie && compare_allows_filter &&
                             s.max_anisotropy == 0 && s.min_mip_filter == PIPE_TEX_MIPFILTER_NEAREST;

   // Rule 15: a non-seamless cube map reads REPEAT and the border wraps within each face; a device
   // that clamps to the face's edge instead (the cap's 1) asks for the cube filter, which wraps the
   // face itself (MIRRORED_REPEAT and MIRROR_CLAMP_TO_EDGE equal CLAMP_TO_EDGE on a face, whose
   // coordinates lie in [0, 1]); a device that samples every cube map seamless (2) asks for it
   // whatever the wraps (a depth-compare unit's border texel compared in the shader). Not for
   // anisotropy.
   const auto face_wrap = [](GLenum w) {
      return w != GL_CLAMP_TO_EDGE && w != GL_MIRRORED_REPEAT && w != GL_MIRROR_CLAMP_TO_EDGE;
   };
   const bool face_wrap_filtered = st.lower_cube_face_wrap != 0 && cube && !seamless && compare_allows_filter &&
                                   s.max_anisotropy == 0 &&
                                   (st.lower_cube_face_wrap == 2 || face_wrap(a.WrapS) || face_wrap(a.WrapT));

   // Rule 16: a device whose λ approximates log2 ρ (the cap) weighs the two levels of a LINEAR mip
   // filter by its own λ; the shader filter computes GL's (an explicit LOD is exact on the device,
   // but the key is per unit). A NEAREST mip filter is rule 13's; the min/mag switch keeps its sign
   // under such approximations. Not for anisotropy or compare on a seamless cube map.
   const bool lambda_filtered = st.lower_lambda && compare_allows_filter && s.max_anisotropy == 0 &&
                                s.min_mip_filter == PIPE_TEX_MIPFILTER_LINEAR;

   // The shader filter (rules 4, 10, 11, 12, 13, 15 and 16): GL's filters and λ computed in the shader from
   // NEAREST lookups at explicit integer levels, which the device must take as they are. Wraps,
   // borders and the GL_CLAMP saturate above came from GL's filters, as the shader's taps need them.
   if (depth_lowered || switch_filtered || minmax_filtered || mirror_filtered || tie_filtered || face_wrap_filtered ||
       lambda_filtered) {
      low.has_shader_filter = true;
      low.min_mag_switch = false;  // the filter computes GL's switch itself (rule 10)
      low.shader_filter = {s.min_img_filter, s.mag_img_filter, s.min_mip_filter, s.reduction_mode,
                          s.lod_bias,       s.min_lod,        s.max_lod};
      if (gl_compare) {
         low.shader_filter.compare = true;
         low.shader_filter.compare_func = s.compare_func;
         low.shader_filter.compare_clamps_ref = !(desc && desc->is_float);
      }
      if (cube)
         cube_filter_wraps(st, texobj, a, seamless, stencil, is_integer, gl_compare, &low.shader_filter);
      low.nearest_edge = ST_NEAREST_EDGE_NONE;
      s.min_img_filter = s.mag_img_filter = PIPE_TEX_FILTER_NEAREST;
      if (s.min_mip_filter != PIPE_TEX_MIPFILTER_NONE)
         s.min_mip_filter = PIPE_TEX_MIPFILTER_NEAREST;
      s.lod_bias = 0.0f;
      s.min_lod = 0.0f;
      s.max_lod = 1000.0f;
      s.max_anisotropy = 0;
      s.reduction_mode = PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE;
   }

   // Rule 14: GL selects layer ⌊t + ½⌋ of an array texture (clamped), Vulkan round-to-even, so
   // t = 2k + ½ reads layer 2k + 1 in GL and 2k on the device. The shader rounds t GL's way; the
   // device then reads that integer exactly.
   low.round_layer = st.lower_array_layer_tie && (target == GL_TEXTURE_1D_ARRAY || target == GL_TEXTURE_2D_ARRAY ||
                                                  target == GL_TEXTURE_CUBE_MAP_ARRAY);

   *out = s;
   if (lowering)
      *lowering = low;
}

bool st_convert_sampler_from_unit(const st_context &st, unsigned unit, GLenum target,
                                  pipe_sampler_state *sampler, st_sampler_lowering *lowering) {
   const gl_context &ctx = *st.ctx;
   const gl_texture_object *tex = ctx.current_texture(unit, target);
   if (!tex)
      return false;
   const gl_sampler_object *samp = ctx.sampler_for_unit(unit, tex);
   st_convert_sampler(st, *tex, *samp, ctx.unit(unit).LodBias, ctx.cube_map_seamless(), sampler,
                      lowering);
   return true;
}

}  // namespace clampler
