// Device sampling (sample_lookups, sample_grid_draw) against the CPU reference sampler, under validation.
//
// Expected values always come from ref_sample given the GL state equivalent to the pipe state
// the VkSampler was made from; the device only ever produces the values under test.
// Tolerances (lavapipe: subTexelPrecisionBits 8, mipmapPrecisionBits 4), per component:
// - NEAREST filtering with NEAREST or no mip filter: exact up to the float conversion of the
//   texel (1e-6), integers exact;
// - LINEAR filtering: + (2 * 2^-subTexelPrecisionBits) x the texel range (bilinear weights
//   quantised per axis), + 1/255 for 8-bit normalized formats (the brief's unorm8 allowance);
// - mip LINEAR: + 2^-mipmapPrecisionBits x the range between levels (the level weight is
//   quantised); lookups keep λ at multiples of 1/16 where they can;
// - sRGB decode: + 2e-3 (the device's EOTF against §8.24's exact one; kSrgbTol).
// Coordinates, LODs and gradients are rounded to single precision before both sides see them,
// and are kept off texel-boundary, λ = k + 0.5 and array-layer k + 0.5 ties (docs/design.md §5).
// GL's c = 0.5 min/mag switch (mag LINEAR with min NEAREST_MIPMAP_NEAREST / NEAREST_MIPMAP_LINEAR)
// has no Vulkan counterpart: tests with that filter pair keep λ out of (0, 0.5].
// Measured deviation accepted as a second answer (CubeMapsSeamlessAndNot): lavapipe (Mesa 22.3.6)
// clamps non-seamless cube faces to their edges under REPEAT, where VK_EXT_non_seamless_cube_map
// (and GL without seamless filtering) applies the address mode within the face.
#include "../zink/zink_test_util.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "clampler/ref/ref_format.h"
#include "clampler/ref/ref_sampler.h"
#include "clampler/sample/sample_device.h"
#include "clampler/sample/sample_shaders.h"
#include "clampler/zink/zink_sampler_cache.h"

using namespace clampler;
using namespace clampler::test;

namespace {

constexpr VkComponentMapping kIdentity = {VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY,
                                          VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY};

// A texture both as the device request and as the reference sees it.
struct texture {
   sample_request req;
   ref::ref_texture ref;
};

// Texel values (the format's own components, or RGBA) of texel `index` of `level`.
using value_fn = std::function<std::vector<double>(uint32_t level, size_t index)>;

texture make_texture(pipe_format f, GLenum target, uint32_t w, uint32_t h, uint32_t d, uint32_t levels,
                     const value_fn &values, bool srgb_decode = true) {
   texture t;
   const util_format_description *desc = util_format_describe(f);
   t.req.format = f;
   t.req.target = target;
   t.req.width = w;
   t.req.height = h;
   t.req.depth = d;
   t.req.levels = levels;
   t.req.srgb_decode = srgb_decode;
   t.ref.target = target;
   t.ref.is_integer = desc->is_integer;
   t.ref.is_stencil = desc->gl_base_format == GL_STENCIL_INDEX;  // stencil-only formats sample stencil
   t.ref.is_depth = desc->depth_bits != 0;
   t.ref.depth_is_float = desc->depth_bits != 0 && desc->is_float;
   t.ref.max_level = static_cast<int>(levels) - 1;
   for (uint32_t l = 0; l < levels; ++l) {
      ref::ref_level rl;
      rl.width = std::max(1u, w >> l);
      rl.height = target == GL_TEXTURE_1D_ARRAY ? h : std::max(1u, h >> l);
      rl.depth = target == GL_TEXTURE_3D ? std::max(1u, d >> l) : d;
      std::vector<ref::ref_stored_texel> stored;
      const size_t count = static_cast<size_t>(rl.width) * rl.height * rl.depth;
      for (size_t i = 0; i < count; ++i) {
         std::string error;
         const std::optional<ref::ref_stored_texel> s = ref::ref_store(f, values(l, i), &error);
         if (!s) {
            ADD_FAILURE() << desc->name << ": ref_store: " << error;
            return t;
         }
         const std::optional<ref::texel> decoded = ref::ref_decode(f, *s, srgb_decode, &error);
         if (!decoded) {
            ADD_FAILURE() << desc->name << ": ref_decode: " << error;
            return t;
         }
         stored.push_back(*s);
         rl.texels.push_back(*decoded);
      }
      t.req.texels.push_back(std::move(stored));
      t.ref.levels.push_back(std::move(rl));
   }
   return t;
}

// Distinct RGBA values in [0, 1] with a spread-out red, for colour textures of every level.
std::vector<double> distinct_rgba(uint32_t level, size_t i) {
   const double k = static_cast<double>(i) + 17.0 * level;
   return {std::fmod(k * 0.37 + 0.05, 1.0), std::fmod(k * 0.61 + 0.3, 1.0), std::fmod(k * 0.13 + 0.7, 1.0),
           std::fmod(k * 0.29 + 0.5, 1.0)};
}

GLenum gl_wrap(pipe_tex_wrap w) {
   switch (w) {
   case PIPE_TEX_WRAP_REPEAT: return GL_REPEAT;
   case PIPE_TEX_WRAP_CLAMP_TO_EDGE: return GL_CLAMP_TO_EDGE;
   case PIPE_TEX_WRAP_CLAMP_TO_BORDER: return GL_CLAMP_TO_BORDER;
   case PIPE_TEX_WRAP_MIRROR_REPEAT: return GL_MIRRORED_REPEAT;
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE: return GL_MIRROR_CLAMP_TO_EDGE;
   default: ADD_FAILURE() << "wrap " << static_cast<int>(w) << " is out of this test's scope"; return GL_REPEAT;
   }
}

bool reads_border(pipe_tex_wrap w) {
   return (static_cast<int>(w) & 1) != 0;
}

// The GL sampler state the pipe state came from (what st_convert_sampler would have been given).
ref::ref_sampler gl_sampler(const pipe_sampler_state &s, const ref::ref_texture &tex, bool signed_integer = false) {
   ref::ref_sampler g;
   g.wrap_s = gl_wrap(s.wrap_s);
   g.wrap_t = gl_wrap(s.wrap_t);
   g.wrap_r = gl_wrap(s.wrap_r);
   const bool min_linear = s.min_img_filter == PIPE_TEX_FILTER_LINEAR;
   g.mag_filter = s.mag_img_filter == PIPE_TEX_FILTER_LINEAR ? GL_LINEAR : GL_NEAREST;
   switch (s.min_mip_filter) {
   case PIPE_TEX_MIPFILTER_NONE: g.min_filter = min_linear ? GL_LINEAR : GL_NEAREST; break;
   case PIPE_TEX_MIPFILTER_NEAREST:
      g.min_filter = min_linear ? GL_LINEAR_MIPMAP_NEAREST : GL_NEAREST_MIPMAP_NEAREST;
      break;
   case PIPE_TEX_MIPFILTER_LINEAR:
      g.min_filter = min_linear ? GL_LINEAR_MIPMAP_LINEAR : GL_NEAREST_MIPMAP_LINEAR;
      break;
   }
   g.lod_bias = s.lod_bias;
   g.min_lod = s.min_lod;
   g.max_lod = s.max_lod;
   g.compare = s.compare_mode == PIPE_TEX_COMPARE_R_TO_TEXTURE;
   g.compare_func = GL_NEVER + s.compare_func;
   g.seamless = s.seamless_cube_map != 0;
   g.unnormalized = s.unnormalized_coords != 0;
   for (int c = 0; c < 4; ++c) {
      if (tex.is_integer)
         g.border.i[c] = signed_integer ? s.border_color.i[c] : static_cast<int64_t>(s.border_color.ui[c]);
      else
         g.border.f[c] = s.border_color.f[c];
   }
   return g;
}

GLenum gl_swizzle(VkComponentSwizzle s, GLenum self) {
   switch (s) {
   case VK_COMPONENT_SWIZZLE_IDENTITY: return self;
   case VK_COMPONENT_SWIZZLE_ZERO: return GL_ZERO;
   case VK_COMPONENT_SWIZZLE_ONE: return GL_ONE;
   case VK_COMPONENT_SWIZZLE_R: return GL_RED;
   case VK_COMPONENT_SWIZZLE_G: return GL_GREEN;
   case VK_COMPONENT_SWIZZLE_B: return GL_BLUE;
   default: return GL_ALPHA;
   }
}

// What single precision makes of a lookup: both sides sample exactly the same values.
ref::ref_lookup as_float(ref::ref_lookup l) {
   auto f = [](double &v) { v = static_cast<float>(v); };
   for (double &c : l.coord)
      f(c);
   for (int a = 0; a < 3; ++a) {
      f(l.dPdx[a]);
      f(l.dPdy[a]);
   }
   f(l.lod);
   f(l.ref);
   return l;
}

ref::ref_lookup at_lod(std::initializer_list<double> coord, double lod) {
   ref::ref_lookup l;
   for (double c : coord)
      l.coord[l.ncoord++] = c;
   l.has_lod = true;
   l.lod = lod;
   return as_float(l);
}

ref::ref_lookup at_grad(std::initializer_list<double> coord, std::initializer_list<double> dx,
                        std::initializer_list<double> dy) {
   ref::ref_lookup l;
   for (double c : coord)
      l.coord[l.ncoord++] = c;
   l.has_grad = true;
   int i = 0;
   for (double v : dx)
      l.dPdx[i++] = v;
   i = 0;
   for (double v : dy)
      l.dPdy[i++] = v;
   return as_float(l);
}

ref::ref_lookup with_ref(ref::ref_lookup l, double dref) {
   l.has_ref = true;
   l.ref = static_cast<float>(dref);
   return l;
}

// Normalized coordinates off texel-boundary ties for sizes 1, 2 and 4 (4s is never an integer).
const double kCoords[] = {-1.3, -0.6, -0.05, 0.1, 0.3, 0.45, 0.7, 0.95, 1.2, 1.65, 2.4};
// sRGB decode: the device's EOTF against §8.24's exact one (lavapipe measured 1.2e-3 at most
// over all 256 codes, about 0.3 of an 8-bit step).
constexpr double kSrgbTol = 2e-3;

// A second coordinate for each of kCoords, also off the ties (at least 0.008 texel away).
double partner(double s) {
   return s * 0.37 + 0.11;
}

struct measured {
   double max_error = 0.0;
   size_t lookups = 0;
   size_t alternative = 0;  // lookups that matched only the accepted alternative
};

// Changes the GL state into a second answer a test accepts (a documented driver deviation).
using alternative_fn = std::function<void(ref::ref_sampler &)>;

class DeviceSample : public ZinkTest {
protected:
   void SetUp() override {
      ZinkTest::SetUp();
      if (!screen)
         return;
      cache = std::make_unique<zink_sampler_cache>(*screen);
      const VkPhysicalDeviceLimits &lim = limits();
      sub_texel = std::ldexp(1.0, -static_cast<int>(lim.subTexelPrecisionBits));
      mip_precision = std::ldexp(1.0, -static_cast<int>(lim.mipmapPrecisionBits));
   }
   void TearDown() override {
      for (zink_sampler *s : held)
         cache->release(s);
      held.clear();
      cache.reset();
      ZinkTest::TearDown();
   }
   const VkPhysicalDeviceLimits &limits() {
      vkGetPhysicalDeviceProperties(screen->physical_device(), &props);
      return props.limits;
   }

