#version 450
// texture() with a bias operand.
layout(set = 0, binding = 0) uniform sampler2D s0;
layout(location = 0) in vec2 uv;
layout(location = 1) in float bias;
layout(location = 0) out vec4 color;
void main() { color = texture(s0, uv, bias) + texture(s0, uv, 1.5); }
