// Druid's static facts: names, sides, the option rows and the diagnostic codes (spec
// games/druid.md §1.2 and §10).
#include "engine/games/druid/druid.hpp"

#include "engine/games/druid/druid_board.hpp"

namespace scribe::engine::druid {

namespace {

// The -size range of a board kind, as the board code gives it (druid_board.hpp, ruling R2).
OptionRange range(std::string_view when, BoardKind kind, std::string_view label) {
  return {when, min_size(kind), max_size(kind), label};
}

}  // namespace

const GameInfo& druid_info() {
  static const GameInfo info = [] {
    GameInfo g;
    g.name = "druid";
    g.names = {"druid"};
    g.title = "Druid";
    g.side_names = {"V", "H", "X", "O", "Y"};
    g.has_dice = false;
    // The rows of §1.2 in the order of the normalised option text (the board first).
    g.options = {
        {.flag = "-hex",
         .meaning = "Druid's Hex: the hex-hex board, X and O (and Y with 3 players)"},
        {.flag = "-y", .meaning = "Druid's Y: the triangular Y board, 2 players"},
        {.flag = "-size",
         .kind = OptionKind::kNumber,
         .placeholder = "N",
         .ranges = {range("-hex", BoardKind::kHex, "hex"), range("-y", BoardKind::kY, "Y"),
                    range("", BoardKind::kSquare, "square")},
         .default_text = "hex 5, Y 8, square 10",
         .meaning = "cells along each board edge"},
        {.flag = "-walk",
         .meaning = "Druid's Walk: the druids walk to their target edges",
         .applies_to = "only on the square board or with -hex and 3 players"},
        {.flag = "-nostack",
         .meaning = "a sarsen may not be placed directly on a sarsen (docs/games/druid.md#r6)"},
        {.flag = "-nogaps",
         .meaning = "a lintel must rest on three stones, leaving no gap (docs/games/druid.md#r5)"},
        {.flag = "-players",
         .kind = OptionKind::kNumber,
         .placeholder = "N",
         .ranges = {{"", 2, 3, ""}},
         .default_text = "3 with a Player3 tag, else 2",
         .meaning = "number of players (scribe extension, docs/games/druid.md#r8)",
         .applies_to = "3 only with -hex"},
        {.flag = "-walkturn",
         .kind = OptionKind::kChoice,
         .placeholder = "T",
         .choices = {"both", "either"},
         .default_value = "both",
         .meaning = "both: one Walk turn may place a stone and move the druid (c3,a4) (docs/games/druid.md#r13)",
         .applies_to = "only with -walk"},
    };
    auto e = [](const char* code, const char* meaning) { return CodeDoc{code, "error", meaning}; };
    g.codes = {
        e("druid.syntax", "the token does not match the move syntax"),
        e("druid.not-a-cell", "a cell that is not on this board"),
        e("druid.game-over", "a ply after a win or a draw"),
        e("druid.swap-not-allowed", "swap other than as ply 2 after a placement"),
        e("druid.no-walk", "a druid step or a destination without -walk"),
        e("druid.place-and-move", "placement,destination under -walkturn=either"),
        e("druid.druid-cell", "a sarsen or a lintel on a cell that holds a druid"),
        e("druid.sarsen-on-enemy", "a sarsen on a cell topped by another side"),
        e("druid.sarsen-on-sarsen", "with -nostack, a sarsen on a sarsen"),
        e("druid.lintel-shape", "the ends are not two apart in a straight line"),
        e("druid.lintel-on-ground", "an end of a lintel is bare ground"),
        e("druid.lintel-not-flat", "the end heights differ, or the middle is higher than the ends"),
        e("druid.lintel-gap", "with -nogaps, the middle is lower than the ends"),
        e("druid.lintel-support", "the lintel would not rest on exactly two of the mover's units"),
        e("druid.height-limit", "a stack would exceed 255 units"),
        e("druid.no-druid", "a druid move by a side whose druid has not entered"),
        e("druid.bad-direction", "a direction that this board does not have"),
        e("druid.druid-off-board", "a druid step off the board"),
        e("druid.druid-not-adjacent", "a destination cell not next to the druid"),
        e("druid.druid-target", "a destination not topped by the druid's own side"),
    };
    return g;
  }();
  return info;
}

}  // namespace scribe::engine::druid
