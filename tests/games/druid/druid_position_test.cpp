// Position text tests (spec games/druid.md §11): canonical printing, reading in any order,
// and every validity rule with its reason.
#include "tests/games/druid/druid_test_util.hpp"

namespace scribe::engine::druid::test {
namespace {

TEST(DruidPosition, StartPositions) {
  EXPECT_EQ(variant("")->initial_state()->position_text(), "druid square:10 - - - V 0 -");
  EXPECT_EQ(variant("-hex -players=3")->initial_state()->position_text(),
            "druid hex3:5 - - - X 0 -");
  EXPECT_EQ(variant("-hex", 1)->initial_state()->position_text(), "druid hex3:5 - - - X 0 -");
  EXPECT_EQ(variant("-hex")->initial_state()->position_text(), "druid hex:5 - - - X 0 -");
  EXPECT_EQ(variant("-y")->initial_state()->position_text(), "druid y:8 - - - X 0 -");
}

TEST(DruidPosition, SpecExamplesAfterOpeningAndSwap) {
  auto v = variant("");
  auto s = v->initial_state();
  ASSERT_EQ(play(*s, "c3"), "");
  EXPECT_EQ(s->position_text(), "druid square:10 c3=v - - H 0 s");
  ASSERT_EQ(play(*s, "swap"), "");
  EXPECT_EQ(s->position_text(), "druid square:10 c3=v - - H 0 -");
}

TEST(DruidPosition, SeedSampleFinalPositionRoundTrips) {
  auto v = variant("-size=8");
  const std::string text =
      "druid square:8 a5=h,b1=h,b4=vVV,b5=hV,b6=vV,b7=v,b8=v,c1=vV,c4=..V,c5=h,d1=hV,d2=v,d3=v,"
      "d4=vvV,d5=h,e1=vV,e5=h,f1=h,f4=h,f5=h,g5=h,h5=h b4-b6/2,c1-e1/2,b4-d4/3 - - 0 -";
  auto s = position(*v, text);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->position_text(), text);
  EXPECT_EQ(s->result(), std::optional<std::string>("V"));
  // A Setup that is over makes every ply druid.game-over.
  Finding f;
  EXPECT_EQ(play(*s, "a1", &f), "druid.game-over");
  EXPECT_EQ(f.message, "the game ended at ply 0 (V); no further moves");
}

TEST(DruidPosition, AcceptsAnyOrderAndPrintsCanonically) {
  auto v = variant("-size=8");
  auto s =
      position(*v,
               "druid square:8 h5=h,D4=vvV,c4=..V,b4=vVV,b6=vV,b5=hV,d5=h,h8=h b4-d4/3,b6-b4/2 - "
               "H 0 -");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(
      s->position_text(),
      "druid square:8 b4=vVV,b5=hV,b6=vV,c4=..V,d4=vvV,d5=h,h5=h,h8=h b4-b6/2,b4-d4/3 - H 0 -");
}

TEST(DruidPosition, WalkDruidsPrintInSideOrder) {
  auto v = variant("-size=4 -walk");
  auto s = position(*v, "druid square:4 a3=h,b1=v - H@a3>e,V@b1>n V 0 -");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->position_text(), "druid square:4 a3=h,b1=v - V@b1>n,H@a3>e V 0 -");
}

struct Refused {
  const char* options;
  const char* text;
  const char* reason;
};

