// The boards of a replay page as compact data: every ply's SVG drawing cut into lines, the
// distinct lines kept once, and each drawing coded as the change from the drawing before it
// (page.js decodes them). The unchanging part of the drawings (the board, its frame: what a
// drawer draws between Canvas::begin_static and end_static) is drawn once per page and kept
// apart; each drawing holds a line `<!--static N-->` in its place. Consecutive positions share
// most of their lines (the pieces that did not move), so a long game costs little per ply.
#pragma once

#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "render/core/svg_writer.hpp"

namespace scribe::html {

// Collects the drawings of a page in order, one per ply.
class FrameCoder {
 public:
  // Where the drawings' unchanging parts go (render::render_svg).
  render::SvgStaticParts* static_parts() { return &statics_; }
  // Adds the next drawing (an SVG document; its XML declaration line, title and description
  // are left out: the page names the ply itself).
  void add(std::string_view svg);
  // Appends the data as a JSON object's members: "font": the font attribute of the texts (written
  // \u0001 in the lines and parts), "statics": [...] the unchanging parts, "lines": [...],
  // "frames": [[...], ...]. A frame is made from the one before it (none for the first): a
  // negative number -(s + 1) followed by a length n copies that frame's lines s..s+n-1, and a
  // number i >= 0 adds line i of "lines".
  void append_json_members(std::string& out) const;
  // How many drawings were added.
  std::size_t size() const { return frames_; }

 private:
  // The number of `line` in the dictionary, added when new.
  int line_number(std::string_view line);

  render::SvgStaticParts statics_;
  std::deque<std::string> lines_;  // the dictionary (a deque: the map's keys point into it)
  std::unordered_map<std::string_view, int> numbers_;
  std::vector<int> previous_;  // the lines of the drawing added last
  std::vector<int> now_;
  std::vector<int> where_;  // per dictionary line: 1 + its first place in previous_, or 0
  std::string coded_;       // the frames so far, as JSON array elements
  std::size_t frames_ = 0;
};

// Appends `text` as the inside of a JSON string (no quotes), escaped as append_json_quoted.
void append_json_chars(std::string& out, std::string_view text);
// Appends `text` as a JSON string (quotes included, escaped as JsonWriter does), safe inside an
// HTML <script> element (as script_safe_json makes it: <, > and & written \u003c, \u003e and
// \u0026).
void append_json_quoted(std::string& out, std::string_view text);
// The same as a string.
std::string json_quoted(const std::string& text);

}  // namespace scribe::html
