// A fragment shader that reads gl_FragCoord itself and has locals and a loop: the stipple
// lowering must reuse its FragCoord and keep its variables in the (new) first block.
#version 450
layout(location = 0) out vec4 o;
void main() {
   vec4 acc = vec4(0.0);
   for (int i = 0; i < 3; ++i)
      acc += gl_FragCoord * float(i);
   o = acc;
}
