// Issue 4 acceptance: `clampler sample` on the device (sample_scenario_device) against the reference
// (sample_scenario_reference) over the wrap-mode matrix, the seed's fallbacks under the capability
// override, and shadow lookups under every depth texture mode, swizzle and compare function.
//
// Every case is a scenario (docs/scenario.md) run through the whole layer — GL front end, state
// tracker (st_convert_sampler + lowering), zink sampler from the screen's cache, lowering pass,
// compute shader — under VK_LAYER_KHRONOS_validation. Expected values come from the reference
// sampler given the same scenario; the device only produces the values under test.
//
// Tolerances, per component (lavapipe: subTexelPrecisionBits 8, mipmapPrecisionBits 4):
// - integer formats: exact (the state tracker samples them NEAREST; borders bit-exact);
// - every format with NEAREST image filters and no LINEAR mip filter: 1e-6 (float conversion);
//   GL_CLAMP and the mirror clamps included: the lowering is exact (docs/rules.md §8);
// - a LINEAR image filter (min or mag): axes x 2^-subTexelPrecisionBits x the value range
//   (weights quantised per axis), + 1/255 for RGBA8 (unorm8 results rounded to 8 bits);
// - a LINEAR mip filter: + 2^-mipmapPrecisionBits x the value range (the level weight);
// the value range is max - min over the texels and the border colour (1 for the texel data).
// Coordinates are dyadic (exact in single precision) and include texel boundaries, edges,
// negative and > 1 values. Kept out, each shown by its own test:
// - MIRRORED_REPEAT / MIRROR_CLAMP_TO_EDGE with a NEAREST filter at texel boundaries: lavapipe
//   mirrors the coordinate, GL 4.6 the texel index (MirroredRepeatAtNegativeTexelBoundaries,
//   MirrorClampToEdgeAtTexelBoundaries below): those axes are moved 1/128 off the boundaries;
// - mixed image filters (one NEAREST, one LINEAR): when one SIMD vector mixes magnified and
//   minified lookups, lavapipe's NEAREST lanes read the texel below at exact texel boundaries
//   (MixedFiltersNearestAtTexelBoundaries below): those axes are moved 1/128 off;
// - λ in (0, 0.5] with mag LINEAR and min NEAREST_MIPMAP_*: GL's c = 0.5 switch has no Vulkan
//   counterpart; the shader lowers it (MinMagSwitchAtOneHalfIsLowered), the device alone switches
//   at 0 (MinMagSwitchPointIsZeroOnTheDevice below);
// - λ at k + 0.5 with NEAREST_MIPMAP_*: rounding ties (never used).
// - GL_CLAMP with mixed filters at s < 0: the saturated coordinate sits exactly on u = 0, where
//   the previous item makes lavapipe read the border; those lookups may match the reference
//   with CLAMP_TO_BORDER instead (counted as "documented alternative"). The lowering pass could
//   avoid it by clamping NEAREST-side lookups to the first texel's centre too.
// Non-seamless cube maps: lavapipe clamps each face to its edge whatever the wrap mode; the
// result may instead match the reference with CLAMP_TO_EDGE wraps, counted and reported.
#include "../zink/zink_test_util.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "clampler/sample/sample_device.h"
#include "clampler/tools/explain.h"
#include "clampler/tools/sample.h"

using namespace clampler;
using namespace clampler::test;
using json = nlohmann::ordered_json;

namespace {

struct target_desc {
   const char *name;
   int w, h, d, levels;
   int coords;  // coordinates per lookup (layer last)
   int grads;   // derivative components
   bool layered;
};

const target_desc k1D = {"GL_TEXTURE_1D", 8, 1, 1, 4, 1, 1, false};
const target_desc k2D = {"GL_TEXTURE_2D", 8, 4, 1, 4, 2, 2, false};
const target_desc k3D = {"GL_TEXTURE_3D", 4, 4, 4, 3, 3, 3, false};
const target_desc kRect = {"GL_TEXTURE_RECTANGLE", 8, 4, 1, 1, 2, 2, false};
const target_desc kCube = {"GL_TEXTURE_CUBE_MAP", 4, 4, 1, 3, 3, 3, false};
const target_desc k1DArray = {"GL_TEXTURE_1D_ARRAY", 8, 3, 1, 4, 2, 1, true};
const target_desc k2DArray = {"GL_TEXTURE_2D_ARRAY", 4, 4, 3, 3, 3, 2, true};

enum class kind { unorm8, float32, sint16, uint32 };

struct format_desc {
   const char *name;
   kind k;
};

const format_desc kFormats[] = {{"GL_RGBA8", kind::unorm8},
                                {"GL_RGBA32F", kind::float32},
                                {"GL_RGBA16I", kind::sint16},
                                {"GL_RGBA32UI", kind::uint32}};

const char *const kWraps[] = {"GL_REPEAT",          "GL_CLAMP",
                              "GL_CLAMP_TO_EDGE",   "GL_CLAMP_TO_BORDER",
                              "GL_MIRRORED_REPEAT", "GL_MIRROR_CLAMP_EXT",
                              "GL_MIRROR_CLAMP_TO_EDGE", "GL_MIRROR_CLAMP_TO_BORDER_EXT"};
const char *const kMinFilters[] = {"GL_NEAREST",
                                   "GL_LINEAR",
                                   "GL_NEAREST_MIPMAP_NEAREST",
                                   "GL_LINEAR_MIPMAP_NEAREST",
                                   "GL_NEAREST_MIPMAP_LINEAR",
                                   "GL_LINEAR_MIPMAP_LINEAR"};

bool reads_border(const std::string &wrap) {
   return wrap == "GL_CLAMP" || wrap == "GL_CLAMP_TO_BORDER" || wrap == "GL_MIRROR_CLAMP_EXT" ||
          wrap == "GL_MIRROR_CLAMP_TO_BORDER_EXT";
}
bool mirrors_indices(const std::string &wrap) {
   return wrap == "GL_MIRRORED_REPEAT" || wrap == "GL_MIRROR_CLAMP_TO_EDGE";
}

// Texel data: one array per level, x fastest, then y, then z / layer / face.
json levels_json(const target_desc &t, kind k, int levels) {
   json out = json::array();
   for (int l = 0; l < levels; ++l) {
      const bool cube = std::string(t.name) == "GL_TEXTURE_CUBE_MAP";
      const int w = std::max(1, t.w >> l);
      const int h = t.layered && t.coords == 2 ? t.h : std::max(1, t.h >> l);
      const int d = cube ? 6 : (std::string(t.name) == "GL_TEXTURE_3D" ? std::max(1, t.d >> l) : t.d);
      json level = json::array();
      for (int i = 0; i < w * h * d; ++i) {
         const int n = i + 29 * l;
         json texel = json::array();
         for (int c = 0; c < 4; ++c) {
            const int v = (n * 7 + c * 13 + 3) % 31;
            switch (k) {
            case kind::unorm8: texel.push_back(v / 30.0); break;
            case kind::float32: texel.push_back(v / 32.0); break;
            case kind::sint16: texel.push_back((v - 15) * 19); break;
            case kind::uint32: texel.push_back(v * 3217); break;
            }
         }
         level.push_back(texel);
      }
      out.push_back(level);
   }
   return out;
}

// A border colour that is zero, white or arbitrary, as the format's entry point takes it.
json border_json(kind k, int which) {
   switch (k) {
   case kind::sint16:
      return json{{"Iiv", which == 0 ? json{0, 0, 0, 0} : which == 1 ? json{1, 1, 1, 1} : json{-7, 300, 5, 9}}};
   case kind::uint32:
      return json{{"Iuiv", which == 0 ? json{0, 0, 0, 0} : which == 1 ? json{1, 1, 1, 1} : json{7, 70000, 5, 9}}};
   case kind::float32:
      return which == 0 ? json{0.0, 0.0, 0.0, 0.0} : which == 1 ? json{1.0, 1.0, 1.0, 1.0} : json{-0.5, 1.5, 0.25, 2.0};
   default: return which == 0 ? json{0.0, 0.0, 0.0, 0.0} : which == 1 ? json{1.0, 1.0, 1.0, 1.0} : json{0.2, 0.9, 0.4, 0.6};
   }
}

double border_span(kind k, int which) {
   return k == kind::float32 && which == 2 ? 2.5 : 1.0;
}

// Dyadic coordinates: texel boundaries of 4- and 8-texel levels, edges, negative and > 1.
const double kS[] = {-1.375, -1.0, -0.5625, -0.25, -0.03125, 0.0, 0.125, 0.3125,
                     0.5,    0.71875, 0.875, 1.0, 1.03125, 1.5, 2.25};
constexpr int kNS = sizeof(kS) / sizeof(kS[0]);
const double kLayers[] = {-1.0, 0.25, 1.0, 1.75, 6.0};
// Cube directions: each face's major axis with minor coordinates inside the face.
const double kMinor[] = {-0.875, -0.3125, 0.0625, 0.5, 0.96875};

struct case_filters {
   std::string min, mag;
   bool mip() const { return min.find("MIPMAP") != std::string::npos; }
   bool any_linear_image() const {
      return mag == "GL_LINEAR" || min == "GL_LINEAR" || min.rfind("GL_LINEAR_MIPMAP", 0) == 0;
   }
   bool any_nearest_image() const {
      return mag == "GL_NEAREST" || min == "GL_NEAREST" || min.rfind("GL_NEAREST_MIPMAP", 0) == 0;
   }
   bool mip_linear() const { return min.find("MIPMAP_LINEAR") != std::string::npos; }
   // GL's c = 0.5 switch: mag LINEAR, min NEAREST_MIPMAP_*.
   bool half_switch() const { return mag == "GL_LINEAR" && min.rfind("GL_NEAREST_MIPMAP", 0) == 0; }
};

// The lookups of one case. `shift[a]`: move axis a 1/128 off texel boundaries.
json lookups_json(const target_desc &t, const case_filters &f, const bool shift[3], bool integer) {
   json out = json::array();
   const std::string name = t.name;
   std::vector<double> lods = f.mip() ? std::vector<double>{-0.75, 0.0, 0.625, 1.25, 1.875}
                                      : std::vector<double>{0.0, 0.75};
   if (f.half_switch() && !integer)  // integer formats sample NEAREST: no switch point
      lods.erase(std::remove_if(lods.begin(), lods.end(), [](double l) { return l > 0.0 && l <= 0.5; }), lods.end());
   auto axis = [&](int a, int i) {
      double v = kS[i % kNS] + (shift[a] ? 1.0 / 128.0 : 0.0);
      if (name == "GL_TEXTURE_RECTANGLE")
         v *= a == 0 ? t.w : t.h;  // texel units
      return v;
   };
   std::vector<json> coords;
   if (name == "GL_TEXTURE_CUBE_MAP") {
      for (int face = 0; face < 6; ++face)
         for (int i = 0; i < 5; ++i) {
            const double major = face % 2 ? -1.0 : 1.0;
            // Face coordinates (minor / 2 + 1/2) land on texel boundaries for 0.5, -0.3125 is
            // off them; shift moves them 1/128 off too.
            const double a = kMinor[i] + (shift[0] ? 1.0 / 128.0 : 0.0);
            const double b = kMinor[(i * 3 + face) % 5] + (shift[1] ? 1.0 / 128.0 : 0.0);
            json c = face / 2 == 0 ? json{major, a, b} : face / 2 == 1 ? json{a, major, b} : json{a, b, major};
            coords.push_back(c);
         }
   } else {
      for (int i = 0; i < kNS; ++i) {
         json c = json::array();
         const int spatial = t.layered ? t.coords - 1 : t.coords;
         for (int a = 0; a < spatial; ++a)
            c.push_back(axis(a, i * (2 * a + 1) + 4 * a));
         if (t.layered)
            c.push_back(kLayers[i % 5]);
         coords.push_back(c);
      }
   }
   for (const json &c : coords)
      for (double lod : lods)
         out.push_back(json{{"coord", c}, {"lod", lod}});
   // Two gradient lookups: λ = 1 exactly (|dP/dx| = 2 texels) and a magnifying one.
   if (name != "GL_TEXTURE_RECTANGLE" || !f.mip()) {
      for (int g = 0; g < 2; ++g) {
         json dx = json::array(), dy = json::array();
         for (int a = 0; a < t.grads; ++a) {
            const double size = a == 0 ? t.w : a == 1 ? t.h : t.d;
            const double step = (g == 0 ? 2.0 : 0.25) / (name == "GL_TEXTURE_RECTANGLE" ? 1.0 : size);
            dx.push_back(a == 0 ? step : 0.0);
            dy.push_back(a == 1 || t.grads == 1 ? (t.grads == 1 ? 0.0 : step) : 0.0);
         }
         if (name == "GL_TEXTURE_CUBE_MAP") {  // derivatives across the +X face
            dx = json{0.0, 2.0 * 2.0 / t.w / (g == 0 ? 1.0 : 8.0), 0.0};
            dy = json{0.0, 0.0, 2.0 * 2.0 / t.w / (g == 0 ? 1.0 : 8.0)};
         }
         json lk = json{{"coord", coords[(g * 5 + 2) % coords.size()]}, {"grad_x", dx}, {"grad_y", dy}};
         if (!(f.half_switch() && !integer && g == 1))
            out.push_back(lk);
      }
   }
   return out;
}

struct tally {
   size_t cases = 0, lookups = 0, alternative = 0, refused = 0;
   double max_error = 0.0;
   double seconds = 0.0;
};

class DeviceSampleMatrix : public ZinkTest {
protected:
   void SetUp() override {
      ZinkTest::SetUp();
      if (!screen)
         return;
      VkPhysicalDeviceProperties props;
      vkGetPhysicalDeviceProperties(screen->physical_device(), &props);
      sub_texel = std::ldexp(1.0, -static_cast<int>(props.limits.subTexelPrecisionBits));
      mip_precision = std::ldexp(1.0, -static_cast<int>(props.limits.mipmapPrecisionBits));
   }

