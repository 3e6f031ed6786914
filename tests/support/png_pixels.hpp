// Decoding PNG bytes into pixels for the render tests (header-only: only the system tests,
// which link Cairo, include it).
#pragma once

#include <cairo.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace scribe::test {

// A decoded picture: Cairo's ARGB32 pixels (premultiplied alpha), row by row; width 0 when the
// bytes are not a PNG.
struct PngPixels {
  int width = 0;
  int height = 0;
  std::vector<std::uint32_t> argb;
};

// Decodes PNG bytes through Cairo.
inline PngPixels decode_png_pixels(const std::string& png) {
  struct Cursor {
    const std::string* bytes;
    std::size_t at;
  } cursor{&png, 0};
  cairo_surface_t* s = cairo_image_surface_create_from_png_stream(
      [](void* closure, unsigned char* data, unsigned int length) {
        auto* c = static_cast<Cursor*>(closure);
        if (c->at + length > c->bytes->size()) return CAIRO_STATUS_READ_ERROR;
        std::memcpy(data, c->bytes->data() + c->at, length);
        c->at += length;
        return CAIRO_STATUS_SUCCESS;
      },
      &cursor);
  PngPixels out;
  if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS) {
    out.width = cairo_image_surface_get_width(s);
    out.height = cairo_image_surface_get_height(s);
    const int stride = cairo_image_surface_get_stride(s);
    const unsigned char* data = cairo_image_surface_get_data(s);
    for (int y = 0; y < out.height; ++y)
      for (int x = 0; x < out.width; ++x)
        out.argb.push_back(reinterpret_cast<const std::uint32_t*>(data + y * stride)[x]);
  }
  cairo_surface_destroy(s);
  return out;
}

// The pixels of PNG bytes as 0xRRGGBB, row by row.
inline std::vector<std::uint32_t> png_rgb(const std::string& png) {
  std::vector<std::uint32_t> out = decode_png_pixels(png).argb;
  for (auto& p : out) p &= 0xFFFFFF;
  return out;
}

}  // namespace scribe::test
