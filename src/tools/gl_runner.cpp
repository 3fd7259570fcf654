// gl_runner: a texture's lookups drawn by a real GL driver (EGL surfaceless, libEGL opened at run time), read back.
#include "gl_runner.h"

#include <dlfcn.h>
#include <glob.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <set>
#include <sstream>

// The system EGL and GL headers, for their types and values only: every entry point is loaded
// through eglGetProcAddress. Nothing of clampler's GL vocabulary is included in this file.
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>

namespace clampler {
namespace {

// The entry points used, each loaded by name (X(type, name without its gl prefix)).
#define CLAMPLER_GL_FUNCTIONS(X)                                                                                   \
   X(decltype(&glGetError), GetError)                                                                            \
   X(decltype(&glGetString), GetString)                                                                          \
   X(decltype(&glGetIntegerv), GetIntegerv)                                                                      \
   X(PFNGLGETSTRINGIPROC, GetStringi)                                                                            \
   X(decltype(&glEnable), Enable)                                                                                \
   X(decltype(&glDisable), Disable)                                                                              \
   X(decltype(&glPixelStorei), PixelStorei)                                                                      \
   X(decltype(&glGenTextures), GenTextures)                                                                      \
   X(decltype(&glDeleteTextures), DeleteTextures)                                                                \
   X(decltype(&glBindTexture), BindTexture)                                                                      \
   X(PFNGLACTIVETEXTUREPROC, ActiveTexture)                                                                      \
   X(decltype(&glTexImage1D), TexImage1D)                                                                        \
   X(decltype(&glTexImage2D), TexImage2D)                                                                        \
   X(PFNGLTEXIMAGE3DPROC, TexImage3D)                                                                            \
   X(decltype(&glTexParameteri), TexParameteri)                                                                  \
   X(decltype(&glTexParameterf), TexParameterf)                                                                  \
   X(decltype(&glTexParameteriv), TexParameteriv)                                                                \
   X(decltype(&glTexParameterfv), TexParameterfv)                                                                \
   X(PFNGLTEXPARAMETERIIVPROC, TexParameterIiv)                                                                  \
   X(PFNGLTEXPARAMETERIUIVPROC, TexParameterIuiv)                                                                \
   X(decltype(&glTexEnvf), TexEnvf)                                                                              \
   X(PFNGLGENSAMPLERSPROC, GenSamplers)                                                                          \
   X(PFNGLDELETESAMPLERSPROC, DeleteSamplers)                                                                    \
   X(PFNGLBINDSAMPLERPROC, BindSampler)                                                                          \
   X(PFNGLSAMPLERPARAMETERIPROC, SamplerParameteri)                                                              \
   X(PFNGLSAMPLERPARAMETERFPROC, SamplerParameterf)                                                              \
   X(PFNGLSAMPLERPARAMETERIVPROC, SamplerParameteriv)                                                            \
   X(PFNGLSAMPLERPARAMETERFVPROC, SamplerParameterfv)                                                            \
   X(PFNGLSAMPLERPARAMETERIIVPROC, SamplerParameterIiv)                                                          \
   X(PFNGLSAMPLERPARAMETERIUIVPROC, SamplerParameterIuiv)                                                        \
   X(PFNGLCREATESHADERPROC, CreateShader)                                                                        \
   X(PFNGLSHADERSOURCEPROC, ShaderSource)                                                                        \
   X(PFNGLCOMPILESHADERPROC, CompileShader)                                                                      \
   X(PFNGLGETSHADERIVPROC, GetShaderiv)                                                                          \
   X(PFNGLGETSHADERINFOLOGPROC, GetShaderInfoLog)                                                                \
   X(PFNGLDELETESHADERPROC, DeleteShader)                                                                        \
   X(PFNGLCREATEPROGRAMPROC, CreateProgram)                                                                      \
   X(PFNGLATTACHSHADERPROC, AttachShader)                                                                        \
   X(PFNGLBINDFRAGDATALOCATIONPROC, BindFragDataLocation)                                                        \
   X(PFNGLLINKPROGRAMPROC, LinkProgram)                                                                          \
   X(PFNGLGETPROGRAMIVPROC, GetProgramiv)                                                                        \
   X(PFNGLGETPROGRAMINFOLOGPROC, GetProgramInfoLog)                                                              \
   X(PFNGLUSEPROGRAMPROC, UseProgram)                                                                            \
   X(PFNGLGETUNIFORMLOCATIONPROC, GetUniformLocation)                                                            \
   X(PFNGLUNIFORM1IPROC, Uniform1i)                                                                              \
   X(PFNGLGENFRAMEBUFFERSPROC, GenFramebuffers)                                                                  \
   X(PFNGLDELETEFRAMEBUFFERSPROC, DeleteFramebuffers)                                                            \
   X(PFNGLBINDFRAMEBUFFERPROC, BindFramebuffer)                                                                  \
   X(PFNGLGENRENDERBUFFERSPROC, GenRenderbuffers)                                                                \
   X(PFNGLDELETERENDERBUFFERSPROC, DeleteRenderbuffers)                                                          \
   X(PFNGLBINDRENDERBUFFERPROC, BindRenderbuffer)                                                                \
   X(PFNGLRENDERBUFFERSTORAGEPROC, RenderbufferStorage)                                                          \
   X(PFNGLFRAMEBUFFERRENDERBUFFERPROC, FramebufferRenderbuffer)                                                  \
   X(PFNGLCHECKFRAMEBUFFERSTATUSPROC, CheckFramebufferStatus)                                                    \
   X(decltype(&glViewport), Viewport)                                                                            \
   X(decltype(&glBegin), Begin)                                                                                  \
   X(decltype(&glVertex2f), Vertex2f)                                                                            \
   X(decltype(&glEnd), End)                                                                                      \
   X(decltype(&glReadPixels), ReadPixels)                                                                        \
   X(decltype(&glFinish), Finish)                                                                                \
   X(decltype(&glShadeModel), ShadeModel)                                                                        \
   X(decltype(&glFrontFace), FrontFace)                                                                          \
   X(decltype(&glCullFace), CullFace)                                                                            \
   X(decltype(&glPolygonOffset), PolygonOffset)                                                                  \
   X(decltype(&glPolygonMode), PolygonMode)                                                                      \
   X(decltype(&glPolygonStipple), PolygonStipple)                                                                \
   X(decltype(&glPointSize), PointSize)                                                                          \
   X(decltype(&glLineStipple), LineStipple)                                                                      \
   X(decltype(&glLineWidth), LineWidth)                                                                          \
   X(decltype(&glDepthFunc), DepthFunc)                                                                          \
   X(decltype(&glClear), Clear)                                                                                  \
   X(decltype(&glClearColor), ClearColor)                                                                        \
   X(decltype(&glClearDepth), ClearDepth)                                                                        \
   X(decltype(&glColor4d), Color4d)                                                                              \
   X(decltype(&glMultiTexCoord4d), MultiTexCoord4d)                                                              \
   X(decltype(&glVertex3d), Vertex3d)                                                                            \
   X(decltype(&glGetBooleanv), GetBooleanv)                                                                      \
   X(decltype(&glPushAttrib), PushAttrib)                                                                        \
   X(decltype(&glPopAttrib), PopAttrib)

struct gl_api {
#define CLAMPLER_DECLARE(type, name) type name = nullptr;
   CLAMPLER_GL_FUNCTIONS(CLAMPLER_DECLARE)
#undef CLAMPLER_DECLARE
};

std::string error_name(GLenum e) {
   switch (e) {
   case GL_INVALID_ENUM: return "GL_INVALID_ENUM";
   case GL_INVALID_VALUE: return "GL_INVALID_VALUE";
   case GL_INVALID_OPERATION: return "GL_INVALID_OPERATION";
   case GL_OUT_OF_MEMORY: return "GL_OUT_OF_MEMORY";
   case GL_INVALID_FRAMEBUFFER_OPERATION: return "GL_INVALID_FRAMEBUFFER_OPERATION";
   default: {
      char b[16];
      std::snprintf(b, sizeof(b), "0x%04x", e);
      return b;
   }
   }
}

// The GLSL of one request: its sampler type, the lookup expression and the result type.
struct shader_plan {
   std::string extensions;
   std::string sampler;  // sampler2D, usampler2DArray, sampler2DShadow, …
   std::string lod_expr, grad_expr;  // GLSL expressions of c (coordinate), r (reference), l (lod), dx, dy
   std::string out_type;             // vec4, ivec4, uvec4
   // GLSL 1.20 (texture2DLod, shadow2DGradARB, …): what a compatibility context applies
   // GL_DEPTH_TEXTURE_MODE to as the compatibility profile's table says; Mesa, for one, gives
   // GLSL 1.30+ lookups of depth textures another swizzle under GL_ALPHA. Float results on
   // 1D, 2D, 3D, cube and rectangle targets take it; arrays and integer samplers need 1.30.
   bool classic = false;
   bool lod_as_grad = false;         // no Lod function: explicit-LOD lookups do not run (not_run)
   std::string why_not;              // non-empty: this request has no GLSL lookup here
};

// The lookup of a request: GLSL 1.20 with ARB_shader_texture_lod (texture2DLod, *GradARB, the
// old-style shadow functions: vec4 results, GL_DEPTH_TEXTURE_MODE and the swizzle applied) for
// float results on 1D, 2D, 3D, cube and rectangle targets; GLSL 1.30 textureLod / textureGrad for
// arrays and integer samplers. Rectangles take gradients in texels (no LOD on them).
shader_plan plan_for(const gl_run_request &r) {
   shader_plan p;
   const char *prefix = r.kind == gl_run_request::result::int_ ? "i" : r.kind == gl_run_request::result::uint_ ? "u" : "";
   p.out_type = r.kind == gl_run_request::result::int_ ? "ivec4" : r.kind == gl_run_request::result::uint_ ? "uvec4" : "vec4";
   int n = 0, g = 0;
   std::string base;
   switch (r.target) {
   case GL_TEXTURE_1D: base = "1D", n = 1, g = 1; break;
   case GL_TEXTURE_2D: base = "2D", n = 2, g = 2; break;
   case GL_TEXTURE_3D: base = "3D", n = 3, g = 3; break;
   case GL_TEXTURE_RECTANGLE: base = "2DRect", n = 2, g = 2; break;
   case GL_TEXTURE_CUBE_MAP: base = "Cube", n = 3, g = 3; break;
   case GL_TEXTURE_1D_ARRAY: base = "1DArray", n = 2, g = 1; break;
   case GL_TEXTURE_2D_ARRAY: base = "2DArray", n = 3, g = 2; break;
   case GL_TEXTURE_CUBE_MAP_ARRAY:
      base = "CubeArray", n = 4, g = 3;
      p.extensions += "#extension GL_ARB_texture_cube_map_array : require\n";
      break;
   default: p.why_not = "unknown texture target"; return p;
   }
   if (r.target == GL_TEXTURE_RECTANGLE)
      p.extensions += "#extension GL_ARB_texture_rectangle : require\n";
   const std::string c = n == 1 ? "c.x" : std::string("c.") + std::string("xyzw").substr(0, n);
   const std::string dx = g == 1 ? "dx.x" : std::string("dx.") + std::string("xyz").substr(0, g);
   const std::string dy = g == 1 ? "dy.x" : std::string("dy.") + std::string("xyz").substr(0, g);
   p.sampler = std::string(prefix) + "sampler" + base + (r.shadow ? "Shadow" : "");
   p.classic = !*prefix && (r.target == GL_TEXTURE_1D || r.target == GL_TEXTURE_2D || r.target == GL_TEXTURE_3D ||
                            r.target == GL_TEXTURE_CUBE_MAP || r.target == GL_TEXTURE_RECTANGLE);
   if (!r.shadow && p.classic) {
      const std::string fn = base == "Cube" ? "textureCube" : "texture" + base;
      if (r.target == GL_TEXTURE_RECTANGLE)
         p.lod_expr = fn + "GradARB(tex, " + c + ", " + dx + ", " + dy + ")";
      else
         p.lod_expr = fn + "Lod(tex, " + c + ", l)";
      p.grad_expr = fn + "GradARB(tex, " + c + ", " + dx + ", " + dy + ")";
      return p;
   }
   if (!r.shadow) {
      // GLSL 1.30: arrays and integer samplers (float rectangles took the classic path above).
      if (r.target == GL_TEXTURE_RECTANGLE) {
         p.why_not = "GLSL 1.30 has no gradient lookup on integer rectangle samplers";
         return p;
      }
      p.lod_expr = "textureLod(tex, " + c + ", l)";
      p.grad_expr = "textureGrad(tex, " + c + ", " + dx + ", " + dy + ")";
      return p;
   }
   // Depth compare: the old-style functions where they exist (vec4, as GL defines the result under
   // GL_DEPTH_TEXTURE_MODE and the swizzle); elsewhere GLSL returns only the comparison.
   switch (r.target) {
   case GL_TEXTURE_1D:
      p.lod_expr = "shadow1DLod(tex, vec3(c.x, 0.0, r), l)";
      p.grad_expr = "shadow1DGradARB(tex, vec3(c.x, 0.0, r), dx.x, dy.x)";
      break;
   case GL_TEXTURE_2D:
      p.lod_expr = "shadow2DLod(tex, vec3(c.xy, r), l)";
      p.grad_expr = "shadow2DGradARB(tex, vec3(c.xy, r), dx.xy, dy.xy)";
      break;
   case GL_TEXTURE_RECTANGLE:
      p.lod_expr = "shadow2DRectGradARB(tex, vec3(c.xy, r), dx.xy, dy.xy)";
      p.grad_expr = p.lod_expr;
      break;
   // EXT_gpu_shader4 (with EXT_texture_array) gives GLSL 1.20 old-style vec4 functions for these;
   // only the 1D array has an explicit-LOD one.
   case GL_TEXTURE_1D_ARRAY:
   case GL_TEXTURE_2D_ARRAY:
   case GL_TEXTURE_CUBE_MAP:
      p.extensions += "#extension GL_EXT_gpu_shader4 : require\n";
      if (r.target != GL_TEXTURE_CUBE_MAP)
         p.extensions += "#extension GL_EXT_texture_array : require\n";
      p.classic = true;
      if (r.target == GL_TEXTURE_1D_ARRAY) {
         p.lod_expr = "shadow1DArrayLod(tex, vec3(c.xy, r), l)";
         p.grad_expr = "shadow1DArrayGrad(tex, vec3(c.xy, r), dx.x, dy.x)";
      } else {
         p.grad_expr = r.target == GL_TEXTURE_CUBE_MAP ? "shadowCubeGrad(tex, vec4(c.xyz, r), dx.xyz, dy.xyz)"
                                                      : "shadow2DArrayGrad(tex, vec4(c.xyz, r), dx.xy, dy.xy)";
         p.lod_expr = p.grad_expr;
         p.lod_as_grad = true;
      }
      break;
   default:
      p.why_not = "GLSL returns a float for depth-compare lookups on this target (no old-style function without "
                  "EXT_gpu_shader4), so the vec4 GL defines under GL_DEPTH_TEXTURE_MODE cannot be read";
      break;
   }
   return p;
}

std::string fragment_source(const shader_plan &p) {
   std::ostringstream s;
   if (p.classic) {
      // GLSL 1.20: the lookup data through texture2D at texel centres (NEAREST, exact).
      s << "#version 120\n#extension GL_ARB_shader_texture_lod : require\n" << p.extensions
        << "uniform " << p.sampler << " tex;\n"
        << "uniform sampler2D lk;   // per lookup: coord, (dPdx, mode), (dPdy, lod), (ref)\n"
        << "uniform int n;\n"
        << "vec4 fetch(int k, int i) { return texture2D(lk, vec2((float(k) + 0.5) / 4.0, (float(i) + 0.5) / float(n))); }\n"
        << "void main() {\n"
        << "   int i = (int(gl_FragCoord.y) / 8) * 32 + int(gl_FragCoord.x) / 8;  // one lookup per 8x8 block\n"
        << "   if (i >= n) discard;\n"
        << "   vec4 c = fetch(0, i), dx = fetch(1, i), dy = fetch(2, i);\n"
        << "   float r = fetch(3, i).x;\n"
        << "   float l = dy.w;\n"
        << "   if (dx.w > 0.5)\n"
        << "      gl_FragColor = " << p.grad_expr << ";\n"
        << "   else\n"
        << "      gl_FragColor = " << p.lod_expr << ";\n"
        << "}\n";
      return s.str();
   }
   s << "#version 130\n#extension GL_ARB_shader_texture_lod : require\n" << p.extensions
     << "uniform " << p.sampler << " tex;\n"
     << "uniform sampler2D lk;   // per lookup: coord, (dPdx, mode), (dPdy, lod), (ref)\n"
     << "uniform int n;\n"
     << "out " << p.out_type << " color;\n"
     << "void main() {\n"
     << "   int i = (int(gl_FragCoord.y) / 8) * 32 + int(gl_FragCoord.x) / 8;  // one lookup per 8x8 block\n"
     << "   if (i >= n) discard;\n"
     << "   vec4 c = texelFetch(lk, ivec2(0, i), 0);\n"
     << "   vec4 dx = texelFetch(lk, ivec2(1, i), 0);\n"
     << "   vec4 dy = texelFetch(lk, ivec2(2, i), 0);\n"
     << "   float r = texelFetch(lk, ivec2(3, i), 0).x;\n"
     << "   float l = dy.w;\n"
     << "   if (dx.w > 0.5)\n"
     << "      color = " << p.out_type << "(" << p.grad_expr << ");\n"
     << "   else\n"
     << "      color = " << p.out_type << "(" << p.lod_expr << ");\n"
     << "}\n";
   return s.str();
}

// The vertex shader has the fragment shader's version: Mesa picks the depth-mode swizzle by the
// program's highest GLSL version. One triangle over the whole target, drawn with glBegin.
const char *kVertexSource130 = "#version 130\nvoid main() { gl_Position = gl_Vertex; }\n";
const char *kVertexSource120 = "#version 120\nvoid main() { gl_Position = gl_Vertex; }\n";

class egl_gl_runner final : public gl_runner {
public:
   ~egl_gl_runner() override {
      if (dpy_ != EGL_NO_DISPLAY) {
         // The programs go with the context.
         make_current_(dpy_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
         if (ctx_ != EGL_NO_CONTEXT)
            destroy_context_(dpy_, ctx_);
         terminate_(dpy_);
      }
      if (lib_)
         dlclose(lib_);
   }

   bool open(std::string *error) {
      lib_ = dlopen("libEGL.so.1", RTLD_NOW | RTLD_LOCAL);
      if (!lib_) {
         *error = "cannot open libEGL.so.1 (install libegl1 and Mesa's libegl-mesa0): " + std::string(dlerror());
         return false;
      }
      get_proc_ = reinterpret_cast<decltype(&eglGetProcAddress)>(dlsym(lib_, "eglGetProcAddress"));
      if (!get_proc_) {
         *error = "libEGL.so.1 has no eglGetProcAddress";
         return false;
      }
      const auto get_display =
         reinterpret_cast<PFNEGLGETPLATFORMDISPLAYEXTPROC>(get_proc_("eglGetPlatformDisplayEXT"));
      const auto initialize = reinterpret_cast<decltype(&eglInitialize)>(get_proc_("eglInitialize"));
      const auto bind_api = reinterpret_cast<decltype(&eglBindAPI)>(get_proc_("eglBindAPI"));
      const auto create_context = reinterpret_cast<decltype(&eglCreateContext)>(get_proc_("eglCreateContext"));
      make_current_ = reinterpret_cast<decltype(&eglMakeCurrent)>(get_proc_("eglMakeCurrent"));
      destroy_context_ = reinterpret_cast<decltype(&eglDestroyContext)>(get_proc_("eglDestroyContext"));
      terminate_ = reinterpret_cast<decltype(&eglTerminate)>(get_proc_("eglTerminate"));
      if (!get_display || !initialize || !bind_api || !create_context || !make_current_ || !destroy_context_ ||
          !terminate_) {
         *error = "libEGL.so.1 lacks an entry point (EGL 1.5 with EGL_EXT_platform_base is needed)";
         return false;
      }
      dpy_ = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
      EGLint major = 0, minor = 0;
      if (dpy_ == EGL_NO_DISPLAY || !initialize(dpy_, &major, &minor)) {
         dpy_ = EGL_NO_DISPLAY;
         *error = "no EGL surfaceless display (EGL_MESA_platform_surfaceless): is Mesa's EGL installed?";
         return false;
      }
      if (!bind_api(EGL_OPENGL_API)) {
         *error = "the EGL display offers no desktop OpenGL";
         return false;
      }
      // A compatibility context (GL_CLAMP, depth texture modes and old-style shadow lookups
      // exist only there), no config: surfaceless.
      ctx_ = create_context(dpy_, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, nullptr);
      if (ctx_ == EGL_NO_CONTEXT || !current()) {
         *error = "the driver created no current desktop GL context on the surfaceless display";
         return false;
      }
#define CLAMPLER_LOAD(type, name)                                                                                  \
   gl_.name = reinterpret_cast<type>(get_proc_("gl" #name));                                                            \
   if (!gl_.name) {                                                                                                \
      *error = std::string("the driver has no gl") + #name;                                                          \
      return false;                                                                                                \
   }
      CLAMPLER_GL_FUNCTIONS(CLAMPLER_LOAD)
#undef CLAMPLER_LOAD
      renderer_ = text(gl_.GetString(GL_RENDERER));
      version_ = text(gl_.GetString(GL_VERSION));
      GLint n = 0;
      gl_.GetIntegerv(GL_NUM_EXTENSIONS, &n);
      for (GLint i = 0; i < n; ++i)
         extensions_.insert(text(gl_.GetStringi(GL_EXTENSIONS, static_cast<GLuint>(i))));
      release();
      return true;
   }

   std::string renderer() const override { return renderer_; }
   std::string version() const override { return version_; }
   bool has_extension(const std::string &name) const override { return extensions_.count(name) > 0; }

   bool run(const gl_run_request &r, gl_run_result *out, std::string *error) override {
      if (!current()) {
         *error = "eglMakeCurrent failed";
         return false;
      }
      objects o;
      const bool ok = run_current(r, out, &o, error);
      o.destroy(gl_);
      while (gl_.GetError() != GL_NO_ERROR) {
      }
      release();
      return ok;
   }

private:
   struct objects {
      GLuint tex = 0, lk = 0, sampler = 0, fbo = 0, rb = 0, rb_depth = 0;
      void destroy(const gl_api &gl) {
         gl.BindFramebuffer(GL_FRAMEBUFFER, 0);
         gl.BindSampler(0, 0);
         if (tex)
            gl.DeleteTextures(1, &tex);
         if (lk)
            gl.DeleteTextures(1, &lk);
         if (sampler)
            gl.DeleteSamplers(1, &sampler);
         if (fbo)
            gl.DeleteFramebuffers(1, &fbo);
         if (rb)
            gl.DeleteRenderbuffers(1, &rb);
         if (rb_depth)
            gl.DeleteRenderbuffers(1, &rb_depth);
      }
   };

   static std::string text(const GLubyte *s) { return s ? reinterpret_cast<const char *>(s) : ""; }
   bool draw_raster(const gl_raster_request &r, gl_raster_result *out, std::string *error) override {
      if (!current()) {
         *error = "eglMakeCurrent failed";
         return false;
      }
      gl_.PushAttrib(GL_ALL_ATTRIB_BITS);
      objects o;
      const bool ok = draw_raster_current(r, out, &o, error);
      o.destroy(gl_);
      gl_.PopAttrib();
      // State no attribute group holds (the provoking vertex) or that Mesa 22.3's glPopAttrib does
      // not restore (the clip control): back to GL's defaults, so no case inherits another's.
      if (auto fn = get_proc_("glProvokingVertex"))
         reinterpret_cast<void (*)(GLenum)>(fn)(GL_LAST_VERTEX_CONVENTION);
      if (auto fn = get_proc_("glClipControl"))
         reinterpret_cast<void (*)(GLenum, GLenum)>(fn)(GL_LOWER_LEFT, GL_NEGATIVE_ONE_TO_ONE);
      gl_.Disable(GL_VERTEX_PROGRAM_TWO_SIDE);  // an enable, but nothing of the case may outlive it
      if (auto fn = get_proc_("glActiveTexture"))
         reinterpret_cast<void (*)(GLenum)>(fn)(GL_TEXTURE0);
      while (gl_.GetError() != GL_NO_ERROR) {
      }
      release();
      return ok;
   }

   bool current() { return make_current_(dpy_, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx_) == EGL_TRUE; }
   void release() { make_current_(dpy_, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT); }

   // One rasterizer call, by entry point (the optional entry points loaded on first use).
   bool replay(const gl_raster_call &c, std::string *error) {
      const auto &a = c.args;
      auto want = [&](size_t n) {
         if (a.size() == n)
            return true;
         *error = c.entry + ": " + std::to_string(n) + " arguments expected";
         return false;
      };
      auto e = [&](size_t i) { return static_cast<GLenum>(a[i]); };
      auto f = [&](size_t i) { return static_cast<GLfloat>(a[i]); };
      // An integer argument as the scenario's reader rounds it (clamped to GLint, never a cast of
      // an out-of-range double).
      auto int_arg = [&](size_t k) {
         return static_cast<GLint>(std::llround(std::fmax(std::fmin(a[k], 2147483647.0), -2147483648.0)));
      };
      if (c.entry == "glShadeModel" && want(1))
         gl_.ShadeModel(e(0));
      else if (c.entry == "glFrontFace" && want(1))
         gl_.FrontFace(e(0));
      else if (c.entry == "glCullFace" && want(1))
         gl_.CullFace(e(0));
      else if (c.entry == "glEnable" && want(1))
         gl_.Enable(e(0));
      else if (c.entry == "glDisable" && want(1))
         gl_.Disable(e(0));
      else if (c.entry == "glPolygonOffset" && want(2))
         gl_.PolygonOffset(f(0), f(1));
      else if (c.entry == "glPolygonMode" && want(2))
         gl_.PolygonMode(e(0), e(1));
      else if (c.entry == "glPointSize" && want(1))
         gl_.PointSize(f(0));
      else if (c.entry == "glLineWidth" && want(1))
         gl_.LineWidth(f(0));
      else if (c.entry == "glLineStipple" && want(2))
         gl_.LineStipple(int_arg(0), static_cast<GLushort>(int_arg(1) & 0xffff));  // as the scenario reads them
      else if (c.entry == "glPolygonStipple" && want(128)) {
         GLubyte mask[128];
         for (size_t k = 0; k < 128; ++k)
            mask[k] = static_cast<GLubyte>(a[k]);
         gl_.PolygonStipple(mask);
      }
      else if ((c.entry == "glProvokingVertex" && want(1)) || (c.entry == "glClipControl" && want(2)) ||
               (c.entry == "glPolygonOffsetClamp" && want(3)) || (c.entry == "glPointParameterf" && want(2)) ||
               (c.entry == "glPointParameteri" && want(2)) || (c.entry == "glTexEnvi" && want(3)) ||
               (c.entry == "glActiveTexture" && want(1)) || (c.entry == "glClampColor" && want(2))) {
         auto fn = get_proc_(c.entry.c_str());
         if (!fn && c.entry == "glPolygonOffsetClamp")
            fn = get_proc_("glPolygonOffsetClampEXT");
         if (!fn) {
            *error = "the driver has no " + c.entry;
            return false;
         }
         if (c.entry == "glProvokingVertex")
            reinterpret_cast<void (*)(GLenum)>(fn)(e(0));
         else if (c.entry == "glClipControl")
            reinterpret_cast<void (*)(GLenum, GLenum)>(fn)(e(0), e(1));
         else if (c.entry == "glPointParameterf")
            reinterpret_cast<void (*)(GLenum, GLfloat)>(fn)(e(0), f(1));
         else if (c.entry == "glPointParameteri")
            reinterpret_cast<void (*)(GLenum, GLint)>(fn)(e(0), int_arg(1));
         else if (c.entry == "glTexEnvi")
            reinterpret_cast<void (*)(GLenum, GLenum, GLint)>(fn)(e(0), e(1), int_arg(2));
         else if (c.entry == "glActiveTexture")
            reinterpret_cast<void (*)(GLenum)>(fn)(e(0));
         else if (c.entry == "glClampColor")
            reinterpret_cast<void (*)(GLenum, GLenum)>(fn)(e(0), e(1));
         else
            reinterpret_cast<void (*)(GLfloat, GLfloat, GLfloat)>(fn)(f(0), f(1), f(2));
      } else {
         if (error->empty())
            *error = "the GL runner does not replay " + c.entry;
         return false;
      }
      return true;
   }

   bool draw_raster_current(const gl_raster_request &r, gl_raster_result *out, objects *o, std::string *error) {
      while (gl_.GetError() != GL_NO_ERROR) {
      }
      GLuint rb[2] = {0, 0};
      gl_.GenRenderbuffers(2, rb);
      o->rb = rb[0];
      o->rb_depth = rb[1];
      gl_.BindRenderbuffer(GL_RENDERBUFFER, rb[0]);
      gl_.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, static_cast<GLsizei>(r.width), static_cast<GLsizei>(r.height));
      gl_.BindRenderbuffer(GL_RENDERBUFFER, rb[1]);
      gl_.RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT32F, static_cast<GLsizei>(r.width),
                              static_cast<GLsizei>(r.height));
      gl_.GenFramebuffers(1, &o->fbo);
      gl_.BindFramebuffer(GL_FRAMEBUFFER, o->fbo);
      gl_.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb[0]);
      gl_.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb[1]);
      if (gl_.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
         *error = "the RGBA8 + DEPTH_COMPONENT32F framebuffer is not complete";
         return false;
      }
      gl_.UseProgram(0);
      gl_.Viewport(0, 0, static_cast<GLsizei>(r.width), static_cast<GLsizei>(r.height));
      gl_.ClearColor(0, 0, 0, 0);
      gl_.ClearDepth(1.0);
      gl_.Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
      gl_.Enable(GL_DEPTH_TEST);
      gl_.DepthFunc(GL_ALWAYS);
      for (const gl_raster_call &c : r.calls) {
         if (!replay(c, error))
            return false;
         const GLenum err = gl_.GetError();
         if (err != GL_NO_ERROR)
            out->call_errors.push_back(c.entry + ": " + error_name(err));
      }
      if (r.flat)
         gl_.ShadeModel(GL_FLAT);
      if (r.back_colors || r.show_texcoord) {
         const GLuint prog = raster_program(r.back_colors, r.show_texcoord, error);
         if (!prog)
            return false;
         gl_.UseProgram(prog);
      }
      gl_.Begin(r.prim);
      for (const auto &v : r.vertices) {
         if (r.back_colors)
            gl_.MultiTexCoord4d(GL_TEXTURE1, v.back_color[0], v.back_color[1], v.back_color[2], v.back_color[3]);
         if (r.show_texcoord)
            gl_.MultiTexCoord4d(GL_TEXTURE0, v.texcoord[0], v.texcoord[1], v.texcoord[2], v.texcoord[3]);
         gl_.Color4d(v.color[0], v.color[1], v.color[2], v.color[3]);
         gl_.Vertex3d(v.clip[0], v.clip[1], v.clip[2]);
      }
      gl_.End();
      gl_.UseProgram(0);
      GLboolean follow = GL_FALSE;
      gl_.GetBooleanv(GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION, &follow);
      out->quads_follow = follow == GL_TRUE;
      for (const auto &p : r.pixels) {
         GLubyte c[4] = {0, 0, 0, 0};
         GLfloat d = 0.0f;
         gl_.ReadPixels(static_cast<GLint>(p[0]), static_cast<GLint>(p[1]), 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, c);
         gl_.ReadPixels(static_cast<GLint>(p[0]), static_cast<GLint>(p[1]), 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &d);
         out->pixels.push_back({c[0] / 255.0, c[1] / 255.0, c[2] / 255.0, static_cast<double>(d), c[3] / 255.0});
      }
      const GLenum err = gl_.GetError();
      if (err != GL_NO_ERROR) {
         *error = "drawing the raster case raised " + error_name(err);
         return false;
      }
      return true;
   }

