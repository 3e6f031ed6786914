// Savoya's random_move (the counting sampler behind `generate`): every draw is a valid play
// exactly as legal_moves lists it and apply() accepts it; passes come out as legal_moves gives
// them; every listed play can be drawn; draws are uniform among the listed (distinct) plays, by
// a chi-square test; and a seed fixes the draws.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "engine/core/generate.hpp"
#include "tests/games/savoya/savoya_test_util.hpp"

namespace scribe::engine::savoya::test {
namespace {

using Moves = std::vector<std::string>;
using MoveSet = std::set<std::string>;

// Draws a roll for the next ply of `s` from its chance outcomes ("" when it needs none).
std::string draw_roll(const State& s, Random& rng) {
  const std::vector<ChanceOutcome> outcomes = s.chance_outcomes();
  if (outcomes.empty()) return "";
  std::vector<double> weights;
  for (const auto& o : outcomes) weights.push_back(o.probability);
  return outcomes[rng.weighted(weights)].roll;
}

// Whether `roll` is a double ("6-6").
bool is_double(const std::string& roll) { return roll.size() == 3 && roll[0] == roll[2]; }

// Plays `move` with `roll` on a copy of `s` in strict mode; returns the first error code ("" when
// it was applied).
std::string apply_error(const State& s, const std::string& move, const std::string& roll) {
  std::unique_ptr<State> copy = s.clone();
  const RollText rt{roll};
  const PlyOutcome out = copy->apply(move, roll.empty() ? nullptr : &rt, Mode::kStrict);
  if (out.applied) return "";
  return out.findings.empty() ? "?" : out.findings.back().code;
}

// One configuration for the random-game checks. `small` marks piece counts low enough that
// legal_moves is cheap even for doubles (four dice); otherwise doubles are only applied.
struct Case {
  const char* options;
  bool small;
};

const Case kCases[] = {
    {"", false},
    {"-players=4", false},
    {"-players=3 -stack=3", true},
    {"-players=4 -even=3", true},
    {"-even=4", true},
    {"-step=5", false},
    {"-players=3 -step=4 -stops=free", true},
    {"-stack=2", true},
    {"-board=savoy", false},
    {"-board=savoy -even=3 -stops=free", true},
};

// Draws from `s` with `roll` until every play of `set` has come out or `tries` draws are
// made; fails on a draw outside `set`. Returns the plays seen.
MoveSet draw_all(const State& s, const std::string& roll, const MoveSet& set, Random& rng,
                 std::size_t tries) {
  MoveSet seen;
  for (std::size_t i = 0; i < tries && seen.size() < set.size(); ++i) {
    const std::string d = s.random_move(roll, rng);
    EXPECT_TRUE(set.count(d)) << d << " in " << s.position_text() << " (" << roll << ")";
    if (!set.count(d)) break;
    seen.insert(d);
  }
  return seen;
}

TEST(SavoyaRandomMove, DrawsAreValidPlaysInRandomGames) {
  for (const Case& c : kCases) {
    auto v = variant(c.options);
    ASSERT_NE(v, nullptr) << c.options;
    int checked = 0;
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      Random rng(seed);
      std::unique_ptr<State> s = v->initial_state();
      for (int ply = 0; ply < 120 && !s->result(); ++ply) {
        const std::string roll = draw_roll(*s, rng);
        const std::string move = s->random_move(roll, rng);
        ASSERT_FALSE(move.empty()) << c.options << " " << s->position_text() << " " << roll;
        // Three more draws from other generators, for the same position and roll.
        Moves draws{move};
        for (std::uint64_t k = 1; k <= 3; ++k) {
          Random other(seed * 1000 + static_cast<std::uint64_t>(ply) * 10 + k);
          draws.push_back(s->random_move(roll, other));
        }
        if (c.small || !is_double(roll)) {
          const Moves legal = s->legal_moves(roll);
          const MoveSet set(legal.begin(), legal.end());
          for (const std::string& m : draws)
            EXPECT_TRUE(set.count(m)) << c.options << ": " << m << " is not listed for "
                                      << s->position_text() << " (" << roll << ")";
          ++checked;
        }
        for (const std::string& m : draws) {
          EXPECT_EQ(apply_error(*s, m, roll), "")
              << c.options << ": " << m << " in " << s->position_text() << " (" << roll << ")";
          EXPECT_EQ(s->canonical_move(m).value_or(""), m);
        }
        const RollText rt{roll};
        ASSERT_TRUE(s->apply(move, roll.empty() ? nullptr : &rt, Mode::kStrict).applied);
      }
    }
    EXPECT_GT(checked, 80) << c.options;
  }
}

TEST(SavoyaRandomMove, EveryListedPlayIsDrawnInRandomPositions) {
  // Positions from random games whose list of valid plays is short: every listed play must
  // turn up among the draws.
  int positions = 0;
  for (const Case& c : kCases) {
    auto v = variant(c.options);
    ASSERT_NE(v, nullptr);
    for (std::uint64_t seed = 11; seed <= 11; ++seed) {
      Random rng(seed);
      std::unique_ptr<State> s = v->initial_state();
      for (int ply = 0; ply < 300 && !s->result(); ++ply) {
        const std::string roll = draw_roll(*s, rng);
        const Moves legal = c.small || !is_double(roll) ? s->legal_moves(roll) : Moves{};
        if (legal.size() >= 2 && legal.size() <= 30) {
          ++positions;
          const MoveSet set(legal.begin(), legal.end());
          Random draws(seed * 7919 + static_cast<std::uint64_t>(ply));
          EXPECT_EQ(draw_all(*s, roll, set, draws, 300 * legal.size()), set)
              << s->position_text() << " (" << roll << ")";
        }
        const std::string move = s->random_move(roll, rng);
        const RollText rt{roll};
        ASSERT_TRUE(s->apply(move, roll.empty() ? nullptr : &rt, Mode::kStrict).applied);
      }
    }
  }
  EXPECT_GT(positions, 100);
}

// X1 after ply 1, Vert to play 6-3. By hand (savoya.md §2.2, §6): B pieces on f15 can only go
// down column f (f12 after 3, f9 after 6, f6 after 9, pinning the lone R); T pieces on j1 only up
// column j (j4, j7, j10). Every valid play uses all 9 pips: one piece with both dice, or one
// piece with each die, the two components in either order, from the same stack or not.
const char* const kX1 = "savoya 2 a6=RRRRR,f6=R,f15=BBBBBB,j1=TTTTTT,o10=LLLLLL Vert -";
const MoveSet kX1Plays = {
    "f15-f6",       "j1-j10",        "f15-f9,f15-f12", "f15-f12,f15-f9", "f15-f9,j1-j4",
    "j1-j4,f15-f9", "f15-f12,j1-j7", "j1-j7,f15-f12",  "j1-j7,j1-j4",    "j1-j4,j1-j7",
};

TEST(SavoyaRandomMove, EveryListedPlayIsDrawnFromAFixedPosition) {
  auto v = variant("");
  auto s = position(*v, kX1);
  const Moves legal = s->legal_moves("6-3");
  EXPECT_EQ(MoveSet(legal.begin(), legal.end()), kX1Plays);
  MoveSet seen;
  Random rng(5);
  for (int i = 0; i < 2000; ++i) {
    const std::string m = s->random_move("6-3", rng);
    ASSERT_TRUE(kX1Plays.count(m)) << m;
    seen.insert(m);
  }
  EXPECT_EQ(seen, kX1Plays);
}

// The chi-square statistic of `counts` (one per listed play, n draws in all) against equal
// frequencies, and whether it passes the level p = 1e-6: the critical value comes from the
// Wilson-Hilferty approximation, df (1 - 2/(9 df) + z sqrt(2/(9 df)))^3 with z = 4.7534, the
// normal quantile of 1 - 1e-6. So a uniform sampler fails about once in a million runs (and the
// seeds are fixed), while a skew of a few percent over thousands of draws fails for sure.
bool looks_uniform(const std::map<std::string, int>& counts, int n, double* statistic) {
  const double k = static_cast<double>(counts.size());
  const double expected = n / k;
  double x2 = 0;
  for (const auto& [play, count] : counts) x2 += (count - expected) * (count - expected) / expected;
  const double df = k - 1;
  const double a = 2 / (9 * df);
  const double critical = df * std::pow(1 - a + 4.7534 * std::sqrt(a), 3);
  *statistic = x2;
  return x2 <= critical;
}

// Draws `per_play` times as many plays as `s` lists for `roll` (as `show --moves` lists them)
// through random_move, the sampler `generate` uses; every draw must be listed, and the
// frequencies must pass the chi-square test against equal shares.
void expect_uniform(const State& s, const std::string& roll, int per_play, std::uint64_t seed) {
  const Moves legal = s.legal_moves(roll);
  ASSERT_GE(legal.size(), 2u) << s.position_text() << " (" << roll << ")";
  std::map<std::string, int> counts;
  for (const std::string& m : legal) counts[m] = 0;
  ASSERT_EQ(counts.size(), legal.size()) << "listed plays are distinct";
  const int n = per_play * static_cast<int>(legal.size());
  Random rng(seed);
  for (int i = 0; i < n; ++i) {
    const std::string m = s.random_move(roll, rng);
    auto it = counts.find(m);
    ASSERT_NE(it, counts.end()) << m << " is not listed for " << s.position_text();
    ++it->second;
  }
  double x2 = 0;
  EXPECT_TRUE(looks_uniform(counts, n, &x2))
      << s.position_text() << " (" << roll << "): chi-square " << x2 << " over "
      << legal.size() << " plays and " << n << " draws";
}

TEST(SavoyaRandomMove, DrawsAreUniformAmongTheListedPlays) {
  // X1 with 6-3: ten plays (kX1Plays, listed by hand above), each drawn with probability 1/10
  // (the two one-piece plays f15-f6 and j1-j10 as often as each two-component play).
  auto v = variant("");
  auto s = position(*v, kX1);
  expect_uniform(*s, "6-3", 2000, 99);
}

TEST(SavoyaRandomMove, DrawsAreUniformInRandomPositions) {
  // Positions of random games with a dozen to 150 valid plays, with doubles (up
  // to four components, plays that differ only in order, several routes to one cell) and
  // without.
  int doubles = 0, singles = 0;
  for (const char* options : {"-stack=2", "-even=4", "-players=3 -stack=3"}) {
    auto v = variant(options);
    Random rng(2024);
    std::unique_ptr<State> s = v->initial_state();
    for (int ply = 0; ply < 300 && !s->result() && (doubles < 3 || singles < 3); ++ply) {
      const std::string roll = draw_roll(*s, rng);
      const bool dbl = is_double(roll);
      if ((dbl ? doubles : singles) < 3 && (dbl || ply % 7 == 3)) {
        const std::size_t plays = s->legal_moves(roll).size();
        if (plays >= 12 && plays <= 150) {
          expect_uniform(*s, roll, 60, 7 + static_cast<std::uint64_t>(ply));
          ++(dbl ? doubles : singles);
        }
      }
      const std::string move = s->random_move(roll, rng);
      const RollText rt{roll};
      ASSERT_TRUE(s->apply(move, roll.empty() ? nullptr : &rt, Mode::kStrict).applied);
    }
  }
  EXPECT_GE(doubles, 3);
  EXPECT_GE(singles, 3);
}

// Like expect_uniform, but through random_valid_play with at most `max_trials` rejection trials
// (0: the counting sampler alone; 1: mostly the rejection sampler, sometimes the counting).
void expect_uniform_trials(const State& s, const std::string& roll, int per_play,
                           std::uint64_t seed, int max_trials) {
  const auto& st = dynamic_cast<const SavoyaState&>(s);
  const Moves legal = s.legal_moves(roll);
  ASSERT_GE(legal.size(), 2u) << s.position_text() << " (" << roll << ")";
  std::map<std::string, int> counts;
  for (const std::string& m : legal) counts[m] = 0;
  const Dice dice = is_double(roll) ? Dice::roll(roll[0] - '0', roll[0] - '0')
                                    : Dice::roll(roll[0] - '0', roll[2] - '0');
  const int n = per_play * static_cast<int>(legal.size());
  Random rng(seed);
  for (int i = 0; i < n; ++i) {
    Play play;
    ASSERT_TRUE(random_valid_play(st.config(), st.position(), st.side(), dice, rng, play,
                                  max_trials));
    auto it = counts.find(play_text(*st.config().board, play));
    ASSERT_NE(it, counts.end()) << play_text(*st.config().board, play) << " is not listed";
    ++it->second;
  }
  double x2 = 0;
  EXPECT_TRUE(looks_uniform(counts, n, &x2))
      << s.position_text() << " (" << roll << "), " << max_trials << " trials: chi-square "
      << x2 << " over " << legal.size() << " plays and " << n << " draws";
}

TEST(SavoyaRandomMove, DrawsAreUniformWithManyPlaysAndDoubles) {
  // Default Savoya: a double of a random game with 20,000 to 40,000 plays (four components in
  // every order, two pieces from one cell, routes crossing; 3-3 with 31,720 plays at ply 24),
  // eight draws per play, through random_move (the rejection sampler nearly always).
  auto v = variant("");
  Random rng(77);
  std::unique_ptr<State> s = v->initial_state();
  int tested = 0;
  for (int ply = 0; ply < 200 && !s->result() && tested < 1; ++ply) {
    const std::string roll = draw_roll(*s, rng);
    if (is_double(roll) && ply > 20) {
      const std::size_t plays = s->legal_moves(roll).size();
      if (plays >= 20000 && plays <= 40000) {
        expect_uniform(*s, roll, 8, 11 + static_cast<std::uint64_t>(ply));
        ++tested;
      }
    }
    const std::string move = s->random_move(roll, rng);
    const RollText rt{roll};
    ASSERT_TRUE(s->apply(move, roll.empty() ? nullptr : &rt, Mode::kStrict).applied);
  }
  EXPECT_EQ(tested, 1);
}

TEST(SavoyaRandomMove, TheCountingFallbackIsUniformToo) {
  // The counting sampler alone, and one rejection trial before it, on X1 and on random
  // positions with and without doubles.
  auto v = variant("");
  expect_uniform_trials(*position(*v, kX1), "6-3", 1000, 5, 0);
  expect_uniform_trials(*position(*v, kX1), "6-3", 1000, 6, 1);
  auto v2 = variant("-stack=2");
  Random rng(31);
  std::unique_ptr<State> s = v2->initial_state();
  int tested = 0;
  for (int ply = 0; ply < 300 && !s->result() && tested < 4; ++ply) {
    const std::string roll = draw_roll(*s, rng);
    if (ply % 5 == 2 && !roll.empty() && roll.size() == 3) {
      const std::size_t plays = s->legal_moves(roll).size();
      if (plays >= 12 && plays <= 200) {
        expect_uniform_trials(*s, roll, 60, 3 + static_cast<std::uint64_t>(ply), tested % 2);
        ++tested;
      }
    }
    const std::string move = s->random_move(roll, rng);
    const RollText rt{roll};
    ASSERT_TRUE(s->apply(move, roll.empty() ? nullptr : &rt, Mode::kStrict).applied);
  }
  EXPECT_EQ(tested, 4);
}

TEST(SavoyaRandomMove, DeadEndsOfTheMaximumRuleAreAvoided) {
  // X16: with 6-6 the lone R on l10 can use three 6s downwards (l10-a3, 18 pips); l10-g3 (12
  // pips) is a dead end of the walk, and no other piece can move.
  auto v = variant("-board=savoy");
  auto s = position(*v, "savoy 2 f10=LL,h12=LL,i10=LL,l10=R,o10=RRRRR Right -");
  EXPECT_EQ(s->legal_moves("6-6"), Moves{"l10-a3"});
  Random rng(3);
  for (int i = 0; i < 50; ++i) EXPECT_EQ(s->random_move("6-6", rng), "l10-a3");
  // X17: with 6-1 a winning play may leave the 6 unused; every valid play is drawn.
  const Moves legal = s->legal_moves("6-1");
  ASSERT_TRUE(std::find(legal.begin(), legal.end(), "l10-m10") != legal.end());
  const MoveSet set(legal.begin(), legal.end());
  EXPECT_EQ(draw_all(*s, "6-1", set, rng, 5000), set);
}

TEST(SavoyaRandomMove, TheLargerDieIsPlayedWhenOnlyOneFits) {
  // X18's position with 5-1: the only free R (e3) can go 5 east to j3, or 1 either way; both
  // dice together make 6, east onto the blocked pin pair on k3 or west off the board. So M = 5
  // and e3-j3 is the only valid play; the 1-steps e3-f3 and e3-d3 are dead ends of the walk.
  auto v = variant("-board=savoy");
  auto s = position(*v, "savoy 2 a3=L,d10=RL,e3=R,f10=RL,j10=RL,k3=RL,m10=RL Right -");
  const auto& st = dynamic_cast<const SavoyaState&>(*s);
  EXPECT_EQ(max_pips(st.config(), st.position(), st.side(), Dice::roll(5, 1)), 5);
  EXPECT_EQ(s->legal_moves("5-1"), Moves{"e3-j3"});
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    Random rng(seed);
    EXPECT_EQ(s->random_move("5-1", rng), "e3-j3");
  }
}

