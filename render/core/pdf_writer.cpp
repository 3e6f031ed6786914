#include "render/core/pdf_writer.hpp"

#include <libdeflate.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "render/core/number_text.hpp"
#include "render/core/text_buffer.hpp"

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
bool append_pdf_string(TextBuffer& out, std::string_view text) {
  out.put('(');
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
    if (byte == '(' || byte == ')' || byte == '\\') out.put('\\');
    if (byte < 0x20) {
      out.put('?');
      continue;
    }
    out.put(static_cast<char>(byte));
  }
  out.put(')');
  return ok;
}

// Compresses a content stream (zlib format, as /FlateDecode wants) into the calling thread's
// scratch memory, kept from diagram to diagram; the view is valid until the next call.
std::string_view deflated(std::string_view data) {
  struct Free {
    void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
  };
  thread_local std::unique_ptr<libdeflate_compressor, Free> compressor(
      libdeflate_alloc_compressor(1));
  thread_local std::string out;
  const std::size_t bound = libdeflate_zlib_compress_bound(compressor.get(), data.size());
  if (out.size() < bound) out.resize(bound);
  const std::size_t n =
      libdeflate_zlib_compress(compressor.get(), data.data(), data.size(), out.data(), out.size());
  return {out.data(), n};
}

// The calling thread's memory for content streams, handed from one writer to the next (a
// writer made while another is alive, or a thread's first, starts with none).
std::string& spare_content() {
  thread_local std::string spare;
  return spare;
}

}  // namespace

PdfWriter::PdfWriter(double width, double height, std::string_view title)
    : content_(std::move(spare_content())), width_(width), height_(height), title_(title) {
  // Output coordinates have y down from the top left: one flip makes them the page's.
  content_.put("1 0 0 -1 0 ");
  content_.number(height);
  content_.put(" cm\n");
}

PdfWriter::~PdfWriter() {
  // Kept for the next diagram unless unusually large (a stream is some 100 KB at most).
  std::string memory = content_.release();
  if (memory.size() <= (4u << 20)) spare_content() = std::move(memory);
}

void PdfWriter::point(double x, double y) {
  content_.number(x);
  content_.put(' ');
  content_.number(y);
  content_.put(' ');
}

void PdfWriter::path_ops(const VectorPath& path) {
  std::size_t c = 0;
  for (VectorPath::Kind k : path.kinds) {
    switch (k) {
      case VectorPath::Kind::kMove:
        point(path.coords[c], path.coords[c + 1]);
        content_.put("m\n");
        c += 2;
        break;
      case VectorPath::Kind::kLine:
        point(path.coords[c], path.coords[c + 1]);
        content_.put("l\n");
        c += 2;
        break;
      case VectorPath::Kind::kCurve:
        for (int p = 0; p < 3; ++p, c += 2) point(path.coords[c], path.coords[c + 1]);
        content_.put("c\n");
        break;
      case VectorPath::Kind::kClose: content_.put("h\n"); break;
    }
  }
}

bool PdfWriter::colour_ops(const Colour& c, bool stroking) {
  bool opened = false;
  if (c.a < 1) {
    const double a = std::round(std::max(0.0, c.a) * 100) / 100;
    auto it = std::find(alphas_.begin(), alphas_.end(), a);
    if (it == alphas_.end()) it = alphas_.insert(alphas_.end(), a);
    content_.put("q /A");
    content_.integer(static_cast<std::size_t>(it - alphas_.begin()));
    content_.put(" gs\n");
    opened = true;
  }
  content_.number(c.r);
  content_.put(' ');
  content_.number(c.g);
  content_.put(' ');
  content_.number(c.b);
  content_.put(stroking ? " RG\n" : " rg\n");
  return opened;
}

void PdfWriter::fill(const VectorPath& path, const Colour& colour) {
  const bool opened = colour_ops(colour, false);
  path_ops(path);
  content_.put(opened ? "f Q\n" : "f\n");
}

void PdfWriter::stroke(const VectorPath& path, const StrokeStyle& style) {
  const bool opened = colour_ops(style.colour, true);
  content_.number(style.width);
  content_.put(" w ");
  content_.put(style.cap == LineCap::kRound ? '1' : style.cap == LineCap::kSquare ? '2' : '0');
  content_.put(" J ");
  content_.put(style.join == LineJoin::kRound ? '1' : style.join == LineJoin::kBevel ? '2' : '0');
  content_.put(" j [");
  if (style.dashes != nullptr)
    for (double d : *style.dashes) {
      content_.number(d);
      content_.put(' ');
    }
  content_.put("] ");
  content_.number(style.dashes != nullptr ? style.dash_offset : 0);
  content_.put(" d\n");
  path_ops(path);
  content_.put(opened ? "S Q\n" : "S\n");
}

