// scribe find and scribe dedup, run through the real binary on records whose answers were
// worked out by hand.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "app/catalog.hpp"
#include "engine/core/replay.hpp"
#include "notation/core/record.hpp"
#include "tests/support/archive_support.hpp"

namespace scribe {
namespace {

// The seed's sample game (druid.md D1), numbered by plies; V wins at ply 25.
const std::string kSample =
    "{ D1 }\n[Game \"druid\"]\n[Options \"-size=8\"]\n[Player1 \"camb\"]\n[Player2 \"rognlie\"]\n"
    "[Result \"V\"]\n"
    "1. b4 2. b5 3. b6 4. a5 5. b4-b6 6. c5 7. d4 8. d5 9. d4 10. e5 11. b4-d4\n"
    "12. f5 13. b7 14. g5 15. b8 16. h5 17. d3 18. f4 19. d2 20. b1 21. c1 22. d1\n"
    "23. e1 24. f1 25. c1-e1\n\n";
// The same game with other tags, numbered by rounds, a comment, and each lintel written from
// its other end (b6-b4, d4-b4, e1-c1): the same canonical plies.
const std::string kCopy =
    "[Event \"club\"]\n[Game \"druid\"]\n[Options \"-size=8\"]\n[Result \"V\"]\n"
    "1. b4 b5 2. b6 a5 3. b6-b4 { the first lintel } c5 4. d4 d5 5. d4 e5 6. d4-b4 f5\n"
    "7. b7 g5 8. b8 h5 9. d3 f4 10. d2 b1 11. c1 d1 12. e1 f1 13. e1-c1\n\n";
// Two orders of the same four stones: after ply 4 both stand in the same position.
const std::string kOrderA =
    "[Game \"druid\"]\n[Options \"-size=8\"]\n1. b4 2. b5 3. b6 4. a5 5. c5\n\n";
const std::string kOrderB =
    "[Game \"druid\"]\n[Options \"-size=8\"]\n1. b6 2. a5 3. b4 4. b5 5. d4\n\n";
// That position (checked below against `show --ply 4` of both records).
const std::string kPosition = "druid square:8 a5=h,b4=v,b5=h,b6=v - - V 0 -";
// D3: an illegal lintel shape at ply 5 (druid.lintel-shape).
const std::string kBadShape =
    "[Game \"druid\"]\n[Options \"-size=8\"]\n\n1. b2 2. h8 3. c3 4. h7 5. b2-c3\n\n";

// The "position:" line of `show` for one record and ply.
std::string shown_position(const fs::path& file, int record, int ply) {
  const auto r = run_scribe({"show", file.string(), "--record", std::to_string(record), "--ply",
                             std::to_string(ply), "-q"});
  for (const std::string& l : lines_of(r.out))
    if (l.rfind("position: ", 0) == 0) return l.substr(10);
  return "(none: " + r.err + ")";
}

// The replay hook that find and dedup use sees the positions keep_positions keeps, in order.
TEST(ArchiveReplayHook, OnPositionSeesEveryPositionInOrder) {
  SCRIBE_REQUIRE_GAME("druid");
  const auto records = notation::read_records("t.rec", kSample + kBadShape);
  ASSERT_EQ(records.size(), 2u);
  for (const auto& record : records) {
    engine::ReplayOptions kept;
    kept.keep_positions = true;
    const auto full = engine::replay(app::catalog_games(), record, kept);
    std::vector<std::string> seen;
    engine::ReplayOptions hooked;
    hooked.on_position = [&](const engine::ReplayResult& so_far, const engine::State& s, int n) {
      EXPECT_EQ(so_far.game, "druid");
      EXPECT_EQ(n, static_cast<int>(seen.size()));
      seen.push_back(s.position_text());
    };
    const auto rr = engine::replay(app::catalog_games(), record, hooked);
    ASSERT_EQ(seen.size(), full.positions.size());
    ASSERT_EQ(seen.size(), static_cast<std::size_t>(rr.plies) + 1);  // 26, then 5 (4 plies)
    for (std::size_t i = 0; i < seen.size(); ++i)
      EXPECT_EQ(seen[i], full.positions[i]->position_text());
  }
}

TEST(ArchiveDedup, CopyWithOtherTagsAndNumberStyleIsADuplicate) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const std::string a = (dir.path() / "a.rec").string(), b = (dir.path() / "b.rec").string();
  write_file(a, kSample + kOrderA);
  write_file(b, kCopy);
  const auto r = run_scribe({"dedup", a, b});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, a + ":2: record 1 (kept)\n  " + b + ":1: record 1 (duplicate)\n");
  EXPECT_EQ(r.err,
            "3 records read: 1 groups of duplicates, 1 duplicates, 0 invalid (not compared)\n");
  const auto j = run_scribe({"dedup", a, b, "--json"});
  const auto lines = lines_of(j.out);
  ASSERT_EQ(lines.size(), 2u) << j.out;
  const auto group = nlohmann::json::parse(lines[0]);
  ASSERT_EQ(group["records"].size(), 2u);
  EXPECT_EQ(group["records"][0], (nlohmann::json{{"file", a}, {"index", 1}, {"line", 2}}));
  EXPECT_EQ(group["records"][1], (nlohmann::json{{"file", b}, {"index", 1}, {"line", 1}}));
  const auto summary = nlohmann::json::parse(lines[1])["summary"];
  EXPECT_EQ(summary["records"], 3);
  EXPECT_EQ(summary["groups"], 1);
  EXPECT_EQ(summary["duplicates"], 1);
}

