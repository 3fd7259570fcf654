// raster.frag: device rasterization's fragment stage, the interpolated (or with -DFLAT the
// provoking vertex's) colour written as is.
#version 450

#ifdef FLAT
layout(location = 0) flat in vec4 v_color;
#else
layout(location = 0) in vec4 v_color;
#endif
layout(location = 0) out vec4 o_color;

void main() {
   o_color = v_color;
}
