// Boards of flat-topped hexagons standing in vertical columns, and the hex-hex board.
//
// HexColumns is the shared geometry: column c (0 = column a) holds rows 1 .. length(c), and
// its bottom cell stands `offset(c)` half cell-heights above the lowest point of the board.
// Cells are numbered column by column, bottom up, so index order is the usual cell order (by
// column letter, then row number). Two cells are adjacent when their centres are one cell
// height apart: the same column one row up or down, or the next column half a cell up or down.
// Directions: n, s, ne, nw, se, sw (no east-west step).
//
// HexHexGrid is the hexagon of side N with 2N-1 columns (Druid's Hex, Hex-style games).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/board/compass.hpp"

namespace scribe::engine::board {

class HexColumns {
 public:
  // Makes a board from the column lengths (each >= 1) and bottom offsets in half cell heights.
  HexColumns(std::vector<int> lengths, std::vector<int> offsets);

  int cols() const { return static_cast<int>(lengths_.size()); }
  int num_cells() const { return num_cells_; }
  // Returns the number of cells of column `col` (0 when off the board).
  int column_length(int col) const;
  // Returns the bottom offset of column `col` in half cell heights.
  int column_offset(int col) const { return offsets_[static_cast<std::size_t>(col)]; }

  // Returns the index of (col, row), or -1 when it is off the board.
  int index(int col, int row) const;
  // Returns the coordinates of cell `index`.
  CellCoord coord(int index) const;
  // Returns the neighbour of `index` in direction `d`, or -1 when the step leaves the board or
  // `d` is east or west.
  int step(int index, Compass d) const;
  // Returns whether `d` is a direction of these boards.
  static bool has_direction(Compass d);
  // The directions in the order n, s, ne, nw, se, sw.
  static const std::vector<Compass>& directions();
  // Returns the centre of cell `index` for hexagons of side 1, y pointing up: x = 1.5 col,
  // y = sqrt(3) (row - 1 + offset(col) / 2).
  Point centre(int index) const;

 private:
  std::vector<int> lengths_;
  std::vector<int> offsets_;
  std::vector<int> first_;  // index of the bottom cell of each column
  int num_cells_ = 0;
};

// The hex-hex board of side N: 2N-1 columns of N .. 2N-1 .. N cells, 3N(N-1)+1 cells.
class HexHexGrid : public HexColumns {
 public:
  // The six sides, as bits of side_bits(), clockwise from the west.
  enum Side : std::uint8_t { kW = 1, kNW = 2, kNE = 4, kE = 8, kSE = 16, kSW = 32 };

  // Makes the board of side `n` (n >= 1).
  explicit HexHexGrid(int n);
  int side_length() const { return n_; }
  // Returns the centre column m = N-1.
  int centre_column() const { return n_ - 1; }
  // Returns the sides (Side bits) that cell `index` lies on; a corner lies on two.
  std::uint8_t side_bits(int index) const;

 private:
  int n_;
};

}  // namespace scribe::engine::board
