// The lowering pass on hand-written shaders: valid output for every key, untouched lookups stay, each key bit's rewrite.
#include <algorithm>
#include <cmath>

#include "spirv_test_util.h"
#include "spv_frag_cube_int_frag.h"

namespace clampler {
namespace {

using namespace spirv_test;

// Keys that lower every sampler index a shader uses, one rule at a time and all together.
std::vector<std::pair<std::string, st_shader_key>> lowering_keys() {
   std::vector<std::pair<std::string, st_shader_key>> keys;
   auto all = [](auto f) {
      st_shader_key k;
      for (unsigned i = 0; i < 4; ++i)
         f(k, i);
      return k;
   };
   keys.emplace_back("saturate", all([](st_shader_key &k, unsigned i) { add_saturate(k, i); }));
   keys.emplace_back("saturate_s", all([](st_shader_key &k, unsigned i) { add_saturate(k, i, 1); }));
   keys.emplace_back("abs", all([](st_shader_key &k, unsigned i) { add_abs(k, i); }));
   keys.emplace_back("abs_saturate", all([](st_shader_key &k, unsigned i) {
                        add_abs(k, i);
                        add_saturate(k, i);
                     }));
   keys.emplace_back("nearest_edge_magnified", all([](st_shader_key &k, unsigned i) {
                        add_saturate(k, i);
                        k.nearest_edge_magnified |= 1u << i;
                     }));
   keys.emplace_back("nearest_edge_minified", all([](st_shader_key &k, unsigned i) {
                        add_abs(k, i, 2);
                        add_saturate(k, i);
                        k.nearest_edge_minified |= 1u << i;
                     }));
   keys.emplace_back("min_mag_switch", all([](st_shader_key &k, unsigned i) { k.min_mag_switch |= 1u << i; }));
   keys.emplace_back("min_mag_switch_and_nearest_edge", all([](st_shader_key &k, unsigned i) {
                        add_saturate(k, i);
                        k.nearest_edge_minified |= 1u << i;
                        k.min_mag_switch |= 1u << i;
                     }));
   keys.emplace_back("round_layer", all([](st_shader_key &k, unsigned i) { k.round_layer |= 1u << i; }));
   keys.emplace_back("round_layer_and_saturate", all([](st_shader_key &k, unsigned i) {
                        add_saturate(k, i);
                        k.round_layer |= 1u << i;
                     }));
   keys.emplace_back("shadow_luminance", all([](st_shader_key &k, unsigned i) {
                        add_shadow(k, i, {PIPE_SWIZZLE_X, PIPE_SWIZZLE_X, PIPE_SWIZZLE_X, PIPE_SWIZZLE_1});
                     }));
   keys.emplace_back("shadow_alpha_and_saturate", all([](st_shader_key &k, unsigned i) {
                        add_saturate(k, i);
                        add_shadow(k, i, {PIPE_SWIZZLE_0, PIPE_SWIZZLE_0, PIPE_SWIZZLE_0, PIPE_SWIZZLE_X});
                     }));
   keys.emplace_back("mixed_per_sampler", [] {
      st_shader_key k;
      add_saturate(k, 0, 1);
      add_abs(k, 1, 3);
      add_saturate(k, 2);
      k.nearest_edge_minified |= 1u << 2;
      add_shadow(k, 3, {PIPE_SWIZZLE_X, PIPE_SWIZZLE_X, PIPE_SWIZZLE_X, PIPE_SWIZZLE_X});
      return k;
   }());
   return keys;
}

spirv_lower_tex_options options_for(const shader &s, const st_shader_key &key) {
   spirv_lower_tex_options o = options(key);
   if (std::string_view(s.name) == "comp_multi_comp")
      o.bindings = {{1, 3, 0}, {1, 5, 1}, {1, 7, 2}};
   o.lod[0] = {0.25f, 0.0f, 4.0f};
   return o;
}

TEST(SpirvLowerTex, EveryTestShaderIsValidAsCompiled) {
   for (const auto &s : shaders()) {
      std::string error;
      EXPECT_TRUE(validate(s, s.words, &error)) << s.name << ": " << error;
   }
}

TEST(SpirvLowerTex, EveryKeyGivesAValidModuleForEveryShader) {
   for (const auto &s : shaders()) {
      if (s.refused)
         continue;
      for (const auto &[name, key] : lowering_keys()) {
         for (uint32_t unnormalized : {0u, 0xfu}) {  // and with every index read in texel coordinates
            std::vector<uint32_t> out;
            std::string error;
            spirv_lower_tex_stats stats;
            spirv_lower_tex_options o = options_for(s, key);
            o.unnormalized = unnormalized;
            ASSERT_TRUE(spirv_lower_tex(s.words, o, &out, &error, &stats)) << s.name << " " << name << ": " << error;
            error.clear();
            EXPECT_TRUE(validate(s, out, &error)) << s.name << " / " << name << " / unnormalized " << unnormalized << ": "
                                                  << error << "\n" << disassemble(out);
            EXPECT_LE(stats.lookups_lowered, stats.lookups_seen);
         }
      }
   }
}

// Rule 14 alone never makes the pass refuse: the shaders it refuses for every other bit (arrays of
// samplers, sparse lookups) come back word for word under a round_layer-only key.
TEST(SpirvLowerTex, RoundLayerAloneLeavesWhatThePassCannotLowerAsItIs) {
   st_shader_key k;
   k.round_layer = 0xffffffffu;
   for (const auto &s : shaders()) {
      if (!s.refused)
         continue;
      std::vector<uint32_t> out;
      std::string error;
      ASSERT_TRUE(spirv_lower_tex(s.words, options(k), &out, &error)) << s.name << ": " << error;
      EXPECT_TRUE(std::equal(out.begin(), out.end(), s.words.begin(), s.words.end())) << s.name;
   }
}

TEST(SpirvLowerTex, EmptyKeyReturnsTheInputWordForWord) {
   for (const auto &s : shaders()) {
      spirv_lower_tex_stats stats;
      EXPECT_EQ(lower(s.words, options(st_shader_key{}), &stats),
                std::vector<uint32_t>(s.words.begin(), s.words.end()))
         << s.name;
      EXPECT_EQ(stats.lookups_lowered, 0u);
   }
}

TEST(SpirvLowerTex, KeyOnUnusedSamplerIndicesReturnsTheInputWordForWord) {
   st_shader_key k;
   for (unsigned i = 8; i < MAX_SAMPLERS; ++i) {
      add_saturate(k, i);
      add_abs(k, i);
      add_shadow(k, i, {PIPE_SWIZZLE_1, PIPE_SWIZZLE_1, PIPE_SWIZZLE_1, PIPE_SWIZZLE_1});
   }
   for (const auto &s : shaders())
      EXPECT_EQ(lower(s.words, options(k)), std::vector<uint32_t>(s.words.begin(), s.words.end())) << s.name;
}

TEST(SpirvLowerTex, CubeMapsFetchesAndQueriesAreNeverLowered) {
   st_shader_key k;
   for (unsigned i = 0; i < 2; ++i) {
      add_saturate(k, i);
      add_abs(k, i);
      k.nearest_edge_magnified |= 1u << i;
   }
   for (const char *name : {"frag_cube_frag", "frag_fetch_query_frag"}) {
      const shader &s = find_shader(name);
      spirv_lower_tex_stats stats;
      EXPECT_EQ(lower(s.words, options(k), &stats), std::vector<uint32_t>(s.words.begin(), s.words.end())) << name;
      EXPECT_EQ(stats.lookups_lowered, 0u) << name;
   }
}

TEST(SpirvLowerTex, SaturateClampsEachCoordinateAndImplicitLodBecomesGradientsOfTheUnclampedCoordinate) {
   st_shader_key k;
   add_saturate(k, 0);
   const std::string text = disassemble(lower(find_shader("frag_2d_implicit_frag").words, options(k)));
   EXPECT_EQ(count(text, "FClamp"), 2u) << text;  // s and t
   EXPECT_EQ(count(text, "ImplicitLod"), 0u) << text;
   EXPECT_EQ(count(text, "OpImageSampleExplicitLod"), 1u) << text;
   EXPECT_EQ(count(text, " Grad "), 1u) << text;
   EXPECT_EQ(count(text, "OpDPdx"), 1u) << text;
   EXPECT_EQ(count(text, "OpDPdy"), 1u) << text;
   EXPECT_EQ(count(text, "OpImageQuerySize"), 0u) << text;  // normalized: the bound is the constant 1
   // The gradient is taken of the coordinate before the clamp: DPdx's operand is built from the raw components.
   const size_t dpdx = text.find("OpDPdx");
   const size_t clamp = text.find("FClamp");
   EXPECT_LT(dpdx, clamp) << text;
}

TEST(SpirvLowerTex, AbsTakesTheAbsoluteValueOfOnlyTheMarkedCoordinates) {
   st_shader_key k;
   add_abs(k, 0, 2);  // t only
   const std::string text = disassemble(lower(find_shader("frag_2d_implicit_frag").words, options(k)));
   EXPECT_EQ(count(text, "FAbs"), 1u) << text;
   EXPECT_EQ(count(text, "FClamp"), 0u) << text;
   EXPECT_EQ(count(text, " Grad "), 1u) << text;
}

TEST(SpirvLowerTex, ShaderBiasBecomesGradientsScaledByExp2OfTheBias) {
   st_shader_key k;
   add_saturate(k, 0);
   const std::string text = disassemble(lower(find_shader("frag_2d_bias_frag").words, options(k)));
   EXPECT_EQ(count(text, "Bias"), 0u) << text;
   EXPECT_EQ(count(text, "Exp2"), 2u) << text;
   EXPECT_EQ(count(text, "OpVectorTimesScalar"), 4u) << text;
   EXPECT_EQ(count(text, " Grad "), 2u) << text;
}

TEST(SpirvLowerTex, ExplicitLodAndGradientsAreKeptAsGiven) {
   st_shader_key k;
   add_saturate(k, 0);
   std::string text = disassemble(lower(find_shader("frag_2d_lod_frag").words, options(k)));
   EXPECT_EQ(count(text, " Lod "), 1u) << text;
   EXPECT_EQ(count(text, "OpDPdx"), 0u) << text;
   EXPECT_EQ(count(text, "FClamp"), 2u) << text;
   text = disassemble(lower(find_shader("frag_2d_grad_frag").words, options(k)));
   EXPECT_EQ(count(text, " Grad "), 1u) << text;
   EXPECT_EQ(count(text, "OpDPdx"), 0u) << text;
}

// GL wraps u = s·N + o: the lowering clamps t = s + o/N and hands back t' − o/N (exact on level 0).
TEST(SpirvLowerTex, OffsetsArePreservedAndFoldedIntoTheClampWithTheLevelZeroSize) {
   st_shader_key k;
   add_saturate(k, 0);
   const std::string text = disassemble(lower(find_shader("frag_2d_offset_frag").words, options(k)));
   EXPECT_EQ(count(text, "ConstOffset"), 3u) << text;
   EXPECT_EQ(count(text, "Grad|ConstOffset"), 2u) << text;  // the implicit one and textureGradOffset
   EXPECT_EQ(count(text, "Lod|ConstOffset"), 1u) << text;
   EXPECT_EQ(count(text, "OpImageQuerySizeLod"), 3u) << text;
   EXPECT_EQ(count(text, "OpFAdd %float "), 6u) << text;  // three lookups, s and t
   EXPECT_EQ(count(text, "OpFSub %float "), 6u) << text;
   EXPECT_EQ(count(text, "FClamp"), 6u) << text;
}

TEST(SpirvLowerTex, ScalarOffsetsOfOneDimensionalLookupsAreFolded) {
   st_shader_key k;
   add_saturate(k, 0);
   const std::string text = disassemble(lower(find_shader("frag_1d_frag").words, options(k)));
   EXPECT_EQ(count(text, "OpFAdd %float "), 1u) << text;
   EXPECT_EQ(count(text, "OpFSub %float "), 1u) << text;
}

TEST(SpirvLowerTex, ProjectiveLookupsDivideByQFirstAndLoseTheProjection) {
   st_shader_key k;
   add_saturate(k, 0);
   for (const char *name : {"frag_2d_proj_frag", "frag_1d_frag"}) {
      const std::string text = disassemble(lower(find_shader(name).words, options(k)));
      EXPECT_EQ(count(text, "Proj"), 0u) << text;
      EXPECT_GE(count(text, "OpFDiv"), 1u) << text;
   }
   const std::string text = disassemble(lower(find_shader("frag_2d_proj_frag").words, options(k)));
   EXPECT_EQ(count(text, "OpFDiv"), 6u) << text;  // three lookups, s/q and t/q
}

TEST(SpirvLowerTex, ProjectiveShadowLookupsDivideTheReferenceByQ) {
   st_shader_key k;
   add_saturate(k, 0);
   const std::string text = disassemble(lower(find_shader("frag_shadow_proj_frag").words, options(k)));
   EXPECT_EQ(count(text, "Proj"), 0u) << text;
   EXPECT_EQ(count(text, "OpFDiv"), 6u) << text;  // two lookups: s, t and the reference
   EXPECT_EQ(count(text, "OpImageSampleDrefExplicitLod"), 2u) << text;
}

TEST(SpirvLowerTex, ArrayLayersAreNeverClamped) {
   st_shader_key k;
   add_saturate(k, 0);
   add_abs(k, 0);
   // 1D array: s only (two lookups), 2D array: s and t (two lookups).
   std::string text = disassemble(lower(find_shader("frag_1d_array_frag").words, options(k)));
   EXPECT_EQ(count(text, "FClamp"), 2u) << text;
   EXPECT_EQ(count(text, "FAbs"), 2u) << text;
   text = disassemble(lower(find_shader("frag_2d_array_frag").words, options(k)));
   EXPECT_EQ(count(text, "FClamp"), 4u) << text;
   // Gradients have only the non-layer components.
   EXPECT_EQ(count(text, "OpDPdx %v2float"), 2u) << text;
}

TEST(SpirvLowerTex, ThreeDimensionalLookupsClampR) {
   st_shader_key k;
   add_saturate(k, 0, 4);  // r only
   const std::string text = disassemble(lower(find_shader("frag_3d_frag").words, options(k)));
   EXPECT_EQ(count(text, "FClamp"), 2u) << text;
}

// Texel coordinates: clamp(s + o, 0, N) is GL's wrapped u, so the offset moves into the coordinate.
TEST(SpirvLowerTex, RectangleCoordinatesClampToTheImageSizeWithTheOffsetFoldedIn) {
   st_shader_key k;
   add_saturate(k, 0);
   const std::string text = disassemble(lower(find_shader("frag_rect_frag").words, options(k)));
   EXPECT_EQ(count(text, "OpImageQuerySize "), 3u) << text;
   EXPECT_EQ(count(text, "OpImageQuerySizeLod"), 0u) << text;
   EXPECT_EQ(count(text, "OpCapability ImageQuery"), 1u) << text;
   EXPECT_EQ(count(text, "FClamp"), 6u) << text;
   EXPECT_EQ(count(text, "OpFAdd %float "), 2u) << text;  // the offset lookup's s and t, not divided by a size
   EXPECT_EQ(count(text, "OpFSub"), 0u) << text;
   EXPECT_EQ(count(text, "ConstOffset"), 0u) << text;
}

TEST(SpirvLowerTex, UnnormalizedSamplerIndicesClampToTheLevelZeroSize) {
   st_shader_key k;
   add_saturate(k, 0);
   spirv_lower_tex_options o = options(k);
   o.unnormalized = 1u;
   const auto out = lower(find_shader("frag_2d_lod_frag").words, o);
   std::string error;
   EXPECT_TRUE(spirv_validate(out, &error)) << error;
   const std::string text = disassemble(out);
   EXPECT_EQ(count(text, "OpImageQuerySizeLod"), 1u) << text;
   EXPECT_EQ(count(text, "%float_1 "), 0u) << text;
}

// Vulkan's unnormalized samplers take explicit LOD 0 and no offsets: lowered lookups comply.
TEST(SpirvLowerTex, UnnormalizedImplicitLookupsBecomeLodZeroWithTheirOffsetsFoldedIn) {
   st_shader_key k;
   add_saturate(k, 0, 1);  // s only: t still gets its offset
   spirv_lower_tex_options o = options(k);
   o.unnormalized = 1u;
   const auto out = lower(find_shader("frag_2d_offset_frag").words, o);
   std::string error;
   EXPECT_TRUE(spirv_validate(out, &error)) << error;
   const std::string text = disassemble(out);
   EXPECT_EQ(count(text, "ConstOffset"), 0u) << text;
   EXPECT_EQ(count(text, " Lod %float_0\n"), 2u) << text;  // texture() and textureLodOffset(…, 0.0)
   EXPECT_EQ(count(text, "Grad"), 1u) << text;              // textureGradOffset keeps its gradients
   EXPECT_EQ(count(text, "OpFAdd %float "), 6u) << text;    // s and t of three lookups
   EXPECT_EQ(count(text, "FClamp"), 3u) << text;
}

TEST(SpirvLowerTex, NearestEdgeMagnifiedSelectsTheLastTexelCentreWhenLambdaIsAtMostZero) {
   st_shader_key k;
   add_saturate(k, 0);
   k.nearest_edge_magnified = 1;
   spirv_lower_tex_options o = options(k);
   o.lod[0] = {0.5f, 0.0f, 8.0f};
   const std::string text = disassemble(lower(find_shader("frag_2d_implicit_frag").words, o));
   EXPECT_EQ(count(text, "OpImageQuerySizeLod"), 1u) << text;
   EXPECT_EQ(count(text, "Log2"), 1u) << text;
   EXPECT_EQ(count(text, "Length"), 2u) << text;
   EXPECT_EQ(count(text, "OpFOrdLessThanEqual"), 1u) << text;
   EXPECT_EQ(count(text, "OpSelect"), 2u) << text;  // s and t
   EXPECT_EQ(count(text, "%float_0_5\n"), 1u) << text;  // λ + the sampler's bias, a constant
}

TEST(SpirvLowerTex, NearestEdgeOnRectangleTexturesTakesGradientsInTexelsAndTheLastTexelCentre) {
   st_shader_key k;
   add_saturate(k, 0);
   k.nearest_edge_magnified = 1;
   const std::string text = disassemble(lower(find_shader("frag_rect_frag").words, options(k)));
   EXPECT_EQ(count(text, "Log2"), 3u) << text;
   EXPECT_EQ(count(text, "OpFMul %v2float"), 0u) << text;  // ρ from the gradients as they are
   EXPECT_EQ(count(text, "OpFSub %float %"), 6u) << text;  // N − 0.5 per component
}

TEST(SpirvLowerTex, NearestEdgeMinifiedUsesTheExplicitLod) {
   st_shader_key k;
   add_saturate(k, 0, 1);
   k.nearest_edge_minified = 1;
   const std::string text = disassemble(lower(find_shader("frag_2d_lod_frag").words, options(k)));
   EXPECT_EQ(count(text, "Log2"), 0u) << text;
   EXPECT_EQ(count(text, "OpFOrdGreaterThan"), 1u) << text;
   EXPECT_EQ(count(text, "OpSelect"), 1u) << text;  // s only
}

TEST(SpirvLowerTex, GathersAreSaturatedButNeverNearestEdged) {
   st_shader_key k;
   add_saturate(k, 0);
   add_saturate(k, 1);
   k.nearest_edge_magnified = 3;
   const auto out = lower(find_shader("frag_gather_frag").words, options(k));
   const std::string text = disassemble(out);
   EXPECT_EQ(count(text, "FClamp"), 6u) << text;
   EXPECT_EQ(count(text, "OpSelect"), 0u) << text;
   EXPECT_EQ(count(text, "OpImageGather"), 2u) << text;
   EXPECT_EQ(count(text, "OpImageDrefGather"), 1u) << text;
}

TEST(SpirvLowerTex, ShadowSwizzleFillsTheVec4OfTheResultAndScalarUsesReadTheFirstComponent) {
   st_shader_key k;
   add_shadow(k, 0, {PIPE_SWIZZLE_0, PIPE_SWIZZLE_0, PIPE_SWIZZLE_0, PIPE_SWIZZLE_X});  // GL_ALPHA
   spirv_lower_tex_stats stats;
   const auto out = lower(find_shader("frag_shadow_2d_frag").words, options(k), &stats);
   EXPECT_EQ(stats.lookups_lowered, 2u);
   const std::string text = disassemble(out);
   // vec4(texture()) reads (0, 0, 0, d); the scalar use reads 0.
   EXPECT_EQ(count(text, "OpCompositeConstruct %v4float %float_0 %float_0 %float_0 %"), 1u) << text;
   EXPECT_EQ(count(text, "OpCopyObject %float %float_0"), 2u) << text;
   EXPECT_EQ(count(text, "ImplicitLod"), 2u) << text;  // the coordinate is not lowered: LOD untouched
}

TEST(SpirvLowerTex, ShadowSwizzleAppliesToCubeMapsAndCubeArraysWhoseCoordinatesStayUntouched) {
   st_shader_key k;
   for (unsigned i = 0; i < 2; ++i) {
      add_saturate(k, i);  // ignored on cube maps (rules.md §8)
      add_abs(k, i);
      add_shadow(k, i, {PIPE_SWIZZLE_X, PIPE_SWIZZLE_X, PIPE_SWIZZLE_X, PIPE_SWIZZLE_X});  // GL_INTENSITY
   }
   spirv_lower_tex_stats stats;
   const auto out = lower(find_shader("frag_shadow_cube_frag").words, options(k), &stats);
   EXPECT_EQ(stats.lookups_lowered, 2u);
   const std::string text = disassemble(out);
   EXPECT_EQ(count(text, "FClamp"), 0u) << text;
   EXPECT_EQ(count(text, "FAbs"), 0u) << text;
   EXPECT_EQ(count(text, "ImplicitLod"), 2u) << text;  // LOD untouched
   // Both vec4(d) constructs now read the result id of the new lookup four times.
   EXPECT_EQ(count(text, "OpCompositeConstruct %v4float"), 2u) << text;
   std::string error;
   EXPECT_TRUE(spirv_validate(out, &error)) << error;
}

// comp_shadow stores the result in a variable first: `float d = texture...; results[i] = vec4(d)`.
TEST(SpirvLowerTex, ShadowSwizzleLuminanceKeepsTheResultInRgbAndOneInAlphaThroughALocalVariable) {
   st_shader_key k;
   add_shadow(k, 0, {PIPE_SWIZZLE_X, PIPE_SWIZZLE_X, PIPE_SWIZZLE_X, PIPE_SWIZZLE_1});
   const std::string text = disassemble(lower(find_shader("comp_shadow_comp").words, options(k)));
   EXPECT_EQ(count(text, "%float_1\n"), 1u) << text;  // the last constituent of the vec4
   EXPECT_EQ(count(text, "OpCompositeConstruct %v4float"), 1u) << text;
}

TEST(SpirvLowerTex, ShadowSwizzleLeavesGathersAlone) {
   st_shader_key k;
   add_shadow(k, 1, {PIPE_SWIZZLE_1, PIPE_SWIZZLE_1, PIPE_SWIZZLE_1, PIPE_SWIZZLE_1});
   const shader &s = find_shader("frag_gather_frag");
   EXPECT_EQ(lower(s.words, options(k)), std::vector<uint32_t>(s.words.begin(), s.words.end()));
}

TEST(SpirvLowerTex, OnlyTheLookupsOfLoweredSamplerIndicesChange) {
   // frag_multi: s0 texture, s1 textureLod, s2 texture 3D, s3 shadow. Lower s1 only.
   st_shader_key k;
   add_saturate(k, 1);
   spirv_lower_tex_stats stats;
   const std::string text = disassemble(lower(find_shader("frag_multi_frag").words, options(k), &stats));
   EXPECT_EQ(stats.lookups_seen, 4u);
   EXPECT_EQ(stats.lookups_lowered, 1u);
   EXPECT_EQ(count(text, "OpImageSampleImplicitLod"), 2u) << text;  // s0 and s2
   EXPECT_EQ(count(text, "OpImageSampleDrefImplicitLod"), 1u) << text;
   EXPECT_EQ(count(text, "FClamp"), 2u) << text;
}

TEST(SpirvLowerTex, SeparateImagesAndSamplersUseTheImageBinding) {
   st_shader_key by_sampler;
   add_saturate(by_sampler, 1);  // binding 1 is the sampler object: not a sampler index of the pass
   const shader &s = find_shader("frag_separate_frag");
   EXPECT_EQ(lower(s.words, options(by_sampler)), std::vector<uint32_t>(s.words.begin(), s.words.end()));
   st_shader_key by_image;
   add_saturate(by_image, 0);
   const std::string text = disassemble(lower(s.words, options(by_image)));
   EXPECT_EQ(count(text, "FClamp"), 2u) << text;
}

TEST(SpirvLowerTex, BindingsMapSetsAndBindingsToSamplerIndices) {
   st_shader_key k;
   add_saturate(k, 1);  // the 3D sampler at set 1 binding 5
   spirv_lower_tex_options o = options(k);
   const shader &s = find_shader("comp_multi_comp");
   // Without the mapping set 1 is no sampler index.
   EXPECT_EQ(lower(s.words, o), std::vector<uint32_t>(s.words.begin(), s.words.end()));
   o.bindings = {{1, 3, 0}, {1, 5, 1}, {1, 7, 2}};
   spirv_lower_tex_stats stats;
   const std::string text = disassemble(lower(s.words, o, &stats));
   EXPECT_EQ(stats.lookups_seen, 3u);
   EXPECT_EQ(stats.lookups_lowered, 1u);
   EXPECT_EQ(count(text, "FClamp"), 3u) << text;
   EXPECT_EQ(count(text, "OpImageFetch"), 1u) << text;
}

TEST(SpirvLowerTex, SamplersPassedToFunctionsAreTracedThroughTheCalls) {
   st_shader_key k;
   add_saturate(k, 0);
   const std::string text = disassemble(lower(find_shader("frag_function_frag").words, options(k)));
   EXPECT_EQ(count(text, "FClamp"), 2u) << text;
}

// A function taking two samplers, with OpLine before each parameter (valid SPIR-V that other
// producers than glslang emit); it samples its FIRST parameter, called as f(binding 0, binding 1).
std::vector<uint32_t> two_sampler_function_with_lines(bool decoration_group = false) {
   std::string text = R"(OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint Fragment %main "main" %uv %color
OpExecutionMode %main OriginUpperLeft
%file = OpString "a.frag"
OpDecorate %s0 DescriptorSet 0
OpDecorate %s0 Binding 0
OpDecorate %s1 DescriptorSet 0
OpDecorate %s1 Binding 1
OpDecorate %uv Location 0
OpDecorate %color Location 0
%void = OpTypeVoid
%fnv = OpTypeFunction %void
%float = OpTypeFloat 32
%v2 = OpTypeVector %float 2
%v4 = OpTypeVector %float 4
%img = OpTypeImage %float 2D 0 0 0 1 Unknown
%simg = OpTypeSampledImage %img
%ptr_s = OpTypePointer UniformConstant %simg
%s0 = OpVariable %ptr_s UniformConstant
%s1 = OpVariable %ptr_s UniformConstant
%ptr_in = OpTypePointer Input %v2
%uv = OpVariable %ptr_in Input
%ptr_out = OpTypePointer Output %v4
%color = OpVariable %ptr_out Output
%fnty = OpTypeFunction %v4 %ptr_s %ptr_s
%f = OpFunction %v4 None %fnty
OpLine %file 1 1
%pa = OpFunctionParameter %ptr_s
OpLine %file 2 1
%pb = OpFunctionParameter %ptr_s
%fl = OpLabel
%si = OpLoad %simg %pa
%c = OpLoad %v2 %uv
%r = OpImageSampleImplicitLod %v4 %si %c
OpReturnValue %r
OpFunctionEnd
%main = OpFunction %void None %fnv
%ml = OpLabel
%x = OpFunctionCall %v4 %f %s0 %s1
OpStore %color %x
OpReturn
OpFunctionEnd
)";
   if (decoration_group) {
      const std::string sets = "OpDecorate %s0 DescriptorSet 0\n";
      text.replace(text.find(sets), sets.size(), "OpDecorate %grp DescriptorSet 0\n%grp = OpDecorationGroup\nOpGroupDecorate %grp %s0\n");
   }
   spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
   std::vector<uint32_t> words;
   EXPECT_TRUE(tools.Assemble(text, &words)) << text;
   return words;
}

TEST(SpirvLowerTex, FunctionParametersAreCountedPastDebugLines) {
   const std::vector<uint32_t> words = two_sampler_function_with_lines();
   std::string error;
   ASSERT_TRUE(spirv_validate(words, &error)) << error;
   st_shader_key only1;
   add_saturate(only1, 1);  // the lookup reads binding 0: nothing to do
   EXPECT_EQ(lower(words, options(only1)), words);
   st_shader_key only0;
   add_saturate(only0, 0);
   const std::vector<uint32_t> out = lower(words, options(only0));
   EXPECT_EQ(count(disassemble(out), "FClamp"), 2u) << disassemble(out);
   EXPECT_TRUE(spirv_validate(out, &error)) << error;
}

TEST(SpirvLowerTex, NanLodValuesAreRefusedWithASentence) {
   st_shader_key k;
   add_saturate(k, 0);
   k.nearest_edge_magnified = 1;
   spirv_lower_tex_options o = options(k);
   o.lod[0].max_lod = std::nanf("");
   std::vector<uint32_t> out;
   std::string error;
   EXPECT_FALSE(spirv_lower_tex(find_shader("frag_2d_lod_frag").words, o, &out, &error));
   EXPECT_NE(error.find("not numbers"), std::string::npos) << error;
   EXPECT_TRUE(out.empty());
}

TEST(SpirvLowerTex, DecorationGroupsAreRefusedRatherThanSilentlyMissed) {
   const std::vector<uint32_t> words = two_sampler_function_with_lines(true);
   std::string error;
   ASSERT_TRUE(spirv_validate(words, &error)) << error;
   st_shader_key k;
   add_saturate(k, 0);
   std::vector<uint32_t> out;
   EXPECT_FALSE(spirv_lower_tex(words, options(k), &out, &error));
   EXPECT_NE(error.find("OpDecorationGroup"), std::string::npos) << error;
   EXPECT_TRUE(spirv_lower_tex(words, options(st_shader_key{}), &out, &error)) << "the empty key reads nothing";
}

TEST(SpirvLowerTex, ArraysOfSamplersAreRefusedOnlyWhenTheKeyLowersThem) {
   const shader &s = find_shader("frag_sampler_array_frag");
   st_shader_key k;
   add_saturate(k, 0);
   std::vector<uint32_t> out{1, 2, 3};
   std::string error;
   EXPECT_FALSE(spirv_lower_tex(s.words, options(k), &out, &error));
   EXPECT_NE(error.find("array of samplers"), std::string::npos) << error;
   EXPECT_EQ(out, (std::vector<uint32_t>{1, 2, 3}));  // untouched on failure
   st_shader_key other;
   add_saturate(other, 3);
   EXPECT_EQ(lower(s.words, options(other)), std::vector<uint32_t>(s.words.begin(), s.words.end()));
}

TEST(SpirvLowerTex, SparseLookupsAreRefusedOnLoweredIndicesAndLeftAloneElsewhere) {
   const shader &s = find_shader("frag_sparse_frag");
   st_shader_key k;
   add_saturate(k, 0);
   std::vector<uint32_t> out;
   std::string error;
   EXPECT_FALSE(spirv_lower_tex(s.words, options(k), &out, &error));
   EXPECT_NE(error.find("sparse"), std::string::npos) << error;
   st_shader_key other;
   add_saturate(other, 1);
   spirv_lower_tex_stats stats;
   const auto lowered = lower(s.words, options(other), &stats);
   EXPECT_EQ(stats.lookups_seen, 2u);
   EXPECT_EQ(stats.lookups_lowered, 1u);
   EXPECT_TRUE(spirv_validate(lowered, &error)) << error;
   EXPECT_EQ(count(disassemble(lowered), "OpImageSparseSampleExplicitLod"), 1u);
}

TEST(SpirvLowerTex, MinLodStaysBesideTheGradientsAndRaisesLambdaForNearestEdge) {
   st_shader_key k;
   add_saturate(k, 0);
   k.nearest_edge_magnified = 1;
   const auto out = lower(find_shader("frag_min_lod_frag").words, options(k));
   std::string error;
   EXPECT_TRUE(spirv_validate(out, &error)) << error;
   const std::string text = disassemble(out);
   EXPECT_EQ(count(text, "Grad|MinLod"), 1u) << text;
   EXPECT_EQ(count(text, "FMax"), 2u) << text;  // max(ρx, ρy), then max(λ, MinLod)
}

TEST(SpirvLowerTex, LookupsInBranchesAndLoopsAreLoweredInPlace) {
   st_shader_key k;
   add_saturate(k, 0);
   spirv_lower_tex_stats stats;
   const auto out = lower(find_shader("frag_control_flow_frag").words, options(k), &stats);
   EXPECT_EQ(stats.lookups_lowered, 2u);
   std::string error;
   EXPECT_TRUE(spirv_validate(out, &error)) << error;
}

// Rule 4's shader filter: a key for sampler indices 0-3 with `f`, optionally GL_CLAMP'd.
st_shader_key shader_filter_key(const st_shader_filter &f, bool saturate = false) {
   st_shader_key k;
   for (unsigned i = 0; i < 4; ++i) {
      k.shader_filter_mask |= 1u << i;
      k.shader_filter[i] = f;
      if (saturate)
         add_saturate(k, i);
   }
   return k;
}

const st_shader_filter kTrilinear{PIPE_TEX_FILTER_LINEAR, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_MIPFILTER_LINEAR,
                                 PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE, 0.5f, 0.0f, 8.0f};

TEST(SpirvLowerTex, ShaderFilterGivesAValidModuleForEveryShader) {
   st_shader_filter seamless = kTrilinear;
   seamless.cube_seamless = true;
   st_shader_filter mirrored = kTrilinear;
   mirrored.cube_wrap_s = PIPE_TEX_WRAP_MIRROR_REPEAT;
   mirrored.cube_wrap_t = PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE;
   st_shader_filter bordered = kTrilinear;  // integer results take the colour's bits as integers
   bordered.cube_wrap_s = PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   bordered.cube_wrap_t = PIPE_TEX_WRAP_MIRROR_CLAMP;
   bordered.cube_border = {0x3e800000u, 0u, 7u, 0x3f800000u};
   st_shader_filter compared = bordered;  // a depth-compare unit: Dref taps, the border compared in the shader
   compared.compare = true;
   compared.compare_func = PIPE_FUNC_GEQUAL;
   compared.compare_clamps_ref = true;
   st_shader_filter compared_plain = kTrilinear;
   compared_plain.compare = true;
   compared_plain.compare_func = PIPE_FUNC_LESS;
   st_shader_filter compared_min = compared_plain;  // the compared taps' minimum
   compared_min.reduction = PIPE_TEX_REDUCTION_MIN;
   const st_shader_filter filters[] = {
      kTrilinear, seamless, mirrored, bordered, compared, compared_plain, compared_min,
      {PIPE_TEX_FILTER_NEAREST, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_MIPFILTER_NEAREST, PIPE_TEX_REDUCTION_MIN, 0, 0, 1000},
      {PIPE_TEX_FILTER_LINEAR, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NONE, PIPE_TEX_REDUCTION_MAX, 0, 0, 1000}};
   for (const auto &s : shaders()) {
      const std::string name = s.name;
      if (s.refused)
         continue;
      for (const st_shader_filter &f : filters)
         for (bool saturate : {false, true})
            for (uint32_t unnormalized : {0u, 0xfu}) {
               spirv_lower_tex_options o = options_for(s, shader_filter_key(f, saturate));
               o.unnormalized = unnormalized;
               std::vector<uint32_t> out;
               std::string error;
               ASSERT_TRUE(spirv_lower_tex(s.words, o, &out, &error)) << name << ": " << error;
               EXPECT_TRUE(validate(s, out, &error)) << name << ": " << error << "\n" << disassemble(out);
            }
   }
}

// textureQueryLod on a shader-filtered unit: the sampler holds none of GL's LOD state, so the
// pass answers the query itself; every other query (textureSize, textureQueryLevels) and the
// texel fetch stay as written, and keys without the shader filter leave the query alone.
TEST(SpirvLowerTex, ShaderFilterAnswersTextureQueryLodAndLeavesOtherQueries) {
   const shader &s = find_shader("frag_fetch_query_frag");
   const std::string before = disassemble(s.words);
   ASSERT_EQ(count(before, "OpImageQueryLod"), 1u) << before;
   spirv_lower_tex_stats stats;
   const std::vector<uint32_t> out = lower(s.words, options(shader_filter_key(kTrilinear)), &stats);
   const std::string text = disassemble(out);
   EXPECT_EQ(stats.queries_lowered, 1u);
   EXPECT_EQ(stats.lookups_lowered, 0u);  // the fetch is no lookup
   EXPECT_EQ(count(text, "OpImageQueryLod"), 0u) << text;
   EXPECT_EQ(count(text, "OpImageFetch"), 1u) << text;
   EXPECT_EQ(count(text, "Log2"), 1u) << text;  // λ' from the derivatives
   EXPECT_EQ(count(text, "OpDPdx"), 1u) << text;
   std::string error;
   EXPECT_TRUE(validate(s, out, &error)) << error << "\n" << text;
   // GL_CLAMP alone: nothing to answer, the module is the input.
   st_shader_key clamp;
   add_saturate(clamp, 0);
   spirv_lower_tex_stats clamp_stats;
   EXPECT_EQ(lower(s.words, options(clamp), &clamp_stats), std::vector<uint32_t>(s.words.begin(), s.words.end()));
   EXPECT_EQ(clamp_stats.queries_lowered, 0u);
}

TEST(SpirvLowerTex, ShaderFilterReadsFourTexelCentresPerLevelAtExplicitIntegerLevels) {
   // Trilinear on a 2D image: two levels of 2 x 2 NEAREST lookups, each at an explicit LOD,
   // the levels and sizes queried from the view; no implicit or gradient lookup is left.
   const std::string text = disassemble(lower(find_shader("frag_2d_implicit_frag").words, options(shader_filter_key(kTrilinear))));
   EXPECT_EQ(count(text, "OpImageSampleExplicitLod"), 8u) << text;
   EXPECT_EQ(count(text, " Lod "), 8u) << text;
   EXPECT_EQ(count(text, "ImplicitLod"), 0u) << text;
   EXPECT_EQ(count(text, " Grad "), 0u) << text;
   EXPECT_EQ(count(text, "OpImageQueryLevels"), 1u) << text;
   EXPECT_EQ(count(text, "OpImageQuerySizeLod"), 3u) << text;  // level 0 for λ, then each level's
   EXPECT_EQ(count(text, "OpDPdx"), 1u) << text;                // λ from the derivatives
   // One level, one axis: a 1D NEAREST-mip lookup reads two texels.
   st_shader_filter one = kTrilinear;
   one.min_mip_filter = PIPE_TEX_MIPFILTER_NEAREST;
   const std::string t1 = disassemble(lower(find_shader("frag_1d_frag").words, options(shader_filter_key(one))));
   EXPECT_EQ(count(t1, "OpImageSampleExplicitLod"), 2u * count(disassemble(find_shader("frag_1d_frag").words), "OpImageSample"))
      << t1;
}

// A compare key that is also seamless is refused with a sentence: a seamless corner texel averages
// three depths before the compare, which compared taps cannot give (st_convert_sampler never
// builds one: such units keep the device's sampler).
TEST(SpirvLowerTex, ShaderFilterRefusesACompareKeyOnASeamlessCubeMap) {
   st_shader_filter f = kTrilinear;
   f.compare = true;
   f.cube_seamless = true;
   const shader &s = find_shader("frag_shadow_cube_frag");
   std::vector<uint32_t> out;
   std::string error;
   EXPECT_FALSE(spirv_lower_tex(s.words, options_for(s, shader_filter_key(f)), &out, &error));
   EXPECT_NE(error.find("seamless cube map"), std::string::npos) << error;
}

// The shader `name` lowered with the filter key `f`: word for word as written, no lookup lowered.
void expect_filter_leaves_alone(const char *name, const st_shader_filter &f) {
   const shader &s = find_shader(name);
   spirv_lower_tex_stats stats;
   EXPECT_EQ(lower(s.words, options(shader_filter_key(f)), &stats), std::vector<uint32_t>(s.words.begin(), s.words.end()))
      << name;
   EXPECT_EQ(stats.lookups_lowered, 0u) << name;
}

TEST(SpirvLowerTex, ShaderFilterLeavesGathersAlone) { expect_filter_leaves_alone("frag_gather_frag", kTrilinear); }

// A compare unit's Dref lookup takes Dref taps with its own D_ref: the device compares each
// texel, the shader weights the results (trilinear: four taps on each of two levels). On a key
// without compare (GL leaves a shadow lookup there undefined) it stays as written, and a compare
// key leaves a non-Dref lookup alone likewise.
TEST(SpirvLowerTex, ShaderFilterTakesDrefTapsForShadowLookupsOfACompareUnit) {
   const shader &s = find_shader("frag_shadow_2d_frag");
   st_shader_filter compared = kTrilinear;
   compared.compare = true;
   spirv_lower_tex_stats stats;
   const std::string text = disassemble(lower(s.words, options(shader_filter_key(compared)), &stats));
   EXPECT_EQ(stats.lookups_lowered, 2u);
   EXPECT_EQ(count(text, "OpImageSampleDrefExplicitLod"), 16u) << text;
   EXPECT_EQ(count(text, "OpImageSampleDrefImplicitLod"), 0u) << text;
   EXPECT_EQ(count(text, "OpImageSampleExplicitLod"), 0u) << text;

   expect_filter_leaves_alone("frag_shadow_2d_frag", kTrilinear);
   expect_filter_leaves_alone("frag_2d_implicit_frag", compared);
}

// Cube maps: each texel along its centre's direction, four per level (trilinear: two levels) on
// a non-seamless face; a seamless face reads three per tap (across each edge and inside), which
// the corner averages. Three lookups of frag_cube: implicit and explicit on a cube, implicit on a
// cube-map array.
TEST(SpirvLowerTex, ShaderFilterOnACubeMapReadsTexelsAlongTheirDirections) {
   const shader &s = find_shader("frag_cube_frag");
   ASSERT_EQ(count(disassemble(s.words), "OpImageSample"), 3u);
   st_shader_filter seamless = kTrilinear;
   seamless.cube_seamless = true;
   for (const auto &[f, per_level] : {std::pair{kTrilinear, 4u}, std::pair{seamless, 12u}}) {
      const std::string text = disassemble(lower(s.words, options(shader_filter_key(f))));
      EXPECT_EQ(count(text, "OpImageSampleExplicitLod"), 3u * 2u * per_level) << text;
      EXPECT_EQ(count(text, "OpImageSampleImplicitLod"), 0u) << text;
      EXPECT_EQ(count(text, "OpDPdx"), 2u) << text;  // the two implicit lookups' directions
   }
}

// Integer results (rule 2 makes them NEAREST): one tap per lookup, whatever the wraps; a border
// texel is the key's bits as the result's integer type (bitcast for unsigned).
TEST(SpirvLowerTex, ShaderFilterOnIntegerCubesTakesOneTapAndTheBorderBits) {
   const std::span<const uint32_t> words(spv_frag_cube_int_frag);
   shader s{"frag_cube_int_frag", words, 2, true, false};
   st_shader_filter nearest{PIPE_TEX_FILTER_NEAREST, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NEAREST,
                            PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE, 0, 0, 1000};
   st_shader_filter seamless = nearest;
   seamless.cube_seamless = true;
   st_shader_filter bordered = nearest;
   bordered.cube_wrap_s = PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   bordered.cube_wrap_t = PIPE_TEX_WRAP_REPEAT;
   bordered.cube_border = {7u, 0xfffffffdu, 0u, 1u};
   for (const auto &[f, bitcasts] : {std::pair{nearest, 0u}, std::pair{seamless, 0u}, std::pair{bordered, 4u}}) {
      const std::vector<uint32_t> out = lower(words, options(shader_filter_key(f)));
      std::string error;
      EXPECT_TRUE(validate(s, out, &error)) << error;
      const std::string text = disassemble(out);
      EXPECT_EQ(count(text, "OpImageSampleExplicitLod"), 2u) << text;  // one tap each
      EXPECT_EQ(count(text, "OpBitcast"), bitcasts) << text;            // the uvec4 border's components
   }
}

TEST(SpirvLowerTex, ShaderFilterOnA3DImageReadsEightTexelsPerLevel) {
   st_shader_filter one = kTrilinear;
   one.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
   const shader &s = find_shader("frag_3d_frag");
   const std::string text = disassemble(lower(s.words, options(shader_filter_key(one))));
   EXPECT_EQ(count(text, "OpImageSampleExplicitLod"), 8u * count(disassemble(s.words), "OpImageSample")) << text;
   std::string error;
   EXPECT_TRUE(validate(s, lower(s.words, options(shader_filter_key(kTrilinear))), &error)) << error;
}

TEST(SpirvLowerTex, MinMagSwitchMovesAnExplicitLodBetweenZeroAndOneHalfBelowZero) {
   st_shader_key k;
   k.min_mag_switch = 1;
   const std::string text = disassemble(lower(find_shader("frag_2d_lod_frag").words, options(k)));
   EXPECT_EQ(count(text, "OpLogicalAnd"), 1u) << text;   // 0 < λ && λ ≤ 0.5
   EXPECT_EQ(count(text, "%float_n1000"), 2u) << text;   // declared, then selected as the LOD
   EXPECT_EQ(count(text, "FClamp"), 1u) << text;         // the device's λ only: no coordinate clamp
   EXPECT_EQ(count(text, " Lod "), 1u) << text;
}

TEST(SpirvLowerTex, MinMagSwitchZeroesTheGradientsOfAnImplicitLookupBetweenZeroAndOneHalf) {
   st_shader_key k;
   k.min_mag_switch = 1;
   const std::string text = disassemble(lower(find_shader("frag_2d_implicit_frag").words, options(k)));
   EXPECT_EQ(count(text, "ImplicitLod"), 0u) << text;
   EXPECT_EQ(count(text, "OpDPdx"), 1u) << text;
   EXPECT_EQ(count(text, "OpVectorTimesScalar"), 2u) << text;  // both gradients × (between ? 0 : 1)
   EXPECT_EQ(count(text, " Grad "), 1u) << text;
}

TEST(SpirvLowerTex, TheGlslExtendedInstructionSetIsImportedOnceWhenMissing) {
   // comp_2d_lod has no GLSL.std.450 use of its own? It imports it anyway (glslang); strip it to check the add.
   st_shader_key k;
   add_saturate(k, 0);
   for (const auto &s : shaders()) {
      if (s.refused)
         continue;
      const std::string text = disassemble(lower(s.words, options_for(s, k)));
      EXPECT_LE(count(text, "OpExtInstImport \"GLSL.std.450\""), 1u) << s.name;
   }
}

}  // namespace
}  // namespace clampler
