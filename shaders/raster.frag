// raster.frag: device rasterization's fragment stage, the interpolated (or with -DFLAT the
// provoking vertex's) colour written as is, or with the specialisation constant SHOW_TEXCOORD
// texture coordinate set 0 as (s, t, 0, 1) (what point sprites' coordinate replacement changes);
// with -DCOVERAGE, a smooth line's coverage scales alpha (rule Z5 without smoothLines).
#version 450

#ifdef FLAT
layout(location = 0) flat in vec4 v_color;
#else
layout(location = 0) in vec4 v_color;
#endif
layout(location = 2) in vec4 v_texcoord;
layout(location = 0) out vec4 o_color;

layout(constant_id = 0) const bool SHOW_TEXCOORD = false;

#ifdef COVERAGE
// The segment whose rectangle this fragment's triangles cover (its ends in framebuffer
// coordinates, the space of gl_FragCoord) and half the line width.
layout(location = 6) flat in vec4 v_segment;
layout(constant_id = 1) const float HALF_WIDTH = 0.5;

// Compatibility §14.5.3: the area the rectangle of the line width and the segment's length,
// centred on the segment, shares with this fragment's square. The square (about its centre) is
// clipped by each of the rectangle's four sides in turn (a convex polygon gains at most one
// vertex per side: eight at most), and the area of what is left is the shoelace formula's.
float coverage() {
   const vec2 d = v_segment.zw - v_segment.xy;
   const float len = length(d);
   if (len == 0.0)
      return 0.0;
   const vec2 u = d / len, n = vec2(-u.y, u.x);
   const vec2 c = 0.5 * (v_segment.xy + v_segment.zw) - gl_FragCoord.xy;
   vec2 poly[8];
   poly[0] = vec2(-0.5, -0.5);
   poly[1] = vec2(0.5, -0.5);
   poly[2] = vec2(0.5, 0.5);
   poly[3] = vec2(-0.5, 0.5);
   int count = 4;
   for (int side = 0; side < 4; ++side) {
      // Keep dot(p - c, axis) <= limit.
      const vec2 axis = side == 0 ? u : side == 1 ? -u : side == 2 ? n : -n;
      const float limit = side < 2 ? 0.5 * len : HALF_WIDTH;
      vec2 kept[8];
      int k = 0;
      for (int i = 0; i < count; ++i) {
         const vec2 p = poly[i], q = poly[(i + 1) % count];
         const float dp = dot(p - c, axis) - limit, dq = dot(q - c, axis) - limit;
         if (dp <= 0.0 && k < 8)
            kept[k++] = p;
         if (((dp < 0.0 && dq > 0.0) || (dp > 0.0 && dq < 0.0)) && k < 8)
            kept[k++] = p + (q - p) * (dp / (dp - dq));
      }
      count = k;
      for (int i = 0; i < 8; ++i)
         poly[i] = kept[i];
   }
   float twice = 0.0;
   for (int i = 0; i < count; ++i) {
      const vec2 p = poly[i], q = poly[(i + 1) % count];
      twice += p.x * q.y - q.x * p.y;
   }
   return clamp(0.5 * abs(twice), 0.0, 1.0);
}
#endif

void main() {
   o_color = SHOW_TEXCOORD ? vec4(v_texcoord.xy, 0.0, 1.0) : v_color;
#ifdef COVERAGE
   // GL produces a fragment for each square the rectangle meets, its coverage scaling alpha
   // (compatibility §17.1) after the fixed-point buffer's clamp; the triangles reach a little
   // beyond the rectangle, and a square they hold that the rectangle misses (or only touches: an
   // area within float noise of 0) gets no fragment.
   const float area = coverage();
   if (area <= 1e-6)
      discard;
   o_color.a = clamp(o_color.a, 0.0, 1.0) * area;
#endif
}
