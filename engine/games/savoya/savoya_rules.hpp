// Savoya rules core (internal to engine/games/savoya): configuration, position, dice, the checks
// of savoya.md §6 for one ply with known dice, and the play search of §15.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/games/savoya/savoya_board.hpp"

namespace scribe::engine::savoya {

// How the pieces start (savoya.md §9).
enum class StartKind { kStack, kEven, kStep };

// A configured game: board, players, start, stops rule. Shared by all states of a variant.
struct Config {
  const Board* board = nullptr;
  int players = 2;
  StartKind start = StartKind::kStack;
  int pieces = 6;
  bool free_stops = false;
  const std::vector<Seat>* seats = nullptr;  // board->seating[players]
  // The seat owning each colour, or -1 when the colour is not in play.
  std::array<std::int8_t, kColours> side_of_colour{-1, -1, -1, -1};
  // The colours of each seat as a bit mask.
  std::array<std::uint8_t, 4> colours_of_side{};

  int num_sides() const { return static_cast<int>(seats->size()); }
  const std::string& side_name(int side) const { return (*seats)[side].side; }
  bool in_play(int colour) const { return colour >= 0 && side_of_colour[colour] >= 0; }
};

// Builds the configuration tables (seats, colour owners) for a board and player count.
std::shared_ptr<Config> make_config(BoardKind board, int players, StartKind start, int pieces,
                                    bool free_stops);

// The contents of one cell: `count` pieces of colour `top`, over an optional pinned piece.
struct Stack {
  std::uint16_t count = 0;
  std::int8_t top = kNoColour;
  std::int8_t pinned = kNoColour;

  bool empty() const { return top < 0; }
  int total() const { return count + (pinned >= 0 ? 1 : 0); }
  friend bool operator==(const Stack&, const Stack&) = default;
};

// A position: every cell's stack, and per colour the pieces not on their own home cells.
struct Position {
  std::array<Stack, kMaxCells> cells{};
  std::array<std::int16_t, kColours> away{};

  // Compares the pieces on the board (away is derived from them).
  bool same_board(const Position& o) const { return cells == o.cells; }
};

// Builds the start position of a configuration (savoya.md §3.2 and §9).
Position start_position(const Config& cfg);
// Recomputes `away` from the cells.
void recount(const Config& cfg, Position& p);

// Whether a cell holding `s` is a legal landing for a piece of `colour` (§6 "Landable").
inline bool landable(const Stack& s, int colour) {
  return s.top < 0 || s.top == colour || (s.count == 1 && s.pinned < 0);
}
// Whether `cell` is a legal landing for a piece of `colour` (§6 "Landable").
inline bool landable(const Position& p, int cell, int colour) {
  return landable(p.cells[cell], colour);
}
// Takes the top piece off `cell` (freeing a pinned piece when its last pinner leaves).
void lift(const Board& b, Position& p, int cell);
// Puts a piece of `colour` on `cell` (pinning a lone piece of another colour).
void land(const Board& b, Position& p, int cell, int colour);
// lift on one cell's stack `s` (cell `cell`), counting the pieces away in `away`.
inline void lift(const Board& b, Stack& s, int cell, std::array<std::int16_t, kColours>& away) {
  if (b.is_home(cell, s.top)) ++away[s.top];
  if (--s.count == 0) {
    if (s.pinned >= 0) {
      s.top = s.pinned;
      s.pinned = kNoColour;
      s.count = 1;
    } else {
      s.top = kNoColour;
    }
  }
}
// land on one cell's stack `s` (cell `cell`), counting the pieces away in `away`.
inline void land(const Board& b, Stack& s, int cell, int colour,
                 std::array<std::int16_t, kColours>& away) {
  if (b.is_home(cell, colour)) --away[colour];
  if (s.top < 0) {
    s.top = static_cast<std::int8_t>(colour);
    s.count = 1;
  } else if (s.top == colour) {
    ++s.count;
  } else {
    s.pinned = s.top;
    s.top = static_cast<std::int8_t>(colour);
    s.count = 1;
  }
}
// Whether every piece of every colour of `side` stands on its own home (§8.1).
bool has_won(const Config& cfg, const Position& p, int side);
// has_won from the pieces away of each colour (inline: asked after every component).
inline bool has_won(const Config& cfg, const std::array<std::int16_t, kColours>& away, int side) {
  if (side < 0) return false;
  for (unsigned rest = cfg.colours_of_side[side]; rest != 0; rest &= rest - 1)
    if (away[std::countr_zero(rest)] != 0) return false;
  return true;
}
// Whether `side` has a legal play for some roll (§8.3 dead-position test).
bool can_ever_move(const Config& cfg, const Position& p, int side);
// can_ever_move, trying the cell `hint` first (a cell where a piece of `side` could move before);
// `hint` receives the cell of the piece found.
bool can_ever_move(const Config& cfg, const Position& p, int side, std::uint8_t& hint);

// The dice of one ply: one opening die, two dice (larger first), or four equal dice.
struct Dice {
  std::array<std::uint8_t, 4> v{};
  std::uint8_t n = 0;
  bool doubles = false;

