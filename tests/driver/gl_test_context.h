// gl_test_context: what the project's GL test programs share: an EGL surfaceless desktop GL context and program building.
#pragma once

#include <EGL/egl.h>
#include <EGL/eglext.h>
#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

namespace gl_test {

// The EGL surfaceless display (initialized), or EGL_NO_DISPLAY with `*error` saying why.
inline EGLDisplay open_display(std::string *error) {
   const auto get_display =
      reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(eglGetProcAddress("eglGetPlatformDisplayEXT"));
   EGLDisplay dpy =
      get_display ? get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr) : EGL_NO_DISPLAY;
   EGLint major = 0, minor = 0;
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &major, &minor)) {
      *error = "no EGL surfaceless display (Mesa's libegl-mesa0)";
      return EGL_NO_DISPLAY;
   }
   return dpy;
}

// A compatibility-profile context (GL_CLAMP exists only there) on `dpy`, current on the calling
// thread (the API binding is per thread, so each thread asks for desktop GL itself).
inline EGLContext make_current_context(EGLDisplay dpy, std::string *error) {
   eglBindAPI(EGL_OPENGL_API);
   EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, nullptr);
   if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
      *error = "cannot create or bind a desktop GL context";
      return EGL_NO_CONTEXT;
   }
   return ctx;
}

// A compatibility-profile context on whatever driver EGL loads, current on this thread.
inline bool open_context(std::string *error) {
   const EGLDisplay dpy = open_display(error);
   return dpy != EGL_NO_DISPLAY && make_current_context(dpy, error) != EGL_NO_CONTEXT;
}

// Releases the context and terminates the display, so the driver destroys its device.
inline void close_context() {
   EGLDisplay dpy = eglGetCurrentDisplay();
   if (dpy == EGL_NO_DISPLAY)
      return;
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglTerminate(dpy);
}

inline bool compile(GLuint shader, const char *src, std::string *error) {
   glShaderSource(shader, 1, &src, nullptr);
   glCompileShader(shader);
   GLint ok = 0;
   glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[2048] = {};
      glGetShaderInfoLog(shader, sizeof(log), nullptr, log);
      *error = std::string("shader does not compile: ") + log;
   }
   return ok != 0;
}

// A linked program of the two shaders, or 0 with `*error` saying why; transform feedback captures
// `varyings` (none by default), interleaved.
inline GLuint make_program(const char *vs_src, const char *fs_src, std::string *error,
                           std::initializer_list<const char *> varyings = {}) {
   const GLuint vs = glCreateShader(GL_VERTEX_SHADER), fs = glCreateShader(GL_FRAGMENT_SHADER);
   if (!compile(vs, vs_src, error) || !compile(fs, fs_src, error))
      return 0;
   const GLuint prog = glCreateProgram();
   glAttachShader(prog, vs);
   glAttachShader(prog, fs);
   if (varyings.size())
      glTransformFeedbackVaryings(prog, static_cast<GLsizei>(varyings.size()), varyings.begin(), GL_INTERLEAVED_ATTRIBS);
   glLinkProgram(prog);
   GLint ok = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   if (!ok) {
      *error = "program does not link";
      return 0;
   }
   return prog;
}

// The command line of a program whose one option is -v (print every case): false, with a line on
// stderr starting "program: ", for anything else.
inline bool parse_verbose(const char *program, int argc, char **argv, bool *verbose) {
   *verbose = false;
   for (int i = 1; i < argc; ++i) {
      if (std::string(argv[i]) != "-v") {
         std::fprintf(stderr, "%s: unknown argument '%s' (-v)\n", program, argv[i]);
         return false;
      }
      *verbose = true;
   }
   return true;
}

