// What dedup keeps while it reads an archive: for each game seen, a compact entry (80 bits of
// its key and where its first record stands), found again through an open-addressed table of
// 32-bit entry numbers; and, for the records that repeat a game, the groups they form. No
// record text and no per-record string or node is kept, so memory grows by a few tens of bytes
// a distinct game and a duplicate (bytes()), never by the size of the records.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/commands/archive.hpp"

namespace scribe::app {

// A vector grown by fixed blocks: appending never moves what is there (no peak of twice the
// size while it grows) and wastes at most one block.
template <class T>
class BlockVector {
 public:
  static constexpr std::size_t kBlock = std::size_t{1} << 14;

  // Appends `value`; returns its position.
  std::size_t push_back(const T& value) {
    if (size_ % kBlock == 0) blocks_.push_back(std::make_unique<T[]>(kBlock));
    blocks_.back()[size_ % kBlock] = value;
    return size_++;
  }
  T& operator[](std::size_t i) { return blocks_[i / kBlock][i % kBlock]; }
  const T& operator[](std::size_t i) const { return blocks_[i / kBlock][i % kBlock]; }
  std::size_t size() const { return size_; }
  // The bytes it holds (blocks and the list of blocks).
  std::size_t bytes() const {
    return blocks_.size() * (kBlock * sizeof(T) + sizeof(std::unique_ptr<T[]>));
  }

 private:
  std::vector<std::unique_ptr<T[]>> blocks_;
  std::size_t size_ = 0;
};

// Where a record stands: its file (a number in the order the files were read), its 1-based
// index in that file and its first line.
struct RecordPlace {
  std::uint32_t file = 0;
  int index = 0;
  std::uint32_t line = 0;
};

// The games read so far and the groups of records that are the same game.
class DedupIndex {
 public:
  // `count_tags`: keeps each record's number of tags to tell which one of a group has most.
  explicit DedupIndex(bool count_tags);

  // Takes the next valid record (in input order) with key `key`, at `place`, with `tags` tags;
  // returns true when it is the first record of its game.
  bool add(const Hash128& key, const RecordPlace& place, std::uint32_t tags);

  // One group of duplicates: its records in input order, and the position among them of the
  // one kept (the first, or with count_tags the first with most tags).
  struct Group {
    std::vector<RecordPlace> records;
    std::size_t kept = 0;
  };

  // Calls `each(const Group&)` for every group, in the input order of their first records
  // (once every record is added).
  template <class Each>
  void for_each_group(Each&& each) const {
    const std::vector<std::uint32_t>& order = by_game();
    for (std::size_t i = 0; i < order.size();) {
      std::size_t end = i + 1;
      while (end < order.size() && members_[order[end]].entry == members_[order[i]].entry) ++end;
      each(group(order, i, end));
      i = end;
    }
  }

  // The places (file, index) of the records a group does not keep, in input order.
  std::vector<std::pair<std::uint32_t, int>> dropped() const;

  std::size_t games() const { return entries_.size(); }
  std::size_t groups() const;
  long duplicates() const { return static_cast<long>(members_.size()); }

  // The bytes it holds for its games and groups (tables, entries, members).
  std::size_t bytes() const;

 private:
  // A game's entry, in 16-bit words so that it takes 18 bytes: 80 bits of its key (two
  // distinct games share them with a chance of about n^2 / 2^81 for n games: 1e-12 for the
  // 1.5 million games of a 1 GiB archive) and its first record's index and line.
  struct Entry {
    std::uint16_t words[9];
  };
  // A record that repeats a game: where it stands, its tags and its game's entry.
  struct Member {
    RecordPlace place;
    std::uint32_t tags;
    std::uint32_t entry;
  };
  // One slice of the table (the key's top byte picks it), grown on its own so that growing
  // never holds two copies of the whole table.
  struct Slice {
    std::vector<std::uint32_t> slots;  // entry number plus one; 0: empty
    std::vector<std::uint8_t> checks;  // a byte of the key, to skip most other entries
    std::size_t used = 0;
  };

  // An entry's words: the key's low half, the top 16 bits of its high half, the index and
  // the line (each of the last two in two words, low first).
  static Entry entry_of(const Hash128& key, const RecordPlace& place);
  // The low half of the key an entry keeps.
  static std::uint64_t low_key(const Entry& e);
  // The 32-bit number an entry keeps in words w and w + 1.
  static std::uint32_t number_at(const Entry& e, int w);

  std::uint32_t find_or_insert(const Hash128& key, bool& fresh);
  void grow(Slice& slice);
  bool same_key(std::uint32_t entry, const Hash128& key) const;
  RecordPlace place_of_entry(std::uint32_t entry) const;
  const std::vector<std::uint32_t>& by_game() const;
  Group group(const std::vector<std::uint32_t>& order, std::size_t begin, std::size_t end) const;

  bool count_tags_;
  std::vector<Slice> slices_;
  BlockVector<Entry> entries_;
  BlockVector<std::uint32_t> entry_tags_;        // with count_tags: each first record's tags
  std::vector<std::uint32_t> file_first_entry_;  // the first entry number of each file read
  BlockVector<Member> members_;
  // The members by game (entry number), in input order within a game: made once, when the
  // groups are first asked for.
  mutable std::vector<std::uint32_t> by_game_;
  mutable bool sorted_ = false;
};

}  // namespace scribe::app
