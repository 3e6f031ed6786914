// The record reader's input handling (record-format.md): line endings, the byte order mark,
// encoding errors, files without records, I/O errors, size limits, and reading files in
// chunks (the same records as from memory).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "notation/core/record.hpp"
#include "tests/support/support.hpp"

namespace scribe::notation {
namespace {

using namespace std::string_literals;
using Lines = std::vector<std::string>;

std::string at(const SourceSpan& s) {
  return std::to_string(s.line) + ":" + std::to_string(s.col) + "+" + std::to_string(s.len);
}

// One line per record: identity, tags, plies with spans, diagnostics.
Lines describe(const std::vector<Record>& records) {
  Lines out;
  for (const auto& r : records) {
    std::string s = std::to_string(r.index) + "@" + std::to_string(r.line) + " off " +
                    std::to_string(r.offset) + " first " + std::to_string(r.first_line) + ":";
    for (const auto& t : r.tags) s += " [" + t.name + "=" + t.value + "@" + at(t.span) + "]";
    for (const auto& p : r.plies) {
      s += " ";
      if (p.roll) s += "(" + p.roll->text + ")@" + at(p.roll->span) + " ";
      s += p.text + "@" + at(p.span) + "/" + std::to_string(p.span.offset);
    }
    for (const auto* list : {&r.tag_diagnostics, &r.movetext_diagnostics})
      for (const auto& d : *list) s += " !" + d.code + "@" + at(d.span);
    out.push_back(s);
  }
  return out;
}

std::vector<Record> read(const std::string& text, std::optional<FileProblem>* problem = nullptr) {
  return read_records("t.rec", text, problem);
}

// Reads a file through RecordReader::open_file.
std::vector<Record> read_file(const std::filesystem::path& path,
                              std::optional<FileProblem>* problem,
                              std::uint64_t max_record = 64ull << 20) {
  RecordReader reader("f.rec");
  reader.set_max_record_bytes(max_record);
  std::vector<Record> out;
  *problem = reader.open_file(path);
  if (*problem) return out;
  while (auto r = reader.next()) out.push_back(std::move(*r));
  *problem = reader.finish();
  return out;
}

// ---------------------------------------------------------------- line endings, BOM

TEST(RecordInput, LineEndingsCountTheSame) {
  // LF: lines and columns; offsets count one byte per line ending.
  EXPECT_EQ(describe(read("[G \"x\"]\n1. a b\n\n[G \"y\"]\nc\n")),
            (Lines{"1@1 off 0 first 1: [G=x@1:1+7] a@2:4+1/11 b@2:6+1/13",
                   "2@4 off 16 first 4: [G=y@4:1+7] c@5:1+1/24"}));
  // CRLF: the same lines and columns; each ending is two bytes.
  EXPECT_EQ(describe(read("[G \"x\"]\r\n1. a b\r\n\r\n[G \"y\"]\r\nc\r\n")),
            (Lines{"1@1 off 0 first 1: [G=x@1:1+7] a@2:4+1/12 b@2:6+1/14",
                   "2@4 off 19 first 4: [G=y@4:1+7] c@5:1+1/28"}));
  // A lone CR is one line ending; "\r\r" is two (the blank line between the records).
  EXPECT_EQ(describe(read("[G \"x\"]\r1. a b\r\r[G \"y\"]\rc\r")),
            (Lines{"1@1 off 0 first 1: [G=x@1:1+7] a@2:4+1/11 b@2:6+1/13",
                   "2@4 off 16 first 4: [G=y@4:1+7] c@5:1+1/24"}));
  // Mixed endings; "\n\r" is two endings.
  EXPECT_EQ(describe(read("a\rb\nc\r\nd\n\re")),
            (Lines{"1@1 off 0 first 1: a@1:1+1/0 b@2:1+1/2 c@3:1+1/4 d@4:1+1/7 e@6:1+1/10"}));
}

TEST(RecordInput, CarriageReturnsInsideTextAreLineEndsForSourceLines) {
  const auto records = read("[G \"x\"]\r\n1. a }\r\n");
  ASSERT_EQ(records.size(), 1u);
  ASSERT_EQ(records[0].movetext_diagnostics.size(), 1u);
  EXPECT_EQ(records[0].movetext_diagnostics[0].source_line, "1. a }");
  EXPECT_EQ(records[0].source_line(1), "[G \"x\"]");
  const auto cr = read("[G \"x\"]\r1. a }\r2. b");
  ASSERT_EQ(cr.size(), 1u);
  EXPECT_EQ(cr[0].source_line(2), "1. a }");
  EXPECT_EQ(cr[0].source_line(3), "2. b");
}

TEST(RecordInput, ByteOrderMarkIsSkippedAndNotCounted) {
  const std::string bom = "\xEF\xBB\xBF";
  EXPECT_EQ(describe(read(bom + "[G \"x\"]\n1. a\n")),
            (Lines{"1@1 off 3 first 1: [G=x@1:1+7] a@2:4+1/14"}));
  // Movetext on the first line: columns start after the mark, offsets count it.
  EXPECT_EQ(describe(read(bom + "a b")), (Lines{"1@1 off 3 first 1: a@1:1+1/3 b@1:3+1/5"}));
  const auto records = read(bom + "[G \"x\"] junk\n");
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].text, "[G \"x\"] junk\n");
  ASSERT_EQ(records[0].tag_diagnostics.size(), 1u);
  EXPECT_EQ(at(records[0].tag_diagnostics[0].span), "1:9+4");
  EXPECT_EQ(records[0].tag_diagnostics[0].source_line, "[G \"x\"] junk");
  // A mark that is not at the very start is an ordinary character of a token.
  EXPECT_EQ(describe(read("a " + bom + "b")),
            (Lines{"1@1 off 0 first 1: a@1:1+1/0 " + bom + "b@1:3+2/2"}));
}

