// Positions and games: replaying a record, the positions it passes through, legal moves,
// applying a move, and position text in and out.
//
//   scribe::Game game = scribe::replay(record);
//   if (!game.valid()) for (const auto& d : game.diagnostics()) std::cerr << d.full_text();
//   scribe::Position last = game.position(game.position_count() - 1);
//   for (const std::string& move : last.legal_moves()) { ... last.apply(move) ... }
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "scribe/diagnostic.hpp"
#include "scribe/export.hpp"
#include "scribe/record.hpp"

namespace scribe {

// Strict reading (the default) or lenient reading, which accepts common slips (a tag name in
// another case, a result alias, an unknown roll) with a warning instead of an error.
enum class Mode { kStrict, kLenient };

// One group of legal moves as `scribe show --moves` lists them; most games list one untitled
// group, Sava lists its turncoat moves under a title of their own.
struct MoveGroup {
  std::string title;  // "" for the untitled group
  std::vector<std::string> moves;
};

// One position of a game: an immutable value (copies share their data; apply() makes a new
// one). Made by a replay (Game::position), from position text (Position::from_text) or at the
// start of a game (Position::start).
class SCRIBE_API Position {
 public:
  struct Data;  // the library's own view of the position

  // The start position of `game` ("druid", "savoya", "sava", "soccolot", or another name
  // the game accepts) configured by `options` (as the Options tag writes them, "" for the
  // defaults). Throws scribe::Error for an unknown game or unusable options.
  static Position start(std::string_view game, std::string_view options = "");
  // Reads a position text (as `scribe show` prints after "position:"). Its game is its first
  // word unless `game` is given. Throws scribe::Error when the text does not read.
  static Position from_text(std::string_view text, std::string_view game = "",
                            std::string_view options = "");

  // The canonical game name ("druid", ...), and the options in force ("" for the defaults).
  std::string game() const;
  std::string options() const;
  // The canonical position text; from_text() reads it back to an equal position.
  std::string text() const;
  // The game's text board (the grid only), ending with a newline.
  std::string board() const;
  // The other facts the game shows below its board (dice, captured pieces, players), one per
  // line; "" when none.
  std::string facts() const;
  // The side to move ("V", "Horz", "Black", "*" when not yet known); "" when the game is over.
  std::string side_to_move() const;
  // The result once the game is over ("V", "draw", ...), else nothing. For the last position
  // of a replayed record this is also a result the record's tags make stand (a Termination).
  std::optional<std::string> result() const;
  // Plies played since the start (or since the position text's own count).
  int ply() const;
  // The last ply played (as written) and the side that played it; "" at the start.
  std::string last_move() const;
  std::string last_mover() const;

  // Whether the game rolls dice before a ply.
  bool has_dice() const;
  // The rolls the next ply can be played with, as a record writes them ("3-5"); empty when
  // none is to be made (no dice, or the game is over).
  std::vector<std::string> rolls() const;
  // Every legal ply for the side to move, as canonical move text in the game's order; for a
  // dice game, with `roll` (one of rolls()). Empty when the game is over.
  std::vector<std::string> legal_moves(std::optional<std::string_view> roll = std::nullopt) const;
  // The same moves in the groups `scribe show --moves` prints.
  std::vector<MoveGroup> move_groups(std::optional<std::string_view> roll = std::nullopt) const;
  // The position after playing `move` (a move token as a record writes it) with `roll` (dice
  // games; nothing when unknown). Throws scribe::IllegalMove with the game's diagnostic when
  // the move is illegal or does not read; warnings (lenient mode) do not throw.
  Position apply(std::string_view move, std::optional<std::string_view> roll = std::nullopt,
                 Mode mode = Mode::kStrict) const;

  // For the library itself.
  explicit Position(std::shared_ptr<const Data> data);
  const Data& data() const { return *data_; }

 private:
  std::shared_ptr<const Data> data_;
};

// How to replay a record.
struct ReplayOptions {
  Mode mode = Mode::kStrict;
  // For records without a Game tag: the game to read them as ("" for none: they are invalid),
  // and the options of records of that game that have no Options tag.
  std::string game;
  std::string options;
  // Keep every position (Game::position for each ply). When false only the final position is
  // kept, which is faster when only the diagnostics matter.
  bool keep_positions = true;
};

// A replayed record: its diagnostics, its result and the positions it passed through.
class SCRIBE_API Game {
 public:
  struct Data;  // the library's own view of the replay

  // The record replayed.
  const Record& record() const;
  // Whether the record has no error (warnings allowed).
  bool valid() const;
  int errors() const;
  int warnings() const;
  // Every diagnostic, in the order `scribe validate` reports them.
  std::vector<Diagnostic> diagnostics() const;
  // The diagnostics that concern ply `ply` (1-based).
  std::vector<Diagnostic> diagnostics_of_ply(int ply) const;
  // The canonical game name and the options in force; nothing when the tags did not name a
  // usable game.
  std::optional<std::string> game() const;
  std::optional<std::string> options() const;
  // Whether the plies were replayed (false when an error at the tags kept the record from it).
  bool replayed() const;
  // The plies replayed before the first illegal one (all of them for a valid record).
  int plies() const;
  // The result the record stands at ("V", "draw", "*", ...) and how it ended ("play", the
  // Termination tag's value, or nothing).
  std::string result() const;
  std::optional<std::string> termination() const;
  // The text of the final position, when replayed.
  std::optional<std::string> final_position() const;
  // Number of positions kept: plies() + 1 with keep_positions (the start and one after each
  // legal ply), 1 without it (the final position), 0 when not replayed.
  std::size_t position_count() const;
  // Position i: with keep_positions the position after ply i (0 = the start); without it only
  // the final position (i = 0). Throws std::out_of_range past position_count().
  Position position(std::size_t i) const;

  // For the library itself.
  explicit Game(std::shared_ptr<const Data> data);
  const Data& data() const { return *data_; }

 private:
  std::shared_ptr<const Data> data_;
};

// Replays one record: reads its tags, configures its game, plays every ply with its roll and
// checks its result, as `scribe validate` does.
SCRIBE_API Game replay(const Record& record, const ReplayOptions& options = {});

// One game this library knows.
struct GameInfo {
  std::string name;                // canonical name, e.g. "savoya"
  std::vector<std::string> names;  // every Game tag value it accepts ("savoya", "savoy")
  std::string title;               // "Savoya"
  bool has_dice = false;
  std::vector<std::string> styles;  // drawing styles; the first is the default
};

// Every game of this build, in a fixed order.
SCRIBE_API std::vector<GameInfo> games();

}  // namespace scribe
