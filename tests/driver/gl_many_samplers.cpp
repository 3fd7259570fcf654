// clampler-gl-many-samplers: draws with thousands of distinct sampler objects in turn and checks every pixel.
//
// It creates N sampler objects (default 10 000), each a different Vulkan sampler for a GL-on-Vulkan
// driver, binds them one after another to unit 0 and draws one point each into its own pixel of a
// 100-pixel-wide RGBA8 framebuffer, all before a single glReadPixels, so a driver that keeps a
// VkSampler per sampler state keeps thousands alive at once. Two kinds of samplers:
//
//   --kind border   sampler i: GL_CLAMP_TO_BORDER, NEAREST, border colour
//                   ((i mod 256)/255, (floor(i/256) mod 256)/255, (51 + floor(i/65536))/255, 1),
//                   looked up at (-0.5, -0.5),
//                   outside the texture: GL 4.6 §8.14.2 makes the result the border colour, so
//                   pixel i reads (i mod 256, floor(i/256) mod 256, 51 + floor(i/65536), 255) and
//                   names the sampler that
//                   drew it. Every colour is a custom border colour in Vulkan (none is one of the
//                   built-in ones).
//   --kind lod      sampler i: CLAMP_TO_EDGE, NEAREST_MIPMAP_NEAREST, GL_TEXTURE_MIN_LOD
//                   (i mod 2) + i·10⁻⁶, looked up with textureLod(…, 0) on a texture whose level
//                   0 is red and level 1 green: λ' = clamp(0, MIN_LOD, MAX_LOD) = MIN_LOD (§8.14.1),
//                   level ⌈λ' + ½⌉ − 1 = 1 (green) for odd i and level 0 (red) for even i (§8.14.3).
//                   No border colour is involved.
//   --kind views    draw i binds a new 1x1 RGBA8 texture whose texel is the border kind's colour
//                   of i, default sampler state (NEAREST), looked up at (0.5, 0.5): pixel i reads
//                   that texel. Each texture is deleted after its draw, so every draw needs a new
//                   sampler view (a new VkImageView on a Vulkan driver) and no new sampler.
//   --kind attachments  draw i renders a point of the border kind's colour of i into a new 1x1
//                   RGBA8 texture attached to a second framebuffer, then blits it to pixel i: every
//                   draw needs a new colour attachment (a new VkImageView for the render pass).
//   --kind images   draw i binds a new 1x1 RGBA8 texture as image unit 0, a point's fragment shader
//                   stores the border kind's colour of i into it (imageStore, colour writes off),
//                   and glCopyImageSubData copies it to pixel i: every draw needs a new shader image
//                   view.
//   --kind buffers  draw i samples a new buffer texture (GL_RGBA8, one texel: the border kind's
//                   colour of i) with texelFetch: every draw needs a new texel buffer view.
//   --kind image-buffers  draw i binds a new buffer texture as image unit 0, stores the colour with
//                   imageStore and reads it back with imageLoad in the same invocation (GLSL 4.20
//                   §4.10: an invocation sees its own writes): a new texel buffer view per draw.
//
// After every draw the program reads glGetError. A draw that raised GL_OUT_OF_MEMORY (a driver
// that could not allocate what the draw needs; GL leaves its result undefined) is counted and its
// pixel is not checked; any other error, or an error before the draws, makes the run fail. A
// driver that allocates on a thread of its own may raise the error at a later glGetError: with
// --finish the program calls glFinish before each glGetError, so every failure is raised for the
// draw that met it. Without it, a GL_OUT_OF_MEMORY first raised after the last draw is counted
// with the others, and its draw's pixel is checked.
//
// With --samplers M (M < N) the N draws cycle through M sampler objects (draw i uses sampler
// i mod M): a changed sampler on every draw, from a small set, as applications bind them.
//
// With --contexts K (at most 8) the same run repeats in K contexts on one display, each with its
// own objects, the earlier ones kept alive: a driver whose sampler cache is device-wide creates
// each Vulkan sampler once for all of them.
//
// With --cycles C the whole run — display, contexts, draws, eglTerminate — repeats C times, and
// --memory prints the heap in use (glibc's mallinfo2: allocated chunks plus mapped blocks) before
// the first display and after each eglTerminate, so memory that a driver does not give back when
// its last context and screen end shows as growth from cycle to cycle.
//
//   clampler-gl-many-samplers [--kind border|lod|views|attachments|images|buffers|image-buffers] [--count N] [--samplers M] [--contexts K]
//                             [--cycles C] [--memory] [--finish]
// Prints the renderer and "R of N pixels right (...; D draws raised GL_OUT_OF_MEMORY)" per context,
// where N counts the checked pixels and R those right; exit 1 if a checked pixel is wrong, 2 if it
// cannot run.
#include <malloc.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "gl_test_context.h"

