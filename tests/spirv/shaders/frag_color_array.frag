// A colour beside an input array that takes locations 2 and 3: two-sided colour must not put
// the back colour inside the array's locations.
#version 450
layout(location = 0) in vec4 v_color;
layout(location = 2) in vec4 v_pair[2];
layout(location = 0) out vec4 o;
void main() {
   o = v_color + v_pair[0] * v_pair[1];
}