TEST(SavoyaRandomMove, ForcedPassAndNoMove) {
  // X18: with 6-6 Right must pass, as legal_moves says.
  auto v = variant("-board=savoy");
  auto s = position(*v, "savoy 2 a3=L,d10=RL,e3=R,f10=RL,j10=RL,k3=RL,m10=RL Right -");
  EXPECT_EQ(s->legal_moves("6-6"), Moves{"pass"});
  Random rng(1);
  EXPECT_EQ(s->random_move("6-6", rng), "pass");
  EXPECT_NE(s->random_move("5-1", rng), "pass");
  // No play for a malformed roll or a roll of the wrong count, nor after the end: "" as the
  // empty list of legal_moves.
  EXPECT_TRUE(s->legal_moves("7-1").empty());
  EXPECT_EQ(s->random_move("7-1", rng), "");
  EXPECT_EQ(s->random_move("5", rng), "");
  auto over = position(*v, "savoy 2 f10=LL,h12=LL,i10=LL,m10=R,o10=RRRRR - -");
  EXPECT_EQ(over->random_move("6-1", rng), "");
  // Before the roll-off the opening die is played by whichever side owns the from-cell.
  auto start = v->initial_state();
  const Moves opening = start->legal_moves("3");
  const MoveSet set(opening.begin(), opening.end());
  MoveSet seen;
  for (int i = 0; i < 200; ++i) seen.insert(start->random_move("3", rng));
  EXPECT_EQ(seen, set);
  EXPECT_EQ(start->random_move("6-3", rng), "");
}

