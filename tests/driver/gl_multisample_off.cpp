// clampler-gl-multisample-off: GL_MULTISAMPLE switched off on a multisampled framebuffer draws as single-sampling does, on whatever GL driver EGL loads, checked against GL 4.6 compatibility §14.3.1.
//
// With MULTISAMPLE disabled GL rasterizes as if single-sampled: a pixel whose centre a triangle
// covers gets all its samples, with the colour, depth and varyings of the centre, centroid
// qualifiers ignored (§14.3.1; GLSL 4.60 §4.5). So a scene drawn that way into a 4-sample
// framebuffer and resolved must equal, pixel for pixel, the same scene the same driver draws into
// a single-sampled framebuffer: GL leaves the tie rule and the sub-pixel precision to the
// implementation, not to the path. Independently of that image, no resolved pixel may mix
// samples of different fragments: alpha is 0 for the background and 1 for every triangle.
// Cases:
//   random        40 triangles in a 64x64 framebuffer from a seed, half their vertices on the
//                 half-pixel grid (edges through pixel centres: ties), colours from a centroid varying
//   perspective   the random triangles on a plane seen in perspective (w 0.8 to 1.25), with a varying
//                 the fragment shader takes noperspective, a varying array indexed by a uniform and
//                 a flat varying
//   depth         triangles whose depth crosses a flat one's inside pixels, depth test LESS: the
//                 centre's depth decides for every sample
//   near-far      triangles through the near and far planes, which GL clips (no depth test); again
//                 with a polygon offset of 50 000 units, which GL applies after clipping
//   viewport      triangles reaching past a viewport inset by 8 pixels, which GL clips to it
//   shared-edges  a fan of 8 triangles around a pixel centre, added into the framebuffer: GL 4.6
//                 §14.6.1 draws a pixel on an edge two triangles share for exactly one of them
//
//   clampler-gl-multisample-off           one line per failure and a summary; exit 1 on failure
//   clampler-gl-multisample-off -v        print every case
//   clampler-gl-multisample-off --seed N  the random scene from seed N (default 20261128)
//   --bench FRAMES [--multisample-on]     no checks: the random scene drawn FRAMES times into the
//                                         4-sample framebuffer, GL_MULTISAMPLE off (or on)
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "gl_test_context.h"

namespace {

constexpr int kSize = 64;
constexpr int kSamples = 4;

const char *const kVs = R"(#version 130
in vec3 position;
in vec3 colour;
centroid out vec3 shade;
void main() {
   gl_Position = vec4(position, 1.0);
   shade = colour;
})";
const char *const kFs = R"(#version 130
centroid in vec3 shade;
void main() {
   gl_FragColor = vec4(shade, 1.0);
})";
// The same positions from homogeneous vertices: a varying the fragment shader takes noperspective
// (its qualifier decides, GLSL 4.60 §4.5), a varying array indexed by a uniform in both shaders and
// a flat varying from the provoking vertex.
const char *const kQualifiersVs = R"(#version 450 compatibility
in vec3 position;
in vec3 colour;
in float w;
out vec3 linear;
out vec3 pair[2];
flat out float provoking;
uniform int k;
void main() {
   gl_Position = vec4(position * w, w);
   linear = colour;
   pair[k] = colour.yzx;
   pair[1 - k] = colour.zxy;
   provoking = dot(colour, vec3(0.25, 0.5, 0.75));
})";
const char *const kQualifiersFs = R"(#version 450 compatibility
noperspective in vec3 linear;
in vec3 pair[2];
flat in float provoking;
uniform int k;
void main() {
   gl_FragColor = vec4(linear.x, 0.5 * (pair[k].y + pair[1 - k].x), provoking, 1.0);
})";

struct vertex {
   float x, y, z;  // x, y in window coordinates, z in normalized device coordinates
   float r, g, b;
   float w = 1;  // the clip w the vertex shader multiplies the position by
};

struct target {
   GLuint fbo = 0, colour = 0, depth = 0;
};

target make_target(int samples) {
   target t;
   glGenRenderbuffers(1, &t.colour);
   glBindRenderbuffer(GL_RENDERBUFFER, t.colour);
   glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, kSize, kSize);
   glGenRenderbuffers(1, &t.depth);
   glBindRenderbuffer(GL_RENDERBUFFER, t.depth);
   glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_DEPTH_COMPONENT24, kSize, kSize);
   glGenFramebuffers(1, &t.fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, t.fbo);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, t.colour);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, t.depth);
   return t;
}

// The triangles drawn into `t` (already bound), GL_TRIANGLES, with the scene's state.
// The viewport: the whole framebuffer, or inset by 8 pixels on each side.
constexpr int kInset = 8;

