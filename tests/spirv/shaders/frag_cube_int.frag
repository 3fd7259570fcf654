#version 450
// Integer cube maps and cube-map arrays (signed and unsigned results): the cube filter's one NEAREST tap and its integer border.
layout(set = 0, binding = 0) uniform isamplerCube s0;
layout(set = 0, binding = 1) uniform usamplerCubeArray s1;
layout(location = 0) in vec4 p;
layout(location = 0) out vec4 color;
void main() { color = vec4(textureLod(s0, p.xyz, 1.0)) + vec4(texture(s1, p)); }
