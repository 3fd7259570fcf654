// st_update_rasterizer: the rasterizer rules R1-R12 (docs/rules.md, "Rasterizer"), GL state to pipe_rasterizer_state.
#include "clampler/st/st_rasterizer.h"

#include <algorithm>
#include <cstring>

namespace clampler {

namespace {

pipe_polygon_mode fill_of(GLenum mode) {
   return mode == GL_POINT ? PIPE_POLYGON_MODE_POINT : mode == GL_LINE ? PIPE_POLYGON_MODE_LINE : PIPE_POLYGON_MODE_FILL;
}

// GL_TRUE, or GL_FIXED_ONLY with fixed-point colour buffers (GL 4.6 compatibility §18.2.8 / §17.3.3).
bool clamps(GLenum mode, const st_framebuffer_info &fb) {
   return mode == GL_TRUE || (mode == GL_FIXED_ONLY && fb.all_color_fixed_point);
}

}  // namespace

void st_update_rasterizer(const st_context &st, const st_framebuffer_info &fb, pipe_rasterizer_state *raster,
                          st_raster_key *key, std::string *warning) {
   const gl_raster_attrib &r = st.ctx->raster();
   const bool core = st.ctx->profile() == gl_profile::core;
   pipe_rasterizer_state out;
   std::memset(&out, 0, sizeof out);
   st_raster_key k;
   if (warning)
      warning->clear();

   // R1 shading: flat from the shade model (the core profile has none: smooth, flat per
   // input in the shader); the provoking vertex convention as set.
   out.flatshade = !core && r.ShadeModel == GL_FLAT;
   out.flatshade_first = r.ProvokingVertex == GL_FIRST_VERTEX_CONVENTION;

   // R2 facing: GL's front face, flipped by an upper-left clip origin and by drawing into an
   // application framebuffer object (its y-up rows on Gallium's y-down surface).
   bool ccw = r.FrontFace == GL_CCW;
   ccw ^= r.ClipOrigin == GL_UPPER_LEFT;
   ccw ^= fb.user_fbo;
   out.front_ccw = ccw;

   // R3 culling; R4 polygon modes, the culled side taking the other's (it is never drawn).
   out.cull_face = !r.CullFace                          ? PIPE_FACE_NONE
                   : r.CullFaceMode == GL_FRONT         ? PIPE_FACE_FRONT
                   : r.CullFaceMode == GL_BACK          ? PIPE_FACE_BACK
                                                        : PIPE_FACE_FRONT_AND_BACK;
   out.fill_front = fill_of(r.FrontMode);
   out.fill_back = fill_of(r.BackMode);
   if (out.cull_face & PIPE_FACE_FRONT)
      out.fill_front = out.fill_back;
   if (out.cull_face & PIPE_FACE_BACK)
      out.fill_back = out.fill_front;

   // R5 polygon offset: per fill mode; the values only where some mode is offset.
   out.offset_point = r.OffsetPoint;
   out.offset_line = r.OffsetLine;
   out.offset_tri = r.OffsetFill;
   if (r.OffsetPoint || r.OffsetLine || r.OffsetFill) {
      out.offset_units = r.OffsetUnits;
      out.offset_scale = r.OffsetFactor;
      out.offset_clamp = r.OffsetClamp;
   }
   out.poly_smooth = r.PolygonSmooth;
   out.poly_stipple_enable = !core && r.PolygonStipple;

   // R6 lines: the width clamped to the implementation's range [1, max]; the stipple as set
   // (factor − 1); GL never draws a line's last pixel.
   out.line_width = std::clamp(r.LineWidth, 1.0f, st.ctx->limits().MaxLineWidth);
   out.line_smooth = r.LineSmooth;
   out.line_stipple_enable = !core && r.LineStipple;
   if (out.line_stipple_enable) {
      out.line_stipple_pattern = r.LineStipplePattern;
      out.line_stipple_factor = static_cast<uint8_t>(r.LineStippleFactor - 1);
   }
   out.line_last_pixel = 0;

   // R7 points: the derived size — in the compatibility profile glPointSize clamped to
   // GL_POINT_SIZE_MIN and GL_POINT_SIZE_MAX (§14.4; the core profile has neither) — clamped to
   // [1, max]; per-vertex sizes with GL_PROGRAM_POINT_SIZE.
   // Sprites are on with GL_POINT_SPRITE (compatibility) and always in the core profile:
   // quad rasterization, no smoothing, the origin flipped like the facing for an FBO,
   // COORD_REPLACE per unit (compatibility; the core profile has gl_PointCoord only).
   float derived = r.PointSize;
   if (!core)  // min wins over a smaller max, as a clamp evaluated min-first does
      derived = derived < r.PointSizeMin ? r.PointSizeMin : derived > r.PointSizeMax ? r.PointSizeMax : derived;
   out.point_size = std::clamp(derived, 1.0f, st.ctx->limits().MaxPointSize);
   out.point_size_per_vertex = r.ProgramPointSize;
   const bool sprites = core || r.PointSprite;
   // Multisampled points are never smoothed (GL 4.6 compatibility §14.4.3).
   out.point_smooth = !sprites && r.PointSmooth && !(r.Multisample && fb.samples > 1);
   if (sprites) {
      out.point_quad_rasterization = 1;
      const bool upper_left = (r.PointSpriteOrigin == GL_UPPER_LEFT) != fb.user_fbo;
      out.sprite_coord_mode = upper_left ? PIPE_SPRITE_COORD_UPPER_LEFT : PIPE_SPRITE_COORD_LOWER_LEFT;
      if (!core)
         for (unsigned u = 0; u < 16 && u < st.ctx->limits().MaxCombinedTextureImageUnits; ++u)
            if (st.ctx->unit(u).CoordReplace)
               out.sprite_coord_enable |= static_cast<uint16_t>(1u << u);
   }

   // R8 two-sided colour: GL_VERTEX_PROGRAM_TWO_SIDE (programs; clampler models no
   // fixed-function lighting).
   out.light_twoside = !core && r.VertexProgramTwoSide;

   // R9 colour clamping: TRUE, or FIXED_ONLY on fixed-point buffers; the shader clamps where the
   // screen does not.
   const bool vclamp = !core && clamps(r.ClampVertexColor, fb);
   const bool fclamp = !core && clamps(r.ClampFragmentColor, fb);
   out.clamp_vertex_color = vclamp && st.vertex_color_clamped;
   out.clamp_fragment_color = fclamp && st.fragment_color_clamped;
   k.clamp_vertex_color = vclamp && !st.vertex_color_clamped;
   k.clamp_fragment_color = fclamp && !st.fragment_color_clamped;

   // R10 scissor, multisampling (only on a multisampled framebuffer), discard, GL's pixel
   // centres and the fill rule's edge (bottom for the window's y-up rows, flipped like facing).
   out.scissor = r.Scissor;
   out.multisample = r.Multisample && fb.samples > 1;
   out.rasterizer_discard = r.RasterizerDiscard;
   out.half_pixel_center = 1;
   out.bottom_edge_rule = !fb.user_fbo;
   out.bottom_edge_rule ^= r.ClipOrigin == GL_UPPER_LEFT;

   // R11 depth clip: off with GL_DEPTH_CLAMP where the screen can; clip-space z in [0, w] with
   // ZERO_TO_ONE, by the screen or the shader.
   const bool depth_clip = !r.DepthClamp || !st.depth_clip_disable;
   if (r.DepthClamp && !st.depth_clip_disable && warning)
      *warning = "GL_DEPTH_CLAMP: the screen cannot turn depth clipping off (PIPE_CAP_DEPTH_CLIP_DISABLE); "
                 "primitives are clipped at the near and far planes";
   out.depth_clip_near = out.depth_clip_far = depth_clip;
   const bool halfz = r.ClipDepthMode == GL_ZERO_TO_ONE;
   out.clip_halfz = halfz && st.clip_halfz;
   k.clip_halfz = halfz && !st.clip_halfz;

   // R12 clip planes: the enabled GL_CLIP_DISTANCEi.
   out.clip_plane_enable = static_cast<uint8_t>(r.ClipDistances);

   *raster = out;
   if (key)
      *key = k;
}

std::array<uint32_t, 32> st_polygon_stipple_rows(const gl_raster_attrib &r, const st_framebuffer_info &fb,
                                                 uint32_t height) {
   std::array<uint32_t, 32> rows{};
   for (uint32_t j = 0; j < 32; ++j) {
      // Framebuffer rows j, j + 32, ... are GL's rows (height - 1 - j) mod 32 in the window.
      const uint32_t gl_row = fb.user_fbo ? j : (height + 31u * 32u - 1u - j) % 32u;
      uint32_t bits = 0;
      for (uint32_t x = 0; x < 32; ++x)
         bits |= ((r.StipplePattern[gl_row] >> (31u - x)) & 1u) << x;
      rows[j] = bits;
   }
   return rows;
}

}  // namespace clampler
