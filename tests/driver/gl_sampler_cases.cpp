// clampler-gl-cases: GL lookups piglit does not make (GL_CLAMP with mixed filters, MIN/MAX_LOD in the
// min/mag switch), run on whatever GL driver EGL loads and checked against GL's formulas.
//
// Every case runs twice: with the texture's own parameters, then with the same parameters on a
// sampler object bound to the unit (glSamplerParameter*, glBindSampler), so both ways a driver
// learns of a changed filter or LOD reach its GL_CLAMP handling.
//
// Every case samples a 4x1 RGBA32F texture (texels red, green, blue, white; border colour
// (0.25, 0.5, 0.75, 0)) along s at t = 0.5, once, in a fragment shader, with λ chosen through
// textureLod, textureGrad or the implicit derivatives of the coordinate across the pixel quad.
// The expected colour comes from GL 4.6 compatibility profile §8.14–8.15, written out below for
// this one-row texture: λ' = clamp(λ + bias, MIN_LOD, MAX_LOD); the lookup is magnified when
// λ' <= c (c = 0 for these filters) and uses the mag filter, else the min filter, on level 0;
// NEAREST reads texel wrap(floor(u)), LINEAR blends wrap(floor(u - 1/2)) and the next one by
// frac(u - 1/2), u = s · 4; GL_CLAMP clamps s to [0, 1] first and GL_MIRROR_CLAMP_EXT clamps |s|,
// NEAREST then reading texel min(floor(u), 3); texels outside [0, 3] are the border colour.
//
//   clampler-gl-cases            run every case, print one line per failure and a summary; exit 1 on failure
//   clampler-gl-cases --list     print the case names
//   clampler-gl-cases -v         print every case
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "gl_test_context.h"

namespace {

using rgba = std::array<float, 4>;

constexpr int kWidth = 4;
const rgba kTexels[kWidth] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {1, 1, 1, 1}};
const rgba kBorder = {0.25f, 0.5f, 0.75f, 0.0f};

enum class lod_source { explicit_lod, gradient, implicit };

struct sampler_params {
   GLenum wrap;
   GLenum min_filter;  // GL_NEAREST or GL_LINEAR (level 0 only)
   GLenum mag_filter;
   float min_lod = -1000.0f, max_lod = 1000.0f, lod_bias = 0.0f;
};

struct lookup_case {
   std::string name;
   sampler_params p;
   float s;
   float lambda;  // λ before bias and clamps
   lod_source source;
};

// GL's wrap of texel index i for the modes used here (clamps already applied to s).
rgba texel(GLenum wrap, int i) {
   if (wrap == GL_CLAMP_TO_EDGE)
      i = std::clamp(i, 0, kWidth - 1);
   return i < 0 || i >= kWidth ? kBorder : kTexels[i];
}

// The colour GL defines for one lookup (the formulas in the header comment).
rgba expected(const lookup_case &c) {
   const sampler_params &p = c.p;
   const float lambda = std::clamp(c.lambda + p.lod_bias, p.min_lod, p.max_lod);
   const bool linear = (lambda <= 0.0f ? p.mag_filter : p.min_filter) == GL_LINEAR;
   float s = c.s;
   GLenum wrap = p.wrap;
   if (wrap == GL_CLAMP || wrap == GL_MIRROR_CLAMP_EXT) {
      s = std::clamp(wrap == GL_MIRROR_CLAMP_EXT ? std::fabs(s) : s, 0.0f, 1.0f);
      wrap = GL_CLAMP;  // texels outside [0, N-1] are the border
   }
   const float u = s * kWidth;
   if (!linear) {
      int i = static_cast<int>(std::floor(u));
      if (wrap == GL_CLAMP)
         i = std::min(i, kWidth - 1);
      return texel(wrap, i);
   }
   const int i0 = static_cast<int>(std::floor(u - 0.5f));
   const float a = (u - 0.5f) - std::floor(u - 0.5f);
   const rgba t0 = texel(wrap, i0), t1 = texel(wrap, i0 + 1);
   rgba out;
   for (int k = 0; k < 4; ++k)
      out[k] = (1 - a) * t0[k] + a * t1[k];
   return out;
}

const char *wrap_name(GLenum w) {
   switch (w) {
   case GL_CLAMP: return "clamp";
   case GL_MIRROR_CLAMP_EXT: return "mirror_clamp";
   case GL_CLAMP_TO_EDGE: return "clamp_to_edge";
   default: return "?";
   }
}

const char *source_name(lod_source s) {
   switch (s) {
   case lod_source::explicit_lod: return "lod";
   case lod_source::gradient: return "grad";
   case lod_source::implicit: return "implicit";
   }
   return "?";
}

std::string fmt(float v) {
   char b[32];
   std::snprintf(b, sizeof(b), "%g", v);
   return b;
}

