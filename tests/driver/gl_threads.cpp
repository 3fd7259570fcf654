// clampler-gl-threads: several threads, each with its own GL context on one display, churn textures and sampler objects and check every lookup.
//
// One EGL surfaceless display, so one driver screen (one Vulkan device, one device-wide sampler
// cache on the clampler driver); T threads (default 8), each with its own compatibility context.
// Every frame (default 20) a thread creates three textures and five sampler objects, draws ten
// lookups with them into pixels of its own RGBA32F framebuffer, reads them back, checks them and
// deletes the textures and samplers. Texel values and border colours carry the thread and the
// frame, so a sampler or view that leaks from another thread or frame is a wrong pixel.
//
// The textures, for thread t and frame f (b = (f mod 16)/16):
//   colour  RGBA32F 4x1, texel k = ((k+1)/8, t/8, b, 1)
//   uint    RGBA32UI 2x1, texel k = (k+1, t, f, 7)
//   depth   DEPTH_COMPONENT32F 4x1, texel k = (k+1/2)/4
// The samplers and what GL 4.6 says the lookups return (§8.14.2 wraps and border, §8.14.2 LINEAR
// weights, §8.22.1 depth comparison; every lookup at level 0, λ = 0, so the magnification filter):
//   clamp-linear   GL_CLAMP, LINEAR, border (1/4, t/8, b, 1/2):
//                  s = 1: u = 4, i0 = 3 and i1 = 4 (the border), α = 1/2 -> (texel 3 + border) / 2;
//                  s = 1/2: u = 2, i0 = 1, i1 = 2, α = 1/2 -> (texel 1 + texel 2) / 2
//   border-nearest CLAMP_TO_BORDER, NEAREST, border (b, t/8, 3/4, 1): s = -1/4 -> the border;
//                  s = 3/8: texel 1
//   uint-border    CLAMP_TO_BORDER, NEAREST, border set with glSamplerParameterIuiv
//                  (1000+t, f, 3, 9): s = -1/2 -> the border as integers; s = 3/4: texel 1
//   shadow         CLAMP_TO_EDGE, NEAREST, compare LEQUAL: s = 3/8 (depth 3/8), ref 1/2 -> 0;
//                  s = 5/8 (depth 5/8), ref 1/2 -> 1
//   shadow-border  CLAMP_TO_BORDER, NEAREST, compare LEQUAL, border depth 0.3: s = -1/2 with ref
//                  1/4 -> 1, with ref 0.35 -> 0
// Shadow results are read with GLSL 1.30's float-returning lookups, written as (r, 0, 0, 1).
//
//   clampler-gl-threads [--threads T] [--frames F]   (1 <= T <= 32, 1 <= F <= 100000)
// Prints the renderer and one line per thread ("thread t: N of N lookups right in F frames");
// exit 1 if any lookup is wrong, 2 if it cannot run.
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "gl_test_context.h"

namespace {

constexpr int kLookups = 10;  // pixels 0..9 of a 16x1 framebuffer

const char *kVertexShader = R"(#version 130
uniform int index;
void main() { gl_Position = vec4((float(index) + 0.5) / 8.0 - 1.0, 0.0, 0.0, 1.0); }
)";
const char *kFloatShader = R"(#version 130
uniform sampler2D tex;
uniform float s;
void main() { gl_FragColor = textureLod(tex, vec2(s, 0.5), 0.0); }
)";
const char *kUintShader = R"(#version 130
uniform usampler2D tex;
uniform float s;
void main() { gl_FragColor = vec4(textureLod(tex, vec2(s, 0.5), 0.0)); }
)";
const char *kShadowShader = R"(#version 130
uniform sampler2DShadow tex;
uniform float s;
uniform float ref;
void main() { gl_FragColor = vec4(textureLod(tex, vec3(s, 0.5, ref), 0.0), 0.0, 0.0, 1.0); }
)";

struct vec4 {
   float v[4];
};

