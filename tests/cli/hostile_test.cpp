// Hostile inputs (issue: reliability): each gets a clear diagnostic with its location and the
// right exit status; none crashes, hangs, writes outside --out or loses a record.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <regex>

#include "app/catalog.hpp"
#include "engine/core/random.hpp"
#include "tests/support/support.hpp"

namespace scribe {
namespace {

namespace fs = std::filesystem;
using test::run_scribe;
using test::TempDir;
using test::write_file;

const std::string kGood = "[Game \"druid\"]\n[Options \"-size=8\"]\n1. b2 2. h8 3. c3\n";

// Runs validate --json on one file and returns the result.
test::RunResult validate_json(const fs::path& file, std::vector<std::string> extra = {}) {
  std::vector<std::string> args = {"validate", "--json"};
  args.insert(args.end(), extra.begin(), extra.end());
  args.push_back(file.string());
  return run_scribe(args);
}

std::string summary_of(const std::string& out) {
  const auto lines = test::lines_of(out);
  return lines.empty() ? "" : lines.back();
}

// Random bytes are not UTF-16 (their first line has no NULs in every second byte), so their
// records are found in the bytes (C10): every record holds a bad byte or is junk, so each is
// invalid, with at most one record.encoding each; nothing is unreadable.
TEST(Hostile, BinaryJunkGivesInvalidRecordsWithOneEncodingDiagnosticEach) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  std::string junk;
  engine::Random rng(1);
  for (int i = 0; i < 4096; ++i) junk += static_cast<char>(rng.below(256));
  write_file(dir.path() / "junk.rec", junk);
  const auto r = validate_json(dir.path() / "junk.rec");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  const auto lines = test::lines_of(r.out);
  ASSERT_GE(lines.size(), 2u);
  std::size_t encodings = 0;
  for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
    EXPECT_NE(lines[i].find("\"status\":\"invalid\""), std::string::npos) << lines[i];
    const std::size_t first = lines[i].find("\"code\":\"record.encoding\"");
    if (first == std::string::npos) continue;
    ++encodings;
    EXPECT_EQ(lines[i].find("\"code\":\"record.encoding\"", first + 1), std::string::npos);
  }
  EXPECT_GE(encodings, 1u);
  EXPECT_NE(lines.back().find("\"unreadable\":0"), std::string::npos) << lines.back();
}

// The record with the bad byte is invalid at that byte; the file is not unreadable.
TEST(Hostile, NulByteAndInvalidUtf8PointAtTheFirstBadByte) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  write_file(dir.path() / "nul.rec", kGood + "4. h7" + std::string(1, '\0') + "\n");
  auto r = validate_json(dir.path() / "nul.rec");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("\"status\":\"invalid\",\"plies\":0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"code\":\"record.encoding\",\"line\":4,\"col\":6"), std::string::npos) << r.out;
  write_file(dir.path() / "utf.rec", "[Game \"druid\"]\n{ caf\xC3\xA9 } 1. b2 \xFF\n");
  r = validate_json(dir.path() / "utf.rec");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("\"code\":\"record.encoding\",\"line\":2,\"col\":16"), std::string::npos) << r.out;
}

TEST(Hostile, BomCrlfAndLoneCrCountLikeLf) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const std::string bad = "[Game \"druid\"]\n[Options \"-size=8\"]\n1. b2 2. b2-b4\n";
  for (const auto& [name, text] :
       {std::pair{"lf.rec", bad}, std::pair{"bom.rec", "\xEF\xBB\xBF" + bad},
        std::pair{"crlf.rec", std::regex_replace(bad, std::regex("\n"), "\r\n")},
        std::pair{"cr.rec", std::regex_replace(bad, std::regex("\n"), "\r")}}) {
    write_file(dir.path() / name, text);
    const auto r = validate_json(dir.path() / name);
    EXPECT_EQ(r.exit_code, 1) << name;
    EXPECT_NE(r.out.find("\"line\":3,\"col\":10,\"ply\":2"), std::string::npos) << name << "\n" << r.out;
  }
}

