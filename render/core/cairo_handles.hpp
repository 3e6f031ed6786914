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

// Saves the Cairo state on construction and restores it on destruction.
class SavedState {
 public:
  explicit SavedState(cairo_t* cr) : cr_(cr) { cairo_save(cr_); }
  ~SavedState() { cairo_restore(cr_); }
  SavedState(const SavedState&) = delete;
  SavedState& operator=(const SavedState&) = delete;

 private:
  cairo_t* cr_;
};

}  // namespace scribe::render
