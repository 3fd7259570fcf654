// clampler-gl-query-lod: textureQueryLod under every min filter and GL's LOD parameters, on whatever GL driver EGL loads, checked against ARB_texture_query_lod.
//
// An 8x8 RGBA8 texture with its 4 levels is queried in a fragment shader at coordinates whose
// implicit derivatives are (d, 0) and (0, d), so λ_base = log2(8d) exactly. Each case sets the
// filters, GL_TEXTURE_LOD_BIAS, GL_TEXTURE_MIN_LOD and GL_TEXTURE_MAX_LOD, once on the texture and
// once on a bound sampler object. GL's answer is the extension's ComputeAccessedLod (also
// ref_query_lod in src/ref/ref_lod.cpp, written from the same text, and not linked here):
//   y = λ' = λ_base + bias; x = λ' clamped to [MIN_LOD, MAX_LOD], then to [0, 3]; then 0 for
//   NEAREST / LINEAR, ceil(x + 0.5) - 1 for *_MIPMAP_NEAREST, x for *_MIPMAP_LINEAR.
// GL leaves λ's precision to the implementation: a component passes within 0.1.
//
//   clampler-gl-query-lod          run every case; one line per failure and a summary; exit 1 on failure
//   clampler-gl-query-lod -v       print every case
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "gl_test_context.h"

namespace {

struct lod_case {
   GLenum min_filter, mag_filter;
   float bias, min_lod, max_lod;
   float lambda_base;
};

const char *filter_name(GLenum f) {
   switch (f) {
   case GL_NEAREST: return "NEAREST";
   case GL_LINEAR: return "LINEAR";
   case GL_NEAREST_MIPMAP_NEAREST: return "NEAREST_MIPMAP_NEAREST";
   case GL_LINEAR_MIPMAP_NEAREST: return "LINEAR_MIPMAP_NEAREST";
   case GL_NEAREST_MIPMAP_LINEAR: return "NEAREST_MIPMAP_LINEAR";
   default: return "LINEAR_MIPMAP_LINEAR";
   }
}

std::vector<lod_case> make_cases() {
   const GLenum mins[] = {GL_NEAREST, GL_LINEAR, GL_NEAREST_MIPMAP_NEAREST, GL_LINEAR_MIPMAP_NEAREST,
                          GL_NEAREST_MIPMAP_LINEAR, GL_LINEAR_MIPMAP_LINEAR};
   struct lods {
      float bias, min_lod, max_lod;
   };
   const lods ranges[] = {{0, -1000, 1000}, {0.3f, -1000, 1000}, {0, 1.25f, 2.75f}, {-0.4f, -1000, 0},
                          {0, 2, 2}};
   const float lambdas[] = {-1.5f, 0.6f, 1.3f, 2.2f, 5.0f};  // λ' never on a rounding tie
   std::vector<lod_case> out;
   for (GLenum mn : mins)
      for (GLenum mg : {GL_NEAREST, GL_LINEAR})
         for (const lods &r : ranges)
            for (float l : lambdas)
               out.push_back({mn, mg, r.bias, r.min_lod, r.max_lod, l});
   return out;
}

void expected(const lod_case &c, float *x, float *y) {
   const float lp = c.lambda_base + c.bias;
   *y = lp;
   float l = std::clamp(lp, c.min_lod, std::max(c.min_lod, c.max_lod));
   l = std::clamp(l, 0.0f, 3.0f);
   if (c.min_filter == GL_NEAREST || c.min_filter == GL_LINEAR)
      *x = 0.0f;
   else if (c.min_filter == GL_NEAREST_MIPMAP_NEAREST || c.min_filter == GL_LINEAR_MIPMAP_NEAREST)
      *x = std::ceil(l + 0.5f) - 1.0f;
   else
      *x = l;
}

const char *kVertexShader = R"(#version 130
void main() {
   vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
   gl_Position = vec4(p, 0.0, 1.0);
}
)";

