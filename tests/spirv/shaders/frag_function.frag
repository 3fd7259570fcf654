#version 450
// A sampler passed to a function.
layout(set = 0, binding = 0) uniform sampler2D s0;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
vec4 look(sampler2D s, vec2 p) { return texture(s, p); }
void main() { color = look(s0, uv); }
