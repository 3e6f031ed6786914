// The replay page of one record (scribe html, and the pages of scribe site): a single HTML file
// that works offline from file:// - the board drawn by the game's own SVG drawer at every ply,
// the move list with dice and comments, the tags, the record's diagnostics at their plies, and
// stepping by buttons, keys and #ply=N. Scripts and styles are embedded (app/html/assets/).
#pragma once

#include <string>
#include <string_view>

#include "engine/core/replay.hpp"
#include "notation/core/record.hpp"

namespace scribe::html {

// How a page is drawn.
struct PageOptions {
  std::string style;            // the drawer's style ("" = the game's default)
  std::string theme = "light";  // "light", "dark" or "print" (render's --theme)
  int size = 480;               // the board's longer side in CSS pixels
  bool coordinates = true;      // draw the board's coordinates
  // A link back to an index page, relative to the page ("" = none): scribe site sets it.
  std::string index_href;
  std::string index_label = "Archive index";  // the text of that link
};

// Builds the page of `record` from its replay. `rr` must come from engine::replay with
// ReplayOptions::keep_positions set (the positions of every legal ply); a record that did not
// replay (no positions) still gets a page: its tags and its diagnostics, and no board.
// Throws std::runtime_error only when the drawer fails.
std::string page_html(const notation::Record& record, const engine::ReplayResult& rr,
                      const PageOptions& options);

// The page's file name relative to the output folder, from the record's file as reported
// (Record::file) and its number in that file (Record::index, from 1): the file's path with its
// root, "." and ".." parts left out and each part made safe (sanitise_name), and its ".rec"
// ending replaced by "-N.html" ("games/a.rec", 3 -> "games/a-3.html"; "-" -> "stdin-N.html").
std::string page_file_name(const std::string& file, int index);

// `text` for HTML text and attribute values: &, <, >, " and ' written as entities.
std::string html_escaped(std::string_view text);

}  // namespace scribe::html
