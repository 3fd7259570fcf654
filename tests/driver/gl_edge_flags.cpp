// clampler-gl-edge-flags: polygons in GL_LINE and GL_POINT modes keep their boundary and their edge flags, on whatever GL driver EGL loads, checked against GL 4.6 compatibility §10.1.17 and §14.6.4.
//
// GL draws a polygon, separate triangle or separate quad in LINE mode as its boundary edges, an
// edge drawn when the edge flag of the vertex starting it is TRUE, and in POINT mode the vertices
// that start a boundary edge (§14.6.4); the edges of connected primitives (quad strips) are all
// boundary (§10.1.17); the inner edges of whatever triangles an implementation splits a quad or
// polygon into are not edges at all. Culling and each face's mode go by the polygon's facing
// (§14.6.1), flat shading takes every edge's colour from the polygon's provoking vertex (§13.6:
// a polygon's first vertex, a quad's last, or its first where quads follow the first-vertex
// convention), and two-sided colour picks the back colours for a back face (§13.5).
//
// Every vertex lies on a pixel centre of a 64x32 framebuffer, so an axis-aligned edge, or one of
// slope 1 or 2, passes through the centres of the pixels probed on it and draws them whatever the
// line rasterization's exit rules; a probe on an inner diagonal or in the interior must stay the
// background. Each case is drawn through glBegin/glEnd, a display list, glDrawArrays from a
// buffer (from its start and from 2 vertices in), glDrawElements with buffer and with client
// indices, glDrawElementsBaseVertex, with primitive restart, and glDrawArraysIndirect and
// glDrawElementsIndirect (2 vertices in). Last, "repeated-list": one
// display list of two polygons called 10 000 times in each of FILL and LINE modes.
//
//   clampler-gl-edge-flags      one line per failure and a summary; exit 1 on failure
//   clampler-gl-edge-flags -v   print every probe
//   --case NAME / --skip NAME   only that case / not that case (--skip may repeat)
//   --bench-list CALLS          no checks: a display list of 200 quads called CALLS times in FILL mode
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "gl_test_context.h"