   void record_param_error(gl_run_result *out) {
      const GLenum e = gl_.GetError();
      if (e != GL_NO_ERROR)
         out->param_errors.push_back(error_name(e));
      while (gl_.GetError() != GL_NO_ERROR) {
      }
   }

   bool check(const char *what, std::string *error) {
      const GLenum e = gl_.GetError();
      if (e == GL_NO_ERROR)
         return true;
      *error = std::string(what) + " raised " + error_name(e);
      return false;
   }

   void apply(const gl_param_call &c, GLuint sampler, GLenum target) {
      // Each value converted only as its entry point takes it (a NaN goes to f and fv only).
      using e = gl_param_call::entry;
      const bool floats = c.kind == e::f || c.kind == e::fv;
      GLint iv[4] = {0, 0, 0, 0};
      GLuint uiv[4] = {0, 0, 0, 0};
      GLfloat fv[4] = {0, 0, 0, 0};
      for (size_t k = 0; k < c.values.size() && k < 4; ++k) {
         if (floats) {
            fv[k] = static_cast<GLfloat>(c.values[k]);
         } else {
            iv[k] = static_cast<GLint>(static_cast<int64_t>(c.values[k]));
            uiv[k] = static_cast<GLuint>(static_cast<int64_t>(c.values[k]));
         }
      }
      const GLenum p = c.pname;
      if (sampler) {
         switch (c.kind) {
         case e::i: gl_.SamplerParameteri(sampler, p, iv[0]); break;
         case e::f: gl_.SamplerParameterf(sampler, p, fv[0]); break;
         case e::iv: gl_.SamplerParameteriv(sampler, p, iv); break;
         case e::fv: gl_.SamplerParameterfv(sampler, p, fv); break;
         case e::Iiv: gl_.SamplerParameterIiv(sampler, p, iv); break;
         case e::Iuiv: gl_.SamplerParameterIuiv(sampler, p, uiv); break;
         }
         return;
      }
      switch (c.kind) {
      case e::i: gl_.TexParameteri(target, p, iv[0]); break;
      case e::f: gl_.TexParameterf(target, p, fv[0]); break;
      case e::iv: gl_.TexParameteriv(target, p, iv); break;
      case e::fv: gl_.TexParameterfv(target, p, fv); break;
      case e::Iiv: gl_.TexParameterIiv(target, p, iv); break;
      case e::Iuiv: gl_.TexParameterIuiv(target, p, uiv); break;
      }
   }

