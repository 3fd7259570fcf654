// clampler differential: the command — generate, run on four sides, triage each lookup, report.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <set>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "../cli.h"
#include "../conformance/conformance_device.h"
#include "../conformance/conformance_gen.h"
#include "../gl_worker.h"
#include "clampler/tools/raster_case.h"
#include "clampler/tools/sample.h"
#include "clampler/zink/zink_screen.h"
#include "differential.h"
#include "differential_known.h"

namespace clampler::differential {
namespace {

const char *const kUsage =
   "usage: clampler differential [--seed S] [--scenarios N] [--groups G,G...] [--raster N]\n"
   "                             [--raster-driver NAME]... [--device N] [--keep DIR] [--show K] [--validation]\n"
   "\n"
   "Generates N random scenarios (seed S; every group in turn: wrap, lod, border, depth, shadow,\n"
   "integer, stencil, cube, array, rect, srgb, mixed, swizzle, errors) and runs each on the Vulkan\n"
   "device through the layer, on the reference sampler, and on real GL: Debian's llvmpipe and\n"
   "softpipe (EGL surfaceless, each in a child process). Every lookup is triaged by who stands\n"
   "alone (docs/fidelity.md); GL errors are compared with the drivers'. Exit status 1 when clampler\n"
   "(device or reference) differs from the two Mesa drivers where they agree, the device differs\n"
   "from the reference, the errors differ, or a side refuses or crashes, except the documented\n"
   "deviations of docs/fidelity.md. Then N random raster cases (docs/rasterizer.md) the same way,\n"
   "per probed pixel; their line: raster: agree X/Y cases, A/B pixels. The last line: agree X/Y\n"
   "scenarios, A/B lookups.\n"
   "  --seed S        the generator's seed (default 1)\n"
   "  --scenarios N   how many (default 300)\n"
   "  --groups LIST   only these groups (comma-separated)\n"
   "  --raster N      how many raster cases (default 60; 0: none)\n"
   "  --raster-driver NAME  also draw the raster cases with this GL driver (clampler, zink, env) and\n"
   "                  count its pixels apart from the reference, llvmpipe and softpipe where the three\n"
   "                  agree (reported, not failing the run)\n"
   "  --device N      CLAMPLER_DEVICE semantics\n"
   "  --keep DIR      write each scenario that does not agree to DIR/NNNN-group-target-format.json\n"
   "  --show K        print at most K disagreeing lookups per class and per open entry (default 5)\n"
   "  --validation    VK_LAYER_KHRONOS_validation on the device; any message fails the run\n";

using conformance::ojson;

// One side's answer to a scenario: results, or why there are none.
struct side {
   std::optional<ojson> out;
   std::string refused;  // scenario_error or crash text
   bool crashed = false;
};

template <typename F>
side run_side(F &&f) {
   side s;
   try {
      s.out = f();
   } catch (const scenario_error &e) {
      s.refused = e.what();
   } catch (const gl_driver_crash &e) {
      s.refused = e.what();
      s.crashed = true;
   } catch (const std::exception &e) {
      s.refused = std::string("internal error: ") + e.what();
      s.crashed = true;
   }
   return s;
}


conformance::tolerance tolerance_of(const ojson &sc) {
   const conformance::format_info f = conformance::fmt(sc["texture"]["internal_format"].get<std::string>());
   std::string min, mag;
   sampling_filters(sc, &min, &mag);
   const bool linear = mag == "GL_LINEAR" || min == "GL_LINEAR" || min.rfind("GL_LINEAR_", 0) == 0;
   const bool mip_linear = min.find("MIPMAP_LINEAR") != std::string::npos;
   GLenum target = GL_TEXTURE_2D;
   const std::string t = sc["texture"]["target"].get<std::string>();
   if (t == "GL_TEXTURE_1D" || t == "GL_TEXTURE_1D_ARRAY")
      target = GL_TEXTURE_1D;
   else if (t == "GL_TEXTURE_3D")
      target = GL_TEXTURE_3D;
   const bool stencil = f.stencil_only() || (sc["texture"].contains("depth_stencil_texture_mode") &&
                                             sc["texture"]["depth_stencil_texture_mode"] == "GL_STENCIL_INDEX");
   const bool srgb = f.d->is_srgb && sampling_param(sc, "GL_TEXTURE_SRGB_DECODE_EXT", "GL_DECODE_EXT") == "GL_DECODE_EXT";
   return conformance::tolerance_for(f, (linear ? conformance::linear_axes(target) : 0) + (mip_linear ? 1 : 0), srgb,
                                     stencil);
}

}  // namespace

bool same_result(const ojson &a, const ojson &b, double tol, double alpha_tol) {
   if (!a.is_array() || !b.is_array() || a.size() != b.size())
      return false;
   for (size_t c = 0; c < a.size(); ++c) {
      // A NaN crosses the GL worker's JSON as null (llvmpipe's odd-width 1D arrays read garbage):
      // null and NaN are one value, equal to each other only.
      const auto nan = [](const ojson &x) { return x.is_null() || (x.is_number_float() && std::isnan(x.get<double>())); };
      if (nan(a[c]) || nan(b[c])) {
         if (nan(a[c]) && nan(b[c]))
            continue;
         return false;
      }
      if (!a[c].is_number() || !b[c].is_number())
         return false;
      if (a[c].is_number_integer() && b[c].is_number_integer()) {
         if (a[c].get<int64_t>() != b[c].get<int64_t>())
            return false;
      } else if (!(std::fabs(a[c].get<double>() - b[c].get<double>()) <= (c >= 4 && alpha_tol >= 0.0 ? alpha_tol : tol))) {
         return false;
      }
   }
   return true;
}

verdict judge(const ojson &d, const ojson &r, const ojson &l, const ojson &s, double tol, double alpha_tol) {
   const bool dr = same_result(d, r, tol, alpha_tol), dl = same_result(d, l, tol, alpha_tol),
              rl = same_result(r, l, tol, alpha_tol), ls = same_result(l, s, tol, alpha_tol);
   if (!ls)
      return verdict::mesa_split;
   if (dr && dl)
      return verdict::agree;
   if (rl)
      return verdict::device_alone;
   if (dl)
      return verdict::reference_alone;
   if (dr)
      return verdict::clampler_vs_mesa;
   return verdict::all_differ;
}

namespace {

std::vector<std::string> error_names(const ojson &errors) {
   std::vector<std::string> out;
   for (const ojson &e : errors)
      out.push_back(e.is_object() ? e.value("error", "") : e.get<std::string>());
   return out;
}

std::string join(const std::vector<std::string> &v) {
   std::string s;
   for (const std::string &x : v)
      s += (s.empty() ? "" : ", ") + x;
   return s.empty() ? "none" : s;
}

struct example {
   std::string scenario, lookup, values, note;
};

// Who refused or crashed, and why: "device refused: …; llvmpipe crashed: …".
std::string refusals(const side &ref, const side &dev, const side &llv, const side &sft) {
   std::string why;
   for (const auto &[who, s] : {std::pair<const char *, const side *>{"reference", &ref}, {"device", &dev},
                                {"llvmpipe", &llv}, {"softpipe", &sft}})
      if (!s->out)
         why += std::string(why.empty() ? "" : "; ") + who + (s->crashed ? " crashed: " : " refused: ") + s->refused;
   return why;
}

// The count of each verdict but agreement, with its examples; a split also says on how many of
// its lookups the device and the reference differ, which fails their scenario.
void print_verdicts(std::ostream &out, std::map<verdict, size_t> &per_verdict,
                    std::map<verdict, std::vector<example>> &examples, size_t split_device_vs_reference) {
   for (verdict v : {verdict::device_alone, verdict::reference_alone, verdict::clampler_vs_mesa, verdict::all_differ,
                     verdict::mesa_split}) {
      out << "  " << verdict_name(v) << ": " << per_verdict[v];
      if (v == verdict::mesa_split)
         out << " (device and reference differ on " << split_device_vs_reference << ")";
      out << "\n";
      for (const example &e : examples[v])
         out << "    " << e.scenario << " " << e.lookup << ": " << e.values << " (" << e.note << ")\n";
   }
}

// Whether the reference draws `rc` (another reading of a case: an accepted entry's) at `lookup`
// as `mesa`, its colour stored as the attachment stores it; false where it refuses the pixel.
bool reference_pixel_is(ojson rc, const ojson &lookup, bool stipple_unfilled, const ojson &mesa, double tol,
                        const std::function<ojson(ojson)> &stored) {
   rc["lookups"] = ojson::array({lookup});
   try {
      return same_result(stored(raster_case_reference(rc.dump(), false, stipple_unfilled)["results"][0]), mesa, tol,
                         rc.value("coverage_tolerance", -1.0));
   } catch (const scenario_error &) {
      return false;
   }
}

// Mesa's draw module (llvmpipe and softpipe) decides whether to offset a draw's triangles once,
// by the polygon mode of its first triangle's facing (draw_pipe_offset.c, offset_first_tri), so
// when the front and back modes differ every triangle takes that mode's GL_POLYGON_OFFSET_*
// enable; GL 4.6 §14.6.5 takes the enable of each polygon's own mode. Whether `mesa` is the
// reference's pixel of `rc` at `lookup` with that one enable for the whole draw: all three
// enables on when the first triangle's mode has its enable, all off otherwise. Not under culling
// (the state tracker then gives both faces one mode) nor for a first triangle of zero area.
bool offset_by_first_triangle(const ojson &rc, const ojson &lookup, const ojson &mesa, double tol,
                              const std::function<ojson(ojson)> &stored) {
   std::string front = "GL_FILL", back = "GL_FILL", front_face = "GL_CCW";
   std::set<std::string> enables;
   bool culled = false;
   ojson calls = ojson::array();
   for (const ojson &c : rc["rasterizer"]["calls"]) {
      if (c.contains("glPolygonMode")) {
         const std::string face = c["glPolygonMode"][0], mode = c["glPolygonMode"][1];
         (face == "GL_BACK" ? back : front) = mode;
         if (face == "GL_FRONT_AND_BACK")
            back = mode;
      }
      if (c.contains("glFrontFace"))
         front_face = c["glFrontFace"][0];
      const std::string enabled = c.contains("glEnable") ? c["glEnable"][0].get<std::string>() : "";
      culled = culled || enabled == "GL_CULL_FACE";
      if (enabled.rfind("GL_POLYGON_OFFSET_", 0) == 0)
         enables.insert(enabled);
      else
         calls.push_back(c);
   }
   const ojson &v = rc["draw"]["vertices"];
   if (front == back || enables.empty() || culled || v.size() < 3)
      return false;
   // The first triangle's facing (its vertices 0, 1, 2 for triangles, strips and fans).
   auto xy = [&](int k, int c) { return v[k]["clip"][c].get<double>(); };
   const double area = (xy(1, 0) - xy(0, 0)) * (xy(2, 1) - xy(0, 1)) - (xy(2, 0) - xy(0, 0)) * (xy(1, 1) - xy(0, 1));
   if (area == 0.0)
      return false;
   // GL's facing in window coordinates, whose area an UPPER_LEFT origin negates twice (the y flip
   // and glClipControl's rule): the clip-space orientation either way.
   const bool ccw = area > 0.0;
   const std::string mode = (front_face == "GL_CCW") == ccw ? front : back;
   const std::string enable = mode == "GL_FILL" ? "GL_POLYGON_OFFSET_FILL"
                              : mode == "GL_LINE" ? "GL_POLYGON_OFFSET_LINE"
                                                  : "GL_POLYGON_OFFSET_POINT";
   ojson variant = rc;
   variant["rasterizer"]["calls"] = calls;
   if (enables.count(enable))
      for (const char *e : {"GL_POLYGON_OFFSET_FILL", "GL_POLYGON_OFFSET_LINE", "GL_POLYGON_OFFSET_POINT"})
         variant["rasterizer"]["calls"].push_back({{"glEnable", {e}}});
   return reference_pixel_is(variant, lookup, false, mesa, tol, stored);
}
// llvmpipe and softpipe also stipple polygons drawn as lines or points (the polygon stipple is in
// their fragment shader for every primitive a triangle becomes), where GL 4.6 compatibility
// §14.6.2 stipples filled polygons only. Whether `mesa` is the reference's pixel drawn so.
bool stipples_unfilled(const ojson &rc, const ojson &lookup, const ojson &mesa, double tol,
                       const std::function<ojson(ojson)> &stored) {
   bool stipple = false, unfilled = false;
   for (const ojson &c : rc["rasterizer"]["calls"]) {
      stipple = stipple || c == ojson{{"glEnable", {"GL_POLYGON_STIPPLE"}}};
      unfilled = unfilled || (c.contains("glPolygonMode") && c["glPolygonMode"][1] != "GL_FILL");
   }
   if (!stipple || !unfilled)
      return false;
   return reference_pixel_is(rc, lookup, true, mesa, tol, stored);
}
const char *kStipplesUnfilled = "Mesa stipples polygons drawn as lines or points";

const char *kOffsetByFirstTriangle =
   "Mesa's draw module offsets every triangle by the first one's polygon mode when the front and back modes differ";

// The raster part: `count` random raster cases (their own stream of `seed`, so the sampling
// scenarios stay what they were). Each probe is first drawn by the reference alone and dropped
// where it refuses (a pixel centre on an edge, what it does not model); the case is then drawn by
// the reference, the device and both Mesa drivers, and each pixel ([r, g, b, depth]) triaged like
// a lookup. Prints the summary to `out`; returns the number of failing cases.
size_t run_raster_cases(uint64_t seed, size_t count, const zink_screen &screen,
                        std::map<std::string, std::unique_ptr<gl_worker_client>> &mesa,
                        const std::vector<std::string> &extra, size_t show, const std::string &keep, std::ostream &out) {
   // The extra drivers: pixels apart from the reference where llvmpipe and softpipe agree with it.
   std::map<std::string, size_t> extra_apart, extra_refused;
   std::map<std::string, std::vector<example>> extra_examples;
   std::mt19937_64 rng(seed ^ 0x7261737465720000ull);
   std::map<verdict, size_t> per_verdict;
   std::map<verdict, std::vector<example>> examples;
   size_t cases_agree = 0, pixels_agree = 0, pixels_total = 0, failing = 0, probes_refused = 0;
   size_t refused_clampler = 0, refused_mesa = 0, refused_reference = 0, split_device_vs_reference = 0;
   size_t coverage_pixels = 0, coverage_agree = 0;  // pixels a smooth line covers in part, judged by their alpha
   std::map<std::string, size_t> accepted;  // pixels of documented Mesa deviations (docs/fidelity.md)
   std::vector<std::string> notes;
   for (size_t n = 0; n < count; ++n) {
      std::string name;
      ojson rc = random_raster_case(rng, &name);
      const std::string label = std::to_string(n) + " " + name;
      ojson kept = ojson::array();
      std::string why;
      for (const ojson &lk : rc["lookups"]) {
         ojson one = rc;
         one["lookups"] = ojson::array({lk});
         try {
            raster_case_reference(one.dump(), false);
            kept.push_back(lk);
         } catch (const scenario_error &e) {
            ++probes_refused;
            why = e.what();
         }
      }
      if (kept.empty()) {
         ++refused_reference;
         notes.push_back(label + ": the reference refuses every probe (" + why + ")");
         continue;
      }
      rc["lookups"] = kept;
      const std::string text = rc.dump();
      const side ref = run_side([&] { return raster_case_reference(text, false); });
      const side dev = run_side([&] { return raster_case_on_device(text, screen); });
      const side llv = run_side([&] { return mesa["llvmpipe"]->sample(text); });
      const side sft = run_side([&] { return mesa["softpipe"]->sample(text); });
      bool case_ok = true, case_fails = false;
      if (!ref.out || !dev.out || !llv.out || !sft.out) {
         const bool clampler_refused = !ref.out || !dev.out;
         (clampler_refused ? refused_clampler : refused_mesa)++;
         case_ok = false;
         case_fails = clampler_refused;
         notes.push_back(label + ": " + refusals(ref, dev, llv, sft));
      } else {
         const double tol = rc["tolerance"].get<double>();
         const double alpha_tol = rc.value("coverage_tolerance", -1.0);
         // The colour as the RGBA8 attachment stores it (GL's round to nearest of c · 255): the
         // reference's interpolated colour is exact, the other sides read the attachment back.
         auto stored = [](ojson px) {
            for (size_t c = 0; c < 3 && c < px.size(); ++c)
               px[c] = std::round(px[c].get<double>() * 255.0) / 255.0;
            return px;
         };
         for (size_t i = 0; i < kept.size(); ++i) {
            ++pixels_total;
            const ojson d = stored((*dev.out)["results"][i]), r = stored((*ref.out)["results"][i]);
            const ojson l = stored((*llv.out)["results"][i]), sp = stored((*sft.out)["results"][i]);
            const verdict v = judge(d, r, l, sp, tol, alpha_tol);
            const bool in_part = r.size() == 5 && r[4].get<double>() > 0.0 && r[4].get<double>() < 1.0;
            coverage_pixels += in_part;
            coverage_agree += in_part && v == verdict::agree;
            if (v == verdict::agree) {
               ++pixels_agree;
               continue;
            }
            case_ok = false;
            if (v == verdict::clampler_vs_mesa && offset_by_first_triangle(rc, kept[i], l, tol, stored)) {
               ++accepted[kOffsetByFirstTriangle];
               continue;
            }
            if (v == verdict::clampler_vs_mesa && stipples_unfilled(rc, kept[i], l, tol, stored)) {
               ++accepted[kStipplesUnfilled];
               continue;
            }
            ++per_verdict[v];
            const bool clampler_wrong = v != verdict::mesa_split || !same_result(d, r, tol, alpha_tol);
            split_device_vs_reference += v == verdict::mesa_split && clampler_wrong ? 1 : 0;
            case_fails = case_fails || clampler_wrong;
            if (examples[v].size() < show && clampler_wrong)
               examples[v].push_back({label, kept[i].dump(),
                                      "device " + d.dump() + ", reference " + r.dump() + ", llvmpipe " + l.dump() +
                                         ", softpipe " + sp.dump(),
                                      "tolerance " + std::to_string(tol)});
         }
         for (const std::string &drv : extra) {
            const side x = run_side([&] { return mesa[drv]->sample(text); });
            if (!x.out) {
               ++extra_refused[drv];
               continue;
            }
            for (size_t i = 0; i < kept.size(); ++i) {
               const ojson r = stored((*ref.out)["results"][i]), xd = stored((*x.out)["results"][i]);
               if (!same_result(r, stored((*llv.out)["results"][i]), tol, alpha_tol) ||
                   !same_result(r, stored((*sft.out)["results"][i]), tol, alpha_tol) || same_result(xd, r, tol, alpha_tol))
                  continue;
               ++extra_apart[drv];
               if (extra_examples[drv].size() < show)
                  extra_examples[drv].push_back({label, kept[i].dump(), drv + " " + xd.dump() + ", the others " + r.dump(),
                                                 "tolerance " + std::to_string(tol)});
            }
         }
      }
      cases_agree += case_ok ? 1 : 0;
      failing += case_fails ? 1 : 0;
      if (!case_ok && !keep.empty()) {
         char prefix[32];
         std::snprintf(prefix, sizeof prefix, "r%04zu-", n);
         std::string file = name;
         std::replace(file.begin(), file.end(), '/', '-');
         std::ofstream(keep + "/" + prefix + file + ".json") << rc.dump(1) << "\n";
      }
   }
   out << "\nraster cases (" << count << "): pixels that do not agree, by who stands alone:\n";
   print_verdicts(out, per_verdict, examples, split_device_vs_reference);
   for (const auto &[what, n] : accepted)
      out << "  accepted (docs/fidelity.md): " << what << ": " << n << " pixel(s)\n";
   out << "cases refused or crashed: clampler " << refused_clampler << ", Mesa " << refused_mesa
       << "; every probe refused by the reference: " << refused_reference << " (" << probes_refused
       << " probes dropped)\n";
   out << "smooth lines' partly covered pixels, judged by their coverage (alpha within the case's "
          "coverage_tolerance): "
       << coverage_agree << "/" << coverage_pixels << " agree\n";
   for (size_t i = 0; i < notes.size() && i < 10; ++i)
      out << "  " << notes[i] << "\n";
   if (notes.size() > 10)
      out << "  (" << notes.size() - 10 << " more)\n";
   for (const std::string &drv : extra) {
      out << "GL driver " << drv << " (" << mesa[drv]->renderer() << "): " << extra_apart[drv]
          << " pixels apart from the reference, llvmpipe and softpipe where they agree; cases it refused: "
          << extra_refused[drv] << "\n";
      for (const example &e : extra_examples[drv])
         out << "    " << e.scenario << " " << e.lookup << ": " << e.values << " (" << e.note << ")\n";
   }
   out << "raster: agree " << cases_agree << "/" << count << " cases, " << pixels_agree << "/" << pixels_total
       << " pixels\n";
   return failing;
}

}  // namespace

const char *verdict_name(verdict v) {
   switch (v) {
   case verdict::agree: return "agree";
   case verdict::device_alone: return "device alone";
   case verdict::reference_alone: return "reference alone";
   case verdict::clampler_vs_mesa: return "clampler (device = reference) vs Mesa";
   case verdict::all_differ: return "device, reference and Mesa all differ";
   case verdict::mesa_split: return "llvmpipe and softpipe differ";
   }
   return "?";
}

int differential_main(int argc, char **argv) {
   uint64_t seed = 1;
   size_t count = 300, show = 5, raster_count = 60;
   std::vector<std::string> raster_drivers;
   std::vector<std::string> only;
   std::string device, keep;
   bool validation = false;
   for (int i = 2; i < argc; ++i) {
      const std::string a = argv[i];
      auto value = [&]() -> std::optional<std::string> {
         if (i + 1 >= argc)
            return std::nullopt;
         return std::string(argv[++i]);
      };
      if (cli::is_help(a)) {
         std::cout << kUsage;
         return 0;
      }
      std::optional<std::string> v;
      if (a == "--validation") {
         validation = true;
         continue;
      }
      if (a != "--seed" && a != "--scenarios" && a != "--groups" && a != "--device" && a != "--keep" && a != "--show" &&
          a != "--raster" && a != "--raster-driver")
         return cli::usage_error("differential", "unknown option '" + a + "'");
      if (!(v = value()))
         return cli::usage_error("differential", a + " needs a value");
      try {
         if (a == "--seed")
            seed = std::stoull(*v);
         else if (a == "--scenarios")
            count = std::stoul(*v);
         else if (a == "--show")
            show = std::stoul(*v);
         else if (a == "--raster")
            raster_count = std::stoul(*v);
         else if (a == "--raster-driver") {
            if (*v != "clampler" && *v != "zink" && *v != "env")
               return cli::usage_error("differential", "--raster-driver: '" + *v + "' is not clampler, zink or env");
            if (std::find(raster_drivers.begin(), raster_drivers.end(), *v) == raster_drivers.end())
               raster_drivers.push_back(*v);
         }
         else if (a == "--device")
            device = *v;
         else if (a == "--keep")
            keep = *v;
         else {
            std::stringstream ss(*v);
            for (std::string g; std::getline(ss, g, ',');) {
               if (std::find(groups().begin(), groups().end(), g) == groups().end())
                  return cli::usage_error("differential", "--groups: unknown group '" + g + "'");
               only.push_back(g);
            }
         }
      } catch (const std::exception &) {
         return cli::usage_error("differential", a + ": expected a non-negative integer, got '" + *v + "'");
      }
   }
   const std::vector<std::string> &cycle = only.empty() ? groups() : only;

   zink_screen_options o = zink_screen_options::from_environment();
   if (!device.empty())
      o.device = device;
   o.validation = o.validation || validation;
   std::string error;
   const std::unique_ptr<zink_screen> screen = zink_screen::create(o, &error);
   if (!screen) {
      std::cerr << "clampler differential: " << error << "\n";
      return 1;
   }
   std::map<std::string, std::unique_ptr<gl_worker_client>> mesa;
   std::vector<std::string> drivers = {"llvmpipe", "softpipe"};
   drivers.insert(drivers.end(), raster_drivers.begin(), raster_drivers.end());
   for (const std::string &driver : drivers) {
      mesa[driver] = gl_worker_client::start(driver, &error);
      if (!mesa[driver]) {
         std::cerr << "clampler differential: " << driver << ": " << error << "\n";
         return 1;
      }
   }
   if (!keep.empty())
      std::filesystem::create_directories(keep);
   const ojson block = conformance::screen_block(*screen);
   std::cout << "device: " << screen->device_caps().device_name << "; GL: " << mesa["llvmpipe"]->renderer() << ", "
             << mesa["softpipe"]->renderer() << "; seed " << seed << ", " << count << " scenarios\n";

   std::mt19937_64 rng(seed);
   std::map<verdict, size_t> per_verdict;
   size_t split_device_vs_reference = 0;  // Mesa split lookups where clampler disagrees with itself
   std::map<verdict, std::vector<example>> examples;
   std::map<std::string, size_t> known_count;
   std::map<std::string, std::vector<example>> open_examples;  // the failing lookups of open entries
   size_t scenarios_agree = 0, lookups_agree = 0, lookups_total = 0, failing = 0;
   size_t scenarios_accepted = 0, lookups_accepted = 0;  // agree, or differ only as docs/fidelity.md accepts
   size_t error_mismatch = 0, refused_clampler = 0, refused_mesa = 0;
   // Lookups Mesa does not run: those GLSL cannot express on the scenario's target
   // (sample_scenario_gl's "not_run"; the scenario's others run) and those of scenarios Mesa
   // refuses. Each is checked device against reference, and fails the run where they differ.
   size_t partly_run = 0, not_run = 0, not_run_split = 0;
   std::vector<std::string> not_run_examples;  // those where the device and the reference differ
   std::vector<std::string> notes;
   const uint64_t validation_before = screen->validation_message_count();
   for (size_t n = 0; n < count; ++n) {
      const std::string &group = cycle[n % cycle.size()];
      std::string name;
      const ojson sc = random_scenario(rng, group, &name);
      const std::string text = sc.dump();
      ojson with_block = sc;
      with_block["screen"] = block;
      const side ref = run_side([&] { return sample_scenario_reference(with_block.dump()); });
      const side dev = run_side([&] { return sample_scenario_device(text, *screen); });
      const side llv = run_side([&] { return mesa["llvmpipe"]->sample(text); });
      const side sft = run_side([&] { return mesa["softpipe"]->sample(text); });
      const std::string label = std::to_string(n) + " " + name;
      bool scenario_ok = true, scenario_fails = false, scenario_partly_run = false;

      const size_t nlookups = sc["lookups"].size();
      lookups_total += nlookups;
      const double tol = tolerance_of(sc).abs;
      // The reference with the other seamless corner GL allows under depth compare, computed
      // once, for the scenarios where it can differ (corner_compare_may_differ).
      const bool corner_may_differ = corner_compare_may_differ(sc);
      std::optional<ojson> corner_each;
      const auto corner_compares_each = [&](size_t i, const ojson &d) {
         if (!corner_may_differ)
            return false;
         if (!corner_each) {
            const side alt = run_side([&] { return sample_scenario_reference_corner_compares_each(with_block.dump()); });
            corner_each = alt.out ? (*alt.out)["results"] : ojson::array();
         }
         return i < corner_each->size() && same_result(d, (*corner_each)[i], tol);
      };
      const auto clampler_alone = [&](size_t i) {
         ++not_run;
         const ojson &d = (*dev.out)["results"][i], &r = (*ref.out)["results"][i];
         if (same_result(d, r, tol))
            return;
         if (corner_compares_each(i, d)) {
            // Named with the accepted entries; like every lookup Mesa does not run, it counts in
            // neither the agreeing nor the accepted lookups of the last lines.
            ++known_count[std::string("accepted: ") + kCornerComparesEach];
            return;
         }
         ++not_run_split;
         scenario_fails = true;
         if (not_run_examples.size() < show)
            not_run_examples.push_back(label + " " + sc["lookups"][i].dump() + ": device " + d.dump() + ", reference " +
                                       r.dump() + " (tolerance " + std::to_string(tol) + ")");
      };
      if (!ref.out || !dev.out || !llv.out || !sft.out) {
         scenario_ok = false;
         const bool clampler_refused = !ref.out || !dev.out;
         (clampler_refused ? refused_clampler : refused_mesa)++;
         scenario_fails = scenario_fails || clampler_refused;
         notes.push_back(label + ": " + refusals(ref, dev, llv, sft));
         if (!clampler_refused)
            for (size_t i = 0; i < nlookups; ++i)
               clampler_alone(i);
      } else {
         // GL errors: clampler's front end against each driver's.
         const std::vector<std::string> ours = error_names((*ref.out)["gl_errors"]);
         const std::vector<std::string> l_err = error_names((*llv.out)["driver_gl_errors"]);
         const std::vector<std::string> s_err = error_names((*sft.out)["driver_gl_errors"]);
         if (ours != l_err || ours != s_err) {
            scenario_ok = false;
            ++error_mismatch;
            scenario_fails = scenario_fails || l_err == s_err;
            notes.push_back(label + ": GL errors: clampler " + join(ours) + ", llvmpipe " + join(l_err) + ", softpipe " +
                            join(s_err));
         }
         for (size_t i = 0; i < nlookups; ++i) {
            const ojson &d = (*dev.out)["results"][i], &r = (*ref.out)["results"][i];
            const ojson &l = (*llv.out)["results"][i], &s = (*sft.out)["results"][i];
            if (l.is_null() || s.is_null()) {
               scenario_ok = false;
               scenario_partly_run = true;
               clampler_alone(i);
               continue;
            }
            const verdict v = judge(d, r, l, s, tol);
            if (v == verdict::agree) {
               ++lookups_agree;
               continue;
            }
            scenario_ok = false;
            deviation known = known_deviation(sc, sc["lookups"][i], v, d, r, l, s, tol);
            if (known.id.empty() && !same_result(d, r, tol) && corner_compares_each(i, d))
               known = {kCornerComparesEach, true};
            if (!known.id.empty()) {
               const std::string key = (known.accepted ? "accepted: " : "open: ") + known.id;
               ++known_count[key];
               scenario_fails = scenario_fails || !known.accepted;
               if (!known.accepted && open_examples[key].size() < show)
                  open_examples[key].push_back({label, sc["lookups"][i].dump(),
                                                "device " + d.dump() + ", reference " + r.dump() + ", llvmpipe " +
                                                   l.dump() + ", softpipe " + s.dump(),
                                                "tolerance " + std::to_string(tol)});
               lookups_accepted += known.accepted ? 1 : 0;
               continue;
            }
            ++per_verdict[v];
            const bool clampler_wrong = v != verdict::mesa_split || !same_result(d, r, tol);
            split_device_vs_reference += v == verdict::mesa_split && clampler_wrong ? 1 : 0;
            scenario_fails = scenario_fails || clampler_wrong;
            // A split's examples are the ones that fail: the device and the reference differ.
            if (examples[v].size() < show && clampler_wrong)
               examples[v].push_back({label, sc["lookups"][i].dump(),
                                      "device " + d.dump() + ", reference " + r.dump() + ", llvmpipe " + l.dump() +
                                         ", softpipe " + s.dump(),
                                      "tolerance " + std::to_string(tol)});
         }
      }
      if (scenario_ok)
         ++scenarios_agree;
      partly_run += scenario_partly_run ? 1 : 0;
      if (!scenario_fails && !scenario_ok && !scenario_partly_run && ref.out && dev.out && llv.out && sft.out)
         ++scenarios_accepted;
      if (scenario_fails)
         ++failing;
      if (!scenario_ok && !keep.empty()) {
         std::string file = name;
         std::replace(file.begin(), file.end(), '/', '-');
         char prefix[32];
         std::snprintf(prefix, sizeof prefix, "%04zu-", n);
         std::ofstream(keep + "/" + prefix + file + ".json") << sc.dump(1) << "\n";
      }
   }
   std::ostringstream raster_out;
   if (raster_count)
      failing += run_raster_cases(seed, raster_count, *screen, mesa, raster_drivers, show, keep, raster_out);
   const uint64_t messages = screen->validation_message_count() - validation_before;

   std::cout << "\nlookups that do not agree, by who stands alone (outside docs/fidelity.md):\n";
   print_verdicts(std::cout, per_verdict, examples, split_device_vs_reference);
   std::cout << "documented in docs/fidelity.md (accepted: Mesa's deviation from GL; open: clampler's, failing):\n";
   if (known_count.empty())
      std::cout << "  none met\n";
   for (const auto &[k, c] : known_count) {
      std::cout << "  " << k << ": " << c << " lookup(s)\n";
      for (const example &e : open_examples[k])
         std::cout << "    " << e.scenario << " " << e.lookup << ": " << e.values << " (" << e.note << ")\n";
   }
   std::cout << "scenarios refused or crashed: clampler " << refused_clampler << ", Mesa " << refused_mesa
             << "; GL errors differ: " << error_mismatch << "\n";
   std::cout << "scenarios Mesa runs in part: " << partly_run << "; lookups Mesa does not run: " << not_run
             << " (device and reference differ on " << not_run_split << ")\n";
   for (const std::string &e : not_run_examples)
      std::cout << "    " << e << "\n";
   for (size_t i = 0; i < notes.size() && i < 20; ++i)
      std::cout << "  " << notes[i] << "\n";
   if (notes.size() > 20)
      std::cout << "  (" << notes.size() - 20 << " more)\n";
   std::cout << raster_out.str();
   if (o.validation)
      std::cout << "validation messages: " << messages << "\n";
   std::cout << "agree or differ only as docs/fidelity.md accepts: " << scenarios_agree + scenarios_accepted << "/"
             << count << " scenarios, " << lookups_agree + lookups_accepted << "/" << lookups_total << " lookups\n";
   std::cout << "agree " << scenarios_agree << "/" << count << " scenarios, " << lookups_agree << "/" << lookups_total
             << " lookups\n";
   return failing == 0 && messages == 0 ? 0 : 1;
}

}  // namespace clampler::differential
