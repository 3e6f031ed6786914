// Soccolot: a two-player game "based loosely on soccer" by David W. Wilson (2000), played by
// e-mail on pbmserv. Each side has six men (jerseys 1-6) on an 8 x 8 field and there is one
// shared ball. A turn moves one man: he runs one step, dribbles (man and ball one step
// together) or kicks the ball in a straight line away from himself. The ball in the GOAL
// behind the opponent's back row wins. Black (player1) moves first.
//
// Source: /work/shared/seeds/soccolot-pbmserv-help.txt (the pbmserv help); specification:
// spec/games/soccolot.md.
//
// Options (spec §1; scribe's own switches for rules the seed leaves open; pbmserv has no flags):
// the option rows of soccolot_game.cpp, which the reader of engine/core/options.hpp checks (a
// test keeps this table equal to them).
//
//   | flag       | values          | default | meaning                                               |
//   |------------|-----------------|---------|-------------------------------------------------------|
//   | -goal=G    | beyond, backrow | beyond  | where a goal is scored: the GOAL row beyond the       |
//   |            |                 |         | back row, or the back row (docs/games/soccolot.md#r4) |
//   | -owngoal=O | lose, illegal   | lose    | a ball into one's own goal counts for the             |
//   |            |                 |         | opponent, or is illegal (docs/games/soccolot.md#r5)   |
//   | -nomove=N  | lose, draw      | lose    | a side to move without a legal move loses, or the     |
//   |            |                 |         | game is drawn (docs/games/soccolot.md#r9)             |
//
// Notation: [team] jersey action, case-insensitive: `b5rs` (Black 5 runs south), `w2dne`
// (White 2 dribbles north-east), `3k5` (the side to move's man 3 kicks the ball 5 squares).
// Canonical text is lower case with the team letter.
//
// Rulings taken (spec §12): squares a-h left to right and ranks 1-8 bottom to top as the
// seed's picture is drawn, Black's back row is rank 1 (R1); the compass is absolute, north =
// rank -1 and east = file -1, so Black attacks south (R2); B1..B6 on g1..b1, W1..W6 on g8..b8,
// the ball on e5 (R3); a goal is a row of squares beyond each back row that counts as one
// square of a kick, men never enter it and `k8` is never legal (R4); an own goal counts for
// the opponent (R5); in a dribble the squares the man and the ball leave are free for each
// other (R6); a kick goes exactly its distance over empty squares, any direction away from the
// man, and is never shortened (R7); the team letter is optional and must name the side to
// move (R8); a side without a legal move loses (R9); `3k` is kick-distance-missing, repaired
// in lenient mode when exactly one distance is legal (R10). No dice, no pass, no repetition
// rule, no move limit; random play (`generate`) stops after 1,000 plies (spec §13).
#pragma once

#include <string>
#include <vector>

#include "engine/core/game.hpp"

namespace scribe::engine::soccolot {

// Returns the Soccolot game (one object for the program's lifetime).
const engine::Game& soccolot_game();

// Option strings that together cover every option value (for the conformance tests).
inline const std::vector<std::string> kRepresentativeOptions = {
    "",
    "-goal=backrow",
    "-owngoal=illegal",
    "-nomove=draw",
    "-goal=backrow -owngoal=illegal -nomove=draw",
};

}  // namespace scribe::engine::soccolot