// ---------------------------------------------------------------- encoding

struct EncodingCase {
  std::string name;
  std::string input;
  std::string where;  // line:col+len of the record.encoding diagnostic
  std::uint64_t offset;
  bool nul;
};

TEST(RecordEncoding, OneDiagnosticAtTheFirstBadByteAndNoRecords) {
  const std::vector<EncodingCase> cases = {
      {"invalid byte",
       "[G \"x\"]\nb\xFF"
       "c\n",
       "2:2+1", 9, false},
      {"NUL byte", "ab\0c"s, "1:3+1", 2, true},
      {"cut-short character after a 2-byte one", "\xC3\xA9\xC3(", "1:2+1", 2, false},
      {"stray continuation byte", "a\x80", "1:2+1", 1, false},
      {"overlong encoding", "x\xE0\x80\x80", "1:2+1", 1, false},
      {"surrogate", "\xED\xA0\x80", "1:1+1", 0, false},
      {"above U+10FFFF", "\xF4\x90\x80\x80", "1:1+1", 0, false},
      {"C0 lead byte", "\xC0\xAF", "1:1+1", 0, false},
      {"cut short by the end of the file", "ab\xE2\x82", "1:3+1", 2, false},
      {"after a byte order mark", "\xEF\xBB\xBF\xFF", "1:1+1", 3, false},
      {"CRLF lines", "a\r\nb\r\n\xC0", "3:1+1", 6, false},
      {"lone CR lines", "a\rb\r\r\xFE", "4:1+1", 5, false},
      {"after good records", "[G \"x\"]\n1. a\n\n[G \"y\"]\n1. \xF0\x9F\x98\x80 \xF8", "5:6+1", 30,
       false},
      {"NUL inside a character", "\xE2\x82\0"s, "1:1+1", 0, false},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    std::optional<FileProblem> problem;
    const auto records = read(c.input, &problem);
    EXPECT_TRUE(records.empty());
    ASSERT_TRUE(problem.has_value());
    EXPECT_TRUE(problem->unreadable);
    EXPECT_EQ(problem->diagnostic.code, "record.encoding");
    EXPECT_EQ(problem->diagnostic.severity, Severity::kError);
    EXPECT_EQ(at(problem->diagnostic.span), c.where);
    EXPECT_EQ(problem->diagnostic.span.offset, c.offset);
    EXPECT_EQ(problem->diagnostic.message.find("NUL") != std::string::npos, c.nul)
        << problem->diagnostic.message;
  }
}