   // Runs `scenario` on the device and with the reference; every component within `tol`.
   // With `alternative`, a lookup may instead match that scenario's reference (counted).
   void run_case(const json &scenario, double tol, const std::string &label, tally *t,
                 const json *alternative = nullptr, const std::vector<bool> *alternative_allowed = nullptr) {
      const std::string text = scenario.dump();
      json want, got, alt;
      try {
         want = sample_scenario_reference(text);
      } catch (const std::exception &e) {
         ADD_FAILURE() << label << ": the reference refuses it: " << e.what() << "\n" << text;
         return;
      }
      try {
         got = sample_scenario_device(text, *screen);
      } catch (const std::exception &e) {
         ADD_FAILURE() << label << ": the device refuses it: " << e.what();
         return;
      }
      if (alternative)
         alt = sample_scenario_reference(alternative->dump());
      ++t->cases;
      const json &g = got["results"], &w = want["results"];
      ASSERT_EQ(g.size(), w.size()) << label;
      int failures = 0;
      for (size_t i = 0; i < g.size(); ++i) {
         auto distance = [&](const json &ref) {
            double d = 0.0;
            for (size_t c = 0; c < 4; ++c)
               d = std::max(d, std::fabs(g[i][c].get<double>() - ref[c].get<double>()));
            return d;
         };
         double d = distance(w[i]);
         if (alternative && !(d <= tol) && (!alternative_allowed || (*alternative_allowed)[i])) {
            const double da = distance(alt["results"][i]);
            if (da <= tol) {
               ++t->alternative;
               d = da;
            }
         }
         if (!(d <= tol) && failures++ < 4)
            ADD_FAILURE() << label << ", lookup " << i << " " << scenario["lookups"][i].dump() << ": device "
                          << g[i].dump() << ", reference " << w[i].dump() << " (tolerance " << tol << ")";
         if (d == d)
            t->max_error = std::max(t->max_error, d);
      }
      t->lookups += g.size();
   }

   // The tolerance of a case (see the top of this file).
   double tolerance(kind k, const case_filters &f, int axes, double span) const {
      if (k == kind::sint16 || k == kind::uint32)
         return 0.0;
      double tol = 1e-6;
      if (f.any_linear_image())
         tol += axes * sub_texel * span + (k == kind::unorm8 ? 1.0 / 255.0 : 0.0);
      if (f.mip_linear())
         tol += mip_precision * span + (k == kind::unorm8 ? 1.0 / 255.0 : 0.0);
      return tol;
   }

   void report(const char *what, const tally &t) const {
      const sample_stats st = sample_statistics(*screen);
      std::printf("[ measured ] %s: %zu cases, %zu lookups, max |device - reference| = %.3g, %zu matched the "
                  "documented alternative, %.1f s (%llu pipelines compiled, %zu lowered modules)\n",
                  what, t.cases, t.lookups, t.max_error, t.alternative, t.seconds,
                  static_cast<unsigned long long>(st.pipelines_created), st.lowered_modules);
   }

   // The whole wrap x filter x border x format matrix on one target.
   void wrap_matrix(const target_desc &t, tally *all) {
      const auto start = std::chrono::steady_clock::now();
      const std::string name = t.name;
      const bool rect = name == "GL_TEXTURE_RECTANGLE", cube = name == "GL_TEXTURE_CUBE_MAP";
      const int axes = cube ? 2 : t.layered ? t.coords - 1 : t.coords;
      for (const format_desc &fmt : kFormats) {
         const bool integer = fmt.k == kind::sint16 || fmt.k == kind::uint32;
         for (int wi = 0; wi < 8; ++wi) {
            const std::string ws = kWraps[wi];
            if (rect && ws != "GL_CLAMP" && ws != "GL_CLAMP_TO_EDGE" && ws != "GL_CLAMP_TO_BORDER")
               continue;  // the wraps GL allows on rectangles
            // t and r get other wraps (rotated), so mixed wraps are covered too.
            const std::string wt = rect ? kWraps[wi == 1 ? 3 : wi == 2 ? 1 : 2] : kWraps[(wi + 3) % 8];
            const std::string wr = kWraps[(wi + 5) % 8];
            for (int mi = 0; mi < (rect ? 2 : 6); ++mi)
               for (int mag = 0; mag < 2; ++mag) {
                  const case_filters f{kMinFilters[mi], mag ? "GL_LINEAR" : "GL_NEAREST"};
                  const bool nearest_possible = integer || f.any_nearest_image();
                  // Off texel boundaries where lavapipe is known to differ there (top of file).
                  const bool mixed = !integer && f.any_nearest_image() && f.any_linear_image();
                  const bool shift[3] = {mixed || (nearest_possible && mirrors_indices(ws)),
                                         mixed || (nearest_possible && mirrors_indices(wt) && axes > 1),
                                         mixed || (nearest_possible && mirrors_indices(wr) && axes > 2)};
                  const bool border = reads_border(ws) || (axes > 1 && reads_border(wt)) ||
                                      (axes > 2 && reads_border(wr));
                  for (int b = 0; b < (border ? 3 : 1); ++b) {
                     json tex = {{"target", t.name},
                                 {"internal_format", fmt.name},
                                 {"width", t.w},
                                 {"height", t.h},
                                 {"depth", t.d},
                                 {"levels", levels_json(t, fmt.k, f.mip() ? t.levels : 1)}};
                     json sampler = {{"GL_TEXTURE_WRAP_S", ws},        {"GL_TEXTURE_WRAP_T", wt},
                                     {"GL_TEXTURE_WRAP_R", wr},        {"GL_TEXTURE_MIN_FILTER", f.min},
                                     {"GL_TEXTURE_MAG_FILTER", f.mag}, {"GL_TEXTURE_BORDER_COLOR", border_json(fmt.k, b)}};
                     json sc = {{"texture", tex}, {"sampler", sampler},
                                {"lookups", lookups_json(t, f, shift, integer)}};
                     const std::string label = name + " " + fmt.name + " " + ws + "/" + wt + "/" + wr + " " + f.min +
                                               "/" + f.mag + " border " + std::to_string(b);
                     const double tol = tolerance(fmt.k, f, axes, border_span(fmt.k, b));
                     // GL_CLAMP with mixed filters: saturate puts s < 0 exactly on u = 0, where
                     // lavapipe's NEAREST (filters mixed) reads the texel below — the border. Those
                     // lookups may match CLAMP_TO_BORDER instead (counted; top of file).
                     std::vector<bool> allowed;
                     if (mixed && !cube && (ws == "GL_CLAMP" || (axes > 1 && wt == "GL_CLAMP") ||
                                            (axes > 2 && wr == "GL_CLAMP"))) {
                        json alt = sc;
                        for (const char *p : {"GL_TEXTURE_WRAP_S", "GL_TEXTURE_WRAP_T", "GL_TEXTURE_WRAP_R"})
                           if (alt["sampler"][p] == "GL_CLAMP")
                              alt["sampler"][p] = "GL_CLAMP_TO_BORDER";
                        const std::string wraps[3] = {ws, wt, wr};
                        for (const json &lk : sc["lookups"]) {
                           bool below = false;
                           for (int a = 0; a < axes; ++a)
                              below |= wraps[a] == "GL_CLAMP" && lk["coord"][a].get<double>() < 0.0;
                           allowed.push_back(below);
                        }
                        run_case(sc, tol, label, all, &alt, &allowed);
                     } else if (cube) {
                        // Non-seamless (the scenario default): lavapipe may clamp faces to their edges.
                        json alt = sc;
                        for (const char *p : {"GL_TEXTURE_WRAP_S", "GL_TEXTURE_WRAP_T", "GL_TEXTURE_WRAP_R"})
                           alt["sampler"][p] = "GL_CLAMP_TO_EDGE";
                        run_case(sc, tol, label, all, &alt);
                     } else {
                        run_case(sc, tol, label, all);
                     }
                  }
               }
         }
      }
      all->seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
   }

   double sub_texel = 1.0 / 256.0, mip_precision = 1.0 / 16.0;
};

}  // namespace

TEST_F(DeviceSampleMatrix, WrapModesFiltersAndBordersOn1D) {
   tally t;
   wrap_matrix(k1D, &t);
   report("wrap matrix, GL_TEXTURE_1D", t);
}

TEST_F(DeviceSampleMatrix, WrapModesFiltersAndBordersOn2D) {
   tally t;
   wrap_matrix(k2D, &t);
   report("wrap matrix, GL_TEXTURE_2D", t);
}

TEST_F(DeviceSampleMatrix, WrapModesFiltersAndBordersOn3D) {
   tally t;
   wrap_matrix(k3D, &t);
   report("wrap matrix, GL_TEXTURE_3D", t);
}

TEST_F(DeviceSampleMatrix, WrapModesFiltersAndBordersOnRectangles) {
   tally t;
   wrap_matrix(kRect, &t);
   report("wrap matrix, GL_TEXTURE_RECTANGLE", t);
}

