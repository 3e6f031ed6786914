// Druid diagrams: every variant and style draws, and the output is deterministic.
#include "render/games/druid/druid_diagram.hpp"

#include "tests/games/druid/druid_test_util.hpp"

namespace scribe::engine::druid::test {
namespace {

TEST(DruidDiagram, EveryVariantAndStyleDrawsDeterministically) {
  const std::pair<const char*, const char*> cases[] = {
      {"-size=8", "b4 b5 b6 a5 b4-b6 c5 d4 d5 d4 e5 b4-d4"},
      {"-size=5 -nostack", "b2 e5 d2 e4 b2-d2 e3 c2"},
      {"-hex", "e5 e6 d4 pass"},
      {"-hex -size=3 -walk -players=3", "c1 b4 a2 c2,c2 pass pass c3,n"},
      {"-y -size=4", "a1 b2 a2 c1 a3 b3 a4"},
      {"-size=4 -walk", "b1 a3 b2 c3 n d3 b3 c1 n d1 b4 pass n"},
  };
  const auto& drawer = render::druid::druid_drawer();
  EXPECT_EQ(drawer.styles(), (std::vector<std::string>{"flat", "iso", "full", "print", "iso-print"}));
  for (const auto& [options, plies] : cases) {
    auto v = variant(options);
    ASSERT_NE(v, nullptr);
    auto s = v->initial_state();
    ASSERT_EQ(play(*s, plies), "") << options;
    for (const char* style : {"flat", "iso", "full"}) {
      render::DiagramRequest req;
      req.variant = v.get();
      req.state = s.get();
      req.ply = s->plies_played();
      req.last_move = s->last_move_text();
      req.last_mover = s->last_mover();
      req.style = style;
      const render::Extent e = drawer.extent(req);
      EXPECT_GT(e.width, 3.0) << options << " " << style;
      EXPECT_GT(e.height, 3.0) << options << " " << style;
      render::EncodeOptions enc;
      enc.size = 120;
      const std::string a = render::render_diagram(drawer, req, render::Format::kPng, enc);
      const std::string b = render::render_diagram(drawer, req, render::Format::kPng, enc);
      EXPECT_GT(a.size(), 100u) << options << " " << style;
      EXPECT_EQ(a, b) << options << " " << style;
      const std::string svg1 = render::render_diagram(drawer, req, render::Format::kSvg, enc);
      const std::string svg2 = render::render_diagram(drawer, req, render::Format::kSvg, enc);
      EXPECT_EQ(svg1, svg2) << options << " " << style;
    }
  }
}

}  // namespace
}  // namespace scribe::engine::druid::test
