// Rules tests (spec games/druid.md §2, §6-§9, §15): geometry, each check with its message and
// location, exact legal-move sets, and hand-counted move trees.
#include <algorithm>

#include "engine/board/hex_grid.hpp"
#include "engine/board/square_grid.hpp"
#include "engine/board/y_board.hpp"
#include "tests/games/druid/druid_test_util.hpp"

namespace scribe::engine::druid::test {
namespace {

// Returns the sorted names of the neighbours of `name`.
std::vector<std::string> neighbours(const Board& b, const std::string& name) {
  const int x = b.index(name[0] - 'a', std::stoi(name.substr(1)));
  std::vector<std::string> out;
  for (Compass d : b.directions)
    if (b.step(x, d) >= 0) out.push_back(b.cell_name(b.step(x, d)));
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> sorted(std::vector<std::string> v) {
  std::sort(v.begin(), v.end());
  return v;
}

TEST(DruidRulesGeometry, HexNeighboursMatchTheSpecChecks) {
  const auto b = make_board(BoardKind::kHex, 5);
  EXPECT_EQ(b->num_cells, 61);
  EXPECT_EQ(neighbours(*b, "e5"), sorted({"e6", "e4", "f5", "f4", "d5", "d4"}));
  EXPECT_EQ(neighbours(*b, "c3"), sorted({"c4", "c2", "d4", "d3", "b3", "b2"}));
  EXPECT_EQ(neighbours(*b, "g4"), sorted({"g5", "g3", "h4", "h3", "f5", "f4"}));
  // Corner a5 (W, NW): a4, b6, b5.
  EXPECT_EQ(neighbours(*b, "a5"), sorted({"a4", "b6", "b5"}));
}

TEST(DruidRulesGeometry, HexSidesMatchTheSpecTable) {
  const auto b = make_board(BoardKind::kHex, 5);
  auto cells_on = [&](const std::string& edge) {
    std::vector<std::string> out;
    for (int x = 0; x < b->num_cells; ++x)
      if (b->edges[static_cast<std::size_t>(x)] & b->edge_bit(edge)) out.push_back(b->cell_name(x));
    return out;
  };
  EXPECT_EQ(cells_on("w"), (std::vector<std::string>{"a1", "a2", "a3", "a4", "a5"}));
  EXPECT_EQ(cells_on("nw"), (std::vector<std::string>{"a5", "b6", "c7", "d8", "e9"}));
  EXPECT_EQ(cells_on("ne"), (std::vector<std::string>{"e9", "f8", "g7", "h6", "i5"}));
  EXPECT_EQ(cells_on("e"), (std::vector<std::string>{"i1", "i2", "i3", "i4", "i5"}));
  EXPECT_EQ(cells_on("se"), (std::vector<std::string>{"e1", "f1", "g1", "h1", "i1"}));
  EXPECT_EQ(cells_on("sw"), (std::vector<std::string>{"a1", "b1", "c1", "d1", "e1"}));
}

TEST(DruidRulesGeometry, HexLintelLinesMatchTheSpecTable) {
  const auto b = make_board(BoardKind::kHex, 5);
  auto middle = [&](const std::string& a, const std::string& e) {
    const int m =
        b->lintel_middle(b->index(a[0] - 'a', a[1] - '0'), b->index(e[0] - 'a', e[1] - '0'));
    return m < 0 ? std::string("-") : b->cell_name(m);
  };
  EXPECT_EQ(middle("c3", "c5"), "c4");
  EXPECT_EQ(middle("b2", "d4"), "c3");
  EXPECT_EQ(middle("b2", "d2"), "c2");
  EXPECT_EQ(middle("d4", "f5"), "e5");
  EXPECT_EQ(middle("d4", "f3"), "e4");
  EXPECT_EQ(middle("e5", "g5"), "f5");
  EXPECT_EQ(middle("f5", "d4"), "e5");  // either order
  EXPECT_EQ(middle("c3", "d5"), "-");   // two steps apart, not in a line
}

TEST(DruidRulesGeometry, YBoardCellsSidesAndNeighbours) {
  const auto b = make_board(BoardKind::kY, 8);
  EXPECT_EQ(b->num_cells, 36);
  EXPECT_EQ(b->column_lengths, (std::vector<int>{8, 7, 6, 5, 4, 3, 2, 1}));
  // d5 is a column top (NE); h1 is the corner on NE and SE.
  const int h1 = b->index(7, 1);
  EXPECT_EQ(b->edges[static_cast<std::size_t>(h1)], b->edge_bit("ne") | b->edge_bit("se"));
  EXPECT_EQ(b->edges[static_cast<std::size_t>(b->index(0, 1))],
            b->edge_bit("w") | b->edge_bit("se"));
  EXPECT_EQ(b->edges[static_cast<std::size_t>(b->index(0, 8))],
            b->edge_bit("w") | b->edge_bit("ne"));
  // (c, r): n (c, r+1), s (c, r-1), ne (c+1, r), se (c+1, r-1), nw (c-1, r+1), sw (c-1, r).
  EXPECT_EQ(neighbours(*b, "c3"), sorted({"c4", "c2", "d3", "d2", "b4", "b3"}));
  EXPECT_EQ(neighbours(*b, "h1"), sorted({"g2", "g1"}));
}

TEST(DruidRulesGeometry, SquareCornersLieOnTwoSides) {
  const auto b = make_board(BoardKind::kSquare, 8);
  EXPECT_EQ(b->edges[0], b->edge_bit("s") | b->edge_bit("w"));
  EXPECT_EQ(neighbours(*b, "a1"), sorted({"a2", "b1"}));
  EXPECT_EQ(b->words(), "8x8 board");
  EXPECT_EQ(make_board(BoardKind::kHex, 5)->words(), "size-5 hex board");
  EXPECT_EQ(make_board(BoardKind::kY, 8)->words(), "size-8 Y board");
}

// --- Legal moves ---------------------------------------------------------------------------

TEST(DruidRulesMoves, SarsensLintelAndPassOnA4x4) {
  auto v = variant("-size=4");
  auto s = position(*v, "druid square:4 a1=v,b1=h,c1=v - - V 0 -");
  const std::vector<std::string> want = {"a1", "a2", "a3", "a4", "b2", "b3", "b4",    "c1",  "c2",
                                         "c3", "c4", "d1", "d2", "d3", "d4", "a1-c1", "pass"};
  EXPECT_EQ(s->legal_moves(""), want);
  // The same position for H: H may stack on b1; a1-c1 would rest on one H stone.
  auto h = position(*v, "druid square:4 a1=v,b1=h,c1=v - - H 0 -");
  const std::vector<std::string> want_h = {"a2", "a3", "a4", "b1", "b2", "b3", "b4",  "c2",
                                           "c3", "c4", "d1", "d2", "d3", "d4", "pass"};
  EXPECT_EQ(h->legal_moves(""), want_h);
}

TEST(DruidRulesMoves, SwapOnlyAfterAnOpeningStone) {
  auto v = variant("-size=3");
  auto s = v->initial_state();
  ASSERT_EQ(play(*s, "b2"), "");
  const auto moves = s->legal_moves("");
  EXPECT_EQ(moves, (std::vector<std::string>{"a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3", "swap",
                                             "pass"}));
  EXPECT_EQ(s->position_text(), "druid square:3 b2=v - - H 0 s");
}

TEST(DruidRulesMoves, WalkStepsAndCombinedPlies) {
  auto v = variant("-size=4 -walk");
  auto s = position(*v, "druid square:4 b1=v,b2=v,c1=h - V@b1>n V 0 -");
  std::vector<std::string> want;
  const std::vector<std::string> sarsens = {"a1", "a2", "a3", "a4", "b2", "b3", "b4",
                                            "c2", "c3", "c4", "d1", "d2", "d3", "d4"};
  want = sarsens;
  want.push_back("n");
  for (const auto& p : sarsens) {
    if (p == "a1") want.push_back("a1,a1");
    want.push_back(p + ",b2");
  }
  want.push_back("pass");
  EXPECT_EQ(s->legal_moves(""), want);
  // Every listed move applies, and its text is canonical.
  for (const auto& m : want) {
    auto c = s->clone();
    EXPECT_EQ(s->canonical_move(m), m);
    EXPECT_TRUE(c->apply(m, nullptr, Mode::kStrict).applied) << m;
  }
}

TEST(DruidRulesMoves, WalkTurnEitherListsNoCombinedPlies) {
  auto v = variant("-size=4 -walk -walkturn=either");
  auto s = position(*v, "druid square:4 b1=v,b2=v,c1=h - V@b1>n V 0 -");
  for (const auto& m : s->legal_moves("")) EXPECT_EQ(m.find(','), std::string::npos) << m;
}

TEST(DruidRulesMoves, NoStackAndNoGapsShapeTheList) {
  auto ns = variant("-size=3 -nostack");
  auto s = position(*ns, "druid square:3 a1=vV,b1=.V,c1=vV,a3=v a1-c1/2 - V 0 -");
  // Sarsens: not a3 (a sarsen); a1, b1, c1 carry V's lintel; everything else bare.
  EXPECT_EQ(s->legal_moves(""),
            (std::vector<std::string>{"a1", "a2", "b1", "b2", "b3", "c1", "c2", "c3", "pass"}));
  auto ng = variant("-size=3 -nogaps");
  auto g = position(*ng, "druid square:3 a1=v,c1=v,a3=v,b3=h,c3=v - - V 0 -");
  // a1-c1 would leave a gap over b1; a3-c3 rests on a3, b3 (h), c3: legal.
  const auto moves = g->legal_moves("");
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "a1-c1"), 0);
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "a3-c3"), 1);
}

