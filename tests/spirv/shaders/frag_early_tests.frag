// A fragment shader that asks for early fragment tests: the stipple lowering must refuse it.
#version 450
layout(early_fragment_tests) in;
layout(location = 0) out vec4 o;
void main() { o = vec4(1.0); }
