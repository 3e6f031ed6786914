#include "engine/board/y_board.hpp"

#include <algorithm>
#include <vector>

namespace scribe::engine::board {

namespace {

std::vector<int> y_lengths(int n) {
  std::vector<int> v;
  for (int c = 0; c < n; ++c) v.push_back(n - c);
  return v;
}

std::vector<int> y_offsets(int n) {
  std::vector<int> v;
  for (int c = 0; c < n; ++c) v.push_back(c);
  return v;
}

}  // namespace

YBoard::YBoard(int n)
    : HexColumns(y_lengths(std::max(n, 1)), y_offsets(std::max(n, 1))), n_(std::max(n, 1)) {}

std::uint8_t YBoard::side_bits(int index) const {
  const CellCoord c = coord(index);
  std::uint8_t bits = 0;
  if (c.col == 0) bits |= kW;
  if (c.row == n_ - c.col) bits |= kNE;
  if (c.row == 1) bits |= kSE;
  return bits;
}

}  // namespace scribe::engine::board
