// zink_convert_primitives: GL's provoking vertex (GL 4.6 compatibility table 13.2, the seed's exceptions) lands in the pipeline's slot, winding kept.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "clampler/zink/zink_prim.h"
#include "gl_provoking_table.h"

using namespace clampler;

namespace {

uint32_t primitives(pipe_prim_type p, uint32_t n) {
   switch (p) {
   case PIPE_PRIM_POINTS: return n;
   case PIPE_PRIM_LINES: return n / 2;
   case PIPE_PRIM_LINE_LOOP: return n >= 2 ? n : 0;
   case PIPE_PRIM_LINE_STRIP: return n >= 2 ? n - 1 : 0;
   case PIPE_PRIM_TRIANGLES: return n / 3;
   case PIPE_PRIM_TRIANGLE_STRIP:
   case PIPE_PRIM_TRIANGLE_FAN: return n >= 3 ? n - 2 : 0;
   case PIPE_PRIM_QUADS: return n / 4;
   case PIPE_PRIM_QUAD_STRIP: return n >= 4 ? (n - 2) / 2 : 0;
   case PIPE_PRIM_POLYGON: return n >= 3 ? 1 : 0;
   }
   return 0;
}

}  // namespace

TEST(ZinkProvokingVertex, EveryPrimitiveFollowsGlsTable) {
   for (int p = PIPE_PRIM_POINTS; p <= PIPE_PRIM_POLYGON; ++p)
      for (bool first : {false, true})
         for (bool follow : {false, true})
            for (uint32_t i = 1; i <= primitives(static_cast<pipe_prim_type>(p), 10); ++i) {
               zink_prim_convention c;
               c.gl_first = first;
               c.quads_follow = follow;
               EXPECT_EQ(zink_provoking_vertex(static_cast<pipe_prim_type>(p), i - 1, 10, c) + 1,
                         test::gl_table(static_cast<pipe_prim_type>(p), i, 10, first, follow))
                  << "prim " << p << " i " << i << " first " << first << " follow " << follow;
            }
}

TEST(ZinkConvertPrimitives, TrianglesRotateGlsProvokingVertexIntoThePipelinesSlot) {
   // A 5-vertex strip, last-vertex convention, on a first-vertex pipeline: triangles (0 1 2),
   // (2 1 3), (2 3 4) in GL's winding, each rotated to start at its provoking vertex 2, 3, 4.
   zink_prim_draw d;
   zink_prim_convention c;
   ASSERT_TRUE(zink_convert_primitives(PIPE_PRIM_TRIANGLE_STRIP, 5, c, &d, nullptr));
   EXPECT_EQ(d.topology, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST);
   EXPECT_EQ(d.indices, (std::vector<uint32_t>{2, 0, 1, 3, 2, 1, 4, 2, 3}));
   // The same on a last-vertex pipeline: already in place.
   c.vk_last = true;
   ASSERT_TRUE(zink_convert_primitives(PIPE_PRIM_TRIANGLE_STRIP, 5, c, &d, nullptr));
   EXPECT_EQ(d.indices, (std::vector<uint32_t>{0, 1, 2, 2, 1, 3, 2, 3, 4}));
}

TEST(ZinkConvertPrimitives, QuadsSplitAlongTheDiagonalThroughTheProvokingVertex) {
   zink_prim_draw d;
   zink_prim_convention c;  // last vertex: vertex 3 provokes quad (0 1 2 3)
   ASSERT_TRUE(zink_convert_primitives(PIPE_PRIM_QUADS, 4, c, &d, nullptr));
   EXPECT_EQ(d.indices, (std::vector<uint32_t>{3, 0, 1, 3, 1, 2}));
   c.gl_first = true;  // with QUADS_FOLLOW: vertex 0
   ASSERT_TRUE(zink_convert_primitives(PIPE_PRIM_QUADS, 4, c, &d, nullptr));
   EXPECT_EQ(d.indices, (std::vector<uint32_t>{0, 1, 2, 0, 2, 3}));
   // A quad strip's quad (0 1 3 2) in polygon order; last convention: vertex 3, so the
   // diagonal 0-3: triangles (0 1 3) and (0 3 2), each started at 3.
   c.gl_first = false;
   ASSERT_TRUE(zink_convert_primitives(PIPE_PRIM_QUAD_STRIP, 4, c, &d, nullptr));
   EXPECT_EQ(d.indices, (std::vector<uint32_t>{3, 0, 1, 3, 2, 0}));
}

