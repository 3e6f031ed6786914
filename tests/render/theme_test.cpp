// Themes: --theme print draws every style in its black-and-white form (the same bytes as asking
// for that style by name), and --background none leaves the background transparent.
#include <cairo.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "app/catalog.hpp"
#include "engine/core/generate.hpp"
#include "engine/core/replay.hpp"
#include "tests/support/generated_game.hpp"
#include "tests/support/support.hpp"
#include "tests/support/png_pixels.hpp"

namespace scribe {
namespace {

struct Final {
  test::GeneratedGame game;
  render::DiagramRequest req;
};

Final final_of(const app::CatalogEntry& e) {
  Final f{test::generated_game(e, 9), {}};
  f.req = f.game.final_request();
  return f;
}

// The print form each style maps to under --theme print.
std::string print_form(const std::vector<std::string>& styles, const std::string& style) {
  if (style.find("print") != std::string::npos) return style;
  for (const auto& s : styles)
    if (s == style + "-print") return s;
  if (style.size() > 5 && style.substr(style.size() - 5) == ",full") return "print,full";
  return "print";
}

TEST(RenderTheme, PrintThemeIsThePrintFormOfEveryStyle) {
  for (const auto& e : app::catalog()) {
    Final f = final_of(e);
    for (const auto& style : e.drawer->styles()) {
      render::DiagramRequest themed = f.req;
      themed.style = style;
      themed.theme = "print";
      render::DiagramRequest named = f.req;
      named.style = print_form(e.drawer->styles(), style);
      for (auto format : {render::Format::kPng, render::Format::kSvg}) {
        EXPECT_EQ(render::render_diagram(*e.drawer, themed, format, {}),
                  render::render_diagram(*e.drawer, named, format, {}))
            << e.game->info().name << " " << style << " -> " << named.style;
      }
      // And it is not the light picture (where the style is not a print style already).
      if (style.find("print") == std::string::npos) {
        render::DiagramRequest light = f.req;
        light.style = style;
        EXPECT_NE(render::render_diagram(*e.drawer, light, render::Format::kPng, {}),
                  render::render_diagram(*e.drawer, themed, render::Format::kPng, {}));
      }
    }
  }
}

// The alpha of the PNG's corner pixel and the share of fully transparent pixels.
std::pair<int, double> alpha_of(const std::string& png) {
  const test::PngPixels img = test::decode_png_pixels(png);
  std::size_t clear = 0;
  for (std::uint32_t p : img.argb) clear += (p >> 24) == 0 ? 1 : 0;
  const int corner = img.argb.empty() ? -1 : static_cast<int>(img.argb.front() >> 24);
  return {corner, img.argb.empty() ? 0.0 : static_cast<double>(clear) / img.argb.size()};
}

TEST(RenderTheme, BackgroundNoneIsTransparent) {
  for (const auto& e : app::catalog()) {
    const std::string game = e.game->info().name;
    Final f = final_of(e);
    f.req.style = e.drawer->styles().front();
    const auto opaque =
        alpha_of(render::render_diagram(*e.drawer, f.req, render::Format::kPng, {}));
    EXPECT_EQ(opaque.first, 255) << game;
    EXPECT_EQ(opaque.second, 0.0) << game;
    f.req.transparent = true;
    const auto clear = alpha_of(render::render_diagram(*e.drawer, f.req, render::Format::kPng, {}));
    EXPECT_EQ(clear.first, 0) << game << ": the corner is not transparent";
    EXPECT_GT(clear.second, 0.02) << game;
    // SVG: no white page under the drawing.
    const std::string svg = render::render_diagram(*e.drawer, f.req, render::Format::kSvg, {});
    f.req.transparent = false;
    const std::string filled = render::render_diagram(*e.drawer, f.req, render::Format::kSvg, {});
    EXPECT_LT(svg.size(), filled.size()) << game;
  }
}

// The corner pixel's colour and the share of pixels near `rgb` (within 24 levels a channel).
std::pair<std::uint32_t, double> corner_and_share(const std::string& png, std::uint32_t rgb) {
  const std::vector<std::uint32_t> pixels = test::png_rgb(png);
  std::size_t near = 0;
  for (std::uint32_t p : pixels) {
    bool close = true;
    for (int shift : {0, 8, 16})
      close = close && std::abs(static_cast<int>((p >> shift) & 0xFF) -
                                static_cast<int>((rgb >> shift) & 0xFF)) <= 24;
    near += close ? 1 : 0;
  }
  return {pixels.empty() ? 0u : pixels.front(), static_cast<double>(near) / pixels.size()};
}

// The dark theme: a dark page with light text (caption, coordinates) in every non-print style;
// a print style stays black on white.
TEST(RenderTheme, DarkThemeHasADarkPageAndLightText) {
  for (const auto& e : app::catalog()) {
    const std::string game = e.game->info().name;
    Final f = final_of(e);
    f.req.theme = "dark";
    for (const auto& style : e.drawer->styles()) {
      f.req.style = style;
      const auto [corner, light] = corner_and_share(
          render::render_diagram(*e.drawer, f.req, render::Format::kPng, {}), 0xECECEC);
      const int lum =
          static_cast<int>(((corner >> 16) & 0xFF) + ((corner >> 8) & 0xFF) + (corner & 0xFF)) / 3;
      if (style.find("print") != std::string::npos) {
        EXPECT_EQ(corner, 0xFFFFFFu) << game << " " << style;
        continue;
      }
      EXPECT_LT(lum, 60) << game << " " << style << ": the page is not dark";
      EXPECT_GT(light, 0.002) << game << " " << style << ": no light text";
    }
  }
}

TEST(RenderTheme, CommandLineThemeAndBackground) {
  if (app::find_entry("druid") == nullptr) GTEST_SKIP() << "druid is not in this build";
  test::TempDir dir;
  const auto in = dir.path() / "g.rec";
  test::write_file(in, "[Game \"druid\"]\n[Options \"-size=6\"]\n1. b2 2. e2 3. d2\n");
  auto r = test::run_scribe(
      {"render", in.string(), "--theme", "print", "--out", (dir.path() / "a").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = test::run_scribe(
      {"render", in.string(), "--style", "print", "--out", (dir.path() / "b").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::read_file(dir.path() / "a" / "g-r1-p3.png"),
            test::read_file(dir.path() / "b" / "g-r1-p3.png"));
  r = test::run_scribe(
      {"render", in.string(), "--background", "none", "--out", (dir.path() / "c").string()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(alpha_of(test::read_file(dir.path() / "c" / "g-r1-p3.png")).first, 0);
  r = test::run_scribe(
      {"render", in.string(), "--theme", "neon", "--out", (dir.path() / "d").string()});
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("--theme"), std::string::npos) << r.err;
  r = test::run_scribe(
      {"render", in.string(), "--background", "red", "--out", (dir.path() / "e").string()});
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("--background"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace scribe
