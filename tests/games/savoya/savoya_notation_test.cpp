// The Savoya move grammar (savoya.md §5): accepted tokens with their canonical text, and
// rejected tokens with the character offset of the first failing character.
#include <gtest/gtest.h>

#include "notation/games/savoya/savoya_notation.hpp"

namespace scribe::notation::savoya {
namespace {

// Reads `token` into `m` (on success) and `e`; returns whether it read as a move.
bool read(std::string_view token, Move& m, MoveSyntaxError& e) {
  ParseResult r = parse_savoya_move(token);
  if (r.move) m = *r.move;
  e = r.error;
  return r.move.has_value();
}

struct Accepted {
  const char* token;
  const char* canonical;
};

TEST(SavoyaNotation, AcceptedTokensAndCanonicalText) {
  const Accepted table[] = {
      {"a6-c6", "a6-c6"},
      {"a6-c6,g6-h6", "a6-c6,g6-h6"},
      {"3xg10-j10,e6-b6", "3xg10-j10,e6-b6"},  // the seed's example
      {"A6-C6", "a6-c6"},                      // case-insensitive (R19)
      {"3XG10-J10,E6-B6", "3xg10-j10,e6-b6"},
      {"PASS", "pass"},
      {"Pass", "pass"},
      {"pass", "pass"},
      {"a6-b6,a6-b6", "2xa6-b6"},  // consecutive identical components merge
      {"2xa6-b6,a6-b6", "3xa6-b6"},
      {"1xa6-b6", "a6-b6"},
      {"a6-b6,c6-d6,a6-b6", "a6-b6,c6-d6,a6-b6"},  // only consecutive ones merge
      {"z99-a1", "z99-a1"},  // well-formed: whether it is a cell is the engine's check
      {"o10-m10", "o10-m10"},
  };
  for (const auto& row : table) {
    Move m;
    MoveSyntaxError e;
    ASSERT_TRUE(read(row.token, m, e)) << row.token << ": " << e.message;
    EXPECT_EQ(canonical_text(m), row.canonical) << row.token;
  }
}

TEST(SavoyaNotation, ParsedComponentsKeepTheirPlaceInTheToken) {
  Move m;
  MoveSyntaxError e;
  ASSERT_TRUE(read("3xg10-j10,e6-b6", m, e));
  ASSERT_EQ(m.components.size(), 2u);
  EXPECT_EQ(m.components[0].count, 3);
  EXPECT_EQ(cell_text(m.components[0].from), "g10");
  EXPECT_EQ(m.components[0].from.offset, 2u);
  EXPECT_EQ(m.components[0].from.length, 3u);
  EXPECT_EQ(cell_text(m.components[0].to), "j10");
  EXPECT_EQ(m.components[0].to.offset, 6u);
  EXPECT_EQ(m.components[0].offset, 0u);
  EXPECT_EQ(m.components[0].length, 9u);
  EXPECT_EQ(m.components[1].count, 1);
  EXPECT_EQ(m.components[1].offset, 10u);
  EXPECT_EQ(m.components[1].length, 5u);
  EXPECT_FALSE(m.pass);
}

TEST(SavoyaNotation, MoreThanFourComponentsAreAllKeptInOrder) {
  Move m;
  MoveSyntaxError e;
  ASSERT_TRUE(read("a1-a2,b1-b2,c1-c2,d1-d2,2xe1-e2,f1-f3", m, e));
  ASSERT_EQ(m.components.size(), 6u);
  const char* from[] = {"a1", "b1", "c1", "d1", "e1", "f1"};
  for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(cell_text(m.components[i].from), from[i]) << i;
  EXPECT_EQ(m.components[4].count, 2);
  EXPECT_EQ(cell_text(m.components[5].to), "f3");
  EXPECT_EQ(m.components[5].offset, 32u);
  EXPECT_EQ(canonical_text(m), "a1-a2,b1-b2,c1-c2,d1-d2,2xe1-e2,f1-f3");
  const Move copy = m;
  ASSERT_EQ(copy.components.size(), 6u);
  EXPECT_EQ(cell_text(copy.components[5].from), "f1");
}

struct Rejected {
  const char* token;
  std::uint32_t offset;  // first character that no reading accepts
};

TEST(SavoyaNotation, RejectedTokensPointAtTheFirstFailingCharacter) {
  const Rejected table[] = {
      {"f15f6", 3},     // X10b: at the second f, a '-' was expected
      {"", 0},          // nothing at all: one past the end
      {"a0-b1", 1},     // rows start with 1..9
      {"a06-b6", 1},    // no leading zero
      {"a6-", 3},       // ends too early
      {"a6-b6,", 6},    // a component must follow the comma
      {"0xa6-b6", 0},   // counts are 1..9
      {"10xa6-b6", 1},  // counts are one digit: 'x' expected after "1"
      {"3a6-b6", 1},    // 'x' expected after the count
      {"pasx", 3},      // "pa" can only start "pass"
      {"pass5", 4},     // nothing may follow pass
      {"p", 1},         // a column letter needs a row
      {"a6-c100", 6},   // rows have at most two digits
      {"a6-c6x", 5},    // ',' or the end expected
      {"a6--c6", 3},
      {"-a6", 0},
      {"a6 -c6", 2},
      {"a6-c6;", 5},
      {"\xC3\xA4" "6-b6", 0},  // a non-ASCII letter
      {"a6-b\xC3\xA4", 4},  // offsets count characters, not bytes
  };
  for (const auto& row : table) {
    Move m;
    MoveSyntaxError e;
    EXPECT_FALSE(read(row.token, m, e)) << row.token;
    EXPECT_EQ(e.offset, row.offset) << row.token << ": " << e.message;
    EXPECT_FALSE(e.message.empty());
  }
}

TEST(SavoyaNotation, ErrorMessagesSayWhatWasExpected) {
  Move m;
  MoveSyntaxError e;
  ASSERT_FALSE(read("f15f6", m, e));
  EXPECT_EQ(e.message, "unexpected 'f': expected '-' between the two cells");
  ASSERT_FALSE(read("a6-", m, e));
  EXPECT_EQ(e.message, "the move ends too early: expected a cell such as c6");
}

TEST(SavoyaNotation, CanonicalTextCapsGroupsAtNine) {
  Move m;
  MoveSyntaxError e;
  ASSERT_TRUE(read("9xa6-b6,2xa6-b6", m, e));
  EXPECT_EQ(canonical_text(m), "9xa6-b6,2xa6-b6");
}

}  // namespace
}  // namespace scribe::notation::savoya
