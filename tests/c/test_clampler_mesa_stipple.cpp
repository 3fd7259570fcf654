// clampler_mesa_stipple: Gallium's pattern rows as the pass's specialization constants, and the pass behind the C interface.
#include <gtest/gtest.h>

#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include <cstdlib>
#include <cstring>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "clampler/c/clampler_mesa_stipple.h"
#include "clampler/spirv/spirv_lower_raster.h"
#include "clampler/spirv/spirv_lower_tex.h"  // spirv_validate
#include "spv_c_comp_2d_lod_comp.h"
#include "spv_c_frag_colors_frag.h"
#include "spv_c_frag_early_tests_frag.h"
#include "spv_c_frag_spec_constant_frag.h"

namespace {

template <size_t N>
std::vector<uint32_t> words(const uint32_t (&a)[N]) {
   return std::vector<uint32_t>(std::begin(a), std::end(a));
}

}  // namespace

// Gallium's pipe_poly_stipple keeps column x where bit (31 - x) is set (softpipe tests bit31 >> x),
// rows counted down the framebuffer; the pass keeps column x where bit x is set, rows the same.
TEST(ClamplerMesaStipple, RowsPutGalliumsColumnZeroFromBit31IntoBit0AndKeepTheRowOrder) {
   const struct {
      unsigned row, gallium;
      uint32_t pass;
   } cases[] = {{0, 0x80000000u, 0x00000001u},   // column 0 only
                {5, 0x00000001u, 0x80000000u},   // column 31 only
                {31, 0xc0000003u, 0xc0000003u},  // columns 0, 1, 30, 31: symmetric
                {7, 0xf0000000u, 0x0000000fu},   // columns 0-3
                {12, 0x00000000u, 0x00000000u}};
   for (const auto &c : cases) {
      std::vector<unsigned> pattern(32, 0xffffffffu);
      pattern[c.row] = c.gallium;
      uint32_t rows[32];
      EXPECT_EQ(clampler_mesa_stipple_rows(pattern.data(), rows), 1) << "row " << c.row << " clears a pixel";
      for (unsigned y = 0; y < 32; ++y)
         EXPECT_EQ(rows[y], y == c.row ? c.pass : 0xffffffffu) << "row " << y << " of case " << c.row;
   }
}

TEST(ClamplerMesaStipple, APatternThatKeepsEveryPixelHasNothingToEmulate) {
   const std::vector<unsigned> ones(32, 0xffffffffu);
   uint32_t rows[32] = {};
   EXPECT_EQ(clampler_mesa_stipple_rows(ones.data(), rows), 0);
   for (uint32_t r : rows)
      EXPECT_EQ(r, 0xffffffffu) << "written anyway";
}

// The lowered module is valid, and its 32 specialization constants are the rows at SpecIds
// CLAMPLER_MESA_STIPPLE_SPEC_ID + y, each keeping every pixel (all bits set) until the pipeline
// specialises them; it is the pass's module for those options.
TEST(ClamplerMesaStipple, TheLoweredShaderIsThePassWithRowsFromTheSpecIdsKeepingEverythingByDefault) {
   const std::vector<uint32_t> in = words(spv_c_frag_colors_frag);
   uint32_t *out = nullptr;
   size_t out_words = 0;
   char error[256] = "";
   ASSERT_EQ(clampler_mesa_lower_polygon_stipple(in.data(), in.size(), 0, &out, &out_words, error, sizeof error), 1)
      << error;
   clampler::spirv_raster_fs_options expected;
   expected.polygon_stipple = true;
   expected.stipple_rows.fill(0xffffffffu);
   expected.stipple_spec_id = 1024;
   std::vector<uint32_t> want;
   std::string why;
   ASSERT_TRUE(clampler::spirv_lower_raster_fs(in, expected, &want, &why)) << why;
   const std::vector<uint32_t> got(out, out + out_words);
   std::free(out);
   EXPECT_EQ(got, want);
   EXPECT_TRUE(clampler::spirv_validate(got, &why)) << why;
   std::map<uint32_t, uint32_t> value_of, spec_id_of;  // result id -> default, SpecId
   for (size_t i = 5; i < got.size(); i += got[i] >> 16) {
      const uint32_t op = got[i] & 0xffff;
      if (op == spv::OpSpecConstant)
         value_of[got[i + 2]] = got[i + 3];
      if (op == spv::OpDecorate && got[i + 2] == spv::DecorationSpecId)
         spec_id_of[got[i + 1]] = got[i + 3];
   }
   ASSERT_EQ(spec_id_of.size(), 32u);
   std::set<uint32_t> ids;
   for (const auto &[id, spec] : spec_id_of) {
      EXPECT_EQ(value_of.at(id), 0xffffffffu) << "SpecId " << spec;
      ids.insert(spec);
   }
   EXPECT_EQ(*ids.begin(), 1024u);
   EXPECT_EQ(*ids.rbegin(), 1055u);
   EXPECT_EQ(ids.size(), 32u);
   EXPECT_EQ(CLAMPLER_MESA_STIPPLE_SPEC_ID, 1024u);
}

