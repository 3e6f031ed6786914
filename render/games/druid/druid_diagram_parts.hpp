// Internal pieces of the Druid diagram drawer, shared by druid_diagram.cpp (flat stones, marks,
// caption, the drawer), druid_iso.cpp (the "iso" view) and druid_board_drawing.cpp (layout,
// cells, edges, coordinates). Include only from render/games/druid/.
#pragma once

#include <cairo.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/games/druid/druid_state.hpp"
#include "render/core/diagram.hpp"
#include "render/core/theme.hpp"

namespace scribe::render::druid::detail {

using engine::board::Compass;
using engine::druid::Board;
using engine::druid::BoardKind;
using engine::druid::DruidState;
using engine::druid::LastMove;
using engine::druid::UnitKind;

inline constexpr double kMargin = 0.8;
inline constexpr double kTitle = 0.6;         // style "full": the board's title above the board
inline constexpr double kHexSide = 0.58;
inline constexpr double kStrip = 0.18;
inline constexpr double kIsoUnit = 0.25;  // style "iso": the rise of one unit on the page
// Style "iso": the most a stack rises. A stack rising this far above the stack behind it still
// leaves half of that stack's top face (and its numeral) in view.
inline constexpr double kIsoLift = 0.5;
// Style "iso": the thinnest a level may be drawn, in device pixels, for its band to be told
// from the next (measured by eye: below 2 px the bands of a stack merge into one grey).
inline constexpr double kIsoMinLevelPx = 2.0;
inline const double kSqrt3 = std::sqrt(3.0);

// The colours of §13.
inline Colour side_colour(char letter) {
  switch (letter) {
    case 'V':
      return hex_colour("#B3261E");
    case 'H':
      return hex_colour("#1F5FA8");
    case 'X':
      return hex_colour("#2B2B2B");
    case 'O':
      return hex_colour("#F4F1EA");
    case 'Y':
      return hex_colour("#E3A21A");
  }
  return hex_colour("#808080");
}
inline const Colour kBoard = hex_colour("#EDE6D6");
inline const Colour kCellBorder = hex_colour("#8A7F6A");
inline const Colour kOutline = hex_colour("#222222");
inline const Colour kDark = hex_colour("#2B2B2B");
inline const Colour kHighlight = hex_colour("#FFD400");
inline const Colour kWinPath = hex_colour("#1E9E4A");  // the winning path (flat and iso)
inline const Colour kWhite = hex_colour("#FFFFFF");
inline const Colour kText = hex_colour("#222222");

// Where everything goes, in drawer units (y down).
struct Layout {
  const DruidState* st = nullptr;
  const Board* b = nullptr;
  bool hex = false;  // hex or Y board
  bool full = false;
  bool iso = false;
  bool print = false;  // black and white ("print", "iso-print")
  bool flip = false;   // the board turned 180 degrees
  bool dark = false;   // the dark theme: text off the board is light
  double unit = 0;     // iso: the rise of one level on the page (0 in the flat views)
  double s = 1;           // square cell size, or hexagon side
  double left = kMargin;  // x of the board's left edge
  double top = kMargin;   // y of the board's top edge
  double board_w = 0, board_h = 0;
  double minx = 0, maxy = 0;  // board space bounds (hex)
  double lift = 0;            // iso: extra room above the board for tall stacks
  double min_text = 0;        // the smallest font size (user units): 9.3 px at 400 px
  double width = 0, height = 0;
  std::vector<bool> path;  // flat views: the cells the winning path crosses

  // Whether the winning path is drawn through `cell`.
  bool on_path(int cell) const {
    return cell >= 0 && static_cast<std::size_t>(cell) < path.size() &&
           path[static_cast<std::size_t>(cell)];
  }

