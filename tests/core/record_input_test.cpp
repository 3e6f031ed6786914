// The record reader's input handling (record-format.md): line endings, the byte order mark,
// encoding errors, files without records, I/O errors, size limits, and reading files in
// chunks (the same records as from memory).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
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
      s += std::string(r.text_of(p)) + "@" + at(p.span) + "/" + std::to_string(p.span.offset);
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
  // Every kind of ending, a lone CR before and after an LF: "\n\r" is two endings.
  const auto mixed = read("[G \"x\"]\n1. a\rb\nc\r\nd\n\re\rf");
  ASSERT_EQ(mixed.size(), 1u);
  const char* lines[] = {"[G \"x\"]", "1. a", "b", "c", "d", "", "e", "f", ""};
  for (std::uint32_t n = 1; n <= 9; ++n) EXPECT_EQ(mixed[0].source_line(n), lines[n - 1]) << n;
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
  int record;         // the record (1-based) that gets the record.encoding diagnostic
  std::string where;  // line:col+len of the record.encoding diagnostic
  std::uint64_t offset;
  bool nul;
};

// Returns every record.encoding of `records` as "record:line:col+len".
Lines encodings(const std::vector<Record>& records) {
  Lines out;
  for (const auto& r : records)
    for (const auto& d : r.tag_diagnostics)
      if (d.code == "record.encoding") out.push_back(std::to_string(r.index) + ":" + at(d.span));
  return out;
}

// Columns count the valid characters before the first bad byte (C10); the record is read,
// with one record.encoding among its tag diagnostics (so it is not replayed).
TEST(RecordEncoding, OneDiagnosticAtTheFirstBadByteOfItsRecord) {
  const std::vector<EncodingCase> cases = {
      {"invalid byte",
       "[G \"x\"]\nb\xFF"
       "c\n",
       1, "2:2+1", 9, false},
      {"NUL byte", "ab\0c"s, 1, "1:3+1", 2, true},
      {"cut-short character after a 2-byte one", "\xC3\xA9\xC3(", 1, "1:2+1", 2, false},
      {"stray continuation byte", "a\x80", 1, "1:2+1", 1, false},
      {"overlong encoding", "x\xE0\x80\x80", 1, "1:2+1", 1, false},
      {"surrogate", "\xED\xA0\x80", 1, "1:1+1", 0, false},
      {"above U+10FFFF", "\xF4\x90\x80\x80", 1, "1:1+1", 0, false},
      {"C0 lead byte", "\xC0\xAF", 1, "1:1+1", 0, false},
      {"cut short by the end of the file", "ab\xE2\x82", 1, "1:3+1", 2, false},
      {"after a byte order mark", "\xEF\xBB\xBF\xFF", 1, "1:1+1", 3, false},
      {"CRLF lines", "a\r\nb\r\n\xC0", 1, "3:1+1", 6, false},
      {"lone CR lines", "a\rb\r\r\xFE", 1, "4:1+1", 5, false},
      {"after good records", "[G \"x\"]\n1. a\n\n[G \"y\"]\n1. \xF0\x9F\x98\x80 \xF8", 2, "5:6+1",
       30, false},
      {"NUL inside a character", "\xE2\x82\0"s, 1, "1:1+1", 0, false},
      {"in a tag value", "[G \"Jos\xE9\"]\n1. a\n", 1, "1:8+1", 7, false},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    std::optional<FileProblem> problem;
    const auto records = read(c.input, &problem);
    EXPECT_FALSE(problem.has_value());
    ASSERT_EQ(encodings(records), Lines{std::to_string(c.record) + ":" + c.where});
    const Record& r = records[static_cast<std::size_t>(c.record - 1)];
    const Diagnostic* d = nullptr;
    for (const auto& x : r.tag_diagnostics)
      if (x.code == "record.encoding") d = &x;
    ASSERT_NE(d, nullptr);
    EXPECT_EQ(d->severity, Severity::kError);
    EXPECT_FALSE(d->ply.has_value());
    EXPECT_EQ(d->span.offset, c.offset);
    EXPECT_EQ(d->message.find("NUL") != std::string::npos, c.nul) << d->message;
  }
}

