// clampler_mesa: the C interface Mesa's patches call (include/clampler/c/clampler_mesa.h).
#include "clampler/c/clampler_mesa.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

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

}  // extern "C"
