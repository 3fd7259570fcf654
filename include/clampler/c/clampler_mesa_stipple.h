/* clampler_mesa_stipple: polygon stipple for Mesa's zink (rule Z7): the fragment-shader pass, its pattern as specialization constants. */
#ifndef CLAMPLER_MESA_STIPPLE_H
#define CLAMPLER_MESA_STIPPLE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The pattern's 32 rows are specialization constants with SpecIds CLAMPLER_MESA_STIPPLE_SPEC_ID
 * to CLAMPLER_MESA_STIPPLE_SPEC_ID + 31, so one lowered shader draws every pattern: the pipeline
 * gives the rows (VkSpecializationInfo, 32 uint32_t). */
#define CLAMPLER_MESA_STIPPLE_SPEC_ID 1024u

/* Writes the 32 specialization constant values for `pattern`, in struct pipe_poly_stipple's
 * layout (row i applies to framebuffer rows y with y mod 32 = i, y counted from the top as
 * Gallium's framebuffer does; bit 31 is column x mod 32 = 0), into `rows` (row y's value goes to
 * SpecId CLAMPLER_MESA_STIPPLE_SPEC_ID + y). Returns 1 when the pattern clears a pixel, 0 when it
 * keeps every pixel (nothing to emulate); `rows` is written either way. */
int clampler_mesa_stipple_rows(const unsigned pattern[32], uint32_t rows[32]);

/* Rewrites the fragment shader `words` (`num_words` SPIR-V words) so that, before anything else it
 * does, it discards the fragments whose pixel the pattern in the specialization constants clears
 * (spirv_lower_raster_fs, docs/rasterizer.md "Emulations"): with `demote` non-zero by
 * OpDemoteToHelperInvocation (the rest of the 2x2 quad keeps its derivatives; the device must
 * enable shaderDemoteToHelperInvocation), else by OpKill. Returns 1 with `*out` (allocated with
 * malloc; the caller frees it) and `*out_words` set. Returns 0 and leaves `*out` untouched for a
 * module the pass refuses (malformed, no Fragment entry point, early fragment tests, a SpecId of
 * the stipple already taken), with the reason as a sentence in `error` (`error_size` bytes, always
 * NUL-terminated, cut to fit) when `error` is not NULL. Safe from any thread. */
int clampler_mesa_lower_polygon_stipple(const uint32_t *words, size_t num_words, int demote, uint32_t **out,
                                        size_t *out_words, char *error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif /* CLAMPLER_MESA_STIPPLE_H */
