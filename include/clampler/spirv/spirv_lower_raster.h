// spirv_lower_raster: the rasterizer emulations a fragment shader takes on SPIR-V (rules Z5 line stipple, Z7 polygon stipple, Z8 two-sided colour, Z9 sprite coordinates).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace clampler {

struct spirv_raster_fs_options {
   // ZINK_RAST_EMU_POLYGON_STIPPLE: fragments whose pattern bit is 0 are discarded. Bit x of
   // stipple_rows[y] keeps the fragment at framebuffer pixel (x mod 32, y mod 32), rows in the
   // framebuffer's own order (Vulkan's FragCoord: y down); whoever fills them flips GL's
   // bottom-up rows for a y-down framebuffer (Mesa's state tracker does the same for the window).
   bool polygon_stipple = false;
   std::array<uint32_t, 32> stipple_rows{};
   // With a value, row y is a specialization constant with SpecId *stipple_spec_id + y and
   // default stipple_rows[y], so one module draws whatever pattern a pipeline gives it (Mesa's
   // zink: one shader variant for every pattern). The 32 SpecIds must be free in the module.
   std::optional<uint32_t> stipple_spec_id;
   // ZINK_RAST_EMU_LINE_STIPPLE (compatibility §14.5.2.2): a fragment whose counter s has bit
   // (s / line_stipple_factor) mod 16 of line_stipple_pattern clear is discarded. The counter
   // comes from a flat ivec4 input the pass declares at line_stipple_location, which the vertex
   // stage fills with the same value at both ends of each segment: (first, direction, axis,
   // base), the framebuffer column (axis 0) or row (axis 1) of the segment's first fragment, +1
   // or -1 as the segment runs along that axis, and that fragment's counter. A fragment in
   // column (row) c has s = base + (c - first) * direction: one counter per column of an x-major
   // line (row of a y-major one), as GL's wide lines share it across the width.
   bool line_stipple = false;
   uint32_t line_stipple_location = 5;
   uint32_t line_stipple_factor = 1;  // [1, 256]: GL's factor
   uint16_t line_stipple_pattern = 0xffff;
   // Discard by OpDemoteToHelperInvocation instead of OpKill: a discarded fragment stays a helper,
   // so the rest of its 2x2 quad keeps its derivatives, as where GL's stipple removes fragments
   // before shading. The module gets the DemoteToHelperInvocation capability (and before SPIR-V
   // 1.6 the SPV_EXT_demote_to_helper_invocation extension); the device must enable
   // shaderDemoteToHelperInvocation.
   bool stipple_demote = false;
   // ZINK_RAST_EMU_TWO_SIDE_COLOR: for each pair, the shader's input at `front_location` reads
   // as the input at `back_location` (added, with the front input's interpolation decorations) in
   // fragments of back-facing polygons: Vulkan's FrontFacing, which is true for points and lines.
   // A pair whose front input the shader does not declare changes nothing.
   struct two_side_color {
      uint32_t front_location = 0, back_location = 1;
   };
   std::vector<two_side_color> two_side_colors;
   // ZINK_RAST_EMU_SPRITE_COORD_REPLACE: the shader's inputs at these locations (texture
   // coordinates, floats) read as the point sprite's (s, t, 0, 1), from PointCoord (declared when
   // missing). For point primitives only: PointCoord means nothing elsewhere.
   std::vector<uint32_t> sprite_coord_locations;
   // ZINK_RAST_EMU_SPRITE_ORIGIN: the sprite origin is lower-left, so t = 1 - PointCoord.y, for
   // the replaced coordinates and for the shader's own PointCoord reads.
   bool point_coord_lower_left = false;
};

// Rewrites the fragment shader `module` (its first Fragment entry point) so that it does what
// `options` asks before anything else, in a new first block of the entry function:
//   - two-sided colour: the block loads the front and back inputs and FrontFacing (each declared
//     when missing), stores the one for this fragment's facing in a Function variable, and the
//     entry function's loads and access chains of the front input read that variable instead;
//   - sprites: the block computes (s, t) from PointCoord, and the entry function's reads of each
//     replaced coordinate (and of the shader's own PointCoord, flipped) read it instead;
//   - polygon stipple: the block reads FragCoord (declared when the shader has none), looks its
//     pixel up in the pattern and kills the invocation when the bit is 0;
//   - line stipple: the block reads FragCoord and the segment's flat input, works out the
//     fragment's counter and kills the invocation when the pattern's bit for it is 0.
// Without a requested emulation `*out` is the input, word for word. Returns false with `*error`
// a sentence (malformed module, no Fragment entry point, early fragment tests under a stipple,
// a stipple SpecId the shader already uses, a line stipple factor outside [1, 256] or its input's
// location already taken,
// a front colour that is not a scalar or vector of numbers or a sprite coordinate not one of
// floats, either read outside the entry function or through anything but a load or an access
// chain, a back location already taken, one location both a colour and a coordinate) and leaves
// `*out` untouched. The output passes spirv_validate when the input did. docs/rasterizer.md,
// "Emulations".
bool spirv_lower_raster_fs(std::span<const uint32_t> module, const spirv_raster_fs_options &options,
                           std::vector<uint32_t> *out, std::string *error);

}  // namespace clampler
