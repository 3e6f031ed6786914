// Annotations (--arrow FROM-TO, --mark CELL): arrows and rings over a diagram, placed through
// the drawer's own cell centres, in a colour of their own (magenta on a white halo; black on a
// white halo in the print styles), sized by the picture so that they read at any size.
#include "render/core/annotations.hpp"

#include <algorithm>
#include <cmath>

#include "render/core/theme.hpp"

namespace scribe::render {

std::string check_annotations(const DiagramDrawer& drawer, const DiagramRequest& request) {
  auto known = [&](const std::string& cell) { return drawer.locate(request, cell).has_value(); };
  for (const auto& [from, to] : request.arrows) {
    if (!known(from)) return "--arrow: '" + from + "' is not a cell of this board";
    if (!known(to)) return "--arrow: '" + to + "' is not a cell of this board";
  }
  for (const auto& m : request.marks)
    if (!known(m)) return "--mark: '" + m + "' is not a cell of this board";
  return "";
}

void draw_annotations(cairo_t* cr, const DiagramDrawer& drawer, const DiagramRequest& request) {
  if (request.arrows.empty() && request.marks.empty()) return;
  const Extent e = drawer.extent(request);
  const double unit = sized_length(request, e);
  const bool print = request.style.find("print") != std::string::npos;
  const Colour ink = print ? kPrintInk : hex_colour("#C2185B");
  cairo_save(cr);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  // Strokes the current path twice: a white halo, then the ink.
  auto stroke = [&](double w) {
    set_colour(cr, kPrintPaper);
    cairo_set_line_width(cr, w * 2.2);
    cairo_stroke_preserve(cr);
    set_colour(cr, ink);
    cairo_set_line_width(cr, w);
    cairo_stroke(cr);
  };
  for (const auto& m : request.marks) {
    const auto c = drawer.locate(request, m);
    if (!c) continue;
    cairo_new_path(cr);
    cairo_arc(cr, c->first, c->second, 0.03 * unit, 0, 2 * M_PI);
    stroke(0.006 * unit);
  }
  for (const auto& [from, to] : request.arrows) {
    const auto a = drawer.locate(request, from), b = drawer.locate(request, to);
    if (!a || !b) continue;
    const double dx = b->first - a->first, dy = b->second - a->second;
    const double len = std::hypot(dx, dy);
    if (len <= 0) continue;
    const double ux = dx / len, uy = dy / len, head = 0.03 * unit;
    const double tx = b->first - ux * 0.012 * unit, ty = b->second - uy * 0.012 * unit;
    cairo_new_path(cr);
    cairo_move_to(cr, a->first, a->second);
    cairo_line_to(cr, tx - ux * head * 0.8, ty - uy * head * 0.8);
    cairo_move_to(cr, tx - ux * head - uy * head * 0.6, ty - uy * head + ux * head * 0.6);
    cairo_line_to(cr, tx, ty);
    cairo_line_to(cr, tx - ux * head + uy * head * 0.6, ty - uy * head - ux * head * 0.6);
    cairo_close_path(cr);
    stroke(0.009 * unit);
    // The head filled.
    cairo_move_to(cr, tx - ux * head - uy * head * 0.6, ty - uy * head + ux * head * 0.6);
    cairo_line_to(cr, tx, ty);
    cairo_line_to(cr, tx - ux * head + uy * head * 0.6, ty - uy * head - ux * head * 0.6);
    cairo_close_path(cr);
    set_colour(cr, ink);
    cairo_fill(cr);
  }
  cairo_restore(cr);
}

}  // namespace scribe::render
