// `clampler gallery FILE.png`: every GL wrap mode x NEAREST/LINEAR on a quad over [-1, 2], device beside reference and difference.
#include <algorithm>
#include <cmath>
#include <iostream>
#include <string>
#include <vector>

#include "clampler/tools/conformance.h"
#include "cli.h"
#include "conformance/conformance_device.h"
#include "conformance/conformance_gen.h"
#include "gallery_font.h"
#include "png_write.h"

namespace clampler::conformance {
namespace {

constexpr const char *kGalleryUsage =
   "usage: clampler gallery FILE.png [--device N] [--self-check]\n"
   "\n"
   "Draws every GL wrap mode x NEAREST/LINEAR on a 4x4 checkerboard over s, t in [-1, 2] into\n"
   "FILE.png: the device's lookups, the reference sampler's, and their difference x8\n"
   "(docs/conformance.md).\n"
   "  --device N     the device: an index or a name substring (as CLAMPLER_DEVICE)\n"
   "  --self-check   the reference in the device column (no device needed)\n"
   "Exit status: 0 written, 1 no device or a write error, 2 usage error.\n";

constexpr unsigned kSamples = 64;  // lookups per side of a cell
constexpr unsigned kZoom = 2;      // pixels per lookup
constexpr unsigned kCell = kSamples * kZoom;
constexpr unsigned kPad = 16, kLabel = 380, kHeader = 40;

ojson gallery_scenario(const std::string &wrap, const filter_mode &fm) {
   ojson levels = ojson::array({ojson::array()});
   for (unsigned j = 0; j < 4; ++j)
      for (unsigned i = 0; i < 4; ++i)
         levels[0].push_back({(i + 0.5) / 4.0, (j + 0.5) / 4.0, (i + j) % 2 ? 0.85 : 0.15, 1.0});
   ojson sc;
   sc["texture"] = {{"target", "GL_TEXTURE_2D"}, {"internal_format", "GL_RGBA8"}, {"width", 4}, {"height", 4},
                    {"levels", levels}};
   sc["sampler"] = {{"GL_TEXTURE_WRAP_S", wrap},           {"GL_TEXTURE_WRAP_T", wrap},
                    {"GL_TEXTURE_MIN_FILTER", fm.min},     {"GL_TEXTURE_MAG_FILTER", fm.mag},
                    {"GL_TEXTURE_BORDER_COLOR", {1.0, 0.0, 1.0, 1.0}}};
   ojson lookups = ojson::array();
   // Pixel centres over [-1, 2]: u = 4s never lands on a texel boundary (fractions 1/8, 3/8, ...).
   for (unsigned y = 0; y < kSamples; ++y)
      for (unsigned x = 0; x < kSamples; ++x)
         lookups.push_back({{"coord", {-1.0 + 3.0 * (x + 0.5) / kSamples, 2.0 - 3.0 * (y + 0.5) / kSamples}}, {"lod", 0.0}});
   sc["lookups"] = lookups;
   return sc;
}

uint8_t to_byte(const ojson &v) {
   const double x = v.is_number() ? v.get<double>() : 0.0;
   return static_cast<uint8_t>(std::lround(std::clamp(std::isnan(x) ? 0.0 : x, 0.0, 1.0) * 255.0));
}

struct canvas {
   unsigned width, height;
   std::vector<uint8_t> rgb;
   canvas(unsigned w, unsigned h) : width(w), height(h), rgb(static_cast<size_t>(w) * h * 3, 40) {}
   void put(unsigned x, unsigned y, const uint8_t c[3]) {
      uint8_t *p = &rgb[(static_cast<size_t>(y) * width + x) * 3];
      p[0] = c[0];
      p[1] = c[1];
      p[2] = c[2];
   }
   void text(unsigned x, unsigned y, const std::string &t, unsigned scale = 2) {
      static const uint8_t white[3] = {235, 235, 235};
      draw_text(rgb, width, height, x, y, t, scale, white);
   }
   // A cell from results (4 values each); null results: a grey "skipped" cell.
   void cell(unsigned x0, unsigned y0, const ojson *results, const ojson *other, int diff_scale) {
      for (unsigned y = 0; y < kSamples; ++y)
         for (unsigned x = 0; x < kSamples; ++x) {
            uint8_t c[3] = {90, 90, 90};
            if (results) {
               const ojson &r = (*results)[y * kSamples + x];
               for (int k = 0; k < 3; ++k) {
                  if (other) {
                     const double d = std::fabs(r[k].get<double>() - (*other)[y * kSamples + x][k].get<double>());
                     c[k] = static_cast<uint8_t>(std::min(255.0, std::round(d * diff_scale * 255.0)));
                  } else {
                     c[k] = to_byte(r[k]);
                  }
               }
            }
            for (unsigned dy = 0; dy < kZoom; ++dy)
               for (unsigned dx = 0; dx < kZoom; ++dx)
                  put(x0 + x * kZoom + dx, y0 + y * kZoom + dy, c);
         }
   }
};

}  // namespace

int gallery_main(int argc, char **argv) {
   std::string file, device;
   bool self_check = false;
   for (int i = 2; i < argc; ++i) {
      const std::string a = argv[i];
      if (cli::is_help(a)) {
         std::cout << kGalleryUsage;
         return 0;
      } else if (a == "--device") {
         if (i + 1 >= argc)
            return cli::usage_error("gallery", "--device needs a device index or name");
         device = argv[++i];
      } else if (a == "--self-check") {
         self_check = true;
      } else if (a.size() > 1 && a[0] == '-') {
         return cli::usage_error("gallery", "unknown option '" + a + "'");
      } else if (file.empty() && !a.empty()) {
         file = a;
      } else {
         return cli::usage_error("gallery", "unexpected argument '" + a + "'");
      }
   }
   if (file.empty())
      return cli::usage_error("gallery", "expected the PNG file to write");
   std::string error;
   std::unique_ptr<device_session> session =
      self_check ? open_self_check_session() : open_device_session(device, "", false, {}, &error);
   if (!session) {
      std::cerr << "clampler gallery: " << error << "\n";
      return 1;
   }
   const case_runner runner = session->runner_for("");
   const auto &wraps = all_wraps();
   const unsigned rows = static_cast<unsigned>(wraps.size()) * 2;
   canvas img(kLabel + 3 * (kCell + kPad) + kPad, kHeader + rows * (kCell + kPad) + kPad);
   img.text(kPad, 8, "S,T IN [-1, 2]");
   img.text(kPad, 26, session->device_name(), 1);
   img.text(kLabel, 8, "DEVICE");
   img.text(kLabel + kCell + kPad, 8, "REFERENCE");
   img.text(kLabel + 2 * (kCell + kPad), 8, "DIFF X8");
   int skipped = 0;
   double worst = 0.0;
   unsigned row = 0;
   for (const std::string &wrap : wraps)
      for (int fi = 0; fi < 2; ++fi, ++row) {
         const filter_mode &fm = image_filters()[fi];
         const std::string text = gallery_scenario(wrap, fm).dump();
         const unsigned y0 = kHeader + row * (kCell + kPad);
         img.text(kPad, y0 + kCell / 2 - 16, wrap);
         img.text(kPad, y0 + kCell / 2 + 4, fm.name);
         ojson ref, dev;
         try {
            ref = runner.expected(text)["results"];
         } catch (const std::exception &e) {
            std::cerr << "clampler gallery: reference: " << e.what() << "\n";
            return 1;
         }
         bool have_dev = true;
         try {
            dev = runner.got(text)["results"];
         } catch (const std::exception &e) {
            have_dev = false;
            ++skipped;
            std::cerr << "clampler gallery: " << wrap << " " << fm.name << ": device: " << e.what() << "\n";
         }
         img.cell(kLabel, y0, have_dev ? &dev : nullptr, nullptr, 0);
         img.cell(kLabel + kCell + kPad, y0, &ref, nullptr, 0);
         img.cell(kLabel + 2 * (kCell + kPad), y0, have_dev ? &dev : nullptr, have_dev ? &ref : nullptr, 8);
         if (have_dev)
            for (size_t i = 0; i < ref.size(); ++i)
               for (int k = 0; k < 4; ++k)
                  worst = std::max(worst, std::fabs(ref[i][k].get<double>() - dev[i][k].get<double>()));
      }
   if (!write_png_rgb(file, img.width, img.height, img.rgb, &error)) {
      std::cerr << "clampler gallery: " << error << "\n";
      return 1;
   }
   std::cout << "wrote " << file << " (" << img.width << "x" << img.height << "): " << rows
             << " wrap/filter cells on " << session->device_name() << ", largest difference " << worst
             << (skipped ? ", " + std::to_string(skipped) + " cells skipped by the device" : std::string()) << "\n";
   return 0;
}

}  // namespace clampler::conformance
