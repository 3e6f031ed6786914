// The text board for `show` (spec games/druid.md §12): owner and height grids side by side,
// then the position text, the side to move with its player, the druids and the result.
#include <algorithm>
#include <cctype>

#include "engine/core/names.hpp"
#include "engine/games/druid/druid_state.hpp"

namespace scribe::engine::druid {

namespace {

// Returns the height as one character: 1-9, a-z for 10-35, '+' above, '.' for 0.
char height_char(int h) {
  if (h == 0) return '.';
  if (h <= 9) return static_cast<char>('0' + h);
  if (h <= 35) return static_cast<char>('a' + h - 10);
  return '+';
}

}  // namespace

std::string DruidState::text_board() const {
  const Config& c = *config_;
  const Board& b = board();
  auto owner_char = [&](int x) -> char {
    const int o = owner(x);
    if (o < 0) return '.';
    const char up = c.letters[static_cast<std::size_t>(o)];
    for (int s = 0; s < c.players; ++s)
      if (druid_cell(s) == x) return up;
    return static_cast<char>(std::tolower(static_cast<unsigned char>(up)));
  };
  auto height_at = [&](int x) { return height_char(height(x)); };

  std::vector<std::string> left, right;
  if (b.kind == BoardKind::kSquare) {
    const int n = b.size;
    const int w = n >= 10 ? 2 : 1;
    auto label = [&](int r) {
      std::string s = std::to_string(r);
      return std::string(static_cast<std::size_t>(w) - s.size(), ' ') + s;
    };
    std::string letters(static_cast<std::size_t>(w) + 1, ' ');
    for (int col = 0; col < n; ++col) {
      if (col > 0) letters += ' ';
      letters += static_cast<char>('a' + col);
    }
    auto grid = [&](auto cell_char) {
      std::vector<std::string> lines{letters};
      for (int r = n; r >= 1; --r) {
        std::string line = label(r) + " ";
        for (int col = 0; col < n; ++col) {
          if (col > 0) line += ' ';
          line += cell_char(b.index(col, r));
        }
        line += " " + label(r);
        lines.push_back(line);
      }
      lines.push_back(letters);
      return lines;
    };
    left = grid(owner_char);
    right = grid(height_at);
  } else {
    const int m = b.kind == BoardKind::kHex ? b.size - 1 : 0;
    auto t_of = [&](int x) {
      const CellCoord cc = b.coords[static_cast<std::size_t>(x)];
      const int shift = b.kind == BoardKind::kHex ? std::abs(cc.col - m) : cc.col;
      return shift + 2 * (cc.row - 1);
    };
    int tmax = 0;
    for (int x = 0; x < b.num_cells; ++x) tmax = std::max(tmax, t_of(x));
    const std::size_t width = static_cast<std::size_t>(2 * (b.cols - 1) + 1);
    auto grid = [&](auto cell_char) {
      std::vector<std::string> lines(static_cast<std::size_t>(tmax + 1), std::string(width, ' '));
      for (int x = 0; x < b.num_cells; ++x) {
        const CellCoord cc = b.coords[static_cast<std::size_t>(x)];
        lines[static_cast<std::size_t>(tmax - t_of(x))][static_cast<std::size_t>(2 * cc.col)] =
            cell_char(x);
      }
      std::string letters(width, ' ');
      for (int col = 0; col < b.cols; ++col)
        letters[static_cast<std::size_t>(2 * col)] = static_cast<char>('a' + col);
      lines.push_back(letters);
      return lines;
    };
    left = grid(owner_char);
    right = grid(height_at);
  }

  std::size_t width = 0;
  for (const auto& l : left) width = std::max(width, l.size());
  std::string out;
  for (std::size_t i = 0; i < left.size(); ++i)
    out += trim_right(pad_right(left[i], width) + "     " + right[i]) + "\n";
  return out;
}

// §12: who plays which side (seats change after a swap) and, in Walk, the druids.
std::string DruidState::text_facts() const {
  const Config& c = *config_;
  const Board& b = board();
  std::string out = "players:";
  for (int s = 0; s < c.players; ++s)
    out += std::string(s > 0 ? "," : "") + " " + c.side_name(s) + " " + player_of(s);
  if (swapped_) out += " (seats swapped)";
  out += "\n";
  if (c.walk) {
    out += "druids:";
    for (int s = 0; s < c.players; ++s) {
      const int d = druid_cell(s);
      out += " " + c.side_name(s) + " ";
      if (d < 0)
        out += "not yet entered";
      else
        out += "on " + b.cell_name(d) + ", target " + std::string(b.edge_name(druid_target(s)));
      if (s + 1 < c.players) out += ";";
    }
    out += "\n";
  }
  return out;
}

}  // namespace scribe::engine::druid
