// The memo tables of Savoya's play search (savoya.md §15): the position hash's keys, a flat hash
// table that forgets in O(1), and the per-thread scratch the searches of one thread share.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/games/savoya/savoya_rules.hpp"
#include "engine/games/savoya/savoya_side_cells.hpp"

namespace scribe::engine::savoya::search_detail {

// Scrambles a 64-bit value (splitmix64's finaliser) into a well-spread hash.
inline std::uint64_t mix(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// An empty cell adds nothing to the position hash, so that only occupied cells need hashing.
inline std::uint64_t cell_key(int c, const Stack& s) {
  if (s.top < 0) return 0;
  return mix((static_cast<std::uint64_t>(c) << 40) ^ (static_cast<std::uint64_t>(s.count) << 16) ^
             (static_cast<std::uint64_t>(static_cast<std::uint8_t>(s.top)) << 8) ^
             static_cast<std::uint8_t>(s.pinned));
}

inline std::uint64_t arrived_key(int c, std::uint8_t n) {
  return n == 0 ? 0 : mix(0x5A5A000000ULL ^ (static_cast<std::uint64_t>(c) << 8) ^ n);
}

// A hash table from 64-bit keys to 64-bit values that forgets everything in O(1) (entries of
// an older generation count as empty), so the searches of one thread reuse one table and
// allocate only while it grows.
class FlatTable {
 public:
  // Forgets every entry.
  void reset() {
    if (slots_.empty()) slots_.resize(1024);
    if (++stamp_ == 0) {  // the stamps wrapped: clear for real once
      for (Slot& s : slots_) s.stamp = 0;
      stamp_ = 1;
    }
    used_ = 0;
  }
  // Returns the value of `key`, or nullptr.
  const std::uint64_t* find(std::uint64_t key) const {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = static_cast<std::size_t>(key) & mask;; i = (i + 1) & mask) {
      const Slot& s = slots_[i];
      if (s.stamp != stamp_) return nullptr;
      if (s.key == key) return &s.value;
    }
  }
  // Sets the value of `key`; returns false when it was already there (and leaves it).
  bool insert(std::uint64_t key, std::uint64_t value) {
    if ((used_ + 1) * 2 > slots_.size()) grow();
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = static_cast<std::size_t>(key) & mask;; i = (i + 1) & mask) {
      Slot& s = slots_[i];
      if (s.stamp != stamp_) {
        s = {key, value, stamp_};
        ++used_;
        return true;
      }
      if (s.key == key) return false;
    }
  }

 private:
  struct Slot {
    std::uint64_t key = 0;
    std::uint64_t value = 0;
    std::uint32_t stamp = 0;
  };
  void grow() {
    std::vector<Slot> old(slots_.size() * 2);
    old.swap(slots_);
    const std::uint32_t live = stamp_;
    stamp_ = 1;
    used_ = 0;
    for (const Slot& s : old)
      if (s.stamp == live) insert(s.key, s.value);
  }
  std::vector<Slot> slots_;
  std::uint32_t stamp_ = 0;
  std::size_t used_ = 0;
};

// One way the rejection sampler splits a play's dice among its components: the dice masks of
// components 1..n.
struct Composition {
  int n = 0;
  std::array<std::uint8_t, 4> masks{};
};

// The compositions of a roll that can make a valid play for one M (see
// Searcher::add_compositions), in the sampler's order, and the bit set of the shapes they use.
struct Compositions {
  std::array<Composition, 16> items{};
  int n = 0;
  unsigned shapes = 0;
};

// What the searches need of one roll after each used-dice mask: the dice sequences left
// (dice_sequences), the pips used, and the rejection sampler's shape of a mask (a double's
// number of dice less one, otherwise the mask less one); and the sampler's compositions when M
// is the whole roll, without and with a possible win (they depend on the roll alone). Built
// once per roll.
struct DiceInfo {
  std::array<std::array<DiceSeq, 8>, 16> seqs{};
  std::array<std::uint8_t, 16> nseq{};
  std::array<std::uint8_t, 16> pips{};
  std::array<std::uint8_t, 16> shape{};
  std::array<Compositions, 2> whole{};
  // by_sum[u][k]: bit i set when seqs[u][i] goes k steps, so that a route of known length
  // looks at those sequences only.
  std::array<std::array<std::uint8_t, kMaxRoute + 1>, 16> by_sum{};
};

// Lists into `out` the compositions of the roll of `info` whose pips make `target` (M), or fewer
// when `can_win` (the side may win with fewer).
void list_compositions(const DiceInfo& info, int target, bool can_win, Compositions& out);

// Fills `info` for `dice`.
void fill_dice_info(const Dice& dice, DiceInfo& info);

// The DiceInfo of an opening die or a roll of two dice 1..6 (built once for the process), or
// nullptr for any other dice.
const DiceInfo* shared_dice_info(const Dice& dice);

// The rejection sampler's candidates of one shape, from-cell << 8 | to-cell, in listing order
// (at most one per from-cell and direction), those of a from-cell together.
struct CandList {
  std::array<std::uint16_t, kMaxCells * kMaxDirs> items{};
  int n = 0;
  // Where the candidates of each listed from-cell begin and end in `items`.
  std::array<std::uint16_t, kMaxCells> begin{}, end{};

  // Whether c-y is a candidate (c listed), looking at c's entries before `stop`.
  bool has(int c, int y, int stop) const {
    for (int i = begin[c]; i < stop; ++i)
      if (items[i] == (c << 8 | y)) return true;
    return false;
  }
  // Whether c-y is a candidate (c listed).
  bool has(int c, int y) const { return has(c, y, end[c]); }
  // Appends c-y (c's entries begin at begin[c]) unless it is there already.
  void add(int c, int y) {
    if (!has(c, y, n)) items[n++] = static_cast<std::uint16_t>(c << 8 | y);
  }
};

// The tables of a thread's searches, kept between searches.
struct Scratch {
  FlatTable visited;
  FlatTable counts;
  std::array<CandList, 4> cands;
  SideCells cells;     // the side's cells, when the caller gives none
  Compositions comps;  // the compositions, when M is not the whole roll
  Position pos;        // the Searcher's position, when the caller lends none
  bool busy = false;
};

// Lends the thread's Scratch to one Searcher at a time (a nested search gets its own).
class ScratchLease {
 public:
  ScratchLease() {
    thread_local Scratch shared;
    if (shared.busy) {
      own_ = std::make_unique<Scratch>();
      s_ = own_.get();
    } else {
      s_ = &shared;
    }
    s_->busy = true;
  }
  ~ScratchLease() { s_->busy = false; }
  ScratchLease(const ScratchLease&) = delete;
  ScratchLease& operator=(const ScratchLease&) = delete;
  Scratch& get() { return *s_; }

 private:
  std::unique_ptr<Scratch> own_;
  Scratch* s_ = nullptr;
};

}  // namespace scribe::engine::savoya::search_detail