// Counts the leaves of the move tree to `depth` plies.
long perft(const State& s, int depth) {
  if (depth == 0) return 1;
  long n = 0;
  for (const auto& m : s.legal_moves("")) {
    auto c = s.clone();
    const auto out = c->apply(m, nullptr, Mode::kStrict);
    EXPECT_TRUE(out.applied) << m;
    n += perft(*c, depth - 1);
  }
  return n;
}

TEST(DruidRulesPerft, Square3x3) {
  // Depth 1: 9 sarsens + pass. Depth 2: after a stone, 8 sarsens + swap + pass (9 x 10); after
  // a pass, 9 + pass (10). Depth 3: stone, stone: 8 sarsens + pass (72 x 9 = 648); stone,
  // swap: H again, 8 + pass (81); stone, pass: 9 + pass (90); pass, stone: 8 + pass (81);
  // pass, pass: drawn (0). No lintel is possible with two stones.
  auto v = variant("-size=3");
  auto s = v->initial_state();
  EXPECT_EQ(perft(*s, 1), 10);
  EXPECT_EQ(perft(*s, 2), 100);
  EXPECT_EQ(perft(*s, 3), 900);
}

TEST(DruidRulesPerft, Square3x3NoStack) {
  // As above, but V may not stack on its own sarsen: stone, stone: 7 + pass (72 x 8 = 576);
  // stone, swap: 81; stone, pass: 8 + pass (81); pass, stone: 81.
  auto v = variant("-size=3 -nostack");
  EXPECT_EQ(perft(*v->initial_state(), 3), 819);
}

