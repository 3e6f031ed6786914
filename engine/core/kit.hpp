// Small helpers a game's steps and its position text share (the game kit; the apply skeleton is
// engine/core/typed_state.hpp): stopping a ply at its error, findings on the ply token, the
// game-over message, fields of position text, Setup errors and the value of a tag. Included by
// the games' own files only; defined in game.cpp and names.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.hpp"

namespace scribe::engine {

// Appends `f`, the error that stops the ply, to out.findings and returns false (for the
// `return` of a step of TypedState).
inline bool stop_ply(PlyOutcome& out, Finding f) {
  out.findings.push_back(std::move(f));
  return false;
}

// Makes an error Finding for `length` characters of the token from `offset` (0: to its end).
Finding token_error(std::string code, std::string message, std::uint32_t offset,
                    std::uint32_t length);
// Makes a warning Finding for the whole token.
Finding token_warning(std::string code, std::string message);

// The message of a ply after the end of the game, which ended at ply `ply` with `result`:
// "the game ended at ply 12 (V); no further moves".
std::string game_over_message(int ply, std::string_view result);

// Reads a decimal number of at most `max_digits` digits without sign or leading zeros ("0" is
// one); nothing otherwise. For the row of a cell name and the numbers of position text.
std::optional<int> read_decimal(std::string_view text, std::size_t max_digits);

// The result of position text that is not valid, for `reason`.
PositionResult position_error(std::string reason);

// Returns the value of the tag find_tag() finds (names.hpp), or "" when there is none (a
// player's name).
std::string tag_value(const std::vector<notation::Tag>* tags, std::string_view name, Mode mode);

// Writes one field of position text at the end of `out`: its items separated by commas, or "-"
// when it has none (the stacks of Druid, Savoya and Sava, Druid's lintels and druids).
class ListField {
 public:
  explicit ListField(std::string& out) : out_(out) {}
  // Starts the next item (after a comma unless it is the first); returns the text to append to.
  std::string& item() {
    if (any_) out_ += ',';
    any_ = true;
    return out_;
  }
  // Ends the field: writes "-" when no item was started.
  void end() {
    if (!any_) out_ += '-';
  }

 private:
  std::string& out_;
  bool any_ = false;
};

}  // namespace scribe::engine
