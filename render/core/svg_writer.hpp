// scribe's own SVG writer: the VectorWriter that turns a VectorCanvas drawing into an SVG 1.1
// document sized in pixels, with <title> and <desc>, paths in absolute coordinates rounded to
// hundredths of a pixel, and text as <text> elements (searchable, selectable, and read by
// screen readers) in the diagram font with common fallbacks.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "render/core/vector_canvas.hpp"

namespace scribe::render {

// The unchanging parts (Canvas::begin_static) of many drawings, each kept once: an SvgWriter
// given this store writes each part here the first time and, in every document, the line
// `<!--static N-->` (N: the part's place in `parts`) where the part belongs. scribe html's
// pages draw the board's part once and every position on top of it.
struct SvgStaticParts {
  std::vector<std::string> parts;                // each part's elements, lines ending in '\n'
  std::unordered_map<std::string, int> numbers;  // the part of each key
};

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
  bool reuse_static(std::string_view key) override;
  void end_static() override;

  // Keeps the unchanging parts in `store` (see SvgStaticParts) from now on.
  void keep_static_parts(SvgStaticParts* store) { store_ = store; }

 private:
  // Appends ` d="..."` for `path`.
  void path_data(const VectorPath& path);
  // Appends `name="#rrggbb"` and, when translucent, `name-opacity`.
  void colour_attribute(const char* name, const Colour& c);

  std::string out_;
  double width_, height_;
  int clips_made_ = 0;
  int clips_open_ = 0;
  SvgStaticParts* store_ = nullptr;
  std::size_t static_start_ = std::string::npos;  // where the part being drawn starts in out_
  std::string clip_prefix_;  // "sN" while part N is drawn: its clip ids are its own
};

// Escapes text for XML character data and attribute values.
std::string xml_escaped(std::string_view text);

}  // namespace scribe::render
