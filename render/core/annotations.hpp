// Drawing the annotations of a request (include only from render/ sources).
#pragma once

#include <cairo.h>

#include "render/core/diagram.hpp"

namespace scribe::render {

// Draws the request's arrows and marks over a finished diagram (user space: drawer units).
// Cells the drawer does not know are left out (check_annotations reports them first).
void draw_annotations(Canvas& cv, const DiagramDrawer& drawer, const DiagramRequest& request);

}  // namespace scribe::render
