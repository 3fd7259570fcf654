// spirv_lowerer: the pass's lowerer, shared by its driver (spirv_lower_tex.cpp) and the lookup rewrite (spirv_lower_lookup.cpp).
#pragma once

#include <spirv/unified1/GLSL.std.450.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "clampler/spirv/spirv_lower_tex.h"
#include "spirv_globals.h"
#include "spirv_module.h"
#include "spirv_trace.h"

namespace clampler::spirv {

// The sampling instructions the pass counts and rewrites (sparse ones it refuses to lower).
bool is_sample_op(spv::Op op);
bool is_sparse_sample_op(spv::Op op);

struct shadow_result {
   uint32_t value;  // the Dref lookup's own (renamed) result
   std::array<pipe_swizzle, 4> swizzle;
};

class lowerer {
public:
   lowerer(const spirv_module &m, const spirv_lower_tex_options &o, std::string *error)
       : m_(m), o_(o), error_(error), bound_(m.bound), tracer_(m, o) {}

   bool run(std::vector<uint32_t> *out, spirv_lower_tex_stats *stats);

private:
   bool fail(std::string msg) {
      if (error_)
         *error_ = std::move(msg);
      return false;
   }
   // One sampling instruction's rewrite (spirv_lower_lookup.cpp).
   struct lookup;
   struct coordinate;
   bool lower_lookup(size_t i, bool *lowered);
   // lower_lookup's steps, in order.
   bool parse_sampler(size_t i, lookup *lk, bool *lowers);
   bool parse_image_type(lookup *lk, bool *lowers);
   bool parse_image_operands(lookup *lk);
   bool lower_coordinate(lookup *lk);
   bool extract_coordinate(const lookup &lk, coordinate *c);
   void project_coordinate(lookup *lk, coordinate *c);
   void compute_gradients(lookup *lk, coordinate *c);
   void lookup_gradients(const lookup &lk, coordinate *c);
   bool find_offset(const lookup &lk, coordinate *c);
   void query_size(const lookup &lk, coordinate *c);
   uint32_t device_lambda(const lookup &lk, const coordinate &c);
   uint32_t lambda_with(const lookup &lk, const coordinate &c, float bias, float min_lod, float max_lod);
   uint32_t nearest_condition(const lookup &lk, const coordinate &c);
   void apply_min_mag_switch(lookup *lk, const coordinate &c);
   void fold_texel_offset(lookup *lk, coordinate *c);
   uint32_t lower_component(const lookup &lk, const coordinate &c, unsigned j);
   uint32_t gl_array_layer(uint32_t t);
   uint32_t emit_lookup(const lookup &lk);
   // The shader filter (spirv_lower_filter.cpp, rules 4, 10-13, 15, 16): GL's filter from NEAREST lookups.
   bool lower_shader_filter(lookup *lk);
   bool lower_query_lod(lookup *lk);
   uint32_t filter_lambda(const lookup &lk, const coordinate &c);
   uint32_t filter_level_taps(const lookup &lk, const coordinate &c, uint32_t level, uint32_t linear,
                             uint32_t level_weight, uint32_t acc);
   struct filter_levels {
      uint32_t linear = 0;             // 1.0: LINEAR within the level(s), 0.0: NEAREST
      uint32_t d1 = 0, d2 = 0, w2 = 0;  // the level(s); d2 = 0: one level
   };
   filter_levels levels_for(const lookup &lk, uint32_t lambda, bool rect);
   uint32_t combine_tap(const lookup &lk, uint32_t acc, uint32_t value, uint32_t weight, bool integer);
   uint32_t sample_tap(const lookup &lk, uint32_t coord, uint32_t lod, uint32_t zero_grad = 0);
   void filter_result(const lookup &lk, uint32_t acc);
   // The shader filter on cube maps and cube-map arrays (spirv_lower_filter_cube.cpp).
   struct cube_face;
   bool lower_cube_filter(lookup *lk, bool integer);
   cube_face select_cube_face(const std::array<uint32_t, 3> &p);
   uint32_t dot3(const std::array<uint32_t, 3> &a, const std::array<uint32_t, 3> &b);
   uint32_t cube_face_size(const lookup &lk, uint32_t lod);
   uint32_t cube_lambda(const lookup &lk, const cube_face &face, const std::array<uint32_t, 3> &p, float min_lod,
                        float max_lod);
   uint32_t cube_direction(const cube_face &face, uint32_t size, uint32_t i, uint32_t j);
   uint32_t cube_wrap(pipe_tex_wrap wrap, uint32_t i, uint32_t size, uint32_t nearest, uint32_t *border);
   uint32_t cube_border_value(const lookup &lk);
   uint32_t select_components(const lookup &lk, uint32_t condition, uint32_t a, uint32_t b);
   uint32_t cube_level_taps(const lookup &lk, const cube_face &face, uint32_t layer, uint32_t level, uint32_t linear,
                            uint32_t level_weight, uint32_t acc, bool integer);
   void swizzle_shadow_result(const lookup &lk, uint32_t value);
   std::string where(const lookup &lk) const;
   // The output module (spirv_lower_tex.cpp).
   void assemble(std::vector<uint32_t> *out);
   std::unordered_map<uint32_t, uint32_t> shadow_loads() const;

   // Types and constants (spirv_globals), and GLSL.std.450 instructions.
   spirv_globals &globals() {
      if (!globals_)
         globals_.emplace(m_, &bound_);
      return *globals_;
   }
   uint32_t t_float() { return globals().t_float(); }
   uint32_t t_bool() { return globals().t_bool(); }
   uint32_t t_fvec(unsigned n) { return globals().t_fvec(n); }
   uint32_t t_ivec(unsigned n) { return globals().t_ivec(n); }
   uint32_t c_float(float v) { return globals().c_float(v); }
   uint32_t c_int(int32_t v) { return globals().c_int(v); }
   uint32_t ext(uint32_t type, GLSLstd450 inst, std::initializer_list<uint32_t> args);

   const spirv_module &m_;
   const spirv_lower_tex_options &o_;
   std::string *error_;
   uint32_t bound_;
   std::optional<spirv_globals> globals_;  // scanned when the first lookup is lowered
   spirv_sampler_tracer tracer_;

   std::vector<uint32_t> code_;  // replacement words of the rewritten lookups
   std::vector<std::pair<size_t, std::pair<size_t, size_t>>> replaced_;  // inst -> [begin, end) of code_
   std::unordered_map<uint32_t, shadow_result> shadow_results_;
   spirv_emitter e_{&code_, &bound_};
};

}  // namespace clampler::spirv
