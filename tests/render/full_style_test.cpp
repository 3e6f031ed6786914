// The "full" styles at any game length: --size sets the picture's width, the board keeps at least
// 70 % of it, and the position text (thousands of characters after a long Druid game on a big
// board) wraps at 9 px or more, making the picture taller instead of everything smaller.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "app/catalog.hpp"
#include "engine/core/generate.hpp"
#include "engine/core/replay.hpp"
#include "render/core/theme.hpp"
#include "tests/support/generated_game.hpp"
#include "tests/support/png_pixels.hpp"

namespace scribe {
namespace {

// The final position of the random game of `options` and `seed` with the longest position
// text, kept with what it needs.
struct Longest {
  test::GeneratedGame game;
  render::DiagramRequest req;
  std::size_t length = 0;
};

Longest longest_game(const app::CatalogEntry& e, const std::string& options) {
  Longest best;
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    test::GeneratedGame g = test::generated_game(e, seed, options);
    if (g.rr.positions.empty()) return best;
    const std::size_t length = g.rr.positions.back()->position_text().size();
    if (length <= best.length) continue;
    best.game = std::move(g);
    best.length = length;
    best.req = render::DiagramRequest{};
    best.req.variant = best.game.rr.variant.get();
    best.req.state = best.game.rr.positions.back().get();
    best.req.ply = best.game.plies();
    best.req.players = {"Ann Example", "Bob Example"};
  }
  return best;
}

// The widest span of drawn (not page-coloured) pixels in the rows of the top `rows` pixels.
int widest_span(const test::PngPixels& png, int rows) {
  const std::uint32_t page = png.argb[0];
  auto near_page = [&](std::uint32_t p) {
    for (int shift : {0, 8, 16}) {
      const int a = static_cast<int>((p >> shift) & 0xFF);
      const int b = static_cast<int>((page >> shift) & 0xFF);
      if (std::abs(a - b) > 24) return false;
    }
    return true;
  };
  int widest = 0;
  for (int y = 0; y < std::min(rows, png.height); ++y) {
    int left = -1, right = -1;
    for (int x = 0; x < png.width; ++x)
      if (!near_page(png.argb[static_cast<std::size_t>(y * png.width + x)])) {
        if (left < 0) left = x;
        right = x;
      }
    if (left >= 0) widest = std::max(widest, right - left + 1);
  }
  return widest;
}

TEST(RenderFull, BoardKeepsTheWidthAndTextStaysLegibleAtAnyLength) {
  // The boards of the representative options, and the largest boards (whose own labels are
  // below 9 px at 400 px in every style: there only the position text is held to it).
  struct Case {
    std::string game, options;
    bool largest_board;
  };
  const std::vector<Case> cases = {{"druid", "", false},           {"druid", "-hex", false},
                                   {"druid", "-size=13", true},    {"druid", "-hex -size=13", true},
                                   {"savoya", "", false},          {"savoya", "-players=4", false},
                                   {"sava", "", false},            {"soccolot", "", false}};
  for (const auto& [game, options, largest_board] : cases) {
    const app::CatalogEntry* e = app::find_entry(game);
    ASSERT_NE(e, nullptr) << game;
    Longest g = longest_game(*e, options);
    ASSERT_NE(g.req.state, nullptr) << game << " " << options;
    for (const auto& style : e->drawer->styles()) {
      if (style.find("full") == std::string::npos) continue;
      g.req.style = style;
      const std::string where = game + " [" + options + "] " + style + ", " +
                                std::to_string(g.length) + " characters";
      render::TextProbe probe;
      render::set_text_probe(&probe);
      const std::string bytes = render::render_diagram(*e->drawer, g.req, render::Format::kPng, {});
      render::set_text_probe(nullptr);
      const test::PngPixels png = test::decode_png_pixels(bytes);
      EXPECT_EQ(png.width, 400) << where;
      // The board lies in the picture's top part, about as tall as the picture is wide.
      EXPECT_GE(widest_span(png, png.width), 0.7 * 400) << where;
      const std::string text = g.req.state->position_text();
      std::size_t position_chars = 0;
      for (const auto& t : probe.texts) {
        const bool of_position = t.text.size() > 3 && text.find(t.text) != std::string::npos;
        position_chars += of_position ? t.text.size() : 0;
        if (!largest_board || of_position) {
          EXPECT_GE(t.px, 9.0) << where << ": '" << t.text << "'";
        }
      }
      // Every character of the position text is drawn (the wrap drops only spaces).
      EXPECT_GE(position_chars + text.size() / 20, text.size()) << where;
      // A long text makes the picture taller: at least one 12 px line per 70 characters.
      EXPECT_GT(png.height, static_cast<int>(g.length / 70 * 11)) << where;
      std::printf("%s: %dx%d\n", where.c_str(), png.width, png.height);
    }
  }
}

}  // namespace
}  // namespace scribe
