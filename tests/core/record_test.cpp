// The record container reader (record-format.md): tags, record boundaries, movetext tokens,
// comments, rolls and move numbers. Every expected span was counted by hand from the input.
#include "notation/core/record.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace scribe::notation {
namespace {

using Lines = std::vector<std::string>;

std::string at(const SourceSpan& s) {
  return std::to_string(s.line) + ":" + std::to_string(s.col) + "+" + std::to_string(s.len);
}

// "Name=value @span n@name_span v@value_span" for each tag.
Lines tags_of(const Record& r) {
  Lines out;
  for (const auto& t : r.tags)
    out.push_back(t.name + "=" + t.value + " @" + at(t.span) + " n" + at(t.name_span) + " v" +
                  at(t.value_span));
  return out;
}

// "text@span" for each ply, with "(roll)@span " in front when it has a roll.
Lines plies_of(const Record& r) {
  Lines out;
  for (const auto& p : r.plies) {
    std::string s;
    if (p.roll) s = "(" + p.roll->text + ")@" + at(p.roll->span) + " ";
    out.push_back(s + std::string(r.text_of(p)) + "@" + at(p.span));
  }
  return out;
}

// "value[...]@span>before_ply" for each move number.
Lines numbers_of(const Record& r) {
  Lines out;
  for (const auto& m : r.move_numbers)
    out.push_back(std::to_string(m.value) + (m.ellipsis ? "..." : ".") + "@" + at(m.span) + ">" +
                  std::to_string(m.before_ply));
  return out;
}

// "line:col+len code" for the tag diagnostics, then the movetext diagnostics.
Lines diags_of(const Record& r) {
  Lines out;
  for (const auto* list : {&r.tag_diagnostics, &r.movetext_diagnostics})
    for (const auto& d : *list) out.push_back(at(d.span) + " " + d.code);
  return out;
}

// "text@span>after_ply" for each comment ("{...}" or ";..."), with "!" after the span of an
// unclosed one and "^" in front of one above the record's tags.
Lines comments_of(const Record& r) {
  Lines out;
  for (const auto& c : r.comments)
    out.push_back(std::string(c.before_tags ? "^" : "") +
                  (c.braced ? "{" + c.text + "}" : ";" + c.text) + "@" + at(c.span) +
                  (c.closed ? "" : "!") + ">" + std::to_string(c.after_ply));
  return out;
}

std::vector<Record> read(const std::string& text) {
  std::optional<FileProblem> problem;
  auto records = read_records("t.rec", text, &problem);
  EXPECT_FALSE(problem.has_value()) << problem->diagnostic.code;
  return records;
}

// ---------------------------------------------------------------- tags

struct TagCase {
  std::string input;
  Lines tags;
  Lines diags;
};

TEST(RecordTags, ReadsNamesValuesEscapesAndSpans) {
  const std::vector<TagCase> cases = {
      {R"([Event "a \"b\" \\ c"])", {R"(Event=a "b" \ c @1:1+22 n1:2+5 v1:9+12)"}, {}},
      {R"([A "1"] [B "2"][C "3"])",
       {"A=1 @1:1+7 n1:2+1 v1:5+1", "B=2 @1:9+7 n1:10+1 v1:13+1", "C=3 @1:16+7 n1:17+1 v1:20+1"},
       {}},
      {R"([A ""])", {"A= @1:1+6 n1:2+1 v1:5+0"}, {}},
      {R"([ A  "x" ])", {"A=x @1:1+10 n1:3+1 v1:7+1"}, {}},
      {"[Site \"Z\xC3\xBCrich\"] [B \"2\"]",
       {"Site=Z\xC3\xBCrich @1:1+15 n1:2+4 v1:8+6", "B=2 @1:17+7 n1:18+1 v1:21+1"},
       {}},
      {"[Player_1 \"x\"]\t ", {"Player_1=x @1:1+14 n1:2+8 v1:12+1"}, {}},
      // Malformed: the diagnostic covers the tag from its '[' to its ']' (or the line's end).
      {R"([Event "a\nb"])", {}, {"1:1+14 record.bad-tag"}},
      {R"([Event "a\])", {}, {"1:1+11 record.bad-tag"}},
      {R"([Bad tag])", {}, {"1:1+9 record.bad-tag"}},
      {R"([Na-me "x"])", {}, {"1:1+11 record.bad-tag"}},
      {R"([ "x"])", {}, {"1:1+6 record.bad-tag"}},
      {R"([)", {}, {"1:1+1 record.bad-tag"}},
      {R"([A "1")", {}, {"1:1+6 record.bad-tag"}},
      {R"([A "1])", {}, {"1:1+6 record.bad-tag"}},
      {R"([A])", {}, {"1:1+3 record.bad-tag"}},
      // Well-formed tags before a malformed one on the same line are kept.
      {R"([A "1"] [B 2])", {"A=1 @1:1+7 n1:2+1 v1:5+1"}, {"1:9+5 record.bad-tag"}},
      // Text after the tags: the diagnostic covers that text, trailing blanks left out.
      {"[A \"1\"] junk here  ", {"A=1 @1:1+7 n1:2+1 v1:5+1"}, {"1:9+9 record.bad-tag"}},
      {"[A \"1\"] ; comment", {"A=1 @1:1+7 n1:2+1 v1:5+1"}, {"1:9+9 record.bad-tag"}},
      {"[A \"1\"]{c}", {"A=1 @1:1+7 n1:2+1 v1:5+1"}, {"1:8+3 record.bad-tag"}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.input);
    const auto records = read(c.input + "\n1. m\n");
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(tags_of(records[0]), c.tags);
    EXPECT_EQ(diags_of(records[0]), c.diags);
    EXPECT_EQ(records[0].line, 1u);
    for (const auto& d : records[0].tag_diagnostics) {
      EXPECT_EQ(d.source_line, c.input);
      EXPECT_FALSE(d.ply.has_value());
      EXPECT_TRUE(d.context.empty());
    }
  }
}