TEST(DruidRulesPerft, Hex3ThreePlayers) {
  // 19 cells. Depth 1: 19 + pass. Depth 2: after a stone 18 + swap + pass; after a pass 19 +
  // pass: 19 x 20 + 20 = 400.
  auto v = variant("-hex -size=3 -players=3");
  EXPECT_EQ(perft(*v->initial_state(), 2), 400);
}

// --- Checks, messages and locations ---------------------------------------------------------

TEST(DruidRulesChecks, NotACellPointsAtTheCell) {
  auto v = variant("-size=8");
  auto s = v->initial_state();
  Finding f;
  EXPECT_EQ(play(*s, "b2-i2", &f), "druid.not-a-cell");
  EXPECT_EQ(f.message, "i2 is not a cell of the 8x8 board");
  EXPECT_EQ(f.offset, 3u);
  EXPECT_EQ(f.length, 2u);
  auto h = variant("-hex")->initial_state();
  EXPECT_EQ(play(*h, "A6", &f), "druid.not-a-cell");
  EXPECT_EQ(f.message, "a6 is not a cell of the size-5 hex board");
  auto y = variant("-y")->initial_state();
  EXPECT_EQ(play(*y, "b8", &f), "druid.not-a-cell");
  EXPECT_EQ(f.message, "b8 is not a cell of the size-8 Y board");
}

