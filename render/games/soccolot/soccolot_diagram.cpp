// Draws Soccolot positions (spec §11). Drawing order: field, goals, lines, coordinates, arrows,
// men, ball, text. Style "print" is style a's look in black and white: a white field with black
// lines, grey nets, men as white discs with a black outline (White) and black discs (Black), the
// last move as white arrows with a black edge, a scored goal box in light grey with a heavy
// border. `flip` turns every style by 180 degrees (style c flipped is style a's orientation).
#include "render/games/soccolot/soccolot_diagram.hpp"

#include <cairo.h>

#include <cmath>
#include <string>

#include "engine/games/soccolot/soccolot_state.hpp"
#include "render/core/cairo_handles.hpp"
#include "render/core/caption.hpp"
#include "render/core/theme.hpp"

namespace scribe::render::soccolot {

namespace {

namespace eng = engine::soccolot;

constexpr double kPi = 3.14159265358979323846;
constexpr double kSide = 1.0;       // margin for the compass letters, each side
constexpr double kCompass = 0.6;    // band of the compass letters above and below
constexpr double kGoalDepth = 0.8;  // depth of a goal box
constexpr double kSmallText = 0.3;  // the smallest text: 9.5 px at 400 px
constexpr double kFieldX = kSide;
constexpr double kFieldY = kCompass + kGoalDepth;

// The parsed style.
struct Style {
  char look = 'a';      // 'a', 'b', 'c' or 'p' (print)
  bool full = false;    // position text in the caption
  bool turned = false;  // north at the top (style c, or flipped)
};

Style parse_style(const DiagramRequest& r) {
  Style s;
  std::string_view name = r.style;
  if (name.size() >= 5 && name.substr(name.size() - 5) == ",full") {
    s.full = true;
    name.remove_suffix(5);
  }
  if (name == "b" || name == "c") s.look = name[0];
  if (name == "print") s.look = 'p';
  s.turned = (s.look == 'c') != r.flip;
  return s;
}

// Geometry of one drawing: where squares and goal squares go.
struct Layout {
  bool turned = false;
  // Returns the centre of square `sq` (goal squares: the centre of the goal box at its file).
  void centre(int sq, double* x, double* y) const {
    const int f = eng::file_of(sq);
    const int r = eng::rank_of(sq);
    const double col = turned ? 7 - f : f;
    *x = kFieldX + col + 0.5;
    if (r == 9 || r == 0) {
      const bool top = (r == 9) != turned;
      *y = top ? kFieldY - kGoalDepth / 2 : kFieldY + 8 + kGoalDepth / 2;
      return;
    }
    const double row = turned ? r - 1 : 8 - r;
    *y = kFieldY + row + 0.5;
  }
  // Returns the top edge of the goal box behind rank 8 (which == 9) or rank 1 (which == 0).
  double goal_top(int which) const {
    const bool top = (which == 9) != turned;
    return top ? kFieldY - kGoalDepth : kFieldY + 8;
  }
  // Returns the top-left corner of field square (f, r).
  void corner(int f, int r, double* x, double* y) const {
    *x = kFieldX + (turned ? 7 - f : f);
    *y = kFieldY + (turned ? r - 1 : 8 - r);
  }
};

const Colour kStripeA = hex_colour("#6FAE5C");
const Colour kStripeB = hex_colour("#62A050");
const Colour kWhite = hex_colour("#FFFFFF");
const Colour kDark = hex_colour("#222222");
const Colour kGrey = hex_colour("#333333");
const Colour kYellow = hex_colour("#FFD400");

Colour with_alpha(Colour c, double a) {
  c.a = a;
  return c;
}

Colour side_colour(eng::Side s) { return s == eng::Side::kBlack ? kDark : kWhite; }

// Whether the field is plain white with dark lines (styles b and print).
bool plain(const Style& st) { return st.look == 'b' || st.look == 'p'; }

void draw_field(cairo_t* cr, const Style& st, const Layout& lay, const eng::Rules& rules) {
  for (int r = 1; r <= 8; ++r)
    for (int f = 0; f < 8; ++f) {
      double x, y;
      lay.corner(f, r, &x, &y);
      cairo_rectangle(cr, x, y, 1, 1);
      set_colour(cr, plain(st) ? kWhite : (r % 2 == 0 ? kStripeA : kStripeB));
      cairo_fill(cr);
    }
  if (rules.goal == eng::GoalRule::kBackrow) {
    // The back rows are the goals: tinted with 25 % of the scoring side's colour.
    for (int r : {8, 1}) {
      double x, y;
      lay.corner(0, r, &x, &y);
      if (lay.turned) lay.corner(7, r, &x, &y);
      cairo_rectangle(cr, x, y, 8, 1);
      if (st.look == 'p' && r == 1) {
        // Print: White's tint would not show on white; grey hatching instead.
        SavedState saved(cr);
        cairo_clip(cr);
        set_colour(cr, hex_colour("#BBBBBB"));
        cairo_set_line_width(cr, 0.025);
        for (double d = -1; d < 9; d += 0.2) {
          cairo_move_to(cr, x + d, y + 1);
          cairo_line_to(cr, x + d + 1, y);
        }
        cairo_stroke(cr);
        continue;
      }
      set_colour(cr, with_alpha(side_colour(r == 8 ? eng::Side::kBlack : eng::Side::kWhite), 0.25));
      cairo_fill(cr);
    }
  }
}

void draw_goals(cairo_t* cr, const Style& st, const Layout& lay, const eng::Position& pos,
                const eng::Rules& rules) {
  const bool beyond = rules.goal == eng::GoalRule::kBeyond;
  for (int which : {9, 0}) {
    const double top = lay.goal_top(which);
    {
      SavedState saved(cr);
      const bool scored = beyond && eng::rank_of(pos.ball()) == which;
      cairo_rectangle(cr, kFieldX, top, 8, kGoalDepth);
      set_colour(cr, plain(st) ? (st.look == 'p' && scored ? hex_colour("#DDDDDD") : kWhite)
                               : kStripeB);
      cairo_fill_preserve(cr);
      cairo_clip(cr);
      if (beyond) {
        // The net.
        set_colour(cr, plain(st) ? hex_colour("#CCCCCC") : with_alpha(kWhite, 0.4));
        cairo_set_line_width(cr, 0.025);
        for (double d = -1; d < 9; d += 0.2) {
          cairo_move_to(cr, kFieldX + d, top);
          cairo_line_to(cr, kFieldX + d + kGoalDepth, top + kGoalDepth);
          cairo_move_to(cr, kFieldX + d + kGoalDepth, top);
          cairo_line_to(cr, kFieldX + d, top + kGoalDepth);
        }
        cairo_stroke(cr);
        // A goal scored here: tinted in the scorer's colour (print: the grey fill above).
        if (scored && st.look != 'p') {
          cairo_rectangle(cr, kFieldX, top, 8, kGoalDepth);
          set_colour(cr, with_alpha(side_colour(which == 9 ? eng::Side::kBlack : eng::Side::kWhite),
                                    0.45));
          cairo_fill(cr);
        }
      }
    }
    cairo_rectangle(cr, kFieldX, top, 8, kGoalDepth);
    set_colour(cr, plain(st) ? kDark : kWhite);
    const bool scored_here = eng::rank_of(pos.ball()) == which;
    const double heavy = st.look == 'p' && beyond && scored_here ? 0.12 : 0.04;
    cairo_set_line_width(cr, st.look == 'b' ? 0.03 : st.look == 'p' ? heavy : 0.08);
    cairo_stroke(cr);
    if (!beyond) continue;
    const Colour ink = plain(st) ? kDark : (scored_here && which == 0) ? kDark : kWhite;
    set_colour(cr, ink);
    draw_text_centred(cr, "GOAL", kFieldX + 2.0, top + kGoalDepth / 2, 0.36, true);
    draw_text_centred(cr, which == 9 ? "Black scores" : "White scores", kFieldX + 6.0,
                      top + kGoalDepth / 2, kSmallText);
  }
}

void draw_lines(cairo_t* cr, const Style& st) {
  set_colour(cr, plain(st) ? kDark : kWhite);
  cairo_set_line_width(cr, st.look == 'b' ? 0.02 : 0.04);
  for (int i = 1; i < 8; ++i) {
    cairo_move_to(cr, kFieldX + i, kFieldY);
    cairo_line_to(cr, kFieldX + i, kFieldY + 8);
    cairo_move_to(cr, kFieldX, kFieldY + i);
    cairo_line_to(cr, kFieldX + 8, kFieldY + i);
  }
  cairo_stroke(cr);
  cairo_set_line_width(cr, st.look == 'b' ? 0.04 : 0.08);
  cairo_rectangle(cr, kFieldX, kFieldY, 8, 8);
  cairo_stroke(cr);
}

// Draws the compass letters in the corners of the margins, placed for the orientation.
void draw_compass(cairo_t* cr, const Layout& lay, bool dark) {
  set_colour(cr, dark ? kDarkInk : kGrey);
  const char* top = lay.turned ? "N" : "S";
  const char* bottom = lay.turned ? "S" : "N";
  const char* left = lay.turned ? "W" : "E";
  const char* right = lay.turned ? "E" : "W";
  draw_text_centred(cr, top, kSide * 0.4, kCompass / 2, 0.4, true);
  draw_text_centred(cr, bottom, kSide * 0.4, kFieldY + 8 + kGoalDepth + kCompass / 2, 0.4, true);
  draw_text_centred(cr, left, kSide * 0.3, kFieldY + 4, 0.4, true);
  draw_text_centred(cr, right, kFieldX + 8 + kSide * 0.7, kFieldY + 4, 0.4, true);
}

// Draws the rank numbers beside the field and the file letters in the bands above and below,
// clear of every man.
void draw_coordinates(cairo_t* cr, const Layout& lay, bool dark) {
  set_colour(cr, dark ? kDarkInk : kGrey);
  for (int r = 1; r <= 8; ++r) {
    double x, y;
    lay.corner(0, r, &x, &y);
    const std::string label(1, static_cast<char>('0' + r));
    draw_text_centred(cr, label, kFieldX - 0.25, y + 0.5, kSmallText + 0.04);
    draw_text_centred(cr, label, kFieldX + 8 + 0.25, y + 0.5, kSmallText + 0.04);
  }
  for (int f = 0; f < 8; ++f) {
    double x, y;
    lay.corner(f, 1, &x, &y);
    const std::string label(1, static_cast<char>('a' + f));
    draw_text_centred(cr, label, x + 0.5, kCompass / 2, kSmallText + 0.04);
    draw_text_centred(cr, label, x + 0.5, kFieldY + 8 + kGoalDepth + kCompass / 2,
                      kSmallText + 0.04);
  }
}

// Draws an arrow from (x1, y1) towards (x2, y2), its tip `gap` short of (x2, y2) so that the
// piece drawn there later does not hide it: `body` (yellow, or white in print) with a dark edge.
void draw_arrow(cairo_t* cr, double x1, double y1, double x2, double y2, double gap,
                const Colour& body) {
  double dx = x2 - x1, dy = y2 - y1;
  const double len = std::sqrt(dx * dx + dy * dy);
  if (len < 1e-6) return;
  const double ux = dx / len, uy = dy / len;
  x2 -= ux * gap;
  y2 -= uy * gap;
  const double px = -uy, py = ux;
  const double shaft = 0.05, head = 0.17, head_len = 0.3;
  const double bx = x2 - ux * head_len, by = y2 - uy * head_len;
  cairo_move_to(cr, x1 + px * shaft, y1 + py * shaft);
  cairo_line_to(cr, bx + px * shaft, by + py * shaft);
  cairo_line_to(cr, bx + px * head, by + py * head);
  cairo_line_to(cr, x2, y2);
  cairo_line_to(cr, bx - px * head, by - py * head);
  cairo_line_to(cr, bx - px * shaft, by - py * shaft);
  cairo_line_to(cr, x1 - px * shaft, y1 - py * shaft);
  cairo_close_path(cr);
  set_colour(cr, body);
  cairo_fill_preserve(cr);
  set_colour(cr, kDark);
  cairo_set_line_width(cr, 0.025);
  cairo_stroke(cr);
}

// How far short of a man's and of the ball's centre an arrow stops.
constexpr double kManGap = 0.4;
constexpr double kBallGap = 0.27;

void draw_last_move(cairo_t* cr, const Style& st, const Layout& lay, const eng::LastMove& last) {
  const Colour body = st.look == 'p' ? kWhite : kYellow;
  double x1, y1, x2, y2;
  switch (last.move.action) {
    case eng::Action::kRun:
      lay.centre(last.man_from, &x1, &y1);
      lay.centre(last.man_to, &x2, &y2);
      draw_arrow(cr, x1, y1, x2, y2, kManGap, body);
      break;
    case eng::Action::kDribble: {
      // Two parallel arrows, shifted apart across the direction of travel.
      for (int which = 0; which < 2; ++which) {
        lay.centre(which == 0 ? last.man_from : last.ball_from, &x1, &y1);
        lay.centre(which == 0 ? last.man_to : last.ball_to, &x2, &y2);
        draw_arrow(cr, x1, y1, x2, y2, which == 0 ? kManGap : kBallGap, body);
      }
      break;
    }
    case eng::Action::kKick: {
      lay.centre(last.man_from, &x1, &y1);
      cairo_new_sub_path(cr);
      cairo_arc(cr, x1, y1, 0.46, 0, 2 * kPi);
      set_colour(cr, kDark);
      cairo_set_line_width(cr, 0.14);
      cairo_stroke_preserve(cr);
      set_colour(cr, body);
      cairo_set_line_width(cr, 0.08);
      cairo_stroke(cr);
      lay.centre(last.ball_from, &x1, &y1);
      lay.centre(last.ball_to, &x2, &y2);
      draw_arrow(cr, x1, y1, x2, y2, kBallGap, body);
      break;
    }
  }
}

void draw_men(cairo_t* cr, const Style& st, const Layout& lay, const eng::Position& pos) {
  for (int p = 0; p < eng::kBall; ++p) {
    double x, y;
    lay.centre(pos.at[static_cast<std::size_t>(p)], &x, &y);
    const bool black = p < 6;
    const std::string number(1, static_cast<char>('1' + p % 6));
    if (st.look == 'b') {
      cairo_rectangle(cr, x - 0.36, y - 0.24, 0.72, 0.48);
      set_colour(cr, black ? kDark : kWhite);
      cairo_fill_preserve(cr);
      set_colour(cr, kDark);
      cairo_set_line_width(cr, 0.03);
      cairo_stroke(cr);
      set_colour(cr, black ? kWhite : kDark);
      draw_text_centred(cr, (black ? "B" : "W") + number, x, y, 0.32, true);
      continue;
    }
    cairo_new_sub_path(cr);
    cairo_arc(cr, x, y, 0.38, 0, 2 * kPi);
    set_colour(cr, black ? kDark : kWhite);
    cairo_fill_preserve(cr);
    // Print: a black man keeps a black rim, which shows on the white field.
    set_colour(cr, black && st.look != 'p' ? kWhite : kDark);
    cairo_set_line_width(cr, 0.04);
    cairo_stroke(cr);
    set_colour(cr, black ? kWhite : kDark);
    draw_text_centred(cr, number, x, y, 0.55, true);
  }
}

void draw_ball(cairo_t* cr, const Style& st, const Layout& lay, const eng::Position& pos) {
  double x, y;
  lay.centre(pos.ball(), &x, &y);
  if (st.look == 'b') {
    set_colour(cr, kDark);
    draw_text_centred(cr, "O", x, y, 0.5, true);
    return;
  }
  const double r = 0.25;
  cairo_new_sub_path(cr);
  cairo_arc(cr, x, y, r, 0, 2 * kPi);
  set_colour(cr, kWhite);
  cairo_fill_preserve(cr);
  set_colour(cr, kDark);
  cairo_set_line_width(cr, 0.025);
  cairo_stroke(cr);
  // A black pentagon at the centre and five short seams to the rim.
  const double pr = 0.1;
  for (int i = 0; i < 5; ++i) {
    const double a = -kPi / 2 + i * 2 * kPi / 5;
    if (i == 0)
      cairo_move_to(cr, x + pr * std::cos(a), y + pr * std::sin(a));
    else
      cairo_line_to(cr, x + pr * std::cos(a), y + pr * std::sin(a));
  }
  cairo_close_path(cr);
  cairo_fill(cr);
  cairo_set_line_width(cr, 0.02);
  for (int i = 0; i < 5; ++i) {
    const double a = -kPi / 2 + i * 2 * kPi / 5;
    cairo_move_to(cr, x + pr * std::cos(a), y + pr * std::sin(a));
    cairo_line_to(cr, x + 0.2 * std::cos(a), y + 0.2 * std::sin(a));
  }
  cairo_stroke(cr);
}

// The caption: the ply (with GOAL when it scored), the side to move or the result, the players.
CaptionText soccolot_caption(const Style& st, const DiagramRequest& req,
                             const eng::SoccolotState& state) {
  DiagramRequest named = req;
  if (named.players.empty()) {  // --setup: the names the Options gave, if any
    named.players = {state.config().player1, state.config().player2};
  }
  CaptionText text = caption_of(named, {"Black", "White"});
  const eng::Position& pos = state.position();
  if (req.ply > 0 && !req.last_move.empty() &&
      (pos.status == eng::Status::kBlackScored || pos.status == eng::Status::kWhiteScored))
    text.move += "  GOAL";
  if (st.full) text.position = eng::print_position(pos);
  return text;
}

// The height of the drawing above the caption.
constexpr double kAbove = 2 * kCompass + 2 * kGoalDepth + 8;

class SoccolotDrawer : public DiagramDrawer {
 public:
  Extent extent(const DiagramRequest& request) const override {
    const auto* state = dynamic_cast<const eng::SoccolotState*>(request.state);
    if (state == nullptr) return Extent{8 + 2 * kSide, kAbove};
    const CaptionText text = soccolot_caption(parse_style(request), request, *state);
    return Extent{8 + 2 * kSide, kAbove + layout_caption(text, 8 + 2 * kSide, kAbove).height};
  }

