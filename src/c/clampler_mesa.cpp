// clampler_mesa: the C interface Mesa's patches call (include/clampler/c/clampler_mesa.h).
#include "clampler/c/clampler_mesa.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "clampler/st/st_swizzle.h"

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

}  // extern "C"