   // Level sizes as GL minifies them (array layers and cube faces are not).
   void level_size(const gl_run_request &r, unsigned l, GLsizei *w, GLsizei *h, GLsizei *d) const {
      const auto shrink = [l](uint32_t x) { return static_cast<GLsizei>(std::max<uint32_t>(1, x >> l)); };
      *w = shrink(r.width);
      *h = r.target == GL_TEXTURE_1D_ARRAY ? static_cast<GLsizei>(r.height) : shrink(r.height);
      *d = r.target == GL_TEXTURE_3D ? shrink(r.depth) : static_cast<GLsizei>(r.depth);
   }

   bool upload(const gl_run_request &r, std::string *error) {
      gl_.PixelStorei(GL_UNPACK_ALIGNMENT, 1);
      for (unsigned l = 0; l < r.levels.size(); ++l) {
         GLsizei w, h, d;
         level_size(r, l, &w, &h, &d);
         const void *data = r.levels[l].data();
         const GLint ifmt = static_cast<GLint>(r.internal_format);
         switch (r.target) {
         case GL_TEXTURE_1D:
            gl_.TexImage1D(r.target, static_cast<GLint>(l), ifmt, w, 0, r.upload_format, r.upload_type, data);
            break;
         case GL_TEXTURE_2D:
         case GL_TEXTURE_RECTANGLE:
         case GL_TEXTURE_1D_ARRAY:
            gl_.TexImage2D(r.target, static_cast<GLint>(l), ifmt, w, h, 0, r.upload_format, r.upload_type, data);
            break;
         case GL_TEXTURE_CUBE_MAP: {
            const size_t face = r.levels[l].size() / 6;
            for (unsigned f = 0; f < 6; ++f)
               gl_.TexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, static_cast<GLint>(l), ifmt, w, h, 0,
                                r.upload_format, r.upload_type, r.levels[l].data() + f * face);
            break;
         }
         default:
            gl_.TexImage3D(r.target, static_cast<GLint>(l), ifmt, w, h, d, 0, r.upload_format, r.upload_type,
                             data);
            break;
         }
         if (!check("uploading a level (glTexImage)", error))
            return false;
      }
      return true;
   }

