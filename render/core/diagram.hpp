// The render interface: what a game's diagram drawer gets and how a diagram becomes a file.
//
// Each game has one DiagramDrawer (render/games/<g>/<g>_diagram.*). It says how large its
// picture is in its own units (extent) and draws onto a Canvas (canvas.hpp: Cairo's drawing
// model) whose user space is those units (draw). render_diagram() scales it to the requested
// size and writes PNG (through Cairo), SVG or PDF (scribe's own writers). Cairo stays private
// to scribe_render.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/game.hpp"

namespace scribe::render {

class Canvas;  // render/core/canvas.hpp
class VectorWriter;  // render/core/vector_canvas.hpp

enum class Format { kPng, kSvg, kPdf };

// Parses "png", "svg", "pdf"; returns false for anything else.
bool parse_format(std::string_view text, Format* out);
// Returns the file extension without dot.
std::string_view format_extension(Format f);

// What to draw.
struct DiagramRequest {
  const engine::Variant* variant = nullptr;
  const engine::State* state = nullptr;
  int ply = 0;                  // the ply number of the position (0 = start)
  std::string last_move;        // the token of ply `ply`, "" at ply 0
  std::string last_mover;       // the side that played it
  std::string style = "flat";   // the game's style name ("flat", "iso", "a", "b", "c", "print")
  bool coordinates = true;      // draw coordinates
  bool highlight_last = true;   // mark the last move
  bool flip = false;            // turn the board for the other side where it makes sense
  std::vector<std::string> players;  // the record's Player1, Player2, ... tags ("" where absent)
  std::vector<std::pair<std::string, std::string>> arrows;  // --arrow FROM-TO, cells by name
  std::vector<std::string> marks;                          // --mark CELL
  // The colour letters (G, R, Y, B) of arrows[i] and marks[i] read from record comments; an
  // annotation past the end of these (every --arrow and --mark) has the default colour.
  std::string arrow_colours;
  std::string mark_colours;
  std::string theme = "light";  // "light", "dark" (a dark page, light text) or "print"
  bool transparent = false;     // no background: PNG with alpha, SVG and PDF without a fill
};


// The size of a drawing in the drawer's own units.
struct Extent {
  double width = 0;
  double height = 0;
};

// The length of a picture that --size sets, in drawer units: its longer side, or in the "full"
// styles its width (their position text wraps under the board at a legible size and makes the
// picture as tall as it needs, rather than the board and text shrinking).
inline double sized_length(const DiagramRequest& request, const Extent& extent) {
  const std::string_view full = "full";
  const std::string_view style = request.style;
  if (style.size() >= full.size() && style.substr(style.size() - full.size()) == full)
    return extent.width;
  return extent.width > extent.height ? extent.width : extent.height;
}

// Draws one game's positions.
class DiagramDrawer {
 public:
  virtual ~DiagramDrawer() = default;
  // Returns the picture's size in drawer units for this request (margins and caption included).
  virtual Extent extent(const DiagramRequest& request) const = 0;
  // Draws the picture onto `cv`, whose user space is drawer units with (0,0) at the top left and
  // y pointing down. The background is already filled with white (unless the request is
  // transparent: then the drawer leaves out its own background fill too).
  virtual void draw(Canvas& cv, const DiagramRequest& request) const = 0;
  // Why the picture of `request` drawn `size` pixels on its sized_length() cannot show all it
  // should (a sentence for a warning; the picture is still drawn), or "" when it can.
  virtual std::string limitation(const DiagramRequest& request, int size) const {
    (void)request;
    (void)size;
    return {};
  }
  // Names of the styles this drawer knows; the first is the default.
  virtual std::vector<std::string> styles() const = 0;
  // The centre of the cell named `cell` in the game's notation, in drawer units as draw() puts
  // it for `request`, or nothing when the board has no such cell (annotations).
  virtual std::optional<std::pair<double, double>> locate(const DiagramRequest& request,
                                                          std::string_view cell) const {
    (void)request;
    (void)cell;
    return std::nullopt;
  }
};

// The key of the unchanging part of `request`'s drawing (Canvas::begin_static): the game,
// variant and options, the style, theme, background, coordinates and flip, and `extra` for
// anything else the drawer's part depends on.
std::string static_key(const DiagramRequest& request, std::string_view extra = {});

// Checks the annotations of a request against its board: "" when every cell is known, else
// a message naming the first unknown one.
std::string check_annotations(const DiagramDrawer& drawer, const DiagramRequest& request);

// Adds to `request` the annotations written in a record comment in the form chess tools use:
// `[%cal Gb2b4,Rc3c5]` (arrows) and `[%csl Rc3]` (rings), each a colour letter (G, R, Y, B)
// and cells in the game's own notation (an arrow's two cells may be joined by '-'). Other
// `[%...]` commands and plain text are left alone. A malformed annotation is left out and
// reported in `warnings` (code render.annotation, at its line and column).
void add_comment_annotations(const DiagramDrawer& drawer, const notation::Comment& comment,
                             DiagramRequest& request, std::vector<notation::Diagnostic>* warnings);

// Whether `theme` is one this build draws ("light", "dark", "print").
bool known_theme(std::string_view theme);

// The request as `drawer` draws it in the request's theme: "print" turns a style into its
// black-and-white form ("flat" -> "print", "iso" -> "iso-print", "a,full" -> "print,full").
DiagramRequest themed(const DiagramDrawer& drawer, const DiagramRequest& request);

// Whether the request asks for the dark theme (drawers: page and text colours); a print style
// stays black on white.
inline bool dark_theme(const DiagramRequest& request) {
  return request.theme == "dark" && request.style.find("print") == std::string::npos;
}

// Options of the file encoders.
struct EncodeOptions {
  int size = 400;             // pixels (PNG) or points (SVG, PDF) of sized_length()
  int png_compression = 1;    // zlib level 0..9 for PNG
};

// Draws `request` with `drawer` and returns the bytes of the file in `format`. The output is
// byte-identical for equal input (no timestamps).
std::string render_diagram(const DiagramDrawer& drawer, const DiagramRequest& request,
                           Format format, const EncodeOptions& options);

// The size of `request`'s SVG drawn with `options` (pixels) and the scale from drawer units.
struct VectorSize {
  double width = 0;
  double height = 0;
  double scale = 1;
};
VectorSize vector_size(const DiagramDrawer& drawer, const DiagramRequest& request,
                       const EncodeOptions& options);

// Draws `request` at `size` onto `writer` as render_diagram() draws its SVG (the page filled,
// the drawer's picture, the annotations): for a caller with a VectorWriter of its own.
void draw_vector(const DiagramDrawer& drawer, const DiagramRequest& request,
                 const VectorSize& size, VectorWriter& writer);

}  // namespace scribe::render
