// Sava diagrams (sava.md 14). Styles: "flat" (default), "full" (flat plus every space name and
// the position text) and "print": the same facts in black and white (Red's pieces white with a
// black outline, Blue's black; Red's promotion zone as dashed rings, Blue's as grey discs; the
// last ply as a white arrow with black edges and black rings; captured pieces as dashed ghosts).
// `flip` turns the web 180 degrees, so that Blue's side is at the top; text stays upright.
#include "render/games/sava/sava_diagram.hpp"

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "engine/games/sava/sava_state.hpp"
#include "render/core/caption.hpp"
#include "render/core/theme.hpp"

namespace scribe::render::sava {

namespace {

namespace es = engine::sava;
using es::Board;
using es::PieceCode;

// Text sizes: a piece's one- and two-letter codes, and the rim labels (9.5 px and more at
// 400 px).
constexpr double kCodeLarge = 0.095;
constexpr double kCodeSmall = 0.082;
constexpr double kLabel = 0.082;
// The radius round a piece's centre that labels keep clear of (the Matron's ring and the
// last-move ring included).
constexpr double kPieceClear = 0.115;

// Maps board coordinates (y up, origin at the centre) to drawer units (y down), turned 180
// degrees when flipped.
struct Frame {
  double vb = 1.25;
  bool flip = false;
  double x(double bx) const { return flip ? vb - bx : bx + vb; }
  double y(double by) const { return flip ? vb + by : vb - by; }
  // The drawer angle of a board angle (board angles run anticlockwise with y up).
  double angle(double a) const { return flip ? M_PI - a : -a; }
};

Colour side_colour(int side) { return hex_colour(side == es::kRed ? "#C62828" : "#1E5AA8"); }

// The print fill of a side: Red white, Blue black.
PrintFill print_fill(int side) { return side == es::kRed ? PrintFill::kWhite : PrintFill::kBlack; }

Colour with_alpha(Colour c, double a) {
  c.a = a;
  return c;
}

void disc(Canvas& cv, double x, double y, double r) {
  cv.new_sub_path();
  cv.arc(x, y, r, 0, 2 * M_PI);
}

// Print: one piece glyph in black and white; a ghost (a piece captured in the last ply) has a
// dashed outline and a grey fill or code.
void draw_piece_print(Canvas& cv, double x, double y, int side, PieceCode kind, double scale,
                      bool ghost) {
  const bool orc = kind == PieceCode::kOrc;
  const double r = (orc ? 0.05 : 0.08) * scale;
  const PrintFill fill = print_fill(side);
  if (kind == PieceCode::kMatron) {
    cv.set_colour(ghost ? kPrintGrey : kPrintInk);
    cv.set_line_width(0.008 * scale);
    disc(cv, x, y, 0.094 * scale);
    cv.stroke();
  }
  disc(cv, x, y, r);
  const double dash[2] = {0.012 * scale, 0.008 * scale};
  if (ghost) {
    cv.set_colour(fill == PrintFill::kBlack ? kPrintLight : kPrintPaper);
    cv.fill_preserve();
    cv.set_colour(kPrintInk);
    cv.set_dash(dash, 2, 0);
    cv.set_line_width(0.006 * scale);
    cv.stroke();
    cv.set_dash(nullptr, 0, 0);
  } else {
    // The Champion's outline is doubled in weight instead of gold.
    print_fill_stroke(cv, fill, 0.02 * scale,
                      (kind == PieceCode::kChampion ? 0.016 : 0.007) * scale);
  }
  if (orc) return;
  const std::string code(notation::sava::piece_code_text(kind));
  cv.set_colour(ghost ? kPrintGrey : print_ink_on(fill));
  draw_text_centred(cv, code, x, y, (code.size() > 1 ? kCodeSmall : kCodeLarge) * scale, true);
}

// Draws one piece glyph centred on (x, y); `scale` shrinks it for the strip trays.
void draw_piece(Canvas& cv, bool print, double x, double y, int side, PieceCode kind,
                double scale, double alpha, bool immune_champion) {
  if (print) {
    draw_piece_print(cv, x, y, side, kind, scale, alpha < 1);
    return;
  }
  const bool orc = kind == PieceCode::kOrc;
  const double r = (orc ? 0.05 : 0.08) * scale;
  if (kind == PieceCode::kMatron) {
    cv.set_colour(with_alpha(side_colour(side), alpha));
    filled_ring(cv, x, y, 0.094 * scale, 0.008 * scale);
  }
  // Filled rather than stroked (outlined_disc): half the drawing time of a Sava PNG was Cairo
  // stroking these small circles.
  const bool champion = kind == PieceCode::kChampion;
  outlined_disc(cv, x, y, r, with_alpha(side_colour(side), alpha),
                with_alpha(hex_colour(champion ? "#C9A227" : "#222222"), alpha),
                (champion ? 0.01 : 0.006) * scale);
  (void)immune_champion;
  if (orc) return;
  const std::string code(notation::sava::piece_code_text(kind));
  cv.set_colour(Colour{1, 1, 1, alpha});
  draw_text_centred(cv, code, x, y, (code.size() > 1 ? kCodeSmall : kCodeLarge) * scale, true);
}

// The spaces of the last ply's path, origin first (sava.md 14, "Path arrow").
std::vector<int> path_of(const Board& b, const es::LastPly& last) {
  const es::Realisation& r = last.real;
  std::vector<int> p{r.origin};
  switch (r.path_kind) {
    case 1:
      for (const es::Ray& ray : b.rays(r.origin)) {
        if (ray.line != r.line || ray.dir != r.dir) continue;
        for (int k = 0; k < ray.len; ++k) {
          p.push_back(ray.spaces[k]);
          if (ray.spaces[k] == r.dest) break;
        }
        break;
      }
      break;
    case 2:
      p.push_back(r.t1);
      p.push_back(r.t2);
      p.push_back(r.dest);
      break;
    case 3:
      p.push_back(r.via);
      p.push_back(r.dest);
      break;
    default:
      p.push_back(r.dest);
      break;
  }
  if (p.back() != r.dest) p.push_back(r.dest);
  return p;
}

// Adds the link s-t to the current path: an arc of its rank circle or a straight segment.
// Returns the direction of travel at t (unit vector in drawer units).
std::pair<double, double> link_to(Canvas& cv, const Board& b, const Frame& f, int s, int t) {
  const int line = b.link_line(s, t);
  const bool rank = line >= 0 && b.lines()[line].kind == es::LineKind::kRank;
  if (rank) {
    const double r = std::hypot(b.x(s), b.y(s));
    const double a1 = std::atan2(b.y(s), b.x(s));
    double a2 = std::atan2(b.y(t), b.x(t));
    while (a2 - a1 > M_PI) a2 -= 2 * M_PI;
    while (a2 - a1 < -M_PI) a2 += 2 * M_PI;
    // Board angles run anticlockwise with y up; in drawer units (y down) they are negated (and
    // turned by half a circle when flipped, which keeps the sense of rotation).
    if (a2 > a1)
      cv.arc_negative(f.x(0), f.y(0), r, f.angle(a1), f.angle(a2));
    else
      cv.arc(f.x(0), f.y(0), r, f.angle(a1), f.angle(a2));
    const double sign = (a2 > a1 ? 1 : -1) * (f.flip ? -1 : 1);
    // Tangent of the anticlockwise (board) motion at a2: (-sin, cos) in board units.
    return {-std::sin(a2) * sign, -std::cos(a2) * sign};
  }
  cv.line_to(f.x(b.x(t)), f.y(b.y(t)));
  const double dx = f.x(b.x(t)) - f.x(b.x(s)), dy = f.y(b.y(t)) - f.y(b.y(s));
  const double len = std::hypot(dx, dy);
  return {dx / len, dy / len};
}

void draw_spider(Canvas& cv, double x, double y, double size, const Colour& c) {
  cv.set_colour(c);
  cv.set_line_width(size * 0.12);
  for (int i = 0; i < 4; ++i) {
    const double a = M_PI / 8 + i * M_PI / 4;
    cv.move_to(x - std::cos(a) * size / 2, y - std::sin(a) * size / 2);
    cv.line_to(x + std::cos(a) * size / 2, y + std::sin(a) * size / 2);
  }
  cv.stroke();
  disc(cv, x, y, size * 0.18);
  cv.fill();
}

void draw_die(Canvas& cv, double x, double y, double d, bool spider, bool unknown, double alpha) {
  cv.new_path();
  for (int i = 0; i < 8; ++i) {
    const double a = M_PI / 8 + i * M_PI / 4;
    const double px = x + std::cos(a) * d / 2, py = y + std::sin(a) * d / 2;
    if (i == 0)
      cv.move_to(px, py);
    else
      cv.line_to(px, py);
  }
  cv.close_path();
  cv.set_colour(Colour{1, 1, 1, alpha});
  cv.fill_preserve();
  cv.set_colour(with_alpha(hex_colour("#222222"), alpha));
  cv.set_line_width(d * 0.06);
  cv.stroke();
  if (unknown) {
    cv.set_colour(with_alpha(hex_colour("#222222"), alpha));
    draw_text_centred(cv, "?", x, y, d * 0.8, true);
  } else if (spider) {
    draw_spider(cv, x, y, d * 0.6, with_alpha(hex_colour("#222222"), alpha));
  }
}

// Where a rim label goes (board units): as the board places it, pushed outwards where needed
// so that it clears a piece on the outer ring, inside the view box.
std::pair<double, double> rim_label_at(const Board& b, double x, double y) {
  const double d = std::hypot(x, y);
  double outer = 0;
  for (int r = 0; r <= 3; ++r) outer = std::max(outer, b.rank_radius(r));
  const double want =
      std::min(outer + 0.095 + 0.6 * kLabel, b.view_box() - 0.6 * kLabel);
  if (d <= 0 || d >= want) return {x, y};
  return {x * want / d, y * want / d};
}

// A box on the page (drawer units).
struct Box {
  double x0, y0, x1, y1;
  bool meets(const Box& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
};

// Style "full": every space's name, each put where it meets no piece, no rim label and no
// name already placed: beside its space on the side away from the centre, else the other
// sides in turn, then the same a little further out (the place meeting least when none is
// clear). A label beside a piece starts beyond the piece's rim.
void draw_space_labels(Canvas& cv, const Board& b, const Frame& f, const es::Position& pos,
                       bool rim, bool dark) {
  const double size = kLabel, h = 0.72 * size, pad = 0.01;
  std::vector<Box> taken;
  for (int s = 0; s < b.size(); ++s)
    if (pos.cell[s] != 0) {
      const double r = kPieceClear, x = f.x(b.x(s)), y = f.y(b.y(s));
      taken.push_back({x - r, y - r, x + r, y + r});
    }
  if (rim)
    for (const auto& l : b.rim_labels()) {
      const double w = text_advance(cv, l.text, size) / 2;
      const auto [lx, ly] = rim_label_at(b, l.x, l.y);
      taken.push_back({f.x(lx) - w, f.y(ly) - h / 2, f.x(lx) + w, f.y(ly) + h / 2});
    }
  cv.set_colour(dark ? kDarkInk : hex_colour("#555555"));
  for (int s = 0; s < b.size(); ++s) {
    const double x = f.x(b.x(s)), y = f.y(b.y(s));
    const double d = std::hypot(x - f.x(0), y - f.y(0));
    double ux = d > 1e-9 ? (x - f.x(0)) / d : 0, uy = d > 1e-9 ? (y - f.y(0)) / d : -1;
    const double w = text_advance(cv, b.name(s), size);
    // How far the label's centre is from the space: past the piece (or the dot) and half the
    // label's own extent in that direction.
    const double clear = pos.cell[s] != 0 ? kPieceClear : 0.03;
    Box best{};
    int best_hits = 1 << 30;
    for (int k = 0; k < 16 && best_hits > 0; ++k) {
      // Outward first, then round the space in 45-degree steps, alternating sides.
      const double a = (k % 2 == 1 ? 1 : -1) * ((k % 8 + 1) / 2) * M_PI / 4;
      const double vx = ux * std::cos(a) - uy * std::sin(a);
      const double vy = ux * std::sin(a) + uy * std::cos(a);
      const double reach =
          clear + pad + 0.5 * (std::abs(vx) * w + std::abs(vy) * h) + (k >= 8 ? 0.05 : 0.0);
      const double cx = x + vx * reach, cy = y + vy * reach;
      const Box box{cx - w / 2 - pad, cy - h / 2 - pad, cx + w / 2 + pad, cy + h / 2 + pad};
      int hits = 0;
      for (const Box& t : taken) hits += box.meets(t) ? 1 : 0;
      if (hits < best_hits) best_hits = hits, best = box;
    }
    taken.push_back(best);
    draw_text_centred(cv, b.name(s), (best.x0 + best.x1) / 2, (best.y0 + best.y1) / 2, size);
  }
}

class SavaDrawer : public DiagramDrawer {
 public:
  Extent extent(const DiagramRequest& request) const override {
    const double vb = board_of(request).view_box();
    const auto* state = dynamic_cast<const es::SavaState*>(request.state);
    if (state == nullptr) return {2 * vb, 2 * vb};
    return {2 * vb, 2 * vb + layout_caption(caption(request, *state), 2 * vb, 2 * vb).height};
  }

