// Device sampling's texture targets: the table of targets and GL's level sizes.
#include "sample_targets.h"

#include <algorithm>

namespace clampler::sample_internal {

namespace {

constexpr target_info kTargets[] = {
   {GL_TEXTURE_1D, "GL_TEXTURE_1D", VK_IMAGE_TYPE_1D, VK_IMAGE_VIEW_TYPE_1D, 1},
   {GL_TEXTURE_1D_ARRAY, "GL_TEXTURE_1D_ARRAY", VK_IMAGE_TYPE_1D, VK_IMAGE_VIEW_TYPE_1D_ARRAY, 2},
   {GL_TEXTURE_2D, "GL_TEXTURE_2D", VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_2D, 2},
   {GL_TEXTURE_RECTANGLE, "GL_TEXTURE_RECTANGLE", VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_2D, 2},
   {GL_TEXTURE_2D_ARRAY, "GL_TEXTURE_2D_ARRAY", VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_2D_ARRAY, 3},
   {GL_TEXTURE_3D, "GL_TEXTURE_3D", VK_IMAGE_TYPE_3D, VK_IMAGE_VIEW_TYPE_3D, 3},
   {GL_TEXTURE_CUBE_MAP, "GL_TEXTURE_CUBE_MAP", VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_CUBE, 3},
   {GL_TEXTURE_CUBE_MAP_ARRAY, "GL_TEXTURE_CUBE_MAP_ARRAY", VK_IMAGE_TYPE_2D, VK_IMAGE_VIEW_TYPE_CUBE_ARRAY, 4},
};

}  // namespace

const target_info *target_of(GLenum t) {
   for (const target_info &i : kTargets)
      if (i.target == t)
         return &i;
   return nullptr;
}

level_size size_of_level(const sample_request &r, uint32_t level) {
   auto minify = [level](uint32_t v) { return std::max<uint32_t>(1, v >> level); };
   level_size s{minify(r.width), r.height, r.depth};
   if (r.target != GL_TEXTURE_1D_ARRAY)
      s.h = minify(r.height);
   if (r.target == GL_TEXTURE_3D)
      s.d = minify(r.depth);
   return s;
}

uint32_t array_layers(const sample_request &r) {
   switch (r.target) {
   case GL_TEXTURE_1D_ARRAY: return r.height;
   case GL_TEXTURE_2D_ARRAY:
   case GL_TEXTURE_CUBE_MAP:
   case GL_TEXTURE_CUBE_MAP_ARRAY: return r.depth;
   default: return 1;
   }
}

}  // namespace clampler::sample_internal