TEST(RecordTags, MessagesSayWhatIsWrong) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {R"([Event "a\nb"])",
       R"(malformed tag: '\n' in the value of tag Event is not an escape (only \" and \\ are))"},
      {R"([Bad tag])", "malformed tag: the value of tag Bad must be in double quotes"},
      {R"([Na-me "x"])",
       "malformed tag: '-' cannot stand in a tag name (letters, digits and _ only)"},
      {R"([ "x"])", "malformed tag: '[' must be followed by a tag name (letters, digits and _)"},
      // A character of several bytes is quoted whole.
      {"[A \"\\\xC3\xA9\"]",
       "malformed tag: '\\\xC3\xA9' in the value of tag A is not an escape (only \\\" and \\\\ "
       "are)"},
      {"[Na\xE2\x82\xACme \"x\"]",
       "malformed tag: '\xE2\x82\xAC' cannot stand in a tag name (letters, digits and _ only)"},
      {R"([A "1])", "malformed tag: the value of tag A has no closing quote"},
      {R"([A "1\)", "malformed tag: the value of tag A has no closing quote"},
      {R"([A "1")", "malformed tag: expected ']' after the value of tag A"},
      {R"([A "1"] x)", "text after the tags on a tag line"},
  };
  for (const auto& [input, message] : cases) {
    const auto records = read(input + "\n");
    ASSERT_EQ(records.size(), 1u) << input;
    ASSERT_EQ(records[0].tag_diagnostics.size(), 1u) << input;
    EXPECT_EQ(records[0].tag_diagnostics[0].message, message);
    EXPECT_EQ(records[0].tag_diagnostics[0].severity, Severity::kError);
  }
}

TEST(RecordTags, FindTagReturnsTheFirstExactName) {
  const auto records = read("[Game \"druid\"] [game \"x\"]\n");
  ASSERT_EQ(records.size(), 1u);
  ASSERT_NE(records[0].find_tag("Game"), nullptr);
  EXPECT_EQ(records[0].find_tag("Game")->value, "druid");
  EXPECT_EQ(records[0].find_tag("game")->value, "x");
  EXPECT_EQ(records[0].find_tag("GAME"), nullptr);
}

