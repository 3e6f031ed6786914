#include "render/core/pdf_writer.hpp"

#include <libdeflate.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>

#include "render/core/number_text.hpp"

namespace scribe::render {

namespace {

// Windows-1252 bytes for the code points 0x80-0x9F it places there (0 where none).
constexpr unsigned short kCp1252High[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0,      0x017D, 0,      0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

// The Windows-1252 byte of code point `cp`, or -1.
int cp1252_byte(unsigned cp) {
  if (cp < 0x80 || (cp >= 0xA0 && cp <= 0xFF)) return static_cast<int>(cp);
  for (int i = 0; i < 32; ++i)
    if (kCp1252High[i] == cp) return 0x80 + i;
  return -1;
}

// Appends `text` (UTF-8) as a PDF literal string in Windows-1252; false when a character has
// no byte there (or the UTF-8 is broken).
bool append_pdf_string(std::string& out, std::string_view text) {
  out += '(';
  bool ok = true;
  for (std::size_t i = 0; i < text.size();) {
    const auto b = static_cast<unsigned char>(text[i]);
    unsigned cp = b;
    int len = 1;
    if (b >= 0xF0) len = 4, cp = b & 0x07;
    else if (b >= 0xE0) len = 3, cp = b & 0x0F;
    else if (b >= 0xC0) len = 2, cp = b & 0x1F;
    else if (b >= 0x80) len = 0;
    if (len == 0 || i + static_cast<std::size_t>(len) > text.size()) {
      ok = false;
      break;
    }
    for (int k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    i += static_cast<std::size_t>(len);
    const int byte = cp1252_byte(cp);
    if (byte < 0) {
      ok = false;
      break;
    }
    if (byte == '(' || byte == ')' || byte == '\\') out += '\\';
    if (byte < 0x20) {
      out += '?';
      continue;
    }
    out += static_cast<char>(byte);
  }
  out += ')';
  return ok;
}

// Compresses a content stream (zlib format, as /FlateDecode wants).
std::string deflated(const std::string& data) {
  struct Free {
    void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
  };
  thread_local std::unique_ptr<libdeflate_compressor, Free> compressor(
      libdeflate_alloc_compressor(1));
  std::string out(libdeflate_zlib_compress_bound(compressor.get(), data.size()), '\0');
  const std::size_t n =
      libdeflate_zlib_compress(compressor.get(), data.data(), data.size(), out.data(), out.size());
  out.resize(n);
  return out;
}

}  // namespace

PdfWriter::PdfWriter(double width, double height, std::string_view title)
    : width_(width), height_(height), title_(title) {
  content_.reserve(1 << 14);
  // Output coordinates have y down from the top left: one flip makes them the page's.
  content_ += "1 0 0 -1 0 ";
  append_number(content_, height);
  content_ += " cm\n";
}

void PdfWriter::point(double x, double y) {
  append_number(content_, x);
  content_ += ' ';
  append_number(content_, y);
  content_ += ' ';
}

void PdfWriter::path_ops(const VectorPath& path) {
  std::size_t c = 0;
  for (VectorPath::Kind k : path.kinds) {
    switch (k) {
      case VectorPath::Kind::kMove:
        point(path.coords[c], path.coords[c + 1]);
        content_ += "m\n";
        c += 2;
        break;
      case VectorPath::Kind::kLine:
        point(path.coords[c], path.coords[c + 1]);
        content_ += "l\n";
        c += 2;
        break;
      case VectorPath::Kind::kCurve:
        for (int p = 0; p < 3; ++p, c += 2) point(path.coords[c], path.coords[c + 1]);
        content_ += "c\n";
        break;
      case VectorPath::Kind::kClose: content_ += "h\n"; break;
    }
  }
}

bool PdfWriter::colour_ops(const Colour& c, bool stroking) {
  bool opened = false;
  if (c.a < 1) {
    const double a = std::round(std::max(0.0, c.a) * 100) / 100;
    auto it = std::find(alphas_.begin(), alphas_.end(), a);
    if (it == alphas_.end()) it = alphas_.insert(alphas_.end(), a);
    content_ += "q /A" + std::to_string(it - alphas_.begin()) + " gs\n";
    opened = true;
  }
  append_number(content_, c.r);
  content_ += ' ';
  append_number(content_, c.g);
  content_ += ' ';
  append_number(content_, c.b);
  content_ += stroking ? " RG\n" : " rg\n";
  return opened;
}

void PdfWriter::fill(const VectorPath& path, const Colour& colour) {
  const bool opened = colour_ops(colour, false);
  path_ops(path);
  content_ += opened ? "f Q\n" : "f\n";
}

void PdfWriter::stroke(const VectorPath& path, const StrokeStyle& style) {
  const bool opened = colour_ops(style.colour, true);
  append_number(content_, style.width);
  content_ += " w ";
  content_ += style.cap == LineCap::kRound ? '1' : style.cap == LineCap::kSquare ? '2' : '0';
  content_ += " J ";
  content_ += style.join == LineJoin::kRound ? '1' : style.join == LineJoin::kBevel ? '2' : '0';
  content_ += " j [";
  if (style.dashes != nullptr)
    for (double d : *style.dashes) {
      append_number(content_, d);
      content_ += ' ';
    }
  content_ += "] ";
  append_number(content_, style.dashes != nullptr ? style.dash_offset : 0);
  content_ += " d\n";
  path_ops(path);
  content_ += opened ? "S Q\n" : "S\n";
}

void PdfWriter::paint(const Colour& colour) {
  const bool opened = colour_ops(colour, false);
  content_ += "0 0 ";
  point(width_, height_);
  content_ += opened ? "re f Q\n" : "re f\n";
}

void PdfWriter::push_clip(const VectorPath& path) {
  content_ += "q\n";
  path_ops(path);
  content_ += "W n\n";
  ++clips_open_;
}

void PdfWriter::pop_clip() {
  if (clips_open_ == 0) return;
  --clips_open_;
  content_ += "Q\n";
}

void PdfWriter::text(const TextRun& run) {
  const bool opened = colour_ops(run.colour, false);
  // Fonts /F1-/F4: Helvetica, Helvetica-Bold, Courier, Courier-Bold.
  content_ += "BT /F";
  content_ += static_cast<char>('1' + (run.mono ? 2 : 0) + (run.bold ? 1 : 0));
  content_ += " 1 Tf ";
  // Text space has y up and the page (after the flip) y down: the matrix turns one into the
  // other. Six decimals: the matrix is in glyph units at font size 1.
  char matrix[160];
  std::snprintf(matrix, sizeof matrix, "%.6f %.6f %.6f %.6f %.2f %.2f Tm ", run.xx, run.yx,
                -run.xy, -run.yy, run.x, run.y);
  content_ += matrix;
  if (!append_pdf_string(content_, run.text)) encodable_ = false;
  content_ += opened ? " Tj ET Q\n" : " Tj ET\n";
}

std::string PdfWriter::finish() {
  for (; clips_open_ > 0; --clips_open_) content_ += "Q\n";
  const std::string stream = deflated(content_);
  std::string out;
  out.reserve(stream.size() + 2048);
  out += "%PDF-1.4\n%\xE2\xE3\xCF\xD3\n";
  std::vector<std::size_t> offsets;
  auto object = [&](const std::string& body) {
    offsets.push_back(out.size());
    out += std::to_string(offsets.size()) + " 0 obj\n" + body + "\nendobj\n";
  };
  object("<< /Type /Catalog /Pages 2 0 R >>");
  object("<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
  std::string page = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ";
  append_number(page, width_);
  page += ' ';
  append_number(page, height_);
  page += "] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R /F3 7 0 R /F4 8 0 R >>";
  if (!alphas_.empty()) {
    page += " /ExtGState <<";
    for (std::size_t i = 0; i < alphas_.size(); ++i) {
      page += " /A" + std::to_string(i) + " << /ca ";
      append_number(page, alphas_[i]);
      page += " /CA ";
      append_number(page, alphas_[i]);
      page += " >>";
    }
    page += " >>";
  }
  page += " >> >>";
  object(page);
  object("<< /Length " + std::to_string(stream.size()) + " /Filter /FlateDecode >>\nstream\n" +
         stream + "\nendstream");
  for (const char* font : {"Helvetica", "Helvetica-Bold", "Courier", "Courier-Bold"})
    object(std::string("<< /Type /Font /Subtype /Type1 /BaseFont /") + font +
           " /Encoding /WinAnsiEncoding >>");
  std::string info = "<< /Producer (scribe) /Creator (scribe) /CreationDate (D:20000101000000Z)";
  if (!title_.empty()) {
    info += " /Title ";
    std::string title;
    if (append_pdf_string(title, title_)) info += title;
    else info += "(scribe diagram)";
  }
  object(info + " >>");
  const std::size_t xref = out.size();
  out += "xref\n0 " + std::to_string(offsets.size() + 1) + "\n0000000000 65535 f \n";
  for (std::size_t off : offsets) {
    char line[24];
    std::snprintf(line, sizeof line, "%010zu 00000 n \n", off);
    out += line;
  }
  out += "trailer\n<< /Size " + std::to_string(offsets.size() + 1) + " /Root 1 0 R /Info " +
         std::to_string(offsets.size()) + " 0 R >>\nstartxref\n" + std::to_string(xref) +
         "\n%%EOF\n";
  return out;
}

}  // namespace scribe::render
