#version 450
#extension GL_ARB_sparse_texture_clamp : require
// Cube-map lookups the shader filter takes apart: a bias, gradients, a LOD clamp, textureQueryLod, a cube array with gradients.
layout(set = 0, binding = 0) uniform samplerCube s0;
layout(set = 0, binding = 1) uniform samplerCubeArray s1;
layout(location = 0) in vec4 p;
layout(location = 0) out vec4 color;
void main() {
   vec4 c = texture(s0, p.xyz, 0.5) + textureGrad(s0, p.xyz, vec3(0.1, 0.0, 0.02), vec3(0.0, 0.2, 0.01)) +
            textureClampARB(s0, p.xyz, 1.5) + textureGrad(s1, p, p.xyz * 0.1, p.zyx * 0.2);
   color = c + vec4(textureQueryLod(s0, p.xyz), textureQueryLod(s1, p.xyz));
}