TEST(RecordEncoding, MessageAndSourceLine) {
  std::optional<FileProblem> problem;
  read(
      "ok\nb\xC3\xA9\xFF"
      "c\xE2z\n",
      &problem);
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(problem->diagnostic.message,
            "the file is not valid UTF-8 (byte 0xFF here); none of its records is read");
  // Bad bytes are shown as U+FFFD so the caret lines up with column 3.
  EXPECT_EQ(problem->diagnostic.source_line,
            "b\xC3\xA9\xEF\xBF\xBD"
            "c\xEF\xBF\xBDz");
  EXPECT_EQ(at(problem->diagnostic.span), "2:3+1");
  read("a\0"s, &problem);
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(problem->diagnostic.message, "the file holds a NUL byte; none of its records is read");
}

// ---------------------------------------------------------------- no records, I/O

TEST(RecordInput, FilesWithoutRecords) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", ""},
      {"\n\n  \t\n", ""},
      {"; only a comment\n{ and another\n}\n", "; only a comment"},
      {"{ never closed\n[ not a tag\n", "{ never closed"},
      {"\xEF\xBB\xBF", ""},
  };
  for (const auto& [input, first_line] : cases) {
    SCOPED_TRACE(input);
    std::optional<FileProblem> problem;
    EXPECT_TRUE(read(input, &problem).empty());
    ASSERT_TRUE(problem.has_value());
    EXPECT_FALSE(problem->unreadable);
    EXPECT_EQ(problem->diagnostic.code, "record.no-records");
    EXPECT_EQ(problem->diagnostic.severity, Severity::kError);
    EXPECT_EQ(at(problem->diagnostic.span), "1:1+1");
    EXPECT_EQ(problem->diagnostic.source_line, first_line);
    EXPECT_EQ(problem->diagnostic.message,
              "the file holds no record: it is empty or holds only blank lines and comments");
  }
  // A lone stray '}' is movetext: that makes a record.
  std::optional<FileProblem> problem;
  EXPECT_EQ(read("}", &problem).size(), 1u);
  EXPECT_FALSE(problem.has_value());
}

TEST(RecordInput, UnreadableFilesGiveRecordIo) {
  test::TempDir dir;
  std::optional<FileProblem> problem;
  EXPECT_TRUE(read_file(dir.path() / "missing.rec", &problem).empty());
  ASSERT_TRUE(problem.has_value());
  EXPECT_TRUE(problem->unreadable);
  EXPECT_EQ(problem->diagnostic.code, "record.io");
  EXPECT_EQ(problem->diagnostic.message, "cannot open: No such file or directory");
  EXPECT_EQ(problem->diagnostic.span.line, 0u);
  EXPECT_EQ(problem->diagnostic.span.col, 0u);

  EXPECT_TRUE(read_file(dir.path(), &problem).empty());
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(problem->diagnostic.code, "record.io");
  EXPECT_EQ(problem->diagnostic.message, "cannot read: Is a directory");
}

// ---------------------------------------------------------------- limits

TEST(RecordLimits, ARecordOverTheLimitKeepsItsTagsAndOneDiagnostic) {
  RecordReader reader("t.rec");
  reader.set_max_record_bytes(40);
  ASSERT_FALSE(
      reader.open_text("[Game \"x\"]\n1. aaaa bbbb cccc dddd eeee ffff gggg }\n"
                       "[Game \"y\"]\n1. z\n"));
  std::vector<Record> records;
  while (auto r = reader.next()) records.push_back(std::move(*r));
  EXPECT_FALSE(reader.finish().has_value());
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(describe(records), (Lines{"1@1 off 0 first 1: [Game=x@1:1+10] !record.limit@1:1+1",
                                      "2@3 off 51 first 3: [Game=y@3:1+10] z@4:4+1/65"}));
  EXPECT_EQ(records[0].text, "[Game \"x\"]\n");
  EXPECT_EQ(records[0].tag_diagnostics[0].message,
            "record is larger than the 40-byte limit; raise it with --max-record-bytes");
  EXPECT_EQ(records[0].tag_diagnostics[0].source_line, "[Game \"x\"]");
}

