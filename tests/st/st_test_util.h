// Shared fixture for state-tracker tests: a configurable screen, a GL context and object builders.
#pragma once

#include <gtest/gtest.h>

#include <memory>

#include "clampler/gl/context.h"
#include "clampler/pipe/p_screen.h"
#include "clampler/st/st_sampler.h"

namespace clampler::test {

inline gl_texture_object make_tex(GLenum target, pipe_format fmt, uint32_t w = 4, uint32_t h = 4,
                                  uint32_t d = 1, uint32_t levels = 1) {
   gl_texture_object t;
   t.Name = 1;
   t.Target = target;
   t.Format = fmt;
   t.Width = w;
   t.Height = h;
   t.Depth = d;
   t.Levels = levels;
   return t;
}

struct converted {
   pipe_sampler_state state;
   st_sampler_lowering lowering;
};

class StTest : public testing::Test {
protected:
   config_screen screen;
   gl_profile profile = gl_profile::compatibility;

   converted convert(const gl_texture_object &tex, const gl_sampler_attrib &attrib,
                     float unit_bias = 0.0f, bool seamless = false) {
      gl_context ctx(profile);
      st_context st(screen, ctx);
      gl_sampler_object samp;
      samp.Attrib = attrib;
      converted c;
      st_convert_sampler(st, tex, samp, unit_bias, seamless, &c.state, &c.lowering);
      return c;
   }
   converted convert(const gl_texture_object &tex) { return convert(tex, gl_sampler_attrib()); }
};

}  // namespace clampler::test
