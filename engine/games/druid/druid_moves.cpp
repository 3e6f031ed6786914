// Legal move generation in the canonical order (spec games/druid.md §15) and canonical move
// text (§5).
#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <charconv>
#include <cstring>

#include "engine/games/druid/druid_state.hpp"

namespace scribe::engine::druid {

namespace nd = notation::druid;

void DruidState::list_moves(std::string_view, std::vector<Move>& out) const {
  out.clear();
  if (over_) return;
  const Board& b = board();
  const int s = to_move_;
  using Kind = Move::Kind;

  // Placements: sarsens in cell order, then lintels by first end, then second end. The checks
  // are those of check_sarsen and check_lintel (6.7-6.16), written out over the board's lintel
  // lines (whose middles are known) with the druids' cells looked up once.
  std::array<std::int16_t, 3> druids{-1, -1, -1};
  for (int p = 0; p < config_->players; ++p)
    druids[static_cast<std::size_t>(p)] = druid_cell_[static_cast<std::size_t>(p)];
  auto no_druid = [&druids](int x) { return x != druids[0] && x != druids[1] && x != druids[2]; };
  const bool nostack = config_->nostack;
  for (int x = 0; x < b.num_cells; ++x) {
    const int h = height(x);
    if (h > 0 && (unit_side(top(x)) != s || (nostack && !is_lintel_unit(top(x))))) continue;
    if (h < kMaxHeight && no_druid(x)) out.push_back({Kind::kPlace, x, -1, -1, -1, -1});
  }
  for (const auto& line : b.lintel_lines) {
    // Both ends at one height k > 0, the middle at most k (at k with -nogaps), two of the
    // three cells at k topped by S, no druid on them, and room for one more level.
    const int k = height(line.a);
    if (k == 0 || height(line.b) != k) continue;
    const int hm = height(line.m);
    if (hm > k || (config_->nogaps && hm != k) || k >= kMaxHeight) continue;
    const int supports = (unit_side(top(line.a)) == s) + (unit_side(top(line.b)) == s) +
                         (hm == k && unit_side(top(line.m)) == s);
    if (supports == 2 && no_druid(line.a) && no_druid(line.m) && no_druid(line.b))
      out.push_back({Kind::kPlace, line.a, line.m, line.b, -1, -1});
  }
  const std::size_t placements = out.size();

  // Druid steps, then combined plies with the destination as a cell.
  const int from = druid_cell(s);
  if (config_->walk && from >= 0) {
    for (Compass d : b.directions) {
      const int to = b.step(from, d);
      if (to >= 0 && owner(to) == s)
        out.push_back({Kind::kStep, -1, -1, -1, to, static_cast<int>(d)});
    }
    if (config_->walkturn_both) {
      int dests[8];
      for (std::size_t i = 0; i < placements; ++i) {
        const Move p = out[i];
        int n = 0;
        for (Compass d : b.directions) {
          const int to = b.step(from, d);
          if (to < 0) continue;
          const bool placed_here = to == p.a || to == p.m || to == p.b;
          if (placed_here || owner(to) == s) dests[n++] = to;
        }
        for (int k = 1; k < n; ++k)  // at most 8: insertion sort
          for (int j = k; j > 0 && dests[j - 1] > dests[j]; --j) std::swap(dests[j - 1], dests[j]);
        for (int k = 0; k < n; ++k) out.push_back({Kind::kPlace, p.a, p.m, p.b, dests[k], -1});
      }
    }
  }
  if (swap_ok_) out.push_back({Kind::kSwap});
  out.push_back({Kind::kPass});
}

bool DruidState::play_random(Random& rng, std::string& roll, std::string& move) {
  // A druid on the board (only with -walk) takes the listing path.
  if (config_->walk || druid_cell_[0] >= 0 || druid_cell_[1] >= 0 || druid_cell_[2] >= 0)
    return ListedState<DruidState>::play_random(rng, roll, move);
  roll.clear();
  if (over_) return false;
  const Board& b = board();
  const int cells = b.num_cells;
  // The sarsen test of list_moves for every cell at once, as bytes 0 or 1 (a loop the compiler
  // vectorises), padded with zeros to whole 8-byte words.
  std::array<std::uint8_t, kMaxCells + 8> ok;
  const auto side = static_cast<std::uint8_t>(to_move_);
  const std::uint8_t any_top = config_->nostack ? 0 : 1;
  int sarsens = 0;
  for (int x = 0; x < cells; ++x) {
    const std::uint8_t h = height_[static_cast<std::size_t>(x)];
    const std::uint8_t t = top_[static_cast<std::size_t>(x)];
    const std::uint8_t on =
        static_cast<std::uint8_t>((h == 0) | (((t >> 2) == side) & (any_top | ((t >> 1) & 1))));
    const std::uint8_t v = static_cast<std::uint8_t>(on & (h != kMaxHeight));
    ok[static_cast<std::size_t>(x)] = v;
    sarsens += v;
  }
  for (int x = cells; x < cells + 8; ++x) ok[static_cast<std::size_t>(x)] = 0;
  refresh_lintel_cache();
  const int lintels = lintel_cache_.count[static_cast<std::size_t>(to_move_)];
  // The draw of ListedState::play_random: an index into the list of list_moves.
  const std::uint64_t total =
      static_cast<std::uint64_t>(sarsens + lintels) + (swap_ok_ ? 1 : 0) + 1;
  auto k = static_cast<int>(rng.below(total));
  Move chosen;  // kPass
  if (k < sarsens) {
    // The k-th cell whose byte is 1: whole words skipped by their counts first.
    int x = 0;
    for (;; x += 8) {
      std::uint64_t word;
      std::memcpy(&word, ok.data() + x, 8);
      const int n = std::popcount(word);
      if (k < n) break;
      k -= n;
    }
    for (;; ++x)
      if (ok[static_cast<std::size_t>(x)] != 0 && k-- == 0) break;
    chosen = {Move::Kind::kPlace, x, -1, -1, -1, -1};
  } else if ((k -= sarsens) < lintels) {
    const std::uint8_t bit = static_cast<std::uint8_t>(1u << to_move_);
    for (std::size_t i = 0;; ++i)
      if ((lintel_cache_.sides[i] & bit) != 0 && k-- == 0) {
        const Board::LintelLine& l = b.lintel_lines[i];
        chosen = {Move::Kind::kPlace, l.a, l.m, l.b, -1, -1};
        break;
      }
  } else if (k == lintels && swap_ok_) {
    chosen.kind = Move::Kind::kSwap;
  }
  move = move_text(chosen);
  play_drawn(chosen, move);
  return true;
}

void DruidState::refresh_lintel_cache() {
  LintelLines& c = lintel_cache_;
  const int now = plies_played();
  if (c.plies == now && !c.sides.empty()) return;
  const Board& b = board();
  const int players = config_->players;
  const bool nogaps = config_->nogaps;
  // The lintel test of list_moves for one line, for every side at once.
  auto sides_of = [&](const Board::LintelLine& l) {
    const int k = height(l.a);
    if (k == 0 || height(l.b) != k) return 0;
    const int hm = height(l.m);
    if (hm > k || (nogaps && hm != k) || k >= kMaxHeight) return 0;
    int mask = 0;
    for (int s = 0; s < players; ++s) {
      const int supports = (unit_side(top(l.a)) == s) + (unit_side(top(l.b)) == s) +
                           (hm == k && unit_side(top(l.m)) == s);
      if (supports == 2) mask |= 1 << s;
    }
    return mask;
  };
  auto set = [&](std::size_t i) {
    const int before = c.sides[i], after = sides_of(b.lintel_lines[i]);
    for (int s = 0; s < players; ++s)
      c.count[static_cast<std::size_t>(s)] += ((after >> s) & 1) - ((before >> s) & 1);
    c.sides[i] = static_cast<std::uint8_t>(after);
  };
  if (c.plies == now - 1 && !c.sides.empty()) {
    // One ply since: only the lines through the cells it placed on can have changed.
    for (int x : {last_.a, last_.m, last_.b}) {
      if (x < 0) continue;
      const auto ux = static_cast<std::size_t>(x);
      for (int j = b.line_index_start[ux]; j < b.line_index_start[ux + 1]; ++j)
        set(static_cast<std::size_t>(b.line_index[static_cast<std::size_t>(j)]));
    }
  } else {
    c.sides.assign(b.lintel_lines.size(), 0);
    c.count = {};
    for (std::size_t i = 0; i < c.sides.size(); ++i) set(i);
  }
  c.plies = now;
}

std::string DruidState::move_text(const Move& p) const {
  const Board& b = board();
  switch (p.kind) {
    case Move::Kind::kPass:
      return "pass";
    case Move::Kind::kSwap:
      return "swap";
    case Move::Kind::kStep:
      return std::string(board::compass_name(static_cast<Compass>(p.dir)));
    case Move::Kind::kPlace:
      break;
  }
  std::string text = b.cell_name(p.a);
  if (p.b >= 0) text += "-" + b.cell_name(p.b);
  if (p.to >= 0) text += "," + b.cell_name(p.to);
  return text;
}

namespace {

// Appends a cell's name (column letter, then row number) to `out`, as nd::cell_text and
// Board::cell_name write it.
void append_cell(std::string& out, int col, int row) {
  out += static_cast<char>('a' + col);
  char digits[12];
  const std::to_chars_result r = std::to_chars(digits, digits + sizeof digits, row);
  out.append(digits, r.ptr);
}

}  // namespace

std::optional<std::string> DruidState::canonical_text(std::string_view token) const {
  const nd::ParseResult pr = nd::parse_druid_move(token);
  if (!pr.move) return std::nullopt;
  std::string text;
  append_canonical(*pr.move, text);
  return text;
}

void DruidState::canonical_of(const Ply& mv, const Move&, std::string_view,
                              std::string& out) const {
  out.clear();
  append_canonical(mv, out);
}

void DruidState::append_canonical(const nd::ParsedMove& mv, std::string& text) const {
  const Board& b = board();
  switch (mv.kind) {
    case nd::ParsedMove::Kind::kPass:
      text += "pass";
      return;
    case nd::ParsedMove::Kind::kSwap:
      text += "swap";
      return;
    case nd::ParsedMove::Kind::kStep:
      text += nd::direction_name(mv.step);
      return;
    case nd::ParsedMove::Kind::kPlace:
      break;
  }
  auto before = [](const nd::CellName& p, const nd::CellName& q) {
    return p.col != q.col ? p.col < q.col : p.row < q.row;
  };
  if (mv.lintel) {
    const bool swap_ends = before(mv.b, mv.a);
    const nd::CellName& first = swap_ends ? mv.b : mv.a;
    const nd::CellName& second = swap_ends ? mv.a : mv.b;
    append_cell(text, first.col, first.row);
    text += '-';
    append_cell(text, second.col, second.row);
  } else {
    append_cell(text, mv.a.col, mv.a.row);
  }
  if (mv.has_destination) {
    text += ',';
    if (mv.destination_is_cell) {
      append_cell(text, mv.destination_cell.col, mv.destination_cell.row);
    } else {
      // The destination as a cell, when the druid is on the board and the step exists.
      const int from = druid_cell(to_move_);
      const Compass d = static_cast<Compass>(static_cast<int>(mv.destination_dir));
      const int to = from >= 0 && b.has_direction(d) ? b.step(from, d) : -1;
      if (to >= 0) {
        const CellCoord c = b.coords[static_cast<std::size_t>(to)];
        append_cell(text, c.col, c.row);
      } else {
        text += nd::direction_name(mv.destination_dir);
      }
    }
  }
}

}  // namespace scribe::engine::druid