  void draw(cairo_t* cr, const DiagramRequest& request) const override {
    const auto* state = dynamic_cast<const eng::SoccolotState*>(request.state);
    if (state == nullptr) return;
    const Style st = parse_style(request);
    Layout lay;
    lay.turned = st.turned;
    const eng::Position& pos = state->position();
    const eng::Rules& rules = state->config().rules;
    draw_field(cr, st, lay, rules);
    draw_goals(cr, st, lay, pos, rules);
    draw_lines(cr, st);
    const bool dark = dark_theme(request) && st.look != 'p';
    draw_compass(cr, lay, dark);
    if (request.coordinates) draw_coordinates(cr, lay, dark);
    if (request.highlight_last && state->last_move().valid && request.ply > 0)
      draw_last_move(cr, st, lay, state->last_move());
    draw_men(cr, st, lay, pos);
    draw_ball(cr, st, lay, pos);
    const CaptionText text = soccolot_caption(st, request, *state);
    draw_caption(cr, text, layout_caption(text, 8 + 2 * kSide, kAbove), kAbove, 8 + 2 * kSide,
                 dark ? kDarkInk : kDark);
  }

  std::vector<std::string> styles() const override {
    return {"a", "b", "c", "print", "a,full", "b,full", "c,full", "print,full"};
  }

  std::optional<std::pair<double, double>> locate(const DiagramRequest& request,
                                                  std::string_view cell) const override {
    Layout lay;
    lay.turned = parse_style(request).turned;
    for (int sq = 0; sq < eng::kSquareCount; ++sq)
      if (same_cell_name(eng::square_name(sq), cell)) {
        double x = 0, y = 0;
        lay.centre(sq, &x, &y);
        return std::make_pair(x, y);
      }
    return std::nullopt;
  }
};

}  // namespace

const render::DiagramDrawer& soccolot_drawer() {
  static const SoccolotDrawer drawer;
  return drawer;
}

}  // namespace scribe::render::soccolot
