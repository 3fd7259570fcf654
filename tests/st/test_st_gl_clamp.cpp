// Rule 8: GL_CLAMP / GL_MIRROR_CLAMP_EXT / MIRROR_CLAMP_TO_BORDER emulation for every filter combination.
//
// Expected values follow docs/design.md §5: GL_CLAMP with NEAREST is CLAMP_TO_EDGE exactly;
// with LINEAR it is CLAMP_TO_BORDER on a coordinate saturated to [0, 1]; the mirror
// forms do the same on |s|. A lookup filtered NEAREST on a CLAMP_TO_BORDER sampler must
// stop at the last texel centre, so mixed min/mag filters carry a nearest-edge bit.
#include "st_test_util.h"

using namespace clampler;
using namespace clampler::test;

namespace {

constexpr uint8_t S = 1, T = 2, R = 4;

struct clamp_case {
   const char *name;
   GLenum wrap;
   GLenum min, mag;
   pipe_tex_wrap expect_wrap;
   bool saturate, abs;
   st_nearest_edge edge;
};

}  // namespace

class StGlClamp : public StTest, public testing::WithParamInterface<clamp_case> {};

TEST_P(StGlClamp, WrapAndLoweringGiveTheExactGlResult) {
   const clamp_case &p = GetParam();
   gl_sampler_attrib a;
   a.WrapS = a.WrapT = p.wrap;
   a.MinFilter = p.min;
   a.MagFilter = p.mag;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a);
   EXPECT_EQ(c.state.wrap_s, p.expect_wrap);
   EXPECT_EQ(c.state.wrap_t, p.expect_wrap);
   EXPECT_EQ(c.lowering.saturate, p.saturate ? (S | T) : 0);
   EXPECT_EQ(c.lowering.abs, p.abs ? (S | T) : 0);
   EXPECT_EQ(c.lowering.nearest_edge, p.edge);
}

INSTANTIATE_TEST_SUITE_P(Table, StGlClamp, testing::Values(
   clamp_case{"ClampNearestIsClampToEdge", GL_CLAMP, GL_NEAREST, GL_NEAREST,
              PIPE_TEX_WRAP_CLAMP_TO_EDGE, false, false, ST_NEAREST_EDGE_NONE},
   clamp_case{"ClampNearestMipmapIsClampToEdge", GL_CLAMP, GL_NEAREST_MIPMAP_LINEAR, GL_NEAREST,
              PIPE_TEX_WRAP_CLAMP_TO_EDGE, false, false, ST_NEAREST_EDGE_NONE},
   clamp_case{"ClampLinearIsSaturatedClampToBorder", GL_CLAMP, GL_LINEAR, GL_LINEAR,
              PIPE_TEX_WRAP_CLAMP_TO_BORDER, true, false, ST_NEAREST_EDGE_NONE},
   clamp_case{"ClampLinearMipmapIsSaturatedClampToBorder", GL_CLAMP, GL_LINEAR_MIPMAP_NEAREST, GL_LINEAR,
              PIPE_TEX_WRAP_CLAMP_TO_BORDER, true, false, ST_NEAREST_EDGE_NONE},
   clamp_case{"ClampNearestMinLinearMagStopsMinifiedLookupsAtTheEdge", GL_CLAMP, GL_NEAREST, GL_LINEAR,
              PIPE_TEX_WRAP_CLAMP_TO_BORDER, true, false, ST_NEAREST_EDGE_MINIFIED},
   clamp_case{"ClampLinearMinNearestMagStopsMagnifiedLookupsAtTheEdge", GL_CLAMP, GL_LINEAR_MIPMAP_LINEAR, GL_NEAREST,
              PIPE_TEX_WRAP_CLAMP_TO_BORDER, true, false, ST_NEAREST_EDGE_MAGNIFIED},
   clamp_case{"MirrorClampNearestIsClampToEdgeOnAbs", GL_MIRROR_CLAMP_EXT, GL_NEAREST, GL_NEAREST,
              PIPE_TEX_WRAP_CLAMP_TO_EDGE, false, true, ST_NEAREST_EDGE_NONE},
   clamp_case{"MirrorClampLinearIsSaturatedClampToBorderOnAbs", GL_MIRROR_CLAMP_EXT, GL_LINEAR, GL_LINEAR,
              PIPE_TEX_WRAP_CLAMP_TO_BORDER, true, true, ST_NEAREST_EDGE_NONE},
   clamp_case{"MirrorClampMixedFiltersAddTheNearestEdge", GL_MIRROR_CLAMP_EXT, GL_NEAREST, GL_LINEAR,
              PIPE_TEX_WRAP_CLAMP_TO_BORDER, true, true, ST_NEAREST_EDGE_MINIFIED},
   clamp_case{"MirrorClampToBorderIsClampToBorderOnAbs", GL_MIRROR_CLAMP_TO_BORDER_EXT, GL_LINEAR, GL_NEAREST,
              PIPE_TEX_WRAP_CLAMP_TO_BORDER, false, true, ST_NEAREST_EDGE_NONE},
   clamp_case{"MirrorClampToEdgeIsNativeWithTheCap", GL_MIRROR_CLAMP_TO_EDGE, GL_LINEAR, GL_LINEAR,
              PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE, false, false, ST_NEAREST_EDGE_NONE},
   clamp_case{"ClampToEdgeIsUntouched", GL_CLAMP_TO_EDGE, GL_NEAREST, GL_LINEAR,
              PIPE_TEX_WRAP_CLAMP_TO_EDGE, false, false, ST_NEAREST_EDGE_NONE},
   clamp_case{"ClampToBorderIsUntouched", GL_CLAMP_TO_BORDER, GL_NEAREST, GL_LINEAR,
              PIPE_TEX_WRAP_CLAMP_TO_BORDER, false, false, ST_NEAREST_EDGE_NONE},
   clamp_case{"RepeatIsUntouched", GL_REPEAT, GL_LINEAR, GL_LINEAR,
              PIPE_TEX_WRAP_REPEAT, false, false, ST_NEAREST_EDGE_NONE}),
   [](const testing::TestParamInfo<clamp_case> &i) { return std::string(i.param.name); });

