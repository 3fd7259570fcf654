// The colour input read in a helper function, outside the entry function: two-sided colour
// cannot redirect that read and must say so.
#version 450
layout(location = 0) in vec4 v_color;
layout(location = 0) out vec4 o;
vec4 shade() { return v_color * 0.5; }
void main() {
   o = shade();
}
