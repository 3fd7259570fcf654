// Names of Gallium enums as Mesa spells them (PIPE_TEX_WRAP_CLAMP, PIPE_CAP_TEXRECT, ...).
#pragma once

#include <optional>
#include <string_view>

#include "clampler/pipe/p_defines.h"

namespace clampler {

const char *pipe_wrap_name(pipe_tex_wrap v);
const char *pipe_filter_name(pipe_tex_filter v);
const char *pipe_mipfilter_name(pipe_tex_mipfilter v);
const char *pipe_compare_mode_name(pipe_tex_compare v);
const char *pipe_func_name(pipe_compare_func v);
const char *pipe_reduction_name(pipe_tex_reduction_mode v);
const char *pipe_cap_name(pipe_cap v);
const char *pipe_shader_name(pipe_shader_type v);
std::optional<pipe_cap> pipe_cap_from_name(std::string_view name);

}  // namespace clampler
