// A 64-bit texture coordinate: the sprite's 32-bit (s, t, 0, 1) cannot replace it.
#version 450
layout(location = 2) flat in dvec2 tc;
layout(location = 0) out vec4 o;
void main() {
   o = vec4(vec2(tc), 0.0, 1.0);
}
