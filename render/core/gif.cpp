// Animated GIF output through giflib (Debian's libgif), with a fixed 256-colour palette so that
// every frame shares one colour map and the output is deterministic.
#include <gif_lib.h>

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "render/core/raster.hpp"
#include "render/core/sheet.hpp"

namespace scribe::render {

namespace {

int append_gif_bytes(GifFileType* gif, const GifByteType* data, int length) {
  static_cast<std::string*>(gif->UserData)->append(reinterpret_cast<const char*>(data),
                                                   static_cast<std::size_t>(length));
  return length;
}

// The palette: a 6x6x6 colour cube (indices 0..215) and 40 greys (216..255).
std::vector<GifColorType> palette() {
  std::vector<GifColorType> colours;
  for (int r = 0; r < 6; ++r)
    for (int g = 0; g < 6; ++g)
      for (int b = 0; b < 6; ++b)
        colours.push_back({static_cast<GifByteType>(r * 51), static_cast<GifByteType>(g * 51),
                           static_cast<GifByteType>(b * 51)});
  for (int i = 0; i < 40; ++i) {
    const auto v = static_cast<GifByteType>(i * 255 / 39);
    colours.push_back({v, v, v});
  }
  return colours;
}

GifByteType nearest(std::uint32_t px) {
  const int r = static_cast<int>((px >> 16) & 0xFF), g = static_cast<int>((px >> 8) & 0xFF),
            b = static_cast<int>(px & 0xFF);
  const int hi = std::max({r, g, b}), lo = std::min({r, g, b});
  if (hi - lo < 16) return static_cast<GifByteType>(216 + ((r + g + b) / 3 * 39 + 127) / 255);
  auto level = [](int c) { return (c + 25) / 51; };
  return static_cast<GifByteType>(level(r) * 36 + level(g) * 6 + level(b));
}

void check(int status, GifFileType* gif, const char* what) {
  if (status == GIF_ERROR) {
    int err = 0;
    EGifCloseFile(gif, &err);
    throw std::runtime_error(std::string("giflib: ") + what + " failed");
  }
}

}  // namespace

std::string render_gif(const DiagramDrawer& drawer, const std::vector<DiagramRequest>& frames,
                       int size, int delay_ms) {
  std::string out;
  if (frames.empty()) return out;
  int error = 0;
  GifFileType* gif = EGifOpen(&out, append_gif_bytes, &error);
  if (gif == nullptr) throw std::runtime_error("giflib: cannot open an encoder");
  EGifSetGifVersion(gif, true);
  std::vector<GifColorType> colours = palette();
  ColorMapObject* map = GifMakeMapObject(256, colours.data());
  int width = 0, height = 0;
  std::vector<GifByteType> row;
  for (std::size_t f = 0; f < frames.size(); ++f) {
    Surface surface = rasterize(drawer, frames[f], size);
    const int w = cairo_image_surface_get_width(surface.get());
    const int h = cairo_image_surface_get_height(surface.get());
    if (f == 0) {
      width = w;
      height = h;
      check(EGifPutScreenDesc(gif, width, height, 8, 0, map), gif, "screen descriptor");
      // Loop forever (the NETSCAPE2.0 application extension).
      check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), gif, "extension");
      check(EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0"), gif, "extension");
      const unsigned char loop[3] = {1, 0, 0};
      check(EGifPutExtensionBlock(gif, 3, loop), gif, "extension");
      check(EGifPutExtensionTrailer(gif), gif, "extension");
      row.resize(static_cast<std::size_t>(width));
    }
    GraphicsControlBlock gcb{};
    gcb.DisposalMode = DISPOSE_DO_NOT;
    gcb.UserInputFlag = false;
    gcb.DelayTime = std::max(1, delay_ms / 10);
    gcb.TransparentColor = NO_TRANSPARENT_COLOR;
    GifByteType ext[4];
    EGifGCBToExtension(&gcb, ext);
    check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, ext), gif, "frame delay");
    check(EGifPutImageDesc(gif, 0, 0, width, height, false, nullptr), gif, "image descriptor");
    const int stride = cairo_image_surface_get_stride(surface.get());
    const unsigned char* data = cairo_image_surface_get_data(surface.get());
    for (int y = 0; y < height; ++y) {
      const auto* px = reinterpret_cast<const std::uint32_t*>(data + static_cast<std::ptrdiff_t>(std::min(y, h - 1)) * stride);
      for (int x = 0; x < width; ++x) row[static_cast<std::size_t>(x)] = x < w ? nearest(px[x]) : 255;
      check(EGifPutLine(gif, row.data(), width), gif, "image row");
    }
  }
  GifFreeMapObject(map);
  if (EGifCloseFile(gif, &error) == GIF_ERROR) throw std::runtime_error("giflib: closing failed");
  return out;
}

}  // namespace scribe::render
