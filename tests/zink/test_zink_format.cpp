// Tests of pipe_format -> VkFormat + view swizzle: sampling through the view must return what GL returns.
#include <gtest/gtest.h>

#include <cstring>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "clampler/gl/gl_enums.h"
#include "clampler/pipe/p_format.h"
#include "clampler/zink/zink_format.h"

namespace clampler {
namespace {

// ---------------------------------------------------------------------------
// Vulkan facts, written from the Vulkan specification's format definitions
// (chapter "Formats": format descriptions, "Texel block size" and the
// compatible-formats table). Not derived from the code under test.
//
// Uncompressed formats are described by their enumerator token, which the spec
// defines precisely: components in the order named; for *_PACKnn formats the
// first-named component occupies the most significant bits, otherwise
// component i occupies byte i. The numeric format applies to the components
// named before it (D24_UNORM_S8_UINT: D is UNORM, S is UINT). *_SRGB formats
// decode R, G and B but never A.
// ---------------------------------------------------------------------------

struct VkSpec {
   VkFormat format;
   const char *token;          // the enumerator without "VK_FORMAT_"
   unsigned bytes;             // texel block size
   const char *block_channels;  // compressed: the components a block provides; nullptr otherwise
   const char *block_numeric;   // compressed: the numeric format
};

#define VKS(tok, bytes) VkSpec{VK_FORMAT_##tok, #tok, bytes, nullptr, nullptr}
#define VKB(tok, bytes, channels, numeric) VkSpec{VK_FORMAT_##tok, #tok, bytes, channels, numeric}

const VkSpec kVkSpec[] = {
   VKS(R4G4_UNORM_PACK8, 1),
   VKS(B4G4R4A4_UNORM_PACK16, 2),
   VKS(A4R4G4B4_UNORM_PACK16, 2),
   VKS(R5G6B5_UNORM_PACK16, 2),
   VKS(A1R5G5B5_UNORM_PACK16, 2),
   VKS(R8_UNORM, 1), VKS(R8_SNORM, 1), VKS(R8_UINT, 1), VKS(R8_SINT, 1), VKS(R8_SRGB, 1),
   VKS(R8G8_UNORM, 2), VKS(R8G8_SNORM, 2), VKS(R8G8_UINT, 2), VKS(R8G8_SINT, 2), VKS(R8G8_SRGB, 2),
   VKS(R8G8B8_UNORM, 3), VKS(R8G8B8_SNORM, 3), VKS(R8G8B8_UINT, 3), VKS(R8G8B8_SINT, 3),
   VKS(R8G8B8_SRGB, 3),
   VKS(R8G8B8A8_UNORM, 4), VKS(R8G8B8A8_SNORM, 4), VKS(R8G8B8A8_UINT, 4), VKS(R8G8B8A8_SINT, 4),
   VKS(R8G8B8A8_SRGB, 4),
   VKS(A2B10G10R10_UNORM_PACK32, 4), VKS(A2B10G10R10_UINT_PACK32, 4),
   VKS(R16_UNORM, 2), VKS(R16_SNORM, 2), VKS(R16_UINT, 2), VKS(R16_SINT, 2), VKS(R16_SFLOAT, 2),
   VKS(R16G16_UNORM, 4), VKS(R16G16_SNORM, 4), VKS(R16G16_UINT, 4), VKS(R16G16_SINT, 4),
   VKS(R16G16_SFLOAT, 4),
   VKS(R16G16B16_UNORM, 6), VKS(R16G16B16_SNORM, 6), VKS(R16G16B16_UINT, 6), VKS(R16G16B16_SINT, 6),
   VKS(R16G16B16_SFLOAT, 6),
   VKS(R16G16B16A16_UNORM, 8), VKS(R16G16B16A16_SNORM, 8), VKS(R16G16B16A16_UINT, 8),
   VKS(R16G16B16A16_SINT, 8), VKS(R16G16B16A16_SFLOAT, 8),
   VKS(R32_UINT, 4), VKS(R32_SINT, 4), VKS(R32_SFLOAT, 4),
   VKS(R32G32_UINT, 8), VKS(R32G32_SINT, 8), VKS(R32G32_SFLOAT, 8),
   VKS(R32G32B32_UINT, 12), VKS(R32G32B32_SINT, 12), VKS(R32G32B32_SFLOAT, 12),
   VKS(R32G32B32A32_UINT, 16), VKS(R32G32B32A32_SINT, 16), VKS(R32G32B32A32_SFLOAT, 16),
   VKS(B10G11R11_UFLOAT_PACK32, 4),
   VKS(E5B9G9R9_UFLOAT_PACK32, 4),
   VKS(D16_UNORM, 2),
   VKS(X8_D24_UNORM_PACK32, 4),
   VKS(D32_SFLOAT, 4),
   VKS(S8_UINT, 1),
   VKS(D24_UNORM_S8_UINT, 4),
   VKS(D32_SFLOAT_S8_UINT, 5),
   // Block-compressed: 4x4 texels per block.
   VKB(BC1_RGB_UNORM_BLOCK, 8, "RGB", "UNORM"), VKB(BC1_RGB_SRGB_BLOCK, 8, "RGB", "SRGB"),
   VKB(BC1_RGBA_UNORM_BLOCK, 8, "RGBA", "UNORM"), VKB(BC1_RGBA_SRGB_BLOCK, 8, "RGBA", "SRGB"),
   VKB(BC2_UNORM_BLOCK, 16, "RGBA", "UNORM"), VKB(BC2_SRGB_BLOCK, 16, "RGBA", "SRGB"),
   VKB(BC3_UNORM_BLOCK, 16, "RGBA", "UNORM"), VKB(BC3_SRGB_BLOCK, 16, "RGBA", "SRGB"),
   VKB(BC4_UNORM_BLOCK, 8, "R", "UNORM"), VKB(BC4_SNORM_BLOCK, 8, "R", "SNORM"),
   VKB(BC5_UNORM_BLOCK, 16, "RG", "UNORM"), VKB(BC5_SNORM_BLOCK, 16, "RG", "SNORM"),
   VKB(BC6H_UFLOAT_BLOCK, 16, "RGB", "UFLOAT"), VKB(BC6H_SFLOAT_BLOCK, 16, "RGB", "SFLOAT"),
   VKB(BC7_UNORM_BLOCK, 16, "RGBA", "UNORM"), VKB(BC7_SRGB_BLOCK, 16, "RGBA", "SRGB"),
   VKB(ETC2_R8G8B8_UNORM_BLOCK, 8, "RGB", "UNORM"), VKB(ETC2_R8G8B8_SRGB_BLOCK, 8, "RGB", "SRGB"),
   VKB(ETC2_R8G8B8A1_UNORM_BLOCK, 8, "RGBA", "UNORM"), VKB(ETC2_R8G8B8A1_SRGB_BLOCK, 8, "RGBA", "SRGB"),
   VKB(ETC2_R8G8B8A8_UNORM_BLOCK, 16, "RGBA", "UNORM"), VKB(ETC2_R8G8B8A8_SRGB_BLOCK, 16, "RGBA", "SRGB"),
   VKB(EAC_R11_UNORM_BLOCK, 8, "R", "UNORM"), VKB(EAC_R11_SNORM_BLOCK, 8, "R", "SNORM"),
   VKB(EAC_R11G11_UNORM_BLOCK, 16, "RG", "UNORM"), VKB(EAC_R11G11_SNORM_BLOCK, 16, "RG", "SNORM"),
};

#undef VKS
#undef VKB

const VkSpec *vk_spec(VkFormat f) {
   for (const VkSpec &s : kVkSpec)
      if (s.format == f)
         return &s;
   return nullptr;
}

// One component of a texel: its name, width, least significant bit, numeric format.
struct Comp {
   char name;
   unsigned bits;
   unsigned offset;
   std::string numeric;
};

bool is_numeric(std::string_view part) {
   return part == "UNORM" || part == "SNORM" || part == "UINT" || part == "SINT" || part == "SFLOAT" ||
          part == "UFLOAT" || part == "SRGB";
}

std::vector<std::string_view> split(std::string_view s) {
   std::vector<std::string_view> parts;
   while (true) {
      const size_t u = s.find('_');
      parts.push_back(s.substr(0, u));
      if (u == std::string_view::npos)
         return parts;
      s.remove_prefix(u + 1);
   }
}

// "B4G4R4A4" -> {B,4},{G,4},{R,4},{A,4}; empty when the text is not a component group.
std::vector<Comp> parse_group(std::string_view g) {
   std::vector<Comp> out;
   size_t i = 0;
   while (i < g.size()) {
      const char c = g[i++];
      if (!std::strchr("RGBAXDSELI", c))
         return {};
      unsigned bits = 0;
      size_t digits = 0;
      while (i < g.size() && g[i] >= '0' && g[i] <= '9') {
         bits = bits * 10 + static_cast<unsigned>(g[i++] - '0');
         ++digits;
      }
      if (!digits)
         return {};
      out.push_back({c, bits, 0, ""});
   }
   return out;
}

// Layout of an uncompressed VkFormat from its spec token.
std::vector<Comp> vk_layout(const VkSpec &s) {
   std::vector<Comp> comps;
   size_t pending = 0;
   bool packed = false;
   for (std::string_view part : split(s.token)) {
      if (is_numeric(part)) {
         for (; pending < comps.size(); ++pending)
            comps[pending].numeric = std::string(part);
      } else if (part.substr(0, 4) == "PACK") {
         packed = true;
      } else {
         for (const Comp &c : parse_group(part))
            comps.push_back(c);
      }
   }
   unsigned total = 0;
   for (const Comp &c : comps)
      total += c.bits;
   unsigned pos = 0;
   for (Comp &c : comps) {
      c.offset = packed ? total - pos - c.bits : pos;
      pos += c.bits;
   }
   return comps;
}

// Layout of an uncompressed colour pipe_format from its Gallium name: channels are named
// from the least significant bit up (Mesa's u_format.csv / docs/gallium/format.rst).
std::vector<Comp> pipe_layout(pipe_format f) {
   std::string_view name = util_format_name(f);
   name.remove_prefix(std::strlen("PIPE_FORMAT_"));
   std::vector<Comp> comps = parse_group(split(name)[0]);
   unsigned pos = 0;
   for (Comp &c : comps) {
      c.offset = pos;
      pos += c.bits;
   }
   return comps;
}

// The numeric format a VkFormat needs to hold `f`'s channels exactly.
std::string numeric_for(const util_format_description &d) {
   if (d.is_srgb)
      return "SRGB";
   if (d.is_integer)
      return d.is_signed ? "SINT" : "UINT";
   if (d.is_float)
      return d.is_signed ? "SFLOAT" : "UFLOAT";
   return d.is_signed ? "SNORM" : "UNORM";
}

bool is_colour(const util_format_description &d) { return !d.depth_bits && !d.stencil_bits; }

// ---------------------------------------------------------------------------
// Symbolic sampling. A lane is "0", "1", a GL channel name ("L"), the same with
// "*" when it went through sRGB decoding, or "?" when it reads bits the GL
// texel does not define (padding, or a component no upload writes).
// ---------------------------------------------------------------------------

std::string lane(char channel, bool decoded) { return std::string(1, channel) + (decoded ? "*" : ""); }

std::string join(const std::string (&v)[4]) {
   return "(" + v[0] + "," + v[1] + "," + v[2] + "," + v[3] + ")";
}

// GL's expansion of the base format (GL 4.6 compatibility, table 15.1 "Correspondence of
// filtered texture components to texture base components"); sRGB decodes all but alpha.
std::string gl_expected(const util_format_description &d) {
   auto ch = [&](char c) { return lane(c, d.is_srgb && c != 'A'); };
   std::string v[4];
   switch (d.gl_base_format) {
   case GL_RED: v[0] = ch('R'), v[1] = "0", v[2] = "0", v[3] = "1"; break;
   case GL_RG: v[0] = ch('R'), v[1] = ch('G'), v[2] = "0", v[3] = "1"; break;
   case GL_RGB: v[0] = ch('R'), v[1] = ch('G'), v[2] = ch('B'), v[3] = "1"; break;
   case GL_RGBA: v[0] = ch('R'), v[1] = ch('G'), v[2] = ch('B'), v[3] = ch('A'); break;
   case GL_ALPHA: v[0] = "0", v[1] = "0", v[2] = "0", v[3] = ch('A'); break;
   case GL_LUMINANCE: v[0] = v[1] = v[2] = ch('L'), v[3] = "1"; break;
   case GL_LUMINANCE_ALPHA: v[0] = v[1] = v[2] = ch('L'), v[3] = ch('A'); break;
   case GL_INTENSITY: v[0] = v[1] = v[2] = v[3] = ch('I'); break;
   default: return "not a colour format";
   }
   return join(v);
}

// GL channel names a compressed format provides, from its base format.
std::string block_channels(const util_format_description &d) {
   switch (d.gl_base_format) {
   case GL_RED: return "R";
   case GL_RG: return "RG";
   case GL_RGB: return "RGB";
   default: return "RGBA";
   }
}

// How uploads convert when the stored texel is not the GL texel bit for bit: which Vulkan
// component each GL channel is written to. Only where the mapping's note announces the
// expansion; everything else is routed by channel name (R -> R, ..., A -> A).
struct Expansion {
   pipe_format format;
   bool fallback;
   const char *routing;  // per GL channel in name order: the Vulkan component written
};
const Expansion kExpansions[] = {
   {PIPE_FORMAT_L4A4_UNORM, true, "RG"},   // L -> R, A -> G of RG8
   {PIPE_FORMAT_L8_SRGB, true, "R"},       // L -> R of RGBA8 sRGB
   {PIPE_FORMAT_L8A8_SRGB, false, "RA"},   // L -> R, A -> A (linear) of RGBA8 sRGB
};

struct Sampled {
   std::string lanes;  // what a sample through the view returns
   std::string error;  // why the storage cannot represent the GL texel (empty when it can)
};

// Applies a VkComponentMapping to the texel's (R, G, B, A) as Vulkan fills it: missing
// G and B read 0, missing A reads 1 (spec: "Conversion to RGBA").
std::string apply_view(const std::string (&rgba)[4], const VkComponentMapping &m) {
   const VkComponentSwizzle sw[4] = {m.r, m.g, m.b, m.a};
   std::string out[4];
   for (int i = 0; i < 4; ++i) {
      switch (sw[i]) {
      case VK_COMPONENT_SWIZZLE_IDENTITY: out[i] = rgba[i]; break;
      case VK_COMPONENT_SWIZZLE_ZERO: out[i] = "0"; break;
      case VK_COMPONENT_SWIZZLE_ONE: out[i] = "1"; break;
      case VK_COMPONENT_SWIZZLE_R: out[i] = rgba[0]; break;
      case VK_COMPONENT_SWIZZLE_G: out[i] = rgba[1]; break;
      case VK_COMPONENT_SWIZZLE_B: out[i] = rgba[2]; break;
      case VK_COMPONENT_SWIZZLE_A: out[i] = rgba[3]; break;
      default: out[i] = "bad swizzle"; break;
      }
   }
   return join(out);
}

// How colour format `f` lies in storage `zf`: the Vulkan components and the GL channel
// each holds ('?' none). `fallback` selects the expansion table row.
struct Storage {
   std::vector<Comp> vk;
   std::vector<Comp> holds;  // per Vulkan component: the GL channel it holds, name '?' for none
   std::string error;  // why the storage cannot represent the GL texel (empty when it can)
};

Storage store(pipe_format f, const zink_format &zf, bool fallback) {
   const util_format_description &d = *util_format_describe(f);
   const VkSpec *s = vk_spec(zf.format);
   if (!s)
      return {{}, {}, "VkFormat missing from the test's spec table"};

   // GL channels: (name, bits) in Gallium order, padding 'X' and exponent 'E' included.
   std::vector<Comp> gl = d.is_compressed ? std::vector<Comp>{} : pipe_layout(f);
   if (d.is_compressed)
      for (char c : block_channels(d))
         gl.push_back({c, 0, 0, ""});

   Storage st;
   if (s->block_channels) {
      for (const char *c = s->block_channels; *c; ++c)
         st.vk.push_back({*c, 0, 0, s->block_numeric});
   } else {
      st.vk = vk_layout(*s);
   }
   st.holds.assign(st.vk.size(), Comp{'?', 0, 0, ""});

   const bool same_bits = !d.is_compressed && !s->block_channels && s->bytes == d.block_bytes;
   if (same_bits) {
      // Bit for bit: a Vulkan component holds the GL channel with exactly its bits
      // (the shared exponent included, so E5B9G9R9 must put E where RGB9_E5 has it).
      for (size_t i = 0; i < st.vk.size(); ++i) {
         bool found = false;
         for (const Comp &g : gl) {
            if (g.offset == st.vk[i].offset && g.bits == st.vk[i].bits) {
               st.holds[i] = g.name == 'X' ? Comp{'?', 0, 0, ""} : g;
               found = true;
            }
         }
         if (!found) {
            st.error = std::string("Vulkan component ") + st.vk[i].name + " straddles GL channels";
            return st;
         }
      }
   } else {
      const char *routing = nullptr;
      for (const Expansion &e : kExpansions)
         if (e.format == f && e.fallback == fallback)
            routing = e.routing;
      size_t k = 0;
      for (const Comp &g : gl) {
         if (g.name == 'X')
            continue;
         const char target = routing ? routing[k++] : g.name;
         bool found = false;
         for (size_t i = 0; i < st.vk.size(); ++i) {
            if (st.vk[i].name == target) {
               st.holds[i] = g;
               found = true;
            }
         }
         if (!found) {
            st.error = std::string("no Vulkan component ") + target + " to write GL channel " + g.name;
            return st;
         }
      }
   }
   return st;
}

// What a sample through the view returns.
Sampled sample(pipe_format f, const zink_format &zf, bool fallback) {
   const Storage st = store(f, zf, fallback);
   if (!st.error.empty())
      return {"", st.error};
   const bool srgb = !st.vk.empty() && st.vk[0].numeric == "SRGB";
   std::string rgba[4] = {"0", "0", "0", "1"};
   const char names[4] = {'R', 'G', 'B', 'A'};
   for (int i = 0; i < 4; ++i)
      for (size_t j = 0; j < st.vk.size(); ++j)
         if (st.vk[j].name == names[i])
            rgba[i] = st.holds[j].name == '?' ? "?" : lane(st.holds[j].name, srgb && names[i] != 'A');
   return {apply_view(rgba, zf.swizzle), ""};
}

// The Vulkan components that hold GL colour channels (not padding, not the shared
// exponent), each with the GL channel it holds.
struct Held {
   Comp vk, gl;
};
std::vector<Held> held_components(pipe_format f, const zink_format &zf, bool fallback) {
   const Storage st = store(f, zf, fallback);
   std::vector<Held> out;
   for (size_t i = 0; i < st.vk.size(); ++i)
      if (st.holds[i].name != '?' && st.holds[i].name != 'E')
         out.push_back({st.vk[i], st.holds[i]});
   return out;
}

std::vector<pipe_format> all_formats() {
   std::vector<pipe_format> v;
   for (unsigned i = 1; i < PIPE_FORMAT_COUNT; ++i)
      v.push_back(static_cast<pipe_format>(i));
   return v;
}

std::string swz(const VkComponentMapping &m) {
   return std::string(vk_swizzle_name(m.r)) + "," + vk_swizzle_name(m.g) + "," + vk_swizzle_name(m.b) + "," +
          vk_swizzle_name(m.a);
}

bool is_identity(const VkComponentMapping &m) {
   return m.r == VK_COMPONENT_SWIZZLE_IDENTITY && m.g == VK_COMPONENT_SWIZZLE_IDENTITY &&
          m.b == VK_COMPONENT_SWIZZLE_IDENTITY && m.a == VK_COMPONENT_SWIZZLE_IDENTITY;
}

bool same(const VkComponentMapping &a, const VkComponentMapping &b) {
   return a.r == b.r && a.g == b.g && a.b == b.b && a.a == b.a;
}

constexpr VkComponentSwizzle I_ = VK_COMPONENT_SWIZZLE_IDENTITY;
constexpr VkComponentSwizzle Z_ = VK_COMPONENT_SWIZZLE_ZERO;
constexpr VkComponentSwizzle O_ = VK_COMPONENT_SWIZZLE_ONE;
constexpr VkComponentSwizzle R_ = VK_COMPONENT_SWIZZLE_R;
constexpr VkComponentSwizzle G_ = VK_COMPONENT_SWIZZLE_G;
constexpr VkComponentSwizzle B_ = VK_COMPONENT_SWIZZLE_B;
constexpr VkComponentSwizzle A_ = VK_COMPONENT_SWIZZLE_A;

// ---------------------------------------------------------------------------
// Whole-table rules
// ---------------------------------------------------------------------------

TEST(ZinkFormat, NoneMapsToUndefinedWithNoFallback) {
   EXPECT_EQ(zink_format_for(PIPE_FORMAT_NONE).format, VK_FORMAT_UNDEFINED);
   EXPECT_EQ(zink_format_fallback(PIPE_FORMAT_NONE).format, VK_FORMAT_UNDEFINED);
   EXPECT_EQ(zink_format_for(PIPE_FORMAT_COUNT).format, VK_FORMAT_UNDEFINED);
}

TEST(ZinkFormat, EveryFormatMapsToADefinedVkFormatTheSpecTableDescribes) {
   for (pipe_format f : all_formats()) {
      SCOPED_TRACE(util_format_name(f));
      const zink_format p = zink_format_for(f);
      EXPECT_NE(p.format, VK_FORMAT_UNDEFINED);
      EXPECT_NE(vk_spec(p.format), nullptr) << vk_format_name(p.format);
      const zink_format fb = zink_format_fallback(f);
      if (fb.format != VK_FORMAT_UNDEFINED) {
         EXPECT_NE(vk_spec(fb.format), nullptr) << vk_format_name(fb.format);
         EXPECT_NE(fb.format, p.format) << "a fallback must be a different format";
         EXPECT_STRNE(fb.note, "") << "a fallback is always an emulation and says which";
      }
   }
}

TEST(ZinkFormat, NativeMappingsHaveIdentitySwizzleAndEmulationsSayWhat) {
   for (pipe_format f : all_formats()) {
      SCOPED_TRACE(util_format_name(f));
      for (const zink_format &z : {zink_format_for(f), zink_format_fallback(f)}) {
         ASSERT_NE(z.note, nullptr);
         if (std::string_view(z.note).empty()) {
            EXPECT_TRUE(is_identity(z.swizzle)) << "swizzle " << swz(z.swizzle) << " without a note";
         } else {
            EXPECT_LT(std::strlen(z.note), 160u) << "notes are short";
         }
      }
   }
}

TEST(ZinkFormat, SpecTableTokensAgreeWithTheirBlockSizes) {
   for (const VkSpec &s : kVkSpec) {
      SCOPED_TRACE(s.token);
      if (s.block_channels)
         continue;
      unsigned bits = 0;
      for (const Comp &c : vk_layout(s)) {
         bits += c.bits;
         EXPECT_FALSE(c.numeric.empty()) << c.name << " has no numeric format";
      }
      EXPECT_EQ(bits, s.bytes * 8);  // D32_SFLOAT_S8_UINT: 32 + 8 bits, 5 bytes
   }
}

// Each GL texel's storage, read through the view, gives GL's base-format expansion:
// packed bit layouts, padding, legacy ALPHA/LUMINANCE/INTENSITY and sRGB decoding included.
TEST(ZinkFormat, SamplingThroughTheViewReturnsTheGlBaseFormatExpansion) {
   for (pipe_format f : all_formats()) {
      const util_format_description &d = *util_format_describe(f);
      if (!is_colour(d))
         continue;
      SCOPED_TRACE(util_format_name(f));
      const std::string want = gl_expected(d);
      const zink_format p = zink_format_for(f);
      const Sampled got = sample(f, p, false);
      EXPECT_EQ(got.error, "") << vk_format_name(p.format);
      EXPECT_EQ(got.lanes, want) << vk_format_name(p.format) << " viewed as " << swz(p.swizzle);
      const zink_format fb = zink_format_fallback(f);
      if (fb.format == VK_FORMAT_UNDEFINED)
         continue;
      const Sampled got_fb = sample(f, fb, true);
      EXPECT_EQ(got_fb.error, "") << "fallback " << vk_format_name(fb.format);
      EXPECT_EQ(got_fb.lanes, want) << "fallback " << vk_format_name(fb.format) << " viewed as "
                                    << swz(fb.swizzle);
   }
}

// The stored components have the GL format's numeric format (unorm stays unorm, integer
// stays integer, sRGB stays sRGB) and at least its bits. Decompressed copies may hold an
// unsigned float in a signed float format.
TEST(ZinkFormat, StoredComponentsKeepTheGlNumericFormatAndBits) {
   for (pipe_format f : all_formats()) {
      const util_format_description &d = *util_format_describe(f);
      if (!is_colour(d))
         continue;
      SCOPED_TRACE(util_format_name(f));
      const std::string want = numeric_for(d);
      for (const bool fallback : {false, true}) {
         const zink_format z = fallback ? zink_format_fallback(f) : zink_format_for(f);
         if (z.format == VK_FORMAT_UNDEFINED)
            continue;
         const std::vector<Held> held = held_components(f, z, fallback);
         EXPECT_FALSE(held.empty()) << vk_format_name(z.format);
         for (const Held &h : held) {
            if (d.is_compressed && want == "UFLOAT" && !vk_spec(z.format)->block_channels) {
               EXPECT_EQ(h.vk.numeric, "SFLOAT") << vk_format_name(z.format);
            } else {
               EXPECT_EQ(h.vk.numeric, want) << vk_format_name(z.format) << " component " << h.vk.name;
            }
            EXPECT_GE(h.vk.bits, h.gl.bits) << vk_format_name(z.format) << " component " << h.vk.name
                                            << " holding GL " << h.gl.name;
         }
      }
   }
}

TEST(ZinkFormat, IntegerFormatsMapToUintOrSintAndNothingElseDoes) {
   for (pipe_format f : all_formats()) {
      const util_format_description &d = *util_format_describe(f);
      if (!is_colour(d))
         continue;
      SCOPED_TRACE(util_format_name(f));
      const std::string name = vk_format_name(zink_format_for(f).format);
      const bool vk_int = name.find("_UINT") != std::string::npos || name.find("_SINT") != std::string::npos;
      EXPECT_EQ(vk_int, d.is_integer) << name;
      if (d.is_integer) {
         EXPECT_NE(name.find(d.is_signed ? "_SINT" : "_UINT"), std::string::npos) << name;
      }
   }
}

TEST(ZinkFormat, SrgbFormatsMapToSrgbAndNothingElseDoes) {
   for (pipe_format f : all_formats()) {
      const util_format_description &d = *util_format_describe(f);
      SCOPED_TRACE(util_format_name(f));
      for (const zink_format &z : {zink_format_for(f), zink_format_fallback(f)}) {
         if (z.format == VK_FORMAT_UNDEFINED)
            continue;
         const std::string name = vk_format_name(z.format);
         EXPECT_EQ(name.find("SRGB") != std::string::npos, d.is_srgb) << name;
      }
   }
}

// The stored texel is the GL texel, bit for bit, except where Vulkan has no format of
// that size: R3G3B2 (no 8-bit RGB format) and SLUMINANCE8_ALPHA8 (R8G8_SRGB would
// decode alpha). Both grow to RGBA8 and say so.
TEST(ZinkFormat, PreferredStorageKeepsTheGlTexelSizeExceptDocumentedExpansions) {
   for (pipe_format f : all_formats()) {
      const util_format_description &d = *util_format_describe(f);
      if (!is_colour(d))
         continue;
      SCOPED_TRACE(util_format_name(f));
      const zink_format p = zink_format_for(f);
      const VkSpec *s = vk_spec(p.format);
      ASSERT_NE(s, nullptr);
      if (f == PIPE_FORMAT_R3G3B2_UNORM || f == PIPE_FORMAT_L8A8_SRGB) {
         EXPECT_EQ(s->bytes, 4u);
         EXPECT_NE(std::string(p.note).find("expanded"), std::string::npos) << p.note;
      } else {
         EXPECT_EQ(s->bytes, d.block_bytes) << vk_format_name(p.format);
         EXPECT_EQ(s->block_channels != nullptr, d.is_compressed);
      }
   }
}

// ---------------------------------------------------------------------------
// Per-format expectations, written from the Vulkan and GL specifications
// ---------------------------------------------------------------------------

struct Expect {
   pipe_format format;
   VkFormat vk;
   VkComponentMapping swizzle;
   bool has_note;
};

constexpr VkComponentMapping kId = {I_, I_, I_, I_};
constexpr VkComponentMapping kAOne = {I_, I_, I_, O_};

// Packed: Gallium names from the LSB, Vulkan *_PACKnn from the MSB, so the names reverse.
// GL_RGBA4/GL_RGB5_A1 here are the BGRA "_REV" layouts (GL_UNSIGNED_SHORT_4_4_4_4_REV /
// 1_5_5_5_REV with GL_BGRA); GL_RGB565 is GL_UNSIGNED_SHORT_5_6_5; GL_RGB10_A2 is
// GL_UNSIGNED_INT_2_10_10_10_REV.
TEST(ZinkFormat, PackedFormatsUseTheVulkanFormatWithTheSameBits) {
   const Expect rows[] = {
      {PIPE_FORMAT_B5G6R5_UNORM, VK_FORMAT_R5G6B5_UNORM_PACK16, kId, false},
      {PIPE_FORMAT_B4G4R4A4_UNORM, VK_FORMAT_A4R4G4B4_UNORM_PACK16, kId, false},
      {PIPE_FORMAT_B5G5R5A1_UNORM, VK_FORMAT_A1R5G5B5_UNORM_PACK16, kId, false},
      {PIPE_FORMAT_R10G10B10A2_UNORM, VK_FORMAT_A2B10G10R10_UNORM_PACK32, kId, false},
      {PIPE_FORMAT_R10G10B10A2_UINT, VK_FORMAT_A2B10G10R10_UINT_PACK32, kId, false},
      {PIPE_FORMAT_R11G11B10_FLOAT, VK_FORMAT_B10G11R11_UFLOAT_PACK32, kId, false},
      {PIPE_FORMAT_R9G9B9E5_FLOAT, VK_FORMAT_E5B9G9R9_UFLOAT_PACK32, kId, false},
      // Padding is stored as alpha and read as 1.
      {PIPE_FORMAT_B4G4R4X4_UNORM, VK_FORMAT_A4R4G4B4_UNORM_PACK16, kAOne, true},
      {PIPE_FORMAT_B5G5R5X1_UNORM, VK_FORMAT_A1R5G5B5_UNORM_PACK16, kAOne, true},
      {PIPE_FORMAT_R10G10B10X2_UNORM, VK_FORMAT_A2B10G10R10_UNORM_PACK32, kAOne, true},
      // No 8-bit RGB VkFormat exists.
      {PIPE_FORMAT_R3G3B2_UNORM, VK_FORMAT_R8G8B8A8_UNORM, kAOne, true},
   };
   for (const Expect &e : rows) {
      SCOPED_TRACE(util_format_name(e.format));
      const zink_format z = zink_format_for(e.format);
      EXPECT_STREQ(vk_format_name(z.format), vk_format_name(e.vk));
      EXPECT_TRUE(same(z.swizzle, e.swizzle)) << swz(z.swizzle);
      EXPECT_EQ(std::string_view(z.note).empty(), !e.has_note) << z.note;
   }
}

// Without VK_EXT_4444_formats (optional even in Vulkan 1.3) the mandatory B4G4R4A4 holds
// the same 16 bits: its B/G/R/A nibbles hold GL's A/R/G/B.
TEST(ZinkFormat, Bgra4FallsBackToTheMandatoryB4G4R4A4WithoutMovingBits) {
   const zink_format z = zink_format_fallback(PIPE_FORMAT_B4G4R4A4_UNORM);
   EXPECT_EQ(z.format, VK_FORMAT_B4G4R4A4_UNORM_PACK16);
   EXPECT_TRUE(same(z.swizzle, {G_, R_, A_, B_})) << swz(z.swizzle);
   const zink_format x = zink_format_fallback(PIPE_FORMAT_B4G4R4X4_UNORM);
   EXPECT_EQ(x.format, VK_FORMAT_B4G4R4A4_UNORM_PACK16);
   EXPECT_TRUE(same(x.swizzle, {G_, R_, A_, O_})) << swz(x.swizzle);
}

// GL compatibility table 15.1: ALPHA -> (0,0,0,A), LUMINANCE -> (L,L,L,1),
// LUMINANCE_ALPHA -> (L,L,L,A), INTENSITY -> (I,I,I,I); stored in R / RG formats.
TEST(ZinkFormat, LegacyFormatsUseRedFormatsWithTheGlExpansionSwizzle) {
   constexpr VkComponentMapping kAlpha = {Z_, Z_, Z_, R_};
   constexpr VkComponentMapping kLum = {R_, R_, R_, O_};
   constexpr VkComponentMapping kLumAlpha = {R_, R_, R_, G_};
   constexpr VkComponentMapping kInt = {R_, R_, R_, R_};
   const Expect rows[] = {
      {PIPE_FORMAT_A8_UNORM, VK_FORMAT_R8_UNORM, kAlpha, true},
      {PIPE_FORMAT_L8_UNORM, VK_FORMAT_R8_UNORM, kLum, true},
      {PIPE_FORMAT_L8A8_UNORM, VK_FORMAT_R8G8_UNORM, kLumAlpha, true},
      {PIPE_FORMAT_I8_UNORM, VK_FORMAT_R8_UNORM, kInt, true},
      {PIPE_FORMAT_A16_UNORM, VK_FORMAT_R16_UNORM, kAlpha, true},
      {PIPE_FORMAT_L16A16_UNORM, VK_FORMAT_R16G16_UNORM, kLumAlpha, true},
      {PIPE_FORMAT_I16_SNORM, VK_FORMAT_R16_SNORM, kInt, true},
      {PIPE_FORMAT_L8_SNORM, VK_FORMAT_R8_SNORM, kLum, true},
      {PIPE_FORMAT_A16_FLOAT, VK_FORMAT_R16_SFLOAT, kAlpha, true},
      {PIPE_FORMAT_L32A32_FLOAT, VK_FORMAT_R32G32_SFLOAT, kLumAlpha, true},
      {PIPE_FORMAT_I32_FLOAT, VK_FORMAT_R32_SFLOAT, kInt, true},
      {PIPE_FORMAT_A8_UINT, VK_FORMAT_R8_UINT, kAlpha, true},
      {PIPE_FORMAT_L16_SINT, VK_FORMAT_R16_SINT, kLum, true},
      {PIPE_FORMAT_L32A32_UINT, VK_FORMAT_R32G32_UINT, kLumAlpha, true},
      {PIPE_FORMAT_I8_SINT, VK_FORMAT_R8_SINT, kInt, true},
      {PIPE_FORMAT_L8_SRGB, VK_FORMAT_R8_SRGB, kLum, true},
      // L4A4 keeps L in the low nibble; VK R4G4 reads the high nibble as R.
      {PIPE_FORMAT_L4A4_UNORM, VK_FORMAT_R4G4_UNORM_PACK8, {G_, G_, G_, R_}, true},
      // R8G8_SRGB would sRGB-decode the alpha; only RGBA8 sRGB keeps a linear alpha.
      {PIPE_FORMAT_L8A8_SRGB, VK_FORMAT_R8G8B8A8_SRGB, {R_, R_, R_, A_}, true},
   };
   for (const Expect &e : rows) {
      SCOPED_TRACE(util_format_name(e.format));
      const zink_format z = zink_format_for(e.format);
      EXPECT_STREQ(vk_format_name(z.format), vk_format_name(e.vk));
      EXPECT_TRUE(same(z.swizzle, e.swizzle)) << swz(z.swizzle);
      EXPECT_STRNE(z.note, "");
   }
}

TEST(ZinkFormat, PlainFormatsMapToTheirExactVulkanEquivalent) {
   const Expect rows[] = {
      {PIPE_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM, kId, false},
      {PIPE_FORMAT_R8_SNORM, VK_FORMAT_R8_SNORM, kId, false},
      {PIPE_FORMAT_R16G16_UNORM, VK_FORMAT_R16G16_UNORM, kId, false},
      {PIPE_FORMAT_R16G16B16A16_SNORM, VK_FORMAT_R16G16B16A16_SNORM, kId, false},
      {PIPE_FORMAT_R16_FLOAT, VK_FORMAT_R16_SFLOAT, kId, false},
      {PIPE_FORMAT_R32G32B32A32_FLOAT, VK_FORMAT_R32G32B32A32_SFLOAT, kId, false},
      {PIPE_FORMAT_R8G8_SINT, VK_FORMAT_R8G8_SINT, kId, false},
      {PIPE_FORMAT_R16G16B16A16_UINT, VK_FORMAT_R16G16B16A16_UINT, kId, false},
      {PIPE_FORMAT_R32_SINT, VK_FORMAT_R32_SINT, kId, false},
      {PIPE_FORMAT_R32G32_UINT, VK_FORMAT_R32G32_UINT, kId, false},
      {PIPE_FORMAT_R8_SRGB, VK_FORMAT_R8_SRGB, kId, false},
      {PIPE_FORMAT_R8G8_SRGB, VK_FORMAT_R8G8_SRGB, kId, false},  // SRG8: both channels are sRGB
      {PIPE_FORMAT_R8G8B8A8_SRGB, VK_FORMAT_R8G8B8A8_SRGB, kId, false},
   };
   for (const Expect &e : rows) {
      SCOPED_TRACE(util_format_name(e.format));
      const zink_format z = zink_format_for(e.format);
      EXPECT_STREQ(vk_format_name(z.format), vk_format_name(e.vk));
      EXPECT_TRUE(same(z.swizzle, e.swizzle)) << swz(z.swizzle);
      EXPECT_STREQ(z.note, "");
   }
}

TEST(ZinkFormat, RgbFormatsPreferTheirOwnFormatAndFallBackToRgbaWithAlphaOne) {
   struct Row {
      pipe_format format;
      VkFormat rgb, rgba;
   };
   const Row rows[] = {
      {PIPE_FORMAT_R8G8B8_UNORM, VK_FORMAT_R8G8B8_UNORM, VK_FORMAT_R8G8B8A8_UNORM},
      {PIPE_FORMAT_R8G8B8_SNORM, VK_FORMAT_R8G8B8_SNORM, VK_FORMAT_R8G8B8A8_SNORM},
      {PIPE_FORMAT_R8G8B8_SINT, VK_FORMAT_R8G8B8_SINT, VK_FORMAT_R8G8B8A8_SINT},
      {PIPE_FORMAT_R8G8B8_UINT, VK_FORMAT_R8G8B8_UINT, VK_FORMAT_R8G8B8A8_UINT},
      {PIPE_FORMAT_R8G8B8_SRGB, VK_FORMAT_R8G8B8_SRGB, VK_FORMAT_R8G8B8A8_SRGB},
      {PIPE_FORMAT_R16G16B16_UNORM, VK_FORMAT_R16G16B16_UNORM, VK_FORMAT_R16G16B16A16_UNORM},
      {PIPE_FORMAT_R16G16B16_SNORM, VK_FORMAT_R16G16B16_SNORM, VK_FORMAT_R16G16B16A16_SNORM},
      {PIPE_FORMAT_R16G16B16_FLOAT, VK_FORMAT_R16G16B16_SFLOAT, VK_FORMAT_R16G16B16A16_SFLOAT},
      {PIPE_FORMAT_R16G16B16_SINT, VK_FORMAT_R16G16B16_SINT, VK_FORMAT_R16G16B16A16_SINT},
      {PIPE_FORMAT_R16G16B16_UINT, VK_FORMAT_R16G16B16_UINT, VK_FORMAT_R16G16B16A16_UINT},
      {PIPE_FORMAT_R32G32B32_FLOAT, VK_FORMAT_R32G32B32_SFLOAT, VK_FORMAT_R32G32B32A32_SFLOAT},
      {PIPE_FORMAT_R32G32B32_SINT, VK_FORMAT_R32G32B32_SINT, VK_FORMAT_R32G32B32A32_SINT},
      {PIPE_FORMAT_R32G32B32_UINT, VK_FORMAT_R32G32B32_UINT, VK_FORMAT_R32G32B32A32_UINT},
   };
   for (const Row &r : rows) {
      SCOPED_TRACE(util_format_name(r.format));
      const zink_format p = zink_format_for(r.format);
      EXPECT_EQ(p.format, r.rgb) << vk_format_name(p.format);
      EXPECT_TRUE(is_identity(p.swizzle));
      EXPECT_STREQ(p.note, "");
      const zink_format fb = zink_format_fallback(r.format);
      EXPECT_EQ(fb.format, r.rgba) << vk_format_name(fb.format);
      EXPECT_TRUE(same(fb.swizzle, kAOne)) << swz(fb.swizzle);
      EXPECT_STREQ(fb.note, "RGB stored as RGBA");
   }
}

// ---------------------------------------------------------------------------
// Depth and stencil
// ---------------------------------------------------------------------------

struct DepthRow {
   pipe_format format;
   VkFormat preferred;
   bool preferred_note;
   std::vector<VkFormat> fallbacks;  // acceptable fallbacks; empty: none
};

TEST(ZinkFormat, DepthStencilFormatsMapToVulkanDepthStencilFormats) {
   const DepthRow rows[] = {
      {PIPE_FORMAT_Z16_UNORM, VK_FORMAT_D16_UNORM, false, {VK_FORMAT_D32_SFLOAT}},
      {PIPE_FORMAT_Z24X8_UNORM, VK_FORMAT_X8_D24_UNORM_PACK32, false, {VK_FORMAT_D32_SFLOAT}},
      // Vulkan has no 32-bit unorm depth format.
      {PIPE_FORMAT_Z32_UNORM, VK_FORMAT_D32_SFLOAT, true, {}},
      {PIPE_FORMAT_Z32_FLOAT, VK_FORMAT_D32_SFLOAT, false, {}},
      {PIPE_FORMAT_Z24_UNORM_S8_UINT, VK_FORMAT_D24_UNORM_S8_UINT, false, {VK_FORMAT_D32_SFLOAT_S8_UINT}},
      {PIPE_FORMAT_Z32_FLOAT_S8X24_UINT, VK_FORMAT_D32_SFLOAT_S8_UINT, false, {}},
      {PIPE_FORMAT_S8_UINT, VK_FORMAT_S8_UINT, false,
       {VK_FORMAT_D24_UNORM_S8_UINT, VK_FORMAT_D32_SFLOAT_S8_UINT}},
   };
   std::set<pipe_format> seen;
   for (const DepthRow &r : rows) {
      SCOPED_TRACE(util_format_name(r.format));
      seen.insert(r.format);
      const zink_format p = zink_format_for(r.format);
      EXPECT_STREQ(vk_format_name(p.format), vk_format_name(r.preferred));
      EXPECT_TRUE(is_identity(p.swizzle));
      EXPECT_EQ(std::string_view(p.note).empty(), !r.preferred_note) << p.note;
      const zink_format fb = zink_format_fallback(r.format);
      if (r.fallbacks.empty()) {
         EXPECT_EQ(fb.format, VK_FORMAT_UNDEFINED) << vk_format_name(fb.format);
      } else {
         bool ok = false;
         for (VkFormat v : r.fallbacks)
            ok = ok || fb.format == v;
         EXPECT_TRUE(ok) << vk_format_name(fb.format);
         EXPECT_TRUE(is_identity(fb.swizzle));
      }
   }
   for (pipe_format f : all_formats())
      if (!is_colour(*util_format_describe(f))) {
         EXPECT_TRUE(seen.count(f)) << util_format_name(f) << " has no row";
      }
}

// The stored format has every aspect GL samples, the same stencil bits and at least the GL
// depth precision (a float holds 24 significant bits; Z32 unorm is the documented exception).
TEST(ZinkFormat, DepthStorageKeepsAspectsAndPrecision) {
   for (pipe_format f : all_formats()) {
      const util_format_description &d = *util_format_describe(f);
      if (is_colour(d))
         continue;
      SCOPED_TRACE(util_format_name(f));
      for (const zink_format &z : {zink_format_for(f), zink_format_fallback(f)}) {
         if (z.format == VK_FORMAT_UNDEFINED)
            continue;
         const VkSpec *s = vk_spec(z.format);
         ASSERT_NE(s, nullptr);
         unsigned depth_significant = 0, stencil = 0;
         bool depth = false;
         for (const Comp &c : vk_layout(*s)) {
            if (c.name == 'D') {
               depth = true;
               depth_significant = c.numeric == "SFLOAT" ? 24 : c.bits;
            }
            if (c.name == 'S') {
               stencil = c.bits;
               EXPECT_EQ(c.numeric, "UINT");
            }
         }
         EXPECT_EQ(stencil, d.stencil_bits) << vk_format_name(z.format);
         if (d.depth_bits) {
            EXPECT_TRUE(depth) << vk_format_name(z.format);
            const unsigned gl_significant = d.is_float ? 24 : d.depth_bits;
            if (gl_significant > depth_significant) {
               EXPECT_STRNE(z.note, "") << vk_format_name(z.format) << " loses depth bits silently";
            }
         } else {
            // Stencil only: a combined fallback is viewed through its stencil aspect.
            EXPECT_TRUE(!depth || std::string_view(z.note).find("stencil") != std::string_view::npos);
         }
      }
   }
}

// ---------------------------------------------------------------------------
// Compressed
// ---------------------------------------------------------------------------

TEST(ZinkFormat, CompressedFormatsMapToTheVulkanBlockFormatOfTheSameEncoding) {
   struct Row {
      pipe_format format;
      VkFormat vk;
   };
   const Row rows[] = {
      {PIPE_FORMAT_DXT1_RGB, VK_FORMAT_BC1_RGB_UNORM_BLOCK},
      {PIPE_FORMAT_DXT1_RGBA, VK_FORMAT_BC1_RGBA_UNORM_BLOCK},
      {PIPE_FORMAT_DXT3_RGBA, VK_FORMAT_BC2_UNORM_BLOCK},
      {PIPE_FORMAT_DXT5_RGBA, VK_FORMAT_BC3_UNORM_BLOCK},
      {PIPE_FORMAT_DXT1_SRGB, VK_FORMAT_BC1_RGB_SRGB_BLOCK},
      {PIPE_FORMAT_DXT1_SRGBA, VK_FORMAT_BC1_RGBA_SRGB_BLOCK},
      {PIPE_FORMAT_DXT3_SRGBA, VK_FORMAT_BC2_SRGB_BLOCK},
      {PIPE_FORMAT_DXT5_SRGBA, VK_FORMAT_BC3_SRGB_BLOCK},
      {PIPE_FORMAT_RGTC1_UNORM, VK_FORMAT_BC4_UNORM_BLOCK},
      {PIPE_FORMAT_RGTC1_SNORM, VK_FORMAT_BC4_SNORM_BLOCK},
      {PIPE_FORMAT_RGTC2_UNORM, VK_FORMAT_BC5_UNORM_BLOCK},
      {PIPE_FORMAT_RGTC2_SNORM, VK_FORMAT_BC5_SNORM_BLOCK},
      {PIPE_FORMAT_BPTC_RGBA_UNORM, VK_FORMAT_BC7_UNORM_BLOCK},
      {PIPE_FORMAT_BPTC_SRGBA, VK_FORMAT_BC7_SRGB_BLOCK},
      {PIPE_FORMAT_BPTC_RGB_FLOAT, VK_FORMAT_BC6H_SFLOAT_BLOCK},
      {PIPE_FORMAT_BPTC_RGB_UFLOAT, VK_FORMAT_BC6H_UFLOAT_BLOCK},
      {PIPE_FORMAT_ETC2_RGB8, VK_FORMAT_ETC2_R8G8B8_UNORM_BLOCK},
      {PIPE_FORMAT_ETC2_SRGB8, VK_FORMAT_ETC2_R8G8B8_SRGB_BLOCK},
      {PIPE_FORMAT_ETC2_RGB8A1, VK_FORMAT_ETC2_R8G8B8A1_UNORM_BLOCK},
      {PIPE_FORMAT_ETC2_SRGB8A1, VK_FORMAT_ETC2_R8G8B8A1_SRGB_BLOCK},
      {PIPE_FORMAT_ETC2_RGBA8, VK_FORMAT_ETC2_R8G8B8A8_UNORM_BLOCK},
      {PIPE_FORMAT_ETC2_SRGBA8, VK_FORMAT_ETC2_R8G8B8A8_SRGB_BLOCK},
      {PIPE_FORMAT_ETC2_R11_UNORM, VK_FORMAT_EAC_R11_UNORM_BLOCK},
      {PIPE_FORMAT_ETC2_R11_SNORM, VK_FORMAT_EAC_R11_SNORM_BLOCK},
      {PIPE_FORMAT_ETC2_RG11_UNORM, VK_FORMAT_EAC_R11G11_UNORM_BLOCK},
      {PIPE_FORMAT_ETC2_RG11_SNORM, VK_FORMAT_EAC_R11G11_SNORM_BLOCK},
   };
   std::set<pipe_format> seen;
   for (const Row &r : rows) {
      SCOPED_TRACE(util_format_name(r.format));
      seen.insert(r.format);
      const zink_format z = zink_format_for(r.format);
      EXPECT_STREQ(vk_format_name(z.format), vk_format_name(r.vk));
      EXPECT_TRUE(is_identity(z.swizzle));
      EXPECT_STREQ(z.note, "");
      const VkSpec *s = vk_spec(z.format);
      ASSERT_NE(s, nullptr);
      EXPECT_EQ(s->bytes, util_format_describe(r.format)->block_bytes) << "bytes per 4x4 block";
   }
   for (pipe_format f : all_formats())
      if (util_format_describe(f)->is_compressed) {
         EXPECT_TRUE(seen.count(f)) << util_format_name(f) << " has no row";
      }
}

// A decompressed copy must hold the decoded values: 8 bits for S3TC / BPTC unorm / ETC2
// colour, 11 for EAC, half floats for BC6H, and more than 8 for RGTC's interpolants.
TEST(ZinkFormat, DecompressionFallbacksHoldTheDecodedPrecision) {
   for (pipe_format f : all_formats()) {
      const util_format_description &d = *util_format_describe(f);
      if (!d.is_compressed)
         continue;
      SCOPED_TRACE(util_format_name(f));
      const zink_format fb = zink_format_fallback(f);
      ASSERT_NE(fb.format, VK_FORMAT_UNDEFINED) << "every block format can be decompressed";
      const std::string name = util_format_name(f);
      unsigned need = 8;
      if (name.find("RGTC") != std::string::npos || name.find("R11") != std::string::npos ||
          name.find("RG11") != std::string::npos || name.find("BPTC_RGB_") != std::string::npos)
         need = 16;
      const std::vector<Held> held = held_components(f, fb, true);
      EXPECT_EQ(held.size(), block_channels(d).size()) << vk_format_name(fb.format);
      for (const Held &h : held)
         EXPECT_GE(h.vk.bits, need) << vk_format_name(fb.format) << " component " << h.vk.name;
      EXPECT_NE(std::string(fb.note).find("decompressed"), std::string::npos) << fb.note;
   }
}

// ---------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------

TEST(VkNames, FormatNamesRoundTripForEverySpecFormat) {
   for (const VkSpec &s : kVkSpec) {
      const std::string want = std::string("VK_FORMAT_") + s.token;
      EXPECT_EQ(vk_format_name(s.format), want);
      EXPECT_EQ(vk_format_from_name(want), s.format) << want;
   }
   EXPECT_STREQ(vk_format_name(VK_FORMAT_UNDEFINED), "VK_FORMAT_UNDEFINED");
   EXPECT_EQ(vk_format_from_name("VK_FORMAT_UNDEFINED"), VK_FORMAT_UNDEFINED);
}

TEST(VkNames, EveryReturnedFormatIsNamedAndNamesAreUnique) {
   std::set<std::string> names;
   std::set<VkFormat> formats;
   for (pipe_format f : all_formats())
      for (const zink_format &z : {zink_format_for(f), zink_format_fallback(f)})
         formats.insert(z.format);
   for (VkFormat v : formats) {
      const std::string n = vk_format_name(v);
      EXPECT_NE(n, "VK_FORMAT_UNKNOWN") << static_cast<int>(v);
      EXPECT_EQ(vk_format_from_name(n), v) << n;
      names.insert(n);
   }
   EXPECT_EQ(names.size(), formats.size());
}

TEST(VkNames, UnknownFormatsAndStringsAreReportedAsSuch) {
   EXPECT_STREQ(vk_format_name(static_cast<VkFormat>(0x7ffffff0)), "VK_FORMAT_UNKNOWN");
   EXPECT_STREQ(vk_format_name(VK_FORMAT_G8_B8R8_2PLANE_420_UNORM), "VK_FORMAT_UNKNOWN");
   EXPECT_EQ(vk_format_from_name("VK_FORMAT_UNKNOWN"), VK_FORMAT_UNDEFINED);
   EXPECT_EQ(vk_format_from_name("VK_FORMAT_R8G8B8A8"), VK_FORMAT_UNDEFINED);
   EXPECT_EQ(vk_format_from_name(""), VK_FORMAT_UNDEFINED);
}

TEST(VkNames, SwizzleNamesAreTheEnumeratorSpellings) {
   EXPECT_STREQ(vk_swizzle_name(VK_COMPONENT_SWIZZLE_IDENTITY), "VK_COMPONENT_SWIZZLE_IDENTITY");
   EXPECT_STREQ(vk_swizzle_name(VK_COMPONENT_SWIZZLE_ZERO), "VK_COMPONENT_SWIZZLE_ZERO");
   EXPECT_STREQ(vk_swizzle_name(VK_COMPONENT_SWIZZLE_ONE), "VK_COMPONENT_SWIZZLE_ONE");
   EXPECT_STREQ(vk_swizzle_name(VK_COMPONENT_SWIZZLE_R), "VK_COMPONENT_SWIZZLE_R");
   EXPECT_STREQ(vk_swizzle_name(VK_COMPONENT_SWIZZLE_G), "VK_COMPONENT_SWIZZLE_G");
   EXPECT_STREQ(vk_swizzle_name(VK_COMPONENT_SWIZZLE_B), "VK_COMPONENT_SWIZZLE_B");
   EXPECT_STREQ(vk_swizzle_name(VK_COMPONENT_SWIZZLE_A), "VK_COMPONENT_SWIZZLE_A");
   EXPECT_STREQ(vk_swizzle_name(static_cast<VkComponentSwizzle>(99)), "VK_COMPONENT_SWIZZLE_UNKNOWN");
}

}  // namespace
}  // namespace clampler
