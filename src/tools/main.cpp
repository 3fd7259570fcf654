// The clampler command: dispatch to explain, info, sample, conformance and gallery, each with its --help.
#include <cmath>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>

#include "clampler/tools/conformance.h"
#ifdef CLAMPLER_HAVE_ZINK
#include "differential/differential.h"
#endif
#include "clampler/tools/explain.h"
#include "clampler/tools/info_gl.h"
#include "clampler/tools/query.h"
#include "clampler/tools/raster_case.h"
#include "clampler/tools/sample.h"
#include "cli.h"
#include "gl_worker.h"

#ifdef CLAMPLER_HAVE_ZINK
#include <memory>

#include "clampler/tools/info.h"
#include "clampler/zink/zink_screen.h"
#endif

namespace {

namespace cli = clampler::cli;

constexpr const char *kUsage =
   "usage: clampler COMMAND [ARGS...]\n"
   "       clampler COMMAND --help   the command's full usage\n"
   "       clampler --help | --version\n"
   "\n"
   "commands:\n"
   "  explain       GL errors, pipe_sampler_state / pipe_rasterizer_state and keys clampler derives\n"
   "  query         the texture and sampler queries (txq) of a scenario, as GL defines them (and the device)\n"
   "  raster        a raster case's pixels: the reference rasterizer, and the device or a GL driver\n"
   "  info          the Vulkan device clampler uses: features, limits, pipe caps, formats\n"
   "  sample        a scenario's lookups run on the Vulkan device (or the CPU reference, or a GL driver)\n"
   "  conformance   the built-in matrix of sampler cases, device (or a GL driver) against the reference\n"
   "  gallery       every GL wrap mode x NEAREST/LINEAR as a PNG: device, reference, difference\n"
   "  differential  random scenarios: device, reference, llvmpipe and softpipe, triaged per lookup\n"
   "\n"
   "environment: CLAMPLER_DEVICE (index or name substring), CLAMPLER_CAPS (override JSON or\n"
   "@FILE, docs/zink.md), CLAMPLER_VALIDATION=1 (enable VK_LAYER_KHRONOS_validation).\n";

constexpr const char *kExplainUsage =
   "usage: clampler explain [--device] SCENARIO.json   (- reads standard input)\n"
   "\n"
   "Reads a JSON scenario (GL profile, extensions, screen caps, a texture and a sampler, and/or\n"
   "a \"rasterizer\" with its GL calls and framebuffer, docs/scenario.md) and prints the GL errors\n"
   "its calls raise, the pipe_sampler_state, shader key and sampler view, and the\n"
   "pipe_rasterizer_state and raster key clampler derives.\n"
   "  --device   the Vulkan device answers caps and formats (CLAMPLER_DEVICE picks it); the\n"
   "             VkSamplerCreateInfo, and a rasterizer's Vulkan rasterization structs, emulations\n"
   "             and unsupported state, are added\n"
   "Exit status: 0 explained, 1 unreadable or malformed scenario, 2 usage error.\n";

constexpr const char *kQueryUsage =
   "usage: clampler query [--language gl|opencl] [--device] [--json] SCENARIO.json   (- reads standard input)\n"
   "\n"
   "Answers every texture and sampler query of the txq seed for a scenario's texture on unit 0\n"
   "(explain's format, docs/scenario.md; multisample targets take \"samples\", GL_TEXTURE_BUFFER\n"
   "\"buffer_size\"): sizes per level from GL_TEXTURE_BASE_LEVEL, array size, levels, samples,\n"
   "normalized coordinates, filter and address modes as the application set them. A \"sampler\"\n"
   "object in the scenario is a sampler object bound to the unit (independent mode); without one the\n"
   "texture's own parameters answer (unified mode). docs/queries.md has the model and the tables.\n"
   "  --language L  channel order and data type in GL's (default) or OpenCL's enumeration\n"
   "  --device      also run the texture queries on the Vulkan device through the view clampler\n"
   "                creates (textureQueryLevels, textureSize per level) and compare with GL's\n"
   "  --json        one JSON object instead of one line per query\n"
   "Exit status: 0 answered (and the device agreed), 1 bad scenario or no device, 2 usage error,\n"
   "3 internal error, 4 the device answered differently from GL.\n";

constexpr const char *kRasterUsage =
   "usage: clampler raster [--device | --gl [--driver NAME]] CASE.json   (- reads standard input)\n"
   "\n"
   "Draws a raster case (a rasterizer scenario plus a draw of GL polygons and pixel probes,\n"
   "docs/rasterizer.md) with the reference rasterizer, written from GL 4.6, and prints each probed\n"
   "pixel's [r, g, b, depth] (and alpha, for a case with \"coverage_tolerance\").\n"
   "  --device       also draw it on the Vulkan device (CLAMPLER_DEVICE picks it) through the\n"
   "                 rasterizer translation\n"
   "  --gl           also draw it with a GL driver (EGL surfaceless, FBO cases only)\n"
   "  --driver NAME  with --gl: clampler (default), zink, llvmpipe, softpipe or env\n"
   "With a second side, a pixel matches when every component lies within the case's \"tolerance\"\n"
   "(default 0: exact) of the reference, alpha within its \"coverage_tolerance\". Exit status: 0\n"
   "drawn (and every pixel matched), 1 bad case or no device, 2 usage error, 3 internal error, 4 a\n"
   "pixel differs.\n";

constexpr const char *kInfoUsage =
   "usage: clampler info [--gl] [--json]\n"
   "\n"
   "The Vulkan device clampler uses (CLAMPLER_DEVICE, CLAMPLER_CAPS): its features and limits,\n"
   "the pipe caps the screen answers and the per-format table (docs/zink.md).\n"
   "  --gl     the GL driver in use instead (EGL surfaceless): GL_RENDERER, GL_VERSION and the\n"
   "           sampler-relevant extensions; on the clampler driver:\n"
   "           bash scripts/clampler.sh gl -- clampler info --gl (docs/driver.md)\n"
   "  --json   the same as one JSON object\n"
   "Exit status: 0 printed, 1 no device or no GL context, 2 usage error.\n";

constexpr const char *kSampleUsage =
   "usage: clampler sample [--reference | --device N [--shared-vectors] | --gl [--driver NAME]] SCENARIO.json\n"
   "       (- reads standard input)\n"
   "\n"
   "Runs a scenario's lookups (texel data and lookups, docs/scenario.md) through the layer on\n"
   "the Vulkan device and prints the explain object plus one RGBA result per lookup.\n"
   "  --reference   what GL returns, from the CPU reference sampler (no device needed)\n"
   "  --device N    the device: an index or a name substring (as CLAMPLER_DEVICE)\n"
   "  --shared-vectors  on the device, pack the lookups into shared SIMD vectors (one invocation each)\n"
   "                instead of a vector of their own: the device's per-vector behaviour (docs/sampling.md)\n"
   "  --gl          a real GL driver draws the lookups (EGL surfaceless, docs/driver.md)\n"
   "  --driver NAME with --gl: clampler (default), zink, llvmpipe, softpipe, or env (as the environment says)\n"
   "Exit status: 0 sampled, 1 bad scenario or no device, 2 usage error, 3 internal error.\n";

bool read_input(const std::string &path, std::string *text, std::string *error) {
   if (path == "-") {
      text->assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
      return true;
   }
   std::ifstream f(path, std::ios::binary);
   if (!f) {
      *error = "cannot open " + path;
      return false;
   }
   std::ostringstream ss;
   ss << f.rdbuf();
   *text = ss.str();
   return true;
}

#ifdef CLAMPLER_HAVE_ZINK
std::unique_ptr<clampler::zink_screen> open_device(const char *cmd, const std::string &device = "") {
   std::string error;
   clampler::zink_screen_options options = clampler::zink_screen_options::from_environment();
   if (!device.empty())
      options.device = device;
   auto screen = clampler::zink_screen::create(options, &error);
   if (!screen)
      std::cerr << "clampler " << cmd << ": " << error << "\n";
   return screen;
}
#endif

int cmd_info(int argc, char **argv) {
   bool json = false, gl = false;
   for (int i = 2; i < argc; ++i) {
      const std::string a = argv[i];
      if (cli::is_help(a)) {
         std::cout << kInfoUsage;
         return 0;
      }
      if (a == "--json" && !json)
         json = true;
      else if (a == "--gl" && !gl)
         gl = true;
      else
         return cli::usage_error("info", "unexpected argument '" + a + "'");
   }
   if (gl) {
      nlohmann::ordered_json info;
      std::string error;
      if (!clampler::gl_driver_info(&info, &error)) {
         std::cerr << "clampler info --gl: " << error << "\n";
         return 1;
      }
      std::cout << (json ? info.dump(2) + "\n" : clampler::gl_driver_info_text(info));
      return 0;
   }
#ifdef CLAMPLER_HAVE_ZINK
   auto screen = open_device("info");
   if (!screen)
      return 1;
   if (json)
      std::cout << clampler::info_json(*screen).dump(2) << "\n";
   else
      std::cout << clampler::info_text(*screen);
   return 0;
#else
   std::cerr << "clampler info: built without the Vulkan layer (install libvulkan-dev and libvulkan-volk-dev)\n";
   return 1;
#endif
}

int cmd_sample(int argc, char **argv) {
   std::string file, device, driver = "clampler";
   bool reference = false, device_given = false, gl = false, driver_given = false, shared_vectors = false;
   for (int i = 2; i < argc; ++i) {
      const std::string a = argv[i];
      if (cli::is_help(a)) {
         std::cout << kSampleUsage;
         return 0;
      } else if (a == "--reference") {
         reference = true;
      } else if (a == "--gl") {
         gl = true;
      } else if (a == "--shared-vectors") {
         shared_vectors = true;
      } else if (a == "--driver") {
         if (i + 1 >= argc || std::string(argv[i + 1]).empty())
            return cli::usage_error("sample", "--driver needs clampler, zink, llvmpipe, softpipe or env");
         driver = argv[++i];
         driver_given = true;
      } else if (a == "--device") {
         if (i + 1 >= argc || std::string(argv[i + 1]).empty())
            return cli::usage_error("sample", "--device needs a device index or name");
         device = argv[++i];
         device_given = true;
      } else if (a.size() > 1 && a[0] == '-') {
         return cli::usage_error("sample", "unknown option '" + a + "'");
      } else if (file.empty()) {
         file = a;
      } else {
         return cli::usage_error("sample", "unexpected argument '" + a + "'");
      }
   }
   if (file.empty())
      return cli::usage_error("sample", "expected a scenario file (or -)");
   if (reference + device_given + gl > 1)
      return cli::usage_error("sample", "--reference, --device and --gl exclude each other");
   if (driver_given && !gl)
      return cli::usage_error("sample", "--driver goes with --gl");
   if (shared_vectors && (reference || gl))
      return cli::usage_error("sample", "--shared-vectors is for the Vulkan device, not --reference or --gl");
   std::string text, error;
   if (!read_input(file, &text, &error)) {
      std::cerr << "clampler sample: " << error << "\n";
      return 1;
   }
   try {
      if (reference) {
         std::cout << clampler::sample_scenario_reference(text).dump(2) << "\n";
         return 0;
      }
      if (gl) {
         // In a child process, so a driver that crashes is reported, not shared.
         const auto worker = clampler::gl_worker_client::start(driver, &error);
         if (!worker) {
            std::cerr << "clampler sample: " << error << "\n";
            return 1;
         }
         std::cout << worker->sample(text).dump(2) << "\n";
         return 0;
      }
#ifdef CLAMPLER_HAVE_ZINK
      auto screen = open_device("sample", device);
      if (!screen)
         return 1;
      std::cout << clampler::sample_scenario_device(text, *screen, shared_vectors).dump(2) << "\n";
      return 0;
#else
      std::cerr << "clampler sample: sampling on the device needs the Vulkan layer (built without it); use "
                   "--reference\n";
      return 1;
#endif
   } catch (const clampler::scenario_error &e) {
      std::cerr << "clampler sample: " << file << ": " << e.what() << "\n";
      return 1;
   } catch (const clampler::gl_driver_crash &e) {
      std::cerr << "clampler sample: " << file << ": " << e.what() << "\n";
      return 1;
   } catch (const std::exception &e) {
      std::cerr << "clampler sample: " << file << ": internal error: " << e.what() << "\n";
      return 3;
   }
}

int cmd_query(int argc, char **argv) {
   bool device = false, json = false;
   clampler::txq_language lang = clampler::txq_language::gl;
   std::string file;
   for (int i = 2; i < argc; ++i) {
      const std::string a = argv[i];
      if (cli::is_help(a)) {
         std::cout << kQueryUsage;
         return 0;
      } else if (a == "--device" && !device) {
         device = true;
      } else if (a == "--json" && !json) {
         json = true;
      } else if (a == "--language") {
         if (i + 1 >= argc)
            return cli::usage_error("query", "--language needs gl or opencl");
         const std::string v = argv[++i];
         if (v == "gl")
            lang = clampler::txq_language::gl;
         else if (v == "opencl")
            lang = clampler::txq_language::opencl;
         else
            return cli::usage_error("query", "--language takes gl or opencl, not '" + v + "'");
      } else if (a.size() > 1 && a[0] == '-') {
         return cli::usage_error("query", "unknown option '" + a + "'");
      } else if (file.empty()) {
         file = a;
      } else {
         return cli::usage_error("query", "unexpected argument '" + a + "'");
      }
   }
   if (file.empty())
      return cli::usage_error("query", "expected a scenario file (or -)");
   std::string text, error;
   if (!read_input(file, &text, &error)) {
      std::cerr << "clampler query: " << error << "\n";
      return 1;
   }
   try {
      nlohmann::ordered_json q;
      if (device) {
#ifdef CLAMPLER_HAVE_ZINK
         auto screen = open_device("query");
         if (!screen)
            return 1;
         q = clampler::query_scenario_on_device(text, lang, *screen);
#else
         std::cerr << "clampler query: --device needs the Vulkan layer (built without it)\n";
         return 1;
#endif
      } else {
         q = clampler::query_scenario(text, lang);
      }
      std::cout << (json ? q.dump(2) + "\n" : clampler::query_text(q));
      const bool differs = q.contains("device") && q["device"].contains("matches") && !q["device"]["matches"].get<bool>();
      return differs ? 4 : 0;
   } catch (const clampler::scenario_error &e) {
      std::cerr << "clampler query: " << file << ": " << e.what() << "\n";
      return 1;
   } catch (const std::exception &e) {
      std::cerr << "clampler query: " << file << ": internal error: " << e.what() << "\n";
      return 3;
   }
}

int cmd_raster(int argc, char **argv) {
   bool device = false, gl = false, driver_given = false;
   std::string file, driver = "clampler";
   for (int i = 2; i < argc; ++i) {
      const std::string a = argv[i];
      if (cli::is_help(a)) {
         std::cout << kRasterUsage;
         return 0;
      } else if (a == "--device" && !device) {
         device = true;
      } else if (a == "--gl" && !gl) {
         gl = true;
      } else if (a == "--driver") {
         if (i + 1 >= argc)
            return cli::usage_error("raster", "--driver needs clampler, zink, llvmpipe, softpipe or env");
         driver = argv[++i];
         driver_given = true;
      } else if (a.size() > 1 && a[0] == '-') {
         return cli::usage_error("raster", "unknown option '" + a + "'");
      } else if (file.empty()) {
         file = a;
      } else {
         return cli::usage_error("raster", "unexpected argument '" + a + "'");
      }
   }
   if (file.empty())
      return cli::usage_error("raster", "expected a raster case file (or -)");
   if (device && gl)
      return cli::usage_error("raster", "--device and --gl exclude each other");
   if (driver_given && !gl)
      return cli::usage_error("raster", "--driver goes with --gl");
   std::string text, error;
   if (!read_input(file, &text, &error)) {
      std::cerr << "clampler raster: " << error << "\n";
      return 1;
   }
   try {
      nlohmann::ordered_json other;
      std::string side, renderer;
      bool quads_follow = false;
      if (gl) {
         const auto worker = clampler::gl_worker_client::start(driver, &error);
         if (!worker) {
            std::cerr << "clampler raster: " << error << "\n";
            return 1;
         }
         other = worker->sample(text);
         quads_follow = other.value("quads_follow", false);
         side = "gl";
         renderer = worker->renderer();
      } else if (device) {
#ifdef CLAMPLER_HAVE_ZINK
         auto screen = open_device("raster");
         if (!screen)
            return 1;
         other = clampler::raster_case_on_device(text, *screen);
         quads_follow = screen->get_param(clampler::PIPE_CAP_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION) != 0;
         side = "device";
         renderer = screen->device_caps().device_name;
#else
         std::cerr << "clampler raster: --device needs the Vulkan layer (built without it)\n";
         return 1;
#endif
      }
      const nlohmann::ordered_json ref = clampler::raster_case_reference(text, quads_follow);
      const nlohmann::ordered_json doc = nlohmann::ordered_json::parse(text);
      const nlohmann::ordered_json lookups = doc["lookups"];
      const double tol = doc.value("tolerance", 0.0);
      const double coverage_tol = doc.value("coverage_tolerance", 0.0);
      nlohmann::ordered_json out;
      nlohmann::ordered_json pixels = nlohmann::ordered_json::array();
      bool matches = true;
      for (size_t i = 0; i < ref["results"].size(); ++i) {
         nlohmann::ordered_json p = {{"pixel", lookups[i]["pixel"]}, {"reference", ref["results"][i]}};
         if (!side.empty()) {
            const auto &g = other["results"][i];
            p[side] = g;
            bool same = true;
            // With "coverage_tolerance" a fifth component, alpha, within that tolerance.
            for (size_t c = 0; c < ref["results"][i].size(); ++c)
               same = same && c < g.size() &&
                      std::fabs(g[c].get<double>() - ref["results"][i][c].get<double>()) <= (c < 4 ? tol : coverage_tol);
            p["matches"] = same;
            matches = matches && same;
         }
         pixels.push_back(p);
      }
      out["pixels"] = pixels;
      if (!side.empty()) {
         out["matches"] = matches;
         out[side == "gl" ? "renderer" : "device"] = renderer;
      }
      std::cout << out.dump(2) << "\n";
      return matches ? 0 : 4;
   } catch (const clampler::scenario_error &e) {
      std::cerr << "clampler raster: " << file << ": " << e.what() << "\n";
      return 1;
   } catch (const clampler::gl_driver_crash &e) {
      std::cerr << "clampler raster: " << file << ": " << e.what() << "\n";
      return 1;
   } catch (const std::exception &e) {
      std::cerr << "clampler raster: " << file << ": internal error: " << e.what() << "\n";
      return 3;
   }
}

int cmd_explain(int argc, char **argv) {
   bool device = false;
   std::string file;
   for (int i = 2; i < argc; ++i) {
      const std::string a = argv[i];
      if (cli::is_help(a)) {
         std::cout << kExplainUsage;
         return 0;
      } else if (a == "--device" && !device) {
         device = true;
      } else if (a.size() > 1 && a[0] == '-') {
         return cli::usage_error("explain", "unknown option '" + a + "'");
      } else if (file.empty()) {
         file = a;
      } else {
         return cli::usage_error("explain", "unexpected argument '" + a + "'");
      }
   }
   if (file.empty())
      return cli::usage_error("explain", "expected a scenario file (or -)");
   std::string text, error;
   if (!read_input(file, &text, &error)) {
      std::cerr << "clampler explain: " << error << "\n";
      return 1;
   }
   try {
      if (device) {
#ifdef CLAMPLER_HAVE_ZINK
         auto screen = open_device("explain");
         if (!screen)
            return 1;
         std::cout << clampler::explain_scenario_on_device(text, *screen).dump(2) << "\n";
         return 0;
#else
         std::cerr << "clampler explain: --device needs the Vulkan layer (built without it)\n";
         return 1;
#endif
      }
      std::cout << clampler::explain_scenario(text).dump(2) << "\n";
      return 0;
   } catch (const clampler::scenario_error &e) {
      std::cerr << "clampler explain: " << file << ": " << e.what() << "\n";
      return 1;
   } catch (const std::exception &e) {
      std::cerr << "clampler explain: " << file << ": internal error: " << e.what() << "\n";
      return 3;
   }
}

}  // namespace