void draw(const std::vector<vertex> &tris, bool depth_test, bool additive, bool inset = false, bool offset = false) {
   std::vector<float> data;
   for (const vertex &v : tris) {
      data.insert(data.end(), {v.x / kSize * 2 - 1, v.y / kSize * 2 - 1, v.z, v.r, v.g, v.b, v.w});
   }
   if (inset)
      glViewport(kInset, kInset, kSize - 2 * kInset, kSize - 2 * kInset);
   else
      glViewport(0, 0, kSize, kSize);
   glClearColor(0, 0, 0, 0);
   glClearDepth(1.0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   if (depth_test) {
      glEnable(GL_DEPTH_TEST);
      glDepthFunc(GL_LESS);
   }
   if (additive) {
      glEnable(GL_BLEND);
      glBlendFunc(GL_ONE, GL_ONE);
   }
   if (offset) {
      glEnable(GL_POLYGON_OFFSET_FILL);
      glPolygonOffset(0.0f, 50000.0f);
   }
   glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(data.size() * sizeof(float)), data.data(), GL_STREAM_DRAW);
   glDrawArrays(GL_TRIANGLES, 0, static_cast<GLsizei>(tris.size()));
   glDisable(GL_DEPTH_TEST);
   glDisable(GL_BLEND);
   glDisable(GL_POLYGON_OFFSET_FILL);
}

std::vector<uint8_t> read(GLuint fbo) {
   std::vector<uint8_t> px(kSize * kSize * 4);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   glReadPixels(0, 0, kSize, kSize, GL_RGBA, GL_UNSIGNED_BYTE, px.data());
   return px;
}

std::vector<vertex> random_scene(unsigned seed) {
   std::mt19937 rng(seed);
   std::uniform_real_distribution<float> pos(2.0f, kSize - 2.0f), size(4.0f, 28.0f), unit(0.0f, 1.0f);
   std::vector<vertex> tris;
   for (int t = 0; t < 40; ++t) {
      const float cx = pos(rng), cy = pos(rng);
      for (int k = 0; k < 3; ++k) {
         float x = cx + (unit(rng) - 0.5f) * size(rng), y = cy + (unit(rng) - 0.5f) * size(rng);
         if (t % 2) {  // on the half-pixel grid: pixel centres and corners
            x = std::round(x * 2) / 2;
            y = std::round(y * 2) / 2;
         }
         // inside the framebuffer: where the device clips a triangle, the new vertices it makes
         // may snap to other sub-pixel positions than the edge they lie on (docs/zink.md, Z13)
         x = std::clamp(x, 0.5f, kSize - 0.5f);
         y = std::clamp(y, 0.5f, kSize - 0.5f);
         tris.push_back({x, y, 0.0f, k == 0 ? 1.0f : 0.0f, k == 1 ? 1.0f : 0.0f, k == 2 ? 1.0f : 0.0f});
      }
   }
   return tris;
}

// A red triangle flat at depth 0 and, over it, green triangles whose depth runs from -1 to 1
// across a few pixels, so it crosses 0 inside pixels.
std::vector<vertex> depth_scene() {
   std::vector<vertex> tris = {{4, 4, 0, 1, 0, 0}, {60, 4, 0, 1, 0, 0}, {32, 60, 0, 1, 0, 0}};
   const float steep[][3] = {{10.2f, 8.3f, -1}, {13.7f, 8.9f, 1}, {12.1f, 50.4f, 1},
                             {30.6f, 6.1f, 1}, {33.1f, 40.2f, -1}, {29.4f, 41.7f, 1},
                             {44.3f, 9.9f, -1}, {50.8f, 12.6f, 1}, {41.5f, 30.3f, -1}};
   for (const auto &v : steep)
      tris.push_back({v[0], v[1], v[2], 0, 1, 0});
   return tris;
}

// Triangles through the near and far planes (depth -1.5 to 1.5 in normalized device coordinates):
// GL clips them there.
std::vector<vertex> planes_scene() {
   return {{6.3f, 5.1f, -1.5f, 1, 0, 0},  {58.7f, 9.4f, 1.5f, 0, 1, 0},  {30.2f, 28.9f, -1.5f, 0, 0, 1},
           {8.1f, 60.2f, 1.5f, 1, 0, 0},  {55.6f, 33.3f, -1.5f, 0, 1, 0}, {40.9f, 58.8f, 1.5f, 0, 0, 1}};
}

