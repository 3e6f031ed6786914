// The board tables of one Druid configuration (spec games/druid.md §2): cells in cell order,
// the step table, the side (edge) bits of every cell, and the names used in messages and in
// position text. Built once per variant from the shared geometry of engine/board/.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board/compass.hpp"

namespace scribe::engine::druid {

using board::CellCoord;
using board::Compass;

// The three board shapes.
enum class BoardKind : std::uint8_t { kSquare, kHex, kY };

// The most cells any board has (26 x 26 square).
inline constexpr int kMaxCells = 26 * 26;

// The geometry of one board kind and size. Cell indices follow cell order.
struct Board {
  BoardKind kind = BoardKind::kSquare;
  int size = 0;
  int num_cells = 0;
  int cols = 0;
  std::vector<CellCoord> coords;                   // by cell index
  std::vector<std::array<std::int16_t, 8>> steps;  // [cell][Compass] -> cell or -1
  std::vector<std::uint8_t> edges;                 // [cell] -> edge bits (see edge_names)
  std::vector<board::Point> centres;               // drawing centres (cell 1 / hex side 1), y up
  std::vector<int> column_lengths;                 // cells per column
  std::vector<int> column_first;                   // index of each column's bottom cell
  std::vector<Compass> directions;                 // this board's steps, in the order of §6.18
  std::vector<std::string> edge_names;             // bit i -> "n", "s", "w", "e" / "w", "nw", ...
  // Every lintel position: ends a < b with middle m, ordered by a, then b (legal-move order).
  struct LintelLine {
    int a, m, b;
  };
  std::vector<LintelLine> lintel_lines;
  // The lintel lines through each cell (as an end or the middle): indices into lintel_lines,
  // those of cell x from line_index_start[x] up to line_index_start[x + 1].
  std::vector<int> line_index_start;
  std::vector<int> line_index;

  // Returns the index of (col, row), or -1 when it is not on the board.
  int index(int col, int row) const;
  // Returns the neighbour of `cell` in direction `d`, or -1.
  int step(int cell, Compass d) const {
    return steps[static_cast<std::size_t>(cell)][static_cast<int>(d)];
  }
  // Returns whether `d` is a step direction of this board.
  bool has_direction(Compass d) const;
  // Returns whether cells a and b are adjacent.
  bool adjacent(int a, int b) const;
  // Returns the middle cell of a lintel with ends a and b, or -1 when they do not form a line.
  int lintel_middle(int a, int b) const;
  // Returns the lower-case name of a cell ("c3").
  std::string cell_name(int cell) const;
  // Returns "8x8 board", "size-5 hex board" or "size-8 Y board" (messages, §6.6).
  std::string words() const;
  // Returns the directions as a message lists them: "n, s, e or w".
  std::string direction_list() const;
  // Returns the edge bit named `name` ("ne"), or 0 when the board has no such edge.
  std::uint8_t edge_bit(std::string_view name) const;
  // Returns the name of the single edge bit `bit`.
  std::string_view edge_name(std::uint8_t bit) const;
};

// Returns the board of a kind and size (built once and shared).
std::shared_ptr<const Board> make_board(BoardKind kind, int size);

// The smallest and largest allowed size and the default size of a board kind (§1.2).
int min_size(BoardKind kind);
int max_size(BoardKind kind);
int default_size(BoardKind kind);

}  // namespace scribe::engine::druid
