// cso_rasterizer_cache: normalisation (what cannot change a pixel), one driver object per state, binds on change only, eviction, failures.
#include <gtest/gtest.h>

#include <cstring>
#include <functional>
#include <string>

#include "../pipe/raster_test_state.h"
#include "clampler/cso/cso_rasterizer.h"
#include "clampler/pipe/counting_context.h"

using namespace clampler;

namespace {

pipe_rasterizer_state gl_default() { return test::gl_default_rasterizer(); }

bool same_bytes(const pipe_rasterizer_state &a, const pipe_rasterizer_state &b) {
   return std::memcmp(&a, &b, sizeof a) == 0;
}

struct fold_case {
   const char *rule;
   std::function<void(pipe_rasterizer_state &)> a, b;  // two spellings of one drawing
};

}  // namespace

// Each row: two states that draw alike normalise to the same bytes.
TEST(CsoRasterizerNormalize, StatesThatDrawAlikeNormaliseToOneKey) {
   const fold_case cases[] = {
      {"a flag is 0 or 1", [](auto &s) { s.flatshade = 1; }, [](auto &s) { s.flatshade = 7; }},
      {"the pad byte is zero", [](auto &) {}, [](auto &s) { s.pad = 0x5a; }},
      {"offset values without an offset enable", [](auto &) {},
       [](auto &s) { s.offset_units = 3.0f; s.offset_scale = 2.0f; s.offset_clamp = 1.0f; }},
      {"stipple pattern and factor without stippling", [](auto &) {},
       [](auto &s) { s.line_stipple_pattern = 0x0f0f; s.line_stipple_factor = 3; }},
      {"a culled front face's fill mode", [](auto &s) { s.cull_face = PIPE_FACE_FRONT; },
       [](auto &s) { s.cull_face = PIPE_FACE_FRONT; s.fill_front = PIPE_POLYGON_MODE_POINT; }},
      {"a culled back face's fill mode", [](auto &s) { s.cull_face = PIPE_FACE_BACK; s.fill_front = PIPE_POLYGON_MODE_LINE; s.fill_back = PIPE_POLYGON_MODE_LINE; },
       [](auto &s) { s.cull_face = PIPE_FACE_BACK; s.fill_front = PIPE_POLYGON_MODE_LINE; }},
      {"both faces culled: no fill mode matters", [](auto &s) { s.cull_face = PIPE_FACE_FRONT_AND_BACK; },
       [](auto &s) { s.cull_face = PIPE_FACE_FRONT_AND_BACK; s.fill_front = PIPE_POLYGON_MODE_LINE; s.fill_back = PIPE_POLYGON_MODE_POINT; }},
      {"-0.0 is +0.0 in the offset", [](auto &s) { s.offset_tri = 1; },
       [](auto &s) { s.offset_tri = 1; s.offset_units = -0.0f; s.offset_scale = -0.0f; s.offset_clamp = -0.0f; }},
   };
   for (const auto &c : cases) {
      pipe_rasterizer_state a = gl_default(), b = gl_default();
      c.a(a);
      c.b(b);
      EXPECT_TRUE(same_bytes(cso_normalize_rasterizer(a), cso_normalize_rasterizer(b))) << c.rule;
      EXPECT_EQ(cso_hash_rasterizer(cso_normalize_rasterizer(a)), cso_hash_rasterizer(cso_normalize_rasterizer(b)))
         << c.rule;
   }
}

// Each row: a change that does draw differently keeps the keys apart.
TEST(CsoRasterizerNormalize, StatesThatDrawDifferentlyKeepTheirOwnKeys) {
   const fold_case cases[] = {
      {"offset units under an enable", [](auto &s) { s.offset_tri = 1; }, [](auto &s) { s.offset_tri = 1; s.offset_units = 1.0f; }},
      {"offset for lines only", [](auto &s) { s.offset_line = 1; s.offset_units = 1.0f; },
       [](auto &s) { s.offset_tri = 1; s.offset_units = 1.0f; }},
      {"stipple pattern under stippling", [](auto &s) { s.line_stipple_enable = 1; s.line_stipple_pattern = 0xff00; },
       [](auto &s) { s.line_stipple_enable = 1; s.line_stipple_pattern = 0x00ff; }},
      {"the back fill mode of an unculled polygon", [](auto &) {}, [](auto &s) { s.fill_back = PIPE_POLYGON_MODE_LINE; }},
      {"the front face", [](auto &) {}, [](auto &s) { s.front_ccw = 0; }},
      {"the provoking vertex", [](auto &) {}, [](auto &s) { s.flatshade_first = 1; }},
      {"the line width", [](auto &) {}, [](auto &s) { s.line_width = 2.0f; }},
      {"the point size", [](auto &) {}, [](auto &s) { s.point_size = 2.0f; }},
      {"the sprite origin", [](auto &s) { s.point_quad_rasterization = 1; },
       [](auto &s) { s.point_quad_rasterization = 1; s.sprite_coord_mode = PIPE_SPRITE_COORD_LOWER_LEFT; }},
      {"a clip plane", [](auto &) {}, [](auto &s) { s.clip_plane_enable = 4; }},
      {"depth clip", [](auto &) {}, [](auto &s) { s.depth_clip_near = s.depth_clip_far = 0; }},
   };
   for (const auto &c : cases) {
      pipe_rasterizer_state a = gl_default(), b = gl_default();
      c.a(a);
      c.b(b);
      EXPECT_FALSE(same_bytes(cso_normalize_rasterizer(a), cso_normalize_rasterizer(b))) << c.rule;
      EXPECT_NE(cso_hash_rasterizer(cso_normalize_rasterizer(a)), cso_hash_rasterizer(cso_normalize_rasterizer(b)))
         << c.rule;
   }
}

