#version 450
// Lookups inside branches and loops.
layout(set = 0, binding = 0) uniform sampler2D s0;
layout(location = 0) in vec2 uv;
layout(location = 1) flat in int n;
layout(location = 0) out vec4 color;
void main() {
   vec4 c = vec4(0);
   for (int i = 0; i < n; ++i)
      c += textureLod(s0, uv * float(i), float(i));
   if (uv.x > 0.5)
      c += texture(s0, uv);
   color = c;
}