TEST(DruidRulesChecks, SyntaxErrorIsOneCharacterAtTheFailure) {
  auto s = variant("")->initial_state();
  Finding f;
  EXPECT_EQ(play(*s, "c3-", &f), "druid.syntax");
  EXPECT_EQ(f.offset, 3u);
  EXPECT_EQ(f.length, 1u);
  EXPECT_EQ(f.message,
            "cannot read 'c3-' as a Druid move: expected a cell (c3), a lintel (b2-b4), a druid "
            "step, swap, pass or --");
}

TEST(DruidRulesChecks, LintelMessagesFillTheirFields) {
  auto v = variant("-size=8");
  Finding f;
  auto s = v->initial_state();
  EXPECT_EQ(play(*s, "b2 h8 b2 h7 d2 h6 b2-d2", &f), "druid.lintel-not-flat");
  EXPECT_EQ(f.message, "the lintel b2-d2 would not lie flat: heights 2, 0, 1");
  s = v->initial_state();
  EXPECT_EQ(play(*s, "d2 h8 d2 h7 b2 h6 d2-b2", &f), "druid.lintel-not-flat");
  EXPECT_EQ(f.message, "the lintel d2-b2 would not lie flat: heights 2, 0, 1");  // token order
  s = v->initial_state();
  EXPECT_EQ(play(*s, "b2 d2 b2-d2", &f), "druid.lintel-support");
  EXPECT_EQ(f.message, "the lintel b2-d2 must rest on exactly two V stones; it would rest on 1");
  s = v->initial_state();
  EXPECT_EQ(play(*s, "d2 h8 d2-b2", &f), "druid.lintel-on-ground");
  EXPECT_EQ(f.message, "the lintel d2-b2 needs a stone under each end; b2 is bare ground");
  auto g = variant("-size=8 -nogaps")->initial_state();
  EXPECT_EQ(play(*g, "b2 h8 d2 h7 b2-d2", &f), "druid.lintel-gap");
  EXPECT_EQ(f.message, "-nogaps: the lintel b2-d2 would leave a gap over c2 (height 0, ends 1)");
}

TEST(DruidRulesChecks, PlacementChecksPointAtThePlacement) {
  auto v = variant("-size=4 -walk");
  auto s = v->initial_state();
  Finding f;
  ASSERT_EQ(play(*s, "b1 a3 b2"), "");
  // H: a sarsen on V's b2, in a combined ply: the placement part is underlined.
  EXPECT_EQ(play(*s, "b2,a2", &f), "druid.sarsen-on-enemy");
  EXPECT_EQ(f.message, "H cannot place a sarsen on b2: its top stone belongs to V");
  EXPECT_EQ(f.offset, 0u);
  EXPECT_EQ(f.length, 2u);
}

TEST(DruidRulesChecks, DruidChecksPointAtTheDestination) {
  auto v = variant("-size=4 -walk");
  auto s = v->initial_state();
  Finding f;
  ASSERT_EQ(play(*s, "b1 a3"), "");
  EXPECT_EQ(play(*s, "c4,c1", &f), "druid.druid-target");
  EXPECT_EQ(f.message, "V's druid cannot step onto c1: bare ground");
  EXPECT_EQ(f.offset, 3u);
  EXPECT_EQ(f.length, 2u);
  EXPECT_EQ(play(*s, "c4,W", &f), "druid.druid-target");
  EXPECT_EQ(f.message, "V's druid cannot step onto a1: bare ground");
  EXPECT_EQ(play(*s, "c4,ne", &f), "druid.bad-direction");
  EXPECT_EQ(f.message, "'ne' is not a direction on the 4x4 board; use n, s, e or w");
  EXPECT_EQ(play(*s, "c4,s", &f), "druid.druid-off-board");
  EXPECT_EQ(f.message, "V's druid on b1 cannot step s: that leaves the board");
  EXPECT_EQ(play(*s, "c4,b1", &f), "druid.druid-not-adjacent");
  EXPECT_EQ(f.message, "V's druid on b1 cannot reach b1 in one step");
  // A stone over the druid is refused before the druid checks.
  EXPECT_EQ(play(*s, "b1,b2", &f), "druid.druid-cell");
  EXPECT_EQ(f.message, "no stone may be placed over the druid on b1");
}

