#include "render/core/caption.hpp"

#include <algorithm>
#include <cmath>

namespace scribe::render {

namespace {

constexpr double kSmall = 0.82;         // the other lines, in ems of the first
constexpr double kMono = 0.78;          // the position text, in ems of the first
constexpr double kPitch = 1.3;          // line pitch, in ems of the line
constexpr double kPad = 0.6;            // side and top padding, in ems
constexpr double kMonoAdvance = 0.602;  // DejaVu Sans Mono's advance, in ems
// Generous average advances of DejaVu Sans (bold and regular) for fitting decisions.
constexpr double kBoldAdvance = 0.7;
constexpr double kPlainAdvance = 0.62;

// Breaks `text` into lines of at most `columns` characters, at commas and spaces when it can.
std::vector<std::string> wrap(const std::string& text, std::size_t columns) {
  std::vector<std::string> lines;
  columns = std::max<std::size_t>(columns, 8);
  std::size_t start = 0;
  while (start < text.size()) {
    if (text.size() - start <= columns) {
      lines.push_back(text.substr(start));
      break;
    }
    std::size_t cut = start + columns;
    std::size_t best = std::string::npos;
    for (std::size_t i = cut; i > start + columns / 2; --i)
      if (text[i - 1] == ',' || text[i - 1] == ' ') {
        best = i;
        break;
      }
    if (best != std::string::npos) cut = best;
    std::string line = text.substr(start, cut - start);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    lines.push_back(line);
    start = cut;
    while (start < text.size() && text[start] == ' ') ++start;
  }
  return lines;
}

// The caption's height and wrapping at first-line size `em`.
CaptionLayout layout_at(const CaptionText& text, double width, double em) {
  CaptionLayout l;
  l.em = em;
  const double inner = width - 2 * kPad * em;
  const double first = (static_cast<double>(text.move.size()) + text.move_extra) * kBoldAdvance +
                       2 + static_cast<double>(text.status.size()) * kBoldAdvance;
  l.status_below = first * em > inner;
  double h = kPad * em + kPitch * em;
  int small_lines =
      (l.status_below ? 1 : 0) + (text.players.empty() ? 0 : 1) + (text.note.empty() ? 0 : 1);
  h += small_lines * kPitch * kSmall * em;
  if (!text.position.empty()) {
    const auto columns = static_cast<std::size_t>(inner / (kMonoAdvance * kMono * em));
    l.position_lines = wrap(text.position, columns);
    h += static_cast<double>(l.position_lines.size()) * kPitch * kMono * em;
  }
  l.height = h + 0.5 * kPad * em;
  return l;
}

}  // namespace

CaptionText caption_of(const DiagramRequest& req, const std::vector<std::string>& sides,
                       const std::vector<int>& seat_of_side) {
  CaptionText c;
  c.move = req.ply > 0 && !req.last_move.empty()
               ? std::to_string(req.ply) + ". " +
                     (req.last_mover.empty() ? "" : req.last_mover + " ") + req.last_move
               : std::string("start");
  if (req.state != nullptr) {
    if (const auto r = req.state->result())
      c.status = *r == "draw" ? std::string("draw") : *r + " wins";
    else if (!req.state->side_to_move().empty())
      c.status = req.state->side_to_move() + " to move";
  }
  for (std::size_t side = 0; side < sides.size(); ++side) {
    const std::size_t seat =
        side < seat_of_side.size() ? static_cast<std::size_t>(seat_of_side[side]) : side;
    // "?" is how records say that a name is not known: nothing to show either.
    if (seat >= req.players.size() || req.players[seat].empty() || req.players[seat] == "?")
      continue;
    if (!c.players.empty()) c.players += ", ";
    c.players += sides[side] + ": " + req.players[seat];
  }
  return c;
}

namespace {

CaptionLayout layout_fitted(const CaptionText& text, double width, double above) {
  // The size follows the picture's longer side, which the caption's own height may make: the
  // smallest size that reaches kCaptionEmRatio of the longer side, or the size that comes
  // nearest.
  const double base = std::max(width, above);
  CaptionLayout best;
  double best_ratio = -1;
  for (int i = 0; i <= 80; ++i) {
    const double em = base * kCaptionEmRatio * std::pow(1.02, i - 40);
    CaptionLayout l = layout_at(text, width, em);
    const double ratio = em / std::max(width, above + l.height);
    if (ratio >= kCaptionEmRatio) return l;
    if (ratio > best_ratio) {
      best_ratio = ratio;
      best = std::move(l);
    }
  }
  return best;
}

}  // namespace

CaptionLayout layout_caption(const CaptionText& text, double width, double above) {
  // A drawer lays its caption out for its extent and again to draw it (each of some forty
  // sizes measured): each thread keeps the last layout, a function of its arguments alone.
  struct Last {
    CaptionText text;
    double width = -1, above = -1;
    CaptionLayout layout;
  };
  thread_local Last last;
  if (last.width == width && last.above == above && last.text.move == text.move &&
      last.text.status == text.status && last.text.players == text.players &&
      last.text.note == text.note && last.text.position == text.position &&
      last.text.move_extra == text.move_extra && last.text.move_indent == text.move_indent)
    return last.layout;
  // With a position text (the "full" styles) --size sets the picture's width: the text keeps
  // its size and wraps to as many lines as it needs.
  CaptionLayout layout = !text.position.empty() ? layout_at(text, width, kCaptionEmRatio * width)
                                                : layout_fitted(text, width, above);
  last.text = text;
  last.width = width;
  last.above = above;
  last.layout = layout;
  return layout;
}

double caption_left(const CaptionLayout& layout) { return kPad * layout.em; }

double caption_first_baseline(const CaptionLayout& layout, double top) {
  return top + kPad * layout.em + layout.em;
}

double draw_caption(Canvas& cv, const CaptionText& text, const CaptionLayout& l, double top,
                    double width, const Colour& ink) {
  const double em = l.em, x = kPad * em;
  cv.set_colour(ink);
  double y = caption_first_baseline(l, top);
  const double move_x = x + text.move_indent * em;
  draw_text_left(cv, text.move, move_x, y, em, true);
  const double move_end = move_x + text_advance(cv, text.move, em, true);
  if (!l.status_below) {
    const double w = text_advance(cv, text.status, em, true);
    draw_text_left(cv, text.status, width - x - w, y, em, true);
  }
  y += (kPitch - 1) * em;
  const double small = kSmall * em;
  auto line = [&](const std::string& s, double size, bool mono) {
    y += kPitch * size;
    draw_text_left(cv, s, x, y - (kPitch - 1) * size, size, false, mono);
  };
  if (l.status_below) line(text.status, small, false);
  if (!text.players.empty()) line(text.players, small, false);
  if (!text.note.empty()) line(text.note, small, false);
  // The position text: a line that hinted glyph advances (rounded to whole pixels) make wider
  // than the width it was wrapped to is narrowed to fit; its height stays.
  const double inner = width - 2 * x, mono = kMono * em;
  for (const auto& p : l.position_lines) {
    y += kPitch * mono;
    const double w = text_advance(cv, p, mono, false, true);
    cv.save();
    cv.translate(x, y - (kPitch - 1) * mono);
    if (w > inner) cv.scale(inner / w, 1);
    draw_text_left(cv, p, 0, 0, mono, false, true);
    cv.restore();
  }
  return move_end;
}

}  // namespace scribe::render
