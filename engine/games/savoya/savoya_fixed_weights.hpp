// An index drawn with fixed weights exactly as Random::weighted draws it from the same generator
// state, for the roll `generate` draws before every Savoya ply. Random::weighted scales a uniform
// double by the weights' sum and walks the weights, subtracting each in turn until the rest is
// below one: a chain of dependent subtractions for every draw. Each step is monotone in the
// scaled double (a rounded subtraction, then a comparison), so the index it returns grows with
// that double: it is the number of fixed thresholds at or below it. The thresholds are found
// once, by bisection over the doubles with the walk itself, and a draw compares against them.
// The double grows with the generator's 53 bits it is made of, so the thresholds are found once
// more on those bits, and a table by the bits' top kBucketBits gives the index at once unless a
// threshold falls inside that range of bits (a draw in 4096 or so).
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
    for (std::size_t i = 0; i + 1 < N; ++i) {
      auto past = [&](std::uint64_t u) { return walk(scaled(u)) > i; };
      std::uint64_t lo = 0, hi = kUnitRange;  // the first bits past i are in [lo, hi]
      while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if (mid < kUnitRange && past(mid))
          hi = mid;
        else
          lo = mid + 1;
      }
      at_bits_[i] = lo;  // kUnitRange when no bits are past i
    }
    for (std::size_t b = 0; b < bucket_.size(); ++b) {
      const std::uint64_t first = std::uint64_t{b} << kBucketShift;
      const std::uint64_t last = first + ((std::uint64_t{1} << kBucketShift) - 1);
      const std::size_t at = index_of_bits(first);
      bucket_[b] = at == index_of_bits(last) ? static_cast<std::uint8_t>(at) : kMixed;
    }
  }

  // Draws as rng.weighted(weights.data(), N) does, leaving `rng` as it leaves it: from the 53
  // bits Random::unit makes its double of (savoya_fixed_weights_test.cpp holds the two equal).
  std::size_t draw(Random& rng) const {
    const std::uint64_t u = rng.next() >> 11;
    const std::uint8_t at = bucket_[u >> kBucketShift];
    return at != kMixed ? at : index_of_bits(u);
  }

  // The double Random::unit makes of the 53 bits u, scaled as Random::weighted scales it.
  double scaled(std::uint64_t u) const { return static_cast<double>(u) * 0x1.0p-53 * total_; }

  // The index for the 53 bits u, from their thresholds: the number at or below u (the bits are
  // counted at once, not halved, so that the comparisons do not wait on each other).
  std::size_t index_of_bits(std::uint64_t u) const {
    std::size_t n = 0;
    for (const std::uint64_t t : at_bits_) n += u >= t ? 1 : 0;
    return n;
  }
  std::uint64_t threshold_bits(std::size_t i) const { return at_bits_[i]; }

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
  static_assert(N < 255, "the bucket table holds an index in a byte");
  static constexpr std::uint64_t kUnitRange = std::uint64_t{1} << 53;  // Random::unit's bits
  static constexpr int kBucketBits = 12;
  static constexpr int kBucketShift = 53 - kBucketBits;
  static constexpr std::uint8_t kMixed = 0xFF;  // a bucket with a threshold inside

  std::array<double, N> w_;
  double total_ = 0;
  std::array<double, N - 1> at_{};
  std::array<std::uint64_t, N - 1> at_bits_{};
  std::array<std::uint8_t, std::size_t{1} << kBucketBits> bucket_{};
};

// Random::below(n) for an n fixed over several draws (the rejection sampler's trials), the
// bound below which a draw is kept worked out once: a 64-bit division less per draw. Draws as
// rng.below(n) does, leaving `rng` as it leaves it.
class FixedBelow {
 public:
  FixedBelow() = default;
  explicit FixedBelow(std::uint64_t n)
      : n_(n), limit_(~std::uint64_t{0} - (~std::uint64_t{0} % n)) {}

  std::uint64_t draw(Random& rng) const {
    std::uint64_t x;
    do {
      x = rng.next();
    } while (x >= limit_);
    return x % n_;
  }

 private:
  std::uint64_t n_ = 1;
  std::uint64_t limit_ = ~std::uint64_t{0};
};

}  // namespace scribe::engine::savoya
