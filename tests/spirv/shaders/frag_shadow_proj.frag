#version 450
// Projective shadow lookups: the reference is divided by q too.
layout(set = 0, binding = 0) uniform sampler2DShadow s0;
layout(location = 0) in vec4 p;
layout(location = 0) out vec4 color;
void main() { color = vec4(textureProj(s0, p)) + vec4(textureProjLod(s0, p, 0.0)); }