TEST(RecordLimits, LinesLongerThanTheLimitAreSkippedInPieces) {
  const std::string longline(300, 'c');
  const std::vector<std::pair<std::string, Lines>> cases = {
      // A long line inside an open comment; a well-formed tag line still ends it.
      {"[Game \"x\"]\n1. a {" + longline + "\n[Game \"y\"]\n1. z\n",
       {"1@1 off 0 first 1: [Game=x@1:1+10] !record.limit@1:1+1",
        "2@3 off 318 first 3: [Game=y@3:1+10] z@4:4+1/332"}},
      // A '{' inside a long `;` comment opens nothing.
      {"[Game \"x\"]\n1. a ; {" + longline + "\n[Game \"y\"]\n1. z\n",
       {"1@1 off 0 first 1: [Game=x@1:1+10] !record.limit@1:1+1",
        "2@3 off 320 first 3: [Game=y@3:1+10] z@4:4+1/334"}},
      // A long tag line after movetext starts a record that is itself too large; the next
      // tag line is still one of its consecutive tag lines.
      {"[Game \"x\"]\n1. a\n[Event \"" + longline + "\"]\n[Game \"y\"]\n1. z\n",
       {"1@1 off 0 first 1: [Game=x@1:1+10] a@2:4+1/14",
        "2@3 off 16 first 3: !record.limit@3:1+1"}},
      {"[Game \"x\"]\n1. a\n[Event \"" + longline + "\"]\n\n[Game \"y\"]\n1. z\n",
       {"1@1 off 0 first 1: [Game=x@1:1+10] a@2:4+1/14", "2@3 off 16 first 3: !record.limit@3:1+1",
        "3@5 off 328 first 5: [Game=y@5:1+10] z@6:4+1/342"}},
      // A record without tags that is too large.
      {"1. a " + longline + "\n[Game \"y\"]\n",
       {"1@1 off 0 first 1: !record.limit@1:1+1", "2@2 off 306 first 2: [Game=y@2:1+10]"}},
  };
  for (const auto& [input, expected] : cases) {
    RecordReader reader("t.rec");
    reader.set_max_record_bytes(100);
    ASSERT_FALSE(reader.open_text(input));
    std::vector<Record> records;
    while (auto r = reader.next()) records.push_back(std::move(*r));
    EXPECT_EQ(describe(records), expected);
  }
}

TEST(RecordLimits, ATokenOverOneMebibyteIsSkipped) {
  const std::string huge((1u << 20) + 1, 'x');
  const std::string fits(1u << 20, 'y');
  const auto records = read("[G \"x\"]\na " + huge + " b (" + huge + ") c " + fits + "\n");
  ASSERT_EQ(records.size(), 1u);
  ASSERT_EQ(records[0].plies.size(), 4u);
  EXPECT_EQ(records[0].plies[1].text, "b");
  EXPECT_FALSE(records[0].plies[2].roll.has_value());
  EXPECT_EQ(records[0].plies[3].text.size(), 1u << 20);
  ASSERT_EQ(records[0].movetext_diagnostics.size(), 2u);
  EXPECT_EQ(records[0].movetext_diagnostics[0].code, "record.limit");
  EXPECT_EQ(at(records[0].movetext_diagnostics[0].span), "2:3+1");
  EXPECT_EQ(records[0].movetext_diagnostics[0].message,
            "token is longer than the 1048576-byte limit; it is skipped (raise it with "
            "--max-token-bytes)");
  EXPECT_EQ(records[0].movetext_diagnostics[1].span.col, (1u << 20) + 7u);
}