TEST(DruidRulesChecks, DruidThatEntersThisTurnMayNotMove) {
  auto v = variant("-size=4 -walk");
  auto s = v->initial_state();
  Finding f;
  EXPECT_EQ(play(*s, "b1,b2", &f), "druid.no-druid");
  EXPECT_EQ(f.message, "V's druid enters this turn; it may move from its next turn");
  EXPECT_EQ(f.offset, 3u);
  EXPECT_EQ(play(*s, "b2,n", &f), "druid.no-druid");
  EXPECT_EQ(f.message, "V has no druid yet; it enters on the first V stone placed on a V edge");
  EXPECT_EQ(play(*s, "n", &f), "druid.no-druid");
  EXPECT_EQ(f.offset, 0u);
  EXPECT_EQ(f.length, 0u);  // the whole token
}

TEST(DruidRulesChecks, CheckOrderNoWalkBeforeNotACell) {
  auto s = variant("-size=8")->initial_state();
  EXPECT_EQ(play(*s, "z9,a1"), "druid.no-walk");
  auto w = variant("-size=4 -walk -walkturn=either")->initial_state();
  EXPECT_EQ(play(*w, "z9,a1"), "druid.place-and-move");
  EXPECT_EQ(play(*w, "z9"), "druid.not-a-cell");
  // A bad direction is found only after the placement checks.
  auto h = variant("-size=4 -walk")->initial_state();
  EXPECT_EQ(play(*h, "b1 a3 b1,e"), "druid.druid-cell");
}

TEST(DruidRulesChecks, HeightLimit) {
  auto v = variant("-size=3");
  const std::string stack(255, 'v');
  auto s = position(*v, "druid square:3 a1=" + stack + ",b1=h,c1=" + stack + " - - V 0 -");
  ASSERT_NE(s, nullptr);
  Finding f;
  EXPECT_EQ(play(*s, "a1", &f), "druid.height-limit");
  EXPECT_EQ(f.message, "the stack on a1 would be 256 units high; scribe supports at most 255");
  EXPECT_EQ(play(*s, "c1-a1", &f), "druid.height-limit");
  EXPECT_EQ(f.message, "the stack on c1 would be 256 units high; scribe supports at most 255");
  // Nothing is listed that would break the limit.
  const auto moves = s->legal_moves("");
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "a1"), 0);
  EXPECT_EQ(std::count(moves.begin(), moves.end(), "a1-c1"), 0);
  EXPECT_EQ(play(*s, "a2"), "");
  // A 256-high stack is refused in position text.
  EXPECT_NE(refusal(*v, "druid square:3 a1=" + stack + "v - - V 0 -"), "");
}

// --- Effects --------------------------------------------------------------------------------

TEST(DruidRulesEffects, DruidEntersOnALintelMiddleOrFirstEdgeCell) {
  // R14: the middle when it is on an edge of the side, else the first edge cell in cell order.
  auto v = variant("-size=4 -walk");
  auto s = position(*v, "druid square:4 a1=v,b1=h,c1=v,a3=h,a4=h - - V 0 -");
  ASSERT_EQ(play(*s, "c1-a1"), "");
  EXPECT_EQ(s->position_text(), "druid square:4 a1=vV,a3=h,a4=h,b1=hV,c1=vV a1-c1/2 V@b1>n H 0 -");
  // A vertical lintel a2..a4 for H: the middle a3 is on H's left edge.
  auto t = position(*v, "druid square:4 a2=h,a3=v,a4=h,d4=v - - H 0 -");
  ASSERT_EQ(play(*t, "a4-a2"), "");
  EXPECT_NE(t->position_text().find("H@a3>e"), std::string::npos) << t->position_text();
  // V's vertical lintel b2-b4: only b4 lies on V's edges (top): V enters on b4, target s.
  auto u = position(*v, "druid square:4 b2=v,b3=h,b4=v,d1=h - - V 0 -");
  ASSERT_EQ(play(*u, "b2-b4"), "");
  EXPECT_NE(u->position_text().find("V@b4>s"), std::string::npos) << u->position_text();
}

