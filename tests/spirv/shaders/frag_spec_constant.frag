// A fragment shader with its own specialization constant at SpecId 1030: the stipple's rows as
// specialization constants from SpecId 1024 must not take it.
#version 450
layout(constant_id = 1030) const int k = 3;
layout(location = 0) out vec4 o;
void main() { o = vec4(float(k)); }
