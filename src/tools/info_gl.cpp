// clampler info --gl: a GL context on EGL surfaceless, opened through dlopen, and the driver's answers.
#include "clampler/tools/info_gl.h"

#include <dlfcn.h>

#include <cstdint>
#include <set>
#include <sstream>

// No EGL or GL header: their macros collide with clampler's GL constants, and libEGL is opened at
// run time so the command needs no GL development package. Values from the Khronos registry.
namespace {

using egl_display = void *;
using egl_context = void *;
using egl_int = int32_t;
using egl_proc = void (*)();

constexpr egl_int kEglPlatformSurfacelessMesa = 0x31DD;
constexpr egl_int kEglNone = 0x3038;
constexpr egl_int kEglOpenGlApi = 0x30A2;
constexpr unsigned kGlVendor = 0x1F00, kGlRenderer = 0x1F01, kGlVersion = 0x1F02;
constexpr unsigned kGlExtensions = 0x1F03, kGlNumExtensions = 0x821D;

// The extensions that change what a sampler can express, in the order the report lists them.
const char *const kSamplerExtensions[] = {
   "GL_ARB_sampler_objects",          "GL_ARB_texture_border_clamp",     "GL_EXT_texture_mirror_clamp",
   "GL_ATI_texture_mirror_once",      "GL_ARB_texture_mirror_clamp_to_edge", "GL_ARB_texture_mirrored_repeat",
   "GL_ARB_seamless_cube_map",        "GL_AMD_seamless_cubemap_per_texture", "GL_ARB_seamless_cubemap_per_texture",
   "GL_ARB_texture_cube_map_array",   "GL_EXT_texture_filter_anisotropic", "GL_ARB_texture_filter_anisotropic",
   "GL_ARB_texture_filter_minmax",    "GL_EXT_texture_integer",          "GL_EXT_texture_sRGB_decode",
   "GL_ARB_texture_swizzle",          "GL_EXT_texture_swizzle",          "GL_ARB_stencil_texturing",
   "GL_ARB_depth_texture",            "GL_ARB_shadow",                   "GL_ARB_texture_query_lod",
   "GL_EXT_texture_shadow_lod",       "GL_EXT_texture_lod_bias",         "GL_ARB_texture_rectangle",
};

struct egl_api {
   void *lib = nullptr;
   egl_proc (*get_proc)(const char *) = nullptr;
   egl_display (*get_platform_display)(egl_int, void *, const intptr_t *) = nullptr;
   unsigned (*initialize)(egl_display, egl_int *, egl_int *) = nullptr;
   unsigned (*bind_api)(egl_int) = nullptr;
   egl_context (*create_context)(egl_display, void *, egl_context, const egl_int *) = nullptr;
   unsigned (*make_current)(egl_display, void *, void *, egl_context) = nullptr;
   unsigned (*destroy_context)(egl_display, egl_context) = nullptr;
   unsigned (*terminate)(egl_display) = nullptr;
   ~egl_api() {
      if (lib)
         dlclose(lib);
   }
};

template <typename F> bool load(const egl_api &egl, const char *name, F *out) {
   *out = reinterpret_cast<F>(egl.get_proc(name));
   return *out != nullptr;
}

std::string text(const unsigned char *s) { return s ? reinterpret_cast<const char *>(s) : ""; }

}  // namespace

