// clampler-gl-clip-planes: user clip planes take effect on the draw after they are enabled, moved or disabled (GL 4.6 compatibility §13.7.1), on whatever GL driver EGL loads.
//
// A quad over window pixels 4..11 in x and y of a 16x16 target; clip plane 0 keeps x <= 0 (pixels
// 4..7: 32 lit left of x = 8, none right of it), moved to keep x >= 0 (the right 32), or disabled
// (all 64). The vertex stage is fixed-function, GLSL writing gl_ClipVertex with and without a
// uniform of its own, or GLSL writing gl_ClipDistance[0]; each order of events runs in a context
// of its own, since a driver lowering the planes into the vertex shader (zink) adds their state
// to the program the first time a plane is enabled.
//
//   clampler-gl-clip-planes                one line per failure and a summary; exit 1 on failure
//   clampler-gl-clip-planes -v             print every case
//   clampler-gl-clip-planes --skip NAME    not that case (may repeat; NAME as -v prints it in [])
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "gl_test_context.h"

namespace {

constexpr int kSize = 16;

enum class stage { fixed_function, clip_vertex, clip_vertex_uniform, clip_distance };
enum class order { never_enabled, enabled_first, enabled_after_a_draw, moved, disabled_after_a_draw };

// Each value's name in --skip and its words in the report, indexed by the enum.
struct label {
   const char *id, *words;
};
constexpr label kStages[] = {{"fixed-function", "fixed-function"},
                             {"clip-vertex", "gl_ClipVertex, no uniforms"},
                             {"clip-vertex-uniform", "gl_ClipVertex and a uniform"},
                             {"clip-distance", "gl_ClipDistance"}};
constexpr label kOrders[] = {{"never-enabled", "never enabled"},
                             {"enabled-first", "enabled before the first draw"},
                             {"enabled-after-a-draw", "enabled after a draw without it"},
                             {"moved", "moved between draws"},
                             {"disabled-after-a-draw", "disabled after a draw with it"}};
const label &of(stage s) { return kStages[static_cast<int>(s)]; }
const label &of(order o) { return kOrders[static_cast<int>(o)]; }

void quad(float x0, float y0, float x1, float y1) {
   glBegin(GL_QUADS);
   glVertex2f(x0, y0);
   glVertex2f(x1, y0);
   glVertex2f(x1, y1);
   glVertex2f(x0, y1);
   glEnd();
}

// Lit pixels of the target left and right of x = 8; false with *error after a GL error.
bool count_lit(int *left, int *right, std::string *error) {
   unsigned char px[kSize * kSize * 4] = {};
   glReadPixels(0, 0, kSize, kSize, GL_RGBA, GL_UNSIGNED_BYTE, px);
   *left = *right = 0;
   for (int y = 0; y < kSize; ++y)
      for (int x = 0; x < kSize; ++x)
         if (px[(y * kSize + x) * 4])
            ++(x < kSize / 2 ? *left : *right);
   if (glGetError() != GL_NO_ERROR) {
      *error = "a GL error";
      return false;
   }
   return true;
}

// Lit pixels left and right of x = 8 after the case's last draw; false with *error on setup failure.
bool run(EGLDisplay dpy, stage s, order o, int *left, int *right, std::string *error) {
   const EGLContext ctx = gl_test::make_current_context(dpy, error);
   if (ctx == EGL_NO_CONTEXT)
      return false;
   bool ok = gl_test::make_render_target(GL_RGBA8, kSize, kSize);
   if (!ok)
      *error = "the RGBA8 framebuffer is not complete";
   static const char *kFs = "#version 120\nvoid main() { gl_FragColor = vec4(1.0); }\n";
   GLuint prog = 0;
   if (ok && s != stage::fixed_function) {
      const char *vs = s == stage::clip_vertex ? "#version 120\nvoid main() { gl_Position = gl_Vertex; gl_ClipVertex = gl_Vertex; }\n"
                       : s == stage::clip_vertex_uniform
                          ? "#version 120\nuniform float k;\nvoid main() { gl_Position = gl_Vertex * k; gl_ClipVertex = gl_Vertex; }\n"
                          : "#version 130\nvoid main() { gl_Position = gl_Vertex; gl_ClipDistance[0] = -gl_Vertex.x; }\n";
      prog = gl_test::make_program(vs, kFs, error);
      ok = prog != 0;
      if (ok) {
         glUseProgram(prog);
         if (s == stage::clip_vertex_uniform)
            glUniform1f(glGetUniformLocation(prog, "k"), 1.0f);
      }
   }
   if (ok) {
      // Eye coordinates are object coordinates here (identity modelview).
      const GLdouble keep_left[4] = {-1, 0, 0, 0}, keep_right[4] = {1, 0, 0, 0};
      glClipPlane(GL_CLIP_PLANE0, keep_left);
      glClearColor(0, 0, 0, 0);
      glClear(GL_COLOR_BUFFER_BIT);
      if (o == order::enabled_after_a_draw)
         quad(0.9f, 0.9f, 1.0f, 1.0f);  // a corner pixel, cleared below
      if (o != order::never_enabled)
         glEnable(GL_CLIP_PLANE0);
      if (o == order::moved || o == order::disabled_after_a_draw) {
         quad(-0.5f, -0.5f, 0.5f, 0.5f);
         if (o == order::moved)
            glClipPlane(GL_CLIP_PLANE0, keep_right);
         else
            glDisable(GL_CLIP_PLANE0);
      }
      glClear(GL_COLOR_BUFFER_BIT);
      quad(-0.5f, -0.5f, 0.5f, 0.5f);
      ok = count_lit(left, right, error);
   }
   if (prog)
      glDeleteProgram(prog);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   return ok;
}

// Core profile (GL 3.2): a GLSL 1.50 vertex shader writes gl_ClipDistance[0] = -x (keeps x <= 0)
// and gl_ClipDistance[1] = x (keeps x >= 0); only the enabled ones clip (GLSL 1.30 §7.1: "Values
// written into gl_ClipDistance for planes that are not enabled have no effect").
bool run_core(EGLDisplay dpy, unsigned enables, int *left, int *right, std::string *error) {
   eglBindAPI(EGL_OPENGL_API);
   const EGLint attribs[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 2,
                             EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
   const EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attribs);
   if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
      *error = "no GL 3.2 core-profile context";
      return false;
   }
   bool ok = gl_test::make_render_target(GL_RGBA8, kSize, kSize);
   if (!ok)
      *error = "the RGBA8 framebuffer is not complete";
   GLuint prog = 0, vao = 0, vbo = 0;
   if (ok) {
      prog = gl_test::make_program(
         "#version 150\nin vec2 p;\nvoid main() { gl_Position = vec4(p, 0.0, 1.0); gl_ClipDistance[0] = -p.x; "
         "gl_ClipDistance[1] = p.x; }\n",
         "#version 150\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n", error);
      ok = prog != 0;
   }
   if (ok) {
      glUseProgram(prog);
      const float strip[8] = {-0.5f, -0.5f, 0.5f, -0.5f, -0.5f, 0.5f, 0.5f, 0.5f};
      glGenVertexArrays(1, &vao);
      glBindVertexArray(vao);
      glGenBuffers(1, &vbo);
      glBindBuffer(GL_ARRAY_BUFFER, vbo);
      glBufferData(GL_ARRAY_BUFFER, sizeof strip, strip, GL_STATIC_DRAW);
      const GLint loc = glGetAttribLocation(prog, "p");
      glEnableVertexAttribArray(loc);
      glVertexAttribPointer(loc, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
      glClearColor(0, 0, 0, 0);
      glClear(GL_COLOR_BUFFER_BIT);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);  // with no plane enabled first
      for (unsigned i = 0; i < 2; ++i)
         (enables & (1u << i) ? glEnable : glDisable)(GL_CLIP_DISTANCE0 + i);
      glClear(GL_COLOR_BUFFER_BIT);
      glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
      ok = count_lit(left, right, error);
   }
   if (vbo)
      glDeleteBuffers(1, &vbo);
   if (vao)
      glDeleteVertexArrays(1, &vao);
   if (prog)
      glDeleteProgram(prog);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   return ok;
}

}  // namespace

