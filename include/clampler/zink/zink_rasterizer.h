// zink_rasterizer: pipe_rasterizer_state -> the Vulkan rasterization structs one device can take, and what must be emulated.
#pragma once

#include <volk.h>

#include <cstdint>

#include "clampler/pipe/p_state.h"
#include "clampler/zink/zink_screen.h"

namespace clampler {

// What Vulkan (or this device) cannot express and the shaders or the draw must do instead, one
// bit each (docs/zink.md, "Rasterizer state", rules Z1-Z11). Each bit is a key the pipeline's
// shaders or its index rewriting are specialised on.
enum zink_raster_emulation : uint32_t {
   // Z2: last-vertex convention without VK_EXT_provoking_vertex: indices rewritten so GL's
   // provoking vertex comes first in each primitive.
   ZINK_RAST_EMU_PROVOKING_VERTEX = 1u << 0,
   // Z3: front and back fill modes differ, or a non-solid fill without fillModeNonSolid:
   // polygons drawn as their edges or vertices by the geometry stage, or (different modes on a
   // device with fillModeNonSolid) one triangle at a time by zink_rasterizer_face_pass.
   ZINK_RAST_EMU_FILL_MODE = 1u << 1,
   // Z5: line stipple without a stippled line mode for the chosen line rasterization: the
   // fragment shader discards by the stipple counter.
   ZINK_RAST_EMU_LINE_STIPPLE = 1u << 2,
   // Z6: wide lines without wideLines or wider than lineWidthRange: copies of the width-1 line.
   ZINK_RAST_EMU_WIDE_LINES = 1u << 3,
   // Z5: smooth lines without smoothLines: each segment drawn as its rectangle (§14.5.3).
   ZINK_RAST_EMU_LINE_SMOOTH = 1u << 4,
   // Z7: Vulkan has no polygon stipple: the fragment shader discards by the 32x32 pattern.
   ZINK_RAST_EMU_POLYGON_STIPPLE = 1u << 5,
   // Z8: Vulkan has no back colours: the fragment shader picks them by gl_FrontFacing.
   ZINK_RAST_EMU_TWO_SIDE_COLOR = 1u << 6,
   // Z9: Vulkan's PointCoord origin is upper-left: the shader flips t for a lower-left origin.
   ZINK_RAST_EMU_SPRITE_ORIGIN = 1u << 7,
   // Z9: texture coordinates replaced by PointCoord for the units in sprite_coord_enable.
   ZINK_RAST_EMU_SPRITE_COORD_REPLACE = 1u << 8,
   // Z10: Vulkan has no fixed point size: the last vertex stage writes PointSize from the state.
   ZINK_RAST_EMU_POINT_SIZE = 1u << 9,
   // Z10: points larger than 1 without largePoints, or beyond pointSizeRange: expanded to quads.
   ZINK_RAST_EMU_LARGE_POINTS = 1u << 10,
   // Z14: smooth (round, non-sprite) points: drawn as polygons on their circles.
   ZINK_RAST_EMU_POINT_SMOOTH = 1u << 11,
   // Z11: GL's clip z in [-w, w] without VK_EXT_depth_clip_control: z' = (z + w) / 2 in the
   // last vertex stage.
   ZINK_RAST_EMU_CLIP_MINUS_ONE_TO_ONE = 1u << 12,
   ZINK_RAST_EMU_COUNT_BITS = 13,
};

// What neither the device nor an emulation gives: the state is drawn the nearest way, and
// `zink_rasterizer_state::unsupported` says which (each bit has a sentence).
enum zink_raster_unsupported : uint32_t {
   ZINK_RAST_NO_DEPTH_CLIP_OFF = 1u << 0,   // depth clip off without depthClamp: clipped
   ZINK_RAST_SPLIT_DEPTH_CLIP = 1u << 1,    // near != far clipping: both as depth_clip_near
   ZINK_RAST_NO_DEPTH_BIAS_CLAMP = 1u << 2, // offset clamp without depthBiasClamp: unclamped
   ZINK_RAST_POLYGON_SMOOTH = 1u << 3,      // polygon smoothing: drawn aliased
   ZINK_RAST_INTEGER_PIXEL_CENTER = 1u << 4, // !half_pixel_center: Vulkan's centres are at .5
   ZINK_RAST_LINE_LAST_PIXEL = 1u << 5,     // line_last_pixel: Vulkan lines never draw it
   ZINK_RAST_UNSUPPORTED_COUNT_BITS = 6,
};

// The Vulkan pipeline state of one rasterizer CSO.
struct zink_rasterizer_hw {
   VkPolygonMode polygon_mode = VK_POLYGON_MODE_FILL;
   VkCullModeFlags cull_mode = VK_CULL_MODE_NONE;
   VkFrontFace front_face = VK_FRONT_FACE_COUNTER_CLOCKWISE;
   bool depth_clamp_enable = false;
   bool rasterizer_discard_enable = false;
   bool depth_bias_enable = false;
   float depth_bias_constant = 0.0f, depth_bias_clamp = 0.0f, depth_bias_slope = 0.0f;
   float line_width = 1.0f;
   // VK_EXT_provoking_vertex: chained only for the last-vertex mode (first is Vulkan's default).
   bool chain_provoking_vertex = false;
   VkProvokingVertexModeEXT provoking_vertex_mode = VK_PROVOKING_VERTEX_MODE_FIRST_VERTEX_EXT;
   // VK_EXT_line_rasterization: chained when the device has it.
   bool chain_line = false;
   VkLineRasterizationModeEXT line_mode = VK_LINE_RASTERIZATION_MODE_DEFAULT_EXT;
   bool stippled_line_enable = false;
   uint32_t line_stipple_factor = 1;   // 1..256
   uint16_t line_stipple_pattern = 0xffff;
   // VK_EXT_depth_clip_control (viewport state): GL's [-w, w] clip z.
   bool chain_depth_clip_control = false;
   bool negative_one_to_one = false;
};

struct zink_rasterizer_state {
   pipe_rasterizer_state base;  // as created (normalised by the CSO cache)
   zink_rasterizer_hw hw;
   uint32_t emulate = 0;        // zink_raster_emulation bits
   uint32_t unsupported = 0;    // zink_raster_unsupported bits
   float point_size = 1.0f;     // what ZINK_RAST_EMU_POINT_SIZE writes (clamped to the device range)
};

// Translates `s` for the device `dev` describes (rules Z1-Z11). Pure: no Vulkan call.
zink_rasterizer_state zink_create_rasterizer(const zink_device_caps &dev, const pipe_rasterizer_state &s);

// Rule Z3 by passes: a state whose faces take different fill modes (ZINK_RAST_EMU_FILL_MODE on a
// device with fillModeNonSolid) drawn one triangle at a time, each through two pipelines: this
// one for `face` (PIPE_FACE_FRONT or PIPE_FACE_BACK) culls the other face (and what the state
// culls) and takes `face`'s Vulkan polygon mode and the depth bias of that mode (Z4). A triangle
// is rasterized by at most one of the two, so drawing each triangle through both, in order, keeps
// GL's primitive order. A face the state culls gets a pipeline culling both faces. False (and
// `*out` untouched) when the device cannot draw the face's mode (a LINE or POINT mode without
// fillModeNonSolid: the geometry stage's job) or `face` is neither. A clamp the device cannot
// apply to either face's bias is in `unsupported` (ZINK_RAST_NO_DEPTH_BIAS_CLAMP) already.
bool zink_rasterizer_face_pass(const zink_device_caps &dev, const zink_rasterizer_state &r, unsigned face,
                               zink_rasterizer_hw *out);

// The structs a VkGraphicsPipelineCreateInfo takes for `r`, chained (not copyable: the chains
// point into it). `viewport_next` goes on VkPipelineViewportStateCreateInfo::pNext (null when
// nothing needs chaining there).
struct zink_rasterization_info {
   zink_rasterization_info() = default;
   zink_rasterization_info(const zink_rasterization_info &) = delete;
   zink_rasterization_info &operator=(const zink_rasterization_info &) = delete;

   VkPipelineRasterizationStateCreateInfo info{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
   VkPipelineRasterizationProvokingVertexStateCreateInfoEXT provoking{
      VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_PROVOKING_VERTEX_STATE_CREATE_INFO_EXT};
   VkPipelineRasterizationLineStateCreateInfoEXT line{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_LINE_STATE_CREATE_INFO_EXT};
   VkPipelineViewportDepthClipControlCreateInfoEXT clip_control{
      VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_DEPTH_CLIP_CONTROL_CREATE_INFO_EXT};
   const void *viewport_next = nullptr;
};
void zink_fill_rasterization_info(const zink_rasterizer_hw &hw, zink_rasterization_info *out);

// Names for output: "provoking_vertex", ... (the bit after ZINK_RAST_EMU_, lower case), and a
// sentence for each unsupported bit. Empty for an unknown bit.
const char *zink_raster_emulation_name(uint32_t bit);
const char *zink_raster_unsupported_reason(uint32_t bit);

}  // namespace clampler
