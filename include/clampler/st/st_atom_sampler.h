// st_sampler_atom: per-draw sampler validation (Mesa's st_atom_sampler.c), skipped when nothing changed.
#pragma once

#include <array>
#include <cstdint>

#include "clampler/cso/cso_sampler.h"
#include "clampler/gl/mtypes.h"
#include "clampler/st/st_context.h"

namespace clampler {

// One per shader stage. update() converts the samplers `prog` uses and hands them
// to the CSO cache, unless the GL sampler state serial and the program (its stage,
// used samplers, sampler -> unit mapping and targets) are unchanged since the last
// successful update, in which case it does nothing. Otherwise only the sampler indices
// whose texture or sampler object (or unit bias, seamless enable) changed are converted.
class st_sampler_atom {
public:
   cso_result update(const st_context &st, cso_context &cso, const gl_program &prog);
   void invalidate() { valid_ = false; }

private:
   // What each sampler index's state was made from; equal stamps give equal states, so
   // only the units that changed are converted again.
   struct unit_stamp {
      const gl_texture_object *tex = nullptr;
      uint64_t tex_serial = 0;
      const gl_sampler_object *samp = nullptr;
      uint64_t samp_serial = 0;
      float unit_lod_bias = 0.0f;
      bool seamless = false;
      GLenum target = 0;
      bool operator==(const unit_stamp &) const = default;
   };
   bool valid_ = false;
   uint64_t serial_ = 0;
   gl_program last_;  // the program as last converted (glUniform1i changes SamplerUnits)
   std::array<unit_stamp, MAX_SAMPLERS> stamps_{};
   uint32_t bound_ = 0;  // sampler indices whose state is in the CSO slot
};

}  // namespace clampler