  std::vector<std::string> styles() const override { return {"flat", "full", "print"}; }

  std::optional<std::pair<double, double>> locate(const DiagramRequest& request,
                                                  std::string_view cell) const override {
    const auto* state = dynamic_cast<const es::SavaState*>(request.state);
    if (state == nullptr) return std::nullopt;
    const Board& b = *state->config().board;
    Frame f;
    f.vb = b.view_box();
    f.flip = request.flip;
    for (int s = 0; s < b.size(); ++s)
      if (same_cell_name(b.name(s), cell)) return std::make_pair(f.x(b.x(s)), f.y(b.y(s)));
    return std::nullopt;
  }

  // Draws what does not change from ply to ply: the page, the zones, the web, its dots and the
  // labels round the rim.
  void draw_board(Canvas& cv, const DiagramRequest& request, const Board& b, const Frame& f,
                  const Extent& ext) const {
    const bool print = request.style == "print";
    const bool dark = dark_theme(request) && !print;
    if (!request.transparent) {
      cv.set_colour(print ? kPrintPaper : dark ? kDarkPage : hex_colour("#FAF7F0"));
      cv.rectangle(0, 0, ext.width, ext.height);
      cv.fill();
    }
    // Zones: the discs of each side's promotion zone (the Hub split west red, east blue).
    // Print: Red's zone as dashed rings, Blue's as light grey discs.
    for (int side = 0; side < 2; ++side)
      for (int s : b.zone_spaces(side)) {
        cv.set_colour(print ? kPrintLight : with_alpha(side_colour(side), 0.12));
        cv.new_path();
        if (b.is_hub(s)) {
          const double a = (side == es::kRed ? M_PI / 2 : -M_PI / 2) + (f.flip ? M_PI : 0);
          cv.arc(f.x(b.x(s)), f.y(b.y(s)), 0.085, a, a + M_PI);
          if (print && side == es::kRed) cv.close_path();
        } else {
          disc(cv, f.x(b.x(s)), f.y(b.y(s)), 0.085);
        }
        if (print && side == es::kRed) {
          const double dash[2] = {0.015, 0.012};
          cv.set_dash(dash, 2, 0);
          cv.set_colour(kPrintGrey);
          cv.set_line_width(0.006);
          cv.stroke();
          cv.set_dash(nullptr, 0, 0);
        } else {
          cv.fill();
        }
      }
    // Web: rank circles, then the straight lines (dashed where -diagonals adds them).
    const Colour web = dark ? kDarkLines : hex_colour("#4A4A4A");
    cv.set_colour(web);
    cv.set_line_width(0.012);
    for (int r = b.great_wheel() ? 0 : 1; r <= 3; ++r) {
      disc(cv, f.x(0), f.y(0), b.rank_radius(r));
      cv.stroke();
    }
    for (std::size_t li = 0; li < b.lines().size(); ++li) {
      const es::Line& line = b.lines()[li];
      if (line.kind == es::LineKind::kRank) continue;
      for (std::size_t k = 0; k + 1 < line.spaces.size(); ++k) {
        const int s = line.spaces[k], t = line.spaces[k + 1];
        const bool inner = (b.is_centre(s) || b.is_hub(s)) && (b.is_centre(t) || b.is_hub(t));
        const bool dashed = b.line_from_option(static_cast<int>(li)) && !(b.great_wheel() && inner);
        const double dash[2] = {0.03, 0.02};
        cv.set_dash(dash, dashed ? 2 : 0, 0);
        cv.move_to(f.x(b.x(s)), f.y(b.y(s)));
        cv.line_to(f.x(b.x(t)), f.y(b.y(t)));
        cv.stroke();
      }
    }
    cv.set_dash(nullptr, 0, 0);
    // Dots: a dot per ring space, a ring per centre space and for the Hub.
    for (int s = 0; s < b.size(); ++s) {
      cv.set_colour(web);
      if (b.is_centre(s) || b.is_hub(s)) {
        cv.set_line_width(0.008);
        disc(cv, f.x(b.x(s)), f.y(b.y(s)), b.is_hub(s) ? 0.034 : 0.028);
        cv.stroke();
      } else {
        disc(cv, f.x(b.x(s)), f.y(b.y(s)), 0.016);
        cv.fill();
      }
    }
    // Labels: the file names round the rim; with style full every space name.
    cv.set_colour(dark ? kDarkInk : hex_colour("#555555"));
    if (request.coordinates)
      for (const auto& l : b.rim_labels()) {
        const auto [lx, ly] = rim_label_at(b, l.x, l.y);
        draw_text_centred(cv, l.text, f.x(lx), f.y(ly), kLabel);
      }
  }

