// The replay pages' table of strings (app/html/intern_table.hpp) against a plain std::map:
// numbers in the order of first addition, every string found again byte for byte (also
// strings that differ only in their last byte, embedded zero bytes and the empty string),
// across the table's growth and after clear().
#include "app/html/intern_table.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>

namespace scribe {
namespace {

using html::InternTable;

// A random byte string of 0..600 bytes (a few distinct prefixes, so that many strings share
// all but their last bytes, as the element keys of a page do).
std::string random_bytes(std::mt19937_64& rng) {
  static const std::string prefixes[] = {"", std::string(40, 'a'), std::string(300, '\0')};
  std::string s = prefixes[rng() % 3];
  const std::size_t n = rng() % 300;
  for (std::size_t i = 0; i < n; ++i) s += static_cast<char>(rng() % 4);
  return s;
}

TEST(InternTable, NumbersStringsInTheOrderTheyCameAndFindsEachAgain) {
  InternTable table;
  std::mt19937_64 rng(7);
  for (int round = 0; round < 2; ++round) {
    std::map<std::string, int> expected;
    std::vector<std::string> order;
    for (int i = 0; i < 20000; ++i) {
      const std::string s = random_bytes(rng);
      const auto [n, added] = table.intern(s);
      const auto it = expected.find(s);
      if (it == expected.end()) {
        ASSERT_TRUE(added) << i;
        ASSERT_EQ(n, static_cast<int>(order.size()));
        expected.emplace(s, n);
        order.push_back(s);
      } else {
        ASSERT_FALSE(added) << i;
        ASSERT_EQ(n, it->second);
      }
    }
    ASSERT_GT(order.size(), 5000u);  // the growth from 1,024 slots is exercised
    ASSERT_EQ(table.size(), order.size());
    std::size_t bytes = 0;
    for (std::size_t n = 0; n < order.size(); ++n) {
      EXPECT_EQ(table.at(static_cast<int>(n)), order[n]);
      EXPECT_EQ(table.find(order[n]), static_cast<int>(n));
      bytes += order[n].size();
    }
    EXPECT_EQ(table.bytes(), bytes);
    std::string absent = order.front() + '\x7f';
    EXPECT_EQ(table.find(absent), -1);
    table.clear();  // the second round starts from an emptied table
    EXPECT_EQ(table.size(), 0u);
    EXPECT_EQ(table.find(order.front()), -1);
  }
}

TEST(InternTable, TheEmptyStringIsAStringLikeAnyOther) {
  InternTable table;
  EXPECT_EQ(table.find(""), -1);
  EXPECT_EQ(table.intern("x"), std::make_pair(0, true));
  EXPECT_EQ(table.intern(""), std::make_pair(1, true));
  EXPECT_EQ(table.intern(""), std::make_pair(1, false));
  EXPECT_EQ(table.at(1), "");
  EXPECT_EQ(table.at(0), "x");
}

}  // namespace
}  // namespace scribe
