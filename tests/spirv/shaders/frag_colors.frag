// Two colour inputs read whole and by component, a local, gl_FrontFacing read by the shader
// itself: two-sided colour must redirect every read and reuse the shader's FrontFacing.
#version 450
layout(location = 0) in vec4 v_color;
layout(location = 2) flat in ivec2 v_ids;
layout(location = 0) out vec4 o;
void main() {
   vec4 c = v_color;
   float r = v_color.x;
   o = gl_FrontFacing ? c + vec4(r) : c * float(v_ids.y);
}