namespace {

constexpr int kColumns = 100;
constexpr long kMaxCount = 200000;  // MIN_LOD (i mod 2) + i·10⁻⁶ stays below ½ above the level

const char *kVertexShader = R"(#version 130
uniform int index;
void main() {
   vec2 pixel = vec2(float(index % 100), float(index / 100)) + 0.5;
   gl_Position = vec4(pixel / vec2(50.0, float(ROWS) * 0.5) - 1.0, 0.0, 1.0);
}
)";
const char *kBorderShader = R"(#version 130
uniform sampler2D tex;
void main() { gl_FragColor = texture(tex, vec2(-0.5, -0.5)); }
)";
const char *kViewShader = R"(#version 130
uniform sampler2D tex;
void main() { gl_FragColor = texture(tex, vec2(0.5, 0.5)); }
)";
const char *kFillVertexShader = R"(#version 130
void main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }
)";
const char *kFillShader = R"(#version 130
uniform vec4 colour;
void main() { gl_FragColor = colour; }
)";
const char *kImageShader = R"(#version 420
layout(rgba8) writeonly uniform image2D img;
uniform vec4 colour;
void main() { imageStore(img, ivec2(0, 0), colour); }
)";
const char *kBufferShader = R"(#version 140
uniform samplerBuffer tex;
out vec4 o;
void main() { o = texelFetch(tex, 0); }
)";
const char *kImageBufferShader = R"(#version 420
layout(rgba8) uniform imageBuffer img;
uniform vec4 colour;
out vec4 o;
void main() {
   imageStore(img, 0, colour);
   o = imageLoad(img, 0);
}
)";
const char *kLodShader = R"(#version 130
uniform sampler2D tex;
void main() { gl_FragColor = textureLod(tex, vec2(0.5, 0.5), 0.0); }
)";

struct rgba8 {
   unsigned char r, g, b, a;
};

enum class kind { border, lod, views, attachments, images, buffers, image_buffers };

rgba8 expected(kind k, int i) {
   if (k != kind::lod)
      return {static_cast<unsigned char>(i % 256), static_cast<unsigned char>(i / 256 % 256),
              static_cast<unsigned char>(51 + i / 65536), 255};
   return i % 2 ? rgba8{0, 255, 0, 255} : rgba8{255, 0, 0, 255};
}

int usage(const char *why) {
   std::fprintf(stderr, "clampler-gl-many-samplers: %s\nusage: clampler-gl-many-samplers [--kind border|lod|views|attachments|images|buffers|image-buffers] [--count N]"
                        " [--samplers M] [--contexts K] [--cycles C] [--memory] [--finish] (1 <= M <= N <= 200000, K <= 8, C <= 100)\n", why);
   return 2;
}

// The heap in use: glibc's allocated chunks plus its mmapped blocks (freed memory it keeps for reuse
// does not count, unlike the resident set).
size_t heap_in_use() {
   const struct mallinfo2 m = mallinfo2();
   return m.uordblks + m.hblkhd;
}

