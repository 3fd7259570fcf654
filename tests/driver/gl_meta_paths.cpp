// clampler-gl-meta-paths: GL commands a state tracker carries out with draws, clears and blits of its own, on fresh objects each time, checked against GL's result.
//
// Each of N iterations (default 300) writes the colour c(i) = (i mod 256, floor(i/256) + 1, 77, 255)
// into its own 8x8 block of a 256x256 RGBA8 framebuffer (block i at (8 (i mod 32), 8 floor(i/32)))
// through one path, on objects made for that iteration, so a GL-on-Vulkan driver needs new image
// views each time:
//   bitmap      glColor4ub(c), glWindowPos, glBitmap of an 8x8 bitmap of ones: the fragments take
//               the current raster colour (GL 4.6 compatibility §14.8, §16.1.1)
//   drawpixels  glWindowPos, glDrawPixels of 8x8 RGBA8 texels equal to c (§18.1)
//   copypixels  a scissored glClear paints c into a block of the top row, glCopyPixels copies it
//               (§18.3)
//   cleartex    glClearTexImage of a new 8x8 texture to c (§8.21), glCopyImageSubData to the block
//   blit        a new 16x16 texture of c attached to a read framebuffer, glBlitFramebuffer scaled to
//               8x8 with LINEAR: every sample is c, so is every weighted sum (§18.3.1)
//   scissored-blit  the same with the scissor test on, the scissor the block (§18.3.1: the blit
//               writes only inside it), which a Gallium driver may draw with its own shaders
//   resolve     a new 4-sample 8x8 renderbuffer cleared to c, resolved by glBlitFramebuffer (§18.3.1)
// After each iteration the program reads glGetError (with --finish after glFinish, so a driver that
// does the work on a thread of its own, or a state tracker that defers it — Mesa's bitmap cache
// draws at the next flush — has met any failure by then). An iteration that raised
// GL_OUT_OF_MEMORY (GL leaves its result undefined) is counted and its block not checked; any other
// error makes the run fail.
//
//   clampler-gl-meta-paths --path NAME [--count N] [--finish]
// Prints "NAME: R of K blocks right (D iterations raised GL_OUT_OF_MEMORY)"; exit 1 if a checked
// block is wrong, 2 if it cannot run.
#include <cstdio>
#include <string>
#include <vector>

#include "gl_test_context.h"

namespace {

constexpr int kSize = 256, kBlock = 8, kPerRow = kSize / kBlock;
constexpr int kMaxCount = kPerRow * (kPerRow - 1);  // the top row is copypixels' source
const char *kPaths[] = {"bitmap", "drawpixels", "copypixels", "cleartex", "blit", "scissored-blit", "resolve"};

struct rgba8 {
   unsigned char r, g, b, a;
};

rgba8 colour_of(int i) {
   return {static_cast<unsigned char>(i % 256), static_cast<unsigned char>(i / 256 + 1), 77, 255};
}

int usage(const char *why) {
   std::fprintf(stderr, "clampler-gl-meta-paths: %s\nusage: clampler-gl-meta-paths --path "
                        "bitmap|drawpixels|copypixels|cleartex|blit|scissored-blit|resolve [--count N] [--finish] (N <= %d)\n",
                why, kMaxCount);
   return 2;
}

// Writes c(i) into block i through `path`; the framebuffer `fbo` is bound again afterwards.
void write_block(const std::string &path, int i, GLuint fbo, GLuint rb) {
   const rgba8 c = colour_of(i);
   const int x = kBlock * (i % kPerRow), y = kBlock * (i / kPerRow);
   std::vector<rgba8> texels(16 * 16, c);
   if (path == "bitmap") {
      const GLubyte ones[kBlock] = {0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff};
      glColor4ub(c.r, c.g, c.b, c.a);
      glWindowPos2i(x, y);
      glBitmap(kBlock, kBlock, 0, 0, 0, 0, ones);
   } else if (path == "drawpixels") {
      glWindowPos2i(x, y);
      glDrawPixels(kBlock, kBlock, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
   } else if (path == "copypixels") {
      const int sx = kBlock * (i % kPerRow), sy = kSize - kBlock;
      glEnable(GL_SCISSOR_TEST);
      glScissor(sx, sy, kBlock, kBlock);
      glClearColor(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, c.a / 255.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      glDisable(GL_SCISSOR_TEST);
      glWindowPos2i(x, y);
      glCopyPixels(sx, sy, kBlock, kBlock, GL_COLOR);
   } else if (path == "cleartex") {
      GLuint tex = 0;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, kBlock, kBlock);
      glClearTexImage(tex, 0, GL_RGBA, GL_UNSIGNED_BYTE, &c);
      glCopyImageSubData(tex, GL_TEXTURE_2D, 0, 0, 0, 0, rb, GL_RENDERBUFFER, 0, x, y, 0, kBlock, kBlock, 1);
      glDeleteTextures(1, &tex);
   } else if (path == "blit" || path == "scissored-blit") {
      GLuint tex = 0, read = 0;
      glGenTextures(1, &tex);
      glBindTexture(GL_TEXTURE_2D, tex);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels.data());
      glGenFramebuffers(1, &read);
      glBindFramebuffer(GL_READ_FRAMEBUFFER, read);
      glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
      if (path == "scissored-blit") {
         glEnable(GL_SCISSOR_TEST);
         glScissor(x, y, kBlock, kBlock);
      }
      glBlitFramebuffer(0, 0, 16, 16, x, y, x + kBlock, y + kBlock, GL_COLOR_BUFFER_BIT, GL_LINEAR);
      glDisable(GL_SCISSOR_TEST);
      glBindFramebuffer(GL_FRAMEBUFFER, fbo);
      glDeleteFramebuffers(1, &read);
      glDeleteTextures(1, &tex);
   } else {  // resolve
      GLuint ms = 0, read = 0;
      glGenRenderbuffers(1, &ms);
      glBindRenderbuffer(GL_RENDERBUFFER, ms);
      glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, kBlock, kBlock);
      glGenFramebuffers(1, &read);
      glBindFramebuffer(GL_FRAMEBUFFER, read);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, ms);
      glClearColor(c.r / 255.0f, c.g / 255.0f, c.b / 255.0f, c.a / 255.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      glBindFramebuffer(GL_DRAW_FRAMEBUFFER, fbo);
      glBlitFramebuffer(0, 0, kBlock, kBlock, x, y, x + kBlock, y + kBlock, GL_COLOR_BUFFER_BIT, GL_NEAREST);
      glBindFramebuffer(GL_FRAMEBUFFER, fbo);
      glDeleteFramebuffers(1, &read);
      glDeleteRenderbuffers(1, &ms);
   }
}

}  // namespace

