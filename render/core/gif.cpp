// Animated GIF output through giflib (Debian's libgif). One global palette made from the
// colours the frames actually use (the flat colours exact: the cream background stays cream),
// and every frame after the first holds only the rectangle that changed since the frame before,
// its unchanged pixels transparent (disposal: leave in place), which LZW stores in a few bytes.
// The last frame stays up longer. Deterministic: the same frames give the same bytes.
#include <gif_lib.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <unordered_map>
#include <vector>

#include "render/core/raster.hpp"
#include "render/core/sheet.hpp"

namespace scribe::render {

namespace {

constexpr int kTransparent = 255;  // the palette index of "unchanged"
constexpr int kColours = 255;      // palette entries for colours (0..254)
constexpr std::size_t kSampleFrames = 24;

int append_gif_bytes(GifFileType* gif, const GifByteType* data, int length) {
  static_cast<std::string*>(gif->UserData)
      ->append(reinterpret_cast<const char*>(data), static_cast<std::size_t>(length));
  return length;
}

void check(int status, GifFileType* gif, const char* what) {
  if (status == GIF_ERROR) {
    int err = 0;
    EGifCloseFile(gif, &err);
    throw std::runtime_error(std::string("giflib: ") + what + " failed");
  }
}

// One frame as 0xRRGGBB pixels (opaque: the background is filled), `width` x `height` at
// `scale` pixels per unit; a smaller drawing is padded with its top-left pixel's colour.
std::vector<std::uint32_t> pixels_of(const DiagramDrawer& drawer, const DiagramRequest& request,
                                     double scale, int width, int height) {
  const Extent e = drawer.extent(request);
  Surface surface = rasterize_scaled(
      drawer, request, scale,
      std::min(width, std::max(1, static_cast<int>(std::lround(e.width * scale)))),
      std::min(height, std::max(1, static_cast<int>(std::lround(e.height * scale)))));
  const int w = cairo_image_surface_get_width(surface.get());
  const int h = cairo_image_surface_get_height(surface.get());
  const int stride = cairo_image_surface_get_stride(surface.get());
  const unsigned char* data = cairo_image_surface_get_data(surface.get());
  const auto at = [&](int x, int y) {
    return reinterpret_cast<const std::uint32_t*>(data +
                                                  static_cast<std::ptrdiff_t>(y) * stride)[x] &
           0xFFFFFFu;
  };
  std::vector<std::uint32_t> out(static_cast<std::size_t>(width) * height, at(0, 0));
  for (int y = 0; y < std::min(h, height); ++y)
    for (int x = 0; x < std::min(w, width); ++x)
      out[static_cast<std::size_t>(y) * width + x] = at(x, y);
  return out;
}

int distance(std::uint32_t a, std::uint32_t b) {
  const int dr = static_cast<int>((a >> 16) & 0xFF) - static_cast<int>((b >> 16) & 0xFF);
  const int dg = static_cast<int>((a >> 8) & 0xFF) - static_cast<int>((b >> 8) & 0xFF);
  const int db = static_cast<int>(a & 0xFF) - static_cast<int>(b & 0xFF);
  return dr * dr + dg * dg + db * db;
}

// The palette: the most used colours of the sample, first those not close to one already
// chosen (so a rare flat colour beats the hundredth shade of an antialiased edge), then the
// rest by use.
std::vector<std::uint32_t> make_palette(const std::vector<std::vector<std::uint32_t>>& sample) {
  std::unordered_map<std::uint32_t, std::size_t> uses;
  for (const auto& frame : sample)
    for (std::uint32_t p : frame) ++uses[p];
  std::vector<std::pair<std::uint32_t, std::size_t>> by_use(uses.begin(), uses.end());
  std::sort(by_use.begin(), by_use.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
  std::vector<std::uint32_t> palette;
  std::vector<bool> taken(by_use.size(), false);
  for (std::size_t i = 0; i < by_use.size() && palette.size() < kColours * 3 / 4; ++i) {
    bool near = false;
    for (std::uint32_t c : palette) near = near || distance(c, by_use[i].first) < 24 * 24;
    if (near) continue;
    palette.push_back(by_use[i].first);
    taken[i] = true;
  }
  for (std::size_t i = 0; i < by_use.size() && palette.size() < kColours; ++i)
    if (!taken[i]) palette.push_back(by_use[i].first);
  if (palette.empty()) palette.push_back(0xFFFFFF);
  return palette;
}

// Maps colours to their nearest palette index, remembering each answer.
class Mapper {
 public:
  explicit Mapper(const std::vector<std::uint32_t>& palette) : palette_(palette) {}
  GifByteType operator()(std::uint32_t p) {
    const auto hit = cache_.find(p);
    if (hit != cache_.end()) return hit->second;
    std::size_t best = 0;
    int best_d = distance(p, palette_[0]);
    for (std::size_t i = 1; i < palette_.size() && best_d > 0; ++i) {
      const int d = distance(p, palette_[i]);
      if (d < best_d) best_d = d, best = i;
    }
    const auto index = static_cast<GifByteType>(best);
    cache_.emplace(p, index);
    return index;
  }

 private:
  const std::vector<std::uint32_t>& palette_;
  std::unordered_map<std::uint32_t, GifByteType> cache_;
};

void put_frame_control(GifFileType* gif, int delay_ms, bool transparent) {
  GraphicsControlBlock gcb{};
  gcb.DisposalMode = DISPOSE_DO_NOT;
  gcb.UserInputFlag = false;
  gcb.DelayTime = std::max(1, (delay_ms + 5) / 10);
  gcb.TransparentColor = transparent ? kTransparent : NO_TRANSPARENT_COLOR;
  GifByteType ext[4];
  EGifGCBToExtension(&gcb, ext);
  check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, ext), gif, "frame delay");
}

}  // namespace