TEST_F(DeviceSampleMatrix, WrapModesFiltersAndBordersOnCubeMaps) {
   tally t;
   wrap_matrix(kCube, &t);
   report("wrap matrix, GL_TEXTURE_CUBE_MAP (non-seamless)", t);
}

TEST_F(DeviceSampleMatrix, WrapModesFiltersAndBordersOnArrays) {
   tally t;
   wrap_matrix(k2DArray, &t);
   wrap_matrix(k1DArray, &t);
   report("wrap matrix, GL_TEXTURE_2D_ARRAY and GL_TEXTURE_1D_ARRAY", t);
}

// ---------------------------------------------------------------------------------------------
// Measured divergences, each shown on its own.

namespace {

json r32f_1d(const std::string &min, const std::string &mag, const std::string &wrap, const json &lookups) {
   return json{{"texture", {{"target", "GL_TEXTURE_1D"}, {"internal_format", "GL_R32F"}, {"width", 8},
                            {"levels", json::array({json{0, 1, 2, 3, 4, 5, 6, 7}})}}},
               {"sampler", {{"GL_TEXTURE_WRAP_S", wrap}, {"GL_TEXTURE_MIN_FILTER", min}, {"GL_TEXTURE_MAG_FILTER", mag}}},
               {"lookups", lookups}};
}

}  // namespace

TEST_F(DeviceSampleMatrix, MixedFiltersNearestAtTexelBoundaries) {
   // Min NEAREST, mag LINEAR, minified lookups (λ = 0.75) at s = k/8 exactly: GL's NEAREST reads
   // texel k (floor(u)). lavapipe (Mesa 22.3.6, 8-wide SIMD) does so when every lane of a SIMD
   // vector is minified, but when a vector mixes magnified (LINEAR) and minified (NEAREST) lanes
   // the NEAREST lanes read texel k - 1 exactly at texel boundaries (elsewhere they agree with
   // GL). Shown with 16 minified lookups alone, then interleaved with magnified ones (λ = -1),
   // packed into shared vectors (sample_request::shared_vectors) — the device's own behaviour —
   // and as device sampling runs them by default, each lookup in a vector of its own, which
   // must then be GL's answer for every lookup. Idle lanes are a second trigger, which the
   // compute shader avoids (shaders/sample.comp): the 16 + 1 lookups leave 7 idle lanes.
   json alone = json::array(), mixed = json::array();
   for (int k = -4; k <= 12; ++k) {
      alone.push_back(json{{"coord", {k / 8.0}}, {"lod", 0.75}});
      mixed.push_back(json{{"coord", {k / 8.0}}, {"lod", 0.75}});
      mixed.push_back(json{{"coord", {0.3}}, {"lod", -1.0}});
   }
   for (int run = 0; run < 3; ++run) {
      const bool interleaved = run > 0, shared = run == 1;
      const json &lookups = interleaved ? mixed : alone;
      json below_lookups = lookups;  // the centre of texel k - 1 for the minified ones
      for (json &lk : below_lookups)
         if (lk["lod"].get<double>() > 0.0)
            lk["coord"][0] = lk["coord"][0].get<double>() - 1.0 / 16.0;
      const json gl = sample_scenario_reference(r32f_1d("GL_NEAREST", "GL_LINEAR", "GL_REPEAT", lookups).dump());
      const json below =
         sample_scenario_reference(r32f_1d("GL_NEAREST", "GL_LINEAR", "GL_REPEAT", below_lookups).dump());
      const json got =
         sample_scenario_device(r32f_1d("GL_NEAREST", "GL_LINEAR", "GL_REPEAT", lookups).dump(), *screen, shared);
      size_t minified = 0, as_gl = 0, as_below = 0;
      for (size_t i = 0; i < lookups.size(); ++i) {
         const double g = got["results"][i][0].get<double>();
         if (lookups[i]["lod"].get<double>() < 0.0) {
            EXPECT_NEAR(g, gl["results"][i][0].get<double>(), 1e-6) << "magnified lookup " << i;
            continue;
         }
         ++minified;
         as_gl += g == gl["results"][i][0].get<double>();
         as_below += g == below["results"][i][0].get<double>();
      }
      std::printf("[ measured ] min NEAREST / mag LINEAR at s = k/8, %s: %zu minified lookups, %zu as GL, %zu read "
                  "the texel below\n",
                  !interleaved ? "alone"
                  : shared     ? "interleaved with magnified lookups in shared vectors"
                               : "interleaved with magnified lookups, a vector each",
                  minified, as_gl, as_below);
      EXPECT_EQ(as_gl + as_below, minified);
      if (!shared) {
         EXPECT_EQ(as_gl, minified);  // uniform vectors, or a vector per lookup: exactly GL
      }
   }
}

// Rule 10's own paths: rule 13 would send NEAREST_MIPMAP_NEAREST through the shader filter,
// which computes GL's switch itself, so these fixtures switch it off.
// Rule 10's coordinate lowering itself: rules 13 and 16 (which would take these NEAREST_MIPMAP_*
// samplers through the shader filter) off.
class DeviceSampleSwitchLowering : public DeviceSampleMatrix {
   std::string caps_override() const override {
      return R"({"disable_caps": ["PIPE_CAP_NEAREST_MIP_TIE_LOWERING", "PIPE_CAP_LAMBDA_LOWERING"]})";
   }
};
class DeviceSampleNoSwitchLowering : public DeviceSampleMatrix {
   std::string caps_override() const override {
      return R"({"disable_caps": ["PIPE_CAP_MIN_MAG_SWITCH_LOWERING", "PIPE_CAP_NEAREST_MIP_TIE_LOWERING",
                                  "PIPE_CAP_LAMBDA_LOWERING"]})";
   }
};

TEST_F(DeviceSampleSwitchLowering, MinMagSwitchAtOneHalfIsLowered) {
   // Rule 10: with mag LINEAR and min NEAREST_MIPMAP_*, GL magnifies up to λ = 0.5. Through the
   // layer the device gives GL's answer on both sides of 0 and 0.5, from explicit LODs (the
   // switch points themselves included: exact in a float) and from gradients (λ off the switch
   // points and off k + ½: GL lets an implementation approximate log2 ρ), sampler bias included.
   json levels = json::array({json{0, 1, 2, 3, 4, 5, 6, 7}, json{10, 11, 12, 13}, json{20, 21}, json{30}});
   json lookups = json::array();
   for (double s : {0.28125, 0.59375, 0.90625}) {
      for (double lod : {-0.5, 0.0, 0.0625, 0.25, 0.5, 0.5625, 1.0, 1.375})
         lookups.push_back(json{{"coord", {s}}, {"lod", lod}});
      for (double lod : {-1.0, 0.125, 1.0}) {
         const double g = std::exp2(lod) / 8.0;  // ρ = 2^lod texels
         lookups.push_back(json{{"coord", {s}}, {"grad_x", {g}}, {"grad_y", {0.0}}});
      }
   }
   size_t between = 0, total = 0;
   for (const char *min : {"GL_NEAREST_MIPMAP_NEAREST", "GL_NEAREST_MIPMAP_LINEAR"})
      for (double bias : {0.0, 0.25}) {
         json sc = {{"texture", {{"target", "GL_TEXTURE_1D"}, {"internal_format", "GL_R32F"}, {"width", 8}, {"levels", levels}}},
                    {"sampler", {{"GL_TEXTURE_MIN_FILTER", min}, {"GL_TEXTURE_MAG_FILTER", "GL_LINEAR"},
                                 {"GL_TEXTURE_LOD_BIAS", bias}}},
                    {"lookups", lookups}};
         const json gl = sample_scenario_reference(sc.dump());
         const json got = sample_scenario_device(sc.dump(), *screen);
         EXPECT_EQ(got["shader_key"]["min_mag_switch"], true);
         // Texels 0..30: a LINEAR mip filter weighs two levels with the device's mipmapPrecisionBits.
         const double tol = std::string(min) == "GL_NEAREST_MIPMAP_LINEAR" ? 30.0 / 128 : 1e-5;
         for (size_t i = 0; i < lookups.size(); ++i) {
            EXPECT_NEAR(got["results"][i][0].get<double>(), gl["results"][i][0].get<double>(), tol)
               << min << " bias " << bias << " " << lookups[i].dump();
            const double lambda = (lookups[i].contains("lod") ? lookups[i]["lod"].get<double>()
                                                              : std::log2(lookups[i]["grad_x"][0].get<double>() * 8.0)) +
                                  bias;
            between += lambda > 0.0 && lambda <= 0.5;
            ++total;
         }
      }
   std::printf("[ measured ] c = 0.5 switch through the layer: %zu lookups, %zu with 0 < λ ≤ 0.5, all as the reference\n",
               total, between);
   EXPECT_GT(between, 0u);
}

TEST_F(DeviceSampleNoSwitchLowering, MinMagSwitchPointIsZeroOnTheDevice) {
   // GL switches from magnification to minification at λ = 0.5 when mag is LINEAR and min is
   // NEAREST_MIPMAP_*; Vulkan at λ = 0. Without rule 10's lowering, at λ = 0.25 the device
   // filters NEAREST on level 0 where GL filters LINEAR: shown with a lookup between two texels.
   const json lookups = json::array({json{{"coord", {0.28125}}, {"lod", 0.25}}});
   json levels = json::array({json{0, 1, 2, 3, 4, 5, 6, 7}, json{10, 11, 12, 13}, json{20, 21}, json{30}});
   json sc = {{"texture", {{"target", "GL_TEXTURE_1D"}, {"internal_format", "GL_R32F"}, {"width", 8}, {"levels", levels}}},
              {"sampler", {{"GL_TEXTURE_MIN_FILTER", "GL_NEAREST_MIPMAP_NEAREST"}, {"GL_TEXTURE_MAG_FILTER", "GL_LINEAR"}}},
              {"lookups", lookups}};
   const json gl = sample_scenario_reference(sc.dump());
   const json got = sample_scenario_device(sc.dump(), *screen);
   EXPECT_EQ(gl["results"][0][0].get<double>(), 1.75);  // u = 2.25: LINEAR, 1/4 texel 1 + 3/4 texel 2
   EXPECT_EQ(got["results"][0][0].get<double>(), 2.0);  // NEAREST: texel 2 (λ > 0 minifies)
}

// ---------------------------------------------------------------------------------------------
// Shadow lookups: every GL_DEPTH_TEXTURE_MODE (and the core profile) x texture swizzles x the
// eight compare functions on 1D, 2D, RECTANGLE, CUBE and 1D / 2D arrays, NEAREST and LINEAR,
// depth 32F and 16. The result swizzle comes from the lowering pass (docs/rules.md §9).

