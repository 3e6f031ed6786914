// The command-line contract of cli.md, run through the real scribe binary.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <regex>

#include "app/catalog.hpp"
#include "tests/support/support.hpp"

namespace scribe {
namespace {

namespace fs = std::filesystem;
using test::lines_of;
using test::run_scribe;
using test::TempDir;
using test::write_file;

bool has_druid() { return app::find_entry("druid") != nullptr; }

#define REQUIRE_DRUID() \
  if (!has_druid()) GTEST_SKIP() << "druid is not in this build"

// The seed's sample game (druid.md D1): valid, V wins at ply 25.
const char* kSampleGame =
    "[Game \"druid\"]\n[Options \"-size=8\"]\n[Result \"V\"]\n"
    "1. b4 2. b5 3. b6 4. a5 5. b4-b6 6. c5 7. d4 8. d5 9. d4 10. e5 11. b4-d4\n"
    "12. f5 13. b7 14. g5 15. b8 16. h5 17. d3 18. f4 19. d2 20. b1 21. c1 22. d1\n"
    "23. e1 24. f1 25. c1-e1\n";

// D3: an illegal lintel shape at ply 5.
const char* kBadShape = "[Game \"druid\"]\n[Options \"-size=8\"]\n\n1. b2 2. h8 3. c3 4. h7 5. b2-c3\n";

TEST(CliValidate, ValidRecordPrintsOnlyTheSummary) {
  REQUIRE_DRUID();
  TempDir dir;
  write_file(dir.path() / "a.rec", kSampleGame);
  const auto r = run_scribe({"validate", (dir.path() / "a.rec").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_TRUE(std::regex_match(r.out, std::regex("1 records: 1 valid, 0 invalid \\(0 errors, 0 warnings\\); 25 plies in [0-9]+\\.[0-9]{2} s\n")))
      << r.out;
}

TEST(CliValidate, InvalidRecordPrintsHeaderDiagnosticCaretAndContext) {
  REQUIRE_DRUID();
  TempDir dir;
  const std::string file = (dir.path() / "b.rec").string();
  write_file(file, kBadShape);
  const auto r = run_scribe({"validate", file});
  EXPECT_EQ(r.exit_code, 1);
  const auto lines = lines_of(r.err);
  ASSERT_EQ(lines.size(), 5u) << r.err;
  EXPECT_EQ(lines[0], file + ": record 1 (line 1): invalid (1 errors, 0 warnings)");
  EXPECT_EQ(lines[1].rfind(file + ":4:28: error[druid.lintel-shape]: ", 0), 0u) << lines[1];
  EXPECT_EQ(lines[2], "    1. b2 2. h8 3. c3 4. h7 5. b2-c3");
  EXPECT_EQ(lines[3], "    " + std::string(27, ' ') + "^~~~~");
  EXPECT_EQ(lines[4], "  record 1 (line 1), ply 5, V to move");
  EXPECT_TRUE(std::regex_match(r.out, std::regex("1 records: 0 valid, 1 invalid \\(1 errors, 0 warnings\\); 4 plies in .* s\n")));
}

TEST(CliValidate, JsonLinesPerRecordThenSummary) {
  REQUIRE_DRUID();
  TempDir dir;
  const std::string file = (dir.path() / "c.rec").string();
  write_file(file, std::string(kSampleGame) + "\n" + kBadShape);
  const auto r = run_scribe({"validate", "--json", file});
  EXPECT_EQ(r.exit_code, 1);
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_EQ(lines[0].rfind("{\"file\":\"" + file + "\",\"index\":1,\"line\":1,\"game\":\"druid\",\"options\":\"-size=8\",\"tags\":{\"Game\":\"druid\",\"Options\":\"-size=8\",\"Result\":\"V\"},\"status\":\"valid\",\"plies\":25,\"result\":\"V\",\"termination\":\"play\",\"diagnostics\":[],\"final_position\":\"druid square:8 ", 0), 0u) << lines[0];
  EXPECT_NE(lines[1].find("\"index\":2,\"line\":8,"), std::string::npos) << lines[1];
  EXPECT_NE(lines[1].find("\"status\":\"invalid\",\"plies\":4,\"result\":\"*\",\"termination\":null,\"diagnostics\":[{\"severity\":\"error\",\"code\":\"druid.lintel-shape\",\"line\":11,\"col\":28,\"ply\":5,\"message\":"), std::string::npos) << lines[1];
  EXPECT_EQ(lines[2], "{\"summary\":{\"records\":2,\"valid\":1,\"invalid\":1,\"unreadable\":0,\"errors\":1,\"warnings\":0,\"plies\":29}}");
}

TEST(CliValidate, UnreadableAndEmptyFiles) {
  REQUIRE_DRUID();
  TempDir dir;
  write_file(dir.path() / "empty.rec", "");
  const std::string missing = (dir.path() / "missing.rec").string();
  const std::string empty = (dir.path() / "empty.rec").string();
  const auto r = run_scribe({"validate", "--json", missing, empty});
  EXPECT_EQ(r.exit_code, 2);
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  EXPECT_EQ(lines[0].rfind("{\"file\":\"" + missing + "\",\"index\":0,\"line\":null,\"status\":\"unreadable\",\"diagnostics\":[{\"severity\":\"error\",\"code\":\"record.io\"", 0), 0u) << lines[0];
  EXPECT_NE(lines[1].find("\"index\":0,\"line\":1,"), std::string::npos);
  EXPECT_NE(lines[1].find("\"status\":\"invalid\""), std::string::npos);
  EXPECT_NE(lines[1].find("\"code\":\"record.no-records\",\"line\":1,\"col\":1"), std::string::npos);
  EXPECT_EQ(lines[2], "{\"summary\":{\"records\":1,\"valid\":0,\"invalid\":1,\"unreadable\":1,\"errors\":2,\"warnings\":0,\"plies\":0}}");
  const auto human = run_scribe({"validate", missing, empty});
  EXPECT_NE(human.err.find(missing + ": unreadable\n"), std::string::npos) << human.err;
  EXPECT_NE(human.err.find(empty + ": no records\n"), std::string::npos) << human.err;
}

TEST(CliValidate, UnreadableFileIsRecordIo) {
  REQUIRE_DRUID();
  TempDir dir;
  // A file without read permission; root reads every file, so there the unreadable file is a
  // link to /proc/self/mem, which opens but fails to read (EIO) for every user.
  const fs::path f = dir.path() / "locked.rec";
  if (::geteuid() == 0) {
    fs::create_symlink("/proc/self/mem", f);
  } else {
    write_file(f, kSampleGame);
    ::chmod(f.c_str(), 0);
  }
  const auto r = run_scribe({"validate", f.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find(f.string() + ": unreadable\n" + f.string() + ": error[record.io]: cannot "),
            std::string::npos) << r.err;
}

TEST(CliValidate, StandardInput) {
  REQUIRE_DRUID();
  const auto r = run_scribe({"validate", "--json", "-"}, kSampleGame);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("{\"file\":\"-\",\"index\":1,", 0), 0u) << r.out;
}

TEST(CliValidate, DirectoriesAreWalkedSortedReadingOnlyRecFiles) {
  REQUIRE_DRUID();
  TempDir dir;
  write_file(dir.path() / "b" / "2.rec", kSampleGame);
  write_file(dir.path() / "b" / "10.rec", kSampleGame);
  write_file(dir.path() / "a.rec", kBadShape);
  write_file(dir.path() / "notes.txt", "not a record");
  fs::create_directory_symlink(dir.path() / "b", dir.path() / "c-link");
  const auto r = run_scribe({"validate", "--json", dir.path().string()});
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 4u) << r.out;
  EXPECT_NE(lines[0].find("/a.rec\""), std::string::npos);
  EXPECT_NE(lines[1].find("/b/10.rec\""), std::string::npos);
  EXPECT_NE(lines[2].find("/b/2.rec\""), std::string::npos);
}

TEST(CliValidate, OutputIsIdenticalForEveryJobCount) {
  REQUIRE_DRUID();
  TempDir dir;
  const std::string archive = (dir.path() / "many.rec").string();
  const auto gen = run_scribe({"generate", "--game", "druid", "--options", "-size=6", "--count", "300", "--seed", "5", "--out", archive});
  ASSERT_EQ(gen.exit_code, 0) << gen.err;
  // Damage a few records so there is human output too.
  std::string text = test::read_file(archive);
  for (std::size_t pos = 0, n = 0; (pos = text.find("5. ", pos)) != std::string::npos && n < 40; pos += 3, ++n)
    if (n % 7 == 0) text.replace(pos, 3, "5. zz ");
  write_file(archive, text);
  const auto one = run_scribe({"validate", "--json", "--jobs", "1", archive});
  const auto two = run_scribe({"validate", "--json", "--jobs", "2", archive});
  const auto four = run_scribe({"validate", "--json", "--jobs", "4", archive});
  EXPECT_EQ(one.out, two.out);
  EXPECT_EQ(one.out, four.out);
  const auto h1 = run_scribe({"validate", "--jobs", "1", archive});
  const auto h2 = run_scribe({"validate", "--jobs", "2", archive});
  EXPECT_EQ(h1.err, h2.err);
  EXPECT_EQ(h1.exit_code, h2.exit_code);
}

// --stats: per-game counts, results, mean and longest record, then errors and warnings by
// code (cli.md says "errors by code"; warnings are counted apart), as text and in JSON.
TEST(CliValidate, StatsCountErrorsAndWarningsByCodeApart) {
  REQUIRE_DRUID();
  std::string sample = kSampleGame;
  sample.replace(sample.find("[Result \"V\"]"), 12, "[Result \"v\"]");  // a lenient slip
  const std::string text = sample + "\n" + kBadShape;
  const auto r = run_scribe({"validate", "--lenient", "--stats", "-"}, text);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("2 records: 1 valid, 1 invalid (1 errors, 1 warnings); 29 plies"),
            std::string::npos) << r.out;
  EXPECT_NE(r.out.find("druid: 2 records, 1 valid, 29 plies, mean 14.5, longest 25; results: "
                       "*=1 V=1\n"
                       "errors by code:\n  druid.lintel-shape 1\n"
                       "warnings by code:\n  record.bad-result 1\n"),
            std::string::npos) << r.out;
  const auto j = run_scribe({"validate", "--lenient", "--stats", "--json", "-"}, text);
  EXPECT_NE(j.out.find("\"errors_by_code\":{\"druid.lintel-shape\":1},"
                       "\"warnings_by_code\":{\"record.bad-result\":1}"),
            std::string::npos) << j.out;
}

TEST(CliUsage, BadOptionsAreUsageErrors) {
  REQUIRE_DRUID();
  EXPECT_EQ(run_scribe({}).exit_code, 2);
  EXPECT_EQ(run_scribe({"frobnicate"}).exit_code, 2);
  EXPECT_EQ(run_scribe({"validate", "--no-such-option", "x.rec"}).exit_code, 2);
  EXPECT_EQ(run_scribe({"validate", "--options", "-hex", "x.rec"}).exit_code, 2);
  EXPECT_EQ(run_scribe({"validate", "--game", "chess", "x.rec"}).exit_code, 2);
  EXPECT_EQ(run_scribe({"validate", "--game", "druid", "--options", "-huge", "x.rec"}).exit_code, 2);
  EXPECT_EQ(run_scribe({"validate"}).exit_code, 2);
  const auto help = run_scribe({"validate", "--help"});
  EXPECT_EQ(help.exit_code, 0);
  EXPECT_NE(help.out.find("Examples"), std::string::npos);
}

TEST(CliValidate, GameAndOptionsDefaultsForRecordsWithoutTags) {
  REQUIRE_DRUID();
  const auto r = run_scribe({"validate", "--json", "--game", "druid", "--options", "-size=8", "-"},
                            "1. b2 2. h8\n");
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("\"game\":\"druid\",\"options\":\"-size=8\""), std::string::npos) << r.out;
}

TEST(CliShow, PrintsBoardPositionAndSideToMove) {
  REQUIRE_DRUID();
  TempDir dir;
  const std::string file = (dir.path() / "s.rec").string();
  write_file(file, "[Game \"druid\"]\n1. c3 2. d4 3. c3\n");
  const auto r = run_scribe({"show", file});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("position: druid square:10 c3=vv,d4=h - - H 0 -\nto move: H\n"), std::string::npos) << r.out;
  const auto start = run_scribe({"show", file, "--ply", "0"});
  EXPECT_NE(start.out.find("position: druid square:10 - - - V 0 -\n"), std::string::npos);
  EXPECT_EQ(run_scribe({"show", file, "--ply", "4"}).exit_code, 2);
  const auto moves = run_scribe({"show", file, "--ply", "1", "--moves"});
  EXPECT_NE(moves.out.find("\nswap\n"), std::string::npos) << moves.out;
}

