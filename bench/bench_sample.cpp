// `clampler sample` costs: a warm sample_scenario_device run (pipelines and samplers cached per
// device) against the reference sampler on the same scenario, and the parts of the device run.
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "clampler/tools/explain.h"
#include "clampler/tools/sample.h"
#include "clampler/zink/zink_screen.h"

using namespace clampler;

namespace {

zink_screen *sample_screen() {
   static std::unique_ptr<zink_screen> s = [] {
      std::string error;
      return zink_screen::create(zink_screen_options::from_environment(), &error);
   }();
   return s.get();
}

// examples/sample_gl_clamp.json's kind of scenario: a 4x4 RGBA8 texture, GL_CLAMP with LINEAR
// filters (lowered: CLAMP_TO_BORDER + saturate in the shader), `lookups` lookups.
std::string scenario(int lookups) {
   std::string s = R"({"texture": {"target": "GL_TEXTURE_2D", "internal_format": "GL_RGBA8", "width": 4,
      "height": 4, "levels": [[)";
   for (int i = 0; i < 16; ++i)
      s += std::string(i ? "," : "") + "[" + std::to_string((i % 5) / 4.0) + ", 0.5, " + std::to_string(i / 16.0) +
           ", 1]";
   s += R"(]]}, "sampler": {"GL_TEXTURE_WRAP_S": "GL_CLAMP", "GL_TEXTURE_WRAP_T": "GL_REPEAT",
      "GL_TEXTURE_MIN_FILTER": "GL_LINEAR", "GL_TEXTURE_MAG_FILTER": "GL_LINEAR",
      "GL_TEXTURE_BORDER_COLOR": [0, 0, 1, 1]}, "lookups": [)";
   for (int i = 0; i < lookups; ++i)
      s += std::string(i ? "," : "") + "{\"coord\": [" + std::to_string(-1.0 + 3.0 * i / lookups) + ", " +
           std::to_string(0.37 * i) + "], \"lod\": 0}";
   return s + "]}";
}

void BM_SampleScenarioDeviceWarm(benchmark::State &state) {
   zink_screen *screen = sample_screen();
   if (!screen) {
      state.SkipWithError("no Vulkan device");
      return;
   }
   const std::string text = scenario(static_cast<int>(state.range(0)));
   sample_scenario_device(text, *screen);  // compiles the lowered pipeline once
   for (auto _ : state)
      benchmark::DoNotOptimize(sample_scenario_device(text, *screen));
   state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_SampleScenarioDeviceWarm)->Arg(1)->Arg(64)->Arg(4096)->Unit(benchmark::kMicrosecond);

void BM_SampleScenarioReference(benchmark::State &state) {
   const std::string text = scenario(static_cast<int>(state.range(0)));
   for (auto _ : state)
      benchmark::DoNotOptimize(sample_scenario_reference(text));
   state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_SampleScenarioReference)->Arg(1)->Arg(64)->Arg(4096)->Unit(benchmark::kMicrosecond);

// The scenario front half alone (JSON, GL front end, state tracker, explain keys): what a device
// run costs before it touches Vulkan.
void BM_ExplainOnDevice(benchmark::State &state) {
   zink_screen *screen = sample_screen();
   if (!screen) {
      state.SkipWithError("no Vulkan device");
      return;
   }
   const std::string text = scenario(1);
   for (auto _ : state)
      benchmark::DoNotOptimize(explain_scenario_on_device(text, *screen));
}
BENCHMARK(BM_ExplainOnDevice)->Unit(benchmark::kMicrosecond);

}  // namespace
