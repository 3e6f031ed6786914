// What the rejection sampler of Savoya's uniform draw (savoya_sample.cpp) reads of a position for
// one side: the cells holding a piece of the side and the cells a piece of the side might land
// on. Each cell's entry depends on that cell alone, so `generate` keeps them for every side from
// ply to ply and redoes only the cells a ply changed, instead of walking the whole board before
// every draw.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "engine/games/savoya/savoya_rules.hpp"

namespace scribe::engine::savoya::search_detail {

// One side's view of the cells.
struct SideCells {
  // Bit z (word z / 64): cell z holds a piece of the side, on top or pinned.
  std::array<std::uint64_t, 2> mine{};
  // Bit z: the top piece of cell z is the side's (one that may move; a pinned piece may not).
  std::array<std::uint64_t, 2> tops{};
  // By cell: 1 when the cell is landable for some colour of the side or holds one of its pieces
  // (a cell becomes landable only when a piece is lifted off it). kNoCell's entry stays 0, so
  // that a route past the end of its path reads "not landable".
  std::array<std::uint8_t, 256> landable{};

  // Sets the entries of cell `z`, holding `s`, for the side moving the colours `colours`.
  void set(int z, const Stack& s, unsigned colours) {
    const bool top = s.top >= 0 && ((colours >> s.top) & 1);
    const bool pinned = s.pinned >= 0 && ((colours >> s.pinned) & 1);
    const bool is_mine = top || pinned;
    const std::uint64_t bit = std::uint64_t{1} << (z & 63);
    if (is_mine)
      mine[z >> 6] |= bit;
    else
      mine[z >> 6] &= ~bit;
    if (top)
      tops[z >> 6] |= bit;
    else
      tops[z >> 6] &= ~bit;
    landable[z] = static_cast<std::uint8_t>(is_mine || s.top < 0 || (s.count == 1 && s.pinned < 0));
  }

  // Writes the cells holding a piece of the side into `out`, in cell order; returns how many.
  int mine_cells(std::array<std::uint8_t, kMaxCells>& out) const {
    int n = 0;
    for (int w = 0; w < 2; ++w)
      for (std::uint64_t bits = mine[w]; bits != 0; bits &= bits - 1)
        out[n++] = static_cast<std::uint8_t>(w * 64 + std::countr_zero(bits));
    return n;
  }
};

// The colours `side` moves (every colour in play for side -1, before the roll-off).
inline unsigned colours_of(const Config& cfg, int side) {
  unsigned colours = 0;
  for (int k = 0; k < kColours; ++k)
    if (side < 0 ? cfg.in_play(k) : cfg.side_of_colour[k] == side) colours |= 1u << k;
  return colours;
}

// Fills `out` for `side` from every cell of `p`.
inline void fill_side_cells(const Config& cfg, const Position& p, int side, SideCells& out) {
  out = SideCells{};
  const unsigned colours = colours_of(cfg, side);
  for (int z = 0; z < cfg.board->num_cells; ++z) out.set(z, p.cells[z], colours);
}

}  // namespace scribe::engine::savoya::search_detail
