#version 450
// Separate image and sampler objects combined with sampler2D(t, s).
layout(set = 0, binding = 0) uniform texture2D t0;
layout(set = 0, binding = 1) uniform sampler smp;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() { color = texture(sampler2D(t0, smp), uv); }