// ---------------------------------------------------------------- boundaries

struct BoundaryCase {
  std::string name;
  std::string input;
  Lines records;  // "line first_line offset | tag names | ply texts"
};

std::string summary(const Record& r) {
  std::string s = std::to_string(r.index) + "@" + std::to_string(r.line) + " first " +
                  std::to_string(r.first_line) + " off " + std::to_string(r.offset) + " |";
  for (const auto& t : r.tags) s += " " + t.name;
  s += " |";
  for (const auto& p : r.plies) s += " " + std::string(r.text_of(p));
  return s;
}

TEST(RecordBoundaries, FollowWhereARecordStarts) {
  const std::vector<BoundaryCase> cases = {
      {"blank line between records",
       "[Game \"x\"]\n[Site \"y\"]\n\n1. a\n[Game \"z\"]\n1. b\n",
       {"1@1 first 1 off 0 | Game Site | a", "2@5 first 5 off 28 | Game | b"}},
      {"no blank line",
       "[Game \"x\"]\n1. a\n[Game \"y\"]\n1. b",
       {"1@1 first 1 off 0 | Game | a", "2@3 first 3 off 16 | Game | b"}},
      {"tags only, split by a blank line",
       "[Game \"x\"]\n[Setup \"p\"]\n\n[Game \"y\"]\n",
       {"1@1 first 1 off 0 | Game Setup |", "2@4 first 4 off 24 | Game |"}},
      {"repeated name splits",
       "[Game \"x\"]\n[Game \"y\"]\n1. a\n",
       {"1@1 first 1 off 0 | Game |", "2@2 first 2 off 11 | Game | a"}},
      {"repeated name later on the line",
       "[Game \"x\"]\n[Site \"s\"] [Game \"y\"]\n",
       {"1@1 first 1 off 0 | Game |", "2@2 first 2 off 11 | Site Game |"}},
      {"consecutive tag lines stay together",
       "[Game \"x\"]\n[Site \"y\"]\n[Date \"d\"]\n",
       {"1@1 first 1 off 0 | Game Site Date |"}},
      {"brace comment between tags splits",
       "[Game \"x\"]\n{c}\n[Site \"y\"]\n",
       {"1@1 first 1 off 0 | Game |", "2@3 first 3 off 15 | Site |"}},
      {"line comment between tags splits",
       "[Game \"x\"]\n; c\n[Site \"y\"]\n",
       {"1@1 first 1 off 0 | Game |", "2@3 first 3 off 15 | Site |"}},
      {"movetext before the first tag line",
       "\n{intro}\n1. a b\n[Game \"x\"]\n1. c\n",
       {"1@3 first 1 off 0 | | a b", "2@4 first 4 off 16 | Game | c"}},
      {"comments at the top belong to the first record",
       "; header\n\n[Game \"x\"]\n1. a\n",
       {"1@3 first 1 off 0 | Game | a"}},
      {"malformed tag line with a repeated name",
       "[Game \"x\"]\n[Game y]\n",
       {"1@1 first 1 off 0 | Game |", "2@2 first 2 off 11 | |"}},
      {"malformed tag line after movetext",
       "[Game \"x\"]\n1. a\n[oops\n1. b\n",
       {"1@1 first 1 off 0 | Game | a", "2@3 first 3 off 16 | | b"}},
      {"malformed tag line inside the tags",
       "[Game \"x\"]\n[oops\n[Site \"s\"]\n1. a\n",
       {"1@1 first 1 off 0 | Game Site | a"}},
      {"'[' line inside a comment stays comment text",
       "[Game \"x\"]\n1. a {see\n[not a tag\n} b\n",
       {"1@1 first 1 off 0 | Game | a b"}},
      {"tag line with text after it inside a comment stays comment text",
       "[Game \"x\"]\n1. a {see\n[Game \"y\"] z\n} b\n",
       {"1@1 first 1 off 0 | Game | a b"}},
      {"'[' not at the start of a line is movetext",
       "[Game \"x\"]\n1. a [Game \"y\"]\n",
       {"1@1 first 1 off 0 | Game | a [Game \"y\"]"}},
      {"well-formed tag line ends an open comment",
       "[Game \"x\"]\n1. a {oops\n2. b\n[Game \"y\"]\n1. c\n",
       {"1@1 first 1 off 0 | Game | a", "2@4 first 4 off 27 | Game | c"}},
      {"unclosed comment at the top",
       "{ intro\n[Game \"x\"]\n1. a\n",
       {"1@2 first 1 off 0 | Game | a"}},
      {"three records, trailing blank lines",
       "[G \"1\"]\n\n[G \"2\"]\n\n[G \"3\"]\n\n\n",
       {"1@1 first 1 off 0 | G |", "2@3 first 3 off 9 | G |", "3@5 first 5 off 18 | G |"}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    Lines got;
    for (const auto& r : read(c.input)) got.push_back(summary(r));
    EXPECT_EQ(got, c.records);
  }
}

TEST(RecordBoundaries, TextHoldsTheRecordsOwnBytes) {
  const std::string input = "; top\n[Game \"x\"]\n1. a\n\n[Game \"y\"]\r\n1. b {x}\r\n";
  const auto records = read(input);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].text, "; top\n[Game \"x\"]\n1. a\n\n");
  EXPECT_EQ(records[1].text, "[Game \"y\"]\r\n1. b {x}\r\n");
  EXPECT_EQ(records[1].offset, 23u);
  EXPECT_EQ(input.substr(records[1].offset, 4), "[Gam");
  EXPECT_EQ(records[0].file, "t.rec");
  EXPECT_EQ(records[0].source_line(1), "; top");
  EXPECT_EQ(records[0].source_line(3), "1. a");
  EXPECT_EQ(records[0].source_line(4), "");
  EXPECT_EQ(records[0].source_line(5), "");  // record 2's line
  EXPECT_EQ(records[1].source_line(4), "");  // record 1's line
  EXPECT_EQ(records[1].source_line(5), "[Game \"y\"]");
  EXPECT_EQ(records[1].source_line(6), "1. b {x}");
  EXPECT_EQ(records[1].source_line(7), "");
}

