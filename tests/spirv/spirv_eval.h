// A tiny evaluator of the arithmetic the lowering pass emits, to check lowered coordinates numerically.
#pragma once

#ifndef SPV_ENABLE_UTILITY_CODE
#define SPV_ENABLE_UTILITY_CODE  // spv::HasResultAndType; include this header before any other spirv.hpp user
#endif
#include <spirv/unified1/GLSL.std.450.h>
#include <spirv/unified1/spirv.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <map>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace clampler::spirv_test {

// Evaluates ids of a fragment shader for one pixel: Input variables by OpName, screen-space
// derivatives as the difference with the pixel one step right / up (inputs + dx / + dy), image
// size queries answered with `size`. Throws on an instruction it does not know.
class evaluator {
public:
   using value = std::vector<double>;

   evaluator(std::span<const uint32_t> words, std::map<std::string, value> inputs, std::map<std::string, value> dx = {},
             std::map<std::string, value> dy = {}, value size = {})
       : words_(words), inputs_(std::move(inputs)), dx_(std::move(dx)), dy_(std::move(dy)), size_(std::move(size)) {
      for (size_t pos = 5; pos < words.size(); pos += words[pos] >> 16) {
         const uint32_t op = words[pos] & 0xffffu;
         bool has_result = false, has_type = false;
         spv::HasResultAndType(static_cast<spv::Op>(op), &has_result, &has_type);
         if (has_result)
            def_[words[pos + (has_type ? 2 : 1)]] = pos;
         if (op == spv::OpName)
            names_[words[pos + 1]] = std::string(reinterpret_cast<const char *>(&words[pos + 2]));
         insts_.push_back(pos);
      }
   }

   // The instructions with opcode `op`, as spans of their words.
   std::vector<std::span<const uint32_t>> find(spv::Op op) const {
      std::vector<std::span<const uint32_t>> r;
      for (size_t pos : insts_)
         if ((words_[pos] & 0xffffu) == static_cast<uint32_t>(op))
            r.push_back(words_.subspan(pos, words_[pos] >> 16));
      return r;
   }

   value eval(uint32_t id) {
      if (auto it = memo_.find(id); it != memo_.end())
         return it->second;
      value v = compute(id);
      memo_[id] = v;
      return v;
   }

private:
   static float as_float(uint32_t bits) {
      float f;
      std::memcpy(&f, &bits, 4);
      return f;
   }
   bool is_float_type(uint32_t type) const {
      const uint32_t *t = &words_[def_.at(type)];
      if ((t[0] & 0xffffu) == spv::OpTypeVector)
         return is_float_type(t[2]);
      return (t[0] & 0xffffu) == spv::OpTypeFloat;
   }
   value derivative(uint32_t id, const std::map<std::string, value> &step) {
      std::map<std::string, value> moved = inputs_;
      for (const auto &[name, d] : step)
         for (size_t c = 0; c < d.size(); ++c)
            moved[name][c] += d[c];
      evaluator next(words_, moved, {}, {}, size_);
      const value a = eval(id), b = next.eval(id);
      value r(a.size());
      for (size_t c = 0; c < a.size(); ++c)
         r[c] = b[c] - a[c];
      return r;
   }

