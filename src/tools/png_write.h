// PNG output through libpng: 8-bit RGB images.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace clampler {

// `rgb` holds width * height * 3 bytes, rows top to bottom. False with `*error` on failure.
bool write_png_rgb(const std::string &path, unsigned width, unsigned height, const std::vector<uint8_t> &rgb,
                   std::string *error);

}  // namespace clampler