// ---------------------------------------------------------------- files

// Builds a text of many records with every kind of line ending, comments across lines and
// multi-byte characters, long enough to need many reads.
std::string big_text(std::size_t min_bytes) {
  std::string out = "\xEF\xBB\xBF; archive\n";
  const char* endings[] = {"\n", "\r\n", "\r"};
  for (int i = 0; out.size() < min_bytes; ++i) {
    const char* eol = endings[i % 3];
    out += "[Game \"g" + std::to_string(i) + "\"]" + eol + "[Site \"Z\xC3\xBCrich\"]" + eol;
    out += std::string("1. (5) c3 {\xE2\x82\xAC") + eol + "x} d4 ; note" + eol;
    out += "2. e5 " + std::string(static_cast<std::size_t>(i % 50), 'f') + " 3." + eol;
    if (i % 7 == 0) out += eol;
  }
  return out;
}

TEST(RecordFiles, ReadingAFileInChunksGivesTheSameRecordsAsMemory) {
  test::TempDir dir;
  const std::string text = big_text(1u << 20);
  const auto path = dir.path() / "big.rec";
  test::write_file(path, text);
  std::optional<FileProblem> problem;
  const auto from_file = read_file(path, &problem);
  EXPECT_FALSE(problem.has_value());
  const auto from_memory = read(text);
  ASSERT_GT(from_memory.size(), 5000u);
  ASSERT_EQ(from_file.size(), from_memory.size());
  EXPECT_EQ(describe(from_file), describe(from_memory));
  for (std::size_t i = 0; i < from_file.size(); ++i) {
    ASSERT_EQ(from_file[i].text, from_memory[i].text) << i;
    ASSERT_EQ(text.substr(from_file[i].offset, from_file[i].text.size()), from_file[i].text);
  }
  EXPECT_EQ(from_file.back().index, static_cast<int>(from_file.size()));
}

TEST(RecordFiles, LineEndingsSplitAcrossReads) {
  // Put "\r\n" and lone "\r" endings on every byte around the read boundaries (256 KiB).
  test::TempDir dir;
  for (std::size_t shift = 0; shift < 8; ++shift) {
    std::string text(262144 - 8 + shift, ' ');
    text[0] = 'a';
    text += "b\r\nc\rd\r\n[G \"x\"]\r\n1. e\r";
    const auto path = dir.path() / ("edge" + std::to_string(shift) + ".rec");
    test::write_file(path, text);
    std::optional<FileProblem> problem;
    EXPECT_EQ(describe(read_file(path, &problem)), describe(read(text))) << shift;
    EXPECT_EQ(describe(read(text)).size(), 2u);
  }
}

TEST(RecordFiles, EncodingErrorFarIntoAFile) {
  test::TempDir dir;
  std::string text = big_text(2u << 20);
  text += "abc\xC3\xA9\xFF tail\n";
  const auto path = dir.path() / "bad.rec";
  test::write_file(path, text);
  std::optional<FileProblem> from_file;
  EXPECT_TRUE(read_file(path, &from_file).empty());
  std::optional<FileProblem> from_memory;
  EXPECT_TRUE(read(text, &from_memory).empty());
  ASSERT_TRUE(from_file.has_value() && from_memory.has_value());
  EXPECT_EQ(from_file->diagnostic, from_memory->diagnostic);
  EXPECT_EQ(from_file->diagnostic.span.col, 5u);
  EXPECT_EQ(from_file->diagnostic.span.offset, text.size() - 7);
  EXPECT_EQ(from_file->diagnostic.source_line, "abc\xC3\xA9\xEF\xBF\xBD tail");
}

