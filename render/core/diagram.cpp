#include "render/core/diagram.hpp"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <cairo.h>
#include <png.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "render/core/annotations.hpp"
#include "render/core/cairo_handles.hpp"
#include "render/core/raster.hpp"
#include "render/core/theme.hpp"

namespace scribe::render {

bool parse_format(std::string_view text, Format* out) {
  if (text == "png") *out = Format::kPng;
  else if (text == "svg") *out = Format::kSvg;
  else if (text == "pdf") *out = Format::kPdf;
  else return false;
  return true;
}

std::string_view format_extension(Format f) {
  switch (f) {
    case Format::kPng: return "png";
    case Format::kSvg: return "svg";
    case Format::kPdf: return "pdf";
  }
  return "png";
}

bool known_theme(std::string_view theme) {
  return theme == "light" || theme == "dark" || theme == "print";
}

DiagramRequest themed(const DiagramDrawer& drawer, const DiagramRequest& request) {
  if (request.theme != "print" || request.style.find("print") != std::string::npos)
    return request;
  const std::vector<std::string> styles = drawer.styles();
  auto has = [&](const std::string& s) {
    return std::find(styles.begin(), styles.end(), s) != styles.end();
  };
  DiagramRequest r = request;
  const std::string full = ",full";
  const bool is_full = r.style.size() > full.size() &&
                       r.style.compare(r.style.size() - full.size(), full.size(), full) == 0;
  if (has(r.style + "-print")) r.style += "-print";
  else if (is_full && has("print,full")) r.style = "print,full";
  else if (has("print")) r.style = "print";
  return r;
}

namespace {

cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

void png_write_to_string(png_structp png, png_bytep data, png_size_t length) {
  static_cast<std::string*>(png_get_io_ptr(png))->append(reinterpret_cast<const char*>(data), length);
}

void png_flush_nothing(png_structp) {}

// Encodes a Cairo ARGB32 image as an RGB PNG, or as RGBA when `alpha` (a transparent
// background; Cairo's premultiplied colours are divided back out).
std::string encode_png(cairo_surface_t* surface, int level, bool alpha) {
  cairo_surface_flush(surface);
  const int width = cairo_image_surface_get_width(surface);
  const int height = cairo_image_surface_get_height(surface);
  const int stride = cairo_image_surface_get_stride(surface);
  const unsigned char* data = cairo_image_surface_get_data(surface);

  std::string out;
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  if (png == nullptr) throw std::runtime_error("libpng: cannot create a write struct");
  png_infop info = png_create_info_struct(png);
  const std::size_t channels = alpha ? 4 : 3;
  std::vector<unsigned char> row(static_cast<std::size_t>(width) * channels);
  if (info == nullptr || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    throw std::runtime_error("libpng: encoding failed");
  }
  png_set_write_fn(png, &out, png_write_to_string, png_flush_nothing);
  png_set_compression_level(png, std::clamp(level, 0, 9));
  // At the fast levels no filter: diagrams are flat colour with antialiased edges, which
  // deflate finds as runs without help; measured faster and smaller than SUB or UP.
  png_set_filter(png, PNG_FILTER_TYPE_BASE, level <= 1 ? PNG_FILTER_NONE : PNG_ALL_FILTERS);
  png_set_IHDR(png, info, static_cast<png_uint_32>(width), static_cast<png_uint_32>(height), 8,
               alpha ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_BASE,
               PNG_FILTER_TYPE_BASE);
  png_write_info(png, info);
  for (int y = 0; y < height; ++y) {
    const auto* px = reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
    if (!alpha) {
      for (int x = 0; x < width; ++x) {
        const std::uint32_t p = px[x];  // opaque, so premultiplication changes nothing
        row[static_cast<std::size_t>(x) * 3 + 0] = static_cast<unsigned char>((p >> 16) & 0xFF);
        row[static_cast<std::size_t>(x) * 3 + 1] = static_cast<unsigned char>((p >> 8) & 0xFF);
        row[static_cast<std::size_t>(x) * 3 + 2] = static_cast<unsigned char>(p & 0xFF);
      }
    } else {
      for (int x = 0; x < width; ++x) {
        const std::uint32_t p = px[x];
        const std::uint32_t a = p >> 24;
        unsigned char* out_px = &row[static_cast<std::size_t>(x) * 4];
        for (int c = 0; c < 3; ++c) {
          const std::uint32_t v = (p >> (16 - 8 * c)) & 0xFF;
          out_px[c] = static_cast<unsigned char>(a == 0 ? 0 : std::min<std::uint32_t>(255, (v * 255 + a / 2) / a));
        }
        out_px[3] = static_cast<unsigned char>(a);
      }
    }
    png_write_row(png, row.data());
  }
  png_write_end(png, info);
  png_destroy_write_struct(&png, &info);
  return out;
}

// Cairo names SVG groups after its process-wide surface counter ("surface17"), so the same
// drawing would differ between calls and threads. Renumbers them in order of appearance.
std::string normalise_svg_ids(const std::string& svg) {
  static constexpr std::string_view kWord = "surface";
  std::string out;
  out.reserve(svg.size());
  std::vector<std::pair<std::string, std::string>> renamed;
  std::size_t i = 0;
  while (i < svg.size()) {
    const std::size_t hit = svg.find(kWord, i);
    if (hit == std::string::npos) {
      out.append(svg, i, std::string::npos);
      break;
    }
    std::size_t end = hit + kWord.size();
    while (end < svg.size() && svg[end] >= '0' && svg[end] <= '9') ++end;
    out.append(svg, i, hit - i);
    if (end == hit + kWord.size()) {
      out += kWord;
    } else {
      const std::string old_id = svg.substr(hit, end - hit);
      std::string new_id;
      for (const auto& [from, to] : renamed)
        if (from == old_id) new_id = to;
      if (new_id.empty()) {
        new_id = std::string(kWord) + std::to_string(renamed.size() + 1);
        renamed.emplace_back(old_id, new_id);
      }
      out += new_id;
    }
    i = end;
  }
  return out;
}

// Escapes text for XML character data and attribute values.
std::string xml_escaped(std::string_view text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// Puts a <title> (game, ply, move) and a <desc> (side to move or result, position text) right
// after the opening <svg> tag, for screen readers, browser tabs and search.
std::string add_svg_title(const std::string& svg, const DiagramRequest& req) {
  const std::size_t open = svg.find("<svg");
  const std::size_t end = open == std::string::npos ? open : svg.find('>', open);
  if (end == std::string::npos) return svg;
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
  return svg.substr(0, end + 1) + "\n<title>" + xml_escaped(title) + "</title>\n<desc>" +
         xml_escaped(desc) + "</desc>" + svg.substr(end + 1);
}

// Fills the page white and sets up user space in drawer units, then draws.
void draw_scaled(cairo_t* cr, const DiagramDrawer& drawer, const DiagramRequest& request,
                 double scale) {
  if (!request.transparent) {
    set_colour(cr, dark_theme(request) ? kDarkPage : kPrintPaper);
    cairo_paint(cr);
  }
  cairo_scale(cr, scale, scale);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
  drawer.draw(cr, request);
  draw_annotations(cr, drawer, request);
}

}  // namespace

Surface rasterize(const DiagramDrawer& drawer, const DiagramRequest& asked, int size) {
  const DiagramRequest request = themed(drawer, asked);
  const Extent extent = drawer.extent(request);
  const double longer = sized_length(request, extent);
  if (!(longer > 0)) throw std::runtime_error("diagram has an empty extent");
  const double scale = std::max(1, size) / longer;
  const int pw = std::max(1, static_cast<int>(std::lround(extent.width * scale)));
  const int ph = std::max(1, static_cast<int>(std::lround(extent.height * scale)));
  Surface surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, pw, ph));
  {
    Context cr(cairo_create(surface.get()));
    draw_scaled(cr.get(), drawer, request, scale);
  }
  cairo_surface_flush(surface.get());
  return surface;
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

std::string render_diagram(const DiagramDrawer& drawer, const DiagramRequest& asked,
                           Format format, const EncodeOptions& options) {
  const DiagramRequest request = themed(drawer, asked);
  const Extent extent = drawer.extent(request);
  const double longer = sized_length(request, extent);
  if (!(longer > 0)) throw std::runtime_error("diagram has an empty extent");
  const double scale = std::max(1, options.size) / longer;
  const double w = extent.width * scale;
  const double h = extent.height * scale;
  std::string out;
  switch (format) {
    case Format::kPng: {
      Surface surface = rasterize(drawer, request, options.size);
      out = encode_png(surface.get(), options.png_compression, request.transparent);
      break;
    }
    case Format::kSvg: {
      Surface surface(cairo_svg_surface_create_for_stream(append_to_string, &out, w, h));
      cairo_svg_surface_restrict_to_version(surface.get(), CAIRO_SVG_VERSION_1_1);
      // Sized in pixels, so that --size 400 shows 400 px wide in a browser (not 400 pt).
      cairo_svg_surface_set_document_unit(surface.get(), CAIRO_SVG_UNIT_PX);
      {
        Context cr(cairo_create(surface.get()));
        draw_scaled(cr.get(), drawer, request, scale);
      }
      cairo_surface_finish(surface.get());
      surface.reset();
      out = add_svg_title(normalise_svg_ids(out), request);
      break;
    }
    case Format::kPdf: {
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
      break;
    }
  }
  return out;
}

}  // namespace scribe::render
