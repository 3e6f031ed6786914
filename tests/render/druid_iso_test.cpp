// Druid's "iso" views with the tallest stacks scribe supports (255 units): no stone crosses the
// board's frame, the top of every stack stays in view behind a taller one, and past the height
// where a level is too thin to see, the drawer says so (render warns and suggests flat).
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "app/catalog.hpp"
#include "render/games/druid/druid_diagram_parts.hpp"
#include "tests/support/png_pixels.hpp"
#include "tests/support/support.hpp"

namespace scribe {
namespace {

// A Druid position read from its text, with the variant it belongs to.
struct Position {
  std::unique_ptr<engine::Variant> variant;
  std::unique_ptr<engine::State> state;
};

// Reads "druid BOARD STACKS - - SIDE 0 -" with `mover` to move, or nobody when the stacks have
// already won.
Position position(const std::string& options, const std::string& board_and_stacks, char mover) {
  Position p;
  static const std::vector<notation::Tag> kNoTags;
  const app::CatalogEntry* e = app::find_entry("druid");
  engine::VariantRequest vreq{"druid", options, &kNoTags, engine::Mode::kStrict};
  p.variant = e->game->configure(vreq).variant;
  if (p.variant == nullptr) return p;
  auto r = p.variant->parse_position(board_and_stacks + " - - " + mover + " 0 -");
  if (r.state == nullptr) r = p.variant->parse_position(board_and_stacks + " - - - 0 -");
  EXPECT_NE(r.state, nullptr) << r.error;
  p.state = std::move(r.state);
  return p;
}

// A stack of `height` sarsens of one side, as position text writes it.
std::string tower(char unit, int height) {
  return std::string(static_cast<std::size_t>(height), unit);
}

// A request for the iso views without the coordinates and marks.

render::DiagramRequest request(const Position& p, const std::string& style) {
  render::DiagramRequest req;
  req.variant = p.variant.get();
  req.state = p.state.get();
  req.style = style;
  req.coordinates = false;
  req.highlight_last = false;
  return req;
}

int red(std::uint32_t p) { return static_cast<int>((p >> 16) & 0xFF); }
int green(std::uint32_t p) { return static_cast<int>((p >> 8) & 0xFF); }
int blue(std::uint32_t p) { return static_cast<int>(p & 0xFF); }

// A back row of H stacks 255 units high: scanning down each pixel column over the board, the
// first thing drawn is the frame (the north strip, V's red), never an H stone (blue). Before
// the frame was swept up with the stacks, the stones rose above the strip.
TEST(DruidIso, TallestStacksStayInsideTheFrame) {
  std::string stacks;
  for (char c = 'a'; c <= 'j'; ++c)
    stacks += std::string(stacks.empty() ? "" : ",") + c + "10=" + tower('h', 255);
  const Position p = position("", "druid square:10 " + stacks, 'V');
  ASSERT_NE(p.state, nullptr);
  const auto& drawer = *app::find_entry("druid")->drawer;
  for (const char* style : {"iso"}) {
    const render::DiagramRequest req = request(p, style);
    const auto png = test::decode_png_pixels(
        render::render_diagram(drawer, req, render::Format::kPng, {}));
    ASSERT_GT(png.width, 0);
    const render::Extent e = drawer.extent(req);
    const double scale = png.width / e.width;
    // The columns of the board, from the centres of a1 and j1.
    const auto a = drawer.locate(req, "a1"), j = drawer.locate(req, "j1");
    ASSERT_TRUE(a && j);
    int columns = 0;
    for (int x = static_cast<int>(a->first * scale); x <= static_cast<int>(j->first * scale); ++x) {
      for (int y = 0; y < png.height; ++y) {
        const std::uint32_t px = png.argb[static_cast<std::size_t>(y * png.width + x)];
        if (std::min({red(px), green(px), blue(px)}) > 200) continue;  // page
        EXPECT_GT(red(px), blue(px) + 40) << "column " << x << ": the first mark at y " << y
                                           << " is not the frame's red strip";
        ++columns;
        break;
      }
    }
    EXPECT_GT(columns, 200);
  }
}

// An H stack 255 units high in front of a V stack 1 unit high: the V stack's top face and its
// numeral stay in view (red and white round the point locate() names, no blue).
TEST(DruidIso, TheTopOfAStackStaysInViewBehindTheTallest) {
  const Position p =
      position("", "druid square:10 e5=" + tower('h', 255) + ",e6=v", 'V');
  ASSERT_NE(p.state, nullptr);
  const auto& drawer = *app::find_entry("druid")->drawer;
  for (const char* style : {"iso", "iso-print"}) {
    const render::DiagramRequest req = request(p, style);
    render::EncodeOptions eo;
    eo.size = 800;
    const auto png = test::decode_png_pixels(
        render::render_diagram(drawer, req, render::Format::kPng, eo));
    const render::Extent e = drawer.extent(req);
    const double scale = png.width / e.width;
    const auto top = drawer.locate(req, "e6");  // the centre of e6's top face
    ASSERT_TRUE(top);
    // The numeral sits a little behind the centre; look at the face round it, 0.25 units
    // either side and from 0.3 behind to 0.1 in front.
    int blue_px = 0, red_px = 0, total = 0;
    for (double dy = -0.3; dy <= 0.1; dy += 0.02)
      for (double dx = -0.25; dx <= 0.25; dx += 0.02) {
        const int x = static_cast<int>((top->first + dx) * scale);
        const int y = static_cast<int>((top->second + dy) * scale);
        const std::uint32_t px = png.argb[static_cast<std::size_t>(y * png.width + x)];
        blue_px += blue(px) > red(px) + 40 ? 1 : 0;
        red_px += red(px) > blue(px) + 40 ? 1 : 0;
        ++total;
      }
    EXPECT_EQ(blue_px, 0) << style << ": the H stack in front covers e6's top face";
    if (std::string(style) == "iso") {
      EXPECT_GT(red_px, total / 2) << style;
    }
  }
}

// Every unit of a board full of 255-unit stacks (square, hex, Y) lies inside the board swept
// up by the lift (the region the frame encloses).
TEST(DruidIso, EveryUnitLiesInsideTheFloor) {
  struct Board {
    const char* options;
    const char* board;
    char first, second;  // the units of the two sides
  };
  const Board boards[] = {{"-size=5", "square:5", 'v', 'h'},
                          {"-hex -size=4", "hex:4", 'x', 'o'},
                          {"-y -size=5", "y:5", 'x', 'o'}};
  for (const auto& b : boards) {
    const std::string head = std::string("druid ") + b.board + " ";
    const char mover = static_cast<char>(b.first - 'a' + 'A');
    const Position empty = position(b.options, head + "a1=" + b.first, mover);
    ASSERT_NE(empty.state, nullptr) << b.options;
    const auto& cells = dynamic_cast<const engine::druid::DruidState&>(*empty.state).board();
    std::string stacks;
    for (int x = 0; x < cells.num_cells; ++x)
      stacks += (stacks.empty() ? "" : ",") + cells.cell_name(x) + "=" +
                tower(x % 3 == 0 ? b.second : b.first, 255);
    const Position p = position(b.options, head + stacks, mover);
    ASSERT_NE(p.state, nullptr) << b.options;
    const render::DiagramRequest req = request(p, "iso");
    const auto& st = dynamic_cast<const engine::druid::DruidState&>(*p.state);
    const auto l = render::druid::detail::make_layout(st, req);
    EXPECT_NEAR(l.lift, render::druid::detail::kIsoLift, 1e-9) << b.options;
    const auto boxes = render::druid::detail::iso_unit_boxes(l);
    EXPECT_EQ(boxes.size(), static_cast<std::size_t>(255 * cells.num_cells)) << b.options;
    for (const auto& box : boxes) {
      EXPECT_GE(box.y0, l.top - 1e-9) << b.options;  // the frame's inner edge at the back
      EXPECT_LE(box.y1, l.top + l.lift + l.board_h + 1e-9) << b.options;
      EXPECT_GE(box.x0, l.left - 1e-9) << b.options;
      EXPECT_LE(box.x1, l.left + l.board_w + 1e-9) << b.options;
    }
    // At 400 px a level is far below 2 px: the drawer says why and suggests flat.
    const auto& drawer = *app::find_entry("druid")->drawer;
    const std::string why = drawer.limitation(req, 400);
    EXPECT_NE(why.find("--style flat"), std::string::npos) << b.options << ": " << why;
    EXPECT_NE(why.find("255 units"), std::string::npos) << why;
    EXPECT_EQ(drawer.limitation(request(p, "flat"), 400), "");
  }
}

// Short stacks keep the full rise per level and no warning.
TEST(DruidIso, ShortStacksNeedNoWarning) {
  const Position p = position("", "druid square:10 e5=hhh,e6=v", 'V');
  ASSERT_NE(p.state, nullptr);
  EXPECT_EQ(app::find_entry("druid")->drawer->limitation(request(p, "iso"), 400), "");
}

// render warns (once per record, naming the plies and suggesting flat) and still draws; flat
// draws the same record without a word.
TEST(DruidIso, RenderWarnsAndStillDraws) {
  test::TempDir dir;
  const std::string rec = (dir.path() / "tall.rec").string();
  auto r = test::run_scribe({"generate", "--game", "druid", "--options", "-hex", "--count", "1",
                             "--seed", "7", "--out", rec});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  r = test::run_scribe({"render", rec, "--style", "iso", "--ply", "400", "--out",
                        (dir.path() / "iso").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(test::lines_of(r.err).size(), 1u) << r.err;
  EXPECT_NE(r.err.find("tall.rec: record 1, ply 400: warning"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("warning: the iso view cannot show the levels"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("Use --style flat"), std::string::npos) << r.err;
  EXPECT_TRUE(std::filesystem::exists(dir.path() / "iso" / "tall-r1-p400.png"));
  r = test::run_scribe({"render", rec, "--style", "flat", "--out", (dir.path() / "flat").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  // Large enough, the levels are 2 px apart: no warning.
  r = test::run_scribe({"render", rec, "--style", "iso", "--size", "1600", "--out",
                        (dir.path() / "big").string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
}

}  // namespace
}  // namespace scribe
