// Location 2 split by Component into two inputs.
#version 450
layout(location = 2, component = 0) in vec2 a;
layout(location = 2, component = 2) in vec2 b;
layout(location = 0) out vec4 o;
void main() {
   o = vec4(a, b);
}
