// Soccolot position text (§9), text board (§10), options (§1) and Result names (§7.4).
#include <gtest/gtest.h>

#include "tests/games/soccolot/soccolot_test_util.hpp"

namespace scribe::engine::soccolot::test {
namespace {

TEST(SoccolotText, PositionTextRoundTrips) {
  const char* texts[] = {
      "soccolot B=g1,f1,e1,d1,c1,b1 W=g8,f8,e8,d8,c8,b8 O=e5 Black",
      "soccolot B=g1,f1,e2,d1,c1,b1 W=g8,f8,e8,d8,c8,b8 O=e5 White",
      "soccolot B=g1,f1,e4,d1,c1,b1 W=g6,f8,f7,d8,c8,b8 O=e9 -",
      "soccolot B=g1,f1,e4,d1,c1,b1 W=g6,f8,f7,d8,c8,b8 O=a0 -",
      "soccolot B=a1,b1,c1,a2,b2,c2 W=d1,d2,d3,c3,b3,a3 O=h8 Black",  // no legal move
  };
  for (const char* t : texts) EXPECT_EQ(soccolot_state(t)->position_text(), t);
  EXPECT_EQ(
      soccolot_state("soccolot B=g1,f1,e4,d1,c1,b1 W=g6,f8,f7,d8,c8,b8 O=e8 -", "-goal=backrow")
          ->result(),
      "Black");
  EXPECT_EQ(soccolot_state("soccolot B=g1,f1,e4,d1,c1,b1 W=g6,f8,f7,d8,c8,b8 O=e9 -")->result(),
            "Black");
  EXPECT_EQ(soccolot_state("soccolot B=g1,f1,e4,d1,c1,b1 W=g6,f8,f7,d8,c8,b8 O=e0 -")->result(),
            "White");
}

TEST(SoccolotText, InvalidPositionTextGivesAReason) {
  const std::pair<const char*, const char*> bad[] = {
      {"", "expected five fields separated by single spaces: soccolot B=... W=... O=... SIDE"},
      {"soccolot  B=g1,f1,e1,d1,c1,b1 W=g8,f8,e8,d8,c8,b8 O=e5 Black",
       "expected five fields separated by single spaces: soccolot B=... W=... O=... SIDE"},
      {"druid B=g1,f1,e1,d1,c1,b1 W=g8,f8,e8,d8,c8,b8 O=e5 Black",
       "the position text must start with 'soccolot'"},
      {"soccolot B=g1,f1,e1,d1,c1 W=g8,f8,e8,d8,c8,b8 O=e5 Black",
       "B= must list 6 squares (jerseys 1-6), separated by commas; found 5"},
      {"soccolot W=g1,f1,e1,d1,c1,b1 B=g8,f8,e8,d8,c8,b8 O=e5 Black",
       "expected B= and the squares of Black's men 1-6, e.g. B=g1,f1,e1,d1,c1,b1"},
      {"soccolot B=g1,f1,e1,d1,c1,i1 W=g8,f8,e8,d8,c8,b8 O=e5 Black",
       "'i1' (Black 6) is not a square: expected a file a-h and a rank 1-8"},
      {"soccolot B=g1,f1,e1,d1,c1,b1 W=g8,f8,e9,d8,c8,b8 O=e5 Black",
       "White 3 on e9: men stand on ranks 1-8"},
      {"soccolot B=g1,f1,e1,d1,c1,b1 W=g8,f8,e8,d8,c8,b8 O=e5 black",
       "the side to move must be Black, White or - (after a goal), not 'black'"},
      {"soccolot B=g1,f1,e1,d1,c1,b1 W=g8,f8,e8,d8,c8,b8 O=g1 Black",
       "g1 holds two pieces: Black 1 and the ball"},
      {"soccolot B=g1,f1,e1,d1,c1,b1 W=g8,f8,e8,d8,c8,b8 O=e9 Black",
       "the ball on e9 is in a goal, so the side to move must be '-'"},
      {"soccolot B=g1,f1,e1,d1,c1,b1 W=g8,f8,e8,d8,c8,b8 O=e5 -",
       "side '-' means a goal was scored, but the ball on e5 is not in a goal (rank 0 or 9)"},
      {"soccolot B=g1,f1,e1,d1,c1,b1 W=g8,f8,e8,d8,c8,b8 O=e10 Black",
       "expected O= and the ball's square (file a-h, rank 1-8, or 0 and 9 in a goal), e.g. O=e5"},
  };
  auto v = soccolot_variant();
  for (const auto& [text, reason] : bad) {
    const PositionResult r = v->parse_position(text);
    EXPECT_EQ(r.state, nullptr) << text;
    EXPECT_EQ(r.error, reason) << text;
  }
  auto backrow = soccolot_variant("-goal=backrow");
  const std::pair<const char*, const char*> bad_backrow[] = {
      {"soccolot B=g1,f1,e1,d1,c1,b1 W=g8,f8,e7,d8,c8,b8 O=e9 -",
       "with -goal=backrow there are no goal squares: the ball cannot stand on e9"},
      {"soccolot B=g1,f1,e1,d1,c1,b1 W=g8,f8,e7,d8,c8,b8 O=e8 White",
       "with -goal=backrow the ball on e8 is a goal, so the side to move must be '-'"},
      {"soccolot B=g1,f1,e1,d1,c1,b1 W=g8,f8,e8,d8,c8,b8 O=e5 -",
       "side '-' means a goal was scored, but with -goal=backrow the ball on e5 is not on a "
       "back row (rank 1 or 8)"},
  };
  for (const auto& [text, reason] : bad_backrow) {
    const PositionResult r = backrow->parse_position(text);
    EXPECT_EQ(r.state, nullptr) << text;
    EXPECT_EQ(r.error, reason) << text;
  }
}

TEST(SoccolotText, TextBoardOfTheStart) {
  const std::string expected =
      "                S\n"
      "    +-----------------------+\n"
      "    |        G O A L        |  player1 : Black\n"
      "    +-----------------------+\n"
      "  8 |  |W6|W5|W4|W3|W2|W1|  | 8\n"
      "    |--+--+--+--+--+--+--+--|\n"
      "  7 |  |  |  |  |  |  |  |  | 7\n"
      "    |--+--+--+--+--+--+--+--|\n"
      "  6 |  |  |  |  |  |  |  |  | 6\n"
      "    |--+--+--+--+--+--+--+--|\n"
      "  5 |  |  |  |  |SB|  |  |  | 5\n"
      "  E |--+--+--+--+--+--+--+--| W\n"
      "  4 |  |  |  |  |  |  |  |  | 4\n"
      "    |--+--+--+--+--+--+--+--|\n"
      "  3 |  |  |  |  |  |  |  |  | 3\n"
      "    |--+--+--+--+--+--+--+--|\n"
      "  2 |  |  |  |  |  |  |  |  | 2\n"
      "    |--+--+--+--+--+--+--+--|\n"
      "  1 |  |B6|B5|B4|B3|B2|B1|  | 1\n"
      "    +-----------------------+\n"
      "    |        G O A L        |  player2 : White\n"
      "    +-----------------------+\n"
      "                N\n"
      "     a  b  c  d  e  f  g  h\n";
  EXPECT_EQ(soccolot_variant()->initial_state()->text_board(), expected);
}

TEST(SoccolotText, TextBoardWithPlayersAndABallInTheGoal) {
  std::vector<notation::Tag> tags(2);
  tags[0].name = "Player1";
  tags[0].value = "ann";
  tags[1].name = "Player2";
  tags[1].value = "bob";
  auto v = soccolot_variant("", &tags);
  auto s = v->parse_position("soccolot B=g1,f1,e4,d1,c1,b1 W=g6,f8,f7,d8,c8,b8 O=e9 -").state;
  const std::string board = s->text_board();
  EXPECT_NE(board.find("    |  |  |  |  |SB|  |  |  |  ann : Black\n"), std::string::npos) << board;
  EXPECT_NE(board.find("    |        G O A L        |  bob : White\n"), std::string::npos);
  EXPECT_NE(board.find("  8 |  |W6|W5|W4|  |W2|  |  | 8\n"), std::string::npos) << board;
}

TEST(SoccolotText, TextBoardWithTheBallInBlacksGoal) {
  auto s = soccolot_state("soccolot B=a1,b1,c1,a2,b2,c2 W=d2,d3,c3,b3,a3,e1 O=a0 -");
  const std::string board = s->text_board();
  EXPECT_NE(board.find("    |        G O A L        |  player1 : Black\n"), std::string::npos);
  EXPECT_NE(board.find("    |SB|  |  |  |  |  |  |  |  player2 : White\n"), std::string::npos)
      << board;
}

TEST(SoccolotText, Options) {
  auto configure = [](const std::string& options, Mode mode) {
    VariantRequest req;
    req.game_name = "soccolot";
    req.options = options;
    req.mode = mode;
    return soccolot_game().configure(req);
  };
  const std::pair<const char*, const char*> bad[] = {
      {"-goal=net", "option -goal=net: the value must be beyond or backrow"},
      {"-owngoal=lose -owngoal=lose", "option -owngoal is given twice"},
      {"-size=7",
       "unknown option '-size=7'; the options of Soccolot are -goal=beyond|backrow, "
       "-owngoal=lose|illegal, -nomove=lose|draw"},
      {"-nomove", "option -nomove needs a value: -nomove=lose|draw"},
      {"-GOAL=backrow", "option '-GOAL=backrow' must be written in lower case: '-goal=backrow'"},
  };
  for (const auto& [options, message] : bad) {
    const VariantResult r = configure(options, Mode::kStrict);
    EXPECT_EQ(r.variant, nullptr) << options;
    ASSERT_EQ(r.findings.size(), 1u) << options;
    EXPECT_EQ(r.findings[0].code, "record.bad-option");
    EXPECT_EQ(r.findings[0].severity, Severity::kError);
    EXPECT_EQ(r.findings[0].anchor, Anchor::kTag);
    EXPECT_EQ(r.findings[0].tag, "Options");
    EXPECT_EQ(r.findings[0].message, message);
  }
  // Lenient: a case slip is a warning and the option is read.
  VariantResult r = configure("-GOAL=Backrow  -nomove=draw", Mode::kLenient);
  ASSERT_NE(r.variant, nullptr);
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].severity, Severity::kWarning);
  EXPECT_EQ(r.findings[0].message, "option '-GOAL=Backrow' read as '-goal=backrow'");
  EXPECT_EQ(r.variant->options_text(), "-goal=backrow -nomove=draw");
  // Every representative option set configures without findings.
  for (const auto& o : kRepresentativeOptions) {
    r = configure(o, Mode::kStrict);
    EXPECT_NE(r.variant, nullptr) << o;
    EXPECT_TRUE(r.findings.empty()) << o;
    EXPECT_EQ(r.variant->num_players(), 2);
    EXPECT_FALSE(r.variant->has_dice());
    EXPECT_EQ(r.variant->generate_ply_limit(), 1000);
  }
  r = configure("-nomove=lose -owngoal=illegal -goal=beyond", Mode::kStrict);
  EXPECT_EQ(r.variant->options_text(), "-owngoal=illegal");
}

TEST(SoccolotText, ResultNames) {
  using Kind = ResultCheck::Kind;
  auto v = soccolot_variant();
  for (const char* ok : {"Black", "White", "draw", "*"}) {
    EXPECT_EQ(v->check_result(ok, Mode::kStrict).kind, Kind::kOk) << ok;
    EXPECT_EQ(v->check_result(ok, Mode::kStrict).canonical, ok);
  }
  for (const char* bad : {"black", "B", "W", "Red", "1-0", ""})
    EXPECT_EQ(v->check_result(bad, Mode::kStrict).kind, Kind::kBad) << bad;
  const std::pair<const char*, const char*> aliases[] = {
      {"black", "Black"}, {"WHITE", "White"}, {"B", "Black"}, {"W", "White"}, {"Draw", "draw"}};
  for (const auto& [alias, canonical] : aliases) {
    const ResultCheck c = v->check_result(alias, Mode::kLenient);
    EXPECT_EQ(c.kind, Kind::kAlias) << alias;
    EXPECT_EQ(c.canonical, canonical);
  }
  EXPECT_EQ(v->check_result("Red", Mode::kLenient).kind, Kind::kBad);
}

}  // namespace
}  // namespace scribe::engine::soccolot::test
