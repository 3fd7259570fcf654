// The CPU's shapes for the device draw: points as squares (rule Z10) and circles (Z14), smooth lines as rectangles (Z5).
#include "sample_raster_shapes.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "sample_raster_modes.h"

namespace clampler::sample_internal {

namespace {

constexpr float kMaxPointSize = 255.0f;  // gl_limits::MaxPointSize: the top of GL_ALIASED_POINT_SIZE_RANGE

// The points of `r` GL draws, in order: each vertex inside the clip volume (GL discards a point
// whose vertex leaves it, z only without depth clamping), `*out` the request's other data with
// no vertices, for the triangles `f(v, x, y, size, w)` adds to it from each point's framebuffer
// position and GL's size.
template <class F>
void each_drawn_point(const zink_rasterizer_state &state, const raster_request &r, raster_request *out, F &&f) {
   const pipe_rasterizer_state &b = state.base;
   const uint32_t count = static_cast<uint32_t>(r.indices.empty() ? r.vertices.size() : r.indices.size());
   *out = r;
   out->prim = PIPE_PRIM_TRIANGLES;
   out->indices.clear();
   out->vertices.clear();
   for (uint32_t k = 0; k < count; ++k) {
      const raster_vertex &v = r.vertices[r.indices.empty() ? k : r.indices[k]];
      const float w = v.position[3];
      const float z_min = b.clip_halfz ? 0.0f : -w;
      const bool z_clipped = !state.hw.depth_clamp_enable && (v.position[2] < z_min || v.position[2] > w);
      if (!(w > 0.0f) || std::fabs(v.position[0]) > w || std::fabs(v.position[1]) > w || z_clipped)
         continue;
      const auto [x, y] = to_framebuffer(v.position, r);
      f(v, x, y, gl_point_size(b, v), w);
   }
}

// Sides of a smooth point's polygon (the header says how near the circle it keeps).
constexpr int kSmoothPointSides = 64;

}  // namespace

float gl_point_size(const pipe_rasterizer_state &b, const raster_vertex &v) {
   float size = b.point_size_per_vertex ? v.point_size : b.point_size;
   size = size >= 1.0f ? std::min(size, kMaxPointSize) : 1.0f;
   if (!b.point_quad_rasterization && !b.point_smooth)
      size = std::max(1.0f, std::round(size));
   return size;
}

void points_as_circles(const zink_rasterizer_state &state, const raster_request &r, raster_request *out) {
   each_drawn_point(state, r, out, [&](const raster_vertex &v, double x, double y, float size, float w) {
      raster_vertex rim[kSmoothPointSides];
      for (int c = 0; c < kSmoothPointSides; ++c) {
         const double angle = 2.0 * M_PI * c / kSmoothPointSides;
         rim[c] = v;
         std::memcpy(rim[c].back_color, v.color, sizeof v.color);
         const std::array<float, 2> at = to_clip(x + 0.5 * size * std::cos(angle), y + 0.5 * size * std::sin(angle), w, r);
         rim[c].position[0] = at[0];
         rim[c].position[1] = at[1];
      }
      for (int c = 1; c + 1 < kSmoothPointSides; ++c)
         for (int corner : {0, c, c + 1})
            out->vertices.push_back(rim[corner]);
   });
}

void points_as_quads(const zink_rasterizer_state &state, const raster_request &r, raster_request *out) {
   const pipe_rasterizer_state &b = state.base;
   const bool replace = b.point_quad_rasterization && (b.sprite_coord_enable & 1u);
   const bool lower_left = (state.emulate & ZINK_RAST_EMU_SPRITE_ORIGIN) != 0;
   each_drawn_point(state, r, out, [&](const raster_vertex &v, double x, double y, float size, float w) {
      raster_vertex corner[4];
      for (int c = 0; c < 4; ++c) {
         const int right = c & 1, down = c >> 1;  // framebuffer y runs down
         corner[c] = v;
         std::memcpy(corner[c].back_color, v.color, sizeof v.color);
         const std::array<float, 2> at = to_clip(x + (right ? 0.5 : -0.5) * size, y + (down ? 0.5 : -0.5) * size, w, r);
         corner[c].position[0] = at[0];
         corner[c].position[1] = at[1];
         if (replace) {
            corner[c].texcoord[0] = static_cast<float>(right);
            corner[c].texcoord[1] = static_cast<float>(lower_left ? 1 - down : down);
            corner[c].texcoord[2] = 0.0f;
            corner[c].texcoord[3] = 1.0f;
         }
      }
      for (int c : {0, 1, 2, 2, 1, 3})
         out->vertices.push_back(corner[c]);
   });
}

bool lines_as_rectangles(const zink_rasterizer_state &state, const raster_request &r, const zink_prim_draw &draw,
                         bool vk_last, raster_request *out, std::vector<std::array<float, 4>> *segments,
                         std::string *error) {
   const bool strip = draw.topology == VK_PRIMITIVE_TOPOLOGY_LINE_STRIP;
   const double half = 0.5 * std::max(state.base.line_width, 1.0f) + kCoverageMargin;  // across, margin included
   // GL clamps each vertex's colours (vertex colour clamping) and then interpolates them, the caps'
   // extrapolation included, clamping once more as the buffer stores them: the ends are clamped
   // here, and the vertex stage clamps nothing (it would clamp the caps' extrapolated corners).
   raster_request clamped;
   const raster_request &src = r.clamp_vertex_color ? clamped : r;
   if (r.clamp_vertex_color) {
      clamped = r;
      clamped.clamp_vertex_color = false;
      for (raster_vertex &v : clamped.vertices)
         for (int c = 0; c < 4; ++c) {
            v.color[c] = std::clamp(v.color[c], 0.0f, 1.0f);
            v.back_color[c] = std::clamp(v.back_color[c], 0.0f, 1.0f);
         }
   }
   const std::vector<uint32_t> &ix = draw.indices;
   raster_request shapes = src;
   shapes.prim = PIPE_PRIM_TRIANGLES;
   shapes.indices.clear();
   shapes.vertices.clear();
   segments->clear();
   for (size_t i = 0; i + 1 < ix.size(); i += strip ? 1 : 2) {
      const raster_vertex *end[2] = {&src.vertices[ix[i]], &src.vertices[ix[i + 1]]};
      std::array<double, 2> fb[2];
      for (int k = 0; k < 2; ++k) {
         const float *p = end[k]->position;
         const float z_min = state.base.clip_halfz ? 0.0f : -p[3];
         const bool z_clipped = !state.hw.depth_clamp_enable && (p[2] < z_min || p[2] > p[3]);
         if (!(p[3] > 0.0f) || std::fabs(p[0]) > p[3] || std::fabs(p[1]) > p[3] || z_clipped) {
            *error = "sample_raster_draw: vertex " + std::to_string(ix[i + k]) +
                     " of a smooth line lies outside the clip volume (or has w <= 0); GL clips the segment "
                     "before making its rectangle, and the coverage is worked out from the segment's ends";
            return false;
         }
         fb[k] = to_framebuffer(p, r);
      }
      const double dx = fb[1][0] - fb[0][0], dy = fb[1][1] - fb[0][1], len = std::hypot(dx, dy);
      if (len == 0.0)
         continue;
      const double ux = dx / len, uy = dy / len;                  // along the segment
      const double nx = -uy * half, ny = ux * half;               // across it, to the widened side
      const double ex = ux * kCoverageMargin, ey = uy * kCoverageMargin;  // a cap's length
      const raster_vertex &provoking = *end[vk_last ? 1 : 0];
      // Rows of corners along the segment: the far side of end 0's cap, end 0, end 1, the far side
      // of end 1's cap; each row's two corners (left, right of the segment) are one end's vertex.
      // GL's t (§14.5.1's equation for the fragment's centre) runs on past the ends: where both
      // ends have one w (no perspective along the segment) the caps' far corners take the
      // segment's data extrapolated to them, −margin / length before end 0 and after end 1;
      // otherwise their end's own (t clamped to the segment).
      const bool affine = end[0]->position[3] == end[1]->position[3];
      const auto beyond = [&](int e) {
         raster_vertex v = *end[e];
         if (!affine)
            return v;
         const float t = static_cast<float>(kCoverageMargin / len);
         const raster_vertex &near_end = *end[e], &far_end = *end[1 - e];
         auto extend = [&](float *dst, const float *near_v, const float *far_v, int n) {
            for (int c = 0; c < n; ++c)
               dst[c] = near_v[c] + t * (near_v[c] - far_v[c]);
         };
         extend(v.color, near_end.color, far_end.color, 4);
         extend(v.back_color, near_end.back_color, far_end.back_color, 4);
         extend(v.texcoord, near_end.texcoord, far_end.texcoord, 4);
         extend(&v.position[2], &near_end.position[2], &far_end.position[2], 1);
         // Kept inside the near and far planes (where the device clips), so that no cap is cut.
         if (!state.hw.depth_clamp_enable)
            v.position[2] = std::clamp(v.position[2], state.base.clip_halfz ? 0.0f : -v.position[3], v.position[3]);
         return v;
      };
      raster_vertex row[4][2];
      for (int k = 0; k < 4; ++k) {
         const int e = k < 2 ? 0 : 1;
         const double sx = fb[e][0] + (k == 0 ? -ex : k == 3 ? ex : 0.0), sy = fb[e][1] + (k == 0 ? -ey : k == 3 ? ey : 0.0);
         for (int side = 0; side < 2; ++side) {
            raster_vertex &v = row[k][side];
            v = k == 0 || k == 3 ? beyond(e) : *end[e];
            if (r.flat)
               std::memcpy(v.color, provoking.color, sizeof provoking.color);
            std::memcpy(v.back_color, v.color, sizeof v.color);
            const double sign = side ? -1.0 : 1.0;
            const std::array<float, 2> at = to_clip(sx + sign * nx, sy + sign * ny, end[e]->position[3], r);
            v.position[0] = at[0];
            v.position[1] = at[1];
         }
      }
      const std::array<float, 4> ends = {static_cast<float>(fb[0][0]), static_cast<float>(fb[0][1]),
                                         static_cast<float>(fb[1][0]), static_cast<float>(fb[1][1])};
      for (int k = 0; k < 3; ++k)  // the cap, the widened rectangle, the cap
         for (const auto &[rk, side] : {std::pair{k, 0}, {k, 1}, {k + 1, 0}, {k + 1, 0}, {k, 1}, {k + 1, 1}}) {
            shapes.vertices.push_back(row[rk][side]);
            segments->push_back(ends);
         }
   }
   *out = std::move(shapes);
   return true;
}

}  // namespace clampler::sample_internal
