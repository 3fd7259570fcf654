#version 450
// Texel fetches and queries are never touched.
layout(set = 0, binding = 0) uniform sampler2D s0;
layout(location = 0) flat in ivec2 ip;
layout(location = 1) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
   color = texelFetch(s0, ip, 0) + vec4(textureSize(s0, 0), textureQueryLevels(s0), 0) + vec4(textureQueryLod(s0, uv), 0, 0);
}
