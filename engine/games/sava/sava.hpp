// Sava, "the Game of the Drow" (spec: sava.md; seed: seeds/sava-rules.html and
// sava-rules.txt, an export of the Google Document "Sava - the Game of the Drow").
//
// Two players, Red (Player1, south, moves first) and Blue (Player2, north), each with a Matron
// Mother, a Priestess, a Wizard, a Weaponmaster and eight Orcs on a spider's web of 52 spaces:
// three rings (ranks 1-3) of 16 spaces, four straight files and four centre spaces. The goal is
// to capture the opposing Matron Mother. Instead of moving, a player may roll the two Spider
// Dice: double spiders let the roller move one enemy piece as a "turncoat". The boards are data
// (engine/games/sava/data/*.json, compiled in); no space list is typed in code.
//
// Options (sava.md 1, 9): the option rows of sava_game.cpp, which the reader of
// engine/core/options.hpp checks (a test keeps this table equal to them). The flags combine
// freely; -lolth implies -champion; -greatwheel warns sava.reconstructed-board.
//
//   | flag        | values      | default | meaning                                                         |
//   |-------------|-------------|---------|-----------------------------------------------------------------|
//   | -baenre     | -           | off     | Baenre Sava: a Matron Mother without a Priestess on             |
//   |             |             |         | the board moves as one                                          |
//   | -chednased  | -           | off     | Ched Nased Sava: Orcs promote to P, Wz or Wm instead            |
//   |             |             |         | of resurrecting                                                 |
//   | -champion   | -           | off     | Champion Sava: a Holy Champion per side, neither                |
//   |             |             |         | capturing nor captured                                          |
//   | -lolth      | -           | off     | Lolth's Champion Sava: -champion, active once its               |
//   |             |             |         | side has lost P, Wz and Wm                                      |
//   | -dicesava   | -           | off     | Dice Sava: one spider gives a turncoat move, double             |
//   |             |             |         | spiders a removal                                               |
//   | -greatwheel | -           | off     | Great Wheel Sava on scribe's constructed 77-space               |
//   |             |             |         | board                                                           |
//   | -orc=V      | short, line | short   | how far ahead on a rank an Orc's target may be                  |
//   |             |             |         | (docs/games/sava.md#r10)                                        |
//   | -diagonals  | -           | off     | adds the straight lines HA-DE and BC-FG (docs/games/sava.md#r2) |
//
// Notation (sava.md 4): piece + destination (`WzG3`, `WzH2x`), Weaponmaster captures on the way
// (`WmxAB2`, `WmxAB2x`, via `WmHA3xH3`), Orc from-space + to-space (`D3DE`) with an optional
// resurrection suffix (`FG2F2Wm`), origins (`WzC2-D3`), dice plies `*`, `*WmB2x`, `*xD3`,
// optional roll tokens `(0)`/`(1)`/`(2)` before dice plies, `+` checked, glyphs ignored.
// Example: `1. DE2D2 A3HA 2. WzG3 HA2H2`.
//
// Rulings (sava.md 11): R1-R4 the reconstructed board and layout; R6 no check rule; R7-R10 the
// movement details (Wizard never next to itself, Weaponmaster steps compulsory, Orc "closer" at
// most half a rank); R11-R13 turncoats; R14-R18b resurrection and the variants; R19 the Great
// Wheel construction; R20-R31 notation, rolls, marks, results and generate. Where this code
// had to choose beyond the spec, the choice is noted at the declaration.
#pragma once

#include <string>
#include <vector>

#include "engine/core/game.hpp"

namespace scribe::engine::sava {

// Returns the Sava game (one object for the process).
const engine::Game& sava_game();

// Option sets the conformance tests and benchmarks cover: every flag alone and combined.
inline const std::vector<std::string> kRepresentativeOptions = {
    "",
    "-baenre",
    "-chednased",
    "-champion",
    "-lolth",
    "-dicesava",
    "-greatwheel",
    "-orc=line",
    "-diagonals",
    "-baenre -champion -dicesava",
    "-chednased -lolth -diagonals -orc=line",
    "-greatwheel -chednased -lolth -dicesava -diagonals",
    "-greatwheel -baenre -champion -orc=line",
};

}  // namespace scribe::engine::sava
