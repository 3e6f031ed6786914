// The PNG writer and the per-thread image: every compression level stores the same pixels, and
// a diagram drawn on a thread's reused image has the same bytes as on a new thread's fresh one.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "app/catalog.hpp"
#include "engine/core/generate.hpp"
#include "engine/core/replay.hpp"
#include "render/core/png_writer.hpp"
#include "tests/support/png_pixels.hpp"
#include "tests/support/support.hpp"

namespace scribe {
namespace {

// A random game of `e`'s game, replayed with its positions kept.
engine::ReplayResult game_of(const app::CatalogEntry& e, std::uint64_t seed) {
  static const std::vector<notation::Tag> kNoTags;
  engine::VariantRequest vreq{e.game->info().name, "", &kNoTags, engine::Mode::kStrict};
  auto vr = e.game->configure(vreq);
  engine::Random rng(seed);
  const auto g = engine::play_random_game(*vr.variant, rng);
  const auto records = notation::read_records(
      "r.rec", engine::format_generated_record(e.game->info().name, *vr.variant, g, seed, 1));
  engine::ReplayOptions ro;
  ro.keep_positions = true;
  return engine::replay(app::catalog_games(), records.at(0), ro);
}

// The request for ply `ply` of `rr`.
render::DiagramRequest at_ply(const engine::ReplayResult& rr, int ply) {
  render::DiagramRequest req;
  req.variant = rr.variant.get();
  req.state = rr.positions.at(static_cast<std::size_t>(ply)).get();
  req.ply = ply;
  return req;
}

std::string png_of(const app::CatalogEntry& e, const render::DiagramRequest& req, int level = 1,
                   int size = 400) {
  render::EncodeOptions o;
  o.png_compression = level;
  o.size = size;
  return render::render_diagram(*e.drawer, req, render::Format::kPng, o);
}

// The colour type byte of a PNG's IHDR (2 RGB, 6 RGBA).
int colour_type(const std::string& png) { return png.size() > 25 ? png[25] : -1; }

TEST(RenderEncode, EveryLevelStoresTheSamePixels) {
  for (const auto& e : app::catalog()) {
    const engine::ReplayResult rr = game_of(e, 5);
    ASSERT_TRUE(rr.replayed) << e.game->info().name;
    for (bool transparent : {false, true}) {
      render::DiagramRequest req = at_ply(rr, rr.plies);
      req.transparent = transparent;
      const std::string fast = png_of(e, req, 1);
      const test::PngPixels pixels = test::decode_png_pixels(fast);
      ASSERT_GT(pixels.width, 0) << e.game->info().name;
      EXPECT_EQ(colour_type(fast), transparent ? 6 : 2);
      for (int level : {0, 2, 6, 9}) {
        const std::string other = png_of(e, req, level);
        EXPECT_EQ(colour_type(other), colour_type(fast));
        const test::PngPixels p = test::decode_png_pixels(other);
        EXPECT_EQ(p.width, pixels.width);
        EXPECT_EQ(p.height, pixels.height);
        EXPECT_TRUE(p.argb == pixels.argb)
            << e.game->info().name << " level " << level << " transparent " << transparent;
      }
      EXPECT_LT(png_of(e, req, 9).size(), png_of(e, req, 0).size());
    }
  }
}

// Rows that do not compress (random pixels: the fast level's one-pass Huffman tables would
// grow them) are still written, by the fallback, and decode to the same pixels at every level.
TEST(RenderEncode, NoiseEncodesAtEveryLevel) {
  cairo_surface_t* s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 300, 200);
  cairo_surface_flush(s);
  unsigned char* data = cairo_image_surface_get_data(s);
  const int stride = cairo_image_surface_get_stride(s);
  std::uint32_t x = 12345;
  for (int y = 0; y < 200; ++y) {
    auto* row = reinterpret_cast<std::uint32_t*>(data + static_cast<std::ptrdiff_t>(y) * stride);
    for (int i = 0; i < 300; ++i) {
      x ^= x << 13, x ^= x >> 17, x ^= x << 5;
      row[i] = 0xFF000000u | (x & 0xFFFFFFu);  // opaque
    }
  }
  cairo_surface_mark_dirty(s);
  std::vector<std::uint32_t> want(300 * 200);
  for (int y = 0; y < 200; ++y)
    std::memcpy(&want[static_cast<std::size_t>(y) * 300],
                data + static_cast<std::ptrdiff_t>(y) * stride, 300 * 4);
  for (int level : {0, 1, 2, 9}) {
    const std::string png = render::encode_png(s, level, false);
    const test::PngPixels p = test::decode_png_pixels(png);
    EXPECT_EQ(p.width, 300) << level;
    EXPECT_TRUE(p.argb == want) << "level " << level;
    EXPECT_EQ(render::encode_png(s, level, false), png) << "level " << level;
  }
  cairo_surface_destroy(s);
}

TEST(RenderEncode, AReusedImageDrawsAsAFreshOne) {
  for (const auto& e : app::catalog()) {
    const engine::ReplayResult rr = game_of(e, 8);
    ASSERT_TRUE(rr.replayed) << e.game->info().name;
    for (bool transparent : {false, true}) {
      render::DiagramRequest last = at_ply(rr, rr.plies);
      render::DiagramRequest first = at_ply(rr, 0);
      last.transparent = first.transparent = transparent;
      // A new thread starts without a kept image.
      std::string fresh;
      std::thread([&] { fresh = png_of(e, last); }).join();
      // This thread draws other positions and sizes first, then the same one.
      png_of(e, first);
      png_of(e, last, 1, 250);
      png_of(e, first);
      EXPECT_EQ(png_of(e, last), fresh) << e.game->info().name << " transparent " << transparent;
    }
  }
}

}  // namespace
}  // namespace scribe
