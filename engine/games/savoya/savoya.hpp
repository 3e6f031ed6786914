// Savoya and Savoy (Cameron Browne, 2006): race games for 2-4 players "similar to Plakoto",
// played along figure-of-eight paths with two dice. A piece that lands on a lone piece of
// another colour pins it; a stack of two or more pieces of another colour cannot be landed on.
// Sources: seeds savoya-pbmserv-help.txt (pbmserv help) and savoy-savoya-rules.txt (Browne's
// page); the rules as scribe reads them are /work/shared/spec/games/savoya.md. Savoy is this game
// with -board=savoy (a Game value "savoy" means the same).
//
// Options (savoya.md §1, §9): the option rows of savoya_game.cpp, which the reader of
// engine/core/options.hpp checks (a test keeps this table equal to them). At most one of -stack,
// -even, -step; -board=savoy (or the game savoy) is for 2 players only.
//
//   | flag       | values        | default      | meaning                                                  |
//   |------------|---------------|--------------|----------------------------------------------------------|
//   | -board=B   | savoya, savoy | savoya       | which board (scribe extension, docs/games/savoya.md#r22; |
//   |            |               |              | the game savoy is -board=savoy)                          |
//   | -players=N | 2..4          | the highest  | number of players (scribe extension,                     |
//   |            |               | PlayerN tag, | docs/games/savoya.md#r5)                                 |
//   |            |               | else 2       |                                                          |
//   | -stack=N   | 1..99         | 6            | N pieces per set, stacked on the set's start             |
//   |            |               |              | cell                                                     |
//   | -even=N    | 1..99         | -            | N pieces per set, spread evenly over the                 |
//   |            |               |              | start area                                               |
//   | -step=N    | 1..99         | -            | N pieces per set, spread in steps over the               |
//   |            |               |              | start area                                               |
//   | -stops=S   | check, free   | check        | check: every stop of a combined move must be             |
//   |            |               |              | landable (scribe extension, docs/games/savoya.md#r9)     |
//
// Notation (savoya.md §5): one token per turn, `from-to` components separated by commas, with
// an optional count for identical moves, or `pass`; case-insensitive. Example, a double 3:
// `3xg10-j10,e6-b6`. Rolls stand before the ply: `(5)` (the opening die), `(6-3)`, `(6-6)`.
//
// Rulings taken where the seeds are silent (savoya.md §11): the boards come from the JSON data
// (R1-R4; the Savoy board is constructed and warns savoya.reconstructed-board); the first mover
// is the owner of ply 1's first from-cell and play follows the seat order (R6); the opening die
// is 2..6 (R7); a piece combines whole dice in one straight move and moves once per turn (R8);
// every stop must be landable unless -stops=free (R9); the maximum-pips rule (R10); components
// apply in written order, dice and routes are searched (R11); colours, not players, block and
// pin (R13); a dead position is a draw and a mutual pin is reported (R16).
//
// Random play (`generate`) stops a game after 500 plies (SavoyaVariant::kPlyLimit, the
// generate_ply_limit()): random pieces wander both ways and almost never all reach home, players
// may stay mutually pinned for ever (§8.3), and a double with many spread pieces can have close
// to a million distinct plays to list, so longer random games cost more than they show.
#pragma once

#include <string>
#include <vector>

#include "engine/core/game.hpp"

namespace scribe::engine::savoya {

// Returns the Savoya game (Game values "savoya" and "savoy").
const engine::Game& savoya_game();

// Option sets that exercise every variant: 2, 3 and 4 players, Savoy, the spread starts, a
// small stack, and free stops. Apart from the default, the 2-player Savoya sets use few pieces:
// with twelve spread pieces a side, a double can have close to a million distinct plays, and
// listing them (legal_moves, generate) dominates the conformance tests' time.
inline const std::vector<std::string> kRepresentativeOptions = {
    "",
    "-players=3",
    "-players=4 -even=3",
    "-board=savoy",
    "-even=3",
    "-players=3 -step=5",
    "-stack=2",
    "-stops=free -stack=3",
};

}  // namespace scribe::engine::savoya
