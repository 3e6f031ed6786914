#include "render/core/sheet.hpp"

#include <cairo-pdf.h>
#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "render/core/cairo_canvas.hpp"
#include "render/core/cairo_handles.hpp"
#include "render/core/theme.hpp"

namespace scribe::render {

namespace {

struct Paper {
  double width, height;  // points
};

Paper paper_size(const std::string& name) {
  if (name == "letter") return {612, 792};
  return {595.276, 841.89};  // A4
}

constexpr double kMargin = 42;
constexpr double kHeaderSize = 10;
constexpr double kMoveSize = 8.5;

// Draws `text` clipped to `width` (with an ellipsis when it does not fit).
void fitted_text(cairo_t* cr, std::string text, double x, double y, double size, double width,
                 bool bold = false) {
  cairo_select_font_face(cr, kFontFamily, CAIRO_FONT_SLANT_NORMAL,
                         bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
  cairo_text_extents_t ext;
  cairo_text_extents(cr, text.c_str(), &ext);
  while (ext.x_advance > width && text.size() > 1) {
    text.pop_back();
    while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80) text.pop_back();
    const std::string shown = text + "...";
    cairo_text_extents(cr, shown.c_str(), &ext);
    if (ext.x_advance <= width) {
      text = shown;
      break;
    }
  }
  cairo_move_to(cr, x, y);
  cairo_show_text(cr, text.c_str());
}

// Lays out and draws the pages.
class SheetWriter {
 public:
  SheetWriter(const DiagramDrawer& drawer, const SheetRequest& req, cairo_t* cr)
      : drawer_(drawer), req_(req), cr_(cr), canvas_(cr), paper_(paper_size(req.paper)) {}

  void write() {
    y_ = kMargin;
    draw_header();
    draw_moves();
    draw_diagrams();
    finish_page();
  }

 private:
  double width() const { return paper_.width - 2 * kMargin; }
  double bottom() const { return paper_.height - kMargin - 14; }

  void finish_page() {
    canvas_.set_colour(hex_colour("#555555"));
    const std::string label = "page " + std::to_string(page_);
    draw_text_centred(canvas_, label, paper_.width / 2, paper_.height - kMargin / 2, 8);
    cairo_show_page(cr_);
  }

  void new_page() {
    finish_page();
    ++page_;
    y_ = kMargin;
  }

  void draw_header() {
    canvas_.set_colour(hex_colour("#111111"));
    fitted_text(cr_, req_.title, kMargin, y_ + 14, 14, width(), true);
    y_ += 24;
    const double col = width() / 2;
    int i = 0;
    for (const auto& [name, value] : req_.header) {
      const double x = kMargin + (i % 2) * col;
      canvas_.set_colour(hex_colour("#555555"));
      fitted_text(cr_, name, x, y_ + kHeaderSize, kHeaderSize, 70, true);
      canvas_.set_colour(hex_colour("#111111"));
      fitted_text(cr_, value, x + 74, y_ + kHeaderSize, kHeaderSize, col - 80);
      if (i % 2 == 1) y_ += kHeaderSize * 1.5;
      ++i;
    }
    if (i % 2 == 1) y_ += kHeaderSize * 1.5;
    y_ += 6;
    canvas_.set_colour(hex_colour("#999999"));
    cairo_set_line_width(cr_, 0.6);
    cairo_move_to(cr_, kMargin, y_);
    cairo_line_to(cr_, kMargin + width(), y_);
    cairo_stroke(cr_);
    y_ += 10;
  }

  // The move list: five columns of numbered plies, column by column. A ply too long for its
  // column wraps after a comma or a space onto indented lines, and its lines stay together.
  void draw_moves() {
    if (req_.moves.empty()) return;
    const int columns = 5;
    const double col_w = width() / columns;
    const double line_h = kMoveSize * 1.45;
    std::vector<std::vector<std::string>> wrapped;
    for (std::size_t k = 0; k < req_.moves.size(); ++k)
      wrapped.push_back(wrap_text(std::to_string(k + 1) + ". " + req_.moves[k], col_w - 6));
    std::size_t index = 0;
    while (index < wrapped.size()) {
      const int page_rows = std::max(1, static_cast<int>((bottom() - y_) / line_h));
      // The fewest rows that hold every remaining ply, else a full page.
      int rows = 1;
      while (rows < page_rows && place(wrapped, index, rows, columns) < wrapped.size()) ++rows;
      const std::size_t end = place(wrapped, index, rows, columns);
      int c = 0, r = 0;
      canvas_.set_colour(hex_colour("#111111"));
      for (std::size_t k = index; k < end; ++k) {
        const int n = static_cast<int>(wrapped[k].size());
        if (r > 0 && r + n > rows) {
          ++c;
          r = 0;
        }
        for (int line = 0; line < n && r < rows; ++line, ++r)
          fitted_text(cr_, wrapped[k][static_cast<std::size_t>(line)], kMargin + c * col_w,
                      y_ + (r + 1) * line_h, kMoveSize, col_w - 6);
      }
      index = end;
      y_ += rows * line_h + 12;
      if (index < wrapped.size()) new_page();
    }
  }

