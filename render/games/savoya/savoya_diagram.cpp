// Savoya / Savoy diagrams (savoya.md §14). All geometry and colours come from the board JSON
// tables (engine/games/savoya/savoya_board.hpp). Drawing order: paths, home tints, bridges,
// last-move arrows and rings, pinned pieces, pieces, badges, then text. The "print" style draws
// the same facts in black and white: the gold path white and the silver path light grey, both
// with black edges; the sets white, black, hatched and dotted (R, L, T, B); home cells marked
// with their set's letter; the last move as white arrows with black edges; a new pin ringed.
// `flip` turns the board 180 degrees (letters and numbers follow; text stays upright).
#include "render/games/savoya/savoya_diagram.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "engine/games/savoya/savoya_state.hpp"
#include "render/core/caption.hpp"
#include "render/core/theme.hpp"

namespace scribe::render::savoya {
namespace {

namespace es = engine::savoya;

constexpr double kMargin = 0.8;
constexpr double kSmallText = 0.47;  // the smallest text: 9.5 px and more at 400 px
constexpr double kBand = 0.8;
constexpr double kEdge = 0.05;
constexpr double kHalo = 0.08;
constexpr double kDisc = 0.62;

// Where a board is drawn.
struct Layout {
  const es::Board* board = nullptr;
  const es::Config* config = nullptr;
  double ox = kMargin;  // top-left corner of the grid
  double oy = kMargin;
  bool print = false;  // style "print": black and white
  bool dark = false;   // the dark theme: a dark page, light text
  bool flip = false;   // the board turned 180 degrees
  double small_text() const { return kSmallText; }
  // The centre of grid column x (1-based) and of grid row y (1-based), in drawer units.
  double col_x(int x) const { return ox + (flip ? board->columns - x + 0.5 : x - 0.5); }
  double row_y(int y) const { return oy + (flip ? y - 0.5 : board->rows - y + 0.5); }
  double cx(int cell) const { return col_x(board->cells[cell].x); }
  double cy(int cell) const { return row_y(board->cells[cell].y); }
  // The colours of a path's band and edge (print: white or light grey, edged in black).
  Colour path_fill(const es::PathInfo& p) const {
    if (!print) return hex_colour(p.colour);
    return p.id == "silver" ? kPrintLight : kPrintPaper;
  }
  Colour path_edge(const es::PathInfo& p) const {
    return print ? kPrintInk : hex_colour(p.outline);
  }
  Colour background() const {
    return print ? kPrintPaper : dark ? kDarkPage : hex_colour("#FAF7F0");
  }
  // The colour of text on the page.
  Colour ink() const { return print ? kPrintInk : dark ? kDarkInk : hex_colour("#222222"); }
  // The side owning set `colour` (seat order), or 0.
  int side_of(int colour) const {
    return config != nullptr && colour >= 0 ? std::max(0, int{config->side_of_colour[colour]}) : 0;
  }
  // The colour of the pieces of set `colour`: one colour per side, that of the side's first set.
  Colour piece_colour(int colour) const {
    if (config == nullptr || colour < 0) return hex_colour(board->sets[std::max(0, colour)].colour);
    const auto& seat = (*config->seats)[static_cast<std::size_t>(side_of(colour))];
    return hex_colour(board->sets[seat.colours.empty() ? colour : seat.colours.front()].colour);
  }
  // The print fill of the pieces of set `colour`: one fill per side.
  PrintFill print_fill(int colour) const { return print_fill_of_side(side_of(colour)); }
};

Colour with_alpha(Colour c, double a) {
  c.a = a;
  return c;
}

bool is_bend(const es::Board& b, int cell) {
  for (const auto& bend : b.bends)
    if (bend.cell == cell) return true;
  return false;
}

// Adds the centre line of `cells` to the current path, rounding bends with radius 0.5.
void trace(Canvas& cv, const Layout& l, const std::vector<std::uint8_t>& cells,
           bool round_bends) {
  const es::Board& b = *l.board;
  const std::size_t n = cells.size();
  // A whole path (round_bends) also covers the outer halves of its two end cells.
  const double ext = round_bends ? 0.5 : 0.0;
  cv.move_to(l.cx(cells[0]) - ext * (l.cx(cells[1]) - l.cx(cells[0])),
                l.cy(cells[0]) - ext * (l.cy(cells[1]) - l.cy(cells[0])));
  for (std::size_t i = 1; i < cells.size(); ++i) {
    const int c = cells[i];
    if (round_bends && i + 1 < cells.size() && is_bend(b, c)) {
      const double x = l.cx(c), y = l.cy(c);
      const double ux = l.cx(c) - l.cx(cells[i - 1]), uy = l.cy(c) - l.cy(cells[i - 1]);
      const double vx = l.cx(cells[i + 1]) - x, vy = l.cy(cells[i + 1]) - y;
      const double k = 0.5 * 0.5523;
      cv.line_to(x - 0.5 * ux, y - 0.5 * uy);
      cv.curve_to(x - 0.5 * ux + k * ux, y - 0.5 * uy + k * uy, x + 0.5 * vx - k * vx,
                     y + 0.5 * vy - k * vy, x + 0.5 * vx, y + 0.5 * vy);
    } else if (i + 1 == n) {
      cv.line_to(l.cx(c) + ext * (l.cx(c) - l.cx(cells[i - 1])),
                    l.cy(c) + ext * (l.cy(c) - l.cy(cells[i - 1])));
    } else {
      cv.line_to(l.cx(c), l.cy(c));
    }
  }
}

// Draws the thin separators across the band between consecutive cells of `cells`.
void separators(Canvas& cv, const Layout& l, const std::vector<std::uint8_t>& cells,
                const Colour& outline) {
  cv.set_colour(outline);
  cv.set_line_width(0.03);
  cv.set_line_cap(LineCap::kButt);
  for (std::size_t i = 1; i < cells.size(); ++i) {
    const double ax = l.cx(cells[i - 1]), ay = l.cy(cells[i - 1]);
    const double bx = l.cx(cells[i]), by = l.cy(cells[i]);
    const double mx = (ax + bx) / 2, my = (ay + by) / 2;
    const double dx = bx - ax, dy = by - ay;
    const double len = std::hypot(dx, dy);
    const double px = -dy / len * kBand / 2, py = dx / len * kBand / 2;
    cv.move_to(mx - px, my - py);
    cv.line_to(mx + px, my + py);
  }
  cv.stroke();
}

// Strokes a band (outline, then fill) along `cells`.
void band(Canvas& cv, const Layout& l, const std::vector<std::uint8_t>& cells,
          const es::PathInfo& path, bool round_bends) {
  cv.set_line_join(LineJoin::kRound);
  cv.set_line_cap(LineCap::kButt);
  trace(cv, l, cells, round_bends);
  cv.set_colour(l.path_edge(path));
  cv.set_line_width(kBand + 2 * kEdge);
  cv.stroke_preserve();
  cv.set_colour(l.path_fill(path));
  cv.set_line_width(kBand);
  cv.stroke();
}

void draw_paths(Canvas& cv, const Layout& l) {
  for (const auto& path : l.board->paths) band(cv, l, path.cells, path, true);
  for (const auto& path : l.board->paths) separators(cv, l, path.cells, l.path_edge(path));
}

void draw_home_tints(Canvas& cv, const Layout& l, const es::Position& p) {
  const es::Board& b = *l.board;
  for (int colour = 0; colour < es::kColours; ++colour) {
    if (!b.sets[colour].present) continue;
    if (l.print) {
      // Print: a dashed square in each home cell, with the set's letter when it is empty.
      const double dash[] = {0.08, 0.06};
      for (std::uint8_t c : b.sets[colour].home) {
        cv.set_colour(kPrintInk);
        cv.set_dash(dash, 2, 0);
        cv.set_line_width(0.03);
        cv.rectangle(l.cx(c) - 0.3, l.cy(c) - 0.3, 0.6, 0.6);
        cv.stroke();
        cv.set_dash(nullptr, 0, 0);
        if (p.cells[c].empty() && p.cells[c].pinned < 0)
          draw_text_centred(cv, std::string(1, es::colour_letter(colour)), l.cx(c), l.cy(c),
                            l.small_text());
      }
      continue;
    }
    cv.set_colour(with_alpha(l.piece_colour(colour), 0.35));
    for (std::uint8_t c : b.sets[colour].home)
      cv.rectangle(l.cx(c) - kBand / 2, l.cy(c) - kBand / 2, kBand, kBand);
    cv.fill();
  }
}

// Redraws the upper strand of every crossing over a halo, so the lower one looks cut.
void draw_bridges(Canvas& cv, const Layout& l) {
  const es::Board& b = *l.board;
  const Colour background = l.background();
  for (const auto& x : b.crossings)
    for (const auto& s : b.cells[x.cell].strands) {
      if (s.axis != x.over) continue;
      const es::PathInfo& path = b.paths[s.path];
      std::vector<std::uint8_t> cells;
      if (s.index > 0) cells.push_back(path.cells[s.index - 1]);
      cells.push_back(x.cell);
      if (s.index + 1u < path.cells.size()) cells.push_back(path.cells[s.index + 1]);
      cv.set_line_cap(LineCap::kButt);
      trace(cv, l, cells, false);
      cv.set_colour(background);
      cv.set_line_width(kBand + 2 * kEdge + 2 * kHalo);
      cv.stroke();
      band(cv, l, cells, path, false);
      separators(cv, l, cells, l.path_edge(path));
    }
}

// Draws an arrowhead at the end of a segment.
void arrowhead(Canvas& cv, double ax, double ay, double bx, double by, double size) {
  const double dx = bx - ax, dy = by - ay;
  const double len = std::hypot(dx, dy);
  if (len == 0) return;
  const double ux = dx / len, uy = dy / len;
  cv.move_to(bx, by);
  cv.line_to(bx - size * ux - size * 0.6 * uy, by - size * uy + size * 0.6 * ux);
  cv.line_to(bx - size * ux + size * 0.6 * uy, by - size * uy - size * 0.6 * ux);
  cv.close_path();
}

void ring(Canvas& cv, const Layout& l, int cell, bool dashed) {
  cv.set_colour(hex_colour("#222222"));
  if (!dashed) {
    filled_ring(cv, l.cx(cell), l.cy(cell), 0.375, 0.05);
    return;
  }
  cv.new_path();
  cv.arc(l.cx(cell), l.cy(cell), 0.375, 0, 2 * M_PI);
  cv.set_line_width(0.05);
  const double dash[] = {0.1, 0.07};
  cv.set_dash(dash, 2, 0);
  cv.stroke();
  cv.set_dash(nullptr, 0, 0);
}

// Draws the routes of the last ply with rings on its from- and to-cells.
// A text label placed during the arrow pass but drawn with the other text.
struct Label {
  std::string text;
  double x = 0, y = 0;
};

void draw_last_move(Canvas& cv, const Layout& l, const es::SavoyaState& st,
                    const std::vector<es::RouteTaken>& routes, std::vector<Label>& labels) {
  const es::LastPly& last = st.last_ply();
  for (std::size_t i = 0; i < routes.size(); ++i) {
    const es::RouteTaken& r = routes[i];
    // An Nx component is drawn once.
    int count = 1;
    if (i > 0 && routes[i - 1].from == r.from && routes[i - 1].to == r.to) continue;
    while (i + count < routes.size() && routes[i + count].from == r.from &&
           routes[i + count].to == r.to)
      ++count;
    const es::Stack& now = st.position().cells[r.to];
    const Colour colour = l.piece_colour(now.top >= 0 ? now.top : 0);
    ring(cv, l, r.from, true);
    ring(cv, l, r.to, false);
    cv.set_line_join(LineJoin::kRound);
    cv.set_line_cap(LineCap::kRound);
    const std::size_t n = r.cells.size();
    const double ex = l.cx(r.cells[n - 1]), ey = l.cy(r.cells[n - 1]);
    const double px = l.cx(r.cells[n - 2]), py = l.cy(r.cells[n - 2]);
    // The arrowhead's tip touches the to-cell's ring; the line stops short of the tip.
    const double len = std::hypot(ex - px, ey - py);
    const double hx = ex - (ex - px) / len * 0.38, hy = ey - (ey - py) / len * 0.38;
    const double tx = ex - (ex - px) / len * 0.58, ty = ey - (ey - py) / len * 0.58;
    for (int pass = 0; pass < 2; ++pass) {
      cv.move_to(l.cx(r.cells[0]), l.cy(r.cells[0]));
      for (std::size_t k = 1; k + 1 < n; ++k) cv.line_to(l.cx(r.cells[k]), l.cy(r.cells[k]));
      cv.line_to(tx, ty);
      // Print: a white arrow with a black edge.
      const Colour body = l.print ? kPrintPaper : with_alpha(colour, 0.7);
      cv.set_colour(pass == 0 ? hex_colour("#222222") : body);
      cv.set_line_width(pass == 0 ? 0.18 : 0.12);
      cv.stroke();
      arrowhead(cv, px, py, hx, hy, pass == 0 ? 0.34 : 0.28);
      cv.set_colour(pass == 0   ? hex_colour("#222222")
                     : l.print ? kPrintPaper
                               : with_alpha(colour, 0.85));
      cv.fill();
    }
    if (count > 1) labels.push_back({"\xC3\x97" + std::to_string(count), ex + 0.4, ey - 0.45});
  }
  (void)last;
}

// A piece disc of set `colour`: its colour, or its b/w fill in print.
void disc(Canvas& cv, const Layout& l, double x, double y, int colour) {
  cv.new_path();
  cv.arc(x, y, kDisc / 2, 0, 2 * M_PI);
  if (l.print) {
    print_fill_stroke(cv, l.print_fill(colour), 0.09, 0.045);
    return;
  }
  cv.new_path();
  outlined_disc(cv, x, y, kDisc / 2, l.piece_colour(colour), hex_colour("#222222"), 0.035);
}

// The key of a part of cell c's drawing (Canvas::begin_part): its kind, the cell's centre and
// the numbers the part is drawn from.
std::string_view cell_part_key(char kind, const Layout& l, int c, double a, double b = 0,
                               double d = 0) {
  return part_key(kind, {l.cx(c), l.cy(c), a, b, d});
}

// A pinned piece of set `colour` under cell c's stack, offset so that a crescent shows.
void draw_pinned(Canvas& cv, const Layout& l, int c, int colour) {
  if (!cv.begin_part(cell_part_key('p', l, c, colour))) return;
  disc(cv, l, l.cx(c) - 0.14, l.cy(c) + 0.14, colour);
  cv.end_part();
}

// The top piece of cell c's stack (set `top`) with its set's letter.
void draw_top(Canvas& cv, const Layout& l, int c, int top) {
  if (!cv.begin_part(cell_part_key('t', l, c, top))) return;
  disc(cv, l, l.cx(c), l.cy(c), top);
  // White letters, dark on amber; print: black, white on black, on a white backing.
  const bool amber = !wants_light_text(l.piece_colour(top));
  if (l.print) {
    const PrintFill fill = l.print_fill(top);
    print_text_backing(cv, fill, l.cx(c), l.cy(c), 0.15);
    cv.set_colour(print_ink_on(fill));
  } else {
    cv.set_colour(amber ? hex_colour("#222222") : Colour{1, 1, 1, 1});
  }
  draw_text_centred(cv, std::string(1, es::colour_letter(top)), l.cx(c), l.cy(c), l.small_text(),
                    true);
  cv.end_part();
}

// Cell c's pin mark (red when `fresh`: pinned by the last move) and its count's badge.
void draw_marks(Canvas& cv, const Layout& l, int c, const es::Stack& s, bool fresh) {
  if (s.pinned < 0 && s.count < 2) return;
  if (!cv.begin_part(cell_part_key('m', l, c, s.pinned >= 0, fresh, s.count))) return;
  if (s.pinned >= 0) {
    cv.new_path();
    const double x = l.cx(c) - 0.3, y = l.cy(c) - 0.3;
    cv.move_to(x - 0.08, y - 0.08);
    cv.line_to(x + 0.08, y + 0.08);
    cv.set_colour(fresh && !l.print ? hex_colour("#D32F2F") : hex_colour("#222222"));
    cv.set_line_width(0.05);
    cv.stroke();
    cv.arc(x - 0.08, y - 0.08, 0.055, 0, 2 * M_PI);
    cv.fill();
    if (fresh && l.print) {  // print: a new pin's head is ringed instead of red
      cv.arc(x - 0.08, y - 0.08, 0.11, 0, 2 * M_PI);
      cv.set_line_width(0.03);
      cv.stroke();
    }
  }
  if (s.count >= 2) {
    // The badge: a white pill at the lower right, as wide as its number.
    const std::string n = std::to_string(s.count);
    const double x = l.cx(c) + 0.32, y = l.cy(c) + 0.32, r = 0.21;
    const double half = std::max(0.0, text_advance(cv, n, l.small_text(), true) / 2 + 0.07 - r);
    cv.new_path();
    cv.arc(x + half, y, r, -M_PI / 2, M_PI / 2);
    cv.arc(x - half, y, r, M_PI / 2, 3 * M_PI / 2);
    cv.close_path();
    cv.set_colour(Colour{1, 1, 1, 1});
    cv.fill_preserve();
    cv.set_colour(hex_colour("#222222"));
    cv.set_line_width(0.03);
    cv.stroke();
    draw_text_centred(cv, n, x, y, l.small_text(), true);
  }
  cv.end_part();
}

// The pieces in three layers: pinned pieces, the stacks' top pieces, then pin marks and badges.
// Each cell's share of a layer is a part (Canvas::begin_part): a replay page draws it once.
void draw_pieces(Canvas& cv, const Layout& l, const es::SavoyaState& st, bool mark_new_pins) {
  const es::Board& b = *l.board;
  const es::Position& p = st.position();
  const es::LastPly& last = st.last_ply();
  for (int c = 0; c < b.num_cells; ++c)
    if (p.cells[c].pinned >= 0) draw_pinned(cv, l, c, p.cells[c].pinned);
  for (int c = 0; c < b.num_cells; ++c)
    if (!p.cells[c].empty()) draw_top(cv, l, c, p.cells[c].top);
  for (int c = 0; c < b.num_cells; ++c) {
    const es::Stack& s = p.cells[c];
    if (s.empty()) continue;
    const bool fresh =
        s.pinned >= 0 && mark_new_pins && last.valid && last.before.cells[c].pinned != s.pinned;
    draw_marks(cv, l, c, s, fresh);
  }
}

void draw_coordinates(Canvas& cv, const Layout& l) {
  const es::Board& b = *l.board;
  cv.set_colour(l.print ? kPrintInk : l.dark ? kDarkInk : hex_colour("#3A3A3A"));
  for (int x = 1; x <= b.columns; ++x) {
    const std::string s(1, static_cast<char>('a' + x - 1));
    draw_text_centred(cv, s, l.col_x(x), l.oy - kMargin / 2, l.small_text());
    draw_text_centred(cv, s, l.col_x(x), l.oy + b.rows + kMargin / 2, l.small_text());
  }
  for (int y = 1; y <= b.rows; ++y) {
    const std::string s = std::to_string(y);
    draw_text_centred(cv, s, l.ox - kMargin / 2, l.row_y(y), l.small_text());
    draw_text_centred(cv, s, l.ox + b.columns + kMargin / 2, l.row_y(y), l.small_text());
  }
}

// Draws one die face `d` units across (value 0 = unknown "?") with its top-left corner at (x, y).
void die_face(Canvas& cv, double x, double y, double d, int value, double alpha) {
  const double r = d / 6;
  cv.new_path();
  cv.arc(x + d - r, y + r, r, -M_PI / 2, 0);
  cv.arc(x + d - r, y + d - r, r, 0, M_PI / 2);
  cv.arc(x + r, y + d - r, r, M_PI / 2, M_PI);
  cv.arc(x + r, y + r, r, M_PI, 3 * M_PI / 2);
  cv.close_path();
  cv.set_colour(Colour{1, 1, 1, alpha});
  cv.fill_preserve();
  cv.set_colour(Colour{0.13, 0.13, 0.13, alpha});
  cv.set_line_width(d / 20);
  cv.stroke();
  if (value == 0) {
    draw_text_centred(cv, "?", x + d / 2, y + d / 2, d * 0.8, true);
    return;
  }
  static constexpr int kPips[7][6][2] = {
      {}, {{1, 1}}, {{0, 0}, {2, 2}}, {{0, 0}, {1, 1}, {2, 2}}, {{0, 0}, {2, 0}, {0, 2}, {2, 2}},
      {{0, 0}, {2, 0}, {1, 1}, {0, 2}, {2, 2}}, {{0, 0}, {2, 0}, {0, 1}, {2, 1}, {0, 2}, {2, 2}}};
  for (int i = 0; i < value; ++i) {
    cv.new_path();
    cv.arc(x + d * (0.23 + 0.27 * kPips[value][i][0]),
              y + d * (0.23 + 0.27 * kPips[value][i][1]), d * 0.09, 0, 2 * M_PI);
    cv.fill();
  }
}

// The dice the strip shows before the move text: how many.
int dice_shown(const es::SavoyaState& st, const DiagramRequest& req) {
  const es::LastPly& last = st.last_ply();
  if (req.ply == 0 || !last.valid) return 0;
  return last.dice_known ? last.dice.n : 2;
}

// The caption: "12. Vert (6-3) f15-f6", the dice, the side to move or the result, the players.
CaptionText savoya_caption(const es::SavoyaState& st, const DiagramRequest& req) {
  std::vector<std::string> sides;
  for (int s = 0; s < st.config().num_sides(); ++s) sides.push_back(st.config().side_name(s));
  CaptionText text = caption_of(req, sides);
  const es::LastPly& last = st.last_ply();
  if (req.ply > 0 && last.valid) {
    const std::string roll = last.dice_known ? last.dice.text() : "?";
    text.move = std::to_string(req.ply) + ". " + req.last_mover + " (" + roll + ") " +
                req.last_move;
  }
  text.note = st.config().board->banner;
  // The dice go first, at the caption's left edge, so that they stay in one place from ply to
  // ply (a replay page draws each face there once).
  const int dice = dice_shown(st, req);
  text.move_extra = dice * 1.15 + 0.3;
  text.move_indent = dice > 0 ? dice * 1.15 + 0.25 : 0;
  if (req.style == "full") text.position = st.position_text();
  return text;
}

// The height of the board part (grid and margins) above the caption.
double board_height(const es::Board& b) { return b.rows + 2 * kMargin; }

void draw_strip(Canvas& cv, const Layout& l, const es::SavoyaState& st,
                const DiagramRequest& req, std::uint8_t used_mask, double width) {
  const es::Board& b = *l.board;
  const double top = board_height(b);
  const CaptionText text = savoya_caption(st, req);
  const CaptionLayout cl = layout_caption(text, width, top);
  const Colour ink = l.ink();
  draw_caption(cv, text, cl, top, width, ink);
  double dx = caption_left(cl);
  // Dice: played solid, forfeited faint; a double shows four dice.
  const es::LastPly& last = st.last_ply();
  const double d = cl.em, dy = caption_first_baseline(cl, top) - 0.86 * cl.em;
  for (int i = 0; i < dice_shown(st, req); ++i) {
    const bool played = last.dice_known && !last.pass && ((used_mask >> i) & 1);
    die_face(cv, dx, dy, d, last.dice_known ? last.dice.v[i] : 0,
             played || !last.dice_known ? 1.0 : 0.4);
    dx += 1.15 * d;
  }
}

class SavoyaDrawer final : public DiagramDrawer {
 public:
  Extent extent(const DiagramRequest& req) const override {
    const auto* st = dynamic_cast<const es::SavoyaState*>(req.state);
    if (st == nullptr) return {4, 2};
    const es::Board& b = *st->config().board;
    const double width = b.columns + 2 * kMargin;
    const CaptionLayout cl = layout_caption(savoya_caption(*st, req), width, board_height(b));
    return {width, board_height(b) + cl.height};
  }