void PdfWriter::paint(const Colour& colour) {
  const bool opened = colour_ops(colour, false);
  content_.put("0 0 ");
  point(width_, height_);
  content_.put(opened ? "re f Q\n" : "re f\n");
}

void PdfWriter::push_clip(const VectorPath& path) {
  content_.put("q\n");
  path_ops(path);
  content_.put("W n\n");
  ++clips_open_;
}

void PdfWriter::pop_clip() {
  if (clips_open_ == 0) return;
  --clips_open_;
  content_.put("Q\n");
}

void PdfWriter::text(const TextRun& run) {
  const bool opened = colour_ops(run.colour, false);
  // Fonts /F1-/F4: Helvetica, Helvetica-Bold, Courier, Courier-Bold.
  content_.put("BT /F");
  content_.put(static_cast<char>('1' + (run.mono ? 2 : 0) + (run.bold ? 1 : 0)));
  content_.put(" 1 Tf ");
  // Text space has y up and the page (after the flip) y down: the matrix turns one into the
  // other. Six decimals: the matrix is in glyph units at font size 1.
  content_.text_matrix(run.xx, run.yx, -run.xy, -run.yy, run.x, run.y);
  content_.put(" Tm ");
  if (!append_pdf_string(content_, run.text)) encodable_ = false;
  content_.put(opened ? " Tj ET Q\n" : " Tj ET\n");
}

std::string PdfWriter::finish() {
  for (; clips_open_ > 0; --clips_open_) content_.put("Q\n");
  const std::string_view stream = deflated(content_.view());
  TextBuffer out(std::string(stream.size() + 2048, '\0'));
  out.put("%PDF-1.4\n%\xE2\xE3\xCF\xD3\n");
  std::size_t offsets[9];
  std::size_t objects = 0;
  // Starts object number objects + 1 (ended by "\nendobj\n").
  auto begin_object = [&] {
    offsets[objects++] = out.size();
    out.integer(objects);
    out.put(" 0 obj\n");
  };
  begin_object();
  out.put("<< /Type /Catalog /Pages 2 0 R >>\nendobj\n");
  begin_object();
  out.put("<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n");
  begin_object();
  out.put("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ");
  out.number(width_);
  out.put(' ');
  out.number(height_);
  out.put("] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R /F3 7 0 R /F4 8 0 R >>");
  if (!alphas_.empty()) {
    out.put(" /ExtGState <<");
    for (std::size_t i = 0; i < alphas_.size(); ++i) {
      out.put(" /A");
      out.integer(i);
      out.put(" << /ca ");
      out.number(alphas_[i]);
      out.put(" /CA ");
      out.number(alphas_[i]);
      out.put(" >>");
    }
    out.put(" >>");
  }
  out.put(" >> >>\nendobj\n");
  begin_object();
  out.put("<< /Length ");
  out.integer(stream.size());
  out.put(" /Filter /FlateDecode >>\nstream\n");
  out.put(stream);
  out.put("\nendstream\nendobj\n");
  for (std::string_view font : {"Helvetica", "Helvetica-Bold", "Courier", "Courier-Bold"}) {
    begin_object();
    out.put("<< /Type /Font /Subtype /Type1 /BaseFont /");
    out.put(font);
    out.put(" /Encoding /WinAnsiEncoding >>\nendobj\n");
  }
  begin_object();
  out.put("<< /Producer (scribe) /Creator (scribe) /CreationDate (D:20000101000000Z)");
  if (!title_.empty()) {
    out.put(" /Title ");
    TextBuffer title;
    if (append_pdf_string(title, title_)) out.put(title.view());
    else out.put("(scribe diagram)");
  }
  out.put(" >>\nendobj\n");
  const std::size_t xref = out.size();
  out.put("xref\n0 ");
  out.integer(objects + 1);
  out.put("\n0000000000 65535 f \n");
  for (std::size_t i = 0; i < objects; ++i) {
    // At least ten digits, leading zeros first (printf's "%010zu").
    char digits[24];
    char* const end = digits + sizeof digits;
    char* p = number_text_detail::digits_before(end, offsets[i]);
    while (end - p < 10) *--p = '0';
    out.put(std::string_view(p, static_cast<std::size_t>(end - p)));
    out.put(" 00000 n \n");
  }
  out.put("trailer\n<< /Size ");
  out.integer(objects + 1);
  out.put(" /Root 1 0 R /Info ");
  out.integer(objects);
  out.put(" 0 R >>\nstartxref\n");
  out.integer(xref);
  out.put("\n%%EOF\n");
  return out.take();
}

}  // namespace scribe::render
