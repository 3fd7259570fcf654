// Vulkan sampler cache: hit cost with 1/4/16 threads, and a replayed GL workload against zink's
// one-VkSampler-per-CSO model (counts of VkSamplers and vkCreateSampler calls).
#include <benchmark/benchmark.h>

#include <memory>
#include <random>

#include "clampler/gl/context.h"
#include "clampler/gl/gl_formats.h"
#include "clampler/st/st_atom_sampler.h"
#include "clampler/zink/zink_context.h"

using namespace clampler;

namespace {

zink_screen *screen() {
   static std::unique_ptr<zink_screen> s = [] {
      std::string error;
      return zink_screen::create(zink_screen_options::from_environment(), &error);
   }();
   return s.get();
}

// Cache hits from N threads on 64 warm keys (acquire + release, as a CSO create/delete pair).
// The cache is destroyed by the run that made it, before the static screen goes away.
std::unique_ptr<zink_sampler_cache> hit_cache;
std::vector<zink_sampler_key> hit_keys;

void BM_VkSamplerCacheHit(benchmark::State &state) {
   if (!screen()) {
      state.SkipWithError("no Vulkan device");
      return;
   }
   auto &cache = hit_cache;
   auto &keys = hit_keys;
   if (state.thread_index() == 0) {
      cache = std::make_unique<zink_sampler_cache>(*screen());
      keys.clear();
      for (unsigned i = 0; i < 64; ++i) {
         pipe_sampler_state s{};
         s.min_img_filter = s.mag_img_filter = PIPE_TEX_FILTER_LINEAR;
         s.lod_bias = static_cast<float>(i) / 16.0f;
         s.max_lod = 1000.0f;
         s.min_mip_filter = PIPE_TEX_MIPFILTER_LINEAR;
         keys.push_back(zink_sampler_key_from_pipe(screen()->device_caps(), s));
         VkResult r;
         std::string e;
         cache->acquire(keys.back(), &r, &e);  // held by the benchmark: always warm
      }
   }
   size_t i = static_cast<size_t>(state.thread_index()) * 7;
   for (auto _ : state) {
      VkResult r;
      std::string e;
      zink_sampler *s = cache->acquire(keys[i++ & 63], &r, &e);
      cache->release(s);
   }
   if (state.thread_index() == 0) {
      state.counters["creates"] = static_cast<double>(cache->stats().creates);
      cache.reset();
   }
}
BENCHMARK(BM_VkSamplerCacheHit)->Threads(1)->Threads(4)->Threads(16)->UseRealTime();

// Forwards to the zink context and counts CSO-level creates (zink's model: one VkSampler each).
class counting_forward final : public pipe_context {
public:
   explicit counting_forward(pipe_context &next) : next_(next) {}
   void *create_sampler_state(const pipe_sampler_state &t) override {
      ++creates;
      return next_.create_sampler_state(t);
   }
   void delete_sampler_state(void *h) override { next_.delete_sampler_state(h); }
   void bind_sampler_states(pipe_shader_type st, unsigned start, unsigned n, void *const *h) override {
      next_.bind_sampler_states(st, start, n, h);
   }
   void *create_rasterizer_state(const pipe_rasterizer_state &t) override { return next_.create_rasterizer_state(t); }
   void bind_rasterizer_state(void *h) override { next_.bind_rasterizer_state(h); }
   void delete_rasterizer_state(void *h) override { next_.delete_rasterizer_state(h); }
   uint64_t creates = 0;

private:
   pipe_context &next_;
};

// 10 000 draws over 200 GL sampler configurations x 50 textures of mixed formats.
void BM_ReplayWorkload(benchmark::State &state) {
   if (!screen()) {
      state.SkipWithError("no Vulkan device");
      return;
   }
   for (auto _ : state) {
      state.PauseTiming();
      // Two GL contexts (say a game and its UI) on one device replay the same draws: zink
      // has one VkSampler per CSO per context; clampler shares them device-wide.
      gl_context ctx;
      zink_sampler_cache cache(*screen());
      zink_context zctx(*screen(), cache), zctx2(*screen(), cache);
      counting_forward fwd(zctx), fwd2(zctx2);
      cso_context cso(fwd, true, 4096), cso2(fwd2, true, 4096);
      st_context st(*screen(), ctx);
      std::mt19937 rng(1234);
      const GLenum formats[] = {GL_RGBA8, GL_SRGB8_ALPHA8, GL_RGBA8UI, GL_R32F, GL_RGBA16F, GL_DEPTH_COMPONENT24,
                                GL_LUMINANCE8, GL_RG8, GL_R16I, GL_DEPTH24_STENCIL8};
      std::vector<GLuint> textures(50);
      ctx.GenTextures(50, textures.data());
      for (unsigned t = 0; t < 50; ++t) {
         ctx.BindTexture(GL_TEXTURE_2D, textures[t]);
         ctx.TexStorage(GL_TEXTURE_2D, 4, formats[t % 10], 64, 64, 1);
      }
      std::vector<GLuint> samplers(200);
      ctx.GenSamplers(200, samplers.data());
      const GLenum wraps[] = {GL_REPEAT, GL_CLAMP_TO_EDGE, GL_CLAMP, GL_CLAMP_TO_BORDER, GL_MIRRORED_REPEAT};
      const GLenum mins[] = {GL_NEAREST, GL_LINEAR, GL_LINEAR_MIPMAP_LINEAR, GL_NEAREST_MIPMAP_NEAREST};
      for (unsigned i = 0; i < 200; ++i) {
         ctx.SamplerParameteri(samplers[i], GL_TEXTURE_WRAP_S, wraps[rng() % 5]);
         ctx.SamplerParameteri(samplers[i], GL_TEXTURE_WRAP_T, wraps[rng() % 5]);
         ctx.SamplerParameteri(samplers[i], GL_TEXTURE_MIN_FILTER, mins[rng() % 4]);
         ctx.SamplerParameterf(samplers[i], GL_TEXTURE_LOD_BIAS, static_cast<float>(rng() % 8) * 0.25f);
         const GLfloat border[4] = {static_cast<float>(rng() % 3) / 2.0f, 0.0f, 0.0f, 1.0f};
         ctx.SamplerParameterfv(samplers[i], GL_TEXTURE_BORDER_COLOR, border);
         if (rng() % 4 == 0)
            ctx.SamplerParameteri(samplers[i], GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
      }
      gl_program prog;
      for (unsigned u = 0; u < 4; ++u) {
         prog.SamplersUsed |= 1u << u;
         prog.SamplerUnits[u] = static_cast<uint8_t>(u);
         prog.SamplerTargets[u] = GL_TEXTURE_2D;
      }
      st_sampler_atom atom, atom2;
      uint64_t warm_creates = 0, warm_cache_calls = 0;
      state.ResumeTiming();
      for (unsigned pass = 0; pass < 3; ++pass) {  // context 1, context 2, then context 1 warm
         std::mt19937 draws(99);
         const bool second = pass == 1;
         if (pass == 2) {
            warm_creates = cache.stats().creates;
            warm_cache_calls = cache.stats().hits + cache.stats().creates;
         }
         for (unsigned d = 0; d < 10000; ++d) {
            for (unsigned u = 0; u < 4; ++u) {
               ctx.ActiveTexture(GL_TEXTURE0 + u);
               ctx.BindTexture(GL_TEXTURE_2D, textures[draws() % 50]);
               ctx.BindSampler(u, samplers[draws() % 200]);
            }
            if (second)
               atom2.update(st, cso2, prog);
            else
               atom.update(st, cso, prog);
            if (d % 100 == 99)
               (second ? zctx2 : zctx).flush();
         }
      }
      state.counters["vk_samplers"] = static_cast<double>(cache.stats().live);
      state.counters["vk_creates"] = static_cast<double>(cache.stats().creates);
      state.counters["vk_creates_warm_pass"] = static_cast<double>(cache.stats().creates - warm_creates);
      state.counters["device_cache_calls_warm_pass"] =
         static_cast<double>(cache.stats().hits + cache.stats().creates - warm_cache_calls);
      state.counters["zink_model_vk_samplers"] = static_cast<double>(fwd.creates + fwd2.creates);  // one per CSO
   }
}
BENCHMARK(BM_ReplayWorkload)->Unit(benchmark::kMillisecond)->Iterations(1);

}  // namespace
