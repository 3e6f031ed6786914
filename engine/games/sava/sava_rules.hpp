// Sava rules: the position, the configuration, and the checks of sava.md 5 for one ply.
// Internal to engine/games/sava.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/games/sava/sava_board.hpp"
#include "notation/games/sava/sava_notation.hpp"

namespace scribe::engine::sava {

using notation::sava::MoveKind;
using notation::sava::ParsedMove;
using notation::sava::PieceCode;

inline constexpr int kRed = 0;
inline constexpr int kBlue = 1;
inline constexpr int kKinds = 6;  // M, P, Wz, Wm, C, O

// The options in force (sava.md 1, "Options").
struct Config {
  const Board* board = nullptr;
  bool baenre = false;
  bool chednased = false;
  bool champion = false;  // -champion or -lolth
  bool lolth = false;
  bool dicesava = false;
  bool greatwheel = false;
  bool orc_line = false;
  bool diagonals = false;
};

// A cell: 0 empty, else 1 + kind + 8 * side.
inline std::uint8_t make_cell(int side, PieceCode kind) {
  return static_cast<std::uint8_t>(1 + static_cast<int>(kind) + 8 * side);
}
inline int cell_side(std::uint8_t c) { return (c - 1) >> 3; }
inline PieceCode cell_kind(std::uint8_t c) { return static_cast<PieceCode>((c - 1) & 7); }

// A set of spaces of a board (at most 77) as two words of bits.
struct SpaceSet {
  std::array<std::uint64_t, 2> bits{};

  void add(int s) { bits[s >> 6] |= std::uint64_t{1} << (s & 63); }
  void remove(int s) { bits[s >> 6] &= ~(std::uint64_t{1} << (s & 63)); }
  // Calls f(s) for each space of the set, in increasing order.
  template <class F>
  void for_each(F f) const {
    for (int w = 0; w < 2; ++w)
      for (std::uint64_t b = bits[w]; b != 0; b &= b - 1) f(64 * w + std::countr_zero(b));
  }
};

// One position between plies (sava.md 12, 15).
struct Position {
  std::array<std::uint8_t, kMaxSpaces> cell{};
  std::array<std::array<std::uint8_t, kKinds>, 2> count{};  // pieces on the board
  std::array<std::array<SpaceSet, kKinds>, 2> where{};      // the spaces of each side's kinds
  std::array<std::array<std::uint8_t, kKinds>, 2> pile{};   // captured pieces, per losing side
  std::uint8_t to_move = kRed;
  bool over = false;
  std::uint8_t winner = kRed;
  std::uint8_t tc_from = kNoSpace;  // the last ply's turncoat move a>b, if any
  std::uint8_t tc_to = kNoSpace;
  int tc_ply = 0;   // the ply number of that turncoat move
  int plies = 0;    // plies since the start or the Setup
  int end_ply = 0;  // the ply that captured a Matron Mother

  // Puts the piece `c` on the empty space s (0 puts nothing).
  void put(int s, std::uint8_t c) {
    cell[s] = c;
    if (c == 0) return;
    ++count[cell_side(c)][static_cast<int>(cell_kind(c))];
    where[cell_side(c)][static_cast<int>(cell_kind(c))].add(s);
  }
  void take(int s) {
    const std::uint8_t c = cell[s];
    if (c != 0) {
      --count[cell_side(c)][static_cast<int>(cell_kind(c))];
      where[cell_side(c)][static_cast<int>(cell_kind(c))].remove(s);
    }
    cell[s] = 0;
  }
};

// The side names and piece names of messages. side_name_view() is the side's name as a view of
// known length (the replay asks it at every ply); side_name() is the same text.
inline std::string_view side_name_view(int side) {
  using namespace std::string_view_literals;
  return side == kRed ? "Red"sv : "Blue"sv;
}
inline const char* side_name(int side) { return side_name_view(side).data(); }
const char* piece_name(PieceCode kind);
// "Red's Orc" style description of a cell.
std::string describe_cell(std::uint8_t c);
// Returns the codes of `side`'s captured pieces in kind order, joined by `sep`; `none` when
// the pile is empty.
std::string pile_text(const Position& pos, int side, std::string_view sep, std::string_view none);

// Whether `side`'s Champion is immune (sava.md 5.1).
bool champion_immune(const Config& cfg, const Position& pos, int side);

// One concrete way of playing a move (sava.md 5.6 "Realisations").
struct Realisation {
  std::uint8_t origin = kNoSpace;
  std::uint8_t dest = kNoSpace;
  std::uint8_t via = kNoSpace;  // Weaponmaster intermediate space
  bool cap_via = false;
  bool cap_dest = false;
  // The path for drawings: kind 0 one step, 1 a ray (line, dir), 2 a Wizard path (t1, t2),
  // 3 a Weaponmaster route (via).
  std::uint8_t path_kind = 0;
  std::uint8_t line = 0;
  std::int8_t dir = 0;
  std::uint8_t t1 = kNoSpace, t2 = kNoSpace;

