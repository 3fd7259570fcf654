// query_fetch.comp: the queries of the textures read only with texelFetch — multisample (OpImageQuerySize, OpImageQuerySamples) and buffer (OpImageQuerySize).
//
// Compiled once per (sampler type x target) by shaders/meson.build with SAMPLER_T (sampler2DMS,
// usampler2DMSArray, isamplerBuffer, ...), SIZE_T and MS for the multisample targets. Binding 0 is
// the texture (a combined image sampler, or a uniform texel buffer), binding 1 the results:
//   results[0] = ivec4(textureSamples(tex), 0, 0, 0) (0 for buffers)
//   results[1] = textureSize(tex), padded with zeros
#version 450
#ifdef MS
#extension GL_ARB_shader_texture_image_samples : require
#endif

layout(local_size_x = 1) in;

layout(set = 0, binding = 0) uniform SAMPLER_T tex;
layout(std430, set = 0, binding = 1) writeonly buffer results_buf { ivec4 results[]; };

ivec4 pad(int s) { return ivec4(s, 0, 0, 0); }
ivec4 pad(ivec2 s) { return ivec4(s, 0, 0); }
ivec4 pad(ivec3 s) { return ivec4(s, 0); }

void main() {
#ifdef MS
   results[0] = ivec4(textureSamples(tex), 0, 0, 0);
#else
   results[0] = ivec4(0);
#endif
   results[1] = pad(textureSize(tex));
}