int main(int argc, char **argv) {
   std::string path;
   int count = 300;
   bool finish = false;
   for (int i = 1; i < argc; ++i) {
      const std::string a = argv[i];
      if (a == "--path" && i + 1 < argc) {
         path = argv[++i];
         bool known = false;
         for (const char *p : kPaths)
            known |= path == p;
         if (!known)
            return usage(("unknown path '" + path + "'").c_str());
      } else if (a == "--count" && i + 1 < argc) {
         if (!gl_test::parse_count(argv[++i], kMaxCount, &count))
            return usage(("bad count '" + std::string(argv[i]) + "'").c_str());
      } else if (a == "--finish") {
         finish = true;
      } else {
         return usage(("unknown argument '" + a + "'").c_str());
      }
   }
   if (path.empty())
      return usage("no --path");
   std::string error;
   if (!gl_test::open_context(&error)) {
      std::fprintf(stderr, "clampler-gl-meta-paths: %s\n", error.c_str());
      return 2;
   }
   GLuint fbo = 0, rb = 0;
   if (!gl_test::make_render_target(GL_RGBA8, kSize, kSize, &fbo, &rb)) {
      std::fprintf(stderr, "clampler-gl-meta-paths: an RGBA8 framebuffer is not complete\n");
      return 2;
   }
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   if (const GLenum e = glGetError(); e != GL_NO_ERROR) {
      std::fprintf(stderr, "clampler-gl-meta-paths: GL error 0x%04x before the first iteration\n", e);
      return 2;
   }
   std::vector<bool> out_of_memory(count, false);
   int oom = 0;
   for (int i = 0; i < count; ++i) {
      write_block(path, i, fbo, rb);
      const GLenum e = gl_test::step_error(finish, &oom);
      if (e == GL_OUT_OF_MEMORY) {
         out_of_memory[i] = true;
      } else if (e != GL_NO_ERROR) {
         std::fprintf(stderr, "clampler-gl-meta-paths: GL error 0x%04x at iteration %d (%s)\n", e, i, path.c_str());
         return 2;
      }
   }
   std::vector<rgba8> pixels(kSize * kSize);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glReadPixels(0, 0, kSize, kSize, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
   if (const GLenum e = gl_test::readback_error(&oom); e != GL_NO_ERROR) {
      std::fprintf(stderr, "clampler-gl-meta-paths: GL error 0x%04x reading back\n", e);
      return 2;
   }
   int right = 0, checked = 0, shown = 0;
   for (int i = 0; i < count; ++i) {
      if (out_of_memory[i])
         continue;
      ++checked;
      const rgba8 want = colour_of(i);
      const int x0 = kBlock * (i % kPerRow), y0 = kBlock * (i / kPerRow);
      int wrong = 0;
      rgba8 first_wrong{};
      for (int y = y0; y < y0 + kBlock; ++y) {
         for (int x = x0; x < x0 + kBlock; ++x) {
            const rgba8 got = pixels[y * kSize + x];
            if (got.r != want.r || got.g != want.g || got.b != want.b || got.a != want.a) {
               if (!wrong++)
                  first_wrong = got;
            }
         }
      }
      if (!wrong)
         ++right;
      else if (shown++ < 10)
         std::printf("iteration %d: %d of %d pixels wrong, e.g. (%d, %d, %d, %d) where GL gives (%d, %d, %d, %d)\n", i,
                     wrong, kBlock * kBlock, first_wrong.r, first_wrong.g, first_wrong.b, first_wrong.a, want.r, want.g,
                     want.b, want.a);
   }
   std::printf("GL_RENDERER: %s\n", reinterpret_cast<const char *>(glGetString(GL_RENDERER)));
   std::printf("%s: %d of %d blocks right (%d iterations raised GL_OUT_OF_MEMORY)\n", path.c_str(), right, checked, oom);
   gl_test::close_context();
   return right == checked ? 0 : 1;
}
