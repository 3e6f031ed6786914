// Options and results (spec games/druid.md §1.2, §8.4; record-format.md C1, C7, C8).
#include "tests/games/druid/druid_test_util.hpp"

namespace scribe::engine::druid::test {
namespace {

VariantResult configure(const std::string& options, Mode mode = Mode::kStrict,
                        const std::vector<std::string>& tag_names = {}) {
  static std::vector<notation::Tag> tags;
  tags.clear();
  for (const auto& n : tag_names) {
    notation::Tag t;
    t.name = n;
    t.value = "x";
    tags.push_back(t);
  }
  VariantRequest req{"druid", options, &tags, mode};
  return druid_game().configure(req);
}

TEST(DruidOptions, NormalisedOptionText) {
  EXPECT_EQ(variant("")->options_text(), "");
  EXPECT_EQ(variant("-size=10")->options_text(), "");
  EXPECT_EQ(variant("-nogaps -size=6")->options_text(), "-size=6 -nogaps");
  EXPECT_EQ(variant("-walk -size=4 -walkturn=either")->options_text(),
            "-size=4 -walk -walkturn=either");
  EXPECT_EQ(variant("-hex", 1)->options_text(), "-hex -players=3");
  EXPECT_EQ(variant("-y -size=8")->options_text(), "-y");
  EXPECT_EQ(variant("-hex -size=5 -players=2")->options_text(), "-hex");
  EXPECT_EQ(variant("")->describe(), "Druid, 10x10");
  EXPECT_EQ(variant("-hex")->describe(), "Druid's Hex, size 5");
}

TEST(DruidOptions, PlayerCountAndLimits) {
  EXPECT_EQ(variant("-hex", 1)->num_players(), 3);
  EXPECT_EQ(variant("-hex -players=3")->num_players(), 3);
  EXPECT_EQ(variant("-hex")->num_players(), 2);
  EXPECT_EQ(variant("-size=3")->generate_ply_limit(), 90);
  EXPECT_EQ(variant("-hex")->generate_ply_limit(), 610);
}

struct BadOption {
  const char* options;
  const char* message;
};

TEST(DruidOptions, BadOptionsNameTheFlagAndTheReason) {
  const BadOption table[] = {
      {"-huge", "unknown option '-huge'"},
      {"size=8", "unknown option 'size=8'"},
      {"-size=8 -size=8", "option -size is given twice"},
      {"-size", "option -size needs a value: -size=N"},
      {"-size=", "option -size needs a value"},
      {"-size=x", "option -size=x: the value must be a decimal number"},
      {"-size=08",
       "option -size=08: the value must be a decimal number without sign or leading zeros"},
      {"-size=+8", "option -size=+8"},
      {"-size=2", "option -size=2 is out of range: 3..26"},
      {"-size=27", "option -size=27 is out of range"},
      {"-hex -size=14", "option -size=14 is out of range: 3..13 with -hex"},
      {"-y -size=27", "option -size=27 is out of range: 3..26 with -y"},
      {"-hex=yes", "option -hex takes no value"},
      {"-players=4", "option -players=4 is out of range: 2..3"},
      {"-walkturn=both", "option -walkturn=both needs -walk"},
      {"-walk -walkturn=sometimes", "option -walkturn=sometimes: the value must be both or either"},
      {"-hex -y", "option -y cannot be used with -hex"},
      {"-y -walk", "option -walk cannot be used with -y"},
      {"-hex -walk",
       "option -walk cannot be used with -hex: Druid's Walk on the hex board needs 3 players"},
      {"-players=3", "option -players=3 needs -hex: 3 players play on the hex board"},
      {"-SIZE=8", "option '-SIZE=8' must be written in lower case: '-size=8'"},
      {"-Hex", "option '-Hex' must be written in lower case: '-hex'"},
      {"-walk -walkturn=Either", "option '-walkturn=Either' must be written in lower case"},
  };
  for (const auto& row : table) {
    const VariantResult vr = configure(row.options);
    EXPECT_EQ(vr.variant, nullptr) << row.options;
    ASSERT_FALSE(vr.findings.empty()) << row.options;
    const Finding& f = vr.findings[0];
    EXPECT_EQ(f.code, "record.bad-option");
    EXPECT_EQ(f.severity, Severity::kError);
    EXPECT_EQ(f.anchor, Anchor::kTag);
    EXPECT_EQ(f.tag, "Options");
    EXPECT_NE(f.message.find(row.message), std::string::npos)
        << row.options << ": '" << f.message << "'";
  }
}

TEST(DruidOptions, PlayerThreeTag) {
  // Three players from a Player3 tag on the square board: at the Options tag when there is one,
  // else at the Player3 tag.
  VariantResult vr = configure("-size=3", Mode::kStrict, {"Options", "Player3"});
  ASSERT_EQ(vr.findings.size(), 1u);
  EXPECT_EQ(vr.findings[0].tag, "Options");
  EXPECT_EQ(vr.findings[0].message, "3 players (a Player3 tag) need the hex board (-hex)");
  vr = configure("", Mode::kStrict, {"Player3"});
  ASSERT_EQ(vr.findings.size(), 1u);
  EXPECT_EQ(vr.findings[0].tag, "Player3");
  vr = configure("-hex -players=2", Mode::kStrict, {"Options", "Player3"});
  ASSERT_EQ(vr.findings.size(), 1u);
  EXPECT_EQ(vr.findings[0].message, "option -players=2 cannot be used with the record's Player3 tag");
  vr = configure("-hex -walk", Mode::kStrict, {"Options", "Player3"});
  EXPECT_TRUE(vr.findings.empty());
  ASSERT_NE(vr.variant, nullptr);
  EXPECT_EQ(vr.variant->options_text(), "-hex -walk -players=3");
}

TEST(DruidOptions, LenientCaseIsAWarning) {
  const VariantResult vr = configure("-SIZE=8 -NoStack", Mode::kLenient);
  ASSERT_NE(vr.variant, nullptr);
  ASSERT_EQ(vr.findings.size(), 2u);
  EXPECT_EQ(vr.findings[0].severity, Severity::kWarning);
  EXPECT_EQ(vr.findings[0].code, "record.bad-option");
  EXPECT_EQ(vr.findings[0].message, "option '-SIZE=8' read as '-size=8'");
  EXPECT_EQ(vr.findings[1].message, "option '-NoStack' read as '-nostack'");
  EXPECT_EQ(vr.variant->options_text(), "-size=8 -nostack");
}

TEST(DruidOptions, ResultNames) {
  auto sq = variant("");
  EXPECT_EQ(sq->check_result("V", Mode::kStrict).kind, ResultCheck::Kind::kOk);
  EXPECT_EQ(sq->check_result("H", Mode::kStrict).kind, ResultCheck::Kind::kOk);
  EXPECT_EQ(sq->check_result("draw", Mode::kStrict).kind, ResultCheck::Kind::kOk);
  EXPECT_EQ(sq->check_result("*", Mode::kStrict).kind, ResultCheck::Kind::kOk);
  EXPECT_EQ(sq->check_result("X", Mode::kStrict).kind, ResultCheck::Kind::kBad);
  EXPECT_EQ(sq->check_result("v", Mode::kStrict).kind, ResultCheck::Kind::kBad);
  const ResultCheck alias = sq->check_result("v", Mode::kLenient);
  EXPECT_EQ(alias.kind, ResultCheck::Kind::kAlias);
  EXPECT_EQ(alias.canonical, "V");
  EXPECT_EQ(sq->check_result("Draw", Mode::kLenient).canonical, "draw");
  auto hex = variant("-hex");
  EXPECT_EQ(hex->check_result("O", Mode::kStrict).kind, ResultCheck::Kind::kOk);
  EXPECT_EQ(hex->check_result("Y", Mode::kStrict).kind, ResultCheck::Kind::kBad);
  auto hex3 = variant("-hex", 1);
  EXPECT_EQ(hex3->check_result("Y", Mode::kStrict).kind, ResultCheck::Kind::kOk);
  auto y = variant("-y");
  EXPECT_EQ(y->check_result("X", Mode::kStrict).kind, ResultCheck::Kind::kOk);
  EXPECT_EQ(y->check_result("V", Mode::kStrict).kind, ResultCheck::Kind::kBad);
}

}  // namespace
}  // namespace scribe::engine::druid::test
