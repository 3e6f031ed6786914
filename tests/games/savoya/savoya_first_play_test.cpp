// Savoya's first_valid_play (the example play of savoya.illegal-pass): over positions from
// random games of several option sets and 2-4 players, and every roll, it finds exactly the
// first play valid_plays lists, and no play exactly when valid_plays lists none.
#include <string>
#include <vector>

#include "tests/games/savoya/savoya_test_util.hpp"

namespace scribe::engine::savoya::test {
namespace {

// Draws a roll for the next ply of `s` from its chance outcomes ("" when it needs none).
std::string draw_roll(const State& s, Random& rng) {
  const std::vector<ChanceOutcome> outcomes = s.chance_outcomes();
  if (outcomes.empty()) return "";
  std::vector<double> weights;
  for (const auto& o : outcomes) weights.push_back(o.probability);
  return outcomes[rng.weighted(weights)].roll;
}

// What the two searches gave for one position, side and roll.
struct Tally {
  int plays = 0;     // both found a play
  int none = 0;      // both found none
  int multi = 0;     // the listing had more than one play (the first is a real choice)
  int any_side = 0;  // searched for side -1 (before the roll-off, any side)
  int doubles = 0;   // searched with a double (four dice)
};

// Checks first_valid_play against the first element of valid_plays for `side` and `dice`.
void expect_same_first(const SavoyaState& st, int side, const Dice& dice, const char* options,
                       Tally& tally) {
  const Config& cfg = st.config();
  const std::vector<std::string> listed = valid_plays(cfg, st.position(), side, dice);
  Play first;
  const bool found = first_valid_play(cfg, st.position(), side, dice, first);
  const std::string where = std::string(options) + ": " + st.position_text() + " side " +
                            std::to_string(side) + " roll " + dice.text();
  ASSERT_EQ(found, !listed.empty()) << where;
  if (side < 0) ++tally.any_side;
  if (!found) {
    ++tally.none;
    return;
  }
  ++tally.plays;
  if (listed.size() > 1) ++tally.multi;
  EXPECT_EQ(play_text(*cfg.board, first), listed[0]) << where;
}

// One option set of the random walks. Listing every play for a double (four dice) in a busy
// position of six-piece sets takes up to a few hundred ms, so where `light` is false the walk
// checks one double at every eighth position it checks (turning through the six), not all six.
struct Case {
  const char* options;
  bool light;
};

// Stacked, even and stepped starts, both boards, both stop rules, 2-4 players.
const Case kCases[] = {
    {"", false},
    {"-players=3", false},
    {"-players=4", false},
    {"-stack=3", false},
    {"-players=4 -even=3", true},
    {"-even=4", false},
    {"-step=5", false},
    {"-players=3 -step=4 -stops=free", true},
    {"-stack=2", true},
    {"-board=savoy", false},
    {"-board=savoy -even=3 -stops=free", true},
};

// Checks every roll (the doubles as `c` allows) for the side to move, and every roll of two
// different dice for side -1 (any side); at the roll-off every opening die for side -1.
void check_position(const SavoyaState& st, const Case& c, int index, Tally& tally) {
  if (st.side() == kRollOff) {
    for (int d = 1; d <= 6; ++d) expect_same_first(st, -1, Dice::opening(d), c.options, tally);
    return;
  }
  int doubles = 0;
  for (const Dice& dice : all_rolls()) {
    if (!dice.doubles) {
      expect_same_first(st, st.side(), dice, c.options, tally);
      expect_same_first(st, -1, dice, c.options, tally);
    } else if (c.light || (index % 8 == 0 && doubles++ == (index / 8) % 6)) {
      expect_same_first(st, st.side(), dice, c.options, tally);
      ++tally.doubles;
    }
  }
}

TEST(SavoyaFirstPlay, IsTheFirstListedPlayInRandomGames) {
  Tally tally;
  for (const Case& c : kCases) {
    auto v = variant(c.options);
    ASSERT_NE(v, nullptr) << c.options;
    Random rng(20261127);
    std::unique_ptr<State> s = v->initial_state();
    for (int ply = 0; ply < 160 && !s->result(); ++ply) {
      if (ply % 4 == 0) check_position(dynamic_cast<const SavoyaState&>(*s), c, ply / 4, tally);
      const std::string roll = draw_roll(*s, rng);
      const std::string move = s->random_move(roll, rng);
      ASSERT_FALSE(move.empty()) << c.options << " " << s->position_text() << " " << roll;
      const RollText rt{roll};
      ASSERT_TRUE(s->apply(move, roll.empty() ? nullptr : &rt, Mode::kStrict).applied)
          << c.options << " " << s->position_text() << " " << roll << " " << move;
    }
  }
  // The walks reach many positions with a real choice of first play, with doubles and for
  // any side.
  EXPECT_GT(tally.plays, 10000);
  EXPECT_GT(tally.multi, 10000);
  EXPECT_GT(tally.doubles, 800);
  EXPECT_GT(tally.any_side, 5000);
}

// A position from a setup: a blocked side has no play (both searches agree), and before the
// roll-off any side's piece may give the first play.
TEST(SavoyaFirstPlay, AgreesOnSetupPositions) {
  auto v = variant("-board=savoy");
  ASSERT_NE(v, nullptr);
  Tally tally;
  for (const char* text : {"savoy 2 a3=L,d10=RL,e3=R,f10=RL,j10=RL,k3=RL,m10=RL Right -",
                           "savoy 2 a3=L,d10=RL,e3=R,f10=RL,j10=RL,k3=RL,m10=RL Left -"}) {
    auto s = position(*v, text);
    ASSERT_NE(s, nullptr) << text;
    const auto& st = dynamic_cast<const SavoyaState&>(*s);
    for (const Dice& dice : all_rolls()) expect_same_first(st, st.side(), dice, text, tally);
  }
  auto start = v->initial_state();
  const auto& st = dynamic_cast<const SavoyaState&>(*start);
  for (int d = 1; d <= 6; ++d) expect_same_first(st, -1, Dice::opening(d), "start", tally);
  EXPECT_GT(tally.plays, 6);
  EXPECT_GT(tally.none, 0);  // Right is blocked with 6-6 in the first setup
}

// The message of savoya.illegal-pass quotes the first play legal_moves lists, and names its
// side (before the roll-off, the side of that play's piece).
TEST(SavoyaFirstPlay, IllegalPassQuotesTheFirstListedPlay) {
  auto v = variant("-board=savoy");
  ASSERT_NE(v, nullptr);
  auto s = position(*v, "savoy 2 a3=L,d10=RL,e3=R,f10=RL,j10=RL,k3=RL,m10=RL Right -");
  ASSERT_NE(s, nullptr);
  int quoted = 0;
  for (const Dice& dice : all_rolls()) {
    const std::vector<std::string> legal = s->legal_moves(dice.text());
    Finding error;
    const std::string code = play(*s->clone(), "(" + dice.text() + ")pass", Mode::kStrict, &error);
    if (legal == std::vector<std::string>{"pass"}) {
      EXPECT_EQ(code, "") << dice.text();
      continue;
    }
    ASSERT_EQ(code, "savoya.illegal-pass") << dice.text();
    EXPECT_EQ(error.message, "Right must move: with " + dice.text() +
                                 " a legal play exists, e.g. " + legal.front());
    ++quoted;
  }
  EXPECT_GT(quoted, 10);
  // At the roll-off a lenient pass without a roll is tried with the opening die 1 (every die
  // leaves a play); the first play with a 1 is Right's a3-b3 on the Savoy board (a3 is the
  // first cell in canonical order, b3 one step along row 3).
  auto start = variant("", "savoy")->initial_state();
  ASSERT_EQ(start->legal_moves("1").front(), "a3-b3");
  Finding error;
  ASSERT_EQ(play(*start, "pass", Mode::kLenient, &error), "savoya.illegal-pass");
  EXPECT_EQ(error.message, "Right must move: with 1 a legal play exists, e.g. a3-b3");
}

}  // namespace
}  // namespace scribe::engine::savoya::test
