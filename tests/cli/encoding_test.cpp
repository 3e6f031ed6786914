// Encodings (record-format.md C10, issue 16): a bad byte spoils only its record; UTF-16 and
// UTF-32 files are named; --encoding NAME converts a file through iconv before it is read,
// from a file or standard input, whole or in segments, with the same output for every --jobs.
#include <gtest/gtest.h>

#include <algorithm>
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

// `count` generated Druid records (ASCII) with [Event "caf\xE9"] (Latin-1) added after the
// first line of record `spoiled` (1-based; 0: none); *line receives the line of that tag.
std::string archive(int count, int spoiled, const fs::path& dir, int* line = nullptr) {
  const fs::path gen = dir / "gen.rec";
  const auto r = run_scribe({"generate", "--game", "druid", "--options", "-size=5", "--count",
                             std::to_string(count), "--seed", "7", "--out", gen.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::string text = test::read_file(gen);
  if (spoiled > 0) {
    std::size_t at = 0;
    for (int k = 0; k < spoiled; ++k) at = text.find("[Game", k == 0 ? 0 : at + 1);
    at = text.find('\n', at) + 1;
    text.insert(at, "[Event \"caf\xE9\"]\n");
    if (line != nullptr)
      *line = 1 + static_cast<int>(std::count(
                      text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
  }
  return text;
}

// Text as UTF-16 little-endian (the text is Latin-1: each byte is one character).
std::string utf16le(const std::string& latin1, bool bom) {
  std::string out = bom ? "\xFF\xFE" : "";
  for (char c : latin1) {
    out += c;
    out += '\0';
  }
  return out;
}

// The lines of `out` with `dir` (and the file name after it) left out of "file" fields.
std::string without_dir(std::string out, const fs::path& dir) {
  return std::regex_replace(
      out,
      std::regex(std::regex_replace(dir.string(), std::regex(R"([.^$|()\[\]{}*+?\\])"), R"(\$&)")),
      "D");
}

// Issue 16: one Latin-1 byte in an archive of 201 records made all of them unreadable.
TEST(Encoding, OneLatin1ByteSpoilsOnlyItsRecordAndLatin1ReadsIt) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const fs::path file = dir.path() / "archive.rec";
  int line = 0;
  write_file(file, archive(201, 100, dir.path(), &line));
  auto r = run_scribe({"validate", "--json", file.string()});
  EXPECT_EQ(r.exit_code, 1);
  auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 202u);
  EXPECT_NE(lines[99].find("\"index\":100,"), std::string::npos);
  EXPECT_NE(lines[99].find("\"status\":\"invalid\",\"plies\":0"), std::string::npos);
  // `[Event "caf` is 11 characters: the byte is at column 12 of the record's second line.
  EXPECT_NE(lines[99].find("\"code\":\"record.encoding\",\"line\":" + std::to_string(line) +
                           ",\"col\":12"),
            std::string::npos)
      << lines[99];
  EXPECT_NE(lines[99].find("read it with --encoding latin1"), std::string::npos);
  EXPECT_NE(lines.back().find("\"records\":201,\"valid\":200,\"invalid\":1,\"unreadable\":0"),
            std::string::npos)
      << lines.back();

  r = run_scribe({"validate", "--json", "--encoding", "latin1", file.string()});
  EXPECT_EQ(r.exit_code, 0) << r.out;
  lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 202u);
  EXPECT_NE(lines[99].find("\"Event\":\"caf\xC3\xA9\""), std::string::npos) << lines[99];
  EXPECT_NE(lines.back().find("\"records\":201,\"valid\":201"), std::string::npos);
}

TEST(Encoding, Utf16FileIsUnreadableAndReadWithEncoding) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const std::string text = "[Game \"druid\"]\n[Event \"Z\xFCrich\"] junk\n1. b2\n";
  const fs::path file = dir.path() / "wide.rec";
  write_file(file, utf16le(text, true));
  auto r = run_scribe({"validate", file.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(
      r.err.find(file.string() + ":1:1: error[record.encoding]: the file is UTF-16 (it "
                                 "starts with a UTF-16 byte order mark), not UTF-8; read it with "
                                 "--encoding utf-16"),
      std::string::npos)
      << r.err;
  r = run_scribe({"validate", "--json", file.string()});
  EXPECT_NE(r.out.find("\"status\":\"unreadable\""), std::string::npos);
  EXPECT_NE(r.out.find("\"unreadable\":1"), std::string::npos);
  // Converted, the lines are the same and columns count characters: `[Event "Zürich"] ` is 17
  // characters, so the text after the tags is at column 18.
  r = run_scribe({"validate", "--json", "--encoding", "utf-16", file.string()});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("\"code\":\"record.bad-tag\",\"line\":2,\"col\":18"), std::string::npos)
      << r.out;
  // Without a byte order mark, little-endian.
  write_file(file, utf16le(text, false));
  r = run_scribe({"validate", file.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("read it with --encoding utf-16le"), std::string::npos) << r.err;
  r = run_scribe({"validate", "--json", "--encoding", "utf-16le", file.string()});
  EXPECT_NE(r.out.find("\"code\":\"record.bad-tag\",\"line\":2,\"col\":18"), std::string::npos)
      << r.out;
}

TEST(Encoding, BytesTheEncodingCannotConvertAreRecordEncodingInTheirRecord) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const fs::path file = dir.path() / "a.rec";
  int line = 0;
  write_file(file, archive(3, 2, dir.path(), &line));
  const auto r = run_scribe({"validate", "--json", "--encoding", "ascii", file.string()});
  EXPECT_EQ(r.exit_code, 1);
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_NE(lines[0].find("\"status\":\"valid\""), std::string::npos);
  EXPECT_NE(lines[1].find("\"code\":\"record.encoding\",\"line\":" + std::to_string(line) +
                          ",\"col\":12,\"ply\":null,"
                          "\"message\":\"byte 0xE9 cannot be converted from ascii; the record "
                          "is not replayed\""),
            std::string::npos)
      << lines[1];
  EXPECT_NE(lines[2].find("\"status\":\"valid\""), std::string::npos);
}

// A UTF-16 code unit that iconv cannot convert (a lone surrogate) is skipped whole, so the
// lines after it stay in step; the message names both its bytes.
TEST(Encoding, AnUnconvertibleUtf16UnitKeepsTheLinesInStep) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  std::string wide = utf16le("[Game \"druid\"]\n[Event \"a", false);
  wide += std::string("\x00\xD8", 2);  // U+D800 alone
  wide += utf16le("b\"]\n1. b2\n\n[Game \"druid\"]\n[Event \"\xE9\"] junk\n", false);
  const fs::path file = dir.path() / "w.rec";
  write_file(file, wide);
  const auto r = run_scribe({"validate", "--json", "--encoding", "utf-16le", file.string()});
  EXPECT_EQ(r.exit_code, 1);
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 3u) << r.out;
  // `[Event "a` is 9 characters.
  EXPECT_NE(lines[0].find("\"code\":\"record.encoding\",\"line\":2,\"col\":10,\"ply\":null,"
                          "\"message\":\"bytes 0x00 0xD8 cannot be converted from utf-16le; the "
                          "record is not replayed\""),
            std::string::npos)
      << lines[0];
  // `[Event "é"] ` is 12 characters: the text after the tags is at column 13 of line 6.
  EXPECT_NE(lines[1].find("\"code\":\"record.bad-tag\",\"line\":6,\"col\":13"), std::string::npos)
      << lines[1];
}

