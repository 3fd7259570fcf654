// clampler_mesa: the C interface Mesa's patches call (include/clampler/c/clampler_mesa.h).
#include "clampler/c/clampler_mesa.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "clampler/st/st_border_color.h"
#include "clampler/st/st_swizzle.h"
#include "clampler/zink/zink_depth_bias.h"
#include "clampler/zink/zink_point_size.h"
#include "clampler/zink/zink_sampler_lod.h"
#include "clampler/st/st_gl_clamp.h"

#ifndef CLAMPLER_VERSION
#error "CLAMPLER_VERSION must be defined by the build (the meson project version)"
#endif

extern "C" {

const char *clampler_mesa_version(void) { return CLAMPLER_VERSION; }

int clampler_mesa_disabled(void) {
   const char *v = std::getenv("CLAMPLER_DISABLE");
   return v && *v && std::strcmp(v, "0") != 0 ? 1 : 0;
}

const char *clampler_mesa_renderer(const char *device_name, char *buf, size_t size) {
   if (!buf || size == 0)
      return buf;
   std::snprintf(buf, size, "zink+clampler %s%s (%s)", CLAMPLER_VERSION, clampler_mesa_disabled() ? " disabled" : "",
                 device_name ? device_name : "unknown device");
   return buf;
}

int clampler_mesa_shadow_swizzle(unsigned depth_mode, const unsigned char user[4], unsigned char out[4]) {
   using namespace clampler;
   if (depth_mode != GL_LUMINANCE && depth_mode != GL_INTENSITY && depth_mode != GL_ALPHA && depth_mode != GL_RED)
      return 0;
   st_swizzle outer;
   for (int i = 0; i < 4; ++i) {
      if (user[i] > PIPE_SWIZZLE_1)
         return 0;
      outer[i] = static_cast<pipe_swizzle>(user[i]);
   }
   const st_swizzle composed = st_compose_swizzle(outer, st_depth_mode_swizzle(depth_mode));
   for (int i = 0; i < 4; ++i)
      out[i] = static_cast<unsigned char>(composed[i]);
   return 1;
}

int clampler_mesa_gl_clamp(unsigned min_img_filter, unsigned mag_img_filter, float lod_bias, float min_lod,
                           float max_lod, struct clampler_mesa_clamp_choice *out) {
   using namespace clampler;
   if (!out || min_img_filter > PIPE_TEX_FILTER_LINEAR || mag_img_filter > PIPE_TEX_FILTER_LINEAR)
      return 0;
   const st_gl_clamp_lod r = st_gl_clamp_by_lod(static_cast<pipe_tex_filter>(min_img_filter),
                                                static_cast<pipe_tex_filter>(mag_img_filter), lod_bias, min_lod,
                                                max_lod);
   out->border = r.border ? 1 : 0;
   out->nearest_edge = r.nearest_edge == ST_NEAREST_EDGE_MAGNIFIED ? 1 : r.nearest_edge == ST_NEAREST_EDGE_MINIFIED ? 2 : 0;
   out->lod = r.lod;
   return 1;
}

int clampler_mesa_sampler_lod_range(unsigned min_img_filter, unsigned mag_img_filter, unsigned min_mip_filter,
                                    float min_lod, float max_lod, float range[2]) {
   using namespace clampler;
   if (!range || min_img_filter > PIPE_TEX_FILTER_LINEAR || mag_img_filter > PIPE_TEX_FILTER_LINEAR ||
       min_mip_filter > PIPE_TEX_MIPFILTER_NONE)
      return 0;
   pipe_sampler_state s;
   s.min_img_filter = static_cast<pipe_tex_filter>(min_img_filter);
   s.mag_img_filter = static_cast<pipe_tex_filter>(mag_img_filter);
   s.min_mip_filter = static_cast<pipe_tex_mipfilter>(min_mip_filter);
   s.min_lod = min_lod;
   s.max_lod = max_lod;
   const zink_lod_range r = zink_sampler_lod_range(s);
   range[0] = r.min_lod;
   range[1] = r.max_lod;
   return 1;
}

int clampler_mesa_polygon_offset(unsigned fill_mode, int offset_point, int offset_line, int offset_tri, float units,
                             float scale, float clamp, struct clampler_mesa_depth_bias *out) {
   using namespace clampler;
   if (!out || fill_mode > PIPE_POLYGON_MODE_POINT)
      return 0;
   pipe_rasterizer_state s{};
   s.offset_point = offset_point != 0;
   s.offset_line = offset_line != 0;
   s.offset_tri = offset_tri != 0;
   s.offset_units = units;
   s.offset_scale = scale;
   s.offset_clamp = clamp;
   // Mesa's zink enables depthBiasClamp where the device has it and passes the clamp either way.
   const zink_depth_bias b = zink_depth_bias_for(s, static_cast<pipe_polygon_mode>(fill_mode), true);
   out->enable = b.enable ? 1 : 0;
   out->constant = b.constant;
   out->slope = b.slope;
   out->clamp = b.clamp;
   return 1;
}

float clampler_mesa_min_point_size(float device_min, float granularity) {
   return clampler::zink_gl_min_point_size(device_min, granularity);
}

int clampler_mesa_border_color(unsigned base_format, unsigned data_type, const unsigned gl[4], unsigned out[4],
                               int *is_integer) {
   using namespace clampler;
   switch (base_format) {
   case GL_RED: case GL_RG: case GL_RGB: case GL_RGBA: case GL_ALPHA: case GL_LUMINANCE: case GL_LUMINANCE_ALPHA:
   case GL_INTENSITY: case GL_DEPTH_COMPONENT: case GL_DEPTH_STENCIL: case GL_STENCIL_INDEX: break;
   default: return 0;
   }
   if (data_type != GL_UNSIGNED_NORMALIZED && data_type != GL_SIGNED_NORMALIZED && data_type != GL_FLOAT &&
       data_type != GL_INT && data_type != GL_UNSIGNED_INT)
      return 0;
   if (!gl || !out || !is_integer)
      return 0;
   // Stencil sampling reads the stencil index, an integer, whatever type the depth part has.
   const bool integer = base_format == GL_STENCIL_INDEX || data_type == GL_INT || data_type == GL_UNSIGNED_INT;
   const bool normalized = !integer && (data_type == GL_UNSIGNED_NORMALIZED || data_type == GL_SIGNED_NORMALIZED);
   gl_color_union border;
   for (int i = 0; i < 4; ++i)
      border.ui[i] = gl[i];
   const pipe_color_union c = st_translate_border_color(border, base_format, integer, normalized,
                                                        data_type == GL_SIGNED_NORMALIZED);
   for (int i = 0; i < 4; ++i)
      out[i] = c.ui[i];
   *is_integer = integer ? 1 : 0;
   return 1;
}

}  // extern "C"
