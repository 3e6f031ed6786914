// Soccolot diagrams (spec games/soccolot.md §11): the field with its goal areas, the men with
// their jersey numbers, the ball and the last move, in the three field styles a, b and c
// (ruling R11); `,full` adds the position text to the caption.
#pragma once

#include "render/core/diagram.hpp"

namespace scribe::render::soccolot {

// Returns the Soccolot drawer. Styles: "a" (default, grass pitch as the seed's picture), "b"
// (plain grid), "c" (as a, turned 180 degrees), "print" (a's look in black and white), each also
// with ",full". `flip` turns any of them by 180 degrees.
const render::DiagramDrawer& soccolot_drawer();

}  // namespace scribe::render::soccolot
