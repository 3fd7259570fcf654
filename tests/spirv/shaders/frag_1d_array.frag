#version 450
// 1D array: only s is a coordinate, t is the layer.
layout(set = 0, binding = 0) uniform sampler1DArray s0;
layout(location = 0) in vec2 p;
layout(location = 0) out vec4 color;
void main() { color = texture(s0, p) + textureLod(s0, p, 0.0); }