TEST(Encoding, UnknownEncodingIsAUsageError) {
  TempDir dir;
  write_file(dir.path() / "a.rec", "[Game \"druid\"]\n");
  for (const std::string command : {"validate", "show", "render"}) {
    std::vector<std::string> args = {command, "--encoding", "klingon",
                                     (dir.path() / "a.rec").string()};
    if (command == "render") args.insert(args.end(), {"--out", (dir.path() / "out").string()});
    const auto r = run_scribe(args);
    EXPECT_EQ(r.exit_code, 2) << command;
    EXPECT_NE(r.err.find("--encoding: iconv does not know the encoding 'klingon'"),
              std::string::npos)
        << command << ": " << r.err;
  }
}

// The same records and diagnostics from a file read whole or in segments by any number of
// workers, from standard input, and from a UTF-16 copy of it.
TEST(Encoding, SameOutputForEveryJobCountSegmentsAndStandardInput) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const std::string text = archive(120, 50, dir.path());
  const fs::path latin = dir.path() / "latin.rec", wide = dir.path() / "wide.rec";
  write_file(latin, text);
  write_file(wide, utf16le(text, true));
  const auto base = run_scribe({"validate", "--json", "--encoding", "latin1", latin.string()});
  ASSERT_EQ(base.exit_code, 0) << base.out << base.err;
  EXPECT_EQ(lines_of(base.out).size(), 121u);
  const std::string expected = without_dir(base.out, latin);
  for (const std::string jobs : {"1", "3"}) {
    for (const std::string seg : {"0", "300"}) {
      SCOPED_TRACE("--jobs " + jobs + " --segment-bytes " + seg);
      auto r = run_scribe({"validate", "--json", "--encoding", "latin1", "--jobs", jobs,
                           "--segment-bytes", seg, latin.string()});
      EXPECT_EQ(without_dir(r.out, latin), expected);
      r = run_scribe({"validate", "--json", "--encoding", "utf-16", "--jobs", jobs,
                      "--segment-bytes", seg, wide.string()});
      EXPECT_EQ(without_dir(r.out, wide), expected);
      // Without --encoding: record 50 alone is invalid, whatever the segments.
      r = run_scribe(
          {"validate", "--json", "--jobs", jobs, "--segment-bytes", seg, latin.string()});
      EXPECT_NE(r.out.find("\"valid\":119,\"invalid\":1,\"unreadable\":0"), std::string::npos);
    }
  }
  const auto piped = run_scribe(
      {"validate", "--json", "--encoding", "latin1", "--segment-bytes", "300", "-"}, text);
  EXPECT_EQ(std::regex_replace(piped.out, std::regex("\"file\":\"-\""), "\"file\":\"D\""),
            expected);
}

TEST(Encoding, ShowAndRenderTakeEncodingToo) {
  SCRIBE_REQUIRE_GAME("druid");
  TempDir dir;
  const fs::path file = dir.path() / "a.rec";
  write_file(file, archive(1, 1, dir.path()));
  auto r = run_scribe({"show", file.string()});
  EXPECT_NE(r.exit_code, 0);
  r = run_scribe({"show", "--encoding", "latin1", file.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("position: druid"), std::string::npos) << r.out;
  r = run_scribe({"show", "--encoding", "latin1", "-"}, test::read_file(file));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  r = run_scribe(
      {"render", "--encoding", "latin1", file.string(), "--out", (dir.path() / "out").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(fs::is_empty(dir.path() / "out"));
}

}  // namespace
}  // namespace scribe
