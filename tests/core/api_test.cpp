// The public C++ API (include/scribe/): reading, replay against the corpus expectations (the
// diagnostics `scribe validate` reports), legal moves, apply, position text, drawing and
// generating.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "scribe/scribe.hpp"
#include "tests/support/support.hpp"

namespace scribe {
namespace {

namespace fs = std::filesystem;

// "FILE:LINE:COL: severity[code]: message" from the public fields of `d`.
std::string fields_line(const Diagnostic& d) {
  return d.file + ":" + std::to_string(d.line) + ":" + std::to_string(d.col) + ": " +
         std::string(severity_name(d.severity)) + "[" + d.code + "]: " + d.message;
}

TEST(PublicApi, VersionIsTheProjectVersion) {
  EXPECT_STREQ(version(), SCRIBE_VERSION_STRING);
  EXPECT_EQ(std::string(version()), std::to_string(kVersionMajor) + "." +
                                        std::to_string(kVersionMinor) + "." +
                                        std::to_string(kVersionPatch));
}

TEST(PublicApi, ReadsRecordsFromAString) {
  const Records r = read_string(
      "[Game \"druid\"]\n[Options \"-size=8\"]\n\n1. c3 2. d4\n\n"
      "[Game \"soccolot\"]\n[Result \"*\"]\n\n1. (3-5) a1\n",
      "two.rec");
  ASSERT_FALSE(r.problem);
  ASSERT_EQ(r.records.size(), 2u);
  const Record& first = r.records[0];
  EXPECT_EQ(first.file(), "two.rec");
  EXPECT_EQ(first.index(), 1);
  EXPECT_EQ(first.line(), 1);
  EXPECT_EQ(first.tag("Options"), "-size=8");
  EXPECT_EQ(first.tag("Result"), std::nullopt);
  ASSERT_EQ(first.plies().size(), 2u);
  EXPECT_EQ(first.plies()[1].text, "d4");
  EXPECT_EQ(first.plies()[1].line, 4);
  EXPECT_EQ(first.plies()[1].col, 10);  // "1. c3 2. d4": d4 starts at column 10
  const Record& second = r.records[1];
  EXPECT_EQ(second.index(), 2);
  EXPECT_EQ(second.line(), 6);
  ASSERT_EQ(second.tags().size(), 2u);
  EXPECT_EQ(second.tags()[1].name, "Result");
  ASSERT_EQ(second.plies().size(), 1u);
  EXPECT_EQ(second.plies()[0].roll, "3-5");
}

TEST(PublicApi, ReadsAStreamAndReportsAnEmptyInput) {
  std::istringstream in("[Game \"druid\"]\n\n1. c3\n");
  const Records r = read_stream(in, "in.rec");
  ASSERT_EQ(r.records.size(), 1u);
  EXPECT_EQ(r.records[0].ply_count(), 1u);
  const Records none = read_string("\n\n", "empty.rec");
  EXPECT_TRUE(none.records.empty());
  ASSERT_TRUE(none.problem);
  EXPECT_EQ(none.problem->code, "record.no-records");
  EXPECT_FALSE(none.unreadable);
  const Records missing = read_file("/nonexistent/dir/x.rec");
  ASSERT_TRUE(missing.problem);
  EXPECT_EQ(missing.problem->code, "record.io");
  EXPECT_TRUE(missing.unreadable);
}

TEST(PublicApi, ReplaysAValidRecordPlyByPly) {
  SCRIBE_REQUIRE_GAME("druid");
  const Records r =
      read_file(test::source_dir() / "corpus/druid/valid/001-d1-seed-sample-game.rec");
  ASSERT_EQ(r.records.size(), 1u);
  const Game game = replay(r.records[0]);
  EXPECT_TRUE(game.valid());
  EXPECT_EQ(game.errors(), 0);
  EXPECT_EQ(game.game(), "druid");
  ASSERT_EQ(game.position_count(), static_cast<std::size_t>(game.plies()) + 1);
  EXPECT_EQ(game.plies(), static_cast<int>(r.records[0].ply_count()));
  const std::vector<Ply> plies = r.records[0].plies();
  for (std::size_t i = 0; i + 1 < game.position_count(); ++i) {
    // Each position is the one before it with the record's ply applied.
    const Position next = game.position(i).apply(plies[i].text);
    EXPECT_EQ(next.text(), game.position(i + 1).text()) << "ply " << i + 1;
    EXPECT_EQ(game.position(i + 1).ply(), static_cast<int>(i) + 1);
    EXPECT_EQ(game.position(i + 1).last_move(), plies[i].text);
  }
  const Position last = game.position(game.position_count() - 1);
  EXPECT_EQ(last.text(), game.final_position());
  ASSERT_TRUE(last.result());
  EXPECT_EQ(*last.result(), game.result());
  EXPECT_EQ(last.side_to_move(), "");
  EXPECT_TRUE(last.legal_moves().empty());
  EXPECT_THROW(game.position(game.position_count()), std::out_of_range);

  ReplayOptions fast;
  fast.keep_positions = false;
  const Game quick = replay(r.records[0], fast);
  ASSERT_EQ(quick.position_count(), 1u);
  EXPECT_EQ(quick.position(0).text(), last.text());
}

// Every invalid corpus record: the diagnostics through the public API are exactly those of
// its .expected file, which `scribe validate` is checked against (tests/corpus).
TEST(PublicApi, ReplayGivesTheDiagnosticsValidateReports) {
  const fs::path corpus = test::source_dir() / "corpus";
  int files = 0;
  for (const auto& g : games()) {
    const fs::path dir = corpus / g.name / "invalid";
    if (!fs::is_directory(dir)) continue;
    for (const auto& entry : fs::directory_iterator(dir)) {
      if (entry.path().extension() != ".rec") continue;
      const std::string rel = fs::relative(entry.path(), corpus).generic_string();
      Reader reader = Reader::from_string(test::read_file(entry.path()), rel);
      std::vector<std::string> actual;
      bool all_valid = true;
      while (auto record = reader.next()) {
        const Game game = replay(*record);
        all_valid = all_valid && game.valid();
        for (const Diagnostic& d : game.diagnostics()) actual.push_back(fields_line(d));
      }
      if (auto problem = reader.problem()) {
        all_valid = false;
        actual.push_back(fields_line(*problem));
      }
      fs::path expected_path = entry.path();
      std::vector<std::string> expected;
      for (const auto& line :
           test::lines_of(test::read_file(expected_path.replace_extension(".expected"))))
        if (!line.empty()) expected.push_back(line);
      EXPECT_FALSE(all_valid) << rel;
      EXPECT_EQ(actual, expected) << rel;
      ++files;
    }
  }
  EXPECT_GT(files, 20);
}

// Lenient reading through ReplayOptions: every record under corpus/*/lenient/valid/ is valid in
// lenient mode, and at least one of them is not in strict mode (what lenient mode is for).
TEST(PublicApi, LenientModeAcceptsTheLenientCorpus) {
  ReplayOptions lenient;
  lenient.mode = Mode::kLenient;
  int records = 0, strict_invalid = 0;
  for (const auto& dir : fs::directory_iterator(test::source_dir() / "corpus")) {
    const fs::path valid = dir.path() / "lenient" / "valid";
    if (!fs::is_directory(valid) ||
        (dir.path().filename() != "container" &&
         !std::any_of(games().begin(), games().end(),
                      [&](const GameInfo& g) { return g.name == dir.path().filename(); })))
      continue;
    for (const auto& entry : fs::directory_iterator(valid)) {
      if (entry.path().extension() != ".rec") continue;
      for (const Record& record : read_file(entry.path()).records) {
        ++records;
        const Game game = replay(record, lenient);
        EXPECT_TRUE(game.valid()) << entry.path() << " record " << record.index();
        if (!replay(record).valid()) ++strict_invalid;
      }
    }
  }
  EXPECT_GT(records, 0);
  EXPECT_GT(strict_invalid, 0);
}

TEST(PublicApi, FirstErrorHasItsCodeLineColumnAndPly) {
  SCRIBE_REQUIRE_GAME("druid");
  // corpus/druid/invalid/003: "1. b2-b4" on line 3; the lintel starts at column 4, ply 1.
  const Records r =
      read_file(test::source_dir() / "corpus/druid/invalid/003-d3-lintel-on-ground.rec");
  ASSERT_EQ(r.records.size(), 1u);
  const Game game = replay(r.records[0]);
  EXPECT_FALSE(game.valid());
  const std::vector<Diagnostic> d = game.diagnostics();
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d[0].code, "druid.lintel-on-ground");
  EXPECT_EQ(d[0].severity, Severity::kError);
  EXPECT_EQ(d[0].line, 3);
  EXPECT_EQ(d[0].col, 4);
  EXPECT_EQ(d[0].ply, 1);
  EXPECT_EQ(game.diagnostics_of_ply(1).size(), 1u);
  EXPECT_EQ(game.plies(), 0);
  EXPECT_EQ(game.position_count(), 1u);  // only the start: ply 1 is illegal
  EXPECT_NE(d[0].full_text().find("    1. b2-b4\n       ^"), std::string::npos) << d[0].full_text();
}

// A few plies into a game of every kind: each legal move applies, and the position text reads
// back to the same position with the same legal moves.
TEST(PublicApi, LegalMovesApplyAndPositionTextRoundTrips) {
  for (const GameInfo& info : games()) {
    Position p = Position::start(info.name);
    EXPECT_EQ(p.game(), info.name);
    EXPECT_EQ(p.has_dice(), info.has_dice);
    for (int ply = 0; ply < 6 && !p.result(); ++ply) {
      const std::vector<std::string> rolls = p.rolls();
      EXPECT_EQ(rolls.empty(), !info.has_dice) << info.name << " ply " << ply;
      const std::optional<std::string> roll =
          rolls.empty() ? std::nullopt : std::optional<std::string>(rolls[ply % rolls.size()]);
      const std::vector<std::string> moves = p.legal_moves(roll);
      ASSERT_FALSE(moves.empty()) << info.name << " at " << p.text();
      for (std::size_t i = 0; i < moves.size() && i < 40; ++i)
        EXPECT_NO_THROW(p.apply(moves[i], roll)) << info.name << " " << moves[i];
      const Position back = Position::from_text(p.text());
      EXPECT_EQ(back.text(), p.text());
      EXPECT_EQ(back.legal_moves(roll), moves) << info.name << " at " << p.text();
      p = p.apply(moves[(moves.size() * 7 / 11) % moves.size()], roll);
      EXPECT_EQ(p.ply(), ply + 1);
    }
  }
}

TEST(PublicApi, AnIllegalMoveThrowsWithItsDiagnostic) {
  SCRIBE_REQUIRE_GAME("druid");
  const Position start = Position::start("druid", "-size=8");
  try {
    (void)start.apply("b2-b4");
    FAIL() << "b2-b4 on an empty board is no legal lintel";
  } catch (const IllegalMove& e) {
    EXPECT_EQ(e.diagnostic().code, "druid.lintel-on-ground");
    EXPECT_EQ(e.diagnostic().message,
              "the lintel b2-b4 needs a stone under each end; b2 is bare ground");
    EXPECT_EQ(e.diagnostic().ply, 1);
    EXPECT_EQ(e.diagnostic().col, 1);
    EXPECT_EQ(e.diagnostic().severity, Severity::kError);
    EXPECT_STREQ(e.what(), e.diagnostic().message.c_str());
  }
  EXPECT_THROW((void)start.apply("zz99"), IllegalMove);
  EXPECT_THROW((void)start.apply("b2-b4"), Error);  // IllegalMove is an Error
  EXPECT_EQ(start.ply(), 0);                        // unchanged
}

TEST(PublicApi, BadGamesOptionsAndTextsThrow) {
  EXPECT_THROW((void)Position::start("chess"), Error);
  SCRIBE_REQUIRE_GAME("druid");
  EXPECT_THROW((void)Position::start("druid", "-size=99"), Error);
  EXPECT_THROW((void)Position::from_text("druid square:8 nonsense"), Error);
  EXPECT_THROW((void)Position::from_text(""), Error);
  EXPECT_THROW((void)Generator("druid", "-bogus", 1, 1), Error);
}

TEST(PublicApi, DrawsPngSvgAndPdfBytes) {
  SCRIBE_REQUIRE_GAME("druid");
  const Position p = Position::start("druid", "-size=8").apply("c3");
  DrawOptions o;
  o.size = 64;
  const std::string png = draw(p, o);
  ASSERT_GT(png.size(), 8u);
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  o.format = ImageFormat::kSvg;
  const std::string svg = draw(p, o);
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_EQ(draw(p, o), svg);  // the same bytes for the same input
  o.format = ImageFormat::kPdf;
  EXPECT_EQ(draw(p, o).rfind("%PDF-", 0), 0u);
  o.style = "no-such-style";
  EXPECT_THROW((void)draw(p, o), Error);
  o.style.clear();
  o.marks = {"z99"};
  EXPECT_THROW((void)draw(p, o), Error);
}

TEST(PublicApi, GenerateIsDeterministicBySeedAndValid) {
  for (const GameInfo& info : games()) {
    const std::string a = generate(info.name, "", 2, 7);
    EXPECT_EQ(a, generate(info.name, "", 2, 7)) << info.name;
    EXPECT_NE(a, generate(info.name, "", 2, 8)) << info.name;
    const Generator gen(info.name, "", 7, 2);
    EXPECT_EQ(gen.record(0) + gen.record(1), a);
    const Records r = read_string(a, "generated.rec");
    ASSERT_EQ(r.records.size(), 2u) << info.name;
    for (const Record& rec : r.records) EXPECT_TRUE(replay(rec).valid()) << info.name;
  }
}

}  // namespace
}  // namespace scribe