// Draws and checks in the current context: 0 all right, 1 a wrong pixel, 2 cannot run.
int run(kind k, int count, int distinct, bool finish) {
   const bool border = k == kind::border;
   std::string error;
   const int rows = (count + kColumns - 1) / kColumns;
   const std::string vs = std::string(kVertexShader).replace(std::string(kVertexShader).find("ROWS"), 4,
                                                             std::to_string(rows));
   const char *fs = border                      ? kBorderShader
                     : k == kind::lod             ? kLodShader
                     : k == kind::buffers         ? kBufferShader
                     : k == kind::image_buffers   ? kImageBufferShader
                                                  : kViewShader;
   const GLuint prog = gl_test::make_program(vs.c_str(), fs, &error);
   if (!prog) {
      std::fprintf(stderr, "clampler-gl-many-samplers: %s\n", error.c_str());
      return 2;
   }
   GLuint rb = 0, fbo = 0, tex = 0;
   if (!gl_test::make_render_target(GL_RGBA8, kColumns, rows, &fbo, &rb)) {
      std::fprintf(stderr, "clampler-gl-many-samplers: an RGBA8 framebuffer is not complete\n");
      return 2;
   }
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);

   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   const unsigned char red[4 * 4] = {255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255, 255, 0, 0, 255};
   const unsigned char green[4] = {0, 255, 0, 255};
   const unsigned char magenta[4 * 4] = {255, 0, 255, 255, 255, 0, 255, 255, 255, 0, 255, 255, 255, 0, 255, 255};
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, border ? magenta : red);
   glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, green);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 1);

   // --kind attachments and images: the program each draw runs (it fills the second framebuffer's
   // pixel, or stores into the image), and for attachments the second framebuffer.
   GLuint fill = 0, small_fbo = 0;
   GLint colour = -1;
   if (k == kind::attachments || k == kind::images) {
      fill = gl_test::make_program(kFillVertexShader, k == kind::images ? kImageShader : kFillShader, &error);
      if (!fill) {
         std::fprintf(stderr, "clampler-gl-many-samplers: %s\n", error.c_str());
         return 2;
      }
      colour = glGetUniformLocation(fill, "colour");
      if (k == kind::attachments)
         glGenFramebuffers(1, &small_fbo);
   }

   const bool per_draw_texture = k == kind::views || k == kind::attachments || k == kind::images ||
                                 k == kind::buffers || k == kind::image_buffers;
   std::vector<GLuint> samplers(per_draw_texture ? 0 : distinct);
   if (!samplers.empty())
      glGenSamplers(distinct, samplers.data());
   for (int i = 0; i < static_cast<int>(samplers.size()); ++i) {
      const GLuint s = samplers[i];
      glSamplerParameteri(s, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      if (border) {
         glSamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
         glSamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
         glSamplerParameteri(s, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_BORDER);
         const GLfloat c[4] = {static_cast<float>(i % 256) / 255.0f, static_cast<float>(i / 256 % 256) / 255.0f,
                               static_cast<float>(51 + i / 65536) / 255.0f, 1.0f};
         glSamplerParameterfv(s, GL_TEXTURE_BORDER_COLOR, c);
      } else {
         glSamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
         glSamplerParameteri(s, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
         glSamplerParameteri(s, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
         glSamplerParameterf(s, GL_TEXTURE_MIN_LOD, static_cast<float>(i % 2) + static_cast<float>(i) * 1e-6f);
      }
   }
   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "tex"), 0);
   const GLint index = glGetUniformLocation(prog, "index");
   const GLint store_colour = glGetUniformLocation(prog, "colour");
   if (const GLenum e = glGetError(); e != GL_NO_ERROR) {
      std::fprintf(stderr, "clampler-gl-many-samplers: GL error 0x%04x before the draws\n", e);
      return 2;
   }
   std::vector<bool> out_of_memory(count, false);
   int oom = 0;
   for (int i = 0; i < count; ++i) {
      GLuint fresh = 0, buffer = 0;
      if (k == kind::buffers || k == kind::image_buffers) {
         const rgba8 c = expected(k, i);
         glGenBuffers(1, &buffer);
         glBindBuffer(GL_TEXTURE_BUFFER, buffer);
         glBufferData(GL_TEXTURE_BUFFER, sizeof c, &c, GL_STATIC_DRAW);
         glGenTextures(1, &fresh);
         glBindTexture(GL_TEXTURE_BUFFER, fresh);
         glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA8, buffer);
         if (k == kind::image_buffers) {
            glBindImageTexture(0, fresh, 0, GL_FALSE, 0, GL_READ_WRITE, GL_RGBA8);
            glUniform4f(store_colour, c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, c.a / 255.0f);
         }
      } else if (k == kind::attachments) {
         const rgba8 c = expected(k, i);
         glGenTextures(1, &fresh);
         glBindTexture(GL_TEXTURE_2D, fresh);
         glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
         glBindFramebuffer(GL_FRAMEBUFFER, small_fbo);
         glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, fresh, 0);
         glViewport(0, 0, 1, 1);
         glUseProgram(fill);
         glUniform4f(colour, c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, c.a / 255.0f);
         glDrawArrays(GL_POINTS, 0, 1);
         glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
         glBlitFramebuffer(0, 0, 1, 1, i % kColumns, i / kColumns, i % kColumns + 1, i / kColumns + 1,
                           GL_COLOR_BUFFER_BIT, GL_NEAREST);
         glBindFramebuffer(GL_FRAMEBUFFER, fbo);
         glViewport(0, 0, kColumns, rows);
      } else if (k == kind::images) {
         const rgba8 c = expected(k, i);
         glGenTextures(1, &fresh);
         glBindTexture(GL_TEXTURE_2D, fresh);
         glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 1, 1);
         glBindImageTexture(0, fresh, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
         glUseProgram(fill);
         glUniform4f(colour, c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, c.a / 255.0f);
         glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
         glDrawArrays(GL_POINTS, 0, 1);
         glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
         glMemoryBarrier(GL_ALL_BARRIER_BITS);
         glCopyImageSubData(fresh, GL_TEXTURE_2D, 0, 0, 0, 0, rb, GL_RENDERBUFFER, 0, i % kColumns, i / kColumns, 0, 1, 1, 1);
      } else if (k == kind::views) {
         const rgba8 c = expected(k, i);
         glGenTextures(1, &fresh);
         glBindTexture(GL_TEXTURE_2D, fresh);
         glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, &c);
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
         glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      } else {
         glBindSampler(0, samplers[i % distinct]);
      }
      if (k != kind::attachments && k != kind::images) {
         glUniform1i(index, i);
         glDrawArrays(GL_POINTS, 0, 1);
      }
      if (fresh)
         glDeleteTextures(1, &fresh);
      if (buffer)
         glDeleteBuffers(1, &buffer);
      const GLenum e = gl_test::step_error(finish, &oom);
      if (e == GL_OUT_OF_MEMORY) {
         out_of_memory[i] = true;
      } else if (e != GL_NO_ERROR) {
         std::fprintf(stderr, "clampler-gl-many-samplers: GL error 0x%04x at draw %d\n", e, i);
         return 2;
      }
   }
   std::vector<rgba8> pixels(static_cast<size_t>(kColumns) * rows);
   glReadPixels(0, 0, kColumns, rows, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
   if (const GLenum e = gl_test::readback_error(&oom); e != GL_NO_ERROR) {
      std::fprintf(stderr, "clampler-gl-many-samplers: GL error 0x%04x\n", e);
      return 2;
   }
   int right = 0, shown = 0, checked = 0;
   for (int i = 0; i < count; ++i) {
      if (out_of_memory[i])
         continue;
      ++checked;
      const rgba8 want = expected(k, i % distinct), got = pixels[i];
      if (got.r == want.r && got.g == want.g && got.b == want.b && got.a == want.a) {
         ++right;
      } else if (shown++ < 10) {
         std::printf("sampler %d: pixel (%d, %d) is (%d, %d, %d, %d), GL gives (%d, %d, %d, %d)\n", i % distinct, i % kColumns,
                     i / kColumns, got.r, got.g, got.b, got.a, want.r, want.g, want.b, want.a);
      }
   }
   std::printf("%s: %d of %d pixels right (%d sampler objects; %d draws raised GL_OUT_OF_MEMORY)\n",
               border                        ? "border"
               : k == kind::lod              ? "lod"
               : k == kind::views            ? "views"
               : k == kind::attachments      ? "attachments"
               : k == kind::images           ? "images"
               : k == kind::buffers          ? "buffers"
                                             : "image-buffers",
               right, checked,
               per_draw_texture ? 0 : distinct, oom);
   // The sampler objects stay: a second context's equal samplers meet them in a shared cache.
   return right == checked ? 0 : 1;
}

}  // namespace

