// Soccolot diagrams (spec §11): styles, sizes, byte-stable output, and that the styles and the
// last move change the picture.
#include "render/games/soccolot/soccolot_diagram.hpp"

#include <gtest/gtest.h>

#include "tests/games/soccolot/soccolot_test_util.hpp"

namespace scribe::engine::soccolot::test {
namespace {

std::string draw(const Variant& v, const State& s, const std::string& style, int ply,
                 render::Format format = render::Format::kPng) {
  render::DiagramRequest r;
  r.variant = &v;
  r.state = &s;
  r.ply = ply;
  r.last_move = s.last_move_text();
  r.last_mover = s.last_mover();
  r.style = style;
  return render::render_diagram(render::soccolot::soccolot_drawer(), r, format, {});
}

TEST(SoccolotDiagram, StylesAndExtent) {
  const auto& drawer = render::soccolot::soccolot_drawer();
  EXPECT_EQ(drawer.styles(),
            (std::vector<std::string>{"a", "b", "c", "print", "a,full", "b,full", "c,full",
                                      "print,full"}));
  auto v = soccolot_variant();
  auto s = v->initial_state();
  render::DiagramRequest r;
  r.variant = v.get();
  r.state = s.get();
  r.style = "a";
  const render::Extent e = drawer.extent(r);
  EXPECT_DOUBLE_EQ(e.width, 10.0);  // 8 squares and 1 unit of margin each side
  // compass 0.6 + goal 0.8 + 8 + 0.8 + 0.6, then the caption: one line ("start", "Black to
  // move") at 3 % of the longer side with its padding, about 0.8 units.
  EXPECT_GT(e.height, 10.8 + 0.6);
  EXPECT_LT(e.height, 10.8 + 1.4);
  r.players = {"Ann", "Bob"};  // a line more
  EXPECT_GT(drawer.extent(r).height, e.height + 0.3);
  r.players.clear();
  // The position text below, its size set by the width (--size sets the width of the full
  // styles): a line of 0.3 units (3 % of the width) at least under the same caption.
  r.style = "c,full";
  EXPECT_DOUBLE_EQ(drawer.extent(r).width, 10.0);
  EXPECT_GT(drawer.extent(r).height, 10.8 + 0.6 + 0.3);
}

TEST(SoccolotDiagram, OutputIsStableAndFollowsStyleAndMove) {
  auto v = soccolot_variant();
  auto s = v->parse_position("soccolot B=g1,f1,e4,d1,c1,b1 W=g6,f8,f7,d8,c8,b8 O=e5 Black").state;
  ASSERT_TRUE(s->apply("b3k4", nullptr, Mode::kStrict).applied);  // S1's goal
  const std::string a = draw(*v, *s, "a", 7);
  EXPECT_GT(a.size(), 1000u);
  EXPECT_EQ(a.substr(1, 3), "PNG");
  EXPECT_EQ(a, draw(*v, *s, "a", 7));
  EXPECT_NE(a, draw(*v, *s, "b", 7));
  EXPECT_NE(a, draw(*v, *s, "c", 7));
  EXPECT_NE(a, draw(*v, *s, "a,full", 7));
  auto start = v->initial_state();
  EXPECT_NE(draw(*v, *start, "a", 0), a);
  EXPECT_EQ(draw(*v, *s, "c", 7, render::Format::kSvg), draw(*v, *s, "c", 7, render::Format::kSvg));
  // An unknown style falls back to the default look.
  EXPECT_EQ(draw(*v, *s, "flat", 7), a);
}

}  // namespace
}  // namespace scribe::engine::soccolot::test
