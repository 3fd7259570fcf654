// Tests of the rasterizer state's GL entry points: initial values, accepted values, the GL error for each bad one, state untouched on error, profiles.
#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "clampler/gl/context.h"

namespace clampler {
namespace {

// Values by number (Khronos glext.h), independent of gl_enums.h.
constexpr GLenum kFlat = 0x1D00, kSmooth = 0x1D01, kShadeModel = 0x0B54;
constexpr GLenum kFirstVertex = 0x8E4D, kLastVertex = 0x8E4E, kProvokingVertex = 0x8E4F;
constexpr GLenum kCW = 0x0900, kCCW = 0x0901, kFrontFaceQ = 0x0B46;
constexpr GLenum kFront = 0x0404, kBack = 0x0405, kFrontAndBack = 0x0408, kCullFaceModeQ = 0x0B45;
constexpr GLenum kPoint = 0x1B00, kLine = 0x1B01, kFill = 0x1B02, kPolygonModeQ = 0x0B40;
constexpr GLenum kLowerLeft = 0x8CA1, kUpperLeft = 0x8CA2, kSpriteOrigin = 0x8CA0;
constexpr GLenum kFixedOnly = 0x891D;

struct initial_case {
   const char *name;
   GLenum pname;
   std::vector<GLint> want;  // glGetIntegerv
};

// GL 4.6 compatibility profile, state tables 23.10-23.15 and 23.76 (initial values).
const initial_case kInitial[] = {
   {"shading model SMOOTH", kShadeModel, {static_cast<GLint>(kSmooth)}},
   {"provoking vertex: the last", kProvokingVertex, {static_cast<GLint>(kLastVertex)}},
   {"front face CCW", kFrontFaceQ, {static_cast<GLint>(kCCW)}},
   {"cull face BACK", kCullFaceModeQ, {static_cast<GLint>(kBack)}},
   {"polygon mode FILL, FILL", kPolygonModeQ, {static_cast<GLint>(kFill), static_cast<GLint>(kFill)}},
   {"line width 1", 0x0B21, {1}},
   {"line stipple pattern all ones", 0x0B25, {0xffff}},
   {"line stipple repeat 1", 0x0B26, {1}},
   {"point size 1", 0x0B11, {1}},
   {"point fade threshold 1", 0x8128, {1}},
   {"sprite origin UPPER_LEFT", kSpriteOrigin, {static_cast<GLint>(kUpperLeft)}},
   {"clip origin LOWER_LEFT", 0x935C, {static_cast<GLint>(kLowerLeft)}},
   {"clip depth NEGATIVE_ONE_TO_ONE", 0x935D, {0x935E}},
   {"vertex colour clamping TRUE", 0x891A, {1}},
   {"fragment colour clamping FIXED_ONLY", 0x891B, {static_cast<GLint>(kFixedOnly)}},
   {"read colour clamping FIXED_ONLY", 0x891C, {static_cast<GLint>(kFixedOnly)}},
   {"two-sided lighting off", 0x0B52, {0}},
   {"max clip distances (the context's, 8)", 0x0D32, {8}},
};

TEST(RasterInitial, EveryStateStartsAtGlsInitialValue) {
   for (const initial_case &c : kInitial) {
      gl_context ctx;
      std::array<GLint, 4> got{};
      got.fill(-99);
      ctx.GetIntegerv(c.pname, got.data());
      ASSERT_EQ(ctx.GetError(), GL_NO_ERROR) << c.name << ": " << ctx.last_error_message();
      for (size_t i = 0; i < c.want.size(); ++i)
         EXPECT_EQ(got[i], c.want[i]) << c.name << " [" << i << "]";
   }
}

struct enable_case {
   GLenum cap;
   bool initial;
   bool compatibility_only;
};

// GL 4.6: every capability the rasterizer reads, off but GL_MULTISAMPLE.
const enable_case kEnables[] = {
   {0x0B44, false, false},  // GL_CULL_FACE
   {0x2A01, false, false},  // GL_POLYGON_OFFSET_POINT
   {0x2A02, false, false},  // GL_POLYGON_OFFSET_LINE
   {0x8037, false, false},  // GL_POLYGON_OFFSET_FILL
   {0x0B41, false, false},  // GL_POLYGON_SMOOTH
   {0x0B42, false, true},   // GL_POLYGON_STIPPLE
   {0x0B20, false, false},  // GL_LINE_SMOOTH
   {0x0B24, false, true},   // GL_LINE_STIPPLE
   {0x0B10, false, true},   // GL_POINT_SMOOTH
   {0x8642, false, false},  // GL_PROGRAM_POINT_SIZE
   {0x8861, false, true},   // GL_POINT_SPRITE
   {0x809D, true, false},   // GL_MULTISAMPLE
   {0x0C11, false, false},  // GL_SCISSOR_TEST
   {0x8C89, false, false},  // GL_RASTERIZER_DISCARD
   {0x864F, false, false},  // GL_DEPTH_CLAMP
   {0x8643, false, true},   // GL_VERTEX_PROGRAM_TWO_SIDE
   {0x3000, false, false},  // GL_CLIP_DISTANCE0
   {0x3007, false, false},  // GL_CLIP_DISTANCE7
};

TEST(RasterEnables, EachCapabilityStartsAsGlSaysAndToggles) {
   for (const enable_case &c : kEnables) {
      gl_context ctx;
      EXPECT_EQ(ctx.IsEnabled(c.cap), c.initial ? GL_TRUE : GL_FALSE) << std::hex << c.cap;
      ctx.Enable(c.cap);
      EXPECT_EQ(ctx.IsEnabled(c.cap), GL_TRUE) << std::hex << c.cap;
      ctx.Disable(c.cap);
      EXPECT_EQ(ctx.IsEnabled(c.cap), GL_FALSE) << std::hex << c.cap;
      EXPECT_EQ(ctx.GetError(), GL_NO_ERROR) << std::hex << c.cap << ": " << ctx.last_error_message();
   }
}

TEST(RasterEnables, CompatibilityCapabilitiesAreInvalidEnumInTheCoreProfile) {
   for (const enable_case &c : kEnables) {
      gl_context ctx(gl_profile::core);
      ctx.Enable(c.cap);
      EXPECT_EQ(ctx.GetError(), c.compatibility_only ? GL_INVALID_ENUM : GL_NO_ERROR) << std::hex << c.cap;
   }
}

// The state tracker skips per-draw sampler work while sampler_state_serial stands still: the
// rasterizer's capabilities move raster_state_serial only.
TEST(RasterEnables, RasterizerCapabilitiesLeaveTheSamplerSerialAlone) {
   gl_context ctx;
   const uint64_t sampler = ctx.sampler_state_serial(), raster = ctx.raster_state_serial();
   ctx.Enable(0x0B44);   // GL_CULL_FACE
   ctx.Disable(0x8037);  // GL_POLYGON_OFFSET_FILL
   EXPECT_EQ(ctx.sampler_state_serial(), sampler);
   EXPECT_GT(ctx.raster_state_serial(), raster);
   ctx.Enable(0x884F);  // GL_TEXTURE_CUBE_MAP_SEAMLESS: a lookup reads it
   EXPECT_GT(ctx.sampler_state_serial(), sampler);
}

TEST(RasterEnables, ClipDistancesStopAtTheContextsLimit) {
   gl_context ctx;
   ctx.Enable(0x3000 + 8);  // GL_CLIP_DISTANCE8 with GL_MAX_CLIP_DISTANCES 8
   EXPECT_EQ(ctx.GetError(), GL_INVALID_ENUM);
   ctx.Enable(0x3003);
   EXPECT_EQ(ctx.raster().ClipDistances, 1u << 3);
}

// One call and what GL says of it: the error, and (on success) the state it leaves.
struct call_case {
   const char *name;
   gl_profile profile;
   std::function<void(gl_context &)> call;
   GLenum error;
   std::function<bool(const gl_raster_attrib &)> changed;  // true when the state shows the call
};

const gl_profile kCompat = gl_profile::compatibility, kCore = gl_profile::core;

std::vector<call_case> call_cases() {
   using R = const gl_raster_attrib &;
   return {
      {"flat shading", kCompat, [](gl_context &c) { c.ShadeModel(kFlat); }, GL_NO_ERROR, [](R r) { return r.ShadeModel == kFlat; }},
      {"a bad shading model", kCompat, [](gl_context &c) { c.ShadeModel(kFront); }, GL_INVALID_ENUM, nullptr},
      {"glShadeModel in core", kCore, [](gl_context &c) { c.ShadeModel(kFlat); }, GL_INVALID_OPERATION, nullptr},
      {"first-vertex convention", kCore, [](gl_context &c) { c.ProvokingVertex(kFirstVertex); }, GL_NO_ERROR,
       [](R r) { return r.ProvokingVertex == kFirstVertex; }},
      {"a bad provoking vertex", kCore, [](gl_context &c) { c.ProvokingVertex(kFlat); }, GL_INVALID_ENUM, nullptr},
      {"front face CW", kCore, [](gl_context &c) { c.FrontFace(kCW); }, GL_NO_ERROR, [](R r) { return r.FrontFace == kCW; }},
      {"a bad front face", kCore, [](gl_context &c) { c.FrontFace(kFront); }, GL_INVALID_ENUM, nullptr},
      {"cull FRONT_AND_BACK", kCore, [](gl_context &c) { c.CullFace(kFrontAndBack); }, GL_NO_ERROR,
       [](R r) { return r.CullFaceMode == kFrontAndBack; }},
      {"a bad cull face", kCore, [](gl_context &c) { c.CullFace(kCW); }, GL_INVALID_ENUM, nullptr},
      {"polygon mode: back LINE only", kCompat, [](gl_context &c) { c.PolygonMode(kBack, kLine); }, GL_NO_ERROR,
       [](R r) { return r.BackMode == kLine && r.FrontMode == kFill; }},
      {"polygon mode: both POINT", kCore, [](gl_context &c) { c.PolygonMode(kFrontAndBack, kPoint); }, GL_NO_ERROR,
       [](R r) { return r.BackMode == kPoint && r.FrontMode == kPoint; }},
      {"polygon mode FRONT in core", kCore, [](gl_context &c) { c.PolygonMode(kFront, kLine); }, GL_INVALID_ENUM, nullptr},
      {"a bad polygon mode", kCompat, [](gl_context &c) { c.PolygonMode(kFront, kFlat); }, GL_INVALID_ENUM, nullptr},
      {"a bad polygon face", kCompat, [](gl_context &c) { c.PolygonMode(kCW, kLine); }, GL_INVALID_ENUM, nullptr},
      {"polygon offset", kCore, [](gl_context &c) { c.PolygonOffset(2.0f, -1.0f); }, GL_NO_ERROR,
       [](R r) { return r.OffsetFactor == 2.0f && r.OffsetUnits == -1.0f && r.OffsetClamp == 0.0f; }},
      {"polygon offset clamp", kCore, [](gl_context &c) { c.PolygonOffsetClamp(1.0f, 1.0f, -0.5f); }, GL_NO_ERROR,
       [](R r) { return r.OffsetClamp == -0.5f; }},
      {"line width 2.5", kCompat, [](gl_context &c) { c.LineWidth(2.5f); }, GL_NO_ERROR, [](R r) { return r.LineWidth == 2.5f; }},
      {"line width 0", kCompat, [](gl_context &c) { c.LineWidth(0.0f); }, GL_INVALID_VALUE, nullptr},
      {"line width NaN", kCompat, [](gl_context &c) { c.LineWidth(NAN); }, GL_INVALID_VALUE, nullptr},
      {"wide lines in a core context", kCore, [](gl_context &c) { c.LineWidth(3.0f); }, GL_NO_ERROR,
       [](R r) { return r.LineWidth == 3.0f; }},
      {"line stipple, factor clamped to 256", kCompat, [](gl_context &c) { c.LineStipple(1000, 0x0f0f); }, GL_NO_ERROR,
       [](R r) { return r.LineStippleFactor == 256 && r.LineStipplePattern == 0x0f0f; }},
      {"line stipple, factor clamped to 1", kCompat, [](gl_context &c) { c.LineStipple(-3, 0x00ff); }, GL_NO_ERROR,
       [](R r) { return r.LineStippleFactor == 1; }},
      {"glLineStipple in core", kCore, [](gl_context &c) { c.LineStipple(2, 1); }, GL_INVALID_OPERATION, nullptr},
      {"point size 4", kCore, [](gl_context &c) { c.PointSize(4.0f); }, GL_NO_ERROR, [](R r) { return r.PointSize == 4.0f; }},
      {"point size -1", kCore, [](gl_context &c) { c.PointSize(-1.0f); }, GL_INVALID_VALUE, nullptr},
      {"sprite origin LOWER_LEFT", kCore, [](gl_context &c) { c.PointParameteri(kSpriteOrigin, static_cast<GLint>(kLowerLeft)); },
       GL_NO_ERROR, [](R r) { return r.PointSpriteOrigin == kLowerLeft; }},
      {"a bad sprite origin", kCore, [](gl_context &c) { c.PointParameteri(kSpriteOrigin, static_cast<GLint>(kFront)); },
       GL_INVALID_ENUM, nullptr},
      {"point size min", kCompat, [](gl_context &c) { c.PointParameterf(0x8126, 2.0f); }, GL_NO_ERROR,
       [](R r) { return r.PointSizeMin == 2.0f; }},
      {"a negative point size max", kCompat, [](gl_context &c) { c.PointParameterf(0x8127, -2.0f); }, GL_INVALID_VALUE, nullptr},
      {"point size min in core", kCore, [](gl_context &c) { c.PointParameterf(0x8126, 2.0f); }, GL_INVALID_ENUM, nullptr},
      {"a negative fade threshold", kCore, [](gl_context &c) { c.PointParameterf(0x8128, -1.0f); }, GL_INVALID_VALUE, nullptr},
      {"distance attenuation", kCompat,
       [](gl_context &c) {
          const GLfloat a[3] = {0.5f, 0.25f, 0.125f};
          c.PointParameterfv(0x8129, a);
       },
       GL_NO_ERROR, [](R r) { return r.PointAttenuation[2] == 0.125f; }},
      {"distance attenuation through glPointParameterf", kCompat, [](gl_context &c) { c.PointParameterf(0x8129, 1.0f); },
       GL_INVALID_ENUM, nullptr},
      {"an unknown point parameter", kCompat, [](gl_context &c) { c.PointParameterf(kFront, 1.0f); }, GL_INVALID_ENUM, nullptr},
      {"vertex colour clamping off", kCompat, [](gl_context &c) { c.ClampColor(0x891A, GL_FALSE); }, GL_NO_ERROR,
       [](R r) { return r.ClampVertexColor == GL_FALSE; }},
      {"vertex colour clamping in core", kCore, [](gl_context &c) { c.ClampColor(0x891A, GL_FALSE); }, GL_INVALID_ENUM, nullptr},
      {"read colour clamping in core", kCore, [](gl_context &c) { c.ClampColor(0x891C, GL_TRUE); }, GL_NO_ERROR,
       [](R r) { return r.ClampReadColor == GL_TRUE; }},
      {"a bad clamping value", kCompat, [](gl_context &c) { c.ClampColor(0x891B, kFront); }, GL_INVALID_ENUM, nullptr},
      {"clip control UPPER_LEFT, ZERO_TO_ONE", kCore, [](gl_context &c) { c.ClipControl(kUpperLeft, 0x935F); }, GL_NO_ERROR,
       [](R r) { return r.ClipOrigin == kUpperLeft && r.ClipDepthMode == 0x935F; }},
      {"a bad clip depth mode", kCore, [](gl_context &c) { c.ClipControl(kUpperLeft, kFront); }, GL_INVALID_ENUM, nullptr},
      {"two-sided lighting", kCompat, [](gl_context &c) { c.LightModeli(0x0B52, 1); }, GL_NO_ERROR,
       [](R r) { return r.LightModelTwoSide; }},
      {"glLightModeli in core", kCore, [](gl_context &c) { c.LightModeli(0x0B52, 1); }, GL_INVALID_OPERATION, nullptr},
      {"a bad colour control", kCompat, [](gl_context &c) { c.LightModeli(0x81F8, static_cast<GLint>(kFront)); },
       GL_INVALID_ENUM, nullptr},
      {"glPolygonStipple in core", kCore,
       [](gl_context &c) {
          uint8_t m[128] = {};
          c.PolygonStipple(m);
       },
       GL_INVALID_OPERATION, nullptr},
   };
}

TEST(RasterCalls, EachCallRaisesTheErrorGlDefinesAndChangesStateOnlyOnSuccess) {
   for (const call_case &c : call_cases()) {
      gl_context ctx(c.profile);
      const gl_raster_attrib before = ctx.raster();
      c.call(ctx);
      EXPECT_EQ(ctx.GetError(), c.error) << c.name << ": " << ctx.last_error_message();
      if (c.error == GL_NO_ERROR) {
         EXPECT_TRUE(c.changed(ctx.raster())) << c.name;
      } else {
         EXPECT_TRUE(before == ctx.raster()) << c.name << ": the state changed";
         EXPECT_FALSE(ctx.last_error_message().empty()) << c.name;
      }
   }
}

TEST(RasterCalls, ForwardCompatibleCoreContextsRefuseWideLines) {
   gl_limits lim;
   lim.ForwardCompatible = true;
   gl_context ctx(gl_profile::core, gl_extensions(), lim);
   ctx.LineWidth(2.0f);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_VALUE);
   ctx.LineWidth(1.0f);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(RasterCalls, PolygonStippleRoundTripsRowByRowMsbFirst) {
   gl_context ctx;
   uint8_t mask[128];
   for (unsigned i = 0; i < 128; ++i)
      mask[i] = static_cast<uint8_t>(i * 7 + 1);
   ctx.PolygonStipple(mask);
   // Row 0 (the bottom) is bytes 0..3, byte 0 its leftmost 8 pixels, most significant bit first.
   EXPECT_EQ(ctx.raster().StipplePattern[0], 0x01080f16u);
   uint8_t back[128] = {};
   ctx.GetPolygonStipple(back);
   EXPECT_EQ(std::memcmp(mask, back, sizeof mask), 0);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
}

TEST(RasterCalls, CoordReplaceIsPerUnit) {
   gl_context ctx;
   ctx.ActiveTexture(0x84C0 + 3);  // GL_TEXTURE3
   ctx.TexEnvi(0x8861, 0x8862, GL_TRUE);  // GL_POINT_SPRITE, GL_COORD_REPLACE
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   EXPECT_TRUE(ctx.unit(3).CoordReplace);
   EXPECT_FALSE(ctx.unit(0).CoordReplace);
   ctx.TexEnvi(0x8861, 0x8862, 7);
   EXPECT_EQ(ctx.GetError(), GL_INVALID_VALUE);
   gl_context core(gl_profile::core);
   core.TexEnvi(0x8861, 0x8862, GL_TRUE);
   EXPECT_EQ(core.GetError(), GL_INVALID_OPERATION);
}

TEST(RasterQueries, FloatsRoundToTheNearestIntegerAndUntrackedStateIsInvalidEnum) {
   gl_context ctx;
   ctx.LineWidth(2.5f);
   ctx.PolygonOffset(1.4f, -1.6f);
   GLint i = 0;
   ctx.GetIntegerv(0x0B21, &i);  // GL_LINE_WIDTH
   EXPECT_EQ(i, 3);
   ctx.GetIntegerv(0x2A00, &i);  // GL_POLYGON_OFFSET_UNITS
   EXPECT_EQ(i, -2);
   GLfloat f = 0.0f;
   ctx.GetFloatv(0x8038, &f);  // GL_POLYGON_OFFSET_FACTOR
   EXPECT_FLOAT_EQ(f, 1.4f);
   EXPECT_EQ(ctx.GetError(), GL_NO_ERROR);
   ctx.GetIntegerv(0x0B71, &i);  // GL_DEPTH_TEST: not rasterizer state clampler tracks
   EXPECT_EQ(ctx.GetError(), GL_INVALID_ENUM);
   gl_context core(gl_profile::core);
   core.GetIntegerv(kShadeModel, &i);
   EXPECT_EQ(core.GetError(), GL_INVALID_ENUM);
   EXPECT_NE(core.last_error_message().find("core profile"), std::string::npos) << core.last_error_message();
}

}  // namespace
}  // namespace clampler
