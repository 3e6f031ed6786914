// RAII owners for Cairo objects (include only from render/ sources).
#pragma once

#include <cairo.h>

#include <memory>
#include <string>

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

// A Cairo write function (cairo_*_create_for_stream, write_to_png_stream) appending to the
// std::string given as its closure.
inline cairo_status_t append_to_string(void* closure, const unsigned char* data,
                                       unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

}  // namespace scribe::render
