// Savoya position text (savoya.md §12: canonical printing, validity with reasons), the Options
// tag (§1, §9, record-format.md C8) and Result values (R5).
#include "tests/games/savoya/savoya_test_util.hpp"

namespace scribe::engine::savoya::test {
namespace {

TEST(SavoyaPosition, PrintsCanonically) {
  auto v = variant("");
  // Cells in any order, dice in any order; printed sorted, larger die first.
  auto s = position(*v, "savoya 2 o10=LLLLLL,f15=BBBBBB,f6=RB,j1=TTTTTT,a6=RRRRR Vert 3-6");
  EXPECT_EQ(s->position_text(), "savoya 2 a6=RRRRR,f6=RB,f15=BBBBBB,j1=TTTTTT,o10=LLLLLL Vert 6-3");
  const std::string texts[] = {
      "savoya 2 a6=RRRRR,f6=R,f15=BBBBBB,j1=TTTTTT,o10=LLLLLL Vert -",
      "savoya 2 a6=RRRRR,f6=R,f15=BBBBBB,j1=TTTTTT,o10=LLLLLL Vert 6-6",
      "savoya 2 a6=RRRRRR,f15=BBBBBB,j1=TTTTTT,o10=LLLLLL Horz 5",
      "savoya 2 a6=RRRR,d6=LRR,f15=BBBBBB,j1=TTTTTT,o10=LLLLL * -",
  };
  for (const auto& t : texts) EXPECT_EQ(position(*v, t)->position_text(), t);
}

TEST(SavoyaPosition, RefusesInvalidTextWithAReason) {
  auto v = variant("");
  const std::pair<const char*, const char*> table[] = {
      {"savoya 2 a6=R,f15=B,j1=T,o10=L Horz", "5 fields"},
      {"savoya  2 a6=R,f15=B,j1=T,o10=L Horz -", "5 fields"},
      {"chess 2 a6=R,f15=B,j1=T,o10=L Horz -", "unknown board"},
      {"savoy 2 a3=R,o10=L Right -", "savoy board"},
      {"savoya 3 a6=R,j1=T,o10=L Right -", "3 players"},
      {"savoya 5 a6=R,f15=B,j1=T,o10=L Horz -", "2, 3 or 4"},
      {"savoya 2 g14=R,f15=B,j1=T,o10=L Horz -", "not a cell"},
      {"savoya 2 a6=R,a6=R,f15=B,j1=T,o10=L Horz -", "twice"},
      {"savoya 2 a6=RLR,f15=B,j1=T,o10=L Horz -", "neither one colour"},
      {"savoya 2 a6=RLT,f15=B,j1=T,o10=L Horz -", "neither one colour"},
      {"savoya 2 a6=RX,f15=B,j1=T,o10=L Horz -", "not a set letter"},
      {"savoya 2 a6=,f15=B,j1=T,o10=L Horz -", "no pieces"},
      {"savoya 2 a6,f15=B,j1=T,o10=L Horz -", "cell=pieces"},
      {"savoya 2 a6=R,j1=T,o10=L Horz -", "no Bottom"},
      {"savoya 2 a6=R,f15=B,j1=T,o10=L Right -", "not a side"},
      {"savoya 2 a6=R,f15=B,j1=T,o10=L * 5", "roll-off"},
      {"savoya 2 a6=R,f15=B,j1=T,o10=L Horz 7", "dice"},
      {"savoya 2 a6=R,f15=B,j1=T,o10=L Horz 6-", "dice"},
      {"savoya 2 a6=R,f15=B,j1=T,o10=L - 6-3", "no dice"},
      {"savoya 2 a6=R,f15=B,j1=T,o10=L - -", "not dead"},
      {"savoya 2 m10=R,a6=L,f15=B,j1=T Vert -", "already won"},
  };
  for (const auto& [text, reason] : table) {
    const std::string r = refusal(*v, text);
    EXPECT_NE(r.find(reason), std::string::npos) << text << " -> " << r;
  }
  auto v3 = variant("-players=3");
  EXPECT_NE(refusal(*v3, "savoya 3 a6=R,f15=B,j1=T,o10=L Right -").find("not in play"),
            std::string::npos);
}

TEST(SavoyaPosition, FinishedGameText) {
  auto v = variant("");
  auto s = position(*v, "savoya 2 m10=R,a6=L,f15=B,j1=T - -");
  EXPECT_EQ(s->result().value_or(""), "Horz");
  EXPECT_EQ(play(*s, "(3-2)f15-f10"), "savoya.game-over");
}

TEST(SavoyaOptions, ReadsEveryFlagAndNormalises) {
  const std::pair<const char*, const char*> table[] = {
      {"", ""},
      {"-stack=6", ""},
      {"-stack=9", "-stack=9"},
      {"-even=6 -players=3", "-players=3 -even=6"},
      {"  -step=7\t-stops=free ", "-step=7 -stops=free"},
      {"-board=savoy", "-board=savoy"},
      {"-board=savoya -players=4", "-players=4"},
      {"-players=2 -stops=check", ""},
  };
  for (const auto& [options, norm] : table) {
    auto v = variant(options);
    ASSERT_NE(v, nullptr) << options;
    EXPECT_EQ(v->options_text(), norm) << options;
  }
}

// Returns the findings of configuring `options` (Game `game`) with the given Player tags.
std::vector<Finding> configure_findings(const std::string& options, Mode mode = Mode::kStrict,
                                        const std::string& game = "savoya",
                                        int players_tags = 2) {
  std::vector<notation::Tag> tags;
  for (int i = 1; i <= players_tags; ++i) {
    notation::Tag t;
    t.name = "Player" + std::to_string(i);
    t.value = "p";
    tags.push_back(t);
  }
  VariantRequest req{game, options, &tags, mode};
  return savoya_game().configure(req).findings;
}

TEST(SavoyaOptions, BadOptionsAreRecordBadOption) {
  const std::pair<const char*, std::uint32_t> table[] = {
      {"-stack=0", 0},        {"-stack=100", 0},    {"-stack=06", 0},   {"-stack", 0},
      {"-size=5", 0},         {"stack=6", 0},       {"-even=3 -step=3", 8},
      {"-stack=9 -even=3", 9}, {"-board=big", 0},   {"-players=5", 0},  {"-stops=loose", 0},
      {"-stack=6 -stack=6", 9}, {"-board=savoy -players=3", 13}, {"-STACK=9", 0},
  };
  for (const auto& [options, offset] : table) {
    const auto f = configure_findings(options);
    ASSERT_EQ(f.size(), 1u) << options;
    EXPECT_EQ(f[0].code, "record.bad-option") << options;
    EXPECT_EQ(f[0].severity, Severity::kError) << options;
    EXPECT_EQ(f[0].anchor, Anchor::kTag);
    EXPECT_EQ(f[0].tag, "Options");
    EXPECT_EQ(f[0].offset, offset) << options;
  }
  // Game "savoy" with -board=savoya contradicts it; repeating -board=savoy is fine.
  EXPECT_EQ(configure_findings("-board=savoya", Mode::kStrict, "savoy").size(), 1u);
  EXPECT_TRUE(configure_findings("-board=savoy", Mode::kStrict, "savoy").empty());
  // -players=N with a PlayerM tag, M > N: at the -players word, in Druid's words.
  for (const char* game : {"savoya", "savoy"}) {
    const auto f = configure_findings("-stack=5 -players=2", Mode::kStrict, game, 3);
    ASSERT_EQ(f.size(), 1u) << game;
    EXPECT_EQ(f[0].message, "option -players=2 cannot be used with the record's Player3 tag");
    EXPECT_EQ(f[0].offset, 9u);
    EXPECT_EQ(f[0].length, 10u);
  }
  EXPECT_EQ(configure_findings("-players=3", Mode::kStrict, "savoya", 4)[0].message,
            "option -players=3 cannot be used with the record's Player4 tag");
  EXPECT_TRUE(configure_findings("-players=4", Mode::kStrict, "savoya", 3).empty());
}

TEST(SavoyaOptions, LenientReadsAnotherCaseWithAWarning) {
  const auto f = configure_findings("-STACK=9 -Board=Savoy", Mode::kLenient);
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].severity, Severity::kWarning);
  EXPECT_EQ(f[0].code, "record.bad-option");
  EXPECT_EQ(f[1].offset, 9u);
}

