// zink_create_rasterizer: rules Z1-Z11 (docs/zink.md, "Rasterizer state"), pipe_rasterizer_state to Vulkan on one device.
#include "clampler/zink/zink_rasterizer.h"

#include "clampler/zink/zink_depth_bias.h"

#include <algorithm>
#include <cmath>

namespace clampler {

namespace {

VkPolygonMode vk_polygon_mode(pipe_polygon_mode m) {
   return m == PIPE_POLYGON_MODE_LINE ? VK_POLYGON_MODE_LINE
          : m == PIPE_POLYGON_MODE_POINT ? VK_POLYGON_MODE_POINT
                                        : VK_POLYGON_MODE_FILL;
}

// Z5: the line rasterization GL asks for (rectangles when multisampled, whatever GL_LINE_SMOOTH
// says, GL 4.6 §14.5.4; smooth; otherwise aliased, which is Bresenham's diamond-exit rule), as
// far as the device offers it.
void choose_line_mode(const zink_device_caps &dev, const pipe_rasterizer_state &s, zink_rasterizer_state *r) {
   zink_rasterizer_hw &hw = r->hw;
   bool stipple_ok = false;
   const bool smooth = s.line_smooth && !s.multisample;
   if (smooth && !dev.smooth_lines)
      r->emulate |= ZINK_RAST_EMU_LINE_SMOOTH;
   if (dev.line_rasterization) {
      hw.chain_line = true;
      if (smooth && dev.smooth_lines) {
         hw.line_mode = VK_LINE_RASTERIZATION_MODE_RECTANGULAR_SMOOTH_EXT;
         stipple_ok = dev.stippled_smooth_lines;
      } else if ((s.multisample || smooth) && dev.rectangular_lines) {
         hw.line_mode = VK_LINE_RASTERIZATION_MODE_RECTANGULAR_EXT;
         stipple_ok = dev.stippled_rectangular_lines;
      } else if (!s.multisample && !smooth && dev.bresenham_lines) {
         hw.line_mode = VK_LINE_RASTERIZATION_MODE_BRESENHAM_EXT;
         stipple_ok = dev.stippled_bresenham_lines;
      } else {
         // DEFAULT stipples only as rectangular lines on a strictLines device.
         hw.line_mode = VK_LINE_RASTERIZATION_MODE_DEFAULT_EXT;
         stipple_ok = dev.stippled_rectangular_lines && dev.strict_lines;
      }
   }
   if (!s.line_stipple_enable)
      return;
   if (stipple_ok) {
      hw.stippled_line_enable = true;
      hw.line_stipple_factor = s.line_stipple_factor + 1u;
      hw.line_stipple_pattern = s.line_stipple_pattern;
   } else {
      r->emulate |= ZINK_RAST_EMU_LINE_STIPPLE;
   }
}

}  // namespace

zink_rasterizer_state zink_create_rasterizer(const zink_device_caps &dev, const pipe_rasterizer_state &s) {
   zink_rasterizer_state r;
   r.base = s;
   zink_rasterizer_hw &hw = r.hw;

   // Z1 facing, culling, discard: the same bits and sense in Gallium and Vulkan (both y-down).
   hw.cull_mode = static_cast<VkCullModeFlags>(s.cull_face & PIPE_FACE_FRONT_AND_BACK);
   hw.front_face = s.front_ccw ? VK_FRONT_FACE_COUNTER_CLOCKWISE : VK_FRONT_FACE_CLOCKWISE;
   hw.rasterizer_discard_enable = s.rasterizer_discard;

   // Z2 provoking vertex: Vulkan's default is the first vertex; the last needs the extension.
   if (!s.flatshade_first) {
      if (dev.provoking_vertex_last) {
         hw.chain_provoking_vertex = true;
         hw.provoking_vertex_mode = VK_PROVOKING_VERTEX_MODE_LAST_VERTEX_EXT;
      } else {
         r.emulate |= ZINK_RAST_EMU_PROVOKING_VERTEX;
      }
   }

   // Z3 fill modes: one Vulkan mode for both faces; different modes, or a non-solid mode
   // without fillModeNonSolid, are drawn by the geometry stage over a FILL pipeline.
   const VkPolygonMode front = vk_polygon_mode(s.fill_front), back = vk_polygon_mode(s.fill_back);
   if (front != back || (front != VK_POLYGON_MODE_FILL && !dev.fill_mode_non_solid))
      r.emulate |= ZINK_RAST_EMU_FILL_MODE;
   else
      hw.polygon_mode = front;

   // Z4 polygon offset (zink_depth_bias.h): enabled for the mode drawn; the fill emulation
   // offsets its own lines and points.
   if (!(r.emulate & ZINK_RAST_EMU_FILL_MODE)) {
      const pipe_polygon_mode drawn = hw.polygon_mode == VK_POLYGON_MODE_LINE    ? PIPE_POLYGON_MODE_LINE
                                      : hw.polygon_mode == VK_POLYGON_MODE_POINT ? PIPE_POLYGON_MODE_POINT
                                                                                 : PIPE_POLYGON_MODE_FILL;
      const zink_depth_bias b = zink_depth_bias_for(s, drawn, dev.depth_bias_clamp);
      hw.depth_bias_enable = b.enable;
      hw.depth_bias_constant = b.constant;
      hw.depth_bias_slope = b.slope;
      hw.depth_bias_clamp = b.clamp;
      if (b.clamp_dropped)
         r.unsupported |= ZINK_RAST_NO_DEPTH_BIAS_CLAMP;
   } else {
      // Drawn by face (zink_rasterizer_face_pass): each face's mode takes its own bias.
      for (pipe_polygon_mode drawn : {s.fill_front, s.fill_back})
         if (zink_depth_bias_for(s, drawn, dev.depth_bias_clamp).clamp_dropped)
            r.unsupported |= ZINK_RAST_NO_DEPTH_BIAS_CLAMP;
   }

   // Z5 line rasterization mode and stipple.
   choose_line_mode(dev, s, &r);

   // Z6 line width: aliased single-sampled lines take the width rounded to an integer, never
   // 0 (GL 4.6 §14.5.2.1); wider than the device draws: emulated.
   float width = std::max(s.line_width, 1.0f);
   if (!s.line_smooth && !s.multisample)
      width = std::max(1.0f, std::round(width));
   if (width > 1.0f && (!dev.wide_lines || width > dev.line_width_range[1]))
      r.emulate |= ZINK_RAST_EMU_WIDE_LINES;
   else
      hw.line_width = width;
   if (s.line_last_pixel)
      r.unsupported |= ZINK_RAST_LINE_LAST_PIXEL;

   // Z7, Z8: no polygon stipple and no back colours in Vulkan.
   if (s.poly_stipple_enable)
      r.emulate |= ZINK_RAST_EMU_POLYGON_STIPPLE;
   if (s.light_twoside)
      r.emulate |= ZINK_RAST_EMU_TWO_SIDE_COLOR;
   if (s.poly_smooth)
      r.unsupported |= ZINK_RAST_POLYGON_SMOOTH;

   // Z9 sprites: Vulkan's PointCoord is upper-left; COORD_REPLACE is the shader's.
   if (s.point_quad_rasterization) {
      if (s.sprite_coord_mode == PIPE_SPRITE_COORD_LOWER_LEFT)
         r.emulate |= ZINK_RAST_EMU_SPRITE_ORIGIN;
      if (s.sprite_coord_enable)
         r.emulate |= ZINK_RAST_EMU_SPRITE_COORD_REPLACE;
   }

   // Z10 points: the state's size written by the last vertex stage (aliased non-sprite points
   // rounded to an integer, GL 4.6 compatibility §14.4.1); larger than the device draws, or
   // per-vertex sizes without largePoints: emulated; smooth non-sprite points: emulated (Z14, polygons on
   // their circles).
   if (!s.point_size_per_vertex) {
      r.emulate |= ZINK_RAST_EMU_POINT_SIZE;
      float size = std::max(s.point_size, 1.0f);
      if (!s.point_quad_rasterization && !s.point_smooth)
         size = std::max(1.0f, std::round(size));
      if (size > dev.point_size_range[1])
         r.emulate |= ZINK_RAST_EMU_LARGE_POINTS;
      r.point_size = std::clamp(size, dev.point_size_range[0], dev.point_size_range[1]);
   } else if (!dev.large_points) {
      r.emulate |= ZINK_RAST_EMU_LARGE_POINTS;
   }
   if (s.point_smooth && !s.point_quad_rasterization && !s.multisample)  // §14.4.3: not when multisampled
      r.emulate |= ZINK_RAST_EMU_POINT_SMOOTH;

   // Z11 depth: clipping off is depthClamp (which also clamps, as GL_DEPTH_CLAMP does); GL's
   // [-w, w] clip z by VK_EXT_depth_clip_control or the last vertex stage.
   if (s.depth_clip_near != s.depth_clip_far)
      r.unsupported |= ZINK_RAST_SPLIT_DEPTH_CLIP;
   if (!s.depth_clip_near) {
      if (dev.depth_clamp)
         hw.depth_clamp_enable = true;
      else
         r.unsupported |= ZINK_RAST_NO_DEPTH_CLIP_OFF;
   }
   if (!s.clip_halfz) {
      if (dev.depth_clip_control) {
         hw.chain_depth_clip_control = true;
         hw.negative_one_to_one = true;
      } else {
         r.emulate |= ZINK_RAST_EMU_CLIP_MINUS_ONE_TO_ONE;
      }
   }
   if (!s.half_pixel_center)
      r.unsupported |= ZINK_RAST_INTEGER_PIXEL_CENTER;
   return r;
}

bool zink_rasterizer_face_pass(const zink_device_caps &dev, const zink_rasterizer_state &r, unsigned face,
                               zink_rasterizer_hw *out) {
   if (face != PIPE_FACE_FRONT && face != PIPE_FACE_BACK)
      return false;
   const pipe_polygon_mode mode = face == PIPE_FACE_FRONT ? r.base.fill_front : r.base.fill_back;
   const VkPolygonMode vk = vk_polygon_mode(mode);
   const bool culled = (r.hw.cull_mode & (face == PIPE_FACE_FRONT ? VK_CULL_MODE_FRONT_BIT : VK_CULL_MODE_BACK_BIT)) != 0;
   if (vk != VK_POLYGON_MODE_FILL && !dev.fill_mode_non_solid && !culled)
      return false;
   zink_rasterizer_hw hw = r.hw;
   hw.polygon_mode = culled ? VK_POLYGON_MODE_FILL : vk;  // a culled face draws nothing in any mode
   hw.cull_mode |= face == PIPE_FACE_FRONT ? VK_CULL_MODE_BACK_BIT : VK_CULL_MODE_FRONT_BIT;
   const zink_depth_bias b = zink_depth_bias_for(r.base, mode, dev.depth_bias_clamp);
   hw.depth_bias_enable = b.enable;
   hw.depth_bias_constant = b.constant;
   hw.depth_bias_slope = b.slope;
   hw.depth_bias_clamp = b.clamp;
   *out = hw;
   return true;
}

void zink_fill_rasterization_info(const zink_rasterizer_hw &hw, zink_rasterization_info *out) {
   VkPipelineRasterizationStateCreateInfo &i = out->info;
   i.pNext = nullptr;
   i.depthClampEnable = hw.depth_clamp_enable;
   i.rasterizerDiscardEnable = hw.rasterizer_discard_enable;
   i.polygonMode = hw.polygon_mode;
   i.cullMode = hw.cull_mode;
   i.frontFace = hw.front_face;
   i.depthBiasEnable = hw.depth_bias_enable;
   i.depthBiasConstantFactor = hw.depth_bias_constant;
   i.depthBiasClamp = hw.depth_bias_clamp;
   i.depthBiasSlopeFactor = hw.depth_bias_slope;
   i.lineWidth = hw.line_width;
   const void **tail = &i.pNext;
   if (hw.chain_provoking_vertex) {
      out->provoking.pNext = nullptr;
      out->provoking.provokingVertexMode = hw.provoking_vertex_mode;
      *tail = &out->provoking;
      tail = &out->provoking.pNext;
   }
   if (hw.chain_line) {
      out->line.pNext = nullptr;
      out->line.lineRasterizationMode = hw.line_mode;
      out->line.stippledLineEnable = hw.stippled_line_enable;
      out->line.lineStippleFactor = hw.line_stipple_factor;
      out->line.lineStipplePattern = hw.line_stipple_pattern;
      *tail = &out->line;
   }
   out->viewport_next = nullptr;
   if (hw.chain_depth_clip_control) {
      out->clip_control.pNext = nullptr;
      out->clip_control.negativeOneToOne = hw.negative_one_to_one;
      out->viewport_next = &out->clip_control;
   }
}

const char *zink_raster_emulation_name(uint32_t bit) {
   switch (bit) {
   case ZINK_RAST_EMU_PROVOKING_VERTEX: return "provoking_vertex";
   case ZINK_RAST_EMU_FILL_MODE: return "fill_mode";
   case ZINK_RAST_EMU_LINE_STIPPLE: return "line_stipple";
   case ZINK_RAST_EMU_WIDE_LINES: return "wide_lines";
   case ZINK_RAST_EMU_LINE_SMOOTH: return "line_smooth";
   case ZINK_RAST_EMU_POLYGON_STIPPLE: return "polygon_stipple";
   case ZINK_RAST_EMU_TWO_SIDE_COLOR: return "two_side_color";
   case ZINK_RAST_EMU_SPRITE_ORIGIN: return "sprite_origin";
   case ZINK_RAST_EMU_SPRITE_COORD_REPLACE: return "sprite_coord_replace";
   case ZINK_RAST_EMU_POINT_SIZE: return "point_size";
   case ZINK_RAST_EMU_LARGE_POINTS: return "large_points";
   case ZINK_RAST_EMU_POINT_SMOOTH: return "point_smooth";
   case ZINK_RAST_EMU_CLIP_MINUS_ONE_TO_ONE: return "clip_minus_one_to_one";
   default: return "";
   }
}

const char *zink_raster_unsupported_reason(uint32_t bit) {
   switch (bit) {
   case ZINK_RAST_NO_DEPTH_CLIP_OFF:
      return "depth clipping cannot be turned off without the depthClamp feature: primitives are clipped";
   case ZINK_RAST_SPLIT_DEPTH_CLIP:
      return "Vulkan clips near and far together: both follow depth_clip_near";
   case ZINK_RAST_NO_DEPTH_BIAS_CLAMP:
      return "the polygon offset clamp needs the depthBiasClamp feature: the offset is not clamped";
   case ZINK_RAST_POLYGON_SMOOTH:
      return "Vulkan has no polygon smoothing: polygons are drawn aliased";
   case ZINK_RAST_INTEGER_PIXEL_CENTER:
      return "Vulkan's pixel centres are at (0.5, 0.5): integer centres are not drawn";
   case ZINK_RAST_LINE_LAST_PIXEL:
      return "Vulkan lines never draw their last pixel";
   default: return "";
   }
}

}  // namespace clampler