  void draw(Canvas& cv, const DiagramRequest& request) const override {
    const auto* state = dynamic_cast<const es::SavaState*>(request.state);
    if (state == nullptr) return;
    const Board& b = *state->config().board;
    const es::Position& pos = state->position();
    const es::LastPly& last = state->last_ply();
    const bool full = request.style == "full";
    const bool print = request.style == "print";
    const bool dark = dark_theme(request) && !print;
    const bool show_last = request.highlight_last && last.kind != es::LastPly::Kind::kNone;
    Frame f;
    f.vb = b.view_box();
    f.flip = request.flip;
    const Extent ext = extent(request);
    // The page, zones, web, dots and labels do not change from ply to ply.
    if (cv.begin_static(static_key(request))) {
      draw_board(cv, request, b, f, ext);
      cv.end_static();
    }
    // Last ply: rings, arrow, ghosts.
    if (show_last && last.kind == es::LastPly::Kind::kMove) {
      const es::Realisation& r = last.real;
      const Colour gold = print ? kPrintInk : hex_colour("#F2B705");
      cv.set_colour(gold);
      cv.set_line_width(print ? 0.01 : 0.008);
      const double ring_dash[2] = {0.02, 0.015};
      cv.set_dash(ring_dash, 2, 0);
      disc(cv, f.x(b.x(r.origin)), f.y(b.y(r.origin)), 0.09);
      cv.stroke();
      cv.set_dash(nullptr, 0, 0);
      disc(cv, f.x(b.x(r.dest)), f.y(b.y(r.dest)), 0.09);
      cv.stroke();
      // The arrow, stopped short of the destination's piece by its arrowhead.
      // Print: a white line with black edges, so it differs from the web's lines.
      const std::vector<int> path = path_of(b, last);
      const double arrow_dash[2] = {0.04, 0.025};
      cv.set_dash(arrow_dash, last.turncoat ? 2 : 0, 0);
      cv.new_path();
      cv.move_to(f.x(b.x(path[0])), f.y(b.y(path[0])));
      std::pair<double, double> dir{0, 0};
      for (std::size_t k = 1; k < path.size(); ++k) dir = link_to(cv, b, f, path[k - 1], path[k]);
      if (print) {
        cv.set_colour(kPrintInk);
        cv.set_line_width(0.026);
        cv.stroke_preserve();
        cv.set_colour(kPrintPaper);
        cv.set_line_width(0.012);
        cv.stroke();
        cv.set_colour(kPrintInk);
      } else {
        cv.set_colour(with_alpha(side_colour(last.mover), 0.7));
        cv.set_line_width(0.02);
        cv.stroke();
      }
      cv.set_dash(nullptr, 0, 0);
      const double tx = f.x(b.x(r.dest)), ty = f.y(b.y(r.dest));
      const double bx = tx - dir.first * 0.06, by = ty - dir.second * 0.06;
      cv.move_to(tx, ty);
      cv.line_to(bx - dir.second * 0.035, by + dir.first * 0.035);
      cv.line_to(bx + dir.second * 0.035, by - dir.first * 0.035);
      cv.close_path();
      cv.fill();
    }
    // A captured piece: a ghost disc with a dark cross, under the piece now standing there.
    auto ghost = [&](int s, std::uint8_t c) {
      if (c == 0 || s == es::kNoSpace) return;
      const double x = f.x(b.x(s)), y = f.y(b.y(s));
      draw_piece(cv, print, x, y, es::cell_side(c), es::cell_kind(c), 1, 0.3, false);
      cv.set_colour(hex_colour("#222222"));
      cv.set_line_width(0.012);
      cv.move_to(x - 0.035, y - 0.035);
      cv.line_to(x + 0.035, y + 0.035);
      cv.move_to(x + 0.035, y - 0.035);
      cv.line_to(x - 0.035, y + 0.035);
      cv.stroke();
    };
    if (show_last) {
      ghost(last.real.via, last.captured_via);
      if (last.kind == es::LastPly::Kind::kMove) ghost(last.real.dest, last.captured_dest);
      if (last.kind == es::LastPly::Kind::kRemoval) ghost(last.removed_space, last.removed);
    }
    // Pieces.
    for (int s = 0; s < b.size(); ++s) {
      const std::uint8_t c = pos.cell[s];
      if (c == 0) continue;
      draw_piece(cv, print, f.x(b.x(s)), f.y(b.y(s)), es::cell_side(c), es::cell_kind(c), 1, 1,
                 false);
    }
    // Marks: the turncoat's spider and the promotion chevron.
    if (show_last) {
      if (last.kind == es::LastPly::Kind::kMove && last.turncoat)
        draw_spider(cv, f.x(b.x(last.real.dest)) + 0.06, f.y(b.y(last.real.dest)) - 0.06, 0.04,
                    hex_colour("#222222"));
      if (last.kind == es::LastPly::Kind::kMove && last.promotion != PieceCode::kNone) {
        const double x = f.x(b.x(last.real.dest)), y = f.y(b.y(last.real.dest)) + 0.1;
        cv.set_colour(hex_colour("#222222"));
        cv.set_line_width(0.01);
        cv.move_to(x - 0.025, y + 0.012);
        cv.line_to(x, y - 0.012);
        cv.line_to(x + 0.025, y + 0.012);
        cv.stroke();
      }
    }
    if (full) draw_space_labels(cv, b, f, pos, request.coordinates, dark);
    draw_strip(cv, request, *state, 2 * f.vb, 2 * f.vb, print);
  }