namespace {

constexpr int kWidth = 64, kHeight = 32;

struct colour {
   float r, g, b;
};
constexpr colour kRed{1, 0, 0}, kGreen{0, 1, 0}, kBlue{0, 0, 1}, kWhite{1, 1, 1};

struct vertex {
   float x, y;  // window coordinates
   colour c;
   bool edge;
};

struct probe {
   int x, y;
   const char *want;  // a colour name of colour_name(), or "background"
   const char *why;
};

struct draw_case {
   const char *name;
   GLenum mode;
   std::vector<vertex> vertices;
   GLenum front, back;   // glPolygonMode
   GLenum cull;          // GL_NONE, or glCullFace's face with GL_CULL_FACE on
   bool flat;            // glShadeModel(GL_FLAT)
   bool first_vertex;    // glProvokingVertex(GL_FIRST_VERTEX_CONVENTION)
   bool two_sided;       // the two-sided program
   std::vector<probe> probes;
   // the base-vertex program: red where gl_BaseVertex is 0 (every path but
   // draw-elements-base-vertex, GL 4.6 §11.1.3.9), blue where it is 2
   bool base_vertex = false;
};

// Counter-clockwise (front-facing) and clockwise (back-facing) 16x16 squares; the diagonals of
// the first pass through the centres (12, 8), (16, 12) and (20, 8), those of the second through
// (44, 8) and (52, 8).
std::vector<vertex> ccw_square(colour c) {
   return {{8.5f, 4.5f, c, true}, {24.5f, 4.5f, c, true}, {24.5f, 20.5f, c, true}, {8.5f, 20.5f, c, true}};
}
std::vector<vertex> cw_square(colour c) {
   return {{40.5f, 4.5f, c, true}, {40.5f, 20.5f, c, true}, {56.5f, 20.5f, c, true}, {56.5f, 4.5f, c, true}};
}
std::vector<vertex> two_squares() {
   std::vector<vertex> v = ccw_square(kRed);
   const std::vector<vertex> back = cw_square(kGreen);
   v.insert(v.end(), back.begin(), back.end());
   return v;
}
std::vector<vertex> with_flags(std::vector<vertex> v, std::vector<bool> flags) {
   for (size_t i = 0; i < v.size(); ++i)
      v[i].edge = flags[i];
   return v;
}
std::vector<vertex> coloured(std::vector<vertex> v, std::vector<colour> colours) {
   for (size_t i = 0; i < v.size(); ++i)
      v[i].c = colours[i];
   return v;
}

// A convex hexagon, counter-clockwise: its fan from vertex 0 has the chords to vertices 2, 3 and 4
// (the last the vertical x = 8.5, through the centre (8, 12)).
std::vector<vertex> hexagon(colour c) {
   return {{8.5f, 4.5f, c, true},   {24.5f, 4.5f, c, true}, {28.5f, 12.5f, c, true},
           {24.5f, 20.5f, c, true}, {8.5f, 20.5f, c, true}, {4.5f, 12.5f, c, true}};
}

// A right triangle: legs on y = 4.5 and x = 8.5, hypotenuse through the centre (24, 16).
std::vector<vertex> triangle(colour c) {
   return {{8.5f, 4.5f, c, true}, {40.5f, 4.5f, c, true}, {8.5f, 28.5f, c, true}};
}

std::vector<draw_case> cases(bool quads_follow) {
   const GLenum L = GL_LINE, F = GL_FILL, P = GL_POINT;
   std::vector<draw_case> all = {
      {"quads-line", GL_QUADS, two_squares(), L, L, GL_NONE, false, false, false,
       {{16, 4, "red", "front quad, bottom edge"}, {24, 12, "red", "front quad, right edge"},
        {12, 8, "background", "front quad, a diagonal"}, {20, 8, "background", "front quad, the other diagonal"},
        {48, 4, "green", "back quad, bottom edge"}, {44, 8, "background", "back quad, a diagonal"},
        {52, 8, "background", "back quad, the other diagonal"}}},
      {"polygon-line", GL_POLYGON, hexagon(kRed), L, L, GL_NONE, false, false, false,
       {{16, 4, "red", "bottom edge"}, {16, 20, "red", "top edge"}, {26, 8, "red", "edge of slope 2"},
        {8, 12, "background", "the chord from vertex 0 to vertex 4"},
        {16, 12, "background", "the chord from vertex 0 to vertex 3"}}},
      {"quad-strip-line", GL_QUAD_STRIP,
       {{8.5f, 4.5f, kRed, true}, {8.5f, 20.5f, kRed, true}, {24.5f, 4.5f, kRed, true},
        {24.5f, 20.5f, kRed, true}, {40.5f, 4.5f, kRed, true}, {40.5f, 20.5f, kRed, true}},
       L, L, GL_NONE, false, false, false,
       {{24, 12, "red", "the edge the two quads share"}, {16, 4, "red", "first quad, bottom edge"},
        {32, 20, "red", "second quad, top edge"}, {12, 8, "background", "first quad, a diagonal"},
        {12, 16, "background", "first quad, the other diagonal"},
        {28, 8, "background", "second quad, a diagonal"}}},
      {"quad-strip-flags-ignored", GL_QUAD_STRIP,
       {{8.5f, 4.5f, kRed, false}, {8.5f, 20.5f, kRed, true}, {24.5f, 4.5f, kRed, false},
        {24.5f, 20.5f, kRed, true}},
       L, L, GL_NONE, false, false, false,
       {{16, 4, "red", "bottom edge of a connected quad, from a vertex whose flag is FALSE"},
        {8, 12, "red", "left edge of a connected quad, from a vertex whose flag is FALSE"}}},
      {"quads-edge-flags", GL_QUADS, with_flags(ccw_square(kRed), {true, false, true, false}), L, L,
       GL_NONE, false, false, false,
       {{16, 4, "red", "bottom edge, vertex 0's flag TRUE"}, {16, 20, "red", "top edge, vertex 2's flag TRUE"},
        {24, 12, "background", "right edge, vertex 1's flag FALSE"},
        {8, 12, "background", "left edge, vertex 3's flag FALSE"}}},
      {"polygon-edge-flags", GL_POLYGON, with_flags(hexagon(kRed), {false, true, true, true, true, false}), L,
       L, GL_NONE, false, false, false,
       {{16, 4, "background", "bottom edge, vertex 0's flag FALSE"}, {26, 8, "red", "edge from vertex 1"},
        {16, 20, "red", "top edge, from vertex 3"}}},
      {"triangles-edge-flags", GL_TRIANGLES, with_flags(triangle(kRed), {false, true, true}), L, L, GL_NONE,
       false, false, false,
       {{24, 4, "background", "bottom edge, vertex 0's flag FALSE"}, {24, 16, "red", "hypotenuse"},
        {8, 16, "red", "left edge"}, {16, 10, "background", "interior"}}},
      {"triangles-edge-flags-points", GL_TRIANGLES, with_flags(triangle(kRed), {false, true, true}), P, P,
       GL_NONE, false, false, false,
       {{8, 4, "background", "vertex 0 starts no boundary edge"}, {40, 4, "red", "vertex 1"},
        {8, 28, "red", "vertex 2"}, {24, 4, "background", "not a vertex"}}},
      {"quads-line-cull-back", GL_QUADS, two_squares(), L, L, GL_BACK, false, false, false,
       {{16, 4, "red", "front quad's edge"}, {48, 4, "background", "back quad, culled"},
        {12, 8, "background", "front quad, a diagonal"}}},
      {"quads-line-cull-front", GL_QUADS, two_squares(), L, L, GL_FRONT, false, false, false,
       {{16, 4, "background", "front quad, culled"}, {48, 4, "green", "back quad's edge"},
        {44, 8, "background", "back quad, a diagonal"}}},
      {"quads-front-fill-back-line", GL_QUADS, two_squares(), F, L, GL_NONE, false, false, false,
       {{16, 12, "red", "front quad, filled"}, {48, 4, "green", "back quad's edge"},
        {48, 12, "background", "back quad's interior"}, {44, 8, "background", "back quad, a diagonal"}}},
      {"quads-front-line-back-fill", GL_QUADS, two_squares(), L, F, GL_NONE, false, false, false,
       {{16, 4, "red", "front quad's edge"}, {12, 8, "background", "front quad, a diagonal"},
        {48, 12, "green", "back quad, filled"}}},
      {"quads-front-line-back-point", GL_QUADS, two_squares(), L, P, GL_NONE, false, false, false,
       {{16, 4, "red", "front quad's edge"}, {12, 8, "background", "front quad, a diagonal"},
        {40, 4, "green", "back quad's vertex"}, {48, 4, "background", "back quad, not a vertex"}}},
      {"quads-flat-last", GL_QUADS, coloured(ccw_square(kRed), {kRed, kGreen, kBlue, kWhite}), L, L, GL_NONE,
       true, false, false,
       {{16, 4, "white", "bottom edge: the quad's last vertex"}, {24, 12, "white", "right edge"},
        {16, 20, "white", "top edge"}, {8, 12, "white", "left edge"}}},
      {"polygon-flat", GL_POLYGON,
       coloured(hexagon(kRed), {kBlue, kGreen, kGreen, kWhite, kWhite, kGreen}), L, L, GL_NONE, true, false,
       false,
       {{16, 4, "blue", "bottom edge: the polygon's first vertex"}, {16, 20, "blue", "top edge"},
        {26, 8, "blue", "edge of slope 2"}}},
      {"quads-two-sided", GL_QUADS, two_squares(), L, L, GL_NONE, false, false, true,
       {{16, 4, "red", "front quad: front colour"}, {48, 4, "green", "back quad: back colour"},
        {44, 8, "background", "back quad, a diagonal"}}},
   };
   all.push_back({"triangle-strip-flags-ignored-apart", GL_TRIANGLE_STRIP,
                  {{8.5f, 4.5f, kRed, false}, {24.5f, 4.5f, kRed, true}, {8.5f, 20.5f, kRed, true},
                   {24.5f, 20.5f, kRed, true}},
                  L, F, GL_NONE, false, false, false,
                  {{16, 4, "red", "bottom edge of a connected triangle, from a vertex whose flag is FALSE"},
                   {16, 12, "red", "the edge between the strip's two (front-facing) triangles"},
                   {8, 12, "red", "left edge"}, {12, 8, "background", "interior"}}});
   all.push_back({"quad-strip-points-flags-ignored", GL_QUAD_STRIP,
                  {{8.5f, 4.5f, kRed, false}, {8.5f, 20.5f, kRed, true}, {24.5f, 4.5f, kRed, false},
                   {24.5f, 20.5f, kRed, true}},
                  P, P, GL_NONE, false, false, false,
                  {{8, 4, "red", "a connected quad's vertex whose flag is FALSE"},
                   {24, 4, "red", "a connected quad's vertex whose flag is FALSE"},
                   {8, 20, "red", "vertex 1"}, {16, 4, "background", "not a vertex"}}});
   all.push_back({"quads-base-vertex", GL_QUADS, two_squares(), L, L, GL_NONE, false, false, false,
                  {{16, 4, "red", "front quad's edge, gl_BaseVertex"}, {48, 4, "red", "back quad's edge, gl_BaseVertex"},
                   {12, 8, "background", "a diagonal"}},
                  true});
   const char *first = quads_follow ? "red" : "white";
   const char *why = quads_follow ? "the quad's first vertex (quads follow the convention)"
                                  : "the quad's last vertex (quads do not follow the convention)";
   all.push_back({"quads-flat-first", GL_QUADS, coloured(ccw_square(kRed), {kRed, kGreen, kBlue, kWhite}), L, L,
                  GL_NONE, true, true, false,
                  {{16, 4, first, why}, {24, 12, first, why}, {16, 20, first, why}, {8, 12, first, why}}});
   return all;
}

// The two-sided program: front colour red, back colour green, whatever the vertex colour.
const char *const kTwoSidedVs = R"(#version 120
void main() { gl_FrontColor = vec4(1.0, 0.0, 0.0, 1.0); gl_BackColor = vec4(0.0, 1.0, 0.0, 1.0); gl_Position = gl_Vertex; }
)";
const char *const kTwoSidedFs = R"(#version 120
void main() { gl_FragColor = gl_Color; }
)";

