// Savoya's play_random (what `generate` plays) plays the drawn play without reading its text
// back; it must do exactly what State's default does (chance_outcomes, random_move, then apply
// of the text): the same roll and ply from the same generator state, the generator left in the
// same state, and the same state after it (position, side, result, last ply as diagrams read it).
#include <string>
#include <vector>

#include "engine/core/generate.hpp"
#include "engine/core/random.hpp"
#include "tests/games/savoya/savoya_test_util.hpp"

namespace scribe::engine::savoya::test {
namespace {

// Compares what the two states tell of themselves and of their last ply.
void expect_same_state(const State& fast, const State& slow, const std::string& where) {
  ASSERT_EQ(fast.position_text(), slow.position_text()) << where;
  EXPECT_EQ(fast.side_to_move(), slow.side_to_move()) << where;
  EXPECT_EQ(fast.result(), slow.result()) << where;
  EXPECT_EQ(fast.plies_played(), slow.plies_played()) << where;
  EXPECT_EQ(fast.last_move_text(), slow.last_move_text()) << where;
  EXPECT_EQ(fast.last_mover(), slow.last_mover()) << where;
  EXPECT_EQ(fast.text_facts(), slow.text_facts()) << where;
  const auto& a = dynamic_cast<const SavoyaState&>(fast);
  const auto& b = dynamic_cast<const SavoyaState&>(slow);
  EXPECT_EQ(a.result_code(), b.result_code()) << where;
  const LastPly& x = a.last_ply();
  const LastPly& y = b.last_ply();
  EXPECT_EQ(x.valid, y.valid) << where;
  EXPECT_EQ(x.pass, y.pass) << where;
  EXPECT_EQ(x.side, y.side) << where;
  EXPECT_EQ(x.dice_known, y.dice_known) << where;
  EXPECT_EQ(x.dice.text(), y.dice.text()) << where;
  EXPECT_TRUE(x.before.same_board(y.before)) << where;
  ASSERT_EQ(x.comps.n, y.comps.n) << where;
  for (int i = 0; i < x.comps.n; ++i) {
    const Comp& p = x.comps.items[i];
    const Comp& q = y.comps.items[i];
    EXPECT_EQ(p.from, q.from) << where;
    EXPECT_EQ(p.to, q.to) << where;
    EXPECT_EQ(p.offset, q.offset) << where;
    EXPECT_EQ(p.length, q.length) << where;
    EXPECT_EQ(p.via, q.via) << where;
  }
  EXPECT_EQ(a.record_end().unfinished_results, b.record_end().unfinished_results) << where;
}

// How often the games played so far rolled a double and wrote an `Nx` component.
struct Seen {
  int doubles = 0, merged = 0;
};
Seen seen;

void check_game(const std::string& options, std::uint64_t seed, int plies) {
  const std::unique_ptr<Variant> v = variant(options);
  ASSERT_NE(v, nullptr) << options;
  std::unique_ptr<State> state = v->initial_state();
  std::string roll_fast, move_fast, roll_slow, move_slow;
  int doubles = 0, merged = 0;
  for (int ply = 1; ply <= plies; ++ply) {
    Random fast(seed * 1000003 + static_cast<std::uint64_t>(ply));
    Random slow = fast;
    std::unique_ptr<State> copy = state->clone();
    const bool slow_ok = copy->State::play_random(slow, roll_slow, move_slow);
    const bool fast_ok = state->play_random(fast, roll_fast, move_fast);
    const std::string where = options + " seed " + std::to_string(seed) + " ply " +
                              std::to_string(ply) + " (" + roll_slow + ")" + move_slow;
    ASSERT_EQ(fast_ok, slow_ok) << where;
    ASSERT_EQ(fast.next(), slow.next()) << "the generators drew differently: " << where;
    if (!slow_ok) break;
    ASSERT_EQ(roll_fast, roll_slow) << where;
    ASSERT_EQ(move_fast, move_slow) << where;
    expect_same_state(*state, *copy, where);
    doubles += roll_slow.size() == 3 && roll_slow[0] == roll_slow[2];
    merged += move_slow.find('x') != std::string::npos;
  }
  seen.doubles += doubles;
  seen.merged += merged;
}

TEST(SavoyaGenerate, PlayRandomPlaysAsTheDefault) {
  for (const char* options :
       {"", "-players=3", "-players=4", "-players=3 -stack=3", "-players=4 -even=3", "-even=4",
        "-step=5", "-players=3 -step=4 -stops=free", "-stack=2", "-board=savoy",
        "-board=savoy -even=3 -stops=free"})
    for (std::uint64_t seed : {1u, 2u}) check_game(options, seed, 500);
  // The games reach the cases that differ: doubles and written `Nx` components (the openings
  // before the roll-off are in every game; passes and wins are in the test below).
  EXPECT_GT(seen.doubles, 100);
  EXPECT_GT(seen.merged, 0);
}

// Plays one random ply from `start` both ways with generators seeded `seed`; returns the ply.
std::string compare_one(const State& start, std::uint64_t seed, const std::string& where) {
  std::unique_ptr<State> fast = start.clone();
  std::unique_ptr<State> slow = start.clone();
  Random a(seed), b(seed);
  std::string rf, mf, rs, ms;
  const bool slow_ok = slow->State::play_random(b, rs, ms);
  EXPECT_EQ(fast->play_random(a, rf, mf), slow_ok) << where;
  EXPECT_EQ(rf, rs) << where;
  EXPECT_EQ(mf, ms) << where;
  EXPECT_EQ(a.next(), b.next()) << where;
  expect_same_state(*fast, *slow, where + " (" + rs + ")" + ms);
  return slow_ok ? ms : "(none)";
}

TEST(SavoyaGenerate, PassesWinsAndTheEndPlayAsTheDefault) {
  auto v = variant("-board=savoy");
  // X18: Right must pass with 6-6 (and 5-5, 4-4), and can move with other rolls.
  auto blocked = position(*v, "savoy 2 a3=L,d10=RL,e3=R,f10=RL,j10=RL,k3=RL,m10=RL Right -");
  // X16/X17: Right wins with some rolls (l10-m10 with 6-1 brings the last piece home).
  auto near = position(*v, "savoy 2 f10=LL,h12=LL,i10=LL,l10=R,o10=RRRRR Right -");
  int passes = 0, wins = 0;
  for (std::uint64_t seed = 1; seed <= 120; ++seed) {
    passes += compare_one(*blocked, seed, "X18 seed " + std::to_string(seed)) == "pass";
    std::unique_ptr<State> s = near->clone();
    Random rng(seed);
    std::string roll, move;
    ASSERT_TRUE(s->play_random(rng, roll, move));
    if (s->result()) ++wins;
    compare_one(*near, seed, "X16 seed " + std::to_string(seed));
  }
  EXPECT_GT(passes, 3);
  EXPECT_GT(wins, 3);
  // A finished game draws nothing and leaves the generator as it was.
  auto over = position(*v, "savoy 2 f10=LL,h12=LL,i10=LL,m10=R,o10=RRRRR - -");
  EXPECT_EQ(compare_one(*over, 1, "over"), "(none)");
  // A Setup position with the dice given draws no roll: a pass, a play, a double.
  for (const char* text : {"savoy 2 a3=L,d10=RL,e3=R,f10=RL,j10=RL,k3=RL,m10=RL Right 6-6",
                           "savoy 2 a3=L,d10=RL,e3=R,f10=RL,j10=RL,k3=RL,m10=RL Right 5-1",
                           "savoy 2 f10=LL,h12=LL,i10=LL,l10=R,o10=RRRRR Right 6-1",
                           "savoy 2 f10=LL,h12=LL,i10=LL,l10=R,o10=RRRRR Right 2-2"}) {
    auto s = position(*v, text);
    ASSERT_NE(s, nullptr) << text;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) compare_one(*s, seed, text);
  }
  EXPECT_EQ(
      compare_one(*position(*v, "savoy 2 a3=L,d10=RL,e3=R,f10=RL,j10=RL,k3=RL,m10=RL Right 6-6"), 1,
                  "pass with dice"),
      "pass");
}

// play_random_game writes each ply's item into the movetext through a pointer after one resize:
// the text must be what appending the pieces makes, "N. (roll) move" items from 1, one space
// between them, and a line break instead when the next item would pass 80 columns.
TEST(SavoyaGenerate, MovetextIsTheItemsAppendedAndWrapped) {
  for (const char* options : {"", "-players=4", "-board=savoy -stops=free"}) {
    const std::unique_ptr<Variant> v = variant(options);
    ASSERT_NE(v, nullptr) << options;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) {
      Random rng(seed);
      const GeneratedGame g = play_random_game(*v, rng);
      // The same draws again, the text appended piece by piece.
      Random again(seed);
      std::unique_ptr<State> state = v->initial_state();
      std::string expected, roll, move;
      std::size_t line_start = 0;
      int plies = 0;
      while (plies < v->generate_ply_limit() && !state->result()) {
        ASSERT_TRUE(state->play_random(again, roll, move)) << options;
        ++plies;
        std::string item = std::to_string(plies) + ". ";
        if (!roll.empty()) item += "(" + roll + ") ";
        item += move;
        if (expected.size() > line_start) {
          if (expected.size() - line_start + 1 + item.size() > 80) {
            expected += '\n';
            line_start = expected.size();
          } else {
            expected += ' ';
          }
        }
        expected += item;
      }
      if (expected.size() > line_start) expected += '\n';
      EXPECT_EQ(g.plies, plies) << options << " seed " << seed;
      EXPECT_EQ(g.movetext, expected) << options << " seed " << seed;
    }
  }
}