   // The raster cases' GLSL 1.10 program: back colours from texture coordinate set 1, and the
   // fragment colour texture coordinate set 0 (replaced for point sprites) when asked.
   GLuint raster_program(bool back_colors, bool show_texcoord, std::string *error) {
      std::string vs = "#version 110\nvoid main() {\n   gl_Position = gl_Vertex;\n   gl_FrontColor = gl_Color;\n";
      vs += back_colors ? "   gl_BackColor = gl_MultiTexCoord1;\n" : "";
      vs += show_texcoord ? "   gl_TexCoord[0] = gl_MultiTexCoord0;\n" : "";
      vs += "}\n";
      const std::string fs = show_texcoord ? "#version 110\nvoid main() { gl_FragColor = vec4(gl_TexCoord[0].st, 0.0, 1.0); }\n"
                                           : "#version 110\nvoid main() { gl_FragColor = gl_Color; }\n";
      return program_for(vs.c_str(), fs, error);
   }

   GLuint program_for(const std::string &fs, std::string *error) {
      const char *vsrc = fs.rfind("#version 120", 0) == 0 ? kVertexSource120 : kVertexSource130;
      return program_for(vsrc, fs, error);
   }

   GLuint program_for(const char *vsrc, const std::string &fs, std::string *error) {
      const std::string key = std::string(vsrc) + fs;
      if (const auto it = programs_.find(key); it != programs_.end())
         return it->second;
      const auto compile = [&](GLenum kind, const char *src, GLuint *out) {
         *out = gl_.CreateShader(kind);
         gl_.ShaderSource(*out, 1, &src, nullptr);
         gl_.CompileShader(*out);
         GLint ok = 0;
         gl_.GetShaderiv(*out, GL_COMPILE_STATUS, &ok);
         if (!ok) {
            char log[2048] = {};
            gl_.GetShaderInfoLog(*out, sizeof(log), nullptr, log);
            *error = std::string("the driver does not compile the shader: ") + log;
         }
         return ok != 0;
      };
      GLuint vs = 0, fsh = 0;
      if (!compile(GL_VERTEX_SHADER, vsrc, &vs) || !compile(GL_FRAGMENT_SHADER, fs.c_str(), &fsh))
         return 0;
      const GLuint prog = gl_.CreateProgram();
      gl_.AttachShader(prog, vs);
      gl_.AttachShader(prog, fsh);
      gl_.BindFragDataLocation(prog, 0, "color");
      gl_.LinkProgram(prog);
      gl_.DeleteShader(vs);
      gl_.DeleteShader(fsh);
      GLint ok = 0;
      gl_.GetProgramiv(prog, GL_LINK_STATUS, &ok);
      if (!ok) {
         char log[2048] = {};
         gl_.GetProgramInfoLog(prog, sizeof(log), nullptr, log);
         *error = std::string("the driver does not link the program: ") + log;
         return 0;
      }
      programs_[key] = prog;
      return prog;
   }

