#include "app/catalog.hpp"

#if SCRIBE_HAS_DRUID
#include "engine/games/druid/druid.hpp"
#include "render/games/druid/druid_diagram.hpp"
#endif
#if SCRIBE_HAS_SAVOYA
#include "engine/games/savoya/savoya.hpp"
#include "render/games/savoya/savoya_diagram.hpp"
#endif
#if SCRIBE_HAS_SAVA
#include "engine/games/sava/sava.hpp"
#include "render/games/sava/sava_diagram.hpp"
#endif
#if SCRIBE_HAS_SOCCOLOT
#include "engine/games/soccolot/soccolot.hpp"
#include "render/games/soccolot/soccolot_diagram.hpp"
#endif

namespace scribe::app {

const std::vector<CatalogEntry>& catalog() {
  static const std::vector<CatalogEntry> entries = {
#if SCRIBE_HAS_DRUID
      {&engine::druid::druid_game(), &render::druid::druid_drawer(), engine::druid::kRepresentativeOptions},
#endif
#if SCRIBE_HAS_SAVOYA
      {&engine::savoya::savoya_game(), &render::savoya::savoya_drawer(), engine::savoya::kRepresentativeOptions},
#endif
#if SCRIBE_HAS_SAVA
      {&engine::sava::sava_game(), &render::sava::sava_drawer(), engine::sava::kRepresentativeOptions},
#endif
#if SCRIBE_HAS_SOCCOLOT
      {&engine::soccolot::soccolot_game(), &render::soccolot::soccolot_drawer(), engine::soccolot::kRepresentativeOptions},
#endif
  };
  return entries;
}

const engine::GameList& catalog_games() {
  static const engine::GameList games = [] {
    engine::GameList list;
    for (const auto& e : catalog()) list.push_back(e.game);
    return list;
  }();
  return games;
}

const CatalogEntry* find_entry(std::string_view name) {
  for (const auto& e : catalog())
    for (const auto& n : e.game->info().names)
      if (n == name) return &e;
  return nullptr;
}

}  // namespace scribe::app
