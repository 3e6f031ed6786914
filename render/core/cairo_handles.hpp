// RAII owners for Cairo objects (include only from render/ sources).
#pragma once

#include <cairo.h>

#include <memory>

namespace scribe::render {

struct SurfaceDeleter {
  void operator()(cairo_surface_t* s) const { cairo_surface_destroy(s); }
};
struct ContextDeleter {
  void operator()(cairo_t* c) const { cairo_destroy(c); }
};

// Owns a cairo_surface_t.
using Surface = std::unique_ptr<cairo_surface_t, SurfaceDeleter>;
// Owns a cairo_t.
using Context = std::unique_ptr<cairo_t, ContextDeleter>;

}  // namespace scribe::render
