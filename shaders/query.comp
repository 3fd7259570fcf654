// query.comp: the texture queries of device sampling (OpImageQueryLevels, OpImageQuerySizeLod) through the view of a request.
//
// Compiled once per (sampler type x target) by shaders/meson.build with:
//   SAMPLER_T  the GLSL sampler type (sampler2D, usampler2DArray, ...)
//   SIZE_T     textureSize's result type for the target (int, ivec2, ivec3)
// Uses the compute path's descriptor set (binding 0 the texture, binding 2 the results) and push
// constants (count = the levels to ask textureSize for). One invocation stores:
//   results[0]      = ivec4(textureQueryLevels(tex), 0, 0, 0)
//   results[1 + l]  = textureSize(tex, l), padded with zeros, for l in [0, count)
#version 450

layout(local_size_x_id = 0) in;

layout(set = 0, binding = 0) uniform SAMPLER_T tex;
layout(std430, set = 0, binding = 2) writeonly buffer results_buf { ivec4 results[]; };
layout(push_constant) uniform range_pc {
   uint first;
   uint count;
   uint isolated;
} range;

ivec4 pad(int s) { return ivec4(s, 0, 0, 0); }
ivec4 pad(ivec2 s) { return ivec4(s, 0, 0); }
ivec4 pad(ivec3 s) { return ivec4(s, 0); }

void main() {
   if (gl_GlobalInvocationID.x != 0)
      return;
   results[0] = ivec4(textureQueryLevels(tex), 0, 0, 0);
   for (uint l = 0; l < range.count; ++l)
      results[1 + l] = pad(textureSize(tex, int(l)));
}
