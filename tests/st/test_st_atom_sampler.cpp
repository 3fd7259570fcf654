// st_sampler_atom: per-draw sampler updates skip all work when no sampler state changed.
#include <gtest/gtest.h>

#include "clampler/gl/context.h"
#include "clampler/gl/gl_formats.h"
#include "clampler/pipe/counting_context.h"
#include "clampler/pipe/p_screen.h"
#include "clampler/st/st_atom_sampler.h"

using namespace clampler;

namespace {

class StAtomSampler : public testing::Test {
protected:
   StAtomSampler() {
      for (unsigned u = 0; u < 4; ++u) {
         GLuint t;
         ctx.GenTextures(1, &t);
         ctx.ActiveTexture(GL_TEXTURE0 + u);
         ctx.BindTexture(GL_TEXTURE_2D, t);
         ctx.TexStorage(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8, 1);
         prog.SamplersUsed |= 1u << u;
         prog.SamplerUnits[u] = static_cast<uint8_t>(u);
         prog.SamplerTargets[u] = GL_TEXTURE_2D;
      }
      EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   }
   config_screen screen;
   gl_context ctx{gl_profile::compatibility};
   counting_context pipe;
   cso_context cso{pipe, true};
   gl_program prog;
   st_sampler_atom atom;
};

}  // namespace

TEST_F(StAtomSampler, FirstUpdateBindsEveryUsedSampler) {
   st_context st(screen, ctx);
   ASSERT_EQ(atom.update(st, cso, prog), CSO_OK);
   EXPECT_EQ(pipe.creates, 1u);  // four units, one identical state
   EXPECT_EQ(pipe.binds, 1u);
   for (unsigned u = 0; u < 4; ++u)
      EXPECT_NE(pipe.bound[PIPE_SHADER_FRAGMENT][u], nullptr);
}

TEST_F(StAtomSampler, UnchangedStateDoesNoWork) {
   st_context st(screen, ctx);
   atom.update(st, cso, prog);
   const auto hits = cso.stats().hits;
   atom.update(st, cso, prog);
   EXPECT_EQ(cso.stats().hits, hits);  // not even a cache lookup
   EXPECT_EQ(pipe.binds, 1u);
}

TEST_F(StAtomSampler, ChangingOneUnitRebindsIt) {
   st_context st(screen, ctx);
   atom.update(st, cso, prog);
   ctx.ActiveTexture(GL_TEXTURE0 + 2);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   atom.update(st, cso, prog);
   EXPECT_EQ(pipe.creates, 2u);
   EXPECT_EQ(pipe.binds, 2u);
   EXPECT_NE(pipe.bound[PIPE_SHADER_FRAGMENT][2], pipe.bound[PIPE_SHADER_FRAGMENT][1]);
}

TEST_F(StAtomSampler, AChangeThatGivesTheSameStateBindsNothingNew) {
   st_context st(screen, ctx);
   atom.update(st, cso, prog);
   ctx.ActiveTexture(GL_TEXTURE0 + 1);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_GREATER);  // compare is off
   atom.update(st, cso, prog);
   EXPECT_EQ(pipe.creates, 1u);
   EXPECT_EQ(pipe.binds, 1u);
}

TEST_F(StAtomSampler, DroppedSamplerIsUnbound) {
   st_context st(screen, ctx);
   atom.update(st, cso, prog);
   prog.SamplersUsed &= ~(1u << 3);
   atom.update(st, cso, prog);
   EXPECT_EQ(pipe.bound[PIPE_SHADER_FRAGMENT][3], nullptr);
}

TEST_F(StAtomSampler, DriverFailureIsReportedAndRetried) {
   st_context st(screen, ctx);
   pipe.fail_creates = 1;
   EXPECT_EQ(atom.update(st, cso, prog), CSO_OUT_OF_MEMORY);
   EXPECT_EQ(atom.update(st, cso, prog), CSO_OK);
   EXPECT_NE(pipe.bound[PIPE_SHADER_FRAGMENT][0], nullptr);
}

TEST_F(StAtomSampler, ChangingTheUnitASamplerReadsRebindsIt) {
   st_context st(screen, ctx);
   ctx.ActiveTexture(GL_TEXTURE0 + 1);
   ctx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   atom.update(st, cso, prog);
   void *unit0_state = pipe.bound[PIPE_SHADER_FRAGMENT][0];
   prog.SamplerUnits[0] = 1;  // glUniform1i(sampler0, 1): no GL sampler state changed
   atom.update(st, cso, prog);
   EXPECT_NE(pipe.bound[PIPE_SHADER_FRAGMENT][0], unit0_state);
   EXPECT_EQ(pipe.bound[PIPE_SHADER_FRAGMENT][0], pipe.bound[PIPE_SHADER_FRAGMENT][1]);
}

TEST_F(StAtomSampler, OnlyTheUnitThatChangedIsConvertedAgain) {
   st_context st(screen, ctx);
   atom.update(st, cso, prog);
   const auto before = cso.stats();
   ctx.ActiveTexture(GL_TEXTURE0 + 3);
   ctx.TexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, 1.0f);
   atom.update(st, cso, prog);
   const auto after = cso.stats();
   EXPECT_EQ((after.hits + after.misses) - (before.hits + before.misses), 1u);  // one CSO lookup
   EXPECT_EQ(pipe.live.at(pipe.bound[PIPE_SHADER_FRAGMENT][3]).lod_bias, 1.0f);
}

TEST_F(StAtomSampler, AnObjectReplacedAtTheSameUnitIsConverted) {
   st_context st(screen, ctx);
   atom.update(st, cso, prog);
   GLuint t;
   ctx.GenTextures(1, &t);
   ctx.ActiveTexture(GL_TEXTURE0 + 1);
   ctx.BindTexture(GL_TEXTURE_2D, t);
   ctx.TexStorage(GL_TEXTURE_2D, 1, GL_RGBA8UI, 8, 8, 1);  // integer: NEAREST filters
   atom.update(st, cso, prog);
   EXPECT_EQ(pipe.live.at(pipe.bound[PIPE_SHADER_FRAGMENT][1]).mag_img_filter, PIPE_TEX_FILTER_NEAREST);
   EXPECT_EQ(pipe.live.at(pipe.bound[PIPE_SHADER_FRAGMENT][0]).mag_img_filter, PIPE_TEX_FILTER_LINEAR);
}
