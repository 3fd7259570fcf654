#version 450
// Shadow arrays and 1D shadow with explicit LOD.
layout(set = 0, binding = 0) uniform sampler2DArrayShadow s0;
layout(set = 0, binding = 1) uniform sampler1DShadow s1;
layout(location = 0) in vec4 p;
layout(location = 0) out vec4 color;
void main() { color = vec4(texture(s0, p)) + vec4(textureLod(s1, p.xyz, 0.0)); }