  // Returns the centre of a cell in drawer units (at ground level).
  std::pair<double, double> centre(int cell) const {
    double x = 0, y = 0;
    if (!hex) {
      const auto c = b->coords[static_cast<std::size_t>(cell)];
      x = c.col + 0.5;
      y = (b->size - c.row) + 0.5;
    } else {
      const auto p = b->centres[static_cast<std::size_t>(cell)];
      x = p.x * s - minx;
      y = maxy - p.y * s;
    }
    if (flip) {
      x = board_w - x;
      y = board_h - y;
    }
    return {left + x, top + lift + y};
  }
  // +1, or -1 when the board is turned: multiplies offsets that follow the board's directions.
  double turn() const { return flip ? -1.0 : 1.0; }
};

// The print fill of a side letter: V and O white, H and X black, Y hatched.
inline PrintFill print_fill_of(char letter) {
  switch (letter) {
    case 'H':
    case 'X':
      return PrintFill::kBlack;
    case 'Y':
      return PrintFill::kHatch;
    default:
      return PrintFill::kWhite;
  }
}

// Returns the layout of a position for a request.
Layout make_layout(const DruidState& st, const DiagramRequest& req);
// Adds the outline of a cell (square or hexagon) scaled by `k` around its centre, lifted by dy.
void cell_path(Canvas& cv, const Layout& l, int cell, double k, double dy = 0);
// Fills the current path with `fill` and strokes it with `line` of width `w`.
void fill_stroke(Canvas& cv, const Colour& fill, const Colour& line, double w);
// Fills the current path as a stone of side `letter` (its colour, or its b/w fill in print) and
// strokes it `w` wide: in `line` (colour) or black (print).
void stone_fill(Canvas& cv, const Layout& l, char letter, const Colour& line, double w);
// The colour of text drawn on a stone of side `letter`.
Colour ink_on(const Layout& l, char letter);
// Draws the last-move ring round a cell lifted by dy: yellow on a dark rim, or in print a heavy
// black ring on a white halo.
void highlight_ring(Canvas& cv, const Layout& l, int cell, double dy);
// Strokes the current path as a highlight `w` wide (yellow on a dark rim, or black on white).
void highlight_stroke(Canvas& cv, const Layout& l, double w);
// Draws the height numeral of a cell whose top face is centred on (x, y).
void draw_numeral(Canvas& cv, const Layout& l, int cell, double x, double y, double size);
// Draws the stones of the "iso" views, back to front, with their numerals, last-move rings and
// the winning group's outline (druid_iso.cpp).
void draw_iso_scene(Canvas& cv, const Layout& l, const DiagramRequest& req);
// Returns the side letter of a side index.
char letter_of(const Layout& l, int side);
// Draws the coloured edge strips. In the iso views the frame is the board swept up by the
// tallest stack's rise: the strips of the edges that face up the page are drawn that much
// higher, so that no stone standing on the board crosses them.
void draw_edges(Canvas& cv, const Layout& l);
// Adds the path of a boundary segment from (x0, y0) to (x1, y1) with outward normal (nx, ny) as
// the frame draws it: the segment itself in the flat views, swept up by the lift in the iso
// views (stroked as a strip, it covers every place the edge takes between ground and lift).
void frame_segment_path(Canvas& cv, const Layout& l, double x0, double y0, double x1, double y1);
// Where the frame draws a point of a boundary segment whose outward normal is (nx, ny): lifted
// in the iso views when the normal points up the page (the stars of the Walk targets).
double frame_y(const Layout& l, double y, double ny);
// Adds the path of the board's floor: the cells, swept up by the lift in the iso views (the
// region inside the frame).
void floor_path(Canvas& cv, const Layout& l);
// The page bounding box of a drawn unit (a block of the iso views), in drawer units.
struct Box {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};
// The bounding boxes of every unit the iso views draw, for checks of the geometry (tests).
std::vector<Box> iso_unit_boxes(const Layout& l);
// Draws the Walk target marks.
void draw_targets(Canvas& cv, const Layout& l);
// Draws the empty board.
void draw_cells(Canvas& cv, const Layout& l);
// Draws the coordinates in the margin.
void draw_coordinates(Canvas& cv, const Layout& l);

}  // namespace scribe::render::druid::detail
