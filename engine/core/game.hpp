// The game interface every scribe game implements.
//
// Three levels, as in OpenSpiel:
//   Game     - static facts: name, sides, option rows, error codes. One object per game.
//   Variant  - a game configured by its options (board, size, players): makes states, reads
//              position text, checks Result values.
//   State    - one position. apply() checks and plays one ply (with its roll, for dice games);
//              clone() copies; position_text() prints it.
//
// The generic layers (replay, app, tests) talk to games only through these classes and plain
// text: moves are passed as the tokens of the record, legal moves come back as canonical text.
// Each game keeps its own typed moves inside.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/option_rows.hpp"
#include "engine/core/random.hpp"
#include "notation/core/record.hpp"
#include "notation/core/source.hpp"

namespace scribe::engine {

using notation::Severity;

// Strict (default) or lenient reading (record-format.md, "Modes").
enum class Mode { kStrict, kLenient };

// What text a Finding points into.
enum class Anchor {
  kToken,  // the ply token (offset/length in characters inside the token)
  kRoll,   // the roll written before the ply, including its parentheses
  kStrayRoll,  // the stray roll of RollText::stray, including its parentheses
  kTag,    // the value of the tag named in Finding::tag (offset/length inside the value);
           // with length 0 and offset 0 the whole value (or the whole tag when it is empty)
};

// A problem found by a game, located relative to the text it was given. The replay turns it
// into a notation::Diagnostic with file, line and column.
struct Finding {
  Severity severity = Severity::kError;
  std::string code;     // e.g. "druid.lintel-shape"
  std::string message;  // in the game's own words
  Anchor anchor = Anchor::kToken;
  std::uint32_t offset = 0;  // character offset inside the anchored text
  std::uint32_t length = 0;  // characters underlined; 0 = to the end of the anchored text
  std::string tag;           // for Anchor::kTag: the tag name ("Options", "Player3", ...)
};

// Makes a Finding for `length` characters from `offset` of the text `anchor` names (length 0:
// to its end).
Finding finding_at(std::string code, std::string message, Anchor anchor, std::uint32_t offset = 0,
                   std::uint32_t length = 0, Severity severity = Severity::kError);
// Makes an error Finding for the whole token.
Finding token_error(std::string code, std::string message);
// Makes a Finding for the whole value of the tag named `tag`.
Finding tag_finding(Severity severity, std::string code, std::string message, std::string tag);

// The roll written before a ply, as the record gives it.
struct RollText {
  std::string_view text;  // between the parentheses, e.g. "3-5"
  // A roll written before `text` with no ply between them (two rolls in a row), between the
  // parentheses; empty when none. Passed only to games that judge stray rolls
  // (GameInfo::dangling_roll).
  std::string_view stray = {};
};

// What happened when a ply was applied.
struct PlyOutcome {
  // True when the ply was played (possibly with warnings). False when an error stopped it; the
  // state is then unchanged.
  bool applied = false;
  // Errors and warnings, in the order of the game's checks.
  std::vector<Finding> findings;
  // The roll the ply was played with, as shown in reports ("4-2", "?" when unknown, "" when the
  // game has no dice).
  std::string roll;
  // Lenient, a ply written without a roll that exactly one roll fits: that roll ("" otherwise),
  // for normalize and dedup.
  std::string inferred_roll;
};

// One outcome of the chance event before the next ply: the roll text as a record writes it
// (without parentheses) and its probability.
struct ChanceOutcome {
  std::string roll;
  double probability = 0;
};

// One part of a move listing (`show --moves`): an optional title and its moves. A listing is a
// sequence of sections; most games list one untitled section.
struct MoveSection {
  std::string title;  // e.g. Sava's "with double spiders"; "" for none
  std::vector<std::string> moves;
};

// Appends `f` (an error) to out.findings for a check that lenient reading relaxes: in lenient
// mode as a warning, and the ply goes on (returns true); in strict mode as the error that
// stops the ply (returns false).
bool relaxed_in_lenient(Finding f, Mode mode, PlyOutcome& out);

// Returns the text of a listing as `show` prints it: each title and each move on a line.
std::string listing_text(const std::vector<MoveSection>& listing);

// What a game says about the position a record ends in, as data for the replay.
struct RecordEnd {
  // A finding about the final position, anchored at the last ply's token (Savoya's mutual pin).
  std::optional<Finding> finding;
  // Canonical results (not "*") that may stand although the game is not over, without a
  // Termination tag (Sava's draw by agreement, R27; Savoya's draw at a mutual pin, R29).
  std::vector<std::string> unfinished_results;
};

// One position of a game.
class State {
 public:
  virtual ~State() = default;

