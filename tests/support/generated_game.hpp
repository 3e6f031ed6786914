// A generated game of a catalog entry, replayed with its positions kept, and the diagram
// request for any of its plies: what the render tests draw (header-only; the system tests).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "app/catalog.hpp"
#include "engine/core/generate.hpp"
#include "engine/core/replay.hpp"
#include "render/core/diagram.hpp"

namespace scribe::test {

// A game played at random by a catalog entry, and its replay.
struct GeneratedGame {
  std::vector<notation::Record> records;
  engine::ReplayResult rr;

  // The number of plies replayed.
  int plies() const { return static_cast<int>(rr.positions.size()) - 1; }

  // The request for the position after `ply` (the last move and its mover filled in).
  render::DiagramRequest request(int ply) const {
    render::DiagramRequest req;
    req.variant = rr.variant.get();
    req.state = rr.positions.at(static_cast<std::size_t>(ply)).get();
    req.ply = ply;
    if (ply > 0) {
      req.last_move = records[0].text_of(records[0].plies[static_cast<std::size_t>(ply - 1)]);
      req.last_mover = rr.positions[static_cast<std::size_t>(ply - 1)]->side_to_move();
    }
    return req;
  }
  // The request for the final position.
  render::DiagramRequest final_request() const { return request(plies()); }
};

// A game played at random from `seed` by `entry`'s variant of `options` ("" for the default),
// replayed; a test failure (and an empty game) when the options are refused.
inline GeneratedGame generated_game(const app::CatalogEntry& entry, std::uint64_t seed,
                                    const std::string& options = "") {
  GeneratedGame g;
  static const std::vector<notation::Tag> kNoTags;
  const std::string name = entry.game->info().name;
  engine::VariantRequest vreq{name, options, &kNoTags, engine::Mode::kStrict};
  auto vr = entry.game->configure(vreq);
  EXPECT_NE(vr.variant, nullptr) << name << " " << options;
  if (vr.variant == nullptr) return g;
  engine::Random rng(seed);
  const auto played = engine::play_random_game(*vr.variant, rng);
  g.records = notation::read_records(
      "r.rec", engine::format_generated_record(name, *vr.variant, played, seed, 1));
  engine::ReplayOptions ro;
  ro.keep_positions = true;
  g.rr = engine::replay(app::catalog_games(), g.records.at(0), ro);
  EXPECT_TRUE(g.rr.replayed) << name << " " << options;
  return g;
}

}  // namespace scribe::test
