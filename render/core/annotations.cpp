// Annotations (--arrow FROM-TO, --mark CELL): arrows and rings over a diagram, placed through
// the drawer's own cell centres, in a colour of their own (magenta on a white halo; black on a
// white halo in the print styles), sized by the picture so that they read at any size.
#include "render/core/annotations.hpp"

#include <algorithm>
#include <cctype>
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

namespace {

// Where the character at byte `at` of a comment's text stands in the file: the text starts
// right after the comment's `{` or `;`, and its later lines (joined by "\n") at column 1.
notation::SourceSpan place_in_comment(const notation::Comment& c, std::size_t at, std::size_t len) {
  notation::SourceSpan span = c.span;
  std::uint32_t line = c.span.line, col = c.span.col + 1;
  for (std::size_t i = 0; i < at && i < c.text.size(); ++i) {
    const auto b = static_cast<unsigned char>(c.text[i]);
    if (c.text[i] == '\n') {
      ++line;
      col = 1;
    } else if ((b & 0xC0) != 0x80) {  // count characters, not UTF-8 continuation bytes
      ++col;
    }
  }
  span.line = line;
  span.col = col;
  span.len = static_cast<std::uint32_t>(std::max<std::size_t>(1, len));
  return span;
}

// Splits an arrow's cells: "b2-b4", or "b2b4" where exactly one split gives two cells of the
// board. Returns false (with the reason) otherwise.
bool split_arrow(const DiagramDrawer& drawer, const DiagramRequest& request, const std::string& s,
                 std::pair<std::string, std::string>* out, std::string* why) {
  auto known = [&](const std::string& cell) { return drawer.locate(request, cell).has_value(); };
  if (const std::size_t dash = s.find('-'); dash != std::string::npos) {
    *out = {s.substr(0, dash), s.substr(dash + 1)};
    for (const std::string& cell : {out->first, out->second})
      if (!known(cell)) {
        *why = "'" + cell + "' is not a cell of this board";
        return false;
      }
    return true;
  }
  int found = 0;
  for (std::size_t i = 1; i < s.size(); ++i)
    if (known(s.substr(0, i)) && known(s.substr(i))) {
      ++found;
      *out = {s.substr(0, i), s.substr(i)};
    }
  if (found == 1) return true;
  *why = found == 0 ? "'" + s + "' is not two cells of this board (FROM and TO)"
                    : "'" + s + "' splits into two cells in more than one way; write FROM-TO";
  return false;
}

}  // namespace

void add_comment_annotations(const DiagramDrawer& drawer, const notation::Comment& comment,
                             DiagramRequest& request, std::vector<notation::Diagnostic>* warnings) {
  const std::string& t = comment.text;
  auto warn = [&](std::size_t at, std::size_t len, const std::string& message) {
    if (warnings == nullptr) return;
    notation::Diagnostic d;
    d.severity = notation::Severity::kWarning;
    d.code = "render.annotation";
    d.message = message;
    d.span = place_in_comment(comment, at, len);
    warnings->push_back(std::move(d));
  };
  for (std::size_t at = t.find("[%"); at != std::string::npos; at = t.find("[%", at + 1)) {
    const bool arrows = t.compare(at, 5, "[%cal") == 0, rings = t.compare(at, 5, "[%csl") == 0;
    if (!arrows && !rings) continue;  // another command ([%clk ...], [%eval ...]): not ours
    const std::string command = t.substr(at + 1, 4);
    const std::size_t end = t.find(']', at);
    if (end == std::string::npos) {
      warn(at, 5, "[" + command + " is not closed by ']'; its annotations are left out");
      return;
    }
    // The items: comma-separated, spaces around them allowed.
    std::size_t i = at + 5;
    while (i < end) {
      while (i < end && (t[i] == ' ' || t[i] == ',' || t[i] == '\n' || t[i] == '\t')) ++i;
      if (i >= end) break;
      std::size_t j = i;
      while (j < end && t[j] != ',' && t[j] != ' ' && t[j] != '\n' && t[j] != '\t') ++j;
      const std::string item = t.substr(i, j - i);
      const char colour = static_cast<char>(std::toupper(static_cast<unsigned char>(item[0])));
      const std::string cells = item.substr(1);
      if (std::string("GRYB").find(colour) == std::string::npos || item.size() < 2) {
        warn(i, item.size(), command + ": '" + item +
                                 "' does not start with a colour letter (G, R, Y or B) and a cell");
      } else if (arrows) {
        std::pair<std::string, std::string> arrow;
        std::string why;
        if (split_arrow(drawer, request, cells, &arrow, &why)) {
          request.arrow_colours.resize(request.arrows.size(), '\0');
          request.arrows.push_back(arrow);
          request.arrow_colours.push_back(colour);
        } else {
          warn(i + 1, cells.size(), command + ": " + why);
        }
      } else if (drawer.locate(request, cells).has_value()) {
        request.mark_colours.resize(request.marks.size(), '\0');
        request.marks.push_back(cells);
        request.mark_colours.push_back(colour);
      } else {
        warn(i + 1, cells.size(), command + ": '" + cells + "' is not a cell of this board");
      }
      i = j;
    }
  }
}

