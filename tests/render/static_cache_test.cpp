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
#include "engine/core/generate.hpp"
#include "engine/core/replay.hpp"
#include "tests/support/support.hpp"

namespace scribe {
namespace {

TEST(StaticCache, EveryPlyPaintsTheBytesOfAFreshDrawing) {
  render::EncodeOptions eo;
  eo.size = 200;
  int compared = 0;
  for (const auto& e : app::catalog()) {
    static const std::vector<notation::Tag> kNoTags;
    engine::VariantRequest vreq{e.game->info().name, "", &kNoTags, engine::Mode::kStrict};
    auto vr = e.game->configure(vreq);
    engine::Random rng(11);
    const auto g = engine::play_random_game(*vr.variant, rng);
    const auto records = notation::read_records(
        "r.rec", engine::format_generated_record(e.game->info().name, *vr.variant, g, 11, 1));
    engine::ReplayOptions ro;
    ro.keep_positions = true;
    const auto rr = engine::replay(app::catalog_games(), records.at(0), ro);
    ASSERT_TRUE(rr.replayed);
    const int plies = static_cast<int>(rr.positions.size()) - 1;
    for (const auto& style : e.drawer->styles())
      for (const char* theme : {"light", "dark"}) {
        // Every ply in this thread, one after the other (the cache warm from the ply before)...
        std::vector<render::DiagramRequest> reqs;
        std::vector<std::string> warm;
        for (int ply = 0; ply <= plies; ply += plies > 40 ? plies / 20 : 1) {
          render::DiagramRequest req;
          req.variant = rr.variant.get();
          req.state = rr.positions[static_cast<std::size_t>(ply)].get();
          req.ply = ply;
          if (ply > 0) req.last_move = records[0].plies[static_cast<std::size_t>(ply - 1)].text;
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
