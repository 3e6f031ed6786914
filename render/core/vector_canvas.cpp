#include "render/core/vector_canvas.hpp"

#include <cairo.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "render/core/cairo_canvas.hpp"

namespace scribe::render {

namespace {

constexpr double kPi = 3.14159265358979323846;

// An arc from angle a1 to a2 cut into pieces of at most a quarter turn, each one cubic with
// the usual 4/3 tan(d/4) handles: the cosine and sine at each piece's ends (c[0], s[0] at a1).
struct ArcSplit {
  std::uint64_t a1 = 1, a2 = 1;  // the angles' bits (1: no angle has them, a NaN's do not)
  int pieces = 0;
  double k = 0;
  std::vector<double> c, s;
};

// The split of the arc from a1 to a2. A drawing asks for the same few arcs again and again
// (whole circles, the quarters of rounded corners), so each thread keeps the last eight: the
// same numbers as computing them afresh, without the sines, cosines and tangent.
const ArcSplit& arc_split(double a1, double a2) {
  thread_local std::array<ArcSplit, 8> cache;
  thread_local std::size_t next = 0;
  const auto b1 = std::bit_cast<std::uint64_t>(a1), b2 = std::bit_cast<std::uint64_t>(a2);
  for (const ArcSplit& split : cache)
    if (split.a1 == b1 && split.a2 == b2) return split;
  ArcSplit& split = cache[next++ % cache.size()];
  split.a1 = b1;
  split.a2 = b2;
  split.pieces = 0;
  split.c.assign(1, std::cos(a1));
  split.s.assign(1, std::sin(a1));
  if (a1 == a2) return split;
  const double turns = std::abs(a2 - a1) / (kPi / 2) - 1e-9;
  // A huge or NaN angle: one piece, as the cast of its count would not hold it.
  split.pieces = std::isfinite(turns) && turns < 1e6 ? std::max(1, static_cast<int>(std::ceil(turns))) : 1;
  const double d = (a2 - a1) / split.pieces;
  split.k = 4.0 / 3.0 * std::tan(d / 4);
  double t0 = a1;
  for (int i = 0; i < split.pieces; ++i) {
    const double t1 = i + 1 == split.pieces ? a2 : t0 + d;
    split.c.push_back(std::cos(t1));
    split.s.push_back(std::sin(t1));
    t0 = t1;
  }
  return split;
}

// Text extents at a font size of 1, measured once per thread and text: diagrams repeat the
// same few hundred labels, and Cairo's measuring is the costly part of a vector diagram's text.
class TextMeasure {
 public:
  TextMeasure() {
    surface_ = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1);
    cr_ = cairo_create(surface_);
    // Unhinted metrics, as Cairo's SVG and PDF surfaces measure.
    cairo_font_options_t* options = cairo_font_options_create();
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_set_font_options(cr_, options);
    cairo_font_options_destroy(options);
    cairo_set_font_size(cr_, kSize);
  }
  ~TextMeasure() {
    cairo_destroy(cr_);
    cairo_surface_destroy(surface_);
  }
  TextMeasure(const TextMeasure&) = delete;
  TextMeasure& operator=(const TextMeasure&) = delete;

  // The extents of `text` at size 1.
  const TextExtents& at_unit_size(std::string_view text, bool bold, bool mono) {
    auto& cache = cache_[(mono ? 2 : 0) + (bold ? 1 : 0)];
    key_.assign(text);
    if (auto it = cache.find(key_); it != cache.end()) return it->second;
    if (cache.size() > 8192) cache.clear();  // a bound for long runs over many records
    cairo_set_font_face(cr_, diagram_face(bold, mono));
    cairo_set_font_size(cr_, kSize);
    cairo_text_extents_t e;
    cairo_text_extents(cr_, key_.c_str(), &e);
    const TextExtents unit{e.x_bearing / kSize, e.y_bearing / kSize, e.width / kSize,
                           e.height / kSize, e.x_advance / kSize};
    return cache.emplace(key_, unit).first->second;
  }

 private:
  static constexpr double kSize = 100;  // measured large, so that rounding inside is negligible
  cairo_surface_t* surface_;
  cairo_t* cr_;
  std::string key_;
  std::unordered_map<std::string, TextExtents> cache_[4];
};

thread_local std::unique_ptr<TextMeasure> t_measure;

TextMeasure& measure() {
  if (t_measure == nullptr) t_measure = std::make_unique<TextMeasure>();
  return *t_measure;
}

}  // namespace

void release_text_measure() { t_measure.reset(); }

VectorCanvas::VectorCanvas(VectorWriter& writer) : writer_(writer) {}

VectorCanvas::~VectorCanvas() = default;

void VectorCanvas::save() {
  saved_.push_back(state_);
  state_.clips = 0;
}

void VectorCanvas::restore() {
  if (saved_.empty()) return;  // as Cairo, an unmatched restore is a mistake; ignore it
  pop_clips();
  state_ = std::move(saved_.back());
  saved_.pop_back();
}

