#version 450
// Compute: explicit LOD lookups written to a buffer.
layout(local_size_x = 8) in;
layout(set = 0, binding = 0) uniform sampler2D s0;
layout(set = 0, binding = 1) buffer Out { vec4 results[]; };
layout(set = 0, binding = 2) readonly buffer In { vec4 coords[]; };
void main() {
   uint i = gl_GlobalInvocationID.x;
   results[i] = textureLod(s0, coords[i].xy, coords[i].z);
}
