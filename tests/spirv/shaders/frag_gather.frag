#version 450
// Gathers are treated like LINEAR lookups.
layout(set = 0, binding = 0) uniform sampler2D s0;
layout(set = 0, binding = 1) uniform sampler2DShadow s1;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
   color = textureGather(s0, uv, 1) + textureGatherOffset(s0, uv, ivec2(1, 0)) + textureGather(s1, uv, 0.5);
}
