// Druid diagrams (spec games/druid.md §13): the board with coordinates and coloured edge
// strips, stacks drawn level by level (sarsen tiles, lintel bars, bridge ticks over gaps),
// height numerals, druids, the last move, the winning group and a caption. Styles: "flat"
// (default, top-down), "iso" (an oblique 3D view) and "full" (flat plus the board's title and
// the position text).
#pragma once

#include "render/core/diagram.hpp"

namespace scribe::render::druid {

// Returns the Druid diagram drawer.
const render::DiagramDrawer& druid_drawer();

}  // namespace scribe::render::druid
