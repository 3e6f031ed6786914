// Annotations: --arrow FROM-TO and --mark CELL, cells in each game's own notation, drawn in
// every style (in black and white in the print styles); a cell the board does not have is an
// error before anything is drawn.
#include <cairo.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <map>
#include <string>
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
