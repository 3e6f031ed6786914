#include "render/charts/chart.hpp"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "render/core/cairo_canvas.hpp"
#include "render/core/cairo_handles.hpp"
#include "render/core/theme.hpp"

namespace scribe::render {

namespace {

// The colours of one theme.
struct Palette {
  Colour page, ink, faint, bar, bar_edge;
  bool outline = false;  // print: bars outlined in ink
};

Palette palette_of(std::string_view theme) {
  if (theme == "dark")
    return {kDarkPage, kDarkInk, kDarkLines, hex_colour("#6FA8DC"), hex_colour("#6FA8DC")};
  if (theme == "print") return {kPrintPaper, kPrintInk, kPrintGrey, kPrintLight, kPrintInk, true};
  return {kPrintPaper, hex_colour("#111111"), hex_colour("#555555"), hex_colour("#2E6DB4"),
          hex_colour("#2E6DB4")};
}

constexpr double kTitleSize = 15, kLabelSize = 11, kCountSize = 10;
constexpr double kMargin = 16, kTitleBand = 40;
constexpr double kRow = 22;  // horizontal bars: one row

// `text` cut to fit `room` user units at `size` (with "..." when cut).
std::string fitted(Canvas& cv, const std::string& text, double room, double size, bool mono) {
  if (text_advance(cv, text, size, false, mono) <= room) return text;
  std::string t = text;
  while (!t.empty() && text_advance(cv, t + "...", size, false, mono) > room) t.pop_back();
  return t + "...";
}

// Fills and, in print, outlines the rectangle of one bar.
void bar(Canvas& cv, const Palette& p, double x, double y, double w, double h) {
  cv.rectangle(x, y, w, h);
  cv.set_colour(p.bar);
  if (!p.outline) {
    cv.fill();
    return;
  }
  cv.fill_preserve();
  cv.set_colour(p.bar_edge);
  cv.set_line_width(1);
  cv.stroke();
}

long largest(const Chart& chart) {
  long most = 1;
  for (const auto& b : chart.bars) most = std::max(most, b.value);
  return most;
}

// Horizontal bars: labels on the left, counts after the bars.
void draw_rows(Canvas& cv, const Chart& chart, const Palette& p, double width) {
  double label_w = 0;
  for (const auto& b : chart.bars)
    label_w = std::max(label_w, text_advance(cv, b.label, kLabelSize, false, true));
  label_w = std::min(label_w, width * 0.45);
  const double x0 = kMargin + label_w + 8;
  const double room = width - x0 - kMargin - 48;  // space for the count after the longest bar
  const long most = largest(chart);
  double y = kTitleBand;
  for (const auto& b : chart.bars) {
    cv.set_colour(p.ink);
    draw_text_left(cv, fitted(cv, b.label, label_w, kLabelSize, true), kMargin, y + 15, kLabelSize,
                   false, true);
    const double w = room * static_cast<double>(b.value) / static_cast<double>(most);
    bar(cv, p, x0, y + 3, std::max(w, 1.0), kRow - 6);
    cv.set_colour(p.faint);
    draw_text_left(cv, std::to_string(b.value), x0 + w + 6, y + 15, kCountSize);
    y += kRow;
  }
}

// Columns side by side: counts above, labels below (slanted when they do not fit).
void draw_columns(Canvas& cv, const Chart& chart, const Palette& p, double width, double height,
                  bool slanted) {
  const double base = height - (slanted ? 72 : 36);
  const double top = kTitleBand + 18;
  const double slot = (width - 2 * kMargin) / static_cast<double>(chart.bars.size());
  const long most = largest(chart);
  for (std::size_t i = 0; i < chart.bars.size(); ++i) {
    const ChartBar& b = chart.bars[i];
    const double x = kMargin + slot * static_cast<double>(i);
    const double h = (base - top) * static_cast<double>(b.value) / static_cast<double>(most);
    bar(cv, p, x + slot * 0.12, base - h, slot * 0.76, h);
    cv.set_colour(p.faint);
    draw_text_centred(cv, std::to_string(b.value), x + slot / 2, base - h - 8, kCountSize);
    cv.set_colour(p.ink);
    if (!slanted) {
      draw_text_centred(cv, b.label, x + slot / 2, base + 14, kLabelSize);
      continue;
    }
    SavedState saved(cv);
    cv.translate(x + slot / 2 + 4, base + 8);
    cv.rotate(-M_PI / 4);
    const std::string t = fitted(cv, b.label, 90, kLabelSize, false);
    draw_text_left(cv, t, -text_advance(cv, t, kLabelSize), kLabelSize / 2, kLabelSize);
  }
  cv.set_colour(p.faint);
  cv.set_line_width(1);
  cv.move_to(kMargin, base + 0.5);
  cv.line_to(width - kMargin, base + 0.5);
  cv.stroke();
}

// Whether some column label is wider than its slot.
bool needs_slant(const Chart& chart, double width) {
  if (chart.bars.empty()) return false;
  Surface probe_surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1));
  Context cr(cairo_create(probe_surface.get()));
  CairoCanvas cv(cr.get());
  const double slot = (width - 2 * kMargin) / static_cast<double>(chart.bars.size());
  for (const auto& b : chart.bars)
    if (text_advance(cv, b.label, kLabelSize) > slot - 4) return true;
  return false;
}

