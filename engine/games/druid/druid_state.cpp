// Configurations, the stack arena, groups and small accessors of DruidState.
#include "engine/games/druid/druid_state.hpp"

#include <algorithm>
#include <bitset>
#include <cctype>

#include "engine/board/hex_grid.hpp"
#include "engine/board/square_grid.hpp"
#include "engine/board/y_board.hpp"

namespace scribe::engine::druid {

using board::HexHexGrid;
using board::SquareGrid;
using board::YBoard;

int Config::side_of_letter(char c) const {
  const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (int s = 0; s < players; ++s)
    if (letters[static_cast<std::size_t>(s)] == up) return s;
  return -1;
}

std::string Config::board_word() const {
  switch (board->kind) {
    case BoardKind::kSquare:
      return "square";
    case BoardKind::kHex:
      return players == 3 ? "hex3" : "hex";
    case BoardKind::kY:
      return "y";
  }
  return "square";
}

std::shared_ptr<Config> make_config(BoardKind kind, int size, int players) {
  auto c = std::make_shared<Config>();
  c->board = make_board(kind, size);
  c->players = players;
  auto u8 = [](int v) { return static_cast<std::uint8_t>(v); };
  switch (kind) {
    case BoardKind::kSquare:
      c->letters = {'V', 'H', '?'};
      c->edges[0] = {u8(SquareGrid::kBottom), u8(SquareGrid::kTop)};
      c->edges[1] = {u8(SquareGrid::kLeft), u8(SquareGrid::kRight)};
      c->goals[0] = {u8(SquareGrid::kTop | SquareGrid::kBottom)};
      c->goals[1] = {u8(SquareGrid::kLeft | SquareGrid::kRight)};
      break;
    case BoardKind::kHex:
      if (players == 3) {
        c->letters = {'X', 'O', 'Y'};
        c->edges[0] = {u8(HexHexGrid::kSW), u8(HexHexGrid::kNE)};
        c->edges[1] = {u8(HexHexGrid::kSE), u8(HexHexGrid::kNW)};
        c->edges[2] = {u8(HexHexGrid::kW), u8(HexHexGrid::kE)};
        for (int s = 0; s < 3; ++s) c->goals[static_cast<std::size_t>(s)] = {c->edge_pair_mask(s)};
      } else {
        c->letters = {'X', 'O', '?'};
        const std::uint8_t t1 = u8(HexHexGrid::kW | HexHexGrid::kNE | HexHexGrid::kSE);
        const std::uint8_t t2 = u8(HexHexGrid::kNW | HexHexGrid::kE | HexHexGrid::kSW);
        c->goals[0] = {t1, t2};
        c->goals[1] = {t1, t2};
      }
      break;
    case BoardKind::kY: {
      c->letters = {'X', 'O', '?'};
      const std::uint8_t all = u8(YBoard::kW | YBoard::kNE | YBoard::kSE);
      c->goals[0] = {all};
      c->goals[1] = {all};
      break;
    }
  }
  return c;
}

DruidState::DruidState(std::shared_ptr<const Config> config) : config_(std::move(config)) {
  tail_.fill(-1);
  from_start_ = true;
  // Room for a chunk on every cell and a lintel on every other one, so that replaying a usual
  // game does not grow the vectors ply by ply.
  const auto cells = static_cast<std::size_t>(config_->board->num_cells);
  arena_.reserve(cells);
  lintels_.reserve(cells / 2);
}

void DruidState::push_unit(int cell, std::uint8_t unit) {
  const auto c = static_cast<std::size_t>(cell);
  const int h = height_[c];
  if (h % kChunk == 0) {
    Chunk chunk;
    chunk.prev = tail_[c];
    arena_.push_back(chunk);
    tail_[c] = static_cast<std::int32_t>(arena_.size() - 1);
  }
  arena_[static_cast<std::size_t>(tail_[c])].units[static_cast<std::size_t>(h % kChunk)] = unit;
  height_[c] = static_cast<std::uint8_t>(h + 1);
  top_[c] = unit;
}

std::uint8_t DruidState::unit_at(int cell, int level) const {
  const auto c = static_cast<std::size_t>(cell);
  const int h = height_[c];
  if (level < 1 || level > h) return 0;
  int chunk = tail_[c];
  for (int k = (h - 1) / kChunk; k > (level - 1) / kChunk; --k)
    chunk = arena_[static_cast<std::size_t>(chunk)].prev;
  return arena_[static_cast<std::size_t>(chunk)]
      .units[static_cast<std::size_t>((level - 1) % kChunk)];
}

bool DruidState::druid_on(int cell) const {
  for (int s = 0; s < config_->players; ++s)
    if (druid_cell_[static_cast<std::size_t>(s)] == cell) return true;
  return false;
}

bool DruidState::goal_reached(int side, std::uint8_t edges) const {
  for (std::uint8_t g : config_->goals[static_cast<std::size_t>(side)])
    if ((edges & g) == g) return true;
  return false;
}

std::uint8_t DruidState::group_edges(const int* from, int n_from, int side,
                                     std::vector<int>* group) const {
  const Board& b = board();
  // Called after every placement: a bitset is cleared in a few stores, and the stack is
  // written before it is read, so neither costs a board-sized clear.
  std::bitset<kMaxCells> seen;
  std::array<std::int16_t, kMaxCells> stack;  // each cell is pushed at most once
  int top = 0;
  std::uint8_t edges = 0;
  for (int i = 0; i < n_from; ++i) {
    const int x = from[i];
    if (x < 0 || seen[static_cast<std::size_t>(x)] || owner(x) != side) continue;
    seen[static_cast<std::size_t>(x)] = true;
    stack[static_cast<std::size_t>(top++)] = static_cast<std::int16_t>(x);
  }
  while (top > 0) {
    const int x = stack[static_cast<std::size_t>(--top)];
    edges |= b.edges[static_cast<std::size_t>(x)];
    if (group != nullptr) group->push_back(x);
    for (Compass d : b.directions) {
      const int y = b.step(x, d);
      if (y < 0 || seen[static_cast<std::size_t>(y)] || owner(y) != side) continue;
      seen[static_cast<std::size_t>(y)] = true;
      stack[static_cast<std::size_t>(top++)] = static_cast<std::int16_t>(y);
    }
  }
  return edges;
}

void DruidState::claim_cell(int x, int side, int before) {
  if (before == side) return;
  const auto c = static_cast<std::size_t>(x);
  group_parent_[c] = static_cast<std::int16_t>(x);
  group_edges_[c] = board().edges[c];
}

void DruidState::join_group(int x, int side) {
  if ((groups_stale_ & (1u << side)) == 0) unite_with_neighbours(x, side);
}

void DruidState::unite_with_neighbours(int x, int side) {
  const Board& b = board();
  for (Compass d : b.directions) {
    const int y = b.step(x, d);
    if (y < 0 || owner(y) != side) continue;
    const int rx = group_root(x), ry = group_root(y);
    if (rx == ry) continue;
    group_parent_[static_cast<std::size_t>(ry)] = static_cast<std::int16_t>(rx);
    group_edges_[static_cast<std::size_t>(rx)] |= group_edges_[static_cast<std::size_t>(ry)];
  }
}

void DruidState::split_group(int x, int side) {
  if ((groups_stale_ & (1u << side)) != 0) return;
  const Board& b = board();
  // Every cell of the old group is joined to x through one of x's side neighbours, so a walk
  // from each of them labels exactly the old group without x.
  std::bitset<kMaxCells> seen;
  std::array<std::int16_t, kMaxCells> stack;  // each cell is pushed at most once
  for (Compass d0 : b.directions) {
    const int root = b.step(x, d0);
    if (root < 0 || seen[static_cast<std::size_t>(root)] || owner(root) != side) continue;
    seen[static_cast<std::size_t>(root)] = true;
    std::uint8_t edges = 0;
    int top = 0;
    stack[static_cast<std::size_t>(top++)] = static_cast<std::int16_t>(root);
    while (top > 0) {
      const int c = stack[static_cast<std::size_t>(--top)];
      edges |= b.edges[static_cast<std::size_t>(c)];
      group_parent_[static_cast<std::size_t>(c)] = static_cast<std::int16_t>(root);
      for (Compass d : b.directions) {
        const int y = b.step(c, d);
        if (y < 0 || seen[static_cast<std::size_t>(y)] || owner(y) != side) continue;
        seen[static_cast<std::size_t>(y)] = true;
        stack[static_cast<std::size_t>(top++)] = static_cast<std::int16_t>(y);
      }
    }
    group_edges_[static_cast<std::size_t>(root)] = edges;
  }
}

int DruidState::group_root(int x) {
  auto p = [this](int c) -> std::int16_t& { return group_parent_[static_cast<std::size_t>(c)]; };
  while (p(x) != x) {
    p(x) = p(p(x));
    x = p(x);
  }
  return x;
}

void DruidState::rebuild_groups(int side) {
  const Board& b = board();
  for (int x = 0; x < b.num_cells; ++x) {
    if (owner(x) != side) continue;
    group_parent_[static_cast<std::size_t>(x)] = static_cast<std::int16_t>(x);
    group_edges_[static_cast<std::size_t>(x)] = b.edges[static_cast<std::size_t>(x)];
  }
  groups_stale_ &= static_cast<std::uint8_t>(~(1u << side));
  for (int x = 0; x < b.num_cells; ++x)
    if (owner(x) == side) unite_with_neighbours(x, side);
}

std::uint8_t DruidState::placed_group_edges(int x, int side) {
  if ((groups_stale_ & (1u << side)) != 0) rebuild_groups(side);
  return group_edges_[static_cast<std::size_t>(group_root(x))];
}

bool DruidState::has_connection(int side, std::vector<int>* group) const {
  const Board& b = board();
  std::array<bool, kMaxCells> done{};
  std::vector<int> cells;
  for (int x = 0; x < b.num_cells; ++x) {
    if (done[static_cast<std::size_t>(x)] || owner(x) != side) continue;
    cells.clear();
    const std::uint8_t edges = group_edges(&x, 1, side, &cells);
    for (int y : cells) done[static_cast<std::size_t>(y)] = true;
    if (goal_reached(side, edges)) {
      if (group != nullptr) *group = cells;
      return true;
    }
  }
  return false;
}

std::vector<int> DruidState::winning_cells() const {
  std::vector<int> out;
  if (!over_ || winner_ < 0) return out;
  if (config_->walk) {
    const int d = druid_cell(winner_);
    if (d >= 0) out.push_back(d);
    return out;
  }
  // The group that made the connection contains the last placed stone when there is one.
  if ((last_.kind == LastMove::Kind::kSarsen || last_.kind == LastMove::Kind::kLintel) &&
      last_.side == winner_) {
    const int from[3] = {last_.a, last_.m, last_.b};
    std::vector<int> group;
    if (goal_reached(winner_, group_edges(from, 3, winner_, &group))) {
      std::sort(group.begin(), group.end());
      return group;
    }
  }
  has_connection(winner_, &out);
  std::sort(out.begin(), out.end());
  return out;
}

std::string DruidState::player_of(int side) const {
  int seat = side;
  if (swapped_ && side < 2) seat = 1 - side;
  const std::string& name = config_->player_names[static_cast<std::size_t>(seat)];
  return name.empty() ? "Player" + std::to_string(seat + 1) : name;
}

std::string DruidState::side_to_move() const {
  std::string_view side;
  side_to_move_view(side);
  return std::string(side);
}

std::optional<std::string> DruidState::result() const {
  if (!over_) return std::nullopt;
  if (winner_ < 0) return std::string("draw");
  return config_->side_name(winner_);
}

}  // namespace scribe::engine::druid
