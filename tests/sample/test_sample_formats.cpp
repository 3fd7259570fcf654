// Device sampling of the packed, 24-bit depth, depth-stencil and stencil formats: `clampler sample`
// on the device (sample_scenario_device: GL state -> state tracker -> zink sampler -> sample_lookups,
// which packs the stored codes into the screen's VkFormat, per aspect for depth and stencil)
// against the reference (sample_scenario_reference), under VK_LAYER_KHRONOS_validation.
//
// Expected values come from the reference sampler given the same scenario; the device only
// produces the values under test. Tolerances, per component:
// - NEAREST at texel centres: 1e-6 x max(1, range) (single-precision results), integers and
//   stencil exact;
// - LINEAR (2D, lookups inside the texture): 2 axes x 2^-subTexelPrecisionBits x range, + for
//   unorm formats 1 / (2^b - 1) with b the smallest colour component (the device may filter in
//   the format's precision and round: docs/conformance.md, "Comparison and tolerances"),
//   + 1e-6 x range;
// - depth compare with LINEAR: the pass count's 2 x 2^-subTexelPrecisionBits + 1e-6.
// Lookups with NEAREST use CLAMP_TO_BORDER or MIRRORED_REPEAT: lavapipe's REPEAT / CLAMP_TO_EDGE
// NEAREST path rounds 5- and 6-bit texels to 8 bits (conformance/expected-fail.txt), which
// `clampler conformance` counts as expected failures.
#include "../zink/zink_test_util.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "clampler/sample/sample_device.h"
#include "clampler/tools/sample.h"

using namespace clampler;
using namespace clampler::test;
using json = nlohmann::ordered_json;

namespace {

constexpr int kSize = 4;  // 4 x 4 textures, one level

// The texel values of texel i, as the format's own components.
using values_fn = std::vector<double> (*)(int i);

std::vector<double> unorm_rgb(int i) {
   return {std::fmod(i * 0.37 + 0.05, 1.0), std::fmod(i * 0.61 + 0.3, 1.0), std::fmod(i * 0.13 + 0.7, 1.0)};
}
std::vector<double> unorm_rgba(int i) {
   std::vector<double> v = unorm_rgb(i);
   v.push_back(std::fmod(i * 0.29 + 0.5, 1.0));
   return v;
}
std::vector<double> uint_rgb10a2(int i) { return {double((i * 97) % 1024), double((i * 41 + 7) % 1024), double((i * 13) % 1024), double(i % 4)}; }
std::vector<double> ufloat_rgb(int i) { return {(i % 7) * 1.25, ((i * 3) % 11) * 0.5, ((i * 5) % 13) * 0.375}; }
std::vector<double> depth(int i) { return {((i * 7) % 16) / 16.0 + 1.0 / 64}; }
std::vector<double> depth_stencil(int i) { return {((i * 7) % 16) / 16.0 + 1.0 / 64, double((i * 37 + 11) % 256)}; }
std::vector<double> stencil(int i) { return {double((i * 37 + 11) % 256)}; }

json texture(const std::string &format, values_fn values) {
   json levels = json::array();
   json level = json::array();
   for (int i = 0; i < kSize * kSize; ++i)
      level.push_back(values(i));
   levels.push_back(level);
   return {{"target", "GL_TEXTURE_2D"}, {"internal_format", format}, {"width", kSize}, {"height", kSize},
           {"depth", 1},          {"levels", levels}};
}

json sampler(const char *wrap, const char *filter) {
   return {{"GL_TEXTURE_WRAP_S", wrap},
           {"GL_TEXTURE_WRAP_T", wrap},
           {"GL_TEXTURE_MIN_FILTER", filter},
           {"GL_TEXTURE_MAG_FILTER", filter}};
}

// Texel centres (NEAREST) or points a quarter texel off them inside the texture (LINEAR).
json lookups(bool centres, const json &compare_ref = nullptr) {
   json out = json::array();
   for (int y = 0; y < kSize; ++y)
      for (int x = 0; x < kSize; ++x) {
         const double off = centres ? 0.5 : ((x + y) % 2 ? 0.75 : 0.25);
         json l = {{"coord", {(x + off) / kSize, (y + (centres ? 0.5 : 1.0 - off)) / kSize}}, {"lod", 0.0}};
         if (!compare_ref.is_null())
            l["compare_ref"] = compare_ref;
         out.push_back(l);
      }
   return out;
}

class DeviceSampleFormats : public ZinkTest {
protected:
   void SetUp() override {
      ZinkTest::SetUp();
      if (!screen)
         return;
      VkPhysicalDeviceProperties props;
      vkGetPhysicalDeviceProperties(screen->physical_device(), &props);
      sub_texel = std::ldexp(1.0, -static_cast<int>(props.limits.subTexelPrecisionBits));
   }

