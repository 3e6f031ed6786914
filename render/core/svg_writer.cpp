#include "render/core/svg_writer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "render/core/number_text.hpp"

namespace scribe::render {

namespace {

constexpr const char* kSansFamilies = "'DejaVu Sans', Verdana, 'Bitstream Vera Sans', sans-serif";
constexpr const char* kMonoFamilies =
    "'DejaVu Sans Mono', Menlo, 'Bitstream Vera Sans Mono', monospace";

// A colour component as two hex digits.
void append_hex_byte(std::string& out, double component) {
  static constexpr char kHex[] = "0123456789abcdef";
  const int v = static_cast<int>(std::lround(std::clamp(component, 0.0, 1.0) * 255));
  out += kHex[v >> 4];
  out += kHex[v & 15];
}

}  // namespace

std::string xml_escaped(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default:
        // XML 1.0 has no control characters but tab, line feed and carriage return.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') c = '?';
        out += c;
    }
  }
  return out;
}

SvgWriter::SvgWriter(double width, double height, std::string_view title, std::string_view desc)
    : width_(width), height_(height) {
  out_.reserve(1 << 15);
  out_ += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"";
  out_ += " width=\"";
  append_number(out_, width);
  out_ += "px\" height=\"";
  append_number(out_, height);
  out_ += "px\" viewBox=\"0 0 ";
  append_number(out_, width);
  out_ += ' ';
  append_number(out_, height);
  out_ += "\">\n<title>";
  out_ += xml_escaped(title);
  out_ += "</title>\n<desc>";
  out_ += xml_escaped(desc);
  out_ += "</desc>\n<g stroke-miterlimit=\"10\">\n";
  body_start_ = out_.size();
}

std::string SvgWriter::finish() {
  for (; clips_open_ > 0; --clips_open_) out_ += "</g>\n";
  out_ += "</g>\n</svg>\n";
  return std::move(out_);
}

void SvgWriter::path_data(const VectorPath& path) {
  out_ += " d=\"";
  std::size_t c = 0;
  for (VectorPath::Kind k : path.kinds) {
    int points = 1;
    switch (k) {
      case VectorPath::Kind::kMove: out_ += 'M'; break;
      case VectorPath::Kind::kLine: out_ += 'L'; break;
      case VectorPath::Kind::kCurve:
        out_ += 'C';
        points = 3;
        break;
      case VectorPath::Kind::kClose:
        out_ += 'Z';
        points = 0;
        break;
    }
    for (int p = 0; p < points; ++p, c += 2) {
      if (p > 0) out_ += ' ';
      append_number(out_, path.coords[c]);
      out_ += ' ';
      append_number(out_, path.coords[c + 1]);
    }
  }
  out_ += '"';
}

void SvgWriter::colour_attribute(const char* name, const Colour& c) {
  out_ += ' ';
  out_ += name;
  out_ += "=\"#";
  append_hex_byte(out_, c.r);
  append_hex_byte(out_, c.g);
  append_hex_byte(out_, c.b);
  out_ += '"';
  if (c.a < 1) {
    out_ += ' ';
    out_ += name;
    out_ += "-opacity=\"";
    append_number(out_, std::max(0.0, c.a));
    out_ += '"';
  }
}

void SvgWriter::fill(const VectorPath& path, const Colour& colour) {
  out_ += "<path";
  colour_attribute("fill", colour);
  path_data(path);
  out_ += "/>\n";
}

void SvgWriter::stroke(const VectorPath& path, const StrokeStyle& style) {
  out_ += "<path fill=\"none\"";
  colour_attribute("stroke", style.colour);
  out_ += " stroke-width=\"";
  append_number(out_, style.width);
  out_ += '"';
  if (style.cap == LineCap::kRound) out_ += " stroke-linecap=\"round\"";
  if (style.cap == LineCap::kSquare) out_ += " stroke-linecap=\"square\"";
  if (style.join == LineJoin::kRound) out_ += " stroke-linejoin=\"round\"";
  if (style.join == LineJoin::kBevel) out_ += " stroke-linejoin=\"bevel\"";
  if (style.dashes != nullptr && !style.dashes->empty()) {
    out_ += " stroke-dasharray=\"";
    for (std::size_t i = 0; i < style.dashes->size(); ++i) {
      if (i > 0) out_ += ' ';
      append_number(out_, (*style.dashes)[i]);
    }
    out_ += '"';
    if (style.dash_offset != 0) {
      out_ += " stroke-dashoffset=\"";
      append_number(out_, style.dash_offset);
      out_ += '"';
    }
  }
  path_data(path);
  out_ += "/>\n";
}

void SvgWriter::paint(const Colour& colour) {
  out_ += "<rect x=\"0\" y=\"0\" width=\"";
  append_number(out_, width_);
  out_ += "\" height=\"";
  append_number(out_, height_);
  out_ += '"';
  colour_attribute("fill", colour);
  out_ += "/>\n";
}

void SvgWriter::push_clip(const VectorPath& path) {
  const std::string id = "c" + std::to_string(++clips_made_);
  out_ += "<clipPath id=\"" + id + "\"><path";
  path_data(path);
  out_ += "/></clipPath>\n<g clip-path=\"url(#" + id + ")\">\n";
  ++clips_open_;
}

void SvgWriter::pop_clip() {
  if (clips_open_ == 0) return;
  --clips_open_;
  out_ += "</g>\n";
}

void SvgWriter::text(const TextRun& run) {
  out_ += "<text";
  // A glyph unit scaled alike on both axes and not turned: plain x, y and font-size; else the
  // whole transformation, with the font size 1.
  const bool plain = run.yx == 0 && run.xy == 0 && run.xx == run.yy && run.xx > 0;
  if (plain) {
    out_ += " x=\"";
    append_number(out_, run.x);
    out_ += "\" y=\"";
    append_number(out_, run.y);
    out_ += "\" font-size=\"";
    append_number(out_, run.xx);
    out_ += '"';
  } else {
    // Hundredths would lose the shape of a font-size-1 matrix: these get six decimals.
    char matrix[160];
    std::snprintf(matrix, sizeof matrix, " transform=\"matrix(%.6f %.6f %.6f %.6f %.2f %.2f)\"",
                  run.xx, run.yx, run.xy, run.yy, run.x, run.y);
    out_ += matrix;
    out_ += " font-size=\"1\"";
  }
  out_ += " font-family=\"";
  out_ += run.mono ? kMonoFamilies : kSansFamilies;
  out_ += '"';
  if (run.bold) out_ += " font-weight=\"bold\"";
  colour_attribute("fill", run.colour);
  // Runs of spaces (aligned position text) are kept as written.
  if (run.text.find("  ") != std::string_view::npos || run.text.front() == ' ' ||
      run.text.back() == ' ')
    out_ += " xml:space=\"preserve\"";
  out_ += '>';
  out_ += xml_escaped(run.text);
  out_ += "</text>\n";
}

std::string SvgWriter::take_elements() {
  std::string elements = out_.substr(body_start_);
  out_.resize(body_start_);
  return elements;
}

}  // namespace scribe::render