TEST(RecordEncoding, MessagesNameTheByteAndSuggestAnEncoding) {
  auto message = [](const std::string& text) {
    const auto records = read(text);
    EXPECT_EQ(records.size(), 1u);
    return records.empty() || records[0].tag_diagnostics.empty()
               ? std::string()
               : records[0].tag_diagnostics[0].message;
  };
  EXPECT_EQ(message("caf\xE9"),
            "invalid UTF-8 (byte 0xE9); the record is not replayed. If the file is Latin-1, "
            "where 0xE9 is '\xC3\xA9', read it with --encoding latin1");
  EXPECT_EQ(message("\x93quoted\x94"),
            "invalid UTF-8 (byte 0x93); the record is not replayed. If the file is "
            "Windows-1252, where 0x93 is '\xE2\x80\x9C', read it with --encoding cp1252");
  // 0x81 is no character of Windows-1252 (and a control character in Latin-1): no hint.
  EXPECT_EQ(message("a\x81"), "invalid UTF-8 (byte 0x81); the record is not replayed");
  // A lead byte whose character is cut short is named too.
  EXPECT_EQ(message("\xE2\x82x"),
            "invalid UTF-8 (byte 0xE2); the record is not replayed. If the file is Latin-1, "
            "where 0xE2 is '\xC3\xA2', read it with --encoding latin1");
  // (Not "a\0": NUL in every second byte of the first line is UTF-16.)
  EXPECT_EQ(message("ab\0c"s), "a NUL byte (0x00) in the text; the record is not replayed");
}

TEST(RecordEncoding, SourceLineShowsBadBytesAsReplacementCharacters) {
  const auto records = read(
      "ok\nb\xC3\xA9\xFF"
      "c\xE2z\n");
  ASSERT_EQ(records.size(), 1u);
  ASSERT_EQ(records[0].tag_diagnostics.size(), 1u);
  const Diagnostic& d = records[0].tag_diagnostics[0];
  // Each bad byte is one U+FFFD, so the caret lines up with column 3.
  EXPECT_EQ(d.source_line,
            "b\xC3\xA9\xEF\xBF\xBD"
            "c\xEF\xBF\xBDz");
  EXPECT_EQ(at(d.span), "2:3+1");
  // In the record, bad bytes are U+FFFD in tag values, one byte 0x1A in the text and plies
  // (so offsets and lengths stay those of the file).
  ASSERT_EQ(records[0].plies.size(), 2u);
  EXPECT_EQ(records[0].text_of(records[0].plies[1]),
            "b\xC3\xA9\x1A"
            "c\x1Az");
  EXPECT_EQ(records[0].plies[1].span.offset, 3u);
  EXPECT_EQ(records[0].text,
            "ok\nb\xC3\xA9\x1A"
            "c\x1Az\n");
  const auto tagged = read("[Player1 \"Jos\xE9\"]\n");
  ASSERT_EQ(tagged.size(), 1u);
  ASSERT_EQ(tagged[0].tags.size(), 1u);
  EXPECT_EQ(tagged[0].tags[0].value, "Jos\xEF\xBF\xBD");
}

// One Latin-1 byte in an archive of 201 records spoils its record only (issue 16), and the
// record boundaries do not move.
TEST(RecordEncoding, ABadByteSpoilsOnlyItsRecord) {
  std::string text, clean;
  for (int i = 1; i <= 201; ++i) {
    const std::string player = i == 100 ? "Jos\xE9" : "Jose";
    text += "[G \"x\"]\n[Player1 \"" + player + "\"]\n1. a 2. b\n\n";
    clean += "[G \"x\"]\n[Player1 \"Jose\"]\n1. a 2. b\n\n";
  }
  std::optional<FileProblem> problem;
  const auto records = read(text, &problem);
  EXPECT_FALSE(problem.has_value());
  ASSERT_EQ(records.size(), 201u);
  EXPECT_EQ(encodings(records), Lines{"100:" + std::to_string(99 * 4 + 2) + ":14+1"});
  const auto good = read(clean);
  ASSERT_EQ(good.size(), 201u);
  for (std::size_t i = 0; i < 201; ++i) {
    EXPECT_EQ(records[i].offset, good[i].offset);
    EXPECT_EQ(records[i].line, good[i].line);
    EXPECT_EQ(records[i].plies.size(), 2u);
  }
}

TEST(RecordEncoding, FurtherBadBytesOfTheSameRecordAddNothing) {
  const auto records = read("[G \"x\"]\n[E \"\xE9\"]\n1. \xFF \0 b\n\n[G \"y\"]\n1. \x80\n"s);
  EXPECT_EQ(encodings(records), (Lines{"1:2:5+1", "2:6:4+1"}));
}

