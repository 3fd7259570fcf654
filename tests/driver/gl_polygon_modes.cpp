// clampler-gl-polygon-modes: glPolygonMode with the front and back modes apart, through every draw path, on whatever GL driver EGL loads, checked against GL 4.6 compatibility §14.6.4.
//
// Each face is drawn in its own mode (front GL_FILL, back GL_LINE), and primitives are drawn in
// order (§2.1: "primitives are drawn in the order given"). Two triangles in one draw, in window
// coordinates of a 64x32 framebuffer: a back-facing one (clockwise, green) with a vertical edge
// on the pixel centres of column 20, and a front-facing one (counter-clockwise, red) whose
// interior covers that edge at (20, 16). GL then gives, whatever the rasterizer's edge rules:
//   (14, 10): red, inside the front triangle only;
//   (30, 16): background, inside the back triangle, far from its edges (GL_LINE draws edges only);
//   (20, 16): the colour of the triangle drawn last (the back edge or the front interior).
// Both orders, through glBegin/glEnd, a display list, glDrawArrays, glDrawElements (client and
// buffer indices), primitive restart, glMultiDrawArrays, glDrawArraysIndirect and
// glMultiDrawArraysIndirect (two commands, a stride of 8 words); and with a
// fragment shader reading gl_PrimitiveID (the front interior half red when the front triangle is
// the draw's first primitive, full red when it is the second; no order check there). Then with a
// fragment shader colouring by gl_FrontFacing (red front, green back: the same pixels), from one
// glDrawArrays and from two GL_POLYGONs: a polygon's edges drawn in GL_LINE mode have the
// polygon's facing (§15.2.2: "including ones resulting from polygons rendered as points or
// lines"), where a line of its own would be front-facing. Last, a back-facing quad in GL_LINE
// mode through that shader, by glBegin and by glDrawArrays: its left edge green and no diagonal
// through its centre (a quad's boundary, §14.6.4). And a quad in GL_LINE mode under transform
// feedback (GL_TRIANGLES): captured as two triangles, counted as two primitives generated, drawn
// as its boundary with the same samples passed as without transform feedback (rasterization
// does not depend on it); without transform feedback it counts as many primitives generated (and,
// with GL_ARB_pipeline_statistics_query, submitted) as the same quad filled: queries count
// primitives before the polygon mode, a rasterization rule. So do the scene's two triangles with
// the modes apart, through the fixed-function pipeline and the gl_PrimitiveID program.
//
//   clampler-gl-polygon-modes      one line per failure and a summary; exit 1 on failure
//   clampler-gl-polygon-modes -v   print every case
//   clampler-gl-polygon-modes --bench apart|same [FRAMES]   no checks: FRAMES (100) frames of a 20 000-triangle
//        mesh from a buffer (glDrawArrays), half the triangles facing each way, front FILL and
//        back LINE ("apart") or both LINE ("same"), then glFinish: whole-process timings of the
//        two, e.g. farm-bench --vs '... --bench same' -- ... --bench apart, give the face
//        passes' cost on the driver.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "gl_test_context.h"

namespace {

constexpr int kWidth = 64, kHeight = 32;

struct vertex {
   float x, y, r, g, b;
};

// Window coordinates to the default viewport's normalized device coordinates.
vertex at(float wx, float wy, float r, float g, float b) {
   return {2.0f * wx / kWidth - 1.0f, 2.0f * wy / kHeight - 1.0f, r, g, b};
}

std::vector<vertex> scene(bool back_first) {
   const std::vector<vertex> back = {at(20.5f, 2.5f, 0, 1, 0), at(20.5f, 29.5f, 0, 1, 0), at(40.5f, 16.0f, 0, 1, 0)};
   const std::vector<vertex> front = {at(8.5f, 6.5f, 1, 0, 0), at(32.5f, 6.5f, 1, 0, 0), at(20.5f, 28.5f, 1, 0, 0)};
   std::vector<vertex> v = back_first ? back : front;
   const auto &second = back_first ? front : back;
   v.insert(v.end(), second.begin(), second.end());
   return v;
}

const char *const kPaths[] = {"begin-end",         "display-list",      "draw-arrays",
                              "draw-elements-client", "draw-elements-buffer", "primitive-restart",
                              "multi-draw-arrays", "draw-arrays-indirect", "multi-draw-arrays-indirect", "primitive-id",
                              "front-facing",      "front-facing-polygons"};

// For "primitive-id": a fragment shader that shows gl_PrimitiveID, full colour for the draw's
// second triangle, half for its first (GLSL 1.50: the primitive's number within the draw).
const char *const kPrimitiveIdVs = R"(#version 150 compatibility
void main() { gl_FrontColor = gl_Color; gl_BackColor = gl_Color; gl_Position = gl_Vertex; }
)";
const char *const kPrimitiveIdFs = R"(#version 150 compatibility
void main() { gl_FragColor = vec4(gl_Color.rgb * (gl_PrimitiveID == 1 ? 1.0 : 0.5), 1.0); }
)";