  // Returns an independent copy.
  virtual std::unique_ptr<State> clone() const = 0;

  // Checks the ply `token` (with `roll` when the record gave one) against the rules, in the
  // order of the game's spec, and plays it when it is legal. `mode` selects strict or lenient
  // reading. On an error the state is left unchanged.
  virtual PlyOutcome apply(std::string_view token, const RollText* roll, Mode mode) = 0;

  // Returns the canonical position text (the game's "Position text" section).
  virtual std::string position_text() const = 0;

  // Returns a 64-bit digest of the position, for comparing positions fast (find --position,
  // tree --position): two states whose position_text() is equal have equal digests; unequal
  // digests mean unequal positions, equal ones must still be confirmed by the text. The default
  // hashes position_text(); a game may override it with a digest of part of its arrays (never
  // of anything the text does not show). Never called by validate's replay.
  virtual std::uint64_t position_digest() const;
  // Whether this state may stand in the position of `other`, a state of the same variant: false
  // only when their position texts differ; true must still be confirmed by the texts. The
  // default compares the digests; a game may compare its arrays, stopping at the first
  // difference.
  virtual bool may_be_position_of(const State& other) const {
    return position_digest() == other.position_digest();
  }

  // Returns the name of the side to move ("V", "Horz", "Black", "*" when unknown), or "" when
  // the game is over.
  virtual std::string side_to_move() const = 0;
  // side_to_move() as a view of text that outlives the state (replay asks it before every
  // ply, so a game whose side names are constants saves a string per ply); false when the game
  // has no such text (then ask side_to_move()).
  virtual bool side_to_move_view(std::string_view& out) const {
    (void)out;
    return false;
  }

  // Returns the result once the game is over ("V", "draw", ...), else nothing.
  virtual std::optional<std::string> result() const = 0;

  // Number of plies applied since the start (or since the Setup position).
  virtual int plies_played() const = 0;

  // Returns the chance outcomes of the next ply's roll (empty for games without dice, or when
  // the next ply needs no roll, or the game is over).
  virtual std::vector<ChanceOutcome> chance_outcomes() const { return {}; }

  // Returns every legal ply for the side to move, as canonical text in the game's order. For
  // dice games `roll` is the roll to play with (as written in a record, without parentheses);
  // games without dice ignore it.
  virtual std::vector<std::string> legal_moves(std::string_view roll) const = 0;

  // Returns the listing of `show --moves` as sections. The default is one untitled section of
  // legal_moves(roll); a game whose spec asks for sections (Sava's normal moves and `*`, then
  // the turncoat moves under a title) overrides it.
  virtual std::vector<MoveSection> move_listing(std::string_view roll) const;

  // Returns one legal ply for `roll` drawn with `rng` (for `generate`), or "" when there is
  // none. The default draws uniformly from legal_moves(roll); games whose lists can be huge
  // (Savoya's multi-die plays) override it with a direct random walk. Deterministic for the
  // state of `rng`.
  virtual std::string random_move(std::string_view roll, Random& rng) const;

  // Plays one random ply for `generate`: draws its roll from chance_outcomes() (into `roll`, ""
  // when the game has no dice) and one legal ply for it (into `move`, canonical text), then
  // plays it. Returns false, with the state unchanged, when there is no ply to draw. `roll` and
  // `move` are buffers the caller reuses. The default draws with random_move and plays the text
  // through apply(); a game may play the drawn move directly, without reading its text back.
  virtual bool play_random(Random& rng, std::string& roll, std::string& move);

  // Returns the canonical text of the ply `token` as it would be played here (ends in cell
  // order, lower case, ...), or nothing when the token does not parse. Does not check rules.
  virtual std::optional<std::string> canonical_move(std::string_view token) const = 0;

  // apply(), and when the ply is played also its canonical text in `canonical`: what
  // canonical_move(token) gave before the ply (the token as written when that gave nothing), for
  // dedup's keys. The default asks canonical_move and then apply(); a game may take the text
  // from its own check of the ply instead of reading the token twice.
  virtual PlyOutcome apply_canonical(std::string_view token, const RollText* roll, Mode mode,
                                     std::string& canonical);