TEST(RecordBoundaries, UnclosedCommentBeforeTheNextRecord) {
  const auto records = read("[Game \"x\"]\n1. a {oops\n2. b\n[Game \"y\"]\n1. c d\n");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(diags_of(records[0]), (Lines{"2:6+1 record.unclosed-comment"}));
  EXPECT_EQ(records[0].movetext_diagnostics[0].message,
            "unclosed comment: this '{' is never closed before the next tag line (line 4)");
  EXPECT_EQ(records[0].movetext_diagnostics[0].source_line, "1. a {oops");
  EXPECT_EQ(plies_of(records[0]), (Lines{"a@2:4+1"}));
  // The next record is read whole.
  EXPECT_EQ(tags_of(records[1]), (Lines{"Game=y @4:1+10 n4:2+4 v4:8+1"}));
  EXPECT_EQ(plies_of(records[1]), (Lines{"c@5:4+1", "d@5:6+1"}));
  EXPECT_TRUE(diags_of(records[1]).empty());

  const auto at_end = read("[Game \"x\"]\n1. a {oops\n2. b\n");
  ASSERT_EQ(at_end.size(), 1u);
  EXPECT_EQ(diags_of(at_end[0]), (Lines{"2:6+1 record.unclosed-comment"}));
  EXPECT_EQ(at_end[0].movetext_diagnostics[0].message,
            "unclosed comment: this '{' is never closed before the end of the file");
}

// ---------------------------------------------------------------- movetext

