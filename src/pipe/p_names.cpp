// Gallium enum <-> name tables.
#include "clampler/pipe/p_names.h"

#include <array>

namespace clampler {
namespace {

template <size_t N>
const char *lookup(const std::array<const char *, N> &names, unsigned v) {
   return v < N ? names[v] : "PIPE_UNKNOWN";
}

constexpr std::array<const char *, 8> wrap_names = {
   "PIPE_TEX_WRAP_REPEAT", "PIPE_TEX_WRAP_CLAMP", "PIPE_TEX_WRAP_CLAMP_TO_EDGE",
   "PIPE_TEX_WRAP_CLAMP_TO_BORDER", "PIPE_TEX_WRAP_MIRROR_REPEAT", "PIPE_TEX_WRAP_MIRROR_CLAMP",
   "PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE", "PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER"};
constexpr std::array<const char *, 2> filter_names = {"PIPE_TEX_FILTER_NEAREST",
                                                      "PIPE_TEX_FILTER_LINEAR"};
constexpr std::array<const char *, 3> mipfilter_names = {
   "PIPE_TEX_MIPFILTER_NEAREST", "PIPE_TEX_MIPFILTER_LINEAR", "PIPE_TEX_MIPFILTER_NONE"};
constexpr std::array<const char *, 2> compare_names = {"PIPE_TEX_COMPARE_NONE",
                                                       "PIPE_TEX_COMPARE_R_TO_TEXTURE"};
constexpr std::array<const char *, 8> func_names = {
   "PIPE_FUNC_NEVER",   "PIPE_FUNC_LESS",     "PIPE_FUNC_EQUAL",  "PIPE_FUNC_LEQUAL",
   "PIPE_FUNC_GREATER", "PIPE_FUNC_NOTEQUAL", "PIPE_FUNC_GEQUAL", "PIPE_FUNC_ALWAYS"};
constexpr std::array<const char *, 3> reduction_names = {
   "PIPE_TEX_REDUCTION_WEIGHTED_AVERAGE", "PIPE_TEX_REDUCTION_MIN", "PIPE_TEX_REDUCTION_MAX"};
constexpr std::array<const char *, PIPE_SHADER_TYPES> shader_names = {
   "PIPE_SHADER_VERTEX",    "PIPE_SHADER_FRAGMENT",  "PIPE_SHADER_GEOMETRY",
   "PIPE_SHADER_TESS_CTRL", "PIPE_SHADER_TESS_EVAL", "PIPE_SHADER_COMPUTE"};
constexpr std::array<const char *, PIPE_CAP_COUNT> cap_names = {
   "PIPE_CAP_EMULATE_GL_CLAMP_PLZ",
   "PIPE_CAP_LINEAR_DEPTH_FILTERING",
   "PIPE_CAP_NEED_BORDER_COLOR_TYPE",
   "PIPE_CAP_TEXTURE_BORDER_COLOR_QUIRK",
   "PIPE_CAP_TEXTURE_MIRROR_CLAMP",
   "PIPE_CAP_TEXTURE_MIRROR_CLAMP_TO_EDGE",
   "PIPE_CAP_SEAMLESS_CUBE_MAP",
   "PIPE_CAP_SEAMLESS_CUBE_MAP_PER_TEXTURE",
   "PIPE_CAP_SAMPLER_REDUCTION_MINMAX",
   "PIPE_CAP_ANISOTROPIC_FILTER",
   "PIPE_CAP_MAX_TEXTURE_ANISOTROPY",
   "PIPE_CAP_MAX_TEXTURE_LOD_BIAS",
   "PIPE_CAP_TEXRECT",
   "PIPE_CAP_TEXTURE_FLOAT_LINEAR",
   "PIPE_CAP_TEXTURE_HALF_FLOAT_LINEAR",
   "PIPE_CAP_BORDER_COLOR_SWIZZLE",
   "PIPE_CAP_BORDER_COLOR_FORMAT",
   "PIPE_CAP_LINEAR_DEPTH_LOWERING",
   "PIPE_CAP_MIN_MAG_SWITCH_LOWERING",
   "PIPE_CAP_MINMAX_MIPMAP_LOWERING",
   "PIPE_CAP_MIRROR_TEXEL_LOWERING",
   "PIPE_CAP_NEAREST_MIP_TIE_LOWERING",
   "PIPE_CAP_ARRAY_LAYER_TIE_LOWERING",
   "PIPE_CAP_CUBE_FACE_WRAP_LOWERING",
   "PIPE_CAP_LAMBDA_LOWERING",
   "PIPE_CAP_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION",
   "PIPE_CAP_VERTEX_COLOR_CLAMPED",
   "PIPE_CAP_FRAGMENT_COLOR_CLAMPED",
   "PIPE_CAP_CLIP_HALFZ",
   "PIPE_CAP_DEPTH_CLIP_DISABLE",
};

}  // namespace

const char *pipe_wrap_name(pipe_tex_wrap v) { return lookup(wrap_names, v); }
const char *pipe_filter_name(pipe_tex_filter v) { return lookup(filter_names, v); }
const char *pipe_mipfilter_name(pipe_tex_mipfilter v) { return lookup(mipfilter_names, v); }
const char *pipe_compare_mode_name(pipe_tex_compare v) { return lookup(compare_names, v); }
const char *pipe_func_name(pipe_compare_func v) { return lookup(func_names, v); }
const char *pipe_reduction_name(pipe_tex_reduction_mode v) { return lookup(reduction_names, v); }
const char *pipe_cap_name(pipe_cap v) { return lookup(cap_names, v); }
const char *pipe_shader_name(pipe_shader_type v) { return lookup(shader_names, v); }

std::optional<pipe_cap> pipe_cap_from_name(std::string_view name) {
   for (unsigned i = 0; i < cap_names.size(); ++i)
      if (name == cap_names[i])
         return static_cast<pipe_cap>(i);
   return std::nullopt;
}

}  // namespace clampler
