#version 450
// Cube-map shadow lookups: the coordinates are never lowered, the result swizzle is.
layout(set = 0, binding = 0) uniform samplerCubeShadow s0;
layout(set = 0, binding = 1) uniform samplerCubeArrayShadow s1;
layout(location = 0) in vec4 p;
layout(location = 0) out vec4 color;
layout(location = 1) out vec4 layered;
void main() { color = vec4(texture(s0, p)); layered = vec4(texture(s1, p, 0.5)); }