TEST(CsoRasterizer, EqualStatesShareOneDriverObjectAndBindOnce) {
   counting_context pipe;
   cso_rasterizer_cache cso(pipe);
   pipe_rasterizer_state a = gl_default(), b = gl_default();
   b.pad = 9;  // normalises to a
   ASSERT_EQ(cso.set_rasterizer(a), CSO_OK);
   ASSERT_EQ(cso.set_rasterizer(b), CSO_OK);
   ASSERT_EQ(cso.set_rasterizer(a), CSO_OK);
   EXPECT_EQ(pipe.rast_creates, 1u);
   EXPECT_EQ(pipe.rast_binds, 1u);
   EXPECT_EQ(cso.stats().hits, 2u);
   EXPECT_EQ(cso.stats().misses, 1u);
   EXPECT_EQ(pipe.rast_bound, cso.bound_handle());
}

TEST(CsoRasterizer, TheDriverIsGivenTheNormalisedState) {
   counting_context pipe;
   cso_rasterizer_cache cso(pipe);
   pipe_rasterizer_state s = gl_default();
   s.offset_units = 5.0f;  // no enable
   s.light_twoside = 3;
   ASSERT_EQ(cso.set_rasterizer(s), CSO_OK);
   const pipe_rasterizer_state &given = pipe.rast_live.at(cso.bound_handle());
   EXPECT_EQ(given.offset_units, 0.0f);
   EXPECT_EQ(given.light_twoside, 1);
   EXPECT_TRUE(same_bytes(given, *cso.bound_state()));
}

TEST(CsoRasterizer, SwitchingBetweenTwoStatesBindsEachTimeButCreatesTwice) {
   counting_context pipe;
   cso_rasterizer_cache cso(pipe);
   pipe_rasterizer_state a = gl_default(), b = gl_default();
   b.cull_face = PIPE_FACE_BACK;
   for (int i = 0; i < 10; ++i)
      ASSERT_EQ(cso.set_rasterizer(i % 2 ? b : a), CSO_OK);
   EXPECT_EQ(pipe.rast_creates, 2u);
   EXPECT_EQ(pipe.rast_binds, 10u);
   EXPECT_EQ(pipe.rast_bad_binds, 0u);
}

TEST(CsoRasterizer, BeyondItsSizeTheLeastRecentlySetUnboundStateIsDeleted) {
   counting_context pipe;
   cso_rasterizer_cache cso(pipe, 4);
   for (int i = 0; i < 20; ++i) {
      pipe_rasterizer_state s = gl_default();
      s.clip_plane_enable = static_cast<uint8_t>(i);
      ASSERT_EQ(cso.set_rasterizer(s), CSO_OK);
      EXPECT_LE(cso.size(), 4u);
   }
   EXPECT_EQ(cso.stats().evictions, 16u);
   EXPECT_EQ(pipe.rast_live.size(), 4u);
   EXPECT_EQ(pipe.rast_deletes_while_bound, 0u);
   EXPECT_EQ(pipe.rast_bad_deletes, 0u);
   // The most recent four are still cached: setting them again creates nothing.
   const uint64_t creates = pipe.rast_creates;
   for (int i = 16; i < 20; ++i) {
      pipe_rasterizer_state s = gl_default();
      s.clip_plane_enable = static_cast<uint8_t>(i);
      ASSERT_EQ(cso.set_rasterizer(s), CSO_OK);
   }
   EXPECT_EQ(pipe.rast_creates, creates);
}

