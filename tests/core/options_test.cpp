// The one Options reader (engine/core/options.hpp) over rows made for the test: C8's checks in
// their order, the wording, the word each finding underlines, lenient case, and the rows as text.
#include "engine/core/options.hpp"

#include <gtest/gtest.h>

#include "engine/core/names.hpp"

namespace scribe::engine {
namespace {

const std::vector<OptionRow>& rows() {
  static const std::vector<OptionRow> kRows = {
      {.flag = "-big", .meaning = "a big board"},
      {.flag = "-size",
       .kind = OptionKind::kNumber,
       .placeholder = "N",
       .ranges = {{"-big", 5, 40, "big"}, {"", 3, 12, "small"}},
       .default_text = "big 20, small 8",
       .meaning = "cells along an edge"},
      {.flag = "-turn",
       .kind = OptionKind::kChoice,
       .placeholder = "T",
       .choices = {"one", "two", "three"},
       .default_value = "one",
       .meaning = "how many moves a turn holds",
       .applies_to = "only with -big"},
  };
  return kRows;
}

OptionsRead read(std::string_view text, Mode mode = Mode::kStrict) {
  return read_options(rows(), "Test", text, mode);
}

// One error: its message and the word it underlines (offset, length in characters).
struct Bad {
  const char* options;
  const char* message;
  std::uint32_t offset;
  std::uint32_t length;
};

TEST(OptionsReader, EachMistakeHasOneWordingAndItsWord) {
  const Bad table[] = {
      {"-big -huge",
       "unknown option '-huge'; the options of Test are -big, -size=N, "
       "-turn=one|two|three",
       5, 5},
      {"big", "unknown option 'big'; the options of Test are -big, -size=N, -turn=one|two|three", 0,
       3},
      {"=3", "unknown option '=3'; the options of Test are -big, -size=N, -turn=one|two|three", 0,
       2},
      {"-size=4 -BIG", "option '-BIG' must be written in lower case: '-big'", 8, 4},
      {"-turn=Two", "option '-turn=Two' must be written in lower case: '-turn=two'", 0, 9},
      {"-big  -big", "option -big is given twice", 6, 4},
      {"-size=4 -size=5", "option -size is given twice", 8, 7},
      {"-size", "option -size needs a value: -size=N", 0, 5},
      {"-size=", "option -size needs a value: -size=N", 0, 6},
      {"-turn", "option -turn needs a value: -turn=one|two|three", 0, 5},
      {"-big=1", "option -big takes no value", 0, 6},
      {"-size=04",
       "option -size=04: the value must be a decimal number without sign or leading zeros", 0, 8},
      {"-size=+4",
       "option -size=+4: the value must be a decimal number without sign or leading zeros", 0, 8},
      {"-size=-4",
       "option -size=-4: the value must be a decimal number without sign or leading zeros", 0, 8},
      {"-size=4x",
       "option -size=4x: the value must be a decimal number without sign or leading zeros", 0, 8},
      {"-turn=four", "option -turn=four: the value must be one, two or three", 0, 10},
      {"-size=2", "option -size=2 is out of range: 3..12", 0, 7},
      {"-size=13", "option -size=13 is out of range: 3..12", 0, 8},
      {"-size=0", "option -size=0 is out of range: 3..12", 0, 7},
      {"-size=99999999999999999999", "option -size=99999999999999999999 is out of range: 3..12", 0,
       26},
      // The range of a later switch applies.
      {"-size=41 -big", "option -size=41 is out of range: 5..40 with -big", 0, 8},
      // Characters, not bytes, place the caret.
      {"-big \xC3\xA9 -huge",
       "unknown option '\xC3\xA9'; the options of Test are -big, -size=N, "
       "-turn=one|two|three",
       5, 1},
  };
  for (const Bad& row : table) {
    const OptionsRead r = read(row.options);
    EXPECT_FALSE(r.ok) << row.options;
    ASSERT_FALSE(r.findings.empty()) << row.options;
    const Finding& f = r.findings[0];
    EXPECT_EQ(f.code, "record.bad-option");
    EXPECT_EQ(f.severity, Severity::kError);
    EXPECT_EQ(f.anchor, Anchor::kTag);
    EXPECT_EQ(f.tag, "Options");
    EXPECT_EQ(f.message, row.message) << row.options;
    EXPECT_EQ(f.offset, row.offset) << row.options;
    EXPECT_EQ(f.length, row.length) << row.options;
  }
}

TEST(OptionsReader, TheFirstMistakeOfAWordInC8Order) {
  // Case before repeated: the second -size is in another case.
  EXPECT_EQ(read("-size=4 -SIZE=5").findings[0].message,
            "option '-SIZE=5' must be written in lower case: '-size=5'");
  // Repeated before a malformed value.
  EXPECT_EQ(read("-size=4 -size=x").findings[0].message, "option -size is given twice");
  // Case before a malformed value; one finding per word.
  const OptionsRead r = read("-SIZE=x");
  ASSERT_EQ(r.findings.size(), 1u);
  EXPECT_EQ(r.findings[0].message, "option '-SIZE=x' must be written in lower case: '-size=x'");
  // A malformed value is not checked against the range.
  EXPECT_EQ(read("-size=01").findings.size(), 1u);
  // A flag in another case is still that flag: the same flag after it is given twice, in
  // strict mode as in lenient mode (the caret on the later word).
  const OptionsRead twice = read("-BIG -big");
  ASSERT_EQ(twice.findings.size(), 2u);
  EXPECT_EQ(twice.findings[0].message, "option '-BIG' must be written in lower case: '-big'");
  EXPECT_EQ(twice.findings[1].message, "option -big is given twice");
  EXPECT_EQ(twice.findings[1].offset, 5u);
  EXPECT_EQ(twice.findings[1].length, 4u);
}

TEST(OptionsReader, EveryWordIsCheckedInTextOrder) {
  const OptionsRead r = read("-huge -size=99 -big -big");
  ASSERT_EQ(r.findings.size(), 3u);
  EXPECT_EQ(r.findings[0].offset, 0u);
  EXPECT_EQ(r.findings[1].message, "option -size=99 is out of range: 5..40 with -big");
  EXPECT_EQ(r.findings[1].offset, 6u);
  EXPECT_EQ(r.findings[2].message, "option -big is given twice");
  EXPECT_EQ(r.findings[2].offset, 20u);
}

TEST(OptionsReader, LenientCaseIsAWarningAndTheWordIsRead) {
  OptionsRead r = read("-BIG -Size=30 -turn=TWO", Mode::kLenient);
  EXPECT_TRUE(r.ok);
  ASSERT_EQ(r.findings.size(), 3u);
  EXPECT_EQ(r.findings[0].severity, Severity::kWarning);
  EXPECT_EQ(r.findings[0].message, "option '-BIG' read as '-big'");
  EXPECT_EQ(r.findings[1].message, "option '-Size=30' read as '-size=30'");
  EXPECT_EQ(r.findings[1].offset, 5u);
  EXPECT_EQ(r.findings[2].message, "option '-turn=TWO' read as '-turn=two'");
  EXPECT_TRUE(r.values.given("-big"));
  EXPECT_EQ(r.values.number("-size"), 30);
  EXPECT_EQ(r.values.value("-turn"), "two");
  // A slip of case does not excuse the checks after it.
  r = read("-big -BIG", Mode::kLenient);
  EXPECT_FALSE(r.ok);
  ASSERT_EQ(r.findings.size(), 2u);
  EXPECT_EQ(r.findings[1].message, "option -big is given twice");
  // Lenient mode reads other case only: an unknown flag is still an error.
  EXPECT_FALSE(read("-bigger", Mode::kLenient).ok);
}

TEST(OptionsReader, ValuesOfAGoodText) {
  const OptionsRead r = read("  -turn=three\t-size=12 ");
  EXPECT_TRUE(r.ok);
  EXPECT_TRUE(r.findings.empty());
  EXPECT_FALSE(r.values.given("-big"));
  EXPECT_EQ(r.values.number("-size"), 12);
  EXPECT_EQ(r.values.word("-size").offset, 14u);
  EXPECT_EQ(r.values.value("-turn"), "three");
  EXPECT_FALSE(r.values.number("-big").has_value());
  EXPECT_TRUE(read("").ok);
}

TEST(OptionsReader, ContradictionsAtTheLaterWord) {
  const OptionsRead r = read("-turn=two -size=6 -big");
  ASSERT_TRUE(r.ok);
  Finding f = option_conflict(r.values, "-big", "-turn", "a reason");
  EXPECT_EQ(f.message, "option -big cannot be used with -turn=two: a reason");
  EXPECT_EQ(f.offset, 18u);
  EXPECT_EQ(f.length, 4u);
  f = option_conflict(r.values, "-turn", "-size");
  EXPECT_EQ(f.message, "option -size=6 cannot be used with -turn=two");
  EXPECT_EQ(f.offset, 10u);
  f = option_conflict_with(r.values, "-turn", "the game x", "why");
  EXPECT_EQ(f.message, "option -turn=two cannot be used with the game x: why");
  EXPECT_EQ(f.offset, 0u);
  f = option_needs(r.values, "-size", "-small");
  EXPECT_EQ(f.message, "option -size=6 needs -small");
  EXPECT_EQ(f.code, "record.bad-option");
  // The canonical word is named, whatever case the record wrote.
  const OptionsRead lenient = read("-BIG -turn=Two", Mode::kLenient);
  EXPECT_EQ(option_conflict(lenient.values, "-big", "-turn").message,
            "option -turn=two cannot be used with -big");
}

TEST(OptionsRows, TextForDocsAndTheNormalisedOptions) {
  const auto& r = rows();
  EXPECT_EQ(option_flag_text(r[0]), "-big");
  EXPECT_EQ(option_flag_text(r[1]), "-size=N");
  EXPECT_EQ(option_values_text(r[0]), "-");
  EXPECT_EQ(option_values_text(r[1]), "big 5..40, small 3..12");
  EXPECT_EQ(option_values_text(r[2]), "one, two, three");
  EXPECT_EQ(option_default_text(r[0]), "off");
  EXPECT_EQ(option_default_text(r[1]), "big 20, small 8");
  EXPECT_EQ(option_default_text(r[2]), "one");
  EXPECT_EQ(option_applies_text(r[0]), "every variant");
  EXPECT_EQ(option_applies_text(r[2]), "only with -big");
  EXPECT_EQ(option_flag_list(r), "-big, -size=N, -turn=one|two|three");
  OptionValues v;
  v.set("-turn", "one");  // the default: left out
  v.set("-size", "9");
  v.set("-big");
  EXPECT_EQ(format_options(r, v), "-big -size=9");
  EXPECT_EQ(format_options(r, OptionValues{}), "");
}

TEST(Names, CaseWordsAndResults) {
  EXPECT_EQ(lower("AbC-1"), "abc-1");
  EXPECT_TRUE(iequals("Draw", "draw"));
  EXPECT_FALSE(iequals("draw", "draws"));
  const std::vector<Word> w = split_words(" a\tbb\n\xC3\xA9z c");
  ASSERT_EQ(w.size(), 4u);
  EXPECT_EQ(w[1].text, "bb");
  EXPECT_EQ(w[1].offset, 3u);
  EXPECT_EQ(w[2].offset, 6u);
  EXPECT_EQ(w[2].length, 2u);
  EXPECT_EQ(w[3].offset, 9u);
  const std::vector<std::string> sides = {"Black", "White"};
  using K = ResultCheck::Kind;
  EXPECT_EQ(check_result_name("Black", sides, Mode::kStrict).kind, K::kOk);
  EXPECT_EQ(check_result_name("*", sides, Mode::kStrict).kind, K::kOk);
  EXPECT_EQ(check_result_name("black", sides, Mode::kStrict).kind, K::kBad);
  EXPECT_EQ(check_result_name("black", sides, Mode::kLenient).canonical, "Black");
  EXPECT_EQ(check_result_name("DRAW", sides, Mode::kLenient).canonical, "draw");
  EXPECT_EQ(check_result_name("w", sides, Mode::kLenient).kind, K::kBad);
  const ResultCheck alias = check_result_name("W", sides, Mode::kLenient, {{"w", "White"}});
  EXPECT_EQ(alias.kind, K::kAlias);
  EXPECT_EQ(alias.canonical, "White");
  EXPECT_EQ(check_result_name("w", sides, Mode::kStrict, {{"w", "White"}}).kind, K::kBad);
}

TEST(Names, FindTagExactlyOrInLenientModeInAnotherCase) {
  std::vector<notation::Tag> tags(3);
  tags[0].name = "player3";
  tags[0].value = "lower";
  tags[1].name = "Player3";
  tags[1].value = "exact";
  tags[2].name = "OPTIONS";
  EXPECT_EQ(find_tag(&tags, "Player3", Mode::kStrict)->value, "exact");
  EXPECT_EQ(find_tag(&tags, "Player3", Mode::kLenient)->value, "exact");
  EXPECT_EQ(find_tag(&tags, "Options", Mode::kStrict), nullptr);
  EXPECT_EQ(find_tag(&tags, "Options", Mode::kLenient), &tags[2]);
  EXPECT_EQ(find_tag(nullptr, "Options", Mode::kLenient), nullptr);
}

}  // namespace
}  // namespace scribe::engine
