/* clampler_mesa: the narrow C interface Mesa's patched state tracker and zink call into clampler through. */
#ifndef CLAMPLER_MESA_H
#define CLAMPLER_MESA_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Plain C only: Mesa's GL headers collide with clampler's C++ GL constants, so nothing of either
 * side's headers crosses this line. Every function is safe to call from C frames (no exception
 * escapes; failures are return values) and from any thread. */

/* clampler's version, "MAJOR.MINOR.PATCH" (the meson project version). */
const char *clampler_mesa_version(void);

/* Whether CLAMPLER_DISABLE asks for stock zink behaviour from the same build: true when the
 * variable is set to anything but "" or "0". Read at every call (Mesa asks once per screen). */
int clampler_mesa_disabled(void);

/* The GL_RENDERER string of the clampler driver for a Vulkan device named `device_name`:
 * "zink+clampler VERSION (DEVICE)", or "zink+clampler VERSION disabled (DEVICE)" under
 * CLAMPLER_DISABLE, so a benchmark always names the driver it ran. Writes at most `size` bytes
 * (always NUL-terminated when size > 0) and returns `buf`. */
const char *clampler_mesa_renderer(const char *device_name, char *buf, size_t size);

/* The swizzle GL applies to an old-style shadow lookup's vec4 result (shadow2D, ARB_fp TEX with
 * SHADOW): GL_DEPTH_TEXTURE_MODE `depth_mode` (GL_LUMINANCE, GL_INTENSITY, GL_ALPHA or GL_RED, as
 * its GL enum value) expands the comparison result, then the texture swizzle `user` applies
 * (docs/rules.md §9). Swizzles use Gallium's numbering: 0..3 = X..W, 4 = zero, 5 = one, with X
 * the comparison result. Writes `out` and returns 1; returns 0 (out untouched) for a depth mode
 * or swizzle value GL does not have. */
int clampler_mesa_shadow_swizzle(unsigned depth_mode, const unsigned char user[4], unsigned char out[4]);

#ifdef __cplusplus
}
#endif

#endif /* CLAMPLER_MESA_H */
