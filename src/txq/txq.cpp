// txq_query: a texture's and its sampler state's txq attributes, from the GL front end's state and GL's rules.
#include "clampler/txq/txq.h"

namespace clampler {

bool txq_target_has_mipmaps(GLenum target) {
   return target != GL_TEXTURE_RECTANGLE && target != GL_TEXTURE_BUFFER && target != GL_TEXTURE_2D_MULTISAMPLE &&
          target != GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
}

bool txq_level(const gl_texture_object &tex, uint32_t lod, txq_level_size *out) {
   const gl_level_range r = gl_texture_level_range(tex);
   if (tex.Levels == 0 || lod > r.max - r.base)
      return false;
   const gl_level_size s = gl_texture_level_size(tex, r.base + lod);
   *out = {lod, s.width, s.height, s.depth};
   return true;
}

namespace {

uint32_t array_size(const gl_texture_object &tex) {
   switch (tex.Target) {
   case GL_TEXTURE_1D_ARRAY: return tex.Height;
   case GL_TEXTURE_2D_ARRAY:
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY: return tex.Depth;
   case GL_TEXTURE_CUBE_MAP_ARRAY: return tex.Depth / 6;
   default: return 0;
   }
}

}  // namespace

bool txq_query(const gl_context &ctx, unsigned unit, GLenum target, txq_language lang, txq_result *out,
               std::string *error) {
   if (gl_target_to_index(target) == NUM_TEXTURE_TARGETS) {
      *error = "txq: not a texture target";
      return false;
   }
   if (unit >= ctx.limits().MaxCombinedTextureImageUnits) {
      *error = "txq: texture unit " + std::to_string(unit) + " does not exist";
      return false;
   }
   const gl_texture_object *tex = ctx.current_texture(unit, target);
   if (!tex || tex->Levels == 0) {
      *error = "txq: the texture bound to unit " + std::to_string(unit) + " has no storage";
      return false;
   }
   const gl_sampler_object *so = ctx.sampler_for_unit(unit, tex);
   const gl_sampler_attrib &s = so->Attrib;
   const util_format_description &d = *util_format_describe(tex->Format);

   txq_result r;
   r.target = target;
   r.independent = ctx.unit(unit).Sampler != 0;
   r.complete = gl_texture_is_complete(*tex, s);
   r.range = gl_texture_level_range(*tex);
   for (uint32_t lod = 0; lod <= r.range.max - r.range.base; ++lod) {
      txq_level_size l;
      txq_level(*tex, lod, &l);
      r.levels.push_back(l);
   }
   txq_texture_attribs &t = r.texture;
   t.width = r.levels[0].width;
   t.height = r.levels[0].height;
   t.depth = r.levels[0].depth;
   t.channel_order = txq_channel_order(lang, d);
   t.channel_data_type = txq_channel_data_type(lang, d);
   const bool has_mipmaps = txq_target_has_mipmaps(target);
   t.normalized_coords = has_mipmaps ? 1 : 0;
   t.array_size = array_size(*tex);
   t.num_mipmap_levels = has_mipmaps && r.complete ? r.range.max - r.range.base + 1 : 0;
   t.num_samples = tex->Samples;

   txq_sampler_attribs &q = r.sampler;
   q.force_unnormalized_coords = 0;
   q.filter_mode = txq_filter_mode_of(s.MagFilter);
   const GLenum wraps[3] = {s.WrapS, s.WrapT, s.WrapR};
   for (int i = 0; i < 3; ++i) {
      q.addr_mode[i] = txq_addr_mode_of(wraps[i]);
      q.gl_wrap[i] = wraps[i];
   }
   q.gl_min_filter = s.MinFilter;
   q.gl_mag_filter = s.MagFilter;
   *out = std::move(r);
   return true;
}

}  // namespace clampler
