#version 450
// texture() with implicit LOD on a 2D sampler.
layout(set = 0, binding = 0) uniform sampler2D s0;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() { color = texture(s0, uv); }