vec4 mix_half(const vec4 &a, const vec4 &b) {
   return {{(a.v[0] + b.v[0]) / 2, (a.v[1] + b.v[1]) / 2, (a.v[2] + b.v[2]) / 2, (a.v[3] + b.v[3]) / 2}};
}

// What one thread needs across frames.
struct thread_state {
   int t = 0;
   EGLContext ctx = EGL_NO_CONTEXT;
   GLuint prog[3] = {};  // float, uint, shadow
   GLuint fbo = 0, rb = 0;
   int right = 0, total = 0;
   std::string error;    // set when the thread could not run
   std::vector<std::string> wrong;  // the first wrong lookups, for the report
};

bool setup(EGLDisplay dpy, thread_state *ts) {
   if ((ts->ctx = gl_test::make_current_context(dpy, &ts->error)) == EGL_NO_CONTEXT)
      return false;
   const char *fs[3] = {kFloatShader, kUintShader, kShadowShader};
   for (int i = 0; i < 3; ++i)
      if (!(ts->prog[i] = gl_test::make_program(kVertexShader, fs[i], &ts->error)))
         return false;
   glGenRenderbuffers(1, &ts->rb);
   glBindRenderbuffer(GL_RENDERBUFFER, ts->rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA32F, 16, 1);
   glGenFramebuffers(1, &ts->fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, ts->fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, ts->rb);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      ts->error = "an RGBA32F framebuffer is not complete";
      return false;
   }
   glViewport(0, 0, 16, 1);
   return true;
}

GLuint make_sampler(GLenum wrap, GLenum filter) {
   GLuint s = 0;
   glGenSamplers(1, &s);
   glSamplerParameteri(s, GL_TEXTURE_WRAP_S, wrap);
   glSamplerParameteri(s, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   glSamplerParameteri(s, GL_TEXTURE_MIN_FILTER, filter);
   glSamplerParameteri(s, GL_TEXTURE_MAG_FILTER, filter);
   return s;
}

GLuint make_texture(GLenum internal, int width, GLenum format, GLenum type, const void *data) {
   GLuint tex = 0;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, internal, width, 1, 0, format, type, data);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
   return tex;
}