// A bad byte outside every record (comments and blank lines before the first tag) belongs to
// the record that follows; between records, comments belong to the record before (the next
// one starts at its first tag line).
TEST(RecordEncoding, BadBytesOutsideRecordsBelongToTheFollowingRecord) {
  auto records = read("; caf\xE9\n{ \xFF }\n\n[G \"x\"]\n1. a\n");
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].line, 4u);
  EXPECT_EQ(encodings(records), Lines{"1:1:6+1"});
  records = read("[G \"x\"]\n1. a\n\n; caf\xE9\n[G \"y\"]\n1. b\n");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(encodings(records), Lines{"1:4:6+1"});
  EXPECT_EQ(records[1].line, 5u);
  // A file of comments only, with a bad byte: no record follows the byte, so the file gets
  // the one diagnostic of a file without records (record-format.md: record.no-records at
  // 1:1), whose message names the byte and its place.
  std::optional<FileProblem> problem;
  EXPECT_TRUE(read("; only \xE9 a comment\n", &problem).empty());
  ASSERT_TRUE(problem.has_value());
  EXPECT_EQ(problem->diagnostic.code, "record.no-records");
  EXPECT_EQ(at(problem->diagnostic.span), "1:1+1");
  EXPECT_EQ(problem->diagnostic.message,
            "the file holds no record, only blank lines and comments; at line 1, column 8: "
            "invalid UTF-8 (byte 0xE9). If the file is Latin-1, where 0xE9 is '\xC3\xA9', read it "
            "with --encoding latin1");
  EXPECT_EQ(problem->diagnostic.source_line, "; only \xEF\xBF\xBD a comment");
  EXPECT_FALSE(problem->unreadable);
}

// A bad byte standing in the converted text of --encoding (kUnconvertibleMark and the byte's
// two halves) is named as the byte of the source encoding.
TEST(RecordEncoding, UnconvertibleBytesOfASourceEncoding) {
  RecordReader reader("t.rec");
  reader.set_source_encoding("cp1252");
  ASSERT_FALSE(reader.open_text("[G \"x\"]\n1. a\xFF\x88\x81z\n").has_value());
  const auto r = reader.next();
  ASSERT_TRUE(r.has_value());
  ASSERT_EQ(r->tag_diagnostics.size(), 1u);
  const Diagnostic& d = r->tag_diagnostics[0];
  EXPECT_EQ(d.message, "byte 0x81 cannot be converted from cp1252; the record is not replayed");
  EXPECT_EQ(at(d.span), "2:5+1");
  EXPECT_EQ(d.source_line, "1. a\xEF\xBF\xBDz");
  // Unconvertible bytes in a row are named together (here UTF-8 'é' read as ASCII).
  reader.set_source_encoding("ascii");
  ASSERT_FALSE(reader.open_text("caf\xFF\x8C\x83\xFF\x8A\x89\n").has_value());
  const auto two = reader.next();
  ASSERT_TRUE(two.has_value());
  ASSERT_EQ(two->tag_diagnostics.size(), 1u);
  EXPECT_EQ(two->tag_diagnostics[0].message,
            "bytes 0xC3 0xA9 cannot be converted from ascii; the record is not replayed");
  EXPECT_EQ(at(two->tag_diagnostics[0].span), "1:4+1");
  // The mark of an unconvertible byte is one character, as the byte is in the converted text:
  // one U+FFFD in a tag value, and the columns after it on its line count it once.
  reader.set_source_encoding("cp1252");
  ASSERT_FALSE(reader.open_text("[G \"a\xFF\x88\x81z\"]\n1. a {\xFF\x88\x81} 3. b\n").has_value());
  const auto marked = reader.next();
  ASSERT_TRUE(marked.has_value());
  ASSERT_EQ(marked->tags.size(), 1u);
  // (A reader that read another text first reads this one's tag line afresh.)
  EXPECT_EQ(marked->tags[0].value, "a\xEF\xBF\xBDz");
  ASSERT_EQ(marked->move_numbers.size(), 2u);
  EXPECT_EQ(at(marked->move_numbers[1].span), "2:10+2");
}

