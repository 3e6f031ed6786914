// The per-piece checks S13-S26 of sava.md 5.6, the check test of 8.3 and the effects of 7.
#include "engine/games/sava/sava_rules.hpp"

#include <optional>

namespace scribe::engine::sava {

const char* piece_name(PieceCode kind) {
  static constexpr const char* kNames[] = {"Matron Mother", "Priestess", "Wizard",
                                           "Weaponmaster",  "Champion",  "Orc"};
  return kind == PieceCode::kNone ? "piece" : kNames[static_cast<int>(kind)];
}

std::string pile_text(const Position& pos, int side, std::string_view sep, std::string_view none) {
  std::string t;
  for (int k = 0; k < kKinds; ++k)
    for (int i = 0; i < pos.pile[side][k]; ++i) {
      if (!t.empty()) t += sep;
      t += notation::sava::piece_code_text(static_cast<PieceCode>(k));
    }
  return t.empty() ? std::string(none) : t;
}

std::string describe_cell(std::uint8_t c) {
  return std::string(side_name(cell_side(c))) + "'s " + piece_name(cell_kind(c));
}

bool champion_immune(const Config& cfg, const Position& pos, int side) {
  if (!cfg.lolth) return true;
  const auto& n = pos.count[side];
  return n[static_cast<int>(PieceCode::kPriestess)] + n[static_cast<int>(PieceCode::kWizard)] +
             n[static_cast<int>(PieceCode::kWeaponmaster)] >
         0;
}

namespace {

// Why a piece on `s` may not be entered by the moving piece, or nullptr when it may (empty or
// capturable, sava.md 5.1). `out` gets the reason text when messages are wanted.
const char* entry_problem(const MoveContext& ctx, PieceCode moving, int s, std::string* out) {
  const std::uint8_t c = ctx.pos->cell[s];
  if (c == 0) return nullptr;
  const std::string& name = ctx.cfg->board->name(s);
  if (cell_side(c) == ctx.mover) {
    if (ctx.messages)
      *out = name + " holds " + side_name(ctx.mover) + "'s own " + piece_name(cell_kind(c));
    return "sava.own-piece";
  }
  if (ctx.turncoat && cell_kind(c) == PieceCode::kMatron) {
    if (ctx.messages) *out = "a turncoat may not capture the Matron Mother on " + name;
    return "sava.turncoat-matron";
  }
  if (cell_kind(c) == PieceCode::kChampion && champion_immune(*ctx.cfg, *ctx.pos, cell_side(c))) {
    if (ctx.messages) *out = "the Champion on " + name + " cannot be captured";
    return "sava.champion-capture";
  }
  if (moving == PieceCode::kChampion && champion_immune(*ctx.cfg, *ctx.pos, ctx.owner)) {
    if (ctx.messages) *out = "the Champion cannot capture: " + name + " holds " + describe_cell(c);
    return "sava.champion-capture";
  }
  return nullptr;
}

CandidateCheck fail(const MoveContext& ctx, const char* code, std::string message) {
  CandidateCheck r;
  r.code = code;
  if (ctx.messages) r.message = std::move(message);
  return r;
}

// Priestess reach (rule 2): appends the first clear ray that ends on `dest`. Sets *on_line when
// some ray contains dest; fills `blockers` with the first blocker of each ray that does.
bool priestess_reach(const MoveContext& ctx, int origin, int dest, Realisation* real, bool* on_line,
                     std::string* blockers) {
  const Board& b = *ctx.cfg->board;
  bool found = false;
  *on_line = false;
  if (!ctx.messages) {  // the same answer from the rays that pass dest, without the words
    const std::vector<Ray>& rays = b.rays(origin);
    for (const Board::RayStop stop : b.rays_to(origin, dest)) {
      *on_line = true;
      const Ray& ray = rays[stop.ray];
      int j = 0;
      while (j < stop.k && ctx.pos->cell[ray.spaces[j]] == 0) ++j;
      if (j == stop.k) {
        real->path_kind = 1;
        real->line = ray.line;
        real->dir = ray.dir;
        return true;
      }
    }
    return false;
  }
  for (const Ray& ray : b.rays(origin)) {
    int k = 0;
    while (k < ray.len && ray.spaces[k] != dest) ++k;
    if (k == ray.len) continue;
    *on_line = true;
    int blocker = -1;
    for (int j = 0; j < k; ++j)
      if (ctx.pos->cell[ray.spaces[j]] != 0) {
        blocker = ray.spaces[j];
        break;
      }
    if (blocker < 0) {
      if (!found) {
        real->path_kind = 1;
        real->line = ray.line;
        real->dir = ray.dir;
        found = true;
      }
      if (!ctx.messages) return true;
    } else if (ctx.messages) {
      const std::string text = describe_cell(ctx.pos->cell[blocker]) + " on " + b.name(blocker);
      if (blockers->find(text) == std::string::npos) {
        if (!blockers->empty()) *blockers += " and ";
        *blockers += text;
      }
    }
  }
  return found;
}

// Wizard reach (rule 3): the first path to `dest`, which must not be a neighbour.
bool wizard_reach(const MoveContext& ctx, int origin, int dest, Realisation* real) {
  const WizardDest* w = ctx.cfg->board->wizard_to(origin, dest);
  if (w == nullptr) return false;
  real->path_kind = 2;
  real->t1 = w->paths[0][0];
  real->t2 = w->paths[0][1];
  return true;
}

// The steps of check_candidate below for one kind of piece: each fills `real` (or appends the
// Weaponmaster's realisations to `out`, counting them in *appended) and returns nothing when
// the piece reaches `dest`, else the failed check.
using Reach = std::optional<CandidateCheck>;

// S17-S19: the Matron Mother (a Priestess under -baenre without one) and the Priestess.
Reach reach_matron_or_priestess(const MoveContext& ctx, int origin, PieceCode kind, int dest,
                                Realisation* real) {
  const Board& b = *ctx.cfg->board;
  const Position& pos = *ctx.pos;
  const std::string& from = b.name(origin);
  const std::string& to = b.name(dest);
  const char* piece = piece_name(kind);
  const bool as_priestess =
      kind == PieceCode::kPriestess ||
      (ctx.cfg->baenre && pos.count[ctx.owner][static_cast<int>(PieceCode::kPriestess)] == 0);
  if (!as_priestess) {
    // S17.
    if (!b.linked(origin, dest))
      return fail(ctx, "sava.matron-move",
                  ctx.messages
                      ? "the Matron Mother on " + from + " moves one space along a rank or file; " +
                            to + " is not next to it"
                      : std::string());
    real->path_kind = 1;
    real->line = static_cast<std::uint8_t>(b.link_line(origin, dest));
    for (const Board::RayStop stop : b.rays_to(origin, dest))
      if (stop.k == 0) real->dir = b.rays(origin)[stop.ray].dir;
    return std::nullopt;
  }
  bool on_line = false;
  std::string blockers;
  if (priestess_reach(ctx, origin, dest, real, &on_line, &blockers)) return std::nullopt;
  if (!on_line)  // S18.
    return fail(ctx, "sava.not-on-line",
                ctx.messages
                    ? std::string("the ") + piece + " on " + from +
                          " moves along one rank or file; " + to + " is on none of its lines"
                    : std::string());
  return fail(ctx, "sava.line-blocked",  // S19.
              ctx.messages ? std::string("the ") + piece + " on " + from + " cannot reach " + to +
                                 ": " + blockers + " in the way"
                           : std::string());
}

// S20: the Wizard.
Reach reach_wizard(const MoveContext& ctx, int origin, int dest, Realisation* real) {
  const Board& b = *ctx.cfg->board;
  const std::string& from = b.name(origin);
  const std::string& to = b.name(dest);
  if (b.linked(origin, dest))
    return fail(ctx, "sava.wizard-move",
                ctx.messages ? "the Wizard on " + from + " never moves to a space next to it; " +
                                   to + " is next to it (\"no way to attack at close quarters\")"
                             : std::string());
  if (wizard_reach(ctx, origin, dest, real)) return std::nullopt;
  return fail(ctx, "sava.wizard-move",
              ctx.messages ? "the Wizard on " + from + " moves exactly three linked spaces; " + to +
                                 " cannot be reached that way (" +
                                 std::to_string(b.distance(origin, dest)) + " links away)"
                           : std::string());
}

// S21, S22: the Weaponmaster; appends one realisation per space it may pass.
Reach reach_weaponmaster(const MoveContext& ctx, int origin, int dest, const Realisation& real,
                         Realisations* out, int* appended) {
  const Board& b = *ctx.cfg->board;
  const std::string& from = b.name(origin);
  const WeaponmasterDest* w = b.weaponmaster_to(origin, dest);
  if (w == nullptr)  // S21.
    return fail(ctx, "sava.weaponmaster-move",
                ctx.messages ? "the Weaponmaster on " + from + " makes two one-space steps; " +
                                   b.name(dest) + " cannot be reached in exactly two"
                             : std::string());
  std::string spaces, reasons;
  for (std::uint8_t v : w->via) {
    std::string why;
    if (entry_problem(ctx, PieceCode::kWeaponmaster, v, &why) != nullptr) {
      if (ctx.messages) {
        if (!spaces.empty()) {
          spaces += " or ";
          reasons += "; ";
        }
        spaces += b.name(v);
        reasons += why;
      }
      continue;
    }
    Realisation r = real;
    r.via = v;
    r.cap_via = ctx.pos->cell[v] != 0;
    r.path_kind = 3;
    out->push(r);
    ++*appended;
  }
  if (*appended > 0) return std::nullopt;
  return fail(ctx, "sava.weaponmaster-blocked",  // S22.
              ctx.messages
                  ? "the Weaponmaster on " + from + " cannot pass " + spaces + ": " + reasons
                  : std::string());
}

// S23, S24: the Orc steps to a linked space, towards a hostile piece.
Reach reach_orc(const MoveContext& ctx, int origin, int dest, Realisation* real) {
  const Board& b = *ctx.cfg->board;
  const Position& pos = *ctx.pos;
  const std::string& from = b.name(origin);
  const std::string& to = b.name(dest);
  if (!b.linked(origin, dest))  // S23.
    return fail(ctx, "sava.orc-move",
                ctx.messages ? "the Orc on " + from + " moves one space along a rank or file; " +
                                   to + " is not next to it"
                             : std::string());
  // S24: the ray from the origin whose first space is the destination.
  for (const Board::RayStop stop : b.rays_to(origin, dest)) {
    if (stop.k != 0) continue;
    const Ray& ray = b.rays(origin)[stop.ray];
    const Line& line = b.lines()[ray.line];
    int k = 0;
    while (k < ray.len && pos.cell[ray.spaces[k]] == 0) ++k;
    auto prefix = [&] {
      return "the Orc on " + from + " may step to " + to + " only towards a hostile piece: ";
    };
    if (k == ray.len)
      return fail(ctx, "sava.orc-direction",
                  ctx.messages ? prefix() + "there is no piece beyond " + to + " on " + line.display
                               : std::string());
    const std::uint8_t c = pos.cell[ray.spaces[k]];
    if (!ctx.turncoat && cell_side(c) == ctx.owner)
      return fail(ctx, "sava.orc-direction",
                  ctx.messages ? prefix() + "the first piece ahead on " + line.display + " is " +
                                     side_name(ctx.owner) + "'s own " + piece_name(cell_kind(c)) +
                                     " on " + b.name(ray.spaces[k])
                               : std::string());
    const int limit = static_cast<int>(line.spaces.size()) / 2;
    if (line.kind == LineKind::kRank && !ctx.cfg->orc_line && k + 1 > limit)
      return fail(ctx, "sava.orc-direction",
                  ctx.messages ? prefix() + "the nearest piece ahead on " + line.display + " is " +
                                     std::to_string(k + 1) +
                                     " spaces away, more than half the rank, so the step "
                                     "does not bring the Orc closer"
                               : std::string());
    real->path_kind = 1;
    real->line = ray.line;
    real->dir = ray.dir;
    break;
  }
  return std::nullopt;
}

// S25: the Champion moves as a Priestess or as a Wizard.
Reach reach_champion(const MoveContext& ctx, int origin, int dest, Realisation* real) {
  const Board& b = *ctx.cfg->board;
  bool on_line = false;
  std::string blockers;
  MoveContext quiet = ctx;
  quiet.messages = false;
  if (priestess_reach(quiet, origin, dest, real, &on_line, &blockers) ||
      wizard_reach(quiet, origin, dest, real))
    return std::nullopt;
  return fail(ctx, "sava.champion-move",
              ctx.messages ? "the Champion on " + b.name(origin) + " reaches " + b.name(dest) +
                                 " neither along a clear line nor by three linked spaces"
                           : std::string());
}

}  // namespace

CandidateCheck check_candidate(const MoveContext& ctx, int origin, PieceCode kind, int dest,
                               Realisations* out) {
  const Board& b = *ctx.cfg->board;
  const Position& pos = *ctx.pos;
  const std::string& from = b.name(origin);
  const std::string& to = b.name(dest);
  const char* piece = piece_name(kind);
  // S13.
  if (dest == origin)
    return fail(ctx, "sava.null-move",
                ctx.messages ? std::string("the ") + piece + " on " + from +
                                   " must end its move on another space"
                             : std::string());
  // S14-S16: the destination must be enterable.
  if (std::string why; const char* code = entry_problem(ctx, kind, dest, &why))
    return fail(ctx, code, why);
  Realisation real;
  real.origin = static_cast<std::uint8_t>(origin);
  real.dest = static_cast<std::uint8_t>(dest);
  real.cap_dest = pos.cell[dest] != 0;
  int appended = 0;
  Reach failed;
  switch (kind) {
    case PieceCode::kMatron:
    case PieceCode::kPriestess:
      failed = reach_matron_or_priestess(ctx, origin, kind, dest, &real);
      break;
    case PieceCode::kWizard:
      failed = reach_wizard(ctx, origin, dest, &real);
      break;
    case PieceCode::kWeaponmaster:
      failed = reach_weaponmaster(ctx, origin, dest, real, out, &appended);
      break;
    case PieceCode::kOrc:
      failed = reach_orc(ctx, origin, dest, &real);
      break;
    case PieceCode::kChampion:
      failed = reach_champion(ctx, origin, dest, &real);
      break;
    case PieceCode::kNone:
      return fail(ctx, "sava.syntax", "no piece");
  }
  if (failed) return std::move(*failed);
  // S26: the straight return of a turncoat.
  if (!ctx.turncoat && !ctx.ignore_return && pos.tc_to == origin && pos.tc_from == dest) {
    out->n -= appended;
    return fail(ctx, "sava.turncoat-return",
                ctx.messages ? std::string("the ") + piece + " on " + from + " came from " + to +
                                   " by the turncoat move of ply " + std::to_string(pos.tc_ply) +
                                   "; it may not go straight back"
                             : std::string());
  }
  if (kind != PieceCode::kWeaponmaster) {
    out->push(real);
    appended = 1;
  }
  CandidateCheck ok;
  ok.ok = true;
  ok.num = appended;
  return ok;
}

bool attacks_matron(const Config& cfg, const Position& pos, int side) {
  const Board& b = *cfg.board;
  int target = -1;
  for (int s = 0; s < b.size(); ++s)
    if (pos.cell[s] == make_cell(1 - side, PieceCode::kMatron)) target = s;
  if (target < 0) return false;
  MoveContext ctx;
  ctx.cfg = &cfg;
  ctx.pos = &pos;
  ctx.mover = ctx.owner = side;
  ctx.messages = false;
  ctx.ignore_return = true;
  Realisations scratch;
  for (int s = 0; s < b.size(); ++s) {
    const std::uint8_t c = pos.cell[s];
    if (c == 0 || cell_side(c) != side) continue;
    const PieceCode kind = cell_kind(c);
    scratch.n = 0;
    if (check_candidate(ctx, s, kind, target, &scratch).ok) return true;
    if (kind == PieceCode::kWeaponmaster && b.linked(s, target)) {
      // A first step onto the Matron Mother with any legal second step.
      for (int d : b.neighbours(target)) {
        if (d == s) continue;
        const std::uint8_t dc = pos.cell[d];
        if (dc == 0) return true;
        if (cell_side(dc) == side) continue;
        if (cell_kind(dc) == PieceCode::kChampion && champion_immune(cfg, pos, cell_side(dc)))
          continue;
        return true;
      }
    }
  }
  return false;
}

namespace {

void capture(Position* pos, int s) {
  const std::uint8_t c = pos->cell[s];
  if (c == 0) return;
  const int side = cell_side(c);
  const PieceCode kind = cell_kind(c);
  pos->take(s);
  ++pos->pile[side][static_cast<int>(kind)];
  if (kind == PieceCode::kMatron) {
    pos->over = true;
    pos->winner = static_cast<std::uint8_t>(1 - side);
  }
}

}  // namespace

void play_move(Position* pos, const Realisation& r, PieceCode promotion, bool from_pile,
               bool turncoat) {
  const std::uint8_t moving = pos->cell[r.origin];
  const int owner = cell_side(moving);
  const int mover = pos->to_move;
  if (r.via != kNoSpace && r.cap_via) capture(pos, r.via);
  if (r.cap_dest) capture(pos, r.dest);
  pos->take(r.origin);
  if (promotion != PieceCode::kNone) {
    pos->put(r.dest, make_cell(owner, promotion));
    if (from_pile) --pos->pile[owner][static_cast<int>(promotion)];
  } else {
    pos->put(r.dest, moving);
  }
  ++pos->plies;
  if (turncoat) {
    pos->tc_from = r.origin;
    pos->tc_to = r.dest;
    pos->tc_ply = pos->plies;
  } else {
    pos->tc_from = pos->tc_to = kNoSpace;
    pos->tc_ply = 0;
  }
  if (pos->over) {
    pos->end_ply = pos->plies;
    pos->tc_from = pos->tc_to = kNoSpace;
    pos->tc_ply = 0;
  } else {
    pos->to_move = static_cast<std::uint8_t>(1 - mover);
  }
}

void play_dice(Position* pos, int removal_space) {
  if (removal_space != kNoSpace) pos->take(removal_space);
  ++pos->plies;
  pos->tc_from = pos->tc_to = kNoSpace;
  pos->tc_ply = 0;
  pos->to_move = static_cast<std::uint8_t>(1 - pos->to_move);
}

}  // namespace scribe::engine::sava