// For "front-facing" and "front-facing-polygons": red for a front face, green for a back one.
const char *const kFacingFs = R"(#version 150 compatibility
void main() { gl_FragColor = gl_FrontFacing ? vec4(1.0, 0.0, 0.0, 1.0) : vec4(0.0, 1.0, 0.0, 1.0); }
)";

void draw(const std::string &path, const std::vector<vertex> &v, GLuint vbo, GLuint ebo, GLuint indirect) {
   if (path == "begin-end" || path == "display-list") {
      // A display list replays its vertices from a buffer Mesa builds (a vertex state where the
      // driver has one): another way into the driver's draw.
      const GLuint list = path == "display-list" ? glGenLists(1) : 0;
      if (list)
         glNewList(list, GL_COMPILE);
      glBegin(GL_TRIANGLES);
      for (const vertex &p : v) {
         glColor3f(p.r, p.g, p.b);
         glVertex2f(p.x, p.y);
      }
      glEnd();
      gl_test::call_list_once(list);
      return;
   }
   if (path == "front-facing-polygons") {
      for (size_t first = 0; first + 3 <= v.size(); first += 3) {
         glBegin(GL_POLYGON);
         for (size_t k = first; k < first + 3; ++k) {
            glColor3f(v[k].r, v[k].g, v[k].b);
            glVertex2f(v[k].x, v[k].y);
         }
         glEnd();
      }
      return;
   }
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(v.size() * sizeof(vertex)), v.data(), GL_STREAM_DRAW);
   glEnableClientState(GL_VERTEX_ARRAY);
   glEnableClientState(GL_COLOR_ARRAY);
   glVertexPointer(2, GL_FLOAT, sizeof(vertex), reinterpret_cast<const void *>(0));
   glColorPointer(3, GL_FLOAT, sizeof(vertex), reinterpret_cast<const void *>(2 * sizeof(float)));
   const GLushort indices[] = {0, 1, 2, 3, 4, 5}, restart[] = {0, 1, 2, 0xffff, 3, 4, 5};
   if (path == "draw-arrays" || path == "primitive-id" || path == "front-facing") {
      glDrawArrays(GL_TRIANGLES, 0, 6);
   } else if (path == "draw-elements-client") {
      glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
      glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, indices);
   } else if (path == "draw-elements-buffer") {
      glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
      glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof indices, indices, GL_STREAM_DRAW);
      glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, nullptr);
   } else if (path == "primitive-restart") {
      glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ebo);
      glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof restart, restart, GL_STREAM_DRAW);
      glEnable(GL_PRIMITIVE_RESTART);
      glPrimitiveRestartIndex(0xffff);
      glDrawElements(GL_TRIANGLES, 7, GL_UNSIGNED_SHORT, nullptr);
      glDisable(GL_PRIMITIVE_RESTART);
   } else if (path == "multi-draw-arrays") {
      const GLint firsts[] = {0, 3};
      const GLsizei counts[] = {3, 3};
      glMultiDrawArrays(GL_TRIANGLES, firsts, counts, 2);
   } else if (path == "draw-arrays-indirect") {
      const GLuint command[] = {6, 1, 0, 0};  // count, instances, first, base instance
      glBindBuffer(GL_DRAW_INDIRECT_BUFFER, indirect);
      glBufferData(GL_DRAW_INDIRECT_BUFFER, sizeof command, command, GL_STREAM_DRAW);
      glDrawArraysIndirect(GL_TRIANGLES, nullptr);
      glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
   } else if (path == "multi-draw-arrays-indirect") {
      // One triangle per command, 8 words apart (a stride past the 4 a command takes).
      const GLuint commands[] = {3, 1, 0, 0, 0, 0, 0, 0, 3, 1, 3, 0, 0, 0, 0, 0};
      glBindBuffer(GL_DRAW_INDIRECT_BUFFER, indirect);
      glBufferData(GL_DRAW_INDIRECT_BUFFER, sizeof commands, commands, GL_STREAM_DRAW);
      glMultiDrawArraysIndirect(GL_TRIANGLES, nullptr, 2, 8 * sizeof(GLuint));
      glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
   }
   glDisableClientState(GL_VERTEX_ARRAY);
   glDisableClientState(GL_COLOR_ARRAY);
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
}

