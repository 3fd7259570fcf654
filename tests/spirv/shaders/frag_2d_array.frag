#version 450
// 2D array: s and t are coordinates, r is the layer.
layout(set = 0, binding = 0) uniform sampler2DArray s0;
layout(location = 0) in vec3 p;
layout(location = 0) out vec4 color;
void main() { color = texture(s0, p) + textureOffset(s0, p, ivec2(1, 1)); }
