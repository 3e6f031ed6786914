#include "render/games/druid/druid_diagram.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "render/core/cairo_handles.hpp"
#include "render/core/caption.hpp"
#include "render/games/druid/druid_diagram_parts.hpp"

namespace scribe::render::druid {

namespace {

using namespace detail;  // NOLINT: the drawer's own internal pieces

void bar_path(Canvas& cv, double x0, double y0, double x1, double y1, double w) {
  const double a = std::atan2(y1 - y0, x1 - x0);
  cv.new_sub_path();
  cv.arc(x1, y1, w / 2, a - M_PI / 2, a + M_PI / 2);
  cv.arc(x0, y0, w / 2, a + M_PI / 2, a + 3 * M_PI / 2);
  cv.close_path();
}

double bar_width(const Layout& l) { return l.hex ? 0.62 * l.s * kSqrt3 : 0.62; }

void draw_sarsen(Canvas& cv, const Layout& l, int x, int side, double dy) {
  const char letter = letter_of(l, side);
  cell_path(cv, l, x, l.hex ? 0.86 : 0.84, dy);
  {
    // A square stone's outline with mitred corners: Cairo strokes a rectangle with mitre joins
    // as boxes, several times faster than with the diagram's round joins (half the time of a
    // PNG of a late Druid position went there); the corners differ by under half a pixel.
    SavedState keep(cv);
    if (!l.hex) cv.set_line_join(LineJoin::kMiter);
    stone_fill(cv, l, letter, letter == 'O' ? kDark : kOutline, l.print ? 0.04 : 0.03);
  }
  if (l.st->config().nostack) {
    auto [cx, cy] = l.centre(x);
    const double off = l.hex ? 0.45 * l.s : 0.28;
    cv.set_colour(kWhite);
    cv.arc(cx - off, cy - dy - off * 0.8, 0.06, 0, 2 * M_PI);
    cv.fill_preserve();
    if (letter == 'O' || l.print) {
      cv.set_colour(l.print ? kPrintInk : kDark);
      cv.set_line_width(0.015);
      cv.stroke();
    }
    cv.new_path();
  }
}

void draw_lintel(Canvas& cv, const Layout& l, const engine::druid::Lintel& ln, double dy) {
  auto [x0, y0] = l.centre(ln.a);
  auto [x1, y1] = l.centre(ln.b);
  y0 -= dy;
  y1 -= dy;
  const double w = bar_width(l);
  bar_path(cv, x0, y0, x1, y1, w);
  const char letter = letter_of(l, ln.side);
  stone_fill(cv, l, letter, kOutline, l.print ? 0.05 : 0.04);
  // Bridge ticks where the middle has a gap directly under the bar.
  if (engine::druid::unit_kind(l.st->unit_at(ln.m, ln.level - 1)) == UnitKind::kGap) {
    auto [mx, my] = l.centre(ln.m);
    my -= dy;
    const double a = std::atan2(y1 - y0, x1 - x0);
    const double ux = std::cos(a), uy = std::sin(a);  // along the bar
    const double px = -uy, py = ux;                   // across the bar
    for (double off : {-0.3, 0.3}) {
      cv.move_to(mx + ux * off - px * w * 0.3, my + uy * off - py * w * 0.3);
      cv.line_to(mx + ux * off + px * w * 0.3, my + uy * off + py * w * 0.3);
    }
    if (l.print && print_fill_of(letter) == PrintFill::kHatch) {
      // On hatching: black ticks on a white underlay.
      cv.set_colour(kPrintPaper);
      cv.set_line_width(0.12);
      cv.stroke_preserve();
    }
    cv.set_colour(l.print ? ink_on(l, letter) : letter == 'O' ? kDark : kWhite);
    cv.set_line_width(0.05);
    cv.stroke();
  }
}

// Flat style: every level from the bottom, sarsens then lintels.
void draw_stones_flat(Canvas& cv, const Layout& l) {
  const DruidState& st = *l.st;
  int hmax = 0;
  for (int x = 0; x < l.b->num_cells; ++x) hmax = std::max(hmax, st.height(x));
  std::vector<const engine::druid::Lintel*> by_level;
  for (int level = 1; level <= hmax; ++level) {
    for (int x = 0; x < l.b->num_cells; ++x) {
      if (st.height(x) < level) continue;
      const std::uint8_t u = st.unit_at(x, level);
      // A sarsen right under another sarsen is hidden by it (the same square or hexagon):
      // only the top one is drawn.
      const bool covered = st.height(x) > level &&
                           engine::druid::unit_kind(st.unit_at(x, level + 1)) == UnitKind::kSarsen;
      if (engine::druid::unit_kind(u) != UnitKind::kSarsen || covered) continue;
      // Each stone is a part (Canvas::begin_part): a replay page draws it once.
      const auto [cx, cy] = l.centre(x);
      if (cv.begin_part(part_key('s', {cx, cy, l.s, double(engine::druid::unit_side(u))}))) {
        draw_sarsen(cv, l, x, engine::druid::unit_side(u), 0);
        cv.end_part();
      }
    }
    for (const auto& ln : st.lintels()) {
      if (ln.level != level) continue;
      const auto [ax, ay] = l.centre(ln.a);
      const auto [bx, by] = l.centre(ln.b);
      const bool bridge =
          engine::druid::unit_kind(st.unit_at(ln.m, ln.level - 1)) == UnitKind::kGap;
      if (cv.begin_part(part_key('l', {ax, ay, bx, by, l.s, double(ln.side), double(bridge)}))) {
        draw_lintel(cv, l, ln, 0);
        cv.end_part();
      }
    }
  }
}

// Flat views: every cell's height at its centre (beside the druid where one stands).
void draw_numerals(Canvas& cv, const Layout& l) {
  const DruidState& st = *l.st;
  for (int x = 0; x < l.b->num_cells; ++x) {
    if (st.height(x) == 0) continue;
    auto [cx, cy] = l.centre(x);
    bool druid = false;
    for (int s = 0; s < st.config().players; ++s) druid = druid || st.druid_cell(s) == x;
    if (druid) {  // keep the numeral clear of the druid
      cx += l.hex ? 0.32 : 0.34;
      cy += l.hex ? 0.12 : 0.3;
    }
    const double size = druid ? 0.32 : 0.36;
    if (cv.begin_part(part_key('n', {cx, cy, size, l.min_text, double(st.height(x)),
                                     double(st.owner(x)), double(l.on_path(x))}))) {
      draw_numeral(cv, l, x, cx, cy, size);
      cv.end_part();
    }
  }
}

void draw_druids(Canvas& cv, const Layout& l) {
  const DruidState& st = *l.st;
  const double unit = l.unit;
  for (int s = 0; s < st.config().players; ++s) {
    const int x = st.druid_cell(s);
    if (x < 0) continue;
    auto [cx, cy] = l.centre(x);
    cy -= st.height(x) * unit;
    const double h = 0.66;
    const char letter = letter_of(l, s);
    const Colour col = side_colour(letter);
    // A pawn: a base, a tapered body and a round head.
    const double base_y = cy + h / 2, head_r = h * 0.17, head_y = cy - h / 2 + head_r;
    cv.new_path();
    cv.move_to(cx - h * 0.36, base_y);
    cv.line_to(cx + h * 0.36, base_y);
    cv.line_to(cx + h * 0.14, head_y + head_r * 0.6);
    cv.line_to(cx - h * 0.14, head_y + head_r * 0.6);
    cv.close_path();
    cv.new_sub_path();
    cv.arc(cx, head_y, head_r, 0, 2 * M_PI);
    if (l.print) {
      // A white halo keeps the figure apart from the stone it stands on.
      cv.set_colour(kPrintPaper);
      cv.set_line_width(0.12);
      cv.stroke_preserve();
      stone_fill(cv, l, letter, kPrintInk, 0.04);
      print_text_backing(cv, print_fill_of(letter), cx, base_y - h * 0.2, 0.1);
      cv.set_colour(ink_on(l, letter));
    } else {
      cv.set_colour(col);
      cv.fill_preserve();
      cv.set_colour(letter == 'O' ? kDark : kWhite);
      cv.set_line_width(0.04);
      cv.stroke();
      cv.set_colour(wants_light_text(col) ? kWhite : kText);
    }
    draw_text_centred(cv, std::string(1, letter), cx, base_y - h * 0.22, std::max(0.3, l.min_text),
                      true);
  }
}

// Flat views: the rings of the last placed stone, and the outline of a lintel bar.
void draw_last_move(Canvas& cv, const Layout& l, const DiagramRequest& req) {
  const DruidState& st = *l.st;
  const LastMove& lm = st.last_move();
  if (!req.highlight_last || req.ply == 0) return;
  const double unit = l.unit;
  if (lm.kind == LastMove::Kind::kSarsen) {
    highlight_ring(cv, l, lm.a, st.height(lm.a) * unit);
  } else if (lm.kind == LastMove::Kind::kLintel) {
    const int level = st.height(lm.m) >= 1 ? [&] {
      for (const auto& ln : st.lintels())
        if (ln.m == lm.m && (ln.a == lm.a || ln.b == lm.a)) return static_cast<int>(ln.level);
      return st.height(lm.m);
    }() : 1;
    for (int x : {lm.a, lm.m, lm.b}) highlight_ring(cv, l, x, level * unit);
    auto [x0, y0] = l.centre(lm.a);
    auto [x1, y1] = l.centre(lm.b);
    bar_path(cv, x0, y0 - level * unit, x1, y1 - level * unit, bar_width(l) + 0.06);
    highlight_stroke(cv, l, 0.06);
  }
}

// Draws the arrow of the last druid move.
void draw_last_druid_move(Canvas& cv, const Layout& l, const DiagramRequest& req) {
  const DruidState& st = *l.st;
  const LastMove& lm = st.last_move();
  const double unit = l.unit;
  if (!req.highlight_last || req.ply == 0) return;
  if (lm.druid_from >= 0 && lm.druid_to >= 0) {
    // The druid's new cell gets the last move's ring, and the arrow shows where it came from.
    highlight_ring(cv, l, lm.druid_to, st.height(lm.druid_to) * unit);
    auto [x0, y0] = l.centre(lm.druid_from);
    auto [x1, y1] = l.centre(lm.druid_to);
    y0 -= st.height(lm.druid_from) * unit;
    y1 -= st.height(lm.druid_to) * unit;
    const double a = std::atan2(y1 - y0, x1 - x0), len = std::hypot(x1 - x0, y1 - y0);
    const double ux = std::cos(a), uy = std::sin(a), px = -uy, py = ux;
    const double head = 0.22, shaft = 0.05;  // 0.1 wide
    const double sx = x0 + ux * len * 0.15, sy = y0 + uy * len * 0.15;
    const double ex = x1 - ux * len * 0.25, ey = y1 - uy * len * 0.25;
    cv.new_path();
    cv.move_to(sx + px * shaft, sy + py * shaft);
    cv.line_to(ex - ux * head + px * shaft, ey - uy * head + py * shaft);
    cv.line_to(ex - ux * head + px * head * 0.8, ey - uy * head + py * head * 0.8);
    cv.line_to(ex, ey);
    cv.line_to(ex - ux * head - px * head * 0.8, ey - uy * head - py * head * 0.8);
    cv.line_to(ex - ux * head - px * shaft, ey - uy * head - py * shaft);
    cv.line_to(sx - px * shaft, sy - py * shaft);
    cv.close_path();
    if (l.print) {  // a white halo: the arrow shows on black stones too
      cv.set_colour(kPrintPaper);
      cv.set_line_width(0.1);
      cv.stroke_preserve();
    }
    stone_fill(cv, l, letter_of(l, lm.side >= 0 ? lm.side : 0), kOutline, l.print ? 0.035 : 0.025);
  }
}

// Flat views: the winning path, a band through the centres of the winning group's cells
// joining every two neighbours (green on a white halo; black on a white halo in print), so it
// differs from the last move's ring in shape as well as in colour.
void draw_winner(Canvas& cv, const Layout& l) {
  const DruidState& st = *l.st;
  const std::vector<int> cells = st.winning_cells();
  if (cells.empty()) return;
  std::vector<bool> in(static_cast<std::size_t>(l.b->num_cells), false);
  for (int x : cells) in[static_cast<std::size_t>(x)] = true;
  const std::vector<Compass> dirs =
      l.hex ? std::vector<Compass>{Compass::kN, Compass::kNE, Compass::kSE}
            : std::vector<Compass>{Compass::kN, Compass::kE};
  cv.new_path();
  for (int x : cells) {
    auto [x0, y0] = l.centre(x);
    cv.move_to(x0, y0);
    cv.close_path();  // a dot for a lone cell (round caps)
    for (Compass d : dirs) {
      const int y = l.b->step(x, d);
      if (y < 0 || !in[static_cast<std::size_t>(y)]) continue;
      auto [x1, y1] = l.centre(y);
      cv.move_to(x0, y0);
      cv.line_to(x1, y1);
    }
  }
  cv.set_line_cap(LineCap::kRound);
  cv.set_line_join(LineJoin::kRound);
  cv.set_colour(kWhite);
  cv.set_line_width(0.26);
  cv.stroke_preserve();
  cv.set_colour(l.print ? kPrintInk : kWinPath);
  cv.set_line_width(0.16);
  cv.stroke();
  cv.set_line_cap(LineCap::kButt);
}

std::string board_title(const DruidState& st) {
  const Board& b = st.board();
  const auto& c = st.config();
  std::string t;
  switch (b.kind) {
    case BoardKind::kSquare:
      t = std::string(c.walk ? "Druid's Walk" : "Druid") + ", " + std::to_string(b.size) + "x" +
          std::to_string(b.size);
      break;
    case BoardKind::kHex:
      t = std::string(c.walk ? "Druid's Walk (hex)" : "Druid's Hex") +
          (c.players == 3 ? ", 3 players" : "") + ", size " + std::to_string(b.size);
      break;
    case BoardKind::kY:
      t = "Druid's Y, size " + std::to_string(b.size);
      break;
  }
  return t;
}

// The caption: the ply and token, the side to move or the result, the players the record
// names, the druids' targets (Walk) and (style "full") the position text.
CaptionText druid_caption(const DruidState& st, const DiagramRequest& req) {
  const auto& c = st.config();
  std::vector<std::string> sides;
  std::vector<int> seats;
  for (int s = 0; s < c.players; ++s) {
    sides.push_back(c.side_name(s));
    seats.push_back(st.swapped() && s < 2 ? 1 - s : s);
  }
  CaptionText text = caption_of(req, sides, seats);
  if (req.players.empty()) {  // --setup and other requests without a record: the Options names
    DiagramRequest named = req;
    named.players.assign(c.player_names.begin(), c.player_names.end());
    text.players = caption_of(named, sides, seats).players;
  }
  if (c.walk) {
    std::string targets;
    for (int s = 0; s < c.players; ++s) {
      if (!targets.empty()) targets += ", ";
      const int d = st.druid_cell(s);
      targets +=
          c.side_name(s) + (d < 0 ? std::string(" -")
                                  : " > " + std::string(st.board().edge_name(st.druid_target(s))));
    }
    text.note = "targets: " + targets;
  }
  if (req.style == "full") text.position = st.position_text();
  return text;
}

// The height of everything above the caption.
// The smallest font size as a share of the picture's longer side: 9.3 px of 400.
constexpr double kMinTextRatio = 9.3 / 400;

double above_caption(const Layout& l) { return l.top + l.lift + l.board_h + kMargin; }

class DruidDrawer : public DiagramDrawer {
 public:
  Extent extent(const DiagramRequest& req) const override {
    const auto* st = dynamic_cast<const DruidState*>(req.state);
    if (st == nullptr) return Extent{4, 2};
    const Layout l = make_layout(*st, req);
    const CaptionLayout cl = layout_caption(druid_caption(*st, req), l.width, above_caption(l));
    return Extent{l.width, above_caption(l) + cl.height};
  }

