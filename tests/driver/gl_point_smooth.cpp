// clampler-gl-point-smooth: GL_POINT_SMOOTH draws round points, on whatever GL driver EGL loads (GL 4.6 compatibility §14.4.2).
//
// An antialiased point covers the pixels whose squares meet the circle of the point's size (its
// diameter) centred at the point, each fragment's alpha scaled by the area they share; how that
// area is computed is the implementation's. So, for each point and pixel of a 48x48 target
// cleared to black, in window coordinates:
//   - a pixel whose square the circle holds whole (its farthest corner within r = size / 2 of
//     the centre) is drawn, in the point's colour with alpha 1 (coverage 1);
//   - a pixel whose square the circle misses (its nearest point r or more away) keeps the clear
//     colour;
//   - the others, in part, are not checked (margins of 1/100 pixel keep ties out).
// Eight points of each integer size 3, 6, 9, 16 and 25 at sub-pixel positions (each in a cell of its
// own), sized by glPointSize or by a GLSL 1.20 vertex shader's gl_PointSize under
// GL_VERTEX_PROGRAM_POINT_SIZE, drawn by glBegin/glEnd, glDrawArrays from client arrays and a display
// list. Point sprites ignore smoothing (§14.4: point sprites are squares whatever GL_POINT_SMOOTH
// says), so a GL_POINT_SPRITE case of size 9 expects each point's whole square (points on pixel
// centres, where the compatibility profile's and core GL's squares agree). GL clips a point by its
// vertex only (compatibility §13.7: a point whose vertex lies in the clip volume is drawn whole),
// so under a viewport smaller than the target, points of sizes 9 and 16 whose centres lie 1.7 to
// 2.6 pixels inside each of its edges must be drawn beyond it too.
//
//   clampler-gl-point-smooth      one line per failure and a summary; exit 1 on failure
//   clampler-gl-point-smooth -v   print every case
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "gl_test_context.h"

