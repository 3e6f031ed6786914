// A rectangular grid of square cells with orthogonal adjacency (Druid's default board).
//
// Cells are numbered column by column: index = col * rows + (row - 1), so index order is the
// usual cell order (by column letter, then row number). Row 1 is the bottom row.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/board/compass.hpp"

namespace scribe::engine::board {

class SquareGrid {
 public:
  // The four sides of the grid, as bits of side_bits().
  enum Side : std::uint8_t { kTop = 1, kBottom = 2, kLeft = 4, kRight = 8 };

  // Makes a grid of `cols` x `rows` cells (each at least 1).
  SquareGrid(int cols, int rows);

  int cols() const { return cols_; }
  int rows() const { return rows_; }
  int num_cells() const { return cols_ * rows_; }
  // Returns the number of cells of column `col` (all columns have rows() cells).
  int column_length(int col) const;

  // Returns the index of (col, row), or -1 when it is off the grid.
  int index(int col, int row) const;
  // Returns the coordinates of cell `index`.
  CellCoord coord(int index) const;
  // Returns the neighbour of `index` in direction `d`, or -1 when the step leaves the grid or
  // `d` is not one of n, s, e, w.
  int step(int index, Compass d) const;
  // Returns whether `d` is a direction of this grid.
  static bool has_direction(Compass d);
  // The grid's directions in the order n, s, e, w.
  static const std::vector<Compass>& directions();
  // Returns the sides (Side bits) that cell `index` lies on.
  std::uint8_t side_bits(int index) const;
  // Returns the centre of cell `index` for cells of size 1, with (0, 0) at the centre of a1
  // and y pointing up.
  Point centre(int index) const;

 private:
  int cols_;
  int rows_;
};

}  // namespace scribe::engine::board
