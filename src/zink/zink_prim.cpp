// zink_convert_primitives: GL primitives as Vulkan lists keeping GL's provoking vertex and winding.
#include "clampler/zink/zink_prim.h"

#include <algorithm>
#include <array>

namespace clampler {

uint32_t zink_provoking_vertex(pipe_prim_type prim, uint32_t i, uint32_t count, const zink_prim_convention &c) {
   const bool first = c.gl_first;
   switch (prim) {
   case PIPE_PRIM_POINTS: return i;
   case PIPE_PRIM_LINES: return first ? 2 * i : 2 * i + 1;
   case PIPE_PRIM_LINE_STRIP: return first ? i : i + 1;
   case PIPE_PRIM_LINE_LOOP: return first ? i : (count ? (i + 1) % count : 0);
   case PIPE_PRIM_TRIANGLES: return first ? 3 * i : 3 * i + 2;
   case PIPE_PRIM_TRIANGLE_STRIP: return first ? i : i + 2;
   case PIPE_PRIM_TRIANGLE_FAN: return first ? i + 1 : i + 2;
   case PIPE_PRIM_QUADS: return first && c.quads_follow ? 4 * i : 4 * i + 3;
   case PIPE_PRIM_QUAD_STRIP: return first && c.quads_follow ? 2 * i : 2 * i + 3;
   case PIPE_PRIM_POLYGON: return 0;
   }
   return i;
}

namespace {

// Appends triangle (v0, v1, v2), in GL's winding order, rotated so `p` (one of its vertices) is
// in the pipeline's provoking slot (a rotation keeps the winding).
void emit_triangle(std::array<uint32_t, 3> v, uint32_t p, bool vk_last, std::vector<uint32_t> *out) {
   const uint32_t slot = vk_last ? 2 : 0;
   for (int turn = 0; turn < 2 && v[slot] != p; ++turn)
      std::rotate(v.begin(), v.begin() + 1, v.end());
   out->insert(out->end(), v.begin(), v.end());
}

// Quad (a, b, c, d) in polygon order as two triangles sharing the diagonal through `p`.
void emit_quad(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t p, bool vk_last, std::vector<uint32_t> *out) {
   if (p == a || p == c) {
      emit_triangle({a, b, c}, p, vk_last, out);
      emit_triangle({a, c, d}, p, vk_last, out);
   } else {
      emit_triangle({a, b, d}, p, vk_last, out);
      emit_triangle({b, c, d}, p, vk_last, out);
   }
}

const char *prim_name(pipe_prim_type prim) {
   static const char *const names[] = {"GL_POINTS", "GL_LINES", "GL_LINE_LOOP", "GL_LINE_STRIP", "GL_TRIANGLES",
                                       "GL_TRIANGLE_STRIP", "GL_TRIANGLE_FAN", "GL_QUADS", "GL_QUAD_STRIP",
                                       "GL_POLYGON"};
   return prim <= PIPE_PRIM_POLYGON ? names[prim] : "an unknown primitive";
}

}  // namespace

bool zink_convert_primitives(pipe_prim_type prim, uint32_t count, const zink_prim_convention &c, zink_prim_draw *out,
                             std::string *error) {
   out->indices.clear();
   std::vector<uint32_t> &ix = out->indices;
   const bool lines = prim == PIPE_PRIM_LINES || prim == PIPE_PRIM_LINE_STRIP || prim == PIPE_PRIM_LINE_LOOP;
   if (lines && c.gl_first == c.vk_last) {
      // Reversing a line would move its missing last pixel and its stipple.
      if (error)
         *error = std::string(prim_name(prim)) + " with the " + (c.gl_first ? "first" : "last") +
                  "-vertex convention on a pipeline that provokes with the " + (c.vk_last ? "last" : "first") +
                  " vertex: lines cannot be reordered without changing their pixels (the geometry stage must "
                  "emulate it)";
      return false;
   }
   switch (prim) {
   case PIPE_PRIM_POINTS:
      out->topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
      for (uint32_t i = 0; i < count; ++i)
         ix.push_back(i);
      return true;
   case PIPE_PRIM_LINES:
      out->topology = VK_PRIMITIVE_TOPOLOGY_LINE_LIST;
      for (uint32_t i = 0; i + 1 < count; i += 2)
         ix.insert(ix.end(), {i, i + 1});
      return true;
   case PIPE_PRIM_LINE_STRIP:
   case PIPE_PRIM_LINE_LOOP:
      // A loop is a strip back to its first vertex: the stipple pattern runs on across it.
      out->topology = VK_PRIMITIVE_TOPOLOGY_LINE_STRIP;
      if (count < 2)
         return true;
      for (uint32_t i = 0; i < count; ++i)
         ix.push_back(i);
      if (prim == PIPE_PRIM_LINE_LOOP)
         ix.push_back(0);
      return true;
   case PIPE_PRIM_TRIANGLES:
   case PIPE_PRIM_TRIANGLE_STRIP:
   case PIPE_PRIM_TRIANGLE_FAN:
   case PIPE_PRIM_POLYGON: {
      out->topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
      const uint32_t n = prim == PIPE_PRIM_TRIANGLES ? count / 3 : (count >= 3 ? count - 2 : 0);
      for (uint32_t i = 0; i < n; ++i) {
         std::array<uint32_t, 3> v;
         if (prim == PIPE_PRIM_TRIANGLES)
            v = {3 * i, 3 * i + 1, 3 * i + 2};
         else if (prim == PIPE_PRIM_TRIANGLE_STRIP)
            v = i % 2 ? std::array<uint32_t, 3>{i + 1, i, i + 2} : std::array<uint32_t, 3>{i, i + 1, i + 2};
         else
            v = {0, i + 1, i + 2};
         emit_triangle(v, zink_provoking_vertex(prim, i, count, c), c.vk_last, &ix);
      }
      return true;
   }
   case PIPE_PRIM_QUADS:
   case PIPE_PRIM_QUAD_STRIP: {
      out->topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
      const uint32_t n = prim == PIPE_PRIM_QUADS ? count / 4 : (count >= 4 ? (count - 2) / 2 : 0);
      for (uint32_t i = 0; i < n; ++i) {
         const uint32_t p = zink_provoking_vertex(prim, i, count, c);
         if (prim == PIPE_PRIM_QUADS)
            emit_quad(4 * i, 4 * i + 1, 4 * i + 2, 4 * i + 3, p, c.vk_last, &ix);
         else
            emit_quad(2 * i, 2 * i + 1, 2 * i + 3, 2 * i + 2, p, c.vk_last, &ix);
      }
      return true;
   }
   }
   if (error)
      *error = "primitive type " + std::to_string(static_cast<unsigned>(prim)) + " is not a GL primitive (0..9)";
   return false;
}

}  // namespace clampler
