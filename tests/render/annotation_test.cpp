// Annotations: --arrow FROM-TO and --mark CELL, cells in each game's own notation, drawn in
// every style (in black and white in the print styles); a cell the board does not have is an
// error before anything is drawn.
#include <cairo.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "app/catalog.hpp"
#include "engine/core/replay.hpp"
#include "tests/support/support.hpp"
#include "tests/support/png_pixels.hpp"

namespace scribe {
namespace {

// Two cells of each game's default board, in its notation.
const std::map<std::string, std::pair<std::string, std::string>> kCells = {
    {"druid", {"a1", "c3"}},
    {"savoya", {"a6", "o10"}},
    {"sava", {"A1", "C2"}},
    {"soccolot", {"b2", "g7"}},
};

std::vector<std::uint32_t> pixels(const std::string& png) { return test::png_rgb(png); }

bool coloured(std::uint32_t p) {
  const int r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
  return std::max({r, g, b}) - std::min({r, g, b}) > 12;
}

TEST(RenderAnnotations, ArrowsAndMarksInEveryStyle) {
  for (const auto& e : app::catalog()) {
    const std::string game = e.game->info().name;
    const auto cells = kCells.find(game);
    if (cells == kCells.end()) continue;
    static const std::vector<notation::Tag> kNoTags;
    engine::VariantRequest vreq{game, "", &kNoTags, engine::Mode::kStrict};
    auto vr = e.game->configure(vreq);
    const auto start = vr.variant->initial_state();
    render::DiagramRequest req;
    req.variant = vr.variant.get();
    req.state = start.get();
    EXPECT_EQ(render::check_annotations(*e.drawer, req), "");
    for (const auto& style : e.drawer->styles()) {
      req.style = style;
      req.arrows.clear();
      req.marks.clear();
      const auto plain = pixels(render::render_diagram(*e.drawer, req, render::Format::kPng, {}));
      req.arrows = {{cells->second.first, cells->second.second}};
      req.marks = {cells->second.second};
      EXPECT_EQ(render::check_annotations(*e.drawer, req), "") << game;
      const auto marked = pixels(render::render_diagram(*e.drawer, req, render::Format::kPng, {}));
      ASSERT_EQ(plain.size(), marked.size());
      std::size_t changed = 0, new_colour = 0;
      for (std::size_t i = 0; i < plain.size(); ++i) {
        changed += plain[i] != marked[i] ? 1 : 0;
        new_colour += plain[i] != marked[i] && coloured(marked[i]) ? 1 : 0;
      }
      EXPECT_GT(changed, plain.size() / 400) << game << " " << style;
      if (style.find("print") != std::string::npos) {
        EXPECT_EQ(new_colour, 0u) << game << " " << style << ": colour in print";
      }
      // SVG and PDF carry them too, byte-stable.
      const std::string svg = render::render_diagram(*e.drawer, req, render::Format::kSvg, {});
      EXPECT_EQ(svg, render::render_diagram(*e.drawer, req, render::Format::kSvg, {}));
    }
    req.marks = {"zz99"};
    EXPECT_NE(render::check_annotations(*e.drawer, req).find("'zz99'"), std::string::npos) << game;
    req.marks.clear();
    req.arrows = {{cells->second.first, "zz99"}};
    EXPECT_NE(render::check_annotations(*e.drawer, req).find("--arrow"), std::string::npos) << game;
  }
}

TEST(RenderAnnotations, CommandLine) {
  if (app::find_entry("druid") == nullptr) GTEST_SKIP() << "druid is not in this build";
  test::TempDir dir;
  const auto in = dir.path() / "g.rec";
  test::write_file(in, "[Game \"druid\"]\n[Options \"-size=6\"]\n1. b2 2. e2 3. d2\n");
  auto r =
      test::run_scribe({"render", in.string(), "--arrow", "a1-f6", "--arrow", "b2-b5", "--mark",
                        "C3", "--format", "svg", "--out", (dir.path() / "a").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = test::run_scribe(
      {"render", in.string(), "--format", "svg", "--out", (dir.path() / "b").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(test::read_file(dir.path() / "a" / "g-r1-p3.svg"),
            test::read_file(dir.path() / "b" / "g-r1-p3.svg"));
  for (const auto& bad : std::vector<std::vector<std::string>>{
           {"--arrow", "a1-g9"}, {"--arrow", "a1"}, {"--mark", "k1"}}) {
    std::vector<std::string> args = {"render", in.string(), "--out", (dir.path() / "c").string()};
    args.insert(args.end(), bad.begin(), bad.end());
    r = test::run_scribe(args);
    EXPECT_EQ(r.exit_code, 2) << bad[1];
    EXPECT_NE(r.err.find(bad[0]), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir.path() / "c" / "g-r1-p3.png")) << bad[1];
  }
}

}  // namespace
}  // namespace scribe

namespace scribe {
namespace {

// How many pixels of a PNG are close to `rgb` (within 40 in each channel).
int near_colour(const std::string& png, std::uint32_t rgb) {
  int n = 0;
  for (std::uint32_t p : test::png_rgb(png)) {
    bool close = true;
    for (int shift : {0, 8, 16})
      close = close && std::abs(static_cast<int>((p >> shift) & 0xFF) -
                                static_cast<int>((rgb >> shift) & 0xFF)) <= 40;
    n += close ? 1 : 0;
  }
  return n;
}

// Annotations in record comments, `{[%cal Gb2b4] [%csl Rc3]}`: drawn at the position after the
// ply the comment follows, in their colour; malformed ones are warnings at their line and
// column, and the record stays valid.
TEST(RenderAnnotations, FromRecordComments) {
  test::TempDir dir;
  const auto in = dir.path() / "ann.rec";
  test::write_file(in,
                   "[Game \"druid\"]\n[Options \"-size=8\"]\n"
                   "1. b4 2. b5 {[%cal Gb2b4,Rc3-c5] [%csl Bc3]} 3. b6\n"
                   "{ a note [%csl Bd4] [%cal Xb2b4, Rk1k2] [%clk 0:01:00] }\n"
                   "4. a5 {[%csl Rzz9}\n");
  auto r = test::run_scribe({"render", in.string(), "--all", "--out", (dir.path() / "o").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto lines = test::lines_of(r.err);
  std::vector<std::string> headlines;
  for (const auto& l : lines)
    if (l.find("warning[render.annotation]") != std::string::npos) headlines.push_back(l);
  ASSERT_EQ(headlines.size(), 3u) << r.err;
  EXPECT_NE(headlines[0].find("ann.rec:4:27: warning[render.annotation]: %cal: 'Xb2b4' does not "
                              "start with a colour letter"),
            std::string::npos)
      << headlines[0];
  EXPECT_NE(headlines[1].find("ann.rec:4:35: warning[render.annotation]: %cal: 'k1k2' is not two "
                              "cells of this board"),
            std::string::npos)
      << headlines[1];
  EXPECT_NE(headlines[2].find("ann.rec:5:8: warning[render.annotation]: [%csl is not closed"),
            std::string::npos)
      << headlines[2];
  auto png = [&](int ply) {
    return test::read_file(dir.path() / "o" / ("ann-r1-p" + std::to_string(ply) + ".png"));
  };
  constexpr std::uint32_t kGreen = 0x2E7D32, kBlue = 0x1565C0;
  // After ply 2: the green arrow b2-b4 (the board has no green) and the blue ring on c3.
  EXPECT_LT(near_colour(png(1), kGreen), 30);  // (edge pixels of yellow on blue)
  EXPECT_GT(near_colour(png(2), kGreen), 100);
  EXPECT_LT(near_colour(png(3), kGreen), 30);  // (a few edge pixels of the blue ring)
  // After ply 3: the well-formed ring on d4 of the second comment (blue): more blue than in
  // the same record without comments.
  const auto bare = dir.path() / "bare.rec";
  test::write_file(bare, "[Game \"druid\"]\n[Options \"-size=8\"]\n1. b4 2. b5 3. b6 4. a5\n");
  r = test::run_scribe({"render", bare.string(), "--all", "--out", (dir.path() / "b").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const std::string bare3 = test::read_file(dir.path() / "b" / "bare-r1-p3.png");
  EXPECT_GT(near_colour(png(3), kBlue), near_colour(bare3, kBlue) + 50);
  EXPECT_GT(near_colour(png(2), kBlue), near_colour(png(1), kBlue));
  // The ply with only a malformed annotation draws as if it had none.
  EXPECT_EQ(png(4), test::read_file(dir.path() / "b" / "bare-r1-p4.png"));
  // validate: comments are comments; the record is valid.
  r = test::run_scribe({"validate", in.string()});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
}

// Cells are split in each game's notation: Savoya's f15f6, Sava's A1C2 and BC1A1 (one split
// only), and an arrow may join its cells with '-'.
TEST(RenderAnnotations, CommentCellsInEachGamesNotation) {
  const std::vector<std::tuple<std::string, std::string, std::string, std::string>> cases = {
      {"savoya", "Gf15f6", "f15", "f6"},
      {"sava", "RA1C2", "A1", "C2"},
      {"sava", "YBC1A1", "BC1", "A1"},
      {"druid", "Bb2-b4", "b2", "b4"},
      {"soccolot", "Gb2g7", "b2", "g7"},
  };
  for (const auto& [game, item, from, to] : cases) {
    const app::CatalogEntry* e = app::find_entry(game);
    ASSERT_NE(e, nullptr) << game;
    static const std::vector<notation::Tag> kNoTags;
    engine::VariantRequest vreq{game, "", &kNoTags, engine::Mode::kStrict};
    auto vr = e->game->configure(vreq);
    const auto start = vr.variant->initial_state();
    render::DiagramRequest req;
    req.variant = vr.variant.get();
    req.state = start.get();
    notation::Comment c;
    c.text = "[%cal " + item + "]";
    c.span.line = 3;
    c.span.col = 5;
    std::vector<notation::Diagnostic> warnings;
    render::add_comment_annotations(*e->drawer, c, req, &warnings);
    EXPECT_TRUE(warnings.empty()) << game << " " << item << ": " << warnings.front().message;
    ASSERT_EQ(req.arrows.size(), 1u) << game << " " << item;
    EXPECT_EQ(req.arrows[0], std::make_pair(from, to)) << game;
    EXPECT_EQ(req.arrow_colours, std::string(1, item[0])) << game;
  }
}

}  // namespace
}  // namespace scribe
