// Device sampling's embedded shaders: the SPIR-V of the compute and fragment paths (shaders/sample.*).
#pragma once

#include <cstddef>
#include <cstdint>

#include "clampler/gl/gl_enums.h"

namespace clampler::detail {

// The sampler type a shader reads the texture with (float, signed or unsigned integer, or
// depth compare).
enum class sample_shader_kind { float_, int_, uint_, shadow };
struct sample_spirv {
   const uint32_t *code = nullptr;  // null when no such shader exists
   size_t size_bytes = 0;
   const char *name = "";
};
// The compute path's shaders (shaders/sample.comp): `target` as in sample_request (RECTANGLE
// uses the 2D shader); `grad`: textureGrad, else textureLod.
sample_spirv sample_compute_shader(sample_shader_kind kind, GLenum target, bool grad);
// The fragment path's shaders: the full-screen vertex shader and one fragment shader per
// (sampler type x target) calling texture() (shaders/sample.vert, sample.frag).
sample_spirv sample_vertex_shader();
sample_spirv sample_fragment_shader(sample_shader_kind kind, GLenum target);
// The query shader (shaders/query.comp) for a float, int or uint sampler of `target` (RECTANGLE
// uses the 2D shader); none for shadow.
sample_spirv sample_query_shader(sample_shader_kind kind, GLenum target);
// The textureQueryLod fragment shader (shaders/query_lod.frag) for a float, int or uint sampler of
// `target`; none for shadow and rectangle (GLSL has no textureQueryLod there).
sample_spirv sample_query_lod_shader(sample_shader_kind kind, GLenum target);
// The query shader of a multisample or buffer texture (shaders/query_fetch.comp): binding 0 the
// texture, binding 1 the results.
sample_spirv sample_query_fetch_shader(sample_shader_kind kind, GLenum target);

}  // namespace clampler::detail
