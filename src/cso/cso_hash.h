// The CSO caches' word mixing: a 64x64 -> 128-bit multiply folded to 64 bits, and the per-word constants.
#pragma once

#include <cstdint>

namespace clampler::cso_detail {

inline uint64_t mum(uint64_t a, uint64_t b) {
   const __uint128_t r = static_cast<__uint128_t>(a) * b;
   return static_cast<uint64_t>(r) ^ static_cast<uint64_t>(r >> 64);
}

// One constant per key word, so word order matters (an XOR fold collides on swapped words).
constexpr uint64_t kWordSalt[8] = {0xA0761D6478BD642Full, 0xE7037ED1A0B428DBull, 0x8EBC6AF09C88C6E3ull,
                                   0x589965CC75374CC3ull, 0x1D8E4E27C47D124Full, 0x9E3779B97F4A7C15ull,
                                   0xD6E8FEB86659FD93ull, 0x2D358DCCAA6C78A5ull};

}  // namespace clampler::cso_detail