std::string colour_name(const GLubyte *p) {
   if (p[0] > 200 && p[1] < 50 && p[2] < 50)
      return "red";
   if (p[1] > 200 && p[0] < 50 && p[2] < 50)
      return "green";
   if (p[0] < 50 && p[1] < 50 && p[2] < 50)
      return "background";
   if (p[0] > 100 && p[0] < 160 && p[1] < 50 && p[2] < 50)
      return "half red";
   if (p[1] > 100 && p[1] < 160 && p[0] < 50 && p[2] < 50)
      return "half green";
   char buf[48];
   std::snprintf(buf, sizeof buf, "(%d, %d, %d)", p[0], p[1], p[2]);
   return buf;
}

// The back-facing quad (clockwise in window coordinates) from (40.5, 4.5) to (60.5, 27.5) in
// GL_LINE mode through the gl_FrontFacing shader: (40, 16) on its left edge is green (a back
// face's), (50, 16), by its centre on the diagonal a decomposition into triangles would add, is
// the background. One line per failure; returns the failures, adds the checks to `*checks`.
int facing_quad(GLuint program, GLuint vbo, bool verbose, int *checks) {
   const vertex quad[] = {at(40.5f, 4.5f, 0, 1, 0), at(40.5f, 27.5f, 0, 1, 0), at(60.5f, 27.5f, 0, 1, 0),
                          at(60.5f, 4.5f, 0, 1, 0)};
   int failures = 0;
   for (const char *how : {"begin-end", "draw-arrays"}) {
      glClear(GL_COLOR_BUFFER_BIT);
      glUseProgram(program);
      if (std::string(how) == "begin-end") {
         glBegin(GL_QUADS);
         for (const vertex &p : quad)
            glVertex2f(p.x, p.y);
         glEnd();
      } else {
         glBindBuffer(GL_ARRAY_BUFFER, vbo);
         glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STREAM_DRAW);
         glEnableClientState(GL_VERTEX_ARRAY);
         glVertexPointer(2, GL_FLOAT, sizeof(vertex), nullptr);
         glDrawArrays(GL_QUADS, 0, 4);
         glDisableClientState(GL_VERTEX_ARRAY);
         glBindBuffer(GL_ARRAY_BUFFER, 0);
      }
      glUseProgram(0);
      const struct {
         int x, y;
         const char *want, *why;
      } probes[] = {{40, 16, "green", "the left edge, a back face's"}, {50, 16, "background", "the centre, no diagonal"}};
      for (const auto &p : probes) {
         GLubyte px[4] = {};
         glReadPixels(p.x, p.y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
         const std::string got = colour_name(px);
         const bool ok = got == p.want;
         ++*checks;
         failures += !ok;
         if (!ok || verbose)
            std::printf("%s facing-quad %s: (%d, %d) %s, GL %s (%s)\n", ok ? "pass" : "FAIL", how, p.x, p.y,
                        got.c_str(), p.want, p.why);
      }
   }
   return failures;
}