   bool run_current(const gl_run_request &r, gl_run_result *out, objects *o, std::string *error) {
      while (gl_.GetError() != GL_NO_ERROR) {
      }
      const shader_plan plan = plan_for(r);
      if (!plan.why_not.empty()) {
         *error = plan.why_not;
         return false;
      }
      // No vec4 explicit-LOD depth compare on this target: those lookups do not run (their slots
      // draw a gradient lookup whose result is dropped); the scenario's other lookups do.
      out->not_run.assign(r.lookups.size(), std::string());
      if (plan.lod_as_grad) {
         const char *why = "GLSL has no explicit-LOD depth-compare lookup returning a vec4 on this target "
                           "(EXT_gpu_shader4 gives only the gradient one)";
         size_t explicit_lod = 0;
         for (size_t i = 0; i < r.lookups.size(); ++i)
            if (!r.lookups[i].has_grad) {
               out->not_run[i] = why;
               ++explicit_lod;
            }
         if (explicit_lod && explicit_lod == r.lookups.size()) {
            *error = std::string(why) + ", and every lookup (" + std::to_string(explicit_lod) + ") takes an explicit LOD";
            return false;
         }
      }
      const size_t n = r.lookups.size();
      if (n == 0 || n > 32 * 512) {
         *error = "between 1 and 16384 lookups are run at a time";
         return false;
      }
      // The texture and its state, on unit 0.
      gl_.ActiveTexture(GL_TEXTURE0);
      gl_.GenTextures(1, &o->tex);
      gl_.BindTexture(r.target, o->tex);
      if (!upload(r, error))
         return false;
      gl_.TexParameteri(r.target, GL_TEXTURE_MAX_LEVEL, static_cast<GLint>(r.levels.size()) - 1);
      if (r.set_swizzle)
         gl_.TexParameteriv(r.target, GL_TEXTURE_SWIZZLE_RGBA, r.swizzle);
      if (r.depth_stencil_mode)
         gl_.TexParameteri(r.target, GL_DEPTH_STENCIL_TEXTURE_MODE, static_cast<GLint>(r.depth_stencil_mode));
      if (r.depth_texture_mode)
         gl_.TexParameteri(r.target, GL_DEPTH_TEXTURE_MODE, static_cast<GLint>(r.depth_texture_mode));
      if (!check("the texture's own set-up", error))
         return false;
      // A parameter GL refuses raises an error and changes nothing (GL 4.6 §2.3.1): recorded, and on.
      for (const gl_param_call &c : r.texture_params) {
         apply(c, 0, r.target);
         record_param_error(out);
      }
      if (r.sampler_object) {
         gl_.GenSamplers(1, &o->sampler);
         for (const gl_param_call &c : r.sampler_params) {
            apply(c, o->sampler, r.target);
            record_param_error(out);
         }
         gl_.BindSampler(0, o->sampler);
         if (!check("binding the sampler object", error))
            return false;
      }
      gl_.TexEnvf(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS, static_cast<GLfloat>(r.unit_lod_bias));
      if (r.seamless_cube_map)
         gl_.Enable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
      else
         gl_.Disable(GL_TEXTURE_CUBE_MAP_SEAMLESS);

      // The lookups, 4 RGBA32F texels each, on unit 1.
      std::vector<float> data(n * 16, 0.0f);
      for (size_t i = 0; i < n; ++i) {
         const gl_lookup &l = r.lookups[i];
         float *t = &data[i * 16];
         for (int c = 0; c < 4; ++c)
            t[c] = static_cast<float>(l.coord[c]);
         bool grad = l.has_grad;
         double dx[3] = {l.dPdx[0], l.dPdx[1], l.dPdx[2]}, dy[3] = {l.dPdy[0], l.dPdy[1], l.dPdy[2]};
         if (!grad && r.target == GL_TEXTURE_RECTANGLE) {
            // No LOD on rectangles: the same λ as isotropic gradients of 2^lod texels.
            grad = true;
            const double g = std::exp2(l.lod);
            dx[0] = g, dx[1] = 0, dy[0] = 0, dy[1] = g;
         }
         for (int c = 0; c < 3; ++c) {
            t[4 + c] = static_cast<float>(dx[c]);
            t[8 + c] = static_cast<float>(dy[c]);
         }
         t[7] = grad ? 1.0f : 0.0f;
         t[11] = static_cast<float>(l.lod);
         t[12] = static_cast<float>(l.ref);
      }
      gl_.ActiveTexture(GL_TEXTURE1);
      gl_.GenTextures(1, &o->lk);
      gl_.BindTexture(GL_TEXTURE_2D, o->lk);
      gl_.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 4, static_cast<GLsizei>(n), 0, GL_RGBA, GL_FLOAT, data.data());
      gl_.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
      gl_.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
      gl_.ActiveTexture(GL_TEXTURE0);
      if (!check("uploading the lookups", error))
         return false;

