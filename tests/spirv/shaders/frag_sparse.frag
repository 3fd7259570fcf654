#version 450
#extension GL_ARB_sparse_texture2 : require
// A sparse lookup: refused on a lowered sampler index, untouched on others.
layout(set = 0, binding = 0) uniform sampler2D s0;
layout(set = 0, binding = 1) uniform sampler2D s1;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
   vec4 texel;
   int code = sparseTextureLodARB(s0, uv, 0.0, texel);
   color = texel + float(sparseTexelsResidentARB(code)) + textureLod(s1, uv, 0.0);
}
