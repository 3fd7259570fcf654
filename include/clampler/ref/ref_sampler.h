// The CPU reference sampler: what GL returns for one texture lookup, computed from the specs.
//
// Sources, in order of authority: docs/design.md §5 (GL_CLAMP and the mirror-clamp modes), the
// OpenGL 4.6 compatibility specification §8.13 (cube maps), §8.14 (LOD, wrapping, texel
// selection, mipmapping), §8.23 (texture comparison) and §15.2.1 (depth texture modes,
// swizzle), EXT_texture_mirror_clamp, ARB_texture_filter_minmax, and the Vulkan
// specification's "Texel Filtering" and "Cube Map Edge Handling" for what GL leaves open.
// Written from those texts, not from any driver.
//
// Scope of this layer: the sampling maths. Texels arrive already decoded to the texture's
// RGBA (format conversion, sRGB decode and the legacy ALPHA/LUMINANCE/INTENSITY expansion
// are done by the caller), and the border colour arrives already as the RGBA a border texel
// reads. Not implemented: anisotropic filtering (every lookup is isotropic, as with
// GL_TEXTURE_MAX_ANISOTROPY 1), texel offsets, projective lookups (divide by q first),
// gather, texelFetch, and images with GL border texels (b_s = 1, compatibility-only
// TexImage border argument).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "clampler/gl/gl_enums.h"

