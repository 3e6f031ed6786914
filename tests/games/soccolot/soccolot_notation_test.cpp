// Soccolot move grammar (spec games/soccolot.md §4): accepted tokens, their parsed values,
// syntax errors at the first failing character, and the missing kick distance.
#include "notation/games/soccolot/soccolot_notation.hpp"

#include <gtest/gtest.h>

namespace scribe::notation::soccolot {
namespace {

struct Accepted {
  const char* text;
  Team team;
  int jersey;
  Action action;
  Direction direction;         // runs and dribbles
  int distance;                // kicks
  const char* canonical_with;  // canonical text when the team letter is `team` (or Black)
};

TEST(SoccolotNotation, AcceptsEveryFormOfThePly) {
  const Accepted table[] = {
      {"w2dne", Team::kWhite, 2, Action::kDribble, Direction::kNE, 0, "w2dne"},
      {"3k5", Team::kNone, 3, Action::kKick, Direction::kN, 5, "b3k5"},
      {"b5rs", Team::kBlack, 5, Action::kRun, Direction::kS, 0, "b5rs"},
      {"W2DNE", Team::kWhite, 2, Action::kDribble, Direction::kNE, 0, "w2dne"},
      {"B5rS", Team::kBlack, 5, Action::kRun, Direction::kS, 0, "b5rs"},
      {"1rn", Team::kNone, 1, Action::kRun, Direction::kN, 0, "b1rn"},
      {"6re", Team::kNone, 6, Action::kRun, Direction::kE, 0, "b6re"},
      {"b4rw", Team::kBlack, 4, Action::kRun, Direction::kW, 0, "b4rw"},
      {"b4rnw", Team::kBlack, 4, Action::kRun, Direction::kNW, 0, "b4rnw"},
      {"b4dse", Team::kBlack, 4, Action::kDribble, Direction::kSE, 0, "b4dse"},
      {"w4DSW", Team::kWhite, 4, Action::kDribble, Direction::kSW, 0, "w4dsw"},
      {"b3K1", Team::kBlack, 3, Action::kKick, Direction::kN, 1, "b3k1"},
      {"w6k8", Team::kWhite, 6, Action::kKick, Direction::kN, 8, "w6k8"},
  };
  for (const auto& row : table) {
    SCOPED_TRACE(row.text);
    const ParseResult r = parse_soccolot_move(row.text);
    ASSERT_TRUE(r.move.has_value());
    ASSERT_FALSE(kick_distance_missing(*r.move));
    EXPECT_EQ(r.move->team, row.team);
    EXPECT_EQ(r.move->jersey, row.jersey);
    EXPECT_EQ(r.move->action, row.action);
    if (row.action == Action::kKick)
      EXPECT_EQ(r.move->distance, row.distance);
    else
      EXPECT_EQ(r.move->direction, row.direction);
    Move m = *r.move;
    if (m.team == Team::kNone) m.team = Team::kBlack;
    EXPECT_EQ(move_text(m), row.canonical_with);
    // parse(move_text(m)) == m
    const ParseResult again = parse_soccolot_move(move_text(m));
    ASSERT_TRUE(again.move.has_value());
    EXPECT_EQ(*again.move, m);
  }
}

TEST(SoccolotNotation, SyntaxErrorsPointAtTheFirstFailingCharacter) {
  const std::pair<const char*, std::uint32_t> table[] = {
      // The spec's examples (§4, S3).
      {"7rn", 0},
      {"b3rx", 3},
      {"3k9", 2},
      {"3k0", 2},
      {"3kn", 2},
      {"3r", 2},
      {"b3", 2},
      {"x3rn", 0},
      {"3rs1", 3},
      // More.
      {"", 0},
      {"b", 1},
      {"w0rn", 1},
      {"bb3rn", 1},
      {"3", 1},
      {"3x", 1},
      {"3rnx", 3},
      {"3rnee", 4},
      {"3rsw1", 4},
      {"3k12", 3},
      {"3k5x", 3},
      {"3d", 2},
      {"3dx", 2},
      {"3ren", 3},
      {"3 rn", 1},
      {"b3rn ", 4},
      {"3kk", 2},
      {"3r-n", 2},
      {"3é", 1},
      {"k3", 0},
      {"33rn", 1},
  };
  for (const auto& [text, offset] : table) {
    SCOPED_TRACE(text);
    const ParseResult r = parse_soccolot_move(text);
    EXPECT_FALSE(r.move.has_value());
    EXPECT_EQ(r.error.offset, offset);
  }
}

TEST(SoccolotNotation, AKickThatEndsAfterKHasNoDistance) {
  for (const char* text : {"3k", "b3k", "W2K", "6K"}) {
    SCOPED_TRACE(text);
    const ParseResult r = parse_soccolot_move(text);
    ASSERT_TRUE(r.move.has_value());
    ASSERT_TRUE(kick_distance_missing(*r.move));
    EXPECT_EQ(r.move->action, Action::kKick);
    EXPECT_EQ(r.move->distance, 0);
  }
  const ParseResult r = parse_soccolot_move("w2k");
  EXPECT_EQ(r.move->team, Team::kWhite);
  EXPECT_EQ(r.move->jersey, 2);
}

TEST(SoccolotNotation, DirectionNames) {
  EXPECT_EQ(direction_code(Direction::kSW), "sw");
  EXPECT_EQ(direction_name(Direction::kNE), "north-east");
  EXPECT_EQ(direction_name(Direction::kW), "west");
}

}  // namespace
}  // namespace scribe::notation::soccolot