   // A VkSampler from the device-wide cache, as a context would create it for a view of `view`.
   VkSampler sampler(pipe_sampler_state s, pipe_format view) {
      if (reads_border(s.wrap_s) || reads_border(s.wrap_t) || reads_border(s.wrap_r))
         s.border_color_format = view;  // PIPE_CAP_BORDER_COLOR_FORMAT
      std::string warning, error;
      const zink_sampler_key key =
         zink_sampler_key_from_pipe(screen->device_caps(), s, &warning, &screen->format_support(view).vk);
      EXPECT_EQ(warning, "");
      VkResult result = VK_SUCCESS;
      zink_sampler *zs = cache->acquire(key, &result, &error);
      if (!zs) {
         ADD_FAILURE() << "acquire: " << error;
         return VK_NULL_HANDLE;
      }
      held.push_back(zs);
      const zink_sampler_create_info ci(zs->key);
      last_lod = {ci.info.mipLodBias, ci.info.minLod, ci.info.maxLod};  // what the lowering pass needs
      return zs->sampler;
   }

   // Runs `lookups` on the device with the sampler made from `s` and expects every component
   // within `tol` of the reference (integers exactly). Returns the largest difference seen.
   // With `alternative`, a lookup may instead match the reference under the altered state.
   measured expect_reference(texture t, const pipe_sampler_state &s, const std::vector<ref::ref_lookup> &lookups,
                             double tol, const std::string &label, bool signed_integer = false,
                             const alternative_fn &alternative = nullptr) {
      measured m;
      t.req.sampler = sampler(s, t.req.format);
      t.req.lookups = lookups;
      t.req.shadow = s.compare_mode == PIPE_TEX_COMPARE_R_TO_TEXTURE;
      ref::ref_sampler g = gl_sampler(s, t.ref, signed_integer);
      g.swizzle = {gl_swizzle(t.req.view_swizzle.r, GL_RED), gl_swizzle(t.req.view_swizzle.g, GL_GREEN),
                   gl_swizzle(t.req.view_swizzle.b, GL_BLUE), gl_swizzle(t.req.view_swizzle.a, GL_ALPHA)};
      std::vector<ref::texel> got;
      std::string error;
      if (!sample_lookups(*screen, t.req, &got, &error)) {
         ADD_FAILURE() << label << ": " << error;
         return m;
      }
      if (got.size() != lookups.size()) {
         ADD_FAILURE() << label << ": " << got.size() << " results for " << lookups.size() << " lookups";
         return m;
      }
      ref::ref_sampler alt = g;
      if (alternative)
         alternative(alt);
      auto difference = [](const ref::ref_result &want, const ref::texel &have, int c) {
         return want.is_integer ? std::fabs(static_cast<double>(have.i[c] - want.value.i[c]))
                                : std::fabs(have.f[c] - want.value.f[c]);
      };
      int failures = 0;
      for (size_t i = 0; i < lookups.size(); ++i) {
         ref::ref_result want;
         try {
            want = ref::ref_sample(t.ref, g, lookups[i]);
         } catch (const std::exception &e) {
            ADD_FAILURE() << label << ", lookup " << i << ": the reference refuses it: " << e.what();
            continue;
         }
         if (alternative) {  // the closer of the two answers
            const ref::ref_result other = ref::ref_sample(t.ref, alt, lookups[i]);
            double primary = 0.0, secondary = 0.0;
            for (int c = 0; c < 4; ++c) {
               primary = std::max(primary, difference(want, got[i], c));
               secondary = std::max(secondary, difference(other, got[i], c));
            }
            if (secondary < primary) {
               if (!(primary <= tol))
                  ++m.alternative;
               want = other;
            }
         }
         const ref::ref_lookup &lk = lookups[i];
         for (int c = 0; c < 4; ++c) {
            const double diff = difference(want, got[i], c);
            if (!(diff <= tol) && failures++ < 8)  // NaN fails too
               ADD_FAILURE() << label << ", lookup " << i << " (coord " << lk.coord[0] << ", " << lk.coord[1] << ", "
                             << lk.coord[2] << ", " << lk.coord[3] << (lk.has_lod ? ", lod " : ", grad ")
                             << (lk.has_lod ? lk.lod : lk.dPdx[0]) << (lk.has_ref ? ", ref " : "")
                             << (lk.has_ref ? std::to_string(lk.ref) : "") << "), component " << c << ": device "
                             << (want.is_integer ? static_cast<double>(got[i].i[c]) : got[i].f[c]) << ", reference "
                             << (want.is_integer ? static_cast<double>(want.value.i[c]) : want.value.f[c])
                             << " (tolerance " << tol << "; reference λ " << want.lambda << ", levels " << want.level0
                             << "/" << want.level1 << ", face " << want.face << ", layer " << want.layer << ")";
            if (diff == diff)
               m.max_error = std::max(m.max_error, diff);
         }
      }
      m.lookups = lookups.size();
      return m;
   }

   // LINEAR tolerance for a texel range: bilinear weights quantised per axis (two axes' worth,
   // three for 3D), and the unorm8 allowance for 8-bit normalized formats.
   double linear_tol(double range, pipe_format f, int axes = 2) const {
      const util_format_description *d = util_format_describe(f);
      const bool unorm8 = d->is_normalized && d->channel_bits[0] == 8;
      return axes * sub_texel * range + (unorm8 ? 1.0 / 255.0 : 0.0) + 1e-6;
   }

   static void report(const char *what, const measured &m) {
      std::printf("[ measured ] %s: %zu lookups, max |device - reference| = %.3g\n", what, m.lookups, m.max_error);
   }