int main(int argc, char **argv) {
   if (argc < 2) {
      std::cerr << kUsage;
      return cli::kUsageError;
   }
   const std::string cmd = argv[1];
   if (cli::is_help(cmd) || cmd == "help") {
      std::cout << kUsage;
      return 0;
   }
   if (cmd == "--version") {
      std::cout << "clampler " CLAMPLER_VERSION "\n";
      return 0;
   }
   if (cmd == "explain")
      return cmd_explain(argc, argv);
   if (cmd == "query")
      return cmd_query(argc, argv);
   if (cmd == "info")
      return cmd_info(argc, argv);
   if (cmd == "raster")
      return cmd_raster(argc, argv);
   if (cmd == "sample")
      return cmd_sample(argc, argv);
   if (cmd == "conformance")
      return clampler::conformance::conformance_main(argc, argv);
   if (cmd == "gallery")
      return clampler::conformance::gallery_main(argc, argv);
   if (cmd == "differential") {
#ifdef CLAMPLER_HAVE_ZINK
      return clampler::differential::differential_main(argc, argv);
#else
      std::cerr << "clampler differential: needs the Vulkan layer (built without it)\n";
      return 1;
#endif
   }
   if (cmd == "__gl-worker")  // started by sample --gl and conformance --gl (src/tools/gl_worker.h)
      return clampler::gl_worker_main(argc, argv);
   std::cerr << "clampler: unknown command '" << cmd << "' (see 'clampler --help')\n";
   return cli::kUsageError;
}
