// The surface every diagram is drawn on: Cairo's drawing model (a path built with move_to,
// line_to, arc..., then filled, stroked or clipped; a transformation and a graphics state saved
// and restored), behind one interface with two kinds of canvas:
//   - CairoCanvas (cairo_canvas.hpp) forwards each call to a cairo_t: PNG, GIF frames, sheets
//     and charts;
//   - VectorCanvas (vector_canvas.hpp) keeps the path in output coordinates and hands each
//     filled, stroked or clipped shape and each text to a writer of its own: scribe's SVG and
//     PDF writers, which write the file directly (several times faster than Cairo's SVG and
//     PDF surfaces, whose number formatting dominated `render --all`).
// Drawers (render/games/<g>/) see only Canvas, so one drawing serves every format.
#pragma once

#include <string_view>


namespace scribe::render {

// An RGBA colour with components in 0..1.
struct Colour {
  double r = 0, g = 0, b = 0, a = 1;
};

// How the ends of stroked lines look (as Cairo's line caps).
enum class LineCap { kButt, kRound, kSquare };
// How stroked lines join at corners (as Cairo's line joins).
enum class LineJoin { kMiter, kRound, kBevel };

// The ink box and advance of a text in user units (as cairo_text_extents_t).
struct TextExtents {
  double x_bearing = 0;
  double y_bearing = 0;
  double width = 0;
  double height = 0;
  double x_advance = 0;
};

// A drawing surface with Cairo's semantics (see the file comment). Angles are in radians,
// lengths in user units; the initial state is Cairo's (black, line width 2, butt caps, miter
// joins, no dash, identity transformation, no path).
class Canvas {
 public:
  virtual ~Canvas() = default;

  // ---- graphics state and transformation ----
  // Pushes the graphics state (transformation, colour, line and font settings, clip).
  virtual void save() = 0;
  // Pops the state pushed by the matching save().
  virtual void restore() = 0;
  // Moves user space by (dx, dy).
  virtual void translate(double dx, double dy) = 0;
  // Scales user space.
  virtual void scale(double sx, double sy) = 0;
  // Rotates user space by `angle` radians.
  virtual void rotate(double angle) = 0;
  // Turns a distance in user space into output units (pixels or points).
  virtual void user_to_device_distance(double* dx, double* dy) const = 0;
  // Sets the colour of what is filled, stroked or written next.
  virtual void set_colour(const Colour& c) = 0;
  // Sets the width of stroked lines in user units.
  virtual void set_line_width(double width) = 0;
  // Sets the dash pattern (`count` lengths; 0 for solid lines) and its offset.
  virtual void set_dash(const double* dashes, int count, double offset) = 0;
  // Sets the line cap.
  virtual void set_line_cap(LineCap cap) = 0;
  // Sets the line join.
  virtual void set_line_join(LineJoin join) = 0;

  // ---- the current path ----
  // Clears the current path and the current point.
  virtual void new_path() = 0;
  // Leaves the current point unset, so that the next arc() starts a new sub-path.
  virtual void new_sub_path() = 0;
  // Starts a sub-path at (x, y).
  virtual void move_to(double x, double y) = 0;
  // Adds a straight line to (x, y).
  virtual void line_to(double x, double y) = 0;
  // Adds a cubic Bezier curve through the two control points to (x3, y3).
  virtual void curve_to(double x1, double y1, double x2, double y2, double x3, double y3) = 0;
  // Adds an arc of the circle at (xc, yc), radius r, from angle a1 to a2 increasing (joined to
  // the current point by a line, as in Cairo).
  virtual void arc(double xc, double yc, double r, double a1, double a2) = 0;
  // The same with the angle decreasing.
  virtual void arc_negative(double xc, double yc, double r, double a1, double a2) = 0;
  // Adds a closed rectangle.
  virtual void rectangle(double x, double y, double w, double h) = 0;
  // Closes the current sub-path.
  virtual void close_path() = 0;
  // The bounding box of the area fill() would cover, in user units.
  virtual void fill_extents(double* x0, double* y0, double* x1, double* y1) = 0;
  // Keeps a copy of the current path aside (one slot), to be put back by unstash_path().
  virtual void stash_path() = 0;
  // Appends the path kept by stash_path() to the current path.
  virtual void unstash_path() = 0;

