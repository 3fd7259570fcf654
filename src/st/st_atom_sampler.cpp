// st_sampler_atom::update: convert the used samplers and bind them through the CSO cache.
#include "clampler/st/st_atom_sampler.h"

#include "clampler/st/st_sampler.h"

#include <cstring>

namespace clampler {

cso_result st_sampler_atom::update(const st_context &st, cso_context &cso, const gl_program &prog) {
   const gl_context &ctx = *st.ctx;
   const uint64_t serial = ctx.sampler_state_serial();
   // gl_program is plain data: one memcmp checks stage, used samplers, units and targets.
   if (valid_ && serial == serial_ && std::memcmp(&last_, &prog, sizeof(gl_program)) == 0)
      return CSO_OK;

   cso_result result = CSO_OK;
   // A stage change invalidates every slot; otherwise slots whose stamp is unchanged keep
   // the state already in the CSO slot.
   if (!valid_ || last_.Stage != prog.Stage)
      bound_ = 0;
   bool any_change = false;
   for (unsigned idx = 0; idx < MAX_SAMPLERS; ++idx) {
      const uint32_t bit = 1u << idx;
      if (!(prog.SamplersUsed & bit)) {
         if (bound_ & bit) {
            cso.single_sampler(prog.Stage, idx, nullptr);
            bound_ &= ~bit;
            any_change = true;
         }
         continue;
      }
      const unsigned unit = prog.SamplerUnits[idx];
      const GLenum target = prog.SamplerTargets[idx];
      const gl_texture_object *tex =
         unit < ctx.limits().MaxCombinedTextureImageUnits ? ctx.current_texture(unit, target) : nullptr;
      if (!tex) {
         if (bound_ & bit) {
            cso.single_sampler(prog.Stage, idx, nullptr);
            bound_ &= ~bit;
            any_change = true;
         }
         continue;
      }
      const gl_sampler_object *samp = ctx.sampler_for_unit(unit, tex);
      const unit_stamp stamp{tex, tex->Serial, samp, samp->Serial, ctx.unit(unit).LodBias, ctx.cube_map_seamless(),
                             target};
      if ((bound_ & bit) && stamps_[idx] == stamp)
         continue;  // same objects, unchanged since: the same state is already in the slot
      pipe_sampler_state state;
      st_convert_sampler(st, *tex, *samp, stamp.unit_lod_bias, stamp.seamless, &state);
      any_change = true;
      if (cso.single_sampler(prog.Stage, idx, &state) != CSO_OK) {
         result = CSO_OUT_OF_MEMORY;
         bound_ &= ~bit;
         continue;
      }
      stamps_[idx] = stamp;
      bound_ |= bit;
   }
   if (any_change)
      cso.single_sampler_done(prog.Stage);
   valid_ = result == CSO_OK;  // retry everything after a failure
   serial_ = serial;
   last_ = prog;
   return result;
}

}  // namespace clampler
