// spirv_lower_raster_fs: the polygon stipple's first block on real fragment shaders — valid output, one FragCoord, refusals.
#include <gtest/gtest.h>

#include <iterator>
#include <string>
#include <vector>

#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include "clampler/spirv/spirv_lower_raster.h"
#include "clampler/spirv/spirv_lower_tex.h"
#include "spv_comp_2d_lod_comp.h"
#include "spv_frag_2d_implicit_frag.h"
#include "spv_frag_control_flow_frag.h"
#include "spv_frag_early_tests_frag.h"
#include "spv_frag_frag_coord_frag.h"
#include "spv_frag_function_frag.h"

using namespace clampler;

namespace {

template <size_t N>
std::vector<uint32_t> words(const uint32_t (&a)[N]) {
   return std::vector<uint32_t>(std::begin(a), std::end(a));
}

spirv_raster_fs_options stipple() {
   spirv_raster_fs_options o;
   o.polygon_stipple = true;
   for (unsigned y = 0; y < 32; ++y)
      o.stipple_rows[y] = 0x0f0f0f0fu << (y % 4);
   return o;
}

// Counts OpDecorate ... BuiltIn FragCoord and OpKill in a module.
void count(const std::vector<uint32_t> &m, int *frag_coords, int *kills) {
   *frag_coords = *kills = 0;
   for (size_t i = 5; i < m.size();) {
      const uint32_t n = m[i] >> 16, op = m[i] & 0xffff;
      if (op == spv::OpDecorate && n >= 4 && m[i + 2] == spv::DecorationBuiltIn && m[i + 3] == spv::BuiltInFragCoord)
         ++*frag_coords;
      *kills += op == spv::OpKill;
      i += n ? n : 1;
   }
}

}  // namespace

TEST(SpirvLowerRaster, EveryFragmentShaderStaysValidWithOneFragCoordAndOneKill) {
   const struct {
      const char *name;
      std::vector<uint32_t> module;
   } shaders[] = {{"frag_2d_implicit", words(spv_frag_2d_implicit_frag)},
                  {"frag_control_flow", words(spv_frag_control_flow_frag)},
                  {"frag_function", words(spv_frag_function_frag)},
                  {"frag_frag_coord (reads gl_FragCoord itself)", words(spv_frag_frag_coord_frag)}};
   for (const auto &s : shaders) {
      std::vector<uint32_t> out;
      std::string error;
      ASSERT_TRUE(spirv_lower_raster_fs(s.module, stipple(), &out, &error)) << s.name << ": " << error;
      EXPECT_TRUE(spirv_validate(out, &error)) << s.name << ": " << error;
      int frag_coords = 0, kills = 0;
      count(out, &frag_coords, &kills);
      EXPECT_EQ(frag_coords, 1) << s.name;
      EXPECT_EQ(kills, 1) << s.name;
   }
}

TEST(SpirvLowerRaster, WithoutAnEmulationTheModuleIsUnchangedWordForWord) {
   const std::vector<uint32_t> in = words(spv_frag_control_flow_frag);
   std::vector<uint32_t> out;
   std::string error;
   ASSERT_TRUE(spirv_lower_raster_fs(in, spirv_raster_fs_options{}, &out, &error)) << error;
   EXPECT_EQ(out, in);
}

TEST(SpirvLowerRaster, AModuleWithoutAFragmentEntryPointIsRefusedWithASentence) {
   std::vector<uint32_t> out = {7};
   std::string error;
   EXPECT_FALSE(spirv_lower_raster_fs(words(spv_comp_2d_lod_comp), stipple(), &out, &error));
   EXPECT_NE(error.find("no Fragment entry point"), std::string::npos) << error;
   EXPECT_EQ(out, std::vector<uint32_t>{7}) << "left untouched";
   EXPECT_FALSE(spirv_lower_raster_fs(std::vector<uint32_t>{1, 2, 3}, stipple(), &out, &error));
   EXPECT_FALSE(error.empty());
}

// GL stipples before the fragment tests: a shader whose tests run early would write depth and
// stencil for fragments the stipple removes.
TEST(SpirvLowerRaster, AShaderWithEarlyFragmentTestsIsRefusedWithASentence) {
   std::vector<uint32_t> out;
   std::string error;
   EXPECT_FALSE(spirv_lower_raster_fs(words(spv_frag_early_tests_frag), stipple(), &out, &error));
   EXPECT_NE(error.find("early"), std::string::npos) << error;
   EXPECT_TRUE(spirv_lower_raster_fs(words(spv_frag_early_tests_frag), spirv_raster_fs_options{}, &out, &error))
      << "without the stipple nothing is refused";
}
