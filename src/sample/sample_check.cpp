// Device sampling's request checks: everything about a request that can be refused without the device.
#include "sample_check.h"

#include <algorithm>

#include "sample_lowering.h"
#include "sample_shader_io.h"
#include "sample_targets.h"

namespace clampler::sample_internal {

namespace {

// The range stored component c of format `d` may take (ref_stored_texel's conventions).
void code_range(const util_format_description &d, int c, int64_t *lo, int64_t *hi) {
   int bits = 0;
   bool is_signed = false;
   if (d.depth_bits || d.stencil_bits) {
      bits = d.depth_bits && c == 0 ? d.depth_bits : d.stencil_bits;
   } else {
      bits = d.channel_bits[c];
      is_signed = !d.is_float && d.type == UTIL_FORMAT_TYPE_SIGNED;  // float codes are bit patterns
   }
   if (is_signed) {
      *lo = -(int64_t{1} << (bits - 1));
      *hi = (int64_t{1} << (bits - 1)) - 1;
   } else {
      *lo = 0;
      *hi = (int64_t{1} << bits) - 1;
   }
}

bool valid_swizzle(VkComponentSwizzle s) {
   return s >= VK_COMPONENT_SWIZZLE_IDENTITY && s <= VK_COMPONENT_SWIZZLE_A;
}

bool is_identity(const VkComponentMapping &m) {
   auto id = [](VkComponentSwizzle s, VkComponentSwizzle self) {
      return s == VK_COMPONENT_SWIZZLE_IDENTITY || s == self;
   };
   return id(m.r, VK_COMPONENT_SWIZZLE_R) && id(m.g, VK_COMPONENT_SWIZZLE_G) && id(m.b, VK_COMPONENT_SWIZZLE_B) &&
          id(m.a, VK_COMPONENT_SWIZZLE_A);
}

}  // namespace

bool check_request(const zink_screen &screen, const sample_request &r, upload_plan *plan, std::string *error) {
   auto fail = [error](const std::string &what) {
      *error = "device sampling: " + what;
      return false;
   };
   std::string why;
   *plan = plan_upload(screen, r.format, &why);
   if (plan->format == VK_FORMAT_UNDEFINED)
      return fail(why);
   const util_format_description &desc = *util_format_describe(r.format);
   if (r.target == GL_TEXTURE_CUBE_MAP_ARRAY && !screen.device_caps().image_cube_array)
      return fail("GL_TEXTURE_CUBE_MAP_ARRAY needs Vulkan's imageCubeArray feature, which " +
                  screen.device_caps().device_name + " does not offer");
   const target_info *ti = target_of(r.target);
   if (!ti)
      return fail("target " + std::to_string(r.target) + " is not a texture target device sampling supports");
   const std::string tname = ti->name;
   if (r.width == 0 || r.height == 0 || r.depth == 0)
      return fail(tname + " with a zero width, height or depth");
   if ((r.target == GL_TEXTURE_1D && (r.height != 1 || r.depth != 1)) ||
       ((r.target == GL_TEXTURE_1D_ARRAY || r.target == GL_TEXTURE_2D || r.target == GL_TEXTURE_RECTANGLE) &&
        r.depth != 1))
      return fail(tname + " takes depth 1" + (r.target == GL_TEXTURE_1D ? " and height 1" : "") + ", got " +
                  std::to_string(r.width) + "x" + std::to_string(r.height) + "x" + std::to_string(r.depth));
   if (r.target == GL_TEXTURE_CUBE_MAP_ARRAY && (r.depth == 0 || r.depth % 6 != 0 || r.width != r.height))
      return fail("GL_TEXTURE_CUBE_MAP_ARRAY needs square faces and a depth of 6 x cubes, got " +
                  std::to_string(r.width) + "x" + std::to_string(r.height) + "x" + std::to_string(r.depth));
   if (r.target == GL_TEXTURE_CUBE_MAP && (r.depth != 6 || r.width != r.height))
      return fail("GL_TEXTURE_CUBE_MAP needs square faces and depth 6 (the faces), got " + std::to_string(r.width) +
                  "x" + std::to_string(r.height) + "x" + std::to_string(r.depth));
   uint32_t largest = r.width;
   if (r.target != GL_TEXTURE_1D_ARRAY)
      largest = std::max(largest, r.height);
   if (r.target == GL_TEXTURE_3D)
      largest = std::max(largest, r.depth);
   uint32_t full_chain = 1;
   while ((largest >> full_chain) != 0)
      ++full_chain;
   if (r.levels == 0 || r.levels > full_chain)
      return fail(std::to_string(r.levels) + " levels for a " + tname + " whose full chain has " +
                  std::to_string(full_chain));
   if (r.target == GL_TEXTURE_RECTANGLE && r.levels != 1)
      return fail("GL_TEXTURE_RECTANGLE has one level");
   if (r.texels.size() != r.levels)
      return fail("texels given for " + std::to_string(r.texels.size()) +
                  " levels, levels = " + std::to_string(r.levels));
   if (r.base_level > r.max_level || r.base_level >= r.levels)
      return fail("base level " + std::to_string(r.base_level) + " and max level " + std::to_string(r.max_level) +
                  " select no level of the " + std::to_string(r.levels) + " given");
   for (uint32_t l = 0; l < r.levels; ++l) {
      const level_size s = size_of_level(r, l);
      const size_t want = static_cast<size_t>(s.w) * s.h * s.d;
      if (r.texels[l].size() != want)
         return fail("level " + std::to_string(l) + " has " + std::to_string(r.texels[l].size()) +
                     " texels, its size " + std::to_string(s.w) + "x" + std::to_string(s.h) + "x" +
                     std::to_string(s.d) + " needs " + std::to_string(want));
      for (size_t i = 0; i < want; ++i) {
         const ref::ref_stored_texel &t = r.texels[l][i];
         if (t.count != desc.nr_channels)
            return fail("texel " + std::to_string(i) + " of level " + std::to_string(l) + " has " +
                        std::to_string(t.count) + " stored components, " + desc.name + " stores " +
                        std::to_string(desc.nr_channels));
         if (r.format == PIPE_FORMAT_R9G9B9E5_FLOAT && t.shared_exponent > 31)
            return fail("texel " + std::to_string(i) + " of level " + std::to_string(l) + ": shared exponent " +
                        std::to_string(t.shared_exponent) + " is outside [0, 31]");
         for (int c = 0; c < t.count; ++c) {
            int64_t lo, hi;
            code_range(desc, c, &lo, &hi);
            if (t.code[c] < lo || t.code[c] > hi)
               return fail("texel " + std::to_string(i) + " of level " + std::to_string(l) + ": stored code " +
                           std::to_string(t.code[c]) + " is outside [" + std::to_string(lo) + ", " +
                           std::to_string(hi) + "] for " + desc.name);
         }
      }
   }
   if (r.sampler == VK_NULL_HANDLE)
      return fail("no VkSampler given");
   for (VkComponentSwizzle s : {r.view_swizzle.r, r.view_swizzle.g, r.view_swizzle.b, r.view_swizzle.a})
      if (!valid_swizzle(s))
         return fail("view_swizzle holds " + std::to_string(static_cast<int>(s)) + ", not a VkComponentSwizzle");
   if (r.stencil && !desc.stencil_bits)
      return fail(std::string("stencil lookups need a format with stencil, ") + desc.name + " has none");
   if (r.shadow && samples_stencil(r))
      return fail(std::string("shadow lookups read depth, but the request samples the stencil of ") + desc.name);
   if (r.shadow) {
      if (!desc.depth_bits)
         return fail(std::string("shadow lookups need a depth format, ") + desc.name + " is not one");
      if (r.target == GL_TEXTURE_3D || r.target == GL_TEXTURE_RECTANGLE)
         return fail("shadow lookups on " + tname + " are not supported (" +
                     (r.target == GL_TEXTURE_3D ? "Vulkan has no depth compare on 3D images"
                                                : "Vulkan forbids depth compare with unnormalized coordinates") +
                     ")");
      if (!is_identity(r.view_swizzle))
         return fail("shadow lookups take the identity view swizzle: depth texture modes and swizzles of shadow "
                     "results go in the request's lowering (shadow_swizzle)");
   }
   const sample_shader_kind kind = r.shadow ? sample_shader_kind::shadow : sample_shader_kind::float_;
   const uint64_t max_lookups = static_cast<uint64_t>(kLocalSize) * kMaxGroups;  // the guaranteed group count
   if (r.lookups.size() > max_lookups)
      return fail(std::to_string(r.lookups.size()) + " lookups, at most " + std::to_string(max_lookups) + " per call");
   for (size_t i = 0; i < r.lookups.size(); ++i) {
      const ref::ref_lookup &lk = r.lookups[i];
      if (lk.ncoord < ti->coords || lk.ncoord > 4)
         return fail("lookup " + std::to_string(i) + " has " + std::to_string(lk.ncoord) + " coordinates, " + tname +
                     " takes " + std::to_string(ti->coords));
      if (r.shadow && !lk.has_ref)
         return fail("lookup " + std::to_string(i) + " is a shadow lookup without a depth reference (has_ref)");
      // Every target has both kinds of compute shader, or none (shadow 3D: GL has no such sampler).
      if (!detail::sample_compute_shader(kind, r.target, lk.has_grad && !lk.has_lod).code)
         return fail(tname + (r.shadow ? " shadow" : "") + " lookups have no compute shader");
   }
   return true;
}

}  // namespace clampler::sample_internal