// Draws the whole chart on `cv`.
void draw_all(Canvas& cv, const Chart& chart, const Palette& p, double width, double height,
              bool slanted) {
  cv.set_colour(p.page);
  cv.paint();
  cv.set_colour(p.ink);
  draw_text_left(cv, chart.title, kMargin, 26, kTitleSize, true);
  if (chart.bars.empty()) {
    cv.set_colour(p.faint);
    draw_text_left(cv, "no records", kMargin, kTitleBand + 20, kLabelSize);
  } else if (chart.horizontal) {
    draw_rows(cv, chart, p, width);
  } else {
    draw_columns(cv, chart, p, width, height, slanted);
  }
}

}  // namespace

std::string draw_chart(const Chart& chart, Format format, std::string_view theme, int width) {
  const Palette p = palette_of(theme);
  const double w = std::max(width, 240);
  const bool slanted = !chart.horizontal && needs_slant(chart, w);
  double h = chart.horizontal ? kTitleBand + kRow * static_cast<double>(chart.bars.size()) + 12
                              : (slanted ? 340 : 300);
  if (chart.bars.empty()) h = kTitleBand + 40;
  std::string out;
  Surface surface;
  if (format == Format::kPng) {
    surface.reset(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, static_cast<int>(w),
                                             static_cast<int>(std::ceil(h))));
  } else if (format == Format::kSvg) {
    surface.reset(cairo_svg_surface_create_for_stream(append_to_string, &out, w, h));
    cairo_svg_surface_restrict_to_version(surface.get(), CAIRO_SVG_VERSION_1_1);
    cairo_svg_surface_set_document_unit(surface.get(), CAIRO_SVG_UNIT_PX);
  } else {
    surface.reset(cairo_pdf_surface_create_for_stream(append_to_string, &out, w, h));
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, "scribe");
  }
  {
    Context cr(cairo_create(surface.get()));
    CairoCanvas cv(cr.get());
    draw_all(cv, chart, p, w, h, slanted);
    if (cairo_status(cr.get()) != CAIRO_STATUS_SUCCESS)
      throw std::runtime_error(std::string("cairo: ") +
                               cairo_status_to_string(cairo_status(cr.get())));
  }
  if (format == Format::kPng) {
    cairo_surface_flush(surface.get());
    if (cairo_surface_write_to_png_stream(surface.get(), append_to_string, &out) !=
        CAIRO_STATUS_SUCCESS)
      throw std::runtime_error("cairo: cannot encode the chart as PNG");
  } else {
    cairo_surface_finish(surface.get());
  }
  return out;
}

}  // namespace scribe::render