 private:
  static const Board& board_of(const DiagramRequest& request) {
    const auto* state = dynamic_cast<const es::SavaState*>(request.state);
    if (state != nullptr) return *state->config().board;
    return es::sava_board(false, false);
  }

  // The caption: the ply and its dice, the side to move or the winner, the players, and the
  // pieces each side has lost.
  static CaptionText caption(const DiagramRequest& request, const es::SavaState& state) {
    CaptionText text = caption_of(request, {"Red", "Blue"});
    const es::LastPly& last = state.last_ply();
    if (request.ply > 0 && !request.last_move.empty() && last.roll != 0) text.move_extra = 2.6;
    const es::Position& pos = state.position();
    std::string lost;
    for (int side = 0; side < 2; ++side) {
      std::string pile;
      for (int k = 0; k < es::kKinds; ++k) {
        const int n = pos.pile[side][k];
        if (n == 0) continue;
        pile += std::string(pile.empty() ? "" : " ") +
                std::string(notation::sava::piece_code_text(static_cast<PieceCode>(k))) +
                (n > 1 ? "\xC3\x97" + std::to_string(n) : "");
      }
      if (pile.empty()) continue;
      lost += std::string(lost.empty() ? "" : "; ") + es::side_name(side) + " lost " + pile;
    }
    text.note = lost;
    if (request.style == "full") text.position = state.position_text();
    return text;
  }

