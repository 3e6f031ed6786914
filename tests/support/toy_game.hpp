// A tiny game for testing the generic layers (replay, move numbers, results, rolls) without any
// real game's rules. Sides A, B, C, D in turn. Plies: "m" (a move), "w" (the mover wins),
// "warn" (a move with a warning toy.note), "pass". "mX..." is toy.syntax at its second
// character; any other token is toy.syntax at its first. Options: -players=N (2..4), -dice
// (every ply needs a roll (1)..(6); toy.bad-roll at the roll, toy.roll-missing at the token,
// a warning in lenient mode with roll "?"). Position text: "toy N SIDE WINNER", e.g. "toy 2 A -".
#pragma once

#include "engine/core/game.hpp"

namespace scribe::test {

const engine::Game& toy_game();

}  // namespace scribe::test