struct MoveCase {
  std::string input;  // one line of movetext, after a tag line
  Lines plies;
  Lines numbers;
  Lines diags;
};

TEST(RecordMovetext, SplitsTokensNumbersRollsAndComments) {
  const std::vector<MoveCase> cases = {
      {"1. c3 d4 2. e5", {"c3@2:4+2", "d4@2:7+2", "e5@2:13+2"}, {"1.@2:1+2>1", "2.@2:10+2>3"}, {}},
      {"12.c3", {"c3@2:4+2"}, {"12.@2:1+3>1"}, {}},
      {"12...c3", {"c3@2:6+2"}, {"12...@2:1+5>1"}, {}},
      {"1. c3 1... d4", {"c3@2:4+2", "d4@2:12+2"}, {"1.@2:1+2>1", "1...@2:7+4>2"}, {}},
      {"007. a", {"a@2:6+1"}, {"7.@2:1+4>1"}, {}},
      {"12.. c3", {"c3@2:6+2"}, {}, {"2:1+4 record.bad-token"}},
      {"12....c3", {"c3@2:7+2"}, {}, {"2:1+6 record.bad-token"}},
      {"1. c3 2.", {"c3@2:4+2"}, {"1.@2:1+2>1", "2.@2:7+2>2"}, {"2:7+2 record.bad-token"}},
      // Well-formed but larger than any ply: kept (at UINT32_MAX) for the replay's C5 check.
      {"99999999999. a", {"a@2:14+1"}, {"4294967295.@2:1+12>1"}, {}},
      // Up to 19 digits are added up before the bound, more are bounded at every digit: 2^64 + 5
      // (20 digits) is not 5, and leading zeros never make a number large.
      {"9999999999999999999. a", {"a@2:22+1"}, {"4294967295.@2:1+20>1"}, {}},
      {"18446744073709551621. a", {"a@2:23+1"}, {"4294967295.@2:1+21>1"}, {}},
      {"0000000000000000012. a", {"a@2:22+1"}, {"12.@2:1+20>1"}, {}},
      {"0000000000000000000000012... a", {"a@2:30+1"}, {"12...@2:1+28>1"}, {}},
      {"{c} 18446744073709551621. a", {"a@2:27+1"}, {"4294967295.@2:5+21>1"}, {}},  // grammar
      {"12 * *x 1.5", {"12@2:1+2", "*@2:4+1", "*x@2:6+2", "5@2:11+1"}, {"1.@2:9+2>4"}, {}},
      {"b1rse{a comment}c3", {"b1rse@2:1+5", "c3@2:17+2"}, {}, {}},
      {"a;b c", {"a@2:1+1"}, {}, {}},
      {"a)b x\"y [z", {"a)b@2:1+3", "x\"y@2:5+3", "[z@2:9+2"}, {}, {}},
      {"(5)a6-f6", {"(5)@2:1+3 a6-f6@2:4+5"}, {}, {}},
      {"1. (5) a6-f6 2. (6-3) f15-f6",
       {"(5)@2:4+3 a6-f6@2:8+5", "(6-3)@2:17+5 f15-f6@2:23+6"},
       {"1.@2:1+2>1", "2.@2:14+2>2"},
       {}},
      {"( 6 - 3 ) a1", {"( 6 - 3 )@2:1+9 a1@2:11+2"}, {}, {}},
      {"() a", {"()@2:1+2 a@2:4+1"}, {}, {}},
      // A roll runs to the first `)`: the second is a ply token of its own.
      {"((5)) a", {"((5)@2:1+4 )@2:5+1", "a@2:7+1"}, {}, {}},
      {"1.(1-2)(3-4)b", {"(3-4)@2:8+5 b@2:13+1"}, {"1.@2:1+2>1"}, {}},
      {"(5) 1. a", {"(5)@2:1+3 a@2:8+1"}, {"1.@2:5+2>1"}, {}},
      {"(5) {why} a", {"(5)@2:1+3 a@2:11+1"}, {}, {}},
      {"1. a (5)", {"a@2:4+1"}, {"1.@2:1+2>1"}, {}},  // (5): a stray roll, see below
      {"(5) (6) a", {"(6)@2:5+3 a@2:9+1"}, {}, {}},
      {"1. a (5 b c  ", {"a@2:4+1"}, {"1.@2:1+2>1"}, {"2:6+6 record.bad-token"}},
      {"a } b}c",
       {"a@2:1+1", "b@2:5+1", "c@2:7+1"},
       {},
       {"2:3+1 record.bad-token", "2:6+1 record.bad-token"}},
      {"\t a\t\fb\vc ", {"a@2:3+1", "b@2:6+1", "c@2:8+1"}, {}, {}},
      // Columns count characters: 2-, 3- and 4-byte characters in a comment.
      {"{\xC3\xA4\xE2\x82\xAC\xF0\x9F\x98\x80} c3 (\xC3\xA4)x",
       {"c3@2:7+2", "(\xC3\xA4)@2:10+3 x@2:13+1"},
       {},
       {}},
      {"\xC3\xA4\xC3\xA4 b", {"\xC3\xA4\xC3\xA4@2:1+2", "b@2:4+1"}, {}, {}},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.input);
    const auto records = read("[G \"x\"]\n" + c.input + "\n");
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(plies_of(records[0]), c.plies);
    EXPECT_EQ(numbers_of(records[0]), c.numbers);
    EXPECT_EQ(diags_of(records[0]), c.diags);
    for (const auto& d : records[0].movetext_diagnostics) {
      EXPECT_EQ(d.source_line, c.input);
      EXPECT_FALSE(d.ply.has_value());
    }
  }
}

