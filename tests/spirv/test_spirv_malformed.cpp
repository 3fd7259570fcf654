// Malformed modules: the pass and the validator answer with an error sentence and never crash.
#include <spirv/unified1/spirv.hpp>

#include <random>

#include "spirv_test_util.h"

namespace clampler {
namespace {

using namespace spirv_test;

st_shader_key full_key() {
   st_shader_key k;
   for (unsigned i = 0; i < 4; ++i) {
      add_saturate(k, i);
      add_abs(k, i);
      add_shadow(k, i, {PIPE_SWIZZLE_X, PIPE_SWIZZLE_0, PIPE_SWIZZLE_1, PIPE_SWIZZLE_X});
   }
   k.nearest_edge_magnified = 0x3;
   k.nearest_edge_minified = 0xc;
   return k;
}

bool rejects(std::span<const uint32_t> words, std::string *error) {
   std::vector<uint32_t> out;
   return !spirv_lower_tex(words, options(full_key()), &out, error);
}

TEST(SpirvMalformed, EmptyAndShortModulesAreRejected) {
   std::string error;
   EXPECT_TRUE(rejects({}, &error));
   EXPECT_NE(error.find("header"), std::string::npos) << error;
   const uint32_t four[] = {0x07230203, 0x00010000, 0, 10};
   EXPECT_TRUE(rejects(four, &error));
}

TEST(SpirvMalformed, BadMagicIsRejected) {
   std::vector<uint32_t> w(spv_frag_2d_implicit_frag, std::end(spv_frag_2d_implicit_frag));
   w[0] = 0xdeadbeef;
   std::string error;
   EXPECT_TRUE(rejects(w, &error));
   EXPECT_NE(error.find("magic"), std::string::npos) << error;
   w[0] = 0x03022307;
   EXPECT_TRUE(rejects(w, &error));
   EXPECT_NE(error.find("byte order"), std::string::npos) << error;
}

// Found by fuzz_spirv (UBSan: a Dim word outside spv::Dim was loaded as one).
TEST(SpirvMalformed, ImageDimensionalityOutsideSpirvIsRejected) {
   std::vector<uint32_t> w(spv_frag_2d_implicit_frag, std::end(spv_frag_2d_implicit_frag));
   size_t i = 5;
   while (i < w.size() && (w[i] & 0xffffu) != spv::OpTypeImage)
      i += w[i] >> 16;
   ASSERT_LT(i + 3, w.size()) << "no OpTypeImage in the shader";
   w[i + 3] = 0xfffb0001u;
   std::string error;
   EXPECT_TRUE(rejects(w, &error));
   EXPECT_NE(error.find("dimensionality 4294639617"), std::string::npos) << error;
}

TEST(SpirvMalformed, WordCountZeroIsRejected) {
   std::vector<uint32_t> w(spv_frag_2d_implicit_frag, std::end(spv_frag_2d_implicit_frag));
   w[5] &= 0xffffu;
   std::string error;
   EXPECT_TRUE(rejects(w, &error));
   EXPECT_NE(error.find("word count of 0"), std::string::npos) << error;
}

TEST(SpirvMalformed, TruncatedInstructionsAreRejected) {
   // Every prefix of every shader either parses (cut between instructions) or is rejected.
   for (const auto &s : shaders()) {
      for (size_t n = 0; n < s.words.size(); ++n) {
         std::string error;
         std::vector<uint32_t> out;
         if (!spirv_lower_tex(s.words.first(n), options(full_key()), &out, &error)) {
            EXPECT_FALSE(error.empty()) << s.name << " cut at " << n;
         }
      }
   }
}

TEST(SpirvMalformed, IdsOutOfBoundAndHugeBoundsAreRejected) {
   std::vector<uint32_t> w(spv_frag_2d_implicit_frag, std::end(spv_frag_2d_implicit_frag));
   std::string error;
   auto bad = w;
   bad[3] = 2;  // bound below the ids in use
   EXPECT_TRUE(rejects(bad, &error));
   EXPECT_NE(error.find("bound"), std::string::npos) << error;
   bad[3] = 0xffffffffu;
   EXPECT_TRUE(rejects(bad, &error));
   bad[3] = 0;
   EXPECT_TRUE(rejects(bad, &error));
}

TEST(SpirvMalformed, GarbledWordsNeverCrashThePassOrTheValidator) {
   std::mt19937 rng(1234);
   for (const auto &s : shaders()) {
      for (int round = 0; round < 300; ++round) {
         std::vector<uint32_t> w(s.words.begin(), s.words.end());
         const int edits = 1 + static_cast<int>(rng() % 4);
         for (int e = 0; e < edits; ++e) {
            const size_t at = 5 + rng() % (w.size() - 5);
            switch (rng() % 4) {
            case 0: w[at] = rng(); break;                                      // anything
            case 1: w[at] = (w[at] & 0xffff0000u) | (rng() % 400); break;      // another opcode
            case 2: w[at] = rng() % 64; break;                                 // a small id or literal
            default: w[at] ^= 1u << (rng() % 32); break;                       // one bit
            }
         }
         std::string error;
         std::vector<uint32_t> out;
         if (spirv_lower_tex(w, options(full_key()), &out, &error)) {
            std::string ignored;
            (void)spirv_validate(out, &ignored);
         } else {
            EXPECT_FALSE(error.empty());
         }
      }
   }
}

// Edits aimed at what the pass reads: lookup operands, image types, decorations, vectors.
TEST(SpirvMalformed, GarbledLookupsAndImageTypesNeverCrashThePass) {
   std::mt19937 rng(99);
   for (const auto &s : shaders()) {
      std::vector<size_t> targets;  // word offsets of instructions the pass looks at
      for (size_t pos = 5; pos < s.words.size(); pos += s.words[pos] >> 16) {
         const uint32_t op = s.words[pos] & 0xffffu;
         if ((op >= spv::OpImageSampleImplicitLod && op <= spv::OpImage) || op == spv::OpTypeImage ||
             op == spv::OpTypeSampledImage || op == spv::OpTypeVector || op == spv::OpDecorate || op == spv::OpLoad ||
             op == spv::OpSampledImage || op == spv::OpFunctionCall || op == spv::OpCompositeConstruct ||
             op == spv::OpStore || op == spv::OpVariable || op == spv::OpConstant)
            targets.push_back(pos);
      }
      ASSERT_FALSE(targets.empty()) << s.name;
      for (int round = 0; round < 400; ++round) {
         std::vector<uint32_t> w(s.words.begin(), s.words.end());
         for (int e = 0; e < 2; ++e) {
            const size_t pos = targets[rng() % targets.size()];
            const uint32_t wc = w[pos] >> 16;
            const size_t at = pos + 1 + rng() % (wc > 1 ? wc - 1 : 1);
            if (at >= w.size())
               continue;
            switch (rng() % 3) {
            case 0: w[at] = rng() % (s.words[3] + 2); break;  // another id (or just past the bound)
            case 1: w[at] = rng() % 8; break;                  // a small literal: dims, counts, mask bits
            default: w[at] = rng(); break;
            }
         }
         std::string error;
         std::vector<uint32_t> out;
         if (!spirv_lower_tex(w, options(full_key()), &out, &error)) {
            EXPECT_FALSE(error.empty());
         }
      }
   }
}

TEST(SpirvMalformed, ValidatorExplainsWhatIsWrong) {
   std::vector<uint32_t> w(spv_frag_2d_implicit_frag, std::end(spv_frag_2d_implicit_frag));
   w.resize(w.size() - 1);  // drop OpFunctionEnd
   std::string error;
   EXPECT_FALSE(spirv_validate(w, &error));
   EXPECT_FALSE(error.empty());
   EXPECT_FALSE(spirv_validate({}, &error));
}

}  // namespace
}  // namespace clampler
