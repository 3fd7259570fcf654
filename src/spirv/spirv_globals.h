// spirv_globals: the module-level declarations the pass needs — types and constants reused or added, GLSL.std.450, ImageQuery.
#pragma once

#include <array>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "spirv_module.h"

namespace clampler::spirv {

// Reuses the module's own declarations (SPIR-V forbids duplicate non-aggregate types) and
// collects the missing ones, which write_*() put where SPIR-V's layout wants them.
class spirv_globals {
public:
   spirv_globals(const spirv_module &m, uint32_t *bound);

   uint32_t t_float();
   uint32_t t_int();  // signed 32-bit
   uint32_t t_bool();
   uint32_t t_vec(uint32_t component, unsigned n);
   uint32_t t_fvec(unsigned n) { return n == 1 ? t_float() : t_vec(t_float(), n); }
   uint32_t t_ivec(unsigned n) { return n == 1 ? t_int() : t_vec(t_int(), n); }
   uint32_t c_float(float v);
   uint32_t c_int(int32_t v);
   uint32_t glsl();  // the GLSL.std.450 import
   void need_image_query() { need_image_query_ = true; }

   // The float scalar type the module declares (0 if none), and an existing float constant.
   uint32_t float_type() const { return float_; }
   uint32_t float_constant(float v) const;

   // Additions, each in its section: capabilities, the import, types and constants.
   void write_capabilities(std::vector<uint32_t> *out) const;
   void write_import(std::vector<uint32_t> *out) const;
   const std::vector<uint32_t> &declarations() const { return declarations_; }

private:
   std::vector<uint32_t> declarations_;
   spirv_emitter g_;
   uint32_t float_ = 0, int_ = 0, bool_ = 0, glsl_ = 0;
   bool glsl_added_ = false, has_image_query_ = false, need_image_query_ = false;
   std::vector<std::array<uint32_t, 3>> vectors_;  // component, count, id
   std::unordered_map<uint32_t, uint32_t> float_consts_, int_consts_;  // bits -> id
};

}  // namespace clampler::spirv
