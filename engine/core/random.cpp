#include "engine/core/random.hpp"

#include <cassert>

namespace scribe::engine {
namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace

Random::Random(std::uint64_t seed) {
  for (auto& word : s_) word = splitmix64(seed);
}

std::uint64_t Random::below(std::uint64_t n) {
  assert(n > 0);
  // Rejection sampling: unbiased and platform-independent.
  const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % n);
  std::uint64_t x;
  do {
    x = next();
  } while (x >= limit);
  return x % n;
}

double Random::unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

std::size_t Random::weighted(const double* weights, std::size_t n) {
  double total = 0;
  for (std::size_t i = 0; i < n; ++i) total += weights[i];
  double x = unit() * total;
  for (std::size_t i = 0; i < n; ++i) {
    if (x < weights[i]) return i;
    x -= weights[i];
  }
  // Rounding left x at the top: the last index with weight.
  for (std::size_t i = n; i-- > 0;)
    if (weights[i] > 0) return i;
  return 0;
}

}  // namespace scribe::engine
