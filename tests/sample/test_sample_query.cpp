// sample_query on the real device (lavapipe in CI): the view device sampling creates carries GL's levels and layers.
//
// Expected values are GL's (GL 4.6 §8.11, §8.17 for immutable storage, GLSL 4.60 textureSize and
// textureQueryLevels), written out per case; the device computes its answers from the view.
#include "../zink/zink_test_util.h"

#include <array>
#include <string>
#include <vector>

#include "clampler/ref/ref_format.h"
#include "clampler/sample/sample_device.h"
#include "clampler/st/st_sampler.h"
#include "clampler/zink/zink_sampler_cache.h"

using namespace clampler;
using namespace clampler::test;

namespace {

struct query_case {
   const char *rule;
   GLenum target;
   pipe_format format;
   uint32_t w, h, d, levels;  // d: layers / slices / 6 faces, as sample_request
   uint32_t base, max;        // already GL's level_base and level_max
   int32_t want_levels;
   std::vector<std::array<int32_t, 3>> want_sizes;  // textureSize(lod), lod from the base level
   bool stencil = false;
};

const query_case kCases[] = {
   {"1D, every level", GL_TEXTURE_1D, PIPE_FORMAT_R8G8B8A8_UNORM, 8, 1, 1, 4, 0, 3, 4, {{8, 0, 0}, {4, 0, 0}, {2, 0, 0}, {1, 0, 0}}},
   {"1D array: layers never shrink", GL_TEXTURE_1D_ARRAY, PIPE_FORMAT_R32_FLOAT, 8, 5, 1, 3, 1, 2, 2, {{4, 5, 0}, {2, 5, 0}}},
   {"2D from base level 1", GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UINT, 16, 8, 1, 5, 1, 3, 3, {{8, 4, 0}, {4, 2, 0}, {2, 1, 0}}},
   {"2D with base = max = the last level", GL_TEXTURE_2D, PIPE_FORMAT_R16G16_SNORM, 8, 8, 1, 3, 2, 2, 1, {{2, 2, 0}}},
   {"3D halves depth", GL_TEXTURE_3D, PIPE_FORMAT_R8G8_UNORM, 8, 4, 4, 3, 0, 2, 3, {{8, 4, 4}, {4, 2, 2}, {2, 1, 1}}},
   {"2D array keeps its layers", GL_TEXTURE_2D_ARRAY, PIPE_FORMAT_R16G16B16A16_FLOAT, 4, 4, 7, 3, 0, 1, 2, {{4, 4, 7}, {2, 2, 7}}},
   {"cube map", GL_TEXTURE_CUBE_MAP, PIPE_FORMAT_Z24_UNORM_S8_UINT, 8, 8, 6, 4, 1, 3, 3, {{4, 4, 0}, {2, 2, 0}, {1, 1, 0}}},
   {"cube map sampled as stencil", GL_TEXTURE_CUBE_MAP, PIPE_FORMAT_Z24_UNORM_S8_UINT, 4, 4, 6, 2, 0, 1, 2, {{4, 4, 0}, {2, 2, 0}}, true},
   {"cube-map array counts cubes", GL_TEXTURE_CUBE_MAP_ARRAY, PIPE_FORMAT_R8G8B8A8_SRGB, 4, 4, 12, 3, 0, 2, 3, {{4, 4, 2}, {2, 2, 2}, {1, 1, 2}}},
   {"rectangle: one level", GL_TEXTURE_RECTANGLE, PIPE_FORMAT_R8G8B8A8_UNORM, 7, 3, 1, 1, 0, 0, 1, {{7, 3, 0}}},
   {"depth 2D", GL_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT, 6, 10, 1, 4, 0, 3, 4, {{6, 10, 0}, {3, 5, 0}, {1, 2, 0}, {1, 1, 0}}},
};

class SampleQuery : public ZinkTest {};

TEST_F(SampleQuery, TheViewAnswersGlsLevelsAndSizes) {
   zink_sampler_cache &cache = zink_screen_sampler_cache(*screen);
   const size_t lowered_before = sample_statistics(*screen).lowered_modules;
   for (const query_case &c : kCases) {
      if (c.target == GL_TEXTURE_CUBE_MAP_ARRAY && !screen->device_caps().image_cube_array)
         continue;
      std::string why;
      if (!sample_format_supported(*screen, c.format, &why)) {
         ADD_FAILURE() << c.rule << ": " << why;
         continue;
      }
      pipe_sampler_state ps{};
      std::string warning, error;
      const zink_sampler_key key = zink_sampler_key_from_pipe(screen->device_caps(), ps, &warning,
                                                              screen->sampled_view(c.format));
      VkResult vr = VK_SUCCESS;
      zink_sampler *zs = cache.acquire(key, &vr, &error);
      ASSERT_NE(zs, nullptr) << error;

      sample_request r;
      r.format = c.format;
      r.target = c.target;
      r.width = c.w;
      r.height = c.h;
      r.depth = c.d;
      r.levels = c.levels;
      r.base_level = c.base;
      r.max_level = c.max;
      r.sampler = zs->sampler;
      r.stencil = c.stencil;
      ref::ref_stored_texel zero;
      zero.count = util_format_describe(c.format)->nr_channels;
      for (uint32_t l = 0; l < c.levels; ++l) {
         const uint32_t w = std::max(1u, c.w >> l);
         const uint32_t h = c.target == GL_TEXTURE_1D_ARRAY ? c.h : std::max(1u, c.h >> l);
         const uint32_t d = c.target == GL_TEXTURE_3D ? std::max(1u, c.d >> l) : c.d;
         r.texels.emplace_back(static_cast<size_t>(w) * h * d, zero);
      }
      // The query shader as written, then lowered with every key bit the target allows: the
      // pass rewrites lookups only, so every OpImageQuery* still answers GL's values.
      std::vector<std::pair<const char *, st_sampler_lowering>> keys = {{"no lowering", {}}};
      st_sampler_lowering clamp;
      clamp.saturate = clamp.abs = 7;
      clamp.nearest_edge = ST_NEAREST_EDGE_MINIFIED;
      keys.emplace_back("GL_CLAMP / mirror clamp / nearest edge", clamp);
      st_sampler_lowering sw;
      sw.min_mag_switch = true;
      keys.emplace_back("min/mag switch", sw);
      const bool cube = c.target == GL_TEXTURE_CUBE_MAP || c.target == GL_TEXTURE_CUBE_MAP_ARRAY;
      if (!cube && !c.stencil && !util_format_describe(c.format)->is_integer) {
         st_sampler_lowering filter;  // rule 4: the shader filters (the pass refuses cube maps)
         filter.has_shader_filter = true;
         filter.shader_filter.min_img_filter = filter.shader_filter.mag_img_filter = PIPE_TEX_FILTER_LINEAR;
         filter.shader_filter.min_mip_filter = PIPE_TEX_MIPFILTER_LINEAR;
         keys.emplace_back("shader filter", filter);
      }
      for (const auto &[what, lowering] : keys) {
         r.lowering = lowering;
         sample_query_result got;
         ASSERT_TRUE(sample_query(*screen, r, &got, &error)) << c.rule << ", " << what << ": " << error;
         EXPECT_EQ(got.levels, c.want_levels) << c.rule << ", " << what;
         EXPECT_EQ(got.sizes, c.want_sizes) << c.rule << ", " << what;
      }
      cache.release(zs);
   }
   // The lowered variants did go through the pass: one lowered module per shader and key.
   EXPECT_GE(sample_statistics(*screen).lowered_modules - lowered_before, 20u);
}

TEST_F(SampleQuery, ShadowRequestsAreRefusedWithAReason) {
   sample_request r;
   r.shadow = true;
   sample_query_result got;
   std::string error;
   EXPECT_FALSE(sample_query(*screen, r, &got, &error));
   EXPECT_NE(error.find("shadow"), std::string::npos) << error;
}

}  // namespace
