// Drawing a diagram into a Cairo image surface (include only from render/ sources).
#pragma once

#include "render/core/cairo_handles.hpp"
#include "render/core/diagram.hpp"

namespace scribe::render {

// Draws `request` on a white ARGB32 image whose longer side is `size` pixels.
Surface rasterize(const DiagramDrawer& drawer, const DiagramRequest& request, int size);

}  // namespace scribe::render
