// Device sampling's request analysis: the shader kind a request needs and the lowering it asks of spirv_lower_tex.
#pragma once

#include "clampler/sample/sample_device.h"
#include "clampler/sample/sample_shaders.h"
#include "clampler/spirv/spirv_lower_tex.h"

namespace clampler::sample_internal {

using detail::sample_shader_kind;

// Lowering: what the pass must do to sampler index 0 of the sampling shader.

// Whether the request reads the stencil aspect: stencil-only formats always, depth-stencil
// formats when the request says so.
bool samples_stencil(const sample_request &r);

// The sampler type of the request's shaders: shadow, unsigned integer (stencil included), signed
// integer or float.
sample_shader_kind kind_of(const sample_request &r);

// Whether the request's shader goes through spirv_lower_tex. Shadow lookups always do: the
// shader returns vec4(d), and the key's shadow swizzle — GL's (X, 0, 0, 1) when the
// state tracker asked for none — turns that into GL's result.
bool needs_lowering(const sample_request &r);

// The pass's options for the request's sampler (index 0).
spirv_lower_tex_options lower_options(const sample_request &r);

}  // namespace clampler::sample_internal
