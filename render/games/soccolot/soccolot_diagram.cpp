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

void draw_field(Canvas& cv, const Style& st, const Layout& lay, const eng::Rules& rules) {
  for (int r = 1; r <= 8; ++r)
    for (int f = 0; f < 8; ++f) {
      double x, y;
      lay.corner(f, r, &x, &y);
      cv.rectangle(x, y, 1, 1);
      cv.set_colour(plain(st) ? kWhite : (r % 2 == 0 ? kStripeA : kStripeB));
      cv.fill();
    }
  if (rules.goal == eng::GoalRule::kBackrow) {
    // The back rows are the goals: tinted with 25 % of the scoring side's colour.
    for (int r : {8, 1}) {
      double x, y;
      lay.corner(0, r, &x, &y);
      if (lay.turned) lay.corner(7, r, &x, &y);
      cv.rectangle(x, y, 8, 1);
      if (st.look == 'p' && r == 1) {
        // Print: White's tint would not show on white; grey hatching instead.
        SavedState saved(cv);
        cv.clip();
        cv.set_colour(hex_colour("#BBBBBB"));
        cv.set_line_width(0.025);
        for (double d = -1; d < 9; d += 0.2) {
          cv.move_to(x + d, y + 1);
          cv.line_to(x + d + 1, y);
        }
        cv.stroke();
        continue;
      }
      cv.set_colour(with_alpha(side_colour(r == 8 ? eng::Side::kBlack : eng::Side::kWhite), 0.25));
      cv.fill();
    }
  }
}

void draw_goals(Canvas& cv, const Style& st, const Layout& lay, const eng::Position& pos,
                const eng::Rules& rules) {
  const bool beyond = rules.goal == eng::GoalRule::kBeyond;
  for (int which : {9, 0}) {
    const double top = lay.goal_top(which);
    {
      SavedState saved(cv);
      const bool scored = beyond && eng::rank_of(pos.ball()) == which;
      cv.rectangle(kFieldX, top, 8, kGoalDepth);
      cv.set_colour(plain(st) ? (st.look == 'p' && scored ? hex_colour("#DDDDDD") : kWhite)
                               : kStripeB);
      cv.fill_preserve();
      cv.clip();
      if (beyond) {
        // The net.
        cv.set_colour(plain(st) ? hex_colour("#CCCCCC") : with_alpha(kWhite, 0.4));
        cv.set_line_width(0.025);
        for (double d = -1; d < 9; d += 0.2) {
          cv.move_to(kFieldX + d, top);
          cv.line_to(kFieldX + d + kGoalDepth, top + kGoalDepth);
          cv.move_to(kFieldX + d + kGoalDepth, top);
          cv.line_to(kFieldX + d, top + kGoalDepth);
        }
        cv.stroke();
        // A goal scored here: tinted in the scorer's colour (print: the grey fill above).
        if (scored && st.look != 'p') {
          cv.rectangle(kFieldX, top, 8, kGoalDepth);
          cv.set_colour(with_alpha(side_colour(which == 9 ? eng::Side::kBlack : eng::Side::kWhite),
                                    0.45));
          cv.fill();
        }
      }
    }
    cv.rectangle(kFieldX, top, 8, kGoalDepth);
    cv.set_colour(plain(st) ? kDark : kWhite);
    const bool scored_here = eng::rank_of(pos.ball()) == which;
    const double heavy = st.look == 'p' && beyond && scored_here ? 0.12 : 0.04;
    cv.set_line_width(st.look == 'b' ? 0.03 : st.look == 'p' ? heavy : 0.08);
    cv.stroke();
    if (!beyond) continue;
    const Colour ink = plain(st) ? kDark : (scored_here && which == 0) ? kDark : kWhite;
    cv.set_colour(ink);
    draw_text_centred(cv, "GOAL", kFieldX + 2.0, top + kGoalDepth / 2, 0.36, true);
    draw_text_centred(cv, which == 9 ? "Black scores" : "White scores", kFieldX + 6.0,
                      top + kGoalDepth / 2, kSmallText);
  }
}

void draw_lines(Canvas& cv, const Style& st) {
  cv.set_colour(plain(st) ? kDark : kWhite);
  cv.set_line_width(st.look == 'b' ? 0.02 : 0.04);
  for (int i = 1; i < 8; ++i) {
    cv.move_to(kFieldX + i, kFieldY);
    cv.line_to(kFieldX + i, kFieldY + 8);
    cv.move_to(kFieldX, kFieldY + i);
    cv.line_to(kFieldX + 8, kFieldY + i);
  }
  cv.stroke();
  cv.set_line_width(st.look == 'b' ? 0.04 : 0.08);
  cv.rectangle(kFieldX, kFieldY, 8, 8);
  cv.stroke();
}

