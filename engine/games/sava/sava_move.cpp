// SavaState::apply_move: the checks S9-S34 of sava.md 5.6 for a piece or Orc move.
#include "engine/games/sava/sava_state.hpp"

namespace scribe::engine::sava {

namespace {

std::string pile_list(const Position& pos, int side) {
  std::string t;
  for (int k = 0; k < kKinds; ++k)
    for (int i = 0; i < pos.pile[side][k]; ++i) {
      if (!t.empty()) t += ", ";
      t += notation::sava::piece_code_text(static_cast<PieceCode>(k));
    }
  return t.empty() ? "none" : t;
}

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

void SavaState::apply_move(std::string_view token, const ParsedMove& m, Mode mode,
                           PlyOutcome* out) {
  const Board& b = *cfg_.board;
  const int mover = pos_.to_move;
  const int owner = m.dice ? 1 - mover : mover;
  const PieceCode kind = m.piece;
  // Candidates: S9 (no origin) or S10-S12 (the written space).
  std::uint8_t candidates[kMaxSpaces];
  int num = 0;
  if (!m.has_origin) {
    for (int s = 0; s < b.size(); ++s)
      if (pos_.cell[s] == make_cell(owner, kind)) candidates[num++] = static_cast<std::uint8_t>(s);
    if (num == 0) {
      out->findings.push_back(token_error(
          "sava.no-such-piece",
          std::string(side_name(owner)) + " has no " + piece_name(kind) + " on the board"));
      return;
    }
  } else {
    const int s = m.origin.space;
    const std::uint8_t c = pos_.cell[s];
    if (c == 0) {
      out->findings.push_back(token_error("sava.empty-space", "there is no piece on " + b.name(s)));
      return;
    }
    if (cell_kind(c) != kind) {
      out->findings.push_back(
          token_error("sava.wrong-piece", b.name(s) + " holds " + describe_cell(c) + ", not the " +
                                              piece_name(kind) + " the move names"));
      return;
    }
    if (cell_side(c) != owner) {
      const std::string why =
          m.dice ? std::string("a turncoat must be one of ") + side_name(owner) + "'s pieces"
                 : std::string(side_name(mover)) + " is to move";
      out->findings.push_back(token_error(
          "sava.wrong-side", std::string("the ") + piece_name(kind) + " on " + b.name(s) + " is " +
                                 side_name(cell_side(c)) + "'s; " + why));
      return;
    }
    candidates[num++] = static_cast<std::uint8_t>(s);
  }
  // S13-S27.
  MoveContext ctx;
  ctx.cfg = &cfg_;
  ctx.pos = &pos_;
  ctx.mover = mover;
  ctx.owner = owner;
  ctx.turncoat = m.dice;
  Realisations all;
  CandidateCheck first_error;
  bool any = false;
  for (int i = 0; i < num; ++i) {
    ctx.messages = i == 0;
    CandidateCheck c = check_candidate(ctx, candidates[i], kind, m.dest.space, &all);
    if (c.ok)
      any = true;
    else if (i == 0)
      first_error = std::move(c);
  }
  if (!any) {
    out->findings.push_back(token_error(first_error.code, std::move(first_error.message)));
    return;
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
    Finding f = token_error("sava.capture-mark",
                            "'" + std::string(token) + "': " + mark_detail(b, pos_, m, *shown));
    if (mode != Mode::kLenient) {
      out->findings.push_back(std::move(f));
      return;
    }
    f.severity = Severity::kWarning;
    out->findings.push_back(std::move(f));
    fit = all;
  }
  // S29: one effect.
  int effects[96];
  int num_effects = 0;
  for (int i = 0; i < fit.n; ++i) {
    bool seen = false;
    for (int k = 0; k < num_effects; ++k)
      if (fit.r[effects[k]].same_effect(fit.r[i])) seen = true;
    if (!seen) effects[num_effects++] = i;
  }
  if (num_effects > 1) {
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
      const std::string text = move_text(cfg_, pos_, r, kind, origins_differ, via, m.promotion);
      if (k > 0) list += ", ";
      list += text;
      if (k == 0) suggestion = text;
    }
    out->findings.push_back(token_error(
        "sava.ambiguous", "'" + std::string(token) + "' fits " + std::to_string(num_effects) +
                              " different moves (" + list + "); write " + suggestion));
    return;
  }
  const Realisation chosen = fit.r[0];
  // S30-S33: the promotion suffix.
  if (m.promotion != PieceCode::kNone) {
    if (m.dice) {
      out->findings.push_back(
          token_error("sava.turncoat-promotion", "a turncoat Orc does not resurrect or promote"));
      return;
    }
    if (!b.in_zone(owner, chosen.dest)) {
      out->findings.push_back(token_error("sava.promotion-zone",
                                          b.name(chosen.dest) + " is not in " + side_name(owner) +
                                              "'s promotion zone (" + b.zone_text(owner) + ")"));
      return;
    }
    if (cfg_.chednased && m.promotion == PieceCode::kChampion) {
      out->findings.push_back(
          token_error("sava.promotion-piece", "an Orc promotes only to P, Wz or Wm"));
      return;
    }
    if (!cfg_.chednased && pos_.pile[owner][static_cast<int>(m.promotion)] == 0) {
      out->findings.push_back(token_error(
          "sava.resurrect-unavailable",
          std::string(side_name(owner)) + " has no captured " + piece_name(m.promotion) +
              " to bring back (captured: " + pile_list(pos_, owner) + ")"));
      return;
    }
  }
  // The ply is applied (sava.md 7).
  const std::uint8_t taken_via = chosen.cap_via ? pos_.cell[chosen.via] : 0;
  const std::uint8_t taken_dest = chosen.cap_dest ? pos_.cell[chosen.dest] : 0;
  const Position before = m.check ? pos_ : Position{};
  play_move(&pos_, chosen, m.promotion, !cfg_.chednased, m.dice);
  // S34.
  if (m.check && !pos_.over && !attacks_matron(cfg_, pos_, mover)) {
    Finding f = token_error("sava.check-mark", "'" + std::string(token) + "' is marked + but " +
                                                   side_name(mover) + " does not attack " +
                                                   side_name(1 - mover) + "'s Matron Mother");
    if (mode != Mode::kLenient) {
      pos_ = before;
      out->findings.push_back(std::move(f));
      return;
    }
    f.severity = Severity::kWarning;
    out->findings.push_back(std::move(f));
  }
  last_ = LastPly{};
  last_.kind = LastPly::Kind::kMove;
  last_.mover = mover;
  last_.turncoat = m.dice;
  last_.piece = kind;
  last_.real = chosen;
  last_.captured_via = taken_via;
  last_.captured_dest = taken_dest;
  last_.promotion = m.promotion;
  out->applied = true;
}

}  // namespace scribe::engine::sava
