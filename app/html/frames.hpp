// The boards of a replay page as compact data: every ply's SVG drawing (upright and flipped)
// cut into lines, the distinct lines kept once, and each drawing coded as the change from an
// earlier one (page.js decodes them). Consecutive positions share most of their lines (the
// board, the frame, the pieces that did not move), so a long game costs little per ply.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

namespace scribe::html {

// Collects the drawings of a page in order: for each ply its upright drawing, then its flipped
// one.
class FrameCoder {
 public:
  // Adds the next drawing (an SVG document; its XML declaration line is left out).
  void add(const std::string& svg);
  // The data as a JSON object's members: "font": the font attribute of the texts (written
  // \u0001 in the lines), "lines": [...], "frames": [[ref, ...], ...]. A frame
  // is made from a reference drawing (ref 0: the previous drawing of the same orientation, or
  // none for the first; ref 1: the upright drawing of the same ply): after `ref`, a negative
  // number -(s + 1) followed by a length n copies the reference's lines s..s+n-1, and a number
  // i >= 0 adds line i of the dictionary.
  std::string json_members() const;
  // How many drawings were added.
  std::size_t size() const { return frames_.size(); }

 private:
  // Adds a drawing's lines (the title and description already left out).
  void add_lines(const std::string& svg);
  // The number of `line` in the dictionary, added when new.
  int line_number(const std::string& line);

  std::vector<std::string> lines_;
  std::unordered_map<std::string, int> numbers_;
  std::vector<std::vector<int>> frames_;  // each drawing's lines, by number
  std::string coded_;                     // the frames so far, as JSON array elements
};

// `text` as a JSON string (quotes included, escaped as JsonWriter does), safe inside an HTML
// <script> element (script_safe_json).
std::string json_quoted(const std::string& text);

}  // namespace scribe::html