// The case table: each rule at magnified and minified λ, through every LOD source, at the
// coordinates where the rule decides (the edge s = 1, beyond it, a texel boundary).
std::vector<lookup_case> make_cases() {
   std::vector<lookup_case> cases;
   const lod_source sources[] = {lod_source::explicit_lod, lod_source::gradient, lod_source::implicit};
   const auto add = [&](const char *rule, sampler_params p, std::initializer_list<float> coords) {
      for (const lod_source src : sources)
         for (const float lambda : {-1.0f, 1.0f})
            for (const float s : coords) {
               std::string n = std::string(rule) + "-" + wrap_name(p.wrap) + "-min_" +
                               (p.min_filter == GL_LINEAR ? "linear" : "nearest") + "-mag_" +
                               (p.mag_filter == GL_LINEAR ? "linear" : "nearest") + "-" + source_name(src) +
                               "-lambda" + fmt(lambda) + "-s" + fmt(s);
               cases.push_back({n, p, s, lambda, src});
            }
   };
   // GL_CLAMP and GL_MIRROR_CLAMP_EXT when only one filter is LINEAR: the LINEAR lookups blend
   // with the border at the edge, the NEAREST ones read the edge texel.
   for (const GLenum wrap : {GL_CLAMP, GL_MIRROR_CLAMP_EXT})
      for (const auto &[mn, mg] : {std::pair{GL_LINEAR, GL_NEAREST}, std::pair{GL_NEAREST, GL_LINEAR}})
         add("mixed", {wrap, static_cast<GLenum>(mn), static_cast<GLenum>(mg)},
             wrap == GL_CLAMP ? std::initializer_list<float>{1.0f, 1.5f, 0.0f, 0.875f}
                              : std::initializer_list<float>{-1.0f, -1.5f, 1.0f, -0.875f});
   // The LOD bias moves the min/mag switch (λ - 2 is always magnified, λ + 2 always minified).
   add("bias-plus2", {GL_CLAMP, GL_LINEAR, GL_NEAREST, -1000.0f, 1000.0f, 2.0f}, {1.0f});
   add("bias-minus2", {GL_CLAMP, GL_LINEAR, GL_NEAREST, -1000.0f, 1000.0f, -2.0f}, {1.0f});
   // MIN_LOD > 0 makes every lookup minified, MAX_LOD < 0 every lookup magnified, also without
   // mipmaps (a texel boundary tells LINEAR from NEAREST).
   add("min_lod1", {GL_CLAMP_TO_EDGE, GL_LINEAR, GL_NEAREST, 1.0f, 1000.0f}, {0.5f});
   add("min_lod1", {GL_CLAMP_TO_EDGE, GL_NEAREST, GL_LINEAR, 1.0f, 1000.0f}, {0.5f});
   add("max_lod-0.5", {GL_CLAMP_TO_EDGE, GL_NEAREST, GL_LINEAR, -1000.0f, -0.5f}, {0.5f});
   add("max_lod-0.5", {GL_CLAMP_TO_EDGE, GL_LINEAR, GL_NEAREST, -1000.0f, -0.5f}, {0.5f});
   add("min_lod1-gl_clamp", {GL_CLAMP, GL_LINEAR, GL_NEAREST, 1.0f, 1000.0f}, {1.0f});
   add("max_lod-0.5-gl_clamp", {GL_CLAMP, GL_NEAREST, GL_LINEAR, -1000.0f, -0.5f}, {1.0f});
   return cases;
}

const char *kVertexShader = R"(#version 130
void main() {
   // One triangle over the whole 2x2 target.
   vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
   gl_Position = vec4(p, 0.0, 1.0);
}
)";

// Pixel (0, 0) samples `base`; the coordinate changes by `d` per pixel in x and y, so implicit
// derivatives (and the explicit gradients) are (d, 0) and (0, d): ρ = max(4d, 1d) = 4d.
const char *kFragmentShaders[3] = {
   R"(#version 130
uniform sampler2D tex; uniform vec2 base; uniform float d; uniform float lod;
void main() { gl_FragColor = textureLod(tex, base + (gl_FragCoord.xy - 0.5) * d, lod); }
)",
   R"(#version 130
uniform sampler2D tex; uniform vec2 base; uniform float d; uniform float lod;
void main() { gl_FragColor = textureGrad(tex, base + (gl_FragCoord.xy - 0.5) * d, vec2(d, 0.0), vec2(0.0, d)); }
)",
   R"(#version 130
uniform sampler2D tex; uniform vec2 base; uniform float d; uniform float lod;
void main() { gl_FragColor = texture(tex, base + (gl_FragCoord.xy - 0.5) * d); }
)"};

}  // namespace

