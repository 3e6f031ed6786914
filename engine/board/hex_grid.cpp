#include "engine/board/hex_grid.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace scribe::engine::board {

HexColumns::HexColumns(std::vector<int> lengths, std::vector<int> offsets)
    : lengths_(std::move(lengths)), offsets_(std::move(offsets)) {
  offsets_.resize(lengths_.size(), 0);
  first_.reserve(lengths_.size());
  for (int len : lengths_) {
    first_.push_back(num_cells_);
    num_cells_ += std::max(len, 0);
  }
}

int HexColumns::column_length(int col) const {
  if (col < 0 || col >= cols()) return 0;
  return lengths_[static_cast<std::size_t>(col)];
}

int HexColumns::index(int col, int row) const {
  if (col < 0 || col >= cols() || row < 1 || row > lengths_[static_cast<std::size_t>(col)])
    return -1;
  return first_[static_cast<std::size_t>(col)] + row - 1;
}

CellCoord HexColumns::coord(int index) const {
  // Columns are few (at most 26): a linear search is fine.
  int col = cols() - 1;
  while (col > 0 && first_[static_cast<std::size_t>(col)] > index) --col;
  return CellCoord{col, index - first_[static_cast<std::size_t>(col)] + 1};
}

bool HexColumns::has_direction(Compass d) { return d != Compass::kE && d != Compass::kW; }

const std::vector<Compass>& HexColumns::directions() {
  static const std::vector<Compass> kDirs = {Compass::kN,  Compass::kS,  Compass::kNE,
                                             Compass::kNW, Compass::kSE, Compass::kSW};
  return kDirs;
}

int HexColumns::step(int index, Compass d) const {
  const CellCoord c = coord(index);
  // A cell of the next column is half a cell up (ne, nw) or down (se, sw). In half cell
  // heights its centre is at 2(row' - 1) + offset(col'), which must equal
  // 2(row - 1) + offset(col) +- 1.
  auto side_step = [&](int dc, int up) -> int {
    const int nc = c.col + dc;
    if (nc < 0 || nc >= cols()) return -1;
    const int target = 2 * (c.row - 1) + offsets_[static_cast<std::size_t>(c.col)] + up;
    const int twice = target - offsets_[static_cast<std::size_t>(nc)];
    if (twice % 2 != 0) return -1;
    return this->index(nc, twice / 2 + 1);
  };
  switch (d) {
    case Compass::kN:
      return this->index(c.col, c.row + 1);
    case Compass::kS:
      return this->index(c.col, c.row - 1);
    case Compass::kNE:
      return side_step(+1, +1);
    case Compass::kSE:
      return side_step(+1, -1);
    case Compass::kNW:
      return side_step(-1, +1);
    case Compass::kSW:
      return side_step(-1, -1);
    default:
      return -1;
  }
}

Point HexColumns::centre(int index) const {
  const CellCoord c = coord(index);
  return Point{1.5 * c.col,
               std::sqrt(3.0) * (c.row - 1 + offsets_[static_cast<std::size_t>(c.col)] / 2.0)};
}

namespace {

std::vector<int> hex_lengths(int n) {
  std::vector<int> v;
  for (int c = 0; c <= 2 * n - 2; ++c) v.push_back(n + std::min(c, 2 * n - 2 - c));
  return v;
}

std::vector<int> hex_offsets(int n) {
  std::vector<int> v;
  for (int c = 0; c <= 2 * n - 2; ++c) v.push_back(std::abs(c - (n - 1)));
  return v;
}

}  // namespace

HexHexGrid::HexHexGrid(int n)
    : HexColumns(hex_lengths(std::max(n, 1)), hex_offsets(std::max(n, 1))), n_(std::max(n, 1)) {}

std::uint8_t HexHexGrid::side_bits(int index) const {
  const CellCoord c = coord(index);
  const int m = n_ - 1;
  const int len = column_length(c.col);
  std::uint8_t bits = 0;
  if (c.col == 0) bits |= kW;
  if (c.col == 2 * n_ - 2) bits |= kE;
  if (c.row == len && c.col <= m) bits |= kNW;
  if (c.row == len && c.col >= m) bits |= kNE;
  if (c.row == 1 && c.col >= m) bits |= kSE;
  if (c.row == 1 && c.col <= m) bits |= kSW;
  return bits;
}

}  // namespace scribe::engine::board