  static Dice opening(int d) {
    Dice x;
    x.v[0] = static_cast<std::uint8_t>(d);
    x.n = 1;
    return x;
  }
  static Dice roll(int a, int b) {
    Dice x;
    if (a == b) {
      x.v.fill(static_cast<std::uint8_t>(a));
      x.n = 4;
      x.doubles = true;
    } else {
      x.v[0] = static_cast<std::uint8_t>(a > b ? a : b);
      x.v[1] = static_cast<std::uint8_t>(a > b ? b : a);
      x.n = 2;
    }
    return x;
  }
  // Whether two rolls are the same dice.
  friend bool operator==(const Dice& a, const Dice& b) {
    return a.n == b.n && a.doubles == b.doubles && a.v[0] == b.v[0] && a.v[1] == b.v[1] &&
           a.v[2] == b.v[2] && a.v[3] == b.v[3];
  }
  int total() const { return v[0] + v[1] + v[2] + v[3]; }
  int pips(std::uint8_t used_mask) const {
    int sum = 0;
    for (int i = 0; i < n; ++i)
      if ((used_mask >> i) & 1) sum += v[i];
    return sum;
  }
  // "5", "6-3", "6-6".
  std::string text() const;
  // Writes text() into `out` (reusing its storage).
  void write_text(std::string& out) const;
  // The unused dice of a mask as "6-3", "3-3-3", "4".
  std::string unused_text(std::uint8_t used_mask) const;
};

// One ordered choice of unused dice for a component: their mask, count, sum and the partial sums
// at the stops (partial[0..len-2]).
struct DiceSeq {
  std::uint8_t mask = 0;
  std::uint8_t len = 0;
  std::uint8_t sum = 0;
  std::array<std::uint8_t, 3> partial{};
};

// Lists the dice sequences from the unused dice in search order (fewer dice first, then larger
// first die first). Returns how many were written.
int dice_sequences(const Dice& dice, std::uint8_t used_mask, std::array<DiceSeq, 8>& out);

// The most sequences of one roll and used mask (two dice: two singles and both orders of the
// pair; doubles: one to four dice).
inline constexpr int kMaxSeqsPerMask = 4;
// The dice sequences of one roll and used mask, as dice_sequences lists them.
struct alignas(32) DiceSeqList {
  std::array<DiceSeq, kMaxSeqsPerMask> seq{};
  std::uint8_t n = 0;
  // Byte i: seq[i].sum (0 from n on), so that one word compares a length with every sum.
  std::uint32_t sums = 0;
};
// Returns the 16 lists of `dice`, indexed by the used mask (what dice_sequences would write),
// without copying: from a table made at compile time for every roll (one die, two different
// dice, doubles), else made in a per-thread scratch table (valid until the thread's next call
// for such dice).
const DiceSeqList* dice_sequence_lists(const Dice& dice);

// One component after expanding `Nx`: cells and where it was written in the token.
struct Comp {
  std::uint8_t from = kNoCell;
  std::uint8_t to = kNoCell;
  std::uint32_t offset = 0;
  std::uint32_t length = 0;
  // Cells that must be stops of the route (lenient split-move re-reading), kNoCell when unused.
  std::array<std::uint8_t, 3> via{kNoCell, kNoCell, kNoCell};
};

// Up to four components (more than four never passes check 6.4).
struct CompList {
  // Copies a list made at compile time: a few stores instead of a loop over the items.
  CompList() : items(kNoItems) {}
  std::array<Comp, 4> items;
  int n = 0;

