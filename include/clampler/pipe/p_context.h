// pipe_context: the driver entry points the CSO caches call for sampler and rasterizer states.
#pragma once

#include "clampler/pipe/p_defines.h"
#include "clampler/pipe/p_state.h"

namespace clampler {

class pipe_context {
public:
   virtual ~pipe_context() = default;
   // Returns a driver handle for `templ`, or nullptr if the driver could not create one
   // (out of memory, too many objects). Never called twice with equal normalised states
   // while the first handle is alive.
   virtual void *create_sampler_state(const pipe_sampler_state &templ) = 0;
   virtual void delete_sampler_state(void *handle) = 0;
   // Binds handles[0..count) to slots [start, start+count) of `stage`; nullptr unbinds.
   virtual void bind_sampler_states(pipe_shader_type stage, unsigned start, unsigned count,
                                    void *const *handles) = 0;

   // The rasterizer CSO (one binding per context): a driver handle for `templ` or nullptr if the
   // driver could not create one; never called twice with equal normalised states while the
   // first handle is alive. bind(nullptr) unbinds; a bound handle is never deleted.
   virtual void *create_rasterizer_state(const pipe_rasterizer_state &templ) = 0;
   virtual void bind_rasterizer_state(void *handle) = 0;
   virtual void delete_rasterizer_state(void *handle) = 0;
};

}  // namespace clampler
