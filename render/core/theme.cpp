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

namespace {

thread_local TextProbe* g_probe = nullptr;

// Reports a text about to be drawn at `size` user units to the thread's probe.
void probe(Canvas& cv, std::string_view text, double size) {
  if (g_probe == nullptr || text.empty()) return;
  double dx = 0, dy = size;
  cv.user_to_device_distance(&dx, &dy);
  g_probe->texts.push_back({std::string(text), std::hypot(dx, dy)});
}

}  // namespace

void outlined_disc(Canvas& cv, double x, double y, double r, const Colour& fill,
                   const Colour& line, double w) {
  cv.new_path();
  if (fill.a < 1 || line.a < 1) {
    cv.arc(x, y, r, 0, 2 * M_PI);
    cv.set_colour(fill);
    cv.fill_preserve();
    cv.set_colour(line);
    cv.set_line_width(w);
    cv.stroke();
    return;
  }
  cv.arc(x, y, r + w / 2, 0, 2 * M_PI);
  cv.set_colour(line);
  cv.fill();
  cv.arc(x, y, r - w / 2, 0, 2 * M_PI);
  cv.set_colour(fill);
  cv.fill();
}

void filled_ring(Canvas& cv, double x, double y, double r, double w) {
  cv.new_path();
  cv.arc(x, y, r + w / 2, 0, 2 * M_PI);
  cv.close_path();
  cv.new_sub_path();
  cv.arc_negative(x, y, r - w / 2, 2 * M_PI, 0);  // the other way round: a hole
  cv.close_path();
  cv.fill();
}

std::string_view part_key(char kind, std::initializer_list<double> numbers) {
  thread_local std::string key;  // drawn many times a ply: no allocation each time
  key.assign(1, kind);
  for (double v : numbers) key.append(reinterpret_cast<const char*>(&v), sizeof v);
  return key;
}

void draw_text_centred(Canvas& cv, std::string_view text, double x, double y, double size,
                       bool bold) {
  probe(cv, text, size);
  cv.set_font(size, bold, false);
  const TextExtents ext = cv.text_extents(text);
  // Centre the ink box horizontally and vertically on (x, y).
  cv.move_to(x - ext.width / 2 - ext.x_bearing, y - ext.height / 2 - ext.y_bearing);
  cv.show_text(text);
}

void draw_text_left(Canvas& cv, std::string_view text, double x, double y, double size,
                    bool bold, bool mono) {
  probe(cv, text, size);
  cv.set_font(size, bold, mono);
  cv.move_to(x, y);
  cv.show_text(text);
}

double text_advance(Canvas& cv, std::string_view text, double size, bool bold, bool mono) {
  cv.set_font(size, bold, mono);
  return cv.text_extents(text).x_advance;
}

void set_text_probe(TextProbe* probe) { g_probe = probe; }

bool wants_light_text(const Colour& c) {
  const double luminance = 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
  return luminance < 0.5;
}

PrintFill print_fill_of_side(int side) {
  static constexpr PrintFill kOrder[4] = {PrintFill::kWhite, PrintFill::kBlack, PrintFill::kHatch,
                                          PrintFill::kDots};
  return kOrder[((side % 4) + 4) % 4];
}

void print_fill_stroke(Canvas& cv, PrintFill fill, double spacing, double line_width) {
  cv.stash_path();
  cv.set_colour(fill == PrintFill::kBlack ? kPrintInk : kPrintPaper);
  cv.fill_preserve();
  if (fill == PrintFill::kHatch || fill == PrintFill::kDots) {
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    cv.fill_extents(&x0, &y0, &x1, &y1);
    cv.save();
    cv.clip();
    cv.set_colour(kPrintInk);
    if (fill == PrintFill::kHatch) {
      // Lines at 45 degrees, anchored to the user-space grid so neighbouring shapes line up.
      const double h = y1 - y0;
      cv.set_line_width(spacing * 0.22);
      for (double d = std::floor((x0 - h) / spacing) * spacing; d <= x1; d += spacing) {
        cv.move_to(d, y1);
        cv.line_to(d + h, y0);
      }
      cv.stroke();
    } else {
      const double r = spacing * 0.2;
      for (double y = std::floor(y0 / spacing) * spacing; y <= y1 + spacing; y += spacing)
        for (double x = std::floor(x0 / spacing) * spacing; x <= x1 + spacing; x += spacing) {
          // Every other row shifted by half a step.
          const double sx = std::fmod(std::abs(std::round(y / spacing)), 2.0) * spacing / 2;
          cv.new_sub_path();
          cv.arc(x + sx, y, r, 0, 2 * M_PI);
        }
      cv.fill();
    }
    cv.restore();
  }
  cv.new_path();
  if (line_width > 0) {
    cv.unstash_path();
    cv.set_colour(kPrintInk);
    cv.set_line_width(line_width);
    cv.stroke();
  }
}

Colour print_ink_on(PrintFill fill) { return fill == PrintFill::kBlack ? kPrintPaper : kPrintInk; }

void print_text_backing(Canvas& cv, PrintFill fill, double x, double y, double r) {
  if (fill != PrintFill::kHatch && fill != PrintFill::kDots) return;
  cv.new_path();
  cv.arc(x, y, r, 0, 2 * M_PI);
  cv.set_colour(kPrintPaper);
  cv.fill();
}

}  // namespace scribe::render