const char *const kBaseVertexVs = R"(#version 130
#extension GL_ARB_shader_draw_parameters : require
void main() { gl_FrontColor = gl_BaseVertexARB == 0 ? vec4(1.0, 0.0, 0.0, 1.0) : vec4(0.0, 0.0, 1.0, 1.0); gl_Position = gl_Vertex; }
)";

// draw-arrays-first and draw-elements-base-vertex draw from 2 vertices into the buffer (first 2,
// base vertex 2), and so do their indirect forms (the parameters in a GL_DRAW_INDIRECT_BUFFER);
// primitive-restart puts the restart index before, after and between primitives.
const char *const kPaths[] = {"begin-end", "display-list", "draw-arrays", "draw-arrays-first",
                              "draw-elements-buffer", "draw-elements-client", "draw-elements-base-vertex",
                              "primitive-restart", "draw-arrays-indirect", "draw-elements-indirect"};

struct packed_vertex {
   float x, y, r, g, b;
   GLboolean edge;
   GLboolean pad[3];
};

void draw(const std::string &path, const draw_case &c, GLuint vbo, GLuint ebo) {
   // Window coordinates to the default viewport's normalized device coordinates.
   std::vector<packed_vertex> v;
   for (const vertex &p : c.vertices)
      v.push_back({2.0f * p.x / kWidth - 1.0f, 2.0f * p.y / kHeight - 1.0f, p.c.r, p.c.g, p.c.b,
                   static_cast<GLboolean>(p.edge ? GL_TRUE : GL_FALSE), {}});
   if (path == "begin-end" || path == "display-list") {
      const GLuint list = path == "display-list" ? glGenLists(1) : 0;
      if (list)
         glNewList(list, GL_COMPILE);
      glBegin(c.mode);
      for (const packed_vertex &p : v) {
         glEdgeFlag(p.edge);
         glColor3f(p.r, p.g, p.b);
         glVertex2f(p.x, p.y);
      }
      glEnd();
      glEdgeFlag(GL_TRUE);
      gl_test::call_list_once(list);
      return;
   }
   const GLint offset = path == "draw-arrays-first" || path == "draw-elements-base-vertex" ||
                              path == "draw-arrays-indirect" || path == "draw-elements-indirect"
                           ? 2
                           : 0;
   v.insert(v.begin(), offset, packed_vertex{-2.0f, -2.0f, 1, 1, 1, GL_TRUE, {}});
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(v.size() * sizeof(packed_vertex)), v.data(),
                GL_STREAM_DRAW);
   glEnableClientState(GL_VERTEX_ARRAY);
   glEnableClientState(GL_COLOR_ARRAY);
   glEnableClientState(GL_EDGE_FLAG_ARRAY);
   glVertexPointer(2, GL_FLOAT, sizeof(packed_vertex), reinterpret_cast<const void *>(0));
   glColorPointer(3, GL_FLOAT, sizeof(packed_vertex), reinterpret_cast<const void *>(2 * sizeof(float)));
   glEdgeFlagPointer(sizeof(packed_vertex), reinterpret_cast<const void *>(5 * sizeof(float)));
   const GLsizei count = static_cast<GLsizei>(c.vertices.size());
   const GLsizei prim = c.mode == GL_TRIANGLES ? 3 : c.mode == GL_QUADS ? 4 : count;
   std::vector<GLushort> indices;
   for (GLsizei i = 0; i < count; ++i)
      indices.push_back(static_cast<GLushort>(i));
   if (path == "draw-arrays" || path == "draw-arrays-first") {
      glDrawArrays(c.mode, offset, count);
   } else if (path == "draw-arrays-indirect" || path == "draw-elements-indirect") {
      const bool elements = path == "draw-elements-indirect";
      // count, instances, first (or first index, then base vertex), base instance
      const GLuint params[5] = {static_cast<GLuint>(count), 1, elements ? 0u : static_cast<GLuint>(offset),
                                elements ? static_cast<GLuint>(offset) : 0u, 0};
      GLuint indirect = 0;
      glGenBuffers(1, &indirect);
      glBindBuffer(GL_DRAW_INDIRECT_BUFFER, indirect);
      glBufferData(GL_DRAW_INDIRECT_BUFFER, sizeof params, params, GL_STREAM_DRAW);
      if (elements) {
         glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
         glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indices.size() * sizeof(GLushort)),
                      indices.data(), GL_STREAM_DRAW);
         glDrawElementsIndirect(c.mode, GL_UNSIGNED_SHORT, nullptr);
      } else {
         glDrawArraysIndirect(c.mode, nullptr);
      }
      glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
      glDeleteBuffers(1, &indirect);
   } else if (path == "draw-elements-buffer" || path == "draw-elements-base-vertex" ||
              path == "primitive-restart") {
      if (path == "primitive-restart") {
         indices.clear();
         for (GLsizei i = 0; i < count; ++i) {
            if (i % prim == 0)
               indices.push_back(0xffff);
            indices.push_back(static_cast<GLushort>(i));
         }
         indices.push_back(0xffff);
         glEnable(GL_PRIMITIVE_RESTART);
         glPrimitiveRestartIndex(0xffff);
      }
      glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
      glBufferData(GL_ELEMENT_ARRAY_BUFFER, static_cast<GLsizeiptr>(indices.size() * sizeof(GLushort)),
                   indices.data(), GL_STREAM_DRAW);
      glDrawElementsBaseVertex(c.mode, static_cast<GLsizei>(indices.size()), GL_UNSIGNED_SHORT, nullptr, offset);
      glDisable(GL_PRIMITIVE_RESTART);
   } else {
      glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
      glDrawElements(c.mode, count, GL_UNSIGNED_SHORT, indices.data());
   }
   glDisableClientState(GL_VERTEX_ARRAY);
   glDisableClientState(GL_COLOR_ARRAY);
   glDisableClientState(GL_EDGE_FLAG_ARRAY);
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
}