// What `query` (of `target`) counts for `draws` glDrawArrays of the bound quad in polygon mode
// `mode`, without transform feedback.
GLuint quads_counted(GLuint query, GLenum target, GLenum mode, int draws) {
   GLuint n = 0;
   glPolygonMode(GL_FRONT_AND_BACK, mode);
   glBeginQuery(target, query);
   for (int i = 0; i < draws; ++i)
      glDrawArrays(GL_QUADS, 0, 4);
   glEndQuery(target);
   glGetQueryObjectuiv(query, GL_QUERY_RESULT, &n);
   return n;
}

// The quad from (16.5, 4.5) to (39.5, 27.5) in GL_LINE mode, drawn with and without transform
// feedback: (16, 16) on its left edge is lit, (22, 10) and (33, 10), pixel centres on its two
// diagonals, are not. One line per failure; returns the failures, adds the checks to `*checks`.
int xfb_quad(GLuint vbo, bool verbose, int *checks) {
   int failures = 0;
   auto check = [&](bool ok, const std::string &what) {
      ++*checks;
      failures += !ok;
      if (!ok || verbose)
         std::printf("%s xfb-quad: %s\n", ok ? "pass" : "FAIL", what.c_str());
   };
   std::string error;
   const GLuint program = gl_test::make_program(
      "#version 130\nout vec2 captured;\nvoid main() { captured = gl_Vertex.xy; gl_Position = gl_Vertex; }\n",
      "#version 130\nvoid main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }\n", &error, {"captured"});
   check(program != 0, "the transform feedback program: " + (program ? std::string("links") : error));
   if (!program)
      return failures;
   const vertex quad[] = {at(16.5f, 4.5f, 0, 0, 0), at(39.5f, 4.5f, 0, 0, 0), at(39.5f, 27.5f, 0, 0, 0),
                          at(16.5f, 27.5f, 0, 0, 0)};
   GLuint xfb = 0, queries[3] = {};
   glGenBuffers(1, &xfb);
   glGenQueries(3, queries);
   glUseProgram(program);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STREAM_DRAW);
   glEnableClientState(GL_VERTEX_ARRAY);
   glVertexPointer(2, GL_FLOAT, sizeof(vertex), nullptr);
   glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, xfb);
   glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 256, nullptr, GL_STREAM_READ);
   glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, xfb);
   // What a query counts for the quad drawn in `mode` without transform feedback. The polygon
   // mode is a rasterization rule (§14.6.4): the primitives GL counts before it do not depend
   // on it.
   auto counted = [&](GLenum target, GLenum mode) { return quads_counted(queries[1], target, mode, 1); };
   const GLuint filled_generated = counted(GL_PRIMITIVES_GENERATED, GL_FILL);
   if (gl_test::has_extension("GL_ARB_pipeline_statistics_query")) {
      const GLuint filled = counted(GL_PRIMITIVES_SUBMITTED_ARB, GL_FILL);
      const GLuint lines = counted(GL_PRIMITIVES_SUBMITTED_ARB, GL_LINE);
      check(lines == filled, "primitives submitted " + std::to_string(lines) + " in GL_LINE mode, as many as filled: " +
                                 std::to_string(filled));
   } else if (verbose) {
      std::printf("skip xfb-quad: no GL_ARB_pipeline_statistics_query for the submitted primitives\n");
   }
   glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   GLuint samples[2] = {}, generated[2] = {}, written = 0;
   std::string diagonal[2][2], edge[2];
   for (int with_xfb = 0; with_xfb < 2; ++with_xfb) {
      glClear(GL_COLOR_BUFFER_BIT);
      glBeginQuery(GL_SAMPLES_PASSED, queries[0]);
      glBeginQuery(GL_PRIMITIVES_GENERATED, queries[1]);
      if (with_xfb) {
         glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, queries[2]);
         glBeginTransformFeedback(GL_TRIANGLES);
      }
      glDrawArrays(GL_QUADS, 0, 4);
      if (with_xfb) {
         glEndTransformFeedback();
         glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
         glGetQueryObjectuiv(queries[2], GL_QUERY_RESULT, &written);
      }
      glEndQuery(GL_PRIMITIVES_GENERATED);
      glGetQueryObjectuiv(queries[1], GL_QUERY_RESULT, &generated[with_xfb]);
      glEndQuery(GL_SAMPLES_PASSED);
      glGetQueryObjectuiv(queries[0], GL_QUERY_RESULT, &samples[with_xfb]);
      GLubyte px[4] = {};
      glReadPixels(22, 10, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
      diagonal[with_xfb][0] = colour_name(px);
      glReadPixels(33, 10, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
      diagonal[with_xfb][1] = colour_name(px);
      glReadPixels(16, 16, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
      edge[with_xfb] = colour_name(px);
   }
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   glPolygonMode(GL_BACK, GL_LINE);
   glDisableClientState(GL_VERTEX_ARRAY);
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, 0);
   glUseProgram(0);
   glDeleteQueries(3, queries);
   glDeleteBuffers(1, &xfb);
   glDeleteProgram(program);
   check(written == 2, "two triangles captured, GL " + std::to_string(written));
   check(generated[1] == 2, "two primitives generated under transform feedback, GL " + std::to_string(generated[1]));
   check(generated[0] == filled_generated,
         "primitives generated without transform feedback " + std::to_string(generated[0]) + ", as many as filled: " +
             std::to_string(filled_generated));
   check(samples[0] > 0 && samples[1] == samples[0],
         "samples passed " + std::to_string(samples[1]) + " with transform feedback, " + std::to_string(samples[0]) +
             " without");
   for (int with_xfb = 0; with_xfb < 2; ++with_xfb) {
      const std::string how = with_xfb ? "with transform feedback" : "without";
      check(edge[with_xfb] == "green", "(16, 16) on the left edge " + how + ": " + edge[with_xfb]);
      check(diagonal[with_xfb][0] == "background" && diagonal[with_xfb][1] == "background",
            "(22, 10) and (33, 10), no diagonal " + how + ": " + diagonal[with_xfb][0] + ", " + diagonal[with_xfb][1]);
   }
   return failures;
}

