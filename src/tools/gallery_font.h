// A 5x7 bitmap font for the gallery's labels (A-Z, 0-9, _ - . / , ( ) [ ] and space).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace clampler {

// Draws `text` (upper-cased) into an RGB image at (x, y), each font pixel `scale` pixels.
void draw_text(std::vector<uint8_t> &rgb, unsigned width, unsigned height, unsigned x, unsigned y,
               const std::string &text, unsigned scale, const uint8_t colour[3]);
// Width in pixels of `text` at `scale`.
unsigned text_width(const std::string &text, unsigned scale);

}  // namespace clampler