namespace {

constexpr int kSize = 48;

enum class sizing { state, shader };
enum class path { begin_end, draw_arrays, display_list };

const char *id(sizing s) { return s == sizing::state ? "glPointSize" : "gl_PointSize"; }
const char *id(path p) {
   return p == path::begin_end ? "begin-end" : p == path::draw_arrays ? "draw-arrays" : "display-list";
}

struct point {
   double x, y;  // window coordinates
};

// A viewport (window coordinates); the whole target unless a case says otherwise.
struct view {
   int x = 0, y = 0, w = kSize, h = kSize;
};
constexpr view kInner{10, 8, 26, 30};

// Points whose centres lie just inside each edge of kInner, their circles reaching beyond it.
std::vector<point> points_at_edges() {
   return {{kInner.x + 2.3, kInner.y + 12.6}, {kInner.x + kInner.w - 1.7, kInner.y + 20.2},
           {kInner.x + 13.4, kInner.y + 1.8}, {kInner.x + 6.1, kInner.y + kInner.h - 2.6}};
}

// Eight points on a 4x2 grid of 12x24 cells (a point of size 25 may reach into the next cell's
// margin, never another point's circle: the cells' centres are at least 12 apart and sizes up to
// 9 go there; sizes 16 and 25 use four and two points), at sub-pixel offsets.
std::vector<point> points_for(int size, bool on_centres) {
   static const double dx[8] = {0.3, 0.71, 0.5, 0.13, 0.92, 0.37, 0.6, 0.05};
   static const double dy[8] = {0.45, 0.2, 0.5, 0.88, 0.61, 0.09, 0.33, 0.74};
   const int n = size <= 9 ? 8 : size <= 16 ? 4 : 2;
   const int cols = size <= 9 ? 4 : 2, cell_w = kSize / cols, cell_h = size <= 16 ? kSize / 2 : kSize;
   std::vector<point> out;
   for (int i = 0; i < n; ++i)
      out.push_back({(i % cols) * cell_w + cell_w / 2 + (on_centres ? 0.5 : dx[i] - 0.5),
                     (i / cols) * cell_h + cell_h / 2 + (on_centres ? 0.5 : dy[i] - 0.5)});
   return out;
}

void draw(const std::vector<point> &pts, path p, const view &vp) {
   std::vector<float> xy;
   for (const point &v : pts) {
      xy.push_back(static_cast<float>(2.0 * (v.x - vp.x) / vp.w - 1.0));
      xy.push_back(static_cast<float>(2.0 * (v.y - vp.y) / vp.h - 1.0));
   }
   const GLsizei n = static_cast<GLsizei>(pts.size());
   if (p == path::draw_arrays) {
      glEnableClientState(GL_VERTEX_ARRAY);
      glVertexPointer(2, GL_FLOAT, 0, xy.data());
      glDrawArrays(GL_POINTS, 0, n);
      glDisableClientState(GL_VERTEX_ARRAY);
      return;
   }
   GLuint list = 0;
   if (p == path::display_list) {
      list = glGenLists(1);
      glNewList(list, GL_COMPILE);
   }
   glBegin(GL_POINTS);
   for (GLsizei i = 0; i < n; ++i)
      glVertex2f(xy[2 * i], xy[2 * i + 1]);
   glEnd();
   gl_test::call_list_once(list);
}

// The failures of one case (empty when it passes), or a setup error in *error.
std::vector<std::string> run(int size, sizing sz, path pa, bool sprite, bool at_edges, std::string *error) {
   GLuint prog = 0;
   if (sz == sizing::shader) {
      prog = gl_test::make_program(
          "#version 120\nuniform float size;\nvoid main() { gl_Position = gl_Vertex; gl_FrontColor = gl_Color;"
          " gl_PointSize = size; }\n",
          "#version 120\nvoid main() { gl_FragColor = gl_Color; }\n", error);
      if (!prog)
         return {};
      glUseProgram(prog);
      glUniform1f(glGetUniformLocation(prog, "size"), static_cast<float>(size));
      glEnable(GL_VERTEX_PROGRAM_POINT_SIZE);
   } else {
      glPointSize(static_cast<float>(size));
   }
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glColor4f(0.0f, 1.0f, 0.5f, 1.0f);
   glEnable(GL_POINT_SMOOTH);
   if (sprite)
      glEnable(GL_POINT_SPRITE);
   const view vp = at_edges ? kInner : view{};
   glViewport(vp.x, vp.y, vp.w, vp.h);
   const std::vector<point> pts = at_edges ? points_at_edges() : points_for(size, sprite);
   draw(pts, pa, vp);
   glViewport(0, 0, kSize, kSize);
   glDisable(GL_POINT_SPRITE);
   glDisable(GL_POINT_SMOOTH);
   if (prog) {
      glDisable(GL_VERTEX_PROGRAM_POINT_SIZE);
      glUseProgram(0);
      glDeleteProgram(prog);
   }
   glPointSize(1.0f);
   unsigned char px[kSize * kSize * 4] = {};
   glReadPixels(0, 0, kSize, kSize, GL_RGBA, GL_UNSIGNED_BYTE, px);
   if (glGetError() != GL_NO_ERROR) {
      *error = "a GL error";
      return {};
   }
   const double r = size / 2.0;
   std::vector<std::string> fails;
   for (int y = 0; y < kSize; ++y)
      for (int x = 0; x < kSize; ++x) {
         // Whole: the farthest corner within r of some point's centre; missed: every point's circle
         // r or more from the square's nearest point. A sprite: the square of side size around it.
         bool whole = false, missed = true;
         for (const point &c : pts) {
            const double fx = std::max(std::fabs(x - c.x), std::fabs(x + 1 - c.x));
            const double fy = std::max(std::fabs(y - c.y), std::fabs(y + 1 - c.y));
            const double nx = std::max({0.0, x - c.x, c.x - (x + 1)}), ny = std::max({0.0, y - c.y, c.y - (y + 1)});
            if (sprite) {
               // The square of side `size` centred on the point: a pixel whose centre it holds.
               const bool in = std::fabs(x + 0.5 - c.x) < r - 0.01 && std::fabs(y + 0.5 - c.y) < r - 0.01;
               const bool out = std::fabs(x + 0.5 - c.x) > r + 0.01 || std::fabs(y + 0.5 - c.y) > r + 0.01;
               whole = whole || in;
               missed = missed && out;
            } else {
               whole = whole || std::hypot(fx, fy) <= r - 0.01;
               missed = missed && std::hypot(nx, ny) >= r + 0.01;
            }
         }
         const unsigned char *p = &px[(y * kSize + x) * 4];
         const std::string at = "pixel (" + std::to_string(x) + ", " + std::to_string(y) + ")";
         if (whole && !(p[0] == 0 && p[1] == 255 && std::abs(p[2] - 128) <= 1 && p[3] == 255))
            fails.push_back(at + (sprite ? " inside the sprite's square" : " inside the circle") + " is (" +
                            std::to_string(p[0]) + ", " + std::to_string(p[1]) + ", " + std::to_string(p[2]) + ", " +
                            std::to_string(p[3]) + "), not the point's colour with alpha 1");
         if (missed && (p[0] || p[1] || p[2] || p[3]))
            fails.push_back(at + (sprite ? " outside the sprite's square" : " outside the circle") + " is drawn");
      }
   return fails;
}

}  // namespace

int main(int argc, char **argv) {
   bool verbose = false;
   const std::string renderer = gl_test::start_checks("clampler-gl-point-smooth", argc, argv, kSize, kSize, &verbose);
   if (renderer.empty())
      return 2;
   GLfloat range[2] = {0, 0};
   glGetFloatv(GL_SMOOTH_POINT_SIZE_RANGE, range);
   gl_test::case_tally tally{"clampler-gl-point-smooth", verbose};
   struct one {
      int size;
      sizing sz;
      path pa;
      bool sprite;
      bool at_edges;
   };
   std::vector<one> all;
   for (int size : {3, 6, 9, 16, 25})
      for (sizing sz : {sizing::state, sizing::shader})
         for (path pa : {path::begin_end, path::draw_arrays, path::display_list})
            all.push_back({size, sz, pa, false, false});
   all.push_back({9, sizing::state, path::begin_end, true, false});
   for (int size : {9, 16})
      for (sizing sz : {sizing::state, sizing::shader})
         all.push_back({size, sz, path::begin_end, false, true});
   for (const one &c : all) {
      const std::string name = std::string(c.sprite ? "sprite/" : c.at_edges ? "viewport-edges/" : "") + "size" +
                               std::to_string(c.size) + "/" + id(c.sz) + "/" + id(c.pa);
      if (c.size > range[1]) {
         std::printf("skip [%s]: GL_SMOOTH_POINT_SIZE_RANGE ends at %g\n", name.c_str(), range[1]);
         continue;
      }
      std::string error;
      const std::vector<std::string> fails = run(c.size, c.sz, c.pa, c.sprite, c.at_edges, &error);
      if (!tally.add(name, fails, error))
         return 2;
   }
   return tally.finish(renderer);
}
