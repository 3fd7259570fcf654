// Device sampling: a texture's lookups run on the Vulkan device, by the compute path or the fragment path, read back.
//
// Names: sample_* is device sampling, the job of this layer (src/sample); zink_sampler* is the
// Vulkan sampler object a request binds (src/zink). The compute path is sample_lookups, the
// fragment path sample_grid_draw; the embedded shaders are in clampler/sample/sample_shaders.h.
#pragma once

#include <volk.h>

#include <cstddef>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "clampler/gl/gl_enums.h"
#include "clampler/pipe/p_format.h"
#include "clampler/ref/ref_format.h"
#include "clampler/ref/ref_sampler.h"
#include "clampler/spirv/spirv_lower_tex.h"
#include "clampler/st/st_sampler.h"
#include "clampler/zink/zink_screen.h"

namespace clampler {

// One texture, one sampler and the lookups to run with them.
//
// The texture is described as the reference sampler sees it (ref_level), with its texels as
// the format stores them (ref_store's output), so the device and the reference read the same
// bits. Level sizes follow GL's minification from level 0: width >> l, height >> l (except the
// layers of a 1D array), depth >> l for 3D only (never for array layers or cube faces); each at
// least 1. A texture must be mipmap-complete for the levels given.
struct sample_request {
   pipe_format format = PIPE_FORMAT_NONE;  // see sample_format_supported
   // GL_TEXTURE_1D, _2D, _3D, _RECTANGLE (sampled as 2D: the sampler must use unnormalized
   // coordinates, or a normalized sampler with normalized lookups), _CUBE_MAP, _1D_ARRAY,
   // _2D_ARRAY, and _CUBE_MAP_ARRAY where the device has imageCubeArray.
   GLenum target = GL_TEXTURE_2D;
   uint32_t width = 1;
   uint32_t height = 1;  // layers for GL_TEXTURE_1D_ARRAY
   uint32_t depth = 1;   // slices (3D), layers (2D array), 6 (cube)
   uint32_t levels = 1;  // levels given in `texels`
   // Per level, x fastest, then y, then z / layer / face (GL order +X, -X, +Y, -Y, +Z, -Z),
   // exactly as ref_level::texels; each entry has the format's stored component count.
   std::vector<std::vector<ref::ref_stored_texel>> texels;
   // GL_TEXTURE_BASE_LEVEL and GL_TEXTURE_MAX_LEVEL: the image view covers
   // [base_level, min(max_level, levels - 1)].
   uint32_t base_level = 0;
   uint32_t max_level = 1000;

   // The sampler to bind (from zink_sampler_cache, or any VkSampler of this screen's device).
   // It must suit the view: no LINEAR filtering on a format without
   // SAMPLED_IMAGE_FILTER_LINEAR (zink_format_support::linear_filter) unless through compare,
   // compare enabled exactly when `shadow` is set, unnormalized coordinates only for
   // GL_TEXTURE_RECTANGLE. It is not destroyed or retained: sample_lookups and
   // sample_grid_draw wait for the device before they return.
   VkSampler sampler = VK_NULL_HANDLE;
   // GL's texture swizzle (GL_TEXTURE_SWIZZLE_RGBA) as a component mapping over the RGBA GL
   // reads (IDENTITY = the same component). The view's mapping is this swizzle composed with
   // the screen's format mapping (zink_format::swizzle). Shadow lookups take only the identity:
   // their depth texture mode and swizzle go in `lowering` (the shadow swizzle of the key).
   VkComponentMapping view_swizzle = {VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY,
                                      VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY};
   // GL_TEXTURE_SRGB_DECODE_EXT: when false an sRGB format is viewed through its UNORM twin
   // (the image is created with VK_IMAGE_CREATE_MUTABLE_FORMAT_BIT). Ignored for other formats.
   bool srgb_decode = true;
   // Depth-compare lookups (sampler2DShadow and friends): each lookup needs has_ref; results
   // are (result, 0, 0, 1), GL's core DEPTH_TEXTURE_MODE RED, unless `lowering` carries a
   // shadow swizzle.
   bool shadow = false;
   // Stencil sampling (GL_DEPTH_STENCIL_TEXTURE_MODE = GL_STENCIL_INDEX, st_texture_samples_stencil):
   // the view takes the stencil aspect of a depth-stencil format, read through the unsigned
   // integer shaders; results are texel::i = (S, 0, 0, 1) before the view swizzle. Stencil-only
   // formats (S8) are always sampled as stencil. Not with `shadow`.
   bool stencil = false;

   // The shader lowering the state tracker asked for this sampler (st_convert_sampler's
   // st_sampler_lowering: GL_CLAMP / mirror-clamp saturate, abs and nearest_edge, the shadow
   // result swizzle). The sampling shader goes through spirv_lower_tex with it as sampler
   // index 0 (set 0, binding 0); shadow requests always do, with GL's (X, 0, 0, 1) when no
   // swizzle is given. Lowered modules and pipelines are cached per device.
   st_sampler_lowering lowering{};
   // mipLodBias, minLod and maxLod of `sampler` (zink_sampler_create_info), which the pass
   // needs to decide "magnified" as the device does for nearest_edge.
   spirv_sampler_lod sampler_lod{};