std::string render_gif(const DiagramDrawer& drawer, const std::vector<DiagramRequest>& asked,
                       int size, int delay_ms, int final_delay_ms) {
  // In their theme; always on a background (a GIF's one transparent index marks "unchanged").
  std::vector<DiagramRequest> frames;
  for (const auto& a : asked) {
    frames.push_back(themed(drawer, a));
    frames.back().transparent = false;
  }
  std::string out;
  if (frames.empty()) return out;
  // One scale and one canvas for every frame: the longer side of the largest extent is `size`
  // (the width in the "full" styles).
  double most_w = 0, most_h = 0;
  for (const auto& f : frames) {
    const Extent e = drawer.extent(f);
    most_w = std::max(most_w, e.width);
    most_h = std::max(most_h, e.height);
  }
  const double longer = sized_length(frames.front(), Extent{most_w, most_h});
  if (!(longer > 0)) throw std::runtime_error("diagram has an empty extent");
  const double scale = std::max(1, size) / longer;
  const int width = std::max(1, static_cast<int>(std::lround(most_w * scale)));
  const int height = std::max(1, static_cast<int>(std::lround(most_h * scale)));
  // The palette from a sample of frames spread over the game (the first and the last among them).
  std::vector<std::vector<std::uint32_t>> sample;
  const std::size_t n = frames.size();
  const std::size_t step = std::max<std::size_t>(1, (n + kSampleFrames - 1) / kSampleFrames);
  for (std::size_t f = 0; f < n; f += step)
    sample.push_back(pixels_of(drawer, frames[f], scale, width, height));
  if ((n - 1) % step != 0) sample.push_back(pixels_of(drawer, frames.back(), scale, width, height));
  const std::vector<std::uint32_t> palette = make_palette(sample);
  sample.clear();
  Mapper map(palette);

  int error = 0;
  GifFileType* gif = EGifOpen(&out, append_gif_bytes, &error);
  if (gif == nullptr) throw std::runtime_error("giflib: cannot open an encoder");
  EGifSetGifVersion(gif, true);
  std::vector<GifColorType> colours(256, GifColorType{255, 255, 255});
  for (std::size_t i = 0; i < palette.size(); ++i)
    colours[i] = {static_cast<GifByteType>(palette[i] >> 16),
                  static_cast<GifByteType>(palette[i] >> 8), static_cast<GifByteType>(palette[i])};
  ColorMapObject* cmap = GifMakeMapObject(256, colours.data());
  check(EGifPutScreenDesc(gif, width, height, 8, 0, cmap), gif, "screen descriptor");
  GifFreeMapObject(cmap);
  // Loop forever (the NETSCAPE2.0 application extension).
  check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), gif, "extension");
  check(EGifPutExtensionBlock(gif, 11, "NETSCAPE2.0"), gif, "extension");
  const unsigned char loop[3] = {1, 0, 0};
  check(EGifPutExtensionBlock(gif, 3, loop), gif, "extension");
  check(EGifPutExtensionTrailer(gif), gif, "extension");

  const auto w = static_cast<std::size_t>(width);
  std::vector<GifByteType> shown(w * static_cast<std::size_t>(height));  // what is on screen
  std::vector<GifByteType> now(shown.size()), rows;
  for (std::size_t f = 0; f < n; ++f) {
    const std::vector<std::uint32_t> px = pixels_of(drawer, frames[f], scale, width, height);
    for (std::size_t i = 0; i < px.size(); ++i) now[i] = map(px[i]);
    // The rectangle that changed (the whole picture for the first frame).
    int x0 = 0, y0 = 0, x1 = width - 1, y1 = height - 1;
    if (f > 0) {
      x0 = width, y0 = height, x1 = -1, y1 = -1;
      for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
          if (now[y * w + x] != shown[y * w + x]) {
            x0 = std::min(x0, x), x1 = std::max(x1, x);
            y0 = std::min(y0, y), y1 = std::max(y1, y);
          }
      if (x1 < 0) x0 = y0 = x1 = y1 = 0;  // nothing changed: one transparent pixel
    }
    put_frame_control(gif, f + 1 == n ? final_delay_ms : delay_ms, f > 0);
    const int fw = x1 - x0 + 1, fh = y1 - y0 + 1;
    check(EGifPutImageDesc(gif, x0, y0, fw, fh, false, nullptr), gif, "image descriptor");
    rows.resize(static_cast<std::size_t>(fw));
    for (int y = y0; y <= y1; ++y) {
      for (int x = x0; x <= x1; ++x) {
        const std::size_t i = y * w + x;
        rows[static_cast<std::size_t>(x - x0)] =
            f > 0 && now[i] == shown[i] ? static_cast<GifByteType>(kTransparent) : now[i];
      }
      check(EGifPutLine(gif, rows.data(), fw), gif, "image row");
    }
    shown.swap(now);
  }
  if (EGifCloseFile(gif, &error) == GIF_ERROR) throw std::runtime_error("giflib: closing failed");
  return out;
}

}  // namespace scribe::render