namespace clampler::ref {

// One texel, decoded to RGBA before swizzle. Which half is meaningful is decided by the
// texture: f for normalized / float colour formats (and f[0] for depth), i for pure integer
// formats (and i[0] for the stencil index of a depth-stencil texture sampled as stencil).
struct texel {
   double f[4] = {0, 0, 0, 0};
   int64_t i[4] = {0, 0, 0, 0};
};

// One mipmap level. Texels are stored x fastest, then y, then z, where y is the layer of a
// 1D array, z the slice of a 3D texture, the layer of a 2D array, the face of a cube map
// (GL order +X, -X, +Y, -Y, +Z, -Z) or 6 * layer + face of a cube map array.
struct ref_level {
   uint32_t width = 1;
   uint32_t height = 1;  // layers for GL_TEXTURE_1D_ARRAY
   uint32_t depth = 1;   // slices (3D), layers (2D array), 6 (cube), 6 * layers (cube array)
   std::vector<texel> texels;  // width * height * depth entries
};

// The texture: target, how to read its texels, and its mipmap chain.
struct ref_texture {
   GLenum target = GL_TEXTURE_2D;  // GL_TEXTURE_{1D,2D,3D,RECTANGLE,CUBE_MAP,1D_ARRAY,2D_ARRAY,CUBE_MAP_ARRAY}
   bool is_integer = false;        // pure integer colour format: texel::i holds the values
   bool is_depth = false;          // depth, or depth-stencil sampled as depth: texel::f[0] is D
   bool depth_is_float = false;    // floating-point depth (e.g. DEPTH_COMPONENT32F); when false the
                                   // depth is fixed point and D_t, D_ref are clamped to [0, 1]
   bool is_stencil = false;        // depth-stencil sampled with DEPTH_STENCIL_TEXTURE_MODE
                                   // STENCIL_INDEX: texel::i[0] is S, the integer r that
                                   // ref_sampler::depth_mode assigns (RED: (S, 0, 0, 1))
   std::vector<ref_level> levels;  // indexed by level number, levels[0] is level 0
   int base_level = 0;             // GL_TEXTURE_BASE_LEVEL
   int max_level = 1000;           // GL_TEXTURE_MAX_LEVEL
};

// The sampler state, in GL terms (after the unit's state has been folded in).
struct ref_sampler {
   // GL_REPEAT, GL_CLAMP, GL_CLAMP_TO_EDGE, GL_CLAMP_TO_BORDER, GL_MIRRORED_REPEAT,
   // GL_MIRROR_CLAMP_EXT, GL_MIRROR_CLAMP_TO_EDGE, GL_MIRROR_CLAMP_TO_BORDER_EXT.
   // Unnormalized coordinates (RECTANGLE) allow only CLAMP, CLAMP_TO_EDGE, CLAMP_TO_BORDER.
   GLenum wrap_s = GL_REPEAT;
   GLenum wrap_t = GL_REPEAT;
   GLenum wrap_r = GL_REPEAT;
   GLenum min_filter = GL_NEAREST_MIPMAP_LINEAR;  // NEAREST, LINEAR or one of the four mipmap modes
   GLenum mag_filter = GL_LINEAR;                 // NEAREST or LINEAR
   double lod_bias = 0.0;  // texture/sampler bias + unit bias, already clamped to ±MAX_TEXTURE_LOD_BIAS
   double min_lod = -1000.0;  // GL_TEXTURE_MIN_LOD
   double max_lod = 1000.0;   // GL_TEXTURE_MAX_LOD
   bool compare = false;       // GL_TEXTURE_COMPARE_MODE == GL_COMPARE_REF_TO_TEXTURE; ignored for colour
                               // textures and stencil sampling (GL 4.6 §8.23.1)
   GLenum compare_func = GL_LEQUAL;                 // GL_NEVER .. GL_ALWAYS
   GLenum reduction = GL_WEIGHTED_AVERAGE_ARB;      // GL_WEIGHTED_AVERAGE_ARB, GL_MIN or GL_MAX
   bool seamless = false;      // GL_TEXTURE_CUBE_MAP_SEAMLESS (or ARB_seamless_cubemap_per_texture's flag)
   // A seamless corner texel under depth compare: false, the comparison of the three texels' mean
   // (GL 4.6 §8.13.1's recommended corner, then §8.23.1's compare); true, the mean of their three
   // comparisons — the other answer GL allows, since it leaves filtered comparisons to the
   // implementation (§8.23.1: a value proportional to the passes), and lavapipe's.
   bool corner_compares_each = false;
   bool unnormalized = false;  // coordinates in texels (u = s); implied by GL_TEXTURE_RECTANGLE
   texel border;               // what a border texel reads (after base-format translation and any
                               // fixed-point clamping, before swizzle): f for colour textures, f[0]
                               // for depth, i for integer textures and stencil sampling
   std::array<GLenum, 4> swizzle = {GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA};  // RED..ALPHA, ZERO, ONE
   GLenum depth_mode = GL_RED;  // GL_DEPTH_TEXTURE_MODE: RED (core), LUMINANCE, INTENSITY or ALPHA
};

// One lookup. coord holds as many components as the target needs: s (1D); s, layer (1D
// array); s, t (2D, RECTANGLE); s, t, layer (2D array); s, t, r (3D); x, y, z (cube);
// x, y, z, layer (cube array). With neither has_lod nor has_grad, λ_base = 0 (as for the
// implicit-LOD functions outside a fragment shader).
struct ref_lookup {
   double coord[4] = {0, 0, 0, 0};
   int ncoord = 0;
   bool has_lod = false;  // textureLod: λ_base = lod
   double lod = 0.0;
   bool has_grad = false;  // textureGrad (or the fragment quad's derivatives): ρ from dPdx, dPdy
   double dPdx[3] = {0, 0, 0};  // derivatives of the coordinate components above, layer excluded;
   double dPdy[3] = {0, 0, 0};  // for cube maps, of the direction vector (before face projection)
   bool has_ref = false;  // shadow lookups: the depth reference D_ref (ignored without compare)
   double ref = 0.0;
};

// The result, plus how it was obtained (for tests and diagnostics).
struct ref_result {
   texel value;             // after depth mode and swizzle; f or i according to is_integer
   bool is_integer = false;  // integer texture or stencil sampling
   double lambda = 0.0;     // λ after bias and the min/max LOD clamp
   bool magnified = false;  // λ <= c: the mag filter was used on level_base
   int level0 = 0;          // first (or only) level read
   int level1 = 0;          // second level for *_MIPMAP_LINEAR, else equal to level0
   double level1_weight = 0.0;  // weight of level1 (frac(λ) for *_MIPMAP_LINEAR, else 0)
   int face = -1;           // cube face selected (0..5), -1 for other targets
   int layer = -1;          // array layer read, -1 for non-array targets
};

// Samples tex with sampler s at the lookup. Throws std::invalid_argument for a request GL
// would reject or leave undefined in a way the reference does not guess at: malformed
// texture data, too few coordinates, wrap modes or filters the target does not accept,
// LINEAR filtering (or mip LINEAR) on an integer or stencil texture (the caller applies the
// seed's NEAREST rule, docs/design.md §7, before calling), a mipmapped filter on a texture whose
// levels up to q are missing, compare without a reference, non-finite coordinates, or a
// zero cube direction.
ref_result ref_sample(const ref_texture &tex, const ref_sampler &s, const ref_lookup &lookup);

}  // namespace clampler::ref
