// st_sampler_atom: per-draw sampler validation (Mesa's st_atom_sampler.c), skipped when nothing changed.
#pragma once

#include <cstdint>

#include "clampler/cso/cso_sampler.h"
#include "clampler/gl/mtypes.h"
#include "clampler/st/st_context.h"

namespace clampler {

// One per shader stage. update() converts the samplers `prog` uses and hands them
// to the CSO cache, unless the GL sampler state serial and the program (its stage,
// used samplers, sampler -> unit mapping and targets) are unchanged since the last
// successful update, in which case it does nothing.
class st_sampler_atom {
public:
   cso_result update(const st_context &st, cso_context &cso, const gl_program &prog);
   void invalidate() { valid_ = false; }

private:
   bool valid_ = false;
   uint64_t serial_ = 0;
   gl_program last_;  // the program as last converted (glUniform1i changes SamplerUnits)
};

}  // namespace clampler