// One frame: textures and samplers made, ten lookups drawn, read back and checked, all deleted.
void frame(thread_state *ts, int f) {
   const int t = ts->t;
   const float b = static_cast<float>(f % 16) / 16.0f;
   vec4 texel[4];
   std::vector<float> colour;
   for (int k = 0; k < 4; ++k) {
      texel[k] = {{(k + 1) / 8.0f, t / 8.0f, b, 1.0f}};
      colour.insert(colour.end(), texel[k].v, texel[k].v + 4);
   }
   const GLuint uint_texels[8] = {1, static_cast<GLuint>(t), static_cast<GLuint>(f), 7,
                                  2, static_cast<GLuint>(t), static_cast<GLuint>(f), 7};
   const float depth[4] = {0.125f, 0.375f, 0.625f, 0.875f};
   const GLuint tex_colour = make_texture(GL_RGBA32F, 4, GL_RGBA, GL_FLOAT, colour.data());
   const GLuint tex_uint = make_texture(GL_RGBA32UI, 2, GL_RGBA_INTEGER, GL_UNSIGNED_INT, uint_texels);
   const GLuint tex_depth = make_texture(GL_DEPTH_COMPONENT32F, 4, GL_DEPTH_COMPONENT, GL_FLOAT, depth);

   const vec4 clamp_border = {{0.25f, t / 8.0f, b, 0.5f}};
   const vec4 nearest_border = {{b, t / 8.0f, 0.75f, 1.0f}};
   const GLuint uint_border[4] = {1000u + static_cast<GLuint>(t), static_cast<GLuint>(f), 3, 9};
   const GLuint clamp_linear = make_sampler(GL_CLAMP, GL_LINEAR);
   glSamplerParameterfv(clamp_linear, GL_TEXTURE_BORDER_COLOR, clamp_border.v);
   const GLuint border_nearest = make_sampler(GL_CLAMP_TO_BORDER, GL_NEAREST);
   glSamplerParameterfv(border_nearest, GL_TEXTURE_BORDER_COLOR, nearest_border.v);
   const GLuint uint_sampler = make_sampler(GL_CLAMP_TO_BORDER, GL_NEAREST);
   glSamplerParameterIuiv(uint_sampler, GL_TEXTURE_BORDER_COLOR, uint_border);
   const GLuint shadow = make_sampler(GL_CLAMP_TO_EDGE, GL_NEAREST);
   glSamplerParameteri(shadow, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
   glSamplerParameteri(shadow, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
   const GLuint shadow_border = make_sampler(GL_CLAMP_TO_BORDER, GL_NEAREST);
   glSamplerParameteri(shadow_border, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
   glSamplerParameteri(shadow_border, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
   const GLfloat depth_border[4] = {0.3f, 0.0f, 0.0f, 0.0f};
   glSamplerParameterfv(shadow_border, GL_TEXTURE_BORDER_COLOR, depth_border);

   const vec4 zero_one = {{0, 0, 0, 1}}, one = {{1, 0, 0, 1}};
   struct lookup {
      const char *name;
      int prog;  // 0 float, 1 uint, 2 shadow
      GLuint tex, sampler;
      float s, ref;
      vec4 want;
   } lookups[kLookups] = {
      {"clamp-linear s=1", 0, tex_colour, clamp_linear, 1.0f, 0, mix_half(texel[3], clamp_border)},
      {"clamp-linear s=1/2", 0, tex_colour, clamp_linear, 0.5f, 0, mix_half(texel[1], texel[2])},
      {"border-nearest s=-1/4", 0, tex_colour, border_nearest, -0.25f, 0, nearest_border},
      {"border-nearest s=3/8", 0, tex_colour, border_nearest, 0.375f, 0, texel[1]},
      {"uint-border s=-1/2", 1, tex_uint, uint_sampler, -0.5f, 0,
       {{1000.0f + t, static_cast<float>(f), 3.0f, 9.0f}}},
      {"uint-border s=3/4", 1, tex_uint, uint_sampler, 0.75f, 0, {{2.0f, static_cast<float>(t), static_cast<float>(f), 7.0f}}},
      {"shadow depth 3/8 ref 1/2", 2, tex_depth, shadow, 0.375f, 0.5f, zero_one},
      {"shadow depth 5/8 ref 1/2", 2, tex_depth, shadow, 0.625f, 0.5f, one},
      {"shadow-border 0.3 ref 1/4", 2, tex_depth, shadow_border, -0.5f, 0.25f, one},
      {"shadow-border 0.3 ref 0.35", 2, tex_depth, shadow_border, -0.5f, 0.35f, zero_one},
   };
   glClearColor(-1, -1, -1, -1);
   glClear(GL_COLOR_BUFFER_BIT);
   for (int i = 0; i < kLookups; ++i) {
      const lookup &l = lookups[i];
      const GLuint prog = ts->prog[l.prog];
      glUseProgram(prog);
      glUniform1i(glGetUniformLocation(prog, "tex"), 0);
      glUniform1i(glGetUniformLocation(prog, "index"), i);
      glUniform1f(glGetUniformLocation(prog, "s"), l.s);
      if (l.prog == 2)
         glUniform1f(glGetUniformLocation(prog, "ref"), l.ref);
      glActiveTexture(GL_TEXTURE0);
      glBindTexture(GL_TEXTURE_2D, l.tex);
      glBindSampler(0, l.sampler);
      glDrawArrays(GL_POINTS, 0, 1);
   }
   float pixels[16 * 4];
   glReadPixels(0, 0, 16, 1, GL_RGBA, GL_FLOAT, pixels);
   if (const GLenum e = glGetError(); e != GL_NO_ERROR && ts->error.empty())
      ts->error = "GL error " + std::to_string(e) + " in frame " + std::to_string(f);
   for (int i = 0; i < kLookups; ++i) {
      const float *got = pixels + 4 * i;
      const vec4 &want = lookups[i].want;
      bool ok = true;
      for (int c = 0; c < 4; ++c)
         ok = ok && std::fabs(got[c] - want.v[c]) <= 1e-6f;
      ++ts->total;
      if (ok) {
         ++ts->right;
      } else if (ts->wrong.size() < 5) {
         char line[256];
         std::snprintf(line, sizeof line, "frame %d %s: (%g, %g, %g, %g), GL gives (%g, %g, %g, %g)", f,
                       lookups[i].name, got[0], got[1], got[2], got[3], want.v[0], want.v[1], want.v[2], want.v[3]);
         ts->wrong.push_back(line);
      }
   }
   glBindSampler(0, 0);
   const GLuint samplers[5] = {clamp_linear, border_nearest, uint_sampler, shadow, shadow_border};
   glDeleteSamplers(5, samplers);
   const GLuint textures[3] = {tex_colour, tex_uint, tex_depth};
   glDeleteTextures(3, textures);
}

int usage(const char *why) {
   std::fprintf(stderr,
                "clampler-gl-threads: %s\nusage: clampler-gl-threads [--threads T] [--frames F] (1 <= T <= 32, "
                "1 <= F <= 100000)\n",
                why);
   return 2;
}

}  // namespace

int main(int argc, char **argv) {
   int threads = 8, frames = 20;
   for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      if (a == "--threads" && i + 1 < argc) {
         if (!gl_test::parse_count(argv[++i], 32, &threads))
            return usage(("bad thread count '" + std::string(argv[i]) + "'").c_str());
      } else if (a == "--frames" && i + 1 < argc) {
         if (!gl_test::parse_count(argv[++i], 100000, &frames))
            return usage(("bad frame count '" + std::string(argv[i]) + "'").c_str());
      } else {
         return usage(("unknown argument '" + a + "'").c_str());
      }
   }
   std::string error;
   const EGLDisplay dpy = gl_test::open_display(&error);
   if (dpy == EGL_NO_DISPLAY) {
      std::fprintf(stderr, "clampler-gl-threads: %s\n", error.c_str());
      return 2;
   }
   std::vector<thread_state> states(threads);
   std::vector<std::thread> workers;
   std::atomic<bool> renderer_printed{false};
   std::mutex print;
   for (int t = 0; t < threads; ++t) {
      states[t].t = t;
      workers.emplace_back([&, t] {
         thread_state &ts = states[t];
         if (!setup(dpy, &ts))
            return;
         if (!renderer_printed.exchange(true)) {
            std::lock_guard<std::mutex> lock(print);
            std::printf("GL_RENDERER: %s\n", reinterpret_cast<const char *>(glGetString(GL_RENDERER)));
         }
         for (int f = 0; f < frames && ts.error.empty(); ++f)
            frame(&ts, f);
         glFinish();
         // Each context ends on its own thread, while others may still draw: what a
         // multithreaded program does (stock zink waited for the queue without its lock here,
         // docs/driver.md, patch 0025).
         eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
         eglDestroyContext(dpy, ts.ctx);
         ts.ctx = EGL_NO_CONTEXT;
      });
   }
   for (std::thread &w : workers)
      w.join();
   for (const thread_state &ts : states)
      if (ts.ctx != EGL_NO_CONTEXT)
         eglDestroyContext(dpy, ts.ctx);
   int status = 0;
   for (const thread_state &ts : states) {
      if (!ts.error.empty()) {
         std::printf("thread %d: cannot run: %s\n", ts.t, ts.error.c_str());
         status = 2;
         continue;
      }
      std::printf("thread %d: %d of %d lookups right in %d frames\n", ts.t, ts.right, ts.total, frames);
      for (const std::string &w : ts.wrong)
         std::printf("   %s\n", w.c_str());
      if (ts.right != ts.total && status == 0)
         status = 1;
   }
   eglTerminate(dpy);
   return status;
}