// The scene's two triangles from one glDrawArrays and from a display list, front GL_FILL and back
// GL_LINE, count as many primitives generated as the same draw with both faces filled (§14.6.4:
// the polygon mode is a rasterization rule), through the fixed-function pipeline and through the
// gl_PrimitiveID program (which the clampler driver draws by a pass per face, patch 0044, not by
// edge records; a display list through its vertex state).
int mode_apart_counts(GLuint primitive_id_program, GLuint buffers[3], bool verbose, int *checks) {
   int failures = 0;
   GLuint query = 0;
   glGenQueries(1, &query);
   for (const char *path : {"draw-arrays", "display-list"})
      for (const GLuint program : {GLuint(0), primitive_id_program}) {
         GLuint generated[2] = {};
         for (int apart = 0; apart < 2; ++apart) {
            glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
            if (apart)
               glPolygonMode(GL_BACK, GL_LINE);
            glUseProgram(program);
            glBeginQuery(GL_PRIMITIVES_GENERATED, query);
            draw(path, scene(true), buffers[0], buffers[1], buffers[2]);
            glEndQuery(GL_PRIMITIVES_GENERATED);
            glGetQueryObjectuiv(query, GL_QUERY_RESULT, &generated[apart]);
            glUseProgram(0);
         }
         const bool ok = generated[1] == generated[0] && generated[0] > 0;
         ++*checks;
         failures += !ok;
         if (!ok || verbose)
            std::printf("%s mode-apart-counts %s, %s: primitives generated %u with the modes apart, %u filled\n",
                        ok ? "pass" : "FAIL", path, program ? "primitive-id" : "fixed-function", generated[1],
                        generated[0]);
      }
   glDeleteQueries(1, &query);
   glPolygonMode(GL_FRONT, GL_FILL);
   glPolygonMode(GL_BACK, GL_LINE);
   return failures;
}

