#include "engine/games/druid/druid_board.hpp"

#include <algorithm>
#include <map>
#include <mutex>

#include "engine/board/hex_grid.hpp"
#include "engine/board/square_grid.hpp"
#include "engine/board/y_board.hpp"

namespace scribe::engine::druid {

int Board::index(int col, int row) const {
  if (col < 0 || col >= cols || row < 1 || row > column_lengths[static_cast<std::size_t>(col)])
    return -1;
  return column_first[static_cast<std::size_t>(col)] + row - 1;
}

bool Board::has_direction(Compass d) const {
  for (Compass x : directions)
    if (x == d) return true;
  return false;
}

bool Board::adjacent(int a, int b) const {
  for (Compass d : directions)
    if (step(a, d) == b) return true;
  return false;
}

int Board::lintel_middle(int a, int b) const {
  if (a == b) return -1;
  for (Compass d : directions) {
    const int m = step(a, d);
    if (m >= 0 && step(m, d) == b) return m;
  }
  return -1;
}

std::string Board::cell_name(int cell) const {
  const CellCoord c = coords[static_cast<std::size_t>(cell)];
  std::string s(1, static_cast<char>('a' + c.col));
  s += std::to_string(c.row);
  return s;
}

std::string Board::words() const {
  const std::string n = std::to_string(size);
  switch (kind) {
    case BoardKind::kSquare:
      return n + "x" + n + " board";
    case BoardKind::kHex:
      return "size-" + n + " hex board";
    case BoardKind::kY:
      return "size-" + n + " Y board";
  }
  return "board";
}

std::string Board::direction_list() const {
  std::string s;
  for (std::size_t i = 0; i < directions.size(); ++i) {
    if (i > 0) s += i + 1 == directions.size() ? " or " : ", ";
    s += board::compass_name(directions[i]);
  }
  return s;
}

std::uint8_t Board::edge_bit(std::string_view name) const {
  for (std::size_t i = 0; i < edge_names.size(); ++i)
    if (edge_names[i] == name) return static_cast<std::uint8_t>(1u << i);
  return 0;
}

std::string_view Board::edge_name(std::uint8_t bit) const {
  for (std::size_t i = 0; i < edge_names.size(); ++i)
    if (bit == (1u << i)) return edge_names[i];
  return "?";
}

namespace {

// Fills a Board from any grid with index/coord/step/side_bits/centre.
template <typename Grid>
void fill(Board& b, const Grid& g) {
  b.num_cells = g.num_cells();
  b.cols = g.cols();
  for (int c = 0; c < b.cols; ++c) {
    b.column_first.push_back(g.index(c, 1));
    b.column_lengths.push_back(g.column_length(c));
  }
  for (int i = 0; i < b.num_cells; ++i) {
    b.coords.push_back(g.coord(i));
    std::array<std::int16_t, 8> st{};
    for (Compass d : board::kAllCompass)
      st[static_cast<int>(d)] = static_cast<std::int16_t>(g.step(i, d));
    b.steps.push_back(st);
    b.edges.push_back(g.side_bits(i));
    b.centres.push_back(g.centre(i));
  }
}

std::unique_ptr<Board> build(BoardKind kind, int size) {
  auto b = std::make_unique<Board>();
  b->kind = kind;
  b->size = size;
  switch (kind) {
    case BoardKind::kSquare: {
      board::SquareGrid g(size, size);
      fill(*b, g);
      b->directions = board::SquareGrid::directions();
      // SquareGrid bits: top 1, bottom 2, left 4, right 8.
      b->edge_names = {"n", "s", "w", "e"};
      break;
    }
    case BoardKind::kHex: {
      board::HexHexGrid g(size);
      fill(*b, g);
      b->directions = board::HexColumns::directions();
      // HexHexGrid bits: W 1, NW 2, NE 4, E 8, SE 16, SW 32.
      b->edge_names = {"w", "nw", "ne", "e", "se", "sw"};
      break;
    }
    case BoardKind::kY: {
      board::YBoard g(size);
      fill(*b, g);
      b->directions = board::HexColumns::directions();
      // YBoard bits: W 1, NE 2, SE 4.
      b->edge_names = {"w", "ne", "se"};
      break;
    }
  }
  for (int a = 0; a < b->num_cells; ++a)
    for (Compass d : b->directions) {
      const int m = b->step(a, d);
      const int e = m < 0 ? -1 : b->step(m, d);
      if (e > a) b->lintel_lines.push_back({a, m, e});
    }
  std::sort(b->lintel_lines.begin(), b->lintel_lines.end(),
            [](const Board::LintelLine& x, const Board::LintelLine& y) {
              return x.a != y.a ? x.a < y.a : x.b < y.b;
            });
  std::vector<std::vector<int>> through(static_cast<std::size_t>(b->num_cells));
  for (std::size_t i = 0; i < b->lintel_lines.size(); ++i) {
    const Board::LintelLine& l = b->lintel_lines[i];
    for (int x : {l.a, l.m, l.b}) through[static_cast<std::size_t>(x)].push_back(static_cast<int>(i));
  }
  b->line_index_start.push_back(0);
  for (const auto& lines : through) {
    b->line_index.insert(b->line_index.end(), lines.begin(), lines.end());
    b->line_index_start.push_back(static_cast<int>(b->line_index.size()));
  }
  return b;
}

}  // namespace

std::shared_ptr<const Board> make_board(BoardKind kind, int size) {
  // Each board is built once and kept for the life of the program. What is handed out owns
  // nothing (an empty owner, the board's address): copying and dropping it, once or twice for
  // every record validated, touches no count that the threads of `--jobs 2` share. Each thread
  // remembers the last board it was given, so it takes the lock only when the board changes.
  thread_local std::pair<int, int> last_key{-1, -1};
  thread_local const Board* last = nullptr;
  const std::pair<int, int> key{static_cast<int>(kind), size};
  if (last == nullptr || last_key != key) {
    static std::mutex mu;
    // Never destroyed, so that no state that outlives the program's static objects (a Python
    // object freed late, say) is left with a board that is gone.
    static auto* cache = new std::map<std::pair<int, int>, std::unique_ptr<const Board>>;
    std::lock_guard<std::mutex> lock(mu);
    auto& slot = (*cache)[key];
    if (!slot) slot = build(kind, size);
    last = slot.get();
    last_key = key;
  }
  return std::shared_ptr<const Board>(std::shared_ptr<const Board>(), last);
}

int min_size(BoardKind) { return 3; }
int max_size(BoardKind kind) { return kind == BoardKind::kHex ? 13 : 26; }
int default_size(BoardKind kind) {
  switch (kind) {
    case BoardKind::kSquare:
      return 10;
    case BoardKind::kHex:
      return 5;
    case BoardKind::kY:
      return 8;
  }
  return 10;
}

}  // namespace scribe::engine::druid