void draw_annotations(Canvas& cv, const DiagramDrawer& drawer, const DiagramRequest& request) {
  if (request.arrows.empty() && request.marks.empty()) return;
  const Extent e = drawer.extent(request);
  const double unit = sized_length(request, e);
  const bool print = request.style.find("print") != std::string::npos;
  // The ink of an annotation: its comment's colour letter, or magenta; black in print.
  auto ink_of = [&](const std::string& colours, std::size_t i) {
    if (print) return kPrintInk;
    switch (i < colours.size() ? colours[i] : '\0') {
      case 'G': return hex_colour("#2E7D32");
      case 'R': return hex_colour("#C62828");
      case 'Y': return hex_colour("#F9A825");
      case 'B': return hex_colour("#1565C0");
      default: return hex_colour("#C2185B");
    }
  };
  Colour ink = ink_of("", 0);
  cv.save();
  cv.set_line_cap(LineCap::kRound);
  cv.set_line_join(LineJoin::kRound);
  // Strokes the current path twice: a white halo, then the ink.
  auto stroke = [&](double w) {
    cv.set_colour(kPrintPaper);
    cv.set_line_width(w * 2.2);
    cv.stroke_preserve();
    cv.set_colour(ink);
    cv.set_line_width(w);
    cv.stroke();
  };
  for (std::size_t i = 0; i < request.marks.size(); ++i) {
    const auto c = drawer.locate(request, request.marks[i]);
    ink = ink_of(request.mark_colours, i);
    if (!c) continue;
    cv.new_path();
    cv.arc(c->first, c->second, 0.03 * unit, 0, 2 * M_PI);
    stroke(0.006 * unit);
  }
  for (std::size_t i = 0; i < request.arrows.size(); ++i) {
    const auto a = drawer.locate(request, request.arrows[i].first);
    const auto b = drawer.locate(request, request.arrows[i].second);
    ink = ink_of(request.arrow_colours, i);
    if (!a || !b) continue;
    const double dx = b->first - a->first, dy = b->second - a->second;
    const double len = std::hypot(dx, dy);
    if (len <= 0) continue;
    const double ux = dx / len, uy = dy / len, head = 0.03 * unit;
    const double tx = b->first - ux * 0.012 * unit, ty = b->second - uy * 0.012 * unit;
    cv.new_path();
    cv.move_to(a->first, a->second);
    cv.line_to(tx - ux * head * 0.8, ty - uy * head * 0.8);
    cv.move_to(tx - ux * head - uy * head * 0.6, ty - uy * head + ux * head * 0.6);
    cv.line_to(tx, ty);
    cv.line_to(tx - ux * head + uy * head * 0.6, ty - uy * head - ux * head * 0.6);
    cv.close_path();
    stroke(0.009 * unit);
    // The head filled.
    cv.move_to(tx - ux * head - uy * head * 0.6, ty - uy * head + ux * head * 0.6);
    cv.line_to(tx, ty);
    cv.line_to(tx - ux * head + uy * head * 0.6, ty - uy * head - ux * head * 0.6);
    cv.close_path();
    cv.set_colour(ink);
    cv.fill();
  }
  cv.restore();
}

}  // namespace scribe::render
