// The generic replay rules of record-format.md (C1-C9) on the toy game of tests/support.
#include <gtest/gtest.h>

#include "engine/core/replay.hpp"
#include "notation/core/record.hpp"
#include "tests/support/toy_game.hpp"

namespace scribe {
namespace {

using engine::Mode;
using engine::ReplayOptions;
using engine::ReplayResult;

const engine::GameList& toy_games() {
  static const engine::GameList games = {&test::toy_game()};
  return games;
}

ReplayResult run(const std::string& text, Mode mode = Mode::kStrict, int record = 1) {
  const auto records = notation::read_records("t.rec", text);
  EXPECT_GE(static_cast<int>(records.size()), record);
  ReplayOptions o;
  o.mode = mode;
  return engine::replay(toy_games(), records.at(static_cast<std::size_t>(record - 1)), o);
}

// "LINE:COL severity[code]" for each diagnostic.
std::vector<std::string> brief(const ReplayResult& r) {
  std::vector<std::string> out;
  for (const auto& d : r.diagnostics)
    out.push_back(std::to_string(d.span.line) + ":" + std::to_string(d.span.col) + " " +
                  std::string(notation::severity_name(d.severity)) + "[" + d.code + "]");
  return out;
}

using Lines = std::vector<std::string>;

TEST(ReplayBasics, ValidRecordCountsPliesAndFinalPosition) {
  const auto r = run("[Game \"toy\"]\n[Result \"*\"]\n1. m 2. m 3. pass\n");
  EXPECT_TRUE(r.valid());
  EXPECT_EQ(r.plies, 3);
  EXPECT_EQ(r.final_position, "toy 2 B -");
  EXPECT_EQ(r.result, "*");
  EXPECT_EQ(r.game, "toy");
  EXPECT_FALSE(r.options.has_value());
  EXPECT_TRUE(r.diagnostics.empty());
}

// Without ReplayOptions::final_position the text is not written, and final_position_text()
// works out the same text from the final state; a record not replayed has none either way.
TEST(ReplayBasics, FinalPositionTextIsWorkedOutWhenNotWritten) {
  const auto records = notation::read_records(
      "t.rec",
      "[Game \"toy\"]\n1. m 2. m 3. pass\n\n[Game \"toy\"]\n1. m 2. x\n\n[Event \"x\"]\n1. m\n");
  ASSERT_EQ(records.size(), 3u);
  ReplayOptions lazy;
  lazy.final_position = false;
  for (const auto& record : records) {
    const ReplayResult written = engine::replay(toy_games(), record, ReplayOptions{});
    const ReplayResult r = engine::replay(toy_games(), record, lazy);
    EXPECT_FALSE(r.final_position.has_value()) << record.index;
    EXPECT_EQ(r.final_position_text(), written.final_position) << record.index;
    EXPECT_EQ(written.final_position_text(), written.final_position) << record.index;
  }
  EXPECT_EQ(engine::replay(toy_games(), records[0], lazy).final_position_text(), "toy 2 B -");
  EXPECT_EQ(engine::replay(toy_games(), records[2], lazy).final_position_text(), std::nullopt);
}

TEST(ReplayTags, MissingGamePointsAtTheRecordsFirstLine) {
  const auto r = run("[Event \"x\"]\n1. m\n");
  EXPECT_EQ(brief(r), (Lines{"1:1 error[record.missing-game]"}));
  EXPECT_FALSE(r.replayed);
  EXPECT_EQ(r.plies, 0);
  EXPECT_FALSE(r.final_position.has_value());
  EXPECT_FALSE(r.game.has_value());
}

TEST(ReplayTags, UnknownGameAtTheValueAndLenientCase) {
  EXPECT_EQ(brief(run("[Game \"chess\"]\n1. m\n")), (Lines{"1:8 error[record.unknown-game]"}));
  EXPECT_EQ(brief(run("[Game \"Toy\"]\n1. m\n")), (Lines{"1:8 error[record.unknown-game]"}));
  const auto r = run("[Game \"Toy\"]\n1. m\n", Mode::kLenient);
  EXPECT_EQ(brief(r), (Lines{"1:8 warning[record.unknown-game]"}));
  EXPECT_TRUE(r.valid());
  EXPECT_EQ(r.plies, 1);
}

TEST(ReplayTags, BadOptionPointsInsideTheOptionsValue) {
  const auto r = run("[Game \"toy\"]\n[Options \"-dice -huge\"]\n1. m\n");
  EXPECT_EQ(brief(r), (Lines{"2:17 error[record.bad-option]"}));
  EXPECT_EQ(r.diagnostics[0].span.len, 5u);
  EXPECT_FALSE(r.replayed);
  EXPECT_FALSE(r.options.has_value());
}

TEST(ReplayTags, LenientOptionCaseIsAWarningAndTheRecordReplays) {
  const auto r = run("[Game \"toy\"]\n[Options \"-DICE\"]\n1. (3) m\n", Mode::kLenient);
  EXPECT_EQ(brief(r), (Lines{"2:11 warning[record.bad-option]"}));
  EXPECT_EQ(r.plies, 1);
}

TEST(ReplayTags, PlayerTagBeyondThePlayerCount) {
  const auto r = run("[Game \"toy\"]\n[Player3 \"cy\"]\n1. m\n");
  EXPECT_EQ(brief(r), (Lines{"2:1 error[record.bad-option]"}));
  EXPECT_FALSE(r.replayed);
  EXPECT_TRUE(run("[Game \"toy\"]\n[Options \"-players=3\"]\n[Player3 \"cy\"]\n1. m\n").valid());
}

TEST(ReplayTags, LenientReadsATagNameInAnotherCase) {
  EXPECT_EQ(brief(run("[game \"toy\"]\n1. m\n")), (Lines{"1:1 error[record.missing-game]"}));
  const auto r = run("[game \"toy\"]\n1. m\n", Mode::kLenient);
  EXPECT_EQ(brief(r), (Lines{"1:2 warning[record.bad-tag]"}));
  EXPECT_EQ(r.plies, 1);
}

TEST(ReplayResultTag, BadResultStillReplaysButSkipsTheResultCheck) {
  const auto r = run("[Game \"toy\"]\n[Result \"Z\"]\n1. m 2. w 3. m\n");
  // The bad result, then the ply after the end; no result check.
  EXPECT_EQ(brief(r), (Lines{"2:10 error[record.bad-result]", "3:14 error[toy.game-over]"}));
  EXPECT_EQ(r.plies, 2);
}

TEST(ReplayResultTag, LenientAliasIsAWarning) {
  const auto r = run("[Game \"toy\"]\n[Result \"b\"]\n1. m 2. w\n", Mode::kLenient);
  EXPECT_EQ(brief(r), (Lines{"2:10 warning[record.bad-result]"}));
  EXPECT_EQ(r.result, "B");
}

TEST(ReplayResultTag, ReachedResultMustMatch) {
  EXPECT_TRUE(run("[Game \"toy\"]\n[Result \"B\"]\n1. m 2. w\n").valid());
  EXPECT_TRUE(run("[Game \"toy\"]\n[Result \"*\"]\n1. m 2. w\n").valid());
  const auto r = run("[Game \"toy\"]\n[Result \"A\"]\n1. m 2. w\n");
  EXPECT_EQ(brief(r), (Lines{"2:10 error[record.result-mismatch]"}));
  EXPECT_FALSE(r.diagnostics[0].ply.has_value());
  EXPECT_EQ(r.result, "B");
  EXPECT_EQ(r.termination, "play");
}

TEST(ReplayResultTag, UnfinishedGameNeedsATerminationTag) {
  EXPECT_EQ(brief(run("[Game \"toy\"]\n[Result \"A\"]\n1. m\n")),
            (Lines{"2:10 error[record.result-mismatch]"}));
  const auto r = run("[Game \"toy\"]\n[Result \"A\"]\n[Termination \"resignation\"]\n1. m\n");
  EXPECT_TRUE(r.valid());
  EXPECT_EQ(r.result, "A");
  EXPECT_EQ(r.termination, "resignation");
  EXPECT_EQ(brief(run("[Game \"toy\"]\n[Result \"A\"]\n[Termination \"normal\"]\n1. m\n")),
            (Lines{"2:10 error[record.result-mismatch]"}));
}

TEST(ReplayPlies, StopsAtTheFirstIllegalPlyButReportsContainerDiagnosticsAfterIt) {
  const auto r = run("[Game \"toy\"]\n[Result \"A\"]\n1. m 2. zz 3. q 5. m\n");
  // The bad ply stops replay; the later bad ply is not reported, the move number is; no
  // result check on a record that stopped.
  EXPECT_EQ(brief(r), (Lines{"3:9 error[toy.syntax]", "3:17 error[record.move-number]"}));
  EXPECT_EQ(r.plies, 1);
  EXPECT_EQ(r.final_position, "toy 2 B -");
  EXPECT_EQ(r.diagnostics[0].ply, 2);
  EXPECT_EQ(r.diagnostics[1].ply, 4);
  EXPECT_EQ(r.diagnostics[0].context, "record 1 (line 1), ply 2, B to move");
  EXPECT_EQ(r.result, "*");
}

TEST(ReplayPlies, FindingOffsetsMapToColumns) {
  const auto r = run("[Game \"toy\"]\n1. m 2. mz\n");
  ASSERT_EQ(brief(r), (Lines{"2:10 error[toy.syntax]"}));
  EXPECT_EQ(r.diagnostics[0].span.len, 1u);
  EXPECT_EQ(r.diagnostics[0].source_line, "1. m 2. mz");
}

TEST(ReplayPlies, WarningsDoNotStopReplay) {
  const auto r = run("[Game \"toy\"]\n1. warn 2. m\n");
  EXPECT_EQ(brief(r), (Lines{"2:4 warning[toy.note]"}));
  EXPECT_TRUE(r.valid());
  EXPECT_EQ(r.plies, 2);
  EXPECT_EQ(r.warnings, 1);
}

TEST(ReplayMoveNumbers, PliesOrRoundsButOneStylePerRecord) {
  EXPECT_TRUE(run("[Game \"toy\"]\n1. m 2. m 3. m\n").valid());
  EXPECT_TRUE(run("[Game \"toy\"]\n1. m m 2. m m 3. m\n").valid());
  EXPECT_TRUE(run("[Game \"toy\"]\n1. m 1... m 2. m\n").valid());
  EXPECT_TRUE(run("[Game \"toy\"]\nm m 3. m\n").valid());
  EXPECT_EQ(brief(run("[Game \"toy\"]\n1. m 2. m 2. m\n")), (Lines{"2:11 error[record.move-number]"}));
  EXPECT_TRUE(run("[Game \"toy\"]\n1. m m 3. m\n").valid());  // ply numbers, ply 2 unnumbered
  EXPECT_EQ(brief(run("[Game \"toy\"]\n1. m m 1. m\n")), (Lines{"2:8 error[record.move-number]"}));
  // Three players: round 2 holds plies 4..6.
  EXPECT_TRUE(run("[Game \"toy\"]\n[Options \"-players=3\"]\n1. m m m 2. m m m 3. m\n").valid());
}

TEST(ReplayMoveNumbers, LenientMakesThemWarnings) {
  const auto r = run("[Game \"toy\"]\n1. m 2. m 2. m\n", Mode::kLenient);
  EXPECT_EQ(brief(r), (Lines{"2:11 warning[record.move-number]"}));
  EXPECT_EQ(r.plies, 3);
  EXPECT_EQ(r.diagnostics[0].ply, 3);
}

// record-format.md "Diagnostics": the last line names, for a diagnostic with a ply, the ply,
// the side to move and the roll; record.move-number carries a ply (C3), so it gets them too.
TEST(ReplayMoveNumbers, ContextNamesTheSideToMoveAndTheRoll) {
  const auto r = run("[Game \"toy\"]\n1. m 2. m 2. m\n");
  ASSERT_EQ(brief(r), (Lines{"2:11 error[record.move-number]"}));
  EXPECT_EQ(r.diagnostics[0].context, "record 1 (line 1), ply 3, A to move");
  const auto dice = run("[Game \"toy\"]\n[Options \"-dice\"]\n1. (2) m 3. (4) m\n");
  ASSERT_EQ(brief(dice), (Lines{"3:10 error[record.move-number]"}));
  EXPECT_EQ(dice.diagnostics[0].context, "record 1 (line 1), ply 2, B to move, roll 4");
  // At the ply where replay stops the side is known; after it, only the ply is named.
  const auto stopped = run("[Game \"toy\"]\n1. m 3. zz 3. m 9. m\n");
  ASSERT_EQ(brief(stopped), (Lines{"2:6 error[record.move-number]", "2:9 error[toy.syntax]",
                                   "2:17 error[record.move-number]"}));
  EXPECT_EQ(stopped.diagnostics[0].context, "record 1 (line 1), ply 2, B to move");
  EXPECT_EQ(stopped.diagnostics[2].context, "record 1 (line 1), ply 4");
}

// A number too large for any ply is well-formed: it does not fit (C5), so it is
// record.move-number with its ply, not a malformed number.
TEST(ReplayMoveNumbers, AHugeNumberIsAMoveNumberThatDoesNotFit) {
  const auto r = run("[Game \"toy\"]\n1. m 99999999999. m\n");
  ASSERT_EQ(brief(r), (Lines{"2:6 error[record.move-number]"}));
  EXPECT_EQ(r.diagnostics[0].ply, 2);
  EXPECT_EQ(r.diagnostics[0].message,
            "move number 99999999999 does not fit ply 2: expected 2 (plies) or 1 (rounds)");
  EXPECT_EQ(r.plies, 2);
}

// Container diagnostics are reported for the whole text of the record (C4), also when an error
// at the tags keeps it from being replayed: a roll before a ply in a game without dice too.
TEST(ReplayRolls, RollInAGameWithoutDiceIsReportedWhenTheRecordIsNotReplayed) {
  const auto r = run("[Game \"toy\"]\n[Setup \"bad\"]\n1. (5) m 2. m (6)\n");
  EXPECT_EQ(brief(r), (Lines{"2:9 error[record.bad-setup]", "3:4 error[record.bad-token]",
                             "3:15 error[record.bad-token]"}));
  EXPECT_EQ(r.diagnostics[1].message, "a roll (5) in a game without dice");
  EXPECT_FALSE(r.diagnostics[1].ply.has_value());
  EXPECT_FALSE(r.replayed);
}

TEST(ReplayRolls, RollInAGameWithoutDiceIsABadTokenAndThePlyStillCounts) {
  const auto r = run("[Game \"toy\"]\n1. (5) m 2. m\n");
  EXPECT_EQ(brief(r), (Lines{"2:4 error[record.bad-token]"}));
  EXPECT_EQ(r.plies, 2);
  EXPECT_FALSE(r.diagnostics[0].ply.has_value());
}

TEST(ReplayRolls, DiceGamesGetTheRollAndShowItInTheContext) {
  const auto ok = run("[Game \"toy\"]\n[Options \"-dice\"]\n1. (5) m 2. (1) m\n");
  EXPECT_TRUE(ok.valid());
  const auto bad = run("[Game \"toy\"]\n[Options \"-dice\"]\n1. (5) m 2. (9) m\n");
  EXPECT_EQ(brief(bad), (Lines{"3:13 error[toy.bad-roll]"}));
  EXPECT_EQ(bad.diagnostics[0].span.len, 3u);
  EXPECT_EQ(bad.diagnostics[0].context, "record 1 (line 1), ply 2, B to move, roll 9");
  const auto missing = run("[Game \"toy\"]\n[Options \"-dice\"]\n1. m\n", Mode::kLenient);
  EXPECT_EQ(brief(missing), (Lines{"3:4 warning[toy.roll-missing]"}));
  EXPECT_EQ(missing.diagnostics[0].context, "record 1 (line 1), ply 1, A to move, roll ?");
}

// A roll with no ply after it, or followed by another roll, is the container's
// record.bad-token for games that do not judge stray rolls themselves; replay goes on.
TEST(ReplayRolls, StrayRollsAreBadTokensThatDoNotStopReplay) {
  const auto twice = run("[Game \"toy\"]\n[Options \"-dice\"]\n1. (5) (6) m 2. (1) m (2)\n");
  EXPECT_EQ(brief(twice), (Lines{"3:4 error[record.bad-token]", "3:23 error[record.bad-token]"}));
  EXPECT_EQ(twice.plies, 2);
  EXPECT_EQ(twice.diagnostics[0].message, "roll (5) is followed by another roll, not by a ply");
  EXPECT_EQ(twice.diagnostics[1].message, "roll (2) has no ply after it");
  EXPECT_FALSE(twice.diagnostics[1].ply.has_value());
  const auto no_dice = run("[Game \"toy\"]\n1. m (2)\n");
  EXPECT_EQ(brief(no_dice), (Lines{"2:6 error[record.bad-token]"}));
  EXPECT_EQ(no_dice.diagnostics[0].message, "a roll (2) in a game without dice");
  // Without a known game the container's words are kept.
  const auto unknown = run("[Game \"nosuch\"]\n1. m (2)\n");
  bool found = false;
  for (const auto& d : unknown.diagnostics)
    if (d.code == "record.bad-token") {
      found = true;
      EXPECT_EQ(d.message, "roll (2) has no ply after it");
    }
  EXPECT_TRUE(found);
}

TEST(ReplaySetup, StartsFromTheSetupPosition) {
  const auto r = run("[Game \"toy\"]\n[Setup \"toy 2 B -\"]\n[Result \"B\"]\n1. w\n");
  EXPECT_TRUE(r.valid());
  EXPECT_EQ(r.final_position, "toy 2 - B");
  const auto bad = run("[Game \"toy\"]\n[Setup \"toy 3 B -\"]\n1. w\n");
  EXPECT_EQ(brief(bad), (Lines{"2:9 error[record.bad-setup]"}));
  EXPECT_FALSE(bad.replayed);
  const auto over = run("[Game \"toy\"]\n[Setup \"toy 2 - A\"]\n1. m\n");
  EXPECT_EQ(brief(over), (Lines{"3:4 error[toy.game-over]"}));
}

// record.bad-result and record.unknown-game point at the tag's value (record-format.md
// "Diagnostics"); an empty value is at its place between the quotes.
TEST(ReplayTags, AnEmptyValueIsPointedAtBetweenItsQuotes) {
  const auto r = run("[Game \"toy\"]\n[Result \"\"]\n1. m\n");
  ASSERT_EQ(brief(r), (Lines{"2:10 error[record.bad-result]"}));
  EXPECT_EQ(r.diagnostics[0].span.len, 1u);
  EXPECT_EQ(brief(run("[Game \"\"]\n1. m\n")), (Lines{"1:8 error[record.unknown-game]"}));
  EXPECT_EQ(brief(run("[Game \"toy\"]\n[Setup \"\"]\n1. m\n")),
            (Lines{"2:9 error[record.bad-setup]"}));
}

TEST(ReplayOrder, TagsThenMovetextThenResult) {
  const auto r = run("[Game \"toy\"]\n[Result \"A\"]\n[Bad tag]\n1. m 2. m 3. m 3. m\n");
  ASSERT_GE(r.diagnostics.size(), 2u);
  EXPECT_EQ(r.diagnostics.front().code, "record.bad-tag");
}

TEST(ReplayLimits, MaxPliesStopsWithALimitDiagnostic) {
  const auto records = notation::read_records("t.rec", "[Game \"toy\"]\n1. m 2. m 3. m\n");
  ReplayOptions o;
  o.max_plies = 2;
  const auto r = engine::replay(toy_games(), records.at(0), o);
  EXPECT_EQ(brief(r), (Lines{"2:14 error[record.limit]"}));
  EXPECT_EQ(r.plies, 2);
}

TEST(ReplayPositions, KeepsEveryPositionWhenAsked) {
  const auto records = notation::read_records("t.rec", "[Game \"toy\"]\n1. m 2. m\n");
  ReplayOptions o;
  o.keep_positions = true;
  const auto r = engine::replay(toy_games(), records.at(0), o);
  ASSERT_EQ(r.positions.size(), 3u);
  EXPECT_EQ(r.positions[0]->position_text(), "toy 2 A -");
  EXPECT_EQ(r.positions[2]->position_text(), "toy 2 A -");
  EXPECT_EQ(r.positions[1]->position_text(), "toy 2 B -");
}

}  // namespace
}  // namespace scribe
