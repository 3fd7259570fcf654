// spirv_lower_raster_fs: the polygon stipple as a first block that kills the fragments GL's 32x32 pattern leaves out.
#include "clampler/spirv/spirv_lower_raster.h"

#include "spirv_globals.h"
#include "spirv_module.h"

namespace clampler {

namespace {

using spirv::spirv_emitter;
using spirv::spirv_globals;
using spirv::spirv_module;

bool is_type_or_global(spv::Op op) {
   return (op >= spv::OpTypeVoid && op <= spv::OpTypeForwardPointer) || op == spv::OpConstantTrue ||
          op == spv::OpConstantFalse || op == spv::OpConstant || op == spv::OpConstantComposite ||
          op == spv::OpVariable || op == spv::OpUndef || op == spv::OpSpecConstant;
}

}  // namespace

bool spirv_lower_raster_fs(std::span<const uint32_t> module, const spirv_raster_fs_options &options,
                           std::vector<uint32_t> *out, std::string *error) {
   spirv_module m;
   if (!m.parse(module, error))
      return false;
   if (!options.polygon_stipple) {
      out->assign(module.begin(), module.end());
      return true;
   }
   // The first Fragment entry point: its function and interface.
   long entry = -1;
   for (size_t i = 0; i < m.insts.size() && entry < 0; ++i)
      if (m.op(i) == spv::OpEntryPoint && m.word(i, 1) == spv::ExecutionModelFragment)
         entry = static_cast<long>(i);
   if (entry < 0) {
      if (error)
         *error = "The module has no Fragment entry point: the polygon stipple is a fragment-stage emulation.";
      return false;
   }
   const uint32_t function = m.word(entry, 2);
   // GL stipples before the fragment tests; with early fragment tests a killed fragment would
   // already have written depth and stencil.
   for (size_t i = 0; i < m.insts.size(); ++i)
      if (m.op(i) == spv::OpExecutionMode && m.word(i, 1) == function &&
          m.word(i, 2) == spv::ExecutionModeEarlyFragmentTests) {
         if (error)
            *error = "The fragment shader runs its fragment tests early, so it cannot discard the fragments the "
                     "polygon stipple removes before depth and stencil are written.";
         return false;
      }
   // The FragCoord variable, when the shader declares one.
   uint32_t frag_coord = 0;
   for (size_t i = 0; i < m.insts.size(); ++i)
      if (m.op(i) == spv::OpDecorate && m.word_count(i) >= 4 && m.word(i, 2) == spv::DecorationBuiltIn &&
          m.word(i, 3) == spv::BuiltInFragCoord)
         frag_coord = m.word(i, 1);

   uint32_t bound = m.bound;
   spirv_globals g(m, &bound);
   const uint32_t t_int = g.t_int(), t_bool = g.t_bool(), t_v4 = g.t_fvec(4), t_float = g.t_float();
   const uint32_t c0 = g.c_int(0), c1 = g.c_int(1), c31 = g.c_int(31), c32 = g.c_int(32);
   std::array<uint32_t, 32> rows;
   for (unsigned y = 0; y < 32; ++y)
      rows[y] = g.c_int(static_cast<int32_t>(options.stipple_rows[y]));
   // Pointer and array types (duplicates of aggregates and pointers are allowed), the pattern
   // and, when missing, the FragCoord input.
   std::vector<uint32_t> types;
   spirv_emitter t{&types, &bound};
   const uint32_t t_rows = t.fresh();
   t.raw(spv::OpTypeArray, {t_rows, t_int, c32});
   const uint32_t pattern = t.fresh();
   std::vector<uint32_t> pattern_ops = {t_rows, pattern};
   pattern_ops.insert(pattern_ops.end(), rows.begin(), rows.end());
   t.raw(spv::OpConstantComposite, pattern_ops);
   const uint32_t p_rows = t.fresh(), p_int = t.fresh();
   t.raw(spv::OpTypePointer, {p_rows, spv::StorageClassFunction, t_rows});
   t.raw(spv::OpTypePointer, {p_int, spv::StorageClassFunction, t_int});
   std::vector<uint32_t> decorations;
   const bool add_frag_coord = frag_coord == 0;
   // The entry point's interface must list FragCoord (a module with several entry points may
   // declare it for another one only).
   const unsigned name_words = static_cast<unsigned>(m.literal_string(entry, 3).size() / 4 + 1);
   bool listed = false;
   for (unsigned k = 3 + name_words; k < m.word_count(entry); ++k)
      listed = listed || (!add_frag_coord && m.word(entry, k) == frag_coord);
   if (add_frag_coord) {
      const uint32_t p_in = t.fresh();
      t.raw(spv::OpTypePointer, {p_in, spv::StorageClassInput, t_v4});
      frag_coord = t.fresh();
      t.raw(spv::OpVariable, {p_in, frag_coord, spv::StorageClassInput});
      spirv_emitter d{&decorations, &bound};
      d.raw(spv::OpDecorate, {frag_coord, spv::DecorationBuiltIn, spv::BuiltInFragCoord});
   }

   // The new first block: the pattern bit of this pixel, and the kill.
   std::vector<uint32_t> head, code;
   spirv_emitter h{&head, &bound}, e{&code, &bound};
   const uint32_t first = h.fresh();
   h.raw(spv::OpLabel, {first});
   const uint32_t var = h.fresh();
   h.raw(spv::OpVariable, {p_rows, var, spv::StorageClassFunction, pattern});
   const uint32_t fc = e.op(spv::OpLoad, t_v4, {frag_coord});
   const uint32_t x = e.op(spv::OpConvertFToS, t_int, {e.op(spv::OpCompositeExtract, t_float, {fc, 0})});
   const uint32_t y = e.op(spv::OpConvertFToS, t_int, {e.op(spv::OpCompositeExtract, t_float, {fc, 1})});
   const uint32_t row = e.op(spv::OpBitwiseAnd, t_int, {y, c31});
   const uint32_t word = e.op(spv::OpLoad, t_int, {e.op(spv::OpAccessChain, p_int, {var, row})});
   const uint32_t bit =
      e.op(spv::OpBitwiseAnd, t_int, {e.op(spv::OpShiftRightLogical, t_int, {word, e.op(spv::OpBitwiseAnd, t_int, {x, c31})}), c1});
   const uint32_t off = e.op(spv::OpIEqual, t_bool, {bit, c0});
   const uint32_t kill = e.fresh();
   if (bound > spirv_module::max_bound) {
      if (error)
         *error = "The lowered module would need more ids than SPIR-V allows.";
      return false;
   }

   // Assemble: the header's bound; the interface with FragCoord; decorations before the first
   // type; the new globals before the first function; the new block in front of the entry
   // function's first block, which gives it its variables.
   std::vector<uint32_t> result(m.words.begin(), m.words.begin() + 5);
   result[3] = bound;
   bool decorations_done = false, globals_done = false;
   for (size_t i = 0; i < m.insts.size(); ++i) {
      const spv::Op op = m.op(i);
      const auto words = m.inst_words(i);
      if (!decorations_done && is_type_or_global(op)) {
         decorations_done = true;
         result.insert(result.end(), decorations.begin(), decorations.end());
      }
      if (!globals_done && op == spv::OpFunction) {
         globals_done = true;
         result.insert(result.end(), g.declarations().begin(), g.declarations().end());
         result.insert(result.end(), types.begin(), types.end());
      }
      if (static_cast<long>(i) == entry && !listed) {
         result.push_back(static_cast<uint32_t>((words.size() + 1) << 16) | spv::OpEntryPoint);
         result.insert(result.end(), words.begin() + 1, words.end());
         result.push_back(frag_coord);
         continue;
      }
      result.insert(result.end(), words.begin(), words.end());
      if (op != spv::OpFunction || m.word(i, 2) != function)
         continue;
      // The entry function: its parameters, then its first block.
      size_t j = i + 1;
      while (j < m.insts.size() && m.op(j) == spv::OpFunctionParameter) {
         const auto p = m.inst_words(j++);
         result.insert(result.end(), p.begin(), p.end());
      }
      if (j >= m.insts.size() || m.op(j) != spv::OpLabel) {
         if (error)
            *error = "The entry function has no first block.";
         return false;
      }
      const uint32_t old_first = m.word(j, 1);
      result.insert(result.end(), head.begin(), head.end());
      size_t k = j + 1;
      for (; k < m.insts.size() && (m.op(k) == spv::OpVariable || m.op(k) == spv::OpLine || m.op(k) == spv::OpNoLine);
           ++k) {
         if (m.op(k) != spv::OpVariable)
            continue;
         const auto v = m.inst_words(k);
         result.insert(result.end(), v.begin(), v.end());
      }
      result.insert(result.end(), code.begin(), code.end());
      spirv_emitter tail{&result, &bound};
      tail.raw(spv::OpSelectionMerge, {old_first, spv::SelectionControlMaskNone});
      tail.raw(spv::OpBranchConditional, {off, kill, old_first});
      tail.raw(spv::OpLabel, {kill});
      tail.raw(spv::OpKill, {});
      result.push_back((2u << 16) | spv::OpLabel);
      result.push_back(old_first);
      for (size_t v = j + 1; v < k; ++v)
         if (m.op(v) != spv::OpVariable) {
            const auto w = m.inst_words(v);
            result.insert(result.end(), w.begin(), w.end());
         }
      i = k - 1;
   }
   *out = std::move(result);
   return true;
}

}  // namespace clampler
