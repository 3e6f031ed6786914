// Drawing a position through the public API: render::render_diagram() with the request the
// command line's `render --setup` makes.
#include "scribe/render.hpp"

#include "api/internal.hpp"
#include "render/core/diagram.hpp"

namespace scribe {

namespace {

// The internal format of `format`.
render::Format internal_format(ImageFormat format) {
  switch (format) {
    case ImageFormat::kSvg:
      return render::Format::kSvg;
    case ImageFormat::kPdf:
      return render::Format::kPdf;
    case ImageFormat::kPng:
      break;
  }
  return render::Format::kPng;
}

// The style to draw with: the asked one when the game has it, else its default.
std::string checked_style(const render::DiagramDrawer& drawer, const std::string& game,
                          const std::string& asked) {
  const std::vector<std::string> styles = drawer.styles();
  if (asked.empty()) return styles.empty() ? std::string() : styles.front();
  std::string known;
  for (const auto& st : styles) {
    if (st == asked) return st;
    known += (known.empty() ? "" : ", ") + st;
  }
  throw Error(game + " has no style '" + asked + "'; its styles are " + known);
}

}  // namespace

std::string draw(const Position& position, const DrawOptions& options) {
  const Position::Data& p = position.data();
  const render::DiagramDrawer& drawer = *p.entry->drawer;
  if (options.size < 16 || options.size > 20000)
    throw Error("the size must be between 16 and 20000");
  if (!render::known_theme(options.theme))
    throw Error("unknown theme '" + options.theme + "' (themes: light, dark, print)");
  render::DiagramRequest req;
  req.variant = p.variant;
  req.state = p.state;
  req.ply = p.state->plies_played();
  req.last_move = p.last_move;
  req.last_mover = p.last_mover;
  req.style = checked_style(drawer, p.entry->game->info().name, options.style);
  req.coordinates = options.coordinates;
  req.highlight_last = options.highlight_last;
  req.flip = options.flip;
  req.players = p.players;
  req.arrows = options.arrows;
  req.marks = options.marks;
  req.theme = options.theme;
  req.transparent = options.transparent;
  const std::string problem = render::check_annotations(drawer, req);
  if (!problem.empty()) throw Error(problem);
  render::EncodeOptions encode;
  encode.size = options.size;
  return render::render_diagram(drawer, req, internal_format(options.format), encode);
}

}  // namespace scribe
