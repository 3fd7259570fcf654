// Levels, level sizes and completeness of a texture with immutable storage (GL 4.6 §8.11, §8.17).
#include <algorithm>

#include "clampler/gl/context.h"

namespace clampler {

gl_level_range gl_texture_level_range(const gl_texture_object &tex) {
   if (tex.Levels == 0)
      return {};
   const uint32_t last = tex.Levels - 1;
   const uint32_t base = static_cast<uint32_t>(std::clamp<int64_t>(tex.Attrib.BaseLevel, 0, last));
   const uint32_t max = static_cast<uint32_t>(std::clamp<int64_t>(tex.Attrib.MaxLevel, base, last));
   return {base, max};
}

gl_level_size gl_texture_level_size(const gl_texture_object &tex, uint32_t level) {
   if (level >= tex.Levels)
      return {};
   const auto halve = [level](uint32_t n) { return std::max<uint32_t>(1, level >= 32 ? 0 : n >> level); };
   gl_level_size s{halve(tex.Width), 1, 1};
   switch (tex.Target) {
   case GL_TEXTURE_1D:
   case GL_TEXTURE_BUFFER:
      break;
   case GL_TEXTURE_1D_ARRAY:
      s.height = tex.Height;  // layers
      break;
   case GL_TEXTURE_3D:
      s.height = halve(tex.Height);
      s.depth = halve(tex.Depth);
      break;
   case GL_TEXTURE_2D_ARRAY:
   case GL_TEXTURE_CUBE_MAP_ARRAY:
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
      s.height = halve(tex.Height);
      s.depth = tex.Depth;  // layers (6 x cubes for cube-map arrays)
      break;
   default:  // 2D, rectangle, cube map (per face), 2D multisample
      s.height = halve(tex.Height);
      break;
   }
   return s;
}

bool gl_texture_is_complete(const gl_texture_object &tex, const gl_sampler_attrib &sampler) {
   if (tex.Levels == 0)
      return false;
   if (tex.Samples != 0 || tex.Target == GL_TEXTURE_BUFFER)
      return true;  // never filtered: no filter rule applies
   const util_format_description *d = util_format_describe(tex.Format);
   const bool stencil = d && (d->gl_base_format == GL_STENCIL_INDEX ||
                              (d->gl_base_format == GL_DEPTH_STENCIL && tex.Attrib.StencilSampling));
   const bool integer = d && d->is_integer && !d->depth_bits && !d->stencil_bits;
   if (!integer && !stencil)
      return true;
   return sampler.MagFilter == GL_NEAREST &&
          (sampler.MinFilter == GL_NEAREST || sampler.MinFilter == GL_NEAREST_MIPMAP_NEAREST);
}

}  // namespace clampler