TEST(ZinkConvertPrimitives, EveryTriangleKeepsGlsVerticesInGlsCyclicOrder) {
   // Property over every triangle-making primitive: each output triangle is a rotation of the
   // triangle GL's spec defines (so its winding is GL's), and its provoking slot holds GL's vertex.
   for (pipe_prim_type p : {PIPE_PRIM_TRIANGLES, PIPE_PRIM_TRIANGLE_STRIP, PIPE_PRIM_TRIANGLE_FAN, PIPE_PRIM_POLYGON})
      for (bool first : {false, true})
         for (bool vk_last : {false, true}) {
            zink_prim_convention c;
            c.gl_first = first;
            c.vk_last = vk_last;
            zink_prim_draw d;
            ASSERT_TRUE(zink_convert_primitives(p, 9, c, &d, nullptr));
            const uint32_t n = primitives(p, 9) * (p == PIPE_PRIM_POLYGON ? 7 : 1);
            ASSERT_EQ(d.indices.size(), 3u * n) << p;
            for (uint32_t t = 0; t < n; ++t) {
               // GL's vertices of triangle t (GL 4.6 §10.1): strips alternate, fans and polygons share vertex 0.
               std::array<uint32_t, 3> gl;
               if (p == PIPE_PRIM_TRIANGLES)
                  gl = {3 * t, 3 * t + 1, 3 * t + 2};
               else if (p == PIPE_PRIM_TRIANGLE_STRIP)
                  gl = t % 2 ? std::array<uint32_t, 3>{t + 1, t, t + 2} : std::array<uint32_t, 3>{t, t + 1, t + 2};
               else
                  gl = {0, t + 1, t + 2};
               const uint32_t *out = &d.indices[3 * t];
               bool rotation = false;
               for (int k = 0; k < 3; ++k)
                  rotation |= out[0] == gl[k] && out[1] == gl[(k + 1) % 3] && out[2] == gl[(k + 2) % 3];
               EXPECT_TRUE(rotation) << "prim " << p << " triangle " << t;
               const uint32_t pv = p == PIPE_PRIM_POLYGON ? 1 : test::gl_table(p, t + 1, 9, first, true);
               EXPECT_EQ(out[vk_last ? 2 : 0] + 1, pv) << "prim " << p << " triangle " << t;
            }
         }
}

TEST(ZinkConvertPrimitives, ALineLoopIsAStripBackToItsFirstVertex) {
   zink_prim_draw d;
   zink_prim_convention c;
   c.vk_last = true;
   ASSERT_TRUE(zink_convert_primitives(PIPE_PRIM_LINE_LOOP, 4, c, &d, nullptr));
   EXPECT_EQ(d.topology, VK_PRIMITIVE_TOPOLOGY_LINE_STRIP);
   EXPECT_EQ(d.indices, (std::vector<uint32_t>{0, 1, 2, 3, 0}));
}

TEST(ZinkConvertPrimitives, LinesAreNeverReversedAndAMismatchedConventionIsRefused) {
   zink_prim_draw d;
   zink_prim_convention c;  // GL last vertex, Vulkan first vertex
   std::string error;
   EXPECT_FALSE(zink_convert_primitives(PIPE_PRIM_LINES, 4, c, &d, &error));
   EXPECT_NE(error.find("GL_LINES"), std::string::npos) << error;
   EXPECT_NE(error.find("cannot be reordered"), std::string::npos) << error;
   c.gl_first = true;  // matching conventions: drawn as given
   ASSERT_TRUE(zink_convert_primitives(PIPE_PRIM_LINES, 5, c, &d, nullptr));
   EXPECT_EQ(d.indices, (std::vector<uint32_t>{0, 1, 2, 3}));
}

TEST(ZinkConvertPrimitives, IncompletePrimitivesAreDroppedAsGlDropsThem) {
   zink_prim_draw d;
   zink_prim_convention c;
   c.vk_last = true;
   const std::pair<pipe_prim_type, uint32_t> cases[] = {{PIPE_PRIM_TRIANGLES, 2}, {PIPE_PRIM_TRIANGLE_STRIP, 2},
                                                        {PIPE_PRIM_QUADS, 3},     {PIPE_PRIM_QUAD_STRIP, 3},
                                                        {PIPE_PRIM_POLYGON, 2},   {PIPE_PRIM_LINE_STRIP, 1}};
   for (const auto &[p, n] : cases) {
      ASSERT_TRUE(zink_convert_primitives(p, n, c, &d, nullptr)) << p;
      EXPECT_TRUE(d.indices.empty()) << p;
   }
   ASSERT_TRUE(zink_convert_primitives(PIPE_PRIM_TRIANGLES, 7, c, &d, nullptr));
   EXPECT_EQ(d.indices.size(), 6u);
}

TEST(ZinkConvertPrimitives, AnUnknownPrimitiveTypeIsRefusedByNumber) {
   zink_prim_draw d;
   std::string error;
   EXPECT_FALSE(zink_convert_primitives(static_cast<pipe_prim_type>(12), 3, zink_prim_convention{}, &d, &error));
   EXPECT_NE(error.find("12"), std::string::npos) << error;
}
