// The catalog: the one table that names every game of the build (design.md, "app/").
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/replay.hpp"
#include "render/core/diagram.hpp"

namespace scribe::app {

// One game of the build.
struct CatalogEntry {
  const engine::Game* game = nullptr;
  const render::DiagramDrawer* drawer = nullptr;
  // Option sets that exercise every variant; the conformance tests and benchmarks run them all.
  std::vector<std::string> representative_options;
};

// Returns every game of the build, in a fixed order.
const std::vector<CatalogEntry>& catalog();
// Returns the games for replay().
const engine::GameList& catalog_games();
// Returns the entry whose game accepts `name` as a Game value, or nullptr.
const CatalogEntry* find_entry(std::string_view name);

}  // namespace scribe::app