std::string colour_name(const GLubyte *p) {
   const bool r = p[0] > 200, g = p[1] > 200, b = p[2] > 200;
   const bool r0 = p[0] < 50, g0 = p[1] < 50, b0 = p[2] < 50;
   if (r && g0 && b0)
      return "red";
   if (g && r0 && b0)
      return "green";
   if (b && r0 && g0)
      return "blue";
   if (r && g && b)
      return "white";
   if (r0 && g0 && b0)
      return "background";
   char buf[48];
   std::snprintf(buf, sizeof buf, "(%d, %d, %d)", p[0], p[1], p[2]);
   return buf;
}

// A display list of two polygons, called `calls` times in FILL and then in LINE mode: one draw
// of the list's vertex state with two polygons in it, each filled or drawn as its edges. A driver
// releasing the list's state once per polygon instead of once per call frees it while the list
// holds it (a display list hands the driver 4 294 references at a time): a use after free within
// these calls, which this check sees only where it corrupts what is drawn (a mutation run with
// that release put back drew right: the allocator handed the memory to a same-sized state).
int repeated_list(int calls, bool verbose) {
   const GLuint list = glGenLists(1);
   glNewList(list, GL_COMPILE);
   for (const auto &square : {ccw_square(kRed), cw_square(kGreen)}) {
      glBegin(GL_POLYGON);
      for (const vertex &p : square) {
         glColor3f(p.c.r, p.c.g, p.c.b);
         glVertex2f(2.0f * p.x / kWidth - 1.0f, 2.0f * p.y / kHeight - 1.0f);
      }
      glEnd();
   }
   glEndList();
   int failures = 0;
   for (GLenum mode : {GL_FILL, GL_LINE}) {
      glPolygonMode(GL_FRONT_AND_BACK, mode);
      for (int i = 0; i < calls; ++i) {
         glClear(GL_COLOR_BUFFER_BIT);
         glCallList(list);
      }
      const struct {
         int x, y;
         const char *want;
      } probes[] = {{16, 4, "red"}, {48, 4, "green"}, {16, 12, mode == GL_FILL ? "red" : "background"},
                    {44, 8, mode == GL_FILL ? "green" : "background"}};
      for (const auto &p : probes) {
         GLubyte px[4] = {};
         glReadPixels(p.x, p.y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
         const std::string got = colour_name(px);
         const bool ok = got == p.want && glGetError() == GL_NO_ERROR;
         failures += !ok;
         if (!ok || verbose)
            std::printf("%s repeated-list, %s, %d calls: (%d, %d) %s, GL %s\n", ok ? "pass" : "FAIL",
                        mode == GL_FILL ? "fill" : "line", calls, p.x, p.y, got.c_str(), p.want);
      }
   }
   glDeleteLists(list, 1);
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   return failures;
}

// --bench-list: a display list of a 20 x 10 grid of quads, called `calls` times in FILL mode, then
// glFinish; no checks. Whole-process timings (with and without CLAMPLER_DISABLE=1) give what
// drawing a list's quads as triangles costs the clampler driver.
int bench_list(int calls) {
   const GLuint list = glGenLists(1);
   glNewList(list, GL_COMPILE);
   glBegin(GL_QUADS);
   for (int j = 0; j < 10; ++j)
      for (int i = 0; i < 20; ++i) {
         const float x0 = -1 + i * 0.1f, y0 = -1 + j * 0.2f, x1 = x0 + 0.08f, y1 = y0 + 0.16f;
         glColor3f(1, 0, 0);
         glVertex2f(x0, y0);
         glVertex2f(x1, y0);
         glVertex2f(x1, y1);
         glVertex2f(x0, y1);
      }
   glEnd();
   glEndList();
   for (int i = 0; i < calls; ++i) {
      glClear(GL_COLOR_BUFFER_BIT);
      glCallList(list);
   }
   return gl_test::finish_bench();
}

}  // namespace

