// st_sampler_atom::update: convert the used samplers and bind them through the CSO cache.
#include "clampler/st/st_atom_sampler.h"

#include "clampler/st/st_sampler.h"

namespace clampler {

cso_result st_sampler_atom::update(const st_context &st, cso_context &cso, const gl_program &prog) {
   const gl_context &ctx = *st.ctx;
   const uint64_t serial = ctx.sampler_state_serial();
   if (valid_ && serial == serial_ && last_.SamplersUsed == prog.SamplersUsed && last_.Stage == prog.Stage &&
       last_.SamplerUnits == prog.SamplerUnits && last_.SamplerTargets == prog.SamplerTargets)
      return CSO_OK;

   cso_result result = CSO_OK;
   // Slots the previous program on this stage used and this one does not are unbound.
   const uint32_t previously_used = valid_ && last_.Stage == prog.Stage ? last_.SamplersUsed : ~0u;
   for (unsigned idx = 0; idx < MAX_SAMPLERS; ++idx) {
      const bool used = prog.SamplersUsed & (1u << idx);
      if (!used) {
         if (previously_used & (1u << idx))
            cso.single_sampler(prog.Stage, idx, nullptr);
         continue;
      }
      pipe_sampler_state state;
      const unsigned unit = prog.SamplerUnits[idx];
      if (unit >= ctx.limits().MaxCombinedTextureImageUnits ||
          !st_convert_sampler_from_unit(st, unit, prog.SamplerTargets[idx], &state)) {
         cso.single_sampler(prog.Stage, idx, nullptr);
         continue;
      }
      if (cso.single_sampler(prog.Stage, idx, &state) != CSO_OK)
         result = CSO_OUT_OF_MEMORY;
   }
   cso.single_sampler_done(prog.Stage);
   valid_ = result == CSO_OK;  // retry everything after a failure
   serial_ = serial;
   last_ = prog;
   return result;
}

}  // namespace clampler
