// The marks of the last move and of the winning path differ in every Druid style: in colour
// (yellow ring, green path) and in shape (a ring round a cell, a band or dot over the group); in
// the black-and-white print styles the last move is a dashed outline, the path a solid band.
#include <cairo.h>
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "app/catalog.hpp"
#include "engine/core/generate.hpp"
#include "engine/core/replay.hpp"
#include "tests/support/png_pixels.hpp"

namespace scribe {
namespace {

std::vector<std::uint32_t> pixels(const std::string& png) { return test::png_rgb(png); }

// How many pixels are within 30 levels per channel of `rgb`.
std::size_t near(const std::vector<std::uint32_t>& img, std::uint32_t rgb) {
  std::size_t n = 0;
  for (std::uint32_t p : img) {
    bool close = true;
    for (int shift : {0, 8, 16})
      close = close && std::abs(static_cast<int>((p >> shift) & 0xFF) -
                                static_cast<int>((rgb >> shift) & 0xFF)) <= 30;
    n += close ? 1 : 0;
  }
  return n;
}

std::size_t differing(const std::vector<std::uint32_t>& a, const std::vector<std::uint32_t>& b) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) n += a[i] != b[i] ? 1 : 0;
  return n;
}

TEST(RenderMarks, DruidLastMoveAndWinningPathDifferInEveryStyle) {
  const app::CatalogEntry* e = nullptr;
  for (const auto& c : app::catalog())
    if (c.game->info().name == std::string("druid")) e = &c;
  if (e == nullptr) GTEST_SKIP() << "druid is not in this build";
  for (const std::string options : {"-size=6", "-hex -size=4"}) {
    static const std::vector<notation::Tag> kNoTags;
    engine::VariantRequest vreq{"druid", options, &kNoTags, engine::Mode::kStrict};
    auto vr = e->game->configure(vreq);
    ASSERT_NE(vr.variant, nullptr);
    // A random game that someone won (a winning path to draw).
    engine::ReplayResult rr;
    std::vector<notation::Record> records;
    for (std::uint64_t seed = 1; seed < 50; ++seed) {
      engine::Random rng(seed);
      const auto g = engine::play_random_game(*vr.variant, rng);
      records = notation::read_records(
          "r.rec", engine::format_generated_record("druid", *vr.variant, g, seed, 1));
      engine::ReplayOptions ro;
      ro.keep_positions = true;
      rr = engine::replay(app::catalog_games(), records.at(0), ro);
      const auto r = rr.positions.back()->result();
      if (r && *r != "draw") break;
    }
    ASSERT_TRUE(rr.positions.back()->result().has_value()) << options;
    render::DiagramRequest req;
    req.variant = rr.variant.get();
    req.state = rr.positions.back().get();
    req.ply = rr.plies;
    req.last_move = records[0].text_of(records[0].plies.back());
    req.last_mover = rr.positions[rr.positions.size() - 2]->side_to_move();
    for (const std::string style : {"flat", "iso", "full", "print", "iso-print"}) {
      req.style = style;
      req.highlight_last = true;
      const auto marked = pixels(render::render_diagram(*e->drawer, req, render::Format::kPng, {}));
      req.highlight_last = false;
      const auto unmarked =
          pixels(render::render_diagram(*e->drawer, req, render::Format::kPng, {}));
      // The last move's mark shows, and goes with --no-highlight.
      EXPECT_GT(differing(marked, unmarked), 100u) << options << " " << style;
      if (style.find("print") == std::string::npos) {
        EXPECT_GT(near(marked, 0xFFD400), 30u) << options << " " << style << ": no yellow ring";
        EXPECT_EQ(near(unmarked, 0xFFD400), 0u) << options << " " << style;
        // The winning path stays, in its own colour.
        EXPECT_GT(near(unmarked, 0x1E9E4A), 30u) << options << " " << style << ": no green path";
      } else {
        // Black and white: the last move is the dashed outline (the path's band is solid), so
        // the dashed strokes come and go with the last move's mark.
        req.highlight_last = true;
        const std::string with = render::render_diagram(*e->drawer, req, render::Format::kSvg, {});
        req.highlight_last = false;
        const std::string without =
            render::render_diagram(*e->drawer, req, render::Format::kSvg, {});
        EXPECT_NE(with.find("stroke-dasharray"), std::string::npos) << options << " " << style;
        EXPECT_EQ(without.find("stroke-dasharray"), std::string::npos) << options << " " << style;
      }
    }
  }
}

}  // namespace
}  // namespace scribe
