// The clampler command: `clampler explain SCENARIO.json|-`.
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>

#include "clampler/tools/explain.h"

namespace {

constexpr const char *kUsage =
   "usage: clampler explain SCENARIO.json   (or - for standard input)\n"
   "       clampler --help | --version\n"
   "\n"
   "explain  reads a JSON scenario (GL profile, extensions, screen caps, a texture and a\n"
   "         sampler) and prints the GL errors, the pipe_sampler_state and the shader key\n"
   "         clampler derives. See docs/scenario.md.\n";

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

int cmd_explain(int argc, char **argv) {
   if (argc != 3) {
      std::cerr << "clampler explain: expected exactly one scenario file (or -)\n" << kUsage;
      return 2;
   }
   std::string text, error;
   if (!read_input(argv[2], &text, &error)) {
      std::cerr << "clampler explain: " << error << "\n";
      return 1;
   }
   try {
      std::cout << clampler::explain_scenario(text).dump(2) << "\n";
      return 0;
   } catch (const clampler::scenario_error &e) {
      std::cerr << "clampler explain: " << argv[2] << ": " << e.what() << "\n";
      return 1;
   } catch (const std::exception &e) {
      std::cerr << "clampler explain: " << argv[2] << ": internal error: " << e.what() << "\n";
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
   std::cerr << "clampler: unknown command '" << cmd << "'\n" << kUsage;
   return 2;
}