int main(int argc, char **argv) {
   bool verbose = false;
   int bench_calls = 0;
   std::string only;
   std::vector<std::string> skip;
   for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "-v") {
         verbose = true;
      } else if (arg == "--bench-list" && i + 1 < argc && std::atoi(argv[i + 1]) > 0) {
         bench_calls = std::atoi(argv[++i]);
      } else if ((arg == "--case" || arg == "--skip") && i + 1 < argc) {
         if (arg == "--case")
            only = argv[++i];
         else
            skip.push_back(argv[++i]);
      } else {
         std::fprintf(stderr, "clampler-gl-edge-flags: unknown argument '%s' (-v, --case NAME, --skip NAME, --bench-list CALLS)\n",
                      arg.c_str());
         return 2;
      }
   }
   if (!gl_test::open_rgba8_target("clampler-gl-edge-flags", kWidth, kHeight))
      return 2;
   if (bench_calls)
      return bench_list(bench_calls);
   std::string error;
   const GLuint two_sided = gl_test::make_program(kTwoSidedVs, kTwoSidedFs, &error);
   if (!two_sided) {
      std::fprintf(stderr, "clampler-gl-edge-flags: the two-sided program: %s\n", error.c_str());
      return 2;
   }
   GLint extensions = 0;
   bool draw_parameters = false;
   glGetIntegerv(GL_NUM_EXTENSIONS, &extensions);
   for (GLint i = 0; i < extensions; ++i)
      draw_parameters |= std::string(reinterpret_cast<const char *>(glGetStringi(GL_EXTENSIONS, i))) ==
                         "GL_ARB_shader_draw_parameters";
   const GLuint base_vertex = draw_parameters ? gl_test::make_program(kBaseVertexVs, kTwoSidedFs, &error) : 0;
   if (draw_parameters && !base_vertex) {
      std::fprintf(stderr, "clampler-gl-edge-flags: the base-vertex program: %s\n", error.c_str());
      return 2;
   }
   GLboolean quads_follow = GL_FALSE;
   glGetBooleanv(GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION, &quads_follow);
   GLuint buffers[2] = {};
   glGenBuffers(2, buffers);
   int failures = 0, checks = 0;
   int ran = 0;
   for (const draw_case &c : cases(quads_follow == GL_TRUE)) {
      if ((!only.empty() && only != c.name) || std::find(skip.begin(), skip.end(), c.name) != skip.end())
         continue;
      if (c.base_vertex && !base_vertex) {
         std::printf("skip %s: the driver has no GL_ARB_shader_draw_parameters\n", c.name);
         continue;
      }
      ++ran;
      for (const char *path : kPaths) {
         glClearColor(0, 0, 0, 1);
         glClear(GL_COLOR_BUFFER_BIT);
         glPolygonMode(GL_FRONT, c.front);
         glPolygonMode(GL_BACK, c.back);
         if (c.cull != GL_NONE) {
            glEnable(GL_CULL_FACE);
            glCullFace(c.cull);
         }
         glShadeModel(c.flat ? GL_FLAT : GL_SMOOTH);
         glProvokingVertex(c.first_vertex ? GL_FIRST_VERTEX_CONVENTION : GL_LAST_VERTEX_CONVENTION);
         if (c.two_sided) {
            glUseProgram(two_sided);
            glEnable(GL_VERTEX_PROGRAM_TWO_SIDE);
         }
         if (c.base_vertex)
            glUseProgram(base_vertex);
         draw(path, c, buffers[0], buffers[1]);
         glUseProgram(0);
         glDisable(GL_VERTEX_PROGRAM_TWO_SIDE);
         glDisable(GL_CULL_FACE);
         if (glGetError() != GL_NO_ERROR) {
            std::printf("FAIL %s, %s: a GL error drawing\n", c.name, path);
            ++failures;
            continue;
         }
         for (const probe &p : c.probes) {
            GLubyte px[4] = {};
            glReadPixels(p.x, p.y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
            const std::string got = colour_name(px);
            const bool base_vertex_2 = c.base_vertex && (std::string(path) == "draw-elements-base-vertex" ||
                                                         std::string(path) == "draw-elements-indirect");
            const std::string want = base_vertex_2 && std::string(p.want) == "red" ? "blue" : p.want;
            const bool ok = got == want;
            ++checks;
            failures += !ok;
            if (!ok || verbose)
               std::printf("%s %s, %s: (%d, %d) %s, GL %s (%s)\n", ok ? "pass" : "FAIL", c.name, path, p.x, p.y,
                           got.c_str(), want.c_str(), p.why);
         }
      }
   }
   if (only.empty() || only == "repeated-list") {
      ++ran;
      const int failed = repeated_list(10000, verbose);
      checks += 8;
      failures += failed;
   }
   if (!ran) {
      std::fprintf(stderr, "clampler-gl-edge-flags: no case is named '%s'\n", only.c_str());
      return 2;
   }
   std::printf("clampler-gl-edge-flags: %d/%d pass (%s)\n", checks - failures, checks,
               reinterpret_cast<const char *>(glGetString(GL_RENDERER)));
   gl_test::close_context();
   return failures ? 1 : 0;
}
