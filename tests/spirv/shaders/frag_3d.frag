#version 450
// 3D lookups: s, t and r.
layout(set = 0, binding = 0) uniform sampler3D s0;
layout(location = 0) in vec3 p;
layout(location = 0) out vec4 color;
void main() { color = texture(s0, p) + textureGrad(s0, p, dFdx(p), dFdy(p)); }