   value compute(uint32_t id) {
      const size_t pos = def_.at(id);
      const uint32_t *w = &words_[pos];
      const auto op = static_cast<spv::Op>(w[0] & 0xffffu);
      const unsigned wc = w[0] >> 16;
      auto binary = [&](auto f) {
         const value a = eval(w[3]), b = eval(w[4]);
         if (b.size() != a.size() && b.size() != 1)
            throw std::runtime_error("evaluator: operand sizes differ at %" + std::to_string(id));
         value r(a.size());
         for (size_t c = 0; c < a.size(); ++c)
            r[c] = f(a[c], b.size() == 1 ? b[0] : b[c]);
         return r;
      };
      switch (op) {
      case spv::OpConstant:
         return {is_float_type(w[1]) ? static_cast<double>(as_float(w[3])) : static_cast<double>(static_cast<int32_t>(w[3]))};
      case spv::OpConstantComposite:
      case spv::OpCompositeConstruct: {
         value r;
         for (unsigned k = 3; k < wc; ++k) {
            const value part = eval(w[k]);
            r.insert(r.end(), part.begin(), part.end());
         }
         return r;
      }
      case spv::OpLoad: {
         const auto name = names_.find(w[3]);
         if (name != names_.end() && inputs_.count(name->second))
            return inputs_.at(name->second);
         // A component of an input vector: OpAccessChain %var %constant.
         const auto chain = def_.find(w[3]);
         if (chain != def_.end() && (words_[chain->second] & 0xffffu) == spv::OpAccessChain &&
             (words_[chain->second] >> 16) == 5) {
            const auto base = names_.find(words_[chain->second + 3]);
            if (base != names_.end() && inputs_.count(base->second))
               return {inputs_.at(base->second).at(static_cast<size_t>(eval(words_[chain->second + 4]).at(0)))};
         }
         return {};  // sampled images and anything else the arithmetic does not read
      }
      case spv::OpCompositeExtract: return {eval(w[3]).at(w[4])};
      case spv::OpCompositeInsert: {
         value r = eval(w[4]);
         r.at(w[5]) = eval(w[3]).at(0);
         return r;
      }
      case spv::OpVectorShuffle: {
         value a = eval(w[3]);
         const value b = eval(w[4]);
         const value all = [&] { value t = a; t.insert(t.end(), b.begin(), b.end()); return t; }();
         value r;
         for (unsigned k = 5; k < wc; ++k)
            r.push_back(all.at(w[k]));
         return r;
      }
      case spv::OpCopyObject: return eval(w[3]);
      case spv::OpConvertSToF: return eval(w[3]);
      case spv::OpFAdd: return binary([](double a, double b) { return double(float(a + b)); });
      case spv::OpFSub: return binary([](double a, double b) { return double(float(a - b)); });
      case spv::OpFMul:
      case spv::OpVectorTimesScalar: return binary([](double a, double b) { return double(float(a * b)); });
      case spv::OpFDiv: return binary([](double a, double b) { return double(float(a / b)); });
      case spv::OpFOrdLessThanEqual: return binary([](double a, double b) { return a <= b ? 1.0 : 0.0; });
      case spv::OpFOrdGreaterThan: return binary([](double a, double b) { return a > b ? 1.0 : 0.0; });
      case spv::OpSelect: return eval(w[3])[0] != 0.0 ? eval(w[4]) : eval(w[5]);
      case spv::OpDPdx: return derivative(w[3], dx_);
      case spv::OpDPdy: return derivative(w[3], dy_);
      case spv::OpImage: return {};
      case spv::OpImageQuerySize:
      case spv::OpImageQuerySizeLod: return size_;
      case spv::OpExtInst: {
         std::vector<value> a;
         for (unsigned k = 5; k < wc; ++k)
            a.push_back(eval(w[k]));
         value r(a[0].size());
         switch (w[4]) {
         case GLSLstd450FAbs:
            for (size_t c = 0; c < r.size(); ++c) r[c] = std::fabs(a[0][c]);
            return r;
         case GLSLstd450FClamp:
            for (size_t c = 0; c < r.size(); ++c) r[c] = std::fmin(std::fmax(a[0][c], a[1][c]), a[2][c]);
            return r;
         case GLSLstd450FMax:
            for (size_t c = 0; c < r.size(); ++c) r[c] = std::fmax(a[0][c], a[1][c]);
            return r;
         case GLSLstd450Floor:
            for (size_t c = 0; c < r.size(); ++c) r[c] = std::floor(a[0][c]);
            return r;
         case GLSLstd450Exp2:
            for (size_t c = 0; c < r.size(); ++c) r[c] = std::exp2(a[0][c]);
            return r;
         case GLSLstd450Log2:
            for (size_t c = 0; c < r.size(); ++c) r[c] = std::log2(a[0][c]);
            return r;
         case GLSLstd450Length: {
            double s = 0;
            for (double x : a[0]) s += x * x;
            return {std::sqrt(s)};
         }
         default: throw std::runtime_error("evaluator: GLSL.std.450 instruction " + std::to_string(w[4]));
         }
      }
      default: throw std::runtime_error("evaluator: opcode " + std::to_string(op));
      }
   }

   std::span<const uint32_t> words_;
   std::map<std::string, value> inputs_, dx_, dy_;
   value size_;
   std::map<uint32_t, size_t> def_;
   std::map<uint32_t, std::string> names_;
   std::vector<size_t> insts_;
   std::map<uint32_t, value> memo_;
};

}  // namespace clampler::spirv_test
