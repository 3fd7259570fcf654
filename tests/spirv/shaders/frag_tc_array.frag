// Texture coordinates in an array whose element 1 sits at location 2: not one whole input there.
#version 450
layout(location = 1) in vec4 tc[4];
layout(location = 0) out vec4 o;
void main() {
   o = tc[1] + tc[3];
}
