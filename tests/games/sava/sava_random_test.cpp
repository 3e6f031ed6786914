// Sava's play_random (what `generate` plays): it counts the normal moves without their texts
// and must draw exactly what State's listing default draws (chance_outcomes, then random_move
// over legal_moves, then apply): the same roll and ply from the same generator state, the same
// position after it, the same last ply for the diagrams, and the generator left in the same
// state.
#include "engine/core/random.hpp"
#include "engine/games/sava/sava_state.hpp"
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
    ASSERT_EQ(state->last_move_text(), copy->last_move_text());
    ASSERT_EQ(state->plies_played(), copy->plies_played());
    // What the diagrams draw of the last ply: a drawn move played without reading its text
    // back must leave what reading it leaves.
    const auto& a = dynamic_cast<const engine::sava::SavaState&>(*state).last_ply();
    const auto& b = dynamic_cast<const engine::sava::SavaState&>(*copy).last_ply();
    const auto fields = [](const engine::sava::LastPly& l) {
      const engine::sava::Realisation& r = l.real;
      return std::vector<int>{static_cast<int>(l.kind),
                              l.mover,
                              l.turncoat,
                              static_cast<int>(l.piece),
                              r.origin,
                              r.dest,
                              r.via,
                              r.cap_via,
                              r.cap_dest,
                              r.path_kind,
                              r.line,
                              r.dir,
                              r.t1,
                              r.t2,
                              l.captured_via,
                              l.captured_dest,
                              l.removed,
                              l.removed_space,
                              static_cast<int>(l.promotion),
                              l.roll,
                              l.roll_written};
    };
    ASSERT_EQ(fields(a), fields(b)) << options << " seed " << seed << " ply " << ply;
  }
}

TEST(SavaRandom, PlayRandomDrawsAsTheListing) {
  for (const char* options : {"", "-baenre", "-chednased", "-champion", "-lolth", "-dicesava",
                              "-greatwheel", "-orc=line -diagonals"})
    for (std::uint64_t seed : {1u, 2u, 3u}) check_game(options, seed);
}

}  // namespace
}  // namespace scribe::test
