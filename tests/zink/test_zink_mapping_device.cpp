// Every mapped sampler is a valid Vulkan object: a cross-product of pipe states created on the device under validation.
#include "zink_test_util.h"

#include "clampler/zink/zink_context.h"

using namespace clampler;
using namespace clampler::test;

namespace {

void create_cross_product(zink_screen &screen) {
   zink_sampler_cache cache(screen);
   zink_context ctx(screen, cache);
   const pipe_tex_wrap wraps[] = {PIPE_TEX_WRAP_REPEAT, PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_WRAP_CLAMP_TO_BORDER,
                                  PIPE_TEX_WRAP_MIRROR_REPEAT, PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE};
   const float borders[][4] = {{0, 0, 0, 0}, {0, 0, 0, 1}, {1, 1, 1, 1}, {0.25f, 0.5f, 0.75f, 1.0f}};
   unsigned created = 0;
   for (pipe_tex_wrap w : wraps)
      for (unsigned filt = 0; filt < 4; ++filt)
         for (unsigned mip = 0; mip < 3; ++mip)
            for (unsigned cmp = 0; cmp < 2; ++cmp)
               for (unsigned red = 0; red < 3; ++red)
                  for (unsigned b = 0; b < 4; ++b)
                     for (unsigned integer = 0; integer < 2; ++integer)
                        for (unsigned extra = 0; extra < 3; ++extra) {
                           pipe_sampler_state s{};
                           s.wrap_s = w;
                           s.wrap_t = wraps[(filt + b) % 5];
                           s.min_img_filter = static_cast<pipe_tex_filter>(filt & 1);
                           s.mag_img_filter = static_cast<pipe_tex_filter>(filt >> 1);
                           s.min_mip_filter = static_cast<pipe_tex_mipfilter>(mip);
                           s.compare_mode = static_cast<pipe_tex_compare>(cmp);
                           s.compare_func = static_cast<pipe_compare_func>((b * 3 + red) % 8);
                           s.reduction_mode = static_cast<pipe_tex_reduction_mode>(red);
                           s.border_color_is_integer = static_cast<uint8_t>(integer);
                           for (unsigned c = 0; c < 4; ++c) {
                              if (integer)
                                 s.border_color.i[c] = static_cast<int32_t>(borders[b][c] * 4);
                              else
                                 s.border_color.f[c] = borders[b][c];
                           }
                           s.min_lod = extra == 1 ? 2.0f : 0.0f;
                           s.max_lod = extra == 2 ? 0.0f : 1000.0f;
                           s.lod_bias = extra == 1 ? 20.0f : -0.5f;
                           s.max_anisotropy = extra == 2 ? 64 : 0;
                           s.seamless_cube_map = extra == 0;
                           s.unnormalized_coords = extra == 2 && mip == 2;
                           void *h = ctx.create_sampler_state(s);
                           ASSERT_NE(h, nullptr) << ctx.last_error();
                           ctx.delete_sampler_state(h);
                           ++created;
                        }
   EXPECT_EQ(created, 5u * 4 * 3 * 2 * 3 * 4 * 2 * 3);
}

class ZinkWeakDevice : public ZinkTest {
protected:
   std::string caps_override() const override {
      return R"({"disable_extensions": ["VK_EXT_custom_border_color", "VK_EXT_non_seamless_cube_map"],
                 "disable_features": ["samplerAnisotropy", "samplerFilterMinmax", "samplerMirrorClampToEdge"],
                 "limits": {"maxSamplerLodBias": 2}})";
   }
};

}  // namespace

TEST_F(ZinkTest, EveryMappedStateIsAValidSampler) { create_cross_product(*screen); }

TEST_F(ZinkWeakDevice, EveryMappedStateIsAValidSamplerOnAWeakDevice) { create_cross_product(*screen); }

TEST_F(ZinkTest, BorderedSamplersOnEveryTableFormatAreValid) {
   // Border colours through each format's view (emulation swizzles included), under validation.
   zink_sampler_cache cache(*screen);
   zink_context ctx(*screen, cache);
   for (unsigned f = 1; f < PIPE_FORMAT_COUNT; ++f) {
      const util_format_description *d = util_format_describe(static_cast<pipe_format>(f));
      if (!screen->format_support(static_cast<pipe_format>(f)).sampled)
         continue;
      pipe_sampler_state s{};
      s.wrap_s = PIPE_TEX_WRAP_CLAMP_TO_BORDER;
      s.border_color_format = static_cast<uint16_t>(f);
      s.border_color_is_integer = d->is_integer || (d->stencil_bits && !d->depth_bits);
      for (unsigned c = 0; c < 4; ++c) {
         if (s.border_color_is_integer)
            s.border_color.i[c] = static_cast<int32_t>(c + 2);
         else
            s.border_color.f[c] = 0.2f * static_cast<float>(c + 1);
      }
      void *h = ctx.create_sampler_state(s);
      ASSERT_NE(h, nullptr) << util_format_name(static_cast<pipe_format>(f)) << ": " << ctx.last_error();
      ctx.delete_sampler_state(h);
   }
}