TEST_F(StTest, MirrorClampToEdgeWithoutTheCapIsClampToEdgeOnAbs) {
   screen.set_param(PIPE_CAP_TEXTURE_MIRROR_CLAMP_TO_EDGE, 0);
   gl_sampler_attrib a;
   a.WrapS = GL_MIRROR_CLAMP_TO_EDGE;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a);
   EXPECT_EQ(c.state.wrap_s, PIPE_TEX_WRAP_CLAMP_TO_EDGE);
   EXPECT_EQ(c.lowering.abs, S);
   EXPECT_EQ(c.lowering.saturate, 0);
}

TEST_F(StTest, IntegerTextureWithLinearRequestedClampsToEdgeWithoutLowering) {
   // Mesa picks CLAMP_TO_BORDER from the requested LINEAR, then forces NEAREST:
   // NEAREST + saturate + border reads the border at s >= 1. The wrap must follow
   // the final filters.
   gl_sampler_attrib a;
   a.WrapS = GL_CLAMP;
   a.MinFilter = a.MagFilter = GL_LINEAR;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UINT), a);
   EXPECT_EQ(c.state.wrap_s, PIPE_TEX_WRAP_CLAMP_TO_EDGE);
   EXPECT_EQ(c.lowering, st_sampler_lowering());
}

TEST_F(StTest, NonFilterableTextureWithLinearRequestedClampsToEdgeWithoutLowering) {
   screen.set_linear_filtering(PIPE_FORMAT_R32G32B32A32_FLOAT, false);
   gl_sampler_attrib a;
   a.WrapS = GL_CLAMP;
   a.MinFilter = a.MagFilter = GL_LINEAR;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R32G32B32A32_FLOAT), a);
   EXPECT_EQ(c.state.wrap_s, PIPE_TEX_WRAP_CLAMP_TO_EDGE);
   EXPECT_EQ(c.lowering.saturate, 0);
}

TEST_F(StTest, NonFilterableDepthKeptLinearUsesTheBorder) {
   screen.set_linear_filtering(PIPE_FORMAT_Z32_FLOAT, false);
   gl_sampler_attrib a;
   a.WrapS = GL_CLAMP;
   a.MinFilter = a.MagFilter = GL_LINEAR;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT), a);
   EXPECT_EQ(c.state.wrap_s, PIPE_TEX_WRAP_CLAMP_TO_BORDER);
   EXPECT_EQ(c.lowering.saturate, S);
}

TEST_F(StTest, ClampNearestReadsNoBorderSoTheBorderColorIsDropped) {
   gl_sampler_attrib a;
   a.WrapS = GL_CLAMP;
   a.MinFilter = a.MagFilter = GL_NEAREST;
   a.BorderColor.f[0] = 1.0f;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a);
   EXPECT_EQ(c.state.border_color.f[0], 0.0f);
}

TEST_F(StTest, ClampLinearKeepsTheBorderColor) {
   gl_sampler_attrib a;
   a.WrapS = GL_CLAMP;
   a.MinFilter = a.MagFilter = GL_LINEAR;
   a.BorderColor.f[0] = 1.0f;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a);
   EXPECT_EQ(c.state.border_color.f[0], 1.0f);
}

TEST_F(StTest, WithoutTheEmulationCapGlClampGoesToTheDriverUnchanged) {
   screen.set_param(PIPE_CAP_EMULATE_GL_CLAMP_PLZ, 0);
   gl_sampler_attrib a;
   a.WrapS = GL_CLAMP;
   a.WrapT = GL_MIRROR_CLAMP_TO_BORDER_EXT;
   a.MinFilter = a.MagFilter = GL_LINEAR;
   const converted c = convert(make_tex(GL_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM), a);
   EXPECT_EQ(c.state.wrap_s, PIPE_TEX_WRAP_CLAMP);
   EXPECT_EQ(c.state.wrap_t, PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER);
   EXPECT_EQ(c.lowering, st_sampler_lowering());
}

