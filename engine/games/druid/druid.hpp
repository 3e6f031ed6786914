// Druid (Cameron Browne, 2004), as played by e-mail on pbmserv: a connection game in which
// players build a monument of sarsens (one unit) and lintels (three units in a row, laid on
// top of other stones). Only the topmost stone of each cell counts for a connection, so a
// lintel laid across an enemy line cuts it.
//
// Source: seeds/druid-pbmserv-help.txt (the pbmserv help, Browne 2004); spec
// games/druid.md, which this code follows section by section.
//
// Variants and options (the Options tag; spec §1.2): the option rows of druid.cpp, which the
// reader of engine/core/options.hpp checks (a test keeps this table equal to them).
//
//   | flag        | values        | default      | meaning                                              |
//   |-------------|---------------|--------------|------------------------------------------------------|
//   | -hex        | -             | off          | Druid's Hex: the hex-hex board, X and O              |
//   |             |               |              | (and Y with 3 players)                               |
//   | -y          | -             | off          | Druid's Y: the triangular Y board, 2                 |
//   |             |               |              | players                                              |
//   | -size=N     | hex 3..13, Y  | hex 5, Y 8,  | cells along each board edge                          |
//   |             | 3..26, square | square 10    |                                                      |
//   |             | 3..26         |              |                                                      |
//   | -walk       | -             | off          | Druid's Walk: the druids walk to their               |
//   |             |               |              | target edges                                         |
//   | -nostack    | -             | off          | a sarsen may not be placed directly on a             |
//   |             |               |              | sarsen (docs/games/druid.md#r6)                      |
//   | -nogaps     | -             | off          | a lintel must rest on three stones,                  |
//   |             |               |              | leaving no gap (docs/games/druid.md#r5)              |
//   | -players=N  | 2..3          | 3 with a     | number of players (scribe extension,                 |
//   |             |               | Player3 tag, | docs/games/druid.md#r8)                              |
//   |             |               | else 2       |                                                      |
//   | -walkturn=T | both, either  | both         | both: one Walk turn may place a stone                |
//   |             |               |              | and move the druid (c3,a4) (docs/games/druid.md#r13) |
//
// Sides: V (top-bottom) and H (left-right) on the square board; X and O on the hex and Y
// boards; X, O and Y on the 3-player hex board. V or X moves first.
//
// Notation (§5), case-insensitive: `c3` sarsen, `b2-b4` lintel (ends in either order),
// `e` druid step, `c3,a4` / `b2-b4,n` placement then druid move, `swap`, `pass` / `--`.
// Example: `1. b4 2. b5 3. b6 4. a5 5. b4-b6` (V bridges H's b5).
//
// Rulings taken where the seed is silent (spec §14): R1 hex and Y coordinates (flat-topped
// hexagons in columns, rows from each column's bottom); R2 sizes square/Y 3..26, hex 3..13;
// R3 Y default 8; R4 a lintel rests on exactly two units of the mover at the ends' height k,
// middle at most k; R5 -nogaps: middle also at k; R6 -nostack: a sarsen may go on the mover's
// own lintel; R7 corners count for both sides; R8 seats in challenge order, 3 players X O Y;
// R9 swap = pie rule, seats exchange, side order unchanged; R10 draw when all players pass in
// succession; R11 hex lintels written end-end; R12 druid steps (square n s e w, hex n s ne nw se
// sw); R13 place-and-move in one turn unless -walkturn=either; R14 druid entry on a lintel:
// middle if on an edge, else the first edge cell in cell order; R15 Walk: reaching the target
// edge wins, connections do not; R16 druids step only onto their own side's top units;
// R17 heights up to 255; R18 case-blind moves; R19 the sample game's hidden stones.
#pragma once

#include <string>
#include <vector>

#include "engine/core/game.hpp"

namespace scribe::engine::druid {

// Returns the Druid game (all variants).
const engine::Game& druid_game();

// Returns the static facts of Druid: names, sides, options and codes.
const GameInfo& druid_info();

// Option sets that cover every variant (conformance tests and benchmarks run them all).
inline const std::vector<std::string> kRepresentativeOptions = {
    "",
    "-size=8",
    "-size=5 -nostack",
    "-size=6 -nogaps",
    "-hex",
    "-hex -size=3 -players=3",
    "-hex -size=4 -players=3 -walk",
    "-y -size=5",
    "-size=5 -walk",
    "-size=4 -walk -walkturn=either",
};

}  // namespace scribe::engine::druid