// Triangles reaching past a viewport inset by 8 pixels on every side (the coordinates as for the
// whole framebuffer, mapped into the inset viewport; vertices off the half-pixel grid, so the
// device's clipping makes no tie): GL clips them to it.
std::vector<vertex> viewport_scene() {
   return {{-5.3f, 3.1f, 0, 1, 0, 0},  {30.7f, -6.2f, 0, 0, 1, 0}, {20.2f, 27.9f, 0, 0, 0, 1},
           {43.9f, 20.3f, 0, 1, 0, 0}, {70.2f, 51.7f, 0, 0, 1, 0}, {28.6f, 69.1f, 0, 0, 0, 1},
           {6.1f, 70.9f, 0, 1, 0, 0},  {-7.7f, 30.4f, 0, 0, 1, 0}, {17.3f, 44.2f, 0, 0, 0, 1}};
}

// Eight triangles around the pixel centre (32.5, 32.5), their outer vertices on pixel centres too:
// each shared edge runs through pixel centres (horizontal, vertical and diagonal ones).
std::vector<vertex> fan_scene() {
   const float c = 32.5f, r = 20.0f;
   const float ring[8][2] = {{c + r, c}, {c + r, c + r}, {c, c + r}, {c - r, c + r},
                             {c - r, c}, {c - r, c - r}, {c, c - r}, {c + r, c - r}};
   std::vector<vertex> tris;
   for (int i = 0; i < 8; ++i) {
      const auto &a = ring[i], &b = ring[(i + 1) % 8];
      tris.push_back({c, c, 0, 0.25f, 0, 0});
      tris.push_back({a[0], a[1], 0, 0.25f, 0, 0});
      tris.push_back({b[0], b[1], 0, 0.25f, 0, 0});
   }
   return tris;
}

// The random scene's triangles on a plane seen in perspective: clip w from 0.8 at the framebuffer's
// lower left corner to 1.25 at its upper right, linear in window coordinates as for a tilted
// surface. (A triangle seen nearly edge-on, its vertices' w far apart for its size, has its
// plane's horizon within a pixel or two: the clampler driver draws such a one as Vulkan covers it,
// docs/zink.md, Z13.)
std::vector<vertex> perspective_scene(unsigned seed) {
   std::vector<vertex> tris = random_scene(seed + 1);
   for (vertex &v : tris)
      v.w = 0.8f + 0.45f * (v.x + v.y) / (2 * kSize);
   return tris;
}

struct scene {
   const char *name;
   std::vector<vertex> tris;
   bool depth_test, additive;
   GLuint program;
   bool inset = false, offset = false;
};

}  // namespace