// One game for the test below: its state and its own generator.
struct Game {
  std::unique_ptr<State> state;
  Random rng;
  std::vector<std::string> plies;  // "(roll) move", as drawn
};

// Plays one ply of `g` with play_random; false when the game had none.
bool play_one(Game& g) {
  std::string roll, move;
  if (!g.state->play_random(g.rng, roll, move)) return false;
  g.plies.push_back("(" + roll + ") " + move);
  return true;
}

// play_random keeps the side's cells of the position it leaves for the thread, and a state that
// left it there skips comparing boards: games played a ply each in turn, and a clone going on
// from another game's position, must draw what each draws alone.
TEST(SavoyaGenerate, InterleavedGamesDrawAsGamesPlayedAlone) {
  const std::unique_ptr<Variant> two = variant("");
  const std::unique_ptr<Variant> three = variant("-players=3");
  ASSERT_TRUE(two != nullptr && three != nullptr);
  constexpr int kPlies = 120, kCloneAt = 40;
  // Alone: each game to the end before the next starts.
  Game a{two->initial_state(), Random(1), {}};
  Game b{three->initial_state(), Random(2), {}};
  for (int ply = 0; ply < kPlies && play_one(a); ++ply) {
  }
  for (int ply = 0; ply < kPlies && play_one(b); ++ply) {
  }
  Game c{two->initial_state(), Random(1), {}};
  for (int ply = 0; ply < kCloneAt && play_one(c); ++ply) {
  }
  c.rng = Random(3);
  c.plies.clear();
  for (int ply = kCloneAt; ply < kPlies && play_one(c); ++ply) {
  }
  // In turn: a, b and, once a has played kCloneAt plies, a clone of a with its own generator.
  Game x{two->initial_state(), Random(1), {}};
  Game y{three->initial_state(), Random(2), {}};
  Game z{nullptr, Random(3), {}};
  for (int ply = 0; ply < kPlies; ++ply) {
    if (ply == kCloneAt) z.state = x.state->clone();
    play_one(x);
    play_one(y);
    if (z.state) play_one(z);
  }
  EXPECT_EQ(x.plies, a.plies);
  EXPECT_EQ(y.plies, b.plies);
  EXPECT_EQ(z.plies, c.plies);
  EXPECT_EQ(x.plies.size(), static_cast<std::size_t>(kPlies));
}