int main(int argc, char **argv) {
   bool verbose = false;
   std::vector<std::string> skip;
   for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "-v") {
         verbose = true;
      } else if (arg == "--skip" && i + 1 < argc) {
         skip.push_back(argv[++i]);
      } else {
         std::fprintf(stderr, "clampler-gl-clip-planes: unknown argument '%s' (-v, --skip NAME)\n", argv[i]);
         return 2;
      }
   }
   auto skipped = [&](const std::string &name) { return std::find(skip.begin(), skip.end(), name) != skip.end(); };
   std::string error;
   const EGLDisplay dpy = gl_test::open_display(&error);
   if (dpy == EGL_NO_DISPLAY) {
      std::fprintf(stderr, "clampler-gl-clip-planes: %s\n", error.c_str());
      return 2;
   }
   int failures = 0, cases = 0;
   std::string renderer;
   for (stage s : {stage::fixed_function, stage::clip_vertex, stage::clip_vertex_uniform, stage::clip_distance})
      for (order o : {order::never_enabled, order::enabled_first, order::enabled_after_a_draw, order::moved,
                      order::disabled_after_a_draw}) {
         const std::string name = std::string(of(s).id) + "/" + of(o).id;
         if ((s == stage::clip_distance && o == order::moved) || skipped(name))
            continue;  // the shader's distance does not read the plane
         int left = 0, right = 0;
         if (!run(dpy, s, o, &left, &right, &error)) {
            std::fprintf(stderr, "clampler-gl-clip-planes: %s, %s: %s\n", of(s).words, of(o).words, error.c_str());
            return 2;
         }
         const int want_left = o == order::moved ? 0 : 32;
         const bool all = o == order::never_enabled || o == order::disabled_after_a_draw;
         const int want_right = o == order::moved || all ? 32 : 0;
         const bool ok = left == want_left && right == want_right;
         ++cases;
         failures += !ok;
         if (!ok || verbose)
            std::printf("%s [%s] %s, plane %s: %d pixels lit left of x = 8 and %d right, GL %d and %d\n",
                        ok ? "pass" : "FAIL", name.c_str(), of(s).words, of(o).words, left, right, want_left,
                        want_right);
      }
   for (unsigned enables = 0; enables < 4; ++enables) {
      const std::string name = "core/enabled-" + std::string(enables == 0 ? "none" : enables == 1 ? "0" : enables == 2 ? "1" : "both");
      if (skipped(name))
         continue;
      int left = 0, right = 0;
      if (!run_core(dpy, enables, &left, &right, &error)) {
         std::fprintf(stderr, "clampler-gl-clip-planes: core profile: %s\n", error.c_str());
         return 2;
      }
      const int want_left = enables & 2 ? 0 : 32, want_right = enables & 1 ? 0 : 32;
      const bool ok = left == want_left && right == want_right;
      ++cases;
      failures += !ok;
      if (!ok || verbose)
         std::printf("%s [%s] core profile, gl_ClipDistance[0] and [1] written, clip distances enabled: %s: %d pixels "
                     "lit left of x = 8 and %d right, GL %d and %d\n", ok ? "pass" : "FAIL", name.c_str(),
                     enables == 0 ? "none" : enables == 1 ? "0" : enables == 2 ? "1" : "0 and 1", left, right,
                     want_left, want_right);
   }
   if (gl_test::make_current_context(dpy, &error) != EGL_NO_CONTEXT)
      renderer = reinterpret_cast<const char *>(glGetString(GL_RENDERER));
   std::printf("clampler-gl-clip-planes: %d/%d pass (%s)\n", cases - failures, cases, renderer.c_str());
   gl_test::close_context();
   return failures ? 1 : 0;
}