int main(int argc, char **argv) {
   bool verbose = false;
   for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      if (a == "--list") {
         for (const char *suffix : {"", "-sampler_object"})
            for (const lookup_case &c : make_cases())
               std::printf("%s%s\n", c.name.c_str(), suffix);
         return 0;
      } else if (a == "-v") {
         verbose = true;
      } else if (a == "-h" || a == "--help") {
         std::printf("usage: clampler-gl-cases [--list] [-v]\n"
                     "Runs GL lookups with GL_CLAMP under mixed filters and MIN/MAX_LOD in the min/mag switch on\n"
                     "the GL driver EGL loads (surfaceless) and checks them against GL's formulas.\n");
         return 0;
      } else {
         std::fprintf(stderr, "clampler-gl-cases: unknown argument '%s' (try --help)\n", argv[i]);
         return 2;
      }
   }
   std::string error;
   if (!gl_test::open_context(&error)) {
      std::fprintf(stderr, "clampler-gl-cases: %s\n", error.c_str());
      return 2;
   }
   std::printf("GL_RENDERER: %s\n", reinterpret_cast<const char *>(glGetString(GL_RENDERER)));
   const bool mirror_clamp = gl_test::has_extension("GL_EXT_texture_mirror_clamp") ||
                             gl_test::has_extension("GL_ATI_texture_mirror_once");

   GLuint progs[3];
   for (int i = 0; i < 3; ++i)
      if (!(progs[i] = gl_test::make_program(kVertexShader, kFragmentShaders[i], &error))) {
         std::fprintf(stderr, "clampler-gl-cases: %s\n", error.c_str());
         return 2;
      }
   GLuint tex = 0;
   if (!gl_test::make_render_target(GL_RGBA32F, 2, 2)) {
      std::fprintf(stderr, "clampler-gl-cases: an RGBA32F framebuffer is not complete\n");
      return 2;
   }
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, kWidth, 1, 0, GL_RGBA, GL_FLOAT, kTexels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, kBorder.data());

   GLuint sampler = 0;
   glGenSamplers(1, &sampler);
   int failed = 0, passed = 0, skipped = 0;
   std::vector<std::pair<lookup_case, bool>> runs;  // the case, and whether through the sampler object
   for (const bool with_sampler : {false, true})
      for (const lookup_case &c : make_cases())
         runs.emplace_back(c, with_sampler);
   for (const auto &[c, with_sampler] : runs) {
      const std::string name = c.name + (with_sampler ? "-sampler_object" : "");
      if (c.p.wrap == GL_MIRROR_CLAMP_EXT && !mirror_clamp) {
         ++skipped;
         if (verbose)
            std::printf("skip %s: no GL_EXT_texture_mirror_clamp\n", name.c_str());
         continue;
      }
      if (with_sampler) {
         glSamplerParameteri(sampler, GL_TEXTURE_WRAP_S, static_cast<GLint>(c.p.wrap));
         glSamplerParameteri(sampler, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
         glSamplerParameteri(sampler, GL_TEXTURE_MIN_FILTER, static_cast<GLint>(c.p.min_filter));
         glSamplerParameteri(sampler, GL_TEXTURE_MAG_FILTER, static_cast<GLint>(c.p.mag_filter));
         glSamplerParameterf(sampler, GL_TEXTURE_MIN_LOD, c.p.min_lod);
         glSamplerParameterf(sampler, GL_TEXTURE_MAX_LOD, c.p.max_lod);
         glSamplerParameterf(sampler, GL_TEXTURE_LOD_BIAS, c.p.lod_bias);
         glSamplerParameterfv(sampler, GL_TEXTURE_BORDER_COLOR, kBorder.data());
         glBindSampler(0, sampler);
      } else {
         glBindSampler(0, 0);
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, static_cast<GLint>(c.p.wrap));
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, static_cast<GLint>(c.p.min_filter));
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, static_cast<GLint>(c.p.mag_filter));
         glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, c.p.min_lod);
         glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_LOD, c.p.max_lod);
         glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, c.p.lod_bias);
      }
      const GLuint prog = progs[static_cast<int>(c.source)];
      glUseProgram(prog);
      glUniform1i(glGetUniformLocation(prog, "tex"), 0);
      glUniform2f(glGetUniformLocation(prog, "base"), c.s, 0.5f);
      // ρ = 4d, so λ = log2(4d); textureLod takes λ itself.
      glUniform1f(glGetUniformLocation(prog, "d"), std::exp2(c.lambda) / 4.0f);
      glUniform1f(glGetUniformLocation(prog, "lod"), c.lambda);
      glClearColor(-1, -1, -1, -1);
      glClear(GL_COLOR_BUFFER_BIT);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      rgba got{};
      glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, got.data());
      const GLenum err = glGetError();
      const rgba want = expected(c);
      bool ok = err == GL_NO_ERROR;
      for (int k = 0; k < 4; ++k)
         ok = ok && std::fabs(got[k] - want[k]) <= 1.0f / 256.0f;
      if (ok) {
         ++passed;
      } else {
         ++failed;
      }
      if (!ok || verbose)
         std::printf("%s %s: got (%g, %g, %g, %g), GL says (%g, %g, %g, %g)%s\n", ok ? "pass" : "FAIL",
                     name.c_str(), got[0], got[1], got[2], got[3], want[0], want[1], want[2], want[3],
                     err == GL_NO_ERROR ? "" : " (GL error)");
   }
   std::printf("clampler-gl-cases: %d passed, %d failed, %d skipped\n", passed, failed, skipped);
   return failed ? 1 : 0;
}
