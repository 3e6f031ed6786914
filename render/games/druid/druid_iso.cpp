// Druid diagrams, the "iso" views ("iso", "iso-print"): an oblique 3D view. Every unit is a block
// (a box on the square board, a hexagonal prism on the hex and Y boards) lifted by its level;
// its front faces are drawn and outlined one unit at a time, so a stack shows its height as
// bands. Cells are drawn from the back row to the front and each cell from the ground up. A
// lintel is one box over its three cells, drawn in cell-sized pieces (each clipped to its
// cell's column) so that the back-to-front order holds; a gap under a lintel stays open. The
// height numeral, the last-move ring and the winning group's outline of a cell are drawn with
// its stack, so a nearer stack covers them as it covers the stones behind it.
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "render/core/cairo_handles.hpp"
#include "render/games/druid/druid_diagram_parts.hpp"

namespace scribe::render::druid::detail {

namespace {

using Pt = std::pair<double, double>;

// The top face of a cell lifted by dy, scaled by k (vertices in drawing order).
std::vector<Pt> cell_polygon(const Layout& l, int cell, double k, double dy) {
  auto [cx, cy] = l.centre(cell);
  cy -= dy;
  if (!l.hex) {
    const double h = 0.5 * k;
    return {{cx - h, cy - h}, {cx + h, cy - h}, {cx + h, cy + h}, {cx - h, cy + h}};
  }
  std::vector<Pt> p;
  for (int i = 0; i < 6; ++i) {
    const double a = M_PI / 3 * i;
    p.emplace_back(cx + l.s * k * std::cos(a), cy - l.s * k * std::sin(a));
  }
  return p;
}

// The top face of a lintel box lifted by dy: a rectangle from end to end as wide as a sarsen,
// reaching as far past each end centre as a sarsen reaches past its centre.
std::vector<Pt> lintel_polygon(const Layout& l, const engine::druid::Lintel& ln, double dy) {
  auto [x0, y0] = l.centre(ln.a);
  auto [x1, y1] = l.centre(ln.b);
  const double half = l.hex ? 0.86 * l.s * kSqrt3 / 2 : 0.42;
  const double len = std::hypot(x1 - x0, y1 - y0);
  const double ux = (x1 - x0) / len, uy = (y1 - y0) / len, px = -uy, py = ux;
  x0 -= ux * half, y0 -= uy * half + dy;
  x1 += ux * half, y1 += uy * half - dy;
  return {{x0 + px * half, y0 + py * half},
          {x1 + px * half, y1 + py * half},
          {x1 - px * half, y1 - py * half},
          {x0 - px * half, y0 - py * half}};
}

void polygon_path(Canvas& cv, const std::vector<Pt>& p) {
  cv.new_sub_path();
  for (const auto& [x, y] : p) cv.line_to(x, y);
  cv.close_path();
}

// The convex hull (monotone chain) of a polygon and its copy `depth` lower on the page: the
// outline of the block it tops.
std::vector<Pt> extrusion_hull(const std::vector<Pt>& top, double depth) {
  std::vector<Pt> pts = top;
  for (const auto& [x, y] : top) pts.emplace_back(x, y + depth);
  std::sort(pts.begin(), pts.end());
  auto cross = [](const Pt& o, const Pt& a, const Pt& b) {
    return (a.first - o.first) * (b.second - o.second) -
           (a.second - o.second) * (b.first - o.first);
  };
  std::vector<Pt> hull(2 * pts.size());
  std::size_t k = 0;
  for (const Pt& p : pts) {
    while (k >= 2 && cross(hull[k - 2], hull[k - 1], p) <= 0) --k;
    hull[k++] = p;
  }
  for (std::size_t i = pts.size() - 1, t = k + 1; i-- > 0;) {
    while (k >= t && cross(hull[k - 2], hull[k - 1], pts[i]) <= 0) --k;
    hull[k++] = pts[i];
  }
  hull.resize(k - 1);
  return hull;
}

// Fills the current path as a face of side `letter`, darkened to `shade` (1 = the top face).
void face_fill(Canvas& cv, const Layout& l, char letter, double shade, double w) {
  if (!l.print) {
    const Colour c = side_colour(letter);
    fill_stroke(cv, Colour{c.r * shade, c.g * shade, c.b * shade, 1}, kOutline, w);
    return;
  }
  const PrintFill fill = print_fill_of(letter);
  if (shade >= 1 || fill == PrintFill::kHatch || fill == PrintFill::kDots) {
    print_fill_stroke(cv, fill, l.hex ? 0.1 : 0.12, w);
    return;
  }
  // The sides of white blocks are light grey, the sides of black blocks dark grey.
  const double g = fill == PrintFill::kBlack ? (1 - shade) * 1.2 : shade;
  fill_stroke(cv, Colour{g, g, g, 1}, kPrintInk, w);
}

// Draws one block: its front faces (those facing down the page), then its top face.
void block(Canvas& cv, const Layout& l, const std::vector<Pt>& top, char letter) {
  double mx = 0, my = 0;
  for (const auto& [x, y] : top) mx += x, my += y;
  mx /= static_cast<double>(top.size());
  my /= static_cast<double>(top.size());
  const double w = l.print ? 0.03 : 0.02;
  for (std::size_t i = 0; i < top.size(); ++i) {
    const Pt& a = top[i];
    const Pt& b = top[(i + 1) % top.size()];
    // The outward normal of edge a-b.
    double nx = b.second - a.second, ny = -(b.first - a.first);
    if (nx * ((a.first + b.first) / 2 - mx) + ny * ((a.second + b.second) / 2 - my) < 0)
      nx = -nx, ny = -ny;
    const double len = std::hypot(nx, ny);
    if (ny / len < 1e-6) continue;
    cv.new_path();
    cv.move_to(a.first, a.second);
    cv.line_to(b.first, b.second);
    cv.line_to(b.first, b.second + l.unit);
    cv.line_to(a.first, a.second + l.unit);
    cv.close_path();
    // Lit from the lower left: faces turned left are lighter.
    face_fill(cv, l, letter, 0.68 - 0.14 * nx / len, w);
  }
  cv.new_path();
  polygon_path(cv, top);
  face_fill(cv, l, letter, 1.0, w);
}

// The lintel that holds the unit of `cell` at `level`, or nullptr.
const engine::druid::Lintel* lintel_at(const DruidState& st, int cell, int level) {
  for (const auto& ln : st.lintels())
    if (ln.level == level && (ln.a == cell || ln.m == cell || ln.b == cell)) return &ln;
  return nullptr;
}

// Whether `cell` is one of the cells of the last placed stone.
bool placed_last(const DruidState& st, int cell) {
  const LastMove& lm = st.last_move();
  if (lm.kind == LastMove::Kind::kSarsen) return lm.a == cell;
  if (lm.kind == LastMove::Kind::kLintel) return lm.a == cell || lm.m == cell || lm.b == cell;
  return false;
}

// Draws the stack of one cell and, on its top face, its marks and height numeral.
void draw_cell_stack(Canvas& cv, const Layout& l, const DiagramRequest& req, int x,
                     bool winner) {
  const DruidState& st = *l.st;
  const int h = st.height(x);
  for (int level = 1; level <= h; ++level) {
    const std::uint8_t u = st.unit_at(x, level);
    if (engine::druid::unit_kind(u) == UnitKind::kGap) continue;
    const char letter = letter_of(l, engine::druid::unit_side(u));
    const double dy = level * l.unit;
    const engine::druid::Lintel* ln =
        engine::druid::is_lintel_unit(u) ? lintel_at(st, x, level) : nullptr;
    if (ln == nullptr) {
      block(cv, l, cell_polygon(l, x, l.hex ? 0.86 : 0.84, dy), letter);
      continue;
    }
    // This cell's piece of the lintel box: the whole box clipped to the cell's column.
    SavedState saved(cv);
    cv.new_path();
    polygon_path(cv, extrusion_hull(cell_polygon(l, x, 1.03, dy), l.unit));
    cv.clip();
    block(cv, l, lintel_polygon(l, *ln, dy), letter);
  }
  if (h == 0) return;
  const double top = h * l.unit;
  if (winner) {  // the winning path: a dot on the top face, as in the flat views
    auto [wx, wy] = l.centre(x);
    cv.new_path();
    cv.arc(wx - (l.hex ? 0.3 : 0.22), wy - top + (l.hex ? 0.2 : 0.2), 0.11, 0, 2 * M_PI);
    cv.set_colour(l.print ? kPrintInk : kWinPath);
    cv.fill_preserve();
    cv.set_colour(kWhite);
    cv.set_line_width(0.05);
    cv.stroke();
  }
  if (req.highlight_last && req.ply > 0 && placed_last(st, x)) highlight_ring(cv, l, x, top);
  auto [cx, cy] = l.centre(x);
  cy -= top;
  bool druid = false;
  for (int s = 0; s < st.config().players; ++s) druid = druid || st.druid_cell(s) == x;
  if (druid) {  // keep the numeral clear of the druid
    cx += l.hex ? 0.32 : 0.34;
    cy += l.hex ? 0.12 : 0.28;
  } else {  // towards the back of the face, clear of a nearer stack one unit higher
    cy -= l.hex ? 0.06 : 0.1;
  }
  draw_numeral(cv, l, x, cx, cy, druid ? 0.32 : 0.34);
}

}  // namespace

void floor_path(Canvas& cv, const Layout& l) {
  cv.new_path();
  if (!l.hex) {
    cv.rectangle(l.left, l.top, l.board_w, l.board_h + l.lift);
    return;
  }
  for (int x = 0; x < l.b->num_cells; ++x)
    polygon_path(cv, extrusion_hull(cell_polygon(l, x, 1.0, l.lift), l.lift));
}

std::vector<Box> iso_unit_boxes(const Layout& l) {
  std::vector<Box> boxes;
  const DruidState& st = *l.st;
  for (int x = 0; x < l.b->num_cells; ++x)
    for (int level = 1; level <= st.height(x); ++level) {
      const std::uint8_t u = st.unit_at(x, level);
      if (engine::druid::unit_kind(u) == UnitKind::kGap) continue;
      const engine::druid::Lintel* ln =
          engine::druid::is_lintel_unit(u) ? lintel_at(st, x, level) : nullptr;
      const double dy = level * l.unit;
      const std::vector<Pt> top =
          ln != nullptr ? lintel_polygon(l, *ln, dy) : cell_polygon(l, x, l.hex ? 0.86 : 0.84, dy);
      Box b{1e9, 1e9, -1e9, -1e9};
      for (const auto& [px, py] : top) {
        b.x0 = std::min(b.x0, px), b.x1 = std::max(b.x1, px);
        b.y0 = std::min(b.y0, py), b.y1 = std::max(b.y1, py + l.unit);
      }
      boxes.push_back(b);
    }
  return boxes;
}

void draw_iso_scene(Canvas& cv, const Layout& l, const DiagramRequest& req) {
  const DruidState& st = *l.st;
  std::vector<int> order(static_cast<std::size_t>(l.b->num_cells));
  for (int i = 0; i < l.b->num_cells; ++i) order[static_cast<std::size_t>(i)] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](int p, int q) { return l.centre(p).second < l.centre(q).second; });
  std::vector<bool> winner(static_cast<std::size_t>(l.b->num_cells), false);
  for (int x : st.winning_cells()) winner[static_cast<std::size_t>(x)] = true;
  for (int x : order) draw_cell_stack(cv, l, req, x, winner[static_cast<std::size_t>(x)]);
}

}  // namespace scribe::render::druid::detail
