// PNG output through libpng: 8-bit RGB, no interlace, default compression.
#include "png_write.h"

#include <png.h>

#include <cstdio>
#include <memory>

namespace clampler {
namespace {

// libpng reports errors by longjmp: only this frame (no objects with destructors) sets the jump.
bool write_image(png_structp png, png_infop info, FILE *f, unsigned width, unsigned height, const uint8_t *rgb) {
   if (setjmp(png_jmpbuf(png)))
      return false;
   png_init_io(png, f);
   png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                PNG_FILTER_TYPE_DEFAULT);
   png_write_info(png, info);
   for (unsigned y = 0; y < height; ++y)
      png_write_row(png, rgb + static_cast<size_t>(y) * width * 3);
   png_write_end(png, nullptr);
   return true;
}

}  // namespace

bool write_png_rgb(const std::string &path, unsigned width, unsigned height, const std::vector<uint8_t> &rgb,
                   std::string *error) {
   if (rgb.size() != static_cast<size_t>(width) * height * 3) {
      *error = "image data does not match its size";
      return false;
   }
   std::unique_ptr<FILE, int (*)(FILE *)> f(std::fopen(path.c_str(), "wb"), &std::fclose);
   if (!f) {
      *error = "cannot write " + path;
      return false;
   }
   png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
   png_infop info = png ? png_create_info_struct(png) : nullptr;
   if (!info) {
      png_destroy_write_struct(&png, nullptr);
      *error = "libpng: out of memory";
      return false;
   }
   const bool ok = write_image(png, info, f.get(), width, height, rgb.data());
   png_destroy_write_struct(&png, &info);
   if (!ok)
      *error = "libpng: cannot write " + path;
   return ok;
}

}  // namespace clampler
