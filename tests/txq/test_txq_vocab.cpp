// Tests of txq's vocabularies: GL's and OpenCL's channel order and data type per format, the names, and the OpenCL values against CL/cl.h.
#include <gtest/gtest.h>

#include <string>

#include "clampler/txq/txq_vocab.h"

#ifdef CLAMPLER_HAVE_CL_H
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#endif

namespace clampler {
namespace {

struct format_case {
   const char *gl_name;
   uint32_t gl_order, gl_type;  // GL 4.6 tables 8.11 / 8.12 and glGetTexLevelParameter's *_TYPE
   uint32_t cl_order, cl_type;  // OpenCL 3.0 §5.3.1.1 (0: OpenCL has none)
};

// GL values by number: GL_RED 0x1903, GL_RG 0x8227, GL_RGB 0x1907, GL_RGBA 0x1908, GL_ALPHA 0x1906,
// GL_LUMINANCE 0x1909, GL_LUMINANCE_ALPHA 0x190A, GL_INTENSITY 0x8049, GL_DEPTH_COMPONENT 0x1902,
// GL_DEPTH_STENCIL 0x84F9, GL_STENCIL_INDEX 0x1901; GL_UNSIGNED_NORMALIZED 0x8C17,
// GL_SIGNED_NORMALIZED 0x8F9C, GL_FLOAT 0x1406, GL_INT 0x1404, GL_UNSIGNED_INT 0x1405.
const format_case kFormats[] = {
   {"GL_RGBA8", 0x1908, 0x8C17, 0x10B5, 0x10D2},           // CL_RGBA, CL_UNORM_INT8
   {"GL_RGBA8_SNORM", 0x1908, 0x8F9C, 0x10B5, 0x10D0},     // CL_SNORM_INT8
   {"GL_R16", 0x1903, 0x8C17, 0x10B0, 0x10D3},             // CL_R, CL_UNORM_INT16
   {"GL_RG16_SNORM", 0x8227, 0x8F9C, 0x10B2, 0x10D1},      // CL_RG, CL_SNORM_INT16
   {"GL_RGB8", 0x1907, 0x8C17, 0x10B4, 0x10D2},            // CL_RGB, CL_UNORM_INT8
   {"GL_RGBA16F", 0x1908, 0x1406, 0x10B5, 0x10DD},         // CL_HALF_FLOAT
   {"GL_R32F", 0x1903, 0x1406, 0x10B0, 0x10DE},            // CL_FLOAT
   {"GL_RGBA8I", 0x1908, 0x1404, 0x10B5, 0x10D7},          // CL_SIGNED_INT8
   {"GL_RG16UI", 0x8227, 0x1405, 0x10B2, 0x10DB},          // CL_UNSIGNED_INT16
   {"GL_R32I", 0x1903, 0x1404, 0x10B0, 0x10D9},            // CL_SIGNED_INT32
   {"GL_RGBA32UI", 0x1908, 0x1405, 0x10B5, 0x10DC},        // CL_UNSIGNED_INT32
   {"GL_SRGB8_ALPHA8", 0x1908, 0x8C17, 0x10C1, 0x10D2},    // CL_sRGBA
   {"GL_SRGB8", 0x1907, 0x8C17, 0x10BF, 0x10D2},           // CL_sRGB
   {"GL_RGB565", 0x1907, 0x8C17, 0x10B4, 0x10D4},          // CL_UNORM_SHORT_565
   {"GL_RGB5", 0x1907, 0x8C17, 0x10B4, 0x10D5},            // CL_UNORM_SHORT_555
   {"GL_RGB10", 0x1907, 0x8C17, 0x10B4, 0x10D6},           // CL_UNORM_INT_101010
   {"GL_RGB10_A2", 0x1908, 0x8C17, 0x10B5, 0x10E0},        // CL_UNORM_INT_101010_2
   {"GL_RGBA4", 0x1908, 0x8C17, 0x10B5, 0},                // no 4-4-4-4 type
   {"GL_R11F_G11F_B10F", 0x1907, 0x1406, 0x10B4, 0},
   {"GL_RGB9_E5", 0x1907, 0x1406, 0x10B4, 0},
   {"GL_ALPHA8", 0x1906, 0x8C17, 0x10B1, 0x10D2},          // CL_A
   {"GL_LUMINANCE16", 0x1909, 0x8C17, 0x10B9, 0x10D3},     // CL_LUMINANCE
   {"GL_INTENSITY8", 0x8049, 0x8C17, 0x10B8, 0x10D2},      // CL_INTENSITY
   {"GL_LUMINANCE8_ALPHA8", 0x190A, 0x8C17, 0, 0x10D2},    // no luminance-alpha order
   {"GL_DEPTH_COMPONENT16", 0x1902, 0x8C17, 0x10BD, 0x10D3},  // CL_DEPTH, CL_UNORM_INT16
   {"GL_DEPTH_COMPONENT24", 0x1902, 0x8C17, 0x10BD, 0x10DF},  // CL_UNORM_INT24
   {"GL_DEPTH_COMPONENT32F", 0x1902, 0x1406, 0x10BD, 0x10DE},
   {"GL_DEPTH24_STENCIL8", 0x84F9, 0x8C17, 0x10BE, 0x10DF},   // CL_DEPTH_STENCIL (cl_khr_gl_depth_images)
   {"GL_DEPTH32F_STENCIL8", 0x84F9, 0x1406, 0x10BE, 0x10DE},
   {"GL_STENCIL_INDEX8", 0x1901, 0, 0, 0},                     // GL reports no component type
   {"GL_COMPRESSED_RED_RGTC1", 0x1903, 0x8C17, 0x10B0, 0},
   {"GL_COMPRESSED_SIGNED_RED_RGTC1", 0x1903, 0x8F9C, 0x10B0, 0},
};

class TxqVocabulary : public ::testing::TestWithParam<format_case> {};

TEST_P(TxqVocabulary, ChannelOrderAndTypeInBothLanguages) {
   const format_case &c = GetParam();
   const util_format_description *d =
      util_format_describe(util_format_from_gl_internal_format(gl_internal_format_from_name(c.gl_name)));
   ASSERT_NE(d, nullptr) << c.gl_name;
   EXPECT_EQ(txq_channel_order(txq_language::gl, *d), c.gl_order) << c.gl_name;
   EXPECT_EQ(txq_channel_data_type(txq_language::gl, *d), c.gl_type) << c.gl_name;
   EXPECT_EQ(txq_channel_order(txq_language::opencl, *d), c.cl_order) << c.gl_name;
   EXPECT_EQ(txq_channel_data_type(txq_language::opencl, *d), c.cl_type) << c.gl_name;
   EXPECT_STRNE(txq_channel_order_name(txq_language::gl, c.gl_order), "?") << c.gl_name;
   EXPECT_STRNE(txq_channel_data_type_name(txq_language::opencl, c.cl_type), "?") << c.gl_name;
}

INSTANTIATE_TEST_SUITE_P(Formats, TxqVocabulary, ::testing::ValuesIn(kFormats));

TEST(TxqVocabularyNames, SeedEnumsAreSpelledAsTheSeed) {
   EXPECT_STREQ(txq_filter_mode_name(0), "nearest");
   EXPECT_STREQ(txq_filter_mode_name(1), "linear");
   const char *seed[] = {"wrap", "mirror", "clamp_ogl", "clamp_to_edge", "clamp_to_border"};
   for (uint32_t i = 0; i < 5; ++i)
      EXPECT_STREQ(txq_addr_mode_name(i), seed[i]);
   EXPECT_STREQ(txq_addr_mode_name(6), "mirror_clamp_to_edge");
   EXPECT_STREQ(txq_addr_mode_name(8), "?");
   EXPECT_STREQ(txq_channel_data_type_name(txq_language::opencl, 0), "none");
}

TEST(TxqVocabularyNames, AnUnknownWrapHasNoAddressMode) { EXPECT_EQ(txq_addr_mode_of(0x1234), UINT32_MAX); }

#ifdef CLAMPLER_HAVE_CL_H
TEST(TxqOpenClValues, EveryConstantEqualsClH) {
   const struct {
      const char *name;
      uint32_t ours, khronos;
   } values[] = {
#define V(x) {#x, TXQ_##x, x}
      V(CL_R), V(CL_A), V(CL_RG), V(CL_RA), V(CL_RGB), V(CL_RGBA), V(CL_BGRA), V(CL_ARGB),
      V(CL_INTENSITY), V(CL_LUMINANCE), V(CL_Rx), V(CL_RGx), V(CL_RGBx), V(CL_DEPTH),
      V(CL_DEPTH_STENCIL), V(CL_sRGB), V(CL_sRGBx), V(CL_sRGBA), V(CL_sBGRA), V(CL_ABGR),
      V(CL_SNORM_INT8), V(CL_SNORM_INT16), V(CL_UNORM_INT8), V(CL_UNORM_INT16), V(CL_UNORM_SHORT_565),
      V(CL_UNORM_SHORT_555), V(CL_UNORM_INT_101010), V(CL_SIGNED_INT8), V(CL_SIGNED_INT16),
      V(CL_SIGNED_INT32), V(CL_UNSIGNED_INT8), V(CL_UNSIGNED_INT16), V(CL_UNSIGNED_INT32),
      V(CL_HALF_FLOAT), V(CL_FLOAT), V(CL_UNORM_INT24), V(CL_UNORM_INT_101010_2),
#undef V
   };
   for (const auto &v : values)
      EXPECT_EQ(v.ours, v.khronos) << v.name;
}
#endif

}  // namespace
}  // namespace clampler
