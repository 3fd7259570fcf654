// Rule Z3 on the CPU for the device draw: GL's polygons judged one by one and drawn in their face's polygon mode.
#include "sample_raster_modes.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

#include "clampler/zink/zink_depth_bias.h"
#include "clampler/zink/zink_prim.h"

namespace clampler::sample_internal {

namespace {

// Polygon `p` of the draw (its vertices' positions `poly`) in framebuffer coordinates (x, y down
// and window depth) in `*win`, whether a vertex lies outside the clip volume (`*outside`; the
// near and far planes only where the device clips depth), and its facing by Vulkan's signed area
// with the pipeline's front face (`*front`). False, with the reason, for a vertex with w <= 0 or
// a polygon with no area (GL leaves the facing of those to the implementation).
bool window_polygon(const zink_rasterizer_state &state, const raster_request &r, const std::vector<uint32_t> &poly,
                    size_t p, std::vector<std::array<double, 3>> *win, bool *outside, bool *front, std::string *error) {
   const pipe_rasterizer_state &b = state.base;
   auto vertex = [&](uint32_t k) { return r.indices.empty() ? k : r.indices[k]; };
   win->clear();
   *outside = false;
   for (uint32_t k : poly) {
      const float *v = r.vertices[vertex(k)].position;
      const double w = v[3];
      const double z_min = b.clip_halfz ? 0.0 : -w;
      if (!(w > 0.0)) {
         *error = "sample_raster_draw: vertex " + std::to_string(vertex(k)) + " of polygon " + std::to_string(p) +
                  " has w <= 0; the polygon modes drawn on the CPU judge facing from window coordinates";
         return false;
      }
      *outside = *outside || std::fabs(v[0]) > w || std::fabs(v[1]) > w ||
                (!state.hw.depth_clamp_enable && (v[2] < z_min || v[2] > w));
      const double z = b.clip_halfz ? v[2] / w : (v[2] / w + 1.0) * 0.5;
      const std::array<double, 2> fb = to_framebuffer(v, r);
      win->push_back({fb[0], fb[1], z});
   }
   // Vulkan's area: a = -1/2 sum(x_i y_(i+1) - x_(i+1) y_i) in framebuffer coordinates;
   // positive is counter-clockwise there.
   double area = 0.0;
   for (size_t i = 0; i < win->size(); ++i) {
      const auto &u = (*win)[i], &v = (*win)[(i + 1) % win->size()];
      area -= 0.5 * (u[0] * v[1] - v[0] * u[1]);
   }
   if (area == 0.0) {
      *error = "sample_raster_draw: polygon " + std::to_string(p) +
               " has no area, so GL leaves its facing (and whether it is drawn) to the implementation";
      return false;
   }
   *front = (area > 0.0) == (state.hw.front_face == VK_FRONT_FACE_COUNTER_CLOCKWISE);
   return true;
}

// The request's vertex that provokes polygon `p` of the draw (GL's table 13.2 with the state's
// convention and the screen's QUADS_FOLLOW answer).
uint32_t provoking_vertex(const zink_screen &screen, const pipe_rasterizer_state &b, const raster_request &r,
                          size_t p, uint32_t count) {
   zink_prim_convention c;
   c.gl_first = b.flatshade_first;
   c.quads_follow = screen.get_param(PIPE_CAP_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION) != 0;
   const uint32_t k = zink_provoking_vertex(r.prim, static_cast<uint32_t>(p), count, c);
   return r.indices.empty() ? k : r.indices[k];
}

}  // namespace

std::vector<std::vector<uint32_t>> gl_polygons(pipe_prim_type prim, uint32_t count) {
   std::vector<std::vector<uint32_t>> polygons;
   switch (prim) {
   case PIPE_PRIM_TRIANGLES:
      for (uint32_t i = 0; i + 3 <= count; i += 3)
         polygons.push_back({i, i + 1, i + 2});
      break;
   case PIPE_PRIM_TRIANGLE_STRIP:
      for (uint32_t i = 0; i + 3 <= count; ++i)
         polygons.push_back(i % 2 ? std::vector<uint32_t>{i + 1, i, i + 2} : std::vector<uint32_t>{i, i + 1, i + 2});
      break;
   case PIPE_PRIM_TRIANGLE_FAN:
      for (uint32_t i = 1; i + 2 <= count; ++i)
         polygons.push_back({0, i, i + 1});
      break;
   case PIPE_PRIM_QUADS:
      for (uint32_t i = 0; i + 4 <= count; i += 4)
         polygons.push_back({i, i + 1, i + 2, i + 3});
      break;
   case PIPE_PRIM_QUAD_STRIP:
      for (uint32_t i = 0; i + 4 <= count; i += 2)
         polygons.push_back({i, i + 1, i + 3, i + 2});
      break;
   case PIPE_PRIM_POLYGON:
      if (count >= 3) {
         polygons.emplace_back();
         for (uint32_t i = 0; i < count; ++i)
            polygons.back().push_back(i);
      }
      break;
   default:
      break;
   }
   return polygons;
}

bool polygon_modes_on_cpu(const zink_screen &screen, const zink_rasterizer_state &state, const raster_request &r,
                          pipe_polygon_mode mode, raster_request *out, bool *leaves_depth_range, std::string *error) {
   const pipe_rasterizer_state &b = state.base;
   const uint32_t count = static_cast<uint32_t>(r.indices.empty() ? r.vertices.size() : r.indices.size());
   auto vertex = [&](uint32_t k) { return r.indices.empty() ? k : r.indices[k]; };
   const std::vector<std::vector<uint32_t>> polygons = gl_polygons(r.prim, count);
   // The CPU applies the offset itself, so GL's clamp too, whatever the device's depthBiasClamp.
   const zink_depth_bias bias = zink_depth_bias_for(b, mode, true);
   *out = r;
   out->prim = mode == PIPE_POLYGON_MODE_LINE ? PIPE_PRIM_LINES : PIPE_PRIM_POINTS;
   out->indices.clear();
   out->vertices.clear();
   *leaves_depth_range = false;
   for (size_t p = 0; p < polygons.size(); ++p) {
      const std::vector<uint32_t> &poly = polygons[p];
      std::vector<std::array<double, 3>> win;  // framebuffer x, y (y down) and depth
      bool outside = false, front = false;
      if (!window_polygon(state, r, poly, p, &win, &outside, &front, error))
         return false;
      if (b.cull_face & (front ? PIPE_FACE_FRONT : PIPE_FACE_BACK))
         continue;
      if (outside) {
         *error = "sample_raster_draw: polygon " + std::to_string(p) +
                  " reaches outside the clip volume; the polygon modes drawn on the CPU judge facing and offset "
                  "from unclipped polygons";
         return false;
      }
      // The offset: the plane's slopes from the first vertices that span it.
      double o = 0.0;
      if (bias.enable) {
         double m = 0.0, zmax = 0.0;
         for (const auto &v : win)
            zmax = std::max(zmax, std::fabs(v[2]));
         // The plane through vertex 0 and the fan triangle from it that spans the most area.
         double largest = 0.0;
         for (size_t j = 1; j + 1 < win.size(); ++j) {
            const double ax = win[j][0] - win[0][0], ay = win[j][1] - win[0][1], az = win[j][2] - win[0][2];
            const double bx = win[j + 1][0] - win[0][0], by = win[j + 1][1] - win[0][1], bz = win[j + 1][2] - win[0][2];
            const double det = ax * by - ay * bx;
            if (std::fabs(det) <= largest)
               continue;
            largest = std::fabs(det);
            m = std::max(std::fabs((az * by - ay * bz) / det), std::fabs((ax * bz - az * bx) / det));
         }
         int e = 0;
         std::frexp(zmax, &e);
         const int ieee_e = zmax < std::ldexp(1.0, -126) ? -126 : e - 1;
         o = m * bias.slope + std::ldexp(1.0, ieee_e - 23) * bias.constant;
         if (bias.clamp > 0.0f)
            o = std::min(o, static_cast<double>(bias.clamp));
         else if (bias.clamp < 0.0f)
            o = std::max(o, static_cast<double>(bias.clamp));
      }
      const uint32_t provoking = provoking_vertex(screen, b, r, p, count);
      auto emit = [&](uint32_t k) {
         raster_vertex v = r.vertices[vertex(k)];
         const raster_vertex &colours = r.flat ? r.vertices[provoking] : v;
         std::memcpy(v.color, !front && b.light_twoside ? colours.back_color : colours.color, sizeof v.color);
         std::memcpy(v.back_color, v.color, sizeof v.color);
         // o in window depth: clip z moves by o · w, or 2 · o · w for GL's [-w, w] clip z.
         v.position[2] += static_cast<float>((b.clip_halfz ? 1.0 : 2.0) * o * v.position[3]);
         *leaves_depth_range = *leaves_depth_range || v.position[2] > v.position[3] ||
                               v.position[2] < (b.clip_halfz ? 0.0f : -v.position[3]);
         out->vertices.push_back(v);
      };
      for (size_t i = 0; i < poly.size(); ++i) {
         emit(poly[i]);
         if (mode == PIPE_POLYGON_MODE_LINE)
            emit(poly[(i + 1) % poly.size()]);
      }
   }
   return true;
}

bool faces_apart_on_cpu(const zink_screen &screen, const zink_rasterizer_state &state, const raster_request &r,
                        std::vector<face_run> *runs, std::string *error) {
   const pipe_rasterizer_state &b = state.base;
   const uint32_t count = static_cast<uint32_t>(r.indices.empty() ? r.vertices.size() : r.indices.size());
   auto vertex = [&](uint32_t k) { return r.indices.empty() ? k : r.indices[k]; };
   // A run's polygons as a primitive of their own: quads of a strip as separate quads, triangles
   // of a strip or fan as separate triangles (each in GL's winding).
   const pipe_prim_type kind = r.prim == PIPE_PRIM_QUADS || r.prim == PIPE_PRIM_QUAD_STRIP ? PIPE_PRIM_QUADS
                               : r.prim == PIPE_PRIM_POLYGON                                ? PIPE_PRIM_POLYGON
                                                                                            : PIPE_PRIM_TRIANGLES;
   auto new_run = [&](pipe_polygon_mode mode, size_t first) {
      pipe_rasterizer_state one = b;
      one.fill_front = one.fill_back = mode;
      face_run run{zink_create_rasterizer(screen.device_caps(), one), r, first};
      run.request.prim = kind;
      run.request.vertices.clear();
      run.request.indices.clear();
      runs->push_back(std::move(run));
   };
   runs->clear();
   const std::vector<std::vector<uint32_t>> polygons = gl_polygons(r.prim, count);
   int run_front = -1;  // the facing of the last run: none yet
   for (size_t p = 0; p < polygons.size(); ++p) {
      std::vector<std::array<double, 3>> win;
      bool outside = false, front = false;
      if (!window_polygon(state, r, polygons[p], p, &win, &outside, &front, error))
         return false;
      if (b.cull_face & (front ? PIPE_FACE_FRONT : PIPE_FACE_BACK))
         continue;
      if (run_front != static_cast<int>(front)) {
         new_run(front ? b.fill_front : b.fill_back, p);
         run_front = front;
      }
      const raster_vertex &provoking = r.vertices[provoking_vertex(screen, b, r, p, count)];
      for (uint32_t k : polygons[p]) {
         raster_vertex v = r.vertices[vertex(k)];
         if (r.flat) {
            std::memcpy(v.color, provoking.color, sizeof v.color);
            std::memcpy(v.back_color, provoking.back_color, sizeof v.back_color);
         }
         runs->back().request.vertices.push_back(v);
      }
   }
   if (runs->empty())
      new_run(PIPE_POLYGON_MODE_FILL, 0);
   return true;
}

}  // namespace clampler::sample_internal
