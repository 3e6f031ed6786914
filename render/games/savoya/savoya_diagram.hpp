// Savoya / Savoy diagrams (savoya.md §14): the knot drawn as bands along the paths with the
// crossings as over/under bridges, home tints, stacks with counts, pinned pieces as crescents
// with a pin mark, the last move as arrows along its routes, and a strip with the ply, the roll
// as dice faces and the side to move. Styles: "flat" (default), "full" (flat plus the position
// text) and "print" (flat in black and white). `flip` turns the board 180 degrees.
#pragma once

#include "render/core/diagram.hpp"

namespace scribe::render::savoya {

// Returns the Savoya diagram drawer.
const render::DiagramDrawer& savoya_drawer();

}  // namespace scribe::render::savoya
