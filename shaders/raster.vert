// raster.vert: device rasterization's vertex stage (src/sample/sample_raster.cpp). Positions are
// clip coordinates; the colour goes to the fragment stage smooth, or flat with -DFLAT (texture
// coordinate set 0 at location 2, always smooth), and with
// -DTWO_SIDE the back colour too, at location 1, for the fragment stage's two-sided colour
// (ZINK_RAST_EMU_TWO_SIDE_COLOR, spirv_lower_raster_fs selects it by facing). It also
// does the rasterizer emulations of the last vertex stage that device rasterization supports:
// the state's point size (ZINK_RAST_EMU_POINT_SIZE) and GL's [-w, w] clip z
// (ZINK_RAST_EMU_CLIP_MINUS_ONE_TO_ONE), and with -DSTIPPLE it passes each segment's line
// stipple input on (ZINK_RAST_EMU_LINE_STIPPLE), with -DCOVERAGE a smooth line's segment (rule
// Z5's coverage); it clamps both colours to [0, 1] on request (st_raster_key::clamp_vertex_color,
// GL's vertex colour clamping).
#version 450

layout(location = 0) in vec4 a_position;
layout(location = 1) in vec4 a_color;
layout(location = 2) in float a_point_size;
layout(location = 4) in vec4 a_texcoord;
layout(location = 2) out vec4 v_texcoord;  // texture coordinate set 0, always smooth
#ifdef STIPPLE
// The segment's line stipple input (zink_stipple_segment) for spirv_lower_raster_fs's stipple.
layout(location = 5) in ivec4 a_stipple;
layout(location = 5) flat out ivec4 v_stipple;
#endif
#ifdef TWO_SIDE
layout(location = 3) in vec4 a_back_color;
#endif
#ifdef COVERAGE
// A smooth line's segment, its ends in framebuffer coordinates, for the fragment stage's coverage
// (ZINK_RAST_EMU_LINE_SMOOTH drawn as rectangles).
layout(location = 6) in vec4 a_segment;
layout(location = 6) flat out vec4 v_segment;
#endif

#ifdef FLAT
layout(location = 0) flat out vec4 v_color;
#ifdef TWO_SIDE
layout(location = 1) flat out vec4 v_back_color;
#endif
#else
layout(location = 0) out vec4 v_color;
#ifdef TWO_SIDE
layout(location = 1) out vec4 v_back_color;
#endif
#endif

layout(push_constant) uniform raster_constants {
   float point_size;    // > 0: every point this size; 0: the per-vertex size
   uint minus_one_to_one;
   uint clamp_color;
} pc;

void main() {
   vec4 p = a_position;
   if (pc.minus_one_to_one != 0u)
      p.z = (p.z + p.w) * 0.5;
   gl_Position = p;
   gl_PointSize = pc.point_size > 0.0 ? pc.point_size : a_point_size;
   v_color = pc.clamp_color != 0u ? clamp(a_color, 0.0, 1.0) : a_color;
   v_texcoord = a_texcoord;
#ifdef STIPPLE
   v_stipple = a_stipple;
#endif
#ifdef COVERAGE
   v_segment = a_segment;
#endif
#ifdef TWO_SIDE
   v_back_color = pc.clamp_color != 0u ? clamp(a_back_color, 0.0, 1.0) : a_back_color;
#endif
}
