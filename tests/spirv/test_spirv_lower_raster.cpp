// spirv_lower_raster_fs: the polygon stipple's first block on real fragment shaders — valid output, one FragCoord, refusals.
#include <gtest/gtest.h>

#include <iterator>
#include <map>
#include <set>
#include <string>
#include <vector>

#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include "clampler/spirv/spirv_lower_raster.h"
#include "clampler/spirv/spirv_lower_tex.h"
#include "spv_comp_2d_lod_comp.h"
#include "spv_frag_2d_implicit_frag.h"
#include "spv_frag_color_centroid_interp_frag.h"
#include "spv_frag_color_helper_frag.h"
#include "spv_frag_color_array_frag.h"
#include "spv_frag_colors_frag.h"
#include "spv_frag_sprite_frag.h"
#include "spv_frag_tc_array_frag.h"
#include "spv_frag_tc_double_frag.h"
#include "spv_frag_tc_split_frag.h"
#include "spv_frag_control_flow_frag.h"
#include "spv_frag_early_tests_frag.h"
#include "spv_frag_frag_coord_frag.h"
#include "spv_frag_function_frag.h"
#include "spv_frag_spec_constant_frag.h"

using namespace clampler;

namespace {

template <size_t N>
std::vector<uint32_t> words(const uint32_t (&a)[N]) {
   return std::vector<uint32_t>(std::begin(a), std::end(a));
}

// Real fragment shaders of every shape the stipples meet: plain, branching, calling a function,
// and reading gl_FragCoord itself.
struct named_shader {
   const char *name;
   std::vector<uint32_t> module;
};
std::vector<named_shader> stipple_shaders() {
   return {{"frag_2d_implicit", words(spv_frag_2d_implicit_frag)},
           {"frag_control_flow", words(spv_frag_control_flow_frag)},
           {"frag_function", words(spv_frag_function_frag)},
           {"frag_frag_coord (reads gl_FragCoord itself)", words(spv_frag_frag_coord_frag)}};
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
   const std::vector<named_shader> shaders = stipple_shaders();
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

// Mesa's zink keys one shader variant for every pattern: the rows are specialization constants
// the pipeline sets, SpecIds base + y, defaults the rows given.
TEST(SpirvLowerRaster, StippleRowsAsSpecializationConstantsTakeSpecIdsFromTheBaseWithTheRowsAsDefaults) {
   spirv_raster_fs_options o = stipple();
   o.stipple_spec_id = 1024;
   for (unsigned y = 0; y < 32; ++y)
      o.stipple_rows[y] = 0x9e3779b9u * (y + 1);  // 32 different rows: a SpecId off by any shift shows
   for (const auto &module : {words(spv_frag_2d_implicit_frag), words(spv_frag_control_flow_frag),
                              words(spv_frag_function_frag), words(spv_frag_frag_coord_frag)}) {
      std::vector<uint32_t> out;
      std::string error;
      ASSERT_TRUE(spirv_lower_raster_fs(module, o, &out, &error)) << error;
      EXPECT_TRUE(spirv_validate(out, &error)) << error;
      std::map<uint32_t, uint32_t> value_of, spec_id_of;  // result id -> default, SpecId
      int composites = 0;
      for (size_t i = 5; i < out.size(); i += out[i] >> 16) {
         const uint32_t op = out[i] & 0xffff;
         if (op == spv::OpSpecConstant)
            value_of[out[i + 2]] = out[i + 3];
         if (op == spv::OpDecorate && out[i + 2] == spv::DecorationSpecId)
            spec_id_of[out[i + 1]] = out[i + 3];
         composites += op == spv::OpSpecConstantComposite;
      }
      ASSERT_EQ(value_of.size(), 32u);
      ASSERT_EQ(spec_id_of.size(), 32u);
      std::set<uint32_t> ids;
      for (const auto &[id, spec] : spec_id_of) {
         ASSERT_TRUE(value_of.count(id)) << "SpecId " << spec << " decorates a specialization constant";
         ASSERT_GE(spec, 1024u);
         ASSERT_LE(spec, 1055u);
         EXPECT_EQ(value_of[id], o.stipple_rows[spec - 1024]) << "row " << spec - 1024;
         ids.insert(spec);
      }
      EXPECT_EQ(ids.size(), 32u) << "each SpecId once";
      EXPECT_EQ(composites, 1);
      int frag_coords = 0, kills = 0;
      count(out, &frag_coords, &kills);
      EXPECT_EQ(kills, 1);
   }
}

// A demoted fragment stays a helper (its quad keeps derivatives); SPIR-V < 1.6 needs the
// extension, and the capability and extension are declared once even when the shader has them.
TEST(SpirvLowerRaster, StippleByDemoteEndsNoInvocationAndDeclaresItsCapabilityAndExtensionOnce) {
   spirv_raster_fs_options o = stipple();
   o.stipple_demote = true;
   auto census = [](const std::vector<uint32_t> &m, int *kills, int *demotes, int *caps, int *exts) {
      *kills = *demotes = *caps = *exts = 0;
      for (size_t i = 5; i < m.size(); i += m[i] >> 16) {
         const uint32_t op = m[i] & 0xffff;
         *kills += op == spv::OpKill;
         *demotes += op == spv::OpDemoteToHelperInvocation;
         *caps += op == spv::OpCapability && m[i + 1] == spv::CapabilityDemoteToHelperInvocation;
         *exts += op == spv::OpExtension &&
                  std::string(reinterpret_cast<const char *>(&m[i + 1])) == "SPV_EXT_demote_to_helper_invocation";
      }
   };
   for (const auto &module : {words(spv_frag_2d_implicit_frag), words(spv_frag_control_flow_frag),
                              words(spv_frag_function_frag), words(spv_frag_frag_coord_frag)}) {
      std::vector<uint32_t> out, twice;
      std::string error;
      ASSERT_TRUE(spirv_lower_raster_fs(module, o, &out, &error)) << error;
      EXPECT_TRUE(spirv_validate(out, &error)) << error;
      int kills = 0, demotes = 0, caps = 0, exts = 0, kills_before = 0, unused = 0;
      census(module, &kills_before, &unused, &unused, &unused);
      census(out, &kills, &demotes, &caps, &exts);
      EXPECT_EQ(kills, kills_before) << "the stipple adds no OpKill";
      EXPECT_EQ(demotes, 1);
      EXPECT_EQ(caps, 1);
      EXPECT_EQ(exts, 1) << "SPIR-V " << std::hex << module[1] << " needs the extension";
      ASSERT_TRUE(spirv_lower_raster_fs(out, o, &twice, &error)) << error;
      EXPECT_TRUE(spirv_validate(twice, &error)) << error;
      census(twice, &kills, &demotes, &caps, &exts);
      EXPECT_EQ(demotes, 2) << "lowered twice: two stipple blocks";
      EXPECT_EQ(caps, 1) << "the capability the module has is not declared again";
      EXPECT_EQ(exts, 1) << "nor the extension";
   }
}

TEST(SpirvLowerRaster, StippleSpecIdsTheShaderTakesOrPastTheLastAreRefusedWithASentence) {
   spirv_raster_fs_options o = stipple();
   std::vector<uint32_t> out;
   std::string error;
   // The shader's SpecId 1030 is the first, a middle and the last of the 32 the rows need from
   // 1030, 1024 and 999; from 1031 and 998 it is not among them.
   for (uint32_t base : {1030u, 1024u, 999u}) {
      o.stipple_spec_id = base;
      EXPECT_FALSE(spirv_lower_raster_fs(words(spv_frag_spec_constant_frag), o, &out, &error)) << base;
      EXPECT_NE(error.find("SpecId 1030"), std::string::npos) << error;
   }
   for (uint32_t base : {1031u, 998u}) {
      o.stipple_spec_id = base;
      EXPECT_TRUE(spirv_lower_raster_fs(words(spv_frag_spec_constant_frag), o, &out, &error)) << base << ": " << error;
      EXPECT_TRUE(spirv_validate(out, &error)) << error;
   }
   o.stipple_spec_id = 0xffffffe0u;  // + 31 is the largest SpecId: fits
   EXPECT_TRUE(spirv_lower_raster_fs(words(spv_frag_2d_implicit_frag), o, &out, &error)) << error;
   o.stipple_spec_id = 0xffffffe1u;
   EXPECT_FALSE(spirv_lower_raster_fs(words(spv_frag_2d_implicit_frag), o, &out, &error));
   EXPECT_NE(error.find("32 are needed"), std::string::npos) << error;
}

namespace {

spirv_raster_fs_options two_side(std::vector<spirv_raster_fs_options::two_side_color> pairs) {
   spirv_raster_fs_options o;
   o.two_side_colors = std::move(pairs);
   return o;
}

// What the lowered module says about its inputs: Input variables by location, their decorations,
// the FrontFacing variables, and where each variable is loaded or chained from.
struct module_facts {
   std::map<uint32_t, uint32_t> input_at;        // location -> variable
   std::map<uint32_t, std::set<uint32_t>> decorated;  // variable -> decorations
   int front_facings = 0, point_coords = 0, selects = 0;
   std::map<uint32_t, int> reads;                 // variable -> loads and access chains of it
   std::set<uint32_t> interface;
};

module_facts facts(const std::vector<uint32_t> &m) {
   module_facts f;
   std::set<uint32_t> inputs;
   for (size_t i = 5; i < m.size(); i += m[i] >> 16) {
      const uint32_t n = m[i] >> 16, op = m[i] & 0xffff;
      if (op == spv::OpVariable && m[i + 3] == spv::StorageClassInput)
         inputs.insert(m[i + 2]);
      if (op == spv::OpDecorate) {
         f.decorated[m[i + 1]].insert(m[i + 2]);
         if (m[i + 2] == spv::DecorationBuiltIn && m[i + 3] == spv::BuiltInFrontFacing)
            ++f.front_facings;
         if (m[i + 2] == spv::DecorationBuiltIn && m[i + 3] == spv::BuiltInPointCoord)
            ++f.point_coords;
      }
      if (op == spv::OpEntryPoint)
         for (size_t k = i + 3; k < i + n; ++k)
            f.interface.insert(m[k]);
      f.selects += op == spv::OpSelect;
      if (op == spv::OpLoad || op == spv::OpAccessChain)
         ++f.reads[m[i + 3]];
   }
   for (size_t i = 5; i < m.size(); i += m[i] >> 16)
      if ((m[i] & 0xffff) == spv::OpDecorate && m[i + 2] == spv::DecorationLocation && inputs.count(m[i + 1]))
         f.input_at[m[i + 3]] = m[i + 1];
   return f;
}

}  // namespace

// Rule Z8: each front colour the shader reads gets a back twin, and every read of the front input
// becomes a read of the one selected by FrontFacing, once, in the new first block.
TEST(SpirvLowerRaster, TwoSidedColourReadsEveryFrontColourThroughOneSelectionByFacing) {
   std::vector<uint32_t> out;
   std::string error;
   ASSERT_TRUE(spirv_lower_raster_fs(words(spv_frag_colors_frag), two_side({{0, 1}, {2, 3}}), &out, &error)) << error;
   EXPECT_TRUE(spirv_validate(out, &error)) << error;
   module_facts before = facts(words(spv_frag_colors_frag)), after = facts(out);
   ASSERT_EQ(after.input_at.size(), 4u) << "v_color, v_ids and their back twins at 1 and 3";
   for (uint32_t front : {0u, 2u}) {
      const uint32_t f = after.input_at.at(front), b = after.input_at.at(front + 1);
      EXPECT_EQ(after.reads[f], 1) << "location " << front << ": read once, by the selection";
      EXPECT_EQ(after.reads[b], 1) << "location " << front + 1;
      EXPECT_TRUE(after.interface.count(b)) << "the back input is in the entry point's interface";
   }
   EXPECT_EQ(before.reads.at(before.input_at.at(0)), 2) << "the shader itself reads v_color whole and by a chain";
   EXPECT_TRUE(after.decorated[after.input_at.at(3)].count(spv::DecorationFlat)) << "the back twin of a flat input is flat";
   EXPECT_FALSE(after.decorated[after.input_at.at(1)].count(spv::DecorationFlat));
   EXPECT_EQ(after.front_facings, 1) << "the shader's own gl_FrontFacing is reused";
   EXPECT_EQ(after.selects, before.selects + 2);
}

TEST(SpirvLowerRaster, TwoSidedColourAndThePolygonStippleShareTheFirstBlock) {
   spirv_raster_fs_options o = stipple();
   o.two_side_colors = {{0, 1}};
   for (const auto &module : {words(spv_frag_colors_frag), words(spv_frag_2d_implicit_frag)}) {
      std::vector<uint32_t> out;
      std::string error;
      ASSERT_TRUE(spirv_lower_raster_fs(module, o, &out, &error)) << error;
      EXPECT_TRUE(spirv_validate(out, &error)) << error;
      int frag_coords = 0, kills = 0;
      count(out, &frag_coords, &kills);
      EXPECT_EQ(frag_coords, 1);
      EXPECT_EQ(kills, 1);
   }
}

TEST(SpirvLowerRaster, TwoSidedColourDeclaresFrontFacingWhenTheShaderHasNone) {
   std::vector<uint32_t> out;
   std::string error;
   ASSERT_TRUE(spirv_lower_raster_fs(words(spv_frag_color_helper_frag), two_side({{7, 8}}), &out, &error)) << error;
   EXPECT_EQ(out, words(spv_frag_color_helper_frag)) << "no input at location 7: nothing to select, word for word";
   ASSERT_TRUE(spirv_lower_raster_fs(words(spv_frag_colors_frag), two_side({{2, 5}}), &out, &error)) << error;
   EXPECT_TRUE(spirv_validate(out, &error)) << error;
   EXPECT_EQ(facts(out).front_facings, 1);
   // A shader without gl_FrontFacing of its own (its vec2 input at location 0 taken as the colour).
   const std::vector<uint32_t> plain = words(spv_frag_2d_implicit_frag);
   ASSERT_EQ(facts(plain).front_facings, 0);
   ASSERT_TRUE(spirv_lower_raster_fs(plain, two_side({{0, 1}}), &out, &error)) << error;
   EXPECT_TRUE(spirv_validate(out, &error)) << error;
   module_facts f = facts(out);
   EXPECT_EQ(f.front_facings, 1) << "declared";
   EXPECT_EQ(f.input_at.size(), 2u);
   for (const auto &[var, decorations] : f.decorated)
      if (decorations.count(spv::DecorationBuiltIn)) {
         EXPECT_TRUE(f.interface.count(var)) << "and listed in the interface";
      }
}

TEST(SpirvLowerRaster, TwoSidedColourRefusesReadsItCannotRedirectWithASentence) {
   const struct {
      const char *name;
      std::vector<uint32_t> module;
      spirv_raster_fs_options options;
      const char *says;
   } cases[] = {
      {"read in a helper function", words(spv_frag_color_helper_frag), two_side({{0, 1}}), "outside the entry point"},
      {"interpolateAtCentroid", words(spv_frag_color_centroid_interp_frag), two_side({{0, 1}}), "OpExtInst"},
      {"the back location taken", words(spv_frag_colors_frag), two_side({{0, 2}}), "already has an input at location 2"},
      {"two pairs sharing a back location", words(spv_frag_colors_frag), two_side({{0, 1}, {2, 1}}),
       "already has an input at location 1"},
      {"the back location inside an input array", words(spv_frag_color_array_frag), two_side({{0, 3}}),
       "already has an input at location 3"},
   };
   std::vector<uint32_t> beside;
   std::string beside_error;
   ASSERT_TRUE(spirv_lower_raster_fs(words(spv_frag_color_array_frag), two_side({{0, 1}}), &beside, &beside_error))
      << "location 1 is free beside the array: " << beside_error;
   EXPECT_TRUE(spirv_validate(beside, &beside_error)) << beside_error;
   for (const auto &c : cases) {
      std::vector<uint32_t> out = {7};
      std::string error;
      EXPECT_FALSE(spirv_lower_raster_fs(c.module, c.options, &out, &error)) << c.name;
      EXPECT_NE(error.find(c.says), std::string::npos) << c.name << ": " << error;
      EXPECT_EQ(out, std::vector<uint32_t>{7}) << c.name << ": left untouched";
   }
}

// Rule Z9: a replaced texture coordinate reads as the sprite's (s, t, 0, 1) and a lower-left origin
// flips t, for the shader's own gl_PointCoord too: after lowering, the coordinate input is read
// nowhere and PointCoord once, by the new first block.
TEST(SpirvLowerRaster, SpriteCoordinatesReplaceTheTextureCoordinateAndFlipPointCoord) {
   const std::vector<uint32_t> in = words(spv_frag_sprite_frag);
   module_facts before = facts(in);
   ASSERT_EQ(before.point_coords, 1);
   const uint32_t tc = before.input_at.at(2);
   uint32_t pc = 0;  // the shader's gl_PointCoord (ids survive the lowering)
   for (const auto &[var, decorations] : before.decorated)
      if (decorations.count(spv::DecorationBuiltIn))
         pc = var;
   ASSERT_NE(pc, 0u);
   EXPECT_EQ(before.reads[tc], 2) << "the shader reads v_tc by two access chains";
   EXPECT_EQ(before.reads[pc], 1);
   for (bool lower_left : {false, true})
      for (bool replace : {false, true}) {
         spirv_raster_fs_options o;
         o.point_coord_lower_left = lower_left;
         if (replace)
            o.sprite_coord_locations = {2, 9};  // 9: no such input, nothing to replace
         std::vector<uint32_t> out;
         std::string error;
         ASSERT_TRUE(spirv_lower_raster_fs(in, o, &out, &error)) << error;
         if (!lower_left && !replace) {
            EXPECT_EQ(out, in);
            continue;
         }
         EXPECT_TRUE(spirv_validate(out, &error)) << error;
         module_facts after = facts(out);
         EXPECT_EQ(after.point_coords, 1) << "the shader's own PointCoord is reused";
         EXPECT_EQ(after.reads[tc], replace ? 0 : 2) << "replaced: v_tc is never read";
         // Flipped: the shader's own reads go to the first block's value, which reads PointCoord
         // once; not flipped, the shader still reads it, and the replacement once more.
         EXPECT_EQ(after.reads[pc], lower_left ? 1 : 2) << "lower_left " << lower_left;
      }
   // A shader without gl_PointCoord gets one declared.
   spirv_raster_fs_options o;
   o.sprite_coord_locations = {0};
   std::vector<uint32_t> out;
   std::string error;
   ASSERT_TRUE(spirv_lower_raster_fs(words(spv_frag_2d_implicit_frag), o, &out, &error)) << error;
   EXPECT_TRUE(spirv_validate(out, &error)) << error;
   EXPECT_EQ(facts(out).point_coords, 1);
}

TEST(SpirvLowerRaster, SpriteCoordinatesRefuseWhatTheyCannotReplaceWithASentence) {
   spirv_raster_fs_options ints;
   ints.sprite_coord_locations = {2};  // frag_colors: a flat ivec2
   std::vector<uint32_t> out = {7};
   std::string error;
   EXPECT_FALSE(spirv_lower_raster_fs(words(spv_frag_colors_frag), ints, &out, &error));
   EXPECT_NE(error.find("not a scalar or vector of floats"), std::string::npos) << error;
   const struct {
      const char *name;
      std::vector<uint32_t> module;
      const char *says;
   } refused[] = {
      {"a 64-bit coordinate", words(spv_frag_tc_double_frag), "64-bit components"},
      {"an array spanning the location", words(spv_frag_tc_array_frag), "spans location 2"},
      {"a location split by Component", words(spv_frag_tc_split_frag), "split by Component"},
   };
   for (const auto &c : refused) {
      EXPECT_FALSE(spirv_lower_raster_fs(c.module, ints, &out, &error)) << c.name;
      EXPECT_NE(error.find(c.says), std::string::npos) << c.name << ": " << error;
   }
   spirv_raster_fs_options both;
   both.two_side_colors = {{0, 1}};
   both.sprite_coord_locations = {0};
   EXPECT_FALSE(spirv_lower_raster_fs(words(spv_frag_colors_frag), both, &out, &error));
   EXPECT_NE(error.find("both a two-sided colour and a replaced sprite coordinate"), std::string::npos) << error;
   EXPECT_EQ(out, std::vector<uint32_t>{7});
}

namespace {

spirv_raster_fs_options line_stipple(uint32_t location = 5) {
   spirv_raster_fs_options o;
   o.line_stipple = true;
   o.line_stipple_location = location;
   o.line_stipple_factor = 3;
   o.line_stipple_pattern = 0x0e3c;
   return o;
}

// The Location and Flat decorations of the Input variables a module's entry point lists, by location.
std::map<uint32_t, bool> flat_inputs_by_location(const std::vector<uint32_t> &m) {
   std::map<uint32_t, uint32_t> location;
   std::set<uint32_t> flat;
   for (size_t i = 5; i < m.size();) {
      const uint32_t n = m[i] >> 16, op = m[i] & 0xffff;
      if (op == spv::OpDecorate && n >= 4 && m[i + 2] == spv::DecorationLocation)
         location[m[i + 1]] = m[i + 3];
      if (op == spv::OpDecorate && n >= 3 && m[i + 2] == spv::DecorationFlat)
         flat.insert(m[i + 1]);
      i += n ? n : 1;
   }
   std::map<uint32_t, bool> out;
   for (const auto &[id, loc] : location)
      out[loc] = flat.count(id) != 0;
   return out;
}

}  // namespace

// Rule Z5's stipple in the shader: one FragCoord, one kill, a flat segment input at the location
// asked for, on every shape of shader; with the polygon stipple too, still one of each.
TEST(SpirvLowerRaster, LineStippleAddsAFlatSegmentInputAndOneKill) {
   const std::vector<named_shader> shaders = stipple_shaders();
   for (const auto &s : shaders)
      for (bool both : {false, true}) {
         spirv_raster_fs_options o = line_stipple(7);
         if (both) {
            o.polygon_stipple = true;
            o.stipple_rows = stipple().stipple_rows;
         }
         std::vector<uint32_t> out;
         std::string error;
         ASSERT_TRUE(spirv_lower_raster_fs(s.module, o, &out, &error)) << s.name << ": " << error;
         EXPECT_TRUE(spirv_validate(out, &error)) << s.name << ": " << error;
         int frag_coords = 0, kills = 0;
         count(out, &frag_coords, &kills);
         EXPECT_EQ(frag_coords, 1) << s.name;
         EXPECT_EQ(kills, 1) << s.name;
         const auto inputs = flat_inputs_by_location(out);
         ASSERT_TRUE(inputs.count(7)) << s.name << ": no input at location 7";
         EXPECT_TRUE(inputs.at(7)) << s.name << ": the segment input is not flat";
      }
}

TEST(SpirvLowerRaster, LineStippleRefusesATakenLocationABadFactorAndEarlyTestsWithASentence) {
   std::vector<uint32_t> out = {7};
   std::string error;
   // frag_colors reads inputs at locations 0 and 2.
   EXPECT_FALSE(spirv_lower_raster_fs(words(spv_frag_colors_frag), line_stipple(2), &out, &error));
   EXPECT_NE(error.find("already has an input at location 2"), std::string::npos) << error;
   EXPECT_EQ(out, std::vector<uint32_t>{7}) << "left untouched";
   EXPECT_TRUE(spirv_lower_raster_fs(words(spv_frag_colors_frag), line_stipple(3), &out, &error)) << error;
   for (uint32_t factor : {0u, 257u}) {
      spirv_raster_fs_options o = line_stipple();
      o.line_stipple_factor = factor;
      EXPECT_FALSE(spirv_lower_raster_fs(words(spv_frag_control_flow_frag), o, &out, &error));
      EXPECT_NE(error.find("factor is " + std::to_string(factor)), std::string::npos) << error;
   }
   EXPECT_FALSE(spirv_lower_raster_fs(words(spv_frag_early_tests_frag), line_stipple(), &out, &error));
   EXPECT_NE(error.find("the line stipple removes"), std::string::npos) << error;
}