  void draw(Canvas& cv, const DiagramRequest& req) const override {
    const auto* st = dynamic_cast<const DruidState*>(req.state);
    if (st == nullptr) {
      cv.set_colour(kText);
      draw_text_centred(cv, "not a Druid position", 2, 1, 0.3);
      return;
    }
    Layout l = make_layout(*st, req);
    const CaptionText text = druid_caption(*st, req);
    const CaptionLayout cl = layout_caption(text, l.width, above_caption(l));
    // No text under about 9 px at the default 400 px, on the largest boards too (their cells,
    // and so the sizes in cell units, are the smallest).
    l.min_text = kMinTextRatio * std::max(l.width, above_caption(l) + cl.height);
    if (!l.iso) {
      l.path.assign(static_cast<std::size_t>(l.b->num_cells), false);
      for (int x : st->winning_cells()) l.path[static_cast<std::size_t>(x)] = true;
    }
    SavedState saved(cv);
    // The edges and cells do not change from ply to ply; in iso the board's lift follows the
    // tallest stack, so iso draws them every time.
    char shape[96];
    std::snprintf(shape, sizeof shape, "%.9g %.9g %.9g", l.width, above_caption(l), l.lift);
    if (l.iso || cv.begin_static(static_key(req, shape))) {
      draw_edges(cv, l);
      draw_cells(cv, l);
      // Flat: the coordinates sit in the margin, clear of everything drawn later.
      if (!l.iso && req.coordinates) draw_coordinates(cv, l);
      if (!l.iso) cv.end_static();
    }
    if (l.iso) {
      draw_iso_scene(cv, l, req);
    } else {
      draw_stones_flat(cv, l);
      draw_winner(cv, l);
      draw_last_move(cv, l, req);
      draw_numerals(cv, l);
    }
    draw_last_druid_move(cv, l, req);
    draw_druids(cv, l);
    draw_targets(cv, l);
    if (l.iso && req.coordinates) draw_coordinates(cv, l);
    draw_caption(cv, text, cl, above_caption(l), l.width,
                 l.print ? kPrintInk : l.dark ? kDarkInk : kText);
    if (l.full) draw_text_centred(cv, board_title(*st), l.width / 2, kTitle / 2 + 0.1, 0.38, true);
  }

