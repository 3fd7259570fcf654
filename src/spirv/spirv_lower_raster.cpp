// spirv_lower_raster_fs: two-sided colour, point sprite coordinates and the polygon and line stipples as a new first block of the fragment shader's entry function.
#include "clampler/spirv/spirv_lower_raster.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <map>

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

bool fail(std::string *error, std::string sentence) {
   if (error)
      *error = std::move(sentence);
   return false;
}

// The Input variable decorated BuiltIn `builtin`, one `listed` first, or 0.
template <typename Listed>
uint32_t builtin_input(const spirv_module &m, spv::BuiltIn builtin, Listed listed) {
   uint32_t found = 0;
   for (size_t i = 0; i < m.insts.size(); ++i)
      if (m.op(i) == spv::OpDecorate && m.word_count(i) >= 4 && m.word(i, 2) == spv::DecorationBuiltIn &&
          m.word(i, 3) == static_cast<uint32_t>(builtin) && (!found || listed(m.word(i, 1))))
         found = m.word(i, 1);
   return found;
}

// How many locations a value of type `type` takes (Vulkan's "Location Assignment"), or -1 for a
// type the pass does not work out (structs, whose members may carry their own locations).
long locations_of(const spirv_module &m, uint32_t type) {
   const long t = m.def(type);
   if (t < 0)
      return -1;
   switch (m.op(t)) {
   case spv::OpTypeFloat: case spv::OpTypeInt: case spv::OpTypeBool: return 1;
   case spv::OpTypeVector: {
      const long c = m.def(m.word(t, 2));
      const bool wide = c >= 0 && m.word(c, 2) == 64;
      return wide && m.word(t, 3) > 2 ? 2 : 1;
   }
   case spv::OpTypeMatrix: {
      const long column = locations_of(m, m.word(t, 2));
      return column < 0 ? -1 : column * static_cast<long>(m.word(t, 3));
   }
   case spv::OpTypeArray: {
      const long element = locations_of(m, m.word(t, 2)), length = m.def(m.word(t, 3));
      if (element < 0 || length < 0 || m.op(length) != spv::OpConstant || m.word(length, 3) > 4096)
         return -1;
      return element * static_cast<long>(m.word(length, 3));
   }
   default: return -1;
   }
}

// Instructions that take a pointer as an id operand besides loads and access chains, with the
// first word that may hold it (logical addressing: nothing else can carry an Input pointer).
unsigned other_pointer_use(const spirv_module &m, size_t i, uint32_t id) {
   unsigned from = 0;
   switch (m.op(i)) {
   case spv::OpStore: case spv::OpCopyMemory: case spv::OpCopyMemorySized: from = 1; break;
   case spv::OpCopyObject: case spv::OpPtrAccessChain: case spv::OpInBoundsPtrAccessChain: from = 3; break;
   case spv::OpFunctionCall: from = 4; break;
   case spv::OpExtInst: from = 5; break;
   default: return 0;
   }
   for (unsigned k = from; k < m.word_count(i); ++k)
      if (m.word(i, k) == id)
         return k;
   return 0;
}

// The name of an instruction other_pointer_use or an access chain reports.
std::string op_name(spv::Op op) {
   switch (op) {
   case spv::OpStore: return "OpStore";
   case spv::OpCopyMemory: return "OpCopyMemory";
   case spv::OpCopyMemorySized: return "OpCopyMemorySized";
   case spv::OpCopyObject: return "OpCopyObject";
   case spv::OpAccessChain: return "OpAccessChain";
   case spv::OpInBoundsAccessChain: return "OpInBoundsAccessChain";
   case spv::OpPtrAccessChain: return "OpPtrAccessChain";
   case spv::OpInBoundsPtrAccessChain: return "OpInBoundsPtrAccessChain";
   case spv::OpFunctionCall: return "OpFunctionCall";
   case spv::OpExtInst: return "OpExtInst (an interpolation function)";
   default: return "opcode " + std::to_string(static_cast<unsigned>(op));
   }
}

