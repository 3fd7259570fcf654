// The clampler command: `clampler explain SCENARIO.json|-`.
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>

#include "clampler/tools/conformance.h"
#include "clampler/tools/explain.h"
#include "clampler/tools/sample.h"

#ifdef CLAMPLER_HAVE_ZINK
#include <memory>

#include "clampler/tools/info.h"
#include "clampler/zink/zink_screen.h"
#endif

namespace {

constexpr const char *kUsage =
   "usage: clampler explain [--device] SCENARIO.json   (or - for standard input)\n"
   "       clampler info [--json]\n"
   "       clampler sample [--reference | --device N] SCENARIO.json   (or -)\n"
   "       clampler --help | --version\n"
   "\n"
   "explain  reads a JSON scenario (GL profile, extensions, screen caps, a texture and a\n"
   "         sampler) and prints the GL errors, the pipe_sampler_state and the shader key\n"
   "         clampler derives. With --device the Vulkan device's caps are used and the\n"
   "         VkSamplerCreateInfo is added. See docs/scenario.md.\n"
   "info     the Vulkan device clampler uses: features, limits, pipe caps, formats.\n"
   "sample   a scenario with texel data and lookups, sampled on the Vulkan device (the\n"
   "         default one, or --device N: an index or a name substring as CLAMPLER_DEVICE);\n"
   "         --reference computes what GL returns with the CPU reference sampler instead.\n"
   "\n"
   "environment: CLAMPLER_DEVICE (index or name substring), CLAMPLER_CAPS (override JSON or\n"
   "@FILE, docs/zink.md), CLAMPLER_VALIDATION=1 (enable VK_LAYER_KHRONOS_validation).\n";

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
   const bool json = argc == 3 && std::string(argv[2]) == "--json";
   if (argc > 3 || (argc == 3 && !json)) {
      std::cerr << "clampler info: unknown argument\n" << kUsage;
      return 2;
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
   std::string file, device;
   bool reference = false, device_given = false;
   for (int i = 2; i < argc; ++i) {
      const std::string a = argv[i];
      if (a == "--reference") {
         reference = true;
      } else if (a == "--device") {
         if (i + 1 >= argc || std::string(argv[i + 1]).empty()) {
            std::cerr << "clampler sample: --device needs a device index or name\n" << kUsage;
            return 2;
         }
         device = argv[++i];
         device_given = true;
      } else if (file.empty()) {
         file = a;
      } else {
         std::cerr << "clampler sample: unexpected argument '" << a << "'\n" << kUsage;
         return 2;
      }
   }
   if (file.empty()) {
      std::cerr << "clampler sample: expected a scenario file (or -)\n" << kUsage;
      return 2;
   }
   if (reference && device_given) {
      std::cerr << "clampler sample: --reference and --device exclude each other\n" << kUsage;
      return 2;
   }
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
#ifdef CLAMPLER_HAVE_ZINK
      auto screen = open_device("sample", device);
      if (!screen)
         return 1;
      std::cout << clampler::sample_scenario_device(text, *screen).dump(2) << "\n";
      return 0;
#else
      std::cerr << "clampler sample: sampling on the device needs the Vulkan layer (built without it); use "
                   "--reference\n";
      return 1;
#endif
   } catch (const clampler::scenario_error &e) {
      std::cerr << "clampler sample: " << file << ": " << e.what() << "\n";
      return 1;
   } catch (const std::exception &e) {
      std::cerr << "clampler sample: " << file << ": internal error: " << e.what() << "\n";
      return 3;
   }
}

int cmd_explain(int argc, char **argv) {
   bool device = false;
   int file = 2;
   if (argc == 4 && std::string(argv[2]) == "--device") {
      device = true;
      file = 3;
   } else if (argc != 3) {
      std::cerr << "clampler explain: expected [--device] and one scenario file (or -)\n" << kUsage;
      return 2;
   }
   std::string text, error;
   if (!read_input(argv[file], &text, &error)) {
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
      std::cerr << "clampler explain: " << argv[file] << ": " << e.what() << "\n";
      return 1;
   } catch (const std::exception &e) {
      std::cerr << "clampler explain: " << argv[file] << ": internal error: " << e.what() << "\n";
      return 3;
   }
}

}  // namespace

int main(int argc, char **argv) {
   if (argc < 2) {
      std::cerr << kUsage;
      return 2;
   }
   const std::string cmd = argv[1];
   if (cmd == "--help" || cmd == "-h" || cmd == "help") {
      std::cout << kUsage;
      return 0;
   }
   if (cmd == "--version") {
      std::cout << "clampler 0.1.0\n";
      return 0;
   }
   if (cmd == "explain")
      return cmd_explain(argc, argv);
   if (cmd == "info")
      return cmd_info(argc, argv);
   if (cmd == "sample")
      return cmd_sample(argc, argv);
   if (cmd == "conformance")
      return clampler::conformance::conformance_main(argc, argv);
   if (cmd == "gallery")
      return clampler::conformance::gallery_main(argc, argv);
   std::cerr << "clampler: unknown command '" << cmd << "'\n" << kUsage;
   return 2;
}
