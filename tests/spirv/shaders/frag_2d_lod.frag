#version 450
// textureLod: explicit LOD.
layout(set = 0, binding = 0) uniform sampler2D s0;
layout(location = 0) in vec2 uv;
layout(location = 1) in float lod;
layout(location = 0) out vec4 color;
void main() { color = textureLod(s0, uv, lod); }