// An input the entry function reads through a Function variable the new first block fills
// instead: a front colour (the facing's colour), a replaced texture coordinate (the sprite's
// coordinates) or the shader's own PointCoord (flipped for a lower-left origin).
struct redirect {
   enum { two_side, sprite_coord, point_coord } kind = two_side;
   uint32_t input = 0, local = 0;
   uint32_t back = 0, back_location = 0;  // two-sided colour: the added back input
   uint32_t type = 0, components = 1, p_input = 0, p_local = 0;
   std::vector<uint32_t> decorations;         // the input's OpDecorate words but Location (for `back`)
   std::map<uint32_t, uint32_t> chain_types;  // access chain result id -> its Function pointer type
};

}  // namespace

bool spirv_lower_raster_fs(std::span<const uint32_t> module, const spirv_raster_fs_options &options,
                           std::vector<uint32_t> *out, std::string *error) {
   spirv_module m;
   if (!m.parse(module, error))
      return false;
   const bool stipple = options.polygon_stipple || options.line_stipple;
   if (!stipple && options.two_side_colors.empty() && options.sprite_coord_locations.empty() &&
       !options.point_coord_lower_left) {
      out->assign(module.begin(), module.end());
      return true;
   }
   // The first Fragment entry point: its function and interface.
   long entry = -1;
   for (size_t i = 0; i < m.insts.size() && entry < 0; ++i)
      if (m.op(i) == spv::OpEntryPoint && m.word(i, 1) == spv::ExecutionModelFragment)
         entry = static_cast<long>(i);
   if (entry < 0)
      return fail(error, "The module has no Fragment entry point: the polygon and line stipples, two-sided colour and "
                         "sprite coordinates are fragment-stage emulations.");
   const uint32_t function = m.word(entry, 2);
   const unsigned name_words = static_cast<unsigned>(m.literal_string(entry, 3).size() / 4 + 1);
   auto listed = [&](uint32_t id) {
      for (unsigned k = 3 + name_words; k < m.word_count(entry); ++k)
         if (m.word(entry, k) == id)
            return true;
      return false;
   };
   // GL stipples before the fragment tests; with early fragment tests a killed fragment would
   // already have written depth and stencil.
   if (stipple)
      for (size_t i = 0; i < m.insts.size(); ++i)
         if (m.op(i) == spv::OpExecutionMode && m.word(i, 1) == function &&
             m.word(i, 2) == spv::ExecutionModeEarlyFragmentTests)
            return fail(error, std::string("The fragment shader runs its fragment tests early, so it cannot discard the "
                                           "fragments the ") +
                                   (options.polygon_stipple && options.line_stipple ? "polygon and line"
                                    : options.polygon_stipple                        ? "polygon"
                                                                                     : "line") +
                                   " stipple removes before depth and stencil are written.");
   if (options.line_stipple && (options.line_stipple_factor < 1 || options.line_stipple_factor > 256))
      return fail(error, "The line stipple factor is " + std::to_string(options.line_stipple_factor) +
                             "; GL clamps it to [1, 256].");
   // Pattern rows as specialization constants: their 32 SpecIds must be free in the module.
   if (options.polygon_stipple && options.stipple_spec_id) {
      const uint64_t first = *options.stipple_spec_id, last = first + 31;
      if (last > std::numeric_limits<uint32_t>::max())
         return fail(error, "The stipple rows' SpecIds from " + std::to_string(first) +
                                " would run past the largest SpecId (4294967295): 32 are needed.");
      for (size_t i = 0; i < m.insts.size(); ++i)
         if (m.op(i) == spv::OpDecorate && m.word_count(i) >= 4 && m.word(i, 2) == spv::DecorationSpecId &&
             m.word(i, 3) >= first && m.word(i, 3) <= last)
            return fail(error, "The shader's own specialization constant %" + std::to_string(m.word(i, 1)) +
                                   " takes SpecId " + std::to_string(m.word(i, 3)) +
                                   ", one of the 32 the stipple rows need from " + std::to_string(first) + ".");
   }
   // The function each instruction lies in (0 outside functions).
   std::vector<uint32_t> in_function(m.insts.size(), 0);
   for (size_t i = 0, f = 0; i < m.insts.size(); ++i) {
      if (m.op(i) == spv::OpFunction)
         f = m.word(i, 2);
      in_function[i] = static_cast<uint32_t>(f);
      if (m.op(i) == spv::OpFunctionEnd)
         f = 0;
   }

   uint32_t bound = m.bound;
   spirv_globals g(m, &bound);
   std::vector<uint32_t> types, decorations, interface_additions;
   spirv_emitter t{&types, &bound}, d{&decorations, &bound};
   // An Input variable with BuiltIn `builtin`: the shader's own, or one declared and listed.
   auto input_builtin = [&](spv::BuiltIn builtin, uint32_t type) {
      uint32_t var = builtin_input(m, builtin, listed);
      if (!var) {
         const uint32_t p = t.fresh();
         t.raw(spv::OpTypePointer, {p, spv::StorageClassInput, type});
         var = t.fresh();
         t.raw(spv::OpVariable, {p, var, spv::StorageClassInput});
         d.raw(spv::OpDecorate, {var, spv::DecorationBuiltIn, static_cast<uint32_t>(builtin)});
      }
      if (!listed(var) && std::find(interface_additions.begin(), interface_additions.end(), var) ==
                             interface_additions.end())
         interface_additions.push_back(var);
      return var;
   };

   // An input whose reads are redirected to a Function variable the first block fills: checks
   // the type (a scalar or vector of numbers, of floats when `floats`) and that every read is a
   // load or access chain in the entry function.
   auto analyse = [&](uint32_t var, const std::string &what, const char *purpose, bool floats, redirect *p) {
      p->input = var;
      p->p_input = m.word(m.def(var), 1);
      const long ptr = m.def(p->p_input);
      p->type = ptr >= 0 && m.op(ptr) == spv::OpTypePointer ? m.word(ptr, 3) : 0;
      long ty = m.def(p->type);
      if (ty >= 0 && m.op(ty) == spv::OpTypeVector) {
         p->components = m.word(ty, 3);
         ty = m.def(m.word(ty, 2));
      }
      if (ty < 0 || (m.op(ty) != spv::OpTypeFloat && (floats || m.op(ty) != spv::OpTypeInt)) || p->components < 1 ||
          p->components > 4)
         return fail(error, what + (floats ? " is not a scalar or vector of floats, which " : " is not a scalar or vector of numbers, which ") +
                               purpose + ".");
      // 32-bit only: the values the first block builds are 32-bit, and a Function variable of
      // 16-bit numbers needs a capability the shader may not have.
      if (m.word(ty, 2) != 32)
         return fail(error, what + " has " + std::to_string(m.word(ty, 2)) + "-bit components; " + purpose +
                               " 32-bit ones only.");
      for (size_t i = 0; i < m.insts.size(); ++i) {
         const spv::Op op = m.op(i);
         if (op == spv::OpDecorate && m.word(i, 1) == var && m.word(i, 2) != spv::DecorationLocation &&
             m.word(i, 2) != spv::DecorationBuiltIn) {
            auto w = m.inst_words(i);
            p->decorations.insert(p->decorations.end(), w.begin(), w.end());
            continue;
         }
         if (in_function[i] == 0)
            continue;
         const bool load = op == spv::OpLoad && m.word(i, 3) == var;
         const bool chain = (op == spv::OpAccessChain || op == spv::OpInBoundsAccessChain) && m.word(i, 3) == var;
         if ((load || chain) && in_function[i] != function)
            return fail(error, what + " is read outside the entry point's function, where the first block's value "
                                      "does not reach.");
         if (chain) {
            const long rt = m.def(m.word(i, 1));
            if (rt < 0 || m.op(rt) != spv::OpTypePointer)
               return fail(error, what + " is read through an access chain whose type is not a pointer.");
            p->chain_types[m.word(i, 2)] = m.word(rt, 3);  // pointee; the Function pointer made below
         }
         if (other_pointer_use(m, i, var))
            return fail(error, what + " is used by " + op_name(op) + ", which the pass cannot redirect (only loads "
                                      "and access chains).");
      }
      // An access chain's result may only be loaded: anything else would see a Function pointer
      // where the shader had an Input one.
      for (size_t i = 0; i < m.insts.size(); ++i)
         for (const auto &c : p->chain_types) {
            const bool chained = (m.op(i) == spv::OpAccessChain || m.op(i) == spv::OpInBoundsAccessChain ||
                                  m.op(i) == spv::OpPtrAccessChain || m.op(i) == spv::OpInBoundsPtrAccessChain) &&
                                 m.word(i, 3) == c.first;
            if (chained || other_pointer_use(m, i, c.first))
               return fail(error, what + " is read through an access chain whose result is used by " +
                                     op_name(m.op(i)) + ", not only loaded.");
         }
      return true;
   };
   // The Input variable at `location` this entry point reads, or 0; `count` (when given) is how
   // many do (more than one: a location split by Component).
   auto input_at = [&](uint32_t location, int *count) {
      uint32_t var = 0;
      for (size_t i = 0; i < m.insts.size(); ++i) {
         if (m.op(i) != spv::OpDecorate || m.word_count(i) < 4 || m.word(i, 2) != spv::DecorationLocation ||
             m.word(i, 3) != location)
            continue;
         const long def = m.def(m.word(i, 1));
         if (def < 0 || m.op(def) != spv::OpVariable || m.word(def, 3) != spv::StorageClassInput ||
             !listed(m.word(i, 1)))
            continue;
         var = m.word(i, 1);
         if (count)
            ++*count;
      }
      return var;
   };
   // The locations this entry point's inputs take, [first, last) each (to the end for a type the
   // pass does not work out); `unknown` when one of them is such a type or has no Location.
   std::vector<std::pair<long, long>> taken;
   bool unknown = false;
   auto type_of_variable = [&](uint32_t var) {
      const long ptr = m.def(m.word(m.def(var), 1));
      return ptr >= 0 && m.op(ptr) == spv::OpTypePointer ? m.word(ptr, 3) : 0u;
   };
   for (size_t i = 0; i < m.insts.size(); ++i) {
      if (m.op(i) == spv::OpVariable && m.word(i, 3) == spv::StorageClassInput && listed(m.word(i, 2))) {
         bool located = false, builtin = false;
         for (size_t k = 0; k < m.insts.size(); ++k)
            if (m.op(k) == spv::OpDecorate && m.word(k, 1) == m.word(i, 2)) {
               located = located || m.word(k, 2) == spv::DecorationLocation;
               builtin = builtin || m.word(k, 2) == spv::DecorationBuiltIn;
            }
         const long n = locations_of(m, type_of_variable(m.word(i, 2)));
         if (!builtin && (!located || n < 0))
            unknown = true;  // a block or struct, its members located one by one
      }
      if (m.op(i) == spv::OpDecorate && m.word_count(i) >= 4 && m.word(i, 2) == spv::DecorationLocation) {
         const long def = m.def(m.word(i, 1));
         if (def < 0 || m.op(def) != spv::OpVariable || m.word(def, 3) != spv::StorageClassInput || !listed(m.word(i, 1)))
            continue;
         const long n = locations_of(m, type_of_variable(m.word(i, 1)));
         taken.emplace_back(m.word(i, 3), n < 0 ? std::numeric_limits<long>::max() : m.word(i, 3) + n);
      }
   }
   auto overlaps = [&](long first, long last) {
      for (const auto &[a, b] : taken)
         if (first < b && a < last)
            return true;
      return false;
   };

   std::vector<redirect> plans;
   // Two-sided colour: each front colour the shader reads, and its back twin's location.
   for (const auto &pair : options.two_side_colors) {
      int fronts = 0;
      const uint32_t front = input_at(pair.front_location, &fronts);
      if (!front)
         continue;  // the shader does not read this colour
      const std::string at = "location " + std::to_string(pair.front_location);
      if (fronts > 1)
         return fail(error, "The front colour at " + at + " is split by Component into several inputs, which "
                            "two-sided colour does not select one by one.");
      for (size_t i = 0; i < m.insts.size(); ++i)
         if (m.op(i) == spv::OpGroupDecorate)
            for (unsigned k = 2; k < m.word_count(i); ++k)
               if (m.word(i, k) == front)
                  return fail(error, "The front colour at " + at + " takes decorations from a decoration group, "
                                     "which two-sided colour does not copy to the back colour.");
      if (unknown)
         return fail(error, "The fragment shader has an input block, struct or array of specialised length, whose "
                            "locations two-sided colour does not work out to place the back colour.");
      const long n = locations_of(m, type_of_variable(front));
      if (overlaps(pair.back_location, pair.back_location + n))
         return fail(error, "The fragment shader already has an input at location " +
                               std::to_string(pair.back_location) + ", where two-sided colour puts the back colour.");
      taken.emplace_back(pair.back_location, pair.back_location + n);  // later pairs must not reuse it
      redirect p;
      p.kind = redirect::two_side;
      p.back_location = pair.back_location;
      if (!analyse(front, "The front colour input at location " + std::to_string(pair.front_location),
                   "two-sided colour selects by facing", false, &p))
         return false;
      plans.push_back(std::move(p));
   }
   // Point sprites: each replaced texture coordinate, and the shader's own PointCoord under a
   // lower-left origin.
   for (uint32_t location : options.sprite_coord_locations) {
      for (const redirect &q : plans)
         if (q.kind == redirect::two_side && input_at(location, nullptr) == q.input)
            return fail(error, "Location " + std::to_string(location) +
                                  " is both a two-sided colour and a replaced sprite coordinate.");
      int count = 0;
      const uint32_t var = input_at(location, &count);
      const std::string at = "location " + std::to_string(location);
      // An input spanning the location from an earlier one (an array, a matrix) is a coordinate
      // the pass cannot replace alone.
      for (const auto &[first, last] : taken)
         if (first < static_cast<long>(location) && static_cast<long>(location) < last)
            return fail(error, "An input from location " + std::to_string(first) + " spans " + at +
                                  ", whose texture coordinate a point sprite's replaces: the pass replaces whole "
                                  "inputs only.");
      if (!var)
         continue;
      if (count > 1)
         return fail(error, "The texture coordinate at " + at + " is split by Component into several inputs, which "
                            "the sprite's coordinates do not replace one by one.");
      for (size_t i = 0; i < m.insts.size(); ++i)
         if (m.op(i) == spv::OpDecorate && m.word(i, 1) == var && m.word(i, 2) == spv::DecorationComponent &&
             m.word(i, 3) != 0)
            return fail(error, "The texture coordinate at " + at + " starts at component " +
                                  std::to_string(m.word(i, 3)) + ", where the sprite's (s, t, 0, 1) does not.");
      redirect p;
      p.kind = redirect::sprite_coord;
      if (!analyse(var, "The texture coordinate input at location " + std::to_string(location),
                   "a point sprite's coordinates replace", true, &p))
         return false;
      plans.push_back(std::move(p));
   }
   if (options.point_coord_lower_left)
      if (const uint32_t own = builtin_input(m, spv::BuiltInPointCoord, listed); own && listed(own)) {
         redirect p;
         p.kind = redirect::point_coord;
         if (!analyse(own, "The shader's PointCoord", "the lower-left sprite origin flips", true, &p))
            return false;
         if (p.components != 2)
            return fail(error, "The shader's PointCoord is not a vec2.");
         plans.push_back(std::move(p));
      }

   // The line stipple's segment input: its location must be free.
   if (options.line_stipple) {
      if (unknown)
         return fail(error, "The fragment shader has an input block, struct or array of specialised length, whose "
                            "locations the line stipple does not work out to place its segment input.");
      if (overlaps(options.line_stipple_location, long(options.line_stipple_location) + 1))
         return fail(error, "The fragment shader already has an input at location " +
                               std::to_string(options.line_stipple_location) +
                               ", where the line stipple puts its segment input.");
   }

   if (plans.empty() && !stipple) {
      out->assign(module.begin(), module.end());  // nothing the shader reads changes
      return true;
   }

   // Globals: the back inputs, FrontFacing and PointCoord as needed, the Function pointer types.
   uint32_t front_facing = 0, point_coord = 0;
   for (redirect &p : plans) {
      if (p.kind == redirect::two_side && !front_facing)
         front_facing = input_builtin(spv::BuiltInFrontFacing, g.t_bool());
      if (p.kind != redirect::two_side && !point_coord)
         point_coord = input_builtin(spv::BuiltInPointCoord, g.t_fvec(2));
      if (p.kind == redirect::two_side) {
         p.back = t.fresh();
         t.raw(spv::OpVariable, {p.p_input, p.back, spv::StorageClassInput});
         for (size_t w = 0; w < p.decorations.size(); w += p.decorations[w] >> 16) {
            std::vector<uint32_t> inst(p.decorations.begin() + w, p.decorations.begin() + w + (p.decorations[w] >> 16));
            inst[1] = p.back;
            decorations.insert(decorations.end(), inst.begin(), inst.end());
         }
         d.raw(spv::OpDecorate, {p.back, spv::DecorationLocation, p.back_location});
         interface_additions.push_back(p.back);
      }
      p.p_local = t.fresh();
      t.raw(spv::OpTypePointer, {p.p_local, spv::StorageClassFunction, p.type});
      for (auto &c : p.chain_types) {
         const uint32_t pointer = t.fresh();
         t.raw(spv::OpTypePointer, {pointer, spv::StorageClassFunction, c.second});
         c.second = pointer;
      }
   }

   // The new first block: its variables (head), then its code.
   std::vector<uint32_t> head, code;
   spirv_emitter h{&head, &bound}, e{&code, &bound};
   const uint32_t first = h.fresh();
   h.raw(spv::OpLabel, {first});
   const uint32_t facing = front_facing ? e.op(spv::OpLoad, g.t_bool(), {front_facing}) : 0;
   // GL's sprite coordinates: (s, t) from PointCoord, t flipped for a lower-left origin.
   uint32_t sprite_s = 0, sprite_t = 0;
   if (point_coord) {
      const uint32_t pc = e.op(spv::OpLoad, g.t_fvec(2), {point_coord});
      sprite_s = e.op(spv::OpCompositeExtract, g.t_float(), {pc, 0});
      sprite_t = e.op(spv::OpCompositeExtract, g.t_float(), {pc, 1});
      if (options.point_coord_lower_left)
         sprite_t = e.op(spv::OpFSub, g.t_float(), {g.c_float(1.0f), sprite_t});
   }
   for (redirect &p : plans) {
      p.local = h.fresh();
      h.raw(spv::OpVariable, {p.p_local, p.local, spv::StorageClassFunction});
      uint32_t value = 0;
      if (p.kind == redirect::two_side) {
         const uint32_t f = e.op(spv::OpLoad, p.type, {p.input});
         const uint32_t b = e.op(spv::OpLoad, p.type, {p.back});
         // SPIR-V before 1.4 selects vectors by a vector of booleans only.
         uint32_t condition = facing;
         if (p.components > 1) {
            std::vector<uint32_t> parts(p.components, facing);
            condition = e.op(spv::OpCompositeConstruct, g.t_vec(g.t_bool(), p.components), parts);
         }
         value = e.op(spv::OpSelect, p.type, {condition, f, b});
      } else {
         // (s, t, 0, 1), as many components as the input has.
         const uint32_t parts[4] = {sprite_s, sprite_t, g.c_float(0.0f), g.c_float(1.0f)};
         value = p.components == 1 ? sprite_s
                                   : e.op(spv::OpCompositeConstruct, p.type,
                                          std::span<const uint32_t>(parts, p.components));
      }
      e.raw(spv::OpStore, {p.local, value});
   }
   uint32_t off = 0, kill = 0;
   const uint32_t frag_coord = stipple ? input_builtin(spv::BuiltInFragCoord, g.t_fvec(4)) : 0;
   if (options.polygon_stipple) {
      const uint32_t t_int = g.t_int(), t_bool = g.t_bool(), t_v4 = g.t_fvec(4), t_float = g.t_float();
      const uint32_t c0 = g.c_int(0), c1 = g.c_int(1), c31 = g.c_int(31), c32 = g.c_int(32);
      std::array<uint32_t, 32> rows;
      for (unsigned y = 0; y < 32; ++y) {
         if (!options.stipple_spec_id) {
            rows[y] = g.c_int(static_cast<int32_t>(options.stipple_rows[y]));
            continue;
         }
         rows[y] = t.fresh();
         t.raw(spv::OpSpecConstant, {t_int, rows[y], options.stipple_rows[y]});
         d.raw(spv::OpDecorate, {rows[y], spv::DecorationSpecId, *options.stipple_spec_id + y});
      }
      const uint32_t t_rows = t.fresh();
      t.raw(spv::OpTypeArray, {t_rows, t_int, c32});
      const uint32_t pattern = t.fresh();
      std::vector<uint32_t> pattern_ops = {t_rows, pattern};
      pattern_ops.insert(pattern_ops.end(), rows.begin(), rows.end());
      t.raw(options.stipple_spec_id ? spv::OpSpecConstantComposite : spv::OpConstantComposite, pattern_ops);
      const uint32_t p_rows = t.fresh(), p_int = t.fresh();
      t.raw(spv::OpTypePointer, {p_rows, spv::StorageClassFunction, t_rows});
      t.raw(spv::OpTypePointer, {p_int, spv::StorageClassFunction, t_int});
      const uint32_t var = h.fresh();
      h.raw(spv::OpVariable, {p_rows, var, spv::StorageClassFunction, pattern});
      const uint32_t fc = e.op(spv::OpLoad, t_v4, {frag_coord});
      const uint32_t x = e.op(spv::OpConvertFToS, t_int, {e.op(spv::OpCompositeExtract, t_float, {fc, 0})});
      const uint32_t y = e.op(spv::OpConvertFToS, t_int, {e.op(spv::OpCompositeExtract, t_float, {fc, 1})});
      const uint32_t row = e.op(spv::OpBitwiseAnd, t_int, {y, c31});
      const uint32_t word = e.op(spv::OpLoad, t_int, {e.op(spv::OpAccessChain, p_int, {var, row})});
      const uint32_t bit = e.op(spv::OpBitwiseAnd, t_int,
                                {e.op(spv::OpShiftRightLogical, t_int, {word, e.op(spv::OpBitwiseAnd, t_int, {x, c31})}), c1});
      off = e.op(spv::OpIEqual, t_bool, {bit, c0});
   }
   if (options.line_stipple) {
      // The segment input (first, direction, axis, base) and the fragment's column and row.
      const uint32_t t_int = g.t_int(), t_bool = g.t_bool(), t_float = g.t_float(), t_iv4 = g.t_vec(t_int, 4);
      const uint32_t p_iv4 = t.fresh(), segment = t.fresh();
      t.raw(spv::OpTypePointer, {p_iv4, spv::StorageClassInput, t_iv4});
      t.raw(spv::OpVariable, {p_iv4, segment, spv::StorageClassInput});
      d.raw(spv::OpDecorate, {segment, spv::DecorationLocation, options.line_stipple_location});
      d.raw(spv::OpDecorate, {segment, spv::DecorationFlat});
      interface_additions.push_back(segment);
      const uint32_t fc = e.op(spv::OpLoad, g.t_fvec(4), {frag_coord});
      const uint32_t seg = e.op(spv::OpLoad, t_iv4, {segment});
      const uint32_t x = e.op(spv::OpConvertFToS, t_int, {e.op(spv::OpCompositeExtract, t_float, {fc, 0})});
      const uint32_t y = e.op(spv::OpConvertFToS, t_int, {e.op(spv::OpCompositeExtract, t_float, {fc, 1})});
      auto part = [&](uint32_t k) { return e.op(spv::OpCompositeExtract, t_int, {seg, k}); };
      const uint32_t first_cell = part(0), direction = part(1), axis = part(2), base = part(3);
      const uint32_t cell = e.op(spv::OpSelect, t_int, {e.op(spv::OpIEqual, t_bool, {axis, g.c_int(0)}), x, y});
      const uint32_t s_counter = e.op(
         spv::OpIAdd, t_int, {base, e.op(spv::OpIMul, t_int, {e.op(spv::OpISub, t_int, {cell, first_cell}), direction})});
      // The counter is never negative in a fragment of the segment; the mask keeps the bit
      // index in range for any other.
      const uint32_t index = e.op(
         spv::OpBitwiseAnd, t_int,
         {e.op(spv::OpSDiv, t_int, {s_counter, g.c_int(static_cast<int32_t>(options.line_stipple_factor))}),
          g.c_int(15)});
      const uint32_t bit = e.op(
         spv::OpBitwiseAnd, t_int,
         {e.op(spv::OpShiftRightLogical, t_int, {g.c_int(options.line_stipple_pattern), index}), g.c_int(1)});
      const uint32_t line_off = e.op(spv::OpIEqual, t_bool, {bit, g.c_int(0)});
      off = off ? e.op(spv::OpLogicalOr, t_bool, {off, line_off}) : line_off;
   }
   if (stipple)
      kill = e.fresh();
   if (bound > spirv_module::max_bound)
      return fail(error, "The lowered module would need more ids than SPIR-V allows.");

   // The entry function's reads of a redirected input go to its Function variable.
   auto rewritten = [&](size_t i, std::vector<uint32_t> *w) {
      if (in_function[i] != function)
         return;
      const spv::Op op = m.op(i);
      for (const redirect &p : plans) {
         if (op == spv::OpLoad && (*w)[3] == p.input)
            (*w)[3] = p.local;
         if ((op == spv::OpAccessChain || op == spv::OpInBoundsAccessChain) && (*w)[3] == p.input) {
            (*w)[1] = p.chain_types.at((*w)[2]);
            (*w)[3] = p.local;
         }
      }
   };

   // Assemble: the header's bound; the interface with the added inputs; decorations before the
   // first type; the new globals before the first function; the new block in front of the entry
   // function's first block, which gives it its variables.
   std::vector<uint32_t> result(m.words.begin(), m.words.begin() + 5);
   result[3] = bound;
   bool decorations_done = false, globals_done = false;
   // Demote: its capability after the module's own, its extension (before SPIR-V 1.6) after theirs.
   const bool demote = stipple && options.stipple_demote;
   bool capability_done = !demote, extension_done = !demote || m.words[1] >= 0x00010600u;
   for (size_t i = 0; i < m.insts.size() && demote; ++i) {
      capability_done = capability_done ||
                        (m.op(i) == spv::OpCapability && m.word(i, 1) == spv::CapabilityDemoteToHelperInvocation);
      extension_done = extension_done ||
                       (m.op(i) == spv::OpExtension && m.literal_string(i, 1) == "SPV_EXT_demote_to_helper_invocation");
   }
   for (size_t i = 0; i < m.insts.size(); ++i) {
      const spv::Op op = m.op(i);
      std::vector<uint32_t> words(m.inst_words(i).begin(), m.inst_words(i).end());
      rewritten(i, &words);
      if (!capability_done && op != spv::OpCapability) {
         capability_done = true;
         result.insert(result.end(), {(2u << 16) | spv::OpCapability, spv::CapabilityDemoteToHelperInvocation});
      }
      if (!extension_done && op != spv::OpCapability && op != spv::OpExtension) {
         extension_done = true;
         const char name[] = "SPV_EXT_demote_to_helper_invocation";  // 35 characters and a NUL: 9 words
         std::vector<uint32_t> literal((sizeof name + 3) / 4, 0);
         std::memcpy(literal.data(), name, sizeof name);
         result.push_back(static_cast<uint32_t>((1 + literal.size()) << 16) | spv::OpExtension);
         result.insert(result.end(), literal.begin(), literal.end());
      }
      if (!decorations_done && is_type_or_global(op)) {
         decorations_done = true;
         result.insert(result.end(), decorations.begin(), decorations.end());
      }
      if (!globals_done && op == spv::OpFunction) {
         globals_done = true;
         result.insert(result.end(), g.declarations().begin(), g.declarations().end());
         result.insert(result.end(), types.begin(), types.end());
      }
      if (static_cast<long>(i) == entry && !interface_additions.empty()) {
         words.insert(words.end(), interface_additions.begin(), interface_additions.end());
         words[0] = static_cast<uint32_t>(words.size() << 16) | spv::OpEntryPoint;
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
      if (j >= m.insts.size() || m.op(j) != spv::OpLabel)
         return fail(error, "The entry function has no first block.");
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
      if (stipple) {
         tail.raw(spv::OpSelectionMerge, {old_first, spv::SelectionControlMaskNone});
         tail.raw(spv::OpBranchConditional, {off, kill, old_first});
         tail.raw(spv::OpLabel, {kill});
         if (demote) {
            tail.raw(spv::OpDemoteToHelperInvocation, {});
            tail.raw(spv::OpBranch, {old_first});
         } else {
            tail.raw(spv::OpKill, {});
         }
      } else {
         tail.raw(spv::OpBranch, {old_first});
      }
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
