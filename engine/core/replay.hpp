// Replay: one record -> its timeline of positions and its diagnostics (record-format.md C1-C9).
//
// replay() reads the tags (Game, Options, Setup, Result, Termination, PlayerN), configures the
// game, applies every ply with its roll, checks move numbers and the result, and returns every
// diagnostic in the order of C2 with its file location, source line and context line filled.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "notation/core/record.hpp"

namespace scribe::engine {

// The games replay can find by the Game tag.
using GameList = std::vector<const Game*>;

// Finds the game whose names include `name` exactly; nullptr when none.
const Game* find_game(const GameList& games, std::string_view name);

struct ReplayOptions {
  Mode mode = Mode::kStrict;
  std::string default_game;     // --game: for records without a Game tag
  std::string default_options;  // --options: for records whose game is default_game or none
  bool keep_positions = false;  // fill ReplayResult::positions
  // When set: called with the start position (0) and the position after each legal ply (its
  // number), in order, so a caller can look at every position without keeping copies. The
  // result so far gives the game and the variant.
  std::function<void(const struct ReplayResult&, const State&, int)> on_position;
  // When set: called after each legal ply (before on_position) with its number, its
  // canonical text, as State::apply_canonical gives it (the game's own check, no second read),
  // and the roll a lenient ply written without one must have had (PlyOutcome::inferred_roll).
  std::function<void(int, std::string_view, std::string_view)> on_canonical_ply;
  int max_plies = 100000;  // a record with more plies stops with record.limit
  // Whether to write ReplayResult::final_position. The final state is kept either way, and
  // final_position_text() works the text out when asked: a caller that may not need it (the
  // command line prints it only in JSON) saves writing a position per record, 14 % of the
  // instructions of validating Druid.
  bool final_position = true;
};

struct ReplayResult {
  std::optional<std::string> game;     // canonical game name; none when missing or unusable
  std::optional<std::string> options;  // the options in force; none when the game is unusable
  std::vector<notation::Diagnostic> diagnostics;  // in C2 order, complete
  int errors = 0;
  int warnings = 0;
  bool replayed = false;  // false when an error at the tags kept the record from replaying
  int plies = 0;          // plies replayed before the first illegal one
  std::string result = "*";                // the result the record stands at (C6)
  std::optional<std::string> termination;  // "play", the Termination value, or none
  std::optional<std::string> final_position;
  std::unique_ptr<Variant> variant;
  // With keep_positions: positions[i] is the position after ply i (positions[0] the start).
  std::vector<std::unique_ptr<State>> positions;
  // The final state (the position after the last legal ply), when replayed.
  std::unique_ptr<State> final_state;

  bool valid() const { return errors == 0; }
  // final_position, or the final state's text when it was not written (a replay without
  // ReplayOptions::final_position); none when the record was not replayed.
  std::optional<std::string> final_position_text() const {
    if (final_position) return final_position;
    if (final_state) return final_state->position_text();
    return std::nullopt;
  }
};

// Replays one record.
ReplayResult replay(const GameList& games, const notation::Record& record,
                    const ReplayOptions& options);

// Formats the context line "record N (line L)" or "record N (line L), ply P, S to move[, roll R]".
std::string context_line(const notation::Record& record, std::optional<int> ply,
                         std::string_view side, std::string_view roll);

}  // namespace scribe::engine