TEST(DruidPosition, RefusesEveryInvalidPositionWithItsReason) {
  const Refused table[] = {
      // Form.
      {"-size=8", "druid square:8 - - - V 0", "expected 8 fields"},
      {"-size=8", "druid square:8 - - -  V 0 -", "expected 8 fields"},
      {"-size=8", "savoya square:8 - - - V 0 -", "the first field must be 'druid'"},
      // Rule 1: board and size.
      {"-size=8", "druid square:08 - - - V 0 -", "the board field"},
      {"-size=8", "druid round:8 - - - V 0 -", "unknown board 'round'"},
      {"-size=8", "druid square:27 - - - V 0 -", "size 27 is out of range for the square board"},
      {"-hex", "druid hex:14 - - - X 0 -", "size 14 is out of range for the hex board"},
      {"-size=8", "druid square:10 - - - V 0 -",
       "the record's options and players give 'square:8'"},
      {"-hex", "druid hex3:5 - - - X 0 -", "give 'hex:5'"},
      {"-hex -players=3", "druid hex:5 - - - X 0 -", "give 'hex3:5'"},
      {"-y", "druid hex:8 - - - X 0 -", "give 'y:8'"},
      // Rule 2: cells, duplicates, empty stacks, gaps on top.
      {"-size=8", "druid square:8 i1=v - - H 0 -", "i1 is not a cell of the 8x8 board"},
      {"-size=8", "druid square:8 c3=v,c3=v - - H 0 -", "c3 is listed twice"},
      {"-size=8", "druid square:8 c3= - - H 0 -", "the stack on c3 has no units"},
      {"-size=8", "druid square:8 c3=v. - - H 0 -", "the top unit on c3 is a gap"},
      {"-size=8", "druid square:8 c03=v - - H 0 -", "is not a cell name"},
      {"-size=8", "druid square:8 c3 - - H 0 -", "must be a cell, '=' and its units"},
      // Rule 3: letters of the sides in play.
      {"-size=8", "druid square:8 c3=x - - H 0 -", "holds 'x'"},
      {"-hex", "druid hex:5 c3=y - - O 0 -", "holds 'y'"},
      {"-size=8", "druid square:8 c3=v1 - - H 0 -", "holds '1'"},
      // Rule 4: lintels.
      {"-size=8", "druid square:8 b2=vV,c2=.V,d2=vV b2-d3/2 - H 0 -", "is not a lintel"},
      {"-size=8", "druid square:8 b2=V,c2=V,d2=V b2-d2/1 - H 0 -", "lies at level 1"},
      {"-size=8", "druid square:8 b2=vV,c2=.V,d2=vH b2-d2/2 - H 0 -", "has units of two sides"},
      {"-size=8", "druid square:8 b2=vV,c2=.v,d2=vV b2-d2/2 - H 0 -", "needs a lintel unit on c2"},
      {"-size=8", "druid square:8 b2=.V,c2=vV,d2=vV b2-d2/2 - H 0 -",
       "has no stone under its end b2"},
      {"-size=8", "druid square:8 b2=vV,c2=vV,d2=vV,e2=vV b2-d2/2,c2-e2/2 - H 0 -",
       "two lintels share c2 at level 2"},
      {"-size=8", "druid square:8 b2=vV,c2=.V,d2=vV - - H 0 -", "belongs to no listed lintel"},
      {"-size=8", "druid square:8 b2=vV,c2=.V,d2=vV b2-d2 - H 0 -",
       "must be written end-end/level"},
      // Rule 5: sarsens on their own side's units.
      {"-size=8", "druid square:8 c3=hv - - H 0 -", "the sarsen on c3 at level 2"},
      {"-size=8", "druid square:8 b2=vV,c2=.Vh,d2=vV b2-d2/2 - H 0 -",
       "the sarsen on c2 at level 3"},
      {"-size=8", "druid square:8 c3=.v - - H 0 -", "the sarsen on c3 at level 2"},
      // Rule 6: druids.
      {"-size=4", "druid square:4 b1=v - V@b1>n H 0 -", "druids appear only in Druid's Walk"},
      {"-size=4 -walk", "druid square:4 b1=v,b2=v - V@b1>n,V@b2>n H 0 -", "V has two druids"},
      {"-size=4 -walk", "druid square:4 b1=h - V@b1>n H 0 -",
       "must stand on a stone of its own side"},
      {"-size=4 -walk", "druid square:4 b1=v - V@b1>e H 0 -", "target edge 'e'"},
      {"-size=4 -walk", "druid square:4 b1=v - V@b1>ne H 0 -", "target edge 'ne'"},
      {"-size=4 -walk", "druid square:4 b1=v - X@b1>n H 0 -", "names no side in play"},
      {"-size=4 -walk", "druid square:4 b1=v - Vb1>n H 0 -", "must be written SIDE@cell>edge"},
      // Rule 7: the side to move and the end of the game.
      {"-size=4", "druid square:4 - - - X 0 -", "the side to move 'X'"},
      {"-size=4", "druid square:4 - - - v 0 -", "the side to move 'v'"},
      {"-size=4", "druid square:4 - - - - 0 -", "the game is not over"},
      {"-size=3", "druid square:3 a1=v,a2=v,a3=v - - H 0 -", "V has won"},
      {"-size=4 -walk", "druid square:4 b4=v,d2=h - V@b4>n,H@d2>e - 0 -",
       "more than one side has won"},
      {"-size=4 -walk", "druid square:4 b1=v,b2=v,b3=v,b4=v - V@b4>n H 0 -", "V has won"},
      {"-size=4", "druid square:4 c3=v - - V 2 -", "the game is over (drawn by passing)"},
      {"-size=3", "druid square:3 a1=v,a2=v,a3=v - - - 2 -", "cannot also be drawn"},
      // Rule 8: passes and swap.
      {"-size=3", "druid square:3 a1=v,a2=v,a3=v - - - 1 -", "passes must be 0 or 2"},
      {"-size=4", "druid square:4 c3=v - - H 3 -", "passes must be 0..1"},
      {"-hex -players=3", "druid hex3:5 - - - X 3 -", "the game is over"},
      {"-hex -players=3", "druid hex3:5 - - - X 4 -", "passes must be 0..2"},
      {"-size=4", "druid square:4 c3=v - - H x -", "must be one digit"},
      {"-size=4", "druid square:4 c3=v - - V 0 s", "swap 's' requires the second side (H)"},
      {"-size=4", "druid square:4 c3=v - - H 1 s", "swap 's' requires the second side (H)"},
      {"-size=4", "druid square:4 c3=v - - H 0 x", "must be 's' or '-'"},
  };
  for (const auto& row : table) {
    auto v = variant(row.options);
    ASSERT_NE(v, nullptr) << row.options;
    const std::string why = refusal(*v, row.text);
    EXPECT_NE(why.find(row.reason), std::string::npos)
        << row.text << "\n  reason: '" << why << "'\n  wanted: '" << row.reason << "'";
  }
}