TEST(SavoyaOptions, PlayersFromTagsAndNotice) {
  std::vector<notation::Tag> tags(3);
  tags[0].name = "Player1";
  tags[1].name = "Player2";
  tags[2].name = "Player3";
  VariantRequest req{"savoya", "", &tags, Mode::kStrict};
  auto vr = savoya_game().configure(req);
  ASSERT_NE(vr.variant, nullptr);
  EXPECT_EQ(vr.variant->num_players(), 3);
  EXPECT_EQ(vr.variant->options_text(), "-players=3");
  EXPECT_TRUE(vr.variant->notices().empty());
  // Savoy warns once, at the tag that selected it.
  auto savoy = variant("", "savoy");
  ASSERT_EQ(savoy->notices().size(), 1u);
  EXPECT_EQ(savoy->notices()[0].code, "savoya.reconstructed-board");
  EXPECT_EQ(savoy->notices()[0].tag, "Game");
  EXPECT_EQ(variant("-board=savoy")->notices()[0].tag, "Options");
}

TEST(SavoyaOptions, ResultValues) {
  auto v2 = variant("");
  using K = ResultCheck::Kind;
  EXPECT_EQ(v2->check_result("Horz", Mode::kStrict).kind, K::kOk);
  EXPECT_EQ(v2->check_result("draw", Mode::kStrict).kind, K::kOk);
  EXPECT_EQ(v2->check_result("*", Mode::kStrict).kind, K::kOk);
  EXPECT_EQ(v2->check_result("Right", Mode::kStrict).kind, K::kBad);
  EXPECT_EQ(v2->check_result("horz", Mode::kStrict).kind, K::kBad);
  EXPECT_EQ(v2->check_result("horz", Mode::kLenient).kind, K::kAlias);
  const auto gold = v2->check_result("Gold", Mode::kLenient);
  EXPECT_EQ(gold.kind, K::kAlias);
  EXPECT_EQ(gold.canonical, "Horz");
  EXPECT_EQ(v2->check_result("Silver", Mode::kLenient).canonical, "Vert");
  auto v4 = variant("-players=4");
  EXPECT_EQ(v4->check_result("Bottom", Mode::kStrict).kind, K::kOk);
  EXPECT_EQ(v4->check_result("B", Mode::kLenient).canonical, "Bottom");
  EXPECT_EQ(v4->check_result("Horz", Mode::kLenient).kind, K::kBad);
}

}  // namespace
}  // namespace scribe::engine::savoya::test