  static void draw_strip(Canvas& cv, const DiagramRequest& request, const es::SavaState& state,
                         double top, double width, bool print) {
    const es::LastPly& last = state.last_ply();
    const CaptionText text = caption(request, state);
    const CaptionLayout cl = layout_caption(text, width, top);
    const double x = draw_caption(cv, text, cl, top, width,
                                  print                      ? kPrintInk
                                  : dark_theme(request) ? kDarkInk
                                                        : hex_colour("#222222"));
    // The dice are a fact of the ply (like its text), so --no-highlight keeps them.
    if (request.ply > 0 && !request.last_move.empty() && last.roll != 0) {
      const double alpha = last.roll_written ? 1.0 : 0.6;
      const bool unknown = last.roll == '?';
      const int spiders = unknown ? 0 : last.roll - '0';
      const double d = 1.1 * cl.em, mid = caption_first_baseline(cl, top) - 0.36 * cl.em;
      draw_die(cv, x + 0.3 * cl.em + d / 2, mid, d, spiders >= 1, unknown, alpha);
      draw_die(cv, x + 0.5 * cl.em + 1.5 * d, mid, d, spiders >= 2, unknown, alpha);
    }
  }
};

}  // namespace

const render::DiagramDrawer& sava_drawer() {
  static const SavaDrawer drawer;
  return drawer;
}

}  // namespace scribe::render::sava
