// A texture coordinate read whole and by component, and gl_PointCoord read by the shader itself:
// sprite coordinate replacement and the lower-left origin must redirect every one of those reads.
#version 450
layout(location = 2) in vec4 v_tc;
layout(location = 0) out vec4 o;
void main() {
   o = vec4(v_tc.xy, gl_PointCoord) + vec4(v_tc.w);
}
