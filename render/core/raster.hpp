// Drawing a diagram into a Cairo image surface (include only from render/ sources).
#pragma once

#include "render/core/cairo_handles.hpp"
#include "render/core/diagram.hpp"

namespace scribe::render {

// Draws `request` on a white ARGB32 image whose longer side is `size` pixels.
Surface rasterize(const DiagramDrawer& drawer, const DiagramRequest& request, int size);

// Draws `request` at `scale` pixels per drawer unit on a white ARGB32 image of `width` x
// `height` pixels (frames of one animation share a scale and a canvas).
Surface rasterize_scaled(const DiagramDrawer& drawer, const DiagramRequest& request, double scale,
                         int width, int height);

}  // namespace scribe::render
