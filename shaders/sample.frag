// sample.frag: the fragment path of device sampling; pixel (x, y) samples
// origin + x * dx + y * dy with texture(), so the implicit derivatives are dx and dy.
//
// Compiled once per sampler type by shaders/meson.build with SAMPLER_T, RESULT_T, one DIM_*
// and SHADOW as sample.comp. Output 0 is the lookup's result, output 1 the coordinate the
// lookup used (read back for the reference). Shadow results are vec4(d): the lowering pass
// replaces that vector by the key's shadow swizzle.
#version 450

layout(set = 0, binding = 0) uniform SAMPLER_T tex;
layout(push_constant) uniform grid_pc {
   vec4 origin;
   vec4 dx;
   vec4 dy;
   float dref;
} grid;
layout(location = 0) out RESULT_T result;
layout(location = 1) out vec4 coord_out;

void main() {
   // Pixel centres are at integer + 0.5: this is the pixel's integer index, exactly.
   const vec2 pixel = gl_FragCoord.xy - vec2(0.5);
   const vec4 c = grid.origin + pixel.x * grid.dx + pixel.y * grid.dy;
   coord_out = c;
#if defined(SHADOW)
#if defined(DIM_1D)
   const float d = texture(tex, vec3(c.x, 0.0, grid.dref));
#elif defined(DIM_1D_ARRAY) || defined(DIM_2D)
   const float d = texture(tex, vec3(c.xy, grid.dref));
#elif defined(DIM_2D_ARRAY) || defined(DIM_CUBE)
   const float d = texture(tex, vec4(c.xyz, grid.dref));
#elif defined(DIM_CUBE_ARRAY)
   const float d = texture(tex, c, grid.dref);
#endif
   result = vec4(d);
#else
#if defined(DIM_1D)
   result = texture(tex, c.x);
#elif defined(DIM_1D_ARRAY) || defined(DIM_2D)
   result = texture(tex, c.xy);
#elif defined(DIM_2D_ARRAY) || defined(DIM_3D) || defined(DIM_CUBE)
   result = texture(tex, c.xyz);
#else
   result = texture(tex, c);
#endif
#endif
}
