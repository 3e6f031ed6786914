// Sava rules: board tables, legal move sets from positions, position text, chance model.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/games/sava/sava.hpp"
#include "tests/games/sava/sava_variant.hpp"
#include "engine/games/sava/sava_board.hpp"
#include "tests/support/replay_support.hpp"

namespace scribe {
namespace {

using engine::Mode;

std::unique_ptr<engine::Variant> variant(const std::string& options) {
  return test::sava_variant(options);
}

using test::position;

TEST(SavaBoard, CountsOfSpacesAndLinks) {
  const auto& b = engine::sava::sava_board(false, false);
  ASSERT_EQ(b.size(), 52);
  int links = 0;
  for (int s = 0; s < b.size(); ++s) links += static_cast<int>(b.neighbours(s).size());
  EXPECT_EQ(links / 2, 76);
  const auto& d = engine::sava::sava_board(false, true);
  links = 0;
  for (int s = 0; s < d.size(); ++s) links += static_cast<int>(d.neighbours(s).size());
  EXPECT_EQ(links / 2, 90);
  const auto& g = engine::sava::sava_board(true, false);
  ASSERT_EQ(g.size(), 77);
  links = 0;
  for (int s = 0; s < g.size(); ++s) links += static_cast<int>(g.neighbours(s).size());
  EXPECT_EQ(links / 2, 112);
  const auto& gd = engine::sava::sava_board(true, true);
  links = 0;
  for (int s = 0; s < gd.size(); ++s) links += static_cast<int>(gd.neighbours(s).size());
  EXPECT_EQ(links / 2, 128);
}

TEST(SavaBoard, WizardDestinationCounts) {
  // sava.md 15: at most 19 destinations per space (each centre space), 30 with -diagonals;
  // Great Wheel 24 (the Hub), 28 with -diagonals.
  auto most = [](const engine::sava::Board& b) {
    std::size_t m = 0;
    for (int s = 0; s < b.size(); ++s) m = std::max(m, b.wizard(s).size());
    return m;
  };
  EXPECT_EQ(most(engine::sava::sava_board(false, false)), 19u);
  EXPECT_EQ(most(engine::sava::sava_board(false, true)), 30u);
  EXPECT_EQ(most(engine::sava::sava_board(true, false)), 24u);
  EXPECT_EQ(most(engine::sava::sava_board(true, true)), 28u);
}

TEST(SavaRules, WizardFromC2ReachesTheSeedsSpaces) {
  // X3: "From C2 the Wizard reaches exactly B1, D1, AB2, DE2, B3, D3, HA and DE."
  const auto v = variant("");
  const auto s = position(*v, "sava AB1=bM,EF1=rM,C2=bWz Blue -/- - -");
  std::vector<std::string> wz;
  for (const auto& m : s->legal_moves(""))
    if (m.rfind("Wz", 0) == 0) wz.push_back(m);
  EXPECT_EQ(wz, (std::vector<std::string>{"WzB1", "WzD1", "WzAB2", "WzDE2", "WzB3", "WzD3", "WzHA",
                                          "WzDE"}));
}

TEST(SavaRules, MatronMotherMovesOfTheSeed) {
  const auto v = variant("");
  const auto s = position(*v, "sava AB1=bM,G2=rM,GH2=bO Red -/- - -");
  EXPECT_EQ(s->legal_moves(""), (std::vector<std::string>{"MG1", "MFG2", "MGH2x", "MG3"}));
}

TEST(SavaRules, OrcDirectionsOfTheSeed) {
  const auto v = variant("");
  const auto s = position(*v, "sava AB1=bM,EF1=rM,A2=rO,C2=rO,F2=bO,H2=bO Blue -/- - -");
  std::vector<std::string> orc;
  for (const auto& m : s->legal_moves(""))
    if (m.rfind("F2", 0) == 0) orc.push_back(m);
  EXPECT_EQ(orc, (std::vector<std::string>{"F2EF2", "F2F3"}));
}

TEST(SavaRules, WeaponmasterMovesOfTheSeed) {
  const auto v = variant("");
  const auto s = position(*v,
                       "sava AB1=bO,B1=rP,BC1=bO,CD1=bM,EF1=rM,A2=rO,B2=bWm,BC2=bO,C2=rO,B3=rO,"
                       "BC3=rWz Blue -/- - -");
  std::vector<std::string> wm;
  for (const auto& m : s->legal_moves(""))
    if (m.rfind("Wm", 0) == 0) wm.push_back(m);
  // B2 -> A2 (via AB2); AB3, BC3 and BC via B3. BC2 is Blue's own Orc, and from B1 both
  // second steps are blocked by Blue's Orcs ("could not complete its move").
  EXPECT_EQ(wm, (std::vector<std::string>{"WmA2x", "WmxAB3", "WmxBC3x", "WmxBC"}));
}

TEST(SavaRules, ViaAndOriginOnlyWhenNeeded) {
  const auto v = variant("");
  const auto s = position(*v, "sava AB1=bM,EF1=rM,A3=rWm,HA3=bO,HA=bWz Red -/- - -");
  const auto moves = s->legal_moves("");
  EXPECT_NE(std::find(moves.begin(), moves.end(), "WmHA3xH3"), moves.end());
  EXPECT_NE(std::find(moves.begin(), moves.end(), "WmHAxH3"), moves.end());
  const auto c = variant("-chednased");
  const auto t = position(*c, "sava AB1=bM,EF1=rM,C2=rWz,C3=rWz,HA=bO Red -/- - -");
  const auto tm = t->legal_moves("");
  EXPECT_NE(std::find(tm.begin(), tm.end(), "WzC2-D3"), tm.end());
  EXPECT_NE(std::find(tm.begin(), tm.end(), "WzC3-D3"), tm.end());
  EXPECT_NE(std::find(tm.begin(), tm.end(), "WzHAx"), tm.end());
}

TEST(SavaRules, PositionTextRoundTripsAndRejects) {
  const auto v = variant("");
  const auto start = v->initial_state();
  EXPECT_EQ(start->position_text(),
            "sava A1=bO,AB1=bM,B1=bO,BC1=bO,DE1=rO,E1=rO,EF1=rM,F1=rO,FG1=rO,HA1=bO,A2=bWm,"
            "AB2=bP,B2=bWz,BC2=bO,DE2=rO,E2=rWm,EF2=rP,F2=rWz,FG2=rO,HA2=bO,A3=bO,B3=bO,E3=rO,"
            "F3=rO Red -/- - -");
  // Any order is accepted and printed canonically.
  const auto s = position(*v, "sava G2=rM,AB1=bM Red O,Wz/- - -");
  EXPECT_EQ(s->position_text(), "sava AB1=bM,G2=rM Red Wz,O/- - -");
  for (const char* bad :
       {"sava AB1=bM Red -/- - -", "sava AB1=bM,EF1=rM Green -/- - -",
        "sava AB1=bM,EF1=rM,ED=rO Red -/- - -", "sava AB1=bM,EF1=rM,AB1=rO Red -/- - -",
        "sava AB1=bM,EF1=rM,E2=rC Red -/- - -", "sava AB1=bM,EF1=rM Red -/- - ?",
        "sava AB1=bM,EF1=rM Red -/- A2>B2 -", "sava AB1=bM,EF1=rM Red -/-  - -",
        "sava AB1=bM,EF1=rM,A1=rO,A2=rO,A3=rO,AB2=rO,AB3=rO,B1=rO,B2=rO,B3=rO,BC1=rO Red "
        "-/- - -"}) {
    EXPECT_EQ(v->parse_position(bad).state, nullptr) << bad;
  }
  EXPECT_NE(variant("-champion")->parse_position("sava AB1=bM,EF1=rM,E2=rC Red -/- - -").state,
            nullptr);
}

TEST(SavaRules, ChanceModelFitsGenerate) {
  const auto v = variant("");
  const auto s = v->initial_state();
  const auto outcomes = s->chance_outcomes();
  ASSERT_EQ(outcomes.size(), 4u);
  double total = 0;
  for (const auto& o : outcomes) total += o.probability;
  EXPECT_NEAR(total, 1.0, 1e-12);
  EXPECT_EQ(outcomes[0].roll, "");
  const double n = static_cast<double>(s->legal_moves("").size());
  EXPECT_NEAR(outcomes[0].probability, n / (n + 1), 1e-12);
  EXPECT_EQ(s->legal_moves("0"), std::vector<std::string>{"*"});
  EXPECT_EQ(s->legal_moves("1"), std::vector<std::string>{"*"});
  for (const auto& m : s->legal_moves("2")) {
    EXPECT_EQ(m[0], '*');
    auto copy = s->clone();
    const engine::RollText two{"2"};
    EXPECT_TRUE(copy->apply(m, &two, Mode::kStrict).applied) << m;
  }
  const auto d = variant("-dicesava");
  const auto ds = d->initial_state();
  for (const auto& m : ds->legal_moves("2")) EXPECT_EQ(m.rfind("*x", 0), 0u) << m;
  EXPECT_FALSE(ds->legal_moves("1").empty());
}

// Spec 13: show --moves lists the normal moves, then `*`, then the turncoat moves under their
// heading, and in Dice Sava the removals under "with double spiders".
TEST(SavaRules, MoveListingHasTheSectionsOfTheSpec) {
  auto join = [](const std::vector<std::string>& lines) {
    std::string out;
    for (const auto& l : lines) out += l + "\n";
    return out;
  };
  const auto v = variant("");
  const auto s = v->initial_state();
  const std::string listing = engine::listing_text(s->move_listing(""));
  EXPECT_EQ(listing, join(s->legal_moves("")) + "*\nwith double spiders\n" +
                         join(s->legal_moves("2")));
  EXPECT_NE(listing.find("\nWzG1\n"), std::string::npos);
  EXPECT_NE(listing.find("\n*WmxHA1x\n"), std::string::npos);
  // A known roll lists what that roll allows.
  EXPECT_EQ(engine::listing_text(s->move_listing("0")), "*\n");
  const auto d = variant("-dicesava");
  const auto ds = d->initial_state();
  EXPECT_EQ(engine::listing_text(ds->move_listing("")),
            join(ds->legal_moves("")) + "*\nwith one spider\n" + join(ds->legal_moves("1")) +
                "with double spiders\n" + join(ds->legal_moves("2")));
  EXPECT_NE(engine::listing_text(ds->move_listing("")).find("with double spiders\n*xA1\n"),
            std::string::npos);
  // The titles stand apart from the moves: sections of Dice Sava are normal moves and `*`
  // (untitled), turncoat moves, removals.
  const std::vector<engine::MoveSection> sections = ds->move_listing("");
  ASSERT_EQ(sections.size(), 3u);
  EXPECT_EQ(sections[0].title, "");
  EXPECT_EQ(sections[0].moves.back(), "*");
  EXPECT_EQ(sections[1].title, "with one spider");
  EXPECT_EQ(sections[1].moves, ds->legal_moves("1"));
  EXPECT_EQ(sections[2].title, "with double spiders");
  EXPECT_EQ(sections[2].moves, ds->legal_moves("2"));
  // A finished game lists nothing.
  const auto over = position(*v, "sava AB1=bM - M/- - -");
  EXPECT_EQ(engine::listing_text(over->move_listing("")), "");
}

TEST(SavaRules, CanonicalMoveRepairsSpelling) {
  const auto v = variant("");
  const auto s = v->initial_state();
  EXPECT_EQ(s->canonical_move("de2d2!"), "DE2D2");
  EXPECT_EQ(s->canonical_move("E3ED"), "E3DE");
  EXPECT_EQ(s->canonical_move("*"), "*");
  EXPECT_EQ(s->canonical_move("Z9"), std::nullopt);
}

TEST(SavaRules, ResultTagsAndDraw) {
  const auto v = variant("");
  EXPECT_EQ(v->check_result("Red", Mode::kStrict).kind, engine::ResultCheck::Kind::kOk);
  EXPECT_EQ(v->check_result("red", Mode::kStrict).kind, engine::ResultCheck::Kind::kBad);
  EXPECT_EQ(v->check_result("red", Mode::kLenient).kind, engine::ResultCheck::Kind::kAlias);
  // Ruling R27: an unfinished game may end in a draw by agreement, not in a win.
  EXPECT_EQ(v->initial_state()->record_end().unfinished_results, std::vector<std::string>{"draw"});
  EXPECT_TRUE(v->notices().empty());
  const auto g = variant("-greatwheel");
  ASSERT_EQ(g->notices().size(), 1u);
  EXPECT_EQ(g->notices()[0].code, "sava.reconstructed-board");
}

TEST(SavaRules, OptionErrors) {
  static const std::vector<notation::Tag> kNoTags;
  for (const char* bad :
       {"-foo", "-orc=long", "-baenre -baenre", "-orc=short -orc=line", "-BAENRE"}) {
    engine::VariantRequest req{"sava", bad, &kNoTags, Mode::kStrict};
    const auto vr = engine::sava::sava_game().configure(req);
    EXPECT_EQ(vr.variant, nullptr) << bad;
    ASSERT_FALSE(vr.findings.empty());
    EXPECT_EQ(vr.findings[0].code, "record.bad-option");
  }
  engine::VariantRequest lenient{"sava", "-BAENRE", &kNoTags, Mode::kLenient};
  const auto vr = engine::sava::sava_game().configure(lenient);
  EXPECT_NE(vr.variant, nullptr);
  EXPECT_EQ(vr.variant->options_text(), "-baenre");
  EXPECT_EQ(variant("-champion -lolth")->options_text(), "-lolth");
}

TEST(SavaRules, TextBoardOfTheStart) {
  const auto s = variant("")->initial_state();
  const std::string board = s->text_board();
  EXPECT_EQ(s->text_facts(), "Red lost: -\nBlue lost: -\n");
  EXPECT_EQ(
      board,
      "        A    AB   B    BC   C    CD   D    DE   E    EF   F    FG   G    GH   H    HA\n"
      "rank 1  bO   bM   bO   bO   .    .    .    rO   rO   rM   rO   rO   .    .    .    bO\n"
      "rank 2  bWm  bP   bWz  bO   .    .    .    rO   rWm  rP   rWz  rO   .    .    .    bO\n"
      "rank 3  bO   .    bO   .    .    .    .    .    rO   .    rO   .    .    .    .    .\n"
      "centre  HA .    BC .    DE .    FG .\n");
}

}  // namespace
}  // namespace scribe