// A UTF-16 or UTF-32 file gets one record.encoding at 1:1 and is unreadable.
TEST(RecordEncoding, Utf16AndUtf32FilesAreNamed) {
  const std::string line = "[G \"x\"]\n";
  auto widen = [&](std::size_t unit, bool big, const std::string& bom) {
    std::string out = bom;
    for (char c : line)
      for (std::size_t b = 0; b < unit; ++b) out += (big ? b == unit - 1 : b == 0) ? c : '\0';
    return out;
  };
  const std::vector<std::tuple<std::string, std::string, std::string>> cases = {
      {"utf-16 le bom", widen(2, false, "\xFF\xFE"),
       "UTF-16 (it starts with a UTF-16 byte order mark), not UTF-8; read it with --encoding "
       "utf-16"},
      {"utf-16 be bom", widen(2, true, "\xFE\xFF"),
       "UTF-16 (it starts with a UTF-16 byte order mark), not UTF-8; read it with --encoding "
       "utf-16"},
      {"utf-16 le", widen(2, false, ""),
       "UTF-16 (little-endian: its first line has NUL in every second byte), not UTF-8; read it "
       "with --encoding utf-16le"},
      {"utf-16 be", widen(2, true, ""),
       "UTF-16 (big-endian: its first line has NUL in every second byte), not UTF-8; read it with "
       "--encoding utf-16be"},
      {"utf-32 le bom", widen(4, false, "\xFF\xFE\0\0"s),
       "UTF-32 (it starts with a UTF-32 byte order mark), not UTF-8; read it with --encoding "
       "utf-32"},
      {"utf-32 be", widen(4, true, ""),
       "UTF-32 (big-endian: its first line has NUL in three bytes of every four), not UTF-8; read "
       "it with --encoding utf-32be"},
  };
  test::TempDir dir;
  for (const auto& [name, text, message] : cases) {
    SCOPED_TRACE(name);
    std::optional<FileProblem> problem;
    EXPECT_TRUE(read(text, &problem).empty());
    ASSERT_TRUE(problem.has_value());
    EXPECT_TRUE(problem->unreadable);
    EXPECT_EQ(problem->diagnostic.code, "record.encoding");
    EXPECT_EQ(at(problem->diagnostic.span), "1:1+1");
    EXPECT_EQ(problem->diagnostic.message, "the file is " + message);
    EXPECT_EQ(problem->diagnostic.source_line, "[G \"x\"]");
    const auto path = dir.path() / "wide.rec";
    test::write_file(path, text);
    std::optional<FileProblem> from_file;
    EXPECT_TRUE(read_file(path, &from_file).empty());
    ASSERT_TRUE(from_file.has_value());
    EXPECT_EQ(from_file->diagnostic, problem->diagnostic);
  }
  // A NUL in a UTF-8 first line is a bad byte, not UTF-16.
  std::optional<FileProblem> problem;
  EXPECT_EQ(encodings(read("ab\0c\n"s, &problem)), Lines{"1:1:3+1"});
  EXPECT_FALSE(problem.has_value());
}