  bool same_effect(const Realisation& o) const {
    return origin == o.origin && dest == o.dest && cap_dest == o.cap_dest &&
           (cap_via ? via : kNoSpace) == (o.cap_via ? o.via : kNoSpace);
  }
};

// What one candidate piece makes of a destination.
struct CandidateCheck {
  bool ok = false;
  const char* code = nullptr;  // the first failed check when !ok
  std::string message;         // filled only when messages are wanted
  int num = 0;                 // realisations appended
};

// The fixed-size list of realisations of one ply. Only r[0..n) is ever read: the array is left
// uninitialised (a member of an anonymous union), as one is made for every ply checked.
struct Realisations {
  Realisations() {}  // r is written by push() before it is read
  union {
    std::array<Realisation, 96> r;
  };
  int n = 0;
  void push(const Realisation& x) {
    if (n < static_cast<int>(r.size())) r[n++] = x;
  }
};

// The context of one move check.
struct MoveContext {
  const Config* cfg = nullptr;
  const Position* pos = nullptr;
  int mover = kRed;
  int owner = kRed;
  bool turncoat = false;
  bool messages = true;        // build message texts on failure
  bool ignore_return = false;  // the check test ignores the turncoat-return rule (8.3)
};

// Runs S13-S26 for the piece on `origin` (kind `kind`, owner ctx.owner) moving to `dest`, and
// appends its realisations to `out` when it passes.
CandidateCheck check_candidate(const MoveContext& ctx, int origin, PieceCode kind, int dest,
                               Realisations* out);

// Whether `side` could capture the opposing Matron Mother with a normal move (sava.md 8.3).
bool attacks_matron(const Config& cfg, const Position& pos, int side);

// Plays a resolved move on `pos` (sava.md 7): captures, the move, the promotion, the turncoat
// pair, the end of the game, the side to move. `from_pile`: the promoted piece leaves the owner's
// captured pile (resurrection). Does not validate.
void play_move(Position* pos, const Realisation& r, PieceCode promotion, bool from_pile,
               bool turncoat);
// Plays a dice ply without action, or a removal (`space` != kNoSpace).
void play_dice(Position* pos, int removal_space);

// A legal ply with its canonical text (sava.md 4.3), for legal_moves and generate.
struct LegalPly {
  std::string text;
  Realisation real;
  PieceCode promotion = PieceCode::kNone;
};

// Lists the legal normal moves (turncoat = false) or turncoat moves (true, without the star) of
// the side to move, in canonical text and order (sava.md 15).
std::vector<LegalPly> list_moves(const Config& cfg, const Position& pos, bool turncoat);
// The same list cut to the moves of pieces of `kind` to space `dest`: the only moves that can
// share text with such a move, so each keeps the canonical text of the whole list (canonical
// text of one ply without listing every move).
std::vector<LegalPly> list_moves_to(const Config& cfg, const Position& pos, bool turncoat,
                                    PieceCode kind, int dest);
// Appends to `out` the canonical text (without the star) of the legal move `real` of a piece of
// `kind` other than an Orc, as list_moves_to gives it, made without a list on the heap; false
// (nothing appended) when the move is not among the legal ones.
bool legal_move_text(const Config& cfg, const Position& pos, bool turncoat, PieceCode kind,
                     const Realisation& real, std::string& out);
// Lists the legal removal targets of the side to move (Dice Sava), by space index.
std::vector<int> list_removals(const Config& cfg, const Position& pos);

// Appends the canonical text of a realisation to `out`, as move_text gives it (no string of
// its own: dedup asks it once a ply).
void append_move_text(std::string& out, const Config& cfg, const Realisation& r, PieceCode kind,
                      bool origin, bool via, PieceCode promotion);
// The canonical text of a realisation; `origin`/`via` force those parts.
std::string move_text(const Config& cfg, const Position& pos, const Realisation& r, PieceCode kind,
                      bool origin, bool via, PieceCode promotion);

}  // namespace scribe::engine::sava
