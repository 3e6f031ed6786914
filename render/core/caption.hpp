// The caption under every diagram, one layout for every game: the ply and its text on the first
// line (room after it for a game's glyphs, such as dice) with the side to move or the result at
// its right; the players the record's tags name on the next line (nothing when it names none);
// a game's own note; and in the "full" styles the position text, wrapped to the picture's
// width. Text sizes follow the length --size sets (sized_length), so that at 400 px the first
// line is 12 px and the smallest line 9.4 px. Include only from render/ sources.
#pragma once

#include <string>
#include <vector>

#include "render/core/diagram.hpp"
#include "render/core/theme.hpp"

namespace scribe::render {

// What a caption says.
struct CaptionText {
  std::string move;       // "12. V e4", or "start"
  std::string status;     // "V to move", "V wins", "draw"
  std::string players;    // "V: Ann, H: Bob", or "" when the record names nobody
  std::string note;       // a game's own line, or ""
  std::string position;   // the position text (styles "full"), or ""
  double move_extra = 0;  // room kept on the move's line for a game's glyphs (dice), in ems
  // Where the move text starts after the caption's left edge, in ems of the first line: a game
  // that draws its glyphs before the move (Savoya's dice) keeps them at one place from ply to
  // ply (0: the glyphs go after the move text).
  double move_indent = 0;
};

// The caption of a request: its ply and move, the side to move or the result of its state, and
// the players of its record. `sides` are the side names in seat order (the order of the
// record's PlayerN tags); `seat_of_side`, when given, maps a side index to its seat (Druid's
// swap).
CaptionText caption_of(const DiagramRequest& req, const std::vector<std::string>& sides,
                       const std::vector<int>& seat_of_side = {});

// Where a caption's lines go, for a picture `width` units wide.
struct CaptionLayout {
  double em = 0;              // font size of the first line (user units); the others are smaller
  double height = 0;          // the caption's height (user units)
  bool status_below = false;  // the status has a line of its own
  std::vector<std::string> position_lines;  // the position text, wrapped
};

// The ratio of the first line's font size to the picture's longer side.
inline constexpr double kCaptionEmRatio = 0.03;

// Lays out `text` under a drawing `above` units tall in a picture `width` units wide. The font
// size follows the picture's longer side (above + caption height, or width); with a position
// text (the "full" styles, which --size sets by their width) it follows the width, and the
// text wraps to as many lines as it needs.
CaptionLayout layout_caption(const CaptionText& text, double width, double above);

// Draws the caption with its top at `top` in a picture `width` units wide, in `ink`. Returns
// the x where the move text ends (a game draws its glyphs from there, `move_extra` ems wide,
// unless it keeps them before the move: `move_indent`).
double draw_caption(Canvas& cv, const CaptionText& text, const CaptionLayout& layout, double top,
                    double width, const Colour& ink);

// The baseline y of the caption's first line, for glyphs drawn beside the move text.
double caption_first_baseline(const CaptionLayout& layout, double top);
// The x of the caption's left edge (where its lines start).
double caption_left(const CaptionLayout& layout);

}  // namespace scribe::render