  // Returns the game's text board for `show` (its spec's "Text board" section): the grid only,
  // ending with a newline.
  virtual std::string text_board() const = 0;
  // Returns the other facts the game's spec lists below its board (dice, captured pieces,
  // players and druids), one line each, ending with a newline; `show` prints them after the
  // position and the side to move (cli.md). Default: none.
  virtual std::string text_facts() const { return {}; }

  // Returns what the game says about a record that ends in this position (after its last ply,
  // when replay did not stop). Default: nothing.
  virtual RecordEnd record_end() const { return {}; }

  // The last ply applied (as written) and the side that played it; empty before the first.
  virtual std::string last_move_text() const = 0;
  virtual std::string last_mover() const = 0;
};

// Checks of a Result tag value.
struct ResultCheck {
  enum class Kind { kOk, kAlias, kBad };
  Kind kind = Kind::kBad;
  std::string canonical;  // the canonical value ("V", "draw", "*") for kOk and kAlias
};

// Result of reading position text.
struct PositionResult {
  std::unique_ptr<State> state;  // set on success
  std::string error;             // the reason when state is null
};

// A game configured by its options.
class Variant {
 public:
  virtual ~Variant() = default;

  // Number of players (2..4).
  virtual int num_players() const = 0;
  // Whether plies carry chance rolls written as `(...)` in the record.
  virtual bool has_dice() const = 0;
  // Human name of the configuration, e.g. "Druid's Hex, size 5".
  virtual std::string describe() const = 0;
  // The normalised option string (as `generate` would write it; "" for the defaults).
  virtual std::string options_text() const = 0;

  // Returns the start position.
  virtual std::unique_ptr<State> initial_state() const = 0;
  // Reads position text (Setup tag, `render --setup`). Checks it against this configuration.
  virtual PositionResult parse_position(std::string_view text) const = 0;

  // Checks a Result tag value: a side name of this configuration, "draw" or "*" (kOk); in
  // lenient mode another case or a listed alias (kAlias); otherwise kBad.
  virtual ResultCheck check_result(std::string_view value, Mode mode) const = 0;
  // Warnings every record of this configuration gets at its tags (savoya.reconstructed-board).
  virtual std::vector<Finding> notices() const { return {}; }
  // The ply count after which random play (`generate`) stops a game that has not ended.
  virtual int generate_ply_limit() const { return 1000; }
};

// What configure() is given.
struct VariantRequest {
  std::string_view game_name;  // the Game value as read (canonical lower case), e.g. "savoy"
  std::string_view options;    // the Options value ("" when absent)
  const std::vector<notation::Tag>* tags = nullptr;  // all tags of the record (PlayerN, ...)
  Mode mode = Mode::kStrict;
};

// What configure() returns: a variant, or findings (record.bad-option, anchored at a tag), or
// both when only warnings were found.
struct VariantResult {
  std::unique_ptr<Variant> variant;
  std::vector<Finding> findings;
};

// One error or warning code of a game (for `scribe games`).
struct CodeDoc {
  std::string code;  // "druid.lintel-shape"
  std::string severity;
  std::string meaning;
};

// Static facts about a game.
struct GameInfo {
  std::string name;                     // "druid"
  std::vector<std::string> names;       // every Game tag value accepted ("savoya", "savoy")
  std::string title;                    // "Druid"
  std::vector<std::string> side_names;  // every side name any configuration uses
  std::vector<OptionRow> options;       // the rows of the Options tag (option_rows.hpp)
  std::vector<CodeDoc> codes;
  bool has_dice = false;
  // For a dice game that judges stray rolls itself (two rolls in a row, a roll with no ply
  // after it; Sava's ruling R31) instead of the container's record.bad-token: makes the error
  // for a roll written at the end of the record (`roll` between the parentheses), anchored
  // kStrayRoll; a roll before another roll reaches the game's apply() as RollText::stray. Null
  // for the games that leave stray rolls to the container.
  Finding (*dangling_roll)(std::string_view roll) = nullptr;
};

// A game: its facts and its configurations.
class Game {
 public:
  virtual ~Game() = default;
  virtual const GameInfo& info() const = 0;
  // Reads the Options tag (and Player tags) into a configuration (record-format.md C8).
  virtual VariantResult configure(const VariantRequest& request) const = 0;
};

}  // namespace scribe::engine