TEST(Hostile, HundredMegabyteLineIsReportedAndTheNextRecordStillRead) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  std::string text = "[Game \"druid\"]\n{" + std::string(100u << 20, 'x') + "}\n1. b2\n\n" + kGood;
  write_file(dir.path() / "long.rec", text);
  text.clear();
  const auto r = validate_json(dir.path() / "long.rec", {"--max-record-bytes", "1048576"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("record.limit"), std::string::npos);
  EXPECT_EQ(test::lines_of(r.out).size(), 3u) << summary_of(r.out);
  EXPECT_NE(summary_of(r.out).find("\"records\":2,\"valid\":1,\"invalid\":1"), std::string::npos);
}

TEST(Hostile, LongTokenHitsTheTokenLimitWhichAnOptionRaises) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  write_file(dir.path() / "tok.rec", "[Game \"druid\"]\n1. b2 2. " + std::string(2u << 20, 'c') + "\n");
  auto r = validate_json(dir.path() / "tok.rec");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("\"code\":\"record.limit\",\"line\":2,\"col\":10"), std::string::npos) << r.out.substr(0, 400);
  EXPECT_NE(summary_of(r.out).find("\"records\":1,\"valid\":0,\"invalid\":1"), std::string::npos) << summary_of(r.out);
  // Raised above the token's length, the token reaches the game, which cannot read it.
  r = validate_json(dir.path() / "tok.rec", {"--max-token-bytes", "4194304"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_EQ(r.out.find("record.limit"), std::string::npos);
  EXPECT_NE(r.out.find("\"code\":\"druid.syntax\""), std::string::npos) << r.out.substr(0, 400);
}

TEST(Hostile, HundredThousandTagsStayOneRecord) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  std::string text = "[Game \"druid\"]\n";
  for (int i = 0; i < 100000; ++i) text += "[T" + std::to_string(i) + " \"v\"]\n";
  text += "1. b2\n";
  write_file(dir.path() / "tags.rec", text);
  const auto r = run_scribe({"validate", "--quiet", (dir.path() / "tags.rec").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("1 records: 1 valid", 0), 0u) << r.out;
}

TEST(Hostile, UnclosedBraceBracketAndQuoteNeverSwallowTheNextRecord) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  for (const auto& [name, damaged] :
       {std::pair{"brace.rec", "[Game \"druid\"]\n1. b2 { never closed\n2. h8\n"},
        std::pair{"bracket.rec", "[Game \"druid\"]\n[Event \"x\"\n1. b2\n"},
        std::pair{"quote.rec", "[Game \"druid\"]\n[Event \"x]\n1. b2\n"}}) {
    write_file(dir.path() / name, std::string(damaged) + kGood);
    const auto r = validate_json(dir.path() / name);
    EXPECT_EQ(r.exit_code, 1) << name;
    EXPECT_NE(summary_of(r.out).find("\"records\":2,\"valid\":1,\"invalid\":1"), std::string::npos)
        << name << "\n" << r.out;
  }
}

TEST(Hostile, TruncatedFileStillGetsEveryStatus) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  std::string text = kGood + "\n" + kGood + "\n" + kGood;
  text.resize(text.size() - 7);  // mid-ply of the third record
  write_file(dir.path() / "cut.rec", text + "\n[Game \"druid\"]\n[Options \"-si");
  const auto r = validate_json(dir.path() / "cut.rec");
  EXPECT_EQ(test::lines_of(r.out).size(), 5u) << r.out;
  EXPECT_NE(summary_of(r.out).find("\"records\":4"), std::string::npos) << summary_of(r.out);
}

TEST(Hostile, SymlinkLoopIsNotFollowed) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  write_file(dir.path() / "a" / "g.rec", kGood);
  fs::create_directory_symlink(dir.path(), dir.path() / "a" / "loop");
  const auto r = run_scribe({"validate", dir.path().string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.rfind("1 records: 1 valid", 0), 0u) << r.out;
}