      // One lookup per 8x8 pixel block, 32 blocks to a row: every lane of a SIMD group or quad
      // makes the same lookup, so no driver decides one lookup's filter or LOD from another's.
      const GLsizei w = 256, h = static_cast<GLsizei>((n + 31) / 32) * 8;
      const bool integer = r.kind != gl_run_request::result::float_;
      gl_.GenRenderbuffers(1, &o->rb);
      gl_.BindRenderbuffer(GL_RENDERBUFFER, o->rb);
      gl_.RenderbufferStorage(GL_RENDERBUFFER,
                                r.kind == gl_run_request::result::int_    ? GL_RGBA32I
                                : r.kind == gl_run_request::result::uint_ ? GL_RGBA32UI
                                                                          : GL_RGBA32F,
                                w, h);
      gl_.GenFramebuffers(1, &o->fbo);
      gl_.BindFramebuffer(GL_FRAMEBUFFER, o->fbo);
      gl_.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, o->rb);
      if (gl_.CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
         *error = "the driver cannot render to a 32-bit-per-channel colour target";
         return false;
      }
      const GLuint prog = program_for(fragment_source(plan), error);
      if (!prog)
         return false;
      gl_.UseProgram(prog);
      gl_.Uniform1i(gl_.GetUniformLocation(prog, "tex"), 0);
      gl_.Uniform1i(gl_.GetUniformLocation(prog, "lk"), 1);
      gl_.Uniform1i(gl_.GetUniformLocation(prog, "n"), static_cast<GLint>(n));
      gl_.Viewport(0, 0, w, h);
      gl_.Begin(GL_TRIANGLES);
      gl_.Vertex2f(-1.0f, -1.0f);
      gl_.Vertex2f(3.0f, -1.0f);
      gl_.Vertex2f(-1.0f, 3.0f);
      gl_.End();
      if (!check("drawing the lookups", error))
         return false;

      const size_t px = static_cast<size_t>(w) * h;
      out->f.clear();
      out->i.clear();
      if (integer) {
         std::vector<GLint> v(px * 4);
         gl_.ReadPixels(0, 0, w, h, GL_RGBA_INTEGER, r.kind == gl_run_request::result::int_ ? GL_INT : GL_UNSIGNED_INT,
                          v.data());
         for (size_t i = 0; i < n; ++i) {
            const size_t at = block_pixel(i, w);
            std::array<int64_t, 4> t{};
            for (int c = 0; c < 4; ++c)
               t[c] = r.kind == gl_run_request::result::int_ ? static_cast<int64_t>(v[at * 4 + c])
                                                             : static_cast<int64_t>(static_cast<GLuint>(v[at * 4 + c]));
            out->i.push_back(t);
         }
      } else {
         std::vector<GLfloat> v(px * 4);
         gl_.ReadPixels(0, 0, w, h, GL_RGBA, GL_FLOAT, v.data());
         for (size_t i = 0; i < n; ++i) {
            const size_t at = block_pixel(i, w);
            out->f.push_back({v[at * 4], v[at * 4 + 1], v[at * 4 + 2], v[at * 4 + 3]});
         }
      }
      gl_.UseProgram(0);
      return check("reading the results back", error);
   }

   // The first pixel of lookup i's block, as an index into the read-back rows.
   static size_t block_pixel(size_t i, GLsizei w) { return (i / 32) * 8 * static_cast<size_t>(w) + (i % 32) * 8; }

   void *lib_ = nullptr;
   decltype(&eglGetProcAddress) get_proc_ = nullptr;
   decltype(&eglMakeCurrent) make_current_ = nullptr;
   decltype(&eglDestroyContext) destroy_context_ = nullptr;
   decltype(&eglTerminate) terminate_ = nullptr;
   EGLDisplay dpy_ = EGL_NO_DISPLAY;
   EGLContext ctx_ = EGL_NO_CONTEXT;
   gl_api gl_;
   std::string renderer_, version_;
   std::set<std::string> extensions_;
   std::map<std::string, GLuint> programs_;
};

}  // namespace