   // Whether the screen filters `format` LINEAR (without compare).
   bool filters(const std::string &format) const {
      const pipe_format f = util_format_from_gl_internal_format(gl_internal_format_from_name(format));
      return screen->format_support(f).linear_filter;
   }

   // Runs the scenario on the device and with the reference; every component within `tol`.
   // Returns the largest difference.
   double run(const json &scenario, double tol, const std::string &label) {
      const std::string text = scenario.dump();
      json want, got;
      try {
         want = sample_scenario_reference(text);
      } catch (const std::exception &e) {
         ADD_FAILURE() << label << ": the reference refuses it: " << e.what();
         return 0.0;
      }
      try {
         got = sample_scenario_device(text, *screen);
      } catch (const std::exception &e) {
         ADD_FAILURE() << label << ": the device refuses it: " << e.what();
         return 0.0;
      }
      const json &g = got["results"], &w = want["results"];
      EXPECT_EQ(g.size(), scenario["lookups"].size()) << label;
      if (g.size() != w.size())
         return 0.0;
      double worst = 0.0;
      int failures = 0;
      for (size_t i = 0; i < g.size(); ++i) {
         double d = 0.0;
         for (size_t c = 0; c < 4; ++c)
            d = std::max(d, std::fabs(g[i][c].get<double>() - w[i][c].get<double>()));
         if (!(d <= tol) && failures++ < 4)
            ADD_FAILURE() << label << ", lookup " << i << " " << scenario["lookups"][i].dump() << ": device "
                          << g[i].dump() << ", reference " << w[i].dump() << " (tolerance " << tol << ")";
         worst = std::max(worst, d);
      }
      ++cases;
      return worst;
   }

   double sub_texel = 1.0 / 256;
   int cases = 0;
};

struct packed_case {
   const char *format;
   values_fn values;
   double range;     // of the texel values
   int unorm_bits;   // smallest colour component of a unorm format, 0 otherwise
   bool integer;
};

const packed_case kPacked[] = {
   {"GL_RGB565", unorm_rgb, 1.0, 5, false},
   {"GL_RGBA4", unorm_rgba, 1.0, 4, false},
   {"GL_RGB5_A1", unorm_rgba, 1.0, 5, false},
   {"GL_RGB10_A2", unorm_rgba, 1.0, 10, false},
   {"GL_RGB10_A2UI", uint_rgb10a2, 1023.0, 0, true},
   {"GL_R11F_G11F_B10F", ufloat_rgb, 7.5, 0, false},
   {"GL_RGB9_E5", ufloat_rgb, 7.5, 0, false},
};

}  // namespace

// Packed colour formats: every texel centre exact (NEAREST, two wraps that never hit lavapipe's
// 8-bit path), and LINEAR inside the texture where the format filters.
TEST_F(DeviceSampleFormats, PackedColourFormatsMatchTheReference) {
   for (const packed_case &p : kPacked) {
      const std::string f = p.format;
      for (const char *wrap : {"GL_CLAMP_TO_BORDER", "GL_MIRRORED_REPEAT"}) {
         const json sc = {{"texture", texture(f, p.values)}, {"sampler", sampler(wrap, "GL_NEAREST")},
                          {"lookups", lookups(true)}};
         const double d = run(sc, p.integer ? 0.0 : 1e-6 * std::max(1.0, p.range), f + " NEAREST " + wrap);
         std::printf("[ measured ] %s NEAREST %s: max |device - reference| = %.3g\n", p.format, wrap, d);
      }
      if (p.integer || !filters(f))
         continue;
      double tol = 2 * sub_texel * p.range + 1e-6 * p.range;
      if (p.unorm_bits)
         tol += 1.0 / ((1 << p.unorm_bits) - 1);
      const json sc = {{"texture", texture(f, p.values)}, {"sampler", sampler("GL_CLAMP_TO_EDGE", "GL_LINEAR")},
                       {"lookups", lookups(false)}};
      const double d = run(sc, tol, f + " LINEAR");
      std::printf("[ measured ] %s LINEAR: max |device - reference| = %.3g (tolerance %.3g)\n", p.format, d, tol);
   }
   EXPECT_GE(cases, 14);
}

