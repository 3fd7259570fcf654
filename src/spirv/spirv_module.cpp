// spirv_module: parsing with bounds checks, id definitions, and the word emitter.
#include "spirv_module.h"

namespace clampler::spirv {

namespace {
bool fail(std::string *error, std::string msg) {
   if (error)
      *error = std::move(msg);
   return false;
}
}  // namespace

bool spirv_module::parse(std::span<const uint32_t> w, std::string *error) {
   words = w;
   insts.clear();
   def_.clear();
   if (w.size() < 5)
      return fail(error, "The module is shorter than a SPIR-V header (5 words).");
   if (w[0] != spv::MagicNumber) {
      if (w[0] == 0x03022307u)
         return fail(error, "The module is in the opposite byte order; only host-order SPIR-V is accepted.");
      return fail(error, "The module does not start with the SPIR-V magic number.");
   }
   bound = w[3];
   if (bound == 0 || bound > max_bound)
      return fail(error, "The module's id bound " + std::to_string(bound) + " is outside 1.." +
                             std::to_string(max_bound) + ".");
   def_.assign(bound, -1);
   size_t pos = 5;
   while (pos < w.size()) {
      const uint32_t wc = w[pos] >> 16;
      const uint32_t opcode = w[pos] & 0xffffu;
      if (wc == 0)
         return fail(error, "Instruction at word " + std::to_string(pos) + " has a word count of 0.");
      if (wc > w.size() - pos)
         return fail(error, "Instruction at word " + std::to_string(pos) + " (opcode " + std::to_string(opcode) +
                                ") is truncated: it needs " + std::to_string(wc) + " words, " +
                                std::to_string(w.size() - pos) + " remain.");
      bool has_result = false, has_type = false;
      spv::HasResultAndType(static_cast<spv::Op>(opcode), &has_result, &has_type);
      if (has_result) {
         const unsigned at = has_type ? 2 : 1;
         if (wc <= at)
            return fail(error, "Instruction at word " + std::to_string(pos) + " (opcode " + std::to_string(opcode) +
                                   ") is too short for its result id.");
         const uint32_t id = w[pos + at];
         if (id == 0 || id >= bound)
            return fail(error, "Result id " + std::to_string(id) + " at word " + std::to_string(pos) +
                                   " is outside the id bound " + std::to_string(bound) + ".");
         if (def_[id] >= 0)
            return fail(error, "Id " + std::to_string(id) + " is defined twice.");
         def_[id] = static_cast<int32_t>(insts.size());
      }
      insts.push_back({static_cast<uint32_t>(pos), static_cast<uint16_t>(wc), static_cast<uint16_t>(opcode)});
      pos += wc;
   }
   return true;
}

uint32_t spirv_module::type_of(uint32_t id) const {
   const long d = def(id);
   if (d < 0)
      return 0;
   bool has_result = false, has_type = false;
   spv::HasResultAndType(op(d), &has_result, &has_type);
   return has_type ? word(d, 1) : 0;
}

std::string spirv_module::literal_string(size_t i, unsigned k) const {
   std::string s;
   for (unsigned j = k; j < insts[i].word_count; ++j) {
      const uint32_t v = words[insts[i].offset + j];
      for (unsigned b = 0; b < 4; ++b) {
         const char c = static_cast<char>((v >> (8 * b)) & 0xffu);
         if (c == '\0')
            return s;
         s.push_back(c);
      }
   }
   return s;
}

void spirv_emitter::raw(spv::Op op, std::initializer_list<uint32_t> operands) {
   raw(op, std::span<const uint32_t>(operands.begin(), operands.size()));
}

void spirv_emitter::raw(spv::Op op, std::span<const uint32_t> operands) {
   out->push_back(static_cast<uint32_t>((operands.size() + 1) << 16) | static_cast<uint32_t>(op));
   out->insert(out->end(), operands.begin(), operands.end());
}

uint32_t spirv_emitter::op(spv::Op o, uint32_t type, std::initializer_list<uint32_t> operands) {
   return op(o, type, std::span<const uint32_t>(operands.begin(), operands.size()));
}

uint32_t spirv_emitter::op(spv::Op o, uint32_t type, std::span<const uint32_t> operands) {
   const uint32_t id = fresh();
   out->push_back(static_cast<uint32_t>((operands.size() + 3) << 16) | static_cast<uint32_t>(o));
   out->push_back(type);
   out->push_back(id);
   out->insert(out->end(), operands.begin(), operands.end());
   return id;
}

}  // namespace clampler::spirv