// Random texts with bad bytes: the records tile the text, and a record has record.encoding,
// at its first bad byte, exactly when its bytes hold one (0xE9 never starts a character here:
// no continuation byte follows it; NUL is always bad).
TEST(RecordEncoding, RandomTextsSpoilExactlyTheRecordsThatHoldBadBytes) {
  const std::vector<std::string> pieces = {"[G \"x\"]", "[E \"y\"]", "\n",  "\n", "\r\n",
                                           " ",         "{",         "}",   "1.", "a",
                                           ";",         "\xE9",      "\0"s, "(3)"};
  std::uint64_t state = 99;
  auto next = [&state](std::uint64_t n) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (state >> 33) % n;
  };
  int spoiled = 0;
  for (int round = 0; round < 500; ++round) {
    std::string text;
    for (std::uint64_t i = 0, n = 1 + next(40); i < n; ++i) text += pieces[next(pieces.size())];
    std::optional<FileProblem> problem;
    const auto records = read(text, &problem);
    if (problem && problem->unreadable) continue;  // "a\0" first lines read as UTF-16
    if (records.empty()) {                         // blank lines and comments only
      ASSERT_TRUE(problem.has_value()) << round;
      // record.no-records at 1:1 either way; a bad byte is named in its message.
      const std::size_t bad = text.find_first_of("\xE9\0"s);
      EXPECT_EQ(problem->diagnostic.code, "record.no-records");
      EXPECT_EQ(problem->diagnostic.span.offset, 0u) << round;
      EXPECT_EQ(problem->diagnostic.message.find(" (0x") != std::string::npos ||
                    problem->diagnostic.message.find("byte 0x") != std::string::npos,
                bad != std::string::npos)
          << round;
      continue;
    }
    std::uint64_t at = 0;  // the first record holds the blank lines and comments before it
    for (const auto& r : records) {
      ASSERT_EQ(r.offset, at) << round;
      const std::string raw = text.substr(r.offset, r.text.size());
      at += r.text.size();
      const std::size_t bad = raw.find_first_of("\xE9\0"s);
      std::vector<const Diagnostic*> found;
      for (const auto& d : r.tag_diagnostics)
        if (d.code == "record.encoding") found.push_back(&d);
      if (bad == std::string::npos) {
        EXPECT_TRUE(found.empty()) << round;
        EXPECT_EQ(raw, r.text) << round;
        continue;
      }
      ++spoiled;
      ASSERT_EQ(found.size(), 1u) << round;
      EXPECT_EQ(found[0]->span.offset, r.offset + bad) << round;
      for (const auto& p : r.plies) EXPECT_LE(p.span.offset + r.text_of(p).size(), text.size());
    }
    EXPECT_EQ(at, text.size()) << round;
  }
  EXPECT_GT(spoiled, 100);
}

// A line longer than the record limit comes in fragments; a character cut by a fragment's end
// is not a bad byte, and a bad byte's column counts the characters of earlier fragments.
TEST(RecordEncoding, CharactersCutBetweenFragmentsOfALongLine) {
  std::string line;
  for (int i = 0; i < 3000; ++i) line += "\xC3\xA9";  // 'é', two bytes
  for (const std::string& tail : {std::string(), std::string("x\xFF")}) {
    RecordReader reader("t.rec");
    reader.set_max_record_bytes(1000);  // fragments of 1001 bytes: they cut characters
    ASSERT_FALSE(reader.open_text("[G \"x\"]\n" + line + tail + "\n").has_value());
    const auto r = reader.next();
    ASSERT_TRUE(r.has_value());
    Lines codes;
    for (const auto& d : r->tag_diagnostics) codes.push_back(d.code + "@" + at(d.span));
    if (tail.empty())
      EXPECT_EQ(codes, Lines{"record.limit@1:1+1"});
    else
      EXPECT_EQ(codes, (Lines{"record.limit@1:1+1", "record.encoding@2:3002+1"}));
  }
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
  EXPECT_EQ(records[0].text_of(records[0].plies[1]), "b");
  EXPECT_FALSE(records[0].plies[2].roll.has_value());
  EXPECT_EQ(records[0].text_of(records[0].plies[3]).size(), 1u << 20);
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
  std::optional<FileProblem> problem;
  const auto from_file = read_file(path, &problem);
  EXPECT_FALSE(problem.has_value());
  const auto from_memory = read(text);
  ASSERT_GT(from_file.size(), 5000u);
  EXPECT_EQ(describe(from_file), describe(from_memory));
  const Record& last = from_file.back();
  ASSERT_EQ(encodings(from_file).size(), 1u);
  ASSERT_FALSE(last.tag_diagnostics.empty());
  const Diagnostic& d = last.tag_diagnostics.back();
  EXPECT_EQ(d.code, "record.encoding");
  EXPECT_EQ(d.span.col, 5u);
  EXPECT_EQ(d.span.offset, text.size() - 7);
  EXPECT_EQ(d.source_line, "abc\xC3\xA9\xEF\xBF\xBD tail");
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

// Reads a file in the segments of a grid cut of step `piece` (plan_grid_cut, read_grid_segment),
// each read at once and its lines counted in memory, numbering lines and records across
// segments as validate does; `empty` counts the segments that hold no byte.
std::vector<Record> read_in_grid_segments(const std::filesystem::path& path, std::uint64_t piece,
                                          std::size_t* empty) {
  std::vector<Record> out;
  const auto cut = plan_grid_cut(path, piece);
  EXPECT_TRUE(cut.has_value());
  if (!cut) return out;
  std::uint64_t line = 1, next_begin = cut->text_begin;
  for (std::size_t k = 0; k < cut->segments; ++k) {
    SegmentText seg;
    EXPECT_FALSE(read_grid_segment(path, *cut, k, &seg).has_value());
    EXPECT_EQ(seg.segment.begin, next_begin) << "segment " << k;  // segments follow each other
    EXPECT_EQ(seg.text.size(), seg.segment.end - seg.segment.begin);
    next_begin = seg.segment.end;
    if (seg.text.empty()) ++*empty;
    seg.segment.first_line = static_cast<std::uint32_t>(line);
    line += count_line_ends(seg.text);
    RecordReader reader("f.rec");
    reader.open_segment_text(seg.text, seg.segment);
    const int before = static_cast<int>(out.size());
    while (auto r = reader.next()) {
      r->index += before;
      out.push_back(std::move(*r));
    }
  }
  EXPECT_EQ(next_begin, cut->size);
  return out;
}

// Line ends counted one byte at a time: LF, CR and CRLF each end one line.
std::uint64_t line_ends_one_by_one(std::string_view text) {
  std::uint64_t ends = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    if (text[i] == '\n' || text[i] == '\r') ++ends;
  }
  return ends;
}