// 24-bit depth and depth-stencil formats sampled as depth: texel centres exact without compare,
// and compare with LINEAR (the depth is filtered through the pass count).
TEST_F(DeviceSampleFormats, DepthAndDepthStencilSampledAsDepth) {
   struct depth_case {
      const char *format;
      values_fn values;
   };
   for (const depth_case &c : {depth_case{"GL_DEPTH_COMPONENT24", depth},
                               depth_case{"GL_DEPTH24_STENCIL8", depth_stencil},
                               depth_case{"GL_DEPTH32F_STENCIL8", depth_stencil},
                               depth_case{"GL_DEPTH_COMPONENT32", depth}}) {
      const std::string f = c.format;
      const json nearest = {{"texture", texture(f, c.values)},
                            {"sampler", sampler("GL_CLAMP_TO_BORDER", "GL_NEAREST")},
                            {"lookups", lookups(true)}};
      const double dn = run(nearest, 1e-6, f + " NEAREST");
      json compare = sampler("GL_CLAMP_TO_EDGE", "GL_LINEAR");
      compare["GL_TEXTURE_COMPARE_MODE"] = "GL_COMPARE_REF_TO_TEXTURE";
      compare["GL_TEXTURE_COMPARE_FUNC"] = "GL_LEQUAL";
      const json linear = {{"texture", texture(f, c.values)}, {"sampler", compare}, {"lookups", lookups(false, 0.5)}};
      const double dl = run(linear, 2 * sub_texel + 1e-6, f + " LINEAR compare");
      std::printf("[ measured ] %s: NEAREST max |device - reference| = %.3g, LINEAR compare %.3g\n", c.format, dn,
                  dl);
   }
   EXPECT_EQ(cases, 8);
}

// Stencil sampling (GL_STENCIL_INDEX8, and depth-stencil with GL_DEPTH_STENCIL_TEXTURE_MODE =
// GL_STENCIL_INDEX): the stencil aspect through the uint shaders, (S, 0, 0, 1) exactly; LINEAR
// requested samples NEAREST on both sides; an integer border colour.
TEST_F(DeviceSampleFormats, StencilSamplingMatchesTheReference) {
   struct stencil_case {
      const char *format;
      values_fn values;
      bool mode;  // needs GL_DEPTH_STENCIL_TEXTURE_MODE
   };
   for (const stencil_case &c : {stencil_case{"GL_STENCIL_INDEX8", stencil, false},
                                 stencil_case{"GL_DEPTH24_STENCIL8", depth_stencil, true},
                                 stencil_case{"GL_DEPTH32F_STENCIL8", depth_stencil, true}})
      for (const char *filter : {"GL_NEAREST", "GL_LINEAR"})
         for (const char *wrap : {"GL_REPEAT", "GL_CLAMP_TO_BORDER"}) {
            json tex = texture(c.format, c.values);
            if (c.mode)
               tex["depth_stencil_texture_mode"] = "GL_STENCIL_INDEX";
            json s = sampler(wrap, filter);
            s["GL_TEXTURE_BORDER_COLOR"] = {{"Iuiv", {7, 0, 0, 1}}};
            json ls = lookups(true);
            for (double x : {-0.3125, 1.1875})  // outside: wrapped or the border
               ls.push_back({{"coord", {x, 0.375}}, {"lod", 0.0}});
            const json sc = {{"texture", tex}, {"sampler", s}, {"lookups", ls}};
            run(sc, 0.0, std::string(c.format) + " as stencil, " + filter + " " + wrap);
         }
   EXPECT_EQ(cases, 12);
}
