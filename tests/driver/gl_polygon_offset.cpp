// clampler-gl-polygon-offset: glPolygonOffset's units on a floating-point depth buffer, on whatever GL driver EGL loads, checked against GL 4.6 §14.6.5.
//
// For a floating-point depth buffer GL defines the minimum resolvable difference per primitive:
// r = 2^(e - n), e the exponent of the primitive's largest depth and n = 23 mantissa bits. A
// quad flat at window depth z is drawn with glPolygonOffset(0, units) into a DEPTH_COMPONENT32F
// framebuffer; the depth read back must be z + units * r exactly (the factor term is 0 on a flat
// quad). Cases: z in {0.5, 0.25, 0.75} x units in {1, 8, -4}. Then GL_POLYGON_OFFSET_LINE on quads
// drawn in LINE mode (compatibility §14.6.5: the polygon's offset applies to its edges): two flat
// quads and one sloped with a factor, read on an edge and in the interior (no diagonal drawn);
// and quads at the near and far planes and a user clip plane: clipped before the offset, clamped
// after it.
//
//   clampler-gl-polygon-offset      one line per failure and a summary; exit 1 on failure
//   clampler-gl-polygon-offset -v   print every case
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "gl_test_context.h"

namespace {

// GL's r for a floating-point depth buffer (§14.6.5): 2^(e - 23), e the IEEE exponent of the
// primitive's largest |depth| (frexp gives z = m * 2^k with m in [0.5, 1): e = k - 1).
float float_depth_r(float largest) {
   int k = 0;
   std::frexp(largest, &k);
   return std::ldexp(1.0f, (k - 1) - 23);
}

// The LINE-mode quad over window x 4.5..11.5, y 4.5..9.5 (`lo`, `hi`, `top` in NDC), its left
// edge at clip z `z0` and its right edge at `z1`.
void line_quad(float lo, float hi, float top, float z0, float z1) {
   glBegin(GL_QUADS);
   glVertex3f(lo, lo, z0);
   glVertex3f(hi, lo, z1);
   glVertex3f(hi, top, z1);
   glVertex3f(lo, top, z0);
   glEnd();
}

}  // namespace

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
         const float r = float_depth_r(z);
         const float want = z + units * r;
         ++cases;
         const bool ok = got == want;
         failures += !ok;
         if (!ok || verbose)
            std::printf("%s z %.2f units %+g: depth %.9g, GL %.9g (offset %g r)\n", ok ? "pass" : "FAIL", z, units, got,
                        want, (got - z) / r);
      }
   // LINE mode (compatibility §14.6.5, GL_POLYGON_OFFSET_LINE): a quad's boundary, its vertices on
   // pixel centres, offset by the polygon's m and r; its interior keeps the cleared depth (no
   // diagonal: compatibility §14.6.4 draws a polygon's boundary edges only). Flat: z + units * r exactly, at a pixel of the bottom edge. Sloped in x (window
   // depth 0.25 at x 4.5 to 0.75 at x 11.5, so m = 0.5 / 7): the edge's depth at the pixel plus
   // factor * m, within 1e-5.
   glDisable(GL_POLYGON_OFFSET_FILL);
   glEnable(GL_POLYGON_OFFSET_LINE);
   glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   // x from 4.5 to 11.5, y from 4.5 to 9.5: the two diagonals pass 0.14 pixel from the centres of
   // pixels (8, 7) and (8, 6), which a line through them draws
   const float lo = 2.0f * 4.5f / kSize - 1.0f, hi = 2.0f * 11.5f / kSize - 1.0f, top = 2.0f * 9.5f / kSize - 1.0f;
   struct line_case {
      float z0, z1, factor, units;
   };
   for (const line_case &c : {line_case{0.5f, 0.5f, 0.0f, 1.0f}, line_case{0.25f, 0.25f, 0.0f, -4.0f},
                              line_case{0.25f, 0.75f, 2.0f, 0.0f}}) {
      glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
      glPolygonOffset(c.factor, c.units);
      line_quad(lo, hi, top, 2.0f * c.z0 - 1.0f, 2.0f * c.z1 - 1.0f);
      float edge = 0, inside = 0, inside2 = 0;
      glReadPixels(8, 4, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &edge);
      glReadPixels(8, 7, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &inside);
      glReadPixels(8, 6, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &inside2);
      inside = std::min(inside, inside2);
      const float at = c.z0 + (8.5f - 4.5f) * (c.z1 - c.z0) / 7.0f;
      const float r = float_depth_r(std::max(c.z0, c.z1));
      const float want = at + c.factor * (c.z1 - c.z0) / 7.0f + c.units * r;
      const bool flat = c.z0 == c.z1;
      const bool ok = (flat ? edge == want : std::fabs(edge - want) <= 1e-5f) && inside == 1.0f;
      ++cases;
      failures += !ok;
      if (!ok || verbose)
         std::printf("%s LINE mode z %.2f to %.2f factor %g units %+g: edge depth %.9g, GL %.9g; interior %.9g, "
                     "GL 1 (the cleared depth)\n", ok ? "pass" : "FAIL", c.z0, c.z1, c.factor, c.units, edge, want,
                     inside);
   }
   // Clipping comes before the offset (compatibility §13.7 clips the polygon, §14.6.5 offsets the
   // fragments of what is left) and the offset depth is clamped to [0, 1], even on a
   // floating-point depth buffer. Same quad, white on black: flat at 0.999 with o = +0.01 is
   // drawn at depth 1; sloped from 0.9 to 1.1 with o = -0.2 keeps only the part in front of the
   // far plane (pixels 4 to 7 of the bottom edge, no right edge), though the offset would bring
   // the rest back inside; likewise from 0.1 to -0.1 with o = +0.2 at the near plane, also with
   // glClipControl's zero-to-one depth (near plane z = 0); and the flat quad with user clip plane
   // 0 keeping x <= 0 (pixels 4 to 7 again) beside the depth planes, then without an offset. The
   // plane is first enabled after other draws (a driver lowering it into the vertex shader must
   // upload its equation then). Not checked: the edge GL adds along the clip plane (§13.7).
   struct clip_case {
      const char *what;
      float z0, z1, o;
      bool zero_to_one, user_plane;
   };
   glColor3f(1, 1, 1);
   const GLdouble left_half[4] = {-1, 0, 0, 0};
   glClipPlane(GL_CLIP_PLANE0, left_half);
   for (const clip_case &c : {clip_case{"clamped at the far plane", 0.999f, 0.999f, 0.01f, false, false},
                              clip_case{"clipped at the far plane", 0.9f, 1.1f, -0.2f, false, false},
                              clip_case{"clipped at the near plane", 0.1f, -0.1f, 0.2f, false, false},
                              clip_case{"clipped at the near plane z = 0", 0.1f, -0.1f, 0.2f, true, false},
                              clip_case{"clamped with a user clip plane", 0.999f, 0.999f, 0.01f, false, true},
                              clip_case{"user clip plane, no offset", 0.5f, 0.5f, 0.0f, false, true}}) {
      glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
      const float r = float_depth_r(std::max(std::fabs(c.z0), std::fabs(c.z1)));
      glPolygonOffset(0.0f, c.o / r);
      if (c.o == 0.0f)
         glDisable(GL_POLYGON_OFFSET_LINE);
      glClipControl(GL_LOWER_LEFT, c.zero_to_one ? GL_ZERO_TO_ONE : GL_NEGATIVE_ONE_TO_ONE);
      if (c.user_plane)
         glEnable(GL_CLIP_PLANE0);
      const float z0 = c.zero_to_one ? c.z0 : 2.0f * c.z0 - 1.0f, z1 = c.zero_to_one ? c.z1 : 2.0f * c.z1 - 1.0f;
      line_quad(lo, hi, top, z0, z1);
      glDisable(GL_CLIP_PLANE0);
      glEnable(GL_POLYGON_OFFSET_LINE);
      glClipControl(GL_LOWER_LEFT, GL_NEGATIVE_ONE_TO_ONE);
      const bool whole = c.z0 == c.z1 && !c.user_plane;
      const int x = whole ? 8 : 5;
      unsigned char in[4] = {}, out[4] = {}, right[4] = {};
      float depth = 0;
      glReadPixels(x, 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, in);
      glReadPixels(x, 4, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &depth);
      glReadPixels(10, 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
      glReadPixels(11, 6, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, right);
      const float at = c.z0 + (x + 0.5f - 4.5f) * (c.z1 - c.z0) / 7.0f;
      const float want = std::clamp(at + c.o, 0.0f, 1.0f);
      const int want_right = whole ? 255 : 0;
      const bool ok = in[0] == 255 && (c.z0 == c.z1 ? depth == want : std::fabs(depth - want) <= 1e-4f) &&
                      out[0] == want_right && right[0] == want_right;
      ++cases;
      failures += !ok;
      if (!ok || verbose)
         std::printf("%s LINE mode %s (z %.3f to %.3f, offset %+g): pixel (%d, 4) red %d depth %.9g, GL 255 and "
                     "%.9g; (10, 4) red %d and (11, 6) red %d, GL %d\n", ok ? "pass" : "FAIL", c.what, c.z0, c.z1,
                     c.o, x, in[0], depth, want, out[0], right[0], want_right);
   }
   std::printf("clampler-gl-polygon-offset: %d/%d pass (%s)\n", cases - failures, cases,
               reinterpret_cast<const char *>(glGetString(GL_RENDERER)));
   gl_test::close_context();
   return failures ? 1 : 0;
}