// count_line_ends (of a text, and of a file's bytes, read in chunks of 256 KiB) against the
// count one byte at a time: texts of every length around the 16-byte steps, with LF only
// (counted fast), with CRLF and lone CRs (counted exactly), with over 255 LFs in one byte lane,
// and a file whose CRLF straddles a chunk boundary.
TEST(RecordSegments, LineEndsCountedFastEqualLineEndsCountedOneByOne) {
  std::uint64_t state = 7;
  auto next = [&state](std::uint64_t n) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (state >> 33) % n;
  };
  const std::vector<std::string> lf_only = {"a", "\n", "bb", "\n\n", "[Game \"x\"]"};
  const std::vector<std::string> mixed = {"a", "\n", "\r", "\r\n", "\n\r", "bb"};
  for (int round = 0; round < 2000; ++round) {
    const auto& pieces = round % 2 == 0 ? lf_only : mixed;
    std::string text;
    for (std::uint64_t i = 0, n = next(round < 1000 ? 40 : 3000); i < n; ++i)
      text += pieces[next(pieces.size())];
    ASSERT_EQ(count_line_ends(text), line_ends_one_by_one(text)) << "round " << round;
  }
  // Every lane of the fast count full past 255 LFs.
  const std::string lfs(16 * 300 + 5, '\n');
  EXPECT_EQ(count_line_ends(lfs), lfs.size());
  EXPECT_EQ(count_line_ends(std::string(100, 'x') + "\r"), 1u);

  test::TempDir dir;
  const auto path = dir.path() / "chunks.rec";
  constexpr std::size_t kChunk = std::size_t{1} << 18;
  for (const std::string& around : {"\r\n"s, "\n\n"s, "\r\r"s, "x\n"s}) {
    std::string text(kChunk - 1, 'x');
    for (std::size_t i = 100; i < text.size(); i += 97) text[i] = '\n';
    text += around + std::string(5000, 'y') + "\n";
    test::write_file(path, text);
    EXPECT_EQ(count_line_ends(path, 0, text.size()), line_ends_one_by_one(text)) << around;
    EXPECT_EQ(count_line_ends(path, 10, text.size()),
              line_ends_one_by_one(std::string_view(text).substr(10)))
        << around;
  }
}

