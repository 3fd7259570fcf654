#version 450
// Shadow lookups: a vec4 built from the result (legacy shadow2D) and a scalar use.
layout(set = 0, binding = 0) uniform sampler2DShadow s0;
layout(location = 0) in vec3 p;
layout(location = 0) out vec4 color;
layout(location = 1) out float depth;
void main() { color = vec4(texture(s0, p)); depth = texture(s0, p + 0.25) * 0.5; }