const char *kFragmentShader = R"(#version 400
uniform sampler2D tex; uniform float d;
out vec4 color;
void main() { color = vec4(textureQueryLod(tex, vec2(0.3, 0.4) + (gl_FragCoord.xy - 0.5) * d), 0.0, 0.0); }
)";

}  // namespace

int main(int argc, char **argv) {
   bool verbose = false;
   for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      if (a == "-v") {
         verbose = true;
      } else if (a == "-h" || a == "--help") {
         std::printf("usage: clampler-gl-query-lod [-v]\n"
                     "Runs textureQueryLod under every min filter and GL's LOD parameters on the GL driver EGL\n"
                     "loads (surfaceless) and checks it against ARB_texture_query_lod.\n");
         return 0;
      } else {
         std::fprintf(stderr, "clampler-gl-query-lod: unknown argument '%s' (try --help)\n", argv[i]);
         return 2;
      }
   }
   std::string error;
   if (!gl_test::open_context(&error)) {
      std::fprintf(stderr, "clampler-gl-query-lod: %s\n", error.c_str());
      return 2;
   }
   std::printf("GL_RENDERER: %s\n", reinterpret_cast<const char *>(glGetString(GL_RENDERER)));
   const GLuint prog = gl_test::make_program(kVertexShader, kFragmentShader, &error);
   if (!prog) {
      std::fprintf(stderr, "clampler-gl-query-lod: %s\n", error.c_str());
      return 2;
   }
   GLuint tex = 0, sampler = 0;
   if (!gl_test::make_render_target(GL_RGBA32F, 2, 2)) {
      std::fprintf(stderr, "clampler-gl-query-lod: an RGBA32F framebuffer is not complete\n");
      return 2;
   }
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexStorage2D(GL_TEXTURE_2D, 4, GL_RGBA8, 8, 8);
   glGenSamplers(1, &sampler);
   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "tex"), 0);
   int failed = 0, passed = 0;
   for (const bool with_sampler : {false, true})
      for (const lod_case &c : make_cases()) {
         if (with_sampler) {
            glSamplerParameteri(sampler, GL_TEXTURE_MIN_FILTER, static_cast<GLint>(c.min_filter));
            glSamplerParameteri(sampler, GL_TEXTURE_MAG_FILTER, static_cast<GLint>(c.mag_filter));
            glSamplerParameterf(sampler, GL_TEXTURE_LOD_BIAS, c.bias);
            glSamplerParameterf(sampler, GL_TEXTURE_MIN_LOD, c.min_lod);
            glSamplerParameterf(sampler, GL_TEXTURE_MAX_LOD, c.max_lod);
            glBindSampler(0, sampler);
         } else {
            glBindSampler(0, 0);
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, static_cast<GLint>(c.min_filter));
            glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, static_cast<GLint>(c.mag_filter));
            glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, c.bias);
            glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, c.min_lod);
            glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_LOD, c.max_lod);
         }
         glUniform1f(glGetUniformLocation(prog, "d"), std::exp2(c.lambda_base) / 8.0f);
         glClearColor(-9, -9, -9, -9);
         glClear(GL_COLOR_BUFFER_BIT);
         glDrawArrays(GL_TRIANGLES, 0, 3);
         float got[4] = {};
         glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, got);
         const GLenum err = glGetError();
         float x, y;
         expected(c, &x, &y);
         const bool ok = err == GL_NO_ERROR && std::fabs(got[0] - x) <= 0.1f && std::fabs(got[1] - y) <= 0.1f;
         ok ? ++passed : ++failed;
         if (!ok || verbose)
            std::printf("%s %s/%s bias %g lod [%g, %g] lambda_base %g%s: got (%g, %g), GL says (%g, %g)%s\n",
                        ok ? "pass" : "FAIL", filter_name(c.min_filter), filter_name(c.mag_filter), c.bias, c.min_lod,
                        c.max_lod, c.lambda_base, with_sampler ? " (sampler object)" : "", got[0], got[1], x, y,
                        err == GL_NO_ERROR ? "" : " (GL error)");
      }
   std::printf("clampler-gl-query-lod: %d passed, %d failed\n", passed, failed);
   return failed ? 1 : 0;
}