  void draw(Canvas& cv, const DiagramRequest& req) const override {
    const auto* st = dynamic_cast<const es::SavoyaState*>(req.state);
    if (st == nullptr) return;
    const Extent e = extent(req);
    Layout l;
    l.board = st->config().board;
    l.config = &st->config();
    l.print = req.style == "print";
    l.dark = dark_theme(req) && !l.print;
    l.flip = req.flip;
    // The page, paths, home tints and bridges do not change from ply to ply, except in print
    // where an empty home cell shows its set's letter: then the key lists the empty ones.
    std::string empty_homes;
    if (l.print)
      for (int colour = 0; colour < es::kColours; ++colour)
        if (l.board->sets[colour].present)
          for (std::uint8_t c : l.board->sets[colour].home) {
            const auto& cell = st->position().cells[c];
            empty_homes += cell.empty() && cell.pinned < 0 ? '1' : '0';
          }
    if (cv.begin_static(static_key(req, empty_homes))) {
      if (!req.transparent) {
        cv.set_colour(l.background());
        cv.rectangle(0, 0, e.width, e.height);
        cv.fill();
      }
      draw_paths(cv, l);
      draw_home_tints(cv, l, st->position());
      draw_bridges(cv, l);
      // The coordinates sit in the margin, clear of the pieces and marks drawn later.
      if (req.coordinates) draw_coordinates(cv, l);
      cv.end_static();
    }
    const es::LastPly& last = st->last_ply();
    std::uint8_t used = 0;
    std::vector<Label> labels;
    const bool show_last = req.highlight_last && req.ply > 0 && last.valid && !last.pass;
    if (last.valid && !last.pass) {
      const bool won = st->result_code() == last.side;
      const es::Dice dice = last.dice_known ? last.dice : es::Dice{};
      const auto routes =
          es::routes_of_play(st->config(), last.before, dice, last.comps, won, used);
      if (show_last) draw_last_move(cv, l, *st, routes, labels);
    }
    draw_pieces(cv, l, *st, show_last);
    cv.set_colour(l.ink());
    for (const Label& label : labels)
      draw_text_centred(cv, label.text, label.x, label.y, l.small_text(), true);
    draw_strip(cv, l, *st, req, used, e.width);
  }

  std::vector<std::string> styles() const override { return {"flat", "full", "print"}; }

  std::optional<std::pair<double, double>> locate(const DiagramRequest& req,
                                                  std::string_view cell) const override {
    const auto* st = dynamic_cast<const es::SavoyaState*>(req.state);
    if (st == nullptr) return std::nullopt;
    Layout l;
    l.board = st->config().board;
    l.flip = req.flip;
    for (int c = 0; c < l.board->num_cells; ++c) {
      const std::string name = std::string(1, static_cast<char>('a' + l.board->cells[c].x - 1)) +
                               std::to_string(l.board->cells[c].y);
      if (same_cell_name(name, cell)) return std::make_pair(l.cx(c), l.cy(c));
    }
    return std::nullopt;
  }
};

}  // namespace

const DiagramDrawer& savoya_drawer() {
  static const SavoyaDrawer drawer;
  return drawer;
}

}  // namespace scribe::render::savoya