void VectorCanvas::pop_clips() {
  for (; state_.clips > 0; --state_.clips) writer_.pop_clip();
}

void VectorCanvas::translate(double dx, double dy) {
  Matrix& m = state_.ctm;
  m.x0 += m.xx * dx + m.xy * dy;
  m.y0 += m.yx * dx + m.yy * dy;
}

void VectorCanvas::scale(double sx, double sy) {
  Matrix& m = state_.ctm;
  m.xx *= sx;
  m.yx *= sx;
  m.xy *= sy;
  m.yy *= sy;
}

void VectorCanvas::rotate(double angle) {
  Matrix& m = state_.ctm;
  const double c = std::cos(angle), s = std::sin(angle);
  const Matrix old = m;
  m.xx = old.xx * c + old.xy * s;
  m.yx = old.yx * c + old.yy * s;
  m.xy = -old.xx * s + old.xy * c;
  m.yy = -old.yx * s + old.yy * c;
}

void VectorCanvas::user_to_device_distance(double* dx, double* dy) const {
  const Matrix& m = state_.ctm;
  const double x = *dx, y = *dy;
  *dx = m.xx * x + m.xy * y;
  *dy = m.yx * x + m.yy * y;
}

void VectorCanvas::set_dash(const double* dashes, int count, double offset) {
  state_.dashes.assign(dashes, dashes + std::max(count, 0));
  state_.dash_offset = offset;
}

void VectorCanvas::new_path() {
  path_.clear();
  has_point_ = false;
}

void VectorCanvas::add_point(VectorPath::Kind kind, double x, double y) {
  const Matrix& m = state_.ctm;
  const double dx = m.xx * x + m.xy * y + m.x0;
  const double dy = m.yx * x + m.yy * y + m.y0;
  if (kind != VectorPath::Kind::kCurve) path_.kinds.push_back(kind);
  path_.coords.push_back(dx);
  path_.coords.push_back(dy);
  point_x_ = dx;
  point_y_ = dy;
  if (kind == VectorPath::Kind::kMove) {
    start_x_ = dx;
    start_y_ = dy;
  }
  has_point_ = true;
}

void VectorCanvas::move_to(double x, double y) { add_point(VectorPath::Kind::kMove, x, y); }

void VectorCanvas::line_to(double x, double y) {
  add_point(has_point_ ? VectorPath::Kind::kLine : VectorPath::Kind::kMove, x, y);
}

void VectorCanvas::curve_to(double x1, double y1, double x2, double y2, double x3, double y3) {
  if (!has_point_) add_point(VectorPath::Kind::kMove, x1, y1);
  path_.kinds.push_back(VectorPath::Kind::kCurve);
  add_point(VectorPath::Kind::kCurve, x1, y1);
  add_point(VectorPath::Kind::kCurve, x2, y2);
  add_point(VectorPath::Kind::kCurve, x3, y3);
}

void VectorCanvas::add_arc(double xc, double yc, double r, double a1, double a2) {
  const ArcSplit& split = arc_split(a1, a2);
  const double x = xc + r * split.c[0], y = yc + r * split.s[0];
  if (has_point_) line_to(x, y);
  else move_to(x, y);
  if (r <= 0 || a1 == a2) return;
  const double k = split.k;
  for (int i = 0; i < split.pieces; ++i) {
    const double c0 = split.c[i], s0 = split.s[i], c1 = split.c[i + 1], s1 = split.s[i + 1];
    curve_to(xc + r * (c0 - k * s0), yc + r * (s0 + k * c0), xc + r * (c1 + k * s1),
             yc + r * (s1 - k * c1), xc + r * c1, yc + r * s1);
  }
}

void VectorCanvas::arc(double xc, double yc, double r, double a1, double a2) {
  while (a2 < a1) a2 += 2 * kPi;  // as Cairo: the arc runs with the angle increasing
  add_arc(xc, yc, r, a1, a2);
}

void VectorCanvas::arc_negative(double xc, double yc, double r, double a1, double a2) {
  while (a2 > a1) a2 -= 2 * kPi;
  add_arc(xc, yc, r, a1, a2);
}

void VectorCanvas::rectangle(double x, double y, double w, double h) {
  move_to(x, y);
  line_to(x + w, y);
  line_to(x + w, y + h);
  line_to(x, y + h);
  close_path();
}

void VectorCanvas::close_path() {
  if (!has_point_) return;
  path_.kinds.push_back(VectorPath::Kind::kClose);
  // As in Cairo, the current point goes back to the sub-path's start.
  point_x_ = start_x_;
  point_y_ = start_y_;
}

