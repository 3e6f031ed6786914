#include "engine/board/square_grid.hpp"

namespace scribe::engine::board {

SquareGrid::SquareGrid(int cols, int rows)
    : cols_(cols < 1 ? 1 : cols), rows_(rows < 1 ? 1 : rows) {}

int SquareGrid::column_length(int col) const { return col >= 0 && col < cols_ ? rows_ : 0; }

int SquareGrid::index(int col, int row) const {
  if (col < 0 || col >= cols_ || row < 1 || row > rows_) return -1;
  return col * rows_ + (row - 1);
}

CellCoord SquareGrid::coord(int index) const { return CellCoord{index / rows_, index % rows_ + 1}; }

bool SquareGrid::has_direction(Compass d) {
  return d == Compass::kN || d == Compass::kS || d == Compass::kE || d == Compass::kW;
}

const std::vector<Compass>& SquareGrid::directions() {
  static const std::vector<Compass> kDirs = {Compass::kN, Compass::kS, Compass::kE, Compass::kW};
  return kDirs;
}

int SquareGrid::step(int index, Compass d) const {
  const CellCoord c = coord(index);
  switch (d) {
    case Compass::kN:
      return this->index(c.col, c.row + 1);
    case Compass::kS:
      return this->index(c.col, c.row - 1);
    case Compass::kE:
      return this->index(c.col + 1, c.row);
    case Compass::kW:
      return this->index(c.col - 1, c.row);
    default:
      return -1;
  }
}

std::uint8_t SquareGrid::side_bits(int index) const {
  const CellCoord c = coord(index);
  std::uint8_t bits = 0;
  if (c.row == rows_) bits |= kTop;
  if (c.row == 1) bits |= kBottom;
  if (c.col == 0) bits |= kLeft;
  if (c.col == cols_ - 1) bits |= kRight;
  return bits;
}

Point SquareGrid::centre(int index) const {
  const CellCoord c = coord(index);
  return Point{static_cast<double>(c.col), static_cast<double>(c.row - 1)};
}

}  // namespace scribe::engine::board
