// clampler-gl-clip-edges: a polygon drawn in GL_LINE mode and cut by a user clip plane is outlined along the plane too, on whatever GL driver EGL loads (GL 2.1 §2.17).
//
// GL 2.1 §2.17 (clipping): polygon clipping connects the clipped edges "by new edges that lie along
// the clip volume's boundary", and "edges introduced by clipping are flagged as boundary (edge flag
// TRUE)", so GL_LINE mode draws them whatever the polygon's own edge flags. Each case draws one
// white shape in GL_LINE mode into a 32x32 target, window coordinates below, with plane 0 keeping
// x <= 16.8 (and in one shape plane 1 keeping y <= 20.8): the new edge is the segment of the line
// x = 16.8 inside the shape, and by the diamond-exit rule (§3.5.1; column 16's diamond holds the
// line in every row it crosses) it lights column 16 in each row it spans. Checked away from its
// ends, where GL lets implementations differ by a fragment:
//   - the new edge's pixels lit (rows 7..24 of column 16; rows 7..18 and row 20's columns 7..14
//     with the second plane; rows 7..18 for the triangle, whose hypotenuse meets x = 10.8 at
//     y = 21.2, its plane keeping x <= 10.8, column 10), in the colour interpolated there: each
//     vertex's colour is (x / 32, y / 32, 1) of its window position, an affine function, so any
//     point of the shape has its own (§14.6.1's barycentric interpolation, on any split into
//     triangles) and a fragment of the new edge has its centre's projection on the edge's
//     (§14.5.1): red 16.8 / 32 (10.8 / 32) along x = 16.8 (10.8), green (y + 1/2) / 32 in row y,
//     and along y = 20.8 red (x + 1/2) / 32 and green 20.8 / 32, each within 2/255;
//   - nothing lit on the clipped side (columns 17 and up; rows 21 and up with the second plane;
//     columns 11 and up for the triangle);
//   - the inside unlit (column 12, rows 7..24, 7..18 with the second plane: no diagonal, no
//     fill; the quad's diagonals cross it in rows 12 and 19), and for the triangle whose
//     edge flags are all GL_FALSE, nothing lit but the new edge's column.
// Shapes: a quad, a quad strip of two quads, a pentagon, the triangle with its edge flags off, the
// quad under both planes, and the quad with GL_POLYGON_OFFSET_LINE on (no depth buffer: the same
// pixels; the clampler driver then clips its edges at near and far in the shader); and, through a
// GLSL 1.30 program with a noperspective colour, the quad and the quad with clip w 1, 2, 1.5 and 3
// at its corners (the same window positions): clipping makes a noperspective output's value at a
// new vertex by the vertex's place in window coordinates, so the colour stays (x / 32, y / 32, 1). Planes from glClipPlane (fixed function) or a GLSL 1.30 vertex shader
// writing gl_ClipDistance; drawn by glBegin/glEnd, glDrawArrays from client arrays (edge flags by
// glEdgeFlagPointer) and a display list.
//
//   clampler-gl-clip-edges      one line per failure and a summary; exit 1 on failure
//   clampler-gl-clip-edges -v   print every case
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "gl_test_context.h"

