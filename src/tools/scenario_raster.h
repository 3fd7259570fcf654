// Rasterizer scenarios: the "rasterizer" key's GL calls and framebuffer, and the rasterizer state as explain prints it.
#pragma once

#include "clampler/pipe/p_state.h"
#include "clampler/st/st_rasterizer.h"
#include "scenario.h"

namespace clampler {

// Makes the calls of doc["rasterizer"] on sc.ctx in order (GL errors into sc.gl_errors) and reads
// its framebuffer into sc.framebuffer; malformed input throws scenario_error naming the key.
void apply_rasterizer(scenario &sc, const ojson &rasterizer);

ojson rasterizer_json(const pipe_rasterizer_state &r);
ojson raster_key_json(const st_raster_key &k);

}  // namespace clampler
