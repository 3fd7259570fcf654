#version 450
// Compute: the device-sampling convention results[i] = vec4(d) for shadow lookups.
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) uniform sampler2DShadow s0;
layout(set = 0, binding = 1) buffer Out { vec4 results[]; };
layout(set = 0, binding = 2) readonly buffer In { vec4 coords[]; };
void main() {
   uint i = gl_GlobalInvocationID.x;
   float d = textureGrad(s0, coords[i].xyz, vec2(coords[i].w, 0.0), vec2(0.0, coords[i].w));
   results[i] = vec4(d);
}
