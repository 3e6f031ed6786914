// Druid's play_random (what `generate` plays): it counts the plies and keeps the lintel lines
// from ply to ply instead of listing every ply, and must draw exactly what State's listing
// default draws (random_move over legal_moves, then apply): the same ply and roll from the same
// generator state, the same position after it, and the generator left in the same state.
#include "tests/games/druid/druid_test_util.hpp"

#include "engine/core/random.hpp"

namespace scribe::engine::druid::test {
namespace {

// Plays one random game of `options` from `seed`, checking every ply against the listing
// default on a copy. Every `apply_every`-th ply is played through apply() with the listed draw
// instead, so play_random also meets positions its kept lines were not made for.
void check_game(const std::string& options, std::uint64_t seed, int apply_every) {
  const std::unique_ptr<Variant> v = variant(options);
  ASSERT_NE(v, nullptr);
  std::unique_ptr<State> state = v->initial_state();
  std::string roll_fast, move_fast, roll_list, move_list;
  for (int ply = 1; ply <= v->generate_ply_limit() && !state->result(); ++ply) {
    Random fast(seed * 1000003 + static_cast<std::uint64_t>(ply));
    Random listed = fast;
    std::unique_ptr<State> copy = state->clone();
    const bool listed_ok = copy->State::play_random(listed, roll_list, move_list);
    if (apply_every > 0 && ply % apply_every == 0) {
      ASSERT_TRUE(state->apply(move_list, nullptr, Mode::kStrict).applied) << move_list;
      continue;
    }
    const bool fast_ok = state->play_random(fast, roll_fast, move_fast);
    ASSERT_EQ(fast_ok, listed_ok) << options << " seed " << seed << " ply " << ply;
    ASSERT_EQ(move_fast, move_list) << options << " seed " << seed << " ply " << ply;
    ASSERT_EQ(roll_fast, roll_list);
    ASSERT_EQ(fast.next(), listed.next()) << "the generators drew differently";
    ASSERT_EQ(state->position_text(), copy->position_text()) << options << " ply " << ply;
  }
}

TEST(DruidRandom, PlayRandomDrawsAsTheListing) {
  for (const char* options : {"", "-nostack", "-nogaps", "-size=3", "-size=12 -nostack -nogaps",
                              "-hex", "-y", "-y -size=4", "-walk", "-walk -walkturn=either"})
    for (std::uint64_t seed : {1u, 2u, 3u})
      for (int apply_every : {0, 7}) check_game(options, seed, apply_every);
}

TEST(DruidRandom, PlayRandomDrawsAsTheListingWithThreePlayers) {
  for (const char* options : {"-hex -players=3", "-hex -players=3 -walk"})
    for (std::uint64_t seed : {1u, 2u}) check_game(options, seed, 5);
}

}  // namespace
}  // namespace scribe::engine::druid::test
