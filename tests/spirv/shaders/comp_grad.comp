#version 450
// Compute: gradients and offsets.
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) uniform sampler2D s0;
layout(set = 0, binding = 1) buffer Out { vec4 results[]; };
layout(set = 0, binding = 2) readonly buffer In { vec4 coords[]; };
void main() {
   uint i = gl_GlobalInvocationID.x;
   results[i] = textureGrad(s0, coords[i].xy, coords[i].zw, coords[i].wz)
              + textureGradOffset(s0, coords[i].xy, vec2(0.01), vec2(0.0), ivec2(1, -1));
}