int main(int argc, char **argv) {
   bool verbose = false, multisample_on = false;
   unsigned seed = 20261128;
   int bench_frames = 0;
   for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      int n = 0;
      if (arg == "-v") {
         verbose = true;
      } else if (arg == "--seed" && i + 1 < argc && gl_test::parse_count(argv[i + 1], 1L << 30, &n)) {
         seed = static_cast<unsigned>(n);
         ++i;
      } else if (arg == "--bench" && i + 1 < argc && gl_test::parse_count(argv[i + 1], 1000000, &bench_frames)) {
         ++i;
      } else if (arg == "--multisample-on") {
         multisample_on = true;
      } else {
         std::fprintf(stderr, "clampler-gl-multisample-off: unknown or incomplete argument '%s'\n", argv[i]);
         return 2;
      }
   }
   std::string error;
   if (!gl_test::open_context(&error)) {
      std::fprintf(stderr, "clampler-gl-multisample-off: %s\n", error.c_str());
      return 2;
   }
   GLint max_samples = 0;
   glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
   if (max_samples < kSamples) {
      std::printf("skip: GL_MAX_SAMPLES is %d\n", max_samples);
      return 77;
   }
   const GLuint prog = gl_test::make_program(kVs, kFs, &error);
   if (!prog) {
      std::fprintf(stderr, "clampler-gl-multisample-off: %s\n", error.c_str());
      return 2;
   }
   // GLSL 4.50: without it the perspective scene is skipped
   const GLuint qualifiers = gl_test::make_program(kQualifiersVs, kQualifiersFs, &error);
   if (!qualifiers)
      std::printf("skip perspective: %s\n", error.c_str());
   for (GLuint p : {prog, qualifiers}) {
      if (!p)
         continue;
      glBindAttribLocation(p, 0, "position");
      glBindAttribLocation(p, 1, "colour");
      glBindAttribLocation(p, 2, "w");
      glLinkProgram(p);
   }
   if (qualifiers) {
      glUseProgram(qualifiers);
      glUniform1i(glGetUniformLocation(qualifiers, "k"), 1);
   }
   glUseProgram(prog);
   GLuint vao = 0, vbo = 0;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 7 * sizeof(float), nullptr);
   glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 7 * sizeof(float), reinterpret_cast<void *>(3 * sizeof(float)));
   glVertexAttribPointer(2, 1, GL_FLOAT, GL_FALSE, 7 * sizeof(float), reinterpret_cast<void *>(6 * sizeof(float)));
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   glEnableVertexAttribArray(2);

   const target single = make_target(0), multi = make_target(kSamples), resolved = make_target(0);
   for (const target *t : {&single, &multi, &resolved}) {
      glBindFramebuffer(GL_FRAMEBUFFER, t->fbo);
      if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
         std::fprintf(stderr, "clampler-gl-multisample-off: a framebuffer is not complete\n");
         return 2;
      }
   }
   if (bench_frames) {
      const std::vector<vertex> tris = random_scene(seed);
      glBindFramebuffer(GL_FRAMEBUFFER, multi.fbo);
      if (!multisample_on)
         glDisable(GL_MULTISAMPLE);
      for (int f = 0; f < bench_frames; ++f)
         draw(tris, false, false);
      return gl_test::finish_bench();
   }
   const scene scenes[] = {
      {"random", random_scene(seed), false, false, prog},
      {"perspective", perspective_scene(seed), false, false, qualifiers},
      {"depth", depth_scene(), true, false, prog},
      {"near-far", planes_scene(), false, false, prog},
      {"near-far-offset", planes_scene(), false, false, prog, false, true},
      {"viewport", viewport_scene(), false, false, prog, true},
      {"shared-edges", fan_scene(), false, true, prog},
   };
   int failures = 0, checks = 0;
   for (const scene &s : scenes) {
      if (!s.program)
         continue;
      glUseProgram(s.program);
      glBindFramebuffer(GL_FRAMEBUFFER, single.fbo);
      draw(s.tris, s.depth_test, s.additive, s.inset, s.offset);
      glBindFramebuffer(GL_FRAMEBUFFER, multi.fbo);
      glDisable(GL_MULTISAMPLE);
      draw(s.tris, s.depth_test, s.additive, s.inset, s.offset);
      glEnable(GL_MULTISAMPLE);
      glBindFramebuffer(GL_READ_FRAMEBUFFER, multi.fbo);
      glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolved.fbo);
      glBlitFramebuffer(0, 0, kSize, kSize, 0, 0, kSize, kSize, GL_COLOR_BUFFER_BIT, GL_NEAREST);
      const std::vector<uint8_t> want = read(single.fbo), got = read(resolved.fbo);
      if (glGetError() != GL_NO_ERROR) {
         std::printf("FAIL %s: a GL error\n", s.name);
         ++failures;
         continue;
      }
      int bad = 0, mixed = 0, twice = 0, outside = 0, lit = 0;
      for (int i = 0; i < kSize * kSize; ++i) {
         const uint8_t *g = &got[i * 4], *w = &want[i * 4];
         const int x = i % kSize, y = i / kSize;
         lit += g[3] != 0;
         if (g[3] != 0 && g[3] != 255) {
            if (mixed++ < 5)
               std::printf("FAIL %s: pixel (%d, %d) alpha %d: samples of different fragments mixed\n", s.name, x, y, g[3]);
         }
         // nothing outside the viewport
         if (s.inset && g[3] != 0 &&
             (x < kInset || y < kInset || x >= kSize - kInset || y >= kSize - kInset) && outside++ < 5)
            std::printf("FAIL %s: pixel (%d, %d) outside the viewport drawn\n", s.name, x, y);
         // every lit pixel of the fan is touched once: 0.25 added once
         if (s.additive && g[0] != 0 && g[0] != 64) {
            if (twice++ < 5)
               std::printf("FAIL %s: pixel (%d, %d) red %d: not drawn exactly once\n", s.name, x, y, g[0]);
         }
         bool same = true;
         for (int c = 0; c < 4; ++c)
            same &= std::abs(int(g[c]) - int(w[c])) <= 2;
         if (!same && bad++ < 5)
            std::printf("FAIL %s: pixel (%d, %d) is (%d, %d, %d, %d), single-sampled (%d, %d, %d, %d)\n", s.name, x, y,
                        g[0], g[1], g[2], g[3], w[0], w[1], w[2], w[3]);
      }
      checks += 4;
      failures += (bad > 0) + (mixed > 0) + (twice > 0) + (outside > 0);
      if (lit < 200) {
         std::printf("FAIL %s: only %d pixels drawn\n", s.name, lit);
         ++failures;
      }
      if (verbose || bad || mixed || twice || outside)
         std::printf("%s: %d pixels drawn, %d differ from single-sampling, %d mixed, %d not drawn once, %d outside "
                     "the viewport\n", s.name, lit, bad, mixed, twice, outside);
   }
   std::printf("clampler-gl-multisample-off: %d of %d checks pass on %s\n", checks - failures, checks,
               reinterpret_cast<const char *>(glGetString(GL_RENDERER)));
   gl_test::close_context();
   return failures ? 1 : 0;
}
