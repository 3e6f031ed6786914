// Druid diagrams, the board: layout, cells, edge strips, Walk target marks and coordinates.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>

#include "render/games/druid/druid_diagram_parts.hpp"

namespace scribe::render::druid::detail {

Layout make_layout(const DruidState& st, const DiagramRequest& req) {
  Layout l;
  l.st = &st;
  l.b = &st.board();
  l.hex = l.b->kind != BoardKind::kSquare;
  l.full = req.style == "full";
  l.iso = req.style == "iso" || req.style == "iso-print";
  l.print = req.style == "print" || req.style == "iso-print";
  l.flip = req.flip;
  l.dark = dark_theme(req) && !l.print;
  if (l.hex) {
    l.s = kHexSide;
    double minx = 1e9, maxx = -1e9, miny = 1e9, maxy = -1e9;
    for (const auto& p : l.b->centres) {
      minx = std::min(minx, p.x * l.s);
      maxx = std::max(maxx, p.x * l.s);
      miny = std::min(miny, p.y * l.s);
      maxy = std::max(maxy, p.y * l.s);
    }
    const double h = kSqrt3 / 2 * l.s;
    l.minx = minx - l.s;
    l.maxy = maxy + h;
    l.board_w = maxx - minx + 2 * l.s;
    l.board_h = maxy - miny + 2 * h;
  } else {
    l.board_w = l.board_h = l.b->size;
  }
  if (l.full) l.top += kTitle;
  if (l.iso) {
    int hmax = 0;
    for (int x = 0; x < l.b->num_cells; ++x) hmax = std::max(hmax, st.height(x));
    // Heights scale to the tallest stack: a stack never rises more than kIsoLift above its
    // cell, so it never hides the whole row behind it and the view keeps its size.
    l.unit = std::min(kIsoUnit, kIsoLift / std::max(1, hmax));
    l.lift = hmax * l.unit;
  }
  l.width = l.board_w + 2 * kMargin;
  l.height = l.top + l.lift + l.board_h + kMargin;  // the caption goes below
  return l;
}

// Adds the outline of a cell (square or hexagon) scaled by `k` around its centre.
void cell_path(Canvas& cv, const Layout& l, int cell, double k, double dy) {
  auto [cx, cy] = l.centre(cell);
  cy -= dy;
  if (!l.hex) {
    const double half = 0.5 * k;
    cv.rectangle(cx - half, cy - half, 2 * half, 2 * half);
    return;
  }
  const double r = l.s * k;
  for (int i = 0; i < 6; ++i) {
    const double a = M_PI / 3 * i;
    const double x = cx + r * std::cos(a), y = cy - r * std::sin(a);
    if (i == 0)
      cv.move_to(x, y);
    else
      cv.line_to(x, y);
  }
  cv.close_path();
}

// Fills the current path with `fill` and strokes it with `line` of width `w`.
void fill_stroke(Canvas& cv, const Colour& fill, const Colour& line, double w) {
  cv.set_colour(fill);
  cv.fill_preserve();
  cv.set_colour(line);
  cv.set_line_width(w);
  cv.stroke();
}

void stone_fill(Canvas& cv, const Layout& l, char letter, const Colour& line, double w) {
  if (!l.print) {
    fill_stroke(cv, side_colour(letter), line, w);
    return;
  }
  print_fill_stroke(cv, print_fill_of(letter), l.hex ? 0.1 : 0.12, w);
}

Colour ink_on(const Layout& l, char letter) {
  if (l.print) return print_ink_on(print_fill_of(letter));
  return wants_light_text(side_colour(letter)) ? kWhite : kText;
}

void highlight_stroke(Canvas& cv, const Layout& l, double w) {
  if (l.print) {
    // Black and white: a heavy dashed outline on a solid white rim, so that the last move
    // never reads as the winning path's solid band, nor as a stone's thin outline.
    static constexpr double kDashes[] = {0.2, 0.1};
    cv.set_colour(kPrintPaper);
    cv.set_line_width(w * 2.6);
    cv.stroke_preserve();
    cv.set_colour(kPrintInk);
    cv.set_line_width(w * 1.5);
    cv.set_dash(kDashes, 2, 0);
    cv.stroke();
    cv.set_dash(nullptr, 0, 0);
    return;
  }
  // A rim under the mark keeps it apart from any stone: dark under yellow.
  cv.set_colour(kDark);
  cv.set_line_width(w * 1.9);
  cv.stroke_preserve();
  cv.set_colour(kHighlight);
  cv.set_line_width(w);
  cv.stroke();
}

void highlight_ring(Canvas& cv, const Layout& l, int cell, double dy) {
  cell_path(cv, l, cell, 0.9, dy);
  highlight_stroke(cv, l, 0.1);
}

void draw_numeral(Canvas& cv, const Layout& l, int cell, double x, double y, double size) {
  const DruidState& st = *l.st;
  const char letter = letter_of(l, st.owner(cell));
  if (l.print) print_text_backing(cv, print_fill_of(letter), x, y, size * 0.62);
  if (l.on_path(cell)) {  // a disc of the stone's own colour over the winning path
    cv.new_path();
    cv.arc(x, y, size * 0.62, 0, 2 * M_PI);
    const PrintFill fill = print_fill_of(letter);
    cv.set_colour(!l.print                  ? side_colour(letter)
                   : fill == PrintFill::kBlack ? kPrintInk
                                               : kPrintPaper);
    cv.fill();
  }
  cv.set_colour(ink_on(l, letter));
  draw_text_centred(cv, std::to_string(st.height(cell)), x, y, std::max(size, l.min_text), true);
}

char letter_of(const Layout& l, int side) {
  return l.st->config().letters[static_cast<std::size_t>(side)];
}

// The side letter whose goal an edge is, or 0 for the neutral strips (2-player hex, Y).
char edge_owner(const Layout& l, std::uint8_t bit) {
  const auto& c = l.st->config();
  if (l.b->kind == BoardKind::kY) return 0;
  if (l.b->kind == BoardKind::kHex && c.players == 2) return 0;
  for (int s = 0; s < c.players; ++s)
    if ((c.edge_pair_mask(s) & bit) != 0) return c.letters[static_cast<std::size_t>(s)];
  return 0;
}

// The colour of a side's edge strip, by edge bit (§13 "Edges").
Colour edge_colour(const Layout& l, std::uint8_t bit) {
  const auto& c = l.st->config();
  if (l.b->kind == BoardKind::kY) return hex_colour("#6E6E6E");
  if (l.b->kind == BoardKind::kHex && c.players == 2) {
    // {W, NE, SE} dark, {NW, E, SW} light.
    return (bit & (1 | 4 | 16)) != 0 ? hex_colour("#6E6E6E") : hex_colour("#BDBDBD");
  }
  const char owner = edge_owner(l, bit);
  return owner != 0 ? side_colour(owner) : kCellBorder;
}

// The outward directions of a hexagon edge, in vertex order: edge i joins vertex i and i+1.
constexpr Compass kHexEdgeDir[6] = {Compass::kNE, Compass::kN, Compass::kNW,
                                    Compass::kSW, Compass::kS, Compass::kSE};

// Returns the directions whose boundary edges belong to a side (hex and Y boards).
bool side_owns(const Board& b, std::string_view side, Compass d) {
  (void)b;
  if (side == "w") return d == Compass::kNW || d == Compass::kSW;
  if (side == "nw") return d == Compass::kN || d == Compass::kNW;
  if (side == "ne") return d == Compass::kN || d == Compass::kNE;
  if (side == "e") return d == Compass::kNE || d == Compass::kSE;
  if (side == "se") return d == Compass::kS || d == Compass::kSE;
  if (side == "sw") return d == Compass::kS || d == Compass::kSW;
  return false;
}

// Returns the edge bit that owns the boundary edge of `cell` facing `d`, or 0.
std::uint8_t boundary_owner(const Board& b, int cell, Compass d) {
  if (b.step(cell, d) >= 0) return 0;
  const std::uint8_t bits = b.edges[static_cast<std::size_t>(cell)];
  for (std::size_t i = 0; i < b.edge_names.size(); ++i) {
    const auto bit = static_cast<std::uint8_t>(1u << i);
    if ((bits & bit) != 0 && side_owns(b, b.edge_names[i], d)) return bit;
  }
  return 0;
}

// Calls f(x0, y0, x1, y1, edge_bit, nx, ny) for every boundary segment of the board, with
// (nx, ny) the unit normal pointing out of the board.
template <typename F>
void for_each_boundary(const Layout& l, F f) {
  const Board& b = *l.b;
  if (!l.hex) {
    const double x0 = l.left, y0 = l.top + l.lift, n = b.size;
    // Turned, the north edge is at the bottom and the west edge on the right.
    const char* top = l.flip ? "s" : "n";
    const char* bottom = l.flip ? "n" : "s";
    const char* left = l.flip ? "e" : "w";
    const char* right = l.flip ? "w" : "e";
    f(x0, y0, x0 + n, y0, b.edge_bit(top), 0.0, -1.0);
    f(x0, y0 + n, x0 + n, y0 + n, b.edge_bit(bottom), 0.0, 1.0);
    f(x0, y0, x0, y0 + n, b.edge_bit(left), -1.0, 0.0);
    f(x0 + n, y0, x0 + n, y0 + n, b.edge_bit(right), 1.0, 0.0);
    return;
  }
  const double t = l.turn();
  for (int x = 0; x < b.num_cells; ++x) {
    auto [cx, cy] = l.centre(x);
    for (int i = 0; i < 6; ++i) {
      const std::uint8_t bit = boundary_owner(b, x, kHexEdgeDir[i]);
      if (bit == 0) continue;
      const double a0 = M_PI / 3 * i, a1 = M_PI / 3 * (i + 1), am = (a0 + a1) / 2;
      f(cx + t * l.s * std::cos(a0), cy - t * l.s * std::sin(a0), cx + t * l.s * std::cos(a1),
        cy - t * l.s * std::sin(a1), bit, t * std::cos(am), -t * std::sin(am));
    }
  }
}

void frame_segment_path(Canvas& cv, const Layout& l, double x0, double y0, double x1,
                        double y1) {
  cv.new_path();
  cv.move_to(x0, y0);
  cv.line_to(x1, y1);
  if (l.lift > 0) {
    cv.line_to(x1, y1 - l.lift);
    cv.line_to(x0, y0 - l.lift);
    cv.close_path();
  }
}

// Strokes (and in the iso views fills) a frame segment in the current colour and line width.
void stroke_frame_segment(Canvas& cv, const Layout& l, double x0, double y0, double x1,
                          double y1) {
  frame_segment_path(cv, l, x0, y0, x1, y1);
  if (l.lift > 0) cv.fill_preserve();
  cv.stroke();
}

double frame_y(const Layout& l, double y, double ny) { return ny < -1e-9 ? y - l.lift : y; }

// Print: a player's strip is black, white with black rims, or white with black hatch ticks.
void draw_edges_print(Canvas& cv, const Layout& l) {
  cv.set_line_cap(LineCap::kRound);
  for (int pass = 0; pass < 3; ++pass)
    for_each_boundary(
        l, [&](double x0, double y0, double x1, double y1, std::uint8_t bit, double nx, double ny) {
          const char owner = edge_owner(l, bit);
          const PrintFill fill = owner != 0 ? print_fill_of(owner) : PrintFill::kBlack;
          if (pass == 2) {
            // The hatch ticks across a patterned strip.
            if (fill != PrintFill::kHatch && fill != PrintFill::kDots) return;
            if (std::abs(ny) < 1e-9 && l.lift > 0) {  // an upright edge: ticks up its sweep
              if (y0 < y1)
                y0 -= l.lift;
              else
                y1 -= l.lift;
            } else {
              y0 = frame_y(l, y0, ny), y1 = frame_y(l, y1, ny);
            }
            const double len = std::hypot(x1 - x0, y1 - y0);
            const double ux = (x1 - x0) / len, uy = (y1 - y0) / len;
            cv.set_colour(kPrintInk);
            cv.set_line_width(0.025);
            for (double d = 0.05; d < len; d += 0.1) {
              const double px = x0 + ux * d, py = y0 + uy * d;
              cv.move_to(px + nx * 0.02, py + ny * 0.02);
              cv.line_to(px + nx * (kStrip - 0.02) + ux * 0.08,
                            py + ny * (kStrip - 0.02) + uy * 0.08);
            }
            cv.stroke();
            return;
          }
          // Pass 0: a black rim under every strip; pass 1: the white body of the light strips.
          // The neutral strips of the 2-player hex and the Y board stay grey as in colour.
          Colour c = kPrintInk;
          if (owner == 0) c = edge_colour(l, bit);
          if (pass == 1 && owner != 0 && fill == PrintFill::kBlack) return;
          if (pass == 1 && owner == 0) return;
          cv.set_colour(pass == 0 ? c : kPrintPaper);
          cv.set_line_width(2 * kStrip + (pass == 0 ? 0.06 : -0.06));
          stroke_frame_segment(cv, l, x0, y0, x1, y1);
        });
  cv.set_line_cap(LineCap::kButt);
}

void draw_edges(Canvas& cv, const Layout& l) {
  if (l.print) {
    draw_edges_print(cv, l);
    return;
  }
  cv.set_line_cap(LineCap::kRound);
  // Stroked twice as wide as the strip: the board covers the inner half. A light strip (O's)
  // gets a dark rim first so that it shows on white.
  for (int pass = 0; pass < 2; ++pass)
    for_each_boundary(
        l, [&](double x0, double y0, double x1, double y1, std::uint8_t bit, double, double) {
          const Colour c = edge_colour(l, bit);
          const bool light = !wants_light_text(c) && c.r > 0.9;
          if (pass == 0 && !light) return;
          cv.set_colour(pass == 0 ? kDark : c);
          cv.set_line_width(2 * kStrip + (pass == 0 ? 0.06 : 0.0));
          stroke_frame_segment(cv, l, x0, y0, x1, y1);
        });
  cv.set_line_cap(LineCap::kButt);
}

// Adds a five-pointed star path centred on (x, y).
void star_path(Canvas& cv, double x, double y, double r) {
  for (int i = 0; i < 10; ++i) {
    const double a = -M_PI / 2 + M_PI / 5 * i, rr = i % 2 == 0 ? r : r * 0.45;
    if (i == 0)
      cv.move_to(x + rr * std::cos(a), y + rr * std::sin(a));
    else
      cv.line_to(x + rr * std::cos(a), y + rr * std::sin(a));
  }
  cv.close_path();
}

// Walk: a row of star marks on each druid's target edge, in the druid's colour.
void draw_targets(Canvas& cv, const Layout& l) {
  const auto& c = l.st->config();
  if (!c.walk) return;
  for (int s = 0; s < c.players; ++s) {
    if (l.st->druid_cell(s) < 0) continue;
    const std::uint8_t target = l.st->druid_target(s);
    const char letter = c.letters[static_cast<std::size_t>(s)];
    const Colour rim = l.print ? print_ink_on(print_fill_of(letter))
                       : wants_light_text(side_colour(letter)) ? kWhite
                                                                : kDark;
    for_each_boundary(
        l, [&](double x0, double y0, double x1, double y1, std::uint8_t bit, double nx, double ny) {
          if (bit != target) return;
          const double len = std::hypot(x1 - x0, y1 - y0);
          const int n = std::max(1, static_cast<int>(std::lround(len / 0.5)));
          for (int k = 0; k < n; ++k) {
            const double t = (k + 0.5) / n;
            const double x = x0 + (x1 - x0) * t + nx * kStrip / 2;
            const double y = frame_y(l, y0 + (y1 - y0) * t + ny * kStrip / 2, ny);
            star_path(cv, x, y, 0.13);
            stone_fill(cv, l, letter, rim, 0.025);
          }
        });
  }
}

void draw_cells(Canvas& cv, const Layout& l) {
  const Colour board = l.print ? kPrintPaper : kBoard;
  const Colour border = l.print ? kPrintGrey : kCellBorder;
  if (!l.hex || l.lift > 0) {
    cv.set_colour(board);
    floor_path(cv, l);
    cv.fill();
  }
  for (int x = 0; x < l.b->num_cells; ++x) {
    cell_path(cv, l, x, 1.0);
    fill_stroke(cv, board, border, 0.03);
  }
}

// Iso: how far above its ground position a label over the top row goes to clear every stack
// (the same for every column, so the letters share one baseline; 0 in the flat views).
double label_clearance(const Layout& l) { return l.lift; }

void draw_coordinates(Canvas& cv, const Layout& l) {
  cv.set_colour(l.print ? kPrintInk : l.dark ? kDarkInk : kText);
  const Board& b = *l.b;
  const double fs = std::max(0.34, l.min_text);
  if (!l.hex) {
    // Letters above and below each column, numbers beside each row, following the turn.
    const int n = b.size;
    for (int c = 0; c < n; ++c) {
      const std::string t(1, static_cast<char>('A' + c));
      const int low = b.index(c, 1), high = b.index(c, n);
      const int upper = l.flip ? low : high, lower = l.flip ? high : low;
      auto [ux, uy] = l.centre(upper);
      auto [lx, ly] = l.centre(lower);
      draw_text_centred(cv, t, ux, uy - 0.5 - kMargin / 2 - 0.05 - label_clearance(l), fs);
      draw_text_centred(cv, t, lx, ly + 0.5 + kMargin / 2 + 0.05, fs);
    }
    for (int r = 1; r <= n; ++r) {
      const std::string t = std::to_string(r);
      const double y = l.centre(b.index(0, r)).second;
      draw_text_centred(cv, t, l.left - kMargin / 2 - 0.05, y, fs);
      draw_text_centred(cv, t, l.left + n + kMargin / 2 + 0.05, y, fs);
    }
    return;
  }
  // Hex and Y: the name of each column's top and bottom cell, as the seed's rim labels: the
  // label of the end drawn higher goes above it, the other below.
  const double h = kSqrt3 / 2 * l.s;
  for (int c = 0; c < b.cols; ++c) {
    const int bottom = b.index(c, 1);
    const int topc = b.index(c, b.column_lengths[static_cast<std::size_t>(c)]);
    for (int end = 0; end < 2; ++end) {
      if (end == 1 && topc == bottom) continue;
      const int cell = end == 0 ? bottom : topc;
      std::string name = b.cell_name(cell);
      name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
      auto [x, y] = l.centre(cell);
      const bool above = (end == 1) != l.flip;
      const double off = h + kStrip + 0.25;
      draw_text_centred(cv, name, x, above ? y - off - label_clearance(l) : y + off,
                        std::max(0.32, l.min_text));
    }
  }
}

}  // namespace scribe::render::druid::detail
