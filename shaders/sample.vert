// sample.vert: the fragment path's full-screen triangle (no vertex input); the fragment
// shader derives each pixel's coordinate from gl_FragCoord.
#version 450

void main() {
   // (-1, -1), (3, -1), (-1, 3): one triangle covering the whole viewport.
   const vec2 p = vec2(float((gl_VertexIndex & 1) * 4 - 1), float((gl_VertexIndex & 2) * 2 - 1));
   gl_Position = vec4(p, 0.0, 1.0);
}