TEST(RecordFiles, RecordLimitWhileReadingAFile) {
  test::TempDir dir;
  std::string text = "[Game \"x\"]\n1. a";
  for (int i = 0; i < 200000; ++i) text += " b" + std::to_string(i);
  text += "\n[Game \"y\"]\n1. z\n";
  const auto path = dir.path() / "large.rec";
  test::write_file(path, text);
  std::optional<FileProblem> problem;
  const auto records = read_file(path, &problem, 100000);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(describe(records)[0], "1@1 off 0 first 1: [Game=x@1:1+10] !record.limit@1:1+1");
  EXPECT_EQ(records[1].plies.size(), 1u);
  EXPECT_EQ(records[1].line, 3u);
}

// ---------------------------------------------------------------- segments

// Reads a file in the segments split_file() cuts (at every certain record start when `target`
// is 1), numbering records across segments as validate does.
std::vector<Record> read_in_segments(const std::filesystem::path& path, std::uint64_t target,
                                     std::size_t* segments) {
  std::vector<Record> out;
  const auto cut = split_file(path, target);
  EXPECT_TRUE(cut.has_value());
  if (!cut) return out;
  *segments = cut->size();
  for (const FileSegment& seg : *cut) {
    RecordReader reader("f.rec");
    EXPECT_FALSE(reader.open_segment(path, seg).has_value());
    const int before = static_cast<int>(out.size());
    while (auto r = reader.next()) {
      r->index += before;
      out.push_back(std::move(*r));
    }
  }
  return out;
}

// Random files from lines that matter for record starts (tag lines good and bad, blank lines,
// comments opened and closed across lines, movetext, rolls, long lines, LF, CRLF and lone CR)
// read in segments give exactly the records of one serial reading.
TEST(RecordSegments, SegmentedReadingEqualsSerialReading) {
  const std::vector<std::string> pieces = {
      "[Game \"toy\"]", "[Event \"x\"]", "[Game \"toy\"] [Round \"2\"]", "[bad tag",
      "[Game \"unclosed", "", "", "  ", "1. a b 2. c", "(3) a (4)", "{ comment", "still }",
      "{ one line }", "; to the end", "} stray", "a {x} b", "[Event \"y\"] trailing",
      std::string(300, 'm'), "\t", "[Result \"A\"]"};
  const std::vector<std::string> endings = {"\n", "\r\n", "\r"};
  test::TempDir dir;
  const auto path = dir.path() / "random.rec";
  std::uint64_t state = 12345;
  auto next = [&state](std::uint64_t n) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (state >> 33) % n;
  };
  std::size_t most_segments = 0;
  for (int round = 0; round < 300; ++round) {
    std::string text;
    const std::string& eol = endings[next(endings.size())];
    const std::uint64_t lines = 1 + next(60);
    for (std::uint64_t i = 0; i < lines; ++i) {
      text += pieces[next(pieces.size())];
      text += next(10) == 0 ? endings[next(endings.size())] : eol;
    }
    if (next(4) == 0) text = "\xEF\xBB\xBF" + text;
    test::write_file(path, text);
    std::optional<FileProblem> problem;
    const auto serial = read_file(path, &problem);
    std::size_t segments = 0;
    const auto cut = read_in_segments(path, 1, &segments);
    most_segments = std::max(most_segments, segments);
    ASSERT_EQ(describe(cut), describe(serial)) << "round " << round << ":\n" << text;
    for (std::size_t k = 0; k < serial.size(); ++k) {
      EXPECT_EQ(cut[k].text, serial[k].text) << "round " << round << ", record " << k + 1;
      EXPECT_EQ(cut[k].stray_rolls.size(), serial[k].stray_rolls.size());
    }
  }
  EXPECT_GT(most_segments, 5u);  // the test does cut files
}

// A file that is not UTF-8 is not cut: split_file says nothing, and open_file says why.
TEST(RecordSegments, BadEncodingIsNotCut) {
  test::TempDir dir;
  const auto path = dir.path() / "bad.rec";
  test::write_file(path, "[Game \"toy\"]\n\n1. a\n\n[Game \"toy\"]\n{ \xff }\n");
  EXPECT_FALSE(split_file(path, 1).has_value());
  EXPECT_FALSE(split_file(dir.path() / "missing.rec", 1).has_value());
}

}  // namespace
}  // namespace scribe::notation
