// Sava's play_random (what `generate` plays): it counts the normal moves without their texts
// and must draw exactly what State's listing default draws (chance_outcomes, then random_move
// over legal_moves, then apply): the same roll and ply from the same generator state, the same
// position after it, and the generator left in the same state.
#include "engine/core/random.hpp"
#include "tests/games/sava/sava_variant.hpp"

namespace scribe::test {
namespace {

void check_game(const std::string& options, std::uint64_t seed) {
  const std::unique_ptr<engine::Variant> v = sava_variant(options);
  ASSERT_NE(v, nullptr);
  std::unique_ptr<engine::State> state = v->initial_state();
  std::string roll_fast, move_fast, roll_list, move_list;
  for (int ply = 1; ply <= v->generate_ply_limit() && !state->result(); ++ply) {
    engine::Random fast(seed * 1000003 + static_cast<std::uint64_t>(ply));
    engine::Random listed = fast;
    std::unique_ptr<engine::State> copy = state->clone();
    const bool listed_ok = copy->engine::State::play_random(listed, roll_list, move_list);
    const bool fast_ok = state->play_random(fast, roll_fast, move_fast);
    ASSERT_EQ(fast_ok, listed_ok) << options << " seed " << seed << " ply " << ply;
    ASSERT_EQ(roll_fast, roll_list) << options << " seed " << seed << " ply " << ply;
    ASSERT_EQ(move_fast, move_list) << options << " seed " << seed << " ply " << ply;
    ASSERT_EQ(fast.next(), listed.next()) << "the generators drew differently";
    ASSERT_EQ(state->position_text(), copy->position_text()) << options << " ply " << ply;
  }
}

TEST(SavaRandom, PlayRandomDrawsAsTheListing) {
  for (const char* options : {"", "-baenre", "-chednased", "-champion", "-lolth", "-dicesava",
                              "-greatwheel", "-orc=line -diagonals"})
    for (std::uint64_t seed : {1u, 2u, 3u}) check_game(options, seed);
}

}  // namespace
}  // namespace scribe::test
