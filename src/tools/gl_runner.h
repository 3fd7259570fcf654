// gl_runner: one texture, its sampler state and a list of lookups, run on a real GL driver (EGL surfaceless).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

// Plain numbers only: GL enums are passed by value, so this header (and its callers) never
// meet the system GL headers, whose macros collide with clampler's GL constants.
namespace clampler {

// One glTexParameter* / glSamplerParameter* call, in the scenario's order.
struct gl_param_call {
   enum class entry { i, f, iv, fv, Iiv, Iuiv };
   uint32_t pname = 0;
   entry kind = entry::i;
   std::vector<double> values;  // one for i and f
};

// One lookup: coordinates as ref_lookup (layer last; cube direction x, y, z; texel units for
// rectangles), explicit LOD or gradients (neither: LOD 0), and the reference for depth compare.
struct gl_lookup {
   double coord[4] = {0, 0, 0, 0};
   bool has_grad = false;
   double lod = 0.0;
   double dPdx[3] = {0, 0, 0};
   double dPdy[3] = {0, 0, 0};
   double ref = 0.0;
};

struct gl_run_request {
   uint32_t target = 0;           // GL_TEXTURE_1D … GL_TEXTURE_CUBE_MAP_ARRAY
   uint32_t internal_format = 0;  // sized internal format
   uint32_t width = 1, height = 1, depth = 1;  // depth: slices, layers, 6 x layers of cube arrays
   // glTexImage's format and type, and one buffer per level (faces of a cube in GL's order,
   // each face's texels contiguous) packed with UNPACK_ALIGNMENT 1.
   uint32_t upload_format = 0, upload_type = 0;
   std::vector<std::vector<uint8_t>> levels;
   std::vector<gl_param_call> texture_params;  // after GL_TEXTURE_MAX_LEVEL = levels - 1
   bool sampler_object = false;
   std::vector<gl_param_call> sampler_params;
   bool set_swizzle = false;
   int32_t swizzle[4] = {0, 0, 0, 0};     // GL_TEXTURE_SWIZZLE_RGBA
   uint32_t depth_stencil_mode = 0;       // GL_DEPTH_STENCIL_TEXTURE_MODE when non-zero
   uint32_t depth_texture_mode = 0;       // GL_DEPTH_TEXTURE_MODE when non-zero
   double unit_lod_bias = 0.0;            // glTexEnvf(GL_TEXTURE_FILTER_CONTROL, GL_TEXTURE_LOD_BIAS)
   bool seamless_cube_map = false;
   // What the shader reads: shadow (depth compare: old-style vec4 results where GLSL has them),
   // integer results (isampler / usampler), and the lookups.
   bool shadow = false;
   enum class result { float_, int_, uint_ } kind = result::float_;
   std::vector<gl_lookup> lookups;
};

// Results in lookup order: f for float results, i for integer ones.
struct gl_run_result {
   std::vector<std::array<double, 4>> f;
   std::vector<std::array<int64_t, 4>> i;
   // The GL errors the driver raised for the scenario's texture and sampler parameter calls,
   // in call order, by name ("GL_INVALID_ENUM"): GL leaves the state unchanged and the run goes on.
   std::vector<std::string> param_errors;
   // Per lookup, why GLSL cannot express it on this target (empty: it ran, its result is GL's).
   // The others of the scenario still run; a scenario none of whose lookups GLSL can express is refused.
   std::vector<std::string> not_run;
};

// A raster case for a real GL driver (include/clampler/tools/raster_case.h): the rasterizer calls
// by entry point, their enum arguments as numbers, then GL's polygon primitive drawn in
// immediate mode with identity matrices (the vertices are clip coordinates) into a w x h FBO of
// RGBA8 and DEPTH_COMPONENT32F, cleared to 0 and depth 1, depth test ALWAYS.
struct gl_raster_call {
   std::string entry;          // "glShadeModel", "glEnable", ...
   std::vector<double> args;
};
struct gl_raster_request {
   std::vector<gl_raster_call> calls;
   uint32_t prim = 4;  // GL_TRIANGLES .. GL_POLYGON
   uint32_t width = 32, height = 32;
   bool flat = false;  // glShadeModel(GL_FLAT) on top of the calls
   // Drawn by a GLSL 1.10 vertex program writing gl_FrontColor = the colour and gl_BackColor =
   // the back colour (GL_VERTEX_PROGRAM_TWO_SIDE chooses); else fixed-function, the colour only.
   bool back_colors = false;
   // Drawn by a program whose fragment colour is vec4(gl_TexCoord[0].st, 0, 1).
   bool show_texcoord = false;
   struct vertex {
      double clip[3];
      double color[4];
      double back_color[4];
      double texcoord[4];  // texture coordinate set 0
   };
   std::vector<vertex> vertices;
   std::vector<std::array<uint32_t, 2>> pixels;  // GL window coordinates
};
struct gl_raster_result {
   std::vector<std::array<double, 5>> pixels;  // [r, g, b, depth, alpha] per pixel
   bool quads_follow = false;                  // GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION
   std::vector<std::string> call_errors;       // "glClipControl: GL_INVALID_ENUM", in call order
};

// A GL context on the EGL surfaceless display of the driver the environment selects (Mesa's
// loader variables: LIBGL_DRIVERS_PATH, MESA_LOADER_DRIVER_OVERRIDE, GALLIUM_DRIVER, …).
// Not thread-safe: one run at a time (the context is made current on the calling thread for
// the run and released after it, so the calls may come from different threads).
class gl_runner {
public:
   virtual ~gl_runner() = default;
   virtual std::string renderer() const = 0;  // GL_RENDERER
   virtual std::string version() const = 0;   // GL_VERSION
   virtual bool has_extension(const std::string &name) const = 0;
   // Runs the request; false with `*error` (a sentence) when the driver cannot (GL errors,
   // a shader the driver does not compile, a lookup GLSL has no function for here).
   virtual bool run(const gl_run_request &request, gl_run_result *out, std::string *error) = 0;
   // Draws a raster case; its rasterizer state is restored afterwards (glPushAttrib), so cases
   // do not leak into each other. False with `*error` for a call it does not replay.
   virtual bool draw_raster(const gl_raster_request &request, gl_raster_result *out, std::string *error) = 0;
};

// Opens libEGL.so.1 at run time (the command needs no GL package to start). Null with `*error`.
std::unique_ptr<gl_runner> open_gl_runner(std::string *error);

// glvnd's EGL vendor list for Mesa's drivers: Debian's Mesa vendor file first (its surfaceless
// display is the one made), then every other vendor file in `dirs` (select_gl_driver passes
// glvnd's own two), because NVIDIA's Vulkan driver (under zink) finds no device when its EGL
// vendor is left out (docs/device.md).
std::string egl_vendor_list(const std::vector<std::string> &dirs);

// Whether the machine has a GPU for zink: a DRM render node (`render_nodes`, a glob), or NVIDIA's
// `nvidia_node` alone (NVIDIA's driver without nvidia-drm, docs/device.md).
bool gpu_device_present(const std::string &render_nodes, const std::string &nvidia_node);

// Points Mesa's loader at one driver before libEGL is opened (docs/driver.md): "clampler" (the
// clampler driver: CLAMPLER_DRIVER_DIR, else build/driver beside this executable), "zink"
// (Debian's), "llvmpipe" or "softpipe"; "env" leaves the environment as it is. Without a GPU
// (no render node, no /dev/nvidia0) zink runs on lavapipe (LIBGL_ALWAYS_SOFTWARE). False with `*error` for an unknown
// name or a missing clampler driver.
bool select_gl_driver(const std::string &driver, std::string *error);

}  // namespace clampler
