// Sava diagrams (sava.md 14): the web drawn from the board file's coordinates, the pieces, the
// last ply (path arrow, rings, ghosts of captured pieces, turncoat and promotion marks) and a
// strip with the ply, the Spider Dice, the captured piles and the side to move.
#pragma once

#include "render/core/diagram.hpp"

namespace scribe::render::sava {

// Returns the Sava drawer (styles "flat", "full" and "print"; `flip` turns the web round).
const render::DiagramDrawer& sava_drawer();

}  // namespace scribe::render::sava