  std::string limitation(const DiagramRequest& asked, int size) const override {
    const auto* st = dynamic_cast<const DruidState*>(asked.state);
    const DiagramRequest req = themed(*this, asked);
    if (st == nullptr || (req.style != "iso" && req.style != "iso-print")) return {};
    const Layout l = make_layout(*st, req);
    const Extent e = extent(req);
    const double per_unit = std::max(1, size) / sized_length(req, e);
    const double level_px = l.unit * per_unit;
    if (level_px >= kIsoMinLevelPx) return {};
    int hmax = 0;
    for (int x = 0; x < l.b->num_cells; ++x) hmax = std::max(hmax, st->height(x));
    const int needed = static_cast<int>(std::ceil(size * kIsoMinLevelPx / level_px));
    char px[16];
    std::snprintf(px, sizeof px, "%.1f", std::floor(level_px * 10) / 10);  // 1.98 is not 2.0
    return "the iso view cannot show the levels of a stack " + std::to_string(hmax) +
           " units high at " + std::to_string(size) + " px: a level would be " + px +
           " px high (at least " + std::to_string(static_cast<int>(kIsoMinLevelPx)) +
           " px are needed to tell levels apart); the numerals still give every height. Use "
           "--style flat, or --size " + std::to_string(needed) + " or more";
  }

  std::vector<std::string> styles() const override {
    return {"flat", "iso", "full", "print", "iso-print"};
  }

  std::optional<std::pair<double, double>> locate(const DiagramRequest& req,
                                                  std::string_view cell) const override {
    const auto* st = dynamic_cast<const DruidState*>(req.state);
    if (st == nullptr) return std::nullopt;
    const Layout l = make_layout(*st, req);
    for (int x = 0; x < l.b->num_cells; ++x)
      if (same_cell_name(l.b->cell_name(x), cell)) {
        auto [cx, cy] = l.centre(x);
        return std::make_pair(cx, cy - st->height(x) * l.unit);
      }
    return std::nullopt;
  }
};

}  // namespace

const render::DiagramDrawer& druid_drawer() {
  static const DruidDrawer drawer;
  return drawer;
}

}  // namespace scribe::render::druid
