// clampler_mesa_stipple: the polygon stipple pass and rows Mesa's zink calls (include/clampler/c/clampler_mesa_stipple.h).
#include "clampler/c/clampler_mesa_stipple.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <string>
#include <vector>

#include "clampler/spirv/spirv_lower_raster.h"

namespace {

void set_error(char *error, size_t size, const std::string &text) {
   if (error && size > 0)
      std::snprintf(error, size, "%s", text.c_str());
}

}  // namespace

extern "C" {

int clampler_mesa_stipple_rows(const unsigned pattern[32], uint32_t rows[32]) {
   // Gallium's rows put column 0 in bit 31 (softpipe tests bit31 >> x); the pass's rows put
   // column x in bit x. Both count rows down the framebuffer.
   bool clears = false;
   for (unsigned y = 0; y < 32; ++y) {
      uint32_t row = 0;
      for (unsigned x = 0; x < 32; ++x)
         if (pattern[y] & (0x80000000u >> x))
            row |= 1u << x;
      rows[y] = row;
      clears = clears || row != 0xffffffffu;
   }
   return clears ? 1 : 0;
}

int clampler_mesa_lower_polygon_stipple(const uint32_t *words, size_t num_words, int demote, uint32_t **out,
                                        size_t *out_words, char *error, size_t error_size) {
   if (!out || !out_words) {
      set_error(error, error_size, "no place for the stippled shader");
      return 0;
   }
   try {
      clampler::spirv_raster_fs_options options;
      options.polygon_stipple = true;
      options.stipple_rows.fill(0xffffffffu);  // the defaults: keep everything until specialised
      options.stipple_spec_id = CLAMPLER_MESA_STIPPLE_SPEC_ID;
      options.stipple_demote = demote != 0;
      std::vector<uint32_t> lowered;
      std::string why;
      if (!clampler::spirv_lower_raster_fs(std::span<const uint32_t>(words, words ? num_words : 0), options, &lowered,
                                           &why)) {
         set_error(error, error_size, why);
         return 0;
      }
      auto *copy = static_cast<uint32_t *>(std::malloc(lowered.size() * sizeof(uint32_t)));
      if (!copy) {
         set_error(error, error_size, "out of memory for the stippled shader");
         return 0;
      }
      std::memcpy(copy, lowered.data(), lowered.size() * sizeof(uint32_t));
      *out = copy;
      *out_words = lowered.size();
      return 1;
   } catch (const std::bad_alloc &) {
      set_error(error, error_size, "out of memory lowering the polygon stipple");
      return 0;
   } catch (...) {  // nothing may cross into Mesa's C frames
      set_error(error, error_size, "the polygon stipple lowering failed unexpectedly");
      return 0;
   }
}

}  // extern "C"
