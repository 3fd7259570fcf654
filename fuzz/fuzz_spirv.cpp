// fuzz_spirv: libFuzzer target — the SPIR-V lowering passes (sampling keys, the polygon stipple) on any module under any key.
//
// Input: a 32-byte header that sets the options (fuzz/README.md), then the module's words
// (little-endian; a trailing partial word is dropped). The pass must lower or refuse with a
// sentence; a module the validator accepts must stay valid after lowering (the pass's contract).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "clampler/spirv/spirv_lower_raster.h"
#include "clampler/spirv/spirv_lower_tex.h"

namespace {

constexpr size_t kHeader = 32;
constexpr unsigned kUnits = 8;  // sampler indices the header can lower

clampler::spirv_lower_tex_options options_from(const uint8_t *h) {
   using namespace clampler;
   spirv_lower_tex_options o;
   for (unsigned c = 0; c < 3; ++c) {
      o.key.saturate[c] = h[c];
      o.key.abs[c] = h[3 + c];
   }
   o.key.nearest_edge_magnified = h[6];
   o.key.nearest_edge_minified = h[7] & ~h[6];  // one side per sampler, as the state tracker keys it
   o.key.shadow_mask = h[8];
   for (unsigned i = 0; i < kUnits; ++i) {
      if (!(h[8] >> i & 1u))
         continue;  // zero where not in the mask, as st_shader_key keeps it
      for (unsigned c = 0; c < 4; ++c) {
         const unsigned v = (h[9 + i] >> (2 * c)) & 3u;  // X..W
         const bool constant = h[17 + i % 4] >> (c + 4 * (i / 4)) & 1u;
         o.key.shadow_swizzle[i][c] =
            static_cast<pipe_swizzle>(constant ? (v & 1u ? PIPE_SWIZZLE_1 : PIPE_SWIZZLE_0) : v);
      }
   }
   for (unsigned i = 0; i < kUnits; ++i) {
      const int8_t bias = static_cast<int8_t>(h[21 + i % 4]);
      o.lod[i].lod_bias = bias / 16.0f;
      o.lod[i].min_lod = static_cast<float>(h[25] & 15) / 4.0f;
      o.lod[i].max_lod = static_cast<float>(h[26]) / 8.0f;
   }
   o.unnormalized = h[27];
   // Rule 4's shader filter: one set of GL filters and LOD values for every index in the mask.
   st_shader_filter f;
   f.min_img_filter = h[29] & 1u ? PIPE_TEX_FILTER_LINEAR : PIPE_TEX_FILTER_NEAREST;
   f.mag_img_filter = h[29] & 2u ? PIPE_TEX_FILTER_LINEAR : PIPE_TEX_FILTER_NEAREST;
   f.min_mip_filter = static_cast<pipe_tex_mipfilter>((h[29] >> 2 & 3u) % 3u);
   f.reduction = static_cast<pipe_tex_reduction_mode>((h[29] >> 4 & 3u) % 3u);
   f.lod_bias = static_cast<int8_t>(h[30]) / 16.0f;
   f.min_lod = static_cast<float>(h[25] >> 4) / 4.0f;
   f.max_lod = f.min_lod + static_cast<float>(h[31]) / 8.0f;
   // Rule 10's min/mag switch on the other indices, when bit 6 of byte 29 says so.
   if (h[29] & 0x40u)
      o.key.min_mag_switch = static_cast<uint8_t>(~h[28]);
   for (unsigned i = 0; i < kUnits; ++i)
      if (h[28] >> i & 1u) {
         o.key.shader_filter_mask |= 1u << i;
         o.key.shader_filter[i] = f;
      }
   return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
   if (size < kHeader + 4)
      return 0;
   const clampler::spirv_lower_tex_options options = options_from(data);
   std::vector<uint32_t> words((size - kHeader) / 4);
   std::memcpy(words.data(), data + kHeader, words.size() * 4);
   std::vector<uint32_t> out;
   std::string error;
   clampler::spirv_lower_tex_stats stats;
   const bool lowered = clampler::spirv_lower_tex(words, options, &out, &error, &stats);
   if (!lowered) {
      if (error.empty())
         std::abort();  // a refusal must say why
      return 0;
   }
   if (stats.lookups_lowered > stats.lookups_seen)
      std::abort();
   // The contract: valid in, valid out. (Validated only when something was lowered — a lookup
   // or an OpImageQueryLod answered from the key: an untouched module is the input word for word.)
   if (stats.lookups_lowered > 0 || stats.queries_lowered > 0) {
      std::string in_error, out_error;
      if (clampler::spirv_validate(words, &in_error) && !clampler::spirv_validate(out, &out_error)) {
         std::fprintf(stderr, "lowered module no longer validates: %s\n", out_error.c_str());
         std::abort();
      }
   } else if (out != words) {
      std::abort();
   }
   // The same module through the polygon stipple (rule Z7), the header's bytes as the pattern,
   // two-sided colour (rule Z8) for the locations two header bytes name, when a third says so, and
   // the sprite coordinates likewise, the stipple rows as constants or specialization constants:
   // a refusal says why, a valid fragment shader stays valid.
   clampler::spirv_raster_fs_options raster;
   raster.polygon_stipple = (data[8] & 1) != 0 || (data[9] & 1) == 0;
   for (unsigned y = 0; y < 32; ++y)
      raster.stipple_rows[y] = 0x01010101u * data[y];
   if (data[9] & 1)
      raster.two_side_colors = {{static_cast<uint32_t>(data[10] % 8), static_cast<uint32_t>(data[11] % 8)}};
   if (data[12] & 1)  // and point sprites (rule Z9)
      raster.sprite_coord_locations = {static_cast<uint32_t>(data[13] % 8)};
   raster.point_coord_lower_left = (data[12] & 2) != 0;
   if (data[12] & 4)  // the rows as specialization constants (Mesa's zink), from a SpecId near the top
      raster.stipple_spec_id = data[14] & 1 ? 1024u : 0xffffffffu - data[15];
   raster.stipple_demote = (data[12] & 8) != 0;  // and discarding by demotion
   std::vector<uint32_t> stippled;
   error.clear();
   if (!clampler::spirv_lower_raster_fs(words, raster, &stippled, &error)) {
      if (error.empty())
         std::abort();
      return 0;
   }
   std::string in_error, out_error;
   if (clampler::spirv_validate(words, &in_error) && !clampler::spirv_validate(stippled, &out_error)) {
      std::fprintf(stderr, "the module lowered for the stipple, two-sided colour or sprites no longer validates: %s\n", out_error.c_str());
      std::abort();
   }
   return 0;
}
