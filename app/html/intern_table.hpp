// A set of byte strings, each kept once and numbered in the order it was added, all in one
// buffer with an open-addressing table over them. A replay page looks up every drawn element
// (its key: the numbers it was drawn with) and every line of SVG: tens of thousands of strings
// of a few hundred bytes per page, for which std::unordered_map<std::string, int> spent most of
// its time hashing with std::hash, allocating a node and a string per entry and freeing them
// all again. clear() keeps the memory, so one table serves page after page.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace scribe::html {

// Byte strings numbered 0, 1, 2, ... in the order they were added.
class InternTable {
 public:
  // The number of `bytes` and true when it was added now (it gets the next number), or its
  // number and false when it was there already.
  std::pair<int, bool> intern(std::string_view bytes);
  // The number of `bytes`, or -1 when it is not in the table.
  int find(std::string_view bytes) const;
  // The string numbered `n` (valid until the next intern() or clear()).
  std::string_view at(int n) const {
    const auto i = static_cast<std::size_t>(n);
    return std::string_view(pool_).substr(starts_[i], starts_[i + 1] - starts_[i]);
  }
  // How many strings there are.
  std::size_t size() const { return starts_.size() - 1; }
  // The strings' length together.
  std::size_t bytes() const { return pool_.size(); }
  // Empties the table, keeping its memory.
  void clear();

 private:
  // A hash of `bytes` (four 64-bit lanes, then mixed).
  static std::uint64_t hash(std::string_view bytes);
  // The slot holding `bytes` (hash `h`), or the empty slot where it would go.
  std::size_t slot_of(std::string_view bytes, std::uint64_t h) const;
  // Doubles the slots and places every string again.
  void grow();

  std::string pool_;                    // the strings, one after another
  std::vector<std::size_t> starts_{0};  // string n is pool_[starts_[n], starts_[n + 1])
  // A power of two of slots: 0 for an empty slot, else the string's number + 1 in the low 32
  // bits and the high 32 bits of its hash in the high ones (compared before the bytes).
  std::vector<std::uint64_t> slots_ = std::vector<std::uint64_t>(1024, 0);
};

}  // namespace scribe::html