// The same when a state changes otherwise than by play_random (State's default draw plays the
// drawn text through apply), and when another state of the same configuration makes play_random
// take its position and then passes (no ply for the kept cells to follow).
TEST(SavoyaGenerate, StatesChangedOtherwiseDrawAsTheDefault) {
  const std::unique_ptr<Variant> v = variant("-board=savoy");
  ASSERT_NE(v, nullptr);
  const std::unique_ptr<State> blocked =
      position(*v, "savoy 2 a3=L,d10=RL,e3=R,f10=RL,j10=RL,k3=RL,m10=RL Right 6-6");
  ASSERT_NE(blocked, nullptr);
  // Every third ply by State's default, the others by play_random; every seventh, a pass of
  // another state between.
  std::unique_ptr<State> mixed = v->initial_state();
  std::unique_ptr<State> plain = v->initial_state();
  Random rm(5), rp(5);
  std::string roll, move, roll_plain, move_plain;
  for (int ply = 1; ply <= 150; ++ply) {
    const bool plain_ok = plain->State::play_random(rp, roll_plain, move_plain);
    const bool mixed_ok = ply % 3 == 0 ? mixed->State::play_random(rm, roll, move)
                                       : mixed->play_random(rm, roll, move);
    ASSERT_EQ(mixed_ok, plain_ok) << "ply " << ply;
    if (!plain_ok) break;
    ASSERT_EQ(roll, roll_plain) << "ply " << ply;
    ASSERT_EQ(move, move_plain) << "ply " << ply;
    if (ply % 7 != 0) continue;
    std::unique_ptr<State> pass = blocked->clone();
    Random rpass(ply);
    ASSERT_TRUE(pass->play_random(rpass, roll, move));
    ASSERT_EQ(move, "pass");
  }
}

}  // namespace
}  // namespace scribe::engine::savoya::test
