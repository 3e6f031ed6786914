// Grammar tests for Druid move tokens (spec games/druid.md §5): what each token reads as, and
// where a token that does not match fails.
#include "notation/games/druid/druid_notation.hpp"

#include <gtest/gtest.h>

namespace scribe::notation::druid {
namespace {

// Renders a parsed move in a compact form for table comparison.
std::string describe(const ParsedMove& m) {
  switch (m.kind) {
    case ParsedMove::Kind::kPass:
      return "pass";
    case ParsedMove::Kind::kSwap:
      return "swap";
    case ParsedMove::Kind::kStep:
      return "step " + std::string(direction_name(m.step));
    case ParsedMove::Kind::kPlace:
      break;
  }
  std::string s =
      m.lintel ? "lintel " + cell_text(m.a) + " " + cell_text(m.b) : "sarsen " + cell_text(m.a);
  if (m.has_destination)
    s += m.destination_is_cell ? " to " + cell_text(m.destination_cell)
                               : " dir " + std::string(direction_name(m.destination_dir));
  return s;
}

struct Good {
  const char* token;
  const char* reading;
};

TEST(DruidNotation, ReadsEveryFormOfThePly) {
  const Good table[] = {
      {"c3", "sarsen c3"},
      {"C3", "sarsen c3"},
      {"j10", "sarsen j10"},
      {"z99", "sarsen z99"},
      {"e5", "sarsen e5"},
      {"b2-b4", "lintel b2 b4"},
      {"b4-b2", "lintel b4 b2"},
      {"B2-B4", "lintel b2 b4"},
      {"a10-c10", "lintel a10 c10"},
      {"e", "step e"},
      {"n", "step n"},
      {"s", "step s"},
      {"w", "step w"},
      {"ne", "step ne"},
      {"NE", "step ne"},
      {"nw", "step nw"},
      {"se", "step se"},
      {"sw", "step sw"},
      {"c3,a4", "sarsen c3 to a4"},
      {"c3,n", "sarsen c3 dir n"},
      {"c3,NE", "sarsen c3 dir ne"},
      {"c3,n5", "sarsen c3 to n5"},
      {"b2-b4,n", "lintel b2 b4 dir n"},
      {"b2-b4,b3", "lintel b2 b4 to b3"},
      {"swap", "swap"},
      {"Swap", "swap"},
      {"SWAP", "swap"},
      {"pass", "pass"},
      {"PASS", "pass"},
      {"--", "pass"},
  };
  for (const auto& row : table) {
    const ParseResult r = parse_druid_move(row.token);
    ASSERT_TRUE(r.move.has_value()) << row.token << " fails at " << r.error.offset;
    EXPECT_EQ(describe(*r.move), row.reading) << row.token;
  }
}

struct Bad {
  const char* token;
  std::uint32_t offset;  // the first character no reading accepts (length: one past the end)
};

TEST(DruidNotation, PointsAtTheFirstCharacterNoReadingAccepts) {
  const Bad table[] = {
      // The spec's examples (§5).
      {"c", 1},         // ends too early: a row must follow
      {"c3-", 3},       // ends too early: the second end must follow
      {"c03", 1},       // a row has no leading zero
      {"c3,", 3},       // ends too early: the destination must follow
      {"c3-d4-e5", 5},  // a lintel has two ends only
      {"p", 1},         // ends too early: "pass"
      // More.
      {"", 0},
      {"pas", 3},
      {"pasx", 3},
      {"swa", 3},
      {"swapx", 4},
      {"sa", 1},
      {"nee", 2},
      {"nw5", 2},
      {"c100", 3},
      {"c0", 1},
      {"1", 0},
      {"-", 1},
      {"---", 2},
      {"c3,ne,", 5},
      {"c3,a4,b5", 5},
      {"c3 ", 2},
      {"c3x", 2},
      {"é", 0},
      {"c3,n5x", 5},
      {"b2-b4,", 6},
      {"x-", 1},
  };
  for (const auto& row : table) {
    const ParseResult r = parse_druid_move(row.token);
    EXPECT_FALSE(r.move.has_value()) << row.token;
    EXPECT_EQ(r.error.offset, row.offset) << row.token;
  }
}

TEST(DruidNotation, ReportsWhereEachPartStands) {
  const ParseResult r = parse_druid_move("b10-b12,c11");
  ASSERT_TRUE(r.move.has_value());
  EXPECT_EQ(r.move->a_part.offset, 0u);
  EXPECT_EQ(r.move->a_part.length, 3u);
  EXPECT_EQ(r.move->b_part.offset, 4u);
  EXPECT_EQ(r.move->b_part.length, 3u);
  EXPECT_EQ(r.move->placement_part.offset, 0u);
  EXPECT_EQ(r.move->placement_part.length, 7u);
  EXPECT_EQ(r.move->destination_part.offset, 8u);
  EXPECT_EQ(r.move->destination_part.length, 3u);

  const ParseResult d = parse_druid_move("c3,sw");
  ASSERT_TRUE(d.move.has_value());
  EXPECT_EQ(d.move->destination_part.offset, 3u);
  EXPECT_EQ(d.move->destination_part.length, 2u);
}

}  // namespace
}  // namespace scribe::notation::druid
