// The steps of SavoyaState under TypedState: checks 6.1-6.4 (game over, roll, notation, pass,
// count), hands the components to the rules core, and handles the lenient repairs of §4.2 and
// §8.2 (roll inference, implied passes) and the end-of-game tests of §8.
#include "engine/games/savoya/savoya_state.hpp"

#include <algorithm>

#include "engine/core/kit.hpp"
#include "notation/games/savoya/savoya_notation.hpp"

namespace scribe::engine::savoya {
namespace {

namespace nt = notation::savoya;

bool same_dice(const Dice& a, const Dice& b) { return a == b; }

// Adds the `c.count` components from -> to of `c` to the ply (at most four are kept; `total`
// counts them all).
void add_components(SavoyaState::Ply& ply, std::uint8_t from, std::uint8_t to,
                    const nt::Component& c) {
  for (int i = 0; i < c.count; ++i) {
    if (ply.total < 4) {
      Comp& x = ply.comps.items[ply.comps.n++];
      x = Comp{};
      x.from = from;
      x.to = to;
      x.offset = c.offset;
      x.length = c.length;
    }
    ++ply.total;
  }
}

}  // namespace

std::optional<Dice> read_dice(std::string_view text) {
  Dice dice;
  if (!read_dice(text, dice)) return std::nullopt;
  return dice;
}

SavoyaState::SavoyaState(std::shared_ptr<const Config> cfg, const Position& pos, int side,
                         const Dice& dice)
    : cfg_(std::move(cfg)), pos_(pos), side_(side), dice_(dice) {}

void SavoyaState::set_over(int result, int ply) {
  side_ = kOver;
  result_ = result;
  ended_at_ = ply;
  dice_ = Dice{};
}

std::string SavoyaState::side_to_move() const {
  std::string_view side;
  side_to_move_view(side);
  return std::string(side);
}

std::optional<std::string> SavoyaState::result() const {
  if (side_ != kOver) return std::nullopt;
  if (result_ == kDraw) return std::string("draw");
  return cfg_->side_name(result_);
}

SavoyaState::Attempt SavoyaState::attempt_known(const Ply& ply, int side, const Dice& dice,
                                                bool lenient, Move& move) const {
  Attempt a;
  move.pass = false;
  move.side = side;
  move.dice = dice;
  if (ply.pass) {  // 6.3
    if (!has_any_play(*cfg_, pos_, side, dice)) {
      a.ok = true;
      move.pass = true;
      if (move.side < 0) move.side = 0;
      return a;
    }
    // The example is the first play valid_plays lists, found without listing the others.
    Play first;
    const bool found = first_valid_play(*cfg_, pos_, side, dice, first);
    int who = side;
    if (who < 0 && found) {
      // Before the roll-off the play is one component (one die): its mover is the side.
      who = cfg_->side_of_colour[pos_.cells[first.from[0]].top];
    }
    a.findings.push_back(token_error(
        "savoya.illegal-pass", cfg_->side_name(std::max(who, 0)) + " must move: with " +
                                   dice.text() + " a legal play exists, e.g. " +
                                   (found ? play_text(*cfg_->board, first) : std::string("?"))));
    return a;
  }
  if (ply.total > dice.n) {  // 6.4
    a.findings.push_back(token_error(
        "savoya.too-many-moves", std::to_string(ply.total) + " piece moves need at least " +
                                     std::to_string(ply.total) + " dice; the roll " + dice.text() +
                                     " gives " + std::to_string(dice.n)));
    return a;
  }
  check_components(*cfg_, pos_, side, dice, ply.comps, lenient, move.play);
  move.side = move.play.side;
  if (!move.play.ok) {
    a.findings.push_back(move.play.error);
    return a;
  }
  a.ok = true;
  a.findings = std::move(move.play.warnings);  // play() does not read them
  return a;
}

SavoyaState::Attempt SavoyaState::attempt(const Ply& ply, int side, const std::optional<Dice>& dice,
                                          bool opening, bool lenient, Move& move) const {
  if (dice) return attempt_known(ply, side, *dice, lenient, move);
  // The dice are unknown: a pass without a roll, or a lenient ply without a roll.
  std::vector<Dice> candidates;
  if (opening)
    for (int d = 1; d <= 6; ++d) candidates.push_back(Dice::opening(d));
  else
    candidates.assign(all_rolls().begin(), all_rolls().end());
  Attempt a;
  move.side = side;
  if (ply.pass) {  // R26: legal when some roll leaves the side without a play (the first such)
    auto none = std::find_if(candidates.begin(), candidates.end(),
                             [&](const Dice& d) { return !has_any_play(*cfg_, pos_, side, d); });
    Attempt pass =
        attempt_known(ply, side, none != candidates.end() ? *none : candidates[0], lenient, move);
    move.dice.reset();
    return pass;
  }
  std::string fits;
  std::optional<Attempt> found;
  int fitting = 0;
  Move tried;
  for (const Dice& d : candidates) {
    Attempt x = attempt_known(ply, side, d, lenient, tried);
    if (!x.ok) continue;
    if (!fits.empty()) fits += ", ";
    fits += d.text();
    ++fitting;
    if (!found) {
      found = std::move(x);
      move = tried;
    }
  }
  if (!found) {
    a.findings.push_back(token_error(
        "savoya.no-roll-fits", "the ply has no roll, and no roll makes it legal for " +
                                   (side >= 0 ? cfg_->side_name(side) : std::string("any side"))));
    return a;
  }
  found->findings.insert(found->findings.begin(),
                         token_warning("savoya.roll-missing",
                                       "the ply has no roll; it is read with an unknown roll (" +
                                           ("fits: " + fits) + ")"));
  if (fitting == 1 && !(opening && move.dice && move.dice->text() == "1"))
    move.only_fit = move.dice;
  move.dice.reset();
  return *found;
}

Finding SavoyaState::game_over_error() const {
  return token_error("savoya.game-over", game_over_message(ended_at_, result().value_or("*")));
}

bool SavoyaState::read_roll(const RollText& roll, bool lenient, Ply& ply, PlyOutcome& out) const {
  const std::string_view written_text = roll.text;
  auto fail = [&out](std::string code, std::string message) {
    return stop_ply(out, finding_at(std::move(code), std::move(message), Anchor::kRoll));
  };
  Dice written;
  if (!read_dice(roll.text, written))
    return fail("savoya.bad-roll", "(" + std::string(written_text) +
                                       ") is not a roll: write one or two dice from 1 to 6, "
                                       "such as (5) or (6-3)");
  const int n = written.n;
  if (dice_.n > 0) {
    if (!same_dice(written, dice_))
      return fail("savoya.bad-roll", "the roll (" + std::string(written_text) +
                                         ") differs from the dice of the Setup position (" +
                                         dice_.text() + ")");
  } else if (ply.opening && n == 2) {
    return fail("savoya.roll-count",
                "the opening move is played with one die (the roll-off winner's), but the roll (" +
                    std::string(written_text) + ") has two");
  } else if (!ply.opening && n == 1) {
    return fail("savoya.roll-count", "this turn is played with two dice, but the roll (" +
                                         std::string(written_text) + ") has one");
  } else if (ply.opening && roll.text[0] == '1') {
    out.findings.push_back(finding_at("savoya.bad-roll",
                                      "an opening die of 1 cannot win the roll-off (ties are "
                                      "rolled again), so the opening die is 2 to 6",
                                      Anchor::kRoll, 0, 0,
                                      lenient ? Severity::kWarning : Severity::kError));
    if (!lenient) return false;
  }
  ply.dice = written;
  return true;
}

bool SavoyaState::read(std::string_view token, const RollText* roll, Mode mode, Ply& ply,
                       PlyOutcome& out) const {
  const bool lenient = mode == Mode::kLenient;
  ply.opening = side_ == kRollOff || dice_.n == 1;
  if (dice_.n > 0) ply.dice = dice_;
  if (roll != nullptr) {  // 6.2
    // The usual roll (the right count of dice, no dice given by the position, no opening 1)
    // without a call; read_roll reads and words every other.
    Dice written;
    if (dice_.n == 0 && read_dice(roll->text, written) &&
        (ply.opening ? written.n == 1 && roll->text[0] != '1' : written.n != 1))
      ply.dice = written;
    else if (!read_roll(*roll, lenient, ply, out))
      return false;
  }
  if (ply.dice)
    ply.dice->write_text(out.roll);
  else
    out.roll.assign(1, '?');

  // The notation: syntax, then cells. The usual token is read by hand; the grammar reads every
  // other token (and words its errors).
  if (ply.dice && read_plain(token, ply)) return true;
  ply.comps.n = 0;  // read_plain may have begun
  ply.total = 0;
  const nt::ParseResult parsed = nt::parse_savoya_move(token);
  if (!ply.dice && !lenient && !(parsed.move && parsed.move->pass))
    return stop_ply(out, token_error("savoya.roll-missing",
                                     "the ply has no roll; write the dice before it, e.g. (" +
                                         std::string(ply.opening ? "5" : "6-3") + ")"));
  if (!parsed.move)
    return stop_ply(out,
                    token_error("savoya.syntax", parsed.error.message, parsed.error.offset, 1));
  return read_cells(*parsed.move, ply, out);
}

bool SavoyaState::read_plain(std::string_view token, Ply& ply) const {
  const Board& b = *cfg_->board;
  return nt::scan_plain_play(token, [&](const nt::Component& c) {
    // The scanner reads columns a..z and rows 1..99, inside the grid: no bounds to check.
    const std::uint8_t from = b.grid[c.from.column][c.from.row];
    const std::uint8_t to = b.grid[c.to.column][c.to.row];
    if (from == kNoCell || to == kNoCell) return false;
    add_components(ply, from, to, c);
    return true;
  });
}

bool SavoyaState::read_cells(const nt::Move& move, Ply& ply, PlyOutcome& out) const {
  ply.pass = move.pass;
  const Board& b = *cfg_->board;
  for (const nt::Component& c : move.components) {
    const std::uint8_t from = b.cell_at(c.from.column, c.from.row);
    const std::uint8_t to = b.cell_at(c.to.column, c.to.row);
    for (const nt::CellRef* cell : {&c.from, &c.to})
      if (b.cell_at(cell->column, cell->row) == kNoCell)
        return stop_ply(
            out, token_error("savoya.not-a-cell",
                             nt::cell_text(*cell) + " is not a cell of the " + b.title + " board",
                             cell->offset, cell->length));
    add_components(ply, from, to, c);
  }
  return true;
}

bool SavoyaState::check(const Ply& ply, std::string_view, const RollText*, Mode mode, Move& move,
                        PlyOutcome& out) const {
  const bool lenient = mode == Mode::kLenient;
  // The usual ply (a known roll, no more components than dice) that passes with no warning:
  // what attempt_known would do for it, without its findings list and copies. Any other ply,
  // and this one when it fails or warns, takes the general steps of check_in_full (checked
  // again from the start: check_components reads nothing a first try left in move.play).
  if (check_shortcut_ && ply.dice && !ply.pass && ply.total <= ply.dice->n) {
    check_components(*cfg_, pos_, side_, *ply.dice, ply.comps, lenient, move.play);
    if (move.play.ok && move.play.warnings.empty()) {
      move.pass = false;
      move.side = move.play.side;
      move.dice = ply.dice;
      return true;  // read() wrote the roll as played: ply.dice's text
    }
  }
  return check_in_full(ply, lenient, move, out);
}

bool SavoyaState::check_in_full(const Ply& ply, bool lenient, Move& move, PlyOutcome& out) const {
  // 6.3 onwards, with the lenient implied passes of §8.2.
  Attempt a = attempt(ply, side_, ply.dice, ply.opening, lenient, move);
  if (!a.ok && lenient && side_ >= 0) {
    std::vector<Finding> passes;
    int s = side_;
    for (int i = 1; i < cfg_->num_sides(); ++i) {
      if (can_ever_move(*cfg_, pos_, s)) break;
      passes.push_back(token_warning("savoya.implied-pass",
                                     cfg_->side_name(s) + " cannot move with any roll; a pass by " +
                                         cfg_->side_name(s) + " is assumed before this ply"));
      s = next_side(s);
      Move retried;
      Attempt retry = attempt(ply, s, ply.dice, false, lenient, retried);
      if (retry.ok) {
        retry.findings.insert(retry.findings.begin(), passes.begin(), passes.end());
        a = std::move(retry);
        move = retried;
        break;
      }
    }
  }
  for (auto& f : a.findings) out.findings.push_back(std::move(f));
  if (!a.ok) return false;
  // read() wrote ply.dice's text (or "?"); a known roll is played as read, an unknown one stays.
  if (!(ply.dice && move.dice && same_dice(*ply.dice, *move.dice))) {
    if (move.dice)
      move.dice->write_text(out.roll);
    else
      out.roll.assign(1, '?');
  }
  if (move.only_fit) out.inferred_roll = move.only_fit->text();
  return true;
}

void SavoyaState::play(const Move& move, PlyOutcome& out) {
  cells_mark_ = 0;
  last_.valid = true;
  last_.pass = move.pass;
  last_.side = move.side;
  last_.dice_known = move.dice.has_value();
  last_.dice = move.dice.value_or(Dice{});
  // (Not a conditional expression: that would copy the played list into a temporary first.)
  if (move.pass)
    last_.comps = CompList{};
  else
    last_.comps = move.play.played;
  // The position before the ply is not kept: last_ply() makes it from pos_ and `undo_`, the
  // cells the ply changed with their contents before it.
  undo_.n = 0;
  undo_.away = pos_.away;
  if (!move.pass && move.play.after) {
    // A Move made with the whole position after it (a drawn play, check_components' by-value
    // form): a component changes only its from-cell and its to-cell.
    for (int i = 0; i < move.play.played.n; ++i) {
      const Comp& c = move.play.played.items[i];
      for (const std::uint8_t cell : {c.from, c.to}) {
        const auto end = undo_.cell.begin() + undo_.n;
        if (std::find(undo_.cell.begin(), end, cell) != end) continue;
        undo_.cell[undo_.n] = cell;
        undo_.stack[undo_.n++] = pos_.cells[cell];
      }
    }
    pos_ = *move.play.after;
  } else if (!move.pass) {
    const PlyChanges& ch = move.play.changes;
    for (int i = 0; i < ch.n; ++i) {
      undo_.cell[i] = ch.cell[i];
      undo_.stack[i] = pos_.cells[ch.cell[i]];
      pos_.cells[ch.cell[i]] = ch.stack[i];
    }
    undo_.n = ch.n;
    pos_.away = ch.away;
    // The piece that landed last can most likely move again on the mover's next turn.
    if (move.play.played.n > 0 && move.side >= 0)
      movable_hint_[move.side] = move.play.played.items[move.play.played.n - 1].to;
  }
  dice_ = Dice{};
  if (!move.pass && move.play.won) {
    set_over(move.side, plies_played());
    return;
  }
  const int sides = cfg_->num_sides();
  side_ = move.side + 1 < sides ? move.side + 1 : 0;
  bool any = false;
  for (int i = 0, s = side_; i < sides && !any; ++i, s = s + 1 < sides ? s + 1 : 0)
    any = can_ever_move(*cfg_, pos_, s, movable_hint_[s]);
  if (any) return;
  set_over(kDraw, plies_played());
  out.findings.push_back(token_warning(
      "savoya.stalemate", "no side can move with any roll; the game is over and scored as a draw"));
}

std::vector<ChanceOutcome> SavoyaState::chance_outcomes() const {
  std::vector<ChanceOutcome> out;
  if (side_ == kOver || dice_.n > 0) return out;
  if (side_ == kRollOff) {
    // Ties for the highest die are re-rolled: P(k) is proportional to (k-1)^(n-1).
    double weights[7] = {};
    double sum = 0;
    for (int k = 2; k <= 6; ++k) {
      double w = 1;
      for (int i = 1; i < cfg_->num_sides(); ++i) w *= (k - 1);
      weights[k] = w;
      sum += w;
    }
    for (int k = 2; k <= 6; ++k) out.push_back({std::to_string(k), weights[k] / sum});
    return out;
  }
  for (const Dice& d : all_rolls()) out.push_back({d.text(), d.doubles ? 1.0 / 36 : 2.0 / 36});
  return out;
}

std::optional<Dice> SavoyaState::dice_for(std::string_view roll) const {
  if (side_ == kOver) return std::nullopt;
  Dice dice = dice_;
  if (!roll.empty()) {
    const std::optional<Dice> read = read_dice(roll);
    if (!read) return std::nullopt;
    dice = *read;
  }
  const bool opening = side_ == kRollOff || dice_.n == 1;
  if (dice.n == 0 || (opening != (dice.n == 1))) return std::nullopt;
  return dice;
}

std::vector<std::string> SavoyaState::legal_moves(std::string_view roll) const {
  const std::optional<Dice> dice = dice_for(roll);
  if (!dice) return {};
  std::vector<std::string> plays = valid_plays(*cfg_, pos_, side_ >= 0 ? side_ : -1, *dice);
  if (plays.empty()) plays.push_back("pass");
  return plays;
}

std::string SavoyaState::random_move(std::string_view roll, Random& rng) const {
  const std::optional<Dice> dice = dice_for(roll);
  if (!dice) return {};
  Play play;
  if (!random_valid_play(*cfg_, pos_, side_ >= 0 ? side_ : -1, *dice, rng, play)) return "pass";
  return play_text(*cfg_->board, play);
}

std::optional<std::string> SavoyaState::canonical_text(std::string_view token) const {
  const nt::ParseResult parsed = nt::parse_savoya_move(token);
  if (!parsed.move) return std::nullopt;
  return nt::canonical_text(*parsed.move);
}

void SavoyaState::canonical_of(const Ply& ply, const Move& move, std::string_view token,
                               std::string& out) const {
  // A split move's re-reading joins components, so fewer are played than were written; else
  // the written components, in their order, runs of equal ones joined (the text canonical_text
  // gives without reading the token again; a pass and more than four components are read again).
  const CompList& played = move.play.played;
  const bool as_written = played.n == ply.total;
  if (move.pass || (as_written && ply.comps.n != ply.total)) {
    out = canonical_text(token).value_or(std::string(token));
    return;
  }
  const CompList& comps = as_written ? ply.comps : played;
  Play p;
  p.n = comps.n;
  for (int i = 0; i < comps.n; ++i) {
    p.from[i] = comps.items[i].from;
    p.to[i] = comps.items[i].to;
  }
  out = play_text(*cfg_->board, p);
}

LastPly SavoyaState::last_ply() const {
  // Made on each call, not cached: a const state may be asked from several threads at once.
  LastPly out = last_;
  if (!out.valid) return out;
  out.before = pos_;
  for (int i = 0; i < undo_.n; ++i) out.before.cells[undo_.cell[i]] = undo_.stack[i];
  out.before.away = undo_.away;
  return out;
}

std::optional<Finding> SavoyaState::mutual_pin_finding() const {
  const Board& b = *cfg_->board;
  for (int c1 = 0; c1 < b.num_cells; ++c1) {
    const Stack& s1 = pos_.cells[c1];
    if (s1.pinned < 0) continue;
    const int side_a = cfg_->side_of_colour[s1.pinned];
    const int side_b = cfg_->side_of_colour[s1.top];
    if (side_a == side_b) continue;
    for (int c2 = 0; c2 < b.num_cells; ++c2) {
      const Stack& s2 = pos_.cells[c2];
      if (s2.pinned < 0 || cfg_->side_of_colour[s2.pinned] != side_b ||
          cfg_->side_of_colour[s2.top] != side_a)
        continue;
      const std::string& a = cfg_->side_name(side_a);
      const std::string& bn = cfg_->side_name(side_b);
      return token_warning("savoya.mutual-pin",
                           "the game stops in a mutual pin: " + a + "'s piece on " +
                               b.cells[c1].name + " is pinned by " + bn + ", and " + bn +
                               "'s piece on " + b.cells[c2].name + " is pinned by " + a);
    }
  }
  return std::nullopt;
}

RecordEnd SavoyaState::record_end() const {
  RecordEnd end;
  end.finding = mutual_pin_finding();
  if (end.finding && side_ != kOver) end.unfinished_results.push_back("draw");
  return end;
}

}  // namespace scribe::engine::savoya
