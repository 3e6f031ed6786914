#include "render/core/theme.hpp"

#include <cassert>
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

void select_font(cairo_t* cr, double size, bool bold, bool mono) {
  cairo_select_font_face(cr, mono ? kMonoFamily : kFontFamily, CAIRO_FONT_SLANT_NORMAL,
                         bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
}

}  // namespace

void draw_text_centred(cairo_t* cr, std::string_view text, double x, double y, double size,
                       bool bold) {
  const std::string s(text);
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
  select_font(cr, size, bold, mono);
  cairo_move_to(cr, x, y);
  cairo_show_text(cr, s.c_str());
}

bool wants_light_text(const Colour& c) {
  const double luminance = 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
  return luminance < 0.5;
}

}  // namespace scribe::render
