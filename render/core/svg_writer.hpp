// scribe's own SVG writer: the VectorWriter that turns a VectorCanvas drawing into an SVG 1.1
// document sized in pixels, with <title> and <desc>, paths in absolute coordinates rounded to
// hundredths of a pixel, and text as <text> elements (searchable, selectable, and read by
// screen readers) in the diagram font with common fallbacks.
#pragma once

#include <string>
#include <string_view>

#include "render/core/text_buffer.hpp"
#include "render/core/vector_canvas.hpp"

namespace scribe::render {

// Collects the elements of one SVG document.
class SvgWriter final : public VectorWriter {
 public:
  // Starts a document `width` x `height` pixels with the given title and description.
  SvgWriter(double width, double height, std::string_view title, std::string_view desc);
  // Ends the document and returns it (call once).
  std::string finish();

  void fill(const VectorPath& path, const Colour& colour) override;
  void stroke(const VectorPath& path, const StrokeStyle& style) override;
  void paint(const Colour& colour) override;
  void push_clip(const VectorPath& path) override;
  void pop_clip() override;
  void text(const TextRun& run) override;

  // Moves out what was written since the document's start or the last call: the elements, a
  // line each (for a caller that assembles documents itself: scribe html's pages).
  std::string take_elements();
  // How many clip paths were made so far (they are numbered c1, c2, ... in order), and setting
  // it: a caller assembling documents from parts (scribe html) numbers each document's clips
  // from 1 as a document of its own would.
  int clips_made() const { return clips_made_; }
  void set_clips_made(int n) { clips_made_ = n; }

 private:
  // Appends ` d="..."` for `path`.
  void path_data(const VectorPath& path);
  // Appends `name="#rrggbb"` and, when translucent, `name-opacity`.
  void colour_attribute(std::string_view name, const Colour& c);

  TextBuffer out_;
  double width_, height_;
  int clips_made_ = 0;
  int clips_open_ = 0;
  std::size_t body_start_ = 0;  // where the elements start in out_
};

// Escapes text for XML character data and attribute values.
std::string xml_escaped(std::string_view text);

}  // namespace scribe::render
