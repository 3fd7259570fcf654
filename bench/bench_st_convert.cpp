// st_convert_sampler cost for common states (GL_CLAMP linear, mipmapped repeat, shadow, integer border).
#include <benchmark/benchmark.h>

#include "clampler/gl/context.h"
#include "clampler/pipe/p_screen.h"
#include "clampler/st/st_sampler.h"

using namespace clampler;

namespace {

gl_texture_object texture(GLenum target, pipe_format fmt) {
   gl_texture_object t;
   t.Name = 1;
   t.Target = target;
   t.Format = fmt;
   t.Width = t.Height = 256;
   t.Depth = 1;
   t.Levels = 9;
   return t;
}

void run(benchmark::State &state, const gl_texture_object &tex, const gl_sampler_attrib &a) {
   config_screen screen;
   screen.set_linear_filtering(PIPE_FORMAT_Z32_FLOAT, false);
   gl_context ctx;
   st_context st(screen, ctx);
   gl_sampler_object samp;
   samp.Attrib = a;
   pipe_sampler_state out;
   st_sampler_lowering low;
   for (auto _ : state) {
      st_convert_sampler(st, tex, samp, 0.25f, false, &out, &low);
      benchmark::DoNotOptimize(out);
      benchmark::DoNotOptimize(low);
   }
}

void BM_ConvertMipmappedRepeat(benchmark::State &state) {
   gl_sampler_attrib a;
   a.MinFilter = GL_LINEAR_MIPMAP_LINEAR;
   a.MaxAnisotropy = 8.0f;
   run(state, texture(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a);
}
BENCHMARK(BM_ConvertMipmappedRepeat);

void BM_ConvertGlClampLinearBorder(benchmark::State &state) {
   gl_sampler_attrib a;
   a.WrapS = a.WrapT = GL_CLAMP;
   a.MinFilter = GL_LINEAR;
   a.BorderColor.f[0] = 0.5f;
   a.BorderColor.f[3] = 1.0f;
   run(state, texture(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a);
}
BENCHMARK(BM_ConvertGlClampLinearBorder);

void BM_ConvertShadowNonFilterableDepth(benchmark::State &state) {
   gl_sampler_attrib a;
   a.CompareMode = GL_COMPARE_REF_TO_TEXTURE;
   a.MinFilter = GL_LINEAR;
   run(state, texture(GL_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT), a);
}
BENCHMARK(BM_ConvertShadowNonFilterableDepth);

void BM_ConvertIntegerBorder(benchmark::State &state) {
   gl_sampler_attrib a;
   a.WrapS = GL_CLAMP_TO_BORDER;
   a.BorderType = gl_border_type::unsigned_integer;
   a.BorderColor.ui[0] = 7;
   run(state, texture(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UINT), a);
}
BENCHMARK(BM_ConvertIntegerBorder);

}  // namespace
