// The boards of a replay page as compact data: every ply's SVG drawing as a list of lines, the
// distinct lines kept once, and each drawing coded as the change from the drawing before it
// (page.js decodes them). The drawings are drawn through a VectorWriter of the page's own: an
// element (a path, a text) drawn with the same numbers as one before is not formatted again,
// and the unchanging part of the drawings (the board: what a drawer draws between
// Canvas::begin_static and end_static) is drawn once per page and kept apart, each drawing
// holding a line `<static N>` in its place. Every line is what `scribe render --format
// svg` writes (render::SvgWriter formats each one).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "app/html/intern_table.hpp"
#include "render/core/diagram.hpp"

namespace scribe::html {

// Collects the drawings of a page in order, one per ply.
class FrameCoder {
 public:
  FrameCoder();
  ~FrameCoder();
  FrameCoder(const FrameCoder&) = delete;
  FrameCoder& operator=(const FrameCoder&) = delete;

  // Draws `request` with `drawer` as the next drawing (as render_diagram() draws its SVG,
  // without title and description: the page names the position itself).
  void draw(const render::DiagramDrawer& drawer, const render::DiagramRequest& request,
            const render::EncodeOptions& options);
  // Appends the data as a JSON object's members: "font": the font attribute of the texts
  // (written \u0001 in the parts), "styles": [...] the openings of the paths (style_prefixes),
  // "statics": [...] the unchanging parts, "frames": [[...], ...]. A frame is made from the one
  // before it (none for the first): a negative number
  // -(s + 1) followed by a length n copies that frame's lines s..s+n-1, and a number i >= 0
  // adds line i of the dictionary (append_lines_text).
  void append_json_members(std::string& out) const;
  // Appends the dictionary of lines as plain text for an HTML <script type="text/plain">, a
  // line each: the font attribute written "<%>", a line break in a text "&#10;", a line
  // "<static N>" standing for unchanging part N, and a path's opening up to its ` d="` written
  // "<#N>" when it is style N (a path's attributes are most of its line, and a few dozen
  // styles serve a whole page). Nothing needs escaping there: SvgWriter writes
  // '<' only to open its own elements (never "<script" or "<!--").
  void append_lines_text(std::string& out) const;
  // How many drawings were added.
  std::size_t size() const { return frames_; }
  // Forgets every drawing, keeping the memory, for the next page.
  void clear();

 private:
  class Writer;
  friend class Writer;

  // The font attribute nearly every text has ("" when none has).
  std::string font() const;
  // The openings of the dictionary's paths (from "<path" up to their ` d="`) long enough to be
  // worth a number: each once, in the order they first come (`list`), and the number of each.
  struct Styles {
    std::vector<std::string_view> list;
    std::unordered_map<std::string_view, int> numbers;
  };
  Styles style_prefixes() const;
  // The number of `line` in the dictionary, added when new.
  int line_number(std::string_view line);
  // Codes the drawing in now_ from the one before.
  void add_frame();

  std::unique_ptr<Writer> writer_;
  std::vector<std::string> statics_;  // the unchanging parts, lines ending in '\n'
  InternTable lines_;                 // the dictionary, numbered
  std::vector<int> previous_;         // the lines of the drawing added last
  std::vector<int> now_;              // the lines of the drawing being drawn
  std::vector<int> where_;            // per dictionary line: 1 + its first place in previous_, or 0
  std::string coded_;                 // the frames so far, as JSON array elements
  std::size_t frames_ = 0;
};

// Appends `text` as a JSON string (quotes included, escaped as JsonWriter does), safe inside an
// HTML <script> element (as script_safe_json makes it: <, > and & written \u003c, \u003e and
// \u0026).
void append_json_quoted(std::string& out, std::string_view text);
// The same as a string.
std::string json_quoted(const std::string& text);

}  // namespace scribe::html