// Random files from lines that matter for record starts (tag lines good and bad, blank lines,
// comments opened and closed across lines, movetext, rolls, long lines, LF, CRLF and lone CR)
// read in segments give exactly the records of one serial reading.
TEST(RecordSegments, SegmentedReadingEqualsSerialReading) {
  const std::vector<std::string> pieces = {"[Game \"toy\"]",
                                           "[Event \"x\"]",
                                           "[Game \"toy\"] [Round \"2\"]",
                                           "[bad tag",
                                           "[Game \"unclosed",
                                           "",
                                           "",
                                           "  ",
                                           "1. a b 2. c",
                                           "(3) a (4)",
                                           "{ comment",
                                           "still }",
                                           "{ one line }",
                                           "; to the end",
                                           "} stray",
                                           "a {x} b",
                                           "[Event \"y\"] trailing",
                                           std::string(300, 'm'),
                                           "\t",
                                           "[Result \"A\"]",
                                           "1. caf\xE9 b",
                                           "; \xFF note",
                                           "[Event \"caf\xE9\"]",
                                           "{ \x80 }"};
  const std::vector<std::string> endings = {"\n", "\r\n", "\r"};
  test::TempDir dir;
  const auto path = dir.path() / "random.rec";
  std::uint64_t state = 12345;
  auto next = [&state](std::uint64_t n) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return (state >> 33) % n;
  };
  std::size_t most_segments = 0, most_empty = 0;
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
    std::size_t empty = 0;
    const std::uint64_t piece = 1 + next(40);
    const auto grid = read_in_grid_segments(path, piece, &empty);
    ASSERT_EQ(describe(grid), describe(serial)) << "round " << round << ", grid " << piece;
    most_empty = std::max(most_empty, empty);
    for (std::size_t k = 0; k < serial.size(); ++k) EXPECT_EQ(grid[k].text, serial[k].text);
    for (std::size_t k = 0; k < serial.size(); ++k) {
      EXPECT_EQ(cut[k].text, serial[k].text) << "round " << round << ", record " << k + 1;
      EXPECT_EQ(cut[k].stray_rolls.size(), serial[k].stray_rolls.size());
    }
  }
  EXPECT_GT(most_segments, 5u);  // the test does cut files
  EXPECT_GT(most_empty, 5u);     // and grid cuts with segments that hold nothing
}

// A grid cut shares the text evenly: as many segments as whole steps fit in it, each at least a
// step, the last longer than the others by less than a byte per segment (it used to hold the
// rest of the text besides its own step, up to twice the others, and finish last, alone).
TEST(RecordSegments, GridCutSharesTheTextEvenly) {
  test::TempDir dir;
  const auto path = dir.path() / "even.rec";
  for (const std::string bom : {"", "\xEF\xBB\xBF"}) {
    for (const std::uint64_t text : {1u, 255u, 1000u, 1999u, 65536u, 100003u}) {
      test::write_file(path, bom + std::string(text, 'x'));
      for (const std::uint64_t piece : {1u, 7u, 256u, 300u, 999u, 1000u, 40000u}) {
        const auto cut = plan_grid_cut(path, piece);
        ASSERT_TRUE(cut.has_value());
        ASSERT_EQ(cut->text_begin, bom.size());
        const std::size_t n = cut->segments;
        EXPECT_EQ(n, std::max<std::uint64_t>(1, text / piece)) << text << " / " << piece;
        if (n == 1) continue;
        EXPECT_GE(cut->piece, piece) << text << " / " << piece;
        const std::uint64_t last = cut->size - cut->text_begin - (n - 1) * cut->piece;
        EXPECT_GE(last, cut->piece) << text << " / " << piece;
        EXPECT_LT(last, cut->piece + n) << text << " / " << piece;
      }
    }
  }
}

// Bad bytes do not move record boundaries, so a file with them is cut like any other; a
// UTF-16 file is not cut (split_file says nothing, and open_file says why).
TEST(RecordSegments, BadBytesAreCutLikeOthersButUtf16IsNot) {
  test::TempDir dir;
  const auto path = dir.path() / "bad.rec";
  test::write_file(path,
                   "[Game \"toy\"]\n\n1. a\n\n[Game \"toy\"]\n{ \xff }\n\n[Game \"t\"]\n1. \0\n"s);
  const auto cut = split_file(path, 1);
  ASSERT_TRUE(cut.has_value());
  EXPECT_EQ(cut->size(), 3u);
  std::size_t segments = 0;
  std::optional<FileProblem> problem;
  const auto serial = read_file(path, &problem);
  EXPECT_EQ(describe(read_in_segments(path, 1, &segments)), describe(serial));
  EXPECT_EQ(encodings(serial), (Lines{"2:6:3+1", "3:9:4+1"}));
  std::size_t empty = 0;
  EXPECT_EQ(describe(read_in_grid_segments(path, 3, &empty)), describe(serial));
  test::write_file(path, "\xFF\xFE[\0G\0]\0\n\0"s);
  EXPECT_FALSE(split_file(path, 1).has_value());
  EXPECT_FALSE(split_file(dir.path() / "missing.rec", 1).has_value());
  EXPECT_FALSE(plan_grid_cut(path, 1).has_value());
  EXPECT_FALSE(plan_grid_cut(dir.path() / "missing.rec", 1).has_value());
}

}  // namespace
}  // namespace scribe::notation