TEST(DruidRulesEffects, ThreePlayersTurnOrderSwapAndDraw) {
  auto v = variant("-hex -size=3 -players=3");
  auto s = v->initial_state();
  ASSERT_EQ(play(*s, "c3"), "");
  EXPECT_EQ(s->position_text(), "druid hex3:3 c3=x - - O 0 s");
  ASSERT_EQ(play(*s, "swap"), "");
  EXPECT_EQ(s->position_text(), "druid hex3:3 c3=x - - O 0 -");
  ASSERT_EQ(play(*s, "pass pass"), "");
  EXPECT_EQ(s->position_text(), "druid hex3:3 c3=x - - X 2 -");
  ASSERT_EQ(play(*s, "pass"), "");
  EXPECT_EQ(s->position_text(), "druid hex3:3 c3=x - - - 3 -");
  EXPECT_EQ(s->result(), std::optional<std::string>("draw"));
  auto* ds = dynamic_cast<DruidState*>(s.get());
  ASSERT_NE(ds, nullptr);
  EXPECT_TRUE(ds->swapped());
}

TEST(DruidRulesEffects, SwapExchangesSeatsNotSides) {
  std::vector<notation::Tag> tags(2);
  tags[0].name = "Player1";
  tags[0].value = "ann";
  tags[1].name = "Player2";
  tags[1].value = "bob";
  VariantRequest req{"druid", "", &tags, Mode::kStrict};
  auto vr = druid_game().configure(req);
  ASSERT_NE(vr.variant, nullptr);
  auto s = vr.variant->initial_state();
  ASSERT_EQ(play(*s, "c3 swap"), "");
  auto* ds = dynamic_cast<DruidState*>(s.get());
  EXPECT_EQ(s->side_to_move(), "H");
  EXPECT_EQ(ds->player_of(0), "bob");
  EXPECT_EQ(ds->player_of(1), "ann");
}

TEST(DruidRulesEffects, TwoPlayerHexWinsOnEitherTriple) {
  // {W, NE, SE}: a chain a1 .. along row/columns; here the Y-like chain of D12 is covered by
  // the examples. A group on NW, NE and E only (two adjacent sides + one) does not win.
  auto v = variant("-hex -size=3");
  // Column c (c1..c5) touches SW, SE (corner c1) and NW, NE (corner c5): no triple.
  auto s = position(*v, "druid hex:3 c1=x,c2=x,c3=x,c4=x - - X 0 -");
  ASSERT_EQ(play(*s, "c5"), "");
  EXPECT_FALSE(s->result().has_value());
  // Adding the W side: a3, b4 join c5... a3 (W, NW), b4 (NW): touches W, NW, NE, SW, SE: has
  // {W, NE, SE}.
  auto t = position(*v, "druid hex:3 a3=x,b4=x,c1=x,c2=x,c3=x,c4=x,e1=o - - X 0 -");
  ASSERT_EQ(play(*t, "c5"), "");
  EXPECT_EQ(t->result(), std::optional<std::string>("X"));
}

TEST(DruidRulesEffects, ConnectionThroughTopsOnly) {
  // V's column b is cut by H's lintel over b2; without it V's b1 would win.
  auto v = variant("-size=4");
  auto s = position(*v, "druid square:4 a2=hH,b1=v,b2=vH,b3=v,b4=v,c2=hH a2-c2/2 - V 0 -");
  EXPECT_EQ(play(*s, "b1"), "");
  EXPECT_FALSE(s->result().has_value());
  auto t = position(*v, "druid square:4 a2=h,b2=v,b3=v,b4=v,c2=h - - V 0 -");
  EXPECT_EQ(play(*t, "b1"), "");
  EXPECT_EQ(t->result(), std::optional<std::string>("V"));
}

TEST(DruidRulesCanonical, CanonicalText) {
  auto v = variant("-size=4 -walk");
  auto s = position(*v, "druid square:4 b1=v,b2=v,c1=h - V@b1>n V 0 -");
  EXPECT_EQ(s->canonical_move("C3"), "c3");
  EXPECT_EQ(s->canonical_move("B4-B2"), "b2-b4");
  EXPECT_EQ(s->canonical_move("--"), "pass");
  EXPECT_EQ(s->canonical_move("PASS"), "pass");
  EXPECT_EQ(s->canonical_move("Swap"), "swap");
  EXPECT_EQ(s->canonical_move("NE"), "ne");
  EXPECT_EQ(s->canonical_move("c3,N"), "c3,b2");
  EXPECT_EQ(s->canonical_move("c3,a4"), "c3,a4");
  EXPECT_EQ(s->canonical_move("a10-a8"), "a8-a10");
  EXPECT_EQ(s->canonical_move("c3-"), std::nullopt);
}

}  // namespace
}  // namespace scribe::engine::druid::test
