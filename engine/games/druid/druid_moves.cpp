// Legal move generation in the canonical order (spec games/druid.md §15) and canonical move
// text (§5).
#include <algorithm>
#include <cctype>

#include "engine/games/druid/druid_state.hpp"

namespace scribe::engine::druid {

namespace nd = notation::druid;

std::vector<std::string> DruidState::legal_moves(std::string_view roll) const {
  (void)roll;
  std::vector<std::string> out;
  if (over_) return out;
  const Board& b = board();
  const int s = to_move_;

  // Placements: sarsens in cell order, then lintels by first end, then second end.
  struct Placement {
    int a, m, b;
    bool lintel;
    std::string text;
  };
  std::vector<Placement> placements;
  for (int x = 0; x < b.num_cells; ++x)
    if (check_sarsen(x) == Fail::kOk) placements.push_back({x, -1, -1, false, b.cell_name(x)});
  std::vector<std::pair<int, int>> lines;
  for (int a = 0; a < b.num_cells; ++a)
    for (Compass d : b.directions) {
      const int m = b.step(a, d);
      if (m < 0) continue;
      const int e = b.step(m, d);
      if (e > a) lines.push_back({a, e});
    }
  std::sort(lines.begin(), lines.end());
  for (const auto& [a, e] : lines) {
    int m = -1, bad = -1;
    if (check_lintel(a, e, &m, &bad) == Fail::kOk)
      placements.push_back({a, m, e, true, b.cell_name(a) + "-" + b.cell_name(e)});
  }
  for (const auto& p : placements) out.push_back(p.text);

  // Druid steps, then combined plies with the destination as a cell.
  const int from = druid_cell(s);
  if (config_->walk && from >= 0) {
    for (Compass d : b.directions) {
      const int to = b.step(from, d);
      if (to >= 0 && owner(to) == s) out.emplace_back(board::compass_name(d));
    }
    if (config_->walkturn_both) {
      std::vector<int> dests;
      for (const auto& p : placements) {
        dests.clear();
        for (Compass d : b.directions) {
          const int to = b.step(from, d);
          if (to < 0) continue;
          const bool placed_here = to == p.a || to == p.m || to == p.b;
          if (placed_here || owner(to) == s) dests.push_back(to);
        }
        std::sort(dests.begin(), dests.end());
        for (int to : dests) out.push_back(p.text + "," + b.cell_name(to));
      }
    }
  }
  if (swap_ok_) out.emplace_back("swap");
  out.emplace_back("pass");
  return out;
}

std::optional<std::string> DruidState::canonical_move(std::string_view token) const {
  const nd::ParseResult pr = nd::parse_druid_move(token);
  if (!pr.move) return std::nullopt;
  const nd::ParsedMove& mv = *pr.move;
  const Board& b = board();
  switch (mv.kind) {
    case nd::ParsedMove::Kind::kPass:
      return std::string("pass");
    case nd::ParsedMove::Kind::kSwap:
      return std::string("swap");
    case nd::ParsedMove::Kind::kStep:
      return std::string(nd::direction_name(mv.step));
    case nd::ParsedMove::Kind::kPlace:
      break;
  }
  auto before = [](const nd::CellName& p, const nd::CellName& q) {
    return p.col != q.col ? p.col < q.col : p.row < q.row;
  };
  std::string text;
  if (mv.lintel) {
    const bool swap_ends = before(mv.b, mv.a);
    text = nd::cell_text(swap_ends ? mv.b : mv.a) + "-" + nd::cell_text(swap_ends ? mv.a : mv.b);
  } else {
    text = nd::cell_text(mv.a);
  }
  if (mv.has_destination) {
    text += ',';
    if (mv.destination_is_cell) {
      text += nd::cell_text(mv.destination_cell);
    } else {
      // The destination as a cell, when the druid is on the board and the step exists.
      const int from = druid_cell(to_move_);
      const Compass d = static_cast<Compass>(static_cast<int>(mv.destination_dir));
      const int to = from >= 0 && b.has_direction(d) ? b.step(from, d) : -1;
      text += to >= 0 ? b.cell_name(to) : std::string(nd::direction_name(mv.destination_dir));
    }
  }
  return text;
}

}  // namespace scribe::engine::druid