// cli.md: "A bad --game or --options value, --options without --game, ..., is a usage error".
// An empty value is still given; a negative number is a bad value (Boost alone would read "-1"
// as -1 for --ply, the default, and as 2^64-1 for unsigned options).
TEST(CliUsage, EmptyGameOrOptionsAndNegativeNumbersAreUsageErrors) {
  REQUIRE_DRUID();
  TempDir dir;
  const std::string file = (dir.path() / "g.rec").string();
  write_file(file, kSampleGame);
  auto r = run_scribe({"validate", "--options", "", file});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.err.find("--options needs --game"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
  r = run_scribe({"validate", "--game", "", file});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(run_scribe({"show", "--options", "", file}).exit_code, 2);
  EXPECT_EQ(run_scribe({"validate", "--max-record-bytes", "-1", file}).exit_code, 2);
  EXPECT_EQ(run_scribe({"validate", "--max-token-bytes", "12x", file}).exit_code, 2);
  r = run_scribe({"show", file, "--ply", "-1"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(run_scribe({"show", file, "--ply", "-3"}).exit_code, 2);
  const fs::path out = dir.path() / "out";
  r = run_scribe({"render", file, "--ply", "-1", "--out", out.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_FALSE(fs::exists(out / "g-r1-p25.png"));
  r = run_scribe({"generate", "--game", "druid", "--count", "1", "--seed", "-1"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  r = run_scribe({"generate", "--game", "druid", "--count", "1", "--seed", "18446744073709551616"});
  EXPECT_EQ(r.exit_code, 2);
  r = run_scribe({"generate", "--game", "druid", "--count", "1", "--seed", "18446744073709551615"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("[Generator \"scribe generate --seed 18446744073709551615 --count 1\"]"),
            std::string::npos) << r.out;
}

// cli.md: "Directories are walked recursively in byte-wise sorted path order": '-' (0x2D) and
// '.' (0x2E) sort before '/' (0x2F), so d/a-b.rec and d/a.rec come before d/a/x.rec.
TEST(CliValidate, DirectoryWalkSortsWholePathsBytewise) {
  REQUIRE_DRUID();
  TempDir dir;
  write_file(dir.path() / "a" / "x.rec", kSampleGame);
  write_file(dir.path() / "a-b.rec", kSampleGame);
  write_file(dir.path() / "a.rec", kSampleGame);
  write_file(dir.path() / "B.rec", kSampleGame);
  const auto r = run_scribe({"validate", "--json", dir.path().string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 5u) << r.out;
  const std::string d = dir.path().string();
  EXPECT_EQ(lines[0].rfind("{\"file\":\"" + d + "/B.rec\",", 0), 0u) << lines[0];
  EXPECT_EQ(lines[1].rfind("{\"file\":\"" + d + "/a-b.rec\",", 0), 0u) << lines[1];
  EXPECT_EQ(lines[2].rfind("{\"file\":\"" + d + "/a.rec\",", 0), 0u) << lines[2];
  EXPECT_EQ(lines[3].rfind("{\"file\":\"" + d + "/a/x.rec\",", 0), 0u) << lines[3];
}

// record-format.md C6: "In the JSON output and in `show`, `result` is the result the record
// stands at: the one replay reached, else the one the `Termination` tag made acceptable".
// So after the last ply of a resigned game show prints `result: H` (and no moves), while an
// earlier ply still has a side to move.
TEST(CliShow, ResultMadeAcceptableByTerminationAtTheLastPly) {
  REQUIRE_DRUID();
  TempDir dir;
  const std::string file = (dir.path() / "t.rec").string();
  write_file(file, "[Game \"druid\"]\n[Result \"H\"]\n[Termination \"resignation\"]\n1. c3 2. d4\n");
  auto r = run_scribe({"show", file, "--moves"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // Board, position, result, then the game's fact lines (cli.md "show"), and the last ply with
  // who played it (issue 16, "show").
  const std::string tail = "position: druid square:10 c3=v,d4=h - - V 0 -\nresult: H\n"
                           "players: V Player1, H Player2\nlast ply: 2. d4 by H\n";
  ASSERT_GE(r.out.size(), tail.size()) << r.out;
  EXPECT_EQ(r.out.substr(r.out.size() - tail.size()), tail) << r.out;
  EXPECT_EQ(r.out.find("to move:"), std::string::npos) << r.out;
  r = run_scribe({"show", file, "--ply", "1"});
  EXPECT_NE(r.out.find("position: druid square:10 c3=v - - H 0 s\nto move: H\n"),
            std::string::npos) << r.out;
}

// show and render give the common options --json and --quiet a meaning of their own.
TEST(CliShow, JsonAndQuiet) {
  REQUIRE_DRUID();
  TempDir dir;
  const std::string file = (dir.path() / "t.rec").string();
  write_file(file, "[Game \"druid\"]\n[Options \"-size=3\"]\n1. a1 2. c3\n");
  auto r = run_scribe({"show", file, "--json", "--moves", "--ply", "1"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // The keys of before, then the record's tags, last ply and mover, status and diagnostics.
  EXPECT_EQ(r.out, "{\"file\":\"" + file + "\",\"record\":1,\"ply\":1,\"position\":"
                   "\"druid square:3 a1=v - - H 0 s\",\"to_move\":\"H\",\"result\":null,"
                   "\"moves\":[\"a2\",\"a3\",\"b1\",\"b2\",\"b3\",\"c1\",\"c2\",\"c3\","
                   "\"swap\",\"pass\"],\"tags\":{\"Game\":\"druid\",\"Options\":\"-size=3\"},"
                   "\"last_ply\":\"1. a1\",\"last_mover\":\"V\",\"status\":\"valid\","
                   "\"diagnostics\":[]}\n");
  // show reads one record in one thread: --jobs and --progress do not apply (issue 16).
  EXPECT_EQ(run_scribe({"show", file, "--jobs", "2"}).exit_code, 2);
  EXPECT_EQ(run_scribe({"show", file, "--progress"}).exit_code, 2);
  r = run_scribe({"show", file, "--quiet"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "position: druid square:3 a1=v,c3=h - - V 0 -\nto move: V\n");
}

TEST(CliRender, JsonListsTheFilesWritten) {
  REQUIRE_DRUID();
  TempDir dir;
  const fs::path in = dir.path() / "g.rec";
  write_file(in, "[Game \"druid\"]\n[Options \"-size=3\"]\n1. a1 2. c3\n");
  const fs::path out = dir.path() / "out";
  const auto r = run_scribe({"render", in.string(), "--all", "--json", "--quiet", "--no-progress",
                             "--out", out.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::string expected;
  for (int p = 0; p <= 2; ++p)
    expected += "{\"file\":\"" + (out / ("g-r1-p" + std::to_string(p) + ".png")).string() +
                "\",\"record\":1,\"ply\":" + std::to_string(p) + "}\n";
  EXPECT_EQ(r.out, expected);
}

TEST(CliGames, ListsEveryGameAndTheContainerCodes) {
  const auto r = run_scribe({"games"});
  EXPECT_EQ(r.exit_code, 0);
  for (const auto& e : app::catalog()) {
    EXPECT_NE(r.out.find(e.game->info().name + " - "), std::string::npos);
    for (const auto& c : e.game->info().codes) EXPECT_NE(r.out.find(c.code), std::string::npos);
  }
  EXPECT_NE(r.out.find("record.result-mismatch"), std::string::npos);
  const auto j = run_scribe({"games", "--json"});
  EXPECT_EQ(lines_of(j.out).size(), app::catalog().size() + 1);
}

TEST(CliGenerate, SameSeedSameRecordsAndTheyValidate) {
  REQUIRE_DRUID();
  const auto a = run_scribe({"generate", "--game", "druid", "--count", "5", "--seed", "42"});
  const auto b = run_scribe({"generate", "--game", "druid", "--count", "5", "--seed", "42"});
  const auto c = run_scribe({"generate", "--game", "druid", "--count", "5", "--seed", "43"});
  EXPECT_EQ(a.exit_code, 0);
  EXPECT_EQ(a.out, b.out);
  EXPECT_NE(a.out, c.out);
  EXPECT_NE(a.out.find("[Generator \"scribe generate --seed 42 --count 5\"]"), std::string::npos);
  const auto v = run_scribe({"validate", "-"}, a.out);
  EXPECT_EQ(v.exit_code, 0) << v.err;
  EXPECT_EQ(v.out.rfind("5 records: 5 valid", 0), 0u) << v.out;
}

// Records are made in parallel batches; each record has its own generator, so --jobs changes
// nothing in the output, and --out writes the same bytes as standard output.
TEST(CliGenerate, OutputIsTheSameForEveryJobCountAndWithOut) {
  REQUIRE_DRUID();
  TempDir dir;
  const auto one = run_scribe({"generate", "--game", "druid", "--options", "-size=5", "--count",
                               "150", "--seed", "9", "--jobs", "1"});
  const auto two = run_scribe({"generate", "--game", "druid", "--options", "-size=5", "--count",
                               "150", "--seed", "9", "--jobs", "2"});
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_EQ(one.out, two.out);
  const fs::path file = dir.path() / "g.rec";
  const auto out = run_scribe({"generate", "--game", "druid", "--options", "-size=5", "--count",
                               "150", "--seed", "9", "--jobs", "3", "--out", file.string()});
  EXPECT_EQ(out.exit_code, 0) << out.err;
  EXPECT_EQ(test::read_file(file), one.out);
  // Nothing is left behind when the folder does not exist.
  const auto bad = run_scribe({"generate", "--game", "druid", "--count", "2", "--out",
                               (dir.path() / "no" / "g.rec").string()});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("cannot write"), std::string::npos) << bad.err;
}

// Files are drawn by several threads; every file is the same whatever --jobs is.
TEST(CliRender, AllPositionsAreTheSameForEveryJobCount) {
  REQUIRE_DRUID();
  TempDir dir;
  const fs::path in = dir.path() / "game.rec";
  write_file(in, kSampleGame);
  for (const char* format : {"png", "svg"}) {
    const fs::path a = dir.path() / (std::string(format) + "1");
    const fs::path b = dir.path() / (std::string(format) + "3");
    auto r = run_scribe({"render", in.string(), "--all", "--format", format, "--jobs", "1",
                         "--out", a.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    r = run_scribe({"render", in.string(), "--all", "--format", format, "--jobs", "3", "--out",
                    b.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    int files = 0;
    for (const auto& e : fs::directory_iterator(a)) {
      ++files;
      EXPECT_EQ(test::read_file(e.path()), test::read_file(b / e.path().filename()))
          << e.path().filename();
    }
    EXPECT_EQ(files, 26);
  }
}

TEST(CliRender, NamesForceAndByteStability) {
  REQUIRE_DRUID();
  TempDir dir;
  const fs::path in = dir.path() / "my game!.rec";
  write_file(in, kSampleGame);
  const fs::path out = dir.path() / "out";
  auto r = run_scribe({"render", in.string(), "--out", out.string(), "--ply", "3"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const fs::path png = out / "my_game_-r1-p3.png";
  ASSERT_TRUE(fs::exists(png));
  const std::string first = test::read_file(png);
  EXPECT_EQ(first.substr(1, 3), "PNG");
  // Existing files need --force; nothing is written before the error.
  r = run_scribe({"render", in.string(), "--out", out.string(), "--ply", "3"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  r = run_scribe({"render", in.string(), "--out", out.string(), "--ply", "3", "--force"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string again = test::read_file(png);
  EXPECT_TRUE(again == first) << "the second drawing differs: " << again.size() << " bytes against "
                              << first.size();
  // --all draws ply 0 to 25; a ply past the end is an error for that record.
  r = run_scribe({"render", in.string(), "--out", (dir.path() / "all").string(), "--all", "--format", "svg"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(fs::exists(dir.path() / "all" / "my_game_-r1-p0.svg"));
  EXPECT_TRUE(fs::exists(dir.path() / "all" / "my_game_-r1-p25.svg"));
  EXPECT_FALSE(fs::exists(dir.path() / "all" / "my_game_-r1-p26.svg"));
  r = run_scribe({"render", in.string(), "--out", (dir.path() / "far").string(), "--ply", "99"});
  EXPECT_EQ(r.exit_code, 1);
}

TEST(CliRender, StandardInputIsDrawnToo) {
  REQUIRE_DRUID();
  TempDir dir;
  const auto r = run_scribe({"render", "-", "--out", dir.path().string(), "--all"}, kBadShape);
  EXPECT_EQ(r.exit_code, 1) << r.err;  // the record is invalid at ply 5; plies 0-4 are drawn
  for (int p = 0; p <= 4; ++p)
    EXPECT_TRUE(fs::exists(dir.path() / ("stdin-r1-p" + std::to_string(p) + ".png"))) << p;
  EXPECT_FALSE(fs::exists(dir.path() / "stdin-r1-p5.png"));
}

TEST(CliRender, SameStemTwiceAndUnwritableOut) {
  REQUIRE_DRUID();
  TempDir dir;
  write_file(dir.path() / "x" / "g.rec", kSampleGame);
  write_file(dir.path() / "y" / "g.rec", kSampleGame);
  auto r = run_scribe({"render", (dir.path() / "x" / "g.rec").string(), (dir.path() / "y" / "g.rec").string(),
                       "--out", (dir.path() / "o").string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_FALSE(fs::exists(dir.path() / "o" / "g-r1-p25.png"));
  write_file(dir.path() / "file", "");
  r = run_scribe({"render", (dir.path() / "x" / "g.rec").string(), "--out", (dir.path() / "file" / "sub").string()});
  EXPECT_EQ(r.exit_code, 2);
}

TEST(CliRender, SetupPosition) {
  REQUIRE_DRUID();
  TempDir dir;
  auto r = run_scribe({"render", "--game", "druid", "--setup", "druid square:10 c3=vv,d4=h - - H 0 -",
                       "--out", dir.path().string(), "--format", "pdf"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const std::string pdf = test::read_file(dir.path() / "position.pdf");
  EXPECT_EQ(pdf.substr(0, 5), "%PDF-");
  r = run_scribe({"render", "--game", "druid", "--setup", "druid square:10 c3=vv,d4=h - - H 0 -",
                  "--out", dir.path().string(), "--format", "pdf", "--force"});
  EXPECT_EQ(test::read_file(dir.path() / "position.pdf"), pdf);
  r = run_scribe({"render", "--game", "druid", "--setup", "nonsense", "--out", dir.path().string()});
  EXPECT_EQ(r.exit_code, 2);
}

}  // namespace
}  // namespace scribe

namespace scribe {
namespace {

// Runs a shell command and returns its standard output (for poppler's pdfinfo and pdftotext).
std::string shell_output(const std::string& command) {
  std::string out;
  FILE* p = ::popen(command.c_str(), "r");
  if (p == nullptr) return out;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  ::pclose(p);
  return out;
}

TEST(CliRenderSheet, GameSheetHasTheTagsMovesAndPages) {
  if (app::find_entry("druid") == nullptr) GTEST_SKIP() << "druid is not in this build";
  test::TempDir dir;
  const fs::path in = dir.path() / "sheet.rec";
  test::write_file(in, std::string("[Game \"druid\"]\n[Options \"-size=8\"]\n[Player1 \"camb\"]\n"
                                   "[Player2 \"rognlie\"]\n[Date \"2004.05.06\"]\n[Result \"V\"]\n") +
                           "1. b4 2. b5 3. b6 4. a5 5. b4-b6 6. c5 7. d4 8. d5 9. d4 10. e5 11. b4-d4\n"
                           "12. f5 13. b7 14. g5 15. b8 16. h5 17. d3 18. f4 19. d2 20. b1 21. c1 22. d1\n"
                           "23. e1 24. f1 25. c1-e1\n");
  const fs::path out = dir.path() / "out";
  auto r = test::run_scribe({"render", in.string(), "--sheet", "--every", "5", "--out", out.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const fs::path pdf = out / "sheet-r1.pdf";
  ASSERT_TRUE(fs::exists(pdf));
  const std::string first = test::read_file(pdf);
  const std::string info = shell_output("pdfinfo '" + pdf.string() + "'");
  EXPECT_NE(info.find("Pages:"), std::string::npos) << info;
  EXPECT_NE(info.find("A4"), std::string::npos) << info;
  const std::string text = shell_output("pdftotext '" + pdf.string() + "' -");
  for (const char* s : {"camb", "rognlie", "2004.05.06", "Druid, 8x8", "25. c1-e1", "5. b4-b6", "page 1"})
    EXPECT_NE(text.find(s), std::string::npos) << s << " missing from\n" << text;
  // Letter paper, and byte-stable output.
  r = test::run_scribe({"render", in.string(), "--sheet", "--every", "5", "--out", out.string(), "--force"});
  EXPECT_EQ(test::read_file(pdf), first);
  r = test::run_scribe({"render", in.string(), "--sheet", "--paper", "letter", "--out", out.string(), "--force"});
  EXPECT_NE(shell_output("pdfinfo '" + pdf.string() + "'").find("letter"), std::string::npos);
}

TEST(CliRenderGif, AnimatedGifOfTheWholeGame) {
  if (app::find_entry("druid") == nullptr) GTEST_SKIP() << "druid is not in this build";
  test::TempDir dir;
  const fs::path in = dir.path() / "anim.rec";
  test::write_file(in, "[Game \"druid\"]\n[Options \"-size=6\"]\n1. b2 2. e2 3. d2 4. e2 5. b2-d2\n");
  const fs::path out = dir.path() / "out";
  auto r = test::run_scribe({"render", in.string(), "--format", "gif", "--delay", "250", "--size", "200", "--out", out.string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string gif = test::read_file(out / "anim-r1.gif");
  EXPECT_EQ(gif.substr(0, 6), "GIF89a");
  EXPECT_NE(gif.find("NETSCAPE2.0"), std::string::npos);
  // Six frames (plies 0..5): six image descriptors follow six graphic control blocks.
  std::size_t frames = 0;
  for (std::size_t p = gif.find("\x21\xF9\x04"); p != std::string::npos; p = gif.find("\x21\xF9\x04", p + 1)) ++frames;
  EXPECT_EQ(frames, 6u);
  r = test::run_scribe({"render", in.string(), "--format", "gif", "--delay", "250", "--size", "200", "--out", out.string(), "--force"});
  EXPECT_EQ(test::read_file(out / "anim-r1.gif"), gif);
}

// show --json --moves keeps the titles of a sectioned listing (Sava's turncoat moves) out of
// "moves": they stand under "sections", each with its own moves.
TEST(CliShow, JsonMovesHoldOnlyMovesAndSectionsCarryTitles) {
  if (app::find_entry("sava") == nullptr) GTEST_SKIP() << "sava is not in this build";
  TempDir dir;
  const std::string file = (dir.path() / "s.rec").string();
  write_file(file, "[Game \"sava\"]\n1. *\n");
  const auto r = run_scribe({"show", file, "--json", "--moves", "--ply", "0"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::size_t moves = r.out.find("\"moves\":[");
  ASSERT_NE(moves, std::string::npos) << r.out;
  const std::string list = r.out.substr(moves, r.out.find(']', moves) - moves);
  EXPECT_EQ(list.find("with "), std::string::npos) << list;
  EXPECT_NE(list.find("\"*\",\"*"), std::string::npos) << list;  // `*`, then the turncoat moves
  EXPECT_NE(r.out.find("],\"sections\":[{\"title\":null,\"moves\":[\""), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"*\"]},{\"title\":\"with double spiders\",\"moves\":[\"*"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"]}],\"tags\":{"), std::string::npos) << r.out;  // sections end there
}

}  // namespace
}  // namespace scribe