TEST(SavoyaRandomMove, ASeedFixesTheDraws) {
  for (const char* options : {"", "-players=4 -step=5"}) {
    auto v = variant(options);
    Random a(42), b(42);
    std::unique_ptr<State> s = v->initial_state();
    std::unique_ptr<State> t = v->initial_state();
    Moves first;
    for (int ply = 0; ply < 80 && !s->result(); ++ply) {
      const std::string ra = draw_roll(*s, a), rb = draw_roll(*t, b);
      ASSERT_EQ(ra, rb);
      const std::string before = s->position_text();
      const std::string ma = s->random_move(ra, a), mb = t->random_move(rb, b);
      ASSERT_EQ(ma, mb);
      EXPECT_EQ(s->position_text(), before);  // drawing does not change the state
      first.push_back(ma);
      const RollText rt{ra};
      ASSERT_TRUE(s->apply(ma, &rt, Mode::kStrict).applied);
      ASSERT_TRUE(t->apply(mb, &rt, Mode::kStrict).applied);
    }
    // Another seed gives another game.
    Random c(43);
    std::unique_ptr<State> u = v->initial_state();
    Moves other;
    for (int ply = 0; ply < 80 && !u->result(); ++ply) {
      const std::string r = draw_roll(*u, c);
      const std::string m = u->random_move(r, c);
      other.push_back(m);
      const RollText rt{r};
      ASSERT_TRUE(u->apply(m, &rt, Mode::kStrict).applied);
    }
    EXPECT_NE(first, other) << options;
  }
}

TEST(SavoyaRandomMove, GeneratedRecordsValidate) {
  for (const std::string& options : kRepresentativeOptions) {
    auto v = variant(options);
    ASSERT_NE(v, nullptr);
    Random rng(7);
    const GeneratedGame g = play_random_game(*v, rng);
    EXPECT_GT(g.plies, 0) << options;
    EXPECT_LE(g.plies, v->generate_ply_limit());
    const std::string text = format_generated_record("savoya", *v, g, 7, 1);
    const Replayed r = replay_text(text);
    for (const auto& d : r.diagnostics)
      EXPECT_NE(d.severity, Severity::kError) << options << ": " << d.code << " " << d.message;
    EXPECT_EQ(r.plies, g.plies) << options;
  }
}

}  // namespace
}  // namespace scribe::engine::savoya::test
