// SavoyaState::last_ply() on a const state: the position before the ply, for diagrams, must come
// out right when two threads ask the same state at once (a const object may be shared between
// threads). A version that filled a cache on the first call raced there: under a thread
// sanitizer build that is reported as a data race, and in any build a half-made answer fails
// the comparisons below.
#include <latch>
#include <thread>

#include "engine/core/random.hpp"
#include "tests/games/savoya/savoya_test_util.hpp"

namespace scribe::engine::savoya::test {
namespace {

// Asks `state` for its last ply from two threads started together; both answers must be the
// position `before` (the state before the ply) and the components `played`.
void expect_last_ply_from_two_threads(const SavoyaState& state, const Position& before,
                                      const CompList& played, const std::string& where) {
  std::latch start(2);
  LastPly seen[2];
  auto ask = [&](int i) {
    start.arrive_and_wait();
    seen[i] = state.last_ply();
  };
  std::thread other(ask, 1);
  ask(0);
  other.join();
  for (const LastPly& last : seen) {
    ASSERT_TRUE(last.valid) << where;
    EXPECT_TRUE(last.before.same_board(before)) << where;
    EXPECT_EQ(last.before.away, before.away) << where;
    ASSERT_EQ(last.comps.n, last.pass ? 0 : played.n) << where;
    for (int i = 0; i < last.comps.n; ++i) {
      EXPECT_EQ(last.comps.items[i].from, played.items[i].from) << where;
      EXPECT_EQ(last.comps.items[i].to, played.items[i].to) << where;
    }
  }
}

TEST(SavoyaLastPly, TwoThreadsAskingTheSameStateGetThePositionBefore) {
  for (const char* options : {"", "-players=4 -even=3"}) {
    const std::unique_ptr<Variant> v = variant(options);
    ASSERT_NE(v, nullptr) << options;
    std::unique_ptr<State> state = v->initial_state();
    std::string roll, move;
    for (int ply = 1; ply <= 80; ++ply) {
      const Position before = dynamic_cast<const SavoyaState&>(*state).position();
      Random rng(static_cast<std::uint64_t>(ply) * 7919);
      // Both ways a ply is played: Savoya's play_random plays the drawn Move with the whole
      // position after it; State's default applies its text (the replay path).
      const bool played = ply % 2 == 0 ? state->play_random(rng, roll, move)
                                       : state->State::play_random(rng, roll, move);
      if (!played) break;
      const auto& s = dynamic_cast<const SavoyaState&>(*state);
      const std::string where = std::string(options) + " ply " + std::to_string(ply) + " (" +
                                roll + ")" + move;
      // Every ply is asked on a fresh copy, so that the first call on a state is the racing one.
      const std::unique_ptr<State> copy = state->clone();
      expect_last_ply_from_two_threads(dynamic_cast<const SavoyaState&>(*copy), before,
                                       s.last_ply().comps, where);
      if (HasFatalFailure()) return;
    }
  }
}

}  // namespace
}  // namespace scribe::engine::savoya::test
