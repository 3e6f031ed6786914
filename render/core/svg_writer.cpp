#include "render/core/svg_writer.hpp"

#include <algorithm>
#include <cmath>

#include "render/core/text_buffer.hpp"

namespace scribe::render {

namespace {

constexpr std::string_view kSansFamilies =
    "'DejaVu Sans', Verdana, 'Bitstream Vera Sans', sans-serif";
constexpr std::string_view kMonoFamilies =
    "'DejaVu Sans Mono', Menlo, 'Bitstream Vera Sans Mono', monospace";

// A colour component as two hex digits.
void append_hex_byte(TextBuffer& out, double component) {
  static constexpr char kHex[] = "0123456789abcdef";
  const int v = static_cast<int>(std::lround(std::clamp(component, 0.0, 1.0) * 255));
  out.put(kHex[v >> 4]);
  out.put(kHex[v & 15]);
}

// Appends `text` escaped for XML character data and attribute values.
void append_xml_escaped(TextBuffer& out, std::string_view text) {
  for (char c : text) {
    switch (c) {
      case '&': out.put("&amp;"); break;
      case '<': out.put("&lt;"); break;
      case '>': out.put("&gt;"); break;
      case '"': out.put("&quot;"); break;
      default:
        // XML 1.0 has no control characters but tab, line feed and carriage return.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') c = '?';
        out.put(c);
    }
  }
}

}  // namespace

std::string xml_escaped(std::string_view text) {
  TextBuffer out;
  append_xml_escaped(out, text);
  return out.take();
}

SvgWriter::SvgWriter(double width, double height, std::string_view title, std::string_view desc)
    : out_(std::string(1 << 15, '\0')), width_(width), height_(height) {
  out_.put("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"");
  out_.put(" width=\"");
  out_.number(width);
  out_.put("px\" height=\"");
  out_.number(height);
  out_.put("px\" viewBox=\"0 0 ");
  out_.number(width);
  out_.put(' ');
  out_.number(height);
  out_.put("\">\n<title>");
  append_xml_escaped(out_, title);
  out_.put("</title>\n<desc>");
  append_xml_escaped(out_, desc);
  out_.put("</desc>\n<g stroke-miterlimit=\"10\">\n");
  body_start_ = out_.size();
}

std::string SvgWriter::finish() {
  for (; clips_open_ > 0; --clips_open_) out_.put("</g>\n");
  out_.put("</g>\n</svg>\n");
  return out_.take();
}

void SvgWriter::path_data(const VectorPath& path) {
  out_.put(" d=\"");
  std::size_t c = 0;
  for (VectorPath::Kind k : path.kinds) {
    int points = 1;
    switch (k) {
      case VectorPath::Kind::kMove: out_.put('M'); break;
      case VectorPath::Kind::kLine: out_.put('L'); break;
      case VectorPath::Kind::kCurve:
        out_.put('C');
        points = 3;
        break;
      case VectorPath::Kind::kClose:
        out_.put('Z');
        points = 0;
        break;
    }
    for (int p = 0; p < points; ++p, c += 2) {
      if (p > 0) out_.put(' ');
      out_.number(path.coords[c]);
      out_.put(' ');
      out_.number(path.coords[c + 1]);
    }
  }
  out_.put('"');
}

void SvgWriter::colour_attribute(std::string_view name, const Colour& c) {
  out_.put(' ');
  out_.put(name);
  out_.put("=\"#");
  append_hex_byte(out_, c.r);
  append_hex_byte(out_, c.g);
  append_hex_byte(out_, c.b);
  out_.put('"');
  if (c.a < 1) {
    out_.put(' ');
    out_.put(name);
    out_.put("-opacity=\"");
    out_.number(std::max(0.0, c.a));
    out_.put('"');
  }
}

void SvgWriter::fill(const VectorPath& path, const Colour& colour) {
  out_.put("<path");
  colour_attribute("fill", colour);
  path_data(path);
  out_.put("/>\n");
}

void SvgWriter::stroke(const VectorPath& path, const StrokeStyle& style) {
  out_.put("<path fill=\"none\"");
  colour_attribute("stroke", style.colour);
  out_.put(" stroke-width=\"");
  out_.number(style.width);
  out_.put('"');
  if (style.cap == LineCap::kRound) out_.put(" stroke-linecap=\"round\"");
  if (style.cap == LineCap::kSquare) out_.put(" stroke-linecap=\"square\"");
  if (style.join == LineJoin::kRound) out_.put(" stroke-linejoin=\"round\"");
  if (style.join == LineJoin::kBevel) out_.put(" stroke-linejoin=\"bevel\"");
  if (style.dashes != nullptr && !style.dashes->empty()) {
    out_.put(" stroke-dasharray=\"");
    for (std::size_t i = 0; i < style.dashes->size(); ++i) {
      if (i > 0) out_.put(' ');
      out_.number((*style.dashes)[i]);
    }
    out_.put('"');
    if (style.dash_offset != 0) {
      out_.put(" stroke-dashoffset=\"");
      out_.number(style.dash_offset);
      out_.put('"');
    }
  }
  path_data(path);
  out_.put("/>\n");
}

void SvgWriter::paint(const Colour& colour) {
  out_.put("<rect x=\"0\" y=\"0\" width=\"");
  out_.number(width_);
  out_.put("\" height=\"");
  out_.number(height_);
  out_.put('"');
  colour_attribute("fill", colour);
  out_.put("/>\n");
}

void SvgWriter::push_clip(const VectorPath& path) {
  const int id = ++clips_made_;
  out_.put("<clipPath id=\"c");
  out_.integer(static_cast<std::size_t>(id));
  out_.put("\"><path");
  path_data(path);
  out_.put("/></clipPath>\n<g clip-path=\"url(#c");
  out_.integer(static_cast<std::size_t>(id));
  out_.put(")\">\n");
  ++clips_open_;
}

void SvgWriter::pop_clip() {
  if (clips_open_ == 0) return;
  --clips_open_;
  out_.put("</g>\n");
}

void SvgWriter::text(const TextRun& run) {
  out_.put("<text");
  // A glyph unit scaled alike on both axes and not turned: plain x, y and font-size; else the
  // whole transformation, with the font size 1.
  const bool plain = run.yx == 0 && run.xy == 0 && run.xx == run.yy && run.xx > 0;
  if (plain) {
    out_.put(" x=\"");
    out_.number(run.x);
    out_.put("\" y=\"");
    out_.number(run.y);
    out_.put("\" font-size=\"");
    out_.number(run.xx);
    out_.put('"');
  } else {
    out_.put(" transform=\"matrix(");
    out_.text_matrix(run.xx, run.yx, run.xy, run.yy, run.x, run.y);
    out_.put(")\" font-size=\"1\"");
  }
  out_.put(" font-family=\"");
  out_.put(run.mono ? kMonoFamilies : kSansFamilies);
  out_.put('"');
  if (run.bold) out_.put(" font-weight=\"bold\"");
  colour_attribute("fill", run.colour);
  // Runs of spaces (aligned position text) are kept as written.
  if (run.text.find("  ") != std::string_view::npos || run.text.front() == ' ' ||
      run.text.back() == ' ')
    out_.put(" xml:space=\"preserve\"");
  out_.put('>');
  append_xml_escaped(out_, run.text);
  out_.put("</text>\n");
}

std::string SvgWriter::take_elements() {
  std::string elements(out_.view().substr(body_start_));
  out_.truncate(body_start_);
  return elements;
}

}  // namespace scribe::render
