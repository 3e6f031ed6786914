// The library's own side of the public types (include/scribe/): what a Record, Position and
// Game hold, and the bridges the command line uses to reach them without copies. Internal to
// libscribe and the scribe binary; never installed.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/catalog.hpp"
#include "engine/core/game.hpp"
#include "engine/core/replay.hpp"
#include "notation/core/record.hpp"
#include "scribe/game.hpp"
#include "scribe/record.hpp"

namespace scribe {

// A record: one the library owns, or one borrowed from a caller that keeps it alive longer
// than every object made from it (the command line's own reading loop).
struct Record::Data {
  explicit Data(notation::Record r) : owned(std::move(r)), record(&owned) {}
  explicit Data(const notation::Record* borrowed) : record(borrowed) {}
  Data(const Data&) = delete;
  Data& operator=(const Data&) = delete;

  notation::Record owned;
  const notation::Record* record;
};

// A position: the game's state and its variant, kept alive by `keep` (a replay, or the
// variant of a start or text position) or owned.
struct Position::Data {
  std::shared_ptr<const void> keep;
  const app::CatalogEntry* entry = nullptr;
  const engine::Variant* variant = nullptr;
  const engine::State* state = nullptr;
  std::unique_ptr<engine::State> owned;
  // The result the record stands at, for the last position of a replay (a Termination or a
  // result the game's spec lets stand); otherwise the state's own result.
  std::optional<std::string> record_result;
  std::string last_move, last_mover;
  std::vector<std::string> players;  // the record's Player tags, for drawing
};

// A replay: the record and what engine::replay() made of it.
struct Game::Data {
  Record record;
  engine::ReplayResult result;
  const app::CatalogEntry* entry = nullptr;
  bool kept_positions = false;
};

namespace api {

// Converts between the internal and the public diagnostics.
Diagnostic to_public(const notation::Diagnostic& d, const std::string& file);
notation::Diagnostic to_internal(const Diagnostic& d);

// Converts the public replay options to the engine's and back (a callback and the ply limit
// have no public form: they are left out).
engine::ReplayOptions engine_options(const ReplayOptions& options);
ReplayOptions public_options(const engine::ReplayOptions& options);

// A Record that refers to `record` without copying it: valid only while `record` lives.
Record borrow(const notation::Record& record);

// What the replay of `game` found, as the engine gives it (for reports formatted by the
// command line).
inline const engine::ReplayResult& replay_result(const Game& game) { return game.data().result; }

// The catalog entry of the game named `name` (any name it accepts); throws scribe::Error.
const app::CatalogEntry& entry_of(std::string_view name);

// The variant `options` configure for the game `name`; throws scribe::Error when they are not
// usable (the message of the first error).
std::unique_ptr<engine::Variant> variant_of(const app::CatalogEntry& entry, std::string_view name,
                                            std::string_view options);

}  // namespace api
}  // namespace scribe