TEST_F(DeviceSampleMatrix, ShadowLookupsUnderEveryDepthModeSwizzleAndFunction) {
   const auto start = std::chrono::steady_clock::now();
   const char *const funcs[] = {"GL_NEVER",  "GL_LESS",     "GL_EQUAL",  "GL_LEQUAL",
                                "GL_GREATER", "GL_NOTEQUAL", "GL_GEQUAL", "GL_ALWAYS"};
   const char *const modes[] = {"core", "GL_LUMINANCE", "GL_INTENSITY", "GL_ALPHA", "GL_RED"};
   const json swizzles[] = {json{"GL_RED", "GL_GREEN", "GL_BLUE", "GL_ALPHA"},
                            json{"GL_ALPHA", "GL_ONE", "GL_RED", "GL_ZERO"},
                            json{"GL_GREEN", "GL_RED", "GL_ALPHA", "GL_BLUE"}};
   const target_desc targets[] = {k1D, k2D, kRect, kCube, k1DArray, k2DArray};
   tally t;
   for (const target_desc &td : targets) {
      const std::string name = td.name;
      const bool cube = name == "GL_TEXTURE_CUBE_MAP", rect = name == "GL_TEXTURE_RECTANGLE";
      const int axes = cube ? 2 : td.layered ? td.coords - 1 : td.coords;
      for (const char *format : {"GL_DEPTH_COMPONENT32F", "GL_DEPTH_COMPONENT16"})
         for (const char *mode : modes)
            for (const json &swz : swizzles)
               for (const char *func : funcs)
                  for (const char *filter : {"GL_NEAREST", "GL_LINEAR"}) {
                     // Depth texels k/8 (ties with the references below), one level.
                     json levels = json::array({json::array()});
                     const int faces = cube ? 6 : 1;
                     const int count = td.w * td.h * td.d * faces;
                     for (int i = 0; i < count; ++i)
                        levels[0].push_back(json{((i * 5) % 9) / 8.0});
                     json tex = {{"target", td.name}, {"internal_format", format}, {"width", td.w},
                                 {"height", td.h},    {"depth", td.d},           {"swizzle", swz},
                                 {"levels", levels}};
                     json sc = json::object();
                     if (std::string(mode) == "core")
                        sc["profile"] = "core";
                     else
                        tex["depth_texture_mode"] = mode;
                     sc["texture"] = tex;
                     sc["sampler"] = {{"GL_TEXTURE_COMPARE_MODE", "GL_COMPARE_REF_TO_TEXTURE"},
                                      {"GL_TEXTURE_COMPARE_FUNC", func},
                                      {"GL_TEXTURE_MIN_FILTER", filter},
                                      {"GL_TEXTURE_MAG_FILTER", filter},
                                      {"GL_TEXTURE_WRAP_S", "GL_CLAMP_TO_EDGE"},
                                      {"GL_TEXTURE_WRAP_T", rect ? "GL_CLAMP_TO_BORDER" : "GL_REPEAT"}};
                     // Gradient lookups everywhere (2D arrays and cubes have no textureLod shadow
                     // in GLSL 4.50): magnifying, at references 0, 3/8 (a texel value), 0.5, 1.
                     json lookups = json::array();
                     const bool shift[3] = {false, false, false};
                     const json coords = lookups_json(td, case_filters{"GL_NEAREST", "GL_NEAREST"}, shift, false);
                     size_t n = 0;
                     for (const json &lk : coords) {
                        if (!lk.contains("lod") || lk["lod"].get<double>() != 0.0)
                           continue;
                        json dx = json::array(), dy = json::array();
                        for (int a = 0; a < td.grads; ++a) {
                           dx.push_back(a == 0 ? (rect ? 0.25 : 0.03125) : 0.0);
                           dy.push_back(a == 1 ? (rect ? 0.25 : 0.03125) : 0.0);
                        }
                        const double refs[] = {0.0, 0.375, 0.5, 1.0};
                        json l = {{"coord", lk["coord"]}, {"grad_x", dx}, {"grad_y", dy},
                                  {"compare_ref", refs[n++ % 4]}};
                        lookups.push_back(l);
                     }
                     sc["lookups"] = lookups;
                     const std::string label = name + " " + format + " " + mode + " " + swz.dump() + " " + func + " " +
                                               filter;
                     const double tol = std::string(filter) == "GL_LINEAR" ? axes * sub_texel + 1e-6 : 1e-6;
                     if (cube) {
                        json alt = sc;
                        alt["sampler"]["GL_TEXTURE_WRAP_T"] = "GL_CLAMP_TO_EDGE";
                        run_case(sc, tol, label, &t, &alt);
                     } else {
                        run_case(sc, tol, label, &t);
                     }
                  }
   }
   t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
   report("shadow lookups (5 depth modes x 3 swizzles x 8 functions x 2 filters x 2 formats x 6 targets)", t);
}

// ---------------------------------------------------------------------------------------------
// The seed's fallbacks, observed on the device under the capability override (docs/zink.md).

namespace {

// A 4x4 texture of `format` with `levels` (own components or RGBA), `lookups` over edges.
json fallback_scenario(const char *format, const json &texels, const json &sampler, const json &lookups) {
   return json{{"texture", {{"target", "GL_TEXTURE_2D"}, {"internal_format", format}, {"width", 4}, {"height", 4},
                            {"levels", json::array({texels})}}},
               {"sampler", sampler},
               {"lookups", lookups}};
}

json edge_lookups() {
   json l = json::array();
   for (double s : {-0.3, 0.1, 0.37, 0.6, 0.95, 1.2})
      for (double t : {-0.2, 0.45, 1.1})
         for (double lod : {0.0, 0.75})
            l.push_back(json{{"coord", {s, t}}, {"lod", lod}});
   return l;
}

json rgba_texels(int n, bool integer) {
   json v = json::array();
   for (int i = 0; i < n; ++i)
      v.push_back(integer ? json{i * 3 + 20, i * 7, 100 - i, i % 3} : json{i / 16.0, 1.0 - i / 16.0, (i % 3) / 2.0, 1.0});
   return v;
}

// Samples `sc` on the device through the layer and on the reference: whether the key holds the
// shader filter is `filtered`, and every component of every lookup lies within `tol` of the
// reference's (failures name `label` and the lookup).
void expect_filtered_as_reference(const zink_screen &screen, const json &sc, bool filtered, double tol,
                                  const std::string &label) {
   const json got = sample_scenario_device(sc.dump(), screen);
   const json want = sample_scenario_reference(sc.dump());
   EXPECT_EQ(got["shader_key"]["shader_filter"].is_object(), filtered) << label;
   for (size_t i = 0; i < sc["lookups"].size(); ++i)
      for (size_t k = 0; k < 4; ++k)
         EXPECT_NEAR(got["results"][i][k].get<double>(), want["results"][i][k].get<double>(), tol)
            << label << " " << sc["lookups"][i].dump();
}

class DeviceSampleNoLinearFloat : public DeviceSampleMatrix {
   std::string caps_override() const override {
      return R"({"no_linear_filtering": ["PIPE_FORMAT_R32G32B32A32_FLOAT", "PIPE_FORMAT_Z32_FLOAT"]})";
   }
};

class DeviceSampleNoDepthLowering : public DeviceSampleMatrix {
   std::string caps_override() const override {
      return R"({"no_linear_filtering": ["PIPE_FORMAT_Z32_FLOAT"], "disable_caps": ["PIPE_CAP_LINEAR_DEPTH_LOWERING"]})";
   }
};

class DeviceSampleNoCustomBorders : public DeviceSampleMatrix {
   std::string caps_override() const override {
      return R"({"disable_extensions": ["VK_EXT_custom_border_color"], "disable_features": ["customBorderColors",
                 "customBorderColorWithoutFormat"]})";
   }
};

class DeviceSampleFormattedBorders : public DeviceSampleMatrix {
   std::string caps_override() const override {
      return R"({"disable_features": ["customBorderColorWithoutFormat"]})";
   }
};

class DeviceSampleNoMirrorClampToEdge : public DeviceSampleMatrix {
   std::string caps_override() const override {
      return R"({"disable_extensions": ["VK_KHR_sampler_mirror_clamp_to_edge"],
                 "disable_features": ["samplerMirrorClampToEdge"]})";
   }
};

}  // namespace

TEST_F(DeviceSampleNoLinearFloat, FormatWithoutLinearFilteringSamplesNearest) {
   // Rule 3: LINEAR on a format the screen cannot filter becomes NEAREST (mip LINEAR -> NEAREST).
   // The device must give what the reference gives for NEAREST filters, and differ from GL's
   // LINEAR result somewhere (the fallback is observable).
   const json linear = {{"GL_TEXTURE_MIN_FILTER", "GL_LINEAR"}, {"GL_TEXTURE_MAG_FILTER", "GL_LINEAR"},
                        {"GL_TEXTURE_WRAP_S", "GL_CLAMP_TO_EDGE"}};
   json nearest = linear;
   nearest["GL_TEXTURE_MIN_FILTER"] = "GL_NEAREST";
   nearest["GL_TEXTURE_MAG_FILTER"] = "GL_NEAREST";
   const json sc = fallback_scenario("GL_RGBA32F", rgba_texels(16, false), linear, edge_lookups());
   const json got = sample_scenario_device(sc.dump(), *screen);
   EXPECT_EQ(got["pipe_sampler_state"]["min_img_filter"], "PIPE_TEX_FILTER_NEAREST");
   const json want = sample_scenario_reference(
      fallback_scenario("GL_RGBA32F", rgba_texels(16, false), nearest, edge_lookups()).dump());
   const json gl = sample_scenario_reference(sc.dump());
   size_t differs_from_linear = 0;
   for (size_t i = 0; i < got["results"].size(); ++i) {
      EXPECT_EQ(got["results"][i], want["results"][i]) << "lookup " << i;
      differs_from_linear += got["results"][i] != gl["results"][i];
   }
   std::printf("[ measured ] RGBA32F without FILTER_LINEAR: %zu lookups as NEAREST, %zu differ from GL's LINEAR\n",
               got["results"].size(), differs_from_linear);
   EXPECT_GT(differs_from_linear, 0u);
}