int main(int argc, char **argv) {
   kind k = kind::border;
   bool memory = false, finish = false;
   int count = 10000, distinct = 0, contexts = 1, cycles = 1;
   for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      if (a == "--kind" && i + 1 < argc) {
         const std::string name = argv[++i];
         const std::pair<const char *, kind> kinds[] = {
            {"border", kind::border}, {"lod", kind::lod}, {"views", kind::views}, {"attachments", kind::attachments},
            {"images", kind::images}, {"buffers", kind::buffers}, {"image-buffers", kind::image_buffers}};
         bool known = false;
         for (const auto &[kind_name, kind_value] : kinds)
            if (name == kind_name) {
               k = kind_value;
               known = true;
            }
         if (!known)
            return usage(("unknown kind '" + name + "'").c_str());
      } else if (a == "--count" && i + 1 < argc) {
         if (!gl_test::parse_count(argv[++i], kMaxCount, &count))
            return usage(("bad count '" + std::string(argv[i]) + "'").c_str());
      } else if (a == "--samplers" && i + 1 < argc) {
         if (!gl_test::parse_count(argv[++i], kMaxCount, &distinct))
            return usage(("bad sampler count '" + std::string(argv[i]) + "'").c_str());
      } else if (a == "--contexts" && i + 1 < argc) {
         if (!gl_test::parse_count(argv[++i], 8, &contexts))
            return usage(("bad context count '" + std::string(argv[i]) + "'").c_str());
      } else if (a == "--cycles" && i + 1 < argc) {
         if (!gl_test::parse_count(argv[++i], 100, &cycles))
            return usage(("bad cycle count '" + std::string(argv[i]) + "'").c_str());
      } else if (a == "--memory") {
         memory = true;
      } else if (a == "--finish") {
         finish = true;
      } else {
         return usage(("unknown argument '" + a + "'").c_str());
      }
   }
   if (distinct == 0)
      distinct = count;
   if (distinct > count)
      return usage("more samplers than draws");
   int status = 0;
   if (memory)
      std::printf("memory: %zu KiB in use before the first display\n", heap_in_use() / 1024);
   for (int cycle = 0; cycle < cycles && status != 2; ++cycle) {
      for (int c = 0; c < contexts && status != 2; ++c) {
         std::string error;
         if (!gl_test::open_context(&error)) {
            std::fprintf(stderr, "clampler-gl-many-samplers: %s\n", error.c_str());
            return 2;
         }
         if (c == 0 && cycle == 0)
            std::printf("GL_RENDERER: %s\n", reinterpret_cast<const char *>(glGetString(GL_RENDERER)));
         status = std::max(status, run(k, count, distinct, finish));
      }
      gl_test::close_context();
      if (memory)
         std::printf("memory: %zu KiB in use after cycle %d's eglTerminate\n", heap_in_use() / 1024, cycle + 1);
   }
   return status;
}
