// Legal move lists and canonical move text (sava.md 4.3 and 15).
#include <algorithm>
#include <array>
#include <bit>

#include "engine/games/sava/sava_rules.hpp"
#include "engine/games/sava/sava_state.hpp"

namespace scribe::engine::sava {

void append_move_text(std::string& out, const Config& cfg, const Realisation& r, PieceCode kind,
                      bool origin, bool via, PieceCode promotion) {
  const Board& b = *cfg.board;
  if (kind == PieceCode::kOrc) {
    out += b.name(r.origin);
    out += b.name(r.dest);
    if (r.cap_dest) out += 'x';
    if (promotion != PieceCode::kNone) out += notation::sava::piece_code_text(promotion);
    return;
  }
  out += notation::sava::piece_code_text(kind);
  if (origin) {
    out += b.name(r.origin);
    out += '-';
  }
  if (kind == PieceCode::kWeaponmaster && r.cap_via) {
    if (via) out += b.name(r.via);
    out += 'x';
  }
  out += b.name(r.dest);
  if (r.cap_dest) out += 'x';
}

std::string move_text(const Config& cfg, const Position& pos, const Realisation& r, PieceCode kind,
                      bool origin, bool via, PieceCode promotion) {
  (void)pos;
  std::string t;
  append_move_text(t, cfg, r, kind, origin, via, promotion);
  return t;
}

namespace {

// The spaces a piece of `kind` on `s` might reach in `pos` (a superset of its legal
// destinations, which check_candidate then decides), as a bit set over the spaces: neighbours
// for the Matron Mother and the Orc, the rays up to their first piece for the Priestess (and a
// Matron Mother moving as one), the Wizard's and the Weaponmaster's destinations, both for the
// Champion. The spaces of `closed` are left out (no piece enters them).
SpaceSet reach_of(const Config& cfg, const Position& pos, int owner, int s, PieceCode kind,
                  const SpaceSet& closed) {
  const Board& b = *cfg.board;
  // Two words in registers, not an array indexed by the space: each space added would
  // otherwise wait for the store of the one before.
  std::uint64_t low = 0, high = 0;
  auto add = [&low, &high](int d) {
    const std::uint64_t bit = std::uint64_t{1} << (d & 63);
    if (d < 64)
      low |= bit;
    else
      high |= bit;
  };
  auto rays = [&] {
    for (const Ray& ray : b.rays(s))
      for (int k = 0; k < ray.len; ++k) {
        add(ray.spaces[k]);
        if (pos.cell[ray.spaces[k]] != 0) break;
      }
  };
  auto wizard = [&] {
    for (const WizardDest& w : b.wizard(s)) add(w.dest);
  };
  switch (kind) {
    case PieceCode::kMatron:
      if (cfg.baenre && pos.count[owner][static_cast<int>(PieceCode::kPriestess)] == 0) {
        rays();
        break;
      }
      [[fallthrough]];
    case PieceCode::kOrc:
      for (int d : b.neighbours(s)) add(d);
      break;
    case PieceCode::kPriestess:
      rays();
      break;
    case PieceCode::kWizard:
      wizard();
      break;
    case PieceCode::kWeaponmaster:
      for (const WeaponmasterDest& w : b.weaponmaster(s)) add(w.dest);
      break;
    case PieceCode::kChampion:
      rays();
      wizard();
      break;
    case PieceCode::kNone:
      break;
  }
  SpaceSet set;
  set.bits = {low & ~closed.bits[0], high & ~closed.bits[1]};
  return set;
}

struct Entry {
  PieceCode kind;
  Realisation real;
  bool via = false;
  bool origin = false;
};

// A fixed list of entries for the moves of one kind of piece to one space (at most a dozen
// pieces of a kind, each with a few Weaponmaster routes): kept on the stack.
struct FewEntries {
  FewEntries() {}  // e is written by push_back() before it is read
  union {
    std::array<Entry, 96> e;
  };
  std::size_t n = 0;
  bool full = false;  // an entry did not fit: the list is not whole
  std::size_t size() const { return n; }
  Entry& operator[](std::size_t i) { return e[i]; }
  const Entry& operator[](std::size_t i) const { return e[i]; }
  void push_back(const Entry& x) {
    if (n < e.size())
      e[n++] = x;
    else
      full = true;
  }
  Entry* begin() { return e.data(); }
  Entry* end() { return e.data() + n; }
  const Entry* begin() const { return e.data(); }
  const Entry* end() const { return e.data() + n; }
};

// Marks the entries whose text needs their origin written: when another piece of the same
// kind could make a move with the same remaining text, that is, when some other realisation
// would also fit that text (5.6, S28); and their via when that still leaves two.
template <class Entries>
void mark_origins(Entries& entries) {
  auto fitting = [&](const Entry& e, bool origin, bool via) {
    int n = 0;
    for (const auto& f : entries) {
      if (f.kind != e.kind || f.real.dest != e.real.dest || f.real.cap_dest != e.real.cap_dest)
        continue;
      if (origin && f.real.origin != e.real.origin) continue;
      if (e.kind == PieceCode::kWeaponmaster) {
        if (f.real.cap_via != e.real.cap_via) continue;
        if (e.real.cap_via && via && f.real.via != e.real.via) continue;
      }
      ++n;
    }
    return n;
  };
  // Only an entry that shares its kind and destination with another can need its origin: the
  // (kind, destination) pairs met twice are marked first, so the others skip the count.
  std::array<std::uint64_t, 24> seen{}, twice{};  // bit kind * 256 + destination
  auto key = [](const Entry& e) { return static_cast<int>(e.kind) * 256 + e.real.dest; };
  for (const auto& e : entries) {
    if (e.kind == PieceCode::kOrc) continue;
    const int k = key(e);
    const std::uint64_t bit = std::uint64_t{1} << (k & 63);
    auto& w = seen[static_cast<std::size_t>(k >> 6)];
    if (w & bit) twice[static_cast<std::size_t>(k >> 6)] |= bit;
    w |= bit;
  }
  for (auto& e : entries) {
    if (e.kind == PieceCode::kOrc) continue;
    const int k = key(e);
    if (!((twice[static_cast<std::size_t>(k >> 6)] >> (k & 63)) & 1)) continue;
    if (fitting(e, false, e.via) > 1) {
      e.origin = true;
      if (e.real.cap_via && fitting(e, true, e.via) > 1) e.via = true;
    }
  }
}

// Appends to `entries` the legal moves of the piece of `kind` on `s` to the spaces of `dests`
// (in increasing order), one per effect, with the via marked where two routes capture different
// pieces.
template <class Entries>
void add_entries_of(const MoveContext& ctx, int s, PieceCode kind, const SpaceSet& dests,
                    Entries& entries) {
  Realisations rs;
  dests.for_each([&](int d) {
    rs.n = 0;
    if (!check_candidate(ctx, s, kind, d, &rs).ok) return;
    if (rs.n == 1) {  // the usual move: one realisation, nothing to compare
      entries.push_back({kind, rs.r[0], false, false});
      return;
    }
    const std::size_t first = entries.size();
    for (int i = 0; i < rs.n; ++i) {
      bool seen = false;
      for (std::size_t k = first; k < entries.size(); ++k)
        if (entries[k].real.same_effect(rs.r[i])) seen = true;
      if (!seen) entries.push_back({kind, rs.r[i], false, false});
    }
    // A via is written when two routes to the same destination capture different pieces.
    int capturing = 0;
    for (std::size_t k = first; k < entries.size(); ++k)
      if (entries[k].real.cap_via) ++capturing;
    if (capturing > 1)
      for (std::size_t k = first; k < entries.size(); ++k) entries[k].via = entries[k].real.cap_via;
  });
}

// The set of the one space `s`.
SpaceSet only(int s) {
  SpaceSet set;
  set.add(s);
  return set;
}

// The context of the moves of the side to move (turncoat moves with `turncoat`).
MoveContext moves_context(const Config& cfg, const Position& pos, bool turncoat) {
  MoveContext ctx;
  ctx.cfg = &cfg;
  ctx.pos = &pos;
  ctx.mover = pos.to_move;
  ctx.owner = turncoat ? 1 - pos.to_move : pos.to_move;
  ctx.turncoat = turncoat;
  ctx.messages = false;
  return ctx;
}

// Appends to `entries` the legal moves of the side to move (turncoat moves with `turncoat`),
// one per effect; with `only_kind` != kNone, only those of pieces of that kind to space
// `only_dest`. Then marks the origins (mark_origins).
template <class Entries>
void collect_entries(const Config& cfg, const Position& pos, bool turncoat, PieceCode only_kind,
                     int only_dest, Entries& entries) {
  const bool cut = only_kind != PieceCode::kNone;
  const MoveContext ctx = moves_context(cfg, pos, turncoat);
  // The pieces that may move, in space order (the order of the moves), and the spaces of the
  // side to move, which no piece enters (S13 for the piece itself, S14 for any other): those
  // are taken out of each reach before check_candidate is asked.
  SpaceSet movers, closed;
  for (int k = 0; k < kKinds; ++k)
    for (int w = 0; w < 2; ++w) {
      closed.bits[w] |= pos.where[ctx.mover][k].bits[w];
      if (!cut || k == static_cast<int>(only_kind))
        movers.bits[w] |= pos.where[ctx.owner][k].bits[w];
    }
  movers.for_each([&](int s) {
    const PieceCode kind = cell_kind(pos.cell[s]);
    // With a cut, one destination: check_candidate decides it without the reach filter.
    add_entries_of(ctx, s, kind,
                   cut ? only(only_dest) : reach_of(cfg, pos, ctx.owner, s, kind, closed), entries);
  });
  mark_origins(entries);
}

// Lists the legal moves of the side to move; with `only_kind` != kNone, only those of pieces of
// that kind to space `only_dest`.
std::vector<LegalPly> list_moves_of(const Config& cfg, const Position& pos, bool turncoat,
                                    PieceCode only_kind, int only_dest) {
  const Board& b = *cfg.board;
  std::vector<LegalPly> out;
  if (pos.over) return out;
  const int owner = turncoat ? 1 - pos.to_move : pos.to_move;
  std::vector<Entry> entries;
  collect_entries(cfg, pos, turncoat, only_kind, only_dest, entries);
  for (const auto& e : entries) {
    LegalPly ply;
    ply.real = e.real;
    ply.text = move_text(cfg, pos, e.real, e.kind, e.origin, e.via, PieceCode::kNone);
    out.push_back(ply);
    if (e.kind != PieceCode::kOrc || turncoat || !b.in_zone(owner, e.real.dest)) continue;
    for (PieceCode p : {PieceCode::kPriestess, PieceCode::kWizard, PieceCode::kWeaponmaster,
                        PieceCode::kChampion}) {
      const bool allowed =
          cfg.chednased ? p != PieceCode::kChampion : pos.pile[owner][static_cast<int>(p)] > 0;
      if (!allowed) continue;
      LegalPly promo = ply;
      promo.promotion = p;
      promo.text = move_text(cfg, pos, e.real, e.kind, false, false, p);
      out.push_back(promo);
    }
  }
  return out;
}

}  // namespace

std::vector<LegalPly> list_moves(const Config& cfg, const Position& pos, bool turncoat) {
  return list_moves_of(cfg, pos, turncoat, PieceCode::kNone, 0);
}

std::vector<LegalPly> list_moves_to(const Config& cfg, const Position& pos, bool turncoat,
                                    PieceCode kind, int dest) {
  return list_moves_of(cfg, pos, turncoat, kind, dest);
}

bool legal_move_text(const Config& cfg, const Position& pos, bool turncoat, PieceCode kind,
                     const Realisation& real, std::string& out) {
  if (pos.over || kind == PieceCode::kOrc || kind == PieceCode::kNone) return false;
  FewEntries entries;
  const MoveContext ctx = moves_context(cfg, pos, turncoat);
  if (pos.count[ctx.owner][static_cast<int>(kind)] == 1 && pos.cell[real.origin] != 0) {
    // The only piece of its kind: no scan of the board for others.
    add_entries_of(ctx, real.origin, kind, only(real.dest), entries);
    mark_origins(entries);
  } else {
    collect_entries(cfg, pos, turncoat, kind, real.dest, entries);
  }
  if (entries.full) return false;
  for (const Entry& e : entries)
    if (e.real.same_effect(real)) {
      append_move_text(out, cfg, e.real, e.kind, e.origin, e.via, PieceCode::kNone);
      return true;
    }
  return false;
}

std::vector<int> list_removals(const Config& cfg, const Position& pos) {
  std::vector<int> out;
  if (pos.over) return out;
  const int enemy = 1 - pos.to_move;
  for (int s = 0; s < cfg.board->size(); ++s) {
    const std::uint8_t c = pos.cell[s];
    if (c == 0 || cell_side(c) != enemy) continue;
    if (cell_kind(c) == PieceCode::kMatron) continue;
    if (cell_kind(c) == PieceCode::kChampion && champion_immune(cfg, pos, enemy)) continue;
    out.push_back(s);
  }
  return out;
}

bool SavaState::play_random(Random& rng, std::string& roll, std::string& move) {
  if (pos_.over) return false;
  // The draws of State::play_random over chance_outcomes() and legal_moves(), with the normal
  // moves counted once: "" (a normal move) with weight n / (n + 1), then the rolls 0, 1, 2.
  // The moves are gathered as entries (list_moves' order, each Orc move to the zone followed by
  // its promotions) and only the drawn one gets its text.
  thread_local std::vector<Entry> entries;
  entries.clear();
  collect_entries(cfg_, pos_, false, PieceCode::kNone, 0, entries);
  const int owner = pos_.to_move;
  auto promotions = [&](const Entry& e, PieceCode* out) {
    int k = 0;
    if (e.kind != PieceCode::kOrc || !cfg_.board->in_zone(owner, e.real.dest)) return k;
    for (PieceCode p : {PieceCode::kPriestess, PieceCode::kWizard, PieceCode::kWeaponmaster,
                        PieceCode::kChampion}) {
      const bool allowed =
          cfg_.chednased ? p != PieceCode::kChampion : pos_.pile[owner][static_cast<int>(p)] > 0;
      if (allowed) out[k++] = p;
    }
    return k;
  };
  std::array<PieceCode, 4> promos{};
  std::size_t count = 0;
  for (const Entry& e : entries) count += 1 + static_cast<std::size_t>(promotions(e, promos.data()));
  const double n = static_cast<double>(count);
  std::array<double, 4> weights{};
  std::array<const char*, 4> rolls{};
  std::size_t k = 0;
  if (n > 0) {
    weights[k] = n / (n + 1);
    rolls[k++] = "";
  }
  for (const auto& [text, w] : {std::pair{"0", 0.25}, std::pair{"1", 0.5}, std::pair{"2", 0.25}}) {
    weights[k] = w / (n + 1);
    rolls[k++] = text;
  }
  roll = rolls[rng.weighted(weights.data(), k)];
  if (!roll.empty()) {
    move = random_move(roll, rng);
    if (move.empty()) return false;
    const RollText roll_text{roll};
    return apply(move, &roll_text, Mode::kStrict).applied;
  }
  // A normal move is played as drawn, without reading its text back: the entry is the move the
  // check would choose for that text (the first realisation of its effect, sava_move.cpp), and
  // its promotions are those the check allows.
  std::size_t i = rng.below(count);
  for (const Entry& e : entries) {
    const int np = promotions(e, promos.data());
    if (i > static_cast<std::size_t>(np)) {
      i -= 1 + static_cast<std::size_t>(np);
      continue;
    }
    Move drawn;
    drawn.kind = e.kind == PieceCode::kOrc ? MoveKind::kOrc : MoveKind::kPiece;
    drawn.mover = owner;
    drawn.piece = e.kind;
    drawn.real = e.real;
    drawn.promotion = i == 0 ? PieceCode::kNone : promos[i - 1];
    move.clear();
    append_move_text(move, cfg_, e.real, e.kind, i == 0 && e.origin, i == 0 && e.via,
                     drawn.promotion);
    play_drawn(drawn, move);
    return true;
  }
  return false;
}

}  // namespace scribe::engine::sava
