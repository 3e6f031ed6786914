// The project's own pseudo-random generator (splitmix64 seeding xoshiro256**), so that the same
// seed gives the same records on every platform and compiler. No standard-library distribution
// is used anywhere in scribe.
#pragma once

#include <cstdint>
#include <vector>

namespace scribe::engine {

class Random {
 public:
  // Seeds the generator; equal seeds give equal sequences everywhere.
  explicit Random(std::uint64_t seed);

  // Returns the next 64 random bits (xoshiro256**). Inline: the samplers draw it in their
  // innermost loops.
  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  // Returns a uniform integer in [0, n); n must be positive.
  std::uint64_t below(std::uint64_t n);
  // Returns a uniform double in [0, 1) built from 53 bits.
  double unit();
  // Returns an index drawn with the given weights (not all zero).
  std::size_t weighted(const std::vector<double>& weights) {
    return weighted(weights.data(), weights.size());
  }
  // The same over the n weights from `weights`.
  std::size_t weighted(const double* weights, std::size_t n);

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

  std::uint64_t s_[4];
};

}  // namespace scribe::engine
