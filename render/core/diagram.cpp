#include "render/core/diagram.hpp"

#include <cairo-pdf.h>
#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "render/core/annotations.hpp"
#include "render/core/cairo_canvas.hpp"
#include "render/core/cairo_handles.hpp"
#include "render/core/pdf_writer.hpp"
#include "render/core/png_writer.hpp"
#include "render/core/raster.hpp"
#include "render/core/svg_writer.hpp"
#include "render/core/theme.hpp"
#include "render/core/vector_canvas.hpp"

namespace scribe::render {

bool parse_format(std::string_view text, Format* out) {
  if (text == "png")
    *out = Format::kPng;
  else if (text == "svg")
    *out = Format::kSvg;
  else if (text == "pdf")
    *out = Format::kPdf;
  else
    return false;
  return true;
}

std::string_view format_extension(Format f) {
  switch (f) {
    case Format::kPng:
      return "png";
    case Format::kSvg:
      return "svg";
    case Format::kPdf:
      return "pdf";
  }
  return "png";
}

std::string static_key(const DiagramRequest& request, std::string_view extra) {
  std::string key;
  if (request.variant != nullptr) {
    key = request.variant->describe();
    key += '|';
    key += request.variant->options_text();
  }
  key += '|';
  key += request.style;
  key += '|';
  key += request.theme;
  key += request.transparent ? "|t" : "|o";
  key += request.coordinates ? 'c' : '-';
  key += request.flip ? 'f' : '-';
  key += '|';
  key += extra;
  return key;
}

bool known_theme(std::string_view theme) {
  return theme == "light" || theme == "dark" || theme == "print";
}

DiagramRequest themed(const DiagramDrawer& drawer, const DiagramRequest& request) {
  if (request.theme != "print" || request.style.find("print") != std::string::npos) return request;
  const std::vector<std::string> styles = drawer.styles();
  auto has = [&](const std::string& s) {
    return std::find(styles.begin(), styles.end(), s) != styles.end();
  };
  DiagramRequest r = request;
  const std::string full = ",full";
  const bool is_full = r.style.size() > full.size() &&
                       r.style.compare(r.style.size() - full.size(), full.size(), full) == 0;
  if (has(r.style + "-print"))
    r.style += "-print";
  else if (is_full && has("print,full"))
    r.style = "print,full";
  else if (has("print"))
    r.style = "print";
  return r;
}

namespace {

// The <title> of a diagram (game, ply, move) and its <desc> (side to move or result, position
// text), for screen readers, browser tabs and search.
std::pair<std::string, std::string> title_and_description(const DiagramRequest& req) {
  std::string title = req.variant != nullptr ? req.variant->describe() : std::string("Diagram");
  title += req.ply > 0 && !req.last_move.empty()
               ? ", ply " + std::to_string(req.ply) + ": " +
                     (req.last_mover.empty() ? "" : req.last_mover + " ") + req.last_move
               : ", start";
  std::string desc;
  if (req.state != nullptr) {
    if (const auto r = req.state->result())
      desc = *r == "draw" ? "Drawn. " : "Result: " + *r + " wins. ";
    else if (!req.state->side_to_move().empty())
      desc = req.state->side_to_move() + " to move. ";
    desc += "Position: " + req.state->position_text();
  }
  return {std::move(title), std::move(desc)};
}

// Fills the page white and sets up user space in drawer units, then draws.
void draw_scaled(Canvas& cv, const DiagramDrawer& drawer, const DiagramRequest& request,
                 double scale) {
  if (!request.transparent) {
    cv.set_colour(dark_theme(request) ? kDarkPage : kPrintPaper);
    cv.paint();
  }
  cv.scale(scale, scale);
  cv.set_line_join(LineJoin::kRound);
  drawer.draw(cv, request);
  draw_annotations(cv, drawer, request);
}

// Draws through Cairo onto `cr` (with the unchanging parts from `cache` when given).
void draw_scaled(cairo_t* cr, const DiagramDrawer& drawer, const DiagramRequest& request,
                 double scale, StaticCache* cache = nullptr) {
  CairoCanvas cv(cr, cache);
  draw_scaled(cv, drawer, request, scale);
}

// A one-page PDF drawn through Cairo's PDF surface: for text the standard PDF fonts cannot
// write (PdfWriter::encodable()).
std::string cairo_pdf(const DiagramDrawer& drawer, const DiagramRequest& request, double scale,
                      double w, double h) {
  std::string out;
  out.reserve(1 << 16);
  Surface surface(cairo_pdf_surface_create_for_stream(append_to_string, &out, w, h));
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATE_DATE,
                                 "2000-01-01T00:00:00Z");
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_MOD_DATE,
                                 "2000-01-01T00:00:00Z");
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, "scribe");
  {
    Context cr(cairo_create(surface.get()));
    draw_scaled(cr.get(), drawer, request, scale);
  }
  cairo_surface_finish(surface.get());
  return out;
}