  // How far from `first` the plies fill `columns` columns of `rows` lines (a ply longer than a
  // column still takes one column).
  static std::size_t place(const std::vector<std::vector<std::string>>& wrapped, std::size_t first,
                           int rows, int columns) {
    int c = 0, r = 0;
    std::size_t k = first;
    for (; k < wrapped.size(); ++k) {
      const int n = static_cast<int>(wrapped[k].size());
      if (r > 0 && r + n > rows) {
        ++c;
        r = 0;
      }
      if (c >= columns) break;
      r += n;
    }
    return k;
  }

  // Splits `text` into lines no wider than `width` at the move-list font, breaking after a
  // comma or at a space; continuation lines are indented.
  std::vector<std::string> wrap_text(const std::string& text, double width) {
    cairo_select_font_face(cr_, kFontFamily, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    cairo_set_font_size(cr_, kMoveSize);
    auto fits = [&](const std::string& line) {
      cairo_text_extents_t ext;
      cairo_text_extents(cr_, line.c_str(), &ext);
      return ext.x_advance <= width;
    };
    std::vector<std::string> lines;
    std::string line;
    std::size_t start = 0;
    while (start < text.size()) {
      std::size_t end = text.find_first_of(", ", start);
      end = end == std::string::npos ? text.size() : end + 1;  // a piece keeps its break
      const std::string piece = text.substr(start, end - start);
      if (!line.empty() && !fits(line + piece)) {
        while (!line.empty() && line.back() == ' ') line.pop_back();
        lines.push_back(line);
        line = "   ";
      }
      line += piece;
      start = end;
    }
    if (!line.empty()) lines.push_back(line);
    return lines;
  }

  void draw_diagrams() {
    if (req_.diagrams.empty()) return;
    const int columns = 3;
    const double gap = 10;
    const double cell_w = (width() - gap * (columns - 1)) / columns;
    int col = 0;
    double row_h = 0;
    for (const auto& d : req_.diagrams) {
      const Extent e = drawer_.extent(d);
      const double scale = cell_w / std::max(e.width, e.height);
      const double h = e.height * scale;
      if (col == 0 && y_ + h > bottom()) new_page();
      {
        SavedState saved(canvas_);
        cairo_translate(cr_, kMargin + col * (cell_w + gap) + (cell_w - e.width * scale) / 2, y_);
        cairo_scale(cr_, scale, scale);
        cairo_rectangle(cr_, 0, 0, e.width, e.height);
        cairo_clip(cr_);
        drawer_.draw(canvas_, d);
      }
      row_h = std::max(row_h, h);
      if (++col == columns) {
        col = 0;
        y_ += row_h + gap;
        row_h = 0;
      }
    }
    if (col != 0) y_ += row_h + gap;
  }

  const DiagramDrawer& drawer_;
  const SheetRequest& req_;
  cairo_t* cr_;
  CairoCanvas canvas_;  // the same context, for the drawers
  Paper paper_;
  double y_ = 0;
  int page_ = 1;
};

}  // namespace

bool known_paper(const std::string& paper) { return paper == "a4" || paper == "letter"; }

std::string render_sheet(const DiagramDrawer& drawer, const SheetRequest& asked) {
  SheetRequest request = asked;  // the diagrams in their theme
  for (auto& d : request.diagrams) d = themed(drawer, d);
  std::string out;
  const Paper p = paper_size(request.paper);
  Surface surface(cairo_pdf_surface_create_for_stream(append_to_string, &out, p.width, p.height));
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATE_DATE, "2000-01-01T00:00:00Z");
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_MOD_DATE, "2000-01-01T00:00:00Z");
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, "scribe");
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, request.title.c_str());
  {
    Context cr(cairo_create(surface.get()));
    cairo_set_line_join(cr.get(), CAIRO_LINE_JOIN_ROUND);
    SheetWriter(drawer, request, cr.get()).write();
  }
  cairo_surface_finish(surface.get());
  return out;
}

}  // namespace scribe::render
