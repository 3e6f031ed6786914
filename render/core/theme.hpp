// Colours and fonts shared by the diagrams, and small drawing helpers on a Canvas.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "render/core/canvas.hpp"

namespace scribe::render {

// Reads "#RRGGBB" (compile-time constant text); asserts on malformed input.
Colour hex_colour(std::string_view hex);

// The font family used by every diagram.
inline constexpr const char* kFontFamily = "DejaVu Sans";
inline constexpr const char* kMonoFamily = "DejaVu Sans Mono";

// Draws a disc of radius `r` at (x, y) in `fill` with an outline `w` wide in `line` (centred on
// the radius), as two filled discs: Cairo fills a circle several times faster than it strokes
// one, with the same look. Translucent colours fall back to a fill and a stroke.
void outlined_disc(Canvas& cv, double x, double y, double r, const Colour& fill,
                   const Colour& line, double w);
// Draws a ring of radius `r`, `w` wide, in the current colour, as a filled annulus (faster than
// a stroke in Cairo). The current path is cleared first.
void filled_ring(Canvas& cv, double x, double y, double r, double w);

// The key of a part of a drawing (Canvas::begin_part): `kind`, then `numbers` (places, sizes,
// counts, flags: all a part depends on) as their bytes. The characters are the calling
// thread's, valid until its next call (hand them straight to begin_part).
std::string_view part_key(char kind, std::initializer_list<double> numbers);

// Draws `text` centred on (x, y) with the given font size (user units) and weight.
void draw_text_centred(Canvas& cv, std::string_view text, double x, double y, double size,
                       bool bold = false);
// Draws `text` with its left baseline point at (x, y).
void draw_text_left(Canvas& cv, std::string_view text, double x, double y, double size,
                    bool bold = false, bool mono = false);

// Returns the advance width of `text` in user units at `size` (the width draw_text_left uses).
double text_advance(Canvas& cv, std::string_view text, double size, bool bold = false,
                    bool mono = false);

// The smallest text drawn while a probe is installed (tests: legibility at a given size).
struct TextProbe {
  // One text drawn: what it said and its font size in device pixels.
  struct Text {
    std::string text;
    double px = 0;
  };
  std::vector<Text> texts;
};
// Installs `probe` for the calling thread (nullptr removes it). Every text drawn through the
// helpers above reports its font size in device pixels (through the context's matrix) to it.
void set_text_probe(TextProbe* probe);

// Whether two cell names are the same, ignoring ASCII case ("E4" and "e4").
inline bool same_cell_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const char x = a[i] >= 'A' && a[i] <= 'Z' ? static_cast<char>(a[i] - 'A' + 'a') : a[i];
    const char y = b[i] >= 'A' && b[i] <= 'Z' ? static_cast<char>(b[i] - 'A' + 'a') : b[i];
    if (x != y) return false;
  }
  return true;
}

// Whether text on a fill of colour `c` should be white (dark fill) rather than dark.
bool wants_light_text(const Colour& c);

// ---- The "dark" theme: a dark page, light text; the boards keep their colours. ----
inline constexpr Colour kDarkPage{0.122, 0.125, 0.137, 1};  // #1F2023
inline constexpr Colour kDarkInk{0.925, 0.925, 0.925, 1};   // #ECECEC
inline constexpr Colour kDarkLines{0.62, 0.62, 0.62, 1};    // #9E9E9E

// ---- The "print" style: black lines and text on white, for printers and photocopiers. ----

// How the pieces of one side are filled in the print style, so that sides differ without colour:
// white with a black outline, solid black, black diagonal hatching, black dots.
enum class PrintFill { kWhite, kBlack, kHatch, kDots };

// The print fill of side number `side` in seat order: 0 white, 1 black, 2 hatched, 3 dotted
// (further sides wrap round).
PrintFill print_fill_of_side(int side);

// The ink, paper and greys of the print style (every one has r == g == b).
inline constexpr Colour kPrintInk{0, 0, 0, 1};
inline constexpr Colour kPrintPaper{1, 1, 1, 1};
inline constexpr Colour kPrintGrey{0.5, 0.5, 0.5, 1};
inline constexpr Colour kPrintLight{0.86, 0.86, 0.86, 1};

// Fills the current path with `fill` (hatching and dots are vector strokes clipped to the path,
// `spacing` user units apart, so SVG and PDF stay shapes) and strokes its outline in black,
// `line_width` wide (no outline when 0). Consumes the path.
void print_fill_stroke(Canvas& cv, PrintFill fill, double spacing, double line_width);

// The colour of text or marks drawn on `fill`: white on black, black otherwise. On hatched or
// dotted fills, put a white backing under the text first (print_text_backing).
Colour print_ink_on(PrintFill fill);

// Draws a white disc of radius `r` at (x, y) when `fill` is patterned, so that text on it reads.
void print_text_backing(Canvas& cv, PrintFill fill, double x, double y, double r);

}  // namespace scribe::render
