// The Canvas behind scribe's own SVG and PDF writers. It follows Cairo's model (canvas.hpp):
// points are turned into output coordinates (x right, y down, in pixels or points) as they are
// added, and each fill, stroke, clip and text goes to a VectorWriter with everything it needs,
// so a writer only formats. Text is measured with Cairo's font metrics (unhinted, as Cairo's
// own vector surfaces measure), so layouts match the PNG's.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "render/core/canvas.hpp"

namespace scribe::render {

// A path in output coordinates: each segment kind with its points (move and line one point,
// curve three, close none).
struct VectorPath {
  enum class Kind : std::uint8_t { kMove, kLine, kCurve, kClose };
  std::vector<Kind> kinds;
  std::vector<double> coords;  // x, y pairs in the order of the segments' points
  bool empty() const { return kinds.empty(); }
  void clear() {
    kinds.clear();
    coords.clear();
  }
};

// How a path is stroked, in output units.
struct StrokeStyle {
  Colour colour;
  double width = 2;
  const std::vector<double>* dashes = nullptr;  // empty or null: a solid line
  double dash_offset = 0;
  LineCap cap = LineCap::kButt;
  LineJoin join = LineJoin::kMiter;
};

// One text: its glyphs' origin and its transformation to output coordinates (a glyph unit,
// y down as in Cairo, goes to xx, yx along the baseline and xy, yy down), with font choice.
struct TextRun {
  std::string_view text;
  double x = 0, y = 0;                    // the baseline origin in output coordinates
  double xx = 1, yx = 0, xy = 0, yy = 1;  // output units per glyph unit (the font size included)
  bool bold = false;
  bool mono = false;
  Colour colour;
};

// Formats what a VectorCanvas draws (svg_writer.hpp, pdf_writer.hpp).
class VectorWriter {
 public:
  virtual ~VectorWriter() = default;
  // Fills `path` (non-zero winding).
  virtual void fill(const VectorPath& path, const Colour& colour) = 0;
  // Strokes `path`.
  virtual void stroke(const VectorPath& path, const StrokeStyle& style) = 0;
  // Fills the whole page (within the clip).
  virtual void paint(const Colour& colour) = 0;
  // Intersects the clip with `path` until the matching pop_clip().
  virtual void push_clip(const VectorPath& path) = 0;
  // Undoes the latest push_clip() still in force.
  virtual void pop_clip() = 0;
  // Writes a text.
  virtual void text(const TextRun& run) = 0;
  // The unchanging part of a drawing named `key` (Canvas::begin_static; the key also names the
  // transformation) is about to be drawn. A writer that keeps such parts (SvgWriter with
  // SvgStaticParts) returns true when it has the part already: it writes a reference to it and
  // the drawer skips drawing it. Otherwise (the default) it returns false and the part is drawn.
  virtual bool reuse_static(std::string_view key) {
    (void)key;
    return false;
  }
  // Ends the part drawn after reuse_static() returned false.
  virtual void end_static() {}
  // A part of a drawing named `key` (Canvas::begin_part; the key also names the transformation)
  // is about to be drawn. A writer that keeps parts returns true when it has put the part again;
  // otherwise (the default) it returns false and the part is drawn.
  virtual bool reuse_part(std::string_view key) {
    (void)key;
    return false;
  }
  // Ends the part drawn after reuse_part() returned false.
  virtual void end_part() {}
};

// A canvas whose output goes to a VectorWriter (see the file comment).
class VectorCanvas final : public Canvas {
 public:
  explicit VectorCanvas(VectorWriter& writer);
  ~VectorCanvas() override;

  void save() override;
  void restore() override;
  void translate(double dx, double dy) override;
  void scale(double sx, double sy) override;
  void rotate(double angle) override;
  void user_to_device_distance(double* dx, double* dy) const override;
  void set_colour(const Colour& c) override { state_.colour = c; }
  void set_line_width(double width) override { state_.line_width = width; }
  void set_dash(const double* dashes, int count, double offset) override;
  void set_line_cap(LineCap cap) override { state_.cap = cap; }
  void set_line_join(LineJoin join) override { state_.join = join; }

  void new_path() override;
  void new_sub_path() override { has_point_ = false; }
  void move_to(double x, double y) override;
  void line_to(double x, double y) override;
  void curve_to(double x1, double y1, double x2, double y2, double x3, double y3) override;
  void arc(double xc, double yc, double r, double a1, double a2) override;
  void arc_negative(double xc, double yc, double r, double a1, double a2) override;
  void rectangle(double x, double y, double w, double h) override;
  void close_path() override;
  void fill_extents(double* x0, double* y0, double* x1, double* y1) override;
  void stash_path() override { stashed_ = path_; }
  void unstash_path() override;

  void fill() override;
  void fill_preserve() override;
  void stroke() override;
  void stroke_preserve() override;
  void clip() override;
  void paint() override;

  void set_font(double size, bool bold, bool mono) override;
  TextExtents text_extents(std::string_view text) override;
  void show_text(std::string_view text) override;

  VectorCanvas(const VectorCanvas&) = delete;
  VectorCanvas& operator=(const VectorCanvas&) = delete;

 protected:
  // Asks the writer whether it has the unchanging part `key` already (reuse_static).
  bool paint_cached(std::string_view key) override;
  // Tells the writer the unchanging part has ended.
  void keep_static() override { writer_.end_static(); }
  // Asks the writer whether it has the part `key` (with the transformation) already.
  bool reuse_part(std::string_view key) override;
  // Tells the writer the part has ended.
  void keep_part() override { writer_.end_part(); }

 private:
  // An affine transformation as Cairo writes it: x' = xx x + xy y + x0, y' = yx x + yy y + y0.
  struct Matrix {
    double xx = 1, yx = 0, xy = 0, yy = 1, x0 = 0, y0 = 0;
  };
  // The graphics state save() pushes.
  struct State {
    Matrix ctm;
    Colour colour{0, 0, 0, 1};
    double line_width = 2;
    std::vector<double> dashes;
    double dash_offset = 0;
    LineCap cap = LineCap::kButt;
    LineJoin join = LineJoin::kMiter;
    double font_size = 10;
    bool bold = false;
    bool mono = false;
    int clips = 0;  // push_clip() calls made in this state, undone by restore()
  };

  // Adds a point of kind `kind` at user (x, y).
  void add_point(VectorPath::Kind kind, double x, double y);
  // Adds the arc from angle a1 to a2 (either direction) as Bezier curves.
  void add_arc(double xc, double yc, double r, double a1, double a2);
  // `key`, '|' and the transformation's bytes, in `buffer` (the key of a part, which is drawn
  // in output coordinates).
  std::string_view key_with_ctm(std::string& buffer, std::string_view key) const;
  // The stroke style of the current state in output units.
  StrokeStyle stroke_style();
  // Pops the clips of the current state from the writer.
  void pop_clips();

  VectorWriter& writer_;
  State state_;
  std::vector<State> saved_;
  VectorPath path_;
  VectorPath stashed_;
  std::vector<double> scaled_dashes_;
  std::string part_key_;    // reuse_part()'s key with the transformation
  std::string static_key_;  // paint_cached()'s key with the transformation
  bool has_point_ = false;
  double point_x_ = 0, point_y_ = 0;        // the current point in output coordinates
  double start_x_ = 0, start_y_ = 0;        // the current sub-path's start
};

// Drops the calling thread's text measuring context and its cache (release_cached_fonts()).
void release_text_measure();

}  // namespace scribe::render
