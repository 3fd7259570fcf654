// zink_prim: GL's primitives as Vulkan list / strip draws that keep GL's provoking vertex and winding (index rewriting).
#pragma once

#include <volk.h>

#include <cstdint>
#include <string>
#include <vector>

#include "clampler/pipe/p_defines.h"

namespace clampler {

// How the pipeline provokes: Vulkan's first vertex, or the last (VK_EXT_provoking_vertex).
struct zink_prim_convention {
   bool gl_first = false;      // glProvokingVertex(GL_FIRST_VERTEX_CONVENTION) (pipe: flatshade_first)
   bool quads_follow = true;   // QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION: first-vertex quads provoke with their first vertex
   bool vk_last = false;       // the pipeline's VkProvokingVertexModeEXT is LAST_VERTEX
};

struct zink_prim_draw {
   VkPrimitiveTopology topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST;
   std::vector<uint32_t> indices;  // into the GL vertices
};

// The GL vertex (0-based) that provokes primitive `i` of `count` vertices of `prim` (GL 4.6 compatibility table
// 13.2 with the seed's exceptions): the last vertex under the last-vertex convention, the
// first under the first-vertex one; triangle fans the second vertex of each triangle under
// the first-vertex convention; quads and quad strips their last vertex unless `quads_follow`;
// polygons always their first vertex.
uint32_t zink_provoking_vertex(pipe_prim_type prim, uint32_t i, uint32_t count, const zink_prim_convention &c);

// Rewrites `count` GL vertices of `prim` into a Vulkan draw whose every primitive has GL's
// vertices, GL's winding (triangles rotate, quads and polygons split along diagonals through
// the provoking vertex) and GL's provoking vertex in the pipeline's provoking slot. Lines keep
// their direction (the last pixel and the stipple depend on it): a line primitive whose GL
// provoking vertex is not in the pipeline's slot cannot be rewritten and is refused with
// *error set. Incomplete trailing primitives are dropped as GL drops them.
bool zink_convert_primitives(pipe_prim_type prim, uint32_t count, const zink_prim_convention &c, zink_prim_draw *out,
                             std::string *error);

}  // namespace clampler