// The pixel size of `request` drawn with its longer side `size` pixels, and the scale.
struct PixelSize {
  int width = 1;
  int height = 1;
  double scale = 1;
};
PixelSize pixel_size(const DiagramDrawer& drawer, const DiagramRequest& request, int size) {
  const Extent extent = drawer.extent(request);
  const double longer = sized_length(request, extent);
  if (!(longer > 0)) throw std::runtime_error("diagram has an empty extent");
  PixelSize p;
  p.scale = std::max(1, size) / longer;
  p.width = std::max(1, static_cast<int>(std::lround(extent.width * p.scale)));
  p.height = std::max(1, static_cast<int>(std::lround(extent.height * p.scale)));
  return p;
}

// The calling thread's image of `width` x `height` pixels, cleared to transparent black as a new
// one is. `render --all` draws thousands of diagrams of one size per worker: clearing the same
// memory is cheaper than allocating, zeroing and faulting in a fresh image each time.
// An image over 2048x2048 pixels (--size 20000) is not kept: it is made in `owned`, which frees
// it after its diagram, and the kept one is dropped first, so memory holds one image at a time.
cairo_surface_t* worker_image(int width, int height, Surface& owned) {
  thread_local Surface kept;
  if (static_cast<long long>(width) * height > 2048LL * 2048) {
    kept.reset();
    owned.reset(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height));
    return owned.get();
  }
  cairo_surface_t* s = kept.get();
  if (s != nullptr && cairo_image_surface_get_width(s) == width &&
      cairo_image_surface_get_height(s) == height && cairo_image_surface_get_data(s) != nullptr) {
    // Painting with CLEAR (not a memset) also tells Cairo the image is clear, as a new one is;
    // Cairo draws onto a clear image by shortcuts whose rounding differs in the last bit.
    Context cr(cairo_create(s));
    cairo_set_operator(cr.get(), CAIRO_OPERATOR_CLEAR);
    cairo_paint(cr.get());
    return s;
  }
  kept.reset(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height));
  return kept.get();
}

}  // namespace

Surface rasterize(const DiagramDrawer& drawer, const DiagramRequest& asked, int size) {
  const DiagramRequest request = themed(drawer, asked);
  const PixelSize p = pixel_size(drawer, request, size);
  return rasterize_scaled(drawer, request, p.scale, p.width, p.height);
}

Surface rasterize_scaled(const DiagramDrawer& drawer, const DiagramRequest& asked, double scale,
                         int width, int height) {
  const DiagramRequest request = themed(drawer, asked);
  Surface surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height));
  {
    Context cr(cairo_create(surface.get()));
    draw_scaled(cr.get(), drawer, request, scale);
  }
  cairo_surface_flush(surface.get());
  return surface;
}

namespace {

// The SVG and PDF size of the themed `request` drawn `size` pixels along its longer side.
VectorSize themed_vector_size(const DiagramDrawer& drawer, const DiagramRequest& request,
                              int size) {
  const Extent extent = drawer.extent(request);
  const double longer = sized_length(request, extent);
  if (!(longer > 0)) throw std::runtime_error("diagram has an empty extent");
  VectorSize out;
  out.scale = std::max(1, size) / longer;
  out.width = extent.width * out.scale;
  out.height = extent.height * out.scale;
  return out;
}

}  // namespace

std::string render_diagram(const DiagramDrawer& drawer, const DiagramRequest& asked, Format format,
                           const EncodeOptions& options) {
  const DiagramRequest request = themed(drawer, asked);
  const auto [w, h, scale] = themed_vector_size(drawer, request, options.size);
  std::string out;
  switch (format) {
    case Format::kPng: {
      const PixelSize p = pixel_size(drawer, request, options.size);
      Surface owned;
      cairo_surface_t* image = worker_image(p.width, p.height, owned);
      // The worker's kept image: boards drawn before are painted from the cache (not an
      // oversized image of its own, which is freed after its diagram).
      thread_local StaticCache cache;
      {
        Context cr(cairo_create(image));
        draw_scaled(cr.get(), drawer, request, p.scale, owned ? nullptr : &cache);
      }
      out = encode_png(image, options.png_compression, request.transparent);
      break;
    }
    case Format::kSvg: {
      const auto [title, desc] = title_and_description(request);
      SvgWriter writer(w, h, title, desc);
      {
        VectorCanvas cv(writer);
        draw_scaled(cv, drawer, request, scale);
      }
      out = writer.finish();
      break;
    }
    case Format::kPdf: {
      PdfWriter writer(w, h, title_and_description(request).first);
      {
        VectorCanvas cv(writer);
        draw_scaled(cv, drawer, request, scale);
      }
      out = writer.encodable() ? writer.finish() : cairo_pdf(drawer, request, scale, w, h);
      break;
    }
  }
  return out;
}

VectorSize vector_size(const DiagramDrawer& drawer, const DiagramRequest& asked,
                       const EncodeOptions& options) {
  return themed_vector_size(drawer, themed(drawer, asked), options.size);
}

void draw_vector(const DiagramDrawer& drawer, const DiagramRequest& asked, const VectorSize& size,
                 VectorWriter& writer) {
  const DiagramRequest request = themed(drawer, asked);
  VectorCanvas cv(writer);
  draw_scaled(cv, drawer, request, size.scale);
}

}  // namespace scribe::render
