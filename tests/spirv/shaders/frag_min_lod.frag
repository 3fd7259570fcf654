#version 450
#extension GL_ARB_sparse_texture_clamp : require
// textureClampARB: a MinLod operand beside the implicit LOD.
layout(set = 0, binding = 0) uniform sampler2D s0;
layout(location = 0) in vec2 uv;
layout(location = 1) in float min_lod;
layout(location = 0) out vec4 color;
void main() { color = textureClampARB(s0, uv, min_lod); }
