#version 450
// Constant offsets with implicit LOD, explicit LOD and gradients.
layout(set = 0, binding = 0) uniform sampler2D s0;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
   color = textureOffset(s0, uv, ivec2(1, -2)) + textureLodOffset(s0, uv, 0.0, ivec2(-1, 0))
         + textureGradOffset(s0, uv, dFdx(uv), dFdy(uv), ivec2(2, 2));
}
