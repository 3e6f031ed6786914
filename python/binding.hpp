// The Python module scribe (python/): the C++ objects behind its classes and the functions that
// add them to the module. The bindings sit on the internal layers (notation, engine, render,
// app) directly.
#pragma once

#include <pybind11/pybind11.h>

#include <cstddef>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "app/catalog.hpp"
#include "engine/core/replay.hpp"
#include "notation/core/record.hpp"

namespace scribe::python {

// A record as scribe.read() hands it out; Python holds it by shared pointer, so a Game made from
// it keeps it alive.
struct RecordObject {
  std::shared_ptr<const notation::Record> record;
};

// One diagnostic as Python sees it (the members of validate --json's "diagnostics" objects).
struct DiagnosticObject {
  std::string severity;  // "error" or "warning"
  std::string code;
  std::optional<int> line, col;  // none for a diagnostic with no place in the text
  std::optional<int> ply;
  std::string message;
};

// Converts a diagnostic of the replay.
DiagnosticObject diagnostic_object(const notation::Diagnostic& d);

// A replayed record and what was played after it (Game.apply). Its positions are made the first
// time they are asked for (a second replay that keeps them), so replay() costs what validate's
// replay costs.
struct GameData {
  std::shared_ptr<const notation::Record> record;
  engine::ReplayOptions options;
  engine::ReplayResult result;
  const app::CatalogEntry* entry = nullptr;  // the game's catalog entry; null when not replayed
  std::vector<notation::Diagnostic> applied_warnings;  // warnings of plies added by apply()
  // Guards the making of the positions (a Game may be read from several Python threads;
  // apply() is not for concurrent use).
  std::mutex mutex;
  bool positions_ready = false;
  // positions[i]: the position after ply i (0: the start); tokens[i]: the text of ply i + 1.
  std::vector<std::shared_ptr<const engine::State>> positions;
  std::vector<std::string> tokens;
};

// One position of a game: the game and its index in Game.positions.
struct PositionObject {
  std::shared_ptr<GameData> game;
  std::size_t index = 0;
};

// Adds Ply, Record, read() and read_string().
void add_records(pybind11::module_& m);
// Adds Diagnostic, Position, Game, replay() and the exception IllegalMove.
void add_games(pybind11::module_& m);
// Adds _validate_lines(), generate() and games().
void add_runs(pybind11::module_& m);

}  // namespace scribe::python
