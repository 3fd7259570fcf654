// Per-draw sampler update of 16 bound units: nothing changed, and one unit changed.
#include <benchmark/benchmark.h>

#include "clampler/gl/context.h"
#include "clampler/gl/gl_formats.h"
#include "clampler/pipe/counting_context.h"
#include "clampler/pipe/p_screen.h"
#include "clampler/st/st_atom_sampler.h"

using namespace clampler;

namespace {

struct sixteen_units {
   config_screen screen;
   gl_context ctx;
   counting_context pipe;
   cso_context cso{pipe, true};
   gl_program prog;
   st_sampler_atom atom;

   sixteen_units() {
      for (unsigned u = 0; u < 16; ++u) {
         GLuint t;
         ctx.GenTextures(1, &t);
         ctx.ActiveTexture(GL_TEXTURE0 + u);
         ctx.BindTexture(GL_TEXTURE_2D, t);
         ctx.TexStorage(GL_TEXTURE_2D, 4, u % 2 ? GL_RGBA8 : GL_RGBA16F, 64, 64, 1);
         ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, u % 3 ? GL_REPEAT : GL_CLAMP);
         prog.SamplersUsed |= 1u << u;
         prog.SamplerUnits[u] = static_cast<uint8_t>(u);
         prog.SamplerTargets[u] = GL_TEXTURE_2D;
      }
   }
};

void BM_Update16UnitsUnchanged(benchmark::State &state) {
   sixteen_units s;
   st_context st(s.screen, s.ctx);
   s.atom.update(st, s.cso, s.prog);
   for (auto _ : state)
      benchmark::DoNotOptimize(s.atom.update(st, s.cso, s.prog));
}
BENCHMARK(BM_Update16UnitsUnchanged);

void BM_Update16UnitsOneChanged(benchmark::State &state) {
   sixteen_units s;
   st_context st(s.screen, s.ctx);
   s.ctx.ActiveTexture(GL_TEXTURE0 + 5);
   float bias = 0.0f;
   for (auto _ : state) {
      // An app animating one unit's LOD bias: one GL call, then the draw's update.
      bias = bias >= 2.0f ? 0.0f : bias + 1.0f / 256.0f;
      s.ctx.TexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, bias);
      benchmark::DoNotOptimize(s.atom.update(st, s.cso, s.prog));
   }
}
BENCHMARK(BM_Update16UnitsOneChanged);

}  // namespace