TEST_F(DeviceSampleNoLinearFloat, NonFilterableDepthIsFilteredByTheShaderAsGlFiltersIt) {
   // Rule 4 with PIPE_CAP_LINEAR_DEPTH_LOWERING: the sampler filters NEAREST and the shader
   // builds GL's LINEAR result from texel-centre lookups: equal to the reference for every
   // filter combination, wrap family, LOD state and reduction below.
   json texels = json::array();
   for (int i = 0; i < 16; ++i)
      texels.push_back(json{((i * 7) % 16) / 16.0});
   json level1 = json::array({json{0.25}, json{0.5}, json{0.75}, json{1.0}});
   json level2 = json::array({json{0.125}});
   struct depth_case {
      const char *min, *mag, *wrap;
      json extra;  // more sampler parameters
   };
   const depth_case cases[] = {
      {"GL_LINEAR", "GL_LINEAR", "GL_REPEAT", json::object()},
      {"GL_LINEAR", "GL_LINEAR", "GL_CLAMP", json::object()},
      {"GL_LINEAR", "GL_LINEAR", "GL_CLAMP_TO_BORDER", {{"GL_TEXTURE_BORDER_COLOR", {0.3, 0.0, 0.0, 0.0}}}},
      {"GL_LINEAR", "GL_LINEAR", "GL_MIRROR_CLAMP_EXT", json::object()},
      {"GL_NEAREST", "GL_LINEAR", "GL_CLAMP", json::object()},
      {"GL_LINEAR_MIPMAP_LINEAR", "GL_LINEAR", "GL_MIRRORED_REPEAT", json::object()},
      {"GL_NEAREST_MIPMAP_LINEAR", "GL_NEAREST", "GL_REPEAT", {{"GL_TEXTURE_LOD_BIAS", 0.5}}},
      {"GL_NEAREST_MIPMAP_NEAREST", "GL_LINEAR", "GL_CLAMP_TO_EDGE", json::object()},  // c = 0.5
      {"GL_LINEAR_MIPMAP_NEAREST", "GL_NEAREST", "GL_REPEAT", {{"GL_TEXTURE_MIN_LOD", 0.6}, {"GL_TEXTURE_MAX_LOD", 1.2}}},
      {"GL_LINEAR_MIPMAP_LINEAR", "GL_LINEAR", "GL_REPEAT", {{"GL_TEXTURE_REDUCTION_MODE_ARB", "GL_MIN"}}},
      {"GL_LINEAR", "GL_LINEAR", "GL_REPEAT", {{"GL_TEXTURE_REDUCTION_MODE_ARB", "GL_MAX"}}},
   };
   json lookups = json::array();
   for (double s : {-0.3, 0.02, 0.37, 0.6, 0.99, 1.2})
      for (double t : {-0.2, 0.45, 1.1})
         for (double lod : {-0.5, 0.25, 0.5, 0.75, 1.5, 2.5})
            lookups.push_back(json{{"coord", {s, t}}, {"lod", lod}});
   for (const depth_case &c : cases) {
      json sampler = {{"GL_TEXTURE_MIN_FILTER", c.min}, {"GL_TEXTURE_MAG_FILTER", c.mag},
                      {"GL_TEXTURE_WRAP_S", c.wrap}, {"GL_TEXTURE_WRAP_T", c.wrap}};
      sampler.update(c.extra);
      json sc = fallback_scenario("GL_DEPTH_COMPONENT32F", texels, sampler, lookups);
      sc["texture"]["levels"] = json::array({texels, level1, level2});
      sc["profile"] = "core";
      const json got = sample_scenario_device(sc.dump(), *screen);
      const json want = sample_scenario_reference(sc.dump());
      ASSERT_TRUE(got["shader_key"]["shader_filter"].is_object()) << c.min << " " << c.wrap;
      EXPECT_EQ(got["pipe_sampler_state"]["compare_mode"], "PIPE_TEX_COMPARE_NONE");
      double worst = 0.0;
      for (size_t i = 0; i < got["results"].size(); ++i)
         for (size_t k = 0; k < 4; ++k)
            worst = std::max(worst, std::fabs(got["results"][i][k].get<double>() - want["results"][i][k].get<double>()));
      std::printf("[ measured ] DEPTH32F %s / %s %s %s: max |device - reference| = %.3g over %zu lookups\n", c.min,
                  c.mag, c.wrap, c.extra.dump().c_str(), worst, got["results"].size());
      EXPECT_LE(worst, 1e-5) << c.min << " / " << c.mag << " " << c.wrap << " " << c.extra.dump();
   }
}

TEST_F(DeviceSampleNoLinearFloat, NonFilterableDepthCubeMapsAreFilteredByTheShaderAcrossFacesAndWraps) {
   // Rule 4 on cube maps: the shader selects GL's face, λ and footprint and reads each texel along
   // its centre's direction. Seamless: the texels one past an edge come from the adjacent face and
   // a corner is the average of its three texels; non-seamless: GL's wrap of each face's integer
   // texel coordinates. Lookups at face centres, near edges and near corners, explicit LODs and
   // gradients, on cube maps and cube-map arrays, with every wrap (a border texel: the key's
   // colour); the reference is GL's (ref_cube).
   const int layers = 2;
   json levels = json::array();
   for (int w = 4, l = 0; w >= 1; w /= 2, ++l) {
      json level = json::array();
      for (int i = 0; i < w * w * 6 * layers; ++i)
         level.push_back(json{((i * 11 + l * 5) % 23) / 23.0});
      levels.push_back(level);
   }
   const std::vector<std::array<double, 3>> directions = {
      {1.0, 0.3, -0.2},   {1.0, 0.97, 0.2},    {1.0, -0.98, 0.99}, {-0.99, 1.0, -0.97}, {0.1, -1.0, 0.985},
      {-0.97, 0.2, -1.0}, {0.995, 0.99, -1.0}, {-1.0, -0.9, 0.95}, {0.6, 1.0, 0.6},     {0.0, 0.0, 1.0}};
   struct cube_case {
      const char *target, *min, *mag, *wrap_s, *wrap_t;
      bool seamless;
   };
   const cube_case cases[] = {
      {"GL_TEXTURE_CUBE_MAP", "GL_LINEAR", "GL_LINEAR", "GL_CLAMP_TO_EDGE", "GL_CLAMP_TO_EDGE", true},
      {"GL_TEXTURE_CUBE_MAP", "GL_LINEAR_MIPMAP_LINEAR", "GL_LINEAR", "GL_CLAMP_TO_BORDER", "GL_CLAMP", true},
      {"GL_TEXTURE_CUBE_MAP", "GL_NEAREST_MIPMAP_LINEAR", "GL_NEAREST", "GL_REPEAT", "GL_REPEAT", true},
      {"GL_TEXTURE_CUBE_MAP", "GL_LINEAR", "GL_LINEAR", "GL_REPEAT", "GL_MIRRORED_REPEAT", false},
      {"GL_TEXTURE_CUBE_MAP", "GL_LINEAR_MIPMAP_LINEAR", "GL_LINEAR", "GL_CLAMP_TO_EDGE", "GL_MIRROR_CLAMP_TO_EDGE", false},
      {"GL_TEXTURE_CUBE_MAP", "GL_LINEAR_MIPMAP_NEAREST", "GL_NEAREST", "GL_MIRRORED_REPEAT", "GL_REPEAT", false},
      {"GL_TEXTURE_CUBE_MAP_ARRAY", "GL_LINEAR_MIPMAP_LINEAR", "GL_LINEAR", "GL_REPEAT", "GL_REPEAT", true},
      {"GL_TEXTURE_CUBE_MAP_ARRAY", "GL_LINEAR", "GL_LINEAR", "GL_MIRRORED_REPEAT", "GL_CLAMP_TO_EDGE", false},
      // Wraps that read the border, non-seamless: the border texel is the key's colour.
      {"GL_TEXTURE_CUBE_MAP", "GL_LINEAR_MIPMAP_LINEAR", "GL_LINEAR", "GL_CLAMP_TO_BORDER", "GL_CLAMP", false},
      {"GL_TEXTURE_CUBE_MAP", "GL_NEAREST", "GL_LINEAR", "GL_MIRROR_CLAMP_EXT", "GL_MIRROR_CLAMP_TO_BORDER_EXT", false},
      {"GL_TEXTURE_CUBE_MAP_ARRAY", "GL_LINEAR_MIPMAP_NEAREST", "GL_NEAREST", "GL_CLAMP", "GL_CLAMP_TO_BORDER", false},
   };
   size_t lookups_run = 0;
   for (const cube_case &c : cases) {
      const bool array = std::string(c.target) == "GL_TEXTURE_CUBE_MAP_ARRAY";
      json lookups = json::array();
      for (size_t d = 0; d < directions.size(); ++d) {
         json coord = {directions[d][0], directions[d][1], directions[d][2]};
         if (array)
            coord.push_back(static_cast<double>(d % 2));
         for (double lod : {-0.5, 0.0, 0.6, 1.25, 2.5})
            lookups.push_back(json{{"coord", coord}, {"lod", lod}});
         for (double g : {0.05, 0.3})
            lookups.push_back(json{{"coord", coord}, {"grad_x", {g, 0.02, 0.0}}, {"grad_y", {0.0, 0.01, g}}});
      }
      json tex = {{"target", c.target}, {"internal_format", "GL_DEPTH_COMPONENT32F"}, {"width", 4}, {"height", 4}};
      json lv = json::array();
      for (const json &l : levels) {  // one layer of faces for a cube map
         json cut = json::array();
         for (size_t i = 0; i < l.size() / (array ? 1 : layers); ++i)
            cut.push_back(l[i]);
         lv.push_back(cut);
      }
      tex["levels"] = lv;
      if (array)
         tex["depth"] = 6 * layers;
      json sc = {{"profile", "core"},
                 {"texture", tex},
                 {"sampler", {{"GL_TEXTURE_MIN_FILTER", c.min}, {"GL_TEXTURE_MAG_FILTER", c.mag},
                              {"GL_TEXTURE_WRAP_S", c.wrap_s}, {"GL_TEXTURE_WRAP_T", c.wrap_t},
                              {"GL_TEXTURE_BORDER_COLOR", {0.4375, 0.0, 0.0, 0.0}}}},
                 {"lookups", lookups}};
      if (c.seamless)
         sc["seamless_cube_map"] = true;
      const json got = sample_scenario_device(sc.dump(), *screen);
      const json want = sample_scenario_reference(sc.dump());
      ASSERT_TRUE(got["shader_key"]["shader_filter"].is_object()) << c.target << " " << c.min << " " << c.wrap_s;
      EXPECT_EQ(got["pipe_sampler_state"]["compare_mode"], "PIPE_TEX_COMPARE_NONE");
      double worst = 0.0;
      for (size_t i = 0; i < lookups.size(); ++i)
         for (size_t k = 0; k < 4; ++k) {
            const double diff = std::fabs(got["results"][i][k].get<double>() - want["results"][i][k].get<double>());
            worst = std::max(worst, diff);
            EXPECT_LE(diff, 1e-5) << c.target << " " << c.min << " " << c.wrap_s << "/" << c.wrap_t
                                  << (c.seamless ? " seamless " : " ") << lookups[i].dump();
         }
      lookups_run += lookups.size();
      std::printf("[ measured ] DEPTH32F %s %s / %s %s %s%s: max |device - reference| = %.3g over %zu lookups\n",
                  c.target, c.min, c.mag, c.wrap_s, c.wrap_t, c.seamless ? " seamless" : "", worst, lookups.size());
   }
   std::printf("[ measured ] depth cube lookups through the shader filter: %zu, as the reference\n", lookups_run);
}

TEST_F(DeviceSampleMatrix, NonSeamlessCubeFacesWrapAsGlSaysThroughTheCubeFilter) {
   // Rule 15: lavapipe clamps a non-seamless face to its edge whatever the wrap; with
   // PIPE_CAP_CUBE_FACE_WRAP_LOWERING (answered there) the cube filter wraps each face itself, so
   // REPEAT and the border wraps read across the face and the border as GL says. Directions
   // near the face edges, NEAREST and LINEAR, RGBA8.
   json level = json::array();
   for (int i = 0; i < 4 * 4 * 6; ++i)
      level.push_back(json{((i * 5) % 17) / 16.0, ((i * 3) % 7) / 6.0, (i % 2) * 1.0, 1.0});
   json lookups = json::array();
   for (const json &d : {json{1.0, 0.95, -0.1}, json{1.0, -0.2, 0.97}, json{-0.96, 1.0, 0.3}, json{0.2, -0.98, -1.0},
                         json{0.99, 0.99, 1.0}, json{0.1, 0.1, -1.0}})
      lookups.push_back(json{{"coord", d}, {"lod", 0.0}});
   const bool lowered = screen->get_param(PIPE_CAP_CUBE_FACE_WRAP_LOWERING) != 0;
   for (const char *wrap : {"GL_REPEAT", "GL_CLAMP_TO_BORDER", "GL_CLAMP"})
      for (const char *filter : {"GL_NEAREST", "GL_LINEAR"}) {
         const json sc = {{"texture", {{"target", "GL_TEXTURE_CUBE_MAP"}, {"internal_format", "GL_RGBA8"}, {"width", 4},
                                       {"height", 4}, {"levels", json::array({level})}}},
                          {"sampler", {{"GL_TEXTURE_MIN_FILTER", filter}, {"GL_TEXTURE_MAG_FILTER", filter},
                                       {"GL_TEXTURE_WRAP_S", wrap}, {"GL_TEXTURE_WRAP_T", wrap},
                                       {"GL_TEXTURE_BORDER_COLOR", {0.25, 0.5, 0.75, 1.0}}}},
                          {"lookups", lookups}};
         expect_filtered_as_reference(*screen, sc, lowered, 1.0 / 255, std::string(wrap) + " " + filter);
      }
}

