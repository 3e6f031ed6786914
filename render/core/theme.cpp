#include "render/core/theme.hpp"

#include <cassert>
#include <atomic>
#include <cmath>
#include <string>

namespace scribe::render {
namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

Colour hex_colour(std::string_view hex) {
  assert(hex.size() == 7 && hex[0] == '#');
  int v[6];
  for (int i = 0; i < 6; ++i) {
    v[i] = hex_digit(hex[static_cast<std::size_t>(i) + 1]);
    assert(v[i] >= 0);
  }
  return Colour{(v[0] * 16 + v[1]) / 255.0, (v[2] * 16 + v[3]) / 255.0,
                (v[4] * 16 + v[5]) / 255.0, 1.0};
}

void set_colour(cairo_t* cr, const Colour& c) { cairo_set_source_rgba(cr, c.r, c.g, c.b, c.a); }

namespace {

thread_local TextProbe* g_probe = nullptr;

// The four faces every diagram uses, made once (Cairo font faces are reference counted and
// may be shared between threads); selecting a toy face by name on every text is slower.
std::atomic<cairo_font_face_t*> g_faces[4];

cairo_font_face_t* face(bool bold, bool mono) {
  std::atomic<cairo_font_face_t*>& slot = g_faces[(mono ? 2 : 0) + (bold ? 1 : 0)];
  cairo_font_face_t* f = slot.load(std::memory_order_acquire);
  if (f != nullptr) return f;
  cairo_font_face_t* made = cairo_toy_font_face_create(
      mono ? kMonoFamily : kFontFamily, CAIRO_FONT_SLANT_NORMAL,
      bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  if (slot.compare_exchange_strong(f, made, std::memory_order_acq_rel)) return made;
  cairo_font_face_destroy(made);  // another thread was first
  return f;
}

void select_font(cairo_t* cr, double size, bool bold, bool mono) {
  cairo_set_font_face(cr, face(bold, mono));
  cairo_set_font_size(cr, size);
}

// Reports a text about to be drawn at `size` user units to the thread's probe.
void probe(cairo_t* cr, std::string_view text, double size) {
  if (g_probe == nullptr || text.empty()) return;
  double dx = 0, dy = size;
  cairo_user_to_device_distance(cr, &dx, &dy);
  g_probe->texts.push_back({std::string(text), std::hypot(dx, dy)});
}

}  // namespace

void draw_text_centred(cairo_t* cr, std::string_view text, double x, double y, double size,
                       bool bold) {
  const std::string s(text);
  probe(cr, text, size);
  select_font(cr, size, bold, false);
  cairo_text_extents_t ext;
  cairo_text_extents(cr, s.c_str(), &ext);
  // Centre the ink box horizontally and vertically on (x, y).
  cairo_move_to(cr, x - ext.width / 2 - ext.x_bearing, y - ext.height / 2 - ext.y_bearing);
  cairo_show_text(cr, s.c_str());
}

void draw_text_left(cairo_t* cr, std::string_view text, double x, double y, double size,
                    bool bold, bool mono) {
  const std::string s(text);
  probe(cr, text, size);
  select_font(cr, size, bold, mono);
  cairo_move_to(cr, x, y);
  cairo_show_text(cr, s.c_str());
}

double text_advance(cairo_t* cr, std::string_view text, double size, bool bold, bool mono) {
  const std::string s(text);
  select_font(cr, size, bold, mono);
  cairo_text_extents_t ext;
  cairo_text_extents(cr, s.c_str(), &ext);
  return ext.x_advance;
}

void set_text_probe(TextProbe* probe) { g_probe = probe; }

void release_cached_fonts() {
  for (auto& slot : g_faces)
    if (cairo_font_face_t* f = slot.exchange(nullptr)) cairo_font_face_destroy(f);
}

bool wants_light_text(const Colour& c) {
  const double luminance = 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
  return luminance < 0.5;
}

PrintFill print_fill_of_side(int side) {
  static constexpr PrintFill kOrder[4] = {PrintFill::kWhite, PrintFill::kBlack, PrintFill::kHatch,
                                          PrintFill::kDots};
  return kOrder[((side % 4) + 4) % 4];
}

void print_fill_stroke(cairo_t* cr, PrintFill fill, double spacing, double line_width) {
  cairo_path_t* path = cairo_copy_path(cr);
  set_colour(cr, fill == PrintFill::kBlack ? kPrintInk : kPrintPaper);
  cairo_fill_preserve(cr);
  if (fill == PrintFill::kHatch || fill == PrintFill::kDots) {
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    cairo_fill_extents(cr, &x0, &y0, &x1, &y1);
    cairo_save(cr);
    cairo_clip(cr);
    set_colour(cr, kPrintInk);
    if (fill == PrintFill::kHatch) {
      // Lines at 45 degrees, anchored to the user-space grid so neighbouring shapes line up.
      const double h = y1 - y0;
      cairo_set_line_width(cr, spacing * 0.22);
      for (double d = std::floor((x0 - h) / spacing) * spacing; d <= x1; d += spacing) {
        cairo_move_to(cr, d, y1);
        cairo_line_to(cr, d + h, y0);
      }
      cairo_stroke(cr);
    } else {
      const double r = spacing * 0.2;
      for (double y = std::floor(y0 / spacing) * spacing; y <= y1 + spacing; y += spacing)
        for (double x = std::floor(x0 / spacing) * spacing; x <= x1 + spacing; x += spacing) {
          // Every other row shifted by half a step.
          const double sx = std::fmod(std::abs(std::round(y / spacing)), 2.0) * spacing / 2;
          cairo_new_sub_path(cr);
          cairo_arc(cr, x + sx, y, r, 0, 2 * M_PI);
        }
      cairo_fill(cr);
    }
    cairo_restore(cr);
  }
  cairo_new_path(cr);
  if (line_width > 0) {
    cairo_append_path(cr, path);
    set_colour(cr, kPrintInk);
    cairo_set_line_width(cr, line_width);
    cairo_stroke(cr);
  }
  cairo_path_destroy(path);
}

Colour print_ink_on(PrintFill fill) { return fill == PrintFill::kBlack ? kPrintPaper : kPrintInk; }

void print_text_backing(cairo_t* cr, PrintFill fill, double x, double y, double r) {
  if (fill != PrintFill::kHatch && fill != PrintFill::kDots) return;
  cairo_new_path(cr);
  cairo_arc(cr, x, y, r, 0, 2 * M_PI);
  set_colour(cr, kPrintPaper);
  cairo_fill(cr);
}

}  // namespace scribe::render