  // ---- painting ----
  // Fills the current path (non-zero winding) and clears it.
  virtual void fill() = 0;
  // Fills the current path and keeps it.
  virtual void fill_preserve() = 0;
  // Strokes the current path and clears it.
  virtual void stroke() = 0;
  // Strokes the current path and keeps it.
  virtual void stroke_preserve() = 0;
  // Intersects the clip with the current path and clears the path.
  virtual void clip() = 0;
  // Paints the whole clip area with the current colour.
  virtual void paint() = 0;

  // ---- text ----
  // Selects the diagram font (kFontFamily, or kMonoFamily when `mono`) at `size` user units.
  virtual void set_font(double size, bool bold, bool mono) = 0;
  // The extents of `text` in the selected font.
  virtual TextExtents text_extents(std::string_view text) = 0;
  // Writes `text` with its baseline starting at the current point (the path is left as it is).
  virtual void show_text(std::string_view text) = 0;

  // ---- the unchanging part of a drawing ----
  // A drawer draws what does not depend on the position (page, board, coordinates) first, as
  // `if (cv.begin_static(key)) { ...; cv.end_static(); }`, with `key` naming everything that
  // part depends on. A canvas with a cache of such parts (PNG images drawn one after another
  // in a worker: render --all) returns false when it has just painted the part from its cache,
  // pixel for pixel what drawing it gives; otherwise it returns true and the caller draws it.
  // The graphics state is saved for that part and restored after it, so that what follows
  // is drawn alike either way.
  // The part starts and ends with no path, so that what follows it is the same either way.
  bool begin_static(std::string_view key) {
    new_path();
    if (paint_cached(key)) return false;
    save();
    return true;
  }
  // Ends the part begun by begin_static() (the cache keeps it).
  void end_static() {
    new_path();
    restore();
    keep_static();
  }

  // ---- parts drawn again and again ----
  // A small part that many drawings in a row repeat (a piece on its cell, a stack's numeral),
  // drawn as `if (cv.begin_part(key)) { ...; cv.end_part(); }`. `key` names everything the
  // part's drawing depends on - its place, the piece, its count, sizes - except the settings
  // that hold for every drawing a canvas's writer gets (game, variant, style, theme, flip) and
  // the transformation (the canvas adds it). A part must not clip. A canvas that keeps parts
  // (the drawings of one replay page) returns false when it has just put again what it drew
  // for that key; otherwise it returns true and the caller draws the part. So that the part
  // depends on nothing drawn before it, it starts from the state a drawer is handed (black,
  // line width 2, butt caps, round joins, no dash; the transformation and clip kept) and with
  // no path; the state before it is restored after it, and it leaves no path either.
  bool begin_part(std::string_view key) {
    new_path();
    if (reuse_part(key)) return false;
    save();
    set_colour(Colour{0, 0, 0, 1});
    set_line_width(2);
    set_dash(nullptr, 0, 0);
    set_line_cap(LineCap::kButt);
    set_line_join(LineJoin::kRound);
    return true;
  }
  // Ends the part begun by begin_part().
  void end_part() {
    new_path();
    restore();
    keep_part();
  }

 protected:
  // Paints the cached part named `key` and returns true, or returns false (no such part).
  virtual bool paint_cached(std::string_view key) {
    (void)key;
    return false;
  }
  // Keeps the part just drawn under the key paint_cached() was last asked for.
  virtual void keep_static() {}
  // Puts the part named `key` again and returns true, or returns false (no such part).
  virtual bool reuse_part(std::string_view key) {
    (void)key;
    return false;
  }
  // Keeps the part just drawn under the key reuse_part() was last asked for.
  virtual void keep_part() {}
};

// Saves the canvas state on construction and restores it on destruction.
class SavedState {
 public:
  explicit SavedState(Canvas& canvas) : canvas_(canvas) { canvas_.save(); }
  ~SavedState() { canvas_.restore(); }
  SavedState(const SavedState&) = delete;
  SavedState& operator=(const SavedState&) = delete;

 private:
  Canvas& canvas_;
};

}  // namespace scribe::render
