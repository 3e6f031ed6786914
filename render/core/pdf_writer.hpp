// scribe's own PDF writer: the VectorWriter that turns a VectorCanvas drawing into a one-page
// PDF 1.4 file. Shapes are PDF paths in the page's own coordinates (one flip of the y axis);
// text uses the standard fonts every PDF reader has (Helvetica and Courier, no embedded font
// file), so a diagram is a few kilobytes and written several times faster than through Cairo.
// Text those fonts cannot encode (outside Windows-1252) is reported by encodable(), and
// render_diagram() then draws that diagram through Cairo's PDF surface instead.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "render/core/text_buffer.hpp"
#include "render/core/vector_canvas.hpp"

namespace scribe::render {

// Collects the page of one PDF document.
class PdfWriter final : public VectorWriter {
 public:
  // Starts a page `width` x `height` points; `title` goes into the document information.
  PdfWriter(double width, double height, std::string_view title);
  // Hands the content memory on to the thread's next writer.
  ~PdfWriter() override;
  // Whether every text so far could be written in the standard fonts' encoding.
  bool encodable() const { return encodable_; }
  // Ends the document and returns its bytes (call once).
  std::string finish();

  void fill(const VectorPath& path, const Colour& colour) override;
  void stroke(const VectorPath& path, const StrokeStyle& style) override;
  void paint(const Colour& colour) override;
  void push_clip(const VectorPath& path) override;
  void pop_clip() override;
  void text(const TextRun& run) override;

 private:
  // Appends the path's construction operators.
  void path_ops(const VectorPath& path);
  // Appends a colour operator (`rg` for fills, `RG` for strokes) and, when the colour is
  // translucent, selects its graphics state; returns whether a `q` was opened for it.
  bool colour_ops(const Colour& c, bool stroking);
  // Appends "x y" numbers.
  void point(double x, double y);

  TextBuffer content_;
  double width_, height_;
  std::string title_;
  std::vector<double> alphas_;  // the opacity of each graphics state /A<i>
  int clips_open_ = 0;
  bool encodable_ = true;
};

}  // namespace scribe::render