std::string egl_vendor_list(const std::vector<std::string> &dirs) {
   const std::string mesa = "/usr/share/glvnd/egl_vendor.d/50_mesa.json";
   std::string list = mesa;
   for (const std::string &dir : dirs) {
      glob_t v{};
      if (glob((dir + "/*.json").c_str(), 0, nullptr, &v) == 0)
         for (size_t i = 0; i < v.gl_pathc; ++i)
            if (v.gl_pathv[i] != mesa)
               list += std::string(":") + v.gl_pathv[i];
      globfree(&v);
   }
   return list;
}

bool gpu_device_present(const std::string &render_nodes, const std::string &nvidia_node) {
   glob_t g{};
   const bool render = glob(render_nodes.c_str(), 0, nullptr, &g) == 0 && g.gl_pathc > 0;
   globfree(&g);
   return render || access(nvidia_node.c_str(), F_OK) == 0;
}

bool select_gl_driver(const std::string &driver, std::string *error) {
   if (driver == "env")
      return true;
   if (driver != "clampler" && driver != "zink" && driver != "llvmpipe" && driver != "softpipe") {
      *error = "unknown GL driver '" + driver + "' (expected clampler, zink, llvmpipe, softpipe or env)";
      return false;
   }
   const auto set = [](const char *name, const std::string &value) { setenv(name, value.c_str(), 1); };
   set("EGL_PLATFORM", "surfaceless");
   set("__EGL_VENDOR_LIBRARY_FILENAMES",
       egl_vendor_list({"/usr/share/glvnd/egl_vendor.d", "/etc/glvnd/egl_vendor.d"}));
   unsetenv("LIBGL_DRIVERS_PATH");
   if (driver == "llvmpipe" || driver == "softpipe") {
      set("MESA_LOADER_DRIVER_OVERRIDE", "swrast");
      set("GALLIUM_DRIVER", driver);
      set("LIBGL_ALWAYS_SOFTWARE", "1");
      return true;
   }
   set("MESA_LOADER_DRIVER_OVERRIDE", "zink");
   set("GALLIUM_DRIVER", "zink");
   if (!gpu_device_present("/dev/dri/renderD*", "/dev/nvidia0"))
      set("LIBGL_ALWAYS_SOFTWARE", "1");  // zink refuses a CPU Vulkan device otherwise
   if (driver == "zink")
      return true;
   std::string dir;
   if (const char *d = std::getenv("CLAMPLER_DRIVER_DIR"); d && *d) {
      dir = d;
   } else {
      char exe[4096] = {};
      const ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
      std::string path = n > 0 ? std::string(exe, static_cast<size_t>(n)) : std::string(".");
      dir = path.substr(0, path.find_last_of('/')) + "/driver";
   }
   if (access((dir + "/zink_dri.so").c_str(), R_OK) != 0) {
      *error = "no clampler driver in " + dir + " (build it: bash scripts/clampler.sh driver; or set "
               "CLAMPLER_DRIVER_DIR)";
      return false;
   }
   set("LIBGL_DRIVERS_PATH", dir);
   return true;
}

std::unique_ptr<gl_runner> open_gl_runner(std::string *error) {
   auto r = std::make_unique<egl_gl_runner>();
   if (!r->open(error))
      return nullptr;
   return r;
}

}  // namespace clampler
