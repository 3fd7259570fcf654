#version 450
// Compute: samplers in set 1 at scattered bindings, a shadow lookup and a fetch.
layout(local_size_x = 8) in;
layout(set = 1, binding = 3) uniform sampler1D s0;
layout(set = 1, binding = 5) uniform sampler3D s1;
layout(set = 1, binding = 7) uniform sampler2DShadow s2;
layout(set = 0, binding = 0) buffer Out { vec4 results[]; };
layout(set = 0, binding = 1) readonly buffer In { vec4 coords[]; };
void main() {
   uint i = gl_GlobalInvocationID.x;
   vec4 c = coords[i];
   results[i] = textureLod(s0, c.x, 0.0) + textureLod(s1, c.xyz, c.w) + vec4(textureLod(s2, c.xyz, 0.0))
              + texelFetch(s1, ivec3(c.xyz), 0);
}