// The cases of a program that checks a list of them: a line per failing case (and per passing one
// with -v) naming its first failure, and a summary.
struct case_tally {
   const char *program;
   bool verbose;
   int cases = 0, failures = 0;
   // One case's failures (none: it passes); false, with a line on stderr, for a case that could
   // not be set up (`error`), after which the program exits with status 2.
   bool add(const std::string &name, const std::vector<std::string> &fails, const std::string &error) {
      if (!error.empty()) {
         std::fprintf(stderr, "%s: %s: %s\n", program, name.c_str(), error.c_str());
         return false;
      }
      ++cases;
      failures += !fails.empty();
      if (!fails.empty() || verbose) {
         const std::string more = fails.size() > 1 ? " (and " + std::to_string(fails.size() - 1) + " more)" : "";
         std::printf("%s [%s]%s%s%s\n", fails.empty() ? "pass" : "FAIL", name.c_str(), fails.empty() ? "" : ": ",
                     fails.empty() ? "" : fails.front().c_str(), more.c_str());
      }
      return true;
   }
   // The summary line on `renderer`; the exit status (1 when a case failed).
   int finish(const std::string &renderer) const {
      std::printf("%s: %d/%d pass (%s)\n", program, cases - failures, cases, renderer.c_str());
      return failures ? 1 : 0;
   }
};

// A draw's display list (0: none, the draw was immediate): ended, called once and deleted.
inline void call_list_once(GLuint list) {
   if (!list)
      return;
   glEndList();
   glCallList(list);
   glDeleteLists(list, 1);
}

// A command-line count: a whole number in [1, max], or false.
inline bool parse_count(const char *text, long max, int *out) {
   char *end = nullptr;
   const long n = std::strtol(text, &end, 10);
   if (end == text || *end || n < 1 || n > max)
      return false;
   *out = static_cast<int>(n);
   return true;
}

// A w x h renderbuffer of `format` as the bound framebuffer's colour attachment, the viewport
// over it; false when the framebuffer is not complete. The objects live as long as the context;
// their names go to *fbo_out and *rb_out when given.
inline bool make_render_target(GLenum format, int w, int h, GLuint *fbo_out = nullptr, GLuint *rb_out = nullptr) {
   GLuint fbo = 0, rb = 0;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, format, w, h);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   glViewport(0, 0, w, h);
   if (fbo_out)
      *fbo_out = fbo;
   if (rb_out)
      *rb_out = rb;
   return glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
}

// A context (open_context) drawing into a w x h RGBA8 render target (make_render_target); false,
// with a line on stderr starting "program: ", when either cannot be had.
inline bool open_rgba8_target(const char *program, int w, int h) {
   std::string error;
   if (!open_context(&error)) {
      std::fprintf(stderr, "%s: %s\n", program, error.c_str());
      return false;
   }
   if (!make_render_target(GL_RGBA8, w, h)) {
      std::fprintf(stderr, "%s: the RGBA8 framebuffer is not complete\n", program);
      return false;
   }
   return true;
}

// A checking program's start: its command line (parse_verbose) and a w x h RGBA8 target
// (open_rgba8_target); the GL renderer's name, or empty (the program then exits with status 2).
inline std::string start_checks(const char *program, int argc, char **argv, int w, int h, bool *verbose) {
   if (!parse_verbose(program, argc, argv, verbose) || !open_rgba8_target(program, w, h))
      return "";
   return reinterpret_cast<const char *>(glGetString(GL_RENDERER));
}

// The end of a --bench run: waits for the driver, releases the context and returns the exit
// status (1 when GL raised an error).
inline int finish_bench() {
   glFinish();
   const bool ok = glGetError() == GL_NO_ERROR;
   close_context();
   return ok ? 0 : 1;
}

// The error one step of a run raised, read after glFinish with `finish` (a driver that works on a
// thread of its own has then met every failure of the step); GL_OUT_OF_MEMORY counts into *oom.
inline GLenum step_error(bool finish, int *oom) {
   if (finish)
      glFinish();
   const GLenum e = glGetError();
   if (e == GL_OUT_OF_MEMORY)
      ++*oom;
   return e;
}

// The error after a run's readback: a GL_OUT_OF_MEMORY raised late (by a step whose failure the
// driver met after that step's glGetError) counts into *oom, and the error after it is returned.
inline GLenum readback_error(int *oom) {
   GLenum e = glGetError();
   if (e == GL_OUT_OF_MEMORY) {
      ++*oom;
      e = glGetError();
   }
   return e;
}

inline bool has_extension(const char *name) {
   GLint n = 0;
   glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; ++i)
      if (std::strcmp(reinterpret_cast<const char *>(glGetStringi(GL_EXTENSIONS, i)), name) == 0)
         return true;
   return false;
}

}  // namespace gl_test
