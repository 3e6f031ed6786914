// The Y board: a triangle of flat-topped hexagons with a vertical left side (Druid's Y).
//
// Side N: column c (0 = column a) holds rows 1 .. N-c, and its bottom cell stands half a cell
// higher than the previous column's. Geometry and directions are those of HexColumns.
#pragma once

#include <cstdint>

#include "engine/board/hex_grid.hpp"

namespace scribe::engine::board {

class YBoard : public HexColumns {
 public:
  // The three sides, as bits of side_bits().
  enum Side : std::uint8_t { kW = 1, kNE = 2, kSE = 4 };

  // Makes the board of side `n` (n >= 1): n(n+1)/2 cells.
  explicit YBoard(int n);
  int side_length() const { return n_; }
  // Returns the sides (Side bits) that cell `index` lies on; a corner lies on two.
  std::uint8_t side_bits(int index) const;

 private:
  int n_;
};

}  // namespace scribe::engine::board
