// Savoya rules: board tables from the JSON (§2), exact legal-move sets for given dice (§6, §15),
// small hand-checked move-tree counts, chance outcomes (§4.3), passing and the dead-position
// test (§8).
#include <algorithm>
#include <cmath>

#include "tests/games/savoya/savoya_test_util.hpp"

namespace scribe::engine::savoya::test {
namespace {

using Moves = std::vector<std::string>;

TEST(SavoyaRules, BoardTablesMatchTheSpec) {
  const Board& savoya = board_of(BoardKind::kSavoya);
  EXPECT_EQ(savoya.num_cells, 105);
  EXPECT_EQ(savoya.crossings.size(), 17u);
  ASSERT_EQ(savoya.paths.size(), 2u);
  EXPECT_EQ(savoya.paths[0].id, "gold");
  EXPECT_EQ(savoya.paths[0].cells.size(), 59u);
  EXPECT_EQ(savoya.paths[1].cells.size(), 63u);
  const Board& savoy = board_of(BoardKind::kSavoy);
  EXPECT_EQ(savoy.num_cells, 56);
  EXPECT_EQ(savoy.crossings.size(), 4u);
  EXPECT_EQ(savoy.paths[0].cells.size(), 60u);
  EXPECT_EQ(savoy.rows, 12);
  // Cells are in canonical order: column letter, then row number.
  EXPECT_EQ(savoya.cells[0].name, "a6");
  EXPECT_EQ(savoya.cells[1].name, "a8");
  EXPECT_EQ(savoya.cells[savoya.num_cells - 1].name, "o10");
  // g14 is a grid square off the paths.
  EXPECT_EQ(savoya.find_cell("g14"), kNoCell);
  EXPECT_NE(savoya.find_cell("h14"), kNoCell);
}

TEST(SavoyaRules, DirectionsPerCellKind) {
  const Board& b = board_of(BoardKind::kSavoya);
  for (int c = 0; c < b.num_cells; ++c) {
    const CellKind k = b.cells[c].kind;
    const int expected = k == CellKind::kCrossing ? 4 : k == CellKind::kEnd ? 1 : 2;
    EXPECT_EQ(b.num_dirs[c], expected) << b.cells[c].name;
  }
}

TEST(SavoyaRules, RoutesGoStraightThroughCrossings) {
  const Board& b = board_of(BoardKind::kSavoya);
  const int d6 = b.find_cell("d6"), h6 = b.find_cell("h6");
  // d6 -> h6: 4 steps east, or 12 steps down column d, along row 2, up column h.
  std::vector<int> lengths;
  for (int d = 0; d < b.num_dirs[d6]; ++d)
    for (int k = 1; k <= kMaxRoute; ++k)
      if (b.route[d6][d][k] == h6) lengths.push_back(k);
  std::sort(lengths.begin(), lengths.end());
  EXPECT_EQ(lengths, (std::vector<int>{4, 12}));
  // A 24-step loop from h6 (and h10) comes back to its start; no shorter one exists.
  for (const char* start : {"h6", "h10"}) {
    const int c = b.find_cell(start);
    int loops = 0;
    for (int d = 0; d < b.num_dirs[c]; ++d)
      for (int k = 1; k <= kMaxRoute; ++k)
        if (b.route[c][d][k] == c) {
          EXPECT_EQ(k, 24) << start;
          ++loops;
        }
    EXPECT_EQ(loops, 2) << start;
  }
  // Savoy has no loop of 24 steps or fewer.
  const Board& s = board_of(BoardKind::kSavoy);
  for (int c = 0; c < s.num_cells; ++c)
    for (int d = 0; d < s.num_dirs[c]; ++d)
      for (int k = 1; k <= kMaxRoute; ++k) EXPECT_NE(s.route[c][d][k], c);
}

// steps_between and steps (what check 6.13 reads) are the route table read backwards: byte d is
// the k with route[from][d][k] == to, for every pair of cells of both boards (loops included).
TEST(SavoyaRules, StepsBetweenCellsMatchTheRoutes) {
  for (BoardKind kind : {BoardKind::kSavoya, BoardKind::kSavoy}) {
    const Board& b = board_of(kind);
    for (int from = 0; from < b.num_cells; ++from)
      for (int to = 0; to < b.num_cells; ++to) {
        std::uint32_t expected = 0;
        for (int d = 0; d < b.num_dirs[from]; ++d)
          for (int k = 1; k <= kMaxRoute; ++k)
            if (b.route[from][d][k] == to) expected |= static_cast<std::uint32_t>(k) << (8 * d);
        ASSERT_EQ(b.steps_between(from, to), expected)
            << b.name << " " << b.cells[from].name << " -> " << b.cells[to].name;
        ASSERT_EQ(b.steps(from, to), expected)
            << b.name << " " << b.cells[from].name << " -> " << b.cells[to].name;
      }
  }
}

TEST(SavoyaRules, SingleEndPieceCombinesDiceOnOneRoute) {
  auto v = variant("-board=savoy");
  auto s = position(*v, "savoy 2 a3=R,o10=L Right -");
  // One piece: 2-1 is one move of 3 (stop b3 or c3); 1-1 is one move of 4.
  EXPECT_EQ(s->legal_moves("2-1"), Moves{"a3-d3"});
  EXPECT_EQ(s->legal_moves("1-1"), Moves{"a3-e3"});
  EXPECT_EQ(s->legal_moves("6-6"), Moves{"a3-h12"});  // 24 steps, stops g3, l4 and l10
}

TEST(SavoyaRules, TwoPiecesListEveryOrderOfComponents) {
  auto v = variant("-board=savoy");
  auto s = position(*v, "savoy 2 a3=RR,o10=L Right -");
  // Search order: die 2 first (larger first die), then die 1, then both dice on one piece.
  EXPECT_EQ(s->legal_moves("2-1"), (Moves{"a3-c3,a3-b3", "a3-b3,a3-c3", "a3-d3"}));
  // With 1-1 and two pieces the four dice split 1+3, 2+2, 3+1, or all four on one piece;
  // "a3-b3,a3-b3" (2 pips) and "a3-b3,a3-c3" (3 pips) are legal but not valid.
  EXPECT_EQ(s->legal_moves("1-1"), (Moves{"a3-b3,a3-d3", "2xa3-c3", "a3-d3,a3-b3", "a3-e3"}));
}

TEST(SavoyaRules, BounceBackAndWinningPlays) {
  auto v = variant("-board=savoy");
  const std::string setup = "savoy 2 f10=LL,h12=LL,i10=LL,l10=R,o10=RRRRR Right -";
  auto s = position(*v, setup);
  EXPECT_EQ(s->legal_moves("6-6"), Moves{"l10-a3"});  // X16
  // X17's roll: every play using 7 pips, and the win with the 1 alone.
  EXPECT_EQ(s->legal_moves("6-1"), (Moves{"l10-h11", "l10-l4,o10-n10", "l10-l3", "l10-m10",
                                          "l10-e10", "o10-n10,l10-l4", "o10-h10"}));
}

TEST(SavoyaRules, ForcedPassIsTheOnlyMove) {
  auto v = variant("-board=savoy");
  auto s = position(*v, "savoy 2 a3=L,d10=RL,e3=R,f10=RL,j10=RL,k3=RL,m10=RL Right -");
  EXPECT_EQ(s->legal_moves("6-6"), Moves{"pass"});
  // With 5-1 the free R on e3 moves; both dice are used when possible.
  const Moves m = s->legal_moves("5-1");
  EXPECT_FALSE(m.empty());
  EXPECT_EQ(m.front(), "e3-j3");
}

TEST(SavoyaRules, OpeningMovesListEverySide) {
  auto v = variant("");
  auto s = v->initial_state();
  EXPECT_EQ(s->side_to_move(), "*");
  EXPECT_EQ(s->legal_moves("5"), (Moves{"a6-f6", "f15-f10", "j1-j6", "o10-j10"}));
  EXPECT_TRUE(s->legal_moves("6-3").empty());  // the opening takes one die
}

TEST(SavoyaRules, SmallMoveTreeCountsOnSavoy) {
  auto v = variant("-board=savoy");
  // Depth 1 from the start: for each opening die 2..6, one move for Right and one for Left.
  auto s = v->initial_state();
  int total = 0;
  for (const auto& o : s->chance_outcomes()) total += static_cast<int>(s->legal_moves(o.roll).size());
  EXPECT_EQ(total, 10);
  // After 1. (3) a3-d3, Left (six on o10) with 2-1: o10-m10,o10-n10 / o10-n10,o10-m10 / o10-l10.
  ASSERT_EQ(play(*s, "(3)a3-d3"), "");
  EXPECT_EQ(s->legal_moves("2-1"), (Moves{"o10-m10,o10-n10", "o10-n10,o10-m10", "o10-l10"}));
  // With 6-6 the 18-step hit on d3 (stops i10, d9) is among the 24-pip plays.
  const Moves m = s->legal_moves("6-6");
  EXPECT_NE(std::find(m.begin(), m.end(), "o10-d3,o10-i10"), m.end());
  EXPECT_NE(std::find(m.begin(), m.end(), "4xo10-i10"), m.end());
}

TEST(SavoyaRules, ChanceOutcomesOfTheRollOff) {
  const std::pair<std::string, std::vector<double>> table[] = {
      {"", {1 / 15.0, 2 / 15.0, 3 / 15.0, 4 / 15.0, 5 / 15.0}},
      {"-players=3", {1 / 55.0, 4 / 55.0, 9 / 55.0, 16 / 55.0, 25 / 55.0}},
      {"-players=4", {1 / 225.0, 8 / 225.0, 27 / 225.0, 64 / 225.0, 125 / 225.0}},
  };
  for (const auto& [options, p] : table) {
    const auto o = variant(options)->initial_state()->chance_outcomes();
    ASSERT_EQ(o.size(), 5u) << options;
    for (int k = 0; k < 5; ++k) {
      EXPECT_EQ(o[k].roll, std::to_string(k + 2));
      EXPECT_NEAR(o[k].probability, p[k], 1e-12) << options;
    }
  }
  auto s = variant("")->initial_state();
  ASSERT_EQ(play(*s, "(5)a6-f6"), "");
  const auto o = s->chance_outcomes();
  ASSERT_EQ(o.size(), 21u);
  EXPECT_EQ(o[0].roll, "1-1");
  EXPECT_EQ(o[1].roll, "2-1");
  EXPECT_EQ(o[2].roll, "2-2");
  double sum = 0;
  for (const auto& x : o) sum += x.probability;
  EXPECT_NEAR(sum, 1.0, 1e-12);
  EXPECT_NEAR(o[1].probability, 2 / 36.0, 1e-12);
}

TEST(SavoyaRules, SetupDiceAreTheRollOfPlyOne) {
  auto v = variant("");
  auto s = position(*v, "savoya 2 a6=RRRRR,f6=R,f15=BBBBBB,j1=TTTTTT,o10=LLLLLL Vert 6-3");
  EXPECT_TRUE(s->chance_outcomes().empty());
  EXPECT_EQ(s->legal_moves("").size(), s->legal_moves("6-3").size());
  EXPECT_EQ(play(*s->clone(), "f15-f6"), "");         // no roll needed
  EXPECT_EQ(play(*s->clone(), "(3-6)f15-f6"), "");    // the same dice in another order
  EXPECT_EQ(play(*s->clone(), "(5-3)f15-f7"), "savoya.bad-roll");
  // A single die with a side: that side's opening move.
  auto o = position(*v, "savoya 2 a6=RRRRRR,f15=BBBBBB,j1=TTTTTT,o10=LLLLLL Vert 5");
  EXPECT_EQ(o->legal_moves(""), (Moves{"f15-f10", "j1-j6"}));
  EXPECT_EQ(play(*o, "j1-j6"), "");
  EXPECT_EQ(o->position_text(), "savoya 2 a6=RRRRRR,f15=BBBBBB,j1=TTTTT,j6=T,o10=LLLLLL Horz -");
}

TEST(SavoyaRules, LargerDieWhenOnlyOneFits) {
  // Right's lone piece on a3 with R pieces home: 6-5: a3-g3 (6) or a3-f3 (5); both dice
  // together (11) reach k3 = blocked by LL. The larger die gives more pips.
  auto v = variant("-board=savoy");
  auto s = position(*v, "savoy 2 a3=R,k3=LL,l3=LL,o10=L Right -");
  EXPECT_EQ(s->legal_moves("6-5"), Moves{"a3-g3"});
  EXPECT_EQ(play(*s->clone(), "(6-5)a3-f3"), "savoya.dice-unused");
}

TEST(SavoyaRules, PassWithoutARollNeedsSomeRollWithoutAPlay) {
  auto v = variant("-board=savoy");
  // Right's only free piece (e3) moves only with a 6 (to k3? no: k3 is a pin pair) - here e3
  // reaches f3..j3 with 1..5 but 6 lands on the blocked k3.
  auto s = position(*v, "savoy 2 a3=L,d10=RL,e3=R,f10=RL,j10=RL,k3=RL,m10=RL Right -");
  EXPECT_EQ(play(*s->clone(), "pass"), "");  // 6-6 leaves no play: a pass is possible
  auto free_piece = position(*v, "savoy 2 a3=R,o10=L Right -");
  EXPECT_EQ(play(*free_piece, "pass"), "savoya.illegal-pass");
  // Pass at the roll-off: some side can always move.
  EXPECT_EQ(play(*variant("")->initial_state(), "(4)pass"), "savoya.illegal-pass");
}

TEST(SavoyaRules, DeadPositionTest) {
  auto cfg = make_config(BoardKind::kSavoy, 2, StartKind::kStack, 6, false);
  Position p;
  const Board& b = *cfg->board;
  auto put = [&](const char* cell, int top, int n, int pinned) {
    Stack& s = p.cells[b.find_cell(cell)];
    s.top = static_cast<std::int8_t>(top);
    s.count = static_cast<std::uint16_t>(n);
    s.pinned = static_cast<std::int8_t>(pinned);
  };
  // Right is pinned everywhere: it cannot move with any roll; Left can.
  put("d3", kL, 1, kR);
  put("h10", kL, 1, kR);
  recount(*cfg, p);
  EXPECT_FALSE(can_ever_move(*cfg, p, 0));
  EXPECT_TRUE(can_ever_move(*cfg, p, 1));
  // A lone R on the end a3 with LL on b3..g3: blocked at distance 1..6, so stuck under
  // -stops=check; with -stops=free 7 steps (h3) is reachable by 6-1.
  Position q;
  auto put_q = [&](const char* cell, int top, int n) {
    Stack& s = q.cells[b.find_cell(cell)];
    s.top = static_cast<std::int8_t>(top);
    s.count = static_cast<std::uint16_t>(n);
  };
  put_q("a3", kR, 1);
  for (const char* c : {"b3", "c3", "d3", "e3", "f3", "g3"}) put_q(c, kL, 2);
  recount(*cfg, q);
  EXPECT_FALSE(can_ever_move(*cfg, q, 0));
  auto free_cfg = make_config(BoardKind::kSavoy, 2, StartKind::kStack, 6, true);
  EXPECT_TRUE(can_ever_move(*free_cfg, q, 0));
}

TEST(SavoyaRules, PiecesMayLeaveHomeAgain) {
  // Right's pieces all home but one; moving a home piece out is legal when it uses the dice.
  auto v = variant("-board=savoy");
  auto s = position(*v, "savoy 2 e3=L,h1=R,o10=RRRRR Right -");
  EXPECT_EQ(play(*s, "(2-1)o10-l10"), "");
  EXPECT_FALSE(s->result().has_value());
}

TEST(SavoyaRules, PinnedPieceOnItsHomeCountsAsHome) {
  // R14: Right's last piece lands home on a lone L, pinning it; Right wins and the 1 is lost.
  auto v = variant("-board=savoy");
  auto s = position(*v, "savoy 2 a3=L,k10=R,n10=L,o10=RRRRR Right -");
  EXPECT_EQ(play(*s, "(3-1)k10-n10"), "");
  EXPECT_EQ(s->result().value_or(""), "Right");
  EXPECT_EQ(s->position_text(), "savoy 2 a3=L,n10=LR,o10=RRRRR - -");
  // A pinned Left piece on its own home (a3) counts for Left.
  auto t = position(*v, "savoy 2 a3=LR,b3=L,f3=L,o10=R Left -");
  EXPECT_EQ(play(*t, "(3-1)f3-c3"), "");
  EXPECT_EQ(t->result().value_or(""), "Left");
  EXPECT_EQ(t->position_text(), "savoy 2 a3=LR,b3=L,c3=L,o10=R - -");
}

TEST(SavoyaRules, TextBoard) {
  auto v = variant("-board=savoy");
  auto s = position(*v, "savoy 2 a3=RRRRRR,d3=RL,o10=LLLLL Right 6-3");
  const std::string t = s->text_board();
  EXPECT_NE(t.find(" 3 R6   .   .  L1r  .   .   .   +   .   .   .   .\n"), std::string::npos) << t;
  EXPECT_NE(t.find("\n    a   b   c   d   e   f   g   h   i   j   k   l   m   n   o\n"),
            std::string::npos)
      << t;
  // show prints the position and the side to move itself; the dice are the one fact line.
  EXPECT_EQ(t.find("position:"), std::string::npos) << t;
  EXPECT_EQ(s->text_facts(), "dice: 6-3\n");
}

}  // namespace
}  // namespace scribe::engine::savoya::test