TEST_F(DeviceSampleMatrix, MinMagSwitchAtOneHalfOnCubeMapsIsTheCubeFilters) {
   // Rule 10 on cube maps: GL magnifies 0 < λ ≤ 0.5 under mag LINEAR / min NEAREST_MIPMAP_*; the
   // pass never rewrites a cube's coordinates, so the cube filter computes the switch (and the
   // level) itself, min_lod 0 or not, seamless or not.
   json levels = json::array();
   for (int w = 4, l = 0; w >= 1; w /= 2, ++l) {
      json level = json::array();
      for (int i = 0; i < w * w * 6; ++i)
         level.push_back(json{((i * 7 + l * 3) % 11) / 10.0, l / 4.0, 0.5, 1.0});
      levels.push_back(level);
   }
   json lookups = json::array();
   for (const json &d : {json{1.0, 0.3, -0.45}, json{-0.2, 1.0, 0.9}, json{0.6, -0.1, -1.0}})
      for (double lod : {-0.25, 0.25, 0.5, 0.75, 1.5})
         lookups.push_back(json{{"coord", d}, {"lod", lod}});
   for (const char *min : {"GL_NEAREST_MIPMAP_NEAREST", "GL_NEAREST_MIPMAP_LINEAR"})
      for (double min_lod : {0.0, 0.25})
         for (bool seamless : {false, true}) {
            json sc = {{"texture", {{"target", "GL_TEXTURE_CUBE_MAP"}, {"internal_format", "GL_RGBA8"}, {"width", 4},
                                    {"height", 4}, {"levels", levels}}},
                       {"sampler", {{"GL_TEXTURE_MIN_FILTER", min}, {"GL_TEXTURE_MAG_FILTER", "GL_LINEAR"},
                                    {"GL_TEXTURE_MIN_LOD", min_lod}}},
                       {"lookups", lookups}};
            if (seamless)
               sc["seamless_cube_map"] = true;
            expect_filtered_as_reference(*screen, sc, true, 1.0 / 255,
                                         std::string(min) + " min_lod " + std::to_string(min_lod) +
                                            (seamless ? " seamless" : ""));
         }
}

TEST_F(DeviceSampleMatrix, DepthCompareTakesGlsSwitchTiesAndMirrorsThroughTheShaderFilter) {
   // Rules 10, 12 and 13 on depth-compare lookups: the shader filter's taps are NEAREST Dref
   // lookups, so the device compares each texel with D_ref and the shader weights the results as
   // GL 4.6 §8.23.1 does. 0 < min_lod ≤ 0.5 under mag LINEAR / min NEAREST_MIPMAP_* (the device
   // never magnifies), NEAREST-mip ties λ = k + ½, and mirrored texel boundaries s = −k/N;
   // fixed-point and float depth, D_ref outside [0, 1] included.
   struct case_t {
      const char *target, *format, *min, *mag, *wrap;
      double min_lod;
   };
   const case_t cases[] = {
      {"GL_TEXTURE_1D", "GL_DEPTH_COMPONENT32F", "GL_NEAREST_MIPMAP_NEAREST", "GL_LINEAR", "GL_REPEAT", 0.25},
      {"GL_TEXTURE_2D", "GL_DEPTH_COMPONENT16", "GL_NEAREST_MIPMAP_LINEAR", "GL_LINEAR", "GL_CLAMP_TO_EDGE", 0.5},
      {"GL_TEXTURE_2D_ARRAY", "GL_DEPTH_COMPONENT24", "GL_NEAREST_MIPMAP_NEAREST", "GL_NEAREST", "GL_REPEAT", 0.0},
      {"GL_TEXTURE_2D", "GL_DEPTH_COMPONENT32F", "GL_NEAREST", "GL_NEAREST", "GL_MIRRORED_REPEAT", 0.0},
   };
   // The mirrored NEAREST case needs the shader filter only where the device mirrors the
   // coordinate rather than GL's texel index (rule 12's cap: lavapipe; an H200 mirrors the index
   // and drew the case exactly without it, docs/device.md); the others took it there too.
   const bool mirror_lowered = screen->get_param(PIPE_CAP_MIRROR_TEXEL_LOWERING) != 0;
   size_t lookups_run = 0;
   for (const case_t &c : cases) {
      const bool one_d = std::string(c.target) == "GL_TEXTURE_1D";
      const bool array = std::string(c.target) == "GL_TEXTURE_2D_ARRAY";
      const bool mirrored_only = std::string(c.wrap) == "GL_MIRRORED_REPEAT";
      const int layers = array ? 2 : 1;
      json levels = json::array();
      for (int w = 8, l = 0; w >= 1; w /= 2, ++l) {
         json level = json::array();
         for (int i = 0; i < w * (one_d ? 1 : w) * layers; ++i)
            level.push_back(json{((i * 5 + l * 3) % 17) / 16.0});  // 0 and 1 among them
         levels.push_back(level);
      }
      json lookups = json::array();
      for (double s : {-0.125, -0.25, 0.3125, 0.5, 1.0625, 1.125})
         for (double ref : {-0.25, 0.34375, 0.71875, 1.5}) {
            json coord = one_d ? json{s} : json{s, 0.5625 - s / 2};
            if (array)
               coord.push_back(1.0);
            for (double lod : {0.0, 0.5, 1.5, 2.25})
               lookups.push_back(json{{"coord", coord}, {"lod", lod}, {"compare_ref", ref}});
            const double g = 3.0 / 16.0;  // λ = log2(8 · 3/16) = 0.585
            lookups.push_back(json{{"coord", coord}, {"grad_x", one_d ? json{g} : json{g, 0.0}},
                                   {"grad_y", one_d ? json{0.0} : json{0.0, g / 2}}, {"compare_ref", ref}});
         }
      json tex = {{"target", c.target}, {"internal_format", c.format}, {"width", 8}, {"levels", levels}};
      if (!one_d)
         tex["height"] = 8;
      if (array)
         tex["depth"] = layers;
      const json sc = {{"profile", "core"},
                       {"texture", tex},
                       {"sampler", {{"GL_TEXTURE_COMPARE_MODE", "GL_COMPARE_REF_TO_TEXTURE"},
                                    {"GL_TEXTURE_COMPARE_FUNC", "GL_LEQUAL"}, {"GL_TEXTURE_MIN_FILTER", c.min},
                                    {"GL_TEXTURE_MAG_FILTER", c.mag}, {"GL_TEXTURE_WRAP_S", c.wrap},
                                    {"GL_TEXTURE_WRAP_T", c.wrap}, {"GL_TEXTURE_MIN_LOD", c.min_lod}}},
                       {"lookups", lookups}};
      expect_filtered_as_reference(*screen, sc, !mirrored_only || mirror_lowered, 1e-5,
                                   std::string(c.target) + " " + c.format + " " + c.min + " " + c.wrap);
      EXPECT_EQ(sample_scenario_device(sc.dump(), *screen)["pipe_sampler_state"]["compare_mode"],
                "PIPE_TEX_COMPARE_R_TO_TEXTURE");
      lookups_run += lookups.size();
   }
   std::printf("[ measured ] depth-compare lookups through the shader filter: %zu, as the reference\n", lookups_run);
}

TEST_F(DeviceSampleMatrix, NonSeamlessDepthCompareCubesWrapAndCompareTheBorderAsGlSays) {
   // Rule 15 on depth-compare cube maps and cube-map arrays: lavapipe clamps a non-seamless face
   // to its edge whatever the wrap; the cube filter wraps each face itself, the device compares
   // every tap inside a face and the shader compares a border texel (the border's depth against
   // D_ref, clamped to [0, 1] for a fixed-point format: borders 0 and 1 with D_ref outside [0, 1]
   // tell the clamp). Directions near the face edges; six compare functions.
   const bool lowered = screen->get_param(PIPE_CAP_CUBE_FACE_WRAP_LOWERING) != 0;
   // Every function; borders 0 and 1 where clamping D_ref (−0.5, 1.25) changes the answer.
   const std::pair<const char *, double> compares[] = {{"GL_LEQUAL", 0.4375}, {"GL_GREATER", 0.4375},
                                                       {"GL_LESS", 0.4375},   {"GL_EQUAL", 0.0},
                                                       {"GL_GEQUAL", 0.0},    {"GL_NOTEQUAL", 1.0},
                                                       {"GL_GREATER", 1.0}};
   size_t lookups_run = 0;
   for (const char *target : {"GL_TEXTURE_CUBE_MAP", "GL_TEXTURE_CUBE_MAP_ARRAY"}) {
      const bool array = std::string(target) == "GL_TEXTURE_CUBE_MAP_ARRAY";
      const int faces = array ? 12 : 6;
      json level = json::array();
      for (int i = 0; i < 4 * 4 * faces; ++i)
         level.push_back(json{((i * 5) % 17) / 16.0});
      json lookups = json::array();
      for (const json &d : {json{1.0, 0.95, -0.1}, json{1.0, -0.2, 0.97}, json{-0.96, 1.0, 0.3}, json{0.2, -0.98, -1.0},
                            json{0.99, 0.99, 1.0}, json{0.1, 0.1, -1.0}})
         for (double ref : {-0.5, 0.40625, 0.46875, 1.25}) {
            json coord = d;
            if (array)
               coord.push_back(1.0);
            lookups.push_back(json{{"coord", coord}, {"lod", 0.0}, {"compare_ref", ref}});
         }
      for (const char *format : {"GL_DEPTH_COMPONENT16", "GL_DEPTH_COMPONENT32F"})
         for (const char *wrap : {"GL_REPEAT", "GL_CLAMP_TO_BORDER", "GL_CLAMP"})
            for (const char *filter : {"GL_NEAREST", "GL_LINEAR"})
               for (const auto &[func, border] : compares) {
                     json tex = {{"target", target}, {"internal_format", format}, {"width", 4}, {"height", 4},
                                 {"levels", json::array({level})}};
                     if (array)
                        tex["depth"] = faces;
                     const json sc = {{"profile", "core"},
                                      {"texture", tex},
                                      {"sampler", {{"GL_TEXTURE_MIN_FILTER", filter}, {"GL_TEXTURE_MAG_FILTER", filter},
                                                   {"GL_TEXTURE_WRAP_S", wrap}, {"GL_TEXTURE_WRAP_T", wrap},
                                                   {"GL_TEXTURE_COMPARE_MODE", "GL_COMPARE_REF_TO_TEXTURE"},
                                                   {"GL_TEXTURE_COMPARE_FUNC", func},
                                                   {"GL_TEXTURE_BORDER_COLOR", {border, 0.0, 0.0, 0.0}}}},
                                      {"lookups", lookups}};
                     expect_filtered_as_reference(*screen, sc, lowered, 1e-5,
                                                  std::string(target) + " " + format + " " + wrap + " " + filter + " " +
                                                     func + " border " + std::to_string(border));
                     lookups_run += lookups.size();
               }
   }
   std::printf("[ measured ] non-seamless depth-compare cube and cube-array lookups: %zu, as the reference\n",
               lookups_run);
}