namespace clampler {

bool gl_driver_info(nlohmann::ordered_json *out, std::string *error) {
   egl_api egl;
   egl.lib = dlopen("libEGL.so.1", RTLD_NOW | RTLD_LOCAL);
   if (!egl.lib) {
      *error = "cannot open libEGL.so.1 (install libegl1): " + std::string(dlerror());
      return false;
   }
   egl.get_proc = reinterpret_cast<egl_proc (*)(const char *)>(dlsym(egl.lib, "eglGetProcAddress"));
   if (!egl.get_proc || !load(egl, "eglGetPlatformDisplay", &egl.get_platform_display) ||
       !load(egl, "eglInitialize", &egl.initialize) || !load(egl, "eglBindAPI", &egl.bind_api) ||
       !load(egl, "eglCreateContext", &egl.create_context) || !load(egl, "eglMakeCurrent", &egl.make_current) ||
       !load(egl, "eglDestroyContext", &egl.destroy_context) || !load(egl, "eglTerminate", &egl.terminate)) {
      *error = "libEGL.so.1 lacks an EGL 1.5 entry point";
      return false;
   }
   egl_display dpy = egl.get_platform_display(kEglPlatformSurfacelessMesa, nullptr, nullptr);
   egl_int major = 0, minor = 0;
   if (!dpy || !egl.initialize(dpy, &major, &minor)) {
      *error = "no EGL surfaceless display (EGL_MESA_platform_surfaceless): is Mesa's EGL installed?";
      return false;
   }
   if (!egl.bind_api(kEglOpenGlApi)) {
      egl.terminate(dpy);
      *error = "the EGL display offers no desktop OpenGL";
      return false;
   }
   // A compatibility context of the highest version the driver gives (no config: surfaceless).
   const egl_int attribs[] = {kEglNone};
   egl_context ctx = egl.create_context(dpy, nullptr, nullptr, attribs);
   if (!ctx || !egl.make_current(dpy, nullptr, nullptr, ctx)) {
      if (ctx)
         egl.destroy_context(dpy, ctx);
      egl.terminate(dpy);
      *error = "the driver created no current GL context on the surfaceless display";
      return false;
   }
   using get_string_fn = const unsigned char *(*)(unsigned);
   using get_stringi_fn = const unsigned char *(*)(unsigned, unsigned);
   using get_integerv_fn = void (*)(unsigned, int *);
   get_string_fn get_string = nullptr;
   get_stringi_fn get_stringi = nullptr;
   get_integerv_fn get_integerv = nullptr;
   load(egl, "glGetString", &get_string);
   load(egl, "glGetStringi", &get_stringi);
   load(egl, "glGetIntegerv", &get_integerv);
   bool ok = get_string != nullptr;
   if (ok) {
      std::set<std::string> exts;
      if (get_stringi && get_integerv) {
         int n = 0;
         get_integerv(kGlNumExtensions, &n);
         for (int i = 0; i < n; ++i)
            exts.insert(text(get_stringi(kGlExtensions, static_cast<unsigned>(i))));
      } else {
         std::istringstream all(text(get_string(kGlExtensions)));
         for (std::string e; all >> e;)
            exts.insert(e);
      }
      nlohmann::ordered_json j;
      j["vendor"] = text(get_string(kGlVendor));
      j["renderer"] = text(get_string(kGlRenderer));
      j["version"] = text(get_string(kGlVersion));
      j["egl_version"] = std::to_string(major) + "." + std::to_string(minor);
      nlohmann::ordered_json e = nlohmann::ordered_json::object();
      for (const char *name : kSamplerExtensions)
         e[name] = exts.count(name) > 0;
      j["sampler_extensions"] = e;
      j["extension_count"] = exts.size();
      *out = j;
   } else {
      *error = "the driver has no glGetString";
   }
   egl.make_current(dpy, nullptr, nullptr, nullptr);
   egl.destroy_context(dpy, ctx);
   egl.terminate(dpy);
   return ok;
}

std::string gl_driver_info_text(const nlohmann::ordered_json &info) {
   std::ostringstream o;
   o << "GL_VENDOR:   " << info["vendor"].get<std::string>() << "\n"
     << "GL_RENDERER: " << info["renderer"].get<std::string>() << "\n"
     << "GL_VERSION:  " << info["version"].get<std::string>() << "\n"
     << "EGL:         " << info["egl_version"].get<std::string>() << " (surfaceless), "
     << info["extension_count"].get<size_t>() << " GL extensions\n"
     << "sampler extensions:\n";
   for (const auto &[name, has] : info["sampler_extensions"].items())
      o << "  " << (has.get<bool>() ? "yes" : "no ") << "  " << name << "\n";
   return o.str();
}

}  // namespace clampler
