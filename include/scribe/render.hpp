// Drawing a position as a picture: PNG, SVG or PDF bytes, as `scribe render` draws them.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "scribe/export.hpp"
#include "scribe/game.hpp"

namespace scribe {

// The file format of a drawing.
enum class ImageFormat { kPng, kSvg, kPdf };

// How to draw a position.
struct DrawOptions {
  ImageFormat format = ImageFormat::kPng;
  // Pixels (PNG) or points (SVG, PDF) of the picture's longer side (its width in the "full"
  // styles).
  int size = 400;
  // One of GameInfo::styles of the position's game; "" for the game's default.
  std::string style;
  std::string theme = "light";  // "light", "dark" or "print"
  bool transparent = false;     // no background fill
  bool coordinates = true;      // cell names along the edges
  bool highlight_last = true;   // mark the last move (when the position knows it)
  bool flip = false;            // turn the board for the other side where the game allows it
  // Arrows from one cell to another and ringed cells, cells named in the game's notation.
  std::vector<std::pair<std::string, std::string>> arrows;
  std::vector<std::string> marks;
};

// Returns the bytes of the picture of `position`. The output is the same for equal input.
// Throws scribe::Error for a size under 16 or over 20000, an unknown style or theme, or an
// arrow or mark on a cell the board does not have.
SCRIBE_API std::string draw(const Position& position, const DrawOptions& options = {});

}  // namespace scribe