TEST(ArchiveDedup, TranspositionsGroupOnlyWithTheFlag) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const fs::path f = dir.path() / "t.rec";
  // The two orders stopped after ply 4: different plies, the same final position.
  write_file(f,
             "[Game \"druid\"]\n[Options \"-size=8\"]\n1. b4 2. b5 3. b6 4. a5\n\n"
             "[Game \"druid\"]\n[Options \"-size=8\"]\n1. b6 2. a5 3. b4 4. b5\n");
  ASSERT_EQ(shown_position(f, 1, 4), kPosition);
  ASSERT_EQ(shown_position(f, 2, 4), kPosition);
  const auto plain = run_scribe({"dedup", f.string()});
  EXPECT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(plain.out, "");
  const auto t = run_scribe({"dedup", f.string(), "--transpositions"});
  EXPECT_EQ(t.out,
            f.string() + ":1: record 1 (kept)\n  " + f.string() + ":5: record 2 (duplicate)\n");
}

TEST(ArchiveDedup, OutWritesEachGameOnceVerbatimAndNeedsForce) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const fs::path in = dir.path() / "in.rec", out = dir.path() / "out.rec";
  write_file(in, kSample + kOrderA + kCopy + kOrderA);
  auto r = run_scribe({"dedup", in.string(), "--out", out.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_file(out), kSample + kOrderA);
  // --keep most-tags keeps the sample (5 tags) over the copy (4 tags); an existing file needs
  // --force and is left alone without it.
  write_file(in, kCopy + kSample);
  r = run_scribe({"dedup", in.string(), "--out", out.string(), "--keep", "most-tags"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("exists; give --force"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(out), kSample + kOrderA);
  r = run_scribe({"dedup", in.string(), "--out", out.string(), "--keep", "most-tags", "--force"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // The comment line before the sample's tags ends the first record's text (a record starts
  // at its first tag line), so the kept record starts at line 9 without it.
  EXPECT_EQ(read_file(out), kSample.substr(std::string("{ D1 }\n").size()));
  EXPECT_EQ(r.out,
            in.string() + ":9: record 2 (kept)\n  " + in.string() + ":1: record 1 (duplicate)\n");
  r = run_scribe({"dedup", in.string(), "--keep", "most"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--keep must be first or most-tags"), std::string::npos) << r.err;
}

TEST(ArchiveDedup, InvalidRecordsAreReportedAndCopiedNotCompared) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const fs::path in = dir.path() / "in.rec", out = dir.path() / "out.rec";
  write_file(in, kBadShape + kBadShape + "[Game \"chess\"]\n1. e4\n\n");
  const auto r = run_scribe({"dedup", in.string(), "--out", out.string()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, in.string() + ":1: record 1: invalid, not compared (see scribe validate)\n" +
                       in.string() + ":6: record 2: invalid, not compared (see scribe validate)\n" +
                       in.string() +
                       ":11: record 3: invalid, not compared (see scribe validate)\n" +
                       "3 records read: 0 groups of duplicates, 0 duplicates, 3 invalid (not "
                       "compared); 3 records written to " +
                       out.string() + "\n");
  EXPECT_EQ(read_file(out), kBadShape + kBadShape + "[Game \"chess\"]\n1. e4\n\n");
}

TEST(ArchiveFind, EachCriterion) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const std::string f = (dir.path() / "f.rec").string();
  // Records 1-5 have their first tags on lines 2, 11, 18, 22 and 26.
  write_file(f, kSample + kCopy + kOrderA + kOrderB + kBadShape);
  auto list = [&](std::vector<std::string> args) {
    args.insert(args.begin(), {"find", f, "--list"});
    const auto r = run_scribe(args);
    std::string got;
    for (const std::string& l : lines_of(r.out)) got += l.substr(l.find(": record ") + 9) + " ";
    return got + "rc=" + std::to_string(r.exit_code);
  };
  EXPECT_EQ(list({}), "1 2 3 4 5 rc=0");
  EXPECT_EQ(list({"--game", "druid"}), "1 2 3 4 5 rc=0");
  EXPECT_EQ(list({"--game", "druid", "--options", "-size=10"}), "rc=1");
  EXPECT_EQ(list({"--game", "druid", "--options", "-size=8"}), "1 2 3 4 5 rc=0");
  EXPECT_EQ(list({"--tag", "Event=club"}), "2 rc=0");
  EXPECT_EQ(list({"--tag", "Event=clu"}), "rc=1");
  EXPECT_EQ(list({"--tag", "Event=club", "--tag", "Result=V"}), "2 rc=0");
  EXPECT_EQ(list({"--player", "rognlie"}), "1 rc=0");
  EXPECT_EQ(list({"--player", "camb", "--player", "x"}), "rc=1");
  EXPECT_EQ(list({"--result", "V"}), "1 2 rc=0");
  EXPECT_EQ(list({"--result", "*"}), "3 4 5 rc=0");
  EXPECT_EQ(list({"--status", "invalid"}), "5 rc=0");
  EXPECT_EQ(list({"--status", "valid"}), "1 2 3 4 rc=0");
  EXPECT_EQ(list({"--code", "druid.lintel-shape"}), "5 rc=0");
  EXPECT_EQ(list({"--plies", "25"}), "1 2 rc=0");
  EXPECT_EQ(list({"--plies", "4-5"}), "3 4 5 rc=0");  // record 5 replays 4 plies
  EXPECT_EQ(list({"--plies", "5-"}), "1 2 3 4 rc=0");
  EXPECT_EQ(list({"--plies", "-4"}), "5 rc=0");
  // --moves: a prefix, in either numbering style, lintels written from either end.
  EXPECT_EQ(list({"--moves", "1. b4 2. b5 3. b6"}), "1 2 3 rc=0");
  EXPECT_EQ(list({"--moves", "1. b4 b5 2. b6 a5 3. b6-b4"}), "1 2 rc=0");
  EXPECT_EQ(list({"--moves", "b6"}), "4 rc=0");
  EXPECT_EQ(list({"--moves", "b4 b5 b6 a5 c5"}), "3 rc=0");
  // --position: reached by two orders; --final only at the end.
  EXPECT_EQ(list({"--position", kPosition}), "1 2 3 4 rc=0");
  EXPECT_EQ(list({"--position", kPosition, "--final"}), "rc=1");
  EXPECT_EQ(list({"--status", "valid", "--moves", "b4", "--plies", "5"}), "3 rc=0");
}

TEST(ArchiveFind, PositionReachedByTwoOrdersIsFoundInBoth) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const fs::path f = dir.path() / "t.rec";
  write_file(f, kOrderA + kOrderB);
  ASSERT_EQ(shown_position(f, 1, 4), kPosition);
  ASSERT_EQ(shown_position(f, 2, 4), kPosition);
  ASSERT_NE(shown_position(f, 1, 3), kPosition);
  const auto r = run_scribe({"find", f.string(), "--position", kPosition, "--json"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  for (int i = 0; i < 2; ++i) {
    const auto m = nlohmann::json::parse(lines[static_cast<std::size_t>(i)]);
    EXPECT_EQ(m["file"], f.string());
    EXPECT_EQ(m["index"], i + 1);
    EXPECT_EQ(m["line"], i == 0 ? 1 : 5);
    EXPECT_EQ(m["ply"], 4);
  }
  const auto s = nlohmann::json::parse(lines[2])["summary"];
  EXPECT_EQ(s["records"], 2);
  EXPECT_EQ(s["matched"], 2);
  EXPECT_EQ(s["invalid"], 0);
  // The position after ply 5 of record 1 is its final one.
  const std::string after5 = shown_position(f, 1, 5);
  const auto fin = run_scribe({"find", f.string(), "--position", after5, "--final", "--list"});
  EXPECT_EQ(fin.out, f.string() + ":1: record 1\n");
}

TEST(ArchiveFind, WritesRecordsVerbatimToStandardOutputOrOut) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const fs::path f = dir.path() / "f.rec", out = dir.path() / "out.rec";
  // The last record has no blank line after it: one is added so records stay apart.
  write_file(f, kSample + kCopy + kBadShape.substr(0, kBadShape.size() - 1));
  auto r = run_scribe({"find", f.string(), "--result", "V"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, kSample + kCopy);
  EXPECT_EQ(r.err, "3 records read: 2 matched, 1 invalid\n");
  r = run_scribe({"find", f.string(), "--status", "invalid", "--out", out.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(read_file(out), kBadShape);
  r = run_scribe({"find", f.string(), "--out", out.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("exists; give --force"), std::string::npos) << r.err;
  EXPECT_EQ(read_file(out), kBadShape);
  r = run_scribe({"find", f.string(), "--out", out.string(), "--force", "--player", "camb"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(read_file(out), kSample);
  r = run_scribe({"find", f.string(), "--out", out.string(), "--force", "--player", "nobody"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(read_file(out), "");
}

TEST(ArchiveFind, BadArgumentsAreUsageErrors) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const std::string f = (dir.path() / "f.rec").string();
  write_file(f, kSample);
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"--plies", "3-x"}, "--plies '3-x': expected N, MIN-MAX, MIN- or -MAX"},
      {{"--plies", "9-3"}, "--plies '9-3': MIN is above MAX"},
      {{"--plies", "-"}, "--plies '-': expected"},
      {{"--position", "druid square:8 zz"}, "--position: invalid position text: expected 8 fields"},
      {{"--position", "chess 8/8"}, "--position: unknown game 'chess'"},
      {{"--position", "druid square:8 zz", "--game", "druid", "--options", "-size=8"},
       "--position: invalid position text"},
      {{"--game", "nope"}, "--game: unknown game 'nope'"},
      {{"--status", "vaild"},
       "--status must be valid or invalid, not 'vaild' (did you mean 'valid'?)"},
      {{"--tag", "Event"}, "--tag 'Event': expected NAME=VALUE"},
      {{"--code", "Bad Code"}, "--code 'Bad Code': expected a diagnostic code"},
      {{"--moves", "1. b4 }"}, "--moves \"1. b4 }\""},
      {{"--moves", "1. z9", "--game", "druid", "--options", "-size=8"},
       "--moves: ply 1 'z9' is not legal"},
      {{"--final"}, "--final needs --position"},
      {{"--list", "--json"}, "--list and --json cannot be given together"},
      {{"--out", dir.path().string()}, "--out " + dir.path().string() + " is a directory"},
  };
  for (const Case& c : cases) {
    std::vector<std::string> args = {"find", f};
    args.insert(args.end(), c.args.begin(), c.args.end());
    const auto r = run_scribe(args);
    EXPECT_EQ(r.exit_code, 2) << c.message;
    EXPECT_NE(r.err.find("scribe find: " + c.message), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "") << c.message;
  }
  const auto none = run_scribe({"find"});
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_NE(none.err.find("at least one PATH is required"), std::string::npos);
}

TEST(ArchiveFind, HostileInputIsReportedNotDropped) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const std::string f = (dir.path() / "f.rec").string();
  const std::string missing = (dir.path() / "missing.rec").string();
  // A bad byte, an unknown game, an unclosed comment, then a good record.
  write_file(f,
             "[Game \"druid\"]\n[Options \"-size=8\"]\n1. b4 \xff\n\n"
             "[Game \"chess\"]\n1. e4 e5\n\n"
             "[Game \"druid\"]\n1. b4 { never closed\n\n" +
                 kOrderA);
  auto r = run_scribe({"find", f, missing, "--status", "invalid", "--list"});
  EXPECT_EQ(r.exit_code, 2);  // an unreadable input
  EXPECT_EQ(r.out, f + ":1: record 1\n" + f + ":5: record 2\n" + f + ":8: record 3\n");
  EXPECT_NE(r.err.find(missing + ": unreadable"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("4 records read: 3 matched, 3 invalid, 1 files unreadable"),
            std::string::npos)
      << r.err;
  r = run_scribe({"find", f, "--code", "record.encoding", "--list"});
  EXPECT_EQ(r.out, f + ":1: record 1\n");
  r = run_scribe({"dedup", f, missing, "--json"});
  EXPECT_EQ(r.exit_code, 2);
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  EXPECT_EQ(nlohmann::json::parse(lines[0])["status"], "unreadable");
  const auto s = nlohmann::json::parse(lines[1])["summary"];
  EXPECT_EQ(s["records"], 4);
  EXPECT_EQ(s["invalid"], 3);
  EXPECT_EQ(s["unreadable"], 1);
}

TEST(ArchiveFind, StandardInputAndDirectories) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  write_file(dir.path() / "d" / "x.rec", kOrderA);
  write_file(dir.path() / "d" / "y.rec", kOrderB);
  auto r = run_scribe({"find", (dir.path() / "d").string(), "--moves", "b6", "--list"});
  EXPECT_EQ(r.out, (dir.path() / "d" / "y.rec").string() + ":1: record 1\n");
  r = run_scribe({"find", "-", "--moves", "b6"}, kOrderA + kOrderB);
  EXPECT_EQ(r.out, kOrderB);
  r = run_scribe({"dedup", "-"}, kOrderA + kOrderA);
  EXPECT_EQ(r.out, "-:1: record 1 (kept)\n  -:5: record 2 (duplicate)\n");
}

TEST(ArchiveFind, OutputIsTheSameForEveryJobCount) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const fs::path gen = dir.path() / "g.rec", all = dir.path() / "all.rec";
  auto g = run_scribe(
      {"generate", "--game", "druid", "--count", "300", "--seed", "7", "--out", gen.string()});
  ASSERT_EQ(g.exit_code, 0) << g.err;
  const std::string text = read_file(gen);
  write_file(all, text + kBadShape + text);  // every generated game twice
  for (const std::vector<std::string>& cmd :
       {std::vector<std::string>{"find", all.string(), "--moves", "b4", "--json"},
        std::vector<std::string>{"find", all.string(), "--plies", "30-"},
        std::vector<std::string>{"dedup", all.string(), "--json"},
        std::vector<std::string>{"dedup", all.string(), "--transpositions"}}) {
    std::vector<std::string> one = cmd, two = cmd;
    for (auto* v : {&one, &two}) v->insert(v->end(), {"--segment-bytes", "2048"});
    one.insert(one.end(), {"--jobs", "1"});
    two.insert(two.end(), {"--jobs", "3"});
    const auto a = run_scribe(one), b = run_scribe(two);
    EXPECT_EQ(a.exit_code, b.exit_code) << cmd[0];
    EXPECT_EQ(a.out, b.out) << cmd[0];
    EXPECT_FALSE(a.out.empty()) << cmd[0];
  }
  const auto d = run_scribe({"dedup", all.string(), "--json", "--jobs", "2"});
  const auto lines = lines_of(d.out);
  ASSERT_FALSE(lines.empty());
  const auto s = nlohmann::json::parse(lines.back())["summary"];
  EXPECT_EQ(s["records"], 601);
  EXPECT_EQ(s["invalid"], 1);
  // Random games may repeat among themselves; each copy of the file adds one per game.
  EXPECT_GE(s["duplicates"].get<int>(), 300);
}

}  // namespace
}  // namespace scribe
