// The steps of SavaState under TypedState: the checks S1-S8 and S34 of sava.md 5.6 in order,
// and the effects of 7 (sava_move.cpp has S9-S33).
#include "engine/core/kit.hpp"
#include "engine/games/sava/sava_state.hpp"

namespace scribe::engine::sava {

namespace {

using notation::sava::SpaceRef;

// Whether `text` (between the parentheses) is a Sava roll: 0, 1 or 2 spiders.
bool is_roll(std::string_view text) { return text.size() == 1 && text[0] >= '0' && text[0] <= '2'; }

// S4 for one roll token.
Finding bad_roll(std::string_view text, Anchor anchor) {
  return finding_at("sava.bad-roll",
                    "'(" + std::string(text) +
                        ")' is not a roll: write (0), (1) or (2), the number of spiders thrown",
                    anchor);
}

// Plays `move` on `pos` (sava.md 7).
void play_on(const Config& cfg, const SavaState::Move& move, Position* pos) {
  if (move.kind == MoveKind::kBareRoll || move.kind == MoveKind::kRemoval)
    play_dice(pos, move.removal);
  else
    play_move(pos, move.real, move.promotion, !cfg.chednased, move.turncoat);
}

}  // namespace

bool SavaState::read(std::string_view token, const RollText* roll, Mode mode, Ply& ply,
                     PlyOutcome& out) const {
  const Board& b = *cfg_.board;
  // The usual tokens are read by hand straight into `ply`; the grammar reads the rest.
  if (token.size() > 60000 || !notation::sava::read_plain_sava_move(token, b, ply)) {
    notation::sava::ParseResult pr = notation::sava::parse_sava_move_by_grammar(token, b);
    // S1, S2.
    if (!pr.move) {
      if (roll != nullptr) out.roll = std::string(roll->text);
      return stop_ply(out, token_error(pr.error.unknown_name ? "sava.not-a-space" : "sava.syntax",
                                       pr.error.message, pr.error.offset, pr.error.length));
    }
    ply = *pr.move;
  }
  if (roll != nullptr) out.roll = std::string(roll->text);
  const ParsedMove& m = ply;
  // The roll shown in reports (sava.md 6.2).
  if (roll == nullptr && m.dice) {
    if (m.kind == MoveKind::kBareRoll)
      out.roll = "?";
    else if (m.kind == MoveKind::kRemoval)
      out.roll = "2";
    else
      out.roll = cfg_.dicesava ? "1" : "2";
  }
  // S3: aliases, in token order.
  for (const SpaceRef* r : {&m.origin, &m.via, &m.dest}) {
    if (r->space < 0 || !r->alias) continue;
    if ((r == &m.origin && !m.has_origin) || (r == &m.via && !m.has_via)) continue;
    Finding f = token_error("sava.alias",
                            "'" + std::string(token.substr(r->offset, r->length)) +
                                "' is not a space name; read as " + b.name(r->space),
                            r->offset, r->length);
    if (!relaxed_in_lenient(std::move(f), mode, out)) return false;
  }
  // S4, for a stray roll before this ply's own roll too (ruling R31), in text order.
  if (roll != nullptr && !roll->stray.empty() && !is_roll(roll->stray))
    return stop_ply(out, bad_roll(roll->stray, Anchor::kStrayRoll));
  if (roll != nullptr && !is_roll(roll->text))
    return stop_ply(out, bad_roll(roll->text, Anchor::kRoll));
  return true;
}

std::optional<Finding> SavaState::game_over_finding() const {
  if (!pos_.over) return std::nullopt;  // S5
  return token_error("sava.game-over", "the game ended at ply " + std::to_string(pos_.end_ply) +
                                           ": " + side_name(pos_.winner) +
                                           " captured the Matron Mother; no further moves");
}

std::optional<Finding> SavaState::roll_mismatch(const ParsedMove& m, std::string_view token,
                                                const RollText& roll) const {
  // Ruling R31: a roll followed by another roll stands before no ply.
  if (!roll.stray.empty())
    return finding_at("sava.roll-mismatch",
                      "the roll (" + std::string(roll.stray) + ") does not fit '" +
                          std::string(token) + "': a roll stands directly before its ply, and (" +
                          std::string(roll.text) + ") follows it",
                      Anchor::kStrayRoll);
  const char n = roll.text[0];
  const char* reason = nullptr;
  if (!m.dice)
    reason = "a roll stands only before a dice ply";
  else if (m.kind == MoveKind::kRemoval) {
    if (n != '2') reason = "a removal needs double spiders (2)";
  } else if (m.kind != MoveKind::kBareRoll) {
    if (cfg_.dicesava && n != '1')
      reason = "a turncoat move needs exactly one spider (1) in Dice Sava";
    if (!cfg_.dicesava && n != '2') reason = "a turncoat move needs double spiders (2)";
  }
  if (reason == nullptr) return std::nullopt;
  return finding_at(
      "sava.roll-mismatch",
      "the roll (" + std::string(1, n) + ") does not fit '" + std::string(token) + "': " + reason,
      Anchor::kRoll);
}

std::optional<Finding> SavaState::check_removal(const ParsedMove& m, std::string_view token,
                                                Move& move) const {
  // S7.
  if (!cfg_.dicesava)
    return token_error("sava.removal-variant", "removing a piece ('" + std::string(token) +
                                                   "') exists only in Dice Sava (-dicesava)");
  // S8.
  const int mover = pos_.to_move;
  const int s = m.dest.space;
  const std::uint8_t c = pos_.cell[s];
  std::string reason;
  if (c == 0)
    reason = "it is empty";
  else if (cell_side(c) == mover)
    reason = std::string("it holds ") + side_name(mover) + "'s own " + piece_name(cell_kind(c));
  else if (cell_kind(c) == PieceCode::kMatron)
    reason = "the Matron Mother cannot be removed";
  else if (cell_kind(c) == PieceCode::kChampion && champion_immune(cfg_, pos_, 1 - mover))
    reason = "the Champion cannot be removed";
  if (!reason.empty())
    return token_error("sava.removal-target",
                       "cannot remove the piece on " + cfg_.board->name(s) + ": " + reason);
  move.removal = s;
  move.removed = c;
  return std::nullopt;
}

bool SavaState::check_mark(const Move& move, std::string_view token, Mode mode,
                           PlyOutcome& out) const {
  Position after = pos_;
  play_on(cfg_, move, &after);
  const bool dice_ply = move.kind == MoveKind::kBareRoll || move.kind == MoveKind::kRemoval;
  if ((!dice_ply && after.over) || attacks_matron(cfg_, after, move.mover)) return true;
  Finding f = token_error("sava.check-mark", "'" + std::string(token) + "' is marked + but " +
                                                 side_name(move.mover) + " does not attack " +
                                                 side_name(1 - move.mover) + "'s Matron Mother");
  return relaxed_in_lenient(std::move(f), mode, out);
}

bool SavaState::check(const Ply& m, std::string_view token, const RollText* roll, Mode mode,
                      Move& move, PlyOutcome& out) const {
  if (roll != nullptr)  // S6
    if (std::optional<Finding> f = roll_mismatch(m, token, *roll))
      return stop_ply(out, std::move(*f));
  move.kind = m.kind;
  move.mover = pos_.to_move;
  if (m.kind == MoveKind::kRemoval) {
    if (std::optional<Finding> f = check_removal(m, token, move))
      return stop_ply(out, std::move(*f));
  } else if (m.kind != MoveKind::kBareRoll) {
    if (!check_piece_move(m, token, mode, move, out)) return false;
  }
  if (m.dice) {
    move.roll = roll != nullptr ? roll->text[0] : out.roll[0];
    move.roll_written = roll != nullptr;
  }
  // S34 (for a dice ply, a claim for the roller).
  return !m.check || check_mark(move, token, mode, out);
}

void SavaState::play(const Move& move, PlyOutcome&) {
  const bool dice_ply = move.kind == MoveKind::kBareRoll || move.kind == MoveKind::kRemoval;
  last_ = LastPly{};
  if (!dice_ply) {
    last_.captured_via = move.real.cap_via ? pos_.cell[move.real.via] : 0;
    last_.captured_dest = move.real.cap_dest ? pos_.cell[move.real.dest] : 0;
  }
  play_on(cfg_, move, &pos_);
  last_.kind = move.kind == MoveKind::kRemoval    ? LastPly::Kind::kRemoval
               : move.kind == MoveKind::kBareRoll ? LastPly::Kind::kBareRoll
                                                  : LastPly::Kind::kMove;
  last_.mover = move.mover;
  last_.removed = move.removed;
  last_.removed_space = move.removal;
  last_.roll = move.roll;
  last_.roll_written = move.roll_written;
  if (dice_ply) return;
  last_.turncoat = move.turncoat;
  last_.piece = move.piece;
  last_.real = move.real;
  last_.promotion = move.promotion;
}

Finding dangling_roll(std::string_view roll) {
  if (!is_roll(roll)) return bad_roll(roll, Anchor::kStrayRoll);
  return finding_at(
      "sava.roll-mismatch",
      "the roll (" + std::string(roll) +
          ") does not fit the end of the record: a roll stands only before a dice ply",
      Anchor::kStrayRoll);
}

}  // namespace scribe::engine::sava