// Which coordinates each target lowers: array layers and cube directions never.
struct target_case {
   const char *name;
   GLenum target;
   uint32_t depth;
   uint8_t lowered;        // coordinates saturated for GL_CLAMP + LINEAR on s, t and r
   uint8_t border_wraps;   // coordinates whose wrap became CLAMP_TO_BORDER
};
class StGlClampTarget : public StTest, public testing::WithParamInterface<target_case> {};
TEST_P(StGlClampTarget, OnlyWrappedCoordinatesAreLowered) {
   gl_sampler_attrib a;
   a.WrapS = a.WrapT = a.WrapR = GL_CLAMP;
   a.MinFilter = a.MagFilter = GL_LINEAR;
   const converted c = convert(make_tex(GetParam().target, PIPE_FORMAT_R8G8B8A8_UNORM, 4, 4, GetParam().depth), a);
   EXPECT_EQ(c.lowering.saturate, GetParam().lowered);
   const pipe_tex_wrap w[3] = {c.state.wrap_s, c.state.wrap_t, c.state.wrap_r};
   for (unsigned i = 0; i < 3; ++i)
      EXPECT_EQ(w[i], (GetParam().border_wraps >> i) & 1 ? PIPE_TEX_WRAP_CLAMP_TO_BORDER : PIPE_TEX_WRAP_REPEAT)
         << "coordinate " << i;
}
INSTANTIATE_TEST_SUITE_P(Table, StGlClampTarget, testing::Values(
   target_case{"Texture1D", GL_TEXTURE_1D, 1, S, S},
   target_case{"Texture1DArrayLayerIsNotClamped", GL_TEXTURE_1D_ARRAY, 1, S, S},
   target_case{"Texture2D", GL_TEXTURE_2D, 1, S | T, S | T},
   target_case{"Texture2DArrayLayerIsNotClamped", GL_TEXTURE_2D_ARRAY, 3, S | T, S | T},
   target_case{"Texture3D", GL_TEXTURE_3D, 4, S | T | R, S | T | R},
   target_case{"RectangleIsClampedToItsSize", GL_TEXTURE_RECTANGLE, 1, S | T, S | T},
   target_case{"CubeMapIsNeverLowered", GL_TEXTURE_CUBE_MAP, 1, 0, S | T},
   target_case{"CubeMapArrayIsNeverLowered", GL_TEXTURE_CUBE_MAP_ARRAY, 6, 0, S | T}),
   [](const testing::TestParamInfo<target_case> &i) { return std::string(i.param.name); });

TEST_F(StTest, CubeFacesNeedNoAbsForMirrorClamp) {
   gl_sampler_attrib a;
   a.WrapS = GL_MIRROR_CLAMP_EXT;
   a.WrapT = GL_MIRROR_CLAMP_TO_BORDER_EXT;
   a.MinFilter = a.MagFilter = GL_LINEAR;
   const converted c = convert(make_tex(GL_TEXTURE_CUBE_MAP, PIPE_FORMAT_R8G8B8A8_UNORM), a);
   EXPECT_EQ(c.state.wrap_s, PIPE_TEX_WRAP_CLAMP_TO_BORDER);
   EXPECT_EQ(c.state.wrap_t, PIPE_TEX_WRAP_CLAMP_TO_BORDER);
   EXPECT_EQ(c.lowering, st_sampler_lowering());
}

TEST_F(StTest, SeamlessCubeMapIgnoresGlClamp) {
   gl_sampler_attrib a;
   a.WrapS = a.WrapT = GL_CLAMP;
   a.MinFilter = a.MagFilter = GL_LINEAR;
   const converted c = convert(make_tex(GL_TEXTURE_CUBE_MAP, PIPE_FORMAT_R8G8B8A8_UNORM), a, 0, true);
   EXPECT_EQ(c.state.wrap_s, PIPE_TEX_WRAP_CLAMP_TO_EDGE);
   EXPECT_EQ(c.lowering, st_sampler_lowering());
}

TEST_F(StTest, EachCoordinateIsDecidedOnItsOwn) {
   gl_sampler_attrib a;
   a.WrapS = GL_CLAMP;
   a.WrapT = GL_REPEAT;
   a.WrapR = GL_MIRROR_CLAMP_EXT;
   a.MinFilter = a.MagFilter = GL_LINEAR;
   const converted c = convert(make_tex(GL_TEXTURE_3D, PIPE_FORMAT_R8G8B8A8_UNORM, 4, 4, 4), a);
   EXPECT_EQ(c.state.wrap_s, PIPE_TEX_WRAP_CLAMP_TO_BORDER);
   EXPECT_EQ(c.state.wrap_t, PIPE_TEX_WRAP_REPEAT);
   EXPECT_EQ(c.state.wrap_r, PIPE_TEX_WRAP_CLAMP_TO_BORDER);
   EXPECT_EQ(c.lowering.saturate, S | R);
   EXPECT_EQ(c.lowering.abs, R);
}
