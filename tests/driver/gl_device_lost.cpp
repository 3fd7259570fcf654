// clampler-gl-device-lost: draws frame after frame until the driver reports a lost device, and checks GL's answer to it.
//
// One EGL surfaceless context — with --robust created with GL_LOSE_CONTEXT_ON_RESET
// (EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_KHR) and robust access — draws F frames (default
// 200): each clears a 16x16 RGBA8 framebuffer object, draws a textured point through a sampler
// object with a border colour, finishes (glFinish, so each frame reaches the device) and reads a
// pixel back. After each frame it asks glGetGraphicsResetStatus (robust contexts only): ARB_robustness
// (GL 4.5 §2.3.2) says a context whose device was reset reports GL_GUILTY_, GL_INNOCENT_ or
// GL_UNKNOWN_CONTEXT_RESET (then GL_NO_ERROR once the reset completes), and that a lost context's
// commands fail with GL_CONTEXT_LOST: after a reset the program issues a glClear and reads
// glGetError. Run it where the device can be lost on demand (VK_LAYER_CLAMPLER_limits with
// CLAMPLER_LIMIT_LOSE_DEVICE_AFTER=N under a Vulkan driver).
//
//   clampler-gl-device-lost [--robust] [--expect-reset] [--frames F]   (1 <= F <= 100000)
// Prints the renderer, the frame at which a reset was reported (or that none was) and the error
// GL gave after it; exit 1 if --expect-reset and no reset was reported, or a reset was reported
// without GL_CONTEXT_LOST after it; 2 if it cannot run.
#include <cstdio>
#include <string>

#include "gl_test_context.h"

namespace {

const char *kVertexShader = R"(#version 130
void main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); gl_PointSize = 1.0; }
)";
const char *kFragmentShader = R"(#version 130
uniform sampler2D tex;
void main() { gl_FragColor = texture(tex, vec2(-0.5, 0.5)); }
)";

const char *status_name(GLenum s) {
   switch (s) {
   case GL_NO_ERROR: return "GL_NO_ERROR";
   case GL_GUILTY_CONTEXT_RESET: return "GL_GUILTY_CONTEXT_RESET";
   case GL_INNOCENT_CONTEXT_RESET: return "GL_INNOCENT_CONTEXT_RESET";
   case GL_UNKNOWN_CONTEXT_RESET: return "GL_UNKNOWN_CONTEXT_RESET";
   case GL_CONTEXT_LOST: return "GL_CONTEXT_LOST";
   default: return "another value";
   }
}

int usage(const char *why) {
   std::fprintf(stderr, "clampler-gl-device-lost: %s\nusage: clampler-gl-device-lost [--robust] [--expect-reset] "
                        "[--frames F] (1 <= F <= 100000)\n", why);
   return 2;
}

}  // namespace

int main(int argc, char **argv) {
   bool robust = false, expect_reset = false;
   int frames = 200;
   for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      if (a == "--robust") {
         robust = true;
      } else if (a == "--expect-reset") {
         expect_reset = true;
      } else if (a == "--frames" && i + 1 < argc) {
         if (!gl_test::parse_count(argv[++i], 100000, &frames))
            return usage(("bad frame count '" + std::string(argv[i]) + "'").c_str());
      } else {
         return usage(("unknown argument '" + a + "'").c_str());
      }
   }
   if (expect_reset && !robust)
      return usage("--expect-reset needs --robust (only a robust context reports resets)");
   std::string error;
   const EGLDisplay dpy = gl_test::open_display(&error);
   if (dpy == EGL_NO_DISPLAY) {
      std::fprintf(stderr, "clampler-gl-device-lost: %s\n", error.c_str());
      return 2;
   }
   eglBindAPI(EGL_OPENGL_API);
   const EGLint robust_attribs[] = {EGL_CONTEXT_FLAGS_KHR, EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR,
                                    EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_KHR, EGL_LOSE_CONTEXT_ON_RESET_KHR,
                                    EGL_NONE};
   const EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, robust ? robust_attribs : nullptr);
   if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
      std::fprintf(stderr, "clampler-gl-device-lost: cannot create %s desktop GL context (EGL error 0x%04x)\n",
                   robust ? "a robust" : "a", eglGetError());
      eglTerminate(dpy);
      return 2;
   }
   std::printf("GL_RENDERER: %s\n", reinterpret_cast<const char *>(glGetString(GL_RENDERER)));
   const auto reset_status = reinterpret_cast<PFNGLGETGRAPHICSRESETSTATUSPROC>(eglGetProcAddress("glGetGraphicsResetStatus"));
   if (robust && !reset_status) {
      std::fprintf(stderr, "clampler-gl-device-lost: the driver has no glGetGraphicsResetStatus\n");
      return 2;
   }
   const GLuint prog = gl_test::make_program(kVertexShader, kFragmentShader, &error);
   if (!prog) {
      std::fprintf(stderr, "clampler-gl-device-lost: %s\n", error.c_str());
      return 2;
   }
   GLuint rb = 0, fbo = 0, tex = 0, sampler = 0;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 16, 16);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
   glViewport(0, 0, 16, 16);
   const unsigned char texel[4] = {255, 0, 255, 255};
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
   glGenSamplers(1, &sampler);
   glSamplerParameteri(sampler, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glSamplerParameteri(sampler, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glSamplerParameteri(sampler, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
   glBindSampler(0, sampler);
   glUseProgram(prog);
   glEnable(GL_PROGRAM_POINT_SIZE);
   int reset_frame = -1, drawn = 0;
   GLenum status = GL_NO_ERROR, after = GL_NO_ERROR;
   for (int f = 0; f < frames; ++f) {
      // The border colour names the frame: (f mod 256) / 255 in red.
      const GLfloat border[4] = {static_cast<float>(f % 256) / 255.0f, 0.5f, 0.0f, 1.0f};
      glSamplerParameterfv(sampler, GL_TEXTURE_BORDER_COLOR, border);
      glClearColor(0, 0, 0, 0);
      glClear(GL_COLOR_BUFFER_BIT);
      glDrawArrays(GL_POINTS, 0, 1);
      glFinish();
      unsigned char px[4] = {0, 0, 0, 0};
      glReadPixels(8, 8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
      ++drawn;
      if (robust && (status = reset_status()) != GL_NO_ERROR) {
         // A command after the reset fails with GL_CONTEXT_LOST and has no effect
         // (glGetError and glGetGraphicsResetStatus themselves behave normally).
         reset_frame = f;
         glClear(GL_COLOR_BUFFER_BIT);
         after = glGetError();
         break;
      }
   }
   if (reset_frame >= 0) {
      const GLenum again = reset_status();
      std::printf("reset reported after frame %d: %s, then %s; glGetError after it: %s\n", reset_frame,
                  status_name(status), status_name(again), status_name(after));
   } else {
      std::printf("%d frames drawn, %s\n", drawn, robust ? "no reset reported" : "resets not queried (no robust context)");
   }
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroyContext(dpy, ctx);
   eglTerminate(dpy);
   if (expect_reset && reset_frame < 0)
      return 1;
   if (reset_frame >= 0 && after != GL_CONTEXT_LOST)
      return 1;
   return 0;
}
