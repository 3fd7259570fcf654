// raster.frag: device rasterization's fragment stage, the interpolated (or with -DFLAT the
// provoking vertex's) colour written as is, or with the specialisation constant SHOW_TEXCOORD
// texture coordinate set 0 as (s, t, 0, 1) (what point sprites' coordinate replacement changes).
#version 450

#ifdef FLAT
layout(location = 0) flat in vec4 v_color;
#else
layout(location = 0) in vec4 v_color;
#endif
layout(location = 2) in vec4 v_texcoord;
layout(location = 0) out vec4 o_color;

layout(constant_id = 0) const bool SHOW_TEXCOORD = false;

void main() {
   o_color = SHOW_TEXCOORD ? vec4(v_texcoord.xy, 0.0, 1.0) : v_color;
}
