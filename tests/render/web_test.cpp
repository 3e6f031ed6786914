// Pictures for the web: SVG sized in pixels with a <title> and a <desc>; animated GIFs with one
// palette, frames holding only what changed, a pause on the last frame, exact colours and a
// small size per frame.
#include <cairo.h>
#include <gif_lib.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <regex>
#include <string>
#include <vector>

#include "app/catalog.hpp"
#include "engine/core/generate.hpp"
#include "engine/core/replay.hpp"
#include "render/core/sheet.hpp"
#include "tests/support/support.hpp"
#include "tests/support/png_pixels.hpp"

namespace scribe {
namespace {

const app::CatalogEntry* entry_of(const std::string& game) {
  for (const auto& e : app::catalog())
    if (e.game->info().name == game) return &e;
  return nullptr;
}

// A random game of `game` (default options) with a request per position.
struct Played {
  engine::ReplayResult rr;
  std::vector<render::DiagramRequest> requests;
};

Played play(const app::CatalogEntry& e, std::uint64_t seed, const std::string& options = "") {
  Played out;
  static const std::vector<notation::Tag> kNoTags;
  engine::VariantRequest vreq{e.game->info().name, options, &kNoTags, engine::Mode::kStrict};
  auto vr = e.game->configure(vreq);
  engine::Random rng(seed);
  const auto g = engine::play_random_game(*vr.variant, rng);
  const auto records = notation::read_records(
      "r.rec", engine::format_generated_record(e.game->info().name, *vr.variant, g, seed, 1));
  engine::ReplayOptions ro;
  ro.keep_positions = true;
  out.rr = engine::replay(app::catalog_games(), records.at(0), ro);
  for (std::size_t ply = 0; ply < out.rr.positions.size(); ++ply) {
    render::DiagramRequest req;
    req.variant = out.rr.variant.get();
    req.state = out.rr.positions[ply].get();
    req.ply = static_cast<int>(ply);
    if (ply > 0) {
      req.last_move = records[0].text_of(records[0].plies[ply - 1]);
      req.last_mover = out.rr.positions[ply - 1]->side_to_move();
    }
    req.style = e.drawer->styles().front();
    out.requests.push_back(req);
  }
  return out;
}

// Every game's SVG is sized in px (its longer side the --size), and carries a <title> naming
// the game, the ply and its move, and a <desc> with the position text.
TEST(RenderSvg, SizedInPixelsWithTitleAndDescription) {
  for (const auto& e : app::catalog()) {
    const std::string game = e.game->info().name;
    Played p = play(e, 4);
    const render::DiagramRequest& req = p.requests.back();
    render::EncodeOptions eo;
    eo.size = 400;
    const std::string svg = render::render_diagram(*e.drawer, req, render::Format::kSvg, eo);
    std::smatch m;
    ASSERT_TRUE(std::regex_search(
        svg, m, std::regex("<svg[^>]* width=\"([0-9.]+)px\" height=\"([0-9.]+)px\"")))
        << game << ": " << svg.substr(0, 300);
    const double w = std::stod(m[1]), h = std::stod(m[2]);
    EXPECT_NEAR(std::max(w, h), 400.0, 0.01) << game;
    const std::size_t title = svg.find("<title>");
    ASSERT_NE(title, std::string::npos) << game;
    const std::string title_text = svg.substr(title + 7, svg.find("</title>") - title - 7);
    EXPECT_NE(title_text.find(req.variant->describe()), std::string::npos) << title_text;
    EXPECT_NE(title_text.find("ply " + std::to_string(req.ply)), std::string::npos) << title_text;
    EXPECT_NE(title_text.find(req.last_move), std::string::npos) << title_text;
    const std::size_t desc = svg.find("<desc>");
    ASSERT_NE(desc, std::string::npos) << game;
    std::string pos = req.state->position_text();
    // The description holds the position text (XML-escaped).
    std::string escaped;
    for (char c : pos)
      escaped += c == '<' ? "&lt;" : c == '>' ? "&gt;" : c == '&' ? "&amp;" : std::string(1, c);
    EXPECT_NE(svg.find(escaped, desc), std::string::npos) << game;
    EXPECT_LT(title, svg.find("<g")) << game << ": the title comes first";
  }
}

// A decoded GIF.
struct Gif {
  int width = 0, height = 0;
  bool global_map = false;
  bool local_maps = false;
  std::vector<GifColorType> colours;
  struct Frame {
    int left, top, width, height, delay_cs, transparent;
    std::vector<GifByteType> pixels;
  };
  std::vector<Frame> frames;
};

int read_from(GifFileType* gif, GifByteType* data, int length) {
  auto* cursor = static_cast<std::pair<const std::string*, std::size_t>*>(gif->UserData);
  const std::size_t n = std::min<std::size_t>(static_cast<std::size_t>(length),
                                              cursor->first->size() - cursor->second);
  std::memcpy(data, cursor->first->data() + cursor->second, n);
  cursor->second += n;
  return static_cast<int>(n);
}

Gif decode(const std::string& bytes) {
  Gif out;
  std::pair<const std::string*, std::size_t> cursor{&bytes, 0};
  int error = 0;
  GifFileType* gif = DGifOpen(&cursor, read_from, &error);
  if (gif == nullptr || DGifSlurp(gif) == GIF_ERROR) {
    if (gif != nullptr) DGifCloseFile(gif, &error);
    return out;
  }
  out.width = gif->SWidth;
  out.height = gif->SHeight;
  out.global_map = gif->SColorMap != nullptr;
  if (out.global_map)
    out.colours.assign(gif->SColorMap->Colors, gif->SColorMap->Colors + gif->SColorMap->ColorCount);
  for (int i = 0; i < gif->ImageCount; ++i) {
    const SavedImage& im = gif->SavedImages[i];
    out.local_maps = out.local_maps || im.ImageDesc.ColorMap != nullptr;
    GraphicsControlBlock gcb{};
    DGifSavedExtensionToGCB(gif, i, &gcb);
    Gif::Frame f{im.ImageDesc.Left,
                 im.ImageDesc.Top,
                 im.ImageDesc.Width,
                 im.ImageDesc.Height,
                 gcb.DelayTime,
                 gcb.TransparentColor,
                 {}};
    f.pixels.assign(im.RasterBits, im.RasterBits + f.width * f.height);
    out.frames.push_back(std::move(f));
  }
  DGifCloseFile(gif, &error);
  return out;
}

// The screen after every frame has been drawn over the one before, as 0xRRGGBB.
std::vector<std::uint32_t> composite(const Gif& g) {
  std::vector<std::uint32_t> screen(static_cast<std::size_t>(g.width * g.height), 0);
  for (const auto& f : g.frames)
    for (int y = 0; y < f.height; ++y)
      for (int x = 0; x < f.width; ++x) {
        const int i = f.pixels[static_cast<std::size_t>(y * f.width + x)];
        if (i == f.transparent) continue;
        const GifColorType c = g.colours[static_cast<std::size_t>(i)];
        screen[static_cast<std::size_t>((f.top + y) * g.width + f.left + x)] =
            (std::uint32_t{c.Red} << 16) | (std::uint32_t{c.Green} << 8) | c.Blue;
      }
  return screen;
}

// The final position drawn into an image, as 0xRRGGBB.
std::vector<std::uint32_t> raster(const render::DiagramDrawer& drawer,
                                  const render::DiagramRequest& req, int size) {
  return test::png_rgb(
      render::render_diagram(drawer, req, render::Format::kPng, render::EncodeOptions{size, 1}));
}

// Every game: one global palette and no local ones; the first frame whole, each later frame
// only a changed rectangle with a transparent index; the last frame keeps the final delay;
// played over each other the frames give the final position (its colours exact where they
// are flat, e.g. the background), not a grey approximation.
TEST(RenderGif, DeltaFramesOnePaletteFinalPauseExactColours) {
  for (const auto& e : app::catalog()) {
    const std::string game = e.game->info().name;
    Played p = play(e, 6);
    // Up to 40 positions drawn at the same extent as the last one (so that the last frame can
    // be compared with the PNG of the final position).
    std::vector<render::DiagramRequest> frames;
    const render::Extent last = e.drawer->extent(p.requests.back());
    for (const auto& r : p.requests) {
      const render::Extent x = e.drawer->extent(r);
      if (x.width == last.width && x.height == last.height) frames.push_back(r);
    }
    if (frames.size() > 40) frames.erase(frames.begin(), frames.end() - 40);
    ASSERT_GE(frames.size(), 5u) << game;
    const std::string bytes = render::render_gif(*e.drawer, frames, 300, 500, 4000);
    const Gif g = decode(bytes);
    ASSERT_EQ(g.frames.size(), frames.size()) << game;
    EXPECT_TRUE(g.global_map) << game;
    EXPECT_FALSE(g.local_maps) << game;
    EXPECT_EQ(g.frames.front().width, g.width) << game;
    EXPECT_EQ(g.frames.front().height, g.height) << game;
    int smaller = 0;
    for (std::size_t i = 1; i < g.frames.size(); ++i) {
      EXPECT_GE(g.frames[i].transparent, 0) << game << " frame " << i;
      if (g.frames[i].width * g.frames[i].height < g.width * g.height) ++smaller;
      EXPECT_EQ(g.frames[i].delay_cs, i + 1 == g.frames.size() ? 400 : 50) << game;
    }
    EXPECT_GT(smaller, 0) << game << ": no frame is smaller than the picture";
    const auto screen = composite(g);
    const auto want = raster(*e.drawer, frames.back(), 300);
    ASSERT_EQ(screen.size(), want.size()) << game;
    EXPECT_EQ(screen[0], want[0]) << game << ": the background colour is not exact";
    std::size_t exact = 0, far = 0;
    for (std::size_t i = 0; i < screen.size(); ++i) {
      if (screen[i] == want[i]) ++exact;
      for (int shift : {0, 8, 16})
        if (std::abs(static_cast<int>((screen[i] >> shift) & 0xFF) -
                     static_cast<int>((want[i] >> shift) & 0xFF)) > 40) {
          ++far;
          break;
        }
    }
    EXPECT_GT(static_cast<double>(exact) / screen.size(), 0.9) << game;
    EXPECT_LT(static_cast<double>(far) / screen.size(), 0.002) << game;
  }
}

// A long Druid game at 400 px stays at most about 3.5 KB per frame on average.
TEST(RenderGif, LongDruidGameIsCompact) {
  const app::CatalogEntry* e = entry_of("druid");
  if (e == nullptr) GTEST_SKIP() << "druid is not in this build";
  Played p = play(*e, 3);
  ASSERT_GT(p.requests.size(), 60u);
  const std::string bytes = render::render_gif(*e->drawer, p.requests, 400, 700, 3000);
  const double per_frame = static_cast<double>(bytes.size()) / p.requests.size();
  std::printf("druid: %zu frames, %zu bytes, %.0f bytes per frame\n", p.requests.size(),
              bytes.size(), per_frame);
  EXPECT_LE(per_frame, 3500.0);
}

// The command line: --final-delay sets the last frame's delay, and a value out of range is a
// usage error.
TEST(RenderGif, FinalDelayFromTheCommandLine) {
  if (app::find_entry("druid") == nullptr) GTEST_SKIP() << "druid is not in this build";
  test::TempDir dir;
  const auto in = dir.path() / "g.rec";
  test::write_file(in, "[Game \"druid\"]\n[Options \"-size=6\"]\n1. b2 2. e2 3. d2\n");
  auto r =
      test::run_scribe({"render", in.string(), "--format", "gif", "--delay", "200", "--final-delay",
                        "4560", "--size", "150", "--out", (dir.path() / "o").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const Gif g = decode(test::read_file(dir.path() / "o" / "g-r1.gif"));
  ASSERT_EQ(g.frames.size(), 4u);
  EXPECT_EQ(g.frames[0].delay_cs, 20);
  EXPECT_EQ(g.frames[3].delay_cs, 456);
  r = test::run_scribe({"render", in.string(), "--format", "gif", "--final-delay", "5", "--out",
                        (dir.path() / "p").string()});
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("--final-delay"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace scribe