   // The lookups. coord as ref_lookup (layer last, cube direction x, y, z). has_lod: textureLod
   // (preferred when both are set, as in ref_sample); else has_grad: textureGrad with dPdx/dPdy;
   // neither: textureLod with LOD 0. Values are converted to single precision. Shadow lookups on
   // GL_TEXTURE_2D_ARRAY and GL_TEXTURE_CUBE_MAP take an LOD through SPIR-V's Lod operand (GLSL 4.50
   // has no textureLod there; shaders/grad_to_lod.py); on GL_TEXTURE_CUBE_MAP_ARRAY both forms
   // are SPIR-V's Dref lookups GLSL cannot write (grad_to_lod.py --dref-from-min-lod).
   std::vector<ref::ref_lookup> lookups;
   // false (the default): every lookup runs in a workgroup of its own, all of whose invocations
   // make it and one stores it. A subgroup never spans workgroups, so no SIMD vector or subgroup
   // of the device mixes lookups, and a device that decides something per vector (lavapipe picks
   // the min or mag filter of NEAREST lanes from the whole vector, docs/sampling.md) answers each
   // lookup as if it ran alone. true: one invocation per lookup, packed into shared vectors — the
   // device's own per-vector behaviour, shown by a test; cheaper, but not a per-lookup answer.
   bool shared_vectors = false;
};

// Whether device sampling can upload `format` on this screen (the device must offer SAMPLED_IMAGE
// and TRANSFER_DST for the VkFormat the screen stores it in), converting the stored codes
// (ref_store) into that VkFormat's texels:
// - plain array VkFormats whose components have the pipe format's stored sizes and numeric
//   type: R8, RG8, RGBA8 (UNORM, SNORM, UINT, SINT, SRGB), R16, RG16, RGBA16 (UNORM, SNORM, UINT,
//   SINT, SFLOAT), R32, RG32, RGB32, RGBA32 (UINT, SINT, SFLOAT); a VkFormat with more components
//   than the pipe format stores (RGB as RGBA, R or LUMINANCE sRGB as RGBA8 sRGB) gets 0 in the
//   padding and 1 in a padded alpha, which the screen's view swizzle hides;
// - packed (_PACK) VkFormats whose components have the stored sizes: R4G4, the 4-4-4-4,
//   5-6-5 and 5-5-5-1 formats, A2B10G10R10 / A2R10G10B10 (UNORM, UINT), B10G11R11_UFLOAT and
//   E5B9G9R9_UFLOAT, each stored component in the bits of the VkFormat component the screen's
//   view swizzle reads for it (so GL_RGB565, GL_RGBA4, GL_RGB5_A1, GL_RGB10_A2(UI),
//   GL_R11F_G11F_B10F, GL_RGB9_E5 and the X-padded and L4A4 emulations);
// - depth and stencil VkFormats, one buffer-to-image copy per aspect: D16_UNORM,
//   X8_D24_UNORM_PACK32, D32_SFLOAT, S8_UINT, D16_UNORM_S8_UINT, D24_UNORM_S8_UINT and
//   D32_SFLOAT_S8_UINT; unorm depth stored as D32_SFLOAT (D24 or D32 unorm on D32F) is
//   converted to c / (2^b - 1) in single precision.
// Compressed formats and conversions between component sizes (R3G3B2 as RGBA8) are not
// supported yet. On false, `*why` (when not null) says why.
bool sample_format_supported(const zink_screen &screen, pipe_format format, std::string *why);

// The component mapping of the view sample_lookups makes: `gl_swizzle` (the request's
// view_swizzle) over the screen's mapping of `format`, or over (R, 0, 0, 1) when the view reads a
// depth or stencil aspect. A sampler with a border colour is made for this mapping on devices
// without borderColorSwizzleFromImage (zink_sampler_key_from_pipe's `view_mapping`).
VkComponentMapping sample_view_mapping(const zink_screen &screen, pipe_format format, bool depth_or_stencil_aspect,
                                       const VkComponentMapping &gl_swizzle);

// The compute path: uploads the texture, runs every lookup on the device (a workgroup each, or
// one invocation each with shared_vectors) and reads the results back in lookup order: texel::f for normalized, float
// and depth formats (and shadow lookups), texel::i for pure integer formats and stencil
// sampling (unsigned values are not sign-extended).
// Everything it creates is destroyed before it returns. On failure (an unsupported request, a
// malformed texture, a Vulkan error) returns false with `*error` a sentence saying what and why;
// `*results` is then unspecified. Thread-safe: queue submission takes screen.queue_mutex().
bool sample_lookups(const zink_screen &screen, const sample_request &request, std::vector<ref::texel> *results,
                    std::string *error);

// The fragment path: a W x H grid of pixels drawn as one quad, pixel (x, y) sampling the
// coordinate origin + x * dx + y * dy with GLSL's texture() — implicit derivatives, so the
// per-pixel gradients are dx and dy (the layer's step is not a derivative). The coordinate
// layout is ref_lookup's (layer last, cube direction x, y, z); shadow requests compare with
// `dref` at every pixel.
struct sample_grid {
   uint32_t width = 1;
   uint32_t height = 1;
   double origin[4] = {0.0, 0.0, 0.0, 0.0};
   double dx[4] = {0.0, 0.0, 0.0, 0.0};
   double dy[4] = {0.0, 0.0, 0.0, 0.0};
   double dref = 0.0;
   // textureQueryLod(tex, P) instead of texture() (shaders/query_lod.frag): each result is
   // texel::f = (x, y, 0, 0), the level(s) accessed and λ' as the device reports them through
   // the request's view and sampler. Not for shadow requests or rectangles (GLSL has none).
   bool query_lod = false;
};

// Draws `grid` with `request`'s texture, sampler, view and lowering (its `lookups` are ignored)
// into an RGBA32F / RGBA32I / RGBA32UI colour attachment and reads it back: `*results` has
// width x height texels, row by row (x fastest), as sample_lookups'. The lookups made, for
// the reference: `*lookups` (when not null) gets each pixel's coordinate exactly as the
// shader computed it (single precision, read back from a second attachment), has_grad with
// dx and dy, and has_ref for shadow requests. Implicit-LOD lookups go through the lowering
// pass like the compute path's (which turns them into explicit gradients where it lowers).
// Grids are at most 4096 x 4096. Thread-safe; false with `*error` on failure.
bool sample_grid_draw(const zink_screen &screen, const sample_request &request, const sample_grid &grid,
                      std::vector<ref::texel> *results, std::vector<ref::ref_lookup> *lookups, std::string *error);

// The texture queries of a request's view, as the device answers them (shaders/query.comp):
// OpImageQueryLevels and OpImageQuerySizeLod for each level of the view.
struct sample_query_result {
   int32_t levels = 0;  // textureQueryLevels
   // textureSize(tex, lod) for lod 0 .. levels of the view - 1, unused components 0: 1D (w),
   // 1D array (w, layers), 2D / rectangle / cube (w, h), 3D (w, h, d), 2D array (w, h, layers),
   // cube-map array (w, h, cubes).
   std::vector<std::array<int32_t, 3>> sizes;
};

// Uploads `request`'s texture exactly as sample_lookups does (the same image and view: levels
// base_level .. min(max_level, levels - 1), the layers) and runs the queries on it; `lookups`
// are ignored, and a float, signed or unsigned integer shader reads the view as a lookup would
// (stencil through the unsigned one; `shadow` requests are refused: a query needs no compare).
// Thread-safe; false with `*error` on failure.
bool sample_query(const zink_screen &screen, const sample_request &request, sample_query_result *result,
                  std::string *error);

// A texture read only with texelFetch, for its queries: multisample (GL_TEXTURE_2D_MULTISAMPLE,
// GL_TEXTURE_2D_MULTISAMPLE_ARRAY) or buffer (GL_TEXTURE_BUFFER).
struct sample_fetch_texture {
   pipe_format format = PIPE_FORMAT_NONE;
   GLenum target = GL_TEXTURE_2D_MULTISAMPLE;
   uint32_t width = 1, height = 1, layers = 1;  // multisample targets
   uint32_t samples = 1;                         // multisample targets
   uint64_t buffer_bytes = 0;                    // GL_TEXTURE_BUFFER: the buffer's size
   bool stencil = false;  // a depth-stencil format read through its stencil aspect
};
struct sample_fetch_query_result {
   std::array<int32_t, 3> size = {0, 0, 0};  // textureSize: (w, h), (w, h, layers) or (texels)
   int32_t samples = 0;                      // textureSamples; 0 for buffers
};

// Creates the texture as Vulkan holds it — a VkImage of `samples` samples (no texels: a query
// reads none) and its 2D or 2D-array view, or a VkBuffer of buffer_bytes and a VkBufferView of
// its whole size — and runs textureSize / textureSamples on it (shaders/query_fetch.comp). False
// with `*error` when the device cannot hold it (a sample count it does not offer for the format,
// a format without UNIFORM_TEXEL_BUFFER, an empty buffer) or on a Vulkan error. Thread-safe.
bool sample_query_fetch(const zink_screen &screen, const sample_fetch_texture &texture,
                        sample_fetch_query_result *result, std::string *error);

// What the device-wide cache of device sampling holds (sample_statistics).
struct sample_stats {
   uint64_t pipelines_created = 0;  // compute and graphics pipelines compiled (one per distinct module)
   uint64_t pipeline_hits = 0;      // requests that reused one
   size_t lowered_modules = 0;      // distinct lowered modules (spirv_lower_cache)
};
sample_stats sample_statistics(const zink_screen &screen);

}  // namespace clampler
