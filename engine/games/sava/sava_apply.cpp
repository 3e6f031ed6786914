// SavaState::apply: the checks S1-S34 of sava.md 5.6 in order, and the effects of 7.
#include "engine/games/sava/sava_state.hpp"

namespace scribe::engine::sava {

namespace {

using notation::sava::SpaceRef;

Finding make(std::string code, std::string message, const SpaceRef* at = nullptr) {
  Finding f = token_error(std::move(code), std::move(message));
  if (at != nullptr) {
    f.offset = at->offset;
    f.length = at->length;
  }
  return f;
}

Finding at_roll(std::string code, std::string message, Anchor anchor = Anchor::kRoll) {
  Finding f = token_error(std::move(code), std::move(message));
  f.anchor = anchor;
  return f;
}

// Whether `text` (between the parentheses) is a Sava roll: 0, 1 or 2 spiders.
bool is_roll(std::string_view text) { return text.size() == 1 && text[0] >= '0' && text[0] <= '2'; }

// S4 for one roll token.
Finding bad_roll(std::string_view text, Anchor anchor) {
  return at_roll("sava.bad-roll",
                 "'(" + std::string(text) +
                     ")' is not a roll: write (0), (1) or (2), the number of spiders thrown",
                 anchor);
}

}  // namespace

PlyOutcome SavaState::apply(std::string_view token, const RollText* roll, Mode mode) {
  PlyOutcome out;
  const Board& b = *cfg_.board;
  const notation::sava::ParseResult pr = notation::sava::parse_sava_move(token, b);
  if (roll != nullptr) out.roll = std::string(roll->text);
  // S1, S2.
  if (!pr.ok) {
    Finding f =
        token_error(pr.error.not_a_space ? "sava.not-a-space" : "sava.syntax", pr.error.message);
    f.offset = pr.error.offset;
    f.length = pr.error.length;
    out.findings.push_back(std::move(f));
    return out;
  }
  const ParsedMove& m = pr.move;
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
    Finding f = make("sava.alias",
                     "'" + std::string(token.substr(r->offset, r->length)) +
                         "' is not a space name; read as " + b.name(r->space),
                     r);
    if (mode == Mode::kLenient) {
      f.severity = Severity::kWarning;
      out.findings.push_back(std::move(f));
      continue;
    }
    out.findings.push_back(std::move(f));
    return out;
  }
  // S4, for a stray roll before this ply's own roll too (ruling R31), in text order.
  if (roll != nullptr && !roll->stray.empty() && !is_roll(roll->stray)) {
    out.findings.push_back(bad_roll(roll->stray, Anchor::kStrayRoll));
    return out;
  }
  if (roll != nullptr && !is_roll(roll->text)) {
    out.findings.push_back(bad_roll(roll->text, Anchor::kRoll));
    return out;
  }
  // S5.
  if (pos_.over) {
    out.findings.push_back(
        make("sava.game-over", "the game ended at ply " + std::to_string(pos_.end_ply) + ": " +
                                   side_name(pos_.winner) +
                                   " captured the Matron Mother; no further moves"));
    return out;
  }
  // S6. Ruling R31: a roll followed by another roll stands before no ply.
  if (roll != nullptr && !roll->stray.empty()) {
    out.findings.push_back(at_roll(
        "sava.roll-mismatch",
        "the roll (" + std::string(roll->stray) + ") does not fit '" + std::string(token) +
            "': a roll stands directly before its ply, and (" + std::string(roll->text) +
            ") follows it",
        Anchor::kStrayRoll));
    return out;
  }
  if (roll != nullptr) {
    const char n = roll->text[0];
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
    if (reason != nullptr) {
      out.findings.push_back(
          at_roll("sava.roll-mismatch", "the roll (" + std::string(1, n) + ") does not fit '" +
                                            std::string(token) + "': " + reason));
      return out;
    }
  }
  const int mover = pos_.to_move;
  if (m.kind == MoveKind::kBareRoll || m.kind == MoveKind::kRemoval) {
    int removal = kNoSpace;
    std::uint8_t removed = 0;
    if (m.kind == MoveKind::kRemoval) {
      // S7.
      if (!cfg_.dicesava) {
        out.findings.push_back(make("sava.removal-variant", "removing a piece ('" +
                                                                std::string(token) +
                                                                "') exists only in Dice Sava "
                                                                "(-dicesava)"));
        return out;
      }
      // S8.
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
      if (!reason.empty()) {
        out.findings.push_back(
            make("sava.removal-target", "cannot remove the piece on " + b.name(s) + ": " + reason));
        return out;
      }
      removal = s;
      removed = c;
    }
    const Position before = pos_;
    play_dice(&pos_, removal);
    // S34 for a dice ply: a claim for the roller.
    if (m.check && !attacks_matron(cfg_, pos_, mover)) {
      Finding f = make("sava.check-mark", "'" + std::string(token) + "' is marked + but " +
                                              side_name(mover) + " does not attack " +
                                              side_name(1 - mover) + "'s Matron Mother");
      if (mode != Mode::kLenient) {
        pos_ = before;
        out.findings.push_back(std::move(f));
        return out;
      }
      f.severity = Severity::kWarning;
      out.findings.push_back(std::move(f));
    }
    last_ = LastPly{};
    last_.kind = m.kind == MoveKind::kRemoval ? LastPly::Kind::kRemoval : LastPly::Kind::kBareRoll;
    last_.mover = mover;
    last_.removed = removed;
    last_.removed_space = removal;
    last_.roll = roll != nullptr ? roll->text[0] : out.roll[0];
    last_.roll_written = roll != nullptr;
    last_text_.assign(token.data(), token.size());
    out.applied = true;
    return out;
  }
  apply_move(token, m, mode, &out);
  if (out.applied) {
    last_.roll = m.dice ? (roll != nullptr ? roll->text[0] : out.roll[0]) : 0;
    last_.roll_written = roll != nullptr;
    last_text_.assign(token.data(), token.size());
  }
  return out;
}

Finding SavaState::dangling_roll_finding(std::string_view roll) const {
  // Ruling R31: the error of the ply that would follow; S4 still comes first.
  if (!is_roll(roll)) return bad_roll(roll, Anchor::kStrayRoll);
  return at_roll("sava.roll-mismatch",
                 "the roll (" + std::string(roll) +
                     ") does not fit the end of the record: a roll stands only before a dice ply",
                 Anchor::kStrayRoll);
}

}  // namespace scribe::engine::sava