 private:
  static constexpr std::array<Comp, 4> kNoItems{};
};

// The cells a ply changed, with their contents after it, and the pieces away after it: the
// position after the ply is the one before with these cells and counts.
struct PlyChanges {
  std::array<std::uint8_t, 8> cell{};
  std::array<Stack, 8> stack{};
  int n = 0;
  std::array<std::int16_t, kColours> away{};
};

// The outcome of checking one ply with known dice.
struct PlyResult {
  bool ok = false;
  Finding error;                  // when !ok
  std::vector<Finding> warnings;  // savoya.split-move
  // When ok, from check_components' by-value form: the position after the ply. Optional, so
  // that making a result (and a Move that holds one) costs no board-sized initialisation.
  std::optional<Position> after;
  // When ok: what the ply changed (both forms). SavoyaState::play plays `after` when it is set
  // (a Move made by hand, such as a drawn play), else these changes.
  PlyChanges changes;
  int side = -1;  // the mover (resolved from the from-cell before the roll-off)
  bool won = false;
  // The components as finally read (after split-move merges), for last-move display.
  CompList played;
};

// Checks the components of a ply (checks 6.5-6.16) from `start` for `side` (-1 before the
// roll-off: the owner of the first from-cell) with `dice`. `lenient` enables the split-move
// re-reading of ruling R20/R28.
PlyResult check_components(const Config& cfg, const Position& start, int side, const Dice& dice,
                           const CompList& comps, bool lenient);
// check_components into `out` (a result made before, whose storage is reused), without
// `after`: the position after the ply is out.changes applied to `start`.
void check_components(const Config& cfg, const Position& start, int side, const Dice& dice,
                      const CompList& comps, bool lenient, PlyResult& out);

// A play found by the search: its components and pips.
struct Play {
  std::array<std::uint8_t, 4> from{};
  std::array<std::uint8_t, 4> to{};
  int n = 0;
  int pips = 0;
  bool won = false;
};

// Returns the canonical text of a play (§5: lower case, consecutive equal components as Nx).
std::string play_text(const Board& b, const Play& play);

// Writes play_text(b, play) into `out` and the components read() reads back from that text into
// `comps`: one item per piece moved, each with the place of its written component (an `Nx`
// prefix included) in the text (the items past comps.n are left as they were).
void play_text_and_components(const Board& b, const Play& play, std::string& out, CompList& comps);

// Whether `side` (-1: any side in play, as before the roll-off) has any legal component with
// `dice`, i.e. M > 0.
bool has_any_play(const Config& cfg, const Position& p, int side, const Dice& dice);
// Returns M, the largest pip total of any legal play of `side` (§6).
int max_pips(const Config& cfg, const Position& p, int side, const Dice& dice);
// Finds the first legal play in search order with more than `pips` pips. Returns false if none.
bool find_play_with_more(const Config& cfg, const Position& p, int side, const Dice& dice, int pips,
                         Play& out);
// Returns every valid play (§6 "Valid play") as canonical text, in search order (§15), without
// duplicates. With side -1 (before the roll-off) plays of every side are listed.
std::vector<std::string> valid_plays(const Config& cfg, const Position& p, int side,
                                     const Dice& dice);
// Finds the first play valid_plays would list (the same search, stopped there), without
// listing the others; false exactly when valid_plays would list none.
bool first_valid_play(const Config& cfg, const Position& p, int side, const Dice& dice, Play& out);
// Draws one valid play with `rng` without listing them all (for `generate`); false when M == 0
// (the side must pass). Every distinct valid play (by canonical text, savoya.md §15) is
// equally likely. First M is found (the search of max_pips, which stops once every die is used).
// Then up to `max_trials` rejection trials: a list of components is drawn uniformly from a
// superset of the valid plays that is a union of products (per dice composition, every c-y that
// could ever pass with those dice) and kept when it is a valid play counted once. When every
// trial fails (rare: blocked positions), the plays are counted, not listed: a node is the
// position after some components, the pieces that have moved, and the set of used-dice masks
// that some resolution leaves; the number of valid plays extending a node is memoised on that,
// and a node's children are the distinct components c-y playable from it. One number below the
// total is drawn and the walk from the start follows the counts down to the play with that
// number. Both ways are exactly uniform, so their mix is too. The text is play_text's, as
// legal_moves lists it. Deterministic for the state of `rng`.
inline constexpr int kRejectionTrials = 2000;
bool random_valid_play(const Config& cfg, const Position& p, int side, const Dice& dice,
                       Random& rng, Play& out, int max_trials = kRejectionTrials);

// The route one component of a played ply took: its cells from the from-cell to the to-cell.
struct RouteTaken {
  std::uint8_t from = kNoCell;
  std::uint8_t to = kNoCell;
  std::vector<std::uint8_t> cells;  // from-cell first, to-cell last
};

// Finds the dice and routes of a played ply: the first legal assignment in the order of §15
// (components in order, routes in path order, dice sequences with fewer dice first), among
// those with the most pips (any, when `won`). With `dice` n == 0 (an unknown roll) each
// component takes its shortest route. `used_mask` receives the dice played.
std::vector<RouteTaken> routes_of_play(const Config& cfg, const Position& before, const Dice& dice,
                                       const CompList& comps, bool won, std::uint8_t& used_mask);

// The 21 rolls in the order 1-1, 2-1, 2-2, 3-1, ... (§15, lenient roll inference).
const std::array<Dice, 21>& all_rolls();

}  // namespace scribe::engine::savoya
