// The unchanging part of a PNG diagram (page, board, coordinates) is kept per worker and
// painted from there for the next diagram (Canvas::begin_static): the bytes must be exactly
// those of drawing everything, for every game, style and theme, and a position that changes
// that part (a Soccolot goal, a Savoya home emptied in print, a taller Druid iso stack) must not
// get a stale one.
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "app/catalog.hpp"
#include "tests/support/generated_game.hpp"

namespace scribe {
namespace {

TEST(StaticCache, EveryPlyPaintsTheBytesOfAFreshDrawing) {
  render::EncodeOptions eo;
  eo.size = 200;
  int compared = 0;
  for (const auto& e : app::catalog()) {
    const test::GeneratedGame game = test::generated_game(e, 11);
    const int plies = game.plies();
    for (const auto& style : e.drawer->styles())
      for (const char* theme : {"light", "dark"}) {
        // Every ply in this thread, one after the other (the cache warm from the ply before)...
        std::vector<render::DiagramRequest> reqs;
        std::vector<std::string> warm;
        for (int ply = 0; ply <= plies; ply += plies > 40 ? plies / 20 : 1) {
          render::DiagramRequest req = game.request(ply);
          req.style = style;
          req.theme = theme;
          reqs.push_back(req);
          warm.push_back(render::render_diagram(*e.drawer, req, render::Format::kPng, eo));
        }
        // ...against each drawn alone by a new thread (an empty cache).
        for (std::size_t i = 0; i < reqs.size(); ++i) {
          std::string fresh;
          std::thread([&] {
            fresh = render::render_diagram(*e.drawer, reqs[i], render::Format::kPng, eo);
          }).join();
          EXPECT_EQ(warm[i], fresh) << e.game->info().name << " " << style << " " << theme
                                    << " ply " << reqs[i].ply;
          ++compared;
        }
      }
  }
  EXPECT_GT(compared, 100);
}

}  // namespace
}  // namespace scribe
