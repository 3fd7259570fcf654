#version 450
// Cube maps and cube arrays: their coordinates are never lowered (a cube array's layer is, rule 14).
layout(set = 0, binding = 0) uniform samplerCube s0;
layout(set = 0, binding = 1) uniform samplerCubeArray s1;
layout(location = 0) in vec4 p;
layout(location = 0) out vec4 color;
void main() { color = texture(s0, p.xyz) + texture(s1, p) + textureLod(s0, p.xyz, 1.0); }
