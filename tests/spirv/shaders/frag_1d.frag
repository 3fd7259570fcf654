#version 450
// 1D lookups: scalar coordinates, projective vec2, a scalar offset.
layout(set = 0, binding = 0) uniform sampler1D s0;
layout(location = 0) in vec2 p;
layout(location = 0) out vec4 color;
void main() { color = texture(s0, p.x) + textureProj(s0, p) + textureLod(s0, p.x, 1.0) + textureOffset(s0, p.x, -1); }
