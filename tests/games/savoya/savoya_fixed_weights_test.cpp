// FixedWeights draws the roll before every generated Savoya ply from thresholds instead of
// Random::weighted's walk: the same index from the same generator state, at the thresholds
// themselves and just below them as well as for random states.
#include <gtest/gtest.h>

#include <array>
#include <cmath>

#include "engine/core/random.hpp"
#include "engine/games/savoya/savoya_fixed_weights.hpp"

namespace scribe::engine::savoya::test {
namespace {

// Savoya's 21 rolls in the order 1-1, 2-1, 2-2, ...: a double weighs 1/36, any other roll 2/36.
std::array<double, 21> roll_weights() {
  std::array<double, 21> w{};
  int i = 0;
  for (int a = 1; a <= 6; ++a)
    for (int b = 1; b <= a; ++b) w[i++] = a == b ? 1.0 / 36 : 2.0 / 36;
  return w;
}

template <std::size_t N>
void expect_draws_as_weighted(const std::array<double, N>& w) {
  const FixedWeights<N> fixed(w);
  for (std::uint64_t seed = 1; seed <= 200000; ++seed) {
    Random a(seed), b(seed);
    ASSERT_EQ(fixed.draw(a), b.weighted(w.data(), N)) << "seed " << seed;
    ASSERT_EQ(a.next(), b.next()) << "seed " << seed;
  }
  // At each threshold and the double just below it, the two ways agree: there the index steps.
  for (std::size_t i = 0; i + 1 < N; ++i) {
    const double t = fixed.threshold(i);
    if (std::isinf(t)) continue;
    const double below = std::nextafter(t, 0.0);
    EXPECT_EQ(fixed.index_of(t), fixed.walk(t)) << i;
    EXPECT_EQ(fixed.index_of(below), fixed.walk(below)) << i;
    EXPECT_GT(fixed.walk(t), i) << i;
    EXPECT_LE(fixed.walk(below), i) << i;
  }
  EXPECT_EQ(fixed.index_of(0.0), fixed.walk(0.0));
  EXPECT_EQ(fixed.index_of(fixed.total()), fixed.walk(fixed.total()));
  // The same on the generator's 53 bits: at each of their thresholds and the bits just below it,
  // and at the ends.
  const std::uint64_t top = (std::uint64_t{1} << 53) - 1;
  for (std::size_t i = 0; i + 1 < N; ++i) {
    const std::uint64_t t = fixed.threshold_bits(i);
    if (t > top) continue;
    EXPECT_EQ(fixed.index_of_bits(t), fixed.walk(fixed.scaled(t))) << i;
    EXPECT_GT(fixed.walk(fixed.scaled(t)), i) << i;
    if (t == 0) continue;
    EXPECT_EQ(fixed.index_of_bits(t - 1), fixed.walk(fixed.scaled(t - 1))) << i;
    EXPECT_LE(fixed.walk(fixed.scaled(t - 1)), i) << i;
  }
  EXPECT_EQ(fixed.index_of_bits(0), fixed.walk(fixed.scaled(0)));
  EXPECT_EQ(fixed.index_of_bits(top), fixed.walk(fixed.scaled(top)));
}

TEST(SavoyaFixedWeights, DrawsAsRandomWeighted) {
  expect_draws_as_weighted(roll_weights());
  // Weights that do not add up to a round sum, and a zero weight.
  expect_draws_as_weighted(std::array<double, 5>{0.1, 0.7, 0.0, 0.3, 1e-3});
  // index_of halves the thresholds: counts of them that halve unevenly, and trailing zero
  // weights (thresholds never reached, at infinity).
  expect_draws_as_weighted(std::array<double, 2>{0.25, 0.75});
  expect_draws_as_weighted(std::array<double, 3>{0.5, 0.25, 0.25});
  expect_draws_as_weighted(std::array<double, 8>{0.2, 0.3, 0.1, 0.4, 0.0, 0.0, 0.0, 0.0});
  expect_draws_as_weighted(std::array<double, 7>{1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0});
}

// FixedBelow draws the rejection sampler's trials as Random::below does, for bounds small and
// large (near 2^64 most draws past the kept range are thrown away and drawn again).
TEST(SavoyaFixedWeights, FixedBelowDrawsAsRandomBelow) {
  for (const std::uint64_t n :
       {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{3}, std::uint64_t{7}, std::uint64_t{36},
        std::uint64_t{1000003}, std::uint64_t{1} << 32, (std::uint64_t{1} << 63) + 1,
        ~std::uint64_t{0} - 5, ~std::uint64_t{0}}) {
    const FixedBelow below(n);
    for (std::uint64_t seed = 1; seed <= 2000; ++seed) {
      Random a(seed), b(seed);
      for (int i = 0; i < 8; ++i) ASSERT_EQ(below.draw(a), b.below(n)) << n << " seed " << seed;
      ASSERT_EQ(a.next(), b.next()) << n << " seed " << seed;
    }
  }
}

}  // namespace
}  // namespace scribe::engine::savoya::test
