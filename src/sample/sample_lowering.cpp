// Device sampling's request analysis: the shader kind a request needs and the lowering it asks of spirv_lower_tex.
#include "sample_lowering.h"

#include <array>

namespace clampler::sample_internal {

bool samples_stencil(const sample_request &r) {
   const util_format_description *d = util_format_describe(r.format);
   return d && d->stencil_bits && (r.stencil || !d->depth_bits);
}

sample_shader_kind kind_of(const sample_request &r) {
   const util_format_description &desc = *util_format_describe(r.format);
   return r.shadow                               ? sample_shader_kind::shadow
          : samples_stencil(r)                   ? sample_shader_kind::uint_
          : !desc.is_integer                     ? sample_shader_kind::float_
          : desc.type == UTIL_FORMAT_TYPE_SIGNED ? sample_shader_kind::int_
                                                 : sample_shader_kind::uint_;
}

bool needs_lowering(const sample_request &r) {
   if (r.shadow)
      return true;
   return r.lowering.saturate || r.lowering.abs || r.lowering.nearest_edge != ST_NEAREST_EDGE_NONE ||
          r.lowering.has_shadow_swizzle || r.lowering.has_shader_filter || r.lowering.min_mag_switch ||
          r.lowering.round_layer;
}

spirv_lower_tex_options lower_options(const sample_request &r) {
   spirv_lower_tex_options o;
   st_sampler_lowering l = r.lowering;
   if (r.shadow && !l.has_shadow_swizzle) {
      l.has_shadow_swizzle = true;  // GL's (X, 0, 0, 1), from the default
      l.shadow_swizzle = st_sampler_lowering{}.shadow_swizzle;
   }
   o.key.set_unit(0, l);
   // Only nearest_edge and the min/mag switch read the LOD values: leaving them out otherwise lets
   // samplers that differ only there share one lowered module (and one cache entry).
   if (r.lowering.nearest_edge != ST_NEAREST_EDGE_NONE || r.lowering.min_mag_switch)
      o.lod[0] = r.sampler_lod;
   return o;
}

}  // namespace clampler::sample_internal
