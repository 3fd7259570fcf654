#version 450
// textureGrad: explicit gradients.
layout(set = 0, binding = 0) uniform sampler2D s0;
layout(location = 0) in vec2 uv;
layout(location = 1) in vec4 d;
layout(location = 0) out vec4 color;
void main() { color = textureGrad(s0, uv, d.xy, d.zw); }
