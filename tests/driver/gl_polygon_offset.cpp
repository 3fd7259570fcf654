// clampler-gl-polygon-offset: glPolygonOffset's units on a floating-point depth buffer, on whatever GL driver EGL loads, checked against GL 4.6 §14.6.5.
//
// For a floating-point depth buffer GL defines the minimum resolvable difference per primitive:
// r = 2^(e - n), e the exponent of the primitive's largest depth and n = 23 mantissa bits. A
// quad flat at window depth z is drawn with glPolygonOffset(0, units) into a DEPTH_COMPONENT32F
// framebuffer; the depth read back must be z + units * r exactly (the factor term is 0 on a flat
// quad). Cases: z in {0.5, 0.25, 0.75} x units in {1, 8, -4}.
//
//   clampler-gl-polygon-offset      one line per failure and a summary; exit 1 on failure
//   clampler-gl-polygon-offset -v   print every case
#include <cmath>
#include <cstdio>
#include <string>

#include "gl_test_context.h"

int main(int argc, char **argv) {
   const bool verbose = argc > 1 && std::string(argv[1]) == "-v";
   std::string error;
   if (!gl_test::open_context(&error)) {
      std::fprintf(stderr, "clampler-gl-polygon-offset: %s\n", error.c_str());
      return 2;
   }
   constexpr int kSize = 16;
   GLuint fbo = 0, rb[2] = {};
   glGenRenderbuffers(2, rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, kSize, kSize);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT32F, kSize, kSize);
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
      std::fprintf(stderr, "clampler-gl-polygon-offset: the DEPTH_COMPONENT32F framebuffer is not complete\n");
      return 2;
   }
   glViewport(0, 0, kSize, kSize);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_ALWAYS);
   glEnable(GL_POLYGON_OFFSET_FILL);
   int failures = 0, cases = 0;
   for (float z : {0.5f, 0.25f, 0.75f})
      for (float units : {1.0f, 8.0f, -4.0f}) {
         glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
         glPolygonOffset(0.0f, units);
         const float ndc = 2.0f * z - 1.0f;  // the default depth range [0, 1]
         glBegin(GL_QUADS);
         glVertex3f(-1, -1, ndc);
         glVertex3f(1, -1, ndc);
         glVertex3f(1, 1, ndc);
         glVertex3f(-1, 1, ndc);
         glEnd();
         float got = 0;
         glReadPixels(kSize / 2, kSize / 2, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &got);
         int e = 0;
         std::frexp(z, &e);  // z = m * 2^e, m in [0.5, 1): the IEEE exponent is e - 1
         const float r = std::ldexp(1.0f, (e - 1) - 23);
         const float want = z + units * r;
         ++cases;
         const bool ok = got == want;
         failures += !ok;
         if (!ok || verbose)
            std::printf("%s z %.2f units %+g: depth %.9g, GL %.9g (offset %g r)\n", ok ? "pass" : "FAIL", z, units, got,
                        want, (got - z) / r);
      }
   std::printf("clampler-gl-polygon-offset: %d/%d pass (%s)\n", cases - failures, cases,
               reinterpret_cast<const char *>(glGetString(GL_RENDERER)));
   gl_test::close_context();
   return failures ? 1 : 0;
}