TEST(RecordMovetext, OffsetsAreBytesInTheFile) {
  const std::string input = "[G \"x\"]\n{\xC3\xA4\xE2\x82\xAC\xF0\x9F\x98\x80} c3\n";
  const auto records = read(input);
  ASSERT_EQ(records.size(), 1u);
  ASSERT_EQ(records[0].plies.size(), 1u);
  EXPECT_EQ(records[0].plies[0].span.offset, 8u + 12u);
  EXPECT_EQ(input.substr(records[0].plies[0].span.offset, 2), "c3");
  EXPECT_EQ(records[0].tags[0].value_span.offset, 4u);
}

TEST(RecordMovetext, CommentsSpanLines) {
  const auto records = read("[G \"x\"]\n1. a {one\ntwo ; } still {\n3. x\n} b ; c { d\n{x} e\n");
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(plies_of(records[0]), (Lines{"a@2:4+1", "still@3:9+5", "b@5:3+1", "e@6:5+1"}));
  EXPECT_EQ(numbers_of(records[0]), (Lines{"1.@2:1+2>1"}));
  EXPECT_TRUE(diags_of(records[0]).empty());
  // Each comment keeps its text, the plies before it and where it opens.
  EXPECT_EQ(comments_of(records[0]), (Lines{"{one\ntwo ; }@2:6+4>1", "{\n3. x\n}@3:15+1>2",
                                            "; c { d@5:5+7>3", "{x}@6:1+3>3"}));
}

TEST(RecordComments, KeepTheirPlaceAmongThePlies) {
  // Above the tags; between a roll and its ply (before that ply); after the last ply.
  auto records = read("{top}\n; note\n[G \"x\"]\n(5) {why} a {[%cal Gb2b4] [%csl Rc3]}\n");
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].line, 3u);
  EXPECT_EQ(comments_of(records[0]), (Lines{"^{top}@1:1+5>0", "^; note@2:1+6>0", "{why}@4:5+5>0",
                                            "{[%cal Gb2b4] [%csl Rc3]}@4:13+25>1"}));
  // Columns count characters; lines of a comment are joined by "\n" whatever their endings.
  records = read("[G \"x\"]\r\n{\xC3\xA4\xE2\x82\xAC\xF0\x9F\x98\x80} c3 {a\r\nb}\r\n");
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(comments_of(records[0]),
            (Lines{"{\xC3\xA4\xE2\x82\xAC\xF0\x9F\x98\x80}@2:1+5>0", "{a\nb}@2:10+2>1"}));
  // An unclosed comment keeps what it holds up to the next tag line, or the end.
  records = read("[Game \"x\"]\n1. a {oops\n2. b\n[Game \"y\"]\n1. c d\n");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(comments_of(records[0]), (Lines{"{oops\n2. b}@2:6+5!>1"}));
  EXPECT_TRUE(records[1].comments.empty());
}

