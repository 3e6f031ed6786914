// The replay's short cuts in Soccolot held equal to the general code they stand for: the hand
// reader against the grammar, Position::accepts() against check(), has_legal_move() against
// trying every move, the direction table against the deltas, and the state's last ply against
// the one Position::play() fills in.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/games/soccolot/soccolot_state.hpp"
#include "tests/games/soccolot/soccolot_test_util.hpp"

namespace scribe::engine::soccolot::test {
namespace {

using notation::soccolot::move_text;
using notation::soccolot::parse_soccolot_move_in_full;
using notation::soccolot::read_plain_soccolot_move;

// A small deterministic generator (the tests must not depend on the library's).
struct Lcg {
  std::uint64_t x;
  unsigned next(unsigned n) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<unsigned>((x >> 33) % n);
  }
};

// Every option set.
std::vector<Rules> all_rules() {
  std::vector<Rules> out;
  for (GoalRule g : {GoalRule::kBeyond, GoalRule::kBackrow})
    for (OwnGoalRule o : {OwnGoalRule::kLose, OwnGoalRule::kIllegal})
      for (NoMoveRule n : {NoMoveRule::kLose, NoMoveRule::kDraw}) out.push_back({g, o, n});
  return out;
}

// Every move of side s that check() is asked about: runs and dribbles in each direction and
// kicks of each distance, for each jersey.
std::vector<Move> every_move(Side s) {
  std::vector<Move> out;
  Move m;
  m.team = s == Side::kBlack ? Team::kBlack : Team::kWhite;
  for (int j = 1; j <= 6; ++j) {
    m.jersey = static_cast<std::uint8_t>(j);
    for (Action a : {Action::kRun, Action::kDribble}) {
      m.action = a;
      m.distance = 0;
      for (int d = 0; d < 8; ++d) {
        m.direction = static_cast<Direction>(d);
        out.push_back(m);
      }
    }
    m.action = Action::kKick;
    m.direction = Direction::kN;
    for (int n = 1; n <= 8; ++n) {
      m.distance = static_cast<std::uint8_t>(n);
      out.push_back(m);
    }
  }
  return out;
}

// Whether side s has a legal move, by asking check() about every move.
bool has_legal_move_by_search(const Position& p, const Rules& rules, Side s) {
  for (const Move& m : every_move(s))
    if (p.check(rules, s, m).failure == Failure::kNone) return true;
  return false;
}

// A position with the thirteen pieces on random distinct squares of a box of the field (a
// small box crowds the men, so that some sides have no legal move) or, for the ball, of the
// box widened to the goal rows.
Position scattered(Lcg& rng) {
  const int files = 3 + static_cast<int>(rng.next(6));  // 3..8
  const int ranks = 5 + static_cast<int>(rng.next(4));  // 5..8
  const int f0 = static_cast<int>(rng.next(static_cast<unsigned>(kFiles - files + 1)));
  const int r0 = 1 + static_cast<int>(rng.next(static_cast<unsigned>(8 - ranks + 1)));
  Position p;
  std::array<bool, kSquareCount> used{};
  for (int i = 0; i < kPieceCount; ++i) {
    int sq = 0;
    do {
      sq = square_of(f0 + static_cast<int>(rng.next(static_cast<unsigned>(files))),
                     r0 + static_cast<int>(rng.next(static_cast<unsigned>(ranks))));
    } while (used[static_cast<std::size_t>(sq)]);
    used[static_cast<std::size_t>(sq)] = true;
    p.at[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(sq);
  }
  p.side = rng.next(2) == 0 ? Side::kBlack : Side::kWhite;
  p.place_all();
  return p;
}

// A position where the side to move has its six men, in random order, in a corner (a1-c2
// turned to a random corner), hemmed in by the six squares around them, which hold the ball
// and men of the other side in random order (the others stand elsewhere). Every other time
// one of the six squares is left empty, so that only the one to three men next to it can run.
// Whether the side has a legal move then depends on the dribbles and kicks next to the ball,
// or on a single man.
Position boxed(Lcg& rng) {
  const bool flip_file = rng.next(2) == 0;
  const bool flip_rank = rng.next(2) == 0;
  const auto at = [&](int f, int r) {
    return square_of(flip_file ? 7 - f : f, flip_rank ? 9 - r : r);
  };
  const auto shuffle = [&](std::vector<int>& v) {
    for (std::size_t i = v.size() - 1; i > 0; --i)
      std::swap(v[i], v[rng.next(static_cast<unsigned>(i + 1))]);
  };
  Position p;
  p.side = rng.next(2) == 0 ? Side::kBlack : Side::kWhite;
  const int mine = piece_of(p.side, 1);
  const int theirs = piece_of(other(p.side), 1);
  std::vector<int> corner = {at(0, 1), at(1, 1), at(2, 1), at(0, 2), at(1, 2), at(2, 2)};
  shuffle(corner);
  for (int i = 0; i < 6; ++i)
    p.at[static_cast<std::size_t>(mine + i)] = static_cast<std::uint8_t>(corner[i]);
  // The ring: a3 b3 c3 d3 d2 d1.
  std::vector<int> ring = {at(0, 3), at(1, 3), at(2, 3), at(3, 3), at(3, 2), at(3, 1)};
  shuffle(ring);
  const std::size_t filled = rng.next(2) == 0 ? 6 : 5;
  std::vector<int> fillers = {kBall,      theirs,     theirs + 1, theirs + 2,
                              theirs + 3, theirs + 4, theirs + 5};
  shuffle(fillers);
  std::array<bool, kSquareCount> used{};
  for (int sq : corner) used[static_cast<std::size_t>(sq)] = true;
  for (int sq : ring) used[static_cast<std::size_t>(sq)] = true;  // the gap stays empty
  for (std::size_t i = 0; i < fillers.size(); ++i) {
    int sq = i < filled ? ring[i] : -1;
    while (sq < 0 || (i >= filled && used[static_cast<std::size_t>(sq)]))
      sq = square_of(static_cast<int>(rng.next(8)), 1 + static_cast<int>(rng.next(8)));
    used[static_cast<std::size_t>(sq)] = true;
    p.at[static_cast<std::size_t>(fillers[i])] = static_cast<std::uint8_t>(sq);
  }
  p.place_all();
  return p;
}

// Checks accepts() and has_legal_move() on one position under every option set; counts the
// positions without a legal move.
void compare_on(const Position& p, int* no_move) {
  for (const Rules& rules : all_rules()) {
    for (Side s : {Side::kBlack, Side::kWhite}) {
      for (const Move& m : every_move(s)) {
        Move bare = m;
        bare.team = Team::kNone;
        const bool want = p.check(rules, s, m).failure == Failure::kNone;
        ASSERT_EQ(p.accepts(rules, s, m), want) << print_position(p) << " " << move_text(m);
        ASSERT_EQ(p.accepts(rules, s, bare), want) << print_position(p) << " " << move_text(m);
      }
      const bool any = has_legal_move_by_search(p, rules, s);
      ASSERT_EQ(p.has_legal_move(rules, s), any) << print_position(p);
      if (!any) ++*no_move;
    }
  }
}

TEST(SoccolotFastPath, HandReaderAgreesWithTheGrammar) {
  // Every token of up to four characters over letters, digits and bytes near them (other
  // cases, the neighbours of the digits, bytes that differ from a letter by its case bit
  // only), then random longer ones.
  const std::string alphabet = "wWbBkKrRdDnNsSeEx@`0123456789.\x0e\xc3";
  std::vector<std::string> tokens = {""};
  for (std::size_t begin = 0, len = 1; len <= 4; ++len) {
    const std::size_t end = tokens.size();
    for (std::size_t i = begin; i < end; ++i)
      for (char c : alphabet) tokens.push_back(tokens[i] + c);
    begin = end;
  }
  Lcg rng{7};
  for (int i = 0; i < 200000; ++i) {
    std::string t;
    const unsigned len = 5 + rng.next(3);
    for (unsigned k = 0; k < len; ++k)
      t += alphabet[rng.next(static_cast<unsigned>(alphabet.size()))];
    tokens.push_back(t);
  }
  int read = 0;
  for (const std::string& t : tokens) {
    Move fast;
    const bool ok = read_plain_soccolot_move(t, fast);
    const notation::soccolot::ParseResult full = parse_soccolot_move_in_full(t);
    ASSERT_EQ(ok, full.move.has_value()) << "'" << t << "'";
    if (ok) {
      ASSERT_EQ(fast, *full.move) << "'" << t << "'";
      ++read;
    }
  }
  // Many tokens read (every short one in either case among them), not only rejections.
  EXPECT_GT(read, 1000);
}

TEST(SoccolotFastPath, DirectionTableAgreesWithTheDeltas) {
  for (int a = 0; a < kSquareCount; ++a)
    for (int b = 0; b < kSquareCount; ++b) {
      int want = -1;
      for (int d = 0; d < 8; ++d)
        if (step(a, d) == b) want = d;
      ASSERT_EQ(direction_between(a, b), want) << a << " " << b;
    }
}

TEST(SoccolotFastPath, AcceptsAndHasLegalMoveAgreeWithCheck) {
  Lcg rng{11};
  int positions = 0;
  int no_move = 0;
  // Positions of random games from the start, under each option set.
  for (const Rules& rules : all_rules()) {
    for (int game = 0; game < 12; ++game) {
      Position p = Position::initial();
      for (int ply = 0; ply < 150 && p.status == Status::kPlaying; ++ply) {
        compare_on(p, &no_move);
        ++positions;
        std::vector<Move> legal;
        for (const Move& m : every_move(p.side))
          if (p.check(rules, p.side, m).failure == Failure::kNone) legal.push_back(m);
        if (legal.empty()) break;
        p.play(rules, p.side, legal[rng.next(static_cast<unsigned>(legal.size()))], nullptr);
      }
    }
  }
  // Scattered and crowded positions, and hemmed in ones.
  for (int i = 0; i < 2000; ++i) {
    compare_on(scattered(rng), &no_move);
    compare_on(boxed(rng), &no_move);
    positions += 2;
  }
  EXPECT_GT(positions, 4000);
  EXPECT_GT(no_move, 50);  // the answer "no legal move" was compared too
}

TEST(SoccolotFastPath, LastMoveAgreesWithPositionPlay) {
  Lcg rng{5};
  int plies = 0;
  for (const char* options : {"", "-goal=backrow -owngoal=illegal -nomove=draw"}) {
    auto variant = soccolot_variant(options);
    for (int game = 0; game < 30; ++game) {
      auto state = variant->initial_state();
      const auto& typed = dynamic_cast<const SoccolotState&>(*state);
      EXPECT_FALSE(typed.last_move().valid);
      Position shadow = typed.position();
      for (int ply = 0; ply < 200 && !state->result(); ++ply) {
        const std::vector<std::string> legal = state->legal_moves("");
        ASSERT_FALSE(legal.empty());
        const std::string token = legal[rng.next(static_cast<unsigned>(legal.size()))];
        // The team letter dropped half the time: the state records the side's own.
        const std::string written = rng.next(2) == 0 ? token : token.substr(1);
        ASSERT_TRUE(play(*state, written).applied) << written;
        LastMove want;
        shadow.play(typed.config().rules, shadow.side,
                    *notation::soccolot::parse_soccolot_move(written).move, &want);
        const LastMove got = typed.last_move();
        ASSERT_TRUE(got.valid);
        EXPECT_EQ(got.move, want.move) << written;
        EXPECT_EQ(got.side, want.side);
        EXPECT_EQ(got.man, want.man);
        EXPECT_EQ(got.man_from, want.man_from);
        EXPECT_EQ(got.man_to, want.man_to);
        EXPECT_EQ(got.ball_from, want.ball_from);
        EXPECT_EQ(got.ball_to, want.ball_to);
        ++plies;
      }
    }
  }
  EXPECT_GT(plies, 1000);
}

}  // namespace
}  // namespace scribe::engine::soccolot::test
