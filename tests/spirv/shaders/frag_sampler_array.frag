#version 450
// An array of samplers: refused when the key lowers its binding.
layout(set = 0, binding = 0) uniform sampler2D s[2];
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() { color = texture(s[0], uv) + texture(s[1], uv); }