TEST(RecordComments, NoneInARecordOverTheSizeLimit) {
  RecordReader reader("t.rec");
  reader.set_max_record_bytes(20);
  ASSERT_FALSE(reader.open_text("[G \"x\"]\n{c} a b c d e f g h i j k\n"));
  auto record = reader.next();
  ASSERT_TRUE(record.has_value());
  EXPECT_TRUE(record->comments.empty());
  EXPECT_TRUE(record->plies.empty());
  EXPECT_EQ(diags_of(*record), (Lines{"1:1+1 record.limit"}));
}

TEST(RecordMovetext, MessagesOfBadTokens) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"a }", "stray '}' outside a comment"},
      {"a (5", "unclosed '(': no ')' follows on this line; the rest of the line is skipped"},
      {"a 12..", "malformed move number '12..': write 12. or 12..."},
      {"a 3.", "move number '3.' has no ply after it"},
      {"a 3...", "move number '3...' has no ply after it"},
  };
  for (const auto& [input, message] : cases) {
    const auto records = read("[G \"x\"]\n" + input + "\n");
    ASSERT_EQ(records.size(), 1u) << input;
    ASSERT_EQ(records[0].movetext_diagnostics.size(), 1u) << input;
    EXPECT_EQ(records[0].movetext_diagnostics[0].message, message);
    EXPECT_EQ(records[0].movetext_diagnostics[0].code, "record.bad-token");
  }
}

// A roll followed by another roll, or by nothing, is kept for the replay (its meaning is the
// game's: Sava's ruling R31 makes it sava.roll-mismatch), with the ply that would follow it.
TEST(RecordMovetext, StrayRollsAreKeptWithTheFollowingPly) {
  const auto records = read("[G \"x\"]\n1. (1) (2) a {c} (3)\n2. (4) b (5) ; end\n");
  ASSERT_EQ(records.size(), 1u);
  const auto& r = records[0];
  EXPECT_TRUE(diags_of(r).empty());
  ASSERT_EQ(r.plies.size(), 2u);
  ASSERT_TRUE(r.plies[0].roll.has_value());
  EXPECT_EQ(r.plies[0].roll->text, "2");
  ASSERT_TRUE(r.plies[1].roll.has_value());
  EXPECT_EQ(r.plies[1].roll->text, "4");
  ASSERT_EQ(r.stray_rolls.size(), 3u);
  EXPECT_EQ(r.stray_rolls[0].roll.text, "1");
  EXPECT_EQ(r.stray_rolls[0].before_ply, 1);
  EXPECT_EQ(r.stray_rolls[0].roll.span.col, 4u);
  EXPECT_EQ(r.stray_rolls[1].roll.text, "3");
  EXPECT_EQ(r.stray_rolls[1].before_ply, 2);
  EXPECT_EQ(r.stray_rolls[2].roll.text, "5");
  EXPECT_EQ(r.stray_rolls[2].before_ply, 3);
  EXPECT_EQ(r.stray_rolls[2].roll.span.line, 3u);
}

TEST(RecordMovetext, DiagnosticsComeInTextOrder) {
  const auto records = read("[G \"x\"]\n(5) (6) } 1. a {b\n");
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(diags_of(records[0]),
            (Lines{"2:9+1 record.bad-token", "2:16+1 record.unclosed-comment"}));
  EXPECT_EQ(records[0].stray_rolls.size(), 1u);
}

}  // namespace
}  // namespace scribe::notation
