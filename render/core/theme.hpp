// Colours and fonts shared by the diagrams, and small Cairo drawing helpers.
// Include only from render/ sources (it includes cairo.h).
#pragma once

#include <cairo.h>

#include <cstdint>
#include <string_view>

namespace scribe::render {

// An RGBA colour with components in 0..1.
struct Colour {
  double r = 0, g = 0, b = 0, a = 1;
};

// Reads "#RRGGBB" (compile-time constant text); asserts on malformed input.
Colour hex_colour(std::string_view hex);

// Sets the source colour of `cr`.
void set_colour(cairo_t* cr, const Colour& c);

// The font family used by every diagram.
inline constexpr const char* kFontFamily = "DejaVu Sans";
inline constexpr const char* kMonoFamily = "DejaVu Sans Mono";

// Draws `text` centred on (x, y) with the given font size (user units) and weight.
void draw_text_centred(cairo_t* cr, std::string_view text, double x, double y, double size,
                       bool bold = false);
// Draws `text` with its left baseline point at (x, y).
void draw_text_left(cairo_t* cr, std::string_view text, double x, double y, double size,
                    bool bold = false, bool mono = false);

// Whether text on a fill of colour `c` should be white (dark fill) rather than dark.
bool wants_light_text(const Colour& c);

}  // namespace scribe::render