   std::unique_ptr<zink_sampler_cache> cache;
   std::vector<zink_sampler *> held;
   spirv_sampler_lod last_lod;  // of the last sampler()
   VkPhysicalDeviceProperties props{};
   double sub_texel = 1.0 / 256.0, mip_precision = 1.0 / 16.0;
};

pipe_sampler_state make_state(pipe_tex_wrap wrap, pipe_tex_filter min, pipe_tex_filter mag,
                              pipe_tex_mipfilter mip = PIPE_TEX_MIPFILTER_NONE) {
   pipe_sampler_state s{};
   s.wrap_s = s.wrap_t = s.wrap_r = wrap;
   s.min_img_filter = min;
   s.mag_img_filter = mag;
   s.min_mip_filter = mip;
   s.min_lod = 0.0f;
   s.max_lod = mip == PIPE_TEX_MIPFILTER_NONE ? 0.0f : 1000.0f;
   s.seamless_cube_map = 1;
   return s;
}

// Values of the format's own components for texel i, spread over the format's range.
std::vector<double> format_values(pipe_format f, size_t i) {
   const util_format_description *d = util_format_describe(f);
   const int n = ref::ref_format_component_count(f);
   std::vector<double> v;
   for (int c = 0; c < n; ++c) {
      const int k = static_cast<int>(i) * 4 + c * 7;
      const bool stencil = d->stencil_bits && (c == 1 || !d->depth_bits);  // [d, s] or [s]
      if (stencil) {
         v.push_back((k * 37) % 256);
      } else if (d->is_integer) {
         const bool sgn = d->type == UTIL_FORMAT_TYPE_SIGNED;
         const int bits = d->channel_bits[c];  // RGB10_A2UI: a 2-bit alpha
         v.push_back(sgn ? (k % 61) - 30 : (k * 3) % (bits < 7 ? 1 << bits : 97));
      } else if (d->is_float && !d->depth_bits)
         v.push_back(((k % 23) - 9) * 1.375);
      else if (d->type == UTIL_FORMAT_TYPE_SIGNED)
         v.push_back(((k % 21) - 10) / 10.0);
      else
         v.push_back((k % 19) / 18.0);
   }
   return v;
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Shaders and refusals.

TEST_F(DeviceSample, EveryEmbeddedShaderIsAValidComputePipeline) {
   // The validation layer runs SPIRV-Tools on every module: 50 shaders, none rejected.
   using detail::sample_shader_kind;
   const GLenum targets[] = {
      GL_TEXTURE_1D,       GL_TEXTURE_1D_ARRAY,      GL_TEXTURE_2D, GL_TEXTURE_2D_ARRAY, GL_TEXTURE_3D,
      GL_TEXTURE_CUBE_MAP, GL_TEXTURE_CUBE_MAP_ARRAY};
   const VolkDeviceTable &vk = screen->vk();
   unsigned found = 0;
   for (sample_shader_kind kind :
        {sample_shader_kind::float_, sample_shader_kind::int_, sample_shader_kind::uint_, sample_shader_kind::shadow})
      for (GLenum target : targets)
         for (bool grad : {false, true}) {
            const detail::sample_spirv spv = detail::sample_compute_shader(kind, target, grad);
            if (!spv.code)
               continue;
            ++found;
            // Modules only here; pipelines are exercised by the sampling tests.
            VkShaderModuleCreateInfo mi{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
            mi.codeSize = spv.size_bytes;
            mi.pCode = spv.code;
            VkShaderModule m = VK_NULL_HANDLE;
            ASSERT_EQ(vk.vkCreateShaderModule(screen->device(), &mi, nullptr, &m), VK_SUCCESS) << spv.name;
            vk.vkDestroyShaderModule(screen->device(), m, nullptr);
         }
   // Shadow: lod and grad on 1D, 2D, 1D / 2D arrays, cubes and cube-map arrays (the last three
   // through grad_to_lod.py); none on 3D.
   EXPECT_EQ(found, 3u * 7 * 2 + 12);
   EXPECT_NE(detail::sample_compute_shader(sample_shader_kind::shadow, GL_TEXTURE_CUBE_MAP, false).code, nullptr);
   EXPECT_NE(detail::sample_compute_shader(sample_shader_kind::shadow, GL_TEXTURE_CUBE_MAP_ARRAY, false).code, nullptr);
   EXPECT_NE(detail::sample_compute_shader(sample_shader_kind::shadow, GL_TEXTURE_CUBE_MAP_ARRAY, true).code, nullptr);
   EXPECT_EQ(detail::sample_compute_shader(sample_shader_kind::shadow, GL_TEXTURE_3D, true).code, nullptr);
   EXPECT_NE(detail::sample_compute_shader(sample_shader_kind::float_, GL_TEXTURE_RECTANGLE, false).code, nullptr);
}

TEST_F(DeviceSample, TheRestrictedFormatSetIsSupported) {
   for (pipe_format f :
        {PIPE_FORMAT_R8_UNORM, PIPE_FORMAT_R8G8_UNORM, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_R8G8B8A8_SRGB,
         PIPE_FORMAT_R16_FLOAT, PIPE_FORMAT_R16G16B16A16_FLOAT, PIPE_FORMAT_R32_FLOAT, PIPE_FORMAT_R32G32B32A32_FLOAT,
         PIPE_FORMAT_R8G8B8A8_UINT, PIPE_FORMAT_R8G8B8A8_SINT, PIPE_FORMAT_R32_UINT, PIPE_FORMAT_Z32_FLOAT,
         PIPE_FORMAT_Z16_UNORM}) {
      std::string why;
      EXPECT_TRUE(sample_format_supported(*screen, f, &why)) << why;
   }
   std::string why;
   // R3G3B2 is stored as RGBA8 (no 8-bit RGB VkFormat): a size conversion device sampling
   // does not do.
   EXPECT_FALSE(sample_format_supported(*screen, PIPE_FORMAT_R3G3B2_UNORM, &why));
   EXPECT_NE(why.find("PIPE_FORMAT_R3G3B2_UNORM"), std::string::npos) << why;
   EXPECT_FALSE(sample_format_supported(*screen, PIPE_FORMAT_DXT1_RGBA, &why));
   EXPECT_NE(why.find("compressed"), std::string::npos) << why;
}

TEST_F(DeviceSample, RefusesWhatItCannotRunWithASentence) {
   const pipe_sampler_state s = make_state(PIPE_TEX_WRAP_REPEAT, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_FILTER_NEAREST);
   texture t = make_texture(PIPE_FORMAT_R8G8B8A8_UNORM, GL_TEXTURE_2D, 2, 2, 1, 1, distinct_rgba);
   t.req.sampler = sampler(s, t.req.format);
   t.req.lookups = {at_lod({0.3, 0.3}, 0.0)};
   std::vector<ref::texel> out;
   std::string error;
   auto refused = [&](sample_request r, const char *needle) {
      error.clear();
      EXPECT_FALSE(sample_lookups(*screen, r, &out, &error)) << needle;
      EXPECT_NE(error.find(needle), std::string::npos) << "'" << error << "' should mention '" << needle << "'";
   };
   ASSERT_TRUE(sample_lookups(*screen, t.req, &out, &error)) << error;

   sample_request r = t.req;
   r.format = PIPE_FORMAT_R11G11B10_FLOAT;
   refused(r, "R11G11B10");
   if (!screen->device_caps().image_cube_array) {
      r = t.req;
      r.target = GL_TEXTURE_CUBE_MAP_ARRAY;
      refused(r, "imageCubeArray");
   }
   r = t.req;
   r.texels[0].pop_back();
   refused(r, "has 3 texels");
   r = t.req;
   r.texels[0][1].code[2] = 256;
   refused(r, "outside [0, 255]");
   r = t.req;
   r.levels = 2;
   refused(r, "texels given for 1 levels");
   r = t.req;
   r.levels = 3;
   refused(r, "full chain has 2");
   r = t.req;
   r.sampler = VK_NULL_HANDLE;
   refused(r, "no VkSampler");
   r = t.req;
   r.shadow = true;
   r.lookups[0].has_ref = true;
   refused(r, "need a depth format");
   r = t.req;
   r.lookups[0].ncoord = 1;
   refused(r, "takes 2");
   r = t.req;
   r.target = GL_TEXTURE_CUBE_MAP;
   refused(r, "square faces");

   texture d = make_texture(PIPE_FORMAT_Z32_FLOAT, GL_TEXTURE_2D_ARRAY, 2, 2, 2, 1,
                            [](uint32_t, size_t i) { return std::vector<double>{i * 0.125}; });
   pipe_sampler_state cs = s;
   cs.compare_mode = PIPE_TEX_COMPARE_R_TO_TEXTURE;
   cs.compare_func = PIPE_FUNC_LEQUAL;
   d.req.sampler = sampler(cs, d.req.format);
   d.req.shadow = true;
   d.req.lookups = {at_grad({0.3, 0.3, 1.0}, {0, 0}, {0, 0})};
   refused(d.req, "without a depth reference");
   d.req.lookups = {with_ref(at_grad({0.3, 0.3, 1.0}, {0, 0}, {0, 0}), 0.5)};
   d.req.view_swizzle.r = VK_COMPONENT_SWIZZLE_ONE;
   refused(d.req, "identity view swizzle");
   d.req.view_swizzle = kIdentity;
   EXPECT_TRUE(sample_lookups(*screen, d.req, &out, &error)) << error;

   // No lookups: nothing to run, an empty result.
   r = t.req;
   r.lookups.clear();
   out.resize(3);
   EXPECT_TRUE(sample_lookups(*screen, r, &out, &error)) << error;
   EXPECT_TRUE(out.empty());
}

// ---------------------------------------------------------------------------------------------
// Formats: every format sample_lookups accepts reads back as ref_decode says, texel for texel.

TEST_F(DeviceSample, EverySupportedFormatReadsBackItsTexels) {
   unsigned tested = 0;
   std::string skipped;
   measured worst;
   for (unsigned fi = 1; fi < PIPE_FORMAT_COUNT; ++fi) {
      const pipe_format f = static_cast<pipe_format>(fi);
      std::string why;
      if (!sample_format_supported(*screen, f, &why)) {
         skipped += "\n  " + why;
         continue;
      }
      const util_format_description *d = util_format_describe(f);
      for (bool decode : {true, false}) {
         if (!decode && !d->is_srgb)
            continue;
         texture t = make_texture(
            f, GL_TEXTURE_2D, 4, 4, 1, 1, [f](uint32_t, size_t i) { return format_values(f, i); }, decode);
         std::vector<ref::ref_lookup> lookups;
         for (int y = 0; y < 4; ++y)
            for (int x = 0; x < 4; ++x)
               lookups.push_back(at_lod({(x + 0.5) / 4, (y + 0.5) / 4}, 0.0));
         // CLAMP_TO_BORDER: texel centres never reach the border, and lavapipe's REPEAT /
         // CLAMP_TO_EDGE NEAREST path rounds 5- and 6-bit texels to 8 bits
         // (conformance/expected-fail.txt).
         const pipe_sampler_state s =
            make_state(PIPE_TEX_WRAP_CLAMP_TO_BORDER, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_FILTER_NEAREST);
         const double tol = d->is_srgb && decode ? kSrgbTol : 1e-6;
         const measured m = expect_reference(t, s, lookups, tol, std::string(d->name) + (decode ? "" : " (no decode)"),
                                             d->type == UTIL_FORMAT_TYPE_SIGNED);
         worst.max_error = std::max(worst.max_error, d->is_srgb ? 0.0 : m.max_error);
         worst.lookups += m.lookups;
         if (d->is_srgb && decode)
            std::printf("[ measured ] %s with sRGB decode: max |device - reference| = %.3g\n", d->name, m.max_error);
      }
      ++tested;
   }
   std::printf("[ measured ] %u formats read back (texel centres, NEAREST)%s\n", tested,
               ("; not supported:" + skipped).c_str());
   report("every non-sRGB supported format", worst);
   EXPECT_GE(tested, 13u);
}

// ---------------------------------------------------------------------------------------------
// 2D: the wrap modes of the compute path x NEAREST / LINEAR min and mag x border colours.

TEST_F(DeviceSample, WrapModesFiltersAndBorderColoursOn2D) {
   const texture t = make_texture(PIPE_FORMAT_R8G8B8A8_UNORM, GL_TEXTURE_2D, 4, 4, 1, 1, distinct_rgba);
   std::vector<pipe_tex_wrap> wraps = {PIPE_TEX_WRAP_REPEAT, PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_WRAP_CLAMP_TO_BORDER,
                                       PIPE_TEX_WRAP_MIRROR_REPEAT};
   if (screen->device_caps().sampler_mirror_clamp_to_edge)
      wraps.push_back(PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE);
   const float borders[][4] = {{0, 0, 0, 0}, {1, 1, 1, 1}, {0.25f, 0.5f, 0.75f, 1.0f}};
   // λ = 0 magnifies; λ = 0.75 minifies (the key pins level 0 with λ in [0, 0.25] when
   // min != mag, so the switch still happens on the device).
   std::vector<ref::ref_lookup> lookups;
   for (double lod : {0.0, 0.75})
      for (double s : kCoords)
         for (double tc : {-0.6, 0.3, 0.95, 1.65})
            lookups.push_back(at_lod({s, tc}, lod));
   measured nearest, linear;
   for (size_t wi = 0; wi < wraps.size(); ++wi)
      for (int filt = 0; filt < 4; ++filt)
         for (int b = 0; b < 3; ++b) {
            const pipe_tex_wrap ws = wraps[wi], wt = wraps[(wi + 1 + b) % wraps.size()];
            if (b > 0 && !reads_border(ws) && !reads_border(wt))
               continue;  // the border colour cannot show
            pipe_sampler_state s =
               make_state(ws, static_cast<pipe_tex_filter>(filt & 1), static_cast<pipe_tex_filter>(filt >> 1));
            s.wrap_t = wt;
            for (int c = 0; c < 4; ++c)
               s.border_color.f[c] = borders[b][c];
            const bool any_linear = filt != 0;
            const std::string label = "wrap " + std::to_string(ws) + "/" + std::to_string(wt) + ", min " +
                                      std::to_string(filt & 1) + " mag " + std::to_string(filt >> 1) + ", border " +
                                      std::to_string(b);
            const measured m =
               expect_reference(t, s, lookups, any_linear ? linear_tol(1.0, t.req.format) : 1e-6, label);
            measured &acc = any_linear ? linear : nearest;
            acc.max_error = std::max(acc.max_error, m.max_error);
            acc.lookups += m.lookups;
         }
   report("RGBA8 2D NEAREST (wrap x border)", nearest);
   report("RGBA8 2D with LINEAR min or mag (wrap x border)", linear);
}

// ---------------------------------------------------------------------------------------------
// Mipmaps: explicit LOD and gradients over a 2-level chain, every min/mip filter pair.

TEST_F(DeviceSample, MipmapsWithExplicitLodAndGradients) {
   const texture t = make_texture(PIPE_FORMAT_R8G8B8A8_UNORM, GL_TEXTURE_2D, 4, 4, 1, 2, distinct_rgba);
   measured acc;
   for (pipe_tex_mipfilter mip : {PIPE_TEX_MIPFILTER_NEAREST, PIPE_TEX_MIPFILTER_LINEAR})
      for (int filt = 0; filt < 4; ++filt) {
         const pipe_tex_filter min = static_cast<pipe_tex_filter>(filt & 1),
                               mag = static_cast<pipe_tex_filter>(filt >> 1);
         const pipe_sampler_state s = make_state(PIPE_TEX_WRAP_REPEAT, min, mag, mip);
         // GL's c = 0.5 (mag LINEAR, min NEAREST_MIPMAP_*) has no Vulkan counterpart.
         const bool c_half = mag == PIPE_TEX_FILTER_LINEAR && min == PIPE_TEX_FILTER_NEAREST;
         std::vector<ref::ref_lookup> lookups;
         for (double lod : {-0.5, 0.0, 0.25, 0.625, 0.8125, 1.0, 1.25, 3.0}) {
            if (c_half && lod > 0 && lod <= 0.5)
               continue;
            for (double sc : {-0.6, 0.1, 0.45, 0.95, 1.2})
               lookups.push_back(at_lod({sc, partner(sc)}, lod));
         }
         // Isotropic and axis-aligned gradients, so any ρ approximation agrees: ρ = 4g.
         for (double g : {0.1, 0.3, 0.45, 0.7, 1.5}) {
            if (c_half && 4 * g > 1 && 4 * g <= std::sqrt(2.0))
               continue;
            for (double sc : {-0.6, 0.1, 0.45, 0.95})
               lookups.push_back(at_grad({sc, partner(sc)}, {g, 0}, {0, g}));
            lookups.push_back(at_grad({0.3, 0.45}, {g, 0}, {0, g * 0.5}));
         }
         const bool linear = min == PIPE_TEX_FILTER_LINEAR || mag == PIPE_TEX_FILTER_LINEAR;
         double tol = linear ? linear_tol(1.0, t.req.format) : 1e-6;
         if (mip == PIPE_TEX_MIPFILTER_LINEAR)
            tol += mip_precision + (linear ? 0.0 : 1.0 / 255.0);
         const measured m = expect_reference(t, s, lookups, tol,
                                             "mip " + std::to_string(mip) + ", min " + std::to_string(min) + " mag " +
                                                std::to_string(mag));
         acc.max_error = std::max(acc.max_error, m.max_error);
         acc.lookups += m.lookups;
      }
   report("RGBA8 2-level chain, LOD and gradients", acc);

   // Bias and LOD clamps: λ = clamp(lod + 0.5, 0.25, 0.75) with a LINEAR mip blend.
   pipe_sampler_state s = make_state(PIPE_TEX_WRAP_MIRROR_REPEAT, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_FILTER_LINEAR,
                                     PIPE_TEX_MIPFILTER_LINEAR);
   s.lod_bias = 0.5f;
   s.min_lod = 0.25f;
   s.max_lod = 0.75f;
   std::vector<ref::ref_lookup> lookups;
   for (double lod : {-3.0, -0.125, 0.0625, 2.0})
      for (double sc : kCoords)
         lookups.push_back(at_lod({sc, 0.3}, lod));
   report("bias 0.5, LOD in [0.25, 0.75]",
          expect_reference(t, s, lookups, linear_tol(1.0, t.req.format) + mip_precision, "bias and clamps"));

   // Base and max level: the view starts at level 1.
   texture based = t;
   based.req.base_level = based.ref.base_level = 1;
   std::vector<ref::ref_lookup> lk1;
   for (double sc : kCoords)
      lk1.push_back(at_lod({sc, 0.6}, 0.0));
   expect_reference(
      based,
      make_state(PIPE_TEX_WRAP_REPEAT, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NEAREST),
      lk1, 1e-6, "base level 1");
}

// ---------------------------------------------------------------------------------------------
// Float and integer formats.

TEST_F(DeviceSample, Float32TexturesFilterWithinTolerance) {
   const texture t = make_texture(PIPE_FORMAT_R32G32B32A32_FLOAT, GL_TEXTURE_2D, 4, 4, 1, 2, [](uint32_t l, size_t i) {
      std::vector<double> v = distinct_rgba(l, i);
      v[0] = v[0] * 4.0 - 1.5;  // range 4 on red
      return v;
   });
   std::vector<ref::ref_lookup> lookups;
   for (double lod : {0.0, 0.25, 0.75, 1.0})
      for (double sc : kCoords)
         for (double tc : {-0.05, 0.3, 1.2})
            lookups.push_back(at_lod({sc, tc}, lod));
   measured nearest, linear;
   for (pipe_tex_wrap w : {PIPE_TEX_WRAP_REPEAT, PIPE_TEX_WRAP_MIRROR_REPEAT, PIPE_TEX_WRAP_CLAMP_TO_BORDER}) {
      pipe_sampler_state s =
         make_state(w, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NEAREST);
      s.border_color.f[0] = -2.5f;
      s.border_color.f[3] = 0.5f;
      const measured mn = expect_reference(t, s, lookups, 1e-6, "RGBA32F NEAREST wrap " + std::to_string(w));
      nearest.max_error = std::max(nearest.max_error, mn.max_error);
      nearest.lookups += mn.lookups;
      s.min_img_filter = s.mag_img_filter = PIPE_TEX_FILTER_LINEAR;
      s.min_mip_filter = PIPE_TEX_MIPFILTER_LINEAR;
      const measured ml = expect_reference(t, s, lookups, 1e-3, "RGBA32F LINEAR wrap " + std::to_string(w));
      linear.max_error = std::max(linear.max_error, ml.max_error);
      linear.lookups += ml.lookups;
   }
   report("RGBA32F NEAREST", nearest);
   report("RGBA32F LINEAR_MIPMAP_LINEAR (λ on 1/16 steps)", linear);
}

TEST_F(DeviceSample, IntegerTexturesAreExact) {
   measured acc;
   for (pipe_format f : {PIPE_FORMAT_R8G8B8A8_UINT, PIPE_FORMAT_R8G8B8A8_SINT, PIPE_FORMAT_R32_UINT}) {
      const util_format_description *d = util_format_describe(f);
      const bool sgn = d->type == UTIL_FORMAT_TYPE_SIGNED;
      const texture t = make_texture(f, GL_TEXTURE_2D, 4, 4, 1, 3, [f](uint32_t l, size_t i) {
         std::vector<double> v = format_values(f, i + 5 * l);
         if (f == PIPE_FORMAT_R32_UINT)
            v[0] = 4000000000.0 - 1000.0 * i - 7.0 * l;  // above INT32_MAX: not sign-extended
         return v;
      });
      std::vector<ref::ref_lookup> lookups;
      for (double lod : {0.0, 0.75, 1.25, 2.5})
         for (double sc : kCoords)
            lookups.push_back(at_lod({sc, 1.0 - sc}, lod));
      for (double g : {0.1, 0.3, 0.7, 1.5})
         for (double sc : {-0.6, 0.45, 1.2})
            lookups.push_back(at_grad({sc, 0.3}, {g, 0}, {0, g}));
      for (pipe_tex_wrap w : {PIPE_TEX_WRAP_REPEAT, PIPE_TEX_WRAP_CLAMP_TO_BORDER, PIPE_TEX_WRAP_MIRROR_REPEAT}) {
         pipe_sampler_state s =
            make_state(w, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NEAREST);
         s.border_color_is_integer = 1;
         if (sgn) {
            s.border_color.i[0] = -5;
            s.border_color.i[1] = 100;
            s.border_color.i[2] = 0;
            s.border_color.i[3] = 1;
         } else {
            s.border_color.ui[0] = 7;
            s.border_color.ui[1] = 200;
            s.border_color.ui[2] = 3;
            s.border_color.ui[3] = 1;
         }
         if (f == PIPE_FORMAT_R32_UINT) {  // GL's base-format translation for RED: (r, 0, 0, 1)
            s.border_color.ui[1] = s.border_color.ui[2] = 0;
         }
         const measured m =
            expect_reference(t, s, lookups, 0.0, std::string(d->name) + " wrap " + std::to_string(w), sgn);
         acc.max_error = std::max(acc.max_error, m.max_error);
         acc.lookups += m.lookups;
      }
   }
   report("RGBA8UI / RGBA8I / R32UI, NEAREST with integer borders", acc);
}

// ---------------------------------------------------------------------------------------------
// Depth compare.

TEST_F(DeviceSample, DepthCompareOnEveryFunction) {
   measured nearest, linear;
   for (pipe_format f : {PIPE_FORMAT_Z32_FLOAT, PIPE_FORMAT_Z16_UNORM}) {
      const texture t = make_texture(f, GL_TEXTURE_2D, 4, 4, 1, 2, [](uint32_t l, size_t i) {
         return std::vector<double>{std::fmod(i * 0.3125 + l * 0.15 + 0.03, 1.0)};
      });
      std::vector<ref::ref_lookup> lookups;
      for (double dref : {0.2, 0.5, 0.77})
         for (double sc : kCoords)
            for (double lod : {0.0, 0.75})
               lookups.push_back(with_ref(at_lod({sc, 0.45}, lod), dref));
      for (double g : {0.1, 0.3})
         lookups.push_back(with_ref(at_grad({0.3, 0.7}, {g, 0}, {0, g}), 0.4));
      // Vulkan asks FILTER_LINEAR of the view's format only when compare is off
      // (VUID-vkCmdDispatch-magFilter-04553); with compare, DEPTH_COMPARISON is what counts.
      const bool can_linear = screen->format_support(f).linear_filter || screen->format_support(f).depth_compare;
      for (int func = PIPE_FUNC_NEVER; func <= PIPE_FUNC_ALWAYS; ++func)
         for (pipe_tex_wrap w : {PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_WRAP_CLAMP_TO_BORDER, PIPE_TEX_WRAP_REPEAT})
            for (bool lin : {false, true}) {
               if (lin && !can_linear)
                  continue;
               const pipe_tex_filter filt = lin ? PIPE_TEX_FILTER_LINEAR : PIPE_TEX_FILTER_NEAREST;
               pipe_sampler_state s = make_state(w, filt, filt, PIPE_TEX_MIPFILTER_NEAREST);
               s.compare_mode = PIPE_TEX_COMPARE_R_TO_TEXTURE;
               s.compare_func = static_cast<pipe_compare_func>(func);
               s.border_color.f[0] = func % 2 ? 1.0f : 0.375f;  // built-in white, or custom
               s.border_color.f[1] = s.border_color.f[2] = s.border_color.f[3] = func % 2 ? 1.0f : 0.0f;
               const measured m =
                  expect_reference(t, s, lookups, lin ? 2 * sub_texel + 1e-6 : 1e-6,
                                   std::string(util_format_describe(f)->name) + " func " + std::to_string(func) +
                                      " wrap " + std::to_string(w) + (lin ? " LINEAR" : " NEAREST"));
               measured &acc = lin ? linear : nearest;
               acc.max_error = std::max(acc.max_error, m.max_error);
               acc.lookups += m.lookups;
            }
   }
   report("D32F / D16 compare, NEAREST", nearest);
   report("D32F / D16 compare, LINEAR (average of the comparisons)", linear);
}

TEST_F(DeviceSample, DepthCompareOnOtherTargets) {
   pipe_sampler_state s = make_state(PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_FILTER_NEAREST);
   s.compare_mode = PIPE_TEX_COMPARE_R_TO_TEXTURE;
   s.compare_func = PIPE_FUNC_LEQUAL;
   auto depth = [](uint32_t, size_t i) { return std::vector<double>{std::fmod(i * 0.2125 + 0.05, 1.0)}; };
   measured acc;
   auto add = [&acc](const measured &m) {
      acc.max_error = std::max(acc.max_error, m.max_error);
      acc.lookups += m.lookups;
   };
   {
      const texture t = make_texture(PIPE_FORMAT_Z32_FLOAT, GL_TEXTURE_1D, 4, 1, 1, 1, depth);
      std::vector<ref::ref_lookup> lk;
      for (double sc : kCoords)
         for (double dref : {0.3, 0.6})
            lk.push_back(with_ref(at_lod({sc}, 0.0), dref));
      add(expect_reference(t, s, lk, 1e-6, "1D shadow"));
   }
   {
      const texture t = make_texture(PIPE_FORMAT_Z32_FLOAT, GL_TEXTURE_1D_ARRAY, 4, 3, 1, 1, depth);
      std::vector<ref::ref_lookup> lk;
      for (double sc : kCoords)
         for (double layer : {-0.7, 1.2, 1.7, 4.0})
            lk.push_back(with_ref(at_lod({sc, layer}, 0.0), 0.45));
      add(expect_reference(t, s, lk, 1e-6, "1D array shadow"));
   }
   {
      const texture t = make_texture(PIPE_FORMAT_Z32_FLOAT, GL_TEXTURE_2D_ARRAY, 4, 4, 3, 1, depth);
      std::vector<ref::ref_lookup> lk;
      for (double sc : kCoords)
         for (double layer : {0.2, 1.3, 2.8})
            lk.push_back(with_ref(at_grad({sc, 0.7, layer}, {0.1, 0}, {0, 0.1}), 0.45));
      add(expect_reference(t, s, lk, 1e-6, "2D array shadow"));
   }
   {
      const texture t = make_texture(PIPE_FORMAT_Z32_FLOAT, GL_TEXTURE_CUBE_MAP, 4, 4, 6, 1, depth);
      std::vector<ref::ref_lookup> lk;
      for (int axis = 0; axis < 3; ++axis)
         for (double sign : {1.0, -1.0})
            for (double a : {-0.8, -0.3, 0.1, 0.55, 0.9}) {
               double dir[3] = {0, 0, 0};
               dir[axis] = sign;
               dir[(axis + 1) % 3] = a;
               dir[(axis + 2) % 3] = 0.3 - a * 0.5;
               lk.push_back(with_ref(at_grad({dir[0], dir[1], dir[2]}, {0.01, 0, 0}, {0, 0.01, 0}), 0.5));
            }
      add(expect_reference(t, s, lk, 1e-6, "cube shadow"));
   }
   report("shadow on 1D, 1D array, 2D array, cube (NEAREST, LEQUAL)", acc);
}

// ---------------------------------------------------------------------------------------------
// Other targets.

TEST_F(DeviceSample, OneDimensionalAndArrayTargets) {
   measured acc;
   auto add = [&acc](const measured &m) {
      acc.max_error = std::max(acc.max_error, m.max_error);
      acc.lookups += m.lookups;
   };
   for (int filt = 0; filt < 2; ++filt)
      for (pipe_tex_wrap w : {PIPE_TEX_WRAP_REPEAT, PIPE_TEX_WRAP_CLAMP_TO_BORDER, PIPE_TEX_WRAP_MIRROR_REPEAT}) {
         const pipe_tex_filter f = static_cast<pipe_tex_filter>(filt);
         pipe_sampler_state s = make_state(w, f, f, PIPE_TEX_MIPFILTER_NEAREST);
         s.border_color.f[0] = 0.25f;
         s.border_color.f[1] = 0.5f;
         s.border_color.f[2] = 0.75f;
         s.border_color.f[3] = 1.0f;
         const double tol = filt ? linear_tol(1.0, PIPE_FORMAT_R8G8B8A8_UNORM, 1) : 1e-6;
         const std::string label = std::string(filt ? "LINEAR" : "NEAREST") + " wrap " + std::to_string(w);
         {
            const texture t = make_texture(PIPE_FORMAT_R8G8B8A8_UNORM, GL_TEXTURE_1D, 4, 1, 1, 3, distinct_rgba);
            std::vector<ref::ref_lookup> lk;
            for (double lod : {0.0, 0.75, 1.25, 2.0})
               for (double sc : kCoords)
                  lk.push_back(at_lod({sc}, lod));
            for (double sc : kCoords)
               lk.push_back(at_grad({sc}, {0.3}, {0.05}));
            add(expect_reference(t, s, lk, tol, "1D " + label));
         }
         {
            const texture t = make_texture(PIPE_FORMAT_R8G8B8A8_UNORM, GL_TEXTURE_1D_ARRAY, 4, 3, 1, 2, distinct_rgba);
            std::vector<ref::ref_lookup> lk;
            for (double layer : {-0.7, 0.2, 1.3, 1.7, 2.2, 6.0})
               for (double sc : kCoords)
                  lk.push_back(at_lod({sc, layer}, sc > 0.5 ? 0.75 : 0.0));
            add(expect_reference(t, s, lk, tol, "1D array " + label));
         }
         {
            const texture t = make_texture(PIPE_FORMAT_R8G8B8A8_UNORM, GL_TEXTURE_2D_ARRAY, 4, 4, 3, 2, distinct_rgba);
            std::vector<ref::ref_lookup> lk;
            for (double layer : {-0.7, 0.2, 1.3, 2.2, 6.0})
               for (double sc : kCoords) {
                  lk.push_back(at_lod({sc, partner(sc), layer}, sc > 0.5 ? 0.75 : 0.0));
                  lk.push_back(at_grad({sc, 0.3, layer}, {0.3, 0}, {0, 0.3}));
               }
            add(expect_reference(t, s, lk, filt ? linear_tol(1.0, PIPE_FORMAT_R8G8B8A8_UNORM) : 1e-6,
                                 "2D array " + label));
         }
         {
            const texture t = make_texture(PIPE_FORMAT_R8G8B8A8_UNORM, GL_TEXTURE_3D, 4, 4, 4, 2, distinct_rgba);
            std::vector<ref::ref_lookup> lk;
            for (double sc : kCoords)
               for (double rc : {-0.05, 0.45, 1.2}) {
                  lk.push_back(at_lod({sc, 0.3, rc}, sc > 0.5 ? 0.75 : 0.0));
                  lk.push_back(at_grad({0.7, sc, rc}, {0.3, 0, 0}, {0, 0, 0.3}));
               }
            add(
               expect_reference(t, s, lk, filt ? linear_tol(1.0, PIPE_FORMAT_R8G8B8A8_UNORM, 3) : 1e-6, "3D " + label));
         }
      }
   report("RGBA8 1D, 1D array, 2D array, 3D", acc);
}

TEST_F(DeviceSample, CubeMapsSeamlessAndNot) {
   const texture t = make_texture(PIPE_FORMAT_R8G8B8A8_UNORM, GL_TEXTURE_CUBE_MAP, 4, 4, 6, 2, distinct_rgba);
   // Directions on every face, one face coordinate possibly near an edge, never both (corners
   // are averaged differently by implementations), never a major-axis tie.
   std::vector<ref::ref_lookup> lookups;
   const double minors[] = {-0.8, -0.3, 0.1, 0.55, 0.9};
   for (int axis = 0; axis < 3; ++axis)
      for (double sign : {1.0, -1.0})
         for (double a : minors)
            for (double b : minors) {
               if (std::fabs(a) > 0.7 && std::fabs(b) > 0.7)
                  continue;
               double dir[3];
               dir[axis] = sign * 1.0;
               dir[(axis + 1) % 3] = a;
               dir[(axis + 2) % 3] = b;
               lookups.push_back(at_lod({dir[0], dir[1], dir[2]}, a > 0.5 ? 0.75 : 0.0));
            }
   measured acc;
   for (bool seamless : {true, false}) {
      if (!seamless && !screen->device_caps().non_seamless_cube_map)
         continue;
      for (int filt = 0; filt < 2; ++filt) {
         const pipe_tex_filter f = static_cast<pipe_tex_filter>(filt);
         // Seamless cubes are CLAMP_TO_EDGE in GL (st forces it); non-seamless ones keep their wraps.
         for (pipe_tex_wrap w : {PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_WRAP_REPEAT}) {
            if (seamless && w != PIPE_TEX_WRAP_CLAMP_TO_EDGE)
               continue;
            pipe_sampler_state s = make_state(w, f, f, PIPE_TEX_MIPFILTER_NEAREST);
            s.seamless_cube_map = seamless;
            // lavapipe (Mesa 22.3.6) clamps non-seamless faces to their edge whatever the address
            // mode, where VK_EXT_non_seamless_cube_map applies the sampler's modes within the
            // face (as GL does): accepted as a second answer and counted.
            alternative_fn clamp_faces = nullptr;
            if (!seamless && w != PIPE_TEX_WRAP_CLAMP_TO_EDGE)
               clamp_faces = [](ref::ref_sampler &g) { g.wrap_s = g.wrap_t = g.wrap_r = GL_CLAMP_TO_EDGE; };
            const measured m = expect_reference(t, s, lookups, filt ? linear_tol(1.0, t.req.format) : 1e-6,
                                                std::string(seamless ? "seamless" : "non-seamless") +
                                                   (filt ? " LINEAR" : " NEAREST") + " wrap " + std::to_string(w),
                                                false, clamp_faces);
            acc.max_error = std::max(acc.max_error, m.max_error);
            acc.lookups += m.lookups;
            if (clamp_faces)
               std::printf("[ measured ] non-seamless cube, %s, REPEAT: %zu of %zu lookups read the face clamped to "
                           "its edge instead of repeated\n",
                           filt ? "LINEAR" : "NEAREST", m.alternative, m.lookups);
         }
      }
   }
   report("RGBA8 cube map", acc);
}

TEST_F(DeviceSample, CubeMapArraysSelectLayerAndFace) {
   if (!screen->device_caps().image_cube_array)
      GTEST_SKIP() << "the device has no imageCubeArray";
   // Two cubes (depth 12), two levels; seamless (GL: CLAMP_TO_EDGE), layer 0 and 1.
   const texture t = make_texture(PIPE_FORMAT_R8G8B8A8_UNORM, GL_TEXTURE_CUBE_MAP_ARRAY, 4, 4, 12, 2, distinct_rgba);
   std::vector<ref::ref_lookup> lookups;
   const double minors[] = {-0.6, -0.2, 0.15, 0.45};
   for (int axis = 0; axis < 3; ++axis)
      for (double sign : {1.0, -1.0})
         for (double a : minors)
            for (double layer : {0.0, 1.0}) {
               double dir[3];
               dir[axis] = sign;
               dir[(axis + 1) % 3] = a;
               dir[(axis + 2) % 3] = -0.5 * a + 0.1;
               lookups.push_back(at_lod({dir[0], dir[1], dir[2], layer}, a > 0.3 ? 0.75 : 0.0));
            }
   measured acc;
   for (int filt = 0; filt < 2; ++filt) {
      const pipe_tex_filter f = static_cast<pipe_tex_filter>(filt);
      pipe_sampler_state s = make_state(PIPE_TEX_WRAP_CLAMP_TO_EDGE, f, f, PIPE_TEX_MIPFILTER_NEAREST);
      s.seamless_cube_map = 1;
      const measured m = expect_reference(t, s, lookups, filt ? linear_tol(1.0, t.req.format) : 1e-6,
                                          filt ? "cube array LINEAR" : "cube array NEAREST");
      acc.max_error = std::max(acc.max_error, m.max_error);
      acc.lookups += m.lookups;
   }
   report("RGBA8 cube map array", acc);
}

// ---------------------------------------------------------------------------------------------
// Views: GL swizzles (composed with the screen's format mapping) and sRGB decode.

TEST_F(DeviceSample, SwizzlesComposeWithTheFormatMapping) {
   const VkComponentMapping swizzles[] = {
      {VK_COMPONENT_SWIZZLE_B, VK_COMPONENT_SWIZZLE_ONE, VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_ZERO},
      {VK_COMPONENT_SWIZZLE_A, VK_COMPONENT_SWIZZLE_A, VK_COMPONENT_SWIZZLE_G, VK_COMPONENT_SWIZZLE_IDENTITY},
      kIdentity,
   };
   std::vector<ref::ref_lookup> lookups;
   for (double sc : kCoords)
      lookups.push_back(at_lod({sc, 0.45}, 0.0));
   unsigned formats = 0;
   for (pipe_format f : {PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_FORMAT_R8_UNORM, PIPE_FORMAT_A8_UNORM, PIPE_FORMAT_L8_UNORM,
                         PIPE_FORMAT_L8A8_UNORM, PIPE_FORMAT_I8_UNORM, PIPE_FORMAT_L16A16_FLOAT, PIPE_FORMAT_A8_UINT}) {
      if (!sample_format_supported(*screen, f, nullptr))
         continue;
      ++formats;
      const util_format_description *d = util_format_describe(f);
      for (const VkComponentMapping &m : swizzles) {
         texture t =
            make_texture(f, GL_TEXTURE_2D, 4, 4, 1, 1, [f](uint32_t, size_t i) { return format_values(f, i); });
         t.req.view_swizzle = m;
         const pipe_tex_filter filt = d->is_integer ? PIPE_TEX_FILTER_NEAREST : PIPE_TEX_FILTER_LINEAR;
         const pipe_sampler_state s = make_state(PIPE_TEX_WRAP_REPEAT, filt, filt);
         const double range = d->is_float ? 30.0 : 1.0;
         expect_reference(t, s, lookups, d->is_integer ? 0.0 : linear_tol(range, f),
                          std::string(d->name) + " swizzle " + std::to_string(m.r) + std::to_string(m.g) +
                             std::to_string(m.b) + std::to_string(m.a));
      }
   }
   std::printf("[ measured ] swizzles on %u formats (legacy ones through the screen's R / RG mappings)\n", formats);
}

TEST_F(DeviceSample, SrgbDecodeOnAndOff) {
   // Every 8-bit code once (red = code, green = 255 - code), NEAREST at texel centres: the
   // device's EOTF against §8.24's.
   {
      const texture t = make_texture(PIPE_FORMAT_R8G8B8A8_SRGB, GL_TEXTURE_2D, 16, 16, 1, 1, [](uint32_t, size_t i) {
         return std::vector<double>{i / 255.0, (255 - i) / 255.0, 0.5, i / 255.0};
      });
      std::vector<ref::ref_lookup> lookups;
      for (int y = 0; y < 16; ++y)
         for (int x = 0; x < 16; ++x)
            lookups.push_back(at_lod({(x + 0.5) / 16, (y + 0.5) / 16}, 0.0));
      const pipe_sampler_state s = make_state(PIPE_TEX_WRAP_REPEAT, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_FILTER_NEAREST);
      report("RGBA8 sRGB decode of all 256 codes", expect_reference(t, s, lookups, kSrgbTol, "all codes"));
   }
   std::vector<ref::ref_lookup> lookups;
   for (double sc : kCoords)
      for (double tc : {0.1, 0.6})
         lookups.push_back(at_lod({sc, tc}, 0.0));
   for (bool decode : {true, false}) {
      const texture t = make_texture(PIPE_FORMAT_R8G8B8A8_SRGB, GL_TEXTURE_2D, 4, 4, 1, 1, distinct_rgba, decode);
      const pipe_sampler_state s = make_state(PIPE_TEX_WRAP_REPEAT, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_FILTER_LINEAR);
      report(decode ? "RGBA8 sRGB LINEAR, decode on" : "RGBA8 sRGB LINEAR, decode off",
             expect_reference(t, s, lookups, linear_tol(1.0, t.req.format) + (decode ? kSrgbTol : 0.0),
                              decode ? "decode" : "no decode"));
   }
}

// ---------------------------------------------------------------------------------------------
// Scale and threads.

TEST_F(DeviceSample, ManyMixedLookupsComeBackInOrder) {
   const texture t = make_texture(PIPE_FORMAT_R8G8B8A8_UNORM, GL_TEXTURE_2D, 16, 16, 1, 5, distinct_rgba);
   std::vector<ref::ref_lookup> lookups;
   for (int i = 0; i < 10000; ++i) {
      // Interleaved textureLod / textureGrad lookups: two dispatches scatter into one buffer.
      const double sc = -1.0 + (i % 997) * (3.0 / 997.0) + 1.0 / 512.0;
      const double tc = -0.5 + (i % 101) * (2.0 / 101.0) + 1.0 / 512.0;
      if (i % 3 == 0)
         lookups.push_back(at_grad({sc, tc}, {0.02 * (1 + i % 7), 0}, {0, 0.02 * (1 + i % 5)}));
      else
         lookups.push_back(at_lod({sc, tc}, (i % 9) * 0.5 - 0.25));
   }
   // No ties: explicit λ is k ± 0.25; gradient ρ = 0.32 k (k = 1..7) is never √2 or 2√2; and
   // 16 s, 16 t stay at least 3e-5 away from integers (997 and 101 are prime to 32), far above
   // single-precision rounding, on every level (power-of-two sizes scale exactly).
   const pipe_sampler_state s = make_state(PIPE_TEX_WRAP_MIRROR_REPEAT, PIPE_TEX_FILTER_NEAREST,
                                           PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NEAREST);
   texture tt = t;
   tt.req.sampler = sampler(s, tt.req.format);
   tt.req.lookups = lookups;
   std::vector<ref::texel> got;
   std::string error;
   ASSERT_TRUE(sample_lookups(*screen, tt.req, &got, &error)) << error;
   ASSERT_EQ(got.size(), lookups.size());
   const ref::ref_sampler g = gl_sampler(s, t.ref);
   size_t mismatches = 0;
   for (size_t i = 0; i < lookups.size(); ++i) {
      const ref::ref_result want = ref::ref_sample(t.ref, g, lookups[i]);
      for (int c = 0; c < 4; ++c)
         if (std::fabs(got[i].f[c] - want.value.f[c]) > 1e-6) {
            ++mismatches;
            break;
         }
   }
   std::printf("[ measured ] 10000 interleaved LOD / gradient lookups on a 16x16 5-level chain: %zu differ\n",
               mismatches);
   EXPECT_EQ(mismatches, 0u);
}

TEST_F(DeviceSample, ConcurrentCallsShareTheQueue) {
   const texture t = make_texture(PIPE_FORMAT_R8G8B8A8_UNORM, GL_TEXTURE_2D, 4, 4, 1, 1, distinct_rgba);
   const pipe_sampler_state s = make_state(PIPE_TEX_WRAP_REPEAT, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_FILTER_NEAREST);
   sample_request r = t.req;
   r.sampler = sampler(s, r.format);
   for (double sc : kCoords)
      r.lookups.push_back(at_lod({sc, 0.3}, 0.0));
   std::vector<ref::texel> expected;
   std::string error;
   ASSERT_TRUE(sample_lookups(*screen, r, &expected, &error)) << error;
   std::vector<int> failures(4, 0);
   std::vector<std::thread> threads;
   for (int th = 0; th < 4; ++th)
      threads.emplace_back([&, th] {
         for (int k = 0; k < 8; ++k) {
            std::vector<ref::texel> got;
            std::string e;
            if (!sample_lookups(*screen, r, &got, &e) || got.size() != expected.size()) {
               ++failures[th];
               continue;
            }
            for (size_t i = 0; i < got.size(); ++i)
               for (int c = 0; c < 4; ++c)
                  if (got[i].f[c] != expected[i].f[c])
                     ++failures[th];
         }
      });
   for (std::thread &th : threads)
      th.join();
   for (int f : failures)
      EXPECT_EQ(f, 0);
}

// ---------------------------------------------------------------------------------------------
// The fragment path: texture() with implicit derivatives over a drawn grid, against the
// reference given each pixel's coordinate (read back) and the grid's steps as gradients.

namespace {

class DeviceSampleFragment : public DeviceSample {
protected:
   // Draws `grid` and compares every pixel with the reference. `gl` adjusts the reference's GL
   // state (e.g. the GL wrap the pipe state emulates); `lowering` goes with the request.
   measured expect_fragment(texture t, const pipe_sampler_state &s, const sample_grid &grid, double tol,
                            const std::string &label, const std::function<void(ref::ref_sampler &)> &gl = nullptr,
                            const st_sampler_lowering &lowering = {}, bool signed_integer = false) {
      measured m;
      t.req.sampler = sampler(s, t.req.format);
      t.req.sampler_lod = last_lod;
      t.req.shadow = s.compare_mode == PIPE_TEX_COMPARE_R_TO_TEXTURE;
      t.req.lowering = lowering;
      ref::ref_sampler g = gl_sampler(s, t.ref, signed_integer);
      g.swizzle = {gl_swizzle(t.req.view_swizzle.r, GL_RED), gl_swizzle(t.req.view_swizzle.g, GL_GREEN),
                   gl_swizzle(t.req.view_swizzle.b, GL_BLUE), gl_swizzle(t.req.view_swizzle.a, GL_ALPHA)};
      if (gl)
         gl(g);
      std::vector<ref::texel> got;
      std::vector<ref::ref_lookup> made;
      std::string error;
      if (!sample_grid_draw(*screen, t.req, grid, &got, &made, &error)) {
         ADD_FAILURE() << label << ": " << error;
         return m;
      }
      EXPECT_EQ(got.size(), static_cast<size_t>(grid.width) * grid.height);
      int failures = 0;
      for (size_t i = 0; i < got.size() && i < made.size(); ++i) {
         // The coordinate the shader computed is origin + x dx + y dy (exact for the dyadic
         // grids used here); the reference samples exactly that coordinate.
         const size_t x = i % grid.width, y = i / grid.width;
         for (int c = 0; c < made[i].ncoord; ++c)
            EXPECT_EQ(made[i].coord[c], static_cast<float>(grid.origin[c] + x * grid.dx[c] + y * grid.dy[c]))
               << label << ", pixel " << x << "," << y;
         ref::ref_result want;
         try {
            want = ref::ref_sample(t.ref, g, made[i]);
         } catch (const std::exception &e) {
            ADD_FAILURE() << label << ", pixel " << i << ": the reference refuses it: " << e.what();
            continue;
         }
         for (int c = 0; c < 4; ++c) {
            const double diff = want.is_integer ? std::fabs(static_cast<double>(got[i].i[c] - want.value.i[c]))
                                                : std::fabs(got[i].f[c] - want.value.f[c]);
            if (!(diff <= tol) && failures++ < 8)
               ADD_FAILURE() << label << ", pixel " << x << "," << y << " (coord " << made[i].coord[0] << ", "
                             << made[i].coord[1] << ", " << made[i].coord[2] << "), component " << c << ": device "
                             << (want.is_integer ? static_cast<double>(got[i].i[c]) : got[i].f[c]) << ", reference "
                             << (want.is_integer ? static_cast<double>(want.value.i[c]) : want.value.f[c])
                             << " (tolerance " << tol << ", reference λ " << want.lambda << ")";
            if (diff == diff)
               m.max_error = std::max(m.max_error, diff);
         }
      }
      m.lookups = got.size();
      return m;
   }
};

// A grid whose pixel (x, y) samples origin + x dx + y dy; all values dyadic, so single
// precision holds every coordinate exactly.
sample_grid make_grid(uint32_t w, uint32_t h, std::initializer_list<double> origin,
                      std::initializer_list<double> dx, std::initializer_list<double> dy, double dref = 0.0) {
   sample_grid g;
   g.width = w;
   g.height = h;
   int i = 0;
   for (double v : origin)
      g.origin[i++] = v;
   i = 0;
   for (double v : dx)
      g.dx[i++] = v;
   i = 0;
   for (double v : dy)
      g.dy[i++] = v;
   g.dref = dref;
   return g;
}

}  // namespace

TEST_F(DeviceSampleFragment, ImplicitDerivativesSelectTheLevelAsTheReferenceDoes) {
   // RGBA32F 16x16 with 5 levels, trilinear, REPEAT: grids that magnify, minify by 2, 4 and an
   // anisotropic-free skewed step (λ from the larger gradient), starting outside [0, 1].
   const texture t = make_texture(PIPE_FORMAT_R32G32B32A32_FLOAT, GL_TEXTURE_2D, 16, 16, 1, 5, distinct_rgba);
   const pipe_sampler_state s = make_state(PIPE_TEX_WRAP_REPEAT, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_FILTER_LINEAR,
                                           PIPE_TEX_MIPFILTER_LINEAR);
   // Linear in both axes and between levels: 2 x 2^-8 + 2^-mipmapPrecisionBits, range 1.
   const double tol = linear_tol(1.0, t.req.format) + mip_precision;
   measured all;
   for (const sample_grid &g : {make_grid(24, 20, {-0.5, -0.25}, {0.015625, 0}, {0, 0.015625}),
                                     make_grid(24, 20, {-0.53125, 0.375}, {0.125, 0}, {0, 0.125}),
                                     make_grid(16, 16, {0.0, -1.0}, {0.25, 0.0625}, {-0.0625, 0.25}),
                                     make_grid(8, 8, {1.5, 1.5}, {0.1875, 0}, {0, 0.09375})}) {
      const measured m = expect_fragment(t, s, g, tol, "RGBA32F 2D trilinear, step " + std::to_string(g.dx[0]));
      all.max_error = std::max(all.max_error, m.max_error);
      all.lookups += m.lookups;
   }
   report("fragment path, RGBA32F 2D trilinear", all);
}

TEST_F(DeviceSampleFragment, DepthFilterTakesLambdaFromImplicitDerivatives) {
   // Rule 4's lowering in a fragment shader: the sampler filters NEAREST, the shader computes λ
   // from the derivatives of the unclamped coordinate and filters as GL (trilinear, and the
   // mixed case around the c = 0.5 switch), equal to the reference's LINEAR filtering.
   const texture t = make_texture(PIPE_FORMAT_Z32_FLOAT, GL_TEXTURE_2D, 16, 16, 1, 5,
                                  [](uint32_t level, size_t i) { return std::vector<double>{((i * 5 + level) % 11) / 10.0}; });
   const pipe_sampler_state s = make_state(PIPE_TEX_WRAP_MIRROR_REPEAT, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_FILTER_NEAREST,
                                           PIPE_TEX_MIPFILTER_NEAREST);
   struct filter_case {
      pipe_tex_filter min, mag;
      pipe_tex_mipfilter mip;
      GLenum gl_min, gl_mag;
   };
   const filter_case cases[] = {
      {PIPE_TEX_FILTER_LINEAR, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_MIPFILTER_LINEAR, GL_LINEAR_MIPMAP_LINEAR, GL_LINEAR},
      {PIPE_TEX_FILTER_NEAREST, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_MIPFILTER_NEAREST, GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR},
   };
   measured all;
   for (const filter_case &fc : cases) {
      st_sampler_lowering low;
      low.has_shader_filter = true;
      low.shader_filter.min_img_filter = fc.min;
      low.shader_filter.mag_img_filter = fc.mag;
      low.shader_filter.min_mip_filter = fc.mip;
      const auto gl = [&](ref::ref_sampler &g) {
         g.min_filter = fc.gl_min;
         g.mag_filter = fc.gl_mag;
      };
      for (const sample_grid &g : {make_grid(24, 20, {-0.5, -0.25}, {0.015625, 0}, {0, 0.015625}),
                                   make_grid(24, 20, {-0.53125, 0.375}, {0.125, 0}, {0, 0.125}),
                                   make_grid(16, 16, {0.0, -1.0}, {0.25, 0.0625}, {-0.0625, 0.25})}) {
         const measured m = expect_fragment(t, s, g, 1e-5, "Z32F depth filter, step " + std::to_string(g.dx[0]), gl, low);
         all.max_error = std::max(all.max_error, m.max_error);
         all.lookups += m.lookups;
      }
   }
   report("fragment path, Z32F filtered by the shader (rule 4)", all);
}

TEST_F(DeviceSampleFragment, IntegerAttachmentsReturnExactTexels) {
   for (pipe_format f : {PIPE_FORMAT_R32G32B32A32_SINT, PIPE_FORMAT_R32G32B32A32_UINT, PIPE_FORMAT_R16G16B16A16_SINT}) {
      const bool sgn = util_format_describe(f)->type == UTIL_FORMAT_TYPE_SIGNED;
      const texture t = make_texture(f, GL_TEXTURE_2D, 8, 4, 1, 3,
                                     [f](uint32_t level, size_t i) { return format_values(f, i + 37 * level); });
      pipe_sampler_state s = make_state(PIPE_TEX_WRAP_CLAMP_TO_BORDER, PIPE_TEX_FILTER_NEAREST,
                                        PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NEAREST);
      s.wrap_t = PIPE_TEX_WRAP_MIRROR_REPEAT;
      s.border_color_is_integer = 1;
      s.border_color.i[0] = sgn ? -5 : 5;
      s.border_color.i[1] = 300;
      s.border_color.i[2] = 0;
      s.border_color.i[3] = 1;
      // Off texel boundaries in t (MIRRORED_REPEAT: see MirroredRepeatAtNegativeTexelBoundaries).
      const measured m = expect_fragment(t, s, make_grid(20, 12, {-0.25, -0.734375}, {0.0625, 0}, {0, 0.1875}), 0.0,
                                         util_format_describe(f)->name, nullptr, {}, sgn);
      EXPECT_EQ(m.max_error, 0.0);
   }
}

TEST_F(DeviceSampleFragment, OtherTargetsWithImplicitDerivatives) {
   measured all;
   auto add = [&all](const measured &m) {
      all.max_error = std::max(all.max_error, m.max_error);
      all.lookups += m.lookups;
   };
   {
      const texture t = make_texture(PIPE_FORMAT_R32G32B32A32_FLOAT, GL_TEXTURE_1D, 16, 1, 1, 3, distinct_rgba);
      const pipe_sampler_state s = make_state(PIPE_TEX_WRAP_MIRROR_REPEAT, PIPE_TEX_FILTER_LINEAR,
                                              PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NEAREST);
      // λ = log2(16 x 0.09375) = 0.58 and log2(16 x 0.015625) < 0: both sides of the switch.
      // The origin keeps NEAREST off negative texel boundaries (MirroredRepeatAtNegativeTexelBoundaries).
      for (double step : {0.09375, 0.015625, 0.25})
         add(expect_fragment(t, s, make_grid(32, 2, {-1.2421875}, {step}, {0}), linear_tol(1.0, t.req.format, 1),
                             "1D mirror repeat"));
   }
   {
      const texture t = make_texture(PIPE_FORMAT_R32G32B32A32_FLOAT, GL_TEXTURE_2D_ARRAY, 8, 8, 3, 2, distinct_rgba);
      const pipe_sampler_state s = make_state(PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_FILTER_LINEAR,
                                              PIPE_TEX_FILTER_LINEAR, PIPE_TEX_MIPFILTER_LINEAR);
      add(expect_fragment(t, s, make_grid(16, 16, {-0.25, -0.25, 1.0}, {0.0625, 0, 0}, {0, 0.0625, 0}),
                          linear_tol(1.0, t.req.format) + mip_precision, "2D array"));
   }
   {
      const texture t = make_texture(PIPE_FORMAT_R32G32B32A32_FLOAT, GL_TEXTURE_3D, 8, 8, 8, 2, distinct_rgba);
      const pipe_sampler_state s = make_state(PIPE_TEX_WRAP_REPEAT, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_FILTER_LINEAR,
                                              PIPE_TEX_MIPFILTER_NEAREST);
      add(expect_fragment(t, s, make_grid(12, 12, {-0.25, 0.5, 0.3125}, {0.0625, 0, 0.015625}, {0, 0.0625, 0.03125}),
                          linear_tol(1.0, t.req.format, 3), "3D"));
   }
   {
      // Seamless cube: directions on the +X face and across its edges.
      const texture t = make_texture(PIPE_FORMAT_R32G32B32A32_FLOAT, GL_TEXTURE_CUBE_MAP, 8, 8, 6, 1, distinct_rgba);
      const pipe_sampler_state s =
         make_state(PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_FILTER_LINEAR);
      add(expect_fragment(t, s, make_grid(16, 16, {1.0, -1.25, -1.25}, {0, 0.15625, 0}, {0, 0, 0.15625}),
                          linear_tol(1.0, t.req.format), "cube"));
   }
   report("fragment path, 1D / 2D array / 3D / cube", all);
}

TEST_F(DeviceSampleFragment, GlClampWithMixedFiltersThroughTheLoweringPass) {
   // GL_CLAMP with mag LINEAR and min NEAREST: CLAMP_TO_BORDER + saturate + nearest_edge
   // (minified), lowered with the implicit derivatives turned into gradients by the pass.
   const texture t = make_texture(PIPE_FORMAT_R32G32B32A32_FLOAT, GL_TEXTURE_2D, 8, 8, 1, 1, distinct_rgba);
   for (int mag_linear = 0; mag_linear < 2; ++mag_linear) {
      pipe_sampler_state s = make_state(PIPE_TEX_WRAP_CLAMP_TO_BORDER,
                                        mag_linear ? PIPE_TEX_FILTER_NEAREST : PIPE_TEX_FILTER_LINEAR,
                                        mag_linear ? PIPE_TEX_FILTER_LINEAR : PIPE_TEX_FILTER_NEAREST);
      for (int c = 0; c < 4; ++c)
         s.border_color.f[c] = 0.25f * c - 0.3f;
      st_sampler_lowering low;
      low.saturate = 0x3;
      low.nearest_edge = mag_linear ? ST_NEAREST_EDGE_MINIFIED : ST_NEAREST_EDGE_MAGNIFIED;
      auto gl_clamp = [](ref::ref_sampler &g) { g.wrap_s = g.wrap_t = GL_CLAMP; };
      // Magnifying and minifying grids reaching past both edges (s, t in [-0.5, 1.5]).
      for (double step : {0.03125, 0.25}) {
         const uint32_t n = static_cast<uint32_t>(2.0 / step) + 1;
         const sample_grid g = make_grid(n, n, {-0.5, -0.5}, {step, 0}, {0, step});
         const measured m = expect_fragment(t, s, g, linear_tol(1.0, t.req.format),
                                            std::string("GL_CLAMP mag ") + (mag_linear ? "LINEAR" : "NEAREST") +
                                               ", step " + std::to_string(step),
                                            gl_clamp, low);
         EXPECT_GT(m.lookups, 0u);
      }
   }
}

TEST_F(DeviceSampleFragment, ShadowLookupsWithDepthModesThroughTheLoweringPass) {
   const texture t = make_texture(PIPE_FORMAT_Z32_FLOAT, GL_TEXTURE_2D, 8, 8, 1, 1,
                                  [](uint32_t, size_t i) { return std::vector<double>{(i % 9) / 8.0}; });
   pipe_sampler_state s = make_state(PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_FILTER_LINEAR);
   s.compare_mode = PIPE_TEX_COMPARE_R_TO_TEXTURE;
   const std::array<pipe_swizzle, 4> swizzles[] = {
      {PIPE_SWIZZLE_X, PIPE_SWIZZLE_X, PIPE_SWIZZLE_X, PIPE_SWIZZLE_1},   // LUMINANCE
      {PIPE_SWIZZLE_X, PIPE_SWIZZLE_X, PIPE_SWIZZLE_X, PIPE_SWIZZLE_X},   // INTENSITY
      {PIPE_SWIZZLE_0, PIPE_SWIZZLE_0, PIPE_SWIZZLE_0, PIPE_SWIZZLE_X},   // ALPHA
      {PIPE_SWIZZLE_1, PIPE_SWIZZLE_X, PIPE_SWIZZLE_0, PIPE_SWIZZLE_X}};  // a texture swizzle over RED
   const GLenum gl_swz[][4] = {{GL_RED, GL_RED, GL_RED, GL_ONE},
                               {GL_RED, GL_RED, GL_RED, GL_RED},
                               {GL_ZERO, GL_ZERO, GL_ZERO, GL_RED},
                               {GL_ONE, GL_RED, GL_ZERO, GL_RED}};
   for (int func = 0; func < 8; ++func)
      for (int k = 0; k < 4; ++k) {
         s.compare_func = static_cast<pipe_compare_func>(func);
         st_sampler_lowering low;
         low.has_shadow_swizzle = true;
         low.shadow_swizzle = swizzles[k];
         // The reference: GL_DEPTH_TEXTURE_MODE RED with the swizzle as a texture swizzle.
         auto gl = [&](ref::ref_sampler &g) {
            g.depth_mode = GL_RED;
            g.swizzle = {gl_swz[k][0], gl_swz[k][1], gl_swz[k][2], gl_swz[k][3]};
         };
         expect_fragment(t, s, make_grid(12, 12, {-0.0625, -0.0625}, {0.09375, 0}, {0, 0.09375}, 0.5),
                         linear_tol(1.0, t.req.format), "shadow func " + std::to_string(func), gl, low);
      }
}

// ---------------------------------------------------------------------------------------------
// A measured lavapipe divergence, shown on its own: GL 4.6 (and Vulkan) define MIRRORED_REPEAT
// on texel indices, (size - 1) - mirror((i mod 2 size) - size) with i = floor(u). lavapipe
// (Mesa 22.3.6) mirrors the coordinate first (s' = 1 - frac(s) on odd periods, the pre-4.5
// wording), which lands on the neighbouring texel exactly at the texel boundaries of mirrored
// (odd) periods, where the two definitions differ: s = -k/N, and s = k/N in [1, 2), [3, 4), ….
// Everywhere else they agree; the other tests keep NEAREST mirrored-repeat lookups off those
// boundaries.
TEST_F(DeviceSample, MirroredRepeatAtNegativeTexelBoundaries) {
   const texture t = make_texture(PIPE_FORMAT_R32_FLOAT, GL_TEXTURE_1D, 4, 1, 1, 1,
                                  [](uint32_t, size_t i) { return std::vector<double>{static_cast<double>(i)}; });
   const pipe_sampler_state s =
      make_state(PIPE_TEX_WRAP_MIRROR_REPEAT, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_FILTER_NEAREST);
   std::vector<ref::ref_lookup> lookups;
   for (int k = -12; k <= 12; ++k)
      if (k != 0)
         lookups.push_back(at_lod({k / 4.0}, 0.0));  // exact boundaries u = k
   sample_request req = t.req;
   req.sampler = sampler(s, t.req.format);
   req.lookups = lookups;
   std::vector<ref::texel> got;
   std::string error;
   ASSERT_TRUE(sample_lookups(*screen, req, &got, &error)) << error;
   const ref::ref_sampler g = gl_sampler(s, t.ref);
   size_t gl = 0, coordinate_mirror = 0, differ = 0;
   for (size_t i = 0; i < lookups.size(); ++i) {
      const double want = ref::ref_sample(t.ref, g, lookups[i]).value.f[0];
      // The coordinate-mirror prediction, worked independently: s' = frac(s) on even periods,
      // 1 - frac(s) on odd ones, then texel floor(4 s') clamped to [0, 3].
      const double sc = lookups[i].coord[0], fl = std::floor(sc), fr = sc - fl;
      const bool odd = static_cast<long>(fl) % 2 != 0;
      const double mirrored = odd ? 1.0 - fr : fr;
      const double other = std::clamp(std::floor(4.0 * mirrored), 0.0, 3.0);
      differ += other != want;
      if (got[i].f[0] == want)
         ++gl;
      else if (got[i].f[0] == other)
         ++coordinate_mirror;
      else
         ADD_FAILURE() << "s = " << sc << ": device texel " << got[i].f[0] << ", GL " << want
                       << ", coordinate mirror " << other;
   }
   std::printf("[ measured ] MIRRORED_REPEAT NEAREST at s = k/4 (k = -12..12, k != 0; the definitions differ at %zu): %zu as "
               "GL 4.6, %zu only as the coordinate mirror\n",
               differ, gl, coordinate_mirror);
   EXPECT_GT(differ, 0u);  // the lookups do tell the two definitions apart
   EXPECT_EQ(gl + coordinate_mirror, lookups.size());
}

TEST_F(DeviceSampleFragment, ShadowLookupsOnArraysAndCubesWithImplicitDerivatives) {
   // texture() on sampler1DArrayShadow (with a swizzle from the pass), sampler2DArrayShadow and
   // samplerCubeShadow (GL's RED: the pass leaves cube lookups alone), LEQUAL, LINEAR.
   const auto depth = [](uint32_t, size_t i) { return std::vector<double>{((i * 3) % 9) / 8.0}; };
   pipe_sampler_state s = make_state(PIPE_TEX_WRAP_CLAMP_TO_EDGE, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_FILTER_LINEAR);
   s.compare_mode = PIPE_TEX_COMPARE_R_TO_TEXTURE;
   s.compare_func = PIPE_FUNC_LEQUAL;
   measured all;
   {
      const texture t = make_texture(PIPE_FORMAT_Z32_FLOAT, GL_TEXTURE_1D_ARRAY, 8, 3, 1, 1, depth);
      st_sampler_lowering low;
      low.has_shadow_swizzle = true;
      low.shadow_swizzle = {PIPE_SWIZZLE_X, PIPE_SWIZZLE_X, PIPE_SWIZZLE_X, PIPE_SWIZZLE_1};  // LUMINANCE
      const measured m = expect_fragment(
         t, s, make_grid(16, 8, {-0.125, 0.0}, {0.0625, 0}, {0, 0.375}, 0.5), linear_tol(1.0, t.req.format, 1),
         "1D array shadow", [](ref::ref_sampler &g) { g.swizzle = {GL_RED, GL_RED, GL_RED, GL_ONE}; }, low);
      all.lookups += m.lookups;
      all.max_error = std::max(all.max_error, m.max_error);
   }
   {
      const texture t = make_texture(PIPE_FORMAT_Z32_FLOAT, GL_TEXTURE_2D_ARRAY, 8, 8, 3, 1, depth);
      const measured m = expect_fragment(t, s, make_grid(12, 12, {-0.0625, -0.0625, 1.0}, {0.09375, 0, 0},
                                                         {0, 0.09375, 0.0}, 0.375),
                                         linear_tol(1.0, t.req.format), "2D array shadow");
      all.lookups += m.lookups;
      all.max_error = std::max(all.max_error, m.max_error);
   }
   {
      const texture t = make_texture(PIPE_FORMAT_Z32_FLOAT, GL_TEXTURE_CUBE_MAP, 8, 8, 6, 1, depth);
      const measured m = expect_fragment(
         t, s, make_grid(12, 12, {-0.875, 1.0, -0.875}, {0.15625, 0, 0}, {0, 0, 0.15625}, 0.625),
         linear_tol(1.0, t.req.format), "cube shadow");
      all.lookups += m.lookups;
      all.max_error = std::max(all.max_error, m.max_error);
   }
   report("fragment path, shadow on 1D array / 2D array / cube", all);
}