// Non-zero `demote`: the pass's demoting module (the fragment stays a helper), valid, no OpKill.
TEST(ClamplerMesaStipple, DemoteAsksThePassToDemoteInsteadOfKilling) {
   const std::vector<uint32_t> in = words(spv_c_frag_colors_frag);
   uint32_t *out = nullptr;
   size_t out_words = 0;
   char error[256] = "";
   ASSERT_EQ(clampler_mesa_lower_polygon_stipple(in.data(), in.size(), 1, &out, &out_words, error, sizeof error), 1)
      << error;
   const std::vector<uint32_t> got(out, out + out_words);
   std::free(out);
   clampler::spirv_raster_fs_options expected;
   expected.polygon_stipple = true;
   expected.stipple_rows.fill(0xffffffffu);
   expected.stipple_spec_id = 1024;
   expected.stipple_demote = true;
   std::vector<uint32_t> want;
   std::string why;
   ASSERT_TRUE(clampler::spirv_lower_raster_fs(in, expected, &want, &why)) << why;
   EXPECT_EQ(got, want);
   EXPECT_TRUE(clampler::spirv_validate(got, &why)) << why;
   int kills = 0, demotes = 0;
   for (size_t i = 5; i < got.size(); i += got[i] >> 16) {
      kills += (got[i] & 0xffff) == spv::OpKill;
      demotes += (got[i] & 0xffff) == spv::OpDemoteToHelperInvocation;
   }
   EXPECT_EQ(kills, 0);
   EXPECT_EQ(demotes, 1);
}

TEST(ClamplerMesaStipple, AModuleThePassRefusesIsRefusedWithItsReasonAndOutUntouched) {
   uint32_t *out = nullptr;
   size_t out_words = 0;
   char error[256] = "";
   const struct {
      std::vector<uint32_t> module;
      const char *reason;
   } cases[] = {{words(spv_c_frag_early_tests_frag), "early"},
                {words(spv_c_comp_2d_lod_comp), "no Fragment entry point"},
                {words(spv_c_frag_spec_constant_frag), "SpecId 1030"},
                {{1, 2, 3}, " "}};  // malformed: some sentence
   for (const auto &c : cases) {
      error[0] = '\0';
      EXPECT_EQ(clampler_mesa_lower_polygon_stipple(c.module.data(), c.module.size(), 0, &out, &out_words, error,
                                                    sizeof error),
                0);
      EXPECT_NE(std::string(error).find(c.reason), std::string::npos) << error;
      EXPECT_NE(error[0], '\0');
      EXPECT_EQ(out, nullptr);
      EXPECT_EQ(out_words, 0u);
   }
}

TEST(ClamplerMesaStipple, AnErrorIsCutToTheBufferAndEndsInANul) {
   const std::vector<uint32_t> in = words(spv_c_frag_early_tests_frag);
   uint32_t *out = nullptr;
   size_t out_words = 0;
   char error[8];
   std::memset(error, 'x', sizeof error);
   EXPECT_EQ(clampler_mesa_lower_polygon_stipple(in.data(), in.size(), 0, &out, &out_words, error, 5), 0);
   EXPECT_EQ(std::strlen(error), 4u);
   EXPECT_EQ(error[5], 'x') << "nothing written past the size given";
   EXPECT_EQ(clampler_mesa_lower_polygon_stipple(in.data(), in.size(), 0, &out, &out_words, nullptr, 0), 0)
      << "no error buffer is fine";
   EXPECT_EQ(clampler_mesa_lower_polygon_stipple(nullptr, 0, 0, &out, &out_words, error, sizeof error), 0)
      << "no module: refused";
   EXPECT_EQ(out, nullptr);
   const std::vector<uint32_t> good = words(spv_c_frag_colors_frag);
   char whole[128] = "";
   EXPECT_EQ(clampler_mesa_lower_polygon_stipple(good.data(), good.size(), 0, nullptr, &out_words, whole, sizeof whole), 0);
   EXPECT_NE(std::string(whole).find("no place"), std::string::npos) << whole;
   EXPECT_EQ(clampler_mesa_lower_polygon_stipple(good.data(), good.size(), 0, &out, nullptr, whole, sizeof whole), 0);
   EXPECT_EQ(out, nullptr);
}
