#version 450
// Rectangle textures: unnormalized coordinates, clamped to [0, size]; offsets in texels.
layout(set = 0, binding = 0) uniform sampler2DRect s0;
layout(location = 0) in vec3 p;
layout(location = 0) out vec4 color;
void main() { color = texture(s0, p.xy) + textureProj(s0, p) + textureOffset(s0, p.xy, ivec2(1, -2)); }
