// dedup's index of games (app/commands/dedup_index.hpp): the groups it finds against a plain
// map of every record, and the memory it takes per game and per duplicate, measured by the
// allocator.
#include "app/commands/dedup_index.hpp"

#include <gtest/gtest.h>
#include <malloc.h>

#include <cstdint>
#include <map>
#include <random>
#include <utility>
#include <vector>

namespace scribe {
namespace {

using app::DedupIndex;
using app::Hash128;
using app::RecordPlace;

// A well-mixed 64-bit number from `x` (splitmix64), as Hasher::value gives keys.
std::uint64_t mixed(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

Hash128 key_of_game(std::uint64_t game) { return Hash128{mixed(game * 2 + 1), mixed(game * 2)}; }

// The groups as a plain map of every record computes them: in the order of their first
// records, each record as (file, index, line), the kept one first.
struct Reference {
  std::map<std::uint64_t, std::vector<std::pair<RecordPlace, std::uint32_t>>> by_game;
  std::vector<std::uint64_t> first_order;
};

std::vector<std::vector<std::uint32_t>> groups_of(const DedupIndex& index) {
  std::vector<std::vector<std::uint32_t>> out;
  index.for_each_group([&](const DedupIndex::Group& g) {
    std::vector<std::uint32_t> flat;
    auto put = [&flat](const RecordPlace& p) {
      flat.insert(flat.end(), {p.file, static_cast<std::uint32_t>(p.index), p.line});
    };
    put(g.records[g.kept]);
    for (std::size_t i = 0; i < g.records.size(); ++i)
      if (i != g.kept) put(g.records[i]);
    out.push_back(flat);
  });
  return out;
}

TEST(DedupIndex, GroupsAndKeptRecordsMatchAPlainMapOfEveryRecord) {
  for (const bool most_tags : {false, true}) {
    DedupIndex index(most_tags);
    Reference ref;
    std::mt19937_64 random(most_tags ? 7 : 3);
    std::uint32_t file = 0;
    int record = 0;
    std::uint32_t line = 1;
    std::size_t firsts = 0;
    for (int n = 0; n < 60000; ++n) {
      if (random() % 5000 == 0) {  // the next file: its records are numbered from 1 again
        ++file;
        if (random() % 2 == 0) ++file;  // a file with no valid record in between
        record = 0;
        line = 1;
      }
      ++record;
      line += 1 + static_cast<std::uint32_t>(random() % 20);
      const std::uint64_t game = random() % 40000;  // about a third repeat an earlier game
      const auto tags = static_cast<std::uint32_t>(random() % 6);
      const RecordPlace place{file, record, line};
      const bool first = index.add(key_of_game(game), place, tags);
      auto& records = ref.by_game[game];
      EXPECT_EQ(first, records.empty());
      if (records.empty()) ++firsts;
      if (records.size() == 1) ref.first_order.push_back(game);
      records.emplace_back(place, tags);
    }
    std::vector<std::vector<std::uint32_t>> expected;
    std::sort(ref.first_order.begin(), ref.first_order.end(), [&](auto a, auto b) {
      const RecordPlace& pa = ref.by_game[a].front().first;
      const RecordPlace& pb = ref.by_game[b].front().first;
      return std::pair(pa.file, pa.index) < std::pair(pb.file, pb.index);
    });
    std::vector<std::pair<std::uint32_t, int>> dropped;
    long duplicates = 0;
    for (const std::uint64_t game : ref.first_order) {
      const auto& records = ref.by_game[game];
      std::size_t kept = 0;
      for (std::size_t i = 1; i < records.size() && most_tags; ++i)
        if (records[i].second > records[kept].second) kept = i;
      std::vector<std::uint32_t> flat;
      auto put = [&flat](const RecordPlace& p) {
        flat.insert(flat.end(), {p.file, static_cast<std::uint32_t>(p.index), p.line});
      };
      put(records[kept].first);
      for (std::size_t i = 0; i < records.size(); ++i) {
        if (i == kept) continue;
        put(records[i].first);
        dropped.emplace_back(records[i].first.file, records[i].first.index);
      }
      duplicates += static_cast<long>(records.size()) - 1;
      expected.push_back(flat);
    }
    std::sort(dropped.begin(), dropped.end());
    EXPECT_EQ(index.games(), firsts);
    EXPECT_EQ(index.groups(), ref.first_order.size());
    EXPECT_EQ(index.duplicates(), duplicates);
    EXPECT_GT(duplicates, 10000);
    EXPECT_TRUE(groups_of(index) == expected) << "most_tags " << most_tags;
    EXPECT_TRUE(index.dropped() == dropped) << "most_tags " << most_tags;
  }
}

#if !defined(__SANITIZE_ADDRESS__)
// The heap bytes in use, as the allocator counts them (small blocks and mapped ones).
std::size_t heap_in_use() {
  const struct mallinfo2 m = mallinfo2();
  return m.uordblks + m.hblkhd;
}

// What "hashes, not records" means: a distinct game costs about 25 bytes whatever its record's
// size (an 18-byte entry and its slot in the table), a duplicate about 24 (a 20-byte member),
// so that a 1 GiB archive of 700-byte records, 1.5 million games, stays well within 64 MiB.
// Measured by the allocator, not by the index itself; a map of nodes took about 90.
TEST(DedupIndex, MemoryPerGameAndPerDuplicateStaysSmall) {
  constexpr std::uint64_t kGames = 600000;
  const std::size_t before = heap_in_use();
  {
    DedupIndex index(false);
    for (std::uint64_t g = 0; g < kGames; ++g)
      index.add(
          key_of_game(g),
          RecordPlace{static_cast<std::uint32_t>(g / 100000), static_cast<int>(g % 100000) + 1,
                      static_cast<std::uint32_t>(g % 100000) * 12 + 1},
          0);
    const std::size_t games = heap_in_use() - before;
    EXPECT_LE(games, kGames * 28) << static_cast<double>(games) / kGames << " bytes a game";
    EXPECT_LE(index.bytes(), kGames * 28);
    // Every game once more: one group each.
    for (std::uint64_t g = 0; g < kGames; ++g)
      index.add(key_of_game(g), RecordPlace{9, static_cast<int>(g) + 1, 1}, 0);
    EXPECT_EQ(index.groups(), kGames);
    const std::size_t repeats = heap_in_use() - before - games;
    EXPECT_LE(repeats, kGames * 32)
        << static_cast<double>(repeats) / kGames << " bytes a duplicate";
  }
  EXPECT_LE(heap_in_use(), before + (1u << 20));  // all given back
}
#endif

}  // namespace
}  // namespace scribe
