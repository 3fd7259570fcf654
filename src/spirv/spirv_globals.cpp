// spirv_globals: finds the module's types, constants, import and capabilities; declares what is missing.
#include "spirv_globals.h"

#include <cstring>

namespace clampler::spirv {

spirv_globals::spirv_globals(const spirv_module &m, uint32_t *bound) : g_{&declarations_, bound} {
   for (size_t i = 0; i < m.insts.size(); ++i) {
      switch (m.op(i)) {
      case spv::OpCapability: has_image_query_ |= m.word(i, 1) == spv::CapabilityImageQuery; break;
      case spv::OpExtInstImport:
         if (m.word_count(i) >= 3 && m.literal_string(i, 2) == "GLSL.std.450")
            glsl_ = m.word(i, 1);
         break;
      case spv::OpTypeFloat:
         if (m.word_count(i) == 3 && m.word(i, 2) == 32)
            float_ = m.word(i, 1);
         break;
      case spv::OpTypeInt:
         if (m.word_count(i) == 4 && m.word(i, 2) == 32 && m.word(i, 3) == 1)
            int_ = m.word(i, 1);
         break;
      case spv::OpTypeBool: bool_ = m.word(i, 1); break;
      case spv::OpTypeVector:
         if (m.word_count(i) == 4)
            vectors_.push_back({m.word(i, 2), m.word(i, 3), m.word(i, 1)});
         break;
      case spv::OpConstant:  // types come before their constants
         if (m.word_count(i) == 4 && float_ && m.word(i, 1) == float_)
            float_consts_.emplace(m.word(i, 3), m.word(i, 2));
         else if (m.word_count(i) == 4 && int_ && m.word(i, 1) == int_)
            int_consts_.emplace(m.word(i, 3), m.word(i, 2));
         break;
      default: break;
      }
   }
}

uint32_t spirv_globals::t_float() {
   if (!float_) {
      float_ = g_.fresh();
      g_.raw(spv::OpTypeFloat, {float_, 32});
   }
   return float_;
}

uint32_t spirv_globals::t_int() {
   if (!int_) {
      int_ = g_.fresh();
      g_.raw(spv::OpTypeInt, {int_, 32, 1});
   }
   return int_;
}

uint32_t spirv_globals::t_bool() {
   if (!bool_) {
      bool_ = g_.fresh();
      g_.raw(spv::OpTypeBool, {bool_});
   }
   return bool_;
}

uint32_t spirv_globals::t_vec(uint32_t component, unsigned n) {
   for (const auto &v : vectors_)
      if (v[0] == component && v[1] == n)
         return v[2];
   const uint32_t id = g_.fresh();
   g_.raw(spv::OpTypeVector, {id, component, n});
   vectors_.push_back({component, n, id});
   return id;
}

uint32_t spirv_globals::c_float(float v) {
   uint32_t bits;
   std::memcpy(&bits, &v, sizeof bits);
   if (const auto it = float_consts_.find(bits); it != float_consts_.end())
      return it->second;
   const uint32_t type = t_float();
   const uint32_t id = g_.fresh();
   g_.raw(spv::OpConstant, {type, id, bits});
   float_consts_.emplace(bits, id);
   return id;
}

uint32_t spirv_globals::float_constant(float v) const {
   uint32_t bits;
   std::memcpy(&bits, &v, sizeof bits);
   const auto it = float_consts_.find(bits);
   return it == float_consts_.end() ? 0 : it->second;
}

uint32_t spirv_globals::c_int(int32_t v) {
   const auto bits = static_cast<uint32_t>(v);
   if (const auto it = int_consts_.find(bits); it != int_consts_.end())
      return it->second;
   const uint32_t type = t_int();
   const uint32_t id = g_.fresh();
   g_.raw(spv::OpConstant, {type, id, bits});
   int_consts_.emplace(bits, id);
   return id;
}

uint32_t spirv_globals::glsl() {
   if (!glsl_) {
      glsl_ = g_.fresh();
      glsl_added_ = true;
   }
   return glsl_;
}

void spirv_globals::write_capabilities(std::vector<uint32_t> *out) const {
   if (need_image_query_ && !has_image_query_)
      out->insert(out->end(), {(2u << 16) | spv::OpCapability, spv::CapabilityImageQuery});
}

void spirv_globals::write_import(std::vector<uint32_t> *out) const {
   if (!glsl_added_)
      return;
   // "GLSL.std.450" as a literal string: 13 bytes with the terminator, 4 words.
   uint32_t name[4] = {};
   std::memcpy(name, "GLSL.std.450", 13);
   out->insert(out->end(), {(6u << 16) | spv::OpExtInstImport, glsl_, name[0], name[1], name[2], name[3]});
}

}  // namespace clampler::spirv
