// clampler-gl-depth-only: depth-only passes (no colour buffer) and a colour pass after them, on whatever GL driver EGL loads, checked against GL 4.6 §13.8.
//
// A depth texture (DEPTH_COMPONENT16, 24 or 32F) is the only attachment of a framebuffer whose draw
// and read buffers are GL_NONE, as a shadow-map pass has it. It is cleared to 1 and a triangle
// covering the viewport is drawn at normalized device depth z_d = 0.25 with GL_LESS, three times.
// With the default depth range [0, 1], §13.8 gives window depth z_w = z_d / 2 + 1/2 = 0.625 at
// every pixel; the value read back must be within one step of the format, 1 / (2^b - 1) for b
// fixed-point bits (§2.3.5.2 lets the conversion pick either neighbour) plus one float ulp, and
// exact for 32F. A colour framebuffer is drawn red just before the depth-only pass and green just
// after it, with nothing read back in between (one batch on a driver that batches): a driver that
// leaves its colour state wrong after the pass leaves the pixels red. Run under
// VK_LAYER_KHRONOS_validation on a Vulkan driver (scripts/driver.sh smoke): a depth-only pass must
// not call what its pipeline does not declare.
//
//   clampler-gl-depth-only   one line per format and a summary; exit 1 on a wrong value
#include <cmath>
#include <cstdio>
#include <string>

#include "gl_test_context.h"

namespace {

constexpr int kSize = 16;

const char *kVertexShader = R"(#version 130
void main() {
   gl_Position = vec4(float(gl_VertexID & 1) * 4.0 - 1.0, float(gl_VertexID >> 1) * 4.0 - 1.0, 0.25, 1.0);
}
)";
const char *kFragmentShader = R"(#version 130
uniform vec4 colour;
void main() { gl_FragColor = colour; }
)";

struct format_case {
   const char *name;
   GLenum internal_format, type;
   double allowed;  // one step of the format's depth and a float ulp (0 for float: exact)
};

}  // namespace

int main() {
   std::string error;
   if (!gl_test::open_context(&error)) {
      std::fprintf(stderr, "clampler-gl-depth-only: %s\n", error.c_str());
      return 2;
   }
   const GLuint prog = gl_test::make_program(kVertexShader, kFragmentShader, &error);
   if (!prog) {
      std::fprintf(stderr, "clampler-gl-depth-only: %s\n", error.c_str());
      return 2;
   }
   glUseProgram(prog);
   const GLint colour = glGetUniformLocation(prog, "colour");
   const double want = 0.25 / 2.0 + 0.5;  // §13.8, depth range [0, 1]
   const format_case cases[] = {
      {"DEPTH_COMPONENT16", GL_DEPTH_COMPONENT16, GL_UNSIGNED_SHORT, 1.0 / 65535.0 + std::ldexp(1.0, -24)},
      {"DEPTH_COMPONENT24", GL_DEPTH_COMPONENT24, GL_UNSIGNED_INT, 1.0 / 16777215.0 + std::ldexp(1.0, -24)},
      {"DEPTH_COMPONENT32F", GL_DEPTH_COMPONENT32F, GL_FLOAT, 0.0},
   };
   int failures = 0;
   for (const format_case &c : cases) {
      // The colour framebuffer, drawn red before the depth-only pass.
      if (!gl_test::make_render_target(GL_RGBA8, kSize, kSize)) {
         std::fprintf(stderr, "clampler-gl-depth-only: an RGBA8 framebuffer is not complete\n");
         return 2;
      }
      GLint colour_fbo = 0;
      glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &colour_fbo);
      glClearColor(0, 0, 0, 0);
      glClear(GL_COLOR_BUFFER_BIT);
      glUniform4f(colour, 1, 0, 0, 1);
      glDrawArrays(GL_TRIANGLES, 0, 3);

      // The depth-only pass.
      GLuint tex = 0, fbo = 0;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      glTexImage2D(GL_TEXTURE_2D, 0, c.internal_format, kSize, kSize, 0, GL_DEPTH_COMPONENT, c.type, nullptr);
      glGenFramebuffers(1, &fbo);
      glBindFramebuffer(GL_FRAMEBUFFER, fbo);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, tex, 0);
      glDrawBuffer(GL_NONE);
      glReadBuffer(GL_NONE);
      if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
         std::fprintf(stderr, "clampler-gl-depth-only: a %s framebuffer without colour is not complete\n", c.name);
         return 2;
      }
      glViewport(0, 0, kSize, kSize);
      glEnable(GL_DEPTH_TEST);
      glDepthFunc(GL_LESS);
      glClearDepth(1.0);
      glClear(GL_DEPTH_BUFFER_BIT);
      for (int i = 0; i < 3; ++i)
         glDrawArrays(GL_TRIANGLES, 0, 3);
      glDisable(GL_DEPTH_TEST);

      // The colour pass after it, green, before anything is read back.
      glBindFramebuffer(GL_FRAMEBUFFER, colour_fbo);
      glUniform4f(colour, 0, 1, 0, 1);
      glDrawArrays(GL_TRIANGLES, 0, 3);

      unsigned char rgba[kSize * kSize * 4] = {};
      glReadPixels(0, 0, kSize, kSize, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
      int wrong_colour = 0;
      for (int p = 0; p < kSize * kSize; ++p)
         wrong_colour += rgba[4 * p] != 0 || rgba[4 * p + 1] != 255 || rgba[4 * p + 2] != 0 || rgba[4 * p + 3] != 255;
      glBindFramebuffer(GL_FRAMEBUFFER, fbo);
      float depth[kSize * kSize] = {};
      glReadPixels(0, 0, kSize, kSize, GL_DEPTH_COMPONENT, GL_FLOAT, depth);
      int wrong = 0;
      double worst = 0;
      for (const float d : depth) {
         const double off = std::fabs(d - want);
         worst = std::fmax(worst, off);
         wrong += off > c.allowed;
      }
      glBindFramebuffer(GL_FRAMEBUFFER, 0);
      glDeleteFramebuffers(1, &fbo);
      glDeleteTextures(1, &tex);
      if (const GLenum e = glGetError(); e != GL_NO_ERROR) {
         std::fprintf(stderr, "clampler-gl-depth-only: GL error 0x%04x with %s\n", e, c.name);
         return 2;
      }
      std::printf("%s: %d of %d depths wrong (largest difference %.3g, allowed %.3g); colour pass after it: %d of %d "
                  "pixels wrong\n",
                  c.name, wrong, kSize * kSize, worst, c.allowed, wrong_colour, kSize * kSize);
      failures += wrong + wrong_colour;
   }
   std::printf("depth-only passes: %s\n", failures ? "FAIL" : "pass");
   gl_test::close_context();
   return failures ? 1 : 0;
}