// Many draws inside primitives-generated queries: three queries of 2 000 LINE-mode quads, one
// glDrawArrays each, count as many as the same quads filled in each query (the clampler driver
// pauses a query around each draw's edge records, and each pause takes one of the results a
// query holds until it begins again: patch 0061 leaves 2 500 of them to the pauses); then one
// query of 6 000 such draws from client memory, past that budget, must end with no GL error (and,
// in the smoke's validated run, no Vulkan message: the results stay inside the query's buffer).
// Its count is printed, not checked: past the budget the clampler driver counts the later draws'
// records.
int many_draws_counts(GLuint vbo, bool verbose, int *checks) {
   int failures = 0;
   while (glGetError() != GL_NO_ERROR) {
   }
   const vertex quad[] = {at(16.5f, 4.5f, 0, 1, 0), at(39.5f, 4.5f, 0, 1, 0), at(39.5f, 27.5f, 0, 1, 0),
                          at(16.5f, 27.5f, 0, 1, 0)};
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STREAM_DRAW);
   glEnableClientState(GL_VERTEX_ARRAY);
   glVertexPointer(2, GL_FLOAT, sizeof(vertex), nullptr);
   GLuint query = 0;
   glGenQueries(1, &query);
   auto counted = [&](GLenum mode, int draws) { return quads_counted(query, GL_PRIMITIVES_GENERATED, mode, draws); };
   const GLuint filled = counted(GL_FILL, 2000);
   for (int q = 0; q < 3; ++q) {
      const GLuint lines = counted(GL_LINE, 2000);
      const bool ok = lines == filled && filled > 0;
      ++*checks;
      failures += !ok;
      if (!ok || verbose)
         std::printf("%s many-draws: query %d, 2000 LINE quads: %u primitives generated, %u filled\n",
                     ok ? "pass" : "FAIL", q + 1, lines, filled);
   }
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   glVertexPointer(2, GL_FLOAT, sizeof(vertex), quad);
   const GLuint past = counted(GL_LINE, 6000);
   const GLenum error = glGetError();
   ++*checks;
   failures += error != GL_NO_ERROR;
   if (error != GL_NO_ERROR || verbose)
      std::printf("%s many-draws: 6000 LINE quads in one query: GL error 0x%x (%u primitives generated, not checked)\n",
                  error == GL_NO_ERROR ? "pass" : "FAIL", error, past);
   glDeleteQueries(1, &query);
   glDisableClientState(GL_VERTEX_ARRAY);
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   glPolygonMode(GL_FRONT, GL_FILL);
   glPolygonMode(GL_BACK, GL_LINE);
   return failures;
}

// --bench: a 100 x 100 grid of quads split into triangles whose windings alternate, drawn 100
// times from one buffer.
int bench(bool apart, int frames) {
   std::vector<float> xy;
   for (int j = 0; j < 100; ++j)
      for (int i = 0; i < 100; ++i) {
         const float x0 = -1 + i * 0.02f, y0 = -1 + j * 0.02f, x1 = x0 + 0.02f, y1 = y0 + 0.02f;
         const float tri[] = {x0, y0, x1, y0, x1, y1,   // counter-clockwise: front
                              x0, y0, x1, y1, x0, y1};  // then reversed below: back
         xy.insert(xy.end(), tri, tri + 6);
         xy.insert(xy.end(), {tri[6], tri[7], tri[10], tri[11], tri[8], tri[9]});
      }
   GLuint vbo = 0;
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(xy.size() * sizeof(float)), xy.data(), GL_STATIC_DRAW);
   glEnableClientState(GL_VERTEX_ARRAY);
   glVertexPointer(2, GL_FLOAT, 0, nullptr);
   glPolygonMode(GL_FRONT, apart ? GL_FILL : GL_LINE);
   glPolygonMode(GL_BACK, GL_LINE);
   for (int frame = 0; frame < frames; ++frame) {
      glClear(GL_COLOR_BUFFER_BIT);
      glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(xy.size() / 2));
   }
   return gl_test::finish_bench();
}

}  // namespace

