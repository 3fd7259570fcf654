// query_lod.frag: textureQueryLod on the fragment path of device sampling; pixel (x, y) queries
// origin + x * dx + y * dy, so the implicit derivatives are dx and dy (as shaders/sample.frag).
//
// Compiled once per (sampler type x target) by shaders/meson.build with SAMPLER_T and one DIM_*.
// Output 0 is (textureQueryLod(tex, P), 0, 0), output 1 the coordinate used (read back).
#version 450

layout(set = 0, binding = 0) uniform SAMPLER_T tex;
layout(push_constant) uniform grid_pc {
   vec4 origin;
   vec4 dx;
   vec4 dy;
   float dref;
} grid;
layout(location = 0) out vec4 result;
layout(location = 1) out vec4 coord_out;

void main() {
   const vec2 pixel = gl_FragCoord.xy - vec2(0.5);
   const vec4 c = grid.origin + pixel.x * grid.dx + pixel.y * grid.dy;
   coord_out = c;
#if defined(DIM_1D) || defined(DIM_1D_ARRAY)
   result = vec4(textureQueryLod(tex, c.x), 0.0, 0.0);
#elif defined(DIM_2D) || defined(DIM_2D_ARRAY)
   result = vec4(textureQueryLod(tex, c.xy), 0.0, 0.0);
#else
   result = vec4(textureQueryLod(tex, c.xyz), 0.0, 0.0);
#endif
}
