// Checking and playing one ply (spec games/druid.md §6-§9), in the order of the §6 table.
#include <algorithm>
#include <utility>

#include "engine/core/kit.hpp"
#include "engine/games/druid/druid_state.hpp"

namespace scribe::engine::druid {

namespace nd = notation::druid;
using nd::ParsedMove;

namespace {

// Maps a notation direction to a board direction (the two enums list the eight in one order).
Compass to_compass(nd::Direction d) {
  static_assert(static_cast<int>(nd::Direction::kSw) == static_cast<int>(Compass::kSW) &&
                static_cast<int>(nd::Direction::kNe) == static_cast<int>(Compass::kNE));
  return static_cast<Compass>(d);
}

// Makes an error Finding over part of the token.
Finding at(std::string code, std::string message, nd::TokenPart part) {
  return token_error(std::move(code), std::move(message), part.offset, part.length);
}

// Returns the cell index of a parsed cell name, or -1 when it is off the board.
int cell_index(const Board& b, const nd::CellName& c) { return b.index(c.col, c.row); }

}  // namespace

DruidState::Fail DruidState::check_sarsen(int x) const {
  if (druid_on(x)) return Fail::kDruidCell;  // 6.7
  const int h = height(x);
  if (h > 0 && owner(x) != to_move_) return Fail::kSarsenOnEnemy;                          // 6.8
  if (config_->nostack && h > 0 && !is_lintel_unit(top(x))) return Fail::kSarsenOnSarsen;  // 6.9
  if (h + 1 > kMaxHeight) return Fail::kHeightLimit;                                       // 6.16
  return Fail::kOk;
}

DruidState::Fail DruidState::check_lintel(int a, int b, int* m, int* bad) const {
  const Board& bd = board();
  *m = bd.lintel_middle(a, b);
  if (*m < 0) return Fail::kLintelShape;  // 6.10
  for (int x : {a, *m, b})                // 6.11
    if (druid_on(x)) {
      *bad = x;
      return Fail::kDruidCell;
    }
  const int ha = height(a), hb = height(b), hm = height(*m);
  if (ha == 0 || hb == 0) {  // 6.12: both bare -> the first end in cell order
    *bad = ha == 0 && hb == 0 ? std::min(a, b) : (ha == 0 ? a : b);
    return Fail::kLintelOnGround;
  }
  const int k = ha;
  if (hb != k || hm > k) return Fail::kLintelNotFlat;       // 6.13
  if (config_->nogaps && hm != k) return Fail::kLintelGap;  // 6.14
  int supports = 0;                                         // 6.15
  for (int x : {a, *m, b})
    if (height(x) == k && owner(x) == to_move_) ++supports;
  if (supports != 2) {
    *bad = supports;
    return Fail::kLintelSupport;
  }
  if (k + 1 > kMaxHeight) {  // 6.16
    *bad = a;
    return Fail::kHeightLimit;
  }
  return Fail::kOk;
}

Finding DruidState::placement_finding(Fail fail, const ParsedMove& mv, int a, int m, int b,
                                      int bad) const {
  const Board& bd = board();
  const std::string s = config_->side_name(to_move_);
  const nd::TokenPart part = mv.placement_part;
  const std::string an = bd.cell_name(a);
  const std::string bn = mv.lintel ? bd.cell_name(b) : "";
  const std::string lintel = an + "-" + bn;
  switch (fail) {
    case Fail::kDruidCell:
      return at("druid.druid-cell",
                "no stone may be placed over the druid on " + bd.cell_name(mv.lintel ? bad : a),
                part);
    case Fail::kSarsenOnEnemy:
      return at("druid.sarsen-on-enemy",
                s + " cannot place a sarsen on " + an + ": its top stone belongs to " +
                    config_->side_name(owner(a)),
                part);
    case Fail::kSarsenOnSarsen:
      return at("druid.sarsen-on-sarsen",
                "-nostack: " + s + " cannot place a sarsen directly on the sarsen on " + an, part);
    case Fail::kLintelShape:
      return at("druid.lintel-shape",
                lintel + " is not a lintel: its ends must be two cells apart in a straight line",
                part);
    case Fail::kLintelOnGround:
      return at("druid.lintel-on-ground",
                "the lintel " + lintel + " needs a stone under each end; " + bd.cell_name(bad) +
                    " is bare ground",
                part);
    case Fail::kLintelNotFlat:
      return at("druid.lintel-not-flat",
                "the lintel " + lintel + " would not lie flat: heights " +
                    std::to_string(height(a)) + ", " + std::to_string(height(m)) + ", " +
                    std::to_string(height(b)),
                part);
    case Fail::kLintelGap:
      return at("druid.lintel-gap",
                "-nogaps: the lintel " + lintel + " would leave a gap over " + bd.cell_name(m) +
                    " (height " + std::to_string(height(m)) + ", ends " +
                    std::to_string(height(a)) + ")",
                part);
    case Fail::kLintelSupport:
      return at("druid.lintel-support",
                "the lintel " + lintel + " must rest on exactly two " + s +
                    " stones; it would rest on " + std::to_string(bad),
                part);
    case Fail::kHeightLimit: {
      const int x = mv.lintel ? bad : a;
      return at("druid.height-limit",
                "the stack on " + bd.cell_name(x) + " would be " + std::to_string(height(x) + 1) +
                    " units high; scribe supports at most 255",
                part);
    }
    case Fail::kOk:
      break;
  }
  return at("druid.syntax", "internal: no failure", part);
}

int DruidState::entry_cell(int side, int a, int m, int b, bool lintel) const {
  if (!config_->walk || druid_cell(side) >= 0) return -1;
  const std::uint8_t mine = config_->edge_pair_mask(side);
  const Board& bd = board();
  auto on_edge = [&](int x) {
    return x >= 0 && (bd.edges[static_cast<std::size_t>(x)] & mine) != 0;
  };
  if (!lintel) return on_edge(a) ? a : -1;
  if (on_edge(m)) return m;  // ruling R14
  const int lo = std::min(a, b), hi = std::max(a, b);
  if (on_edge(lo)) return lo;
  if (on_edge(hi)) return hi;
  return -1;
}

int DruidState::place(int a, int m, int b, bool lintel) {
  const int s = to_move_;
  const int entry = entry_cell(s, a, m, b, lintel);
  if (!lintel) {
    const int before = owner(a);
    push_unit(a, make_unit(UnitKind::kSarsen, s));
    claim_cell(a, s, before);
    if (before != s) join_group(a, s);
    if (before >= 0 && before != s) split_group(a, before);
  } else {
    const int before_a = owner(a), before_m = owner(m), before_b = owner(b);
    const int k = height(a);
    while (height(m) < k) push_unit(m, make_unit(UnitKind::kGap, 0));
    push_unit(a, make_unit(UnitKind::kLintelEnd, s));
    push_unit(m, make_unit(UnitKind::kLintelMiddle, s));
    push_unit(b, make_unit(UnitKind::kLintelEnd, s));
    claim_cell(a, s, before_a);
    claim_cell(m, s, before_m);
    claim_cell(b, s, before_b);
    join_group(a, s);
    join_group(m, s);
    join_group(b, s);
    for (const auto& [x, before] : {std::pair{a, before_a}, std::pair{m, before_m}, std::pair{b, before_b}})
      if (before >= 0 && before != s) split_group(x, before);
    Lintel l;
    l.a = static_cast<std::int16_t>(std::min(a, b));
    l.b = static_cast<std::int16_t>(std::max(a, b));
    l.m = static_cast<std::int16_t>(m);
    l.level = static_cast<std::uint8_t>(k + 1);
    l.side = static_cast<std::uint8_t>(s);
    lintels_.push_back(l);
  }
  if (entry >= 0) {
    druid_cell_[static_cast<std::size_t>(s)] = static_cast<std::int16_t>(entry);
    const auto& e = config_->edges[static_cast<std::size_t>(s)];
    const std::uint8_t here = board().edges[static_cast<std::size_t>(entry)];
    druid_target_[static_cast<std::size_t>(s)] = (here & e[0]) != 0 ? e[1] : e[0];
  }
  last_.kind = lintel ? LastMove::Kind::kLintel : LastMove::Kind::kSarsen;
  last_.a = static_cast<std::int16_t>(a);
  last_.m = static_cast<std::int16_t>(lintel ? m : -1);
  last_.b = static_cast<std::int16_t>(lintel ? b : -1);
  return entry;
}

void DruidState::finish_turn(bool reset_passes) {
  const int s = to_move_;
  if (reset_passes)
    passes_ = 0;
  else
    ++passes_;
  if (passes_ >= config_->players) {
    over_ = true;
    winner_ = -1;
  } else if (config_->walk) {
    const int d = druid_cell(s);
    if (d >= 0 && (board().edges[static_cast<std::size_t>(d)] & druid_target(s)) != 0) {
      over_ = true;
      winner_ = s;
    }
  } else if (last_.kind == LastMove::Kind::kSarsen || last_.kind == LastMove::Kind::kLintel) {
    // The placed cells are all topped by s and adjacent: one group, kept by join_group.
    if (goal_reached(s, placed_group_edges(last_.a, s))) {
      over_ = true;
      winner_ = s;
    }
  }
  if (over_)
    end_ply_ = plies_played();
  else
    to_move_ = (to_move_ + 1) % config_->players;
}

std::optional<Finding> DruidState::game_over_finding() const {
  if (!over_) return std::nullopt;  // 6.1
  return token_error("druid.game-over", game_over_message(end_ply_, *result()));
}

// Druid has no dice (the replay reports a roll before the ply), and its notation is case-blind
// in both modes with no lenient repairs.
bool DruidState::read(std::string_view token, const RollText*, Mode, Ply& ply,
                      PlyOutcome& out) const {
  // 6.2. The usual token straight into the ply (`ply` is as default-constructed); any other,
  // or one the plain reader leaves, by the grammar, which also places a syntax error.
  if (nd::read_plain_druid_move(token, ply)) return true;
  nd::ParseResult pr = nd::parse_druid_move(token);
  if (pr.move) {
    ply = *pr.move;
    return true;
  }
  return stop_ply(out,
                  token_error("druid.syntax",
                              "cannot read '" + std::string(token) +
                                  "' as a Druid move: expected a cell (c3), a lintel (b2-b4), a "
                                  "druid step, swap, pass or --",
                              pr.error.offset, 1));
}

std::optional<Finding> DruidState::resolve_cells(const Ply& mv, Move& move) const {
  const Board& bd = board();
  const std::pair<const nd::CellName*, nd::TokenPart> cells[3] = {
      {&mv.a, mv.a_part},
      {mv.lintel ? &mv.b : nullptr, mv.b_part},
      {mv.has_destination && mv.destination_is_cell ? &mv.destination_cell : nullptr,
       mv.destination_part}};
  for (const auto& [c, part] : cells) {
    if (c == nullptr || cell_index(bd, *c) >= 0) continue;
    return at("druid.not-a-cell", nd::cell_text(*c) + " is not a cell of the " + bd.words(), part);
  }
  move.a = cell_index(bd, mv.a);
  if (mv.lintel) move.b = cell_index(bd, mv.b);
  if (mv.has_destination && mv.destination_is_cell) move.to = cell_index(bd, mv.destination_cell);
  return std::nullopt;
}

bool DruidState::check(const Ply& mv, std::string_view token, const RollText*, Mode, Move& move,
                       PlyOutcome& out) const {
  // 6.3
  if (mv.kind == ParsedMove::Kind::kSwap) {
    if (!swap_ok_)
      return stop_ply(
          out,
          token_error(
              "druid.swap-not-allowed",
              "swap is allowed only as the second move of the game, after a stone was placed"));
    move.kind = Move::Kind::kSwap;
    return true;
  }
  const bool moves_druid = mv.kind == ParsedMove::Kind::kStep ||
                           (mv.kind == ParsedMove::Kind::kPlace && mv.has_destination);
  if (moves_druid && !config_->walk)  // 6.4
    return stop_ply(out,
                    token_error("druid.no-walk", "'" + std::string(token) +
                                                     "' moves a druid, but this is not a Druid's "
                                                     "Walk game (-walk)"));
  if (mv.kind == ParsedMove::Kind::kPlace && mv.has_destination && !config_->walkturn_both)
    return stop_ply(out,
                    token_error(  // 6.5
                        "druid.place-and-move",
                        "-walkturn=either: a turn places a stone or moves the druid, not both"));
  if (mv.kind == ParsedMove::Kind::kPass) return true;
  int entry_now = -1;
  if (mv.kind == ParsedMove::Kind::kPlace) {
    move.kind = Move::Kind::kPlace;
    if (std::optional<Finding> f = resolve_cells(mv, move))
      return stop_ply(out, std::move(*f));  // 6.6
    // 6.7-6.16
    int bad = -1;
    const Fail failed =
        mv.lintel ? check_lintel(move.a, move.b, &move.m, &bad) : check_sarsen(move.a);
    if (failed != Fail::kOk)
      return stop_ply(out, placement_finding(failed, mv, move.a, move.m, move.b, bad));
    entry_now = entry_cell(to_move_, move.a, move.m, move.b, mv.lintel);
  } else {
    move.kind = Move::Kind::kStep;
  }
  if (moves_druid)  // 6.17-6.20, on the position after the placement.
    if (std::optional<Finding> f = check_druid_move(mv, entry_now, move))
      return stop_ply(out, std::move(*f));
  return true;
}

std::optional<Finding> DruidState::check_druid_move(const Ply& mv, int entry_now,
                                                    Move& move) const {
  const Board& bd = board();
  const std::string s = config_->side_name(to_move_);
  const bool step = mv.kind == ParsedMove::Kind::kStep;
  const nd::TokenPart part = step ? nd::TokenPart{0, 0} : mv.destination_part;
  const int druid_from = druid_cell(to_move_);
  if (druid_from < 0)  // 6.17
    return at("druid.no-druid",
              entry_now >= 0 ? s + "'s druid enters this turn; it may move from its next turn"
                             : s + " has no druid yet; it enters on the first " + s +
                                   " stone placed on a " + s + " edge",
              part);
  if (step || !mv.destination_is_cell) {
    const nd::Direction nd_dir = step ? mv.step : mv.destination_dir;
    const Compass d = to_compass(nd_dir);
    const std::string dn(nd::direction_name(nd_dir));
    if (!bd.has_direction(d))  // 6.18
      return at(
          "druid.bad-direction",
          "'" + dn + "' is not a direction on the " + bd.words() + "; use " + bd.direction_list(),
          part);
    move.to = bd.step(druid_from, d);
    if (move.to < 0)  // 6.19a
      return at("druid.druid-off-board",
                s + "'s druid on " + bd.cell_name(druid_from) + " cannot step " + dn +
                    ": that leaves the board",
                part);
    if (step) move.dir = static_cast<int>(d);
  } else if (!bd.adjacent(druid_from, move.to)) {  // 6.19b
    return at("druid.druid-not-adjacent",
              s + "'s druid on " + bd.cell_name(druid_from) + " cannot reach " +
                  bd.cell_name(move.to) + " in one step",
              part);
  }
  // 6.20: a cell of the new stone is topped by the mover after the placement.
  const bool placed_here = mv.kind == ParsedMove::Kind::kPlace &&
                           (move.to == move.a || move.to == move.m || move.to == move.b);
  const int top_owner = placed_here ? to_move_ : owner(move.to);
  if (top_owner == to_move_) return std::nullopt;
  return at("druid.druid-target",
            s + "'s druid cannot step onto " + bd.cell_name(move.to) + ": " +
                (top_owner < 0 ? std::string("bare ground")
                               : "its top stone belongs to " + config_->side_name(top_owner)),
            part);
}

void DruidState::play(const Move& move, PlyOutcome&) {
  const int s = to_move_;
  last_ = LastMove{};
  last_.side = s;
  switch (move.kind) {
    case Move::Kind::kSwap:
      swapped_ = !swapped_;
      swap_ok_ = false;
      passes_ = 0;
      from_start_ = false;
      last_.kind = LastMove::Kind::kSwap;
      return;
    case Move::Kind::kPass:
      last_.kind = LastMove::Kind::kPass;
      swap_ok_ = false;
      from_start_ = false;
      finish_turn(false);
      return;
    case Move::Kind::kPlace:
      place(move.a, move.m, move.b, move.m >= 0);
      break;
    case Move::Kind::kStep:
      last_.kind = LastMove::Kind::kStep;
      break;
  }
  if (move.to >= 0) {
    last_.druid_from = druid_cell_[static_cast<std::size_t>(s)];
    last_.druid_to = static_cast<std::int16_t>(move.to);
    druid_cell_[static_cast<std::size_t>(s)] = static_cast<std::int16_t>(move.to);
  }
  // The first ply of a game from its start position: the next may be a swap.
  swap_ok_ = from_start_ && plies_played() == 1 && move.kind == Move::Kind::kPlace;
  from_start_ = false;
  finish_turn(true);
  if (over_) swap_ok_ = false;
}

}  // namespace scribe::engine::druid