namespace {

constexpr int kSize = 32;

struct point {
   float x, y;  // window coordinates
};

enum class shape { quad, quad_strip, pentagon, triangle_flags_off, quad_two_planes, quad_offset, quad_varied_w };
enum class stage { fixed_function, clip_distance, noperspective };
enum class path { begin_end, draw_arrays, display_list };

struct shape_info {
   const char *id;
   GLenum prim;
   std::vector<point> vertices;
   float plane_x;  // plane 0 keeps window x <= plane_x
   bool second_plane;
   bool flags_off;
   bool offset;
   bool varied_w;  // clip w 1, 2, 1.5 and 3 at the four corners (the same window positions)
};

const shape_info &info(shape s) {
   static const shape_info kShapes[] = {
       {"quad", GL_QUADS, {{4.3f, 4.4f}, {27.7f, 4.4f}, {27.7f, 27.6f}, {4.3f, 27.6f}}, 16.8f, false, false, false, false},
       {"quad-strip", GL_QUAD_STRIP,
        {{4.3f, 4.4f}, {4.3f, 27.6f}, {14.2f, 4.4f}, {14.2f, 27.6f}, {27.7f, 4.4f}, {27.7f, 27.6f}}, 16.8f, false, false, false, false},
       {"pentagon", GL_POLYGON, {{4.3f, 4.4f}, {27.7f, 4.4f}, {27.7f, 27.6f}, {10.2f, 27.6f}, {4.3f, 16.1f}}, 16.8f, false,
        false, false, false},
       {"triangle-edge-flags-off", GL_TRIANGLES, {{4.3f, 4.4f}, {27.7f, 4.4f}, {4.3f, 27.6f}}, 10.8f, false, true, false, false},
       {"quad-two-planes", GL_QUADS, {{4.3f, 4.4f}, {27.7f, 4.4f}, {27.7f, 27.6f}, {4.3f, 27.6f}}, 16.8f, true, false, false, false},
       {"quad-offset", GL_QUADS, {{4.3f, 4.4f}, {27.7f, 4.4f}, {27.7f, 27.6f}, {4.3f, 27.6f}}, 16.8f, false, false, true, false},
       {"quad-varied-w", GL_QUADS, {{4.3f, 4.4f}, {27.7f, 4.4f}, {27.7f, 27.6f}, {4.3f, 27.6f}}, 16.8f, false, false, false,
        true},
   };
   return kShapes[static_cast<int>(s)];
}
const char *id(stage s) {
   return s == stage::fixed_function ? "fixed-function" : s == stage::clip_distance ? "clip-distance" : "noperspective";
}
const char *id(path p) {
   return p == path::begin_end ? "begin-end" : p == path::draw_arrays ? "draw-arrays" : "display-list";
}

constexpr float kPlaneY = 20.8f;  // plane 1 keeps window y <= kPlaneY

// Plane coefficients in object coordinates (= normalized device coordinates here): a x + b y + d >= 0.
void plane_x_at_most(float wx, double eq[4]) {
   eq[0] = -1.0, eq[1] = 0.0, eq[2] = 0.0, eq[3] = 2.0 * wx / kSize - 1.0;
}
void plane_y_at_most(float wy, double eq[4]) {
   eq[0] = 0.0, eq[1] = -1.0, eq[2] = 0.0, eq[3] = 2.0 * wy / kSize - 1.0;
}

void draw(const shape_info &s, path p) {
   std::vector<float> xy, rgb;
   std::vector<GLboolean> flags;
   static const float kW[4] = {1.0f, 2.0f, 1.5f, 3.0f};
   for (const point &v : s.vertices) {
      const float w = s.varied_w ? kW[xy.size() / 4 % 4] : 1.0f;
      xy.push_back((2.0f * v.x / kSize - 1.0f) * w);
      xy.push_back((2.0f * v.y / kSize - 1.0f) * w);
      xy.push_back(0.0f);
      xy.push_back(w);
      rgb.insert(rgb.end(), {v.x / kSize, v.y / kSize, 1.0f});
      flags.push_back(s.flags_off ? GL_FALSE : GL_TRUE);
   }
   const GLsizei n = static_cast<GLsizei>(s.vertices.size());
   if (p == path::draw_arrays) {
      glEnableClientState(GL_VERTEX_ARRAY);
      glVertexPointer(4, GL_FLOAT, 0, xy.data());
      glEnableClientState(GL_COLOR_ARRAY);
      glColorPointer(3, GL_FLOAT, 0, rgb.data());
      glEnableClientState(GL_EDGE_FLAG_ARRAY);
      glEdgeFlagPointer(0, flags.data());
      glDrawArrays(s.prim, 0, n);
      glDisableClientState(GL_EDGE_FLAG_ARRAY);
      glDisableClientState(GL_COLOR_ARRAY);
      glDisableClientState(GL_VERTEX_ARRAY);
      return;
   }
   GLuint list = 0;
   if (p == path::display_list) {
      list = glGenLists(1);
      glNewList(list, GL_COMPILE);
   }
   glBegin(s.prim);
   for (GLsizei i = 0; i < n; ++i) {
      glEdgeFlag(flags[i]);
      glColor3fv(&rgb[3 * i]);
      glVertex4fv(&xy[4 * i]);
   }
   glEnd();
   glEdgeFlag(GL_TRUE);
   gl_test::call_list_once(list);
}

// The failures of one case (empty when it passes), or a setup error in *error.
std::vector<std::string> run(shape sh, stage st, path pa, std::string *error) {
   const shape_info &s = info(sh);
   GLuint prog = 0;
   if (st == stage::clip_distance) {
      prog = gl_test::make_program(
          "#version 130\nuniform vec4 plane[2];\n"
          "void main() { gl_Position = gl_Vertex; gl_FrontColor = gl_Color; gl_ClipDistance[0] = dot(plane[0], gl_Vertex);"
          " gl_ClipDistance[1] = dot(plane[1], gl_Vertex); }\n",
          "#version 130\nvoid main() { gl_FragColor = gl_Color; }\n", error);
      if (!prog)
         return {};
   } else if (st == stage::noperspective) {
      prog = gl_test::make_program(
          "#version 130\nuniform vec4 plane[2];\nnoperspective out vec4 c;\n"
          "void main() { gl_Position = gl_Vertex; c = gl_Color; gl_ClipDistance[0] = dot(plane[0], gl_Vertex);"
          " gl_ClipDistance[1] = dot(plane[1], gl_Vertex); }\n",
          "#version 130\nnoperspective in vec4 c;\nvoid main() { gl_FragColor = c; }\n", error);
      if (!prog)
         return {};
   }
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   if (s.offset) {
      glPolygonOffset(1.0f, 1.0f);
      glEnable(GL_POLYGON_OFFSET_LINE);
   }
   double eq[2][4];
   plane_x_at_most(s.plane_x, eq[0]);
   plane_y_at_most(s.second_plane ? kPlaneY : float(kSize), eq[1]);
   if (prog) {
      glUseProgram(prog);
      const float f[8] = {float(eq[0][0]), float(eq[0][1]), float(eq[0][2]), float(eq[0][3]),
                          float(eq[1][0]), float(eq[1][1]), float(eq[1][2]), float(eq[1][3])};
      glUniform4fv(glGetUniformLocation(prog, "plane"), 2, f);
   } else {
      glClipPlane(GL_CLIP_PLANE0, eq[0]);
      glClipPlane(GL_CLIP_PLANE1, eq[1]);
   }
   glEnable(GL_CLIP_PLANE0);
   if (s.second_plane)
      glEnable(GL_CLIP_PLANE1);
   draw(s, pa);
   glDisable(GL_CLIP_PLANE0);
   glDisable(GL_CLIP_PLANE1);
   glDisable(GL_POLYGON_OFFSET_LINE);
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   if (prog) {
      glUseProgram(0);
      glDeleteProgram(prog);
   }
   unsigned char px[kSize * kSize * 4] = {};
   glReadPixels(0, 0, kSize, kSize, GL_RGBA, GL_UNSIGNED_BYTE, px);
   if (glGetError() != GL_NO_ERROR) {
      *error = "a GL error";
      return {};
   }
   const auto lit = [&](int x, int y) { return px[(y * kSize + x) * 4 + 2] != 0; };
   // Red and green within 2/255 of GL's, as text when not.
   const auto colour = [&](int x, int y, double r, double g) -> std::string {
      const unsigned char *c = &px[(y * kSize + x) * 4];
      if (std::abs(c[0] - r * 255.0) <= 2.0 && std::abs(c[1] - g * 255.0) <= 2.0)
         return "";
      char text[96];
      std::snprintf(text, sizeof(text), " red %d and green %d where GL gives %.1f and %.1f", c[0], c[1], r * 255.0,
                    g * 255.0);
      return text;
   };
   std::vector<std::string> fails;
   const auto expect = [&](bool ok, const std::string &what) {
      if (!ok)
         fails.push_back(what);
   };
   const int col = static_cast<int>(s.plane_x);  // the column whose diamonds hold x = plane_x
   const int last_row = sh == shape::triangle_flags_off || s.second_plane ? 18 : 24;
   for (int y = 7; y <= last_row; ++y) {
      const std::string at = "pixel (" + std::to_string(col) + ", " + std::to_string(y) + ")";
      expect(lit(col, y), "the new edge along the plane: " + at + " unlit");
      const std::string off = colour(col, y, s.plane_x / kSize, (y + 0.5) / kSize);
      expect(!lit(col, y) || off.empty(), "the new edge along the plane: " + at + off);
   }
   if (s.second_plane) {
      for (int x = 7; x <= 14; ++x) {
         const std::string at = "pixel (" + std::to_string(x) + ", 20)";
         expect(lit(x, 20), "the new edge along plane 1: " + at + " unlit");
         const std::string off = colour(x, 20, (x + 0.5) / kSize, kPlaneY / kSize);
         expect(!lit(x, 20) || off.empty(), "the new edge along plane 1: " + at + off);
      }
   }
   for (int y = 0; y < kSize; ++y) {
      for (int x = 0; x < kSize; ++x) {
         const bool clipped = x > col || (s.second_plane && y > static_cast<int>(kPlaneY));
         if (clipped)
            expect(!lit(x, y), "clipped away: pixel (" + std::to_string(x) + ", " + std::to_string(y) + ") lit");
         else if (s.flags_off && x != col)
            expect(!lit(x, y), "edge flags off: pixel (" + std::to_string(x) + ", " + std::to_string(y) + ") lit");
      }
   }
   if (!s.flags_off) {
      for (int y = 7; y <= (s.second_plane ? 18 : 24); ++y)
         expect(!lit(12, y), "inside the polygon: pixel (12, " + std::to_string(y) + ") lit");
   }
   return fails;
}

}  // namespace

int main(int argc, char **argv) {
   bool verbose = false;
   const std::string renderer = gl_test::start_checks("clampler-gl-clip-edges", argc, argv, kSize, kSize, &verbose);
   if (renderer.empty())
      return 2;
   gl_test::case_tally tally{"clampler-gl-clip-edges", verbose};
   for (shape sh : {shape::quad, shape::quad_strip, shape::pentagon, shape::triangle_flags_off, shape::quad_two_planes,
                    shape::quad_offset, shape::quad_varied_w}) {
      for (stage st : {stage::fixed_function, stage::clip_distance, stage::noperspective}) {
         // With w other than 1 only noperspective colours are affine in window coordinates.
         if (info(sh).varied_w != (st == stage::noperspective) && (info(sh).varied_w || sh != shape::quad))
            continue;
         for (path pa : {path::begin_end, path::draw_arrays, path::display_list}) {
            std::string error;
            const std::vector<std::string> fails = run(sh, st, pa, &error);
            if (!tally.add(std::string(info(sh).id) + "/" + id(st) + "/" + id(pa), fails, error))
               return 2;
         }
      }
   }
   return tally.finish(renderer);
}
