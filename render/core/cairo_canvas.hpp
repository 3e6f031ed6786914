// The Canvas that draws through Cairo (PNG, GIF frames, sheets and charts), and the font faces
// every Cairo drawing and every text measurement uses. Include only from render/ sources.
#pragma once

#include <cairo.h>

#include <string>
#include <utility>
#include <vector>

#include "render/core/canvas.hpp"

namespace scribe::render {

// The unchanging parts of the diagrams one worker draws (Canvas::begin_static): the image's
// pixels right after each part, by key (the part's own key, the image size and the
// transformation). A few entries (at most four, 32 MiB): a worker draws one game and size at a
// time.
class StaticCache {
 public:
  // The pixels kept under `key`, or nullptr.
  const std::vector<unsigned char>* find(const std::string& key) const;
  // Keeps `pixels` under `key`, dropping the oldest entries beyond four or 32 MiB.
  void keep(const std::string& key, std::vector<unsigned char> pixels);

 private:
  std::vector<std::pair<std::string, std::vector<unsigned char>>> entries_;  // oldest first
};

// Forwards every Canvas call to a cairo_t (which it does not own).
class CairoCanvas final : public Canvas {
 public:
  // Draws on `cr`; with a `cache`, the unchanging parts of drawings on an image surface are
  // kept there and painted from there.
  explicit CairoCanvas(cairo_t* cr, StaticCache* cache = nullptr) : cr_(cr), cache_(cache) {}
  // The Cairo context drawn on.
  cairo_t* context() const { return cr_; }

  void save() override { cairo_save(cr_); }
  void restore() override { cairo_restore(cr_); }
  void translate(double dx, double dy) override { cairo_translate(cr_, dx, dy); }
  void scale(double sx, double sy) override { cairo_scale(cr_, sx, sy); }
  void rotate(double angle) override { cairo_rotate(cr_, angle); }
  void user_to_device_distance(double* dx, double* dy) const override {
    cairo_user_to_device_distance(cr_, dx, dy);
  }
  void set_colour(const Colour& c) override { cairo_set_source_rgba(cr_, c.r, c.g, c.b, c.a); }
  void set_line_width(double width) override { cairo_set_line_width(cr_, width); }
  void set_dash(const double* dashes, int count, double offset) override {
    cairo_set_dash(cr_, dashes, count, offset);
  }
  void set_line_cap(LineCap cap) override;
  void set_line_join(LineJoin join) override;

  void new_path() override { cairo_new_path(cr_); }
  void new_sub_path() override { cairo_new_sub_path(cr_); }
  void move_to(double x, double y) override { cairo_move_to(cr_, x, y); }
  void line_to(double x, double y) override { cairo_line_to(cr_, x, y); }
  void curve_to(double x1, double y1, double x2, double y2, double x3, double y3) override {
    cairo_curve_to(cr_, x1, y1, x2, y2, x3, y3);
  }
  void arc(double xc, double yc, double r, double a1, double a2) override {
    cairo_arc(cr_, xc, yc, r, a1, a2);
  }
  void arc_negative(double xc, double yc, double r, double a1, double a2) override {
    cairo_arc_negative(cr_, xc, yc, r, a1, a2);
  }
  void rectangle(double x, double y, double w, double h) override {
    cairo_rectangle(cr_, x, y, w, h);
  }
  void close_path() override { cairo_close_path(cr_); }
  void fill_extents(double* x0, double* y0, double* x1, double* y1) override {
    cairo_fill_extents(cr_, x0, y0, x1, y1);
  }
  void stash_path() override;
  void unstash_path() override;

  void fill() override { cairo_fill(cr_); }
  void fill_preserve() override { cairo_fill_preserve(cr_); }
  void stroke() override { cairo_stroke(cr_); }
  void stroke_preserve() override { cairo_stroke_preserve(cr_); }
  void clip() override { cairo_clip(cr_); }
  void paint() override { cairo_paint(cr_); }

  void set_font(double size, bool bold, bool mono) override;
  TextExtents text_extents(std::string_view text) override;
  void show_text(std::string_view text) override;

  ~CairoCanvas() override;

 protected:
  bool paint_cached(std::string_view key) override;
  void keep_static() override;

 public:
  CairoCanvas(const CairoCanvas&) = delete;
  CairoCanvas& operator=(const CairoCanvas&) = delete;

 private:
  cairo_t* cr_;
  cairo_path_t* stashed_ = nullptr;
  StaticCache* cache_ = nullptr;
  std::string pending_key_;  // the key of the part being drawn, "" when none
};

// The Cairo face of the diagram font (kFontFamily, or kMonoFamily when `mono`), made once per
// process and shared by every thread (Cairo font faces are reference counted).
cairo_font_face_t* diagram_face(bool bold, bool mono);

// Drops the font faces kept by diagram_face() (before cairo_debug_reset_static_data; no text
// may be drawn meanwhile).
void release_cached_fonts();

}  // namespace scribe::render
