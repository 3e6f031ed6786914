// Soccolot rules (spec games/soccolot.md §5-§7): exact legal-move sets from position text,
// perft counts from the start checked by hand, the checks of §5 with their codes and messages.
#include <gtest/gtest.h>


#include "tests/games/soccolot/soccolot_test_util.hpp"

namespace scribe::engine::soccolot::test {
namespace {

constexpr const char* kStart = "soccolot B=g1,f1,e1,d1,c1,b1 W=g8,f8,e8,d8,c8,b8 O=e5 Black";
constexpr const char* kS5 = "soccolot B=d5,e3,a1,b1,c1,h1 W=d4,b8,c8,f8,g8,h8 O=e5 White";
constexpr const char* kS6 = "soccolot B=c8,g8,e7,f7,b6,f5 W=c3,b3,e3,f3,d1,g1 O=c4 White";

// Counts the leaf positions `depth` plies from `s` (ended games are leaves).
long perft(const State& s, int depth) {
  if (depth == 0) return 1;
  long n = 0;
  for (const auto& m : s.legal_moves("")) {
    auto next = s.clone();
    const PlyOutcome o = next->apply(m, nullptr, Mode::kStrict);
    EXPECT_TRUE(o.applied) << m;
    n += perft(*next, depth - 1);
  }
  return n;
}

std::vector<std::string> filtered(const State& s, char action) {
  std::vector<std::string> out;
  for (const auto& m : s.legal_moves(""))
    if (m[2] == action) out.push_back(m);
  return out;
}

TEST(SoccolotRules, StartPositionAndItsLegalMoves) {
  auto s = soccolot_variant()->initial_state();
  EXPECT_EQ(s->position_text(), kStart);
  EXPECT_EQ(s->side_to_move(), "Black");
  EXPECT_FALSE(s->result().has_value());
  // Every man of the back row runs s, se, sw and to a free side square (§10 order).
  const std::vector<std::string> expected = {
      "b1rs", "b1rw",  "b1rse", "b1rsw",  // g1: g2, h1, f2, h2
      "b2rs", "b2rse", "b2rsw",           // f1
      "b3rs", "b3rse", "b3rsw",           // e1
      "b4rs", "b4rse", "b4rsw",           // d1
      "b5rs", "b5rse", "b5rsw",           // c1
      "b6rs", "b6re",  "b6rse", "b6rsw",  // b1: b2, a1, a2, c2
  };
  EXPECT_EQ(s->legal_moves(""), expected);
}

TEST(SoccolotRules, PerftFromTheStart) {
  auto s = soccolot_variant()->initial_state();
  // Depth 1: 20 runs (see above). Depth 2: White's 20 mirrored runs after each of them; no
  // man can reach the ball or the other side's men. Depth 3: Black's second-move counts
  // after each first move, by hand: after B1 (g1) to g2, h1, f2, h2: 23, 20, 21, 22; B2 (f1)
  // to f2, e2, g2: 23, 23, 25; B3 (e1) to e2, d2, f2: 23, 23, 23 (e.g. after e2: b1 4, c1 3,
  // d1 3, e2 6, f1 3, g1 4); B4-B6 mirror B3-B1. Their sum 452, times White's 20.
  EXPECT_EQ(perft(*s, 1), 20);
  EXPECT_EQ(perft(*s, 2), 400);
  EXPECT_EQ(perft(*s, 3), 452 * 20);
}

TEST(SoccolotRules, SeedDribbleExampleS5LegalMoves) {
  auto s = soccolot_state(kS5);
  const std::vector<std::string> expected = {
      "w1rn", "w1re",  "w1rw",  "w1rne", "w1rse",  // d3 c4 e4 c3 c5
      "w1dn", "w1dw",  "w1dne", "w1dse", "w1dsw",  // the seed's five dribbles
      "w1k1", "w1k2",                              // f6, g7 (h8 holds White 6)
      "w2rn", "w2re",  "w2rne", "w2rnw",           // b8
      "w3rn", "w3rw",  "w3rne", "w3rnw",           // c8
      "w4rn", "w4re",  "w4rne", "w4rnw",           // f8
      "w5rn", "w5rne", "w5rnw",                    // g8
      "w6rn", "w6rne",                             // h8
  };
  EXPECT_EQ(s->legal_moves(""), expected);
}

TEST(SoccolotRules, SeedDribbleExampleS5Results) {
  const std::pair<const char*, const char*> valid[] = {
      {"w1dw", "soccolot B=d5,e3,a1,b1,c1,h1 W=e4,b8,c8,f8,g8,h8 O=f5 Black"},
      {"w1dsw", "soccolot B=d5,e3,a1,b1,c1,h1 W=e5,b8,c8,f8,g8,h8 O=f6 Black"},
      {"w1dse", "soccolot B=d5,e3,a1,b1,c1,h1 W=c5,b8,c8,f8,g8,h8 O=d6 Black"},
      {"w1dne", "soccolot B=d5,e3,a1,b1,c1,h1 W=c3,b8,c8,f8,g8,h8 O=d4 Black"},
      {"w1dn", "soccolot B=d5,e3,a1,b1,c1,h1 W=d3,b8,c8,f8,g8,h8 O=e4 Black"},
  };
  for (const auto& [token, final_text] : valid) {
    auto s = soccolot_state(kS5);
    const PlyOutcome o = play(*s, token);
    EXPECT_TRUE(o.applied) << token;
    EXPECT_TRUE(o.findings.empty()) << token;
    EXPECT_EQ(s->position_text(), final_text);
  }
  const std::pair<const char*, const char*> blocked[] = {
      {"w1ds", "White 1 on d4 cannot dribble south: d5 is occupied by Black 1"},
      {"w1de", "White 1 on d4 cannot dribble east: d5 is occupied by Black 1"},
      {"w1dnw", "White 1 on d4 cannot dribble north-west: e3 is occupied by Black 2"},
  };
  for (const auto& [token, message] : blocked) {
    auto s = soccolot_state(kS5);
    const PlyOutcome o = play(*s, token);
    EXPECT_FALSE(o.applied);
    ASSERT_EQ(codes(o), "soccolot.dribble-blocked") << token;
    EXPECT_EQ(o.findings[0].message, message);
    EXPECT_EQ(s->position_text(), kS5);  // unchanged
  }
}

TEST(SoccolotRules, SeedKickExampleS6) {
  auto s = soccolot_state(kS6);
  EXPECT_EQ(filtered(*s, 'k'), (std::vector<std::string>{"w1k1", "w1k2", "w1k3", "w2k1", "w2k2"}));
  EXPECT_EQ(filtered(*s, 'd'),
            (std::vector<std::string>{"w1dn", "w1ds", "w1dw", "w1dnw", "w1dse", "w1dsw", "w2ds",
                                      "w2de", "w2dne", "w2dnw", "w2dse", "w2dsw"}));
  const std::pair<const char*, const char*> valid[] = {
      {"w1k1", "c5"}, {"w1k2", "c6"}, {"w1k3", "c7"}, {"w2k1", "d5"}, {"w2k2", "e6"}};
  for (const auto& [token, square] : valid) {
    auto t = soccolot_state(kS6);
    ASSERT_TRUE(play(*t, token).applied) << token;
    EXPECT_EQ(
        t->position_text(),
        std::string("soccolot B=c8,g8,e7,f7,b6,f5 W=c3,b3,e3,f3,d1,g1 O=") + square + " Black");
  }
  const std::pair<const char*, const char*> bad[] = {
      {"w1k4", "White 1 cannot kick the ball 4 squares south: c8 is occupied by Black 1"},
      {"w2k3", "White 2 cannot kick the ball 3 squares south-west: f7 is occupied by Black 4"},
      {"w3k1", "White 3 on e3 cannot kick: the ball on c4 is not next to him"},
  };
  for (const auto& [token, message] : bad) {
    auto t = soccolot_state(kS6);
    const PlyOutcome o = play(*t, token);
    EXPECT_FALSE(o.applied);
    ASSERT_EQ(o.findings.size(), 1u);
    EXPECT_EQ(o.findings[0].message, message);
  }
  EXPECT_EQ(codes(play(*soccolot_state(kS6), "w1k4")), "soccolot.kick-blocked");
  EXPECT_EQ(codes(play(*soccolot_state(kS6), "w3k1")), "soccolot.not-at-ball");
}

TEST(SoccolotRules, RunChecks) {
  auto s = soccolot_variant()->initial_state();
  PlyOutcome o = play(*s, "b5re");
  EXPECT_EQ(codes(o), "soccolot.occupied");
  EXPECT_EQ(o.findings[0].message, "Black 5 on c1 cannot run east: b1 is occupied by Black 6");
  o = play(*s, "b1rn");
  EXPECT_EQ(codes(o), "soccolot.off-field");
  EXPECT_EQ(o.findings[0].message, "Black 1 on g1 cannot run north: he would leave the field");
  o = play(*s, "w2rn");
  EXPECT_EQ(codes(o), "soccolot.wrong-team");
  EXPECT_EQ(o.findings[0].message, "'w2rn' names a White man, but Black is to move");
  o = play(*s, "3k1");
  EXPECT_EQ(codes(o), "soccolot.not-at-ball");
  EXPECT_EQ(o.findings[0].message, "Black 3 on e1 cannot kick: the ball on e5 is not next to him");
  o = play(*s, "b3dn");
  EXPECT_EQ(codes(o), "soccolot.not-at-ball");
  EXPECT_EQ(o.findings[0].message,
            "Black 3 on e1 cannot dribble: the ball on e5 is not next to him");
  // The ball blocks a run.
  auto t = soccolot_state("soccolot B=g1,f1,e4,d1,c1,b1 W=g8,f8,e8,d8,c8,b8 O=e5 Black");
  o = play(*t, "b3rs");
  EXPECT_EQ(o.findings[0].message, "Black 3 on e4 cannot run south: e5 is occupied by the ball");
  EXPECT_EQ(s->position_text(), kStart);
  EXPECT_TRUE(play(*s, "b6re").applied);
  EXPECT_EQ(s->position_text(), "soccolot B=g1,f1,e1,d1,c1,a1 W=g8,f8,e8,d8,c8,b8 O=e5 White");
  EXPECT_EQ(s->last_move_text(), "b6re");
  EXPECT_EQ(s->last_mover(), "Black");
  EXPECT_TRUE(play(*s, "2RN").applied);  // case-blind, no team letter: White 2
  EXPECT_EQ(s->position_text(), "soccolot B=g1,f1,e1,d1,c1,a1 W=g8,f7,e8,d8,c8,b8 O=e5 Black");
}

TEST(SoccolotRules, DribbleOffTheField) {
  // B1 on h4 with the ball on h5: a dribble west takes the man off the field; B1 on g5 and the
  // ball on h5 dribbling west takes only the ball off.
  auto s = soccolot_state("soccolot B=h4,f1,e1,d1,c1,b1 W=g8,f8,e8,d8,c8,b8 O=h5 Black");
  PlyOutcome o = play(*s, "b1dw");
  EXPECT_EQ(codes(o), "soccolot.off-field");
  EXPECT_EQ(o.findings[0].message,
            "Black 1 on h4 cannot dribble west: the man would leave the field");
  s = soccolot_state("soccolot B=g5,f1,e1,d1,c1,b1 W=g8,f8,e8,d8,c8,b8 O=h5 Black");
  o = play(*s, "b1dw");
  EXPECT_EQ(o.findings[0].message,
            "Black 1 on g5 cannot dribble west: the ball would leave the field");
  // From a back-row corner, a step to the side is not a goal: W1 on b7 dribbles south-east,
  // the man to a8 (the ball's square) and the ball from a8 to file -1.
  s = soccolot_state("soccolot B=g1,f1,e1,d1,c1,b1 W=b7,f8,e8,d8,c8,h8 O=a8 White");
  o = play(*s, "w1dse");
  EXPECT_EQ(codes(o), "soccolot.off-field");
  EXPECT_EQ(o.findings[0].message,
            "White 1 on b7 cannot dribble south-east: the ball would leave the field");
}

TEST(SoccolotRules, KickTooFarForms) {
  // S1 before ply 7: B3 e4, ball e5, column e open up to the goal e9.
  const std::string s1 = "soccolot B=g1,f1,e4,d1,c1,b1 W=g6,f8,f7,d8,c8,b8 O=e5 Black";
  auto s = soccolot_state(s1);
  PlyOutcome o = play(*s, "b3k5");
  EXPECT_EQ(codes(o), "soccolot.kick-too-far");
  EXPECT_EQ(o.findings[0].message,
            "Black 3 cannot kick the ball 5 squares south: it is in the goal after 4 squares");
  EXPECT_EQ(filtered(*s, 'k'), (std::vector<std::string>{"b3k1", "b3k2", "b3k3", "b3k4"}));
  s = soccolot_state(s1, "-goal=backrow");
  o = play(*s, "b3k4");
  EXPECT_EQ(o.findings[0].message,
            "Black 3 cannot kick the ball 4 squares south: it would cross the end line after "
            "3 squares");
  // To the side: B1 on f5, ball g5, kick west (file +1): h5, then off.
  s = soccolot_state("soccolot B=f5,f1,e1,d1,c1,b1 W=g8,f8,e8,d8,c8,b8 O=g5 Black");
  o = play(*s, "b1k2");
  EXPECT_EQ(codes(o), "soccolot.kick-too-far");
  EXPECT_EQ(o.findings[0].message,
            "Black 1 cannot kick the ball 2 squares west: it would leave the field at the side "
            "after 1 squares");
  EXPECT_TRUE(play(*s, "b1k1").applied);
  // Blocked before too far: the first failing square decides.
  s = soccolot_state("soccolot B=f5,h5,e1,d1,c1,b1 W=g8,f8,e8,d8,c8,b8 O=g5 Black");
  EXPECT_EQ(codes(play(*s, "b1k2")), "soccolot.kick-blocked");
  // k8 is never legal: the longest kick is six field squares and then the goal (R4). B3 on e1
  // kicks the ball on e2 south along the empty column e; B2 (f1) kicks it south-east (d3, c4,
  // b5, a6) and B4 (d1) south-west (f3, g4, h5).
  s = soccolot_state("soccolot B=g1,f1,e1,d1,c1,b1 W=g8,f8,a5,d8,c8,b8 O=e2 Black");
  EXPECT_EQ(filtered(*s, 'k'),
            (std::vector<std::string>{"b2k1", "b2k2", "b2k3", "b2k4", "b3k1", "b3k2", "b3k3",
                                      "b3k4", "b3k5", "b3k6", "b3k7", "b4k1", "b4k2", "b4k3"}));
  o = play(*s, "b3k8");
  EXPECT_EQ(o.findings[0].message,
            "Black 3 cannot kick the ball 8 squares south: it is in the goal after 7 squares");
  EXPECT_TRUE(play(*s, "b3k7").applied);
  EXPECT_EQ(s->result(), "Black");
}

TEST(SoccolotRules, OwnGoalS7) {
  const std::string s7 = "soccolot B=g1,f1,e1,d1,c1,b1 W=g8,f8,e6,d8,c8,b8 O=e7 White";
  auto s = soccolot_state(s7);
  PlyOutcome o = play(*s, "w3k2");
  EXPECT_TRUE(o.applied);
  EXPECT_TRUE(o.findings.empty());
  EXPECT_EQ(s->result(), "Black");
  EXPECT_EQ(s->side_to_move(), "");
  EXPECT_EQ(s->position_text(), "soccolot B=g1,f1,e1,d1,c1,b1 W=g8,f8,e6,d8,c8,b8 O=e9 -");
  o = play(*s, "b1rs");
  EXPECT_EQ(codes(o), "soccolot.game-over");
  EXPECT_EQ(o.findings[0].message, "the game ended at ply 1 (Black); no further moves");
  EXPECT_TRUE(s->legal_moves("").empty());

  s = soccolot_state(s7, "-owngoal=illegal");
  o = play(*s, "w3k2");
  EXPECT_EQ(codes(o), "soccolot.own-goal");
  EXPECT_EQ(o.findings[0].message,
            "-owngoal=illegal: White may not put the ball into its own goal");
  // W3's kicks: only k1 (to e8); k2 would be the own goal. (W2 on f8 and W4 on d8 are next to
  // the ball too.)
  std::vector<std::string> w3;
  for (const auto& m : filtered(*s, 'k'))
    if (m.rfind("w3", 0) == 0) w3.push_back(m);
  EXPECT_EQ(w3, (std::vector<std::string>{"w3k1"}));
}

TEST(SoccolotRules, GoalByDribbleS8) {
  const std::string s8 = "soccolot B=g1,f7,e1,d1,c1,b1 W=g8,h7,e8,d8,c8,b8 O=f8 Black";
  auto s = soccolot_state(s8);
  EXPECT_TRUE(play(*s, "b2ds").applied);
  EXPECT_EQ(s->position_text(), "soccolot B=g1,f8,e1,d1,c1,b1 W=g8,h7,e8,d8,c8,b8 O=f9 -");
  EXPECT_EQ(s->result(), "Black");
  s = soccolot_state(s8);
  EXPECT_TRUE(play(*s, "b2k1").applied);
  EXPECT_EQ(s->result(), "Black");
  s = soccolot_state(s8);
  PlyOutcome o = play(*s, "b2dse");
  EXPECT_EQ(o.findings[0].message,
            "Black 2 on f7 cannot dribble south-east: e8 is occupied by White 3");
  o = play(*s, "b2dsw");
  EXPECT_EQ(o.findings[0].message,
            "Black 2 on f7 cannot dribble south-west: g8 is occupied by White 1");
  // B2's dribbles: n (man f6, ball f7), s (the goal), ne (e6, e7), nw (g6, g7); e and w are
  // blocked at the ball's square (e8, g8), se and sw at the man's.
  EXPECT_EQ(filtered(*s, 'd'), (std::vector<std::string>{"b2dn", "b2ds", "b2dne", "b2dnw"}));
}

TEST(SoccolotRules, NoLegalMoveS9) {
  const std::string s9 = "soccolot B=a1,b1,c1,a2,b2,c2 W=d1,d2,d3,c3,b3,a4 O=h8 White";
  auto s = soccolot_state(s9);
  PlyOutcome o = play(*s, "w6rn");
  EXPECT_TRUE(o.applied);
  ASSERT_EQ(codes(o), "soccolot.no-legal-move");
  EXPECT_EQ(o.findings[0].severity, Severity::kWarning);
  EXPECT_EQ(o.findings[0].message, "Black has no legal move; the game ends (White)");
  EXPECT_EQ(s->result(), "White");
  EXPECT_EQ(s->position_text(), "soccolot B=a1,b1,c1,a2,b2,c2 W=d1,d2,d3,c3,b3,a3 O=h8 Black");
  EXPECT_EQ(codes(play(*s, "b1rs")), "soccolot.game-over");

  s = soccolot_state(s9, "-nomove=draw");
  o = play(*s, "w6rn");
  EXPECT_EQ(o.findings[0].message, "Black has no legal move; the game ends (draw)");
  EXPECT_EQ(s->result(), "draw");

  // A Setup already without a move: over, no warning, any ply is game-over at ply 0.
  s = soccolot_state("soccolot B=a1,b1,c1,a2,b2,c2 W=d1,d2,d3,c3,b3,a3 O=h8 Black");
  EXPECT_EQ(s->result(), "White");
  o = play(*s, "b1rs");
  EXPECT_EQ(o.findings[0].message, "the game ended at ply 0 (White); no further moves");
}

TEST(SoccolotRules, NoLegalMoveCountsOnlyMovesTheOptionsAllow) {
  // Black is boxed in at a1..c2 by White on a3, b3, c3, d3, d2, e1 and the ball on d1. No
  // Black man can run. B3 (c1) cannot kick west (e1) or dribble. B6 (c2) can only kick the ball
  // north-west into e0, or dribble north-west (man to d1, ball to e0): both own goals.
  const std::string boxed = "soccolot B=a1,b1,c1,a2,b2,c2 W=d2,d3,c3,b3,a3,e1 O=d1 Black";
  auto s = soccolot_state(boxed);
  EXPECT_EQ(s->legal_moves(""), (std::vector<std::string>{"b6dnw", "b6k1"}));
  ASSERT_TRUE(play(*s, "b6k1").applied);
  EXPECT_EQ(s->result(), "White");  // -owngoal=lose: the own goal counts for White
  EXPECT_EQ(s->position_text(), "soccolot B=a1,b1,c1,a2,b2,c2 W=d2,d3,c3,b3,a3,e1 O=e0 -");
  // With -owngoal=illegal the same Setup is already over: Black has no legal move.
  s = soccolot_state(boxed, "-owngoal=illegal");
  EXPECT_EQ(s->result(), "White");
  EXPECT_TRUE(s->legal_moves("").empty());
  // ... and a White ply that closes the box gets the warning.
  s = soccolot_state("soccolot B=a1,b1,c1,a2,b2,c2 W=d2,d3,c3,b3,a3,f1 O=d1 White",
                     "-owngoal=illegal");
  const PlyOutcome o = play(*s, "w6re");
  EXPECT_TRUE(o.applied);
  EXPECT_EQ(codes(o), "soccolot.no-legal-move");
  EXPECT_EQ(s->result(), "White");
  EXPECT_EQ(s->position_text(), "soccolot B=a1,b1,c1,a2,b2,c2 W=d2,d3,c3,b3,a3,e1 O=d1 Black");
}

TEST(SoccolotRules, CanonicalMove) {
  auto s = soccolot_variant()->initial_state();
  EXPECT_EQ(s->canonical_move("3RS"), "b3rs");
  EXPECT_EQ(s->canonical_move("W2dNe"), "w2dne");
  EXPECT_EQ(s->canonical_move("3k"), std::nullopt);
  EXPECT_EQ(s->canonical_move("3rx"), std::nullopt);
}

}  // namespace
}  // namespace scribe::engine::soccolot::test
