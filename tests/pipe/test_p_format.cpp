// Tests of the pipe_format table: GL spec facts per format, whole-table invariants and the lookups.
#include <gtest/gtest.h>

#include <array>
#include <cctype>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "clampler/gl/gl_enums.h"
#include "clampler/gl/gl_formats.h"
#include "clampler/pipe/p_format.h"

namespace clampler {
namespace {

// ---------------------------------------------------------------------------
// Expected facts, written from the GL 4.6 compatibility specification's
// tables 8.12 (sized colour formats), 8.13 (depth/stencil) and 8.14 (specific
// compressed formats), and from the extensions that define the legacy forms
// (ARB_texture_float, EXT_texture_integer, EXT_texture_snorm, EXT_texture_sRGB,
// EXT_texture_compression_s3tc). Not derived from the table under test.
// ---------------------------------------------------------------------------

enum class Kind { Unorm, Snorm, Uint, Sint, Float, UFloat, Srgb };

struct Flags {
   bool normalized, integer, is_signed, is_float, srgb;
};

Flags flags_of(Kind k) {
   switch (k) {
   case Kind::Unorm: return {true, false, false, false, false};
   case Kind::Snorm: return {true, false, true, false, false};
   case Kind::Uint: return {false, true, false, false, false};
   case Kind::Sint: return {false, true, true, false, false};
   case Kind::Float: return {false, false, true, true, false};
   case Kind::UFloat: return {false, false, false, true, false};
   case Kind::Srgb: return {true, false, false, false, true};
   }
   return {};
}

struct SpecRow {
   const char *gl_name;
   GLenum gl;
   GLenum base;
   std::array<uint8_t, 4> bits;  // per stored component; all zero for compressed formats
   Kind kind;
   uint8_t depth_bits = 0;
   uint8_t stencil_bits = 0;
};

#define ROW(gl, ...) SpecRow{#gl, gl, __VA_ARGS__}

const SpecRow kSpecRows[] = {
   // Table 8.12: R / RG / RGB / RGBA
   ROW(GL_R8, GL_RED, {8}, Kind::Unorm),
   ROW(GL_R8_SNORM, GL_RED, {8}, Kind::Snorm),
   ROW(GL_RG8_SNORM, GL_RG, {8, 8}, Kind::Snorm),
   ROW(GL_RGB8, GL_RGB, {8, 8, 8}, Kind::Unorm),
   ROW(GL_RGBA8, GL_RGBA, {8, 8, 8, 8}, Kind::Unorm),
   ROW(GL_RGBA8_SNORM, GL_RGBA, {8, 8, 8, 8}, Kind::Snorm),
   ROW(GL_R16, GL_RED, {16}, Kind::Unorm),
   ROW(GL_RG16_SNORM, GL_RG, {16, 16}, Kind::Snorm),
   ROW(GL_RGB16, GL_RGB, {16, 16, 16}, Kind::Unorm),
   ROW(GL_RGBA16, GL_RGBA, {16, 16, 16, 16}, Kind::Unorm),
   ROW(GL_RGBA16_SNORM, GL_RGBA, {16, 16, 16, 16}, Kind::Snorm),
   ROW(GL_R16F, GL_RED, {16}, Kind::Float),
   ROW(GL_RGB16F, GL_RGB, {16, 16, 16}, Kind::Float),
   ROW(GL_RG32F, GL_RG, {32, 32}, Kind::Float),
   ROW(GL_RGBA32F, GL_RGBA, {32, 32, 32, 32}, Kind::Float),
   ROW(GL_R8I, GL_RED, {8}, Kind::Sint),
   ROW(GL_RG16UI, GL_RG, {16, 16}, Kind::Uint),
   ROW(GL_RGB32I, GL_RGB, {32, 32, 32}, Kind::Sint),
   ROW(GL_RGBA8UI, GL_RGBA, {8, 8, 8, 8}, Kind::Uint),
   ROW(GL_RGBA16I, GL_RGBA, {16, 16, 16, 16}, Kind::Sint),
   ROW(GL_R32UI, GL_RED, {32}, Kind::Uint),
   ROW(GL_SRGB8, GL_RGB, {8, 8, 8}, Kind::Srgb),
   ROW(GL_SRGB8_ALPHA8, GL_RGBA, {8, 8, 8, 8}, Kind::Srgb),
   ROW(GL_RGB10_A2, GL_RGBA, {10, 10, 10, 2}, Kind::Unorm),
   ROW(GL_RGB10_A2UI, GL_RGBA, {10, 10, 10, 2}, Kind::Uint),
   ROW(GL_R11F_G11F_B10F, GL_RGB, {11, 11, 10}, Kind::UFloat),
   ROW(GL_RGB9_E5, GL_RGB, {9, 9, 9}, Kind::UFloat),
   ROW(GL_RGB565, GL_RGB, {5, 6, 5}, Kind::Unorm),
   ROW(GL_RGBA4, GL_RGBA, {4, 4, 4, 4}, Kind::Unorm),
   ROW(GL_RGB5_A1, GL_RGBA, {5, 5, 5, 1}, Kind::Unorm),
   ROW(GL_R3_G3_B2, GL_RGB, {3, 3, 2}, Kind::Unorm),
   // Table 8.12 (compatibility): ALPHA / LUMINANCE / LUMINANCE_ALPHA / INTENSITY
   ROW(GL_ALPHA8, GL_ALPHA, {8}, Kind::Unorm),
   ROW(GL_ALPHA16, GL_ALPHA, {16}, Kind::Unorm),
   ROW(GL_LUMINANCE8, GL_LUMINANCE, {8}, Kind::Unorm),
   ROW(GL_LUMINANCE16, GL_LUMINANCE, {16}, Kind::Unorm),
   ROW(GL_LUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, {8, 8}, Kind::Unorm),
   ROW(GL_LUMINANCE16_ALPHA16, GL_LUMINANCE_ALPHA, {16, 16}, Kind::Unorm),
   ROW(GL_INTENSITY8, GL_INTENSITY, {8}, Kind::Unorm),
   ROW(GL_INTENSITY16, GL_INTENSITY, {16}, Kind::Unorm),
   ROW(GL_SLUMINANCE8, GL_LUMINANCE, {8}, Kind::Srgb),
   ROW(GL_SLUMINANCE8_ALPHA8, GL_LUMINANCE_ALPHA, {8, 8}, Kind::Srgb),
   // EXT_texture_snorm
   ROW(GL_ALPHA8_SNORM, GL_ALPHA, {8}, Kind::Snorm),
   ROW(GL_LUMINANCE16_ALPHA16_SNORM, GL_LUMINANCE_ALPHA, {16, 16}, Kind::Snorm),
   // ARB_texture_float
   ROW(GL_ALPHA16F_ARB, GL_ALPHA, {16}, Kind::Float),
   ROW(GL_ALPHA32F_ARB, GL_ALPHA, {32}, Kind::Float),
   ROW(GL_LUMINANCE32F_ARB, GL_LUMINANCE, {32}, Kind::Float),
   ROW(GL_LUMINANCE_ALPHA16F_ARB, GL_LUMINANCE_ALPHA, {16, 16}, Kind::Float),
   ROW(GL_INTENSITY16F_ARB, GL_INTENSITY, {16}, Kind::Float),
   ROW(GL_INTENSITY32F_ARB, GL_INTENSITY, {32}, Kind::Float),
   // EXT_texture_integer
   ROW(GL_ALPHA8I_EXT, GL_ALPHA, {8}, Kind::Sint),
   ROW(GL_ALPHA32UI_EXT, GL_ALPHA, {32}, Kind::Uint),
   ROW(GL_LUMINANCE16UI_EXT, GL_LUMINANCE, {16}, Kind::Uint),
   ROW(GL_LUMINANCE_ALPHA32I_EXT, GL_LUMINANCE_ALPHA, {32, 32}, Kind::Sint),
   ROW(GL_LUMINANCE_ALPHA8UI_EXT, GL_LUMINANCE_ALPHA, {8, 8}, Kind::Uint),
   ROW(GL_INTENSITY8UI_EXT, GL_INTENSITY, {8}, Kind::Uint),
   ROW(GL_INTENSITY16I_EXT, GL_INTENSITY, {16}, Kind::Sint),
   // Table 8.13: depth and stencil (the kind describes the depth component;
   // stencil is sampled as an unsigned integer)
   ROW(GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, {16}, Kind::Unorm, 16, 0),
   ROW(GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, {24}, Kind::Unorm, 24, 0),
   ROW(GL_DEPTH_COMPONENT32, GL_DEPTH_COMPONENT, {32}, Kind::Unorm, 32, 0),
   ROW(GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, {32}, Kind::UFloat, 32, 0),
   ROW(GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, {24, 8}, Kind::Unorm, 24, 8),
   ROW(GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, {32, 8}, Kind::UFloat, 32, 8),
   ROW(GL_STENCIL_INDEX8, GL_STENCIL_INDEX, {8}, Kind::Uint, 0, 8),
   // Table 8.14 and the S3TC extensions: compressed
   ROW(GL_COMPRESSED_RED_RGTC1, GL_RED, {}, Kind::Unorm),
   ROW(GL_COMPRESSED_SIGNED_RED_RGTC1, GL_RED, {}, Kind::Snorm),
   ROW(GL_COMPRESSED_SIGNED_RG_RGTC2, GL_RG, {}, Kind::Snorm),
   ROW(GL_COMPRESSED_RGBA_BPTC_UNORM, GL_RGBA, {}, Kind::Unorm),
   ROW(GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM, GL_RGBA, {}, Kind::Srgb),
   ROW(GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT, GL_RGB, {}, Kind::Float),
   ROW(GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT, GL_RGB, {}, Kind::UFloat),
   ROW(GL_COMPRESSED_RGB8_ETC2, GL_RGB, {}, Kind::Unorm),
   ROW(GL_COMPRESSED_SRGB8_ETC2, GL_RGB, {}, Kind::Srgb),
   ROW(GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, GL_RGBA, {}, Kind::Unorm),
   ROW(GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, GL_RGBA, {}, Kind::Srgb),
   ROW(GL_COMPRESSED_R11_EAC, GL_RED, {}, Kind::Unorm),
   ROW(GL_COMPRESSED_SIGNED_RG11_EAC, GL_RG, {}, Kind::Snorm),
   ROW(GL_COMPRESSED_RGB_S3TC_DXT1_EXT, GL_RGB, {}, Kind::Unorm),
   ROW(GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, GL_RGBA, {}, Kind::Unorm),
   ROW(GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_RGBA, {}, Kind::Unorm),
   ROW(GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, GL_RGB, {}, Kind::Srgb),
   ROW(GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT, GL_RGBA, {}, Kind::Srgb),
};

#undef ROW

unsigned components_of(GLenum base) {
   switch (base) {
   case GL_RED:
   case GL_ALPHA:
   case GL_LUMINANCE:
   case GL_INTENSITY:
   case GL_DEPTH_COMPONENT:
   case GL_STENCIL_INDEX: return 1;
   case GL_RG:
   case GL_LUMINANCE_ALPHA:
   case GL_DEPTH_STENCIL: return 2;
   case GL_RGB: return 3;
   case GL_RGBA: return 4;
   default: return 0;
   }
}

std::string test_name(const char *s) {
   std::string n(s);
   for (char &c : n)
      if (!std::isalnum(static_cast<unsigned char>(c)))
         c = '_';
   return n;
}

class SpecFormat : public ::testing::TestWithParam<SpecRow> {};

TEST_P(SpecFormat, MatchesGlSpecTables) {
   const SpecRow &row = GetParam();
   const pipe_format f = util_format_from_gl_internal_format(row.gl);
   ASSERT_NE(f, PIPE_FORMAT_NONE) << row.gl_name << " is missing from the table";
   const util_format_description *d = util_format_describe(f);
   ASSERT_NE(d, nullptr);
   EXPECT_EQ(d->gl_internal_format, row.gl);
   EXPECT_STREQ(d->gl_name, row.gl_name);
   EXPECT_EQ(gl_internal_format_from_name(row.gl_name), row.gl);
   EXPECT_EQ(d->gl_base_format, row.base);

   const bool is_compressed = row.bits[0] == 0 && row.depth_bits == 0 && row.stencil_bits == 0;
   EXPECT_EQ(d->is_compressed, is_compressed);
   if (is_compressed) {
      EXPECT_EQ(d->nr_channels, components_of(row.base));
   } else {
      unsigned n = 0;
      while (n < 4 && row.bits[n])
         ++n;
      EXPECT_EQ(d->nr_channels, n);
   }
   for (int i = 0; i < 4; ++i)
      EXPECT_EQ(d->channel_bits[i], row.bits[i]) << "component " << i;

   const Flags fl = flags_of(row.kind);
   const bool depth = row.depth_bits != 0;
   EXPECT_EQ(d->is_normalized, fl.normalized);
   EXPECT_EQ(d->is_integer, fl.integer);
   // Depth is never negative in GL (values are clamped to [0, 1]).
   EXPECT_EQ(d->is_signed, fl.is_signed && !depth);
   EXPECT_EQ(d->is_float, fl.is_float);
   EXPECT_EQ(d->is_srgb, fl.srgb);
   EXPECT_EQ(d->depth_bits, row.depth_bits);
   EXPECT_EQ(d->stencil_bits, row.stencil_bits);
}

INSTANTIATE_TEST_SUITE_P(GlSpec, SpecFormat, ::testing::ValuesIn(kSpecRows),
                         [](const ::testing::TestParamInfo<SpecRow> &p) {
                            return test_name(p.param.gl_name);
                         });

// ---------------------------------------------------------------------------
// Storage choices: the pipe_format a GL internal format is stored in, with
// Mesa's PIPE_FORMAT_* spelling.
// ---------------------------------------------------------------------------

struct Storage {
   GLenum gl;
   const char *pipe_name;
};

TEST(PipeFormatStorage, GlFormatsMapToMesaPipeFormats) {
   const Storage cases[] = {
      {GL_RGBA8, "PIPE_FORMAT_R8G8B8A8_UNORM"},
      {GL_RGB8, "PIPE_FORMAT_R8G8B8_UNORM"},
      {GL_RG16_SNORM, "PIPE_FORMAT_R16G16_SNORM"},
      {GL_RGBA32UI, "PIPE_FORMAT_R32G32B32A32_UINT"},
      {GL_SRGB8_ALPHA8, "PIPE_FORMAT_R8G8B8A8_SRGB"},
      {GL_ALPHA8, "PIPE_FORMAT_A8_UNORM"},
      {GL_LUMINANCE8_ALPHA8, "PIPE_FORMAT_L8A8_UNORM"},
      {GL_INTENSITY16F_ARB, "PIPE_FORMAT_I16_FLOAT"},
      {GL_LUMINANCE_ALPHA32UI_EXT, "PIPE_FORMAT_L32A32_UINT"},
      {GL_SLUMINANCE8, "PIPE_FORMAT_L8_SRGB"},
      {GL_DEPTH_COMPONENT16, "PIPE_FORMAT_Z16_UNORM"},
      {GL_DEPTH_COMPONENT24, "PIPE_FORMAT_Z24X8_UNORM"},
      {GL_DEPTH_COMPONENT32, "PIPE_FORMAT_Z32_UNORM"},
      {GL_DEPTH_COMPONENT32F, "PIPE_FORMAT_Z32_FLOAT"},
      {GL_DEPTH24_STENCIL8, "PIPE_FORMAT_Z24_UNORM_S8_UINT"},
      {GL_DEPTH32F_STENCIL8, "PIPE_FORMAT_Z32_FLOAT_S8X24_UINT"},
      {GL_STENCIL_INDEX8, "PIPE_FORMAT_S8_UINT"},
      {GL_RGB565, "PIPE_FORMAT_B5G6R5_UNORM"},
      {GL_RGB9_E5, "PIPE_FORMAT_R9G9B9E5_FLOAT"},
      {GL_R11F_G11F_B10F, "PIPE_FORMAT_R11G11B10_FLOAT"},
      {GL_RGB10_A2UI, "PIPE_FORMAT_R10G10B10A2_UINT"},
      {GL_COMPRESSED_RGB_S3TC_DXT1_EXT, "PIPE_FORMAT_DXT1_RGB"},
      {GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT, "PIPE_FORMAT_DXT5_SRGBA"},
      {GL_COMPRESSED_SIGNED_RG_RGTC2, "PIPE_FORMAT_RGTC2_SNORM"},
      {GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT, "PIPE_FORMAT_BPTC_RGB_FLOAT"},
      {GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT, "PIPE_FORMAT_BPTC_RGB_UFLOAT"},
      {GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2, "PIPE_FORMAT_ETC2_SRGB8A1"},
      {GL_COMPRESSED_SIGNED_RG11_EAC, "PIPE_FORMAT_ETC2_RG11_SNORM"},
   };
   for (const Storage &c : cases)
      EXPECT_STREQ(util_format_name(util_format_from_gl_internal_format(c.gl)), c.pipe_name)
         << "GL internal format 0x" << std::hex << c.gl;
}

TEST(PipeFormatStorage, RgbaUnormKeepsValueOne) {
   EXPECT_EQ(PIPE_FORMAT_NONE, 0);
   EXPECT_EQ(PIPE_FORMAT_R8G8B8A8_UNORM, 1);
}

// Block sizes from the compression extensions: 64-bit blocks for one-plane
// S3TC DXT1, RGTC1, ETC2 RGB/punch-through and EAC R11; 128-bit otherwise.
TEST(PipeFormatStorage, CompressedFormatsUseFourByFourBlocksOfTheSpecifiedSize) {
   const std::pair<GLenum, int> cases[] = {
      {GL_COMPRESSED_RGB_S3TC_DXT1_EXT, 8},
      {GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, 8},
      {GL_COMPRESSED_RGBA_S3TC_DXT3_EXT, 16},
      {GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, 16},
      {GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, 8},
      {GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT, 16},
      {GL_COMPRESSED_RED_RGTC1, 8},
      {GL_COMPRESSED_SIGNED_RG_RGTC2, 16},
      {GL_COMPRESSED_RGBA_BPTC_UNORM, 16},
      {GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT, 16},
      {GL_COMPRESSED_RGB8_ETC2, 8},
      {GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, 8},
      {GL_COMPRESSED_RGBA8_ETC2_EAC, 16},
      {GL_COMPRESSED_SIGNED_R11_EAC, 8},
      {GL_COMPRESSED_RG11_EAC, 16},
   };
   for (const auto &[gl, bytes] : cases) {
      const util_format_description *d = util_format_describe(util_format_from_gl_internal_format(gl));
      ASSERT_NE(d, nullptr) << std::hex << gl;
      EXPECT_EQ(d->block_width, 4) << d->name;
      EXPECT_EQ(d->block_height, 4) << d->name;
      EXPECT_EQ(d->block_bytes, bytes) << d->name;
   }
}

TEST(PipeFormatStorage, DepthStencilTexelSizes) {
   const std::pair<GLenum, int> cases[] = {
      {GL_DEPTH_COMPONENT16, 2}, {GL_DEPTH_COMPONENT24, 4}, {GL_DEPTH_COMPONENT32, 4},
      {GL_DEPTH_COMPONENT32F, 4}, {GL_DEPTH24_STENCIL8, 4}, {GL_DEPTH32F_STENCIL8, 8},
      {GL_STENCIL_INDEX8, 1},
   };
   for (const auto &[gl, bytes] : cases)
      EXPECT_EQ(util_format_describe(util_format_from_gl_internal_format(gl))->block_bytes, bytes)
         << std::hex << gl;
}

TEST(PipeFormatStorage, GlEnumValuesAreKhronosValues) {
   EXPECT_EQ(GL_RGBA8, 0x8058u);
   EXPECT_EQ(GL_R8, 0x8229u);
   EXPECT_EQ(GL_RGB10_A2UI, 0x906Fu);
   EXPECT_EQ(GL_SLUMINANCE8_ALPHA8, 0x8C45u);
   EXPECT_EQ(GL_LUMINANCE_ALPHA8I_EXT, 0x8D93u);
   EXPECT_EQ(GL_INTENSITY32F_ARB, 0x8817u);
   EXPECT_EQ(GL_DEPTH32F_STENCIL8, 0x8CADu);
   EXPECT_EQ(GL_STENCIL_INDEX8, 0x8D48u);
   EXPECT_EQ(GL_COMPRESSED_SRGB_S3TC_DXT1_EXT, 0x8C4Cu);
   EXPECT_EQ(GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT, 0x8E8Fu);
   EXPECT_EQ(GL_COMPRESSED_SIGNED_RG11_EAC, 0x9273u);
}

// ---------------------------------------------------------------------------
// Invariants over the whole table.
// ---------------------------------------------------------------------------

std::vector<const util_format_description *> all_formats() {
   std::vector<const util_format_description *> v;
   for (unsigned i = 1; i < PIPE_FORMAT_COUNT; ++i)
      v.push_back(util_format_describe(static_cast<pipe_format>(i)));
   return v;
}

TEST(PipeFormatTable, EntryIDescribesFormatI) {
   for (unsigned i = 1; i < PIPE_FORMAT_COUNT; ++i) {
      const util_format_description *d = util_format_describe(static_cast<pipe_format>(i));
      ASSERT_NE(d, nullptr) << i;
      EXPECT_EQ(d->format, static_cast<pipe_format>(i)) << d->name;
   }
}

TEST(PipeFormatTable, NoneAndOutOfRangeHaveNoDescription) {
   EXPECT_EQ(util_format_describe(PIPE_FORMAT_NONE), nullptr);
   EXPECT_EQ(util_format_describe(PIPE_FORMAT_COUNT), nullptr);
   EXPECT_EQ(util_format_describe(static_cast<pipe_format>(0xFFFF)), nullptr);
   EXPECT_STREQ(util_format_name(PIPE_FORMAT_NONE), "PIPE_FORMAT_NONE");
   EXPECT_STREQ(util_format_name(PIPE_FORMAT_COUNT), "PIPE_FORMAT_NONE");
   EXPECT_FALSE(util_format_has_depth(nullptr));
   EXPECT_FALSE(util_format_has_stencil(nullptr));
   EXPECT_FALSE(util_format_is_pure_integer(nullptr));
}

TEST(PipeFormatTable, IntegerFormatsAreNeitherNormalizedNorFloat) {
   for (const auto *d : all_formats()) {
      if (!d->is_integer)
         continue;
      EXPECT_FALSE(d->is_normalized) << d->name;
      EXPECT_FALSE(d->is_float) << d->name;
      EXPECT_FALSE(d->is_srgb) << d->name;
      EXPECT_FALSE(d->is_compressed) << d->name;
      EXPECT_TRUE(util_format_is_pure_integer(d)) << d->name;
   }
}

TEST(PipeFormatTable, FloatFormatsAreNotNormalized) {
   for (const auto *d : all_formats()) {
      if (d->is_float) {
         EXPECT_FALSE(d->is_normalized) << d->name;
      }
   }
}

TEST(PipeFormatTable, SrgbFormatsAreUnsignedNormalizedColour) {
   for (const auto *d : all_formats()) {
      if (!d->is_srgb)
         continue;
      EXPECT_TRUE(d->is_normalized) << d->name;
      EXPECT_FALSE(d->is_signed) << d->name;
      EXPECT_EQ(d->type, UTIL_FORMAT_TYPE_UNSIGNED) << d->name;
      EXPECT_EQ(d->depth_bits + d->stencil_bits, 0) << d->name;
   }
}

TEST(PipeFormatTable, EveryFormatIsExactlyOneOfNormalizedIntegerOrFloat) {
   for (const auto *d : all_formats())
      EXPECT_EQ(int(d->is_normalized) + int(d->is_integer) + int(d->is_float), 1) << d->name;
}

TEST(PipeFormatTable, TypeAgreesWithFlags) {
   for (const auto *d : all_formats()) {
      const util_format_type expected = d->is_float    ? UTIL_FORMAT_TYPE_FLOAT
                                        : d->is_signed ? UTIL_FORMAT_TYPE_SIGNED
                                                       : UTIL_FORMAT_TYPE_UNSIGNED;
      EXPECT_EQ(d->type, expected) << d->name;
   }
}

TEST(PipeFormatTable, CompressedFormatsHaveBlocksLargerThanOneTexel) {
   for (const auto *d : all_formats()) {
      const bool multi = d->block_width > 1 || d->block_height > 1;
      EXPECT_EQ(d->is_compressed, multi) << d->name;
      EXPECT_GT(d->block_bytes, 0) << d->name;
      if (d->is_compressed) {
         for (uint8_t b : d->channel_bits) {
            EXPECT_EQ(b, 0) << d->name;
         }
      }
   }
}

TEST(PipeFormatTable, UncompressedBitsFitTheTexelAndListOnlyStoredComponents) {
   for (const auto *d : all_formats()) {
      if (d->is_compressed)
         continue;
      unsigned total = 0;
      for (unsigned i = 0; i < 4; ++i) {
         if (i < d->nr_channels) {
            EXPECT_GT(d->channel_bits[i], 0) << d->name << " component " << i;
         } else {
            EXPECT_EQ(d->channel_bits[i], 0) << d->name << " component " << i;
         }
         total += d->channel_bits[i];
      }
      EXPECT_LE(total, d->block_bytes * 8u) << d->name;
      // Colour texels round up to whole bytes; depth formats pad explicitly
      // (Z24X8, Z32_FLOAT_S8X24) so they are exempt.
      if (!util_format_has_depth(d)) {
         EXPECT_GT(total + 8, d->block_bytes * 8u) << d->name << " wastes a whole byte";
      }
   }
}

TEST(PipeFormatTable, ComponentCountMatchesBaseFormat) {
   for (const auto *d : all_formats())
      EXPECT_EQ(d->nr_channels, components_of(d->gl_base_format)) << d->name;
}

TEST(PipeFormatTable, DepthFormatsHaveDepthBitsAndAreNotInteger) {
   for (const auto *d : all_formats()) {
      const bool depth_base = d->gl_base_format == GL_DEPTH_COMPONENT || d->gl_base_format == GL_DEPTH_STENCIL;
      EXPECT_EQ(util_format_has_depth(d), depth_base) << d->name;
      if (depth_base) {
         EXPECT_FALSE(d->is_integer) << d->name;
         EXPECT_FALSE(d->is_signed) << d->name;
         EXPECT_EQ(d->channel_bits[0], d->depth_bits) << d->name;
      }
   }
}

TEST(PipeFormatTable, StencilFormatsHaveStencilBits) {
   for (const auto *d : all_formats()) {
      const bool stencil_base = d->gl_base_format == GL_DEPTH_STENCIL || d->gl_base_format == GL_STENCIL_INDEX;
      EXPECT_EQ(util_format_has_stencil(d), stencil_base) << d->name;
      if (d->gl_base_format == GL_STENCIL_INDEX) {
         EXPECT_TRUE(d->is_integer) << d->name << ": stencil is sampled as uint";
         EXPECT_EQ(d->type, UTIL_FORMAT_TYPE_UNSIGNED) << d->name;
      }
   }
}

TEST(PipeFormatTable, ColourFormatsHaveNoDepthOrStencil) {
   for (const auto *d : all_formats()) {
      const GLenum b = d->gl_base_format;
      if (b == GL_DEPTH_COMPONENT || b == GL_DEPTH_STENCIL || b == GL_STENCIL_INDEX)
         continue;
      EXPECT_EQ(d->depth_bits, 0) << d->name;
      EXPECT_EQ(d->stencil_bits, 0) << d->name;
      EXPECT_NE(components_of(b), 0u) << d->name << " has an unknown base format";
   }
}

TEST(PipeFormatTable, NamesCarryTheirPrefixes) {
   for (const auto *d : all_formats()) {
      EXPECT_EQ(std::string_view(d->name).substr(0, 12), "PIPE_FORMAT_") << d->name;
      EXPECT_EQ(std::string_view(d->gl_name).substr(0, 3), "GL_") << d->gl_name;
   }
}

TEST(PipeFormatTable, EveryGlNameRoundTrips) {
   for (const auto *d : all_formats()) {
      EXPECT_EQ(gl_internal_format_from_name(d->gl_name), d->gl_internal_format) << d->gl_name;
      EXPECT_EQ(util_format_from_gl_internal_format(d->gl_internal_format), d->format) << d->gl_name;
   }
}

TEST(PipeFormatTable, EveryPipeNameRoundTrips) {
   for (const auto *d : all_formats()) {
      EXPECT_EQ(util_format_from_name(d->name), d->format) << d->name;
      EXPECT_STREQ(util_format_name(d->format), d->name);
   }
}

TEST(PipeFormatTable, NoTwoEntriesShareAGlFormatOrAName) {
   std::set<uint32_t> gl;
   std::set<std::string_view> gl_names, names;
   for (const auto *d : all_formats()) {
      EXPECT_TRUE(gl.insert(d->gl_internal_format).second) << d->gl_name;
      EXPECT_TRUE(gl_names.insert(d->gl_name).second) << d->gl_name;
      EXPECT_TRUE(names.insert(d->name).second) << d->name;
   }
}

TEST(PipeFormatTable, CoversEveryFormatTheBriefRequires) {
   const GLenum required[] = {
      GL_R8, GL_R8_SNORM, GL_R16, GL_R16_SNORM, GL_R16F, GL_R32F, GL_R8I, GL_R8UI, GL_R16I, GL_R16UI,
      GL_R32I, GL_R32UI, GL_RG8, GL_RG8_SNORM, GL_RG16, GL_RG16_SNORM, GL_RG16F, GL_RG32F, GL_RG8I,
      GL_RG8UI, GL_RG16I, GL_RG16UI, GL_RG32I, GL_RG32UI, GL_RGB8, GL_RGB8_SNORM, GL_RGB16,
      GL_RGB16_SNORM, GL_RGB16F, GL_RGB32F, GL_RGB8I, GL_RGB8UI, GL_RGB16I, GL_RGB16UI, GL_RGB32I,
      GL_RGB32UI, GL_RGBA8, GL_RGBA8_SNORM, GL_RGBA16, GL_RGBA16_SNORM, GL_RGBA16F, GL_RGBA32F,
      GL_RGBA8I, GL_RGBA8UI, GL_RGBA16I, GL_RGBA16UI, GL_RGBA32I, GL_RGBA32UI, GL_SRGB8,
      GL_SRGB8_ALPHA8, GL_RGB10_A2, GL_RGB10_A2UI, GL_R11F_G11F_B10F, GL_RGB9_E5, GL_RGB565,
      GL_RGBA4, GL_RGB5_A1, GL_ALPHA8, GL_ALPHA16, GL_LUMINANCE8, GL_LUMINANCE16,
      GL_LUMINANCE8_ALPHA8, GL_LUMINANCE16_ALPHA16, GL_INTENSITY8, GL_INTENSITY16, GL_ALPHA16F_ARB,
      GL_ALPHA32F_ARB, GL_LUMINANCE16F_ARB, GL_LUMINANCE32F_ARB, GL_LUMINANCE_ALPHA16F_ARB,
      GL_LUMINANCE_ALPHA32F_ARB, GL_INTENSITY16F_ARB, GL_INTENSITY32F_ARB, GL_ALPHA8I_EXT,
      GL_ALPHA8UI_EXT, GL_ALPHA16I_EXT, GL_ALPHA16UI_EXT, GL_ALPHA32I_EXT, GL_ALPHA32UI_EXT,
      GL_LUMINANCE8I_EXT, GL_LUMINANCE8UI_EXT, GL_LUMINANCE16I_EXT, GL_LUMINANCE16UI_EXT,
      GL_LUMINANCE32I_EXT, GL_LUMINANCE32UI_EXT, GL_LUMINANCE_ALPHA8I_EXT, GL_LUMINANCE_ALPHA8UI_EXT,
      GL_LUMINANCE_ALPHA16I_EXT, GL_LUMINANCE_ALPHA16UI_EXT, GL_LUMINANCE_ALPHA32I_EXT,
      GL_LUMINANCE_ALPHA32UI_EXT, GL_INTENSITY8I_EXT, GL_INTENSITY8UI_EXT, GL_INTENSITY16I_EXT,
      GL_INTENSITY16UI_EXT, GL_INTENSITY32I_EXT, GL_INTENSITY32UI_EXT, GL_DEPTH_COMPONENT16,
      GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT32, GL_DEPTH_COMPONENT32F, GL_DEPTH24_STENCIL8,
      GL_DEPTH32F_STENCIL8, GL_STENCIL_INDEX8, GL_COMPRESSED_RGBA_BPTC_UNORM,
      GL_COMPRESSED_SRGB_ALPHA_BPTC_UNORM, GL_COMPRESSED_RGB_BPTC_SIGNED_FLOAT,
      GL_COMPRESSED_RGB_BPTC_UNSIGNED_FLOAT, GL_COMPRESSED_RED_RGTC1, GL_COMPRESSED_SIGNED_RED_RGTC1,
      GL_COMPRESSED_RG_RGTC2, GL_COMPRESSED_SIGNED_RG_RGTC2, GL_COMPRESSED_RGB_S3TC_DXT1_EXT,
      GL_COMPRESSED_RGBA_S3TC_DXT1_EXT, GL_COMPRESSED_RGBA_S3TC_DXT3_EXT,
      GL_COMPRESSED_RGBA_S3TC_DXT5_EXT, GL_COMPRESSED_SRGB_S3TC_DXT1_EXT,
      GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT1_EXT, GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT3_EXT,
      GL_COMPRESSED_SRGB_ALPHA_S3TC_DXT5_EXT, GL_COMPRESSED_RGB8_ETC2, GL_COMPRESSED_SRGB8_ETC2,
      GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2,
      GL_COMPRESSED_RGBA8_ETC2_EAC, GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, GL_COMPRESSED_R11_EAC,
      GL_COMPRESSED_SIGNED_R11_EAC, GL_COMPRESSED_RG11_EAC, GL_COMPRESSED_SIGNED_RG11_EAC,
   };
   for (GLenum gl : required)
      EXPECT_NE(util_format_from_gl_internal_format(gl), PIPE_FORMAT_NONE) << "0x" << std::hex << gl;
}

// ---------------------------------------------------------------------------
// util_format_linear
// ---------------------------------------------------------------------------

TEST(PipeFormatLinear, EachSrgbFormatMapsToItsUnormCounterpart) {
   const std::pair<pipe_format, pipe_format> pairs[] = {
      {PIPE_FORMAT_R8_SRGB, PIPE_FORMAT_R8_UNORM},
      {PIPE_FORMAT_R8G8_SRGB, PIPE_FORMAT_R8G8_UNORM},
      {PIPE_FORMAT_R8G8B8_SRGB, PIPE_FORMAT_R8G8B8_UNORM},
      {PIPE_FORMAT_R8G8B8A8_SRGB, PIPE_FORMAT_R8G8B8A8_UNORM},
      {PIPE_FORMAT_L8_SRGB, PIPE_FORMAT_L8_UNORM},
      {PIPE_FORMAT_L8A8_SRGB, PIPE_FORMAT_L8A8_UNORM},
      {PIPE_FORMAT_DXT1_SRGB, PIPE_FORMAT_DXT1_RGB},
      {PIPE_FORMAT_DXT1_SRGBA, PIPE_FORMAT_DXT1_RGBA},
      {PIPE_FORMAT_DXT3_SRGBA, PIPE_FORMAT_DXT3_RGBA},
      {PIPE_FORMAT_DXT5_SRGBA, PIPE_FORMAT_DXT5_RGBA},
      {PIPE_FORMAT_BPTC_SRGBA, PIPE_FORMAT_BPTC_RGBA_UNORM},
      {PIPE_FORMAT_ETC2_SRGB8, PIPE_FORMAT_ETC2_RGB8},
      {PIPE_FORMAT_ETC2_SRGB8A1, PIPE_FORMAT_ETC2_RGB8A1},
      {PIPE_FORMAT_ETC2_SRGBA8, PIPE_FORMAT_ETC2_RGBA8},
   };
   unsigned srgb_count = 0;
   for (const auto *d : all_formats())
      srgb_count += d->is_srgb;
   EXPECT_EQ(srgb_count, std::size(pairs)) << "an sRGB format is missing from this list";
   for (const auto &[srgb, linear] : pairs) {
      EXPECT_TRUE(util_format_describe(srgb)->is_srgb) << util_format_name(srgb);
      EXPECT_EQ(util_format_linear(srgb), linear) << util_format_name(srgb);
   }
}

TEST(PipeFormatLinear, LinearCounterpartKeepsBaseFormatAndLayout) {
   for (const auto *d : all_formats()) {
      const util_format_description *l = util_format_describe(util_format_linear(d->format));
      ASSERT_NE(l, nullptr) << d->name;
      EXPECT_FALSE(l->is_srgb) << d->name;
      EXPECT_EQ(l->gl_base_format, d->gl_base_format) << d->name;
      EXPECT_EQ(l->nr_channels, d->nr_channels) << d->name;
      EXPECT_EQ(l->block_bytes, d->block_bytes) << d->name;
      EXPECT_EQ(l->block_width, d->block_width) << d->name;
      EXPECT_EQ(l->is_normalized, d->is_normalized) << d->name;
      if (d->is_srgb) {
         EXPECT_NE(l->format, d->format) << d->name;
      }
   }
}

TEST(PipeFormatLinear, NonSrgbFormatsAreUnchanged) {
   EXPECT_EQ(util_format_linear(PIPE_FORMAT_NONE), PIPE_FORMAT_NONE);
   for (const auto *d : all_formats()) {
      if (!d->is_srgb) {
         EXPECT_EQ(util_format_linear(d->format), d->format) << d->name;
      }
   }
}

// ---------------------------------------------------------------------------
// Lookups of unknown names and values
// ---------------------------------------------------------------------------

TEST(PipeFormatLookup, UnknownPipeNamesGiveNone) {
   EXPECT_EQ(util_format_from_name(""), PIPE_FORMAT_NONE);
   EXPECT_EQ(util_format_from_name("PIPE_FORMAT_NONE"), PIPE_FORMAT_NONE);
   EXPECT_EQ(util_format_from_name("PIPE_FORMAT_BOGUS"), PIPE_FORMAT_NONE);
   EXPECT_EQ(util_format_from_name("R8G8B8A8_UNORM"), PIPE_FORMAT_NONE);
   EXPECT_EQ(util_format_from_name("pipe_format_r8g8b8a8_unorm"), PIPE_FORMAT_NONE);
   EXPECT_EQ(util_format_from_name("PIPE_FORMAT_R8G8B8A8_UNORM "), PIPE_FORMAT_NONE);
   EXPECT_EQ(util_format_from_name("PIPE_FORMAT_ASTC_4x4"), PIPE_FORMAT_NONE);
}

TEST(PipeFormatLookup, UnknownGlNamesGiveZero) {
   EXPECT_EQ(gl_internal_format_from_name(""), 0u);
   EXPECT_EQ(gl_internal_format_from_name("GL_RGBA"), 0u);  // unsized
   EXPECT_EQ(gl_internal_format_from_name("GL_BOGUS8"), 0u);
   EXPECT_EQ(gl_internal_format_from_name("RGBA8"), 0u);
   EXPECT_EQ(gl_internal_format_from_name("gl_rgba8"), 0u);
   EXPECT_EQ(gl_internal_format_from_name("GL_RGBA8_EXT"), 0u);  // only the stored spelling
   EXPECT_EQ(gl_internal_format_from_name("GL_RGBA8"), 0x8058u);
}

TEST(PipeFormatLookup, UnsizedOrUnknownGlValuesGiveNone) {
   EXPECT_EQ(util_format_from_gl_internal_format(0), PIPE_FORMAT_NONE);
   EXPECT_EQ(util_format_from_gl_internal_format(GL_RGBA), PIPE_FORMAT_NONE);
   EXPECT_EQ(util_format_from_gl_internal_format(GL_RGB), PIPE_FORMAT_NONE);
   EXPECT_EQ(util_format_from_gl_internal_format(GL_LUMINANCE_ALPHA), PIPE_FORMAT_NONE);
   EXPECT_EQ(util_format_from_gl_internal_format(GL_DEPTH_COMPONENT), PIPE_FORMAT_NONE);
   EXPECT_EQ(util_format_from_gl_internal_format(GL_DEPTH_STENCIL), PIPE_FORMAT_NONE);
   EXPECT_EQ(util_format_from_gl_internal_format(0x84ED), PIPE_FORMAT_NONE);  // GL_COMPRESSED_RGB
   EXPECT_EQ(util_format_from_gl_internal_format(0xFFFFFFFFu), PIPE_FORMAT_NONE);
}

}  // namespace
}  // namespace clampler
