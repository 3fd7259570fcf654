// spirv_lower_tex: the pass's driver — finds the lookups on the bindings a shader key lowers (GL_CLAMP, mirror clamps, shadow swizzles), has each rewritten (spirv_lower_lookup.cpp) and assembles the module.
#include "clampler/spirv/spirv_lower_tex.h"

#include <cmath>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "spirv_lowerer.h"

namespace clampler {

namespace spirv {

// Loads that read a swizzled shadow result back from a Function variable (unoptimised
// `float d = texture(...); vec4(d)`): the variable has no initializer, one store (that result),
// is used only by loads and that store, and the load follows the store in the same block.
// Returns load id -> shadow result id.
std::unordered_map<uint32_t, uint32_t> lowerer::shadow_loads() const {
   std::unordered_map<uint32_t, uint32_t> loads;
   if (shadow_results_.empty())
      return loads;
   std::unordered_map<uint32_t, std::pair<uint32_t, size_t>> stored;  // variable -> (result, store index)
   for (size_t i = 0; i < m_.insts.size(); ++i) {
      if (m_.op(i) != spv::OpStore || !shadow_results_.count(m_.word(i, 2)))
         continue;
      const long v = m_.def(m_.word(i, 1));
      if (v >= 0 && m_.op(v) == spv::OpVariable && m_.word_count(v) == 4 && m_.word(v, 3) == spv::StorageClassFunction)
         stored.emplace(m_.word(i, 1), std::make_pair(m_.word(i, 2), i));
   }
   if (stored.empty())
      return loads;
   std::unordered_map<uint32_t, bool> ok;
   for (const auto &[v, unused] : stored)
      ok[v] = true;
   for (size_t i = 0; i < m_.insts.size(); ++i) {
      const spv::Op op = m_.op(i);
      if (op == spv::OpName || op == spv::OpDecorate || op == spv::OpVariable)
         continue;
      for (unsigned k = 1; k < m_.word_count(i); ++k) {
         const auto it = ok.find(m_.word(i, k));
         if (it == ok.end())
            continue;
         const bool store = op == spv::OpStore && k == 1 && stored.at(it->first).second == i;
         const bool load = op == spv::OpLoad && k == 3;
         if (!store && !load)
            it->second = false;
      }
   }
   for (const auto &[v, what] : stored) {
      if (!ok.at(v))
         continue;
      for (size_t i = what.second + 1; i < m_.insts.size() && m_.op(i) != spv::OpLabel && m_.op(i) != spv::OpFunctionEnd; ++i)
         if (m_.op(i) == spv::OpLoad && m_.word(i, 3) == v)
            loads.emplace(m_.word(i, 2), what.first);
   }
   return loads;
}

void lowerer::assemble(std::vector<uint32_t> *out) {
   out->clear();
   out->reserve(m_.words.size() + globals().declarations().size() + code_.size() + 16);
   out->insert(out->end(), m_.words.begin(), m_.words.begin() + 5);
   (*out)[3] = bound_;
   const std::unordered_map<uint32_t, uint32_t> loads = shadow_loads();
   bool caps_done = false, import_done = false, globals_done = false;
   size_t next_replaced = 0;
   for (size_t i = 0; i < m_.insts.size(); ++i) {
      const spv::Op op = m_.op(i);
      if (!caps_done && op != spv::OpCapability) {
         caps_done = true;
         globals().write_capabilities(out);
      }
      if (!import_done && op != spv::OpCapability && op != spv::OpExtension && op != spv::OpExtInstImport) {
         import_done = true;
         globals().write_import(out);
      }
      if (!globals_done && op == spv::OpFunction) {
         globals_done = true;
         out->insert(out->end(), globals().declarations().begin(), globals().declarations().end());
      }
      if (next_replaced < replaced_.size() && replaced_[next_replaced].first == i) {
         const auto [b, e] = replaced_[next_replaced].second;
         out->insert(out->end(), code_.begin() + static_cast<long>(b), code_.begin() + static_cast<long>(e));
         ++next_replaced;
         continue;
      }
      const auto words = m_.inst_words(i);
      const size_t start = out->size();
      out->insert(out->end(), words.begin(), words.end());
      // vec4(shadow result): the whole swizzle.
      if (op == spv::OpCompositeConstruct && words.size() == 7 && !shadow_results_.empty() && words[3] == words[4] &&
          words[3] == words[5] && words[3] == words[6]) {
         const auto load = loads.find(words[3]);
         const auto it = shadow_results_.find(load != loads.end() ? load->second : words[3]);
         const long vt = m_.def(words[1]);
         const bool vec4 = vt >= 0 && m_.op(vt) == spv::OpTypeVector && m_.word(vt, 3) == 4 &&
                           m_.word(vt, 2) == globals().float_type();
         if (it != shadow_results_.end() && vec4) {
            for (unsigned c = 0; c < 4; ++c) {
               const pipe_swizzle s = it->second.swizzle[c];
               (*out)[start + 3 + c] = s == PIPE_SWIZZLE_0   ? globals().float_constant(0.0f)
                                       : s == PIPE_SWIZZLE_1 ? globals().float_constant(1.0f)
                                                             : it->second.value;
            }
         }
      }
   }
}

bool lowerer::run(std::vector<uint32_t> *out, spirv_lower_tex_stats *stats) {
   spirv_lower_tex_stats local;
   for (size_t i = 0; i < m_.insts.size(); ++i) {
      const spv::Op op = m_.op(i);
      const bool query_lod = op == spv::OpImageQueryLod;
      if (!is_sample_op(op) && !is_sparse_sample_op(op) && !query_lod)
         continue;
      local.lookups_seen += query_lod ? 0 : 1;
      bool lowered = false;
      if (!lower_lookup(i, &lowered))
         return false;
      (query_lod ? local.queries_lowered : local.lookups_lowered) += lowered ? 1 : 0;
   }
   if (bound_ > spirv_module::max_bound)
      return fail("The lowered module would need more ids than SPIR-V allows.");
   if (local.lookups_lowered == 0 && local.queries_lowered == 0)
      out->assign(m_.words.begin(), m_.words.end());
   else
      assemble(out);
   if (stats)
      *stats = local;
   return true;
}

}  // namespace spirv

namespace {

using spirv::is_sample_op;
using spirv::is_sparse_sample_op;
using spirv::lowerer;
using spirv::spirv_module;

}  // namespace

bool spirv_lower_tex(std::span<const uint32_t> module, const spirv_lower_tex_options &options,
                     std::vector<uint32_t> *out, std::string *error, spirv_lower_tex_stats *stats) {
   spirv_module m;
   if (!m.parse(module, error))
      return false;
   if (options.key.empty()) {  // nothing to lower: the input as it is
      if (stats) {
         *stats = {};
         for (size_t i = 0; i < m.insts.size(); ++i)
            stats->lookups_seen += is_sample_op(m.op(i)) || is_sparse_sample_op(m.op(i)) ? 1 : 0;
      }
      out->assign(module.begin(), module.end());
      return true;
   }
   for (unsigned i = 0; i < MAX_SAMPLERS; ++i) {
      const spirv_sampler_lod &lod = options.lod[i];
      if (std::isnan(lod.lod_bias) || std::isnan(lod.min_lod) || std::isnan(lod.max_lod)) {
         *error = "The LOD values of sampler index " + std::to_string(i) +
                  " are not numbers; a Vulkan sampler's mipLodBias, minLod and maxLod never are.";
         return false;
      }
   }
   for (size_t i = 0; i < m.insts.size(); ++i) {
      if (m.op(i) == spv::OpGroupDecorate || m.op(i) == spv::OpGroupMemberDecorate) {
         // Bindings given through a decoration group would go unseen: refuse rather than skip.
         *error = "The module decorates through OpDecorationGroup (instruction " + std::to_string(i) +
                  "), which the pass does not follow to find descriptor bindings.";
         return false;
      }
   }
   std::vector<uint32_t> result;
   lowerer l(m, options, error);
   if (!l.run(&result, stats))
      return false;
   *out = std::move(result);
   return true;
}

}  // namespace clampler
