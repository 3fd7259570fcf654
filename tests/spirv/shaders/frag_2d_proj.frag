#version 450
// textureProj with vec3 and vec4 coordinates, implicit and explicit LOD.
layout(set = 0, binding = 0) uniform sampler2D s0;
layout(location = 0) in vec4 p;
layout(location = 0) out vec4 color;
void main() { color = textureProj(s0, p.xyz) + textureProj(s0, p) + textureProjLod(s0, p.xyz, 0.5); }
