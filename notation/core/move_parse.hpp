// The one result shape of every game's move parser (notation/games/<g>/<g>_notation.hpp):
// the parsed move, or where and why the token does not read as one. PEGTL-free.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace scribe::notation {

// Where and why a ply token does not read as a move.
struct MoveSyntaxError {
  // Character offset in the token of the first character no reading accepts (the token's
  // length when it ends too early).
  std::uint32_t offset = 0;
  std::uint32_t length = 1;  // characters to underline
  // The grammar's own words on what was expected, for the grammars that carry an error table
  // (Savoya, Sava); "" when the engine words the message itself (Druid, Soccolot).
  std::string message;
  // A well-formed name that names nothing on the board (Sava's sava.not-a-space).
  bool unknown_name = false;
};

// The result of reading one ply token: `move` on success, otherwise `error`.
template <typename Move>
struct MoveParse {
  std::optional<Move> move;
  MoveSyntaxError error;
};

}  // namespace scribe::notation