// The lookaside remembers raw templates: after an eviction a template seen before must not
// find the deleted state through it (a bind of a deleted handle, counted as a bad bind), but be
// created again; every template remains bound to a live object of its own state.
TEST(CsoRasterizer, AnEvictedStateIsCreatedAgainNotFoundThroughTheLookaside) {
   counting_context pipe;
   cso_rasterizer_cache cso(pipe, 2);
   pipe_rasterizer_state s[3] = {gl_default(), gl_default(), gl_default()};
   s[1].scissor = 1;
   s[2].rasterizer_discard = 1;
   for (int round = 0; round < 4; ++round)
      for (const pipe_rasterizer_state &t : s) {
         ASSERT_EQ(cso.set_rasterizer(t), CSO_OK);
         ASSERT_EQ(pipe.rast_live.count(cso.bound_handle()), 1u);
         EXPECT_TRUE(same_bytes(pipe.rast_live.at(cso.bound_handle()), cso_normalize_rasterizer(t)));
      }
   EXPECT_EQ(pipe.rast_bad_binds, 0u);
   EXPECT_EQ(pipe.rast_creates, 12u) << "three states through a cache of two: each set a miss";
   EXPECT_EQ(cso.stats().evictions, 10u);
}

// A raw template with bytes that normalise away hits the entry its normalised state made, and
// setting it again (the lookaside's own line) creates and binds nothing more.
TEST(CsoRasterizer, RawSpellingsOfOneStateShareItsObject) {
   counting_context pipe;
   cso_rasterizer_cache cso(pipe);
   pipe_rasterizer_state a = gl_default(), b = gl_default();
   b.flatshade = 5;
   a.flatshade = 1;
   b.pad = 3;
   for (int i = 0; i < 6; ++i)
      ASSERT_EQ(cso.set_rasterizer(i % 3 ? b : a), CSO_OK);
   EXPECT_EQ(pipe.rast_creates, 1u);
   EXPECT_EQ(pipe.rast_binds, 1u);
   EXPECT_EQ(cso.stats().hits, 5u);
}

TEST(CsoRasterizer, ACacheOfOneNeverDeletesTheBoundState) {
   counting_context pipe;
   cso_rasterizer_cache cso(pipe, 1);
   pipe_rasterizer_state a = gl_default(), b = gl_default();
   b.scissor = 1;
   ASSERT_EQ(cso.set_rasterizer(a), CSO_OK);
   ASSERT_EQ(cso.set_rasterizer(b), CSO_OK);
   EXPECT_EQ(pipe.rast_deletes_while_bound, 0u);
   EXPECT_EQ(pipe.rast_bound, cso.bound_handle());
   EXPECT_EQ(cso.bound_state()->scissor, 1);
   EXPECT_EQ(cso.size(), 1u);
   EXPECT_EQ(pipe.rast_live.size(), 1u);
}

TEST(CsoRasterizer, ACreateFailureKeepsThePreviousBindingAndCachesNothing) {
   counting_context pipe;
   cso_rasterizer_cache cso(pipe);
   pipe_rasterizer_state a = gl_default(), b = gl_default();
   b.rasterizer_discard = 1;
   ASSERT_EQ(cso.set_rasterizer(a), CSO_OK);
   void *before = cso.bound_handle();
   pipe.fail_rasterizer_creates = 1;
   EXPECT_EQ(cso.set_rasterizer(b), CSO_OUT_OF_MEMORY);
   EXPECT_EQ(cso.bound_handle(), before);
   EXPECT_EQ(pipe.rast_bound, before);
   EXPECT_EQ(cso.size(), 1u);
   EXPECT_EQ(cso.stats().create_failures, 1u);
   // The next try creates it.
   EXPECT_EQ(cso.set_rasterizer(b), CSO_OK);
   EXPECT_EQ(cso.bound_state()->rasterizer_discard, 1);
}

TEST(CsoRasterizer, DestructionUnbindsThenDeletesEveryStateItCreated) {
   counting_context pipe;
   {
      cso_rasterizer_cache cso(pipe);
      for (int i = 0; i < 5; ++i) {
         pipe_rasterizer_state s = gl_default();
         s.point_size = 1.0f + static_cast<float>(i);
         ASSERT_EQ(cso.set_rasterizer(s), CSO_OK);
      }
   }
   EXPECT_TRUE(pipe.rast_live.empty());
   EXPECT_EQ(pipe.rast_deletes, 5u);
   EXPECT_EQ(pipe.rast_bound, nullptr);
   EXPECT_EQ(pipe.rast_deletes_while_bound, 0u);
   EXPECT_EQ(pipe.rast_bad_deletes, 0u);
}