TEST(Hostile, UnreadableFileInADirectoryIsReportedByName) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  write_file(dir.path() / "b.rec", kGood);
  // Root reads every file: there the unreadable file is a link to /proc/self/mem (EIO).
  if (::geteuid() == 0) {
    fs::create_symlink("/proc/self/mem", dir.path() / "a.rec");
  } else {
    write_file(dir.path() / "a.rec", kGood);
    ::chmod((dir.path() / "a.rec").c_str(), 0);
  }
  const auto r = run_scribe({"validate", dir.path().string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("a.rec: unreadable"), std::string::npos) << r.err;
  EXPECT_EQ(r.out.rfind("1 records: 1 valid", 0), 0u) << r.out;
}

TEST(Hostile, HostileNamesStayInsideOut) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const fs::path in = dir.path() / "in" / "..\x01" "evil name;rm.rec";
  write_file(in, "[Game \"druid\"]\n[Event \"../../x\"]\n[Site \"/etc/passwd\"]\n[Player1 \"\x1b[31mred\"]\n1. b2\n");
  const fs::path out = dir.path() / "out";
  const auto r = run_scribe({"render", in.string(), "--out", out.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::vector<std::string> names;
  for (const auto& e : fs::recursive_directory_iterator(dir.path()))
    if (e.is_regular_file() && e.path().parent_path() != in.parent_path())
      names.push_back(fs::relative(e.path(), dir.path()).string());
  ASSERT_EQ(names.size(), 1u);
  EXPECT_EQ(names[0], "out/.._evil_name_rm-r1-p1.png");
}

TEST(Hostile, NothingLostInDamagedArchives) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  engine::Random rng(2024);
  for (int archive = 0; archive < 6; ++archive) {
    const fs::path file = dir.path() / ("a" + std::to_string(archive) + ".rec");
    const auto gen = run_scribe({"generate", "--game", "druid", "--options", "-size=5", "--count", "40",
                                 "--seed", std::to_string(archive + 1), "--out", file.string()});
    ASSERT_EQ(gen.exit_code, 0);
    std::string text = test::read_file(file);
    // Records start at "[Game"; damage some of them in the movetext only.
    std::vector<std::size_t> starts;
    for (std::size_t p = text.find("[Game"); p != std::string::npos; p = text.find("[Game", p + 1))
      starts.push_back(p);
    const std::size_t present = starts.size();
    int damaged = 0;
    for (std::size_t k = starts.size(); k-- > 0;) {
      if (rng.below(3) != 0) continue;
      const std::size_t mv = text.find("\n1. ", starts[k]);
      const std::size_t end = k + 1 < starts.size() ? starts[k + 1] : text.size();
      if (mv == std::string::npos || mv >= end) continue;
      const std::size_t at = mv + 1 + rng.below(end - mv - 1);
      // "\xE9" (a Latin-1 byte) spoils only its record (C10).
      static const char* kJunk[] = {"{", "}", "(", "zz9", "12..", "\xE9", "[Bad"};
      const char* junk = kJunk[rng.below(7)];
      text.insert(at, std::string(" ") + junk + " ");
      ++damaged;
    }
    write_file(file, text);
    const auto r = validate_json(file);
    const auto lines = test::lines_of(r.out);
    // One status per record present (a "[Bad" line inside movetext may start a new record, so
    // count those too).
    std::size_t expected = present;
    for (std::size_t p = text.find("\n[Bad"); p != std::string::npos; p = text.find("\n[Bad", p + 1))
      ++expected;
    EXPECT_EQ(lines.size(), expected + 1) << "archive " << archive << " damaged " << damaged;
    std::size_t valid = 0;
    for (const auto& l : lines)
      if (l.find("\"status\":\"valid\"") != std::string::npos) ++valid;
    EXPECT_GE(valid + static_cast<std::size_t>(damaged), present) << "undamaged records must stay valid";
  }
}

}  // namespace
}  // namespace scribe
