#version 450
// Several samplers that different keys lower independently.
layout(set = 0, binding = 0) uniform sampler2D s0;
layout(set = 0, binding = 1) uniform sampler2D s1;
layout(set = 0, binding = 2) uniform sampler3D s2;
layout(set = 0, binding = 3) uniform sampler2DShadow s3;
layout(location = 0) in vec3 p;
layout(location = 0) out vec4 color;
void main() {
   color = texture(s0, p.xy) + textureLod(s1, p.yx, 0.0) + texture(s2, p) + vec4(texture(s3, p));
}