// A λ sweep by gradients on textures whose levels alternate 0 and 1 (R32F), so each result is a
// level's weight: 1D and 2D (isotropic gradients), λ = 0.5 … 2.5 in steps of 1/16.
json lambda_sweep(const char *target, const char *min) {
   const bool one_d = std::string(target) == "GL_TEXTURE_1D";
   json levels = json::array();
   for (int w = 16, l = 0; w >= 1; w /= 2, ++l) {
      json level = json::array();
      for (int i = 0; i < w * (one_d ? 1 : w); ++i)
         level.push_back(json{l % 2 == 0 ? 0.0 : 1.0});
      levels.push_back(level);
   }
   json lookups = json::array();
   for (int k = 8; k <= 40; ++k) {
      const double g = std::exp2(k / 16.0) / 16.0;  // ρ = 2^(k/16) texels
      lookups.push_back(one_d ? json{{"coord", {0.53125}}, {"grad_x", {g}}, {"grad_y", {0.0}}}
                              : json{{"coord", {0.53125, 0.40625}}, {"grad_x", {g, 0.0}}, {"grad_y", {0.0, g}}});
   }
   json tex = {{"target", target}, {"internal_format", "GL_R32F"}, {"width", 16}, {"levels", levels}};
   if (!one_d)
      tex["height"] = 16;
   return {{"texture", tex},
           {"sampler", {{"GL_TEXTURE_MIN_FILTER", min}, {"GL_TEXTURE_MAG_FILTER", "GL_NEAREST"}}},
           {"lookups", lookups}};
}

TEST_F(DeviceSampleMatrix, LinearMipFiltersWeighTheLevelsByGlsExactLambda) {
   // Rule 16: lavapipe's λ is a piecewise-linear log2 (PIPE_CAP_LAMBDA_LOWERING answered there),
   // so a LINEAR mip filter takes the shader filter, whose λ is log2 ρ; each result then equals
   // the reference's weight (GL: frac(λ)). On a device without the cap the sampler weighs itself.
   const bool lowered = screen->get_param(PIPE_CAP_LAMBDA_LOWERING) != 0;
   for (const char *target : {"GL_TEXTURE_1D", "GL_TEXTURE_2D"})
      for (const char *min : {"GL_NEAREST_MIPMAP_LINEAR", "GL_LINEAR_MIPMAP_LINEAR"})
         expect_filtered_as_reference(*screen, lambda_sweep(target, min), lowered, 1e-5,
                                      std::string(target) + " " + min);
}

class DeviceSampleNoLambdaLowering : public DeviceSampleMatrix {
   std::string caps_override() const override { return R"({"disable_caps": ["PIPE_CAP_LAMBDA_LOWERING"]})"; }
};

TEST_F(DeviceSampleNoLambdaLowering, LavapipeWeighsTheLevelsByAPiecewiseLinearLog2) {
   // lavapipe's own behaviour, kept visible (docs/fidelity.md): λ = (e + m − 1) / 2 for
   // ρ² = 2^e·m, exact where ρ is a power of √2 and up to 0.043 below log2 ρ between. When this
   // fails on a newer lavapipe, rule 16's cap can go.
   if (screen->device_caps().device_name.find("llvmpipe") == std::string::npos)
      GTEST_SKIP() << "a lavapipe behaviour";
   const json sc = lambda_sweep("GL_TEXTURE_1D", "GL_NEAREST_MIPMAP_LINEAR");
   const json got = sample_scenario_device(sc.dump(), *screen);
   const json want = sample_scenario_reference(sc.dump());
   ASSERT_TRUE(got["shader_key"]["shader_filter"].is_null());
   double worst = 0.0;
   for (size_t i = 0; i < sc["lookups"].size(); ++i) {
      const double k = 8 + static_cast<double>(i);  // λ = k / 16
      const double e = std::floor(k / 8), m = std::exp2(k / 8 - e);
      const double lambda = (e + m - 1) / 2, level = std::floor(lambda);
      const double level_value = std::fmod(level, 2.0) == 0.0 ? 0.0 : 1.0;  // level ⌊λ⌋'s texel
      const double expected = level_value + (1 - 2 * level_value) * (lambda - level);
      EXPECT_NEAR(got["results"][i][0].get<double>(), expected, 1e-3) << "λ = " << k / 16;
      worst = std::max(worst, std::fabs(got["results"][i][0].get<double>() - want["results"][i][0].get<double>()));
   }
   EXPECT_GT(worst, 0.03);
   std::printf("[ measured ] lavapipe's λ without rule 16: largest weight difference from GL %.4f\n", worst);
}

TEST_F(DeviceSampleNoDepthLowering, LinearDepthFilteringThroughCompareAlways) {
   // Rule 4 without PIPE_CAP_LINEAR_DEPTH_LOWERING (PIPE_CAP_LINEAR_DEPTH_FILTERING): a depth
   // format that cannot filter keeps LINEAR through compare R_TO_TEXTURE / ALWAYS. The seed's
   // documented behaviour: the lookup returns the weighted pass count, 1.0, instead of the
   // depth value (GL_DEPTH_TEXTURE_MODE RED here).
   json texels = json::array();
   for (int i = 0; i < 16; ++i)
      texels.push_back(json{i / 16.0});
   const json sampler = {{"GL_TEXTURE_MIN_FILTER", "GL_LINEAR"}, {"GL_TEXTURE_MAG_FILTER", "GL_LINEAR"}};
   json sc = fallback_scenario("GL_DEPTH_COMPONENT32F", texels, sampler, edge_lookups());
   sc["profile"] = "core";
   const json got = sample_scenario_device(sc.dump(), *screen);
   EXPECT_EQ(got["pipe_sampler_state"]["compare_mode"], "PIPE_TEX_COMPARE_R_TO_TEXTURE");
   EXPECT_EQ(got["pipe_sampler_state"]["compare_func"], "PIPE_FUNC_ALWAYS");
   const json gl = sample_scenario_reference(sc.dump());
   size_t ones = 0, as_gl = 0;
   for (size_t i = 0; i < got["results"].size(); ++i) {
      ones += got["results"][i] == json{1.0, 0.0, 0.0, 1.0};
      as_gl += got["results"][i] == gl["results"][i];
   }
   std::printf("[ measured ] DEPTH32F LINEAR without FILTER_LINEAR (compare ALWAYS) on %s: %zu of %zu lookups "
               "return (1, 0, 0, 1), %zu equal GL's depth value\n",
               screen->device_caps().device_name.c_str(), ones, got["results"].size(), as_gl);
   EXPECT_EQ(ones, got["results"].size());
}

TEST_F(DeviceSampleNoCustomBorders, IntegerAndFloatBordersFallBackToTheNearestBuiltIn) {
   // No custom border colours: exact built-in colours stay exact (also for integer formats, with
   // the INT_ built-ins); any other colour becomes the nearest built-in, with a warning.
   struct border_case {
      const char *format;
      json colour;
      json builtin;  // the colour the device must show (GL's, or the nearest built-in)
      bool warned;
   };
   const border_case cases[] = {
      {"GL_RGBA16I", json{{"Iiv", {0, 0, 0, 1}}}, json{{"Iiv", {0, 0, 0, 1}}}, false},
      {"GL_RGBA16I", json{{"Iiv", {1, 1, 1, 1}}}, json{{"Iiv", {1, 1, 1, 1}}}, false},
      {"GL_RGBA32UI", json{{"Iuiv", {0, 0, 0, 0}}}, json{{"Iuiv", {0, 0, 0, 0}}}, false},
      {"GL_RGBA16I", json{{"Iiv", {2, 1, 1, 1}}}, json{{"Iiv", {1, 1, 1, 1}}}, true},
      {"GL_RGBA8", json{0.9, 0.8, 1.0, 1.0}, json{1.0, 1.0, 1.0, 1.0}, true},
      {"GL_RGBA32F", json{0.0, 0.0, 0.0, 1.0}, json{0.0, 0.0, 0.0, 1.0}, false},
   };
   for (const border_case &c : cases) {
      const std::string f = c.format;
      const bool integer = f == "GL_RGBA16I" || f == "GL_RGBA32UI";
      json sampler = {{"GL_TEXTURE_WRAP_S", "GL_CLAMP_TO_BORDER"}, {"GL_TEXTURE_WRAP_T", "GL_CLAMP_TO_BORDER"},
                      {"GL_TEXTURE_MIN_FILTER", "GL_NEAREST"},     {"GL_TEXTURE_MAG_FILTER", "GL_NEAREST"},
                      {"GL_TEXTURE_BORDER_COLOR", c.colour}};
      const json sc = fallback_scenario(c.format, rgba_texels(16, integer), sampler, edge_lookups());
      const json got = sample_scenario_device(sc.dump(), *screen);
      json expected_sampler = sampler;
      expected_sampler["GL_TEXTURE_BORDER_COLOR"] = c.builtin;
      const json want = sample_scenario_reference(
         fallback_scenario(c.format, rgba_texels(16, integer), expected_sampler, edge_lookups()).dump());
      ASSERT_EQ(got["results"].size(), want["results"].size());
      for (size_t i = 0; i < got["results"].size(); ++i)
         for (size_t k = 0; k < 4; ++k)
            EXPECT_NEAR(got["results"][i][k].get<double>(), want["results"][i][k].get<double>(), integer ? 0.0 : 1e-6)
               << c.format << " " << c.colour.dump() << ", lookup " << i;
      EXPECT_EQ(!got["vk_warnings"].empty(), c.warned) << c.format << " " << c.colour.dump() << " "
                                                       << got["vk_warnings"].dump();
   }
}

TEST_F(DeviceSampleFormattedBorders, CustomBordersWithAFormatAreExactInRange) {
   // Without customBorderColorWithoutFormat the custom colour carries the view's format; colours
   // inside the format's range stay exact, integer ones included.
   for (const char *format : {"GL_RGBA16I", "GL_RGBA32UI", "GL_RGBA8", "GL_RGBA32F"}) {
      const bool integer = std::string(format) != "GL_RGBA8" && std::string(format) != "GL_RGBA32F";
      const json colour = std::string(format) == "GL_RGBA16I"    ? json{{"Iiv", {-7, 300, 5, 9}}}
                          : std::string(format) == "GL_RGBA32UI" ? json{{"Iuiv", {7, 70000, 5, 9}}}
                                                                 : json{0.2, 0.9, 0.4, 0.6};
      json sampler = {{"GL_TEXTURE_WRAP_S", "GL_CLAMP_TO_BORDER"}, {"GL_TEXTURE_WRAP_T", "GL_CLAMP"},
                      {"GL_TEXTURE_MIN_FILTER", "GL_LINEAR"},      {"GL_TEXTURE_MAG_FILTER", "GL_LINEAR"},
                      {"GL_TEXTURE_BORDER_COLOR", colour}};
      tally t;
      run_case(fallback_scenario(format, rgba_texels(16, integer), sampler, edge_lookups()),
               integer ? 0.0 : 2 * sub_texel + 1.0 / 255.0 + 1e-6, format, &t);
   }
}

