// Whole-game outputs: the PDF game sheet (header, move list, grid of diagrams, page numbers)
// and the animated GIF (one frame per position).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "render/core/diagram.hpp"

namespace scribe::render {

// What a game sheet shows.
struct SheetRequest {
  std::string title;                                         // e.g. "Druid - corpus/x.rec, record 1"
  std::vector<std::pair<std::string, std::string>> header;   // tag name, value (in order)
  std::vector<std::string> moves;                            // ply tokens (with rolls), ply 1 first
  std::vector<DiagramRequest> diagrams;                      // positions to draw, in order
  std::string paper = "a4";                                  // "a4" or "letter"
};

// Returns false unless `paper` is "a4" or "letter".
bool known_paper(const std::string& paper);

// Draws a game sheet as a PDF (fonts embedded by Cairo, fixed metadata dates).
std::string render_sheet(const DiagramDrawer& drawer, const SheetRequest& request);

// Draws every request as one frame of an animated GIF that loops, `delay_ms` per frame and
// `final_delay_ms` on the last. The frames take the size of the first one (longer side `size`
// pixels).
std::string render_gif(const DiagramDrawer& drawer, const std::vector<DiagramRequest>& frames,
                       int size, int delay_ms, int final_delay_ms = 3000);

}  // namespace scribe::render
