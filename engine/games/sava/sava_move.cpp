// SavaState::check_piece_move: the checks S9-S33 of sava.md 5.6 for a piece or Orc move.
#include "engine/core/kit.hpp"
#include "engine/games/sava/sava_state.hpp"

namespace scribe::engine::sava {

namespace {

// The capture-mark detail of sava.md 5.6 (S28) for a realisation that does not fit.
std::string mark_detail(const Board& b, const Position& pos, const ParsedMove& m,
                        const Realisation& r) {
  const std::string& to = b.name(r.dest);
  const bool wm = m.piece == PieceCode::kWeaponmaster;
  if (!wm && m.lead_x) return "only the Weaponmaster captures on the way";
  if (wm) {
    const bool marked = m.lead_x || m.has_via;
    if (m.has_via && m.via.space != r.via)
      return "the Weaponmaster does not pass " + b.name(m.via.space) + " on its way to " + to;
    if (marked && !r.cap_via) return "nothing is taken on the way: no x before " + to;
    if (!marked && r.cap_via)
      return "the Weaponmaster takes " + describe_cell(pos.cell[r.via]) + " on " + b.name(r.via) +
             " on the way: write x before " + to;
  }
  if (m.final_x && !r.cap_dest) return to + " is empty, so no x after it";
  return "the move takes " + describe_cell(pos.cell[r.dest]) + " on " + to + ": write x";
}

bool fits_marks(const ParsedMove& m, const Realisation& r) {
  if (m.final_x != r.cap_dest) return false;
  if (m.piece == PieceCode::kWeaponmaster) {
    if ((m.lead_x || m.has_via) != r.cap_via) return false;
    if (m.has_via && m.via.space != r.via) return false;
    return true;
  }
  return !m.lead_x;
}

}  // namespace

bool SavaState::find_candidates(const ParsedMove& m, int owner, std::uint8_t* candidates, int* num,
                                PlyOutcome& out) const {
  const Board& b = *cfg_.board;
  const int mover = pos_.to_move;
  const PieceCode kind = m.piece;
  auto fail = [&out](std::string code, std::string message) {
    return stop_ply(out, token_error(std::move(code), std::move(message)));
  };
  if (!m.has_origin) {  // S9: the owner's pieces of the kind, in space order
    if (static_cast<int>(kind) < kKinds)
      pos_.where[owner][static_cast<int>(kind)].for_each(
          [&](int s) { candidates[(*num)++] = static_cast<std::uint8_t>(s); });
    if (*num == 0)
      return fail("sava.no-such-piece",
                  std::string(side_name(owner)) + " has no " + piece_name(kind) + " on the board");
    return true;
  }
  const int s = m.origin.space;  // S10-S12
  const std::uint8_t c = pos_.cell[s];
  if (c == 0) return fail("sava.empty-space", "there is no piece on " + b.name(s));
  if (cell_kind(c) != kind)
    return fail("sava.wrong-piece", b.name(s) + " holds " + describe_cell(c) + ", not the " +
                                        piece_name(kind) + " the move names");
  if (cell_side(c) != owner) {
    const std::string why =
        m.dice ? std::string("a turncoat must be one of ") + side_name(owner) + "'s pieces"
               : std::string(side_name(mover)) + " is to move";
    return fail("sava.wrong-side", std::string("the ") + piece_name(kind) + " on " + b.name(s) +
                                       " is " + side_name(cell_side(c)) + "'s; " + why);
  }
  candidates[(*num)++] = static_cast<std::uint8_t>(s);
  return true;
}

std::optional<Finding> SavaState::ambiguity(const ParsedMove& m, std::string_view token,
                                            const Realisations& fit) const {
  int effects[96];
  int num_effects = 0;
  for (int i = 0; i < fit.n; ++i) {
    bool seen = false;
    for (int k = 0; k < num_effects; ++k)
      if (fit.r[effects[k]].same_effect(fit.r[i])) seen = true;
    if (!seen) effects[num_effects++] = i;
  }
  if (num_effects <= 1) return std::nullopt;
  bool origins_differ = false;
  for (int k = 1; k < num_effects; ++k)
    if (fit.r[effects[k]].origin != fit.r[effects[0]].origin) origins_differ = true;
  std::string list, suggestion;
  for (int k = 0; k < num_effects; ++k) {
    const Realisation& r = fit.r[effects[k]];
    bool via = false;
    if (r.cap_via)
      for (int j = 0; j < num_effects; ++j)
        if (j != k && fit.r[effects[j]].cap_via && fit.r[effects[j]].via != r.via &&
            fit.r[effects[j]].origin == r.origin)
          via = true;
    const std::string text = move_text(cfg_, pos_, r, m.piece, origins_differ, via, m.promotion);
    if (k > 0) list += ", ";
    list += text;
    if (k == 0) suggestion = text;
  }
  return token_error("sava.ambiguous", "'" + std::string(token) + "' fits " +
                                           std::to_string(num_effects) + " different moves (" +
                                           list + "); write " + suggestion);
}

std::optional<Finding> SavaState::check_promotion(const ParsedMove& m, int owner,
                                                  const Realisation& chosen) const {
  const Board& b = *cfg_.board;
  if (m.promotion == PieceCode::kNone) return std::nullopt;
  if (m.dice)  // S30
    return token_error("sava.turncoat-promotion", "a turncoat Orc does not resurrect or promote");
  if (!b.in_zone(owner, chosen.dest))  // S31
    return token_error("sava.promotion-zone", b.name(chosen.dest) + " is not in " +
                                                  side_name(owner) + "'s promotion zone (" +
                                                  b.zone_text(owner) + ")");
  if (cfg_.chednased && m.promotion == PieceCode::kChampion)  // S32
    return token_error("sava.promotion-piece", "an Orc promotes only to P, Wz or Wm");
  if (!cfg_.chednased && pos_.pile[owner][static_cast<int>(m.promotion)] == 0)  // S33
    return token_error(
        "sava.resurrect-unavailable",
        std::string(side_name(owner)) + " has no captured " + piece_name(m.promotion) +
            " to bring back (captured: " + pile_text(pos_, owner, ", ", "none") + ")");
  return std::nullopt;
}

bool SavaState::check_piece_move(const ParsedMove& m, std::string_view token, Mode mode, Move& move,
                                 PlyOutcome& out) const {
  const int mover = pos_.to_move;
  const int owner = m.dice ? 1 - mover : mover;
  std::uint8_t candidates[kMaxSpaces];
  int num = 0;
  if (!find_candidates(m, owner, candidates, &num, out)) return false;
  // S13-S27.
  MoveContext ctx;
  ctx.cfg = &cfg_;
  ctx.pos = &pos_;
  ctx.mover = mover;
  ctx.owner = owner;
  ctx.turncoat = m.dice;
  Realisations all;
  bool any = false;
  ctx.messages = false;  // the words are built only for an error, below
  for (int i = 0; i < num; ++i)
    any = check_candidate(ctx, candidates[i], m.piece, m.dest.space, &all).ok || any;
  if (!any) {
    // The error of the first candidate, checked again with its words.
    ctx.messages = true;
    Realisations unused;
    CandidateCheck first_error =
        check_candidate(ctx, candidates[0], m.piece, m.dest.space, &unused);
    return stop_ply(out, token_error(first_error.code, std::move(first_error.message)));
  }
  // The usual ply: one realisation, whose marks fit, so one effect (S28, S29).
  if (all.n == 1 && fits_marks(m, all.r[0])) {
    if (std::optional<Finding> f = check_promotion(m, owner, all.r[0]))  // S30-S33
      return stop_ply(out, std::move(*f));
    move.real = all.r[0];
    move.turncoat = m.dice;
    move.piece = m.piece;
    move.promotion = m.promotion;
    // Without a written origin every piece of the kind was a candidate (S9).
    move.sole = !m.has_origin || pos_.count[owner][static_cast<int>(m.piece)] == 1;
    return true;
  }
  // S28: the capture marks select the realisations.
  Realisations fit;
  for (int i = 0; i < all.n; ++i)
    if (fits_marks(m, all.r[i])) fit.push(all.r[i]);
  if (fit.n == 0) {
    const Realisation* shown = &all.r[0];
    if (m.has_via)
      for (int i = 0; i < all.n; ++i)
        if (all.r[i].via == m.via.space) {
          shown = &all.r[i];
          break;
        }
    Finding f =
        token_error("sava.capture-mark",
                    "'" + std::string(token) + "': " + mark_detail(*cfg_.board, pos_, m, *shown));
    if (!relaxed_in_lenient(std::move(f), mode, out)) return false;
    fit = all;
  }
  std::optional<Finding> f = ambiguity(m, token, fit);  // S29: one effect
  if (!f) f = check_promotion(m, owner, fit.r[0]);      // S30-S33
  if (f) return stop_ply(out, std::move(*f));
  move.real = fit.r[0];
  move.turncoat = m.dice;
  move.piece = m.piece;
  move.promotion = m.promotion;
  return true;
}

}  // namespace scribe::engine::sava
