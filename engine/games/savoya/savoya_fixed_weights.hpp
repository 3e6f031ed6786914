// An index drawn with fixed weights exactly as Random::weighted draws it from the same generator
// state, for the roll `generate` draws before every Savoya ply. Random::weighted scales a uniform
// double by the weights' sum and walks the weights, subtracting each in turn until the rest is
// below one: a chain of dependent subtractions for every draw. Each step is monotone in the
// scaled double (a rounded subtraction, then a comparison), so the index it returns grows with
// that double: it is the number of fixed thresholds at or below it. The thresholds are found
// once, by bisection over the doubles with the walk itself, and a draw compares against them.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "engine/core/random.hpp"

namespace scribe::engine::savoya {

template <std::size_t N>
class FixedWeights {
 public:
  // The weights must be non-negative, not all zero.
  explicit FixedWeights(const std::array<double, N>& weights) : w_(weights) {
    for (const double x : w_) total_ += x;  // in order, as Random::weighted adds them
    // Non-negative doubles order as their bit patterns: bisect on the patterns in [0, total].
    const std::uint64_t top = std::bit_cast<std::uint64_t>(total_);
    for (std::size_t i = 0; i + 1 < N; ++i) {
      auto past = [&](std::uint64_t p) { return walk(std::bit_cast<double>(p)) > i; };
      if (!past(top)) {
        at_[i] = std::numeric_limits<double>::infinity();
        continue;
      }
      std::uint64_t lo = 0, hi = top;  // the first pattern past i is in [lo, hi]
      while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if (past(mid))
          hi = mid;
        else
          lo = mid + 1;
      }
      at_[i] = std::bit_cast<double>(lo);
    }
  }

  // Draws as rng.weighted(weights.data(), N) does, leaving `rng` as it leaves it.
  std::size_t draw(Random& rng) const { return index_of(rng.unit() * total_); }

  // The index for the scaled double `x`, from the thresholds.
  // The thresholds grow with i (an index past i is past every smaller one), so their count at or
  // below x is found by halving: the count lies in [base, base + len], and each step looks at
  // the half-th threshold of that range. The steps depend on N alone and the choices are
  // arithmetic: a few comparisons and no branch on x, instead of one comparison per threshold.
  std::size_t index_of(double x) const {
    std::size_t base = 0, len = N - 1;
    while (len > 1) {
      const std::size_t half = len / 2;
      base += at_[base + half - 1] <= x ? half : 0;
      len -= half;
    }
    return base + (len == 1 && at_[base] <= x ? 1 : 0);
  }

  // The index for `x` as Random::weighted's walk finds it.
  std::size_t walk(double x) const {
    for (std::size_t i = 0; i < N; ++i) {
      if (x < w_[i]) return i;
      x -= w_[i];
    }
    for (std::size_t i = N; i-- > 0;)  // rounding left x at the top: the last index with weight
      if (w_[i] > 0) return i;
    return 0;
  }

  // The smallest scaled double whose index is past i (infinity when there is none).
  double threshold(std::size_t i) const { return at_[i]; }
  double total() const { return total_; }

 private:
  std::array<double, N> w_;
  double total_ = 0;
  std::array<double, N - 1> at_{};
};

}  // namespace scribe::engine::savoya