// Draws the compass letters in the corners of the margins, placed for the orientation.
void draw_compass(Canvas& cv, const Layout& lay, bool dark) {
  cv.set_colour(dark ? kDarkInk : kGrey);
  const char* top = lay.turned ? "N" : "S";
  const char* bottom = lay.turned ? "S" : "N";
  const char* left = lay.turned ? "W" : "E";
  const char* right = lay.turned ? "E" : "W";
  draw_text_centred(cv, top, kSide * 0.4, kCompass / 2, 0.4, true);
  draw_text_centred(cv, bottom, kSide * 0.4, kFieldY + 8 + kGoalDepth + kCompass / 2, 0.4, true);
  draw_text_centred(cv, left, kSide * 0.3, kFieldY + 4, 0.4, true);
  draw_text_centred(cv, right, kFieldX + 8 + kSide * 0.7, kFieldY + 4, 0.4, true);
}

// Draws the rank numbers beside the field and the file letters in the bands above and below,
// clear of every man.
void draw_coordinates(Canvas& cv, const Layout& lay, bool dark) {
  cv.set_colour(dark ? kDarkInk : kGrey);
  for (int r = 1; r <= 8; ++r) {
    double x, y;
    lay.corner(0, r, &x, &y);
    const std::string label(1, static_cast<char>('0' + r));
    draw_text_centred(cv, label, kFieldX - 0.25, y + 0.5, kSmallText + 0.04);
    draw_text_centred(cv, label, kFieldX + 8 + 0.25, y + 0.5, kSmallText + 0.04);
  }
  for (int f = 0; f < 8; ++f) {
    double x, y;
    lay.corner(f, 1, &x, &y);
    const std::string label(1, static_cast<char>('a' + f));
    draw_text_centred(cv, label, x + 0.5, kCompass / 2, kSmallText + 0.04);
    draw_text_centred(cv, label, x + 0.5, kFieldY + 8 + kGoalDepth + kCompass / 2,
                      kSmallText + 0.04);
  }
}

// Draws an arrow from (x1, y1) towards (x2, y2), its tip `gap` short of (x2, y2) so that the
// piece drawn there later does not hide it: `body` (yellow, or white in print) with a dark edge.
void draw_arrow(Canvas& cv, double x1, double y1, double x2, double y2, double gap,
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
  cv.move_to(x1 + px * shaft, y1 + py * shaft);
  cv.line_to(bx + px * shaft, by + py * shaft);
  cv.line_to(bx + px * head, by + py * head);
  cv.line_to(x2, y2);
  cv.line_to(bx - px * head, by - py * head);
  cv.line_to(bx - px * shaft, by - py * shaft);
  cv.line_to(x1 - px * shaft, y1 - py * shaft);
  cv.close_path();
  cv.set_colour(body);
  cv.fill_preserve();
  cv.set_colour(kDark);
  cv.set_line_width(0.025);
  cv.stroke();
}

// How far short of a man's and of the ball's centre an arrow stops.
constexpr double kManGap = 0.4;
constexpr double kBallGap = 0.27;

void draw_last_move(Canvas& cv, const Style& st, const Layout& lay, const eng::LastMove& last) {
  const Colour body = st.look == 'p' ? kWhite : kYellow;
  double x1, y1, x2, y2;
  switch (last.move.action) {
    case eng::Action::kRun:
      lay.centre(last.man_from, &x1, &y1);
      lay.centre(last.man_to, &x2, &y2);
      draw_arrow(cv, x1, y1, x2, y2, kManGap, body);
      break;
    case eng::Action::kDribble: {
      // Two parallel arrows, shifted apart across the direction of travel.
      for (int which = 0; which < 2; ++which) {
        lay.centre(which == 0 ? last.man_from : last.ball_from, &x1, &y1);
        lay.centre(which == 0 ? last.man_to : last.ball_to, &x2, &y2);
        draw_arrow(cv, x1, y1, x2, y2, which == 0 ? kManGap : kBallGap, body);
      }
      break;
    }
    case eng::Action::kKick: {
      lay.centre(last.man_from, &x1, &y1);
      cv.new_sub_path();
      cv.arc(x1, y1, 0.46, 0, 2 * kPi);
      cv.set_colour(kDark);
      cv.set_line_width(0.14);
      cv.stroke_preserve();
      cv.set_colour(body);
      cv.set_line_width(0.08);
      cv.stroke();
      lay.centre(last.ball_from, &x1, &y1);
      lay.centre(last.ball_to, &x2, &y2);
      draw_arrow(cv, x1, y1, x2, y2, kBallGap, body);
      break;
    }
  }
}

