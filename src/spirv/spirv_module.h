// spirv_module: a checked, read-only view of a SPIR-V binary (instructions, id definitions) and an emitter for new words.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <vector>

#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

namespace clampler::spirv {

struct spirv_inst {
   uint32_t offset = 0;  // index of the instruction's first word in the module
   uint16_t word_count = 0;
   uint16_t opcode = 0;
};

// A parsed module. parse() checks what a reader needs to never step out of bounds:
// magic, header, instruction sizes, result ids below the bound and defined once.
class spirv_module {
public:
   static constexpr uint32_t max_bound = 0x400000;  // SPIR-V's universal limit on ids

   bool parse(std::span<const uint32_t> words, std::string *error);

   std::span<const uint32_t> words;
   std::vector<spirv_inst> insts;
   uint32_t bound = 0;

   spv::Op op(size_t i) const { return static_cast<spv::Op>(insts[i].opcode); }
   unsigned word_count(size_t i) const { return insts[i].word_count; }
   // Word k of instruction i (k = 0 is the opcode word); 0 when the instruction is shorter.
   uint32_t word(size_t i, unsigned k) const {
      return k < insts[i].word_count ? words[insts[i].offset + k] : 0;
   }
   std::span<const uint32_t> inst_words(size_t i) const {
      return words.subspan(insts[i].offset, insts[i].word_count);
   }
   // Index of the instruction defining `id`, or -1 (unknown, out of bound, or 0).
   long def(uint32_t id) const { return id < def_.size() ? def_[id] : -1; }
   // Result type of the instruction defining `id` (0 if none).
   uint32_t type_of(uint32_t id) const;
   // The literal string starting at word k of instruction i (bounded by the instruction).
   std::string literal_string(size_t i, unsigned k) const;

private:
   std::vector<int32_t> def_;
};

// Appends instructions to a word vector, handing out fresh ids from `bound`.
struct spirv_emitter {
   std::vector<uint32_t> *out;
   uint32_t *bound;

   void raw(spv::Op op, std::initializer_list<uint32_t> operands);
   void raw(spv::Op op, std::span<const uint32_t> operands);
   // An instruction with result type and a new result id; returns the id.
   uint32_t op(spv::Op op, uint32_t type, std::initializer_list<uint32_t> operands);
   uint32_t op(spv::Op op, uint32_t type, std::span<const uint32_t> operands);
   uint32_t fresh() { return (*bound)++; }
};

}  // namespace clampler::spirv
