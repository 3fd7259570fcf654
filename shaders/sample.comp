// sample.comp: the compute path of device sampling; one texture lookup per workgroup (or per invocation), explicit LOD or gradients.
//
// Compiled once per (sampler type x lookup kind) by shaders/meson.build with:
//   SAMPLER_T  the GLSL sampler type (sampler2D, isampler2DArray, sampler2DShadow, ...)
//   RESULT_T   vec4, ivec4 or uvec4 (vec4 for shadow samplers)
//   DIM_1D, DIM_1D_ARRAY, DIM_2D, DIM_2D_ARRAY, DIM_3D, DIM_CUBE or DIM_CUBE_ARRAY
//   SHADOW     defined for depth-compare (Dref) lookups; the result is vec4(d), for the lowering pass
//   USE_GRAD   defined for textureGrad, else textureLod
//   LOD_AS_GRAD  (shadow 2D arrays and cubes) textureGrad(P, vecN(lod), vecN(lod)), which
//              shaders/grad_to_lod.py rewrites into the Lod operand SPIR-V allows there
//   DREF_AS_MIN_LOD  (shadow cube-map arrays, SAMPLER_T samplerCubeArray) textureGradClampARB with
//              the reference as the LOD clamp, which grad_to_lod.py --dref-from-min-lod rewrites
//              into the Dref lookup (Lod or Grad) SPIR-V has and GLSL lacks
// The lookup layout must match lookup_record in src/sample/sample_compute.cpp (std430, 64 bytes).
// GLSL 4.50 has no textureLod for sampler2DArrayShadow and samplerCubeShadow (that needs
// GL_EXT_texture_shadow_lod, which Debian 12's glslang lacks): their lod variants go through
// LOD_AS_GRAD. samplerCubeArrayShadow has neither textureLod nor textureGrad: DREF_AS_MIN_LOD.
#version 450
#ifdef DREF_AS_MIN_LOD
#extension GL_ARB_sparse_texture_clamp : require
#endif

// The workgroup size is specialization constant 0: 64 with shared vectors, the device's subgroup
// size when each workgroup is one lookup (src/sample/sample_compute.cpp).
layout(local_size_x_id = 0) in;

struct lookup_t {
   vec4 coord;      // the target's coordinates (layer last), unused components zero
   vec4 dpdx;       // derivatives for USE_GRAD (layer excluded)
   vec4 dpdy;
   float lod;       // explicit LOD (textureLod)
   float dref;      // depth reference (SHADOW)
   uint out_index;  // where the result goes
   uint pad;
};

layout(set = 0, binding = 0) uniform SAMPLER_T tex;
layout(std430, set = 0, binding = 1) readonly buffer lookups_buf { lookup_t lookups[]; };
layout(std430, set = 0, binding = 2) writeonly buffer results_buf { RESULT_T results[]; };
layout(push_constant) uniform range_pc {
   uint first;     // first lookup of this dispatch
   uint count;     // lookups in this dispatch
   uint isolated;  // 1: one lookup per workgroup, made by all its invocations, stored by the first
} range;

#if defined(DIM_1D)
#define COORD(l) (l).coord.x
#define GRAD(v) (v).x
#define SHADOW_P(l) vec3((l).coord.x, 0.0, (l).dref)
#elif defined(DIM_1D_ARRAY)
#define COORD(l) (l).coord.xy
#define GRAD(v) (v).x
#define SHADOW_P(l) vec3((l).coord.xy, (l).dref)
#elif defined(DIM_2D)
#define COORD(l) (l).coord.xy
#define GRAD(v) (v).xy
#define SHADOW_P(l) vec3((l).coord.xy, (l).dref)
#elif defined(DIM_2D_ARRAY)
#define COORD(l) (l).coord.xyz
#define GRAD(v) (v).xy
#define SHADOW_P(l) vec4((l).coord.xyz, (l).dref)
#elif defined(DIM_3D)
#define COORD(l) (l).coord.xyz
#define GRAD(v) (v).xyz
#elif defined(DIM_CUBE)
#define COORD(l) (l).coord.xyz
#define GRAD(v) (v).xyz
#define SHADOW_P(l) vec4((l).coord.xyz, (l).dref)
#elif defined(DIM_CUBE_ARRAY)
#define COORD(l) (l).coord
#define GRAD(v) (v).xyz
#else
#error "no DIM_* defined"
#endif

void main() {
   // Invocations past the end repeat the last lookup and store nothing, rather than returning
   // early: lavapipe samples a whole SIMD vector at once, and idle lanes holding undefined
   // coordinates and LODs changed the NEAREST result of the live lanes (measured on Mesa 22.3.6:
   // with min != mag filter, live NEAREST lanes read floor(u - 0.5), the LINEAR footprint's
   // first texel, in the last partial vector of a dispatch).
   // Isolated, a workgroup is one lookup: a subgroup never spans workgroups, so no SIMD vector
   // mixes lookups, and every lane of it holds the same coordinates and LOD.
   const uint n = range.isolated != 0u ? gl_WorkGroupID.x : gl_GlobalInvocationID.x;
   const bool live = n < range.count && (range.isolated == 0u || gl_LocalInvocationIndex == 0u);
   const uint i = min(n, range.count - 1u);
   const lookup_t l = lookups[range.first + i];
#ifdef SHADOW
#if defined(DREF_AS_MIN_LOD) && defined(LOD_AS_GRAD)
   const float d = textureGradClampARB(tex, COORD(l), vec3(l.lod), vec3(l.lod), l.dref).x;
#elif defined(DREF_AS_MIN_LOD)
   const float d = textureGradClampARB(tex, COORD(l), GRAD(l.dpdx), GRAD(l.dpdy), l.dref).x;
#elif defined(LOD_AS_GRAD) && defined(DIM_CUBE)
   const float d = textureGrad(tex, SHADOW_P(l), vec3(l.lod), vec3(l.lod));
#elif defined(LOD_AS_GRAD)
   const float d = textureGrad(tex, SHADOW_P(l), vec2(l.lod), vec2(l.lod));
#elif defined(USE_GRAD)
   const float d = textureGrad(tex, SHADOW_P(l), GRAD(l.dpdx), GRAD(l.dpdy));
#else
   const float d = textureLod(tex, SHADOW_P(l), l.lod);
#endif
   // The Dref result as all four components: the lowering pass (spirv_lower_tex) replaces this
   // vector by the shadow swizzle of the key — GL_DEPTH_TEXTURE_MODE and GL_TEXTURE_SWIZZLE_*
   // composed, (d, 0, 0, 1) for RED — which device sampling always passes for shadow requests.
   // (Built before the branch: the pass finds the vector in the block of the lookup.)
   const vec4 v = vec4(d);
   if (live)
      results[l.out_index] = v;
#else
#ifdef USE_GRAD
   const RESULT_T r = textureGrad(tex, COORD(l), GRAD(l.dpdx), GRAD(l.dpdy));
#else
   const RESULT_T r = textureLod(tex, COORD(l), l.lod);
#endif
   if (live)
      results[l.out_index] = r;
#endif
}