TEST(DruidPosition, AcceptsValidCornerCases) {
  // A drawn 3-player position, a Walk druid on its target edge (V has won), and a side with
  // edge stones but no druid yet.
  EXPECT_EQ(refusal(*variant("-hex -players=3"), "druid hex3:5 c3=x - - - 3 -"), "");
  EXPECT_EQ(refusal(*variant("-size=4 -walk"), "druid square:4 b1=v,b2=v,b3=v,b4=v - V@b4>n - 0 -"),
            "");
  EXPECT_EQ(refusal(*variant("-size=4 -walk"), "druid square:4 a1=v,a2=h - - V 0 -"), "");
  // A sarsen on its own lintel; a lintel over two gaps.
  EXPECT_EQ(refusal(*variant("-size=8"),
                    "druid square:8 b2=vV,c2=.Vv,d2=vV,h6=h,h7=h,h8=h b2-d2/2 - H 0 -"),
            "");
  EXPECT_EQ(refusal(*variant("-size=8"),
                    "druid square:8 b4=vVV,b5=hV,b6=vV,c4=..V,d4=vvV b4-b6/2,b4-d4/3 - H 0 -"),
            "");
}

TEST(DruidPosition, SetupSwapFieldAllowsOnlyPlyOne) {
  auto v = variant("");
  auto s = position(*v, "druid square:10 c3=v - - H 0 s");
  ASSERT_EQ(play(*s, "swap"), "");
  auto t = position(*v, "druid square:10 - - - V 0 -");
  ASSERT_EQ(play(*t, "c3"), "");
  // After a Setup, no later ply may swap (ruling R9).
  EXPECT_EQ(play(*t, "swap"), "druid.swap-not-allowed");
}

}  // namespace
}  // namespace scribe::engine::druid::test
