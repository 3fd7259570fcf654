// spirv_lower_raster: the rasterizer emulations a fragment shader takes on SPIR-V (rule Z7: polygon stipple).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace clampler {

struct spirv_raster_fs_options {
   // ZINK_RAST_EMU_POLYGON_STIPPLE: fragments whose pattern bit is 0 are discarded. Bit x of
   // stipple_rows[y] keeps the fragment at framebuffer pixel (x mod 32, y mod 32), rows in the
   // framebuffer's own order (Vulkan's FragCoord: y down); whoever fills them flips GL's
   // bottom-up rows for a y-down framebuffer (Mesa's state tracker does the same for the window).
   bool polygon_stipple = false;
   std::array<uint32_t, 32> stipple_rows{};
};

// Rewrites the fragment shader `module` (its first Fragment entry point) so that it does what
// `options` asks before anything else: a new first block reads FragCoord (declared when the
// shader has none), looks its pixel up in the pattern and kills the invocation when the bit is 0.
// Without a requested emulation `*out` is the input, word for word. Returns false with `*error`
// a sentence (malformed module, no Fragment entry point) and leaves `*out` untouched. The
// output passes spirv_validate when the input did. docs/rasterizer.md, "Emulations".
bool spirv_lower_raster_fs(std::span<const uint32_t> module, const spirv_raster_fs_options &options,
                           std::vector<uint32_t> *out, std::string *error);

}  // namespace clampler