void VectorCanvas::fill_extents(double* x0, double* y0, double* x1, double* y1) {
  *x0 = *y0 = *x1 = *y1 = 0;
  if (path_.coords.empty()) return;
  // The box of every point (control points included) in output units, then back to user units.
  double lo_x = path_.coords[0], hi_x = lo_x, lo_y = path_.coords[1], hi_y = lo_y;
  for (std::size_t i = 0; i + 1 < path_.coords.size(); i += 2) {
    lo_x = std::min(lo_x, path_.coords[i]);
    hi_x = std::max(hi_x, path_.coords[i]);
    lo_y = std::min(lo_y, path_.coords[i + 1]);
    hi_y = std::max(hi_y, path_.coords[i + 1]);
  }
  const Matrix& m = state_.ctm;
  const double det = m.xx * m.yy - m.xy * m.yx;
  if (det == 0) return;
  bool first = true;
  for (double px : {lo_x, hi_x})
    for (double py : {lo_y, hi_y}) {
      const double dx = px - m.x0, dy = py - m.y0;
      const double ux = (m.yy * dx - m.xy * dy) / det, uy = (-m.yx * dx + m.xx * dy) / det;
      if (first || ux < *x0) *x0 = ux;
      if (first || ux > *x1) *x1 = ux;
      if (first || uy < *y0) *y0 = uy;
      if (first || uy > *y1) *y1 = uy;
      first = false;
    }
}

void VectorCanvas::unstash_path() {
  path_.kinds.insert(path_.kinds.end(), stashed_.kinds.begin(), stashed_.kinds.end());
  path_.coords.insert(path_.coords.end(), stashed_.coords.begin(), stashed_.coords.end());
  if (stashed_.coords.size() >= 2) {
    has_point_ = true;
    point_x_ = stashed_.coords[stashed_.coords.size() - 2];
    point_y_ = stashed_.coords.back();
  }
}

void VectorCanvas::fill_preserve() {
  if (!path_.empty()) writer_.fill(path_, state_.colour);
}

void VectorCanvas::fill() {
  fill_preserve();
  new_path();
}

StrokeStyle VectorCanvas::stroke_style() {
  const Matrix& m = state_.ctm;
  // Cairo's pen follows the transformation; a uniform scale is what the diagrams use, and for
  // others the mean scale is a close line width.
  const double k = std::sqrt(std::abs(m.xx * m.yy - m.xy * m.yx));
  StrokeStyle s;
  s.colour = state_.colour;
  s.width = state_.line_width * k;
  s.cap = state_.cap;
  s.join = state_.join;
  if (!state_.dashes.empty()) {
    scaled_dashes_.clear();
    for (double d : state_.dashes) scaled_dashes_.push_back(d * k);
    s.dashes = &scaled_dashes_;
    s.dash_offset = state_.dash_offset * k;
  }
  return s;
}

void VectorCanvas::stroke_preserve() {
  if (!path_.empty()) writer_.stroke(path_, stroke_style());
}

void VectorCanvas::stroke() {
  stroke_preserve();
  new_path();
}

void VectorCanvas::clip() {
  writer_.push_clip(path_);
  ++state_.clips;
  new_path();
}

void VectorCanvas::paint() { writer_.paint(state_.colour); }

std::string_view VectorCanvas::key_with_ctm(std::string& buffer, std::string_view key) const {
  // A part is drawn in output coordinates: its key names the transformation too, by the bytes
  // of its six numbers (a fixed length after the separator, so that different keys and
  // matrices never give the same text; no formatting, and the buffer is reused).
  const double ctm[6] = {state_.ctm.xx, state_.ctm.yx, state_.ctm.xy,
                         state_.ctm.yy, state_.ctm.x0, state_.ctm.y0};
  buffer.assign(key);
  buffer += '|';
  buffer.append(reinterpret_cast<const char*>(ctm), sizeof ctm);
  return buffer;
}

bool VectorCanvas::paint_cached(std::string_view key) {
  return writer_.reuse_static(key_with_ctm(static_key_, key));
}

bool VectorCanvas::reuse_part(std::string_view key) {
  return writer_.reuse_part(key_with_ctm(part_key_, key));
}

void VectorCanvas::set_font(double size, bool bold, bool mono) {
  state_.font_size = size;
  state_.bold = bold;
  state_.mono = mono;
}

TextExtents VectorCanvas::text_extents(std::string_view text) {
  const TextExtents& u = measure().at_unit_size(text, state_.bold, state_.mono);
  const double s = state_.font_size;
  return {u.x_bearing * s, u.y_bearing * s, u.width * s, u.height * s, u.x_advance * s};
}

void VectorCanvas::show_text(std::string_view text) {
  if (text.empty() || !has_point_) return;
  const Matrix& m = state_.ctm;
  const double s = state_.font_size;
  TextRun run;
  run.text = text;
  run.x = point_x_;
  run.y = point_y_;
  run.xx = m.xx * s;
  run.yx = m.yx * s;
  run.xy = m.xy * s;
  run.yy = m.yy * s;
  run.bold = state_.bold;
  run.mono = state_.mono;
  run.colour = state_.colour;
  writer_.text(run);
}

}  // namespace scribe::render