int main(int argc, char **argv) {
   const bool verbose = argc > 1 && std::string(argv[1]) == "-v";
   const bool bench_mode = argc > 1 && std::string(argv[1]) == "--bench";
   if (bench_mode && (argc < 3 || (std::string(argv[2]) != "apart" && std::string(argv[2]) != "same") ||
                      (argc > 3 && std::atoi(argv[3]) <= 0))) {
      std::fprintf(stderr, "clampler-gl-polygon-modes: --bench takes apart or same, then a positive frame count\n");
      return 2;
   }
   if (!gl_test::open_rgba8_target("clampler-gl-polygon-modes", kWidth, kHeight))
      return 2;
   std::string error;
   if (bench_mode)
      return bench(std::string(argv[2]) == "apart", argc > 3 ? std::atoi(argv[3]) : 100);
   GLuint buffers[3] = {};
   glGenBuffers(3, buffers);
   glShadeModel(GL_FLAT);
   glPolygonMode(GL_FRONT, GL_FILL);
   glPolygonMode(GL_BACK, GL_LINE);
   const GLuint primitive_id_program = gl_test::make_program(kPrimitiveIdVs, kPrimitiveIdFs, &error);
   if (!primitive_id_program) {
      std::fprintf(stderr, "clampler-gl-polygon-modes: the gl_PrimitiveID program: %s\n", error.c_str());
      return 2;
   }
   const GLuint facing_program = gl_test::make_program(kPrimitiveIdVs, kFacingFs, &error);
   if (!facing_program) {
      std::fprintf(stderr, "clampler-gl-polygon-modes: the gl_FrontFacing program: %s\n", error.c_str());
      return 2;
   }
   int failures = 0, checks = 0;
   for (const char *path : kPaths)
      for (bool back_first : {true, false}) {
         const bool primitive_id = std::string(path) == "primitive-id";
         glClearColor(0, 0, 0, 1);
         glClear(GL_COLOR_BUFFER_BIT);
         const bool facing = std::string(path).rfind("front-facing", 0) == 0;
         glUseProgram(primitive_id ? primitive_id_program : facing ? facing_program : 0);
         draw(path, scene(back_first), buffers[0], buffers[1], buffers[2]);
         glUseProgram(0);
         if (glGetError() != GL_NO_ERROR) {
            std::printf("FAIL %s: a GL error drawing\n", path);
            ++failures;
            continue;
         }
         const struct {
            int x, y;
            const char *want, *why;
         } probes[] = {{14, 10, primitive_id && !back_first ? "half red" : "red", "front interior, filled"},
                       {30, 16, "background", "back interior, drawn as lines"},
                       {20, 16, back_first ? "red" : "green", "the later primitive"}};
         // With gl_PrimitiveID read, the clampler driver draws each face's pass over the whole
         // draw (a Vulkan draw numbers its primitives from 0): the values are checked, not the
         // order between faces (docs/driver.md, patch 0044).
         for (const auto &p : probes) {
            if (primitive_id && p.x == 20)
               continue;
            GLubyte px[4] = {};
            glReadPixels(p.x, p.y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
            const std::string got = colour_name(px);
            const bool ok = got == p.want;
            ++checks;
            failures += !ok;
            if (!ok || verbose)
               std::printf("%s %s, %s first: (%d, %d) %s, GL %s (%s)\n", ok ? "pass" : "FAIL", path,
                           back_first ? "back" : "front", p.x, p.y, got.c_str(), p.want, p.why);
         }
      }
   failures += facing_quad(facing_program, buffers[0], verbose, &checks);
   failures += xfb_quad(buffers[0], verbose, &checks);
   failures += mode_apart_counts(primitive_id_program, buffers, verbose, &checks);
   failures += many_draws_counts(buffers[0], verbose, &checks);
   std::printf("clampler-gl-polygon-modes: %d/%d pass (%s)\n", checks - failures, checks,
               reinterpret_cast<const char *>(glGetString(GL_RENDERER)));
   gl_test::close_context();
   return failures ? 1 : 0;
}