// Man p (0-5 Black, 6-11 White) centred on (x, y).
void draw_man(Canvas& cv, const Style& st, int p, double x, double y) {
  const bool black = p < 6;
  const std::string number(1, static_cast<char>('1' + p % 6));
  if (st.look == 'b') {
    cv.rectangle(x - 0.36, y - 0.24, 0.72, 0.48);
    cv.set_colour(black ? kDark : kWhite);
    cv.fill_preserve();
    cv.set_colour(kDark);
    cv.set_line_width(0.03);
    cv.stroke();
    cv.set_colour(black ? kWhite : kDark);
    draw_text_centred(cv, (black ? "B" : "W") + number, x, y, 0.32, true);
    return;
  }
  // Print: a black man keeps a black rim, which shows on the white field.
  outlined_disc(cv, x, y, 0.38, black ? kDark : kWhite, black && st.look != 'p' ? kWhite : kDark,
                0.04);
  cv.set_colour(black ? kWhite : kDark);
  draw_text_centred(cv, number, x, y, 0.55, true);
}

// Each man on his square is a part (Canvas::begin_part): a replay page draws it once.
void draw_men(Canvas& cv, const Style& st, const Layout& lay, const eng::Position& pos) {
  for (int p = 0; p < eng::kBall; ++p) {
    double x, y;
    lay.centre(pos.at[static_cast<std::size_t>(p)], &x, &y);
    if (!cv.begin_part(part_key('m', {x, y, double(p)}))) continue;
    draw_man(cv, st, p, x, y);
    cv.end_part();
  }
}

// The ball centred on (x, y).
void draw_ball_at(Canvas& cv, const Style& st, double x, double y) {
  if (st.look == 'b') {
    cv.set_colour(kDark);
    draw_text_centred(cv, "O", x, y, 0.5, true);
    return;
  }
  const double r = 0.25;
  outlined_disc(cv, x, y, r, kWhite, kDark, 0.025);
  cv.set_colour(kDark);
  // A black pentagon at the centre and five short seams to the rim.
  const double pr = 0.1;
  for (int i = 0; i < 5; ++i) {
    const double a = -kPi / 2 + i * 2 * kPi / 5;
    if (i == 0)
      cv.move_to(x + pr * std::cos(a), y + pr * std::sin(a));
    else
      cv.line_to(x + pr * std::cos(a), y + pr * std::sin(a));
  }
  cv.close_path();
  cv.fill();
  cv.set_line_width(0.02);
  for (int i = 0; i < 5; ++i) {
    const double a = -kPi / 2 + i * 2 * kPi / 5;
    cv.move_to(x + pr * std::cos(a), y + pr * std::sin(a));
    cv.line_to(x + 0.2 * std::cos(a), y + 0.2 * std::sin(a));
  }
  cv.stroke();
}

// The ball, a part as the men are.
void draw_ball(Canvas& cv, const Style& st, const Layout& lay, const eng::Position& pos) {
  double x, y;
  lay.centre(pos.ball(), &x, &y);
  if (!cv.begin_part(part_key('b', {x, y}))) return;
  draw_ball_at(cv, st, x, y);
  cv.end_part();
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

  void draw(Canvas& cv, const DiagramRequest& request) const override {
    const auto* state = dynamic_cast<const eng::SoccolotState*>(request.state);
    if (state == nullptr) return;
    const Style st = parse_style(request);
    Layout lay;
    lay.turned = st.turned;
    const eng::Position& pos = state->position();
    const eng::Rules& rules = state->config().rules;
    const bool dark = dark_theme(request) && st.look != 'p';
    // The field, goals, lines, compass and coordinates change only when a goal is scored
    // (the ball on a goal rank): the key says which rank the ball is on then.
    const bool beyond = rules.goal == eng::GoalRule::kBeyond;
    const int ball_rank = eng::rank_of(pos.ball());
    const bool on_goal = beyond && (ball_rank == 0 || ball_rank == 9);
    if (cv.begin_static(static_key(request, on_goal ? std::to_string(ball_rank) : ""))) {
      draw_field(cv, st, lay, rules);
      draw_goals(cv, st, lay, pos, rules);
      draw_lines(cv, st);
      draw_compass(cv, lay, dark);
      if (request.coordinates) draw_coordinates(cv, lay, dark);
      cv.end_static();
    }
    if (request.highlight_last && state->last_move().valid && request.ply > 0)
      draw_last_move(cv, st, lay, state->last_move());
    draw_men(cv, st, lay, pos);
    draw_ball(cv, st, lay, pos);
    const CaptionText text = soccolot_caption(st, request, *state);
    draw_caption(cv, text, layout_caption(text, 8 + 2 * kSide, kAbove), kAbove, 8 + 2 * kSide,
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