TEST_F(DeviceSampleNoMirrorClampToEdge, MirrorClampToEdgeEmulatedWithAbsDiffersOnlyAtNegativeBoundaries) {
   // Without samplerMirrorClampToEdge the state tracker lowers GL_MIRROR_CLAMP_TO_EDGE to
   // CLAMP_TO_EDGE on |s| (docs/rules.md, Known divergences): LINEAR is exact; NEAREST differs
   // from GL 4.6 exactly at negative texel boundaries s = -k/N, where it reads texel k, not k - 1.
   json lookups = json::array();
   for (int k = -12; k <= 12; ++k)
      lookups.push_back(json{{"coord", {k / 8.0 + (k % 3 == 0 ? 0.03125 : 0.0)}}, {"lod", 0.0}});
   for (const char *filter : {"GL_NEAREST", "GL_LINEAR"}) {
      const json sc = r32f_1d(filter, filter, "GL_MIRROR_CLAMP_TO_EDGE", lookups);
      const json got = sample_scenario_device(sc.dump(), *screen);
      EXPECT_EQ(got["shader_key"]["abs_s"], true);
      const json gl = sample_scenario_reference(sc.dump());
      json abs_lookups = lookups;  // the |s| prediction: CLAMP_TO_EDGE at |s|
      for (json &l : abs_lookups)
         l["coord"][0] = std::fabs(l["coord"][0].get<double>());
      const json on_abs = sample_scenario_reference(r32f_1d(filter, filter, "GL_CLAMP_TO_EDGE", abs_lookups).dump());
      size_t differ = 0;
      for (size_t i = 0; i < lookups.size(); ++i) {
         const double s = lookups[i]["coord"][0].get<double>();
         const bool negative_boundary = s < 0.0 && std::floor(s * 8.0) == s * 8.0;
         const double g = got["results"][i][0].get<double>();
         EXPECT_NEAR(g, on_abs["results"][i][0].get<double>(), 1e-6) << filter << " s = " << s;
         if (std::string(filter) == "GL_LINEAR" || !negative_boundary)
            EXPECT_NEAR(g, gl["results"][i][0].get<double>(), 1e-6) << filter << " s = " << s;
         else
            differ += std::fabs(g - gl["results"][i][0].get<double>()) > 1e-6;
      }
      std::printf("[ measured ] MIRROR_CLAMP_TO_EDGE as CLAMP_TO_EDGE on |s|, %s: %zu lookups differ from GL 4.6 (at "
                  "negative texel boundaries)\n",
                  filter, differ);
   }
}

TEST_F(DeviceSampleMatrix, SwizzlesOfStencilAndDepthReadGlsZeroZeroOne) {
   // A stencil (or depth) read is (S, 0, 0, 1) in GL's core profile (these scenarios'; the
   // compatibility profile's depth texture mode decides it there); a texture swizzle may pick its green, blue
   // or alpha. The view spells them out: lavapipe's stencil aspect reads alpha as 0 otherwise
   // (found by clampler differential: (1, 0, 0, S) for the swizzle ONE, BLUE, ALPHA, RED).
   struct ds_case {
      const char *format;
      const char *mode;  // depth_stencil_texture_mode, or null
      json texel;
   };
   const ds_case cases[] = {{"GL_STENCIL_INDEX8", nullptr, json{7}},
                            {"GL_DEPTH24_STENCIL8", "GL_STENCIL_INDEX", json{0.25, 7}},
                            {"GL_DEPTH32F_STENCIL8", "GL_STENCIL_INDEX", json{0.25, 7}},
                            {"GL_DEPTH32F_STENCIL8", nullptr, json{0.25, 7}},
                            {"GL_DEPTH_COMPONENT16", nullptr, json{0.25}}};
   const json swizzles[] = {json{"GL_ONE", "GL_BLUE", "GL_ALPHA", "GL_RED"},
                            json{"GL_ALPHA", "GL_GREEN", "GL_RED", "GL_ZERO"}};
   for (const ds_case &c : cases)
      for (const json &sw : swizzles) {
         json sc = {{"profile", "core"},
                    {"texture", {{"target", "GL_TEXTURE_2D"}, {"internal_format", c.format}, {"width", 2}, {"height", 2},
                                 {"levels", json::array({json::array({c.texel, c.texel, c.texel, c.texel})})},
                                 {"swizzle", sw}}},
                    {"sampler", {{"GL_TEXTURE_MIN_FILTER", "GL_NEAREST"}, {"GL_TEXTURE_MAG_FILTER", "GL_NEAREST"}}},
                    {"lookups", json::array({json{{"coord", {0.3, 0.3}}, {"lod", 0.0}}})}};
         if (c.mode)
            sc["texture"]["depth_stencil_texture_mode"] = c.mode;
         const json got = sample_scenario_device(sc.dump(), *screen);
         const json want = sample_scenario_reference(sc.dump());
         for (size_t k = 0; k < 4; ++k)  // stencil exact; D16 to single precision
            EXPECT_NEAR(got["results"][0][k].get<double>(), want["results"][0][k].get<double>(), 1e-6)
               << c.format << " " << sw.dump() << " component " << k;
      }
}

TEST_F(DeviceSampleMatrix, ShadowLookupsWithAnExplicitLodOnArraysAndCubes) {
   // GLSL 4.50 has no textureLod for sampler2DArrayShadow and samplerCubeShadow, and neither
   // textureLod nor textureGrad for samplerCubeArrayShadow; the compute path passes the LOD (and
   // the cube-map array's gradients) through SPIR-V's Dref lookups (shaders/grad_to_lod.py). Cube
   // faces are read away from their edges, non-seamless with CLAMP_TO_EDGE (lavapipe's
   // non-seamless REPEAT and GL's seamless corners are shown elsewhere).
   struct case_t {
      const char *target;
      int slices;  // 2D array layers; 6 faces for the cube, 6 x 2 for the cube-map array
      json coords;
   };
   const case_t cases[] = {
      {"GL_TEXTURE_2D_ARRAY", 2, json{{0.3, 0.6, 1.0}, {0.8, 0.1, 0.0}, {0.55, 0.45, 1.0}}},
      {"GL_TEXTURE_CUBE_MAP", 6, json{{1.0, 0.3, -0.2}, {-0.4, 1.0, 0.6}, {0.2, -0.3, -1.0}}},
      {"GL_TEXTURE_CUBE_MAP_ARRAY", 12, json{{1.0, 0.3, -0.2, 1.0}, {-0.4, 1.0, 0.6, 0.0}, {0.2, -0.3, -1.0, 1.0}}},
   };
   size_t lookups_run = 0, gradient_lookups = 0;
   for (const case_t &c : cases)
      for (const char *min : {"GL_NEAREST_MIPMAP_NEAREST", "GL_LINEAR_MIPMAP_LINEAR", "GL_LINEAR"}) {
         json levels = json::array();
         for (int l = 0; l < 3; ++l) {
            json level = json::array();
            const int w = 4 >> l;
            for (int i = 0; i < w * w * c.slices; ++i)
               level.push_back(json{((i * 7 + l * 3) % 16) / 16.0});
            levels.push_back(level);
         }
         json lookups = json::array();
         for (const json &p : c.coords)
            for (double ref : {0.3, 0.6}) {
               for (double lod : {-0.5, 0.0, 0.75, 1.25})
                  lookups.push_back(json{{"coord", p}, {"lod", lod}, {"compare_ref", ref}});
               if (c.slices == 12)  // gradients: textureGrad has no samplerCubeArrayShadow either
                  for (double g : {0.1, 0.4}) {
                     lookups.push_back(json{{"coord", p}, {"grad_x", {g, 0.0, 0.0}}, {"grad_y", {0.0, g, 0.0}},
                                            {"compare_ref", ref}});
                     ++gradient_lookups;
                  }
            }
         json tex = {{"target", c.target}, {"internal_format", "GL_DEPTH_COMPONENT32F"}, {"width", 4}, {"height", 4},
                     {"levels", levels}};
         if (c.slices != 6)
            tex["depth"] = c.slices;
         const json sc = {{"texture", tex},
                          {"sampler", {{"GL_TEXTURE_COMPARE_MODE", "GL_COMPARE_REF_TO_TEXTURE"},
                                       {"GL_TEXTURE_COMPARE_FUNC", "GL_LEQUAL"}, {"GL_TEXTURE_MIN_FILTER", min},
                                       {"GL_TEXTURE_MAG_FILTER", "GL_LINEAR"}, {"GL_TEXTURE_WRAP_S", "GL_CLAMP_TO_EDGE"},
                                       {"GL_TEXTURE_WRAP_T", "GL_CLAMP_TO_EDGE"}}},
                          {"lookups", lookups}};
         const json got = sample_scenario_device(sc.dump(), *screen);
         const json want = sample_scenario_reference(sc.dump());
         for (size_t i = 0; i < lookups.size(); ++i)
            for (size_t k = 0; k < 4; ++k)
               EXPECT_NEAR(got["results"][i][k].get<double>(), want["results"][i][k].get<double>(), 1.0 / 128)
                  << c.target << " " << min << " " << lookups[i].dump();
         lookups_run += lookups.size();
      }
   std::printf("[ measured ] shadow lookups with an explicit LOD on 2D arrays, cube maps and cube-map arrays, and with "
               "gradients on cube-map arrays: %zu (%zu with gradients), as the reference\n",
               lookups_run, gradient_lookups);
}

TEST_F(DeviceSampleSwitchLowering, MinMagSwitchWithGlClampAndAPositiveMinLodIsGls) {
   // Rule 10's two paths beside GL_CLAMP's nearest_edge (mag LINEAR, min NEAREST_MIPMAP_NEAREST:
   // the NEAREST side clamps to the last texel centre): min_lod 0, the LOD moved to 0 when
   // 0 < λ ≤ 0.5; min_lod 0.25, where the device can never magnify, the shader filter.
   json levels = json::array({json{0, 1, 2, 3, 4, 5, 6, 7}, json{10, 11, 12, 13}, json{20, 21}, json{30}});
   json lookups = json::array();
   for (double s : {-0.2, 0.28125, 0.96875, 1.1})
      for (double lod : {-0.5, 0.25, 0.5, 0.75, 1.0})
         lookups.push_back(json{{"coord", {s}}, {"lod", lod}});
   for (double min_lod : {0.0, 0.25}) {
      const json sc = {
         {"texture", {{"target", "GL_TEXTURE_1D"}, {"internal_format", "GL_R32F"}, {"width", 8}, {"levels", levels}}},
         {"sampler", {{"GL_TEXTURE_MIN_FILTER", "GL_NEAREST_MIPMAP_NEAREST"}, {"GL_TEXTURE_MAG_FILTER", "GL_LINEAR"},
                      {"GL_TEXTURE_WRAP_S", "GL_CLAMP"}, {"GL_TEXTURE_BORDER_COLOR", {40.0, 0.0, 0.0, 0.0}},
                      {"GL_TEXTURE_MIN_LOD", min_lod}}},
         {"lookups", lookups}};
      const json got = sample_scenario_device(sc.dump(), *screen);
      const json want = sample_scenario_reference(sc.dump());
      EXPECT_EQ(got["shader_key"]["min_mag_switch"], min_lod == 0.0);
      EXPECT_EQ(got["shader_key"]["shader_filter"].is_object(), min_lod != 0.0);
      for (size_t i = 0; i < lookups.size(); ++i)
         EXPECT_NEAR(got["results"][i][0].get<double>(), want["results"][i][0].get<double>(), 1e-5)
            << "min_lod " << min_lod << " " << lookups[i].dump();
   }
}
